"""The web game's service layer: live games, bots, events, persistence.

The server is authoritative.  It holds each game's full state, runs the
computer players of seats 1..n-1 and answers with seat 0's information set
only (:func:`hearts.view.player_view`).  HTTP lives in ``api.py``; this module
knows nothing of it and raises :class:`WebError` (status, code, message).

Action list
    A game is stored as its settings plus the list of every action applied
    to it, each a JSON list:

    - ``["deal"]``: :meth:`Game.start_hand` (the numbered deal of the game);
    - ``["pass", seat, "QS", "AS", "KS"]``: :meth:`Game.pass_cards`;
    - ``["play", seat, "QS"]``: :meth:`Game.play`;
    - ``["moon", seat, "add"]``: :meth:`Game.choose_moon`.

    Bots' choices are stored like the user's, so replaying the list through
    the engine (:func:`replay`) rebuilds the very same game.  ``version`` is
    the length of the list.

Bots
    ``players.get_bot(level, seed)``; a fresh bot is made for every decision
    with a seed derived from the game's secret seed, the action index and the
    seat (:func:`decision_seed`), so a decision does not depend on whether the
    server restarted in between.  The game's seed (63 bits from ``secrets``) is
    drawn for every new game, restarts included, and never sent to a client.
    Decisions of the search levels run in worker processes
    (:class:`~hearts.web.compute.SearchPool`).  While a level is not written yet (bots are
    being built in parallel) a simple legal-card picker stands in for it.

Concurrency
    Live :class:`~hearts.game.Game` objects are cached by id.  Every request
    about a game holds that game's lock (a striped lock table), first reads the
    stored ``(token hash, version)`` (so a write by another server process is
    noticed and the game reloaded), applies the move, then saves the action
    list with an optimistic version check (:meth:`GameStore.save_actions`).
    On a version conflict the cached game is dropped, reloaded and the request
    re-run against the new state, where the engine usually refuses it (409).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as _dt
import hashlib
import logging
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..actions import KINDS, Action, ActionError, Decision
from ..cards import CardError, card_str, cards_of, parse_card
from ..deal import check_game_number, daily_number
from ..drive import decide, drive
from ..events import Event, Passed
from ..game import (
    PHASE_DEAL,
    PHASE_OVER,
    Game,
    IllegalAction,
)
from ..players.base import BaseBot
from ..record import RecordError, apply_steps, log_steps
from ..rules import OPTIONS, VARIANTS, RulesError, make_rules
from ..view import PlayerView, player_view, visible_events
from .compute import SEARCH_LEVELS, Busy, SearchJob, SearchPool
from .limits import excerpt, shorten
from .projection import finished_record, score_detail, seat_state
from .seat_names import SOLO_NAME
from .storage import GameRow, GameStore, UnknownGame, VersionConflict, hash_token, token_matches

log = logging.getLogger("hearts.web")

USER_SEAT = 0

VALUE_KINDS = tuple(k for k in KINDS if k not in ("deal", "pass", "play"))
"""Decision kinds answered with one value (``POST /api/games/{id}/decide``): ``bid``,
``suit``, ``moon`` and any such kind the engine adds to :data:`hearts.actions.KINDS`."""
"""The web user always sits at seat 0 (South)."""

DEFAULT_LEVEL = "medium"
"""Bots' level when a new game names none."""

DEFAULT_HINT_LEVEL = "hard"
"""Level of the hint bot when the request names none."""

STAND_IN_LEVELS = ("random", "easy", "medium", "hard")
"""Levels for which the built-in legal-card picker stands in until the real bot exists."""

RANDOM_GAME_MAX = 99_999
"""A game created without a number gets one in ``1..RANDOM_GAME_MAX``: short enough to share
(any number up to ``MAX_GAME_NUMBER`` can still be asked for)."""

CACHE_SIZE = 2000
"""Live games kept in memory (least recently used dropped first; they reload from the db)."""

LOCK_STRIPES = 1024
"""Size of the striped per-game lock table."""


class WebError(Exception):
    """An error for the client: HTTP ``status``, a ``code`` and a ``message`` sentence.

    ``extra`` holds further fields of the error object (``seat``, ``card``);
    ``headers`` HTTP headers of the answer (``Retry-After``).  The message is cut to
    :data:`~hearts.web.limits.MAX_MESSAGE_CHARS` characters, so that no error
    repeats long client input.
    """

    def __init__(self, status: int, code: str, message: str,
                 headers: dict[str, str] | None = None, **extra: Any) -> None:
        message = shorten(message)
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        """``{"error": {"code", "message", ...}}`` (the body of every 4xx answer)."""
        return {"error": {"code": self.code, "message": self.message, **self.extra}}


def refused(err: IllegalAction) -> WebError:
    """The 409 :class:`WebError` for a move the engine refused."""
    extra: dict[str, Any] = {}
    if err.card is not None:
        extra["card"] = card_str(err.card)
    return WebError(409, err.reason, err.message, **extra)


# ------------------------------------------------------------------ bots
class StandInBot(BaseBot):
    """A simple legal-card picker used while a bot level is not written yet.

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
    """The seed of the bot deciding for ``seat`` at action index ``index``: a 63-bit
    integer from SHA-256 of the game's seed, the index, the seat and a salt."""
    digest = hashlib.sha256(f"hearts-web:{game_seed}:{index}:{seat}:{salt}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


# ------------------------------------------------------------ live games
@dataclass
class LiveGame:
    """A game in memory: its stored settings, the engine ``Game`` and its action list."""

    id: str
    token_hash: str
    variant: str
    players: int
    options: dict[str, Any]
    game_number: int
    level: str
    seed: int
    game: Game
    actions: list[list[Any]] = field(default_factory=list)
    created_at: _dt.datetime | None = None

    @property
    def version(self) -> int:
        """Number of actions applied (grows with every move)."""
        return len(self.actions)


def apply_action(game: Game, action: list[Any], events: bool = True) -> list[Event]:
    """Apply one stored action to ``game`` through the engine; returns the engine's events
    (``Game.apply``; none made with ``events=False``, for a replay).

    Raises :class:`IllegalAction` when the engine refuses it, ``ValueError`` for an
    action that is not in the stored format.
    """
    return game.apply(Action.from_json(action), events)  # the stored list is the Action's JSON


def replay(row: GameRow) -> LiveGame:
    """Rebuild a live game from its stored row by replaying every action."""
    rules = make_rules(row.variant, row.players, row.options)
    game = Game(rules, row.game_number)
    actions = [list(a) for a in row.actions]
    try:  # the one replay loop of records (hearts.record.apply_steps)
        apply_steps(game, log_steps(game, actions))
    except RecordError as exc:
        raise RuntimeError(f"game {row.id}: stored action {exc.path} does not replay: "
                           f"{exc.message}") from exc
    return LiveGame(row.id, row.token_hash, row.variant, row.players, dict(row.options),
                    row.game_number, row.level, row.seed, game, actions, row.created_at)


# ---------------------------------------------------------------- events
def seat_events(events: list[Event], seat: int = USER_SEAT) -> list[dict[str, Any]]:
    """The JSON of what ``seat`` may see of the engine's ``events``
    (:func:`hearts.view.visible_events`), as the page reads them: ``deal``, ``pass`` (the
    exchange: what the seat passed and received), ``bid``, ``suit``, ``declare``, ``play``,
    ``draw``, ``trick``, ``widow``, ``rest``, ``moon``, ``moon_choice``, ``hand_end``,
    ``game_over`` (shapes: :mod:`hearts.events`).  The solo game sends no ``passed``
    events: the seat's own pass is told with the exchange, the others' are not told."""
    return [e.to_json() for e in visible_events(events, seat) if not isinstance(e, Passed)]


def step(live: LiveGame, action: list[Any], events: list[dict[str, Any]]) -> None:
    """Apply ``action`` to the live game, append it to the action list and append
    what seat 0 may see of it to ``events`` (:func:`seat_events`).  Raises
    :class:`IllegalAction` (nothing changes then)."""
    happened = apply_action(live.game, action)
    live.actions.append(action)
    events.extend(seat_events(happened))


def run_bots(live: LiveGame, events: list[dict[str, Any]],
             pool: SearchPool | None = None) -> None:
    """Let the computer players act until seat 0 must act or the hand/game is over.

    A bot that fails or answers an illegal move is replaced for that decision by
    the stand-in picker (logged), so a game never gets stuck.  Decisions of a search
    level run in ``pool`` when given (which raises :class:`~hearts.web.compute.Busy`
    when it has no place).
    """
    agents = {s: _WebAgent(live, pool) for s in range(live.game.n) if s != USER_SEAT}

    def fallback(view: PlayerView, decision: Decision, error: Exception | None) -> Action:
        if isinstance(error, Busy):
            raise error  # no place for the search: the move is refused (nothing is saved)
        if error is not None:  # a bot bug must not stop the game
            log.error("bot %s failed in %s for game %s seat %d: %r", live.level, decision.kind,
                      live.id, decision.seat, error)
        else:
            log.warning("bot %s answered %s illegally in game %s", live.level, decision.kind,
                        live.id)
        if decision.kind == "moon":
            return Action("moon", decision.seat, live.game.auto_moon_choice())
        seed = decision_seed(live.seed, live.version, decision.seat)
        return decide(StandInBot("stand-in", seed), view, decision)

    # Runs until seat 0 must act, or the hand (deal waits for next-hand) or game is over.
    drive(live.game, agents, apply=lambda a: step(live, a.to_json(), events), fallback=fallback)


def search_job(live: LiveGame, seat: int, kind: str, level: str, seed: int) -> SearchJob:
    """The :class:`~hearts.web.compute.SearchJob` of ``seat``'s ``kind`` decision now."""
    return SearchJob(live.variant, live.players, live.options, live.game_number,
                     [list(a) for a in live.actions], seat, level, seed, kind)


class _WebAgent:
    """A seat's bot for one decision: built afresh with the seed of the game's version
    (so a replayed game decides the same), asked through :func:`hearts.drive.decide`;
    a search level's decision runs in ``pool`` (which raises
    :class:`~hearts.web.compute.Busy` when it has no place)."""

    def __init__(self, live: LiveGame, pool: SearchPool | None = None) -> None:
        self.live = live
        self.pool = pool

    def choose(self, view: PlayerView, decision: Decision) -> Action:
        live = self.live
        seed = decision_seed(live.seed, live.version, decision.seat)
        if self.pool is not None and live.level in SEARCH_LEVELS:
            job = search_job(live, decision.seat, decision.kind, live.level, seed)
            return Action.from_json(self.pool.decide(job))
        return decide(make_bot(live.level, seed), view, decision)


# ----------------------------------------------------------------- state
def state_json(live: LiveGame, events: list[dict[str, Any]] | None = None,
               token: str | None = None) -> dict[str, Any]:
    """The ``State`` object of ``web-api.md``: settings, then seat 0's projection
    (:func:`hearts.web.projection.seat_state`, the same parts a table sends: ``seats``, each
    seat's one name; ``view`` with ``decision``; ``illegal``; ``score_detail``), ``events``
    (and ``token`` when given: create and restart only)."""
    game = live.game
    out: dict[str, Any] = {"id": live.id}
    if token is not None:
        out["token"] = token
    out.update({
        "game": live.game_number, "variant": live.variant, "players": live.players,
        "options": dict(game.rules.options), "level": live.level, "version": live.version,
        "seat": USER_SEAT,
        **seat_state(game, USER_SEAT,
                     [SOLO_NAME if s == USER_SEAT else None for s in range(game.n)]),
        "events": list(events or ()),
    })
    return out


def variants_json() -> dict[str, Any]:
    """The variants and option specs, the same object ``hearts variants --json`` prints
    (built here from the rules registry so that the web layer does not import the CLI)."""
    return {"variants": [v.to_json() for v in VARIANTS.values()],
            "options": [o.to_json() for o in OPTIONS]}


def daily_json(today: _dt.date | None = None) -> dict[str, Any]:
    """``{"game": YYYYMMDD, "date": "YYYY-MM-DD"}`` for today in UTC (or ``today``)."""
    if today is None:
        today = _dt.datetime.now(_dt.UTC).date()
    return {"game": daily_number(today), "date": today.isoformat()}


def record_json(live: LiveGame) -> tuple[dict[str, Any], bool]:
    """The ``hearts-record/1`` of the game so far and whether a hand was withheld
    (:func:`hearts.web.projection.finished_record`: the hand in progress is left out while
    any of its cards is hidden, its bidding included)."""
    return finished_record(live.game)


# --------------------------------------------------------------- service
class GameService:
    """Creates, loads, advances and persists web games (thread-safe).

    Every public method raises :class:`WebError` for the client's mistakes:
    404 ``unknown_game``, 403 ``bad_token``, 400 option errors, 409 refused moves.
    """

    def __init__(self, store: GameStore, cache_size: int = CACHE_SIZE,
                 pool: SearchPool | None = None) -> None:
        self.store = store
        self.pool = pool if pool is not None else SearchPool(workers=0)
        self.cache_size = cache_size
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]

    # ------------------------------------------------------------ cache
    def _lock_for(self, game_id: str) -> threading.Lock:
        h = int.from_bytes(hashlib.blake2s(game_id.encode(), digest_size=4).digest(), "big")
        return self._locks[h % LOCK_STRIPES]

    def _cache_get(self, game_id: str) -> LiveGame | None:
        with self._cache_lock:
            live = self._cache.get(game_id)
            if live is not None:
                self._cache.move_to_end(game_id)
            return live

    def _cache_put(self, live: LiveGame) -> None:
        with self._cache_lock:
            self._cache[live.id] = live
            self._cache.move_to_end(live.id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    def _cache_drop(self, game_id: str) -> None:
        with self._cache_lock:
            self._cache.pop(game_id, None)

    def forget(self) -> None:
        """Drop every cached game (they reload from the database on next use)."""
        with self._cache_lock:
            self._cache.clear()

    def _fresh(self, game_id: str, token: str | None) -> LiveGame:
        """The authenticated, up-to-date live game (caller holds its lock)."""
        try:
            token_hash, version = self.store.head(game_id)
        except UnknownGame:
            raise WebError(404, "unknown_game", "There is no game with this id.") from None
        if not token_matches(token, token_hash):
            raise WebError(403, "bad_token", "This game's token is missing or wrong.")
        live = self._cache_get(game_id)
        if live is None or live.version != version:
            live = replay(self.store.load(game_id))
            self._cache_put(live)
        return live

    # ------------------------------------------------------------ create
    def create(self, variant: str = "standard", players: int | None = None,
               options: dict[str, Any] | None = None, game_number: int | None = None,
               level: str | None = None, restart_of: str | None = None,
               seed: int | None = None) -> dict[str, Any]:
        """Start a new game (hand 0 dealt, bots' passes or plays made) and return its
        ``State`` with the new ``token``.  Raises :class:`WebError` 400 for a bad variant,
        option, player count, game number or level; 429 ``busy`` when the bots' searches
        find no place.  ``seed``: the bots' secret seed (default: drawn afresh from
        ``secrets``; it never leaves the server)."""
        options = dict(options or {})
        _check_option_sizes(options)
        try:
            rules = make_rules(variant, players, options)
        except RulesError as exc:
            raise WebError(400, exc.reason, str(exc)) from None
        if game_number is None:
            game_number = secrets.randbelow(RANDOM_GAME_MAX) + 1
        try:
            check_game_number(game_number)
        except ValueError as exc:
            raise WebError(400, "bad_option", str(exc)) from None
        level = level or DEFAULT_LEVEL
        check_level(level, rules)  # 400 for an unknown level or rules it cannot play
        if seed is None:
            seed = secrets.randbits(63)
        game_id = secrets.token_urlsafe(12)
        token = secrets.token_urlsafe(24)
        live = LiveGame(game_id, hash_token(token), variant, rules.players, options,
                        game_number, level, seed, Game(rules, game_number))
        events: list[dict[str, Any]] = []
        step(live, ["deal"], events)
        try:
            run_bots(live, events, self.pool)
        except Busy as exc:
            raise busy_error(exc) from None
        row = self.store.create(game_id=game_id, token=token, variant=variant,
                                players=rules.players, options=options,
                                game_number=game_number, level=level, seed=seed,
                                actions=live.actions, restart_of=restart_of)
        live.created_at = row.created_at
        self._cache_put(live)
        return state_json(live, events, token)

    # -------------------------------------------------------------- read
    def state(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The current ``State`` (resume); no events."""
        with self._lock_for(game_id):
            return state_json(self._fresh(game_id, token))

    # ------------------------------------------------------------- moves
    def _mutate(self, game_id: str, token: str | None,
                op: Callable[[LiveGame, list[dict[str, Any]]], None]) -> dict[str, Any]:
        """Run ``op`` (which applies seat 0's move) then the bots, persist, return State."""
        with self._lock_for(game_id):
            for _attempt in range(3):
                live = self._fresh(game_id, token)
                old_version = live.version
                events: list[dict[str, Any]] = []
                try:
                    op(live, events)
                    run_bots(live, events, self.pool)
                except Busy as exc:
                    self._cache_drop(game_id)
                    raise busy_error(exc) from None
                except IllegalAction as exc:
                    if live.version != old_version:  # cannot happen: refused moves change nothing
                        self._cache_drop(game_id)
                    raise refused(exc) from None
                except BaseException:
                    self._cache_drop(game_id)
                    raise
                try:
                    self.store.save_actions(game_id, old_version, live.actions,
                                            finished=live.game.phase == PHASE_OVER)
                except VersionConflict:
                    self._cache_drop(game_id)  # another process wrote first: reload, re-run
                    continue
                except BaseException:
                    self._cache_drop(game_id)
                    raise
                return state_json(live, events)
        raise WebError(409, "conflict", "The game was changed by another request; reload it.")

    def pass_cards(self, game_id: str, token: str | None, cards: list[str]) -> dict[str, Any]:
        """Seat 0 passes ``cards`` (card strings); bots then play up to seat 0's turn."""
        ids = _parse_cards(cards)

        def op(live: LiveGame, events: list[dict[str, Any]]) -> None:
            # by name: with two packs either copy held is meant (Game.verify resolves it)
            live.game.verify(Action("pass", USER_SEAT, tuple(ids)))
            step(live, ["pass", USER_SEAT, *(card_str(c) for c in ids)], events)

        return self._mutate(game_id, token, op)

    def play(self, game_id: str, token: str | None, card: str) -> dict[str, Any]:
        """Seat 0 plays ``card``; bots then play up to seat 0's next turn or the hand end."""
        cid = _parse_cards([card])[0]

        def op(live: LiveGame, events: list[dict[str, Any]]) -> None:
            live.game.verify(Action("play", USER_SEAT, cid))  # either copy held, by name
            step(live, ["play", USER_SEAT, card_str(cid)], events)

        return self._mutate(game_id, token, op)

    def moon(self, game_id: str, token: str | None, choice: str) -> dict[str, Any]:
        """Seat 0, having shot the moon under ``moon: choice``, picks add or subtract."""
        def op(live: LiveGame, events: list[dict[str, Any]]) -> None:
            live.game.verify_moon_choice(USER_SEAT, choice)
            step(live, ["moon", USER_SEAT, choice], events)

        return self._mutate(game_id, token, op)

    def decide(self, game_id: str, token: str | None, kind: str, value: Any) -> dict[str, Any]:
        """Seat 0 answers its pending decision of a kind whose answer is one value
        (:data:`VALUE_KINDS`: ``bid`` chips or ``None``, ``suit`` letter, ``moon``
        choice, and any such kind the engine adds) with ``value``; the bots then act.
        Raises :class:`WebError` 422 ``bad_message`` for another kind or a value that is
        not in the action's JSON form, 409 with the engine's reason when refused."""
        if kind not in VALUE_KINDS:
            raise WebError(422, "bad_message", f"A decision of kind {kind!r} is not answered "
                           f"here (kinds: {', '.join(VALUE_KINDS)}; cards go to /pass and /play).")
        try:
            action = Action.from_json([kind, USER_SEAT, value])
        except ActionError as exc:
            raise WebError(422, "bad_message", str(exc)) from None

        def op(live: LiveGame, events: list[dict[str, Any]]) -> None:
            live.game.verify(action)
            step(live, action.to_json(), events)

        return self._mutate(game_id, token, op)

    def next_hand(self, game_id: str, token: str | None) -> dict[str, Any]:
        """Deal the next hand (only between hands); bots pass or play as due."""
        def op(live: LiveGame, events: list[dict[str, Any]]) -> None:
            game = live.game
            if game.phase != PHASE_DEAL:
                raise IllegalAction("wrong_phase", "The hand is not over yet." if
                                    game.phase != PHASE_OVER else "The game is over.")
            step(live, ["deal"], events)

        return self._mutate(game_id, token, op)

    def restart(self, game_id: str, token: str | None) -> dict[str, Any]:
        """A new game with the same settings, number and level (new id and token).

        The bots' secret seed is drawn afresh: the deals repeat (they follow from the
        number), the bots' passes and plays need not, so a restart cannot be used to
        scout what the bots will do."""
        with self._lock_for(game_id):
            live = self._fresh(game_id, token)
            settings = (live.variant, live.players, dict(live.options), live.game_number,
                        live.level)
        variant, players, options, number, level = settings
        return self.create(variant, players, options, number, level, restart_of=game_id)

    # ------------------------------------------------------------- hints
    def hint(self, game_id: str, token: str | None, level: str | None = None) -> dict[str, Any]:
        """What the ``level`` bot (default hard) would do for seat 0, from seat 0's view.

        ``{"stage": "pass", "cards": [...]}``, ``{"stage": "play", "card": "QS"}`` or
        ``{"stage": "moon", "choice": "add"}``; 409 when seat 0 has nothing to do; 429
        ``hint_busy`` while this game's previous hint is being worked out, 429 ``busy``
        when the server has too many hints in flight (see :mod:`hearts.web.compute`).
        """
        level = level or DEFAULT_HINT_LEVEL
        try:
            self.pool.check_hint(game_id)  # refuse a flood before any database work
        except Busy as exc:
            raise busy_error(exc) from None
        with self._lock_for(game_id):
            live = self._fresh(game_id, token)
            game = live.game
            view = player_view(game, USER_SEAT)
            seed = decision_seed(live.seed, live.version, USER_SEAT, "hint")
            decisions, turn = game.pending(), game.turn
            job = search_job(live, USER_SEAT, "", level, seed)
        check_level(level, game.rules)
        try:
            with self.pool.hint_slot(game_id):
                return self._hint_from(level, seed, view, decisions, turn, job)
        except (WebError, Busy) as exc:
            if isinstance(exc, Busy):
                raise busy_error(exc) from None
            raise
        except Exception:  # a bot bug: answer with the stand-in rather than fail
            log.exception("hint bot %s failed for game %s", level, game_id)
            return self._hint_from(level, seed, view, decisions, turn, None)

    def _hint_from(self, level: str, seed: int, view: PlayerView, decisions: list[Decision],
                   turn: int, job: SearchJob | None) -> dict[str, Any]:
        """Seat 0's decision among ``decisions`` answered by the ``level`` bot (in the
        search pool for a search level when ``job`` is given); 409 when seat 0 has
        nothing to choose."""
        mine = [d for d in decisions if d.seat == USER_SEAT]
        if mine:
            return hint_answer(self.pool, level, seed, view, mine[0], job)
        if decisions and decisions[0].kind != "pass" and decisions[0].seat >= 0:
            raise WebError(409, "not_your_turn", f"It is not your turn: seat {turn} plays next.")
        raise WebError(409, "wrong_phase", "There is nothing for you to choose now.")

    def record(self, game_id: str, token: str | None) -> tuple[dict[str, Any], bool]:
        """The ``hearts-record/1`` of the game so far (see :func:`record_json`)."""
        with self._lock_for(game_id):
            return record_json(self._fresh(game_id, token))


def hint_answer(pool: SearchPool, level: str, seed: int, view: PlayerView, decision: Decision,
                job: SearchJob | None) -> dict[str, Any]:
    """The hint for ``decision`` (the asker's own, seen through ``view``): what the
    ``level`` bot would do, worked out in ``pool`` for a search level when ``job`` (the
    game's actions so far, :class:`~hearts.web.compute.SearchJob`) is given, else here
    (``job`` ``None``: the stand-in picker).  The caller holds the game's hint slot
    (:meth:`SearchPool.hint_slot`).  Used by the solo game and by the tables.

    ``{"stage": "pass", "cards": [...]}``, ``{"stage": "play", "card": "QS"}`` (Hearts 1887:
    ``{"stage": "play", "give_up": true}``),
    ``{"stage": "suit", "suit": "S"}``, ``{"stage": "moon", "choice": "add"}`` or
    ``{"stage": kind, kind: value}``, each with ``"level"``."""
    if job is not None and level in SEARCH_LEVELS:
        action = Action.from_json(pool.hint(dataclasses.replace(job, kind=decision.kind)))
    else:
        bot = StandInBot("stand-in", seed) if job is None else make_bot(level, seed)
        action = decide(bot, view, decision)
    kind, payload = action.kind, action.payload
    if kind == "pass":
        return {"stage": "pass", "cards": [card_str(c) for c in payload], "level": level}
    if kind == "play":
        return {"stage": "play", "card": card_str(int(payload)), "level": level}
    if kind == "give_up":  # Hearts 1887: give up the hand instead of playing
        return {"stage": "play", "give_up": True, "level": level}
    if kind == "suit":
        return {"stage": "suit", "suit": Action.suit(0, payload).to_json()[2], "level": level}
    return {"stage": kind, "choice" if kind == "moon" else kind: payload, "level": level}


def _parse_cards(cards: list[str]) -> list[int]:
    out = []
    for c in cards:
        try:
            out.append(parse_card(c))
        except CardError:
            raise WebError(422, "unknown_card", f"Not a card: {excerpt(c, 12)}.") from None
    return out


def busy_error(exc: Busy) -> WebError:
    """The 429 :class:`WebError` (with ``Retry-After``) for a search with no place."""
    return WebError(429, exc.code, exc.message, headers={"Retry-After": str(exc.retry_after)})


MAX_OPTION_CHARS = 40
"""Longest option key or string value a new game accepts (the longest real one has 16)."""


def _check_option_sizes(options: dict[str, Any]) -> None:
    """400 for an option key or string value too long to be real, quoting an excerpt
    (rather than letting the rules' message repeat all of it)."""
    for key, value in options.items():
        if len(key) > MAX_OPTION_CHARS:
            raise WebError(400, "unknown_option", f"Unknown option {excerpt(key)}.")
        if isinstance(value, str | list | dict) and len(value) > MAX_OPTION_CHARS:
            raise WebError(400, "bad_option", f"Option {excerpt(key)} takes no value as long "
                           f"as {excerpt(value)}.")


__all__ = [
    "DEFAULT_HINT_LEVEL", "DEFAULT_LEVEL", "GameService", "LiveGame", "StandInBot", "USER_SEAT",
    "RANDOM_GAME_MAX", "WebError", "apply_action", "busy_error", "check_level", "daily_json",
    "decision_seed", "hint_answer", "known_levels", "make_bot", "record_json",
    "replay", "run_bots",
    "score_detail", "seat_events", "state_json", "step", "variants_json",
]
