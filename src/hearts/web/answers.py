"""The form of every HTTP answer, whatever part of the stack made it.

- :class:`HeadAsGetMiddleware`: a ``HEAD`` request is answered as its ``GET`` would
  be, headers only (RFC 9110 section 9.3.2: a general-purpose server supports HEAD).
  FastAPI's routes answer only the methods they list, so ``HEAD /healthz`` or
  ``HEAD /api/daily`` was refused with 405; load balancers and uptime monitors that
  check with HEAD took the server for down.
- :class:`JsonErrorsMiddleware`: a failure answered in plain text by a part of the
  stack that does not use the app's exception handlers (Starlette's file responses
  answer a bad ``Range`` header with ``400 text/plain`` and an unsatisfiable one with
  an empty ``416``) is rewritten as the JSON error object
  ``{"error": {"code", "message"}}``, keeping its status and other headers.

Both are plain ASGI.  Starlette offers neither (its ``Route`` adds HEAD to GET, but
FastAPI's ``APIRoute`` does not; listing HEAD on every API route would duplicate each
operation in the OpenAPI schema), hence these few lines.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .limits import error_body, shorten

PLAIN_ERROR_CODES = {400: "bad_request", 416: "range_not_satisfiable"}
"""The JSON ``code`` given to a plain-text failure of each status (else ``http_error``)."""

NO_SOCKET = ("There is no WebSocket at this address (a table's is "
             "/api/tables/{id}/ws).")
"""The message of a WebSocket handshake to a path that has none."""

PLAIN_ERROR_MESSAGES = {
    400: "The request cannot be read.",
    416: "The requested range lies outside the file.",
}
"""The sentence given to a plain-text failure whose body says nothing."""


class HeadAsGetMiddleware:
    """Serve ``HEAD`` as ``GET`` without the body (the headers, ``Content-Length``
    included, are GET's).  The server's own copy of the request keeps its method, so
    uvicorn too sends no body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "HEAD":
            await self.app(scope, receive, send)
            return

        async def send_headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {"type": "http.response.body", "body": b"",
                           "more_body": message.get("more_body", False)}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, send_headers_only)


class JsonErrorsMiddleware:
    """Rewrite an answer of status 400 or more whose body is plain text (or empty with
    no content type) as the JSON error object, ``code`` from :data:`PLAIN_ERROR_CODES`,
    ``message`` the text (cut to the usual length) or :data:`PLAIN_ERROR_MESSAGES`.
    A WebSocket closed before it was accepted (:func:`_json_handshake_refusal`) is
    refused with the JSON error object too."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self.app(scope, receive, _json_handshake_refusal(scope, send))
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        body = b""
        sent = False  # the JSON answer is out: the rest of the plain body is dropped

        async def rewrite(message: Message) -> None:
            nonlocal start, body, sent
            if sent:
                return
            if message["type"] == "http.response.start" and message["status"] >= 400:
                kind = dict(message.get("headers", [])).get(b"content-type", b"")
                if kind == b"" or kind.startswith(b"text/plain"):
                    start = message  # held until the body is whole
                    return
            if start is None or message["type"] != "http.response.body":
                await send(message)
                return
            body += message.get("body", b"")
            if message.get("more_body", False) and len(body) < 4096:
                return
            status: int = start["status"]
            text = body.decode("utf-8", "replace").strip()
            if text and not text.endswith((".", "!", "?")):
                text += "."
            out = error_body(PLAIN_ERROR_CODES.get(status, "http_error"),
                             shorten(text) if text else
                             PLAIN_ERROR_MESSAGES.get(status, "The request failed."))
            headers = [(k, v) for k, v in start.get("headers", [])
                       if k.lower() not in (b"content-type", b"content-length")]
            headers += [(b"content-type", b"application/json"),
                        (b"content-length", str(len(out)).encode())]
            start = None
            sent = True
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": out})

        await self.app(scope, receive, rewrite)


def _json_handshake_refusal(scope: Scope, send: Send) -> Send:
    """``send`` for a WebSocket, with a close sent before the socket was accepted (the
    router found no WebSocket route: close code 1000; FastAPI refused its parameters:
    1008) turned into an HTTP answer with the JSON error object: 404 ``not_found`` or
    400 ``bad_request``.  uvicorn would answer such a close with ``403`` and an empty
    body.  Needs the ASGI ``websocket.http.response`` extension (uvicorn offers it);
    without it the close goes out as it is."""
    if "websocket.http.response" not in (scope.get("extensions") or {}):
        return send
    open_ = False

    async def refuse_in_json(message: Message) -> None:
        nonlocal open_
        kind = message["type"]
        if kind in ("websocket.accept", "websocket.http.response.start"):
            open_ = True
        elif kind == "websocket.close" and not open_:
            open_ = True
            missing = message.get("code", 1000) == 1000
            status, code = (404, "not_found") if missing else (400, "bad_request")
            text = NO_SOCKET if missing else \
                "The WebSocket request was refused: " + (str(message.get("reason") or "")
                                                          or "its parameters are not valid.")
            body = error_body(code, shorten(text))
            await send({"type": "websocket.http.response.start", "status": status,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(body)).encode())]})
            await send({"type": "websocket.http.response.body", "body": body})
            return
        await send(message)

    return refuse_in_json
