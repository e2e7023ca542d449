"""CPU time per card of ``hard`` without its wall-clock cap, on ``hearts bench bots``' positions.

Usage (from the repository root)::

    .venv/bin/python bench/hard_cpu.py ['{"max_budget": 120000}']

``hearts bench bots`` runs hard with its 0.8 s clock, so on a loaded machine the
clock cuts searches short and its times say little about the search itself;
this script runs the same 161 positions (seed ``i`` for position ``i``) with no
clock and reports this process's CPU time per card, and how many searches used
their whole budget.  The optional argument is JSON keyword arguments for
``HardBot``.  Prints one JSON object.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from hearts.players.bench import bench_positions
from hearts.players.hard import HardBot


def main(argv: list[str]) -> int:
    kw = json.loads(argv[0]) if argv else {}
    cpu = []
    budget_hit = 0
    for i, v in enumerate(bench_positions()):
        b = HardBot(i, time_limit=None, **kw)
        c0 = time.process_time()
        b.choose_play(v)
        cpu.append(time.process_time() - c0)
        budget_hit += b.last_stats.get("plays", 0) >= b.max_budget
    cs = sorted(cpu)
    print(json.dumps({"options": kw, "positions": len(cs),
                      "cpu_median_ms": round(statistics.median(cs) * 1000, 1),
                      "cpu_p95_ms": round(cs[int(len(cs) * 0.95)] * 1000, 1),
                      "cpu_max_ms": round(cs[-1] * 1000, 1), "budget_used_up": budget_hit}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
