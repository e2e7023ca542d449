"""Regressions found by adversarial QA: command-line failures that ended in a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hearts.cli.main import cli


@pytest.mark.parametrize("db", ["nonsense://x", "sqlite:////no/such/folder/hearts.db", "{dir}"])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_serve_with_a_database_it_cannot_open_says_so(tmp_path: Path, db: str,
                                                      workers: str) -> None:
    # Was: a SQLAlchemy traceback (NoSuchModuleError, OperationalError) and exit 1.
    url = db.format(dir=tmp_path)
    r = CliRunner().invoke(cli, ["serve", "--port", "0", "--db", url, "--workers", workers])
    assert r.exit_code == 1, r.output
    assert isinstance(r.exception, SystemExit), r.exception
    assert "cannot open the database" in r.output
    assert "Traceback" not in r.output


def test_serve_hides_the_database_password() -> None:
    r = CliRunner().invoke(cli, ["serve", "--port", "0",
                                 "--db", "postgresql+psycopg://u:secret@127.0.0.1:1/x"])
    assert r.exit_code == 1, r.output
    assert "secret" not in r.output and "u:***@127.0.0.1" in r.output


@pytest.mark.parametrize("port", ["99999", "-1"])
def test_serve_port_out_of_range_is_a_usage_error(port: str) -> None:
    # Was: OverflowError from bind() after the app had started.
    r = CliRunner().invoke(cli, ["serve", "--port", port, "--db", "sqlite:///:memory:"])
    assert r.exit_code == 2, r.output
    assert "--port" in r.output
