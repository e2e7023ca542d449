"""Game win rates from late positions of real games, where the standings matter.

Usage (from the repository root)::

    .venv/bin/python bench/eval_endgame.py --bots hard,hard-frozen --opponents medium \\
        --starts 100 --jobs 2

Start ``i``: four ``medium`` play numbered game ``5_000_000 + i`` (standard
rules, target 100; hand ``k`` is ``numbered_deal(rules, game, k)``) until
some total is within one hand's points of the target (74 or more); the
totals and the next hand index are the start.  From each start, each tested
bot plays the rest of the game once from every seat (the opponents in the
other seats, same deals), seeing the running totals, so a bot that weighs the
standings can use them.  Figures: each bot's share of wins (ties shared) over
starts and seats, and the paired difference of the first bot minus the
second (same start, same seat), with 95% intervals over starts.  The
unconditional share of a seat is 1/4.  Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import sys
from typing import Any

import frozen_hard

from hearts import scoring
from hearts.deal import numbered_deal
from hearts.players.base import Bot, get_bot
from hearts.players.hard import HardBot
from hearts.players.match import play_hand
from hearts.players.medium import MediumBot
from hearts.rules import Rules, make_rules


def make(name: str, seed: int) -> Bot:
    """Bots without wall-clock caps (``hard-frozen``: ``bench/frozen_hard``)."""
    if name == "hard-frozen":
        return frozen_hard.HardBot(seed, time_limit=None)
    bot = get_bot(name, seed)
    if isinstance(bot, HardBot):
        bot.time_limit = None
    return bot


def start(rules: Rules, i: int) -> tuple[int, int, tuple[int, ...]]:
    """Start ``i``: ``(game number, next hand index, totals)``."""
    game = 5_000_000 + i
    totals: tuple[int, ...] = (0,) * rules.players
    k = 0
    bots: list[Bot] = [MediumBot(s) for s in range(rules.players)]
    while max(totals) < rules.target_score - abs(rules.hand_total):
        log = play_hand(rules, numbered_deal(rules, game, k), bots, k, totals)
        totals = scoring.add_to_totals(rules, totals, log.points)
        k += 1
    return game, k, totals


def finish(args: tuple[int, str, int, str]) -> tuple[int, str, int, float, int]:
    """Play start ``i`` to the end with ``bot`` in ``seat``: ``(i, bot, seat, win, hands)``."""
    i, bot, seat, opponents = args
    rules = make_rules("standard")
    game, k, totals = start(rules, i)
    hands = 0
    while True:
        bots = [make(bot if s == seat else opponents, i * 64 + k * 8 + s)
                for s in range(rules.players)]
        log = play_hand(rules, numbered_deal(rules, game, k), bots, k, totals)
        totals = scoring.add_to_totals(rules, totals, log.points)
        hands += 1
        k += 1
        over, winners = scoring.game_result(rules, totals)
        if over:
            return i, bot, seat, (1 / len(winners) if seat in winners else 0.0), hands


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width."""
    k = len(xs)
    m = sum(xs) / k if k else 0.0
    if k < 2:
        return m, math.inf
    return m, 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / (k - 1) / k)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--bots", default="hard,hard-frozen")
    p.add_argument("--opponents", default="medium")
    p.add_argument("--starts", type=int, default=100)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--log", default=None)
    a = p.parse_args(argv)
    frozen_hard.register()
    names = [b for b in a.bots.split(",") if b]
    tasks = [(i, b, s, a.opponents) for i in range(a.starts) for s in range(4) for b in names]
    res: dict[tuple[int, str, int], float] = {}
    hands = 0
    logf = open(a.log, "a") if a.log else None  # noqa: SIM115 - closed below
    try:
        with mp.get_context("fork").Pool(a.jobs) as pool:
            for i, b, s, w, h in pool.imap_unordered(finish, tasks):
                res[(i, b, s)] = w
                hands += h
                if logf:
                    logf.write(json.dumps({"start": i, "bot": b, "seat": s, "win": w}) + "\n")
                    logf.flush()
    finally:
        if logf:
            logf.close()
    out: dict[str, Any] = {"starts": a.starts, "opponents": a.opponents, "hands": hands,
                           "bots": {}}
    per: dict[str, list[float]] = {}
    for b in names:
        per[b] = [sum(res[(i, b, s)] for s in range(4)) / 4 for i in range(a.starts)]
        m, ci = mean_ci(per[b])
        out["bots"][b] = {"win_rate": round(m, 4), "ci95": round(ci, 4)}
    if len(names) == 2:
        m, ci = mean_ci([x - y for x, y in zip(per[names[0]], per[names[1]], strict=True)])
        out["difference"] = round(m, 4)
        out["difference_ci95"] = round(ci, 4)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
