"""A WebSocket client of a shared table for the tests (``websockets``' sync client).

A reader thread collects every message; helpers wait for a condition on them.  Each
message's cards can be checked against the truth read back from the database
(:func:`truth_at`).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

import httpx
from websockets.sync.client import connect

from hearts.web.storage import make_engine
from hearts.web.table_store import TableStore
from hearts.web.tables import TableState, load_state


class TableClient:
    """One client (seat token, or none for a spectator) of table ``table_id`` at ``base``."""

    def __init__(self, base: str, table_id: str, token: str | None, since: int | None = None,
                 name: str = "") -> None:
        self.base = base
        self.table_id = table_id
        self.token = token
        self.name = name
        self.messages: list[dict[str, Any]] = []
        self.cond = threading.Condition()
        self.closed = False
        self.ws: Any = None
        self.connect(since)

    def connect(self, since: int | None = None) -> None:
        """(Re)connect and say hello; waits for the ``state`` message."""
        url = self.base.replace("http://", "ws://") + f"/api/tables/{self.table_id}/ws"
        self.ws = connect(url, open_timeout=20, close_timeout=2).__enter__()
        self.closed = False
        self.ws.send(json.dumps({"type": "hello", "token": self.token, "since": since}))
        start = len(self.messages)
        self._reader = threading.Thread(target=self._read, args=(self.ws,), daemon=True)
        self._reader.start()
        self.wait(lambda ms: any(m["type"] in ("state", "error") for m in ms[start:]))

    def _read(self, ws: Any) -> None:
        try:
            for text in ws:
                with self.cond:
                    self.messages.append(json.loads(text))
                    self.cond.notify_all()
        except Exception:
            pass
        finally:
            with self.cond:
                if ws is self.ws:
                    self.closed = True
                self.cond.notify_all()

    def drop(self) -> None:
        """Close the connection (as a dropped network would)."""
        self.ws.close()
        self._reader.join(timeout=5)

    def send(self, msg: dict[str, Any]) -> None:
        self.ws.send(json.dumps(msg))

    def wait(self, pred: Callable[[list[dict[str, Any]]], bool], timeout: float = 30) -> None:
        """Wait until ``pred(messages)`` holds (AssertionError after ``timeout`` s)."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while not pred(self.messages):
                left = deadline - time.monotonic()
                if left <= 0:
                    tail = [m.get("type") for m in self.messages[-8:]]
                    raise AssertionError(f"{self.name}: timed out; last messages {tail}: "
                                         f"{json.dumps(self.messages[-1:])[:1500]}")
                self.cond.wait(left)

    # -------------------------------------------------------------- reading
    def latest(self) -> dict[str, Any]:
        """The last ``state`` or ``update`` message."""
        with self.cond:
            for m in reversed(self.messages):
                if m["type"] in ("state", "update"):
                    return m
        raise AssertionError("no state yet")

    @property
    def v(self) -> int:
        return int(self.latest()["v"])

    @property
    def view(self) -> dict[str, Any]:
        return dict(self.latest()["view"])

    def wait_version(self, v: int, timeout: float = 30) -> None:
        self.wait(lambda ms: any(m["type"] in ("state", "update") and m["v"] >= v for m in ms),
                  timeout)

    def errors(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "error"]

    def wait_error(self, count: int, timeout: float = 30) -> dict[str, Any]:
        """Wait for the ``count``-th error message and return it."""
        self.wait(lambda ms: len([m for m in ms if m["type"] == "error"]) >= count, timeout)
        return self.errors()[count - 1]

    def events(self, kind: str | None = None) -> list[dict[str, Any]]:
        out = []
        for m in self.messages:
            if m["type"] == "update":
                out.extend(e for e in m["events"] if kind is None or e["type"] == kind)
        return out

    def versions(self) -> list[int]:
        return [m["v"] for m in self.messages if m["type"] == "update"]


def start_game(host: TableClient, until: str = "deal", timeout: float = 30) -> None:
    """The host starts the game and waits for the event ``until`` (default the deal).

    A ``stale`` refusal is answered as a person would answer it, by looking again and
    retrying: the table may have moved on between the version the host read and its
    message (on a busy machine the host's own return to its seat, which takes it back
    from the bot that stood in, arrives just after the first state).  Any other refusal,
    or a stale one five times, fails."""
    for _ in range(5):
        seen = len(host.errors())
        host.send({"type": "start", "v": host.v})
        host.wait(lambda _ms, seen=seen: host.events(until) != [] or len(host.errors()) > seen,
                  timeout)
        if host.events(until):
            return
        err = host.errors()[-1]
        if err["code"] != "stale":
            raise AssertionError(f"start refused: {err}")
        host.wait_version(int(err.get("v", host.v)))
    raise AssertionError("start refused as stale five times")


def create_table(base: str, name: str = "Host", **settings: Any) -> dict[str, Any]:
    r = httpx.post(base + "/api/tables", json={"name": name, **settings}, timeout=30)
    assert r.status_code == 201, r.text
    return dict(r.json())


def join_table(base: str, table_id: str, name: str, **more: Any) -> httpx.Response:
    return httpx.post(f"{base}/api/tables/{table_id}/join", json={"name": name, **more},
                      timeout=30)


def truth_at(db_url: str, table_id: str, version: int | None = None) -> TableState:
    """The table as stored, folded up to ``version`` (default: all of it)."""
    engine = make_engine(db_url)
    store = TableStore(engine)
    try:
        row = store.load(table_id)
    finally:
        store.close()
        engine.dispose()
    actions = row.actions if version is None else row.actions[:version]
    return load_state(table_id, row.settings, row.seed, actions)


CARD_KINDS = ("hearts", "suit", "card")
"""Breakdown items that count cards taken (the others: moon, bonus, chips...)."""


def check_hand_accounts(events: list[dict[str, Any]], truth: TableState,
                        viewer: int | None = 0) -> dict[str, Any]:
    """The first hand's ``hand_end`` event among ``events`` (what ``viewer`` was sent),
    after checking that the trick, widow and leftover events account for every card point
    of its breakdown, that the breakdown adds up to the hand's points and that those are
    the stored game's (``truth``, the oracle).  A widow taken by another seat is shown
    with the score only: its points come from the stored game, its cards from the
    ``hand_end`` event."""
    from hearts.cards import card_str, cards_of
    from hearts.scoring import penalty_of

    end = next(e for e in events if e["type"] == "hand_end")
    game = truth.game
    n = game.n
    taken = [0] * n
    for e in events:
        if e["type"] == "trick" and e["taker"] >= 0:
            taken[e["taker"]] += e["points"]
        elif e["type"] in ("widow", "rest"):
            assert "points" in e or e["seat"] != viewer
            taken[e["seat"]] += e["points"] if "points" in e else penalty_of(
                game.hand_rules, game.widow)
            if "points" not in e:
                assert sorted(end["widow"]) == sorted(card_str(c) for c in cards_of(game.widow))
        if e is end:
            break
    items = end["breakdown"]
    for s in end.get("gave_up") or ():  # Hearts 1887: a seat that gave up counts nothing
        taken[s] = 0
    assert [sum(x["points"] for x in items[s] if x["kind"] in CARD_KINDS)
            for s in range(n)] == taken
    assert [sum(x["points"] for x in items[s]) for s in range(n)] == end["points"]
    assert end["points"] == list(game.results[0].points)
    return end


def review_done(base: str, path: str, headers: dict[str, str], seat: int,
                gave_up: bool = False) -> dict[str, Any]:
    """Ask ``POST {path}`` (a game's or a table's review route) for hand 0 and poll the
    job until it ends; it must end ``done`` with one ``play`` decision per card ``seat``
    played in the hand's story (and passes, if any).  After a give-up (Hearts 1887,
    ``gave_up``) the plays that follow are not reviewed (``hearts.analysis.
    decision_points``): fewer, then.  Returns the first answer (``story``, ``job``)."""
    r = httpx.post(base + path, json={"hand": 0}, headers=headers, timeout=30)
    assert r.status_code in (200, 202), r.text
    job = r.json()
    assert job["story"]["hand"] == 0
    plays = sum(1 for t in job["story"]["tricks"] for c in t["cards"] if c["seat"] == seat)
    deadline = time.monotonic() + 300
    out = job
    while out["status"] == "running" and time.monotonic() < deadline:
        time.sleep(0.3)  # polling the job's progress (no fixed wait for a result)
        out = httpx.get(f"{base}/api/reviews/{job['job']}", timeout=30).json()
    assert out["status"] == "done", out
    assert out["review"]["seat"] == seat
    stages = [d["stage"] for d in out["review"]["decisions"]]
    assert set(stages) <= {"pass", "play"}, stages
    assert stages.count("play") <= plays if gave_up else stages.count("play") == plays, \
        (stages, plays)
    return dict(job)


def cards_in(obj: Any, skip: frozenset[str] = frozenset({"record", "options"})) -> set[str]:
    """Every card string anywhere in a message (leaving out ``record`` objects and
    ``options``, where ``bonus_card`` names a card)."""
    import re

    card = re.compile(r"^(?:[2-9TJQKA][CDHS]|JK)$")
    out: set[str] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k not in skip:
                out |= cards_in(v, skip)
    elif isinstance(obj, list):
        for v in obj:
            out |= cards_in(v, skip)
    elif isinstance(obj, str) and card.match(obj):
        out.add(obj)
    return out


def act(client: TableClient) -> bool:
    """Make a legal move for the client's seat if one is due, from the decision its view
    carries (first legal card, first cards of the hand to pass, the last option of a bid,
    suit or moon), the host deals the next hand; False if none was due."""
    m = client.latest()
    view, seat = m["view"], m.get("seat", m["view"].get("seat"))
    if seat is None:
        return False
    table = m["table"]
    if seat not in table["due"] or table["seats"][seat]["away"]:
        return False
    d = view.get("decision")
    if d is not None and d["kind"] == "pass" and not view["has_passed"][seat]:
        client.send({"type": "pass", "cards": d["cards"][:d["pick"]], "v": m["v"]})
    elif d is not None and d["kind"] == "play":
        client.send({"type": "play", "card": d["cards"][0], "v": m["v"]})
    elif d is not None and d["kind"] in ("moon", "bid", "suit"):
        field, pick = {"moon": ("choice", 0)}.get(d["kind"], (d["kind"], -1))
        client.send({"type": d["kind"], field: d["options"][pick], "v": m["v"]})
    elif view["phase"] == "deal" and seat == 0:
        client.send({"type": "next", "v": m["v"]})
    else:
        return False
    return True
