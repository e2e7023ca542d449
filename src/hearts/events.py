"""What happened: the typed events ``Game.apply`` returns, and their JSON form.

``Game.apply(action)`` returns the events the action caused, in order, made by the
engine where things happen (a trick's completion, the hand's end...), so that no host
works them out again.  Each event is an immutable ``NamedTuple`` whose first field is
the hand (``Game.hand_index``; ``-1`` for none); cards are ids (``cards.py``), card sets
int bitmasks.  :func:`hearts.view.visible_events` keeps what one seat (or a spectator)
may see: the hidden parts are then replaced by the markers named below (``-1`` for a
hidden card set or number, ``()`` for hidden cards).

Every event has ``to_json()``: a JSON-ready dict with ``"type"`` (the names the web's
events have always had: ``deal``, ``passed``, ``pass``, ``bid``, ``suit``, ``declare``,
``play``, ``gave_up``, ``draw``, ``trick``, ``widow``, ``rest``, ``moon``, ``moon_choice``,
``hand_end``, ``game_over``) and cards in ``interfaces.md`` notation; with two cards of
one name (two packs, several jokers) a list ``k`` of cards that holds a card other than
the first copy of its name has ``k_copies`` beside it (copy number per card: 0 the
first, 1 pack two's or the second joker...), so that :func:`event_from_json` gives back
the very same event.  Rule sources: ``variants.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .cards import JOKER, PACK2, SUIT_LETTERS, card_str, card_tuple, parse_card
from .errors import HeartsError, excerpt
from .scoring import ScoreItem


def _copy_of(card: int) -> int:
    """0 for the first copy of a card's name, 1 for pack two's (or the second joker)..."""
    c = card & 127
    if c >> 4 == 4:
        return c - JOKER + (card >> 7) * 16
    return card >> 7


def _card_of(name: str, copy: int) -> int:
    base = parse_card(name)
    if base == JOKER:
        return JOKER + copy % 16 + (copy // 16) * PACK2
    return base + copy * PACK2


def _put_cards(out: dict[str, Any], key: str, cards: Sequence[int]) -> None:
    """``out[key]``: the card names; ``out[key + "_copies"]`` when a copy needs telling."""
    out[key] = [card_str(c) for c in cards]
    copies = [_copy_of(c) for c in cards]
    if any(copies):
        out[key + "_copies"] = copies


def _put_set(out: dict[str, Any], key: str, mask: int) -> None:
    """A card set: ``null`` when hidden (``-1``), else its cards."""
    if mask < 0:
        out[key] = None
    else:
        _put_cards(out, key, card_tuple(mask))


def _put_card(out: dict[str, Any], card: int, two_packs: bool) -> None:
    """``card``, with two packs ``pack`` (1 or 2, as the web's events have it), and
    ``copy`` when the name and pack do not tell the copy (a second joker)."""
    out["card"] = card_str(card)
    copy = _copy_of(card)
    if two_packs:
        pack = 2 if card >= PACK2 else 1
        out["pack"] = pack
        if copy != pack - 1:
            out["copy"] = copy
    elif copy:
        out["copy"] = copy


class Dealt(NamedTuple):
    """Hand ``hand`` was dealt: ``dealer`` and ``eldest`` seats (interfaces.md §1),
    ``pass_direction`` (``"left"``, ``"none"``...), ``pass_offset`` (the seat a pass goes
    to is ``(seat + offset) mod n``), ``hands``: each seat's cards (a card set; ``-1``
    where hidden: a seat sees its own only), ``widow_size`` (Heartsette) and
    ``stock_size`` (Domino Hearts) cards set apart, face down.

    JSON ``{"type": "deal", "hand", "dealer", "eldest", "pass_direction",
    "pass_offset", "hands": [[card, ...] or null per seat], "widow_size", "stock_size"}``.
    """

    hand: int
    dealer: int
    eldest: int
    pass_direction: str
    pass_offset: int
    hands: tuple[int, ...]
    widow_size: int = 0
    stock_size: int = 0

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        hands: list[Any] = []
        for h in self.hands:
            one: dict[str, Any] = {}
            _put_set(one, "c", h)
            hands.append(one)
        out: dict[str, Any] = {"type": "deal", "hand": self.hand, "dealer": self.dealer,
                               "eldest": self.eldest, "pass_direction": self.pass_direction,
                               "pass_offset": self.pass_offset,
                               "hands": [x["c"] for x in hands]}
        copies = [x.get("c_copies") for x in hands]
        if any(copies):
            out["hands_copies"] = copies
        out["widow_size"] = self.widow_size
        out["stock_size"] = self.stock_size
        return out


class Passed(NamedTuple):
    """Seat ``seat`` passed ``cards`` (in the order chosen) towards seat ``to``; the
    cards change hands once every seat has passed (:class:`Exchanged`).  ``cards`` is
    ``()`` where hidden (only the passer sees them).

    JSON ``{"type": "passed", "seat", "to", "cards"?}``.
    """

    hand: int
    seat: int
    to: int
    cards: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        out: dict[str, Any] = {"type": "passed", "hand": self.hand, "seat": self.seat,
                               "to": self.to}
        if self.cards:
            _put_cards(out, "cards", self.cards)
        return out


class Exchanged(NamedTuple):
    """Every seat has passed and the cards changed hands: ``passes[s]`` the cards seat
    ``s`` gave to seat ``(s + offset) mod n`` (``()`` where hidden).  ``seat``: ``-1``
    for the whole exchange; in a seat's own copy (:func:`hearts.view.visible_events`)
    that seat, which sees only its own pass and the one it received.

    JSON ``{"type": "pass", "hand", "direction", "offset", "passes": [[card, ...] or
    null per seat], "seat"}``; a seat's own copy also has the web's fields ``passed``,
    ``to``, ``from`` and ``received`` (its cards received).
    """

    hand: int
    direction: str
    offset: int
    passes: tuple[tuple[int, ...], ...]
    seat: int = -1

    def received(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` received (``()`` where hidden)."""
        n = len(self.passes)
        return self.passes[(seat - self.offset) % n]

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        n = len(self.passes)
        passes: list[Any] = []
        copies: list[Any] = []
        for p in self.passes:
            one: dict[str, Any] = {}
            _put_cards(one, "c", p)
            passes.append(one["c"] if p else None)
            copies.append(one.get("c_copies"))
        out: dict[str, Any] = {"type": "pass", "hand": self.hand, "direction": self.direction,
                               "offset": self.offset, "passes": passes, "seat": self.seat}
        if any(copies):
            out["passes_copies"] = copies
        if self.seat >= 0:
            s = self.seat
            out["passed"] = [card_str(c) for c in self.passes[s]]
            out["to"] = (s + self.offset) % n
            out["from"] = (s - self.offset) % n
            out["received"] = [card_str(c) for c in sorted(self.received(s))]
        return out


class BidMade(NamedTuple):
    """Seat ``seat`` bid ``bid`` chips, ``True`` for a slam bid, ``None`` for no bid
    (Auction Hearts; Partnership Hearts with a slam bid: variants.md).

    JSON ``{"type": "bid", "hand", "seat", "bid"}``.
    """

    hand: int
    seat: int
    bid: int | bool | None

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        return {"type": "bid", "hand": self.hand, "seat": self.seat, "bid": self.bid}


class SuitNamed(NamedTuple):
    """The auction's winner ``seat`` named ``suit`` (0-3) the penalty suit of the hand
    (Auction Hearts, variants.md).

    JSON ``{"type": "suit", "hand", "seat", "suit": "C"|"D"|"H"|"S"}``.
    """

    hand: int
    seat: int
    suit: int

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        return {"type": "suit", "hand": self.hand, "seat": self.seat,
                "suit": SUIT_LETTERS[self.suit]}


class Declared(NamedTuple):
    """Seat ``seat`` declared ``name`` (``"general"``) or nothing (``None``) (the French
    four-queens game, variants.md).

    JSON ``{"type": "declare", "hand", "seat", "declare": name or null}``.
    """

    hand: int
    seat: int
    name: str | None

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        return {"type": "declare", "hand": self.hand, "seat": self.seat, "declare": self.name}


class Played(NamedTuple):
    """Seat ``seat`` played ``card`` to trick ``trick`` (from 0) of the hand;
    ``two_packs``: the game has two packs (Cancellation Hearts), so the JSON says which.

    JSON ``{"type": "play", "hand", "seat", "card", "trick", "pack"?}`` (``pack`` 1 or 2,
    with two packs only).
    """

    hand: int
    seat: int
    card: int
    trick: int
    two_packs: bool = False

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        out: dict[str, Any] = {"type": "play", "hand": self.hand, "seat": self.seat,
                               "card": card_str(self.card), "trick": self.trick}
        _put_card(out, self.card, self.two_packs)
        return out


class GaveUp(NamedTuple):
    """Seat ``seat`` gave up the hand (Hearts 1887, docs/family-rules.md "The 1887
    give-up"): its ``cards`` (how many) left play unseen, and it pays ``price`` chips to
    each other seat when the hand is scored.  Public (nobody sees the cards).

    JSON ``{"type": "gave_up", "hand", "seat", "cards", "price"}``.
    """

    hand: int
    seat: int
    cards: int
    price: int

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        return {"type": "gave_up", "hand": self.hand, "seat": self.seat, "cards": self.cards,
                "price": self.price}


class Drew(NamedTuple):
    """Seat ``seat`` could not follow and drew ``drawn`` cards from the stock, one at a
    time until it could (Domino Hearts, variants.md): ``cards`` in the order drawn
    (``()`` where hidden: only the drawer sees them), ``stock`` the cards left after.

    JSON ``{"type": "draw", "hand", "seat", "count", "stock", "cards"?}``.
    """

    hand: int
    seat: int
    drawn: int
    cards: tuple[int, ...]
    stock: int

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        out: dict[str, Any] = {"type": "draw", "hand": self.hand, "seat": self.seat,
                               "count": self.drawn, "stock": self.stock}
        if self.cards:
            _put_cards(out, "cards", self.cards)
        return out


class TrickTaken(NamedTuple):
    """Trick ``trick`` (from 0) is complete: ``cards`` in play order, ``seats`` who
    played each, ``leader``, ``winner`` (``-1``: cancelled, Cancellation Hearts:
    variants.md, its cards go on to the next trick's winner).  ``carried``: the cards of
    earlier cancelled tricks that go with this one; ``taker``: the seat that takes the
    cards and the carried ones (the winner; ``-1`` when they go on to the next trick;
    the leader of a cancelled last trick, who keeps them); ``points``: their penalty
    points by the hand's rules (``Game.hand_rules``: an auction's named suit counts;
    no bonus cards and no card effects, which the hand's breakdown lists).  A widow
    is not in it (:class:`WidowTaken`).

    JSON ``{"type": "trick", "hand", "trick", "leader", "winner", "cards": [{"seat",
    "card", "pack"?}, ...], "points", "taker", "cancelled", "carried": [card, ...]}``.
    """

    hand: int
    trick: int
    leader: int
    winner: int
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    points: int
    taker: int
    carried: tuple[int, ...] = ()
    two_packs: bool = False

    @property
    def cancelled(self) -> bool:
        """Whether the trick was cancelled (nobody won it)."""
        return self.winner < 0

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        two = self.two_packs
        cards = []
        for s, c in zip(self.seats, self.cards, strict=True):
            one: dict[str, Any] = {"seat": s}
            _put_card(one, c, two)
            cards.append(one)
        out: dict[str, Any] = {"type": "trick", "hand": self.hand, "trick": self.trick,
                               "leader": self.leader, "winner": self.winner, "cards": cards,
                               "points": self.points, "taker": self.taker,
                               "cancelled": self.winner < 0}
        _put_cards(out, "carried", self.carried)
        if two:
            out["two_packs"] = True
        return out


class WidowTaken(NamedTuple):
    """Heartsette (variants.md): the first trick's winner ``seat`` takes the widow,
    ``size`` cards, looks at it and shows no one: ``cards`` (a card set) and their
    ``points`` by the hand's rules are ``-1`` where hidden (every seat but the taker
    until the hand is scored; :class:`HandScored` shows the widow then).

    JSON ``{"type": "widow", "hand", "seat", "size", "cards"?, "points"?}``.
    """

    hand: int
    seat: int
    size: int
    cards: int
    points: int

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        out: dict[str, Any] = {"type": "widow", "hand": self.hand, "seat": self.seat,
                               "size": self.size}
        if self.cards >= 0:
            _put_set(out, "cards", self.cards)
            out["points"] = self.points
        return out


class RestTaken(NamedTuple):
    """Domino Hearts (variants.md): the hand is over and ``seat`` adds to its tricks
    the cards left (the last seat with cards: its own and the stock's; or, when every
    seat ran out at once, the last trick's taker: the stock's): ``cards`` (a card set),
    ``points`` by the hand's rules.

    JSON ``{"type": "rest", "hand", "seat", "cards", "points"}``.
    """

    hand: int
    seat: int
    cards: int
    points: int

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        out: dict[str, Any] = {"type": "rest", "hand": self.hand, "seat": self.seat}
        _put_set(out, "cards", self.cards)
        out["points"] = self.points
        return out


class MoonDue(NamedTuple):
    """Seat ``seat`` shot the moon (``kind`` ``"moon"``, or ``"sun"``: every trick) and
    must choose how it scores (``moon = "choice"``, variants.md "House rules").

    JSON ``{"type": "moon", "hand", "seat", "kind"}``.
    """

    hand: int
    seat: int
    kind: str

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        return {"type": "moon", "hand": self.hand, "seat": self.seat, "kind": self.kind}


class MoonChosen(NamedTuple):
    """The shooter ``seat`` chose ``"add"`` or ``"subtract"``.

    JSON ``{"type": "moon_choice", "hand", "seat", "choice"}``.
    """

    hand: int
    seat: int
    choice: str

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        return {"type": "moon_choice", "hand": self.hand, "seat": self.seat,
                "choice": self.choice}


class HandScored(NamedTuple):
    """The hand is scored (the fields of ``HandResult``): ``points`` and ``tricks`` per
    seat, ``moon`` (the shooter or ``-1``), ``moon_kind`` and ``moon_choice`` (``""``
    without a moon), ``totals`` after the hand; in a chip game (Hearts 1887, Auction
    Hearts) ``chips`` per seat for the hand, ``chip_totals`` and ``pot`` (else empty and
    0); ``breakdown``: each seat's :class:`~hearts.scoring.ScoreItem` list, adding up to
    its points; ``widow``: the widow's cards, shown now (0 without one); ``declarations``
    ``(seat, name)``; ``side`` a slam bid's side; ``out_order`` (Domino Hearts);
    ``gave_up``: the seats that gave up the hand, in order (Hearts 1887).

    JSON ``{"type": "hand_end", "hand", "points", "tricks", "moon" (null without),
    "moon_kind", "moon_choice" (null without), "totals", "chips", "chip_totals", "pot",
    "breakdown": [[item, ...] per seat], "widow": [card, ...], "declarations": [{"seat",
    "name"}], "side", "out_order", "gave_up"}`` (an item: ``ScoreItem.to_json()``).
    """

    hand: int
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    moon: int
    moon_kind: str
    moon_choice: str
    totals: tuple[int, ...]
    chips: tuple[int, ...]
    chip_totals: tuple[int, ...]
    pot: int
    breakdown: tuple[tuple[ScoreItem, ...], ...]
    widow: int = 0
    declarations: tuple[tuple[int, str], ...] = ()
    side: tuple[int, ...] = ()
    out_order: tuple[int, ...] = ()
    gave_up: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        out: dict[str, Any] = {
            "type": "hand_end", "hand": self.hand, "points": list(self.points),
            "tricks": list(self.tricks), "moon": self.moon if self.moon >= 0 else None,
            "moon_kind": self.moon_kind or None, "moon_choice": self.moon_choice or None,
            "totals": list(self.totals), "chips": list(self.chips),
            "chip_totals": list(self.chip_totals), "pot": self.pot,
            "breakdown": [[x.to_json() for x in items] for items in self.breakdown]}
        _put_set(out, "widow", self.widow)
        out["declarations"] = [{"seat": s, "name": d} for s, d in self.declarations]
        out["side"] = list(self.side)
        out["out_order"] = list(self.out_order)
        out["gave_up"] = list(self.gave_up)
        return out


class GameOver(NamedTuple):
    """The game is over: ``winners`` (seats) and the final ``totals``.

    JSON ``{"type": "game_over", "hand", "winners", "totals"}``.
    """

    hand: int
    winners: tuple[int, ...]
    totals: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class)."""
        return {"type": "game_over", "hand": self.hand, "winners": list(self.winners),
                "totals": list(self.totals)}


Event = (Dealt | Passed | Exchanged | BidMade | SuitNamed | Declared | Played | GaveUp | Drew
         | TrickTaken | WidowTaken | RestTaken | MoonDue | MoonChosen | HandScored | GameOver)
"""Any event ``Game.apply`` returns."""

EVENT_TYPES = ("deal", "passed", "pass", "bid", "suit", "declare", "play", "gave_up", "draw",
               "trick", "widow", "rest", "moon", "moon_choice", "hand_end", "game_over")
"""The JSON ``type`` of every event, in the order a hand may cause them."""


class EventError(HeartsError, ValueError):
    """An event's JSON that is not in the form ``to_json`` writes (what and where);
    ``reason`` is ``"bad_record"``."""

    default_reason = "bad_record"


class _Fields:
    """Reads one event's JSON object field by field, each of the type ``to_json`` writes
    (a JSON number that is no whole number, a string split into letters, a bool for a
    number... is refused, naming the event type and the field)."""

    def __init__(self, data: object, kind: object) -> None:
        if not isinstance(data, dict):
            raise EventError(f"an event is a JSON object, not {type(data).__name__}")
        self.d = data
        self.kind = kind

    def bad(self, key: str, what: str) -> EventError:
        return EventError(f"event {self.kind!r}: field {key!r} must be {what}, "
                          f"not {excerpt(self.d.get(key))}")

    def has(self, key: str) -> bool:
        return key in self.d

    def raw(self, key: str) -> Any:
        if key not in self.d:
            raise EventError(f"event {self.kind!r}: field {key!r} is missing")
        return self.d[key]

    def num(self, key: str, default: int | None = None) -> int:
        v = self.d.get(key, default) if default is not None else self.raw(key)
        if type(v) is not int:
            raise self.bad(key, "a whole number")
        return v

    def text(self, key: str) -> str:
        v = self.raw(key)
        if not isinstance(v, str):
            raise self.bad(key, "a string")
        return v

    def seq(self, key: str) -> list[Any]:
        v = self.raw(key)
        if not isinstance(v, list):
            raise self.bad(key, "a list")
        return v

    def ints(self, key: str, default: tuple[int, ...] | None = None) -> tuple[int, ...]:
        if default is not None and self.d.get(key) is None:
            return default
        v = self.seq(key)
        if any(type(x) is not int for x in v):
            raise self.bad(key, "a list of whole numbers")
        return tuple(v)

    def objects(self, key: str) -> list[_Fields]:
        return [_Fields(x, self.kind) for x in self.seq(key)]

    def cards(self, key: str) -> tuple[int, ...]:
        names = self.seq(key)
        copies = self.d.get(key + "_copies") or [0] * len(names)
        if not isinstance(copies, list) or len(copies) != len(names) or any(
                type(k) is not int or not 0 <= k < 64 for k in copies):
            raise self.bad(key + "_copies", f"a list of {len(names)} copy numbers")
        if any(not isinstance(n, str) for n in names):
            raise self.bad(key, "a list of card names")
        return tuple(_card_of(n, k) for n, k in zip(names, copies, strict=True))

    def card_set(self, key: str) -> int:
        if self.d.get(key) is None:
            return -1
        m = 0
        for c in self.cards(key):
            m |= 1 << c
        return m

    def card(self) -> int:
        pack = self.num("pack", 1)
        copy = self.num("copy", pack - 1)
        if not 0 <= copy < 64:
            raise self.bad("copy", "a copy number from 0")
        return _card_of(self.text("card"), copy)


def _sets(f: _Fields, key: str) -> tuple[int, ...]:
    """A list of card sets (``null``: hidden) with its ``key + "_copies"``."""
    sets = f.seq(key)
    copies = f.d.get(key + "_copies") or [None] * len(sets)
    if not isinstance(copies, list) or len(copies) != len(sets):
        raise f.bad(key + "_copies", f"a list of {len(sets)} entries")
    return tuple(_Fields({"c": x, "c_copies": k}, f.kind).card_set("c")
                 for x, k in zip(sets, copies, strict=True))


def event_from_json(data: dict[str, Any]) -> Event:
    """The event of a ``to_json()`` dict (the inverse: ``event_from_json(e.to_json())
    == e``).  Raises :class:`EventError` naming the type or field that is wrong (each
    field must have the type ``to_json`` writes)."""
    try:
        return _from_json(data)
    except EventError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as exc:
        kind = data.get("type") if isinstance(data, dict) else data
        shown = excerpt(kind)
        raise EventError(f"event {shown}: bad or missing field ({exc})") from None


def _from_json(data: dict[str, Any]) -> Event:
    kind = data.get("type") if isinstance(data, dict) else None
    f = _Fields(data, kind)
    t = f.raw("type")
    if t not in EVENT_TYPES:
        shown = excerpt(t)
        raise EventError(f"unknown event type {shown}")
    h = f.num("hand")
    if t == "deal":
        return Dealt(h, f.num("dealer"), f.num("eldest"), f.text("pass_direction"),
                     f.num("pass_offset"), _sets(f, "hands"), f.num("widow_size"),
                     f.num("stock_size"))
    if t == "passed":
        return Passed(h, f.num("seat"), f.num("to"), f.cards("cards") if f.has("cards") else ())
    if t == "pass":
        sent = f.seq("passes")
        copies = data.get("passes_copies") or [None] * len(sent)
        if not isinstance(copies, list) or len(copies) != len(sent):
            raise f.bad("passes_copies", f"a list of {len(sent)} entries")
        passes = tuple(() if x is None else _Fields({"c": x, "c_copies": k}, kind).cards("c")
                       for x, k in zip(sent, copies, strict=True))
        seat = f.num("seat")
        if not -1 <= seat < len(passes):
            raise f.bad("seat", f"-1 or a seat from 0 to {len(passes) - 1}")
        return Exchanged(h, f.text("direction"), f.num("offset"), passes, seat)
    if t == "bid":
        bid = f.raw("bid")
        if bid is not None and not isinstance(bid, int):
            raise f.bad("bid", "a whole number, true or null")
        return BidMade(h, f.num("seat"), bid)
    if t == "suit":
        suit = f.text("suit")
        if len(suit) != 1 or suit not in SUIT_LETTERS:
            raise f.bad("suit", "one of C, D, H, S")
        return SuitNamed(h, f.num("seat"), SUIT_LETTERS.index(suit))
    if t == "declare":
        name = f.raw("declare")
        if name is not None and not isinstance(name, str):
            raise f.bad("declare", "a declaration's name or null")
        return Declared(h, f.num("seat"), name)
    if t == "play":
        return Played(h, f.num("seat"), f.card(), f.num("trick"), f.has("pack"))
    if t == "gave_up":
        return GaveUp(h, f.num("seat"), f.num("cards"), f.num("price"))
    if t == "draw":
        return Drew(h, f.num("seat"), f.num("count"),
                    f.cards("cards") if f.has("cards") else (), f.num("stock"))
    if t == "trick":
        played = f.objects("cards")
        return TrickTaken(h, f.num("trick"), f.num("leader"), f.num("winner"),
                          tuple(x.num("seat") for x in played), tuple(x.card() for x in played),
                          f.num("points"), f.num("taker"), f.cards("carried"),
                          bool(data.get("two_packs")))
    if t == "widow":
        hidden = not f.has("cards")
        return WidowTaken(h, f.num("seat"), f.num("size"), -1 if hidden else f.card_set("cards"),
                          -1 if hidden else f.num("points"))
    if t == "rest":
        return RestTaken(h, f.num("seat"), f.card_set("cards"), f.num("points"))
    if t == "moon":
        return MoonDue(h, f.num("seat"), f.text("kind"))
    if t == "moon_choice":
        return MoonChosen(h, f.num("seat"), f.text("choice"))
    if t == "hand_end":
        moon = f.raw("moon")
        if moon is not None and type(moon) is not int:
            raise f.bad("moon", "a seat number or null")
        texts = []
        for key in ("moon_kind", "moon_choice"):
            v = f.raw(key)
            if v is not None and not isinstance(v, str):
                raise f.bad(key, "a string or null")
            texts.append(v or "")
        breakdown = []
        for items in f.seq("breakdown"):
            if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
                raise f.bad("breakdown", "a list of lists of score items")
            breakdown.append(tuple(ScoreItem.from_json(x) for x in items))
        return HandScored(
            h, f.ints("points"), f.ints("tricks"), -1 if moon is None else moon,
            texts[0], texts[1], f.ints("totals"), f.ints("chips"), f.ints("chip_totals"),
            f.num("pot"), tuple(breakdown), f.card_set("widow"),
            tuple((x.num("seat"), x.text("name")) for x in f.objects("declarations")),
            f.ints("side"), f.ints("out_order"), f.ints("gave_up", ()))
    return GameOver(h, f.ints("winners"), f.ints("totals"))


def events_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    """``[e.to_json() for e in events]``."""
    return [e.to_json() for e in events]


__all__ = [
    "BidMade", "Dealt", "Declared", "Drew", "EVENT_TYPES", "Event", "EventError", "Exchanged",
    "GaveUp", "GameOver", "HandScored", "MoonChosen", "MoonDue", "Passed", "Played", "RestTaken",
    "SuitNamed", "TrickTaken", "WidowTaken", "event_from_json", "events_json",
]
