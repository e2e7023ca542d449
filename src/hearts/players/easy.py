"""Level ``easy``: a few simple rules and the mistakes a beginner makes.

- Passing: the highest-ranked cards, with penalty cards first (it passes Q♠
  even when well guarded, and never thinks about voiding a suit).
- Following suit: play the highest card under the current winner, else the
  lowest card (it ignores what may still fall on the trick).
- Void in the led suit: throw the card with the largest penalty, else the
  highest card.
- Leading: the lowest card, avoiding hearts while it can.
- Mistakes: with probability ``mistake`` (default 0.15) a card is chosen at
  random among the legal ones instead.  It keeps no count of cards or voids
  and never shoots or stops a moon on purpose.

Values come from ``rules.penalty``; the seed drives the mistakes.
"""

from __future__ import annotations

import random

from ..cards import HEARTS, PACK2, SUIT_MASKS, cards_of
from ..view import PlayerView
from .base import BaseBot, register_bot
from .common import moon_choice


class EasyBot(BaseBot):
    """Simple rules with random slips (see the module text)."""

    name = "easy"

    def __init__(self, seed: int | None = None, mistake: float = 0.15) -> None:
        self.rng = random.Random(seed)
        self.mistake = mistake

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        """The highest cards, penalty cards first."""
        pen = view.rules.penalty
        cards = sorted(cards_of(view.hand), key=lambda c: (pen[c] > 0, pen[c], c & 15, c))
        return tuple(sorted(cards[-view.rules.pass_count:]))

    def choose_play(self, view: PlayerView) -> int:
        """A card by the simple rules, or a random one on a slip."""
        legal = view.legal
        if not legal:
            raise ValueError("no legal card: it is not this seat's turn")
        if self.rng.random() < self.mistake:
            return self.rng.choice(cards_of(legal))
        r = view.rules
        # The led suit is that of the first card that is not wild (a joker sets none).
        real = [c for _, c in view.trick if not r.wild_mask >> c & 1]
        if not real:
            non_hearts = legal & ~(SUIT_MASKS[HEARTS] | SUIT_MASKS[HEARTS] << PACK2) & ~r.wild_mask
            pool = non_hearts or legal
            return min(cards_of(pool), key=lambda c: (c & 15, c))
        led = (real[0] & 127) >> 4
        follow = legal & (SUIT_MASKS[led] | SUIT_MASKS[led] << PACK2)  # either pack
        if follow:
            win = max(c & 127 for c in real if (c & 127) >> 4 == led)
            under = [c for c in cards_of(follow) if c & 127 < win]
            if under:
                return max(under, key=lambda c: (c & 127, c))
            return min(cards_of(follow), key=lambda c: (c & 127, c))
        return max(cards_of(legal), key=lambda c: (r.penalty[c], c & 15, c))

    def choose_moon(self, view: PlayerView) -> str:
        """Moon scoring choice (``common.moon_choice``)."""
        return moon_choice(view)


register_bot("easy", EasyBot)
