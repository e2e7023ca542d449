"""The three new games of issue 8, end to end in the engine, scored by hand.

Auction Hearts (``auction``), Heartsette (``heartsette``) and Joker Hearts
(``joker``): each test builds a deal whose play is forced or chosen here, and
checks the engine's legal sets, trick winners, points and chips against values
worked out by hand in the comments.  Rules: variants.md, "The wider family".
"""

from __future__ import annotations

import random

import pytest

from hearts.actions import Action, Decision
from hearts.cards import JOKER, SUIT_MASKS, card_str, mask_of, parse_card, parse_mask
from hearts.drive import drive
from hearts.game import PHASE_BID, PHASE_PLAY, PHASE_SUIT, Game, IllegalAction
from hearts.players.base import get_bot
from hearts.record import record_from_game, replay_record, score_record
from hearts.rules import make_rules
from hearts.settle import against_average, hand_chips
from hearts.view import player_view

C = parse_card


def suit_cards(letter: str, ranks: str) -> list[str]:
    return [r + letter for r in ranks]


def hand(*names: str) -> int:
    return parse_mask(list(names))


def play_all(g: Game, choose=lambda d: d.cards & -d.cards) -> None:
    """Play the hand out: each seat plays the lowest legal card (or what ``choose`` says)."""
    while g.phase == PHASE_PLAY:
        (d,) = g.pending()
        m = choose(d)
        g.apply(Action.play(d.seat, m.bit_length() - 1))


# ----------------------------------------------------------------- Auction Hearts
# Seat 0: 9-A of clubs and 8-A of diamonds; seat 2: 2-8 of clubs and 2-7 of diamonds;
# seat 1 every heart, seat 3 every spade.  Seat 0's clubs and diamonds are all higher
# than seat 2's, and nobody else holds either suit: seat 0 wins every trick it leads and
# every trick seat 2 leads, so seat 0 takes all 52 cards whoever leads.
AUCTION_DEAL = [
    hand(*suit_cards("C", "9TJQKA"), *suit_cards("D", "89TJQKA")),
    hand(*suit_cards("H", "23456789TJQKA")),
    hand(*suit_cards("C", "2345678"), *suit_cards("D", "234567")),
    hand(*suit_cards("S", "23456789TJQKA")),
]


def auction_game(bids, suit=None, options=None) -> Game:
    g = Game(make_rules("auction", 4, options or {}))
    g.start_hand(AUCTION_DEAL)
    assert g.phase == PHASE_BID and g.turn == 0  # hand 0: seat 0 is eldest, seat 3 deals
    for seat, bid in zip((0, 1, 2, 3), bids, strict=True):
        g.apply(Action.bid(seat, bid))
    if suit is not None:
        assert g.phase == PHASE_SUIT
        g.apply(Action.suit(g.declarer, "CDHS".index(suit)))
    return g


def test_auction_won_pays_the_pool_to_clean_seats():
    # Bids: seat 0 none, seat 1 two, seat 2 three, seat 3 (dealer) none: seat 2 wins,
    # pays 3 chips into the pool, names spades and leads.
    g = auction_game([None, 2, 3, None], "S")
    assert g.declarer == 2 and g.turn == 2 and g.leader == 2
    assert g.hand_rules.penalty_suit == 3 and g.hand_rules.hand_total == 13
    play_all(g)
    res = g.results[-1]
    # Seat 0 wins all 13 tricks: the 13 spades (1 each) are its 13 points; hearts count 0.
    assert res.points == (13, 0, 0, 0) and res.tricks == (13, 0, 0, 0)
    # Pool: 3 (bid) + 13 (seat 0's spades) = 16; seats 1, 2, 3 took no spade and share
    # it: 16 // 3 = 5 each, 1 stays.  Seat 2: -3 + 5 = +2.  A won auction.
    assert res.chips == (-13, 5, 2, 5) and g.pot == 1
    assert g.chips == [-13, 5, 2, 5]


def test_auction_failed_bidder_takes_the_suit_it_named():
    # Seat 0 bids 4 (nobody higher), names spades, leads, and wins every trick: it takes
    # the 13 spades.  Pool: 4 + 13 = 17; seats 1-3 share it, 5 each, 2 stay.
    g = auction_game([4, None, None, None], "S")
    assert g.declarer == 0 and g.leader == 0
    play_all(g)
    res = g.results[-1]
    assert res.points == (13, 0, 0, 0)
    assert res.chips == (-17, 5, 5, 5) and g.pot == 2


def test_auction_without_a_bid_keeps_hearts_and_eldest_leads():
    g = auction_game([None, None, None, None])
    assert g.phase == PHASE_PLAY and g.declarer == -1 and g.leader == 0
    assert g.hand_rules is g.rules and g.rules.penalty_mask == SUIT_MASKS[2]  # no Q♠ in 1897
    play_all(g)
    res = g.results[-1]
    assert res.points == (13, 0, 0, 0)  # seat 0 takes seat 1's hearts
    assert res.chips == (-13, 4, 4, 4) and g.pot == 1


def test_auction_fewest_settlement():
    # The 1887 way: seat 0 took every penalty card (the 13 spades named), so the all-13
    # rule applies: it pays 13, 4 to each other seat and 1 to the pool, which also holds
    # seat 2's bid of 3 (pool 4, left for the next hand).  Seat 2: -3 + 4 = +1.
    g = auction_game([None, 2, 3, None], "S", {"settlement": "fewest"})
    play_all(g)
    assert g.results[-1].chips == (-13, 4, 1, 4) and g.pot == 4


def test_auction_bids_are_checked():
    g = Game(make_rules("auction", 4))
    g.start_hand(AUCTION_DEAL)
    g.bid(0, 3)
    for bad in (3, 2, 0, 11, True, "4"):
        with pytest.raises(IllegalAction) as e:
            g.bid(1, bad)
        assert e.value.reason == "bad_bid"
    with pytest.raises(IllegalAction) as e:
        g.bid(2, 5)
    assert e.value.reason == "not_your_turn"
    (d,) = g.pending()
    assert d == Decision(1, "bid", 0, 0, (None, 4, 5, 6, 7, 8, 9, 10))
    with pytest.raises(IllegalAction) as e:
        g.play(1, C("2H"))
    assert e.value.reason == "wrong_phase"
    for s in (1, 2, 3):
        g.bid(s, None)
    with pytest.raises(IllegalAction) as e:
        g.name_suit(0, 4)
    assert e.value.reason == "bad_suit"


def test_pool_carries_over_when_nobody_is_clean():
    rules = make_rules("auction", 4)
    assert hand_chips(rules, (1, 2, 3, 7), -1, 0, 5) == ((-1, -2, -3, -7), 18)
    assert against_average((10, 20, 30, 40)) == (15.0, 5.0, -5.0, -15.0)


def test_auction_game_ends_after_its_deals_most_chips_wins():
    g = Game(make_rules("auction", 4), game_number=99)
    bots = [get_bot("medium", s) for s in range(4)]
    hands = 0
    while not g.game_over:
        drive(g, bots, deal=True)
        hands += 1
    assert len(g.results) == 4 and hands == 4  # option deals: 4
    best = max(g.chips)
    assert g.winners == tuple(s for s in range(4) if g.chips[s] == best)
    assert sum(g.chips) + g.pot == 0


def test_auction_record_round_trip_and_score():
    g = auction_game([None, 2, 3, None], "S")
    play_all(g)
    rec = record_from_game(g)
    entry = rec["hands"][0]
    assert entry["bids"] == [None, 2, 3, None] and entry["penalty_suit"] == "S"
    out = score_record(rec)
    assert out["ok"] and out["hands"][0]["points"] == [13, 0, 0, 0]
    assert out["hands"][0]["chips"] == [-13, 5, 2, 5]
    assert out["chip_totals"] == [-13, 5, 2, 5] and out["pot"] == 1
    assert record_from_game(replay_record(rec)) == rec
    bad = dict(rec, hands=[dict(entry, bids=[None, 2, 2, None])])
    err = score_record(bad)["error"]
    assert (err["code"], err["reason"], err["stage"], err["seat"]) == \
        ("illegal_bid", "bad_bid", "bid", 2)
    for written in ("♠", "s", "♤"):  # the suit as cards accept it
        assert score_record(dict(rec, hands=[dict(entry, penalty_suit=written)])) == out
    err = score_record(dict(rec, hands=[dict(entry, penalty_suit="♛")]))["error"]
    assert err["reason"] == "bad_suit" and "♛" in err["message"]


# --------------------------------------------------------------------- Heartsette
# Four players: 2♠ out, 12 cards each, 3 to the widow (A♥ K♥ 3♦).  Seat 0 holds the
# clubs 2-K, seat 1 A♣ and the diamonds but 3♦ and A♦, seat 2 A♦ and 2♥-Q♥, seat 3 the
# spades 3-A.  Trick 1: 2♣, A♣ (seat 1's only club), A♦ and 3♠ (no points on the first
# trick): seat 1 wins it and takes the widow.  Seat 1 then leads diamonds that nobody
# else holds and wins every trick: all hearts (11 + the widow's 2) and Q♠ are its own.
HEARTSETTE_DEAL = [
    hand(*suit_cards("C", "23456789TJQK")),
    hand("AC", "2D", *suit_cards("D", "456789TJQK")),
    hand("AD", *suit_cards("H", "23456789TJQ")),
    hand(*suit_cards("S", "3456789TJQKA")),
]


def heartsette_game(moon="add") -> Game:
    g = Game(make_rules("heartsette", 4, {"pass_schedule": "none", "moon": moon}))
    g.start_hand(HEARTSETTE_DEAL)
    assert g.widow == hand("AH", "KH", "3D")
    return g


def test_heartsette_widow_goes_with_the_first_trick_and_is_seen_by_its_taker_alone():
    g = heartsette_game()
    for s in range(4):  # before the first trick ends nobody has seen the widow
        v = player_view(g, s)
        assert v.widow == 0 and v.widow_taker == -1 and v.widow_size == 3
    for card in ("2C", "AC", "AD", "3S"):
        g.play(g.turn, C(card))
    assert g.widow_taker == 1 and g.won[1] == hand("2C", "AC", "AD", "3S", "AH", "KH", "3D")
    for s in range(4):
        v = player_view(g, s)
        assert v.widow_taker == 1
        if s == 1:
            assert v.widow == g.widow and v.won[1] == g.won[1]
            assert not v.unseen() & g.widow
        else:  # the widow is hidden: neither the cards nor the points they carry
            assert v.widow == 0 and v.won[1] == hand("2C", "AC", "AD", "3S")
            assert v.to_json()["widow"] == [] and v.to_json()["points_taken"][1] == 0
            assert v.unseen() & g.widow == g.widow


def test_heartsette_widow_hearts_count_and_complete_a_moon():
    g = heartsette_game()
    play_all(g, choose=lambda d: 1 << (d.cards.bit_length() - 1))  # highest legal card
    res = g.results[-1]
    # Seat 1 took 13 hearts (2 from the widow) and Q♠: all 26, a moon: +26 to the others.
    assert res.moon == 1 and res.points == (26, 0, 26, 26)
    g = heartsette_game(moon="none")
    play_all(g, choose=lambda d: 1 << (d.cards.bit_length() - 1))
    assert g.results[-1].points == (0, 26, 0, 0)


def test_heartsette_sizes_and_record():
    for players, size, widow in ((3, 16, 4), (4, 12, 3), (5, 10, 2), (6, 8, 4)):
        r = make_rules("heartsette", players)
        assert (r.hand_size, r.widow_size) == (size, widow)
        assert r.hand_size * players + widow == r.deck.bit_count()
    g = heartsette_game()
    play_all(g)
    rec = record_from_game(g)
    assert sorted(rec["hands"][0]["widow"]) == ["3D", "AH", "KH"]
    assert record_from_game(replay_record(rec)) == rec
    bad = {**rec, "hands": [{**rec["hands"][0], "widow": ["AH", "KH", "4D"]}]}
    assert score_record(bad)["error"]["code"] == "bad_deal"


# --------------------------------------------------------------------- Joker Hearts
def joker_game(deal, **options) -> Game:
    opts = {"pass_schedule": "none", "first_lead": "eldest-any", "first_trick_points": True,
            "hearts_lead_any_time": True, **options}
    g = Game(make_rules("joker", 4, opts))
    g.start_hand(deal)
    return g


def fill(rules, fixed):
    """``fixed`` cards per seat, the rest of the deck dealt in card order to fill up."""
    used = 0
    for cards in fixed:
        used |= parse_mask(cards)
    rest = [c for c in rules.deck_cards if not used >> c & 1]
    out = []
    for cards in fixed:
        m = parse_mask(cards)
        while m.bit_count() < rules.hand_size:
            m |= 1 << rest.pop(0)
        out.append(m)
    return out


def test_joker_deck():
    r = make_rules("joker", 4)
    assert r.deck >> JOKER & 1 and not r.deck >> C("2D") & 1 and r.hand_size == 13
    assert r.penalty[JOKER] == 0 and r.wild_mask == 1 << JOKER
    r2 = make_rules("joker", 3, {"jokers": 2})
    assert r2.deck.bit_count() == 54 and r2.hand_size == 18 and r2.wild_mask == 3 << JOKER
    assert card_str(JOKER + 1) == "JK"


def test_joker_led_the_next_card_sets_the_suit_and_the_joker_never_wins():
    rules = make_rules("joker", 4)
    deal = fill(rules, [["JK", "5C"], ["5H", "6C"], ["3H", "2C", "3C"], ["4H", "4C"]])
    g = joker_game(deal)
    g.play(0, JOKER)                       # a joker led
    assert g.pending()[0].cards == g.hands[1]  # anything may follow a lone joker
    g.play(1, C("5H"))                     # hearts are now the led suit
    assert g.legal_plays() == g.hands[2] & SUIT_MASKS[2]
    with pytest.raises(IllegalAction) as e:
        g.play(2, C("2C"))
    assert e.value.reason == "must_follow_suit" and "hearts" in e.value.message
    g.play(2, C("3H"))
    a = g.play(3, C("4H"))
    # The joker (the highest id) would top any card; it never wins: 5♥ takes the trick.
    assert a.winner == 1 and g.tricks[-1].winner == 1
    assert g.won[1] == hand("JK", "5H", "3H", "4H")


def test_joker_discarded_while_able_to_follow():
    rules = make_rules("joker", 4)
    deal = fill(rules, [["2S", "9S"], ["JK", "3S", "KH"], ["4S"], ["5S"]])
    g = joker_game(deal)
    g.play(0, C("2S"))
    legal = g.legal_plays()
    assert legal == g.hands[1] & (SUIT_MASKS[3] | 1 << JOKER)  # spades or the joker
    assert g.explain(1, C("KH")).reason == "must_follow_suit" and g.explain(1, JOKER) is None
    g.play(1, JOKER)
    g.play(2, C("4S"))
    a = g.play(3, C("5S"))
    assert a.winner == 3  # 5♠ the highest spade; the joker is nobody's winner


def test_joker_hand_scores_by_hand():
    # Seat 0 every club, seat 1 the joker and the diamonds 3-A (2♦ is out to make room),
    # seat 2 every heart, seat 3 every spade.  2♣ leads; seat 0 leads clubs throughout and
    # wins every trick, the joker included: 13 hearts + Q♠ = 26, a moon, +26 to the rest.
    deal = [hand(*suit_cards("C", "23456789TJQKA")),
            hand("JK", *suit_cards("D", "3456789TJQKA")),
            hand(*suit_cards("H", "23456789TJQKA")),
            hand(*suit_cards("S", "23456789TJQKA"))]
    g = Game(make_rules("joker", 4, {"pass_schedule": "none"}))
    g.start_hand(deal)
    assert g.leader == 0
    play_all(g, choose=lambda d: (d.cards & (1 << JOKER)) or d.cards & -d.cards)
    assert g.results[-1].points == (0, 26, 26, 26)
    v = player_view(g, 2)
    assert v.jokers_played == 1 << JOKER  # public: every seat saw it played
    rec = record_from_game(g)
    assert "JK" in rec["hands"][0]["deal"][1] and "JK" in rec["hands"][0]["play"]
    assert score_record(rec)["hands"][0]["points"] == [0, 26, 26, 26]


def test_two_jokers_in_a_record_are_either_copy():
    r = make_rules("joker", 3, {"jokers": 2})
    rng = random.Random(5)
    g = Game(r, rng=rng)
    bots = [get_bot("medium", s) for s in range(3)]
    drive(g, bots, deal=True)
    rec = record_from_game(g)
    assert sum(cards.count("JK") for cards in rec["hands"][0]["deal"]) == 2
    assert rec["hands"][0]["play"].count("JK") == 2
    assert score_record(rec)["hands"][0]["points"] == list(g.results[-1].points)


# ------------------------------------------------------------ the one action API
@pytest.mark.parametrize("variant,players", [("auction", 4), ("heartsette", 4), ("joker", 4),
                                             ("joker", 5), ("standard", 4)])
def test_pending_apply_and_json_round_trip(variant, players):
    rng = random.Random(players)
    g = Game(make_rules(variant, players), rng=rng)
    replayed = Game(make_rules(variant, players))
    deals = []
    while not g.game_over and len(g.results) < 3:
        for d in g.pending():
            actions = d.legal_actions()
            assert actions and all(d.allows(a) and g.can(a) for a in actions[:50])
            a = rng.choice(actions)
            if a.kind == "deal":
                g.apply(a)
                deals.append(tuple(g.dealt))
                a = Action.deal(deals[-1])
            else:
                g.apply(a)
            back = Action.from_json(a.to_json())
            assert back == a, (a, back)
            replayed.apply(back)
    assert replayed.results == g.results and replayed.totals == g.totals


def test_bots_play_every_new_game():
    for variant in ("auction", "heartsette", "joker"):
        for level in ("random", "easy", "medium"):
            g = Game(make_rules(variant, 4), game_number=7)
            drive(g, [get_bot(level, s) for s in range(4)], deal=True)
            assert len(g.results) == 1
            assert sum(g.results[-1].tricks) == g.rules.hand_size


def test_medium_bids_by_hand_strength():
    from hearts.players.medium import bid_strength

    r = make_rules("auction", 4)
    low = mask_of([C(x) for x in ("2S", "3S", "4S", "5S", "2C", "3C", "4C", "2D", "3D", "4D",
                                  "5D", "2H", "3H")])
    high = mask_of([C(x) for x in ("AS", "KS", "QS", "JS", "AC", "KC", "QC", "AD", "KD", "QD",
                                   "JD", "AH", "KH")])
    assert bid_strength(r, low)[0] > bid_strength(r, high)[0]
    g = Game(r)
    g.start_hand([low, high] + fill(r, [[], []])[:0] + _rest(r, low | high))
    bot = get_bot("medium", 0)
    assert bot.choose_bid(player_view(g, 0)) is not None  # a strong hand bids
    g.bid(0, bot.choose_bid(player_view(g, 0)))
    assert bot.choose_bid(player_view(g, 1)) is None      # a weak one does not


def _rest(rules, used):
    rest = [c for c in rules.deck_cards if not used >> c & 1]
    return [mask_of(rest[:13]), mask_of(rest[13:26])]


# ------------------------------------------------- components without a variant yet
def two_pack_rules(players=4):
    """Standard rules over two packs with cancellation, built by hand: the components of
    Cancellation Hearts (no variant record yet, see docs/engine.md)."""
    import dataclasses

    from hearts.cards import FULL_DECK, PACK2

    r = make_rules("standard", players, {"pass_schedule": "none", "first_lead": "eldest-any",
                                         "first_trick_points": True,
                                         "hearts_lead_any_time": True, "moon": "none"})
    penalty = list(r.penalty) + [0] * (256 - len(r.penalty))
    for c in range(64):
        penalty[c + PACK2] = penalty[c]
    deck = FULL_DECK | FULL_DECK << PACK2
    mask = sum(1 << c for c in range(256) if penalty[c] and deck >> c & 1)
    ids = [c for c in range(64) if deck >> c & 1] + [c + PACK2 for c in range(64)
                                                      if deck >> c & 1]
    return dataclasses.replace(r, deck=deck, hand_size=104 // players, penalty=tuple(penalty),
                               penalty_mask=mask, hand_total=sum(penalty),
                               lead_restricted_mask=mask & (SUIT_MASKS[2] | SUIT_MASKS[2] << 128),
                               cancel_identical=True, deck_cards=tuple(ids))


def test_identical_cards_cancel_and_a_cancelled_trick_carries():
    from hearts.cards import PACK2
    from hearts.tricks import winner_index

    r = two_pack_rules()
    two = PACK2
    # K♠ and its twin cancel: the highest card left, 9♠, wins (place 3).
    assert winner_index(r, [C("KS"), C("KS") + two, C("3S"), C("9S")]) == 3
    # Two pairs cancel the whole trick.
    assert winner_index(r, [C("KS"), C("KS") + two, C("3S"), C("3S") + two]) == -1
    # A second-pack card follows suit and wins as its name.
    assert winner_index(r, [C("5H"), C("AH") + two, C("7H"), C("2C")]) == 1
    fixed = [[C("KS"), C("5H")], [C("KS") + two, C("6H")], [C("3S"), C("7H")],
             [C("3S") + two, C("8H")]]
    used = sum(1 << c for cards in fixed for c in cards)
    rest = [c for c in r.deck_cards if not used >> c & 1]
    deal = []
    for cards in fixed:
        m = sum(1 << c for c in cards)
        while m.bit_count() < r.hand_size:
            m |= 1 << rest.pop()  # from the top: pack two's aces, kings, ... (no spades led)
        deal.append(m)
    g = Game(r)
    g.start_hand(deal)
    for seat, card in ((0, C("KS")), (1, C("KS") + two), (2, C("3S")), (3, C("3S") + two)):
        a = g.play(seat, card)
    assert a.winner == -1 and g.carry and g.turn == 0 and g.tricks[-1].winner == -1
    for seat, card in ((0, C("5H")), (1, C("6H")), (2, C("7H")), (3, C("8H"))):
        a = g.play(seat, card)
    # 8♥ wins the second trick and takes the first one's cards with it.
    assert a.winner == 3 and not g.carry
    assert g.won[3] == hand("KS", "3S", "5H", "6H", "7H", "8H") | (1 << (C("KS") + two)) \
        | (1 << (C("3S") + two))
    assert g.tricks_won[3] == 1
