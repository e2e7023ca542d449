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
  hand of the seat they went to;
- under ``first_lead: lowest-club`` the first trick's leader led the lowest
  club dealt, so no seat held a lower one (it lies in a widow).

:func:`sample_hands` (or, for many deals from one view, :class:`Sampler`)
then draws a full deal of the current hands consistent with all of that and
with every seat's card count.  Every consistent deal is equally likely, under
any voids (the draw counts the deals, see :class:`Sampler`); it never fails on
a consistent view.  (Until issue 10 the draw dealt the constrained cards one
by one in proportion to the room left, which is uniform only when nothing
binds: with voids it put a card into a seat that may hold it up to 6 points
of probability too often.)
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..cards import PACK2, SPADES, SUIT_MASKS, cards_of, make_card
from ..view import PlayerView

QS = make_card(10, SPADES)
QS_BOTH = 1 << QS | 1 << QS << PACK2  # either pack's Q♠ (two-pack games)


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
    # (leader, cards, the seat of each card): seats drop out of the tricks after a give-up
    tricks: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = [
        (t.leader, t.cards, t.seats or tuple((t.leader + i) % n for i in range(len(t.cards))))
        for t in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], tuple(c for _, c in view.trick),
                       tuple(s for s, _ in view.trick)))
    no_points_first = not r.first_trick_points
    for ti, (leader, cards, seats) in enumerate(tricks):
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
            only = r.lead_restricted_mask | (QS_BOTH if r.lead_hearts_over_qs else 0)
            if first and no_points_first:
                only &= r.penalty_mask
            allowed[leader] &= only | r.wild_mask
        for i in range(first_real + 1 if first_real >= 0 else len(cards), len(cards)):
            c = cards[i]
            s = seats[i]
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
    if r.first_lead == "lowest-club" and tricks and not r.deck >> PACK2 \
            and not r.stock_size and not r.wild_mask >> tricks[0][1][0] & 1:
        # The holder of the lowest club dealt leads it (tricks.first_leader), so no seat
        # held a lower club (those lie in a widow); a first lead that is not a club
        # means no seat held a club at all.  (A stock's draws and a joker led give no
        # such fact: skipped.)
        lead = tricks[0][1][0]
        clubs = r.deck & SUIT_MASKS[0]
        below = clubs & ((1 << lead) - 1) if lead < 16 else clubs
        for s in range(n):
            allowed[s] &= ~below
    elif r.first_lead == "lowest-club" and tricks:
        # Two packs: the holder of either copy nearest eldest hand (going left) leads,
        # so the seats from eldest hand up to the leader held neither copy; the
        # other copy may lie with the leader or any seat after it.
        bits = (1 << r.opening_card) | (1 << (r.opening_card + PACK2))
        leader = tricks[0][0]
        s = view.hand_index % n
        while s != leader:
            allowed[s] &= ~bits
            s = (s + 1) % n
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


TABLE_LIMIT = 20_000
"""Entries of :class:`Sampler`'s count table past which it draws card by card instead."""


class _TooMany(Exception):
    """The count table passed :data:`TABLE_LIMIT` entries, or building it would take
    more than :data:`TABLE_LIMIT` splits of one class or in all."""


class Sampler:
    """Draws deals consistent with one :class:`Knowledge`, each equally likely.

    The hidden cards fall into classes by the set of seats that may hold them (a
    void or a passed card narrows it).  A deal is fixed by how many cards of each
    class go to each seat and by which ones; the constructor's table counts, for
    every split, the deals that complete it (products of multinomial
    coefficients), and :meth:`draw` picks the split of each class in proportion
    to those counts, then the cards of the class by a shuffle.  So every deal
    consistent with the knowledge has the same chance: the uniform draw, exact
    under any voids (a sequential card-by-card draw is not: it over-fills the
    seats that may hold a constrained card).  The work that depends only on the
    knowledge is done once, so a search that draws thousands of deals from one
    view pays it once.  Raises ``ValueError`` when the counts do not match the
    unseen cards, a hidden card fits no seat, or no deal fits.  ``limit``: the table's
    size past which the draw goes card by card (:data:`TABLE_LIMIT`; a search that
    cannot wait for a large table passes less).
    """

    def __init__(self, know: Knowledge, limit: int = TABLE_LIMIT) -> None:
        self.limit = limit
        n = len(know.counts)
        others = [s for s in range(n) if s != know.seat]
        rem0 = [know.counts[s] - know.known[s].bit_count() for s in others]
        allowed = list(know.allowed)
        if know.extra:  # cards in no hand (a widow): a pseudo-seat n holds them, then dropped
            others.append(n)
            rem0.append(know.extra)
            allowed.append(know.free)
        k = len(others)
        cards = cards_of(know.free)
        if sum(rem0) != len(cards) or min(rem0, default=0) < 0:
            raise ValueError("card counts do not match the unseen cards")
        groups: dict[int, list[int]] = {}
        for c in cards:
            m = 0
            for j, s in enumerate(others):
                if allowed[s] >> c & 1:
                    m |= 1 << j
            if not m:
                raise ValueError("a hidden card fits no seat")
            groups.setdefault(m, []).append(c)
        self.n = n
        self.others = others
        self.known = list(know.known) + [0]
        self.rem0 = tuple(rem0)
        self.classes = sorted(groups.items())
        self.seats = [[j for j in range(k) if m >> j & 1] for m, _ in self.classes]
        self._table: dict[tuple[int, tuple[int, ...]],
                          tuple[list[tuple[int, ...]], list[int], int]] = {}
        self.exact = True
        self._work = 0
        try:
            if self.ways(0, self.rem0) == 0:
                raise ValueError("no deal fits what this seat knows")
        except _TooMany:
            # Many seats and many classes (Cancellation Hearts at 11): the count table
            # would grow without bound; draw card by card instead (near-uniform).
            self.exact = False
            self._table = {}
            self.draw(random.Random(0))  # raises ValueError when no deal is found

    def _splits(self, i: int, rooms: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Every way to split class ``i``'s card count over its seats within ``rooms``."""
        size = len(self.classes[i][1])
        seats = self.seats[i]
        k = len(rooms)

        def rec(t: int, left: int, acc: list[int]) -> Iterator[tuple[int, ...]]:
            j = seats[t]
            if t == len(seats) - 1:
                if left <= rooms[j]:
                    acc[j] = left
                    yield tuple(acc)
                    acc[j] = 0
                return
            for x in range(min(left, rooms[j]) + 1):
                acc[j] = x
                yield from rec(t + 1, left - x, acc)
            acc[j] = 0

        yield from rec(0, size, [0] * k)

    def ways(self, i: int, rooms: tuple[int, ...]) -> int:
        """Deals of classes ``i..`` into exactly ``rooms`` (cards are distinct)."""
        if i == len(self.classes):
            return 0 if any(rooms) else 1
        return self._options(i, rooms)[2]

    def _options(self, i: int, rooms: tuple[int, ...]
                 ) -> tuple[list[tuple[int, ...]], list[int], int]:
        key = (i, rooms)
        got = self._table.get(key)
        if got is None:
            if len(self._table) >= self.limit:
                raise _TooMany
            size = len(self.classes[i][1])
            if math.comb(size + len(self.seats[i]) - 1, len(self.seats[i]) - 1) > self.limit:
                raise _TooMany  # one class alone has too many splits (many seats, many cards)
            splits: list[tuple[int, ...]] = []
            cum: list[int] = []
            total = 0
            for x in self._splits(i, rooms):
                self._work += 1
                if self._work > 10 * self.limit:
                    raise _TooMany
                w = math.factorial(size)
                for v in x:
                    w //= math.factorial(v)
                w *= self.ways(i + 1, tuple(r - v for r, v in zip(rooms, x, strict=True)))
                if w:
                    total += w
                    splits.append(x)
                    cum.append(total)
            got = (splits, cum, total)
            self._table[key] = got
        return got

    def draw(self, rng: random.Random) -> list[int]:
        """One deal: a card-set bitmask per seat (this seat's own hand included)."""
        if not self.exact:
            return self._draw_by_card(rng)
        hands = self.known[:]
        others = self.others
        rooms = self.rem0
        for i, (_, cards) in enumerate(self.classes):
            splits, cum, total = self._options(i, rooms)
            x = splits[bisect.bisect_right(cum, rng.randrange(total))]
            pile = cards[:]
            rng.shuffle(pile)
            pos = 0
            for j, v in enumerate(x):
                if v:
                    m = 0
                    for c in pile[pos:pos + v]:
                        m |= 1 << c
                    hands[others[j]] |= m
                    pos += v
            rooms = tuple(r - v for r, v in zip(rooms, x, strict=True))
        return hands[:self.n]


    def _draw_by_card(self, rng: random.Random, tries: int = 500) -> list[int]:
        """A deal drawn card by card, the most constrained classes first, each card to
        a seat that may hold it in proportion to its room; a dead end starts again.
        Near-uniform (not exact under voids); used when the count table is too large.
        Raises ``ValueError`` after ``tries`` dead ends."""
        order = sorted(range(len(self.classes)), key=lambda i: len(self.seats[i]))
        for _ in range(tries):
            hands = self.known[:]
            rooms = list(self.rem0)
            ok = True
            for i in order:
                pile = self.classes[i][1][:]
                rng.shuffle(pile)
                seats = self.seats[i]
                for c in pile:
                    room = sum(rooms[j] for j in seats)
                    if not room:
                        ok = False
                        break
                    x = rng.randrange(room)
                    for j in seats:
                        if x < rooms[j]:
                            break
                        x -= rooms[j]
                    rooms[j] -= 1
                    hands[self.others[j]] |= 1 << c
                if not ok:
                    break
            if ok:
                return hands[:self.n]
        raise ValueError("no deal fits what this seat knows")


def sample_hands(know: Knowledge, rng: random.Random) -> list[int]:
    """A deal of every seat's current hand consistent with ``know``.

    Returns one card-set bitmask per seat (this seat's own hand included).
    Raises ``ValueError`` when no deal fits (an inconsistent view).  Many deals from
    one view: build a :class:`Sampler` once and call its ``draw``.
    """
    return Sampler(know).draw(rng)


__all__ = ["Knowledge", "Sampler", "infer", "sample_hands"]
