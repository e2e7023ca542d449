"""Storage of shared tables (tables with friends) through SQLAlchemy 2 (Core).

Two tables in the game database (the same engine as :class:`hearts.web.storage.GameStore`):

``friend_tables``
    one row per table: its id, its settings as JSON (variant, players, options, bot
    level, public game number or none, turn timer, spectators), the bots' seed, the
    creation time and the time its game ended (``finished_at``, null while it goes on).
``table_actions``
    the table's action log, one row per action: ``(table_id, seq)`` is the primary key,
    ``seq`` counts from 1 and is the table's version after that action.  A table's
    whole state (seats, deals, passes, plays) is the fold of its log
    (:class:`hearts.web.tables.TableState`).

Appending is optimistic: the primary key refuses a second action with the same
``seq``, so two writers (threads, processes, machines) that both read version ``v``
cannot both append ``v + 1``; the loser gets :class:`SeqConflict` and nothing of it is
written.

Writes go through one writer thread per store that commits every queued append in
one transaction (group commit), on a connection it keeps: many tables' actions share a
commit, which is what lets one process on SQLite carry hundreds of live tables.
:meth:`TableStore.append` returns once its row is committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as _dt
import queue
import threading
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    Connection,
    DateTime,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    delete,
    exists,
    insert,
    select,
    update,
)
from sqlalchemy.exc import DBAPIError, IntegrityError

from . import schema

metadata = MetaData()

friend_tables = Table(
    "friend_tables", metadata,
    Column("id", String(40), primary_key=True),
    Column("settings", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True, index=True),
)
"""One row per shared table: ``settings`` (see :class:`hearts.web.tables.TableSettings`)."""

table_actions = Table(
    "table_actions", metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("action", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""The action logs: ``seq`` from 1; the encoding of ``action`` is in ``tables.py``."""

_SETTINGS = select(friend_tables.c.settings, friend_tables.c.seed).where(
    friend_tables.c.id == bindparam("tid"))
_TAIL = (select(table_actions.c.seq, table_actions.c.action)
         .where(table_actions.c.table_id == bindparam("tid"),
                table_actions.c.seq > bindparam("after"))
         .order_by(table_actions.c.seq))
_APPEND = insert(table_actions)

MAX_BATCH = 500
"""Most appends committed in one transaction."""


class SeqConflict(Exception):
    """Another writer appended this ``seq`` first; nothing was written."""


class UnknownTable(KeyError):
    """No table has this id."""


@dataclass(frozen=True)
class TableRow:
    """A stored table: settings, seed and the actions after the requested version."""

    id: str
    settings: dict[str, Any]
    seed: int
    actions: list[list[Any]]


def _now() -> _dt.datetime:
    return _dt.datetime.now(_dt.UTC)


_Waiter = Future[None] | tuple[asyncio.AbstractEventLoop, "asyncio.Future[None]"]
_Item = tuple[str, int, list[Any], _Waiter]


def _settle(pairs: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    """In the event loop: finish the appends of one committed batch."""
    for fut, exc in pairs:
        if fut.done():
            continue
        if exc is None:
            fut.set_result(None)
        else:
            fut.set_exception(exc)


def _finish(batch: list[_Item], outcomes: list[BaseException | None]) -> None:
    """In the writer thread: tell each waiter of the batch how its append went; the
    asyncio waiters of one loop with one ``call_soon_threadsafe``."""
    by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None],
                                                         BaseException | None]]] = {}
    for (_t, _s, _a, waiter), exc in zip(batch, outcomes, strict=True):
        if isinstance(waiter, Future):
            if exc is None:
                waiter.set_result(None)
            else:
                waiter.set_exception(exc)
        else:
            by_loop.setdefault(waiter[0], []).append((waiter[1], exc))
    for loop, pairs in by_loop.items():
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
            loop.call_soon_threadsafe(_settle, pairs)


class TableStore:
    """Reads and appends shared tables' logs (thread-safe; ``append`` is awaitable).

    ``engine``: the SQLAlchemy engine of the game database (its schema is upgraded to the
    newest revision when it is not there: :func:`hearts.web.schema.upgrade`).
    ``health``: the game store's :class:`~hearts.web.storage.StorageHealth`, checked
    after every commit (an append committed to a deleted SQLite file fails with
    :class:`~hearts.web.storage.StorageGone`: no client hears of it).  :meth:`close`
    stops the writer thread (queued appends are written first).
    """

    def __init__(self, engine: Engine, health: Any = None) -> None:
        self.engine = engine
        self.health = health
        schema.upgrade(engine)
        self._queue: queue.SimpleQueue[_Item | None] = queue.SimpleQueue()
        self._conn: Connection | None = None
        """The writer thread's connection (:meth:`_insert`)."""
        self._writer = threading.Thread(target=self._write_loop, name="hearts-table-writer",
                                        daemon=True)
        self._writer.start()

    # ---------------------------------------------------------------- reads
    def create(self, table_id: str, settings: dict[str, Any], seed: int) -> None:
        """Insert a new table row (no actions yet)."""
        with self.engine.begin() as conn:
            conn.execute(insert(friend_tables).values(id=table_id, settings=settings, seed=seed,
                                                      created_at=_now()))
        if self.health is not None:
            self.health.check()

    def load(self, table_id: str, after: int = 0) -> TableRow:
        """The table's settings and its actions with ``seq > after`` in order.

        Raises :class:`UnknownTable`."""
        with self.engine.connect() as conn:
            head = conn.execute(_SETTINGS, {"tid": table_id}).first()
            if head is None:
                raise UnknownTable(table_id)
            rows = conn.execute(_TAIL, {"tid": table_id, "after": after}).all()
        actions = []
        for i, (seq, action) in enumerate(rows):
            if seq != after + i + 1:
                raise RuntimeError(f"table {table_id}: action log has a gap at {after + i + 1}")
            actions.append(list(action))
        return TableRow(table_id, dict(head[0]), int(head[1]), actions)

    def count(self) -> int:
        """Number of stored tables."""
        from sqlalchemy import func

        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(friend_tables)).scalar_one())

    # ------------------------------------------------------------- expiry
    def mark_finished(self, table_id: str, at: _dt.datetime | None = None) -> None:
        """Record that the table's game ended (at ``at``, default now)."""
        with self.engine.begin() as conn:
            conn.execute(update(friend_tables).where(friend_tables.c.id == table_id)
                         .values(finished_at=at or _now()))

    def expire(self, unfinished_days: float | None, finished_days: float | None,
               now: _dt.datetime | None = None) -> list[str]:
        """Delete (row and log) tables whose game goes on but nobody has acted at for
        ``unfinished_days`` days (counting from the newest action, or the creation), and
        tables whose game ended more than ``finished_days`` days ago (``None`` or ``0``:
        keep them).  Returns the ids deleted."""
        now = now or _now()
        ft, ta = friend_tables, table_actions
        ids: list[str] = []
        with self.engine.begin() as conn:
            if unfinished_days:
                cut = now - _dt.timedelta(days=unfinished_days)
                recent = exists().where(ta.c.table_id == ft.c.id, ta.c.created_at >= cut)
                ids += conn.execute(select(ft.c.id).where(
                    ft.c.finished_at.is_(None), ft.c.created_at < cut, ~recent)).scalars().all()
            if finished_days:
                cut = now - _dt.timedelta(days=finished_days)
                ids += conn.execute(select(ft.c.id).where(
                    ft.c.finished_at.is_not(None), ft.c.finished_at < cut)).scalars().all()
            for i in range(0, len(ids), 500):
                chunk = ids[i:i + 500]
                conn.execute(delete(ta).where(ta.c.table_id.in_(chunk)))
                conn.execute(delete(ft).where(ft.c.id.in_(chunk)))
        return ids

    def touch(self, table_id: str, at: _dt.datetime, finished: bool = False) -> None:
        """Date a table and every action of its log at ``at`` (and its end, when
        ``finished``): tests and maintenance age a table on purpose."""
        with self.engine.begin() as conn:
            conn.execute(update(friend_tables).where(friend_tables.c.id == table_id)
                         .values(created_at=at, finished_at=at if finished else None))
            conn.execute(update(table_actions).where(table_actions.c.table_id == table_id)
                         .values(created_at=at))

    # --------------------------------------------------------------- writes
    def append_future(self, table_id: str, seq: int, action: list[Any]) -> Future[None]:
        """Queue ``action`` as ``seq`` of ``table_id``; the future is done once committed
        (exception :class:`SeqConflict` when ``seq`` exists already)."""
        fut: Future[None] = Future()
        self._queue.put((table_id, seq, action, fut))
        return fut

    async def append(self, table_id: str, seq: int, action: list[Any]) -> None:
        """Append and wait for the commit; raises :class:`SeqConflict`.  The writer wakes
        the event loop once per committed batch, not once per action."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        self._queue.put((table_id, seq, action, (loop, fut)))
        await fut

    def _write_loop(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                self._drop_conn()
                return
            batch = [item]
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)  # finish this batch, then stop
                    break
                batch.append(more)
            _finish(batch, self._write(batch))

    def _write(self, batch: list[_Item]) -> list[BaseException | None]:
        """Commit the batch; the outcome of each append (``None``: committed)."""
        now = _now()
        rows = [{"table_id": t, "seq": s, "action": a, "created_at": now} for t, s, a, _w in batch]
        try:
            self._insert(rows)
        except IntegrityError:
            # Some append lost a race: write them one by one so that only the losers fail.
            out: list[BaseException | None] = []
            for row in rows:
                try:
                    self._insert([row])
                except IntegrityError:
                    out.append(SeqConflict(f"{row['table_id']}:{row['seq']}"))
                except Exception as exc:  # the database is gone: tell the waiter
                    out.append(exc)
                else:
                    out.append(None)
            return out
        except Exception as exc:
            return [exc] * len(batch)
        return [None] * len(batch)

    def _insert(self, rows: list[dict[str, Any]]) -> None:
        """Insert ``rows`` in one transaction on the writer's own connection, held from
        one batch to the next (no pool checkout and liveness ping a batch).  When that
        connection turns out to be broken (the database restarted) before anything was
        committed, the rows are written once more on a new one; a failure of the commit
        itself is raised (it may or may not have been written: the caller says so)."""
        for attempt in (1, 2):
            conn = self._conn
            if conn is None or conn.closed or conn.invalidated:
                self._conn = None
                conn = self._conn = self.engine.connect()
            try:
                trans = conn.begin()
                conn.execute(_APPEND, rows)
            except DBAPIError as exc:
                with contextlib.suppress(Exception):
                    conn.rollback()
                if exc.connection_invalidated or conn.invalidated:
                    self._drop_conn()
                    if attempt == 1:
                        continue
                raise
            except BaseException:
                with contextlib.suppress(Exception):
                    conn.rollback()
                raise
            try:
                trans.commit()
            except BaseException:
                self._drop_conn()
                raise
            if self.health is not None:
                self.health.check()  # committed to the file that is still there, or fail
            return

    def _drop_conn(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    def close(self) -> None:
        """Write what is queued, then stop the writer thread."""
        if self._writer.is_alive():
            self._queue.put(None)
            self._writer.join(timeout=30)


__all__ = ["SeqConflict", "TableRow", "TableStore", "UnknownTable", "friend_tables",
           "metadata", "table_actions"]
