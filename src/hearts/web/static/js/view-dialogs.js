// View: the dialogs (end of a hand, game over, scores, moon choice, "leave this game?", stats, settings, help).
import { $, $$, app, inProgress, joinNames, me, players, view } from "./state.js";
import { getLanguage, t } from "./i18n.js";
import { fitScoreTables, handNotes, handSummary, moonText, ordinal, scoreSheet, totalsChart } from "./view-scores.js";
import { renderHelp } from "./content.js";
import { teamTotals } from "./family.js";
import { renderStatus } from "./view-table.js";
import { showDialog } from "./messages.js";
import * as sound from "./sound.js";
import * as store from "./store.js";
import { variantName } from "./options.js";

export function showHandEnd() {
  const v = view();
  if (!v || !v.results.length) return;
  const r = v.results.at(-1);
  $("#hand-end-title").textContent = t("hand_over", { n: r.hand + 1 });
  const m = moonText(r);
  $("#hand-end-moon").hidden = !m;
  $("#hand-end-moon").textContent = m;
  $("#hand-end-body").innerHTML = handNotes(r) + handSummary(r, v) + scoreSheet(v, true);
  fitScoreTables(showDialog("hand-end"));
  $('[data-action="next-hand"]').focus();
}

export function showScores() {
  if (!view()) return;
  $("#scores-chart").innerHTML = totalsChart(view());
  $("#scores-body").innerHTML = scoreSheet(view());
  const review = $('[data-action-review="scores"]'); // review.js's button: for a finished hand only
  if (review) review.hidden = !(view().results || []).length;
  fitScoreTables(showDialog("scores"));
}

export function showGameOver() {
  const v = view();
  if (!v) return;
  // the daily results (review.js) compare this game's total with the day's first one
  $('dialog[data-dialog="game-over"]').dataset.userTotal = String(v.totals[me()]);
  const winners = v.winners || [];
  const won = winners.includes(me()) && !app.spectator; // (a person away from the seat won or lost too)
  const teams = teamTotals(v);
  const mine = teams.find((x) => x.seats.includes(me()));
  let text;
  let place;
  if (mine) { // partners win and place together, by their team's total
    const partners = mine.seats.filter((s) => s !== me());
    const wonTogether = won && winners.length === mine.seats.length;
    text = wonTogether ? t("you_win_team", { names: joinNames(partners) })
      : t(winners.length > 1 ? "winner_team" : "winner_one", { names: joinNames(winners) });
    const k = 1 + teams.filter((x) => x.total < mine.total).length;
    place = t("your_place_team", { names: joinNames(mine.seats), place: ordinal(k), n: teams.length, total: mine.total });
  } else {
    text = won && winners.length === 1 ? t("you_win")
      : t(winners.length > 1 ? "winner_many" : "winner_one", { names: joinNames(winners) });
    const k = 1 + v.totals.filter((x) => x < v.totals[me()]).length;
    place = t("your_place", { place: ordinal(k), n: players(), total: v.totals[me()] });
  }
  $("#game-over-winners").textContent = text;
  $("#game-over-place").textContent = app.spectator ? "" : place;
  const r = v.results.at(-1);
  const m = r ? moonText(r) : "";
  const last = r ? handSummary(r, v) : "";
  $("#game-over-chart").innerHTML = totalsChart(v);
  $("#game-over-body").innerHTML = (m ? `<p class="moon-note">${m}</p>` : "") + (r ? handNotes(r) : "") + last +
    scoreSheet(v, true);
  fitScoreTables(showDialog("game-over"));
  if (app.state && app.cur) {
    store.recordResult(app.state.id, app.state.variant, app.state.players, won, v.totals[0]);
  }
}

export function maybeShowPhaseDialog(fromEvents) {
  const v = view();
  if (!v) return;
  if (v.phase === "game-over") {
    showGameOver();
    if (fromEvents) sound.play(v.winners.includes(me()) ? "win" : "lose");
  } else if (v.phase === "deal" && v.results.length) {
    showHandEnd();
  } else if (v.phase === "moon-choice" && v.turn === me() && !app.watching) {
    const p = v.points_taken[me()];
    $('[data-action="moon-add"]').textContent = t("moon_add", { p });
    $('[data-action="moon-subtract"]').textContent = t("moon_sub", { p });
    showDialog("moon");
  }
  renderStatus(); // no "show the scores" panel behind the dialog just opened
}


let confirmResolve = null;

/**
 * Ask before an unfinished game is thrown away. kind: "new" | "restart" | "link".
 * Resolves true to go on, false to keep the game. Opens above any open dialog (the options form stays).
 */
export function askLeave(kind, params) {
  const d = $('dialog[data-dialog="confirm"]');
  $("#confirm-title").textContent = t(kind === "restart" ? "confirm_restart_title" : "confirm_title");
  $("#confirm-text").textContent = t(`confirm_${kind}`, params);
  $('[data-action="confirm"]').textContent = t(`confirm_${kind}_ok`);
  $('[data-action="cancel-confirm"]').textContent = t("confirm_keep");
  if (confirmResolve) confirmResolve(false);
  return new Promise((resolve) => {
    confirmResolve = resolve;
    if (!d.open) d.showModal();
    $('[data-action="cancel-confirm"]').focus();
  });
}

export function answerConfirm(yes) {
  const d = $('dialog[data-dialog="confirm"]');
  const resolve = confirmResolve;
  confirmResolve = null;
  if (d.open) d.close();
  if (resolve) resolve(yes);
}

/** true when nothing would be lost, or the user agreed to leave the game on the table. */
export async function mayLeave(kind) {
  const v = view();
  if (!app.cur || !inProgress(v)) return true;
  return askLeave(kind, { n: app.state.game });
}


export function renderStats() {
  const st = store.loadStats();
  // one column per variant and table size; games counted before sizes were kept come last
  const order = app.catalog.variants.map((x) => x.name);
  const keys = Object.keys(st.tables).sort((a, b) => {
    const [va, pa] = [st.tables[a].variant, st.tables[a].players];
    const [vb, pb] = [st.tables[b].variant, st.tables[b].players];
    return ((order.indexOf(va) + 1 || 99) - (order.indexOf(vb) + 1 || 99)) || ((pa ?? 99) - (pb ?? 99));
  });
  if (!keys.length) { $("#stats-body").innerHTML = `<p>${t("st_none")}</p>`; return; }
  const head = keys.map((k) => {
    const x = st.tables[k];
    const size = x.players ? t("st_players", { n: x.players }) : t("st_legacy");
    return `<th scope="col">${variantName(x.variant)}<br><span class="stat-size">${size}</span></th>`;
  }).join("");
  const row = (key, label, fmt) => `<tr><th scope="row">${label}</th>` + keys.map((k) =>
    `<td data-stat="${key}" data-variant="${st.tables[k].variant}" data-players="${st.tables[k].players ?? "all"}">` +
    `${fmt(st.tables[k])}</td>`).join("") + "</tr>";
  $("#stats-body").innerHTML = `<div class="scores-wrap"><table class="scores stats-table"><thead><tr><th></th>${head}</tr></thead><tbody>` +
    row("played", t("st_played"), (v) => v.played) +
    row("wins", t("st_wins"), (v) => v.wins) +
    row("rate", t("st_rate"), (v) => (v.played ? `${Math.round((100 * v.wins) / v.played)}%` : "–")) +
    row("best", t("st_best"), (v) => (v.best === null ? "–" : v.best)) +
    row("streak", t("st_streak"), (v) => v.streak) +
    row("longest", t("st_longest"), (v) => v.longest) + "</tbody></table></div>";
}

export function selectHtml(nameAttr, values, current, label) {
  return `<select name="${nameAttr}" id="f-${nameAttr}">` + values.map((v) =>
    `<option value="${v}"${String(v) === String(current) ? " selected" : ""}>${label(v)}</option>`).join("") +
    "</select>";
}

export function renderSettings() {
  const s = app.settings;
  const f = $("#settings-form");
  f.innerHTML =
    `<label for="f-table">${t("table_colour")}</label>` +
    selectHtml("table", ["green", "blue", "red", "grey"], s.table, (v) => t(`colour_${v}`)) +
    `<label for="f-back">${t("card_back")}</label>` +
    selectHtml("back", ["blue", "red", "green", "black"], s.back, (v) => t(`back_${v}`)) +
    `<label for="f-fourColour">${t("four_colour")}</label><input type="checkbox" name="fourColour" id="f-fourColour"${s.fourColour ? " checked" : ""}>` +
    `<label for="f-sound">${t("sound")}</label><input type="checkbox" name="sound" id="f-sound"${s.sound ? " checked" : ""}>` +
    `<label for="f-autoPlay">${t("auto_play")}</label><input type="checkbox" name="autoPlay" id="f-autoPlay"${s.autoPlay ? " checked" : ""}>` +
    `<label for="f-speed">${t("speed")}</label>` +
    selectHtml("speed", ["slow", "normal", "fast", "off"], s.speed, (v) => t(`speed_${v}`)) +
    `<label for="f-lang">${t("lang_setting")}</label>` +
    selectHtml("lang", ["en", "ja"], getLanguage(), (v) => (v === "ja" ? "日本語" : "English"));
}

export function applySettings() {
  const s = app.settings;
  document.body.classList.remove("table-green", "table-blue", "table-red", "table-grey");
  document.body.classList.add(`table-${s.table}`);
  document.body.dataset.fourColour = s.fourColour ? "true" : "false";
  sound.setSoundEnabled(s.sound);
}

let helpTab = "rules";

export function showHelp(tab) {
  helpTab = tab || helpTab;
  for (const b of $$("[data-tab]")) {
    const on = b.dataset.tab === helpTab;
    b.setAttribute("aria-selected", on ? "true" : "false");
    b.tabIndex = on ? 0 : -1; // one tab stop: the selected tab (arrow keys move between tabs)
  }
  $("#help-body").innerHTML = renderHelp(helpTab, getLanguage(), app.catalog);
  $("#help-body").dataset.section = helpTab;
  $("#help-body").setAttribute("aria-labelledby", `tab-${helpTab}`);
  const d = showDialog("help");
  d.dataset.section = helpTab;
  // the focus (and its ring) goes with the selected tab, not the first one the dialog would pick
  const sel = $(`[data-tab="${helpTab}"]`, d);
  if (sel && document.activeElement !== sel) sel.focus();
}
