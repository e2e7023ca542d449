"""Shared pytest fixtures.

Tests use the real engine, database and browser (no mocks of our own parts).
Browser tests drive Debian's chromium through Playwright with
``executable_path=CHROMIUM`` (never ``playwright install``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
"""The repository root."""
DATA = Path(__file__).resolve().parent / "data"
"""Sample records and other test data (``tests/data``)."""
CHROMIUM = "/usr/bin/chromium"
"""The browser binary that Playwright tests launch."""


@pytest.fixture
def data_dir() -> Path:
    """The ``tests/data`` folder."""
    return DATA
