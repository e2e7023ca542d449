"""The solo web game: a table with one person (seat 0) and bots, in the solo API's terms.

The server is authoritative.  A solo game is a shared table's fold
(:class:`~hearts.web.tables.TableState`) whose log (:mod:`hearts.web.storage`,
:func:`~hearts.web.storage.solo_log`) starts with the player joining seat 0 and the
start, then holds the engine's actions, each a JSON list (``Action.to_json()``):

- ``["deal"]``: the game number's next deal;
- ``["pass", seat, "QS", "AS", "KS"]``, ``["play", seat, "QS"]``, ``["bid", seat, 5]``,
  ``["suit", seat, "S"]``, ``["moon", seat, "add"]`` ... (every kind of
  :data:`hearts.actions.KINDS`).

The engine's events (``Game.apply``) come out of :meth:`TableState.apply`, filtered for
seat 0 as for any seat at a table; the projection (:func:`~hearts.web.projection.seat_state`)
and the record writer (:func:`~hearts.web.projection.finished_record`) are the tables'
too.  HTTP lives in ``api.py``; this module raises :class:`WebError` (status, code,
message).  ``version`` in the State is the number of the game's actions.

Bots
    The tables' bots (:mod:`hearts.web.bots`) in inline mode (:func:`~hearts.web.bots.
    run_inline`): after the player's move every bot that is due answers in the same
    request, a search level's decision in the server's
    :class:`~hearts.web.compute.SearchPool`.  When the pool has no place
    (:class:`~hearts.web.compute.Busy`, 429) nothing of the request is saved.  The game's
    seed (63 bits from ``secrets``) is drawn for every new game, restarts included, and
    never sent to a client.

Concurrency
    Live tables are cached by id.  Every request about a game holds that game's lock
    (:class:`GameLocks`: at most :data:`MAX_WAITING` more requests wait for it, the rest get
    429 ``busy`` at once), first reads the stored ``(token hash, version)`` (so a write by
    another server process is noticed and the game reloaded), applies the moves, then
    appends them to the log with an optimistic check (:meth:`GameStore.save_actions`).  On
    a conflict the cached game is dropped, reloaded and the request re-run against the
    new state, where the engine usually refuses it (409).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as _dt
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any

from ..actions import KINDS, Action, ActionError, Decision
from ..cards import CardError, card_str, parse_card
from ..deal import check_game_number, daily_number
from ..drive import decide
from ..game import PHASE_OVER, IllegalAction
from ..rules import OPTIONS, VARIANTS, RulesError, make_rules
from ..view import PlayerView, player_view
from .bots import (
    STAND_IN_LEVELS,
    StandInBot,
    check_level,
    decision_seed,
    known_levels,
    make_bot,
    run_inline,
    table_job,
)
from .compute import SEARCH_LEVELS, Busy, SearchJob, SearchPool
from .errors import WebError, busy_error, refused
from .limits import excerpt
from .projection import finished_record, score_detail, seat_state
from .storage import (
    GameRow,
    GameStore,
    UnknownGame,
    VersionConflict,
    hash_token,
    solo_log,
    solo_settings,
    token_matches,
)
from .tables import Applied, TableSettings, TableState, load_state

log = logging.getLogger("hearts.web")

USER_SEAT = 0
"""The web user always sits at seat 0 (South)."""

VALUE_KINDS = tuple(k for k in KINDS if k not in ("deal", "pass", "play"))
"""Decision kinds answered with one value (``POST /api/games/{id}/decide``): ``bid``,
``suit``, ``moon`` and any such kind the engine adds to :data:`hearts.actions.KINDS`."""

DEFAULT_LEVEL = "medium"
"""Bots' level when a new game names none."""

DEFAULT_HINT_LEVEL = "hard"
"""Level of the hint bot when the request names none."""

RANDOM_GAME_MAX = 99_999
"""A game created without a number gets one in ``1..RANDOM_GAME_MAX``: short enough to share
(any number up to ``MAX_GAME_NUMBER`` can still be asked for)."""

CACHE_SIZE = 2000
"""Live games kept in memory (least recently used dropped first; they reload from the db)."""

MAX_WAITING = 2
"""Requests about one game that may wait while another holds it (a bot search may take
seconds).  Past them a request is refused at once with 429 ``busy``: every waiting request
holds one of the server's worker threads, so one client sending many requests about one
game would otherwise hold them all and stall every other player's game."""

LOCK_WAIT = 30.0
"""Seconds a request waits for its game before 429 ``busy`` (longer than a search waits
for a place in the pool)."""


class GameLocks:
    """One lock per game id, made while someone uses it and dropped after, with at most
    ``max_waiting`` requests waiting for each (:meth:`hold`).  Thread-safe."""

    def __init__(self, max_waiting: int = MAX_WAITING, wait: float = LOCK_WAIT) -> None:
        self.max_waiting = max_waiting
        self.wait = wait
        self._guard = threading.Lock()
        self._held: dict[str, list[Any]] = {}   # game id -> [lock, users]

    @contextlib.contextmanager
    def hold(self, game_id: str) -> Iterator[None]:
        """Hold ``game_id``'s lock for the ``with`` block.  Raises :class:`WebError`
        429 ``busy`` (``Retry-After: 1``) when ``max_waiting`` requests already wait for
        it or it is not free within ``wait`` seconds; nothing is held then."""
        with self._guard:
            entry = self._held.get(game_id)
            if entry is None:
                entry = self._held[game_id] = [threading.Lock(), 0]
            elif entry[1] > self.max_waiting:   # the holder plus max_waiting waiters
                raise _game_busy()
            entry[1] += 1
        lock: threading.Lock = entry[0]
        try:
            if not lock.acquire(timeout=self.wait):
                raise _game_busy()
            try:
                yield
            finally:
                lock.release()
        finally:
            with self._guard:
                entry[1] -= 1
                if entry[1] == 0:
                    del self._held[game_id]

    def __len__(self) -> int:
        """Games with a request in progress."""
        with self._guard:
            return len(self._held)


def _game_busy() -> WebError:
    return WebError(429, "busy", "This game is still answering your earlier requests; try "
                    "again in a moment.", headers={"Retry-After": "1"})


# ------------------------------------------------------------ live games
def replay(row: GameRow) -> TableState:
    """The live game of a stored row: the fold of its log (:func:`hearts.web.storage.
    solo_log`) through :class:`~hearts.web.tables.TableState`.  Raises ``RuntimeError``
    naming the first action that does not replay."""
    settings = solo_settings(row.variant, row.players, row.options, row.level,
                             row.game_number, row.restart_of)
    return load_state(row.id, settings, row.seed, solo_log(row.token_hash, row.actions))


def solo_events(applied: Applied) -> list[dict[str, Any]]:
    """What seat 0 may see of one applied action (the table's filtered events,
    :meth:`Applied.events_for`), as the solo page reads them.  The solo game sends no
    ``passed`` events: the seat's own pass is told with the exchange, the others' are
    not told (a solo table's ``hand_end`` carries no ``record``: the page asks
    ``GET /record`` when it wants it)."""
    return [e for e in applied.events_for(USER_SEAT) if e["type"] != "passed"]


# ----------------------------------------------------------------- state
def state_json(live: TableState, events: list[dict[str, Any]] | None = None,
               token: str | None = None) -> dict[str, Any]:
    """The ``State`` object of ``web-api.md``: settings, then seat 0's projection
    (:func:`hearts.web.projection.seat_state`, the same parts a table sends: ``seats``, each
    seat's one name; ``view`` with ``decision``; ``illegal``; ``score_detail``), ``events``
    (and ``token`` when given: create and restart only)."""
    game = live.game
    out: dict[str, Any] = {"id": live.id}
    if token is not None:
        out["token"] = token
    s = live.settings
    out.update({
        "game": s.game, "variant": s.variant, "players": live.n,
        "options": dict(game.rules.options), "level": s.level, "version": len(live.moves),
        "seat": USER_SEAT,
        **seat_state(game, USER_SEAT, [p.name if p else None for p in live.seats]),
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


def record_json(live: TableState) -> tuple[dict[str, Any], bool]:
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
        self._cache: OrderedDict[str, TableState] = OrderedDict()
        self._cache_lock = threading.Lock()
        self.locks = GameLocks()

    # ------------------------------------------------------------ cache

    def _cache_get(self, game_id: str) -> TableState | None:
        with self._cache_lock:
            live = self._cache.get(game_id)
            if live is not None:
                self._cache.move_to_end(game_id)
            return live

    def _cache_put(self, live: TableState) -> None:
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

    def _fresh(self, game_id: str, token: str | None) -> TableState:
        """The authenticated, up-to-date live game (caller holds its lock)."""
        try:
            token_hash, version = self.store.head(game_id)
        except UnknownGame:
            raise WebError(404, "unknown_game", "There is no game with this id.") from None
        if not token_matches(token, token_hash):
            raise WebError(403, "bad_token", "This game's token is missing or wrong.")
        live = self._cache_get(game_id)
        if live is None or len(live.moves) != version:
            try:
                settings, seed, log_ = self.store.log(game_id)
            except UnknownGame:
                raise WebError(404, "unknown_game", "There is no game with this id.") from None
            live = load_state(game_id, settings, seed, log_)
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
        level = DEFAULT_LEVEL if level is None else level  # "" is refused, not the default
        check_level(level, rules)  # 400 for an unknown level or rules it cannot play
        if seed is None:
            seed = secrets.randbits(63)
        game_id = secrets.token_urlsafe(12)
        token = secrets.token_urlsafe(24)
        settings = solo_settings(variant, rules.players, options, level, game_number,
                                 restart_of)
        live = TableState(game_id, TableSettings.from_json(settings), seed)
        for entry in solo_log(hash_token(token), []):
            live.apply(entry)
        events: list[dict[str, Any]] = []
        try:
            self._commit(live, ["deal"], events)
            run_inline(live, self.pool, lambda a: self._commit(live, a, events))
        except Busy as exc:
            raise busy_error(exc) from None
        self.store.create(game_id=game_id, token=token, variant=variant,
                          players=rules.players, options=options,
                          game_number=game_number, level=level, seed=seed,
                          actions=list(live.moves), restart_of=restart_of)
        self._cache_put(live)
        return state_json(live, events, token)

    @staticmethod
    def _commit(live: TableState, action: list[Any], events: list[dict[str, Any]]) -> None:
        """Apply one (checked) action to the live game and add what seat 0 sees of it to
        ``events`` (:func:`solo_events`)."""
        events.extend(solo_events(live.apply(action)))

    # -------------------------------------------------------------- read
    def state(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The current ``State`` (resume); no events."""
        with self.locks.hold(game_id):
            return state_json(self._fresh(game_id, token))

    # ------------------------------------------------------------- moves
    def _mutate(self, game_id: str, token: str | None,
                op: Callable[[TableState], list[Any]],
                version: int | None = None) -> dict[str, Any]:
        """Check seat 0's move (``op`` returns its action, or raises
        :class:`IllegalAction`), apply it, run the bots inline, append the new actions to
        the log, return the State.  ``version``: the State's version the move answers
        (``None``: any); another is refused 409 ``stale`` before the move is looked at."""
        with self.locks.hold(game_id):
            for _attempt in range(3):
                live = self._fresh(game_id, token)
                old_version = len(live.moves)
                if version is not None and version != old_version:
                    raise WebError(409, "stale", "This game has moved on since this page "
                                   "last looked (in another tab or window?); here it is "
                                   "as it stands now.")
                events: list[dict[str, Any]] = []
                try:
                    action = op(live)  # checked here, once: applied below without a check
                except IllegalAction as exc:
                    raise refused(exc) from None
                def commit(entry: list[Any], live: TableState = live,
                           events: list[dict[str, Any]] = events) -> None:
                    self._commit(live, entry, events)

                try:
                    commit(action)
                    run_inline(live, self.pool, commit)
                except Busy as exc:
                    self._cache_drop(game_id)
                    raise busy_error(exc) from None
                except BaseException:
                    self._cache_drop(game_id)
                    raise
                try:
                    self.store.save_actions(game_id, old_version, list(live.moves),
                                            finished=live.game.phase == PHASE_OVER)
                except VersionConflict:
                    self._cache_drop(game_id)  # another process wrote first: reload, re-run
                    continue
                except BaseException:
                    self._cache_drop(game_id)
                    raise
                return state_json(live, events)
        raise WebError(409, "conflict", "The game was changed by another request; reload it.")

    def pass_cards(self, game_id: str, token: str | None, cards: list[str],
                   version: int | None = None) -> dict[str, Any]:
        """Seat 0 passes ``cards`` (card strings); bots then play up to seat 0's turn
        (``version``: see :meth:`_mutate`)."""
        ids = _parse_cards(cards)

        def op(live: TableState) -> list[Any]:
            # by name: with two packs either copy held is meant (Game.verify resolves it)
            live.game.verify(Action("pass", USER_SEAT, tuple(ids)))
            return ["pass", USER_SEAT, *(card_str(c) for c in ids)]

        return self._mutate(game_id, token, op, version)

    def play(self, game_id: str, token: str | None, card: str,
             version: int | None = None) -> dict[str, Any]:
        """Seat 0 plays ``card``; bots then play up to seat 0's next turn or the hand end
        (``version``: see :meth:`_mutate`)."""
        cid = _parse_cards([card])[0]

        def op(live: TableState) -> list[Any]:
            live.game.verify(Action("play", USER_SEAT, cid))  # either copy held, by name
            return ["play", USER_SEAT, card_str(cid)]

        return self._mutate(game_id, token, op, version)

    def moon(self, game_id: str, token: str | None, choice: str,
             version: int | None = None) -> dict[str, Any]:
        """Seat 0, having shot the moon under ``moon: choice``, picks add or subtract."""
        def op(live: TableState) -> list[Any]:
            live.game.verify_moon_choice(USER_SEAT, choice)
            return ["moon", USER_SEAT, choice]

        return self._mutate(game_id, token, op, version)

    def decide(self, game_id: str, token: str | None, kind: str, value: Any,
               version: int | None = None) -> dict[str, Any]:
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

        def op(live: TableState) -> list[Any]:
            live.game.verify(action)
            return action.to_json()

        return self._mutate(game_id, token, op, version)

    def next_hand(self, game_id: str, token: str | None) -> dict[str, Any]:
        """Deal the next hand (only between hands); bots pass or play as due."""
        def op(live: TableState) -> list[Any]:
            if not live.between_hands():
                raise IllegalAction("wrong_phase", "The hand is not over yet." if
                                    live.game.phase != PHASE_OVER else "The game is over.")
            return ["deal"]

        return self._mutate(game_id, token, op)

    def restart(self, game_id: str, token: str | None) -> dict[str, Any]:
        """A new game with the same settings, number and level (new id and token).

        The bots' secret seed is drawn afresh: the deals repeat (they follow from the
        number), the bots' passes and plays need not, so a restart cannot be used to
        scout what the bots will do."""
        with self.locks.hold(game_id):
            s = self._fresh(game_id, token).settings
        assert s.game is not None  # a solo game always has its number
        return self.create(s.variant, s.players, dict(s.options), s.game, s.level,
                           restart_of=game_id)

    # ------------------------------------------------------------- hints
    def hint(self, game_id: str, token: str | None, level: str | None = None,
             client: str = "") -> dict[str, Any]:
        """What the ``level`` bot (default hard) would do for seat 0, from seat 0's view,
        asked by ``client`` (its address key: :data:`~hearts.web.compute.
        MAX_HINTS_PER_CLIENT` hints in flight at most).

        ``{"stage": "pass", "cards": [...]}``, ``{"stage": "play", "card": "QS"}`` or
        ``{"stage": "moon", "choice": "add"}``; 409 when seat 0 has nothing to do; 429
        ``hint_busy`` while this game's previous hint is being worked out, 429 ``busy``
        when the server has too many hints in flight (see :mod:`hearts.web.compute`).
        """
        level = DEFAULT_HINT_LEVEL if level is None else level
        try:
            self.pool.check_hint(game_id, client)  # refuse a flood before any database work
        except Busy as exc:
            raise busy_error(exc) from None
        with self.locks.hold(game_id):
            live = self._fresh(game_id, token)
            game = live.game
            view = player_view(game, USER_SEAT)
            seed = decision_seed(live.seed, live.version, USER_SEAT, "hint")
            decisions, turn = game.pending(), game.turn
            job = dataclasses.replace(table_job(live, USER_SEAT, "", seed), level=level)
        check_level(level, game.rules)
        try:
            with self.pool.hint_slot(game_id, client):
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
        with self.locks.hold(game_id):
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
    "DEFAULT_HINT_LEVEL", "DEFAULT_LEVEL", "GameService", "RANDOM_GAME_MAX", "STAND_IN_LEVELS",
    "StandInBot", "USER_SEAT", "WebError", "busy_error", "check_level", "daily_json",
    "decision_seed", "hint_answer", "known_levels", "make_bot", "record_json", "refused",
    "replay", "score_detail", "solo_events", "state_json", "variants_json",
]
