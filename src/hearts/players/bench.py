"""Decision times of the bot levels on a fixed set of positions (``hearts bench bots``).

The positions come from medium playing four hands of standard Hearts on fixed
numbered deals (game numbers 2024001-2024004, one hand per pass direction);
every position where the seat to play has a real choice (two or more legal
cards) is kept, early and late tricks alike.  Each level is then timed on
those positions, one fresh bot per position with a fixed seed, in this
process, so the figures are per card, single core.
"""

from __future__ import annotations

import importlib.machinery
import random
import statistics
import time
from typing import Any

from ..actions import Action, Decision
from ..cards import HEARTS, SUIT_MASKS, cards_of, make_card, mask_of
from ..deal import numbered_deal
from ..drive import drive
from ..game import Game
from ..rules import Rules, make_rules
from ..view import PlayerView, player_view
from .base import get_bot
from .medium import MediumBot

LEVELS = ("hard", "medium", "easy", "random")
GAMES = (2024001, 2024002, 2024003, 2024004)


def moon_deal(rules: Rules, i: int) -> list[int]:
    """Built deal ``i`` for moon benchmarks and tests (``bench/moon_stop.py``): seat
    ``i mod players`` gets A♥, five more hearts at random and ``hand_size - 6`` cards
    drawn from the tens to aces of the other suits (a hand fit to shoot); the rest of
    the deck is shuffled to the other seats (``random.Random(3_000_000 + i)``).  One
    pack; card-set bitmasks per seat."""
    rng = random.Random(3_000_000 + i)
    n = rules.players
    heart_mask = SUIT_MASKS[HEARTS]
    ace = make_card(12, HEARTS)
    hearts = [c for c in cards_of(heart_mask & rules.deck) if c != ace]
    high = [c for c in cards_of(rules.deck & ~heart_mask) if c & 15 >= 8]
    hand = mask_of([ace] + rng.sample(hearts, 5) + rng.sample(high, rules.hand_size - 6))
    rest = cards_of(rules.deck & ~hand)
    rng.shuffle(rest)
    hands = [0] * n
    seat = i % n
    hands[seat] = hand
    others = [s for s in range(n) if s != seat]
    for j, c in enumerate(rest):
        hands[others[j % len(others)]] |= 1 << c
    return hands


def bench_positions(variant: str = "standard") -> list[PlayerView]:
    """The fixed positions: views of the seat to play where it has a choice (the same
    numbered games in ``variant``, its default player count; a stock's order from the
    game number too)."""
    rules = make_rules(variant)
    views: list[PlayerView] = []
    bot = MediumBot(0)

    def keep(seat: int, decision: Decision, action: Action, wall: float, cpu: float) -> None:
        if decision.kind == "play" and decision.cards & (decision.cards - 1):
            views.append(player_view(g, seat))

    for k, number in enumerate(GAMES):
        g = Game(rules, None if variant == "standard" else number)
        g.hand_index = k - 1
        g.start_hand(deal=numbered_deal(rules, number, k) if variant == "standard" else None)
        drive(g, [bot] * rules.players, on_decision=keep)
    return views


def _time_level(level: str, views: list[PlayerView], deadline: float | None,
                min_count: int) -> tuple[list[float], list[float]]:
    times: list[float] = []
    cpu: list[float] = []
    while True:
        for i, v in enumerate(views):
            bot = get_bot(level, i)
            t0, c0 = time.perf_counter(), time.process_time()
            bot.choose_play(v)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            if deadline is not None and len(times) >= min_count and time.perf_counter() > deadline:
                return times, cpu
        if deadline is None or time.perf_counter() > deadline:
            return times, cpu


def bench_bots(seconds: float | None = None,
               levels: tuple[str, ...] = LEVELS, variant: str = "standard") -> dict[str, Any]:
    """Time every level's ``choose_play`` on :func:`bench_positions` (of ``variant``).

    ``seconds``: a rough wall-clock budget per level (each level still sees at
    least 20 positions, or all of them when fewer); ``None``: every position
    once for ``hard`` and at least 2 seconds of repeats for the fast levels.
    Returns ``{"levels": {"hard": {"median_ms", "p95_ms", "mean_ms",
    "cpu_median_ms", "positions"}, "medium": {...}, "easy": {...}, "random":
    {...}}, "positions": N, "playouts": {...}}``; times are milliseconds per card,
    wall clock (``cpu_*``: this process's CPU time, which a busy machine does not
    inflate); ``playouts`` is :func:`bench_playouts` (the hard bot's simulated
    play-outs per second).
    """
    views = bench_positions(variant)
    out: dict[str, Any] = {}
    for level in levels:
        if seconds is not None:
            budget: float | None = seconds
        else:
            budget = None if level == "hard" else 2.0
        deadline = None if budget is None else time.perf_counter() + budget
        times, cpu = _time_level(level, views, deadline, min(20, len(views)))
        ts, cs = sorted(times), sorted(cpu)
        p95 = min(len(ts) - 1, int(len(ts) * 0.95))
        out[level] = {
            "median_ms": round(statistics.median(ts) * 1000, 3),
            "p95_ms": round(ts[p95] * 1000, 3),
            "mean_ms": round(statistics.fmean(ts) * 1000, 3),
            "cpu_median_ms": round(statistics.median(cs) * 1000, 3),
            "cpu_p95_ms": round(cs[p95] * 1000, 3),
            "positions": len(ts),
        }
    playouts = bench_playouts(min(2.0, seconds) if seconds is not None else 2.0)
    return {"levels": out, "positions": len(views), "variant": variant,
            "players": views[0].rules.players if views else 4,
            "playouts": playouts}


__all__ = ["bench_bots", "bench_playouts", "bench_positions", "LEVELS"]


def bench_playouts(seconds: float = 2.0) -> dict[str, Any]:
    """Simulated play-outs per second of the hard bot's search loop.

    On every position of :func:`bench_positions`: a deal of the hidden hands is
    sampled once (``sampling.sample_hands``), then the position is copied and
    played out to the hand's end by the play-out policy (``policy.rollout``) and
    scored, as ``HardBot.evaluate`` does for each candidate card, until
    ``seconds`` have passed.  Returns ``{"playouts_per_s", "playouts",
    "positions", "sim"}`` (``sim``: whether ``players/sim.py`` ran compiled).
    """
    import random as _random

    from .policy import policy_rules, rollout
    from .sampling import infer, sample_hands
    from .sim import Sim

    views = bench_positions()
    rng = _random.Random(7)
    bases = []
    for v in views:
        hands = sample_hands(infer(v), rng)
        bases.append((Sim.from_view(v, hands), policy_rules(v.rules), v.seat))
    done = 0
    start, cpu0 = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for base, pr, seat in bases:
            sim = base.copy()
            rollout(sim, pr)
            sim.points()[seat]
            done += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu0
    from . import sim as sim_module

    compiled = str(getattr(sim_module, "__file__", "")).endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES))
    return {"playouts_per_s": round(done / elapsed, 1),
            "playouts_per_cpu_s": round(done / cpu, 1) if cpu > 0 else None, "playouts": done,
            "positions": len(bases), "sim": "compiled" if compiled else "pure"}
