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
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import orjson

log = logging.getLogger("hearts.web")

Handler = Callable[[str, dict[str, Any]], Awaitable[None]]

LOCK_SECONDS = 15.0
"""A table lock expires after this long (a process that died holding it)."""

REDIS_CONNECTIONS = 64
"""Most connections one process opens to Redis (the listener's included).  A command
past them waits for a free one (up to ``LOCK_SECONDS``): redis-py's default pool instead
refuses a command past 100 connections in use with ``MaxConnectionsError``, which a
process serving a few hundred clients reaches whenever their moves come together."""

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

    async def start(self, handler: Handler) -> None:
        """No-op."""

    async def close(self) -> None:
        """No-op."""


class RedisBus:
    """Locks, versions and fan-out through the Redis server at ``url``
    (``redis://host:port/db``), with redis-py's asyncio client over at most
    :data:`REDIS_CONNECTIONS` connections."""

    shared = True

    def __init__(self, url: str, prefix: str = "hearts") -> None:
        import redis.asyncio as aioredis

        self.url = url
        self.prefix = prefix
        pool = aioredis.BlockingConnectionPool.from_url(
            url, decode_responses=True, max_connections=REDIS_CONNECTIONS,
            timeout=LOCK_SECONDS)
        self.redis = aioredis.Redis.from_pool(pool)
        self._task: asyncio.Task[None] | None = None
        self._pubsub: Any = None
        self._acquire = self.redis.register_script(_ACQUIRE)
        self._release = self.redis.register_script(_RELEASE)
        self._held: dict[str, int] = {}
        """Tables whose lock this process holds now, with the version read when taken."""
        self._outbox: dict[str, list[str]] = {}
        """Versioned messages published while the table's lock is held, sent on release."""

    def _key(self, kind: str, table_id: str) -> str:
        return f"{self.prefix}:{kind}:{table_id}"

    @contextlib.asynccontextmanager
    async def lock(self, table_id: str) -> AsyncIterator[None]:
        """Hold the table's Redis lock (waits up to ``LOCK_SECONDS``; raises
        ``redis.exceptions.LockError`` after that).  While it is held, :meth:`version`
        answers from the value read with the lock (no second round trip), and what
        :meth:`publish` is given with a version goes out when the lock is released, in
        the same round trip (the version set, the messages in order, the lock let go)."""
        keys = [self._key("lock", table_id), self._key("v", table_id)]
        token = secrets.token_hex(8)
        deadline = time.monotonic() + LOCK_SECONDS
        pause = 0.002
        while True:
            got, version = await self._acquire(keys=keys, args=[token, int(LOCK_SECONDS * 1000)])
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
                await self._release(keys=[*keys, self._key("t", table_id)], args=[
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
        v = await self.redis.get(self._key("v", table_id))
        return int(v) if v is not None else 0

    async def publish(self, table_id: str, payload: dict[str, Any],
                      version: int | None = None) -> None:
        """Publish ``payload`` on the table's channel (and set its version first).  While
        this process holds the table's lock, a versioned payload waits for the release
        (:meth:`lock`); the version :meth:`version` answers is updated at once."""
        text = orjson.dumps(payload).decode()
        outbox = self._outbox.get(table_id)
        if version is not None and outbox is not None:
            outbox.append(text)
            self._held[table_id] = version
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            if version is not None:
                pipe.set(self._key("v", table_id), version, ex=VERSION_TTL)
            pipe.publish(self._key("t", table_id), text)
            await pipe.execute()

    async def start(self, handler: Handler) -> None:
        """Subscribe to every table's channel and pass each message to ``handler``."""
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.psubscribe(self._key("t", "*"))
        skip = len(self._key("t", ""))

        async def listen() -> None:
            while True:
                try:
                    msg = await self._pubsub.get_message(timeout=1.0)
                    if msg is None or msg.get("type") != "pmessage":
                        continue
                    await handler(msg["channel"][skip:], orjson.loads(msg["data"]))
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("redis listener")
                    await asyncio.sleep(0.2)

        self._task = asyncio.create_task(listen(), name="hearts-redis-listener")

    async def close(self) -> None:
        """Stop listening and close the connections."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()


def make_bus(redis_url: str | None) -> LocalBus | RedisBus:
    """:class:`RedisBus` for a URL, else :class:`LocalBus`."""
    return RedisBus(redis_url) if redis_url else LocalBus()


__all__ = ["LocalBus", "RedisBus", "make_bus"]
