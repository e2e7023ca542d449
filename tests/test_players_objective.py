"""The search bots' objective (``players/objective.py``) and the ``expert`` level."""

from __future__ import annotations

import random

import pytest

from hearts import scoring
from hearts.game import PHASE_MOON, PHASE_PASS, PHASE_PLAY, Game
from hearts.players import get_bot
from hearts.players.hard import ExpertBot, HardBot
from hearts.players.objective import game_mode, objective, win_chance
from hearts.players.sim import Sim
from hearts.rules import make_rules
from hearts.view import player_view


def test_win_chance_of_a_finished_game_is_the_result():
    r = make_rules("standard")
    assert win_chance(r, (40, 100, 70, 60), 0) == 1.0
    assert win_chance(r, (40, 100, 70, 60), 2) == 0.0
    assert win_chance(r, (40, 100, 40, 60), 0) == 0.5  # a shared win under tie=share
    r2 = make_rules("standard", None, {"tie": "play-on"})
    over, _ = scoring.game_result(r2, (40, 100, 40, 60))
    assert not over and 0.0 < win_chance(r2, (40, 100, 40, 60), 0) < 1.0


def test_win_chance_falls_with_own_total_and_sums_to_about_one():
    r = make_rules("standard")
    chances = [win_chance(r, (t, 50, 50, 50), 0) for t in (20, 40, 50, 60, 80)]
    assert chances == sorted(chances, reverse=True)
    assert abs(chances[2] - win_chance(r, (50, 50, 50, 50), 1)) < 1e-9
    total = sum(win_chance(r, (30, 45, 60, 75), s) for s in range(4))
    assert 0.8 < total < 1.2


def test_game_mode_starts_when_the_hand_can_end_the_game():
    r = make_rules("standard")
    assert not game_mode(r, (0, 0, 0, 0))
    assert not game_mode(r, (10, 73, 20, 30))
    assert game_mode(r, (10, 74, 20, 30))


def _finished_sim(r, won):
    sim = Sim(r, [0] * r.players, won=won, tricks_won=[1] * r.players, trick_index=r.hand_size)
    assert sim.done
    return sim


def test_objective_hand_mode_is_points_and_loads_the_leader():
    r = make_rules("standard")
    g = Game(r)
    g.start_hand()
    v = player_view(g, 0)
    value, unit = objective(v)
    qs = 3 * 16 + 10
    sim = _finished_sim(r, [0, 1 << qs, 0, 0])
    assert unit == 1.0 and value(sim) == 0.0
    g.totals = [30, 10, 40, 40]  # West leads the game: points on West are worth a little
    value, unit = objective(player_view(g, 0))
    assert value(sim) == pytest.approx(-1.3)
    assert value(_finished_sim(r, [0, 0, 1 << qs, 0])) == 0.0


def test_objective_game_mode_prefers_ending_the_game_when_lowest():
    r = make_rules("standard")
    g = Game(r)
    g.start_hand()
    qs = 3 * 16 + 10
    g.totals = [10, 60, 50, 90]
    value, unit = objective(player_view(g, 0))
    assert unit >= 0.5
    east_ends_it = value(_finished_sim(r, [0, 0, 0, 1 << qs]))
    west_takes_it = value(_finished_sim(r, [0, 1 << qs, 0, 0]))
    assert east_ends_it == -100.0 and west_takes_it > east_ends_it
    g.totals = [60, 30, 50, 90]
    value, _ = objective(player_view(g, 0))
    assert value(_finished_sim(r, [0, 0, 0, 1 << qs])) == 0.0  # game over, West wins


def test_expert_is_registered_and_spends_more():
    bot = get_bot("expert", 1)
    assert bot.name == "expert" and isinstance(bot, HardBot)
    assert bot.max_budget >= 10 * HardBot().max_budget // 2


@pytest.mark.parametrize("variant,players,options", [
    ("standard", 4, {"moon": "choice"}), ("black-maria", 3, {}), ("spot-hearts", 5, {}),
    ("omnibus", 4, {"target_score": 30})])
def test_expert_and_game_aware_hard_play_legally(variant, players, options):
    # Small budgets (the rules, not the strength, are under test); totals near the
    # target put hard in game mode.
    rules = make_rules(variant, players, options)
    rng = random.Random(3)
    g = Game(rules, rng=rng)
    g.totals = [rules.target_score - 5 - s for s in range(players)]
    g.start_hand()
    bots = [ExpertBot(s, play_budget=800, max_worlds=16, time_limit=None, pass_rollouts=60)
            if s % 2 else HardBot(s, play_budget=800, max_worlds=16, time_limit=None,
                                  pass_rollouts=60)
            for s in range(players)]
    if g.phase == PHASE_PASS:
        for s in range(players):
            cards = bots[s].choose_pass(player_view(g, s))
            assert g.can_pass(s, cards)
            g.pass_cards(s, cards)
    while g.phase == PHASE_PLAY:
        s = g.turn
        c = bots[s].choose_play(player_view(g, s))
        assert g.legal_plays(s) >> c & 1
        g.play(s, c)
    if g.phase == PHASE_MOON:
        g.choose_moon(g.turn, bots[g.turn].choose_moon(player_view(g, g.turn)))
    assert g.results
