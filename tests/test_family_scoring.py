"""The scoring-only games of the family (issue 9), with expected scores worked out by hand.

Hearts of 1887 (chips), Black Jack, the four Greek Hearts, Royal Hearts, the
Omnibus slam and the generic game's "running" moon.  Each test gives each
seat's won cards, or plays a deal whose tricks are forced, and checks the
engine's points and chips against the arithmetic in the comments.  Rules:
variants.md, "The wider family"; choices where the sources are silent are
those of docs/engine.md ("The family").
"""

from __future__ import annotations

import pytest

from hearts.actions import Action
from hearts.cards import parse_mask
from hearts.game import PHASE_MOON, PHASE_PLAY, Game
from hearts.record import record_from_game, score_record
from hearts.rules import make_rules
from hearts.scoring import hand_points, score_hand
from hearts.settle import hand_chips

HEARTS_ALL = [r + "H" for r in "23456789TJQKA"]


def won(*seats: str) -> list[int]:
    """Won-card masks from space-separated card names, one string per seat."""
    return [parse_mask(s.split()) if s else 0 for s in seats]


def points(variant: str, seats: list[int], options=None, choice=None, totals=None,
           tricks=(3, 3, 3, 4)) -> tuple[int, ...]:
    r = make_rules(variant, 4, options or {})
    return hand_points(r, score_hand(r, seats, tricks), choice, totals)


# ------------------------------------------------------------------- 1887
def test_1887_rules_as_data():
    r = make_rules("hearts-1887")
    assert r.pass_offsets == (0,) and r.first_lead == "eldest-any"
    assert r.hand_total == 13 and r.penalty_mask == parse_mask(HEARTS_ALL)  # no Q♠
    assert r.settlement == "fewest" and r.deals == 4 and r.moon == "none"
    # the double game: A 14, K 13, Q 12, J 11, pips face value: 2 + ... + 14 = 104
    assert make_rules("hearts-1887", 4, {"heart_values": "double"}).hand_total == 104
    # the eagle game: A 5, K 4, Q 3, J 2, nine pips 1 each: 9 + 14 = 23
    assert make_rules("hearts-1887", 4, {"heart_values": "eagle"}).hand_total == 23


def test_1887_fewest_collect_what_each_other_player_took():
    r = make_rules("hearts-1887")
    # Hoyle's example: A 1, B 2, C 4, D 6 hearts: A receives 2 + 4 + 6 = 12.
    assert hand_chips(r, (1, 2, 4, 6), -1, 0, 0) == ((12, -2, -4, -6), 0)


def test_1887_tie_splits_and_the_remainder_waits_in_the_pot():
    r = make_rules("hearts-1887")
    # A and B 2 each, C 3, D 6: C pays 3 and D 6, 9 chips; A and B 4 each, 1 stays.
    chips, pot = hand_chips(r, (2, 2, 3, 6), -1, 0, 0)
    assert chips == (4, 4, -3, -6) and pot == 1
    # Next hand: seat 0 alone has fewest (0); it collects 5 + 4 + 4 and the pot's 1.
    assert hand_chips(r, (0, 5, 4, 4), -1, 0, pot) == ((14, -5, -4, -4), 0)
    # Three tied on 0: seat 3's 13 would be the all-13 rule; with 12 + 1 they split 13 + 1:
    # 4 each, 2 stay.
    assert hand_chips(r, (0, 0, 1, 12), -1, 0, 1) == ((7, 7, -1, -12), 0)


def test_1887_all_thirteen_hearts_paid_and_with_the_moon_rule_received():
    r = make_rules("hearts-1887")
    # All 13 hearts: the taker pays 13, 4 to each opponent and 1 to the pot.
    assert hand_chips(r, (0, 13, 0, 0), -1, 0, 0) == ((4, -13, 4, 4), 1)
    moon = make_rules("hearts-1887", 4, {"moon": "add"})
    # With a moon rule the taker receives 4 from each opponent and 1 from the pot...
    assert hand_chips(moon, (13, 0, 13, 13), -1, 0, 3, shooter=1) == ((-4, 13, -4, -4), 2)
    # ... and only the 12 when the pot is empty.
    assert hand_chips(moon, (13, 0, 13, 13), -1, 0, 0, shooter=1) == ((-4, 12, -4, -4), 0)


# Seat 0 holds 9-A of clubs and 8-A of diamonds, seat 2 the lower clubs and diamonds,
# seat 1 every heart, seat 3 every spade: seat 0 wins every trick whoever leads.
SWEEP_DEAL = [
    parse_mask([r + "C" for r in "9TJQKA"] + [r + "D" for r in "89TJQKA"]),
    parse_mask(HEARTS_ALL),
    parse_mask([r + "C" for r in "2345678"] + [r + "D" for r in "234567"]),
    parse_mask([r + "S" for r in "23456789TJQKA"]),
]


def play_out(g: Game) -> None:
    while g.phase == PHASE_PLAY:
        (d,) = g.pending()
        g.apply(Action.play(d.seat, (d.cards & -d.cards).bit_length() - 1))


@pytest.mark.parametrize(("values", "total", "share", "rest"),
                         [("one", 13, 4, 1), ("double", 104, 34, 2), ("eagle", 23, 7, 2)])
def test_1887_sweep_through_the_engine_and_the_record(values, total, share, rest):
    g = Game(make_rules("hearts-1887", 4, {"heart_values": values}))
    g.start_hand(SWEEP_DEAL)
    assert g.phase == PHASE_PLAY and g.turn == 0  # no pass; eldest hand (seat 0) leads
    play_out(g)
    res = g.results[-1]
    assert res.points == (total, 0, 0, 0)
    assert res.chips == (-total, share, share, share) and g.pot == rest
    summary = score_record(record_from_game(g))
    assert summary["hands"][0]["chips"] == [-total, share, share, share]
    assert summary["hands"][0]["pot"] == rest
    assert summary["chip_totals"] == [-total, share, share, share] and summary["pot"] == rest


# --------------------------------------------------------------- Black Jack
def test_black_jack():
    r = make_rules("black-jack")
    assert r.hand_total == 23  # 13 hearts + J♠ 10; Q♠ counts nothing
    # Seat 0: J♠ and three hearts = 13; seat 1: Q♠ and two hearts = 2.
    seats = won("JS 2H 3H 4H", "QS 5H 6H", "7H 8H 9H TH", "JH QH KH AH")
    assert points("black-jack", seats) == (13, 2, 4, 4)
    assert points("black-jack", seats, {"spade_penalties": "jack-13"}) == (16, 2, 4, 4)
    # Moon: all 13 hearts and J♠ (Q♠ not needed): the others score 23 each.
    assert points("black-jack", won("JS " + " ".join(HEARTS_ALL), "QS", "", "")) == \
        (0, 23, 23, 23)


# -------------------------------------------------------------------- Greek
def test_greek_1939():
    r = make_rules("greek-1939")
    # Q♠ 50, A♥ 15, K Q J 30, pips 2..10 = 54: 149.
    assert r.hand_total == 149
    # Seat 0: Q♠ + A♥ = 65; seat 1: K♥ Q♥ J♥ + 2♥ 3♥ = 35; seat 2: T♥ 9♥ = 19;
    # seat 3: 4-8♥ = 30.  65 + 35 + 19 + 30 = 149.
    seats = won("QS AH", "KH QH JH 2H 3H", "TH 9H", "4H 5H 6H 7H 8H")
    assert points("greek-1939", seats) == (65, 35, 19, 30)
    # Every penalty card: 150 to each opponent.
    assert points("greek-1939", won("QS " + " ".join(HEARTS_ALL), "", "", "")) == \
        (0, 150, 150, 150)
    assert points("greek-1939", won("QS " + " ".join(HEARTS_ALL), "", "", ""),
                  {"moon": "subtract"}) == (-150, 0, 0, 0)


def test_greek_2008():
    r = make_rules("greek-2008")
    assert r.hand_total == 104  # 50 + 15 + 30 + nine pips at 1
    seats = won("QS AH", "KH QH JH 2H 3H", "TH 9H", "4H 5H 6H 7H 8H")
    # 65; 30 + 2 = 32; 2; 5.  Sum 104.
    assert points("greek-2008", seats) == (65, 32, 2, 5)
    assert points("greek-2008", won("", "QS " + " ".join(HEARTS_ALL), "", "")) == \
        (150, 0, 150, 150)


def test_greek_1950():
    r = make_rules("greek-1950")
    assert {r.pass_offset(k) for k in range(4)} == {3}  # always to the right
    assert r.first_lead == "eldest-any" and r.hand_total == 26
    # T♦ counts 10 plus points (scored apart, as the Omnibus bonus).
    seats = won("TD 2H", "QS", "3H 4H", "5H 6H 7H 8H 9H TH JH QH KH AH")
    assert points("greek-1950", seats) == (-9, 13, 2, 10)
    # Hearts may not be led to the first trick: eldest (seat 0) holding 2♥ and clubs may
    # lead only a club (no pass here, to reach the lead at once).
    g = Game(make_rules("greek-1950", 4, {"pass_schedule": "none"}))
    g.start_hand([parse_mask(["2H"] + [x + "C" for x in "3456789TJQKA"]),
                  parse_mask(["2C"] + [x + "D" for x in "23456789TJQK"]),
                  parse_mask(["AD"] + [x + "H" for x in "3456789TJQKA"]),
                  parse_mask([x + "S" for x in "23456789TJQKA"])])
    assert g.turn == 0 and g.legal_plays() == parse_mask([x + "C" for x in "3456789TJQKA"])


def test_greek_1990():
    r = make_rules("greek-1990")
    assert {r.pass_offset(k) for k in range(4)} == {1}  # always to the left
    assert r.hand_total == 104 + 25  # Spot Hearts: hearts 2..14, Q♠ 25
    seats = won("QS AH", "KH", "2H 3H", "")
    assert points("greek-1990", seats) == (39, 13, 5, 0)


# ---------------------------------------------------------------- Royal
def test_royal_queen_of_hearts_doubles_and_queen_of_diamonds_stops_at_zero():
    r = make_rules("royal")
    assert r.hand_total == 13 + 26 and r.moon == "choice"
    # Seat 0: Q♥ and four other hearts: 5 hearts doubled = 10.
    # Seat 1: Q♦ and two hearts: 2, then 10 off a total of 4: 4 + 2 = 6 goes down only to
    #   0, so the hand scores 2 - 6 = -4 (not -8).
    # Seat 2: Q♠ and Q♣: Q♣ cancels Q♠: 0.
    # Seat 3: the other six hearts: 6.  (5 + 2 + 6 = 13 hearts.)
    seats = won("QH 2H 3H 4H 5H", "QD 6H 7H", "QS QC", "8H 9H TH JH KH AH")
    assert points("royal", seats, totals=(0, 4, 0, 0)) == (10, -4, 0, 6)
    # A total of 20 takes the whole 10: 2 - 10 = -8.
    assert points("royal", seats, totals=(0, 20, 0, 0)) == (10, -8, 0, 6)
    # Q♣ in another seat's tricks cancels nothing: Q♠ counts 26 for seat 2.
    seats2 = won("QH 2H 3H 4H 5H", "QD 6H 7H QC", "QS", "8H 9H TH JH KH AH")
    assert points("royal", seats2, totals=(0, 4, 0, 0)) == (10, -4, 26, 6)


def test_royal_queen_of_clubs_cancelling_the_queen_of_hearts():
    opts = {"qc_cancels": "heart"}
    # Seat 0: Q♥, Q♣ and four hearts: Q♥ cancelled (0, and no doubling): 4.
    seats = won("QH QC 2H 3H 4H 5H", "QS", "6H 7H", "8H 9H TH JH KH AH")
    assert points("royal", seats, opts) == (4, 26, 2, 6)
    # The default (Q♣ cancels Q♠): seat 0 doubles its 5 hearts, Q♣ finds no Q♠ to cancel.
    assert points("royal", seats) == (10, 26, 2, 6)


def test_royal_moon_subtract_or_add():
    # All 13 hearts doubled (26) and Q♠ 26: 52.
    seats = won(" ".join(HEARTS_ALL) + " QS", "QC", "QD", "")
    assert points("royal", seats, choice="add", totals=(0, 0, 30, 0)) == (0, 52, 42, 52)
    assert points("royal", seats, choice="subtract", totals=(60, 0, 0, 0)) == (-52, 0, 0, 0)


def test_royal_moon_through_the_engine_asks_the_shooter():
    g = Game(make_rules("royal", 4, {"pass_schedule": "none", "first_lead": "eldest-any"}))
    deal = list(SWEEP_DEAL)  # seat 0 wins every trick
    g.start_hand(deal)
    play_out(g)
    # Seat 0 takes every card: 13 hearts doubled by Q♥ (26) and Q♠, which its own Q♣
    # cancels: 26, a moon (every penalty card).  Its Q♦ takes 10 off the hand's score
    # (seed 000: the moon is the hand's score "including the other queens' effects"):
    # 26 - 10 = 16 to each other seat.
    assert g.phase == PHASE_MOON and g.turn == 0
    g.choose_moon(0, "add")
    assert g.results[-1].points == (0, 16, 16, 16)
    rec = record_from_game(g)
    assert rec["hands"][0]["moon_choice"] == "add"
    assert score_record(rec)["hands"][0]["points"] == [0, 16, 16, 16]


# ---------------------------------------------------------------- Omnibus slam
def test_omnibus_slam():
    opts = {"slam": True}
    every = " ".join(HEARTS_ALL) + " QS JD"
    # Every counting card: 26 plus points, the others 0.
    assert points("omnibus", won(every, "", "", ""), opts) == (-26, 0, 0, 0)
    # All 26 points but not the J♦: no slam; seat 1's J♦ is -10.
    assert points("omnibus", won(" ".join(HEARTS_ALL) + " QS", "JD", "", ""), opts) == \
        (26, -10, 0, 0)
    # Without the slam option the same cards are the usual moon, the J♦ apart: 0 - 10.
    assert points("omnibus", won(every, "", "", "")) == (-10, 26, 26, 26)
    # The sources' original bonus card, the ten of diamonds.
    ten = {"slam": True, "bonus_card": "TD"}
    assert points("omnibus", won(" ".join(HEARTS_ALL) + " QS TD", "JD", "", ""), ten) == \
        (-26, 0, 0, 0)


# ------------------------------------------------------------- the generic game
def test_running_subtract_or_add_the_maximum():
    # The generic game (Arnold 2011): hearts only, "running" left to the taker.
    opts = {"queen_of_spades": False, "moon": "choice", "first_lead": "eldest-any"}
    r = make_rules("standard", 4, opts)
    assert r.hand_total == 13
    seats = won("", " ".join(HEARTS_ALL), "QS", "")
    assert points("standard", seats, opts, "subtract") == (0, -13, 0, 0)
    assert points("standard", seats, opts, "add") == (13, 0, 13, 13)
    # The fixed "subtract" or "add" forms are the moon option's other values.
    assert points("standard", seats, {**opts, "moon": "subtract"}) == (0, -13, 0, 0)


def test_generic_fixed_deals_and_average_settlement():
    from hearts.drive import drive
    from hearts.players.base import get_bot

    opts = {"queen_of_spades": False, "deals": 3, "settle_average": True, "moon": "subtract"}
    g = Game(make_rules("standard", 4, opts), game_number=7)
    drive(g, [get_bot("medium", s) for s in range(4)], deal=True, stop_at_hand_end=False)
    assert g.game_over and len(g.results) == 3
    summary = score_record(record_from_game(g))
    assert summary["game_over"] and len(summary["hands"]) == 3
    avg = summary["average_settlement"]
    mean = sum(g.totals) / 4
    assert avg == [round(mean - t, 2) for t in g.totals]
    assert abs(sum(avg)) < 1e-9


# ------------------------------------------------------------- hearts play
ALL_NAMES = [r + s for s in "CDHS" for r in "23456789TJQKA"]


@pytest.mark.parametrize(("variant", "options"), [
    ("hearts-1887", []), ("royal", ["--option", "pass_schedule=none",
                                    "--option", "target_score=30"]),
    ("greek-2008", ["--option", "pass_schedule=none", "--option", "target_score=120"]),
])
def test_play_in_the_terminal_to_the_end(tmp_path, variant, options):
    """``hearts play`` plays each game to its end: the user types every card name in turn
    (the first legal one is played; the others are refused and asked again)."""
    from click.testing import CliRunner

    from hearts.cli.main import cli

    out = tmp_path / "game.json"
    typed = "\n".join((ALL_NAMES + ["add"]) * 13 * 12) + "\n"
    r = CliRunner().invoke(cli, ["play", "--variant", variant, "--deal", "5", "--level",
                                 "medium", "--seed", "2", *options, "--record-out", str(out)],
                           input=typed)
    assert r.exit_code == 0, r.output
    assert "Record saved to" in r.output
    summary = score_record(out.read_text())
    assert summary["ok"] and summary["game_over"], summary
    if variant == "hearts-1887":
        assert len(summary["hands"]) == 4 and "Final chips" in r.output
        assert sum(summary["chip_totals"]) + summary["pot"] == 0
