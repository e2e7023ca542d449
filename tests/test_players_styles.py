"""The panel's styles (``hearts.players.styles``): legal in every variant, and each does
what docs/bots.md says it does where medium would not."""

from __future__ import annotations

import random

import pytest
from test_players_strategy import position

from hearts.cards import card_str, parse_card, parse_mask
from hearts.drive import drive
from hearts.game import Game
from hearts.players import get_bot
from hearts.players.match import duplicate
from hearts.players.medium import MediumBot, moon_fit
from hearts.players.styles import STYLES, moon_hand
from hearts.rules import VARIANTS, make_rules
from hearts.view import player_view


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_style_plays_every_variant(variant: str) -> None:
    rules = make_rules(variant)
    n = rules.players
    for hand in range(2):
        g = Game(rules, rng=random.Random(7 + hand))
        g.hand_index = hand - 1
        g.start_hand()
        bots = [get_bot(STYLES[(s + hand) % len(STYLES)], 10 + s) for s in range(n)]
        drive(g, bots)  # an illegal answer raises IllegalAction
        assert g.results, variant


def test_the_registry_names_every_style() -> None:
    for name in STYLES:
        assert get_bot(name, 1).name == name


def _cards(cards: tuple[int, ...]) -> set[str]:
    return {card_str(c) for c in cards}


def _pass_view(hand: str):
    g = position({0: hand}, options={"pass_schedule": "rotate"}, hand_index=0)
    return player_view(g, 0)


def test_spade_keeper_keeps_a_bare_queen_and_passes_its_hearts() -> None:
    v = _pass_view("QS 3S AH KH 7H 2C 3C 4C 5C 6D 7D 8D 9D")
    assert "QS" in _cards(MediumBot(1).choose_pass(v))  # medium passes a short Q♠
    assert _cards(get_bot("spade-keeper", 1).choose_pass(v)) == {"AH", "KH", "7H"}


def test_high_passer_passes_its_highest_ranks() -> None:
    v = _pass_view("QS 3S 4H 5H AC KC 2C 3C AD 7D 8D 9D 6D")
    assert "QS" in _cards(MediumBot(1).choose_pass(v))
    assert _cards(get_bot("high-passer", 1).choose_pass(v)) == {"AC", "KC", "AD"}


def _advance(g: Game, seat: int, tricks: int, mine: str) -> None:
    """Play the lowest legal card for every other seat (``mine`` for ``seat``, in
    turn) until ``seat`` is to play in trick number ``tricks``."""
    own = [parse_card(c) for c in mine.split()]
    while not (g.turn == seat and len(g.tricks) == tricks):
        s = g.turn
        if s == seat:
            g.play(s, own.pop(0))
        else:
            legal = g.legal_plays(s)
            g.play(s, (legal & -legal).bit_length() - 1)


def test_high_dumper_throws_its_highest_card_not_the_queen() -> None:
    # Seat 3 holds every club and leads them; seat 0, void, holds Q♠ and A♦: medium
    # dumps Q♠ on the second club, the dumper A♦.
    g = position({0: "QS 4S AD 5D 6D 7D 2H 3H 4H 5H 6H 7H 8H",
                  3: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"})
    _advance(g, 0, 1, "5D")
    v = player_view(g, 0)
    assert card_str(MediumBot(1).choose_play(v)) == "QS"
    assert card_str(get_bot("high-dumper", 1).choose_play(v)) == "AD"


def test_moon_shooter_passes_low_cards_and_runs_for_the_moon() -> None:
    hand = "AH KH TH 8H 5H AS 2S 3S 2D 3D AC KC 4C"
    v = _pass_view(hand)
    assert _cards(get_bot("moon-shooter", 1).choose_pass(v)) == {"2S", "2D", "3D"}
    assert "AH" not in _cards(MediumBot(1).choose_pass(v))
    # Leading the second trick, no point taken: a sure winner (A♠ or A♣, not a heart)
    # where medium leads low.
    g = position({0: hand, 1: "2C 3C 5C 6C 7C 8C 9C TC JC QC 4D 5D 6D"})
    _advance(g, 0, 1, "AC")
    w = player_view(g, 0)
    assert w.trick == ()
    card = card_str(get_bot("moon-shooter", 1).choose_play(w))
    assert card in {"AS", "KC"}, card
    assert card_str(MediumBot(1).choose_play(w)) not in {"AS", "KC"}


def _moons_of_entry0(lineup: list[str], deals: range) -> tuple[int, int]:
    """Moons shot by line-up entry 0 (it took 0, every other seat 26), and the hands."""
    res = duplicate(make_rules("standard"), lineup, deals)
    made = 0
    for rots in res.points:
        for rot, pts in enumerate(rots):
            me = rot % 4
            made += pts[me] == 0 and all(p == 26 for s, p in enumerate(pts) if s != me)
    return made, 4 * len(deals)


def test_moon_shooter_tries_and_makes_more_moons_than_medium() -> None:
    rng = random.Random(3)
    rules = make_rules("standard")
    tries = fits = 0
    deck = list(range(64))
    deck = [c for c in deck if rules.deck >> c & 1]
    for _ in range(400):
        rng.shuffle(deck)
        hand = sum(1 << c for c in deck[:13])
        v = _pass_view(" ".join(card_str(c) for c in deck[:13]))
        tries += moon_hand(v, hand)
        fits += moon_fit(rules, hand, rules.deck & ~hand)
    assert tries >= 3 * max(1, fits), (tries, fits)
    shooter, hands = _moons_of_entry0(["moon-shooter", "medium", "medium", "medium"], range(60))
    plain, _ = _moons_of_entry0(["medium"] * 4, range(60))
    assert shooter > plain, (shooter, plain, hands)


def test_parse_helper_hands_are_thirteen_cards() -> None:
    for h in ("QS 3S AH KH 7H 2C 3C 4C 5C 6D 7D 8D 9D",
              "AH KH TH 8H 5H AS 2S 3S 2D 3D AC KC 4C"):
        assert parse_mask(h).bit_count() == 13
