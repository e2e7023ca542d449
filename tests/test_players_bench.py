"""``bench_bots``: the shape ``hearts bench bots`` prints (no timing assertions)."""

from __future__ import annotations

from hearts.players.bench import bench_bots, bench_positions


def test_positions_are_fixed_and_have_choices():
    a, b = bench_positions(), bench_positions()
    assert len(a) == len(b) > 100
    assert a == b
    assert all(v.legal & (v.legal - 1) for v in a)


def test_bench_bots_shape():
    out = bench_bots(0.01, levels=("medium", "random"))
    assert set(out["levels"]) == {"medium", "random"}
    for figures in out["levels"].values():
        assert figures["positions"] >= 20
        assert 0 <= figures["median_ms"] <= figures["p95_ms"]
        assert figures["cpu_median_ms"] >= 0


def test_domino_positions_are_fixed_and_have_choices():
    """``hearts bench bots --variant domino``: the same numbered games, stock order
    included, give the same positions every time."""
    a, b = bench_positions("domino"), bench_positions("domino")
    assert a == b and len(a) > 50
    assert all(v.rules.variant == "domino" and v.legal & (v.legal - 1) for v in a)
    assert any(v.draws for v in a)
    out = bench_bots(0.01, levels=("medium",), variant="domino")
    assert out["variant"] == "domino" and out["positions"] == len(a)
