"""hearts-record/1: round trips, replays of whole games, partial records and located errors."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from hearts.cards import card_str, cards_of, parse_card
from hearts.deal import numbered_deal
from hearts.game import PHASE_DEAL, PHASE_OVER, PHASE_PASS, PHASE_PLAY, Game
from hearts.record import (
    CARD_LIMIT,
    ERROR_KEYS,
    FORMAT,
    MESSAGE_LIMIT,
    RecordError,
    dump_record,
    load_record,
    normalize_record,
    parse_record,
    record_from_game,
    replay_record,
    score_record,
    summary_of,
    validate_record,
)
from hearts.rules import make_rules

RANKS = "23456789TJQKA"
# Seat 0 all clubs, 1 all hearts, 2 all spades, 3 all diamonds: seat 0 leads clubs and
# takes every trick (a moon); seat 1 may play a heart to the first trick (it holds nothing
# else), seat 2 may not play QS there.
SUIT_DEAL = [[r + s for r in RANKS] for s in "CHSD"]
SUIT_PLAY = [r + s for r in RANKS for s in "CHSD"]


def suit_record(play: list[str] | None = None, **options: Any) -> dict[str, Any]:
    """A one-hand, no-pass, four-player record on :data:`SUIT_DEAL`."""
    return {"format": FORMAT, "variant": "standard",
            "options": {"pass_schedule": "none", **options}, "players": 4,
            "hands": [{"deal": copy.deepcopy(SUIT_DEAL),
                       "play": list(SUIT_PLAY if play is None else play)}]}


def error_of(record: Any) -> dict[str, Any]:
    """The error object a record raises (fails the test when it replays cleanly)."""
    with pytest.raises(RecordError) as info:
        replay_record(record)
    err = info.value.error
    assert list(err) == list(ERROR_KEYS)
    assert err == score_record(record)["error"]
    msg = err["message"]
    assert msg[0].isupper() and msg.endswith("."), msg
    return err


# ------------------------------------------------------------------ round trips
@pytest.mark.parametrize("variant", ["standard", "black-maria", "spot-hearts", "omnibus"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_round_trip_and_score(random_game: Any, variant: str, players: int) -> None:
    options = {} if variant == "black-maria" else {"moon": "choice"}
    rules = make_rules(variant, players, options)
    number = 1000 + players if variant != "omnibus" else None
    game: Game = random_game(rules, number, seed=players * 31 + len(variant))
    assert game.phase == PHASE_OVER
    record = record_from_game(game)
    text = dump_record(record)
    assert "\n" not in text
    replayed = replay_record(text)
    assert replayed.totals == game.totals
    assert replayed.winners == game.winners
    assert replayed.results == game.results
    assert record_from_game(replayed) == record
    assert normalize_record(record) == record
    assert load_record(text) == json.loads(text)
    summary = score_record(json.loads(text))
    assert summary == {
        "ok": True, "complete": True, "game_over": True, "winners": list(game.winners),
        "hands": [{"points": list(r.points), "tricks": list(r.tricks), "moon": r.moon}
                  for r in game.results],
        "totals": list(game.totals)}
    assert sum(summary["hands"][0]["tricks"]) == rules.hand_size


def test_record_without_deals_uses_the_numbered_deals(random_game: Any) -> None:
    rules = make_rules("standard", 4)
    game: Game = random_game(rules, 77, seed=5)
    record = record_from_game(game, deals=False)
    assert all("deal" not in h for h in record["hands"])
    assert record["game"] == 77
    replayed = replay_record(record)
    assert replayed.results == game.results
    # the explicit deals are the numbered ones
    full = record_from_game(game)
    for k, hand in enumerate(full["hands"]):
        assert [sorted(parse_card(c) for c in cards) for cards in hand["deal"]] == \
            [cards_of(m) for m in numbered_deal(rules, 77, k)]


def test_game_without_number_always_writes_deals(random_game: Any) -> None:
    game: Game = random_game(make_rules("standard", 4), None, seed=9, max_plays=30)
    record = record_from_game(game, deals=False)
    assert "game" not in record
    assert all(len(h["deal"]) == 4 for h in record["hands"])


def test_dump_indented_and_parse_accept_text_bytes_and_dict() -> None:
    record = suit_record()
    text = dump_record(record, indent=2)
    assert "\n" in text
    for source in (text, text.encode(), b"\xef\xbb\xbf" + text.encode(), record):
        assert parse_record(source) == record
    assert summary_of(replay_record(text))["totals"] == [0, 26, 26, 26]
    lines = text.splitlines()
    assert '        ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],' \
        in lines  # one line per seat's cards
    assert len(lines) < 30


def test_indented_dump_of_a_whole_game_reads_back(random_game: Any) -> None:
    game: Game = random_game(make_rules("omnibus", 5, {"moon": "choice"}), 8, seed=4)
    record = record_from_game(game)
    text = dump_record(record, indent=1)
    assert json.loads(text) == record
    assert replay_record(text).results == game.results


def test_cards_in_any_notation_are_read() -> None:
    record = suit_record()
    deal = record["hands"][0]["deal"]
    deal[0] = ["10♣" if c == "TC" else c.lower() for c in deal[0]]
    record["hands"][0]["play"] = ["2♣"] + record["hands"][0]["play"][1:]
    normal = normalize_record(record)
    assert "TC" in normal["hands"][0]["deal"][0]
    assert normal["hands"][0]["play"][0] == "2C"


def test_unknown_keys_are_ignored() -> None:
    record = suit_record()
    record["event"] = "club night"
    record["hands"][0]["comment"] = "a moon"
    assert score_record(record)["ok"] is True


def test_sample_game_file_scores_as_pinned(data_dir: Path) -> None:
    text = (data_dir / "standard-game.json").read_text()
    expected = json.loads((data_dir / "standard-game.score.json").read_text())
    assert score_record(text) == expected
    assert expected["game_over"] is True and expected["winners"] == [3]


# ------------------------------------------------------------------ moons
def test_moon_adds_to_the_others() -> None:
    out = score_record(suit_record())
    assert out["hands"] == [{"points": [0, 26, 26, 26], "tricks": [13, 0, 0, 0], "moon": 0}]
    assert out["complete"] is True and out["game_over"] is False


@pytest.mark.parametrize(("choice", "points"), [("add", [0, 26, 26, 26]),
                                                 ("subtract", [-26, 0, 0, 0])])
def test_moon_choice_is_applied(choice: str, points: list[int]) -> None:
    record = suit_record(moon="choice")
    record["hands"][0]["moon_choice"] = choice
    assert score_record(record)["totals"] == points
    assert normalize_record(record)["hands"][0]["moon_choice"] == choice


def test_moon_choice_absent_uses_the_automatic_choice() -> None:
    record = suit_record(moon="choice")
    game = replay_record(record)
    assert game.results[0].moon_choice == "add"
    # Seat 1 shoots twice, subtracting: totals 0, -52, 0, 0.  Then seat 0 shoots with no
    # choice written: adding would end the game (target 26) with seat 1 winning, so the
    # automatic choice subtracts.
    seat1 = {"deal": [SUIT_DEAL[1], SUIT_DEAL[0], SUIT_DEAL[2], SUIT_DEAL[3]],
             "play": [r + s for r in RANKS for s in "CSDH"], "moon_choice": "subtract"}
    record["options"]["target_score"] = 26
    record["hands"] = [copy.deepcopy(seat1), copy.deepcopy(seat1), record["hands"][0]]
    game = replay_record(record)
    assert [r.moon for r in game.results] == [1, 1, 0]
    assert game.results[2].moon_choice == "subtract"
    assert game.totals == [-26, -52, 0, 0]
    assert normalize_record(record)["hands"][2]["moon_choice"] == "subtract"


def test_moon_choice_on_a_hand_without_a_choice_is_ignored_but_checked() -> None:
    record = suit_record()
    record["hands"][0]["moon_choice"] = "subtract"
    assert score_record(record)["totals"] == [0, 26, 26, 26]
    record["hands"][0]["moon_choice"] = "double"
    err = error_of(record)
    assert (err["code"], err["reason"], err["stage"], err["hand"]) == \
        ("bad_record", "bad_record", "moon", 0)


def test_shoot_the_sun_doubles() -> None:
    assert score_record(suit_record(shoot_the_sun=True))["totals"] == [0, 52, 52, 52]


# ------------------------------------------------------------------ partial records
def test_record_stopping_mid_hand(random_game: Any) -> None:
    rules = make_rules("standard", 4)
    game: Game = random_game(rules, 4242, seed=2, max_plays=13 * 4 + 9)
    assert game.phase == PHASE_PLAY and game.hand_index == 1
    record = record_from_game(game)
    assert len(record["hands"][1]["play"]) == 9
    replayed = replay_record(record)
    assert replayed.phase == PHASE_PLAY
    assert replayed.hands == game.hands
    assert replayed.trick_cards == game.trick_cards
    assert replayed.turn == game.turn
    out = score_record(record)
    assert out["ok"] is True and out["complete"] is False and out["game_over"] is False
    assert len(out["hands"]) == 1
    assert out["totals"] == game.totals


def test_record_stopping_during_the_pass(random_game: Any) -> None:
    game = Game(make_rules("standard", 4), 31)
    game.start_hand()
    game.pass_cards(2, cards_of(game.hands[2])[:3])
    record = record_from_game(game)
    passes = record["hands"][0]["passes"]
    assert passes[0] == [] and len(passes[2]) == 3
    replayed = replay_record(record)
    assert replayed.phase == PHASE_PASS
    assert replayed.passes == game.passes
    assert score_record(record)["complete"] is False
    # no passes at all: stopped before anyone passed
    del record["hands"][0]["passes"]
    assert replay_record(record).phase == PHASE_PASS


def test_record_stopping_between_hands_and_empty_record() -> None:
    out = score_record(suit_record())
    assert out["complete"] is True
    empty = {"format": FORMAT, "variant": "standard", "hands": []}
    assert score_record(empty) == {"ok": True, "complete": True, "game_over": False,
                                   "winners": [], "hands": [], "totals": [0, 0, 0, 0]}
    game = replay_record(empty)
    assert game.phase == PHASE_DEAL and game.rules.players == 4


def test_no_pass_hand_accepts_omitted_or_empty_passes() -> None:
    for passes in (None, [], [[], [], [], []]):
        record = suit_record()
        if passes is not None:
            record["hands"][0]["passes"] = passes
        assert score_record(record)["ok"] is True


def test_partial_sample_file(data_dir: Path) -> None:
    out = score_record((data_dir / "partial.json").read_text())
    assert out == {"ok": True, "complete": False, "game_over": False, "winners": [],
                   "hands": [], "totals": [0, 0, 0, 0]}


# ------------------------------------------------------------------ errors: reading
@pytest.mark.parametrize("text", ['{"format": "hearts-record/1", "hands": [', "", "   ",
                                  "{'format': 1}", "[1, 2]", '"a string"', "42", "null",
                                  "[" * 100000])
def test_text_that_is_not_a_json_object(text: str) -> None:
    err = error_of(text)
    assert (err["code"], err["reason"], err["stage"]) == ("bad_record", "bad_record", "record")


def test_a_huge_number_or_deep_nesting_is_told_in_the_records_terms() -> None:
    """Python's own words leaked through ("use sys.set_int_max_str_digits()", "maximum
    recursion depth exceeded while decoding a JSON array")."""
    huge = error_of('{"format": "hearts-record/1", "game": ' + "9" * 5000 + "}")
    deep = error_of("[" * 100000)
    for err in (huge, deep):
        assert err["code"] == "bad_record"
        assert "sys." not in err["message"] and "recursion" not in err["message"]
    assert "4,300 digits" in huge["message"] and "nested too deeply" in deep["message"]


def test_a_huge_option_key_is_not_repeated_whole_in_the_path() -> None:
    """Regression: a record with a 3 MB option key gave a 3 MB ``path`` (the message was
    already cut)."""
    from hearts.record import PATH_LIMIT

    key = "k" * 3_000_000
    err = error_of(json.dumps({"format": "hearts-record/1", "variant": "standard",
                               "options": {key: 1}, "hands": []}))
    assert err["code"] == "unknown_option" and err["path"].startswith("options.kkk")
    assert len(err["path"]) == PATH_LIMIT and len(json.dumps(err)) < 1000


def test_bytes_that_are_not_utf8() -> None:
    err = error_of(b'{"format": "hearts-record/1", "variant": "\xff"}')
    assert err["code"] == "bad_record" and "UTF-8" in err["message"]


@pytest.mark.parametrize(("change", "path"), [
    ({"format": None}, "format"),
    ({"format": "hearts-record/2"}, "format"),
    ({"hands": None}, "hands"),
    ({"hands": {"0": {}}}, "hands"),
    ({"options": ["moon"]}, "options"),
    ({"players": "4"}, "players"),
    ({"variant": 4}, "variant"),
    ({"game": 0}, "game"),
    ({"game": 2**32}, "game"),
    ({"game": "12"}, "game"),
])
def test_bad_top_level_fields(change: dict[str, Any], path: str) -> None:
    record = suit_record()
    record.update(change)
    if change.get(path, 0) is None:
        del record[path]
    err = error_of(record)
    assert (err["code"], err["reason"], err["path"]) == ("bad_record", "bad_record", path)


def test_unknown_variant() -> None:
    record = suit_record()
    record["variant"] = "black-knave"
    err = error_of(record)
    assert (err["code"], err["reason"], err["stage"], err["path"]) == \
        ("unknown_variant", "unknown_variant", "rules", "variant")
    assert "black-knave" in err["message"] and "standard" in err["message"]


def test_unknown_option() -> None:
    record = suit_record()
    # (this test used "jokers", which Joker Hearts made a real option: issue 8)
    record["options"]["joker_count"] = 2
    err = error_of(record)
    assert (err["code"], err["reason"], err["path"]) == \
        ("unknown_option", "unknown_option", "options.joker_count")
    assert "joker_count" in err["message"]


@pytest.mark.parametrize(("change", "path"), [
    ({"options": {"moon": "sometimes"}}, "options.moon"),
    ({"options": {"target_score": 0}}, "options.target_score"),
    ({"players": 7}, "players"),
    # each value fits its option, the combination does not: the option the rule names
    ({"options": {"give_up": 5}}, "options.give_up"),
])
def test_bad_option_values(change: dict[str, Any], path: str) -> None:
    record = suit_record()
    record.update(change)
    err = error_of(record)
    assert (err["code"], err["reason"], err["stage"], err["path"]) == \
        ("bad_option", "bad_option", "rules", path)


# ------------------------------------------------------------------ errors: deals
def test_duplicate_card_in_a_deal() -> None:
    record = suit_record()
    record["hands"][0]["deal"][3][5] = "QS"  # seat 2 holds QS as well
    err = error_of(record)
    assert (err["code"], err["reason"], err["stage"], err["hand"], err["seat"], err["card"]) == \
        ("bad_deal", "bad_deal", "deal", 0, 3, "QS")
    assert "QS" in err["message"]


def test_duplicate_card_within_one_seat() -> None:
    record = suit_record()
    record["hands"][0]["deal"][1][0] = "3H"
    err = error_of(record)
    assert (err["code"], err["seat"], err["card"]) == ("bad_deal", 1, "3H")
    assert "twice" in err["message"]


def test_deal_with_wrong_sizes_or_cards_outside_the_deck() -> None:
    record = suit_record()
    record["hands"][0]["deal"][0] = record["hands"][0]["deal"][0][:12]
    err = error_of(record)
    assert (err["code"], err["seat"]) == ("bad_deal", 0)
    record = suit_record()
    record["hands"][0]["deal"] = record["hands"][0]["deal"][:3]
    assert error_of(record)["code"] == "bad_deal"
    three = {"format": FORMAT, "variant": "standard", "players": 3,
             "hands": [{"deal": [["2D"] + [r + "C" for r in RANKS[:12]], [], []]}]}
    err = error_of(three)
    assert (err["code"], err["card"]) == ("bad_deal", "2D")  # 2D is removed for three players


def test_hand_without_deal_needs_a_game_number() -> None:
    err = error_of({"format": FORMAT, "hands": [{"play": []}]})
    assert (err["code"], err["reason"], err["hand"], err["stage"]) == \
        ("bad_deal", "bad_deal", 0, "deal")


@pytest.mark.parametrize(("where", "value"), [("deal", "XX"), ("deal", 7), ("play", "1S"),
                                              ("play", None)])
def test_unknown_card(where: str, value: Any) -> None:
    record = suit_record()
    if where == "deal":
        record["hands"][0]["deal"][2][4] = value
    else:
        record["hands"][0]["play"][1] = value
    err = error_of(record)
    assert (err["code"], err["reason"], err["stage"], err["hand"]) == \
        ("unknown_card", "unknown_card", where, 0)
    if where == "deal":
        assert (err["seat"], err["path"]) == (2, "hands[0].deal[2][4]")
    else:
        assert (err["seat"], err["index"], err["path"]) == (1, 1, "hands[0].play[1]")


# ------------------------------------------------------------------ errors: passes
def passing_record(number: int = 99) -> tuple[dict[str, Any], Game]:
    """A standard record on game ``number``: hand 0 (pass left) with passes and no play."""
    rules = make_rules("standard", 4)
    game = Game(rules, number)
    game.start_hand()
    for s in range(4):
        game.pass_cards(s, cards_of(game.hands[s])[-3:])
    return record_from_game(game), game


def test_pass_of_two_cards() -> None:
    record, _ = passing_record()
    record["hands"][0]["passes"][1] = record["hands"][0]["passes"][1][:2]
    err = error_of(record)
    assert (err["code"], err["reason"], err["stage"], err["hand"], err["seat"], err["index"]) \
        == ("illegal_pass", "bad_pass", "pass", 0, 1, None)
    assert "3" in err["message"] and "2" in err["message"]


def test_pass_of_the_same_card_twice() -> None:
    record, _ = passing_record()
    p = record["hands"][0]["passes"][2]
    p[1] = p[0]
    err = error_of(record)
    assert (err["code"], err["reason"], err["seat"], err["card"]) == \
        ("illegal_pass", "bad_pass", 2, p[0])


def test_pass_of_a_card_not_dealt() -> None:
    record, game = passing_record()
    other = card_str(cards_of(game.dealt[0])[0])
    record["hands"][0]["passes"][3][0] = other
    err = error_of(record)
    assert (err["code"], err["reason"], err["stage"], err["seat"], err["card"]) == \
        ("illegal_pass", "not_in_hand", "pass", 3, other)


def test_passes_on_a_no_pass_hand() -> None:
    record = suit_record()
    record["hands"][0]["passes"] = [[], ["2H", "3H", "4H"], [], []]
    err = error_of(record)
    assert (err["code"], err["reason"], err["seat"]) == ("illegal_pass", "bad_pass", 1)


def test_play_before_every_seat_passed() -> None:
    record, game = passing_record()
    record["hands"][0]["passes"][2] = []
    record["hands"][0]["play"] = [card_str(game.rules.opening_card)]
    err = error_of(record)
    assert (err["code"], err["reason"], err["stage"], err["seat"]) == \
        ("illegal_pass", "bad_pass", "pass", 2)
    del record["hands"][0]["passes"]
    assert error_of(record)["code"] == "illegal_pass"


# ------------------------------------------------------------------ errors: plays
def test_illegal_play_first_trick_points() -> None:
    err = error_of(suit_record(["2C", "2H", "QS"]))
    assert err == {"code": "illegal_play", "reason": "first_trick_points", "message": err["message"],
                   "stage": "play", "hand": 0, "index": 2, "seat": 2, "card": "QS",
                   "path": "hands[0].play[2]"}
    assert "first trick" in err["message"] and "North" in err["message"]


def test_heart_on_first_trick_is_legal_for_a_hand_of_only_hearts() -> None:
    assert score_record(suit_record(["2C", "AH", "3S", "4D"]))["ok"] is True


def test_card_not_in_hand() -> None:
    err = error_of(suit_record(["2C", "2D"]))
    assert (err["code"], err["reason"], err["index"], err["seat"], err["card"]) == \
        ("illegal_play", "not_in_hand", 1, 1, "2D")


def test_extra_cards_after_the_hand() -> None:
    err = error_of(suit_record(SUIT_PLAY + ["2C"]))
    assert (err["code"], err["stage"], err["hand"], err["index"]) == ("bad_record", "play", 0, 52)


def find_illegal(reason: str, seed: int, options: dict[str, Any] | None = None,
                 players: int = 4) -> tuple[dict[str, Any], int, int, int, int]:
    """Play random games until ``reason`` forbids a card held by the seat to play.

    Returns the record with that card appended, and hand, index, seat, card.
    """
    import random

    rng = random.Random(seed)
    rules = make_rules("standard", players, options or {})
    for _attempt in range(200):
        game = Game(rules, rng.randint(1, 2**32 - 1))
        while game.phase != PHASE_OVER:
            if game.phase == PHASE_DEAL:
                game.start_hand()
            elif game.phase == PHASE_PASS:
                for s in game.to_act():
                    game.pass_cards(s, rng.sample(cards_of(game.hands[s]), rules.pass_count))
            elif game.phase == PHASE_PLAY:
                seat = game.turn
                for card in cards_of(game.hands[seat]):
                    err = game.explain(seat, card)
                    if err is not None and err.reason == reason:
                        record = record_from_game(game)
                        hand = game.hand_index
                        index = len(record["hands"][hand]["play"])
                        record["hands"][hand]["play"].append(card_str(card))
                        return record, hand, index, seat, card
                game.play(seat, rng.choice(cards_of(game.legal_plays())))
            else:
                game.choose_moon(game.turn, "add")
    raise AssertionError(f"no position found where {reason} applies")  # pragma: no cover


@pytest.mark.parametrize(("reason", "options"), [
    ("must_follow_suit", {}),
    ("must_lead_lowest_club", {}),
    ("first_trick_points", {}),
    ("hearts_not_broken", {}),
    ("not_in_hand", {}),
])
def test_illegal_play_reasons_found_in_real_games(reason: str, options: dict[str, Any]) -> None:
    if reason == "not_in_hand":
        record, hand, index, seat, _ = find_illegal("must_follow_suit", 11)
        game = replay_record({**record, "hands": [
            *record["hands"][:hand], {**record["hands"][hand],
                                      "play": record["hands"][hand]["play"][:index]}]})
        card = next(c for c in cards_of(game.rules.deck) if not game.hands[seat] >> c & 1)
        record["hands"][hand]["play"][index] = card_str(card)
    else:
        record, hand, index, seat, card = find_illegal(reason, 3 + len(reason), options)
    err = error_of(record)
    assert (err["code"], err["reason"], err["stage"], err["hand"], err["index"], err["seat"],
            err["card"]) == ("illegal_play", reason, "play", hand, index, seat, card_str(card))
    assert err["path"] == f"hands[{hand}].play[{index}]"
    assert f"Hand {hand + 1}, card {index + 1}:" in err["message"]


# ------------------------------------------------------------------ errors: structure
def test_hand_after_an_unfinished_hand() -> None:
    record = suit_record(["2C", "2H"])
    record["hands"].append(copy.deepcopy(record["hands"][0]))
    err = error_of(record)
    assert (err["code"], err["hand"]) == ("bad_record", 1)


def test_hand_after_the_end_of_the_game() -> None:
    record = suit_record(target_score=20)
    record["hands"].append({"deal": copy.deepcopy(SUIT_DEAL), "play": []})
    game = replay_record({**record, "hands": record["hands"][:1]})
    assert game.phase == PHASE_OVER and game.winners == (0,)
    err = error_of(record)
    assert (err["code"], err["hand"], err["path"]) == ("bad_record", 1, "hands[1]")


@pytest.mark.parametrize(("hand", "path"), [
    ([], "hands[0]"),
    ({"deal": "2C 3C"}, "hands[0].deal"),
    ({"deal": SUIT_DEAL, "play": "2C"}, "hands[0].play"),
    ({"deal": SUIT_DEAL, "passes": {"0": []}}, "hands[0].passes"),
    ({"deal": SUIT_DEAL, "passes": [[], []]}, "hands[0].passes"),
    ({"deal": [SUIT_DEAL[0], "2H", SUIT_DEAL[2], SUIT_DEAL[3]]}, "hands[0].deal[1]"),
])
def test_badly_shaped_hands(hand: Any, path: str) -> None:
    record = suit_record()
    record["hands"] = [hand]
    err = error_of(record)
    assert (err["code"], err["hand"], err["path"]) == ("bad_record", 0, path)


def test_validate_and_load_raise_record_error() -> None:
    validate_record(suit_record())
    with pytest.raises(RecordError) as info:
        load_record("{")
    assert info.value.code == "bad_record" and info.value.to_json() == info.value.error
    assert isinstance(info.value, ValueError)


def test_sample_illegal_file(data_dir: Path) -> None:
    err = score_record((data_dir / "first-trick-qs.json").read_bytes())["error"]
    assert (err["code"], err["reason"], err["index"], err["seat"], err["card"]) == \
        ("illegal_play", "first_trick_points", 2, 2, "QS")



@pytest.mark.parametrize("hands", [{}, [{"deal": {}}], [{"deal": [{}, [], [], []]}],
                                   [{"play": {}}]])
def test_an_object_in_the_wrong_place_is_called_an_object(hands: Any) -> None:
    # Regression: a JSON object where a list belongs was called "dict" (a Python word).
    out = score_record(json.dumps({"format": "hearts-record/1", "game": 3, "hands": hands}))
    assert not out["ok"]
    message = out["error"]["message"]
    assert "dict" not in message and "not an object" in message, message


# ------------------------------------------------------------------ what an error says
def test_a_joker_outside_a_joker_game_is_named() -> None:
    record = suit_record()
    record["hands"][0]["deal"][0][0] = "JK"
    err = error_of(record)
    assert err["code"] == "bad_deal" and err["card"] == "JK", err
    assert err["message"].startswith("Hand 1: JK is not in this deck"), err


def test_a_huge_bad_value_is_not_echoed_whole() -> None:
    # The sentence quotes the bad value; a 100,000-character one is cut in the middle
    # (the start says what, the end keeps the advice), and so is ``card``.
    record = suit_record()
    record["hands"][0]["play"][0] = "X" * 100_000
    err = error_of(record)
    assert err["code"] == "unknown_card" and err["path"] == "hands[0].play[0]"
    assert len(err["message"]) <= MESSAGE_LIMIT and " … " in err["message"]
    assert err["message"].endswith("such as QS, TH or 2C."), err["message"]
    assert len(err["card"]) <= CARD_LIMIT
    assert len(json.dumps(score_record(record))) < 2 * MESSAGE_LIMIT + 400


def test_a_hand_after_a_fixed_number_of_deals_says_why_the_game_ended() -> None:
    record = suit_record(deals=1)
    record["hands"].append(copy.deepcopy(record["hands"][0]))
    err = error_of(record)
    assert err["path"] == "hands[1]"
    assert "played over 1 deal" in err["message"] and "reached" not in err["message"], err
    record = suit_record(target_score=26)
    record["hands"].append(copy.deepcopy(record["hands"][0]))
    assert "someone reached 26 in hand 1" in error_of(record)["message"]


def test_a_widow_that_is_not_a_list_is_called_the_widow() -> None:
    rec = record_from_game(replay_record({"format": FORMAT, "variant": "heartsette",
                                          "game": 3, "hands": [{}]}))
    rec["hands"][0]["widow"] = "x"
    err = error_of(rec)
    assert err["path"] == "hands[0].widow"
    assert "the widow must be a list of cards, not a string" in err["message"], err


def test_a_deal_for_another_player_count_says_where_the_count_comes_from() -> None:
    record = suit_record()
    del record["players"]
    record["variant"] = "black-maria"  # three players unless "players" says otherwise
    record["options"] = {"pass_schedule": "none"}
    err = error_of(record)
    assert err["code"] == "bad_deal" and err["path"] == "hands[0].deal"
    assert "must have 3 hands" in err["message"] and '"players"' in err["message"]


def test_a_third_copy_in_a_two_pack_deal_is_said_as_such(random_game: Any) -> None:
    """Regression: with two packs (Cancellation Hearts) a card listed a third time was
    refused as "5C is dealt to seat 0 and to seat 4", which is no fault with two packs."""
    record = record_from_game(random_game(make_rules("cancellation", 6), 3, seed=1, max_plays=10))
    deal = record["hands"][0]["deal"]
    names = [c for hand in deal for c in hand]
    twice = next(c for c in names if names.count(c) == 2)
    holders = [s for s, hand in enumerate(deal) for c in hand if c == twice]
    other = next(s for s in range(6) if s not in holders)
    deal[other][0] = twice
    with pytest.raises(RecordError) as info:
        replay_record(record)
    err = info.value.error
    assert err["code"] == "bad_deal" and err["card"] == twice
    seats = sorted({*holders, other})
    assert f"{twice} is dealt 3 times (" in err["message"] and "the deck has 2 copies" in err["message"]
    for s in seats:
        assert f"seat {s}" in err["message"]


def test_a_refused_slam_bid_is_written_as_json_writes_it() -> None:
    """Regression: a second slam bid in Partnership Slam Hearts was refused as "cannot bid
    True" (Python's spelling of the record's JSON `true`)."""
    from hearts.drive import drive
    from hearts.players import get_bot

    game = Game(make_rules("partnership-slam", 4), 5)
    drive(game, [get_bot("random", s) for s in range(4)], deal=True)  # one whole hand
    record = record_from_game(game)
    record["hands"][0]["bids"] = [True, True, None, None]
    with pytest.raises(RecordError) as info:
        replay_record(record)
    message = info.value.error["message"]
    assert "cannot bid a slam (true)" in message and "True" not in message, message
