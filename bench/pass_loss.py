"""What the pass search's budget costs: points a hand given away by the chosen pass.

Usage (from the repository root)::

    .venv/bin/python bench/pass_loss.py --start 6000 --deals 6 --deep 1500 \
        --configs 900:6:0.1,2500:6:0,5000:6:0

For each numbered deal ``d`` (pass direction ``d % 3``: left, right, across) and
each seat, every candidate pass (each 3-card set of the eight cards medium most
wants to pass, plus medium's own) is evaluated deeply: ``--deep`` shared deals of
the unseen cards, the other seats passing as medium does, the hand played out by
the play-out policy, this seat's mean points.  Then
:func:`hearts.players.hard.search_pass` chooses a pass at each configuration
``ROLLOUTS:WIDTH:BASE_MARGIN`` with four seeds, and its loss is the deep value of
its choice minus the deep value of the best candidate.  Prints one JSON line per
seat (losses per seed, mean milliseconds), then a summary line per configuration
with a 95% interval over seats.  The deep means carry noise of their own (about
0.1 point at 1,500 deals), which inflates every loss a little and alike.

Results of 2026-12-01 (issue 10): see ``docs/bots.md`` (passing) and
``bench/bots_results.md``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import time

from hearts.cards import cards_of
from hearts.deal import numbered_deal
from hearts.game import Game
from hearts.players.hard import pass_world, passed_play_out, search_pass, seat_points
from hearts.players.medium import pass_for_hand, pass_scores
from hearts.players.policy import policy_rules
from hearts.rules import make_rules
from hearts.view import PlayerView, player_view

RULES = make_rules("standard")


def view_for(number: int, seat: int, hand_index: int = 0) -> PlayerView:
    """The pass-phase view of ``seat`` in numbered deal ``number`` (hand ``hand_index``)."""
    g = Game(RULES, None)
    g.hand_index = hand_index - 1
    g.start_hand(deal=numbered_deal(RULES, number, hand_index))
    return player_view(g, seat)


def deep_values(view: PlayerView, cands: list[tuple[int, ...]], deals: int,
                rng: random.Random) -> dict[tuple[int, ...], float]:
    """Mean points of this seat for each candidate pass over ``deals`` shared deals."""
    pr = policy_rules(view.rules)
    unseen = cards_of(view.rules.deck & ~view.hand)
    tot = dict.fromkeys(cands, 0.0)
    for _ in range(deals):
        hands, passes, _stock = pass_world(view, unseen, rng)
        for cand in cands:
            passes[view.seat] = sum(1 << c for c in cand)
            tot[cand] += seat_points(passed_play_out(view, hands, passes, pr), view.seat)
    return {c: v / deals for c, v in tot.items()}


def main() -> None:
    """Command line (see the module text)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--start", type=int, default=6000)
    p.add_argument("--deals", type=int, default=6)
    p.add_argument("--deep", type=int, default=1500)
    p.add_argument("--configs", default="900:6:0.1,2500:6:0,5000:6:0")
    a = p.parse_args()
    configs = [(int(r), int(w), float(m)) for r, w, m in
               (c.split(":") for c in a.configs.split(","))]
    per_seat: dict[str, list[float]] = {c: [] for c in a.configs.split(",")}
    for number in range(a.start, a.start + a.deals):
        for seat in range(RULES.players):
            v = view_for(number, seat, number % 3)
            scores = pass_scores(RULES, v.hand)
            top = sorted(scores, key=lambda c: (-scores[c], -c))[:8]
            base = tuple(sorted(pass_for_hand(RULES, v.hand)))
            cands = sorted({tuple(sorted(c)) for c in itertools.combinations(top, 3)} | {base})
            deep = deep_values(v, cands, a.deep, random.Random(99))
            best = min(deep.values())
            row: dict[str, object] = {"deal": number, "seat": seat,
                                      "medium_loss": round(deep[base] - best, 3)}
            for key, (rollouts, width, margin) in zip(per_seat, configs, strict=True):
                losses, times = [], []
                for sd in range(4):
                    t = time.perf_counter()
                    pick, _ = search_pass(v, random.Random(sd), rollouts, width=width,
                                          base_margin=margin)
                    times.append(time.perf_counter() - t)
                    losses.append(round(deep[pick] - best, 3))
                row[key] = losses
                row[key + "_ms"] = round(1000 * sum(times) / len(times))
                per_seat[key].append(sum(losses) / len(losses))
            print(json.dumps(row), flush=True)
    for key, xs in per_seat.items():
        m = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1))
        print(json.dumps({"config": key, "seats": len(xs), "loss": round(m, 3),
                          "ci95": round(1.96 * sd / math.sqrt(len(xs)), 3)}), flush=True)


if __name__ == "__main__":
    main()
