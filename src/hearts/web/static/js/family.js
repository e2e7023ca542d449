// What the mechanism games of the family add to the table, read from the State's view (docs/web-api.md):
// the General of the French four-queens game (`declarations`, a result's `declarations` and `moon`), the
// stock of Domino Hearts (`stock_size`, `draws`, `out_order`), partners (`teams`) and the two packs of
// Cancellation Hearts (a card's `pack`, a cancelled trick's `winner` -1).  Pure functions of the view: the
// page (main.js) draws what they return, so every game that has these fields gets them, whatever its name.
import { cardShort, t } from "./i18n.js";

/** From this many seats the others sit in a U round the table (a column, a row, a column). */
export const BIG = 7;

/**
 * Where place `r` (0: the viewer, drawn at the bottom by CSS) of `n` seats sits on the felt: {x, y} in % of
 * the felt, `edge` "left" or "right" for a seat against a side ("" otherwise).  Up to six seats sit on an
 * ellipse; from seven (Cancellation Hearts, up to 11) a column goes up the left side, a row of at most two
 * along the top (clear of the corner badges) and a column down the right side, clockwise.
 */
export function seatSpot(r, n) {
  if (n < BIG) {
    const a = ((90 + (r * 360) / n) * Math.PI) / 180;
    const x = 50 + 41 * Math.cos(a);
    const y = 50 + 39 * Math.sin(a);
    return { x, y, edge: x < 30 ? "left" : x > 70 ? "right" : "" };
  }
  const side = Math.ceil((n - 3) / 2);
  const top = n - 1 - 2 * side;
  const colY = (i) => 78 - (i * 50) / Math.max(1, side - 1); // from 78% of the felt up to 28%
  const k = r - 1;
  if (k < side) return { x: 0, y: colY(k), edge: "left" };
  if (k < side + top) return { x: top === 1 ? 50 : 38 + 24 * (k - side), y: 10, edge: "" };
  return { x: 100, y: colY(n - 2 - k), edge: "right" };
}

/** The General declared this hand: {seat, name} or null. */
export function declaration(v) {
  return (v.declarations || []).find((d) => d.name === "general") || null;
}

/**
 * How a scored hand of a game with the General ended: {kind: "made" | "failed" | "silent", seat, p} (p: the
 * points it gave: each opponent's when made, the declarer's when failed), or null.  `general` says whether
 * the game has the General at all (a silent General is only one in such a game).
 */
export function generalResult(result, general) {
  if (!result) return null;
  const d = (result.declarations || []).find((x) => x.name === "general");
  const other = (s) => result.points.find((_, i) => i !== s);
  if (d) {
    return result.moon === d.seat ? { kind: "made", seat: d.seat, p: other(d.seat) }
      : { kind: "failed", seat: d.seat, p: result.points[d.seat] };
  }
  if (general && result.moon !== null && result.moon !== undefined) {
    return { kind: "silent", seat: result.moon, p: other(result.moon) };
  }
  return null;
}

/** The sentence for generalResult(...), names by `name(seat)`. */
export function generalText(g, name, me) {
  if (!g) return "";
  return t(g.seat === me ? `general_${g.kind}_you` : `general_${g.kind}`, { name: name(g.seat), p: g.p });
}

/** How many cards each seat drew from the stock this hand. */
export function drawCounts(v) {
  const out = new Array(v.counts.length).fill(0);
  for (const d of v.draws || []) out[d.seat] += 1;
  return out;
}

/** The seats of `seat`'s team but itself ([] without teams). */
export function partnersOf(v, seat) {
  const team = (v.teams || []).find((x) => x.includes(seat));
  return team ? team.filter((s) => s !== seat) : [];
}

/** Each team and its total: [{seats, total}] ([] without teams). */
export function teamTotals(v, totals = v.totals) {
  return (v.teams || []).map((seats) => ({ seats, total: seats.reduce((a, s) => a + totals[s], 0) }));
}

/** The team total of `seat` (null without teams). */
export function teamTotalOf(v, seat, totals = v.totals) {
  const team = teamTotals(v, totals).find((x) => x.seats.includes(seat));
  return team ? team.total : null;
}

/** The short facts of the family games under a seat: out, General, partner, team total, draws. */
export function familyTags(v, seat, me) {
  const out = [];
  const k = (v.out_order || []).indexOf(seat); // first, so a narrow panel never cuts it off
  if (k >= 0 && v.phase === "play") out.push(t("tag_out", { k: k + 1 }));
  const g = declaration(v);
  if (g && g.seat === seat && v.phase !== "deal") out.push(t("tag_general"));
  if (partnersOf(v, me).includes(seat)) out.push(t("tag_partner"));
  const team = teamTotalOf(v, seat);
  if (team !== null) out.push(t("tag_team_total", { n: team })); // never "Team 0": a total, not a number
  const drew = drawCounts(v)[seat];
  if (drew) out.push(t("tag_drew", { n: drew }));
  return out;
}

/** The cards of the cancelled tricks waiting for the next trick's winner: {n, tricks} (0 when none). */
export function carried(v) {
  let n = 0;
  let tricks = 0;
  for (let i = (v.tricks || []).length - 1; i >= 0 && v.tricks[i].winner < 0; i--) {
    n += v.tricks[i].cards.length;
    tricks += 1;
  }
  return { n, tricks };
}

/** Card names played twice in `cards` (a trick's [{card}] or names): the twins of two packs. */
export function twins(cards) {
  const seen = new Set();
  const two = new Set();
  for (const x of cards) {
    const c = typeof x === "string" ? x : x.card;
    if (seen.has(c)) two.add(c);
    seen.add(c);
  }
  return two;
}

/**
 * What a finished trick of Cancellation Hearts did: {pairs: [names], cancelled: bool, carried: n taken with
 * it (the cards of the cancelled tricks before it)}.  `trick`: {cards, winner}; `before`: carried cards.
 */
export function trickOutcome(trick, before = 0) {
  const pairs = [...twins(trick.cards)];
  return { pairs, cancelled: trick.winner < 0, carried: trick.winner >= 0 ? before : 0 };
}

/** The sentences about a finished trick's twins and carried cards (Cancellation Hearts). */
export function outcomeText(o, name, winner) {
  const lines = [];
  if (o.cancelled) lines.push(t("cancelled_trick"));
  else for (const c of o.pairs) lines.push(t("cancelled_pair", { card: cardShort(c) }));
  if (o.carried && winner >= 0) lines.push(t("carry_taken", { name: name(winner), n: o.carried }));
  return lines;
}

/**
 * The notes shown in the middle of the table about the last finished trick and the stock: [{kind, text}].
 * kind "cancel" (the last trick's twins cancelled, or the whole trick), "carry" (cards waiting for the next
 * winner), "draw" (`draw`, the last draw from the stock seen: {seat, n, cards}: who drew how many).
 */
export function trickNotes(v, name, me, draw = null) {
  const notes = [];
  if (v.phase !== "play") return notes;
  const tricks = v.tricks || [];
  if (tricks.length) { // the last finished trick, until the next one is finished
    const last = tricks.at(-1);
    const before = carried({ tricks: tricks.slice(0, -1) }).n;
    const o = trickOutcome(last, before);
    if (o.cancelled || o.pairs.length) {
      notes.push({ kind: "cancel", text: o.cancelled ? t("note_cancelled_trick") : o.pairs.map((c) =>
        t("note_cancelled_pair", { card: cardShort(c) })).join(" ") });
    }
  }
  const c = carried(v);
  if (c.n) notes.push({ kind: "carry", text: t("carry_chip", { n: c.n }) });
  const d = draw; // (the view lists the hand's draws, not when each was made: the page keeps the last one)
  if (d && d.n) {
    const text = d.seat === me && d.cards.length ? t("you_drew", { cards: d.cards.map(cardShort).join(" ") })
      : t("last_draw", { name: name(d.seat), n: d.n });
    notes.push({ kind: "draw", text });
  }
  return notes;
}
