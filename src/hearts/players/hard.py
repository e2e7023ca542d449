"""Level ``hard``: Perfect Information Monte Carlo search (PIMC) with medium-style play-outs.

For each card to play:

1. :func:`hearts.players.sampling.infer` works out what this seat knows
   (shown voids, the cards it passed and to whom, first-trick and
   hearts-lead inferences) from its :class:`hearts.view.PlayerView` only.
2. Up to ``worlds`` deals of the hidden cards consistent with that
   knowledge are sampled (:class:`hearts.players.sampling.Sampler`).
3. In every sampled deal each candidate card is played and the hand is
   finished by every seat with the fast policy of
   :mod:`hearts.players.policy` in the lean simulator
   :class:`hearts.players.sim.Sim` (rules from ``Rules``, score from
   :mod:`hearts.scoring`, moon and sun included).  From a game's second hand on,
   a seat whose earlier plays do not fit medium's model in some kind of play
   (lead, follow, discard...) is played there by a mixture of policies fitted to
   those plays, and the same mixture reads its plays of this hand when the deals
   are weighed (issue 25; :meth:`HardBot._mixtures`, ``mixture_fit``).
4. The card with the lowest mean points for this seat wins; near-ties go to
   the card medium would play.  Cards that are equivalent (same suit, no
   outstanding card between them, same value) are searched once.

The amount of work is fixed by a budget of simulated plays per move
(``play_budget``), which makes a choice reproducible for a given seed and
view; a wall-clock cap (``time_limit``, seconds) stops the search early on a
slow machine.  The pass is searched too (:func:`search_pass`, 5,000 play-outs,
about 0.6 s once a hand); the moon choice is ``common.moon_choice``.

With a stock (Domino Hearts) the deals are drawn by
:class:`hearts.players.stock.StockSampler` (consistent with every draw and its
position, seats dropped out included) and each world is a real
:class:`hearts.game.Game` played out by the engine
(:func:`hearts.players.stock.try_card`): slower than the simulator, so the work per
card is ``stock_budget`` simulated plays (no likelihood weighting there).  With a
pass option the play search runs too (the worlds put this seat's pass with the seat
it went to, see :mod:`hearts.players.stock`), and the pass search plays its
candidates out on the engine (:func:`hearts.players.stock.play_out_pass`, the rest of
the unseen cards as the stock).  With wild cards (jokers) hard plays medium's card.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .. import tricks
from ..cards import FULL_DECK, HEARTS, PACK2, SUIT_MASKS, cards_of, mask_of
from ..game import Game
from ..rules import Rules
from ..settle import hand_chips, side_of
from ..view import PlayerView
from . import opponents
from .base import BaseBot, register_bot
from .common import Table, card_value, moon_choice
from .medium import (
    medium_bid,
    medium_declare,
    medium_give_up,
    medium_pass,
    medium_play,
    medium_suit,
    moon_card,
    pass_for_hand,
    pass_scores,
)
from .objective import Objective, objective
from .opponents import (
    FIT_RATE,
    MISFIT_RATE,
    PastEvidence,
    SeatFit,
    Shares,
    past_evidence,
)
from .policy import (
    HIGH,
    KINDS,
    MEDIUM,
    PLAIN,
    RANDOM,
    PolicyRules,
    losers,
    moon_fits,
    pass_mask,
    pass_misses,
    policy_rules,
    replay_misses,
    rollout,
)
from .sampling import Knowledge, Sampler, infer
from .sim import Sim
from .stock import StockSampler, play_out_pass, supported, try_card


def distinct_moves(view: PlayerView, out: int) -> dict[int, int]:
    """Each legal card mapped to the representative of its equivalence class.

    Two cards of a suit are equivalent when every card ranked between them is
    in this hand or already played and they score the same: whatever one
    does in a trick, the other does too.  The highest of each run represents it.
    Cards outside one pack's suits (jokers, pack two's copies) are each their own
    class.
    """
    r = view.rules
    legal = view.legal
    rep: dict[int, int] = {c: c for c in cards_of(legal & ~FULL_DECK)}
    for s in range(4):
        run: list[int] = []
        prev = -1
        for c in cards_of(legal & SUIT_MASKS[s]):
            if prev >= 0 and not out & ((1 << c) - (2 << prev)) \
                    and card_value(r, c) == card_value(r, prev):
                run.append(c)
            else:
                for x in run:
                    rep[x] = run[-1]
                run = [c]
            prev = c
        for x in run:
            rep[x] = run[-1]
    return rep


def outstanding(view: PlayerView) -> int:
    """The cards that may still come into play besides this seat's: the other hands'
    (:meth:`hearts.players.sampling.Knowledge.out`), and with a stock every card this
    seat has not seen (the stock's cards reach the hands by drawing)."""
    if view.rules.stock_size:
        return view.rules.deck & ~view.hand & ~view.played
    return infer(view).out()


def play_out(sim: Sim, pr: PolicyRules) -> None:
    """Play to the hand's end: the policy for one-pack games without wild cards, else
    the simulator's plain play-out (the policy reads a trick's first card as its suit)."""
    if sim.plain:
        rollout(sim, pr)
    else:
        sim.rollout_simple()


def seat_points(sim: Sim, me: int) -> int:
    """This seat's points in a finished play-out (its side's, in a partnership); a
    shooter who may choose takes the total off itself when it is this seat, else
    adds it to the others."""
    score = sim.score()
    choice = None
    if score.shooter is not None and sim.rules.moon == "choice":
        choice = "subtract" if score.shooter == me else "add"
    pts = sim.points(choice)
    return sum(pts[s] for s in side_of(sim.rules, me))


def shooter_seat(view: PlayerView) -> int:
    """The seat that looks like it is going for the moon, or -1: it holds every point
    taken so far (``Table.moon_threat``), the rules have no wild cards or second pack,
    and it has led a card that was then the highest of its suit still out (medium
    leads its lowest card of a suit except when it runs for the moon)."""
    r = view.rules
    if r.wild_mask or r.deck >> PACK2:
        return -1
    threat = Table.of(view).moon_threat()
    if threat < 0:
        return -1
    seen = view.hand  # this seat's cards are never out to the others
    for t in view.tricks:
        lead = t.cards[0]
        if t.leader == threat:
            higher = r.deck & SUIT_MASKS[lead >> 4] & ~((2 << lead) - 1) & ~seen
            if not higher:
                return threat
        for c in t.cards:
            seen |= 1 << c
    return -1


def _moon_strength(c: int) -> int:
    """How much card ``c`` helps a moon: its rank, a heart above every other suit."""
    return (c & 15) + (16 if c >> 4 == HEARTS else 0)


def strengthen(hands: list[int], seat: int, know: Knowledge, rng: random.Random) -> None:
    """Give ``seat`` (not the knower) higher cards in the sampled deal ``hands`` (in
    place): a random number of times, the highest card it may hold that another seat
    has is swapped with its own lowest card that the other seat may hold (hearts
    count first).  The proposal for a seat that looks like it is going for the moon
    (:func:`shooter_seat`): uniform deals almost never give it a hand fit to shoot, so
    the weighing by its plays would have nothing to choose."""
    free = know.free
    mine = hands[seat]
    steps = rng.randint(1, max(1, (mine & free).bit_count()))
    for _ in range(steps):
        best, owner = -1, -1
        key = -1
        for s, h in enumerate(hands):
            if s == seat or s == know.seat:
                continue
            m = h & free & know.allowed[seat]
            while m:
                c = (m & -m).bit_length() - 1
                m &= m - 1
                k = _moon_strength(c)
                if k > key:
                    key, best, owner = k, c, s
        if best < 0:
            return
        give = hands[seat] & free & know.allowed[owner]
        low, low_key = -1, 99
        while give:
            c = (give & -give).bit_length() - 1
            give &= give - 1
            k = _moon_strength(c)
            if k < low_key:
                low_key, low = k, c
        if low < 0 or low_key >= key:
            return
        hands[seat] ^= (1 << best) | (1 << low)
        hands[owner] ^= (1 << best) | (1 << low)


PASS_MISS_LIMIT = opponents.PASS_MISS_LIMIT
"""When even the best-fitting sampled deal has this many pass misses
(:func:`hearts.players.policy.pass_misses`), the passer does not pass by medium's rule
and its pass is not used (:func:`hearts.players.opponents.pass_fit` is 0)."""


@dataclass(frozen=True)
class PassEvidence:
    """What the cards passed to a seat say about the hand they came from.

    ``passer`` passed ``received`` to this seat; ``feeder_pass`` is the card set the
    passer itself received when this seat is the one that passed to it (the across
    pass with four or six players), else -1 (unknown: the cards the passer is most
    likely to have received, its own best cards to pass now, stand in for them).
    """

    rules: Rules
    passer: int
    received: int
    feeder_pass: int

    def misses(self, start: Sequence[int]) -> int:
        """Pass misses (:func:`hearts.players.policy.pass_misses`) of the passer's
        pre-pass hand in a deal whose hands at the start of the play are ``start``."""
        h = start[self.passer]
        got = self.feeder_pass if self.feeder_pass >= 0 else pass_mask(self.rules, h)
        return pass_misses(self.rules, h & ~got | self.received, self.received)


def pass_evidence(view: PlayerView) -> PassEvidence | None:
    """The evidence of the pass this seat received (:class:`PassEvidence`), or None:
    no pass this hand, the pass not received yet, two packs, wild cards or a stock."""
    r = view.rules
    n = r.players
    off = view.pass_offset % n
    if not r.pass_count or not off or not view.received or r.deck >> PACK2 \
            or r.wild_mask or r.stock_size:
        return None
    passer = (view.seat - off) % n
    fed = (passer - off) % n == view.seat
    return PassEvidence(r, passer, view.received, mask_of(view.passed) if fed else -1)


MOON_KEY = 1 << 8
"""Marks a candidate of :meth:`HardBot.evaluate` played out with this seat going for the
moon (card ids are below 256)."""


def moon_try(view: PlayerView, pr: PolicyRules, out: int) -> bool:
    """Whether the search also plays each candidate out with this seat going for the
    moon (its bit in ``Sim.fit``, so the policy's moon play takes over when at most two
    of its cards may lose): the rules have a moon on hearts, one plain pack, no other
    seat has taken a point, no partnerships, the hand this seat started the play with was
    not fit already (then every play-out shoots with it anyway), and at most three of this
    seat's cards may lose the lead (``out``: the cards of the other hands,
    :func:`outstanding`).
    Uniform play-outs otherwise only find a moon when the dealt hand was fit for one."""
    r = view.rules
    if not pr.moon_hearts or r.wild_mask or r.cancel_identical or r.deck >> PACK2 or r.teams:
        return False
    for s, w in enumerate(view.won):
        if s != view.seat and w & r.penalty_mask:
            return False
    if moon_fits(pr, [view.hand | seat_plays(view)[view.seat]]):
        return False  # fit from the start: every play-out already shoots as medium does
    return losers(view.hand & FULL_DECK, out & FULL_DECK) <= 3


def seat_plays(view: PlayerView) -> list[int]:
    """The cards each seat has played this hand (card-set bitmasks, one per seat)."""
    out = [0] * view.rules.players
    n = view.rules.players
    for t in view.tricks:
        for i, c in enumerate(t.cards):
            out[(t.leader + i) % n] |= 1 << c
    for s, c in view.trick:
        out[s] |= 1 << c
    return out


def world_sim(view: PlayerView, hands: Sequence[int], pr: PolicyRules,
              played: Sequence[int] | None = None) -> Sim:
    """The simulator at the position of ``view`` with the hidden hands filled by
    ``hands`` (``Sim.from_view``), its ``fit`` set from each seat's cards at the start
    of the play (``played``: :func:`seat_plays`, computed when not given) so that the
    play-outs make medium's moon attempts (:func:`hearts.players.policy.moon_fits`)."""
    sim = Sim.from_view(view, hands)
    if played is None:
        played = seat_plays(view)
    sim.fit = moon_fits(pr, [hands[s] | played[s] for s in range(len(hands))])
    return sim


def pass_world(view: PlayerView, unseen: list[int],
               rng: random.Random) -> tuple[list[int], list[int], list[int]]:
    """One sampled deal for the pass search: ``unseen`` (the cards not in this seat's
    hand) is shuffled in place and dealt ``hand_size`` cards to each other seat in
    turn, the rest being the stock (empty without one).  Returns ``(hands, passes,
    stock)``: every seat's hand (card-set bitmasks), the other seats' passes as medium
    chooses them (:func:`hearts.players.policy.pass_mask`; this seat's entry 0, for
    the caller's candidate) and the stock's cards in order."""
    r = view.rules
    n = r.players
    size = r.hand_size
    rng.shuffle(unseen)
    others = [s for s in range(n) if s != view.seat]
    hands = [0] * n
    hands[view.seat] = view.hand
    for j, s in enumerate(others):
        m = 0
        for c in unseen[j * size:(j + 1) * size]:
            m |= 1 << c
        hands[s] = m
    passes = [0] * n
    for s in others:
        passes[s] = pass_mask(r, hands[s])
    stock = unseen[len(others) * size:] if r.stock_size else []
    return hands, passes, stock


PlayOutPolicy = tuple[int, int, int]
"""The play-out policy of one seat's deals in the pass search: ``(alt, mix, seed)``, the
simulator's ``Sim.alt``, ``Sim.mix`` and ``Sim.seed`` (``(0, 0, 0)``: every seat by
medium's model)."""


def passed_play_out(view: PlayerView, hands: Sequence[int], passes: Sequence[int],
                    pr: PolicyRules, policy: PlayOutPolicy = (0, 0, 0)) -> Sim:
    """Exchange ``passes`` (card sets per seat, in the view's pass direction) between
    ``hands`` and play the hand out with the policy (no stock), the seats played as
    ``policy`` says (:data:`PlayOutPolicy`); the finished simulator."""
    r = view.rules
    n = r.players
    off = view.pass_offset
    after = [hands[s] & ~passes[s] | passes[(s - off) % n] for s in range(n)]
    sim = Sim(r, after, leader=tricks.first_leader(r, after, view.hand_index % n))
    sim.fit = moon_fits(pr, after)
    sim.alt, sim.mix, sim.seed = policy
    play_out(sim, pr)
    return sim


def search_pass(view: PlayerView, rng: random.Random, rollouts: int = 5000,
                deadline: float | None = None, value: Objective | None = None,
                unit: float = 1.0, width: int = 6,
                base_margin: float = 0.0,
                policy: Callable[[], PlayOutPolicy] | None = None
                ) -> tuple[tuple[int, ...], dict[str, float]]:
    """Choose the cards to pass by simulation.

    Candidates: every ``pass_count``-card set drawn from the ``width`` cards
    medium most wants to pass, plus medium's own pass.  Each is tried on the
    same sampled deals of the unseen cards (the other seats pass as medium
    would, since passes are chosen blind: :func:`hearts.players.policy.pass_mask`),
    the hand is played out with the policy of :mod:`hearts.players.policy`, and the
    candidates are narrowed by successive halving (at least ``rollouts`` play-outs
    in all; the last round may overshoot by a third).  Returns the best pass and
    statistics.  ``deadline`` (``time.perf_counter()`` value) stops early.
    ``value`` scores a finished play-out (default: this seat's points;
    :func:`hearts.players.objective.objective` for the game-aware value) and
    ``unit`` is one point on its scale; medium's pass is kept unless the best is
    better by more than ``base_margin`` units.  ``policy`` (without a stock): called once
    a sampled deal, how the other seats are played in that deal's play-outs (the same for
    every candidate; :data:`PlayOutPolicy`); default every seat by medium's model.

    Budget (issue 10, ``bench/pass_loss.py``): against a deep evaluation of every
    candidate of the eight cards medium most wants to pass (1,500 shared deals each),
    the pass chosen at 900 play-outs gave away 0.29 ± 0.09 points a hand, at 2,500
    0.18 ± 0.07, at 5,000 0.10 ± 0.05 (medium's own pass 0.59); widening the
    candidates to eight cards at 2,500 did worse (0.22), the optimum being among the
    six cards in all but 2% of a point.  5,000 play-outs take about 0.6 s.
    """
    if value is None:
        def value(sim: Sim) -> float:
            return float(seat_points(sim, view.seat))
    r = view.rules
    me = view.seat
    hand = view.hand
    k = r.pass_count
    base = tuple(sorted(pass_for_hand(r, hand)))
    scores = pass_scores(r, hand)
    top = sorted(scores, key=lambda c: (-scores[c], -c))[:max(k + 3, width)]
    cands = {tuple(sorted(c)) for c in itertools.combinations(top, k)}
    cands.add(base)
    order = sorted(cands)
    totals = dict.fromkeys(order, 0.0)
    counts = dict.fromkeys(order, 0)
    pr = policy_rules(r)
    unseen = cards_of(r.deck & ~hand)
    stocked = bool(r.stock_size)  # Domino Hearts: the rest is the stock, play-outs on the engine
    alive = order[:]
    used = 0
    rounds = 0
    # Round sizes: about a third of the play-outs per round, the field cut to a third.
    while True:
        rounds += 1
        per = max(4, (rollouts // 3) // max(1, len(alive)))
        for _ in range(per):
            hands, passes, stock = pass_world(view, unseen, rng)
            drawn = policy() if policy is not None else (0, 0, 0)
            for cand in alive:
                pm = 0
                for c in cand:
                    pm |= 1 << c
                passes[me] = pm
                if stocked:
                    sim = play_out_pass(view, hands, stock, passes)
                else:
                    sim = passed_play_out(view, hands, passes, pr, drawn)
                totals[cand] += value(sim)
                counts[cand] += 1
                used += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        if len(alive) <= 1 or used >= rollouts or \
                (deadline is not None and time.perf_counter() > deadline):
            break
        alive.sort(key=lambda c: (totals[c] / counts[c], c != base))
        alive = alive[:max(1, len(alive) // 3)]
    best = min((c for c in order if counts[c]), key=lambda c: (
        totals[c] / counts[c] if c in alive else 1e9, c != base))
    # Prefer medium's pass unless the search found a clearly better one.
    if counts[base] and totals[base] / counts[base] <= totals[best] / counts[best] + base_margin * unit:
        best = base
    return best, {"candidates": len(order), "rollouts": used, "rounds": rounds}


class HardBot(BaseBot):
    """PIMC search bot (see the module text).

    ``play_budget``: simulated card plays a move costs when the decision is
    close (the search stops sooner when one card is clearly best or the
    candidates are clearly alike, and may spend up to ``max_budget`` on a close
    call; ``max_budget=None``: five times ``play_budget``); ``max_worlds``/``min_worlds``:
    bounds on the number of sampled deals; ``time_limit``: wall-clock cap in seconds
    per move (``None``: none, fully reproducible); ``z``: how many standard errors
    a card must lose by before it is dropped; ``stock_budget``: the simulated card plays
    (replays included) a card may cost in a game with a stock, where the play-outs run
    on the engine; ``pass_rollouts``: play-outs of the pass search
    (:func:`search_pass`), ``stock_pass_rollouts`` with a stock (engine play-outs);
    ``pool``: deals drawn per deal kept when the deals are weighed by the others' plays
    (:meth:`_worlds`); ``moon_proposal``: half of those draws give a seat that looks like
    it is running for the moon higher cards (:func:`strengthen`); ``pass_likelihood``:
    the weight factor of a deal per pass miss of the seat that passed to this one
    (:class:`PassEvidence`; 1.0, or ``likelihood`` 1.0: the pass is not read);
    ``moon_search``: while no other seat has a point and few of this seat's cards may
    lose, each candidate is also played out with this seat going for the moon
    (:func:`moon_try`); ``rate_by_fit`` (on by default since issue 25's fifth session,
    ``bench/bots_results.md``): the others' plays stay read whatever share of them the
    best deal leaves unexplained, the opponent model's per-kind fits alone discounting
    the seats and kinds of play that do not fit (``False``: the earlier rule, which
    softens the weighting from 10% of all seats' plays unexplained and stops reading
    every seat from 30%, as against random players, so that one seat such as a searcher
    silences the seats that fit);
    ``fit_rates`` (under evaluation, issue 25): the shares of unexplained plays up to
    which a seat fits medium's model and from which it does not
    (:func:`hearts.players.opponents.play_fit`); ``mixture_fit`` (on by default, with
    ``mixture_floor`` 0.1, ``mixture_gate`` and ``mixture_likelihood``, since issue 25's
    ninth session, ``bench/bots_results.md``; ``mixture_fit=False`` plays as hard did
    before it): from the game's second hand on, a seat with enough plays seen in the
    earlier hands is played in the play-outs by a mixture of medium's model, the plain
    policy, random play and the highest card fitted to those plays, per kind of play
    (:meth:`hearts.players.opponents.PastEvidence.mixture`), instead of by the rule of
    its play fit; ``mixture_floor`` (with ``mixture_fit``): shares of
    that mixture under it are dropped, and a seat left with medium's model alone is
    played by the rule of its play fit as without the option; ``mixture_gate`` (with
    ``mixture_fit``): a kind of play in which a seat's earlier plays fit
    medium's model (:func:`hearts.players.opponents.play_fit` 1.0) is played by medium's
    model alone, the fitted mixture only where they do not fit; ``mixture_likelihood``
    (with ``mixture_fit``): the same mixture also reads that seat's
    plays of this hand in those kinds of play when the deals are weighed, each play
    weighing a deal by its probability under the mixture
    (:func:`hearts.players.policy.replay_misses` with ``shares``) instead of by
    ``likelihood`` per miss of medium's model (so a seat that discards its highest card
    shows that it holds no higher one in the suit); ``pass_fit`` (under evaluation,
    issue 25): from the game's second hand on, the pass search's play-outs play the other
    seats as the play search does, by what the earlier hands showed of them
    (:meth:`_pass_policy`), instead of every seat by medium's model;
    ``playout_random`` (under evaluation, issue 25; 1.0 keeps today's play; 0.0 to 4.0): the
    factor on a fitted mixture's random share when the play-outs draw a seat's policy
    (:meth:`_mix_draw`), what it loses going to medium's model and what it gains taken from
    it (at most medium's whole share), so that a seat whose plays neither medium's model
    nor the plain policy explain (a searcher) is played out as more or less random than
    its fit says; the mixture still reads its plays as fitted.
    """

    name = "hard"

    def __init__(self, seed: int | None = None, play_budget: int = 24000, max_worlds: int = 3000,
                 min_worlds: int = 24, time_limit: float | None = 0.8, pass_search: bool = True,
                 pass_rollouts: int = 5000, play_search: bool = True,
                 likelihood: float = 0.2, max_budget: int | None = None, z: float = 3.0,
                 game_aware: bool = True, stock_budget: int = 18000,
                 stock_pass_rollouts: int = 900, pool: int = 3,
                 moon_proposal: bool = True, pass_likelihood: float = 0.2,
                 moon_search: bool = True, rate_by_fit: bool = True,
                 fit_rates: tuple[float, float] = (FIT_RATE, MISFIT_RATE),
                 mixture_fit: bool = True, mixture_floor: float = 0.1,
                 mixture_gate: bool = True, mixture_likelihood: bool = True,
                 pass_fit: bool = False, playout_random: float = 1.0) -> None:
        if not 0.0 <= playout_random <= 4.0:
            raise ValueError(f"playout_random is a factor from 0.0 to 4.0, not {playout_random!r}")
        self.playout_random = float(playout_random)
        self.rate_by_fit = rate_by_fit
        self.pass_fit = pass_fit
        self.mixture_likelihood = mixture_likelihood
        self.mixture_fit = mixture_fit
        self.mixture_floor = float(mixture_floor)
        self.mixture_gate = mixture_gate
        self.fit_rates = (float(fit_rates[0]), float(fit_rates[1]))
        self.rng = random.Random(seed)
        # its own stream: the give-up question (Hearts 1887) leaves the search's draws alone
        self.give_up_rng = random.Random(None if seed is None else f"give_up-{seed}")
        self.moon_search = moon_search
        self.pass_likelihood = pass_likelihood
        self.pool = pool
        self.moon_proposal = moon_proposal
        self.stock_budget = stock_budget
        self.stock_pass_rollouts = stock_pass_rollouts
        self.likelihood = likelihood
        self.pass_search = pass_search
        self.pass_rollouts = pass_rollouts
        self.play_search = play_search
        self.play_budget = play_budget
        self.max_budget = 5 * play_budget if max_budget is None else max_budget
        self.max_worlds = max_worlds
        self.min_worlds = min_worlds
        self.time_limit = time_limit
        self.z = z
        self.game_aware = game_aware
        self.last_stats: dict[str, float] = {}
        self.fit: SeatFit | None = None
        """The opponent model of the last weighed decision (:mod:`.opponents`)."""
        self._past_key: tuple[object, ...] = ()
        self._past_value: PastEvidence | None = None
        self._mixtures_value: dict[int, tuple[Shares, ...]] = {}

    def _past(self, view: PlayerView) -> PastEvidence | None:
        """:func:`hearts.players.opponents.past_evidence` of the view, kept while the
        earlier hands are the same (a game's decisions share them)."""
        key = (view.seat, view.rules, view.past)
        if key != self._past_key:
            self._past_key = key
            self._past_value = past_evidence(view, self.mixture_fit)
            self._mixtures_value = {}
            if self.mixture_fit and self._past_value is not None:
                for s in range(view.rules.players):
                    m = (self._past_value.mixture(
                        s, self.mixture_floor, self.fit_rates if self.mixture_gate else None)
                         if s != view.seat else None)
                    if m is not None:
                        self._mixtures_value[s] = m
        return self._past_value

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        """Cards to pass: the best of a few candidate passes by simulation
        (:func:`search_pass`; with a stock, Domino Hearts, its play-outs run on the
        engine), or medium's pass with ``pass_search`` off or with two packs."""
        if not self.pass_search or view.rules.deck >> PACK2:
            # Two packs: the search reads one pack.  Medium's pass.
            return medium_pass(view)
        start = time.perf_counter()
        deadline = None if self.time_limit is None else start + 2 * self.time_limit
        value, unit = self._objective(view)
        rollouts = self.stock_pass_rollouts if view.rules.stock_size else self.pass_rollouts
        best, stats = search_pass(view, self.rng, rollouts, deadline, value, unit,
                                  policy=self._pass_policy(view))
        self.last_stats = dict(stats, seconds=time.perf_counter() - start)
        return best

    def _pass_policy(self, view: PlayerView) -> Callable[[], PlayOutPolicy] | None:
        """With ``pass_fit``: how the pass search plays the other seats, drawn afresh for
        each sampled deal from the game's earlier hands (:meth:`_past`): a seat with a
        fitted mixture (``mixture_fit``) by it (``Sim.mix``), else a seat whose earlier
        plays do not fit medium's model by the plain policy in a share ``1 - fit`` of the
        deals (``Sim.alt``), as the play search does.  None: every seat by medium's model
        (no earlier hand, or the option off)."""
        past = self._past(view) if self.pass_fit else None
        if past is None:
            return None
        n = view.rules.players
        mixtures = self._mixtures(view)
        # The earlier hands' play fits, as the play search's opponent model reads them
        # before this hand's first play.
        play = SeatFit.of([], n, view.seat, past=past, rates=self.fit_rates).play
        fits = [1.0 if s in mixtures else play[s] for s in range(n)]
        if not mixtures and all(f >= 1.0 for f in fits):
            return None

        def draw() -> PlayOutPolicy:
            alt = 0
            for s, f in enumerate(fits):
                if f < 1.0 and self.rng.random() >= f:
                    alt |= 1 << s
            if not mixtures:
                return alt, 0, 0
            return (alt, *self._mix_draw(n, mixtures))

        return draw

    def choose_moon(self, view: PlayerView) -> str:
        """Moon scoring choice (``common.moon_choice``)."""
        return moon_choice(view)

    def _objective(self, view: PlayerView) -> tuple[Objective, float]:
        if self.game_aware:
            return objective(view)
        me = view.seat
        return (lambda sim: float(seat_points(sim, me))), 1.0

    def choose_bid(self, view: PlayerView) -> int | bool | None:
        """Auction or slam bid: medium's, by hand strength (``medium.medium_bid``); the
        search is in the play."""
        return medium_bid(view)

    def choose_suit(self, view: PlayerView) -> int:
        """Penalty suit to name (``medium.medium_suit``)."""
        return medium_suit(view)

    def choose_declare(self, view: PlayerView) -> str | None:
        """Declaration (the General): medium's (``medium.medium_declare``); the search is
        in the play, which scores a declared General as the engine does."""
        return medium_declare(view)

    def choose_give_up(self, view: PlayerView, worlds: int = 64) -> bool:
        """Whether to give up the hand (Hearts 1887, ``Rules.give_up``): when medium
        would (it must take every heart and that costs more), else when the mean chip
        result of ``worlds`` play-outs of sampled deals (``Sim``, every seat playing the
        simple policy) is worse than the price of giving up (``give_up`` to each other
        seat).  After an earlier give-up the play-outs cannot be run (the simulator's
        seats never drop out): medium's answer then."""
        if not view.may_give_up:
            return False
        if medium_give_up(view):
            return True
        if view.gave_up or not self.play_search:
            return False
        r = view.rules
        n = r.players
        me = view.seat
        sampler = Sampler(infer(view))
        total = 0
        for _ in range(worlds):
            sim = Sim.from_view(view, sampler.draw(self.give_up_rng)[:n])
            sim.rollout_simple()
            score = sim.score()
            chips, _ = hand_chips(r, sim.points(), -1, 0, view.pot, score.shooter)
            total += chips[me]
        return total < -r.give_up * (n - 1) * worlds


    def _worlds(self, view: PlayerView, chunk: int) -> Iterator[tuple[list[Sim], int]]:
        """Batches of sampled deals (simulators at the current position), each with
        its cost in simulated card plays (the replays that weighed it).

        Without weighting a batch is ``chunk`` fresh deals.  With ``likelihood <
        1`` a batch is as many deals as the fixed budget of earlier versions
        afforded (``play_budget`` over the cost of a deal), drawn from ``pool`` times
        as many deals weighted by how well they explain the other seats' plays so far:
        the hand is replayed from its start on that deal, and every play of
        another seat that had a choice and that the play-out policy would not
        have made (nor medium's seeded near-ties, :func:`hearts.players.policy.near_ties`;
        seats whose hand was fit make medium's moon attempts, ``Sim.fit``) multiplies
        the weight by ``likelihood``, a miss counting by the fit of that seat in that
        kind of play (with ``rate_by_fit`` off also softened for every seat, down to
        none, when even the best-fitting deals leave many plays unexplained, as with
        random players).  The pass this seat received weighs the deals too, from the
        first trick on: each pass miss of the hand it came from (:class:`PassEvidence`)
        multiplies the weight by ``pass_likelihood ** w``, where ``w`` (1.0 .. 0.0) is how
        well the passer has fitted medium's rules this hand, by its pass and its plays
        (:class:`hearts.players.opponents.SeatFit`, judged on the first pool: ``w`` is 0,
        and the pass not read, once even the best deal of the pool has
        :data:`PASS_MISS_LIMIT` misses); the pass is read only while the plays are
        (``likelihood < 1``, and with ``rate_by_fit`` off the others' plays not found
        random).  A seat whose plays
        do not fit is played in a share of the play-outs by the plain policy
        (``Sim.alt``).  Systematic resampling picks the
        batch.  With a seat that looks like it is running for the moon
        (:func:`shooter_seat`) every other deal drawn gives it higher cards
        (:func:`strengthen`).
        """
        know = infer(view)
        sampler = Sampler(know)
        me = view.seat
        r = view.rules
        n = r.players
        pr = policy_rules(r)
        history: list[tuple[int, int]] = []
        for t in view.tricks:
            history.extend(((t.leader + i) % n, c) for i, c in enumerate(t.cards))
        history.extend(view.trick)
        evidence = pass_evidence(view) if self.pass_likelihood < 1.0 else None
        weigh = self.likelihood < 1.0 and (evidence is not None
                                           or any(s != me for s, _ in history))
        played_by = seat_plays(view)
        first_leader = history[0][0] if history else view.leader
        eps = self.likelihood
        self.last_stats["likelihood"] = eps if weigh else 1.0
        first = True
        fit = SeatFit(tuple([1.0] * n))
        pass_factor = self.pass_likelihood
        self.last_stats["pass_weight"] = 0.0
        if weigh:
            moves = len(set(distinct_moves(view, know.out()).values()))
            cost = max(1, sum(view.counts) * moves) + 3 * len(history)
            chunk = max(self.min_worlds, min(self.max_worlds, self.play_budget // cost))
        seats = [s for s, _ in history]
        cards = [c for _, c in history]
        shooter = shooter_seat(view) if self.moon_proposal and not know.extra else -1
        self.last_stats["shooter"] = shooter
        cap = len(history)  # no deal is dropped from the replay until eps is known
        mixtures = self._mixtures(view)
        lik = self._likelihood_shares(n, mixtures) if weigh else None
        skip = [x >= 0.0 for x in lik[::4]] if lik is not None else None
        self.last_stats["mixture_read"] = float(sum(skip)) if skip is not None else 0.0
        while True:
            if not weigh:
                sims = [world_sim(view, sampler.draw(self.rng), pr, played_by)
                        for _ in range(chunk)]
                if mixtures:
                    for sim in sims:
                        sim.mix, sim.seed = self._mix_draw(sim.n, mixtures)
                yield sims, 0
                continue
            pool: list[tuple[Sim, float, int]] = []
            pass_miss: list[int] = []
            rows: list[list[int]] = []
            logs: list[float] = []
            size = self.pool * chunk
            per_kind = first or not fit.uniform or lik is not None
            for i in range(size):
                hands = sampler.draw(self.rng)
                if shooter >= 0 and i & 1:
                    strengthen(hands, shooter, know, self.rng)
                start = [hands[s] | played_by[s] for s in range(n)]
                base = Sim(r, start, leader=first_leader)
                base.fit = moon_fits(pr, start)
                row = [0] * (2 * KINDS * n) if per_kind else None
                ll = [0.0] if lik is not None else None
                miss, choices = replay_misses(base, seats, cards, me, pr, cap, True, row,
                                              lik, ll)
                if miss <= cap:
                    if first:
                        pool.append((base, miss, choices))
                        rows.append(row or [])  # the fit is judged on the first pool's rows
                    elif row is not None and not fit.uniform:
                        pool.append((base, fit.weighted(row, skip), choices))
                    else:
                        pool.append((base, miss, choices))
                    if ll is not None:
                        logs.append(ll[0])
                    if evidence is not None:
                        pass_miss.append(evidence.misses(start))
            if not pool:  # every deal missed more than the cap: weigh the next pool fully
                cap = len(history)
                continue
            raw_least, raw_most = min((m, -ch) for _, m, ch in pool)
            if first:
                # The opponent model (hearts.players.opponents): how well each seat's
                # plays (each kind of play apart), and the passer's pass, fit medium's
                # rules this hand.
                fit = SeatFit.of(rows, n, me, evidence.passer if evidence else -1, pass_miss,
                                 self._past(view), self.fit_rates)
                self.fit = fit
                for s in range(n):
                    self.last_stats[f"play_fit_{s}"] = fit.play[s]
                    for k, f in enumerate(fit.kinds[s]):
                        self.last_stats[f"kind_fit_{s}_{k}"] = f
                self.last_stats["pass_weight"] = fit.pass_weight
                if not fit.uniform:
                    # A miss of a kind of play that a seat does not fit counts less, or
                    # not at all; the replays then run to the end (no deal is dropped
                    # by its raw misses).
                    pool = [(b, fit.weighted(row, skip), ch)
                            for (b, _, ch), row in zip(pool, rows, strict=True)]
                if evidence is not None:
                    pass_factor = self.pass_likelihood ** fit.pass_weight
                    if pass_factor > 0.999:
                        evidence = None  # the pass says nothing of this passer
                        pass_miss = []
            least = min(m for _, m, _ in pool)
            if first:
                # With rate_by_fit the fits alone judge: a kind of play a seat does not
                # fit counts by its fit (none for a random player), so seats that fit
                # keep theirs.  The earlier rule: how predictable are the others all
                # together?  In the deal that explains their plays best, the policy
                # misses ``raw_least`` of their ``-raw_most`` choices (every miss
                # counted, whatever the fit); near zero (sensible players) the full
                # weighting applies, from 30% up (random players) none.
                rate = 0.0 if self.rate_by_fit else raw_least / max(1, -raw_most)
                if rate >= 0.3:
                    eps = 1.0
                elif rate > 0.1:
                    eps = eps + (1.0 - eps) * (rate - 0.1) / 0.2
                self.last_stats["likelihood"] = eps
                first = False
                if eps >= 1.0:
                    # Every deal weighs the same: no more replays.  Seats whose plays
                    # say nothing are not read by their pass either.
                    weigh = False
                    evidence = None
                    pass_miss = []
                elif fit.uniform:
                    # A deal missing this many more plays than the best weighs under
                    # 1/1000 of it: later replays stop there and the deal is dropped.
                    cap = int(least) + 1 + math.ceil(math.log(1e-3) / math.log(eps))
            weights = [eps ** (m - least) for _, m, _ in pool]
            if lik is not None:
                top = max(logs)
                self.last_stats["mixture_spread"] = top - min(logs)
                weights = [w * math.exp(x - top) for w, x in zip(weights, logs, strict=True)]
            if pass_miss:
                low = min(pass_miss)
                weights = [w * pass_factor ** (pm - low)
                           for w, pm in zip(weights, pass_miss, strict=True)]
            step = sum(weights) / chunk
            u = self.rng.random() * step
            batch: list[Sim] = []
            acc = 0.0
            j = 0
            mixed = [s for s in range(n) if fit.play[s] < 1.0 and s not in mixtures]
            for (base, _, _), wt in zip(pool, weights, strict=True):
                acc += wt
                if j < chunk and u + j * step < acc:  # this deal goes into the batch
                    if mixtures:
                        base.mix, base.seed = self._mix_draw(base.n, mixtures)
                    # The play-outs' mixture: a seat that does not fit plays the plain
                    # policy in a share 1 - fit of the deals (the same for every candidate).
                    for s in mixed:
                        if self.rng.random() >= fit.play[s]:
                            base.alt |= 1 << s
                while j < chunk and u + j * step < acc:
                    batch.append(base)
                    j += 1
            self.rng.shuffle(batch)
            yield batch, size * max(1, len(history))

    def _mixtures(self, view: PlayerView) -> dict[int, tuple[Shares, ...]]:
        """With ``mixture_fit``: the fitted play-out mixture of every other seat that has
        one (:meth:`hearts.players.opponents.PastEvidence.mixture`), by seat; else empty."""
        if not self.mixture_fit:
            return {}
        self._past(view)  # fitted with the earlier hands' evidence, kept while they are
        return self._mixtures_value

    def _likelihood_shares(self, n: int,
                           mixtures: dict[int, tuple[Shares, ...]]) -> list[float] | None:
        """With ``mixture_likelihood``: the ``shares`` argument of
        :func:`hearts.players.policy.replay_misses` (four shares per kind of play and seat,
        a first share of -1.0 where the seat's plays are read by medium's model: no
        mixture, or medium's model alone in that kind); None when no seat has a kind read
        by its mixture."""
        if not self.mixture_likelihood or not mixtures:
            return None
        out = [-1.0, 0.0, 0.0, 0.0] * (KINDS * n)
        used = False
        for s, kinds in mixtures.items():
            for k, shares in enumerate(kinds):
                if shares[0] < 1.0:
                    out[4 * (k * n + s):4 * (k * n + s) + 4] = list(shares)
                    used = True
        return out if used else None

    def _mix_draw(self, n: int, mixtures: dict[int, tuple[Shares, ...]]) -> tuple[int, int]:
        """One draw of every mixed seat's play-out policy per kind of play: ``(mix,
        seed)``, the values of ``Sim.mix`` and ``Sim.seed`` (a fresh seed for the
        random plays); ``playout_random`` scales each random share, the difference taken
        from or given to medium's model."""
        mix = 0
        keep = self.playout_random
        for s, shares in mixtures.items():
            for k, (medium, plain, rand, _) in enumerate(shares):
                # the random share scaled by `keep`, what it loses or gains taken from medium's
                moved = min(medium, rand * (keep - 1.0)) if keep > 1.0 else rand * (keep - 1.0)
                medium, rand = medium - moved, rand + moved
                u = self.rng.random()
                code = MEDIUM if u < medium else PLAIN if u < medium + plain else \
                    RANDOM if u < medium + plain + rand else HIGH
                mix |= code << 2 * (k * n + s)
        return mix, self.rng.getrandbits(31)

    def _stock_worlds(self, view: PlayerView, chunk: int) -> Iterator[tuple[list[Game], int]]:
        """Batches of ``chunk`` worlds of a stock game (:class:`StockSampler`), each
        with its cost (the plays replayed to reach the position)."""
        sampler = StockSampler(view)
        self.last_stats["likelihood"] = 1.0
        cost = chunk * len(sampler.plays)
        while True:
            yield [sampler.draw(self.rng) for _ in range(chunk)], cost

    def evaluate(self, view: PlayerView) -> dict[int, float]:
        """Mean value (:mod:`hearts.players.objective`, lower is better) of each candidate card.

        Steady search: every candidate is played out on the same sampled deals
        with the same (deterministic) play-out policy, so the differences
        between candidates carry no sampling noise of their own (common random
        numbers).  Deals come in batches (:meth:`_worlds`); a weighted batch
        may hold one deal several times (resampling), and such a deal is
        played out once and counted as often as it was drawn.  The standard
        error of a difference treats each distinct deal as one observation
        with that multiplicity as its weight (a deal drawn five times tells no
        more than one drawn once, five times as loud), so duplicates do not
        make a close call look clear.  From ``min_worlds`` distinct deals on
        (and then every quarter more) a card whose mean is worse than the
        leader's by more than ``z`` standard errors of the paired difference
        is dropped, and the search stops when one card is left, when every
        card left is within a twentieth of a point of the leader (``z``
        standard errors included), or when ``max_budget`` plays,
        ``max_worlds`` distinct deals (or the clock) run out.  A dropped card
        keeps the mean it had; the returned dict has every candidate.
        """
        start = time.perf_counter()
        self.last_stats = {}
        stock = bool(view.rules.stock_size)
        held_out = outstanding(view)
        moves = sorted(set(distinct_moves(view, held_out).values()))
        value, unit = self._objective(view)
        pr = policy_rules(view.rules)
        remaining = max(1, sum(view.counts) + view.stock_size)
        me = view.seat
        # One entry per distinct deal: its value per candidate, and how often it was drawn.
        keys = moves[:]
        if self.moon_search and not stock and moon_try(view, pr, held_out):
            keys += [m | MOON_KEY for m in moves]
        vals: dict[int, list[float]] = {k: [] for k in keys}
        mult: list[int] = []
        alive = keys[:]
        used = 0
        chunk = 8
        tie = 0.05 * unit
        budget = self.stock_budget if stock else self.max_budget
        check = self.min_worlds  # tests at 24, 32, 40, 48, 56, 64, 80... distinct deals
        stop = False
        batches: Iterator[tuple[Sequence[Sim | Game], int]] = \
            self._stock_worlds(view, chunk) if stock else self._worlds(view, chunk)
        for pool, cost in batches:
            used += cost
            seen: dict[int, int] = {}
            for i in range(0, len(pool), chunk):
                for base in pool[i:i + chunk]:
                    j = seen.get(id(base))
                    if j is not None:
                        mult[j] += 1
                        continue
                    for key in alive:
                        if isinstance(base, Game):
                            vals[key].append(value(try_card(base, key)))
                            continue
                        sim = base.copy()
                        if key & MOON_KEY:
                            sim.fit |= 1 << me
                        sim.play(key & ~MOON_KEY)
                        play_out(sim, pr)
                        vals[key].append(value(sim))
                    seen[id(base)] = len(mult)
                    mult.append(1)
                    used += remaining * len(alive)
                worlds = len(mult)
                stop = (worlds >= self.max_worlds or used >= budget or len(alive) == 1
                        or (self.time_limit is not None
                            and time.perf_counter() - start > self.time_limit))
                if stop:
                    break
                if worlds < check:
                    continue
                check = max(check + chunk, int(check * 1.25) // chunk * chunk)
                alive, stop = self._prune(alive, vals, mult, tie)
                if stop:
                    break
            if stop:
                break
        drawn = sum(mult)
        self.last_stats.update({"worlds": len(mult), "drawn": drawn, "moves": len(moves),
                                "alive": len(alive), "plays": used,
                                "seconds": time.perf_counter() - start})
        self.alive = sorted({k & ~MOON_KEY for k in alive})
        out: dict[int, float] = {}
        for key, v in vals.items():
            w = mult[:len(v)] if len(v) < len(mult) else mult
            mean = sum(k * x for k, x in zip(w, v, strict=True)) / sum(w) if v else math.inf
            m = key & ~MOON_KEY
            if key & MOON_KEY and m in self.alive and mean < out.get(m, math.inf):
                self.last_stats["moon_key"] = 1.0  # a card is best played going for the moon
            out[m] = min(out.get(m, math.inf), mean)
        return out

    def _prune(self, alive: list[int], vals: dict[int, list[float]], mult: list[int],
               tie: float) -> tuple[list[int], bool]:
        """Drop the candidates clearly worse than the leader (by ``z`` standard errors of
        the paired difference, each distinct deal one observation weighted by ``mult``);
        also says whether the search may stop (one left, or all left within ``tie`` of the
        leader)."""
        z = self.z
        units = len(mult)
        total = sum(mult)
        means = {m: sum(k * x for k, x in zip(mult, vals[m], strict=True)) / total
                 for m in alive}
        lead = min(alive, key=lambda m: (means[m], m))
        lv = vals[lead]
        keep = [lead]
        close = True
        for m in alive:
            if m == lead:
                continue
            mean = means[m] - means[lead]
            var = sum((k * (a - b - mean)) ** 2
                      for k, a, b in zip(mult, vals[m], lv, strict=True)) / total ** 2
            se = math.sqrt(var * units / (units - 1))
            if mean - z * se > 0 and mean > 0.2 * tie:
                continue  # clearly worse: drop it
            keep.append(m)
            if mean + z * se > tie:
                close = False
        return sorted(keep), len(keep) == 1 or close

    def choose_play(self, view: PlayerView) -> int:
        """The card with the best mean over the sampled deals (medium's card on a near-tie)."""
        legal = view.legal
        if not legal:
            raise ValueError("no legal card: it is not this seat's turn")
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        pref = medium_play(view)
        if not self.play_search or view.rules.stock_size and not supported(view) \
                or view.gave_up:
            # A stock game with wild cards: the worlds cannot be sampled yet; a hand
            # some seats gave up (Hearts 1887): the simulator's seats never drop out.
            return pref
        rep = distinct_moves(view, outstanding(view))
        if len(set(rep.values())) == 1:
            return pref  # every legal card does the same: nothing to search
        values = self.evaluate(view)
        alive = self.alive
        best = min(alive, key=lambda c: (values[c], c))
        unit = self._objective(view)[1]
        margin = 0.05 * unit
        if not view.rules.deck >> PACK2 and not view.rules.wild_mask \
                and moon_card(Table.of(view)) == pref:
            # The play-outs sample the would-be shooter's hand blindly and so miss
            # most moons; trust the stopping rule unless search finds it much worse.
            margin = view.rules.hand_total / 8 * unit
        p = rep.get(pref, -1)
        if p in values and values[p] <= values[best] + margin:
            return pref
        return best


class ExpertBot(HardBot):
    """Level ``expert``: :class:`HardBot` with ten times the work (for hints and analysis).

    A close call may take up to 1,200,000 simulated card plays and 6,000 deals, the
    pass search 16,000 play-outs (about 2 s); the clock stops a card at 2 s (4 s for
    a pass).
    About a second a card on a close call, far less on a clear one.  With a stock
    (Domino Hearts) 120,000 plays a card, replays included.
    """

    name = "expert"

    def __init__(self, seed: int | None = None, **options: object) -> None:
        opts: dict[str, object] = {"play_budget": 240000, "max_worlds": 6000,
                                   "time_limit": 2.0, "pass_rollouts": 16000,
                                   "stock_budget": 120000, "stock_pass_rollouts": 4000}
        opts.update(options)
        super().__init__(seed, **opts)  # type: ignore[arg-type]


register_bot("hard", HardBot)
register_bot("expert", ExpertBot)
