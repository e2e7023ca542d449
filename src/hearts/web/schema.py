"""The game database's schema, managed by Alembic migrations (SQLite and PostgreSQL).

The tables of :mod:`hearts.web.table_store` (``friend_tables``, ``table_actions``: solo
games and shared tables alike; revision 0003 moved the solo games' old ``games`` rows
into them), the daily results and the review jobs live in one
database whose schema is versioned by the revisions in ``hearts/web/migrations/versions``
(the first, ``0001_baseline``, is the schema of release 0.1.0).  Alembic records the
revision a database is at in its ``alembic_version`` table.

- :func:`upgrade` brings a database to the newest revision (the *head*): a new database
  gets every table, one made before migrations existed (by ``create_all``, no
  ``alembic_version``) is completed and stamped by the baseline, and later revisions are
  applied in order.  It does nothing, at the cost of one query, when the database is at the
  head already.  :class:`hearts.web.storage.GameStore` and
  :class:`hearts.web.table_store.TableStore` call it when they open a database.
- :func:`check` raises :class:`SchemaOutOfDate` instead, with the command that upgrades
  (``hearts serve --no-migrate`` uses it: a server that must not change its database).
- ``hearts migrate [--db URL]`` upgrades from the command line; ``--show`` only prints the
  revision a database is at and the head.

Adding a column: change the ``Table`` in its module, add a revision to ``versions/`` (the
next number, ``down_revision`` the current head) that makes the same change with
``op.add_column`` (SQLite and PostgreSQL both take it), and the test that compares the
migrated schema with the tables (``tests/test_migrations.py``) checks the two agree.
"""

from __future__ import annotations

import functools
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
"""Alembic's script folder (``env.py``, ``versions/``)."""


class SchemaOutOfDate(RuntimeError):
    """The database is not at the newest revision and was not to be upgraded.

    ``current`` is its revision (``None``: no ``alembic_version``, a new or pre-migration
    database), ``head`` the newest one; the message names the command that upgrades."""

    def __init__(self, current: str | None, head: str, url: str) -> None:
        self.current, self.head = current, head
        super().__init__(
            f"the database is at schema revision {current or 'none (not yet migrated)'}, this "
            f"version of hearts needs {head}; upgrade it with: hearts migrate --db '{url}' "
            f"(or start hearts serve without --no-migrate, which upgrades at start)")


def config() -> Config:
    """Alembic's configuration for this package's migrations (no ``alembic.ini``)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


@functools.cache
def head() -> str:
    """The newest revision id (e.g. ``"0001_baseline"``)."""
    found = ScriptDirectory.from_config(config()).get_current_head()
    if found is None:  # pragma: no cover - the package ships its revisions
        raise RuntimeError(f"no migrations found in {MIGRATIONS}")
    return found


def current(engine: Engine) -> str | None:
    """The revision ``engine``'s database is at (``None``: never migrated)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Upgrade the database to ``revision`` (default: the head); does nothing when it is
    there already.  Raises SQLAlchemy's errors when the database cannot be reached."""
    if revision == "head" and current(engine) == head():
        return
    cfg = config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def check(engine: Engine) -> None:
    """Raise :class:`SchemaOutOfDate` unless the database is at the head revision."""
    now = current(engine)
    if now != head():
        url = engine.url.render_as_string(hide_password=True)
        raise SchemaOutOfDate(now, head(), url)


__all__ = ["MIGRATIONS", "SchemaOutOfDate", "check", "config", "current", "head", "upgrade"]
