"""A lean play-out simulator for search: one hand, full information, no log.

The search bot (``hard.py``) plays thousands of hands per move on *sampled*
deals.  :class:`hearts.game.Game` keeps a log, builds frozen action records and
checks every call, which is right for a real table but slow for play-outs.
:class:`Sim` keeps only what the rules need (hands, the trick, who won what)
and reads every rule from the :class:`hearts.rules.Rules` object: the legality
steps are those of ``Game._legal`` (opening card, follow suit, first-trick
points, hearts unbroken) and the final score is computed by
:mod:`hearts.scoring`, so a variant never needs code here.
``tests/test_players_sim.py`` replays random games of every variant in both
:class:`Sim` and :class:`Game` and checks that legal sets and scores agree.

Card sets are int bitmasks (``cards.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts import scoring
from hearts.cards import SPADES, SUIT_MASKS, make_card
from hearts.rules import Rules
from hearts.view import PlayerView

QS = make_card(10, SPADES)


class Sim:
    """The state of one hand being played: mutable, cheap to copy.

    ``hands[s]``: cards seat ``s`` holds; ``won[s]``: cards in its tricks;
    ``tricks_won[s]``: trick counts; ``trick``: cards of the current trick in
    play order, led by ``leader``; ``turn``: seat to play; ``played``: every
    card played this hand; ``trick_index``: tricks finished so far;
    ``voids[s]``: suits (bit ``suit``) seat ``s`` has shown out of; ``taken[s]``:
    penalty points in its tricks.  ``voids``/``taken`` are public facts kept for
    the play-out policy.
    """

    __slots__ = ("rules", "n", "hands", "won", "tricks_won", "trick", "leader", "turn",
                 "played", "trick_index", "win_card", "win_seat", "voids", "taken")

    def __init__(self, rules: Rules, hands: Sequence[int], won: Sequence[int] | None = None,
                 tricks_won: Sequence[int] | None = None, trick: Sequence[int] = (),
                 leader: int = 0, played: int = 0, trick_index: int = 0) -> None:
        n = rules.players
        self.rules = rules
        self.n = n
        self.hands = list(hands)
        self.won = list(won) if won is not None else [0] * n
        self.tricks_won = list(tricks_won) if tricks_won is not None else [0] * n
        self.trick = list(trick)
        self.leader = leader
        self.turn = (leader + len(self.trick)) % n
        self.played = played
        self.trick_index = trick_index
        self.win_card = -1
        self.win_seat = -1
        self.voids = [0] * n
        self.taken = [scoring.penalty_of(rules, w) if w & rules.penalty_mask else 0
                      for w in self.won]
        if self.trick:
            led = self.trick[0] >> 4
            for i, c in enumerate(self.trick):
                if c >> 4 == led and c > self.win_card:
                    self.win_card, self.win_seat = c, (leader + i) % n

    @classmethod
    def from_view(cls, view: PlayerView, hands: Sequence[int]) -> Sim:
        """A simulator at the position of ``view`` with the hidden hands filled by ``hands``.

        ``hands`` holds every seat's current cards (``hands[view.seat]`` must be
        ``view.hand``); everything else comes from the view.
        """
        sim = cls(view.rules, hands, view.won, view.tricks_won, [c for _, c in view.trick],
                  view.leader, view.played, len(view.tricks))
        n = view.rules.players
        tricks = [(t.leader, t.cards) for t in view.tricks]
        if view.trick:
            tricks.append((view.trick[0][0], tuple(c for _, c in view.trick)))
        for leader, cards in tricks:
            led = cards[0] >> 4
            for i in range(1, len(cards)):
                if cards[i] >> 4 != led:
                    sim.voids[(leader + i) % n] |= 1 << led
        return sim

    def copy(self) -> Sim:
        """An independent copy."""
        s = Sim.__new__(Sim)
        s.rules = self.rules
        s.n = self.n
        s.hands = self.hands[:]
        s.won = self.won[:]
        s.tricks_won = self.tricks_won[:]
        s.trick = self.trick[:]
        s.leader = self.leader
        s.turn = self.turn
        s.played = self.played
        s.trick_index = self.trick_index
        s.win_card = self.win_card
        s.win_seat = self.win_seat
        s.voids = self.voids[:]
        s.taken = self.taken[:]
        return s

    @property
    def done(self) -> bool:
        """Whether every trick of the hand has been played."""
        return self.trick_index >= self.rules.hand_size

    def legal(self) -> int:
        """Cards the seat to play may play (the steps of ``Game._legal``)."""
        r = self.rules
        cand = self.hands[self.turn]
        first = self.trick_index == 0
        if self.trick:
            new = cand & SUIT_MASKS[self.trick[0] >> 4]
            if new:
                cand = new
        elif first and r.first_lead == "lowest-club":
            new = cand & (1 << r.opening_card)
            if new:
                cand = new
        if first and not r.first_trick_points:
            new = cand & ~r.penalty_mask
            if new:
                cand = new
        if not self.trick and not r.hearts_lead_any_time and not self.played & r.breaking_mask:
            new = cand & ~r.lead_restricted_mask
            if new and new != cand and not (r.lead_hearts_over_qs and new == 1 << QS):
                cand = new
        return cand

    def play(self, card: int) -> None:
        """The seat to play plays ``card`` (not checked: pass a legal card)."""
        b = 1 << card
        seat = self.turn
        self.hands[seat] ^= b
        self.played |= b
        trick = self.trick
        trick.append(card)
        if len(trick) == 1:
            self.win_card, self.win_seat = card, seat
        elif card >> 4 == trick[0] >> 4:
            if card > self.win_card:
                self.win_card, self.win_seat = card, seat
        else:
            self.voids[seat] |= 1 << (trick[0] >> 4)
        if len(trick) < self.n:
            self.turn = (seat + 1) % self.n
            return
        m = 0
        for c in trick:
            m |= 1 << c
        w = self.win_seat
        self.won[w] |= m
        if m & self.rules.penalty_mask:
            pen = self.rules.penalty
            self.taken[w] += pen[trick[0]] + pen[trick[1]] + sum(pen[c] for c in trick[2:])
        self.tricks_won[w] += 1
        self.trick = []
        self.trick_index += 1
        self.leader = self.turn = w
        self.win_card = self.win_seat = -1

    def score(self) -> scoring.HandScore:
        """The raw score of the finished hand (``scoring.score_hand``)."""
        return scoring.score_hand(self.rules, self.won, self.tricks_won)

    def points(self, choice: str | None = None) -> tuple[int, ...]:
        """Points each seat scores for the finished hand (``scoring.hand_points``)."""
        return scoring.hand_points(self.rules, self.score(), choice)


__all__ = ["Sim", "QS"]
