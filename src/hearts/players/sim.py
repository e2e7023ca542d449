"""A lean play-out simulator for search: one hand, full information, no log.

The search bot (``hard.py``) plays thousands of hands per move on *sampled*
deals.  :class:`hearts.game.Game` keeps a log, builds frozen action records and
checks every call, which is right for a real table but slow for play-outs.
:class:`Sim` keeps only what the rules need (hands, the trick, who won what).
It has no rules of its own: which cards are legal is
:func:`hearts.tricks.legal` (after the first trick :func:`hearts.tricks.follow`),
who takes a trick is :func:`hearts.tricks.winner_index` (the bit trick of
``Game.play`` for one-pack games without wild cards), and the score is
:mod:`hearts.scoring`: the same functions ``Game`` calls, so no rule is written
twice.  The widow (Heartsette) goes to the first trick's winner as in ``Game``.
A General declared (``general``, the four-queens game) and a slam bid's side (``side``:
the bidder and the partner card's holder in the hands simulated) score as in ``Game``.
The simulator has no stock (Domino Hearts: the hard bot plays medium's card
there) and seats never drop out of its tricks.
``setup.py`` compiles this module with mypyc like the engine (``hearts bench
bots`` reports play-outs per second).  ``tests/test_players_sim.py`` replays
random hands of every variant in both :class:`Sim` and :class:`Game` and checks
that legal sets, winners and points agree.

Card sets are int bitmasks (``cards.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .. import scoring, tricks
from ..cards import PACK2, SPADES, SUIT_MASKS, make_card
from ..rules import Rules
from ..view import PlayerView

QS: Final = make_card(10, SPADES)
_NO_HANDS: Final[tuple[int, ...]] = ()
FIELDS: Final = ("rules", "n", "hands", "won", "tricks_won", "trick", "leader", "turn",
                 "played", "trick_index", "win_card", "win_seat", "voids", "taken", "widow",
                 "carry", "plain", "general", "side", "fit", "alt", "mix", "seed")
"""Every attribute of a :class:`Sim` (what :meth:`Sim.copy` carries over)."""


class Sim:
    """The state of one hand being played: mutable, cheap to copy.

    ``hands[s]``: cards seat ``s`` holds; ``won[s]``: cards in its tricks;
    ``tricks_won[s]``: trick counts; ``trick``: cards of the current trick in
    play order, led by ``leader``; ``turn``: seat to play; ``played``: every
    card played this hand; ``trick_index``: tricks finished so far;
    ``voids[s]``: suits (bit ``suit``) seat ``s`` has shown out of; ``taken[s]``:
    penalty points in its tricks; ``widow``: cards the first trick's winner
    takes (0 once taken, or in games without one); ``carry``: cards of
    cancelled tricks waiting for the next winner.  ``voids``/``taken`` are
    public facts kept for the play-out policy; ``win_card``/``win_seat`` the
    trick's current winning card and seat (-1 while none).  ``fit``: the seats (bit
    ``seat``) whose hand at the start of the play was fit to shoot the moon
    (:func:`hearts.players.policy.moon_fits`; 0 unless the caller sets it), for the
    policy's moon attempts.  ``alt``: the seats (bit ``seat``) that the play-outs of
    :func:`hearts.players.policy.rollout` play with :meth:`simple_card` instead of the
    model of medium (0 unless the caller sets it: the search bot's opponent model puts
    there a seat whose play does not fit medium's, in a share of its deals).  ``mix``: the
    play-out policy of each seat and kind of play, two bits at ``2 * (kind * n + seat)``
    (kinds: ``policy.play_kind``; codes ``policy.MEDIUM`` 0, ``policy.PLAIN`` 1,
    ``policy.RANDOM`` 2, ``policy.HIGH`` 3; 0 unless the caller sets it: the search bot's fitted mixture,
    ``HardBot(mixture_fit=True)``); ``seed``: the state (31 bits) of the generator that
    ``policy.random_card`` draws from, copied with the simulator so that every candidate
    of a search meets the same draws.
    """

    __slots__ = FIELDS  # (read FIELDS: a compiled class does not show its __slots__)

    rules: Rules
    n: int
    hands: list[int]
    won: list[int]
    tricks_won: list[int]
    trick: list[int]
    leader: int
    turn: int
    played: int
    trick_index: int
    win_card: int
    win_seat: int
    voids: list[int]
    taken: list[int]
    widow: int
    carry: int
    plain: bool
    general: int
    side: tuple[int, ...]
    fit: int
    alt: int
    mix: int
    seed: int

    def __init__(self, rules: Rules, hands: Sequence[int], won: Sequence[int] | None = None,
                 tricks_won: Sequence[int] | None = None, trick: Sequence[int] = (),
                 leader: int = 0, played: int = 0, trick_index: int = 0, widow: int = 0,
                 of: Sim | None = None, general: int = -1,
                 side: tuple[int, ...] = ()) -> None:
        if of is not None:  # copy(): every field of ``of`` (a compiled class has no __new__ path)
            self.rules = of.rules
            self.n = of.n
            self.hands = of.hands[:]
            self.won = of.won[:]
            self.tricks_won = of.tricks_won[:]
            self.trick = of.trick[:]
            self.leader = of.leader
            self.turn = of.turn
            self.played = of.played
            self.trick_index = of.trick_index
            self.win_card = of.win_card
            self.win_seat = of.win_seat
            self.voids = of.voids[:]
            self.taken = of.taken[:]
            self.widow = of.widow
            self.carry = of.carry
            self.plain = of.plain
            self.general = of.general
            self.side = of.side
            self.fit = of.fit
            self.alt = of.alt
            self.mix = of.mix
            self.seed = of.seed
            return
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
        self.widow = widow
        self.carry = 0
        self.general = general
        self.side = side
        self.fit = 0
        self.alt = 0
        self.mix = 0
        self.seed = 0
        self.plain = not rules.wild_mask and not rules.cancel_identical \
            and not rules.deck >> PACK2
        cards = self.trick
        self.trick = []
        for i, c in enumerate(cards):
            self.trick.append(c)
            self._track(c, (leader + i) % n)

    @classmethod
    def from_view(cls, view: PlayerView, hands: Sequence[int]) -> Sim:
        """A simulator at the position of ``view`` with the hidden hands filled by ``hands``.

        ``hands`` holds every seat's current cards (``hands[view.seat]`` must be
        ``view.hand``); everything else comes from the view.  Unseen cards that
        are in no hand are the widow: still to be taken after the first trick, or
        (when another seat took it unseen) added to that seat's tricks.
        """
        r = view.rules
        n = r.players
        rest = r.deck & ~view.played
        for h in hands:
            rest &= ~h
        won = list(view.won)
        for w in won:
            rest &= ~w
        widow = 0
        if view.widow_size:
            if view.widow_taker >= 0:
                won[view.widow_taker] |= rest  # the widow someone else took, as sampled
            else:
                widow = rest
        general = -1
        for s, name in view.declarations:
            if name == "general":
                general = s
        sim = cls(r, hands, won, view.tricks_won, [c for _, c in view.trick],
                  view.leader, view.played, len(view.tricks), widow, general=general,
                  side=_bid_side(view, hands))
        for t in reversed(view.tricks):  # cancelled tricks waiting for the next winner
            if t.winner >= 0:
                break
            for c in t.cards:
                sim.carry |= 1 << c
        tricks_seen = [(t.leader, t.cards) for t in view.tricks]
        if view.trick:
            tricks_seen.append((view.trick[0][0], tuple(c for _, c in view.trick)))
        wild = r.wild_mask
        for leader, cards in tricks_seen:
            led = tricks.led_mask(list(cards), wild)
            for i in range(1, len(cards)):
                c = cards[i]
                if led and not wild >> c & 1 and not led >> c & 1:
                    sim.voids[(leader + i) % n] |= 1 << _suit(led)
        return sim

    def copy(self) -> Sim:
        """An independent copy."""
        return Sim(self.rules, _NO_HANDS, of=self)

    @property
    def done(self) -> bool:
        """Whether every trick of the hand has been played."""
        return self.trick_index >= self.rules.hand_size

    def legal(self) -> int:
        """Cards the seat to play may play: :func:`hearts.tricks.legal` (or its
        after-the-first-trick form :func:`hearts.tricks.follow`)."""
        if self.trick and self.trick_index:
            return tricks.follow(self.rules, self.hands[self.turn], self.trick)
        return tricks.legal(self.rules, self.hands[self.turn], self.trick,
                            self.trick_index == 0, self.played)

    def _track(self, card: int, seat: int) -> None:
        """Keep ``win_card``/``win_seat`` (the winner so far, for the policy) and the
        voids shown, after ``card`` joined the trick."""
        trick = self.trick
        if self.plain:
            led = trick[0]
            if len(trick) == 1:
                self.win_card, self.win_seat = card, seat
            elif card >> 4 == led >> 4:
                if card > self.win_card:
                    self.win_card, self.win_seat = card, seat
            else:
                self.voids[seat] |= 1 << (led >> 4)
            return
        r = self.rules
        if r.wild_mask >> card & 1:
            return
        led_mask = tricks.led_mask(trick, r.wild_mask)
        if not led_mask >> card & 1:
            self.voids[seat] |= 1 << _suit(led_mask)
        elif self.win_card < 0 or (card & 127) > (self.win_card & 127):
            self.win_card, self.win_seat = card, seat

    def play(self, card: int) -> None:
        """The seat to play plays ``card`` (not checked: pass a legal card)."""
        b = 1 << card
        seat = self.turn
        self.hands[seat] ^= b
        self.played |= b
        trick = self.trick
        trick.append(card)
        self._track(card, seat)
        n = self.n
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return
        m = 0
        for c in trick:
            m |= 1 << c
        if self.plain:
            w = self.win_seat
        else:
            place = tricks.winner_index(self.rules, trick)
            w = (self.leader + place) % n if place >= 0 else -1
        if w < 0:  # a cancelled trick: the cards wait for the next winner, the leader leads
            self.carry |= m
            w = self.leader
        else:
            if self.carry:
                m |= self.carry
                self.carry = 0
            if self.widow and self.trick_index == 0:
                m |= self.widow
                self.widow = 0
            self.won[w] |= m
            self.tricks_won[w] += 1
            if m & self.rules.penalty_mask:
                self.taken[w] += scoring.penalty_of(self.rules, m)
        self.trick = []
        self.trick_index += 1
        if self.trick_index >= self.rules.hand_size and self.carry:
            self.won[w] |= self.carry
            self.carry = 0
        self.leader = self.turn = w
        self.win_card = self.win_seat = -1

    def simple_card(self, legal: int) -> int:
        """A plain play-out choice for any rules (the policy of ``policy.py`` knows one
        pack without wild cards): lead the lowest card; follow just under the winning
        card, else lowest; when void, shed the biggest penalty card, else the highest
        card (a wild card first when void of the led suit and holding one)."""
        r = self.rules
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        wild = legal & r.wild_mask
        real = legal ^ wild
        if not self.trick or not real:
            pool = real or legal
            return _lowest_rank(pool)
        led = tricks.led_mask(self.trick, r.wild_mask)
        follow = real & led
        if follow:
            if self.win_card >= 0:
                under = 0
                for c in _cards(follow):
                    if (c & 127) < (self.win_card & 127):
                        under |= 1 << c
                if under:
                    return under.bit_length() - 1
            if wild:
                return (wild & -wild).bit_length() - 1
            return (follow & -follow).bit_length() - 1
        if wild:
            return (wild & -wild).bit_length() - 1
        pen = real & r.penalty_mask
        if pen:
            best, value = -1, -1
            for c in _cards(pen):
                if r.penalty[c] > value:
                    best, value = c, r.penalty[c]
            return best
        return _highest_rank(real)

    def rollout_simple(self) -> None:
        """Play to the hand's end with :meth:`simple_card` for every seat."""
        hs = self.rules.hand_size
        while self.trick_index < hs:
            self.play(self.simple_card(self.legal()))

    def score(self) -> scoring.HandScore:
        """The raw score of the finished hand (``scoring.score_hand``)."""
        return scoring.score_hand(self.rules, self.won, self.tricks_won, self.side)

    def points(self, choice: str | None = None,
               totals: Sequence[int] | None = None) -> tuple[int, ...]:
        """Points each seat scores for the finished hand (``scoring.hand_points``, with the
        General declared, if any).  ``totals`` (before the hand) keep a reduction such as
        Royal Hearts' Q♦ from taking a total below 0; without them it is taken in full."""
        return scoring.hand_points(self.rules, self.score(), choice, totals,
                                   general=self.general, side=self.side)


def _bid_side(view: PlayerView, hands: Sequence[int]) -> tuple[int, ...]:
    """A slam bid's side in a world where the hidden hands are ``hands``: the bidder,
    then the seat that played the partner card or holds it (``Game.bid_side``)."""
    card = view.rules.partner_card
    bidder = view.declarer
    if bidder < 0 or card < 0:
        return ()
    partner = view.played_by(card)
    for seat in range(view.rules.players):
        if hands[seat] >> card & 1:
            partner = seat
    if partner < 0 or partner == bidder:
        return (bidder,)
    return (bidder, partner)


def _suit(led_mask: int) -> int:
    for suit in range(4):
        if led_mask & (SUIT_MASKS[suit] | SUIT_MASKS[suit] << PACK2):
            return suit
    return 0


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _lowest_rank(mask: int) -> int:
    best, rank = -1, 99
    for c in _cards(mask):
        if (c & 15) < rank:
            best, rank = c, c & 15
    return best


def _highest_rank(mask: int) -> int:
    best, rank = -1, -1
    for c in _cards(mask):
        if (c & 15) >= rank:
            best, rank = c, c & 15
    return best


__all__ = ["Sim", "QS", "FIELDS"]
