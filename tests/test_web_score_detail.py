"""``service.score_detail``: the penalty cards each seat has taken and its breakdown."""

from __future__ import annotations

import random

import pytest

from hearts.cards import card_str, cards_of
from hearts.game import Game
from hearts.rules import make_rules
from hearts.web.service import score_detail


def _play_hand(game: Game, rng: random.Random, stop_after: int | None = None) -> None:
    """Bid and name a suit at random (an auction), pass the first cards and play random
    legal cards (``stop_after`` plays, or the hand)."""
    while game.phase in ("bid", "suit"):
        game.apply(rng.choice(game.pending()[0].legal_actions()))
    for s in range(game.n):
        if game.phase == "pass" and game.passes[s] is None:
            game.pass_cards(s, cards_of(game.hands[s])[:game.rules.pass_count])
    played = 0
    while game.phase == "play" and (stop_after is None or played < stop_after):
        game.play(game.turn, rng.choice(cards_of(game.legal_plays(game.turn))))
        played += 1


@pytest.mark.parametrize("variant,options", [
    ("standard", {}), ("black-maria", {}), ("omnibus", {"no_tricks_bonus": True}),
    ("spot-hearts", {}), ("standard", {"moon": "subtract"}), ("royal", {"moon": "add"}),
    ("royal", {"qc_cancels": "heart", "moon": "subtract"}), ("greek-1939", {}), ("black-jack", {}),
    ("omnibus", {"slam": True}), ("auction", {}), ("heartsette", {}), ("joker", {}),
])
def test_items_add_up_to_the_hand_points(variant, options):
    rules = make_rules(variant, None, options)
    for number in range(1, 41):
        game = Game(rules, number)
        assert score_detail(game) is None  # nothing dealt yet
        game.start_hand()
        _play_hand(game, random.Random(number))
        detail = score_detail(game)
        assert detail is not None and detail["scored"] and detail["hand"] == 0
        result = game.results[-1]
        for seat in range(game.n):
            assert sum(x["points"] for x in detail["items"][seat]) == result.points[seat]
            if result.moon is None:
                assert not any(x["kind"] == "moon" for x in detail["items"][seat])


def test_taken_cards_follow_from_the_tricks_so_far():
    rules = make_rules("black-maria", None, {})
    game = Game(rules, 99)
    game.start_hand()
    _play_hand(game, random.Random(5), stop_after=20)
    detail = score_detail(game)
    assert detail is not None and not detail["scored"]
    expected: list[set[str]] = [set() for _ in range(game.n)]
    for trick in game.tricks:
        if trick.winner is not None:
            expected[trick.winner] |= {card_str(c) for c in trick.cards if rules.penalty[c]}
    assert [set(x) for x in detail["taken"]] == expected
    for seat, items in enumerate(detail["items"]):
        hearts = sum(1 for c in expected[seat] if c.endswith("H"))
        assert sum(x.get("count", 0) for x in items if x["kind"] == "hearts") == hearts
        assert {x["card"] for x in items if x["kind"] == "card"} == \
            {c for c in expected[seat] if not c.endswith("H")}
        assert not any(x["kind"] in ("moon", "no_tricks") for x in items)  # not scored yet


def test_the_widow_is_in_its_takers_cards_for_the_taker_alone():
    # Heartsette: the first trick's winner takes the widow unseen by the others, so the
    # "cards taken" of seat 0 must not show it while the hand goes on (unless seat 0 took it).
    rules = make_rules("heartsette", None, {"pass_schedule": "none"})
    checked = 0
    for number in range(1, 60):
        game = Game(rules, number)
        game.start_hand()
        _play_hand(game, random.Random(number), stop_after=game.n)
        taker = game.widow_taker
        widow = {card_str(c) for c in cards_of(game.widow) if rules.penalty[c]}
        if taker < 0 or not widow:
            continue
        for viewer in range(game.n):
            taken = set(score_detail(game, viewer)["taken"][taker])
            assert (widow <= taken) == (viewer == taker), (number, viewer, taker)
        checked += 1
        _play_hand(game, random.Random(number))
        assert widow <= set(score_detail(game, (taker + 1) % game.n)["taken"][taker])  # scored
    assert checked >= 5


@pytest.mark.parametrize("declare", ["general", None])
def test_items_add_up_with_the_general(declare):
    """The four-queens game: with the General declared its outcome is an item of its own
    (kind ``general``: made, each opponent's 64 less its cards; failed, the declarer's 64 less
    its cards), so each seat's items still add up to its points; a General made without
    declaring is the moon's item."""
    rules = make_rules("four-queens", None, {})
    kinds = set()
    for number in range(1, 31):
        game = Game(rules, number)
        game.start_hand()
        rng = random.Random(number)
        for s in range(game.n):
            game.pass_cards(s, cards_of(game.hands[s])[:game.rules.pass_count])
        while game.phase == "declare":
            game.declare(game.turn, declare if game.turn == 0 else None)
        _play_hand(game, rng)
        detail = score_detail(game)
        assert detail is not None and detail["scored"]
        result = game.results[-1]
        for seat in range(game.n):
            items = detail["items"][seat]
            assert sum(x["points"] for x in items) == result.points[seat]
            kinds |= {x["kind"] for x in items}
            if declare is None:
                assert not any(x["kind"] == "general" for x in items)
            else:
                assert all(x["seat"] == 0 for x in items if x["kind"] == "general")
    assert ("general" in kinds) == (declare is not None)


@pytest.mark.parametrize("variant", ["royal", "four-queens", "auction", "heartsette",
                                     "partnership-slam", "cancellation", "domino"])
def test_the_scored_items_are_the_engines_breakdown(variant):
    """Once the hand is scored, ``score_detail``'s items are the ``hand_end`` event's
    breakdown (the engine's ``Game.breakdown``), not worked out again."""
    from hearts.events import HandScored

    rules = make_rules(variant, None, {})
    for number in range(1, 6):
        game = Game(rules, number)
        rng = random.Random(number)
        events = list(game.apply(game.pending()[0].legal_actions()[0]))
        while game.phase not in ("deal", "game-over"):
            events += game.apply(rng.choice(game.pending()[0].legal_actions()))
        scored = next(e for e in events if isinstance(e, HandScored))
        detail = score_detail(game)
        assert detail["scored"]
        assert detail["items"] == [[x.to_json() for x in items] for items in scored.breakdown]
