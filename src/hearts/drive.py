"""The one drive loop: ask each decision of a game to its seat's agent and apply the answer.

Every place that plays a game through (the arena, ``players.match``, ``hearts
play``, the web server's bot loop, the web hint and ``hearts hint``) runs
:func:`drive` or :func:`decide` instead of its own dispatch on the phase:

- ``Game.pending()`` says which decisions are due (seat, kind, legal choices);
- the seat's agent answers ``choose(view, decision) -> Action`` from its own
  :class:`~hearts.view.PlayerView` only (:func:`decide` adapts today's bots,
  which answer ``choose_pass``/``choose_play``/``choose_moon``, and fills in
  ``bid``/``suit`` for bots that do not know them);
- ``Game.apply(action)`` (or the caller's ``apply`` hook, e.g. the web's,
  which also stores the action) carries it out.

A seat without an agent (a person) stops the loop: :func:`drive` returns the
decision waiting for it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .actions import Action, Decision
from .cards import SUIT_MASKS, card_tuple
from .game import Game
from .view import PlayerView, player_view


class Agent(Protocol):
    """Anything that answers a decision: ``choose(view, decision) -> Action``."""

    def choose(self, view: PlayerView, decision: Decision) -> Action: ...


def default_bid(view: PlayerView, decision: Decision) -> int | None:
    """No bid: the answer for a bot that knows no auction."""
    return None


def default_suit(view: PlayerView, decision: Decision) -> int:
    """The suit this seat holds the fewest cards of, lowest cards counting less (a bot
    that knows no auction names the suit it is least likely to take)."""
    best, best_key = 0, (99, 99)
    for suit in range(4):
        cards = card_tuple(view.hand & SUIT_MASKS[suit])
        key = (len(cards), sum((c & 15) for c in cards))
        if key < best_key:
            best, best_key = suit, key
    return best


def decide(agent: Any, view: PlayerView, decision: Decision) -> Action:
    """The agent's answer to ``decision`` as an :class:`~hearts.actions.Action`.

    An agent with ``choose(view, decision)`` answers directly; a bot with the
    older methods is adapted: ``choose_pass``, ``choose_play``, ``choose_moon``,
    and ``choose_bid``/``choose_suit`` when it has them (else no bid, and
    :func:`default_suit`); where the seat may give up the hand instead of playing
    (Hearts 1887), ``choose_give_up(view) -> bool`` when it has it (else it plays).
    The answer is not checked here (``Game.can`` does).
    """
    choose = getattr(agent, "choose", None)
    if choose is not None:
        action = choose(view, decision)
        if not isinstance(action, Action):
            action = Action(*action)
        return action
    kind, seat = decision.kind, decision.seat
    if kind == "play":
        if "give_up" in decision.options:  # Hearts 1887: a bot that knows it may give up
            f = getattr(agent, "choose_give_up", None)
            if f is not None and f(view):
                return Action("give_up", seat, None)
        return Action("play", seat, agent.choose_play(view))
    if kind == "pass":
        return Action("pass", seat, tuple(agent.choose_pass(view)))
    if kind == "moon":
        return Action("moon", seat, agent.choose_moon(view))
    if kind == "bid":
        f = getattr(agent, "choose_bid", None)
        return Action("bid", seat, f(view) if f is not None else default_bid(view, decision))
    if kind == "suit":
        f = getattr(agent, "choose_suit", None)
        return Action("suit", seat, f(view) if f is not None else default_suit(view, decision))
    if kind == "declare":
        f = getattr(agent, "choose_declare", None)
        return Action("declare", seat, f(view) if f is not None else None)
    if kind == "deal":
        return Action("deal", -1, None)
    raise ValueError(f"unknown decision kind {kind!r}")


# on_decision(seat, decision, action, wall seconds, cpu seconds)
DecisionHook = Callable[[int, Decision, Action, float, float], None]
# fallback(view, decision, error or None) -> a legal action, when the agent failed
Fallback = Callable[[PlayerView, Decision, "Exception | None"], Action]


def drive(game: Game, agents: Mapping[int, Any] | Sequence[Any], *, deal: bool = False,
          stop_at_hand_end: bool = True, apply: Callable[[Action], Any] | None = None,
          on_decision: DecisionHook | None = None, fallback: Fallback | None = None,
          ) -> Decision | None:
    """Run ``game`` with ``agents[seat]`` answering each decision due.

    ``agents``: a sequence (one per seat) or a mapping from seat; a seat without
    one (missing or ``None``) is a person: the loop stops and returns the
    decision waiting for it (in a pass, after every agent has passed).  Between
    hands: with ``deal`` the next hand is dealt (``Action.deal()``) unless
    ``stop_at_hand_end`` and at least one action was applied in this call;
    without ``deal`` the loop returns ``None`` there.  It returns ``None`` at the
    game's end too.  ``apply`` replaces ``game.apply`` (the web stores each
    action); ``on_decision`` is told each answer with its wall and CPU time;
    ``fallback`` replaces an answer that raised or that ``game.can`` refuses
    (without it, an illegal answer raises :class:`~hearts.game.IllegalAction`).
    """
    do = apply if apply is not None else game.apply
    get = agents.get if isinstance(agents, Mapping) else (
        lambda s: agents[s] if 0 <= s < len(agents) else None)
    acted = False
    while True:
        pending = game.pending()
        if not pending:
            return None
        if pending[0].kind == "deal":
            if not deal or (stop_at_hand_end and acted):
                return None
            do(Action("deal", -1, None))
            acted = True
            continue
        waiting: Decision | None = None
        for d in pending:
            agent = get(d.seat)
            if agent is None:
                if waiting is None:
                    waiting = d
                continue
            view = player_view(game, d.seat)
            t0, c0 = time.perf_counter(), time.process_time()
            error: Exception | None = None
            try:
                action = decide(agent, view, d)
            except Exception as exc:
                if fallback is None:
                    raise
                error, action = exc, Action(d.kind, d.seat, None)
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            if fallback is not None and (error is not None or not game.can(action)):
                action = fallback(view, d, error)
            if on_decision is not None:
                on_decision(d.seat, d, action, wall, cpu)
            do(action)
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


__all__ = ["Agent", "decide", "drive", "suggest", "default_bid", "default_suit"]
