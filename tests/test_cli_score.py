"""``hearts score``: files, JSONL, stdin, unreadable input, exit status; the real console script."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hearts.cli.main import cli
from hearts.game import Game
from hearts.record import dump_record, record_from_game
from hearts.rules import make_rules


def run(*args: str, stdin: bytes | str | None = None) -> tuple[int, list[dict[str, Any]]]:
    """Invoke ``hearts score ARGS`` in-process; returns the exit code and the parsed lines."""
    result = CliRunner().invoke(cli, ["score", *args], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    return result.exit_code, lines


def hearts_command() -> list[str]:
    """The installed console script next to this interpreter (``.venv/bin/hearts``)."""
    script = Path(sys.executable).with_name("hearts")
    assert script.exists(), f"console script missing: run `make test` to install ({script})"
    return [str(script)]


def test_complete_game_file(data_dir: Path) -> None:
    code, lines = run(str(data_dir / "standard-game.json"))
    assert code == 0
    assert lines == [json.loads((data_dir / "standard-game.score.json").read_text())]
    assert list(lines[0]) == ["ok", "complete", "game_over", "winners", "hands", "totals"]
    assert list(lines[0]["hands"][0]) == ["points", "tricks", "moon"]


def test_random_games_score_to_the_engine_totals(tmp_path: Path, random_game: Any) -> None:
    games: list[Game] = [random_game(make_rules(v, n), 500 + i, seed=i)
                         for i, (v, n) in enumerate([("standard", 4), ("black-maria", 3),
                                                     ("omnibus", 5), ("spot-hearts", 6)])]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(dump_record(record_from_game(g)) + "\n" for g in games))
    code, lines = run(str(path))
    assert code == 0
    assert [line["totals"] for line in lines] == [g.totals for g in games]
    assert [line["winners"] for line in lines] == [list(g.winners) for g in games]
    assert all(line["complete"] and line["game_over"] for line in lines)


def test_jsonl_with_good_and_bad_lines(data_dir: Path) -> None:
    code, lines = run(str(data_dir / "mixed.jsonl"))
    assert code == 1
    assert len(lines) == 3
    assert lines[0]["ok"] is True and lines[0]["totals"] == [0, 26, 26, 26]
    bad = lines[1]["error"]
    assert lines[1]["ok"] is False
    assert (bad["code"], bad["reason"], bad["hand"], bad["index"], bad["seat"], bad["card"]) == \
        ("illegal_play", "first_trick_points", 0, 2, 2, "QS")
    assert bad["line"] == 2
    assert (lines[2]["error"]["code"], lines[2]["error"]["line"]) == ("bad_record", 3)


def test_blank_lines_in_jsonl_are_skipped(tmp_path: Path, data_dir: Path) -> None:
    good = json.loads((data_dir / "moon.json").read_text())
    path = tmp_path / "two.jsonl"
    path.write_text("\n" + dump_record(good) + "\n\n   \n" + dump_record(good) + "\n")
    code, lines = run(str(path))
    assert code == 0 and len(lines) == 2


def test_stdin_single_record_pretty_printed(data_dir: Path) -> None:
    code, lines = run("-", stdin=(data_dir / "moon.json").read_text())
    assert code == 0
    assert lines == [{"ok": True, "complete": True, "game_over": False, "winners": [],
                      "hands": [{"points": [0, 26, 26, 26], "tricks": [13, 0, 0, 0], "moon": 0}],
                      "totals": [0, 26, 26, 26]}]


def test_stdin_jsonl(data_dir: Path) -> None:
    code, lines = run("-", stdin=(data_dir / "mixed.jsonl").read_bytes())
    assert code == 1
    assert [line["ok"] for line in lines] == [True, False, False]


def test_stdin_illegal_record(data_dir: Path) -> None:
    code, lines = run("-", stdin=(data_dir / "first-trick-qs.json").read_text())
    assert code == 1
    assert lines[0]["error"]["reason"] == "first_trick_points"


def test_several_files_in_order(data_dir: Path) -> None:
    code, lines = run(str(data_dir / "moon.json"), str(data_dir / "partial.json"))
    assert code == 0
    assert [line["complete"] for line in lines] == [True, False]


@pytest.mark.parametrize(("name", "content"), [
    ("missing.json", None),
    ("latin1.json", b'{"format": "hearts-record/1", "variant": "caf\xe9", "hands": []}'),
    ("array.json", b"[1, 2, 3]"),
    ("number.json", b"12"),
    ("broken.json", b'{"format": "hearts-record/1",'),
    ("empty.json", b""),
    ("binary.jsonl", b"\x00\xff\xfe\n"),
    ("deep.json", b"[" * 50000),
])
def test_unreadable_input_gives_an_error_line_not_a_traceback(tmp_path: Path, name: str,
                                                               content: bytes | None) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    code, lines = run(str(path))
    assert code == 1
    assert len(lines) == 1
    err = lines[0]["error"]
    assert lines[0]["ok"] is False
    assert (err["code"], err["reason"]) == ("bad_record", "bad_record")
    assert err["file"] == str(path)
    assert err["message"].endswith(".")


def test_a_directory_is_an_error(tmp_path: Path) -> None:
    code, lines = run(str(tmp_path))
    assert code == 1 and lines[0]["error"]["code"] == "bad_record"


def test_one_bad_file_among_good_ones_fails_the_run(data_dir: Path, tmp_path: Path) -> None:
    code, lines = run(str(data_dir / "moon.json"), str(tmp_path / "nope.json"))
    assert code == 1
    assert [line["ok"] for line in lines] == [True, False]


def test_no_file_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["score"])
    assert result.exit_code == 2


# ------------------------------------------------------------ the real console script
def test_console_script_scores_files_and_stdin(data_dir: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.run([*hearts_command(), "score", str(data_dir / "moon.json"), "-"],
                          input=(data_dir / "first-trick-qs.json").read_bytes(),
                          capture_output=True, env=env, check=False)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr == b""
    lines = [json.loads(x) for x in proc.stdout.decode().splitlines()]
    assert lines[0]["ok"] is True
    assert lines[1]["error"]["code"] == "illegal_play"


def test_console_script_exit_zero_and_no_traceback(data_dir: Path, tmp_path: Path) -> None:
    proc = subprocess.run([*hearts_command(), "score", str(data_dir / "standard-game.json")],
                          capture_output=True, check=False)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["game_over"] is True
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe not json")
    proc = subprocess.run([*hearts_command(), "score", str(bad), str(tmp_path / "missing.jsonl")],
                          capture_output=True, check=False, stdin=subprocess.DEVNULL)
    assert proc.returncode == 1
    assert b"Traceback" not in proc.stderr
    assert [json.loads(x)["ok"] for x in proc.stdout.splitlines()] == [False, False]


def test_module_entry_point_matches_console_script(data_dir: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", "from hearts.cli.main import main; main()",
                           "score", str(data_dir / "moon.json")],
                          capture_output=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["totals"] == [0, 26, 26, 26]


# ------------------------------------------------ bounded reading (issue 7, B.11)
def test_dev_zero_ends_with_bad_record_under_a_memory_limit() -> None:
    # Regression: `hearts score /dev/zero` read until memory ran out (MemoryError under a
    # limit).  Now it reads at most --max-record-bytes of it; the address-space limit
    # (1 GiB) would turn reading it whole into a MemoryError traceback.
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    proc = subprocess.run([*hearts_command(), "score", "--max-record-bytes", "100000",
                           "/dev/zero"], capture_output=True, text=True, timeout=120,
                          preexec_fn=limit)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr
    [line] = [json.loads(x) for x in proc.stdout.splitlines()]
    assert line["ok"] is False and line["error"]["code"] == "bad_record"
    assert line["error"]["line"] == 1 and line["error"]["file"] == "/dev/zero"
    assert "100000 bytes" in line["error"]["message"]


def test_records_over_the_cap_are_bad_records(tmp_path: Path, data_dir: Path) -> None:
    record = (data_dir / "standard-game.json").read_bytes()
    one_line = json.dumps(json.loads(record)).encode()
    cap = str(len(one_line) + 10)
    # A .json file over the cap is not parsed at all.
    big = tmp_path / "big.json"
    big.write_bytes(record + b" " * (len(one_line) + 20))
    code, lines = run("--max-record-bytes", cap, str(big))
    assert code == 1 and lines[0]["error"]["code"] == "bad_record"
    assert "not read" in lines[0]["error"]["message"]
    # JSONL: the records before an over-long line are scored, then the file stops.
    path = tmp_path / "games.jsonl"
    path.write_bytes(one_line + b"\n\n" + b"x" * (len(one_line) + 50) + b"\n" + one_line + b"\n")
    code, lines = run("--max-record-bytes", cap, str(path))
    assert code == 1 and len(lines) == 2
    assert lines[0]["ok"] and lines[0] == run(str(data_dir / "standard-game.json"))[1][0]
    assert lines[1]["error"]["code"] == "bad_record" and lines[1]["error"]["line"] == 3
    # Standard input larger than the cap is read line by line.
    code, lines = run("--max-record-bytes", cap, "-", stdin=one_line + b"\n" + one_line + b"\n")
    assert code == 0 and len(lines) == 2 and all(x["ok"] for x in lines)
    # Under the cap, a pretty-printed record on standard input is still one record.
    code, lines = run("--max-record-bytes", str(len(record) + 1), "-", stdin=record)
    assert code == 0 and len(lines) == 1


def test_a_lone_surrogate_escape_is_answered_not_a_traceback(data_dir: Path,
                                                             tmp_path: Path) -> None:
    """A record's text may hold "\\ud800" (valid JSON, no UTF-8 character): its error
    echoes it back, and writing that line as UTF-8 raised UnicodeEncodeError, which ended
    the run before the files after it.  The line is written with \\u escapes instead."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    card = tmp_path / "card.json"
    card.write_text('{"format":"hearts-record/1","game":5,"options":{"pass_schedule":"none"},'
                    '"hands":[{"play":["\\ud800"]}]}')
    option = tmp_path / "option.json"
    option.write_text('{"format":"hearts-record/1","game":5,"options":{"\\ud800":1},'
                      '"hands":[{}]}')
    for verb in (["score", str(card), str(option), str(data_dir / "moon.json")],
                 ["hint", str(card)], ["review", "--json", str(option)]):
        proc = subprocess.run([*hearts_command(), *verb], capture_output=True, env=env,
                              check=False, stdin=subprocess.DEVNULL)
        assert b"Traceback" not in proc.stderr, (verb, proc.stderr)
        lines = [json.loads(x) for x in proc.stdout.splitlines()]
        assert [x["ok"] for x in lines] == ([False, False, True] if verb[0] == "score"
                                            else [False]), verb
        assert lines[0]["error"]["code"] in ("unknown_card", "unknown_option")
        assert "\\ud800" in lines[0]["error"]["message"]


def test_output_to_a_full_disk_is_one_line_not_a_traceback(data_dir: Path) -> None:
    for verb in (["score", str(data_dir / "moon.json")], ["variants", "--json"]):
        with open("/dev/full", "wb") as full:
            proc = subprocess.run([*hearts_command(), *verb], stdout=full,
                                  stderr=subprocess.PIPE, check=False, stdin=subprocess.DEVNULL)
        assert proc.returncode == 1, verb
        assert b"Traceback" not in proc.stderr
        assert proc.stderr.strip() == b"hearts: cannot write the output: No space left on device"


def test_a_pretty_record_cut_short_is_one_error_that_says_so(data_dir: Path) -> None:
    """Read from standard input, a pretty-printed record cut short was taken for JSON
    lines: one error per line (683 for 20 KB), none saying the text was cut."""
    pretty = json.dumps(json.loads((data_dir / "standard-game.json").read_text()), indent=2)
    r = CliRunner().invoke(cli, ["score", "-"], input=pretty[:5000])
    lines = r.output.splitlines()
    assert r.exit_code == 1 and len(lines) == 1, r.output[:500]
    err = json.loads(lines[0])["error"]
    assert err["code"] == "bad_record" and "cut short" in err["message"]
    both = (data_dir / "mixed.jsonl").read_text()  # real JSON lines stay JSON lines
    assert len(CliRunner().invoke(cli, ["score", "-"], input=both).output.splitlines()) == \
        len([x for x in both.splitlines() if x.strip()])


def test_a_bad_first_line_on_standard_input_keeps_the_good_records(data_dir: Path) -> None:
    """Regression: JSON lines piped in whose first line was broken were taken for one broken
    record (one error) and the good records after it were never scored; the same text from
    a .jsonl file gave every line's result."""
    text = "{bad\n" + (data_dir / "mixed.jsonl").read_text()
    code, lines = run("-", stdin=text)
    assert code == 1
    assert [line["ok"] for line in lines] == [False, True, False, False]
    assert [line["error"]["line"] for line in lines if not line["ok"]] == [1, 3, 4]


def test_a_pretty_record_in_a_jsonl_file_is_one_error_that_says_what_the_file_is(
        data_dir: Path, tmp_path: Path) -> None:
    """Regression: a record written over several lines, saved as .jsonl, gave one error per
    line of text (dozens), none saying why."""
    path = tmp_path / "pretty.jsonl"
    path.write_text(json.dumps(json.loads((data_dir / "moon.json").read_text()), indent=2))
    code, lines = run(str(path))
    assert code == 1 and len(lines) == 1
    err = lines[0]["error"]
    assert err["code"] == "bad_record" and err["line"] == 1 and ".json" in err["message"]
    assert "one whole record per line" in err["message"]


@pytest.mark.parametrize("value,said", [
    ("NaN", "holds NaN, which JSON does not have"),
    ("-Infinity", "holds -Infinity, which JSON does not have")])
def test_nan_and_infinity_are_not_json(data_dir: Path, value: str, said: str) -> None:
    """Regression: Python's reader takes NaN and Infinity, so a record with `"note": NaN`
    was scored as valid although it is not JSON."""
    text = (data_dir / "moon.json").read_text().rstrip().removesuffix("}") + f', "note": {value}}}'
    code, lines = run("-", stdin=text)
    assert code == 1
    assert lines[0]["error"]["code"] == "bad_record" and said in lines[0]["error"]["message"]


@pytest.mark.parametrize("edit,said", [
    # a whole number written as a float: the message names the value, not "a number"
    (lambda r: r.update(players=4.0), 'The "players" key must be a whole number, not the number 4.0.'),
    # a play that is not text: what it is, and no card named in the error object
    (lambda r: r["hands"][0]["play"].__setitem__(1, 12),
     "plays a number (12), not a card's name: a card is a string"),
    (lambda r: r["hands"][0]["play"].__setitem__(1, None), "plays null, not a card's name"),
])
def test_messages_say_what_the_value_is(data_dir: Path, edit: Any, said: str) -> None:
    record = json.loads((data_dir / "moon.json").read_text())
    edit(record)
    code, lines = run("-", stdin=json.dumps(record))
    err = lines[0]["error"]
    assert code == 1 and said in err["message"], err
    if "plays " in said:
        assert err["card"] is None and err["path"] == "hands[0].play[1]"


def test_a_control_character_in_a_string_is_said_once() -> None:
    code, lines = run("-", stdin='{"format": "hearts-record/1", "note": "a\tb"}')
    message = lines[0]["error"]["message"]
    assert code == 1 and "Invalid control character at line 1, column" in message, message


def test_a_bad_json_line_is_placed_on_its_line_of_the_file(tmp_path: Path, data_dir: Path) -> None:
    """Regression: garbage on line 4 of a .jsonl file was said to be "at line 1, column 1"
    (the reader's place in that one line) next to `"line": 4`."""
    good = dump_record(json.loads((data_dir / "moon.json").read_text()))
    path = tmp_path / "m.jsonl"
    path.write_text("\n".join([good, good, good, "xyz"]) + "\n")
    code, lines = run(str(path))
    err = lines[3]["error"]
    assert code == 1 and err["line"] == 4
    assert err["message"].endswith("at column 1 of line 4."), err["message"]
