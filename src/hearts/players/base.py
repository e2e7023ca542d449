"""The bot protocol and the registry of bots by name.

A bot is given a :class:`hearts.view.PlayerView` (one seat's information set)
and answers with the cards to pass or the card to play.  It never receives the
:class:`hearts.game.Game`, so it cannot see hidden hands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ..view import PlayerView


@runtime_checkable
class Bot(Protocol):
    """A computer player.

    ``choose_pass(view)`` returns ``view.rules.pass_count`` distinct card ids
    from ``view.hand``; ``choose_play(view)`` returns one card id from
    ``view.legal``; ``choose_moon(view)`` returns ``"add"`` or ``"subtract"``
    when the rules let a shooter choose.
    """

    name: str

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]: ...

    def choose_play(self, view: PlayerView) -> int: ...

    def choose_moon(self, view: PlayerView) -> str: ...


BotFactory = Callable[[int | None], Bot]
BOTS: dict[str, BotFactory] = {}
"""Registry: bot name -> factory taking an optional seed."""


def register_bot(name: str, factory: BotFactory) -> None:
    """Register a bot factory under ``name`` (replaces an earlier one)."""
    BOTS[name] = factory


def get_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot of the named level; raises ``KeyError`` with the known names."""
    _load_builtin()
    try:
        factory = BOTS[name]
    except KeyError:
        raise KeyError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})") from None
    return factory(seed)


def _load_builtin() -> None:
    """Import the built-in bot modules so that they register themselves."""
    import importlib

    for module in ("random_bot", "easy", "medium", "hard", "styles", "openspiel_ismcts"):
        try:
            importlib.import_module(f"{__package__}.{module}")
        except ModuleNotFoundError as exc:  # a level not written yet, or open_spiel absent
            if exc.name and not exc.name.startswith((__package__ or "", "pyspiel")):
                raise
