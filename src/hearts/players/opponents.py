"""The search bot's opponent model: how well medium's rules have explained each seat so far.

``hard`` reads the other seats' plays and the pass it received as evidence about the
hidden cards, by asking how well medium's rules explain them
(:func:`hearts.players.policy.replay_misses`, :func:`hearts.players.policy.pass_misses`).
People do not play like medium, and evidence read through the wrong model pulls the
drawn deals the wrong way (a player who keeps a bare Q♠ and passes hearts makes every
deal that gives the passer Q♠ look unlikely).  So the weight of each seat's evidence
comes from how well that seat has fitted the model this hand:

- **play fit** of a seat: in the deal of the first weighed pool that explains that seat's
  plays best, the share of its plays with a choice that medium's model would not have made
  (near-ties allowed), shrunk towards a fit by :data:`PRIOR_CHOICES` plays explained in
  advance.  At most :data:`FIT_RATE` the seat fits (1.0); from :data:`MISFIT_RATE` it does
  not (0.0); linear between.  Medium itself misses under 1% of its plays.
- **pass fit** of the seat that passed to this one: the fewest pass misses any deal of
  the pool needs to explain the pass (:class:`hearts.players.hard.PassEvidence`), 0 for a
  medium pass; the fit falls by a quarter a miss, to none at :data:`PASS_MISS_LIMIT`.
  The pool is drawn consistent with everything seen since (voids, the cards the passer has
  played), so when the passer shows a card medium would have passed (a bare Q♠), the fewest
  misses rise and the pass stops counting.

The passer's pass weighs the deals with the factor ``pass_likelihood ** (pass fit × play
fit)`` per miss: the full factor for a seat that fits both ways, 1 (no weight) for a seat
that fits neither.  A seat whose play fit is below 1 is played in the search's play-outs
by the simulator's plain policy (``Sim.simple_card``) in a share ``1 - fit`` of the deals
instead of by the model of medium (``Sim.alt``), a mixture weighted the same way.

**Earlier hands of the game** (``PlayerView.past``: their plays are public, and this seat
knows what it passed and received) count too, exactly: once a hand is over every seat's
cards are known (each played them all), so each seat's plays are replayed on the true
deal (:func:`past_evidence`) and its misses and choices are added to this hand's; the
pass each earlier passer sent this seat is scored on its true hand (the cards it received
are this seat's pass when this seat fed it, else medium's pass of its hand stands in),
and the passer's pass fit is multiplied by the fit of its earlier passes (their mean
misses).  A style is so noticed within a hand or two and stays noticed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import PACK2
from ..view import PastHand, PlayerView
from .policy import KINDS, moon_fits, pass_mask, pass_misses, policy_rules, replay_misses
from .sim import Sim

PRIOR_CHOICES = 8
"""Plays with a choice counted as explained before any is seen (a seat is not judged on
its first miss)."""
FIT_RATE = 0.1
"""A seat's share of unexplained plays (after :data:`PRIOR_CHOICES`) up to which it fits."""
MISFIT_RATE = 0.3
"""The share from which a seat does not fit at all (as random players do not)."""
PASS_MISS_LIMIT = 4
"""Pass misses (the fewest any drawn deal needs) at which the pass fit is 0."""


def play_fit(misses: int, choices: int,
             rates: tuple[float, float] = (FIT_RATE, MISFIT_RATE)) -> float:
    """The play fit (1.0 fits .. 0.0 does not) of a seat whose plays the model missed
    ``misses`` times out of ``choices`` plays with a choice (see the module text);
    ``rates``: the share of misses up to which a seat fits and the share from which it
    does not (default :data:`FIT_RATE`, :data:`MISFIT_RATE`)."""
    fit_rate, misfit_rate = rates
    rate = misses / (choices + PRIOR_CHOICES)
    if rate <= fit_rate:
        return 1.0
    if rate >= misfit_rate:
        return 0.0
    return 1.0 - (rate - fit_rate) / (misfit_rate - fit_rate)


def pass_fit(least_misses: int) -> float:
    """The pass fit (1.0 .. 0.0) when the best drawn deal needs ``least_misses`` pass
    misses to explain the pass received."""
    return max(0.0, 1.0 - least_misses / PASS_MISS_LIMIT)


@dataclass(frozen=True)
class SeatFit:
    """The opponent model of one decision: ``play[s]`` each seat's play fit over all its
    plays, ``kinds[s][k]`` its fit in each kind of play ``k`` (lead, follow, discard:
    :func:`hearts.players.policy.play_kind`), both 1.0 for this seat and for seats with
    nothing to judge; ``passer`` the seat that passed to this one (-1: no pass evidence)
    and ``pass_fit`` its pass fit (1.0 without evidence)."""

    play: tuple[float, ...]
    passer: int = -1
    pass_fit: float = 1.0
    kinds: tuple[tuple[float, ...], ...] = ()

    @property
    def pass_weight(self) -> float:
        """The weight (1.0 full .. 0.0 none) of the pass evidence: the passer's pass fit
        times its play fit; 0.0 without a passer."""
        if self.passer < 0:
            return 0.0
        return self.pass_fit * self.play[self.passer]

    @property
    def uniform(self) -> bool:
        """Whether every seat fits every kind of play (every play miss counts in full)."""
        return all(f >= 1.0 for fs in self.kinds for f in fs)

    def weighted(self, row: Sequence[int]) -> float:
        """The misses of one replayed deal weighed by the fit: ``row`` the ``per_seat``
        counts of :func:`hearts.players.policy.replay_misses`; each miss of seat ``s`` in
        kind ``k`` counts ``kinds[s][k]`` (a miss of a kind the seat does not fit says
        nothing of its cards)."""
        n = len(self.play)
        total = 0.0
        for s, fs in enumerate(self.kinds):
            for k, f in enumerate(fs):
                if f > 0.0:
                    total += f * row[k * n + s]
        return total

    @classmethod
    def of(cls, rows: Sequence[Sequence[int]], n: int, me: int, passer: int = -1,
           pass_misses: Sequence[int] = (), past: PastEvidence | None = None,
           rates: tuple[float, float] = (FIT_RATE, MISFIT_RATE)) -> SeatFit:
        """The fit from a pool's replays: ``rows`` one per replayed deal, each the
        ``per_seat`` counts of :func:`hearts.players.policy.replay_misses` (misses of
        seat ``s`` in kind ``k`` at ``k * n + s``, its choices at ``(KINDS + k) * n + s``);
        ``pass_misses`` the pass misses of the same pool's deals (empty: no pass
        evidence); ``past`` the evidence of the game's earlier hands
        (:func:`past_evidence`), added to this hand's; ``rates`` as in :func:`play_fit`.
        Each seat is judged on the deal that explains its plays best."""
        play = [1.0] * n
        kinds = [(1.0,) * KINDS for _ in range(n)]
        prior = past.counts if past is not None else [0] * (2 * KINDS * n)
        ck = KINDS * n  # where the choices start

        def misses(r: Sequence[int], s: int) -> int:
            return sum(r[k * n + s] for k in range(KINDS))

        def choices(r: Sequence[int], s: int) -> int:
            return sum(r[ck + k * n + s] for k in range(KINDS))

        for s in range(n):
            if s == me:
                continue
            best = min(rows, key=lambda r: (misses(r, s), -choices(r, s))) if rows else None
            ms = [prior[k * n + s] + (best[k * n + s] if best else 0) for k in range(KINDS)]
            cs = [prior[ck + k * n + s] + (best[ck + k * n + s] if best else 0)
                  for k in range(KINDS)]
            play[s] = play_fit(sum(ms), sum(cs), rates)
            kinds[s] = tuple(play_fit(m, c, rates) for m, c in zip(ms, cs, strict=True))
        if passer < 0 or not pass_misses:
            return cls(tuple(play), kinds=tuple(kinds))
        fit = pass_fit(min(pass_misses))
        if past is not None:
            fit *= past.pass_fit(passer)
        return cls(tuple(play), passer, fit, tuple(kinds))


@dataclass(frozen=True)
class PastEvidence:
    """What the game's earlier hands showed of each seat: ``counts`` the replay counts
    (the ``per_seat`` layout of :func:`hearts.players.policy.replay_misses`: misses of
    seat ``s`` in kind ``k`` at ``k * n + s``, its choices at ``(KINDS + k) * n + s``),
    ``passes`` the pass misses
    of each pass received, as ``(passer, misses)``."""

    counts: list[int]
    passes: tuple[tuple[int, int], ...]

    def pass_fit(self, seat: int) -> float:
        """The fit of ``seat``'s earlier passes to this seat (1.0 without any): the
        pass fit of their mean misses."""
        ms = [m for s, m in self.passes if s == seat]
        return pass_fit(round(sum(ms) / len(ms))) if ms else 1.0


def _past_hand(view: PlayerView, past: PastHand, counts: list[int],
               passes: list[tuple[int, int]]) -> None:
    """Add one earlier hand's evidence to ``counts`` and ``passes`` (skipped unless
    every seat played a whole hand of one plain pack)."""
    r = view.rules
    n = r.players
    start = [0] * n
    for s, c in past.plays:
        start[s] |= 1 << c
    if any(h.bit_count() != r.hand_size for h in start) or not past.plays:
        return
    pr = policy_rules(r)
    sim = Sim(r, start, leader=past.plays[0][0])
    sim.fit = moon_fits(pr, start)
    seats = [s for s, _ in past.plays]
    cards = [c for _, c in past.plays]
    replay_misses(sim, seats, cards, view.seat, pr, len(cards), True, counts)
    off = past.pass_offset % n
    if off and past.received:
        passer = (view.seat - off) % n
        fed = (passer - off) % n == view.seat
        h = start[passer]
        got = past.passed if fed else pass_mask(r, h)
        passes.append((passer, pass_misses(r, h & ~got | past.received, past.received)))


def past_evidence(view: PlayerView) -> PastEvidence | None:
    """The evidence of the game's earlier hands (``view.past``) about every other seat
    (:class:`PastEvidence`), or None: no earlier hand, or rules whose play-out policy
    does not apply (two packs, wild cards, a stock, bids)."""
    r = view.rules
    if not view.past or r.deck >> PACK2 or r.wild_mask or r.stock_size or r.max_bid \
            or r.slam_bid or r.widow_size:
        return None
    n = r.players
    counts = [0] * (2 * KINDS * n)
    passes: list[tuple[int, int]] = []
    for past in view.past:
        _past_hand(view, past, counts, passes)
    return PastEvidence(counts, tuple(passes))


__all__ = ["SeatFit", "PastEvidence", "past_evidence", "play_fit", "pass_fit",
           "PRIOR_CHOICES", "FIT_RATE", "MISFIT_RATE", "PASS_MISS_LIMIT"]
