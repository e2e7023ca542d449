"""Which play-out policy explains a panel member's plays: medium's model or the plain one?

Usage (from the repository root)::

    PYTHONPATH=src:bench .venv/bin/python bench/policy_fit.py --games 4 \\
        --members medium,spade-keeper,high-passer,high-dumper,moon-shooter,hard-frozen,openspiel-ismcts

For each member, ``--games`` four-hand games (``match.play_game`` on the panel's game deals,
``bench/panel.py``) are played by ``medium`` in seat 0 and three copies of the member; the
first three hands of each game are then replayed on their true deal (a finished hand's cards
are all known), and at every play of seats 1-3 with more than one legal card both play-out
policies of ``hard`` are asked for their card: medium's model (``policy.rollout_card``, its
near-ties (``policy.near_ties``) allowed, as the opponent model allows them) and the plain
policy (``Sim.simple_card``: lead low, duck, shed the biggest penalty card).  A play is a
*miss* of a policy when it would not have made it.  The figures are the miss rates by kind
of play (lead, follow, discard when void: ``policy.play_kind``) and over all plays.

What it is for: ``hard``'s play-outs play a seat that does not fit medium's model by the
plain policy in a share of the deals; this shows how well either describes each member.
Prints one JSON object (``members``: per member ``medium`` and ``plain``, each with
``misses``, ``choices`` and ``rate`` per kind and ``all``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from panel import game_rules, make_bot

from hearts.actions import Action
from hearts.drive import Decision
from hearts.players.base import Bot
from hearts.players.match import game_deals, play_game
from hearts.players.policy import KINDS, moon_fits, near_ties, play_kind, policy_rules, rollout_card
from hearts.players.sim import Sim
from hearts.view import PastHand, PlayerView

KIND_NAMES = ("lead", "follow", "discard")


class _Watch:
    """Seat 0's bot, keeping the last view it was shown (its ``past``: the earlier hands)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.last: PlayerView | None = None

    def choose(self, view: PlayerView, decision: Decision) -> Action:
        self.last = view
        return self.bot.choose(view, decision)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)


def count_hand(past: PastHand, rules: Any, counts: dict[str, list[list[int]]]) -> None:
    """Add the misses and choices (``counts[policy][kind] = [misses, choices]``) of seats
    1.. of one finished hand, replayed on its true deal."""
    pr = policy_rules(rules)
    start = [0] * rules.players
    for s, c in past.plays:
        start[s] |= 1 << c
    sim = Sim(rules, start, leader=past.plays[0][0])
    sim.fit = moon_fits(pr, start)
    for s, c in past.plays:
        if s != 0:
            legal = sim.legal()
            if legal & (legal - 1):
                k = play_kind(sim, legal)
                medium_ok = rollout_card(sim, legal, pr) == c or bool(near_ties(sim, legal, pr) >> c & 1)
                plain_ok = sim.simple_card(legal) == c
                for name, ok in (("medium", medium_ok), ("plain", plain_ok)):
                    counts[name][k][1] += 1
                    counts[name][k][0] += not ok
        sim.play(c)


def member_fit(member: str, games: int) -> dict[str, Any]:
    """The miss rates of both policies on ``games`` games of three ``member`` (see the
    module text)."""
    rules = game_rules("standard", None, 4)
    counts = {name: [[0, 0] for _ in range(KINDS)] for name in ("medium", "plain")}
    for d in range(games):
        watch = _Watch(make_bot("medium", d * 16))
        bots = [watch] + [make_bot(member, d * 16 + s) for s in range(1, 4)]
        play_game(rules, game_deals(rules, d, 4), bots)  # type: ignore[list-item]
        assert watch.last is not None
        for past in watch.last.past:
            count_hand(past, rules, counts)
    out: dict[str, Any] = {}
    for name, by_kind in counts.items():
        row: dict[str, Any] = {}
        for k, (m, c) in enumerate(by_kind):
            row[KIND_NAMES[k]] = {"misses": m, "choices": c, "rate": round(m / max(1, c), 3)}
        m = sum(x[0] for x in by_kind)
        c = sum(x[1] for x in by_kind)
        row["all"] = {"misses": m, "choices": c, "rate": round(m / max(1, c), 3)}
        out[name] = row
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--members", default="medium,high-dumper,hard-frozen")
    p.add_argument("--games", type=int, default=4)
    a = p.parse_args(argv)
    result = {"games": a.games, "hands_read": 3 * a.games,
              "members": {m: member_fit(m, a.games) for m in a.members.split(",")}}
    json.dump(result, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
