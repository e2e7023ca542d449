"""The daily challenge: everyone plays the same numbered game of the day
(``deal.daily_number``: ``YYYYMMDD``, UTC), and sees where their score stands
among everyone's results on this server that day.

- ``POST /api/daily/result`` (header ``X-Game-Token``) ``{"game_id": ..., "browser":
  ...}``: stores seat 0's final total of that finished game, once per browser per
  day and once per game (a second post answers 200 with ``"stored": false`` and
  the result first stored; a first one 201 with ``"stored": true``).  The server
  reads the score from the game itself, so a client cannot post any number.
  The result counts for the UTC day the game was started, which must be the day
  of its number (a coming day's daily played early is no daily game), and may be
  posted until the end of the next day (a game finished after midnight counts).
  409 ``not_daily`` (not the daily game of the day it was started, or posted too
  late), ``not_finished`` (the game is not over).  ``browser`` is a random id the page keeps in localStorage
  (8 to 64 letters, digits, ``-`` or ``_``): no names, no accounts.
- ``GET /api/daily/results[?date=YYYY-MM-DD][&browser=...]``: ``{"date", "game",
  "rules", "count", "scores": [[total, how many], ...] (lowest first), "mine":
  total or null, "rank": 1 + results below mine, "below": results below mine}``.
  Results are compared only with those played under the same rules and against the
  same computer level (``rules``: variant, players, every option and ``level``; the
  browser's own game's, else standard Hearts' defaults against ``medium``).

The results live in the ``daily_results`` table (SQLAlchemy, next to the
games), one row per browser and day: at most one write per finished game.
"""

from __future__ import annotations

import datetime as _dt
import json
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import (
    Column,
    DateTime,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    func,
    insert,
    select,
)
from sqlalchemy.exc import IntegrityError

from ..deal import daily_number
from ..rules import make_rules
from .api import _json
from .service import DEFAULT_LEVEL, USER_SEAT, GameService, WebError

Token = Annotated[str | None, Header(alias="X-Game-Token")]
BROWSER_PATTERN = r"^[A-Za-z0-9_-]{8,64}$"

metadata = MetaData()

daily_results = Table(
    "daily_results", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("day", String(10), nullable=False),
    Column("browser", String(64), nullable=False),
    Column("game_id", String(40), nullable=False),
    Column("rules", String(2000), nullable=False),
    Column("total", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("day", "browser", name="daily_one_per_browser"),
    UniqueConstraint("game_id", name="daily_one_per_game"),
)
"""One daily result per browser and day (and per game)."""

_READY: set[int] = set()


def _engine(request: Request) -> Engine:
    engine: Engine = request.app.state.store.engine
    if id(engine) not in _READY:
        metadata.create_all(engine)
        _READY.add(id(engine))
    return engine


def rules_key(variant: str, players: int, options: dict[str, Any], level: str) -> str:
    """The rules and the computer players' level a result was played under, as one
    comparable string (a game against ``random`` bots is not ranked with one against
    ``hard``)."""
    return json.dumps({"variant": variant, "players": players, "options": options,
                       "level": level}, sort_keys=True, separators=(",", ":"))


def _default_key() -> str:
    r = make_rules("standard")
    return rules_key("standard", r.players, dict(r.options), DEFAULT_LEVEL)


GRACE_DAYS = 1
"""A daily game started on its day may be finished and posted until the end of the next
UTC day; its result counts for the day it was started."""


def game_day(created: _dt.datetime) -> _dt.date:
    """The UTC date of ``created`` (a naive time read back from SQLite is UTC)."""
    if created.tzinfo is None:
        created = created.replace(tzinfo=_dt.UTC)
    return created.astimezone(_dt.UTC).date()


class ResultBody(BaseModel):
    """``{"game_id": ..., "browser": ...}``."""

    model_config = ConfigDict(extra="forbid")
    game_id: str = Field(min_length=1, max_length=40)
    browser: str = Field(pattern=BROWSER_PATTERN)


def _today() -> _dt.date:
    return _dt.datetime.now(_dt.UTC).date()


def distribution(engine: Engine, day: str, browser: str | None = None) -> dict[str, Any]:
    """The results of ``day`` under the rules of ``browser``'s result (see the module text)."""
    mine = None
    key = _default_key()
    with engine.connect() as conn:
        if browser:
            row = conn.execute(select(daily_results.c.total, daily_results.c.rules).where(
                daily_results.c.day == day, daily_results.c.browser == browser)).first()
            if row is not None:
                mine, key = row.total, row.rules
        rows = conn.execute(
            select(daily_results.c.total, func.count()).where(
                daily_results.c.day == day, daily_results.c.rules == key)
            .group_by(daily_results.c.total).order_by(daily_results.c.total)).all()
    scores = [[int(t), int(c)] for t, c in rows]
    below = sum(c for t, c in scores if mine is not None and t < mine)
    return {"date": day, "game": int(day.replace("-", "")), "rules": json.loads(key),
            "count": sum(c for _, c in scores), "scores": scores, "mine": mine,
            "below": below if mine is not None else None,
            "rank": below + 1 if mine is not None else None}


def add_daily_routes(router: APIRouter) -> None:
    """Add the two daily-challenge routes to ``router`` (prefix ``/api``)."""

    @router.post("/daily/result")
    def post_result(body: ResultBody, request: Request, token: Token = None) -> Response:
        """Store seat 0's final total of a finished daily game (once per browser per day)."""
        svc: GameService = request.app.state.service
        state = svc.state(body.game_id, token)
        today = _today()
        started = game_day(svc.store.load(body.game_id).created_at)
        if state["game"] != daily_number(started):
            # another number, or a coming day's daily started early (played before its day)
            raise WebError(409, "not_daily", f"This game is not a daily game: it was started "
                           f"on {started.isoformat()}, whose daily game is "
                           f"{daily_number(started)}.")
        if (today - started).days > GRACE_DAYS:
            raise WebError(409, "not_daily", f"The daily game of {started.isoformat()} is "
                           f"closed: results count until the end of the next day (UTC).")
        view = state["view"]
        if view["phase"] != "game-over":
            raise WebError(409, "not_finished", "The game is not over yet; finish it first.")
        engine = _engine(request)
        day = started.isoformat()  # finished after midnight: it counts for the day it began
        stored = True
        try:
            with engine.begin() as conn:
                conn.execute(insert(daily_results).values(
                    day=day, browser=body.browser, game_id=body.game_id,
                    rules=rules_key(state["variant"], state["players"], state["options"],
                                    state["level"]),
                    total=int(view["totals"][USER_SEAT]),
                    created_at=_dt.datetime.now(_dt.UTC)))
        except IntegrityError:
            stored = False
        out = distribution(engine, day, body.browser)
        out["stored"] = stored
        return _json(out, 201 if stored else 200)

    @router.get("/daily/results")
    def get_results(request: Request,
                    date: Annotated[str | None, Query(pattern=r"^\d{4}-\d{2}-\d{2}$")] = None,
                    browser: Annotated[str | None, Query(pattern=BROWSER_PATTERN)] = None,
                    ) -> Response:
        """The distribution of a day's results (default today, UTC)."""
        if date is not None:
            try:
                _dt.date.fromisoformat(date)
            except ValueError:
                raise WebError(422, "bad_date", f"{date} is not a date.") from None
        return _json(distribution(_engine(request), date or _today().isoformat(), browser))


__all__ = ["add_daily_routes", "daily_results", "distribution", "rules_key"]
