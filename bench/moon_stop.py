"""How often defenders let a shooter through: moons made on hands fit for one.

Usage (from the repository root)::

    .venv/bin/python bench/moon_stop.py --deals 300 --shooter medium \\
        --defenders medium-frozen,medium [--jobs 2]

Fit hands are rare in random deals, so deal ``i`` is built: the shooter's
seat (``i mod 4``) gets A♥ and five more hearts at random, and seven cards
drawn from the tens to aces of the other suits; the rest of the deck is
shuffled to the other seats (``random.Random(3_000_000 + i)``), standard
rules without passing.  The shooter plays that seat and three copies of a
defender the others; the figure is the share of hands the shooter turned
into a moon (lower is better for the defender), with its 95% interval, and for
each defender after the first its paired difference from the first (the same deals
and seeds).  ``medium-frozen`` is medium
as frozen with ``hard-frozen`` (``bench/frozen_hard``), ``hard-frozen`` that
copy of hard (slow).  Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import sys
from typing import Any

import frozen_hard
from frozen_hard.medium import MediumBot as FrozenMedium

from hearts.players.base import Bot, get_bot
from hearts.players.bench import moon_deal
from hearts.players.match import play_hand
from hearts.rules import make_rules

shooter_deal = moon_deal  # the built deals (hearts.players.bench.moon_deal)


def make(name: str, seed: int) -> Bot:
    """Bots by name, the frozen copies included (no clocks on the search bots)."""
    if name == "medium-frozen":
        return FrozenMedium(seed)
    if name == "hard-frozen":
        return frozen_hard.HardBot(seed, time_limit=None)
    bot = get_bot(name, seed)
    if hasattr(bot, "time_limit"):
        bot.time_limit = None
    return bot


def _one(args: tuple[str, str, int]) -> tuple[bool, int]:
    """Deal ``i`` with ``shooter`` in seat ``i mod players`` and ``defender`` elsewhere:
    (moon made, shooter's points)."""
    shooter, defender, i = args
    frozen_hard.register()
    rules = make_rules("standard", None, {"pass_schedule": "none"})
    s = i % rules.players
    bots = [make(shooter if t == s else defender, i * 8 + t) for t in range(rules.players)]
    log = play_hand(rules, shooter_deal(rules, i), bots, 0)
    return log.moon == s, log.points[s]


def run(deals: int, shooter: str, defenders: list[str], jobs: int = 1) -> dict[str, Any]:
    """Moons made by ``shooter`` against each defender on the fit hands of ``deals`` deals;
    with two defenders or more, each one's paired difference in moons let through from the
    first (same deals and seeds, 95% interval over deals)."""
    out: dict[str, Any] = {"deals": deals, "shooter": shooter, "defenders": {}}
    made: dict[str, list[bool]] = {}
    with mp.Pool(jobs) as pool:
        for d in defenders:
            res = pool.map(_one, [(shooter, d, i) for i in range(deals)], chunksize=4)
            made[d] = [m for m, _ in res]
            k = max(1, deals)
            moons = sum(made[d])
            p = moons / k
            out["defenders"][d] = {"moons": moons, "rate": round(p, 3),
                                   "ci95": round(1.96 * math.sqrt(p * (1 - p) / k), 3),
                                   "shooter_points": round(sum(x for _, x in res) / k, 2)}
    first = defenders[0] if defenders else ""
    for d in defenders[1:]:
        diffs = [int(a) - int(b) for a, b in zip(made[d], made[first], strict=True)]
        k = len(diffs)
        m = sum(diffs) / k
        var = sum((x - m) ** 2 for x in diffs) / max(1, k - 1)
        out["defenders"][d]["minus_" + first] = {
            "rate": round(m, 3), "ci95": round(1.96 * math.sqrt(var / k), 3)}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--shooter", default="medium")
    p.add_argument("--defenders", default="medium-frozen,medium")
    p.add_argument("--jobs", type=int, default=1, help="processes")
    a = p.parse_args(argv)
    frozen_hard.register()
    res = run(a.deals, a.shooter, [d for d in a.defenders.split(",") if d], a.jobs)
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
