"""Schema migrations of the game database (``hearts.web.schema``, Alembic) on SQLite and on
the throw-away PostgreSQL cluster of ``test_web_storage``.

A database made at the first revision holds data; upgrading it to the head keeps every
row readable through the stores; a database made before migrations existed (by
``create_all``, without the ``finished_at`` columns) is completed and stamped; the
migrated schema is exactly the one the ``Table`` objects describe; ``hearts serve``
upgrades at start, and with ``--no-migrate`` refuses with the command to run.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from click.testing import CliRunner
from sqlalchemy import Engine, MetaData, inspect, text
from test_web_storage import pg_cluster  # noqa: F401 - the fixture

from hearts.cli.main import cli
from hearts.cli.serve import ServerProcess
from hearts.cli.throwaway import PgCluster
from hearts.web import daily, review, schema, storage, table_store
from hearts.web.storage import GameStore, hash_token, make_engine
from hearts.web.table_store import TableStore

FIRST = "0001_baseline"
"""The first revision: the schema of release 0.1.0."""

_counter = [0]


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: an SQLite file, or a new database in the test cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'm.db'}"
    cluster: PgCluster = request.getfixturevalue("pg_cluster")
    _counter[0] += 1
    return cluster.create_database(f"hearts_migrate_{os.getpid()}_{_counter[0]}")


@pytest.fixture
def engine(url: str) -> Iterator[Engine]:
    e = make_engine(url)
    yield e
    e.dispose()


def _indexes(engine: Engine, table: str) -> set[str]:
    return {i["name"] for i in inspect(engine).get_indexes(table)}


def test_the_revisions_are_a_line_from_the_baseline() -> None:
    script = ScriptDirectory.from_config(schema.config())
    revisions = list(script.walk_revisions())
    assert revisions[-1].revision == FIRST and revisions[-1].down_revision is None
    assert revisions[0].revision == schema.head() == script.get_current_head()
    assert all(len(r.revision) <= 32 for r in revisions)  # alembic_version's column


def test_data_at_the_first_revision_reads_back_after_the_upgrade(url: str,
                                                                 engine: Engine) -> None:
    schema.upgrade(engine, FIRST)
    assert schema.current(engine) == FIRST
    assert schema.head() != FIRST
    assert "ix_friend_tables_finished_at" not in _indexes(engine, "friend_tables")
    now = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)
    with engine.begin() as conn:  # rows written as release 0.1.0 wrote them
        conn.execute(storage.LEGACY_GAMES.insert().values(
            id="g1", token_hash=hash_token("tok"), variant="standard", players=4,
            options={"target_score": 50}, game_number=2**32 - 1, level="medium",
            seed=2**63 - 1, actions=[["deal"], ["pass", 1, "QS", "AS", "KS"]], version=2,
            restart_of=None, created_at=now, updated_at=now, finished_at=None))
        conn.execute(table_store.friend_tables.insert().values(
            id="t1", settings={"variant": "standard"}, seed=7, created_at=now,
            finished_at=now))
        conn.execute(table_store.table_actions.insert(), [
            {"table_id": "t1", "seq": 1, "action": ["start"], "created_at": now},
            {"table_id": "t1", "seq": 2, "action": ["play", 0, "2C"], "created_at": now}])
    with pytest.raises(schema.SchemaOutOfDate) as info:
        GameStore(url, migrate=False)
    assert info.value.current == FIRST and "hearts migrate --db" in str(info.value)
    store = GameStore(url)  # upgrades
    try:
        assert schema.current(store.engine) == schema.head()
        row = store.load("g1")
        assert row.actions == [["deal"], ["pass", 1, "QS", "AS", "KS"]]
        assert row.options == {"target_score": 50} and row.seed == 2**63 - 1
        assert row.version == 2 and row.finished_at is None
        assert row.created_at.replace(tzinfo=dt.UTC) == now
        assert row.token_hash == hash_token("tok") and row.level == "medium"
        assert "games" not in inspect(store.engine).get_table_names()
        tables = TableStore(store.engine)
        try:
            loaded = tables.load("t1")
            assert loaded.settings == {"variant": "standard"} and loaded.seed == 7
            assert loaded.actions == [["start"], ["play", 0, "2C"]]
            # The solo game is now a table of one person: the same log as any table's.
            solo = tables.load("g1")
            assert solo.settings["solo"] is True and solo.settings["game"] == 2**32 - 1
            assert solo.actions == [["join", 0, "You", hash_token("tok")], ["start"],
                                    ["deal"], ["pass", 1, "QS", "AS", "KS"]]
            with pytest.raises(storage.UnknownGame):
                store.load("t1")  # a shared table is no solo game
        finally:
            tables.close()
        assert "ix_friend_tables_finished_at" in _indexes(store.engine, "friend_tables")
    finally:
        store.close()


def test_a_database_from_before_migrations_is_completed_and_stamped(url: str,
                                                                   engine: Engine) -> None:
    """``create_all`` of an old release: games and friend_tables without ``finished_at``."""
    with engine.begin() as conn:
        conn.execute(text(
            "CREATE TABLE games (id VARCHAR(40) PRIMARY KEY, token_hash VARCHAR(64) NOT NULL,"
            " variant VARCHAR(40) NOT NULL, players INTEGER NOT NULL, options JSON NOT NULL,"
            " game_number BIGINT NOT NULL, level VARCHAR(40) NOT NULL, seed BIGINT NOT NULL,"
            " actions JSON NOT NULL, version INTEGER NOT NULL, restart_of VARCHAR(40),"
            " created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL)"))
        conn.execute(text(
            "CREATE TABLE friend_tables (id VARCHAR(40) PRIMARY KEY, settings JSON NOT NULL,"
            " seed BIGINT NOT NULL, created_at TIMESTAMP NOT NULL)"))
        conn.execute(text(
            "INSERT INTO games VALUES ('old', :h, 'standard', 4, '{}', 5, 'random', 3,"
            " '[[\"deal\"]]', 1, NULL, '2026-11-01 10:00:00', '2026-11-01 10:00:00')"),
            {"h": hash_token("tok")})
        conn.execute(text("INSERT INTO friend_tables VALUES ('t', '{\"variant\": \"standard\"}',"
                          " 9, '2026-11-01 10:00:00')"))
    assert schema.current(engine) is None
    store = GameStore(url)
    try:
        assert schema.current(store.engine) == schema.head()
        row = store.load("old")
        assert row.actions == [["deal"]] and row.finished_at is None and row.seed == 3
        assert "finished_at" in {c["name"] for c in
                                 inspect(store.engine).get_columns("friend_tables")}
        assert "games" not in inspect(store.engine).get_table_names()  # moved to the log
        tables = TableStore(store.engine)
        try:
            assert tables.load("t").seed == 9
        finally:
            tables.close()
        assert store.expire(1, 1) == 1  # the expiry's columns work on the old row
    finally:
        store.close()


def test_the_migrated_schema_is_the_one_the_tables_describe(engine: Engine) -> None:
    """Alembic's autogenerate finds nothing to change between the head and the models."""
    schema.upgrade(engine)
    models = MetaData()
    for source in (storage.metadata, table_store.metadata, daily.metadata,
                   review._metadata):  # noqa: SLF001 - the review jobs' table
        for table in source.tables.values():
            table.to_metadata(models)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}),
                                models)
    assert diff == []


def test_downgrade_to_nothing_and_up_again(engine: Engine) -> None:
    schema.upgrade(engine)
    cfg = schema.config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    schema.upgrade(engine)
    assert schema.current(engine) == schema.head()


def test_the_migrate_command(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    engine = make_engine(url)
    try:
        schema.upgrade(engine, FIRST)
        runner = CliRunner()
        done = runner.invoke(cli, ["migrate", "--db", url, "--show"])
        assert done.exit_code == 0, done.output
        assert done.output.strip() == f'{{"current": "{FIRST}", "head": "{schema.head()}"}}'
        done = runner.invoke(cli, ["serve", "--db", url, "--no-migrate", "--port", "0"])
        assert done.exit_code == 1
        assert f"hearts migrate --db '{url}'" in done.output and FIRST in done.output
        assert schema.current(engine) == FIRST  # refused: nothing changed
        done = runner.invoke(cli, ["migrate", "--db", url])
        assert done.exit_code == 0, done.output
        assert done.output.strip() == f'{{"from": "{FIRST}", "to": "{schema.head()}"}}'
        assert schema.current(engine) == schema.head()
    finally:
        engine.dispose()


def test_migrate_answers_a_database_it_cannot_open_and_show_creates_nothing(
        tmp_path: Path) -> None:
    """An unknown dialect or a missing driver was a traceback; ``--show`` ("change
    nothing") created the SQLite file it was asked about."""
    runner = CliRunner()
    for url in ("bogus://x", "mysql://u@h/db"):
        done = runner.invoke(cli, ["migrate", "--db", url, "--show"])
        assert done.exit_code == 1, done.output
        assert f"cannot open the database {url}" in done.output
    fresh = tmp_path / "fresh.db"
    done = runner.invoke(cli, ["migrate", "--db", str(fresh), "--show"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output) == {"current": None, "head": schema.head()}
    assert not fresh.exists()


def test_serve_upgrades_the_database_at_start(tmp_path: Path) -> None:
    """A game played on the server survives a downgrade to the first revision and the
    next start of the server, which upgrades the database again."""
    url = f"sqlite:///{tmp_path / 's.db'}"
    with ServerProcess(url, log_path=str(tmp_path / "a.log")) as server, \
            httpx.Client(base_url=server.url, timeout=60) as c:
        state = c.post("/api/games", json={"game": 77}).json()
        gid, token = state["id"], state["token"]
        state = c.post(f"/api/games/{gid}/pass", json={"cards": state["view"]["hand"][:3]},
                       headers={"X-Game-Token": token}).json()
    engine = make_engine(url)
    try:
        cfg = schema.config()
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, FIRST)
        assert schema.current(engine) == FIRST
        with ServerProcess(url, log_path=str(tmp_path / "b.log")) as server, \
                httpx.Client(base_url=server.url, timeout=60) as c:
            again = c.get(f"/api/games/{gid}", headers={"X-Game-Token": token}).json()
            assert again["view"] == state["view"]
        assert schema.current(engine) == schema.head()
    finally:
        engine.dispose()
