"""``hearts arena --record-out``: every hand as a ``hearts-record/1`` record that
``hearts score`` re-scores to the same points (and chips), for every variant.

The arena plays hand ``deal`` alone on a game placed at that hand, so each
record carries the option ``first_hand`` (an option of ``hearts variants --json``,
so within interfaces.md section 2): replayed from there, the pass direction,
dealer and eldest hand are the ones the arena used (interfaces.md section 3).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hearts.arena import ArenaConfig, run_arena
from hearts.record import record_from_game, replay_record, score_record
from hearts.rules import VARIANTS, make_rules

DEALS = 4


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_hand_rescored_the_same(variant):
    n = make_rules(variant).players
    config = ArenaConfig(bots=("medium",) * n, variant=variant, deals=DEALS, seed=11,
                         records=True)
    result = run_arena(config)
    assert len(result.outcomes) == DEALS
    for o in result.outcomes:
        rec = o.record
        assert rec is not None and rec["format"] == "hearts-record/1"
        assert rec["variant"] == variant and len(rec["hands"]) == 1
        assert "first_hand" not in rec  # only the keys of the record format
        assert rec["options"]["first_hand"] == o.deal
        summary = score_record(json.loads(json.dumps(rec)))  # through JSON text
        assert summary["ok"] and summary["complete"], summary
        assert summary["hands"][0]["points"] == list(o.points)
        if o.chips:
            assert summary["hands"][0]["chips"] == list(o.chips)
        # the replayed hand is the arena's: same pass direction as hand ``deal``
        game = replay_record(rec)
        assert game.hand_index == o.deal
        assert game.pass_offset == game.rules.pass_offset(o.deal)


def test_cli_writes_jsonl_and_score_reads_it_back(tmp_path):
    out = tmp_path / "hands.jsonl"
    hearts = [str(Path(sys.executable).with_name("hearts"))]  # the installed console script
    run = subprocess.run([*hearts, "arena", "--variant", "hearts-1887", "--bots",
                          "medium,medium,random,random", "--deals", "5", "--seed", "3",
                          "--record-out", str(out), "--json"],
                         capture_output=True, text=True, check=True)
    stats = json.loads(run.stdout)
    lines = out.read_text().splitlines()
    assert len(lines) == stats["hands"] == 5
    assert all("mean_chips" in b and "chips_ci95" in b for b in stats["bots"])
    scored = subprocess.run([*hearts, "score", str(out)], capture_output=True, text=True,
                            check=True)
    rows = [json.loads(x) for x in scored.stdout.splitlines()]
    assert len(rows) == 5 and all(r["ok"] for r in rows)
    # chips pooled over the run give back the arena's mean chips per seat-hand
    by_bot: dict[str, list[int]] = {}
    seats = ["medium", "medium", "random", "random"]
    for r in rows:
        for s, c in enumerate(r["hands"][0]["chips"]):
            by_bot.setdefault(seats[s], []).append(c)
    for b in stats["bots"]:
        chips = by_bot[b["name"]]
        assert round(sum(chips) / len(chips), 4) == b["mean_chips"]


def test_first_hand_is_an_option():
    rec = {"format": "hearts-record/1", "variant": "standard", "options": {"first_hand": -1},
           "hands": []}
    err = score_record(rec)
    assert not err["ok"] and err["error"]["code"] == "bad_option"
    rec["options"]["first_hand"] = 2  # hand 2 of four players passes across
    game = replay_record(rec)
    assert game.hand_index == 1 and game.rules.pass_name(game.hand_index + 1) == "across"
    assert record_from_game(game)["options"]["first_hand"] == 2 and "first_hand" not in \
        record_from_game(game)
    # The key of an earlier draft, outside the record format, is refused with a pointer.
    old = {"format": "hearts-record/1", "variant": "standard", "first_hand": 2, "hands": []}
    err = score_record(old)["error"]
    assert err["code"] == "bad_record" and err["path"] == "first_hand"
    assert "options" in err["message"]


def test_hard_plays_royal_hearts():
    # The game whose scoring differs most (queen effects, the shooter's choice): one deal
    # with ``hard`` in a seat, re-scored from its record.  (Every new game was also run
    # with hard by hand: bench/family_results.md.)
    result = run_arena(ArenaConfig(bots=("hard", "medium", "medium", "medium"),
                                   variant="royal", deals=1, seed=4, records=True))
    (o,) = result.outcomes
    assert score_record(o.record)["hands"][0]["points"] == list(o.points)


@pytest.mark.parametrize("first_hand", [10**6, 2**31 - 1])
@pytest.mark.parametrize("variant", ["standard", "domino"])
def test_a_game_placed_far_costs_no_memory_for_the_hands_before(variant, first_hand):
    # A game placed at hand N (option first_hand, up to 2**31 - 1: anyone may ask for it
    # through the web API) holds and writes its own hands only: building its record once
    # allocated an entry for each of the N hands before it (a request that took the server
    # past 9 GB).  With a stock (Domino Hearts) the game keeps each hand's stock as well.
    import tracemalloc

    from hearts.drive import drive
    from hearts.game import Game
    from hearts.players.base import get_bot

    rules = make_rules(variant, options={"first_hand": first_hand})
    game = Game(rules, 7)
    n = rules.players
    tracemalloc.start()
    try:
        drive(game, [get_bot("medium", s) for s in range(n)], deal=True)
        rec = record_from_game(game)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000, peak  # bytes; one entry per hand since hand 0 took ~400 MB at 10**6
    assert rec["options"]["first_hand"] == first_hand and len(rec["hands"]) == 1
    scored = score_record(rec)
    assert scored["ok"], scored
    assert scored["totals"] == list(game.totals)


def test_records_go_out_in_deal_order_as_the_run_goes_and_are_not_kept():
    """With a ``records`` sink the records reach it in deal order, a chunk at a time,
    from any number of worker processes, and the outcomes kept hold none (a long run
    held every record until its end: about 10 KB a hand)."""
    base = dict(bots=("random",) * 4, variant="standard", deals=60, seed=5, records=True,
                duplicate=True)
    kept = run_arena(ArenaConfig(**base))  # every record in memory, as before
    got: list[list[dict]] = []
    streamed = run_arena(ArenaConfig(**base, jobs=2), records=got.append)
    assert len(got) > 1  # more than one chunk: handed on during the run
    flat = [r for chunk in got for r in chunk]
    assert flat == [o.record for o in kept.outcomes]
    assert all(o.record is None for o in streamed.outcomes)
    assert [o.points for o in streamed.outcomes] == [o.points for o in kept.outcomes]


def test_an_unwritable_record_file_is_refused_before_any_hand(tmp_path):
    hearts = [str(Path(sys.executable).with_name("hearts"))]
    run = subprocess.run([*hearts, "arena", "--bots", "random,random,random,random",
                          "--deals", "100000", "--json", "--record-out",
                          str(tmp_path / "missing" / "a.jsonl")],
                         capture_output=True, text=True, timeout=60)
    # a usage error (exit 2), as a missing folder for `hearts play --record-out` is
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "a.jsonl" in run.stderr and "--record-out" in run.stderr and run.stdout == ""


def test_first_hand_is_the_arena_s_to_set(tmp_path):
    """Regression: `--option first_hand=5` was taken, shown back in the JSON's options, and
    ignored (each hand is placed at its own deal): it is now refused as a usage error."""
    from click.testing import CliRunner

    from hearts.cli.main import cli

    out = tmp_path / "f.jsonl"
    r = CliRunner().invoke(cli, ["arena", "--bots", "random,random,random,random", "--deals", "2",
                                 "--option", "first_hand=5", "--record-out", str(out)])
    assert r.exit_code == 2 and "first_hand is the arena's to set" in r.output
    assert not out.exists() or out.read_text() == ""
