"""What a new-user tester found on the page, each checked as a person sees it (visible, inside the
window at 1280×800 and 390×844, in Japanese where the words change).  Real server, real Chromium.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import SIZES, Table

pytestmark = pytest.mark.e2e


def _make_table(t: Table, name: str = "Ann", query: str = "") -> None:
    """Make a table from the form (``/t/new``) as its host and wait until it waits to start."""
    page = t.page
    page.goto(t.base + "/t/new" + (f"?{query}" if query else ""))
    page.fill('#tb-create-form [name="name"]', name)
    page.locator('[data-action="create-table"]').click()
    page.wait_for_selector('body[data-status="waiting"]')
    t.idle()


# ------------------------------------------------------------------ 1. no hand badges before the deal
@pytest.mark.parametrize("size", SIZES)
def test_a_table_waiting_to_start_shows_no_hearts_badge(new_table: Any, size: tuple[int, int]) -> None:
    t: Table = new_table(*size)
    _make_table(t)
    page = t.page
    t.see('[data-action="start"]')
    assert not page.locator("#hearts-mark").is_visible()
    text = page.inner_text(".table")
    assert "Hearts can't be led yet" not in text and "Hearts broken" not in text, text
    page.locator('[data-action="start"]').click()
    page.wait_for_selector('body[data-status="playing"]')
    t.idle()
    t.see("#hearts-mark", uncovered=False)
    assert "Hearts can't be led yet" in (page.text_content("#hearts-mark") or "")
    assert t.errors == []
