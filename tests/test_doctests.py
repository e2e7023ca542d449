"""The documentation's examples run as doctests, one test per docstring or page.

- Docstrings of :data:`MODULES` (the public engine API they document): every function,
  class and method docstring holding ``>>>`` examples is one test, run against the module
  as imported (the compiled engine when it is installed), in the module's globals.  The
  docstrings are found in the source (``ast``), so a compiled module's are found too.
- The Markdown pages of :data:`PAGES` (the README's quick start, ``docs/python.md``, the
  public engine and record API): the ``>>>`` examples of their fenced ``python`` blocks
  run in order, sharing one namespace per page; each page is one test.

Each test fails with doctest's report of the first differences; a page or module that
lost its examples fails too (:func:`test_every_documented_place_has_examples`).
"""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT

MODULES = ("hearts.cards", "hearts.deal", "hearts.actions", "hearts.errors")
"""Modules whose docstrings carry examples."""
PAGES = ("README.md", "docs/python.md")
"""Pages whose ``python`` blocks carry examples."""
FLAGS = doctest.ELLIPSIS
_FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def _docstrings(module: str) -> list[tuple[str, str, int]]:
    """``(qualified name, docstring, line)`` of every docstring with examples in ``module``."""
    path = ROOT / "src" / Path(*module.split(".")).with_suffix(".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}.{child.name}"
                doc = ast.get_docstring(child, clean=False)
                if doc and ">>>" in doc:
                    found.append((name, doc, child.body[0].lineno))
                visit(child, name)

    top = ast.get_docstring(tree, clean=False)
    if top and ">>>" in top:
        found.append((module, top, 1))
    visit(tree, module)
    return found


DOCSTRINGS = [(module, *item) for module in MODULES for item in _docstrings(module)]


def _run(test: doctest.DocTest) -> doctest.TestResults:
    out: list[str] = []
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    result = runner.run(test, out=out.append, clear_globs=False)
    assert result.failed == 0, "".join(out)
    return result


@pytest.mark.parametrize(("module", "name", "doc", "line"), DOCSTRINGS,
                         ids=[d[1] for d in DOCSTRINGS])
def test_docstring_examples(module: str, name: str, doc: str, line: int) -> None:
    globs: dict[str, Any] = dict(vars(importlib.import_module(module)))
    test = doctest.DocTestParser().get_doctest(doc, globs, name, module, line)
    assert _run(test).attempted > 0


@pytest.mark.parametrize("page", PAGES)
def test_page_examples(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    globs: dict[str, Any] = {"__name__": page}
    attempted = 0
    for block in _FENCE.finditer(text):
        line = text.count("\n", 0, block.start(1))
        test = doctest.DocTestParser().get_doctest(block.group(1), globs, page, page, line)
        attempted += _run(test).attempted
        globs = test.globs  # the next block goes on from this one
    assert attempted > 0, f"{page} has no >>> examples in its python blocks"


def test_every_documented_place_has_examples() -> None:
    assert {d[0] for d in DOCSTRINGS} == set(MODULES)
    assert len(DOCSTRINGS) >= 15
