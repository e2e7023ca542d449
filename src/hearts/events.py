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
from .errors import HeartsError
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


def _get_cards(data: dict[str, Any], key: str) -> tuple[int, ...]:
    names = data[key]
    copies = data.get(key + "_copies") or [0] * len(names)
    return tuple(_card_of(n, int(k)) for n, k in zip(names, copies, strict=True))


def _put_set(out: dict[str, Any], key: str, mask: int) -> None:
    """A card set: ``null`` when hidden (``-1``), else its cards."""
    if mask < 0:
        out[key] = None
    else:
        _put_cards(out, key, card_tuple(mask))


def _get_set(data: dict[str, Any], key: str) -> int:
    if data.get(key) is None:
        return -1
    m = 0
    for c in _get_cards(data, key):
        m |= 1 << c
    return m


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


def _card_field(data: dict[str, Any]) -> int:
    copy = int(data.get("copy", int(data.get("pack", 1)) - 1))
    return _card_of(data["card"], copy)


def event_from_json(data: dict[str, Any]) -> Event:
    """The event of a ``to_json()`` dict (the inverse: ``event_from_json(e.to_json())
    == e``).  Raises :class:`EventError` naming the type or field that is wrong."""
    try:
        return _from_json(data)
    except EventError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise EventError(f"event {data.get('type') if isinstance(data, dict) else data!r}: "
                         f"bad or missing field ({exc})") from None


def _from_json(d: dict[str, Any]) -> Event:
    t = d["type"]
    h = int(d["hand"])
    if t == "deal":
        copies = d.get("hands_copies") or [None] * len(d["hands"])
        hands = tuple(_get_set({"c": x, "c_copies": k}, "c")
                      for x, k in zip(d["hands"], copies, strict=True))
        return Dealt(h, int(d["dealer"]), int(d["eldest"]), str(d["pass_direction"]),
                     int(d["pass_offset"]), hands, int(d["widow_size"]), int(d["stock_size"]))
    if t == "passed":
        return Passed(h, int(d["seat"]), int(d["to"]),
                      _get_cards(d, "cards") if "cards" in d else ())
    if t == "pass":
        copies = d.get("passes_copies") or [None] * len(d["passes"])
        passes = tuple(_get_cards({"c": x, "c_copies": k}, "c") if x is not None else ()
                       for x, k in zip(d["passes"], copies, strict=True))
        return Exchanged(h, str(d["direction"]), int(d["offset"]), passes, int(d["seat"]))
    if t == "bid":
        return BidMade(h, int(d["seat"]), d["bid"])
    if t == "suit":
        return SuitNamed(h, int(d["seat"]), SUIT_LETTERS.index(d["suit"]))
    if t == "declare":
        return Declared(h, int(d["seat"]), d["declare"])
    if t == "play":
        return Played(h, int(d["seat"]), _card_field(d), int(d["trick"]), "pack" in d)
    if t == "gave_up":
        return GaveUp(h, int(d["seat"]), int(d["cards"]), int(d["price"]))
    if t == "draw":
        return Drew(h, int(d["seat"]), int(d["count"]),
                    _get_cards(d, "cards") if "cards" in d else (), int(d["stock"]))
    if t == "trick":
        cards = d["cards"]
        return TrickTaken(h, int(d["trick"]), int(d["leader"]), int(d["winner"]),
                          tuple(int(x["seat"]) for x in cards),
                          tuple(_card_field(x) for x in cards), int(d["points"]),
                          int(d["taker"]), _get_cards(d, "carried"), bool(d.get("two_packs")))
    if t == "widow":
        hidden = "cards" not in d
        return WidowTaken(h, int(d["seat"]), int(d["size"]),
                          -1 if hidden else _get_set(d, "cards"),
                          -1 if hidden else int(d["points"]))
    if t == "rest":
        return RestTaken(h, int(d["seat"]), _get_set(d, "cards"), int(d["points"]))
    if t == "moon":
        return MoonDue(h, int(d["seat"]), str(d["kind"]))
    if t == "moon_choice":
        return MoonChosen(h, int(d["seat"]), str(d["choice"]))
    if t == "hand_end":
        return HandScored(
            h, tuple(d["points"]), tuple(d["tricks"]),
            -1 if d["moon"] is None else int(d["moon"]), d["moon_kind"] or "",
            d["moon_choice"] or "", tuple(d["totals"]), tuple(d["chips"]),
            tuple(d["chip_totals"]), int(d["pot"]),
            tuple(tuple(ScoreItem.from_json(x) for x in items) for items in d["breakdown"]),
            _get_set(d, "widow"),
            tuple((int(x["seat"]), str(x["name"])) for x in d["declarations"]),
            tuple(d["side"]), tuple(d["out_order"]), tuple(d.get("gave_up") or ()))
    if t == "game_over":
        return GameOver(h, tuple(d["winners"]), tuple(d["totals"]))
    raise EventError(f"unknown event type {t!r}")


def events_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    """``[e.to_json() for e in events]``."""
    return [e.to_json() for e in events]


__all__ = [
    "BidMade", "Dealt", "Declared", "Drew", "EVENT_TYPES", "Event", "EventError", "Exchanged",
    "GaveUp", "GameOver", "HandScored", "MoonChosen", "MoonDue", "Passed", "Played", "RestTaken",
    "SuitNamed", "TrickTaken", "WidowTaken", "event_from_json", "events_json",
]
