"""The live side of shared tables: one :class:`TableHub` per server process.

The hub keeps the tables in use in memory (:class:`~hearts.web.tables.TableState`, the
fold of each table's stored log), serves their WebSocket clients and drives what no
client does: bots' moves (asked through :func:`hearts.drive.decide` on the seat's pending
decision; a search level's decision runs in the server's one
:class:`~hearts.web.compute.SearchPool`, the solo game's), the turn timer
after which a bot plays for an absent person, and the deal of the next hand.

Every change to a table goes the same way (:meth:`TableHub._commit`), holding the
table's asyncio lock and, with Redis, its Redis lock:

1. bring the table up to date (with Redis: read newer actions from the database when
   another process has written);
2. check the action (the engine's ``verify_x``; nothing changes when it is refused);
3. append it to the log in the database and wait for the commit (so a crash after this
   point loses nothing that any client saw);
4. apply it to the table in memory, then (re)arm bots and timers;
5. send each local client its seat's ``update`` message, and publish the action on the
   bus (other processes apply it and tell their clients).

Protocol (JSON text frames on ``/api/tables/{id}/ws``; ``docs/tables.md``): the client
sends ``{"type": "hello", "token": seat token or null, "since": last version seen or
null}`` first and gets a ``state`` message, then ``update`` messages (one per version,
in order), ``thinking`` and ``error`` messages.  Moves answer the seat's pending
decision (:data:`MOVE_FIELDS`): ``{"type": "pass", "cards": [...], "v": N}``, ``play``
(``card``), ``moon`` (``choice``), ``bid`` (``bid``: chips or null), ``suit`` (``suit``:
C, D, H or S); ``next`` (host, between hands), ``start`` (host), ``seat`` (host:
``seat``, ``friend``), ``back``, ``again`` (once the game is over: ``table``, ``token``:
a new table with the same settings that the sender opened and hosts, offered to everyone
here); ``hint`` (``level``, optional: answered to the asker
only with a ``hint`` message, :meth:`TableHub.hint`).  One connection may send
:data:`MSG_RATE` messages a second (bursts of :data:`MSG_BURST`); past that each message is refused with
``rate_limited``, and a client that goes on is cut off (close code 4429).  A binary
frame closes the connection with code 1003 and a reason.  A seat may have
:data:`MAX_SEAT_SOCKETS` connections open at once (more are refused with
``too_many_sockets``, close code 4409).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import orjson
import starlette.websockets
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocketDisconnect

from ..actions import KINDS, Action, ActionError
from ..view import player_view
from . import metrics
from .bots import bot_action, check_level, decision_seed, local_answer, table_job
from .bus import LocalBus, RedisBus
from .compute import SEARCH_LEVELS, Busy, SearchPool
from .errors import WebError
from .limits import EXCERPT_CHARS, RateLimiter, excerpt, scope_client
from .service import DEFAULT_HINT_LEVEL, _check_option_sizes, hint_answer
from .storage import hash_token
from .table_store import SeqConflict, TableStore, UnknownTable
from .tables import (
    HOST_SEAT,
    Applied,
    TableError,
    TableState,
    action_refusal,
    check_settings,
    clean_name,
    load_state,
    replay_into,
    secret_deal_action,
)

log = logging.getLogger("hearts.web")

_GONE: tuple[type[Exception], ...] = (
    WebSocketDisconnect, getattr(starlette.websockets, "WebSocketDisconnected", WebSocketDisconnect))
"""What a client that went away raises in a session (Starlette 1 adds
``WebSocketDisconnected`` for a socket whose send already failed)."""

QUEUE_LIMIT = 2000
"""Messages waiting for one slow client before it is cut off (it may reconnect)."""

MAX_MESSAGE = 4096
"""Longest accepted client message, in characters."""

MAX_SPECTATORS = 50
"""Spectators per table and process."""

MAX_REF = 64
"""Characters of a message's ``ref`` echoed in its refusal (a ``ref`` that is no string
is not echoed)."""

MAX_SPECTATORS_PER_CLIENT = 8
"""Spectators of one table from one client address (a family or an office behind one
router watching); more are refused, so one client cannot take every spectator place."""

MAX_SEAT_SOCKETS = 4
"""Connections one seat (one token) may have open at once, per process: two tabs, a
phone and a reconnect not yet noticed by the server are normal."""

HELLO_SECONDS = 10.0
"""A new connection must say hello within this time."""

WATCH_SECONDS = 5.0
"""How often idle tables are checked for a bot or timer that nobody runs any more."""

RETRY_SECONDS = 1.0
"""Pause before a failed bot move is tried again."""

BOT_DEAL_PAUSE = 1.5
"""Seconds between a hand's end and the next deal when no person is there to deal."""

MOVE_FIELDS = {**{k: k for k in KINDS if k != "deal"},
               "pass": "cards", "play": "card", "moon": "choice"}
"""Client messages that answer a decision, and the field holding the answer: the stored
action is ``[type, seat, value]`` (a pass: ``[type, seat, *cards]``), the engine's
:class:`~hearts.actions.Action` JSON.  Every action kind of the engine
(:data:`hearts.actions.KINDS`) but the deal is a message; a one-value kind (``bid``,
``suit``, and any the engine adds) carries its answer in the field of its own name."""

MSG_RATE = 10.0
"""Messages one WebSocket connection may send a second, on average."""

MSG_BURST = 40
"""Messages one connection may send at once before :data:`MSG_RATE` applies."""

MSG_ABUSE = 40
"""Refused (over-rate) messages after which the connection is closed (code 4429)."""


def _dumps(obj: Any) -> str:
    return orjson.dumps(obj).decode()


class BinaryFrame(Exception):
    """The client sent a binary WebSocket frame (the protocol is JSON text)."""


async def receive_text(ws: Any) -> str:
    """The next text frame of ``ws``; raises :class:`BinaryFrame` for a binary one and
    ``WebSocketDisconnect`` when the client has gone."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if text is None:
        raise BinaryFrame()
    return str(text)


async def close_binary(ws: Any) -> None:
    """Close ``ws`` with 1003 (unsupported data) and a reason."""
    metrics.refused("binary_frame")
    with contextlib.suppress(Exception):
        await ws.close(1003, "This server takes JSON text frames only.")


STORAGE_ERROR = TableError("storage_unavailable", "The table store cannot be reached right "
                           "now; nothing was changed. Try again in a moment.", 503)
"""The refusal of a message when the database failed (or its file went away)."""


class Conn:
    """One WebSocket client: its seat (int), waiting id (str) or None (spectator), and
    a bounded outbox drained in order by :meth:`pump` (a deque and one future to wake
    the pump: every update goes to four clients, so this path is kept short)."""

    def __init__(self, ws: Any, seat: int | str | None, token_hash: str | None,
                 client: str = "") -> None:
        self.ws = ws
        self.client = client  # the address key its limits count under (limits.scope_client)
        self.seat = seat
        self.token_hash = token_hash
        self.outbox: deque[str] = deque()
        self._wake: asyncio.Future[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()
        self.closed = False
        self.rate = RateLimiter(MSG_RATE * 60, burst=MSG_BURST)
        self.refused = 0

    def send(self, text: str) -> None:
        """Queue a message; a client too slow to keep up (:data:`QUEUE_LIMIT` waiting) is
        cut off."""
        if self.closed:
            return
        if len(self.outbox) >= QUEUE_LIMIT:
            self.closed = True
            asyncio.get_running_loop().create_task(self._close(4008))
            return
        self.outbox.append(text)
        self._idle.clear()
        wake = self._wake
        if wake is not None and not wake.done():
            wake.set_result(None)

    async def drained(self) -> None:
        """Wait until every queued message has been sent."""
        await self._idle.wait()

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code)

    async def pump(self) -> None:
        """Send queued messages in order until cancelled or the socket fails."""
        out = self.outbox
        loop = asyncio.get_running_loop()
        while True:
            while out:
                await self.ws.send_text(out[0])
                out.popleft()
            self._idle.set()
            self._wake = loop.create_future()
            await self._wake
            self._wake = None


@dataclass
class LiveTable:
    """A table in this process: its state, lock, clients, timers and bot tasks."""

    state: TableState
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    timers: dict[int, tuple[int, asyncio.TimerHandle, float]] = field(default_factory=dict)
    bot_tasks: dict[int, int] = field(default_factory=dict)
    deadlines: dict[str, float] = field(default_factory=dict)
    changed: float = field(default_factory=time.monotonic)


class TableHub:
    """Creates, joins and serves shared tables (see the module docstring)."""

    def __init__(self, store: TableStore, bus: LocalBus | RedisBus, pool: SearchPool,
                 cache_size: int = 5000) -> None:
        self.store = store
        self.bus = bus
        self.pool = pool
        self.cache_size = cache_size
        self._tables: OrderedDict[str, LiveTable] = OrderedDict()
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.sessions = 0
        """WebSocket sessions open (a metric)."""

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Listen on the bus and watch idle tables (the search pool is the server's,
        started and closed by the app)."""
        await self.bus.start(self._on_bus, self._resync)
        self._spawn(self._watch())

    async def _watch(self) -> None:
        """Every few seconds, re-arm the bots and timers of tables with clients here that
        have not moved for a while although someone must act: the process that armed them
        may have died (with Redis, another process; or a bot move was lost)."""
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            now = time.monotonic()
            for live in list(self._tables.values()):
                st = live.state
                idle = now - live.changed
                if live.conns and st.due() and idle > st.settings.turn_seconds + WATCH_SECONDS \
                        and not live.lock.locked():
                    live.changed = now
                    live.bot_tasks.clear()
                    for _o, handle, _d in live.timers.values():
                        handle.cancel()
                    live.timers.clear()
                    self._schedule(live)

    async def close(self) -> None:
        """Cancel timers and tasks, stop the bus (not the search pool: the app's)."""
        for live in self._tables.values():
            for _o, handle, _d in live.timers.values():
                handle.cancel()
        for t in list(self._tasks):
            t.cancel()
        await self.bus.close()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _mark_finished(self, table_id: str) -> None:
        try:
            await asyncio.to_thread(self.store.mark_finished, table_id)
        except Exception as exc:
            log.warning("table %s: recording its end failed: %r", table_id, exc)

    async def expire(self, unfinished_days: float | None, finished_days: float | None
                     ) -> int:
        """Delete old tables (:meth:`TableStore.expire`: idle unfinished ones after
        ``unfinished_days``, finished ones ``finished_days`` after their end) and drop
        them from memory here; returns how many were deleted."""
        ids = await asyncio.to_thread(self.store.expire, unfinished_days, finished_days)
        for tid in ids:
            live = self._tables.pop(tid, None)
            if live is not None:
                for _o, handle, _d in live.timers.values():
                    handle.cancel()
                for conn in list(live.conns):
                    conn.closed = True
                    self._spawn(conn._close(4410))
        return len(ids)

    # --------------------------------------------------------------- tables
    async def _get(self, table_id: str) -> LiveTable:
        live = self._tables.get(table_id)
        if live is not None:
            self._tables.move_to_end(table_id)
            return live
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        fut: asyncio.Future[LiveTable] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = fut
        try:
            try:
                row = await asyncio.to_thread(self.store.load, table_id)
            except UnknownTable:
                raise TableError("unknown_table", "There is no table with this id.", 404) from None
            if row.settings.get("solo"):
                # A solo game is a table of one person, but its one request path is the
                # solo API (inline bots, one transaction a request): no second live copy.
                raise TableError("solo_game", "This is a solo game, played through its own "
                                 "page (/?game=...), not a table.", 409)
            live = LiveTable(load_state(row.id, row.settings, row.seed, row.actions))
            self._tables[table_id] = live
            self._evict()
            self._schedule(live)  # a bot or timer that was due when the table was last used
            fut.set_result(live)
            return live
        except BaseException as exc:
            fut.set_exception(exc)
            fut.exception()  # retrieved: no "never retrieved" warning when nobody waits
            raise
        finally:
            del self._loading[table_id]

    def _forget(self, table_id: str) -> None:
        """Drop a table whose memory may no longer match its stored log (a move stored
        but not applied here, another process's write): the next request reloads it from
        the log.  Its clients are closed with 1012 once what was queued for them is sent;
        the page reconnects and reads the table back (``hello`` with its version)."""
        live = self._tables.pop(table_id, None)
        if live is None:
            return
        for _o, handle, _d in live.timers.values():
            handle.cancel()
        live.timers.clear()
        for conn in list(live.conns):
            self._spawn(self._reconnect(conn))

    @staticmethod
    async def _reconnect(conn: Conn) -> None:
        await asyncio.sleep(0.05)  # the refusal of the message that failed goes first
        with contextlib.suppress(Exception):
            await asyncio.wait_for(conn.drained(), 5)
        conn.closed = True
        await conn._close(1012)

    def _evict(self) -> None:
        while len(self._tables) > self.cache_size:
            for tid, live in self._tables.items():
                if not live.conns and not live.lock.locked() and not live.bot_tasks:
                    for _o, handle, _d in live.timers.values():
                        handle.cancel()
                    del self._tables[tid]
                    break
            else:
                return

    async def _sync(self, live: LiveTable) -> None:
        """With Redis: read and apply actions other processes committed (caller holds the
        table's locks)."""
        remote = await self.bus.version(live.state.id)
        if remote is None or remote <= live.state.version:
            return
        await self._catch_up(live)

    async def _catch_up(self, live: LiveTable) -> None:
        st = live.state
        after = st.version
        row = await asyncio.to_thread(self.store.load, st.id, after)
        fresh = row.actions[st.version - after:]  # the bus may have applied some meanwhile
        for applied in replay_into(st, fresh):
            self._deliver(live, applied)
        if fresh:
            self._schedule(live)

    @contextlib.asynccontextmanager
    async def _locked(self, table_id: str) -> AsyncIterator[LiveTable]:
        live = await self._get(table_id)
        async with live.lock, self.bus.lock(table_id):
            await self._sync(live)
            yield live

    async def _commit(self, live: LiveTable, action: list[Any]) -> Applied:
        st = live.state
        st.check(action)
        seq = st.version + 1
        try:
            await self.store.append(st.id, seq, action)
        except SeqConflict:
            # Another process wrote this version (its lock expired?): reload and refuse.
            self._forget(st.id)
            raise TableError("conflict", "The table changed at the same moment; try again.") \
                from None
        try:
            applied = st.apply(action)
        except Exception:
            # Stored but not (wholly) applied here: the memory may be half a move ahead of
            # its version.  Forget it; the next request reloads the table from its log.
            self._forget(st.id)
            raise
        self._schedule(live)
        self._deliver(live, applied)
        if any(e["type"] == "game_over" for e in applied.public):
            self._spawn(self._mark_finished(st.id))
        await self.bus.publish(st.id, {"v": seq, "a": action, "d": live.deadlines}, seq)
        return applied

    # ------------------------------------------------------------- delivery
    def _deliver(self, live: LiveTable, applied: Applied) -> None:
        st = live.state
        live.changed = time.monotonic()
        conns = list(live.conns)
        if not conns:
            return
        for conn in list(conns):
            if isinstance(conn.seat, str) and conn.token_hash is not None:
                conn.seat = st.seat_of(conn.token_hash)  # seated by the host?
            elif isinstance(conn.seat, int):
                held = st.seats[conn.seat]
                if held is None or held.token_hash != conn.token_hash:
                    # the host gave this seat (its person away) to someone waiting: this
                    # connection sees its cards no more
                    conns.remove(conn)
                    live.conns.discard(conn)
                    conn.send(_dumps({"type": "error", "code": "bad_token", "message":
                                      "The host gave this seat to someone else (you, on "
                                      "another device?).",
                                      "v": st.version}))
                    self._spawn(self._close_after_queue(conn, 4409))
        seats = {c.seat if isinstance(c.seat, int) else None for c in conns}
        texts = st.update_texts(applied, seats, {"deadlines": live.deadlines})
        for conn in conns:
            conn.send(texts[conn.seat if isinstance(conn.seat, int) else None])

    @staticmethod
    async def _close_after_queue(conn: Conn, code: int) -> None:
        """Close ``conn`` with ``code`` once its queued messages are sent (5 s at most)."""
        conn.closed = True
        with contextlib.suppress(Exception):
            await asyncio.wait_for(conn.drained(), 5)
        await conn._close(code)

    async def _tell(self, live: LiveTable, msg: dict[str, Any]) -> None:
        """A transient message (no version) to every client of the table, everywhere."""
        text = _dumps(msg)
        for conn in list(live.conns):
            conn.send(text)
        await self.bus.publish(live.state.id, {"t": msg})

    async def _on_bus(self, table_id: str, payload: dict[str, Any]) -> None:
        live = self._tables.get(table_id)
        if live is None:
            return
        if "t" in payload:
            text = _dumps(payload["t"])
            for conn in list(live.conns):
                conn.send(text)
            return
        st = live.state
        v = int(payload["v"])
        if v <= st.version:
            return  # ours, or already read from the database
        if v == st.version + 1:
            try:
                applied = st.apply(list(payload["a"]))
            except Exception:
                log.exception("table %s: published action %d does not apply", table_id, v)
                self._forget(table_id)
                return
            live.deadlines = dict(payload.get("d") or {})
            self._deliver(live, applied)
            return
        self._spawn(self._catch_up_locked(live))

    async def _resync(self) -> None:
        """The bus lost messages (its subscription broke): every table with clients here
        reads the actions committed since its version from the database."""
        for live in list(self._tables.values()):
            if live.conns:
                self._spawn(self._catch_up_locked(live))

    async def _catch_up_locked(self, live: LiveTable) -> None:
        async with live.lock:
            await self._catch_up(live)

    # ----------------------------------------------------- bots and timers
    def _schedule(self, live: LiveTable) -> None:
        """(Re)arm the turn timers and start bot moves for what is due now."""
        st = live.state
        due = st.due()
        loop = asyncio.get_running_loop()
        for s, (opened, handle, _d) in list(live.timers.items()):
            if s not in due or st.opened[s] != opened or st.bot_plays(s):
                handle.cancel()
                del live.timers[s]
        deadlines: dict[str, float] = {}
        for s in due:
            opened = st.opened[s]
            if st.bot_plays(s):
                if live.bot_tasks.get(s) != opened:
                    live.bot_tasks[s] = opened
                    self._spawn(self._bot_turn(st.id, s, opened))
                continue
            if s not in live.timers:
                seconds = st.settings.turn_seconds
                handle = loop.call_later(seconds, self._expire_soon, st.id, s, opened)
                live.timers[s] = (opened, handle, time.time() + seconds)
            deadlines[str(s)] = round(live.timers[s][2] * 1000)
        live.deadlines = deadlines

    def _expire_soon(self, table_id: str, seat: int, opened: int) -> None:
        self._spawn(self._expire(table_id, seat, opened))

    async def _expire(self, table_id: str, seat: int, opened: int) -> None:
        """The turn timer of ``seat`` ran out: deal the next hand (between hands), or mark
        the seat away so that a bot plays for it until its person is back."""
        try:
            async with self._locked(table_id) as live:
                st = live.state
                if seat not in st.due() or st.opened[seat] != opened:
                    return
                live.timers.pop(seat, None)
                if st.between_hands():
                    await self._deal(live)
                elif not st.bot_plays(seat):
                    await self._commit(live, ["away", seat])
        except TableError as exc:
            log.info("table %s: timer of seat %d: %s", table_id, seat, exc.message)
        except Exception:
            log.exception("table %s: timer of seat %d", table_id, seat)

    async def _deal(self, live: LiveTable) -> None:
        st = live.state
        action: list[Any] = ["deal"] if st.settings.game is not None else \
            secret_deal_action(st.rules)
        await self._commit(live, action)

    async def _bot_turn(self, table_id: str, seat: int, opened: int) -> None:
        """A bot answers ``seat``'s pending decision (a search level in the search pool),
        then its move is committed if the decision it answers is still open."""
        live = self._tables.get(table_id)
        try:
            if live is None:
                return
            st = live.state
            decision = st.decision(seat)
            answer: Action | None = None
            if decision is None:  # between hands: the host is away, a bot deals
                if not st.anyone_present():
                    return  # everyone is away: the table waits for a person's "back"
                await asyncio.sleep(min(BOT_DEAL_PAUSE, st.settings.turn_seconds))
            else:
                await self._tell(live, {"type": "thinking", "seat": seat, "v": st.version})
                try:
                    answer = await self._decide(st, seat, decision.kind)
                except Exception as exc:
                    log.warning("table %s: bot %s failed for seat %d: %r", table_id,
                                st.settings.level, seat, exc)
            async with self._locked(table_id) as live:
                st = live.state
                if seat not in st.due() or st.opened[seat] != opened or not st.bot_plays(seat):
                    return
                if st.between_hands():
                    if st.anyone_present():  # (someone may have gone away meanwhile)
                        await self._deal(live)
                else:
                    await self._commit(live, self._bot_action(st, seat, answer))
            return
        except TableError as exc:
            log.info("table %s: bot move for seat %d refused: %s", table_id, seat, exc.message)
        except Exception:
            log.exception("table %s: bot move for seat %d", table_id, seat)
        finally:
            if live is not None and live.bot_tasks.get(seat) == opened:
                del live.bot_tasks[seat]
        # The move failed (database, lock): try again a little later, if still due.
        await asyncio.sleep(RETRY_SECONDS)
        if live is not None and self._tables.get(table_id) is live:
            self._schedule(live)

    async def _decide(self, st: TableState, seat: int, kind: str) -> Action:
        """The table's bot's answer to ``seat``'s pending ``kind`` decision: a search
        level's in the search pool (off the event loop; it may raise
        :class:`~hearts.web.compute.Busy`), another level's here (a millisecond;
        :func:`hearts.web.bots.local_answer`)."""
        if st.settings.level in SEARCH_LEVELS:
            seed = decision_seed(st.seed, st.version, seat)
            return Action.from_json(await asyncio.to_thread(self.pool.decide,
                                                            table_job(st, seat, kind, seed)))
        return local_answer(st, seat, kind)

    @staticmethod
    def _bot_action(st: TableState, seat: int, answer: Action | None) -> list[Any]:
        """:func:`hearts.web.bots.bot_action` (the stand-in's when ``answer`` is missing
        or not legal), refused with :class:`TableError` when the seat has nothing to
        decide."""
        try:
            return bot_action(st, seat, answer)
        except ValueError as exc:
            raise TableError("wrong_phase", str(exc)) from None

    # ------------------------------------------------------------ requests
    async def create(self, *, name: str, variant: str = "standard", players: int | None = None,
                     options: dict[str, Any] | None = None, level: str | None = None,
                     game: int | None = None, turn_seconds: float | None = None,
                     spectators: bool = True, hints: bool = True) -> dict[str, Any]:
        """A new table with its creator (the host) at seat 0: ``{"id", "seat": 0, "token",
        "invite", "table"}``.  Raises :class:`TableError` (400, 422)."""
        name = clean_name(name)
        try:
            _check_option_sizes(dict(options or {}))  # quote no more than an excerpt
        except WebError as exc:
            raise TableError(exc.code, exc.message, exc.status) from None
        settings = check_settings(variant, players, dict(options or {}),
                                  "medium" if level is None else level,
                                  game, turn_seconds, spectators, hints)
        try:
            check_level(settings.level, settings.rules())
        except WebError as exc:
            raise TableError(exc.code, exc.message, exc.status) from None
        table_id = secrets.token_urlsafe(9)
        seed = secrets.randbits(63)
        await asyncio.to_thread(self.store.create, table_id, settings.to_json(), seed)
        live = LiveTable(TableState(table_id, settings, seed))
        self._tables[table_id] = live
        self._evict()
        token = secrets.token_urlsafe(24)
        async with self._locked(table_id) as live:
            await self._commit(live, ["join", HOST_SEAT, name, hash_token(token)])
            return {"id": table_id, "seat": HOST_SEAT, "token": token, "invite": f"/t/{table_id}",
                    "table": live.state.table_json()}

    async def info(self, table_id: str) -> dict[str, Any]:
        """The table's public facts (``TableState.table_json``)."""
        async with self._locked(table_id) as live:
            return live.state.table_json()

    async def join(self, table_id: str, name: str, seat: int | None = None) -> dict[str, Any]:
        """Take a free seat before the start (``seat`` or the first free one), or wait for
        a bot's seat after it (the host gives it; a ``seat`` named then is not taken):
        ``{"id", "seat", "waiting", "token", "table"}``.  422 ``bad_seat`` for a seat the
        table does not have (before or after the start: regression, after it one was
        let through), 409 ``table_full`` when every seat (and the waiting list) is taken
        by persons (after the start, persons who are here: the seat of a person away may
        be given to someone waiting, its own person back on another device first of all)."""
        name = clean_name(name)
        async with self._locked(table_id) as live:
            st = live.state
            if seat is not None and not 0 <= seat < st.n:
                raise TableError("bad_seat", f"Seats are 0 to {st.n - 1}.", 422)
            token = secrets.token_urlsafe(24)
            th = hash_token(token)
            free = st.free_seats()
            if not free and (not st.started or not st.givable_seats()):
                # (after the start a person away may be waiting to get their own seat back)
                raise TableError("table_full", "Every seat at this table is taken.")
            if not st.started:
                if seat is None:
                    seat = free[0]
                await self._commit(live, ["join", seat, name, th])
                return {"id": table_id, "seat": seat, "waiting": None, "token": token,
                        "table": st.table_json()}
            late_id = secrets.token_urlsafe(6)
            await self._commit(live, ["late", late_id, name, th])
            return {"id": table_id, "seat": None, "waiting": late_id, "token": token,
                    "table": st.table_json()}

    async def record(self, table_id: str, token: str | None) -> dict[str, Any]:
        """``hearts-record/1`` of the finished hands, for a person at the table (or anyone
        when spectators are allowed)."""
        async with self._locked(table_id) as live:
            st = live.state
            if not st.settings.spectators and (
                    not token or st.seat_of(hash_token(token)) is None):
                raise TableError("bad_token", "This seat token is missing or wrong.", 403)
            return st.record_json()

    async def seat_record(self, table_id: str, token: str | None
                          ) -> tuple[dict[str, Any], int, frozenset[tuple[int, int | None]]]:
        """``hearts-record/1`` of the finished hands, the seat of the person holding
        ``token`` (the review of a finished hand, for that seat) and that seat's decisions
        a bot made while the person was away (:meth:`TableState.by_computer`); 403
        ``bad_token`` for anyone not seated at the table."""
        async with self._locked(table_id) as live:
            st = live.state
            where = st.seat_of(hash_token(token)) if token else None
            if not isinstance(where, int):
                raise TableError("bad_token", "Only a person seated at this table (with the "
                                 "seat's token) can review its hands.", 403)
            return st.record_json(), where, st.by_computer(where)

    async def hint(self, conn: Conn, table_id: str, seat: int, level: Any) -> None:
        """Answer ``{"type": "hint", "level"?}``: what the ``level`` bot (default hard)
        would do for the asker's own pending decision, from its own view, sent to this
        connection only as ``{"type": "hint", "v", "stage", ...}``
        (:func:`~hearts.web.service.hint_answer`; a search level in the search pool).
        Rate-limited like the solo hint (one in flight per seat, and the pool's bound on
        hints in flight: 429 ``hint_busy`` / ``busy``); 403 ``no_hints`` when the host
        turned hints off; 409 ``wrong_phase`` when the seat has nothing to decide."""
        if level is None:
            level = DEFAULT_HINT_LEVEL
        elif not isinstance(level, str):  # was taken silently as the default
            raise TableError("bad_message", "A hint's level is a bot's name (a string).", 422)
        key = f"table:{table_id}:{seat}"
        try:
            self.pool.check_hint(key, conn.client)
        except Busy as exc:
            raise TableError(exc.code, exc.message, 429) from None
        async with self._locked(table_id) as live:
            st = live.state
            person = st.seats[seat]
            if person is None or person.token_hash != conn.token_hash:
                raise TableError("bad_token", "This seat is no longer yours.", 403)
            if not st.settings.hints:
                raise TableError("no_hints", "The host has turned hints off at this table.",
                                 403)
            decision = st.decision(seat)
            if decision is None or not st.started:
                raise TableError("wrong_phase", "There is nothing for you to choose now.")
            try:
                check_level(level, st.rules)
            except WebError as exc:
                raise TableError(exc.code, exc.message, exc.status) from None
            v = st.version
            seed = decision_seed(st.seed, v, seat, "hint")
            view = player_view(st.game, seat)
            job = dataclasses.replace(table_job(st, seat, decision.kind, seed), level=level)

        def work() -> dict[str, Any]:
            with self.pool.hint_slot(key, conn.client):
                return hint_answer(self.pool, level, seed, view, decision, job)

        try:
            answer = await asyncio.to_thread(work)
        except Busy as exc:
            raise TableError(exc.code, exc.message, 429) from None
        except Exception:  # a bot bug: answer with the stand-in rather than fail
            log.exception("table %s: hint bot %s failed for seat %d", table_id, level, seat)
            answer = hint_answer(self.pool, level, seed, view, decision, None)
        conn.send(_dumps({"type": "hint", "v": v, "seat": seat, **answer}))

    async def act(self, conn: Conn, table_id: str, msg: dict[str, Any]) -> None:
        """Apply a client's message (see the module docstring); raises :class:`TableError`."""
        kind = msg.get("type")
        if kind == "ping":
            conn.send(_dumps({"type": "pong"}))
            return
        seat = conn.seat
        if not isinstance(seat, int):
            raise TableError("not_seated", "Only a person at a seat can do that.", 403)
        if kind == "hint":
            await self.hint(conn, table_id, seat, msg.get("level"))
            return
        if "seat" in msg and kind != "seat" and msg["seat"] != seat:
            raise TableError("not_your_seat", f"This connection plays seat {seat} only.", 403)
        v = msg.get("v")
        if kind != "back" and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
            raise TableError("bad_message", "A move carries the version it answers (v, a "
                             "whole number from 0).", 422)
        if kind == "again":  # the new table is checked first, under its own lock only
            next_id = await self._check_next_table(msg.get("table"), msg.get("token"))
        async with self._locked(table_id) as live:
            st = live.state
            person = st.seats[seat]
            if person is None or person.token_hash != conn.token_hash:
                raise TableError("bad_token", "This seat is no longer yours.", 403)
            assert v is None or isinstance(v, int)
            if kind != "back" and v is not None and v > st.version:
                raise TableError("stale", "This message answers a version the table never had.")
            if kind in ("start", "seat", "next") and seat != HOST_SEAT:
                raise TableError("not_host", "Only the host can do that.", 403)
            if kind == "seat" and st.started and not st.between_hands():
                # Mid-hand the answer is the same at any version: say why, not "stale".
                raise TableError("wrong_phase", "A seat changes hands between hands only.")
            if kind in ("start", "seat") and v != st.version:
                raise TableError("stale", "The table changed since; look again and retry.")
            if (kind in MOVE_FIELDS or kind == "next") and v is not None \
                    and v < st.opened[seat]:
                raise TableError("stale", "This message answers an earlier turn; it is refused.")
            if person.away:
                await self._commit(live, ["back", seat])
            if kind == "back":
                return
            if kind == "start":
                await self._commit(live, ["start"])
                await self._deal(live)
            elif kind == "next":
                if seat not in st.due() or not st.between_hands():
                    raise TableError("wrong_phase", "There is no hand to deal now.")
                await self._deal(live)
            elif kind == "again":
                await self._commit(live, ["again", next_id, person.name])
            elif kind == "seat":
                target = msg.get("seat")
                if isinstance(target, bool) or not isinstance(target, int) \
                        or not 0 <= target < st.n:
                    raise TableError("bad_seat", f"Seats are 0 to {st.n - 1}.", 422)
                friend = msg.get("friend")
                if not isinstance(friend, str) or len(friend) > EXCERPT_CHARS:
                    raise TableError("unknown_friend", "Nobody with this id is waiting.")
                await self._commit(live, ["seat", target, friend])
            elif kind in MOVE_FIELDS:
                value = msg.get(MOVE_FIELDS[kind])
                if kind == "pass":
                    if not isinstance(value, list) or len(value) > 16 \
                            or not all(isinstance(c, str) for c in value):
                        raise TableError("bad_message", "cards must be a list of cards.", 422)
                    for c in value:
                        if len(c) > EXCERPT_CHARS:
                            raise TableError("unknown_card", f"Not a card: {excerpt(c, 12)}.",
                                             422)
                    await self._commit(live, _canonical(["pass", seat, *value]))
                else:
                    if isinstance(value, dict | list):
                        raise TableError("bad_message", f"{MOVE_FIELDS[kind]} must be a "
                                         "single value.", 422)
                    if isinstance(value, str) and len(value) > EXCERPT_CHARS:
                        raise TableError("unknown_card" if kind == "play" else "bad_message",
                                         f"{MOVE_FIELDS[kind]} {excerpt(value, 12)} is not "
                                         "an answer to this decision.", 422)
                    await self._commit(live, _canonical([kind, seat, value]))
            else:
                raise TableError("bad_message", f"Unknown message type {excerpt(kind)}.", 422)

    async def _check_next_table(self, table_id: object, token: object) -> str:
        """The id of the table a person offers everyone next (message ``again``): it must
        exist, be waiting for its start, and ``token`` must be its host's (so nobody can
        send a table's people to a table that is not theirs to open).  Raises
        :class:`TableError` (``unknown_next_table``, ``not_next_host``, ``wrong_phase``,
        ``bad_message``)."""
        if not isinstance(table_id, str) or not isinstance(token, str) \
                or len(table_id) > EXCERPT_CHARS or len(token) > 200:
            raise TableError("bad_message", "again: the new table's id and its host's token.",
                             422)
        try:
            async with self._locked(table_id) as other:
                st = other.state
                host = st.seats[HOST_SEAT]
                if host is None or host.token_hash != hash_token(token):
                    raise TableError("not_next_host", "That token is not the new table's "
                                     "host's.", 403)
                if st.started:
                    raise TableError("wrong_phase", "The new table has started already.")
        except TableError as exc:  # (its own codes would read as this table's: renamed)
            if exc.code in ("unknown_table", "solo_game"):
                raise TableError("unknown_next_table", "No table with this id can be offered "
                                 "next.", 404) from None
            raise
        return table_id

    # ------------------------------------------------------------ sessions
    async def session(self, ws: Any, table_id: str) -> None:
        """Serve one WebSocket client of ``table_id`` until it goes away."""
        await ws.accept()
        self.sessions += 1
        try:
            await self._session(ws, table_id)
        finally:
            self.sessions -= 1

    async def _session(self, ws: Any, table_id: str) -> None:
        try:
            first = await asyncio.wait_for(receive_text(ws), HELLO_SECONDS)
            if len(first) > MAX_MESSAGE:
                raise TableError("too_large", "Messages are at most 4 KB.", 413)
            hello = orjson.loads(first)
            if not isinstance(hello, dict) or hello.get("type") != "hello":
                raise TableError("bad_message", "Say hello first.", 422)
            token = hello.get("token")
            since = hello.get("since")
            if since is not None and (isinstance(since, bool) or not isinstance(since, int)):
                raise TableError("bad_message", "since is a version number.", 422)
            live = await self._get(table_id)
        except (TimeoutError, ValueError, TableError) as exc:
            bad = exc if isinstance(exc, TableError) else TableError(
                "bad_message", "Say hello first (a JSON object).", 422)
            with contextlib.suppress(Exception):
                await ws.send_text(_dumps({"type": "error", **bad.to_json()["error"]}))
                await ws.close(4000 + min(bad.status, 999))
            return
        except BinaryFrame:
            await close_binary(ws)
            return
        except SQLAlchemyError as exc:  # the database is down, or its file went away
            log.warning("table %s: storage unavailable: %s", table_id, str(exc)[:200])
            metrics.refused("storage_unavailable")
            with contextlib.suppress(Exception):
                await ws.send_text(_dumps({"type": "error", **STORAGE_ERROR.to_json()["error"]}))
                await ws.close(1013, "storage unavailable")
            return
        except Exception:  # the client went away
            return
        st = live.state
        client = scope_client(ws.scope)
        where: int | str | None = None
        th = None
        err: TableError | None = None
        if token:
            th = hash_token(str(token))
            where = st.seat_of(th)
            if where is None:
                err = TableError("bad_token", "This seat token is not one of this table's.", 403)
            elif sum(1 for c in live.conns if c.token_hash == th) >= MAX_SEAT_SOCKETS:
                metrics.refused("seat_sockets")
                where, err = None, TableError(
                    "too_many_sockets", f"This seat has {MAX_SEAT_SOCKETS} connections open "
                    "already; close one (another tab) first.", 409)
        elif not st.settings.spectators:
            # 409 (close 4409), not 403: not a wrong token, so not spent from the address's
            # misses (friends behind one router opening a link could lock each other out)
            err = TableError("no_spectators", "This table has no spectators.", 409)
        elif sum(1 for c in live.conns if c.seat is None) >= MAX_SPECTATORS:
            err = TableError("table_full", "Too many spectators.", 409)
        elif sum(1 for c in live.conns if c.seat is None and c.client == client) \
                >= MAX_SPECTATORS_PER_CLIENT:
            err = TableError("too_many_sockets", f"Your address watches this table "
                             f"{MAX_SPECTATORS_PER_CLIENT} times already; close a tab first.",
                             409)
        else:
            err = None
        if where is None and err is not None:
            with contextlib.suppress(Exception):
                await ws.send_text(_dumps({"type": "error", **err.to_json()["error"]}))
                await ws.close(4000 + err.status)
            return
        conn = Conn(ws, where, th, client)
        live.conns.add(conn)
        conn.send(_dumps(st.snapshot_for(where, since, {"deadlines": live.deadlines})))
        pump = asyncio.get_running_loop().create_task(conn.pump())
        try:
            if isinstance(where, int) and st.bot_plays(where):
                await self._safe_act(conn, table_id, {"type": "back"})
            while True:
                text = await receive_text(ws)
                wait = conn.rate.take("")
                if wait > 0:
                    conn.refused += 1
                    if conn.refused >= MSG_ABUSE:
                        conn.send(_dumps({"type": "error", "code": "rate_limited", "message":
                                          "Too many messages on this connection; it is "
                                          "closed.", "v": live.state.version}))
                        conn.closed = True
                        with contextlib.suppress(Exception):  # what was queued goes first
                            await asyncio.wait_for(conn.drained(), 5)
                            await ws.close(4429)
                        return
                    conn.send(_dumps({"type": "error", "code": "rate_limited",
                                      "message": f"Too many messages; at most {MSG_RATE:g} a "
                                      f"second. Wait {wait:.1f} s; this one was ignored.",
                                      "retry_after": round(wait, 1),
                                      "v": live.state.version}))
                    continue
                if len(text) > MAX_MESSAGE:
                    conn.send(_dumps({"type": "error", "code": "too_large",
                                      "message": "Messages are at most 4 KB.",
                                      "v": live.state.version}))
                    continue
                try:
                    msg = orjson.loads(text)
                except ValueError:
                    msg = None
                if not isinstance(msg, dict):
                    conn.send(_dumps({"type": "error", "code": "bad_message",
                                      "message": "A message is a JSON object.",
                                      "v": live.state.version}))
                    continue
                if msg.get("type") == "hint":
                    # a hint takes seconds of search: worked out beside this loop, so that
                    # the seat's moves and pings are read meanwhile (one hint in flight per
                    # seat: check_hint refuses a second)
                    self._spawn(self._safe_act(conn, table_id, msg))
                    continue
                await self._safe_act(conn, table_id, msg)
        except _GONE:
            pass
        except BinaryFrame:
            conn.closed = True
            await close_binary(ws)
        except Exception:  # a bug (or a failure of the server): say so, close with a reason
            log.exception("table %s: session of seat %s", table_id, where)
            with contextlib.suppress(Exception):
                await ws.close(1011)
        finally:
            live.conns.discard(conn)
            pump.cancel()

    async def _safe_act(self, conn: Conn, table_id: str, msg: dict[str, Any]) -> None:
        """:meth:`act`, its refusal (or a failure of the database or Redis) answered with
        an ``error`` message on the connection, which stays open."""
        try:
            await self.act(conn, table_id, msg)
        except TableError as exc:
            self._refuse(conn, table_id, msg, exc)
        except SQLAlchemyError as exc:  # the database is down, or its file went away
            log.warning("table %s: storage unavailable: %s", table_id, str(exc)[:200])
            metrics.refused("storage_unavailable")
            self._refuse(conn, table_id, msg, STORAGE_ERROR)
        except Exception:
            log.exception("table %s: message %r of seat %s", table_id, msg.get("type"),
                          conn.seat)
            self._refuse(conn, table_id, msg, TableError(
                "server_error", "The server could not handle this message (the failure is "
                "logged); if the table does not show it, send it again.", 503))

    def _refuse(self, conn: Conn, table_id: str, msg: dict[str, Any], exc: TableError) -> None:
        live = self._tables.get(table_id)
        conn.send(_dumps({"type": "error", "code": exc.code, "message": exc.message,
                          "v": live.state.version if live else None,
                          **({"ref": msg["ref"][:MAX_REF]} if isinstance(msg.get("ref"), str)
                             else {})}))


def _canonical(entry: list[Any]) -> list[Any]:
    """The stored form of a person's move: the engine's :class:`~hearts.actions.Action`
    JSON of what was sent, cards and suits in their one spelling (``" kc"`` is stored
    ``"KC"``).  What is no answer is refused 422 (``unknown_card``, ``bad_message``),
    among it a trailing ``"bot"``: that tag is the server's own, for a move a bot made
    for an absent person, never a client's."""
    try:
        return Action.from_json(entry).to_json()
    except ActionError as exc:
        raise action_refusal(exc) from None


__all__ = ["Conn", "LiveTable", "TableHub"]
