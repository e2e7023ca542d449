"""Review routes of the web game: the replay of a finished hand with its analysis,
"play on from here" what-ifs, and the daily challenge's results (``docs/review.md``).

- ``POST /api/games/{id}/review`` ``{"hand": k}`` (default: the last finished hand)
  starts the analysis of seat 0's decisions in that hand (:mod:`hearts.analysis`)
  and answers 202 ``{"job": ..., "status": "running", "done": 0, "total": n}``
  (200 and the same object when that hand's review exists already).
- ``POST /api/tables/{id}/review`` ``{"hand": k}`` with the header ``X-Seat-Token``: the
  same for a finished hand of a shared table, reviewing the asker's own seat (403 for
  anyone not seated there); the same jobs, polled at ``GET /api/reviews/{job}``;
  ``POST /api/tables/{id}/whatif`` likewise for one of the asker's own cards.
- ``GET /api/reviews/{job}``: ``{"status": "running" | "done" | "error", "done",
  "total", "hand": k, "hands": finished hands, "story": {...}, "review": {...} | null}``.  ``story`` is the
  hand face up: the deal, the passes, each trick (leader, cards, winner, every
  hand before it) and the points; ``review`` is the ``hearts review --json`` object.
- ``POST /api/games/{id}/whatif`` ``{"hand": k, "index": i, "card": "QS"}``: the
  hand replayed to its ``i``-th card (one of seat 0's), ``card`` played instead, and
  the rest played by ``medium`` in every seat.  Nothing is stored: a what-if never
  counts in any statistics.  409 ``not_your_card`` / the engine's reason when the
  card cannot be played there.
- The replay behind both (``hand_story``, ``what_if``) is :mod:`hearts.review`, which
  needs no web framework; this module keeps the routes and the job table.
- Daily challenge (:mod:`hearts.web.daily`): ``POST /api/daily/result`` and
  ``GET /api/daily/results``.

Only finished hands are served (the record of :meth:`GameService.record` leaves
out the hand in progress), so nothing here shows a card seat 0 could not see
while it was playing.  Jobs live in the ``review_jobs`` table, so that every
server process (``hearts serve --workers N``) answers for every job.  Bounds:
one analysis at a time per process in its own thread, at most
:data:`MAX_PENDING` running on the database and :data:`MAX_PER_CLIENT` of one
client address in one process (429 ``busy`` with ``Retry-After`` beyond), and jobs
are deleted after :data:`KEEP_SECONDS`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from sqlalchemy import (
    JSON,
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    delete,
    func,
    insert,
    select,
    update,
)

from ..record import RecordError
from ..review import ReviewError, hand_story, review_record, what_if
from .api import _json
from .daily import add_daily_routes
from .limits import scope_client
from .service import USER_SEAT, GameService, WebError

Token = Annotated[str | None, Header(alias="X-Game-Token")]
SeatToken = Annotated[str | None, Header(alias="X-Seat-Token")]

MAX_PENDING = 4
"""Reviews that may be running or waiting for an analysis thread, over every server
process (counted on the database); more get 429 ``busy``."""

MAX_PER_CLIENT = 2
"""Reviews one client address may have running or waiting in one server process; more
get 429 ``busy``, so that one client cannot take every place of :data:`MAX_PENDING`."""

RETRY_SECONDS = 30
"""``Retry-After`` of a review refused as busy (a hand's review takes seconds)."""

STALE_SECONDS = 300.0
"""A running review whose progress has not moved for this long is taken as lost."""

KEEP_SECONDS = 86400.0
"""Reviews are kept a day, then deleted."""

_metadata = MetaData()


class ReviewBody(BaseModel):
    """``{"hand": k}``; ``hand`` omitted: the last finished hand."""

    model_config = ConfigDict(extra="forbid")
    hand: Annotated[StrictInt, Field(ge=0, le=10000)] | None = None  # "0", 0.0, true: 422


class WhatIfBody(BaseModel):
    """``{"hand": k, "index": i, "card": "QS"}``."""

    model_config = ConfigDict(extra="forbid")
    hand: Annotated[StrictInt, Field(ge=0, le=10000)]
    index: Annotated[StrictInt, Field(ge=0, le=1000)]
    card: Annotated[StrictStr, Field(min_length=1, max_length=8)]


review_jobs = Table(
    "review_jobs", _metadata,
    Column("id", String(24), primary_key=True),
    Column("key", String(64), nullable=False, index=True),
    Column("hand", Integer, nullable=False),
    Column("hands", Integer, nullable=False),
    Column("status", String(10), nullable=False),
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("story", JSON, nullable=False),
    Column("review", JSON, nullable=True),
    Column("error", JSON, nullable=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)
"""Review jobs, shared by every server process on the database: the process that
runs a job writes its progress after each decision and its result at the end."""


def job_key(game_id: str, hand: int, hand_record: Any) -> str:
    """The identity of a review: the game, the hand and that hand's record (SHA-256)."""
    text = json.dumps([game_id, hand, hand_record], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _row_json(row: Any) -> dict[str, Any]:
    return {"job": row.id, "status": row.status, "done": row.done, "total": row.total,
            "hand": row.hand, "hands": row.hands, "story": row.story, "review": row.review,
            "error": row.error}


class ReviewJobs:
    """The analysis thread of this process and the jobs of every process (thread-safe).

    A running job whose row has not moved for :data:`STALE_SECONDS` (its process
    ended) counts as failed: asking again starts a new one.  Jobs older than
    :data:`KEEP_SECONDS` are deleted when a new one starts.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        _metadata.create_all(engine)
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
        self._by_client: dict[str, int] = {}
        self._clients_lock = threading.Lock()

    def find(self, key: str) -> dict[str, Any] | None:
        """The newest live or finished job of ``key`` (as JSON), or ``None``."""
        now = time.time()
        with self.engine.connect() as conn:
            rows = conn.execute(select(review_jobs).where(review_jobs.c.key == key)
                                .order_by(review_jobs.c.created.desc())).all()
        for row in rows:
            if row.status == "done" or (row.status == "running"
                                        and now - row.updated < STALE_SECONDS):
                return _row_json(row)
        return None

    def submit(self, key: str, record: dict[str, Any], hand: int,
               story: dict[str, Any], seat: int = USER_SEAT, client: str = "",
               by_computer: frozenset[tuple[int, int | None]] = frozenset()) -> dict[str, Any]:
        """Start a review of ``seat`` (the solo game's: 0; a table's: the asker's) in
        ``hand`` of ``record`` for ``client`` (its address key), ``by_computer`` the
        seat's decisions a bot made (left unmarked: :func:`hearts.analysis.review_record`);
        raises :class:`WebError`
        429 ``busy`` with ``Retry-After`` when :data:`MAX_PENDING` reviews run or wait
        already, or :data:`MAX_PER_CLIENT` of this client's."""
        now = time.time()
        with self._clients_lock:
            mine = self._by_client.get(client, 0)
            if mine >= MAX_PER_CLIENT:
                raise WebError(429, "busy", f"{mine} of your reviews are still running; ask "
                               f"for this one when they are done.",
                               headers={"Retry-After": str(RETRY_SECONDS)})
            self._by_client[client] = mine + 1
        try:
            with self.engine.begin() as conn:
                running = conn.execute(select(func.count()).select_from(review_jobs).where(
                    review_jobs.c.status == "running",
                    review_jobs.c.updated > now - STALE_SECONDS)).scalar_one()
                if running >= MAX_PENDING:
                    raise WebError(429, "busy", "The server is reviewing other hands; try "
                                   "again in a minute.",
                                   headers={"Retry-After": str(RETRY_SECONDS)})
                conn.execute(delete(review_jobs).where(
                    review_jobs.c.created < now - KEEP_SECONDS))
                jid = secrets.token_urlsafe(12)
                conn.execute(insert(review_jobs).values(
                    id=jid, key=key, hand=hand, hands=len(record["hands"]), status="running",
                    done=0, total=0, story=story, review=None, error=None, created=now,
                    updated=now))
            self.pool.submit(self._run, jid, record, hand, seat, client, by_computer)
        except BaseException:
            self._done(client)
            raise
        return self.get(jid)

    def _done(self, client: str) -> None:
        with self._clients_lock:
            left = self._by_client.get(client, 1) - 1
            if left > 0:
                self._by_client[client] = left
            else:
                self._by_client.pop(client, None)

    def _update(self, jid: str, **values: Any) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(review_jobs).where(review_jobs.c.id == jid)
                         .values(updated=time.time(), **values))

    def _run(self, jid: str, record: dict[str, Any], hand: int, seat: int = USER_SEAT,
             client: str = "", by_computer: frozenset[tuple[int, int | None]] = frozenset()
             ) -> None:
        def progress(done: int, total: int) -> None:
            self._update(jid, done=done, total=total)

        try:
            review = review_record(record, seat, hand, progress=progress,
                                   by_computer=by_computer)
            self._update(jid, status="done", review=review)
        except Exception as exc:  # pragma: no cover - must not kill the thread
            error = exc.error if isinstance(exc, RecordError) else {
                "code": "internal_error", "message": f"{type(exc).__name__}: {exc}"}
            with contextlib.suppress(Exception):
                self._update(jid, status="error", error=error)
        finally:
            self._done(client)

    def get(self, job_id: str) -> dict[str, Any]:
        """The job ``job_id`` as JSON; 404 ``unknown_review`` when unknown or deleted."""
        with self.engine.connect() as conn:
            row = conn.execute(select(review_jobs).where(review_jobs.c.id == job_id)).first()
        if row is None:
            raise WebError(404, "unknown_review", "There is no review with this id (it may have "
                           "expired); ask for it again.")
        out = _row_json(row)
        if row.status == "running" and time.time() - row.updated >= STALE_SECONDS:
            out.update(status="error", error={"code": "review_lost", "message":
                       "The server process running this review stopped; ask for it again."})
        return out


def _web(call: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``call()``, its :class:`hearts.review.ReviewError` answered as a :class:`WebError`."""
    try:
        return call()
    except ReviewError as exc:
        raise WebError(exc.status, exc.code, exc.message) from None


def _last_finished(record: dict[str, Any]) -> int:
    hands = record.get("hands") or []
    if not hands:
        raise WebError(409, "no_finished_hand", "No hand of this game is finished yet.")
    return len(hands) - 1


def make_router() -> APIRouter:
    """The review and daily-challenge routes (registered by ``app.py``)."""
    router = APIRouter(prefix="/api")
    made: list[ReviewJobs] = []
    lock = threading.Lock()

    def jobs_of(request: Request) -> ReviewJobs:
        with lock:
            if not made:
                made.append(ReviewJobs(request.app.state.store.engine))
            return made[0]

    def service(request: Request) -> GameService:
        svc: GameService = request.app.state.service
        return svc

    @router.post("/games/{game_id}/review")
    def start_review(game_id: str, request: Request, body: ReviewBody | None = None,
                     token: Token = None) -> Response:
        """Start (or find) the review of one finished hand of seat 0."""
        rec, _ = service(request).record(game_id, token)
        hand = _last_finished(rec) if body is None or body.hand is None else body.hand
        if hand >= len(rec["hands"]):
            raise WebError(404, "unknown_hand", "This hand is not finished or does not exist.")
        jobs = jobs_of(request)
        key = job_key(game_id, hand, rec["hands"][hand])
        job = jobs.find(key)
        if job is not None:
            job["hands"] = len(rec["hands"])
            return _json(job)
        story = _web(lambda: hand_story(rec, hand))
        return _json(jobs.submit(key, rec, hand, story, client=scope_client(request.scope)),
                     202)

    @router.post("/tables/{table_id}/review")
    async def start_table_review(table_id: str, request: Request,
                                 body: ReviewBody | None = None,
                                 seat_token: SeatToken = None) -> Response:
        """Start (or find) the review of one finished hand of a table, for the seat of the
        person asking (``X-Seat-Token``); the same jobs as the solo game's (poll
        ``GET /api/reviews/{job}``).  403 for anyone not seated at the table."""
        from .tables import TableError

        try:
            rec, seat, by_computer = await request.app.state.tables.seat_record(
                table_id, seat_token)
        except TableError as exc:
            raise WebError(exc.status, exc.code, exc.message) from None
        hand = _last_finished(rec) if body is None or body.hand is None else body.hand
        if hand >= len(rec["hands"]):
            raise WebError(404, "unknown_hand", "This hand is not finished or does not exist.")
        jobs = jobs_of(request)
        key = job_key(f"table:{table_id}:{seat}", hand, rec["hands"][hand])

        def start() -> tuple[dict[str, Any], int]:
            job = jobs.find(key)
            if job is not None:
                job["hands"] = len(rec["hands"])
                return job, 200
            story = _web(lambda: hand_story(rec, hand))
            return jobs.submit(key, rec, hand, story, seat, client=scope_client(request.scope),
                               by_computer=by_computer), 202

        job, status = await asyncio.to_thread(start)
        return _json(job, status)

    @router.post("/tables/{table_id}/whatif")
    async def table_whatif(table_id: str, body: WhatIfBody, request: Request,
                           seat_token: SeatToken = None) -> Response:
        """Play on from one of the asker's own decisions at a table with another card
        (not stored); 403 for anyone not seated at the table."""
        from .tables import TableError

        try:
            rec, seat, _ = await request.app.state.tables.seat_record(table_id, seat_token)
        except TableError as exc:
            raise WebError(exc.status, exc.code, exc.message) from None
        out = await asyncio.to_thread(
            lambda: _web(lambda: what_if(rec, body.hand, body.index, body.card, seat)))
        return _json(out)

    @router.get("/reviews/{job_id}")
    def get_review(job_id: str, request: Request) -> Response:
        """A review's progress, and its result when done."""
        return _json(jobs_of(request).get(job_id))

    @router.post("/games/{game_id}/whatif")
    def whatif(game_id: str, body: WhatIfBody, request: Request, token: Token = None) -> Response:
        """Play on from one of seat 0's decisions with another card (not stored)."""
        rec, _ = service(request).record(game_id, token)
        return _json(_web(lambda: what_if(rec, body.hand, body.index, body.card, USER_SEAT)))

    add_daily_routes(router)
    return router


__all__ = ["KEEP_SECONDS", "MAX_PENDING", "MAX_PER_CLIENT", "RETRY_SECONDS", "STALE_SECONDS",
           "ReviewJobs", "hand_story", "job_key",
           "make_router", "review_jobs", "what_if"]
