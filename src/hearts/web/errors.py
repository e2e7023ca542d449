"""The web layer's error for clients: :class:`WebError` (HTTP status, code, sentence).

The solo game's routes and the hosts raise it; ``app.py`` answers it with the JSON error
shape ``{"error": {"code", "message", ...}}``.
"""

from __future__ import annotations

from typing import Any

from ..cards import card_str
from ..game import IllegalAction
from .compute import Busy
from .limits import shorten


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
    """The 409 :class:`WebError` for a move the engine refused (``card`` named when the
    refusal is about one)."""
    extra: dict[str, Any] = {}
    if err.card is not None:
        extra["card"] = card_str(err.card)
    return WebError(409, err.reason, err.message, **extra)


def busy_error(exc: Busy) -> WebError:
    """The 429 :class:`WebError` (with ``Retry-After``) for a search with no place."""
    return WebError(429, exc.code, exc.message, headers={"Retry-After": str(exc.retry_after)})


__all__ = ["WebError", "busy_error", "refused"]
