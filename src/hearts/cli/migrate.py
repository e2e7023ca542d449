"""``hearts migrate [--db URL] [--show]``: upgrade the game database's schema.

``hearts serve`` does the same at start unless given ``--no-migrate``; this command is for
a server that runs with ``--no-migrate`` (the database changed by hand, at a time chosen).
``--show`` changes nothing and prints ``{"current": ..., "head": ...}``: the revision the
database is at (``null``: never migrated) and the newest one.  Needs the ``web`` extra.
"""

from __future__ import annotations

import json
import os

import click

from .serve import _db_error, require_web


@click.command()
@click.option("--db", "db_url", default=None, metavar="URL",
              help="Database: an SQLite file path, sqlite:///file.db or "
                   "postgresql+psycopg://user:password@host:port/dbname "
                   "[default: $HEARTS_DB or ./hearts.db].")
@click.option("--show", is_flag=True, help="Print the current and newest revision as JSON; "
                                           "change nothing.")
def command(db_url: str | None, show: bool) -> None:
    """Upgrade the web game's database to the newest schema revision."""
    require_web("hearts migrate")
    from ..web import schema
    from ..web.storage import make_engine, resolve_db_url

    try:
        url = resolve_db_url(db_url)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--db") from None
    if show and _missing_sqlite_file(url):  # --show changes nothing: creates no file
        click.echo(json.dumps({"current": None, "head": schema.head()}))
        return
    try:
        engine = make_engine(url)  # an unknown dialect or a missing driver fails here
    except Exception as exc:
        raise _db_error(url, exc) from None
    try:
        before = schema.current(engine)
        if not show:
            schema.upgrade(engine)
        after = schema.current(engine)
    except Exception as exc:
        raise _db_error(url, exc) from None
    finally:
        engine.dispose()
    if show:
        click.echo(json.dumps({"current": before, "head": schema.head()}))
    else:
        click.echo(json.dumps({"from": before, "to": after}))


def _missing_sqlite_file(url: str) -> bool:
    """Whether ``url`` names an SQLite file that does not exist (opening it would
    create it)."""
    from sqlalchemy.engine import make_url

    try:
        u = make_url(url)
    except Exception:
        return False
    db = u.database
    return (u.get_backend_name() == "sqlite" and bool(db) and db != ":memory:"
            and not str(db).startswith("file:") and not os.path.exists(str(db)))
