"""What one client may cost at shared tables, against a running ``hearts serve``: the
tables-per-minute limit, the per-connection WebSocket message rate, and the expiry of
old tables in the server's sweep."""

from __future__ import annotations

import datetime as _dt
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tables_client import TableClient, create_table, start_game

from hearts.cli.serve import ServerProcess
from hearts.web.hub import MSG_ABUSE, MSG_BURST
from hearts.web.storage import make_engine
from hearts.web.table_store import TableStore, friend_tables


def _server(tmp_path: Path, *args: str) -> ServerProcess:
    db = f"sqlite:///{tmp_path / 'hearts.db'}"
    return ServerProcess(db, log_path=str(tmp_path / "serve.log"), args=list(args)).start()


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[ServerProcess]:
    srv = _server(tmp_path, "--tables-per-minute", "1")
    yield srv
    srv.stop()


def test_table_creation_is_rate_limited_per_client(limited: ServerProcess) -> None:
    """A bucket of three times the per-minute rate, then 429 ``rate_limited`` with
    Retry-After; nothing is stored for the refused one; new solo games are not affected."""
    base = limited.url
    ids = [create_table(base, "Ann")["id"] for _ in range(3)]
    r = httpx.post(base + "/api/tables", json={"name": "Ann"}, timeout=30)
    assert r.status_code == 429, r.text
    err = r.json()["error"]
    assert err["code"] == "rate_limited" and "tables" in err["message"]
    assert int(r.headers["Retry-After"]) >= 1
    engine = make_engine(limited.db_url)
    try:
        store = TableStore(engine)
        assert store.count() == 3
        store.close()
    finally:
        engine.dispose()
    assert all(httpx.get(f"{base}/api/tables/{i}", timeout=30).status_code == 200 for i in ids)
    assert httpx.post(base + "/api/games", json={}, timeout=30).status_code == 201


def test_websocket_messages_are_rate_limited_and_abuse_closes(tmp_path: Path) -> None:
    srv = _server(tmp_path)
    try:
        t = create_table(srv.url, "Ann")
        c = TableClient(srv.url, t["id"], t["token"], name="flood")
        n = MSG_BURST + MSG_ABUSE + 20
        for _ in range(n):
            try:
                c.send({"type": "ping"})
            except Exception:  # closed by the server meanwhile
                break
        c.wait(lambda ms: c.closed, timeout=30)
        pongs = [m for m in c.messages if m["type"] == "pong"]
        limited = [m for m in c.errors() if m["code"] == "rate_limited"]
        # The burst is answered; past it messages are refused with a sentence, then the
        # connection is closed (4429).
        assert MSG_BURST <= len(pongs) < n
        assert len(limited) >= MSG_ABUSE - 5
        assert "Too many messages" in limited[0]["message"]
        assert c.ws.close_code == 4429
        # The table is fine and a new connection works.
        again = TableClient(srv.url, t["id"], t["token"], name="again")
        again.send({"type": "ping"})
        again.wait(lambda ms: any(m["type"] == "pong" for m in ms))
        again.drop()
    finally:
        srv.stop()


def test_old_tables_expire_in_the_servers_sweep(tmp_path: Path) -> None:
    """Unfinished tables idle for the unfinished-days setting and finished ones the
    finished-days setting after their end are deleted (row and log); others stay."""
    srv = _server(tmp_path, "--expire-unfinished-days", "30", "--expire-finished-days", "7",
                  "--expire-every-s", "1")
    base = srv.url
    engine = make_engine(srv.db_url)
    store = TableStore(engine)
    try:
        idle_long = create_table(base, "Ann")["id"]
        idle_short = create_table(base, "Ben")["id"]
        fresh = create_table(base, "Cho")["id"]
        # A one-hand game the bots finish (the host's timer runs out, a bot plays for it).
        done = create_table(base, "Dee", level="random", options={"deals": 1},
                            turn_seconds=0.5)
        host = TableClient(base, done["id"], done["token"], name="host")
        start_game(host, until="game_over", timeout=120)
        host.drop()
        deadline = time.monotonic() + 20
        while _finished_at(engine, done["id"]) is None:  # recorded after the commit
            assert time.monotonic() < deadline, "the table's end was not recorded"
            time.sleep(0.1)
        now = _dt.datetime.now(_dt.UTC)
        store.touch(idle_long, now - _dt.timedelta(days=31))
        store.touch(idle_short, now - _dt.timedelta(days=10))
        store.touch(done["id"], now - _dt.timedelta(days=8), finished=True)

        def status(tid: str) -> int:
            return httpx.get(f"{base}/api/tables/{tid}", timeout=30).status_code

        deadline = time.monotonic() + 30
        while status(idle_long) != 404 or status(done["id"]) != 404:
            assert time.monotonic() < deadline, "old tables were not expired"
            time.sleep(0.2)
        assert status(idle_short) == 200 and status(fresh) == 200
        ids = {r[0] for r in engine.connect().execute(friend_tables.select()).all()}
        assert ids == {idle_short, fresh}
        with pytest.raises(KeyError):
            store.load(done["id"])
    finally:
        store.close()
        engine.dispose()
        srv.stop()


def _finished_at(engine: object, table_id: str) -> object:
    from sqlalchemy import select

    with engine.connect() as conn:  # type: ignore[attr-defined]
        return conn.execute(select(friend_tables.c.finished_at)
                            .where(friend_tables.c.id == table_id)).scalar_one()
