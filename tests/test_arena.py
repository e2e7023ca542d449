"""Arena: deals, seat rotations, determinism across processes, statistics, CLI."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from hearts.arena import (
    ArenaConfig,
    ArenaError,
    bot_seed,
    mean_ci,
    paired_difference,
    play_hand,
    run_arena,
    seat_bot,
)
from hearts.cards import cards_of, highest, lowest
from hearts.cli.main import cli
from hearts.deal import numbered_deal
from hearts.players.base import BOTS, BaseBot, register_bot
from hearts.rules import make_rules
from hearts.view import PlayerView


class LowBot(BaseBot):
    """Test-only bot: passes its highest cards, plays its lowest legal card."""

    name = "t-low"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        return tuple(cards_of(view.hand)[-view.rules.pass_count:])

    def choose_play(self, view: PlayerView) -> int:
        return lowest(view.legal)

    def choose_moon(self, view: PlayerView) -> str:
        return "add"


class HighBot(LowBot):
    """Test-only bot: plays its highest legal card."""

    name = "t-high"

    def choose_play(self, view: PlayerView) -> int:
        return highest(view.legal)


class SeededBot(LowBot):
    """Test-only bot whose choice depends on its seed (to check seeding is deterministic)."""

    name = "t-seeded"

    def choose_play(self, view: PlayerView) -> int:
        legal = cards_of(view.legal)
        return legal[(self.seed or 0) * 7919 % len(legal)]


class CheatBot(LowBot):
    """Test-only bot that breaks the rules: plays a card it may not play when it can."""

    name = "t-cheat"

    def choose_play(self, view: PlayerView) -> int:
        illegal = view.hand & ~view.legal
        return lowest(illegal) if illegal else lowest(view.legal)


SEEN: list[tuple[int, int, int, int]] = []


class SpyBot(LowBot):
    """Test-only bot that notes (hand index, seat, hand, pass offset) at its first pass."""

    name = "t-spy"

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        SEEN.append((view.hand_index, view.seat, view.hand, view.pass_offset))
        return super().choose_pass(view)


TEST_BOTS = {b.name: b for b in (LowBot, HighBot, SeededBot, CheatBot, SpyBot)}
TEST_BOTS["t-low2"] = LowBot


@pytest.fixture(autouse=True, scope="module")
def _test_bots() -> Iterator[None]:
    """Register the test-only bots for this module's tests, and remove them afterwards
    (other modules list the registry, e.g. the web game's levels)."""
    for name, factory in TEST_BOTS.items():
        register_bot(name, factory)
    yield
    for name in TEST_BOTS:
        BOTS.pop(name, None)


def test_seat_rotation_puts_every_bot_in_every_seat() -> None:
    bots = ("a", "b", "c", "d")
    for s in range(4):
        assert {seat_bot(bots, r, s) for r in range(4)} == set(bots)
    assert [seat_bot(bots, 0, s) for s in range(4)] == list(bots)
    assert [seat_bot(bots, 1, s) for s in range(4)] == ["d", "a", "b", "c"]


def test_bot_seed_is_stable_and_distinct() -> None:
    assert bot_seed(1, 0, 0, 0) == bot_seed(1, 0, 0, 0)
    seeds = {bot_seed(1, d, r, s) for d in range(10) for r in range(4) for s in range(4)}
    assert len(seeds) == 160
    assert all(0 <= x < 2**31 for x in seeds)


def test_play_hand_uses_numbered_deal_and_pass_direction() -> None:
    rules = make_rules("standard", 4)
    SEEN.clear()
    for deal in (0, 1, 2, 3, 5):
        out = play_hand(rules, 77, deal, ["t-spy"] * 4, [1, 2, 3, 4])
        assert sum(out.points) in (26, 78)
    expected = []
    for deal in (0, 1, 2, 5):  # hand 3 of the rotation is a no-pass hand
        hands = numbered_deal(rules, 77, deal)
        expected += [(deal, s, hands[s], rules.pass_offset(deal)) for s in range(4)]
    assert sorted(SEEN) == sorted(expected)
    assert {off for *_, off in SEEN} == {1, 3, 2}


def test_non_duplicate_run_counts_hands_and_points() -> None:
    res = run_arena(ArenaConfig(("t-low", "t-high", "t-low", "t-high"), deals=30, seed=9))
    assert res.hands == 30
    assert [o.deal for o in res.outcomes] == list(range(30))
    for o in res.outcomes:
        # 26 points a hand, or 3 x 26 after a moon under the default "add" rule
        assert sum(o.points) == (78 if o.moon is not None else 26)
        assert o.seats == ("t-low", "t-high", "t-low", "t-high")
    data = res.to_json()
    assert data["hands"] == 30
    assert [b["name"] for b in data["bots"]] == ["t-low", "t-high"]
    low = data["bots"][0]
    assert low["seat_hands"] == 60
    manual = sum(o.points[0] + o.points[2] for o in res.outcomes) / 60
    assert low["mean_points"] == pytest.approx(manual, abs=1e-4)
    assert data["pairs"] == []


def test_results_do_not_depend_on_jobs() -> None:
    cfg = dict(bots=("t-seeded", "t-high", "t-seeded", "random"), deals=24, seed=4242,
               duplicate=True)
    one = run_arena(ArenaConfig(jobs=1, **cfg))  # type: ignore[arg-type]
    two = run_arena(ArenaConfig(jobs=2, **cfg))  # type: ignore[arg-type]
    assert one.outcomes == two.outcomes
    assert one.to_json() == two.to_json()
    other = run_arena(ArenaConfig(jobs=1, **{**cfg, "seed": 4243}))  # type: ignore[arg-type]
    assert other.outcomes != one.outcomes


def test_duplicate_plays_each_deal_in_every_rotation() -> None:
    bots = ("t-low", "t-high", "t-high", "t-high")
    res = run_arena(ArenaConfig(bots, deals=10, duplicate=True, seed=3))
    assert res.hands == 40
    for d in range(10):
        plays = [o for o in res.outcomes if o.deal == d]
        assert [o.rotation for o in plays] == [0, 1, 2, 3]
        # the low bot held each seat once on this deal
        assert sorted(o.seats.index("t-low") for o in plays) == [0, 1, 2, 3]


def test_paired_difference_is_zero_for_identical_bots_and_signed_otherwise() -> None:
    # two names for one deterministic policy, at an otherwise identical table: no difference
    same_table = run_arena(ArenaConfig(("t-low", "t-low2", "t-low2", "t-low2"), deals=20,
                                       duplicate=True, seed=11))
    same = paired_difference(same_table, "t-low", "t-low2")
    assert same.mean_diff == 0 and same.ci95 == 0 and same.deals == 20
    bots = ("t-low", "t-high", "t-high", "t-high")
    res = run_arena(ArenaConfig(bots, deals=40, duplicate=True, seed=11))
    diff = paired_difference(res, "t-low", "t-high")
    back = paired_difference(res, "t-high", "t-low")
    assert diff.mean_diff == pytest.approx(-back.mean_diff)
    assert diff.mean_diff != 0
    # recompute by hand: same seat, same deal
    ds = []
    for d in range(40):
        plays = [o for o in res.outcomes if o.deal == d]
        per_seat = []
        for s in range(4):
            a = [o.points[s] for o in plays if o.seats[s] == "t-low"]
            b = [o.points[s] for o in plays if o.seats[s] == "t-high"]
            per_seat.append(sum(a) / len(a) - sum(b) / len(b))
        ds.append(sum(per_seat) / 4)
    mean, _sd, ci = mean_ci(ds)
    assert diff.mean_diff == pytest.approx(mean)
    assert diff.ci95 == pytest.approx(ci)
    with pytest.raises(ValueError):
        paired_difference(run_arena(ArenaConfig(bots, deals=2, seed=1)), "t-low", "t-high")


def test_mean_ci_formula() -> None:
    mean, sd, ci = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert sd == pytest.approx(math.sqrt(5 / 3))
    assert ci == pytest.approx(1.96 * math.sqrt(5 / 3) / 2)
    assert mean_ci([5.0]) == (5.0, None, None)


def test_win_rate_groups_hands_into_games_and_shares_ties() -> None:
    bots = ("t-low", "t-high", "t-low", "t-high")
    res = run_arena(ArenaConfig(bots, deals=60, seed=21, options={"target_score": 30}))
    stats = {s.name: s for s in res.stats()}
    # recompute: consecutive hands, totals to 30, lowest wins, ties share
    totals = [0, 0, 0, 0]
    games = 0
    credit = {"t-low": 0.0, "t-high": 0.0}
    for o in res.outcomes:
        totals = [t + p for t, p in zip(totals, o.points, strict=True)]
        if max(totals) >= 30:
            low = min(totals)
            win = [s for s in range(4) if totals[s] == low]
            for s in win:
                credit[bots[s]] += 1 / len(win)
            games += 1
            totals = [0, 0, 0, 0]
    assert games >= 5
    assert stats["t-low"].games == 2 * games
    assert stats["t-low"].wins + stats["t-high"].wins == pytest.approx(games)
    for name in credit:
        assert stats[name].win_rate == pytest.approx(credit[name] / (2 * games))


def test_moon_rate_counts_the_shooters_seat() -> None:
    res = run_arena(ArenaConfig(("t-low", "t-high", "t-high", "t-high"), deals=80, seed=5))
    moons = {"t-low": 0, "t-high": 0}
    for o in res.outcomes:
        if o.moon is not None:
            moons[o.seats[o.moon]] += 1
    stats = {s.name: s for s in res.stats()}
    assert stats["t-low"].moons == moons["t-low"]
    assert stats["t-high"].moon_rate == pytest.approx(moons["t-high"] / 240)


def test_setup_errors() -> None:
    with pytest.raises(ArenaError) as e:
        run_arena(ArenaConfig(("t-low", "nobody", "t-low", "t-low")))
    assert e.value.reason == "unknown_bot"
    with pytest.raises(ArenaError) as e:
        run_arena(ArenaConfig(("t-low", "t-low", "t-low")))
    assert e.value.reason == "bad_table"
    with pytest.raises(ArenaError) as e:
        run_arena(ArenaConfig(("t-low",) * 4, seed=0))
    assert e.value.reason == "bad_option"
    with pytest.raises(ArenaError) as e:
        run_arena(ArenaConfig(("t-low",) * 4, options={"nonsense": 1}))
    assert e.value.reason == "bad_option"


def test_a_bot_breaking_the_rules_stops_the_run() -> None:
    with pytest.raises(ArenaError) as e:
        run_arena(ArenaConfig(("t-cheat", "t-low", "t-low", "t-low"), deals=5))
    assert e.value.reason == "illegal_action"
    assert "t-cheat" in e.value.message
    with pytest.raises(ArenaError) as e:  # raised in a worker, sent back pickled
        run_arena(ArenaConfig(("t-cheat", "t-low", "t-low", "t-low"), deals=40, jobs=2))
    assert e.value.reason == "illegal_action"


def test_other_variants_and_table_sizes() -> None:
    res = run_arena(ArenaConfig(("t-low", "t-high", "random"), variant="black-maria", deals=6,
                                duplicate=True, seed=2))
    assert res.hands == 18
    assert all(sum(o.points) == 43 or o.moon is not None for o in res.outcomes)
    res = run_arena(ArenaConfig(("t-low",) * 5 + ("t-high",), players=6, deals=4, seed=2))
    assert all(len(o.points) == 6 for o in res.outcomes)


# ------------------------------------------------------------------------ CLI
def test_cli_json_shape() -> None:
    r = CliRunner().invoke(cli, ["arena", "--bots", "t-low,t-high,t-low,t-high", "--deals", "20",
                                 "--duplicate", "--seed", "8", "--json"])
    assert r.exit_code == 0, r.output
    lines = [x for x in r.stdout.splitlines() if x.strip()]
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["hands"] == 80
    assert {b["name"] for b in data["bots"]} == {"t-low", "t-high"}
    for b in data["bots"]:
        for key in ("mean_points", "ci95", "moon_rate", "win_rate"):
            assert isinstance(b[key], float | int), key
    assert data["pairs"][0]["a"] == "t-low"
    same = run_arena(ArenaConfig(("t-low", "t-high", "t-low", "t-high"), deals=20,
                                 duplicate=True, seed=8))
    assert data == json.loads(json.dumps(same.to_json()))


def test_cli_table_and_options() -> None:
    r = CliRunner().invoke(cli, ["arena", "--bots", "t-low,t-high,t-high", "--players", "3",
                                 "--deals", "6", "--duplicate", "--option", "moon=subtract",
                                 "--option", "qs_breaks_hearts=true"])
    assert r.exit_code == 0, r.output
    assert "t-low" in r.stdout and "points/hand" in r.stdout
    assert "A minus B" in r.stdout


@pytest.mark.parametrize("args, words", [
    (["--bots", "t-low,ghost,t-low,t-low"], "unknown bot 'ghost'"),
    (["--bots", "t-low,t-low,t-low"], "4 players need 4 bots"),
    (["--bots", "t-low,,t-low,t-low"], "an empty name between commas"),
    (["--bots", "t-low,t-low,t-low,t-low", "--variant", "nope"], "unknown variant"),
    (["--bots", "t-low,t-low,t-low,t-low", "--option", "moon"], "not key=value"),
    (["--bots", "t-low,t-low,t-low,t-low", "--deals", "0"], "deals must be"),
])
def test_cli_usage_errors_exit_2(args: list[str], words: str) -> None:
    r = CliRunner().invoke(cli, ["arena", *args, "--json"])
    assert r.exit_code == 2
    assert words in r.output


def test_a_game_counts_every_moon_it_shot() -> None:
    # match.play_game: each hand shot counts (the panel log's ``moons``), not only the
    # last shooter.  No pass; seat 0 holds every club, so it leads and wins all 13
    # tricks of both hands (the others are void in clubs) and shoots twice.
    from hearts.cards import parse_mask
    from hearts.players.match import play_game

    rules = make_rules("standard", None, {"pass_schedule": "none", "deals": 2})
    deal = [parse_mask([r + s for r in "23456789TJQKA"]) for s in "CDSH"]
    bots = [BOTS["medium"](seed) for seed in range(4)]
    log = play_game(rules, [deal, deal], bots)
    assert log.moon == 0 and log.moons == 2
    assert log.points == (0, 52, 52, 52)
