"""What one seat knows about the hidden hands, and deals sampled from it.

:func:`infer` reads a :class:`hearts.view.PlayerView` (and nothing else) and
works out, for every other seat, which cards it *may* hold and which it
*must* hold:

- a seat that did not follow the led suit is void in it ("remember who showed
  out of a suit", variants.md strategy facts);
- on the first trick, where penalty cards are barred (``first_trick_points``
  off), a seat that played a penalty card held nothing else it could play, so
  its hand is penalty cards only (or, when it followed suit, it has no
  non-penalty card of that suit);
- a seat that led a heart before hearts were broken (``hearts_lead_any_time``
  off) held only hearts (and Q♠ under ``lead_hearts_over_qs``);
- the cards this seat passed and that have not been played yet are in the
  hand of the seat they went to.

:func:`sample_hands` then draws a full deal of the current hands consistent
with all of that and with every seat's card count.  It is uniform when no
constraint binds (each card goes to a seat with probability proportional to
the room left there, which is the hypergeometric draw) and close to uniform
otherwise; it never fails on a consistent view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import PACK2, SPADES, SUIT_MASKS, cards_of, make_card
from ..view import PlayerView

QS = make_card(10, SPADES)


@dataclass(frozen=True)
class Knowledge:
    """One seat's knowledge of the hidden hands (card sets are bitmasks).

    ``free``: cards held by other seats whose holder is not certain;
    ``known[s]``: cards certainly in seat ``s``'s hand (for this seat: its hand);
    ``allowed[s]``: cards seat ``s`` may hold; ``voids[s]``: suits (bit ``suit``)
    seat ``s`` has shown out of; ``counts[s]``: cards in seat ``s``'s hand.
    """

    seat: int
    hand: int
    free: int
    known: tuple[int, ...]
    allowed: tuple[int, ...]
    voids: tuple[int, ...]
    counts: tuple[int, ...]
    extra: int = 0
    """Unseen cards that are in no hand (a widow this seat has not seen)."""

    def may_hold(self, seat: int, cards: int) -> int:
        """The part of ``cards`` that ``seat`` may hold (its hand for this seat)."""
        if seat == self.seat:
            return cards & self.hand
        return cards & (self.known[seat] | (self.free & self.allowed[seat]))

    def out(self) -> int:
        """Every card in another seat's hand (certain or not)."""
        m = self.free
        for s, k in enumerate(self.known):
            if s != self.seat:
                m |= k
        return m


def infer(view: PlayerView) -> Knowledge:
    """Work out what ``view.seat`` knows about the other hands (see the module text)."""
    r = view.rules
    n = r.players
    allowed = [r.deck] * n
    voids = [0] * n
    played = 0
    tricks: list[tuple[int, tuple[int, ...]]] = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], tuple(c for _, c in view.trick)))
    no_points_first = not r.first_trick_points
    for ti, (leader, cards) in enumerate(tricks):
        first = ti == 0
        lead = cards[0]
        # The led suit is that of the first card that is not wild (a joker sets none).
        first_real = next((i for i, c in enumerate(cards) if not r.wild_mask >> c & 1), -1)
        led_suit = (cards[first_real] & 127) >> 4 if first_real >= 0 else -1
        led_mask = (SUIT_MASKS[led_suit] | SUIT_MASKS[led_suit] << PACK2) \
            if first_real >= 0 else 0  # either pack's cards of the suit
        if first and no_points_first and r.first_lead != "lowest-club" \
                and r.penalty_mask >> lead & 1:
            allowed[leader] &= r.penalty_mask | r.wild_mask
        if (not r.hearts_lead_any_time and not played & r.breaking_mask
                and r.lead_restricted_mask >> lead & 1):
            only = r.lead_restricted_mask | ((1 << QS) if r.lead_hearts_over_qs else 0)
            if first and no_points_first:
                only &= r.penalty_mask
            allowed[leader] &= only | r.wild_mask
        for i in range(first_real + 1 if first_real >= 0 else len(cards), len(cards)):
            c = cards[i]
            s = (leader + i) % n
            if r.wild_mask >> c & 1:
                continue  # a joker may be played whether or not the seat can follow
            if (c & 127) >> 4 != led_suit:
                allowed[s] &= ~led_mask
                voids[s] |= 1 << led_suit
                if first and no_points_first and r.penalty_mask >> c & 1:
                    allowed[s] &= r.penalty_mask | r.wild_mask
            elif first and no_points_first and r.penalty_mask >> c & 1:
                allowed[s] &= ~(led_mask & ~r.penalty_mask)
        for c in cards:
            played |= 1 << c
    known = [0] * n
    me = view.seat
    known[me] = view.hand
    if view.pass_offset and view.phase != "pass" and view.pass_to != me:
        for c in view.passed:
            if not view.played >> c & 1:
                known[view.pass_to] |= 1 << c
    for s in range(n):
        if s != me:
            allowed[s] |= known[s]
    allowed[me] = view.hand
    free = view.unseen()
    room = sum(view.counts[s] - known[s].bit_count() for s in range(n) if s != me)
    return Knowledge(me, view.hand, free, tuple(known), tuple(allowed), tuple(voids),
                     view.counts, max(0, free.bit_count() - room))


def _feasible(classes: dict[int, int], rem: list[int], k: int) -> bool:
    """Hall's condition: for every set T of seats, the cards that can only go to
    seats in T fit in the room T has left."""
    for t in range(1, 1 << k):
        room = 0
        for j in range(k):
            if t >> j & 1:
                room += rem[j]
        need = 0
        for m, cnt in classes.items():
            if m & ~t == 0:
                need += cnt
        if need > room:
            return False
    return True


def sample_hands(know: Knowledge, rng: random.Random) -> list[int]:
    """A deal of every seat's current hand consistent with ``know``.

    Returns one card-set bitmask per seat (this seat's own hand included).
    Raises ``ValueError`` when no deal fits (an inconsistent view).
    """
    n = len(know.counts)
    others = [s for s in range(n) if s != know.seat]
    rem0 = [know.counts[s] - know.known[s].bit_count() for s in others]
    allowed = list(know.allowed)
    if know.extra:  # cards in no hand (a widow): a pseudo-seat n holds them, then is dropped
        others.append(n)
        rem0.append(know.extra)
        allowed.append(know.free)
    k = len(others)
    cards = cards_of(know.free)
    if sum(rem0) != len(cards) or min(rem0, default=0) < 0:
        raise ValueError("card counts do not match the unseen cards")
    cand: dict[int, int] = {}
    for c in cards:
        m = 0
        for j, s in enumerate(others):
            if allowed[s] >> c & 1:
                m |= 1 << j
        if not m:
            raise ValueError("a hidden card fits no seat")
        cand[c] = m
    full = (1 << k) - 1
    order = cards[:]
    rng.shuffle(order)
    order.sort(key=lambda c: (cand[c] == full, cand[c].bit_count()))
    for _attempt in range(4):
        hands = list(know.known) + [0]
        rem = rem0[:]
        for c in order:
            m = cand[c]
            total = 0
            for j in range(k):
                if m >> j & 1:
                    total += rem[j]
            if total == 0:
                break
            x = rng.randrange(total)
            for j in range(k):
                if m >> j & 1:
                    x -= rem[j]
                    if x < 0:
                        break
            rem[j] -= 1
            hands[others[j]] |= 1 << c
        else:
            return hands[:n]
    # Guided draw: keep Hall's condition true after every card.
    classes: dict[int, int] = {}
    for c in cards:
        classes[cand[c]] = classes.get(cand[c], 0) + 1
    if not _feasible(classes, rem0, k):
        raise ValueError("no deal fits what this seat knows")
    hands = list(know.known) + [0]
    rem = rem0[:]
    for c in order:
        m = cand[c]
        classes[m] -= 1
        weights = []
        for j in range(k):
            w = 0
            if m >> j & 1 and rem[j]:
                rem[j] -= 1
                if _feasible(classes, rem, k):
                    w = rem[j] + 1
                rem[j] += 1
            weights.append(w)
        x = rng.randrange(sum(weights))
        for j in range(k):
            x -= weights[j]
            if x < 0:
                break
        rem[j] -= 1
        hands[others[j]] |= 1 << c
    return hands[:n]


__all__ = ["Knowledge", "infer", "sample_hands"]
