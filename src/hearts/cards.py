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

from collections.abc import Iterable, Iterator

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS: tuple[int, ...] = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_LETTERS = "23456789TJQKA"
RANKS: tuple[int, ...] = tuple(range(13))
JOKER = 64
PACK2 = 128

SUIT_MASKS: tuple[int, ...] = tuple(0x1FFF << (16 * s) for s in SUITS)
"""Bitmask of the 13 cards of each suit, indexed by suit."""
FULL_DECK: int = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
"""The 52-card pack as a card set."""

_SUIT_INPUT = {"C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3,
               "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_RANK_INPUT = {ch: i for i, ch in enumerate(RANK_LETTERS)}
_RANK_INPUT["10"] = 8


class CardError(ValueError):
    """A card could not be parsed; ``reason`` is ``"unknown_card"``."""

    reason = "unknown_card"

    def __init__(self, text: object) -> None:
        self.text = text
        super().__init__(f"{text!r} is not a card (write rank then suit, e.g. QS, 10H, 2♣)")


def make_card(rank: int, suit: int) -> int:
    """Return the card id of ``rank`` (0 = deuce .. 12 = ace) in ``suit`` (0-3)."""
    return suit * 16 + rank


def suit_of(card: int) -> int:
    """Suit (0-3) of a card id; the joker has no suit and gives 4."""
    return (card & 127) >> 4 if card & 127 != JOKER else 4


def rank_of(card: int) -> int:
    """Rank (0 = deuce .. 12 = ace) of a card id."""
    return card & 15


def face(card: int) -> int:
    """The card id with the pack bit removed (two-pack games)."""
    return card & 127


def bit(card: int) -> int:
    """The one-card set holding ``card``."""
    return 1 << card


def parse_card(text: str) -> int:
    """Parse one card in the notation of ``interfaces.md`` section 1.

    Returns the card id.  Raises :class:`CardError` for anything else.
    """
    if not isinstance(text, str):
        raise CardError(text)
    t = text.strip().upper()
    if t == "JK":
        return JOKER
    if len(t) < 2:
        raise CardError(text)
    suit = _SUIT_INPUT.get(t[-1])
    rank = _RANK_INPUT.get(t[:-1])
    if suit is None or rank is None:
        raise CardError(text)
    return make_card(rank, suit)


def card_str(card: int) -> str:
    """Format a card id as ``QS``, ``TH``, ``JK``."""
    c = card & 127
    if c == JOKER:
        return "JK"
    if c >> 4 > 3 or c & 15 > 12:
        raise CardError(card)
    return RANK_LETTERS[c & 15] + SUIT_LETTERS[c >> 4]


def card_symbol(card: int) -> str:
    """Format a card with its suit symbol, e.g. ``Q♠`` (for people, not records)."""
    c = card & 127
    if c == JOKER:
        return "JK"
    return RANK_LETTERS[c & 15] + SUIT_SYMBOLS[c >> 4]


def parse_cards(items: Iterable[str]) -> list[int]:
    """Parse a list of card strings; raises :class:`CardError` on the first bad one."""
    return [parse_card(x) for x in items]


def cards_of(mask: int) -> list[int]:
    """The card ids in a card set, lowest id first (clubs 2 up to spades ace)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: int) -> Iterator[int]:
    """Iterate the card ids in a card set, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    """The card set holding the given card ids."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def count(mask: int) -> int:
    """Number of cards in a card set."""
    return mask.bit_count()


def lowest(mask: int) -> int:
    """The lowest card id in a non-empty card set (-1 when empty)."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """The highest card id in a card set (-1 when empty)."""
    return mask.bit_length() - 1


def format_cards(mask: int, sep: str = " ") -> str:
    """A card set as text, e.g. ``"2C 9C QS"``."""
    return sep.join(card_str(c) for c in cards_of(mask))


def parse_mask(text: str | Iterable[str]) -> int:
    """Parse a space-separated string or a list of card strings into a card set."""
    items = text.split() if isinstance(text, str) else list(text)
    return mask_of(parse_card(x) for x in items)


def sort_key(card: int) -> tuple[int, int]:
    """Sort key for showing a hand: by suit (C, D, S, H alternate colours) then rank."""
    order = (0, 1, 3, 2, 4)
    return (order[suit_of(card)], rank_of(card))


ALL_CARDS: tuple[int, ...] = tuple(cards_of(FULL_DECK))
"""The 52 card ids in id order."""
