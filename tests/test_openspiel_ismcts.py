"""The OpenSpiel ISMCTS adapter: state rebuilt from a view only, legal play, arena seat."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")

from click.testing import CliRunner  # noqa: E402

from hearts.arena import ArenaConfig, ArenaError, run_arena  # noqa: E402
from hearts.cards import ALL_CARDS, card_str, cards_of, parse_card  # noqa: E402
from hearts.cli.main import cli  # noqa: E402
from hearts.game import PHASE_OVER, PHASE_PASS, PHASE_PLAY, Game  # noqa: E402
from hearts.players.base import get_bot  # noqa: E402
from hearts.players.openspiel_ismcts import (  # noqa: E402
    OpenSpielISMCTSBot,
    UnsupportedRules,
    build_state,
    check_rules,
    fallback_pass,
    game_parameters,
    os_card,
    our_card,
    sample_deal,
)
from hearts.rules import make_rules  # noqa: E402
from hearts.view import PlayerView, player_view  # noqa: E402


def test_card_mapping_matches_openspiel_names() -> None:
    game = pyspiel.load_game("hearts")
    state = game.new_initial_state()
    state.apply_action(0)  # pass direction; the deal's actions are card names
    for card in ALL_CARDS:
        assert our_card(os_card(card)) == card
        assert state.action_to_string(os_card(card)) == card_str(card)
    assert sorted(os_card(c) for c in ALL_CARDS) == list(range(52))


def _true_state(game: Game, os_game: object) -> object:
    """An OpenSpiel state driven with the real (hidden) deal of ``game``'s current hand."""
    state = os_game.new_initial_state()  # type: ignore[attr-defined]
    state.apply_action(game.pass_offset)
    hands = [sorted(cards_of(d)) for d in game.dealt]
    for i in range(13):
        for s in range(4):
            state.apply_action(os_card(hands[s][i]))
    if game.pass_offset:
        for s in range(4):
            for c in game.passes[s] or ():
                state.apply_action(os_card(c))
    for t in game.tricks:
        for c in t.cards:
            state.apply_action(os_card(c))
    for c in game.trick_cards:
        state.apply_action(os_card(c))
    return state


def _views_during_hands(rules_opts: dict[str, object], game_number: int, hands: int):
    """Play hands with random bots; yield (game, view) at every turn in the play phase."""
    rules = make_rules("standard", 4, rules_opts)
    game = Game(rules, game_number=game_number)
    bots = [get_bot("random", 100 + s) for s in range(4)]
    for _ in range(hands):
        if game.phase == PHASE_OVER:
            break
        game.start_hand()
        if game.phase == PHASE_PASS:
            for s in range(4):
                game.pass_cards(s, bots[s].choose_pass(player_view(game, s)))
        while game.phase == PHASE_PLAY:
            s = game.turn
            yield game, player_view(game, s)
            game.play(s, bots[s].choose_play(player_view(game, s)))


@pytest.mark.parametrize("opts", [{}, {"qs_breaks_hearts": True, "first_trick_points": True},
                                  {"hearts_lead_any_time": True, "lead_hearts_over_qs": True}])
def test_rebuilt_state_has_the_true_information_state_and_random_hidden_cards(
        opts: dict[str, object]) -> None:
    differs = 0
    checked = 0
    for game, view in _views_during_hands(opts, 31337, 4):
        me = view.seat
        a = build_state(view, random.Random(1))
        b = build_state(view, random.Random(2))
        truth = _true_state(game, pyspiel.load_game("hearts", game_parameters(game.rules)))
        # what our seat knows is exactly the real information set ...
        assert a.information_state_string(me) == truth.information_state_string(me)
        assert b.information_state_string(me) == truth.information_state_string(me)
        assert a.information_state_tensor(me) == truth.information_state_tensor(me)
        assert sorted(our_card(x) for x in a.legal_actions()) == cards_of(view.legal)
        # ... while the other seats' cards are invented
        if a.history() != b.history():
            differs += 1
        checked += 1
    assert checked == 4 * 52 or checked > 100
    assert differs > checked // 2


def test_sampled_deal_is_a_valid_deal_consistent_with_the_view() -> None:
    seen_hidden_wrong = False
    for game, view in _views_during_hands({}, 99, 4):
        dealt, passes = sample_deal(view, random.Random(view.trick_index))
        me = view.seat
        assert all(d.bit_count() == 13 for d in dealt)
        union = 0
        for d in dealt:
            assert not union & d
            union |= d
        assert union == game.rules.deck
        assert dealt[me] == game.dealt[me]  # our own deal is known to us
        off = view.pass_offset
        if off:
            assert passes[me] == tuple(game.passes[me] or ())
            giver = (me - off) % 4
            assert set(passes[giver]) == set(game.passes[giver] or ())
            for s in range(4):
                assert len(passes[s]) == 3 and set(passes[s]) <= set(cards_of(dealt[s]))
        # played cards are attributed to the seats that played them
        for t in view.tricks:
            for i, c in enumerate(t.cards):
                s = (t.leader + i) % 4
                recv = passes[(s - off) % 4] if off else ()
                assert dealt[s] >> c & 1 or c in recv
        if any(dealt[s] != game.dealt[s] for s in range(4) if s != me):
            seen_hidden_wrong = True
    assert seen_hidden_wrong


def test_plays_legal_cards_over_a_few_hands() -> None:
    rules = make_rules("standard", 4, {"target_score": 1000})
    game = Game(rules, game_number=2024)
    bots = [OpenSpielISMCTSBot(seed=s, simulations=200) for s in range(4)]
    for _ in range(3):
        game.start_hand()
        if game.phase == PHASE_PASS:
            for s in range(4):
                cards = bots[s].choose_pass(player_view(game, s))
                game.pass_cards(s, cards)  # raises IllegalAction if the pass is not legal
        while game.phase == PHASE_PLAY:
            s = game.turn
            view = player_view(game, s)
            card = bots[s].choose_play(view)
            assert view.legal >> card & 1
            game.play(s, card)
    assert len(game.results) == 3


def test_registered_and_seated_in_the_arena() -> None:
    assert get_bot("openspiel-ismcts", 1).name == "openspiel-ismcts"
    res = run_arena(ArenaConfig(("openspiel-ismcts", "random", "random", "random"), deals=2,
                                seed=12))
    assert res.hands == 2
    assert {s.name for s in res.stats()} == {"openspiel-ismcts", "random"}
    for o in res.outcomes:
        assert sum(o.points) in (26, 78)


def test_other_rules_are_refused_clearly() -> None:
    check_rules(make_rules("standard", 4, {"qs_breaks_hearts": True, "moon": "subtract",
                                           "target_score": 50, "pass_schedule": "left"}))
    for variant, players, opts in [("black-maria", 3, {}), ("standard", 3, {}),
                                   ("omnibus", 4, {}), ("standard", 4, {"spot_hearts": True}),
                                   ("standard", 4, {"first_lead": "eldest-any"})]:
        rules = make_rules(variant, players, opts)
        with pytest.raises(UnsupportedRules, match="standard four-player Hearts only"):
            check_rules(rules)
    with pytest.raises(ArenaError) as e:
        run_arena(ArenaConfig(("openspiel-ismcts", "random", "random"), variant="black-maria",
                              deals=1))
    assert e.value.reason == "bad_option" and "openspiel-ismcts" in e.value.message
    r = CliRunner().invoke(cli, ["arena", "--bots", "openspiel-ismcts,random,random",
                                 "--players", "3", "--deals", "1"])
    assert r.exit_code == 2 and "only 4" in r.output
    r = CliRunner().invoke(cli, ["play", "--level", "openspiel-ismcts", "--variant", "spot-hearts"],
                           input="quit\n")
    assert r.exit_code == 2 and "spot-hearts" in r.output


def test_fallback_pass_and_moon_choice() -> None:
    rules = make_rules("standard", 4)
    game = Game(rules, game_number=1)
    game.start_hand()
    view = player_view(game, 0)
    hand = view.hand | (1 << parse_card("QS"))
    fake = PlayerView(**{**view.__dict__, "hand": hand})
    cards = fallback_pass(fake)
    assert cards[0] == parse_card("QS") and len(set(cards)) == 3
    assert all(hand >> c & 1 for c in cards)
    choice_rules = make_rules("standard", 4, {"moon": "choice"})
    bot = OpenSpielISMCTSBot(seed=1, simulations=10)
    late = PlayerView(**{**view.__dict__, "rules": choice_rules, "totals": (60, 80, 20, 30)})
    assert bot.choose_moon(late) == "subtract"
    early = PlayerView(**{**view.__dict__, "rules": choice_rules, "totals": (10, 80, 20, 30)})
    assert bot.choose_moon(early) == "add"


def test_without_open_spiel_the_level_says_what_it_needs() -> None:
    """Without the open_spiel package the level is not registered; asking for it said
    only "unknown bot", which sent people looking for a typo."""
    code = ("import sys; sys.modules['pyspiel'] = None\n"
            "from hearts.players.base import get_bot\n"
            "try:\n    get_bot('openspiel-ismcts')\nexcept KeyError as e:\n    print(e.args[0])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "needs the open_spiel package" in out and "pip install open-spiel" in out
