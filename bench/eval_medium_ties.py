"""Does breaking medium's near-ties with its seed change its strength?

Plays the same duplicate deals (``hearts.players.match.duplicate``: every deal
once per seat rotation) twice: with ``medium`` as seeded (near-ties broken by
its seed, as the web server and the arena build it) and with a deterministic
``MediumBot(None)`` in the same seat, against three ``--opponents``.  Prints
``{"deals", "opponents", "seeded_minus_fixed", "ci95"}``: the difference in
points per hand of the tested seat (seeded minus deterministic) and its 95%
interval over deals.

    .venv/bin/python bench/eval_medium_ties.py --deals 600 --opponents medium
"""

from __future__ import annotations

import argparse
import json
import statistics

from hearts.players import get_bot
from hearts.players.base import Bot
from hearts.players.match import duplicate
from hearts.players.medium import MediumBot
from hearts.rules import make_rules


def factory(name: str, seed: int) -> Bot:
    """``fixed`` is medium without a seed (no tie-breaking); other names as registered."""
    return MediumBot(None) if name == "fixed" else get_bot(name, seed)


def main() -> None:
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--opponents", default="medium")
    args = ap.parse_args()
    rules = make_rules("standard", 4)
    deals = range(1, args.deals + 1)
    opp = args.opponents
    seeded = duplicate(rules, ["medium", opp, opp, opp], deals, factory)
    fixed = duplicate(rules, ["fixed", opp, opp, opp], deals, factory)
    # In rotation r the tested bot (first in the line-up) sits at seat r.
    diffs = [statistics.fmean(a[r][r] - b[r][r] for r in range(4))
             for a, b in zip(seeded.points, fixed.points, strict=True)]
    print(json.dumps({"deals": len(diffs), "opponents": opp,
                      "seeded_minus_fixed": round(statistics.fmean(diffs), 3),
                      "ci95": round(1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5, 3)}))


if __name__ == "__main__":
    main()
