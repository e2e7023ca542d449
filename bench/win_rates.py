"""Game win rates at a target from two duplicate-deal runs, paired, with a bootstrap interval.

Usage (from the repository root)::

    .venv/bin/python bench/win_rates.py bench/eval_logs/A.jsonl /tmp/frozen400.jsonl \\
        [--target 100] [--games 20000] [--boot 1000] [--boot-games 2000] [--seed 1]

``bench/pair_runs.py`` reads each rotation of a run as one long session in deal order,
which gives about 150 games from 400 deals, and the two runs' games do not line up
(one run's game ends on a hand where the other's goes on), so their win rates can only
be compared as independent samples (about ±11 percentage points at 400 deals).

Here a game is built from the run's hands instead: each hand of a game is a deal drawn
at random from the run's deals with the tested bot in a random seat (one of the
rotations that the run played; the four seats' points of that rotation, the bot's
first).  Both runs play the *same* sequence of drawn hands (each game's sequence comes
from one seeded generator), a game ends when a total reaches ``--target`` and the
lowest total wins (a tie shares the win), and the difference of win rates is taken
game by game.  That is the win rate of a game whose hands are dealt as the run's deals
were, the bots playing each hand as they did in the run (they saw no running totals:
this measures hand play, as pair_runs.py does).

The 95% interval is a bootstrap over deals: ``--boot`` times, the deals are resampled
with replacement and ``--boot-games`` games are played on the resample; the interval is
the basic bootstrap interval (twice the estimate less the 97.5th and the 2.5th percentiles
of the replicates; the plain percentiles sat about 0.8 points high, as the replicates'
mean is above the estimate).  It covers both the deals' sampling
noise and the games' (the point estimate uses ``--games`` games on the deals as run).
Prints one JSON object: the win rates of the first run, the second run and the first
run's baseline line-up, and the difference first minus second with its interval.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from typing import Any

from pair_runs import load

Hand = tuple[int, ...]


def hands_of(run: dict[int, dict[str, Any]], deals: list[int], key: str) -> list[list[Hand]]:
    """For each deal, each rotation's seat points with the tested seat first."""
    out = []
    for d in deals:
        rots = []
        for rot, pts in enumerate(run[d][key]):
            rots.append(tuple(pts[rot:]) + tuple(pts[:rot]))
        out.append(rots)
    return out


def play_game(hands: list[list[Hand]], picks: list[int], rng: random.Random,
              target: int) -> tuple[float, int]:
    """One game of seat 0 on hands drawn by ``rng`` (deal index from ``picks``, then a
    rotation); its win share and the number of hands drawn."""
    totals = [0] * len(hands[0][0])
    k = 0
    while True:
        d = picks[rng.randrange(len(picks))]
        rots = hands[d]
        pts = rots[rng.randrange(len(rots))]
        k += 1
        for s, p in enumerate(pts):
            totals[s] += p
        if max(totals) >= target:
            low = min(totals)
            winners = [s for s, t in enumerate(totals) if t == low]
            return (1.0 / len(winners) if 0 in winners else 0.0), k


def paired(runs: list[list[list[Hand]]], picks: list[int], games: int, seed: int,
           target: int) -> list[float]:
    """Mean win share of each run over ``games`` games, game ``g`` of every run drawn
    from the same generator state (seeded by ``seed`` and ``g``)."""
    sums = [0.0] * len(runs)
    for g in range(games):
        for i, hands in enumerate(runs):
            rng = random.Random(seed * 1_000_003 + g)
            sums[i] += play_game(hands, picks, rng, target)[0]
    return [x / games for x in sums]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("first")
    p.add_argument("second")
    p.add_argument("--target", type=int, default=100)
    p.add_argument("--games", type=int, default=20000)
    p.add_argument("--boot", type=int, default=1000)
    p.add_argument("--boot-games", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    one, two = load(a.first), load(a.second)
    deals = sorted(set(one) & set(two))
    if not deals:
        print(json.dumps({"error": "no deal in common"}))
        return 1
    runs = [hands_of(one, deals, "bot_all"), hands_of(two, deals, "bot_all"),
            hands_of(one, deals, "baseline_all")]
    every = list(range(len(deals)))
    first, second, base = paired(runs, every, a.games, a.seed, a.target)
    rng = random.Random(a.seed)
    diffs = []
    for b in range(a.boot):
        picks = [rng.randrange(len(deals)) for _ in deals]
        w = paired(runs[:2], picks, a.boot_games, a.seed + 1 + b, a.target)
        diffs.append(w[0] - w[1])
    diffs.sort()
    k = len(diffs)
    q_lo, q_hi = diffs[int(0.025 * k)], diffs[max(0, math.ceil(0.975 * k) - 1)]
    est = first - second
    # The basic (pivot) interval: the replicates' spread around their own centre, turned
    # about the estimate, so a shift of the replicates (resampled deals repeat some hands,
    # which moves the win rates of built games a little) does not move the interval.
    lo, hi = 2 * est - q_hi, 2 * est - q_lo
    print(json.dumps({
        "deals": len(deals), "target": a.target, "games": a.games, "boot": a.boot,
        "boot_games": a.boot_games,
        "win_rates": {"first": round(first, 4), "second": round(second, 4),
                      "baseline_of_first": round(base, 4)},
        "difference": round(est, 4), "ci95": [round(lo, 4), round(hi, 4)],
        "replicates": {"mean": round(sum(diffs) / k, 4), "p2.5": round(q_lo, 4),
                       "p97.5": round(q_hi, 4)}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
