"""Card ids, notation (interfaces.md section 1) and card-set helpers."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hearts.cards import (
    ALL_CARDS,
    FULL_DECK,
    JOKER,
    SUIT_CARDS,
    CardError,
    card_str,
    card_symbol,
    card_tuple,
    cards_of,
    count,
    face,
    format_cards,
    highest,
    iter_cards,
    lowest,
    make_card,
    mask_of,
    parse_card,
    parse_cards,
    parse_mask,
    random_card,
    random_cards,
    rank_of,
    sort_key,
    suit_of,
)


def test_ids():
    # id = suit * 16 + rank; clubs 0, diamonds 1, hearts 2, spades 3; deuce 0 .. ace 12.
    assert parse_card("2C") == 0
    assert parse_card("AC") == 12
    assert parse_card("2D") == 16
    assert parse_card("QS") == 3 * 16 + 10 == 58
    assert parse_card("AS") == 60
    assert make_card(10, 3) == 58 and suit_of(58) == 3 and rank_of(58) == 10
    assert len(ALL_CARDS) == 52 and FULL_DECK.bit_count() == 52


@pytest.mark.parametrize(("text", "card"), [
    ("QS", "QS"), ("qs", "QS"), ("10H", "TH"), ("th", "TH"), ("Q♠", "QS"), ("2♣", "2C"),
    ("a♦", "AD"), ("K♥", "KH"), (" 9d ", "9D"), ("JK", "JK"), ("jk", "JK"),
    # a phone keyboard's emoji suit: the symbol followed by the variation selector U+FE0F
    ("T♥\ufe0f", "TH"), ("Q♠\ufe0f", "QS"), ("2♣\ufe0e", "2C"),
])
def test_parse_and_format(text, card):
    assert card_str(parse_card(text)) == card


@pytest.mark.parametrize("bad", ["", "Q", "1S", "11H", "QX", "ZS", "JKX", "10", 5, None, "Q S",
                                 "\ufe0f", "Q\ufe0f"])
def test_parse_rejects(bad):
    with pytest.raises(CardError) as info:
        parse_card(bad)
    assert info.value.reason == "unknown_card"


def test_every_card_round_trips():
    for c in ALL_CARDS:
        assert parse_card(card_str(c)) == c
        assert parse_card(card_symbol(c)) == c
    assert card_str(JOKER) == "JK" and suit_of(JOKER) == 4
    assert face(128 + 58) == 58 and card_str(128 + 58) == "QS"
    with pytest.raises(CardError):
        card_str(13)  # rank 13 does not exist


def test_sets():
    m = parse_mask("2C QS 10h")
    assert cards_of(m) == [0, 40, 58]
    assert card_tuple(m) == (0, 40, 58)
    assert list(iter_cards(m)) == [0, 40, 58]
    assert mask_of([58, 0, 40]) == m
    assert count(m) == 3 and lowest(m) == 0 and highest(m) == 58
    assert lowest(0) == -1 and highest(0) == -1
    assert format_cards(m) == "2C TH QS"
    assert parse_mask(["2C", "QS", "TH"]) == m
    assert parse_cards(["2c", "as"]) == [0, 60]
    assert cards_of(0) == [] and card_tuple(0) == ()
    # outside the 52: joker and a second pack keep id order
    assert cards_of(m | 1 << JOKER | 1 << 130) == [0, 40, 58, JOKER, 130]


def test_suit_tables_agree_with_bit_loop():
    for s in range(4):
        for m in (0, 1, 0b1010101, 8191, 4096, 1234):
            assert SUIT_CARDS[s][m] == tuple(s * 16 + r for r in range(13) if m >> r & 1)
    rng = random.Random(1)
    for _ in range(200):
        m = rng.getrandbits(64) & FULL_DECK
        assert card_tuple(m) == tuple(c for c in range(64) if m >> c & 1)


def test_random_card_uniform_and_in_set():
    rng = random.Random(2)
    m = parse_mask("2C 7D QS AH")
    seen = Counter(random_card(m, rng) for _ in range(4000))
    assert set(seen) == set(cards_of(m))
    # 1000 expected each, sd about 27: 850..1150 is over five deviations
    assert all(850 <= v <= 1150 for v in seen.values()), seen
    assert random_card(1 << JOKER, rng) == JOKER
    with pytest.raises(IndexError):
        random_card(0, rng)


def test_random_cards():
    rng = random.Random(3)
    hand = parse_mask("2C 3C 4C 5C 6C")
    for _ in range(100):
        got = random_cards(hand, 3, rng)
        assert len(got) == 3 and len(set(got)) == 3 and mask_of(got) & ~hand == 0
    seen = Counter(c for _ in range(3000) for c in random_cards(hand, 3, rng))
    assert all(1600 <= v <= 2000 for v in seen.values()), seen  # 1800 expected each
    with pytest.raises(ValueError):
        random_cards(hand, 6, rng)


def test_sort_key_alternates_colours():
    hand = parse_mask("AS 2H 3C 4D")
    assert [card_str(c) for c in sorted(cards_of(hand), key=sort_key)] == ["3C", "4D", "AS", "2H"]


def test_a_negative_card_set_is_refused_not_looped_over():
    """-1 marks a hand a seat cannot see in its events (``visible_events``); handing it to
    the card-set functions looped for ever (a library user's trial): now a CardError."""
    from hearts.actions import Action
    from hearts.game import Game
    from hearts.rules import make_rules
    from hearts.view import visible_events

    dealt = visible_events(Game(make_rules(), 20261130).apply(Action.deal()), 0)[0]
    hidden = dealt.hands[1]
    assert hidden == -1
    for call in (cards_of, format_cards, card_tuple, lambda m: list(iter_cards(m))):
        with pytest.raises(CardError, match="cannot see") as refused:
            call(hidden)
        assert refused.value.reason == "unknown_card"
    assert format_cards(dealt.hands[0]).count(" ") == 12  # the seat's own hand reads as ever


def test_a_card_id_given_to_parse_card_is_named_as_one():
    """``parse_card(58)`` said "58 is not a card" (58 is Q♠'s id): it says what to call."""
    with pytest.raises(CardError, match="58 is a card id, not a card's name") as refused:
        parse_card(58)  # type: ignore[arg-type]
    assert refused.value.reason == "unknown_card"
    with pytest.raises(CardError, match="is not a card"):
        parse_card(None)  # type: ignore[arg-type]
