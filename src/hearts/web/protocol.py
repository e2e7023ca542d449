"""uvicorn's h11 protocol with a deadline for reading each request.

uvicorn times out idle keep-alive connections (``timeout_keep_alive``), but it
sets no clock on a request that is half sent: a client that opens a connection
and sends part of the headers, a byte now and then, holds it for ever (and
thousands of such clients hold thousands of sockets).  :class:`TimedH11Protocol`
gives every request ``REQUEST_TIMEOUT`` seconds, counted from the moment the
connection is ready for it (opened, or the previous answer sent), to arrive
whole, headers and body; past that the connection is closed.  Requests that
arrive in time are served exactly as by uvicorn's own class.

Past ``limit_concurrency`` uvicorn answers 503 with a plain-text body of its own;
importing this module makes that answer the JSON error object
(``{"error": {"code": "overloaded", ...}}``) like every other failure, by
replacing the ASGI app uvicorn's h11 module uses for it.

``hearts serve`` uses it (``http=`` of ``uvicorn.run``); the timeout comes from
``$HEARTS_REQUEST_TIMEOUT`` (seconds) so that worker processes see it too.  In
front of a reverse proxy (docs/web-server.md) the proxy's own timeouts do this
job as well.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import h11
from uvicorn.protocols.http import h11_impl
from uvicorn.protocols.http.h11_impl import H11Protocol

from .limits import Receive, Scope, Send, send_error

REQUEST_TIMEOUT = 10.0
"""Default seconds for a request to arrive whole."""


def request_timeout() -> float:
    """``$HEARTS_REQUEST_TIMEOUT`` as seconds, else :data:`REQUEST_TIMEOUT`."""
    try:
        return float(os.environ.get("HEARTS_REQUEST_TIMEOUT", REQUEST_TIMEOUT))
    except ValueError:
        return REQUEST_TIMEOUT


async def overloaded(_scope: Scope, _receive: Receive, send: Send) -> None:
    """The ASGI app for a request past ``limit_concurrency``: 503 with the JSON error
    object (and ``Connection: close``)."""
    await send_error(send, 503, "overloaded", "The server has too many connections open; "
                     "try again in a moment.", [(b"retry-after", b"2"),
                                                (b"cache-control", b"no-store")])


h11_impl.service_unavailable = overloaded  # type: ignore[assignment]


class TimedH11Protocol(H11Protocol):
    """:class:`uvicorn.protocols.http.h11_impl.H11Protocol` plus a per-request read
    deadline (see the module text)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._request_timeout = request_timeout()
        self._read_deadline: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        self._disarm()
        if self._request_timeout > 0:
            self._read_deadline = self.loop.call_later(self._request_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._read_deadline is not None:
            self._read_deadline.cancel()
            self._read_deadline = None

    def _too_slow(self) -> None:
        self._read_deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _reading(self) -> bool:
        """Whether a request is awaited or arriving (the client's side of h11 is IDLE
        or SEND_BODY) rather than in, or the connection ending."""
        return self.conn.their_state in (h11.IDLE, h11.SEND_BODY)

    def handle_events(self) -> None:
        super().handle_events()
        if not self._reading():
            self._disarm()  # the request is whole (or the connection ends): clock off

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """The connection becomes a WebSocket (shared tables): the request is whole, and
        the socket now belongs to the WebSocket protocol, which keeps its own pings, so
        the read deadline must not close it."""
        self._disarm()
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        self._disarm()
        super().on_response_complete()
        if not self.transport.is_closing() and self._reading():
            self._arm()  # the next request on this connection gets its own deadline


__all__ = ["REQUEST_TIMEOUT", "TimedH11Protocol", "overloaded", "request_timeout"]
