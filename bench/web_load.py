"""Load test of the web game: many games at once against a running ``hearts serve``.

Each of ``--games`` threads creates a game and plays whole hands through the
JSON API (random legal cards, random passes), as a fast player would, until it
has played ``--hands`` hands or ``--seconds`` have passed.  The latency of every
request is measured on the client, so a play's time includes the bots' replies
that the server computes before answering.  Prints one JSON object::

    {"games": 50, "level": "medium", "play": {"count": ..., "p50_ms": ...,
     "p95_ms": ..., "max_ms": ...}, "pass": {...}, "all": {...}, "errors": 0, ...}

Localhost only.  Without ``--url`` it starts its own server (``hearts serve``)
on a temporary SQLite file and stops it at the end.

    .venv/bin/python bench/web_load.py                      # own server, 50 games
    .venv/bin/python bench/web_load.py --url http://127.0.0.1:8000 --games 50 --hands 2
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

MAX_GAMES = 200
MAX_SECONDS = 900.0
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by the nearest-rank method (0 when empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 1))))
    return ordered[rank - 1]


def summary(ms: list[float]) -> dict[str, Any]:
    """Count, p50, p95, max and mean of a list of latencies in milliseconds."""
    return {"count": len(ms), "p50_ms": round(percentile(ms, 0.50), 1),
            "p95_ms": round(percentile(ms, 0.95), 1), "max_ms": round(max(ms, default=0.0), 1),
            "mean_ms": round(statistics.fmean(ms), 1) if ms else 0.0}


class Stats:
    """Latencies by request kind, shared by the game threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.ms: dict[str, list[float]] = {}
        self.errors: list[str] = []
        self.hands = 0
        self.games_over = 0

    def add(self, kind: str, ms: float) -> None:
        with self.lock:
            self.ms.setdefault(kind, []).append(ms)

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text[:300])


class Conn:
    """A keep-alive HTTP/1.1 connection (``http.client``: light on the client's CPU, so
    that the figures are the server's)."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=120)

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
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=120)
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        self.conn.close()


def play_game(url: str, seed: int, hands: int, deadline: float, level: str | None,
              think: float, stats: Stats, start: threading.Barrier) -> None:
    """One simulated player: create a game, then pass and play until done."""
    rng = random.Random(seed)
    conn = Conn(url)

    def call(kind: str, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None) -> dict[str, Any] | None:
        t0 = time.perf_counter()
        status, data = conn.request(method, path, body, headers)
        stats.add(kind, (time.perf_counter() - t0) * 1000)
        if status >= 300:
            stats.error(f"{kind} {status} {data[:200]!r}")
            return None
        return dict(json.loads(data))

    try:
        settings: dict[str, Any] = {"game": rng.randrange(1, 2**32)}
        if level:
            settings["level"] = level
        start.wait()
        state = call("create", "POST", "/api/games", settings)
        if state is None:
            return
        gid, headers = state["id"], {"X-Game-Token": state["token"]}
        done_hands = 0
        while time.monotonic() < deadline:
            if think:
                time.sleep(rng.uniform(0.5, 1.5) * think)
            v = state["view"]
            phase = v["phase"]
            if phase == "game-over":
                with stats.lock:
                    stats.games_over += 1
                return
            if phase == "deal":
                done_hands += 1
                with stats.lock:
                    stats.hands += 1
                if done_hands >= hands:
                    return
                new = call("next-hand", "POST", f"/api/games/{gid}/next-hand", None, headers)
            elif phase == "pass":
                new = call("pass", "POST", f"/api/games/{gid}/pass",
                           {"cards": rng.sample(v["hand"], 3)}, headers)
            elif phase == "play":
                new = call("play", "POST", f"/api/games/{gid}/play",
                           {"card": rng.choice(v["legal"])}, headers)
            else:
                new = call("moon", "POST", f"/api/games/{gid}/moon", {"choice": "add"}, headers)
            if new is None:
                return
            state = new
    except Exception as exc:  # a dropped connection counts as an error, not a crash
        stats.error(f"{type(exc).__name__}: {exc}")
    finally:
        conn.close()


def run(url: str, games: int, hands: int, seconds: float, level: str | None,
        think: float, seed: int) -> dict[str, Any]:
    """Run the load and return the summary object."""
    stats = Stats()
    start = threading.Barrier(games)
    t0 = time.monotonic()
    deadline = t0 + seconds
    threads = [threading.Thread(target=play_game, daemon=True,
                                args=(url, seed * 1000 + i, hands, deadline, level, think,
                                      stats, start))
               for i in range(games)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=max(1.0, deadline - time.monotonic() + 120))
    elapsed = time.monotonic() - t0
    every = [m for ms in stats.ms.values() for m in ms]
    out: dict[str, Any] = {
        "games": games, "level": level or "server default", "hands_per_game": hands,
        "think_s": think, "elapsed_s": round(elapsed, 1),
        "requests": len(every), "requests_per_s": round(len(every) / elapsed, 1),
        "hands_completed": stats.hands, "errors": len(stats.errors),
        "play": summary(stats.ms.get("play", [])), "pass": summary(stats.ms.get("pass", [])),
        "all": summary(every),
    }
    if stats.errors:
        out["first_errors"] = stats.errors[:3]
    return out


def target(url: str | None, **server_options: Any) -> tuple[str | None, Any]:
    """The server to load: ``url`` when it is on localhost (else ``None``, said on
    stderr), or without ``url`` a ``hearts serve`` started here on a temporary SQLite
    file (``ServerProcess(**server_options)``).  Returns the base URL and the server
    started here (``None`` for a given ``url``); the caller stops it."""
    if url:
        host = urlsplit(url).hostname or ""
        if host not in LOCAL_HOSTS:
            print(f"refusing to load {host!r}: localhost only", file=sys.stderr)
            return None, None
        return url.rstrip("/"), None
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from hearts.cli.serve import ServerProcess

    tmp = tempfile.mkdtemp(prefix="hearts-load-")
    server = ServerProcess(f"sqlite:///{tmp}/load.db", log_path=f"{tmp}/serve.log",
                           **server_options).start()
    return server.url, server


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", help="server to load (localhost only); default: start one")
    ap.add_argument("--games", type=int, default=50, help="games played at once (max 200)")
    ap.add_argument("--hands", type=int, default=1, help="hands each game plays")
    ap.add_argument("--seconds", type=float, default=300.0, help="time limit (max 900)")
    ap.add_argument("--level", default=None, help="bot level (default: the server's)")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean pause in seconds between a player's requests (0: none)")
    ap.add_argument("--workers", type=int, default=1, help="server processes when starting one")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    games = max(1, min(args.games, MAX_GAMES))
    seconds = max(1.0, min(args.seconds, MAX_SECONDS))
    url, server = target(args.url, workers=args.workers)
    if url is None:
        return 2
    try:
        result = run(url, games, max(1, args.hands), seconds, args.level,
                     max(0.0, args.think), args.seed)
    finally:
        if server is not None:
            server.stop()
    if server is not None:
        result["server_workers"] = args.workers
    print(json.dumps(result, indent=2))
    return 0 if result["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
