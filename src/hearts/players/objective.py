"""What the search bots minimise: this hand's points early in a game, the game itself late.

:func:`objective` builds, from one seat's :class:`hearts.view.PlayerView`,
a function that scores a finished play-out (a :class:`hearts.players.sim.Sim`
at the end of the hand) for that seat; lower is better.

- **Hand mode** (no seat is within one hand's points of the target): the
  seat's points for the hand, less a tenth of the points the hand gives to
  the other seat with the lowest total (so that, points being equal, the
  search loads the leader).  Every seat at zero (a first hand, or an arena
  hand with no running totals) leaves the points alone.
- **Game mode** (some total plus the hand's points could reach
  ``rules.target_score``): the hand's points are added to the running totals
  (``scoring.add_to_totals``, so ``exact_target_resets`` counts); when that
  ends the game (``scoring.game_result``), the value is whether this seat won
  (a tie shared by ``k`` seats counts ``1/k``); otherwise the chance of
  winning from the new totals is estimated by :func:`win_chance`.  The value
  is ``-100 * chance`` (percentage points of the game won), so ending the game
  while not lowest, or letting a rival's moon end it, weighs what it is worth.

A moon under ``moon == "choice"`` is scored with the shooter's better
choice: this seat's own, or ``"add"`` for another seat (what
``common.moon_choice`` mostly picks).  The model behind :func:`win_chance` is
deliberately plain: each seat takes ``hand_total / players`` points a hand on
average with a spread of ``0.3 * hand_total``, the game lasts until the
highest total reaches the target, and the seats are independent.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .. import scoring, settle
from ..rules import Rules
from ..view import PlayerView
from .sim import Sim

Objective = Callable[[Sim], float]


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def win_chance(rules: Rules, totals: Sequence[int], seat: int) -> float:
    """Estimated chance (0..1) that ``seat`` wins a game standing at ``totals``.

    A game already over gives 1 (or ``1/k`` for a ``k``-way shared lowest
    total) or 0.  Otherwise: ``H`` = hands left, the highest total's distance
    to the target over the mean points a hand; the chance of ending below
    seat ``o`` is ``Phi((t_o - t_seat) / (sd * sqrt(2 H)))`` and the chances
    over the other seats are multiplied.
    """
    over, winners = scoring.game_result(rules, totals)
    if over:
        return 1.0 / len(winners) if seat in winners else 0.0
    n = rules.players
    total = max(1, abs(rules.hand_total))
    mean = total / n
    spread = 0.3 * total
    hands = max(0.5, (rules.target_score - max(totals)) / mean)
    scale = spread * math.sqrt(2.0 * hands)
    p = 1.0
    mine = totals[seat]
    for o in range(n):
        if o != seat:
            p *= _phi((totals[o] - mine + 0.5) / scale)
    return p


def game_mode(rules: Rules, totals: Sequence[int]) -> bool:
    """Whether this hand can end the game: some total plus the hand's points reaches the target."""
    return any(totals) and max(totals) + abs(rules.hand_total) >= rules.target_score


def _points(sim: Sim, me: int) -> tuple[int, ...]:
    score = sim.score()
    if score.shooter is not None and sim.rules.moon == "choice":
        return sim.points("subtract" if score.shooter == me else "add")
    return sim.points()


def objective(view: PlayerView) -> tuple[Objective, float]:
    """The function a search minimises for ``view.seat`` (see the module text), and
    its unit: what one more point for this seat in this hand is worth on its scale
    (1 in hand mode; in game mode the drop in the estimated chance of winning,
    at least 0.5), for margins that must mean the same in both modes."""
    r = view.rules
    me = view.seat
    totals = tuple(view.totals)
    n = r.players
    if r.teams:  # partnerships: the points of this seat's side
        side = settle.side_of(r, me)

        def side_points(sim: Sim) -> float:
            pts = _points(sim, me)
            return float(sum(pts[s] for s in side))
        return side_points, 1.0
    if not any(totals):
        def hand_points(sim: Sim) -> float:
            return float(_points(sim, me)[me])
        return hand_points, 1.0
    if not game_mode(r, totals):
        others = [s for s in range(n) if s != me]
        low = min(totals[s] for s in others)
        leaders = [s for s in others if totals[s] == low]
        lead = leaders[0] if len(leaders) == 1 and low < totals[me] else -1

        def load_leader(sim: Sim) -> float:
            pts = _points(sim, me)
            return pts[me] - (0.1 * pts[lead] if lead >= 0 else 0.0)
        return load_leader, 1.0
    choice = r.moon == "choice"

    def game(sim: Sim) -> float:
        score = sim.score()
        if choice and score.shooter == me:
            best = 0.0
            for how in ("add", "subtract"):
                after = scoring.add_to_totals(r, totals, sim.points(how))
                best = max(best, win_chance(r, after, me))
            return -100.0 * best
        pts = sim.points("add") if choice else sim.points()
        return -100.0 * win_chance(r, scoring.add_to_totals(r, totals, pts), me)
    # One point more for this seat, the others taking their share of the hand.
    share = abs(r.hand_total) // n
    base = [t + share for t in totals]
    worse = base[:]
    worse[me] += 1
    unit = 100.0 * (win_chance(r, base, me) - win_chance(r, worse, me))
    return game, max(0.5, unit)


__all__ = ["Objective", "objective", "win_chance", "game_mode"]
