"""Baseline: the schema of release 0.1.0 (games, shared tables, daily results, reviews).

A database made before migrations existed (by ``create_all``) already holds some of
these tables: the baseline creates only what is missing, and adds the ``finished_at``
columns and the expiry indexes that databases older still lack, so every database
reaches the same schema and is then stamped with this revision.

Revision ID: 0001_baseline
Revises:
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None

_TIME = sa.DateTime(timezone=True)


def _tables() -> list[tuple[str, list[sa.schema.SchemaItem]]]:
    """Today's tables, as ``(name, columns and constraints)``; a fresh list each call
    (a Column belongs to one Table)."""
    return [
        ("games", [
            sa.Column("id", sa.String(40), primary_key=True),
            sa.Column("token_hash", sa.String(64), nullable=False),
            sa.Column("variant", sa.String(40), nullable=False),
            sa.Column("players", sa.Integer, nullable=False),
            sa.Column("options", sa.JSON, nullable=False),
            sa.Column("game_number", sa.BigInteger, nullable=False),
            sa.Column("level", sa.String(40), nullable=False),
            sa.Column("seed", sa.BigInteger, nullable=False),
            sa.Column("actions", sa.JSON, nullable=False),
            sa.Column("version", sa.Integer, nullable=False),
            sa.Column("restart_of", sa.String(40), nullable=True),
            sa.Column("created_at", _TIME, nullable=False),
            sa.Column("updated_at", _TIME, nullable=False),
            sa.Column("finished_at", _TIME, nullable=True),
        ]),
        ("friend_tables", [
            sa.Column("id", sa.String(40), primary_key=True),
            sa.Column("settings", sa.JSON, nullable=False),
            sa.Column("seed", sa.BigInteger, nullable=False),
            sa.Column("created_at", _TIME, nullable=False),
            sa.Column("finished_at", _TIME, nullable=True),
        ]),
        ("table_actions", [
            sa.Column("table_id", sa.String(40), primary_key=True),
            sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("action", sa.JSON, nullable=False),
            sa.Column("created_at", _TIME, nullable=False),
        ]),
        ("daily_results", [
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("day", sa.String(10), nullable=False),
            sa.Column("browser", sa.String(64), nullable=False),
            sa.Column("game_id", sa.String(40), nullable=False),
            sa.Column("rules", sa.String(2000), nullable=False),
            sa.Column("total", sa.Integer, nullable=False),
            sa.Column("created_at", _TIME, nullable=False),
            sa.UniqueConstraint("day", "browser", name="daily_one_per_browser"),
            sa.UniqueConstraint("game_id", name="daily_one_per_game"),
        ]),
        ("review_jobs", [
            sa.Column("id", sa.String(24), primary_key=True),
            sa.Column("key", sa.String(64), nullable=False),
            sa.Column("hand", sa.Integer, nullable=False),
            sa.Column("hands", sa.Integer, nullable=False),
            sa.Column("status", sa.String(10), nullable=False),
            sa.Column("done", sa.Integer, nullable=False),
            sa.Column("total", sa.Integer, nullable=False),
            sa.Column("story", sa.JSON, nullable=False),
            sa.Column("review", sa.JSON, nullable=True),
            sa.Column("error", sa.JSON, nullable=True),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("updated", sa.Float, nullable=False),
        ]),
    ]


INDEXES = [("ix_games_updated_at", "games", "updated_at"),
           ("ix_games_finished_at", "games", "finished_at"),
           ("ix_review_jobs_key", "review_jobs", "key")]
"""``(name, table, column)`` of the plain indexes (SQLAlchemy's ``index=True`` names)."""


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    have = set(inspector.get_table_names())
    for name, items in _tables():
        if name not in have:
            op.create_table(name, *items)
    # Databases from before the expiry columns existed.
    for table in ("games", "friend_tables"):
        if table in have and "finished_at" not in {
                c["name"] for c in inspector.get_columns(table)}:
            op.add_column(table, sa.Column("finished_at", _TIME, nullable=True))
    for index, table, column in INDEXES:
        if table not in have or index not in {i["name"] for i in inspector.get_indexes(table)}:
            op.create_index(index, table, [column])


def downgrade() -> None:
    for index, table, _column in INDEXES:
        op.drop_index(index, table_name=table)
    for name, _items in reversed(_tables()):
        op.drop_table(name)
