"""``hearts serve [--host H] [--port P] [--db URL] [--workers N]``: run the web game.

It needs the ``web`` extra (``pip install 'hearts[web]'``); without it the command says
so.  At start the database's schema is upgraded to the newest revision
(:mod:`hearts.web.schema`); ``--no-migrate`` refuses to start on an older database instead,
naming the command that upgrades it (``hearts migrate``).
"""

from __future__ import annotations

import errno
import os
import socket
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
@click.option("--expire-unfinished-days", default=30.0, show_default=True,
              type=click.FloatRange(min=0),
              help="Delete unfinished games nobody has moved for this many days (0: never).")
@click.option("--expire-finished-days", default=7.0, show_default=True,
              type=click.FloatRange(min=0),
              help="Delete finished games this many days after they ended (0: never).")
@click.option("--games-per-minute", default=20.0, show_default=True,
              type=click.FloatRange(min=0),
              help="New games (and restarts) one client address may start a minute, with "
                   "bursts of up to three times as many (0: no limit).")
@click.option("--tables-per-minute", default=10.0, show_default=True,
              type=click.FloatRange(min=0),
              help="Shared tables one client address may create a minute, with bursts of up "
                   "to three times as many (0: no limit).")
@click.option("--expire-every-s", default=3600.0, show_default=True,
              type=click.FloatRange(min=1),
              help="Seconds between sweeps that delete old games and tables.")
@click.option("--max-body-bytes", default=32 * 1024, show_default=True,
              type=click.IntRange(256, 16 * 1024 * 1024),
              help="Largest request body; bigger ones get 413 before they are read.")
@click.option("--search-workers", default=None, type=click.IntRange(0, 64),
              help="Processes for the bots' searches and hints at search levels "
                   "[default: CPUs - 1, 1 to 4; 0: in the server process].")
@click.option("--max-hints", default=4, show_default=True, type=click.IntRange(1, 1000),
              help="Hints being worked out at once (429 past it; one per game).")
@click.option("--request-timeout", default=10.0, show_default=True,
              type=click.FloatRange(min=0),
              help="Seconds a request (headers and body) may take to arrive (0: no limit).")
@click.option("--keep-alive-timeout", default=5, show_default=True, type=click.IntRange(1, 600),
              help="Seconds an idle keep-alive connection stays open.")
@click.option("--limit-concurrency", default=1000, show_default=True,
              type=click.IntRange(1, 1_000_000),
              help="Connections or requests in progress per process before new requests "
                   "get 503.")
@click.option("--forwarded-allow-ips", default="127.0.0.1", show_default=True,
              help="Reverse proxies trusted to name the client (X-Forwarded-For), comma "
                   "separated; the client's address keys the games-per-minute limit.")
@click.option("--api-docs/--no-api-docs", default=False, show_default=True,
              help="Serve the interactive API docs at /api/docs (its page loads swagger-ui "
                   "from a CDN).")
@click.option("--hint-workers", default=1, show_default=True, type=click.IntRange(0, 64),
              help="Processes for hints at search levels, apart from the bots' own "
                   "searches and at a lower priority, so hints never delay plays (0: hints "
                   "share the bots' workers).")
@click.option("--misses-per-minute", default=30.0, show_default=True,
              type=click.FloatRange(min=0),
              help="Wrong game or table ids and wrong tokens one client address may send a "
                   "minute, with bursts of twice as many; 429 past it (0: no limit).")
@click.option("--connections-per-client", default=64, show_default=True,
              type=click.IntRange(0, 1_000_000),
              help="Open connections (HTTP and WebSocket) one client address may hold per "
                   "process; past it new ones are refused at once (0: no cap).")
@click.option("--metrics/--no-metrics", default=False, show_default=True,
              help="Serve Prometheus metrics at /metrics (keep it from the public: see "
                   "docs/web-server.md).")
@click.option("--migrate/--no-migrate", default=True, show_default=True,
              help="Upgrade the database's schema at start when it is older than this "
                   "version's; --no-migrate refuses to start then (upgrade with `hearts "
                   "migrate`).")
@click.option("--redis", "redis_url", default=None, metavar="URL",
              help="Redis server (redis://host:port/db) through which several server "
                   "processes serve the same shared tables [default: $HEARTS_REDIS; none: "
                   "one process serves each table].")
def command(host: str, port: int, db_url: str | None, workers: int, log_level: str,
            expire_unfinished_days: float, expire_finished_days: float,
            games_per_minute: float, tables_per_minute: float, expire_every_s: float,
            max_body_bytes: int, search_workers: int | None,
            max_hints: int, request_timeout: float, keep_alive_timeout: int,
            limit_concurrency: int, forwarded_allow_ips: str, api_docs: bool,
            hint_workers: int, misses_per_minute: float, connections_per_client: int,
            metrics: bool, migrate: bool, redis_url: str | None) -> None:
    """Serve the web game and its JSON API with uvicorn."""
    require_web("hearts serve")
    import uvicorn

    from ..web.app import ServerSettings
    from ..web.storage import resolve_db_url

    try:
        url = resolve_db_url(db_url)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--db") from None
    redis_url = redis_url or os.environ.get("HEARTS_REDIS") or None
    settings = ServerSettings(
        max_body_bytes=max_body_bytes, games_per_minute=games_per_minute,
        tables_per_minute=tables_per_minute, expire_every_s=expire_every_s,
        search_workers=search_workers, max_hints=max_hints,
        expire_unfinished_days=expire_unfinished_days,
        expire_finished_days=expire_finished_days, api_docs=api_docs,
        hint_workers=hint_workers, misses_per_minute=misses_per_minute,
        connections_per_client=connections_per_client, metrics=metrics)
    os.environ["HEARTS_REQUEST_TIMEOUT"] = str(request_timeout)
    os.environ["HEARTS_CONNECTIONS_PER_CLIENT"] = str(connections_per_client)
    server_options: dict[str, Any] = {
        "host": host, "port": port, "log_level": log_level,
        "http": "hearts.web.protocol:TimedH11Protocol",
        "ws": "hearts.web.protocol:CountedWebSocketProtocol",
        "timeout_keep_alive": keep_alive_timeout, "limit_concurrency": limit_concurrency,
        "forwarded_allow_ips": forwarded_allow_ips, "proxy_headers": True,
        "timeout_graceful_shutdown": 10, "server_header": False, "ws_max_size": WS_MAX_SIZE,
        # No permessage-deflate: a table's messages are a few hundred bytes to 2 KB, and
        # compressing every frame for every client cost more CPU than the rest of a play
        # (bench/tables_results.md).
        "ws_per_message_deflate": False,
    }
    _check_port(host, port)  # before the database file is made: a busy port leaves nothing
    _check_db(url, migrate)  # the schema upgraded (or checked) once, before any worker
    if workers == 1:
        from ..web.app import create_app, tune_gc

        try:
            app = create_app(url, settings, redis_url)
        except Exception as exc:
            raise _db_error(url, exc) from None
        tune_gc()
        uvicorn.run(app, **server_options)
        return
    os.environ["HEARTS_DB"] = url
    os.environ["HEARTS_SERVE_SETTINGS"] = settings.to_env()
    if redis_url:
        os.environ["HEARTS_REDIS"] = redis_url
    else:
        click.echo("warning: without --redis each shared table is served by one worker only; "
                   "clients of one table on different workers do not see each other", err=True)
    uvicorn.run("hearts.web.app:app_from_env", factory=True, workers=workers, **server_options)


def _check_port(host: str, port: int) -> None:
    """Raise a usage error when ``host:port`` cannot be listened on (another server there,
    or a host name this machine does not have), before anything is created; uvicorn would
    say only ``[Errno 98]`` after the database file was made.  Linux refuses the bind while
    another socket listens there, ``SO_REUSEADDR`` (which uvicorn sets too) or not."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as exc:
        raise click.BadParameter(f"cannot listen on {host}: {exc.strerror or exc}",
                                 param_hint="--host") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            busy = exc.errno == errno.EADDRINUSE
            raise click.BadParameter(
                f"cannot listen on {host}:{port}: {exc.strerror or exc}"
                + ("; another program (an earlier `hearts serve`?) is using it: choose another "
                   "with --port (`make run PORT=8001`)" if busy else ""),
                param_hint="--port" if busy else "--host") from None


def _db_error(url: str, exc: Exception) -> click.ClickException:
    """The usage error for a database that cannot be opened (password hidden)."""
    from sqlalchemy.engine import make_url

    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except Exception:
        shown = url
    why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return click.ClickException(f"cannot open the database {shown}: {why}")


def _check_db(url: str, migrate: bool = True) -> None:
    """Open the database once, upgrading its schema (``migrate``) or checking that it is at
    the newest revision; raise a ClickException saying why when that fails."""
    from ..web.schema import SchemaOutOfDate
    from ..web.storage import GameStore

    try:
        GameStore(url, migrate=migrate).close()
    except SchemaOutOfDate as exc:
        raise click.ClickException(str(exc)) from None
    except Exception as exc:
        raise _db_error(url, exc) from None


WEB_MODULES = ("fastapi", "starlette", "uvicorn", "sqlalchemy", "alembic", "websockets",
               "redis", "orjson", "pydantic")
"""What the ``web`` extra installs that the server imports."""


def require_web(what: str) -> None:
    """Raise a ClickException naming the ``web`` extra when one of its packages is missing
    (``pip install hearts`` installs the engine, records, bots and this command line only)."""
    import importlib.util

    missing = [m for m in WEB_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        raise click.ClickException(
            f"{what} needs the web extra, which is not installed (missing: "
            f"{', '.join(missing)}): pip install 'hearts[web]'")


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
    ``log_path`` when given.  ``args``: further ``hearts serve`` options; by default
    the games- and tables-per-minute limits, the wrong-ids limit and the cap on
    connections per client are lifted (tests and load benchmarks create games faster
    than a person, and run hundreds of clients from one address), unless ``args`` sets
    them.
    """

    def __init__(self, db_url: str, *, workers: int = 1, log_path: str | None = None,
                 timeout: float = 60.0, args: tuple[str, ...] | list[str] = (),
                 redis_url: str | None = None) -> None:
        self.db_url = db_url
        self.redis_url = redis_url
        self.args = list(args)
        if "--games-per-minute" not in self.args:
            self.args += ["--games-per-minute", "0"]
        if "--tables-per-minute" not in self.args:
            self.args += ["--tables-per-minute", "0"]
        if "--misses-per-minute" not in self.args:
            self.args += ["--misses-per-minute", "0"]
        if "--connections-per-client" not in self.args:
            self.args += ["--connections-per-client", "0"]
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
                     "--workers", str(self.workers), "--log-level", "warning", *self.args,
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
