"""What one seat may see of a game, as the web sends it: one projection for both hosts.

The solo game (:func:`hearts.web.service.state_json`) and the shared tables
(:class:`hearts.web.tables.TableState`) send each seat the same parts, made here:

- :func:`decision_json`: the question ``Game.pending()`` asks the seat now;
- :func:`illegal_map`: on the seat's turn to play, each card of its hand it may not play,
  with the engine's reason code and sentence (``Game.explain``);
- :func:`score_detail`: the counting cards each seat took and the engine's breakdown;
- :func:`seat_names`: each seat's name (:mod:`hearts.web.seat_names`);
- :func:`finished_record`: the ``hearts-record/1`` of the finished hands (the one record
  writer of both hosts: the hand in progress is withheld in every phase where a seat's
  cards are still hidden).

:func:`seat_state` puts them together with the seat's view (``PlayerView.to_json()``)
for the solo State.  The tables keep their slimmer view of their own (``own_json`` +
``public_json``, built for speed on every update; ``docs/tables.md``) but take the other
parts from here.  Nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import scoring
from ..cards import card_str, cards_of
from ..game import PHASE_DEAL, PHASE_MOON, PHASE_OVER, Game
from ..record import record_from_game
from ..view import player_view
from .seat_names import seats_json


def decision_json(game: Game, seat: int) -> dict[str, Any] | None:
    """The decision ``Game.pending()`` asks of ``seat`` now (``Decision.to_json()``: ``{"seat",
    "kind", "cards"?, "pick"?, "options"?}``), or ``None``."""
    for d in game.pending():
        if d.seat == seat:
            return d.to_json()
    return None


def illegal_map(game: Game, seat: int | None) -> dict[str, dict[str, str]]:
    """For ``seat`` on its turn to play: each card of its hand it may not play,
    ``{"QS": {"code": reason, "message": sentence}}`` (the engine's ``Game.explain``); empty
    at any other time and for ``None`` (a spectator)."""
    if seat is None or not any(d.seat == seat and d.kind == "play" for d in game.pending()):
        return {}
    out: dict[str, dict[str, str]] = {}
    for c in cards_of(game.hands[seat] & ~game.legal_plays(seat)):
        err = game.explain(seat, c)
        if err is not None:
            out[card_str(c)] = {"code": err.reason, "message": err.message}
    return out


def score_detail(game: Game, viewer: int | None = 0) -> dict[str, Any] | None:
    """What each seat has taken in the hand on the table, as the page's score breakdown.

    ``{"hand": k, "scored": bool, "taken": [[card, ...] per seat], "items": [[item, ...]
    per seat]}``: ``taken`` lists the counting cards (:func:`hearts.scoring.counting_cards`)
    in the tricks each seat won so far (public: every trick is shown to every player);
    ``items`` are the engine's breakdown (:class:`hearts.scoring.ScoreItem` JSON): while
    the hand goes on the card items of what each seat took
    (:func:`hearts.scoring.card_items`), once it is scored (``scored``) the hand's full
    breakdown (:meth:`hearts.game.Game.breakdown`, the ``hand_end`` event's), whose items
    add up to the seat's points.  ``None`` before the first deal.  A widow (Heartsette)
    counts in its taker's cards only in the taker's own eyes (``viewer``; ``None`` a
    spectator) until the hand is scored: nobody else has seen it.
    """
    if game.hand_index < 0:
        return None
    rules = game.hand_rules  # this hand's: an auction's named suit is its penalty suit
    breakdown = game.breakdown()
    scored = breakdown is not None
    taker = game.widow_taker
    hidden = game.widow if not scored and taker >= 0 and taker != viewer else 0
    counting = scoring.counting_cards(rules)
    won = [w & ~hidden if s == taker else w for s, w in enumerate(game.won)]
    taken = [[card_str(c) for c in cards_of(w & counting)] for w in won]
    if breakdown is None:
        breakdown = tuple(tuple(scoring.card_items(rules, w)) for w in won)
    return {"hand": game.hand_index, "scored": scored, "taken": taken,
            "items": [[x.to_json() for x in items] for items in breakdown]}


def seat_names(people: Sequence[str | None]) -> list[dict[str, Any]]:
    """``[{"seat", "name", "bot"}]``: each seat's one name for every viewer
    (:func:`hearts.web.seat_names.seats_json`; ``people[s]`` ``None`` for a computer)."""
    return seats_json(people)


def seat_state(game: Game, seat: int, people: Sequence[str | None]) -> dict[str, Any]:
    """Everything ``seat`` is sent about ``game`` now: ``{"seats", "view" (its
    ``PlayerView.to_json()`` plus ``decision``), "illegal", "score_detail"}``."""
    return {
        "seats": seat_names(people),
        "view": {**player_view(game, seat).to_json(), "decision": decision_json(game, seat)},
        "illegal": illegal_map(game, seat),
        "score_detail": score_detail(game, seat),
    }


def finished_record(game: Game) -> tuple[dict[str, Any], bool]:
    """The ``hearts-record/1`` of ``game`` so far (:func:`hearts.record.record_from_game`)
    and whether the hand on the table was withheld.

    A hand is withheld while any card of it is still hidden: in its auction, suit, declare,
    pass and play phases (its deal would show every seat's cards).  Finished hands, and a
    hand waiting for its moon choice (every card is played), are included.
    """
    rec = record_from_game(game)
    withheld = game.hand_index >= 0 and game.phase not in (PHASE_DEAL, PHASE_MOON, PHASE_OVER)
    hands = list(rec.get("hands", []))
    if withheld:
        hands = hands[: game.hand_index]
    rec["hands"] = hands
    return rec, withheld


__all__ = ["decision_json", "finished_record", "illegal_map", "score_detail", "seat_names", "seat_state"]
