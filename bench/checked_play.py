"""The checked play path: ns a card through ``Game.play(seat, card)`` (every check a host's move
passes: phase, seat, card, legality), standard Hearts without passing, the lowest legal card.

``hearts bench engine`` plays through the trusted path (``Game._play_legal``, the card drawn from
the legal set), so it does not see what ``Game.play``'s checks cost; this does.  Prints JSON::

    .venv/bin/python bench/checked_play.py [--hands 2000] [--repeats 7]
"""

from __future__ import annotations

import argparse
import json
import time

import hearts.game
from hearts.game import Game
from hearts.rules import make_rules


def ns_per_play(hands: int) -> tuple[int, float]:
    """Plays ``hands`` hands of numbered deals; returns (cards played, ns a card)."""
    rules = make_rules("standard", 4, {"pass_schedule": "none"})
    game = Game(rules, game_number=1)
    plays = 0
    start = time.perf_counter()
    for _ in range(hands):
        if game.phase == "game-over":
            game = Game(rules, game_number=1)
        game.start_hand()
        while game.phase == "play":
            legal = game.legal_plays()
            game.play(game.turn, (legal & -legal).bit_length() - 1)
            plays += 1
    return plays, (time.perf_counter() - start) / plays * 1e9


def main() -> None:
    """Best of ``--repeats`` runs (the least disturbed), as JSON."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--repeats", type=int, default=7)
    a = p.parse_args()
    runs = [ns_per_play(a.hands) for _ in range(a.repeats)]
    print(json.dumps({"ns_per_play": round(min(ns for _, ns in runs), 1), "plays": runs[0][0],
                      "repeats": a.repeats,
                      "engine": "compiled" if hearts.game.__file__.endswith(".so") else "pure"}))


if __name__ == "__main__":
    main()
