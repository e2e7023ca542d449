"""The fold of a shared table's action log (``hearts.web.tables``), in process."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import aio
import pytest

from hearts.cards import card_str, cards_of
from hearts.deal import numbered_deal
from hearts.view import player_view
from hearts.web.bus import LocalBus
from hearts.web.compute import SearchPool
from hearts.web.hub import Conn, TableHub
from hearts.web.storage import hash_token, make_engine
from hearts.web.table_store import TableStore
from hearts.web.tables import (
    HOST_SEAT,
    TableError,
    TableSettings,
    TableState,
    check_settings,
    clean_name,
    load_state,
    secret_deal,
    secret_deal_action,
)


def _table(game: int | None = None) -> TableState:
    st = TableState("t1", check_settings("standard", None, {}, "random", game, 30, True), 5)
    for s, name in enumerate(["A", "B"]):
        st.apply(["join", s, name, f"hash{s}"])
    st.apply(["start"])
    st.apply(["deal"] if game is not None else ["deal", secret_deal(st.rules)])
    return st


def _random_move(st: TableState, rng: random.Random) -> list:
    g = st.game
    if g.phase == "pass":
        s = next(s for s in range(4) if g.passes[s] is None)
        return ["pass", s, *(card_str(c) for c in rng.sample(cards_of(g.hands[s]), 3))]
    if g.phase == "play":
        return ["play", g.turn, card_str(rng.choice(cards_of(g.legal_plays())))]
    if g.phase == "moon-choice":
        return ["moon", g.turn, "add"]
    return ["deal", secret_deal(st.rules)]


def test_the_seat_view_is_the_engines_information_set() -> None:
    """Each seat's view equals the engine's PlayerView on every field it carries."""
    rng = random.Random(3)
    st = _table()
    for _ in range(120):
        for seat in range(4):
            full = player_view(st.game, seat).to_json()
            mine = st.view_json(seat)
            assert {k: v for k, v in mine.items() if k in full} == \
                {k: full[k] for k in mine if k in full}
        spectator = st.view_json(None)
        assert spectator["hand"] == spectator["legal"] == spectator["passed"] == []
        action = _random_move(st, rng)
        st.check(action)
        st.apply(action)


def test_replaying_the_log_rebuilds_the_table() -> None:
    rng = random.Random(8)
    st = _table()
    log = [a.action for a in st.recent]
    for _ in range(70):
        action = _random_move(st, rng)
        st.apply(action)
        log.append(action)
    again = load_state("t1", st.settings.to_json(), st.seed, log)
    assert again.version == st.version and again.view_json(2) == st.view_json(2)
    assert again.game.hands == st.game.hands and again.seats == st.seats


def test_secret_deals_are_fresh_and_public_numbers_are_numbered_deals() -> None:
    a, b = _table(), _table()
    assert a.game.dealt != b.game.dealt and a.game.game_number is None
    c = _table(game=99)
    assert c.game.dealt == numbered_deal(c.rules, 99, 0) and c.view_json(0)["game"] == 99
    assert c.table_json()["deals"] == "public" and a.table_json()["deals"] == "secret"


def test_refused_actions_change_nothing() -> None:
    st = _table()
    before = (st.version, st.view_json(0), [p and p.name for p in st.seats])
    cases: list[tuple[list[Any], str]] = [
        (["join", 2, "C", "h"], "wrong_phase"), (["start"], "wrong_phase"),
        (["play", 0, "2C"], "wrong_phase"), (["pass", 0, "ZZ"], "unknown_card"),
        (["seat", 3, "nobody"], "unknown_friend"), (["fly"], "bad_message"),
        (["back", 0], "wrong_phase"), (["away", 3], "wrong_phase"),
        # regression: a second "A" (any case) could join, seated or waiting
        (["late", "w1", "a", "h9"], "name_taken")]
    for bad, code in cases:
        with pytest.raises(TableError) as info:
            st.check(bad)
        assert info.value.code == code, bad
        # a sentence, not a quoted repr of the engine's text (regression: "'play: ...'")
        message = info.value.message
        assert message.endswith(".") and not message.startswith(("'play", "'pass", '"')), bad
    assert (st.version, st.view_json(0), [p and p.name for p in st.seats]) == before
    st2 = _table()
    st2.apply(["start"])
    for bad in (["play", 0, "ZZ"], ["play", 0, None], ["pass", 0, "ZZ", "YY", "XX"]):
        with pytest.raises(TableError) as info:
            st2.check(bad)
        assert info.value.code == "unknown_card", bad
        assert not info.value.message.startswith(("play:", "pass:", "'play", "'pass")), \
            info.value.message
        assert "is not a card" in info.value.message, info.value.message
    st.apply(["late", "w1", "Cy", "h9"])
    with pytest.raises(TableError) as info:
        st.check(["late", "w2", "CY", "h8"])
    assert info.value.code == "name_taken"
    fresh = TableState("t2", check_settings("standard", None, {}, "random", None, 30, True), 5)
    fresh.apply(["join", 0, "Ann", "h0"])
    for look_alike in ("ANN", "Ａｎｎ"):  # case, and the full-width form (NFKC)
        with pytest.raises(TableError) as info:
            fresh.check(["join", 1, look_alike, "h1"])
        assert info.value.code == "name_taken", look_alike
    fresh.apply(["join", 1, "Ho\u0301st", "h1"])  # o and a combining accent ...
    with pytest.raises(TableError) as info:
        fresh.check(["join", 2, "H\u00f3st", "h2"])  # ... is the precomposed ó
    assert info.value.code == "name_taken"


def test_a_finished_table_takes_no_more_waiting_friends() -> None:
    """Regression: joining a table whose game was over gave 201 and a place on the
    waiting list that no seat could ever come from; now 409 ``game_over``."""
    rng = random.Random(5)
    st = _table(game=7)
    while not st.game.game_over:
        st.apply(_random_move(st, rng))
    for name in ("Zed", "A"):  # game_over before any other reason (a taken name)
        with pytest.raises(TableError) as info:
            st.check(["late", "w1", name, "h9"])
        assert (info.value.code, info.value.status) == ("game_over", 409)


def test_names_and_settings_are_checked() -> None:
    assert clean_name("  Ann   Lee ") == "Ann Lee"
    assert clean_name("O'Brien") == "O'Brien"
    # regression: a friend's name went into other players' pages as markup
    for bad in ["", "   ", "x" * 25, "a\x00b", 5, "<i id=pwn>x</i>", "<style>*{}", 'a"b', "Tom & Jo"]:
        with pytest.raises(TableError):
            clean_name(bad)
    # a break-it helper's find (session 35): "Z" and 23 combining accents was a name
    assert clean_name("Nguyễn") == "Nguyễn" and clean_name("Nguye\u0302\u0303n")
    assert clean_name("か\u3099く") == "か\u3099く"   # a combining dakuten
    for stacked in ["Z" + "\u0301" * 23, "a\u0300\u0301\u0302\u0303", "x\u20dd" * 2 + "\u20dd" * 3]:
        with pytest.raises(TableError, match="at most 3 accents"):
            clean_name(stacked)
    with pytest.raises(TableError):
        check_settings("standard", None, {}, "random", 0, 30, True)
    with pytest.raises(TableError):
        check_settings("standard", 9, {}, "random", None, 30, True)
    s = check_settings("black-maria", None, {"target_score": 50}, "easy", None, None, False)
    assert TableSettings.from_json(s.to_json()) == s and s.players == 3


def _any_move(st: TableState, rng: random.Random) -> list:
    """A random legal answer to the table's first pending decision (any variant), as the
    client would send it (the engine's Action JSON)."""
    from hearts.actions import Action

    d = st.game.pending()[0]
    if d.kind == "deal":
        return secret_deal_action(st.rules)
    if d.kind == "pass":
        return Action.pass_(d.seat, tuple(rng.sample(cards_of(d.cards), d.pick))).to_json()
    return rng.choice(d.legal_actions()).to_json()


@pytest.mark.parametrize("variant", ["auction", "heartsette", "joker", "black-maria", "four-queens",
                                     "domino", "cancellation", "partnership", "hearts-1887"])
def test_every_variant_plays_through_at_a_table(variant: str) -> None:
    """Each decision the engine asks (bids, the named suit, passes, plays, moons) is
    answered through check/apply, every seat's view stays its information set, and the
    log replays to the same table."""
    rng = random.Random(11)
    st = TableState("tv", check_settings(variant, None, {}, "random", None, 30, True), 5)
    st.apply(["join", 0, "A", "h0"])
    st.apply(["start"])
    log = [a.action for a in st.recent]
    kinds: set[str] = set()
    for _ in range(400):
        if not st.game.pending():
            break
        action = _any_move(st, rng)
        st.check(action)
        applied = st.apply(action)
        log.append(action)
        kinds.add(action[0])
        assert any(e["type"] in (action[0], "passed", "moon_choice", "gave_up")
                   for e in applied.public)
        for seat in range(st.n):
            full = player_view(st.game, seat).to_json()
            mine = st.view_json(seat)
            assert {k: v for k, v in mine.items() if k in full} == \
                {k: full[k] for k in mine if k in full}
            d = st.decision(seat)
            assert (mine["decision"] is not None) == (d is not None)
            assert {"bids", "declarer", "penalty_suit", "jokers_played", "widow_size",
                    "widow_taker", "chips", "pot", "points_taken"} <= set(mine)
    expected = {"auction": {"bid", "suit"}, "domino": set(),
                "hearts-1887": {"give_up"}}.get(variant, {"pass"}) \
        | {"deal", "play"}  # (Domino Hearts and Hearts 1887 have no pass)
    assert expected <= kinds
    again = load_state("tv", st.settings.to_json(), st.seed, log)
    assert again.version == st.version and again.view_json(1) == st.view_json(1)


def test_refusals_of_the_new_kinds_name_the_reason() -> None:
    st = TableState("ta", check_settings("auction", None, {}, "random", 5, 30, True), 5)
    st.apply(["join", 0, "A", "h0"])
    st.apply(["start"])
    st.apply(["deal"])
    d = st.game.pending()[0]
    assert d.kind == "bid"
    version = st.version
    for bad, code in [(["suit", d.seat, "S"], "wrong_phase"), (["bid", d.seat, "x"], "bad_message"),
                      (["bid", (d.seat + 1) % st.n, None], "not_your_turn"),
                      (["bid", d.seat, 10_000], "bad_bid"), (["frob", 0], "bad_message")]:
        with pytest.raises(TableError) as err:
            st.check(bad)
        assert err.value.code == code, (bad, err.value.code)
    assert st.version == version


def test_each_seat_gets_the_engines_events_as_it_may_see_them() -> None:
    """The table forwards ``Game.apply``'s events through ``visible_events``: a seat's deal
    shows its own hand only, a pass's cards go to the passer, the exchange tells each seat
    what it received, a spectator sees no card before it is played; the trick events of a
    hand add up to its points (standard Hearts: no moon in this deal, else the moon)."""
    st = _table(game=12)
    deal = st.recent[-1]
    for s in range(4):
        hands = deal.events_for(s)[0]["hands"]
        assert hands[s] == [card_str(c) for c in cards_of(st.game.dealt[s])]
        assert all(h is None for i, h in enumerate(hands) if i != s)
    assert deal.events_for(None)[0]["hands"] == [None] * 4
    rng = random.Random(4)
    taken = [0] * 4
    while not st.game.results:
        action = _random_move(st, rng)
        st.check(action)
        applied = st.apply(action)
        for e in applied.events_for(None):
            assert e["type"] not in ("pass",) or "received" not in e
            if e["type"] == "passed":
                assert "cards" not in e
            if e["type"] == "trick":
                taken[e["taker"]] += e["points"]
        if action[0] == "pass":
            mine = applied.events_for(action[1])
            assert any(e["type"] == "passed" and e["cards"] == action[2:] for e in mine)
            if st.game.phase != "pass":  # the exchange: each seat its own cards received
                for s in range(4):
                    ex = next(e for e in applied.events_for(s) if e["type"] == "pass")
                    assert sorted(ex["received"]) == sorted(card_str(c) for c in
                                                            cards_of(st.game.received[s]))
    end = next(e for e in st.recent[-1].events_for(None) if e["type"] == "hand_end")
    assert end["record"]["hands"] and len(end["breakdown"]) == 4
    assert taken == end["points"] or end["moon"] is not None


class _Socket:
    """What the hub sends a WebSocket client, kept (the hub's side of a connection)."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))

    async def close(self, code: int) -> None:
        self.closed = code


async def _host_at_a_new_table(hub: TableHub, **settings: Any
                               ) -> tuple[dict[str, Any], _Socket, Conn, Any, Any]:
    """A new table (``settings`` as ``TableHub.create``'s) with its host connected, the
    connection's pump running: ``(made, socket, conn, live table, pump task)``."""
    made = await hub.create(name="Ann", **settings)
    ws = _Socket()
    conn = Conn(ws, HOST_SEAT, hash_token(made["token"]))
    live = await hub._get(made["id"])
    live.conns.add(conn)
    pump = asyncio.get_running_loop().create_task(conn.pump())
    return made, ws, conn, live, pump


def test_a_move_stored_but_not_applied_here_is_reloaded_from_the_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """When building a move's events fails after the engine applied it (a bug), the hub
    must not keep that half-applied state: the move is in the log, so the next request
    reads the table back from the log, version and game in step; the sender is told, and
    the table's clients are closed so that they reconnect to the table read back."""
    engine = make_engine(f"sqlite:///{tmp_path}/t.db")
    store = TableStore(engine)
    original = TableState._game_events

    def broken(self: TableState, *args: Any) -> Any:
        raise RuntimeError("event building failed")

    async def main() -> tuple[int, int, str, int, list[dict[str, Any]], int | None]:
        hub = TableHub(store, LocalBus(), SearchPool(workers=0))
        made = await hub.create(name="Ann", level="random")
        tid = made["id"]
        ws = _Socket()
        conn = Conn(ws, HOST_SEAT, hash_token(made["token"]))
        (await hub._get(tid)).conns.add(conn)
        pump = asyncio.get_running_loop().create_task(conn.pump())
        monkeypatch.setattr(TableState, "_game_events", broken)
        await hub._safe_act(conn, tid, {"type": "start", "v": made["table"]["version"]})
        monkeypatch.setattr(TableState, "_game_events", original)
        for _ in range(100):
            if ws.closed is not None:
                break
            await asyncio.sleep(0.02)
        pump.cancel()
        await hub.info(tid)
        live = await hub._get(tid)
        await hub.close()  # no more bot moves
        row = await asyncio.to_thread(store.load, tid)
        kinds = [a[0] for a in row.actions]
        return (len(row.actions), live.state.version, live.state.game.phase,
                kinds.count("deal"), ws.sent, ws.closed)

    try:
        stored, version, phase, deals, sent, closed = aio.run(main())
    finally:
        store.close()
        engine.dispose()
    assert deals == 1  # the move that failed here was stored ...
    assert version == stored  # ... and the table read back with it, in step
    assert phase == "pass"
    assert [m["code"] for m in sent if m["type"] == "error"] == ["server_error"]
    assert closed == 1012


def test_a_persons_move_is_stored_in_its_one_spelling_and_never_as_a_bots(
        tmp_path: Path) -> None:
    """A client could add the server's own "bot" tag to its pass (stored and sent to
    everyone as a bot's move for an absent person) and have " kc"-like spellings stored
    as sent; the move is now stored as the engine's Action JSON, the tag refused."""
    engine = make_engine(f"sqlite:///{tmp_path}/t.db")
    store = TableStore(engine)

    async def main() -> tuple[list[dict[str, Any]], list[Any]]:
        hub = TableHub(store, LocalBus(), SearchPool(workers=0))
        made, ws, conn, live, pump = await _host_at_a_new_table(hub, level="random")
        tid = made["id"]
        await hub._safe_act(conn, tid, {"type": "start", "v": made["table"]["version"]})
        st = live.state
        mine = [card_str(c) for c in cards_of(st.game.hands[HOST_SEAT])[:3]]
        await hub._safe_act(conn, tid, {"type": "pass", "cards": [*mine, "bot"],
                                        "v": st.version})
        await hub._safe_act(conn, tid, {"type": "pass", "cards": mine, "v": -5})
        await hub._safe_act(conn, tid, {"type": "pass", "v": st.version,
                                        "cards": [f"\u00a0{c.lower()} " for c in mine]})
        await conn.drained()
        pump.cancel()
        await hub.close()
        row = await asyncio.to_thread(store.load, tid)
        return ws.sent, [a for a in row.actions if a[0] == "pass" and a[1] == HOST_SEAT]

    try:
        sent, passes = aio.run(main())
    finally:
        store.close()
        engine.dispose()
    errors = [m for m in sent if m["type"] == "error"]
    assert [e["code"] for e in errors] == ["unknown_card", "bad_message"]
    assert "bot" in errors[0]["message"] and "from 0" in errors[1]["message"]
    assert len(passes) == 1 and passes[0][-1] != "bot"
    assert all(c == c.strip().upper() and len(c) == 2 for c in passes[0][2:])


def test_a_start_whose_deal_was_not_stored_is_dealt_by_the_turn_timer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The start and the first deal are two writes: when the deal's fails (a disk error, or
    a kill -9 between them), the table was started with no hand and nobody due, stuck for
    good (the start refused as done, "next" as no hand to deal).  Now the host is due as
    between hands: its turn timer deals the first hand, and so does its "next"; a table
    read back from such a log is due the same way."""
    engine = make_engine(f"sqlite:///{tmp_path}/t.db")
    store = TableStore(engine)
    append = TableStore.append
    failed: list[str] = []

    async def flaky(self: TableStore, table_id: str, seq: int, action: list[Any]) -> None:
        if action[0] == "deal" and not failed:
            failed.append(table_id)
            raise OSError("disk I/O error")
        await append(self, table_id, seq, action)

    async def main() -> tuple[tuple[int, ...], list[str], str, list[str], tuple[int, ...]]:
        monkeypatch.setattr(TableStore, "append", flaky)
        hub = TableHub(store, LocalBus(), SearchPool(workers=0))
        made, ws, conn, live, pump = await _host_at_a_new_table(hub, level="random",
                                                                turn_seconds=0.5)
        tid = made["id"]
        await hub._safe_act(conn, tid, {"type": "start", "v": made["table"]["version"]})
        due_after_failure = live.state.due()
        for _ in range(1200):  # the host's timer (0.5 s) deals; up to a minute when busy
            if live.state.game.phase != "deal":
                break
            await asyncio.sleep(0.05)
        phase = live.state.game.phase
        await conn.drained()
        pump.cancel()
        await hub.close()
        row = await asyncio.to_thread(store.load, tid)
        # the log as a crash would leave it (it stops at the start), read back
        stuck = load_state(row.id, row.settings, row.seed, row.actions[:2])
        return (due_after_failure, [m["code"] for m in ws.sent if m["type"] == "error"],
                phase, [a[0] for a in row.actions], stuck.due())

    try:
        due, errors, phase, kinds, read_back_due = aio.run(main())
    finally:
        store.close()
        engine.dispose()
    assert failed and due == (HOST_SEAT,)
    assert errors == ["server_error"], errors  # the host was told the start went wrong
    assert phase == "pass" and kinds[:3] == ["join", "start", "deal"]
    assert read_back_due == (HOST_SEAT,)


def test_the_review_leaves_unmarked_what_a_bot_played_for_an_away_person() -> None:
    """A new user's find (session 35): after the turn timer let the computer play for a
    person, the review said "You played 4♦ — inaccuracy" of the computer's card.  The
    table now keeps which passes and plays a bot made for whom, by the record's hand and
    play index, through a reload from the log too; the review gives them ``"by":
    "computer"`` and no mark, and judges the person's own as before."""
    from hearts.analysis import review_record

    rng = random.Random(11)
    st = _table(game=7)
    log = [a.action for a in st.recent]
    for _ in range(2 * 52 + 20):           # two whole hands and part of a third
        action = _random_move(st, rng)
        if action[0] in ("pass", "play") and action[1] == 0 and rng.random() < 0.5:
            action = [*action, "bot"]      # as the turn timer stores a bot's move
        st.apply(action)
        log.append(action)
    mine = st.by_computer(0)
    assert mine and st.by_computer(1) == frozenset()
    again = load_state("t1", st.settings.to_json(), st.seed, log)
    assert again.by_computer(0) == mine
    rec = st.record_json()
    for k in (0, 1):                        # each (hand, index) names a card seat 0 played
        plays = rec["hands"][k]["play"]
        tagged = [a for a in log if a[-1] == "bot" and a[0] == "play"]
        assert all(i is None or 0 <= i < len(plays) for h, i in mine if h == k)
    by_bot_cards = []
    hand = -1
    played = 0
    for a in log:                           # the same, counted from the log by hand
        if a[0] == "deal":
            hand, played = hand + 1, 0
        elif a[0] == "play":
            if a[-1] == "bot":
                by_bot_cards.append((hand, played, a[2]))
            played += 1
    for h, i, card in by_bot_cards:
        if h < len(rec["hands"]):
            assert rec["hands"][h]["play"][i] == card and (h, i) in mine
    assert len(tagged) == len(by_bot_cards)

    review = review_record(rec, 0, 0, play_worlds=8, pass_worlds=4, by_computer=mine)
    for d in review["decisions"]:
        if (d["hand"], d["index"]) in mine:
            assert d["by"] == "computer" and d["mark"] is None
        else:
            assert "by" not in d
    assert any("by" in d for d in review["decisions"])
    assert any("by" not in d for d in review["decisions"])


def _to_hand_end(st: TableState, rng: random.Random) -> None:
    while st.game.phase != "deal":
        st.apply(_random_move(st, rng))


def test_a_person_back_on_another_device_can_be_given_their_seat_back() -> None:
    """A new user's find (session 35): Ben, away, opened the link again on another device
    (no seat token there) and typing "Ben" got "Someone at this table has this name
    already"; nothing could give him his seat back, and the computer played it to the end.
    Now a person away does not hold the name: he waits under it, and the host may give
    him the seat of a person away (between hands, never the host's own)."""
    rng = random.Random(4)
    st = _table(game=3)                           # A (host, seat 0) and B (seat 1)
    with pytest.raises(TableError) as taken:
        st.check(["late", "w1", "b", "h-new"])   # B is at the table: the name is his
    assert taken.value.code == "name_taken"
    st.apply(["away", 1])
    st.check(["late", "w1", "B", "h-new"])
    st.apply(["late", "w1", "B", "h-new"])
    with pytest.raises(TableError, match="between hands"):
        st.check(["seat", 1, "w1"])
    _to_hand_end(st, rng)
    with pytest.raises(TableError) as held:       # a person who is here keeps the seat
        st.check(["seat", 0, "w1"])
    assert held.value.code == "seat_taken"
    st.apply(["away", 0])
    with pytest.raises(TableError) as host:       # the host's seat is never given
        st.check(["seat", 0, "w1"])
    assert host.value.code == "seat_taken"
    st.apply(["back", 0])
    st.check(["seat", 1, "w1"])
    done = st.apply(["seat", 1, "w1"])
    assert {"type": "seated", "seat": 1, "name": "B", "id": "w1", "was": "B"} in done.public
    assert st.seat_of("h-new") == 1 and st.seat_of("hash1") is None
    seat = st.seats[1]
    assert seat is not None and not seat.away and st.late == {}
    # A friend waiting under the name of a person away gets that seat only (two people at
    # the table are never called alike); a stranger may be given any seat that is givable.
    st.apply(["away", 1])
    st.apply(["late", "w2", "b", "h-b3"])
    st.apply(["late", "w3", "Zed", "h-zed"])
    assert st.givable_seats("b") == [1] and st.givable_seats("Zed") == [1, 2, 3]
    with pytest.raises(TableError, match="that person's seat only"):
        st.check(["seat", 2, "w2"])
    st.check(["seat", 1, "w3"])
    with pytest.raises(TableError) as bad:
        st.check(["seat", 9, "w3"])
    assert bad.value.code == "bad_seat"
    # a code review's find: a mark of combining class 0 (U+034F) no longer resets the count
    with pytest.raises(TableError, match="at most 3 accents"):
        clean_name("a\u0301\u0301\u0301\u034f\u0301\u0301")


def test_at_a_table_of_people_one_away_can_still_wait_for_their_seat(tmp_path: Path) -> None:
    """A code review's find: after the start a join needed a computer's seat, so at a table
    of four people (the common case) a person away, back on another device, got
    ``table_full`` and never reached the waiting list."""
    engine = make_engine(f"sqlite:///{tmp_path}/t.db")
    store = TableStore(engine)

    async def main() -> tuple[str, dict[str, Any]]:
        hub = TableHub(store, LocalBus(), SearchPool(workers=0))
        made = await hub.create(name="Ann", level="random")
        tid = made["id"]
        for name in ("Ben", "Cleo", "Dov"):
            await hub.join(tid, name)
        live = await hub._get(tid)
        await hub._commit(live, ["start"])
        with pytest.raises(TableError) as full:
            await hub.join(tid, "Eve")
        await hub._commit(live, ["away", 2])
        back = await hub.join(tid, "Cleo")
        await hub.close()
        return full.value.code, back

    try:
        code, back = aio.run(main())
    finally:
        store.close()
        engine.dispose()
    assert code == "table_full"
    assert back["seat"] is None and back["waiting"]


def test_the_old_connection_of_a_seat_given_away_is_told_and_closed(tmp_path: Path) -> None:
    """When the host gives a seat whose person is away to someone waiting, the connections
    still open with the old token (the other device) get ``bad_token`` and close 4409, and
    see none of the seat's cards from then on; the others are served as before."""
    engine = make_engine(f"sqlite:///{tmp_path}/t.db")
    store = TableStore(engine)

    async def main() -> tuple[_Socket, _Socket]:
        hub = TableHub(store, LocalBus(), SearchPool(workers=0))
        made, host_ws, host, live, pump = await _host_at_a_new_table(hub, level="random")
        st = live.state
        old_ws = _Socket()
        old = Conn(old_ws, 1, "hash-ben")
        live.conns.add(old)
        old_pump = asyncio.get_running_loop().create_task(old.pump())
        for action in (["join", 1, "Ben", "hash-ben"], ["start"], ["deal"]):
            hub._deliver(live, st.apply(action))
        rng = random.Random(5)
        st.apply(["away", 1])
        _to_hand_end(st, rng)
        st.apply(["late", "w9", "Ben", "hash-ben-2"])
        hub._deliver(live, st.apply(["seat", 1, "w9"]))
        hub._deliver(live, st.apply(["deal"]))   # the next hand: Ben's new cards
        for _ in range(100):
            if old_ws.closed is not None:
                break
            await asyncio.sleep(0.02)
        await host.drained()
        pump.cancel()
        old_pump.cancel()
        await hub.close()
        return host_ws, old_ws

    try:
        host_ws, old_ws = aio.run(main())
    finally:
        store.close()
        engine.dispose()
    assert old_ws.closed == 4409
    last = old_ws.sent[-1]
    assert (last["type"], last["code"]) == ("error", "bad_token") and "another device" in last["message"]
    assert not any(m.get("type") == "update" and m["v"] >= last["v"] for m in old_ws.sent)
    assert host_ws.closed is None and host_ws.sent[-1]["type"] == "update"
