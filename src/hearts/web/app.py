"""The FastAPI application of the web game: the JSON API, the page and its files.

``create_app(db_url)`` builds an app over a :class:`~hearts.web.storage.GameStore`
(SQLite file ``./hearts.db`` by default, or ``$HEARTS_DB``, or any SQLAlchemy URL
such as ``postgresql+psycopg://user@host:5432/hearts``).  ``hearts serve`` runs it
with uvicorn.

Pages: ``GET /`` serves ``static/index.html`` (the page is written separately);
``/rules``, ``/variants``, ``/tips`` and ``/about`` serve the same page, which shows
the matching section; ``/static/...`` serves the page's files and ``/favicon.ico``
the page's icon (an SVG, ``static/favicon.svg``).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from .api import make_router
from .botpool import BotPool
from .bus import make_bus
from .hub import TableHub
from .service import GameService, WebError, known_levels
from .storage import GameStore
from .table_store import TableStore
from .tables_api import make_tables_router

STATIC_DIR = Path(__file__).resolve().parent / "static"
"""The page's folder (``src/hearts/web/static``), served at ``/static``."""

_BODY_PARSE_ERROR = "There was an error parsing the body"
"""The detail of the 400 FastAPI raises when a JSON body cannot be decoded at all."""

_PLACEHOLDER = ("<!doctype html><meta charset=utf-8><title>Hearts</title>"
                "<p>The Hearts page is not installed; the API is at <code>/api</code>.</p>")


def create_app(db_url: str | None = None, redis_url: str | None = None) -> FastAPI:
    """Build the web game's app.

    ``db_url``: a SQLAlchemy URL or an SQLite file path; default ``$HEARTS_DB`` or
    ``sqlite:///hearts.db``.  The tables are created if missing.  Errors from the
    service become ``{"error": {"code", "message"}}`` bodies with their status;
    malformed bodies get 422 with FastAPI's ``detail`` plus the same ``error`` object.
    ``redis_url`` (or ``$HEARTS_REDIS``): shared tables are served by several processes
    through that Redis server (``docs/tables.md``); without it, by this process alone.
    """
    store = GameStore(db_url)
    service = GameService(store)
    known_levels()  # import the bot modules now rather than in the first game's request
    tables = _table_hub(store, redis_url or os.environ.get("HEARTS_REDIS") or None)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await tables.start()
        yield
        await tables.close()
        tables.store.close()
        store.close()

    app = FastAPI(title="Hearts", version="1", lifespan=lifespan,
                  docs_url="/api/docs", redoc_url=None, openapi_url="/api/openapi.json")
    app.state.service = service
    app.state.store = store
    app.state.tables = tables

    @app.exception_handler(WebError)
    async def _web_error(_request: Request, exc: WebError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {}
        code = "bad_json" if first.get("type") == "json_invalid" else "bad_request"
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        message = (f"{first.get('msg', 'Invalid request')}" + (f" ({where})" if where else ""))
        detail = [{k: v for k, v in e.items() if k in ("type", "loc", "msg")} for e in errors]
        return JSONResponse({"detail": detail, "error": {"code": code, "message": message}},
                            status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400 and exc.detail == _BODY_PARSE_ERROR:
            # FastAPI's 400 for a body json.loads cannot take (bad UTF-8, nesting too deep, an
            # integer too long): not valid JSON for us, so the documented 422 bad_json.
            message = "The body is not valid JSON (or not UTF-8, or nested too deeply)."
            return JSONResponse({"detail": [{"type": "json_invalid", "loc": ["body"],
                                             "msg": message}],
                                 "error": {"code": "bad_json", "message": message}},
                                status_code=422)
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return JSONResponse({"error": {"code": code, "message": str(exc.detail)}},
                            status_code=exc.status_code, headers=getattr(exc, "headers", None))

    app.include_router(make_router())
    app.include_router(make_tables_router(STATIC_DIR))

    def _page() -> Response:
        index = STATIC_DIR / "index.html"
        if index.is_file():
            return FileResponse(index, media_type="text/html")
        return HTMLResponse(_PLACEHOLDER)

    for path in ("/", "/rules", "/variants", "/tips", "/about"):
        app.add_api_route(path, _page, methods=["GET"], include_in_schema=False)

    def _icon() -> Response:
        icon = STATIC_DIR / "favicon.svg"
        if icon.is_file():
            return FileResponse(icon, media_type="image/svg+xml")
        return Response(status_code=404)

    app.add_api_route("/favicon.ico", _icon, methods=["GET"], include_in_schema=False)

    app.mount("/static", StaticFiles(directory=STATIC_DIR, check_dir=False), name="static")
    return app


def _table_hub(store: GameStore, redis_url: str | None) -> TableHub:
    """The shared tables' hub over the game database (and Redis when given)."""
    return TableHub(TableStore(store.engine), make_bus(redis_url), BotPool())


def app_from_env() -> FastAPI:
    """App factory for ``uvicorn --factory`` (several workers): the database URL comes
    from ``$HEARTS_DB``, the Redis URL from ``$HEARTS_REDIS``."""
    return create_app(os.environ.get("HEARTS_DB"), os.environ.get("HEARTS_REDIS"))


__all__ = ["STATIC_DIR", "app_from_env", "create_app"]
