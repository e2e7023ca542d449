"""``hearts bench engine`` / ``hearts bench bots`` (interfaces.md section 3).

No timing assertions: speed is measured by running the command, not by tests.
"""

from __future__ import annotations

import json
import sys
import types

from click.testing import CliRunner

from hearts.cli.bench import command, engine_hands_per_second
from hearts.cli.main import cli


def test_engine_prints_hands_per_second():
    result = CliRunner().invoke(cli, ["bench", "engine", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["hands_per_s"] > 0 and data["hands"] >= 1
    assert data["variant"] == "standard" and data["players"] == 4
    # 52 cards a hand: the two rates differ by that factor (up to rounding)
    assert abs(data["plays_per_s"] - data["hands_per_s"] * 52) < 52


def test_engine_other_variants():
    for args in (["--variant", "black-maria"], ["--variant", "spot-hearts", "--players", "6"],
                 ["--variant", "omnibus", "--players", "3", "--seed", "9"]):
        result = CliRunner().invoke(command, ["engine", "--seconds", "0.02", *args])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["hands"] >= 1


def test_engine_bad_variant():
    result = CliRunner().invoke(command, ["engine", "--seconds", "0.02", "--variant", "nope"])
    assert result.exit_code == 1
    assert json.loads(result.output)["error"]["code"] == "unknown_variant"
    result = CliRunner().invoke(command, ["engine", "--seconds", "0.02", "--players", "9"])
    assert result.exit_code == 1 and json.loads(result.output)["error"]["code"] == "bad_option"


def test_engine_function_plays_whole_games():
    data = engine_hands_per_second(0.2, "standard", 4, seed=3)
    assert data["hands"] >= data["games_finished"] >= 0


def test_bots_missing_module(monkeypatch):
    monkeypatch.setitem(sys.modules, "hearts.players.bench", None)  # import now fails
    result = CliRunner().invoke(command, ["bots"])
    assert result.exit_code == 1
    assert "error" in json.loads(result.output)


def test_bots_prints_what_bench_bots_returns(monkeypatch):
    calls = []
    fake = types.ModuleType("hearts.players.bench")

    def bench_bots(seconds):
        calls.append(seconds)
        return {"levels": {"hard": {"median_ms": 1.5, "p95_ms": 3.0}}}

    fake.bench_bots = bench_bots  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "hearts.players.bench", fake)
    result = CliRunner().invoke(command, ["bots", "--seconds", "0.5"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"levels": {"hard": {"median_ms": 1.5, "p95_ms": 3.0}}}
    assert calls == [0.5]
    result = CliRunner().invoke(command, ["bots"])
    assert calls[-1] is None


def test_engine_refuses_nan_and_infinite_seconds() -> None:
    """NaN slipped through a lower-bound-only range and ran for ever."""
    from click.testing import CliRunner

    from hearts.cli.main import cli

    for bad in ("nan", "inf", "0", "abc"):
        result = CliRunner().invoke(cli, ["bench", "engine", "--seconds", bad])
        assert result.exit_code == 2, (bad, result.output)


def test_bots_bad_variant_is_a_json_error_as_in_engine():
    r = CliRunner().invoke(command, ["bots", "--seconds", "0.01", "--variant", "nope"])
    assert r.exit_code == 1, r.output
    out = json.loads(r.output)
    assert out["error"]["code"] == "unknown_variant" and "nope" in out["error"]["message"]
