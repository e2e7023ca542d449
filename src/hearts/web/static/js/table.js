// The table with friends (/t/new, /t/{id}; docs/tables.md). No renderer of its own: the solo page
// (main.js) draws the table, turned so that this person's seat is at the bottom. This module makes and
// joins tables, speaks the table's WebSocket, turns each `state` / `update` message into the State the
// solo page draws (docs/web-api.md: view, illegal, events), and carries the moves back (`tx`). It adds
// what only a shared table has: the invite link, people's names, "computer" / "away" / "thinking" and
// the turn timer on the seats, the host's Start and seat buttons, "I'm back". What the solo game offers
// is offered here through the same views: the hint (the message {"type": "hint"}, where the host allows
// hints), the cards taken and the breakdown (the messages' score_detail), the review (review.js, on the
// table's review route with the seat's token).
import { ApiError } from "./api.js";
import { formLevels } from "./state.js";
import { reviewAt } from "./review.js";
import { choiceLabel, optionLabel, variantName } from "./options.js";

const $ = (sel, root = document) => root.querySelector(sel);

const SEATS_KEY = "hearts.tables";
/** The field of a one-value move message (a new kind of decision: a field of its own name). */
const FIELD = { moon: "choice" };

function seats() {
  try { return JSON.parse(localStorage.getItem(SEATS_KEY) || "{}"); } catch (e) { return {}; }
}

const NAME_KEY = "hearts.name";
/** The name this browser last sat down under (both forms start with it), or "". */
function lastName() {
  try { return localStorage.getItem(NAME_KEY) || ""; } catch (e) { return ""; }
}
function rememberName(name) {
  try { localStorage.setItem(NAME_KEY, String(name || "").slice(0, 24)); } catch (e) { /* storage blocked */ }
}

function remember(id, token) {
  const all = seats();
  all[id] = { token, at: Date.now() };
  const keep = Object.entries(all).sort((a, b) => b[1].at - a[1].at).slice(0, 20);
  try { localStorage.setItem(SEATS_KEY, JSON.stringify(Object.fromEntries(keep))); } catch (e) { /* full */ }
}

async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error((data.error && data.error.message) || `HTTP ${r.status}`);
  return data;
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

/**
 * Run the table page. `idPart`: "new" or the table's id; `page`: the solo page's hooks (main.js
 * tableHooks: applyState, setSeat, adopt, toast, t, ...).
 */
export async function startTable(idPart, page) {
  const { t } = page;
  const tb = {
    id: idPart === "new" ? null : decodeURIComponent(idPart),
    token: null, ws: null, retry: 0, closedByUs: false,
    v: -1, seat: null, waitingId: null, host: false,
    table: null, options: {}, history: { tricks: [], results: [] },
    last: null, // the last State handed to the page (re-drawn after a refused move)
    thinking: null, deadlines: {},
    queue: Promise.resolve(),
    hint: null, // the hint asked and not answered yet: {resolve, reject}
    offering: false, // "Play again together" is opening the next table
    wasAway: false, // the seat was away (a computer playing it) at the last state: its return is told
    rules: {}, // the create form's house rules (the options differing from the game's own)
  };
  document.body.classList.add("at-table");

  // -------------------------------------------------------------- what the page asks of a table
  const adapter = {
    seatName(seat) {
      if (!tb.table || seat === tb.seat) return null;
      const s = tb.table.seats[seat];
      // a computer's fixed name (one per seat number) as the page's language writes it: "Basil" is バジル in Japanese
      const local = s && s.bot ? t("tb_computer_names") : null;
      if (Array.isArray(local) && local[seat]) return local[seat];
      // the server's name of the seat: a person's, or the computer's fixed name; the server refuses < > " &
      // in names (they go into markup), and a name stored before that is shown without them
      return s && s.name ? s.name.replace(/[<>"&]/g, "") || "?" : null;
    },
    seatTags(seat) {
      if (!tb.table || tb.table.status === "waiting") {
        return tb.table && tb.table.seats[seat].bot ? [t("tb_computer")] : [];
      }
      const s = tb.table.seats[seat];
      const out = [];
      const due = tb.table.due.includes(seat) && tb.table.status === "playing";
      if (s.bot) out.push(t("tb_computer"));
      if (s.away) out.push(t("tb_away"));
      if (tb.thinking === seat && due) out.push(t("tb_thinking"));
      const end = tb.deadlines[String(seat)];
      if (due && end && !s.bot && !s.away) out.push(t("tb_secs", { n: Math.max(0, Math.ceil((end - Date.now()) / 1000)) }));
      return out;
    },
    status(msg) {
      if (!tb.table) return msg;
      if (tb.table.status === "waiting") return t(tb.host ? "tb_waiting_start" : "tb_host_starts", { names: people() });
      // a friend waiting for a seat is told so for as long as they wait (the play's messages are the players')
      if (tb.seat === null) return tb.waitingId ? t("tb_waiting_seat") : msg || t("tb_spectator");
      if (tb.table.seats[tb.seat].away) return t("tb_away_text");
      return msg;
    },
    /** Whether the table's panel holds the middle of the table (the away button sits under the status line). */
    holdsPanel() { const p = $("#tb-panel"); return !p.hidden && !p.classList.contains("away"); },
    rendered,
    action(a, btn) {
      if (a === "start") send({ type: "start", v: tb.v });
      else if (a === "back") send({ type: "back" });
      else if (a === "copy-link") copyLink();
      else if (a === "new-table") location.assign("/t/new"); // a finished table: make the next one
      else if (a === "table-again") playAgain(); // ... or open it with these settings and invite everyone
      else if (a === "table-join-again" && tb.table.again) location.assign(`/t/${encodeURIComponent(tb.table.again.table)}`);
      else if (a === "seat-friend") send({ type: "seat", seat: Number(btn.dataset.seat), friend: btn.dataset.friend, v: tb.v });
      else if (a === "table-rules") { // the solo page's Game options dialog, for the table's rules
        const game = $('#tb-create-form [name="game"]').value;
        page.renderOptionsForm({ variant: $("#tb-variant").value, players: Number($("#tb-players").value),
          level: $("#tb-level").value, options: tb.rules, game: game ? Number(game) : null });
        page.showDialog("new-game-form");
      }
    },
    /** The Game options dialog's choice (options-form.js startFromForm), taken into the create form. */
    chooseRules(s) {
      $("#tb-variant").value = s.variant;
      fillPlayers();
      $("#tb-players").value = String(s.players);
      if (![...$("#tb-level").options].some((o) => o.value === s.level)) option($("#tb-level"), s.level, s.level);
      $("#tb-level").value = s.level;
      $('#tb-create-form [name="game"]').value = s.game ?? "";
      tb.rules = s.options || {};
      rulesNote();
    },
    language() { fillForm(); rulesNote(); joinText(); missingText(); if (!$("#tb-mine").hidden) renderMine(); if (tb.table && page.app.state) rendered(); },
  };
  // the table's transport (the interface of transport.js): a move is a message; its State comes back as one
  const moved = (msg) => { send({ ...msg, v: tb.v }); return Promise.resolve(null); };
  const tx = {
    pass: (cards) => moved({ type: "pass", cards }),
    play: (card) => moved({ type: "play", card }),
    decide: (kind, value) => moved({ type: kind, [FIELD[kind] || kind]: value }),
    nextHand: () => moved({ type: "next" }),
    hint: (level) => new Promise((resolve, reject) => {
      // (the sentence in the page's language: an empty one would show the bare code)
      if (tb.hint) { reject(new ApiError(429, "hint_busy", t("reason_hint_busy"))); return; }
      if (!tb.ws || tb.ws.readyState !== WebSocket.OPEN) { reject(new ApiError(0, "network", t("error_net"))); return; }
      tb.hint = { resolve, reject };
      send({ type: "hint", level, ref: "hint" }); // its refusal comes back with this ref
    }),
  };
  page.adopt(adapter, tx);

  function people() {
    return tb.table.seats.filter((s) => !s.bot).map((s) => s.name).join(t("tb_list_sep"));
  }

  // -------------------------------------------------------------- the socket
  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/api/tables/${encodeURIComponent(tb.id)}/ws`);
    tb.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: tb.token, since: tb.v >= 0 ? tb.v : null }));
    ws.onmessage = (ev) => handle(JSON.parse(ev.data));
    ws.onclose = () => {
      if (tb.hint && tb.ws === ws) { tb.hint.reject(new ApiError(0, "network", t("error_net"))); tb.hint = null; }
      if (tb.ws !== ws || tb.closedByUs) return;
      setTimeout(connect, Math.min(5000, 300 * 2 ** tb.retry++)); // resync from the last version seen
    };
  }

  function send(msg) {
    if (tb.ws && tb.ws.readyState === WebSocket.OPEN) tb.ws.send(JSON.stringify(msg));
  }

  /**
   * One handler per message type of the table's WebSocket (docs/tables.md): `state` (the whole table, on
   * hello and resync), `update` (a move's events and the new view), `thinking`, `error`. A type this page
   * does not know is ignored, so the server may add types and fields.
   */
  const ON_MESSAGE = {
    state(msg) {
      tb.retry = 0;
      tb.seat = msg.seat;
      tb.waitingId = msg.waiting;
      tb.host = msg.host;
      tb.options = msg.options || tb.options;
      tb.history = msg.history || { tricks: [], results: [] };
      take(msg, [], false);
    },
    update(msg) {
      if (msg.v <= tb.v) return; // seen already
      if (msg.v !== tb.v + 1) { tb.ws.close(); return; } // a gap: reconnect and resync
      if (tb.seat === null && tb.waitingId !== null && msg.view.seat !== null) { tb.seat = msg.view.seat; tb.waitingId = null; }
      note(msg.events || []);
      take(msg, msg.events || [], true);
    },
    thinking(msg) {
      tb.thinking = msg.seat;
      page.renderSeats();
    },
    hint(msg) {
      const asked = tb.hint;
      tb.hint = null;
      if (asked) asked.resolve(msg);
    },
    error(msg) {
      // the hint's own refusal (its ref): a move's refusal meanwhile (hints run beside moves) is the move's
      // (a rate_limited message was ignored: perhaps the hint itself; the hint button is freed either way)
      if (tb.hint && (msg.ref === "hint" || msg.code === "rate_limited")) {
        const asked = tb.hint;
        tb.hint = null;
        asked.reject(new ApiError(409, msg.code, msg.message));
        return;
      }
      if (["bad_token", "unknown_table", "no_spectators"].includes(msg.code)) {
        tb.closedByUs = true;
        page.toast(msg.message);
        if (msg.code === "bad_token") showJoin(null);
        return;
      }
      page.refused(msg.code, msg.message);
      const again = tb.last;
      if (again) tb.queue = tb.queue.then(() => page.applyState(structuredClone(again), { animate: false }));
    },
  };

  function handle(msg) {
    if (msg && Object.hasOwn(ON_MESSAGE, msg.type)) ON_MESSAGE[msg.type](msg);
  }

  /** Keep the finished tricks and hands of the history up to date from an update's events (others: none). */
  const NOTE = {
    deal() { tb.history.tricks = []; },
    trick(e) {
      tb.history.tricks.push({ leader: e.cards[0].seat, cards: e.cards.map((c) => c.card), winner: e.winner });
    },
    hand_end(e) {
      tb.history.results.push({ hand: e.hand, points: e.points, tricks: e.tricks, moon: e.moon,
        moon_kind: e.moon_kind, moon_choice: e.moon_choice, totals: e.totals });
    },
    play() { tb.thinking = null; },
    again(e) { if (!tb.offering) page.toast(t("tb_again_offered", { name: e.name }), "info"); },
    // a friend came after the start: the host, who alone can seat them, is told at once (not only at the
    // hand's end, in its dialog)
    waiting(e) { if (tb.host && tb.table && tb.table.status === "playing") page.toast(t("tb_friend_waiting", { name: e.name }), "info", "friend_waiting"); },
  };
  function note(events) {
    for (const e of events) if (Object.hasOwn(NOTE, e.type)) NOTE[e.type](e);
  }

  /** A message as the solo page's State; drawn in order (each update's cards move before the next). */
  function take(msg, events, animate) {
    tb.v = msg.v;
    tb.table = msg.table;
    tb.deadlines = msg.deadlines || {};
    const n = tb.table.seats.length;
    const s = tb.table.settings;
    const view = { ...msg.view, players: n, tricks: tb.history.tricks.slice(), results: tb.history.results.slice() };
    if (!view.widow) view.widow = [];
    const state = {
      id: tb.id, game: tb.table.deals === "public" ? s.game : null, variant: s.variant, players: n,
      options: tb.options, level: s.level, version: msg.v, seat: tb.seat, view, illegal: msg.illegal || {},
      events: events.filter((e) => e.type !== "pass" || e.received), score_detail: msg.score_detail || null,
    };
    tb.last = structuredClone({ ...state, events: [] });
    const away = tb.seat !== null && tb.table.seats[tb.seat].away;
    // back at the seat (reconnected, or "I'm back"): say that the computer played meanwhile
    if (tb.wasAway && !away && tb.seat !== null) page.toast(t("tb_welcome_back"), "info", "welcome_back");
    tb.wasAway = away;
    tb.queue = tb.queue.then(() => {
      // (a person away still holds the seat: the game's result is theirs, "you won", not a spectator's)
      page.setSeat(tb.seat === null ? 0 : tb.seat, tb.seat === null || away, tb.seat === null);
      return page.applyState(state, { animate });
    }).catch((e) => console.error(e));
  }

  // -------------------------------------------------------------- the table's own parts of the page
  function rendered() {
    const table = tb.table;
    if (!table) return;
    const b = document.body.dataset;
    const v = page.app.state.view;
    const free = !page.app.busy && tb.seat !== null && !table.seats[tb.seat].away;
    b.ready = "true";
    b.status = table.status;
    b.seat = tb.seat === null ? "" : String(tb.seat);
    b.myTurn = String(free && v.phase === "play" && v.turn === tb.seat);
    b.passing = String(free && v.phase === "pass" && !v.has_passed[tb.seat]);
    b.deciding = String(free && !!v.decision && !["pass", "play"].includes(v.decision.kind));
    // the solo game's Hint button, where the host allows hints, for a person at a seat, while the game is on
    // (before the start or after the end there is nothing to hint)
    b.hints = String(tb.seat !== null && table.settings.hints !== false && table.status === "playing");
    // the review of a finished hand: the viewer's own seat, on the table's route with the seat's token
    if (tb.seat !== null) reviewAt({ id: tb.id, token: tb.token, seat: tb.seat, name: page.name });
    $("#tb-create").hidden = true;
    $("#tb-join").hidden = true;
    $("#tb-bar").hidden = false;
    $("#tb-link").value = `${location.origin}/t/${tb.id}`;
    $("#tb-info").textContent = [t("tb_info", { id: tb.id }),
      table.deals === "public" ? t("tb_public", { n: table.settings.game }) : t("tb_secret")].join(" · ");
    // the panel in the middle: before the start, and for a seat a computer plays while its person is away
    const panel = $("#tb-panel");
    const away = tb.seat !== null && table.seats[tb.seat].away && table.status === "playing";
    let text = "";
    if (table.status === "waiting") text = `${t("tb_waiting_start", { names: people() })}${tb.host ? "" : ` ${t("tb_host_starts")}`}`;
    else if (away) text = t("tb_away_text");
    $("#tb-panel-text").textContent = text;
    panel.querySelector('[data-action="start"]').hidden = !(table.status === "waiting" && tb.host);
    panel.querySelector('[data-action="back"]').hidden = !away;
    panel.hidden = !text;
    // away: the computer plays this seat. The status line says so already; the panel is then just its
    // "I'm back" button, in the flow under the status line: over no card of the trick nor of the hand
    // (the person follows the hand meanwhile), and no second copy of the sentence. Else it is back in
    // the middle of the table.
    panel.classList.toggle("away", away);
    $("#tb-panel-text").hidden = away;
    const home = away ? $("#status") : $("#decide-panel");
    if (panel.previousElementSibling !== home) home.after(panel);
    // between hands: the host deals (and may give a computer's seat to a waiting friend); the others wait
    const endBox = $("#hand-end-table");
    endBox.innerHTML = "";
    $('dialog[data-dialog="hand-end"] [data-action="next-hand"]').hidden = !tb.host;
    if (v.phase === "deal" && v.results.length) {
      if (!tb.host) endBox.innerHTML = `<p class="note">${escapeHtml(t("tb_host_deals"))}</p>`;
      else {
        for (const w of table.waiting) {
          // a computer's seat, or the seat of a person away (not the host's): the same person back on
          // another device, without the seat's token, waits under their name to be given it back, and
          // is offered that seat only (tables.py givable_seats: no two people called alike)
          const key = (n) => n.normalize("NFKC").toLowerCase();
          const own = table.seats.find((x) => x.away && !x.bot && key(x.name) === key(w.name));
          const givable = own ? (own.seat !== 0 ? [own] : [])
            : table.seats.filter((x) => x.bot || (x.away && x.seat !== 0));
          for (const s of givable) {
            const btn = document.createElement("button");
            btn.type = "button";
            btn.dataset.action = "seat-friend";
            btn.dataset.seat = String(s.seat);
            btn.dataset.friend = w.id;
            btn.textContent = t(s.bot ? "tb_give_seat" : "tb_give_seat_away", { name: w.name, seat: page.name(s.seat) });
            endBox.appendChild(btn);
          }
        }
      }
    } else {
      // the host dealt on: a friend still reading the hand's scores keeps them (it was closed under them
      // at once), told that the next hand waits
      const d = $('dialog[data-dialog="hand-end"]');
      if (d.open && tb.host) d.close();
      else if (d.open) endBox.innerHTML = `<p class="note" data-dealt-on>${escapeHtml(t("tb_dealt_on"))}</p>`;
    }
    for (const sel of ['[data-action="next-game"]', '[data-action="play-again"]']) $(sel).hidden = true;
    // the game is over at this table: the way on is a new table, opened with these settings for everyone
    // (once; then the others join it), or the create form (this name kept)
    const over = table.status === "over";
    $('[data-action="new-table"]').hidden = !over;
    $('[data-action="table-again"]').hidden = !(over && tb.seat !== null && !table.again);
    const join = $('[data-action="table-join-again"]');
    join.hidden = !(over && table.again);
    if (table.again) join.textContent = t("tb_join_again", { name: table.again.name });
  }

  /**
   * "Play again together": open a table with this table's settings (the next public game number, or secret
   * deals again), this person its host under the same name, offer it to everyone here (the message `again`)
   * and go there.  When someone else's offer came first, join theirs instead.
   */
  async function playAgain() {
    if (tb.offering) return;
    const s = tb.table.settings;
    const body = { name: tb.table.seats[tb.seat].name, variant: s.variant, players: s.players,
      options: s.options, level: s.level, turn_seconds: s.turn_seconds, spectators: s.spectators, hints: s.hints };
    if (s.game !== null && s.game !== undefined) body.game = s.game >= 4294967295 ? 1 : s.game + 1;
    tb.offering = true;
    try {
      const out = await post("/api/tables", body);
      remember(out.id, out.token);
      send({ type: "again", table: out.id, token: out.token, v: tb.v });
      const deadline = Date.now() + 10000; // the table's update (or a refusal) comes back over the socket
      while (!tb.table.again && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (!tb.table.again) throw new Error(t("error_net"));
      location.assign(`/t/${encodeURIComponent(tb.table.again.table)}`); // (someone else's, if theirs came first)
    } catch (e) {
      tb.offering = false;
      page.toast(e.message);
    }
  }

  function copyLink() {
    const link = $("#tb-link");
    link.select();
    // say what happened: copied, or (no clipboard here: an http page, a locked-down browser) selected to copy
    const selected = () => page.toast(t("tb_copy_selected"), "info", "copy");
    if (navigator.clipboard) {
      navigator.clipboard.writeText(link.value).then(() => page.toast(t("tb_copied"), "info", "copy"), selected);
    } else selected();
  }

  function formMode(which) {
    $("#table").hidden = true;
    $(".bottom").hidden = true;
    $("#tb-create").hidden = which !== "create";
    $("#tb-join").hidden = which !== "join";
    document.body.dataset.ready = "true";
    document.body.dataset.busy = "false";
    document.body.dataset.phase = which;
  }

  function tableMode() {
    $("#table").hidden = false;
    $(".bottom").hidden = false;
    $("#tb-create").hidden = true;
    $("#tb-join").hidden = true;
  }

  /**
   * The create form (/t/new) lists the tables this browser holds a seat at that are still on (the three
   * most recent of the last two days): the way back to a table once the page has left it.
   */
  async function showMine() {
    const day = 24 * 3600 * 1000;
    const recent = Object.entries(seats()).filter(([, s]) => Date.now() - s.at < 2 * day)
      .sort((a, b) => b[1].at - a[1].at).slice(0, 3);
    const found = [];
    tb.mine = found;
    for (const [id] of recent) {
      try {
        const r = await fetch(`/api/tables/${encodeURIComponent(id)}`);
        if (!r.ok) continue;
        const info = await r.json();
        if (info.status === "waiting" || info.status === "playing") found.push(info);
      } catch (e) { /* offline: nothing to offer */ }
    }
    renderMine();
  }

  /** The list of :func:`showMine`, in the page's language (drawn again on a change of language). */
  function renderMine() {
    const found = tb.mine || [];
    const box = $("#tb-mine");
    const list = $("#tb-mine-list");
    list.innerHTML = "";
    for (const info of found) {
      const v = (page.app.catalog.variants || []).find((x) => x.name === info.settings.variant);
      const a = document.createElement("a");
      a.href = `/t/${encodeURIComponent(info.id)}${location.search}`;
      a.textContent = t("tb_mine_item", { game: variantName(info.settings.variant, v && v.title),
        names: info.seats.filter((s) => !s.bot).map((s) => s.name).join(t("tb_list_sep")),
        status: t(info.status === "waiting" ? "tb_mine_waiting" : "tb_mine_playing") });
      const li = document.createElement("li");
      li.append(a);
      list.append(li);
    }
    $("#tb-mine-title").textContent = t("tb_mine");
    box.hidden = !found.length;
  }

  function showJoin(info) {
    formMode("join");
    tb.info = info;
    joinText();
  }

  /** The dead link's note above the create form (in the page's language). */
  function missingText() {
    if ($("#tb-missing").hidden) return;
    $("#tb-missing-text").textContent = t("tb_missing");
    $("#tb-missing-solo").textContent = t("tb_missing_solo");
  }

  /** Who is at the table, above the join form (in the page's language). */
  function joinText() {
    const info = tb.info;
    if (!info) return;
    const names = info.seats.filter((s) => !s.bot).map((s) => s.name).join(t("tb_list_sep"));
    // which game is played, first: a friend decides to sit down knowing it
    const v = (page.app.catalog.variants || []).find((x) => x.name === info.settings.variant);
    const game = t("tb_join_game", { game: variantName(info.settings.variant, v && v.title), n: info.seats.length });
    $("#tb-join-text").textContent = game + t("tb_gap") +
      t(info.status === "waiting" ? "tb_join_waiting" : "tb_join_started", { names });
  }

  /** One option of a select: `value`, shown as `label`. */
  function option(sel, value, label) {
    const o = document.createElement("option");
    o.value = String(value);
    o.textContent = label;
    sel.appendChild(o);
  }

  /** The create form's choices: every game of the catalog (as the solo page's options), its player
   * counts, the computer levels; in the page's language. Keeps what is chosen. */
  function fillForm() {
    const cat = page.app.catalog;
    const list = cat.variants.length ? cat.variants : [{ name: "standard", title: "Hearts", players: [4], default_players: 4 }];
    const vs = $("#tb-variant");
    const chosen = vs.value || "standard";
    vs.innerHTML = "";
    for (const v of list) option(vs, v.name, variantName(v.name, v.title));
    vs.value = list.some((v) => v.name === chosen) ? chosen : list[0].name;
    fillPlayers(vs.value === chosen);
    const ls = $("#tb-level");
    const level = ls.value || "medium";
    ls.innerHTML = "";
    for (const x of formLevels(level)) option(ls, x, t(`level_${x}`) === `level_${x}` ? x : t(`level_${x}`));
    ls.value = level;
    $('#tb-create-form [name="game"]').placeholder = t("tb_number_ph");
  }

  /** The house rules chosen, in words, under the create form's button. */
  function rulesNote() {
    const specs = page.app.catalog.options;
    const said = Object.entries(tb.rules).map(([k, v]) => {
      const spec = specs.find((o) => o.key === k) || { key: k };
      const value = typeof v === "boolean" ? t(v ? "yes" : "no") : spec.type === "int" ? String(v) : choiceLabel(k, v);
      return `${optionLabel(spec)}: ${value}`;
    });
    $("#tb-rules-note").textContent = said.length ? t("tb_rules_some", { list: said.join(" · ") }) : t("tb_rules_default");
  }

  /** The player counts of the game chosen (3 to 6 where it allows them): the count chosen is kept
   * (`keepChoice`, a change of language), else the game's usual one is selected (as in Game options). */
  function fillPlayers(keepChoice = false) {
    const v = page.app.catalog.variants.find((x) => x.name === $("#tb-variant").value);
    const ps = $("#tb-players");
    const counts = v ? v.players : [4];
    const keep = Number(ps.value);
    ps.innerHTML = "";
    for (const n of counts) option(ps, n, t("tb_n_players", { n }));
    ps.value = String(keepChoice && counts.includes(keep) ? keep : (v ? v.default_players : 4));
    ps.disabled = counts.length < 2;
  }

  $("#tb-create-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = new FormData(ev.target);
    const body = { name: f.get("name"), variant: f.get("variant"), players: Number($("#tb-players").value),
      level: f.get("level"), turn_seconds: Number(f.get("turn_seconds")) || 45, hints: f.get("hints") === "on",
      options: tb.rules };
    if (f.get("game")) body.game = Number(f.get("game"));
    try {
      const out = await post("/api/tables", body);
      rememberName(body.name);
      tb.id = out.id;
      tb.token = out.token;
      remember(out.id, out.token);
      history.replaceState(null, "", `/t/${out.id}${location.search}`); // (keeps a ?lang=)
      tableMode();
      connect();
    } catch (e) { page.toast(e.message); }
  });
  $("#tb-join-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = new FormData(ev.target);
    try {
      const out = await post(`/api/tables/${encodeURIComponent(tb.id)}/join`, { name: f.get("name") });
      rememberName(f.get("name"));
      tb.token = out.token;
      remember(tb.id, out.token);
      tb.closedByUs = false;
      tableMode();
      connect();
    } catch (e) { page.toast(e.message); }
  });
  $('[data-action="watch"]').addEventListener("click", () => {
    tb.token = null; tb.closedByUs = false; tableMode(); connect();
  });
  // the turn timers count down in place
  setInterval(() => { if (tb.table && tb.table.status === "playing" && page.app.state) page.renderSeats(); }, 500);

  $("#tb-variant").addEventListener("change", () => { fillPlayers(); tb.rules = {}; rulesNote(); });
  // the name sat down under last time, ready in both forms (changed at will)
  for (const input of [$('#tb-create-form [name="name"]'), $('#tb-join-form [name="name"]')]) {
    if (input && !input.value) input.value = lastName();
  }
  fillForm();
  rulesNote();
  if (!tb.id) { formMode("create"); showMine(); return; }
  const known = seats()[tb.id];
  if (known) { tb.token = known.token; tableMode(); connect(); return; }
  try {
    const r = await fetch(`/api/tables/${encodeURIComponent(tb.id)}`);
    const info = await r.json();
    if (r.status === 404) { // a dead link: say so, and offer a new table (this form) or the solo game
      formMode("create");
      $("#tb-missing").hidden = false;
      missingText();
      return;
    }
    if (!r.ok) { formMode("join"); page.toast(info.error ? info.error.message : "No such table."); return; }
    showJoin(info);
  } catch (e) { page.toast(String(e)); }
}
