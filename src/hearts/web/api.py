"""HTTP routes of the web game's JSON API (``docs/web-api.md``).

Thin: each route checks the body's shape (``schemas.py``), reads the
``X-Game-Token`` header and calls :class:`hearts.web.service.GameService`.
Routes are plain ``def`` functions: FastAPI runs them in its thread pool, and
the service serialises requests about one game with that game's lock (the hint
route is ``async`` so that refusing a flood costs no thread).
"""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from .compute import Busy
from .limits import RateLimiter, scope_client
from .schemas import CreateGame, DecideBody, MoonBody, PassBody, PlayBody
from .service import GameService, WebError, busy_error, daily_json, known_levels, variants_json

Token = Annotated[str | None, Header(alias="X-Game-Token")]

BUSY_PAUSE = 0.5
"""Seconds a hint refused for want of a place (429) waits before it is answered."""


def _json(obj: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """A JSON response serialised once with the standard library (FastAPI's own
    encoder walks the whole State object again, which costs more than the move).
    ``Cache-Control: no-store``: game states (and tokens) stay out of caches (the
    security-headers middleware also sets it on every ``/api`` answer)."""
    body = json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()
    return Response(body, status_code=status, media_type="application/json",
                    headers={"Cache-Control": "no-store", **(headers or {})})


def _check_create_rate(request: Request, limit: str = "create_limit",
                       what: str = "games") -> None:
    """429 ``rate_limited`` (with Retry-After) when this client has created games (or,
    with ``limit="table_create_limit"``, tables) faster than the settings allow.  The
    client is the peer address, or the address a trusted reverse proxy names (uvicorn's
    ``--forwarded-allow-ips``)."""
    limiter: RateLimiter = getattr(request.app.state, limit)
    client = request.client.host if request.client else "unknown"
    wait = limiter.take(client)
    if wait > 0:
        raise WebError(429, "rate_limited",
                       f"Too many new {what} from your address; try again in {wait:.0f} s.",
                       headers={"Retry-After": str(max(1, round(wait)))})


def _service(request: Request) -> GameService:
    svc: GameService = request.app.state.service
    return svc


def make_router() -> APIRouter:
    """The ``/api`` routes."""
    router = APIRouter(prefix="/api")

    @router.get("/variants")
    def variants() -> dict[str, Any]:
        """The variants and option specs (``hearts variants --json``) and the bot levels."""
        out = variants_json()
        out.setdefault("levels", known_levels())
        return out

    @router.get("/daily")
    def daily() -> dict[str, Any]:
        """Today's daily game number (UTC): ``{"game": 20261130, "date": "2026-11-30"}``."""
        return daily_json()

    @router.post("/games", status_code=201)
    def create_game(body: CreateGame, request: Request) -> Response:
        """Start a game; 201 with the ``State`` and its secret ``token``."""
        _check_create_rate(request)
        return _json(_service(request).create(body.variant, body.players, body.options,
                                              body.game, body.level), 201)

    @router.get("/games/{game_id}")
    def get_game(game_id: str, request: Request, token: Token = None) -> Response:
        """The game's current ``State`` (to resume)."""
        return _json(_service(request).state(game_id, token))

    @router.post("/games/{game_id}/pass")
    def pass_cards(game_id: str, body: PassBody, request: Request,
                   token: Token = None) -> Response:
        """Seat 0 passes cards; 409 with the engine's reason when refused."""
        return _json(_service(request).pass_cards(game_id, token, body.cards,
                                                          body.version))

    @router.post("/games/{game_id}/play")
    def play(game_id: str, body: PlayBody, request: Request, token: Token = None) -> Response:
        """Seat 0 plays a card; the bots answer; 409 with the engine's reason when refused."""
        return _json(_service(request).play(game_id, token, body.card, body.version))

    @router.post("/games/{game_id}/moon")
    def moon(game_id: str, body: MoonBody, request: Request, token: Token = None) -> Response:
        """Seat 0's moon choice (``add`` or ``subtract``)."""
        return _json(_service(request).moon(game_id, token, body.choice, body.version))

    @router.post("/games/{game_id}/decide")
    def decide(game_id: str, body: DecideBody, request: Request,
               token: Token = None) -> Response:
        """Seat 0 answers its pending one-value decision (bid, suit, moon, ...)."""
        return _json(_service(request).decide(game_id, token, body.kind, body.value,
                                                      body.version))

    @router.post("/games/{game_id}/next-hand")
    def next_hand(game_id: str, request: Request, token: Token = None) -> Response:
        """Deal the next hand after the end-of-hand table."""
        return _json(_service(request).next_hand(game_id, token))

    @router.post("/games/{game_id}/restart")
    def restart(game_id: str, request: Request, token: Token = None) -> Response:
        """A new game with the same settings and number (new id and token; the bots'
        secret seed drawn afresh)."""
        _check_create_rate(request)
        return _json(_service(request).restart(game_id, token))

    @router.get("/games/{game_id}/hint")
    async def hint(game_id: str, request: Request, token: Token = None,
                   level: Annotated[str | None, Query()] = None) -> Response:
        """The ``level`` bot's (default ``hard``) choice for seat 0, from seat 0's view.

        ``async``: a hint refused for want of a place (429) is answered on the event loop,
        without taking one of the threads that serve the other games; the hint itself
        runs in the thread pool (and its search in a worker process)."""
        svc = _service(request)
        try:
            svc.pool.check_hint(game_id, scope_client(request.scope))
        except Busy as exc:
            # Answer a refused hint after a short pause (costing nothing: no thread is
            # held), so that a client asking in a loop asks a few times a second, not
            # hundreds, and its requests do not crowd out the other games'.
            await asyncio.sleep(BUSY_PAUSE)
            raise busy_error(exc) from None
        return _json(await run_in_threadpool(svc.hint, game_id, token, level,
                                             scope_client(request.scope)))

    @router.get("/games/{game_id}/record")
    def record(game_id: str, request: Request, token: Token = None) -> Response:
        """The ``hearts-record/1`` JSON of the game so far, as an attachment."""
        rec, withheld = _service(request).record(game_id, token)
        headers = {"Content-Disposition":
                   f'attachment; filename="hearts-{rec.get("game", "game")}-{game_id}.json"'}
        if withheld:
            headers["X-Hearts-Withheld"] = "current-hand"
        return _json(rec, headers=headers)

    return router


__all__ = ["make_router"]
