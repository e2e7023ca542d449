"""Cards, suits, ranks and card sets as int bitmasks.

A card is a small int, its *id*: ``suit * 16 + rank`` where ``suit`` is
0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades and ``rank`` is 0 = deuce
... 12 = ace.  Each suit owns a 16-bit block of the bitmask, so the cards of one
suit in a hand are ``hand & SUIT_MASKS[suit]`` and the lowest of them is the
lowest set bit.  The joker (used by Joker Hearts, see ``variants.md``) is id 64.
A second pack (Cancellation Hearts) would use ids + 128: ``face(card)`` strips
the pack bit so that identical cards compare equal.

A *card set* (a hand, the cards won, a deck) is a plain ``int`` whose bit ``id``
is set when the card is in the set, as a python-chess bitboard is.

Notation (``interfaces.md`` section 1): rank then suit, ranks ``2-9 T J Q K A``
(``10`` accepted on input), suits ``C D H S`` (``♣ ♦ ♥ ♠`` accepted), any case;
``JK`` is the joker.  Output always uses ``T`` and capital ASCII letters.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Final

from .errors import HeartsError, excerpt

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS: tuple[int, ...] = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_LETTERS = "23456789TJQKA"
RANKS: tuple[int, ...] = tuple(range(13))
JOKER = 64
"""The first joker's id; a game with ``k`` jokers uses ids ``64 .. 64 + k - 1`` (all named ``JK``)."""
PACK2 = 128
"""Added to a card id for its copy in the second pack (two-pack games)."""
JOKER_BLOCK = 0xFFFF << JOKER
"""Every id a joker may have (one 16-bit block, as a suit has)."""

SUIT_MASKS: tuple[int, ...] = tuple(0x1FFF << (16 * s) for s in SUITS)
"""Bitmask of the 13 cards of each suit, indexed by suit."""
FULL_DECK: int = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
"""The 52-card pack as a card set."""
_OUTSIDE: Final = ~FULL_DECK  # every bit that is not one of the 52 cards (negative int: all high bits)

_SUIT_INPUT = {"C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3,
               "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_RANK_INPUT = {ch: i for i, ch in enumerate(RANK_LETTERS)}
_RANK_INPUT["10"] = 8


class CardError(HeartsError, ValueError):
    """A card could not be parsed, or a card set is not one (a negative int); ``reason``
    is ``"unknown_card"``."""

    default_reason = "unknown_card"

    def __init__(self, text: object, message: str | None = None) -> None:
        self.text = text
        super().__init__(message or
                         f"{excerpt(text)} is not a card (write rank then suit, e.g. QS, 10H, 2♣)")


def make_card(rank: int, suit: int) -> int:
    """Return the card id of ``rank`` (0 = deuce .. 12 = ace) in ``suit`` (0-3).

    >>> make_card(10, SPADES), card_str(make_card(0, CLUBS))
    (58, '2C')
    """
    return suit * 16 + rank


def suit_of(card: int) -> int:
    """Suit (0-3) of a card id; a joker has no suit and gives 4.

    >>> suit_of(parse_card("QS")) == SPADES, suit_of(JOKER)
    (True, 4)
    """
    return (card & 127) >> 4


def rank_of(card: int) -> int:
    """Rank (0 = deuce .. 12 = ace) of a card id.

    >>> rank_of(parse_card("2H")), rank_of(parse_card("AH"))
    (0, 12)
    """
    return card & 15


def face(card: int) -> int:
    """The card id with the pack bit removed (two-pack games)."""
    return card & 127


def same_name(card: int) -> int:
    """The card set of every id written like ``card``: its copy in the other pack, or
    every joker id.  A record names a card, not a copy: either copy is meant."""
    c = card & 127
    if c >> 4 == 4:
        return JOKER_BLOCK | (JOKER_BLOCK << PACK2)
    return (1 << c) | (1 << (c + PACK2))


def held_copy(hand: int, card: int, used: int = 0) -> int:
    """The copy of ``card``'s name that ``hand`` (a card set) holds: ``card`` itself when
    the hand holds it and it is not in ``used``, else the lowest held copy of the same
    name (:func:`same_name`: the other pack's twin, or any joker) not in ``used``, else
    ``card`` unchanged (the caller's legality check then refuses it as not held).

    The one place a card *name* becomes a seat's card: a record, a typed move or a
    stored action names a card, not a copy (``interfaces.md`` section 2b: "where two
    cards share a name, the name means whichever copy the seat holds").  With one pack
    and no jokers every name has one copy and this returns ``card``.
    """
    if hand >> card & 1 and not used >> card & 1:
        return card
    held = hand & same_name(card) & ~used
    if held:
        return (held & -held).bit_length() - 1
    return card


def held_copies(hand: int, cards: Iterable[int]) -> tuple[int, ...]:
    """Each of ``cards`` as a copy ``hand`` holds (:func:`held_copy`), a different copy
    each time one name is listed again, as far as the hand has copies (a pass of
    ``QS QS`` by a seat holding both packs' queens passes both)."""
    out: list[int] = []
    used = 0
    for c in cards:
        c = held_copy(hand, c, used)
        used |= 1 << c
        out.append(c)
    return tuple(out)


def bit(card: int) -> int:
    """The one-card set holding ``card``."""
    return 1 << card


def parse_card(text: object) -> int:
    """Parse one card in the notation of ``interfaces.md`` section 1.

    Returns the card id.  Raises :class:`CardError` for anything else, a value
    that is not a string included (hence ``object``: a compiled build checks
    annotations at the call and would raise ``TypeError`` first).

    >>> parse_card("QS"), parse_card(" q♠ "), parse_card("10h"), parse_card("JK")
    (58, 58, 40, 64)
    >>> parse_card("1S")
    Traceback (most recent call last):
      ...
    hearts.cards.CardError: '1S' is not a card (write rank then suit, e.g. QS, 10H, 2♣)
    """
    if not isinstance(text, str):
        if type(text) is int and 0 <= text < 256:  # a card id already: say so, not "no card"
            raise CardError(text, f"{text} is a card id, not a card's name: parse_card reads "
                            f"text (card_str gives an id's name)")
        raise CardError(text)
    # a phone's keyboard may follow a suit symbol with a variation selector (U+FE0F asks for
    # the emoji form, U+FE0E for the text form): the same suit
    t = text.strip().replace("\ufe0f", "").replace("\ufe0e", "").upper()
    if t == "JK":
        return JOKER
    if len(t) < 2:
        raise CardError(text)
    suit = _SUIT_INPUT.get(t[-1])
    rank = _RANK_INPUT.get(t[:-1])
    if suit is None or rank is None:
        raise CardError(text)
    return make_card(rank, suit)


def parse_suit(text: object) -> int:
    """A suit's index (0 clubs, 1 diamonds, 2 hearts, 3 spades) from its letter or symbol,
    any case (``"h"``, ``"♥"``, ``"♡"``); ``-1`` for anything else.

    >>> parse_suit("H"), parse_suit("♠"), parse_suit("x")
    (2, 3, -1)
    """
    if not isinstance(text, str):
        return -1
    return _SUIT_INPUT.get(text.strip().replace("\ufe0f", "").replace("\ufe0e", "").upper(), -1)


def card_str(card: int) -> str:
    """Format a card id as ``QS``, ``TH``, ``JK``.

    >>> card_str(58), card_str(40), card_str(JOKER)
    ('QS', 'TH', 'JK')
    """
    c = card & 127
    if card >> 8 or (c >> 4 != 4 and (c >> 4 > 3 or c & 15 > 12)):
        raise _bad_id(card)
    if c >> 4 == 4:
        return "JK"
    return RANK_LETTERS[c & 15] + SUIT_LETTERS[c >> 4]


def _bad_id(card: object) -> CardError:
    """The refusal of an int that is no card id (a rank above the ace, a suit past spades,
    outside 0-255)."""
    return CardError(card, f"{card} is not a card id (an id is suit * 16 + rank, rank 0-12 "
                     f"and suit 0-3, 64 and up for jokers, plus 128 for a second pack's copy)")


def card_symbol(card: int) -> str:
    """Format a card with its suit symbol, e.g. ``Q♠`` (for people, not records).

    >>> card_symbol(parse_card("QS")), card_symbol(parse_card("TH"))
    ('Q♠', 'T♥')
    """
    c = card & 127
    if card >> 8 or (c >> 4 != 4 and (c >> 4 > 3 or c & 15 > 12)):
        raise _bad_id(card)
    if c >> 4 == 4:
        return "JK"
    return RANK_LETTERS[c & 15] + SUIT_SYMBOLS[c >> 4]


def parse_cards(items: Iterable[str]) -> list[int]:
    """Parse a list of card strings; raises :class:`CardError` on the first bad one."""
    return [parse_card(x) for x in items]


def _suit_table(suit: int) -> tuple[tuple[int, ...], ...]:
    """For one suit: 13-bit rank mask -> tuple of that suit's card ids, lowest first."""
    base = suit * 16
    table: list[tuple[int, ...]] = [()]
    for m in range(1, 8192):
        top = m.bit_length() - 1
        table.append(table[m ^ (1 << top)] + (base + top,))
    return tuple(table)


SUIT_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_suit_table(s) for s in SUITS)
"""``SUIT_CARDS[suit][m]``: the card ids of ``suit`` whose rank bits are set in the 13-bit
mask ``m`` (``(cards >> 16 * suit) & 0x1FFF``), lowest first.  Lookup tables of 8192
entries per suit that turn a card set into its cards without a bit loop."""

# Final: a compiled build reads these from C variables, not from the module's dict.
_C: Final = SUIT_CARDS[0]
_D: Final = SUIT_CARDS[1]
_H: Final = SUIT_CARDS[2]
_S: Final = SUIT_CARDS[3]


_TUPLES: Final[dict[int, tuple[int, ...]]] = {}
_TUPLES_MAX: Final = 1 << 16  # entries kept before the memo starts afresh (a few MB at most)


def card_tuple(mask: int) -> tuple[int, ...]:
    """The card ids of a card set as a tuple, lowest id first (table lookups, no loop).

    Results are memoised (a bounded dict): the same sets (a suit's cards in a hand)
    come back again and again in play.  Sets holding ids outside the 52-card pack
    (the joker, a second pack) take a slower bit loop and give the same id order.
    """
    t = _TUPLES.get(mask)
    if t is None:
        if mask & _OUTSIDE:
            return tuple(_bit_loop(mask))
        if len(_TUPLES) >= _TUPLES_MAX:
            _TUPLES.clear()
        t = _TUPLES[mask] = (_C[mask & 8191] + _D[mask >> 16 & 8191] + _H[mask >> 32 & 8191]
                             + _S[mask >> 48])
    return t


def _bit_loop(mask: int) -> Iterator[int]:
    if mask < 0:  # ~0 bits never run out: refuse rather than loop for ever
        raise CardError(mask, f"{mask} is not a card set (a card set is an int of 0 or more; "
                        f"-1 in a seat's events stands for a hand that seat cannot see)")
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> list[int]:
    """The card ids in a card set, lowest id first (clubs 2 up to spades ace).

    >>> cards_of(parse_mask("AS 2C 3C")), cards_of(0)
    ([0, 1, 60], [])
    """
    return list(card_tuple(mask))


def iter_cards(mask: int) -> Iterator[int]:
    """Iterate the card ids in a card set, lowest first."""
    return iter(card_tuple(mask))


def random_card(mask: int, rng: random.Random) -> int:
    """A card drawn uniformly from a non-empty card set with ``rng``.

    One ``rng.random()`` call picks place ``int(random() * k)`` of the ``k`` cards
    in id order (:func:`card_at`; its bias is below 2**-46 for any card set); raises
    ``IndexError`` on an empty set (without drawing).
    """
    if not mask:
        raise IndexError("random_card: the card set is empty")
    return card_at(mask, rng.random())


def card_at(mask: int, u: float) -> int:
    """The card at place ``int(u * k)`` of the ``k`` cards of a non-empty card set in id
    order, for ``0 <= u < 1``: :func:`random_card` with the draw ``u`` made by the
    caller (a loop that holds ``rng.random`` as a bound method).  Raises ``IndexError``
    on an empty set.

    >>> m = parse_mask("2C 3C AS")
    >>> [card_str(card_at(m, u)) for u in (0.0, 0.4, 0.99)]
    ['2C', '3C', 'AS']
    """
    if mask & _OUTSIDE:
        t = card_tuple(mask)
        return t[int(u * len(t))]
    # The place is found in the four suit tables without building the set's tuple
    # (no allocation, no memo: this runs once for every card played in a simulation).
    c = _C[mask & 8191]
    d = _D[mask >> 16 & 8191]
    h = _H[mask >> 32 & 8191]
    s = _S[mask >> 48]
    nc = len(c)
    ncd = nc + len(d)
    ncdh = ncd + len(h)
    n = ncdh + len(s)
    if not n:
        raise IndexError("card_at: the card set is empty")
    j = int(u * float(n))  # float * float: machine floats when compiled
    if j < nc:
        return c[j]
    if j < ncd:
        return d[j - nc]
    if j < ncdh:
        return h[j - ncd]
    return s[j - ncdh]


def random_cards(mask: int, k: int, rng: random.Random) -> tuple[int, ...]:
    """``k`` distinct cards drawn uniformly from a card set, in the order drawn.

    Each draw takes a random place of the pool and fills it with the pool's last
    card.  Raises ``ValueError`` when the set holds fewer than ``k`` cards.
    """
    if mask & _OUTSIDE:
        pool = list(_bit_loop(mask))
    else:  # whole hands rarely repeat: the tables directly, not the memo
        pool = [*_C[mask & 8191], *_D[mask >> 16 & 8191], *_H[mask >> 32 & 8191], *_S[mask >> 48]]
    n = len(pool)
    if k > n:
        raise ValueError(f"cannot draw {k} cards from a set of {n}")
    r = rng.random
    out = []
    for _ in range(k):
        j = int(r() * float(n))
        out.append(pool[j])
        n -= 1
        pool[j] = pool[n]
    return tuple(out)


def mask_of(cards: Iterable[int]) -> int:
    """The card set holding the given card ids.

    >>> mask_of([0, 58]) == bit(0) | bit(58), mask_of([])
    (True, 0)
    """
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def count(mask: int) -> int:
    """Number of cards in a card set.

    >>> count(parse_mask("2C QS AH")), count(FULL_DECK)
    (3, 52)
    """
    return mask.bit_count()


def lowest(mask: int) -> int:
    """The lowest card id in a non-empty card set (-1 when empty).

    >>> card_str(lowest(parse_mask("QS 9C AH"))), lowest(0)
    ('9C', -1)
    """
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """The highest card id in a card set (-1 when empty).

    >>> card_str(highest(parse_mask("QS 9C AH")))
    'QS'
    """
    return mask.bit_length() - 1


def format_cards(mask: int, sep: str = " ") -> str:
    """A card set as text, in card id order (clubs, diamonds, hearts, spades).

    >>> format_cards(parse_mask("QS 2C AH 9C")), format_cards(parse_mask("QS 2C"), ",")
    ('2C 9C AH QS', '2C,QS')
    """
    return sep.join(card_str(c) for c in cards_of(mask))


def parse_mask(text: str | Iterable[str]) -> int:
    """Parse a string of cards separated by spaces or commas, or a list of card
    strings, into a card set; raises :class:`CardError` on the first bad card.

    >>> parse_mask("2C QS") == parse_mask(["2c", "Q♠"]) == parse_mask("2C, QS") == bit(0) | bit(58)
    True
    """
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return mask_of(parse_card(x) for x in items)


def sort_key(card: int) -> tuple[int, int]:
    """Sort key for showing a hand: by suit (C, D, S, H alternate colours) then rank."""
    order = (0, 1, 3, 2, 4)
    suit = suit_of(card)
    if suit > 4 or card >> 8:
        raise _bad_id(card)
    return (order[suit], rank_of(card))


ALL_CARDS: tuple[int, ...] = tuple(cards_of(FULL_DECK))
"""The 52 card ids in id order."""
