"""Partnership Hearts with a slam bid (``partnership-slam``), scored by hand.

Omnibus Hearts with the ten of diamonds as the bonus card (10 plus points, -10 to its
taker) and the slam: every counting card (Q♠, 10♦, the 13 hearts) in one side's tricks.
After the pass each seat in turn, eldest hand first, may bid a slam; the first bid
stands.  The holder of 10♦ when play begins is the bidder's silent partner, and the two
score their points combined for the hand: made, each -26 and the others 0; failed, each
the sum of what the two took.  Rules: variants.md, "The wider family" (seed 000);
records: interfaces.md section 2b (``bids``: ``true`` or ``null`` per seat).
"""

from __future__ import annotations

import json

import pytest

from hearts.actions import Action, Decision
from hearts.cards import parse_card, parse_mask
from hearts.drive import drive
from hearts.game import PHASE_BID, PHASE_PLAY, Game, IllegalAction
from hearts.players.base import get_bot
from hearts.players.medium import medium_bid, medium_play
from hearts.record import record_from_game, replay_record, score_record
from hearts.rules import make_rules
from hearts.view import player_view

C = parse_card


def hand(*names: str) -> int:
    return parse_mask(list(names))


def suit(letter: str, ranks: str) -> list[str]:
    return [r + letter for r in ranks]


# Seat 0: 2-8 of clubs and 9-A of diamonds (10♦ among them); seat 2: 9-A of clubs and
# 2-8 of diamonds; seat 1 every heart, seat 3 every spade.  Playing the lowest legal
# card each time: seat 2 wins tricks 1-6 (its clubs over seat 0's), taking 2♥-7♥ (6);
# seat 0 wins tricks 7-13 (its diamonds over seat 2's), taking 8♥-A♥ (7), Q♠ (13) and
# its own 10♦ (-10): 7 + 13 - 10 = 10.
SPLIT_DEAL = [
    hand(*suit("C", "2345678"), *suit("D", "9TJQKA")),
    hand(*suit("H", "23456789TJQKA")),
    hand(*suit("C", "9TJQKA"), *suit("D", "2345678")),
    hand(*suit("S", "23456789TJQKA")),
]
# Seat 0 every club (it wins every trick), seat 2 every diamond (10♦ among them).
CLUBS_DEAL = [hand(*suit("C", "23456789TJQKA")), hand(*suit("H", "23456789TJQKA")),
              hand(*suit("D", "23456789TJQKA")), hand(*suit("S", "23456789TJQKA"))]


def slam_game(bids: list[bool | None], deal=SPLIT_DEAL) -> Game:
    """A hand with no pass: the bids in order from eldest hand (seat 0), then play."""
    g = Game(make_rules("partnership-slam", 4, {"pass_schedule": "none"}))
    g.start_hand(deal)
    assert g.phase == PHASE_BID and g.turn == 0
    for b in bids:
        g.apply(Action.bid(g.turn, b))
    return g


def play_lowest(g: Game) -> None:
    while g.phase == PHASE_PLAY:
        (d,) = g.pending()
        g.apply(Action.play(d.seat, (d.cards & -d.cards).bit_length() - 1))


def test_rules_are_omnibus_with_the_ten_and_a_slam_bid():
    r = make_rules("partnership-slam")
    assert r.players == 4 and r.phases == ("pass", "bid", "play")
    assert r.slam and r.slam_bid and r.partner_card == C("TD")
    assert r.bonus == ((C("TD"), -10),) and r.hand_total == 26
    assert r.first_lead == "lowest-club" and r.max_bid == 0 and not r.teams


def test_no_bid_is_plain_omnibus():
    g = slam_game([None, None, None, None])
    play_lowest(g)
    res = g.results[-1]
    # Nobody bid: no partners.  Seat 0: 10 (see SPLIT_DEAL), seat 2: 6.
    assert res.points == (10, 0, 6, 0) and res.side == () and res.moon is None
    assert g.bid_side() == ()


def test_slam_bid_made_with_the_silent_partner():
    g = slam_game([None, None, True, None])
    # Seat 2 bid; seat 0 holds 10♦ and is its silent partner.
    assert g.declarer == 2 and g.bid_side() == (2, 0)
    play_lowest(g)
    res = g.results[-1]
    # Between them seats 2 and 0 took every counting card (hearts, Q♠, 10♦): the slam is
    # made, each of them scores -26 and the opponents 0.
    assert res.points == (-26, 0, -26, 0) and res.moon == 2 and res.side == (2, 0)


def test_slam_bid_failed_scores_the_side_combined():
    g = slam_game([None, True, None, None])
    # Seat 1 bid; seat 0 (10♦) is its partner.  Seat 2 took 6 hearts: failed.  The side
    # scores its points combined: seat 0's 10 plus seat 1's 0 = 10 each; seat 2 keeps 6.
    play_lowest(g)
    res = g.results[-1]
    assert res.points == (10, 10, 6, 0) and res.moon is None and res.side == (1, 0)
    assert g.totals == [10, 10, 6, 0]


def test_the_bidder_holding_the_ten_plays_alone():
    g = slam_game([True, None, None, None])
    play_lowest(g)
    # Seat 0 bid holding 10♦: no partner, so nothing is combined: as with no bid.
    assert g.results[-1].points == (10, 0, 6, 0) and g.results[-1].side == (0,)


def test_made_by_the_bidder_alone_scores_the_partner_too():
    # CLUBS_DEAL: seat 0 bids and wins every trick, its silent partner seat 2 (10♦)
    # takes nothing; the slam is the side's: -26 each, opponents 0.
    g = slam_game([True, None, None, None], CLUBS_DEAL)
    assert g.bid_side() == (0, 2)
    play_lowest(g)
    assert g.results[-1].points == (-26, 0, -26, 0) and g.results[-1].moon == 0


def test_an_opponent_slam_beats_the_bid():
    # CLUBS_DEAL, seat 1 bids (partner: seat 2, holding 10♦); seat 0 takes everything
    # alone: the Omnibus slam for seat 0 (-26), the others 0; the side's 0 + 0 = 0.
    g = slam_game([None, True, None, None], CLUBS_DEAL)
    play_lowest(g)
    assert g.results[-1].points == (-26, 0, 0, 0) and g.results[-1].moon == 0


def test_bids_are_checked_and_the_first_stands():
    g = Game(make_rules("partnership-slam", 4, {"pass_schedule": "none"}))
    g.start_hand(SPLIT_DEAL)
    assert g.pending() == [Decision(0, "bid", 0, 0, (None, True))]
    with pytest.raises(IllegalAction) as err:
        g.apply(Action.bid(0, 3))
    assert err.value.reason == "bad_bid" and g.bids_made == 0
    g.apply(Action.bid(0, True))
    # After a slam bid the others may only make no bid.
    assert g.pending() == [Decision(1, "bid", 0, 0, (None,))]
    with pytest.raises(IllegalAction) as err:
        g.apply(Action.bid(1, True))
    assert err.value.reason == "bad_bid" and g.turn == 1
    assert Action.from_json(["bid", 1, True]) == Action.bid(1, True)
    assert Action.bid(1, True).to_json() == ["bid", 1, True]


def test_the_partner_is_silent():
    g = slam_game([None, True, None, None])  # seat 1 bids; seat 0 holds 10♦
    # The partner knows; the bidder and the others do not, until 10♦ is played.
    assert player_view(g, 0).partners == (1,)
    assert player_view(g, 1).partners == ()
    assert player_view(g, 2).partners == () and player_view(g, 3).partners == ()
    assert all(player_view(g, s).bids == ((0, None), (1, True), (2, None), (3, None))
               for s in range(4))
    assert not any("partner" in key for key in player_view(g, 2).to_json())
    while not g.played >> C("TD") & 1:
        (d,) = g.pending()
        g.apply(Action.play(d.seat, (d.cards & -d.cards).bit_length() - 1))
    assert player_view(g, 1).partners == (0,)  # shown by the card
    assert player_view(g, 3).partners == ()


def test_records_write_and_read_slam_bids():
    g = Game(make_rules("partnership-slam", 4), game_number=5)
    g.start_hand()
    for s in range(4):  # hand 0 passes left: three cards each
        g.apply(Action.pass_(s, tuple(sorted(
            c for c in range(64) if g.hands[s] >> c & 1)[:3])))
    assert g.phase == PHASE_BID
    g.apply(Action.bid(0, None))
    g.apply(Action.bid(1, True))
    g.apply(Action.bid(2, None))
    g.apply(Action.bid(3, None))
    play_lowest(g)
    rec = json.loads(json.dumps(record_from_game(g)))
    assert rec["hands"][0]["bids"] == [None, True, None, None]
    out = score_record(rec)
    assert out["ok"] and out["hands"][0]["points"] == list(g.results[0].points)
    assert out["hands"][0]["teams"] == [list(g.bid_side())]
    assert replay_record(rec).results == g.results
    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["bids"] = [None, 5, None, None]
    err = score_record(bad)["error"]
    assert err["code"] == "bad_record" and err["path"] == "hands[0].bids[1]"
    bad["hands"][0]["bids"] = [None, True, True, None]
    err = score_record(bad)["error"]
    assert err["code"] == "illegal_bid" and err["reason"] == "bad_bid"


def test_medium_bids_a_slam_only_when_strong():
    r = make_rules("partnership-slam", 4, {"pass_schedule": "none"})
    # Seat 0: A-7 of hearts, A♠ K♠ Q♠, A♣ K♣, A♦: five top hearts and little to lose.
    strong = hand(*suit("H", "789TJQKA"), "AS", "KS", "QS", "AC", "KC")
    weak = hand(*suit("H", "2345"), *suit("C", "2345"), *suit("D", "234"), "2S", "3S")
    rest = [c for c in r.deck_cards if not (strong | weak) >> c & 1]
    g = Game(r)
    g.start_hand([strong, weak, sum(1 << c for c in rest[:13]),
                  sum(1 << c for c in rest[13:])])
    assert medium_bid(player_view(g, 0)) is True
    g.apply(Action.bid(0, None))
    assert medium_bid(player_view(g, 1)) is None
    g.apply(Action.bid(1, True))
    assert medium_bid(player_view(g, 2)) is None  # a bid stands: nothing more to bid


# Seat 0 (the partner: 10♦): 2♣ A♠ 2♠ and diamonds; seat 1: A♣, K♠, clubs; seat 2 (the
# bidder): 3♣ and the hearts 3♥-A♥; seat 3: 4♣ and the spades 3♠-Q♠.
OVERTAKE_DEAL = [
    hand("2C", "TD", "AS", "2S", *suit("D", "23456789J")),
    hand("AC", "KS", *suit("C", "56789TJQK"), "2H", "QD"),
    hand("3C", *suit("H", "3456789TJQKA")),
    hand("4C", *suit("S", "3456789TJQ"), "KD", "AD"),
]


@pytest.mark.parametrize("bidder", [2, None])
def test_medium_silent_partner_takes_the_trick_for_the_side(bidder):
    # Trick 1: 2♣ A♣ 3♣ 4♣, seat 1 wins (no points).  Trick 2: seat 1 leads K♠, the
    # bidder (void) throws A♥ on it, seat 3 plays 3♠.  Seat 0 holds A♠ and 2♠.  As the
    # bidder's silent partner it must keep the heart on its side: A♠ (the slam is still
    # alive).  With nobody bidding the same seat ducks with 2♠ and lets seat 1 take it.
    g = slam_game([None, None, True, None] if bidder == 2 else [None] * 4, OVERTAKE_DEAL)
    for c in ("2C", "AC", "3C", "4C", "KS", "AH", "3S"):
        g.apply(Action.play(g.turn, C(c)))
    v = player_view(g, 0)
    assert v.turn == 0 and v.legal == hand("AS", "2S")
    assert medium_play(v) == (C("AS") if bidder == 2 else C("2S"))


def test_medium_opponents_stop_a_slam_bid():
    # OVERTAKE_DEAL, seat 2 bid: after 2♣ A♣ 3♣ 4♣ and K♠ A♥ no point has been taken
    # outside the bidder and one other seat (none at all yet), so seat 3, an opponent of
    # the bid, names the bidder as the moon threat to stop (its partner, unknown to seat
    # 3, may be any other seat).
    from hearts.players.common import Table

    g = slam_game([None, None, True, None], OVERTAKE_DEAL)
    for c in ("2C", "AC", "3C", "4C", "KS", "AH"):
        g.apply(Action.play(g.turn, C(c)))
    assert Table.of(player_view(g, 3)).moon_threat() == 2
    # Nobody bid: the same cards are no threat (a third of the points is not yet in).
    g = slam_game([None] * 4, OVERTAKE_DEAL)
    for c in ("2C", "AC", "3C", "4C", "KS", "AH"):
        g.apply(Action.play(g.turn, C(c)))
    assert Table.of(player_view(g, 3)).moon_threat() == -1


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_bots_play_it_through(level):
    g = Game(make_rules("partnership-slam", 4), game_number=8)
    drive(g, [get_bot(level, s) for s in range(4)], deal=True)
    assert len(g.results) == 1 and sum(w.bit_count() for w in g.won) == 52
    assert score_record(record_from_game(g))["hands"][0]["points"] == list(g.results[0].points)


def test_hearts_play_asks_for_the_slam_bid_and_reports_it():
    import io

    from rich.console import Console

    from hearts.cards import card_str, highest
    from hearts.cli.play import TerminalGame

    rules = make_rules("partnership-slam", 4, {"pass_schedule": "none", "target_score": 1000})
    out = io.StringIO()
    prompts: list[str] = []

    def ask(text: str) -> str:
        prompts.append(text)
        g = tg.game
        if g.results:
            return "quit"
        if g.phase == PHASE_BID:
            return "slam"
        return card_str(highest(g.legal_plays(0)))

    tg = TerminalGame(rules, 5, "medium", 1, Console(file=out, width=120), ask=ask)
    # South (seat 0, eldest) bids; CLUBS_DEAL: it wins every trick, its partner is seat 2.
    tg.game.start_hand(CLUBS_DEAL)
    assert tg.run() is False
    text = out.getvalue()
    assert any("Bid a slam" in p for p in prompts)
    assert "You bid a slam!" in text and "made it" in text
    assert tg.game.results[0].points == (-26, 0, -26, 0)


def test_hint_answers_a_slam_bid():
    from hearts.cli.hint import hint_for_game

    g = Game(make_rules("partnership-slam", 4, {"pass_schedule": "none"}))
    g.start_hand(CLUBS_DEAL)  # seat 0 (eldest, every club) wins every trick: it bids
    out = hint_for_game(replay_record(json.loads(json.dumps(record_from_game(g)))), "medium")
    assert out["stage"] == "bid" and out["seat"] == 0 and out["bid"] is True
    assert hint_for_game(g, "hard")["bid"] is True
    g.apply(Action.bid(0, True))
    assert hint_for_game(g, "medium") == {**hint_for_game(g, "medium"), "seat": 1, "bid": None}


def test_arena_runs_it_and_records_rescore(tmp_path):
    from hearts.arena import ArenaConfig, run_arena

    res = run_arena(ArenaConfig(variant="partnership-slam", players=4,
                                bots=("medium", "random", "medium", "random"), deals=4,
                                seed=3, records=True))
    for o in res.outcomes:
        assert score_record(o.record)["hands"][0]["points"] == list(o.points)
