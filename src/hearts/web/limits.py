"""What one client may cost the web server, and the headers every answer carries.

- :class:`BodyLimitMiddleware`: a request body over ``max_bytes`` is refused with
  413 and the JSON error object before any of it is parsed (by its
  ``Content-Length`` at once, or while it streams in when it has none); reading a
  body that stalls for ``body_timeout`` seconds ends in 408.
- :class:`SecurityHeadersMiddleware`: Content-Security-Policy (scripts, styles,
  images, fonts and connections only from this origin; no framing), X-Frame-Options,
  X-Content-Type-Options, Referrer-Policy on every answer, and
  ``Cache-Control: no-store`` on every ``/api`` answer (errors included).
- :class:`RateLimiter`: a token bucket per client (games created per minute).
- :class:`ClientCapMiddleware`: HTTP requests in progress plus open WebSockets per
  client address, the address a trusted reverse proxy names included (429
  ``too_many_connections`` past the cap); the connections themselves are counted
  per peer address before their headers arrive (``protocol.py``).
- :class:`MissLimitMiddleware`: answers that say an id or a token is wrong (403, 404
  with a code of :data:`MISS_CODES` on a game's or a table's routes, WebSocket closes
  4403 and 4404) spend a token of
  the client's bucket; with the bucket empty such routes answer 429 ``rate_limited``
  before looking anything up.
- :func:`excerpt`: the short quotation of client input an error message may hold.

The middlewares are plain ASGI (no body buffering): they sit outside FastAPI's
routing, so an oversized body never reaches JSON decoding.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from .. import errors

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY_BYTES = 32 * 1024
"""Largest request body accepted (bytes).  The biggest real body, a new game with
every option set, is under 1 KB."""

BODY_TIMEOUT = 10.0
"""Seconds a request body may take to arrive (from the first read) before 408."""

EXCERPT_CHARS = 40
"""At most this many characters of client input are quoted in an error message."""

MAX_MESSAGE_CHARS = 300
"""An error message is cut to this length (after quoting excerpts), as a backstop."""

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
"""The page's Content-Security-Policy.  Inline styles are allowed because the page
sets ``style`` attributes on cards it positions; scripts only from this origin."""

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
"""Headers added to every answer (an answer that already has one keeps its own)."""


def client_key(host: str) -> str:
    """The key one client's limits are counted under: its IPv4 address, or the /64
    network of its IPv6 address (one subscriber gets a whole /64); anything else as
    given."""
    if ":" in host:
        try:
            return str(ipaddress.IPv6Network((host, 64), strict=False))
        except ValueError:
            return host
    return host


def scope_client(scope: Scope) -> str:
    """The client key (:func:`client_key`) of an ASGI scope: its ``client`` address,
    which uvicorn's proxy-headers middleware has set from ``X-Forwarded-For`` when the
    peer is a trusted proxy."""
    client = scope.get("client")
    return client_key(str(client[0])) if client else "unknown"


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``repr`` of ``value`` cut to about ``limit`` characters (``'abc…' (5000 characters)``),
    for quoting client input in an error message: :func:`hearts.errors.excerpt`, the
    engine's own form."""
    return errors.excerpt(value, limit)


def shorten(message: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """``message`` cut to ``limit`` characters (ending in ``…``) when longer."""
    return message if len(message) <= limit else message[: limit - 1] + "…"


def error_body(code: str, message: str, **extra: Any) -> bytes:
    """The JSON error object ``{"error": {"code", "message", ...}}`` as bytes."""
    return json.dumps({"error": {"code": code, "message": message, **extra}},
                      separators=(",", ":")).encode()


async def send_error(send: Send, status: int, code: str, message: str,
                     headers: list[tuple[bytes, bytes]] | None = None) -> None:
    """Answer with the JSON error object (``Connection: close``: the rest of the
    request, if any, is not read) and :data:`SECURITY_HEADERS` (``headers`` may give
    others, and its own value of any of those)."""
    body = error_body(code, message)
    given = list(headers or [])
    names = {name.lower() for name, _ in given}
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"), *given,
        # also where no middleware runs (uvicorn's 503 past limit_concurrency)
        *((n, v) for n, v in SECURITY_HEADERS if n not in names)]})
    await send({"type": "http.response.body", "body": body})


class BodyLimitMiddleware:
    """Refuse request bodies over ``max_bytes`` with 413 ``body_too_large`` before
    the app reads them, and bodies slower than ``body_timeout`` seconds with 408
    ``body_timeout``."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES,
                 body_timeout: float = BODY_TIMEOUT) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.body_timeout = body_timeout

    def _too_large(self) -> str:
        return f"The request body is larger than {self.max_bytes} bytes."

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = -1
                if declared > self.max_bytes or declared < 0:
                    await send_error(send, 413 if declared > 0 else 400,
                                     "body_too_large" if declared > 0 else "bad_request",
                                     self._too_large() if declared > 0
                                     else "The Content-Length header is not a number.")
                    return
        seen = 0
        deadline: float | None = None
        started = False
        refused = False

        async def refuse(status: int, code: str, message: str) -> Message:
            # Answer now and tell the app the client has gone: it stops reading, and
            # whatever it tries to send afterwards is dropped by watched_send.
            nonlocal refused
            if not started and not refused:
                await send_error(send, status, code, message)
            refused = True
            return {"type": "http.disconnect"}

        async def limited_receive() -> Message:
            nonlocal seen, deadline
            if refused:
                return {"type": "http.disconnect"}
            if deadline == float("inf"):  # the body is complete: later reads wait freely
                return await receive()
            loop = asyncio.get_running_loop()
            if deadline is None:
                deadline = loop.time() + self.body_timeout
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                return await refuse(408, "body_timeout", f"The request body did not arrive "
                                    f"within {self.body_timeout:g} seconds.")
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    return await refuse(413, "body_too_large", self._too_large())
                if not message.get("more_body", False):
                    deadline = float("inf")
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if refused:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        await self.app(scope, limited_receive, watched_send)


def is_api_path(path: str) -> bool:
    """Whether a request path belongs to the JSON API (``/api`` and below it)."""
    return path == "/api" or path.startswith("/api/")


class SecurityHeadersMiddleware:
    """Add :data:`SECURITY_HEADERS` to every answer (a WebSocket handshake refused in
    HTTP included) and ``Cache-Control: no-store`` to every answer under ``/api``.
    Paths in ``relaxed`` (the API docs page, when enabled) get no
    Content-Security-Policy, as it loads its scripts from a CDN."""

    def __init__(self, app: ASGIApp, relaxed: tuple[str, ...] = ()) -> None:
        self.app = app
        self.relaxed = relaxed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        api = is_api_path(path)
        relaxed = path in self.relaxed
        # a WebSocket refused at its handshake is answered in HTTP (the ASGI
        # ``websocket.http.response`` extension): it gets the headers too
        start = "http.response.start" if scope["type"] == "http" else \
            "websocket.http.response.start"

        async def send_with_headers(message: Message) -> None:
            if message["type"] == start:
                headers = list(message.get("headers", []))
                have = {k.lower() for k, _ in headers}
                for name, value in SECURITY_HEADERS:
                    if name not in have and not (relaxed and name == b"content-security-policy"):
                        headers.append((name, value))
                if api:
                    headers = [(k, v) for k, v in headers if k.lower() != b"cache-control"]
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


class RateLimiter:
    """A token bucket per key (a client's address): ``rate`` tokens a minute, at most
    ``burst`` saved up.  :meth:`take` spends one token or says how long to wait.
    Remembers at most ``max_keys`` keys (least recently seen dropped).  ``rate <= 0``
    turns the limit off.  Thread-safe."""

    def __init__(self, rate: float, burst: float | None = None, max_keys: int = 100_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst if burst is not None else max(rate, 1.0)
        self.max_keys = max_keys
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def peek(self, key: str) -> float:
        """Seconds until ``key`` has a token (0.0: it has one now); nothing is spent."""
        if self.rate <= 0:
            return 0.0
        per_s = self.rate / 60.0
        now = self.clock()
        with self._lock:
            tokens, last = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * per_s)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / per_s

    def take(self, key: str) -> float:
        """Spend a token of ``key``: returns 0.0 when allowed, else the seconds until
        a token is there (nothing spent)."""
        if self.rate <= 0:
            return 0.0
        per_s = self.rate / 60.0
        now = self.clock()
        with self._lock:
            tokens, last = self._buckets.pop(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - last) * per_s)
            wait = 0.0
            if tokens >= 1.0:
                tokens -= 1.0
            else:
                wait = (1.0 - tokens) / per_s
            self._buckets[key] = (tokens, now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
            return wait


Refuse = Callable[[str], None]
"""Told the reason of each refusal (a metrics counter)."""


async def _ws_refuse(scope: Scope, receive: Receive, send: Send, code: str, message: str,
                     retry_after: str) -> None:
    """Refuse a WebSocket at its handshake: 429 with the JSON error object when the
    server offers the ASGI ``websocket.http.response`` extension (uvicorn does), else a
    close before accepting (the handshake gets 403)."""
    event = await receive()
    if event["type"] != "websocket.connect":
        return
    if "websocket.http.response" in (scope.get("extensions") or {}):
        body = error_body(code, message)
        await send({"type": "websocket.http.response.start", "status": 429, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"retry-after", retry_after.encode()), (b"cache-control", b"no-store"),
            *SECURITY_HEADERS]})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 4429, "reason": code})


class ClientCapMiddleware:
    """At most ``cap`` HTTP requests in progress plus open WebSockets per client
    (:func:`scope_client`: the address a trusted proxy names, else the peer).  Past it:
    429 ``too_many_connections`` (HTTP), or the WebSocket handshake refused.  For a
    client connected directly this never binds before the per-connection cap of
    ``protocol.py`` does; it is the cap of clients behind a trusted reverse proxy."""

    def __init__(self, app: ASGIApp, cap: int, on_refuse: Refuse | None = None) -> None:
        self.app = app
        self.cap = cap
        self.on_refuse = on_refuse
        self._open: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self.cap <= 0:
            await self.app(scope, receive, send)
            return
        key = scope_client(scope)
        n = self._open.get(key, 0)
        if n >= self.cap:
            if self.on_refuse is not None:
                self.on_refuse("too_many_connections")
            message = ("Too many requests in progress and sockets open from your address; "
                       "try again in a moment.")
            if scope["type"] == "http":
                await send_error(send, 429, "too_many_connections", message,
                                 [(b"retry-after", b"5")])
            else:
                await _ws_refuse(scope, receive, send, "too_many_connections", message, "5")
            return
        self._open[key] = n + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self._open[key] - 1
            if left:
                self._open[key] = left
            else:
                del self._open[key]


_ID_ROUTE = re.compile(r"^/api/((games|tables|reviews)/[^/]+(/.*)?|daily/result)$")
"""Routes that name a game, a table or a review job by its id (and may take a token):
in the path, or in the body (``POST /api/daily/result`` names its game there)."""

MISSES_PER_MINUTE = 30.0
"""Default wrong ids or tokens one client address may send a minute (bursts of twice as
many)."""


MISS_CODES = frozenset({"unknown_game", "unknown_table", "unknown_review",
                        "unknown_next_table", "bad_token"})
"""The error codes of a 403 or 404 that say an id or a token is wrong (a guess).  Others
(a hand or card index the game does not have, a seat that is not the asker's, a route
that does not exist) are mistakes, not guesses, and spend nothing."""


def _is_miss(body: bytes) -> bool:
    """Whether a 403/404 body names one of :data:`MISS_CODES` (a body that is not the
    JSON error object counts as a miss)."""
    try:
        code = json.loads(body)["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return True
    return code in MISS_CODES


class MissLimitMiddleware:
    """Slow down guessing of ids and tokens: each answer that says an id or token is
    wrong (403 or 404 with a code of :data:`MISS_CODES` on a route under
    ``/api/games/{id}``, ``/api/tables/{id}`` or ``/api/reviews/{id}``, or on
    ``POST /api/daily/result``, a WebSocket closed with 4403 or 4404) spends a token of
    the client's bucket (``limiter``); while the bucket is empty, such routes answer 429 ``rate_limited``
    with ``Retry-After`` (a WebSocket is refused at its handshake) before anything is
    looked up."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter, on_refuse: Refuse | None = None
                 ) -> None:
        self.app = app
        self.limiter = limiter
        self.on_refuse = on_refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self.limiter.rate <= 0 \
                or not _ID_ROUTE.match(scope.get("path", "")):
            await self.app(scope, receive, send)
            return
        key = scope_client(scope)
        wait = self.limiter.peek(key)
        if wait > 0:
            if self.on_refuse is not None:
                self.on_refuse("wrong_ids")
            message = f"Too many wrong ids or tokens from your address; try again in " \
                      f"{max(1, round(wait))} s."
            retry = str(max(1, round(wait)))
            if scope["type"] == "http":
                await send_error(send, 429, "rate_limited", message,
                                 [(b"retry-after", retry.encode())])
            else:
                await _ws_refuse(scope, receive, send, "rate_limited", message, retry)
            return

        held: Message | None = None   # a 403/404's start, until its body names the code

        async def watch(message: Message) -> None:
            nonlocal held
            kind = message["type"]
            if kind == "http.response.start" and message.get("status") in (403, 404):
                held = message
                return
            if held is not None and kind == "http.response.body":
                start, held = held, None
                if message.get("more_body", False) or _is_miss(message.get("body", b"")):
                    self.limiter.take(key)
                await send(start)
            elif kind == "websocket.close" and message.get("code") in (4403, 4404):
                self.limiter.take(key)
            await send(message)

        await self.app(scope, receive, watch)


__all__ = ["BODY_TIMEOUT", "BodyLimitMiddleware", "CSP", "ClientCapMiddleware",
           "EXCERPT_CHARS", "MAX_BODY_BYTES", "MAX_MESSAGE_CHARS", "MISSES_PER_MINUTE", "MISS_CODES",
           "MissLimitMiddleware", "RateLimiter", "SECURITY_HEADERS",
           "SecurityHeadersMiddleware", "client_key", "error_body", "excerpt", "scope_client",
           "send_error", "shorten"]
