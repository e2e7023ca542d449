"""One action type for every phase, its JSON form, and the decisions a game asks for.

An :class:`Action` is ``(kind, seat, payload)``, the same shape in every phase
(OpenSpiel's ApplyAction, for any player count):

=========  =========================================  ==============================
kind       payload                                    JSON (a list, as stored)
=========  =========================================  ==============================
``deal``   ``None`` (numbered or random deal) or the   ``["deal"]`` or
           hands (card sets, one per seat)            ``["deal", [["2C", ...], ...]]``
``bid``    chips (int >= 1), ``True`` (a slam bid)     ``["bid", 1, 5]``, ``["bid", 1, true]``,
           or ``None`` for no bid                     ``["bid", 1, null]``
``suit``   the suit named, 0-3                        ``["suit", 1, "S"]``
``pass``   the cards passed (ids, in order)           ``["pass", 0, "AS", "KS", "QS"]``
``play``   the card id                                ``["play", 2, "QS"]``
``moon``   ``"add"`` or ``"subtract"``                ``["moon", 3, "add"]``
``declare`` ``"general"`` or ``None`` (nothing)       ``["declare", 2, "general"]``
``give_up`` ``None`` (Hearts 1887: the seat gives up   ``["give_up", 2]``
           the hand on its turn to play)
=========  =========================================  ==============================

A deal of a game with a stock (Domino Hearts) may carry the stock's order, top
first, as one more tuple after the hands: ``["deal", [[...], ...], ["3H", ...]]``.

The JSON form is what the web server stores for each move (the same lists it
stored before this type existed, so stored games replay unchanged), what the
drive loop hands to its ``apply`` hook and what ``Game.apply`` takes after
:meth:`Action.from_json`.  The deal's seat is ``-1`` (no player deals cards:
the table does).

A :class:`Decision` is one question ``Game.pending()`` asks: which seat must
answer, what kind of action, and the legal choices (a card set for ``pass`` and
``play``; a tuple of values for ``bid``, ``suit`` and ``moon``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any, NamedTuple

from .cards import (
    SUIT_LETTERS,
    CardError,
    card_str,
    card_tuple,
    cards_of,
    parse_card,
    parse_suit,
    same_name,
)
from .errors import HeartsError, excerpt

KINDS = ("deal", "bid", "suit", "pass", "declare", "play", "give_up", "moon")
"""Every action kind, in the order a hand may ask for them."""


class ActionError(HeartsError, ValueError):
    """An action in JSON that is not in the stored format (what is wrong and where).

    ``reason`` is ``"bad_record"``.
    """

    default_reason = "bad_record"


def _name_order(card: int) -> tuple[int, int]:
    """Sort key: card order by name, a second pack's copy right after its twin."""
    return (card & 127, card)


def _card_name(card: object) -> str:
    """``card_str`` of a card id; :class:`CardError` for anything else (a bool included)."""
    if type(card) is not int:
        raise CardError(card, f"{excerpt(card)} is not a card id")
    return card_str(card)


class Action(NamedTuple):
    """One move: ``kind`` (see :data:`KINDS`), ``seat`` (-1 for a deal), ``payload``.

    Build with the constructors (:meth:`play`, :meth:`pass_`, ...) or
    :meth:`from_json`; apply with ``Game.apply``.  The constructors take any value
    (typed ``object``): the game checks the seat and the payload when the action is
    applied and refuses what is wrong with ``IllegalAction`` and a reason, in the
    compiled build as in the pure one (``docs/engine.md``, "Speed").
    """

    kind: str
    seat: int
    payload: Any = None

    @staticmethod
    def deal(hands: Sequence[Any] | None = None) -> Action:
        """The next hand's deal: the numbered or random one, or ``hands`` (card sets, a
        list or tuple such as :func:`hearts.deal.numbered_deal`'s; a game with a stock may
        add the stock's order, top first, as one more tuple)."""
        return Action("deal", -1, tuple(hands) if isinstance(hands, list) else hands)

    @staticmethod
    def bid(seat: object, chips: object) -> Action:
        """A bid of ``chips``, ``True`` for a slam bid (``None``: no bid)."""
        return Action("bid", seat, chips)  # type: ignore[arg-type]  # the game checks

    @staticmethod
    def suit(seat: object, suit: object) -> Action:
        """The auction's winner names the penalty suit (0 clubs .. 3 spades)."""
        return Action("suit", seat, suit)  # type: ignore[arg-type]

    @staticmethod
    def declare(seat: object, name: object) -> Action:
        """Seat ``seat`` declares ``name`` (``"general"``) or nothing (``None``)."""
        return Action("declare", seat, name)  # type: ignore[arg-type]

    @staticmethod
    def pass_(seat: object, cards: Iterable[int]) -> Action:
        """Seat ``seat`` passes ``cards`` (card ids, any iterable: a list, a tuple).
        Something that is not a list of cards is kept as given, for ``Game.apply`` to
        refuse with a reason."""
        given: object = cards
        if isinstance(cards, list | tuple):
            given = tuple(cards)
        return Action("pass", seat, given)  # type: ignore[arg-type]

    @staticmethod
    def play(seat: object, card: object) -> Action:
        """Seat ``seat`` plays ``card`` (a card id: ``parse_card("QS")``)."""
        return Action("play", seat, card)  # type: ignore[arg-type]

    @staticmethod
    def give_up(seat: object) -> Action:
        """Seat ``seat`` gives up the hand (Hearts 1887; ``Game.give_up``)."""
        return Action("give_up", seat, None)  # type: ignore[arg-type]

    @staticmethod
    def moon(seat: object, choice: object) -> Action:
        """The shooter chooses how the moon scores (``"add"`` or ``"subtract"``)."""
        return Action("moon", seat, choice)  # type: ignore[arg-type]

    def to_json(self) -> list[Any]:
        """The JSON list of this action (see the module table).

        Raises :class:`~hearts.cards.CardError` for a payload holding something
        that is not a card id where cards are due, :class:`ActionError` for a seat that
        is no int or a payload of the wrong type (the list would not read back, or would
        read back as another action).

        >>> Action.play(2, parse_card("QS")).to_json()
        ['play', 2, 'QS']
        >>> Action.pass_(0, (parse_card("AH"), parse_card("2C"), parse_card("QS"))).to_json()
        ['pass', 0, 'AH', '2C', 'QS']
        >>> Action.deal().to_json(), Action.suit(1, 2).to_json(), Action.bid(3, None).to_json()
        (['deal'], ['suit', 1, 'H'], ['bid', 3, None])
        """
        # The seat read through a plain tuple, not the int-typed field: a compiled build
        # would raise TypeError for a seat that is no int before the check below.
        parts: tuple[object, ...] = self
        k, s, p = self.kind, parts[1], self.payload
        if k == "deal":
            if p is None:
                return ["deal"]
            if not isinstance(p, tuple | list) or not all(
                    type(m) is int or isinstance(m, tuple | list) for m in p):
                raise ActionError(f"a deal's payload is a list of card sets, not {excerpt(p)}")
            items = list(p)
            stock = items.pop() if items and isinstance(items[-1], tuple | list) else None
            # Cards in name order (a second pack's copy beside its twin).
            out: list[Any] = ["deal", [[card_str(c) for c in sorted(cards_of(m), key=_name_order)]
                                       for m in items]]
            if stock is not None:
                out.append([_card_name(c) for c in stock])
            return out
        if type(s) is not int:
            raise ActionError(f"an action's seat is a whole number, not {excerpt(s)}")
        if k == "pass":
            if not isinstance(p, tuple | list):
                raise ActionError(f"a pass's payload is a list of card ids, not {excerpt(p)}")
            return ["pass", s, *(_card_name(c) for c in p)]
        if k == "play":
            return ["play", s, _card_name(p)]
        if k == "suit":
            if type(p) is not int or not 0 <= p < 4:
                raise ActionError(f"a suit is 0-3 (clubs, diamonds, hearts, spades), not {excerpt(p)}")
            return ["suit", s, SUIT_LETTERS[p]]
        if k == "give_up":
            return ["give_up", s]
        if k == "moon" and not isinstance(p, str):
            raise ActionError(f"a moon choice is 'add' or 'subtract', not {excerpt(p)}")
        if k == "bid" and p is not None and not isinstance(p, int):
            raise ActionError(f"a bid is a whole number of chips, true or null, not {excerpt(p)}")
        if k == "declare" and p is not None and not isinstance(p, str):
            raise ActionError(f"a declaration is a name or None, not {excerpt(p)}")
        return [k, s, p]

    @staticmethod
    def from_json(value: object) -> Action:
        """Read an action from its JSON list; raises :class:`ActionError` naming what is
        wrong (unknown kind, missing seat, a card that is not a card, ...).

        >>> Action.from_json(["play", 2, "Q♠"])
        Action(kind='play', seat=2, payload=58)
        >>> Action.from_json(["moon", 1, "subtract"]).to_json()
        ['moon', 1, 'subtract']
        >>> Action.from_json(["play", 2, "QX"])
        Traceback (most recent call last):
          ...
        hearts.actions.ActionError: play: 'QX' is not a card (write rank then suit, e.g. QS, 10H, 2♣)
        >>> Action.from_json(["fold", 0])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
          ...
        hearts.actions.ActionError: unknown action kind 'fold' (known: deal, bid, ...)
        """
        if not isinstance(value, list | tuple) or not value or not isinstance(value[0], str):
            raise ActionError(f"an action is a list starting with its kind, not {excerpt(value)}")
        kind = value[0]
        if kind not in KINDS:
            raise ActionError(f"unknown action kind {excerpt(kind)} (known: {', '.join(KINDS)})")
        if kind == "deal":
            if len(value) == 1:
                return Action("deal", -1, None)
            hands = value[1]
            if len(value) not in (2, 3) or not isinstance(hands, list) \
                    or (len(value) == 3 and not isinstance(value[2], list)):
                raise ActionError("a deal action is [\"deal\"] or [\"deal\", [[cards], ...]] "
                                  "(and the stock's cards, for a game with a stock)")
            try:
                masks: list[Any] = []
                seen = 0
                for cards in hands:
                    if not isinstance(cards, list):
                        raise ActionError(f"deal: each hand is a list of card names, not "
                                          f"{excerpt(cards)}")
                    m = 0
                    for c in cards:
                        card = parse_card(c)
                        spare = same_name(card) & ~seen
                        if seen >> card & 1 and spare:  # a name twice: its other copy
                            card = (spare & -spare).bit_length() - 1
                        m |= 1 << card
                        seen |= 1 << card
                    masks.append(m)
                if len(value) == 3:
                    masks.append(tuple(parse_card(c) for c in value[2]))
            except (CardError, TypeError) as exc:
                raise ActionError(f"deal: {exc}") from None
            return Action("deal", -1, tuple(masks))
        if len(value) < 2 or isinstance(value[1], bool) or not isinstance(value[1], int):
            raise ActionError(f"a {kind} action needs a seat number after its kind")
        seat = value[1]
        rest = list(value[2:])
        if kind == "give_up":
            if rest and rest != [None]:  # (a null value: the web's one-value decide form)
                raise ActionError("a give_up action is [\"give_up\", seat], nothing after "
                                  "the seat")
            return Action("give_up", seat, None)
        try:
            if kind == "pass":
                return Action("pass", seat, tuple(parse_card(c) for c in rest))
            if len(rest) != 1:
                raise ActionError(f"a {kind} action has one value after the seat, not {len(rest)}")
            v = rest[0]
            if kind == "play":
                return Action("play", seat, parse_card(v))
            if kind == "suit":
                suit = parse_suit(v)  # one letter or symbol: "" or "CD" is no suit
                if suit < 0:
                    raise ActionError(f"a suit is one of C, D, H, S, not {excerpt(v)}")
                return Action("suit", seat, suit)
            if kind == "bid":
                if v is not None and v is not True and (isinstance(v, bool)
                                                        or not isinstance(v, int)):
                    raise ActionError(f"a bid is a whole number of chips, true (a slam bid) "
                                      f"or null, not {excerpt(v)}")
                return Action("bid", seat, v)
            if kind == "declare":
                if v is not None and not isinstance(v, str):
                    raise ActionError(f"a declaration is a name or null, not {excerpt(v)}")
                return Action("declare", seat, v)
            if not isinstance(v, str):
                raise ActionError(f"a moon choice is \"add\" or \"subtract\", not {excerpt(v)}")
            return Action("moon", seat, v)
        except CardError as exc:
            raise ActionError(f"{kind}: {exc}") from None


class Decision(NamedTuple):
    """One question a game asks (``Game.pending()``).

    ``seat``: who answers (-1: the table, for a deal); ``kind``: the action
    kind due; ``cards``: for ``pass``, the hand to choose ``pick`` cards from,
    for ``play`` the legal cards (``pick`` 1); ``options``: for ``bid``,
    ``suit`` and ``moon``, the legal payloads; for ``play``, ``("give_up",)`` when the
    seat may give up the hand instead (Hearts 1887).
    """

    seat: int
    kind: str
    cards: int = 0
    pick: int = 0
    options: tuple[Any, ...] = ()

    def legal_actions(self) -> list[Action]:
        """Every legal :class:`Action` for this decision (passes: every card combination;
        a deal: the one numbered or random deal).

        >>> from hearts.cards import parse_mask
        >>> d = Decision(1, "play", parse_mask("2C 9C"), 1)
        >>> [a.to_json() for a in d.legal_actions()]
        [['play', 1, '2C'], ['play', 1, '9C']]
        >>> len(Decision(0, "pass", parse_mask("2C 3C 4C 5C 6C"), 3).legal_actions())
        10
        """
        if self.kind == "play":
            out = [Action("play", self.seat, c) for c in card_tuple(self.cards)]
            if "give_up" in self.options:
                out.append(Action("give_up", self.seat, None))
            return out
        if self.kind == "pass":
            return [Action("pass", self.seat, cs)
                    for cs in combinations(card_tuple(self.cards), self.pick)]
        if self.kind == "deal":
            return [Action("deal", -1, None)]
        return [Action(self.kind, self.seat, o) for o in self.options]

    def allows(self, action: object) -> bool:
        """Whether ``action`` answers this decision legally (kind, seat and payload).

        >>> from hearts.cards import parse_mask
        >>> d = Decision(1, "play", parse_mask("2C 9C"), 1)
        >>> d.allows(Action.play(1, parse_card("9C"))), d.allows(Action.play(1, parse_card("QS")))
        (True, False)
        >>> d.allows(Action.play(2, parse_card("9C")))
        False
        """
        if type(action) is tuple and len(action) == 3:  # Action's plain form, as Game.apply takes
            action = Action(*action)
        if not isinstance(action, Action):  # a JSON list or anything else answers nothing
            return False
        parts: tuple[object, ...] = action  # (the seat not through its int-typed field)
        seat = parts[1]
        if type(seat) is not int:
            return False
        if action.kind == "give_up" and self.kind == "play":
            return seat == self.seat and "give_up" in self.options
        if action.kind != self.kind or seat != self.seat:
            return False
        p = action.payload
        if self.kind == "play":
            return isinstance(p, int) and not isinstance(p, bool) and p >= 0 \
                and bool(self.cards >> p & 1)
        if self.kind == "pass":
            if not isinstance(p, tuple) or len(p) != self.pick:
                return False
            m = 0
            for c in p:
                if not isinstance(c, int) or isinstance(c, bool) or c < 0:
                    return False
                m |= 1 << c
            return m.bit_count() == self.pick and not m & ~self.cards
        if self.kind == "deal":
            return True
        if isinstance(p, bool):  # True is a slam bid, never the chip count 1
            return any(o is p for o in self.options)
        return any(o == p and not isinstance(o, bool) for o in self.options)

    def to_json(self) -> dict[str, Any]:
        """``{"seat", "kind", "cards"?, "pick"?, "options"?}`` (cards in notation).

        >>> from hearts.cards import parse_mask
        >>> Decision(0, "pass", parse_mask("2C QS AH 3D"), 3).to_json()
        {'seat': 0, 'kind': 'pass', 'cards': ['2C', '3D', 'AH', 'QS'], 'pick': 3}
        >>> Decision(2, "moon", options=("add", "subtract")).to_json()
        {'seat': 2, 'kind': 'moon', 'options': ['add', 'subtract']}
        """
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind}
        if self.kind in ("pass", "play"):
            out["cards"] = [card_str(c) for c in card_tuple(self.cards)]
            out["pick"] = self.pick
            if self.options:
                out["options"] = list(self.options)
        elif self.options:
            out["options"] = [SUIT_LETTERS[o] for o in self.options] if self.kind == "suit" \
                else list(self.options)
        return out


__all__ = ["Action", "ActionError", "Decision", "KINDS"]
