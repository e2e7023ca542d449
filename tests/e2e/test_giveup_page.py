"""Hearts 1887's give-up on the page (docs/family-rules.md "The 1887 give-up"), clicked as a
person would at desktop and phone sizes, and once in Japanese: the button is there only while
the give-up is offered, opens a dialog that states its cost (the ``give_up`` option's 8 chips to
each opponent), "Keep playing" leaves everything as it was, confirming gives up the hand; then
the message, the note in the end-of-hand dialog and the badge on the seat.  Real server, real
Chromium.

The deal is a numbered game checked against the engine here: in ``hearts-1887`` #1 the user
(seat 0) is eldest hand and leads the first trick, where nobody has taken a heart yet, so the
give-up is offered at once.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from hearts.actions import Action
from hearts.cli.serve import ServerProcess
from hearts.game import Game
from hearts.rules import make_rules

from .conftest import PHONE, SIZES, Table, assert_in_view

pytestmark = pytest.mark.e2e

GIVE_UP_DEAL = 1
BUTTON = '[data-action="give-up"]'
DIALOG = 'dialog[data-dialog="give-up"]'


def test_chosen_deal_offers_the_give_up_to_the_user_at_once() -> None:
    game = Game(make_rules("hearts-1887", None, {}), GIVE_UP_DEAL)
    game.apply(Action.deal())
    decision = game.pending()[0]
    assert (decision.seat, decision.kind) == (0, "play")
    assert "give_up" in decision.options
    assert game.rules.give_up == 8


def _server_state(t: Table) -> dict[str, Any]:
    cur = t.local("hearts.current")
    state: dict[str, Any] = t.page.evaluate(
        "async ([id, token]) => (await fetch(`/api/games/${id}`, "
        "{headers: {'X-Game-Token': token}})).json()", [cur["id"], cur["token"]])
    return state


def _open_offered(t: Table) -> None:
    t.open(f"deal={GIVE_UP_DEAL}&variant=hearts-1887")
    assert t.phase == "play"
    state = _server_state(t)
    assert state["view"]["may_give_up"] is True and state["options"]["give_up"] == 8
    t.see(BUTTON)


def _confirm_and_see(t: Table, you_gave_up: str, note_gap: str, badge: str) -> None:
    """Confirm in the open dialog; the message, the end-of-hand note, the seat's badge."""
    t.page.locator(f'{DIALOG} [data-action="give-up-confirm"]').click()
    t.page.wait_for_selector('#toast[data-reason="gave_up"]', state="attached")
    assert you_gave_up in (t.page.text_content("#toast") or "")
    t.idle()
    assert t.page.locator(BUTTON).is_hidden()
    state = _server_state(t)
    assert state["view"]["results"][-1]["gave_up"] == [0]
    # the hand's end says who gave up and what it cost
    assert t.dialog_open("hand-end")
    note = t.page.locator('#hand-end-body .hand-note[data-gave-up="0"]')
    t.see(note, uncovered=False)
    assert note_gap in (note.text_content() or "")
    # closed, the table shows the badge on the user's seat
    t.page.locator('dialog[data-dialog="hand-end"] .dialog-x').click()
    mark = t.page.locator('[data-seat-box="0"] .gave-up-badge')
    t.see(mark)
    assert mark.text_content() == badge
    for seat in (1, 2, 3):
        assert t.page.locator(f'[data-seat-box="{seat}"] .gave-up-badge').is_hidden()
    assert badge in (t.page.get_attribute('[data-seat-box="0"]', "aria-label") or "")


@pytest.mark.parametrize("size", SIZES)
def test_give_up_button_confirm_message_and_badge(new_table: Any, size: tuple[int, int]) -> None:
    t = new_table(*size)
    _open_offered(t)
    button = t.page.locator(BUTTON)
    assert button.text_content() == "Give up the hand"
    assert "8 chips to each opponent" in (button.get_attribute("aria-label") or "")
    # "Keep playing": nothing is sent, the button stays
    version = t.version
    button.click()
    assert t.dialog_open("give-up")
    text = t.page.text_content("#give-up-text") or ""
    assert "You pay 8 chips to each opponent (24 in all)" in text, text
    t.see(f'{DIALOG} [data-action="give-up-cancel"]')
    t.see(f'{DIALOG} [data-action="give-up-confirm"]')
    assert t.page.evaluate("document.activeElement.dataset.action") == "give-up-cancel"
    t.page.locator(f'{DIALOG} [data-action="give-up-cancel"]').click()
    assert not t.dialog_open("give-up")
    assert t.version == version and t.phase == "play"
    t.see(BUTTON)
    # by keyboard: the button takes the focus and Enter opens the dialog again
    button.focus()
    t.page.keyboard.press("Enter")
    assert t.dialog_open("give-up")
    t.page.screenshot(path=f"/tmp/giveup-dialog-{size[0]}.png")
    _confirm_and_see(t, "You gave up the hand: you pay 8 chips to each opponent.",
                     "You gave up the hand", "gave up")
    t.page.screenshot(path=f"/tmp/giveup-badge-{size[0]}.png")
    assert t.errors == []


def test_give_up_in_japanese(new_table: Any) -> None:
    t = new_table(*PHONE, locale="ja-JP")
    _open_offered(t)
    assert t.page.text_content(BUTTON) == "このハンドを降りる"
    t.page.locator(BUTTON).click()
    assert t.dialog_open("give-up")
    assert t.page.text_content("#give-up-title") == "このハンドを降りますか？"
    text = t.page.text_content("#give-up-text") or ""
    assert "8枚（合計24枚）" in text, text
    t.see(f'{DIALOG} [data-action="give-up-confirm"]')
    t.page.screenshot(path="/tmp/giveup-dialog-ja-390.png")
    _confirm_and_see(t, "あなたはこのハンドを降りました", "相手それぞれにチップを8枚", "降りた")
    t.page.screenshot(path="/tmp/giveup-badge-ja-390.png")
    assert t.errors == [], json.dumps(t.errors)


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("giveup-tables")
    srv = ServerProcess(f"sqlite:///{tmp / 'e2e.db'}", log_path=str(tmp / "serve.log")).start()
    yield srv
    srv.stop()


def test_give_up_at_a_table(browser: Any, table_server: ServerProcess) -> None:
    """At a table with friends (here one person and three computers) the same button and
    dialog send the give-up as the table's message; the update brings the message and badge."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(table_server.url + "/t/new")
        page.fill('#tb-create-form [name="name"]', "Ann")
        page.select_option('#tb-create-form [name="variant"]', "hearts-1887")
        page.select_option('#tb-create-form [name="level"]', "random")
        page.fill('#tb-create-form [name="game"]', str(GIVE_UP_DEAL))
        page.locator('[data-action="create-table"]').click()
        page.wait_for_selector('body[data-status="waiting"]')
        page.locator('[data-action="start"]').click()
        page.wait_for_selector('body[data-status="playing"]')
        page.wait_for_selector(BUTTON, state="visible")
        assert_in_view(page, BUTTON)
        page.locator(BUTTON).click()
        assert page.locator(f"{DIALOG}[open]").count() == 1
        assert "8 chips to each opponent (24 in all)" in (page.text_content("#give-up-text") or "")
        page.locator(f'{DIALOG} [data-action="give-up-confirm"]').click()
        # the table's update carries the gave_up event: the message, the badge, no button
        page.wait_for_selector('#toast[data-reason="gave_up"]', state="attached")
        assert "You gave up the hand: you pay 8 chips to each opponent." in \
            (page.text_content("#toast") or "")
        page.wait_for_selector('[data-seat-box="0"] .gave-up-badge:not([hidden])')
        assert_in_view(page, '[data-seat-box="0"] .gave-up-badge')
        assert page.locator(BUTTON).is_hidden()
        assert page.locator("#hand [data-card]").count() == 0  # its cards left play
        page.screenshot(path="/tmp/giveup-table-1280.png")
        assert errors == []
    finally:
        ctx.close()
