"""The bot protocol, the base class of every bot, and the registry of bots by name.

A bot is given a :class:`hearts.view.PlayerView` (one seat's information set)
and a :class:`hearts.actions.Decision` and answers ``choose(view, decision)``
with an :class:`hearts.actions.Action`.  It never receives the
:class:`hearts.game.Game`, so it cannot see hidden hands.  :class:`BaseBot`
answers ``choose`` by the decision's kind from the bot's own ``choose_pass``,
``choose_play``, ``choose_moon``, ``choose_bid``, ``choose_suit`` and
``choose_declare``, with defaults for those a bot does not know; where the seat may
give up the hand instead of playing (Hearts 1887, option ``give_up`` of a ``play``
decision), it first asks ``choose_give_up(view)`` (default: play on).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ..actions import Action, Decision
from ..cards import SUIT_MASKS, card_tuple, cards_of
from ..errors import HeartsError, excerpt
from ..view import PlayerView


@runtime_checkable
class Bot(Protocol):
    """A computer player.

    ``choose_pass(view)`` returns ``view.rules.pass_count`` distinct card ids
    from ``view.hand``; ``choose_play(view)`` returns one card id from
    ``view.legal``; ``choose_moon(view)`` returns ``"add"`` or ``"subtract"``
    when the rules let a shooter choose; ``choose_bid``, ``choose_suit``,
    ``choose_declare`` and ``choose_give_up`` answer the family's other decisions
    (:class:`BaseBot` has a default for each).  ``choose(view, decision)`` answers
    any decision; it is all that ``hearts.drive.drive`` asks of an agent.
    """

    name: str

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]: ...

    def choose_play(self, view: PlayerView) -> int: ...

    def choose_moon(self, view: PlayerView) -> str: ...

    def choose_bid(self, view: PlayerView) -> int | bool | None: ...

    def choose_suit(self, view: PlayerView) -> int: ...

    def choose_declare(self, view: PlayerView) -> str | None: ...

    def choose_give_up(self, view: PlayerView) -> bool: ...

    def choose(self, view: PlayerView, decision: Decision) -> Action: ...


def fewest_suit(view: PlayerView) -> int:
    """The suit this seat holds the fewest cards of, lowest cards counting less: the
    penalty suit a bot that knows no auction names (the one it is least likely to take)."""
    best, best_key = 0, (99, 99)
    for suit in range(4):
        cards = card_tuple(view.hand & SUIT_MASKS[suit])
        key = (len(cards), sum((c & 15) for c in cards))
        if key < best_key:
            best, best_key = suit, key
    return best


class BaseBot:
    """The base class of every bot: :meth:`choose` answers any decision of
    ``Game.pending()`` (:class:`hearts.actions.Decision`) by its kind, from the
    bot's per-kind methods.

    Defaults, for a bot that does not override them: ``choose_pass`` passes the
    highest cards, ``choose_play`` the lowest legal card, ``choose_moon``
    ``"add"``, ``choose_bid`` no bid (``None``), ``choose_suit`` the suit held
    least (:func:`fewest_suit`), ``choose_declare`` nothing (``None``),
    ``choose_give_up`` ``False`` (play on; asked only for a ``play`` decision whose
    ``options`` hold ``"give_up"``, Hearts 1887, docs/family-rules.md "The 1887
    give-up").  The
    answer is not checked here (the host's ``Game.apply``/``Game.can`` does).
    """

    name = "bot"

    def choose(self, view: PlayerView, decision: Decision) -> Action:
        """The :class:`~hearts.actions.Action` answering ``decision`` for ``view``'s seat;
        raises ``ValueError`` for a kind no bot answers."""
        kind, seat = decision.kind, decision.seat
        if kind == "play":
            if "give_up" in decision.options and self.choose_give_up(view):
                return Action("give_up", seat, None)
            return Action("play", seat, self.choose_play(view))
        if kind == "pass":
            return Action("pass", seat, tuple(self.choose_pass(view)))
        if kind == "moon":
            return Action("moon", seat, self.choose_moon(view))
        if kind == "bid":
            return Action("bid", seat, self.choose_bid(view))
        if kind == "suit":
            return Action("suit", seat, self.choose_suit(view))
        if kind == "declare":
            return Action("declare", seat, self.choose_declare(view))
        if kind == "deal":
            return Action("deal", -1, None)
        raise ValueError(f"unknown decision kind {kind!r}")

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        """``view.rules.pass_count`` cards to pass (default: the highest ranks)."""
        cards = sorted(cards_of(view.hand), key=lambda c: (c & 15, c), reverse=True)
        return tuple(cards[:view.rules.pass_count])

    def choose_play(self, view: PlayerView) -> int:
        """A card of ``view.legal`` (default: the lowest rank); ``ValueError`` when none."""
        legal = cards_of(view.legal)
        if not legal:
            raise ValueError("no legal card: it is not this seat's turn")
        return min(legal, key=lambda c: (c & 15, c))

    def choose_moon(self, view: PlayerView) -> str:
        """``"add"`` or ``"subtract"`` after shooting the moon (default ``"add"``)."""
        return "add"

    def choose_bid(self, view: PlayerView) -> int | bool | None:
        """A bid: chips, ``True`` (a slam bid) or ``None`` (default: no bid)."""
        return None

    def choose_suit(self, view: PlayerView) -> int:
        """The penalty suit to name, 0-3 (default :func:`fewest_suit`)."""
        return fewest_suit(view)

    def choose_declare(self, view: PlayerView) -> str | None:
        """A declaration before the first lead, or ``None`` (default: nothing)."""
        return None

    def choose_give_up(self, view: PlayerView) -> bool:
        """Whether to give up the hand now instead of playing a card (Hearts 1887,
        ``Rules.give_up``; asked only where the seat may; default ``False``: play on)."""
        return False


BotFactory = Callable[[int | None], Bot]
BOTS: dict[str, BotFactory] = {}
"""Registry: bot name -> factory taking an optional seed.  The built-in levels register
themselves when their modules are imported, which :func:`get_bot` and :func:`register_bot`
do first: read it after one of them (or call :func:`bot_names`)."""


class UnknownBot(HeartsError, KeyError):
    """No bot is registered under the name asked for; ``reason`` is ``"unknown_bot"``
    and ``str(error)`` a sentence naming the known bots (or what a built-in one needs).
    A ``KeyError`` too, as it always was, but printed without the quotes ``KeyError``
    puts around its message."""

    default_reason = "unknown_bot"

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def register_bot(name: str, factory: BotFactory) -> None:
    """Register a bot factory under ``name`` (replaces an earlier one).

    ``factory(seed)`` makes a new bot; ``seed`` is ``None`` or an int, passed by
    position: a :class:`BaseBot` subclass whose ``__init__`` takes ``seed`` is a
    factory, and so is ``lambda seed: MyBot()`` (docs/python.md, "Computer players").
    Raises ``TypeError`` when ``factory`` is not callable."""
    if not callable(factory):
        raise TypeError(f"register_bot: the factory of {name!r} must be callable, "
                        f"not {type(factory).__name__}")
    _load_builtin()  # first, so that a built-in level registering later cannot replace it
    BOTS[name] = factory


def get_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot of the named level.  Raises :class:`UnknownBot` (a ``KeyError``) with
    the known names."""
    _load_builtin()
    try:
        factory = BOTS[name]
    except (KeyError, TypeError):  # TypeError: a name that cannot be a key (a list...)
        need = _NEEDS.get(name) if isinstance(name, str) else None
        if need is not None:
            raise UnknownBot(f"bot {name!r} {need}") from None
        raise UnknownBot(f"unknown bot {excerpt(name)} (known: {', '.join(sorted(BOTS))})") from None
    return factory(seed)


def bot_names() -> list[str]:
    """The registered bot names, sorted (the built-in levels and any registered since)."""
    _load_builtin()
    return sorted(BOTS)


_NEEDS = {"openspiel-ismcts": "needs the open_spiel package, which is not installed "
                              "(pip install open-spiel; `make install-test` installs it)"}
"""Built-in bots that register only when an optional package is there, and what they
need (said by :func:`get_bot` instead of "unknown bot")."""


def _load_builtin() -> None:
    """Import the built-in bot modules so that they register themselves."""
    import importlib

    for module in ("random_bot", "easy", "medium", "hard", "styles", "openspiel_ismcts"):
        try:
            importlib.import_module(f"{__package__}.{module}")
        except ModuleNotFoundError as exc:  # a level not written yet, or open_spiel absent
            if exc.name and not exc.name.startswith((__package__ or "", "pyspiel")):
                raise
