"""The family's last rule questions (issue 24), each settled by a hand-worked case.

1. The lowest club not dealt (Heartsette's widow, Domino Hearts' stock): the holder
   of the lowest club *dealt* leads it.
2. A team moon under ``moon=subtract`` (Partnership Hearts, joint scores): both
   partners score minus 26 (option ``team_moon``: only the partner who took more).
3. Auction Hearts with ``qs_breaks_hearts`` and a named suit: Q♠ breaks the named suit.
4. Royal Hearts' moon: its amount is the shooter's hand score with every queen's
   effect, Q♦'s 10 off included (seed 000).
5. ``lead_hearts_over_qs`` in a two-pack game: either pack's Q♠ frees the hearts.
6. ``exact_target_resets`` with joint partnership scores: the team's total resets.
7. Heartsette for three: 4 to the widow (full pack); option ``widow_size`` 3 (2♦ out).
8. Spot Hearts' ace: 14; option ``spot_ace_low``: 1.
9. The four-queens game: a silent sweep beside a failed General scores the General.

Each case is worked out by hand in the comments, checked in the engine and through
``hearts score`` on the record.  The choices are written in docs/family-rules.md
("Rule questions settled") and docs/spec/variants.md.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from hearts import tricks
from hearts.actions import Action
from hearts.cards import parse_card, parse_mask
from hearts.cli.main import cli
from hearts.game import PHASE_MOON, PHASE_PLAY, Game
from hearts.players.sampling import infer
from hearts.record import record_from_game
from hearts.rules import make_rules
from hearts.scoring import hand_points, score_hand
from hearts.view import player_view

C = parse_card


def hand(*names: str) -> int:
    return parse_mask(list(names))


def suit(letter: str, ranks: str) -> list[str]:
    return [r + letter for r in ranks]


def play_lowest(g: Game) -> None:
    """Play the hand out, each seat playing its lowest legal card (lowest card id:
    clubs, then diamonds, hearts, spades; 2 up to ace within a suit)."""
    while g.phase == PHASE_PLAY:
        (d,) = g.pending()
        g.apply(Action.play(d.seat, (d.cards & -d.cards).bit_length() - 1))


def score(record: dict[str, Any]) -> dict[str, Any]:
    """``hearts score`` (the real command, in-process) on one record."""
    result = CliRunner().invoke(cli, ["score", "-"], input=json.dumps(record))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    (line,) = result.stdout.splitlines()
    out: dict[str, Any] = json.loads(line)
    assert result.exit_code == (0 if out["ok"] else 1)
    return out


# ------------------------------------------------------- 1. the lowest club dealt
# Heartsette, four players (2♠ out, 12 cards each, 3 to the widow), no pass.
# The widow: 2♣ A♥ K♥.  Seat 0 (eldest hand in hand 0): 4♣-A♣ and 2♦; seat 1: 3♦-A♦;
# seat 2: 3♣ and 2♥-Q♥; seat 3: 3♠-A♠.
# The 2♣ is in the widow, so the lowest club dealt is 3♣: seat 2 holds it and must
# lead it (the old engine gave eldest hand, seat 0, a free lead).
# Lowest legal card each time:
#   trick 1: 3♣ (seat 2), 3♠ (seat 3, void; no points on the first trick), 4♣ (seat 0),
#            3♦ (seat 1): seat 0 wins and takes the widow (A♥ K♥: 2 points);
#   tricks 2-11: seat 0 leads 5♣ ... A♣ and wins each; seat 1 throws 4♦ ... K♦, seat 2
#            2♥ ... J♥ (10 hearts), seat 3 4♠ ... K♠ (Q♠ in trick 10): 10 + 13 points;
#   trick 12: seat 0 leads 2♦, seat 1 A♦ wins over it, seat 2 Q♥, seat 3 A♠: 1 point.
# Seat 0: 2 + 10 + 13 = 25, seat 1: 1; 26 in all, no moon.
HEARTSETTE_DEAL = [
    hand(*suit("C", "456789TJQKA"), "2D"),
    hand(*suit("D", "3456789TJQKA")),
    hand("3C", *suit("H", "23456789TJQ")),
    hand(*suit("S", "3456789TJQKA")),
]


def heartsette_game() -> Game:
    g = Game(make_rules("heartsette", 4, {"pass_schedule": "none"}))
    g.start_hand(HEARTSETTE_DEAL)
    assert g.widow == hand("2C", "AH", "KH")
    return g


def test_heartsette_the_holder_of_the_lowest_club_dealt_leads_it():
    g = heartsette_game()
    assert g.phase == PHASE_PLAY and g.eldest == 0
    assert g.turn == 2 and g.legal_plays() == hand("3C")
    err = g.explain(2, C("2H"))
    assert err is not None and err.reason == "must_lead_lowest_club"
    assert "3C" in err.message
    play_lowest(g)
    res = g.results[-1]
    assert g.widow_taker == 0
    assert res.points == (25, 1, 0, 0) and res.moon is None
    assert res.tricks == (11, 1, 0, 0)


def test_heartsette_record_scores_the_choice():
    g = heartsette_game()
    play_lowest(g)
    rec = record_from_game(g)
    assert rec["hands"][0]["play"][:4] == ["3C", "3S", "4C", "3D"]
    out = score(rec)
    assert out["ok"] and out["hands"][0]["points"] == [25, 1, 0, 0]
    # Seat 2 opening with a heart instead of 3♣ breaks the rule, and the sentence
    # names the card that opens this hand.
    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["play"][0] = "2H"
    err = score(bad)["error"]
    assert (err["code"], err["reason"], err["index"], err["seat"], err["card"]) == \
        ("illegal_play", "must_lead_lowest_club", 0, 2, "2H")
    assert "3C" in err["message"]


def test_heartsette_other_seats_infer_no_lower_club_was_dealt():
    g = heartsette_game()
    g.apply(Action.play(2, C("3C")))
    g.apply(Action.play(3, C("3S")))
    # Seat 0, to play: seat 2 opened with 3♣, so no seat holds 2♣ (it is in the widow).
    know = infer(player_view(g, 0))
    assert all(not know.allowed[s] >> C("2C") & 1 for s in range(4))
    assert know.extra == 3  # the widow's three cards are in no hand


def test_domino_with_the_lowest_club_lead_and_clubs_in_the_stock():
    r = make_rules("domino", 4, {"first_lead": "lowest-club"})
    assert r.opening_card == C("2C")
    # 2♣ and 3♣ lie in the stock: seat 3 holds 4♣, the lowest club dealt, and leads it
    # (seat 1, eldest here, holds 5♣ and leads nothing special).
    hands = [hand("AS", "KS", "QS", "JS", "TS", "9S"), hand("5C", "2D", "3D", "4D", "5D", "6D"),
             hand("2H", "3H", "4H", "5H", "6H", "7H"), hand("4C", "8C", "9D", "TD", "JD", "QD")]
    assert tricks.opening_card(r, hands) == C("4C")
    leader = tricks.first_leader(r, hands, 1)
    assert leader == 3
    assert tricks.legal(r, hands[3], [], True, 0) == hand("4C")
    # No club dealt at all: eldest hand leads any card.
    no_clubs = [h & ~hand("5C", "4C", "8C") for h in hands]
    assert tricks.first_leader(r, no_clubs, 1) == 1
    assert tricks.legal(r, no_clubs[1], [], True, 0) == no_clubs[1]


# -------------------------------------------------- 2. a team moon, subtracted
# Partnership Hearts (partners 0 and 2, 1 and 3), no pass, lowest legal card:
# seat 0 holds 2♣-8♣ and 9♦-A♦, seat 2 9♣-A♣ and 2♦-8♦, seat 1 every heart, seat 3
# every spade.  Seat 2 wins tricks 1-6 (its clubs over seat 0's), seat 0 tricks 7-13
# (its diamonds over seat 2's); seat 1 throws 2♥ ... A♥ one a trick, seat 3 2♠ ... A♠
# (Q♠ in trick 11, won by seat 0).  Seat 2 took 6 hearts (6 points), seat 0 seven
# hearts and Q♠ (20): every penalty card went to one team, a team moon.
#   moon=subtract, team_moon=both (default): each partner -26, team -52 (the mirror of
#     the opponents' 26 each, 52 for their team, when the moon is added);
#   team_moon=taker: only seat 0 (20 points against 6) scores -26, team -26.
PARTNER_DEAL = [
    hand(*suit("C", "2345678"), *suit("D", "9TJQKA")),
    hand(*suit("H", "23456789TJQKA")),
    hand(*suit("C", "9TJQKA"), *suit("D", "2345678")),
    hand(*suit("S", "23456789TJQKA")),
]


@pytest.mark.parametrize(("options", "points", "team"), [
    ({"moon": "subtract"}, (-26, 0, -26, 0), [-52, 0]),
    ({"moon": "subtract", "team_moon": "both"}, (-26, 0, -26, 0), [-52, 0]),
    ({"moon": "subtract", "team_moon": "taker"}, (-26, 0, 0, 0), [-26, 0]),
    ({"moon": "add"}, (0, 26, 0, 26), [0, 52]),
    ({"moon": "add", "team_moon": "taker"}, (0, 26, 0, 26), [0, 52]),
])
def test_partnership_team_moon_subtracted(options, points, team):
    g = Game(make_rules("partnership", 4, {"pass_schedule": "none", **options}))
    g.start_hand(PARTNER_DEAL)
    play_lowest(g)
    res = g.results[-1]
    assert res.tricks == (7, 0, 6, 0) and res.moon in (0, 2)
    assert res.points == points
    out = score(record_from_game(g))
    assert out["hands"][0]["points"] == list(points)
    assert out["team_totals"] == team


def test_partnership_team_moon_chosen_subtract():
    # moon=choice: the shooter (seat 0, who took more) picks subtract: both partners -26.
    g = Game(make_rules("partnership", 4, {"pass_schedule": "none", "moon": "choice"}))
    g.start_hand(PARTNER_DEAL)
    play_lowest(g)
    assert g.phase == PHASE_MOON and g.turn == 0
    g.choose_moon(0, "subtract")
    assert g.results[-1].points == (-26, 0, -26, 0)
    rec = record_from_game(g)
    assert rec["hands"][0]["moon_choice"] == "subtract"
    assert score(rec)["team_totals"] == [-52, 0]


def test_separate_scores_moon_stays_one_players():
    # Separate scores: the same subtract takes 26 off the shooter alone (no team moon:
    # here nobody alone took every penalty card, so each keeps what it took).
    g = Game(make_rules("partnership-separate", 4, {"pass_schedule": "none",
                                                    "moon": "subtract"}))
    g.start_hand(PARTNER_DEAL)
    play_lowest(g)
    assert g.results[-1].points == (20, 0, 6, 0)


# ------------------------------------------ 3. Auction Hearts: Q♠ breaks the named suit
# Seat 0: 9♣-A♣ and 8♦-A♦; seat 1 every heart; seat 2 2♣-8♣ and 2♦-7♦; seat 3 every
# spade.  Seat 0 alone bids (1 chip), names diamonds and leads.  With hearts (here:
# diamonds) not to be led before broken, trick 1: 9♣ (seat 0 may not lead a diamond),
# 2♥ (seat 1: hearts are nothing this hand), 2♣ (seat 2 follows), Q♠ (seat 3).  Seat 0
# wins.  Trick 2: with qs_breaks_hearts the Q♠ broke diamonds and seat 0 may lead 8♦;
# without it only clubs.
AUCTION_DEAL = [
    hand(*suit("C", "9TJQKA"), *suit("D", "89TJQKA")),
    hand(*suit("H", "23456789TJQKA")),
    hand(*suit("C", "2345678"), *suit("D", "234567")),
    hand(*suit("S", "23456789TJQKA")),
]


def auction_after_trick_one(qs_breaks: bool) -> Game:
    g = Game(make_rules("auction", 4, {"hearts_lead_any_time": False,
                                       "qs_breaks_hearts": qs_breaks}))
    g.start_hand(AUCTION_DEAL)
    for seat, bid in enumerate((1, None, None, None)):
        g.apply(Action.bid(seat, bid))
    g.apply(Action.suit(0, "CDHS".index("D")))
    assert g.turn == 0 and g.hand_rules.suit_letter == "D"
    assert g.legal_plays() == hand(*suit("C", "9TJQKA"))  # diamonds not broken yet
    for card in ("9C", "2H", "2C", "QS"):
        g.apply(Action.play(g.turn, C(card)))
    assert g.turn == 0
    return g


@pytest.mark.parametrize(("qs_breaks", "diamonds"), [(True, True), (False, False)])
def test_auction_qs_breaks_the_named_suit(qs_breaks, diamonds):
    g = auction_after_trick_one(qs_breaks)
    clubs, ds = hand(*suit("C", "TJQKA")), hand(*suit("D", "89TJQKA"))
    assert g.legal_plays() == (clubs | ds if diamonds else clubs)
    # Through hearts score: a record that leads 8♦ to trick 2.
    g.apply(Action.play(0, C("8D")) if diamonds else Action.play(0, C("TC")))
    rec = record_from_game(g)
    rec["hands"][0]["play"][4] = "8D"
    out = score(rec)
    if diamonds:
        assert out["ok"] and not out["complete"]
    else:
        err = out["error"]
        assert (err["reason"], err["index"], err["seat"], err["card"]) == \
            ("hearts_not_broken", 4, 0, "8D")


def test_auction_option_help_says_so():
    from hearts.rules import OPTION_SPECS
    assert "named" in OPTION_SPECS["qs_breaks_hearts"].help
    # Hearts named (or no auction): the usual breaking cards, with Q♠ under the option.
    r = make_rules("auction", 4, {"qs_breaks_hearts": True})
    assert r.with_penalty_suit(2).breaking_mask == r.breaking_mask == hand(
        *suit("H", "23456789TJQKA"), "QS")


# --------------------------------------------------- 4. Royal Hearts' moon with Q♦
def royal_points(seats: list[int], choice: str, totals, options=None) -> tuple[int, ...]:
    r = make_rules("royal", 4, options or {})
    return hand_points(r, score_hand(r, seats, (10, 1, 1, 1)), choice, totals)


def test_royal_moon_amount_includes_the_queen_of_diamonds():
    # Seat 0 took the 13 hearts (doubled by its Q♥: 26), Q♠ (26) and Q♦ (10 off): the
    # hand's score with the queens' effects is 26 + 26 - 10 = 42 (seed 000), not 52.
    # Q♣ lies with seat 1 and cancels nothing there.
    seats = [hand(*suit("H", "23456789TJQKA"), "QS", "QD"), hand("QC"), 0, 0]
    # add: each other seat +42, the shooter 0 (its Q♦ is spent in the 42).
    assert royal_points(seats, "add", (0, 0, 0, 0)) == (0, 42, 42, 42)
    # subtract: the shooter -42 from a total of 60, and no further 10 off.
    assert royal_points(seats, "subtract", (60, 0, 0, 0)) == (-42, 0, 0, 0)
    # Without Q♦ the moon is 52 as before; Q♦ with another seat lowers that seat's total
    # as usual (30 - 10), the moon stays 52.
    seats2 = [hand(*suit("H", "23456789TJQKA"), "QS"), hand("QC"), hand("QD"), 0]
    assert royal_points(seats2, "add", (0, 0, 30, 0)) == (0, 52, 42, 52)


@pytest.mark.parametrize(("options", "amount"), [({}, 16), ({"qc_cancels": "heart"}, 28)])
@pytest.mark.parametrize("choice", ["add", "subtract"])
def test_royal_sweep_moon_through_the_record(options, amount, choice):
    # Seat 0 holds 9♣-A♣ and 8♦-A♦, seat 2 the lower clubs and diamonds, seat 1 the
    # hearts, seat 3 the spades: seat 0 wins every trick and takes all four queens.
    #   default (Q♣ cancels Q♠): hearts doubled 26 + Q♠ 0 - Q♦ 10 = 16;
    #   qc_cancels=heart (Q♣ cancels Q♥, no doubling): 12 hearts + Q♠ 26 - 10 = 28.
    deal = [hand(*suit("C", "9TJQKA"), *suit("D", "89TJQKA")),
            hand(*suit("H", "23456789TJQKA")),
            hand(*suit("C", "2345678"), *suit("D", "234567")),
            hand(*suit("S", "23456789TJQKA"))]
    g = Game(make_rules("royal", 4, {"pass_schedule": "none", "first_lead": "eldest-any",
                                     **options}))
    g.start_hand(deal)
    play_lowest(g)
    assert g.phase == PHASE_MOON and g.turn == 0
    g.choose_moon(0, choice)
    want = [0, amount, amount, amount] if choice == "add" else [-amount, 0, 0, 0]
    assert list(g.results[-1].points) == want
    out = score(record_from_game(g))
    assert out["hands"][0]["points"] == want and out["totals"] == want


# ------------------------------------------------------ the bots under the choices
@pytest.mark.parametrize(("variant", "options", "deal"), [
    ("heartsette", {"pass_schedule": "none"}, HEARTSETTE_DEAL),  # 2♣ in the widow
    ("heartsette", {"pass_schedule": "none"}, None),
    ("partnership", {"pass_schedule": "none", "moon": "subtract", "team_moon": "taker"},
     PARTNER_DEAL),
    ("partnership", {"pass_schedule": "none", "moon": "choice"}, None),
    ("auction", {"hearts_lead_any_time": False, "qs_breaks_hearts": True}, AUCTION_DEAL),
    ("royal", {"pass_schedule": "none"}, None),
    ("domino", {"first_lead": "lowest-club"}, None),
])
def test_every_level_plays_legally_under_the_choices(variant, options, deal):
    """One seat of each level (hard with a small budget) plays a whole hand; drive
    without a fallback raises IllegalAction on any illegal answer."""
    from hearts.drive import drive
    from hearts.players.base import get_bot
    from hearts.players.hard import HardBot

    bots = [get_bot("random", 0), get_bot("easy", 1), get_bot("medium", 2),
            HardBot(3, play_budget=200, max_worlds=3, min_worlds=2, time_limit=None)]
    g = Game(make_rules(variant, 4, options), 11)
    if deal is not None:
        g.start_hand(deal)
    drive(g, bots, deal=deal is None)
    assert g.results and len(g.results[-1].points) == 4


def test_royal_moon_breakdown_on_the_page_shows_the_queen_of_diamonds():
    """The page's score breakdown (``service.score_detail``) of the sweep above: the
    shooter's items are its hand's score, 13 hearts (13) + Q♠ (26) − Q♣'s cancel (26) +
    Q♥'s doubling (13) − Q♦ (10) = 16, then the moon's change: −16 when added to the
    others (0 in all), −32 when subtracted (−16 in all)."""
    from hearts.web.service import score_detail

    deal = [hand(*suit("C", "9TJQKA"), *suit("D", "89TJQKA")),
            hand(*suit("H", "23456789TJQKA")),
            hand(*suit("C", "2345678"), *suit("D", "234567")),
            hand(*suit("S", "23456789TJQKA"))]
    for choice, moon in (("add", -16), ("subtract", -32)):
        g = Game(make_rules("royal", 4, {"pass_schedule": "none", "first_lead": "eldest-any"}))
        g.start_hand(deal)
        play_lowest(g)
        g.choose_moon(0, choice)
        detail = score_detail(g)
        assert detail is not None
        mine = {(x["kind"], x.get("card")): x["points"] for x in detail["items"][0]}
        assert mine == {("hearts", None): 13, ("card", "QS"): 26, ("bonus", "QC"): -26,
                        ("bonus", "QH"): 13, ("bonus", "QD"): -10, ("moon", None): moon}
        assert sum(mine.values()) == g.results[-1].points[0]


# 5. ``lead_hearts_over_qs`` in a two-pack game (Cancellation Hearts): either pack's Q♠
#    (or both) beside only hearts frees the hearts, as pack one's Q♠ alone did.

@pytest.mark.parametrize("queens, option, expected", [
    (["QS"], False, ["QS"]),
    (["QS'"], False, ["QS'"]),  # regression: pack two's Q♠ was not seen as Q♠
    (["QS", "QS'"], False, ["QS", "QS'"]),
    (["QS"], True, None),
    (["QS'"], True, None),
    (["QS", "QS'"], True, None),
])
def test_cancellation_lead_hearts_over_either_queen(queens: list[str], option: bool,
                                                     expected: list[str] | None) -> None:
    from hearts.cards import PACK2

    def two_packs(*names: str) -> int:  # "QS'": pack two's copy
        return sum(1 << (C(n.rstrip("'")) + (PACK2 if n.endswith("'") else 0)) for n in names)

    r = make_rules("cancellation", 6, {"lead_hearts_over_qs": option})
    held = two_packs(*queens, "2H", "9H", "KH'")
    allowed = tricks.legal(r, held, [], False, hand("2C", "3C", "4C"))  # hearts unbroken
    assert allowed == (held if expected is None else two_packs(*expected))


# 6. ``exact_target_resets`` with joint partnership scores: the team's total, the one that
#    ends the game, drops to half; a partner's own total of the target counts for nothing.

@pytest.mark.parametrize("totals, points, after", [
    ((40, 0, 40, 0), (15, 0, 5, 0), (28, 0, 22, 0)),   # team 100 -> 50 (27 + 22 + the odd 1)
    ((90, 0, 0, 0), (10, 0, 0, 0), (50, 0, 0, 0)),     # seat 0's own 100 is the team's too
    ((90, 0, 5, 0), (10, 0, 0, 0), (100, 0, 5, 0)),    # seat 0 alone at 100, team 105: no reset
    ((60, 20, 30, 30), (0, 25, 0, 25), (60, 23, 30, 27)),  # team (1, 3) at exactly 100
    ((-6, 0, 80, 0), (0, 0, 26, 0), (-3, 0, 53, 0)),   # a negative partner: -3 + 53 = 50
])
def test_joint_partnership_exact_target_resets_the_team(totals: tuple[int, ...],
                                                        points: tuple[int, ...],
                                                        after: tuple[int, ...]) -> None:
    from hearts import scoring, settle
    r = make_rules("partnership", 4, {"exact_target_resets": True})
    got = scoring.add_to_totals(r, totals, points)
    assert got == after
    # the game goes on exactly when no team passed the target
    over = max(settle.team_totals(r, got)) >= r.target_score
    assert settle.team_game_result(r, got)[0] == over
    assert not over or after == (90 + 10, 0, 5, 0)


def test_separate_partnership_and_solo_exact_target_resets_each_seat() -> None:
    from hearts import scoring
    r = make_rules("partnership-separate", 4, {"exact_target_resets": True})
    assert scoring.add_to_totals(r, (90, 0, 10, 0), (10, 0, 0, 0)) == (50, 0, 10, 0)
    r = make_rules("standard", 4, {"exact_target_resets": True})
    assert scoring.add_to_totals(r, (90, 99, 10, 0), (10, 2, 0, 0)) == (50, 101, 10, 0)


# 7. Heartsette for three (variants.md: "16 each and 3 (or 4) to the widow"): 4 to the
#    widow from the full pack by default (seed 000: the other player counts use the full
#    pack); option widow_size 3 takes the 2♦ out (the low cards leave as with jokers).

@pytest.mark.parametrize("size, out", [(0, ()), (4, ()), (3, ("2D",))])
def test_heartsette_three_players_widow(size: int, out: tuple[str, ...]) -> None:
    from hearts.cards import FULL_DECK
    from hearts.drive import drive
    from hearts.players.base import get_bot
    from hearts.players.hard import HardBot

    r = make_rules("heartsette", 3, {"widow_size": size})
    assert r.widow_size == (size or 4) and r.hand_size == 16
    assert r.deck == FULL_DECK & ~hand(*out)
    g = Game(r, 5)
    bots = [get_bot("medium", 0), get_bot("random", 1),
            HardBot(2, play_budget=200, max_worlds=3, min_worlds=2, time_limit=None)]
    g.apply(Action.deal())
    assert [h.bit_count() for h in g.hands] == [16, 16, 16]
    assert g.widow.bit_count() == r.widow_size and not g.widow & hand(*out)
    drive(g, bots, deal=False)
    res = g.results[-1]
    assert sum(res.tricks) == 16 and sum(res.points) in (26, 52)  # 52: a moon, added
    rec = record_from_game(g)
    assert rec["options"].get("widow_size", 0) == size
    assert score(rec)["hands"][0]["points"] == list(res.points)


def test_widow_size_only_in_a_game_with_a_widow() -> None:
    from hearts.rules import RulesError
    with pytest.raises(RulesError, match="widow_size"):
        make_rules("standard", 4, {"widow_size": 3})


# 8. Spot Hearts' ace (variants.md: "A 14, sometimes 1"): 14 by default, 1 with the
#    option spot_ace_low.  Seat 0 sweeps (the Royal deal above): the others score the
#    hand's whole total, 2 + ... + 13 (90) + A + Q♠ 25: 129, or 116 with the ace low.

@pytest.mark.parametrize("low, ace, total", [(False, 14, 129), (True, 1, 116)])
def test_spot_hearts_ace(low: bool, ace: int, total: int) -> None:
    r = make_rules("spot-hearts", 4, {"spot_ace_low": low, "pass_schedule": "none",
                                      "first_lead": "eldest-any"})
    assert (r.penalty[C("AH")], r.penalty[C("KH")], r.penalty[C("2H")], r.penalty[C("QS")]) \
        == (ace, 13, 2, 25)
    deal = [hand(*suit("C", "9TJQKA"), *suit("D", "89TJQKA")),
            hand(*suit("H", "23456789TJQKA")),
            hand(*suit("C", "2345678"), *suit("D", "234567")),
            hand(*suit("S", "23456789TJQKA"))]
    g = Game(r)
    g.start_hand(deal)
    play_lowest(g)
    assert list(g.results[-1].points) == [0, total, total, total]
    assert score(record_from_game(g))["totals"] == [0, total, total, total]
    # without spot hearts the option is refused (not ignored), as widow_size without a widow
    from hearts.rules import RulesError
    with pytest.raises(RulesError, match="spot_ace_low"):
        make_rules("standard", 4, {"spot_ace_low": True})


# 9. The four-queens game: a seat sweeps every penalty card without declaring while another
#    seat declared General.  The declaration is judged first: it failed, so the declarer
#    scores 64 and the others what they took; the sweeper took all 64 (the silent sweep's
#    54 to each opponent is for a hand without a declaration).

def test_four_queens_silent_sweep_beside_a_failed_general() -> None:
    r = make_rules("four-queens", 4)
    everything = hand(*suit("H", "23456789TJQKA"), "QS", "QC", "QD")
    sweep = score_hand(r, [everything, 0, 0, 0], (13, 0, 0, 0))
    assert hand_points(r, sweep, "add", (0, 0, 0, 0), general=1) == (64, 64, 0, 0)
    assert hand_points(r, sweep, "add", (0, 0, 0, 0)) == (0, 54, 54, 54)  # no declaration
    assert hand_points(r, sweep, "add", (0, 0, 0, 0), general=0) == (0, 64, 64, 64)  # made
