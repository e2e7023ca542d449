"""Shared tables (tables with friends): settings, the action log and its fold, and
what each seat may see of it.

A table is its settings plus an action log (``table_store.py``); everything else is
the fold of the log through :class:`TableState`, so a table survives any restart of
any server process.  Actions are JSON lists (``seq`` = position from 1 = the table's
version after it):

- ``["join", seat, name, token_hash]``: a person takes a free seat before the start;
- ``["late", late_id, name, token_hash]``: a friend arrives after the start and waits;
- ``["seat", seat, late_id]``: the host gives a bot's seat, or the seat of a person away
  (not the host's), to a waiting friend
  (before a hand is dealt only);
- ``["start"]``: the host starts; empty seats are bots from now on;
- ``["deal"]`` (the table's public game number) or ``["deal", [[cards of seat 0], ...]]``
  (a secret deal drawn from the operating system's random source by the server);
- ``["bid", seat, 5]`` / ``["bid", seat, null]``, ``["suit", seat, "S"]``,
  ``["pass", seat, "QS", ...]``, ``["play", seat, "QS"]``, ``["moon", seat, "add"]``:
  the engine's :class:`~hearts.actions.Action` in its JSON form, read with
  ``Action.from_json``, checked with ``Game.verify`` and applied with ``Game.apply``
  (so every decision ``Game.pending()`` asks, in any variant, can be answered at a
  table), with an optional trailing ``"bot"`` when a bot acted for an absent person;
- ``["away", seat]`` (the turn timer ran out: a bot plays for the seat) and
  ``["back", seat]`` (its person is here again);
- ``["again", table_id, name]``: once the game is over, a person at it opened table
  ``table_id`` with the same settings and invites everyone there (once per table).

Projection: a person's seat gets :func:`hearts.view.player_view` of that seat (its own
hand only); a spectator or a waiting friend gets the public part (no hand, passes or
received cards).  Every applied game action yields the engine's events (``Game.apply``),
filtered per seat by :func:`hearts.view.visible_events`: the spectator's copy and, where a
seat sees more, each seat's own (:class:`Applied`); ``update_for`` turns them into one
seat's message.  The table derives no event of its own from the game.

Replay protection: each seat's current decision opened at some version
(``TableState.opened``); a move is accepted only when the client says it has seen at
least that version (``v``), so an old message sent again is refused as ``stale``.
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import orjson

from ..actions import KINDS, Action, ActionError, Decision
from ..cards import PACK2, SUIT_LETTERS, CardError, card_str, card_tuple, cards_of
from ..deal import check_game_number, random_deal
from ..events import Dealt, Drew, Event, Exchanged, HandScored, Passed, WidowTaken
from ..game import DrawAction, Game, GiveUpAction, IllegalAction, action_of
from ..rules import Rules, RulesError, make_rules
from ..settle import uses_chips
from ..view import pack_of, visible_events
from .limits import shorten
from .projection import finished_record, illegal_map, score_detail, seat_names


def _encode(obj: Any) -> str:
    """Compact JSON text (orjson: every update is serialised for every seat)."""
    return orjson.dumps(obj).decode()


HOST_SEAT = 0
"""The table's creator sits at seat 0 and is its host."""

MAX_NAME = 24
"""Longest display name, in characters."""

MAX_LATE = 8
"""Most friends waiting for a seat at once."""

TURN_SECONDS = 30.0
"""Default turn timer: after this, a bot plays for a person who has not acted."""

MIN_TURN_SECONDS, MAX_TURN_SECONDS = 0.5, 600.0

RECENT = 400
"""Applied actions kept in memory per table for resyncing a client (``since``)."""


def _card_name(c: int) -> str | None:
    try:
        return card_str(c)
    except CardError:
        return None


_NAME = tuple(_card_name(c) for c in range(256))
"""Card id -> its notation (``None`` for an id that is no card): read, not formatted, on
the hot path."""


def _names(mask: int) -> list[str]:
    """The cards of a card set in notation, lowest id first."""
    name = _NAME
    return [name[c] or card_str(c) for c in card_tuple(mask)]


_AUCTION_FIELDS = ("bids", "declarer", "penalty_suit", "jokers_played", "widow_size",
                   "widow_taker", "chips", "pot")
"""Public fields of ``PlayerView.to_json()`` that the hand's other phases (bids, the named
suit, jokers, the widow's taker, chips) make known to every seat alike."""

_ACTOR_EVENT = {"pass": "passed", "play": "play", "bid": "bid", "suit": "suit",
                "declare": "declare", "moon": "moon_choice", "give_up": "gave_up"}
"""The JSON type of the event that tells an action of each kind (tagged ``by: bot``)."""

_SEAT_EVENTS = (Dealt, Passed, Exchanged, Drew, WidowTaken)
"""Events that some seats see more of than others (``visible_events``)."""

GAME_KINDS = frozenset(KINDS)
"""Log actions that are the engine's own (:data:`hearts.actions.KINDS`)."""


def _auction_json(game: Game) -> dict[str, Any]:
    """The :data:`_AUCTION_FIELDS` of ``PlayerView.to_json()``, read off the game (no view
    is built: this runs for every update)."""
    if game.hand_index < 0:
        return {}
    taker = game.widow_taker
    return {
        "bids": [{"seat": s, "bid": game.bids[s]} for s in game.bid_order()[:game.bids_made]],
        "declarer": game.declarer if game.declarer >= 0 else None,
        "penalty_suit": SUIT_LETTERS[game.hand_rules.penalty_suit]
        if game.hand_rules.penalty_suit >= 0 else None,
        "jokers_played": _names(game.played & game.rules.wild_mask),
        "widow_size": game.rules.widow_size, "widow_taker": taker if taker >= 0 else None,
        "chips": list(game.chips) if uses_chips(game.rules) else [], "pot": game.pot,
    }


def game_action(action: list[Any]) -> Action:
    """The engine's :class:`~hearts.actions.Action` of a log entry of a game kind (the
    trailing ``"bot"`` tag dropped); raises :class:`~hearts.actions.ActionError`."""
    return Action.from_json(action[:-1] if action[-1] == "bot" and len(action) > 1 else action)


def action_refusal(exc: ActionError) -> TableError:
    """The 422 refusal of an action that is not in the stored format: ``unknown_card``
    when what is wrong is a card, else ``bad_message``; the message is the engine's
    sentence (its ``play:`` / ``pass:`` prefix dropped, capitalised, cut to 200
    characters), not its quoted ``repr`` (regression: ``"play: 'ZZ' is not a card ..."``
    came with the quotes and the prefix)."""
    text = str(exc)
    kind, sep, rest = text.partition(": ")
    if sep and kind in KINDS:
        text = rest
    text = text[:1].upper() + text[1:]
    code = "unknown_card" if "card" in text else "bad_message"
    return TableError(code, shorten(text if text.endswith(".") else text + ".", 200), 422)


class TableError(Exception):
    """A refused request: ``status`` (HTTP), ``code`` and a ``message`` sentence."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_json(self) -> dict[str, Any]:
        """``{"error": {"code", "message"}}``."""
        return {"error": {"code": self.code, "message": self.message}}


@dataclass(frozen=True)
class TableSettings:
    """A table's settings, as stored (``to_json``) and checked (``from_request``)."""

    variant: str
    players: int
    options: dict[str, Any]
    level: str
    game: int | None
    turn_seconds: float
    spectators: bool
    hints: bool = True
    """Whether a seated person may ask for a hint (the solo game's ``hint``, for the
    asker's own seat); tables stored before this setting existed allow them."""
    solo: bool = False
    """A solo game (:mod:`hearts.web.service`): one person at seat 0, bots answer inline
    in the person's request (:func:`hearts.web.bots.run_inline`), no turn timer, nobody
    joins."""

    def to_json(self) -> dict[str, Any]:
        """The stored and public form."""
        return {"variant": self.variant, "players": self.players, "options": dict(self.options),
                "level": self.level, "game": self.game, "turn_seconds": self.turn_seconds,
                "spectators": self.spectators, "hints": self.hints,
                **({"solo": True} if self.solo else {})}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSettings:
        """The inverse of :meth:`to_json`."""
        return cls(str(data["variant"]), int(data["players"]), dict(data["options"]),
                   str(data["level"]), None if data.get("game") is None else int(data["game"]),
                   float(data["turn_seconds"]), bool(data["spectators"]),
                   bool(data.get("hints", True)), bool(data.get("solo", False)))

    def rules(self) -> Rules:
        """The frozen rules (raises :class:`~hearts.rules.RulesError`)."""
        return make_rules(self.variant, self.players, self.options)


def check_settings(variant: str, players: int | None, options: dict[str, Any],
                   level: str, game: int | None, turn_seconds: float | None,
                   spectators: bool, hints: bool = True) -> TableSettings:
    """Checked settings for a new table; raises :class:`TableError` 400 (``unknown_variant``,
    ``unknown_option``, ``bad_option``) with the rules' message."""
    try:
        rules = make_rules(variant, players, dict(options))
    except RulesError as exc:
        raise TableError(exc.reason, str(exc), 400) from None
    if game is not None:
        try:
            check_game_number(game)
        except ValueError as exc:
            raise TableError("bad_option", str(exc), 400) from None
    t = TURN_SECONDS if turn_seconds is None else float(turn_seconds)
    if not MIN_TURN_SECONDS <= t <= MAX_TURN_SECONDS:
        raise TableError("bad_option", f"turn_seconds must be from {MIN_TURN_SECONDS} to "
                         f"{MAX_TURN_SECONDS:g}.", 400)
    return TableSettings(variant, rules.players, dict(options), level, game, t, spectators,
                         hints)


MAX_MARKS = 3
"""Combining marks a name may stack on one character (Vietnamese stacks two)."""

NAME_REFUSED = frozenset('<>"&')
"""Characters a display name may not hold: every other player's page shows it, and in
markup they could open a tag or leave an attribute (a friend's name restyled the page)."""


def _name_key(name: str) -> str:
    """What two names must differ in: their NFKC form, letter case aside ("Ｈｏｓｔ" and
    "host" are one name; so are a precomposed "ó" and "o" with a combining accent)."""
    return unicodedata.normalize("NFKC", name).casefold()


def clean_name(name: object) -> str:
    """A display name: trimmed, 1 to ``MAX_NAME`` characters, no control characters,
    none of :data:`NAME_REFUSED` and at most :data:`MAX_MARKS` combining marks in a row.
    Raises :class:`TableError` 422 ``bad_name``."""
    if not isinstance(name, str):
        raise TableError("bad_name", "The name must be a string.", 422)
    text = " ".join(name.split())
    if not text or len(text) > MAX_NAME or any(unicodedata.category(c).startswith("C")
                                               for c in text):
        raise TableError("bad_name", f"A name has 1 to {MAX_NAME} printable characters.", 422)
    if NAME_REFUSED & set(text):
        raise TableError("bad_name", 'A name may not hold < > " or &.', 422)
    run = 0
    for c in text:  # (by category: a mark of combining class 0, U+034F, counts too)
        run = run + 1 if unicodedata.category(c) in ("Mn", "Me") else 0
        if run > MAX_MARKS:  # stacked accents overdraw the other players' seat boxes
            raise TableError("bad_name", f"A name may put at most {MAX_MARKS} accents on "
                             f"one letter.", 422)
    return text


def secret_deal(rules: Rules) -> list[list[str]]:
    """A deal drawn from the operating system's random source (``secrets``), as card lists."""
    deal = random_deal(rules, secrets.SystemRandom())
    return [_names(m) for m in deal]


def secret_deal_action(rules: Rules) -> list[Any]:
    """The ``deal`` action of a secret deal: ``["deal", hands]``, and in a game with a stock
    (Domino Hearts) the stock's order too, so that the stored log replays the same draws."""
    hands = secret_deal(rules)
    if not rules.stock_size:
        return ["deal", hands]
    dealt = set(c for cards in hands for c in cards)
    stock = [card_str(c) for c in cards_of(rules.deck) if card_str(c) not in dealt]
    secrets.SystemRandom().shuffle(stock)
    return ["deal", hands, stock]


@dataclass
class Seat:
    """A person at a seat (``None`` in ``TableState.seats`` is a bot or a free seat)."""

    name: str
    token_hash: str
    away: bool = False


@dataclass
class Applied:
    """What one action did: its version, the action, the events as a spectator sees them
    (``public``) and, for a seat that sees more (its own cards dealt, passed, received or
    drawn, the widow it took), all of that seat's events instead (``private``)."""

    version: int
    action: list[Any]
    public: list[dict[str, Any]]
    private: dict[int, list[dict[str, Any]]] = field(default_factory=dict)

    def events_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The events ``seat`` (``None``: a spectator or a waiting friend) sees."""
        if seat is None:
            return self.public
        return self.private.get(seat, self.public)


class TableState:
    """The fold of a table's action log (see the module docstring); mutate it only with
    :meth:`apply`, after :meth:`check` (``apply`` of an unchecked action may raise)."""

    def __init__(self, table_id: str, settings: TableSettings, seed: int) -> None:
        self.id = table_id
        self.settings = settings
        self.seed = seed
        self.rules = settings.rules()
        self.n = self.rules.players
        self.game = Game(self.rules, settings.game)
        self.seats: list[Seat | None] = [None] * self.n
        self.late: dict[str, Seat] = {}
        self.started = False
        self.version = 0
        self.opened = [0] * self.n
        self.recent: list[Applied] = []
        self.moves: list[list[Any]] = []
        """The game's own actions so far (``Action`` JSON, without the ``"bot"`` tag):
        what a worker replays to rebuild the game (``SearchJob.actions``)."""
        self.by_bot: set[int] = set()
        """The passes and plays a bot made for a person who was away: their positions in
        the engine's ``game.log`` (:meth:`by_computer` reads them as the review counts)."""
        self._pend: list[Decision] | None = None
        """``game.pending()`` until the game changes (every update asks it a dozen times)."""
        self._pts: tuple[list[int], list[int]] | None = None
        """Points taken this hand, as the widow's taker and as the others see them."""
        self._hands: list[tuple[int, list[str]]] = [(-1, [])] * self.n
        """Each seat's hand as card strings, with the mask they were made from."""
        self.again: dict[str, str] | None = None
        """The next table, once the game is over and someone opened one with the same
        settings: ``{"table": id, "name": who opened it}`` (action ``again``)."""

    def _pending(self) -> list[Decision]:
        if self._pend is None:
            self._pend = self.game.pending()
        return self._pend

    def _changed(self) -> None:
        """Forget what was worked out from the game (call after every change of it)."""
        self._pend = None
        self._pts = None

    # -------------------------------------------------------------- reading
    def seat_of(self, token_hash: str) -> int | str | None:
        """The seat (int) or the waiting id (str) holding ``token_hash``, else None."""
        for s, p in enumerate(self.seats):
            if p is not None and p.token_hash == token_hash:
                return s
        for late_id, p in self.late.items():
            if p.token_hash == token_hash:
                return late_id
        return None

    def is_person(self, seat: int) -> bool:
        """Whether a person (present or away) holds ``seat``."""
        return self.seats[seat] is not None

    def bot_plays(self, seat: int) -> bool:
        """Whether a bot decides for ``seat`` now (no person, or the person is away)."""
        p = self.seats[seat]
        return p is None or p.away

    def anyone_present(self) -> bool:
        """Whether some seat is held by a person who is not away (a table whose people
        are all away waits at the end of the hand: no bot deals the next one)."""
        return any(p is not None and not p.away for p in self.seats)

    def between_hands(self) -> bool:
        """Whether the game waits for the next hand's deal (``Game.pending()`` asks for a
        ``deal``)."""
        pending = self._pending()
        return bool(pending) and pending[0].kind == "deal"

    def decision(self, seat: int) -> Decision | None:
        """The decision ``Game.pending()`` asks of ``seat`` now, or ``None``."""
        for d in self._pending():
            if d.seat == seat:
                return d
        return None

    def due(self) -> tuple[int, ...]:
        """Seats that must act: every seat ``Game.pending()`` asks (passers, the seat to
        bid, name the suit, play or choose a moon), the host between hands (to deal the
        next one, or the first one when the deal stored with the start was lost: a crash
        or a failed write between the two); none before the start or after the end."""
        if not self.started:
            return ()
        pending = self._pending()
        if pending and pending[0].kind == "deal":
            return (HOST_SEAT,)
        return tuple(d.seat for d in pending)

    def free_seats(self) -> list[int]:
        """Seats no person holds."""
        return [s for s in range(self.n) if self.seats[s] is None]

    def givable_seats(self, name: str | None = None) -> list[int]:
        """Seats the host may give a waiting friend between hands (``seat``): a computer's,
        or that of a person away (never the host's).  A friend waiting under the name of
        a person away (``name``) may be given that person's seat only: two people at the
        table are never called alike, and the host sees whose seat it is."""
        if name is not None:
            key = _name_key(name)
            for s, p in enumerate(self.seats):
                if p is not None and p.away and _name_key(p.name) == key:
                    return [s] if s != HOST_SEAT else []
        return [s for s, p in enumerate(self.seats)
                if p is None or (p.away and s != HOST_SEAT)]

    def table_json(self) -> dict[str, Any]:
        """Public facts: settings, seats (``seat``, ``name``: the person's, or the computer's
        fixed name (:func:`~hearts.web.projection.seat_names`), the same for every viewer;
        ``bot``, ``away``), waiting friends, status."""
        game = self.game
        status = "waiting" if not self.started else (
            "over" if game.game_over else "playing")
        return {
            "id": self.id, "version": self.version, "status": status,
            "settings": self.settings.to_json(),
            "deals": "public" if self.settings.game is not None else "secret",
            "host": HOST_SEAT,
            "seats": [{**named, "away": bool(p and p.away)}
                      for named, p in zip(seat_names([p.name if p else None
                                                      for p in self.seats]),
                                          self.seats, strict=True)],
            "waiting": [{"id": k, "name": p.name} for k, p in self.late.items()],
            "due": list(self.due()),
            "again": self.again,
        }

    def view_json(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees of the hand now (its own cards only; ``None``, a spectator or
        a waiting friend, sees the public part): the fields of ``PlayerView.to_json()``
        that change during a hand.  The settings are in ``table``; the finished tricks
        and hands in ``history`` (state messages) and in the events (updates)."""
        return {**self.own_json(seat), **self.public_json()}

    def own_json(self, seat: int | None) -> dict[str, Any]:
        """The part of :meth:`view_json` that only ``seat`` sees (empty for ``None``)."""
        game = self.game
        if seat is None:
            return {"seat": None, "hand": [], "passed": [], "received": [], "legal": [],
                    "pass_to": None, "decision": None, "points_taken": self._points(None),
                    "widow": [], "may_give_up": False}
        all_passed = game.pass_offset == 0 or all(p is not None for p in game.passes)
        decision = self.decision(seat)
        mask = game.hands[seat]
        known = self._hands[seat]
        if known[0] != mask:
            known = self._hands[seat] = (mask, _names(mask))
        return {
            "seat": seat,
            "hand": known[1],
            "passed": [card_str(c) for c in game.passes[seat] or ()],
            "received": _names(game.received[seat])
            if all_passed else [],
            "legal": _names(game.legal_plays(seat))
            if game.turn == seat else [],
            "pass_to": game.pass_target(seat),
            "decision": decision.to_json() if decision is not None and self.started else None,
            "may_give_up": bool(game.rules.give_up) and game.turn == seat  # Hearts 1887
            and self.started and game.can_give_up(seat),
            "points_taken": self._points(seat),
            "widow": _names(game.widow)
            if game.widow_taker == seat else [],
        }

    def _points(self, seat: int | None) -> list[int]:
        """Penalty points each seat took this hand, as ``seat`` sees them (the hand's
        rules: an auction's named suit counts; a widow counts only in its taker's eyes)."""
        game = self.game
        if self._pts is None:
            penalty = game.hand_rules.penalty
            taker = game.widow_taker
            seen = [sum(penalty[c] for c in cards_of(w)) for w in game.won]
            others = list(seen)
            if taker >= 0:
                others[taker] = sum(penalty[c] for c in cards_of(game.won[taker] & ~game.widow))
            self._pts = (seen, others)
        seen, others = self._pts
        return seen if seat is not None and seat == game.widow_taker else others

    def public_json(self) -> dict[str, Any]:
        """The part of :meth:`view_json` every seat sees alike."""
        game = self.game
        full = _auction_json(game)
        two = self.rules.deck >> PACK2 != 0  # two packs: each card on the table says its pack
        return {
            "phase": game.phase, "hand_index": game.hand_index, "game": game.game_number,
            "pass_direction": self.rules.pass_name(game.hand_index)
            if game.hand_index >= 0 else "none",
            "has_passed": [p is not None for p in game.passes],
            "trick": [{"seat": seat, "card": _NAME[c] or card_str(c),
                       **({"pack": pack_of(c)} if two else {})}
                      for seat, c in game.trick_seats()],
            "trick_index": len(game.tricks), "leader": game.leader, "turn": game.turn,
            "hearts_broken": game.hearts_broken,
            "counts": [h.bit_count() for h in game.hands], "tricks_won": list(game.tricks_won),
            "totals": list(game.totals), "winners": list(game.winners),
            "moon_pending": game.pending_score is not None,
            "gave_up": list(game.gave_up),  # Hearts 1887: the seats that gave up the hand
            **full,
        }

    def detail_json(self, seat: int | None) -> dict[str, Any] | None:
        """The solo game's ``score_detail`` (:func:`hearts.web.projection.score_detail`: cards
        taken and the engine's breakdown) as ``seat`` (``None``: a spectator) sees it."""
        return score_detail(self.game, seat)

    def history_json(self) -> dict[str, Any]:
        """The finished tricks of the hand and the finished hands' results (public)."""
        from ..view import player_view

        full = player_view(self.game, 0).to_json()
        return {"tricks": full["tricks"], "results": full["results"]}

    def illegal_json(self, seat: int | None) -> dict[str, dict[str, str]]:
        """For ``seat`` on its turn to play: each card of its hand it may not play, with the
        engine's reason code and sentence (:func:`hearts.web.projection.illegal_map`, the
        solo game's)."""
        if seat is None:
            return {}
        decision = self.decision(seat)
        if decision is None or decision.kind != "play":
            return {}  # the common case, answered from the cached pending decisions
        return illegal_map(self.game, seat)

    def by_computer(self, seat: int) -> frozenset[tuple[int, int | None]]:
        """``seat``'s passes and plays that a bot made while its person was away, as
        ``(hand, index)`` (``index`` ``None`` for a pass): what the review of that seat
        leaves unmarked (:func:`hearts.analysis.review_record`)."""
        out: set[tuple[int, int | None]] = set()
        first = min((r.hand for r in self.game.log), default=0)  # the record's hand 0
        played: dict[int, int] = {}   # plays so far in each hand, as its "play" list counts
        for i, record in enumerate(self.game.log):
            if isinstance(record, (DrawAction, GiveUpAction)):
                continue
            act = action_of(record)
            k = record.hand - first
            if i in self.by_bot and act.seat == seat:
                out.add((k, played.get(k, 0) if act.kind == "play" else None))
            if act.kind == "play":
                played[k] = played.get(k, 0) + 1
        return frozenset(out)

    def record_json(self) -> dict[str, Any]:
        """``hearts-record/1`` of the finished hands (deals included, so that they replay);
        the hand in progress is left out (:func:`hearts.web.projection.finished_record`,
        the solo game's record writer)."""
        return finished_record(self.game)[0]

    # ------------------------------------------------------------- checking
    def _check_new_name(self, name: str) -> None:
        """409 ``name_taken`` when a person at the table (seated or waiting) has ``name``
        already (letter case and Unicode look-alike forms aside, :func:`_name_key`): each
        name must say who is who."""
        # (a seated person who is away does not hold the name: the same person, back on
        # another device without the seat's token, waits under it for the host to give
        # the seat back)
        taken = [p.name for p in self.seats if p is not None and not p.away]
        taken += [p.name for p in self.late.values()]
        if _name_key(name) in {_name_key(n) for n in taken}:
            raise TableError("name_taken", "Someone at this table has this name already; "
                             "choose another.")

    def check(self, action: list[Any]) -> None:
        """Raise :class:`TableError` unless ``action`` may be applied now (nothing changes)."""
        kind = action[0] if action else None
        game = self.game
        try:
            if kind == "late" and game.game_over:  # no seat will ever be given
                raise TableError("game_over", "The game at this table is over.")
            if kind in ("join", "late"):
                self._check_new_name(str(action[2]))
            if kind == "join":
                if self.started:
                    raise TableError("wrong_phase", "The game has started; wait for a seat.")
                if self.seats[int(action[1])] is not None:
                    raise TableError("seat_taken", "This seat is taken.")
            elif kind == "late":
                if len(self.late) >= MAX_LATE:
                    raise TableError("table_full", "Too many friends are waiting already.")
            elif kind == "seat":
                s = int(action[1])
                if action[2] not in self.late:
                    raise TableError("unknown_friend", "Nobody with this id is waiting.")
                if not 0 <= s < self.n:
                    raise TableError("bad_seat", f"Seats are 0 to {self.n - 1}.", 422)
                if s not in self.givable_seats(self.late[action[2]].name):
                    if s in self.givable_seats():
                        raise TableError("seat_taken", "A friend waiting under the name of a "
                                         "person away can be given that person's seat only.")
                    raise TableError("seat_taken", "A person holds this seat; only a "
                                     "computer's seat, or the seat of a person away, can be "
                                     "given.")
                if self.started and not self.between_hands():
                    raise TableError("wrong_phase", "A seat changes hands between hands only.")
            elif kind == "start":
                if self.started:
                    raise TableError("wrong_phase", "The game has started already.")
            elif kind in GAME_KINDS:
                if kind == "deal" and (not self.started or not self.between_hands()):
                    raise TableError("wrong_phase", "There is no hand to deal now.")
                if not self.started:
                    raise TableError("wrong_phase", "The game has not started yet.")
                game.verify(game_action(action))
            elif kind == "again":
                if not (self.started and game.game_over):
                    raise TableError("wrong_phase", "A new table is offered once the game is "
                                     "over.")
                if self.again is not None:
                    raise TableError("again_taken", "A new table has been offered already: "
                                     "join that one.")
                if not isinstance(action[1], str) or not isinstance(action[2], str):
                    raise TableError("bad_message", "again: a table id and a name.", 422)
            elif kind in ("away", "back"):
                p = self.seats[int(action[1])]
                if p is None or p.away != (kind == "back"):
                    raise TableError("wrong_phase", "No person at this seat, or already "
                                     + ("away." if kind == "away" else "here."))
            else:
                raise TableError("bad_message", f"Unknown action {kind!r}.", 422)
        except IllegalAction as exc:
            raise TableError(exc.reason, exc.message) from None
        except ActionError as exc:
            raise action_refusal(exc) from None
        except CardError as exc:
            raise TableError("unknown_card", str(exc), 422) from None
        except (IndexError, TypeError, ValueError) as exc:
            raise TableError("bad_message", f"Malformed action: {exc}", 422) from None

    # ------------------------------------------------------------- applying
    def apply(self, action: list[Any]) -> Applied:
        """Apply one action of the log (checked, or read back from the log) and return
        what it did.  Raises :class:`IllegalAction` or ``ValueError`` for a bad action."""
        game = self.game
        due_before = set(self.due())
        public: list[dict[str, Any]] = []
        private: dict[int, list[dict[str, Any]]] = {}
        kind = action[0]
        actor: int | None = None
        by_bot = action[-1] == "bot"
        if kind == "join":
            s = int(action[1])
            self.seats[s] = Seat(str(action[2]), str(action[3]))
            public.append({"type": "join", "seat": s, "name": action[2]})
        elif kind == "late":
            self.late[str(action[1])] = Seat(str(action[2]), str(action[3]))
            public.append({"type": "waiting", "id": action[1], "name": action[2]})
        elif kind == "seat":
            s = int(action[1])
            p = self.late.pop(str(action[2]))
            was = self.seats[s]
            self.seats[s] = p   # a person away loses the seat: their token no longer holds it
            public.append({"type": "seated", "seat": s, "name": p.name, "id": action[2],
                           **({"was": was.name} if was is not None else {})})
        elif kind == "start":
            self.started = True
            public.append({"type": "start"})
        elif kind in GAME_KINDS:
            act = game_action(action)
            try:
                happened = game.apply(act)
            finally:
                self._changed()
            self.moves.append(act.to_json())
            if by_bot and kind in ("pass", "play"):
                self.by_bot.add(len(self.game.log) - 1)  # the engine's record of this action
            actor = HOST_SEAT if kind == "deal" else act.seat
            public, private = self._game_events(act, happened, by_bot)
            if kind == "deal":
                self.recent = [a for a in self.recent if a.version > self.version - 20]
        elif kind in ("away", "back"):
            s = int(action[1])
            person = self.seats[s]
            if person is None:
                raise ValueError(f"{kind}: no person at seat {s}")
            person.away = kind == "away"
            public.append({"type": kind, "seat": s})
        elif kind == "again":
            self.again = {"table": str(action[1]), "name": str(action[2])}
            public.append({"type": "again", **self.again})
        else:
            raise ValueError(f"unknown action {action!r}")
        self.version += 1
        for s in self.due():
            if s not in due_before or s == actor:
                self.opened[s] = self.version
        applied = Applied(self.version, action, public, private)
        self.recent.append(applied)
        if len(self.recent) > RECENT:
            del self.recent[: len(self.recent) - RECENT]
        return applied

    def _game_events(self, act: Action, happened: list[Event], by_bot: bool
                     ) -> tuple[list[dict[str, Any]], dict[int, list[dict[str, Any]]]]:
        """The JSON events of the engine's ``happened`` (``Game.apply``'s), filtered by
        :func:`hearts.view.visible_events`: a spectator's (public) and, when some seat
        sees more, each seat's.  The actor's own event (``passed``, ``play``, ``bid``...)
        says ``"by": "bot"`` when a bot acted for an absent person; ``hand_end`` carries
        ``record`` (the finished hands, deals included).  A solo game makes seat 0's and
        the public events only, and no ``record`` (its page asks ``GET /record``)."""
        solo = self.settings.solo  # a solo game: seat 0's events only, its record on request
        record = self.record_json() if not solo and any(
            isinstance(e, HandScored) for e in happened) else None
        own = _ACTOR_EVENT.get(act.kind)

        def wire(events: list[Event]) -> list[dict[str, Any]]:
            out = [e.to_json() for e in events]
            tagged = not by_bot
            for j in out:
                if not tagged and j["type"] == own and j.get("seat") == act.seat:
                    j["by"] = "bot"
                    tagged = True
                if record is not None and j["type"] == "hand_end":
                    j["record"] = record
            return out

        public = wire(visible_events(happened, None))
        private: dict[int, list[dict[str, Any]]] = {}
        if any(isinstance(e, _SEAT_EVENTS) for e in happened):
            private = {s: wire(visible_events(happened, s))
                       for s in ((HOST_SEAT,) if solo else range(self.n))}
        return public, private

    # -------------------------------------------------------- client output
    def update_for(self, applied: Applied, seat: int | None,
                   extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``update`` message of ``applied`` for ``seat`` (None: spectator), with the
        view after it (only valid right after :meth:`apply`, before the next action)."""
        events = applied.events_for(seat)
        msg = {"type": "update", "v": applied.version, "events": events,
               "view": self.view_json(seat), "illegal": self.illegal_json(seat),
               "score_detail": self.detail_json(seat), "table": self.table_json()}
        if extra:
            msg.update(extra)
        return msg

    def update_texts(self, applied: Applied, seats: set[int | None],
                     extra: dict[str, Any]) -> dict[int | None, str]:
        """:meth:`update_for` of each of ``seats`` as JSON text, the parts common to every
        seat (table, public events) serialised once."""
        dumps = _encode
        common = dumps(self.table_json())
        public = dumps(applied.public)
        shared = dumps(self.public_json())[1:]  # the view's common fields, without "{"
        more = "".join(f',"{k}":{dumps(v)}' for k, v in extra.items())
        detail = dumps(self.detail_json(None))  # alike for all but a widow's unscored taker
        taker = self.game.widow_taker
        out: dict[int | None, str] = {}
        for seat in seats:
            private = applied.private.get(seat) if seat is not None else None
            events = public if private is None else dumps(private)
            own = dumps(self.own_json(seat))[:-1]  # without "}"
            mine = dumps(self.detail_json(seat)) if seat is not None and seat == taker \
                else detail
            out[seat] = (f'{{"type":"update","v":{applied.version},"events":{events},'
                         f'"view":{own},{shared},'
                         f'"illegal":{dumps(self.illegal_json(seat))},'
                         f'"score_detail":{mine},"table":{common}{more}}}')
        return out

    def snapshot_for(self, seat: int | str | None, since: int | None = None,
                     extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``state`` message: everything ``seat`` may know now, plus ``missed`` (the
        events of versions after ``since`` that are still in memory, in order) when
        ``since`` is given."""
        s = seat if isinstance(seat, int) else None
        msg: dict[str, Any] = {"type": "state", "v": self.version,
                               "seat": s, "waiting": seat if isinstance(seat, str) else None,
                               "host": s == HOST_SEAT, "view": self.view_json(s),
                               "illegal": self.illegal_json(s),
                               "score_detail": self.detail_json(s), "table": self.table_json(),
                               "options": dict(self.rules.options),
                               "history": self.history_json()}
        if since is not None:
            missed = [a for a in self.recent if a.version > since]
            complete = since >= self.version or (bool(missed) and missed[0].version == since + 1)
            msg["missed"] = [{"v": a.version, "events": a.events_for(s)}
                             for a in missed] if complete else []
            msg["missed_complete"] = complete
        if extra:
            msg.update(extra)
        return msg


def load_state(table_id: str, settings: dict[str, Any], seed: int,
               actions: list[list[Any]]) -> TableState:
    """Rebuild a table by folding its stored log; raises ``RuntimeError`` naming the
    first action that does not replay."""
    st = TableState(table_id, TableSettings.from_json(settings), seed)
    replay_into(st, actions)
    return st


def replay_into(st: TableState, actions: list[list[Any]]) -> list[Applied]:
    """Apply stored ``actions`` (the log after ``st.version``) in order."""
    out = []
    for a in actions:
        try:
            out.append(st.apply(list(a)))
        except (IllegalAction, ValueError, CardError, KeyError, IndexError) as exc:
            raise RuntimeError(f"table {st.id}: stored action {st.version + 1} {a!r} does "
                               f"not replay: {exc}") from exc
    return out


__all__ = ["Applied", "HOST_SEAT", "MAX_LATE", "MAX_NAME", "Seat", "TURN_SECONDS", "TableError",
           "TableSettings", "TableState", "check_settings", "clean_name", "load_state",
           "replay_into", "secret_deal", "secret_deal_action"]
