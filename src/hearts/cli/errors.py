"""The one error answer of the record-reading commands (``score``, ``hint``, ``review``).

Each of them answers a bad record with ``{"ok": false, "error": {...}}``, the error
object of ``interfaces.md`` section 3, and never ends in a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..record import RecordError


def answer(work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """Run ``work`` (which reads a record and builds the command's answer) and return its
    answer; a :class:`~hearts.record.RecordError` becomes its error object, and any other
    exception (an engine or bot fault) the error object of code ``internal_error``."""
    try:
        return work()
    except RecordError as exc:
        return {"ok": False, "error": exc.error}
    except Exception as exc:  # a fault of ours must not end in a traceback
        return {"ok": False, "error": RecordError(
            "internal_error", "internal_error",
            f"The program failed on this record ({type(exc).__name__}: {exc}); please report it."
        ).error}
