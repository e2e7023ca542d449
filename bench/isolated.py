"""A bot run in a child process of its own, so that a bot whose answers hang on memory
addresses gives the same answers whenever it sees the same game (bench/panel.py).

OpenSpiel's ISMCTS is seeded, yet not reproducible: the iteration order of its C++ hash
maps (Abseil's ``flat_hash_map``) follows a hash seeded by memory addresses, and ties in
its search are broken by that order.  With address-space randomisation on, two processes
differ; in one process, the same game played again differs with the heap it finds (what
the process did before, the other bots' work included).  Two line-ups of a paired
evaluation then do not share the opponents' answers, only the deal and the seat.

:class:`IsolatedBot` runs the bot in a fresh child process per bot instance (the panel
builds a bot per game and seat), with address-space randomisation off for the child
(``personality(ADDR_NO_RANDOMIZE)``, inherited across ``exec``) and a fixed
``PYTHONHASHSEED``: the child's heap then depends on nothing but the calls it is sent,
so the same views give the same answers, whatever the other seats do elsewhere.  The
child reads length-prefixed pickles ``(method, args)`` on its standard input and writes
the pickled answer (or the error's text) on its standard output; it ends when its input
closes.  Only bench code uses this (the product's bots run in the caller's process).

Checked by ``tests/test_bench_isolated.py`` and by the panel's null check
(docs/bots.md, "The panel").
"""

from __future__ import annotations

import ctypes
import os
import pickle
import subprocess
import sys
import weakref
from typing import Any

from hearts.actions import Action, Decision
from hearts.players.base import BaseBot
from hearts.view import PlayerView

ADDR_NO_RANDOMIZE = 0x0040000
"""Linux ``personality`` flag: lay the address space out without randomisation."""
HASH_SEED = "0"
"""The child's ``PYTHONHASHSEED``."""


def _no_randomize() -> None:
    """In the child before ``exec``: turn address-space randomisation off (Linux; where
    ``personality`` is refused the child runs randomised, and the test shows it)."""
    libc = ctypes.CDLL(None, use_errno=True)
    current = libc.personality(0xFFFFFFFF)
    if current != -1:
        libc.personality(current | ADDR_NO_RANDOMIZE)


def _send(stream: Any, obj: object) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(len(data).to_bytes(8, "big") + data)
    stream.flush()


def _receive(stream: Any) -> Any:
    head = stream.read(8)
    if len(head) < 8:
        raise EOFError
    size = int.from_bytes(head, "big")
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    return pickle.loads(data)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Close the child's input (it then exits) and reap it."""
    try:
        if proc.stdin is not None:
            proc.stdin.close()
        proc.wait(timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        proc.kill()
        proc.wait()


class IsolatedBot(BaseBot):
    """Panel bot ``name`` with ``seed`` (``panel.make_bot``) answering from a child process
    of its own (module text).  Every decision goes to the child's bot as it is; a child
    that fails raises :class:`RuntimeError` with its error text."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.seed = seed
        env = dict(os.environ, PYTHONHASHSEED=HASH_SEED)  # run as a script: bench/ is on its path
        self._proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), name, str(seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
            preexec_fn=_no_randomize)
        self._finalizer = weakref.finalize(self, _stop, self._proc)

    def _call(self, method: str, *args: object) -> Any:
        _send(self._proc.stdin, (method, args))
        try:
            ok, value = _receive(self._proc.stdout)
        except EOFError:
            raise RuntimeError(f"isolated {self.name}: the child process ended "
                               f"(exit code {self._proc.poll()})") from None
        if not ok:
            raise RuntimeError(f"isolated {self.name}: {value}")
        return value

    def choose(self, view: PlayerView, decision: Decision) -> Action:
        """The child's bot's answer to ``decision``."""
        answer: Action = self._call("choose", view, decision)
        return answer

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        """The child's bot's pass."""
        answer: tuple[int, ...] = self._call("choose_pass", view)
        return answer

    def choose_play(self, view: PlayerView) -> int:
        """The child's bot's card."""
        answer: int = self._call("choose_play", view)
        return answer

    def choose_moon(self, view: PlayerView) -> str:
        """The child's bot's moon choice."""
        answer: str = self._call("choose_moon", view)
        return answer

    def randomized(self) -> bool:
        """Whether the child runs with address-space randomisation (``personality``
        refused): then its answers are not reproducible."""
        flags: int = self._call("_personality")
        return not flags & ADDR_NO_RANDOMIZE

    def close(self) -> None:
        """Stop the child (also done when the bot is collected)."""
        self._finalizer()


def serve(name: str, seed: int) -> None:
    """The child's loop: answer ``(method, args)`` requests with ``panel.make_bot(name,
    seed)`` until the input closes."""
    import panel

    panel._IN_CHILD = True
    inp = sys.stdin.buffer
    out = sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing else may write to the answer stream
    bot = panel.make_bot(name, seed)
    while True:
        try:
            method, args = _receive(inp)
        except EOFError:
            return
        try:
            if method == "_personality":
                value: object = ctypes.CDLL(None).personality(0xFFFFFFFF)
            else:
                value = getattr(bot, method)(*args)
            _send(out, (True, value))
        except Exception as e:  # the error goes back to the caller, which raises it
            _send(out, (False, f"{type(e).__name__}: {e}"))


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]))
