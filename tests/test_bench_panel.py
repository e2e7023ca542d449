"""bench/panel.py: the paired panel run (resumable log, null check) and its estimates."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
panel = pytest.importorskip("panel")


def test_null_check_two_equal_bots_differ_by_nothing(tmp_path: Path) -> None:
    log = str(tmp_path / "null.jsonl")
    members = ["high-dumper", "mix:spade-keeper+moon-shooter+high-passer"]
    played = panel.run(["medium", "medium#0"], members, range(3), log)
    assert played == 2 * 2 * 3
    out = panel.report(log, "medium", "medium#0", members)
    for m in members:
        e = out["members"][m]
        assert e["deals"] == 3 and e["identical_deals"] == 3 and e["difference"] == 0.0
    # Resumed: nothing is played twice; a new deal is.
    assert panel.run(["medium", "medium#0"], members, range(3), log) == 0
    assert panel.run(["medium", "medium#0"], members, range(4), log) == 4
    lines = [json.loads(x) for x in Path(log).read_text().splitlines()]
    assert len(lines) == 16 and {len(x["points"]) for x in lines} == {4}


def test_the_seat_bot_shares_the_opponents_seeds() -> None:
    # The same deal and line-up give the same points: nothing but the seeds decides.
    a = panel._task(("medium", "high-dumper", 5, "standard", None, 1))
    b = panel._task(("medium#0", "high-dumper", 5, "standard", None, 1))
    assert a["points"] == b["points"]


def test_games_of_several_hands(tmp_path: Path) -> None:
    # --hands 4: each deal number is a game of four hands (every pass direction), the
    # same bots throughout; the null check holds there too, and the lines of games are
    # kept apart from single hands.
    log = str(tmp_path / "games.jsonl")
    assert panel.run(["medium", "medium#0"], ["high-dumper"], range(2), log, hands=4) == 4
    assert panel.run(["medium", "medium#0"], ["high-dumper"], range(2), log) == 4
    out = panel.report(log, "medium", "medium#0", ["high-dumper"], hands=4)
    e = out["members"]["high-dumper"]
    assert e["deals"] == 2 and e["identical_deals"] == 2
    lines = [json.loads(x) for x in Path(log).read_text().splitlines()]
    games = [x for x in lines if x.get("hands") == 4]
    assert len(games) == 4
    for x in games:
        for rot in x["points"]:  # four hands of 26 points (a moon gives 78)
            assert sum(rot) % 26 == 0 and 104 <= sum(rot) <= 4 * 78
        # the seat bot sits in seat r in rotation r; "mean" is its points a hand
        mine = [rot[r] for r, rot in enumerate(x["points"])]
        assert x["mean"] == pytest.approx(sum(mine) / 4 / 4)


def test_control_variate_estimate() -> None:
    ys = {0: 5.0, 1: 7.0, 2: 3.0, 3: 6.0}
    xs = {0: 6.0, 1: 7.5, 2: 4.0, 3: 6.5}
    e = panel.estimate(ys, xs)
    assert e["difference"] == pytest.approx(-0.75)
    assert e["cv_difference"] == pytest.approx(-0.75)  # the same deals: the paired figure
    # More baseline deals: the mean of X over all of them moves the estimate by (b - 1).
    xs2 = {**xs, 4: 10.0, 5: 10.0}
    e2 = panel.estimate(ys, xs2)
    b = e2["cv_slope"]
    mean_l = sum(xs2.values()) / len(xs2)
    mean_s = sum(xs.values()) / len(xs)
    assert e2["cv_difference"] == pytest.approx(-0.75 + (b - 1) * (mean_l - mean_s), abs=1e-3)


@pytest.mark.parametrize("name", sorted({m for x in panel.PANEL for m in
                                         x.removeprefix("mix:").split("+")} | {"hard"}))
def test_every_panel_member_answers_the_drive_loops_decisions(name: str) -> None:
    # The drive loop asks ``choose(view, decision)`` of every bot: a panel member that
    # only has the per-kind methods (the frozen copy once did) stops a run at its first card.
    from hearts.actions import Action
    from hearts.game import Game
    from hearts.rules import make_rules
    from hearts.view import player_view

    game = Game(make_rules("standard"), game_number=3)
    bot = panel.make_bot(name, 11)
    kinds = []
    while len(kinds) < 8:  # the deal, the four passes and the first plays
        d = game.pending()[0]
        if d.kind == "deal":
            game.apply(Action("deal", -1, None))
            continue
        action = bot.choose(player_view(game, d.seat), d)
        assert isinstance(action, Action) and action.kind == d.kind
        game.apply(action)
        kinds.append(d.kind)
    assert kinds == ["pass"] * 4 + ["play"] * 4


def test_report_reads_several_logs_and_two_labels_of_one_bot(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The baseline's lines in one log, the seat bot's in another (and one line-up in both:
    # counted once); a second label of the seat bot fills the deals its own label lacks.
    a, b = str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")
    panel.run(["medium#0"], ["high-dumper"], range(3), a)
    panel.run(["medium", "medium#0"], ["high-dumper"], range(1), b)
    panel.run(["medium#1"], ["high-dumper"], range(1, 3), b)
    e = panel.report([a, b], "medium", "medium#0", ["high-dumper"])["members"]["high-dumper"]
    assert e["deals"] == 1 and e["baseline_deals"] == 3
    out = panel.report([a, b], "medium", "medium#0", ["high-dumper"], same={"medium#1": "medium"})
    e = out["members"]["high-dumper"]
    assert e["deals"] == 3 and e["identical_deals"] >= 1
    lines = [json.loads(x) for x in Path(b).read_text().splitlines()]
    assert [x["seat"] for x in lines].count("medium#1") == 2
    # The CLI reads the same: --read and --same.
    panel.main(["report", "--bot", "medium", "--baseline", "medium#0", "--panel",
                "high-dumper", "--log", a, "--read", b, "--same", "medium#1=medium"])
    assert json.loads(capsys.readouterr().out)["members"]["high-dumper"]["deals"] == 3


def test_report_reads_a_range_of_deals(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    # --start/--deals pick the deals the report reads (a half of a run); without them it
    # reads every logged deal.
    log = str(tmp_path / "r.jsonl")
    panel.run(["medium", "medium#0"], ["high-dumper"], range(4), log)
    e = panel.report(log, "medium", "medium#0", ["high-dumper"], deals=range(1, 3))
    assert e["members"]["high-dumper"]["deals"] == 2
    for args, n in (([], 4), (["--start", "1"], 3), (["--start", "1", "--deals", "1"], 1),
                    (["--deals", "2"], 2)):
        panel.main(["report", "--bot", "medium", "--baseline", "medium#0", "--panel",
                    "high-dumper", "--log", log, *args])
        assert json.loads(capsys.readouterr().out)["members"]["high-dumper"]["deals"] == n
