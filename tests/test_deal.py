"""Numbered deals (interfaces.md section 4): golden deals pinned card by card.

These values are the public, version-stable contract of ``hearts-deal/1``: if a
test here fails, the algorithm changed and every recorded game number now deals
differently.  Do not update the expected values; fix the code.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
import struct

import pytest

from hearts.cards import card_str, cards_of, parse_mask
from hearts.deal import (
    MAX_GAME_NUMBER,
    DealError,
    check_game_number,
    daily_number,
    numbered_deal,
    random_deal,
    shuffled_deck,
)
from hearts.rules import make_rules


def hands_text(rules, game, hand):
    return [" ".join(card_str(c) for c in cards_of(m)) for m in numbered_deal(rules, game, hand)]


GOLDEN = [
    # (variant, players, game, hand) -> each seat's cards, sorted by id (clubs, diamonds, hearts, spades)
    (("standard", 4, 1, 0), [
        "3D 4D 7D QD KD 2H 3H 5H 6H QH AH 7S 8S",
        "2C 4C 5C 6C QC AC 9D JD AD KH 4S 9S AS",
        "3C 7C 8C 2D 5D TD 4H 7H TH JH 5S 6S QS",
        "9C TC JC KC 6D 8D 8H 9H 2S 3S TS JS KS"]),
    (("standard", 4, 2, 0), [
        "3C 6C JC 4D 8D 3H 4H TH QH KH AH 6S 9S",
        "9C KC 3D 5D 7D 9D JD 8H JH 2S 5S 8S AS",
        "4C 7C 8C AC 2D 6D TD QD KD 6H 3S 7S KS",
        "2C 5C TC QC AD 2H 5H 7H 9H 4S TS JS QS"]),
    (("standard", 4, 12345, 0), [
        "7C JC 2D 5D 7D 9D JD QD 4H 5H 6H KH QS",
        "3C 6C AC 3D AD 3H 2S 4S 8S 9S TS JS AS",
        "2C 4D 8D TD KD 7H 9H TH JH AH 3S 5S 7S",
        "4C 5C 8C 9C TC QC KC 6D 2H 8H QH 6S KS"]),
    (("standard", 4, 4294967295, 0), [
        "4C JC QC 6D TD JD KD AD 3H AH 4S 6S AS",
        "3C 7C 8C 2D 3D 8D 5H 6H JH 2S 5S TS QS",
        "5C 9C KC AC 4D QD 2H 7H 9H 3S 7S 9S JS",
        "2C 6C TC 5D 7D 9D 4H 8H TH QH KH 8S KS"]),
    (("standard", 4, 12345, 1), [
        "4C 6C AC 4D 6D KD 4H 6H 7H 9H JH AH 6S",
        "9C 2D 7D 9D AD 3H KH 5S 7S 8S TS QS AS",
        "3C JC QC KC 3D 5D 8D QD 5H TH 2S 3S JS",
        "2C 5C 7C 8C TC TD JD 2H 8H QH 4S 9S KS"]),
    (("standard", 3, 12345, 0), [
        "2C 7C TC JC 3D 4D TD QD 5H 8H 2S 3S 4S 6S 7S 9S JS",
        "4C 6C QC AC 5D 8D JD KD 4H 6H 7H JH QH KH QS KS AS",
        "3C 5C 8C 9C KC 6D 7D 9D AD 2H 3H 9H TH AH 5S 8S TS"]),
    (("standard", 6, 12345, 0), [
        "9C JC KC 5D 3H 6H JH 7S",
        "8C AC 5H 9H KH AH 4S KS",
        "6C 7C TC 3D 8D 9D 3S 5S",
        "5C 4D 7D AD 4H 8H QH QS",
        "QC JD KD 2H 6S 8S 9S JS",
        "4C 6D TD QD 7H TH TS AS"]),
    (("black-maria", 3, 12345, 0), [
        "3C 8C JC QC 3D 4D TD QD 5H 8H 2S 3S 4S 6S 7S 9S JS",
        "5C 7C KC 2D 5D 8D JD KD 4H 6H 7H JH QH KH QS KS AS",
        "4C 6C 9C TC AC 6D 7D 9D AD 2H 3H 9H TH AH 5S 8S TS"]),
    (("black-maria", 3, 1, 2), [
        "5C 6C 9C AC 5D 7D QD KD AD 2H 5H 7H 8H QH KH 7S 8S",
        "3C 4C 7C KC 2D 3D 4D 9D 9H JH AH 2S 4S 6S 9S QS KS",
        "8C TC JC QC 6D 8D TD JD 3H 4H 6H TH 3S 5S TS JS AS"]),
]


@pytest.mark.parametrize(("key", "expected"), GOLDEN, ids=[str(k) for k, _ in GOLDEN])
def test_golden_deals(key, expected):
    variant, players, game, hand = key
    assert hands_text(make_rules(variant, players), game, hand) == expected


def test_golden_shuffle_order_game_1():
    # The whole shuffled order (step 3), before it is cut into hands (step 4).
    order = " ".join(card_str(c) for c in shuffled_deck(make_rules("standard", 4), 1, 0))
    assert order == ("QH 4D AH QD KD 2H 7D 8S 3D 7S 6H 3H 5H AD 5C AC 6C 9D 9S QC 2C JD AS KH 4C "
                     "4S 3C 7C TD 8C 4H 5D JH 7H QS 2D 6S TH 5S 8H 9C 2S 6D KS 8D TC JS 3S TS JC "
                     "9H KC")
    # Step 4: seat 0 gets the first 13 of that order, and so on.
    assert numbered_deal(make_rules("standard", 4), 1, 0)[0] == parse_mask(order.split()[:13])


def reference_deal(deck_ids, game, hand, players, size):
    """An independent transcription of the docstring's algorithm hearts-deal/1."""
    words = []
    block = 0

    def word():
        nonlocal block
        if not words:
            digest = hashlib.sha256(f"hearts-deal/1:{game}:{hand}:{players}:{block}".encode()).digest()
            words.extend(reversed(struct.unpack(">8I", digest)))
            block += 1
        return words.pop()

    deck = list(deck_ids)
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        w = word()
        while w >= 2**32 - (2**32 % n):
            w = word()
        j = w % n
        deck[i], deck[j] = deck[j], deck[i]
    return [sum(1 << c for c in deck[s * size:(s + 1) * size]) for s in range(players)]


@pytest.mark.parametrize("variant", ["standard", "black-maria", "spot-hearts"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_matches_documented_algorithm(variant, players):
    rules = make_rules(variant, players)
    rng = random.Random(players)
    for _ in range(5):
        game, hand = rng.randint(1, MAX_GAME_NUMBER), rng.randint(0, 40)
        expected = reference_deal(cards_of(rules.deck), game, hand, players, rules.hand_size)
        assert numbered_deal(rules, game, hand) == expected


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_numbered_deal_is_a_partition_of_the_deck(players):
    rules = make_rules("standard", players)
    for game in (1, 77, MAX_GAME_NUMBER):
        hands = numbered_deal(rules, game, 3)
        assert len(hands) == players
        assert all(h.bit_count() == rules.hand_size for h in hands)
        assert sum(hands) == rules.deck  # disjoint and covering: the sum is the union


def test_hands_and_player_counts_deal_differently():
    r4 = make_rules("standard", 4)
    assert numbered_deal(r4, 5, 0) != numbered_deal(r4, 5, 1)
    assert numbered_deal(r4, 5, 0) != numbered_deal(r4, 6, 0)
    # Options do not enter the deal: same variant deck, same game, same hands.
    assert numbered_deal(make_rules("standard", 4, {"moon": "subtract"}), 5, 0) == numbered_deal(r4, 5, 0)


@pytest.mark.parametrize("bad", [0, -1, MAX_GAME_NUMBER + 1, 2**40, True, 1.0, "7", None])
def test_bad_game_numbers_rejected(bad):
    with pytest.raises(DealError) as info:
        numbered_deal(make_rules(), bad, 0)
    assert info.value.reason == "bad_record"
    with pytest.raises(DealError):
        check_game_number(bad)


@pytest.mark.parametrize("bad", [-1, 1.5, "0", True])
def test_bad_hand_numbers_rejected(bad):
    with pytest.raises(DealError):
        numbered_deal(make_rules(), 1, bad)


def test_limits_accepted():
    assert check_game_number(1) == 1
    assert check_game_number(MAX_GAME_NUMBER) == 4294967295


def test_daily_number():
    # YYYYMMDD of the UTC date.
    assert daily_number(dt.date(2026, 11, 30)) == 20261130
    assert daily_number(dt.date(2027, 1, 5)) == 20270105
    today = dt.datetime.now(dt.UTC).date()
    assert daily_number() in (daily_number(today), daily_number(today + dt.timedelta(days=1)))
    check_game_number(daily_number())


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_deal_partition_and_seeded(players):
    rules = make_rules("black-maria", players)
    a = random_deal(rules, random.Random(9))
    assert a == random_deal(rules, random.Random(9))
    assert sum(a) == rules.deck and all(h.bit_count() == rules.hand_size for h in a)


def test_random_deal_is_roughly_uniform():
    # Each card lands with each seat about 1/4 of the time (2000 deals: 500 expected,
    # standard deviation about 19; the bound 400..600 is over five deviations).
    rules = make_rules("standard", 4)
    rng = random.Random(3)
    counts = [[0] * 4 for _ in range(64)]
    for _ in range(2000):
        for seat, h in enumerate(random_deal(rules, rng)):
            for c in cards_of(h):
                counts[c][seat] += 1
    for c in cards_of(rules.deck):
        assert all(400 <= k <= 600 for k in counts[c]), (card_str(c), counts[c])
