// View: the player's hand (one row or two, the cards that may be played, received, drawn and passed marks, hints).
import { $, $$, app, canPlayNow, canSelectNow, me, receivedMarks, view } from "./state.js";
import { cardFace, sortHand } from "./cards.js";
import { cardName, t } from "./i18n.js";

export const MIN_STEP = 34; // px of each card left uncovered: below this the hand goes on two rows

/** How to lay `count` cards out in the hand's width: {rows: 1 or 2, perRow, step (px)}. */
export function handLayout(count) {
  const hand = $("#hand");
  const cardW = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--card-w")) || 84;
  const avail = (hand.clientWidth || window.innerWidth) - 8;
  const stepFor = (k) => Math.min(cardW * 0.98, (avail - cardW) / Math.max(1, k - 1));
  if (count <= 1 || stepFor(count) >= MIN_STEP) return { rows: 1, perRow: count, step: stepFor(count) };
  const perRow = Math.ceil(count / 2);
  return { rows: 2, perRow, step: Math.max(14, stepFor(perRow)) };
}

let lastRows = 1;

export function layoutHand() {
  const count = $$("#hand .card").length || 13;
  const lay = handLayout(count);
  if (lay.rows !== lastRows) { renderHand(); return; }
  $("#hand").style.setProperty("--step", `${lay.step}px`);
}

export function renderHand() {
  const v = view();
  const hand = $("#hand");
  const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.card;
  hand.innerHTML = "";
  if (!v) return;
  const received = receivedMarks(v);
  const d = app.lastDraw;
  const drawn = new Set(d && d.seat === me() && v.phase === "play" ? d.cards : []);
  const passedNow = new Set(v.phase === "pass" && v.has_passed && v.has_passed[me()] ? v.passed || [] : []);
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
    if (passedNow.has(card)) { // passed, still held until every seat has passed
      b.classList.add("passed");
      b.dataset.passed = "true";
      b.title = t("passed_mark");
    } else if (received.has(card)) {
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

/**
 * Put the keyboard focus on the hand's card that holds the tab stop (a playable card on the user's turn).
 * Without `force` only when the focus is nowhere in particular (the page, or a card that has just left the
 * hand), never away from another control or an open dialog.
 */
export function focusHand(force) {
  const hand = $("#hand");
  const a = document.activeElement;
  const free = !a || a === document.body || a === document.documentElement || hand.contains(a) || a === hand;
  if (!force && (!free || $("dialog[open]"))) return;
  const b = $('.card[tabindex="0"]', hand);
  if (b) b.focus({ preventScroll: true });
}
