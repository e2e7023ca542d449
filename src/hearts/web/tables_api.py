"""HTTP and WebSocket routes of shared tables (``docs/tables.md``).

- ``POST /api/tables`` → 201 ``{"id", "seat": 0, "token", "invite", "table"}``;
- ``GET /api/tables/{id}`` → the table's public facts;
- ``POST /api/tables/{id}/join`` ``{"name", "seat"?}`` → 201 ``{"seat" | "waiting", "token"}``;
- ``GET /api/tables/{id}/record`` → ``hearts-record/1`` of the finished hands;
- ``WS /api/tables/{id}/ws`` → the live table (:meth:`TableHub.session`);
- ``GET /t/{id}`` → the table page: the solo game's page (``static/index.html``), which
  turns itself into the table's client on a ``/t/`` address.

Errors are the JSON error shape (:class:`~hearts.web.service.WebError`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Request, Response, WebSocket
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt

from .api import _check_create_rate as check_create_rate
from .hub import TableHub
from .service import WebError
from .tables import TableError


class CreateTable(BaseModel):
    """``POST /api/tables``: the host's name and the table's settings."""

    model_config = ConfigDict(extra="ignore")

    name: str = Field(max_length=100)
    variant: str = Field(default="standard", max_length=40)
    players: StrictInt | None = None
    options: dict[str, Any] = Field(default_factory=dict, max_length=40)
    level: str | None = Field(default=None, max_length=40)
    game: StrictInt | None = None
    turn_seconds: StrictFloat | StrictInt | None = None  # not "30" nor true
    spectators: StrictBool = True
    hints: StrictBool = True


class JoinTable(BaseModel):
    """``POST /api/tables/{id}/join``: a display name and, optionally, the seat wanted."""

    model_config = ConfigDict(extra="ignore")

    name: str = Field(max_length=100)
    seat: StrictInt | None = None


def _hub(request: Request) -> TableHub:
    hub: TableHub = request.app.state.tables
    return hub


def _web(exc: TableError) -> WebError:
    return WebError(exc.status, exc.code, exc.message)


def _no_store(obj: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(obj, status_code=status, headers={"Cache-Control": "no-store"})


def make_tables_router(page: Any) -> APIRouter:
    """The routes above; ``page`` is the folder holding ``index.html``."""
    router = APIRouter()

    @router.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> Response:
        """A new table; the creator is its host at seat 0 (429 past the client's
        tables-per-minute)."""
        check_create_rate(request, "table_create_limit", "tables")
        try:
            out = await _hub(request).create(
                name=body.name, variant=body.variant, players=body.players,
                options=body.options, level=body.level, game=body.game,
                turn_seconds=body.turn_seconds, spectators=body.spectators, hints=body.hints)
        except TableError as exc:
            raise _web(exc) from None
        return _no_store(out, 201)

    @router.get("/api/tables/{table_id}")
    async def table_info(table_id: str, request: Request) -> Response:
        """The table's public facts: settings, seats, waiting friends, status."""
        try:
            return _no_store(await _hub(request).info(table_id))
        except TableError as exc:
            raise _web(exc) from None

    @router.post("/api/tables/{table_id}/join", status_code=201)
    async def join_table(table_id: str, body: JoinTable, request: Request) -> Response:
        """Take a free seat (before the start) or wait for a bot's seat (after it)."""
        try:
            return _no_store(await _hub(request).join(table_id, body.name, body.seat), 201)
        except TableError as exc:
            raise _web(exc) from None

    @router.get("/api/tables/{table_id}/record")
    async def table_record(table_id: str, request: Request,
                           token: Annotated[str | None, Header(alias="X-Seat-Token")] = None
                           ) -> Response:
        """``hearts-record/1`` of the table's finished hands (deals included)."""
        try:
            return _no_store(await _hub(request).record(table_id, token))
        except TableError as exc:
            raise _web(exc) from None

    @router.websocket("/api/tables/{table_id}/ws")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        """The live table: hello, then state and updates (see ``hub.py``)."""
        await websocket.app.state.tables.session(websocket, table_id)

    @router.api_route("/t/{table_id}", methods=["GET", "HEAD"], include_in_schema=False)
    def table_page(table_id: str) -> Response:
        index = page / "index.html"
        if index.is_file():
            return FileResponse(index, media_type="text/html")
        return HTMLResponse("<!doctype html><title>Hearts</title><p>The table page is missing.")

    return router


__all__ = ["CreateTable", "JoinTable", "make_tables_router"]
