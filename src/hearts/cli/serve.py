"""``hearts serve [--host H] [--port P] [--db URL] [--workers N]``: run the web game."""

from __future__ import annotations

import os
from typing import Any

import click

WS_MAX_SIZE = 64 * 1024
"""Largest WebSocket message the server reads (a shared table's moves are far smaller)."""


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 for every interface).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="TCP port.")
@click.option("--db", "db_url", default=None, metavar="URL",
              help="Database: an SQLite file path, sqlite:///file.db or "
                   "postgresql+psycopg://user:password@host:port/dbname "
                   "[default: $HEARTS_DB or ./hearts.db].")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Server processes; they share the database (optimistic versioning keeps "
                   "them consistent).")
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
@click.option("--redis", "redis_url", default=None, metavar="URL",
              help="Redis server (redis://host:port/db) through which several server "
                   "processes serve the same shared tables [default: $HEARTS_REDIS; none: "
                   "one process serves each table].")
def command(host: str, port: int, db_url: str | None, workers: int, log_level: str,
            redis_url: str | None) -> None:
    """Serve the web game and its JSON API with uvicorn."""
    import uvicorn

    from ..web.storage import resolve_db_url

    url = resolve_db_url(db_url)
    redis_url = redis_url or os.environ.get("HEARTS_REDIS") or None
    if workers == 1:
        from ..web.app import create_app

        try:
            app = create_app(url, redis_url)
        except Exception as exc:
            raise _db_error(url, exc) from None
        uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=WS_MAX_SIZE)
        return
    _check_db(url)  # the workers open it themselves: say now, once, if it cannot be opened
    os.environ["HEARTS_DB"] = url
    if redis_url:
        os.environ["HEARTS_REDIS"] = redis_url
    else:
        click.echo("warning: without --redis each shared table is served by one worker only; "
                   "clients of one table on different workers do not see each other", err=True)
    uvicorn.run("hearts.web.app:app_from_env", factory=True, host=host, port=port,
                workers=workers, log_level=log_level, ws_max_size=WS_MAX_SIZE)


def _db_error(url: str, exc: Exception) -> click.ClickException:
    """The usage error for a database that cannot be opened (password hidden)."""
    from sqlalchemy.engine import make_url

    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except Exception:
        shown = url
    why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return click.ClickException(f"cannot open the database {shown}: {why}")


def _check_db(url: str) -> None:
    """Open (and create the tables of) the database once; raise a ClickException if it fails."""
    from ..web.storage import GameStore

    try:
        GameStore(url).close()
    except Exception as exc:
        raise _db_error(url, exc) from None


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that is free on ``host`` right now."""
    import socket

    with socket.socket() as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    """``hearts serve`` in a child process on a free localhost port (tests and benchmarks).

    ``start()`` waits until ``GET /api/daily`` answers (raises ``RuntimeError`` with the
    server's output when it does not within ``timeout`` seconds); ``stop(kill=True)``
    ends it with SIGKILL (a crash), else SIGTERM.  The server's output goes to
    ``log_path`` when given.
    """

    def __init__(self, db_url: str, *, workers: int = 1, log_path: str | None = None,
                 timeout: float = 60.0, redis_url: str | None = None) -> None:
        self.db_url = db_url
        self.redis_url = redis_url
        self.workers = workers
        self.log_path = log_path
        self.timeout = timeout
        self.port = 0
        self.proc: Any = None

    @property
    def url(self) -> str:
        """Base URL, e.g. ``http://127.0.0.1:40123``."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        """Start the server and wait until it answers; returns ``self``."""
        import subprocess
        import sys
        import tempfile
        import time

        import httpx

        if not self.log_path:
            fd, self.log_path = tempfile.mkstemp(prefix="hearts-serve-", suffix=".log")
            os.close(fd)
        for _attempt in range(3):
            self.port = free_port()
            with open(self.log_path, "ab") as out:
                self.proc = subprocess.Popen(
                    [sys.executable, "-c", "from hearts.cli.main import main; main()", "serve",
                     "--host", "127.0.0.1", "--port", str(self.port), "--db", self.db_url,
                     "--workers", str(self.workers), "--log-level", "warning",
                     *(["--redis", self.redis_url] if self.redis_url else [])],
                    stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
            deadline = time.monotonic() + self.timeout
            while time.monotonic() < deadline and self.proc.poll() is None:
                try:
                    if httpx.get(self.url + "/api/daily", timeout=2).status_code == 200:
                        return self
                except httpx.HTTPError:
                    pass
                time.sleep(0.1)
            self.stop(kill=True)
        with open(self.log_path, errors="replace") as f:
            raise RuntimeError(f"hearts serve did not start: {f.read()[-4000:]}")

    def stop(self, kill: bool = False) -> None:
        """End the server (SIGKILL when ``kill``, else SIGTERM) and wait for it."""
        import subprocess

        if self.proc is None or self.proc.poll() is not None:
            return
        if kill:
            self.proc.kill()
        else:
            self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=20)

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
