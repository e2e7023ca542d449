// Review of a finished hand and the daily challenge's results (docs/review.md).
//
// Self-contained: it adds a "Review" button to the end-of-hand and game-over dialogs, its own
// dialog (data-dialog="review") and stylesheet, and reads the game to review from localStorage
// (store.loadCurrent), or at a table with friends from the source table.js gives (reviewAt: the table's
// routes, the seat's token, the viewer's seat and the table's seat names). The replay shows every hand face up trick by trick, marks the user's
// decisions (inaccuracy, mistake, blunder) with the better card, and "play on from here" asks
// the server to finish the hand with another card: a what-if, never counted in the statistics.
// Test hooks: data-action-review, data-review-step, data-review-decision, data-review-mark, data-review-by,
// data-review-choice, data-review-result, data-review-progress, data-daily-results.

import { loadCurrent } from "./store.js";
import { sortHand } from "./cards.js"; // the table's order (♣ ♦ ♠ ♥), so a hand reads the same in both
import { cardShort, formatDay, getLanguage, seatName } from "./i18n.js";

const TEXT = {
  en: {
    review: "Review", title: "Review of hand {n}", close: "Close",
    working: "Analysing your decisions… {done} / {total}", starting: "Analysing your decisions…",
    failed: "The review failed: {msg}", deal: "The deal", pass: "You passed {cards}",
    trick: "Trick {k} of {n}", led: "{seat} leads; {winner} wins", points: "{p} points",
    led_me: "You lead; {winner} wins", won_me: "{seat} leads; you win", both_me: "You lead and win",
    you_played: "You played {card}", you_passed: "You passed {card}",
    bot_played: "The computer played {card} for you (you were away)", bot_passed: "The computer passed {card} for you (you were away)",
    bot_note: "not marked: not your decision", better: "Better: {card}", loss: "costs about {loss} points (± {ci})",
    fine: "The best choice", close_loss: "No clear loss (about {loss} points, ± {ci})", forced: "The only choice", marks_none: "No marked decisions in this hand.",
    marks: "Your marked decisions", mark_inaccuracy: "inaccuracy", mark_mistake: "mistake",
    marks_how: "Each cost is an average over the deals you could have been facing, from what you knew then: a choice can turn out well this time (a moon, say) and still cost on average.",
    mark_blunder: "blunder", play_on: "Play on from here with:", what_if: "With {card} (the bots finish the hand): you take {p}; you took {q}.",
    pts_one: "1 point", pts_many: "{p} points", trick_line: "Trick {k}: {cards}", trick_won: "{seat} wins", trick_won_me: "you win", sep: ". ", colon: ": ", list_sep: ", ", paren: " ({x})",
    what_if_note: "A what-if: not counted in your statistics.", first: "First", prev: "Previous",
    next: "Next", last: "Last", expected: "Expected points this hand (fewer is better)", daily: "Today's challenge",
    marks_scale: "A mark needs a clear loss (more than its ± range): {inaccuracy} points or more is an inaccuracy, {mistake} a mistake, {blunder} a blunder.",
    daily_none: "You are the first to finish today's deal.",
    daily_rank: "{count} results today: you are {rank} of {count} (lowest total first).",
    daily_past: "The challenge of {date}", daily_none_past: "You are the first to finish the deal of {date}.",
    daily_rank_past: "{count} results for {date}: you are {rank} of {count} (lowest total first).",
    daily_score: "total", daily_players: "players", pass_stage: "Pass", hand_pick: "Hand",
    daily_legend: "Each bar: how many players (above) finished on that total (below), against the same computer level. A new daily game begins at 00:00 UTC.",
    daily_again: "Only your first game of the day to finish counts: it finished on {mine}; this one's {now} is not in the results.",
  },
  ja: {
    review: "振り返り", title: "第{n}ハンドの振り返り", close: "閉じる",
    working: "判断を分析しています… {done} / {total}", starting: "判断を分析しています…",
    failed: "振り返りに失敗しました：{msg}", deal: "配られた手札", pass: "パスしたカード：{cards}",
    trick: "トリック {k} / {n}", led: "{seat}のリード、{winner}が取りました", points: "{p}点",
    led_me: "あなたのリード、{winner}が取りました", won_me: "{seat}のリード、あなたが取りました", both_me: "あなたのリードで、あなたが取りました",
    you_played: "出したカード：{card}", you_passed: "パスしたカード：{card}",
    bot_played: "離席中にコンピューターが出したカード：{card}", bot_passed: "離席中にコンピューターがパスしたカード：{card}",
    bot_note: "あなたの判断ではないため印は付けません", better: "より良いカード：{card}", loss: "約{loss}点の損（±{ci}）",
    fine: "最善の判断です", close_loss: "はっきりした損はありません（約{loss}点 ±{ci}）", forced: "ほかに出せるカードはありません", marks_none: "このハンドに印の付いた判断はありません。",
    marks: "印の付いた判断", mark_inaccuracy: "不正確", mark_mistake: "悪手", mark_blunder: "大悪手",
    marks_how: "損は、そのとき知っていたことから考えられるすべての配りの平均です。今回はうまくいった判断（ムーンなど）でも、平均では損になることがあります。",
    play_on: "ここから別のカードで続ける：", what_if: "{card}なら（残りはコンピューターが出します）：あなたは{p}、実際は{q}でした。",
    pts_one: "1点", pts_many: "{p}点", trick_line: "トリック{k}: {cards}", trick_won: "{seat}が取りました", trick_won_me: "あなたが取りました", sep: "。", colon: "：", list_sep: "、", paren: "（{x}）",
    what_if_note: "仮の続きです。成績には数えません。", first: "最初", prev: "前へ", next: "次へ", last: "最後",
    expected: "このハンドの期待失点（少ないほど良い）", daily: "今日のチャレンジ",
    marks_scale: "印が付くのは、はっきりした損（±の幅より大きい損）のときです。{inaccuracy}点以上で「不正確」、{mistake}点以上で「悪手」、{blunder}点以上で「大悪手」です。", daily_none: "今日の配りを最初に終えました。",
    daily_rank: "今日の結果 {count} 件中、あなたは {rank} 位です (合計の少ない順)。",
    daily_past: "{date} のチャレンジ", daily_none_past: "{date} の配りを最初に終えました。",
    daily_rank_past: "{date} の結果 {count} 件中、あなたは {rank} 位です (合計の少ない順)。",
    daily_score: "合計", daily_players: "人数", pass_stage: "パス", hand_pick: "ハンド",
    daily_legend: "棒の上の数はその合計点（棒の下）で終えた人数です（同じコンピューターの強さどうし）。今日のゲームは日本時間の午前9時（UTC 0時）に替わります。",
    daily_again: "数えるのはその日に最初に終えたゲームだけです。そのゲームは{mine}点で、今回の{now}点は結果に入りません。",
  },
};

function tr(key, params = {}) {
  const table = TEXT[getLanguage()] || TEXT.en;
  const s = table[key] !== undefined ? table[key] : TEXT.en[key];
  return String(s).replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
}

const rv = { job: null, data: null, step: 0, cur: null, timer: 0, back: null };

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

function chip(card, extra = "") {
  const red = card.endsWith("H") || card.endsWith("D");
  return el("span", { class: `rv-card${red ? " red" : ""}${extra}`, "data-review-card": card, text: cardShort(card) });
}

async function call(method, path, body, token, header = "X-Game-Token") {
  const headers = { Accept: "application/json" };
  if (token) headers[header] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) throw new Error((data && data.error && data.error.message) || res.statusText);
  return data;
}

function installStyles() {
  if (document.getElementById("review-css")) return;
  const link = el("link", { id: "review-css", rel: "stylesheet", href: "/static/css/review.css" });
  document.head.append(link);
}

function dialog() {
  let d = document.querySelector('dialog[data-dialog="review"]');
  if (d) return d;
  d = el("dialog", { class: "panel wide review", "data-dialog": "review", "aria-labelledby": "review-title" });
  d.innerHTML = `<button type="button" class="dialog-x" data-close aria-label="${tr("close")}" title="${tr("close")}">×</button>
    <h2 id="review-title"></h2>
    <label class="rv-hand-pick" hidden><span></span> <select data-review-hand></select></label>
    <div class="rv-progress" data-review-progress><div class="rv-bar" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0" aria-label="${tr("starting")}"><div></div></div><span role="status"></span></div>
    <div class="rv-body" hidden>
      <div class="rv-head"></div>
      <div class="rv-seats"></div>
      <div class="rv-note" aria-live="polite"></div>
      <div class="rv-playon"></div>
      <nav class="rv-nav">
        <button type="button" data-review-step="first"></button><button type="button" data-review-step="prev"></button>
        <span class="rv-pos"></span>
        <button type="button" data-review-step="next"></button><button type="button" data-review-step="last"></button>
      </nav>
      <div class="rv-marks"></div>
    </div>`;
  document.body.append(d);
  d.addEventListener("click", onClick);
  d.querySelector("[data-review-hand]").addEventListener("change", (e) => openReview(Number(e.target.value)));
  d.addEventListener("close", () => {
    clearTimeout(rv.timer);
    rv.timer = 0;
    // back to the end-of-hand (or game-over) dialog the review was opened from, where the page
    // still offers it (its "show" button): Escape or × used to leave the bare table
    const back = rv.back;
    rv.back = null;
    const show = back && document.querySelector(`[data-action="show-${back}"]`);
    if (show && !show.hidden) show.click();
  });
  return d;
}

function decisionsOf(data) {
  const out = { pass: null, plays: new Map() };
  if (!data || !data.review) return out;
  for (const d of data.review.decisions) {
    if (d.stage === "pass") out.pass = d;
    else out.plays.set(d.index, d);
  }
  return out;
}

/**
 * What is reviewed: the solo game of localStorage (seat 0, routes /api/games/{id}/…, X-Game-Token), or
 * the table table.js named (reviewAt). `route`: the review and what-if routes' prefix; `seat`: the
 * viewer's seat (the decisions reviewed are its own); `name(seat)`: the seat's name on the table.
 */
let source = null;

/** At a table with friends: review the hands of `src` ({id, token, seat, name}) for the viewer's seat. */
export function reviewAt(src) {
  source = { ...src, route: `/api/tables/${encodeURIComponent(src.id)}`, header: "X-Seat-Token", table: true };
}

function current() {
  if (source) return source;
  const cur = loadCurrent();
  return cur && { id: cur.id, token: cur.token, seat: 0, route: `/api/games/${encodeURIComponent(cur.id)}`,
    header: "X-Game-Token", name: null, table: false };
}

function seatLabel(s) { return rv.cur.name ? rv.cur.name(s) : seatName(s, rv.data.story.players); }
const mine = () => rv.cur.seat;

function render() {
  const d = dialog();
  const data = rv.data;
  const story = data.story;
  d.querySelector("#review-title").textContent = tr("title", { n: story.hand + 1 });
  const pick = d.querySelector(".rv-hand-pick");
  pick.hidden = !(data.hands > 1);
  if (data.hands > 1) {
    pick.querySelector("span").textContent = tr("hand_pick");
    const sel = pick.querySelector("select");
    if (sel.options.length !== data.hands) {
      sel.textContent = "";
      for (let k = 0; k < data.hands; k++) sel.append(el("option", { value: String(k), text: String(k + 1) }));
    }
    sel.value = String(story.hand);
  }
  const prog = d.querySelector(".rv-progress");
  const running = data.status === "running";
  prog.hidden = !running && data.status !== "error";
  if (running) {
    const pct = data.total ? Math.round((100 * data.done) / data.total) : 0;
    prog.querySelector(".rv-bar div").style.width = `${pct}%`;
    prog.querySelector(".rv-bar").setAttribute("aria-valuenow", String(pct)); // (the progressbar, not the status line)
    prog.querySelector("span").textContent = data.total ? tr("working", { done: data.done, total: data.total }) : tr("starting");
  } else if (data.status === "error") {
    prog.querySelector("span").textContent = tr("failed", { msg: (data.error && data.error.message) || "" });
  }
  const body = d.querySelector(".rv-body");
  body.hidden = false;
  const dec = decisionsOf(data);
  const n = story.tricks.length;
  rv.step = Math.max(0, Math.min(n, rv.step));
  d.querySelector('[data-review-step="first"]').textContent = "«";
  d.querySelector('[data-review-step="prev"]').textContent = "◀";
  d.querySelector('[data-review-step="next"]').textContent = "▶";
  d.querySelector('[data-review-step="last"]').textContent = "»";
  for (const k of ["first", "prev", "next", "last"]) {
    const b = d.querySelector(`[data-review-step="${k}"]`);
    b.setAttribute("aria-label", tr(k));
    b.title = tr(k);
    b.disabled = (k === "first" || k === "prev") ? rv.step === 0 : rv.step === n;
  }
  d.querySelector(".rv-pos").textContent = rv.step === 0 ? tr("deal") : tr("trick", { k: rv.step, n });
  const head = d.querySelector(".rv-head");
  const seats = d.querySelector(".rv-seats");
  const note = d.querySelector(".rv-note");
  const playon = d.querySelector(".rv-playon");
  head.textContent = "";
  seats.textContent = "";
  note.textContent = "";
  playon.textContent = "";
  let decision = null;
  let trick = null;
  if (rv.step === 0) {
    for (let s = 0; s < story.players; s++) {
      const passed = new Set(story.passes[s] || []);
      const row = el("div", { class: `rv-seat${s === mine() ? " me" : ""}`, "data-seat": String(s) },
        el("span", { class: "rv-name", text: seatLabel(s) }));
      const cards = el("span", { class: "rv-cards" });
      for (const c of sortHand(story.dealt[s])) cards.append(chip(c, passed.has(c) ? " passed" : ""));
      row.append(cards);
      seats.append(row);
    }
    if ((story.passes[mine()] || []).length) {
      head.textContent = tr("pass", { cards: story.passes[mine()].map(cardShort).join(" ") });
      decision = dec.pass;
    }
  } else {
    trick = story.tricks[rv.step - 1];
    const played = new Map(trick.cards.map((c) => [c.seat, c.card]));
    const who = (trick.leader === mine() ? 1 : 0) + (trick.winner === mine() ? 2 : 0); // "You lead", "you win"
    head.textContent = tr(["led", "led_me", "won_me", "both_me"][who], { seat: seatLabel(trick.leader), winner: seatLabel(trick.winner) }) +
      " · " + tr("points", { p: trick.points.map((p, s) => `${seatLabel(s)} ${p}`).join(tr("list_sep")) });
    for (let s = 0; s < story.players; s++) {
      const row = el("div", { class: `rv-seat${s === mine() ? " me" : ""}${s === trick.winner ? " won" : ""}`, "data-seat": String(s) },
        el("span", { class: "rv-name", text: seatLabel(s) }));
      const cards = el("span", { class: "rv-cards" });
      for (const c of sortHand(trick.hands[s])) cards.append(chip(c, c === played.get(s) ? " in-trick" : ""));
      row.append(cards);
      seats.append(row);
    }
    const own = trick.cards.find((c) => c.seat === mine());
    decision = own ? dec.plays.get(own.index) || null : null;
  }
  if (decision) renderDecision(note, playon, decision);
  renderMarks(d.querySelector(".rv-marks"), dec);
}

function markLabel(m) { return tr(`mark_${m}`); }

function renderDecision(note, playon, d) {
  const fmt = (x) => (Array.isArray(x) ? x.map(cardShort).join(" ") : cardShort(x));
  const byBot = d.by === "computer"; // played for the seat while its person was away: never marked
  const said = byBot ? (d.stage === "pass" ? "bot_passed" : "bot_played") : (d.stage === "pass" ? "you_passed" : "you_played");
  const line = el("p", byBot ? { "data-review-by": "computer" } : {}, tr(said, { card: fmt(d.played) }));
  if (byBot) {
    line.append(" — ", tr("bot_note"));
    if (d.worlds > 0 && d.loss > 0) line.append(tr("sep"), el("span", { class: "rv-better", text: tr("better", { card: fmt(d.best) }) }));
  } else if (d.mark) {
    line.append(" — ", el("strong", { class: `rv-mark ${d.mark}`, "data-review-mark": d.mark, text: markLabel(d.mark) }),
      tr("colon"), tr("loss", { loss: d.loss.toFixed(1), ci: d.loss_ci95.toFixed(1) }), tr("sep"),
      el("span", { class: "rv-better", "data-review-better": Array.isArray(d.best) ? d.best.join(" ") : d.best, text: tr("better", { card: fmt(d.best) }) }));
  } else {
    const close = tr("close_loss", { loss: d.loss.toFixed(1), ci: d.loss_ci95.toFixed(1) });
    line.append(" — ", d.worlds === 0 ? tr("forced") : d.loss > 0 ? close : tr("fine"));
  }
  note.append(line);
  const keys = Object.keys(d.expected);
  if (keys.length > 1 && d.worlds > 0) { // a forced choice (worlds 0) was not sampled: no figures to show
    const list = el("p", { class: "rv-expected" }, tr("expected") + tr("colon"));
    const sorted = keys.sort((a, b) => d.expected[a] - d.expected[b]);
    list.append(sorted.slice(0, 6).map((k) => `${k.split(" ").map(cardShort).join(" ")} ${d.expected[k].toFixed(1)}`).join(" · "));
    note.append(list);
  }
  if (d.stage !== "play" || keys.length < 2) return;
  playon.append(el("span", { text: tr("play_on") }));
  for (const k of keys) {
    if (k === d.played) continue;
    const b = el("button", { type: "button", "data-review-choice": k, "data-review-index": String(d.index) }, cardShort(k));
    playon.append(b);
  }
}

function renderMarks(box, dec) {
  box.textContent = "";
  if (rv.data.status !== "done") return;
  const marked = [];
  if (dec.pass && dec.pass.mark) marked.push([0, dec.pass]);
  for (const [index, d] of dec.plays) if (d.mark) marked.push([d.trick + 1, d]);
  if (!marked.length) {
    box.append(el("p", { class: "note", text: tr("marks_none") }));
    appendScale(box);
    return;
  }
  box.append(el("h3", { text: tr("marks") }));
  const ul = el("ul");
  for (const [step, d] of marked) {
    const what = d.stage === "pass" ? tr("pass_stage") : tr("trick", { k: step, n: rv.data.story.tricks.length });
    const b = el("button", { type: "button", "data-review-decision": String(step), "data-review-mark": d.mark },
      `${what}${tr("colon")}${Array.isArray(d.played) ? d.played.map(cardShort).join(" ") : cardShort(d.played)} → ` +
      `${Array.isArray(d.best) ? d.best.map(cardShort).join(" ") : cardShort(d.best)}${tr("paren", { x: markLabel(d.mark) })}`);
    ul.append(el("li", {}, b));
  }
  box.append(ul);
  box.append(el("p", { class: "note rv-how", text: tr("marks_how") }));
  appendScale(box);
}

/** The losses each mark starts at, in this hand's points (the review's `thresholds`: 0.5 / 1.5 / 5 in standard Hearts). */
function appendScale(box) {
  const th = rv.data.review && rv.data.review.thresholds;
  if (!th) return;
  const fmt = (x) => String(Math.round(x * 10) / 10);
  box.append(el("p", { class: "note rv-scale", "data-review-scale": "",
    text: tr("marks_scale", { inaccuracy: fmt(th.inaccuracy), mistake: fmt(th.mistake), blunder: fmt(th.blunder) }) }));
}

/**
 * The winner of a full trick [{seat, card}]: the highest card of the suit led (rank order 2..A; the engine's
 * rule for the games a review covers). null when the trick holds a joker or a card twice (their own rules).
 */
function trickWinner(cards) {
  if (!cards.length || cards.some((c) => c.card === "JK" || cards.filter((x) => x.card === c.card).length > 1)) return null;
  const order = "23456789TJQKA";
  const suit = cards[0].card.slice(-1);
  let best = cards[0];
  for (const c of cards) if (c.card.slice(-1) === suit && order.indexOf(c.card[0]) > order.indexOf(best.card[0])) best = c;
  return best.seat;
}

async function playOn(card, index) {
  const d = dialog();
  const box = d.querySelector(".rv-playon");
  for (const b of box.querySelectorAll("button")) b.disabled = true;
  try {
    const w = await call("POST", `${rv.cur.route}/whatif`,
      { hand: rv.data.story.hand, index: Number(index), card }, rv.cur.token, rv.cur.header);
    const res = el("div", { class: "rv-result", "data-review-result": card });
    const pts = (p) => tr(p === 1 ? "pts_one" : "pts_many", { p });
    res.append(el("p", { text: tr("what_if", { card: cardShort(card), p: pts(w.points[mine()]), q: pts(w.actual[mine()]) }) }));
    // the tricks numbered as in the hand (the what-if starts inside trick k), each with its winner
    const n = rv.data.story.players;
    const first = Math.floor(Number(index) / n);
    const tricks = el("ol", { class: "rv-whatif", start: String(first + 1) });
    const before = rv.data.story.tricks && rv.data.story.tricks[first] ? rv.data.story.tricks[first].cards : [];
    let cur = before.filter((c) => c.index < Number(index)).map((c) => ({ seat: c.seat, card: c.card }));
    let k = first;
    const flush = () => {
      const won = trickWinner(cur);
      const text = tr("trick_line", { k: k + 1, cards: cur.map((p) => `${seatLabel(p.seat)} ${cardShort(p.card)}`).join(tr("list_sep")) }) +
        (cur.length === n && won !== null ? ` — ${won === mine() ? tr("trick_won_me") : tr("trick_won", { seat: seatLabel(won) })}` : "");
      tricks.append(el("li", { text, "data-whatif-trick": String(k + 1), "data-whatif-winner": won === null ? "" : String(won) }));
      cur = [];
      k += 1;
    };
    for (const p of w.plays) {
      cur.push(p);
      if (cur.length === n) flush();
    }
    if (cur.length) flush();
    res.append(tricks, el("p", { class: "note", text: tr("what_if_note") }));
    box.append(res);
  } catch (e) {
    box.append(el("p", { class: "rv-error", text: tr("failed", { msg: e.message }) }));
  } finally {
    for (const b of box.querySelectorAll("button")) b.disabled = false;
  }
}

function onClick(e) {
  const step = e.target.closest("[data-review-step]");
  if (step) {
    const n = rv.data.story.tricks.length;
    rv.step = { first: 0, prev: rv.step - 1, next: rv.step + 1, last: n }[step.dataset.reviewStep];
    render();
    return;
  }
  const jump = e.target.closest("[data-review-decision]");
  if (jump) { rv.step = Number(jump.dataset.reviewDecision); render(); return; }
  const choice = e.target.closest("[data-review-choice]");
  if (choice) playOn(choice.dataset.reviewChoice, choice.dataset.reviewIndex);
}

async function poll() {
  if (!rv.job) return;
  try {
    rv.data = await call("GET", `/api/reviews/${encodeURIComponent(rv.job)}`);
  } catch (e) {
    rv.data = { ...rv.data, status: "error", error: { message: e.message } };
  }
  render();
  if (rv.data.status === "running" && dialog().open) rv.timer = setTimeout(poll, 400);
}

/** Open the review of hand `hand` (default: the last finished one) of the current game. */
export async function openReview(hand) {
  installStyles();
  rv.cur = current();
  if (!rv.cur) return;
  clearTimeout(rv.timer);
  rv.job = null;
  const d = dialog();
  const from = [...document.querySelectorAll("dialog[open]")].map((x) => x.dataset.dialog);
  rv.back = from.find((n) => n === "hand-end" || n === "game-over") || rv.back || null;
  for (const other of document.querySelectorAll("dialog[open]")) if (other !== d) other.close();
  d.querySelector(".rv-body").hidden = true;
  const prog = d.querySelector(".rv-progress");
  prog.hidden = false;
  prog.querySelector("span").textContent = tr("starting");
  prog.querySelector(".rv-bar div").style.width = "0%";
  d.querySelector("#review-title").textContent = tr("review");
  if (!d.open) d.showModal();
  try {
    rv.data = await call("POST", `${rv.cur.route}/review`,
      hand === undefined ? {} : { hand }, rv.cur.token, rv.cur.header);
  } catch (e) {
    prog.querySelector("span").textContent = tr("failed", { msg: e.message });
    return;
  }
  rv.job = rv.data.job;
  rv.step = 0;
  render();
  if (rv.data.status === "running") rv.timer = setTimeout(poll, 300);
}

// ------------------------------------------------------------ the daily challenge
function browserId() {
  const key = "hearts.browser";
  let id = null;
  try { id = localStorage.getItem(key); } catch (e) { id = null; }
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    try { localStorage.setItem(key, id); } catch (e) { /* private mode: one id per page load */ }
  }
  return id;
}

async function showDaily(gameOver) {
  const cur = loadCurrent();
  if (!cur || source) return; // (a table's game is no daily game)
  let daily;
  try { daily = await call("GET", "/api/daily"); } catch (e) { return; }
  // today's daily, or yesterday's finished after midnight UTC (the server counts it for the day it began)
  const day = new Date(`${daily.date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  const yesterday = Number(day.toISOString().slice(0, 10).replaceAll("-", ""));
  if (cur.game !== daily.game && cur.game !== yesterday) return;
  let out;
  try {
    out = await call("POST", "/api/daily/result", { game_id: cur.id, browser: browserId() }, cur.token);
  } catch (e) {
    return; // not finished yet, or another day's game: nothing to show
  }
  installStyles(); // the histogram's bars are drawn by review.css, whether or not a review was opened
  let box = gameOver.querySelector("[data-daily-results]");
  if (!box) {
    // just under the winners and the player's place: the rank is read at once, never under the buttons
    box = el("section", { class: "rv-daily", "data-daily-results": "" });
    const place = gameOver.querySelector("#game-over-place");
    if (place) place.after(box); else gameOver.querySelector(".dialog-buttons").before(box);
  }
  box.textContent = "";
  // yesterday's daily finished after midnight counts for yesterday: say which day, not "today"
  const past = out.date !== daily.date;
  const facts = { count: out.count, rank: out.rank, date: formatDay(out.date) };
  box.append(el("h3", { "data-daily-date": out.date, text: past ? tr("daily_past", facts) : tr("daily") }));
  box.append(el("p", { text: tr(`${out.count > 1 ? "daily_rank" : "daily_none"}${past ? "_past" : ""}`, facts) }));
  // a replay of the daily (Play again): the first game's result stands, and the page says so
  const now = Number(gameOver.dataset.userTotal ?? NaN);
  if (!out.stored && Number.isFinite(now) && now !== out.mine) {
    box.append(el("p", { class: "rv-daily-again", "data-daily-again": "", text: tr("daily_again", { mine: out.mine, now }) }));
  }
  const max = Math.max(1, ...out.scores.map(([, c]) => c));
  const chart = el("div", { class: "rv-hist", role: "img", "aria-label": out.scores.map(([t, c]) => `${t}: ${c}`).join(", ") });
  for (const [total, count] of out.scores) {
    const bar = el("div", { class: `rv-col${total === out.mine ? " mine" : ""}`, "data-daily-score": String(total), "data-daily-count": String(count) });
    bar.append(el("span", { class: "rv-count", text: String(count) }),
      el("span", { class: "rv-fill", style: `height:${Math.round((60 * count) / max)}px` }),
      el("span", { class: "rv-total", text: String(total) }));
    chart.append(bar);
  }
  box.append(chart);
  box.append(el("p", { class: "rv-legend", text: tr("daily_legend") }));
  box.dataset.game = cur.id; // whose results these are (a replay's dialog is filled anew)
}

function addButtons() {
  // the score sheet's too: an earlier hand stays reviewable once the next is dealt (its last finished hand;
  // the dialog's picker for the others); view-dialogs.js hides it while no hand is finished
  for (const which of ["hand-end", "game-over", "scores"]) {
    const d = document.querySelector(`dialog[data-dialog="${which}"]`);
    if (!d || d.querySelector("[data-action-review]")) continue;
    const b = el("button", { type: "button", "data-action-review": which, text: tr("review") });
    b.addEventListener("click", () => openReview());
    const row = d.querySelector(".dialog-buttons");
    if (row) row.prepend(b);
    new MutationObserver(() => {
      if (!d.open) return;
      b.textContent = tr("review");
      if (which === "game-over") showDaily(d);
    }).observe(d, { attributes: true, attributeFilter: ["open"] });
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", addButtons);
else addButtons();
