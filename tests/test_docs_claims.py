"""The docs say what the page and the CLI offer (issue 21 item 10): no claim that a game of the
menu is missing from the browser, and no short list where every variant is accepted."""

from __future__ import annotations

from pathlib import Path

from hearts.rules import OPTIONS, VARIANTS

ROOT = Path(__file__).resolve().parent.parent


def _text(name: str) -> str:
    return " ".join((ROOT / name).read_text(encoding="utf-8").split())


def test_readme_does_not_say_games_are_missing_from_the_browser() -> None:
    text = _text("README.md")
    assert "not yet in the browser" not in text
    assert "does not show chips" not in text


def test_tables_and_terminal_docs_point_at_the_whole_list() -> None:
    # a table accepts every variant (the form offers them all); the docs say so rather
    # than listing a few
    tables = _text("docs/tables.md")
    assert "every name of `GET /api/variants`" in tables
    terminal = _text("docs/terminal.md")
    assert "`hearts variants` lists them all" in terminal
    assert len(VARIANTS) >= 20


def test_readme_counts_the_registry() -> None:
    """The README's figure of variants and options is the registry's (it said 31 options
    when there were 33)."""
    text = _text("README.md")
    assert f"{len(VARIANTS)} variants and {len(OPTIONS)} options" in text
