"""Review, what-if and daily-challenge routes over real HTTP against ``hearts serve``
on a real SQLite file (``hearts.web.review``, ``hearts.web.daily``)."""

from __future__ import annotations

import datetime as dt
import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from hearts.cards import card_str, cards_of
from hearts.cli.serve import ServerProcess
from hearts.deal import daily_number
from hearts.game import Game
from hearts.record import replay_record


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("webreview") / "hearts.db"
    srv = ServerProcess(f"sqlite:///{db}", log_path=str(db) + ".log")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def client(server: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=120) as c:
        yield c


def new_game(client: httpx.Client, **body: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    r = client.post("/api/games", json={"level": "medium", **body})
    assert r.status_code == 201, r.text
    state = r.json()
    return state["id"], {"X-Game-Token": state["token"]}, state


def finish_hand(client: httpx.Client, gid: str, headers: dict[str, str], state: dict[str, Any],
                rng: random.Random) -> dict[str, Any]:
    """Seat 0 plays its highest legal card (a reckless player) until the hand ends."""
    hand = state["view"]["hand_index"]
    while state["view"]["phase"] in ("pass", "play", "moon-choice") \
            and state["view"]["hand_index"] == hand:
        v = state["view"]
        if v["phase"] == "pass":
            r = client.post(f"/api/games/{gid}/pass", headers=headers,
                            json={"cards": rng.sample(v["hand"], 3)})
        elif v["phase"] == "play":
            r = client.post(f"/api/games/{gid}/play", headers=headers, json={"card": v["legal"][-1]})
        else:
            r = client.post(f"/api/games/{gid}/moon", headers=headers, json={"choice": "add"})
        assert r.status_code == 200, r.text
        state = r.json()
    return state


def test_review_of_a_finished_hand(client):
    gid, headers, state = new_game(client, game=424242)
    r = client.post(f"/api/games/{gid}/review", headers=headers, json={})
    assert r.status_code == 409 and r.json()["error"]["code"] == "no_finished_hand"
    state = finish_hand(client, gid, headers, state, random.Random(1))
    assert state["view"]["phase"] in ("deal", "game-over")
    assert client.post(f"/api/games/{gid}/review", json={}).status_code == 403
    r = client.post(f"/api/games/{gid}/review", headers=headers, json={"hand": 0})
    assert r.status_code == 202, r.text
    job = r.json()
    assert job["status"] == "running" and job["hand"] == 0 and job["hands"] == 1
    story = job["story"]
    assert len(story["tricks"]) == 13 and len(story["dealt"]) == 4
    assert sum(story["points"]) in (26, 78)
    # the story agrees with the game's record
    rec = client.get(f"/api/games/{gid}/record", headers=headers).json()
    play = [c["card"] for t in story["tricks"] for c in t["cards"]]
    assert play == rec["hands"][0]["play"]
    tricks = story["tricks"]
    assert all(a["winner"] == b["leader"] for a, b in zip(tricks, tricks[1:], strict=False))
    assert [len(h) for h in tricks[0]["hands"]] == [13] * 4
    assert len({c for h in tricks[0]["hands"] for c in h}) == 52
    assert tricks[-1]["points"] == story["points"] or 26 in story["points"]  # moon: scored apart
    deadline = time.monotonic() + 120
    seen_progress = False
    while True:
        out = client.get(f"/api/reviews/{job['job']}").json()
        seen_progress |= 0 < out["done"] < out["total"]
        if out["status"] != "running" or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    assert out["status"] == "done", out
    review = out["review"]
    assert review["ok"] and review["seat"] == 0
    stages = [d["stage"] for d in review["decisions"]]
    assert stages == ["pass"] + ["play"] * 13
    assert all(d["hand"] == 0 for d in review["decisions"])
    # asking again gives the same job at once
    again = client.post(f"/api/games/{gid}/review", headers=headers, json={"hand": 0})
    assert again.status_code == 200 and again.json()["job"] == job["job"]
    assert client.get("/api/reviews/nope").status_code == 404
    r = client.post(f"/api/games/{gid}/review", headers=headers, json={"hand": 5})
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_hand"
    # a break-it helper's find (session 35): "0", 0.0 and true were taken as hands
    for lax in ("0", 0.0, True):
        r = client.post(f"/api/games/{gid}/review", headers=headers, json={"hand": lax})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request", r.text
        r = client.post(f"/api/games/{gid}/whatif", headers=headers,
                        json={"hand": lax, "index": 0, "card": "2C"})
        assert r.status_code == 422, r.text
    # the hand being played is never reviewed: after next-hand, only hand 0 is finished
    r = client.post(f"/api/games/{gid}/next-hand", headers=headers)
    assert r.status_code == 200
    r = client.post(f"/api/games/{gid}/review", headers=headers, json={"hand": 1})
    assert r.status_code == 404

    # what-if: another card at one of seat 0's decisions; the bots finish the hand
    d = next(d for d in review["decisions"] if d["stage"] == "play" and len(d["expected"]) > 1)
    other = next(c for c in d["expected"] if c != d["played"])
    r = client.post(f"/api/games/{gid}/whatif", headers=headers,
                    json={"hand": 0, "index": d["index"], "card": other})
    assert r.status_code == 200, r.text
    w = r.json()
    assert w["plays"][0] == {"seat": 0, "card": other}
    assert len(w["plays"]) == 52 - d["index"] and sum(w["points"]) in (26, 78)
    assert w["actual"] == story["points"]
    # nothing stored: the game and its record are unchanged
    assert client.get(f"/api/games/{gid}/record", headers=headers).json() == rec
    r = client.post(f"/api/games/{gid}/whatif", headers=headers,
                    json={"hand": 0, "index": (d["index"] + 1) % 52, "card": other})
    assert r.status_code == 409
    assert r.json()["error"]["code"] in ("not_your_card", "not_in_hand", "must_follow_suit")


def test_whatif_refuses_an_illegal_card_with_the_engine_reason(client):
    gid, headers, state = new_game(client, game=777)
    finish_hand(client, gid, headers, state, random.Random(2))
    rec = client.get(f"/api/games/{gid}/record", headers=headers).json()
    # seat 0's first card of trick 2 or later that does not lead the trick
    plays = rec["hands"][0]["play"]
    tried = 0
    for i in range(4, 52):
        if i % 4 == 0 or _seat_at(rec, i) != 0:
            continue
        lead = plays[(i // 4) * 4]
        hand_then = _hand_at(rec, i)
        off = [c for c in hand_then if c[-1] != lead[-1]]
        if off and any(c[-1] == lead[-1] for c in hand_then):
            r = client.post(f"/api/games/{gid}/whatif", headers=headers,
                            json={"hand": 0, "index": i, "card": off[0]})
            assert r.status_code == 409 and r.json()["error"]["code"] == "must_follow_suit"
            tried += 1
    assert tried  # some position bound seat 0 to follow suit
    # (the bots' seeds are secret, so which plays are seat 0's differs from run to run)
    mine = next(i for i in range(52) if _seat_at(rec, i) == 0)
    r = client.post(f"/api/games/{gid}/whatif", headers=headers,
                    json={"hand": 0, "index": mine, "card": "ZZ"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "unknown_card"


def _at(rec: dict[str, Any], i: int) -> Game:
    return replay_record(dict(rec, hands=[dict(rec["hands"][0], play=rec["hands"][0]["play"][:i])]))


def _seat_at(rec: dict[str, Any], i: int) -> int:
    return _at(rec, i).turn


def _hand_at(rec: dict[str, Any], i: int) -> list[str]:
    g = _at(rec, i)
    return [card_str(c) for c in cards_of(g.hands[g.turn])]


def test_daily_results_are_stored_once_per_browser_and_shown_as_a_distribution(client):
    today = dt.datetime.now(dt.UTC).date()
    number = daily_number(today)
    totals = []
    browsers = [f"browser-{k:04d}" for k in range(4)]
    for k, browser in enumerate(browsers):
        gid, headers, state = new_game(client, game=number, options={"target_score": 1})
        r = client.post("/api/daily/result", headers=headers, json={"game_id": gid,
                                                                     "browser": browser})
        assert r.status_code == 409 and r.json()["error"]["code"] == "not_finished"
        state = finish_hand(client, gid, headers, state, random.Random(k))
        assert state["view"]["phase"] == "game-over"
        totals.append(state["view"]["totals"][0])
        r = client.post("/api/daily/result", headers=headers, json={"game_id": gid,
                                                                     "browser": browser})
        assert r.status_code == 201, r.text
        assert r.json()["stored"] is True and r.json()["mine"] == totals[-1]
        # the same browser again (even with another game): not stored twice
        r = client.post("/api/daily/result", headers=headers, json={"game_id": gid,
                                                                     "browser": browser})
        assert r.status_code == 200 and r.json()["stored"] is False
    out = client.get("/api/daily/results", params={"browser": browsers[0]}).json()
    assert out["count"] == 4 and out["game"] == number
    want: dict[int, int] = {}
    for t in totals:
        want[t] = want.get(t, 0) + 1
    assert out["scores"] == sorted([t, c] for t, c in want.items())
    assert out["mine"] == totals[0]
    assert out["rank"] == 1 + sum(1 for t in totals if t < totals[0])
    assert out["rules"]["options"]["target_score"] == 1
    # the default rules' distribution holds none of these
    assert client.get("/api/daily/results").json()["count"] == 0
    # a game that is not today's daily game is refused
    gid, headers, state = new_game(client, game=number + 1, options={"target_score": 1})
    finish_hand(client, gid, headers, state, random.Random(9))
    r = client.post("/api/daily/result", headers=headers, json={"game_id": gid,
                                                                 "browser": "another-browser"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_daily"
    r = client.post("/api/daily/result", headers=headers, json={"game_id": gid, "browser": "x"})
    assert r.status_code == 422
    r = client.get("/api/daily/results", params={"date": "2026-02-30"})
    assert r.status_code == 422


def _started_on(server: ServerProcess, gid: str, when: dt.datetime) -> None:
    """Move a stored game's start (``friend_tables.created_at``) to ``when``."""
    from sqlalchemy import update

    from hearts.web.storage import make_engine
    from hearts.web.table_store import friend_tables

    engine = make_engine(server.db_url)
    try:
        with engine.begin() as conn:
            conn.execute(update(friend_tables).where(friend_tables.c.id == gid)
                         .values(created_at=when))
    finally:
        engine.dispose()


def test_daily_results_count_for_the_day_begun_and_by_level(client, server):
    """Regressions: a daily game finished after midnight UTC was refused (the number was
    checked against the day of posting); tomorrow's daily played today counted tomorrow;
    results against random bots were ranked with results against hard ones."""
    today = dt.datetime.now(dt.UTC).date()
    yesterday = today - dt.timedelta(days=1)

    def finished(number: int, level: str, seed: int) -> tuple[str, dict[str, str]]:
        gid, headers, state = new_game(client, game=number, level=level,
                                       options={"target_score": 1})
        finish_hand(client, gid, headers, state, random.Random(seed))
        return gid, headers

    def post(gid: str, headers: dict[str, str], browser: str) -> httpx.Response:
        return client.post("/api/daily/result", headers=headers,
                           json={"game_id": gid, "browser": browser})

    # begun yesterday at 23:50, finished now: counts for yesterday
    gid, headers = finished(daily_number(yesterday), "medium", 1)
    _started_on(server, gid, dt.datetime.combine(yesterday, dt.time(23, 50), dt.UTC))
    r = post(gid, headers, "late-finisher")
    assert r.status_code == 201 and r.json()["date"] == yesterday.isoformat(), r.text
    # begun two days ago: closed
    old = today - dt.timedelta(days=2)
    gid, headers = finished(daily_number(old), "medium", 2)
    _started_on(server, gid, dt.datetime.combine(old, dt.time(12), dt.UTC))
    r = post(gid, headers, "too-late")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_daily", r.text
    # tomorrow's daily begun today: no daily game, then or tomorrow
    gid, headers = finished(daily_number(today + dt.timedelta(days=1)), "medium", 3)
    r = post(gid, headers, "early-bird")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_daily", r.text
    # today's, against random and against medium bots: two distributions
    for level, browser, seed in (("random", "lvl-random", 4), ("medium", "lvl-medium", 5)):
        gid, headers = finished(daily_number(today), level, seed)
        r = post(gid, headers, browser)
        assert r.status_code == 201, r.text
        assert r.json()["rules"]["level"] == level
    mine = client.get("/api/daily/results", params={"browser": "lvl-random"}).json()
    assert mine["rules"]["level"] == "random" and mine["count"] == 1


def test_reviews_are_shared_by_every_server_process(tmp_path):
    """With two server processes on one database, a review started by one is polled
    through both (the job lives in the database, not in one process)."""
    db = tmp_path / "two.db"
    srv = ServerProcess(f"sqlite:///{db}", workers=2, log_path=str(db) + ".log").start()
    try:
        with httpx.Client(base_url=srv.url, timeout=120) as client:
            gid, headers, state = new_game(client, game=31337)
            finish_hand(client, gid, headers, state, random.Random(5))
            job = client.post(f"/api/games/{gid}/review", headers=headers, json={}).json()
            deadline = time.monotonic() + 300
            polls = 0
            while True:
                # a fresh connection each time, so that either process may answer
                r = httpx.get(f"{srv.url}/api/reviews/{job['job']}", timeout=60)
                assert r.status_code == 200, r.text
                polls += 1
                out = r.json()
                if out["status"] != "running" or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
            assert out["status"] == "done" and len(out["review"]["decisions"]) == 14
            again = client.post(f"/api/games/{gid}/review", headers=headers, json={})
            assert again.status_code == 200 and again.json()["job"] == job["job"]
    finally:
        srv.stop()


def test_review_of_a_domino_hand(client):
    """Domino Hearts is reviewed on the web too (the worlds of players/stock.py): one
    entry per play of seat 0, legal cards weighed; the story's tricks are the record's."""
    gid, headers, state = new_game(client, variant="domino", game=31)
    state = finish_hand(client, gid, headers, state, random.Random(2))
    assert state["view"]["phase"] in ("deal", "game-over")
    r = client.post(f"/api/games/{gid}/review", headers=headers, json={"hand": 0})
    assert r.status_code == 202, r.text
    job = r.json()
    rec = client.get(f"/api/games/{gid}/record", headers=headers).json()
    play = [c["card"] for t in job["story"]["tricks"] for c in t["cards"]]
    assert play == rec["hands"][0]["play"]
    deadline = time.monotonic() + 240
    while True:
        out = client.get(f"/api/reviews/{job['job']}").json()
        if out["status"] != "running" or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert out["status"] == "done", out
    decisions = out["review"]["decisions"]
    mine = sum(1 for t in job["story"]["tricks"] for c in t["cards"] if c["seat"] == 0)
    assert [d["stage"] for d in decisions] == ["play"] * mine
    assert any(len(d["expected"]) > 1 and d["worlds"] > 0 for d in decisions)


@pytest.mark.parametrize("variant", ["cancellation", "four-queens"])
def test_review_of_a_game_whose_names_have_two_cards_is_done(client, variant):
    """Two packs (Cancellation Hearts) and the four-queens game: a card name means the copy
    the seat holds; the review replays through the record's steps and ends "done" (it
    answered 500 internal_error when the story played a name without finding the copy)."""
    r = client.post("/api/games", json={"level": "random", "variant": variant, "game": 4321})
    assert r.status_code == 201, r.text
    state = r.json()
    gid, headers = state["id"], {"X-Game-Token": state["token"]}
    answers = {"bid": None, "suit": "S", "declare": None, "moon-choice": "add"}
    while state["view"]["phase"] not in ("deal", "game-over"):
        v = state["view"]
        phase = v["phase"]
        if phase == "pass":
            r = client.post(f"/api/games/{gid}/pass", headers=headers,
                            json={"cards": v["hand"][-v["pass_count"]:] if "pass_count" in v
                                  else v["hand"][-3:]})
        elif phase == "play":
            r = client.post(f"/api/games/{gid}/play", headers=headers, json={"card": v["legal"][0]})
        else:
            kind = "moon" if phase == "moon-choice" else phase
            r = client.post(f"/api/games/{gid}/decide", headers=headers,
                            json={"kind": kind, "value": answers[phase]})
        assert r.status_code == 200, r.text
        state = r.json()
    r = client.post(f"/api/games/{gid}/review", headers=headers, json={"hand": 0})
    assert r.status_code == 202, r.text
    job = r.json()
    assert job["story"]["points"] is not None
    assert sum(len(t["cards"]) for t in job["story"]["tricks"]) == \
        len(client.get(f"/api/games/{gid}/record", headers=headers).json()["hands"][0]["play"])
    deadline = time.monotonic() + 300
    while job["status"] == "running" and time.monotonic() < deadline:
        time.sleep(0.3)  # polling a job that runs in the server (not a fixed wait for a result)
        job = client.get(f"/api/reviews/{job['job']}").json()
    assert job["status"] == "done", job


def test_reviews_are_bounded_in_all_and_per_client_with_retry_after(tmp_path, monkeypatch):
    """A break-it helper's finds (session 35): the "busy" refusal let five reviews wait
    where the docs say four, said no ``Retry-After``, and counted every client's reviews
    together, so one client took every place.  Now at most ``MAX_PENDING`` in all and
    ``MAX_PER_CLIENT`` of one address; a client's places come back when its reviews end."""
    import threading

    import hearts.web.review as web_review
    from hearts.web.review import MAX_PENDING, MAX_PER_CLIENT, RETRY_SECONDS, ReviewJobs
    from hearts.web.service import WebError
    from hearts.web.storage import GameStore

    assert MAX_PER_CLIENT < MAX_PENDING
    jobs = ReviewJobs(GameStore(f"sqlite:///{tmp_path / 'jobs.db'}").engine)
    gate = threading.Event()
    jobs.pool.submit(gate.wait, 60)        # the analysis thread is taken: reviews queue
    record = {"hands": [{}]}

    def ask(n: int, client: str) -> dict[str, Any] | tuple[int, str, Any]:
        try:
            return jobs.submit(f"key-{client}-{n}", record, 0, {}, client=client)
        except WebError as exc:
            return exc.status, exc.code, exc.headers

    busy = (429, "busy", {"Retry-After": str(RETRY_SECONDS)})
    first = [ask(n, "10.0.0.1") for n in range(MAX_PER_CLIENT)]
    assert all(isinstance(j, dict) and j["status"] == "running" for j in first)
    assert ask(99, "10.0.0.1") == busy              # this client's places are taken
    others = [ask(n, f"10.0.1.{n}") for n in range(MAX_PENDING - MAX_PER_CLIENT)]
    assert all(isinstance(j, dict) for j in others)  # other clients still have places
    assert ask(0, "10.0.2.1") == busy               # every place taken: MAX_PENDING, not one more

    monkeypatch.setattr(web_review, "review_record", lambda *a, **k: {"decisions": []})
    gate.set()                                      # the queued reviews now run and end
    for j in first + others:
        for _ in range(500):
            if jobs.get(j["job"])["status"] == "done":  # type: ignore[index]
                break
            time.sleep(0.01)
        assert jobs.get(j["job"])["status"] == "done"  # type: ignore[index]
    again = ask(100, "10.0.0.1")
    assert isinstance(again, dict) and again["status"] == "running"
    jobs.pool.shutdown(wait=True)
