// View: the table (header, seats, the trick in the middle, the status line and its panels, the badges of
// the family games, the last trick and the cards taken). Draws from state.js; changes nothing but the DOM.
import { $, $$, app, isTurn, me, name, fixedHands, noPassHand, outSeats, pace, passCount, players, rel, scoredHand, userHasPlayed, valueDecision, view } from "./state.js";
import { BIG, declaration, familyTags, partnersOf, seatSpot, trickNotes, twins } from "./family.js";
import { SUIT_SYMBOLS, cardName, cardShort, formatDay, getLanguage, nameList, t } from "./i18n.js";

import { cardBack, cardFace, sortHand } from "./cards.js";
import { decideNow } from "./actions.js";
import { decisionPanel, decisionStatus } from "./decisions.js";
import { gaveUpSeats, renderGiveUp } from "./giveup.js";
import { hideToast, placeToast } from "./messages.js";
import { renderHand } from "./view-hand.js";
import { variantName } from "./options.js";

/** The direction (radians) of place `seat` round the trick: evenly spaced, the viewer at the bottom. */
export function seatAngle(seat, n) { return ((90 + (seat * 360) / n) * Math.PI) / 180; }

export function renderHeader() {
  const s = app.state;
  $("[data-game-number]").textContent = s && s.game !== null && s.game !== undefined ? String(s.game) : "";
  const daily = app.daily && s && s.game === app.daily.game && s.variant === "standard" && s.players === 4;
  $("#game-label").textContent = daily ? t("daily_label", { date: formatDay(app.daily.date) }) : "";
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

export function renderSeats() {
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
      // a seat in the upper half keeps its panel inside the felt on a short screen (a phone turned sideways)
      // (and one in the lower half above your own, where the CSS asks it: five or six on a short screen)
      if (r) el.style.top = y < 50 ? `max(${y}%, var(--seat-top-min, 40px))` : `min(${y}%, calc(100% - var(--seat-bottom-min, 0px)))`;
      el.innerHTML = `<div class="name"></div>` + (r ? `<div class="backs" aria-hidden="true"></div>` : "") +
        `<div class="total" data-total-seat="${seat}"></div><div class="sub"></div><div class="tags"></div>` +
        `<div class="gave-up-badge" data-gave-up-seat="${seat}" hidden></div>`;
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
    // once a hand is scored, show what it scored (after a moon: 0 for the shooter, not the 26 taken); while
    // tricks are still being played out on the table, what was taken before them
    const held = app.heldTricks || [];
    const r = held.length ? null : scoredHand(v);
    const pts = r ? r.points[seat] : v.points_taken[seat] - held.reduce((a, x) => a + (x.taker === seat ? x.points : 0), 0);
    const won = v.tricks_won[seat] - held.filter((x) => x.winner === seat).length;
    const moon = r && r.moon === seat;
    $(".sub", el).innerHTML = `<span class="pts" data-points-seat="${seat}">${t("points_n", { n: pts })}` +
      `${moon ? ` <span class="moon-mark">${t("moon_mark")}</span>` : ""}</span>` +
      `<span class="sep"> · </span><span class="tr">${t("tricks_n", { n: won })}</span>` +
      (n >= BIG && seat !== me() ? `<span class="cl">${t("cards_left", { n: v.counts[seat] })}</span>` : "");
    const tags = seatTags(v, seat);
    $(".tags", el).textContent = tags;
    const gave = gaveUpSeats(v).includes(seat); // Hearts 1887: the seat gave up the hand
    const gb = $(".gave-up-badge", el);
    gb.hidden = !gave;
    gb.textContent = gave ? t("gave_up_badge") : "";
    el.setAttribute("aria-label", `${name(seat)}: ${t("total")} ${v.totals[seat]}, ` +
      `${t("this_hand")} ${t("points_n", { n: pts })}${moon ? ` (${t("moon_mark")})` : ""}, ` +
      `${t("cards_left", { n: v.counts[seat] })}${tags ? `, ${tags}` : ""}${gave ? `, ${t("gave_up_badge")}` : ""}`);
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
  keepClear(); // a panel's height changes with its tags (computer, thinking…)
}

/**
 * The short facts under a seat's numbers: its bid in an auction, the auction's winner, its chips where
 * chips are paid, and at a table with friends who holds the seat (computer, away, the turn timer).
 */
export function seatTags(v, seat) {
  const out = [];
  const bid = (v.bids || []).find((b) => b.seat === seat);
  if (v.declarer === seat && v.penalty_suit === null && v.phase === "suit") out.push(t("tag_declarer"));
  else if (bid && (v.phase === "bid" || v.phase === "suit" || v.declarer === seat)) {
    out.push(bid.bid === null ? t("tag_no_bid") : (bid.bid === true ? t("tag_slam_bid") : t("tag_bid", { n: bid.bid })));
  }
  if (v.chips && v.chips.length) out.push(t("chips_n", { n: v.chips[seat] }));
  out.push(...familyTags({ ...v, out_order: outSeats(v) }, seat, me())); // out: as far as shown
  if (app.table) out.push(...app.table.seatTags(seat));
  return out.join(" · ");
}

export function trickPos(seat, n) {
  const a = seatAngle(rel(seat), n);
  const r = n >= 5 ? 38 : 33;
  return { x: 50 + r * Math.cos(a), y: 50 + (r - 2) * Math.sin(a), dx: Math.cos(a) * 160, dy: Math.sin(a) * 160 };
}

export function drawTrick({ animateCard = null, winner = null } = {}) {
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
    d.dataset.y = String(p.y);
    d.style.zIndex = String(Math.round(p.y)); // a lower card lies over a higher one: every card's index shows
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
  keepClear();
}

let clearWatch = null; // the ResizeObserver of keepClear

/**
 * Keep what is drawn on the felt from covering a seat's panel, in this order:
 * - a seat at the felt's left or right edge moves down clear of the badges (top left), the corner
 *   buttons (top right) and the seat above it on that side (five players, three on a phone turned
 *   sideways: the upper side seats lay over "Hand 1", the hearts badge and "Cards taken");
 * - a trick card moves down off the panel of the seat above it that played it (a 1366 x 768 laptop:
 *   the top seat's card covered that seat's points and tricks);
 * - the pass panel and the decision panel move off the seats (:func:`placePanelsClear`).
 * Called after the seats, the trick and the status are drawn, and whenever the felt, the trick, the
 * badges or a seat's panel changes size (a ResizeObserver: the window resized, a tag added).
 */
export function keepClear() {
  const trick = $("#trick");
  if (!trick) return;
  if (!clearWatch && typeof ResizeObserver === "function") {
    // the felt's and the panels' sizes settle after a resize event (the hand is laid out, fonts load)
    clearWatch = new ResizeObserver(() => placeAllClear());
    for (const el of [trick, $(".felt"), $(".center-badges"), $(".corner-buttons")]) if (el) clearWatch.observe(el);
  }
  if (clearWatch) for (const box of document.querySelectorAll("[data-seat-box]")) clearWatch.observe(box);
  placeAllClear();
}

function placeAllClear() {
  placeSeatsCompact();
  placeTrickClear($("#trick"));
  placePanelsClear();
}

/**
 * Place the side seats (:func:`placeSeatsClear`); where seats still overlap one another or the badges
 * (five or six players on a 320 x 568 phone, or on a phone turned sideways in Japanese: a felt too short
 * for three seats a side) the seats take their compact form (`.table.compact`: no row of card backs under the
 * side seats' names, your own panel narrower), then a denser one (`.denser`: a side seat's total beside
 * its name), and are placed again.
 */
function placeSeatsCompact() {
  const table = $("#table");
  const use = (form) => {
    table.classList.remove(...SEAT_FORMS.flat());
    table.classList.add(...form);
    placeSeatsClear();
    return seatOverlaps();
  };
  let best = null;
  for (const form of SEAT_FORMS) {
    const n = use(form);
    if (!n) return;
    if (!best || n < best.n) best = { form, n };
  }
  if (best.form !== SEAT_FORMS[SEAT_FORMS.length - 1]) use(best.form); // none clears: the one that overlaps least
}

// the seats' forms, tried in order: the usual one, without the card backs, then each side seat's total
// beside its name
const SEAT_FORMS = [[], ["compact"], ["compact", "denser"]];

/** How many times a seat's panel overlaps another's, a badge or a corner button. */
function seatOverlaps() {
  const boxes = [...document.querySelectorAll("[data-seat-box]")].map((el) => el.getBoundingClientRect());
  const others = shownBoxes(BADGES);
  return boxes.reduce((n, a, i) => n + boxes.slice(i + 1).concat(others).filter((b) => overlaps(a, b)).length, 0);
}

/** Move each side seat down below what lies above it on its side (see :func:`keepClear`), as far as the
 * felt (on the left: your own panel) leaves room; the two seats of a row (Northwest and Northeast) move
 * alike, so that the table stays symmetric. */
function placeSeatsClear() {
  const seats = [...document.querySelectorAll("#seats .seat.edge-left, #seats .seat.edge-right")];
  for (const el of seats) el.style.translate = "";
  const felt = $(".felt").getBoundingClientRect();
  const mine = $("#seats .seat.me");
  const side = {
    "edge-left": { placed: shownBoxes(".center-badges > :not([hidden])"), floor: mine ? mine.getBoundingClientRect().top : felt.bottom },
    "edge-right": { placed: shownBoxes(".corner-buttons > :not([hidden])"), floor: felt.bottom },
  };
  const sideOf = (el) => side[el.classList.contains("edge-left") ? "edge-left" : "edge-right"];
  const rows = [];
  for (const el of seats.map((e) => ({ el: e, r: e.getBoundingClientRect() })).sort((a, b) => a.r.top - b.r.top)) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0].r.top - el.r.top) < 2) row.push(el); else rows.push([el]);
  }
  for (const row of rows) {
    let down = 0;
    for (const { el, r } of row) {
      for (const o of sideOf(el).placed) {
        const beside = o.left < r.right && r.left < o.right;
        // a badge or corner button is above every side seat (a compact seat may start higher than its top)
        const higher = !o.el || o.top + o.height / 2 < r.top + r.height / 2;
        if (beside && higher) down = Math.max(down, Math.ceil(o.bottom + 4 - r.top));
      }
    }
    for (const { el, r } of row) {
      const s = sideOf(el);
      const d = Math.max(0, Math.min(down, Math.floor(s.floor - 4 - r.bottom)));
      el.style.translate = d ? `0 ${d}px` : "";
      const box = { left: r.left, right: r.right, top: r.top + d, bottom: r.bottom + d, height: r.height, width: r.width, el, d };
      s.placed.push(box);
    }
  }
  // where the floor stopped a seat short (your own panel below it: six players on a phone turned sideways),
  // the seat above it moves up instead, as far as the felt and what lies above that seat leave room
  for (const s of Object.values(side)) {
    const col = s.placed.filter((b) => b.el);
    for (let i = col.length - 2; i >= 0; i--) {
      const up = col[i], low = col[i + 1];
      const over = Math.ceil(up.bottom + 4 - low.top);
      if (over <= 0) continue;
      let ceiling = felt.top;
      for (const o of s.placed) {
        if (o === up || o.bottom > up.top + up.height / 2) continue;
        if (o.left < up.right && up.left < o.right) ceiling = Math.max(ceiling, o.bottom);
      }
      const lift = Math.min(over, Math.floor(up.top - ceiling - 4));
      if (lift <= 0) continue;
      up.d -= lift;
      up.top -= lift;
      up.bottom -= lift;
      up.el.style.translate = up.d ? `0 ${up.d}px` : "";
    }
  }
}

function placeTrickClear(trick) {
  if (!trick || !trick.children.length) return;
  const tr = trick.getBoundingClientRect();
  for (const d of trick.querySelectorAll(".tcard")) {
    const y = Number(d.dataset.y);
    const box = $(`[data-seat-box="${d.dataset.seat}"]`);
    if (Number.isNaN(y)) continue;
    let want = `${y}%`; // set once: a second change in the same frame would restart the move's transition
    if (box && !box.classList.contains("me")) {
      const b = box.getBoundingClientRect();
      const h = d.offsetHeight, w = d.offsetWidth;
      const top = tr.top + (y / 100) * tr.height - h / 2;
      const left = tr.left + (parseFloat(d.style.left) / 100) * tr.width - w / 2;
      const above = b.top + b.height / 2 < top + h / 2;
      const apart = left >= b.right || left + w <= b.left || top >= b.bottom + 4 || top + h <= b.top;
      if (above && !apart) want = `calc(${y}% + ${Math.ceil(b.bottom + 4 - top)}px)`;
    }
    if (d.style.top !== want) d.style.top = want;
  }
}

export function renderStatus() {
  const v = view();
  const st = $("#status");
  const panel = $("#pass-panel");
  const passBtn = $('[data-action="pass"]');
  if (!v) { st.textContent = t("loading"); return; }
  $("#hand-no").textContent = v.hand_index >= 0 ? t("hand_no", { n: v.hand_index + 1 }) : "";
  $("#hand-no").hidden = v.hand_index < 0; // before the first deal (a table waiting to start): no "Hand 0"
  const hm = $("#hearts-mark");
  hm.hidden = v.hand_index < 0; // before the first deal (a table waiting to start) no hand has a lead to speak of
  hm.dataset.heartsBroken = v.hearts_broken ? "true" : "false";
  // where hearts need not be broken (Black Maria, Domino, Auction, 1887 Hearts, the option), the badge says
  // hearts may be led, never that they cannot be led yet
  const open = !!(app.state.options && app.state.options.hearts_lead_any_time);
  hm.dataset.heartsLead = open ? "any" : v.hearts_broken ? "broken" : "not-yet";
  const key = open ? "hearts_any_time" : v.hearts_broken ? "hearts_broken" : "hearts_unbroken";
  // an auction's winner named another suit: the badge speaks of that suit (the penalty cards of the hand)
  const named = v.penalty_suit && v.penalty_suit !== "H" ? v.penalty_suit : "H";
  hm.dataset.leadSuit = named;
  const use = $("use", hm);
  if (use && use.getAttribute("href") !== `#suit-${named}`) use.setAttribute("href", `#suit-${named}`);
  if (named === "H") {
    $(".hearts-text", hm).textContent = t(key);
    hm.title = t(`${key}_help`);
  } else {
    const suit = t(`suit_${named}`);
    const cap = suit.charAt(0).toUpperCase() + suit.slice(1);
    $(".hearts-text", hm).textContent = t("suit_any_time", { suit: cap, sym: SUIT_SYMBOLS[named] });
    hm.title = t("suit_any_time_help", { suit });
  }
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
  renderGiveUp();
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
      // passed, the others not all yet (a table with friends: they choose at their own pace): say which
      // cards went and whom the exchange waits for
      const slow = v.has_passed.map((done, s) => (done ? null : s)).filter((s) => s !== null && s !== me());
      msg = !app.watching && v.has_passed[me()] && slow.length && (v.passed || []).length
        ? t("pass_waiting_for", { cards: v.passed.map(cardShort).join(" "), names: nameList(slow.map(name)) })
        : t("pass_waiting");
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
  st.dataset.msg = msg; // (the decision panel's `bare` layout shows its question here instead)
  // a message longer than the line (a narrow phone: the pass's wait, a friend waiting for a seat) is said
  // whole, on two lines, rather than cut off
  st.classList.remove("said");
  if (st.scrollWidth > st.clientWidth + 1) st.classList.add("said");
  keepClear();
  if (!$("#taken-view").hidden) renderTaken();
  placeToast();
}

// the layouts each panel tries, in order (CSS classes; `narrow` also fits the panel between the side seats)
const PASS_LAYOUTS = [[], ["row"], ["row", "tight"], ["tight", "narrow"]];
const DECIDE_LAYOUTS = [[], ["tight"], ["tight", "narrow"], ["tight", "bare"], ["tight", "bare", "narrow", "grid"]];
const NEAR = 48; // px: a panel moved further than this from its place is the last resort

/**
 * The pass panel (and its "no passing" / "show the scores" forms) and the decision panel (a bid, the
 * penalty suit...) must not cover a seat: the pass panel covered the top seat's tricks on a 1280 x 650
 * laptop and the side seats' points on phones, Auction Hearts' bid panel the side seats on phones and
 * the top seat on phones turned sideways.  Each panel tries its layouts in order (the usual one; for
 * the pass panel its text beside its button; smaller; narrow enough to stand between the side seats;
 * for the decision panel its buttons alone, the question said in the status line under the felt, and
 * last those buttons in a block of four columns between the side seats: a 320 x 568 phone),
 * each where it is and then moved up or down at most `NEAR` px, then each moved as far as the felt
 * allows; it keeps the first that covers no seat, badge or corner button, else the one that covers
 * least.
 */
function placePanelsClear() {
  const pass = $("#pass-panel");
  if (pass && !pass.hidden) placeClear(pass, PASS_LAYOUTS);
  const decide = $("#decide-panel");
  if (decide && !decide.hidden) {
    placeClear(decide, DECIDE_LAYOUTS);
    // bare: the buttons alone on the felt, the question in the status line under it
    const st = $("#status");
    const q = $("#decide-q");
    const said = decide.classList.contains("bare") && q ? q.textContent : st.dataset.msg;
    if (said !== undefined && st.textContent !== said) st.textContent = said;
    st.classList.remove("said"); // the whole question (or a long message), on two lines if need be
    if (said !== st.dataset.msg || st.scrollWidth > st.clientWidth + 1) st.classList.add("said");
  }
}

function placeClear(panel, layouts) {
  const all = layouts.flat();
  const tryLayout = (layout) => {
    panel.classList.remove(...all);
    panel.style.translate = "";
    panel.style.maxWidth = "";
    panel.classList.add(...layout);
    if (layout.includes("narrow")) fitBetweenSides(panel);
    return panel.getBoundingClientRect();
  };
  // a layout whose text or buttons run out of the panel (a row too long for the screen) is no choice
  const spills = () => panel.scrollWidth > panel.clientWidth + 1 || panel.scrollHeight > panel.clientHeight + 1;
  const obstacles = panelObstacles();
  for (const far of [false, true]) {
    for (const layout of layouts) {
      const r = tryLayout(layout);
      if (spills()) continue;
      const dy = clearShift(r, obstacles, far ? Infinity : NEAR);
      if (dy === null) continue;
      if (dy) panel.style.translate = `${panel.style.translate.split(" ")[0] || "0"} ${dy}px`;
      return;
    }
  }
  let best = null;
  for (const layout of layouts) {
    if (layout.includes("bare")) continue; // only where it clears everything: the question is worth its room
    const r = tryLayout(layout);
    const cost = coveredArea(r, obstacles) + (spills() ? 1e9 : 0);
    if (!best || cost < best.cost) best = { layout, cost };
  }
  tryLayout(best.layout);
}

/** The `narrow` layout: no wider than the room between the side seats' columns, centred in it. */
function fitBetweenSides(panel) {
  const left = [...document.querySelectorAll("#seats .seat.edge-left")].map((el) => el.getBoundingClientRect().right);
  const right = [...document.querySelectorAll("#seats .seat.edge-right")].map((el) => el.getBoundingClientRect().left);
  if (!left.length || !right.length) return;
  const from = Math.max(...left) + 4;
  const to = Math.min(...right) - 4;
  if (to - from < 120) return; // no room worth the name: the panel keeps its width
  panel.style.maxWidth = `${Math.floor(to - from)}px`;
  const r = panel.getBoundingClientRect();
  const dx = Math.round((from + to) / 2 - (r.left + r.right) / 2);
  if (dx) panel.style.translate = `${dx}px 0`;
}

/** What a panel must leave uncovered: the seats' panels, the badges and the corner buttons (boxes). */
function panelObstacles() {
  return shownBoxes(`[data-seat-box], ${BADGES}`);
}

/** The smallest move up or down (px, at most `limit`) that takes box `r` off every obstacle and keeps it
 * on the felt, 0 when it covers none where it is; null when there is none. */
function clearShift(r, obstacles, limit) {
  const hits = (dy) => obstacles.some((b) => overlaps({ left: r.left, right: r.right, top: r.top + dy, bottom: r.bottom + dy }, b));
  if (!hits(0)) return 0;
  const felt = $(".felt").getBoundingClientRect();
  const lo = felt.top + 4 - r.top;
  const hi = felt.bottom - 4 - r.bottom;
  const candidates = [lo, hi];
  for (const b of obstacles) candidates.push(Math.ceil(b.bottom + 4 - r.top), Math.floor(b.top - 4 - r.bottom));
  let best = null;
  for (const dy of candidates) {
    if (dy < lo || dy > hi || Math.abs(dy) > limit || hits(dy)) continue;
    if (best === null || Math.abs(dy) < Math.abs(best)) best = dy;
  }
  return best;
}

function coveredArea(r, obstacles) {
  let area = 0;
  for (const b of obstacles) {
    const w = Math.min(r.right, b.right) - Math.max(r.left, b.left);
    const h = Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top);
    if (w > 0 && h > 0) area += w * h;
  }
  return area;
}

// the badges (top left) and the corner buttons (top right) shown on the felt
const BADGES = ".center-badges > :not([hidden]), .corner-buttons > :not([hidden])";

/** The boxes (viewport px) of the elements matching `selector` that take up room on the page. */
function shownBoxes(selector) {
  return [...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect())
    .filter((b) => b.width > 0 && b.height > 0);
}

/** Whether boxes `a` and `b` (left, top, right, bottom) share any area. */
function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}


/**
 * The family games' facts in the middle of the table: the pot where chips are paid, the penalty suit an
 * auction's winner named, the widow (face down until the first trick's winner takes it; its cards shown to
 * that player alone), the jokers played.
 */
export function renderPots(v) {
  const box = $("#pots");
  const bits = [];
  const chip = (kind, text, title = "") =>
    `<span class="pot-chip" data-pot="${kind}"${title ? ` title="${title}"` : ""}>${text}</span>`;
  if (v.chips && v.chips.length) {
    const due = potDue(v); // what the hand on the table will pay in: the pot badge shows it as it comes
    bits.push(chip("pot", t("pot_n", { n: (v.pot || 0) + due.total }),
      due.total ? t("pot_due_help", { pot: v.pot || 0, bid: due.bid, points: due.points }) : t("pot_help")));
  }
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
  if (target && target !== 100 && !fixedHands()) bits.push(chip("target", t("target_chip", { n: target })));
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

/**
 * The chips the hand being played will pay into the pot when it is settled (rules of the State's options,
 * settle.hand_chips): the auction's winning bid, and under the "pool" settlement a chip for each point taken
 * so far. {bid, points, total}; all 0 once the hand is scored (the view's pot has them then).
 */
export function potDue(v) {
  if (v.phase === "deal" || v.phase === "game-over" || v.hand_index < 0) return { bid: 0, points: 0, total: 0 };
  const won = v.declarer !== null && v.declarer !== undefined && (v.bids || []).find((b) => b.seat === v.declarer);
  const bid = won && Number.isInteger(won.bid) ? won.bid : 0;
  const pool = app.state.options && app.state.options.settlement === "pool";
  const points = pool ? (v.points_taken || []).reduce((a, p) => a + Math.max(0, p), 0) : 0;
  return { bid, points, total: bid + points };
}

/** Notes in the middle of the table: a cancelled pair or trick, the cards carried over, the last draw. */
export function renderTrickNotes(v) {
  const box = $("#trick-note");
  const notes = app.busy ? [] : trickNotes(v, name, me(), app.lastDraw);
  box.innerHTML = `<div class="note-stack">${notes.map((x) =>
    `<span class="note-line" data-note="${x.kind}">${x.text}</span>`).join("")}</div>`;
  box.hidden = !notes.length;
  // the last draw is said once: when its note is on the table, the message that said it goes
  if (notes.some((x) => x.kind === "draw") && $("#toast").dataset.reason === "draw") hideToast();
  // clear of the trick's cards: with 3 seats below the two others' cards, with 4 on a phone between
  // North's card and the row of West's and East's (the middle is free from 5 seats on)
  const n = players();
  const phone = window.matchMedia("(max-width: 720px), (max-height: 500px)").matches; // as hearts.css
  box.style.setProperty("--note-y", n === 3 ? "62%" : n === 4 && phone ? "34%" : "50%");
}

export function renderAll() {
  renderHeader();
  renderSeats();
  renderStatus();
  renderHand();
}

/** The penalty cards each player has taken so far this hand (the "Cards taken" panel). */
export function renderTaken() {
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

export function toggleTaken(show) {
  const box = $("#taken-view");
  const on = show ?? box.hidden;
  if (on) { $("#last-trick-view").hidden = true; renderTaken(); }
  box.hidden = !on || !(app.state && app.state.score_detail);
  $('[data-action="taken"]').setAttribute("aria-expanded", box.hidden ? "false" : "true");
}

/** While events play out: show `seat` (or nobody, null) as the one to move, ring and status line. */
export function markTurn(seat) {
  app.moving = seat;
  for (const el of $$("[data-seat-box]")) el.classList.toggle("turn", Number(el.dataset.seatBox) === seat);
  renderStatus();
}

export function showLastTrick() {
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

