"""Throw-away PostgreSQL and Redis servers on free loopback ports, for tests and benchmarks.

:class:`PgCluster` runs Debian's ``initdb`` and ``pg_ctl`` (``/usr/lib/postgresql/*/bin``)
in a temporary folder, as the ``postgres`` user when the caller is root (PostgreSQL will
not run as root); :class:`RedisServer` runs ``redis-server`` without persistence.  Both
listen on 127.0.0.1 only, trust every local connection, and delete their folder when
stopped.  ``make system-deps`` installs both packages.  They are what ``make test``
starts for the PostgreSQL and Redis tests and what ``bench/tables_load.py --pg --redis``
starts for a load run like a deployment's (docs/web-server.md).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from .serve import free_port


def pg_bindir() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``, or None when PostgreSQL is missing."""
    found = shutil.which("pg_ctl")
    if found and (Path(found).resolve().parent / "initdb").exists():
        return Path(found).resolve().parent
    for cand in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(cand, "initdb")):
            return Path(cand)
    return None


class PgCluster:
    """A temporary PostgreSQL cluster (user ``hearts``, trust authentication).

    ``fsync``: False (the tests' default) skips flushing to disk, True behaves like a
    real server.  Raises ``KeyError`` when run as root without a ``postgres`` user and
    ``subprocess.CalledProcessError`` when ``initdb``/``pg_ctl`` fail.
    """

    def __init__(self, bindir: Path, *, fsync: bool = False, max_connections: int = 200
                 ) -> None:
        self.bindir = bindir
        self.fsync = fsync
        self.max_connections = max_connections
        self.root = Path(tempfile.mkdtemp(prefix="hearts-pg-"))
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self.data = self.root / "data"
        self.port = free_port()

    def run(self, *args: str) -> None:
        """Run a PostgreSQL program (as ``postgres`` when root)."""
        subprocess.run([*self.prefix, *args], check=True, capture_output=True, timeout=120,
                       stdin=subprocess.DEVNULL)

    def _pg_ctl_start(self) -> None:
        self.run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l",
                 str(self.root / "server.log"), "-w", "-t", "60", "-o",
                 f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                 f"-c fsync={'on' if self.fsync else 'off'} "
                 f"-c max_connections={self.max_connections}", "start")

    def start(self) -> PgCluster:
        """``initdb`` and start the server; returns ``self``."""
        self.run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", "hearts",
                 "-A", "trust", "-E", "UTF8", *([] if self.fsync else ["--no-sync"]))
        self._pg_ctl_start()
        return self

    def pause(self) -> None:
        """Stop the server, keeping its data (as when PostgreSQL is stopped under us)."""
        self.run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        """Start the server again after :meth:`pause`."""
        self._pg_ctl_start()

    def stop(self) -> None:
        """Stop the server at once and delete its folder."""
        try:
            self.run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, dbname: str = "postgres") -> str:
        """SQLAlchemy URL of database ``dbname`` (psycopg 3)."""
        return f"postgresql+psycopg://hearts@127.0.0.1:{self.port}/{dbname}"

    def create_database(self, name: str) -> str:
        """Create database ``name``; returns its URL."""
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=hearts dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def redis_binary() -> str | None:
    """Path of ``redis-server``, or None when it is not installed."""
    found = shutil.which("redis-server")
    if found:
        return found
    return "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None


class RedisServer:
    """``redis-server`` on a free loopback port, no persistence, in a temporary folder.
    ``start()`` raises ``RuntimeError`` when it does not answer a PING within 20 s."""

    def __init__(self) -> None:
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="hearts-redis-")
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """``redis://127.0.0.1:<port>/0``."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        """Start it (again, after :meth:`pause`, on the same port) and wait until it
        answers; returns ``self``."""
        binary = redis_binary() or "redis-server"
        with open(os.path.join(self.dir, "log"), "ab") as log:
            self.proc = subprocess.Popen(
                [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--dir", self.dir, "--daemonize", "no"],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        import redis

        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with contextlib.suppress(redis.exceptions.ConnectionError):
                if redis.Redis(port=self.port).ping():
                    return self
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("redis-server did not start")

    def pause(self) -> None:
        """Stop the server (as when Redis goes away under us); :meth:`start` brings it back."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=20)

    def stop(self) -> None:
        """Stop it and delete its folder."""
        self.pause()
        shutil.rmtree(self.dir, ignore_errors=True)


__all__ = ["PgCluster", "RedisServer", "pg_bindir", "redis_binary"]
