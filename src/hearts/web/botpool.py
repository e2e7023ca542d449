"""Bot decisions off the request path: a pool of worker processes.

A shared table's bot moves (and the moves a bot makes for an absent person) run in a
:class:`concurrent.futures.ProcessPoolExecutor` sized to the machine (one worker per
CPU by default), so that a long ``hard`` search occupies a worker, never the server's
event loop: other tables' plays and messages go on meanwhile.  Workers are started
with ``spawn`` (no copy of the server's threads or sockets) and warmed up at start.

A worker gets only what the bot may know: the level, a seed and the seat's
:class:`~hearts.view.PlayerView`.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..view import PlayerView

log = logging.getLogger("hearts.web")


def decide(level: str, seed: int, view: PlayerView, what: str) -> tuple[Any, int]:
    """Run in a worker: ``(choice, worker pid)`` of a fresh ``level`` bot seeded with
    ``seed`` for ``what`` (``choose_pass``, ``choose_play`` or ``choose_moon``)."""
    from .service import make_bot

    bot = make_bot(level, seed)
    choice = getattr(bot, what)(view)
    if what == "choose_pass":
        choice = tuple(int(c) for c in choice)
    elif what == "choose_play":
        choice = int(choice)
    return choice, os.getpid()


def _warm() -> int:
    from .service import known_levels

    known_levels()
    return os.getpid()


def pool_size() -> int:
    """Workers for this machine: the CPUs this process may use (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


class BotPool:
    """A lazily started process pool for bot decisions (``workers`` default:
    :func:`pool_size`).  :meth:`decide` is awaitable; a broken pool is replaced."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or pool_size()
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers,
                                             mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def warm(self) -> None:
        """Start the workers now (each imports the bots) rather than at the first move."""
        ex = self._executor()
        for f in [ex.submit(_warm) for _ in range(self.workers)]:
            f.result(timeout=120)

    async def decide(self, level: str, seed: int, view: PlayerView, what: str) -> tuple[Any, int]:
        """``(choice, worker pid)``; raises what the bot raised."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), decide, level, seed, view, what)
        except BrokenProcessPool:
            log.error("bot pool broken; starting a new one")
            self.close()
            return await loop.run_in_executor(self._executor(), decide, level, seed, view, what)

    def close(self) -> None:
        """Stop the workers."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


__all__ = ["BotPool", "decide", "pool_size"]
