"""Playing bots against each other on fixed deals (for tests, benches and evaluation).

:func:`play_hand` plays one hand of a :class:`hearts.game.Game` with one bot
per seat, each bot seeing only its own :class:`hearts.view.PlayerView`.
:func:`duplicate` plays each deal once per seat rotation, so every bot of a
line-up plays every hand from every seat; comparing two line-ups on the same
deals removes most of the luck of the cards.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..actions import Action, Decision
from ..deal import numbered_deal
from ..drive import drive
from ..game import Game
from ..rules import Rules
from .base import Bot, get_bot


@dataclass
class HandLog:
    """Outcome of one hand (or game of hands): points per seat, the shooter (or None;
    of a game, the last one), the seconds each decision took per seat
    (``play_times[s]``: wall clock, one entry per card; ``cpu_times[s]``: this
    process's CPU time) and ``moons``, how many times a seat shot the moon."""

    points: tuple[int, ...]
    moon: int | None
    play_times: list[list[float]] = field(default_factory=list)
    cpu_times: list[list[float]] = field(default_factory=list)
    moons: int = 0


def _play_timer(n: int) -> tuple[list[list[float]], list[list[float]],
                                 Callable[[int, Decision, Action, float, float], None]]:
    """Per-seat lists of the wall-clock and CPU seconds of each card play (``n`` seats),
    and the ``drive`` callback that fills them."""
    times: list[list[float]] = [[] for _ in range(n)]
    cpu: list[list[float]] = [[] for _ in range(n)]

    def timed(seat: int, decision: Decision, action: Action, wall: float, used: float) -> None:
        if decision.kind == "play":
            times[seat].append(wall)
            cpu[seat].append(used)

    return times, cpu, timed


def play_hand(rules: Rules, deal: Sequence[int], bots: Sequence[Bot], hand_index: int = 0,
              totals: Sequence[int] | None = None) -> HandLog:
    """Play one hand of ``deal`` (card-set bitmasks per seat) with ``bots[s]`` in seat ``s``.

    ``hand_index`` sets the pass direction (``rules.pass_offset(hand_index)``)
    and eldest hand; ``totals`` the running scores seen by the bots.  Raises
    :class:`hearts.game.IllegalAction` if a bot makes an illegal choice.
    """
    g = Game(rules)
    g.hand_index = hand_index - 1  # so that start_hand deals hand number ``hand_index``
    if totals is not None:
        g.totals = list(totals)
    g.start_hand(deal=list(deal))
    n = rules.players
    times, cpu, timed = _play_timer(n)

    drive(g, bots, on_decision=timed)
    res = g.results[-1]
    return HandLog(res.points, res.moon, times, cpu, int(res.moon is not None))


def play_game(rules: Rules, deals: Sequence[Sequence[int]], bots: Sequence[Bot]) -> HandLog:
    """Play the hands ``deals`` (each card-set bitmasks per seat) as one game, hand
    ``j`` of it being hand number ``j`` of the rotation (its pass direction), with the
    same ``bots[s]`` in seat ``s`` throughout: the bots see the running totals and the
    game's earlier hands (``PlayerView.past``), as at a table.  Returns the points of
    every seat summed over the hands, the last shooter (or None), the decision times and
    how many hands were shot.
    Raises :class:`hearts.game.IllegalAction` if a bot makes an illegal choice, and
    ``ValueError`` if the game ends (a seat reaches the target) before the last hand:
    use rules whose game lasts that long (the ``deals`` option)."""
    g = Game(rules)
    n = rules.players
    times, cpu, timed = _play_timer(n)

    for j, deal in enumerate(deals):
        if j and g.game_over:
            raise ValueError(f"the game ended after {j} of {len(deals)} hands")
        g.start_hand(deal=list(deal))
        drive(g, bots, on_decision=timed)
    points = tuple(sum(r.points[s] for r in g.results) for s in range(n))
    shooters = [r.moon for r in g.results if r.moon is not None]
    return HandLog(points, shooters[-1] if shooters else None, times, cpu, len(shooters))


@dataclass
class DuplicateResult:
    """Points of a line-up over duplicate deals.

    ``points[d][rot][s]``: points of seat ``s`` on deal ``d`` in rotation ``rot``
    (in rotation ``rot`` seat ``s`` holds line-up entry ``(s - rot) mod n``).
    """

    lineup: tuple[str, ...]
    points: list[list[tuple[int, ...]]]
    moons: int = 0
    play_times: dict[str, list[float]] = field(default_factory=dict)
    cpu_times: dict[str, list[float]] = field(default_factory=dict)

    def by_entry(self, entry: int) -> list[float]:
        """Mean points per hand of line-up entry ``entry``, one value per deal."""
        n = len(self.lineup)
        out = []
        for rots in self.points:
            vals = [pts[(entry + rot) % n] for rot, pts in enumerate(rots)]
            out.append(sum(vals) / len(vals))
        return out

    def by_entry_seat(self, entry: int) -> list[list[int]]:
        """``[deal][seat]``: points of entry ``entry`` when it sat in ``seat``."""
        n = len(self.lineup)
        out = []
        for rots in self.points:
            row = [0] * n
            for rot, pts in enumerate(rots):
                row[(entry + rot) % n] = pts[(entry + rot) % n]
            out.append(row)
        return out


def deal_for(rules: Rules, number: int) -> tuple[int, list[int]]:
    """Deal ``number`` of the evaluation set: ``(hand_index, hands)``.

    The hands are ``numbered_deal(rules, 1_000_000 + number, hand_index)`` and
    the hand index cycles through the pass directions.
    """
    hand_index = number % len(rules.pass_offsets)
    return hand_index, numbered_deal(rules, 1_000_000 + number, hand_index)


def game_deals(rules: Rules, number: int, hands: int) -> list[list[int]]:
    """The deals of game ``number`` of the evaluation set when a game is ``hands`` hands:
    hand ``j`` is ``numbered_deal(rules, 1_000_000 + number * hands + j, j)`` (with four
    hands a game, the same deals as :func:`deal_for` of numbers ``4 number`` to
    ``4 number + 3``)."""
    return [numbered_deal(rules, 1_000_000 + number * hands + j, j) for j in range(hands)]


def duplicate(rules: Rules, lineup: Sequence[str], deals: Sequence[int],
              factory: Callable[[str, int], Bot] | None = None,
              progress: Callable[[int], None] | None = None,
              hands: int = 1) -> DuplicateResult:
    """Play every deal number in ``deals`` once per seat rotation of ``lineup``.

    Bots are built fresh per hand by ``factory(name, seed)`` (default
    :func:`hearts.players.get_bot`) with a seed fixed by deal and seat, so a
    run is reproducible up to time budgets.  With ``hands > 1`` each number is a game
    of that many hands (:func:`game_deals`, :func:`play_game`: the same bots through
    the game, which sees its earlier hands) and ``points`` are the game's sums; the
    rules must let the game last (the ``deals`` option).
    """
    make = factory or get_bot
    n = rules.players
    if len(lineup) != n:
        raise ValueError(f"need {n} bots, got {len(lineup)}")
    res = DuplicateResult(tuple(lineup), [])
    for i, d in enumerate(deals):
        play: Callable[[list[Bot]], HandLog]
        if hands > 1:
            play = functools.partial(play_game, rules, game_deals(rules, d, hands))
        else:
            hand_index, cards = deal_for(rules, d)
            play = functools.partial(play_hand, rules, cards, hand_index=hand_index)
        rots = []
        for rot in range(n):
            names = [lineup[(s - rot) % n] for s in range(n)]
            log = play([make(names[s], d * 16 + s) for s in range(n)])
            rots.append(log.points)
            res.moons += log.moons
            for s in range(n):
                res.play_times.setdefault(names[s], []).extend(log.play_times[s])
                res.cpu_times.setdefault(names[s], []).extend(log.cpu_times[s])
        res.points.append(rots)
        if progress:
            progress(i)
    return res


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    k = len(values)
    if k == 0:
        return 0.0, 0.0
    m = sum(values) / k
    if k < 2:
        return m, math.inf
    var = sum((v - m) ** 2 for v in values) / (k - 1)
    return m, 1.96 * math.sqrt(var / k)


__all__ = ["HandLog", "play_hand", "play_game", "game_deals", "DuplicateResult", "duplicate",
           "deal_for", "mean_ci"]
