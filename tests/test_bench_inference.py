"""bench/inference_accuracy.py: hard's deal placement against a panel member, paired."""

from __future__ import annotations

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
import inference_accuracy  # noqa: E402


def test_two_equal_configs_differ_by_nothing_against_a_style(
        capsys: pytest.CaptureFixture[str]) -> None:
    configs = [{"play_budget": 2000}, {"play_budget": 2000}, {"likelihood": 1.0}]
    assert inference_accuracy.main(["--deals", "2", "--jobs", "1", "--to-trick", "5",
                                    "--opponents", "high-dumper",
                                    "--configs", json.dumps(configs)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["opponents"] == "high-dumper" and out["decisions"] > 0
    first, same, blind = out["configs"]
    assert same["minus_first"] == [0.0, 0.0] and same["card_accuracy"] == first["card_accuracy"]
    # reading nobody's plays (likelihood 1.0) places the hidden cards differently
    assert blind["minus_first"] != [0.0, 0.0]
    assert 0.0 < blind["card_accuracy"] < 1.0


def test_paired_difference() -> None:
    assert inference_accuracy._paired([0.5], [0.4]) is None
    mean, half = inference_accuracy._paired([0.5, 0.7], [0.4, 0.4])  # type: ignore[misc]
    assert mean == pytest.approx(0.2) and half > 0
