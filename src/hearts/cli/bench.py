"""``hearts bench``: speed measurements (interfaces.md section 3).

``hearts bench engine [--seconds S | --hands N] [--variant V]`` plays random full
hands of any variant through the one drive loop (every decision answered at random
among the legal choices, to the scoring) and prints one JSON object:
``{"hands_per_s": ..., ...}``.
``hearts bench bots [--seconds S]`` prints what
``hearts.players.bench.bench_bots(seconds)`` returns, as JSON.
``hearts bench review [--hands N]`` prints ``hearts.analysis.bench_review``:
seconds to review one seat's whole hand at the default depth.
"""

from __future__ import annotations

import importlib
import json
import math
import platform
import random
import sys
import time
from typing import Any

import click

from .. import _native
from ..drive import UniformAgent, drive
from ..game import PHASE_OVER, Game
from ..rules import RulesError, make_rules


def engine_hands_per_second(seconds: float = 3.0, variant: str = "standard",
                            players: int | None = None, seed: int = 1,
                            hands: int | None = None) -> dict[str, Any]:
    """Play random hands for about ``seconds`` wall-clock seconds (or exactly ``hands``
    hands) and measure the rate.

    Every hand goes through the one drive loop (:func:`hearts.drive.drive`) with
    :class:`hearts.drive.UniformAgent` in every seat and no views built: the deal (random), then
    every decision the game asks for (passes, bids, a named suit, declarations, plays,
    a moon choice), each answered uniformly at random among the legal choices and
    applied by ``Game.apply``, to the hand's scoring; so every variant runs.  Games
    run to their end and a new one starts.  Returns ``hands_per_s`` (hands
    per wall-clock second), ``hands_per_cpu_s`` (per second of this process's CPU
    time: steadier on a busy machine), ``plays_per_s``, ``hands``, ``seconds``,
    the setup and ``engine``: ``"compiled"`` when the mypyc-compiled engine ran,
    else ``"pure"``, ``"pure-env"`` or ``"pure-stale"`` (``hearts._native``).
    Raises :class:`RulesError` for a bad variant or player count.
    """
    rules = make_rules(variant, players)
    rng = random.Random(seed)
    n = rules.players
    agents = [UniformAgent(rng)] * n
    played = games = 0
    game = Game(rules, rng=rng)
    clock = time.perf_counter
    cpu_start = time.process_time()
    start = clock()
    deadline = start + seconds
    while True:
        if game.phase == PHASE_OVER:
            game = Game(rules, rng=rng)
            games += 1
        drive(game, agents, deal=True, views=False)  # one hand
        played += 1
        if (played >= hands) if hands is not None else clock() >= deadline:
            break
    elapsed = clock() - start
    cpu = time.process_time() - cpu_start
    plays = played * rules.hand_size * n
    return {
        "hands_per_s": round(played / elapsed, 1),
        "plays_per_s": round(plays / elapsed, 1),
        "hands_per_cpu_s": round(played / cpu, 1) if cpu > 0 else None,
        "hands": played,
        "games_finished": games,
        "seconds": round(elapsed, 3),
        "variant": variant,
        "players": n,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "engine": _native.MODE,
    }


@click.group()
def command() -> None:
    """Measure the speed of the engine and of the computer players."""


class _Seconds(click.ParamType):
    """A finite number of seconds from 0.01 to one day (NaN and infinity refused)."""

    name = "seconds"

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        try:
            seconds = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not math.isfinite(seconds) or not 0.01 <= seconds <= 86400:
            self.fail(f"{value!r} must be a number of seconds from 0.01 to 86400", param, ctx)
        return seconds


SECONDS = _Seconds()


@command.command("engine")
@click.option("--seconds", type=SECONDS, default=3.0, show_default=True,
              help="How long to run.")
@click.option("--variant", default="standard", show_default=True, help="Variant to play.")
@click.option("--players", type=int, default=None, help="Number of players (variant default).")
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed.")
@click.option("--hands", type=click.IntRange(1, 1_000_000), default=None,
              help="Play exactly this many hands instead of timing --seconds.")
def engine(seconds: float, variant: str, players: int | None, seed: int,
           hands: int | None) -> None:
    """Random full hands per second through the one drive loop (any variant); prints JSON."""
    try:
        result = engine_hands_per_second(seconds, variant, players, seed, hands)
    except RulesError as exc:
        click.echo(json.dumps({"error": {"code": exc.reason, "message": str(exc)}}))
        sys.exit(1)
    click.echo(json.dumps(result))


@command.command("bots")
@click.option("--seconds", type=SECONDS, default=None,
              help="Seconds of repeats for each level (four levels, each at least 20 "
              "positions); omitted: every position once for hard, 2 s for the others.")
@click.option("--variant", default="standard", show_default=True,
              help="Variant of the positions (e.g. domino).")
def bots(seconds: float | None, variant: str) -> None:
    """Decision times of the computer players (``hearts.players.bench``); prints JSON."""
    try:
        module = importlib.import_module("hearts.players.bench")
    except ModuleNotFoundError as exc:
        if exc.name not in ("hearts.players.bench", "hearts.players"):
            raise
        click.echo(json.dumps({"error": {"code": "unavailable",
                                         "message": "The bot benchmark (hearts.players.bench) "
                                                    "is not installed."}}))
        sys.exit(1)
    bench_bots = getattr(module, "bench_bots", None)
    if bench_bots is None:
        click.echo(json.dumps({"error": {"code": "unavailable",
                                         "message": "hearts.players.bench has no bench_bots()."}}))
        sys.exit(1)
    try:
        result = (bench_bots(seconds) if variant == "standard"
                  else bench_bots(seconds, variant=variant))
    except RulesError as exc:  # answered as `bench engine` answers it
        click.echo(json.dumps({"error": {"code": exc.reason, "message": str(exc)}}))
        sys.exit(1)
    click.echo(json.dumps(result))


@command.command("review")
@click.option("--hands", type=click.IntRange(1, 100), default=4, show_default=True,
              help="Hands to review (numbered games 2024001, 2024002, ...).")
@click.option("--worlds", type=click.IntRange(2, 100000), default=None,
              help="Deals per play decision (the review's default when omitted).")
@click.option("--pass-worlds", type=click.IntRange(2, 100000), default=None,
              help="Deals per pass decision (the review's default when omitted).")
def review(hands: int, worlds: int | None, pass_worlds: int | None) -> None:
    """Seconds to review one seat's whole hand (``hearts review``); prints JSON."""
    from .. import analysis

    click.echo(json.dumps(analysis.bench_review(
        hands, play_worlds=worlds or analysis.PLAY_WORLDS,
        pass_worlds=pass_worlds or analysis.PASS_WORLDS)))
