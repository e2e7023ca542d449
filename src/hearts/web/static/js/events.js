// The events of a State played out on the table, one handler per event type (docs/web-api.md "events").
// A type the page does not know is skipped, and unknown fields are ignored, so the server may add both.
import { $, $$, app, me, name, pace, players, sleep, view } from "./state.js";
import { announce, toast } from "./messages.js";
import { cardName, cardShort, getLanguage, t } from "./i18n.js";
import { drawTrick, markTurn, renderSeats, trickPos } from "./view-table.js";
import { outcomeText, trickOutcome } from "./family.js";
import { renderHand } from "./view-hand.js";
import { gaveUpText } from "./giveup.js";
import { sortHand } from "./cards.js";
import * as sound from "./sound.js";

/**
 * One handler per event type: `(ev, run)` where `run` is {list, i, gen, pace, carry} (carry: the cards of
 * cancelled tricks waiting for the next trick's winner, two packs). A handler may await (the pace of the
 * animation) and returns false to stop playing the list (a newer State took over meanwhile).
 */
const ON_EVENT = {
  pass(ev) {
    if (ev.received && ev.received.length) {
      const n = players();
      const offset = { left: 1, right: n - 1, across: Math.floor(n / 2) }[ev.direction] || 1;
      const giver = Number.isInteger(ev.from) ? ev.from : (me() + n - offset) % n; // who passed to the viewer
      toast(t("received_from", { cards: sortHand(ev.received).map(cardShort).join(getLanguage() === "ja" ? "・" : ", "),
        name: name(giver) }), "info", "received");
      sound.play("pass");
    }
    renderHand();
  },
  deal(ev, run) {
    run.carry = 0;
    app.shown = [];
    drawTrick();
    const next = run.list[run.i + 1];
    if (next && next.type === "play") markTurn(next.seat);
  },
  async play(ev, run) {
    // the user's own card is already on the table (drawn at the click): leave the trick as it is
    if (app.shown.some((x) => x.card === ev.card && x.seat === ev.seat)) return; // (two packs: a twin is not it)
    if (app.shown.length >= players()) app.shown = []; // safety: a stale full trick
    app.shown.push({ seat: ev.seat, card: ev.card, pack: ev.pack });
    drawTrick({ animateCard: ev.card });
    sound.play("card");
    if (ev.seat !== me()) announce(t("plays", { name: name(ev.seat), card: cardName(ev.card) }));
    markTurn(nextMover(run.list, run.i)); // (first: the ring leaves a seat before it is marked out)
    noteOut(run.list, run.i);
    if (run.pace.play) await sleep(run.pace.play);
  },
  async trick(ev, run) {
    const p = run.pace;
    app.shown = (ev.cards || []).map((x) => ({ seat: x.seat, card: x.card, pack: x.pack }));
    drawTrick({ winner: ev.winner });
    markTurn(null);
    const outcome = trickOutcome({ cards: app.shown.map((x) => x.card), winner: ev.winner }, run.carry);
    const lines = outcomeText(outcome, name, ev.winner);
    if (lines.length) toast(lines.join(" "), "info", outcome.cancelled ? "cancelled_trick" : "cancelled_pair");
    run.carry = ev.winner < 0 ? run.carry + app.shown.length : 0;
    if (p.hold) await sleep(p.hold);
    if (run.gen !== app.gen) return false;
    sound.play("trick");
    announce(ev.winner < 0 ? t("cancelled_trick") : t("won_trick", { name: name(ev.winner) }));
    const el = $("#trick");
    if (p.sweep && ev.winner >= 0) {
      const tp = trickPos(ev.winner, players());
      for (const c of $$(".tcard", el)) {
        c.style.left = `${50 + (tp.x - 50) * 2.2}%`;
        c.style.top = `${50 + (tp.y - 50) * 2.2}%`;
      }
      el.classList.add("collect");
      await sleep(p.sweep);
      if (run.gen !== app.gen) return false;
    }
    app.shown = [];
    drawTrick();
    app.heldTricks = (app.heldTricks || []).filter((x) => x !== ev);
    renderSeats(); // the trick counts now that it is gathered
    const box = $(`[data-seat-box="${ev.winner}"]`);
    if (box) { box.classList.remove("took"); void box.offsetWidth; box.classList.add("took"); }
    // the trick has gone: the status line names who leads next (the winner), never "Trick complete."
    const next = run.list[run.i + 1];
    markTurn(next ? nextMover(run.list, run.i) : view().phase === "play" ? view().turn : null);
    return true;
  },
  async draw(ev, run) { // Domino Hearts: who drew how many from the stock (the cards: yours only)
    const text = ev.seat === me() && ev.cards && ev.cards.length
      ? t("you_drew", { cards: ev.cards.map(cardShort).join(" ") }) : t("drew_n", { name: name(ev.seat), n: ev.count });
    toast(text, "info", "draw");
    announce(text);
    app.lastDraw = { seat: ev.seat, n: ev.count, cards: ev.seat === me() ? ev.cards || [] : [] };
    if (ev.seat === me()) renderHand();
    if (run.pace.play) await sleep(run.pace.play);
  },
  async gave_up(ev, run) { // Hearts 1887: a seat gave up the hand (its cards leave play unseen)
    const text = gaveUpText(ev.seat, Number.isInteger(ev.price) ? ev.price : 0);
    toast(text, "info", "gave_up");
    announce(text);
    if (ev.seat === me()) renderHand(); // its cards have left play
    renderSeats();
    if (run.pace.play) await sleep(run.pace.play);
  },
  declare(ev) { // the General, before the first lead
    if (!ev.declare) return;
    const text = t("general_declared", { name: name(ev.seat) });
    toast(text, "info", "declare");
    announce(text);
  },
};

/**
 * Play out a State's events on the table at the chosen pace, each by its handler (ON_EVENT); a type with
 * no handler (one the page does not know) is skipped. Stops when `gen` is no longer the page's (a newer
 * State took over). `carry0`: cards carried over from cancelled tricks before these events.
 */
export async function animateEvents(events, gen, carry0 = 0) {
  const list = events || [];
  const run = { list, i: 0, gen, pace: pace(), carry: carry0 };
  if (list.some((ev) => ev.type === "deal")) app.lastDraw = null;
  for (let i = 0; i < list.length; i++) {
    if (gen !== app.gen) return;
    const handler = Object.hasOwn(ON_EVENT, list[i].type) ? ON_EVENT[list[i].type] : null;
    if (!handler) continue;
    run.i = i;
    if ((await handler(list[i], run)) === false) return;
  }
}

/**
 * While events play out, the seat to move after event `i`: the seat of the next play (or draw, Domino
 * Hearts) in the list, so that seats out of cards are never passed through; null when the trick is
 * complete or the hand ends; after the last event, the state's turn.
 */
export function nextMover(list, i) {
  const next = list[i + 1];
  if (!next) return view().phase === "play" ? view().turn : null;
  return next.type === "play" || next.type === "draw" ? next.seat : null;
}

/**
 * Domino Hearts, while events play out: a seat is marked out once its last card of the hand is on the
 * table (it plays no more in these events and the state has it out), not before.
 */
export function noteOut(list, i) {
  const ev = list[i];
  const out = view().out_order || [];
  if (!out.includes(ev.seat) || list.slice(i + 1).some((x) => x.type === "play" && x.seat === ev.seat)) return;
  if (app.outShown && !app.outShown.includes(ev.seat)) {
    app.outShown.push(ev.seat);
    renderSeats();
  }
}

/**
 * After the user's card, the next seat of the trick on the table, seats out of cards skipped (Domino
 * Hearts); null once every seat still in has played to it.
 */
export function nextInTrick(seat) {
  const out = view().out_order || [];
  const n = players();
  for (let k = 1; k < n; k++) {
    const s = (seat + k) % n;
    if (app.shown.some((x) => x.seat === s)) return null; // round to a seat that has played: trick full
    if (!out.includes(s)) return s;
  }
  return null;
}
