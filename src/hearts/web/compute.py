"""Where the web server's bot searches run, and how many may wait.

A search bot (``hard``, ``openspiel-ismcts``) spends tens to hundreds of
milliseconds of CPU on one decision.  Run in the server's threads, it holds
Python's interpreter lock and slows every other request.  :class:`SearchPool`
runs such decisions in a :class:`concurrent.futures.ProcessPoolExecutor` (worker
processes started with ``spawn``), so the server process keeps answering other
games at once, and bounds what waits for it:

- hints: one in flight per game (a second one answers 429 ``hint_busy``), at most
  :data:`MAX_HINTS_PER_CLIENT` per client address and ``max_hints`` in flight in all
  (429 ``busy`` past either, with Retry-After);
- hints never delay plays: they run in workers of their own (``hint_workers``, at
  nice +15), so a flood of hints neither takes the places of bots' moves nor holds
  the workers that make them, and when CPUs are short the server process and the
  bots' searches (nice +5) come first; hints get what is left;
- the workers run at a lower priority (nice +5), so that when CPUs are short the
  server process, which answers every request, gets the larger share;
- bots' own decisions at a search level: at most ``max_searches`` waiting or
  running; a move that finds no place within ``wait`` seconds answers 429
  ``busy`` and changes nothing.

A job is plain data (:class:`SearchJob`): the game's settings and action list,
the seat, the level, the seed and the question; the worker replays the actions
through the engine, takes that seat's :class:`~hearts.view.PlayerView` (the bot
sees nothing more) and asks the bot.  With ``workers=0`` jobs run in the calling
thread (tests, and a one-core machine), under the same limits.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("hearts.web")

SEARCH_LEVELS = frozenset({"hard", "expert", "openspiel-ismcts"})
"""Bot levels whose decisions run in the pool; the others take a millisecond or less
and run in the request's thread."""

MAX_HINTS = 4
"""Hints in flight (queued or running) over the whole server process."""

MAX_HINTS_PER_CLIENT = 2
"""Hints in flight for one client address (over all its games and seats), so that one
client cannot take every place of :data:`MAX_HINTS`."""

MAX_SEARCHES = 16
"""Bots' search decisions waiting or running over the whole server process."""

SEARCH_WAIT = 20.0
"""Seconds a bot's decision waits for a place before the move answers 429."""

JOB_TIMEOUT = 60.0
"""Seconds a search may take before its request answers 503."""


def default_workers() -> int:
    """Worker processes by default: one fewer than the CPUs (at least 1, at most 4),
    so one CPU stays free for the server process itself."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


class Busy(Exception):
    """No place for the job: ``code`` (``busy`` or ``hint_busy``), ``message`` and
    ``retry_after`` (seconds)."""

    def __init__(self, code: str, message: str, retry_after: int = 1) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after


@dataclass(frozen=True)
class SearchJob:
    """One bot decision as plain data (it crosses to a worker process).

    ``kind`` is the decision's kind (``pass``, ``play``, ``moon``, ``bid``, ``suit``:
    :class:`~hearts.actions.Decision`); ``actions`` the game's stored action list up to
    this decision (JSON lists of :class:`~hearts.actions.Action`).
    """

    variant: str
    players: int
    options: dict[str, Any]
    game_number: int | None
    actions: list[list[Any]]
    seat: int
    level: str
    seed: int
    kind: str


def _hints_busy() -> Busy:
    return Busy("busy", "Too many hints are being worked out; try again in a moment.",
                retry_after=2)


def run_job(job: SearchJob) -> list[Any]:
    """Replay ``job``'s game, build its seat's view and return the bot's answer to that
    seat's pending ``kind`` decision as an action's JSON list
    (:meth:`hearts.actions.Action.to_json`).  Raises ``ValueError`` when no such
    decision is due; exceptions of the bot propagate (the caller falls back to a
    simple picker)."""
    from ..drive import decide
    from ..game import Game
    from ..record import apply_steps, log_steps
    from ..rules import make_rules
    from ..view import player_view
    from .bots import make_bot

    game = Game(make_rules(job.variant, job.players, job.options), job.game_number)
    apply_steps(game, log_steps(game, job.actions))  # the one replay loop of records
    for decision in game.pending():
        if decision.seat == job.seat and decision.kind == job.kind:
            view = player_view(game, job.seat)
            return decide(make_bot(job.level, job.seed), view, decision).to_json()
    raise ValueError(f"seat {job.seat} has no {job.kind} decision to make")


WORKER_NICE = 5
"""Niceness added to the worker processes: when CPUs are short, the server process
(which answers every request) gets about three times a worker's share.  (Not idle
priority: on a machine kept busy by other work an idle-priority worker got no CPU at
all and a hint took longer than a person waits.)"""

HINT_NICE = 15
"""Niceness added to the hint workers: against the server process a hint worker gets
about 1/28 of a contended CPU, against a search worker about 1/9, yet all of an idle
one (a hard hint stops at its wall-clock limit, so it still answers in time, with
fewer simulations, on a busy machine)."""

HINT_WORKERS = 1
"""Hint worker processes by default."""


def _exit_with_parent(parent: int, every: float = 1.0) -> None:
    """Watch the server process from a worker; end the worker once it is gone.  (A
    worker blocked on its job queue would otherwise outlive a server killed with
    SIGKILL for ever: it holds both ends of that queue's pipe, so it never reads EOF.)"""
    while True:
        time.sleep(every)
        if os.getppid() != parent:
            os._exit(0)


def _start_worker(parent: int, nice: int = WORKER_NICE) -> None:
    """Initializer of each worker process: end it with the server process ``parent``
    (its pid, taken in the server: a worker that starts after a killed server would
    read the adopting process from ``os.getppid()``), import the bots, then lower its
    priority (nice ``nice``: :data:`WORKER_NICE`, :data:`HINT_NICE` for hints)."""
    if os.getppid() != parent:
        os._exit(0)
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True,
                     name="hearts-exit-with-parent").start()
    _warm()
    with contextlib.suppress(OSError, AttributeError):
        os.nice(nice)


def _warm() -> int:
    """Import the engine and the bots once (in a new worker)."""
    from ..players import base

    with contextlib.suppress(KeyError):
        base.get_bot("\x00probe")
    return os.getpid()


class SearchPool:
    """Runs search decisions off the server's threads, within the limits above.

    ``workers``: processes for bots' moves (0: run in the calling thread, hints too);
    ``hint_workers``: processes for hints (at nice :data:`HINT_NICE`; 0: hints share the
    bots' workers).  Thread-safe.
    """

    def __init__(self, workers: int | None = None, *, max_hints: int = MAX_HINTS,
                 max_searches: int = MAX_SEARCHES, wait: float = SEARCH_WAIT,
                 timeout: float = JOB_TIMEOUT, hint_workers: int = HINT_WORKERS) -> None:
        self.workers = default_workers() if workers is None else workers
        self.hint_workers = hint_workers if self.workers > 0 else 0
        self._hint_executor: ProcessPoolExecutor | None = None
        self._in_flight = {"play": 0, "hint": 0}
        self._waiting = 0
        self.max_hints = max_hints
        self.max_searches = max_searches
        self.wait = wait
        self.timeout = timeout
        self._hint_slots = threading.BoundedSemaphore(max_hints)
        self._search_slots = threading.BoundedSemaphore(max_searches)
        self._hinting: set[str] = set()
        self._hints_of: dict[str, int] = {}   # hints in flight by client address key
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None

    # ---------------------------------------------------------- executor
    def _pool(self, hint: bool = False) -> ProcessPoolExecutor:
        hint = hint and self.hint_workers > 0
        with self._lock:
            executor = self._hint_executor if hint else self._executor
            if executor is None:
                executor = ProcessPoolExecutor(
                    max_workers=self.hint_workers if hint else self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker,
                    initargs=(os.getpid(), HINT_NICE if hint else WORKER_NICE))
                if hint:
                    self._hint_executor = executor
                else:
                    self._executor = executor
            return executor

    def _forget(self, hint: bool) -> None:
        with self._lock:
            if hint and self.hint_workers > 0:
                self._hint_executor = None
            else:
                self._executor = None

    def start(self) -> None:
        """Start the worker processes now (rather than on the first search)."""
        if self.workers > 0:
            futures = [self._pool().submit(_warm) for _ in range(self.workers)]
            futures += [self._pool(hint=True).submit(_warm) for _ in range(self.hint_workers)]
            for f in futures:
                f.add_done_callback(lambda f: f.exception())

    def stats(self) -> dict[tuple[str, str], int]:
        """Searches by ``(kind, state)``: kind ``play`` (bots' moves) or ``hint``; state
        ``waiting`` (for a place: bots' moves only), ``queued`` (for a worker) or
        ``running`` (the in-flight ones beyond the workers' number are queued)."""
        with self._lock:
            flight = dict(self._in_flight)
            waiting = self._waiting
        out = {("play", "waiting"): waiting, ("hint", "waiting"): 0}
        for kind, n in flight.items():
            workers = (self.hint_workers or self.workers) if kind == "hint" else self.workers
            running = min(n, workers) if workers > 0 else n
            out[(kind, "running")] = running
            out[(kind, "queued")] = n - running
        return out

    def worker_pids(self) -> list[int]:
        """Process ids of the running workers, bots' and hints' (empty before the first
        job, or with ``workers=0``)."""
        with self._lock:
            executors = [self._executor, self._hint_executor]
        pids: list[int] = []
        for executor in executors:
            pids += list(getattr(executor, "_processes", None) or {})
        return sorted(pids)

    def close(self) -> None:
        """Stop the workers (running searches are abandoned)."""
        with self._lock:
            executors = [self._executor, self._hint_executor]
            self._executor = self._hint_executor = None
        for executor in executors:
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)

    def _run(self, job: SearchJob, hint: bool = False) -> Any:
        kind = "hint" if hint else "play"
        with self._lock:
            self._in_flight[kind] += 1
        try:
            if self.workers <= 0:
                return run_job(job)
            try:
                future: Future[Any] = self._pool(hint).submit(run_job, job)
            except BrokenProcessPool:
                log.error("search workers died; starting new ones")
                self._forget(hint)
                future = self._pool(hint).submit(run_job, job)
            try:
                return future.result(timeout=self.timeout)
            except BrokenProcessPool:
                self._forget(hint)
                raise
        finally:
            with self._lock:
                self._in_flight[kind] -= 1

    # ------------------------------------------------------------- entry
    def decide(self, job: SearchJob) -> Any:
        """A bot's own decision (the game's seat ``job.seat``): waits up to ``wait``
        seconds for a place, else raises :class:`Busy`."""
        with self._lock:
            self._waiting += 1
        try:
            placed = self._search_slots.acquire(timeout=self.wait)
        finally:
            with self._lock:
                self._waiting -= 1
        if not placed:
            raise Busy("busy", "The server is busy with computer players' searches; "
                       "try again in a moment.", retry_after=2)
        try:
            return self._run(job)
        finally:
            self._search_slots.release()

    @contextlib.contextmanager
    def hint_slot(self, game_id: str, client: str = "") -> Iterator[None]:
        """Hold the place of one hint of ``game_id`` asked by ``client`` (its address
        key); raises :class:`Busy` at once when this game already has a hint in flight,
        ``client`` has :data:`MAX_HINTS_PER_CLIENT` or ``max_hints`` are in flight."""
        with self._lock:
            self._refuse_hint(game_id, client)
            if not self._hint_slots.acquire(blocking=False):
                raise _hints_busy()
            self._hinting.add(game_id)
            self._hints_of[client] = self._hints_of.get(client, 0) + 1
        try:
            yield
        finally:
            with self._lock:
                self._hinting.discard(game_id)
                self._hint_slots.release()
                left = self._hints_of.get(client, 1) - 1
                if left > 0:
                    self._hints_of[client] = left
                else:
                    self._hints_of.pop(client, None)

    def check_hint(self, game_id: str, client: str = "") -> None:
        """Raise :class:`Busy` now if :meth:`hint_slot` would (a cheap look before the
        request does any work; the slot itself is taken later)."""
        with self._lock:
            self._refuse_hint(game_id, client)
            if len(self._hinting) >= self.max_hints:
                raise _hints_busy()

    def _refuse_hint(self, game_id: str, client: str) -> None:
        if game_id in self._hinting:
            raise Busy("hint_busy", "A hint for this game is already being worked out.")
        if self._hints_of.get(client, 0) >= MAX_HINTS_PER_CLIENT:
            raise Busy("busy", f"Your address has {MAX_HINTS_PER_CLIENT} hints being worked "
                       f"out already; ask again when they are in.", retry_after=2)

    def hint(self, job: SearchJob) -> Any:
        """A hint's decision (caller holds :meth:`hint_slot`): in the pool for a search
        level, else here."""
        if job.level in SEARCH_LEVELS:
            return self._run(job, hint=True)
        return run_job(job)


__all__ = ["Busy", "HINT_NICE", "HINT_WORKERS", "JOB_TIMEOUT", "MAX_HINTS",
           "MAX_HINTS_PER_CLIENT", "MAX_SEARCHES",
           "SEARCH_LEVELS", "SEARCH_WAIT", "SearchJob", "SearchPool", "default_workers", "run_job"]
