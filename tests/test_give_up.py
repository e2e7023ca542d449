"""Hearts 1887's give-up (docs/family-rules.md "The 1887 give-up", seed 000: a player who
gives up a hand pays 8 chips to each opponent), worked by hand on fixed deals.

The deal used: every seat holds one suit (seat 0 the clubs, 1 the diamonds, 2 the hearts,
3 the spades).  Hand 0: seat 3 deals, seat 0 is eldest hand and leads (``eldest-any``);
nobody can follow another seat's lead, so the leader of a suit takes every trick, and the
hearts seat 2 throws go to whoever leads.
"""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from hearts.actions import Action, Decision
from hearts.cards import SUIT_MASKS, card_tuple, parse_card
from hearts.cli.main import cli
from hearts.events import GaveUp, HandScored, RestTaken, TrickTaken, event_from_json
from hearts.game import Game, IllegalAction
from hearts.record import RecordError, record_from_game, replay_record, score_record
from hearts.rules import RulesError, make_rules
from hearts.view import visible_events

SUITS = tuple(SUIT_MASKS)  # clubs, diamonds, hearts, spades: seat s holds suit s


def game(options: dict | None = None) -> Game:
    g = Game(make_rules("hearts-1887", None, options or {}))
    g.apply(Action.deal(SUITS))
    return g


def play_out(g: Game) -> list:
    """Play the hand to its end, each seat its lowest legal card; the events."""
    events: list = []
    while g.phase == "play":
        legal = g.legal_plays()
        events += g.apply(Action.play(g.turn, card_tuple(legal)[0]))
    return events


def test_the_price_is_8_in_1887_and_nothing_elsewhere():
    assert make_rules("hearts-1887").give_up == 8
    assert make_rules("standard").give_up == 0
    assert make_rules("auction").give_up == 0
    with pytest.raises(RulesError, match="chip settlement"):
        make_rules("standard", None, {"give_up": 8})
    with pytest.raises(RulesError, match="chip settlement"):
        make_rules("hearts-1887", None, {"settlement": "points", "give_up": 8})
    # the 1887 game settled in points: nothing to pay with, so no give-up (and its
    # records say so: the option is written as 0)
    points = make_rules("hearts-1887", None, {"settlement": "points"})
    assert points.give_up == 0 and points.options["give_up"] == 0
    assert make_rules("auction", None, {"give_up": 5}).give_up == 5


def test_without_give_up_the_leader_takes_all_13_and_pays_13():
    g = game()
    play_out(g)
    h = g.results[-1]
    assert h.points == (13, 0, 0, 0) and h.gave_up == ()
    assert h.chips == (-13, 4, 4, 4) and h.pot == 1


def test_eldest_gives_up_at_the_first_lead():
    g = game()
    d = g.pending()[0]
    assert d.kind == "play" and d.options == ("give_up",)
    assert d.allows(Action.give_up(0)) and not d.allows(Action.give_up(1))
    assert Action.give_up(0) in d.legal_actions()
    assert Action("play", 0, card_tuple(d.cards)[0]) in d.legal_actions()
    events = g.apply(Action.give_up(0))
    assert events == [GaveUp(0, 0, 13, 8)]
    assert g.hands[0] == 0 and g.set_aside == SUITS[0] and g.gave_up == [0]
    # the next seat still in the hand leads: seat 1 its diamonds, every trick of three cards
    assert g.turn == 1 and g.leader == 1
    events = play_out(g)
    tricks = [e for e in events if isinstance(e, TrickTaken)]
    assert len(tricks) == 13 and all(t.seats == (1, 2, 3) and t.winner == 1 for t in tricks)
    h = g.results[-1]
    assert h.gave_up == (0,) and h.points == (0, 13, 0, 0)
    # seat 1 took all 13 hearts among the three still in: pays 13, 6 to each of 2 and 3 and
    # 1 to the pot; seat 0 pays 8 to each of the three
    assert h.chips == (-24, -13 + 8, 6 + 8, 6 + 8) and h.pot == 1
    assert sum(h.chips) + h.pot == 0
    scored = [e for e in events if isinstance(e, HandScored)][0]
    assert scored.gave_up == (0,) and scored.breakdown[0] == ()
    assert sum(x.points for x in scored.breakdown[1]) == 13


def test_a_give_up_in_the_middle_of_a_trick():
    g = game()
    g.apply(Action.play(0, parse_card("2C")))
    g.apply(Action.give_up(1))
    # the trick is finished by seats 2 and 3; seat 0's club takes it
    g.apply(Action.play(2, parse_card("2H")))
    events = g.apply(Action.play(3, parse_card("2S")))
    trick = [e for e in events if isinstance(e, TrickTaken)][0]
    assert trick.seats == (0, 2, 3) and trick.winner == 0 and trick.points == 1
    # seat 0 has taken a heart: seat 2 can no longer take them all and may not give up
    g.apply(Action.play(0, parse_card("3C")))
    assert g.turn == 2 and not g.can_give_up(2)
    play_out(g)
    h = g.results[-1]
    assert h.points == (13, 0, 0, 0) and h.gave_up == (1,)
    assert h.chips == (-13 + 8, -24, 6 + 8, 6 + 8) and h.pot == 1


def test_the_leader_may_give_up_after_taking_hearts_itself():
    g = game()
    for card in ("2C", "2D", "2H", "2S"):  # seat 1 plays 2D: it may not give up later
        g.apply(Action.play(g.turn, parse_card(card)))
    assert g.won[0] & SUIT_MASKS[2]
    assert g.turn == 0 and g.can_give_up(0)  # only its own tricks hold hearts
    g.apply(Action.give_up(0))
    # the heart seat 0 took counts for nobody; seat 1 leads on and takes the other 12
    play_out(g)
    h = g.results[-1]
    assert h.points == (0, 12, 0, 0)
    # among seats 1-3 the fewest (2 and 3, 0 each) collect 12 from seat 1: 6 each
    assert h.chips == (-24, -12 + 8, 6 + 8, 6 + 8) and h.pot == 0


def test_refusals_name_their_reason_and_change_nothing():
    g = game()
    with pytest.raises(IllegalAction) as err:
        g.apply(Action.give_up(2))
    assert err.value.reason == "not_your_turn"
    for card in ("2C", "2D", "2H", "2S"):
        g.apply(Action.play(g.turn, parse_card(card)))
    g.apply(Action.play(0, parse_card("3C")))
    g.apply(Action.play(1, parse_card("3D")))
    # seat 2 to play, seat 0 holds a heart it took: seat 2 cannot take all 13
    before = (list(g.hands), list(g.won), g.turn, list(g.log))
    assert not g.can_give_up(2)
    with pytest.raises(IllegalAction) as err:
        g.apply(Action.give_up(2))
    assert err.value.reason == "cannot_give_up"
    assert "heart" in err.value.message
    assert (list(g.hands), list(g.won), g.turn, list(g.log)) == before
    assert g.pending()[0].options == ()
    # a game without the give-up
    std = Game(make_rules("standard"), 1)
    std.apply(Action.deal())
    std.apply(std.pending()[0].legal_actions()[0])  # the pass phase: nobody plays yet
    with pytest.raises(IllegalAction) as err:
        std.verify(Action.give_up(0))
    assert err.value.reason == "cannot_give_up"
    # between hands
    g2 = Game(make_rules("hearts-1887"), 1)
    with pytest.raises(IllegalAction) as err:
        g2.apply(Action.give_up(0))
    assert err.value.reason == "wrong_phase"


def test_the_last_seat_in_the_hand_takes_its_cards_and_the_hand_ends():
    g = game()
    events = []
    for seat in (0, 1, 2):
        assert g.turn == seat
        events += g.apply(Action.give_up(seat))
    assert g.phase == "deal"
    rest = [e for e in events if isinstance(e, RestTaken)]
    assert rest == [RestTaken(0, 3, SUITS[3], 0)]
    h = g.results[-1]
    assert h.gave_up == (0, 1, 2) and h.points == (0, 0, 0, 0)
    # each giver pays 8 to each of the three others (the other givers included)
    assert h.chips == (-8, -8, -8, 24) and h.pot == 0


def test_the_give_up_is_public_and_round_trips():
    g = game()
    events = g.apply(Action.give_up(0))
    for seat in (0, 1, 2, 3, None):
        assert visible_events(events, seat) == events
    assert event_from_json(json.loads(json.dumps(events[0].to_json()))) == events[0]
    assert Action.give_up(2).to_json() == ["give_up", 2]
    assert Action.from_json(["give_up", 2]) == Action.give_up(2)
    assert Decision(0, "play", SUITS[0], 1, ("give_up",)).to_json()["options"] == ["give_up"]


def test_a_record_with_gave_up_round_trips_through_hearts_score():
    g = game()
    g.apply(Action.play(0, parse_card("2C")))
    g.apply(Action.give_up(1))
    play_out(g)
    rec = record_from_game(g)
    assert rec["hands"][0]["gave_up"] == [1]
    assert rec["hands"][0]["deal"][1] == [f"{r}D" for r in "23456789TJQKA"]
    assert len(rec["hands"][0]["play"]) == 1 + 12 * 3 + 2
    replayed = replay_record(rec)
    assert replayed.results[-1] == g.results[-1]
    result = CliRunner().invoke(cli, ["score", "-"], input=json.dumps(rec))
    assert result.exit_code == 0, result.output
    score = json.loads(result.stdout)
    assert score["hands"][0]["chips"] == [-5, -24, 14, 14] and score["pot"] == 1
    assert score["hands"][0]["gave_up"] == [1]
    assert score["chip_totals"] == [-5, -24, 14, 14]


def test_bad_gave_up_lists_are_refused():
    g = game()
    g.apply(Action.play(0, parse_card("2C")))
    g.apply(Action.give_up(1))
    play_out(g)
    rec = record_from_game(g)
    hand = rec["hands"][0]
    # a seat that never reaches a turn to give up (its cards are all in the play)
    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["gave_up"] = [1, 3]
    out = score_record(bad)
    assert out["error"]["code"] == "bad_record" and out["error"]["path"] == "hands[0].gave_up"
    # not a list of seats
    bad["hands"][0]["gave_up"] = [7]
    assert score_record(bad)["error"]["code"] == "bad_record"
    # a give-up the rule refuses: seat 1 after seat 0 took a heart
    g = game()
    for card in ("2C", "2D", "2H", "2S"):
        g.apply(Action.play(g.turn, parse_card(card)))
    rec = record_from_game(g)
    rec["hands"][0]["gave_up"] = [1]
    rec["hands"][0]["play"] += ["3C"]
    with pytest.raises(RecordError) as err:
        replay_record(rec)
    assert err.value.code == "illegal_give_up" and err.value.reason == "cannot_give_up"
    assert (err.value.path, err.value.stage, err.value.hand, err.value.seat) == (
        "hands[0].gave_up", "play", 0, 1)
    # gave_up in a game without the give-up
    std = {"format": "hearts-record/1", "variant": "standard", "game": 1,
           "hands": [{"gave_up": [0], "play": []}]}
    err_json = score_record(std)["error"]
    assert (err_json["code"], err_json["reason"]) == ("illegal_give_up", "cannot_give_up")
    assert hand["gave_up"] == [1]


def test_gave_up_becomes_steps_in_its_order():
    from hearts.record import Place, record_actions

    g = game()
    g.apply(Action.play(0, parse_card("2C")))
    g.apply(Action.give_up(1))
    g.apply(Action.give_up(2))
    play_out(g)
    rec = record_from_game(g)
    assert rec["hands"][0]["gave_up"] == [1, 2]
    steps = record_actions(rec)
    # each give-up is a step of its own, at the hand's gave_up, where it fell in the play
    assert [(p, a) for p, a in steps if a.kind == "give_up"] == [
        (Place(0, "hands[0].gave_up"), Action.give_up(1)),
        (Place(0, "hands[0].gave_up"), Action.give_up(2))]
    kinds = [a.kind for _, a in steps]
    assert kinds[:4] == ["deal", "play", "give_up", "give_up"]
    assert replay_record(rec).results[-1] == g.results[-1]
    # listed out of order: seat 2 reaches its turn to give up before seat 1 would
    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["gave_up"] = [2, 1]
    with pytest.raises(RecordError) as err:
        replay_record(bad)
    assert (err.value.code, err.value.path, err.value.seat) == (
        "bad_record", "hands[0].gave_up", 1)
    assert "listed ahead" in err.value.message


def test_base_bot_asks_choose_give_up_where_the_decision_offers_it():
    from hearts.players.base import BaseBot
    from hearts.view import player_view

    class Folder(BaseBot):
        def choose_give_up(self, view):
            return True

    g = game()
    decision = g.pending()[0]
    assert decision.kind == "play" and "give_up" in decision.options
    view = player_view(g, 0)
    assert Folder().choose(view, decision) == Action("give_up", 0, None)
    assert BaseBot().choose(view, decision) == Action.play(0, parse_card("2C"))
    # without the option a bot that would give up plays its card
    plain = decision._replace(options=())
    assert Folder().choose(view, plain).kind == "play"


def test_random_legal_games_with_give_ups_settle_to_zero():
    rules = make_rules("hearts-1887")
    gave = 0
    for seed in range(30):
        g = Game(rules, seed + 1)
        rng = random.Random(seed)
        while not g.game_over:
            d = g.pending()[0]
            g.apply(rng.choice(d.legal_actions()))
        pot = 0
        for h in g.results:
            gave += len(h.gave_up)
            assert sum(h.chips) + h.pot - pot == 0
            pot = h.pot
        assert sum(g.chips) + g.pot == 0
        assert replay_record(record_from_game(g)).results == g.results
    assert gave


def test_medium_gives_up_only_when_taking_every_heart_costs_more():
    from hearts.players.hard import HardBot
    from hearts.players.medium import MediumBot, medium_give_up
    from hearts.view import player_view

    # seat 0 leads with every club: it takes every trick and every heart seat 2 throws
    one = game()
    double = game({"heart_values": "double"})
    assert not medium_give_up(player_view(one, 0))  # 13 to pay is less than 8 x 3
    assert medium_give_up(player_view(double, 0))  # 104 is more than 24
    assert MediumBot(1).choose_give_up(player_view(double, 0))
    assert HardBot(1).choose_give_up(player_view(double, 0))
    # a seat that cannot be sure of every trick keeps playing
    double.apply(Action.play(0, parse_card("2C")))
    assert not medium_give_up(player_view(double, 1))


def test_bots_stay_legal_with_the_give_up():
    from hearts.drive import drive
    from hearts.players.base import get_bot

    rules = make_rules("hearts-1887", None, {"heart_values": "double"})
    gave = []
    for seed in range(2):
        g = Game(rules, seed + 1)
        bots = [get_bot(name, seed) for name in ("random", "medium", "hard", "medium")]
        drive(g, bots, deal=True)  # one hand; an illegal answer raises
        assert g.phase == "deal" and g.results
        gave += g.results[-1].gave_up
    # hands some seats gave up: every bot still answers legally to the end
    for seed in range(3):
        g = game({"heart_values": "double"})
        g.apply(Action.give_up(0))
        bots = [None, get_bot("medium", seed), get_bot("hard", seed), get_bot("random", seed)]
        drive(g, bots)
        assert g.phase == "deal" and g.results[-1].gave_up[0] == 0


def test_hearts_play_offers_the_give_up_with_a_confirmation():
    import io

    from rich.console import Console

    from hearts.cli.play import TerminalGame

    rules = make_rules("hearts-1887", None, {"heart_values": "double"})
    out = io.StringIO()
    prompts: list[str] = []
    answers = iter(["hint", "give up", "no", "give up", "yes"])

    def ask(text: str) -> str:
        prompts.append(text)
        if tg.game.results:
            return "quit"
        if tg.game.phase == "play" and tg.game.turn == 0:
            return next(answers, "")
        raise AssertionError(f"unexpected prompt {text!r}")

    tg = TerminalGame(rules, 5, "medium", 1, Console(file=out, width=120), ask=ask)
    tg.game.start_hand(list(SUITS))  # the user (seat 0) leads every club
    assert tg.run() is False
    text = out.getvalue()
    assert "Hint: give up this hand" in text  # medium would: 104 to pay is more than 24
    assert any("Give up this hand and pay 24 chips" in p for p in prompts)
    card_prompt, confirm = "Your card (or give up, hint, quit):", prompts[2]
    # hint, give up, no (asked again), give up, yes; then "quit" at the next hand
    assert prompts[:5] == [card_prompt, card_prompt, confirm, card_prompt, confirm]
    assert "You give up the hand" in text
    r = tg.game.results[0]
    # the user pays 24 and receives 8 from each bot that gave up after it (medium leads
    # every diamond, then every heart, the same way)
    assert r.gave_up[0] == 0 and r.chips[0] == -24 + 8 * (len(r.gave_up) - 1)


def test_hearts_hint_answers_the_give_up():
    g = game({"heart_values": "double"})
    rec = record_from_game(g)
    result = CliRunner().invoke(cli, ["hint", "-", "--bot", "medium"], input=json.dumps(rec))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"ok": True, "seat": 0, "stage": "play",
                                         "give_up": True, "bot": "medium"}


def test_review_reads_a_record_with_gave_up():
    from hearts.analysis import decision_points

    g = game()
    g.apply(Action.play(0, parse_card("2C")))
    g.apply(Action.play(1, parse_card("2D")))
    g.apply(Action.give_up(2))
    play_out(g)
    rec = record_from_game(g)
    # seat 0's first card is reviewed; after seat 2 gave up its plays are not
    points = list(decision_points(rec, seat=0))
    assert [p.index for p in points] == [0]
    assert list(decision_points(rec, seat=2)) == []
