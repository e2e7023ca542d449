"""How often defenders let a shooter through: moons made on hands fit for one.

Usage (from the repository root)::

    .venv/bin/python bench/moon_stop.py --deals 300 --shooter medium \\
        --defenders medium-frozen,medium

Fit hands are rare in random deals, so deal ``i`` is built: the shooter's
seat (``i mod 4``) gets A♥ and five more hearts at random, and seven cards
drawn from the tens to aces of the other suits; the rest of the deck is
shuffled to the other seats (``random.Random(3_000_000 + i)``), standard
rules without passing.  The shooter plays that seat and three copies of a
defender the others; the figure is the share of hands the shooter turned
into a moon (lower is better for the defender), with its 95% interval.  ``medium-frozen`` is medium
as frozen with ``hard-frozen`` (``bench/frozen_hard``), ``hard-frozen`` that
copy of hard (slow).  Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from typing import Any

import frozen_hard
from frozen_hard.medium import MediumBot as FrozenMedium

from hearts.cards import SUIT_MASKS, cards_of
from hearts.players.base import Bot, get_bot
from hearts.players.match import play_hand
from hearts.rules import make_rules

HEARTS = SUIT_MASKS[2]
AH = 2 * 16 + 12


def shooter_deal(rules: Any, i: int) -> list[int]:
    """Deal ``i``: a strong moon hand for seat ``i mod players`` (see the module text)."""
    rng = random.Random(3_000_000 + i)
    n = rules.players
    hearts = [c for c in cards_of(HEARTS & rules.deck) if c != AH]
    high = [c for c in cards_of(rules.deck & ~HEARTS) if c & 15 >= 8]
    mine = [AH] + rng.sample(hearts, 5) + rng.sample(high, rules.hand_size - 6)
    hand = 0
    for c in mine:
        hand |= 1 << c
    rest = cards_of(rules.deck & ~hand)
    rng.shuffle(rest)
    hands = [0] * n
    seat = i % n
    hands[seat] = hand
    others = [s for s in range(n) if s != seat]
    for j, c in enumerate(rest):
        hands[others[j % len(others)]] |= 1 << c
    return hands


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


def run(deals: int, shooter: str, defenders: list[str]) -> dict[str, Any]:
    """Moons made by ``shooter`` against each defender on the fit hands of ``deals`` deals."""
    rules = make_rules("standard", None, {"pass_schedule": "none"})
    cases = [(i, i % rules.players, shooter_deal(rules, i)) for i in range(deals)]
    out: dict[str, Any] = {"deals": deals, "shooter": shooter,
                           "defenders": {}}
    for d in defenders:
        moons = 0
        pts = 0
        for i, s, hands in cases:
            bots = [make(shooter if t == s else d, i * 8 + t) for t in range(rules.players)]
            log = play_hand(rules, hands, bots, 0)
            moons += log.moon == s
            pts += log.points[s]
        k = max(1, len(cases))
        p = moons / k
        out["defenders"][d] = {"moons": moons, "rate": round(p, 3),
                               "ci95": round(1.96 * math.sqrt(p * (1 - p) / k), 3),
                               "shooter_points": round(pts / k, 2)}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--shooter", default="medium")
    p.add_argument("--defenders", default="medium-frozen,medium")
    a = p.parse_args(argv)
    frozen_hard.register()
    res = run(a.deals, a.shooter, [d for d in a.defenders.split(",") if d])
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
