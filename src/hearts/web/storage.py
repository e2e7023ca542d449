"""Persistent storage of web games through SQLAlchemy 2 (Core).

One store for both hosts: a solo game is a table with one person
(:mod:`hearts.web.table_store`: a ``friend_tables`` row whose settings say ``"solo": true``
and its ``table_actions`` log, :func:`solo_log`: ``join`` of seat 0 with the token's hash,
``start``, then the engine's actions).  The live game is never stored: it is the fold of
the log (:class:`hearts.web.tables.TableState`, :func:`hearts.web.service.replay`), so a
server restart in the middle of a hand loses nothing.  :class:`GameStore` opens the
database (engine, schema upgrade, health) and reads and writes solo games in the solo
API's terms (:class:`GameRow`: settings, token hash, the game's actions, version).

Writes use optimistic concurrency: :meth:`GameStore.save_actions` appends a request's
actions only if the log still ends where the caller read it, and the log's primary key
``(table_id, seq)`` refuses a second writer of the same place; the loser gets
:class:`VersionConflict` and nothing of it is written.

The schema is managed by Alembic migrations (:mod:`hearts.web.schema`): opening a
database upgrades it to the newest revision.

The database URL is any SQLAlchemy URL: ``sqlite:///hearts.db`` (the default,
a file in the working directory, or ``$HEARTS_DB``) or
``postgresql+psycopg://user:password@host:port/dbname``.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import hashlib
import hmac
import os
import threading
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Engine,
    Integer,
    MetaData,
    String,
    bindparam,
    column,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy import table as sa_table
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from . import schema
from .seat_names import SOLO_NAME
from .table_store import friend_tables, table_actions

DEFAULT_DB_URL = "sqlite:///hearts.db"
"""Used when neither an explicit URL nor ``$HEARTS_DB`` is given."""

metadata = MetaData()
"""No tables of its own any more: solo games are stored as tables
(:mod:`hearts.web.table_store`, revision ``0003_solo_games_are_tables``)."""

LEGACY_GAMES = sa_table(
    "games", column("id", String), column("token_hash", String), column("variant", String),
    column("players", Integer), column("options", JSON), column("game_number", BigInteger),
    column("level", String), column("seed", BigInteger), column("actions", JSON),
    column("version", Integer), column("restart_of", String),
    column("created_at", DateTime(timezone=True)), column("updated_at", DateTime(timezone=True)),
    column("finished_at", DateTime(timezone=True)))
"""The ``games`` table of revisions 0001-0002 (one row per solo game, its whole action list
in one JSON column), for tests and tools that write a database of that age; revision 0003
moves its rows into the table log and drops it."""

SOLO_TURN_SECONDS = 600.0
"""The turn timer stored in a solo game's settings (no timer runs: bots answer inline)."""

_LAST = table_actions.alias("last")
_HEAD = (select(table_actions.c.action,
                select(func.max(_LAST.c.seq)).where(_LAST.c.table_id == bindparam("gid"))
                .scalar_subquery(), friend_tables.c.settings)
         .join(friend_tables, friend_tables.c.id == table_actions.c.table_id)
         .where(table_actions.c.table_id == bindparam("gid"), table_actions.c.seq == 1))
"""A solo game's first action (``join``: the token's hash), its log's length and its
settings, in one read."""
_TOP = select(func.max(table_actions.c.seq)).where(table_actions.c.table_id == bindparam("gid"))
_SOLO = friend_tables.c.settings["solo"].as_boolean()


class VersionConflict(Exception):
    """The row changed since it was read (another request or process wrote first)."""


class UnknownGame(KeyError):
    """No game has this id."""


@dataclass(frozen=True)
class GameRow:
    """One stored game as read from the table (``actions`` is a list of JSON lists)."""

    id: str
    token_hash: str
    variant: str
    players: int
    options: dict[str, Any]
    game_number: int
    level: str
    seed: int
    actions: list[Any]
    version: int
    restart_of: str | None
    created_at: _dt.datetime
    updated_at: _dt.datetime
    finished_at: _dt.datetime | None = None


def hash_token(token: str) -> str:
    """SHA-256 hex digest of a game token (tokens are long random strings, so a fast
    hash is enough: nobody can guess one to brute-force it)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str | None, token_hash: str) -> bool:
    """Whether ``token`` hashes to ``token_hash``, compared in constant time."""
    if not token:
        return False
    return hmac.compare_digest(hash_token(token), token_hash)


def resolve_db_url(db_url: str | None = None) -> str:
    """The URL to use: ``db_url``, else ``$HEARTS_DB``, else ``sqlite:///hearts.db``.

    A bare file path (no ``://``) is taken as an SQLite file.  Raises ``ValueError`` for
    an in-memory SQLite database (``sqlite://``, ``sqlite:///:memory:``, ``:memory:``):
    its games would vanish when the server stops, and each pooled connection would
    see a database of its own.
    """
    url = db_url or os.environ.get("HEARTS_DB") or DEFAULT_DB_URL
    if "://" not in url:
        url = "sqlite:///" + url
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and _in_memory(parsed.database, url):
        raise ValueError("an in-memory SQLite database is not supported: its games would be "
                         "lost when the server stops; give a file, e.g. sqlite:///hearts.db")
    return url


def _in_memory(database: str | None, url: str) -> bool:
    """Whether an SQLite URL names a database held in memory: no file (``sqlite://``),
    ``:memory:`` in any form (``file::memory:?cache=shared``), ``mode=memory`` or the
    ``memdb`` VFS anywhere in it (URI filenames), or a URI filename with no path."""
    if database in (None, ""):
        return True
    lowered = url.lower().replace("%3a", ":").replace("%3d", "=")
    if ":memory:" in lowered or "mode=memory" in lowered or "vfs=memdb" in lowered:
        return True
    name = str(database)
    if name.lower().startswith("file:"):
        path = name[5:].split("?", 1)[0].split("#", 1)[0]
        return path in ("", "//")
    return False


def _now() -> _dt.datetime:
    return _dt.datetime.now(_dt.UTC)


SQLITE_SYNCHRONOUS = "FULL"
"""SQLite's ``synchronous`` setting: ``FULL`` syncs the WAL on every commit, so an
answered move survives a power cut too (``NORMAL`` would survive a crash of the
server but may lose the last commits on power loss); the cost is measured in
``bench/web_results.md``.  ``$HEARTS_SQLITE_SYNCHRONOUS`` overrides it (for that
measurement)."""


def make_engine(db_url: str) -> Engine:
    """A SQLAlchemy engine for ``db_url``; SQLite files get WAL mode,
    ``synchronous=FULL`` (:data:`SQLITE_SYNCHRONOUS`) and a busy timeout so that
    several threads and processes can share them.  Raises ``ValueError`` for an
    in-memory SQLite URL (see :func:`resolve_db_url`)."""
    url = make_url(resolve_db_url(db_url))
    if url.get_backend_name() == "sqlite":
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30},
                               pool_size=20, max_overflow=40)
        sync = os.environ.get("HEARTS_SQLITE_SYNCHRONOUS", SQLITE_SYNCHRONOUS).upper()
        if sync not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"HEARTS_SQLITE_SYNCHRONOUS must be OFF, NORMAL, FULL or EXTRA, "
                             f"not {sync[:20]!r}")

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:  # pragma: no cover - trivial
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sync}")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        return engine
    return create_engine(url, pool_size=20, max_overflow=40, pool_pre_ping=True)


class StorageGone(SQLAlchemyError):
    """The database this process opened is not there any more: its SQLite file was
    deleted, moved away or replaced by another (``message`` says which), or its health
    query failed.  Answered 503 ``storage_unavailable`` like any storage failure."""


class StorageHealth:
    """Notices a database that went away under a running server.

    For an SQLite file, the file's identity (device and inode) is taken when the store
    opens it; before every statement and after every commit (:meth:`check`, one
    ``stat`` call, about a microsecond) the path must still lead to that same file,
    else :class:`StorageGone` is raised: a deleted or replaced file would otherwise
    take moves into a file nobody will read again (the open connections keep the
    deleted file alive).  Connections opened later use ``mode=rw``, so a missing file
    is never created anew (empty) behind the server's back.  Service resumes by itself
    when the same file is back at its path (moved back); a file put there in its place
    (a restored backup) is taken on by a restart.  For any database, :meth:`probe` runs
    a health query (``SELECT 1``, and the file check) for ``/readyz``.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.path: str | None = None
        self.identity: tuple[int, int] | None = None
        self.reason: str | None = None
        """Why the database is unavailable (``None``: it is available, as far as known)."""
        if engine.dialect.name == "sqlite":
            with engine.connect() as conn:
                rows = conn.exec_driver_sql("PRAGMA database_list").all()
            path = next((str(r[2]) for r in rows if r[1] == "main"), "")
            if path:
                self.path = path
                st = os.stat(path)
                self.identity = (st.st_dev, st.st_ino)
                event.listen(engine, "before_cursor_execute", self._before)
                event.listen(engine, "do_connect", self._read_write_only)

    def _read_write_only(self, _dialect: Any, _record: Any, cargs: list[Any],
                         cparams: dict[str, Any]) -> None:
        if self.path and not cparams.get("uri"):
            from urllib.parse import quote

            cargs[:] = [f"file:{quote(self.path)}?mode=rw"]
            cparams.pop("database", None)
            cparams["uri"] = True

    def _before(self, *_args: Any) -> None:
        self.check()

    def check(self) -> None:
        """Raise :class:`StorageGone` when the SQLite file is not the one opened (cheap;
        nothing for other databases)."""
        if self.identity is None or self.path is None:
            return
        try:
            st = os.stat(self.path)
        except OSError:
            self.reason = "the database file is gone"
        else:
            if (st.st_dev, st.st_ino) == self.identity:
                self.reason = None
                return
            self.reason = "the database file was replaced by another"
        raise StorageGone(self.reason)

    def probe(self) -> str | None:
        """Run the health query; ``None`` when the database answers, else why not (a
        short sentence, no secrets)."""
        try:
            self.check()
            with self.engine.connect() as conn:
                conn.exec_driver_sql("SELECT 1").scalar()
        except StorageGone as exc:
            return str(exc)
        except Exception as exc:
            self.reason = f"the health query failed ({type(exc).__name__})"
            return self.reason
        self.reason = None
        return None

    @property
    def available(self) -> bool:
        """Whether the last check or probe found the database in place."""
        return self.reason is None


class GameStore:
    """Opens the game database and reads and writes solo games (tables of one person in
    ``friend_tables`` and ``table_actions``).  Thread-safe (one engine, pooled connections).

    Opening a database upgrades its schema to the newest revision (:func:`hearts.web.
    schema.upgrade`: a new database gets its tables); with ``migrate=False`` a database
    that is not at the newest revision raises :class:`hearts.web.schema.SchemaOutOfDate`
    instead, and nothing is changed."""

    def __init__(self, db_url: str | None = None, *, migrate: bool = True) -> None:
        self.url = resolve_db_url(db_url)
        self.engine = make_engine(self.url)
        try:
            if migrate:
                schema.upgrade(self.engine)
            else:
                schema.check(self.engine)
        except BaseException:
            self.engine.dispose()
            raise
        self.health = StorageHealth(self.engine)
        # SQLite has one writer at a time; a waiting writer polls with growing sleeps
        # (up to 100 ms each), which shows as long latency tails.  Within this process,
        # writers queue on a lock instead; other processes still meet the busy timeout.
        self._write_lock: threading.Lock | contextlib.nullcontext[None] = (
            threading.Lock() if self.engine.dialect.name == "sqlite" else contextlib.nullcontext())

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    def _settings(self, conn: Any, game_id: str) -> Any:
        row = conn.execute(select(friend_tables).where(friend_tables.c.id == game_id)).first()
        if row is None or not isinstance(row.settings, dict) or not row.settings.get("solo"):
            raise UnknownGame(game_id)
        return row

    def create(self, *, game_id: str, token: str, variant: str, players: int,
               options: dict[str, Any], game_number: int, level: str, seed: int,
               actions: list[Any], restart_of: str | None = None) -> GameRow:
        """Insert a new solo game, a table of one person (:func:`solo_log`), at
        ``version == len(actions)``; returns the stored row."""
        now = _now()
        settings = solo_settings(variant, players, options, level, game_number, restart_of)
        log = solo_log(hash_token(token), actions)
        with self._write_lock, self.engine.begin() as conn:
            conn.execute(insert(friend_tables).values(id=game_id, settings=settings, seed=seed,
                                                      created_at=now))
            conn.execute(insert(table_actions), [
                {"table_id": game_id, "seq": i, "action": a, "created_at": now}
                for i, a in enumerate(log, 1)])
        self.health.check()  # committed to the file that is still there, or 503
        return _row(game_id, settings, seed, log, now, now, None)

    def _read(self, game_id: str) -> tuple[Any, list[list[Any]], _dt.datetime]:
        """The solo game's ``friend_tables`` row, its whole log and the date of its newest
        action (its creation's when it has none); raises :class:`UnknownGame`."""
        with self.engine.connect() as conn:
            head = self._settings(conn, game_id)
            rows = conn.execute(select(table_actions.c.action, table_actions.c.created_at)
                                .where(table_actions.c.table_id == game_id)
                                .order_by(table_actions.c.seq)).all()
        return head, [list(a) for a, _t in rows], max((t for _a, t in rows),
                                                      default=head.created_at)

    def load(self, game_id: str) -> GameRow:
        """The stored solo game ``game_id``; raises :class:`UnknownGame` (also for a shared
        table's id)."""
        head, log, updated = self._read(game_id)
        return _row(game_id, dict(head.settings), int(head.seed), log, head.created_at,
                    updated, head.finished_at)

    def log(self, game_id: str) -> tuple[dict[str, Any], int, list[list[Any]]]:
        """``(settings, seed, whole log)`` of solo game ``game_id`` (``join`` and ``start``
        first; what :class:`~hearts.web.tables.TableState` folds); raises
        :class:`UnknownGame`."""
        head, log, _updated = self._read(game_id)
        return dict(head.settings), int(head.seed), log

    def head(self, game_id: str) -> tuple[str, int]:
        """``(token_hash, version)`` of ``game_id`` (a cheap read used on every request to
        notice writes by other processes; ``version``: the game's actions, the log less
        its ``join`` and ``start``); raises :class:`UnknownGame`."""
        with self.engine.connect() as conn:
            row = conn.execute(_HEAD, {"gid": game_id}).first()
        if row is None or row[1] is None or list(row[0])[:2] != ["join", 0] \
                or not isinstance(row[2], dict) or not row[2].get("solo"):
            raise UnknownGame(game_id)  # (a shared table's id is no solo game's)
        return str(row[0][3]), int(row[1]) - SOLO_PREFIX

    def save_actions(self, game_id: str, old_version: int, actions: list[Any],
                     finished: bool = False) -> int:
        """Append ``actions[old_version:]`` to the game's log if it is still at
        ``old_version`` (the log's primary key refuses a second writer of the same place);
        ``finished`` marks the game as over (``finished_at`` = now, which starts its expiry
        clock).

        Returns the new version (``len(actions)``).  Raises :class:`VersionConflict`
        when the log has moved on or the game is gone (nothing is written then).
        """
        now = _now()
        new = actions[old_version:]
        try:
            with self._write_lock, self.engine.begin() as conn:
                top = conn.execute(_TOP, {"gid": game_id}).scalar()
                if top is None or int(top) != old_version + SOLO_PREFIX:
                    raise VersionConflict(game_id)
                if new:
                    conn.execute(insert(table_actions), [
                        {"table_id": game_id, "seq": old_version + SOLO_PREFIX + i,
                         "action": a, "created_at": now} for i, a in enumerate(new, 1)])
                if finished:
                    conn.execute(update(friend_tables).where(friend_tables.c.id == game_id)
                                 .values(finished_at=now))
        except IntegrityError:
            raise VersionConflict(game_id) from None
        self.health.check()  # committed to the file that is still there, or 503
        return len(actions)

    def expire(self, unfinished_days: float | None, finished_days: float | None,
               now: _dt.datetime | None = None) -> int:
        """Delete unfinished solo games not written for ``unfinished_days`` days and
        finished ones that ended more than ``finished_days`` days ago (``None`` or ``0``:
        keep them); the shared tables' own sweep (:meth:`TableStore.expire`) takes the
        same days.  Returns the number of games deleted."""
        now = now or _now()
        ft, ta = friend_tables, table_actions
        ids: list[str] = []
        with self._write_lock, self.engine.begin() as conn:
            if unfinished_days:
                cut = now - _dt.timedelta(days=unfinished_days)
                newest = (select(func.max(ta.c.created_at)).where(ta.c.table_id == ft.c.id)
                          .scalar_subquery())
                ids += conn.execute(select(ft.c.id).where(
                    _SOLO, ft.c.finished_at.is_(None),
                    func.coalesce(newest, ft.c.created_at) < cut)).scalars().all()
            if finished_days:
                cut = now - _dt.timedelta(days=finished_days)
                ids += conn.execute(select(ft.c.id).where(
                    _SOLO, ft.c.finished_at.is_not(None), ft.c.finished_at < cut)
                ).scalars().all()
            for i in range(0, len(ids), 500):
                chunk = ids[i:i + 500]
                conn.execute(delete(ta).where(ta.c.table_id.in_(chunk)))
                conn.execute(delete(ft).where(ft.c.id.in_(chunk)))
        return len(ids)

    def touch(self, game_id: str, *, updated_at: _dt.datetime,
              finished_at: _dt.datetime | None = None) -> None:
        """Set a game's timestamps (tests and maintenance: age a game on purpose): its
        actions are dated ``updated_at``, its end ``finished_at``."""
        with self._write_lock, self.engine.begin() as conn:
            conn.execute(update(friend_tables).where(friend_tables.c.id == game_id)
                         .values(finished_at=finished_at))
            conn.execute(update(table_actions).where(table_actions.c.table_id == game_id)
                         .values(created_at=updated_at))

    def count(self) -> int:
        """Number of stored solo games."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(friend_tables)
                                    .where(_SOLO)).scalar_one())


SOLO_PREFIX = 2
"""Entries of a solo game's log before its first game action: ``join`` and ``start``."""


def solo_settings(variant: str, players: int, options: dict[str, Any], level: str,
                  game_number: int, restart_of: str | None = None) -> dict[str, Any]:
    """The stored settings of a solo game (:class:`hearts.web.tables.TableSettings` JSON with
    ``solo`` set: no spectators, no turn timer, bots answer inline; ``restart_of`` the game
    it restarts)."""
    return {"variant": variant, "players": players, "options": dict(options), "level": level,
            "game": game_number, "turn_seconds": SOLO_TURN_SECONDS, "spectators": False,
            "hints": True, "solo": True, "restart_of": restart_of}


def solo_log(token_hash: str, actions: list[Any]) -> list[list[Any]]:
    """The table log of a solo game: the player joins seat 0, the game starts, then the
    game's own ``actions`` (the engine's Action JSON)."""
    return [["join", 0, SOLO_NAME, token_hash], ["start"], *(list(a) for a in actions)]


def _row(game_id: str, settings: dict[str, Any], seed: int, log: list[list[Any]],
         created: _dt.datetime, updated: _dt.datetime,
         finished: _dt.datetime | None) -> GameRow:
    moves = log[SOLO_PREFIX:]
    return GameRow(id=game_id, token_hash=str(log[0][3]), variant=str(settings["variant"]),
                   players=int(settings["players"]), options=dict(settings["options"]),
                   game_number=int(settings["game"]), level=str(settings["level"]), seed=seed,
                   actions=moves, version=len(moves), restart_of=settings.get("restart_of"),
                   created_at=created, updated_at=updated, finished_at=finished)


__all__ = ["DEFAULT_DB_URL", "GameRow", "GameStore", "StorageGone", "StorageHealth",
           "LEGACY_GAMES", "SOLO_PREFIX", "UnknownGame", "VersionConflict", "solo_log",
           "solo_settings", "hash_token", "make_engine", "metadata", "resolve_db_url", "token_matches"]
