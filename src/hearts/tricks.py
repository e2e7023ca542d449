"""Trick-taking components: the one legality function, the led suit, the trick resolver.

Everything that decides which card may be played and who takes a trick lives
here, once.  :class:`hearts.game.Game` (the real table) and
:class:`hearts.players.sim.Sim` (the bots' play-out simulator) both call these
functions, so a rule is never written twice.  Every function reads the rules of
the hand being played (``Game.hand_rules``: the game's :class:`~hearts.rules.Rules`,
or a copy a phase changed, such as the penalty suit an auction names).

Card sets are int bitmasks (``cards.py``).  Components, each chosen by data in
``Rules``:

- *wild cards* (``Rules.wild_mask``, the jokers of Joker Hearts): playable at
  any time, whether or not the player can follow, never a trick's winner, no
  suit (the led suit is that of the first card that is not wild);
- *two packs* (ids + 128): identical cards are distinct ids with one name;
  following suit means either pack's cards of the suit;
- *cancellation* (``Rules.cancel_identical``): identical cards played to one
  trick cancel, neither can win it; two such pairs cancel the whole trick
  (Cancellation Hearts, variants.md).

Sources: variants.md ("Standard Hearts", "House rules", "The wider family").
"""

from __future__ import annotations

from typing import Final

from .cards import PACK2, SPADES, SUIT_MASKS, make_card
from .rules import Rules

QS_BIT: Final = 1 << make_card(10, SPADES)
QS_BOTH: Final = QS_BIT | QS_BIT << PACK2  # either pack's Q♠ (two-pack games)
CLUBS: Final = SUIT_MASKS[0]
CLUBS_BOTH: Final = SUIT_MASKS[0] | SUIT_MASKS[0] << PACK2

# FOLLOW[card]: the cards that follow suit when ``card`` sets the led suit (both packs);
# 0 for a joker (it sets no suit).
FOLLOW: Final[tuple[int, ...]] = tuple(
    (SUIT_MASKS[(c & 127) >> 4] | SUIT_MASKS[(c & 127) >> 4] << PACK2) if (c & 127) < 64 else 0
    for c in range(256))


def led_mask(trick: list[int], wild: int) -> int:
    """The cards of the led suit: the suit of the trick's first card that is not wild
    (0 while the trick is empty or holds only wild cards)."""
    for c in trick:
        if not wild >> c & 1:
            return FOLLOW[c]
    return 0


def lowest_club(cards: int) -> int:
    """The lowest club of the card set ``cards`` by name, as a bitmask of both packs'
    copies of it (0 when ``cards`` holds no club)."""
    clubs = cards & CLUBS_BOTH
    if not clubs:
        return 0
    names = (clubs | clubs >> PACK2) & CLUBS
    low = names & -names
    return low | low << PACK2


def opening_card(r: Rules, hands: list[int]) -> int:
    """The card that opens the hand under ``first_lead == "lowest-club"``: the lowest
    club dealt to a seat (pack one's id), ``r.opening_card`` when no seat holds a club.

    The lowest club of the deck may lie in a widow (Heartsette) or a stock (Domino
    Hearts); then the next club up that a seat holds opens (3♣, or 4♣ ...), as
    docs/family-rules.md "Rule questions settled" writes (issue 24, item 1).
    """
    dealt = 0
    for h in hands:
        dealt |= h
    low = lowest_club(dealt) & CLUBS
    return low.bit_length() - 1 if low else r.opening_card


def legal(r: Rules, hand: int, trick: list[int], first: bool, played: int,
          steps: list[tuple[int, str]] | None = None) -> int:
    """The set of cards a seat holding ``hand`` may play now.

    ``trick``: the current trick's cards in play order; ``first``: whether it
    is the hand's first trick; ``played``: every card played this hand (for
    "hearts broken").  Starting from the hand less its wild cards, each rule
    narrows the candidates in turn; a rule whose result would be empty does
    not apply, so it only ever narrows what the earlier rules left.  The wild
    cards are added back at the end.  When ``steps`` is a list, each narrowing
    appends ``(cards removed, reason code)`` (``Game.explain`` reads them, so
    legality and explanation cannot disagree):

    1. follow suit (``must_follow_suit``) or, leading the first trick under
       ``first_lead == "lowest-club"``, lead the lowest club the hand holds
       (``must_lead_lowest_club``): :func:`first_leader` gave the lead to the
       holder of the lowest club dealt, so that is the opening card (2♣, or 3♣
       when 2♣ lies in a widow or a stock);
    2. first trick without ``first_trick_points``: no penalty card
       (``first_trick_points``);
    3. leading while hearts (the penalty suit) are unbroken, unless
       ``hearts_lead_any_time``: no heart (``hearts_not_broken``); with
       ``lead_hearts_over_qs`` a leader left with only Q♠ (either pack's, or
       both) besides hearts may lead either.
    """
    wild = hand & r.wild_mask
    cand = hand ^ wild
    if trick:
        new = cand & led_mask(trick, r.wild_mask)
        if new and new != cand:
            if steps is not None:
                steps.append((cand ^ new, "must_follow_suit"))
            cand = new
        if not first:
            return cand | wild  # after the first trick, following suit is the only rule
    elif first and r.first_lead == "lowest-club":
        new = cand & lowest_club(cand)
        if new and new != cand:
            if steps is not None:
                steps.append((cand ^ new, "must_lead_lowest_club"))
            cand = new
    if first and not r.first_trick_points:
        new = cand & ~r.penalty_mask
        if new and new != cand:
            if steps is not None:
                steps.append((cand ^ new, "first_trick_points"))
            cand = new
    if not trick and not r.hearts_lead_any_time and not played & r.breaking_mask:
        new = cand & ~r.lead_restricted_mask
        # new & ~QS_BOTH: either pack's Q♠ counts (the second pack's copy was missed)
        if new and new != cand and not (r.lead_hearts_over_qs and not new & ~QS_BOTH):
            if steps is not None:
                steps.append((cand ^ new, "hearts_not_broken"))
            cand = new
    return cand | wild


def follow(r: Rules, hand: int, trick: list[int]) -> int:
    """:func:`legal` after the first trick, with the trick started: the one rule then
    is to follow suit (wild cards always allowed).  The hot path of play and play-outs."""
    wild = r.wild_mask
    if not wild:
        return hand & FOLLOW[trick[0]] or hand
    w = hand & wild
    cand = hand ^ w
    return (cand & led_mask(trick, wild) or cand) | w


def winner_index(r: Rules, trick: list[int] | tuple[int, ...]) -> int:
    """The place in ``trick`` (play order) of the card that takes it, or -1 when the
    whole trick is cancelled.

    The highest card of the led suit wins (higher id, same suit: higher rank);
    wild cards never win (a trick of wild cards only goes to its leader, place
    0).  With ``cancel_identical``, cards played twice in the trick (same name,
    either pack) cannot win; two or more such pairs cancel the whole trick, and
    so does a trick whose every led-suit card is cancelled.
    """
    wild = r.wild_mask
    led = led_mask(list(trick), wild)
    if not led:
        return 0
    best = -1
    best_rank = -1
    cancelled = 0
    if r.cancel_identical:
        seen = 0
        pairs = 0
        for c in trick:
            b = 1 << (c & 127)
            if seen & b:
                cancelled |= b
                pairs += 1
            seen |= b
        if pairs >= 2:
            return -1
    for i, c in enumerate(trick):
        if led >> c & 1 and not cancelled >> (c & 127) & 1 and (c & 127) > best_rank:
            best, best_rank = i, c & 127
    return best


def first_leader(r: Rules, hands: list[int], eldest: int, declarer: int = -1) -> int:
    """The seat that leads the hand's first trick.

    ``first_lead``: ``"lowest-club"``, the holder of the lowest club dealt to a
    seat (``opening_card`` unless it lies in a widow or a stock; with two packs,
    of either copy: the holder nearest eldest hand, going left), or eldest hand
    when no seat holds a club;
    ``"eldest-any"``, eldest hand; ``"auction-winner"``, ``declarer`` (the
    auction's winner) or eldest hand when nobody bid.
    """
    if r.first_lead == "lowest-club":
        # Either pack's copy (two packs: the holder nearest eldest hand, going left, so
        # that the card's name decides, as records name cards).
        dealt = 0
        for h in hands:
            dealt |= h
        bits = lowest_club(dealt)
        n = len(hands)
        for i in range(n if bits else 0):
            s = (eldest + i) % n
            if hands[s] & bits:
                return s
    if r.first_lead == "auction-winner" and declarer >= 0:
        return declarer
    return eldest


__all__ = ["FOLLOW", "led_mask", "lowest_club", "opening_card", "legal", "follow",
           "winner_index", "first_leader"]
