"""The review of a finished hand, face up: its story and "play on from here" what-ifs.

Used by the web game's review routes (:mod:`hearts.web.review`, which keeps only
the routes and the job table) and importable without FastAPI.  Both replay the
record through the one record path (:func:`hearts.record.record_steps` and
:func:`hearts.record.apply_steps`), so a card is always the copy its seat holds
(two packs, jokers) and every refusal is the engine's.

- :func:`hand_story`: hand ``k`` of a record face up (deal, passes, each trick
  with the hands before it, points so far, the hand's points and totals).
- :func:`what_if`: hand ``k`` replayed to one of a seat's cards, another card
  played instead, and ``medium`` finishing the hand in every seat through
  :func:`hearts.drive.drive`.
- :func:`review_record` (from :mod:`hearts.analysis`): the analysis of one seat's
  decisions.

Errors a person can cause raise :class:`ReviewError` (an HTTP-like ``status``, a
``code`` and a sentence); a bad record raises :class:`hearts.record.RecordError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .actions import Action
from .analysis import review_record
from .cards import CardError, card_str, cards_of, held_copy, parse_card
from .drive import drive
from .errors import HeartsError
from .events import Event, RestTaken, TrickTaken, WidowTaken
from .game import PHASE_PLAY, IllegalAction
from .players.base import get_bot
from .record import Step, apply_steps, parse_record, record_steps, start_game


class ReviewError(HeartsError, ValueError):
    """A review question that cannot be answered: ``status`` (404, 409, 422, as HTTP),
    ``code`` (``unknown_hand``, ``unknown_card_index``, ``not_your_card``,
    ``unknown_card`` or the engine's reason for an illegal card) and ``message``;
    ``reason`` is ``code`` (the name every :class:`~hearts.errors.HeartsError` has)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.reason = code
        self.message = message


def _cards(mask: int) -> list[str]:
    return [card_str(c) for c in cards_of(mask)]


def take_points(taken: list[int], events: Iterable[Event]) -> bool:
    """Add to ``taken`` (each seat's penalty points so far this hand) what ``events``
    (the engine's, :mod:`hearts.events`) gave: a trick's points to its taker, a widow's
    and the rest's to the seat taking them, all by the hand's own rules (an Auction's
    named suit counts, not hearts).  Returns whether a trick ended.  The one place the
    review counts a trick's points: it reads them from the engine."""
    ended = False
    for ev in events:
        if isinstance(ev, TrickTaken):
            ended = True
            if ev.taker >= 0:
                taken[ev.taker] += ev.points
        elif isinstance(ev, WidowTaken | RestTaken) and ev.points > 0:
            taken[ev.seat] += ev.points
    return ended


def _prefix(record: Mapping[str, Any], k: int, play: list[Any]) -> dict[str, Any]:
    """``record`` stopped in hand ``k`` after the cards ``play``."""
    hands = record["hands"]
    start = {key: v for key, v in hands[k].items() if key not in ("play", "moon_choice")}
    return dict(record, hands=[*hands[:k], dict(start, play=play)])


def hand_story(source: str | bytes | Mapping[str, Any], k: int) -> dict[str, Any]:
    """Hand ``k`` of a record face up, for the replay viewer.

    ``{"hand": k, "players": n, "pass_direction", "dealt": [[cards] per seat],
    "passes": [[cards] per seat] (empty lists on a no-pass hand), "tricks":
    [{"leader", "cards": [{"seat", "card", "index"}], "winner", "hands": [[cards held
    before the trick] per seat], "points": [points taken so far after it]}],
    "points": [hand points], "totals": [after the hand]}``.  ``index`` is the
    card's position in the hand's ``play`` list; points are penalty points by the
    hand's rules, as the engine's trick events give them (:func:`take_points`).  In
    Domino Hearts a trick has fewer cards once seats drop out, and ``hands`` are the
    cards held before the trick's draws.
    Raises :class:`ReviewError` (404 ``unknown_hand``) for a hand the record does not
    have, :class:`hearts.record.RecordError` for a bad record.
    """
    record = parse_record(source)
    hands = record.get("hands")
    if not isinstance(hands, list) or not 0 <= k < len(hands):
        raise ReviewError(404, "unknown_hand", "This hand is not finished or does not exist.")
    record = dict(record, hands=hands[:k + 1])
    game = start_game(record)
    n = game.n
    tricks: list[dict[str, Any]] = []
    dealt: list[int] = []
    taken = [0] * n
    cur: dict[str, Any] = {}
    index = 0

    def apply(action: Action) -> None:  # every step of the record, in order
        nonlocal cur, index
        if action.kind != "play" or len(game.results) != k:  # not a card of hand k
            game.apply(action, False)
            if action.kind == "deal":
                dealt[:] = game.dealt
            return
        if not cur:
            cur = {"leader": game.turn, "cards": [], "hands": [_cards(m) for m in game.hands]}
        events = game.apply(action)
        cur["cards"].append({"seat": action.seat, "card": card_str(action.payload),
                             "index": index})
        index += 1
        if take_points(taken, events):  # a trick ended (fewer cards once seats drop out)
            cur["winner"] = next(e.winner for e in events if isinstance(e, TrickTaken))
            cur["points"] = list(taken)
            tricks.append(cur)
            cur = {}

    apply_steps(game, record_steps(game, record), apply=apply)
    h = hands[k]
    passes = [list(p) if p else [] for p in (h.get("passes") or [[] for _ in range(n)])]
    result = game.results[k] if len(game.results) > k else None
    return {"hand": k, "players": n, "pass_direction": game.rules.pass_name(k),
            "dealt": [_cards(m) for m in dealt], "passes": passes, "tricks": tricks,
            "points": list(result.points) if result else None,
            "totals": list(result.totals) if result else None}


def what_if(source: str | bytes | Mapping[str, Any], k: int, index: int, card_text: str,
            seat: int = 0, seed: int = 0) -> dict[str, Any]:
    """Replay hand ``k`` to its ``index``-th card, play ``card_text`` for ``seat``
    instead, and let ``medium`` finish the hand in every seat (:func:`hearts.drive.drive`).

    Returns ``{"hand", "index", "card", "plays": [{"seat", "card"}] (from ``index``
    on), "points": [hand points], "actual": [the hand's real points]}``.  Raises
    :class:`ReviewError`: 404 ``unknown_hand`` / ``unknown_card_index``, 409
    ``not_your_card`` (that card of the record was not ``seat``'s), 422
    ``unknown_card``, or 409 with the engine's reason for an illegal card.
    """
    record = parse_record(source)
    hands = record.get("hands")
    if not isinstance(hands, list) or not 0 <= k < len(hands):
        raise ReviewError(404, "unknown_hand", "This hand is not finished or does not exist.")
    play = list(hands[k].get("play") or [])
    if index >= len(play):
        raise ReviewError(404, "unknown_card_index", f"Hand {k + 1} has no card {index + 1}.")
    upto = _prefix(record, k, play[:index + 1])
    g = start_game(upto)

    def before_the_card(steps: Iterator[Step]) -> Iterator[Step]:
        for place, action in steps:  # every step before card ``index`` of hand ``k``
            if place.hand == k and place.play_index == index:
                return
            yield place, action

    apply_steps(g, before_the_card(record_steps(g, upto)))
    if g.phase != PHASE_PLAY or g.turn != seat:
        raise ReviewError(409, "not_your_card", "That card was not yours to play; pick one of "
                          "your own decisions.")
    try:
        card = held_copy(g.hands[seat], parse_card(card_text))
    except CardError as exc:
        raise ReviewError(422, "unknown_card", str(exc)) from None
    first = Action.play(seat, card)
    try:
        g.verify(first)
    except IllegalAction as exc:
        raise ReviewError(409, exc.reason, exc.message) from None
    actual = hand_story(record, k)["points"]
    plays: list[dict[str, Any]] = []

    def apply(action: Action) -> None:
        if action.kind == "play":
            plays.append({"seat": action.seat, "card": card_str(action.payload)})
        g.apply(action, False)

    apply(first)
    drive(g, [get_bot("medium", seed + s) for s in range(g.n)], apply=apply)
    return {"hand": k, "index": index, "card": card_str(card), "plays": plays,
            "points": list(g.results[-1].points), "actual": actual}


__all__ = ["ReviewError", "hand_story", "review_record", "take_points", "what_if"]
