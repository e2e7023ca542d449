"""Review routes of the web game: the replay of a finished hand with its analysis,
"play on from here" what-ifs, and the daily challenge's results (``docs/review.md``).

- ``POST /api/games/{id}/review`` ``{"hand": k}`` (default: the last finished hand)
  starts the analysis of seat 0's decisions in that hand (:mod:`hearts.analysis`)
  and answers 202 ``{"job": ..., "status": "running", "done": 0, "total": n}``
  (200 and the same object when that hand's review exists already).
- ``GET /api/reviews/{job}``: ``{"status": "running" | "done" | "error", "done",
  "total", "hand": k, "hands": finished hands, "story": {...}, "review": {...} | null}``.  ``story`` is the
  hand face up: the deal, the passes, each trick (leader, cards, winner, every
  hand before it) and the points; ``review`` is the ``hearts review --json`` object.
- ``POST /api/games/{id}/whatif`` ``{"hand": k, "index": i, "card": "QS"}``: the
  hand replayed to its ``i``-th card (one of seat 0's), ``card`` played instead, and
  the rest played by ``medium`` in every seat.  Nothing is stored: a what-if never
  counts in any statistics.  409 ``not_your_card`` / the engine's reason when the
  card cannot be played there.
- Daily challenge (:mod:`hearts.web.daily`): ``POST /api/daily/result`` and
  ``GET /api/daily/results``.

Only finished hands are served (the record of :meth:`GameService.record` leaves
out the hand in progress), so nothing here shows a card seat 0 could not see
while it was playing.  Bounds: one analysis runs at a time in its own thread,
at most :data:`MAX_PENDING` wait (429 ``busy`` beyond), and the last
:data:`JOBS_KEPT` jobs are kept in memory.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from ..analysis import review_record
from ..cards import card_str, cards_of, parse_card
from ..game import PHASE_MOON, PHASE_PLAY
from ..players.base import get_bot
from ..record import RecordError, replay_record
from ..view import player_view
from .api import _json
from .daily import add_daily_routes
from .service import USER_SEAT, GameService, WebError

Token = Annotated[str | None, Header(alias="X-Game-Token")]

MAX_PENDING = 4
"""Reviews that may wait for the analysis thread; more get 429 ``busy``."""

JOBS_KEPT = 64
"""Finished reviews kept in memory (oldest dropped first)."""


class ReviewBody(BaseModel):
    """``{"hand": k}``; ``hand`` omitted: the last finished hand."""

    model_config = ConfigDict(extra="forbid")
    hand: int | None = Field(default=None, ge=0, le=10000)


class WhatIfBody(BaseModel):
    """``{"hand": k, "index": i, "card": "QS"}``."""

    model_config = ConfigDict(extra="forbid")
    hand: int = Field(ge=0, le=10000)
    index: int = Field(ge=0, le=1000)
    card: str = Field(min_length=1, max_length=8)


@dataclass
class Job:
    """One review: its progress and, when done, its result."""

    id: str
    key: tuple[str, int, str]
    hand: int
    story: dict[str, Any]
    hands: int = 1
    status: str = "running"
    done: int = 0
    total: int = 0
    review: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    created: float = field(default_factory=time.monotonic)

    def to_json(self) -> dict[str, Any]:
        """The body of ``GET /api/reviews/{job}``."""
        return {"job": self.id, "status": self.status, "done": self.done, "total": self.total,
                "hand": self.hand, "hands": self.hands, "story": self.story,
                "review": self.review,
                "error": self.error}


class ReviewJobs:
    """The analysis thread and the jobs it ran or runs (thread-safe)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.by_key: dict[tuple[str, int, str], str] = {}
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")

    def find(self, key: tuple[str, int, str]) -> Job | None:
        """The job of ``key`` unless it failed."""
        with self.lock:
            jid = self.by_key.get(key)
            job = self.jobs.get(jid) if jid else None
            return job if job is not None and job.status != "error" else None

    def submit(self, key: tuple[str, int, str], record: dict[str, Any], hand: int,
               story: dict[str, Any]) -> Job:
        """Start a review of seat 0 in ``hand`` of ``record``; raises 429 when busy."""
        with self.lock:
            running = sum(1 for j in self.jobs.values() if j.status == "running")
            if running > MAX_PENDING:
                raise WebError(429, "busy", "The server is reviewing other hands; try again in "
                               "a minute.")
            job = Job(secrets.token_urlsafe(12), key, hand, story, len(record["hands"]))
            self.jobs[job.id] = job
            self.by_key[key] = job.id
            while len(self.jobs) > JOBS_KEPT:
                old_id, old = next(iter(self.jobs.items()))
                if old.status == "running":
                    break
                del self.jobs[old_id]
                self.by_key.pop(old.key, None)
        self.pool.submit(self._run, job, record)
        return job

    def _run(self, job: Job, record: dict[str, Any]) -> None:
        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total

        try:
            job.review = review_record(record, USER_SEAT, job.hand, progress=progress)
            job.status = "done"
        except RecordError as exc:  # pragma: no cover - the record comes from the engine
            job.error, job.status = exc.error, "error"
        except Exception as exc:  # pragma: no cover - must not kill the thread
            job.error = {"code": "internal_error", "message": f"{type(exc).__name__}: {exc}"}
            job.status = "error"

    def get(self, job_id: str) -> Job:
        """The job ``job_id``; 404 ``unknown_review`` when unknown or dropped."""
        with self.lock:
            job = self.jobs.get(job_id)
        if job is None:
            raise WebError(404, "unknown_review", "There is no review with this id (it may have "
                           "expired); ask for it again.")
        return job


def _prefix(record: dict[str, Any], k: int, play: list[str]) -> dict[str, Any]:
    """``record`` stopped in hand ``k`` after the cards ``play``."""
    hands = record["hands"]
    start = {key: v for key, v in hands[k].items() if key not in ("play", "moon_choice")}
    return dict(record, hands=[*hands[:k], dict(start, play=play)])


def _cards(mask: int) -> list[str]:
    return [card_str(c) for c in cards_of(mask)]


def hand_story(record: dict[str, Any], k: int) -> dict[str, Any]:
    """Hand ``k`` of a record face up, for the replay viewer.

    ``{"hand": k, "players": n, "pass_direction", "dealt": [[cards] per seat],
    "passes": [[cards] per seat] (empty lists on a no-pass hand), "tricks":
    [{"leader", "cards": [{"seat", "card", "index"}], "winner", "hands": [[cards held
    before the trick] per seat], "points": [points taken so far after it]}],
    "points": [hand points], "totals": [after the hand]}``.  ``index`` is the
    card's position in the hand's ``play`` list.
    """
    hands = record["hands"]
    h = hands[k]
    g = replay_record(_prefix(record, k, []))
    n = g.n
    dealt = list(g.dealt)
    passes = [list(p) if p else [] for p in (h.get("passes") or [[] for _ in range(n)])]
    tricks: list[dict[str, Any]] = []
    cur: dict[str, Any] | None = None
    rules = g.rules
    for i, text in enumerate(h.get("play") or []):
        if cur is None:
            cur = {"leader": g.turn, "cards": [], "hands": [_cards(m) for m in g.hands]}
        seat = g.turn
        g.play(seat, parse_card(text))
        cur["cards"].append({"seat": seat, "card": card_str(parse_card(text)), "index": i})
        if len(cur["cards"]) == n:
            last = g.tricks[-1]
            cur["winner"] = last.winner
            cur["points"] = [sum(rules.penalty[c] for c in cards_of(w)) for w in g.won]
            tricks.append(cur)
            cur = None
    full = replay_record(dict(record, hands=hands[:k + 1]))
    result = full.results[k] if len(full.results) > k else None
    return {"hand": k, "players": n, "pass_direction": rules.pass_name(k),
            "dealt": [_cards(m) for m in dealt], "passes": passes, "tricks": tricks,
            "points": list(result.points) if result else None,
            "totals": list(result.totals) if result else None}


def what_if(record: dict[str, Any], k: int, index: int, card_text: str,
            seed: int = 0) -> dict[str, Any]:
    """Replay hand ``k`` to its ``index``-th card, play ``card_text`` for seat 0 instead,
    and let ``medium`` finish the hand in every seat (see the module text).

    Returns ``{"hand", "index", "card", "plays": [{"seat", "card"}] (from ``index``
    on), "points": [hand points], "actual": [the hand's real points]}``.  Raises
    :class:`WebError`: 404 ``unknown_hand``, 409 ``not_your_card`` (that card of
    the record was not seat 0's) or the engine's reason for an illegal card.
    """
    hands = record["hands"]
    if k >= len(hands):
        raise WebError(404, "unknown_hand", "This hand is not finished or does not exist.")
    play = list(hands[k].get("play") or [])
    if index >= len(play):
        raise WebError(404, "unknown_card_index", f"Hand {k + 1} has no card {index + 1}.")
    g = replay_record(_prefix(record, k, play[:index]))
    if g.phase != PHASE_PLAY or g.turn != USER_SEAT:
        raise WebError(409, "not_your_card", "That card was not yours to play; pick one of your "
                       "own decisions.")
    try:
        card = parse_card(card_text)
    except ValueError as exc:
        raise WebError(422, "unknown_card", str(exc)) from None
    err = g.explain(USER_SEAT, card) if not g.can_play(USER_SEAT, card) else None
    if err is not None:
        raise WebError(409, err.reason, err.message)
    actual = hand_story(record, k)["points"]
    bots = [get_bot("medium", seed + s) for s in range(g.n)]
    plays = []
    seat = USER_SEAT
    while g.phase == PHASE_PLAY:
        plays.append({"seat": seat, "card": card_str(card)})
        g.play(seat, card)
        if g.phase != PHASE_PLAY:
            break
        seat = g.turn
        card = bots[seat].choose_play(player_view(g, seat))
    if g.phase == PHASE_MOON:
        g.choose_moon(g.turn, g.auto_moon_choice())
    return {"hand": k, "index": index, "card": card_str(parse_card(card_text)), "plays": plays,
            "points": list(g.results[-1].points), "actual": actual}


def _last_finished(record: dict[str, Any]) -> int:
    hands = record.get("hands") or []
    if not hands:
        raise WebError(409, "no_finished_hand", "No hand of this game is finished yet.")
    return len(hands) - 1


def make_router() -> APIRouter:
    """The review and daily-challenge routes (registered by ``app.py``)."""
    router = APIRouter(prefix="/api")
    jobs = ReviewJobs()

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
        key = (game_id, hand, repr(rec["hands"][hand]))
        job = jobs.find(key)
        if job is not None:
            job.hands = max(job.hands, len(rec["hands"]))
            return _json(job.to_json())
        job = jobs.submit(key, rec, hand, hand_story(rec, hand))
        return _json(job.to_json(), 202)

    @router.get("/reviews/{job_id}")
    def get_review(job_id: str) -> Response:
        """A review's progress, and its result when done."""
        return _json(jobs.get(job_id).to_json())

    @router.post("/games/{game_id}/whatif")
    def whatif(game_id: str, body: WhatIfBody, request: Request, token: Token = None) -> Response:
        """Play on from one of seat 0's decisions with another card (not stored)."""
        rec, _ = service(request).record(game_id, token)
        return _json(what_if(rec, body.hand, body.index, body.card))

    add_daily_routes(router)
    return router


__all__ = ["JOBS_KEPT", "MAX_PENDING", "ReviewJobs", "hand_story", "make_router", "what_if"]
