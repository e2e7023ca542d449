"""The shared tables' store (``hearts.web.table_store``) on SQLite and PostgreSQL: the
writer thread's group commit on the connection it keeps, the primary key refusing a
second action with the same number, and a database restart under the writer."""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import pytest
from test_web_storage import pg_cluster  # noqa: F401 - the fixture

from hearts.cli.throwaway import PgCluster
from hearts.web.storage import make_engine
from hearts.web.table_store import SeqConflict, TableStore


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TableStore]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path}/t.db"
    else:
        cluster: PgCluster = request.getfixturevalue("pg_cluster")
        url = cluster.create_database(f"hearts_tstore_{os.getpid()}_{id(tmp_path)}")
    engine = make_engine(url)
    s = TableStore(engine)
    yield s
    s.close()
    engine.dispose()


def test_appends_of_one_batch_commit_and_only_the_duplicate_fails(store: TableStore) -> None:
    for t in ("A", "B"):
        store.create(t, {"variant": "standard"}, 7)
    store.append_future("A", 1, ["start"]).result(30)
    futures: list[Future[None]] = [
        store.append_future("A", 2, ["play", 0, "2C"]),
        store.append_future("A", 2, ["play", 1, "3C"]),  # the same number: refused
        store.append_future("B", 1, ["start"]),
        store.append_future("A", 3, ["play", 1, "4C"]),
    ]
    outcomes = []
    for f in futures:
        try:
            f.result(30)
            outcomes.append("ok")
        except SeqConflict:
            outcomes.append("conflict")
    assert outcomes == ["ok", "conflict", "ok", "ok"]
    assert store.load("A").actions == [["start"], ["play", 0, "2C"], ["play", 1, "4C"]]
    assert store.load("B").actions == [["start"]]
    assert store.load("A", after=2).actions == [["play", 1, "4C"]]


def test_the_writer_reconnects_after_postgresql_restarts(
        pg_cluster: PgCluster, tmp_path: Path) -> None:  # noqa: F811
    """The writer keeps its connection between batches.  PostgreSQL restarts under it:
    the next append still commits (written again on a new connection, since nothing of
    it was committed on the broken one); while the database is down an append fails and
    nothing of it is written."""
    url = pg_cluster.create_database(f"hearts_trestart_{os.getpid()}")
    engine = make_engine(url)
    store = TableStore(engine)
    try:
        store.create("T", {"variant": "standard"}, 7)
        store.append_future("T", 1, ["start"]).result(30)
        pg_cluster.pause()
        pg_cluster.resume()
        store.append_future("T", 2, ["play", 0, "2C"]).result(30)
        pg_cluster.pause()
        try:
            with pytest.raises(Exception) as down:
                store.append_future("T", 3, ["play", 1, "3C"]).result(60)
            assert not isinstance(down.value, SeqConflict)
        finally:
            pg_cluster.resume()
        store.append_future("T", 3, ["play", 1, "4C"]).result(30)
        assert store.load("T").actions == [["start"], ["play", 0, "2C"], ["play", 1, "4C"]]
    finally:
        store.close()
        engine.dispose()
