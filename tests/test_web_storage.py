"""The web game's storage (``hearts.web.storage``) on SQLite and on PostgreSQL.

PostgreSQL runs as a throw-away cluster started by the ``pg_url`` fixture:
``initdb`` in a temporary folder, ``pg_ctl start`` on a free localhost port (as
the ``postgres`` user when the tests run as root), one fresh database per test,
``pg_ctl stop`` at the end.  It needs Debian's ``postgresql`` package (the
``initdb``/``pg_ctl`` binaries under ``/usr/lib/postgresql/*/bin``); without
them the PostgreSQL cases are skipped with that reason.
"""

from __future__ import annotations

import os
import pwd
import random
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from hearts.cli.serve import ServerProcess
from hearts.cli.throwaway import PgCluster, pg_bindir
from hearts.web.service import GameService, WebError, replay
from hearts.web.storage import (
    GameStore,
    UnknownGame,
    VersionConflict,
    hash_token,
    resolve_db_url,
    token_matches,
)


# ------------------------------------------------------------- PostgreSQL
@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    # `make test` installs PostgreSQL; under CI a missing server is a failure, not a skip.
    give_up = pytest.fail if os.environ.get("CI") else pytest.skip
    bindir = pg_bindir()
    if bindir is None:
        give_up("PostgreSQL is not installed (Debian package: postgresql)")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            give_up("running as root and there is no postgres user to run the cluster")
    cluster = PgCluster(bindir)
    cluster.start()
    yield cluster
    cluster.stop()


_db_counter = [0]


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database: an SQLite file, or a new database in the test cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'hearts.db'}"
    cluster: PgCluster = request.getfixturevalue("pg_cluster")
    _db_counter[0] += 1
    return cluster.create_database(f"hearts_test_{os.getpid()}_{_db_counter[0]}")


@pytest.fixture
def store(db_url: str) -> Iterator[GameStore]:
    s = GameStore(db_url)
    yield s
    s.close()


def _create(store: GameStore, game_id: str = "g1", actions: list | None = None) -> None:
    store.create(game_id=game_id, token="secret-token", variant="standard", players=4,
                 options={"target_score": 50}, game_number=2**32 - 1, level="medium",
                 seed=2**63 - 1, actions=actions if actions is not None else [["deal"]])


# ------------------------------------------------------------------ tests
def test_resolve_db_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HEARTS_DB", raising=False)
    assert resolve_db_url(None) == "sqlite:///hearts.db"
    assert resolve_db_url("x/y.db") == "sqlite:///x/y.db"
    monkeypatch.setenv("HEARTS_DB", "postgresql+psycopg://u@h/db")
    assert resolve_db_url(None) == "postgresql+psycopg://u@h/db"
    assert resolve_db_url("sqlite:///a.db") == "sqlite:///a.db"


def test_tokens_are_stored_hashed() -> None:
    h = hash_token("abc")
    assert len(h) == 64 and h != "abc"
    assert token_matches("abc", h)
    assert not token_matches("abd", h)
    assert not token_matches("", h) and not token_matches(None, h)


def test_create_load_roundtrip(store: GameStore) -> None:
    _create(store, actions=[["deal"], ["pass", 1, "QS", "AS", "KS"]])
    row = store.load("g1")
    assert row.id == "g1" and row.variant == "standard" and row.players == 4
    assert row.options == {"target_score": 50}
    assert row.game_number == 2**32 - 1 and row.seed == 2**63 - 1
    assert row.actions == [["deal"], ["pass", 1, "QS", "AS", "KS"]]
    assert row.version == 2 and row.level == "medium"
    assert row.token_hash == hash_token("secret-token")
    assert "secret-token" not in repr(row)
    assert row.created_at is not None and row.updated_at is not None
    assert store.head("g1") == (hash_token("secret-token"), 2)
    assert store.count() == 1
    with pytest.raises(UnknownGame):
        store.load("nope")
    with pytest.raises(UnknownGame):
        store.head("nope")


def test_save_checks_the_version(store: GameStore) -> None:
    _create(store)
    assert store.save_actions("g1", 1, [["deal"], ["play", 0, "2C"]]) == 2
    with pytest.raises(VersionConflict):
        store.save_actions("g1", 1, [["deal"], ["play", 0, "3C"]])
    assert store.load("g1").actions == [["deal"], ["play", 0, "2C"]]
    with pytest.raises(VersionConflict):
        store.save_actions("nope", 0, [])


def test_two_stores_racing_one_write_wins(db_url: str) -> None:
    """Two engines (as two server processes would have) write from the same version."""
    first = GameStore(db_url)
    second = GameStore(db_url)
    try:
        _create(first)
        for round_ in range(10):
            version = first.head("g1")[1]
            base = first.load("g1").actions
            barrier = threading.Barrier(2)
            outcome: list[str] = []

            def write(store: GameStore, tag: str, base: list = base, version: int = version,
                      barrier: threading.Barrier = barrier, outcome: list[str] = outcome) -> None:
                barrier.wait()
                try:
                    store.save_actions("g1", version, [*base, ["x", tag]])
                    outcome.append(tag)
                except VersionConflict:
                    outcome.append("conflict")

            threads = [threading.Thread(target=write, args=(s, f"{t}{round_}"))
                       for s, t in ((first, "a"), (second, "b"))]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert len(outcome) == 2 and outcome.count("conflict") == 1, outcome
            winner = next(o for o in outcome if o != "conflict")
            row = second.load("g1")
            assert row.version == version + 1 and row.actions[-1] == ["x", winner]
    finally:
        first.close()
        second.close()


def test_service_plays_a_hand_and_reloads(store: GameStore) -> None:
    """The service over each database: a hand played, then rebuilt from storage alone."""
    service = GameService(store)
    state = service.create(game_number=8, level="random")
    gid, token = state["id"], state["token"]
    rng = random.Random(4)
    state = service.pass_cards(gid, token, rng.sample(state["view"]["hand"], 3))
    while state["view"]["phase"] == "play":
        state = service.play(gid, token, rng.choice(state["view"]["legal"]))
    assert state["view"]["phase"] == "deal" and len(state["view"]["results"]) == 1
    # A new service (a new process) rebuilds the same game from the database.
    again = GameService(GameStore(store.url))
    try:
        assert again.state(gid, token)["view"] == state["view"]
    finally:
        again.store.close()
    live = replay(store.load(gid))
    assert len(live.moves) == state["version"] and live.game.results
    with pytest.raises(WebError) as info:
        service.state(gid, "bad")
    assert info.value.status == 403


def test_server_on_postgresql_survives_a_restart(pg_cluster: PgCluster, tmp_path: Path) -> None:
    url = pg_cluster.create_database(f"hearts_serve_{os.getpid()}")
    log = str(tmp_path / "serve.log")
    server = ServerProcess(url, log_path=log).start()
    try:
        with httpx.Client(base_url=server.url, timeout=60) as c:
            s = c.post("/api/games", json={"game": 321}).json()
            h = {"X-Game-Token": s["token"]}
            s = c.post(f"/api/games/{s['id']}/pass", json={"cards": s["view"]["hand"][:3]},
                       headers=h).json()
            s = c.post(f"/api/games/{s['id']}/play", json={"card": s["view"]["legal"][0]},
                       headers=h).json()
    finally:
        server.stop(kill=True)
    server = ServerProcess(url, log_path=log).start()
    try:
        with httpx.Client(base_url=server.url, timeout=60) as c:
            again = c.get(f"/api/games/{s['id']}", headers=h).json()
            assert again["view"] == s["view"] and again["version"] == s["version"]
            r = c.post(f"/api/games/{s['id']}/play", json={"card": again["view"]["legal"][0]},
                       headers=h)
            assert r.status_code == 200 and r.json()["version"] > s["version"]
    finally:
        server.stop()


def test_database_gone_answers_json_503_and_recovers(pg_cluster: PgCluster,
                                                     tmp_path: Path) -> None:
    # Regression: with PostgreSQL stopped (or the disk full) the server answered a bare
    # text/plain 500.  Now the JSON error object with 503, and service comes back with
    # the database.
    url = pg_cluster.create_database(f"hearts_gone_{os.getpid()}")
    server = ServerProcess(url, log_path=str(tmp_path / "serve.log")).start()
    try:
        with httpx.Client(base_url=server.url, timeout=60) as c:
            s = c.post("/api/games", json={"game": 99}).json()
            h = {"X-Game-Token": s["token"]}
            pg_cluster.pause()
            try:
                for r in (c.get(f"/api/games/{s['id']}", headers=h),
                          c.post(f"/api/games/{s['id']}/pass",
                                 json={"cards": s["view"]["hand"][:3]}, headers=h),
                          c.post("/api/games", json={"game": 98})):
                    assert r.status_code == 503, r.text
                    assert r.headers["content-type"] == "application/json"
                    assert r.json()["error"]["code"] == "storage_unavailable"
                    assert r.json()["error"]["message"].endswith(".")
                    assert r.headers["cache-control"] == "no-store"
                assert c.get("/api/daily").status_code == 200  # needs no database
            finally:
                pg_cluster.resume()
            again = c.get(f"/api/games/{s['id']}", headers=h)
            assert again.status_code == 200 and again.json()["version"] == s["version"]
            r = c.post(f"/api/games/{s['id']}/pass", json={"cards": s["view"]["hand"][:3]},
                       headers=h)
            assert r.status_code == 200 and r.json()["version"] > s["version"]
    finally:
        server.stop()


def test_expire_on_each_database(store: GameStore) -> None:
    import datetime as dt

    now = dt.datetime.now(dt.UTC)
    for gid, idle, done in (("a", 40, None), ("b", 1, None), ("c", 9, 9), ("d", 9, 2)):
        _create(store, gid)
        store.touch(gid, updated_at=now - dt.timedelta(days=idle),
                    finished_at=None if done is None else now - dt.timedelta(days=done))
    assert store.expire(30, 7) == 2
    assert store.count() == 2
    assert store.load("b").finished_at is None and store.load("d").finished_at is not None
    with pytest.raises(UnknownGame):
        store.load("a")
    with pytest.raises(UnknownGame):
        store.load("c")


def test_an_old_table_gets_the_new_column(tmp_path: Path) -> None:
    """A games table made before finished_at existed is brought up to date."""
    import sqlite3

    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE games (id VARCHAR(40) PRIMARY KEY, token_hash VARCHAR(64) NOT NULL,"
                " variant VARCHAR(40) NOT NULL, players INTEGER NOT NULL, options JSON NOT NULL,"
                " game_number BIGINT NOT NULL, level VARCHAR(40) NOT NULL, seed BIGINT NOT NULL,"
                " actions JSON NOT NULL, version INTEGER NOT NULL, restart_of VARCHAR(40),"
                " created_at DATETIME NOT NULL, updated_at DATETIME NOT NULL)")
    con.commit()
    con.close()
    store = GameStore(f"sqlite:///{path}")
    try:
        _create(store)
        assert store.load("g1").finished_at is None
        store.save_actions("g1", 1, [["deal"]], finished=True)
        assert store.load("g1").finished_at is not None
    finally:
        store.close()
