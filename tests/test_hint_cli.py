"""``hearts hint``: the seat to act, pass and play stages, bots, errors as JSON with exit 1."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hearts.cards import card_str, cards_of, parse_card
from hearts.cli.hint import hint_for_game
from hearts.cli.main import cli
from hearts.game import PHASE_PLAY, Game
from hearts.record import dump_record, record_from_game, replay_record
from hearts.rules import make_rules
from hearts.view import player_view

DATA = Path(__file__).resolve().parent / "data"


def run(*args: str, stdin: str | None = None) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(cli, ["hint", *args], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout
    return result.exit_code, json.loads(lines[0])


def record_after(plays: int, variant: str = "standard", players: int | None = None,
                 number: int = 77, options: dict | None = None) -> str:
    """A record of game ``number`` stopped after ``plays`` random legal cards (0: before passing)."""
    g = Game(make_rules(variant, players, options), number)
    g.start_hand()
    rng = random.Random(number)
    if plays:
        if g.phase != PHASE_PLAY:
            for s in range(g.n):
                g.pass_cards(s, rng.sample(cards_of(g.hands[s]), g.rules.pass_count))
        for _ in range(plays):
            g.play(g.turn, rng.choice(cards_of(g.legal_plays())))
    return dump_record(record_from_game(g))


@pytest.mark.parametrize("bot", ["random", "easy", "medium", "hard"])
def test_play_stage_names_the_seat_to_act_and_a_legal_card(bot, tmp_path):
    text = record_after(9)
    path = tmp_path / "r.json"
    path.write_text(text)
    code, out = run(str(path), "--bot", bot)
    assert code == 0
    g = replay_record(text)
    assert out["ok"] is True and out["stage"] == "play" and out["seat"] == g.turn
    assert g.can_play(g.turn, parse_card(out["card"]))


def test_pass_stage_default_seat_zero_and_other_seats():
    text = record_after(0)
    g = replay_record(text)
    code, out = run("-", "--bot", "medium", stdin=text)
    assert code == 0 and out["stage"] == "pass" and out["seat"] == 0
    assert len(set(out["cards"])) == g.rules.pass_count
    assert g.can_pass(0, [parse_card(c) for c in out["cards"]])
    code, out = run("-", "--bot", "medium", "--seat", "2", stdin=text)
    assert code == 0 and out["seat"] == 2
    assert g.can_pass(2, [parse_card(c) for c in out["cards"]])


def test_hint_uses_only_the_seat_view():
    """The hint equals the bot's own choice on that seat's view (same seed)."""
    from hearts.players import get_bot

    text = record_after(14, number=5)
    g = replay_record(text)
    code, out = run("-", "--bot", "medium", stdin=text)
    assert code == 0
    assert out["card"] == card_str(get_bot("medium", 0).choose_play(player_view(g, g.turn)))


def test_finished_hand_with_game_number_hints_the_next_deal():
    g = Game(make_rules("standard"), 31)
    g.start_hand()
    rng = random.Random(1)
    for s in range(4):
        g.pass_cards(s, rng.sample(cards_of(g.hands[s]), 3))
    while g.phase == PHASE_PLAY:
        g.play(g.turn, rng.choice(cards_of(g.legal_plays())))
    if g.phase == "moon-choice":
        g.choose_moon(g.turn, "add")
    code, out = run("-", "--bot", "medium", stdin=dump_record(record_from_game(g)))
    assert code == 0 and out["stage"] == "pass"  # hand 1 passes right


def test_moon_choice_stage():
    # Seat 0 holds all thirteen hearts and leads them; the others throw their highest
    # cards (Q♠ among them): seat 0 takes every penalty card and chooses the scoring.
    rules = make_rules("standard", 4, {"moon": "choice", "first_lead": "eldest-any",
                                       "hearts_lead_any_time": True, "pass_schedule": "none"})
    hearts = [c for c in cards_of(rules.deck) if c >> 4 == 2]
    rest = [c for c in cards_of(rules.deck) if c >> 4 != 2]
    deal = [sum(1 << c for c in hearts)] + [sum(1 << c for c in rest[i::3]) for i in range(3)]
    g = Game(rules)
    g.start_hand(deal=deal)
    while g.phase == PHASE_PLAY:
        g.play(g.turn, max(cards_of(g.legal_plays())))
    assert g.phase == "moon-choice"
    # A record leaves an unanswered moon to auto_moon_choice, so the stage is only
    # reachable from a live game: ask hint_for_game directly.
    out = hint_for_game(g, "medium")
    assert out["stage"] == "moon" and out["seat"] == 0
    assert out["choice"] in ("add", "subtract")


@pytest.mark.parametrize("args,stdin,code_name", [
    (["-"], "not json", "bad_record"),
    (["-", "--bot", "grandmaster"], None, "unknown_bot"),
    (["-", "--seat", "9"], None, "bad_seat"),
])
def test_errors_are_json_and_exit_1(args, stdin, code_name):
    code, out = run(*args, stdin=stdin if stdin is not None else record_after(0))
    assert code == 1
    assert out["ok"] is False and out["error"]["code"] == code_name
    assert out["error"]["message"]


def test_bot_that_cannot_play_the_rules_is_a_usage_error_not_an_internal_one():
    # Regression: openspiel-ismcts refuses non-standard rules (UnsupportedRules); the hint
    # reported that as internal_error ("please report it") instead of naming the cause.
    code, out = run("-", "--bot", "openspiel-ismcts",
                    stdin=record_after(0, options={"spot_hearts": True}))
    assert code == 1
    assert out["error"]["code"] == "bad_bot" and out["error"]["reason"] == "unsupported_rules"
    assert "spot_hearts" in out["error"]["message"]


def test_wrong_seat_in_play_stage_is_an_error():
    text = record_after(5)
    g = replay_record(text)
    code, out = run("-", "--seat", str((g.turn + 1) % 4), "--bot", "medium", stdin=text)
    assert code == 1 and out["error"]["code"] == "bad_seat"


def test_illegal_record_reports_the_record_error():
    code, out = run(str(DATA / "first-trick-qs.json"))
    assert code == 1 and out["error"]["code"] == "illegal_play"


def test_game_over_and_unreadable_file(tmp_path):
    code, out = run(str(DATA / "standard-game.json"), "--bot", "medium")
    assert code == 1 and out["error"]["code"] == "no_move"
    code, out = run(str(tmp_path / "missing.json"))
    assert code == 1 and out["error"]["code"] == "bad_record"


def test_dev_zero_is_a_bad_record_not_read_whole():
    # Like `hearts score /dev/zero` (issue 7, B.11): the input is read up to the record
    # cap (4 MiB), never until memory runs out.
    code, out = run("/dev/zero")
    assert code == 1 and out["ok"] is False
    assert out["error"]["code"] == "bad_record" and out["error"]["file"] == "/dev/zero"
    assert "larger than" in out["error"]["message"]


@pytest.mark.parametrize("bot", ["hard", "expert"])
def test_the_searching_bots_answer_a_joker_lead(bot: str) -> None:
    """Joker Hearts: a joker led has no suit; hard's check of medium's moon-stopping card
    read the led suit of the trick as a suit index and raised IndexError (every verb that
    asked hard or expert: play, its hint, arena, hint)."""
    rec = {"format": "hearts-record/1", "variant": "joker", "players": 3, "game": 777,
           "hands": [{"passes": [["5C", "3S", "4S"], ["JC", "5D", "JK"], ["6C", "7C", "KS"]],
                      "play": ["JK"]}]}
    result = CliRunner().invoke(cli, ["hint", "-", "--bot", bot], input=json.dumps(rec))
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["ok"] and out["seat"] == 0 and out["stage"] == "play" and out["bot"] == bot
    assert parse_card(out["card"]) >= 0


def test_a_bad_record_names_its_file_as_score_does(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "hearts-record/1", "game": 5, "options": {"pass_schedule": '
                   '"none"}, "hands": [{"play": ["ZZ"]}]}')
    for args in ([str(bad)], ["-"]):
        r = CliRunner().invoke(cli, ["hint", *args], input=bad.read_text())
        assert r.exit_code == 1
        err = json.loads(r.output)["error"]
        assert err["code"] == "unknown_card" and err["file"] == args[0]


def test_a_record_of_no_hand_is_not_said_to_end_after_a_finished_one():
    """Regression: a record with no hand and no game number was answered "The record ends
    after a finished hand"; there is no hand."""
    code, out = run("-", stdin='{"format": "hearts-record/1", "hands": []}')
    assert code == 1 and out["error"]["code"] == "no_move"
    assert out["error"]["message"].startswith("The record holds no hand yet and has no game number")
