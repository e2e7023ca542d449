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
- :func:`excerpt`: the short quotation of client input an error message may hold.

The middlewares are plain ASGI (no body buffering): they sit outside FastAPI's
routing, so an oversized body never reaches JSON decoding.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

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


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``repr`` of ``value`` cut to about ``limit`` characters (``'abc…' (5000 chars)``),
    for quoting client input in an error message."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) <= limit:
        return repr(text) if isinstance(value, str) else text
    cut = text[:limit]
    return (repr(cut)[:-1] + "…'" if isinstance(value, str) else cut + "…") + \
        f" ({len(text)} chars)"


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
    request, if any, is not read)."""
    body = error_body(code, message)
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"), *(headers or [])]})
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


class SecurityHeadersMiddleware:
    """Add :data:`SECURITY_HEADERS` to every answer and ``Cache-Control: no-store``
    to every answer under ``/api``.  Paths in ``relaxed`` (the API docs page, when
    enabled) get no Content-Security-Policy, as it loads its scripts from a CDN."""

    def __init__(self, app: ASGIApp, relaxed: tuple[str, ...] = ()) -> None:
        self.app = app
        self.relaxed = relaxed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        api = path.startswith("/api/") or path == "/api"
        relaxed = path in self.relaxed

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
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


__all__ = ["BODY_TIMEOUT", "BodyLimitMiddleware", "CSP", "EXCERPT_CHARS", "MAX_BODY_BYTES",
           "MAX_MESSAGE_CHARS", "RateLimiter", "SECURITY_HEADERS", "SecurityHeadersMiddleware",
           "error_body", "excerpt", "send_error", "shorten"]
