"""The drive loop's plain path (``drive(..., views=False)``, ``hearts bench engine``'s loop)
plays the same games as its general path, in every variant.

The plain path answers a :class:`~hearts.drive.UniformAgent` seat itself (the same draws
from its ``random.Random``) and applies its cards without checking them again; the
general path (views built, or a timing hook) asks ``UniformAgent.choose`` and checks each
answer with ``Game.apply``.  Same seed, same records, to the last card.
"""

from __future__ import annotations

import random

import pytest

from hearts.actions import Action, Decision
from hearts.drive import UniformAgent, drive
from hearts.game import PHASE_OVER, PHASE_PLAY, Game, IllegalAction
from hearts.rules import VARIANTS, RulesError, make_rules


def _games(variant: str, players: int | None, hands: int, **how: object) -> list[tuple[object, ...]]:
    rules = make_rules(variant, players)
    rng = random.Random(11)
    agents = [UniformAgent(rng)] * rules.players
    game = Game(rules, rng=rng)
    games = []
    for _ in range(hands):
        if game.phase == PHASE_OVER:
            games.append((game.log, game.results, game.totals, game.winners))
            game = Game(rules, rng=rng)
        drive(game, agents, deal=True, **how)  # type: ignore[arg-type]
    games.append((game.log, game.results, game.totals, game.winners, game.phase))
    return games


def _cases() -> list[tuple[str, int | None]]:
    out = []
    for v in VARIANTS:
        for p in (None, 3, 5):
            try:
                make_rules(v, p)
            except RulesError:
                continue
            out.append((v, p))
    return out


@pytest.mark.parametrize(("variant", "players"), _cases())
def test_plain_path_plays_the_general_paths_games(variant, players):
    plain = _games(variant, players, 12, views=False)
    timed = _games(variant, players, 12, views=False,
                   on_decision=lambda *args: None)  # a hook: the general path
    assert plain == timed
    assert plain[-1][0]  # cards were played


def test_plain_path_with_an_apply_hook_and_other_agents():
    class Lowest:
        """Plays its lowest legal card, passes its lowest cards."""

        def choose(self, view: object, d: Decision) -> Action:
            cards = [c for c in range(64) if d.cards >> c & 1]
            if d.kind == "play":
                return Action.play(d.seat, cards[0])
            return Action.pass_(d.seat, tuple(cards[:d.pick]))

    rules = make_rules("standard")
    for how in ({}, {"on_decision": lambda *args: None}):
        g = Game(rules, game_number=5)
        applied: list[Action] = []

        def hook(a: Action, g: Game = g, applied: list[Action] = applied) -> None:
            applied.append(a)
            g.apply(a)

        drive(g, [Lowest(), UniformAgent(random.Random(1)), Lowest(), Lowest()], deal=True,
              views=False, apply=hook, **how)  # type: ignore[arg-type]
        assert g.phase != PHASE_PLAY and len(g.results) == 1
        assert applied[0] == Action("deal", -1, None) and len(applied) == 1 + 4 + 52
        if not how:
            first = applied
        else:
            assert applied == first


def test_plain_path_stops_at_a_person_and_refuses_an_illegal_card():
    g = Game(make_rules("standard"), game_number=3)
    rng = random.Random(2)
    waiting = drive(g, [UniformAgent(rng), None, UniformAgent(rng), UniformAgent(rng)],
                    deal=True, views=False)
    assert waiting is not None and waiting.seat == 1 and waiting == g.pending()[0]

    class Cheat:
        def choose(self, view: object, d: Decision) -> Action:
            if d.kind == "play":  # a card that is not in the legal set
                return Action.play(d.seat, next(c for c in range(64) if g.hands[d.seat] >> c & 1
                                                and not d.cards >> c & 1))
            return UniformAgent(rng).choose(view, d)

    g = Game(make_rules("standard"), game_number=3)
    with pytest.raises(IllegalAction):
        drive(g, [Cheat()] * 4, deal=True, views=False)


def test_more_agents_than_seats_is_refused_before_anything_is_played():
    g = Game(make_rules("standard"), 7)
    agents = [UniformAgent(random.Random(s)) for s in range(5)]
    with pytest.raises(ValueError, match="5 agents for a game of 4 seats"):
        drive(g, agents, deal=True)
    with pytest.raises(ValueError, match=r"seats \[7\]"):
        drive(g, {0: agents[0], 7: agents[1]}, deal=True)
    assert g.log == [] and g.hand_index == -1
    assert drive(g, agents[:3], deal=True) is not None  # fewer: seat 3 is a person
