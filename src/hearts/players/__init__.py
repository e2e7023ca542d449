"""Computer players: they see a :class:`hearts.view.PlayerView` and nothing else.

``get_bot(name, seed)`` looks a bot up in the registry by level name
(``random``, ``easy``, ``medium``, ``hard`` and any registered adapter).
"""

from .base import BOTS, BaseBot, Bot, UnknownBot, bot_names, get_bot, register_bot

__all__ = ["BOTS", "BaseBot", "Bot", "UnknownBot", "bot_names", "get_bot", "register_bot"]
