"""Game records in the ``hearts-record/1`` notation: load, validate, replay, dump, build.

A record is the product's notation for a whole or partial game, as PGN is for
chess (``interfaces.md`` section 2)::

    {"format": "hearts-record/1", "variant": "standard", "options": {},
     "players": 4, "game": 12345,
     "hands": [{"deal": [["2C", ...], ...], "passes": [["AS", "KS", "QS"], ...],
                "play": ["2C", "9C", ...], "moon_choice": "add"}]}

Reading rules (documented for users in ``docs/records.md``):

- ``format`` must be ``"hearts-record/1"``; ``hands`` must be a list.
- ``variant`` defaults to ``"standard"``, ``options`` to ``{}``, ``players`` to
  the variant's default table size; ``game`` is optional (1..2**32-1).
- A hand without ``deal`` is dealt the numbered deal of ``game`` for that hand
  (``deal.py``); without ``game`` that is a ``bad_deal`` error.
- ``passes`` may be omitted, ``[]``, or a list of empty lists on a no-pass
  hand.  On a passing hand an empty list (or no ``passes`` at all) means that
  seat has not passed yet, which is allowed only while nothing is played.
- ``play`` lists the cards in the order played; each card belongs to the seat
  whose turn it is.  The record may stop anywhere, but only its last hand may
  be unfinished, and no hand may follow the end of the game.
- ``moon_choice`` (``"add"``/``"subtract"``) is used when the rules leave the
  moon to the shooter; absent, :meth:`hearts.game.Game.auto_moon_choice`
  decides.  On other hands it is checked and ignored.
- The wider family (``interfaces.md`` section 2b): ``widow`` (Heartsette) lists
  the widow's cards, checked against the deal (the widow is what the deal
  leaves); ``bids`` (Auction Hearts) one entry per seat in bidding order,
  eldest hand first, a number of chips (``true`` for a slam bid, after the pass)
  or ``null``; ``penalty_suit`` the
  suit the auction's winner names (``"C"``, ``"D"``, ``"H"``, ``"S"``).
  ``gave_up`` (Hearts 1887) lists the seats that gave up, in order; each gives up
  at the first of its turns at which the next card of ``play`` is not in its hand
  (or ``play`` ends): a give-up step there (:func:`_give_up_steps`).
  Jokers are ``JK`` once per joker; where two cards share a name, the name
  means whichever copy the seat holds.
- Keys this version does not know are ignored (records may gain fields).

A record replays as a list of ``(place, action)`` (:func:`record_steps`, read
against the game it is applied to: a record names cards, not seats or copies) and
one loop applies them (:func:`apply_steps`): an
:class:`~hearts.game.IllegalAction` becomes the :class:`RecordError` at that
place (:func:`refusal`).  What the record itself gets wrong is checked while the
steps are read; what the rules refuse is the engine's alone.

Every problem raises :class:`RecordError`, whose :attr:`RecordError.error` is
the JSON error object of ``interfaces.md`` section 3.  Codes and reasons:

================  =====================================================  ========
code              reason                                                 stage
================  =====================================================  ========
bad_record        bad_record (not JSON, not an object, wrong shape)      record
unknown_variant   unknown_variant                                        rules
unknown_option    unknown_option                                         rules
bad_option        bad_option (bad option value or player count)          rules
bad_deal          bad_deal (wrong count, repeated card, not in the deck)  deal
unknown_card      unknown_card (text that is no card)                    any
illegal_pass      bad_pass, not_in_hand                                  pass
illegal_play      not_in_hand, must_follow_suit, must_lead_lowest_club,  play
                  first_trick_points, hearts_not_broken
illegal_bid       bad_bid, not_your_turn (Auction Hearts)                bid
illegal_suit      bad_suit (Auction Hearts)                              suit
illegal_give_up   cannot_give_up (Hearts 1887's ``gave_up``)             play
================  =====================================================  ========

``hand`` and ``index`` count from 0 (``index`` is the position in that hand's
``play`` list); messages count from 1, as people do.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, NamedTuple

from . import tricks
from .actions import Action, ActionError
from .cards import (
    SUIT_LETTERS,
    CardError,
    card_str,
    cards_of,
    held_copies,
    held_copy,
    parse_card,
    parse_suit,
    same_name,
)
from .deal import DealError, check_game_number, numbered_deal, shuffled_deck
from .errors import HeartsError, excerpt
from .game import (
    PHASE_BID,
    PHASE_DEAL,
    PHASE_DECLARE,
    PHASE_MOON,
    PHASE_OVER,
    PHASE_PASS,
    PHASE_PLAY,
    PHASE_SUIT,
    DrawAction,
    Game,
    GiveUpAction,
    IllegalAction,
    action_of,
)
from .rules import OPTION_SPECS, VARIANTS, Rules, RulesError, make_rules
from .scoring import MOON_CHOICES
from .settle import against_average, team_totals, uses_chips

FORMAT = "hearts-record/1"
"""The value of a record's ``format`` key."""

ERROR_KEYS = ("code", "reason", "message", "stage", "hand", "index", "seat", "card", "path")
"""Keys of every error object, in order (absent facts are ``null``)."""

SEAT_NAMES_4 = ("South", "West", "North", "East")
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades", "")

_PLAY_SENTENCES = {
    "not_in_hand": "{who} does not hold {card} at that point.",
    "must_follow_suit": "{who} must follow suit: {suit} were led and the player still holds "
                        "{suit}, so {card} may not be played.",
    "must_lead_lowest_club": "the first trick must be opened with {opening}, not {card}.",
    "first_trick_points": "{who} may not play {card} to the first trick: penalty cards are "
                          "not allowed there while the player holds another card.",
    "hearts_not_broken": "{who} may not lead {card}: hearts are not broken yet and the "
                         "player holds a card of another suit.",
}


MESSAGE_LIMIT: Final = 300
"""The longest :attr:`RecordError.message`, in characters (the web server's limit too)."""
CARD_LIMIT: Final = 40
"""The longest :attr:`RecordError.card` (unreadable text is cut), in characters."""
PATH_LIMIT: Final = 120
"""The longest :attr:`RecordError.path` (a key of the record may be of any size), in characters."""


class RecordError(HeartsError, ValueError):
    """A record that cannot be read or that breaks a rule.

    Attributes mirror the JSON error object of ``interfaces.md`` section 3:
    ``code`` (``bad_record``, ``unknown_variant``, ``unknown_option``,
    ``bad_option``, ``bad_deal``, ``unknown_card``, ``illegal_pass``,
    ``illegal_play``), ``reason`` (the engine's reason code), ``message`` (a
    sentence for a player), ``stage`` (``record``, ``rules``, ``deal``,
    ``pass``, ``play``, ``moon``), ``hand`` and ``index`` (from 0), ``seat``,
    ``card`` (``"QS"``, or the unreadable text) and ``path`` (where in the
    JSON, e.g. ``hands[0].play[17]``); facts that do not apply are ``None``.
    A message over :data:`MESSAGE_LIMIT` characters keeps its start and end with `` … ``
    between (the bad value a sentence quotes may be any size); ``card`` keeps its first
    :data:`CARD_LIMIT` characters, ``path`` its first :data:`PATH_LIMIT`.
    """

    def __init__(self, code: str, reason: str, message: str, *, stage: str = "record",
                 hand: int | None = None, index: int | None = None, seat: int | None = None,
                 card: str | None = None, path: str | None = None) -> None:
        if len(message) > MESSAGE_LIMIT:  # keep the advice at the end of the sentence
            message = f"{message[:MESSAGE_LIMIT - 110]} … {message[-100:]}"
        if card is not None and len(card) > CARD_LIMIT:
            card = card[:CARD_LIMIT - 1] + "…"
        if path is not None and len(path) > PATH_LIMIT:  # a key of any size may be in it
            path = path[:PATH_LIMIT - 1] + "…"
        super().__init__(message)
        self.code = code
        self.reason = reason
        self.message = message
        self.stage = stage
        self.hand = hand
        self.index = index
        self.seat = seat
        self.card = card
        self.path = path

    @property
    def error(self) -> dict[str, Any]:
        """The JSON error object (every key of :data:`ERROR_KEYS`, ``null`` when unknown)."""
        return {k: getattr(self, k) for k in ERROR_KEYS}

    def to_json(self) -> dict[str, Any]:
        """Same as :attr:`error`."""
        return self.error


def _bad(message: str, path: str | None = None, *, hand: int | None = None,
         stage: str = "record", seat: int | None = None, index: int | None = None) -> RecordError:
    return RecordError("bad_record", "bad_record", message, stage=stage, hand=hand,
                       index=index, seat=seat, path=path)


def seat_name(seat: int, players: int) -> str:
    """``"North (seat 2)"`` at a table of four, ``"seat 2"`` otherwise."""
    if players == 4 and 0 <= seat < 4:
        return f"{SEAT_NAMES_4[seat]} (seat {seat})"
    return f"seat {seat}"


def _where(hand: int, index: int | None = None) -> str:
    if index is None:
        return f"Hand {hand + 1}"
    return f"Hand {hand + 1}, card {index + 1}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------ parsing
def parse_record(source: str | bytes | bytearray | Mapping[str, Any]) -> dict[str, Any]:
    """Turn JSON text (str or UTF-8 bytes) or a mapping into a record dict.

    Only the outer shape is checked here (a JSON object); see
    :func:`replay_record` for the rest.  Raises :class:`RecordError`
    (``bad_record``) for text that is not UTF-8, not JSON or not an object.
    """
    if isinstance(source, Mapping):
        return dict(source)
    if isinstance(source, bytes | bytearray):
        try:
            source = bytes(source).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise _bad(f"The record is not UTF-8 text (byte {exc.start} cannot be read).") from None
    if not isinstance(source, str):
        raise _bad(f"A record is JSON text or an object, not {type(source).__name__}.")
    if not source.strip():
        raise _bad("The record is empty: expected a JSON object.")
    try:
        value = json.loads(source, parse_constant=_no_constant)
    except _NotJsonConstant as exc:
        raise _bad(f"The record is not valid JSON: it holds {exc.args[0]}, which JSON does not "
                   f"have (Python's json module writes it for a float that is not a number).") from None
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(source.rstrip())  # the text ends inside the record
        msg = exc.msg.removesuffix(" at")  # "Invalid control character at": no "at at line"
        raise _bad(f"The record is not valid JSON: {msg} at line {exc.lineno}, "
                   f"column {exc.colno}" + (", where the text ends (the record may be cut "
                                            "short)." if cut else ".")) from None
    except RecursionError:
        raise _bad("The record is not valid JSON here: its arrays or objects are nested too "
                   "deeply to be read (a record nests a few levels).") from None
    except ValueError as exc:
        if "digits" in str(exc):  # Python's limit on the digits of an int read from text
            raise _bad("The record holds a number of more than 4,300 digits; no value of a "
                       "record is anywhere near that long.") from None
        raise _bad(f"The record is not valid JSON: {exc}.") from None
    if not isinstance(value, dict):
        raise _bad(f"A record is a JSON object, not {_json_kind(value)}.")
    return value


class _NotJsonConstant(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity`` in a record's text (Python reads them; JSON has none)."""


def _no_constant(name: str) -> Any:
    raise _NotJsonConstant(name)


def _json_kind(value: object) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, float):
        return f"the number {value!r}"  # 4.0 is not the whole number 4 in a record
    if isinstance(value, int):
        return "a number"
    if value is None:
        return "null"
    return type(value).__name__


def rules_of(record: Mapping[str, Any]) -> Rules:
    """The :class:`~hearts.rules.Rules` a record is played under.

    Checks ``format``, ``variant``, ``options`` and ``players``; raises
    :class:`RecordError` (``bad_record``, ``unknown_variant``,
    ``unknown_option``, ``bad_option``).
    """
    fmt = record.get("format")
    if fmt != FORMAT:
        if fmt is None:
            raise _bad(f'The record has no "format" key: expected "{FORMAT}".', "format")
        raise _bad(f'The record format is {excerpt(fmt)}; this program reads "{FORMAT}".', "format")
    variant = record.get("variant", "standard")
    if not isinstance(variant, str):
        raise _bad(f'The "variant" key must be a name such as "standard", not {_json_kind(variant)}.',
                   "variant")
    options = record.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise _bad(f'The "options" key must be an object, not {_json_kind(options)}.', "options")
    players = record.get("players")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise _bad(f'The "players" key must be a whole number, not {_json_kind(players)}.', "players")
    try:
        return make_rules(variant, players, options)
    except RulesError as exc:
        reason = exc.reason if exc.reason in ("unknown_variant", "unknown_option") else "bad_option"
        if reason == "unknown_variant":
            raise RecordError(reason, reason, f"Unknown variant {excerpt(variant)}; the known variants "
                              f"are {', '.join(VARIANTS)}.", stage="rules", path="variant") from None
        if reason == "unknown_option":
            bad = next((k for k in options if k not in OPTION_SPECS), None)
            raise RecordError(reason, reason, f"Unknown option {excerpt(bad)}; `hearts variants` lists "
                              f"the options and their values.", stage="rules",
                              path=f"options.{bad}") from None
        text = str(exc)
        bad = next((k for k, v in options.items() if not _option_ok(k, v)), None)
        if bad is None:  # each value fits its option, the combination does not: the named one
            bad = next((k for k in options if re.search(rf"\b{re.escape(k)}\b", text)), None)
        path = (f"options.{bad}" if bad is not None
                else "players" if players is not None else "options")
        first = text.split(" ", 1)[0]
        raise RecordError(reason, reason, (f"Option {text}" if first in OPTION_SPECS
                                           else _sentence(text)) + ".",
                          stage="rules", path=path) from None


def _option_ok(key: str, value: Any) -> bool:
    try:
        OPTION_SPECS[key].check(value)
    except RulesError:
        return False
    return True


def _game_number(record: Mapping[str, Any]) -> int | None:
    game = record.get("game")
    if game is None:
        return None
    try:
        return check_game_number(game)
    except DealError as exc:
        raise _bad(_sentence(str(exc)) + ".", "game") from None


def _card(text: object, *, stage: str, hand: int, path: str, seat: int | None = None,
          index: int | None = None, who: str | None = None) -> int:
    try:
        if not isinstance(text, str):
            raise CardError(text)
        return parse_card(text)
    except CardError:
        owner = who or "a player"
        doing = {"deal": f"the deal of {owner} lists", "pass": f"{owner} passes",
                 "play": f"{owner} plays"}.get(stage, "the record has")
        if isinstance(text, str):
            what, shown = f"{text!r}, which is not a card", text
        else:  # not text at all: say what it is, and no card is named
            kind = excerpt(text) if text is None or isinstance(text, bool) else \
                f"{_json_kind(text)} ({excerpt(text)})"
            what, shown = f"{kind}, not a card's name: a card is a string", None
        raise RecordError(
            "unknown_card", "unknown_card",
            f"{_where(hand, index)}: {doing} {what}; write rank then suit, such as QS, TH or 2C.",
            stage=stage, hand=hand, index=index, seat=seat, card=shown, path=path) from None


def _card_list(value: object, *, stage: str, hand: int, seat: int, path: str,
               players: int) -> list[int]:
    if not isinstance(value, list):
        raise _bad(f"{_where(hand)}: the {stage} of {seat_name(seat, players)} must be a list "
                   f"of cards, not {_json_kind(value)}.", path, hand=hand, stage=stage, seat=seat)
    return [_card(x, stage=stage, hand=hand, seat=seat, path=f"{path}[{i}]",
                  who=seat_name(seat, players)) for i, x in enumerate(value)]


# ------------------------------------------------------------------- replay
class Place(NamedTuple):
    """Where one action of a record (or of a stored action log) comes from.

    ``hand``: the hand, from 0; ``path``: where in the JSON, as a
    :class:`RecordError` names it (``hands[0].deal``, ``hands[0].bids[1]``,
    ``hands[0].penalty_suit``, ``hands[0].passes[2]``, ``hands[0].declarations``,
    ``hands[0].play[17]``, ``hands[0].gave_up``, ``hands[0].moon_choice``;
    ``actions[5]`` in a stored
    log); ``play_index``: the position in that hand's ``play`` list (``None`` for
    any other action).
    """

    hand: int
    path: str
    play_index: int | None = None


Step = tuple[Place, Action]
"""One action of a record and where it comes from."""

_STAGES = {"deal": "deal", "bid": "bid", "suit": "suit", "pass": "pass", "declare": "declare",
           "play": "play", "moon": "moon", "give_up": "play"}


def start_game(record: Mapping[str, Any]) -> Game:
    """A new :class:`~hearts.game.Game` for a record's header (``format``, ``variant``,
    ``options``, ``players``, ``game``) with its ``hands`` list checked to be a list.

    Raises :class:`RecordError` (``bad_record``, ``unknown_variant``,
    ``unknown_option``, ``bad_option``).
    """
    rules = rules_of(record)
    number = _game_number(record)
    hands = record.get("hands")
    if not isinstance(hands, list):
        raise _bad('The record has no "hands" list.' if hands is None else
                   f'The "hands" key must be a list, not {_json_kind(hands)}.', "hands")
    if "first_hand" in record:  # an earlier draft's key: now the option of that name
        raise _bad('The record has a "first_hand" key; write it as the option '
                   '"options": {"first_hand": N} instead.', "first_hand")
    return Game(rules, number)  # hand k of the record is hand first_hand + k of the game


def record_steps(game: Game, record: Mapping[str, Any]) -> Iterator[Step]:
    """A record's actions in order, each with its :class:`Place`: the deal, the bids and
    the suit named, the passes, the declarations, the plays (with the give-ups of
    ``gave_up`` where they fall, Hearts 1887) and the moon choice of each hand.

    A record names cards, not seats or copies: whose turn it is and which copy of a
    name a seat holds (:func:`hearts.cards.held_copy`) are the game's facts, so the
    steps are read against ``game`` (new, from :func:`start_game`), and the caller
    applies each step to it before asking for the next (:func:`apply_steps` does).
    Raises :class:`RecordError` for what the record itself gets wrong (its shape, text
    that is no card, a deal or widow that does not fit, entries after a hand is over,
    a passing hand played before every pass); what the rules refuse is the engine's
    to say, when the step is applied.
    """
    number = game.game_number
    for k, hand in enumerate(record["hands"]):
        yield from _hand_steps(game, k, hand, number)


def log_steps(game: Game, actions: Sequence[Any]) -> Iterator[Step]:
    """The steps of a stored action log (the JSON lists of :meth:`Action.to_json`, as the
    web server stores a game), placed at ``actions[i]``; read against ``game`` as
    :func:`record_steps`.  Raises :class:`RecordError` (``bad_record``) for an entry
    that is not an action."""
    for i, value in enumerate(actions):
        try:
            action = Action.from_json(list(value) if isinstance(value, tuple) else value)
        except ActionError as exc:
            raise _bad(f"Stored action {i + 1} cannot be read: {exc}.", f"actions[{i}]",
                       hand=game.hand_index, index=i) from None
        hand = game.hand_index + 1 if action.kind == "deal" else game.hand_index
        yield Place(max(hand, 0), f"actions[{i}]"), action


def apply_steps(game: Game, steps: Iterable[Step],
                apply: Callable[[Action], Any] | None = None) -> Game:
    """The one replay loop: apply each ``(place, action)`` through ``Game.apply`` (or
    ``apply``, a host's own, which must apply to ``game``); an
    :class:`~hearts.game.IllegalAction` becomes the :class:`RecordError` at that place
    (:func:`refusal`).  Returns ``game``.  Every record replay (``hearts score``, the
    review, the analysis) and the web's replays of stored games come through here."""
    for place, action in steps:
        try:
            if apply is None:
                game.apply(action, False)  # a replay reads no events: none are made
            else:
                apply(action)
        except IllegalAction as exc:
            raise refusal(game, place, action, exc) from None
    return game


def replay_record(source: str | bytes | bytearray | Mapping[str, Any]) -> Game:
    """Replay a record into a new :class:`~hearts.game.Game` through the engine.

    The record's steps (:func:`record_steps`) go through the one loop
    (:func:`apply_steps`); the returned game is in the state the record ends in
    (phase ``deal`` or ``game-over`` when its last hand is finished, ``pass`` or
    ``play`` when it stops part-way).  Raises :class:`RecordError` naming the first
    problem and where it is.
    """
    record = parse_record(source)
    game = start_game(record)
    return apply_steps(game, record_steps(game, record))


def record_actions(source: str | bytes | bytearray | Mapping[str, Any]) -> list[Step]:
    """A whole record as a list of ``(place, action)``, seats and copies resolved, checked
    by a replay (raises :class:`RecordError` as :func:`replay_record`).  Applied in
    order with :func:`apply_steps` to ``start_game(record)`` they give the same game."""
    record = parse_record(source)
    game = start_game(record)
    out: list[Step] = []

    def kept(steps: Iterator[Step]) -> Iterator[Step]:
        for step in steps:
            out.append(step)
            yield step

    apply_steps(game, kept(record_steps(game, record)))
    return out


def refusal(game: Game, place: Place, action: Action, exc: IllegalAction) -> RecordError:
    """The :class:`RecordError` for the engine refusing ``action`` at ``place`` (``game``
    as it was, unchanged by the refused action).  Codes by kind: ``bad_deal``,
    ``illegal_bid``, ``illegal_suit``, ``illegal_pass``, ``illegal_declaration``,
    ``illegal_play``, ``illegal_moon``, ``illegal_give_up``; the reason is the engine's."""
    n = game.n
    k, path, kind, seat = place.hand, place.path, action.kind, action.seat
    stage = _STAGES.get(kind, "record")
    who = seat_name(seat, n)
    card = card_str(exc.card) if isinstance(exc.card, int) else None
    if kind == "deal":
        return RecordError("bad_deal", "bad_deal", f"{_where(k)}: {exc.message}", stage="deal",
                           hand=k, seat=exc.seat, card=card,
                           path=path + (f"[{exc.seat}]" if exc.seat is not None
                                        and path.endswith(".deal") else ""))
    if kind == "play":
        return _illegal_play(game, k, place.play_index, seat, action.payload, exc, path)
    if kind == "give_up":
        return RecordError("illegal_give_up", exc.reason, f"{_where(k)}: {who} may not give "
                           f"up there. {exc.message}", stage="play", hand=k, seat=seat,
                           path=path)
    if kind == "pass":
        cards = tuple(action.payload) if isinstance(action.payload, tuple | list) else ()
        if exc.reason == "not_in_hand" and card is not None:
            message = f"{_where(k)}: {who} passes {card} but was not dealt it."
        else:
            message = f"{_where(k)}: {who} cannot pass these cards. {exc.message}"
            if card is None:  # the card passed twice, when that is what is wrong
                card = next((card_str(c) for i, c in enumerate(cards)
                             if isinstance(c, int) and c in cards[:i]), None)
        return RecordError("illegal_pass", "not_in_hand" if exc.reason == "not_in_hand"
                           else "bad_pass", message, stage="pass", hand=k, seat=seat,
                           card=card, path=path)
    # the record's values as JSON writes them (true, null, "general"), not Python's
    doing = {"bid": "bid " + ("a slam (true)" if action.payload is True else excerpt(action.payload)),
             "suit": "name that suit",
             "declare": f"declare {excerpt(action.payload)}",
             "moon": f"choose {excerpt(action.payload)}"}.get(kind, "do that")
    code = {"bid": "illegal_bid", "suit": "illegal_suit", "declare": "illegal_declaration",
            "moon": "illegal_moon"}.get(kind, "bad_record")
    return RecordError(code, exc.reason, f"{_where(k)}: {who} cannot {doing}: {exc.message}",
                       stage=stage, hand=k, seat=seat, card=card, path=path)


def _hand_steps(game: Game, k: int, hand: object, number: int | None) -> Iterator[Step]:
    n = game.n
    rules = game.rules
    path = f"hands[{k}]"
    if game.phase == PHASE_OVER:
        if rules.deals:
            why = f"it is played over {rules.deals} deal{'' if rules.deals == 1 else 's'}"
        elif any(t >= rules.target_score for t in game.totals):
            why = f"someone reached {rules.target_score} in hand {k}"
        else:
            why = f"it ended with hand {k}"
        raise _bad(f"{_where(k)} follows the end of the game ({why}).", path, hand=k)
    if game.phase != PHASE_DEAL:
        raise _bad(f"Hand {k} stops part-way, but hand {k + 1} follows it; only the last hand "
                   f"of a record may be unfinished.", path, hand=k)
    if not isinstance(hand, dict):
        raise _bad(f"{_where(k)} must be an object, not {_json_kind(hand)}.", path, hand=k)

    # -- deal
    deal_value = hand.get("deal")
    if deal_value is None:
        if number is None:
            raise RecordError("bad_deal", "bad_deal",
                              f"{_where(k)} has no deal and the record has no game number "
                              f"to take it from.", stage="deal", hand=k, path=f"{path}.deal")
        deal = numbered_deal(rules, number, game.hand_index + 1)
    else:
        deal = _parse_deal(game, k, deal_value, f"{path}.deal")
    stock = _parse_stock(game, k, hand, deal, number, deal_value is None, f"{path}.stock")
    yield Place(k, f"{path}.deal"), Action.deal((*deal, stock) if stock is not None
                                                else tuple(deal))

    play = hand.get("play", [])
    if play is None:
        play = []
    if not isinstance(play, list):
        raise _bad(f"{_where(k)}: \"play\" must be a list of cards, not {_json_kind(play)}.",
                   f"{path}.play", hand=k, stage="play")
    _check_widow(game, k, hand.get("widow"), f"{path}.widow")

    # -- the auction (before the pass; a slam bid comes after it)
    bid_later = game.phase == PHASE_PASS and "bid" in rules.phases
    if not bid_later:
        yield from _auction_steps(game, k, hand, path, bool(play) or bool(hand.get("passes")))

    # -- passes
    yield from _pass_steps(game, k, hand.get("passes"), f"{path}.passes", bool(play))
    if bid_later:
        yield from _auction_steps(game, k, hand, path, bool(play))

    # -- declarations
    yield from _declaration_steps(game, k, hand.get("declarations"), f"{path}.declarations",
                                  bool(play))

    # -- play (and the seats that gave up, Hearts 1887)
    giving = _parse_gave_up(game, k, hand.get("gave_up"), f"{path}.gave_up")
    for i, text in enumerate(play):
        ipath = f"{path}.play[{i}]"
        if giving and game.phase == PHASE_PLAY:
            yield from _give_up_steps(game, k, giving, f"{path}.gave_up", text)
        if game.phase != PHASE_PLAY:
            extra = len(play) - i
            raise _bad(f"{_where(k, i)}: the hand is already over after {i} cards, but "
                       f"{extra} more {'card is' if extra == 1 else 'cards are'} listed.", ipath,
                       hand=k, index=i, stage="play")
        seat = game.turn
        card = _card(text, stage="play", hand=k, index=i, seat=seat, path=ipath,
                     who=seat_name(seat, n))
        yield Place(k, ipath, i), Action.play(seat, held_copy(game.hands[seat], card))
    if giving:
        yield from _give_up_steps(game, k, giving, f"{path}.gave_up", None)
        if giving:
            raise _bad(f"{_where(k)}: {seat_name(giving[0], n)} is listed in \"gave_up\" but "
                       f"never reaches a turn at which it gives up (the next card of \"play\" "
                       f"is always in its hand).", f"{path}.gave_up", hand=k, stage="play",
                       seat=giving[0])

    # -- moon choice
    choice = hand.get("moon_choice")
    if choice is not None and choice not in MOON_CHOICES:
        raise _bad(f"{_where(k)}: \"moon_choice\" must be \"add\" or \"subtract\", not "
                   f"{json.dumps(choice)}.", f"{path}.moon_choice", hand=k, stage="moon")
    if game.phase == PHASE_MOON:
        yield Place(k, f"{path}.moon_choice"), Action.moon(
            game.turn, choice if choice is not None else game.auto_moon_choice())


def _parse_gave_up(game: Game, k: int, value: object, path: str) -> list[int]:
    """A hand's ``gave_up`` (Hearts 1887): distinct seat numbers, in order; ``[]`` when
    absent."""
    if value is None:
        return []
    n = game.n
    if not isinstance(value, list) or not all(
            type(s) is int and 0 <= s < n for s in value) or len(set(value)) != len(value):
        raise _bad(f"{_where(k)}: \"gave_up\" must be a list of different seat numbers "
                   f"(0 to {n - 1}), not {json.dumps(value)}.", path, hand=k, stage="play")
    if value and not game.rules.give_up:
        raise RecordError("illegal_give_up", "cannot_give_up", f"{_where(k)}: nobody may give "
                          f"up a hand in this game, but \"gave_up\" lists {value}.",
                          stage="play", hand=k, seat=value[0], path=path)
    return list(value)


def _give_up_steps(game: Game, k: int, giving: list[int], path: str,
                   text: object) -> Iterator[Step]:
    """The give-up steps of ``gave_up`` due before the next card of ``play`` (``text``;
    ``None``: ``play`` has ended), each placed at ``path``: while the seat to play is
    listed and the card is not in its hand, it gives up (docs/family-rules.md "The 1887
    give-up").  Read against ``game`` as :func:`record_steps` (the caller applies each
    step before asking for the next; the engine's refusal is ``illegal_give_up``,
    :func:`refusal`).  Consumes ``giving``; raises :class:`RecordError` (``bad_record``)
    for a seat giving up before one listed ahead of it."""
    n = game.n
    card = -1
    if text is not None:
        try:
            card = parse_card(text) if isinstance(text, str) else -1
        except CardError:
            card = -1  # the play loop reports it
    while giving and game.phase == PHASE_PLAY and game.turn in giving:
        seat = game.turn
        if card >= 0 and game.hands[seat] & same_name(card):
            return  # it plays the card: no give-up here
        if seat != giving[0]:
            raise _bad(f"{_where(k)}: {seat_name(seat, n)} gives up before "
                       f"{seat_name(giving[0], n)}, who is listed ahead of it in \"gave_up\".",
                       path, hand=k, stage="play", seat=seat)
        yield Place(k, path), Action.give_up(seat)
        giving.pop(0)


def _check_widow(game: Game, k: int, value: object, path: str) -> None:
    """A record's ``widow`` must be what the deal left (Heartsette); absent is fine."""
    if value is None:
        return
    if not isinstance(value, list):
        raise _bad(f"{_where(k)}: the widow must be a list of cards, not {_json_kind(value)}.",
                   path, hand=k, stage="deal")
    cards = _card_list(value, stage="deal", hand=k, seat=0, path=path, players=game.n)
    widow = 0
    for c in cards:
        rest = game.widow & same_name(c) & ~widow
        widow |= (rest & -rest) if rest else 1 << c
    if widow != game.widow or len(cards) != game.widow.bit_count():
        expected = " ".join(card_str(c) for c in cards_of(game.widow)) or "none"
        raise RecordError("bad_deal", "bad_deal",
                          f"{_where(k)}: the widow must be the cards the deal leaves over "
                          f"({expected}).", stage="deal", hand=k, path=path)


def _auction_steps(game: Game, k: int, hand: dict[str, Any], path: str,
                   later: bool) -> Iterator[Step]:
    """A hand's ``bids`` and ``penalty_suit`` (Auction Hearts; a slam bid: ``true`` or
    ``null`` each)."""
    n = game.n
    bids = hand.get("bids")
    suit = hand.get("penalty_suit")
    slam = game.rules.slam_bid
    if game.phase != PHASE_BID:
        if bids and "bid" in game.rules.phases:
            raise _bad(f"{_where(k)}: \"bids\" are listed, but the bidding has not begun "
                       f"(every seat must pass first).", f"{path}.bids", hand=k, stage="bid")
        if bids:
            raise _bad(f"{_where(k)}: this game has no auction, but \"bids\" are listed.",
                       f"{path}.bids", hand=k, stage="bid")
        if suit is not None:
            raise _bad(f"{_where(k)}: this game has no auction, but a \"penalty_suit\" is "
                       f"named.", f"{path}.penalty_suit", hand=k, stage="suit")
        return
    if bids is None:
        bids = []
    if not isinstance(bids, list) or len(bids) > n:
        raise _bad(f"{_where(k)}: \"bids\" must be a list of at most {n} bids (a number of "
                   f"chips or null), one per seat from eldest hand to the dealer.",
                   f"{path}.bids", hand=k, stage="bid")
    for i, amount in enumerate(bids):
        seat = game.turn
        if slam and amount is not None and amount is not True:
            raise _bad(f"{_where(k)}: bid {i + 1} must be true (a slam bid) or null, not "
                       f"{json.dumps(amount)}.", f"{path}.bids[{i}]", hand=k, stage="bid",
                       seat=seat)
        if not slam and (isinstance(amount, bool)
                         or not (amount is None or isinstance(amount, int))):
            raise _bad(f"{_where(k)}: bid {i + 1} must be a number of chips or null, not "
                       f"{json.dumps(amount)}.", f"{path}.bids[{i}]", hand=k, stage="bid",
                       seat=seat)
        yield Place(k, f"{path}.bids[{i}]"), Action.bid(seat, amount)
    if game.phase == PHASE_BID:
        if later or suit is not None:
            raise _bad(f"{_where(k)}: the auction is not finished ({len(bids)} of {n} bids), "
                       f"but the hand goes on.", f"{path}.bids", hand=k, stage="bid",
                       seat=game.turn)
        return
    if game.phase != PHASE_SUIT:
        if suit is not None:
            raise _bad(f"{_where(k)}: nobody bid, so no penalty suit is named (hearts stay the "
                       f"penalty suit).", f"{path}.penalty_suit", hand=k, stage="suit")
        return
    if suit is None:
        if later:
            raise _bad(f"{_where(k)}: {seat_name(game.turn, n)} won the auction but the record "
                       f"names no \"penalty_suit\".", f"{path}.penalty_suit", hand=k,
                       stage="suit", seat=game.turn)
        return
    index = parse_suit(suit)  # a letter or a symbol (♥), as in cards
    if index < 0:
        raise RecordError("illegal_suit", "bad_suit",
                          f"{_where(k)}: \"penalty_suit\" must be C, D, H or S, not "
                          f"{json.dumps(suit, ensure_ascii=False)[:40]}.", stage="suit", hand=k,
                          seat=game.turn, path=f"{path}.penalty_suit")
    yield Place(k, f"{path}.penalty_suit"), Action.suit(game.turn, index)


def _parse_stock(game: Game, k: int, hand: dict[str, Any], deal: Sequence[int],
                 number: int | None, numbered: bool, path: str) -> tuple[int, ...] | None:
    """The stock's order (Domino Hearts), top first: the record's ``stock``, else the
    numbered deal's (cards after the hands) when the deal is numbered; ``None``
    otherwise (a random order, or no stock at all)."""
    value = hand.get("stock")
    rules = game.rules
    if not rules.stock_size:
        if value:
            raise _bad(f"{_where(k)}: this game has no stock, but a \"stock\" is listed.",
                       path, hand=k, stage="deal")
        return None
    if value is None:
        if numbered and number is not None:
            return tuple(shuffled_deck(rules, number, k)[game.n * rules.hand_size:])
        raise RecordError("bad_deal", "bad_deal", f"{_where(k)} has a deal but no \"stock\": "
                          f"the order of the stock cannot be known.", stage="deal", hand=k,
                          path=path)
    cards = _card_list(value, stage="deal", hand=k, seat=0, path=path, players=game.n)
    rest = rules.deck
    for m in deal:
        rest &= ~m
    out = []
    for c in cards:
        copy = rest & same_name(c)
        if copy:
            c = (copy & -copy).bit_length() - 1
            rest &= ~(1 << c)
        out.append(c)
    if rest or len(out) != rules.stock_size:
        raise RecordError("bad_deal", "bad_deal",
                          f"{_where(k)}: the stock must be the {rules.stock_size} cards the deal "
                          f"leaves over, each once.", stage="deal", hand=k, path=path)
    return tuple(out)


def _declaration_steps(game: Game, k: int, value: object, path: str,
                       later: bool) -> Iterator[Step]:
    """A hand's ``declarations`` (``[{"seat": 2, "name": "general"}]``): each seat in turn
    declares what is listed for it, or nothing (a seat not listed); the phase stops at the
    last one listed unless the hand goes on (plays follow).  An entry needs both its seat
    and its name: a seat listed without a name is refused, not read as no declaration."""
    n = game.n
    if value is None:
        value = []
    if not isinstance(value, list) or not all(
            isinstance(d, dict) and isinstance(d.get("seat"), int)
            and not isinstance(d.get("seat"), bool) and isinstance(d.get("name"), str)
            for d in value):
        raise _bad(f"{_where(k)}: \"declarations\" must be a list of objects such as "
                   f"{{\"seat\": 2, \"name\": \"general\"}}.", path, hand=k, stage="declare")
    if game.phase != PHASE_DECLARE:
        if value:
            raise _bad(f"{_where(k)}: this game has no declarations before the first lead, "
                       f"but \"declarations\" are listed.", path, hand=k, stage="declare")
        return
    wanted = {d["seat"]: d.get("name") for d in value}
    listed = [d["seat"] for d in value]
    for i, d in enumerate(value):
        seat = d["seat"]
        if not 0 <= seat < n or listed.count(seat) != 1:
            raise _bad(f"{_where(k)}: declaration {i + 1} names seat {seat}, which is no "
                       f"seat or is listed twice.", f"{path}[{i}]", hand=k, stage="declare")
    while game.phase == PHASE_DECLARE and (wanted or later):
        seat = game.turn
        yield Place(k, path), Action.declare(seat, wanted.pop(seat, None))
    if wanted:
        seat = next(iter(wanted))
        raise _bad(f"{_where(k)}: {seat_name(seat, n)} is listed as declaring, but the "
                   f"declarations were over before its turn.", path, hand=k, stage="declare",
                   seat=seat)


def _parse_deal(game: Game, k: int, value: object, path: str) -> list[int]:
    n = game.n
    rules = game.rules
    if not isinstance(value, list):
        raise _bad(f"{_where(k)}: \"deal\" must be a list of {n} hands, not "
                   f"{_json_kind(value)}.", path, hand=k, stage="deal")
    if len(value) != n:
        raise RecordError("bad_deal", "bad_deal",
                          f"{_where(k)}: the deal must have {n} hands, one per seat, not "
                          f"{len(value)}: the game has {n} players (the record's \"players\", "
                          f"or the variant's usual count when it gives none).", stage="deal",
                          hand=k, path=path)
    masks = []
    seen: dict[int, int] = {}
    taken = 0  # the cards of ``seen`` as a card set
    for s, cards_value in enumerate(value):
        cards = _card_list(cards_value, stage="deal", hand=k, seat=s, path=f"{path}[{s}]",
                           players=n)
        for i, c in enumerate(cards):
            if c in seen or not rules.deck >> c & 1:  # the next copy of the name in the deck
                spare = rules.deck & same_name(c) & ~taken
                if spare:
                    c = cards[i] = (spare & -spare).bit_length() - 1
            if c in seen:
                other = seen[c]
                copies = (rules.deck & same_name(c)).bit_count()
                holders = [seen[x] for x in sorted(seen) if same_name(c) >> x & 1] + [s]
                if copies > 1:  # two packs: a name may be dealt twice, not a third time
                    where = ", ".join(seat_name(x, n) + (" twice" if holders.count(x) > 1 else "")
                                      for x in dict.fromkeys(holders))
                    also = f"{len(holders)} times ({where}); the deck has {copies} copies"
                else:
                    also = "twice" if other == s else \
                        f"to {seat_name(other, n)} and to {seat_name(s, n)}"
                raise RecordError("bad_deal", "bad_deal",
                                  f"{_where(k)}: {card_str(c)} is dealt {also}.", stage="deal",
                                  hand=k, seat=s, card=card_str(c), path=f"{path}[{s}]")
            seen[c] = s
            taken |= 1 << c
        # A card outside the deck or a hand of the wrong size is the engine's to refuse
        # (Game.verify_deal, when the deal step is applied); a name listed twice is the
        # record's (a card set cannot hold it twice).
        m = 0
        for c in cards:
            m |= 1 << c
        masks.append(m)
    return masks


def _pass_steps(game: Game, k: int, value: object, path: str, has_play: bool) -> Iterator[Step]:
    """A hand's ``passes``: one step per seat that passes, its names as the copies the seat
    holds; how many cards and which is the engine's to check."""
    n = game.n
    if value is None:
        value = []
    if not isinstance(value, list):
        raise _bad(f"{_where(k)}: \"passes\" must be a list with one list of cards per seat, "
                   f"not {_json_kind(value)}.", path, hand=k, stage="pass")
    if value and len(value) != n:
        raise _bad(f"{_where(k)}: \"passes\" must list {n} seats, not {len(value)}.", path,
                   hand=k, stage="pass")
    lists = [_card_list(v, stage="pass", hand=k, seat=s, path=f"{path}[{s}]", players=n)
             for s, v in enumerate(value)]
    if game.phase != PHASE_PASS:  # a no-pass hand: the record lists passes it cannot have
        for s, cards in enumerate(lists):
            if cards:
                raise RecordError(
                    "illegal_pass", "bad_pass",
                    f"{_where(k)} is a hand without passing, but {seat_name(s, n)} passes "
                    f"cards.", stage="pass", hand=k, seat=s, card=card_str(cards[0]),
                    path=f"{path}[{s}]")
        return
    direction = game.rules.pass_name(game.hand_index)
    for s, cards in enumerate(lists):
        if cards:
            yield Place(k, f"{path}[{s}]"), Action.pass_(s, held_copies(game.hands[s], cards))
    if game.phase == PHASE_PASS and has_play:
        missing = next(s for s in range(n) if game.passes[s] is None)
        raise RecordError("illegal_pass", "bad_pass",
                          f"{_where(k)} is a passing hand ({direction}), but "
                          f"{seat_name(missing, n)} has no pass before the play begins.",
                          stage="pass", hand=k, seat=missing, path=path)


def _illegal_play(game: Game, k: int, i: int | None, seat: int, card: int, err: IllegalAction,
                  path: str) -> RecordError:
    n = game.n
    who = seat_name(seat, n)
    reason = err.reason
    template = _PLAY_SENTENCES.get(reason)
    led = game.led_suit()
    if template is None:  # a reason this version does not phrase itself
        text = err.message
    else:
        text = template.format(who=who, card=card_str(card), suit=SUIT_WORDS[led],
                               opening=card_str(tricks.opening_card(game.hand_rules,
                                                                    game.hands)))
    return RecordError("illegal_play", reason, f"{_where(k, i)}: {text}", stage="play", hand=k,
                       index=i, seat=seat, card=card_str(card), path=path)


def load_record(source: str | bytes | bytearray | Mapping[str, Any]) -> dict[str, Any]:
    """Read and fully check a record (JSON text, UTF-8 bytes or a mapping).

    Returns the record as a dict, unchanged; raises :class:`RecordError` when
    it cannot be read or breaks a rule (the check is a replay through the engine).
    """
    record = parse_record(source)
    replay_record(record)
    return record


def validate_record(source: str | bytes | bytearray | Mapping[str, Any]) -> None:
    """Raise :class:`RecordError` unless the record is readable and legal."""
    replay_record(source)


def dump_record(record: Mapping[str, Any], indent: int | None = None) -> str:
    """The record as JSON text: one line by default (for ``.jsonl``), or indented for people.

    With ``indent`` objects are spread over lines but each list of cards stays
    on one line (a deal gets one line per seat), so a whole game stays
    readable.  Non-ASCII text is written as is (UTF-8); keys keep their order.
    """
    if indent is None:
        return json.dumps(record, ensure_ascii=False)
    return _pretty(record, " " * indent, 0)


def _is_flat(value: Any) -> bool:
    return isinstance(value, list) and not any(isinstance(x, list | dict) for x in value)


def _pretty(value: Any, step: str, level: int) -> str:
    pad, inner = step * level, step * (level + 1)
    if isinstance(value, Mapping) and value:
        items = [f"{inner}{json.dumps(str(k), ensure_ascii=False)}: {_pretty(v, step, level + 1)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list) and value and not _is_flat(value):
        items = [inner + _pretty(v, step, level + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)


# ------------------------------------------------------------------ building
def record_from_game(game: Game, *, deals: bool = True) -> dict[str, Any]:
    """The ``hearts-record/1`` dict of a game so far, from its action log.

    Includes every hand started, the current one as far as it has gone.  The
    options are written in full (every option's resolved value), so that a
    later change of a variant's defaults cannot change the replay.  Deals of
    finished hands are rebuilt from their passes and plays.  With
    ``deals=False`` a game that has a number leaves the deals out (they are
    the numbered deals); without a number the deals are always written.
    Passes are written on passing hands, with an empty list for a seat that
    has not passed yet; moon choices are written as made.
    """
    rules = game.rules
    n = game.n
    out: dict[str, Any] = {"format": FORMAT, "variant": rules.variant,
                           "options": dict(rules.options), "players": n}
    if game.game_number is not None:
        out["game"] = game.game_number
    # A game placed at a later hand (the arena plays hand ``deal`` alone) starts there:
    # the option ``first_hand`` says so (interfaces.md section 2: options are the keys of
    # ``hearts variants --json``; no key outside the record format is written).
    if game.phase == PHASE_DEAL and not game.log:  # nothing dealt yet
        first = game.hand_index + 1
    else:
        first = min((a.hand for a in game.log), default=game.hand_index)
        first = max(0, min(first, game.hand_index))
    if first != rules.first_hand:
        out["options"]["first_hand"] = first
    write_deals = deals or game.game_number is None
    count = game.hand_index + 1
    # one entry per hand of the record (from ``first``), not per hand since hand 0: a game
    # placed at hand 2**31 - 1 must not cost memory in proportion to that number
    size = max(0, count - first)
    passes: list[list[tuple[int, ...] | None]] = [[None] * n for _ in range(size)]
    plays: list[list[Action]] = [[] for _ in range(size)]
    choices: list[str | None] = [None] * size
    bids: list[list[int | None]] = [[] for _ in range(size)]
    suits: list[int | None] = [None] * size
    declared: list[list[dict[str, Any]]] = [[] for _ in range(size)]
    gave: list[list[GiveUpAction]] = [[] for _ in range(size)]
    for record in game.log:  # each log record is the Action it answers (game.action_of)
        k = record.hand - first
        if isinstance(record, DrawAction):  # not an action: implied by the plays
            continue
        if isinstance(record, GiveUpAction):
            gave[k].append(record)
            continue
        action = action_of(record)
        kind = action.kind
        if kind == "play":
            plays[k].append(action)
        elif kind == "pass":
            passes[k][action.seat] = action.payload
        elif kind == "moon":
            choices[k] = action.payload
        elif kind == "bid":
            bids[k].append(action.payload)
        elif kind == "suit":
            suits[k] = action.payload
        elif kind == "declare" and action.payload is not None:
            declared[k].append({"seat": action.seat, "name": action.payload})
    hands = []
    for hand in range(first, count):
        k = hand - first
        entry: dict[str, Any] = {}
        offset = rules.pass_offset(hand)
        if write_deals:
            if hand == game.hand_index:
                dealt = list(game.dealt)
            else:
                dealt = _rebuilt_deal(n, offset, passes[k], plays[k], game.stock_deals[hand][0]
                                      if rules.stock_size else None)
                if gave[k]:
                    dealt = _with_set_aside(rules, dealt, gave[k])
            entry["deal"] = [_names(m) for m in dealt]
            if rules.stock_size:
                stock = game.stock_deals[hand][1]
                entry["stock"] = [card_str(c) for c in stock]
        if rules.widow_size and write_deals:
            widow = rules.deck
            for m in dealt:
                widow &= ~m
            entry["widow"] = _names(widow)
        if "bid" in rules.phases:
            entry["bids"] = bids[k]
            named = suits[k]
            if named is not None:
                entry["penalty_suit"] = SUIT_LETTERS[named]
        if offset:
            entry["passes"] = [[card_str(c) for c in p] if p is not None else []
                               for p in passes[k]]
        if rules.declarations:
            entry["declarations"] = declared[k]
        entry["play"] = [card_str(a.payload) for a in plays[k]]
        if gave[k]:
            entry["gave_up"] = [g.seat for g in gave[k]]
        if choices[k] is not None:
            entry["moon_choice"] = choices[k]
        hands.append(entry)
    out["hands"] = hands
    return out


def _names(cards: int) -> list[str]:
    """A card set's names in card order, a second pack's copy beside its twin (two
    packs' deals read the same whichever copy a seat holds)."""
    return [card_str(c) for c in sorted(cards_of(cards), key=lambda c: (c & 127, c))]


def _rebuilt_deal(n: int, offset: int, passes: Sequence[tuple[int, ...] | None],
                  plays: Sequence[Action], dealt: tuple[int, ...] | None = None) -> list[int]:
    """The deal of a finished hand: what each seat played, less what it received, plus
    what it passed (a game with a stock keeps its deal: cards drawn were not dealt)."""
    if dealt:
        return list(dealt)
    played = [0] * n
    for a in plays:
        played[a.seat] |= 1 << a.payload
    given = [0] * n
    for s, p in enumerate(passes):
        for c in p or ():
            given[s] |= 1 << c
    out = []
    for s in range(n):
        received = given[(s - offset) % n] if offset else 0
        out.append((played[s] & ~received) | given[s])
    return out


def _with_set_aside(rules: Rules, dealt: list[int], gave: Sequence[GiveUpAction]) -> list[int]:
    """A rebuilt deal of a hand some seats gave up: their set-aside cards back in their
    hands, and the cards the last seat in the hand took unplayed back in its hand."""
    out = list(dealt)
    for g in gave:
        out[g.seat] |= g.cards
    rest = rules.deck
    for m in out:
        rest &= ~m
    short = [s for s, m in enumerate(out) if m.bit_count() < rules.hand_size]
    if rest and len(short) == 1:
        out[short[0]] |= rest
    return out


def normalize_record(source: str | bytes | bytearray | Mapping[str, Any]) -> dict[str, Any]:
    """The canonical form of a record: replayed, then rebuilt by :func:`record_from_game`.

    Cards come out as ``QS``/``TH``, options in full, deals explicit and a moon
    choice the record left to :meth:`~hearts.game.Game.auto_moon_choice` written
    out.  Raises :class:`RecordError` as :func:`replay_record`.
    """
    return record_from_game(replay_record(source))


# ------------------------------------------------------------------ scoring
def summary_of(game: Game) -> dict[str, Any]:
    """The ``hearts score`` object of a replayed game (``interfaces.md`` section 3).

    ``{"ok": true, "complete": bool, "game_over": bool, "winners": [seats],
    "hands": [{"points": [...], "tricks": [...], "moon": seat | null}],
    "totals": [...]}``: ``complete`` is false when the record stops part-way
    through a hand (only finished hands are listed); ``winners`` is empty until
    the game is over; points are penalty points (higher is worse).
    """
    chips = uses_chips(game.rules)
    rules = game.rules
    hands = []
    for r in game.results:
        entry: dict[str, Any] = {"points": list(r.points), "tricks": list(r.tricks),
                                 "moon": r.moon}
        if chips:
            entry["chips"] = list(r.chips)
            entry["pot"] = r.pot  # the pot after this hand
        if rules.teams:
            entry["team_points"] = list(team_totals(rules, r.points))
        if rules.stock_size:
            entry["out_order"] = list(r.out_order)
        if rules.declarations:
            entry["declarations"] = [{"seat": s, "name": d} for s, d in r.declarations]
        if r.gave_up:  # Hearts 1887: who gave up the hand (interfaces.md section 2b)
            entry["gave_up"] = list(r.gave_up)
        if rules.slam_bid:  # a slam bid's side for the hand (the partnership of one hand)
            entry["teams"] = [list(r.side)] if r.side else []
        hands.append(entry)
    out: dict[str, Any] = {
        "ok": True,
        "complete": game.phase in (PHASE_DEAL, PHASE_OVER),
        "game_over": game.phase == PHASE_OVER,
        "winners": list(game.winners) if game.phase == PHASE_OVER else [],
        "hands": hands,
        "totals": list(game.totals),
    }
    if chips:  # interfaces.md section 2b: what a chip game settles
        out["chip_totals"] = list(game.chips)
        out["pot"] = game.pot
    if rules.teams:  # interfaces.md section 2b: partnerships
        out["teams"] = [list(t) for t in rules.teams]
        out["team_totals"] = list(team_totals(rules, game.totals))
    if game.rules.settle_average and game.results:
        out["average_settlement"] = list(against_average(game.totals))
    return out


def score_record(source: str | bytes | bytearray | Mapping[str, Any]) -> dict[str, Any]:
    """Replay a record and return its score object, or ``{"ok": false, "error": {...}}``.

    Never raises for a bad record: the error object of :class:`RecordError`
    is returned instead (``interfaces.md`` section 3).
    """
    try:
        return summary_of(replay_record(source))
    except RecordError as exc:
        return {"ok": False, "error": exc.error}


__all__ = [
    "FORMAT", "ERROR_KEYS", "RecordError", "parse_record", "rules_of", "replay_record",
    "Place", "Step", "start_game", "record_steps", "log_steps", "apply_steps", "record_actions",
    "refusal",
    "load_record", "validate_record", "dump_record", "record_from_game", "normalize_record",
    "summary_of", "score_record", "seat_name",
]
