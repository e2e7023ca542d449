"""hard's opponent model (``hearts.players.opponents``): the weight of a seat's evidence
follows how well that seat fits medium's rules, so a style it does not fit is noticed
within a hand or two, and medium keeps the full weight."""

from __future__ import annotations

import pytest

from hearts.drive import drive
from hearts.game import Game
from hearts.players import get_bot
from hearts.players.hard import HardBot
from hearts.players.opponents import SeatFit, pass_fit, past_evidence, play_fit
from hearts.players.policy import DISCARD, FOLLOW, KINDS, LEAD
from hearts.rules import make_rules
from hearts.view import PlayerView, player_view


class Recorder(HardBot):
    """hard with a small budget that records the pass weight of each of its plays."""

    def __init__(self) -> None:
        super().__init__(1, play_budget=1000, pass_search=False, time_limit=None)
        self.weights: list[tuple[int, float]] = []
        self.kinds: list[tuple[int, tuple[tuple[float, ...], ...]]] = []

    def choose_play(self, view: PlayerView) -> int:
        self.fit = None
        card = super().choose_play(view)
        if "pass_weight" in self.last_stats:
            self.weights.append((view.hand_index, self.last_stats["pass_weight"]))
        if self.fit is not None:
            self.kinds.append((view.hand_index, self.fit.kinds))
        return card


def play(style: str, game_number: int, hands: int = 1) -> Recorder:
    """hard (a :class:`Recorder`) in seat 0 against three ``style`` over the first
    ``hands`` hands of the numbered game (hand 0 passes left: seat 3 passes to seat 0)."""
    g = Game(make_rules("standard"), game_number=game_number)
    bot = Recorder()
    bots = [bot] + [get_bot(style, 10 + s) for s in range(1, 4)]
    for _ in range(hands):
        g.start_hand()
        drive(g, bots)
    return bot


def weights(style: str, game_number: int, hands: int = 1) -> list[tuple[int, float]]:
    """The pass weights of hard's plays (see :func:`play`)."""
    return play(style, game_number, hands).weights


def test_fit_functions() -> None:
    assert play_fit(0, 10) == 1.0 and play_fit(1, 6) == 1.0  # 1 / (6 + 4): fits
    assert play_fit(5, 6) == 0.0
    assert 0.0 < play_fit(2, 6) < 1.0
    # other bounds (HardBot's fit_rates): 4 misses in 12 choices are 20% of 20
    assert play_fit(4, 12) == pytest.approx(0.5) and play_fit(4, 12, (0.2, 0.5)) == 1.0
    assert play_fit(10, 12, (0.2, 0.5)) == 0.0 and play_fit(6, 12, (0.2, 0.5)) == pytest.approx(2 / 3)
    assert pass_fit(0) == 1.0 and pass_fit(2) == 0.5 and pass_fit(9) == 0.0
    def row(follow_misses: list[int], follow_choices: list[int],
            discard_misses: list[int], discard_choices: list[int]) -> list[int]:
        # the per_seat layout of policy.replay_misses: misses by kind, then choices
        r = [0] * (2 * KINDS * 4)
        for s in range(4):
            r[FOLLOW * 4 + s] = follow_misses[s]
            r[DISCARD * 4 + s] = discard_misses[s]
            r[(KINDS + FOLLOW) * 4 + s] = follow_choices[s]
            r[(KINDS + DISCARD) * 4 + s] = discard_choices[s]
        return r

    rows = [row([0, 0, 3, 0], [0, 5, 6, 5], [0] * 4, [0] * 4),
            row([0, 0, 1, 0], [0, 5, 6, 5], [0] * 4, [0] * 4)]
    fit = SeatFit.of(rows, 4, 0, 3, [2, 1])
    assert fit.play[2] == 1.0  # the second deal explains seat 2 with one miss in six
    assert fit.pass_weight == pass_fit(1)
    assert fit.uniform and fit.weighted(rows[0]) == 3.0
    # Seat 1 follows as medium does but discards otherwise (4 misses in 4): only its
    # discards stop counting, and only they.
    rows = [row([1, 0, 0, 0], [0, 8, 6, 5], [0, 4, 0, 0], [0, 4, 2, 2])]
    fit = SeatFit.of(rows, 4, 0)
    assert fit.kinds[1][FOLLOW] == 1.0 and fit.kinds[1][DISCARD] < 0.5
    assert not fit.uniform
    assert fit.weighted(rows[0]) == pytest.approx(1.0 + 4 * fit.kinds[1][DISCARD])


@pytest.mark.parametrize("style,game_number,hands", [
    ("spade-keeper", 77, 1),  # keeps a bare Q♠, passes hearts: noticed once Q♠ shows
    ("high-passer", 1, 1),    # passes its high ranks, not Q♠: noticed at once
    ("moon-shooter", 34, 1),  # passes low cards from a moon hand and runs: noticed at once
    # high-dumper passes as medium does, so its pass stays read; what hard notices is
    # its discards (test_hard_stops_reading_the_discards_of_a_seat_that_dumps_high)
])
def test_hard_notices_a_style_within_a_hand_or_two(style: str, game_number: int,
                                                   hands: int) -> None:
    last = hands - 1
    seen = [w for h, w in weights(style, game_number, hands) if h == last]
    assert min(seen[-4:]) < 0.5, seen
    medium = [w for h, w in weights("medium", game_number, hands) if h == last]
    assert sum(medium) / len(medium) > 0.95 and min(medium[-4:]) >= 0.9, medium


def test_hard_stops_reading_the_discards_of_a_seat_that_dumps_high() -> None:
    # high-dumper follows and leads as medium does and throws its highest card when
    # void: by the end of the second hand one seat's discards no longer count, while
    # every seat's follows still do; against medium every kind keeps its weight.
    last = [k for h, k in play("high-dumper", 77, 2).kinds if h == 1][-1]
    assert min(k[DISCARD] for k in last[1:]) < 0.5, last
    assert all(k[FOLLOW] == 1.0 and k[LEAD] == 1.0 for k in last[1:]), last
    medium = [k for h, k in play("medium", 77, 2).kinds if h == 1]
    assert all(f >= 0.9 for kinds in medium[-4:] for k in kinds for f in k), medium[-4:]


def test_earlier_hands_are_read_exactly() -> None:
    # Three hands of a game of seeded medium: the earlier hands' plays replay on the true
    # deal with no miss for any seat, and the view carries them (public plays, own pass).
    rules = make_rules("standard")
    g = Game(rules, game_number=5)
    bots = [get_bot("medium", s) for s in range(4)]
    for _ in range(3):
        g.start_hand()
        drive(g, bots)
    g.start_hand()
    v = player_view(g, 0)
    assert [p.hand for p in v.past] == [0, 1, 2]
    assert all(len(p.plays) == 52 for p in v.past)
    assert v.past[0].passed.bit_count() == 3 and v.past[0].received.bit_count() == 3
    ev = past_evidence(v)
    assert ev is not None
    n_misses = KINDS * 4  # the misses by kind and seat come first, then the choices
    assert ev.counts[:n_misses] == [0] * n_misses and sum(ev.counts[n_misses:]) > 60
    assert all(m == 0 for _, m in ev.passes if _ == 3)  # seat 3 passed left to seat 0
    # Against three spade-keepers the earlier passes do not fit: the next pass from the
    # same seat starts with less weight.
    g2 = Game(rules, game_number=5)
    bots2 = [get_bot("medium", 0)] + [get_bot("spade-keeper", s) for s in range(1, 4)]
    for _ in range(3):
        g2.start_hand()
        drive(g2, bots2)
    g2.start_hand()
    ev2 = past_evidence(player_view(g2, 0))
    assert ev2 is not None
    assert min(ev2.pass_fit(s) for s, _ in ev2.passes) < 1.0


def test_a_game_of_hands_shows_each_bot_the_earlier_hands() -> None:
    # match.play_game (bench/panel.py --hands): the same bots through the game, so the
    # opponent model has the earlier hands to read, as at a table.
    from hearts.players.match import game_deals, play_game

    seen: list[int] = []

    class Watch(HardBot):
        def choose_play(self, view: PlayerView) -> int:
            seen.append(len(view.past))
            return super().choose_play(view)

    rules = make_rules("standard", None, {"deals": 3})
    bots = [Watch(1, play_budget=500, pass_search=False, time_limit=None)] + \
        [get_bot("high-dumper", s) for s in range(1, 4)]
    log = play_game(rules, game_deals(rules, 0, 3), bots)
    assert sorted(set(seen)) == [0, 1, 2] and len(seen) == 39
    assert sum(log.points) % 26 == 0 and 78 <= sum(log.points) <= 3 * 78  # a moon: 78


def test_rate_by_fit_leaves_random_players_to_the_fits() -> None:
    # Against three random players the earlier rule (rate_by_fit off) stops reading the
    # plays (likelihood 1.0) once 30% of them are unexplained; with rate_by_fit (the
    # default) the likelihood stays and the per-kind fits of the random seats fall
    # instead, so their misses count for less.
    def run(**options: object) -> tuple[list[float], list[float]]:
        g = Game(make_rules("standard"), game_number=21)
        likes: list[float] = []
        lowest: list[float] = []

        class Watch(HardBot):
            def choose_play(self, view: PlayerView) -> int:
                self.fit = None
                card = super().choose_play(view)
                if "likelihood" in self.last_stats and len(view.tricks) >= 6:
                    likes.append(self.last_stats["likelihood"])
                    if self.fit is not None:
                        lowest.append(min(f for k in self.fit.kinds[1:] for f in k))
                return card

        bots = [Watch(1, play_budget=1000, pass_search=False, time_limit=None, **options)] + \
            [get_bot("random", s) for s in range(1, 4)]
        g.start_hand()
        drive(g, bots)
        return likes, lowest

    likes, _ = run(rate_by_fit=False)
    assert max(likes) == 1.0, likes
    likes, lowest = run(rate_by_fit=True)
    assert likes and set(likes) == {0.2}, likes
    assert min(lowest) < 0.5, lowest
