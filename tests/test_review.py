"""``hearts.analysis`` and ``hearts review``: marks on built positions, no hidden cards, JSON shape."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner
from test_players_bots import _scrambled

from hearts.analysis import (
    analyse_play,
    decision_points,
    mark_for,
    medium_hand_record,
    review_record,
    thresholds,
)
from hearts.cards import card_str, cards_of, parse_card
from hearts.cli.main import cli
from hearts.game import PHASE_MOON, PHASE_PASS, PHASE_PLAY, Game, PlayAction
from hearts.players import get_bot
from hearts.record import dump_record, record_from_game, replay_record
from hearts.rules import make_rules
from hearts.view import player_view

MARKS = (None, "inaccuracy", "mistake", "blunder")


def built(deal: list[str], play: list[str]) -> dict[str, Any]:
    """A one-hand record of standard Hearts without passing (deal: one string per seat)."""
    return {"format": "hearts-record/1", "variant": "standard", "players": 4,
            "options": {"pass_schedule": "none"},
            "hands": [{"deal": [d.split() for d in deal], "play": play}]}


# South holds A♠ K♠ Q♠, low diamonds and low hearts and no club; the others hold
# every club, the spades 2-J and the high diamonds and hearts.  Trick 1: 2♣ 6♣
# A♣ 6♦ (East wins); East leads K♣ and South, void in clubs, may throw Q♠ for
# free.  Kept, Q♠ is likely to win a spade trick later (A♠ K♠ do not guard it).
QS_DEAL = ["AS KS QS 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H",
           "2C 3C 4C 5C 2S 3S 4S 5S 6S 7D 8D 7H 8H",
           "6C 7C 8C 9C TC 7S 8S 9D TD JD 9H TH JH",
           "JC QC KC AC 9S TS JS QD KD AD QH KH AH"]
QS_PLAY = ["2C", "6C", "AC", "6D", "KC"]

# South holds A♠ 2♠ and no diamond; East leads T♠ in trick 2 and South plays
# second, with West (holding Q♠, which South cannot know) and North still to
# play.  A♠ wins the trick and invites Q♠; 2♠ ducks, and A♠ can go later on a
# diamond lead.
AS_DEAL = ["3C 4C 5C 6C 7C 2S AS 2H 3H 4H 5H 6H 7H",
           "2C 8C 9C 3S 4S 5S QS 8H 9H 2D 3D 4D 5D",
           "TC JC 6S 7S 8S TH JH 6D 7D 8D 9D TD JD",
           "QC KC AC 9S TS JS KS QH KH AH QD KD AD"]
AS_PLAY = ["2C", "TC", "AC", "3C", "TS"]


def last_decision(record: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    out = review_record(record, seat, play_worlds=300)
    assert out["ok"] is True
    return out["decisions"][-1]


def test_keeping_qs_when_a_free_discard_was_possible_is_marked():
    d = last_decision(built(QS_DEAL, [*QS_PLAY, "2D"]))
    assert d["index"] == 5 and d["played"] == "2D"
    assert d["best"] == "QS"
    assert d["mark"] is not None  # (a blunder and a mistake with today's play-out policy)
    assert d["loss"] - d["loss_ci95"] > 0
    assert d["expected"]["2D"] > d["expected"]["QS"] + 1.5


def test_throwing_qs_there_is_not_marked():
    d = last_decision(built(QS_DEAL, [*QS_PLAY, "QS"]))
    assert d["played"] == d["best"] == "QS"
    assert d["mark"] is None and d["loss"] == 0


def test_winning_with_as_while_qs_can_fall_on_it_is_marked():
    d = last_decision(built(AS_DEAL, [*AS_PLAY, "AS"]))
    assert d["played"] == "AS" and d["best"] == "2S"
    assert d["mark"] is not None  # (a blunder and a mistake with today's play-out policy)
    assert set(d["expected"]) == {"2S", "AS"}
    d = last_decision(built(AS_DEAL, [*AS_PLAY, "2S"]))
    assert d["best"] == "2S" and d["mark"] is None


def test_equivalent_cards_share_their_figures():
    # 2H..6H in South's hand have nothing outstanding between them: one choice.
    view = player_view(replay_record(built(QS_DEAL, QS_PLAY)), 0)
    a = analyse_play(view, parse_card("4H"), worlds=50)
    hearts = [(parse_card(t),) for t in ("2H", "3H", "4H", "5H", "6H")]
    assert len({a.expected[c] for c in hearts}) == 1 and len(set(a.expected.values())) > 1
    assert a.best == (parse_card("QS"),) and a.mark is not None  # all worse than Q♠


def _settled_position() -> tuple[dict[str, Any], int]:
    """A medium-played record stopped where South is to play with several
    different cards, every penalty card is already taken and split between two
    seats (so no moon is possible): every choice costs the same."""
    rules = make_rules("standard")
    for number in range(1, 200):
        g = Game(rules, number)
        g.start_hand()
        bots = [get_bot("medium", s) for s in range(4)]
        if g.phase == PHASE_PASS:
            for s in range(4):
                g.pass_cards(s, bots[s].choose_pass(player_view(g, s)))
        while g.phase == PHASE_PLAY:
            s = g.turn
            v = player_view(g, s)
            taken = [w & rules.penalty_mask for w in g.won]
            if s == 0 and g.played & rules.penalty_mask == rules.penalty_mask \
                    and sum(1 for t in taken if t) >= 2 and v.legal.bit_count() >= 3:
                return record_from_game(g), g.played.bit_count()
            g.play(s, bots[s].choose_play(v))
    raise AssertionError("no settled position found")


def test_a_position_where_every_choice_is_equal_marks_nothing():
    record, index = _settled_position()
    g = replay_record(record)
    v = player_view(g, 0)
    a = analyse_play(v, max(c for c in range(64) if v.legal >> c & 1), worlds=40)
    assert len(set(a.choices)) >= 3
    assert len(set(a.expected.values())) == 1
    assert a.loss == 0 and a.mark is None
    assert all(d["mark"] is None for d in review_record(
        _with_next(record, g), 0, play_worlds=20, pass_worlds=4)["decisions"][-1:])
    assert index >= 4


def _with_next(record: dict[str, Any], g: Game) -> dict[str, Any]:
    """``record`` with South's highest legal card appended."""
    card = g.legal_plays(0).bit_length() - 1
    hand = dict(record["hands"][-1], play=[*record["hands"][-1]["play"], card_str(card)])
    return dict(record, hands=[*record["hands"][:-1], hand])


def test_mark_thresholds_need_a_separated_interval():
    rules = make_rules("standard")
    th = thresholds(rules)
    assert th == {"blunder": 5.0, "mistake": 1.5, "inaccuracy": 0.5}
    assert mark_for(6.0, 1.0, rules) == "blunder"
    assert mark_for(2.0, 0.4, rules) == "mistake"
    assert mark_for(0.6, 0.1, rules) == "inaccuracy"
    assert mark_for(0.4, 0.1, rules) is None
    assert mark_for(6.0, 6.0, rules) is None  # the interval reaches zero: not separated
    assert thresholds(make_rules("spot-hearts"))["blunder"] > th["blunder"]


def _medium_game(number: int, stop: int) -> Game:
    g = Game(make_rules("standard"), number)
    g.start_hand()
    bots = [get_bot("medium", s) for s in range(4)]
    for s in range(4):
        g.pass_cards(s, bots[s].choose_pass(player_view(g, s)))
    for _ in range(stop):
        s = g.turn
        g.play(s, bots[s].choose_play(player_view(g, s)))
    return g


def test_the_review_never_reads_hidden_cards():
    """Two records that agree on everything a seat knew but differ in where the
    hidden cards lie give the same review of that seat (the scrambled-hands
    test of the bots, applied to the review)."""
    rng = random.Random(3)
    differed = 0
    for number, stop in ((11, 23), (12, 30), (13, 17)):
        g = _medium_game(number, stop)
        me = g.turn
        g2 = _scrambled(g, me, rng)
        r1, r2 = record_from_game(g), record_from_game(g2)
        differed += r1["hands"][0]["deal"] != r2["hands"][0]["deal"]
        out1 = review_record(r1, me, play_worlds=12, pass_worlds=3, seed=number)
        out2 = review_record(r2, me, play_worlds=12, pass_worlds=3, seed=number)
        assert out1["decisions"], "nothing reviewed"
        assert out1 == out2
    assert differed == 3


def test_decision_points_cover_every_pass_and_play_of_the_seat():
    g = _medium_game(21, 52)
    while g.phase == PHASE_MOON:
        g.choose_moon(g.turn, "add")
    points = list(decision_points(record_from_game(g), 2))
    assert [p.stage for p in points] == ["pass"] + ["play"] * 13
    assert all(p.view.seat == 2 and p.view.legal >> p.played[0] & 1
               for p in points if p.stage == "play")
    assert points[0].view.hand.bit_count() == 13 and len(points[0].played) == 3


def run(*args: str, stdin: str | None = None) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(cli, ["review", *args], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout
    return result.exit_code, json.loads(lines[0])


def test_cli_json_shape(tmp_path):
    g = _medium_game(31, 20)
    path = tmp_path / "g.json"
    path.write_text(dump_record(record_from_game(g)))
    code, out = run(str(path), "--seat", "1", "--json", "--worlds", "8", "--pass-worlds", "3")
    assert code == 0
    assert out["ok"] is True and out["seat"] == 1
    ds = out["decisions"]
    assert ds[0]["stage"] == "pass" and ds[0]["index"] is None
    assert isinstance(ds[0]["played"], list) and len(ds[0]["best"]) == 3
    assert " ".join(sorted(ds[0]["played"], key=parse_card)) in ds[0]["expected"]
    plays = [d for d in ds if d["stage"] == "play"]
    assert len(plays) == 5  # seat 1 played five of the first 20 cards
    for d in ds:
        assert {"hand", "stage", "index", "played", "best", "expected", "ci95", "loss",
                "mark"} <= set(d)
        assert d["mark"] in MARKS and d["hand"] == 0
        assert set(d["expected"]) == set(d["ci95"])
        key = d["played"] if d["stage"] == "play" else " ".join(sorted(d["played"], key=parse_card))
        best = d["best"] if d["stage"] == "play" else " ".join(d["best"])
        assert d["loss"] == pytest.approx(d["expected"][key] - d["expected"][best], abs=0.02)
        assert d["expected"][best] == min(d["expected"].values())
    moves = [a for a in g.log if isinstance(a, PlayAction)]
    for d in plays:
        assert moves[d["index"]].seat == 1 and card_str(moves[d["index"]].card) == d["played"]


def test_cli_table_and_hand_option(tmp_path):
    g = _medium_game(32, 8)
    path = tmp_path / "g.json"
    path.write_text(dump_record(record_from_game(g)))
    result = CliRunner().invoke(cli, ["review", str(path), "--worlds", "4", "--pass-worlds", "2",
                                      "--hand", "1", "--no-progress"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "Review of seat 0" in result.stdout and "pass" in result.stdout
    # hands are counted from 1 on the terminal, as tricks are: the pass is hand 1's, trick "-"
    pass_row = next(line for line in result.stdout.splitlines() if " pass " in line)
    assert [c.strip() for c in pass_row.split("│")[1:3]] == ["1", "-"], pass_row
    code, out = run(str(path), "--json", "--hand", "1", "--worlds", "4", "--pass-worlds", "2")
    assert code == 0 and {d["hand"] for d in out["decisions"]} == {0}  # the JSON keeps the index
    code, out = run(str(path), "--json", "--hand", "3")
    assert code == 1 and out["error"]["code"] == "bad_hand"
    assert out["error"]["message"] == "The record has 1 hand(s); there is no hand 3."
    assert out["error"]["hand"] == 2  # the index, as every error object gives it
    zero = CliRunner().invoke(cli, ["review", str(path), "--hand", "0"])
    assert zero.exit_code == 2 and "--hand" in zero.output  # a usage error: hands count from 1


def test_cli_says_when_there_is_nothing_to_review(tmp_path):
    # A record with no card played yet: the table would be empty, so a sentence instead
    # (exit status 0: nothing is wrong); --json still gives the object, decisions [].
    g = Game(make_rules("standard"), 33)
    g.start_hand()  # dealt; nobody has passed
    path = tmp_path / "g.json"
    path.write_text(dump_record(record_from_game(g)))
    code, out = run(str(path), "--json", "--seat", "2")
    assert code == 0 and out["ok"] and out["decisions"] == []
    result = CliRunner().invoke(cli, ["review", str(path), "--seat", "2", "--no-progress"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "Nothing to review: seat 2 has no pass or play in this record."


@pytest.mark.parametrize("text,code", [
    ("{not json", "bad_record"),
    ('{"format": "hearts-record/1", "hands": [{"deal": [["2C"]]}]}', "bad_deal"),
])
def test_cli_bad_record_gives_the_score_error_object(text, code, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(text)
    status, out = run(str(path), "--json")
    assert status == 1 and out["ok"] is False and out["error"]["code"] == code
    score = CliRunner().invoke(cli, ["score", str(path)])
    assert json.loads(score.stdout.splitlines()[0])["error"]["code"] == code
    assert set(out["error"]) >= {"code", "reason", "message", "stage", "hand", "index", "seat"}


def test_cli_illegal_play_and_unreadable_file_and_bad_seat(tmp_path):
    status, out = run("-", "--json", stdin=json.dumps(built(AS_DEAL, [*AS_PLAY, "2H"])))
    assert status == 1 and out["error"]["code"] == "illegal_play"
    assert out["error"]["index"] == 5 and out["error"]["reason"] == "must_follow_suit"
    status, out = run(str(tmp_path / "missing.json"), "--json")
    assert status == 1 and out["error"]["code"] == "bad_record"
    status, out = run("-", "--json", "--seat", "4", stdin=json.dumps(built(AS_DEAL, AS_PLAY)))
    assert status == 1 and out["error"]["code"] == "bad_seat"
    result = CliRunner().invoke(cli, ["review", "-", "--seat", "9"],
                                input=json.dumps(built(AS_DEAL, AS_PLAY)))
    assert result.exit_code == 1 and "no seat 9" in result.stderr


def test_bench_review_prints_its_figures():
    result = CliRunner().invoke(cli, ["bench", "review", "--hands", "1", "--worlds", "3",
                                      "--pass-worlds", "2"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["hands"] == 1 and len(data["seconds"]) == 1 and data["max_s"] > 0
    assert data["play_worlds"] == 3 and data["pass_worlds"] == 2


VARIANTS = [
    ("standard", 3, {"moon": "choice", "shoot_the_sun": True}),
    ("standard", 5, {"pass_count": 2, "qs_breaks_hearts": True}),
    ("standard", 6, {"hearts_lead_any_time": True, "no_tricks_bonus": True}),
    ("black-maria", 3, {}),
    ("spot-hearts", 4, {"moon": "subtract"}),
    ("omnibus", 5, {"first_lead": "eldest-any", "pass_count": 4}),
]


@pytest.mark.parametrize("variant,players,options", VARIANTS)
def test_every_variant_is_reviewed(variant, players, options):
    """A whole hand of each variant, played by medium, reviewed for seat 1: one entry
    per pass and play, legal figures, losses that match the means."""
    record = medium_hand_record(5, variant, players, options)
    g = replay_record(record)
    out = review_record(record, 1, play_worlds=6, pass_worlds=3)
    plays = [d for d in out["decisions"] if d["stage"] == "play"]
    assert len(plays) == g.rules.hand_size
    assert [d["stage"] for d in out["decisions"]].count("pass") == (1 if g.rules.pass_offset(0) else 0)
    for d in out["decisions"]:
        key = d["played"] if d["stage"] == "play" else " ".join(sorted(d["played"], key=parse_card))
        assert key in d["expected"] and d["mark"] in MARKS and d["loss"] >= 0


def test_expert_level_is_registered_and_plays_legally():
    g = _medium_game(41, 9)
    bot = get_bot("expert", 1)
    assert bot.name == "expert"
    card = bot.choose_play(player_view(g, g.turn))
    assert g.can_play(g.turn, card)


def test_cli_whole_game_and_one_hand_of_it(tmp_path):
    """A two-hand record: ``--hand 2`` reviews only the second hand (pass right), and the
    progress bar, when asked for, stays off standard output."""
    g = Game(make_rules("standard"), 51)
    bots = [get_bot("medium", s) for s in range(4)]
    for _ in range(2):
        g.start_hand()
        for s in range(4):
            g.pass_cards(s, bots[s].choose_pass(player_view(g, s)))
        while g.phase == PHASE_PLAY:
            g.play(g.turn, bots[g.turn].choose_play(player_view(g, g.turn)))
        if g.phase == PHASE_MOON:
            g.choose_moon(g.turn, "add")
    path = tmp_path / "two.json"
    record = record_from_game(g)
    path.write_text(dump_record(record))
    code, out = run(str(path), "--json", "--hand", "2", "--seat", "3", "--worlds", "4",
                    "--pass-worlds", "2", "--progress")
    assert code == 0
    assert {d["hand"] for d in out["decisions"]} == {1} and len(out["decisions"]) == 14
    assert out["decisions"][0]["played"] == record["hands"][1]["passes"][3]
    moves = [a for a in g.log if isinstance(a, PlayAction) and a.hand == 1]
    for d in out["decisions"][1:]:
        assert moves[d["index"]].seat == 3 and card_str(moves[d["index"]].card) == d["played"]
    code, whole = run(str(path), "--json", "--seat", "3", "--worlds", "4", "--pass-worlds", "2")
    assert code == 0 and [d["hand"] for d in whole["decisions"]] == [0] * 14 + [1] * 14
    assert whole["decisions"][14:] == out["decisions"]  # the same sample, hand by hand


@pytest.mark.parametrize("columns", [80, 140])
def test_cli_table_reads_in_a_narrow_terminal(tmp_path, columns):
    """A newcomer's trial: at 80 columns the choices column was squeezed to a few letters
    a line. Narrower than CHOICES_WIDTH it is left out (the caption says how to see it),
    and every line of the table fits the terminal; wide, the column is there."""
    from hearts.cli.review import CHOICES_WIDTH

    g = _medium_game(32, 8)
    path = tmp_path / "g.json"
    path.write_text(dump_record(record_from_game(g)))
    result = CliRunner().invoke(cli, ["review", str(path), "--worlds", "4", "--pass-worlds",
                                      "2", "--hand", "1", "--no-progress"],
                                env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line) <= columns for line in lines), max(lines, key=len)
    header = next(line for line in lines if "played" in line and "best" in line)
    if columns < CHOICES_WIDTH:
        assert "choices" not in header and "--json" in result.stdout
        rows = [line for line in lines if " play " in line]
        assert rows and all(line.count("│") >= 8 for line in rows)  # one line a decision
    else:
        assert "choices" in header and "--json" not in result.stdout


def test_cli_table_shows_no_figures_for_a_forced_choice(tmp_path):
    """Regression: a choice among equivalent cards only (worlds 0: nothing sampled) showed
    its placeholders as figures in the choices column ("9S 0.00" beside "AD 13.31")."""
    g = _medium_game(30, 52)  # a whole hand: seat 0 has three such choices
    path = tmp_path / "g.json"
    path.write_text(dump_record(record_from_game(g)))
    args = ["review", str(path), "--worlds", "4", "--pass-worlds", "2", "--hand", "1"]
    out = json.loads(CliRunner().invoke(cli, [*args, "--json"]).stdout)
    forced = [d for d in out["decisions"] if d["worlds"] == 0 and len(d["expected"]) > 1]
    assert forced
    result = CliRunner().invoke(cli, [*args, "--no-progress"], env={"COLUMNS": "160"})
    rows = [line for line in result.stdout.splitlines() if " play " in line]
    unsampled = [d for d in out["decisions"] if d["worlds"] == 0 and d["stage"] == "play"]
    assert sum("forced: " in line for line in rows) == len(unsampled) >= len(forced)
    assert not any(" 0.00" in line.split("│")[-2] for line in rows if "forced: " in line)


def test_review_reads_no_more_than_a_record_can_be(tmp_path: Any) -> None:
    """``hearts review /dev/zero`` read without end (a MemoryError traceback); it stops
    past the size ``score`` and ``hint`` allow, as they do."""
    from hearts.cli.score import MAX_RECORD_BYTES

    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_RECORD_BYTES + 10))
    for args, stdin in ((["review", "--json", str(big)], None),
                        (["review", "--json", "-"], b" " * (MAX_RECORD_BYTES + 10))):
        result = CliRunner().invoke(cli, args, input=stdin)
        assert result.exit_code == 1, result.output
        err = json.loads(result.output)["error"]
        assert err["code"] == "bad_record" and "larger than" in err["message"]


def test_both_copies_of_a_card_are_one_choice_in_cancellation_hearts():
    """Regression: with two packs (Cancellation Hearts, six players) a seat holding both
    copies of a card had them weighed as two choices, whose two noisy figures shared one
    key: the output showed one of them, while the best choice and the loss came from the
    other (``best`` not the lowest figure shown, ``loss`` not the difference of the two).
    Now both copies are one choice; for passes and plays alike ``best`` is the lowest figure
    shown and ``loss`` the played one's figure minus it."""
    twins = 0
    for number in (3, 4):
        record = medium_hand_record(number, "cancellation", 6)
        for seat in (0, 2):
            points = {(p.stage, p.index): p for p in decision_points(record, seat)}
            out = review_record(record, seat, play_worlds=12, pass_worlds=4)
            for d in out["decisions"]:
                p = points[(d["stage"], d["index"])]
                names = [card_str(c) for c in cards_of(p.view.legal if d["stage"] == "play" else p.view.hand)]
                twins += len(names) - len(set(names))
                played = d["played"] if d["stage"] == "play" else " ".join(d["played"])
                best = d["best"] if d["stage"] == "play" else " ".join(d["best"])
                assert d["expected"][best] == min(d["expected"].values()), d
                assert d["loss"] == pytest.approx(max(0.0, d["expected"][played] - d["expected"][best]),
                                                  abs=0.011), d
    assert twins > 0  # the deals did put both copies of a card in a reviewed hand


@pytest.mark.parametrize("verb", ["review", "hint"])
def test_a_file_of_several_records_is_refused_with_what_to_do(verb, tmp_path):
    """Regression: `hearts review a.jsonl` on the arena's --record-out file answered only
    "not valid JSON: Extra data at line 2"; it now says the file holds several records and
    how to take one.  Review's error object names the file, as score's and hint's do."""
    record = dump_record(built(AS_DEAL, AS_PLAY))
    path = tmp_path / "games.jsonl"
    path.write_text(record + "\n" + record + "\n")
    result = CliRunner().invoke(cli, [verb, str(path), *(["--json"] if verb == "review" else [])])
    err = json.loads(result.stdout.splitlines()[0])["error"]
    assert result.exit_code == 1 and err["code"] == "bad_record" and err["file"] == str(path)
    assert err["message"].startswith("The file holds 2 records, one per line")
    assert "sed -n 2p FILE > one.json" in err["message"]
    one = tmp_path / "one.json"
    one.write_text(record + "\n")  # one record on one line: read as it is
    again = CliRunner().invoke(cli, [verb, str(one), *(["--json"] if verb == "review" else [])])
    assert again.exit_code == 0 and json.loads(again.stdout.splitlines()[0])["ok"] is True


def test_the_review_error_object_names_the_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "hearts-record/1", "hands": [{"deal": [["2C"]]}]}')
    status, out = run(str(path), "--json")
    assert status == 1 and out["error"]["file"] == str(path)
