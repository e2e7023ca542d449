"""What perfect information would be worth to hard: an upper bound for the inference.

Usage (from the repository root)::

    .venv/bin/python bench/perfect_info.py --deals 100 --jobs 2 > /tmp/peek.jsonl
    .venv/bin/python bench/pair_runs.py bench/eval_logs/hard-6th-0-399.jsonl /tmp/peek.jsonl

A cheating copy of ``hard`` (never registered as a bot) replaces every sampled deal of
its play search with the true one; its pass is searched as usual (blind).  It plays
the evaluation deals of ``bench/eval_bots.py`` in every seat rotation against three
seeded ``medium`` with the same seeds as that script, so the lines (one per deal,
``{"deal", "bot", "bot_all", "bot_moons"}``) pair with an ``eval_bots.py --log`` run by
``bench/pair_runs.py`` (given second; the difference, hard minus this, is what hard leaves by not
knowing the other hands).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
from collections.abc import Iterator
from typing import Any

from hearts.drive import drive
from hearts.game import Game
from hearts.players.base import get_bot
from hearts.players.hard import HardBot, world_sim
from hearts.players.match import deal_for
from hearts.players.policy import policy_rules
from hearts.players.sim import Sim
from hearts.rules import make_rules
from hearts.view import PlayerView

RULES = make_rules("standard")


class PeekingHard(HardBot):
    """Hard whose play search sees the true deal of ``game`` (a benchmark only)."""

    def __init__(self, seed: int, game: Game) -> None:
        super().__init__(seed, time_limit=None)
        self.game = game

    def _worlds(self, view: PlayerView, chunk: int) -> Iterator[tuple[list[Sim], int]]:
        pr = policy_rules(view.rules)
        while True:
            yield [world_sim(view, list(self.game.hands), pr)] * chunk, 0


def _deal(d: int) -> dict[str, Any]:
    hand_index, hands = deal_for(RULES, d)
    mine: list[int] = []
    everyone: list[list[int]] = []
    moons = 0
    for rot in range(RULES.players):
        g = Game(RULES)
        g.hand_index = hand_index - 1
        g.start_hand(deal=list(hands))
        bots = [PeekingHard(d * 16 + s, g) if s == rot else get_bot("medium", d * 16 + s)
                for s in range(RULES.players)]
        drive(g, bots)
        pts = list(g.results[-1].points)
        moons += g.results[-1].moon is not None
        mine.append(pts[rot])
        everyone.append(pts)
    return {"deal": d, "bot": mine, "bot_all": everyone, "bot_moons": moons}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--jobs", type=int, default=2)
    a = p.parse_args(argv)
    with mp.Pool(a.jobs) as pool:
        for line in pool.imap_unordered(_deal, range(a.start, a.start + a.deals)):
            print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
