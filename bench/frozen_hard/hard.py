"""Level ``hard``: Perfect Information Monte Carlo search (PIMC) with medium-style play-outs.

For each card to play:

1. :func:`hearts.players.sampling.infer` works out what this seat knows
   (shown voids, the cards it passed and to whom, first-trick and
   hearts-lead inferences) from its :class:`hearts.view.PlayerView` only.
2. Up to ``worlds`` deals of the hidden cards consistent with that
   knowledge are sampled (:func:`hearts.players.sampling.sample_hands`).
3. In every sampled deal each candidate card is played and the hand is
   finished by every seat with the fast policy of
   :mod:`hearts.players.policy` in the lean simulator
   :class:`hearts.players.sim.Sim` (rules from ``Rules``, score from
   :mod:`hearts.scoring`, moon and sun included).
4. The card with the lowest mean points for this seat wins; near-ties go to
   the card medium would play.  Cards that are equivalent (same suit, no
   outstanding card between them, same value) are searched once.

The amount of work is fixed by a budget of simulated plays per move
(``play_budget``), which makes a choice reproducible for a given seed and
view; a wall-clock cap (``time_limit``, seconds) stops the search early on a
slow machine.  Passing uses medium's rules, the moon choice ``common.moon_choice``.
"""

from __future__ import annotations

import itertools
import random
import time

from hearts.cards import SUIT_MASKS, cards_of
from hearts.players.base import BaseBot
from hearts.view import PlayerView

from .common import Table, card_value, moon_choice
from .medium import medium_pass, medium_play, moon_stop_card, pass_for_hand, pass_scores
from .policy import policy_rules, rollout, rollout_card
from .sampling import infer, sample_hands
from .sim import Sim


def distinct_moves(view: PlayerView, out: int) -> dict[int, int]:
    """Each legal card mapped to the representative of its equivalence class.

    Two cards of a suit are equivalent when every card ranked between them is
    in this hand or already played and they score the same: whatever one
    does in a trick, the other does too.  The highest of each run represents it.
    """
    r = view.rules
    legal = view.legal
    rep: dict[int, int] = {}
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


def _my_points(sim: Sim, me: int) -> int:
    score = sim.score()
    choice = None
    if score.shooter is not None and sim.rules.moon == "choice":
        choice = "subtract" if score.shooter == me else "add"
    return sim.points(choice)[me]


def search_pass(view: PlayerView, rng: random.Random, rollouts: int = 900,
                deadline: float | None = None) -> tuple[tuple[int, ...], dict[str, float]]:
    """Choose the cards to pass by simulation.

    Candidates: every ``pass_count``-card set drawn from the six cards
    medium most wants to pass, plus medium's own pass.  Each is tried on the
    same sampled deals of the unseen cards (the other seats pass as medium
    would, since passes are chosen blind), the hand is played out with the
    policy of :mod:`hearts.players.policy`, and the candidates are narrowed
    by successive halving (about ``rollouts`` play-outs in all).  Returns the
    best pass and statistics.  ``deadline`` (``time.perf_counter()`` value)
    stops early.
    """
    r = view.rules
    n = r.players
    me = view.seat
    hand = view.hand
    k = r.pass_count
    off = view.pass_offset
    base = tuple(sorted(pass_for_hand(r, hand)))
    scores = pass_scores(r, hand)
    top = sorted(scores, key=lambda c: (-scores[c], -c))[:max(k + 3, 6)]
    cands = {tuple(sorted(c)) for c in itertools.combinations(top, k)}
    cands.add(base)
    order = sorted(cands)
    totals = dict.fromkeys(order, 0.0)
    counts = dict.fromkeys(order, 0)
    pr = policy_rules(r)
    unseen = cards_of(r.deck & ~hand)
    others = [s for s in range(n) if s != me]
    size = r.hand_size
    alive = order[:]
    used = 0
    rounds = 0
    # Round sizes: about a third of the play-outs per round, the field cut to a third.
    while True:
        rounds += 1
        per = max(4, (rollouts // 3) // max(1, len(alive)))
        for _ in range(per):
            rng.shuffle(unseen)
            hands = [0] * n
            hands[me] = hand
            for j, s in enumerate(others):
                m = 0
                for c in unseen[j * size:(j + 1) * size]:
                    m |= 1 << c
                hands[s] = m
            passes = [0] * n
            for s in others:
                for c in pass_for_hand(r, hands[s]):
                    passes[s] |= 1 << c
            for cand in alive:
                pm = 0
                for c in cand:
                    pm |= 1 << c
                passes[me] = pm
                after = [hands[s] & ~passes[s] | passes[(s - off) % n] for s in range(n)]
                if r.first_lead == "lowest-club":
                    bit = 1 << r.opening_card
                    leader = next(s for s in range(n) if after[s] & bit)
                else:
                    leader = view.hand_index % n
                sim = Sim(r, after, leader=leader)
                rollout(sim, pr)
                totals[cand] += _my_points(sim, me)
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
    if counts[base] and totals[base] / counts[base] <= totals[best] / counts[best] + 0.1:
        best = base
    return best, {"candidates": len(order), "rollouts": used, "rounds": rounds}


class HardBot(BaseBot):
    """PIMC search bot (see the module text).

    ``play_budget``: simulated card plays per move (spread over the sampled
    deals and candidate cards); ``max_worlds``/``min_worlds``: bounds on the
    number of sampled deals; ``time_limit``: wall-clock cap in seconds per
    move (``None``: none, fully reproducible).
    """

    name = "hard-frozen"

    def __init__(self, seed: int | None = None, play_budget: int = 24000, max_worlds: int = 400,
                 min_worlds: int = 12, time_limit: float | None = 0.8, pass_search: bool = True,
                 pass_rollouts: int = 900, play_search: bool = True,
                 likelihood: float = 0.2) -> None:
        self.rng = random.Random(seed)
        self.likelihood = likelihood
        self.pass_search = pass_search
        self.pass_rollouts = pass_rollouts
        self.play_search = play_search
        self.play_budget = play_budget
        self.max_worlds = max_worlds
        self.min_worlds = min_worlds
        self.time_limit = time_limit
        self.last_stats: dict[str, float] = {}

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        """Cards to pass: the best of a few candidate passes by simulation
        (:func:`search_pass`), or medium's pass with ``pass_search`` off."""
        if not self.pass_search:
            return medium_pass(view)
        start = time.perf_counter()
        deadline = None if self.time_limit is None else start + 2 * self.time_limit
        best, stats = search_pass(view, self.rng, self.pass_rollouts, deadline)
        self.last_stats = dict(stats, seconds=time.perf_counter() - start)
        return best

    def choose_moon(self, view: PlayerView) -> str:
        """Moon scoring choice (``common.moon_choice``)."""
        return moon_choice(view)

    def evaluate(self, view: PlayerView) -> dict[int, float]:
        """Mean points for this seat after each candidate card (lower is better).

        With ``likelihood < 1`` each sampled deal is weighted by how well it
        explains the other seats' plays so far: the hand is replayed from its
        start on that deal, and every play of another seat that had a choice
        and that the play-out policy would not have made multiplies the
        weight by ``likelihood`` (opponents are assumed to play sensibly, not
        exactly like the policy; plays they were forced to make say nothing).
        """
        start = time.perf_counter()
        know = infer(view)
        moves = sorted(set(distinct_moves(view, know.out()).values()))
        me = view.seat
        r = view.rules
        n = r.players
        pr = policy_rules(r)
        history: list[tuple[int, int]] = []
        for t in view.tricks:
            history.extend(((t.leader + i) % n, c) for i, c in enumerate(t.cards))
        history.extend(view.trick)
        weigh = self.likelihood < 1.0 and any(s != me for s, _ in history)
        played_by = [0] * n
        for s, c in history:
            played_by[s] |= 1 << c
        first_leader = history[0][0] if history else view.leader
        remaining = sum(view.counts)
        rollout_cost = max(1, remaining * len(moves))
        if weigh:
            # Sample ``cand`` deals, weigh them by the replay, then play out
            # ``worlds`` of them drawn in proportion to their weights
            # (sampling-importance-resampling keeps the unlikely deals from
            # eating the budget).
            worlds = max(self.min_worlds, min(self.max_worlds, self.play_budget //
                                              (rollout_cost + 3 * len(history))))
            cand = 3 * worlds
        else:
            worlds = max(self.min_worlds, min(self.max_worlds, self.play_budget // rollout_cost))
            cand = worlds
        eps = self.likelihood
        pool: list[tuple[int, Sim, int]] = []
        for _ in range(cand):
            hands = sample_hands(know, self.rng)
            if weigh:
                base = Sim(r, [hands[s] | played_by[s] for s in range(n)], leader=first_leader)
                miss = choices = 0
                for s, c in history:
                    if s != me:
                        legal = base.legal()
                        if legal & (legal - 1):
                            choices += 1
                            if rollout_card(base, legal, pr) != c:
                                miss += 1
                    base.play(c)
            else:
                base = Sim.from_view(view, hands)
                miss = choices = 0
            pool.append((choices, base, miss))
            if self.time_limit is not None and time.perf_counter() - start > self.time_limit / 3:
                break
        if weigh:
            least, choices = min((m, -ch) for ch, _, m in pool)
            # How predictable are the others?  In the deal that explains their
            # plays best, the policy misses ``least`` of their ``choices``.  Near
            # zero (sensible players) the full weighting applies; from 30% of
            # misses up (random players) none, as their plays say nothing.
            rate = least / max(1, -choices)
            if rate >= 0.3:
                eps = 1.0
            elif rate > 0.1:
                eps = eps + (1.0 - eps) * (rate - 0.1) / 0.2
            weights = [eps ** (m - least) for _, _, m in pool]
            total_w = sum(weights)
            k = min(worlds, len(pool))
            # Systematic resampling: world i is used mult[i] times.
            step = total_w / k
            u = self.rng.random() * step
            mult = [0] * len(pool)
            acc = 0.0
            j = 0
            for i, wt in enumerate(weights):
                acc += wt
                while j < k and u + j * step < acc:
                    mult[i] += 1
                    j += 1
            chosen = [(pool[i][1], mult[i]) for i in range(len(pool)) if mult[i]]
        else:
            chosen = [(b, 1) for _, b, _ in pool]
        totals = dict.fromkeys(moves, 0.0)
        weight_sum = 0.0
        weight_sq = 0.0
        done = 0
        for base, w in chosen:
            for m in moves:
                sim = base.copy()
                sim.play(m)
                rollout(sim, pr)
                totals[m] += w * _my_points(sim, me)
            weight_sum += w
            weight_sq += w * w
            done += 1
            if self.time_limit is not None and time.perf_counter() - start > self.time_limit:
                break
        self.last_stats = {"worlds": done, "moves": len(moves), "sampled": len(pool),
                           "likelihood": eps,
                           "ess": weight_sum * weight_sum / weight_sq if weight_sq else 0.0,
                           "seconds": time.perf_counter() - start}
        return {m: t / weight_sum for m, t in totals.items()}

    def choose_play(self, view: PlayerView) -> int:
        """The card with the best mean over the sampled deals."""
        legal = view.legal
        if not legal:
            raise ValueError("no legal card: it is not this seat's turn")
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        pref = medium_play(view)
        if not self.play_search:
            return pref
        rep = distinct_moves(view, infer(view).out())
        if len(set(rep.values())) == 1:
            return pref  # every legal card does the same: nothing to search
        values = self.evaluate(view)
        best = min(values.values())
        margin = 0.05
        if moon_stop_card(Table.of(view)) == pref:
            # The play-outs sample the would-be shooter's hand blindly and so miss
            # most moons; trust the stopping rule unless search finds it much worse.
            margin = view.rules.hand_total / 8
        if values.get(rep.get(pref, -1), 1e9) <= best + margin:
            return pref
        return min(values, key=lambda c: (values[c], c))


