"""Rules as data: variants, options, decks per player count, pass schedules."""

from __future__ import annotations

import pytest

from hearts.cards import card_str, cards_of, parse_card, parse_mask
from hearts.rules import (
    OPTION_SPECS,
    OPTIONS,
    VARIANTS,
    Rules,
    RulesError,
    make_rules,
    pass_offsets,
    resolve_options,
)


def removed(rules: Rules) -> set[str]:
    full = {card_str(s * 16 + r) for s in range(4) for r in range(13)}
    return full - {card_str(c) for c in cards_of(rules.deck)}


@pytest.mark.parametrize(("players", "gone", "size", "opening"), [
    (3, {"2D"}, 17, "2C"),                    # 51 cards, 2♣ still leads
    (4, set(), 13, "2C"),
    (5, {"2C", "2D"}, 10, "3C"),              # 50 cards, 3♣ leads
    (6, {"2C", "2D", "2S", "3C"}, 8, "4C"),   # 48 cards, 4♣ leads
])
def test_standard_decks(players, gone, size, opening):
    r = make_rules("standard", players)
    assert removed(r) == gone
    assert r.hand_size == size and size * players == r.deck.bit_count()
    assert card_str(r.opening_card) == opening
    assert r.hand_total == 26  # no penalty card is ever removed


@pytest.mark.parametrize(("players", "gone", "size", "total"), [
    (3, {"2C"}, 17, 43),
    (4, set(), 13, 43),
    (5, {"2C", "2D"}, 10, 43),
    (6, {"2C", "2D", "2H", "2S"}, 8, 42),     # the 2♥ (1 point) is out: 43 - 1
])
def test_black_maria_decks(players, gone, size, total):
    r = make_rules("black-maria", players)
    assert removed(r) == gone
    assert r.hand_size == size
    assert r.hand_total == total


def test_penalty_values():
    std = make_rules()
    assert std.penalty[parse_card("QS")] == 13 and std.penalty[parse_card("AH")] == 1
    assert std.penalty[parse_card("KS")] == 0 and std.hand_total == 13 * 1 + 13
    bm = make_rules("black-maria", 4)
    # hearts 13 x 1 + Q♠ 13 + K♠ 10 + A♠ 7 = 43
    assert (bm.penalty[parse_card("QS")], bm.penalty[parse_card("KS")], bm.penalty[parse_card("AS")]) \
        == (13, 10, 7)
    assert bm.hand_total == 43
    sw = make_rules("black-maria", 4, {"spade_penalties": "maria-swapped"})
    assert (sw.penalty[parse_card("KS")], sw.penalty[parse_card("AS")]) == (7, 10)
    assert sw.hand_total == 43
    spot = make_rules("spot-hearts")
    # hearts 2+3+...+14 = 104, Q♠ 25: 129
    assert spot.penalty[parse_card("2H")] == 2 and spot.penalty[parse_card("AH")] == 14
    assert spot.penalty[parse_card("JH")] == 11 and spot.penalty[parse_card("QS")] == 25
    assert spot.hand_total == 129
    # Black Maria with Spot Hearts: 104 + 25 + 10 + 7 = 146
    assert make_rules("black-maria", 4, {"spot_hearts": True}).hand_total == 146
    omni = make_rules("omnibus")
    assert omni.bonus == ((parse_card("JD"), -10),) and omni.hand_total == 26
    assert make_rules("omnibus", 4, {"bonus_card": "TD"}).bonus == ((parse_card("TD"), -10),)
    assert parse_card("JD") not in cards_of(omni.penalty_mask)


@pytest.mark.parametrize(("schedule", "players", "expected"), [
    ("rotate", 3, (1, 2, 0)),            # left, right, hold
    ("rotate", 4, (1, 3, 2, 0)),         # left, right, across (2 on), hold
    ("rotate", 5, (1, 4, 0)),
    ("rotate", 6, (1, 5, 3, 0)),         # across is three seats on with six
    ("rotate-no-hold", 4, (1, 3, 2)),
    ("rotate-no-hold", 3, (1, 2)),
    ("rotate-no-hold", 6, (1, 5, 3)),
    ("left", 5, (1,)),
    ("right", 4, (3,)),
    ("right", 3, (2,)),
    ("none", 4, (0,)),
])
def test_pass_schedules(schedule, players, expected):
    assert pass_offsets(schedule, players) == expected
    r = make_rules("standard", players, {"pass_schedule": schedule})
    assert tuple(r.pass_offset(k) for k in range(len(expected))) == expected
    assert r.pass_offset(len(expected)) == expected[0]  # the cycle repeats


def test_pass_names():
    r = make_rules("standard", 4)
    assert [r.pass_name(k) for k in range(5)] == ["left", "right", "across", "none", "left"]
    r6 = make_rules("standard", 6)
    assert [r6.pass_name(k) for k in range(4)] == ["left", "right", "across", "none"]
    bm = make_rules("black-maria", 5)
    assert [bm.pass_name(k) for k in range(3)] == ["right"] * 3


def test_black_maria_defaults():
    r = make_rules("black-maria")
    assert r.players == 3
    assert r.first_lead == "eldest-any" and r.hearts_lead_any_time and r.first_trick_points
    assert r.moon == "none" and r.pass_offsets == (2,)


def test_option_errors():
    with pytest.raises(RulesError) as e:
        make_rules("nope")
    assert e.value.reason == "unknown_variant"
    with pytest.raises(RulesError) as e:
        make_rules("standard", 4, {"colour": "red"})
    assert e.value.reason == "unknown_option"
    assert "hearts variants" in str(e.value) and "did you mean" not in str(e.value)
    with pytest.raises(RulesError) as e:  # a near miss is named
        make_rules("standard", 4, {"pass_shedule": "none"})
    assert "did you mean 'pass_schedule'?" in str(e.value)
    with pytest.raises(RulesError) as e:  # a huge key is not echoed whole
        make_rules("standard", 4, {"x" * 10_000: 1})
    assert len(str(e.value)) < 200
    for key, bad in [("moon", "sometimes"), ("qs_breaks_hearts", 1), ("target_score", 0),
                     ("target_score", "100"), ("pass_count", 5), ("tie", "coin"), ("target_score", True)]:
        with pytest.raises(RulesError) as e:
            make_rules("standard", 4, {key: bad})
        assert e.value.reason == "bad_option", key
    for n in (2, 7, "4", True):
        with pytest.raises(RulesError) as e:
            make_rules("standard", n)
        assert e.value.reason == "bad_option"


def test_options_schema_and_public_keys():
    keys = {o.key for o in OPTIONS}
    assert {"moon", "qs_breaks_hearts", "first_trick_points", "hearts_lead_any_time",
            "exact_target_resets", "pass_schedule", "target_score", "tie", "shoot_the_sun",
            "first_lead", "jack_of_diamonds", "spot_hearts"} <= keys
    assert OPTION_SPECS["moon"].choices == ("add", "subtract", "choice", "none")
    assert OPTION_SPECS["pass_schedule"].choices == ("rotate", "left", "right", "rotate-no-hold", "none")
    for o in OPTIONS:
        o.check(o.default)
        assert o.to_json()["key"] == o.key
    assert {"standard", "black-maria", "spot-hearts", "omnibus"} <= set(VARIANTS)
    assert resolve_options("black-maria", {"moon": "subtract"})["moon"] == "subtract"


def test_rules_frozen_hashable_and_equal():
    a, b = make_rules("standard", 4, {"moon": "subtract"}), make_rules("standard", 4, {"moon": "subtract"})
    assert a == b and hash(a) == hash(b)
    assert a != make_rules("standard", 4)
    with pytest.raises(AttributeError):
        a.players = 5  # type: ignore[misc]
    # its mappings are read-only too (extensions was a dict a copy shared and pickle lost)
    for mapping in (a.options, a.extensions):
        with pytest.raises(TypeError):
            mapping["x"] = 1  # type: ignore[index]
    assert a.to_json() == {"variant": "standard", "players": 4, "options": dict(a.options)}
    assert a.deck_cards == tuple(cards_of(a.deck))


def test_breaking_and_lead_masks():
    r = make_rules()
    hearts = parse_mask("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    assert r.breaking_mask == hearts and r.lead_restricted_mask == hearts
    assert make_rules("standard", 4, {"qs_breaks_hearts": True}).breaking_mask == hearts | parse_mask("QS")


def test_an_unknown_variant_names_the_near_miss() -> None:
    for wrong, near in (("Black-Maria", "black-maria"), ("black maria", "black-maria"),
                        ("omnibuss", "omnibus"), ("Hearts_1887", "hearts-1887")):
        with pytest.raises(RulesError) as info:
            make_rules(wrong)
        assert info.value.reason == "unknown_variant"
        assert f"did you mean {near!r}?" in str(info.value)
    with pytest.raises(RulesError) as info:
        make_rules("xyz")
    assert "did you mean" not in str(info.value) and "known: standard" in str(info.value)
