"""hard's fitted play-out mixture (``HardBot(mixture_fit=True)``, issue 25): the shares of
medium's model, the plain policy, random play and the highest card that explain a seat's
earlier plays
(``opponents.mixture_shares``, ``PastEvidence.mixture``) and the play-outs that follow
them (``Sim.mix``, ``policy.random_card``)."""

from __future__ import annotations

import random

from hearts.drive import drive
from hearts.game import Game
from hearts.players import get_bot
from hearts.players.hard import HardBot
from hearts.players.opponents import (
    FIT_RATE,
    MISFIT_RATE,
    MIXTURE_MIN,
    mixture_shares,
    past_evidence,
)
from hearts.players.policy import (
    DISCARD,
    FOLLOW,
    HIGH,
    KINDS,
    LEAD,
    MEDIUM,
    PLAIN,
    RANDOM,
    highest_card,
    policy_rules,
    random_card,
    rollout,
    rollout_card,
)
from hearts.players.sim import Sim
from hearts.rules import make_rules
from hearts.view import PlayerView, player_view


def synthetic(shares: tuple[float, float, float, float], plays: int,
              seed: int) -> list[tuple[int, int, int, int]]:
    """Plays of a player who follows medium's model, the plain policy, a random card or the
    highest card in the given shares, among k = 3..6 legal cards: medium's card is 0, the
    plain policy's is 0 in a third of the plays (the two agree) and 1 otherwise, the
    highest card is 2 (k - 1 in a quarter of the plays)."""
    rng = random.Random(seed)
    out = []
    for _ in range(plays):
        k = rng.randint(3, 6)
        plain_card = 0 if rng.random() < 1 / 3 else 1
        high_card = 2 if rng.random() < 0.75 else k - 1
        u = rng.random()
        if u < shares[0]:
            card = 0
        elif u < shares[0] + shares[1]:
            card = plain_card
        elif u < shares[0] + shares[1] + shares[2]:
            card = rng.randrange(k)
        else:
            card = high_card
        out.append((int(card == 0), int(card == plain_card), int(card == high_card), k))
    return out


def test_mixture_shares_recover_the_player() -> None:
    for truth in ((0.2, 0.4, 0.3, 0.1), (0.9, 0.05, 0.05, 0.0), (0.1, 0.1, 0.6, 0.2),
                  (0.05, 0.05, 0.1, 0.8)):
        got = mixture_shares(synthetic(truth, 4000, 1), rounds=200)
        assert abs(sum(got) - 1.0) < 1e-9
        assert all(abs(g - t) < 0.06 for g, t in zip(got, truth, strict=True)), (truth, got)
    # no plays: the prior's shares
    assert mixture_shares([], (2.0, 1.0, 0.5, 0.5)) == (0.5, 0.25, 0.125, 0.125)


def test_random_card_is_legal_uniform_and_copied() -> None:
    rules = make_rules("standard")
    sim = Sim(rules, [0b1111 << 16, 1, 2, 4])  # any position: only the generator is used
    sim.seed = 12345
    legal = 0b1011 << 20  # three cards
    counts = {c: 0 for c in range(52) if legal >> c & 1}
    twin = sim.copy()
    for _ in range(4000):
        c = random_card(sim, legal)
        assert c == random_card(twin, legal)  # a copy draws alike
        counts[c] += 1
    assert all(1200 < v < 1470 for v in counts.values()), counts  # 4000 / 3 each


def test_mix_codes_pick_the_play_out_policy() -> None:
    # A seat coded PLAIN in every kind plays exactly as the seat of Sim.alt does; a seat
    # coded RANDOM plays legal cards to the end, and differently from medium's model; a
    # seat coded HIGH plays its highest legal card every time.
    rules = make_rules("standard")
    pr = policy_rules(rules)
    rng = random.Random(4)
    deck = [c for c in range(64) if rules.deck >> c & 1]
    differs = 0
    for trial in range(20):
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[13 * s:13 * s + 13]) for s in range(4)]
        leader = next(s for s in range(4) if hands[s] & 1)  # holds 2♣ (card 0), leads
        a = Sim(rules, hands, leader=leader)
        a.alt = 1 << 2
        b = Sim(rules, hands, leader=leader)
        for k in range(KINDS):
            b.mix |= PLAIN << 2 * (k * 4 + 2)
        rollout(a, pr)
        rollout(b, pr)
        assert a.won == b.won and a.played == b.played
        c = Sim(rules, hands, leader=leader)
        d = Sim(rules, hands, leader=leader)
        for k in range(KINDS):
            c.mix |= RANDOM << 2 * (k * 4 + 1)
            d.mix |= MEDIUM << 2 * (k * 4 + 1)
        c.seed = trial
        rollout(c, pr)
        rollout(d, pr)
        assert c.done and c.played == rules.deck and sum(c.tricks_won) == 13
        differs += c.won != d.won
        e = Sim(rules, hands, leader=leader)
        for k in range(KINDS):
            e.mix |= HIGH << 2 * (k * 4 + 3)
        rollout(e, pr)
        f = Sim(rules, hands, leader=leader)  # the same by hand
        while not f.done:
            legal = f.legal()
            if f.turn == 3:
                top = max(c & 15 for c in range(64) if legal >> c & 1)
                assert highest_card(legal) & 15 == top
                f.play(highest_card(legal))
            else:
                f.play(rollout_card(f, legal, pr))
        assert e.won == f.won
    assert differs >= 5, differs


def past_view(style: str, hands: int, game_number: int = 5) -> PlayerView:
    """Seat 0's view at the start of hand ``hands`` of a game of medium in seat 0 and three
    ``style``."""
    rules = make_rules("standard")
    g = Game(rules, game_number=game_number)
    bots = [get_bot("medium", 0)] + [get_bot(style, s) for s in range(1, 4)]
    for _ in range(hands):
        g.start_hand()
        drive(g, bots)
    g.start_hand()
    return player_view(g, 0)


def test_earlier_hands_fit_the_mixture() -> None:
    # Two hands seen: medium's seats come out as medium's model, random players as mostly
    # random, a high-dumper's discards with a large share of the highest card.
    ev = past_evidence(past_view("medium", 2), with_plays=True)
    assert ev is not None and len(ev.plays) > 3 * MIXTURE_MIN
    for s in (1, 2, 3):
        m = ev.mixture(s)
        assert m is not None and all(kind[0] >= 0.85 and kind[3] <= 0.05 for kind in m), m
    ev = past_evidence(past_view("random", 2), with_plays=True)
    assert ev is not None
    mixtures = [ev.mixture(s) for s in (1, 2, 3)]
    for k in range(KINDS):
        shares = [m[k] for m in mixtures if m is not None]
        assert len(shares) == 3 and sum(x[2] for x in shares) / 3 >= 0.5, shares
    ev = past_evidence(past_view("high-dumper", 2), with_plays=True)
    assert ev is not None
    discards = [m[DISCARD] for m in (ev.mixture(s) for s in (1, 2, 3)) if m is not None]
    assert max(x[3] for x in discards) >= 0.3, discards
    # without with_plays nothing is collected; without an earlier hand no evidence at all
    ev = past_evidence(past_view("random", 2))
    assert ev is not None and ev.plays == ()
    assert past_evidence(past_view("random", 0), with_plays=True) is None


def test_mixture_floor_drops_unneeded_policies() -> None:
    # With a floor, medium's seats keep medium's model alone (no mixture: played as without
    # the option), while a random player's fitted mixture keeps its random share and every
    # kept share is at least the floor.
    ev = past_evidence(past_view("medium", 2), with_plays=True)
    assert ev is not None
    plain = [ev.mixture(s) for s in (1, 2, 3)]
    floored = [ev.mixture(s, 0.2) for s in (1, 2, 3)]
    assert all(m is not None and any(x[0] < 1.0 for x in m) for m in plain)
    assert any(m is None for m in floored), floored
    ev = past_evidence(past_view("random", 2), with_plays=True)
    assert ev is not None
    for s in (1, 2, 3):
        m = ev.mixture(s, 0.2)
        assert m is not None
        for shares in m:
            assert abs(sum(shares) - 1.0) < 1e-9
            assert all(x == 0.0 or x >= 0.2 for x in shares), shares
        assert sum(k[2] for k in m) / KINDS >= 0.5, m


def test_mixture_gate_keeps_medium_where_the_seat_fits() -> None:
    # The gate: a kind of play in which a seat's earlier plays fit medium's model is medium's
    # model alone.  Medium's seats fit in every kind (no mixture at all); the high-dumper
    # fits in its leads and follows, and its discards keep a share of the highest card.
    rates = (FIT_RATE, MISFIT_RATE)
    ev = past_evidence(past_view("medium", 2), with_plays=True)
    assert ev is not None
    assert [ev.mixture(s, gate=rates) for s in (1, 2, 3)] == [None] * 3
    ev = past_evidence(past_view("high-dumper", 2), with_plays=True)
    assert ev is not None
    gated = [m for m in (ev.mixture(s, gate=rates) for s in (1, 2, 3)) if m is not None]
    assert gated, "no high-dumper seat was found unlike medium in its discards"
    for m in gated:
        assert m[LEAD] == m[FOLLOW] == (1.0, 0.0, 0.0, 0.0), m
        assert m[DISCARD][3] >= 0.3, m
    ev = past_evidence(past_view("random", 2), with_plays=True)
    assert ev is not None
    for s in (1, 2, 3):
        m = ev.mixture(s, gate=rates)
        assert m is not None, s
        mixed = [k for k in m if k != (1.0, 0.0, 0.0, 0.0)]
        assert mixed and all(k[2] >= 0.4 for k in mixed), m


def test_hard_with_the_mixture_plays_a_game() -> None:
    seen: list[tuple[int, int]] = []

    class Watch(HardBot):
        def choose_play(self, view: PlayerView) -> int:
            seen.append((len(view.past), len(self._mixtures(view))))
            return super().choose_play(view)

    from hearts.players.match import game_deals, play_game

    rules = make_rules("standard", None, {"deals": 2})
    bots = [Watch(1, play_budget=500, pass_search=False, time_limit=None, mixture_fit=True)] \
        + [get_bot("random", s) for s in range(1, 4)]
    log = play_game(rules, game_deals(rules, 0, 2), bots)
    assert sum(log.points) % 26 == 0
    assert {m for p, m in seen if p == 0} == {0}  # the first hand: no earlier plays
    assert {m for p, m in seen if p == 1} == {3}  # the second: every other seat fitted


def test_replay_reads_a_mixture_as_likelihood() -> None:
    # policy.replay_misses with shares: a kind of play read by the mixture adds the log of
    # the play's probability under it (with MIXTURE_NOISE of random play) and no miss; the
    # per-seat counts stay those of medium's model; a kind marked -1 is counted as before.
    import math

    from hearts.players.policy import MIXTURE_NOISE, near_ties, replay_misses

    view = past_view("random", 1)
    past = view.past[0]
    rules = view.rules
    n = rules.players
    start = [0] * n
    for s, c in past.plays:
        start[s] |= 1 << c
    pr = policy_rules(rules)
    seats = [s for s, _ in past.plays]
    cards = [c for _, c in past.plays]

    def fresh() -> Sim:
        sim = Sim(rules, start, leader=past.plays[0][0])
        from hearts.players.policy import moon_fits
        sim.fit = moon_fits(pr, start)
        return sim

    plain_row = [0] * (2 * KINDS * n)
    misses, choices = replay_misses(fresh(), seats, cards, 0, pr, 10_000, True, plain_row)
    assert choices > 20 and misses > 5  # random players' plays are mostly not medium's

    # Every kind of seats 1-3 read as half medium's model, half random play: the expected
    # log-likelihood, play by play, from the same simulator's legal cards.
    mixed = (0.5, 0.0, 0.5, 0.0)
    shares = [-1.0, 0.0, 0.0, 0.0] * (KINDS * n)
    for k in range(KINDS):
        for s in (1, 2, 3):
            shares[4 * (k * n + s):4 * (k * n + s) + 4] = list(mixed)
    expect = 0.0
    sim = fresh()
    for s, c in past.plays:
        legal = sim.legal()
        if s != 0 and legal & (legal - 1):
            k = legal.bit_count()
            ok = rollout_card(sim, legal, pr) == c or bool(near_ties(sim, legal, pr) >> c & 1)
            p = 0.5 * ok + 0.5 / k
            expect += math.log((1 - MIXTURE_NOISE) * p + MIXTURE_NOISE / k)
        sim.play(c)
    row = [0] * (2 * KINDS * n)
    ll = [0.0]
    got = replay_misses(fresh(), seats, cards, 0, pr, 10_000, True, row, shares, ll)
    assert got == (0, choices)
    assert row == plain_row
    assert abs(ll[0] - expect) < 1e-9 and expect < 0.0

    # Only seat 2's discards read so: the other seats' misses count as before.
    only = [-1.0, 0.0, 0.0, 0.0] * (KINDS * n)
    only[4 * (DISCARD * n + 2):4 * (DISCARD * n + 2) + 4] = [0.0, 0.0, 0.0, 1.0]
    row = [0] * (2 * KINDS * n)
    ll = [0.0]
    got = replay_misses(fresh(), seats, cards, 0, pr, 10_000, True, row, only, ll)
    assert row == plain_row
    assert got == (misses - plain_row[DISCARD * n + 2], choices)
    assert (ll[0] < 0.0) == (plain_row[(KINDS + DISCARD) * n + 2] > 0)


def test_mixture_likelihood_reads_a_high_dumpers_discards() -> None:
    # A seat that discards the highest card it holds (high-dumper) shows, when it discards,
    # that it holds no card ranked above that one.  From the second hand on, with the
    # option, hard's drawn deals give such a seat a higher card less often than without it
    # (eight games, every decision of seat 0 after another seat's discard in hands 2-3:
    # measured 0.080 -> 0.056, ten decisions lower, two a little higher).
    rules = make_rules("standard", None, {"deals": 4})
    with_option = dict(mixture_fit=True, mixture_floor=0.1, mixture_gate=True,
                       mixture_likelihood=False)
    configs = [with_option, with_option | {"mixture_likelihood": True}]
    found: list[tuple[float, float]] = []

    class Observer(HardBot):
        """Seat 0: medium's cards; after another seat's discard it asks both
        configurations for deals."""

        watch = False

        def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
            return get_bot("medium", 0).choose_pass(view)

        def choose_play(self, view: PlayerView) -> int:
            if self.watch and view.tricks:
                t = view.tricks[-1]
                for i, c in enumerate(t.cards[1:], 1):
                    seat = (t.leader + i) % rules.players
                    if c >> 4 == t.cards[0] >> 4 or seat == view.seat:
                        continue
                    shares = []
                    for cfg in configs:
                        bot = HardBot(7, play_budget=6000, time_limit=None, **cfg)
                        bot.last_stats = {}
                        batches = bot._worlds(view, 8)
                        worlds: list[Sim] = []
                        while len(worlds) < 100:
                            worlds.extend(next(batches)[0])
                        shares.append(sum(
                            1 for w in worlds
                            if any(x & 15 > c & 15 for x in range(64) if w.hands[seat] >> x & 1)
                        ) / len(worlds))
                    found.append((shares[0], shares[1]))
            return get_bot("medium", 0).choose_play(view)

    for number in range(1, 9):
        g = Game(rules, game_number=number)
        watcher = Observer(0)
        bots = [watcher] + [get_bot("high-dumper", number * 16 + s) for s in (1, 2, 3)]
        for hand in range(3):
            watcher.watch = hand >= 1
            g.start_hand()
            drive(g, bots)
    assert len(found) > 10
    before = sum(a for a, _ in found) / len(found)
    after = sum(b for _, b in found) / len(found)
    assert after < before - 0.01, (before, after, found)
    falls = sum(1 for a, b in found if b < a - 0.2)
    rises = sum(1 for a, b in found if b > a + 0.2)
    assert falls >= 3 and rises == 0, found


def test_pass_search_plays_the_others_as_the_earlier_hands_showed() -> None:
    # pass_fit: from the second hand on, the pass search's play-outs play a seat whose
    # earlier plays do not fit medium's model (random players) by the plain policy in a
    # share 1 - fit of the deals, and seats that fit (medium) by medium's model as before.
    from hearts.players.hard import passed_play_out

    bot = HardBot(3, time_limit=None, pass_fit=True, mixture_fit=False)
    assert bot._pass_policy(past_view("medium", 1)) is None
    assert HardBot(3, time_limit=None)._pass_policy(past_view("random", 1)) is None
    assert bot._pass_policy(past_view("random", 0)) is None  # no earlier hand
    draw = bot._pass_policy(past_view("random", 1))
    assert draw is not None
    drawn = [draw() for _ in range(50)]
    assert all(alt & 1 == 0 and mix == 0 for alt, mix, _ in drawn)  # never this seat
    assert {alt for alt, _, _ in drawn} == {0b1110}  # random players fit not at all
    # the mixture, where fitted, is drawn instead
    mixed = HardBot(3, time_limit=None, pass_fit=True, mixture_fit=True)
    draw = mixed._pass_policy(past_view("random", 2))
    assert draw is not None
    assert all(alt == 0 and mix != 0 for alt, mix, _ in (draw() for _ in range(20)))
    # the play-out follows the drawn policy: all three others by the plain policy
    view = past_view("random", 1)
    rules = view.rules
    hands = [view.hand, 0, 0, 0]
    rest = [c for c in range(64) if rules.deck >> c & 1 and not view.hand >> c & 1]
    for i, c in enumerate(rest):
        hands[1 + i % 3] |= 1 << c
    none = [0] * 4
    pr = policy_rules(rules)
    got = passed_play_out(view, hands, none, pr, (0b1110, 0, 0))
    from hearts import tricks
    from hearts.players.policy import moon_fits
    sim = Sim(rules, hands, leader=tricks.first_leader(rules, hands, view.hand_index % 4))
    sim.fit = moon_fits(pr, hands)
    while sim.trick_index < rules.hand_size:
        legal = sim.legal()
        sim.play(rollout_card(sim, legal, pr) if sim.turn == 0 else sim.simple_card(legal))
    assert got.won == sim.won and got.points() == sim.points()
    assert passed_play_out(view, hands, none, pr).won != sim.won  # medium's model differs


def test_playout_random_scales_the_random_share() -> None:
    # playout_random: the play-outs' draw of a seat's policy keeps that share of the fitted
    # random play and gives the rest to medium's model (the mixture that reads the plays is
    # unchanged).  A seat fitted as all random: drawn RANDOM always at 1.0, MEDIUM always
    # at 0.0, about half each at 0.5; the other shares are left as they are.
    n = 4
    mixtures = {1: ((0.0, 0.0, 1.0, 0.0),) * KINDS,
                2: ((0.2, 0.3, 0.4, 0.1),) * KINDS}

    def codes(keep: float, draws: int = 400) -> list[list[int]]:
        bot = HardBot(5, playout_random=keep)
        out: list[list[int]] = [[0, 0, 0, 0], [0, 0, 0, 0]]
        for _ in range(draws):
            mix, _ = bot._mix_draw(n, mixtures)
            for i, s in enumerate((1, 2)):
                out[i][(mix >> 2 * (LEAD * n + s)) & 3] += 1
        return out

    seat1, seat2 = codes(1.0)
    assert seat1[RANDOM] == 400
    seat1, seat2 = codes(0.0)
    assert seat1[MEDIUM] == 400 and seat2[RANDOM] == 0
    assert 0.15 < seat2[PLAIN] / 400 < 0.45 and 0.5 < seat2[MEDIUM] / 400 < 0.7, seat2
    seat1, _ = codes(0.5)
    assert 150 < seat1[RANDOM] < 250 and seat1[RANDOM] + seat1[MEDIUM] == 400, seat1
    # 2.0: twice the random share (0.8), taken from medium's 0.2 (never more than it has): 0.6
    _, seat2 = codes(2.0)
    assert 0.5 < seat2[RANDOM] / 400 < 0.7 and seat2[MEDIUM] == 0, seat2
    # the default draws as before the option: the same stream, the same codes
    assert HardBot(5)._mix_draw(n, mixtures) == HardBot(5, playout_random=1.0)._mix_draw(n, mixtures)
    try:
        HardBot(5, playout_random=4.5)
    except ValueError as exc:
        assert "playout_random" in str(exc)
    else:
        raise AssertionError("playout_random=4.5 was taken")
