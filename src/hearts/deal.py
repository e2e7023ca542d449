"""Numbered deals: game number -> the deal of every hand; the daily game number.

The algorithm is part of the public contract (``interfaces.md`` section 4) and
must never change; golden tests in ``tests/test_deal.py`` pin it.

Algorithm ``hearts-deal/1``:

1. The deck is the rules' deck (``Rules.deck``) as a list of cards in
   ascending id order: clubs 2..A, diamonds 2..A, hearts 2..A, spades 2..A,
   without the cards the variant removes for the player count.
2. A byte stream is SHA-256 in counter mode:
   ``SHA256(f"hearts-deal/1:{game}:{hand}:{players}:{block}")`` for
   ``block = 0, 1, 2, ...``, each digest read as eight 32-bit big-endian words.
3. Fisher-Yates from the top: for ``i`` from ``len(deck) - 1`` down to 1, draw
   words ``w`` until ``w < 2**32 - (2**32 % (i + 1))`` (rejection keeps it
   unbiased), then swap ``deck[i]`` with ``deck[w % (i + 1)]``.
4. Seat ``s`` receives ``deck[s * size:(s + 1) * size]`` where ``size`` is the
   hand size.

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

from .cards import cards_of
from .rules import Rules

MAX_GAME_NUMBER = 2**32 - 1


class DealError(ValueError):
    """A game number is out of range; ``reason`` is ``"bad_record"``."""

    reason = "bad_record"


def _words(game: int, hand: int, players: int):
    block = 0
    while True:
        digest = hashlib.sha256(f"hearts-deal/1:{game}:{hand}:{players}:{block}".encode()).digest()
        yield from struct.unpack(">8I", digest)
        block += 1


def check_game_number(game: object) -> int:
    """Return ``game`` if it is an int in 1..2**32-1, else raise :class:`DealError`."""
    if isinstance(game, bool) or not isinstance(game, int) or not 1 <= game <= MAX_GAME_NUMBER:
        raise DealError(f"game number must be a whole number from 1 to {MAX_GAME_NUMBER}, "
                        f"not {game!r}")
    return game


def shuffled_deck(rules: Rules, game: int, hand: int) -> list[int]:
    """The deck of ``rules`` shuffled by ``hearts-deal/1`` for game ``game``, hand ``hand``."""
    check_game_number(game)
    deck = cards_of(rules.deck)
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
    hands = []
    for s in range(rules.players):
        m = 0
        for c in deck[s * size:(s + 1) * size]:
            m |= 1 << c
        hands.append(m)
    return hands


def numbered_deal(rules: Rules, game: int, hand: int) -> list[int]:
    """The hands (card-set bitmasks, one per seat) of hand ``hand`` of game ``game``.

    Raises :class:`DealError` when ``game`` is not in 1..2**32-1.
    """
    return _split(rules, shuffled_deck(rules, game, hand))


def random_deal(rules: Rules, rng: random.Random) -> list[int]:
    """A deal drawn from ``rng`` (for simulations; not reproducible across versions)."""
    deck = cards_of(rules.deck)
    rng.shuffle(deck)
    return _split(rules, deck)


def daily_number(date: _dt.date | None = None) -> int:
    """The daily game's number for a UTC date (default: today in UTC): YYYYMMDD as an int."""
    if date is None:
        date = _dt.datetime.now(_dt.UTC).date()
    return date.year * 10000 + date.month * 100 + date.day
