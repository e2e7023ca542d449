"""An honest player's latency while other clients flood the server with hard hints.

One honest player plays games (bot level ``medium``) through the JSON API,
pausing ``--think`` seconds (0.5–1.5 ×) between moves, for ``--seconds``
seconds with the server otherwise idle, then as long again while ``--flooders``
clients, each with a game of its own, ask ``GET /hint?level=hard`` in a loop
with no pause (as in issue 7, B.3: eight clients).  Every request of the honest
player is timed on the client (a play includes the bots' replies).  Prints one
JSON object::

    {"idle": {"count": ..., "p50_ms": ..., "p95_ms": ...}, "flood": {...},
     "p95_ratio": 1.3, "hints": {"200": 40, "429": 9000}, ...}

Without ``--url`` it starts its own ``hearts serve`` on a temporary SQLite file;
``--server-args`` passes options to it, e.g. ``"--search-workers 0 --max-hints
1000"`` for the server as it was before the limits (hints searched in the
server's own threads, no cap).  Localhost only.

    .venv/bin/python bench/web_hint_flood.py
    .venv/bin/python bench/web_hint_flood.py --server-args "--search-workers 0 --max-hints 1000"
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
import threading
import time
from collections import Counter
from typing import Any

from web_load import Conn, summary, target

MAX_SECONDS = 600.0
MAX_FLOODERS = 64


def honest(url: str, stop: threading.Event, phase: list[str], ms: dict[str, list[float]],
           think: float, seed: int, errors: list[str]) -> None:
    """Play games one after another until ``stop``; file each latency under ``phase[0]``."""
    rng = random.Random(seed)
    conn = Conn(url)

    def call(method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None) -> dict[str, Any] | None:
        t0 = time.perf_counter()
        status, data = conn.request(method, path, body, headers)
        ms.setdefault(phase[0], []).append((time.perf_counter() - t0) * 1000)
        if status >= 300:
            errors.append(f"{status} {data[:200]!r}")
            return None
        return dict(json.loads(data))

    try:
        while not stop.is_set():
            state = call("POST", "/api/games", {"game": rng.randrange(1, 2**32),
                                                "level": "medium"})
            if state is None:
                return
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
                    return
                state = new
    finally:
        conn.close()


def flooder(url: str, stop: threading.Event, seed: int, codes: Counter[int],
            lock: threading.Lock) -> None:
    """Ask for hard hints on a game of its own, as fast as the server answers."""
    conn = Conn(url)
    try:
        status, data = conn.request("POST", "/api/games", {"game": seed, "level": "medium"})
        if status != 201:
            with lock:
                codes[status] += 1
            return
        state = json.loads(data)
        path = f"/api/games/{state['id']}/hint?level=hard"
        headers = {"X-Game-Token": state["token"]}
        while not stop.is_set():
            status, _ = conn.request("GET", path, None, headers)
            with lock:
                codes[status] += 1
    finally:
        conn.close()


def run(url: str, seconds: float, flooders: int, think: float, seed: int) -> dict[str, Any]:
    """Idle phase, then flood phase; returns the summary object."""
    ms: dict[str, list[float]] = {}
    errors: list[str] = []
    phase = ["idle"]
    stop_honest, stop_flood = threading.Event(), threading.Event()
    player = threading.Thread(target=honest, daemon=True,
                              args=(url, stop_honest, phase, ms, think, seed, errors))
    player.start()
    time.sleep(seconds)
    codes: Counter[int] = Counter()
    lock = threading.Lock()
    flood = [threading.Thread(target=flooder, daemon=True,
                              args=(url, stop_flood, 1000 + i, codes, lock))
             for i in range(flooders)]
    for t in flood:
        t.start()
    time.sleep(1.0)  # let the flood build up before measuring
    phase[0] = "flood"
    time.sleep(seconds)
    phase[0] = "after"
    stop_honest.set()
    stop_flood.set()
    player.join(timeout=120)
    for t in flood:
        t.join(timeout=120)
    idle, under = summary(ms.get("idle", [])), summary(ms.get("flood", []))
    out: dict[str, Any] = {
        "seconds_per_phase": seconds, "flooders": flooders, "think_s": think,
        "idle": idle, "flood": under,
        "p95_ratio": round(under["p95_ms"] / idle["p95_ms"], 2) if idle["p95_ms"] else None,
        "hints": {str(k): v for k, v in sorted(codes.items())},
        "honest_errors": len(errors),
    }
    if errors:
        out["first_errors"] = errors[:3]
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; returns the exit status (1 when the honest player
    met an error)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", help="server to use (localhost only); default: start one")
    ap.add_argument("--seconds", type=float, default=30.0, help="length of each phase")
    ap.add_argument("--flooders", type=int, default=8, help="clients asking for hints")
    ap.add_argument("--think", type=float, default=0.2,
                    help="mean pause in seconds between the honest player's moves")
    ap.add_argument("--server-args", default="",
                    help="options for the server this script starts (one string)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    seconds = max(1.0, min(args.seconds, MAX_SECONDS))
    flooders = max(0, min(args.flooders, MAX_FLOODERS))
    url, server = target(args.url, args=shlex.split(args.server_args))
    if url is None:
        return 2
    try:
        result = run(url, seconds, flooders, max(0.0, args.think), args.seed)
    finally:
        if server is not None:
            server.stop()
    result["server_args"] = args.server_args
    print(json.dumps(result, indent=2))
    return 0 if result["honest_errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
