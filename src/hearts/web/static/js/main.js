// The Hearts page's controller: takes each State (applyState), plays its events (events.js), draws it (the
// view-*.js modules), sends the user's moves through the transport (transport.js; at a table with friends
// table.js's WebSocket), and wires the page's buttons and keys to handlers. The same page is the table with
// friends (/t/{id}): table.js feeds it the table's states and the seat map is turned so that the viewer
// (app.me) sits at the bottom.
import { $, $$, app, canPlayNow, canSelectNow, currentSettings, inProgress, name, pace, players, setBusy, sleep, view } from "./state.js";
import { ApiError, api } from "./api.js";
import { animateEvents } from "./events.js";
import { answerConfirm, applySettings, askLeave, maybeShowPhaseDialog, renderSettings, renderStats, showGameOver, showHandEnd, showHelp, showScores } from "./view-dialogs.js";
import { carried } from "./family.js";
import { describeGame, readUrl, sameGame, syncUrl, syncUrlLanguage } from "./url.js";
import { askedNow, doDaily, doDownload, doHint, doNewGame, doPass, doRestart, newGame, onCardClick } from "./actions.js";
import { drawTrick, renderAll, renderHeader, renderSeats, renderStatus, showLastTrick, toggleTaken } from "./view-table.js";
import { focusHand, layoutHand, renderHand } from "./view-hand.js";
import { getLanguage, initialLanguage, setLanguage, t, translatePage, urlLanguage } from "./i18n.js";
import { hideToast, notice, placeToast, reasonText, showDialog, toast } from "./messages.js";
import { installCardDefs } from "./cards.js";
import { normaliseVariants } from "./options.js";
import { readOptionsForm, renderOptionsForm, startFromForm, updateOptionRelevance } from "./options-form.js";
import * as sound from "./sound.js";
import { startTable } from "./table.js";
import { soloTx } from "./transport.js";
import { answerGiveUp, askGiveUp } from "./giveup.js";
import { installBack } from "./back.js";
import * as store from "./store.js";

/** Take a new State: keep it, animate its events, then draw it and open any dialog it calls for. */
export async function applyState(state, { animate = true } = {}) {
  const gen = ++app.gen;
  const before = view();
  const asked = askedNow();
  const wasBroken = before && before.hearts_broken;
  if (animate && state.events && state.events.length) setBusy(true); // (at a table no request made it busy)
  // seats out of cards before these events (Domino Hearts); the others are marked as their last card shows
  app.outShown = before && before.hand_index === state.view.hand_index && before.phase === "play"
    ? [...(before.out_order || [])] : [];
  app.state = state;
  // the seats count a trick once it is gathered on the table, not when the State arrives (that told who won
  // the trick still being played out)
  app.heldTricks = animate ? (state.events || []).filter((e) => e.type === "trick" && e.hand === state.view.hand_index) : [];
  if (state.token) {
    app.cur = {
      id: state.id, token: state.token, game: state.game, variant: state.variant, players: state.players,
      options: state.options, level: state.level,
    };
    store.saveCurrent(app.cur);
    syncUrl();
  } else if (app.cur && app.cur.id === state.id) {
    app.cur.options = state.options;
  }
  if (askedNow() !== asked || !asked) app.hinted.clear(); // a hint lasts while its question does
  if (state.view.phase !== "pass") app.selected = [];
  renderHeader();
  renderSeats();
  renderHand(); // the new hand, all cards waiting while the others play
  const carry0 = before && before.hand_index === state.view.hand_index ? carried(before).n : 0;
  if (animate && state.events && state.events.length) await animateEvents(state.events, gen, carry0);
  if (gen !== app.gen) return; // a newer state took over while this one was animating
  app.shown = state.view.trick.map((x) => ({ seat: x.seat, card: x.card, pack: x.pack }));
  drawTrick();
  app.outShown = null;
  app.heldTricks = [];
  setBusy(false);
  renderAll();
  if (!wasBroken && state.view.hearts_broken && before && before.hand_index === state.view.hand_index) sound.play("hearts");
  maybeShowPhaseDialog(animate);
  document.body.dataset.phase = state.view.phase;
  document.body.dataset.version = String(state.version);
  if (canPlayNow() || canSelectNow()) focusHand(false);
  if (app.table) app.table.rendered();
  if (canPlayNow() && app.settings.autoPlay && state.view.legal.length === 1 && !$("dialog[open]")) {
    await autoPlay(state.view.legal[0], gen);
  }
}

/** The setting "play the only legal card": play it after a short pause (the page stays busy meanwhile). */
export async function autoPlay(card, gen) {
  setBusy(true);
  app.autoCard = card;
  renderStatus();
  await sleep(Math.max(350, pace().play));
  app.autoCard = null;
  if (gen !== app.gen) return;
  setBusy(false);
  if (canPlayNow() && view().legal.length === 1 && view().legal[0] === card && !$("dialog[open]")) onCardClick(card);
  else renderAll();
}

export async function act(fn, { optimistic } = {}) {
  if (app.busy) return;
  setBusy(true);
  if (optimistic) optimistic();
  const gen = app.gen;
  try {
    const state = await fn();
    if (gen !== app.gen) return; // the user moved on (new game, restart) meanwhile
    if (!state) return; // at a table: the new state comes over the WebSocket (busy until then)
    notice("");
    await applyState(state);
  } catch (e) {
    if (gen === app.gen) await handleError(e);
  }
}

export async function handleError(e) {
  console.error(e);
  if (e instanceof ApiError && e.status === 409) {
    toast(reasonText(e.code, e.message), "error", e.code);
    sound.play("error");
  } else if (e instanceof ApiError && e.status === 0) {
    toast(t("error_net"));
  } else {
    toast(e.message || String(e));
  }
  // re-read the authoritative state
  if (app.cur) {
    try {
      const s = await api.get(app.cur.id, app.cur.token);
      await applyState(s, { animate: false });
      return;
    } catch (e2) { /* fall through */ }
  }
  setBusy(false);
  renderAll();
}


export function onSettingsChange(e) {
  const el = e.target;
  if (el.name === "lang") { switchLanguage(el.value); return; }
  app.settings[el.name] = el.type === "checkbox" ? el.checked : el.value;
  store.saveSettings(app.settings);
  applySettings();
  drawTrick();
  renderAll();
}

export function switchLanguage(l) {
  setLanguage(l || (getLanguage() === "ja" ? "en" : "ja"));
  syncUrlLanguage();
  translatePage();
  if (app.table) app.table.language(); // the table's forms
  drawTrick();
  renderAll();
  for (const d of $$("dialog[open]")) {
    const which = d.dataset.dialog;
    if (which === "settings") renderSettings();
    else if (which === "stats") renderStats();
    else if (which === "help") showHelp();
    else if (which === "scores") showScores();
    else if (which === "new-game-form") renderOptionsForm(readOptionsForm());
    else if (which === "hand-end") showHandEnd();
    else if (which === "game-over") showGameOver();
  }
}


export function onKey(e) {
  const hand = $("#hand");
  if (e.key === "Escape" && $(".toolbar").classList.contains("open")) {
    toggleMenu(false);
    $('[data-action="menu"]').focus();
    return;
  }
  if (hand.contains(e.target) && e.target.classList.contains("card")) {
    const cards = $$(".card", hand);
    const i = cards.indexOf(e.target);
    let j = -1;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") j = Math.min(cards.length - 1, i + 1);
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") j = Math.max(0, i - 1);
    else if (e.key === "Home") j = 0;
    else if (e.key === "End") j = cards.length - 1;
    if (j >= 0) {
      e.preventDefault();
      cards.forEach((c) => { c.tabIndex = -1; });
      cards[j].tabIndex = 0;
      cards[j].focus();
      app.focusCard = cards[j].dataset.card;
      return;
    }
  }
  if (e.target.getAttribute && e.target.getAttribute("role") === "tab" &&
      ["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) {
    const tabs = $$("[data-tab]");
    const i = tabs.indexOf(e.target);
    const j = e.key === "Home" ? 0 : e.key === "End" ? tabs.length - 1
      : (i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length;
    e.preventDefault();
    showHelp(tabs[j].dataset.tab);
    return;
  }
  if ($("dialog[open]") || e.ctrlKey || e.metaKey || e.altKey) return;
  const tag = (e.target.tagName || "").toLowerCase();
  if (tag === "input" || tag === "select" || tag === "textarea") return;
  if (e.key === "h" || e.key === "H") { e.preventDefault(); doHint(); }
  else if (e.key === "c" || e.key === "C") { e.preventDefault(); focusHand(true); }
  else if (e.key === "t" || e.key === "T") toggleTaken();
  else if (e.key === "l" || e.key === "L") showLastTrick();
  else if ((e.key === "p" || e.key === "P") && canSelectNow()) doPass();
}

/** The phone's menu of the less used toolbar buttons (on a desktop they are all shown). */
export function toggleMenu(open) {
  const bar = $(".toolbar");
  const on = open ?? !bar.classList.contains("open");
  bar.classList.toggle("open", on);
  $('[data-action="menu"]').setAttribute("aria-expanded", on ? "true" : "false");
  if (on) { const first = $("#menu-items button"); if (first) first.focus(); }
}

export function wire() {
  // how the user is playing: the focus ring on a card is drawn for the keyboard, not after a tap or click
  document.addEventListener("pointerdown", () => { document.body.dataset.input = "pointer"; }, true);
  // a touch screen has no mouse to move first: its card focused on load is drawn flat from the start
  if (matchMedia("(pointer: coarse)").matches) document.body.dataset.input = "pointer";
  // a mouse moved before any key or tap: the card focused on load is not drawn raised either
  document.addEventListener("pointermove", () => {
    if (!document.body.dataset.input) document.body.dataset.input = "pointer";
  }, { capture: true, once: true });
  document.addEventListener("keydown", () => { document.body.dataset.input = "keyboard"; }, true);
  $(".skip-link").addEventListener("click", (e) => { e.preventDefault(); focusHand(true); });
  $("#hand").addEventListener("click", (e) => {
    const b = e.target.closest(".card");
    if (b) onCardClick(b.dataset.key || b.dataset.card);
  });
  document.addEventListener("keydown", onKey);
  document.addEventListener("click", (e) => {
    const btn = e.target.closest("[data-action], [data-close], [data-tab]");
    if ($(".toolbar").classList.contains("open") && !(btn && btn.dataset.action === "menu")) toggleMenu(false);
    if (!btn) return;
    if (btn.hasAttribute("data-close")) { btn.closest("dialog").close(); return; }
    if (btn.dataset.tab) { showHelp(btn.dataset.tab); return; }
    const a = btn.dataset.action;
    if (a !== "language") hideToast();
    const handlers = {
      pass: doPass,
      hint: doHint,
      "new-game": doNewGame,
      "next-game": doNewGame,
      restart: doRestart,
      "play-again": doRestart,
      daily: doDaily,
      download: doDownload,
      "download-final": doDownload,
      language: () => switchLanguage(),
      "last-trick": showLastTrick,
      taken: () => toggleTaken(),
      menu: () => toggleMenu(),
      "next-hand": () => {
        app.shown = [];
        drawTrick();
        act(() => app.tx.nextHand()); // busy at once, so closing shows no panel
        $('dialog[data-dialog="hand-end"]').close();
      },
      "show-hand-end": showHandEnd,
      "show-game-over": () => {
        if (!view()) return;
        showDialog("game-over");
        const first = $('dialog[data-dialog="game-over"] .dialog-buttons button:not([hidden])');
        if (first) first.focus();
      },
      "dismiss-notice": () => notice(""),
      "give-up": askGiveUp,
      "give-up-confirm": () => answerGiveUp(true),
      "give-up-cancel": () => answerGiveUp(false),
      confirm: () => answerConfirm(true),
      "cancel-confirm": () => answerConfirm(false),
      "moon-add": () => { $('dialog[data-dialog="moon"]').close(); act(() => app.tx.decide("moon", "add")); },
      "moon-subtract": () => {
        $('dialog[data-dialog="moon"]').close();
        act(() => app.tx.decide("moon", "subtract"));
      },
      scores: showScores,
      stats: () => { renderStats(); showDialog("stats"); },
      "reset-stats": () => { store.resetStats(); renderStats(); },
      settings: () => { renderSettings(); showDialog("settings"); },
      options: () => { renderOptionsForm({ ...currentSettings(), game: null }); showDialog("new-game-form"); },
      "start-game": startFromForm,
      help: () => showHelp(),
    };
    if (handlers[a]) handlers[a]();
    else if (app.table) app.table.action(a, btn);
  });
  $("#settings-form").addEventListener("change", onSettingsChange);
  $("#options-form").addEventListener("change", (e) => {
    if (e.target.name === "variant") {
      const s = readOptionsForm();
      const v = app.catalog.variants.find((x) => x.name === s.variant);
      renderOptionsForm({ ...s, options: {}, players: v ? v.default_players : 4 });
    } else {
      updateOptionRelevance();
    }
  });
  $("#options-form").addEventListener("input", (e) => { // a corrected field loses its message
    const err = e.target.getAttribute("aria-describedby");
    if (err && e.target.getAttribute("aria-invalid") === "true") {
      e.target.setAttribute("aria-invalid", "false");
      $(`#${err}`).hidden = true;
    }
  });
  $("#options-form").addEventListener("submit", (e) => { e.preventDefault(); startFromForm(); });
  // closing the hand-end or game-over dialog leaves a button on the table to open it again
  for (const which of ["hand-end", "game-over"]) {
    $(`dialog[data-dialog="${which}"]`).addEventListener("close", () => renderStatus());
  }
  $('dialog[data-dialog="moon"]').addEventListener("cancel", (e) => e.preventDefault());
  $('dialog[data-dialog="confirm"]').addEventListener("cancel", (e) => { e.preventDefault(); answerConfirm(false); });
  window.addEventListener("resize", () => { layoutHand(); placeToast(); });
  $("#toast").addEventListener("click", hideToast); // over the bar of buttons (a short screen): one click clears it
}

export async function start() {
  app.tx = soloTx;
  installCardDefs();
  setLanguage(initialLanguage(), !urlLanguage()); // a link's ?lang= is not saved as the reader's choice
  translatePage();
  applySettings();
  wire();
  installBack(); // Back closes a dialog, as Escape does
  renderStatus();
  try {
    app.catalog = normaliseVariants(await api.variants());
  } catch (e) {
    toast(t("error_net"));
  }
  const path = location.pathname.replace(/\/+$/, "");
  if (path.startsWith("/t/")) { // the table with friends: table.js drives this page
    await startTable(path.slice(3), tableHooks());
    return;
  }
  api.daily().then((d) => { app.daily = d; renderHeader(); }).catch(() => {});
  const section = { "/rules": "rules", "/variants": "variants", "/tips": "tips", "/about": "about" }[path] ||
    (["#rules", "#variants", "#tips", "#about"].includes(location.hash) ? location.hash.slice(1) : null);
  const url = readUrl();
  const saved = store.loadCurrent();
  let resumed = false;
  let savedState = null;
  if (saved) {
    try {
      savedState = await api.get(saved.id, saved.token);
    } catch (e) {
      store.clearCurrent();
    }
  }
  // the saved game continues when the address asks for nothing else, or for that very game; a link to
  // another game replaces it, after asking if the saved game is unfinished
  let keep = !!savedState && (!url.has || sameGame(saved, url.settings));
  const ask = savedState && !keep && inProgress(savedState.view);
  if (keep || ask) { // the saved game is drawn first: a question about leaving it is asked over it
    app.cur = saved;
    savedState.token = saved.token; // keep the URL in step
    const query = location.search;
    await applyState(savedState, { animate: false });
    if (ask) {
      history.replaceState(null, "", `${location.pathname}${query}${location.hash}`); // the link asked for
      keep = !(await askLeave("link", { n: saved.game, m: url.settings.game ?? "?" }));
      if (keep) syncUrl();
    }
  }
  if (keep) {
    resumed = true;
    if (savedState.view.phase !== "game-over") toast(t("resumed"), "info");
  }
  if (!resumed) {
    const plain = { variant: "standard", players: 4, options: {}, level: "medium", game: null };
    const problems = [...url.problems];
    app.lastRefusal = "";
    let ok = await newGame(url.has ? url.settings : plain);
    if (!ok && url.has) { // rules the server refuses: play a plain game (same number if it had one)
      problems.push(app.lastRefusal);
      ok = await newGame({ ...plain, game: url.settings.game });
    }
    if (problems.length && app.state) {
      notice(`${t("link_bad", { parts: problems.join(" ") })} ${t("link_started", { game: describeGame(app.state) })}`);
    }
  }
  document.body.dataset.ready = "true";
  if (section) showHelp(section);
}

/** What table.js may do with this page: take states, set the seat, the adapter and the transport. */
export function tableHooks() {
  return {
    app, t, toast, renderAll, renderStatus, renderSeats, showDialog, setBusy, players, renderOptionsForm,
    applyState: (state, opts) => applyState(state, opts),
    adopt(adapter, tx) { app.table = adapter; app.tx = tx; },
    setSeat(seat, watching, spectator = watching) { app.me = seat; app.watching = watching; app.spectator = spectator; },
    refused(code, message) {
      toast(reasonText(code, message), "error", code);
      sound.play("error");
    },
    name,
  };
}

start();
