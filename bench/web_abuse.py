"""An honest player's latency while one client attacks the server (issue 22).

One honest player plays games (bot level ``--level``, default ``medium``; ``hard``
makes every bot move a search in the server's search pool, where hints compete) through
the JSON API from
loopback address 127.0.0.3, pausing ``--think`` seconds (0.5–1.5 ×) between moves.
Meanwhile windows of ``--window`` seconds take turns: ``idle`` (nobody else), ``slow``,
``idle``, ``flood``, ... until each attack has had ``--seconds`` (so the idle and the
attack figures are taken under the same background load of the machine):

- ``slow``: one address (127.0.0.2) holds as many slow connections as it can: up to
  ``--slow`` connections at once, each sending its request headers one byte every
  0.5 s, and each re-opened as soon as the server closes or refuses it (after
  ``--reopen-pause`` seconds);
- ``flood``: ``--flooders`` clients (127.0.0.4), each with a game of its own, ask
  ``GET /hint?level=expert`` in a loop with no pause.

Each attack window starts after 2 s of ramp (connections pile up, hints queue) and is
followed by 2 s to settle; the requests of those seconds are not counted.  Every
request of the honest player is timed on the client (a play includes the bots'
replies).  The attackers run in processes of their own at nice 19
(``--attacker-nice``): on one machine they stand in for clients elsewhere, whose CPU
is not the server's.  ``server_cpu_s_per_s``: CPU seconds a second the server process
and its search workers spent in each condition (from ``/proc``, when this script
started the server).  Prints one JSON object::

    {"idle": {"count", "p50_ms", "p95_ms", ...}, "slow": {...}, "flood": {...},
     "slow_p95_ratio": 1.2, "flood_p95_ratio": 1.4, "honest_503": 0,
     "honest_errors": 0, "attack": {"held_max": 64, "refused_429": 9000, ...},
     "ok": true}

``ok``: the honest player met no error (no 503 in particular), had requests answered
under each attack, and its p95 under each attack is within twice its idle p95.  A
request counts in the window it was sent in.  Without ``--url`` it starts its own ``hearts
serve`` on a temporary SQLite file with the default limits (``--server-args`` passes
options to it; the test harness's ``ServerProcess`` lifts the per-client limits unless
told, so ``--connections-per-client 64`` and ``--misses-per-minute 30`` are given
unless ``--server-args`` sets them).  Loopback only: every address it uses is one of
this machine's 127.x.y.z.

    .venv/bin/python bench/web_abuse.py
    .venv/bin/python bench/web_abuse.py --server-args "--connections-per-client 0"
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import os
import random
import shlex
import sys
import threading
import time
from collections import Counter
from typing import Any
from urllib.parse import urlsplit

from web_load import summary, target

MAX_SECONDS = 300.0
MAX_SLOW = 5000
MAX_FLOODERS = 64
HONEST_ADDR = "127.0.0.3"
SLOW_ADDR = "127.0.0.2"
FLOOD_ADDR = "127.0.0.4"


class Conn:
    """A keep-alive HTTP/1.1 connection from loopback address ``source``."""

    def __init__(self, url: str, source: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.source = source
        self.conn = self._open()

    def _open(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=120,
                                          source_address=(self.source, 0))

    def request(self, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        data = None if body is None else json.dumps(body).encode()
        hdrs = {"Content-Type": "application/json", **(headers or {})}
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=data, headers=hdrs)
                r = self.conn.getresponse()
                return r.status, r.read()
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = self._open()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        self.conn.close()


def honest(url: str, stop: threading.Event, phase: list[str], ms: dict[str, list[float]],
           think: float, seed: int, errors: list[tuple[str, int, str]],
           level: str = "medium") -> None:
    """Play games one after another until ``stop``; file each latency under the phase
    (``phase[0]``) in which its request was sent, and each failure (phase, status,
    body) in ``errors``."""
    rng = random.Random(seed)
    conn = Conn(url, HONEST_ADDR)

    def call(method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None) -> dict[str, Any] | None:
        t0 = time.perf_counter()
        started = phase[0]  # a request counts in the window it was sent in
        try:
            status, data = conn.request(method, path, body, headers)
        except OSError as exc:
            errors.append((started, 0, repr(exc)[:200]))
            return None
        ms.setdefault(started, []).append((time.perf_counter() - t0) * 1000)
        if status >= 300:
            errors.append((started, status, data[:200].decode(errors="replace")))
            return None
        return dict(json.loads(data))

    try:
        while not stop.is_set():
            state = call("POST", "/api/games", {"game": rng.randrange(1, 2**32),
                                                "level": level})
            if state is None:
                time.sleep(1.0)
                continue
            gid, headers = state["id"], {"X-Game-Token": state["token"]}
            while not stop.is_set():
                time.sleep(rng.uniform(0.5, 1.5) * think)
                v = state["view"]
                if v["phase"] == "game-over":
                    break
                if v["phase"] == "deal":
                    new = call("POST", f"/api/games/{gid}/next-hand", None, headers)
                elif v["phase"] == "pass":
                    new = call("POST", f"/api/games/{gid}/pass",
                               {"cards": rng.sample(v["hand"], 3)}, headers)
                elif v["phase"] == "play":
                    new = call("POST", f"/api/games/{gid}/play",
                               {"card": rng.choice(v["legal"])}, headers)
                else:
                    new = call("POST", f"/api/games/{gid}/moon", {"choice": "add"}, headers)
                if new is None:
                    break  # a new game
                state = new
    finally:
        conn.close()


class SlowAttack:
    """Up to ``count`` connections from :data:`SLOW_ADDR`, each sending request headers
    one byte every 0.5 s and re-opened ``reopen_pause`` s after the server closes or
    refuses it; runs (asyncio) in a thread of its own until :meth:`stop`, in a process
    apart from the honest player's (:func:`in_process`)."""

    HEADERS = b"GET /api/daily HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 10000

    def __init__(self, host: str, port: int, count: int, reopen_pause: float,
                 active: Any = None) -> None:
        self.host, self.port = host, port
        self.active = active
        self.count = count
        self.reopen_pause = reopen_pause
        self.stats: Counter[str] = Counter()
        self.held = 0
        self.held_max = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=30)

    def _on(self) -> bool:
        return not self._stop.is_set() and (self.active is None or self.active.is_set())

    async def _one(self) -> None:
        while not self._stop.is_set():
            if not self._on():
                await asyncio.sleep(0.1)
                continue
            self.stats["connects"] += 1
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(
                    self.host, self.port, local_addr=(SLOW_ADDR, 0)), 10)
            except (OSError, TimeoutError):
                self.stats["connect_failed"] += 1
                await asyncio.sleep(max(self.reopen_pause, 0.1))
                continue
            held = False
            try:
                for i in range(len(self.HEADERS)):
                    if not self._on():
                        break
                    writer.write(self.HEADERS[i:i + 1])
                    try:
                        data = await asyncio.wait_for(reader.read(512), 0.5)
                    except TimeoutError:  # the server holds it, waiting for the rest
                        if not held:
                            held = True
                            self.held += 1
                            self.held_max = max(self.held_max, self.held)
                        continue
                    if data.startswith(b"HTTP/1.1 429"):
                        self.stats["refused_429"] += 1
                    elif data.startswith(b"HTTP/1.1 503"):
                        self.stats["refused_503"] += 1
                    else:
                        self.stats["closed_by_server"] += 1
                    break
            except OSError:
                self.stats["reset"] += 1
            finally:
                if held:
                    self.held -= 1
                writer.close()
            await asyncio.sleep(self.reopen_pause)

    async def _main(self) -> None:
        tasks = [asyncio.create_task(self._one()) for _ in range(self.count)]
        while not self._stop.is_set():
            await asyncio.sleep(0.2)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _slow_process(host: str, port: int, count: int, reopen_pause: float, nice: int,
                  active: Any, stop: Any, out: Any) -> None:
    os.nice(nice)
    attack = SlowAttack(host, port, count, reopen_pause, active)
    attack.start()
    stop.wait()
    attack.stop()
    out.put({"held_max": attack.held_max, **dict(sorted(attack.stats.items()))})


def _flood_process(url: str, flooders: int, nice: int, active: Any, stop: Any,
                   out: Any) -> None:
    os.nice(nice)
    codes: Counter[int] = Counter()
    lock = threading.Lock()
    halt = threading.Event()
    threads = [threading.Thread(target=flooder, daemon=True,
                                args=(url, halt, 1000 + i, codes, lock, active))
               for i in range(flooders)]
    for t in threads:
        t.start()
    stop.wait()
    halt.set()
    for t in threads:
        t.join(timeout=120)
    out.put({str(k): v for k, v in sorted(codes.items())})


def in_process(target: Any, *args: Any) -> tuple[Any, Any, Any, Any]:
    """Run ``target(*args, active, stop, out)`` in a child process (so that the
    attackers' Python does not hold the honest player's interpreter lock); returns the
    process, its on/off and stop events and its result queue."""
    ctx = multiprocessing.get_context("spawn")
    active, stop, out = ctx.Event(), ctx.Event(), ctx.Queue()
    proc = ctx.Process(target=target, args=(*args, active, stop, out), daemon=True)
    proc.start()
    return proc, active, stop, out


def flooder(url: str, stop: threading.Event, seed: int, codes: Counter[int],
            lock: threading.Lock, active: Any = None) -> None:
    """Ask for expert hints on a game of its own, as fast as the server answers, while
    ``active`` is set."""
    conn = Conn(url, FLOOD_ADDR)
    try:
        status, data = conn.request("POST", "/api/games", {"game": seed, "level": "medium"})
        if status != 201:
            with lock:
                codes[status] += 1
            return
        state = json.loads(data)
        path = f"/api/games/{state['id']}/hint?level=expert"
        headers = {"X-Game-Token": state["token"]}
        while not stop.is_set():
            if active is not None and not active.is_set():
                time.sleep(0.1)
                continue
            try:
                status, _ = conn.request("GET", path, None, headers)
            except OSError:
                status = 0
            with lock:
                codes[status] += 1
    finally:
        conn.close()


def cpu_seconds(pid: int | None) -> float:
    """User and system CPU seconds of process ``pid`` and its children so far (0 when
    unknown)."""
    if pid is None:
        return 0.0
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry) == pid or int(fields[1]) == pid:
            total += int(fields[11]) + int(fields[12])
    return total / tick


def run(url: str, seconds: float, slow: int, reopen_pause: float, flooders: int,
        think: float, seed: int, nice: int = 19, server_pid: int | None = None,
        window: float = 5.0, level: str = "medium") -> dict[str, Any]:
    """Idle and attack windows in turn (idle, slow, idle, flood, ... until each attack
    has had ``seconds``); returns the summary object."""
    cpu: Counter[str] = Counter()
    mark = [cpu_seconds(server_pid)]
    phase = ["idle"]

    def enter(name: str, how_long: float) -> None:
        phase[0] = name
        time.sleep(how_long)
        now = cpu_seconds(server_pid)
        cpu[name] += now - mark[0]
        mark[0] = now

    ms: dict[str, list[float]] = {}
    errors: list[tuple[str, int, str]] = []
    parts = urlsplit(url)
    slow_proc, slow_on, slow_stop, slow_out = in_process(
        _slow_process, parts.hostname or "127.0.0.1", parts.port or 80, slow, reopen_pause,
        nice)
    flood_proc, flood_on, flood_stop, flood_out = in_process(_flood_process, url, flooders,
                                                             nice)
    stop_honest = threading.Event()
    player = threading.Thread(target=honest, daemon=True,
                              args=(url, stop_honest, phase, ms, think, seed, errors, level))
    player.start()
    time.sleep(3.0)  # the attackers' processes start, the honest player's first game
    rounds = max(1, round(seconds / window))
    for _ in range(rounds):
        for name, on in (("slow", slow_on), ("flood", flood_on)):
            enter("idle", window)
            on.set()
            enter("ramp", 2.0)  # connections pile up, hints queue
            enter(name, window)
            on.clear()
            enter("settle", 2.0)  # held connections close, hints in flight end
    stop_honest.set()
    player.join(timeout=120)
    slow_stop.set()
    flood_stop.set()
    attack = slow_out.get(timeout=120)
    codes = flood_out.get(timeout=180)
    slow_proc.join(timeout=30)
    flood_proc.join(timeout=30)

    idle = summary(ms.get("idle", []))
    out: dict[str, Any] = {"seconds_per_condition": rounds * window, "window_s": window,
                           "think_s": think, "level": level, "attacker_nice": nice,
                           "idle": idle}
    ok = True
    for name in ("slow", "flood"):
        s = summary(ms.get(name, []))
        out[name] = s
        ratio = round(s["p95_ms"] / idle["p95_ms"], 2) if idle["p95_ms"] else None
        out[f"{name}_p95_ratio"] = ratio
        ok = ok and s["count"] > 0 and ratio is not None and ratio <= 2.0
    out["attack"] = {"slow_connections": slow, **attack}
    out["hints"] = codes
    if server_pid is not None:
        idle_s = rounds * window * 2
        out["server_cpu_s_per_s"] = {"idle": round(cpu["idle"] / idle_s, 3),
                                     **{k: round(cpu[k] / (rounds * window), 3)
                                        for k in ("slow", "flood")}}
    out["load_average"] = [round(x, 1) for x in os.getloadavg()]
    out["honest_503"] = sum(1 for _p, status, _b in errors if status == 503)
    out["honest_errors"] = len(errors)
    out["honest_errors_by_phase"] = dict(Counter(p for p, _s, _b in errors))
    if errors:
        out["first_errors"] = [list(e) for e in errors[:3]]
    out["ok"] = ok and not errors
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; returns 0 when ``ok``, else 1 (2: bad target)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", help="server to use (localhost only); default: start one")
    ap.add_argument("--seconds", type=float, default=30.0,
                    help="seconds of each attack, in windows")
    ap.add_argument("--window", type=float, default=5.0,
                    help="length of each idle or attack window")
    ap.add_argument("--slow", type=int, default=2000, help="slow connections at once")
    ap.add_argument("--reopen-pause", type=float, default=0.0,
                    help="seconds before a closed slow connection is opened again")
    ap.add_argument("--flooders", type=int, default=8, help="clients asking for hints")
    ap.add_argument("--think", type=float, default=0.2,
                    help="mean pause in seconds between the honest player's moves")
    ap.add_argument("--server-args", default="",
                    help="options for the server this script starts (one string)")
    ap.add_argument("--level", default="medium", help="the honest player's bot level")
    ap.add_argument("--attacker-nice", type=int, default=19,
                    help="niceness of the attackers' processes (0: as the honest player)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    seconds = max(1.0, min(args.seconds, MAX_SECONDS))
    given = shlex.split(args.server_args)
    for option, default in (("--connections-per-client", "64"), ("--misses-per-minute", "30")):
        if option not in given:
            given += [option, default]
    url, server = target(args.url, args=given)
    if url is None:
        return 2
    try:
        result = run(url, seconds, max(1, min(args.slow, MAX_SLOW)),
                     max(0.0, args.reopen_pause), max(0, min(args.flooders, MAX_FLOODERS)),
                     max(0.0, args.think), args.seed, max(0, min(args.attacker_nice, 19)),
                     server.proc.pid if server is not None else None,
                     max(1.0, min(args.window, MAX_SECONDS)), args.level)
    finally:
        if server is not None:
            server.stop()
    result["server_args"] = args.server_args
    print(json.dumps(result, indent=2))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
