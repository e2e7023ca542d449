"""Playing styles unlike ``medium``: real opponents a person could meet, each medium with
one habit changed on purpose.

The search bot models the other seats as ``medium`` (its play-outs and the way it reads
the pass it received).  These levels are the panel it is measured against
(``bench/panel.py``, docs/bots.md "The panel"): each plays medium's game except for one
habit that people have and medium has not.

- ``spade-keeper``: never passes a spade (it keeps Q♠ even bare, "to know where it
  is"); passes its highest hearts first, then the highest cards of its other suits.
- ``high-passer``: passes its three (``pass_count``) highest-ranked cards, whatever
  they are (a low Q♠ stays, an A♣ goes).
- ``high-dumper``: when it cannot follow suit it throws its highest-ranked card (an
  A♦ before Q♠ or the hearts), where medium throws its worst penalty card first.
- ``moon-shooter``: an aggressive shooter: with five hearts or more holding A♥ (or
  four with A♥ and K♥) it passes its lowest cards outside hearts to strengthen the hand,
  and from the first trick it plays to take every trick (sure winners first, then its
  highest cards) until another seat takes a point; medium tries only with six hearts and
  at most ``pass_count`` losers.

Every style plays every variant the engine knows: where its habit does not apply (two
packs, wild cards, a stock, a pass of fewer cards than the rule needs) it plays as
medium does.  Values come from ``rules.penalty``, never from a variant's name.
"""

from __future__ import annotations

from ..cards import HEARTS, PACK2, SPADES, SUIT_MASKS, cards_of
from ..view import PlayerView
from .base import register_bot
from .common import Table
from .medium import MediumBot, _shoot_play, medium_play

HEART_MASK = SUIT_MASKS[HEARTS]


def _plain(view: PlayerView) -> bool:
    """One pack of 52 or fewer cards, no wild cards, no stock: the styles' habits apply."""
    r = view.rules
    return not (r.deck >> PACK2 or r.wild_mask or r.stock_size)


def _rank(c: int) -> int:
    return c & 15


def keeper_pass(view: PlayerView) -> tuple[int, ...]:
    """``spade-keeper``'s pass: no spade unless it has too few other cards; the highest
    hearts first, then the highest other cards (rank, then suit), then its lowest spades.
    Wild cards are never passed."""
    r = view.rules
    k = r.pass_count
    hand = view.hand & ~r.wild_mask
    spades = hand & SUIT_MASKS[SPADES]
    rest = sorted(cards_of(hand & ~spades),
                  key=lambda c: (c >> 4 == HEARTS, _rank(c), c), reverse=True)
    low_spades = sorted(cards_of(spades), key=lambda c: (_rank(c), c))
    return tuple(sorted((rest + low_spades)[:k]))


def high_pass(view: PlayerView) -> tuple[int, ...]:
    """``high-passer``'s pass: the ``pass_count`` highest-ranked cards (ties to the
    higher suit).  Wild cards are never passed."""
    r = view.rules
    hand = view.hand & ~r.wild_mask
    order = sorted(cards_of(hand), key=lambda c: (_rank(c), c >> 4), reverse=True)
    return tuple(sorted(order[:r.pass_count]))


def dump_card(view: PlayerView) -> int:
    """``high-dumper``'s card when it cannot follow the led suit: its highest-ranked
    legal card (ties to the one worth more points, then the higher suit); -1 when it can
    follow, leads, or the habit does not apply (medium's card then)."""
    if not _plain(view) or not view.trick:
        return -1
    led = view.trick[0][1] >> 4
    legal = view.legal
    if legal & SUIT_MASKS[led]:
        return -1
    pen = view.rules.penalty
    return max(cards_of(legal), key=lambda c: (_rank(c), pen[c], c))


def moon_hand(view: PlayerView, hand: int) -> bool:
    """Whether ``moon-shooter`` goes for the moon with ``hand`` (its hand before the pass
    or at the start of the play): the rules have a moon and score hearts, and it holds
    A♥ (the top heart) with five hearts or more, or with K♥ and four or more."""
    r = view.rules
    if r.moon == "none" or not r.penalty_mask & HEART_MASK or not _plain(view):
        return False
    hearts = hand & HEART_MASK
    top = (r.deck & HEART_MASK).bit_length() - 1
    if top < 0 or not hearts >> top & 1:
        return False
    n = hearts.bit_count()
    return n >= 5 or (n >= 4 and bool(hearts >> (top - 1) & 1))


def shooter_pass(view: PlayerView) -> tuple[int, ...] | None:
    """``moon-shooter``'s pass for a hand it will shoot with: its lowest cards outside
    hearts (lowest rank first); None when the hand is not one it shoots with."""
    if not moon_hand(view, view.hand):
        return None
    r = view.rules
    hand = view.hand & ~r.wild_mask
    order = sorted(cards_of(hand), key=lambda c: (c >> 4 == HEARTS, _rank(c), c))
    return tuple(sorted(order[:r.pass_count]))


def start_hand(view: PlayerView) -> int:
    """This seat's hand at the start of the play: its hand now and the cards it has
    played this hand (public: read from the view's tricks)."""
    n = view.rules.players
    hand = view.hand
    for t in view.tricks:
        for i, c in enumerate(t.cards):
            if (t.seats[i] if t.seats else (t.leader + i) % n) == view.seat:
                hand |= 1 << c
    for s, c in view.trick:
        if s == view.seat:
            hand |= 1 << c
    return hand


def shooter_play(view: PlayerView) -> int:
    """``moon-shooter``'s card while it runs for the moon (:func:`moon_hand` of its hand
    at the start of the play, no other seat has taken a point): medium's shooting play
    (a sure winner led, hearts last, else the highest card; the highest card of the led
    suit; the lowest non-penalty card when void); -1 otherwise."""
    if not moon_hand(view, start_hand(view)):
        return -1
    t = Table.of(view)
    if any(p > 0 for s, p in enumerate(t.taken) if s != t.me):
        return -1
    return _shoot_play(t)


class SpadeKeeperBot(MediumBot):
    """``spade-keeper``: medium that keeps its spades and passes its hearts (module text)."""

    name = "spade-keeper"

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        """:func:`keeper_pass` (medium's pass with two packs)."""
        if view.rules.deck >> PACK2:
            return super().choose_pass(view)
        return keeper_pass(view)


class HighPasserBot(MediumBot):
    """``high-passer``: medium that passes its highest-ranked cards (module text)."""

    name = "high-passer"

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        """:func:`high_pass` (medium's pass with two packs)."""
        if view.rules.deck >> PACK2:
            return super().choose_pass(view)
        return high_pass(view)


class HighDumperBot(MediumBot):
    """``high-dumper``: medium that throws its highest card when void (module text)."""

    name = "high-dumper"

    def choose_play(self, view: PlayerView) -> int:
        """:func:`dump_card` when void in the led suit, else medium's card."""
        c = dump_card(view)
        return c if c >= 0 else medium_play(view, self.tie_rng)


class MoonShooterBot(MediumBot):
    """``moon-shooter``: medium that runs for the moon far more often (module text)."""

    name = "moon-shooter"

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        """:func:`shooter_pass` for a hand it shoots with, else medium's."""
        p = shooter_pass(view)
        return p if p is not None else super().choose_pass(view)

    def choose_play(self, view: PlayerView) -> int:
        """:func:`shooter_play` while running for the moon, else medium's card."""
        if view.legal and not view.legal & (view.legal - 1):
            return view.legal.bit_length() - 1
        c = shooter_play(view)
        return c if c >= 0 else medium_play(view, self.tie_rng)


STYLES = ("spade-keeper", "high-passer", "high-dumper", "moon-shooter")
"""The registered style names, in the order the panel lists them."""

register_bot("spade-keeper", SpadeKeeperBot)
register_bot("high-passer", HighPasserBot)
register_bot("high-dumper", HighDumperBot)
register_bot("moon-shooter", MoonShooterBot)

__all__ = ["STYLES", "SpadeKeeperBot", "HighPasserBot", "HighDumperBot", "MoonShooterBot",
           "keeper_pass", "high_pass", "dump_card", "moon_hand", "shooter_pass",
           "shooter_play", "start_hand"]
