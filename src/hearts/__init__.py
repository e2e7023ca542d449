"""Hearts: the Hearts family of card games.

The names most programs need can be imported from here (``from hearts import Game,
Action, make_rules, get_bot``); each is the object of its own module, named in
:data:`EXPORTS` (``hearts.Game`` is ``hearts.game.Game``).  They are loaded on first use
(PEP 562), so ``import hearts`` alone imports no engine module.  Not ``drive``: the
function shares its name with its module ``hearts.drive``, which Python's import system
sets as the package's attribute once imported (``from hearts.drive import drive``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import _native

__version__ = "0.1.0"

# Compiled engine modules or their .py sources (stale builds and HEARTS_PURE_PYTHON): see _native.
_native.select()

EXPORTS: dict[str, str] = {
    "Action": "actions", "Decision": "actions",
    "card_str": "cards", "cards_of": "cards", "format_cards": "cards", "parse_card": "cards",
    "parse_mask": "cards", "CardError": "cards",
    "HeartsError": "errors",
    "Game": "game", "IllegalAction": "game",
    "BaseBot": "players", "get_bot": "players", "register_bot": "players",
    "bot_names": "players", "UnknownBot": "players",
    "dump_record": "record", "parse_record": "record", "record_from_game": "record",
    "replay_record": "record", "score_record": "record", "RecordError": "record",
    "Rules": "rules", "make_rules": "rules", "VARIANTS": "rules", "RulesError": "rules",
    "PlayerView": "view", "player_view": "view",
}
"""Name -> the module of ``hearts`` that defines it (the top-level shortcuts)."""

__all__ = [
    "EXPORTS", "__version__", "Action", "Decision", "card_str", "cards_of", "format_cards",
    "parse_card", "parse_mask", "CardError", "HeartsError", "Game",
    "IllegalAction", "BaseBot", "get_bot", "register_bot", "bot_names", "UnknownBot",
    "dump_record", "parse_record", "record_from_game", "replay_record", "score_record",
    "RecordError", "Rules", "make_rules", "VARIANTS", "RulesError", "PlayerView",
    "player_view",
]
# (written out for linters; test_package checks it names every shortcut)

if TYPE_CHECKING:  # what a type checker sees; at run time __getattr__ loads them
    from .actions import Action, Decision
    from .cards import CardError, card_str, cards_of, format_cards, parse_card, parse_mask
    from .errors import HeartsError
    from .game import Game, IllegalAction
    from .players import BaseBot, UnknownBot, bot_names, get_bot, register_bot
    from .record import (
        RecordError,
        dump_record,
        parse_record,
        record_from_game,
        replay_record,
        score_record,
    )
    from .rules import VARIANTS, Rules, RulesError, make_rules
    from .view import PlayerView, player_view


def __getattr__(name: str) -> Any:
    """Load a top-level shortcut (:data:`EXPORTS`) from its module on first use."""
    module = EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'hearts' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(EXPORTS))
