"""An index on ``friend_tables.finished_at``, which the expiry sweep filters by (as
``games.finished_at`` has had since the baseline).

Revision ID: 0002_tables_finished_index
Revises: 0001_baseline
Create Date: 2026-12-03
"""

from __future__ import annotations

from alembic import op

revision = "0002_tables_finished_index"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_friend_tables_finished_at", "friend_tables", ["finished_at"])


def downgrade() -> None:
    op.drop_index("ix_friend_tables_finished_at", table_name="friend_tables")
