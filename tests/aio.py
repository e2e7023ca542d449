"""Run a coroutine from a test, whatever else runs in the test process.

Playwright's sync API (the page tests) leaves an event loop set as running in the main
thread of an xdist worker, so a later test's ``asyncio.run`` there raises "cannot be
called from a running event loop".  :func:`run` runs the coroutine on a fresh loop in a
thread of its own instead.
"""
from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coro)`` in a new thread; returns its result or raises its error."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
