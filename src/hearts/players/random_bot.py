"""Level ``random``: every choice drawn uniformly from the legal ones.

The baseline of the strength figures (``docs/bots.md``).  It passes any
``pass_count`` cards of its hand, plays any legal card and, as a shooter with a
choice, picks add or subtract at random.
"""

from __future__ import annotations

import random

from ..cards import cards_of
from ..view import PlayerView
from .base import BaseBot, register_bot


class RandomBot(BaseBot):
    """Uniformly random legal choices from a seeded ``random.Random``."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        # its own stream: the give-up question leaves the card choices as they were
        self.give_up_rng = random.Random(None if seed is None else f"give_up-{seed}")

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        """``pass_count`` distinct cards of the hand, at random."""
        return tuple(sorted(self.rng.sample(cards_of(view.hand), view.rules.pass_count)))

    def choose_play(self, view: PlayerView) -> int:
        """A random card of ``view.legal`` (raises ``ValueError`` when none is legal)."""
        legal = cards_of(view.legal)
        if not legal:
            raise ValueError("no legal card: it is not this seat's turn")
        return self.rng.choice(legal)

    def choose_give_up(self, view: PlayerView) -> bool:
        """Hearts 1887: give up the hand, rarely (one time in fifty it is asked)."""
        return self.give_up_rng.random() < 0.02

    def choose_moon(self, view: PlayerView) -> str:
        """``"add"`` or ``"subtract"`` at random."""
        return self.rng.choice(("add", "subtract"))


register_bot("random", RandomBot)
