"""Shared pytest fixtures.

Tests use the real engine, database and browser (no mocks of our own parts).
Browser tests drive Debian's chromium through Playwright with
``executable_path=CHROMIUM`` (never ``playwright install``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hearts.cards import cards_of
from hearts.game import PHASE_DEAL, PHASE_MOON, PHASE_OVER, PHASE_PASS, PHASE_PLAY, Game

ROOT = Path(__file__).resolve().parent.parent
"""The repository root."""
DATA = Path(__file__).resolve().parent / "data"
"""Sample records and other test data (``tests/data``)."""
CHROMIUM = "/usr/bin/chromium"
"""The browser binary that Playwright tests launch."""


REDIS_MODULES = frozenset({"test_tables_redis.py"})
"""Test modules that start a throw-away ``redis-server`` (every test of them is marked ``redis``)."""
SLOW_TESTS = frozenset({"test_players_strategy.py::test_hard_stops_a_medium_shooter"})
"""Tests marked ``slow``: the longest of the suite (``module::function``, every parameter),
left out of ``make check`` (three ``hard`` bots without a clock through twelve built moon
hands: about 80 s of CPU per case with the compiled engine)."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests that need more than Python, so ``make check`` can leave them out
    (``-m "not e2e and not postgres and not redis and not slow"``): ``e2e`` for the browser
    tests under ``tests/e2e``, ``postgres`` for those that use the throw-away PostgreSQL
    cluster (the ``pg_cluster`` fixture, or the ``postgresql`` case of a parametrized
    database), ``redis`` for those that start ``redis-server`` and ``slow`` for
    :data:`SLOW_TESTS`.  ``make test`` runs them all."""
    for item in items:
        path = Path(str(item.fspath))
        if "e2e" in path.parts:
            item.add_marker(pytest.mark.e2e)
        params = getattr(getattr(item, "callspec", None), "params", {})
        if "pg_cluster" in getattr(item, "fixturenames", ()) or "postgresql" in params.values():
            item.add_marker(pytest.mark.postgres)
        if path.name in REDIS_MODULES or "redis_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.redis)
        name = getattr(item, "originalname", item.name)
        if f"{path.name}::{name}" in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def data_dir() -> Path:
    """The ``tests/data`` folder."""
    return DATA


def play_random(game_or_rules: Any, number: int | None = None, seed: int = 0,
                max_plays: int | None = None, moon: str | None = None) -> Game:
    """Play random legal moves through the real engine.

    ``game_or_rules`` is a :class:`Game` to continue or a ``Rules`` to start a
    new game with game number ``number`` (``None``: random deals from ``seed``).
    Stops when the game is over or after ``max_plays`` card plays (which may
    leave the game part-way through a hand).  A pending moon is settled by
    ``moon`` (``"add"``/``"subtract"``), or at random when ``moon`` is None.
    """
    rng = random.Random(seed)
    game = game_or_rules if isinstance(game_or_rules, Game) else Game(
        game_or_rules, number, rng=random.Random(seed + 1))
    plays = 0
    while game.phase != PHASE_OVER:
        if game.phase == PHASE_DEAL:
            game.start_hand()
        elif game.phase == PHASE_PASS:
            for s in game.to_act():
                game.pass_cards(s, rng.sample(cards_of(game.hands[s]), game.rules.pass_count))
        elif game.phase == PHASE_PLAY:
            if max_plays is not None and plays >= max_plays:
                break
            game.play(game.turn, rng.choice(cards_of(game.legal_plays())))
            plays += 1
        elif game.phase == PHASE_MOON:
            game.choose_moon(game.turn, moon or rng.choice(["add", "subtract"]))
    return game


@pytest.fixture
def random_game() -> Callable[..., Game]:
    """:func:`play_random` as a fixture: ``random_game(rules, number, seed, max_plays)``."""
    return play_random


@pytest.fixture(scope="module")
def store(db_path: Path, server: Any) -> Any:
    """A :class:`hearts.web.storage.GameStore` on the module's ``db_path`` (the file its
    ``server`` fixture serves), to read the truth of a game back from the database."""
    from hearts.web.storage import GameStore

    s = GameStore(f"sqlite:///{db_path}")
    yield s
    s.close()


@pytest.fixture
def client(server: Any) -> Any:
    """An ``httpx.Client`` on the module's ``server`` fixture (a ``ServerProcess``)."""
    import httpx

    with httpx.Client(base_url=server.url, timeout=120) as c:
        yield c
