"""Shared tables with real WebSocket clients against a running ``hearts serve``.

Several clients sit at one table; every message each one receives is checked
against the truth read back from the database (the table's action log, folded
through the engine): a seat sees its own hand and what was played, nothing of
the other hands until the finished hand's record is revealed.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import aio
import httpx
import pytest
from tables_client import (
    TableClient,
    act,
    cards_in,
    create_table,
    join_table,
    start_game,
    truth_at,
)

from hearts.cards import card_str, cards_of
from hearts.cli.serve import ServerProcess
from hearts.deal import numbered_deal
from hearts.record import replay_record


@pytest.fixture(scope="module")
def db_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('tables') / 'hearts.db'}"


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


def seat_table(base: str, clients: list[TableClient], persons: int = 4, **settings: Any
               ) -> tuple[str, list[TableClient]]:
    """A table with ``persons`` people seated (0 the host) and connected; not started."""
    t = create_table(base, "Ann", **settings)
    tokens = [t["token"]]
    for name in ["Ben", "Cho", "Dee"][: persons - 1]:
        r = join_table(base, t["id"], name)
        assert r.status_code == 201, r.text
        tokens.append(r.json()["token"])
    seated = [TableClient(base, t["id"], tok, name=f"seat{i}") for i, tok in enumerate(tokens)]
    clients.extend(seated)
    return t["id"], seated


def start(host: TableClient) -> None:
    start_game(host)


def drive(seated: list[TableClient], until: Callable[[], bool], timeout: float = 90) -> None:
    """Let each client make its move when due (answering the newest version it has seen),
    until ``until()`` holds; each move must be accepted."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the table did not get there in time"
        newest = max(c.v for c in seated)
        moved = False
        for c in seated:
            if c.v != newest:
                continue
            errors, seen = len(c.errors()), len(c.messages)
            if not act(c):
                continue
            seat = c.view["seat"]
            c.wait(lambda ms, seat=seat, seen=seen, e=errors: len(
                [m for m in ms if m["type"] == "error"]) > e or any(
                m["type"] == "update" and any(ev.get("seat") == seat or ev["type"] == "deal"
                                              for ev in m["events"]) for m in ms[seen:]))
            assert len(c.errors()) == errors, c.errors()[-1]
            newest = max(x.v for x in seated)
            for x in seated:  # everyone has seen it before ``until`` looks
                x.wait_version(newest)
            moved = True
            break
        if not moved:
            time.sleep(0.02)


def refusal(c: TableClient, msg: dict[str, Any] | str) -> dict[str, Any]:
    """Send ``msg`` and return the error it gets."""
    n = len(c.errors())
    if isinstance(msg, str):
        c.ws.send(msg)
    else:
        c.send(msg)
    return c.wait_error(n + 1)


def hand_over(c: TableClient, hand: int = 0) -> Callable[[], bool]:
    return lambda: any(e["type"] == "hand_end" and e["hand"] == hand for e in c.events())


def check_secrecy(db_url: str, table_id: str, client: TableClient, seat: int | None) -> int:
    """Every card in every message of ``client`` is its seat's own (dealt or received) or
    public (played) at that message's version; returns the number of messages checked."""
    checked = 0
    for m in client.messages:
        if m["type"] not in ("state", "update"):
            continue
        truth = truth_at(db_url, table_id, m["v"])
        game = truth.game
        public = {card_str(c) for c in cards_of(game.played)}
        own: set[str] = set()
        if seat is not None and game.hand_index >= 0:
            own = {card_str(c) for c in cards_of(game.dealt[seat] | game.received[seat])}
            assert set(m["view"]["hand"]) == {card_str(c) for c in cards_of(game.hands[seat])}
        else:
            assert m["view"]["hand"] == []
        seen = cards_in(m)
        if game.phase == "deal" and game.hand_index >= 0:
            continue  # the hand is over: every card has been played
        assert seen <= own | public, (seat, m["v"], sorted(seen - own - public))
        checked += 1
    return checked


def _deal_of(truth: Any) -> list[int]:
    """The first hand's deal, from the stored log's deal action."""
    deal = next(a for a in truth.recent if a.action[0] == "deal").action
    from hearts.cards import mask_of, parse_card

    return [mask_of(parse_card(c) for c in h) for h in deal[1]]


# ---------------------------------------------------------------------- tests
def test_four_friends_play_a_hand_each_seeing_only_their_own_cards(
        server: ServerProcess, db_url: str, clients: list[TableClient]) -> None:
    tid, seated = seat_table(server.url, clients, persons=4, level="random")
    spectator = TableClient(server.url, tid, None, name="spectator")
    clients.append(spectator)
    host = seated[0]
    assert host.latest()["host"] is True and seated[1].latest()["host"] is False
    start(host)
    for c in seated:
        c.wait(lambda ms: any(m["type"] == "update" and m["view"]["hand"] for m in ms))
    assert host.view["game"] is None and host.latest()["table"]["deals"] == "secret"
    drive(seated, hand_over(host))
    for c in [*seated, spectator]:
        c.wait(lambda _ms, c=c: hand_over(c)())
    # Every client saw every version once, in order, and the same plays in the same order.
    plays = [[(e["seat"], e["card"]) for e in c.events("play")] for c in [*seated, spectator]]
    assert all(p == plays[0] for p in plays) and len(plays[0]) == 52
    for c in [*seated, spectator]:
        vs = c.versions()
        assert vs == list(range(vs[0], vs[0] + len(vs))), c.name
    for seat, c in enumerate(seated):
        assert check_secrecy(db_url, tid, c, seat) > 20
    assert check_secrecy(db_url, tid, spectator, None) > 20
    # Each seat was told its own pass only.
    for seat, c in enumerate(seated):
        passes = c.events("pass")
        assert len(passes) == 1 and passes[0]["to"] == (seat + 1) % 4
    # The record revealed at the hand's end replays to the same scores.
    end = host.events("hand_end")[0]
    game = replay_record(end["record"])
    assert list(game.results[0].points) == end["points"]
    truth = truth_at(db_url, tid)
    assert end["record"]["hands"][0]["deal"] == [
        [card_str(c) for c in cards_of(m)] for m in truth.game.results and _deal_of(truth)]
    r = httpx.get(f"{server.url}/api/tables/{tid}/record", timeout=30)
    assert r.status_code == 200 and r.json()["hands"][0]["deal"] == end["record"]["hands"][0]["deal"]


def test_refusals_another_seat_out_of_turn_replay_and_a_full_table(
        server: ServerProcess, clients: list[TableClient]) -> None:
    tid, seated = seat_table(server.url, clients, persons=4, level="random")
    host = seated[0]
    # Only the host starts; a full table takes nobody more.
    assert refusal(seated[1], {"type": "start", "v": seated[1].v})["code"] == "not_host"
    r = join_table(server.url, tid, "Eve")
    assert r.status_code == 409 and r.json()["error"]["code"] == "table_full"
    start(host)
    drive(seated, lambda: host.view["phase"] == "play")
    turn = host.view["turn"]
    mover, other = seated[turn], seated[(turn + 1) % 4]
    for c in seated:
        c.wait_version(mover.v)
    v = mover.v
    # Out of turn: the engine's reason; nothing changes.
    assert refusal(other, {"type": "play", "card": other.view["hand"][0], "v": other.v}
                   )["code"] == "not_your_turn"
    # For another seat: refused whatever the card.
    assert refusal(other, {"type": "play", "seat": turn, "card": mover.view["legal"][0],
                           "v": other.v})["code"] == "not_your_seat"
    # A version the table never had, and a message without one.
    assert refusal(mover, {"type": "play", "card": mover.view["legal"][0], "v": v + 50}
                   )["code"] == "stale"
    assert refusal(mover, {"type": "play", "card": mover.view["legal"][0]}
                   )["code"] == "bad_message"
    assert httpx.get(f"{server.url}/api/tables/{tid}", timeout=30).json()["version"] == v
    # The mover plays; the same message sent again on its next turn is refused as old.
    mover.send({"type": "play", "card": mover.view["legal"][0], "v": v})
    mover.wait_version(v + 1)
    drive(seated, lambda: mover.v > v + 1 and mover.view["turn"] == turn
          and mover.view["phase"] == "play", timeout=60)
    for c in seated:
        c.wait_version(max(x.v for x in seated))
    now = mover.v
    assert refusal(mover, {"type": "play", "card": mover.view["legal"][0], "v": v}
                   )["code"] == "stale"
    assert mover.v == now
    # A token of no seat is refused at hello; garbage is answered, not fatal.
    intruder = TableClient(server.url, tid, "not-a-token", name="intruder")
    clients.append(intruder)
    assert intruder.errors()[0]["code"] == "bad_token"
    assert refusal(mover, "{not json")["code"] == "bad_message"
    assert mover.view["turn"] == turn  # still connected and unchanged


def test_a_dropped_client_reconnects_and_sees_the_same_state(
        server: ServerProcess, clients: list[TableClient]) -> None:
    tid, seated = seat_table(server.url, clients, persons=2, level="random")
    host, friend = seated
    twin = TableClient(server.url, tid, friend.token, name="twin")  # the same seat, stays on
    clients.append(twin)
    start(host)
    drive(seated, lambda: host.view["phase"] == "play" and host.view["trick_index"] >= 1)
    last_seen = friend.v
    friend.drop()
    drive([host], lambda: host.v >= last_seen + 6 or host.view["turn"] == 1, timeout=60)
    twin.wait_version(host.v)
    # Reconnect with the seat's token and the last version seen.
    friend.connect(since=last_seen)
    state = [m for m in friend.messages if m["type"] == "state"][-1]
    twin_latest = twin.latest()
    assert state["v"] == twin_latest["v"]
    assert state["view"] == twin_latest["view"] and state["illegal"] == twin_latest["illegal"]
    assert state["missed_complete"] is True
    assert [m["v"] for m in state["missed"]] == list(range(last_seen + 1, state["v"] + 1))
    missed_plays = [e for m in state["missed"] for e in m["events"] if e["type"] == "play"]
    twin_plays = [e for m in twin.messages if m["type"] == "update" and m["v"] > last_seen
                  for e in m["events"] if e["type"] == "play"]
    assert missed_plays == twin_plays
    # And it plays on.
    drive([host, friend], hand_over(host))


def test_turn_timer_hands_the_seat_to_a_bot_and_back(
        server: ServerProcess, clients: list[TableClient]) -> None:
    tid, seated = seat_table(server.url, clients, persons=1, level="random", turn_seconds=1.0)
    host = seated[0]
    start(host)
    # The host does not pass: after a second a bot passes for the seat, which is away.
    host.wait(lambda ms: any(e["type"] == "away" and e["seat"] == 0
                             for m in ms if m["type"] == "update" for e in m["events"]), 20)
    host.wait(lambda ms: any(e["type"] == "passed" and e["seat"] == 0 and e.get("by") == "bot"
                             for m in ms if m["type"] == "update" for e in m["events"]), 20)
    assert host.latest()["table"]["seats"][0]["away"] is True
    # While away, the bot plays the seat's turns without waiting.
    host.wait(lambda ms: any(e["type"] == "play" and e["seat"] == 0 and e.get("by") == "bot"
                             for m in ms if m["type"] == "update" for e in m["events"]), 20)
    # Back: the person plays the seat's next turn.
    host.send({"type": "back"})
    host.wait(lambda ms: any(e["type"] == "back" and e["seat"] == 0
                             for m in ms if m["type"] == "update" for e in m["events"]), 20)
    host.wait(lambda ms: ms[-1]["type"] == "update" and ms[-1]["view"]["turn"] == 0
              and ms[-1]["view"]["phase"] == "play"
              and not ms[-1]["table"]["seats"][0]["away"], 30)
    card = host.view["legal"][0]
    host.send({"type": "play", "card": card, "v": host.v})
    host.wait(lambda ms: any(e["type"] == "play" and e["seat"] == 0 and e["card"] == card
                             and "by" not in e for m in ms if m["type"] == "update"
                             for e in m["events"]), 10)
    # Timers and bots were announced: someone was "thinking".
    assert any(m["type"] == "thinking" for m in host.messages)


def test_a_table_whose_people_are_all_away_waits_at_the_end_of_the_hand(
        server: ServerProcess, clients: list[TableClient]) -> None:
    """Nobody at the table acts: bots finish the hand for the away seats, but no bot deals
    the next one (without the rule a table left alone played itself to its game's end in
    seconds); the person's return deals it."""
    tid, seated = seat_table(server.url, clients, persons=1, level="random", turn_seconds=0.5)
    host = seated[0]
    start(host)
    host.wait(lambda ms: any(e["type"] == "hand_end" for m in ms if m["type"] == "update"
                             for e in m["events"]), 60)
    assert host.latest()["table"]["seats"][0]["away"] is True
    # A bot would deal after min(BOT_DEAL_PAUSE, turn_seconds) = 0.5 s: give it six times that.
    with pytest.raises(AssertionError):
        host.wait(lambda ms: any(e["type"] == "deal" and e.get("hand") == 1
                                 for m in ms if m["type"] == "update" for e in m["events"]), 3)
    truth = truth_at(server.db_url, tid)
    assert truth.game.phase == "deal" and truth.game.hand_index == 0
    host.send({"type": "back"})
    host.wait(lambda ms: any(e["type"] == "deal" and e.get("hand") == 1
                             for m in ms if m["type"] == "update" for e in m["events"]), 30)


def test_late_friend_takes_a_bots_seat_between_hands(
        server: ServerProcess, clients: list[TableClient]) -> None:
    tid, seated = seat_table(server.url, clients, persons=1, level="random", game=4242)
    host = seated[0]
    start(host)
    assert host.view["game"] == 4242 and host.latest()["table"]["deals"] == "public"
    # The public number's deal, as everyone is told.
    dealt = numbered_deal(truth_at(server.db_url, tid).rules, 4242, 0)
    first = next(m for m in host.messages if m["type"] == "update" and m["view"]["hand"])
    assert set(first["view"]["hand"]) == {card_str(c) for c in cards_of(dealt[0])}
    # regression: after the start a seat the table does not have was let through (201)
    bad = join_table(server.url, tid, "Nine", seat=99)
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad_seat", bad.text
    r = join_table(server.url, tid, "Late")
    assert r.status_code == 201 and r.json()["seat"] is None
    late = r.json()
    friend = TableClient(server.url, tid, late["token"], name="late")
    clients.append(friend)
    assert friend.latest()["waiting"] == late["waiting"] and friend.view["hand"] == []
    # Not during a hand.
    assert refusal(host, {"type": "seat", "seat": 2, "friend": late["waiting"], "v": host.v}
                   )["code"] == "wrong_phase"
    drive([host], hand_over(host))
    host.wait(lambda ms: ms[-1]["type"] == "update" and ms[-1]["view"]["phase"] == "deal")
    host.send({"type": "seat", "seat": 2, "friend": late["waiting"], "v": host.v})
    host.wait(lambda ms: any(e["type"] == "seated" and e["seat"] == 2
                             for m in ms if m["type"] == "update" for e in m["events"]))
    host.send({"type": "next", "v": host.v})
    friend.wait(lambda ms: ms[-1]["type"] == "update" and ms[-1]["view"]["seat"] == 2
                and len(ms[-1]["view"]["hand"]) == 13, 20)
    assert friend.latest()["table"]["seats"][2] == {"seat": 2, "name": "Late", "bot": False,
                                                    "away": False}


def test_play_again_together_offers_one_new_table_to_everyone(
        server: ServerProcess, clients: list[TableClient]) -> None:
    # A one-deal game between two people: once it is over either may open a table with
    # the same settings and offer it to everyone (message ``again``); the offer is part of
    # the table (``table.again``, event ``again``), checked (the new table must be the
    # sender's to host, waiting), and made once.
    tid, (ann, ben) = seat_table(server.url, clients, persons=2, level="random",
                                 options={"deals": 1})
    nxt = create_table(server.url, "Ben", level="random", options={"deals": 1})
    early = refusal(ben, {"type": "again", "table": nxt["id"], "token": nxt["token"],
                          "v": ben.v})
    assert early["code"] == "wrong_phase", early  # not before the game is over
    start(ann)
    drive([ann, ben], lambda: any(e["type"] == "game_over" for e in ann.events()))
    ben.wait_version(ann.v)
    assert ann.latest()["table"]["status"] == "over" and ann.latest()["table"]["again"] is None
    # Refused, nothing changed: someone else's table, a wrong token, no such table.
    other = create_table(server.url, "Eve", level="random")
    v = ben.v
    for msg, code in [({"table": other["id"], "token": nxt["token"]}, "not_next_host"),
                      ({"table": nxt["id"], "token": "x" * 40}, "not_next_host"),
                      ({"table": "nope", "token": nxt["token"]}, "unknown_next_table"),
                      ({"table": 5, "token": nxt["token"]}, "bad_message")]:
        assert refusal(ben, {"type": "again", "v": ben.v, **msg})["code"] == code, msg
    assert ben.v == v
    ben.send({"type": "again", "table": nxt["id"], "token": nxt["token"], "v": ben.v})
    ann.wait(lambda ms: any(e["type"] == "again" for m in ms if m["type"] == "update"
                            for e in m["events"]))
    assert ann.events("again") == [{"type": "again", "table": nxt["id"], "name": "Ben"}]
    assert ann.latest()["table"]["again"] == {"table": nxt["id"], "name": "Ben"}
    public = httpx.get(f"{server.url}/api/tables/{tid}", timeout=30).json()
    assert public["again"] == {"table": nxt["id"], "name": "Ben"}
    # Once: a second offer is refused, the first stays.
    second = create_table(server.url, "Ann", level="random")
    err = refusal(ann, {"type": "again", "table": second["id"], "token": second["token"],
                        "v": ann.v})
    assert err["code"] == "again_taken", err
    assert truth_at(server.db_url, tid).again == {"table": nxt["id"], "name": "Ben"}
    # Ann joins the offered table.
    r = join_table(server.url, nxt["id"], "Ann")
    assert r.status_code == 201 and r.json()["seat"] == 1


def test_bad_requests_are_json_errors(server: ServerProcess) -> None:
    base = server.url
    r = httpx.post(base + "/api/tables", json={"name": "A", "variant": "nope"}, timeout=30)
    assert r.status_code == 400 and r.json()["error"]["code"] == "unknown_variant"
    r = httpx.post(base + "/api/tables", json={"name": " "}, timeout=30)
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_name"
    r = httpx.post(base + "/api/tables", json={"name": "A", "turn_seconds": 0}, timeout=30)
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_option"
    for loose in ("30", True):  # a number, not text or a truth value
        r = httpx.post(base + "/api/tables", json={"name": "A", "turn_seconds": loose},
                       timeout=30)
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request", r.text
    r = httpx.post(base + "/api/tables", json={"name": "A", "turn_seconds": 45.5}, timeout=30)
    assert r.status_code == 201, r.text
    r = httpx.get(base + "/api/tables/nope", timeout=30)
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_table"
    t = create_table(base, "A", spectators=False)
    r = join_table(base, t["id"], "B", seat=0)
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"
    r = httpx.get(f"{base}/api/tables/{t['id']}/record", timeout=30)
    assert r.status_code == 403
    page = httpx.get(f"{base}/t/{t['id']}", timeout=30)
    # the table page is the solo page (one renderer), which turns itself into the table's client
    assert page.status_code == 200 and 'src="/static/js/main.js"' in page.text
    assert 'id="tb-create-form"' in page.text and 'id="decide-panel"' in page.text


def test_server_killed_mid_hand_loses_nothing(tmp_path: Path,
                                              clients: list[TableClient]) -> None:
    db = f"sqlite:///{tmp_path / 'kill.db'}"
    log = str(tmp_path / "kill.log")
    srv = ServerProcess(db, log_path=log).start()
    try:
        tid, seated = seat_table(srv.url, clients, persons=3, level="random")
        host = seated[0]
        start(host)
        drive(seated, lambda: host.view["phase"] == "play" and host.view["trick_index"] >= 3)
        for c in seated:
            c.wait_version(max(x.v for x in seated))
        before = [c.latest() for c in seated]
        srv.stop(kill=True)  # SIGKILL: no chance to flush anything
        for c in seated:
            c.wait(lambda ms, c=c: c.closed, 10)
    finally:
        srv.stop(kill=True)
    srv = ServerProcess(db, log_path=log).start()
    try:
        for c, old in zip(seated, before, strict=True):
            c.base = srv.url
            first = len(c.messages)
            c.connect(since=old["v"])
            # The state answering this hello (the bot's replayed move may already have
            # sent an update after it, so not simply the latest message).
            with c.cond:
                state = next(m for m in c.messages[first:] if m["type"] in ("state", "error"))
            assert state["type"] == "state"
            # The bot's seat may have moved on (its move was lost with the process, and the
            # restarted server makes it again as soon as the table is loaded): the view is
            # the stored truth at the version the state names, and nothing was lost.
            assert state["v"] >= old["v"]
            seat = old["view"]["seat"]
            truth = truth_at(db, tid, state["v"])
            assert state["view"] == truth.view_json(seat)
            assert state["illegal"] == truth.illegal_json(seat)
            if state["v"] == old["v"]:
                assert state["view"] == old["view"] and state["illegal"] == old["illegal"]
            assert all(e["seat"] == 3 for m in state["missed"] for e in m["events"]
                       if e["type"] == "play")  # only the bot acted meanwhile
        drive(seated, hand_over(seated[0]))
        truth = truth_at(db, tid)
        assert len(truth.game.results) == 1
    finally:
        srv.stop()


@pytest.mark.parametrize("variant", ["auction", "joker"])
def test_friends_play_a_hand_of_another_variant(server: ServerProcess, db_url: str,
                                                clients: list[TableClient], variant: str
                                                ) -> None:
    """Two persons and two bots play a hand of a variant with other decisions (an
    auction's bids and named suit; the joker deck): every decision a person's view
    carries is the engine's pending one, and each move is accepted."""
    tid, seated = seat_table(server.url, clients, persons=2, variant=variant, level="random")
    start(seated[0])
    seen: set[str] = set()

    def done() -> bool:
        for c in seated:
            d = c.view.get("decision")
            if d is not None:
                seen.add(d["kind"])
        return hand_over(seated[0])()

    drive(seated, done)
    truth = truth_at(db_url, tid)
    kinds = {a[0] for a in truth_at(db_url, tid).moves}
    assert len(truth.game.results) == 1
    if variant == "auction":
        assert {"bid", "suit"} <= kinds and "bid" in seen
        events = {e["type"] for e in seated[1].events()}
        assert "bid" in events
    else:
        assert "pass" in kinds and "pass" in seen
    for c in seated:
        check_secrecy(db_url, tid, c, c.view["seat"])


def test_bot_moves_run_in_worker_processes() -> None:
    """A search level's decision at a table runs in the server's SearchPool, in a worker
    process (not this one), and answers the seat's pending decision legally."""
    import asyncio

    from hearts.actions import Action
    from hearts.web.compute import SearchPool
    from hearts.web.hub import table_job
    from hearts.web.tables import TableState, check_settings, secret_deal

    st = TableState("t", check_settings("standard", None, {}, "hard", None, 30, True), 5)
    st.apply(["join", 0, "A", "h"])
    st.apply(["start"])
    st.apply(["deal", secret_deal(st.rules)])
    pool = SearchPool(workers=1)
    try:
        answer = aio.run(asyncio.to_thread(pool.decide, table_job(st, 1, "pass", 3)))
        pids = pool.worker_pids()
    finally:
        pool.close()
    assert pids and os.getpid() not in pids
    action = Action.from_json(answer)
    assert action.kind == "pass" and action.seat == 1 and st.game.can(action)
