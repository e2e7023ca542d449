// The player's moves and the game commands (new game, restart, daily, hint, record download).
import { $, $$, app, canPlayNow, canSelectNow, currentSettings, isDailyNumber, keyCard, me, nextNumber, passCount, players, setBusy, valueDecision, view, withoutCards } from "./state.js";
import { ApiError, api } from "./api.js";
import { act, applyState } from "./main.js";
import { drawTrick, markTurn, renderAll, renderSeats, renderStatus } from "./view-table.js";
import { hideToast, reasonText, refusalText, toast } from "./messages.js";
import { mayLeave } from "./view-dialogs.js";
import { nextInTrick } from "./events.js";
import { renderHand } from "./view-hand.js";
import * as sound from "./sound.js";
import { t } from "./i18n.js";

/** Answer the viewer's one-value decision (a bid, the penalty suit, ...). */
export function decideNow(kind, value) {
  const d = valueDecision();
  if (!d || d.kind !== kind) return;
  hideToast();
  act(() => app.tx.decide(kind, value), { optimistic: () => { app.state.view.decision = null; renderStatus(); } });
}

export function onCardClick(key) {
  const v = view();
  if (!v) return;
  const card = keyCard(key);
  hideToast();
  sound.unlock(); // audio may start only after a user gesture
  if (canSelectNow()) {
    const k = passCount();
    const i = app.selected.indexOf(key);
    if (i >= 0) app.selected.splice(i, 1);
    else if (app.selected.length < k) app.selected.push(key);
    else { app.selected.shift(); app.selected.push(key); }
    app.focusCard = card;
    sound.play("card");
    renderHand();
    renderStatus();
    return;
  }
  if (canPlayNow()) {
    if (v.legal.includes(card)) {
      app.focusCard = null;
      act(() => app.tx.play(card), {
        optimistic: () => {
          app.hinted.clear();
          app.state.view.hand = withoutCards(v.hand, [card]);
          app.state.view.legal = [];
          app.state.view.received = []; // the received cards are marked until the first play
          if (app.shown.length >= players()) app.shown = [];
          app.shown.push({ seat: me(), card });
          drawTrick({ animateCard: card });
          sound.play("card");
          renderHand();
          renderSeats();
          markTurn(nextInTrick(me()));
        },
      });
    } else {
      const why = (app.state.illegal || {})[card];
      const code = why ? why.code : "wrong_phase";
      toast(reasonText(code, why && why.message), "error", code);
      sound.play("error");
      const b = $(`[data-card="${card}"]`);
      if (b) { b.classList.remove("shake"); void b.offsetWidth; b.classList.add("shake"); }
    }
    return;
  }
  if (app.busy) toast(reasonText("busy"), "info", "busy");
  else if (v.phase === "pass" && v.has_passed[me()]) toast(t("pass_waiting"), "info", "not_your_turn");
  else toast(reasonText(v.phase === "play" ? "not_your_turn" : "wrong_phase"), "info",
    v.phase === "play" ? "not_your_turn" : "wrong_phase");
}

export function doPass() {
  const k = passCount();
  if (!canSelectNow() || app.selected.length !== k) {
    toast(reasonText("bad_pass"), "error", "bad_pass");
    return;
  }
  const cards = app.selected.map(keyCard);
  act(() => app.tx.pass(cards), {
    optimistic: () => {
      app.state.view.hand = withoutCards(view().hand, cards);
      app.state.view.has_passed[me()] = true;
      app.selected = [];
      sound.play("pass");
      renderAll();
    },
  });
}

export async function doHint() {
  if (!app.state || app.busy) return;
  const v = view();
  if (!v || !(canPlayNow() || canSelectNow())) {
    toast(reasonText(app.busy ? "busy" : "not_your_turn"), "info");
    return;
  }
  const asked = askedNow();
  try {
    const h = await app.tx.hint("hard"); // solo: GET /hint; at a table: the message {"type": "hint"}
    if (askedNow() !== asked) return; // the hand moved on meanwhile: the hint answers an older question
    app.hinted = new Set(h.stage === "pass" ? h.cards || [] : h.card ? [h.card] : []);
    renderHand();
    const first = [...app.hinted][0];
    if (first) {
      app.focusCard = first;
      const b = $(`[data-card="${first}"]`);
      if (b) { $$(".card").forEach((c) => { c.tabIndex = -1; }); b.tabIndex = 0; b.focus({ preventScroll: true }); }
    }
  } catch (e) {
    if (askedNow() === asked) toast(e instanceof ApiError ? reasonText(e.code, e.message) : String(e));
  }
}

/**
 * The question the viewer answers now, as a key ("" when none): a hint is shown while it stays the same
 * (at a table other people's passes change the State, not the question).
 */
export function askedNow() {
  const v = view();
  const mine = !!v && !app.watching && ((v.phase === "play" && v.turn === me()) ||
    (v.phase === "pass" && !v.has_passed[me()]));
  if (!mine) return "";
  return [v.hand_index, v.phase, v.trick_index, v.trick.length, v.hand.length].join("/");
}

export async function newGame(settings, { fromForm = false } = {}) {
  // settings: {variant, players, options (overrides), level, game (number or null)}
  // fromForm: the options dialog stays open (with the server's reason) if the server refuses
  const gen = ++app.gen;
  for (const d of $$("dialog[open]")) if (!(fromForm && d.dataset.dialog === "new-game-form")) d.close();
  setBusy(true);
  app.selected = [];
  app.shown = [];
  app.lastDraw = null;
  drawTrick();
  try {
    const state = await api.create({
      variant: settings.variant, players: settings.players, options: settings.options || {},
      game: settings.game ?? null, level: settings.level,
    });
    if (gen !== app.gen) return true;
    if (fromForm) $('dialog[data-dialog="new-game-form"]').close();
    await applyState(state);
    return true;
  } catch (e) {
    setBusy(false);
    const why = e instanceof ApiError ? refusalText(e) : String(e);
    if (fromForm) {
      const box = $("#options-error");
      box.textContent = why;
      box.hidden = false;
    } else {
      app.lastRefusal = why;
    }
    renderAll();
    return false;
  }
}

export async function doNewGame() {
  if (!(await mayLeave("new"))) return;
  const s = currentSettings();
  // the next number, unless it is a date's (YYYYMMDD: a daily game's, tomorrow's after today's
  // daily): then a random one, so that New game never deals a coming day's challenge
  const next = app.state ? nextNumber(app.state.game) : null;
  s.game = next !== null && !isDailyNumber(next) ? next : null;
  await newGame(s);
}

export async function doRestart() {
  if (!app.cur) return;
  if (!(await mayLeave("restart"))) return;
  app.gen++;
  setBusy(false);
  for (const d of $$("dialog[open]")) d.close();
  app.shown = [];
  app.selected = [];
  drawTrick();
  await act(() => api.restart(app.cur.id, app.cur.token));
  toast(t("restarted"), "info");
}

export async function doDaily() {
  if (!(await mayLeave("new"))) return;
  setBusy(true); // at once: the daily number is fetched first
  try {
    app.daily = await api.daily();
  } catch (e) {
    setBusy(false);
    toast(t("error_net"));
    return;
  }
  const level = app.state ? app.state.level : "medium";
  await newGame({ variant: "standard", players: 4, options: {}, level, game: app.daily.game });
}

export async function doDownload() {
  if (!app.cur) return;
  try {
    const { blob, withheld } = await api.record(app.cur.id, app.cur.token);
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `hearts-${app.state.variant}-${app.state.game}.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
    if (withheld) toast(t("record_saved_partial"), "info", "record_partial");
    else toast(t("record_saved"), "info", "record_saved");
  } catch (e) {
    toast(String(e.message || e));
  }
}
