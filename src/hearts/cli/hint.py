"""``hearts hint FILE [--bot NAME] [--seat S]``: what a bot would do next in a recorded game.

FILE is a ``hearts-record/1`` record (``-``: standard input).  The record is
replayed through the engine (:func:`hearts.record.replay_record`); then, for
the seat to act where the record ends, the bot (default ``hard``) is asked
from that seat's :class:`hearts.view.PlayerView` only, and one JSON object is
printed (``interfaces.md`` section 3)::

    {"ok": true, "seat": 1, "stage": "play", "card": "QS", "bot": "hard"}
    {"ok": true, "seat": 0, "stage": "pass", "cards": ["AS", "KS", "QS"], "bot": "hard"}
    {"ok": true, "seat": 2, "stage": "moon", "choice": "add", "bot": "hard"}
    {"ok": true, "seat": 1, "stage": "play", "give_up": true, "bot": "hard"}

(the last: Hearts 1887, where the seat may give up the hand and the bot would).

- Pass stage (every seat acts at once): the seat is ``--seat`` (default 0);
  a seat that has already passed is an error.
- Play stage: the seat whose turn it is; a different ``--seat`` is an error.
- A record ending between hands continues with the next numbered deal when
  the record has a game number; otherwise there is nothing to hint.

Errors print ``{"ok": false, "error": {...}}`` with the keys of
:data:`hearts.record.ERROR_KEYS` (the same object as ``hearts score``) and
exit with status 1.  Codes: those of the record, plus ``unknown_bot``,
``bad_bot`` (reason ``unsupported_rules``: the bot cannot play these rules, e.g.
``openspiel-ismcts`` outside standard four-player Hearts),
``bad_seat`` (no such seat, already passed, not its turn) and ``no_move``
(game over, or a finished hand with no game number to deal the next).
"""

from __future__ import annotations

import sys
from typing import Any

import click

from ..actions import Action
from ..cards import SUIT_LETTERS, card_str
from ..drive import decide
from ..game import PHASE_DEAL, PHASE_OVER, Game
from ..players.base import get_bot
from ..record import RecordError, parse_record, replay_record
from ..view import player_view
from .errors import answer, json_line, read_record_bytes


def _err(code: str, message: str, reason: str | None = None, **facts: Any) -> RecordError:
    return RecordError(code, reason or code, message, stage=facts.pop("stage", "hint"), **facts)


def hint_for_game(game: Game, bot_name: str = "hard", seat: int | None = None,
                  seed: int = 0) -> dict[str, Any]:
    """The hint object for the position ``game`` is in (see the module text).

    ``game`` may be advanced: a game between hands with a game number is dealt
    its next hand.  Raises :class:`hearts.record.RecordError` (codes
    ``unknown_bot``, ``bad_bot``, ``bad_seat``, ``no_move``).
    """
    try:
        bot = get_bot(bot_name, seed)
    except KeyError as exc:
        raise _err("unknown_bot", str(exc.args[0]) if exc.args else f"unknown bot {bot_name}") \
            from None
    check = getattr(bot, "check_rules", None)
    if check is not None:
        try:
            check(game.rules)
        except ValueError as exc:
            raise _err("bad_bot", f"The bot {bot_name!r} cannot play this record's rules: {exc}",
                       reason="unsupported_rules") from None
    n = game.n
    if seat is not None and not 0 <= seat < n:
        raise _err("bad_seat", f"There is no seat {seat} at a table of {n} (seats 0 to {n - 1}).",
                   seat=seat)
    if game.phase == PHASE_OVER:
        raise _err("no_move", "The game is over: there is no move to suggest.")
    if game.phase == PHASE_DEAL:
        if game.game_number is None:
            where = "holds no hand yet" if game.hand_index < 0 else "ends after a finished hand"
            raise _err("no_move", f"The record {where} and has no game number, so the next "
                       f"deal is unknown.")
        game.start_hand()
    out: dict[str, Any] = {"ok": True}
    pending = game.pending()
    if pending[0].kind == "pass":  # every seat passes at once: the one asked for
        s = 0 if seat is None else seat
        found = [d for d in pending if d.seat == s]
        if not found:
            raise _err("bad_seat", f"Seat {s} has already passed this hand; choose another seat "
                       "with --seat.", seat=s, stage="pass")
        decision = found[0]
    else:
        decision = pending[0]
        s = decision.seat
        if seat is not None and seat != s:
            raise _err("bad_seat", _NOT_YOUR_TURN[decision.kind].format(s=s, seat=seat),
                       reason="not_your_turn", seat=seat, stage=decision.kind)
    action = decide(bot, player_view(game, s), decision)
    out.update(seat=s, stage=decision.kind, **_payload_json(action))
    out["bot"] = bot_name
    return out


_NOT_YOUR_TURN = {
    "play": "It is seat {s}'s turn to play, not seat {seat}'s.",
    "moon": "Seat {s} shot the moon and chooses its scoring, not seat {seat}.",
    "bid": "It is seat {s}'s turn to bid, not seat {seat}'s.",
    "suit": "Seat {s} won the auction and names the penalty suit, not seat {seat}.",
    "declare": "It is seat {s}'s turn to declare, not seat {seat}'s.",
}


def _payload_json(action: Action) -> dict[str, Any]:
    """The hint's answer fields: ``cards``, ``card``, ``choice``, ``bid``, ``suit`` or
    ``declaration`` (a name such as ``"general"``, or ``null``: declare nothing);
    ``give_up: true`` for a give-up (Hearts 1887)."""
    kind, payload = action.kind, action.payload
    if kind == "give_up":
        return {"give_up": True}
    if kind == "pass":
        return {"cards": [card_str(c) for c in payload]}
    if kind == "play":
        return {"card": card_str(payload)}
    if kind == "moon":
        return {"choice": payload}
    if kind == "suit":
        return {"suit": SUIT_LETTERS[payload]}
    if kind == "declare":
        return {"declaration": payload}
    return {"bid": payload}


def hint_text(text: str | bytes, bot_name: str = "hard", seat: int | None = None,
              seed: int = 0) -> dict[str, Any]:
    """The hint object for a record given as JSON text, or ``{"ok": false, "error": {...}}``.

    Never raises for bad input.
    """
    return answer(lambda: hint_for_game(replay_record(parse_record(text)), bot_name, seat, seed))


@click.command("hint")
@click.argument("file", metavar="FILE")
@click.option("--bot", "bot_name", default="hard", show_default=True,
              help="Bot to ask: random, easy, medium, hard, expert (slow: the strongest), or a "
                   "style of docs/bots.md (spade-keeper, high-passer, high-dumper, moon-shooter).")
@click.option("--seat", type=int, default=None,
              help="Seat to advise in the pass stage (default 0); in play, the seat to act.")
@click.option("--seed", type=int, default=0, show_default=True, help="The bot's random seed.")
def command(file: str, bot_name: str, seat: int | None, seed: int) -> None:
    """Suggest the next move of a recorded game (hearts-record/1) for the seat to act.

    Prints one JSON object; exit status 1 on a bad record or request.
    """
    from .score import MAX_RECORD_BYTES

    def fail(message: str) -> None:
        err = RecordError("bad_record", "bad_record", message).error
        err["file"] = file
        click.echo(json_line({"ok": False, "error": err}))
        sys.exit(1)

    data, why = read_record_bytes(file, MAX_RECORD_BYTES)
    if why is not None:
        fail(why)
    out = hint_text(data, bot_name, seat, seed)
    if not out["ok"]:
        out["error"].setdefault("file", file)  # as score's errors say which file
    click.echo(json_line(out))
    if not out["ok"]:
        sys.exit(1)
