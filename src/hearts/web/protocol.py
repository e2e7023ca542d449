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

Connections per client address: :data:`CONNECTIONS` counts the open TCP
connections of each peer address (an IPv6 peer by its /64 network), from the moment a
connection is accepted, before any byte of a request has arrived; past
``$HEARTS_CONNECTIONS_PER_CLIENT`` (:data:`CONNECTIONS_PER_CLIENT`) a new connection
from that address is answered 429 ``too_many_connections`` at once and closed, and
every other address is served as before.  A connection that becomes a WebSocket stays
counted until it closes (:class:`CountedWebSocketProtocol`).  Peers in uvicorn's
``forwarded_allow_ips`` (trusted reverse proxies, which carry many clients on their
connections) are not counted here; their clients are counted once their request's
headers have named them (:class:`hearts.web.limits.ClientCapMiddleware`).

``hearts serve`` uses them (``http=`` and ``ws=`` of ``uvicorn.run``); the timeout and
the cap come from ``$HEARTS_REQUEST_TIMEOUT`` and ``$HEARTS_CONNECTIONS_PER_CLIENT`` so
that worker processes see them too.  In front of a reverse proxy (docs/web-server.md)
the proxy's own timeouts and connection limits do this job as well.
"""

from __future__ import annotations

import asyncio
import contextlib
import http
import ipaddress
import os
import threading
from collections.abc import Callable
from typing import Any

import h11
from uvicorn.protocols.http import h11_impl
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.utils import get_remote_addr
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from .limits import (
    SECURITY_HEADERS,
    Receive,
    Scope,
    Send,
    client_key,
    error_body,
    send_error,
    shorten,
)

REQUEST_TIMEOUT = 10.0
"""Default seconds for a request to arrive whole."""


CONNECTIONS_PER_CLIENT = 64
"""Default open connections (HTTP and WebSocket) one client address may hold per server
process: a browser opens up to six to a host, plus a socket per table tab, and a
household or an office may share one address."""


def _env_number(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


def connections_per_client() -> int:
    """``$HEARTS_CONNECTIONS_PER_CLIENT``, else :data:`CONNECTIONS_PER_CLIENT` (0: no cap)."""
    return int(_env_number("HEARTS_CONNECTIONS_PER_CLIENT", CONNECTIONS_PER_CLIENT))


class TrustedProxies:
    """Whether an address is one of uvicorn's ``forwarded_allow_ips`` (addresses and
    networks, comma separated, or ``*``), the peers that may name the client."""

    def __init__(self, spec: list[str] | str | None) -> None:
        items = spec if isinstance(spec, list) else (spec or "").split(",")
        items = [i.strip() for i in items if i.strip()]
        self.everyone = "*" in items
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        self.literals: set[str] = set()
        for item in items:
            try:
                self.networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                self.literals.add(item)

    def __contains__(self, host: str) -> bool:
        if self.everyone or host in self.literals:
            return True
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(ip in net for net in self.networks)


class ConnectionCounter:
    """Open connections per client key (thread-safe; one per process: :data:`CONNECTIONS`).

    :meth:`acquire` counts a transport under a key unless the key holds ``cap`` already;
    :meth:`release` (idempotent) uncounts it.  ``on_change`` is called with the total."""

    def __init__(self) -> None:
        self._by_key: dict[str, int] = {}
        self._keys: dict[int, str] = {}
        self._lock = threading.Lock()
        self.refused = 0
        self.on_refuse: Callable[[], None] | None = None

    def acquire(self, transport: object, key: str, cap: int) -> bool:
        """Count ``transport`` under ``key``; ``False`` (nothing counted) when ``key``
        holds ``cap`` connections already (``cap <= 0``: no cap)."""
        with self._lock:
            n = self._by_key.get(key, 0)
            if cap > 0 and n >= cap:
                self.refused += 1
                refused = True
            else:
                self._by_key[key] = n + 1
                self._keys[id(transport)] = key
                refused = False
        if refused and self.on_refuse is not None:
            self.on_refuse()
        return not refused

    def release(self, transport: object) -> None:
        """Uncount ``transport`` (nothing happens when it is not counted)."""
        with self._lock:
            key = self._keys.pop(id(transport), None)
            if key is None:
                return
            n = self._by_key[key] - 1
            if n:
                self._by_key[key] = n
            else:
                del self._by_key[key]

    def count(self, key: str | None = None) -> int:
        """Open counted connections of ``key`` (all keys when ``None``)."""
        with self._lock:
            return len(self._keys) if key is None else self._by_key.get(key, 0)


CONNECTIONS = ConnectionCounter()
"""This process's count of open connections per client address (peers that are not
trusted proxies)."""

_trusted_cache: dict[str, TrustedProxies] = {}


def _trusted(config: Any) -> TrustedProxies | None:
    if not getattr(config, "proxy_headers", False):
        return None
    spec = getattr(config, "forwarded_allow_ips", None)
    cache_key = repr(spec)
    found = _trusted_cache.get(cache_key)
    if found is None:
        found = _trusted_cache[cache_key] = TrustedProxies(spec)
    return found


def _refusal() -> bytes:
    body = error_body("too_many_connections", "Too many open connections from your address; "
                      "close some and try again.")
    headers = b"".join(name + b": " + value + b"\r\n" for name, value in SECURITY_HEADERS)
    return (b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n"
            b"content-length: " + str(len(body)).encode() + b"\r\nconnection: close\r\n"
            b"retry-after: 5\r\ncache-control: no-store\r\n" + headers + b"\r\n" + body)


def request_timeout() -> float:
    """``$HEARTS_REQUEST_TIMEOUT`` as seconds, else :data:`REQUEST_TIMEOUT`."""
    return _env_number("HEARTS_REQUEST_TIMEOUT", REQUEST_TIMEOUT)


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
        self._cap = connections_per_client()

    def _arm(self) -> None:
        self._disarm()
        if self._request_timeout > 0:
            self._read_deadline = self.loop.call_later(self._request_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._read_deadline is not None:
            self._read_deadline.cancel()
            self._read_deadline = None

    def _too_slow(self) -> None:
        """The deadline passed: close the connection; a request whose headers came but
        whose body did not is answered first, 408 ``body_timeout`` (the app's own body
        clock, which starts at its first read, would never fire before this one)."""
        self._read_deadline = None
        if self.transport.is_closing():
            return
        if self.conn.their_state == h11.SEND_BODY:
            self._answer_and_close(408, b"Request Timeout", "body_timeout",
                                   f"The request body did not arrive within "
                                   f"{self._request_timeout:g} s.")
        else:
            self.transport.close()

    def _answer_and_close(self, status: int, reason: bytes, code: str, message: str) -> None:
        """Answer with the JSON error object and the security headers (when h11 can still
        answer), then close the connection."""
        body = error_body(code, message)
        headers = [(b"content-type", b"application/json"),
                   (b"content-length", str(len(body)).encode()), (b"connection", b"close"),
                   (b"cache-control", b"no-store"), *SECURITY_HEADERS]
        try:
            for event in (h11.Response(status_code=status, headers=headers, reason=reason),
                          h11.Data(data=body), h11.EndOfMessage()):
                self.transport.write(self.conn.send(event))
        except h11.LocalProtocolError:  # h11 cannot answer in this state: just close
            pass
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        peer = get_remote_addr(transport)
        host = peer[0] if peer else ""
        trusted = _trusted(self.config)
        if trusted is not None and host in trusted:  # a proxy: counted, never capped
            CONNECTIONS.acquire(transport, "proxy " + host, 0)
        elif not CONNECTIONS.acquire(transport, client_key(host), self._cap):
            transport.write(_refusal())  # at once: nothing of the request is read
            transport.close()
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        CONNECTIONS.release(self.transport)
        super().connection_lost(exc)

    def _reading(self) -> bool:
        """Whether a request is awaited or arriving (the client's side of h11 is IDLE
        or SEND_BODY) rather than in, or the connection ending."""
        return self.conn.their_state in (h11.IDLE, h11.SEND_BODY)

    def handle_events(self) -> None:
        super().handle_events()
        if not self._reading():
            self._disarm()  # the request is whole (or the connection ends): clock off

    def send_400_response(self, msg: str) -> None:
        """A request h11 cannot read (a bad ``Content-Length``, broken headers): 400 with
        the JSON error object ``bad_request`` and the security headers, like every other
        failure, instead of uvicorn's plain-text line; then the connection is closed."""
        self._answer_and_close(400, b"Bad Request", "bad_request", "The request is not valid "
                               "HTTP/1.1 (its request line or headers could not be read).")

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """The connection becomes a WebSocket (shared tables): the request is whole, and
        the socket now belongs to the WebSocket protocol, which keeps its own pings, so
        the read deadline must not close it.  A WebSocket protocol other than
        :class:`CountedWebSocketProtocol` would never uncount the connection: it is
        uncounted now (the request-level cap still counts the socket)."""
        self._disarm()
        ws_class = self.ws_protocol_class
        if not (isinstance(ws_class, type) and issubclass(ws_class, CountedWebSocketProtocol)):
            CONNECTIONS.release(self.transport)
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        self._disarm()
        super().on_response_complete()
        if not self.transport.is_closing() and self._reading():
            self._arm()  # the next request on this connection gets its own deadline


HANDSHAKE_CODES = {400: "bad_request", 414: "uri_too_long", 431: "headers_too_large"}
"""The JSON ``code`` of a WebSocket handshake the parser refuses, by its status."""


class CountedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (the ``websockets`` sans-I/O one, uvicorn's default
    since 0.50, hence ``uvicorn>=0.50``) that uncounts its connection in
    :data:`CONNECTIONS` when it closes (the connection was counted when it was accepted
    as HTTP, before the upgrade)."""

    def connection_lost(self, exc: Exception | None) -> None:
        CONNECTIONS.release(self.transport)
        super().connection_lost(exc)

    def handle_handshake_exception(self) -> None:
        """A handshake the ``websockets`` parser cannot take (a request past its limits:
        414/431; a malformed one: 400): answered by :func:`json_refusal`, where uvicorn
        and ``websockets`` write ``text/plain``."""
        self.handshake_complete = True
        self.close_sent = True
        queued = b"".join(self.conn.data_to_send())   # the parser's own answer, if any
        status, text = 400, ""
        if queued:
            head, _, plain = queued.partition(b"\r\n\r\n")
            with contextlib.suppress(ValueError, IndexError):
                status = int(head.split(b" ", 2)[1])
            text = plain.decode("utf-8", "replace")
        self.transport.write(json_refusal(status, text).serialize())
        self.transport.close()

    def handle_connect(self, event: Request) -> None:
        """As uvicorn's, but a handshake ``websockets`` refuses (a bad
        ``Sec-WebSocket-Key``, version or ``Upgrade`` header) is answered by
        :func:`json_refusal` instead of in ``text/plain``."""
        accept = self.conn.accept

        def accept_or_refuse_in_json(request: Request) -> Response:
            response = accept(request)
            if response.status_code == 101:
                return response
            return json_refusal(response.status_code,
                                bytes(response.body).decode("utf-8", "replace"))

        self.conn.accept = accept_or_refuse_in_json  # type: ignore[method-assign]
        try:
            super().handle_connect(event)
        finally:
            del self.conn.accept  # (the instance attribute; the method is back)


def json_refusal(status: int, text: str) -> Response:
    """A refused WebSocket handshake's HTTP answer: ``status``, the JSON error object
    (``code`` from :data:`HANDSHAKE_CODES`, the parser's sentence ``text`` in the
    message), the security headers and ``Cache-Control: no-store``."""
    text = text.strip().removeprefix("Failed to open a WebSocket connection: ").rstrip(".")
    body = error_body(HANDSHAKE_CODES.get(status, "bad_request"),
                      shorten(f"This WebSocket handshake cannot be taken: {text}." if text
                              else "This WebSocket handshake cannot be taken."))
    headers = Headers([("Content-Type", "application/json"),
                       ("Content-Length", str(len(body))), ("Connection", "close"),
                       ("Cache-Control", "no-store"),
                       *((k.decode(), v.decode()) for k, v in SECURITY_HEADERS)])
    try:
        phrase = http.HTTPStatus(status).phrase
    except ValueError:
        phrase = "Error"
    return Response(status, phrase, headers, body)


__all__ = ["CONNECTIONS", "CONNECTIONS_PER_CLIENT", "ConnectionCounter",
           "CountedWebSocketProtocol", "HANDSHAKE_CODES", "REQUEST_TIMEOUT", "TimedH11Protocol",
           "TrustedProxies", "json_refusal",
           "connections_per_client", "overloaded", "request_timeout"]
