// View: the score sheet, each hand's breakdown, the team totals and the chart of the running totals (HTML
// strings, put into the dialogs by view-dialogs.js).
import { app, fixedHands, hasGeneral, joinNames, me, name, players, rel, view } from "./state.js";
import { SUIT_SYMBOLS, cardShort, getLanguage, t } from "./i18n.js";
import { BIG, generalResult, generalText, teamTotals } from "./family.js";
import { gaveUpText, giveUpPrice } from "./giveup.js";

export const SEAT_COLOURS = ["#d4a017", "#c8102e", "#1f5fbf", "#1b7f3b", "#8a4fbf", "#d9822b"]; // chart lines

export function scoreSheet(v, highlightLast = false) {
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
  // a big table (7 to 11 seats): short heads ("3" for "Seat 3", the full name for screen readers and on
  // hover), so that every column fits a phone's width
  const big = n >= BIG;
  const head = Array.from({ length: n }, (_, s) => (big
    ? `<th scope="col" aria-label="${name(s)}" title="${name(s)}">${shortName(s)}</th>`
    : `<th scope="col" data-short="${shortHead(s)}">${name(s)}</th>`)).join("");
  return `<div class="scores-wrap"><table class="scores${big ? " compact" : ""}"><thead><tr><th scope="col">${t("hand_col")}</th>${head}` +
    `</tr></thead><tbody>${rows}</tbody><tfoot><tr class="totals"><td>${t("total")}</td>${totals}</tr>` +
    `${teamRow(v)}</tfoot></table></div>`;
}

/** A seat's column head where the score table is too wide for the screen (:func:`fitScoreTables`): a
 * compass seat as "NW", a player's own name (a friends' table) cut to its first letters. */
function shortHead(s) {
  if (!(app.table && app.table.seatName(s))) {
    const shorts = t(`seat_short_${players()}`);
    if (Array.isArray(shorts) && shorts[rel(s)]) return shorts[rel(s)];
  }
  return shortName(s);
}

/**
 * Fit every score table under `root` to its box: where one is wider than the screen leaves it (five or six
 * players on a phone: "Northwest" and "Northeast" pushed the last columns out of sight, with no sign that
 * the table scrolls), its seat columns take their short heads ("NW"; the full name stays for screen
 * readers and on hover).  Call once the table is laid out (its dialog open).
 */
export function fitScoreTables(root) {
  for (const wrap of root.querySelectorAll(".scores-wrap")) {
    if (wrap.scrollWidth <= wrap.clientWidth + 1) continue;
    for (const th of wrap.querySelectorAll("th[data-short]")) {
      if (th.textContent === th.dataset.short) continue;
      th.setAttribute("aria-label", th.textContent);
      th.title = th.textContent;
      th.textContent = th.dataset.short;
    }
  }
}

/** A seat's name in a few letters: the number of a numbered seat ("Seat 3" → "3"), else its first letters. */
function shortName(s) {
  const full = name(s);
  const num = full.match(/^(?:Seat )?(\d+)番?$/);
  if (num) return num[1];
  return full.length > 4 ? `${full.slice(0, 3)}…` : full;
}

/** Partnerships: a row of the score table with each seat's team total (partners share one number). */
export function teamRow(v) {
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
export function handNotes(result) {
  const lines = [];
  const gtext = generalText(generalResult(result, hasGeneral()), name, me());
  if (gtext) lines.push(`<p class="hand-note" data-general="${generalResult(result, true).kind}">${gtext}</p>`);
  if (result.out_order && result.out_order.length) {
    lines.push(`<p class="hand-note" data-out-order="${result.out_order.join(",")}">` +
      `${t("out_order", { names: joinNames(result.out_order) })}</p>`);
  }
  for (const seat of result.gave_up || []) { // Hearts 1887: who gave up the hand and paid each opponent
    lines.push(`<p class="hand-note" data-gave-up="${seat}">${gaveUpText(seat, giveUpPrice())}</p>`);
  }
  return lines.join("");
}

/** One item of a seat's breakdown ("♥ ×3: 3", "Q♠: 13", "J♦: −10", "moon: +26") as HTML. */
export function breakdownItem(x) {
  const signed = (p) => (p > 0 ? `+${p}` : p < 0 ? `−${-p}` : "0");
  let label;
  if (x.kind === "hearts") label = t("bd_hearts", { n: x.count });
  else if (x.kind === "suit") label = `${SUIT_SYMBOLS[x.suit] || x.suit} ×${x.count}`; // an auction's named suit
  else if (x.kind === "card" || x.kind === "bonus") {
    label = cardShort(x.card);
    // Royal Hearts: Q♦ takes 10 off its taker's total but not below 0; cut short, say so
    const opts = (app.state && app.state.options) || {};
    if (x.card === "QD" && opts.qd_minus_ten && x.points > -10 && x.points <= 0) {
      label += ` <span class="bd-cap" data-capped="true">${t("bd_capped", { n: 10 })}</span>`;
    }
  }
  else if (x.kind === "no_tricks") label = t("bd_no_tricks");
  else if (x.kind === "moon" && hasGeneral()) {
    // In a game with the General, taking everything undeclared is the silent General, not a moon.
    label = t(x.points < 0 ? "bd_general_silent_own" : "bd_general_silent", { name: name(x.seat) });
  } else if (x.kind === "moon" && slamOf(view())) label = t(x.points < 0 ? "bd_slam_own" : "bd_slam", { name: name(x.seat) });
  else if (x.kind === "moon") label = t(x.points < 0 ? "bd_moon_own" : "bd_moon", { name: name(x.seat) });
  else if (x.kind === "general") label = t("bd_general", { name: name(x.seat) });
  else label = x.kind;
  const pts = ["hearts", "suit", "card"].includes(x.kind) ? String(x.points) : signed(x.points);
  const card = x.card ? ` data-card="${x.card}"` : "";
  return `<span class="bd-item" data-kind="${x.kind}"${card} data-points="${x.points}">${label} <b>${pts}</b></span>`;
}

/**
 * A seat's breakdown with Q♥ listed by itself when the game counts the queens one by one (the French
 * four-queens game: each queen 13) but the hearts item holds it with the other hearts: the queen's value is
 * read from another queen's item of the hand, and kept only when the hearts item adds up with it.
 */
export function queenOfHeartsApart(items, taken, all) {
  const hearts = items.find((x) => x.kind === "hearts");
  if (!hearts || !(taken || []).includes("QH") || items.some((x) => x.card === "QH")) return items;
  const queen = all.find((x) => x.kind === "card" && ["QS", "QD", "QC"].includes(x.card) && x.points > 1);
  if (!queen || hearts.points - queen.points !== hearts.count - 1) return items;
  const rest = hearts.count > 1 ? [{ kind: "hearts", count: hearts.count - 1, points: hearts.points - queen.points }] : [];
  return items.flatMap((x) => (x === hearts ? [{ kind: "card", card: "QH", points: queen.points }, ...rest] : [x]));
}

/**
 * The slam bid of the hand on the table (Partnership with a slam bid): {bidder, partner (the silent holder of
 * 10♦, the seat that played it; null when the bidder held it or it is not known)}, or null without a slam bid.
 */
export function slamOf(v) {
  const b = v && (v.bids || []).find((x) => x.bid === true);
  if (!b) return null;
  let partner = null;
  for (const tr of v.tricks || []) {
    const i = (tr.cards || []).indexOf("TD");
    if (i < 0) continue;
    const seat = tr.seats ? tr.seats[i] : (tr.leader + i) % players();
    if (seat !== b.seat) partner = seat;
  }
  return { bidder: b.seat, partner };
}

export function handSummary(result, v) {
  const n = players();
  const d = app.state && app.state.score_detail;
  const detail = d && d.scored && d.hand === result.hand ? d : null;
  const chips = v.chips && v.chips.length && result.hand === v.hand_index; // chips where chips are paid
  const rows = Array.from({ length: n }, (_, s) => {
    const items = detail ? queenOfHeartsApart(detail.items[s], detail.taken[s], detail.items.flat()) : [];
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
 * with the target score as a dashed line (none in a game of a fixed number of hands). Drawn here from `v.results`; each line carries its numbers in
 * `data-values` (for tests and assistive tools) and the chart has a text summary.
 */
export function totalsChart(v) {
  const results = v.results || [];
  if (!results.length) return "";
  const teams = teamTotals(v);
  // one line per team where partners score together (a team's total: its seats' totals added), else per seat
  const sides = teams.length ? teams.map((x) => x.seats) : Array.from({ length: players() }, (_, s) => [s]);
  const series = sides.map((seats) => [0, ...results.map((r) => seats.reduce((a, s) => a + r.totals[s], 0))]);
  const label = (k) => (teams.length ? t("chart_team", { names: joinNames(sides[k]) }) : name(k));
  const target = (app.state.options && app.state.options.target_score) || 100;
  const fixed = fixedHands(); // no target, no line for one
  const all = series.flat();
  const lo = Math.min(0, ...all);
  const hi = Math.max(fixed ? 10 : target, ...all);
  const W = 520; const H = 220; const L = 34; const R = teams.length ? 140 : 92; const T = 24; const B = 26; // T: room for the target's label above its line
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
  // end labels, pushed apart so that they do not overlap (a line of Japanese text is about 16 units high at
  // 11 px), then back up from the axis where the lowest ones went past it (into the hands' numbers)
  const gap = 16;
  const ends = series.map((vals, s) => ({ s, y: y(vals.at(-1)) })).sort((a, b) => a.y - b.y);
  for (let i = 1; i < ends.length; i++) ends[i].y = Math.max(ends[i].y, ends[i - 1].y + gap);
  for (let i = ends.length - 1; i >= 0; i--) {
    ends[i].y = Math.min(ends[i].y, i === ends.length - 1 ? H - B - 4 : ends[i + 1].y - gap);
  }
  const lines = series.map((vals, s) => {
    const pts = vals.map((val, i) => `${x(i).toFixed(1)},${y(val).toFixed(1)}`).join(" ");
    const dots = vals.map((val, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(val).toFixed(1)}" r="2.6" ` +
      `fill="${SEAT_COLOURS[s]}"/>`).join("");
    const ly = ends.find((e) => e.s === s).y;
    const hook = teams.length ? `data-chart-team="${s}" data-seats="${sides[s].join(",")}"` : `data-chart-seat="${s}"`;
    return `<g><polyline ${hook} data-values="${vals.join(",")}" points="${pts}" ` +
      `stroke="${SEAT_COLOURS[s]}"/>${dots}<text x="${W - R + 6}" y="${ly + 4}" fill="${SEAT_COLOURS[s]}" ` +
      `style="fill:${SEAT_COLOURS[s]};font-weight:700">${label(s)} ${vals.at(-1)}</text></g>`;
  }).join("");
  const summary = t("chart_summary", { n: results.length }) + " " +
    series.map((vals, s) => `${label(s)}: ${vals.slice(1).join(", ")}`).join("; ");
  return `<svg data-chart="totals" viewBox="0 0 ${W} ${H}" role="img" aria-label="${summary}">` +
    `<title>${t("chart_title")}</title>${grid}` +
    (fixed ? "" : `<line class="target" x1="${L}" x2="${W - R}" y1="${y(target)}" y2="${y(target)}"/>` +
      `<text class="target-label" x="${L + 4}" y="${y(target) - 4}">${t("chart_target", { n: target })}</text>`) +
    `<line class="axis" x1="${L}" x2="${L}" y1="${T}" y2="${H - B}"/>` +
    `<line class="axis" x1="${L}" x2="${W - R}" y1="${H - B}" y2="${H - B}"/>${ticks}${lines}</svg>`;
}

/** What a slam bid came to: made or failed, by the bidder and its silent 10♦ partner. */
export function slamText(slam, result) {
  const seats = slam.partner === null ? [slam.bidder] : [slam.bidder, slam.partner];
  const made = result.moon !== null && result.moon !== undefined && seats.includes(result.moon);
  const who = seats.includes(me()) && !app.watching ? "_you" : "";
  let text = t(`slam_${made ? "made" : "failed"}${seats.length > 1 ? "_pair" : ""}${who}`,
    { name: name(slam.bidder), names: joinNames(seats) });
  if (slam.partner !== null) text += ` ${t("slam_partner", { name: name(slam.partner) })}`;
  return text;
}

export function moonText(result) {
  if ((result.moon === null || result.moon === undefined) && !slamOf(view())) return "";
  const vr = app.catalog.variants.find((x) => x.name === app.state.variant);
  if (vr && vr.declarations && vr.declarations.length) return ""; // the General's outcome says it (handNotes)
  const slam = slamOf(view());
  if (slam) return slamText(slam, result);
  return t(result.moon_kind === "sun" ? "sun_shot" : "moon_shot", { name: name(result.moon) });
}

export function ordinal(k) {
  if (getLanguage() === "ja") return `${k}位`;
  return k + ({ 1: "st", 2: "nd", 3: "rd" }[k] || "th");
}
