"""The mechanism games of issue 9, end to end in the engine, scored by hand.

Cancellation Hearts (two packs, identical cards cancel), the French four-queens
game (the General declared before the first lead), Domino Hearts (a stock, draws,
seats dropping out) and the two Partnership versions (teams, a team moon).  Each
test builds a deal whose play is forced or chosen here and checks legal sets,
trick winners and points against values worked out by hand in the comments.
Rules: variants.md, "The wider family"; records: interfaces.md section 2b.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from hearts.actions import Action, Decision
from hearts.cards import PACK2, card_tuple, parse_card, parse_mask
from hearts.drive import drive
from hearts.game import PHASE_DECLARE, PHASE_PLAY, Game, IllegalAction
from hearts.players.base import get_bot
from hearts.players.medium import medium_declare
from hearts.record import record_from_game, replay_record, score_record
from hearts.rules import make_rules
from hearts.settle import team_game_result
from hearts.view import player_view

C = parse_card
TWO = PACK2


def hand(*names: str) -> int:
    return parse_mask(list(names))


def suit(letter: str, ranks: str) -> list[str]:
    return [r + letter for r in ranks]


def mask(*cards: int) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def play(g: Game, *cards: int) -> None:
    """The given cards, each by the seat to play (checked legal by the engine)."""
    for c in cards:
        g.apply(Action.play(g.turn, c))


def play_lowest(g: Game) -> None:
    while g.phase == PHASE_PLAY:
        (d,) = g.pending()
        g.apply(Action.play(d.seat, (d.cards & -d.cards).bit_length() - 1))


# ----------------------------------------------------------- Cancellation Hearts
def test_cancellation_deck_and_tables():
    # Two packs (104 cards); low diamonds and spades leave so the packs deal evenly:
    # 6 players 102 (2D twice out) = 17 each, 8 players 104 = 13, 11 players 99 = 9.
    for players, size, out in ((6, 17, 2), (7, 14, 6), (8, 13, 0), (11, 9, 5)):
        r = make_rules("cancellation", players)
        assert r.deck.bit_count() == 104 - out and r.hand_size == size
        assert r.cancel_identical and r.deck >> TWO
        assert r.deck >> C("2C") & 1 and r.deck >> (C("2C") + TWO) & 1  # no club leaves
    r = make_rules("cancellation", 6)
    assert r.hand_total == 52  # two packs of hearts and two Q♠
    assert r.penalty[C("QS") + TWO] == 13 and r.penalty[C("AH") + TWO] == 1
    with pytest.raises(Exception, match="6 to 11"):
        make_rules("cancellation", 5)


def tiny_cancellation(deal: list[int]) -> Game:
    """Cancellation rules at six seats over a 12-card deck (two cards each), so that a
    whole hand can be worked out by hand.  Eldest hand (seat 0) leads any card, hearts
    too; no moon."""
    r = make_rules("cancellation", 6, {"pass_schedule": "none", "first_lead": "eldest-any",
                                       "first_trick_points": True, "moon": "none",
                                       "hearts_lead_any_time": True})
    deck = 0
    for h in deal:
        deck |= h
    r = dataclasses.replace(r, deck=deck, hand_size=2, penalty_mask=r.penalty_mask & deck,
                            deck_cards=tuple(card_tuple(deck)))
    g = Game(r)
    g.start_hand(deal)
    return g


def test_a_cancelled_pair_cannot_win():
    # K♠ and its twin cancel: the highest spade left, 9♠, wins (seat 3) and takes 5♥ (1).
    g = tiny_cancellation([mask(C("KS"), C("2D")), mask(C("KS") + TWO, C("3D")),
                           mask(C("3S"), C("4D")), mask(C("9S"), C("5D")),
                           mask(C("5H"), C("6D")), mask(C("4S"), C("7D"))])
    play(g, C("KS"), C("KS") + TWO, C("3S"), C("9S"), C("5H"), C("4S"))
    assert g.tricks[-1].winner == 3 and g.turn == 3
    # Seat 3 leads 5♦; 7♦ (seat 5) wins the diamonds.
    play(g, C("5D"), C("6D"), C("7D"), C("2D"), C("3D"), C("4D"))
    assert g.results[-1].points == (0, 0, 0, 1, 0, 0)
    assert g.results[-1].tricks == (0, 0, 0, 1, 0, 1)


def test_a_cancelled_trick_goes_to_the_next_winner():
    deal = [mask(C("KS"), C("5H")), mask(C("KS") + TWO, C("6H")), mask(C("3S"), C("7H")),
            mask(C("3S") + TWO, C("8H")), mask(C("4S"), C("QS")), mask(C("5S"), C("2H"))]
    g = tiny_cancellation(deal)
    # Trick 1: K♠ K♠ 3♠ 3♠ Q♠ 5♠: two pairs, the whole trick is cancelled; its leader
    # (seat 0) leads again and its cards (Q♠: 13) wait for the next trick's winner.
    play(g, C("KS"), C("KS") + TWO, C("3S"), C("3S") + TWO, C("QS"), C("5S"))
    assert g.tricks[-1].winner == -1 and g.turn == 0 and g.carry
    view = player_view(g, 4)
    assert view.tricks[-1].winner == -1
    # Trick 2: 5♥ 6♥ 7♥ 8♥ 4♠ 2♥: 8♥ (seat 3) wins both tricks: 5 hearts + Q♠ = 18.
    play(g, C("5H"), C("6H"), C("7H"), C("8H"), C("4S"), C("2H"))
    assert g.results[-1].points == (0, 0, 0, 18, 0, 0)
    assert g.results[-1].tricks == (0, 0, 0, 1, 0, 0)


def test_a_cancelled_last_trick_goes_to_its_leader():
    deal = [mask(C("KS"), C("5H")), mask(C("KS") + TWO, C("6H")), mask(C("3S"), C("7H")),
            mask(C("3S") + TWO, C("8H")), mask(C("QS"), C("4D")), mask(C("5S"), C("2H"))]
    g = tiny_cancellation(deal)
    # Trick 1: 5♥ 6♥ 7♥ 8♥ 4♦ 2♥: seat 3 wins 5 hearts (5).
    play(g, C("5H"), C("6H"), C("7H"), C("8H"), C("4D"), C("2H"))
    assert g.turn == 3
    # Trick 2 (the last), led by seat 3: 3♠ Q♠ 5♠ K♠ K♠ 3♠: two pairs, cancelled.  No
    # trick follows: its cards (Q♠: 13) go to its leader, seat 3: 5 + 13 = 18.
    play(g, C("3S") + TWO, C("QS"), C("5S"), C("KS"), C("KS") + TWO, C("3S"))
    assert g.tricks[-1].winner == -1
    assert g.results[-1].points == (0, 0, 0, 18, 0, 0)


@pytest.mark.parametrize("players", [6, 8, 11])
def test_cancellation_records_name_either_copy(players):
    rng = random.Random(players)
    g = Game(make_rules("cancellation", players), rng=rng)
    drive(g, [get_bot("random", s) for s in range(players)], deal=True)
    rec = json.loads(json.dumps(record_from_game(g)))
    # A name dealt twice is written twice; plays name cards, never a pack.
    names = [c for cards in rec["hands"][0]["deal"] for c in cards]
    assert len(names) == players * g.rules.hand_size and len(set(names)) < len(names)
    back = replay_record(rec)
    assert back.results == g.results and record_from_game(back) == rec
    assert score_record(rec)["hands"][0]["points"] == list(g.results[0].points)


# ------------------------------------------------------- the French four-queens game
# Seat 0: 9-A of clubs and 8-A of diamonds (Q♣, Q♦ among them); seat 2: 2-8 of clubs
# and 2-7 of diamonds; seat 1 every heart, seat 3 every spade.  Only seats 0 and 2 hold
# clubs and diamonds and seat 0's are all higher: seat 0 takes every trick, so all 64
# points (four queens 13 each, twelve other hearts 1 each).
QUEENS_DEAL = [
    hand(*suit("C", "9TJQKA"), *suit("D", "89TJQKA")),
    hand(*suit("H", "23456789TJQKA")),
    hand(*suit("C", "2345678"), *suit("D", "234567")),
    hand(*suit("S", "23456789TJQKA")),
]


def queens_game(declarations: list[str | None]) -> Game:
    g = Game(make_rules("four-queens", 4, {"pass_schedule": "none"}))
    g.start_hand(QUEENS_DEAL)
    assert g.phase == PHASE_DECLARE and g.turn == 0  # eldest hand first
    for name in declarations:
        (d,) = g.pending()
        assert d == Decision(g.turn, "declare", 0, 0, (None, "general"))
        g.apply(Action.declare(d.seat, name))
    assert g.phase == PHASE_PLAY
    return g


def test_four_queens_values():
    r = make_rules("four-queens", 4)
    assert r.hand_total == 64
    assert [r.penalty[C(q)] for q in ("QC", "QD", "QH", "QS")] == [13, 13, 13, 13]
    assert r.penalty[C("AH")] == 1 and r.penalty[C("KS")] == 0
    assert r.phases == ("pass", "declare", "play")


def test_general_made():
    g = queens_game(["general"])  # seat 0 declares at once: the others are not asked
    assert g.declarations == [(0, "general")]
    assert all(player_view(g, s).declarations == ((0, "general"),) for s in range(4))
    play_lowest(g)
    # Made: each opponent scores 64, the declarer nothing.
    assert g.results[-1].points == (0, 64, 64, 64)


def test_general_failed():
    g = queens_game([None, None, "general"])  # seat 2 declares, and takes nothing
    play_lowest(g)
    # Failed: the declarer scores 64; the others what they took (seat 0: all 64).
    assert g.results[-1].points == (64, 0, 64, 0)


def test_general_made_silently():
    g = queens_game([None, None, None, None])  # nobody declares
    play_lowest(g)
    # Seat 0 took every penalty card without declaring: each opponent scores 54.
    assert g.results[-1].points == (0, 54, 54, 54) and g.results[-1].moon == 0


def test_declarations_are_checked_and_recorded():
    g = Game(make_rules("four-queens", 4, {"pass_schedule": "none"}))
    g.start_hand(QUEENS_DEAL)
    with pytest.raises(IllegalAction) as err:
        g.apply(Action.declare(0, "slam"))
    assert err.value.reason == "bad_declaration" and g.declares_made == 0
    with pytest.raises(IllegalAction) as err:
        g.apply(Action.declare(1, "general"))
    assert err.value.reason == "not_your_turn"
    assert Action.from_json(["declare", 1, None]) == Action.declare(1, None)
    assert Action.declare(2, "general").to_json() == ["declare", 2, "general"]
    g.apply(Action.declare(0, None))
    g.apply(Action.declare(1, "general"))
    play_lowest(g)
    rec = json.loads(json.dumps(record_from_game(g)))
    assert rec["hands"][0]["declarations"] == [{"seat": 1, "name": "general"}]
    out = score_record(rec)
    assert out["hands"][0]["points"] == [64, 64, 0, 0]  # seat 1 failed; seat 0 took 64
    assert out["hands"][0]["declarations"] == [{"seat": 1, "name": "general"}]
    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["declarations"] = [{"seat": 1, "name": "slam"}]
    err2 = score_record(bad)["error"]
    assert err2["code"] == "illegal_declaration" and err2["reason"] == "bad_declaration"
    for entry in ({"seat": 1}, {"seat": 1, "name": None}, {"seat": 1, "name": 64}):
        bad["hands"][0]["declarations"] = [entry]  # listed, so it declared: say what
        err3 = score_record(bad)["error"]
        assert err3["path"] == "hands[0].declarations", err3
        assert "name" in err3["message"] and "must be a list of objects" in err3["message"]


def test_medium_declares_general_only_when_strong():
    g = Game(make_rules("four-queens", 4, {"pass_schedule": "none"}))
    strong = hand(*suit("H", "6789TJQKA"), "AS", "KS", "AC", "AD")
    weak = hand(*suit("H", "2345"), *suit("C", "2345"), *suit("D", "234"), "2S", "3S")
    rest = [c for c in g.rules.deck_cards if not (strong | weak) >> c & 1]
    g.start_hand([strong, weak, mask(*rest[:13]), mask(*rest[13:])])
    assert medium_declare(player_view(g, 0)) == "general"
    g.apply(Action.declare(0, None))
    assert medium_declare(player_view(g, 1)) is None


# ---------------------------------------------------------------- Domino Hearts
def tiny_domino(deal: list[int], stock: list[int]) -> Game:
    """Domino Hearts at three seats over a small deck: two cards each and the stock."""
    r = make_rules("domino", 3)
    deck = mask(*stock)
    for h in deal:
        deck |= h
    r = dataclasses.replace(r, deck=deck, hand_size=2, stock_size=len(stock),
                            penalty_mask=r.penalty_mask & deck,
                            deck_cards=tuple(card_tuple(deck)))
    g = Game(r)
    g.start_hand(deal, stock)
    return g


def test_domino_deal_and_stock():
    r = make_rules("domino", 4)
    assert r.hand_size == 6 and r.stock_size == 28 and r.hand_total == 13
    assert r.target_score == 31 and r.phases == ("pass", "play") and r.pass_offsets == (0,)
    g = Game(r, game_number=5)
    g.start_hand()
    assert len(g.stock) == 28 and all(h.bit_count() == 6 for h in g.hands)
    assert mask(*g.stock) == r.deck & ~(g.hands[0] | g.hands[1] | g.hands[2] | g.hands[3])


def test_domino_the_stock_runs_out_and_seats_drop_out():
    # Seat 0: A♣ 2♥; seat 1: K♣ 3♦; seat 2: 2♣ 5♦; the stock, top first: 4♥ 3♣ 6♦.
    g = tiny_domino([hand("AC", "2H"), hand("KC", "3D"), hand("2C", "5D")],
                    [C("4H"), C("3C"), C("6D")])
    # Trick 1: A♣ K♣ 2♣, seat 0 wins.  Nobody draws.
    play(g, C("AC"), C("KC"), C("2C"))
    assert g.turn == 0 and not g.draws
    # Trick 2: seat 0 leads 2♥ (its last card).  Seat 1 holds no heart: it draws 4♥ and
    # must play it.  Seat 2 draws 3♣ and 6♦, the stock is empty, and may play any card.
    play(g, C("2H"))
    assert g.turn == 1 and g.draws == [(1, C("4H"))]
    assert g.legal_plays() == mask(C("4H"))
    # What was drawn: the drawer sees the card, the others only that a card was drawn.
    assert player_view(g, 1).draws == ((1, C("4H")),)
    assert player_view(g, 2).draws == ((1, -1),) and player_view(g, 2).stock_size == 2
    play(g, C("4H"))
    assert g.draws[1:] == [(2, C("3C")), (2, C("6D"))] and not g.stock
    assert g.legal_plays() == hand("5D", "3C", "6D")
    play(g, C("3C"))
    # 4♥ wins: seat 1 takes 2♥, 4♥ and 3♣ (2).  Seat 0 is out.  Trick 3 is seats 1 and 2:
    # seat 1 leads 3♦ (its last), seat 2 follows 6♦ and wins; seat 1 is out.
    assert g.tricks[-1].winner == 1 and g.out_order == [0]
    play(g, C("3D"), C("6D"))
    assert g.tricks[-1].seats == (1, 2) and g.tricks[-1].winner == 2
    # Seat 2 alone holds cards (5♦): it adds them to its tricks and the hand ends.
    assert g.results[-1].points == (0, 2, 0) and g.results[-1].out_order == (0, 1, 2)
    assert g.won[1] == hand("2H", "4H", "3C") and g.won[2] == hand("3D", "6D", "5D")


def test_domino_the_last_seat_takes_what_is_left_of_the_stock():
    # Seat 0: 2♣ A♥; seat 1: 3♣ K♥; seat 2: 2♥ 5♦; the stock: 7♥ 3♥ 8♣ 9♣.
    g = tiny_domino([hand("2C", "AH"), hand("3C", "KH"), hand("2H", "5D")],
                    [C("7H"), C("3H"), C("8C"), C("9C")])
    # Trick 1: 2♣ 3♣, then seat 2 draws 7♥, 3♥ and 8♣ (a club): it must play 8♣ and wins.
    play(g, C("2C"), C("3C"))
    assert [c for _, c in g.draws] == [C("7H"), C("3H"), C("8C")]
    assert g.legal_plays() == mask(C("8C"))
    play(g, C("8C"))
    # Trick 2: seat 2 leads 2♥, seat 0 A♥, seat 1 K♥: seat 0 wins three hearts (3).
    # Seats 0 and 1 are out; seat 2 still holds 5♦ 7♥ 3♥ and adds them and the stock's
    # last card, 9♣, to its tricks: 7♥ 3♥ = 2.
    play(g, C("2H"), C("AH"), C("KH"))
    assert g.results[-1].points == (3, 0, 2) and g.results[-1].out_order == (0, 1, 2)
    assert g.won[2] == hand("2C", "3C", "8C", "5D", "7H", "3H", "9C") and not g.stock


def test_domino_record_round_trip_and_numbered_stock():
    g = Game(make_rules("domino", 4), game_number=11)
    drive(g, [get_bot("medium", s) for s in range(4)], deal=True)
    drive(g, [get_bot("medium", s) for s in range(4)], deal=True)
    rec = json.loads(json.dumps(record_from_game(g)))
    assert len(rec["hands"][0]["stock"]) == 28
    back = replay_record(rec)
    assert back.results == g.results and record_from_game(back) == rec
    # Without deals the numbered game gives the stock too (cards after the hands).
    lean = json.loads(json.dumps(record_from_game(g, deals=False)))
    assert "stock" not in lean["hands"][0]
    assert replay_record(lean).results == g.results
    out = score_record(rec)
    assert out["hands"][0]["out_order"] == list(g.results[0].out_order)
    assert sum(out["hands"][0]["points"]) == 13
    bad = json.loads(json.dumps(rec))
    bad["hands"][0]["stock"] = bad["hands"][0]["stock"][:-1]
    assert score_record(bad)["error"]["code"] == "bad_deal"
    assert Action.from_json(Action.deal((*g.dealt, tuple(g.stock_deals[1][1]))).to_json()) \
        == Action.deal((*g.dealt, tuple(g.stock_deals[1][1])))


# --------------------------------------------------------------- Partnership Hearts
# Seat 0: 2-8 of clubs and 9-A of diamonds; seat 2: 9-A of clubs and 2-8 of diamonds;
# seat 1 every heart, seat 3 every spade.  Only partners 0 and 2 hold clubs and
# diamonds, so they win every trick between them.  Playing the lowest card each time:
# seat 2 wins tricks 1-6 (its clubs over seat 0's) and seat 0 tricks 7-13; seat 1 plays
# 2♥ ... A♥ in tricks 1-13 and seat 3 2♠ ... A♠, Q♠ in trick 11 (seat 0's).
# Seat 2 takes 6 hearts (6), seat 0 seven hearts and Q♠ (20): neither alone took all.
PARTNER_DEAL = [
    hand(*suit("C", "2345678"), *suit("D", "9TJQKA")),
    hand(*suit("H", "23456789TJQKA")),
    hand(*suit("C", "9TJQKA"), *suit("D", "2345678")),
    hand(*suit("S", "23456789TJQKA")),
]


def partner_game(variant: str, deal=PARTNER_DEAL) -> Game:
    g = Game(make_rules(variant, 4, {"pass_schedule": "none"}))
    g.start_hand(deal)
    play_lowest(g)
    return g


def test_partnership_team_moon():
    g = partner_game("partnership")
    # Partners 0 and 2 took every penalty card between them: a team moon, the
    # opponents score 26 each (52 for their side).
    res = g.results[-1]
    assert res.tricks == (7, 0, 6, 0)
    assert res.points == (0, 26, 0, 26) and res.moon in (0, 2)
    out = score_record(record_from_game(g))
    assert out["teams"] == [[0, 2], [1, 3]] and out["team_totals"] == [0, 52]
    assert out["hands"][0]["team_points"] == [0, 52]
    assert player_view(g, 0).partners == (2,) and player_view(g, 3).teams == ((0, 2), (1, 3))


def test_partnership_separate_scores_no_team_moon():
    g = partner_game("partnership-separate")
    # Separate scores: only one player alone shoots; here each keeps what it took.
    assert g.results[-1].points == (20, 0, 6, 0) and g.results[-1].moon is None
    assert g.team_totals() == (26, 0)


def test_partnership_separate_moon_by_one_player():
    # Seat 0 holds every club and wins every trick: a moon by one player alone.  Its
    # partner scores nothing, each opponent 26 (standard Hearts would give seat 2 26).
    deal = [hand(*suit("C", "23456789TJQKA")), hand(*suit("H", "23456789TJQKA")),
            hand(*suit("D", "23456789TJQKA")), hand(*suit("S", "23456789TJQKA"))]
    assert partner_game("partnership-separate", deal).results[-1].points == (0, 26, 0, 26)
    assert partner_game("standard", deal).results[-1].points == (0, 26, 26, 26)


def test_partnership_game_end():
    joint = make_rules("partnership", 4)
    # Joint scores: a team total of 100 ends the game; the lower team wins.
    assert team_game_result(joint, (60, 10, 45, 20)) == (True, (1, 3))
    assert team_game_result(joint, (40, 10, 45, 20)) == (False, ())
    separate = make_rules("partnership-separate", 4)
    # Separate: one seat reaching 100 ends it; then partners' scores are combined.
    assert team_game_result(separate, (60, 10, 45, 20)) == (False, ())
    assert team_game_result(separate, (100, 30, 0, 80)) == (True, (0, 2))


# ------------------------------------------------------------------- every game
@pytest.mark.parametrize("variant,players", [
    ("cancellation", 6), ("cancellation", 9), ("four-queens", 4), ("four-queens", 3),
    ("domino", 4), ("domino", 5), ("partnership", 4), ("partnership-separate", 4),
    ("partnership-slam", 4), ("partnership-slam", 5)])
def test_pending_apply_json_and_bots(variant, players):
    """Every decision's legal actions are accepted; each action's JSON replays the game;
    the bots that know nothing of the new decisions still play it through."""
    rng = random.Random(players)
    g = Game(make_rules(variant, players), rng=rng)
    replayed = Game(make_rules(variant, players))
    while not g.game_over and len(g.results) < 2:
        for d in g.pending():
            actions = d.legal_actions()
            assert actions and all(d.allows(a) and g.can(a) for a in actions[:40])
            a = rng.choice(actions)
            g.apply(a)
            if a.kind == "deal":
                a = Action.deal((*g.dealt, tuple(g.stock_deals[g.hand_index][1])) if g.rules.stock_size
                                else tuple(g.dealt))
            back = Action.from_json(json.loads(json.dumps(a.to_json())))
            # With two packs a name means either copy (the seat's, or the deck's spare).
            assert back.to_json() == a.to_json()
            replayed.apply(back)
    assert replayed.results == g.results
    for level in ("random", "easy", "medium"):
        b = Game(make_rules(variant, players), game_number=3)
        drive(b, [get_bot(level, s) for s in range(players)], deal=True)
        # One hand played through, every card of the deck (and stock) taken by someone.
        assert len(b.results) == 1
        assert sum(w.bit_count() for w in b.won) == b.rules.deck.bit_count()


def test_domino_every_seat_out_at_once_the_stock_goes_with_the_last_trick():
    # One card each, all clubs: 4♣ (seat 2) wins and every seat is out together; what
    # is left of the stock (5♥ 6♥) goes with that trick to seat 2: 2 points.
    r = make_rules("domino", 3)
    deck = hand("2C", "3C", "4C", "5H", "6H")
    r = dataclasses.replace(r, deck=deck, hand_size=1, stock_size=2,
                            penalty_mask=r.penalty_mask & deck, deck_cards=tuple(card_tuple(deck)))
    g = Game(r)
    g.start_hand([hand("2C"), hand("3C"), hand("4C")], [C("5H"), C("6H")])
    play(g, C("2C"), C("3C"), C("4C"))
    assert g.results[-1].points == (0, 0, 2) and not g.stock


@pytest.mark.parametrize("variant,players", [("four-queens", 4), ("cancellation", 6),
                                             ("partnership-slam", 4)])
def test_review_replays_declarations_and_two_packs(variant, players):
    """The review's decision points (hearts review) walk past the declarations and read
    a two-pack name as the copy the seat holds."""
    from hearts.analysis import decision_points

    g = Game(make_rules(variant, players), game_number=21)
    drive(g, [get_bot("medium", s) for s in range(players)], deal=True)
    points = list(decision_points(record_from_game(g), seat=0))
    assert [p.stage for p in points] == ["pass"] + ["play"] * g.rules.hand_size
    assert all(p.view.legal >> p.played[0] & 1 for p in points[1:])


def test_hint_answers_a_declaration():
    from hearts.cli.hint import hint_for_game

    g = Game(make_rules("four-queens", 4, {"pass_schedule": "none"}))
    g.start_hand(QUEENS_DEAL)
    out = hint_for_game(replay_record(record_from_game(g)), "medium")
    # Seat 0 (eldest) declares first; it holds no heart: medium declares nothing.
    assert out["stage"] == "declare" and out["seat"] == 0 and out["declaration"] is None
    strong = Game(make_rules("four-queens", 4, {"pass_schedule": "none"}))
    strong.start_hand([QUEENS_DEAL[1], QUEENS_DEAL[0], QUEENS_DEAL[2], QUEENS_DEAL[3]])
    # Seat 0 holds every heart: no card of it can lose the lead, so medium declares.
    assert hint_for_game(strong, "medium")["declaration"] == "general"


def test_review_refuses_a_game_with_a_stock_and_jokers():
    """Domino Hearts is reviewed (tests/test_domino_search.py), with a pass option too,
    except with jokers added: the worlds of players/stock.py do not place wild cards."""
    from hearts.analysis import decision_points
    from hearts.record import RecordError

    g = Game(make_rules("domino", 4, {"jokers": 1}), game_number=21)
    drive(g, [get_bot("medium", s) for s in range(4)], deal=True)
    with pytest.raises(RecordError) as err:
        list(decision_points(record_from_game(g), seat=0))
    assert err.value.code == "unsupported_rules"
