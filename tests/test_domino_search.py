"""Domino Hearts: the hard bot's worlds, its search, the review and the hint.

Oracle for the sampling: the engine.  A world of :class:`hearts.players.stock.StockSampler`
is a deal and a stock order on which the hand's plays so far are replayed by
:class:`hearts.game.Game` itself; the engine redoes every draw (a seat draws until it can
follow) and every drop-out, so a world whose hidden cards contradict a draw (a card of the
led suit in the hand at a draw, a drawn card of that suit before the last) makes the engine
draw differently or refuse a play, and the world's view no longer matches the real one.
With a pass option the world is a pre-pass deal and four passes replayed by the engine
too, so the seat's own pass and what it received must come out the same.
"""

from __future__ import annotations

import json
import random

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts.analysis import PLAY_WORLDS, decision_points, review_record
from hearts.cards import card_str, parse_card
from hearts.cli.hint import hint_for_game
from hearts.cli.main import cli
from hearts.game import PHASE_PLAY, Game
from hearts.players import get_bot
from hearts.players.hard import HardBot, distinct_moves, outstanding
from hearts.players.stock import StockSampler, plays_of
from hearts.record import record_from_game, replay_record
from hearts.rules import make_rules
from hearts.view import PlayerView, player_view

RULES = make_rules("domino", 4)
PUBLIC = ("hand", "tricks", "trick", "leader", "turn", "legal", "played", "counts",
          "tricks_won", "won", "draws", "draw_at", "stock_size", "out_order")
"""The view's fields a world must reproduce exactly (the seat's information set)."""


def C(text: str) -> int:
    return parse_card(text)


def _same_information(world: Game, view: PlayerView) -> None:
    got = player_view(world, view.seat)
    for name in PUBLIC:
        assert getattr(got, name) == getattr(view, name), name


def _positions(number: int, bots: str = "medium"):
    """Every position of one Domino hand played by ``bots``, as (game, seat to play)."""
    g = Game(RULES, number)
    g.start_hand()
    agents = [get_bot(bots, s) for s in range(4)]
    while g.phase == PHASE_PLAY:
        yield g
        g.play(g.turn, agents[g.turn].choose_play(player_view(g, g.turn)))


def test_the_view_says_when_each_draw_happened():
    """``draw_at`` is the number of cards played before the draw, and the draws before
    play k were made by the seat that made play k (it could not follow)."""
    seen = 0
    for g in _positions(31):
        v = player_view(g, 0)
        plays = plays_of(v)
        assert len(v.draw_at) == len(v.draws)
        for (s, _), at in zip(v.draws, v.draw_at, strict=True):
            assert at <= len(plays)
            assert (plays[at][0] if at < len(plays) else g.turn) == s
            seen += 1
    assert seen


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(1, 2**32 - 1), seed=st.integers(0, 2**16), bots=st.sampled_from(
    ["medium", "random"]))
def test_every_world_replays_to_the_same_view(number, seed, bots):
    """At every position of a hand and for every seat (the one to play, and the others,
    who may be waiting for a seat that has just drawn), each sampled world, replayed by
    the engine, gives that seat exactly the view it has."""
    rng = random.Random(seed)
    for g in _positions(number, bots):
        for seat in range(4):
            view = player_view(g, seat)
            sampler = StockSampler(view)
            for _ in range(2):
                _same_information(sampler.draw(rng), view)
            assert sampler.refused == 0  # the engine never refuses a sampled world
            if seat == g.turn:
                assert sampler.redrawn == 0  # nothing to reject at the seat's own turn


def test_worlds_cover_drop_outs_and_every_kind_of_draw():
    """Positions after seats have dropped out, after a draw that emptied the stock, and
    with another seat's hidden draws: every world replays to the seat's view, and the
    worlds differ in the hidden cards (the sampler is not stuck on one deal)."""
    rng = random.Random(5)
    dropped = emptied = hidden = 0
    for number in range(40, 52):
        for g in _positions(number):
            view = player_view(g, g.turn)
            sampler = StockSampler(view)
            runs = sampler.runs
            dropped += bool(view.out_order)
            emptied += view.stock_size == 0 and bool(view.draws)
            hidden += any(r.seat != view.seat and r.size > 1 for r in runs)
            worlds = [sampler.draw(rng) for _ in range(6)]
            for w in worlds:
                _same_information(w, view)
            others = {tuple(w.hands[s] for s in range(4) if s != view.seat) for w in worlds}
            unseen = RULES.deck & ~view.hand & ~view.played
            if 0 < sum(view.counts) - view.counts[view.seat] < unseen.bit_count():
                assert len(others) > 1
    assert dropped and emptied and hidden


def test_a_hidden_draw_is_never_of_the_led_suit_but_the_last():
    """Another seat drew several cards to a trick led in suit S and followed: in every
    world the cards it drew before the last are not of S, the last is the card it
    played, and what it held before the draw had no S."""
    rng = random.Random(9)
    checked = 0
    for number in range(60, 80):
        for g in _positions(number):
            view = player_view(g, g.turn)
            sampler = StockSampler(view)
            for run in sampler.runs:
                if run.seat == view.seat or run.size < 2 or run.last_played < 0:
                    continue
                w = sampler.draw(rng)
                drawn = [c for _, c in w.draws[run.first:run.first + run.size]]
                assert all(not run.led >> c & 1 for c in drawn[:-1])
                assert drawn[-1] == run.last_played
                checked += 1
    assert checked > 10


def _play_hand_searched(g: Game, bots: list[HardBot]) -> int:
    """Play ``g``'s hand to its end with ``bots``, each card checked legal; returns how many
    decisions with a choice were searched (at least one batch of worlds each)."""
    searched = 0
    while g.phase == PHASE_PLAY:
        view = player_view(g, g.turn)
        card = bots[g.turn].choose_play(view)
        assert view.legal >> card & 1
        if len(set(distinct_moves(view, outstanding(view)).values())) > 1:
            assert bots[g.turn].last_stats["worlds"] >= 8  # one batch at least
            searched += 1
        g.play(g.turn, card)
    return searched


def test_hard_plays_every_domino_decision_legally_and_searches():
    """Three seeded hands with hard in every seat: every card is legal (the engine takes
    it) and a decision with a choice is searched (sampled worlds), not handed to medium."""
    searched = 0
    for number in (3, 14, 15):
        g = Game(RULES, number)
        g.start_hand()
        bots = [HardBot(seed=s, time_limit=None, stock_budget=2000) for s in range(4)]
        searched += _play_hand_searched(g, bots)
        assert g.results and sum(g.results[-1].points) == RULES.hand_total
    assert searched > 10


def _duck_position() -> Game:
    """Seat 1 leads 9♥, seat 2 plays Q♥, seat 3 K♥: seat 0, last to play, holds A♥ and
    3♥ (taking the trick with A♥ costs 4 hearts now; 3♥ gives it to seat 3)."""
    hands = [["AH", "3H", "2C", "4D", "5S", "6C"],
             ["9H", "3C", "5D", "6S", "7C", "8D"],
             ["QH", "4C", "6D", "7S", "8C", "9D"],
             ["KH", "5C", "7D", "8S", "9C", "TD"]]
    deal = [sum(1 << C(c) for c in h) for h in hands]
    g = Game(RULES)
    g.hand_index = 0  # hand 1: seat 1 is eldest hand and leads
    rest = [c for c in range(64) if RULES.deck >> c & 1 and not any(d >> c & 1 for d in deal)]
    random.Random(2).shuffle(rest)
    g.start_hand(deal, rest)
    for card in ("9H", "QH", "KH"):
        g.play(g.turn, C(card))
    assert g.turn == 0 and g.legal_plays() == (1 << C("AH")) | (1 << C("3H"))
    return g


def test_hard_ducks_under_the_king_of_hearts_on_ten_seeds():
    """A clear call: with three hearts in the trick, hard keeps its A♥ and plays 3♥ under
    the K♥, on every seed, and its search says so (3♥ expected lower by over a point)."""
    view = player_view(_duck_position(), 0)
    for seed in range(10):
        bot = HardBot(seed=seed, time_limit=None)
        assert bot.choose_play(view) == C("3H")
    values = HardBot(seed=0, time_limit=None).evaluate(view)
    assert values[C("3H")] + 1.0 < values[C("AH")]


def _domino_record(number: int) -> dict:
    g = Game(RULES, number)
    g.start_hand()
    bots = [get_bot("medium", s) for s in range(4)]
    while g.phase == PHASE_PLAY:
        g.play(g.turn, bots[g.turn].choose_play(player_view(g, g.turn)))
    return record_from_game(g)


def test_review_weighs_each_domino_decision():
    """``review_record`` on a Domino hand: one entry per play of the seat, in order, with
    the keys of interfaces.md section 3; a decision with a choice is weighed over the
    sampled worlds (every legal card has an expected value and an interval)."""
    record = _domino_record(8)
    points = list(decision_points(record, seat=2))
    out = review_record(record, seat=2, play_worlds=30)
    assert out["ok"] and out["seat"] == 2 and len(out["decisions"]) == len(points) > 0
    weighed = 0
    for p, d in zip(points, out["decisions"], strict=True):
        assert {"hand", "stage", "index", "trick", "played", "best", "expected", "ci95",
                "loss", "loss_ci95", "mark", "worlds"} <= d.keys()
        assert d["stage"] == "play" and d["played"] == card_str(p.played[0])
        legal = {card_str(c) for c in range(64) if p.view.legal >> c & 1}
        assert set(d["expected"]) == legal and d["best"] in legal
        assert d["mark"] in (None, "inaccuracy", "mistake", "blunder") and d["loss"] >= 0
        if len(legal) > 1 and d["worlds"]:
            weighed += 1
            assert d["worlds"] == 30
    assert weighed


def test_review_marks_taking_the_hearts_with_the_ace():
    """The duck position as a record where seat 0 played A♥: the review marks it and
    names 3♥ best; had it played 3♥, nothing is marked."""
    g = _duck_position()
    g.play(0, C("AH"))
    record = record_from_game(g)
    d = review_record(record, seat=0, play_worlds=60)["decisions"][0]
    assert d["played"] == "AH" and d["best"] == "3H" and d["mark"] is not None
    g = _duck_position()
    g.play(0, C("3H"))
    d = review_record(record_from_game(g), seat=0, play_worlds=60)["decisions"][0]
    assert d["best"] == "3H" and d["mark"] is None


def _cli_review_json(tmp_path, record: dict, worlds: int) -> dict:
    """``hearts review FILE --json --worlds N`` on ``record``: the parsed output (exit 0)."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(cli, ["review", str(path), "--json", "--worlds", str(worlds),
                                      "--no-progress"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_cli_review_json_on_a_domino_record(tmp_path):
    out = _cli_review_json(tmp_path, _domino_record(12), 20)
    assert out["ok"] and out["decisions"] and out["play_worlds"] == 20
    assert PLAY_WORLDS == 400  # the default the worlds option overrides here


def test_hint_in_domino_comes_from_the_search():
    """``hearts hint`` (hard, the default) at the duck position answers 3♥, a legal
    card the search picks; medium's answer is legal too."""
    g = _duck_position()
    game = replay_record(record_from_game(g))
    out = hint_for_game(game, "hard")
    assert out == {"ok": True, "seat": 0, "stage": "play", "card": "3H", "bot": "hard"}
    mid = Game(RULES, 17)
    mid.start_hand()
    for _ in range(9):
        mid.play(mid.turn, get_bot("medium", mid.turn).choose_play(player_view(mid, mid.turn)))
    out = hint_for_game(replay_record(record_from_game(mid)))
    assert out["ok"] and mid.legal_plays() >> parse_card(out["card"]) & 1


def test_outstanding_cards_include_the_stock():
    """Two cards of a suit are one choice only when no card between them can still come
    into play: with a stock, every card the seat has not seen can (it may be drawn), so
    at the first lead of a Domino hand every card held is its own choice."""
    g = Game(RULES, 77)
    g.start_hand()
    view = player_view(g, g.turn)
    out = outstanding(view)
    assert out == RULES.deck & ~view.hand & ~view.played
    rep = distinct_moves(view, out)
    assert set(rep) == {c for c in range(64) if view.legal >> c & 1}
    for c in rep:  # 6 cards of 52 dealt: no two are adjacent with nothing outside between
        assert rep[c] == c or not out & ((1 << rep[c]) - (2 << c))


def test_worlds_with_the_lowest_club_leading():
    """Under ``first_lead: lowest-club`` the opening card's holder leads (eldest hand when
    it lies in the stock): a fact the pseudo-seats do not read, kept by drawing again the
    worlds the engine refuses.  Every world kept replays to the seat's view."""
    rules = make_rules("domino", 4, {"first_lead": "lowest-club"})
    rng = random.Random(3)
    for number in (2, 9):
        g = Game(rules, number)
        g.start_hand()
        bots = [get_bot("medium", s) for s in range(4)]
        while g.phase == PHASE_PLAY:
            view = player_view(g, g.turn)
            sampler = StockSampler(view)
            for _ in range(3):
                world = sampler.draw(rng)
                got = player_view(world, view.seat)
                assert all(getattr(got, f) == getattr(view, f) for f in PUBLIC)
            g.play(g.turn, bots[g.turn].choose_play(view))


PASS_RULES = {sched: make_rules("domino", 4, {"pass_schedule": sched})
              for sched in ("left", "right")}
PASS_PUBLIC = (*PUBLIC, "passed", "received", "pass_to", "pass_offset")
"""With a pass, a world must also give the seat its own pass and what it received."""


def _pass_positions(rules, number: int, bots: str = "medium"):
    """Every play position of one Domino hand with a pass, every seat passing as ``bots``."""
    g = Game(rules, number)
    g.start_hand()
    agents = [get_bot(bots, s) for s in range(4)]
    assert g.pass_offset
    for s in range(4):
        g.pass_cards(s, agents[s].choose_pass(player_view(g, s)))
    while g.phase == PHASE_PLAY:
        yield g
        g.play(g.turn, agents[g.turn].choose_play(player_view(g, g.turn)))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(1, 2**32 - 1), seed=st.integers(0, 2**16),
       sched=st.sampled_from(sorted(PASS_RULES)), bots=st.sampled_from(["medium", "random"]))
def test_worlds_with_a_pass_replay_to_the_same_view(number, seed, sched, bots):
    """With a pass: at every position and for every seat, each world (a pre-pass deal,
    the four passes and the plays, replayed by the engine) gives that seat exactly its
    view, its pass and what it received included; the cards it passed are, in the
    world, with the seat it passed to (or played by it), never in the stock."""
    rng = random.Random(seed)
    for g in _pass_positions(PASS_RULES[sched], number, bots):
        for seat in range(4):
            view = player_view(g, seat)
            sampler = StockSampler(view)
            mine = sum(1 << c for c in view.passed)
            for _ in range(2):
                world = sampler.draw(rng)
                got = player_view(world, seat)
                for name in PASS_PUBLIC:
                    assert getattr(got, name) == getattr(view, name), name
                to = view.pass_to
                played_by_to = sum(1 << c for s, c in plays_of(view) if s == to)
                assert mine & ~(world.hands[to] | played_by_to) == 0
                assert not any(mine >> c & 1 for c in world.stock)
            assert sampler.refused == 0
            if seat == g.turn:
                assert sampler.redrawn == 0


def test_worlds_with_a_pass_differ_in_the_other_seats_hands():
    """The other seats' passes among themselves are unknown: the worlds are not stuck
    on one deal (the hidden hands differ across worlds)."""
    rng = random.Random(11)
    varied = 0
    for number in (5, 6, 7):
        g = next(_pass_positions(PASS_RULES["left"], number))
        view = player_view(g, g.turn)
        sampler = StockSampler(view)
        others = {tuple(sampler.draw(rng).hands[s] for s in range(4) if s != view.seat)
                  for _ in range(8)}
        varied += len(others) > 1
    assert varied == 3


def test_hard_searches_every_domino_decision_with_a_pass():
    """Seeded Domino hands with a pass (left and right), hard in every seat: every pass
    and card is legal (the engine takes it), every pass is searched (play-outs on the
    engine) and a play with a choice is searched (sampled worlds), not handed to
    medium."""
    searched = 0
    for sched, number in (("left", 3), ("right", 14), ("left", 15)):
        rules = PASS_RULES[sched]
        g = Game(rules, number)
        g.start_hand()
        bots = [HardBot(seed=s, time_limit=None, stock_budget=2000, pass_rollouts=120)
                for s in range(4)]
        for s in range(4):
            given = bots[s].choose_pass(player_view(g, s))
            assert bots[s].last_stats["rollouts"] >= 120  # searched on the engine
            g.pass_cards(s, given)
        searched += _play_hand_searched(g, bots)
        assert g.results and sum(g.results[-1].points) == rules.hand_total
    assert searched > 10


def _domino_pass_record(number: int) -> dict:
    """A record of one Domino hand passing left, medium in every seat."""
    g = Game(PASS_RULES["left"], number)
    g.start_hand()
    bots = [get_bot("medium", s) for s in range(4)]
    for s in range(4):
        g.pass_cards(s, bots[s].choose_pass(player_view(g, s)))
    while g.phase == PHASE_PLAY:
        g.play(g.turn, bots[g.turn].choose_play(player_view(g, g.turn)))
    return record_from_game(g)


def test_review_weighs_a_domino_hand_with_a_pass():
    """``review_record`` on a Domino hand with a pass: the pass is weighed (every
    candidate with an expected value, the pass made among them) and every play with a
    choice over the sampled worlds."""
    record = _domino_pass_record(8)
    points = list(decision_points(record, seat=2))
    assert points[0].stage == "pass" and all(p.stage == "play" for p in points[1:])
    out = review_record(record, seat=2, play_worlds=20, pass_worlds=10)
    assert out["ok"] and len(out["decisions"]) == len(points)
    first = out["decisions"][0]
    assert first["stage"] == "pass" and first["worlds"] == 10
    assert " ".join(sorted(first["played"], key=parse_card)) in first["expected"]
    weighed = 0
    for p, d in zip(points[1:], out["decisions"][1:], strict=True):
        legal = {card_str(c) for c in range(64) if p.view.legal >> c & 1}
        assert d["played"] == card_str(p.played[0]) and set(d["expected"]) == legal
        if len(legal) > 1 and d["worlds"]:
            weighed += 1
            assert d["worlds"] == 20
    assert weighed


def test_cli_review_json_on_a_domino_record_with_a_pass(tmp_path):
    out = _cli_review_json(tmp_path, _domino_pass_record(12), 10)
    assert out["ok"] and out["decisions"][0]["stage"] == "pass"
