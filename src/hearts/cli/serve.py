"""``hearts serve [--host H] [--port P] [--db URL] [--workers N]``: run the web game."""

from __future__ import annotations

import os

import click


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 for every interface).")
@click.option("--port", default=8000, show_default=True, type=int, help="TCP port.")
@click.option("--db", "db_url", default=None, metavar="URL",
              help="Database: an SQLite file path, sqlite:///file.db or "
                   "postgresql+psycopg://user:password@host:port/dbname "
                   "[default: $HEARTS_DB or ./hearts.db].")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Server processes; they share the database (optimistic versioning keeps "
                   "them consistent).")
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
def command(host: str, port: int, db_url: str | None, workers: int, log_level: str) -> None:
    """Serve the web game and its JSON API with uvicorn."""
    import uvicorn

    from ..web.storage import resolve_db_url

    url = resolve_db_url(db_url)
    if workers == 1:
        from ..web.app import create_app

        uvicorn.run(create_app(url), host=host, port=port, log_level=log_level)
        return
    os.environ["HEARTS_DB"] = url
    uvicorn.run("hearts.web.app:app_from_env", factory=True, host=host, port=port,
                workers=workers, log_level=log_level)
