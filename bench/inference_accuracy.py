"""How well hard's sampled deals place the hidden cards: the inference benchmark.

Usage (from the repository root)::

    .venv/bin/python bench/inference_accuracy.py --deals 80 \\
        --configs '[{"likelihood": 1.0}, {"likelihood": 0.2}, {"likelihood": 0.05}]'

Four seeded ``medium`` (or South's ``medium`` and three of ``--opponents``, a member of
``bench/panel.py``'s panel) play hands of standard Hearts on the evaluation deals of
``bench/eval_bots.py`` (``hearts.players.match.deal_for``).  At every decision of
South with a choice, from the second trick on (``--from-trick``), ``HardBot._worlds`` of each
configuration (``HardBot`` keyword options) draws at least 400 deals as the search
would use them (weighted and resampled); the figures are, averaged over those
decisions, the share of the hidden cards that a drawn deal puts with their true holder
(``card_accuracy``; 1/3 by chance with three unknown hands of equal size, more as voids
show) and, while Q♠ is hidden, the share of deals that put it with its holder
(``qs_accuracy``).  It reads the true deal only to score; the bot never sees it.

A quick, low-noise measure of the inference (deal weighing, proposals) where the
duplicate-deal strength runs need thousands of hands to see a tenth of a point.
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import statistics
import sys
from typing import Any

import panel  # bench/panel.py: the panel's bots by name (medium included)

from hearts.cards import parse_card
from hearts.drive import drive
from hearts.game import Game
from hearts.players.base import BaseBot, get_bot
from hearts.players.hard import HardBot
from hearts.players.match import deal_for
from hearts.rules import make_rules
from hearts.view import PlayerView

QS = parse_card("QS")
RULES = make_rules("standard")


class _Observer(BaseBot):
    """South: plays medium's cards, and scores each configuration's deals first."""

    def __init__(self, game: Game, seed: int, configs: list[dict[str, Any]],
                 from_trick: int = 1, to_trick: int = 13) -> None:
        self.game = game
        self.from_trick = from_trick
        self.to_trick = to_trick
        self.seed = seed
        self.configs = configs
        self.medium = get_bot("medium", seed)
        self.cards: list[list[float]] = [[] for _ in configs]
        self.queen: list[list[float]] = [[] for _ in configs]

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        return self.medium.choose_pass(view)

    def choose_moon(self, view: PlayerView) -> str:
        return self.medium.choose_moon(view)

    def choose_play(self, view: PlayerView) -> int:
        legal = view.legal
        if legal & (legal - 1) and self.from_trick <= len(view.tricks) < self.to_trick:
            true = self.game.hands
            hidden = [(c, s) for s in range(RULES.players) if s != view.seat
                      for c in range(64) if true[s] >> c & 1]
            queen = next((s for c, s in hidden if c == QS), -1)
            for i, cfg in enumerate(self.configs):
                bot = HardBot(self.seed, time_limit=None, **cfg)
                bot.last_stats = {}
                batches = bot._worlds(view, 8)
                worlds = []
                while len(worlds) < 400:
                    worlds.extend(next(batches)[0])
                hit = sum(sum(1 for c, s in hidden if w.hands[s] >> c & 1) for w in worlds)
                self.cards[i].append(hit / len(hidden) / len(worlds))
                if queen >= 0:
                    self.queen[i].append(
                        sum(1 for w in worlds if w.hands[queen] >> QS & 1) / len(worlds))
        return self.medium.choose_play(view)


def _deal(args: tuple[int, list[dict[str, Any]], int, int, str]
          ) -> tuple[list[list[float]], list[list[float]]]:
    d, configs, from_trick, to_trick, opponents = args
    hand_index, hands = deal_for(RULES, d)
    g = Game(RULES)
    g.hand_index = hand_index - 1
    g.start_hand(deal=list(hands))
    south = _Observer(g, d * 16, configs, from_trick, to_trick)
    drive(g, [south] + [panel.make_bot(opponents, d * 16 + s) for s in range(1, RULES.players)])
    return south.cards, south.queen


def _paired(xs: list[float], ys: list[float]) -> list[float] | None:
    """The mean of ``xs - ys`` over deals (the same decisions, so paired) and its 95%
    half-width, rounded; None with fewer than two deals."""
    if len(xs) < 2:
        return None
    d = [x - y for x, y in zip(xs, ys, strict=True)]
    return [round(statistics.mean(d), 4), round(1.96 * statistics.stdev(d) / len(d) ** 0.5, 4)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--deals", type=int, default=80)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--configs", default='[{"likelihood": 1.0}, {}]',
                   help="JSON list of HardBot keyword options")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--from-trick", type=int, default=1,
                   help="first trick (0-based) whose decisions are scored (0: the pass's "
                        "evidence alone on the first trick)")
    p.add_argument("--to-trick", type=int, default=13,
                   help="the trick (0-based) from which decisions are no longer scored")
    p.add_argument("--opponents", default="medium",
                   help="the three other seats: medium, or a panel member of bench/panel.py "
                        "(high-dumper, hard-frozen, openspiel-ismcts...)")
    a = p.parse_args(argv)
    configs = json.loads(a.configs)
    cards: list[list[float]] = [[] for _ in configs]
    queen: list[list[float]] = [[] for _ in configs]
    per_deal: list[list[float]] = [[] for _ in configs]  # each deal's mean card accuracy
    tasks = [(d, configs, a.from_trick, a.to_trick, a.opponents)
             for d in range(a.start, a.start + a.deals)]
    with mp.Pool(a.jobs) as pool:
        for c, q in pool.imap_unordered(_deal, tasks):
            for i in range(len(configs)):
                cards[i].extend(c[i])
                queen[i].extend(q[i])
                if c[0]:
                    per_deal[i].append(statistics.mean(c[i]))
    out = {"opponents": a.opponents, "deals": a.deals, "from_trick": a.from_trick,
           "to_trick": a.to_trick, "decisions": len(cards[0]) if cards else 0, "configs": [
               {"options": cfg, "card_accuracy": round(statistics.mean(cards[i]), 4),
                "qs_accuracy": round(statistics.mean(queen[i]), 4),
                "qs_decisions": len(queen[i]),
                "minus_first": _paired(per_deal[i], per_deal[0])}
               for i, cfg in enumerate(configs)]}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
