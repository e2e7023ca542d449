"""The FastAPI application of the web game: the JSON API, the page and its files.

``create_app(db_url)`` builds an app over a :class:`~hearts.web.storage.GameStore`
(SQLite file ``./hearts.db`` by default, or ``$HEARTS_DB``, or any SQLAlchemy URL
such as ``postgresql+psycopg://user@host:5432/hearts``).  ``hearts serve`` runs it
with uvicorn.

Limits and headers (``limits.py``): request bodies over 32 KB are refused with
413 before parsing; security headers on every answer and ``Cache-Control:
no-store`` on every API answer; games created per client and minute are limited
(429); bots' searches and hints run in worker processes with bounded queues
(``compute.py``); old games expire (``GameStore.expire``, hourly).  A storage
failure answers 503 with the JSON error object; any other failure 500 with it.
The trailing-slash redirect is off (``/api/daily/`` is 404), so no answer ever
names another host, and the interactive API docs are off unless asked for.
:class:`ServerSettings` holds every limit with its default.

Health: ``GET /healthz`` answers 200 while the process serves (liveness); ``GET
/readyz`` 200 when the database answers its health query (and, for an SQLite file,
is still the file opened) and Redis, when configured, answers ``PING``, else 503
``storage_unavailable`` or ``redis_unavailable``.  ``GET /metrics`` (only with
``metrics`` set) gives the Prometheus metrics (``metrics.py``).

Pages: ``GET /`` serves ``static/index.html`` (the page is written separately);
``/rules``, ``/variants``, ``/tips`` and ``/about`` serve the same page, which shows
the matching section; ``/static/...`` serves the page's files and ``/favicon.ico``
the page's icon (an SVG, ``static/favicon.svg``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import json
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import metrics
from .answers import HeadAsGetMiddleware, JsonErrorsMiddleware
from .api import make_router
from .bus import make_bus
from .compute import HINT_WORKERS, MAX_HINTS, MAX_SEARCHES, SearchPool
from .hub import TableHub
from .limits import (
    BODY_TIMEOUT,
    MAX_BODY_BYTES,
    MISSES_PER_MINUTE,
    SECURITY_HEADERS,
    BodyLimitMiddleware,
    ClientCapMiddleware,
    MissLimitMiddleware,
    RateLimiter,
    SecurityHeadersMiddleware,
    is_api_path,
    shorten,
)
from .protocol import CONNECTIONS, CONNECTIONS_PER_CLIENT
from .review import make_router as make_review_router
from .service import GameService, WebError, known_levels
from .storage import GameStore, StorageGone
from .table_store import TableStore
from .tables_api import make_tables_router

log = logging.getLogger("hearts.web")

STATIC_DIR = Path(__file__).resolve().parent / "static"
"""The page's folder (``src/hearts/web/static``), served at ``/static``."""

_BODY_PARSE_ERROR = "There was an error parsing the body"
"""The detail of the 400 FastAPI raises when a JSON body cannot be decoded at all."""

HEALTH_EVERY_S = 5.0
"""Seconds between the background health queries of the database (the metric
``hearts_storage_available``; ``/readyz`` runs its own)."""

_PLACEHOLDER = ("<!doctype html><meta charset=utf-8><title>Hearts</title>"
                "<p>The Hearts page is not installed; the API is at <code>/api</code>.</p>")


@dataclass(frozen=True)
class ServerSettings:
    """The server's limits, with their defaults (``hearts serve`` options of the same
    names; docs/web-server.md).

    ``max_body_bytes``: largest request body (413 past it); ``body_timeout``: seconds a
    body may take to arrive (408); ``games_per_minute``: games one client address may
    create (or restart) a minute, as a token bucket holding three times as many (0: no
    limit);
    ``tables_per_minute``: shared tables one client address may create a minute (a
    bucket of three times as many; 0: no limit);
    ``search_workers``: processes for bots' searches (``None``: CPUs − 1, 1 to 4; 0: in
    the request's thread); ``max_hints``/``max_searches``: hints and bots' searches in
    flight (429 past them); ``expire_unfinished_days``: delete unfinished games not
    moved for this many days; ``expire_finished_days``: delete finished games this many
    days after their end (0: keep for ever), shared tables alike (idle ones, and
    finished ones after their end); ``expire_every_s``: seconds between sweeps;
    ``api_docs``: serve the interactive docs at ``/api/docs`` (their page loads
    swagger-ui from a CDN, so it is off by default); ``hint_workers``: processes for
    hints, apart from the bots' (0: hints share them); ``misses_per_minute``: wrong ids
    or tokens one client address may send a minute, in bursts of twice as many (0: no
    limit); ``connections_per_client``: HTTP requests in progress plus WebSockets open
    per client address, the address a trusted proxy names included (0: no cap);
    ``metrics``: serve ``/metrics``.
    """

    max_body_bytes: int = MAX_BODY_BYTES
    body_timeout: float = BODY_TIMEOUT
    games_per_minute: float = 20.0
    tables_per_minute: float = 10.0
    search_workers: int | None = None
    max_hints: int = MAX_HINTS
    max_searches: int = MAX_SEARCHES
    expire_unfinished_days: float = 30.0
    expire_finished_days: float = 7.0
    expire_every_s: float = 3600.0
    api_docs: bool = False
    hint_workers: int = HINT_WORKERS
    misses_per_minute: float = MISSES_PER_MINUTE
    connections_per_client: int = CONNECTIONS_PER_CLIENT
    metrics: bool = False

    def to_env(self) -> str:
        """JSON text for ``$HEARTS_SERVE_SETTINGS`` (how worker processes get them)."""
        return json.dumps(dataclasses.asdict(self))

    @classmethod
    def from_env(cls, text: str | None) -> ServerSettings:
        """Settings from :meth:`to_env` text (defaults when ``None`` or empty)."""
        return cls(**json.loads(text)) if text else cls()


NOT_FOUND_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not found - Hearts</title><link rel="icon" href="/static/favicon.svg"></head>
<body style="font-family: sans-serif; background: #0e5a31; color: #f4f1e8; text-align: center;
padding: 3em 1em"><h1>There is no page here</h1>
<p>The link may be mistyped or cut short.</p>
<p lang="ja">このアドレスにはページがありません。リンクが間違っているか、途中で切れています。</p>
<p><a style="color: #ffd966" href="/">Play Hearts / ハーツで遊ぶ</a> &middot;
<a style="color: #ffd966" href="/t/new">Play with friends / 友だちと遊ぶ</a></p>
</body></html>"""
"""What a browser gets for an unknown page (``GET``, ``Accept: text/html``, outside
``/api/``); every other 404 is the JSON error shape."""


def create_app(db_url: str | None = None, settings: ServerSettings | None = None,
               redis_url: str | None = None) -> FastAPI:
    """Build the web game's app.

    ``db_url``: a SQLAlchemy URL or an SQLite file path; default ``$HEARTS_DB`` or
    ``sqlite:///hearts.db`` (``ValueError`` for an in-memory SQLite database).  The
    tables are created if missing.  ``settings``: the limits (:class:`ServerSettings`).
    Errors from the service become ``{"error": {"code", "message"}}`` bodies with their
    status; malformed bodies get 422 with FastAPI's ``detail`` plus the same ``error``
    object; storage failures 503 ``storage_unavailable``; anything else 500
    ``internal_error``.  ``redis_url`` (or ``$HEARTS_REDIS``): shared tables are served by
    several processes through that Redis server (``docs/tables.md``); without it, by this
    process alone.
    """
    settings = settings or ServerSettings()
    store = GameStore(db_url)
    pool = SearchPool(settings.search_workers, max_hints=settings.max_hints,
                      max_searches=settings.max_searches, hint_workers=settings.hint_workers)
    service = GameService(store, pool=pool)
    known_levels()  # import the bot modules now rather than in the first game's request
    tables = _table_hub(store, redis_url or os.environ.get("HEARTS_REDIS") or None, pool)

    async def expire_loop() -> None:
        while True:
            try:
                n = await run_in_threadpool(store.expire, settings.expire_unfinished_days,
                                            settings.expire_finished_days)
                if n:
                    log.info("expired %d old games", n)
                n = await tables.expire(settings.expire_unfinished_days,
                                        settings.expire_finished_days)
                if n:
                    log.info("expired %d old tables", n)
            except Exception as exc:  # the database may be down for a while: try later
                log.warning("expiring old games failed: %s", shorten(str(exc), 200))
            await asyncio.sleep(settings.expire_every_s)

    async def health_loop() -> None:
        was = True
        while True:
            why = await run_in_threadpool(store.health.probe)
            if (why is None) != was:
                was = why is None
                if why:
                    log.error("the database is unavailable: %s", why)
                else:
                    log.warning("the database is available again")
            await asyncio.sleep(HEALTH_EVERY_S)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        pool.start()
        await tables.start()
        background = [asyncio.create_task(expire_loop()), asyncio.create_task(health_loop())]
        try:
            yield
        finally:
            for task in background:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await tables.close()
            tables.store.close()
            pool.close()
            store.close()

    docs = "/api/docs" if settings.api_docs else None
    app = FastAPI(title="Hearts", version="1", lifespan=lifespan, docs_url=docs,
                  redoc_url=None, openapi_url="/api/openapi.json", redirect_slashes=False)
    app.state.service = service
    app.state.store = store
    app.state.settings = settings
    app.state.create_limit = RateLimiter(settings.games_per_minute,
                                         burst=3 * settings.games_per_minute)
    app.state.table_create_limit = RateLimiter(settings.tables_per_minute,
                                               burst=3 * settings.tables_per_minute)
    app.state.miss_limit = RateLimiter(settings.misses_per_minute,
                                       burst=2 * settings.misses_per_minute)
    # Outermost last: headers go on every answer, the 413 and 429s included; the
    # metrics see every answer.
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes,
                       body_timeout=settings.body_timeout)
    app.add_middleware(MissLimitMiddleware, limiter=app.state.miss_limit,
                       on_refuse=metrics.refused)
    app.add_middleware(ClientCapMiddleware, cap=settings.connections_per_client,
                       on_refuse=metrics.refused)
    app.add_middleware(JsonErrorsMiddleware)  # (inside the headers: they go on its answers too)
    app.add_middleware(SecurityHeadersMiddleware, relaxed=(docs,) if docs else ())
    app.add_middleware(metrics.MetricsMiddleware)
    app.add_middleware(HeadAsGetMiddleware)  # outermost: every part below sees a GET
    app.state.tables = tables
    CONNECTIONS.on_refuse = lambda: metrics.refused("connections_per_address")
    metrics.app_metrics(
        hearts_open_connections=CONNECTIONS.count,
        hearts_open_websockets=lambda: tables.sessions,
        hearts_tables_live=lambda: len(tables._tables),
        hearts_games_live=lambda: len(service._cache),
        hearts_storage_available=lambda: 1 if store.health.available else 0)
    metrics.searches(pool.stats)

    @app.exception_handler(WebError)
    async def _web_error(_request: Request, exc: WebError) -> JSONResponse:
        if exc.status in (429, 503):
            metrics.refused(exc.code)
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(SQLAlchemyError)
    async def _storage_error(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        metrics.refused("storage_unavailable")
        if isinstance(exc, StorageGone):  # said once by the health loop; no trace each time
            log.warning("storage unavailable on %s %s: %s", request.method,
                        request.url.path, exc)
        else:
            log.error("storage failed on %s %s: %s", request.method, request.url.path,
                      shorten(str(exc).splitlines()[0] if str(exc) else type(exc).__name__,
                              300))
        return JSONResponse({"error": {"code": "storage_unavailable", "message":
                                       "The game store cannot be reached right now; nothing "
                                       "was changed. Try again in a moment."}},
                            status_code=503, headers={"Retry-After": "5"})

    @app.exception_handler(Exception)
    async def _internal_error(_request: Request, _exc: Exception) -> JSONResponse:
        # Starlette answers this in its outermost middleware, outside the one that adds
        # the security headers: they are given here
        return JSONResponse({"error": {"code": "internal_error", "message":
                                       "The server failed on this request; it has been "
                                       "logged."}}, status_code=500,
                            headers={"Cache-Control": "no-store", **{
                                k.decode(): v.decode() for k, v in SECURITY_HEADERS}})

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {}
        code = "bad_json" if first.get("type") == "json_invalid" else "bad_request"
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        if code == "bad_json":  # loc: ("body", character offset); ctx: the parser's words
            why = str((first.get("ctx") or {}).get("error") or "it cannot be read")
            message = shorten(f"The body is not valid JSON: {why}" +
                              (f" at character {where}." if where else "."))
        else:
            message = shorten(f"{first.get('msg', 'Invalid request')}" +
                              (f" ({shorten(where, 60)})" if where else ""))
        detail = [{"type": e.get("type"), "msg": shorten(str(e.get("msg", "")), 200),
                   "loc": [shorten(p, 60) if isinstance(p, str) else p for p in e.get("loc", ())]}
                  for e in errors[:10]]
        return JSONResponse({"detail": detail, "error": {"code": code, "message": message}},
                            status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 400 and exc.detail == _BODY_PARSE_ERROR:
            # FastAPI's 400 for a body json.loads cannot take (bad UTF-8, nesting too deep, an
            # integer too long): not valid JSON for us, so the documented 422 bad_json.
            message = "The body is not valid JSON (or not UTF-8, or nested too deeply)."
            return JSONResponse({"detail": [{"type": "json_invalid", "loc": ["body"],
                                             "msg": message}],
                                 "error": {"code": "bad_json", "message": message}},
                                status_code=422)
        if exc.status_code == 404 and request.method in ("GET", "HEAD") \
                and not is_api_path(request.url.path) \
                and "text/html" in request.headers.get("accept", ""):
            # a person following a bad link in a browser: a page with a way on, not JSON
            # (HEAD answers with GET's headers)
            return HTMLResponse(NOT_FOUND_PAGE, status_code=404)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return JSONResponse({"error": {"code": code, "message": shorten(str(exc.detail))}},
                            status_code=exc.status_code, headers=getattr(exc, "headers", None))

    async def healthz() -> Response:
        return JSONResponse({"status": "ok"}, headers={"Cache-Control": "no-store"})

    async def readyz() -> Response:
        checks: dict[str, str] = {}
        why = await run_in_threadpool(store.health.probe)
        checks["database"] = why or "ok"
        if tables.bus.shared:
            try:
                await asyncio.wait_for(tables.bus.ping(), 2.0)
                checks["redis"] = "ok"
            except Exception as exc:
                checks["redis"] = f"unreachable ({type(exc).__name__})"
        if all(v == "ok" for v in checks.values()):
            return JSONResponse({"status": "ready", "checks": checks},
                                headers={"Cache-Control": "no-store"})
        code = "storage_unavailable" if why else "redis_unavailable"
        return JSONResponse({"error": {"code": code, "message": "Not ready: " + "; ".join(
            f"{k}: {v}" for k, v in checks.items() if v != "ok") + "."}, "checks": checks},
            status_code=503, headers={"Cache-Control": "no-store", "Retry-After": "5"})

    app.add_api_route("/healthz", healthz, methods=["GET"], include_in_schema=False)
    app.add_api_route("/readyz", readyz, methods=["GET"], include_in_schema=False)
    if settings.metrics:
        async def metrics_page() -> Response:
            body, kind = metrics.exposition()
            return Response(body, media_type=kind, headers={"Cache-Control": "no-store"})

        app.add_api_route("/metrics", metrics_page, methods=["GET"], include_in_schema=False)

    app.include_router(make_router())
    app.include_router(make_review_router())
    app.include_router(make_tables_router(STATIC_DIR))

    def _page() -> Response:
        index = STATIC_DIR / "index.html"
        if index.is_file():
            return FileResponse(index, media_type="text/html")
        return HTMLResponse(_PLACEHOLDER)

    for path in ("/", "/rules", "/variants", "/tips", "/about"):
        # HEAD as well as GET: link checkers and uptime monitors ask HEAD first (and were told 405)
        app.add_api_route(path, _page, methods=["GET", "HEAD"], include_in_schema=False)

    def _icon() -> Response:
        icon = STATIC_DIR / "favicon.svg"
        if icon.is_file():
            return FileResponse(icon, media_type="image/svg+xml")
        return Response(status_code=404)

    app.add_api_route("/favicon.ico", _icon, methods=["GET", "HEAD"], include_in_schema=False)

    app.mount("/static", StaticFiles(directory=STATIC_DIR, check_dir=False), name="static")
    return app


def _table_hub(store: GameStore, redis_url: str | None, pool: SearchPool) -> TableHub:
    """The shared tables' hub over the game database (and Redis when given); its bots'
    searches run in ``pool``, the solo games' one."""
    return TableHub(TableStore(store.engine, store.health), make_bus(redis_url), pool)


GC_THRESHOLDS = (20_000, 20, 10)
"""The server process's ``gc.set_threshold`` (Python's default: 700, 10, 10).  A profile
of a loaded server had 15 % of its main thread's samples in the collector; the figures
taken after the change show no gain beyond their noise (bench/tables_results.md)."""


def tune_gc() -> None:
    """In a server process, once the app is built: move what exists now (modules, the
    app) out of the collector's sight (``gc.freeze``) and collect less often
    (:data:`GC_THRESHOLDS`).  Memory stays bounded: objects are still freed by reference
    counting at once, and cycles by the rarer collections."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def app_from_env() -> FastAPI:
    """App factory for ``uvicorn --factory`` (several workers): the database URL comes
    from ``$HEARTS_DB``, the limits from ``$HEARTS_SERVE_SETTINGS``
    (:meth:`ServerSettings.to_env`), the Redis URL from ``$HEARTS_REDIS``."""
    app = create_app(os.environ.get("HEARTS_DB"),
                     ServerSettings.from_env(os.environ.get("HEARTS_SERVE_SETTINGS")),
                     os.environ.get("HEARTS_REDIS"))
    tune_gc()
    return app


__all__ = ["GC_THRESHOLDS", "STATIC_DIR", "ServerSettings", "app_from_env", "create_app",
           "tune_gc"]
