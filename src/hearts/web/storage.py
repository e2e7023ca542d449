"""Persistent storage of web games through SQLAlchemy 2 (Core).

One table, ``games``: a row per game holding its settings, a hash of its
secret token, the game's whole action list as JSON and a version number.  The
live :class:`hearts.game.Game` is never stored: it is rebuilt by replaying the
actions through the engine (:func:`hearts.web.service.replay`), so a server
restart in the middle of a hand loses nothing.

Writes use optimistic concurrency: :meth:`GameStore.save_actions` updates a
row only if its ``version`` is still the one the caller read
(``UPDATE ... WHERE id = :id AND version = :old``), inside a transaction.  When
another process got there first the update touches no row and
:class:`VersionConflict` is raised; nothing is written.

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
    Column,
    DateTime,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from . import schema

DEFAULT_DB_URL = "sqlite:///hearts.db"
"""Used when neither an explicit URL nor ``$HEARTS_DB`` is given."""

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(40), primary_key=True),
    Column("token_hash", String(64), nullable=False),
    Column("variant", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("game_number", BigInteger, nullable=False),
    Column("level", String(40), nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("actions", JSON, nullable=False),
    Column("version", Integer, nullable=False),
    Column("restart_of", String(40), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False, index=True),
    Column("finished_at", DateTime(timezone=True), nullable=True, index=True),
)
"""The games table.  ``options`` holds the overrides as given at creation
(resolved again through the rules registry on load); ``actions`` the action
list (see ``service.py`` for its encoding); ``version`` the number of actions;
``finished_at`` when the game ended (``NULL`` while it goes on); ``updated_at``
the last write.  :meth:`GameStore.expire` deletes old rows by these two."""


# Statements built once (bind parameters) so that SQLAlchemy's compiled cache is hit.
_HEAD = select(games.c.token_hash, games.c.version).where(games.c.id == bindparam("gid"))
_LOAD = select(games).where(games.c.id == bindparam("gid"))
_SAVE = (update(games)
         .where(games.c.id == bindparam("gid"), games.c.version == bindparam("old"))
         .values(actions=bindparam("new_actions"), version=bindparam("new_version"),
                 updated_at=bindparam("now"), finished_at=bindparam("finished")))


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
    """Reads and writes the ``games`` table.  Thread-safe (one engine, pooled connections).

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

    def create(self, *, game_id: str, token: str, variant: str, players: int,
               options: dict[str, Any], game_number: int, level: str, seed: int,
               actions: list[Any], restart_of: str | None = None) -> GameRow:
        """Insert a new game at ``version == len(actions)``; returns the stored row."""
        now = _now()
        values: dict[str, Any] = {
            "id": game_id, "token_hash": hash_token(token), "variant": variant,
            "players": players, "options": options, "game_number": game_number,
            "level": level, "seed": seed, "actions": actions, "version": len(actions),
            "restart_of": restart_of, "created_at": now, "updated_at": now,
        }
        with self._write_lock, self.engine.begin() as conn:
            conn.execute(insert(games).values(**values))
        self.health.check()  # committed to the file that is still there, or 503
        return GameRow(**values)

    def load(self, game_id: str) -> GameRow:
        """The stored row of ``game_id``; raises :class:`UnknownGame`."""
        with self.engine.connect() as conn:
            row = conn.execute(_LOAD, {"gid": game_id}).mappings().first()
        if row is None:
            raise UnknownGame(game_id)
        return GameRow(**dict(row))

    def head(self, game_id: str) -> tuple[str, int]:
        """``(token_hash, version)`` of ``game_id`` (a cheap read used on every request to
        notice writes by other processes); raises :class:`UnknownGame`."""
        with self.engine.connect() as conn:
            row = conn.execute(_HEAD, {"gid": game_id}).first()
        if row is None:
            raise UnknownGame(game_id)
        return row[0], row[1]

    def save_actions(self, game_id: str, old_version: int, actions: list[Any],
                     finished: bool = False) -> int:
        """Replace the action list if the row is still at ``old_version``; ``finished``
        marks the game as over (``finished_at`` = now, which starts its expiry clock).

        Returns the new version (``len(actions)``).  Raises :class:`VersionConflict`
        when the row has moved on (nothing is written then).
        """
        new_version = len(actions)
        now = _now()
        with self._write_lock, self.engine.begin() as conn:
            result = conn.execute(_SAVE, {"gid": game_id, "old": old_version,
                                          "new_actions": actions, "new_version": new_version,
                                          "now": now, "finished": now if finished else None})
            if result.rowcount != 1:
                raise VersionConflict(game_id)
        self.health.check()  # committed to the file that is still there, or 503
        return new_version

    def expire(self, unfinished_days: float | None, finished_days: float | None,
               now: _dt.datetime | None = None) -> int:
        """Delete unfinished games not written for ``unfinished_days`` days and finished
        games that ended more than ``finished_days`` days ago (``None`` or ``0``: keep
        them).  Returns the number of games deleted."""
        now = now or _now()
        deleted = 0
        with self._write_lock, self.engine.begin() as conn:
            if unfinished_days:
                cut = now - _dt.timedelta(days=unfinished_days)
                deleted += conn.execute(delete(games).where(
                    games.c.finished_at.is_(None), games.c.updated_at < cut)).rowcount
            if finished_days:
                cut = now - _dt.timedelta(days=finished_days)
                deleted += conn.execute(delete(games).where(
                    games.c.finished_at.is_not(None), games.c.finished_at < cut)).rowcount
        return deleted

    def touch(self, game_id: str, *, updated_at: _dt.datetime,
              finished_at: _dt.datetime | None = None) -> None:
        """Set a game's timestamps (tests and maintenance: age a game on purpose)."""
        with self._write_lock, self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id)
                         .values(updated_at=updated_at, finished_at=finished_at))

    def count(self) -> int:
        """Number of stored games."""
        from sqlalchemy import func

        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(games)).scalar_one())


__all__ = ["DEFAULT_DB_URL", "GameRow", "GameStore", "StorageGone", "StorageHealth",
           "UnknownGame", "VersionConflict",
           "games", "hash_token", "make_engine", "metadata", "resolve_db_url", "token_matches"]
