// The table with friends (/t/{id}): create or join a shared table, then play it live over
// a WebSocket (docs/tables.md).  The seat map is turned so that you sit at the bottom.
// Licence: MIT, same as the project (see ../LICENSES.md).

import { cardFace, installCardDefs, sortHand } from "./cards.js";

const $ = (sel) => document.querySelector(sel);
const STORE_KEY = "hearts.tables";
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");

const app = {
  id: tableId, token: null, seat: null, waiting: null, host: false,
  v: -1, view: null, table: null, illegal: {}, deadlines: {},
  thinking: null, lastTrick: null, handEnd: null, selected: new Set(),
  ws: null, retry: 0, closedByUs: false, watching: false,
};

// ------------------------------------------------------------------ storage
function seats() {
  try { return JSON.parse(localStorage.getItem(STORE_KEY) || "{}"); } catch (e) { return {}; }
}
function remember(id, token) {
  const all = seats();
  all[id] = { token };
  try { localStorage.setItem(STORE_KEY, JSON.stringify(all)); } catch (e) { /* private mode */ }
}

// ------------------------------------------------------------------ http
async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error((data.error && data.error.message) || `HTTP ${r.status}`);
  return data;
}

function showError(text) {
  const el = $("#tb-error");
  el.textContent = text;
  el.hidden = !text;
  if (text) setTimeout(() => { if (el.textContent === text) el.hidden = true; }, 4000);
}

// ------------------------------------------------------------------ socket
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/tables/${encodeURIComponent(app.id)}/ws`);
  app.ws = ws;
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: "hello", token: app.token, since: app.v >= 0 ? app.v : null }));
  };
  ws.onmessage = (ev) => handle(JSON.parse(ev.data));
  ws.onclose = () => {
    if (app.ws !== ws || app.closedByUs) return;
    const wait = Math.min(5000, 300 * 2 ** app.retry++);
    setTimeout(connect, wait);  // resync from the last version seen
  };
}

function send(msg) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(msg));
}

function handle(msg) {
  if (msg.type === "state") {
    app.retry = 0;
    adopt(msg);
    app.seat = msg.seat; app.waiting = msg.waiting; app.host = msg.host;
    for (const m of msg.missed || []) noteEvents(m.events);
  } else if (msg.type === "update") {
    if (msg.v <= app.v) return;  // already seen
    if (msg.v !== app.v + 1) { app.ws.close(); return; }  // a gap: reconnect and resync
    adopt(msg);
    if (app.seat === null && app.waiting !== null && msg.view.seat !== null) app.seat = msg.view.seat;
    noteEvents(msg.events);
  } else if (msg.type === "thinking") {
    app.thinking = msg.seat;
  } else if (msg.type === "error") {
    showError(msg.message);
    if (["bad_token", "unknown_table", "no_spectators"].includes(msg.code)) {
      app.closedByUs = true;
      if (msg.code === "bad_token") showJoin();
    }
    return;
  } else {
    return;
  }
  render();
}

function adopt(msg) {
  app.v = msg.v;
  app.view = msg.view;
  app.table = msg.table;
  app.illegal = msg.illegal || {};
  app.deadlines = msg.deadlines || {};
}

function noteEvents(events) {
  for (const e of events) {
    if (e.type === "play") { app.thinking = null; if (app.view.trick.length) app.lastTrick = null; }
    if (e.type === "trick") app.lastTrick = e;
    if (e.type === "deal") { app.handEnd = null; app.lastTrick = null; app.selected.clear(); }
    if (e.type === "hand_end") app.handEnd = e;
  }
}

// ------------------------------------------------------------------ rendering
function name(seat) {
  const s = app.table.seats[seat];
  if (seat === app.seat) return "You";
  return s.name || `Computer ${seat}`;
}

function place(rel, n, rx, ry) {
  const a = Math.PI / 2 + (2 * Math.PI * rel) / n;
  return { x: 50 + rx * Math.cos(a), y: 50 + ry * Math.sin(a) };
}

function me() { return app.seat === null || app.seat === undefined ? 0 : app.seat; }

function renderSeats() {
  const el = $("#tb-seats");
  el.textContent = "";
  const n = app.table.seats.length;
  const v = app.view;
  for (const s of app.table.seats) {
    const rel = (s.seat - me() + n) % n;
    const p = place(rel, n, 42, 41);
    const d = document.createElement("div");
    d.className = "tb-seat" + (rel === 0 ? " tb-me" : "");
    d.dataset.seatBox = String(s.seat);
    d.style.top = `${p.y}%`;
    if (p.x < 20) d.classList.add("tb-edge-left");
    else if (p.x > 80) d.classList.add("tb-edge-right");
    else d.style.left = `${p.x}%`;
    if (seatDue(s.seat)) d.classList.add("turn");
    const total = v.totals[s.seat] ?? 0;
    d.innerHTML = `<span class="tb-name"></span> <span class="tb-total" data-total-seat="${s.seat}">${total}</span>` +
      `<span class="tb-tags"></span><span class="tb-count">${v.counts[s.seat] ?? 0} cards</span>`;
    d.querySelector(".tb-name").textContent = name(s.seat);
    d.querySelector(".tb-tags").textContent = seatTags(s);
    el.appendChild(d);
  }
}

function seatDue(seat) { return app.table.due.includes(seat) && app.table.status === "playing"; }

function seatTags(s) {
  const tags = [];
  const due = seatDue(s.seat);
  if (s.bot) tags.push("computer");
  if (s.away) tags.push("away: a bot plays");
  if (app.thinking === s.seat && due) tags.push("thinking…");
  const left = app.deadlines[String(s.seat)];
  if (due && left && !s.bot && !s.away) tags.push(`${Math.max(0, Math.ceil((left - Date.now()) / 1000))} s`);
  return tags.join(" · ");
}

/** The turn timers count down in place (no new elements: clicks stay on their targets). */
function tickSeats() {
  for (const s of app.table.seats) {
    const el = document.querySelector(`[data-seat-box="${s.seat}"] .tb-tags`);
    if (el) el.textContent = seatTags(s);
  }
}

function renderTrick() {
  const el = $("#tb-trick");
  el.textContent = "";
  const n = app.table.seats.length;
  let cards = app.view.trick;
  let winner = null;
  if (!cards.length && app.lastTrick && app.view.phase === "play") {
    cards = app.lastTrick.cards;
    winner = app.lastTrick.winner;
  }
  for (const { seat, card } of cards) {
    const rel = (seat - me() + n) % n;
    const p = place(rel, n, 17, 22);
    const d = document.createElement("div");
    d.className = "tb-trick-card" + (seat === winner ? " winner" : "");
    d.dataset.trickCard = card;
    d.dataset.seat = String(seat);
    d.style.left = `${p.x}%`;
    d.style.top = `${p.y}%`;
    d.setAttribute("role", "img");
    d.setAttribute("aria-label", `${name(seat)}: ${card}`);
    d.appendChild(cardFace(card));
    el.appendChild(d);
  }
}

function myTurn() {
  const v = app.view;
  return app.seat !== null && v.phase === "play" && v.turn === app.seat &&
    !app.table.seats[app.seat].away;
}

function passing() {
  const v = app.view;
  return app.seat !== null && v.phase === "pass" && !v.has_passed[app.seat] &&
    !app.table.seats[app.seat].away;
}

function passCount() { return app.table.settings.options.pass_count || 3; }

function renderHand() {
  const el = $("#tb-hand");
  el.textContent = "";
  const hand = sortHand(app.view.hand);
  const width = el.clientWidth || window.innerWidth;
  const cardW = window.innerWidth < 600 ? 56 : 84;
  const step = hand.length > 1 ? Math.min(cardW * 0.55, (width - 16 - cardW) / (hand.length - 1)) : cardW;
  el.style.setProperty("--card-w", `${cardW}px`);
  el.style.setProperty("--step", `${step}px`);
  const row = document.createElement("div");
  row.className = "hand-row";
  const legal = new Set(app.view.legal);
  for (const card of hand) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "card";
    b.dataset.card = card;
    const playable = passing() || (myTurn() && legal.has(card));
    b.setAttribute("aria-disabled", playable ? "false" : "true");
    if (myTurn() && !legal.has(card)) b.classList.add("illegal");
    if (app.selected.has(card)) b.classList.add("selected");
    b.setAttribute("aria-label", card);
    b.appendChild(cardFace(card));
    b.addEventListener("click", () => clickCard(card));
    row.appendChild(b);
  }
  el.appendChild(row);
}

function clickCard(card) {
  if (passing()) {
    if (app.selected.has(card)) app.selected.delete(card);
    else if (app.selected.size < passCount()) app.selected.add(card);
    render();
    return;
  }
  if (!myTurn()) { showError(app.view.phase === "play" ? `It is ${name(app.view.turn)}'s turn.` : "Not now."); return; }
  if (app.illegal[card]) { showError(app.illegal[card].message); return; }
  send({ type: "play", card, v: app.v });
}

function scoresTable(e) {
  const rows = app.table.seats.map((s) =>
    `<tr><th scope="row">${escapeHtml(name(s.seat))}</th><td>${e.points[s.seat]}</td><td>${e.totals[s.seat]}</td></tr>`);
  return `<table class="tb-scores" data-dialog="hand-end"><thead><tr><th></th><th>This hand</th><th>Total</th></tr></thead>` +
    `<tbody>${rows.join("")}</tbody></table>`;
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function renderPanel() {
  const panel = $("#tb-panel");
  const text = $("#tb-panel-text");
  const body = $("#tb-panel-body");
  const v = app.view;
  const t = app.table;
  const show = (action, on) => { panel.querySelector(`[data-action="${action}"]`).hidden = !on; };
  for (const a of ["start", "next-hand", "pass", "back"]) show(a, false);
  body.textContent = "";
  let msg = "";
  const away = app.seat !== null && t.seats[app.seat].away;
  if (app.seat === null && app.waiting) {
    msg = "You are waiting for a seat: the host can give you a computer's seat between hands.";
  } else if (t.status === "waiting") {
    const people = t.seats.filter((s) => !s.bot).map((s) => s.name);
    msg = `At the table: ${people.join(", ")}. Empty seats will be played by the computer.`;
    if (app.host) show("start", true); else msg += " The host starts the game.";
  } else if (away) {
    msg = "Your time ran out, so a computer plays for you.";
    show("back", true);
  } else if (passing()) {
    const to = name(v.pass_to);
    msg = `Choose ${passCount()} cards to pass to ${to}.`;
    show("pass", true);
    panel.querySelector('[data-action="pass"]').disabled = app.selected.size !== passCount();
  } else if (v.phase === "deal" && app.handEnd) {
    msg = `Hand ${app.handEnd.hand + 1} is over.`;
    body.innerHTML = scoresTable(app.handEnd);
    if (app.host) {
      show("next-hand", true);
      const bots = t.seats.filter((s) => s.bot);
      for (const w of t.waiting) {
        for (const s of bots) {
          const b = document.createElement("button");
          b.type = "button";
          b.dataset.action = "seat-friend";
          b.textContent = `Give ${w.name} seat ${s.seat}`;
          b.addEventListener("click", () => send({ type: "seat", seat: s.seat, friend: w.id, v: app.v }));
          body.appendChild(b);
        }
      }
    } else {
      msg += " The host deals the next hand.";
    }
  } else if (v.phase === "game-over") {
    msg = `The game is over. Winner: ${v.winners.map(name).join(", ")}.`;
    if (app.handEnd) body.innerHTML = scoresTable(app.handEnd);
  }
  text.textContent = msg;
  panel.hidden = !msg;
}

function renderStatus() {
  const v = app.view;
  const t = app.table;
  let s = "";
  if (t.status === "playing") {
    if (v.phase === "play") s = myTurn() ? "Your turn: play a card." : `${name(v.turn)} to play.`;
    else if (v.phase === "pass") s = passing() ? "Pass cards." : "Waiting for the others to pass.";
    else if (v.phase === "moon-choice") s = `${name(v.turn)} shot the moon.`;
    else if (v.phase === "deal") s = "Between hands.";
  } else if (t.status === "over") {
    s = "Game over.";
  } else {
    s = "Waiting for the host to start.";
  }
  $("#tb-status").textContent = s;
  const info = [`Table ${app.id}`, t.deals === "public" ? `game #${t.settings.game} (public deals)` : "secret deals"];
  $("#tb-info").textContent = info.join(" · ");
}

function render() {
  if (!app.view) return;
  $("#tb-create").hidden = true;
  $("#tb-join").hidden = true;
  $("#tb-table").hidden = false;
  $("#tb-bottom").hidden = false;
  $("#tb-invite").hidden = false;
  $("#tb-link").value = `${location.origin}/t/${app.id}`;
  document.body.dataset.ready = "true";
  document.body.dataset.busy = "false";
  document.body.dataset.phase = app.view.phase;
  document.body.dataset.version = String(app.v);
  document.body.dataset.seat = app.seat === null ? "" : String(app.seat);
  document.body.dataset.myTurn = String(myTurn());
  document.body.dataset.passing = String(passing());
  document.body.dataset.status = app.table.status;
  renderSeats();
  renderTrick();
  renderHand();
  renderPanel();
  renderStatus();
}

// ------------------------------------------------------------------ forms
function showJoin(info) {
  $("#tb-table").hidden = true;
  $("#tb-bottom").hidden = true;
  $("#tb-join").hidden = false;
  if (info) {
    const people = info.seats.filter((s) => !s.bot).map((s) => s.name);
    $("#tb-join-text").textContent = `${people.join(", ")} ${people.length === 1 ? "is" : "are"} at this table. ` +
      (info.status === "waiting" ? "Take a free seat." : "The game has started: the host can give you a computer's seat between hands.");
  }
  document.body.dataset.ready = "true";
  document.body.dataset.busy = "false";
  document.body.dataset.phase = "join";
}

function bindForms() {
  $("#tb-create-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = new FormData(ev.target);
    const body = { name: f.get("name"), variant: f.get("variant"), level: f.get("level"),
      turn_seconds: Number(f.get("turn_seconds")) || 45 };
    if (f.get("game")) body.game = Number(f.get("game"));
    try {
      const out = await post("/api/tables", body);
      app.id = out.id;
      app.token = out.token;
      remember(out.id, out.token);
      history.replaceState(null, "", `/t/${out.id}`);
      connect();
    } catch (e) { showError(e.message); }
  });
  $("#tb-join-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = new FormData(ev.target);
    try {
      const out = await post(`/api/tables/${encodeURIComponent(app.id)}/join`, { name: f.get("name") });
      app.token = out.token;
      remember(app.id, out.token);
      app.closedByUs = false;
      connect();
    } catch (e) { showError(e.message); }
  });
  document.querySelector('[data-action="watch"]').addEventListener("click", () => {
    app.token = null; app.closedByUs = false; connect();
  });
  document.querySelector('[data-action="copy-link"]').addEventListener("click", () => {
    const link = $("#tb-link");
    link.select();
    if (navigator.clipboard) navigator.clipboard.writeText(link.value).catch(() => {});
  });
  document.querySelector('[data-action="start"]').addEventListener("click", () => send({ type: "start", v: app.v }));
  document.querySelector('[data-action="next-hand"]').addEventListener("click", () => send({ type: "next", v: app.v }));
  document.querySelector('[data-action="back"]').addEventListener("click", () => send({ type: "back" }));
  document.querySelector('[data-action="pass"]').addEventListener("click", () => {
    send({ type: "pass", cards: [...app.selected], v: app.v });
    app.selected.clear();
  });
  window.addEventListener("resize", () => { if (app.view) renderHand(); });
  setInterval(() => { if (app.view && app.table.status === "playing") tickSeats(); }, 500);
}

async function init() {
  installCardDefs();
  bindForms();
  if (!app.id || app.id === "new") {
    $("#tb-create").hidden = false;
    document.body.dataset.ready = "true";
    document.body.dataset.busy = "false";
    document.body.dataset.phase = "create";
    return;
  }
  const known = seats()[app.id];
  if (known) { app.token = known.token; connect(); return; }
  try {
    const r = await fetch(`/api/tables/${encodeURIComponent(app.id)}`);
    const info = await r.json();
    if (!r.ok) { showError(info.error ? info.error.message : "No such table."); return; }
    showJoin(info);
  } catch (e) { showError(String(e)); }
}

init();
