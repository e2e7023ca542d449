"""Alembic's environment for the game database: run by :mod:`hearts.web.schema`, which
hands it an open connection (``config.attributes["connection"]``) inside a transaction.

On PostgreSQL a transaction-scoped advisory lock makes server processes that start
together upgrade one after the other (the second finds the schema at the head); the
DDL is transactional there, so a failed upgrade leaves nothing half done.  SQLite gets
Alembic's batch mode, which rebuilds a table for the changes SQLite cannot ``ALTER``.
"""

from __future__ import annotations

from alembic import context

UPGRADE_LOCK = 0x4845_4152_5453  # "HEARTS": the advisory lock's key
connection = context.config.attributes["connection"]
context.configure(connection=connection, render_as_batch=True)
with context.begin_transaction():
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({UPGRADE_LOCK})")
    context.run_migrations()
