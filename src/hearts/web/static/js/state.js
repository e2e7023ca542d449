// The page's state (the controller's model, lila's `ctrl.data`): the one `app` object and the questions asked
// of it. Views read it; only the controller (main.js, actions.js, events.js) changes it.
import { getLanguage, seatName } from "./i18n.js";
import { overrides } from "./options.js";
import * as store from "./store.js";

export const LEVELS = ["easy", "medium", "hard"];

export const PLAYER_LEVELS = ["random", "easy", "medium", "hard"]; // offered in the form, weakest first

export const MAX_GAME = 4294967295;

export const PACE = { // ms: a bot's card, the finished trick on show, the sweep to the winner
  slow: { play: 800, hold: 1800, sweep: 450 },
  normal: { play: 400, hold: 1000, sweep: 300 },
  fast: { play: 200, hold: 550, sweep: 180 },
  off: { play: 0, hold: 0, sweep: 0 },
};

export const $ = (sel, root = document) => root.querySelector(sel);

export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const app = {
  catalog: { variants: [], options: [] },
  state: null, // the last State from the server
  cur: null, // {id, token, game, variant, players, options, level}
  busy: true,
  selected: [], // cards chosen for the pass
  hinted: new Set(),
  shown: [], // [{seat, card}] drawn in the middle right now
  settings: store.loadSettings(),
  daily: null, // {game, date}
  focusCard: null,
  autoCard: null, // the only legal card, about to be played by the "play it automatically" setting
  gen: 0, // bumped by every new state: an older animation stops drawing when it changes
  moving: null, // while busy: the seat shown as the one to move (null: nobody, e.g. a full trick)
  outShown: null, // while events play out: the seats shown out of cards so far (Domino Hearts)
  heldTricks: [], // while events play out: this hand's tricks not yet gathered on the table (the seats' counts leave them out)
  me: 0, // the viewer's seat: drawn at the bottom (a spectator at a table: 0, acting never)
  watching: false, // true for a spectator, a friend waiting for a seat, or a seat a bot plays while away
  spectator: false, // true for a spectator or a friend waiting for a seat (not for a person away from the seat)
  table: null, // at a table with friends: the adapter of table.js (names, tags, host controls)
  tx: null, // how moves reach the server: the solo game's HTTP API, or the table's WebSocket
  lastDraw: null, // Domino Hearts: the last draw from the stock seen ({seat, n, cards}: the viewer's own cards)
};

export function pace() { return PACE[app.settings.speed] || PACE.normal; }

export function view() { return app.state && app.state.view; }

export function players() { return (app.state && app.state.players) || 4; }

export function me() { return app.me; }

/** A seat's place round the table, counted clockwise from the viewer (0: the bottom). */
export function rel(seat) { const n = players(); return (seat - app.me + n) % n; }

export function name(seat) {
  const own = app.table && app.table.seatName(seat);
  return own || seatName(rel(seat), players());
}

export function joinNames(seats) {
  const names = seats.map(name);
  if (getLanguage() === "ja") return names.join("・");
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export function setBusy(b) {
  if (b && !app.busy) app.moving = null;
  app.busy = b;
  document.body.dataset.busy = b ? "true" : "false";
  if (b) for (const k of ["myTurn", "passing", "deciding"]) delete document.body.dataset[k]; // set again when drawn
  else markMoves();
}

/** `body[data-my-turn|passing|deciding]`: "true" when the page takes that move from the viewer now (solo and
 *  at a table), so that a script waits for the viewer's turn as a person does. */
export function markMoves() {
  const v = view();
  const b = document.body.dataset;
  const free = !!v && !app.busy && !app.watching;
  const d = v && v.decision;
  b.myTurn = String(free && v.phase === "play" && v.turn === me());
  b.passing = String(free && v.phase === "pass" && !v.has_passed[me()]);
  b.deciding = String(free && !!d && d.seat === me() && !["pass", "play"].includes(d.kind));
}

export function passCount() { return (app.state && app.state.options && app.state.options.pass_count) || 3; }

/** Whether this game plays a fixed number of hands (the house rule "deals"), so it has no target score. */
export function fixedHands() { return Number((app.state && app.state.options && app.state.options.deals) || 0) > 0; }


/** The result of the hand on the table once it is scored (phase deal or game over), else null. */
export function scoredHand(v) {
  if (!(v.phase === "deal" || v.phase === "game-over") || !v.results || !v.results.length) return null;
  const r = v.results.at(-1);
  return r.hand === v.hand_index ? r : null;
}

export function isTurn(seat) {
  const v = view();
  if (!v) return false;
  if (v.phase === "play" && app.busy) return app.moving === seat;
  if (v.phase === "pass") return !v.has_passed[seat];
  if (v.phase === "deal" || v.phase === "game-over") return false;
  return v.turn === seat && !(app.busy && seat === me()); // play, moon choice, bid, suit, ...
}

export function canPlayNow() {
  const v = view();
  return !!v && !app.busy && !app.watching && v.phase === "play" && v.turn === me();
}

export function canSelectNow() {
  const v = view();
  return !!v && !app.busy && !app.watching && v.phase === "pass" && !v.has_passed[me()];
}

/** The decision of a kind answered by one value (bid, suit, ...) that the viewer must answer now, or null. */
export function valueDecision() {
  const v = view();
  const d = v && v.decision;
  if (!d || app.busy || app.watching || d.seat !== me() || ["pass", "play", "moon"].includes(d.kind)) return null;
  return d;
}

/** Whether the viewer has played a card in the hand on the table. */
export function userHasPlayed(v) {
  return v.tricks.length > 0 || v.trick.some((x) => x.seat === me());
}

/** The received cards still marked: from the exchange until the user's first play of the hand. */
export function receivedMarks(v) {
  if (v.phase === "deal" || v.phase === "game-over" || v.hand_index < 0 || userHasPlayed(v)) return new Set();
  return new Set((v.received || []).filter((c) => v.hand.includes(c)));
}

/** A hand of a game that passes, on which nobody passes (e.g. every fourth hand). */
export function noPassHand(v) {
  return v.hand_index >= 0 && v.pass_direction === "none" && app.state.options.pass_schedule !== "none";
}

/** Whether the game being played has the General (the French four-queens game). */
export function hasGeneral() {
  const vr = app.catalog.variants.find((x) => x.name === app.state.variant);
  return !!(vr && vr.declarations && vr.declarations.length);
}

/** The seats shown out of cards (Domino Hearts): while events play out, those out so far. */
export function outSeats(v) {
  if (v.phase !== "play") return [];
  return app.busy && app.outShown ? app.outShown : v.out_order || [];
}

/** Whether the game of view `v` is under way (the user has moved) and not over: leaving it loses something. */
export function inProgress(v) {
  if (!v || v.phase === "game-over") return false;
  return v.hand_index > 0 || (v.results && v.results.length > 0) || v.tricks.length > 0 ||
    v.trick.some((x) => x.seat === me()) || (v.passed && v.passed.length > 0) ||
    (v.phase === "pass" && v.has_passed[me()]) || (v.bids && v.bids.some((b) => b.seat === me()));
}

/** `hand` less one copy of each card of `cards` (names: with two packs a name may be held twice). */
export function withoutCards(hand, cards) {
  const out = [...hand];
  for (const c of cards) { const i = out.indexOf(c); if (i >= 0) out.splice(i, 1); }
  return out;
}

/** A hand button's key (renderHand: "QS", or "QS~2" for a second copy) → the card's name. */
export const keyCard = (key) => key.split("~")[0];

export function currentSettings() {
  const s = app.state;
  if (!s) return { variant: "standard", players: 4, options: {}, level: "medium", game: null };
  return {
    variant: s.variant, players: s.players, options: overrides(app.catalog, s.variant, s.options),
    level: s.level || "medium", game: s.game,
  };
}

/** Every level the server knows (a link may name any of them). */
export function levels() {
  return app.catalog.levels && app.catalog.levels.length ? app.catalog.levels : LEVELS;
}

/** The levels offered in the options form: the ones meant for players, plus `current` if it is another. */
export function formLevels(current) {
  const list = PLAYER_LEVELS.filter((x) => levels().includes(x));
  if (current && !list.includes(current)) list.push(current);
  return list;
}

export function nextNumber(n) { return n >= 4294967295 ? 1 : n + 1; }

/** Whether game number `n` is a day's daily game (YYYYMMDD of a real date, as deal.daily_number). */
export function isDailyNumber(n) {
  if (!Number.isInteger(n) || n < 19700101 || n > 99991231) return false;
  const y = Math.floor(n / 10000);
  const m = Math.floor(n / 100) % 100;
  const d = n % 100;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
