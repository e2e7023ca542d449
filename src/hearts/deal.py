"""Numbered deals: game number -> the deal of every hand; the daily game number.

The algorithm is part of the public contract (``interfaces.md`` section 4) and
must never change; golden tests in ``tests/test_deal.py`` pin it.

Algorithm ``hearts-deal/1``:

1. The deck is the rules' deck (``Rules.deck_cards``) as a list of cards in
   ascending id order: clubs 2..A, diamonds 2..A, hearts 2..A, spades 2..A,
   without the cards the variant removes for the player count; a second pack
   follows in the same order, jokers come last (interfaces.md section 2b).
2. A byte stream is SHA-256 in counter mode:
   ``SHA256(f"hearts-deal/1:{game}:{hand}:{players}:{block}")`` for
   ``block = 0, 1, 2, ...``, each digest read as eight 32-bit big-endian words.
3. Fisher-Yates from the top: for ``i`` from ``len(deck) - 1`` down to 1, draw
   words ``w`` until ``w < 2**32 - (2**32 % (i + 1))`` (rejection keeps it
   unbiased), then swap ``deck[i]`` with ``deck[w % (i + 1)]``.
4. Seat ``s`` receives ``deck[s * size:(s + 1) * size]`` where ``size`` is the
   hand size; what is left after the hands is the widow (or the stock).

It depends only on ``hashlib`` (SHA-256 is fixed by FIPS 180-4), not on
``random``'s internals, so it is stable across Python versions.

The daily game of a UTC date is ``year * 10000 + month * 100 + day``
(30 November 2026 is game 20261130).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import random
import struct
from collections.abc import Iterator
from typing import Final, cast

from .errors import HeartsError, excerpt
from .rules import Rules

MAX_GAME_NUMBER = 2**32 - 1


class DealError(HeartsError, ValueError):
    """A game number is out of range; ``reason`` is ``"bad_record"``."""

    default_reason = "bad_record"


def _words(game: int, hand: int, players: int) -> Iterator[int]:
    """The stream of 32-bit words of step 2 for one (game, hand, players)."""
    prefix = hashlib.sha256(f"hearts-deal/1:{game}:{hand}:{players}:".encode())
    unpack = struct.Struct(">8I").unpack
    block = 0
    while True:
        h = prefix.copy()
        h.update(str(block).encode())
        yield from unpack(h.digest())
        block += 1


def check_game_number(game: object) -> int:
    """Return ``game`` if it is an int in 1..2**32-1, else raise :class:`DealError`.

    >>> check_game_number(20261130)
    20261130
    >>> check_game_number(0)
    Traceback (most recent call last):
      ...
    hearts.deal.DealError: game number must be a whole number from 1 to 4294967295, not 0
    """
    if isinstance(game, bool) or not isinstance(game, int) or not 1 <= game <= MAX_GAME_NUMBER:
        raise DealError(f"game number must be a whole number from 1 to {MAX_GAME_NUMBER}, "
                        f"not {excerpt(game)}")
    return game


def shuffled_deck(rules: Rules, game: object, hand: object) -> list[int]:
    """The deck of ``rules`` shuffled by ``hearts-deal/1`` for game ``game``, hand ``hand``.

    Raises :class:`DealError` unless ``game`` is an int in 1..2**32-1 and ``hand`` an
    int >= 0 (``bool`` is refused; both typed ``object`` because they are checked here).
    """
    game = check_game_number(game)
    if isinstance(hand, bool) or not isinstance(hand, int) or hand < 0:
        raise DealError(f"hand number must be a whole number from 0, not {excerpt(hand)}")
    deck = list(rules.deck_cards)  # pack one, pack two, jokers last (ascending ids in each)
    words = _words(game, hand, rules.players)
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        limit = 2**32 - (2**32 % n)
        w = next(words)
        while w >= limit:
            w = next(words)
        j = w % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _split(rules: Rules, deck: list[int]) -> list[int]:
    size = rules.hand_size
    bits = [1 << c for c in deck]
    # the bits of distinct cards never overlap, so their sum is their union
    return [sum(bits[s * size:(s + 1) * size]) for s in range(rules.players)]


def numbered_deal(rules: Rules, game: object, hand: object) -> list[int]:
    """The hands (card-set bitmasks, one per seat) of hand ``hand`` of game ``game``.

    Raises :class:`DealError` when ``game`` is not an int in 1..2**32-1 or ``hand``
    not an int >= 0.  The same game number gives the same cards on every machine and in
    every release (``hearts-deal/1``; ``docs/engine.md``); a player count or a deck of
    another size gives another deal.

    >>> from hearts.cards import count, format_cards
    >>> from hearts.rules import make_rules
    >>> hands = numbered_deal(make_rules("standard"), 20261130, 0)
    >>> format_cards(hands[0])
    '2C 9C KC JD QD 3H 6H 7H 9H TH 8S 9S QS'
    >>> [count(h) for h in numbered_deal(make_rules("standard", players=3), 20261130, 0)]
    [17, 17, 17]
    """
    return _split(rules, shuffled_deck(rules, game, hand))


_SHUFFLE_PLANS: Final[dict[tuple[int, int], tuple[tuple[int, ...], tuple[tuple[int, float], ...]]]] = {}


def _shuffle_plan(rules: Rules) -> tuple[tuple[int, ...], tuple[tuple[int, float], ...]]:
    """The deck's card bits and the Fisher-Yates steps ``(i, i + 1.0)`` down to the hand size."""
    key = (rules.deck, rules.hand_size)
    plan = _SHUFFLE_PLANS.get(key)
    if plan is None:
        bits = tuple(1 << c for c in rules.deck_cards)
        steps = tuple((i, float(i + 1)) for i in range(len(bits) - 1, rules.hand_size - 1, -1))
        plan = _SHUFFLE_PLANS[key] = (bits, steps)
    return plan


def random_deal(rules: Rules, rng: random.Random) -> list[int]:
    """A uniformly random deal drawn from ``rng`` (for simulations).

    One card-set bitmask per seat.  Reproducible for a seeded ``rng`` within a
    release, but not promised across releases (use :func:`numbered_deal` for that).
    A Fisher-Yates shuffle of the cards' bits driven by ``rng.random()``
    (``int(random() * (i + 1))``: bias below 2**-46), stopped once the last
    ``hand_size`` places are all that is left (their order does not matter: they
    form seat 0's hand).  The bits of distinct cards never overlap, so each
    hand is the sum of its bits.
    """
    bits_t, steps = _shuffle_plan(rules)
    # Typed object: a compiled build then swaps the (heap-allocated) ints as they are
    # instead of unboxing and boxing each one again.
    bits: list[object] = list(bits_t)
    r = rng.random
    for i, m in steps:
        j = int(r() * m)
        bits[i], bits[j] = bits[j], bits[i]
    size = rules.hand_size
    cards = cast("list[int]", bits)
    return [sum(cards[s * size:(s + 1) * size]) for s in range(rules.players)]


def daily_number(date: _dt.date | None = None) -> int:
    """The daily game's number for a UTC date (default: today in UTC): YYYYMMDD as an int.

    >>> daily_number(_dt.date(2026, 11, 30))
    20261130
    """
    if date is None:
        date = _dt.datetime.now(_dt.UTC).date()
    return date.year * 10000 + date.month * 100 + date.day
