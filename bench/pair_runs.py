"""Pair two ``eval_bots.py --log`` runs on the same deals, and game win rates at the target.

Usage (from the repository root)::

    .venv/bin/python bench/pair_runs.py /tmp/hard.jsonl /tmp/frozen.jsonl [--target 100]
    .venv/bin/python bench/pair_runs.py /tmp/hard-vs-frozen.jsonl     # one run

With one log (a run of ``--bot A --baseline B``) its baseline line-up plays the
part of the second run: the same deals and seeds by construction.

Each log line is one deal of a run of ``eval_bots.py`` (tested bot in one
seat, three opponents, every seat rotation, and the baseline line-up on the
same cards).  Deals present in both logs are paired: the difference is the
first run's tested bot minus the second run's, in the same seat on the same
deal, with a 95% interval over deals (negative: the first takes fewer
points).

Win rates at the target: for each run and line-up, rotation ``r`` (the
tested bot in seat ``r``) is read as one long session of hands in deal
order; a game ends when a total reaches ``--target`` and the lowest total
wins (ties share the win), then a new game starts from zero.  The bots did
not see these running totals (eval hands start from zero), so this measures
hand play, not game-aware play.  The win rate is the tested bot's share of
the finished games (a seat's fair share is 1/players), with a 95% interval
over games.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any


def load(path: str) -> dict[int, dict[str, Any]]:
    """Deal number -> log line."""
    out = {}
    with open(path) as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                out[r["deal"]] = r
    return out


def mean_ci(xs: list[float]) -> tuple[float, float | None]:
    """Mean and 95% half-width (``None`` with fewer than two values)."""
    k = len(xs)
    if k < 2:
        return (xs[0] if xs else 0.0), None
    m = sum(xs) / k
    var = sum((x - m) ** 2 for x in xs) / (k - 1)
    return m, 1.96 * math.sqrt(var / k)


def win_rate(run: dict[int, dict[str, Any]], deals: list[int], key: str,
             target: int) -> dict[str, Any]:
    """Share of virtual games won by line-up entry 0 (see the module text)."""
    wins: list[float] = []
    for rot in range(len(run[deals[0]][key])):
        n = len(run[deals[0]][key][rot])
        totals = [0] * n
        for d in deals:
            pts = run[d][key][rot]
            totals = [t + p for t, p in zip(totals, pts, strict=True)]
            if max(totals) >= target:
                low = min(totals)
                winners = [s for s in range(n) if totals[s] == low]
                wins.append(1 / len(winners) if rot in winners else 0.0)
                totals = [0] * n
    m, ci = mean_ci(wins)
    return {"games": len(wins), "win_rate": round(m, 4),
            "ci95": None if ci is None else round(ci, 4)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("first")
    p.add_argument("second", nargs="?", default=None,
                   help="second run's log (default: the first run's baseline line-up)")
    p.add_argument("--target", type=int, default=100)
    a = p.parse_args(argv)
    one = load(a.first)
    two = load(a.second) if a.second else {
        d: {"deal": d, "bot": r["baseline"], "bot_all": r["baseline_all"],
            "bot_moons": r.get("baseline_moons", 0), "baseline": r["baseline"],
            "baseline_all": r["baseline_all"]} for d, r in one.items()}
    deals = sorted(set(one) & set(two))
    if not deals:
        print(json.dumps({"error": "no deal in common"}))
        return 1
    diffs = [sum(one[d]["bot"]) / len(one[d]["bot"]) - sum(two[d]["bot"]) / len(two[d]["bot"])
             for d in deals]
    m, ci = mean_ci(diffs)
    b1, c1 = mean_ci([sum(one[d]["bot"]) / len(one[d]["bot"]) for d in deals])
    b2, c2 = mean_ci([sum(two[d]["bot"]) / len(two[d]["bot"]) for d in deals])
    mb, cb = mean_ci([sum(one[d]["baseline"]) / len(one[d]["baseline"]) for d in deals])
    def r3(x: float | None) -> float | None:
        return None if x is None else round(x, 3)

    out: dict[str, Any] = {
        "deals": len(deals), "first": r3(b1), "first_ci95": r3(c1),
        "second": r3(b2), "second_ci95": r3(c2),
        "baseline_of_first": r3(mb), "baseline_ci95": r3(cb),
        "difference": r3(m), "difference_ci95": r3(ci),
        "moons": {"first": sum(one[d].get("bot_moons", 0) for d in deals),
                  "second": sum(two[d].get("bot_moons", 0) for d in deals)}}
    if all("bot_all" in one[d] and "bot_all" in two[d] for d in deals):
        out["win_rates"] = {"first": win_rate(one, deals, "bot_all", a.target),
                            "second": win_rate(two, deals, "bot_all", a.target),
                            "baseline_of_first": win_rate(one, deals, "baseline_all", a.target)}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
