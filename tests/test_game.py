"""The game state machine: every play rule of variants.md with hand-built deals.

Each test builds the deal itself, plays the cards it names and checks the legal
set and the reason codes.  The comment above each check works the expected
answer out from the rules, by hand.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from hearts.actions import Action
from hearts.cards import FULL_DECK, card_str, cards_of, parse_card, parse_mask, random_card, random_cards
from hearts.deal import numbered_deal
from hearts.game import (
    PHASE_DEAL,
    PHASE_MOON,
    PHASE_OVER,
    PHASE_PASS,
    PHASE_PLAY,
    Game,
    IllegalAction,
    PassAction,
    PlayAction,
    Trick,
)
from hearts.rules import make_rules

NO_PASS = {"pass_schedule": "none"}


def C(text: str) -> int:
    return parse_card(text)


def M(text: str) -> int:
    return parse_mask(text)


def names(mask: int) -> str:
    return " ".join(card_str(c) for c in cards_of(mask))


def build_deal(rules, fixed: dict[int, str]) -> list[int]:
    """Seats in ``fixed`` get exactly those cards; the rest of the deck goes, in
    ascending card order, to the other seats in seat order."""
    hands = [0] * rules.players
    used = 0
    for seat, text in fixed.items():
        hands[seat] = M(text)
        assert hands[seat].bit_count() == rules.hand_size, (seat, text)
        assert not hands[seat] & used
        used |= hands[seat]
    rest = cards_of(rules.deck & ~used)
    for seat in range(rules.players):
        if seat not in fixed:
            hands[seat] = sum(1 << c for c in rest[:rules.hand_size])
            rest = rest[rules.hand_size:]
    assert not rest
    return hands


def new_game(fixed: dict[int, str], variant="standard", players=4, **options) -> Game:
    rules = make_rules(variant, players, {**NO_PASS, **options})
    g = Game(rules)
    g.start_hand(build_deal(rules, fixed))
    return g


def play(g: Game, cards: str) -> None:
    for text in cards.split():
        g.play(g.turn, C(text))


def snapshot(g: Game) -> dict:
    """Every data attribute of the game (by ``dir``: a compiled Game has no ``__dict__``)."""
    state = {k: getattr(g, k) for k in dir(g)
             if not k.startswith("__") and k not in ("_legal_cache", "rng")
             and not callable(getattr(g, k))}
    return copy.deepcopy(state)


def refused(g: Game, action, *args) -> IllegalAction:
    """Run an action that must be refused; check that it changed nothing."""
    before = snapshot(g)
    with pytest.raises(IllegalAction) as info:
        action(*args)
    assert snapshot(g) == before
    return info.value


# ------------------------------------------------------------------ first trick

ALL_CLUBS_BUT_ACE = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"


def test_first_trick_void_holding_only_hearts_and_qs_may_play_any():
    # Seat 0: 13 clubs, leads 2C.  Seat 1: Q♠ + 2H..KH, void in clubs.
    # The no-points rule would remove all 13 cards; a rule that would leave
    # nothing does not apply, so all 13 cards are legal.
    g = new_game({0: ALL_CLUBS_BUT_ACE + " AC", 1: "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"})
    play(g, "2C")
    assert g.turn == 1
    assert g.legal_plays() == g.hands[1] == M("QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    assert g.explain(1, C("QS")) is None and g.explain(1, C("7H")) is None
    g.play(1, C("QS"))  # accepted


def test_first_trick_void_holding_qs_and_a_non_heart_cannot_play_qs():
    # Seat 1: Q♠, 2♦ and 2H..QH.  Void in clubs; the only card without points is 2♦,
    # so the legal set is {2♦}; Q♠ and every heart are refused as first_trick_points.
    g = new_game({0: ALL_CLUBS_BUT_ACE + " AC", 1: "QS 2D 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"})
    play(g, "2C")
    assert g.legal_plays() == M("2D")
    err = refused(g, g.play, 1, C("QS"))
    assert err.reason == "first_trick_points" and err.card == C("QS") and err.seat == 1
    assert g.explain(1, C("5H")).reason == "first_trick_points"
    assert not g.can_play(1, C("QS"))
    # Switched off by the option: every card of the void hand is legal.
    g2 = new_game({0: ALL_CLUBS_BUT_ACE + " AC", 1: "QS 2D 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"},
                  first_trick_points=True)
    play(g2, "2C")
    assert g2.legal_plays() == g2.hands[1]


# ------------------------------------------------------- leading, hearts unbroken

def qs_and_hearts_game(**options) -> Game:
    # Seat 0: 2C..KC + 2D.  Seat 1: AC, Q♠, 2H..QH.  Seat 2: 3D..AD + KH.
    # Seat 3: AH + the twelve other spades.
    # Trick 1: 2C (0), AC (1: its only club), 3D (2: void, no points allowed -> a
    # diamond), 2S (3: void, AH and none of its spades... only AH is a point card) -> AC wins:
    # seat 1 leads trick 2 holding only Q♠ and hearts, hearts unbroken.
    g = new_game({0: ALL_CLUBS_BUT_ACE + " 2D", 1: "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
                  2: "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD KH"}, **options)
    assert g.hands[3] == M("AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS")
    assert g.legal_plays() == M("2C")
    play(g, "2C AC")
    assert g.legal_plays() == M("3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD")  # KH has a point
    play(g, "3D")
    assert g.legal_plays() == M("2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS")  # AH has a point
    play(g, "2S")
    assert g.tricks[-1] == Trick(0, (C("2C"), C("AC"), C("3D"), C("2S")), 1)
    assert g.turn == 1 and g.leader == 1 and not g.hearts_broken
    return g


def test_leader_with_only_qs_and_hearts_must_lead_qs():
    g = qs_and_hearts_game()
    # Hearts unbroken: the hearts are removed, Q♠ is left, so Q♠ is the only lead.
    assert g.legal_plays() == M("QS")
    assert refused(g, g.play, 1, C("2H")).reason == "hearts_not_broken"


def test_option_lets_that_leader_lead_hearts():
    g = qs_and_hearts_game(lead_hearts_over_qs=True)
    # With lead_hearts_over_qs the hearts rule does not force Q♠: all 12 cards.
    assert g.legal_plays() == g.hands[1] == M("QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH")


def test_leader_holding_only_hearts_may_lead_one():
    # Seat 1: AC + 2H..QH + KH... i.e. AC and 12 hearts; wins trick 1 with AC, then holds
    # only hearts: the hearts rule would leave nothing, so it does not apply.
    g = new_game({0: ALL_CLUBS_BUT_ACE + " 2D", 1: "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                  2: "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD AH"})
    play(g, "2C AC 3D 2S")
    assert g.turn == 1 and not g.hearts_broken
    assert g.legal_plays() == M("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")


def hearts_breaking_game(**options) -> Game:
    # Seat 0: 2C..KC + 2H.  Seat 1: AC, 2D..TD, 3H 4H 5H.  Seat 2: JD QD KD AD, 6H..AH.
    # Seat 3: all 13 spades.
    return new_game({0: ALL_CLUBS_BUT_ACE + " 2H", 1: "AC 2D 3D 4D 5D 6D 7D 8D 9D TD 3H 4H 5H",
                     2: "JD QD KD AD 6H 7H 8H 9H TH JH QH KH AH"}, **options)


def test_hearts_cannot_be_led_until_broken_then_can():
    g = hearts_breaking_game()
    # Trick 1: 2C, AC (only club), JD (void; hearts have points), 2S -> seat 1 wins.
    play(g, "2C AC JD 2S")
    # Seat 1 leads holding 2D..TD and three hearts: hearts removed -> the nine diamonds.
    assert g.legal_plays() == M("2D 3D 4D 5D 6D 7D 8D 9D TD")
    err = refused(g, g.play, 1, C("3H"))
    assert err.reason == "hearts_not_broken" and "broken" in err.message
    # Trick 2: 2D, QD (seat 2 must follow), 3S, 2H (seat 0 void in diamonds: any card,
    # not the first trick any more) -> QD wins; a heart has been played: broken.
    play(g, "2D")
    assert g.legal_plays() == M("QD KD AD")
    assert refused(g, g.play, 2, C("AH")).reason == "must_follow_suit"
    play(g, "QD 3S")
    assert g.legal_plays() == g.hands[0]  # void in diamonds after trick 1 -> anything
    play(g, "2H")
    assert g.hearts_broken and g.turn == 2
    # Seat 2 leads: KD AD and 6H..AH are all legal now.
    assert g.legal_plays() == M("KD AD 6H 7H 8H 9H TH JH QH KH AH")


@pytest.mark.parametrize(("qs_breaks", "hearts_legal"), [(False, False), (True, True)])
def test_qs_breaks_hearts_option(qs_breaks, hearts_legal):
    g = hearts_breaking_game(qs_breaks_hearts=qs_breaks)
    play(g, "2C AC JD 2S 2D QD")
    # Seat 3 (void in diamonds) throws Q♠, seat 0 throws KC: no heart played.
    play(g, "QS KC")
    assert g.turn == 2
    # Default: Q♠ does not break hearts, seat 2 must lead KD or AD.
    # With qs_breaks_hearts: Q♠ broke them, hearts may be led.
    expected = M("KD AD") | (M("6H 7H 8H 9H TH JH QH KH AH") if hearts_legal else 0)
    assert g.legal_plays() == expected
    assert g.hearts_broken is hearts_legal


def test_hearts_lead_any_time_option():
    g = hearts_breaking_game(hearts_lead_any_time=True)
    play(g, "2C AC JD 2S")
    assert g.legal_plays() == g.hands[1]


def test_follow_suit_reason_and_void_any():
    g = hearts_breaking_game()
    play(g, "2C")
    # Seat 1 holds AC: the only club, must play it.
    assert g.legal_plays() == M("AC")
    err = refused(g, g.play, 1, C("2D"))
    assert err.reason == "must_follow_suit" and "clubs" in err.message


# ------------------------------------------------------------------ opening lead

def test_lowest_club_leads_no_pass_hand():
    rules = make_rules("standard", 4, NO_PASS)
    g = Game(rules, game_number=1)
    g.start_hand()
    # Game 1, hand 0 (test_deal golden): seat 1 holds 2C; no pass -> seat 1 leads it.
    assert g.phase == PHASE_PLAY and g.turn == 1
    assert g.legal_plays() == M("2C")
    err = refused(g, g.play, 1, C("AC"))
    assert err.reason == "must_lead_lowest_club" and "2C" in err.message
    assert refused(g, g.play, 0, C("3D")).reason == "not_your_turn"


def test_lowest_club_leads_after_the_pass_moved_it():
    g = Game(make_rules("standard", 4), game_number=1)
    g.start_hand()
    # Hand 0 passes left.  Seat 1 passes 2C, 4C, 5C to seat 2; the others pass their
    # three lowest cards.
    assert g.phase == PHASE_PASS and g.pass_offset == 1
    for seat in (0, 2, 3):
        g.pass_cards(seat, cards_of(g.hands[seat])[:3])
    g.pass_cards(1, [C("2C"), C("4C"), C("5C")])
    # Seat 2 now holds 2C and leads it.
    assert g.hands[2] >> C("2C") & 1 and g.turn == 2 and g.leader == 2
    assert g.legal_plays() == M("2C")


@pytest.mark.parametrize(("players", "opening"), [(3, "2C"), (4, "2C"), (5, "3C"), (6, "4C")])
def test_lowest_club_leads_every_hand_for_every_table(players, opening):
    # 3 players: only 2♦ removed, 2♣ leads; 5: 2♣ removed, 3♣; 6: 2♣ and 3♣ removed, 4♣.
    rules = make_rules("standard", players)
    g = Game(rules, game_number=4242, rng=random.Random(1))
    for _ in range(len(rules.pass_offsets) + 1):  # covers the no-pass hand
        g.start_hand()
        if g.phase == PHASE_PASS:
            for seat in range(players):
                g.pass_cards(seat, random_cards(g.hands[seat], 3, g.rng))
        holder = next(s for s in range(players) if g.hands[s] >> C(opening) & 1)
        assert g.turn == holder and g.legal_plays() == M(opening)
        while g.phase == PHASE_PLAY:
            g.play(g.turn, random_card(g.legal_plays(), g.rng))
        if g.phase != PHASE_DEAL:
            break


def test_eldest_leads_any_card_and_rotates():
    rules = make_rules("standard", 4, {**NO_PASS, "first_lead": "eldest-any", "first_trick_points": True,
                                       "hearts_lead_any_time": True})
    g = Game(rules, game_number=7)
    for k in range(6):
        g.start_hand()
        # hand k: seat (k - 1) mod 4 deals, seat k mod 4 is eldest and leads anything
        assert g.dealer == (k - 1) % 4 and g.eldest == k % 4
        assert g.turn == k % 4 and g.legal_plays() == g.hands[k % 4]
        while g.phase == PHASE_PLAY:
            g.play(g.turn, cards_of(g.legal_plays())[0])
        if g.phase == PHASE_OVER:
            break


# ------------------------------------------------------------------ Black Maria

def black_maria_game(**options) -> Game:
    # 3 players (2♣ removed, 17 cards).  Seat 0 (eldest of hand 0): 2S..JS + 3C..9C.
    # Seat 1: Q♠ as its only spade, TC..AC, 2D..QD.  Seat 2: KD AD, 13 hearts, K♠ A♠.
    return new_game({0: "2S 3S 4S 5S 6S 7S 8S 9S TS JS 3C 4C 5C 6C 7C 8C 9C",
                     1: "QS TC JC QC KC AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD"},
                    variant="black-maria", players=3, **options)


def test_black_maria_no_points_first_trick_only_narrows_legal_cards():
    g = black_maria_game(first_trick_points=False)
    assert g.hands[2] == M("KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH KS AS")
    # Eldest (seat 0) leads anything without points: its whole hand.
    assert g.turn == 0 and g.legal_plays() == g.hands[0]
    play(g, "2S")
    # Seat 1 must follow spades; its only spade is Q♠ (13): the no-points rule would
    # leave nothing of {Q♠}, so it does not apply: Q♠ is forced.
    assert g.legal_plays() == M("QS")
    assert refused(g, g.play, 1, C("2D")).reason == "must_follow_suit"
    play(g, "QS")
    # Seat 2 follows with K♠ or A♠ (10 and 7 points), both legal.
    assert g.legal_plays() == M("KS AS")


def test_black_maria_first_trick_points_off_restricts_a_free_lead():
    # Seat 0 is eldest; give it hearts and clubs: leading a heart on trick 1 is refused
    # under first_trick_points=False, although hearts may be led any time.
    g = new_game({0: "2H 3H 4H 5H 6H 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"},
                 variant="black-maria", players=3, first_trick_points=False)
    assert g.legal_plays() == M("3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")
    assert refused(g, g.play, 0, C("2H")).reason == "first_trick_points"
    # Default Black Maria: points allowed on trick 1 and hearts any time: all 17 legal.
    g2 = new_game({0: "2H 3H 4H 5H 6H 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"},
                  variant="black-maria", players=3)
    assert g2.legal_plays() == g2.hands[0]


# ------------------------------------------------------------------ passing

def pass_game(players=4, schedule="rotate", hand_index=0) -> Game:
    g = Game(make_rules("standard", players, {"pass_schedule": schedule}), game_number=99)
    for _ in range(hand_index):
        g.start_hand()
        if g.phase == PHASE_PASS:
            for s in range(players):
                g.pass_cards(s, cards_of(g.hands[s])[:3])
        while g.phase == PHASE_PLAY:
            g.play(g.turn, cards_of(g.legal_plays())[0])
    g.start_hand()
    return g


def test_pass_validation_reasons_and_no_change():
    g = pass_game()
    hand = cards_of(g.hands[0])
    other = cards_of(g.hands[1])[0]
    # wrong count: 2 cards
    assert refused(g, g.pass_cards, 0, hand[:2]).reason == "bad_pass"
    # 4 cards
    assert refused(g, g.pass_cards, 0, hand[:4]).reason == "bad_pass"
    # the same card twice
    assert refused(g, g.pass_cards, 0, [hand[0], hand[0], hand[1]]).reason == "bad_pass"
    # a card of seat 1
    err = refused(g, g.pass_cards, 0, [hand[0], hand[1], other])
    assert err.reason == "not_in_hand" and err.card == other
    # not cards at all
    assert refused(g, g.pass_cards, 0, [hand[0], hand[1], -3]).reason == "not_in_hand"
    assert refused(g, g.pass_cards, 0, [hand[0], hand[1], "QS"]).reason == "not_in_hand"
    assert refused(g, g.pass_cards, 0, [hand[0], hand[1], 13]).reason == "not_in_hand"
    # no such seat
    assert refused(g, g.pass_cards, 7, hand[:3]).reason == "bad_pass"
    assert not g.can_pass(0, hand[:2]) and g.can_pass(0, hand[:3])
    # playing during the pass stage
    assert refused(g, g.play, g.turn, hand[0]).reason == "wrong_phase"
    g.pass_cards(0, hand[:3])
    # passing twice
    assert refused(g, g.pass_cards, 0, hand[3:6]).reason == "bad_pass"


@pytest.mark.parametrize(("players", "hand_index", "offset"), [
    (4, 0, 1), (4, 1, 3), (4, 2, 2), (3, 0, 1), (3, 1, 2), (5, 1, 4), (6, 2, 3),
])
def test_pass_moves_cards_to_the_right_seat(players, hand_index, offset):
    g = pass_game(players, hand_index=hand_index)
    assert g.pass_offset == offset
    before = list(g.hands)
    chosen = [tuple(cards_of(before[s])[-3:]) for s in range(players)]
    for s in range(players):
        a = g.pass_cards(s, chosen[s])
        assert a == PassAction(hand_index, s, chosen[s])
        if s < players - 1:
            # simultaneous: nobody receives anything before every seat has passed
            assert g.hands == before and g.phase == PHASE_PASS
    for s in range(players):
        to = (s + offset) % players
        gave = sum(1 << c for c in chosen[s])
        assert g.received[to] == gave and g.hands[to] & gave == gave
        assert g.hands[s] & gave == (gave if to == s else 0)
        assert g.pass_target(s) == to
    assert sum(g.hands) == g.rules.deck
    assert all(h.bit_count() == g.rules.hand_size for h in g.hands)
    assert g.phase == PHASE_PLAY


def test_no_pass_hand_goes_straight_to_play():
    g = pass_game(4, hand_index=3)
    assert g.pass_offset == 0 and g.phase == PHASE_PLAY
    assert refused(g, g.pass_cards, 0, cards_of(g.hands[0])[:3]).reason == "wrong_phase"


# ------------------------------------------------------------------ moon, sun, game end

CLUB_SHOOTER = {0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"}
# Seat 0 holds every club: it leads 2C and every later trick with a club, nobody else
# can follow, so it takes all 13 tricks (all 26 points): a moon, and a sun.


def run_out(g: Game) -> None:
    while g.phase == PHASE_PLAY:
        g.play(g.turn, cards_of(g.legal_plays())[-1])


@pytest.mark.parametrize(("options", "points"), [
    ({}, (0, 26, 26, 26)),                                       # add
    ({"moon": "subtract"}, (-26, 0, 0, 0)),
    ({"moon": "none"}, (26, 0, 0, 0)),                           # shooter keeps the points
    ({"shoot_the_sun": True}, (0, 52, 52, 52)),                  # every trick: double
    ({"shoot_the_sun": True, "moon": "subtract"}, (-52, 0, 0, 0)),
    ({"no_tricks_bonus": True}, (0, 21, 21, 21)),                # 26 - 5 for no trick
    ({"jack_of_diamonds": True}, (-10, 26, 26, 26)),             # shooter took J♦: 0 - 10
])
def test_moon_outcomes_in_play(options, points):
    g = new_game(CLUB_SHOOTER, **options)
    run_out(g)
    assert g.tricks_won == [13, 0, 0, 0]
    assert g.results[-1].points == points
    assert g.totals == list(points)


@pytest.mark.parametrize(("choice", "points"), [("add", (0, 26, 26, 26)), ("subtract", (-26, 0, 0, 0))])
def test_moon_choice(choice, points):
    g = new_game(CLUB_SHOOTER, moon="choice")
    run_out(g)
    assert g.phase == PHASE_MOON and g.to_act() == (0,) and g.totals == [0, 0, 0, 0]
    assert g.auto_moon_choice() == "add"
    assert refused(g, g.choose_moon, 1, "add").reason == "bad_moon_choice"
    assert refused(g, g.choose_moon, 0, "double").reason == "bad_moon_choice"
    assert refused(g, g.play, 0, C("2D")).reason == "wrong_phase"
    g.choose_moon(0, choice)
    assert g.results[-1].points == points and g.results[-1].moon == 0
    assert g.results[-1].moon_choice == choice and g.results[-1].moon_kind == "moon"
    assert g.phase == PHASE_DEAL


def test_game_ends_at_target_and_lowest_wins():
    g = new_game(CLUB_SHOOTER, target_score=26)
    run_out(g)
    # 0, 26, 26, 26: someone reached 26 -> over; seat 0 lowest.
    assert g.phase == PHASE_OVER and g.game_over and g.winners == (0,)
    assert refused(g, g.start_hand).reason == "wrong_phase"


def test_exact_target_resets_to_half():
    g = new_game(CLUB_SHOOTER, target_score=26, exact_target_resets=True)
    run_out(g)
    # 26 is exactly the target: each drops to 13; nobody is at 26 -> not over.
    assert g.totals == [0, 13, 13, 13] and g.phase == PHASE_DEAL


@pytest.mark.parametrize(("tie", "over"), [("share", True), ("play-on", False)])
def test_tie_for_lowest(tie, over):
    g = new_game(CLUB_SHOOTER, target_score=26, moon="subtract", tie=tie)
    g.totals = [26, 0, 0, 0]
    run_out(g)
    # 26 - 26 = 0 for the shooter: totals 0, 0, 0, 0 -> no one at 26: not over either way.
    assert g.totals == [0, 0, 0, 0] and g.phase == PHASE_DEAL
    g2 = new_game(CLUB_SHOOTER, target_score=26, tie=tie)
    g2.totals = [0, 0, 5, 5]
    run_out(g2)
    # 0, 26, 31, 31: over; lowest is seat 0 alone, tie rule irrelevant.
    assert g2.winners == (0,)
    g3 = new_game(CLUB_SHOOTER, target_score=26, moon="none", tie=tie)
    g3.totals = [0, 26, 0, 0]
    run_out(g3)
    # shooter keeps 26: 26, 26, 0, 0 -> someone at 26; seats 2 and 3 tie for lowest.
    assert g3.totals == [26, 26, 0, 0]
    assert g3.game_over is over
    assert g3.winners == ((2, 3) if over else ())


# ------------------------------------------------------------------ records, pop, refusal

def random_hand_states(seed: int, variant="standard", players=4, options=None, hands=2):
    """Yield a game at every decision of a few random hands (seeded)."""
    rng = random.Random(seed)
    g = Game(make_rules(variant, players, options), rng=rng)
    for _ in range(hands):
        g.start_hand()
        if g.phase == PHASE_PASS:
            for s in range(players):
                g.pass_cards(s, random_cards(g.hands[s], g.rules.pass_count, rng))
        while g.phase == PHASE_PLAY:
            yield g
            g.play(g.turn, random_card(g.legal_plays(), rng))
        if g.phase == PHASE_MOON:
            g.choose_moon(g.turn, "add")
        if g.phase == PHASE_OVER:
            return


@pytest.mark.parametrize(("variant", "players"), [("standard", 4), ("black-maria", 3), ("standard", 6)])
def test_every_refused_play_changes_nothing(variant, players):
    for g in random_hand_states(11, variant, players):
        legal = g.legal_plays()
        before = snapshot(g)
        for c in cards_of(FULL_DECK):
            if not legal >> c & 1:
                with pytest.raises(IllegalAction):
                    g.play(g.turn, c)
        for seat in range(players):
            if seat != g.turn:
                with pytest.raises(IllegalAction) as e:
                    g.play(seat, (cards_of(g.hands[seat]) or [0])[0])
                assert e.value.reason == "not_your_turn"
        for junk in (-1, 500, 2.0, None, "2C"):
            with pytest.raises(IllegalAction) as e:
                g.play(g.turn, junk)  # type: ignore[arg-type]
            assert e.value.reason == "not_in_hand"
        assert snapshot(g) == before


def test_pop_restores_exactly():
    pops = 0
    for g in random_hand_states(5, hands=3):
        h = g.copy()  # try every card of the legal set on a copy, then take it back
        before = snapshot(h)
        for card in cards_of(h.legal_plays()):
            action = h.play(h.turn, card)
            if h.phase != PHASE_PLAY:  # the hand's last card scores it: no take-back
                with pytest.raises(IllegalAction):
                    h.pop()
                break
            assert h.pop() == action
            pops += 1
            assert snapshot(h) == before
            assert h.legal_plays() == h._legal(h.turn)
    assert pops > 100


def test_pop_refused_without_a_play():
    g = new_game(CLUB_SHOOTER)
    assert refused(g, g.pop).reason == "wrong_phase"


def test_play_records_and_log():
    g = new_game(CLUB_SHOOTER)
    a = g.play(0, C("2C"))
    assert a == PlayAction(0, 0, C("2C"), 0, None)
    assert (a.hand, a.seat, a.card, a.trick, a.winner) == (0, 0, 0, 0, None)
    # Seat 1 holds the 13 diamonds, seat 2 the 13 hearts (void: any card), seat 3 the
    # spades (void, Q♠ has points: its first legal card is 2S).
    play(g, "2D 2H")
    last = g.play(3, cards_of(g.legal_plays())[0])
    assert last.card == C("2S")
    assert last.winner == 0 and g.log[-1] == last and len(g.log) == 4
    assert g.trick_seats() == [] and g.trick_index == 1
    assert g.tricks[0].leader == 0 and g.tricks[0].winner == 0


def test_explain_agrees_with_legal_plays_everywhere():
    for options in ({}, {"lead_hearts_over_qs": True, "qs_breaks_hearts": True},
                    {"first_lead": "eldest-any", "first_trick_points": False}):
        for g in random_hand_states(3, options=options, hands=3):
            legal = g.legal_plays()
            for c in cards_of(FULL_DECK):
                e = g.explain(g.turn, c)
                assert (e is None) == bool(legal >> c & 1)
                assert g.can_play(g.turn, c) == bool(legal >> c & 1)
                if e is not None:
                    assert e.reason in ("not_in_hand", "must_follow_suit", "must_lead_lowest_club",
                                        "first_trick_points", "hearts_not_broken")
                    assert e.message and e.to_json()["reason"] == e.reason


def test_start_hand_rejects_bad_deals():
    rules = make_rules("standard", 4)
    g = Game(rules)
    good = numbered_deal(rules, 3, 0)
    for bad in (good[:3], [good[0], good[0], good[2], good[3]], [good[0] | 1 << 13, *good[1:]],
                [good[0] & (good[0] - 1), *good[1:]], [0, 0, 0, 0], ["x", *good[1:]]):
        err = refused(g, g.start_hand, bad)
        assert err.reason == "bad_deal"
    g.start_hand(good)
    assert g.dealt == good and g.phase == PHASE_PASS


def test_copy_is_independent():
    g = new_game(CLUB_SHOOTER)
    play(g, "2C")
    h = g.copy()
    assert snapshot(h) == snapshot(g)  # every attribute copied
    for other in (copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert snapshot(other) == snapshot(g) and other.legal_plays() == g.legal_plays()
    play(h, "2D")
    assert g.trick_cards == [C("2C")] and h.trick_cards == [C("2C"), C("2D")]
    assert g.hands[1] != h.hands[1]
    # copy.copy is as independent as copy() (it shared every list: playing the copy
    # changed the original, a library user's trial)
    before = snapshot(g)
    shallow = copy.copy(g)
    play(shallow, "2D")
    assert snapshot(g) == before and shallow.trick_cards == [C("2C"), C("2D")]
    assert all(getattr(shallow, name) is not getattr(g, name) for name in ("hands", "log", "won"))


def test_a_copy_deals_what_the_original_deals_without_sharing_its_generator():
    """A game dealt without a number draws from its ``rng``: a copy (``copy()``,
    ``copy.copy``, ``copy.deepcopy``, pickle) starts from the same state and draws apart,
    so each deals the same next hand (the copy shared the generator, so the two dealt
    different hands)."""
    g = Game(make_rules(), rng=random.Random(7))
    copies = [g.copy(), copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g))]
    assert all(c.rng is not g.rng for c in copies)
    for game in [g, *copies]:
        game.apply(Action.deal())
    assert all(c.hands == g.hands for c in copies)
    assert len(set(g.hands)) == 4


@pytest.mark.parametrize("variant", sorted(__import__("hearts.rules", fromlist=["VARIANTS"]).VARIANTS))
def test_an_action_with_a_seat_that_is_no_seat_is_refused_with_a_reason(variant):
    """``Game.apply`` is the boundary: an Action whose seat is not a seat number (None, a
    string, a float, a bool) is refused with :class:`IllegalAction`, the state unchanged,
    in every game, in the compiled build as in the pure one (compiled, an int-typed local
    raised ``TypeError: int object expected`` in the games with two copies of a card)."""
    from hearts.actions import Action

    g = Game(make_rules(variant, None, {}), 7)
    for d in g.pending():
        if d.kind == "deal":
            g.apply(Action("deal", -1, None))
            break
    before = snapshot(g)
    kinds = {d.kind for d in g.pending()} | {"play", "pass"}
    for kind in sorted(kinds):
        for seat in (None, "0", 1.0, 99):
            payload = ("2C", "3C", "4C") if kind == "pass" else "2C"
            with pytest.raises(IllegalAction):
                g.apply(Action(kind, seat, payload))  # type: ignore[arg-type]
    assert snapshot(g) == before


@pytest.mark.parametrize("variant", ["standard", "auction", "black-maria"])
def test_a_seat_equal_to_the_turn_but_not_an_int_is_refused(variant):
    """``2.0 == 2`` and ``True == 1``: the play (and a bid, a suit) from such a "seat" went
    through, and the pass said "There is no seat 0" for the string "0" (a library user's
    trial).  Each is refused with a sentence that shows what was given, the state unchanged;
    a bool is not a card either."""
    g = Game(make_rules(variant, None, {}), 11)
    g.apply(Action.deal())
    while g.phase != "play" or g.turn != 1:
        d = g.pending()[0]
        if d.kind in ("bid", "suit"):
            before = snapshot(g)
            for seat in (float(d.seat), str(d.seat)):
                with pytest.raises(IllegalAction, match="There is no seat"):
                    g.apply(Action(d.kind, seat, 0))  # type: ignore[arg-type]
            assert snapshot(g) == before
        if d.kind == "pass":
            with pytest.raises(IllegalAction, match=r"There is no seat '0': a seat is a whole"):
                g.apply(Action.pass_("0", cards_of(g.hands[0])[:3]))  # type: ignore[arg-type]
        g.apply(_first_choice(g, d))
    before = snapshot(g)
    card = cards_of(g.legal_plays())[0]
    for seat in (1.0, True, "1"):
        assert not g.can_play(seat, card)
        with pytest.raises(IllegalAction, match="There is no seat") as refused:
            g.apply(Action.play(seat, card))  # type: ignore[arg-type]
        assert refused.value.reason == "not_your_turn"
    if g.legal_plays() & 2:  # 3C is card 1: True is no card
        with pytest.raises(IllegalAction):
            g.play(1, True)
    assert snapshot(g) == before
    g.apply(Action.play(1, card))  # the seat as an int plays


def _first_choice(g, d):
    """The first legal answer to the decision ``d`` (a seat's pass, bid, suit or play)."""
    if d.kind == "pass":
        return Action.pass_(d.seat, cards_of(g.hands[d.seat])[:g.rules.pass_count])
    if d.kind == "play":
        return Action.play(d.seat, cards_of(g.legal_plays())[0])
    return Action(d.kind, d.seat, d.options[0])


@pytest.mark.parametrize("variant", ["standard", "cancellation"])
def test_a_deal_with_a_seat_or_a_payload_that_is_no_list_is_refused(variant):
    """The deal's seat was never checked (``Action("deal", "x", None)`` dealt), and in a game
    with two copies of a card a payload that is no list raised ``TypeError`` from inside
    (a library user's trial): both are ``bad_deal``, the state unchanged."""
    g = Game(make_rules(variant, None, {}), 5)
    before = snapshot(g)
    for action in (Action("deal", None, None), Action("deal", "x", None),  # type: ignore[arg-type]
                   Action("deal", 0, None), Action.deal(5)):  # type: ignore[arg-type]
        assert not g.can(action)
        with pytest.raises(IllegalAction) as refused:
            g.apply(action)
        assert refused.value.reason == "bad_deal"
        with pytest.raises(IllegalAction):
            g.verify(action)
    assert snapshot(g) == before
    g.apply(Action.deal())
