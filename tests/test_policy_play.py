"""The compiled play-out policy (``policy.rollout_card``) plays as medium does.

The search bot models the other seats with this policy: in its play-outs, and when it
weighs a sampled deal by how many of the others' plays so far the policy explains
(``policy.replay_misses``).  Here real hands are played by ``medium`` and every play
with a choice is compared with the policy's card on the true deal: deterministic
medium, seeded medium (whose near-ties ``policy.near_ties`` accounts for) and hands
built fit for the moon (medium's moon attempts, ``policy.moon_fits``).
"""

from __future__ import annotations

import pytest

from hearts.cards import parse_card
from hearts.drive import drive
from hearts.game import Game
from hearts.players.base import get_bot
from hearts.players.bench import moon_deal
from hearts.players.match import deal_for
from hearts.players.policy import (
    moon_fits,
    near_ties,
    policy_rules,
    replay_misses,
    rollout_card,
)
from hearts.players.sim import Sim
from hearts.rules import Rules, make_rules

STANDARD = make_rules("standard")
NO_PASS = make_rules("standard", None, {"pass_schedule": "none"})


def _played_hand(rules: Rules, hands: list[int], hand_index: int,
                 seeds: list[int | None]) -> tuple[list[int], list[int], list[int]]:
    """Play one hand with four medium (``seeds`` per seat); returns the hands after the
    pass and the plays in order as ``(hands, seats, cards)``."""
    g = Game(rules)
    g.hand_index = hand_index - 1
    g.start_hand(deal=list(hands))
    drive(g, [get_bot("medium", seeds[s]) for s in range(rules.players)])
    after = [g.dealt[s] & ~g._pass_masks[s] | g.received[s] for s in range(rules.players)]
    seats: list[int] = []
    cards: list[int] = []
    for t in g.tricks:
        for i, c in enumerate(t.cards):
            seats.append((t.leader + i) % rules.players)
            cards.append(c)
    return after, seats, cards


def _misses(rules: Rules, deals: list[tuple[list[int], int]], seeded: bool, ties: bool,
            fit: bool) -> tuple[int, int]:
    """Plays with a choice that the policy does not explain, and plays with a choice,
    over ``deals`` (``(hands, hand_index)``) played by medium."""
    pr = policy_rules(rules)
    miss = choices = 0
    for k, (hands, hand_index) in enumerate(deals):
        seeds: list[int | None] = [k * 16 + s if seeded else None for s in range(4)]
        after, seats, cards = _played_hand(rules, hands, hand_index, seeds)
        sim = Sim(rules, after, leader=seats[0])
        if fit:
            sim.fit = moon_fits(pr, after)
        m, c = replay_misses(sim, seats, cards, -1, pr, 10_000, ties)
        miss += m
        choices += c
    return miss, choices


def _numbered(count: int) -> list[tuple[list[int], int]]:
    out = []
    for d in range(count):
        hand_index, hands = deal_for(STANDARD, 5000 + d)
        out.append((hands, hand_index))
    return out


def _moon_deals(count: int) -> list[tuple[list[int], int]]:
    """Built deals where seat ``i mod 4`` holds A♥, five more hearts and seven high cards."""
    return [(moon_deal(NO_PASS, i), 0) for i in range(count)]


def test_policy_plays_as_deterministic_medium() -> None:
    # 100 hands, about 4,000 plays with a choice: the policy missed 1% of them before
    # it took a trick it must win with its highest heart and fed a shooter as medium.
    miss, choices = _misses(STANDARD, _numbered(100), seeded=False, ties=False, fit=True)
    assert choices > 3000
    assert miss / choices < 0.005, (miss, choices)


def test_near_ties_explain_seeded_medium() -> None:
    deals = _numbered(100)
    plain, choices = _misses(STANDARD, deals, seeded=True, ties=False, fit=True)
    tied, _ = _misses(STANDARD, deals, seeded=True, ties=True, fit=True)
    assert tied / choices < 0.005, (tied, choices)
    assert tied * 2 < plain, (tied, plain)


def test_moon_attempts_are_modelled() -> None:
    deals = _moon_deals(80)
    blind, choices = _misses(NO_PASS, deals, seeded=True, ties=True, fit=False)
    fitted, _ = _misses(NO_PASS, deals, seeded=True, ties=True, fit=True)
    assert fitted / choices < 0.015, (fitted, choices)
    assert fitted * 3 < blind, (fitted, blind)


def _sim(hands: dict[int, str], trick: str, leader: int, won: dict[int, str] | None = None,
         trick_index: int = 5) -> Sim:
    """A position part-way through a hand: ``hands`` per seat and ``won`` (the cards in
    each seat's tricks so far) as card names, the current ``trick`` led by ``leader``."""
    def mask(text: str) -> int:
        return sum(1 << parse_card(c) for c in text.split())

    taken = [mask((won or {}).get(s, "")) for s in range(4)]
    played = mask(trick)
    for w in taken:
        played |= w
    return Sim(STANDARD, [mask(hands.get(s, "")) for s in range(4)], taken,
               [1 if w else 0 for w in taken], [parse_card(c) for c in trick.split()],
               leader, played, trick_index)


def test_last_seat_wins_a_heart_trick_with_its_highest_heart() -> None:
    sim = _sim({3: "9H QH 2C 3C"}, "2H 6H 4H", leader=0)
    pr = policy_rules(STANDARD)
    assert sim.turn == 3
    assert rollout_card(sim, sim.legal(), pr) == parse_card("QH")


def test_only_hearts_to_feed_a_shooter_keeps_the_top_heart() -> None:
    # East (3) has taken every point so far and leads a club; South, void in clubs with
    # only hearts, throws its highest heart but A♥ (medium's choice).
    sim = _sim({0: "AH TH 3H"}, "5C", leader=3, won={3: "QS 2S 3S 4S"})
    pr = policy_rules(STANDARD)
    assert sim.turn == 0
    assert rollout_card(sim, sim.legal(), pr) == parse_card("TH")


@pytest.mark.parametrize(("hand", "near"), [
    # A void in clubs: J♠ and J♦ score alike (four a rank, no short suit).
    ("JS 2S 3S JD 2D 3D 4S", "JS JD"),
    # One card far above the rest: no tie.
    ("KD 2S 3S 4D 5D 6D 7S", ""),
])
def test_near_ties_of_a_discard(hand: str, near: str) -> None:
    sim = _sim({0: hand}, "5C", leader=3, won={1: "2H 5S 6S 7S", 3: "3H 4H 8S 9S"})
    pr = policy_rules(STANDARD)
    legal = sim.legal()
    assert near_ties(sim, legal, pr) == sum(1 << parse_card(c) for c in near.split())

