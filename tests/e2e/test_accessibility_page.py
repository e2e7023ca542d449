"""An accessibility audit of the page with axe-core (vendored in ``tests/e2e/vendor/axe-core``),
run by Playwright in Chromium on the table, every dialog and the rules pages, at 1280×800
and 390×844, in English and in Japanese: no serious or critical violation (issue 21).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import SIZES, Table

pytestmark = pytest.mark.e2e

AXE = (Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")

RUN = """async () => {
  const r = await axe.run(document, { resultTypes: ["violations"] });
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                   nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + " :: " + n.failureSummary) }));
}"""


def audit(t: Table, where: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line each."""
    if not t.page.evaluate("typeof window.axe !== 'undefined'"):
        t.page.evaluate(AXE + "\n;0")  # (an evaluated script, not a <script>: the page's CSP stays)
    found = t.page.evaluate(RUN)
    return [f"{where}: {v['id']} ({v['impact']}) {v['help']}: {v['nodes']}" for v in found]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_table_dialogs_and_rules_have_no_serious_violations(
        new_table: Any, size: tuple[int, int], locale: str) -> None:
    t: Table = new_table(*size, locale=locale).open("deal=5&opt.deals=2")
    phone = size[0] < 700
    problems = audit(t, "table (pass)")
    t.pass_cards()
    problems += audit(t, "table (play)")

    def dialog(action: str, name: str) -> None:
        nonlocal problems
        if phone and action not in ("hint", "scores"):
            t.click_action("menu")
            problems += audit(t, "phone menu") if action == "stats" else []
        t.click_action(action)
        t.page.wait_for_selector(f'dialog[data-dialog="{name}"][open]')
        problems += audit(t, f"dialog {name}")
        t.page.keyboard.press("Escape")
        t.page.wait_for_selector(f'dialog[data-dialog="{name}"][open]', state="detached")

    dialog("scores", "scores")
    dialog("stats", "stats")
    dialog("settings", "settings")
    dialog("options", "new-game-form")
    for tab in ("rules", "variants", "tips", "about"):
        t.page.goto(f"{t.base}/{tab}")
        t.idle()
        t.page.wait_for_selector('dialog[data-dialog="help"][open]')
        problems += audit(t, f"rules page /{tab}")
    t.page.keyboard.press("Escape")
    # the question before leaving a game under way
    t.click_action("restart", confirm=False) if not phone else (t.click_action("menu"),
                                                                  t.click_action("restart", confirm=False))
    t.page.wait_for_selector('dialog[data-dialog="confirm"][open]')
    problems += audit(t, "dialog confirm")
    t.page.locator('[data-action="cancel-confirm"]').click()
    # the end of the hand, its review, and the end of the game
    for _ in range(300):
        if t.dialog_open("hand-end"):
            break
        t.step()
    problems += audit(t, "dialog hand-end")
    t.page.locator('dialog[data-dialog="hand-end"] [data-action-review]').click()
    t.page.wait_for_selector('dialog[data-dialog="review"][open]')
    problems += audit(t, "dialog review")
    t.page.keyboard.press("Escape")
    t.page.wait_for_selector('dialog[data-dialog="hand-end"][open]')  # back where it was opened
    t.play_to_end()
    problems += audit(t, "dialog game-over")
    assert not problems, "\n".join(problems)
    assert t.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_table_with_friends_forms_have_no_serious_violations(new_table: Any, size: tuple[int, int]) -> None:
    t: Table = new_table(*size)
    t.page.goto(t.base + "/t/new")
    t.page.wait_for_selector('body[data-phase="create"]')
    problems = audit(t, "create a table")
    t.page.fill('#tb-create-form [name="name"]', "Ann")
    t.page.locator('[data-action="create-table"]').click()
    t.page.wait_for_selector('body[data-status="waiting"]')
    problems += audit(t, "table waiting")
    assert not problems, "\n".join(problems)
