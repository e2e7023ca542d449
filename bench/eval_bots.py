"""Strength of a bot level against a baseline on duplicate deals.

Usage (from the repository root)::

    .venv/bin/python bench/eval_bots.py --bot hard --baseline medium --opponents medium \
        --deals 400 --jobs 2

For each deal number ``d`` the same cards are played twice per seat rotation:
once with ``BOT`` in one seat and three ``OPPONENTS``, once with ``BASELINE``
in that seat instead.  The rotation puts the tested bot in every seat, so it
plays every hand of the deal.  The figure of merit is the difference in
points per hand between ``BOT`` and ``BASELINE`` in the same seat on the same
deal; its 95% confidence interval is taken over deals (the four seats of a
deal are averaged first, as they are not independent).

Prints a JSON object (and a readable summary on stderr).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import statistics
import sys
import time
from typing import Any

from hearts.players.match import duplicate, mean_ci
from hearts.rules import make_rules


def _run(args: tuple[str, int | None, dict[str, Any], list[str], list[int]]) -> dict[str, Any]:
    variant, players, options, lineup, deals = args
    rules = make_rules(variant, players, options)
    res = duplicate(rules, lineup, deals)
    return {"seat_points": res.by_entry_seat(0), "moons": res.moons,
            "times": res.play_times.get(lineup[0], [])}


def evaluate(bot: str, baseline: str, opponents: str, deals: list[int], variant: str = "standard",
             players: int | None = None, options: dict[str, Any] | None = None,
             jobs: int = 1) -> dict[str, Any]:
    """Run both line-ups on ``deals`` and return the figures (see the module text)."""
    rules = make_rules(variant, players, options)
    n = rules.players
    chunks = [deals[i::jobs] for i in range(jobs)]
    lineups = {"bot": [bot] + [opponents] * (n - 1), "baseline": [baseline] + [opponents] * (n - 1)}
    tasks = [(variant, players, options or {}, lineups[k], ch) for k in ("bot", "baseline")
             for ch in chunks if ch]
    if jobs > 1:
        with mp.get_context("fork").Pool(jobs) as pool:
            outs = pool.map(_run, tasks)
    else:
        outs = [_run(t) for t in tasks]
    half = len(outs) // 2
    by_deal: dict[str, dict[int, list[int]]] = {"bot": {}, "baseline": {}}
    times: dict[str, list[float]] = {"bot": [], "baseline": []}
    moons = {"bot": 0, "baseline": 0}
    for idx, out in enumerate(outs):
        key = "bot" if idx < half else "baseline"
        ch = [c for c in chunks if c][idx % half]
        for d, row in zip(ch, out["seat_points"], strict=True):
            by_deal[key][d] = row
        times[key].extend(out["times"])
        moons[key] += out["moons"]
    diffs = [statistics.fmean(by_deal["bot"][d]) - statistics.fmean(by_deal["baseline"][d])
             for d in deals]
    bot_mean, bot_ci = mean_ci([statistics.fmean(by_deal["bot"][d]) for d in deals])
    base_mean, base_ci = mean_ci([statistics.fmean(by_deal["baseline"][d]) for d in deals])
    diff, diff_ci = mean_ci(diffs)

    def timing(ts: list[float]) -> dict[str, float]:
        if not ts:
            return {}
        ts = sorted(ts)
        return {"median_ms": round(statistics.median(ts) * 1000, 2),
                "p95_ms": round(ts[min(len(ts) - 1, int(len(ts) * 0.95))] * 1000, 2)}

    return {"variant": variant, "players": n, "options": options or {}, "deals": len(deals),
            "hands_per_lineup": len(deals) * n, "bot": bot, "baseline": baseline,
            "opponents": opponents,
            "bot_points": round(bot_mean, 3), "bot_ci95": round(bot_ci, 3),
            "baseline_points": round(base_mean, 3), "baseline_ci95": round(base_ci, 3),
            "difference": round(diff, 3), "difference_ci95": round(diff_ci, 3),
            "moons": moons, "bot_timing": timing(times["bot"]),
            "baseline_timing": timing(times["baseline"])}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bot", default="hard")
    p.add_argument("--baseline", default="medium")
    p.add_argument("--opponents", default="medium")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--start", type=int, default=0, help="first deal number")
    p.add_argument("--variant", default="standard")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                   help="rule option, e.g. --option moon='\"subtract\"'")
    p.add_argument("--jobs", type=int, default=1)
    a = p.parse_args(argv)
    options = {}
    for o in a.option:
        k, _, v = o.partition("=")
        options[k] = json.loads(v)
    t0 = time.time()
    out = evaluate(a.bot, a.baseline, a.opponents, list(range(a.start, a.start + a.deals)),
                   a.variant, a.players, options, a.jobs)
    out["seconds"] = round(time.time() - t0, 1)
    print(json.dumps(out))
    print(f"{a.bot}: {out['bot_points']} ± {out['bot_ci95']}  {a.baseline}: "
          f"{out['baseline_points']} ± {out['baseline_ci95']}  difference "
          f"{out['difference']} ± {out['difference_ci95']} points per hand", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
