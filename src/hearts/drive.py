"""The one drive loop: ask each decision of a game to its seat's agent and apply the answer.

Every place that plays a game through (the arena, ``players.match``, ``hearts
play``, the web server's bot loop, the web hint, ``hearts hint``, ``hearts bench``,
the review's what-ifs) runs
:func:`drive` or :func:`decide` instead of its own dispatch on the phase:

- ``Game.pending()`` says which decisions are due (seat, kind, legal choices);
- the seat's agent answers ``choose(view, decision) -> Action`` from its own
  :class:`~hearts.view.PlayerView` only (every bot does, through
  :class:`hearts.players.base.BaseBot`, which dispatches on the decision's kind);
- ``Game.apply(action)`` (or the caller's ``apply`` hook, e.g. the web's,
  which also stores the action) carries it out.

A seat without an agent (a person) stops the loop: :func:`drive` returns the
decision waiting for it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol

from .actions import Action, Decision
from .cards import card_at, random_card, random_cards
from .game import PHASE_DEAL, PHASE_PLAY, Game
from .view import PlayerView, player_view


class Agent(Protocol):
    """Anything that answers a decision: ``choose(view, decision) -> Action``."""

    def choose(self, view: PlayerView, decision: Decision) -> Action: ...


def decide(agent: Agent, view: PlayerView, decision: Decision) -> Action:
    """The agent's answer to ``decision``: ``agent.choose(view, decision)`` (every bot
    answers it itself, :class:`hearts.players.base.BaseBot`).  The answer is not
    checked here (``Game.can``/``Game.apply`` does)."""
    return agent.choose(view, decision)


class UniformAgent:
    """Uniformly random legal answers from the decision alone (no view): the cards to
    play or pass from ``decision.cards``, a bid, suit, declaration or moon choice from
    ``decision.options``; one ``random.Random`` for the whole table.  The player of
    ``hearts bench engine`` (run with ``drive(..., views=False)``), as OpenSpiel's
    uniform random bot is of its textbook driver."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: object, decision: Decision) -> Action:
        """A random legal :class:`Action` answering ``decision``."""
        kind, seat = decision.kind, decision.seat
        if kind == "play":  # tuple.__new__: the benchmark's hot path
            return tuple.__new__(Action, ("play", seat, random_card(decision.cards, self.rng)))
        if kind == "pass":
            return Action("pass", seat, tuple(random_cards(decision.cards, decision.pick,
                                                           self.rng)))
        if kind == "deal":
            return Action("deal", -1, None)
        return Action(kind, seat, self.rng.choice(decision.options))


# tuple.__new__ makes a NamedTuple without its Python-level __new__ (the hot path only).
_new_decision: Final = tuple.__new__

# on_decision(seat, decision, action, wall seconds, cpu seconds)
DecisionHook = Callable[[int, Decision, Action, float, float], None]
# fallback(view, decision, error or None) -> a legal action, when the agent failed
Fallback = Callable[[PlayerView, Decision, "Exception | None"], Action]


def drive(game: Game, agents: Mapping[int, Agent] | Sequence[Agent], *, deal: bool = False,
          stop_at_hand_end: bool = True, apply: Callable[[Action], Any] | None = None,
          on_decision: DecisionHook | None = None, fallback: Fallback | None = None,
          views: bool = True) -> Decision | None:
    """Run ``game`` with ``agents[seat]`` answering each decision due.

    ``agents``: a sequence (one per seat) or a mapping from seat; a seat without
    one (missing or ``None``) is a person: the loop stops and returns the
    decision waiting for it (in a pass, after every agent has passed).  Between
    hands: with ``deal`` the next hand is dealt (``Action.deal()``) unless
    ``stop_at_hand_end`` and at least one action was applied in this call;
    without ``deal`` the loop returns ``None`` there.  It returns ``None`` at the
    game's end too.  ``apply`` replaces ``game.apply`` (the web stores each
    action and forwards the engine's events; without it the game makes none:
    ``Game.apply(action, events=False)``); ``on_decision`` is told each answer with its wall and CPU time;
    ``fallback`` replaces an answer that raised or that ``game.can`` refuses
    (without it, an illegal answer raises :class:`~hearts.game.IllegalAction`).
    With ``views=False`` no :class:`~hearts.view.PlayerView` is built and agents are
    asked ``choose(None, decision)``: for agents that answer from the decision's
    legal choices alone (``hearts bench engine``'s uniform random player, which
    times the engine, not the view).  Raises ``ValueError`` when ``agents`` names more
    seats than the game has.  To watch the events, pass
    ``apply=lambda a: events.extend(game.apply(a))``.
    """
    n = game.n
    if isinstance(agents, Mapping):
        extra = [s for s in agents if not (type(s) is int and 0 <= s < n)]
        if extra:
            raise ValueError(f"drive: agents for seats {extra!r}, but the game's seats are "
                             f"0 to {n - 1}")
        table = [agents.get(s) for s in range(n)]
    else:
        if len(agents) > n:
            raise ValueError(f"drive: {len(agents)} agents for a game of {n} seats")
        table = [agents[s] if s < len(agents) else None for s in range(n)]
    if not views and on_decision is None and fallback is None:  # the engine benchmark
        return _drive_plain(game, table, deal, stop_at_hand_end, apply)
    acted = False
    while True:
        pending = game.pending()
        if not pending:
            return None
        first = pending[0]
        if first.kind == "deal":
            if not deal or (stop_at_hand_end and acted):
                return None
            deal_action = Action("deal", -1, None)
            if apply is None:
                game.apply(deal_action, False)  # nobody reads the engine's events here
            else:
                apply(deal_action)
            acted = True
            continue
        waiting: Decision | None = None
        for d in pending:
            agent = table[d.seat]
            if agent is None:
                if waiting is None:
                    waiting = d
                continue
            view: Any = player_view(game, d.seat) if views else None
            if on_decision is not None:
                t0, c0 = time.perf_counter(), time.process_time()
            error: Exception | None = None
            try:
                action = agent.choose(view, d)
            except Exception as exc:
                if fallback is None:
                    raise
                error, action = exc, Action(d.kind, d.seat, None)
            if fallback is not None and (error is not None or not game.can(action)):
                action = fallback(view, d, error)
            if on_decision is not None:
                on_decision(d.seat, d, action, time.perf_counter() - t0,
                            time.process_time() - c0)
            if apply is None:
                game.apply(action, False)
            else:
                apply(action)
            acted = True
        if waiting is not None:
            return waiting


def _drive_plain(game: Game, table: list[Any], deal: bool, stop_at_hand_end: bool,
                 apply: Callable[[Action], Any] | None) -> Decision | None:
    """:func:`drive` without views, timing or fallback (``hearts bench engine``'s loop):
    the same decisions asked in the same order and the same actions applied, with less
    work per decision.

    - A play (in a game without give-ups) is asked without ``Game.pending()``'s list:
      the seat to play and ``Game.legal_plays()`` make its :class:`Decision`.
    - A :class:`UniformAgent` seat (without an ``apply`` hook) is answered here as its
      ``choose`` would (the same draws from its ``random.Random``, whose ``random``
      method is looked up once) without a Decision or Action made: its card comes from
      the legal set itself (:func:`hearts.cards.card_at`), so it is applied
      without being checked again (``Game._play_legal``); its pass goes to
      ``Game.pass_cards`` (which checks it) and the deal to ``Game.start_hand``.
    - Every other answer goes through ``Game.apply`` (or ``apply``), as in :func:`drive`.
    """
    acted = False
    give_up = game.rules.give_up != 0  # a play decision may offer a give-up: pending()
    # Each UniformAgent seat's rng.random, looked up once (without an apply hook).
    draws: list[Any] = [agent.rng.random if apply is None and type(agent) is UniformAgent
                        else None for agent in table]
    while True:
        if game.phase == PHASE_PLAY and not give_up:
            seat = game.turn
            agent = table[seat]
            if agent is None:
                return game.pending()[0]
            legal = game.legal_plays()
            draw = draws[seat]
            if draw is not None and legal:  # UniformAgent.choose's card: random_card
                game._play_legal(seat, card_at(legal, draw()))
            else:
                action = agent.choose(None, _new_decision(Decision, (seat, "play", legal, 1, ())))
                if apply is None:
                    game.apply(action, False)
                else:
                    apply(action)
            acted = True
            continue
        if game.phase == PHASE_DEAL:  # pending() is [Decision(-1, "deal")]
            if not deal or (stop_at_hand_end and acted):
                return None
            if apply is None:
                game.start_hand()  # what Game.apply does with Action.deal()
            else:
                apply(Action("deal", -1, None))
            acted = True
            continue
        pending = game.pending()
        if not pending:
            return None
        waiting: Decision | None = None
        for d in pending:
            agent = table[d.seat]
            if agent is None:
                if waiting is None:
                    waiting = d
                continue
            if apply is None and type(agent) is UniformAgent and d.kind == "pass":
                game.pass_cards(d.seat, random_cards(d.cards, d.pick, agent.rng))
            else:
                action = agent.choose(None, d)
                if apply is None:
                    game.apply(action, False)
                else:
                    apply(action)
            acted = True
        if waiting is not None:
            return waiting


def suggest(game: Game, seat: int, agent: Any) -> tuple[Decision, Action] | None:
    """What ``agent`` would answer for ``seat``'s decision now (a hint), or ``None``
    when no decision is waiting for that seat.  The game is not changed."""
    for d in game.pending():
        if d.seat == seat:
            return d, decide(agent, player_view(game, seat), d)
    return None


__all__ = ["Agent", "UniformAgent", "decide", "drive", "suggest"]
