"""Fan-out and locks for shared tables: in one process, or across processes via Redis.

:class:`LocalBus` (one server process): per-table locks are the hub's asyncio locks,
nothing is published.  :class:`RedisBus` (``hearts serve --redis URL``): several
server processes serve the same tables.  For each table it keeps

- a lock ``hearts:lock:<id>`` (``SET NX PX`` with a random token, released only by its
  holder), held while an action is checked, committed to the database and published, so
  that the processes append to a table one at a time;
- the version ``hearts:v:<id>``, read in the same round trip as the lock is taken (one
  script), so that a process taking the lock knows whether it must first read newer
  actions from the database;
- a channel ``hearts:t:<id>`` on which every committed action (and transient news such
  as "West is thinking") is published; every process listens (one pattern
  subscription) and brings its copy of the table up to date, then sends its own
  clients their seats' messages.  What a process commits under the lock is published by
  the script that releases it (version set, messages in order, lock let go: one round
  trip), so every process sees a table's actions in the order they were committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import orjson

log = logging.getLogger("hearts.web")

Handler = Callable[[str, dict[str, Any]], Awaitable[None]]

LOCK_SECONDS = 15.0
"""A table lock expires after this long (a process that died holding it)."""

_ACQUIRE = """
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {1, redis.call('get', KEYS[2]) or '0'}
end
return {0, '0'}
"""
"""Take the lock ``KEYS[1]`` with token ``ARGV[1]`` for ``ARGV[2]`` ms and read the version
``KEYS[2]`` in the same round trip: ``{1, version}``, or ``{0, _}`` when it is held."""

_RELEASE = """
if ARGV[2] ~= '' then redis.call('set', KEYS[2], ARGV[2], 'EX', ARGV[3]) end
for i = 4, #ARGV do redis.call('publish', KEYS[3], ARGV[i]) end
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""
"""Set the version ``KEYS[2]`` to ``ARGV[2]`` (unless empty, expiring after ``ARGV[3]`` s),
publish ``ARGV[4:]`` in order on ``KEYS[3]``, then release the lock ``KEYS[1]`` only if
token ``ARGV[1]`` still holds it (it may have expired and been taken): what a lock holder
committed goes out in the round trip that lets go of the lock."""

VERSION_TTL = 7 * 24 * 3600
"""Seconds Redis keeps a table's version after its last change."""


class LocalBus:
    """One process: no cross-process lock, version or fan-out."""

    shared = False

    @contextlib.asynccontextmanager
    async def lock(self, table_id: str) -> AsyncIterator[None]:
        """No-op (the hub's per-table asyncio lock is enough in one process)."""
        yield

    async def version(self, table_id: str) -> int | None:
        """None: this process is the only writer."""
        return None

    async def publish(self, table_id: str, payload: dict[str, Any],
                      version: int | None = None) -> None:
        """No-op."""

    async def start(self, handler: Handler,
                    resync: Callable[[], Awaitable[None]] | None = None) -> None:
        """No-op."""

    async def close(self) -> None:
        """No-op."""

    async def ping(self) -> None:
        """Nothing to reach (``/readyz``)."""


class _Link(asyncio.Protocol):
    """One connection to Redis (RESP2): commands are pipelined, the commands issued in one
    turn of the event loop go out in one write, and replies (parsed by hiredis, the C
    parser redis-py itself uses) are matched to their commands in order.  On a pub/sub
    connection, ``message``/``pmessage`` pushes go to ``on_push`` instead."""

    def __init__(self, on_push: Callable[[list[Any]], None] | None = None) -> None:
        import hiredis

        self._reader = hiredis.Reader(notEnoughData=_MORE)
        self._reply_error = hiredis.ReplyError
        self._push = on_push
        self._waiting: deque[asyncio.Future[Any]] = deque()
        self._out: list[bytes] = []
        self._pack = hiredis.pack_command
        self._loop = asyncio.get_running_loop()
        self.transport: asyncio.Transport | None = None
        self.lost: asyncio.Future[None] = self._loop.create_future()
        """Done once the connection is closed or broken."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's is no subclass

    def data_received(self, data: bytes) -> None:
        reader = self._reader
        reader.feed(data)
        while (reply := reader.gets()) is not _MORE:
            if self._push is not None and isinstance(reply, list) and reply \
                    and reply[0] in (b"pmessage", b"message"):
                self._push(reply)
                continue
            if not self._waiting:  # out of step with the server: start afresh
                log.error("redis: a reply that no command waits for: %r", reply)
                self.abort()
                return
            fut = self._waiting.popleft()
            if fut.done():  # its caller was cancelled
                continue
            if isinstance(reply, self._reply_error):
                from redis.exceptions import ResponseError

                fut.set_exception(ResponseError(str(reply)))
            else:
                fut.set_result(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        from redis.exceptions import ConnectionError as RedisConnectionError

        self.transport = None
        self._out.clear()
        while self._waiting:
            fut = self._waiting.popleft()
            if not fut.done():
                fut.set_exception(RedisConnectionError(f"connection to Redis lost: {exc!r}"))
        if not self.lost.done():
            self.lost.set_result(None)

    def call(self, *args: str | bytes | int | float) -> asyncio.Future[Any]:
        """Send one command; the future is its reply (``redis.exceptions.ResponseError``
        for an error reply, ``ConnectionError`` when the connection breaks first)."""
        if self.transport is None or self.transport.is_closing():
            from redis.exceptions import ConnectionError as RedisConnectionError

            raise RedisConnectionError("not connected to Redis")
        fut = self._loop.create_future()
        self._waiting.append(fut)
        if not self._out:
            self._loop.call_soon(self._flush)
        self._out.append(self._pack(args))  # type: ignore[arg-type]  # stub: 1-tuple
        return fut

    def _flush(self) -> None:
        if self._out and self.transport is not None:
            self.transport.write(b"".join(self._out))
        self._out.clear()

    def close(self) -> None:
        """Close the connection (pending commands fail)."""
        if self.transport is not None:
            self.transport.close()

    def oldest(self) -> asyncio.Future[Any] | None:
        """The command waiting longest for its reply, if any."""
        return self._waiting[0] if self._waiting else None

    def abort(self) -> None:
        """Drop the connection at once (pending commands fail with ``ConnectionError``)."""
        if self.transport is not None:
            self.transport.abort()


_MORE = object()
"""hiredis' answer when a reply is not complete yet."""

CONNECT_SECONDS = 10.0
"""Longest wait for a connection to Redis (and its AUTH/SELECT)."""

STUCK_SECONDS = LOCK_SECONDS
"""A command without a reply after about this long (none of the bus's commands blocks in
Redis) means Redis or the network hangs: the connection is dropped, its commands fail and
the next command opens a new one (checked every :data:`STUCK_CHECK` seconds)."""

STUCK_CHECK = 2.5


class RedisBus:
    """Locks, versions and fan-out through the Redis server at ``url``
    (``redis://[user:password@]host:port/db``, ``rediss://`` with TLS, or
    ``unix:///path?db=N``; parsed by redis-py).

    Each process holds two connections to Redis: one for commands, pipelined (the locks,
    versions and publishes of all its tables share it, in order; Redis runs commands one
    at a time anyway), and one subscribed to every table's channel.  A broken connection
    fails the commands waiting on it (``redis.exceptions.ConnectionError``) and is opened
    again by the next command; the subscription is renewed within a second.  This costs a
    fraction of the CPU of redis-py's asyncio client, whose pool, retries and parser
    took about half of a server's event loop under load (bench/tables_results.md)."""

    shared = True

    def __init__(self, url: str, prefix: str = "hearts") -> None:
        from redis.asyncio.connection import SSLConnection, parse_url

        try:
            import hiredis  # noqa: F401 - the connections' parser
        except ImportError:
            raise RuntimeError("--redis needs the hiredis package (a dependency of hearts: "
                               "pip install hiredis)") from None
        self.url = url
        self.prefix = prefix
        opts = parse_url(url)
        self._path: str | None = opts.get("path")
        self._host = str(opts.get("host") or "localhost")
        self._port = int(opts.get("port") or 6379)
        self._db = int(opts.get("db") or 0)
        self._username: str | None = opts.get("username")
        self._password: str | None = opts.get("password")
        self._ssl = opts.get("connection_class") is SSLConnection
        self._link: _Link | None = None
        self._connecting: asyncio.Lock | None = None
        self._sub: _Link | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._watchdog: asyncio.Task[None] | None = None
        self._inbox: deque[list[Any]] = deque()
        self._wake: asyncio.Future[None] | None = None
        self._scripts = {name: (hashlib.sha1(text.encode()).hexdigest(), text)
                         for name, text in (("acquire", _ACQUIRE), ("release", _RELEASE))}
        self._me = secrets.token_hex(8) + ":"
        self._count = 0
        """A lock's token: this bus's random name and a count (unique without asking the
        operating system for randomness at each lock)."""
        self._held: dict[str, int] = {}
        """Tables whose lock this process holds now, with the version read when taken."""
        self._outbox: dict[str, list[bytes]] = {}
        """Versioned messages published while the table's lock is held, sent on release."""

    def _key(self, kind: str, table_id: str) -> str:
        return f"{self.prefix}:{kind}:{table_id}"

    # ------------------------------------------------------------ connections
    async def _open(self, on_push: Callable[[list[Any]], None] | None = None) -> _Link:
        from redis.exceptions import ConnectionError as RedisConnectionError

        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(CONNECT_SECONDS):
                if self._path:
                    _t, link = await loop.create_unix_connection(
                        lambda: _Link(on_push), self._path)
                else:
                    _t, link = await loop.create_connection(
                        lambda: _Link(on_push), self._host, self._port,
                        ssl=True if self._ssl else None)
                if self._password:
                    await link.call("AUTH", *([self._username] if self._username else []),
                                    self._password)
                if self._db:
                    await link.call("SELECT", self._db)
        except (OSError, TimeoutError) as exc:
            raise RedisConnectionError(f"cannot connect to Redis at {self.url}: {exc!r}") \
                from exc
        return link

    def _connected(self) -> _Link | None:
        link = self._link
        return link if link is not None and link.transport is not None \
            and not link.transport.is_closing() else None

    async def _command_link(self) -> _Link:
        link = self._connected()
        if link is not None:
            return link
        if self._connecting is None:
            self._connecting = asyncio.Lock()
        async with self._connecting:
            link = self._connected()
            if link is None:
                link = self._link = await self._open()
                if self._watchdog is None or self._watchdog.done():
                    self._watchdog = asyncio.create_task(self._watch(),
                                                         name="hearts-redis-watchdog")
            return link

    async def _watch(self) -> None:
        """Drop the command connection when its oldest command has waited
        :data:`STUCK_SECONDS` for a reply."""
        seen: asyncio.Future[Any] | None = None
        since = 0.0
        while True:
            await asyncio.sleep(STUCK_CHECK)
            link = self._link
            head = link.oldest() if link is not None else None
            now = time.monotonic()
            if head is None or head is not seen:
                seen, since = head, now
            elif now - since >= STUCK_SECONDS and link is not None:
                log.warning("redis: no reply for %.0f s; dropping the connection", now - since)
                link.abort()
                seen = None

    async def _call(self, *args: str | bytes | int | float) -> Any:
        link = self._connected() or await self._command_link()
        return await link.call(*args)

    async def ping(self) -> None:
        """Ask Redis ``PING`` (``/readyz``); raises when it cannot be reached."""
        await self._call("PING")

    async def _script(self, name: str, keys: list[str], args: list[Any]) -> Any:
        """Run one of the Lua scripts (EVALSHA; EVAL when Redis does not know it, e.g.
        after a restart, which also loads it)."""
        from redis.exceptions import ResponseError

        sha, text = self._scripts[name]
        try:
            return await self._call("EVALSHA", sha, len(keys), *keys, *args)
        except ResponseError as exc:
            if not str(exc).startswith("NOSCRIPT"):
                raise
            return await self._call("EVAL", text, len(keys), *keys, *args)

    # ------------------------------------------------------------------ locks
    @contextlib.asynccontextmanager
    async def lock(self, table_id: str) -> AsyncIterator[None]:
        """Hold the table's Redis lock (waits up to ``LOCK_SECONDS``; raises
        ``redis.exceptions.LockError`` after that).  While it is held, :meth:`version`
        answers from the value read with the lock (no second round trip), and what
        :meth:`publish` is given with a version goes out when the lock is released, in
        the same round trip (the version set, the messages in order, the lock let go)."""
        keys = [self._key("lock", table_id), self._key("v", table_id)]
        self._count += 1
        token = f"{self._me}{self._count}"
        deadline = time.monotonic() + LOCK_SECONDS
        pause = 0.002
        while True:
            got, version = await self._script("acquire", keys,
                                              [token, int(LOCK_SECONDS * 1000)])
            if int(got):
                break
            if time.monotonic() >= deadline:
                from redis.exceptions import LockError

                raise LockError(f"table {table_id} is locked")
            await asyncio.sleep(pause)
            pause = min(0.02, pause * 2)
        self._held[table_id] = int(version)
        start = int(version)
        self._outbox[table_id] = []
        try:
            yield
        finally:
            last = self._held.pop(table_id, start)
            out = self._outbox.pop(table_id, [])
            try:
                await self._script("release", [*keys, self._key("t", table_id)], [
                    token, str(last) if out else "", VERSION_TTL, *out])
            except Exception as exc:  # other processes catch up by the version check
                log.warning("table %s: releasing its Redis lock (and publishing %d "
                            "messages) failed: %r", table_id, len(out), exc)

    async def version(self, table_id: str) -> int | None:
        """The last committed version Redis knows of (0 when none); read with the lock
        when this process holds the table's lock."""
        held = self._held.get(table_id)
        if held is not None:
            return held
        v = await self._call("GET", self._key("v", table_id))
        return int(v) if v is not None else 0

    async def publish(self, table_id: str, payload: dict[str, Any],
                      version: int | None = None) -> None:
        """Publish ``payload`` on the table's channel (and set its version first).  While
        this process holds the table's lock, a versioned payload waits for the release
        (:meth:`lock`); the version :meth:`version` answers is updated at once."""
        data = orjson.dumps(payload)
        outbox = self._outbox.get(table_id)
        if version is not None and outbox is not None:
            outbox.append(data)
            self._held[table_id] = version
            return
        link = self._connected() or await self._command_link()
        replies = []
        if version is not None:  # pipelined: both go out in one write, in this order
            replies.append(link.call("SET", self._key("v", table_id), version,
                                     "EX", VERSION_TTL))
        replies.append(link.call("PUBLISH", self._key("t", table_id), data))
        for reply in replies:
            await reply

    # ---------------------------------------------------------------- pub/sub
    async def start(self, handler: Handler,
                    resync: Callable[[], Awaitable[None]] | None = None) -> None:
        """Subscribe to every table's channel and pass each message to ``handler``, in
        the order Redis delivers them (raises when Redis cannot be reached now).  A
        broken subscription is renewed; then ``resync`` is awaited, since the messages
        published meanwhile were lost (the hub reads its tables' newer actions from the
        database)."""
        pattern = self._key("t", "*")
        skip = len(self._key("t", ""))
        loop = asyncio.get_running_loop()

        def pushed(reply: list[Any]) -> None:
            self._inbox.append(reply)
            wake = self._wake
            if wake is not None and not wake.done():
                wake.set_result(None)

        async def subscribe() -> _Link:
            link = await self._open(pushed)
            try:
                async with asyncio.timeout(CONNECT_SECONDS):
                    await link.call("PSUBSCRIBE", pattern)
            except BaseException:
                link.close()
                raise
            self._sub = link
            return link

        async def keep(link: _Link) -> None:
            while True:
                await link.lost
                log.warning("redis: the subscription's connection broke; subscribing again")
                while True:
                    await asyncio.sleep(0.2)
                    try:
                        link = await subscribe()
                        break
                    except asyncio.CancelledError:
                        raise
                    except Exception as exc:
                        log.warning("redis: subscribing again failed: %r", exc)
                        await asyncio.sleep(0.8)
                if resync is not None:
                    try:
                        await resync()
                    except asyncio.CancelledError:
                        raise
                    except Exception:
                        log.exception("redis: catching up after subscribing again")

        async def consume() -> None:
            inbox = self._inbox
            while True:
                while inbox:
                    reply = inbox.popleft()
                    try:  # [b"pmessage", pattern, channel, data]
                        await handler(reply[2][skip:].decode(), orjson.loads(reply[3]))
                    except asyncio.CancelledError:
                        raise
                    except Exception:
                        log.exception("redis listener")
                self._wake = loop.create_future()
                await self._wake
                self._wake = None

        link = await subscribe()
        self._tasks = [asyncio.create_task(consume(), name="hearts-redis-listener"),
                       asyncio.create_task(keep(link), name="hearts-redis-subscription")]

    async def close(self) -> None:
        """Stop listening and close the connections."""
        if self._watchdog is not None:
            self._tasks.append(self._watchdog)
            self._watchdog = None
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        self._tasks = []
        for link in (self._sub, self._link):
            if link is not None:
                link.close()
        self._sub = self._link = None


def make_bus(redis_url: str | None) -> LocalBus | RedisBus:
    """:class:`RedisBus` for a URL, else :class:`LocalBus`."""
    return RedisBus(redis_url) if redis_url else LocalBus()


__all__ = ["LocalBus", "RedisBus", "make_bus"]
