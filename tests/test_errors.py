"""One base class for every refusal the package makes (``hearts.errors.HeartsError``).

A program using the package as a library catches ``HeartsError`` to handle a bad card,
option, deal, action, event, record, review question or arena set-up, each raised by a
real call here; the error keeps its older base (``ValueError`` where it had one) and has a
``reason`` code and a sentence.  The compiled engine must give the same answers as the
pure-Python one (exception classes defined in compiled modules subclass a plain-Python
base): the same calls run in a child process with ``HEARTS_PURE_PYTHON=1``.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable
from pathlib import Path

from test_native import _run_pure

from hearts.errors import HeartsError

DATA = Path(__file__).resolve().parent / "data"


def _calls() -> list[tuple[str, Callable[[], object]]]:
    """``(label, call)`` pairs, each call refused by one of the package's errors."""
    from hearts.actions import Action
    from hearts.arena import ArenaConfig, check_config
    from hearts.cards import parse_card
    from hearts.deal import numbered_deal
    from hearts.events import event_from_json
    from hearts.game import Game
    from hearts.players import get_bot
    from hearts.record import parse_record
    from hearts.review import what_if
    from hearts.rules import make_rules
    from hearts.view import player_view

    rules = make_rules("standard")
    game = Game(rules, 20261130)
    record = (DATA / "standard-game.json").read_text()
    calls: list[tuple[str, Callable[[], object]]] = [
        ("card", lambda: parse_card("1Z")),
        ("variant", lambda: make_rules("nope")),
        ("option", lambda: make_rules("standard", options={"moon": "sideways"})),
        ("deal", lambda: numbered_deal(rules, 0, 0)),
        ("action", lambda: Action.from_json(["play", 0])),
        ("event", lambda: event_from_json({"type": "no-such-event"})),
        ("illegal", lambda: game.apply(Action.play(0, parse_card("QS")))),
        ("record", lambda: parse_record("{not json")),
        ("review", lambda: what_if(record, 99, 0, "QS")),
        ("arena", lambda: check_config(ArenaConfig(bots=("nobody",) * 4))),
        ("bot", lambda: get_bot("nobody")),
        ("view", lambda: player_view(game, 9)),
        ("options", lambda: make_rules("standard", 4, ["moon"])),  # type: ignore[arg-type]
    ]
    return calls


def _same_after_pickling(exc: BaseException) -> bool:
    """Whether ``exc`` comes back from a pickle round trip (how a worker process sends
    it to its parent) with its class, sentence and every attribute."""
    try:
        back = pickle.loads(pickle.dumps(exc))
    except Exception:  # noqa: BLE001 - a class that cannot be rebuilt is the failure looked for
        return False
    return (type(back) is type(exc) and str(back) == str(exc) and back.args == exc.args
            and vars(back) == vars(exc))


def _outcomes() -> list[list[object]]:
    """``[label, class name, is a HeartsError, is a ValueError, reason, has a sentence,
    survives pickling]``."""
    out: list[list[object]] = []
    for label, call in _calls():
        try:
            call()
        except Exception as exc:  # noqa: BLE001 - what was raised is what is compared
            reason = getattr(exc, "reason", None)
            out.append([label, type(exc).__name__, isinstance(exc, HeartsError),
                        isinstance(exc, ValueError), reason if isinstance(reason, str) else None,
                        len(str(exc)) > 10, _same_after_pickling(exc)])
        else:
            out.append([label, "nothing raised", False, False, None, False, False])
    return out


EXPECTED = [
    ["card", "CardError", True, True, "unknown_card", True, True],
    ["variant", "RulesError", True, True, "unknown_variant", True, True],
    ["option", "RulesError", True, True, "bad_option", True, True],
    ["deal", "DealError", True, True, "bad_record", True, True],
    ["action", "ActionError", True, True, "bad_record", True, True],
    ["event", "EventError", True, True, "bad_record", True, True],
    ["illegal", "IllegalAction", True, False, "wrong_phase", True, True],
    ["record", "RecordError", True, True, "bad_record", True, True],
    ["review", "ReviewError", True, True, "unknown_hand", True, True],
    ["arena", "ArenaError", True, False, "unknown_bot", True, True],
    ["bot", "UnknownBot", True, False, "unknown_bot", True, True],
    ["view", "ViewError", True, True, "bad_seat", True, True],
    ["options", "RulesError", True, True, "bad_option", True, True],
]


def test_every_refusal_is_a_hearts_error_with_a_reason():
    assert _outcomes() == EXPECTED


def test_the_pure_python_engine_answers_the_same():
    pure = json.loads(_run_pure("import json, test_errors as t; print(json.dumps(t._outcomes()))"))
    assert pure == EXPECTED



def test_an_unknown_bot_is_a_key_error_that_prints_as_a_sentence():
    """``get_bot`` raised a bare ``KeyError``, whose ``str`` wraps the sentence in quotes."""
    from hearts.players import UnknownBot, get_bot

    try:
        get_bot("nobody")
    except KeyError as exc:  # what callers caught before still catches it
        assert isinstance(exc, UnknownBot)
        assert str(exc).startswith("unknown bot 'nobody' (known: ") and "medium" in str(exc)
    else:  # pragma: no cover - the call above raises
        raise AssertionError("get_bot('nobody') returned")


def test_a_bot_registered_before_any_lookup_replaces_the_built_in_one():
    """``register_bot("medium", f)`` on a fresh import was silently replaced by the built-in
    medium when the first ``get_bot`` loaded the built-in levels (a library user's trial)."""
    out = _run_pure(
        "from hearts.players import BaseBot, bot_names, get_bot, register_bot\n"
        "class Mine(BaseBot):\n"
        "    pass\n"
        "register_bot('medium', lambda seed: Mine())\n"
        "print(type(get_bot('medium')).__name__, 'hard' in bot_names())")
    assert out.split() == ["Mine", "True"]


def test_a_game_of_a_variant_name_is_a_type_error_in_both_builds():
    """``Game("standard")`` (not ``Game(make_rules("standard"))``) failed with an
    ``AttributeError`` deep inside in the pure build: a ``TypeError`` naming the fix, as the
    compiled build's own argument check gives."""
    from hearts.game import Game

    code = ("from hearts.game import Game\n"
            "try:\n    Game('standard')\nexcept TypeError as e:\n    print('TypeError')")
    try:
        Game("standard")  # type: ignore[arg-type]
    except TypeError:
        pass
    else:  # pragma: no cover - the call above raises
        raise AssertionError("Game('standard') was accepted")
    assert _run_pure(code) == "TypeError"


def _long_value_messages() -> list[list[object]]:
    """``[label, message length, quotes the excerpt]`` for refusals given a
    100,000-letter value where a short one was expected."""
    from hearts.actions import Action
    from hearts.cards import parse_card
    from hearts.deal import check_game_number, numbered_deal
    from hearts.events import event_from_json
    from hearts.game import Game
    from hearts.players import get_bot
    from hearts.record import rules_of
    from hearts.rules import make_rules
    from hearts.view import player_view

    long = "Q" * 100_000
    game = Game(make_rules("standard"), 20261130)
    game.start_hand()
    passer = game.pending()[0].seat
    calls: list[tuple[str, Callable[[], object]]] = [
        ("card", lambda: parse_card(long)),
        ("variant", lambda: make_rules(long)),
        ("option", lambda: make_rules("standard", options={long: 1})),
        ("option value", lambda: make_rules("standard", options={"moon": long})),
        ("flag value", lambda: make_rules("standard", options={"jack_of_diamonds": long})),
        ("number value", lambda: make_rules("standard", options={"target_score": long})),
        ("players", lambda: make_rules("standard", long)),  # type: ignore[arg-type]
        ("bot", lambda: get_bot(long)),
        ("event type", lambda: event_from_json({"type": long})),
        ("event field", lambda: event_from_json({"type": "play", "hand": long})),
        ("action card", lambda: Action.play(0, long).to_json()),
        ("seat", lambda: game.apply(Action(kind="pass", seat=long, payload=()))),  # type: ignore[arg-type]
        ("pass", lambda: game.apply(Action.pass_(passer, long))),
        ("action kind", lambda: game.apply(Action(kind=long, seat=passer, payload=()))),  # type: ignore[arg-type]
        ("view seat", lambda: player_view(game, long)),  # type: ignore[arg-type]
        ("game number", lambda: check_game_number(long)),
        ("hand number", lambda: numbered_deal(make_rules("standard"), 1, long)),  # type: ignore[arg-type]
        ("record format", lambda: rules_of({"format": long})),
        ("record variant", lambda: rules_of({"format": "hearts-record/1", "variant": long})),
        ("record option", lambda: rules_of({"format": "hearts-record/1", "options": {long: 1}})),
    ]
    out: list[list[object]] = []
    for label, call in calls:
        try:
            call()
        except HeartsError as exc:
            text = str(exc)
            out.append([label, len(text) < 1000,
                        "'QQQQ" in text and "(100000 characters)" in text])
        else:
            out.append([label, "nothing raised", False])
    return out


def test_a_long_value_is_quoted_as_an_excerpt_everywhere():
    """Every refusal quotes a long value the same way (``hearts.errors.excerpt``): its
    start and its length, in a sentence under 1,000 characters (the known names included), not 100 KB."""
    got = _long_value_messages()
    assert got == [[label, True, True] for label, _, _ in got]
    assert len(got) == 20


def test_the_pure_python_engine_quotes_long_values_the_same():
    pure = json.loads(_run_pure("import json, test_errors as t; "
                                "print(json.dumps(t._long_value_messages()))"))
    assert pure == _long_value_messages()
