"""Every game of the registry at a shared table, over real WebSocket against a running
``hearts serve``: what the solo game offers, a table offers.

For each variant of :data:`hearts.rules.VARIANTS` (so a new variant is covered without
editing this file) and standard Hearts at 3, 5 and 6 players, a table with one person
(the host, seat 0) and bots at level ``random`` plays its first hand, while a spectator
watches.  Checked from what the clients receive:

- every seat has one name, the same for the host, the spectator and a reload (the
  person's name; a computer's fixed name, :func:`hearts.web.seat_names.computer_name`);
- the trick, widow and leftover events account for every card point of the hand's
  breakdown (the ``hand_end`` event's), and the breakdown adds up to the hand's points;
- each ``state``/``update`` message carries the solo game's ``score_detail``; once the
  hand is scored it is the ``hand_end`` breakdown; the review of the hand for the host's
  seat ends ``done`` (``tables_client.review_done``);
- for two games (one with a second person at seat 2): a hint for the asker's own
  decision, its refusal where the host turned hints off, and the review of the finished
  hand for the asker's seat (403 without a seat token), and a what-if from its own card.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from tables_client import (
    TableClient,
    check_hand_accounts,
    create_table,
    join_table,
    review_done,
    start_game,
    truth_at,
)

from hearts.cli.serve import ServerProcess
from hearts.rules import VARIANTS
from hearts.web.seat_names import computer_name

GAMES = [(v, None) for v in VARIANTS] + [("standard", n) for n in (3, 5, 6)]

DEEP = {("standard", None): 0, ("black-maria", None): 2}
"""Games where the hint and the review are asked too, and by which seat."""


@pytest.fixture(scope="module")
def db_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('every') / 'hearts.db'}"


@pytest.fixture(scope="module")
def server(db_url: str) -> Iterator[ServerProcess]:
    srv = ServerProcess(db_url, log_path=db_url.removeprefix("sqlite:///") + ".log").start()
    yield srv
    srv.stop()


@pytest.fixture
def clients() -> Iterator[list[TableClient]]:
    made: list[TableClient] = []
    yield made
    for c in made:
        with contextlib.suppress(Exception):
            c.drop()


def move(client: TableClient) -> bool:
    """Answer the client's pending decision (first cards of a pass or a play, the first
    option of any one-value decision), or deal the next hand as the host; False when
    nothing is due."""
    m = client.latest()
    view, table = m["view"], m["table"]
    seat = view["seat"]
    if seat is None or seat not in table["due"] or table["seats"][seat]["away"]:
        return False
    d = view.get("decision")
    if d is not None and d["kind"] in ("pass", "play"):
        if d["kind"] == "pass" and view["has_passed"][seat]:
            return False
        field = "cards" if d["kind"] == "pass" else "card"
        value: Any = d["cards"][:d["pick"]] if d["kind"] == "pass" else d["cards"][0]
        client.send({"type": d["kind"], field: value, "v": m["v"]})
    elif d is not None:
        client.send({"type": d["kind"], {"moon": "choice"}.get(d["kind"], d["kind"]):
                     d["options"][0], "v": m["v"]})
    else:
        return False
    return True


def play_until(persons: list[TableClient], until: Callable[[], bool], timeout: float = 60
               ) -> None:
    """Each person moves when due until ``until()``; every move must be accepted."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the table did not get there in time"
        newest = max(c.v for c in persons)
        for c in persons:  # every person has seen the newest version before moving
            c.wait_version(newest)
        moved = False
        for c in persons:
            errors, seen, seat = len(c.errors()), len(c.messages), c.view["seat"]
            if move(c):
                # Wait for this seat's own move (an update from a bot's move is not it: a
                # person answering that one would send the same move twice).
                c.wait(lambda ms, seat=seat, seen=seen, e=errors: len(
                    [m for m in ms if m["type"] == "error"]) > e or any(
                    m["type"] == "update" and any(ev.get("seat") == seat
                                                  or ev["type"] == "deal"
                                                  for ev in m["events"]) for m in ms[seen:]))
                assert len(c.errors()) == errors, c.errors()[-1]
                moved = True
        if not moved:
            # Wait for a version after ``newest`` (every person has seen ``newest``, and
            # no one was due at what they saw).  Not for "a message after the ones the host
            # had": a bot's move that reached the host before that count but one person
            # after their look would leave that person due and the wait hanging.
            persons[0].wait(lambda ms, v=newest: until() or any(
                m["type"] in ("state", "update") and m["v"] > v for m in ms),
                timeout=max(0.1, deadline - time.monotonic()))


def hand_end(c: TableClient) -> dict[str, Any] | None:
    ends = c.events("hand_end")
    return ends[0] if ends else None


def ask(c: TableClient, msg: dict[str, Any], answer: str) -> dict[str, Any]:
    """Send ``msg`` and return the next message of type ``answer`` or ``error``."""
    seen = len(c.messages)
    c.send(msg)
    c.wait(lambda ms: any(m["type"] in (answer, "error") for m in ms[seen:]))
    return next(m for m in c.messages[seen:] if m["type"] in (answer, "error"))


def check_hint(persons: list[TableClient], c: TableClient) -> None:
    """Ask for a hint on ``c``'s own turn; the answer is one of its legal choices."""
    play_until(persons, lambda: (c.view.get("decision") or {}).get("kind") == "play"
               and c.view["turn"] == c.view["seat"])
    d = c.view["decision"]
    # regression: a level of "" or 5 was taken silently as the default (hard)
    assert ask(c, {"type": "hint", "level": ""}, "hint")["code"] == "bad_option"
    assert ask(c, {"type": "hint", "level": 5}, "hint")["code"] == "bad_message"
    hint = ask(c, {"type": "hint", "level": "random"}, "hint")
    assert hint["type"] == "hint", hint
    assert hint["stage"] == "play" and hint["card"] in d["cards"] and hint["v"] == c.v
    if c.view["seat"] != 0:
        return
    # Regression: the connection waited for a hint's search before reading its next message,
    # so a move sent meanwhile could lose to the turn timer.  An expert hint (seconds of
    # search), then at once a ping and a play: both are answered before the hint.
    seen, v = len(c.messages), c.v
    c.send({"type": "hint", "level": "expert"})
    c.send({"type": "ping"})
    c.send({"type": "play", "card": hint["card"], "v": v})
    c.wait(lambda ms: any(m["type"] in ("hint", "error") for m in ms[seen:]), timeout=120)
    kinds = [m["type"] if m["type"] != "update" or m["v"] != v + 1 else "played"
             for m in c.messages[seen:]]
    first = min(kinds.index(k) for k in ("hint", "error") if k in kinds)
    assert "pong" in kinds[:first] and "played" in kinds[:first], kinds


def check_review(base: str, table_id: str, token: str, seat: int, tricks: int) -> None:
    r = httpx.post(f"{base}/api/tables/{table_id}/review", json={"hand": 0}, timeout=30)
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"
    job = review_done(base, f"/api/tables/{table_id}/review", {"X-Seat-Token": token}, seat)
    assert len(job["story"]["tricks"]) == tricks  # and one play reviewed a trick
    # play on from the seat's own card (the same card: the hand's real points come back)
    mine = next(c for t in job["story"]["tricks"] for c in t["cards"] if c["seat"] == seat)
    r = httpx.post(f"{base}/api/tables/{table_id}/whatif", headers={"X-Seat-Token": token},
                   json={"hand": 0, "index": mine["index"], "card": mine["card"]}, timeout=60)
    assert r.status_code == 200, r.text
    assert r.json()["plays"][0] == {"seat": seat, "card": mine["card"]}


@pytest.mark.parametrize("variant,players", GAMES)
def test_a_hand_at_a_table_of_every_game(variant: str, players: int | None, server: ServerProcess,
                                         db_url: str, clients: list[TableClient]) -> None:
    base = server.url
    deep = DEEP.get((variant, players))
    settings: dict[str, Any] = {"variant": variant, "level": "random", "turn_seconds": 600}
    if players is not None:
        settings["players"] = players
    t = create_table(base, "Ann", **settings)
    tid = t["id"]
    host = TableClient(base, tid, t["token"], name="host")
    clients.append(host)
    persons, tokens = [host], {0: t["token"]}
    if deep == 2:
        r = join_table(base, tid, "Ben", seat=2)
        assert r.status_code == 201, r.text
        tokens[2] = r.json()["token"]
        persons.append(TableClient(base, tid, tokens[2], name="ben"))
        clients.append(persons[-1])
    watcher = TableClient(base, tid, None, name="spectator")
    clients.append(watcher)
    start_game(host)
    n = len(host.latest()["table"]["seats"])

    # One name per seat, the same on every screen and after a reload.
    names = [s["name"] for s in host.latest()["table"]["seats"]]
    people = {0: "Ann", 2: "Ben"} if deep == 2 else {0: "Ann"}
    assert names == [people.get(s, computer_name(s)) for s in range(n)]
    watcher.wait_version(host.v)
    assert [s["name"] for s in watcher.latest()["table"]["seats"]] == names
    info = httpx.get(f"{base}/api/tables/{tid}", timeout=30).json()
    assert [s["name"] for s in info["seats"]] == names

    if deep is not None:
        check_hint(persons, next(c for c in persons if c.view["seat"] == deep))
    play_until(persons, lambda: hand_end(host) is not None)
    end = hand_end(host)
    assert end is not None

    # The trick, widow and leftover events account for every card point of the breakdown,
    # which adds up to the hand's points, the stored game's.
    end = check_hand_accounts(host.events(), truth_at(db_url, tid), viewer=0)
    items = end["breakdown"]

    # The solo game's score detail, in every message; after the hand, the breakdown.
    for c in (host, watcher):
        c.wait(lambda _ms, c=c: hand_end(c) is not None)
        assert all("score_detail" in m for m in c.messages if m["type"] in ("state", "update"))
        detail = c.latest()["score_detail"]
        assert detail["scored"] and detail["hand"] == 0 and detail["items"] == items
    if deep is not None:
        check_review(base, tid, tokens[deep], deep, len(host.events("trick")))
    else:  # every game's hand is reviewed for the host's seat, and ends "done"
        review_done(base, f"/api/tables/{tid}/review", {"X-Seat-Token": t["token"]}, 0,
                    gave_up=bool(end.get("gave_up")))


def test_hints_off_and_other_requests_refused(server: ServerProcess,
                                              clients: list[TableClient]) -> None:
    base = server.url
    t = create_table(base, "Ann", level="random", hints=False, turn_seconds=600)
    host = TableClient(base, t["id"], t["token"], name="host")
    clients.append(host)
    start_game(host)
    assert ask(host, {"type": "hint", "level": "random"}, "hint")["code"] == "no_hints"
    watcher = TableClient(base, t["id"], None, name="spectator")
    clients.append(watcher)
    assert ask(watcher, {"type": "hint"}, "hint")["code"] == "not_seated"
    r = httpx.post(f"{base}/api/tables/{t['id']}/review", json={},
                   headers={"X-Seat-Token": t["token"]}, timeout=30)
    assert r.status_code == 409 and r.json()["error"]["code"] == "no_finished_hand"
    # regression: an empty level made a table of medium bots instead of a refusal
    r = httpx.post(f"{base}/api/tables", json={"name": "Ann", "level": ""}, timeout=30)
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_option", r.text


def test_spectators_refused_spend_no_misses(server: ServerProcess) -> None:
    """Regression: a spectator's hello at a table without spectators closed with 4403, the
    wrong-token code, so friends opening the link spent the address's misses until every
    table route answered 429.  Now 4409, and the address keeps its misses."""
    from websockets.sync.client import connect

    base = server.url
    t = create_table(base, "Ann", level="random", spectators=False)
    url = base.replace("http", "ws", 1) + f"/api/tables/{t['id']}/ws"
    codes = set()
    for _ in range(70):  # past the misses' burst (2 x 30)
        with connect(url, open_timeout=20) as ws:
            ws.send('{"type": "hello", "token": null}')
            assert '"no_spectators"' in ws.recv(timeout=20)
            with contextlib.suppress(Exception):
                ws.recv(timeout=20)
            codes.add(ws.close_code)
    assert codes == {4409}
    assert httpx.get(f"{base}/api/tables/{t['id']}", timeout=30).status_code == 200


def test_every_variant_and_player_count_makes_a_table(server: ServerProcess) -> None:
    """The create route takes every game of the registry at each of its player counts
    (and names each seat); an impossible count is refused with the rules' reason."""
    for name, variant in VARIANTS.items():
        for n in variant.players:
            r = httpx.post(server.url + "/api/tables", json={
                "name": "Ann", "variant": name, "players": n, "level": "random"}, timeout=30)
            assert r.status_code == 201, (name, n, r.text)
            table = r.json()["table"]
            assert table["settings"]["players"] == n and len(table["seats"]) == n
            assert [s["name"] for s in table["seats"]][1:] == [computer_name(s)
                                                               for s in range(1, n)]
    r = httpx.post(server.url + "/api/tables", json={"name": "Ann", "variant": "partnership",
                                                     "players": 5}, timeout=30)
    assert r.status_code == 400 and r.json()["error"]["message"]


def test_a_tables_state_carries_the_rules_resolved_as_the_solo_state(
        server: ServerProcess, clients: list[TableClient]) -> None:
    """The ``state`` message gives every option of the table's rules, resolved, as the solo
    game's State does for the same settings (the page reads the pass count, the target and
    the house rules from it)."""
    settings = {"variant": "black-maria", "players": 4,
                "options": {"target_score": 50, "pass_count": 2}, "level": "random"}
    t = create_table(server.url, "Ann", **settings, turn_seconds=600)
    host = TableClient(server.url, t["id"], t["token"], name="host")
    clients.append(host)
    solo = httpx.post(server.url + "/api/games", json=settings, timeout=30)
    assert solo.status_code == 201, solo.text
    options = host.messages[0]["options"]
    assert options == solo.json()["options"]
    assert options["target_score"] == 50 and options["pass_count"] == 2
    assert options["spade_penalties"] == "maria"  # the variant's own, not only the overrides
    watcher = TableClient(server.url, t["id"], None, name="spectator")
    clients.append(watcher)
    assert watcher.messages[0]["type"] == "state" and watcher.messages[0]["options"] == options


def test_no_record_shows_the_hand_being_bid(tmp_path: Any) -> None:
    """The one record writer (``projection.finished_record``) withholds the hand in
    progress in its auction too: the solo game's record used to give the deal of the hand
    being bid (every seat's cards) while seat 0 was asked to bid."""
    from hearts.web.service import GameService
    from hearts.web.storage import GameStore

    svc = GameService(GameStore(f"sqlite:///{tmp_path / 'solo.db'}"))
    phases = set()
    for number in range(1, 8):
        st = svc.create("auction", level="random", game_number=number)
        rec, withheld = svc.record(st["id"], st["token"])
        phases.add(st["view"]["phase"])
        assert withheld and rec["hands"] == [], st["view"]["phase"]
    assert "bid" in phases
