"""Hand and game scoring from won card sets: moon, sun, bonuses, targets, ties."""

from __future__ import annotations

import pytest

from hearts.cards import parse_mask
from hearts.rules import make_rules
from hearts.scoring import (
    HandScore,
    add_to_totals,
    auto_moon_choice,
    game_result,
    hand_points,
    penalty_of,
    score_hand,
)

HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
NO_POINTS = parse_mask("2C 3C")


def points(rules, won_text, tricks=(3, 3, 3, 4), choice=None):
    won = [parse_mask(w) | (NO_POINTS if not w else 0) for w in won_text]
    return hand_points(rules, score_hand(rules, won, tricks), choice)


def test_plain_hand():
    r = make_rules()
    # seat 0: Q♠ + 2 hearts = 15; seat 1: 11 hearts = 11; total 26.
    assert points(r, ["QS 2H 3H", "4H 5H 6H 7H 8H 9H TH JH QH KH AH", "", ""]) == (15, 11, 0, 0)


def test_moon_needs_all_26():
    r = make_rules()
    # 12 hearts + Q♠ = 25 is not a moon: scored as taken.
    assert points(r, ["QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AH", "", ""]) == (25, 1, 0, 0)
    s = score_hand(r, [parse_mask("QS " + HEARTS), 0, 0, 0], (13, 0, 0, 0))
    assert s.shooter == 0 and s.kind == "moon"


@pytest.mark.parametrize(("moon", "choice", "expected"), [
    ("add", None, (26, 0, 26, 26)),
    ("subtract", None, (0, -26, 0, 0)),
    ("choice", "add", (26, 0, 26, 26)),
    ("choice", "subtract", (0, -26, 0, 0)),
    ("choice", None, (26, 0, 26, 26)),   # no choice given: add
    ("none", None, (0, 26, 0, 0)),        # the shooter keeps the 26
])
def test_moon_options(moon, choice, expected):
    r = make_rules("standard", 4, {"moon": moon})
    assert points(r, ["", "QS " + HEARTS, "", ""], choice=choice) == expected


def test_jack_of_diamonds_outside_the_moon():
    r = make_rules("omnibus")
    # Shooter also took J♦: 0 for the moon, -10 for the J♦ = -10; others 26.
    assert points(r, ["QS JD " + HEARTS, "", "", ""]) == (-10, 26, 26, 26)
    # Another seat took J♦: shooter 0; that seat 26 - 10 = 16.
    assert points(r, ["QS " + HEARTS, "JD", "", ""]) == (0, 16, 26, 26)
    # J♦ is not needed for the moon, and is not a penalty card.
    assert penalty_of(r, parse_mask("JD QS")) == 13
    # No moon: J♦ -10 with 3 hearts = -7.
    assert points(r, ["QS 2H", "JD 3H 4H 5H", HEARTS.replace("2H 3H 4H 5H ", ""), ""]) == (14, -7, 9, 0)
    ten = make_rules("omnibus", 4, {"bonus_card": "TD"})
    assert points(ten, ["TD", "JD QS " + HEARTS, "", ""]) == (16, 0, 26, 26)


def test_shoot_the_sun():
    r = make_rules("standard", 4, {"shoot_the_sun": True})
    # all 13 tricks and all points: double moon, others +52
    s = score_hand(r, [parse_mask("QS " + HEARTS), 0, 0, 0], (13, 0, 0, 0))
    assert s.kind == "sun" and hand_points(r, s) == (0, 52, 52, 52)
    # all points but not every trick: an ordinary moon
    s2 = score_hand(r, [parse_mask("QS " + HEARTS), parse_mask("2C"), 0, 0], (12, 1, 0, 0))
    assert s2.kind == "moon" and hand_points(r, s2) == (0, 26, 26, 26)
    sub = make_rules("standard", 4, {"shoot_the_sun": True, "moon": "subtract"})
    assert hand_points(sub, score_hand(sub, [parse_mask("QS " + HEARTS), 0, 0, 0], (13, 0, 0, 0))) \
        == (-52, 0, 0, 0)


def test_spot_hearts():
    r = make_rules("spot-hearts")
    # 2H..AH = 2+...+14 = 104; Q♠ 25; total 129.
    assert penalty_of(r, parse_mask(HEARTS)) == 104
    assert points(r, ["QS 2H", "AH KH", "", ""]) == (27, 27, 0, 0)
    # moon: every other seat gets the whole 129
    assert points(r, ["", "", "QS " + HEARTS, ""]) == (129, 129, 0, 129)


def test_black_maria_and_swapped_spades():
    bm = make_rules("black-maria", 4)
    # Q♠ 13 + K♠ 10 + A♠ 7 + 2 hearts = 32
    assert points(bm, ["QS KS AS 2H 3H", "", "", ""]) == (32, 0, 0, 0)
    # no moon in Black Maria: all 43 stay with the taker
    assert points(bm, ["QS KS AS " + HEARTS, "", "", ""]) == (43, 0, 0, 0)
    sw = make_rules("black-maria", 4, {"spade_penalties": "maria-swapped"})
    # A♠ 10, K♠ 7
    assert points(sw, ["KS", "AS", "", ""]) == (7, 10, 0, 0)
    # one author's option: a moon scored as minus 43
    sub = make_rules("black-maria", 4, {"moon": "subtract"})
    assert points(sub, ["QS KS AS " + HEARTS, "", "", ""]) == (-43, 0, 0, 0)


def test_no_tricks_bonus():
    r = make_rules("standard", 4, {"no_tricks_bonus": True})
    # seat 3 took no trick: -5; the others as taken
    assert points(r, ["QS", HEARTS, "", ""], tricks=(5, 4, 4, 0)) == (13, 13, 0, -5)


def test_totals_and_exact_reset():
    r = make_rules("standard", 4, {"exact_target_resets": True})
    # 90 + 10 = 100 exactly -> 50; 95 + 10 = 105 stays; 50 + 0 stays
    assert add_to_totals(r, [90, 95, 50, 0], [10, 10, 0, 6]) == (50, 105, 50, 6)
    plain = make_rules()
    assert add_to_totals(plain, [90, 95, 50, 0], [10, 10, 0, 6]) == (100, 105, 50, 6)


def test_game_result():
    r = make_rules()
    assert game_result(r, [99, 10, 20, 30]) == (False, ())
    assert game_result(r, [100, 10, 20, 30]) == (True, (1,))
    assert game_result(r, [100, 10, 10, 30]) == (True, (1, 2))  # share
    po = make_rules("standard", 4, {"tie": "play-on"})
    assert game_result(po, [100, 10, 10, 30]) == (False, ())
    assert game_result(po, [100, 10, 11, 30]) == (True, (1,))
    short = make_rules("standard", 4, {"target_score": 50})
    assert game_result(short, [50, 0, 0, 1]) == (True, (1, 2))


def test_auto_moon_choice():
    r = make_rules("standard", 4, {"moon": "choice"})
    s = HandScore((26, 0, 0, 0), (0, 0, 0, 0), (13, 0, 0, 0), 0, "moon")
    # adding 26 to 80, 70, 60 ends the game (106) with seat 0 (90) not lowest -> subtract
    assert auto_moon_choice(r, [90, 80, 70, 60], s) == "subtract"
    # adding keeps the game going -> add
    assert auto_moon_choice(r, [10, 20, 30, 40], s) == "add"
