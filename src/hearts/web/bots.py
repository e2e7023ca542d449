"""The computer players of the web's one host: who decides for a seat, with which bot
and seed, in which process, and what stands in when a bot fails.

Both ways a table runs its bots use these functions (docs/one-host.md):

- the paced scheduler of shared tables (:meth:`hearts.web.hub.TableHub._bot_turn`: one
  asyncio task per due bot seat, a search level's decision in the search pool);
- the inline mode of a solo game (:func:`run_inline`: a person's request runs every bot
  that is due, until a person must act, the hand ends or the game is over).

A bot is made afresh for every decision, seeded by :func:`decision_seed` from the table's
secret seed, its version and the seat, so that a decision does not depend on which
process made it or whether the server restarted; it sees only
:func:`hearts.view.player_view` of its seat (:func:`hearts.drive.decide`).  A search
level (:data:`~hearts.web.compute.SEARCH_LEVELS`) decides in the server's
:class:`~hearts.web.compute.SearchPool` from the game's actions (:func:`table_job`).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..cards import cards_of
from ..drive import decide
from ..players.base import BaseBot
from ..view import PlayerView, player_view
from .compute import SEARCH_LEVELS, Busy, SearchJob, SearchPool
from .errors import WebError
from .limits import excerpt

if TYPE_CHECKING:
    from .tables import TableState

log = logging.getLogger("hearts.web")

STAND_IN_LEVELS = ("random", "easy", "medium", "hard")
"""Levels for which the built-in legal-card picker stands in until the real bot exists."""


class StandInBot(BaseBot):
    """A simple legal-card picker: stands in for a bot that failed or answered illegally.

    Passes its highest cards, plays a random legal card (from its own seeded
    generator), takes ``"add"`` on a moon.  It sees only the :class:`PlayerView`.
    """

    def __init__(self, name: str, seed: int | None = None) -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        """The ``pass_count`` highest-ranked cards of the hand."""
        hand = cards_of(view.hand)
        hand.sort(key=lambda c: (c & 15, c >> 4), reverse=True)
        return tuple(hand[: view.rules.pass_count])

    def choose_play(self, view: PlayerView) -> int:
        """A random legal card."""
        return self.rng.choice(cards_of(view.legal))

    def choose_moon(self, view: PlayerView) -> str:
        """Always ``"add"``."""
        return "add"


def _registry_levels() -> list[str]:
    from ..players import base

    with contextlib.suppress(KeyError):
        base.get_bot("\x00probe")  # loads the built-in bot modules
    return sorted(base.BOTS)


def known_levels() -> list[str]:
    """Bot levels a game may use: every registered bot plus the stand-in levels."""
    return sorted(set(_registry_levels()) | set(STAND_IN_LEVELS))


def make_bot(level: str, seed: int) -> Any:
    """A bot of ``level`` seeded with ``seed``; the stand-in picker for a stand-in level
    not registered yet.  Raises :class:`WebError` 400 ``bad_option`` for an unknown level."""
    from ..players import get_bot

    try:
        return get_bot(level, seed)
    except KeyError:
        if level in STAND_IN_LEVELS:
            return StandInBot(level, seed)
        raise WebError(400, "bad_option", f"Unknown level {excerpt(level)}; known levels: "
                       f"{', '.join(known_levels())}.") from None


def check_level(level: str, rules: Any) -> Any:
    """A bot of ``level`` after asking it whether it can play ``rules``.

    Bots that play only some rule sets have a ``check_rules(rules)`` method that raises
    ``ValueError`` (as ``hearts play`` and ``hearts arena`` ask).  Raises :class:`WebError`
    400 ``bad_option`` for an unknown level or one that cannot play these rules, rather
    than letting the stand-in picker play in its name.
    """
    bot = make_bot(level, 0)
    check = getattr(bot, "check_rules", None)
    if check is not None:
        try:
            check(rules)
        except ValueError as exc:
            raise WebError(400, "bad_option",
                           f"Level {excerpt(level)} cannot play these rules: {exc}") from None
    return bot


def decision_seed(game_seed: int, index: int, seat: int, salt: str = "") -> int:
    """The seed of the bot deciding for ``seat`` at version ``index``: a 63-bit integer
    from SHA-256 of the table's seed, the index, the seat and a salt."""
    digest = hashlib.sha256(f"hearts-web:{game_seed}:{index}:{seat}:{salt}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def table_job(st: TableState, seat: int, kind: str, seed: int) -> SearchJob:
    """The :class:`~hearts.web.compute.SearchJob` of ``seat``'s pending ``kind`` decision
    at table ``st`` (its game's actions so far; the table's level)."""
    s = st.settings
    return SearchJob(s.variant, st.n, dict(s.options), s.game, [list(a) for a in st.moves],
                     seat, s.level, seed, kind)


def local_answer(st: TableState, seat: int, kind: str) -> Action:
    """The table's bot's answer to ``seat``'s pending ``kind`` decision, worked out here
    (a level that is not a search: a millisecond).  Raises ``ValueError`` when the seat
    has no such decision."""
    decision = st.decision(seat)
    if decision is None or decision.kind != kind:
        raise ValueError(f"seat {seat} has no {kind} decision to make")
    seed = decision_seed(st.seed, st.version, seat)
    return decide(make_bot(st.settings.level, seed), player_view(st.game, seat), decision)


def answer(st: TableState, seat: int, pool: SearchPool) -> Action:
    """The table's bot's answer to ``seat``'s pending decision, blocking: a search level's
    in ``pool`` (raises :class:`~hearts.web.compute.Busy` when it has no place), another
    level's here.  Raises ``ValueError`` when the seat has nothing to decide."""
    decision = st.decision(seat)
    if decision is None:
        raise ValueError(f"seat {seat} has nothing to decide")
    if st.settings.level in SEARCH_LEVELS:
        seed = decision_seed(st.seed, st.version, seat)
        return Action.from_json(pool.decide(table_job(st, seat, decision.kind, seed)))
    return local_answer(st, seat, decision.kind)


def bot_action(st: TableState, seat: int, answer: Action | None) -> list[Any]:
    """The stored action for a bot's ``answer`` to ``seat``'s pending decision: the
    stand-in's when the answer is missing or not legal (a moon's automatic choice), tagged
    ``"bot"`` when the seat is a person's.  Raises ``ValueError`` when the seat has nothing
    to decide."""
    game = st.game
    tag = ["bot"] if st.is_person(seat) else []
    decision = st.decision(seat)
    if decision is None:
        raise ValueError(f"Seat {seat} has nothing to decide.")
    if answer is None or not decision.allows(answer) or not game.can(answer):
        if answer is not None:
            log.warning("table %s: bot %s answered %s illegally for seat %d", st.id,
                        st.settings.level, decision.kind, seat)
        if decision.kind == "moon":
            answer = Action.moon(seat, game.auto_moon_choice())
        else:
            stand_in = StandInBot("stand-in", decision_seed(st.seed, st.version, seat,
                                                            "stand-in"))
            answer = decide(stand_in, player_view(game, seat), decision)
    return [*answer.to_json(), *tag]


def due_bot(st: TableState) -> int | None:
    """The first seat whose bot must act now (a seat that is no person's, or whose person
    is away), or ``None``: a person must act, the table waits between hands or the game is
    over."""
    if st.between_hands():
        return None
    for s in st.due():
        if st.bot_plays(s):
            return s
    return None


def run_inline(st: TableState, pool: SearchPool, commit: Callable[[list[Any]], None]) -> None:
    """Inline mode (a solo game): every bot that is due answers in turn and ``commit``
    applies its action, until :func:`due_bot` finds none.  A bot that fails is replaced
    for that decision by the stand-in (logged); :class:`~hearts.web.compute.Busy` (no
    place for a search) is raised, the actions committed so far kept by the caller or
    not."""
    while (seat := due_bot(st)) is not None:
        try:
            got: Action | None = answer(st, seat, pool)
        except Busy:
            raise
        except Exception as exc:  # a bot bug must not stop the game
            log.error("table %s: bot %s failed for seat %d: %r", st.id, st.settings.level,
                      seat, exc)
            got = None
        commit(bot_action(st, seat, got))


__all__ = ["STAND_IN_LEVELS", "StandInBot", "answer", "bot_action", "check_level",
           "decision_seed", "due_bot", "known_levels", "local_answer", "make_bot",
           "run_inline", "table_job"]
