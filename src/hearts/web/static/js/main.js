// The Hearts page: renders the State of docs/web-api.md, animates the events, sends the user's moves.
// The same page is the table with friends (/t/{id}): table.js then feeds it the table's states from a
// WebSocket and carries the moves back (app.tx), and the seat map is turned so that the viewer (app.me)
// sits at the bottom.
import { api, ApiError } from "./api.js";
import { cardBack, cardFace, installCardDefs, sortHand, suitOf } from "./cards.js";
import {
  cardName, cardShort, getLanguage, initialLanguage, prettyCards, seatName, setLanguage, SUIT_SYMBOLS, t,
  translatePage,
} from "./i18n.js";
import { decisionPanel, decisionStatus } from "./decisions.js";
import { startTable } from "./table.js";
import {
  choiceLabel, normaliseVariants, optionApplies, optionLabel, overrides, parseOptionValue, variantDefaults,
  variantName,
} from "./options.js";
import { renderHelp } from "./content.js";
import {
  BIG, carried, declaration, familyTags, generalResult, generalText, outcomeText, partnersOf, seatSpot, teamTotals,
  trickNotes, trickOutcome, twins,
} from "./family.js";
import * as sound from "./sound.js";
import * as store from "./store.js";

const LEVELS = ["easy", "medium", "hard"];
const PLAYER_LEVELS = ["random", "easy", "medium", "hard"]; // offered in the form, weakest first
const MAX_GAME = 4294967295;
const PACE = { // ms: a bot's card, the finished trick on show, the sweep to the winner
  slow: { play: 800, hold: 1800, sweep: 450 },
  normal: { play: 400, hold: 1000, sweep: 300 },
  fast: { play: 200, hold: 550, sweep: 180 },
  off: { play: 0, hold: 0, sweep: 0 },
};
const SEAT_COLOURS = ["#d4a017", "#c8102e", "#1f5fbf", "#1b7f3b", "#8a4fbf", "#d9822b"]; // chart lines

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const app = {
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
  me: 0, // the viewer's seat: drawn at the bottom (a spectator at a table: 0, acting never)
  watching: false, // true for a spectator, a friend waiting for a seat, or a seat a bot plays while away
  table: null, // at a table with friends: the adapter of table.js (names, tags, host controls)
  tx: null, // how moves reach the server: the solo game's HTTP API, or the table's WebSocket
  lastDraw: null, // Domino Hearts: the last draw from the stock seen ({seat, n, cards}: the viewer's own cards)
};

/** The solo game's moves: each answers with the new State. */
const soloTx = {
  pass: (cards) => api.pass(app.cur.id, app.cur.token, cards),
  play: (card) => api.play(app.cur.id, app.cur.token, card),
  decide: (kind, value) => (kind === "moon" ? api.moon(app.cur.id, app.cur.token, value)
    : api.decide(app.cur.id, app.cur.token, kind, value)),
  nextHand: () => api.nextHand(app.cur.id, app.cur.token),
};
app.tx = soloTx;

// ------------------------------------------------------------------ helpers
function pace() { return PACE[app.settings.speed] || PACE.normal; }
function view() { return app.state && app.state.view; }
function players() { return (app.state && app.state.players) || 4; }
function me() { return app.me; }
/** A seat's place round the table, counted clockwise from the viewer (0: the bottom). */
function rel(seat) { const n = players(); return (seat - app.me + n) % n; }
function name(seat) {
  const own = app.table && app.table.seatName(seat);
  return own || seatName(rel(seat), players());
}
function joinNames(seats) {
  const names = seats.map(name);
  if (getLanguage() === "ja") return names.join("・");
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

function setBusy(b) {
  if (b && !app.busy) app.moving = null;
  app.busy = b;
  document.body.dataset.busy = b ? "true" : "false";
  if (b) for (const k of ["myTurn", "passing", "deciding"]) delete document.body.dataset[k]; // set again when drawn
}

let toastTimer = null;
/**
 * A short message. It is placed just above the status line (over the bottom of the table, clear of the
 * seats and the trick); while a dialog is open it goes inside that dialog, at the bottom of the window,
 * so that it is neither behind the dialog's backdrop nor inert.
 */
function toast(text, kind = "error", code = "") {
  const el = $("#toast");
  const dlg = $$("dialog[open]").at(-1);
  const host = dlg || document.body;
  if (el.parentElement !== host) host.appendChild(el);
  el.textContent = text;
  el.className = `toast ${kind === "info" ? "info" : ""}`;
  el.dataset.reason = code;
  el.hidden = false;
  placeToast();
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, kind === "info" ? 3000 : 3500);
}

function placeToast() {
  const el = $("#toast");
  if (el.hidden) return;
  const inDialog = el.parentElement && el.parentElement.tagName === "DIALOG";
  // above the status line, your own seat's panel (bottom left of the table) and a panel shown at the
  // bottom of the table (passing on a phone, "no passing this hand")
  const tops = [$("#status").getBoundingClientRect().top];
  const mine = $(".seat.me");
  if (mine) tops.push(mine.getBoundingClientRect().top);
  const felt = $(".felt").getBoundingClientRect();
  for (const panel of [$("#pass-panel"), $("#decide-panel")]) { // a panel at the bottom of the table (phone)
    if (panel.hidden) continue;
    const r = panel.getBoundingClientRect();
    if (r.bottom > felt.top + 0.7 * felt.height) tops.push(r.top);
  }
  const top = Math.min(...tops);
  const bottom = inDialog ? 16 : Math.max(8, window.innerHeight - top + 4);
  el.style.bottom = `${Math.min(bottom, window.innerHeight - el.offsetHeight - 8)}px`;
}

/** A message is only about the moment: the next action of the user takes it away. */
function hideToast() {
  clearTimeout(toastTimer);
  $("#toast").hidden = true;
}

/** A notice that stays until dismissed or until the user plays (used for links not understood). */
function notice(text) {
  const el = $("#notice");
  const was = !el.hidden;
  $("#notice-text").textContent = text;
  el.hidden = !text;
  if (was !== !el.hidden) layoutHand(); // the banner changes the table's height
}

function announce(text) {
  const el = $("#sr-live");
  el.textContent = "";
  setTimeout(() => { el.textContent = text; }, 30);
}

/** The direction (radians) of place `seat` round the trick: evenly spaced, the viewer at the bottom. */
function seatAngle(seat, n) { return ((90 + (seat * 360) / n) * Math.PI) / 180; }

/** Reason code (from the State's `illegal` map or a 409) → a sentence in the page's language. */
function reasonText(code, serverMessage) {
  const v = view();
  const params = {};
  if (code === "must_follow_suit" && v && v.trick.length) params.suit = t(`suit_${suitOf(v.trick[0].card)}`);
  if (code === "must_lead_lowest_club" && v && v.legal.length === 1) params.card = cardName(v.legal[0]);
  if (code === "bad_pass") params.k = passCount();
  // English: the engine's own sentence from the State; Japanese: our translation by reason code.
  if (getLanguage() === "en" && serverMessage) return prettyCards(serverMessage);
  const key = `reason_${code}`;
  const text = t(key, params);
  if (text === key || /\{\w+\}/.test(text)) return serverMessage ? prettyCards(serverMessage) : code;
  return text;
}

function passCount() { return (app.state && app.state.options && app.state.options.pass_count) || 3; }

// ------------------------------------------------------------------ rendering
function renderHeader() {
  const s = app.state;
  $("[data-game-number]").textContent = s && s.game !== null && s.game !== undefined ? String(s.game) : "";
  const daily = app.daily && s && s.game === app.daily.game && s.variant === "standard" && s.players === 4;
  $("#game-label").textContent = daily ? t("daily_label", { date: app.daily.date }) : "";
  if (s) {
    const v = app.catalog.variants.find((x) => x.name === s.variant);
    const bits = [variantName(s.variant, v && v.title)];
    if (v && s.players !== v.default_players) bits.push(getLanguage() === "ja" ? `${s.players}人` : `${s.players} players`);
    else if (!v && s.players !== 4) bits.push(`${s.players}p`);
    $("#variant-chip").textContent = bits.join(" · ");
    const lv = t(`level_${s.level}`);
    $("#level-chip").textContent = t("level_chip", { level: lv === `level_${s.level}` ? s.level : lv });
    $("#level-chip").dataset.level = s.level || "";
  }
  document.title = s && s.game ? `${t("title")} #${s.game}` : t("title");
}

function renderSeats() {
  const v = view();
  const n = players();
  const box = $("#seats");
  $("#table").dataset.players = String(n);
  if (n >= BIG) $("#table").dataset.big = "true"; else delete $("#table").dataset.big;
  if (box.children.length !== n || box.dataset.me !== String(app.me)) {
    box.innerHTML = "";
    box.dataset.me = String(app.me);
    for (let seat = 0; seat < n; seat++) {
      const r = rel(seat);
      const el = document.createElement("section");
      el.className = r === 0 ? "seat me" : "seat";
      el.dataset.seatBox = String(seat);
      const { x, y, edge } = seatSpot(r, n);
      if (r === 0) { /* placed by CSS: bottom-left corner */ }
      else if (edge === "left") { el.style.left = "8px"; el.classList.add("edge-left"); }
      else if (edge === "right") { el.style.right = "8px"; el.classList.add("edge-right"); }
      else el.style.left = `${x}%`;
      if (r) el.style.top = `${y}%`;
      el.innerHTML = `<div class="name"></div>` + (r ? `<div class="backs" aria-hidden="true"></div>` : "") +
        `<div class="total" data-total-seat="${seat}"></div><div class="sub"></div><div class="tags"></div>`;
      box.appendChild(el);
    }
  }
  for (let seat = 0; seat < n; seat++) {
    const el = $(`[data-seat-box="${seat}"]`, box);
    $(".name", el).textContent = name(seat);
    el.classList.toggle("turn", isTurn(seat));
    if (!v) continue;
    el.classList.toggle("partner", partnersOf(v, me()).includes(seat));
    const out = outSeats(v);
    el.classList.toggle("out", out.includes(seat));
    if (out.includes(seat)) {
      el.title = t("out_title", { k: out.indexOf(seat) + 1 });
    } else el.removeAttribute("title");
    $(".total", el).textContent = String(v.totals[seat]);
    // once a hand is scored, show what it scored (after a moon: 0 for the shooter, not the 26 taken)
    const r = scoredHand(v);
    const pts = r ? r.points[seat] : v.points_taken[seat];
    const moon = r && r.moon === seat;
    $(".sub", el).innerHTML = `<span class="pts" data-points-seat="${seat}">${t("points_n", { n: pts })}` +
      `${moon ? ` <span class="moon-mark">${t("moon_mark")}</span>` : ""}</span>` +
      `<span class="sep"> · </span><span class="tr">${t("tricks_n", { n: v.tricks_won[seat] })}</span>` +
      (n >= BIG && seat !== me() ? `<span class="cl">${t("cards_left", { n: v.counts[seat] })}</span>` : "");
    const tags = seatTags(v, seat);
    $(".tags", el).textContent = tags;
    el.setAttribute("aria-label", `${name(seat)}: ${t("total")} ${v.totals[seat]}, ` +
      `${t("this_hand")} ${t("points_n", { n: pts })}${moon ? ` (${t("moon_mark")})` : ""}, ` +
      `${t("cards_left", { n: v.counts[seat] })}${tags ? `, ${tags}` : ""}`);
    const backs = $(".backs", el);
    if (!backs) continue;
    const count = Math.min(v.counts[seat], 13);
    if (backs.childElementCount !== count || backs.dataset.back !== app.settings.back) {
      backs.innerHTML = "";
      backs.dataset.back = app.settings.back;
      for (let i = 0; i < count; i++) {
        const b = cardBack(app.settings.back);
        b.classList.add("mini");
        backs.appendChild(b);
      }
    }
  }
}

/**
 * The short facts under a seat's numbers: its bid in an auction, the auction's winner, its chips where
 * chips are paid, and at a table with friends who holds the seat (computer, away, the turn timer).
 */
function seatTags(v, seat) {
  const out = [];
  const bid = (v.bids || []).find((b) => b.seat === seat);
  if (v.declarer === seat && v.penalty_suit === null && v.phase === "suit") out.push(t("tag_declarer"));
  else if (bid && (v.phase === "bid" || v.phase === "suit" || v.declarer === seat)) {
    out.push(bid.bid === null ? t("tag_no_bid") : t("tag_bid", { n: bid.bid === true ? "★" : bid.bid }));
  }
  if (v.chips && v.chips.length) out.push(t("chips_n", { n: v.chips[seat] }));
  out.push(...familyTags({ ...v, out_order: outSeats(v) }, seat, me())); // out: as far as shown
  if (app.table) out.push(...app.table.seatTags(seat));
  return out.join(" · ");
}

/** The result of the hand on the table once it is scored (phase deal or game over), else null. */
function scoredHand(v) {
  if (!(v.phase === "deal" || v.phase === "game-over") || !v.results || !v.results.length) return null;
  const r = v.results.at(-1);
  return r.hand === v.hand_index ? r : null;
}

function isTurn(seat) {
  const v = view();
  if (!v) return false;
  if (v.phase === "play" && app.busy) return app.moving === seat;
  if (v.phase === "pass") return !v.has_passed[seat];
  if (v.phase === "deal" || v.phase === "game-over") return false;
  return v.turn === seat && !(app.busy && seat === me()); // play, moon choice, bid, suit, ...
}

function trickPos(seat, n) {
  const a = seatAngle(rel(seat), n);
  const r = n >= 5 ? 38 : 33;
  return { x: 50 + r * Math.cos(a), y: 50 + (r - 2) * Math.sin(a), dx: Math.cos(a) * 160, dy: Math.sin(a) * 160 };
}

function drawTrick({ animateCard = null, winner = null } = {}) {
  const el = $("#trick");
  const n = players();
  el.classList.remove("collect");
  el.innerHTML = "";
  const twin = twins(app.shown); // two packs: identical cards, told apart by a pack mark; they cancel
  const seen = new Set();
  for (const { seat, card, pack } of app.shown) {
    const p = trickPos(seat, n);
    const d = document.createElement("div");
    d.className = "tcard";
    d.dataset.trickCard = card;
    d.dataset.seat = String(seat);
    d.setAttribute("role", "img");
    d.setAttribute("aria-label", `${name(seat)}: ${cardName(card)}`);
    d.style.left = `${p.x}%`;
    d.style.top = `${p.y}%`;
    d.style.setProperty("--fx", `${p.dx}px`);
    d.style.setProperty("--fy", `${p.dy}px`);
    if (card === animateCard && pace().play > 0) d.classList.add("enter");
    if (winner !== null && seat === winner) d.classList.add("winner");
    d.appendChild(cardFace(card, { fourColour: app.settings.fourColour }));
    if (twin.has(card)) { // a twin: the other pack's copy than its pair's (the server says which when it can)
      const other = app.shown.find((x) => x.card === card && x.seat !== seat);
      const k = pack || (other && other.pack ? 3 - other.pack : seen.has(card) ? 2 : 1);
      seen.add(card);
      d.dataset.pack = String(k);
      d.classList.add("twin");
      const m = document.createElement("span");
      m.className = "pack-mark";
      m.textContent = String(k);
      m.title = t("pack_mark", { k });
      d.append(m);
      d.setAttribute("aria-label", `${name(seat)}: ${cardName(card)} (${t("pack_mark", { k })}, ${t("cancelled_mark")})`);
    }
    el.appendChild(d);
  }
}

function canPlayNow() {
  const v = view();
  return !!v && !app.busy && !app.watching && v.phase === "play" && v.turn === me();
}
function canSelectNow() {
  const v = view();
  return !!v && !app.busy && !app.watching && v.phase === "pass" && !v.has_passed[me()];
}
/** The decision of a kind answered by one value (bid, suit, ...) that the viewer must answer now, or null. */
function valueDecision() {
  const v = view();
  const d = v && v.decision;
  if (!d || app.busy || app.watching || d.seat !== me() || ["pass", "play", "moon"].includes(d.kind)) return null;
  return d;
}

const MIN_STEP = 34; // px of each card left uncovered: below this the hand goes on two rows

/** How to lay `count` cards out in the hand's width: {rows: 1 or 2, perRow, step (px)}. */
function handLayout(count) {
  const hand = $("#hand");
  const cardW = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--card-w")) || 84;
  const avail = (hand.clientWidth || window.innerWidth) - 8;
  const stepFor = (k) => Math.min(cardW * 0.98, (avail - cardW) / Math.max(1, k - 1));
  if (count <= 1 || stepFor(count) >= MIN_STEP) return { rows: 1, perRow: count, step: stepFor(count) };
  const perRow = Math.ceil(count / 2);
  return { rows: 2, perRow, step: Math.max(14, stepFor(perRow)) };
}

let lastRows = 1;
function layoutHand() {
  const count = $$("#hand .card").length || 13;
  const lay = handLayout(count);
  if (lay.rows !== lastRows) { renderHand(); return; }
  $("#hand").style.setProperty("--step", `${lay.step}px`);
}

function renderHand() {
  const v = view();
  const hand = $("#hand");
  const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.card;
  hand.innerHTML = "";
  if (!v) return;
  const received = receivedMarks(v);
  const d = app.lastDraw;
  const drawn = new Set(d && d.seat === me() && v.phase === "play" ? d.cards : []);
  const playing = canPlayNow();
  const selecting = canSelectNow();
  const cards = sortHand(v.hand);
  const legal = new Set(v.legal);
  const lay = handLayout(cards.length);
  lastRows = lay.rows;
  hand.style.setProperty("--step", `${lay.step}px`);
  hand.dataset.rows = String(lay.rows);
  const rows = Array.from({ length: lay.rows }, () => {
    const r = document.createElement("div");
    r.className = "hand-row";
    hand.appendChild(r);
    return r;
  });
  const copies = {};
  cards.forEach((card, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "card";
    b.dataset.card = card;
    // two packs: a name may be held twice; each copy is its own button (key "QS", then "QS~2")
    copies[card] = (copies[card] || 0) + 1;
    b.dataset.key = copies[card] > 1 ? `${card}~${copies[card]}` : card;
    b.setAttribute("aria-label", cardName(card));
    let enabled;
    if (selecting) {
      enabled = true;
      const sel = app.selected.includes(b.dataset.key);
      b.setAttribute("aria-pressed", sel ? "true" : "false");
      b.classList.toggle("selected", sel);
    } else if (playing) {
      enabled = legal.has(card);
      if (!enabled) b.classList.add("illegal");
    } else {
      enabled = false;
    }
    b.setAttribute("aria-disabled", enabled ? "false" : "true");
    if (received.has(card)) {
      b.classList.add("received");
      b.title = t("received_mark");
    } else if (drawn.has(card)) { // Domino Hearts: just drawn from the stock, marked as received cards are
      b.classList.add("received", "drawn");
      b.dataset.drawn = "true";
      b.title = t("drawn_mark");
    }
    if (app.hinted.has(card)) {
      b.classList.add("hinted");
      b.dataset.hint = "true";
    }
    b.tabIndex = -1;
    b.appendChild(cardFace(card, { fourColour: app.settings.fourColour }));
    rows[Math.min(rows.length - 1, Math.floor(i / lay.perRow))].appendChild(b);
  });
  // the card that takes the focus: the one chosen with the arrows if it can be played, else the first
  // playable card (a card that cannot be played is no place to land after a play)
  const ok = (b) => b && (!playing || b.getAttribute("aria-disabled") !== "true");
  const target = [app.focusCard, focused].map((c) => c && $(`[data-card="${c}"]`, hand)).find(ok) ||
    $('.card[aria-disabled="false"]', hand) || $(".card", hand);
  if (target) target.tabIndex = 0;
  if (focused && hand.contains(target) && target.dataset.card === focused) target.focus({ preventScroll: true });
}

/** Whether the viewer has played a card in the hand on the table. */
function userHasPlayed(v) {
  return v.tricks.length > 0 || v.trick.some((x) => x.seat === me());
}

/** The received cards still marked: from the exchange until the user's first play of the hand. */
function receivedMarks(v) {
  if (!(v.phase === "play" || v.phase === "pass") || userHasPlayed(v)) return new Set();
  return new Set((v.received || []).filter((c) => v.hand.includes(c)));
}

/** A hand of a game that passes, on which nobody passes (e.g. every fourth hand). */
function noPassHand(v) {
  return v.hand_index >= 0 && v.pass_direction === "none" && app.state.options.pass_schedule !== "none";
}

function renderStatus() {
  const v = view();
  const st = $("#status");
  const panel = $("#pass-panel");
  const passBtn = $('[data-action="pass"]');
  if (!v) { st.textContent = t("loading"); return; }
  $("#hand-no").textContent = t("hand_no", { n: v.hand_index + 1 });
  const hm = $("#hearts-mark");
  hm.dataset.heartsBroken = v.hearts_broken ? "true" : "false";
  // where hearts need not be broken (Black Maria, Domino, Auction, 1887 Hearts, the option), the badge says
  // hearts may be led, never that they cannot be led yet
  const open = !!(app.state.options && app.state.options.hearts_lead_any_time);
  hm.dataset.heartsLead = open ? "any" : v.hearts_broken ? "broken" : "not-yet";
  const key = open ? "hearts_any_time" : v.hearts_broken ? "hearts_broken" : "hearts_unbroken";
  $(".hearts-text", hm).textContent = t(key);
  hm.title = t(`${key}_help`);
  const lt = $('[data-action="last-trick"]');
  lt.disabled = !(v.tricks && v.tricks.length);
  $('[data-action="taken"]').disabled = !app.state.score_detail;
  let msg = "";
  panel.hidden = true;
  panel.classList.remove("note");
  passBtn.hidden = false;
  $('[data-action="show-hand-end"]').hidden = true;
  $('[data-action="show-game-over"]').hidden = true;
  renderPots(v);
  const vd = valueDecision();
  decisionPanel($("#decide-panel"), vd, v, { name, act: (kind, value) => decideNow(kind, value) });
  if (v.phase === "pass") {
    const k = passCount();
    if (!v.has_passed[me()] && !app.watching) {
      const dir = t(`dir_${v.pass_direction}`);
      msg = t("pass_to", { k, name: name(v.pass_to), dir });
      panel.hidden = false;
      const arrow = { left: "←", right: "→", across: "↑" }[v.pass_direction] || "↔";
      const pt = $("#pass-text");
      pt.innerHTML = `<span class="pass-arrow" aria-hidden="true">${arrow}</span>`;
      // two short lines that each stay whole, so no word or kana is left alone on a line
      for (const line of [t("pass_line1", { k }), t("pass_line2", { name: name(v.pass_to), dir })]) {
        const span = document.createElement("span");
        span.className = "pass-line";
        span.textContent = line;
        pt.append(span);
      }
      passBtn.textContent = t("pass_btn", { k });
      passBtn.disabled = app.selected.length !== k || app.busy;
      msg = t("pass_chosen", { n: app.selected.length, k });
    } else {
      msg = t("pass_waiting");
    }
  } else if (v.phase === "play") {
    const seat = app.busy ? app.moving : v.turn;
    if (v.turn === me() && !app.busy && !app.watching) msg = v.trick.length ? t("your_turn") : t("your_lead");
    else if (seat === null || seat === undefined) msg = app.shown.length >= players() ? t("trick_done") : "";
    else if (seat === me() && !app.watching) msg = t("your_turn_soon");
    else msg = t("waiting", { name: name(seat) });
    if (app.autoCard) msg = t("auto_playing", { card: cardShort(app.autoCard) });
    if (noPassHand(v) && !userHasPlayed(v) && !app.shown.some((x) => x.seat === me())) {
      // said where the passing would be, until the user's first card
      panel.hidden = false;
      panel.classList.add("note");
      $("#pass-text").textContent = t("no_pass");
      passBtn.hidden = true;
    }
  } else if (v.phase === "deal") {
    msg = v.results.length ? t("hand_over", { n: v.results.length }) : t("loading");
    if (v.results.length && !app.busy && !$('dialog[data-dialog="hand-end"]').open && !(app.table && app.table.holdsPanel())) {
      panel.hidden = false;
      $("#pass-text").textContent = msg;
      passBtn.hidden = true;
      $('[data-action="show-hand-end"]').hidden = false;
    }
  } else if (v.phase === "moon-choice") {
    msg = v.turn === me() && !app.watching ? t("moon_choice_q") : t("waiting", { name: name(v.turn) });

  } else if (v.phase === "game-over") {
    msg = t("game_over");
    if (!$('dialog[data-dialog="game-over"]').open) {
      panel.hidden = false;
      $("#pass-text").textContent = msg;
      passBtn.hidden = true;
      $('[data-action="show-game-over"]').hidden = false;
    }
  } else if (v.hand_index >= 0) { // bid, suit, and any other kind of decision
    msg = decisionStatus(v, { name, mine: !!vd, watching: app.watching, me: me() });
  }
  if (app.table) msg = app.table.status(msg);
  st.textContent = msg;
  if (!$("#taken-view").hidden) renderTaken();
  placeToast();
}

/**
 * The family games' facts in the middle of the table: the pot where chips are paid, the penalty suit an
 * auction's winner named, the widow (face down until the first trick's winner takes it; its cards shown to
 * that player alone), the jokers played.
 */
function renderPots(v) {
  const box = $("#pots");
  const bits = [];
  const chip = (kind, text, title = "") =>
    `<span class="pot-chip" data-pot="${kind}"${title ? ` title="${title}"` : ""}>${text}</span>`;
  if (v.chips && v.chips.length) bits.push(chip("pot", t("pot_n", { n: v.pot || 0 }), t("pot_help")));
  if (v.penalty_suit) {
    const who = v.declarer !== null && v.declarer !== undefined ? name(v.declarer) : "";
    bits.push(chip("penalty-suit", t("penalty_suit", { sym: SUIT_SYMBOLS[v.penalty_suit], suit: t(`suit_${v.penalty_suit}`) }),
      t("penalty_suit_help", { name: who })));
  }
  if (v.widow_size && v.hand_index >= 0 && v.phase !== "game-over") {
    if (v.widow_taker === null || v.widow_taker === undefined) bits.push(chip("widow", t("widow_n", { n: v.widow_size }), t("widow_help")));
    else if (v.widow_taker !== me() || !(v.widow && v.widow.length)) bits.push(chip("widow", t("widow_taken", { name: name(v.widow_taker) })));
  }
  if (v.jokers_played && v.jokers_played.length) bits.push(chip("jokers", t("jokers_played", { n: v.jokers_played.length })));
  const vr = app.catalog.variants.find((x) => x.name === app.state.variant);
  if (vr && vr.hand_size && v.hand_index >= 0 && v.phase !== "game-over") { // a stock (Domino Hearts)
    bits.push(chip("stock", t("stock_n", { n: v.stock_size }), t("stock_help")));
  }
  const g = declaration(v);
  if (g && v.phase !== "deal" && v.phase !== "game-over") bits.push(chip("general", t("general_chip", { name: name(g.seat) })));
  const target = app.state.options && app.state.options.target_score;
  if (target && target !== 100 && !app.state.options.deals) bits.push(chip("target", t("target_chip", { n: target })));
  box.innerHTML = bits.join("");
  renderTrickNotes(v);
  const widow = $("#widow-view");
  const mine = v.widow && v.widow.length && v.widow_taker === me() && v.phase !== "game-over";
  widow.hidden = !mine;
  if (mine) {
    widow.innerHTML = `<span class="widow-label">${t("widow_yours")}</span>`;
    for (const c of sortHand(v.widow)) {
      const f = document.createElement("span");
      f.className = "widow-card";
      f.dataset.widowCard = c;
      f.setAttribute("role", "img");
      f.setAttribute("aria-label", cardName(c));
      f.appendChild(cardFace(c, { fourColour: app.settings.fourColour }));
      widow.appendChild(f);
    }
  }
  box.hidden = !bits.length;
}

/** Notes in the middle of the table: a cancelled pair or trick, the cards carried over, the last draw. */
function renderTrickNotes(v) {
  const box = $("#trick-note");
  const notes = app.busy ? [] : trickNotes(v, name, me(), app.lastDraw);
  box.innerHTML = `<div class="note-stack">${notes.map((x) =>
    `<span class="note-line" data-note="${x.kind}">${x.text}</span>`).join("")}</div>`;
  box.hidden = !notes.length;
  // clear of the trick's cards: with 3 seats below the two others' cards, with 4 on a phone between
  // North's card and the row of West's and East's (the middle is free from 5 seats on)
  const n = players();
  const phone = window.matchMedia("(max-width: 720px)").matches;
  box.style.setProperty("--note-y", n === 3 ? "62%" : n === 4 && phone ? "34%" : "50%");
}

/** Answer the viewer's one-value decision (a bid, the penalty suit, ...). */
function decideNow(kind, value) {
  const d = valueDecision();
  if (!d || d.kind !== kind) return;
  hideToast();
  act(() => app.tx.decide(kind, value), { optimistic: () => { app.state.view.decision = null; renderStatus(); } });
}

function renderAll() {
  renderHeader();
  renderSeats();
  renderStatus();
  renderHand();
}

/** The penalty cards each player has taken so far this hand (the "Cards taken" panel). */
function renderTaken() {
  const d = app.state && app.state.score_detail;
  const box = $("#taken-view");
  if (!d) { box.hidden = true; return; }
  const rows = d.taken.map((cards, s) => {
    const pts = d.items[s].reduce((a, x) => a + x.points, 0);
    const list = cards.length ? sortHand(cards).map((c) =>
      `<span class="tc${/[HD]$/.test(c) ? " red" : ""}" aria-label="${cardName(c)}">${cardShort(c)}</span>`).join("")
      : `<span class="none">${t("taken_none")}</span>`;
    return `<tr data-taken-seat="${s}"><th scope="row">${name(s)}</th><td>${list}</td>` +
      `<td class="pts">${t("points_n", { n: pts })}</td></tr>`;
  }).join("");
  box.innerHTML = `<table aria-label="${t("taken")}"><tbody>${rows}</tbody></table>`;
}

function toggleTaken(show) {
  const box = $("#taken-view");
  const on = show ?? box.hidden;
  if (on) { $("#last-trick-view").hidden = true; renderTaken(); }
  box.hidden = !on || !(app.state && app.state.score_detail);
  $('[data-action="taken"]').setAttribute("aria-expanded", box.hidden ? "false" : "true");
}

// ------------------------------------------------------------------ score tables
function scoreSheet(v, highlightLast = false) {
  const n = players();
  const rows = (v.results || []).map((r, i) => {
    const cells = r.points.map((p, s) => {
      const moon = r.moon !== null && r.moon !== undefined && r.moon === s;
      return `<td class="${moon ? "moon" : ""}">${p}${moon ? " ☾" : ""}</td>`;
    }).join("");
    const cls = highlightLast && i === v.results.length - 1 ? ' class="last"' : "";
    return `<tr${cls}><td>${r.hand + 1}</td>${cells}</tr>`;
  }).join("");
  const min = Math.min(...v.totals);
  const totals = v.totals.map((x) => `<td class="${x === min ? "best" : ""}">${x}</td>`).join("");
  const head = Array.from({ length: n }, (_, s) => `<th scope="col">${name(s)}</th>`).join("");
  return `<div class="scores-wrap"><table class="scores"><thead><tr><th scope="col">${t("hand_col")}</th>${head}` +
    `</tr></thead><tbody>${rows}</tbody><tfoot><tr class="totals"><td>${t("total")}</td>${totals}</tr>` +
    `${teamRow(v)}</tfoot></table></div>`;
}

/** Partnerships: a row of the score table with each seat's team total (partners share one number). */
function teamRow(v) {
  const teams = teamTotals(v);
  if (!teams.length) return "";
  const best = Math.min(...teams.map((x) => x.total));
  const cells = Array.from({ length: players() }, (_, s) => {
    const team = teams.find((x) => x.seats.includes(s));
    return team ? `<td class="${team.total === best ? "best" : ""}" data-team-total-seat="${s}">${team.total}</td>` : "<td></td>";
  }).join("");
  return `<tr class="team-totals"><td>${t("team_totals")}</td>${cells}</tr>`;
}

/** What the family games add to the end of a hand: the General's outcome, the order of going out. */
function handNotes(result) {
  const lines = [];
  const gtext = generalText(generalResult(result, hasGeneral()), name, me());
  if (gtext) lines.push(`<p class="hand-note" data-general="${generalResult(result, true).kind}">${gtext}</p>`);
  if (result.out_order && result.out_order.length) {
    lines.push(`<p class="hand-note" data-out-order="${result.out_order.join(",")}">` +
      `${t("out_order", { names: joinNames(result.out_order) })}</p>`);
  }
  return lines.join("");
}

/** Whether the game being played has the General (the French four-queens game). */
function hasGeneral() {
  const vr = app.catalog.variants.find((x) => x.name === app.state.variant);
  return !!(vr && vr.declarations && vr.declarations.length);
}

/** One item of a seat's breakdown ("♥ ×3: 3", "Q♠: 13", "J♦: −10", "moon: +26") as HTML. */
function breakdownItem(x) {
  const signed = (p) => (p > 0 ? `+${p}` : p < 0 ? `−${-p}` : "0");
  let label;
  if (x.kind === "hearts") label = t("bd_hearts", { n: x.count });
  else if (x.kind === "suit") label = `${SUIT_SYMBOLS[x.suit] || x.suit} ×${x.count}`; // an auction's named suit
  else if (x.kind === "card" || x.kind === "bonus") label = cardShort(x.card);
  else if (x.kind === "no_tricks") label = t("bd_no_tricks");
  else if (x.kind === "moon" && hasGeneral()) {
    // In a game with the General, taking everything undeclared is the silent General, not a moon.
    label = t(x.points < 0 ? "bd_general_silent_own" : "bd_general_silent", { name: name(x.seat) });
  } else if (x.kind === "moon") label = t(x.points < 0 ? "bd_moon_own" : "bd_moon", { name: name(x.seat) });
  else if (x.kind === "general") label = t("bd_general", { name: name(x.seat) });
  else label = x.kind;
  const pts = ["hearts", "suit", "card"].includes(x.kind) ? String(x.points) : signed(x.points);
  return `<span class="bd-item" data-kind="${x.kind}" data-points="${x.points}">${label} <b>${pts}</b></span>`;
}

function handSummary(result, v) {
  const n = players();
  const d = app.state && app.state.score_detail;
  const detail = d && d.scored && d.hand === result.hand ? d : null;
  const chips = v.chips && v.chips.length && result.hand === v.hand_index; // chips where chips are paid
  const rows = Array.from({ length: n }, (_, s) => {
    const items = detail ? detail.items[s] : [];
    const bd = items.length ? items.map(breakdownItem).join("") : `<span class="bd-none">${t("bd_nothing")}</span>`;
    return `<tr><td>${name(s)}</td>` +
      (detail ? `<td class="breakdown" data-breakdown-seat="${s}">${bd}</td>` : "") +
      `<td>${result.points[s]}</td>` +
      `<td data-hand-total-seat="${s}">${result.totals ? result.totals[s] : v.totals[s]}</td>` +
      (chips ? `<td data-chips-seat="${s}">${v.chips[s]}</td>` : "") + `</tr>`;
  }).join("");
  return `<table class="scores"><thead><tr><th></th>${detail ? `<th class="breakdown">${t("bd_title")}</th>` : ""}` +
    `<th>${t("this_hand")}</th><th>${t("total")}</th>${chips ? `<th>${t("chips_col")}</th>` : ""}</tr></thead>` +
    `<tbody>${rows}</tbody></table>` +
    (chips ? `<p class="pot-line" data-pot-total="${v.pot || 0}">${t("pot_n", { n: v.pot || 0 })}</p>` : "");
}

/**
 * An SVG line chart of the running totals after each hand (0 before the first), one line per player,
 * with the target score as a dashed line. Drawn here from `v.results`; each line carries its numbers in
 * `data-values` (for tests and assistive tools) and the chart has a text summary.
 */
function totalsChart(v) {
  const results = v.results || [];
  if (!results.length) return "";
  const n = players();
  const series = Array.from({ length: n }, (_, s) => [0, ...results.map((r) => r.totals[s])]);
  const target = (app.state.options && app.state.options.target_score) || 100;
  const all = series.flat();
  const lo = Math.min(0, ...all);
  const hi = Math.max(target, ...all);
  const W = 520; const H = 220; const L = 34; const R = 92; const T = 10; const B = 26;
  const x = (i) => L + ((W - L - R) * i) / Math.max(1, results.length);
  const y = (val) => T + ((H - T - B) * (hi - val)) / Math.max(1, hi - lo);
  const step = hi - lo > 120 ? 50 : hi - lo > 50 ? 25 : 10;
  let grid = "";
  for (let g = Math.ceil(lo / step) * step; g <= hi; g += step) {
    grid += `<line class="grid" x1="${L}" x2="${W - R}" y1="${y(g)}" y2="${y(g)}"/>` +
      `<text x="${L - 4}" y="${y(g) + 4}" text-anchor="end">${g}</text>`;
  }
  let ticks = "";
  for (let i = 0; i <= results.length; i++) {
    if (results.length > 12 && i % 2) continue;
    ticks += `<text x="${x(i)}" y="${H - 8}" text-anchor="middle">${i}</text>`;
  }
  // end labels, pushed apart so that they do not overlap
  const ends = series.map((vals, s) => ({ s, y: y(vals.at(-1)) })).sort((a, b) => a.y - b.y);
  for (let i = 1; i < ends.length; i++) ends[i].y = Math.max(ends[i].y, ends[i - 1].y + 13);
  const lines = series.map((vals, s) => {
    const pts = vals.map((val, i) => `${x(i).toFixed(1)},${y(val).toFixed(1)}`).join(" ");
    const dots = vals.map((val, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(val).toFixed(1)}" r="2.6" ` +
      `fill="${SEAT_COLOURS[s]}"/>`).join("");
    const ly = ends.find((e) => e.s === s).y;
    return `<g><polyline data-chart-seat="${s}" data-values="${vals.join(",")}" points="${pts}" ` +
      `stroke="${SEAT_COLOURS[s]}"/>${dots}<text x="${W - R + 6}" y="${ly + 4}" fill="${SEAT_COLOURS[s]}" ` +
      `style="fill:${SEAT_COLOURS[s]};font-weight:700">${name(s)} ${vals.at(-1)}</text></g>`;
  }).join("");
  const summary = t("chart_summary", { n: results.length }) + " " +
    series.map((vals, s) => `${name(s)}: ${vals.slice(1).join(", ")}`).join("; ");
  return `<svg data-chart="totals" viewBox="0 0 ${W} ${H}" role="img" aria-label="${summary}">` +
    `<title>${t("chart_title")}</title>${grid}` +
    `<line class="target" x1="${L}" x2="${W - R}" y1="${y(target)}" y2="${y(target)}"/>` +
    `<text class="target-label" x="${L + 4}" y="${y(target) - 4}">${t("chart_target", { n: target })}</text>` +
    `<line class="axis" x1="${L}" x2="${L}" y1="${T}" y2="${H - B}"/>` +
    `<line class="axis" x1="${L}" x2="${W - R}" y1="${H - B}" y2="${H - B}"/>${ticks}${lines}</svg>`;
}

function moonText(result) {
  if (result.moon === null || result.moon === undefined) return "";
  const vr = app.catalog.variants.find((x) => x.name === app.state.variant);
  if (vr && vr.declarations && vr.declarations.length) return ""; // the General's outcome says it (handNotes)
  return t(result.moon_kind === "sun" ? "sun_shot" : "moon_shot", { name: name(result.moon) });
}

function showDialog(name_) {
  const d = $(`dialog[data-dialog="${name_}"]`);
  for (const other of $$("dialog[open]")) if (other !== d) other.close();
  if (!d.open) d.showModal();
  return d;
}

function showHandEnd() {
  const v = view();
  if (!v || !v.results.length) return;
  const r = v.results.at(-1);
  $("#hand-end-title").textContent = t("hand_over", { n: r.hand + 1 });
  const m = moonText(r);
  $("#hand-end-moon").hidden = !m;
  $("#hand-end-moon").textContent = m;
  $("#hand-end-body").innerHTML = handNotes(r) + handSummary(r, v) + scoreSheet(v, true);
  showDialog("hand-end");
  $('[data-action="next-hand"]').focus();
}

function showScores() {
  if (!view()) return;
  $("#scores-chart").innerHTML = totalsChart(view());
  $("#scores-body").innerHTML = scoreSheet(view());
  showDialog("scores");
}

function ordinal(k) {
  if (getLanguage() === "ja") return `${k}位`;
  return k + ({ 1: "st", 2: "nd", 3: "rd" }[k] || "th");
}

function showGameOver() {
  const v = view();
  if (!v) return;
  const winners = v.winners || [];
  const won = winners.includes(me()) && !app.watching;
  const text = won && winners.length === 1 ? t("you_win")
    : t(winners.length > 1 ? "winner_many" : "winner_one", { names: joinNames(winners) });
  $("#game-over-winners").textContent = text;
  const place = 1 + v.totals.filter((x) => x < v.totals[me()]).length;
  $("#game-over-place").textContent = app.watching ? "" : t("your_place", { place: ordinal(place), n: players(), total: v.totals[me()] });
  const r = v.results.at(-1);
  const m = r ? moonText(r) : "";
  const last = r ? handSummary(r, v) : "";
  $("#game-over-chart").innerHTML = totalsChart(v);
  $("#game-over-body").innerHTML = (m ? `<p class="moon-note">${m}</p>` : "") + (r ? handNotes(r) : "") + last +
    scoreSheet(v, true);
  showDialog("game-over");
  if (app.state && app.cur) {
    store.recordResult(app.state.id, app.state.variant, app.state.players, won, v.totals[0]);
  }
}

function maybeShowPhaseDialog(fromEvents) {
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

// ------------------------------------------------------------------ applying server states
async function animateEvents(events, gen, carry0 = 0) {
  const p = pace();
  const list = events || [];
  let carry = carry0; // cards of cancelled tricks waiting for the next trick's winner (two packs)
  if (list.some((ev) => ev.type === "deal")) app.lastDraw = null;
  for (let i = 0; i < list.length; i++) {
    const ev = list[i];
    if (gen !== app.gen) return;
    if (ev.type === "pass") {
      if (ev.received && ev.received.length) {
        const n = players();
        const offset = { left: 1, right: n - 1, across: Math.floor(n / 2) }[ev.direction] || 1;
        const giver = Number.isInteger(ev.from) ? ev.from : (me() + n - offset) % n; // who passed to the viewer
        toast(t("received_from", { cards: sortHand(ev.received).map(cardShort).join(getLanguage() === "ja" ? "・" : ", "),
          name: name(giver) }), "info", "received");
        sound.play("pass");
      }
      renderHand();
    } else if (ev.type === "deal") {
      carry = 0;
      app.shown = [];
      drawTrick();
      const next = list[i + 1];
      if (next && next.type === "play") markTurn(next.seat);
    } else if (ev.type === "play") {
      // the user's own card is already on the table (drawn at the click): leave the trick as it is
      if (!app.shown.some((x) => x.card === ev.card && x.seat === ev.seat)) { // (two packs: a twin is not it)
        if (app.shown.length >= players()) app.shown = []; // safety: a stale full trick
        app.shown.push({ seat: ev.seat, card: ev.card, pack: ev.pack });
        drawTrick({ animateCard: ev.card });
        sound.play("card");
        if (ev.seat !== me()) announce(t("plays", { name: name(ev.seat), card: cardName(ev.card) }));
        markTurn(nextMover(list, i)); // (first: the ring leaves a seat before it is marked out)
        noteOut(list, i);
        if (p.play) await sleep(p.play);
      }
    } else if (ev.type === "trick") {
      app.shown = (ev.cards || []).map((x) => ({ seat: x.seat, card: x.card, pack: x.pack }));
      drawTrick({ winner: ev.winner });
      markTurn(null);
      const outcome = trickOutcome({ cards: app.shown.map((x) => x.card), winner: ev.winner }, carry);
      const lines = outcomeText(outcome, name, ev.winner);
      if (lines.length) toast(lines.join(" "), "info", outcome.cancelled ? "cancelled_trick" : "cancelled_pair");
      carry = ev.winner < 0 ? carry + app.shown.length : 0;
      if (p.hold) await sleep(p.hold);
      if (gen !== app.gen) return;
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
        if (gen !== app.gen) return;
      }
      app.shown = [];
      drawTrick();
      const box = $(`[data-seat-box="${ev.winner}"]`);
      if (box) { box.classList.remove("took"); void box.offsetWidth; box.classList.add("took"); }
      // the trick has gone: the status line names who leads next (the winner), never "Trick complete."
      const next = list[i + 1];
      markTurn(next ? nextMover(list, i) : view().phase === "play" ? view().turn : null);
    } else if (ev.type === "draw") { // Domino Hearts: who drew how many from the stock (the cards: yours only)
      const text = ev.seat === me() && ev.cards && ev.cards.length
        ? t("you_drew", { cards: ev.cards.map(cardShort).join(" ") }) : t("drew_n", { name: name(ev.seat), n: ev.count });
      toast(text, "info", "draw");
      announce(text);
      app.lastDraw = { seat: ev.seat, n: ev.count, cards: ev.seat === me() ? ev.cards || [] : [] };
      if (ev.seat === me()) renderHand();
      if (p.play) await sleep(p.play);
    } else if (ev.type === "declare" && ev.declare) { // the General, before the first lead
      const text = t("general_declared", { name: name(ev.seat) });
      toast(text, "info", "declare");
      announce(text);
    }
  }
}

/**
 * While events play out, the seat to move after event `i`: the seat of the next play (or draw, Domino
 * Hearts) in the list, so that seats out of cards are never passed through; null when the trick is
 * complete or the hand ends; after the last event, the state's turn.
 */
function nextMover(list, i) {
  const next = list[i + 1];
  if (!next) return view().phase === "play" ? view().turn : null;
  return next.type === "play" || next.type === "draw" ? next.seat : null;
}

/**
 * Domino Hearts, while events play out: a seat is marked out once its last card of the hand is on the
 * table (it plays no more in these events and the state has it out), not before.
 */
function noteOut(list, i) {
  const ev = list[i];
  const out = view().out_order || [];
  if (!out.includes(ev.seat) || list.slice(i + 1).some((x) => x.type === "play" && x.seat === ev.seat)) return;
  if (app.outShown && !app.outShown.includes(ev.seat)) {
    app.outShown.push(ev.seat);
    renderSeats();
  }
}

/** The seats shown out of cards (Domino Hearts): while events play out, those out so far. */
function outSeats(v) {
  if (v.phase !== "play") return [];
  return app.busy && app.outShown ? app.outShown : v.out_order || [];
}

/**
 * After the user's card, the next seat of the trick on the table, seats out of cards skipped (Domino
 * Hearts); null once every seat still in has played to it.
 */
function nextInTrick(seat) {
  const out = view().out_order || [];
  const n = players();
  for (let k = 1; k < n; k++) {
    const s = (seat + k) % n;
    if (app.shown.some((x) => x.seat === s)) return null; // round to a seat that has played: trick full
    if (!out.includes(s)) return s;
  }
  return null;
}

/** While events play out: show `seat` (or nobody, null) as the one to move, ring and status line. */
function markTurn(seat) {
  app.moving = seat;
  for (const el of $$("[data-seat-box]")) el.classList.toggle("turn", Number(el.dataset.seatBox) === seat);
  renderStatus();
}

/** Take a new State: keep it, animate its events, then draw it and open any dialog it calls for. */
async function applyState(state, { animate = true } = {}) {
  const gen = ++app.gen;
  const before = view();
  const wasBroken = before && before.hearts_broken;
  if (animate && state.events && state.events.length) setBusy(true); // (at a table no request made it busy)
  // seats out of cards before these events (Domino Hearts); the others are marked as their last card shows
  app.outShown = before && before.hand_index === state.view.hand_index && before.phase === "play"
    ? [...(before.out_order || [])] : [];
  app.state = state;
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
  app.hinted.clear();
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
async function autoPlay(card, gen) {
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

/**
 * Put the keyboard focus on the hand's card that holds the tab stop (a playable card on the user's turn).
 * Without `force` only when the focus is nowhere in particular (the page, or a card that has just left the
 * hand), never away from another control or an open dialog.
 */
function focusHand(force) {
  const hand = $("#hand");
  const a = document.activeElement;
  const free = !a || a === document.body || a === document.documentElement || hand.contains(a) || a === hand;
  if (!force && (!free || $("dialog[open]"))) return;
  const b = $('.card[tabindex="0"]', hand);
  if (b) b.focus({ preventScroll: true });
}

async function act(fn, { optimistic } = {}) {
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

async function handleError(e) {
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

// ------------------------------------------------------------------ leaving an unfinished game
/** Whether the game of view `v` is under way (the user has moved) and not over: leaving it loses something. */
function inProgress(v) {
  if (!v || v.phase === "game-over") return false;
  return v.hand_index > 0 || (v.results && v.results.length > 0) || v.tricks.length > 0 ||
    v.trick.some((x) => x.seat === me()) || (v.passed && v.passed.length > 0) ||
    (v.phase === "pass" && v.has_passed[me()]) || (v.bids && v.bids.some((b) => b.seat === me()));
}

let confirmResolve = null;
/**
 * Ask before an unfinished game is thrown away. kind: "new" | "restart" | "link".
 * Resolves true to go on, false to keep the game. Opens above any open dialog (the options form stays).
 */
function askLeave(kind, params) {
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

function answerConfirm(yes) {
  const d = $('dialog[data-dialog="confirm"]');
  const resolve = confirmResolve;
  confirmResolve = null;
  if (d.open) d.close();
  if (resolve) resolve(yes);
}

/** true when nothing would be lost, or the user agreed to leave the game on the table. */
async function mayLeave(kind) {
  const v = view();
  if (!app.cur || !inProgress(v)) return true;
  return askLeave(kind, { n: app.state.game });
}

// ------------------------------------------------------------------ user actions
/** `hand` less one copy of each card of `cards` (names: with two packs a name may be held twice). */
function withoutCards(hand, cards) {
  const out = [...hand];
  for (const c of cards) { const i = out.indexOf(c); if (i >= 0) out.splice(i, 1); }
  return out;
}

/** A hand button's key (renderHand: "QS", or "QS~2" for a second copy) → the card's name. */
const keyCard = (key) => key.split("~")[0];

function onCardClick(key) {
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

function doPass() {
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

async function doHint() {
  if (!app.cur || app.busy) return;
  const v = view();
  if (!v || !(canPlayNow() || canSelectNow())) {
    toast(reasonText(app.busy ? "busy" : "not_your_turn"), "info");
    return;
  }
  try {
    const h = await api.hint(app.cur.id, app.cur.token, "hard");
    app.hinted = new Set(h.stage === "pass" ? h.cards || [] : h.card ? [h.card] : []);
    renderHand();
    const first = [...app.hinted][0];
    if (first) {
      app.focusCard = first;
      const b = $(`[data-card="${first}"]`);
      if (b) { $$(".card").forEach((c) => { c.tabIndex = -1; }); b.tabIndex = 0; b.focus({ preventScroll: true }); }
    }
  } catch (e) {
    toast(e instanceof ApiError ? reasonText(e.code, e.message) : String(e));
  }
}

async function newGame(settings, { fromForm = false } = {}) {
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

/** A refused game (400 from POST /api/games) in the page's language. */
function refusalText(e) {
  if (e.status === 0) return t("error_net");
  const key = { unknown_variant: "refused_variant", unknown_option: "refused_option", bad_option: "refused_option" }[e.code];
  return key ? t(key, { why: prettyCards(e.message) }) : t("refused_other", { why: e.message });
}

function currentSettings() {
  const s = app.state;
  if (!s) return { variant: "standard", players: 4, options: {}, level: "medium", game: null };
  return {
    variant: s.variant, players: s.players, options: overrides(app.catalog, s.variant, s.options),
    level: s.level || "medium", game: s.game,
  };
}

/** Every level the server knows (a link may name any of them). */
function levels() {
  return app.catalog.levels && app.catalog.levels.length ? app.catalog.levels : LEVELS;
}

/** The levels offered in the options form: the ones meant for players, plus `current` if it is another. */
function formLevels(current) {
  const list = PLAYER_LEVELS.filter((x) => levels().includes(x));
  if (current && !list.includes(current)) list.push(current);
  return list;
}

function nextNumber(n) { return n >= 4294967295 ? 1 : n + 1; }

async function doNewGame() {
  if (!(await mayLeave("new"))) return;
  const s = currentSettings();
  s.game = app.state ? nextNumber(app.state.game) : null;
  await newGame(s);
}

async function doRestart() {
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

async function doDaily() {
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

async function doDownload() {
  if (!app.cur) return;
  try {
    const blob = await api.record(app.cur.id, app.cur.token);
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `hearts-${app.state.variant}-${app.state.game}.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
    toast(t("record_saved"), "info");
  } catch (e) {
    toast(String(e.message || e));
  }
}

function showLastTrick() {
  const v = view();
  const box = $("#last-trick-view");
  if (!box.hidden) { box.hidden = true; return; }
  if (!v || !v.tricks.length) return;
  toggleTaken(false);
  const tr = v.tricks.at(-1);
  box.innerHTML = "";
  tr.cards.forEach((card, i) => {
    const seat = tr.seats ? tr.seats[i] : (tr.leader + i) % players(); // seats drop out in Domino Hearts
    const f = document.createElement("figure");
    if (seat === tr.winner) f.className = "won";
    f.appendChild(cardFace(card, { fourColour: app.settings.fourColour }));
    const cap = document.createElement("figcaption");
    cap.textContent = name(seat);
    f.appendChild(cap);
    f.setAttribute("aria-label", `${name(seat)}: ${cardName(card)}${seat === tr.winner ? " ★" : ""}`);
    f.setAttribute("role", "img");
    box.appendChild(f);
  });
  box.hidden = false;
  setTimeout(() => { box.hidden = true; }, 5000);
}

// ------------------------------------------------------------------ dialogs: stats, settings, options, help
function renderStats() {
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

function selectHtml(nameAttr, values, current, label) {
  return `<select name="${nameAttr}" id="f-${nameAttr}">` + values.map((v) =>
    `<option value="${v}"${String(v) === String(current) ? " selected" : ""}>${label(v)}</option>`).join("") +
    "</select>";
}

function renderSettings() {
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

function applySettings() {
  const s = app.settings;
  document.body.classList.remove("table-green", "table-blue", "table-red", "table-grey");
  document.body.classList.add(`table-${s.table}`);
  document.body.dataset.fourColour = s.fourColour ? "true" : "false";
  sound.setSoundEnabled(s.sound);
}

function onSettingsChange(e) {
  const el = e.target;
  if (el.name === "lang") { switchLanguage(el.value); return; }
  app.settings[el.name] = el.type === "checkbox" ? el.checked : el.value;
  store.saveSettings(app.settings);
  applySettings();
  drawTrick();
  renderAll();
}

function renderOptionsForm(pref) {
  const cat = app.catalog;
  const f = $("#options-form");
  const variant = pref.variant;
  const v = cat.variants.find((x) => x.name === variant) || { players: [3, 4, 5, 6], default_players: 4 };
  const values = { ...variantDefaults(cat, variant), ...(pref.options || {}) };
  const playersVal = v.players.includes(pref.players) ? pref.players : v.default_players;
  let html =
    `<label for="f-variant">${t("variant")}</label>` +
    selectHtml("variant", cat.variants.map((x) => x.name), variant, (n) =>
      variantName(n, (cat.variants.find((x) => x.name === n) || {}).title)) +
    `<label for="f-players">${t("players")}</label>` +
    selectHtml("players", v.players, playersVal, (n) => (getLanguage() === "ja" ? `${n}人` : String(n))) +
    `<label for="f-level">${t("level")}</label>` +
    selectHtml("level", formLevels(pref.level || "medium"), pref.level || "medium", (x) => {
      const label = t(`level_${x}`);
      return label === `level_${x}` ? x : label;
    }) +
    `<label for="f-deal">${t("deal_number")}</label>` +
    `<div class="field"><input type="number" name="deal" id="f-deal" min="1" max="${MAX_GAME}" step="1"` +
    ` inputmode="numeric" placeholder="${t("deal_random")}" value="${pref.game ?? ""}" aria-describedby="err-deal">` +
    `<span class="field-error" id="err-deal" data-error-for="deal" hidden></span></div>` +
    `<fieldset><legend>${t("house_rules")}</legend><p class="hint-text">${t("defaults_note")}</p>`;
  for (const o of cat.options) {
    const id = `f-opt-${o.key}`;
    const val = values[o.key];
    html += `<label for="${id}" data-label-for="${o.key}" title="${o.help.replace(/"/g, "&quot;")}">${optionLabel(o)}</label>`;
    if (o.type === "bool") {
      html += `<input type="checkbox" id="${id}" name="opt.${o.key}" data-opt="${o.key}"${val ? " checked" : ""}>`;
    } else if (o.type === "int") {
      html += `<div class="field"><input type="number" id="${id}" name="opt.${o.key}" data-opt="${o.key}" value="${val}"` +
        ` step="1" inputmode="numeric" aria-describedby="err-${o.key}"` +
        `${o.min !== undefined ? ` min="${o.min}"` : ""}${o.max !== undefined ? ` max="${o.max}"` : ""}>` +
        `<span class="field-error" id="err-${o.key}" data-error-for="${o.key}" hidden></span></div>`;
    } else {
      html += `<select id="${id}" name="opt.${o.key}" data-opt="${o.key}">` + o.choices.map((c) =>
        `<option value="${c}"${c === val ? " selected" : ""}>${choiceLabel(o.key, c)}</option>`).join("") + "</select>";
    }
  }
  html += "</fieldset>";
  f.innerHTML = html;
  $("#options-error").hidden = true;
  updateOptionRelevance();
}

/** Grey out the house rules that do not apply with the others as chosen (e.g. the bonus card without the bonus). */
function updateOptionRelevance() {
  const f = $("#options-form");
  const values = {};
  for (const el of $$("[data-opt]", f)) values[el.dataset.opt] = el.type === "checkbox" ? el.checked : el.value;
  for (const el of $$("[data-opt]", f)) {
    const applies = optionApplies(el.dataset.opt, values);
    el.disabled = !applies;
    const label = $(`[data-label-for="${el.dataset.opt}"]`, f);
    if (label) label.classList.toggle("not-applicable", !applies);
  }
}

/** Check the form against the limits of GET /api/variants; marks each wrong field. true when all is well. */
function validateOptionsForm() {
  const f = $("#options-form");
  let first = null;
  const mark = (input, errId, message) => {
    const err = $(`#${errId}`, f);
    input.setAttribute("aria-invalid", message ? "true" : "false");
    err.textContent = message || "";
    err.hidden = !message;
    if (message && !first) first = input;
  };
  const whole = (raw) => (/^\s*-?\d+\s*$/.test(raw) ? Number(raw) : NaN);
  const deal = $("#f-deal", f);
  const d = deal.value.trim();
  const dn = whole(d);
  mark(deal, "err-deal", d === "" || (dn >= 1 && dn <= MAX_GAME) ? "" : t("err_deal", { max: MAX_GAME }));
  for (const el of $$('input[type="number"][data-opt]', f)) {
    const spec = app.catalog.options.find((o) => o.key === el.dataset.opt);
    const n = whole(el.value);
    const lo = spec.min ?? -Infinity;
    const hi = spec.max ?? Infinity;
    let msg = "";
    if (!el.disabled && !(Number.isInteger(n) && n >= lo && n <= hi)) {
      msg = Number.isFinite(lo) && Number.isFinite(hi) ? t("err_range", { min: lo, max: hi })
        : Number.isFinite(lo) ? t("err_min", { min: lo }) : t("err_whole");
    }
    mark(el, `err-${spec.key}`, msg);
  }
  for (const el of $$("select[data-opt]", f)) {
    const spec = app.catalog.options.find((o) => o.key === el.dataset.opt);
    if (spec.choices.length && !spec.choices.includes(el.value)) el.value = spec.default;
  }
  const box = $("#options-error");
  box.hidden = !first;
  box.textContent = first ? t("err_form") : "";
  if (first) first.focus();
  return !first;
}

async function startFromForm() {
  if (!validateOptionsForm()) return;
  const settings = readOptionsForm();
  if (!(await mayLeave("new"))) return;
  await newGame(settings, { fromForm: true });
}

function readOptionsForm() {
  const f = $("#options-form");
  const variant = $("#f-variant", f).value;
  const options = {};
  for (const el of $$("[data-opt]", f)) {
    const spec = app.catalog.options.find((o) => o.key === el.dataset.opt);
    if (el.disabled) continue; // a rule that does not apply keeps the variant's default
    if (el.type === "checkbox") options[spec.key] = el.checked;
    else if (spec.type === "int") {
      const n = parseInt(el.value, 10);
      options[spec.key] = Number.isInteger(n) ? n : spec.default;
    } else options[spec.key] = el.value;
  }
  const deal = $("#f-deal", f).value.trim();
  return {
    variant, players: parseInt($("#f-players", f).value, 10), level: $("#f-level", f).value,
    options: overrides(app.catalog, variant, options), game: deal ? parseInt(deal, 10) : null,
  };
}

let helpTab = "rules";
function showHelp(tab) {
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

function switchLanguage(l) {
  setLanguage(l || (getLanguage() === "ja" ? "en" : "ja"));
  translatePage();
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

// ------------------------------------------------------------------ URL
/**
 * The game the address asks for: {has, settings, problems}. Each part that cannot be used is left out
 * (the rest of the link still counts) and described in `problems` (sentences in the page's language).
 */
function readUrl() {
  const q = new URLSearchParams(location.search);
  const has = ["deal", "variant", "players", "level"].some((k) => q.has(k)) || [...q.keys()].some((k) => k.startsWith("opt."));
  const problems = [];
  const shown = (x) => (x.length > 24 ? `${x.slice(0, 24)}…` : x);
  let variant = "standard";
  if (q.has("variant")) {
    if (app.catalog.variants.some((v) => v.name === q.get("variant"))) variant = q.get("variant");
    else problems.push(t("bad_variant", { v: shown(q.get("variant")) }));
  }
  const v = app.catalog.variants.find((x) => x.name === variant);
  let pl = v ? v.default_players : 4;
  if (q.has("players")) {
    const raw = q.get("players");
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
    const allowed = v ? v.players : [3, 4, 5, 6];
    if (allowed.includes(n)) pl = n;
    else problems.push(t("bad_players", { v: shown(raw), min: Math.min(...allowed), max: Math.max(...allowed) }));
  }
  const options = {};
  for (const [k, raw] of q.entries()) {
    if (!k.startsWith("opt.")) continue;
    const spec = app.catalog.options.find((o) => o.key === k.slice(4));
    const val = parseOptionValue(spec, raw);
    const inRange = val !== undefined && (!spec || spec.type !== "int" ||
      ((spec.min === undefined || val >= spec.min) && (spec.max === undefined || val <= spec.max)));
    if (!spec) problems.push(t("bad_opt_key", { k: shown(k.slice(4)) }));
    else if (!inRange) problems.push(t("bad_opt", { k: spec.key, v: shown(raw), rule: optionLabel(spec) }));
    else options[spec.key] = val;
  }
  let game = null;
  if (q.has("deal")) {
    const raw = q.get("deal");
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (n >= 1 && n <= MAX_GAME) game = n;
    else problems.push(t("bad_deal", { v: shown(raw), max: MAX_GAME }));
  }
  let level = "medium";
  if (q.has("level")) {
    if (levels().includes(q.get("level"))) level = q.get("level");
    else problems.push(t("bad_level", { v: shown(q.get("level")) }));
  }
  return {
    has, problems,
    settings: { variant, players: pl, options: overrides(app.catalog, variant, options), level, game },
  };
}

/** "game #123: Hearts (standard), 4 players" for the notice about a link. */
function describeGame(s) {
  const v = app.catalog.variants.find((x) => x.name === s.variant);
  return t("game_desc", { n: s.game, variant: variantName(s.variant, v && v.title), players: s.players });
}

function urlFor(s) {
  const q = new URLSearchParams();
  q.set("deal", String(s.game));
  if (s.variant !== "standard") q.set("variant", s.variant);
  const v = app.catalog.variants.find((x) => x.name === s.variant);
  if (!v || s.players !== v.default_players) q.set("players", String(s.players));
  if (s.level && s.level !== "medium") q.set("level", s.level);
  for (const [k, val] of Object.entries(s.options || {})) q.set(`opt.${k}`, String(val));
  return `${location.pathname}?${q.toString()}${location.hash}`;
}

function syncUrl() {
  if (!app.state) return;
  history.replaceState(null, "", urlFor(currentSettings()));
}

function sameGame(cur, s) {
  if (!cur || cur.game !== s.game || cur.variant !== s.variant || cur.players !== s.players) return false;
  if ((cur.level || "medium") !== (s.level || "medium")) return false;
  const a = overrides(app.catalog, cur.variant, cur.options);
  const b = s.options || {};
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

// ------------------------------------------------------------------ wiring
function onKey(e) {
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
function toggleMenu(open) {
  const bar = $(".toolbar");
  const on = open ?? !bar.classList.contains("open");
  bar.classList.toggle("open", on);
  $('[data-action="menu"]').setAttribute("aria-expanded", on ? "true" : "false");
  if (on) { const first = $("#menu-items button"); if (first) first.focus(); }
}

function wire() {
  // how the user is playing: the focus ring on a card is drawn for the keyboard, not after a tap or click
  document.addEventListener("pointerdown", () => { document.body.dataset.input = "pointer"; }, true);
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
      "show-game-over": () => { if (view()) { showDialog("game-over"); $('[data-action="next-game"]').focus(); } },
      "dismiss-notice": () => notice(""),
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
}

async function start() {
  installCardDefs();
  setLanguage(initialLanguage());
  translatePage();
  applySettings();
  wire();
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
function tableHooks() {
  return {
    app, t, toast, renderAll, renderStatus, renderSeats, showDialog, setBusy, players,
    applyState: (state, opts) => applyState(state, opts),
    adopt(adapter, tx) { app.table = adapter; app.tx = tx; },
    setSeat(seat, watching) { app.me = seat; app.watching = watching; },
    refused(code, message) {
      toast(reasonText(code, message), "error", code);
      sound.play("error");
    },
    name,
  };
}

start();
