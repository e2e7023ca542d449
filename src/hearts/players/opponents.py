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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

PRIOR_CHOICES = 4
"""Plays with a choice counted as explained before any is seen (a seat is not judged on
its first miss)."""
FIT_RATE = 0.1
"""A seat's share of unexplained plays (after :data:`PRIOR_CHOICES`) up to which it fits."""
MISFIT_RATE = 0.3
"""The share from which a seat does not fit at all (as random players do not)."""
PASS_MISS_LIMIT = 4
"""Pass misses (the fewest any drawn deal needs) at which the pass fit is 0."""


def play_fit(misses: int, choices: int) -> float:
    """The play fit (1.0 fits .. 0.0 does not) of a seat whose plays the model missed
    ``misses`` times out of ``choices`` plays with a choice (see the module text)."""
    rate = misses / (choices + PRIOR_CHOICES)
    if rate <= FIT_RATE:
        return 1.0
    if rate >= MISFIT_RATE:
        return 0.0
    return 1.0 - (rate - FIT_RATE) / (MISFIT_RATE - FIT_RATE)


def pass_fit(least_misses: int) -> float:
    """The pass fit (1.0 .. 0.0) when the best drawn deal needs ``least_misses`` pass
    misses to explain the pass received."""
    return max(0.0, 1.0 - least_misses / PASS_MISS_LIMIT)


@dataclass(frozen=True)
class SeatFit:
    """The opponent model of one decision: ``play[s]`` each seat's play fit (1.0 for this
    seat and for seats with nothing to judge), ``passer`` the seat that passed to this
    one (-1: no pass evidence) and ``pass_fit`` its pass fit (1.0 without evidence)."""

    play: tuple[float, ...]
    passer: int = -1
    pass_fit: float = 1.0

    @property
    def pass_weight(self) -> float:
        """The weight (1.0 full .. 0.0 none) of the pass evidence: the passer's pass fit
        times its play fit; 0.0 without a passer."""
        if self.passer < 0:
            return 0.0
        return self.pass_fit * self.play[self.passer]

    @classmethod
    def of(cls, rows: Sequence[Sequence[int]], n: int, me: int, passer: int = -1,
           pass_misses: Sequence[int] = ()) -> SeatFit:
        """The fit from a pool's replays: ``rows`` one per replayed deal, each the
        ``per_seat`` counts of :func:`hearts.players.policy.replay_misses` (misses of
        seat ``s`` at ``s``, its choices at ``n + s``); ``pass_misses`` the pass misses
        of the same pool's deals (empty: no pass evidence)."""
        play = [1.0] * n
        for s in range(n):
            if s == me or not rows:
                continue
            best = min(rows, key=lambda r: (r[s], -r[n + s]))
            play[s] = play_fit(best[s], best[n + s])
        if passer < 0 or not pass_misses:
            return cls(tuple(play))
        return cls(tuple(play), passer, pass_fit(min(pass_misses)))


__all__ = ["SeatFit", "play_fit", "pass_fit", "PRIOR_CHOICES", "FIT_RATE", "MISFIT_RATE",
           "PASS_MISS_LIMIT"]
