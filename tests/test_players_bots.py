"""Every bot level: registry, legal choices in every variant, fairness (no hidden cards)."""

from __future__ import annotations

import random

import pytest

from hearts.game import PHASE_MOON, PHASE_PASS, PHASE_PLAY, Game
from hearts.players import get_bot
from hearts.players.hard import HardBot
from hearts.players.match import duplicate
from hearts.players.sampling import infer, sample_hands
from hearts.rules import make_rules
from hearts.view import player_view

LEVELS = ["random", "easy", "medium", "hard"]


def make(level: str, seed: int):
    """A bot of ``level``; hard with a small fixed budget and no clock (reproducible)."""
    if level == "hard":
        return HardBot(seed, play_budget=600, max_worlds=6, min_worlds=3, time_limit=None)
    return get_bot(level, seed)


def test_registry_knows_every_level():
    for level in LEVELS:
        bot = get_bot(level, 1)
        assert bot.name == level
    with pytest.raises(KeyError):
        get_bot("grandmaster", 1)


CONFIGS = [
    ("standard", 4, {}),
    ("standard", 3, {"moon": "choice", "shoot_the_sun": True}),
    ("standard", 5, {"pass_count": 2, "qs_breaks_hearts": True}),
    ("standard", 6, {"hearts_lead_any_time": True, "no_tricks_bonus": True}),
    ("black-maria", 3, {}),
    ("black-maria", 4, {"spade_penalties": "maria-swapped", "spot_hearts": True}),
    ("spot-hearts", 4, {"moon": "subtract"}),
    ("omnibus", 5, {"first_lead": "eldest-any", "pass_count": 4}),
]


@pytest.mark.parametrize("variant,players,options", CONFIGS)
def test_every_level_plays_every_variant(variant, players, options):
    rules = make_rules(variant, players, options)
    rng = random.Random(5)
    for hand in range(2):
        g = Game(rules, rng=rng)
        g.hand_index = hand - 1
        g.start_hand()
        bots = [make(LEVELS[(s + hand) % 4], 100 + s) for s in range(players)]
        if g.phase == PHASE_PASS:
            for s in range(players):
                cards = bots[s].choose_pass(player_view(g, s))
                assert g.can_pass(s, cards), (bots[s].name, cards)
                g.pass_cards(s, cards)
        while g.phase == PHASE_PLAY:
            s = g.turn
            c = bots[s].choose_play(player_view(g, s))
            assert g.can_play(s, c), (bots[s].name, c)
            g.play(s, c)
        if g.phase == PHASE_MOON:
            s = g.turn
            g.choose_moon(s, bots[s].choose_moon(player_view(g, s)))
        assert g.results


def _scrambled(g: Game, me: int, rng: random.Random) -> Game:
    """A game that ``me`` cannot tell from ``g``: the same deal for ``me``, the same
    public plays, but the other hands redrawn consistently with everything ``me``
    knows (shown voids, the cards ``me`` passed)."""
    v = player_view(g, me)
    n = g.n
    cur = sample_hands(infer(v), rng)
    played_by = [0] * n
    for t in g.tricks:
        for i, c in enumerate(t.cards):
            played_by[(t.leader + i) % n] |= 1 << c
    for s, c in g.trick_seats():
        played_by[s] |= 1 << c
    after_pass = [cur[s] | played_by[s] for s in range(n)]
    off = g.pass_offset
    passes = [0] * n
    if off:
        passes[me] = sum(1 << c for c in g.passes[me])
        src = (me - off) % n
        passes[src] = g.received[me]
        for s in range(n):
            if s in (me, src):
                continue
            to = (s + off) % n
            pool = [c for c in range(64) if after_pass[to] >> c & 1 and not passes[me] >> c & 1]
            passes[s] = sum(1 << c for c in rng.sample(pool, g.rules.pass_count))
    dealt = [after_pass[s] & ~passes[(s - off) % n] | passes[s] if off else after_pass[s]
             for s in range(n)]
    g2 = Game(g.rules)
    g2.hand_index = g.hand_index - 1
    g2.start_hand(deal=dealt)
    if off:
        for s in range(n):
            g2.pass_cards(s, [c for c in range(64) if passes[s] >> c & 1] if s != me
                          else g.passes[me])
    for t in g.tricks:
        for i, c in enumerate(t.cards):
            g2.play((t.leader + i) % n, c)
    for s, c in g.trick_seats():
        g2.play(s, c)
    assert g2.hands[me] == g.hands[me]
    return g2


@pytest.mark.parametrize("variant,players,options", CONFIGS[:6])
def test_no_bot_sees_hidden_cards(variant, players, options):
    """Two games that agree on everything a seat knows but differ in where the
    hidden cards lie give that seat the same view and the same choices."""
    rules = make_rules(variant, players, options)
    rng = random.Random(9)
    differed = 0
    for trial in range(6):
        g = Game(rules, rng=rng)
        g.hand_index = trial % 4 - 1
        g.start_hand()
        if g.phase == PHASE_PASS:
            for s in range(players):
                g.pass_cards(s, make("medium", s).choose_pass(player_view(g, s)))
        stop = rng.randrange(1, rules.hand_size * players - 1)
        for _ in range(stop):
            s = g.turn
            g.play(s, make("medium", s).choose_play(player_view(g, s)))
        me = g.turn
        g2 = _scrambled(g, me, rng)
        differed += g2.hands != g.hands
        v1, v2 = player_view(g, me), player_view(g2, me)
        assert v1 == v2
        for level in LEVELS:
            assert make(level, trial).choose_play(v1) == make(level, trial).choose_play(v2), level
    assert differed >= 3  # the scrambling really moved hidden cards


def test_medium_beats_random():
    """Sanity: over 40 duplicate deals medium scores far less than random."""
    res = duplicate(make_rules("standard"), ["medium", "random", "random", "random"], range(40))
    med = sum(res.by_entry(0)) / 40
    rnd = sum(res.by_entry(1)) / 40
    assert med < 3.5 < rnd


FAMILY = [("auction", 4, {}), ("heartsette", 4, {"pass_schedule": "none"}),
          ("heartsette", 3, {"pass_schedule": "none"}), ("joker", 4, {"pass_schedule": "none"}),
          ("joker", 3, {"pass_schedule": "none", "jokers": 2}),
          ("cancellation", 6, {"pass_schedule": "none"}),
          ("cancellation", 9, {"pass_schedule": "none"}),
          ("four-queens", 4, {"pass_schedule": "none"}),
          ("partnership", 4, {"pass_schedule": "none"}),
          ("partnership-separate", 4, {"pass_schedule": "none"}),
          ("partnership-slam", 4, {"pass_schedule": "none"})]


@pytest.mark.parametrize("variant,players,options", FAMILY)
def test_no_bot_sees_hidden_cards_in_the_new_games(variant, players, options):
    """The fairness test for what the new phases make public: the same bids, penalty
    suit and jokers played, the hidden hands (and a widow this seat has not seen)
    redrawn: the seat's view and every level's choice stay the same."""
    from hearts.drive import decide
    from hearts.game import BidAction, DeclareAction, SuitAction, action_of

    rules = make_rules(variant, players, options)
    rng = random.Random(13)
    differed = widow_hidden = 0
    for trial in range(8):
        g = Game(rules, rng=rng)
        g.hand_index = trial % players - 1
        g.start_hand()
        medium = [make("medium", s) for s in range(players)]
        stop = rng.randrange(1, rules.hand_size * players - 1)
        while g.phase != PHASE_PLAY or stop:
            (d,) = g.pending()
            if d.kind == "play":
                stop -= 1
            g.apply(decide(medium[d.seat], player_view(g, d.seat), d))
        me = g.turn
        v1 = player_view(g, me)
        cur = sample_hands(infer(v1), rng)
        played_by = [0] * players
        history = [((t.leader + i) % players, c) for t in g.tricks for i, c in enumerate(t.cards)]
        history += g.trick_seats()
        for s, c in history:
            played_by[s] |= 1 << c
        g2 = Game(rules)
        g2.hand_index = g.hand_index - 1
        g2.start_hand([cur[s] | played_by[s] for s in range(players)])
        for a in g.log:  # the same bids, penalty suit and declarations: they are public
            if a.hand == g.hand_index and isinstance(a, BidAction | SuitAction | DeclareAction):
                g2.apply(action_of(a))
        for s, c in history:
            g2.play(s, c)
        differed += g2.hands != g.hands
        widow_hidden += g.widow_taker not in (-1, me) and g2.won != g.won
        v2 = player_view(g2, me)
        assert v1 == v2
        for level in LEVELS:
            assert make(level, trial).choose_play(v1) == make(level, trial).choose_play(v2), level
    assert differed >= 4
    if variant == "heartsette":
        assert widow_hidden >= 1  # a widow another seat took was really redrawn


def test_no_bot_sees_the_stock_or_the_cards_others_draw():
    """Domino Hearts: of the stock a seat sees its size, and of another seat's draws only
    how many cards it drew.  Two games that differ in hidden cards alone (a card another
    seat holds swapped, in the deal or the stock, with a card of the same suit still in
    the stock, so that every draw happens alike) give the seat the same view and every
    level the same choice."""
    from hearts.cards import card_tuple
    from hearts.game import PlayAction

    rules = make_rules("domino", 4)
    rng = random.Random(17)
    differed = drawn_by_others = 0
    for trial in range(12):
        g = Game(rules, rng=rng)
        g.hand_index = trial % 4 - 1
        g.start_hand()
        dealt, stock = list(g.dealt), list(g.stock)
        stop = rng.randrange(1, 14)
        while g.phase == PHASE_PLAY and stop:
            g.play(g.turn, make("medium", g.turn).choose_play(player_view(g, g.turn)))
            stop -= 1
        if g.phase != PHASE_PLAY:
            continue
        me = g.turn
        used = len(g.draws)
        pairs = [(x, stock[j]) for s in range(4) if s != me for x in card_tuple(g.hands[s])
                 for j in range(used, len(stock)) if stock[j] >> 4 == x >> 4]
        if not pairs:
            continue
        x, y = rng.choice(pairs)
        swap = (1 << x) | (1 << y)
        deal2 = [h ^ swap if h >> x & 1 else h for h in dealt]
        stock2 = [y if c == x else x if c == y else c for c in stock]
        g2 = Game(rules)
        g2.hand_index = g.hand_index - 1
        g2.start_hand(deal2, stock2)
        for a in g.log:
            if isinstance(a, PlayAction) and a.hand == g.hand_index:
                g2.play(a.seat, a.card)
        assert [s for s, _ in g2.draws] == [s for s, _ in g.draws]
        differed += g2.hands != g.hands
        v1, v2 = player_view(g, me), player_view(g2, me)
        drawn_by_others += any(s != me for s, _ in v1.draws)
        assert all(c == -1 for s, c in v1.draws if s != me)
        assert v1 == v2
        for level in LEVELS:
            assert make(level, trial).choose_play(v1) == make(level, trial).choose_play(v2), level
    assert differed >= 4 and drawn_by_others >= 1


def test_register_bot_takes_a_factory_called_with_the_seed():
    from hearts.players.base import BOTS, BaseBot, get_bot, register_bot

    class Seeded(BaseBot):
        name = "t-seeded"

        def __init__(self, seed: int | None = None) -> None:
            self.seed = seed

    with pytest.raises(TypeError, match="must be callable"):
        register_bot("t-seeded", Seeded())  # type: ignore[arg-type]
    assert "t-seeded" not in BOTS
    register_bot("t-seeded", Seeded)
    try:
        bot = get_bot("t-seeded", 5)
        assert isinstance(bot, Seeded) and bot.seed == 5
    finally:
        del BOTS["t-seeded"]
