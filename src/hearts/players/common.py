"""Helpers shared by the bot levels: card values read from the rules, the
state of the current trick, the moon choice.

Everything here reads the :class:`hearts.rules.Rules` fields (``penalty``,
``bonus``, ``moon``...) and never the variant's name, so every level plays
every variant and option.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import scoring
from ..cards import HEARTS, SPADES, SUIT_MASKS
from ..rules import Rules
from ..view import PlayerView
from .sampling import Knowledge, infer

HEART_MASK = SUIT_MASKS[HEARTS]
SPADE_MASK = SUIT_MASKS[SPADES]


def card_value(rules: Rules, card: int) -> int:
    """Points its taker scores for ``card`` (penalty plus bonus; negative is good)."""
    v = rules.penalty[card]
    for c, b in rules.bonus:
        if c == card:
            v += b
    return v


def value_of(rules: Rules, cards: int) -> int:
    """Points its taker scores for a card set (penalty plus bonus)."""
    total = scoring.penalty_of(rules, cards)
    for c, b in rules.bonus:
        if cards >> c & 1:
            total += b
    return total


def bonus_mask(rules: Rules) -> int:
    """The bonus cards as a card set."""
    m = 0
    for c, _ in rules.bonus:
        m |= 1 << c
    return m


def high_card(mask: int) -> int:
    """Highest card id of a non-empty set."""
    return mask.bit_length() - 1


def low_card(mask: int) -> int:
    """Lowest card id of a non-empty set."""
    return (mask & -mask).bit_length() - 1


def below(card: int) -> int:
    """The cards of ``card``'s suit ranked below it."""
    return ((1 << card) - 1) & SUIT_MASKS[card >> 4]


def above(card: int) -> int:
    """The cards of ``card``'s suit ranked above it."""
    return ~((2 << card) - 1) & SUIT_MASKS[card >> 4]


def moon_choice(view: PlayerView) -> str:
    """The shooter's pick between ``"add"`` and ``"subtract"``.

    Prefer the choice after which the game ends with this seat among the
    winners, then one that does not end the game, then the larger lead over
    the best other seat; on a tie ``"add"`` when this seat is already lowest
    (it brings the end nearer), else ``"subtract"``.
    """
    r = view.rules
    score = scoring.score_hand(r, view.won, view.tricks_won)
    me = view.seat
    best = None
    lowest_now = view.totals[me] <= min(view.totals)
    for choice in ("add", "subtract"):
        after = scoring.add_to_totals(r, view.totals, scoring.hand_points(r, score, choice))
        over, winners = scoring.game_result(r, after)
        outcome = 2 if over and me in winners else (1 if not over else 0)
        gap = min(t for s, t in enumerate(after) if s != me) - after[me]
        pref = (choice == "add") == lowest_now
        key = (outcome, gap, pref)
        if best is None or key > best[0]:
            best = (key, choice)
    assert best is not None
    return best[1]


@dataclass
class Table:
    """The state of the table from one seat's view, for rule-based choices.

    ``out``: cards in other hands; ``trick``: the current trick's cards; ``led``:
    led suit (-1 when leading); ``win_card``/``win_seat``: current winner;
    ``trick_value``: points (penalty + bonus) already in the trick; ``later``:
    seats still to play after this one; ``taken[s]``: penalty points in seat
    ``s``'s tricks so far.
    """

    view: PlayerView
    rules: Rules
    know: Knowledge
    me: int
    hand: int
    legal: int
    out: int
    trick: list[int]
    led: int
    win_card: int
    win_seat: int
    trick_value: int
    trick_penalty: int
    later: list[int]
    taken: list[int]

    @classmethod
    def of(cls, view: PlayerView) -> Table:
        """Build the table state for ``view`` (the seat to play)."""
        r = view.rules
        know = infer(view)
        trick = [c for _, c in view.trick]
        led, win_card, win_seat = -1, -1, -1
        if view.trick:
            led = trick[0] >> 4
            for s, c in view.trick:
                if c >> 4 == led and c > win_card:
                    win_card, win_seat = c, s
        n = r.players
        later = [(view.seat + i) % n for i in range(1, n - len(trick))]
        tm = 0
        for c in trick:
            tm |= 1 << c
        taken = [scoring.penalty_of(r, w) for w in view.won]
        return cls(view, r, know, view.seat, view.hand, view.legal, know.out(), trick, led,
                   win_card, win_seat, value_of(r, tm), scoring.penalty_of(r, tm), later, taken)

    def may_hold(self, seat: int, cards: int) -> int:
        """Cards of ``cards`` that ``seat`` may hold."""
        return self.know.may_hold(seat, cards)

    def later_may_hold(self, cards: int) -> int:
        """Cards of ``cards`` that some seat still to play in this trick may hold."""
        m = 0
        for s in self.later:
            m |= self.know.may_hold(s, cards)
        return m

    def later_void(self, suit: int) -> bool:
        """Whether a seat still to play may be void in ``suit`` (known void, or the
        suit's outstanding cards are too few to go round)."""
        mask = SUIT_MASKS[suit]
        if not self.later:
            return False
        for s in self.later:
            if not self.know.may_hold(s, mask):
                return True
        return (self.out & mask).bit_count() < len(self.later)

    def moon_threat(self) -> int:
        """The seat that may be shooting the moon, or -1.

        A threat: the rules have a moon, every penalty point taken so far sits
        with one other seat (not a partner), and that is at least a third of the
        hand's total (or it holds the biggest penalty card already); or another
        side's seat declared General and every point taken so far is its own; or another
        side bid a slam and every point so far sits with the bidder and at most one
        other seat (its partner, unknown, may be any).  With
        joint partnership scores the threat is a team that holds every point taken so
        far (two seats share a moon far more often than one, so at once): its seat
        winning the trick now, else its partner with more points.
        """
        r = self.rules
        if r.moon == "none" or not r.penalty_mask:
            return -1
        holders = [s for s, t in enumerate(self.taken) if t > 0]
        friends = (self.me, *self.view.partners)
        if r.teams and r.team_scores == "joint" and holders:
            # A team moon: every point so far with one other team, a third of the total.
            team = next(t for t in r.teams if holders[0] in t)
            if self.me not in team and all(h in team for h in holders):
                if self.win_seat in team:
                    return self.win_seat
                return max(team, key=lambda s: self.taken[s])
            return -1
        for s, name in self.view.declarations:  # a General declared: stop it at once
            if name == "general" and s not in friends and all(h == s for h in holders):
                return s
        bidder = self.view.declarer
        if r.slam_bid and bidder >= 0 and bidder not in friends:
            # A slam bid: stop it at once; its silent partner may be any other seat, so
            # the threat stands while every point so far sits with the bidder and at most
            # one other seat.
            others = {h for h in holders if h != bidder}
            if len(others) <= 1 and not others & set(friends):
                return bidder
        if len(holders) != 1 or holders[0] in friends:
            return -1
        s = holders[0]
        if self.taken[s] * 3 >= r.hand_total:
            return s
        return -1
