"""Medium plays the mechanism games sensibly: hand-built positions with one clear choice.

Issue 9: medium bids in auctions by hand strength, declares the General only when
strong, plays for the partner, and keeps out of needless draws in Domino Hearts.
The auction, the General and the slam bid have their tests beside their games
(tests/test_family_games.py ``test_medium_bids_by_hand_strength``,
tests/test_mechanism_games.py ``test_medium_declares_general_only_when_strong``,
tests/test_partnership_slam.py); here: the partner and the stock.  Each position is
checked against the same position without the mechanism, where medium's ordinary rule
chooses otherwise, so the test shows the mechanism changed the choice.
"""

from __future__ import annotations

import pytest

from hearts.cards import card_str, cards_of, parse_card, parse_mask
from hearts.game import Game
from hearts.players.medium import medium_play
from hearts.rules import make_rules
from hearts.view import player_view

C = parse_card


def deal_with(rules, hands: dict[int, str], voids: dict[int, str] | None = None) -> list[int]:
    """``hands`` (seat -> cards), the rest of the deck dealt to the other seats in card
    order (never into a suit listed for that seat in ``voids``)."""
    n = rules.players
    deal = [parse_mask(hands.get(s, "").split()) for s in range(n)]
    used = 0
    for h in deal:
        used |= h
    suits = {s: {"CDHS".index(x) for x in v} for s, v in (voids or {}).items()}
    for c in cards_of(rules.deck & ~used):
        seats = [s for s in range(n) if s not in hands and deal[s].bit_count() < rules.hand_size
                 and c >> 4 not in suits.get(s, set())]
        deal[min(seats, key=lambda s: deal[s].bit_count())] |= 1 << c
    return deal


def position(variant: str, hands: dict[int, str], plays: str,
             voids: dict[int, str] | None = None) -> Game:
    rules = make_rules(variant, 4, {"pass_schedule": "none"})
    g = Game(rules)
    g.start_hand(deal_with(rules, hands, voids))
    for text in plays.split():
        g.play(g.turn, C(text))
    return g


# Trick 1: South (seat 0) leads 2♣, West K♣, North (seat 2, South's partner in the
# partnerships) A♣, East (void in clubs) 2♠: North's.  Trick 2: North leads K♦, East
# follows 3♦; South holds no diamond (clubs, Q♠ and 5♠); West plays last and holds A♦.
HANDS = {0: "2C 3C 4C 5C 6C 7C 8C 9C TC QS 5S JC QC",
         1: "KC AD 2D 4D 5D 6D 7D 8D 9D TD JD QD 2H",
         2: "AC KD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
         3: "3D AH 2S 3S 4S 6S 7S 8S 9S TS JS KS AS"}


@pytest.mark.parametrize("variant", ["partnership", "partnership-separate", "standard"])
def test_void_does_not_load_the_winning_partner(variant):
    # K♦ is North's: in the partnerships South discards a card without a penalty on its
    # partner's trick, not Q♠ on its own side.  In standard Hearts North is an opponent
    # like any other, and Q♠ goes.
    g = position(variant, HANDS, "2C KC AC 2S KD 3D")
    v = player_view(g, 0)
    assert v.turn == 0 and not v.legal & parse_mask(["2D", "3D"])
    card = medium_play(v)
    if variant == "standard":
        assert card == C("QS")
    else:
        assert v.partners == (2,) and g.rules.penalty[card] == 0


def test_void_dumps_points_on_an_opponents_trick():
    # The same cards with A♣ and K♣ swapped: West (seat 1) wins trick 1 and leads A♦ to
    # trick 2, North follows K♦, East 3♦.  South, void, plays last on an opponent's trick
    # that nobody can take from it: Q♠ goes on it.
    hands = {**HANDS, 1: HANDS[1].replace("KC", "AC"), 2: HANDS[2].replace("AC", "KC")}
    g = position("partnership", hands, "2C AC KC 2S AD KD 3D")
    v = player_view(g, 0)
    assert v.turn == 0 and v.trick[0] == (1, C("AD")) and v.partners == (2,)
    assert card_str(medium_play(v)) == "QS"


def test_follow_does_not_overtake_the_partner_with_points_in_the_trick():
    # Trick 1: 2♣ J♣ A♣ 2♥ (East holds only hearts), North's.  Trick 2: North leads 9♣,
    # East throws 3♥.  South holds T♣ and 3♣: T♣ would take its partner's trick and the
    # heart; 3♣ leaves it with North.
    hands = {0: "2C 3C TC 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
             1: "JC QC KC QD KD AD 2S 3S 4S 5S 6S 7S 8S",
             2: "AC 9C 4C 5C 6C 7C 8C 9S TS JS QS KS AS",
             3: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"}
    g = position("partnership", hands, "2C JC AC 2H 9C 3H")
    v = player_view(g, 0)
    assert v.turn == 0 and v.partners == (2,) and v.legal == parse_mask(["TC", "3C"])
    assert card_str(medium_play(v)) == "3C"


# Domino Hearts: four seats, six cards each, a stock of 28.  Seat 0 (eldest) leads the
# first trick with any card: it holds a lone 2♣ and 2♦ 3♦ 4♦ 5♦, 6♥.
@pytest.mark.parametrize("stock,expected", [(True, "2D"), (False, "2C")])
def test_domino_keeps_a_card_of_every_suit_while_the_stock_lasts(stock, expected):
    # With cards in the stock, leading the lone 2♣ would leave South void in clubs: the
    # next club led makes it draw (more cards to hold, and the last seat holding cards
    # takes what is left).  It leads a diamond from its long suit.  The same hand in a
    # game without a stock (standard Hearts rules, eldest leads) leads the short suit
    # to void it, medium's ordinary rule.
    mine = "2C 2D 3D 4D 5D 6H"
    if stock:
        rules = make_rules("domino", 4)
        g = Game(rules)
        others = [c for c in rules.deck_cards if not parse_mask(mine.split()) >> c & 1]
        deal = [parse_mask(mine.split())] + [sum(1 << c for c in others[i * 6:(i + 1) * 6])
                                             for i in range(3)]
        g.start_hand(deal, others[18:])
    else:
        rules = make_rules("standard", 4, {"pass_schedule": "none",
                                           "first_lead": "eldest-any",
                                           "first_trick_points": True})
        g = Game(rules)
        g.start_hand(deal_with(rules, {0: mine + " 7S 8S 9S TS JS KS AS"}))
    v = player_view(g, 0)
    assert v.turn == 0 and v.stock_size == (28 if stock else 0)
    assert card_str(medium_play(v)) == expected
