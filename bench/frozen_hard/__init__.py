"""A frozen copy of the ``hard`` level as it stood on 2026-12-01 (commit 24fa90f).

Kept in ``bench/`` only, so that strength runs can compare today's ``hard``
with this one in the same seat on the same deals (issue 10).  It is a
snapshot: ``hard.py`` with the modules it relied on (``policy``, ``sim``,
``medium``, ``common``, ``sampling``) copied verbatim, relative imports of the
engine turned into ``hearts.*`` imports, and the registry calls removed.  Do
not edit it to follow changes elsewhere; re-freeze instead.

:func:`register` adds it to the bot registry as ``hard-frozen`` (bench
scripts call it; the product registry never lists it).
"""

from __future__ import annotations

from hearts.players.base import register_bot

from .hard import HardBot


def register() -> None:
    """Register the frozen copy as bot ``hard-frozen`` (default budget, 0.8 s cap)."""
    register_bot("hard-frozen", HardBot)


__all__ = ["HardBot", "register"]
