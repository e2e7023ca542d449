"""Review of a player's decisions: what each pass and play cost, from that seat's own information.

For one decision of one seat (a pass or a play) :func:`analyse_pass` and
:func:`analyse_play` are given the seat's :class:`hearts.view.PlayerView` at
that moment and nothing else.  They

1. work out what the seat knew (:func:`hearts.players.sampling.infer`: its
   hand, the cards seen, the voids shown, the cards it passed and to whom);
2. draw ``worlds`` deals of the hidden cards consistent with that
   (:class:`hearts.players.sampling.Sampler`), each equally likely;
3. in every deal, try every legal choice and finish the hand with the fast
   play-out policy of the ``hard`` bot (:mod:`hearts.players.policy`) for
   every seat in the lean simulator :class:`hearts.players.sim.Sim` (with a stock,
   Domino Hearts: worlds of :class:`hearts.players.stock.StockSampler`, consistent
   with every draw, played out on the engine itself), scoring
   with :mod:`hearts.scoring` (moons, suns, bonus cards and Black Maria spades
   count as in the real game); for a pass the other seats pass as ``medium``
   would, since passes are chosen blind (with a stock: the hidden cards are
   dealt at random to the other seats and the stock, and every pass and the
   play-out run on the engine);
4. average this seat's hand points per choice.  The *same* deals serve every
   choice (common random numbers), so the difference between two choices is
   measured deal by deal and its interval is much narrower than the
   intervals of the two means.

The result (:class:`Analysis`) gives every choice's expected hand points with
a 95% confidence interval (1.96 standard errors over the deals), the best
choice, the *loss* of the choice made (its expected points minus the
best's, never negative) and the interval of that difference.  A choice is
marked only when its loss reaches a threshold **and** the lower end of the
difference's interval is above zero (the search is confident that it is
worse).  Thresholds are fractions of the hand's penalty total
(``rules.hand_total``; 26 in standard Hearts), see :data:`THRESHOLDS`:

============  ==================  ==================
mark          loss at least       standard Hearts
============  ==================  ==================
inaccuracy    1/52 of the total   0.5 points
mistake       3/52 of the total   1.5 points
blunder       10/52 of the total  5 points
============  ==================  ==================

The estimate is as good as the play-out policy: it measures what a choice
costs when everyone then plays sensibly (as ``medium`` does), not perfectly.
Equivalent cards (same suit, nothing outstanding between them, same points:
:func:`hearts.players.hard.distinct_moves`) are simulated once and share
their figures, so choosing among them is never marked.

:func:`review_record` walks a ``hearts-record/1`` record, analyses every
decision of one seat and returns the JSON object of ``hearts review --json``
(``interfaces.md`` section 3; :func:`decision_json` builds each entry).
Analysis sits above
the players in the layering: it imports the bots' sampling and simulator,
nothing imports it but the command line and the web layer.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .cards import card_str, cards_of, face
from .game import PHASE_PASS
from .players.hard import (
    distinct_moves,
    outstanding,
    passed_play_out,
    play_out,
    seat_points,
    world_sim,
)
from .players.medium import hand_pass, hand_pass_scores
from .players.policy import PolicyRules, policy_rules
from .players.sampling import Sampler, infer
from .players.stock import StockSampler, play_out_pass, try_card
from .record import (
    Place,
    RecordError,
    Step,
    apply_steps,
    parse_record,
    record_steps,
    replay_record,
    start_game,
)
from .rules import Rules
from .view import PlayerView, player_view

THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 10 / 52), ("mistake", 3 / 52), ("inaccuracy", 1 / 52))
"""``(mark, fraction of rules.hand_total)``, worst first: a loss of at least
that fraction of the hand's penalty total earns the mark (when significant)."""

PLAY_WORLDS = 400
"""Default number of sampled deals for a play decision."""

PASS_WORLDS = 200
"""Default number of sampled deals for a pass decision (each deal is played
out once per candidate pass, about 21 of them)."""

Z95 = 1.96
"""Normal quantile for a two-sided 95% interval."""


def thresholds(rules: Rules) -> dict[str, float]:
    """The loss (hand points) from which each mark applies under ``rules``."""
    total = rules.hand_total or 26
    return {mark: round(frac * total, 3) for mark, frac in THRESHOLDS}


def mark_for(loss: float, loss_ci95: float, rules: Rules) -> str | None:
    """The mark of a choice whose expected loss over the best is ``loss`` ± ``loss_ci95``.

    ``None`` unless the interval of the difference lies above zero
    (``loss - loss_ci95 > 0``) and ``loss`` reaches a threshold of :data:`THRESHOLDS`.
    """
    if loss - loss_ci95 <= 0:
        return None
    total = rules.hand_total or 26
    for mark, frac in THRESHOLDS:
        if loss >= frac * total - 1e-9:
            return mark
    return None


Choice = tuple[int, ...]
"""A choice: one card id for a play, the passed card ids (sorted) for a pass."""


def choice_key(choice: Sequence[int]) -> str:
    """The JSON key of a choice: ``"QS"`` for a play, ``"2C 9D QS"`` (by card order) for a pass.

    A record names a card, not a copy: with two packs both copies of a card have one key
    (``"5C"``), and a pass's cards are in card order whichever pack each came from."""
    return " ".join(card_str(c) for c in sorted(choice, key=lambda c: (face(c), c)))


def _same_named(choices: Sequence[Choice]) -> dict[Choice, Choice]:
    """Each choice mapped to the first of ``choices`` with its key (:func:`choice_key`).

    Cancellation Hearts deals two packs: a seat may hold both copies of 5C, and playing
    (or passing) one copy is the very same choice as the other.  Weighed apart, the two
    copies got two noisy figures under one key, and the best choice and the loss were
    computed from figures the output did not show."""
    first: dict[str, Choice] = {}
    return {c: first.setdefault(choice_key(c), c) for c in choices}


@dataclass(frozen=True)
class Analysis:
    """The analysis of one decision (points are this seat's hand points; lower is better).

    ``choices``: every choice examined (for a play, every legal card; for a
    pass, the candidate passes); ``expected[c]`` and ``ci95[c]``: mean hand
    points after choice ``c`` and the half-width of its 95% interval;
    ``best``: the choice with the lowest mean (the one made when it ties);
    ``played``: the choice made (``None`` when none is given); ``loss``:
    ``expected[played] - expected[best]``; ``loss_ci95``: half-width of the
    95% interval of that difference, measured deal by deal; ``mark``: see
    :func:`mark_for`; ``worlds``: deals sampled.
    """

    stage: str
    seat: int
    choices: tuple[Choice, ...]
    expected: Mapping[Choice, float]
    ci95: Mapping[Choice, float]
    best: Choice
    played: Choice | None
    loss: float
    loss_ci95: float
    mark: str | None
    worlds: int


@dataclass
class _Tally:
    """Per-deal values of every choice (common random numbers)."""

    values: dict[Choice, list[float]] = field(default_factory=dict)

    def add(self, choice: Choice, value: float) -> None:
        self.values.setdefault(choice, []).append(value)


def _mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and 95% half-width (1.96 standard errors; 0 for fewer than two values)."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)


def _summarise(stage: str, seat: int, rules: Rules, tally: _Tally, played: Choice | None,
               alias: Mapping[Choice, Choice], worlds: int) -> Analysis:
    """Means, intervals, best choice, loss and mark from the per-deal values.

    ``alias`` maps each choice to the choice whose simulations it shares
    (equivalent cards); every choice in ``alias`` is reported.
    """
    stats = {c: _mean_ci(v) for c, v in tally.values.items()}
    expected = {c: stats[alias[c]][0] for c in alias}
    ci = {c: stats[alias[c]][1] for c in alias}
    low = min(expected.values())
    # Ties (within float noise) go to the choice made, then to the lowest card.
    best = min(alias, key=lambda c: (expected[c] > low + 1e-9, c != played, c))
    loss = loss_ci = 0.0
    mark = None
    if played is not None and played in alias and alias[played] != alias[best]:
        a, b = tally.values[alias[played]], tally.values[alias[best]]
        loss, loss_ci = _mean_ci([x - y for x, y in zip(a, b, strict=True)])
        loss = max(0.0, loss)
        mark = mark_for(loss, loss_ci, rules)
    return Analysis(stage, seat, tuple(sorted(alias)), expected, ci, best, played, loss, loss_ci,
                    mark, worlds)


def analyse_play(view: PlayerView, played: int | None = None, *, worlds: int = PLAY_WORLDS,
                 rng: random.Random | None = None) -> Analysis:
    """Analyse the play decision of ``view.seat`` (see the module text).

    ``view`` must be the seat's view when it is its turn (``view.legal`` not
    empty); ``played`` is the card it played (or ``None``).  ``worlds``: deals
    sampled (at least 2).  Raises ``ValueError`` when it is not the seat's turn,
    ``played`` is not legal or ``worlds`` < 2.
    """
    if not view.legal:
        raise ValueError("it is not this seat's turn to play")
    if played is not None and not view.legal >> played & 1:
        raise ValueError(f"{card_str(played)} is not a legal card here")
    if worlds < 2:
        raise ValueError("at least two deals are needed for an interval")
    rng = rng or random.Random(0)
    rep = distinct_moves(view, outstanding(view))
    # both packs' copies of a card are one choice (distinct_moves keeps pack two's apart)
    twin = _same_named(sorted((c,) for c in rep))
    rep = {c: rep[twin[(c,)][0]] for c in rep}
    alias: dict[Choice, Choice] = {(c,): (r,) for c, r in rep.items()}
    moves = sorted(set(rep.values()))
    me = view.seat
    pr = policy_rules(view.rules)
    tally = _Tally()
    if len(moves) == 1:
        for _ in range(2):
            tally.add((moves[0],), 0.0)
        return _summarise("play", me, view.rules, tally, None if played is None else (played,),
                          alias, 0)
    if view.rules.stock_size:  # Domino Hearts: worlds and play-outs on the engine
        stock = StockSampler(view)
        for _ in range(worlds):
            world = stock.draw(rng)
            for m in moves:
                tally.add((m,), seat_points(try_card(world, m), me))
        return _summarise("play", me, view.rules, tally, None if played is None else (played,),
                          alias, worlds)
    sampler = Sampler(infer(view))
    for _ in range(worlds):
        base = world_sim(view, sampler.draw(rng), pr)
        for m in moves:
            sim = base.copy()
            sim.play(m)
            play_out(sim, pr)
            tally.add((m,), seat_points(sim, me))
    return _summarise("play", me, view.rules, tally, None if played is None else (played,),
                      alias, worlds)


def pass_candidates(rules: Rules, hand: int, played: Sequence[int] | None = None) -> list[Choice]:
    """The passes weighed for ``hand``: every ``pass_count``-set of the
    ``pass_count + 3`` cards ``medium`` most wants to pass (at least six),
    ``medium``'s own pass, and the pass made (``played``), each sorted."""
    k = rules.pass_count
    scores = hand_pass_scores(rules, hand)  # (two packs: by name, a copy held of each)
    top = sorted(scores, key=lambda c: (-scores[c], -c))[:max(k + 3, 6)]
    cands = {tuple(sorted(c)) for c in itertools.combinations(top, k)}
    cands.add(tuple(sorted(hand_pass(rules, hand))))
    if played is not None:
        cands.add(tuple(sorted(played)))
    return sorted(cands)


def _play_out_pass(pr: PolicyRules, view: PlayerView, hands: list[int],
                   passes: list[int], mine: int) -> int:
    """Points of ``view.seat`` when it passes ``mine`` in the deal ``hands``,
    the others pass ``passes``, and the hand is played out by the policy."""
    me = view.seat
    passes[me] = mine
    return seat_points(passed_play_out(view, hands, passes, pr), me)


def _stock_pass_deal(view: PlayerView, rng: random.Random) -> tuple[list[int], list[int]]:
    """A deal of a stock game at the pass stage consistent with ``view``: the cards
    this seat does not hold, shuffled, give each other seat ``hand_size`` cards and the
    rest is the stock's order (card ids, top first)."""
    r = view.rules
    pile = cards_of(r.deck & ~view.hand)
    rng.shuffle(pile)
    hands = [0] * r.players
    pos = 0
    for s in range(r.players):
        if s == view.seat:
            hands[s] = view.hand
            continue
        for c in pile[pos:pos + r.hand_size]:
            hands[s] |= 1 << c
        pos += r.hand_size
    return hands, pile[pos:]


def _stock_pass_points(view: PlayerView, hands: list[int], order: list[int],
                       passes: list[int], mine: int) -> int:
    """Points of ``view.seat`` in a stock game (Domino Hearts) dealt ``hands`` with
    the stock ``order`` when it passes ``mine`` and the others ``passes``, the hand
    played out on the engine (:func:`hearts.players.stock.play_out_pass`)."""
    given = list(passes)
    given[view.seat] = mine
    return seat_points(play_out_pass(view, hands, order, given), view.seat)


def analyse_pass(view: PlayerView, played: Sequence[int] | None = None, *,
                 worlds: int = PASS_WORLDS, rng: random.Random | None = None) -> Analysis:
    """Analyse the pass decision of ``view.seat`` (see the module text).

    ``view`` is the seat's view in the pass stage (before it passes);
    ``played`` the cards it passed (or ``None``).  The candidates are
    :func:`pass_candidates`; the other seats' hands are sampled from the
    cards this seat cannot see and they pass as ``medium`` would.  Raises
    ``ValueError`` outside a passing hand, for a ``played`` that is not
    ``pass_count`` cards of the hand, or ``worlds`` < 2.
    """
    r = view.rules
    if view.phase != PHASE_PASS or not view.pass_offset:
        raise ValueError("this is not a passing hand's pass stage")
    if played is not None and (len(set(played)) != r.pass_count
                               or any(not view.hand >> c & 1 for c in played)):
        raise ValueError(f"a pass is {r.pass_count} different cards of the hand")
    if worlds < 2:
        raise ValueError("at least two deals are needed for an interval")
    rng = rng or random.Random(0)
    me = view.seat
    alias = _same_named(pass_candidates(r, view.hand, played))
    cands = sorted(set(alias.values()))  # a pass of either copy of a card is weighed once
    masks = {c: sum(1 << x for x in c) for c in cands}
    pr = policy_rules(r)
    tally = _Tally()
    sampler = None if r.stock_size else Sampler(infer(view))
    for _ in range(worlds):
        order: list[int] = []
        if sampler is None:
            hands, order = _stock_pass_deal(view, rng)
        else:
            hands = sampler.draw(rng)
        passes = [0] * r.players
        for s in range(r.players):
            if s != me:
                for c in hand_pass(r, hands[s]):
                    passes[s] |= 1 << c
        for cand in cands:
            if sampler is None:
                tally.add(cand, _stock_pass_points(view, hands, order, passes, masks[cand]))
            else:
                tally.add(cand, _play_out_pass(pr, view, hands, passes, masks[cand]))
    mine = None if played is None else tuple(sorted(played))
    return _summarise("pass", me, r, tally, mine, alias, worlds)


@dataclass(frozen=True)
class DecisionPoint:
    """One decision of the reviewed seat in a record, before it was made.

    ``hand``: hand number (from 0); ``stage``: ``"pass"`` or ``"play"``;
    ``index``: position in that hand's ``play`` list (``None`` for a pass);
    ``view``: the seat's view at that moment; ``played``: what it chose (card
    ids in record order).
    """

    hand: int
    stage: str
    index: int | None
    view: PlayerView
    played: tuple[int, ...]


def _review_error(code: str, message: str, **facts: Any) -> RecordError:
    return RecordError(code, code, message, stage="review", **facts)


def decision_points(source: str | bytes | Mapping[str, Any], seat: int = 0,
                    hand: int | None = None) -> Iterator[DecisionPoint]:
    """Every pass and play of ``seat`` in a record (only hand ``hand`` when given: its
    index in the record's ``hands``, from 0; messages name hands from 1).

    The record is replayed through the engine first (:func:`hearts.record.replay_record`),
    so a bad record raises :class:`hearts.record.RecordError` before anything
    is yielded; so do a game with a stock and wild cards
    (``unsupported_rules``: :mod:`hearts.players.stock` cannot sample it), a seat
    (``bad_seat``) or hand (``bad_hand``) the record does not have.  Every play of
    the seat is listed, forced ones too (they are analysed without sampling: nothing
    to weigh), but none after a seat gave up the hand (Hearts 1887: the play-outs'
    simulator keeps every seat in the tricks).  Each view is built by replaying the
    record up to that moment and asking :func:`hearts.view.player_view`: hidden cards stay
    in the game, never in the point.
    """
    record = parse_record(source)
    game = replay_record(record)
    hands = record["hands"]
    if not 0 <= seat < game.n:
        raise _review_error("bad_seat", f"There is no seat {seat} at a table of {game.n} "
                            f"(seats 0 to {game.n - 1}).", seat=seat)
    r = game.rules
    if r.stock_size and r.wild_mask:
        raise _review_error("unsupported_rules", "The review cannot weigh a game with a stock "
                            "and wild cards yet: its worlds cannot be sampled.")
    if hand is not None and not 0 <= hand < len(hands):
        raise _review_error("bad_hand", f"The record has {len(hands)} hand(s); there is no hand "
                            f"{hand + 1}.", hand=hand)
    # The record once more through the one record path (record_steps / apply_steps),
    # each decision of ``seat`` taken from the step that answers it, before it is applied.
    points: list[DecisionPoint] = []
    g = start_game(record)
    place = Place(0, "")
    pass_view: PlayerView | None = None

    def placed(steps: Iterator[Step]) -> Iterator[Step]:
        nonlocal place
        for step in steps:
            place = step[0]
            yield step

    def apply(action: Action) -> None:
        nonlocal pass_view
        k = place.hand
        if hand is None or k == hand:
            if action.kind == "pass" and g.phase == PHASE_PASS:
                if all(p is None for p in g.passes):  # the pass phase's first step
                    pass_view = player_view(g, seat)
                if action.seat == seat and pass_view is not None:
                    points.append(DecisionPoint(k, "pass", None, pass_view,
                                                tuple(action.payload)))
            elif action.kind == "play" and action.seat == seat and not g.gave_up:
                # (after a give-up in the hand (Hearts 1887) the play-outs cannot follow:
                # the simulator's seats never drop out, so those plays are not reviewed)
                points.append(DecisionPoint(k, "play", place.play_index, player_view(g, seat),
                                            (action.payload,)))
        g.apply(action, False)

    apply_steps(g, placed(record_steps(g, record)), apply=apply)
    yield from points


def analyse_point(point: DecisionPoint, *, play_worlds: int = PLAY_WORLDS,
                  pass_worlds: int = PASS_WORLDS, seed: int = 0) -> Analysis:
    """Analyse one :class:`DecisionPoint`; the random stream depends only on
    ``seed``, the hand, the stage and the index (reproducible, and blind to
    everything but the view)."""
    rng = random.Random(f"{seed}:{point.hand}:{point.stage}:{point.index}")
    if point.stage == "pass":
        return analyse_pass(point.view, point.played, worlds=pass_worlds, rng=rng)
    return analyse_play(point.view, point.played[0], worlds=play_worlds, rng=rng)


def decision_json(point: DecisionPoint, a: Analysis) -> dict[str, Any]:
    """One entry of ``decisions`` in the ``hearts review --json`` object.

    Keys: ``hand``, ``stage``, ``index`` (``None`` for a pass), ``trick`` (from
    0, plays only), ``played`` and ``best`` (a card, or for a pass a list of
    cards), ``expected`` and ``ci95`` (choice key -> points, see
    :func:`choice_key`), ``loss``, ``loss_ci95``, ``mark``, ``worlds``.
    """
    def r2(x: float) -> float:
        return round(x, 2) + 0.0  # + 0.0: no "-0.0"

    out: dict[str, Any] = {"hand": point.hand, "stage": point.stage, "index": point.index}
    if point.stage == "play":
        out["trick"] = len(point.view.tricks)
        out["played"] = card_str(point.played[0])
        out["best"] = card_str(a.best[0])
    else:  # in card order, as the keys of `expected` write them
        out["played"] = choice_key(point.played).split()
        out["best"] = choice_key(a.best).split()
    out["expected"] = {choice_key(c): r2(a.expected[c]) for c in a.choices}
    out["ci95"] = {choice_key(c): r2(a.ci95[c]) for c in a.choices}
    out.update(loss=r2(a.loss), loss_ci95=r2(a.loss_ci95), mark=a.mark, worlds=a.worlds)
    return out


def review_record(source: str | bytes | Mapping[str, Any], seat: int = 0, hand: int | None = None,
                  *, play_worlds: int = PLAY_WORLDS, pass_worlds: int = PASS_WORLDS, seed: int = 0,
                  progress: Callable[[int, int], None] | None = None,
                  by_computer: Collection[tuple[int, int | None]] = ()) -> dict[str, Any]:
    """The ``hearts review --json`` object for ``seat`` in a record (``interfaces.md`` 3).

    ``{"ok": true, "seat": 0, "decisions": [...], "thresholds": {...},
    "play_worlds": ..., "pass_worlds": ...}`` with one entry per decision
    (:func:`decision_json`), in the order they were made.  ``progress(done,
    total)`` is called after each decision.  ``by_computer``: the decisions a
    computer made for the seat (a table's player away), as ``(hand, index)``
    (``index`` ``None`` for a pass); they are weighed like the others but carry
    ``"by": "computer"`` and no mark, since the player did not make them.  Raises
    :class:`hearts.record.RecordError` for a bad record, seat or hand.
    """
    points = list(decision_points(source, seat, hand))
    rules = points[0].view.rules if points else replay_record(source).rules
    if progress:
        progress(0, len(points))
    decisions = []
    for i, p in enumerate(points):
        a = analyse_point(p, play_worlds=play_worlds, pass_worlds=pass_worlds, seed=seed)
        d = decision_json(p, a)
        if (p.hand, p.index) in by_computer:
            d["mark"] = None
            d["by"] = "computer"
        decisions.append(d)
        if progress:
            progress(i + 1, len(points))
    return {"ok": True, "seat": seat, "decisions": decisions, "thresholds": thresholds(rules),
            "play_worlds": play_worlds, "pass_worlds": pass_worlds}


def medium_hand_record(number: int, variant: str = "standard", players: int | None = None,
                       options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A one-hand record of numbered game ``number`` played by ``medium`` in every seat
    (the positions of the review benchmark)."""
    from .drive import drive
    from .game import Game
    from .players.base import get_bot
    from .record import record_from_game
    from .rules import make_rules

    g = Game(make_rules(variant, players, dict(options or {})), number)
    drive(g, [get_bot("medium", s) for s in range(g.n)], deal=True)  # one hand
    return record_from_game(g, deals=False)


def bench_review(hands: int = 4, first: int = 2024001, seat: int = 0, *,
                 play_worlds: int = PLAY_WORLDS, pass_worlds: int = PASS_WORLDS) -> dict[str, Any]:
    """Time the review of one seat's whole hand (at the default depth unless told).

    Hands are numbered games ``first``, ``first + 1``, ... (hand 0 of each,
    passing left, played by ``medium``); every one is reviewed for ``seat``
    (one pass and 13 plays).  Returns ``{"hands", "seconds": [...],
    "median_s", "max_s" (wall clock), "cpu_seconds", "max_cpu_s" (this process's
    CPU time: steadier on a shared machine), "pass_ms", "play_ms" (median wall
    clock per decision),
    "play_worlds", "pass_worlds", "engine"}``; the goal is ``max_s`` ≤ 10.
    """
    import statistics
    import time

    from . import _native

    times: list[float] = []
    cpu: list[float] = []
    pass_ms: list[float] = []
    play_ms: list[float] = []
    for k in range(hands):
        points = list(decision_points(medium_hand_record(first + k), seat))
        start = time.perf_counter()
        cpu0 = time.process_time()
        for p in points:
            t0 = time.perf_counter()
            analyse_point(p, play_worlds=play_worlds, pass_worlds=pass_worlds)
            (pass_ms if p.stage == "pass" else play_ms).append(1000 * (time.perf_counter() - t0))
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - cpu0)
    return {"hands": hands, "seconds": [round(t, 3) for t in times],
            "median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3),
            "cpu_seconds": [round(t, 3) for t in cpu], "max_cpu_s": round(max(cpu), 3),
            "pass_ms": round(statistics.median(pass_ms), 1),
            "play_ms": round(statistics.median(play_ms), 1),
            "play_worlds": play_worlds, "pass_worlds": pass_worlds, "engine": _native.MODE}


__all__ = ["THRESHOLDS", "PLAY_WORLDS", "PASS_WORLDS", "Analysis", "DecisionPoint",
           "thresholds", "mark_for", "choice_key", "analyse_play", "analyse_pass",
           "pass_candidates", "decision_points", "analyse_point", "decision_json",
           "review_record", "medium_hand_record", "bench_review"]
