"""One record path for every game (issue 20): a record is a list of (place, action)
applied by one loop, the review replays through it, names resolve to held copies, and
``hearts bench engine`` runs every variant through the one drive loop.

The games are read from the registry (``hearts.rules.VARIANTS``, checked against what
``hearts variants --json`` lists) plus standard at 3 to 6 players, so a new variant is
covered without editing this file.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from click.testing import CliRunner

from hearts.actions import Action
from hearts.cards import JOKER, PACK2, held_copies, held_copy, parse_card
from hearts.cli.main import cli
from hearts.drive import drive
from hearts.game import Game, IllegalAction
from hearts.players.base import get_bot
from hearts.record import (
    Place,
    RecordError,
    apply_steps,
    log_steps,
    record_actions,
    record_from_game,
    replay_record,
    start_game,
    summary_of,
)
from hearts.review import hand_story, review_record, what_if
from hearts.rules import VARIANTS, make_rules

GAMES = [(name, None) for name in VARIANTS] + [("standard", p) for p in (3, 5, 6)]
IDS = [f"{v}-{p}" if p else v for v, p in GAMES]


def test_the_registry_is_what_hearts_variants_lists() -> None:
    out = CliRunner().invoke(cli, ["variants", "--json"])
    assert out.exit_code == 0, out.output
    listed = [v["name"] for v in json.loads(out.output)["variants"]]
    assert sorted(listed) == sorted(VARIANTS)


def played_hand(variant: str, players: int | None, number: int = 4242) -> tuple[Game, dict[str, Any]]:
    """One hand of numbered game ``number`` played by random bots through drive, and its
    record (as JSON text would give it back)."""
    g = Game(make_rules(variant, players), number)
    drive(g, [get_bot("random", 7 + s) for s in range(g.n)], deal=True)
    assert g.results, "the hand was not finished"
    return g, json.loads(json.dumps(record_from_game(g)))


@pytest.mark.parametrize(("variant", "players"), GAMES, ids=IDS)
def test_a_hand_replays_from_its_action_list_and_is_reviewed(variant: str,
                                                             players: int | None) -> None:
    g, rec = played_hand(variant, players)
    steps = record_actions(rec)
    # Every action the game logged is in the list, in order, each placed in the record.
    kinds = [a.kind for _, a in steps]
    assert kinds[0] == "deal" and kinds.count("deal") == 1
    assert kinds.count("play") == len(rec["hands"][0]["play"])
    plays = [p for p, a in steps if a.kind == "play"]
    assert [p.path for p in plays] == [f"hands[0].play[{i}]" for i in range(len(plays))]
    assert [p.play_index for p in plays] == list(range(len(plays)))
    assert all(isinstance(p, Place) and p.hand == 0 for p, _ in steps)
    # Applied by the one loop to a new game they give the same hand.
    again = start_game(rec)
    apply_steps(again, steps)
    assert again.results == g.results and again.totals == g.totals
    assert summary_of(again) == summary_of(replay_record(rec)) == summary_of(g)
    assert record_from_game(again) == rec
    # The review's story of that hand ends without error and gives the hand's points.
    story = hand_story(rec, 0)
    assert story["points"] == list(g.results[0].points)
    assert story["totals"] == list(g.results[0].totals)
    assert sum(len(t["cards"]) for t in story["tricks"]) == len(rec["hands"][0]["play"])
    assert [c["index"] for t in story["tricks"] for c in t["cards"]] == \
        list(range(len(rec["hands"][0]["play"])))
    # ... and so does its analysis, at a small budget.
    review = review_record(rec, 0, 0, play_worlds=3, pass_worlds=2)
    assert review["ok"] is True
    mine = [a for _, a in steps if a.seat == 0 and a.kind in ("pass", "play")]
    assert len(review["decisions"]) == len(mine)


@pytest.mark.parametrize("variant", ["cancellation", "four-queens", "auction", "joker"])
def test_what_if_plays_a_name_as_the_copy_the_seat_holds(variant: str) -> None:
    g, rec = played_hand(variant, None, 99)
    steps = record_actions(rec)
    i, action = next((p.play_index, a) for p, a in steps if a.kind == "play" and a.seat == 0)
    assert i is not None
    out = what_if(rec, 0, i, rec["hands"][0]["play"][i])  # the card actually played
    assert out["plays"][0] == {"seat": 0, "card": rec["hands"][0]["play"][i]}
    assert len(out["points"]) == g.n and out["actual"] == list(g.results[0].points)


def test_auction_trick_points_count_the_named_suit() -> None:
    """The story's points after each trick are the named suit's cards taken (1 each, no
    Q♠ in Auction Hearts), counted here from the tricks' cards: not hearts."""
    for number in range(1, 40):
        g = Game(make_rules("auction"), number)
        drive(g, [get_bot("medium", s) for s in range(g.n)], deal=True)  # medium bids
        rec = json.loads(json.dumps(record_from_game(g)))
        if rec["hands"][0].get("penalty_suit") not in (None, "H"):
            break
    else:
        raise AssertionError("medium named no suit but hearts in 39 numbered auction hands")
    suit = rec["hands"][0]["penalty_suit"]
    story = hand_story(rec, 0)
    taken = [0] * g.n
    for trick in story["tricks"]:
        taken[trick["winner"]] += sum(c["card"][-1] == suit for c in trick["cards"])
        assert trick["points"] == taken
    assert taken == story["points"] == list(g.results[0].points) and sum(taken) == 13


# ------------------------------------------------------------------ card names
def test_held_copy_with_two_packs() -> None:
    qs = parse_card("QS")
    twin = qs + PACK2
    assert held_copy(1 << twin, qs) == twin  # only the second pack's queen is held
    assert held_copy(1 << qs, twin) == qs
    both = (1 << qs) | (1 << twin)
    assert held_copy(both, qs) == qs and held_copy(both, twin) == twin
    assert held_copy(both, qs, used=1 << qs) == twin
    assert held_copies(both, [qs, qs]) == (qs, twin)
    assert held_copies(1 << twin, [qs, qs]) == (twin, qs)  # one copy: the second stays as named
    assert held_copy(0, qs) == qs  # not held at all: the engine refuses it as not in hand


def test_held_copy_of_jokers() -> None:
    jk = parse_card("JK")
    assert jk == JOKER
    second = JOKER + 1
    assert held_copy(1 << second, jk) == second
    assert held_copies((1 << second) | (1 << (second + 1)), [jk, jk]) == (second, second + 1)
    assert held_copy(1 << parse_card("2C"), jk) == jk


def test_a_record_of_two_packs_plays_the_held_copy() -> None:
    g, rec = played_hand("cancellation", None, 5)
    twins = [a.payload for _, a in record_actions(rec) if a.kind == "play" and a.payload >= PACK2]
    assert twins, "no second-pack card was played in this hand"
    # The record names each of them without a pack; the steps carry the held copy.
    assert all(not name.endswith("'") for name in rec["hands"][0]["play"])


# ------------------------------------------------------------------ errors
def test_a_malformed_record_names_what_and_where() -> None:
    _, rec = played_hand("standard", None, 31)
    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["play"][5] = "ZZ"
    with pytest.raises(RecordError) as err:
        replay_record(bad)
    e = err.value.error
    assert (e["code"], e["stage"], e["hand"], e["index"], e["card"], e["path"]) == \
        ("unknown_card", "play", 0, 5, "ZZ", "hands[0].play[5]")
    assert "Hand 1, card 6" in e["message"]

    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["play"][1] = bad["hands"][0]["play"][0]  # a card already played
    with pytest.raises(RecordError) as err:
        replay_record(bad)
    e = err.value.error
    assert (e["code"], e["reason"], e["index"], e["path"]) == \
        ("illegal_play", "not_in_hand", 1, "hands[0].play[1]")

    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["passes"][2] = bad["hands"][0]["passes"][2][:1]
    with pytest.raises(RecordError) as err:
        replay_record(bad)
    e = err.value.error
    assert (e["code"], e["reason"], e["seat"], e["path"]) == \
        ("illegal_pass", "bad_pass", 2, "hands[0].passes[2]")
    assert "exactly 3" in e["message"]


def test_an_auction_bid_the_engine_refuses_is_placed() -> None:
    _, rec = played_hand("auction", None, 12)
    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["bids"] = [10 ** 6] + bad["hands"][0]["bids"][1:]
    with pytest.raises(RecordError) as err:
        replay_record(bad)
    e = err.value.error
    assert (e["code"], e["reason"], e["stage"], e["path"]) == \
        ("illegal_bid", "bad_bid", "bid", "hands[0].bids[0]")


def test_a_stored_log_that_does_not_replay_names_its_action() -> None:
    g, _ = played_hand("standard", None, 8)
    log = [["deal"], *(Action.from_json(a).to_json() for a in
                       [["pass", 0, "2C", "3C", "4C"]])]
    fresh = Game(g.rules, g.game_number)
    with pytest.raises(RecordError) as err:
        apply_steps(fresh, log_steps(fresh, log))
    assert err.value.path == "actions[1]" and err.value.code == "illegal_pass"
    with pytest.raises(RecordError) as err:
        apply_steps(fresh, log_steps(fresh, [["fly", 0]]))
    assert err.value.code == "bad_record" and err.value.path == "actions[0]"
    assert not isinstance(err.value, IllegalAction)


# ------------------------------------------------------------------ bench
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_bench_engine_runs_every_variant(variant: str) -> None:
    proc = subprocess.run([sys.executable, "-c", "from hearts.cli.main import main; main()",
                           "bench", "engine", "--variant", variant, "--hands", "2"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["variant"] == variant and out["hands"] == 2 and out["hands_per_s"] > 0


def test_an_action_that_would_not_read_back_is_refused_when_written():
    """A library user's trial: ``to_json`` wrote card ids past 255 as other cards (256 as
    2C: a refused pass read back as a legal one), a bool card as 3C, suit -1 as S; a bool
    seat was written as true, which ``from_json`` refuses.  Each now raises a HeartsError."""
    from hearts.cards import CardError
    from hearts.errors import HeartsError

    for action in (Action.pass_(0, (256, 263, 267)), Action.play(0, 314), Action.play(0, True),
                   Action.play(0, None), Action.pass_(0, None), Action.play(True, 0),
                   Action.play("0", 0), Action.pass_(None, (0, 1, 2)),
                   Action.suit(0, -1), Action.suit(0, 7), Action.suit(0, "H"),
                   Action.moon(0, float("nan")), Action.bid(0, 1.5), Action("deal", -1, 5)):
        with pytest.raises(HeartsError):
            action.to_json()
    with pytest.raises(CardError, match="is not a card id"):
        Action.play(0, 13).to_json()
    assert Action.play(0, 186).to_json() == ["play", 0, "QS"]  # pack two's Q♠ keeps its name


def test_a_long_value_is_quoted_as_an_excerpt_and_a_deal_hand_must_be_a_list():
    """Refusals quoted the whole value given (a 100,000-letter card, 100 KB of message); a
    deal's hand given as a string was read letter by letter, a dict as its keys."""
    from hearts.actions import ActionError

    for value in (["play", 0, "x" * 100_000], ["play", 0, ["QS"] * 100_000],
                  ["bid", 0, "x" * 100_000], ["x" * 100_000, 0]):
        with pytest.raises(ActionError) as refused:
            Action.from_json(value)
        assert len(str(refused.value)) < 300
    for hand in ("QS", {"QS": 1}):
        with pytest.raises(ActionError, match="each hand is a list of card names"):
            Action.from_json(["deal", [hand]])


def test_a_decision_allows_only_an_action_with_an_int_seat():
    """``Decision.allows`` raised AttributeError for what is no Action (a JSON list); a
    seat that is no int (``1.0``, ``"1"``) answers nothing either."""
    from hearts.actions import Decision

    d = Decision(1, "play", parse_card("9C") and (1 << parse_card("9C")), 1)
    assert d.allows(Action.play(1, parse_card("9C")))
    assert d.allows(("play", 1, parse_card("9C")))  # type: ignore[arg-type]  # as Game.apply
    for other in (None, 5, "x", ("play", 1), ["play", 1, "9C"],
                  Action.play(1.0, parse_card("9C")), Action.play("1", parse_card("9C"))):
        assert not d.allows(other)  # type: ignore[arg-type]


def test_a_suit_is_one_letter_or_symbol_not_any_substring_of_cdhs():
    """A break-it helper's find: the suit was read by ``v.upper() in "CDHS"``, a substring
    test, so ``""`` and ``"CD"`` named clubs, ``"hs"`` hearts and ``"DHS"`` diamonds, on the
    solo game's ``decide`` and a table's ``suit`` message alike."""
    from hearts.actions import ActionError

    for text, suit in (("C", 0), ("d", 1), ("H", 2), ("s", 3), ("♥", 2), ("♠️", 3)):
        assert Action.from_json(["suit", 0, text]) == Action.suit(0, suit)
    for text in ("", "CD", "hs", "DHS", "CDHS", "X", " "):
        with pytest.raises(ActionError, match="a suit is one of C, D, H, S"):
            Action.from_json(["suit", 0, text])
