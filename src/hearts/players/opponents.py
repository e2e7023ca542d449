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

**The fitted play-out mixture** (``HardBot(mixture_fit=True)``, under evaluation): the
same exact replays of the earlier hands also ask, at every play of another seat with a
choice, whether medium's model (near-ties allowed), the plain policy, the highest card
would have made it, and how many cards it had to choose from.  :func:`mixture_shares`
fits to these plays the shares of a mixture of four play-out policies (medium's model,
the plain one, a legal card at random, the highest card) by maximum likelihood (EM), per
seat and kind of play, shrunk towards the seat's shares over all its plays; the
play-outs then play that seat and kind by a policy drawn from those shares
(``Sim.mix``).  A searcher that no policy describes (ISMCTS) gets a large random share,
a seat that discards its highest card the highest card in its discards, a medium-like
seat medium's model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import PACK2
from ..rules import Rules
from ..view import PastHand, PlayerView
from .policy import (
    KINDS,
    highest_card,
    moon_fits,
    near_ties,
    pass_mask,
    pass_misses,
    play_kind,
    policy_rules,
    replay_misses,
    rollout_card,
)
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
MIXTURE_PRIOR = (2.0, 0.5, 0.5, 0.5)
"""Plays counted in advance for medium's model, the plain policy, random play and the
highest card when a seat's shares are fitted over all its plays (:func:`mixture_shares`)."""
Shares = tuple[float, float, float, float]
"""The shares of medium's model, the plain policy, random play and the highest card
(the order of the codes ``policy.MEDIUM``, ``PLAIN``, ``RANDOM``, ``HIGH``)."""
Play = tuple[int, int, int, int, int, int]
"""One play with a choice: ``(seat, kind, medium_ok, plain_ok, high_ok, k)``."""
KIND_PRIOR = 4.0
"""Plays counted in advance, spread by the seat's shares over all its plays, when its
shares in one kind of play are fitted."""
MIXTURE_MIN = 8
"""Plays with a choice, in the earlier hands, from which a seat's mixture is fitted."""


def mixture_shares(plays: Sequence[tuple[int, int, int, int]],
                   prior: Sequence[float] = MIXTURE_PRIOR, rounds: int = 40) -> Shares:
    """The shares (:data:`Shares`, summing to 1) of medium's model, the plain policy, a
    random card and the highest card in the mixture of play-out policies that best
    explains ``plays`` (maximum a posteriori by EM): each play ``(medium_ok, plain_ok,
    high_ok, k)`` says whether medium's model (its near-ties allowed), the plain policy
    and the highest card (any card of the highest rank) would have made it (1 or 0) among
    ``k`` legal cards (k >= 2); a random player makes it with probability ``1 / k``.
    ``prior``: plays counted in advance for each policy (four, all > 0)."""
    w = [p / sum(prior) for p in prior]
    for _ in range(rounds):
        acc = list(prior)
        for m, p, h, k in plays:
            like = (w[0] * m, w[1] * p, w[2] / k, w[3] * h)
            tot = sum(like)
            for i in range(4):
                acc[i] += like[i] / tot
        total = sum(acc)
        w = [a / total for a in acc]
    return w[0], w[1], w[2], w[3]


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

    def weighted(self, row: Sequence[int], skip: Sequence[bool] | None = None) -> float:
        """The misses of one replayed deal weighed by the fit: ``row`` the ``per_seat``
        counts of :func:`hearts.players.policy.replay_misses`; each miss of seat ``s`` in
        kind ``k`` counts ``kinds[s][k]`` (a miss of a kind the seat does not fit says
        nothing of its cards), none where ``skip[k * players + s]`` (that kind is read
        by the seat's fitted mixture instead)."""
        n = len(self.play)
        total = 0.0
        for s, fs in enumerate(self.kinds):
            for k, f in enumerate(fs):
                if f > 0.0 and not (skip and skip[k * n + s]):
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
    of each pass received, as ``(passer, misses)``; ``plays`` every play of another seat
    with a choice as :data:`Play` (:func:`mixture_shares`)."""

    counts: list[int]
    passes: tuple[tuple[int, int], ...]
    plays: tuple[Play, ...] = ()

    def pass_fit(self, seat: int) -> float:
        """The fit of ``seat``'s earlier passes to this seat (1.0 without any): the
        pass fit of their mean misses."""
        ms = [m for s, m in self.passes if s == seat]
        return pass_fit(round(sum(ms) / len(ms))) if ms else 1.0

    def mixture(self, seat: int, floor: float = 0.0,
                gate: tuple[float, float] | None = None) -> tuple[Shares, ...] | None:
        """``seat``'s fitted play-out mixture, its :data:`Shares` per kind of play
        (:func:`mixture_shares`; each kind shrunk towards the seat's shares over all its
        plays by :data:`KIND_PRIOR` plays), or None: fewer than :data:`MIXTURE_MIN` plays
        with a choice seen in the earlier hands.  ``floor`` (0.0 .. 1.0): a share under it
        is dropped (the others scaled up to sum to 1), so a policy the seat's plays do not
        need plays no part; ``gate``: the rates of :func:`play_fit`, and a kind of play in
        which the seat's earlier plays fit medium's model (fit 1.0 by
        :attr:`counts`) is medium's model alone.  A seat left with medium's model alone in
        every kind is None too (it is played as a seat without a mixture)."""
        mine = [p for p in self.plays if p[0] == seat]
        if len(mine) < MIXTURE_MIN:
            return None
        n = len(self.counts) // (2 * KINDS)
        fits = [gate is not None and play_fit(self.counts[kd * n + seat],
                                              self.counts[(KINDS + kd) * n + seat],
                                              gate) >= 1.0 for kd in range(KINDS)]
        if all(fits):
            return None  # medium's model alone in every kind: no EM to run
        pooled = mixture_shares([p[2:] for p in mine])
        prior = [max(1e-3, KIND_PRIOR * x) for x in pooled]
        kinds = tuple(
            (1.0, 0.0, 0.0, 0.0) if fits[kd]
            else _floored(mixture_shares([p[2:] for p in mine if p[1] == kd], prior), floor)
            for kd in range(KINDS))
        if floor > 0.0 and all(k[0] >= 1.0 for k in kinds):
            return None
        return kinds


def _floored(shares: Shares, floor: float) -> Shares:
    """``shares`` without those under ``floor`` (the rest scaled to sum to 1; the largest
    is always kept)."""
    top = max(shares)
    kept = [x if x >= floor or x == top else 0.0 for x in shares]
    total = sum(kept)
    return kept[0] / total, kept[1] / total, kept[2] / total, kept[3] / total


def _past_plays(r: Rules, past: PastHand, start: list[int], me: int,
                plays: list[Play]) -> None:
    """Add to ``plays`` each play of a seat other than ``me`` with a choice in one earlier
    hand (dealt ``start``), as :attr:`PastEvidence.plays` holds them."""
    pr = policy_rules(r)
    sim = Sim(r, start, leader=past.plays[0][0])
    sim.fit = moon_fits(pr, start)
    for s, c in past.plays:
        legal = sim.legal()
        if s != me and legal & (legal - 1):
            m = rollout_card(sim, legal, pr) == c or bool(near_ties(sim, legal, pr) >> c & 1)
            p = sim.simple_card(legal) == c
            h = c & 15 == highest_card(legal) & 15
            plays.append((s, play_kind(sim, legal), int(m), int(p), int(h), legal.bit_count()))
        sim.play(c)


def _past_hand(view: PlayerView, past: PastHand, counts: list[int],
               passes: list[tuple[int, int]],
               plays: list[Play] | None = None) -> None:
    """Add one earlier hand's evidence to ``counts`` and ``passes`` (and, when given, its
    plays to ``plays``: :func:`_past_plays`); skipped unless every seat played a whole
    hand of one plain pack."""
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
    if plays is not None:
        _past_plays(r, past, start, view.seat, plays)
    off = past.pass_offset % n
    if off and past.received:
        passer = (view.seat - off) % n
        fed = (passer - off) % n == view.seat
        h = start[passer]
        got = past.passed if fed else pass_mask(r, h)
        passes.append((passer, pass_misses(r, h & ~got | past.received, past.received)))


def past_evidence(view: PlayerView, with_plays: bool = False) -> PastEvidence | None:
    """The evidence of the game's earlier hands (``view.past``) about every other seat
    (:class:`PastEvidence`), or None: no earlier hand, or rules whose play-out policy
    does not apply (two packs, wild cards, a stock, bids).  ``with_plays``: also collect
    :attr:`PastEvidence.plays` (for the fitted play-out mixture)."""
    r = view.rules
    if not view.past or r.deck >> PACK2 or r.wild_mask or r.stock_size or r.max_bid \
            or r.slam_bid or r.widow_size:
        return None
    n = r.players
    counts = [0] * (2 * KINDS * n)
    passes: list[tuple[int, int]] = []
    plays: list[Play] | None = [] if with_plays else None
    for past in view.past:
        _past_hand(view, past, counts, passes, plays)
    return PastEvidence(counts, tuple(passes), tuple(plays or ()))


__all__ = ["SeatFit", "PastEvidence", "past_evidence", "play_fit", "pass_fit",
           "mixture_shares", "Shares", "Play", "MIXTURE_PRIOR", "KIND_PRIOR", "MIXTURE_MIN",
           "PRIOR_CHOICES", "FIT_RATE", "MISFIT_RATE", "PASS_MISS_LIMIT"]
