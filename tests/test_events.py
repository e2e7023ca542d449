"""The engine's events (``Game.apply`` -> ``hearts.events``) and what each seat sees of them.

For every game of the registry (so a new variant is covered without editing this file)
and standard Hearts at 3-6 players: hands played with seeded random legal choices through
``Game.apply``; the trick, widow and leftover events account for every card point of the
hand's breakdown, the breakdown adds up to the hand's points, every event round-trips
through JSON, and ``visible_events`` never shows a seat a card it could not have seen.
"""

from __future__ import annotations

import json
import random

import pytest

from hearts.actions import Action
from hearts.cards import HEARTS, SUIT_MASKS, card_tuple, parse_card, suit_of
from hearts.events import (
    Dealt,
    Drew,
    EventError,
    Exchanged,
    GameOver,
    GaveUp,
    HandScored,
    Passed,
    Played,
    RestTaken,
    TrickTaken,
    WidowTaken,
    event_from_json,
)
from hearts.game import Game
from hearts.rules import VARIANTS, make_rules
from hearts.scoring import penalty_of
from hearts.view import visible_events

CARD_KINDS = ("hearts", "suit", "card")

GAMES = [(v, None, {}) for v in VARIANTS] + [("standard", n, {}) for n in (3, 4, 5, 6)] + [
    ("cancellation", 11, {}), ("heartsette", 3, {}), ("heartsette", 6, {}), ("domino", 6, {}),
    # several cards of one name: two jokers; jokers in two packs
    ("joker", None, {"jokers": 2}), ("cancellation", 6, {"jokers": 2}),
    ("royal", None, {"moon": "choice"})]


def _mask(text: str) -> int:
    m = 0
    for t in text.split():
        m |= 1 << parse_card(t)
    return m


def play_hands(game: Game, rng: random.Random, hands: int) -> list[list]:
    """Play ``hands`` hands (or to the game's end) with random legal choices through
    ``Game.apply``; the events of each hand."""
    out = []
    for _ in range(hands):
        if game.game_over:
            break
        events = list(game.apply(Action.deal()))
        while game.pending() and game.pending()[0].kind != "deal":
            d = game.pending()[0]
            events += game.apply(rng.choice(d.legal_actions()))
        out.append(events)
    return out


def taken_points(events: list, n: int) -> list[int]:
    """Per seat, the points the trick, widow and leftover events give it (none to a seat
    that gave up the hand: its tricks count for nothing, Hearts 1887)."""
    pts = [0] * n
    out = {e.seat for e in events if isinstance(e, GaveUp)}
    for e in events:
        if isinstance(e, TrickTaken) and e.taker >= 0:
            pts[e.taker] += e.points
        elif isinstance(e, WidowTaken | RestTaken):
            pts[e.seat] += e.points
    return [0 if s in out else p for s, p in enumerate(pts)]


def known_cards(events: list, seat: int | None, n: int) -> list[int]:
    """After each event (the full ones), the cards ``seat`` may know of by then, from the
    rules alone (an oracle apart from ``visible_events``): its hand dealt, its pass and
    the one it received, its draws, its widow, and every card played."""
    known = 0
    out = []
    for e in events:
        if isinstance(e, Dealt) and seat is not None:
            known |= e.hands[seat]
        elif isinstance(e, Passed) and e.seat == seat:
            known |= sum(1 << c for c in e.cards)
        elif isinstance(e, Exchanged) and seat is not None:
            for c in e.passes[seat] + e.passes[(seat - e.offset) % n]:
                known |= 1 << c
        elif isinstance(e, Drew) and e.seat == seat:
            known |= sum(1 << c for c in e.cards)
        elif isinstance(e, Played):
            known |= 1 << e.card
        elif isinstance(e, TrickTaken):
            known |= sum(1 << c for c in e.cards + e.carried)
        elif isinstance(e, WidowTaken) and e.seat == seat:
            known |= e.cards
        out.append(known)
    return out


def shown_cards(e) -> int:
    """The cards an event (as a seat sees it) shows, before the hand is scored."""
    m = 0
    if isinstance(e, Dealt):
        for h in e.hands:
            m |= h if h >= 0 else 0
    elif isinstance(e, Passed | Drew):
        m = sum(1 << c for c in e.cards)
    elif isinstance(e, Exchanged):
        m = sum(1 << c for p in e.passes for c in p)
    elif isinstance(e, Played):
        m = 1 << e.card
    elif isinstance(e, TrickTaken):
        m = sum(1 << c for c in e.cards + e.carried)
    elif isinstance(e, WidowTaken):
        m = e.cards if e.cards >= 0 else 0
    return m


@pytest.mark.parametrize("variant,players,options", GAMES)
def test_events_account_for_the_hand(variant, players, options):
    rules = make_rules(variant, players, options)
    n = rules.players
    for number in (1, 2, 3):
        game = Game(rules, number)
        for events in play_hands(game, random.Random(number), 2):
            scored = [e for e in events if isinstance(e, HandScored)]
            assert len(scored) == 1 and isinstance(events[0], Dealt)
            hand = scored[0]
            result = next(r for r in game.results if r.hand == hand.hand)
            assert hand.points == result.points and hand.totals == result.totals
            items = hand.breakdown
            for seat in range(n):
                assert sum(x.points for x in items[seat]) == result.points[seat], \
                    (number, seat, items[seat])
                assert all(x.kind != "other" for x in items[seat])
            # every card point of the breakdown is told by a trick, the widow or the rest
            cards = [sum(x.points for x in items[s] if x.kind in CARD_KINDS) for s in range(n)]
            assert taken_points(events, n) == cards, number
            # tricks: one event per trick, in order, with the engine's own figures
            tricks = [e for e in events if isinstance(e, TrickTaken)]
            assert [t.trick for t in tricks] == list(range(len(tricks)))
            if isinstance(events[-1], GameOver):
                assert events[-1].winners == game.winners
            for e in events:
                text = json.dumps(e.to_json())
                assert event_from_json(json.loads(text)) == e, e


@pytest.mark.parametrize("variant,players,options", GAMES)
def test_visible_events_show_no_card_a_seat_could_not_see(variant, players, options):
    rules = make_rules(variant, players, options)
    n = rules.players
    game = Game(rules, 7)
    for events in play_hands(game, random.Random(7), 2):
        dealt = events[0]
        for seat in (*range(n), None):
            seen = visible_events(events, seat)
            assert len(seen) == len(events)
            known = known_cards(events, seat, n)
            for i, e in enumerate(seen):
                if isinstance(e, HandScored | RestTaken | GameOver):
                    break  # the hand is over: its leftovers and widow are shown to all
                stray = shown_cards(e) & ~known[i]
                assert not stray, (seat, e, card_tuple(stray))
                assert event_from_json(json.loads(json.dumps(e.to_json()))) == e
            own = seen[0]
            assert isinstance(own, Dealt)
            assert own.hands == tuple(h if s == seat else -1 for s, h in enumerate(dealt.hands))


def test_heartsette_widow_goes_with_the_first_trick():
    """Hand-worked: seat 0 holds the clubs 2-K and leads 2♣, seat 1 must follow with its
    only club, A♣, and takes the first trick; seat 2 (no clubs) discards a diamond, seat 3 a
    spade.  The widow (Q♥ K♥ A♥) goes to seat 1 unseen: its 3 points are told to seat 1
    at once, to the others with the hand's score (variants.md, Heartsette)."""
    rules = make_rules("heartsette", 4, {"pass_schedule": "none"})
    deal = (_mask("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"),
            _mask("AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD"),
            _mask("KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH"),
            _mask("3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"))
    widow = _mask("QH KH AH")
    game = Game(rules, 1)
    events = list(game.apply(Action.deal(deal)))
    assert game.widow == widow
    for card in ("2C", "AC", "KD", "3S"):
        events += game.apply(Action.play(game.turn, parse_card(card)))
    trick, taken = events[-2], events[-1]
    assert isinstance(trick, TrickTaken) and trick.winner == 1 and trick.points == 0
    assert taken == WidowTaken(0, 1, 3, widow, 3)
    for seat in (0, 2, 3, None):
        hidden = visible_events(events, seat)[-1]
        assert hidden == WidowTaken(0, 1, 3, -1, -1)
        assert "cards" not in hidden.to_json() and "points" not in hidden.to_json()
    assert visible_events(events, 1)[-1] == taken
    rng = random.Random(3)
    while game.phase == "play":
        events += game.apply(Action.play(game.turn, rng.choice(card_tuple(game.legal_plays()))))
    scored = events[-1] if isinstance(events[-1], HandScored) else events[-2]
    assert isinstance(scored, HandScored) and scored.widow == widow
    assert visible_events([scored], 0)[0].widow == widow  # shown to all with the score
    result = game.results[-1]
    points = taken_points(events, 4)
    assert points == [sum(x.points for x in scored.breakdown[s]) for s in range(4)] \
        or result.moon is not None
    tricks_only = [0] * 4
    for e in events:
        if isinstance(e, TrickTaken):
            tricks_only[e.taker] += e.points
    assert points[1] == tricks_only[1] + 3 and sum(points) == rules.hand_total


def test_cancellation_carries_the_cancelled_trick():
    """Cancellation Hearts (variants.md): a trick with two pairs of identical cards is
    cancelled and its cards go to the next trick's winner: the next trick's event carries
    them and counts their points; a cancelled last trick stays with its leader."""
    rules = make_rules("cancellation", 11)
    carried_seen = last_seen = 0
    for number in range(1, 400):
        game = Game(rules, number)
        events = play_hands(game, random.Random(number), 1)[0]
        tricks = [e for e in events if isinstance(e, TrickTaken)]
        pending = ()
        for t, rec in zip(tricks, game.tricks, strict=True):
            assert (t.cards, t.winner, t.leader) == (rec.cards, rec.winner, rec.leader)
            assert t.carried == tuple(sorted(pending))
            assert t.points == sum(rules.penalty[c] for c in t.cards + t.carried)
            if t.cancelled:
                pending = (*pending, *t.cards)
                if t.trick == rules.hand_size - 1:
                    assert t.taker == t.leader
                    last_seen += 1
                else:
                    assert t.taker == -1
            else:
                carried_seen += bool(pending)
                assert t.taker == t.winner
                pending = ()
        scored = next(e for e in events if isinstance(e, HandScored))
        cards = [sum(x.points for x in scored.breakdown[s] if x.kind in CARD_KINDS)
                 for s in range(rules.players)]
        assert taken_points(events, rules.players) == cards, number
        if carried_seen >= 3 and last_seen:
            break
    assert carried_seen >= 3


def test_auction_trick_points_follow_the_named_suit():
    """Auction Hearts (variants.md): the auction's winner names the penalty suit, whose
    cards then count 1 each and hearts nothing; the trick events count by the hand's
    rules (diamonds named here), and the breakdown has a ``suit`` item."""
    rules = make_rules("auction", 4)
    game = Game(rules, 5)
    events = list(game.apply(Action.deal()))
    eldest = game.eldest
    for i in range(4):
        seat = (eldest + i) % 4
        events += game.apply(Action.bid(seat, 3 if i == 0 else None))
    events += game.apply(Action.suit(eldest, 1))  # diamonds
    rng = random.Random(5)
    while game.phase == "play":
        events += game.apply(Action.play(game.turn, rng.choice(card_tuple(game.legal_plays()))))
    tricks = [e for e in events if isinstance(e, TrickTaken)]
    assert len(tricks) == 13
    for t in tricks:
        assert t.points == sum(1 for c in t.cards if suit_of(c) == 1)
    assert sum(t.points for t in tricks) == 13
    scored = next(e for e in events if isinstance(e, HandScored))
    for s in range(4):
        diamonds = sum(t.points for t in tricks if t.winner == s)
        suit_items = [x for x in scored.breakdown[s] if x.kind == "suit"]
        assert sum(x.points for x in suit_items) == diamonds
        assert all(x.suit == 1 for x in suit_items)
        assert not any(x.kind == "hearts" for x in scored.breakdown[s])
    assert {e.to_json()["type"] for e in events} >= {"deal", "bid", "suit", "play", "trick",
                                                     "hand_end"}


def test_four_queens_queen_of_hearts_is_an_item_of_its_own():
    """The four-queens game: each queen 13, each other heart 1 (variants.md): Q♥ is
    listed as a queen, apart from the hearts item."""
    rules = make_rules("four-queens", 4)
    qh = parse_card("QH")
    found = 0
    for number in range(1, 30):
        game = Game(rules, number)
        events = play_hands(game, random.Random(number), 1)[0]
        scored = next(e for e in events if isinstance(e, HandScored))
        for s in range(4):
            if not game.won[s] >> qh & 1:
                continue
            items = scored.breakdown[s]
            assert any(x.kind == "card" and x.card == qh and x.points == 13 for x in items)
            hearts = [x for x in items if x.kind == "hearts"]
            expected = (game.won[s] & SUIT_MASKS[HEARTS] & ~(1 << qh)).bit_count()
            assert sum(x.number for x in hearts) == expected
            found += 1
    assert found >= 5


def test_play_emits_no_events_outside_apply():
    """``Game.play`` and the other per-phase methods keep returning their records and make
    no events (the benchmarks' path); ``apply`` gives the same state plus the events."""
    rules = make_rules("standard")
    a, b, c = Game(rules, 11), Game(rules, 11), Game(rules, 11)
    a.start_hand()
    evs = b.apply(Action.deal())
    assert isinstance(evs[0], Dealt)
    assert c.apply(Action.deal(), events=False) == [] and c.hands == b.hands
    rng = random.Random(1)
    for s in range(4):
        cards = tuple(card_tuple(a.hands[s])[:3])
        a.pass_cards(s, cards)
        b.apply(Action.pass_(s, cards))
    while a.phase == "play":
        card = rng.choice(card_tuple(a.legal_plays()))
        rec = a.play(a.turn, card)
        assert rec.card == card
        b.apply(Action.play(b.turn, card))
    assert a.results == b.results and a.totals == b.totals
    assert penalty_of(rules, rules.deck) == 26


@pytest.mark.parametrize("data", [
    {"type": "bid", "hand": float("inf"), "seat": 0, "bid": 1},
    {"type": "bid", "hand": "1", "seat": True, "bid": {"x": [1]}},
    {"type": "bid", "hand": 0, "seat": 0, "bid": {"x": [1]}},
    {"type": "game_over", "hand": 0, "winners": "abc", "totals": {"a": 1}},
    {"type": "suit", "hand": 0, "seat": 0, "suit": ""},
    {"type": "suit", "hand": 0, "seat": 0, "suit": "DH"},
    {"type": "play", "hand": 0, "seat": 0, "card": "QS", "trick": 0, "pack": float("inf")},
    {"type": "trick", "hand": 0, "trick": 0, "leader": 0, "winner": 0, "cards": {"seat": 0},
     "points": 0, "taker": 0, "carried": []},
    {"type": "pass", "hand": 0, "direction": "left", "offset": 1, "passes": [], "seat": 10**30},
    {"type": "hand_end", "hand": 0, "points": "1234", "tricks": [0], "moon": None,
     "moon_kind": None, "moon_choice": None, "totals": [0], "chips": [], "chip_totals": [],
     "pot": 0, "breakdown": [], "widow": None, "declarations": [], "side": [],
     "out_order": []},
    {"type": "hand_end", "hand": 0, "points": [0], "tricks": [0], "moon": None,
     "moon_kind": float("nan"), "moon_choice": None, "totals": [0], "chips": [],
     "chip_totals": [], "pot": 0, "breakdown": [["x"]], "widow": None, "declarations": [],
     "side": [], "out_order": []},
    ["type", "bid"],
    {"type": "x" * 10_000, "hand": 0},
])
def test_an_event_of_the_wrong_types_is_refused_naming_the_field(data):
    """A library user's trial: JSON numbers that are no whole numbers raised OverflowError,
    a breakdown of strings AttributeError, and wrong types were taken in (a string split
    into letters, a dict read as its keys, a bool as a seat) to break ``to_json`` later."""
    with pytest.raises(EventError) as refused:
        event_from_json(data)
    assert refused.value.reason == "bad_record"
    assert len(str(refused.value)) < 200
