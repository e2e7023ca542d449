"""One client cannot hold every worker thread with requests about one game.

A break-it helper's find (session 35): the solo game's routes run in the server's worker
threads, and every request about a game waited on that game's lock.  One ``POST /play`` in
an ``expert`` game (seconds of search) plus 45 ``GET`` of the same game from one address
held the threads, and every other player's requests stalled.  Now at most
``MAX_WAITING`` requests wait for a game; the rest are refused at once (429 ``busy``,
``Retry-After``), and the game is unchanged.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from hearts.web.service import MAX_WAITING, GameLocks, GameService, WebError
from hearts.web.storage import GameStore


def _wait_for(cond, what: str) -> None:  # type: ignore[no-untyped-def]
    for _ in range(2000):
        if cond():
            return
        time.sleep(0.005)
    raise AssertionError(f"never {what}")


def test_past_max_waiting_a_request_is_refused_at_once_and_the_lock_is_forgotten() -> None:
    locks = GameLocks(max_waiting=2, wait=60.0)
    release = threading.Event()
    done: list[str] = []

    def holder() -> None:
        with locks.hold("g"):
            done.append("holder in")
            release.wait(30)

    def waiter(name: str) -> None:
        with locks.hold("g"):
            done.append(name)

    threads = [threading.Thread(target=holder)]
    threads[0].start()
    _wait_for(lambda: done == ["holder in"], "held")
    for name in ("w1", "w2"):
        t = threading.Thread(target=waiter, args=(name,))
        t.start()
        threads.append(t)
    _wait_for(lambda: locks._held["g"][1] == 3, "two waiting")
    with pytest.raises(WebError) as refused, locks.hold("g"):   # the third waiter: at once
        pass
    assert refused.value.status == 429 and refused.value.code == "busy"
    assert refused.value.headers == {"Retry-After": "1"}
    with locks.hold("other"):                  # another game is not held up
        assert len(locks) == 2
    release.set()
    for t in threads:
        t.join(10)
    assert sorted(done) == ["holder in", "w1", "w2"]
    assert len(locks) == 0                     # nothing kept once nobody uses a game


def test_a_request_that_waits_too_long_is_refused_and_holds_nothing() -> None:
    locks = GameLocks(max_waiting=2, wait=0.05)
    release = threading.Event()
    held = threading.Event()

    def holder() -> None:
        with locks.hold("g"):
            held.set()
            release.wait(30)

    t = threading.Thread(target=holder)
    t.start()
    held.wait(10)
    with pytest.raises(WebError, match="still answering"), locks.hold("g"):
        pass
    release.set()
    t.join(10)
    with locks.hold("g"):                      # free again
        pass
    assert len(locks) == 0


def test_the_service_refuses_a_request_past_the_waiting_ones(tmp_path: Path) -> None:
    svc = GameService(GameStore(f"sqlite:///{tmp_path / 'locks.db'}"))
    game = svc.create()
    gid, token = game["id"], game["token"]
    before = svc.state(gid, token)
    answers: list[object] = []
    release = threading.Event()

    def hold_the_game() -> None:              # stands in for a move's long bot search
        with svc.locks.hold(gid):
            release.wait(30)

    def read() -> None:
        try:
            answers.append(svc.state(gid, token)["version"])
        except WebError as exc:
            answers.append(exc.code)

    holder = threading.Thread(target=hold_the_game)
    holder.start()
    _wait_for(lambda: gid in svc.locks._held, "held")
    readers = [threading.Thread(target=read) for _ in range(MAX_WAITING)]
    for r in readers:
        r.start()
    _wait_for(lambda: svc.locks._held[gid][1] == MAX_WAITING + 1, "waiting")
    refused = []
    for _ in range(5):                         # every further request: refused, not queued
        try:
            svc.state(gid, token)
        except WebError as exc:
            refused.append((exc.status, exc.code))
    assert refused == [(429, "busy")] * 5
    assert answers == []                       # the waiting ones still wait
    release.set()
    holder.join(10)
    for r in readers:
        r.join(10)
    assert answers == [before["version"]] * MAX_WAITING
    assert svc.state(gid, token) == before     # nothing changed
