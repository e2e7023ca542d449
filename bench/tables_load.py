"""Load test of shared tables: many tables with four simulated people each, live over
WebSocket, against ``hearts serve`` processes this script starts on loopback.

Each table has four clients (no bots); ``--seconds`` count from the moment all
``--tables`` tables have been created, joined and started (the ``steady`` figures cover
exactly that span; the top-level ones include the setup).  A client acts when its seat is due (passes
its first cards, plays its first legal card, the host deals the next hand) after a
pause drawn from ``--think`` (seconds, ``lo,hi``; ``0`` is flat out).  A finished game
is followed by a new table.  Measured on the clients (one asyncio process):

- ``latency``: from a client sending a play to each other client of the table
  receiving the update with it (ms);
- ``act_delay``: from a client receiving the update that makes its seat due to it
  sending its move, think time included (ms): the "acts within 200 ms" condition;
- every client checks that the versions it receives are contiguous (no loss, no
  duplicate) and the four clients of a table must see the same plays in the same
  order; the plays stored in the database are counted and compared at the end;
- server memory: resident set size (VmRSS, VmHWM) of each server process at the end;
- CPU: seconds used by each server and by the client, and the seconds they spent runnable
  but waiting for a CPU (``waited_for_cpu_s``, from ``/proc/<pid>/task/*/schedstat``):
  when the waits are larger than the CPU used, the other jobs on the machine set the pace,
  not this code.  ``redis_cpu_s`` and ``postgresql_cpu_s`` (the postmaster and all its
  backends) are the throw-away servers' CPU; ``cpu_ms_per_play`` divides each part's CPU
  by the plays, the figure to compare between versions on a machine shared with other
  jobs (wall-clock latencies then depend on those jobs).

Prints one JSON object (with ``errors_by_kind`` and the server logs' paths, kept, when
anything failed).  With ``--servers 2`` a throw-away ``redis-server`` is started and the
two processes serve the same tables (seats 0 and 2 of a table on one process, 1 and 3 on
the other).  The database is a temporary SQLite file, or ``--db URL``, or with ``--pg`` a
throw-away PostgreSQL cluster (``initdb`` in a temporary folder, fsync on, like a
deployment; ``hearts.cli.throwaway``, the one the tests use).  ``make bench-tables`` runs
the three runs of bench/tables_results.md.

    .venv/bin/python bench/tables_load.py --tables 200 --seconds 120 --think 0.05,0.2
    .venv/bin/python bench/tables_load.py --tables 200 --seconds 90 --think 0   # flat out
    .venv/bin/python bench/tables_load.py --tables 200 --seconds 120 --think 0.05,0.2 \
        --servers 2 --pg
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson  # the client reads 4 updates a play: its JSON must not be what limits the run

SETUP_LIMIT = 300.0
"""Seconds the tables may take to be created, joined and started; the run's ``--seconds``
count from the moment they all have (or from this limit)."""

MAX_TABLES = 400
MAX_SECONDS = 900.0
DRAIN_QUIET = 3.0
"""After the run, a client stops reading once its table has been quiet this long."""

DRAIN_LIMIT = 30.0
"""... and at the latest this long after the deadline."""


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank (0 when empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 1))))
    return ordered[rank - 1]


def summary(ms: list[float]) -> dict[str, Any]:
    return {"count": len(ms), "p50_ms": round(percentile(ms, 0.5), 1),
            "p95_ms": round(percentile(ms, 0.95), 1), "p99_ms": round(percentile(ms, 0.99), 1),
            "max_ms": round(max(ms, default=0.0), 1)}


class Stats:
    def __init__(self) -> None:
        self.latency: list[float] = []
        self.latency_at: list[float] = []  # perf_counter of each latency sample
        self.play_at: list[float] = []  # perf_counter of each play seen by its player
        self.message_at: list[float] = []  # perf_counter of each message received
        self.started: list[float] = []  # perf_counter of each table's start
        self.act_delay: list[float] = []
        self.errors: list[str] = []
        self.error_kinds: dict[str, int] = {}
        self.messages = 0
        self.plays = 0
        self.games = 0
        self.hands = 0
        self.tables: list[str] = []
        self.plays_seen: dict[str, int] = {}
        self.sent: dict[tuple[str, int, str], float] = {}
        self.t0 = self.deadline = 0.0

    def steady(self, tables: int) -> dict[str, Any]:
        """The figures between the moment the first ``tables`` tables have all started and
        the deadline (table creation, joins and handshakes left out): the run proper."""
        if len(self.started) < tables:
            return {}
        since = sorted(self.started)[tables - 1]
        span = self.deadline - since
        if span <= 1:
            return {}
        plays = sum(1 for t in self.play_at if since <= t <= self.deadline)
        messages = sum(1 for t in self.message_at if since <= t <= self.deadline)
        lat = [ms for ms, t in zip(self.latency, self.latency_at, strict=True)
               if since <= t <= self.deadline]
        return {"from_s": round(since - self.t0, 1), "seconds": round(span, 1),
                "plays": plays, "plays_per_s": round(plays / span, 1),
                "messages_per_s": round(messages / span, 1),
                "latency_play_to_others": summary(lat)}

    def error(self, text: str) -> None:
        kind = re.sub(r"\d+", "N", text.split(":", 1)[0] + ":" + text.split(":", 2)[-1])[:120]
        self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1
        if len(self.errors) < 50:
            self.errors.append(text[:300])
        else:
            self.errors.append("")


class Deadline:
    """When the clients stop acting (``at``, ``time.monotonic``): ``seconds`` after the
    ``tables``-th table started (:meth:`table_started`), or after :data:`SETUP_LIMIT`
    plus ``seconds`` when they never all do."""

    def __init__(self, seconds: float, tables: int, stats: Stats) -> None:
        self.seconds = seconds
        self.tables = tables
        self.stats = stats
        self.at = time.monotonic() + SETUP_LIMIT + seconds
        stats.deadline = time.perf_counter() + SETUP_LIMIT + seconds

    def table_started(self) -> None:
        stats = self.stats
        stats.started.append(time.perf_counter())
        if len(stats.started) == self.tables:
            self.at = time.monotonic() + self.seconds
            stats.deadline = time.perf_counter() + self.seconds


class Client:
    """One simulated person at one seat."""

    def __init__(self, stats: Stats, table_id: str, seat: int, url: str, token: str,
                 think: tuple[float, float], rng: random.Random, deadline: Deadline) -> None:
        self.stats = stats
        self.table_id = table_id
        self.seat = seat
        self.url = url
        self.token = token
        self.think = think
        self.rng = rng
        self.deadline = deadline
        self.v = -1
        self.plays: list[tuple[int, str]] = []
        self.pending: asyncio.Task[None] | None = None
        self.awaiting = False  # a move was sent and its answer has not come yet
        self.last: dict[str, Any] | None = None
        self.over = asyncio.Event()
        self.ws: Any = None
        self.last_rx = time.monotonic()

    async def run(self, ready: asyncio.Event) -> None:
        from websockets.asyncio.client import connect

        ws_url = self.url.replace("http://", "ws://") + f"/api/tables/{self.table_id}/ws"
        try:
            # like a browser, the client offers permessage-deflate (the server declines it)
            async with connect(ws_url, max_size=2**22, open_timeout=60) as ws:
                self.ws = ws
                await ws.send(orjson.dumps({"type": "hello", "token": self.token}).decode())
                ready.set()
                # After the deadline nobody acts; the client reads what is still on its way
                # until the table is quiet (``quiet_watch`` then closes the socket), so that
                # every committed play is counted.  No timeout per message: a timer for
                # each of 1,600 messages a second cost the client more than the parsing.
                while not self.over.is_set():
                    text = await ws.recv()
                    self.last_rx = time.monotonic()
                    self.on_message(orjson.loads(text))
        except Exception as exc:
            if not self.over.is_set():
                self.stats.error(f"seat {self.seat}: {type(exc).__name__}: {exc}")
        finally:
            ready.set()
            self.over.set()
            if self.pending:
                self.pending.cancel()

    def on_message(self, m: dict[str, Any]) -> None:
        now = time.perf_counter()
        st = self.stats
        st.messages += 1
        st.message_at.append(now)
        kind = m["type"]
        if kind == "error":
            st.error(f"seat {self.seat} v{self.v}: {m.get('code')}: {m.get('message')}")
            self.awaiting = False
            if self.last is not None:
                self.maybe_act(self.last, now)  # look again rather than stall
            return
        if kind not in ("state", "update"):
            return
        if kind == "update":
            if m["v"] != self.v + 1:
                st.error(f"seat {self.seat}: version {m['v']} after {self.v} "
                         f"({'duplicate' if m['v'] <= self.v else 'gap'})")
            for e in m["events"]:
                if e.get("seat") == self.seat and e["type"] in ("passed", "play", "moon_choice") \
                        or e["type"] == "deal":
                    self.awaiting = False
                if e["type"] == "play":
                    self.plays.append((e["seat"], e["card"]))
                    if e["seat"] == self.seat:
                        st.plays += 1
                        st.play_at.append(now)
                    else:
                        t0 = st.sent.get((self.table_id, e["seat"], e["card"]))
                        if t0 is not None:
                            st.latency.append((now - t0) * 1000)
                            st.latency_at.append(now)
                elif e["type"] == "hand_end" and self.seat == 0:
                    st.hands += 1
                elif e["type"] == "game_over":
                    if self.seat == 0:
                        st.games += 1
                    self.over.set()
        if kind == "state":
            self.awaiting = False
        self.v = m["v"]
        self.last = m
        self.maybe_act(m, now)

    def maybe_act(self, m: dict[str, Any], now: float) -> None:
        table, view = m["table"], m["view"]
        if self.seat not in table["due"] or table["status"] != "playing":
            return
        if time.monotonic() >= self.deadline.at:
            return
        if self.awaiting or (self.pending is not None and not self.pending.done()):
            return
        msg: dict[str, Any] | None = None
        phase = view["phase"]
        if phase == "pass" and not view["has_passed"][self.seat]:
            msg = {"type": "pass", "cards": view["hand"][:3], "v": m["v"]}
        elif phase == "play" and view["turn"] == self.seat:
            msg = {"type": "play", "card": self.rng.choice(view["legal"]), "v": m["v"]}
        elif phase == "moon-choice" and view["turn"] == self.seat:
            msg = {"type": "moon", "choice": "add", "v": m["v"]}
        elif phase == "deal" and self.seat == 0:
            msg = {"type": "next", "v": m["v"]}
        if msg is not None:
            self.awaiting = True
            self.pending = asyncio.get_running_loop().create_task(self.act(msg, now))

    async def act(self, msg: dict[str, Any], since: float) -> None:
        lo, hi = self.think
        if hi > 0:
            await asyncio.sleep(self.rng.uniform(lo, hi))
        t = time.perf_counter()
        self.stats.act_delay.append((t - since) * 1000)
        if msg["type"] == "play":
            self.stats.sent[(self.table_id, self.seat, msg["card"])] = t
        await self.ws.send(orjson.dumps(msg).decode())


async def quiet_watch(clients: list[Client], deadline: Deadline) -> None:
    """After the deadline, end a table's clients once none waits for the answer to a move
    it sent and none has heard anything for :data:`DRAIN_QUIET` seconds, or
    :data:`DRAIN_LIMIT` seconds after the deadline (a closed socket ends a client's read
    loop, not counted as an error).  A move sent just before the deadline may take longer
    than the quiet time to come back when the machine is loaded: counted, not cut off."""
    while not all(c.over.is_set() for c in clients):
        await asyncio.sleep(0.5)
        now = time.monotonic()
        quiet = now - max(c.last_rx for c in clients) >= DRAIN_QUIET \
            and not any(c.awaiting for c in clients)
        if now >= deadline.at and (quiet or now >= deadline.at + DRAIN_LIMIT):
            for c in clients:
                c.over.set()
            for c in clients:
                if c.ws is not None:
                    with contextlib.suppress(Exception):
                        await c.ws.close()
            return


async def post(http: Any, url: str, body: dict[str, Any]) -> Any:
    """POST with up to three tries when the connection drops (a kept-alive connection the
    server closed at the same moment)."""
    import httpx

    for attempt in range(3):
        try:
            return await http.post(url, json=body)
        except httpx.TransportError:
            if attempt == 2:
                raise
            await asyncio.sleep(0.2)
    raise AssertionError("unreachable")


async def table_loop(index: int, urls: list[str], stats: Stats, think: tuple[float, float],
                     deadline: Deadline, http: Any) -> None:
    """Play tables one after another (a new one after each game) until the deadline."""
    try:
        await _table_loop(index, urls, stats, think, deadline, http)
    except Exception as exc:
        stats.error(f"table loop {index}: {type(exc).__name__}: {exc}")


async def _table_loop(index: int, urls: list[str], stats: Stats, think: tuple[float, float],
                      deadline: Deadline, http: Any) -> None:
    rng = random.Random(index)
    home = urls[index % len(urls)]
    while time.monotonic() < deadline.at - 5:
        r = await post(http, home + "/api/tables", {"name": f"p{index}", "level": "random",
                                                    "turn_seconds": 120})
        if r.status_code != 201:
            stats.error(f"create {r.status_code} {r.text[:200]}")
            return
        t = r.json()
        tid = t["id"]
        stats.tables.append(tid)
        tokens = [t["token"]]
        for k in range(1, 4):
            j = await post(http, f"{urls[(index + k) % len(urls)]}/api/tables/{tid}/join",
                           {"name": f"p{index}.{k}"})
            if j.status_code != 201:
                stats.error(f"join {j.status_code} {j.text[:200]}")
                return
            tokens.append(j.json()["token"])
        clients = [Client(stats, tid, s, urls[(index + s) % len(urls)], tokens[s], think,
                          random.Random(rng.random()), deadline) for s in range(4)]
        readies = [asyncio.Event() for _ in clients]
        tasks = [asyncio.create_task(c.run(e)) for c, e in zip(clients, readies, strict=True)]
        for e in readies:
            await e.wait()
        while clients[0].v < 0 and not clients[0].over.is_set():
            await asyncio.sleep(0.02)
        if clients[0].ws is not None and not clients[0].over.is_set():
            await clients[0].ws.send(orjson.dumps({"type": "start", "v": clients[0].v}).decode())
            deadline.table_started()
        watch = asyncio.create_task(quiet_watch(clients, deadline))
        await asyncio.gather(*tasks)
        watch.cancel()
        shortest = min(len(c.plays) for c in clients)
        if any(c.plays[:shortest] != clients[0].plays[:shortest] for c in clients):
            stats.error(f"table {tid}: the clients saw different plays")
        stats.plays_seen[tid] = max(len(c.plays) for c in clients)


async def run_load(urls: list[str], tables: int, seconds: float,
                   think: tuple[float, float]) -> tuple[Stats, float]:
    import httpx

    stats = Stats()
    t0 = time.monotonic()
    stats.t0 = time.perf_counter()
    deadline = Deadline(seconds, tables, stats)
    # Kept-alive connections expire before uvicorn's 5 s keep-alive timeout closes them.
    limits = httpx.Limits(max_connections=50, max_keepalive_connections=50, keepalive_expiry=2)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        loops = []
        for i in range(tables):
            loops.append(asyncio.create_task(table_loop(i, urls, stats, think, deadline, http)))
            if i % 20 == 19:
                await asyncio.sleep(0.05)  # stagger the start a little
        await asyncio.gather(*loops)
    return stats, time.monotonic() - t0


def run_loop(coro: Any) -> Any:
    """``asyncio.run`` on uvloop (the server's loop too) when it is installed."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


def memory_of(pid: int) -> dict[str, float]:
    """VmRSS and VmHWM of a process, in MB."""
    out: dict[str, float] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(("VmRSS:", "VmHWM:")):
                key, value = line.split(":", 1)
                out[key] = round(int(value.split()[0]) / 1024, 1)
    except OSError:
        pass
    return out


def runqueue_wait(pid: int) -> float:
    """Seconds the threads of process ``pid`` (alive now) have spent runnable but waiting
    for a CPU (``/proc/<pid>/task/*/schedstat``, second field): how much the other jobs
    on the machine held this process back."""
    total = 0
    for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            total += int(stat.read_text().split()[1])
    return total / 1e9


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used so far, in seconds."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def tree_cpu_seconds(pid: int) -> float:
    """CPU time used so far by process ``pid`` and its children, alive or reaped (user plus
    system, seconds): PostgreSQL's postmaster with its backends and helpers."""
    tick = os.sysconf("SC_CLK_TCK")

    def fields(p: int | str) -> list[str]:
        return Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()

    try:
        own = fields(pid)
    except OSError:
        return 0.0
    total = sum(int(own[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            f = fields(entry.name)
            if int(f[1]) == pid:
                total += int(f[11]) + int(f[12])
    return total / tick


def redis_commands(port: int) -> dict[str, int]:
    """Calls of each command the Redis server on ``port`` has run (``INFO commandstats``)."""
    import redis

    client = redis.Redis(port=port)
    try:
        stats = client.info("commandstats")
    finally:
        client.close()
    return {k.removeprefix("cmdstat_"): int(v["calls"]) for k, v in stats.items()}


def stored_plays(db_url: str, table_ids: list[str]) -> int:
    """Plays stored in the database for these tables."""
    from sqlalchemy import select

    from hearts.web.storage import make_engine
    from hearts.web.table_store import table_actions

    engine = make_engine(db_url)
    try:
        with engine.connect() as conn:
            q = select(table_actions.c.action).where(table_actions.c.table_id.in_(table_ids))
            return sum(1 for (a,) in conn.execute(q) if a and a[0] == "play")
    finally:
        engine.dispose()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=200, help=f"tables at once (max {MAX_TABLES})")
    ap.add_argument("--seconds", type=float, default=120.0,
                    help="length of the run, counted from the moment every table has "
                    "started (creating, joining and starting 200 tables takes a while)")
    ap.add_argument("--think", default="0.05,0.2",
                    help="a client's pause before acting, seconds lo,hi (0: flat out)")
    ap.add_argument("--servers", type=int, default=1, choices=(1, 2),
                    help="server processes (2: through a throw-away redis-server)")
    ap.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    ap.add_argument("--pg", action="store_true",
                    help="start a throw-away PostgreSQL cluster (fsync on) and use it")
    args = ap.parse_args(argv)
    tables = max(1, min(args.tables, MAX_TABLES))
    seconds = max(10.0, min(args.seconds, MAX_SECONDS))
    parts = [float(x) for x in args.think.split(",")]
    think = (parts[0], parts[-1]) if parts[-1] > 0 else (0.0, 0.0)

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from hearts.cli.serve import ServerProcess
    from hearts.cli.throwaway import PgCluster, RedisServer, pg_bindir

    tmp = tempfile.mkdtemp(prefix="hearts-tables-load-")
    redis = None
    pg = None
    servers: list[ServerProcess] = []
    try:
        if args.pg:
            bindir = pg_bindir()
            if bindir is None:
                ap.error("--pg needs PostgreSQL (Debian package postgresql; make system-deps)")
            pg = PgCluster(bindir, fsync=True).start()
            db = pg.create_database("hearts_load")
        else:
            db = args.db or f"sqlite:///{tmp}/load.db"
        if args.servers == 2:
            redis = RedisServer().start()
        for i in range(args.servers):
            servers.append(ServerProcess(db, log_path=f"{tmp}/serve{i}.log",
                                         redis_url=redis.url if redis else None).start())
        time.sleep(2)  # bot workers warm up
        cpu0 = [cpu_seconds(s.proc.pid) for s in servers]
        pg_pid = int((pg.data / "postmaster.pid").read_text().split()[0]) if pg else None
        redis_pid = redis.proc.pid if redis is not None and redis.proc is not None else None
        pg_cpu0 = tree_cpu_seconds(pg_pid) if pg_pid else 0.0
        redis_cpu0 = cpu_seconds(redis_pid) if redis_pid else 0.0
        wait0 = [runqueue_wait(s.proc.pid) for s in servers] + [runqueue_wait(os.getpid())]
        client0 = time.process_time()
        gc.freeze()  # the client allocates as much per play as the server: collect rarely
        gc.set_threshold(20_000, 20, 10)
        stats, elapsed = run_loop(run_load([s.url for s in servers], tables, seconds, think))
        client_cpu = time.process_time() - client0
        waits = [runqueue_wait(p) - w for p, w in zip(
            [*(s.proc.pid for s in servers), os.getpid()], wait0, strict=True)]
        server_cpu = [cpu_seconds(s.proc.pid) - c for s, c in zip(servers, cpu0, strict=True)]
        pg_cpu = tree_cpu_seconds(pg_pid) - pg_cpu0 if pg_pid else None
        redis_calls = redis_commands(redis.port) if redis is not None else None
        redis_cpu = cpu_seconds(redis_pid) - redis_cpu0 if redis_pid else None
        memory = [memory_of(s.proc.pid) for s in servers]
        stored = stored_plays(db, stats.tables)
    finally:
        for s in servers:
            s.stop()
        if redis is not None:
            redis.stop()
        if pg is not None:
            pg.stop()
    seen = sum(stats.plays_seen.values())
    if stored != seen:
        stats.error(f"plays: {stored} stored, {seen} seen by the clients")
    out: dict[str, Any] = {
        "tables_at_once": tables, "clients": tables * 4, "servers": args.servers,
        "redis": redis is not None,
        "database": "postgresql" if pg else db.split(":", 1)[0],
        "think_s": list(think), "elapsed_s": round(elapsed, 1),
        "tables_played": len(stats.tables), "games_finished": stats.games,
        "hands_finished": stats.hands,
        "plays": stats.plays, "plays_per_s": round(stats.plays / elapsed, 1),
        "messages_received": stats.messages,
        "messages_per_s": round(stats.messages / elapsed, 1),
        "plays_stored": stored, "plays_seen": seen,
        "latency_play_to_others": summary(stats.latency),
        "steady": stats.steady(tables),
        "act_delay": summary(stats.act_delay),
        "errors": len(stats.errors), "server_memory_mb": memory,
        "server_cpu_s": [round(c, 1) for c in server_cpu],
        "plays_per_server_cpu_s": round(stats.plays / max(sum(server_cpu), 1e-9), 1),
        "client_cpu_s": round(client_cpu, 1),
        "redis_cpu_s": None if redis_cpu is None else round(redis_cpu, 1),
        "redis_commands_per_play": None if redis_calls is None else {
            k: round(v / max(stats.plays, 1), 2) for k, v in sorted(redis_calls.items())},
        "postgresql_cpu_s": None if pg_cpu is None else round(pg_cpu, 1),
        "cpu_ms_per_play": {
            "servers": [round(1000 * c / max(stats.plays, 1), 3) for c in server_cpu],
            "redis": None if redis_cpu is None else round(1000 * redis_cpu / max(stats.plays, 1), 3),
            "postgresql": None if pg_cpu is None else round(1000 * pg_cpu / max(stats.plays, 1), 3),
            "client": round(1000 * client_cpu / max(stats.plays, 1), 3)},
        "waited_for_cpu_s": {"servers": [round(w, 1) for w in waits[:-1]],
                             "client": round(waits[-1], 1)},
        "cpus": os.cpu_count(), "load_average": list(os.getloadavg()),
    }
    if stats.errors:
        out["first_errors"] = [e for e in stats.errors if e][:5]
        out["errors_by_kind"] = stats.error_kinds
    if stats.errors:
        out["server_logs"] = [f"{tmp}/serve{i}.log" for i in range(args.servers)]
    print(json.dumps(out, indent=2))
    if not stats.errors:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0 if not stats.errors else 1


if __name__ == "__main__":
    sys.exit(main())
