"""Solo games move into the table log: one store for both hosts (issue 20).

Each ``games`` row becomes a ``friend_tables`` row (the same id and seed; settings
``{"variant", "players", "options", "level", "game": game_number, "turn_seconds": 600,
"spectators": false, "hints": true, "solo": true, "restart_of"}``) and its action list
becomes ``table_actions`` rows: ``["join", 0, "You", token_hash]``, ``["start"]``, then
the stored actions unchanged (they are the engine's Action JSON already), dated at the
game's last write.  The ``games`` table is then dropped.  Downgrading moves solo tables
back into a new ``games`` table.

Revision ID: 0003_solo_games_are_tables
Revises: 0002_tables_finished_index
Create Date: 2026-12-04
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0003_solo_games_are_tables"
down_revision = "0002_tables_finished_index"
branch_labels = None
depends_on = None

_TIME = sa.DateTime(timezone=True)
SOLO_TURN_SECONDS = 600.0
BATCH = 200


def _games() -> sa.TableClause:
    return sa.table(
        "games", sa.column("id", sa.String), sa.column("token_hash", sa.String),
        sa.column("variant", sa.String), sa.column("players", sa.Integer),
        sa.column("options", sa.JSON), sa.column("game_number", sa.BigInteger),
        sa.column("level", sa.String), sa.column("seed", sa.BigInteger),
        sa.column("actions", sa.JSON), sa.column("version", sa.Integer),
        sa.column("restart_of", sa.String), sa.column("created_at", _TIME),
        sa.column("updated_at", _TIME), sa.column("finished_at", _TIME))


_tables = sa.table("friend_tables", sa.column("id", sa.String), sa.column("settings", sa.JSON),
                   sa.column("seed", sa.BigInteger), sa.column("created_at", _TIME),
                   sa.column("finished_at", _TIME))
_actions = sa.table("table_actions", sa.column("table_id", sa.String),
                    sa.column("seq", sa.Integer), sa.column("action", sa.JSON),
                    sa.column("created_at", _TIME))


def _settings(row: Any) -> dict[str, Any]:
    return {"variant": row.variant, "players": row.players, "options": dict(row.options),
            "level": row.level, "game": row.game_number, "turn_seconds": SOLO_TURN_SECONDS,
            "spectators": False, "hints": True, "solo": True, "restart_of": row.restart_of}


def upgrade() -> None:
    bind = op.get_bind()
    games = _games()
    offset = 0
    while True:
        rows = bind.execute(sa.select(games).order_by(games.c.id)
                            .limit(BATCH).offset(offset)).all()
        if not rows:
            break
        offset += len(rows)
        for row in rows:
            bind.execute(sa.insert(_tables).values(
                id=row.id, settings=_settings(row), seed=row.seed, created_at=row.created_at,
                finished_at=row.finished_at))
            log = [["join", 0, "You", row.token_hash], ["start"], *map(list, row.actions)]
            bind.execute(sa.insert(_actions), [
                {"table_id": row.id, "seq": i, "action": a, "created_at": row.updated_at}
                for i, a in enumerate(log, 1)])
    op.drop_index("ix_games_updated_at", table_name="games")
    op.drop_index("ix_games_finished_at", table_name="games")
    op.drop_table("games")


def downgrade() -> None:
    op.create_table(
        "games",
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
    )
    op.create_index("ix_games_updated_at", "games", ["updated_at"])
    op.create_index("ix_games_finished_at", "games", ["finished_at"])
    bind = op.get_bind()
    games = _games()
    solo = [r for r in bind.execute(sa.select(_tables)).all()
            if isinstance(r.settings, dict) and r.settings.get("solo")]
    for t in solo:
        log = [list(a) for (a,) in bind.execute(
            sa.select(_actions.c.action).where(_actions.c.table_id == t.id)
            .order_by(_actions.c.seq)).all()]
        last = bind.execute(sa.select(sa.func.max(_actions.c.created_at))
                            .where(_actions.c.table_id == t.id)).scalar() or t.created_at
        s = t.settings
        moves = log[2:]
        bind.execute(sa.insert(games).values(
            id=t.id, token_hash=log[0][3], variant=s["variant"], players=s["players"],
            options=s["options"], game_number=s["game"], level=s["level"], seed=t.seed,
            actions=moves, version=len(moves), restart_of=s.get("restart_of"),
            created_at=t.created_at, updated_at=last, finished_at=t.finished_at))
        bind.execute(sa.delete(_actions).where(_actions.c.table_id == t.id))
        bind.execute(sa.delete(_tables).where(_tables.c.id == t.id))
