"""bench/isolated.py: OpenSpiel's ISMCTS answering from a child process of its own, so that
the panel's two line-ups of a pair share its answers (the null check holds against it)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
panel = pytest.importorskip("panel")
pytest.importorskip("pyspiel")
isolated = pytest.importorskip("isolated")

from hearts.game import Game  # noqa: E402
from hearts.players import get_bot  # noqa: E402
from hearts.rules import make_rules  # noqa: E402
from hearts.view import player_view  # noqa: E402

pytestmark = pytest.mark.slow


def test_null_check_holds_against_ismcts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Two equal seat bots against three isolated ISMCTS: the same points on every rotation
    # (in the caller's process, ISMCTS's answers hang on the heap and the pair differs).
    monkeypatch.setattr(panel, "ISOLATE", True)
    log = str(tmp_path / "null.jsonl")
    assert panel.run(["medium", "medium#0"], ["openspiel-ismcts"], range(1), log) == 2
    e = panel.report(log, "medium", "medium#0", ["openspiel-ismcts"])["members"]["openspiel-ismcts"]
    assert e["deals"] == 1 and e["identical_deals"] == 1 and e["difference"] == 0.0
    # The lines say they were played isolated, and a report without isolation skips them.
    assert all('"isolated": true' in line for line in Path(log).read_text().splitlines())
    monkeypatch.setattr(panel, "ISOLATE", False)
    e = panel.report(log, "medium", "medium#0", ["openspiel-ismcts"])["members"]["openspiel-ismcts"]
    assert e["deals"] == 0


def test_the_child_runs_without_address_randomisation() -> None:
    bot = isolated.IsolatedBot("openspiel-ismcts", 3)
    try:
        assert bot.randomized() is False
    finally:
        bot.close()


def test_the_same_views_get_the_same_answers() -> None:
    # Two children of the same seed, sent the same views: the same cards, whatever the
    # caller's process does in between (here: it allocates).
    rules = make_rules("standard")
    g = Game(rules, game_number=11)
    g.start_hand()
    medium = [get_bot("medium", s) for s in range(4)]
    for s in range(4):
        g.pass_cards(s, medium[s].choose_pass(player_view(g, s)))
    views = []
    while len(views) < 8:
        seat = g.to_act()[0]
        v = player_view(g, seat)
        views.append(v)
        g.play(seat, medium[seat].choose_play(v))
    a, b = isolated.IsolatedBot("openspiel-ismcts", 9), isolated.IsolatedBot("openspiel-ismcts", 9)
    try:
        first = [a.choose_play(v) for v in views]
        junk = [list(range(i)) for i in range(2000)]
        second = [b.choose_play(v) for v in views]
        assert junk and first == second
        assert all(v.legal >> c & 1 for c, v in zip(first, views, strict=True))
    finally:
        a.close()
        b.close()


def test_a_failing_child_raises_with_its_reason() -> None:
    # OpenSpiel plays four-player standard Hearts only: the child's error comes back.
    g = Game(make_rules("standard", 3), game_number=1)
    g.start_hand()
    bot = isolated.IsolatedBot("openspiel-ismcts", 1)
    try:
        with pytest.raises(RuntimeError, match="UnsupportedRules"):
            bot.choose_play(player_view(g, g.to_act()[0]))
    finally:
        bot.close()
