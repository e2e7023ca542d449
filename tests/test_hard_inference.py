"""Hard reads the pass it received: the sampled deals follow what medium's pass rule says
about the hand the cards came from (``hard.pass_evidence``, ``policy.pass_misses``)."""

from __future__ import annotations

from hearts.cards import parse_mask
from hearts.game import Game
from hearts.players.hard import HardBot, pass_evidence
from hearts.players.medium import MediumBot
from hearts.rules import make_rules
from hearts.view import player_view

LOW_SPADES = parse_mask("2S 3S 4S 5S 6S 7S 8S 9S TS JS")


def across_game() -> Game:
    """Hand 3 of a game (the across pass), every seat passing as medium does (no seed).
    North (seat 2) passes South its three worst cards; East holds Q♠ with two low
    spades and so passes it to West."""
    rules = make_rules("standard")
    hands = ["2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 6S 7S",   # South
             "6C 7C 8C 9C 6D 7D 8D 9D 5H 6H 7H 8S 9S",   # West
             "TC JC QC KC AC TD JD 8H 9H TH JH 2S 3S",   # North
             "QD KD AD QH KH AH QS 4S 5S TS JS KS AS"]   # East
    g = Game(rules)
    g.hand_index = 1
    g.start_hand(deal=[parse_mask(h) for h in hands])
    assert g.pass_offset == 2
    for s in range(4):
        v = player_view(g, s)
        g.pass_cards(s, MediumBot().choose_pass(v))
    return g


def worlds(view, **options) -> list[list[int]]:
    bot = HardBot(7, time_limit=None, **options)
    batches = bot._worlds(view, 8)
    out: list[list[int]] = []
    while len(out) < 600:
        out.extend(sim.hands[:] for sim in next(batches)[0])
    return out


def test_pass_evidence_is_read_for_the_seat_that_passed() -> None:
    g = across_game()
    view = player_view(g, 0)
    ev = pass_evidence(view)
    assert ev is not None and ev.passer == 2 and ev.received == view.received
    assert ev.feeder_pass == sum(1 << c for c in view.passed)  # across: South fed North
    # A hold hand gives nothing to read.
    rules = make_rules("standard")
    hold = Game(rules)
    hold.hand_index = 2
    hold.start_hand(deal=[parse_mask(h) for h in (
        "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 6S 7S", "6C 7C 8C 9C 6D 7D 8D 9D 5H 6H 7H 8S 9S",
        "TC JC QC KC AC TD JD 8H 9H TH JH 2S 3S", "QD KD AD QH KH AH QS 4S 5S TS JS KS AS")])
    assert hold.pass_offset == 0
    assert pass_evidence(player_view(hold, 0)) is None


def test_deals_follow_the_pass_received() -> None:
    # North passed South J♦ and 10♦ (voiding diamonds) and A♣.  Medium passes Q♠, K♠
    # or A♠ before anything else when it holds two or fewer spades below Q♠, so North
    # held no such bare high spade; uniform deals give it one about 40% of the time.
    g = across_game()
    view = player_view(g, 0)
    assert view.received == parse_mask("JD TD AC")
    high = parse_mask("QS KS AS")

    def share_bare(hands_list: list[list[int]]) -> float:
        # North's spades now are its spades before the pass (it gave and got none).
        bare = sum(1 for hands in hands_list
                   if hands[2] & high and (hands[2] & LOW_SPADES).bit_count() <= 2)
        return bare / len(hands_list)

    uniform = share_bare(worlds(view, pass_likelihood=1.0))
    weighed = share_bare(worlds(view))  # the default reads the pass
    assert uniform > 0.3
    assert weighed < 0.05
