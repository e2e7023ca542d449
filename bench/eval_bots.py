"""Strength of a bot level against a baseline on duplicate deals.

Usage (from the repository root)::

    .venv/bin/python bench/eval_bots.py --bot hard --baseline medium --opponents medium \
        --deals 400 --jobs 2 --log /tmp/hard.jsonl

For each deal number ``d`` the same cards are played once per seat rotation
with ``BOT`` in one seat and ``OPPONENTS`` in the others, and again with
``BASELINE`` in that seat instead.  The rotation puts the tested bot in every
seat, so it plays every hand of the deal.  The figure of merit is the
difference in points per hand between ``BOT`` and ``BASELINE`` in the same
seat on the same deal; its 95% confidence interval is taken over deals (the
seats of a deal are averaged first, as they are not independent).

``hard`` runs with its fixed work budget and no clock (``time_limit=None``),
so a run is reproducible and does not weaken when the machine is busy; the
decision times it reports are wall clock and CPU time per card.

Prints a JSON object (and a readable summary on stderr); ``--log`` appends one
JSON line per deal as it finishes, so a long run can be watched.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import statistics
import sys
import time
from typing import Any

import frozen_hard  # bench/frozen_hard: the frozen copy of hard (issue 10)

from hearts.players.base import Bot, get_bot
from hearts.players.hard import HardBot
from hearts.players.match import duplicate, mean_ci
from hearts.rules import make_rules

HARD_OPTIONS: dict[str, Any] = {"time_limit": None}
LOG_KEYS = ("deal", "bot", "baseline", "bot_all", "baseline_all", "bot_moons", "baseline_moons")
frozen_hard.register()


def make_bot(name: str, seed: int) -> Bot:
    """Bots for evaluation: ``hard`` (with ``--hard`` options) and ``hard-frozen`` without
    their wall-clock caps, others from the registry."""
    if name == "hard":
        return HardBot(seed, **HARD_OPTIONS)
    if name == "hard-frozen":
        return frozen_hard.HardBot(seed, time_limit=None)
    return get_bot(name, seed)


def _run_deal(args: tuple[str, int | None, dict[str, Any], list[str], list[str], int,
                          dict[str, Any]]) -> dict[str, Any]:
    variant, players, options, bot_lineup, base_lineup, deal, hard_opts = args
    HARD_OPTIONS.update(hard_opts)
    rules = make_rules(variant, players, options)
    out: dict[str, Any] = {"deal": deal}
    for key, lineup in (("bot", bot_lineup), ("baseline", base_lineup)):
        res = duplicate(rules, lineup, [deal], factory=make_bot)
        out[key] = res.by_entry_seat(0)[0]
        out[key + "_all"] = [list(p) for p in res.points[0]]
        out[key + "_moons"] = res.moons
        out[key + "_times"] = res.play_times.get(lineup[0], [])
        out[key + "_cpu"] = res.cpu_times.get(lineup[0], [])
    return out


def _timing(ts: list[float]) -> dict[str, float]:
    if not ts:
        return {}
    ts = sorted(ts)
    return {"median_ms": round(statistics.median(ts) * 1000, 2),
            "p95_ms": round(ts[min(len(ts) - 1, int(len(ts) * 0.95))] * 1000, 2)}


def evaluate(bot: str, baseline: str, opponents: str, deals: list[int], variant: str = "standard",
             players: int | None = None, options: dict[str, Any] | None = None,
             jobs: int = 1, log: str | None = None,
             hard_options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run both line-ups on ``deals`` and return the figures (see the module text)."""
    rules = make_rules(variant, players, options)
    n = rules.players
    bot_lineup = [bot] + [opponents] * (n - 1)
    base_lineup = [baseline] + [opponents] * (n - 1)
    tasks = [(variant, players, options or {}, bot_lineup, base_lineup, d, hard_options or {})
             for d in deals]
    results: list[dict[str, Any]] = []
    logf = open(log, "a") if log else None  # noqa: SIM115 - closed below
    try:
        if jobs > 1:
            with mp.get_context("fork").Pool(jobs) as pool:
                for r in pool.imap_unordered(_run_deal, tasks):
                    results.append(r)
                    if logf:
                        logf.write(json.dumps({k: r[k] for k in LOG_KEYS}) + "\n")
                        logf.flush()
        else:
            for t in tasks:
                r = _run_deal(t)
                results.append(r)
                if logf:
                    logf.write(json.dumps({k: r[k] for k in LOG_KEYS}) + "\n")
                    logf.flush()
    finally:
        if logf:
            logf.close()
    results.sort(key=lambda r: r["deal"])
    diffs = [statistics.fmean(r["bot"]) - statistics.fmean(r["baseline"]) for r in results]
    bot_mean, bot_ci = mean_ci([statistics.fmean(r["bot"]) for r in results])
    base_mean, base_ci = mean_ci([statistics.fmean(r["baseline"]) for r in results])
    diff, diff_ci = mean_ci(diffs)
    cat = lambda key: [t for r in results for t in r[key]]  # noqa: E731
    return {"variant": variant, "players": n, "options": options or {}, "deals": len(deals),
            "hands_per_lineup": len(deals) * n, "bot": bot, "baseline": baseline,
            "opponents": opponents,
            "bot_points": round(bot_mean, 3), "bot_ci95": round(bot_ci, 3),
            "baseline_points": round(base_mean, 3), "baseline_ci95": round(base_ci, 3),
            "difference": round(diff, 3), "difference_ci95": round(diff_ci, 3),
            "moons": {"bot": sum(r["bot_moons"] for r in results),
                      "baseline": sum(r["baseline_moons"] for r in results)},
            "bot_timing": _timing(cat("bot_times")), "bot_cpu_timing": _timing(cat("bot_cpu")),
            "baseline_timing": _timing(cat("baseline_times"))}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--bot", default="hard")
    p.add_argument("--baseline", default="medium")
    p.add_argument("--opponents", default="medium")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--start", type=int, default=0, help="first deal number")
    p.add_argument("--variant", default="standard")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                   help="rule option, e.g. --option moon='\"subtract\"'")
    p.add_argument("--hard", action="append", default=[], metavar="KEY=JSON",
                   help="HardBot argument, e.g. --hard play_budget=12000")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--log", default=None, help="append one JSON line per deal to this file")
    a = p.parse_args(argv)
    options = {}
    for o in a.option:
        k, _, v = o.partition("=")
        options[k] = json.loads(v)
    hard_options = {}
    for o in a.hard:
        k, _, v = o.partition("=")
        hard_options[k] = json.loads(v)
    t0 = time.time()
    out = evaluate(a.bot, a.baseline, a.opponents, list(range(a.start, a.start + a.deals)),
                   a.variant, a.players, options, a.jobs, a.log, hard_options)
    out["hard_options"] = hard_options
    out["seconds"] = round(time.time() - t0, 1)
    out["date"] = time.strftime("%Y-%m-%d")
    print(json.dumps(out))
    print(f"{a.bot}: {out['bot_points']} ± {out['bot_ci95']}  {a.baseline}: "
          f"{out['baseline_points']} ± {out['baseline_ci95']}  difference "
          f"{out['difference']} ± {out['difference_ci95']} points per hand", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
