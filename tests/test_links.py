"""Every link of the README, the changelog and ``docs/*.md`` resolves.

A relative link must name a file or folder of the repository; a ``#fragment`` must be a
heading of the Markdown file it points into (GitHub's anchors: lower case, punctuation
dropped, spaces to hyphens, ``-1``, ``-2`` ... for repeated headings) or an explicit
``<a id=...>``.  Web addresses are not fetched (the tests run offline).  Links inside code
(fenced blocks and backticks) are not links.  ``docs/index.md`` must list every page.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest
from conftest import ROOT

PAGES = sorted([ROOT / "README.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").glob("*.md")])
_FENCE = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1", re.S | re.M)
_CODE = re.compile(r"(`+).*?\1", re.S)
_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_REF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
_HTML = re.compile(r"<(?:img|a)\b[^>]*?\b(?:src|href)=\"([^\"]+)\"", re.I)
_HEADING = re.compile(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", re.M)
_ANCHOR = re.compile(r"<a\b[^>]*\b(?:id|name)=\"([^\"]+)\"", re.I)


def _prose(text: str) -> str:
    """The text without code blocks and code spans (their links are examples)."""
    return _CODE.sub("", _FENCE.sub("", text))


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading."""
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link's text stays
    text = text.strip().lower()
    kept = "".join(ch for ch in text if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every anchor a Markdown file offers."""
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    found = set(_ANCHOR.findall(text))
    for heading in _HEADING.findall(text):
        slug = _slug(heading)
        n = seen.get(slug, 0)
        found.add(slug if n == 0 else f"{slug}-{n}")
        seen[slug] = n + 1
    return found


def links(path: Path) -> list[str]:
    text = _prose(path.read_text(encoding="utf-8"))
    return [*_LINK.findall(text), *_REF.findall(text), *_HTML.findall(text)]


def test_slugs_follow_github() -> None:
    assert _slug("Numbered deals (`hearts-deal/1`)") == "numbered-deals-hearts-deal1"
    assert _slug("The family: what plugs in where") == "the-family-what-plugs-in-where"
    assert _slug("Issue 10, sixth round: 04:05-06:00 UTC") == "issue-10-sixth-round-0405-0600-utc"


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_link_resolves(page: Path) -> None:
    found = links(page)
    bad = []
    for target in found:
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # http:, https:, mailto:
            continue
        path_part, _, fragment = target.partition("#")
        dest = (page.parent / unquote(path_part)).resolve() if path_part else page
        if not dest.exists():
            bad.append(f"{target}: no such file")
            continue
        if fragment and dest.suffix == ".md" and unquote(fragment) not in anchors(dest):
            bad.append(f"{target}: no heading #{fragment} in {dest.relative_to(ROOT)}")
        if ROOT not in dest.parents and dest != ROOT:
            bad.append(f"{target}: outside the repository")
    assert not bad, f"{page.relative_to(ROOT)}:\n" + "\n".join(bad)


def test_the_readme_is_a_front_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 150
    assert "make run" in readme and "make test" in readme
    assert len(links(ROOT / "README.md")) >= 20


def test_the_index_lists_every_page() -> None:
    listed = {(ROOT / "docs" / t.partition("#")[0]).resolve()
              for t in links(ROOT / "docs" / "index.md")}
    pages = {p.resolve() for p in (ROOT / "docs").rglob("*.md") if p.name != "index.md"}
    assert not pages - listed, sorted(str(p.relative_to(ROOT)) for p in pages - listed)
