"""Two ``hearts serve`` processes serving the same shared tables through Redis.

A throw-away ``redis-server`` (Debian's package) runs on a free loopback port for the
module, and the two servers share a throw-away PostgreSQL database (the cluster of
``test_web_storage.py``).  Clients of one table sit on different processes: each sees
every version once, in the same order, and the Redis lock lets moves sent at the same
moment through both processes all land.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import aio
import pytest
from tables_client import TableClient, create_table, join_table, truth_at
from test_tables import check_secrecy, drive, hand_over, start
from test_web_storage import pg_cluster  # noqa: F401 - the fixture

from hearts.cli.serve import ServerProcess, free_port
from hearts.cli.throwaway import PgCluster, RedisServer, redis_binary


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    if redis_binary() is None:
        # `make test` installs it; under CI its absence is a failure, not a skip.
        (pytest.fail if os.environ.get("CI") else pytest.skip)(
            "redis-server is not installed (Debian package: redis-server)")
    srv = RedisServer().start()
    yield srv
    srv.stop()


@pytest.fixture
def two_servers(redis_server: RedisServer, pg_cluster: PgCluster,  # noqa: F811
                tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess, str]]:
    db = pg_cluster.create_database(f"hearts_tables_{os.getpid()}_{free_port()}")
    a = ServerProcess(db, log_path=str(tmp_path / "a.log"), redis_url=redis_server.url).start()
    b = ServerProcess(db, log_path=str(tmp_path / "b.log"), redis_url=redis_server.url).start()
    yield a, b, db
    a.stop()
    b.stop()


def test_clients_on_two_processes_see_each_others_plays_in_order(
        two_servers: tuple[ServerProcess, ServerProcess, str]) -> None:
    a, b, db = two_servers
    t = create_table(a.url, "Ann", level="random")
    tokens = [t["token"]] + [join_table((b, a, b)[i].url, t["id"], n).json()["token"]
                             for i, n in enumerate(["Ben", "Cho", "Dee"])]
    # Seats 0 and 2 on process A, 1 and 3 on process B; a spectator on B.
    seated = [TableClient((a, b)[i % 2].url, t["id"], tok, name=f"seat{i}")
              for i, tok in enumerate(tokens)]
    spectator = TableClient(b.url, t["id"], None, name="spectator")
    try:
        for c in seated:
            assert c.latest()["table"]["seats"][3]["name"] == "Dee"
        start(seated[0])
        for c in seated:
            c.wait(lambda ms: any(m["type"] == "update" and m["view"]["phase"] == "pass"
                                  for m in ms))
        # Everyone passes at the same moment, through both processes: all four land.
        v = max(c.v for c in seated)
        for c in seated:
            c.wait_version(v)
        for c in seated:
            c.send({"type": "pass", "cards": c.view["hand"][:3], "v": v})
        for c in seated:
            c.wait(lambda ms: any(m["type"] == "update" and any(e["type"] == "pass"
                                                               for e in m["events"]) for m in ms))
            assert c.errors() == []
        drive(seated, hand_over(seated[0]), timeout=120)
        for c in [*seated, spectator]:
            c.wait(lambda _ms, c=c: hand_over(c)())
        plays = [[(e["seat"], e["card"]) for e in c.events("play")] for c in [*seated, spectator]]
        assert len(plays[0]) == 52 and all(p == plays[0] for p in plays)
        for c in [*seated, spectator]:
            vs = c.versions()
            assert vs == list(range(vs[0], vs[0] + len(vs))), c.name
        truth = truth_at(db, t["id"])
        assert truth.version == seated[0].v == seated[1].v
        logged = [(a_[1], a_[2]) for a_ in (x.action for x in truth.recent) if a_[0] == "play"]
        assert [(s, c) for s, c in plays[0]] == logged[-52:]
        assert check_secrecy(db, t["id"], seated[1], 1) > 20
        assert check_secrecy(db, t["id"], spectator, None) > 20
    finally:
        for c in [*seated, spectator]:
            with contextlib.suppress(Exception):
                c.drop()


def test_a_dead_process_timers_are_taken_over_by_the_other(
        two_servers: tuple[ServerProcess, ServerProcess, str]) -> None:
    """Process A commits the move that starts the host's turn timer, then dies (SIGKILL):
    process B, where the host is connected, notices the idle table and runs the timer, so
    that a bot plays for the absent host."""
    a, b, _db = two_servers
    t = create_table(b.url, "Ann", level="random", turn_seconds=3)
    joined = join_table(a.url, t["id"], "Dee", seat=3).json()
    host = TableClient(b.url, t["id"], t["token"], name="host")
    friend = TableClient(a.url, t["id"], joined["token"], name="friend")
    try:
        start(host)

        def friend_before_host() -> bool:
            v = friend.view
            return v["phase"] == "play" and v["turn"] == 3 and len(v["trick"]) < 3

        drive([host, friend], friend_before_host, timeout=60)
        v = friend.v
        friend.send({"type": "play", "card": friend.view["legal"][0], "v": v})
        host.wait(lambda ms: any(m["type"] == "update" and m["v"] == v + 1 for m in ms))
        assert host.view["turn"] == 0 and host.events("play")[-1]["seat"] == 3
        a.stop(kill=True)
        host.wait(lambda ms: any(e["type"] == "away" and e["seat"] == 0 for m in ms
                                 if m["type"] == "update" and m["v"] > v for e in m["events"]),
                  40)
        host.wait(lambda ms: any(e["type"] == "play" and e["seat"] == 0 and e.get("by") == "bot"
                                 for m in ms if m["type"] == "update" and m["v"] > v
                                 for e in m["events"]), 20)
    finally:
        for c in (host, friend):
            with contextlib.suppress(Exception):
                c.drop()


def test_redis_lock_one_holder_at_a_time_and_the_version_read_with_it(
        redis_server: RedisServer) -> None:
    """Two buses (two processes' worth) contend for one table's lock: the second waits until
    the first lets go; the version each reads with the lock is the last one published."""
    import asyncio

    from hearts.web.bus import RedisBus

    async def main() -> list[tuple[str, int, int | None]]:
        a, b = RedisBus(redis_server.url, prefix="t-lock"), RedisBus(redis_server.url,
                                                                    prefix="t-lock")
        order: list[tuple[str, int, int | None]] = []

        async def holder(bus: RedisBus, name: str, pause: float) -> None:
            async with bus.lock("T1"):
                v = await bus.version("T1")
                order.append((name, 1, v))
                await asyncio.sleep(pause)
                await bus.publish("T1", {"v": (v or 0) + 1}, (v or 0) + 1)
                order.append((name, 2, await bus.version("T1")))

        first = asyncio.create_task(holder(a, "a", 0.2))
        await asyncio.sleep(0.05)
        await holder(b, "b", 0)
        await first
        assert await a.version("T1") == 2  # read from Redis: no lock held now
        await a.close()
        await b.close()
        return order

    assert aio.run(main()) == [("a", 1, 0), ("a", 2, 1), ("b", 1, 1), ("b", 2, 2)]


def test_many_tables_moving_at_once_all_get_the_lock_and_publish(
        redis_server: RedisServer) -> None:
    """Hundreds of tables of one process take their locks and publish at the same moment
    (a server with 400 clients does): every one succeeds, waiting for a Redis connection
    rather than failing.  redis-py's pool refused past 100 connections in use
    ("Too many connections"), which ended those clients' sessions without a close frame
    (the drops of bench/tables_results.md)."""
    import asyncio

    from hearts.web.bus import RedisBus

    tables = 192

    async def main() -> list[int | None]:
        bus = RedisBus(redis_server.url, prefix="t-many")

        async def move(i: int) -> int | None:
            async with bus.lock(f"T{i}"):
                v = await bus.version(f"T{i}")
                await asyncio.sleep(0.05)  # the database commit
                await bus.publish(f"T{i}", {"v": (v or 0) + 1}, (v or 0) + 1)
            return await bus.version(f"T{i}")

        try:
            return await asyncio.gather(*(move(i) for i in range(tables)))
        finally:
            await bus.close()

    assert aio.run(main()) == [1] * tables


def test_redis_gone_refuses_the_move_with_a_json_error_and_keeps_the_connection(
        tmp_path: Path) -> None:
    """Redis stops under a running server: a move is answered with a ``server_error``
    message and the connection stays open (it used to end without a close frame); once
    Redis is back the same move goes through."""
    if redis_binary() is None:
        (pytest.fail if os.environ.get("CI") else pytest.skip)("redis-server is not installed")
    redis = RedisServer().start()
    server = ServerProcess(f"sqlite:///{tmp_path}/t.db", log_path=str(tmp_path / "s.log"),
                           redis_url=redis.url).start()
    host = None
    try:
        t = create_table(server.url, "Ann", level="random")
        host = TableClient(server.url, t["id"], t["token"], name="host")
        start(host)
        host.wait(lambda ms: host.view["phase"] == "pass")
        move = {"type": "pass", "cards": host.view["hand"][:3], "v": host.v}
        redis.pause()
        host.send(move)
        err = host.wait_error(1)
        assert err["code"] == "server_error" and "send it again" in err["message"]
        host.send({"type": "ping"})
        host.wait(lambda ms: ms[-1]["type"] == "pong")
        assert not host.closed
        redis.start()
        host.send(move)
        host.wait(lambda ms: host.view["has_passed"][0], timeout=60)
        assert [e["code"] for e in host.errors()] == ["server_error"]
    finally:
        if host is not None:
            with contextlib.suppress(Exception):
                host.drop()
        server.stop()
        redis.stop()


def test_redis_bus_runs_its_scripts_after_a_script_flush_and_uses_the_url_database(
        redis_server: RedisServer) -> None:
    """The bus runs its Lua scripts by hash and loads them again when Redis has forgotten
    them (``SCRIPT FLUSH``, as after a restart); its keys go to the URL's database."""

    import redis as redis_py

    from hearts.web.bus import RedisBus

    url = redis_server.url.rsplit("/", 1)[0] + "/5"
    plain = redis_py.Redis(port=redis_server.port, db=5)

    async def main() -> list[int | None]:
        bus = RedisBus(url, prefix="t-flush")
        seen = []
        try:
            for v in (1, 2):
                plain.script_flush()
                async with bus.lock("T1"):
                    assert plain.get("t-flush:lock:T1") is not None
                    await bus.publish("T1", {"v": v}, v)
                seen.append(await bus.version("T1"))
            return seen
        finally:
            await bus.close()

    assert aio.run(main()) == [1, 2]
    assert plain.get("t-flush:v:T1") == b"2" and plain.get("t-flush:lock:T1") is None
    assert redis_py.Redis(port=redis_server.port, db=0).get("t-flush:v:T1") is None


def test_redis_bus_pipelines_commands_and_delivers_messages_in_order(
        redis_server: RedisServer) -> None:
    """Many tables' locks, publishes and transient messages share one pipelined connection:
    a listening bus gets every table's messages once each and in the order they were
    published."""
    import asyncio

    from hearts.web.bus import RedisBus

    async def main() -> dict[str, list[int]]:
        writer, reader = RedisBus(redis_server.url, prefix="t-pipe"), \
            RedisBus(redis_server.url, prefix="t-pipe")
        got: dict[str, list[int]] = {}

        async def handler(table: str, payload: dict[str, int]) -> None:
            got.setdefault(table, []).append(payload.get("v") or -payload["t"])

        await reader.start(handler)

        async def table(i: int) -> None:
            for v in range(1, 21):
                async with writer.lock(f"T{i}"):
                    await writer.publish(f"T{i}", {"v": v}, v)
                if v % 5 == 0:
                    await writer.publish(f"T{i}", {"t": v})  # unversioned, no lock

        try:
            await asyncio.gather(*(table(i) for i in range(30)))
            for _ in range(100):
                if sum(map(len, got.values())) == 30 * 24:
                    break
                await asyncio.sleep(0.05)
            return got
        finally:
            await writer.close()
            await reader.close()

    want = [x for v in range(1, 21) for x in ([v, -v] if v % 5 == 0 else [v])]
    assert aio.run(main()) == {f"T{i}": want for i in range(30)}


def test_redis_bus_subscribes_again_after_redis_restarts() -> None:
    """Redis goes away and comes back on the same port: commands fail meanwhile
    (``ConnectionError``), then work again, and the bus hears the messages published after
    the restart (its subscription renewed, after which it asks for a resync: the hub then
    reads what it missed from the database)."""
    import asyncio

    from redis.exceptions import ConnectionError as RedisConnectionError

    from hearts.web.bus import RedisBus

    if redis_binary() is None:
        (pytest.fail if os.environ.get("CI") else pytest.skip)("redis-server is not installed")
    redis = RedisServer().start()

    async def main() -> list[int]:
        bus = RedisBus(redis.url, prefix="t-restart")
        got: list[int] = []

        async def handler(table: str, payload: dict[str, int]) -> None:
            got.append(payload["v"])

        async def resync() -> None:
            got.append(0)

        await bus.start(handler, resync)
        try:
            async with bus.lock("T1"):
                await bus.publish("T1", {"v": 1}, 1)
            redis.pause()
            with pytest.raises(RedisConnectionError):
                async with bus.lock("T1"):
                    pass
            redis.start()
            for _ in range(100):  # until the subscription is back
                async with bus.lock("T1"):
                    await bus.publish("T1", {"v": 2}, 2)
                if 2 in got:
                    break
                await asyncio.sleep(0.1)
            async with bus.lock("T1"):
                assert await bus.version("T1") == 2
                await bus.publish("T1", {"v": 3}, 3)
            for _ in range(50):
                if 3 in got:
                    break
                await asyncio.sleep(0.05)
            return got
        finally:
            await bus.close()

    try:
        got = aio.run(main())
    finally:
        redis.stop()
    assert got[0] == 1 and got[-1] == 3 and 2 in got
    resynced = got.index(0)  # once, after the restart and before any later message
    assert got.count(0) == 1 and got[:resynced] == [1]
    assert got[resynced + 1:] == sorted(got[resynced + 1:])


def test_redis_bus_drops_a_connection_whose_replies_stop(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """Redis hangs (stopped with SIGSTOP): a command waiting for its reply fails with
    ``ConnectionError`` after ``STUCK_SECONDS`` instead of holding its table for ever, and
    once Redis runs again the next command opens a new connection."""
    import asyncio
    import signal
    import time

    from redis.exceptions import ConnectionError as RedisConnectionError

    from hearts.web import bus as bus_module
    from hearts.web.bus import RedisBus

    if redis_binary() is None:
        (pytest.fail if os.environ.get("CI") else pytest.skip)("redis-server is not installed")
    monkeypatch.setattr(bus_module, "STUCK_SECONDS", 1.5)
    monkeypatch.setattr(bus_module, "STUCK_CHECK", 0.25)
    redis = RedisServer().start()
    assert redis.proc is not None
    pid = redis.proc.pid

    async def main() -> tuple[float, int | None]:
        bus = RedisBus(redis.url, prefix="t-stuck")
        try:
            async with bus.lock("T1"):
                await bus.publish("T1", {"v": 1}, 1)
            os.kill(pid, signal.SIGSTOP)
            t0 = time.monotonic()
            try:
                with pytest.raises(RedisConnectionError):
                    await asyncio.wait_for(bus.version("T1"), 30)
                waited = time.monotonic() - t0
            finally:
                os.kill(pid, signal.SIGCONT)
            return waited, await bus.version("T1")
        finally:
            await bus.close()

    try:
        waited, version = aio.run(main())
    finally:
        redis.stop()
    assert 1.5 <= waited < 10 and version == 1
