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
from hearts.rules import make_rules
from hearts.view import PlayerView, player_view


class Recorder(HardBot):
    """hard with a small budget that records the pass weight of each of its plays."""

    def __init__(self) -> None:
        super().__init__(1, play_budget=1000, pass_search=False, time_limit=None)
        self.weights: list[tuple[int, float]] = []

    def choose_play(self, view: PlayerView) -> int:
        card = super().choose_play(view)
        if "pass_weight" in self.last_stats:
            self.weights.append((view.hand_index, self.last_stats["pass_weight"]))
        return card


def weights(style: str, game_number: int, hands: int = 1) -> list[tuple[int, float]]:
    """The pass weights of hard in seat 0 against three ``style`` over the first
    ``hands`` hands of the numbered game (hand 0 passes left: seat 3 passes to seat 0)."""
    g = Game(make_rules("standard"), game_number=game_number)
    bot = Recorder()
    bots = [bot] + [get_bot(style, 10 + s) for s in range(1, 4)]
    for _ in range(hands):
        g.start_hand()
        drive(g, bots)
    return bot.weights


def test_fit_functions() -> None:
    assert play_fit(0, 10) == 1.0 and play_fit(1, 6) == 1.0  # 1 / (6 + 4): fits
    assert play_fit(5, 6) == 0.0
    assert 0.0 < play_fit(2, 6) < 1.0
    assert pass_fit(0) == 1.0 and pass_fit(2) == 0.5 and pass_fit(9) == 0.0
    fit = SeatFit.of([[0, 0, 3, 0, 0, 5, 6, 5], [0, 0, 1, 0, 0, 5, 6, 5]], 4, 0, 3, [2, 1])
    assert fit.play[2] == 1.0  # the second deal explains seat 2 with one miss in six
    assert fit.pass_weight == pass_fit(1)


@pytest.mark.parametrize("style,game_number,hands", [
    ("spade-keeper", 77, 1),  # keeps a bare Q♠, passes hearts: noticed once Q♠ shows
    ("high-passer", 1, 1),    # passes its high ranks, not Q♠: noticed at once
    ("moon-shooter", 34, 1),  # passes low cards from a moon hand and runs: noticed at once
    ("high-dumper", 77, 2),   # throws its high cards when void: its plays stop fitting,
                              # over two hands (the first one's replayed exactly)
])
def test_hard_notices_a_style_within_a_hand_or_two(style: str, game_number: int,
                                                   hands: int) -> None:
    last = hands - 1
    seen = [w for h, w in weights(style, game_number, hands) if h == last]
    assert min(seen[-4:]) < 0.5, seen
    medium = [w for h, w in weights("medium", game_number, hands) if h == last]
    assert sum(medium) / len(medium) > 0.95 and min(medium[-4:]) >= 0.9, medium


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
    assert ev.counts[:4] == [0, 0, 0, 0] and sum(ev.counts[4:]) > 60
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
