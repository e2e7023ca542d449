"""The compiled pass model (``policy.pass_mask``) is medium's pass exactly.

The pass search models the other seats' passes with ``pass_mask`` (a bitmask port of
``medium.pass_for_hand``, compiled); here both are run on random hands of every
one-pack variant that passes, and on hands built to be fit for the moon.
``pass_misses`` (how badly medium's rule explains a pass, the search's evidence from the
pass it received) is 0 on every pass a seeded medium makes, near-ties included.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.cards import HEARTS, PACK2, SUIT_MASKS, cards_of, parse_card
from hearts.players.medium import moon_fit, pass_for_hand
from hearts.players.policy import pass_mask, pass_misses
from hearts.rules import VARIANTS, make_rules


def _passing_rules() -> list:
    out = []
    for name in sorted(VARIANTS):
        r = make_rules(name)
        if r.pass_count and not r.deck >> PACK2:
            out.append(r)
    return out


RULES = _passing_rules()


def _mask(cards: tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def test_several_variants_pass() -> None:
    assert len(RULES) >= 5, [r.variant for r in RULES]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(RULES) - 1), st.randoms(use_true_random=False))
def test_pass_mask_is_medium_pass(i: int, rnd: random.Random) -> None:
    r = RULES[i]
    deck = cards_of(r.deck)
    hand = _mask(tuple(rnd.sample(deck, r.hand_size)))
    want = _mask(pass_for_hand(r, hand))
    assert pass_mask(r, hand) == want, (r.variant, cards_of(hand))
    assert want.bit_count() == r.pass_count


def _moon_hand(seed: int) -> int:
    """A standard hand holding the top six to nine hearts, the rest at random."""
    r = make_rules("standard")
    rnd = random.Random(seed)
    hearts = cards_of(SUIT_MASKS[HEARTS] & r.deck)
    top = hearts[-rnd.randint(6, 9):]
    rest = [c for c in cards_of(r.deck) if c not in top]
    return _mask(tuple(top) + tuple(rnd.sample(rest, r.hand_size - len(top))))


@pytest.mark.parametrize("seed", range(40))
def test_pass_mask_moon_hands(seed: int) -> None:
    """Hands with many top hearts, so the moon branch of the pass is taken too."""
    r = make_rules("standard")
    hand = _moon_hand(seed)
    assert pass_mask(r, hand) == _mask(pass_for_hand(r, hand))


def test_moon_branch_reached() -> None:
    r = make_rules("standard")
    fit = sum(moon_fit(r, h, r.deck & ~h) for h in map(_moon_hand, range(40)))
    assert fit >= 5


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(RULES) - 1), st.randoms(use_true_random=False), st.integers(0, 2**32))
def test_medium_passes_have_no_misses(i: int, rnd: random.Random, seed: int) -> None:
    """Seeded medium breaks near-ties at random; every such pass is explained."""
    r = RULES[i]
    hand = _mask(tuple(rnd.sample(cards_of(r.deck), r.hand_size)))
    chosen = pass_for_hand(r, hand, random.Random(seed))
    assert pass_misses(r, hand, _mask(chosen)) == 0, (r.variant, cards_of(hand), chosen)


def _cards(text: str) -> int:
    return _mask(tuple(parse_card(t) for t in text.split()))


def test_pass_misses_counts_kept_cards_medium_would_pass() -> None:
    r = make_rules("standard")
    hand = _cards("2C 5C QC 3H 7H 9H JH KH 4S 5S 6S 9S TS")
    # Medium passes Q♣, then K♥ and 5♣ (a near-tie, either order): no miss.
    assert pass_misses(r, hand, _cards("QC KH 5C")) == 0
    # Passing three low spades keeps Q♣, K♥, J♥ ... that medium would pass first.
    assert pass_misses(r, hand, _cards("4S 5S 6S")) >= 3
    # Q♠ with two low spades is passed before anything else: keeping it is a miss.
    bare = _cards("QS 2S 3S 4C 5C 6C 7D 8D 9D 2H 3H 4H 5H")
    assert pass_mask(r, bare) >> parse_card("QS") & 1
    assert pass_misses(r, bare, _cards("9D 8D 7D")) >= 1
