"""What the solo game offers, a table offers (issue 20), as two people see it in the browser.

Ann (desktop 1280x800) makes a table, Ben (phone 390x844) joins it; two computers take the
other seats. Each of them, on their own screen, sees: the same seat names for the same
seats; the hint answering (three cards lit for the pass, one playable card on a turn to
play); "Cards taken" during the hand and after it; the end-of-hand breakdown, each seat's
lines adding up to the points shown (and to the table's log); the review of the finished
hand opening and ending done, for the viewer's own seat. The create form offers every game
of the catalog with its player counts.

Screenshots go to ``$HEARTS_SHOTS`` (e.g. ``docs/screenshots``) when it is set, else to the
test's temporary directory.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tables_client import truth_at

from hearts.cli.serve import ServerProcess

from .conftest import FAST, assert_in_view

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("tables-solo-features")
    srv = ServerProcess(f"sqlite:///{tmp / 'e2e.db'}", log_path=str(tmp / "serve.log")).start()
    yield srv
    srv.stop()


def _page(browser: Any, width: int, height: int) -> Any:
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="en-US",
                              device_scale_factor=2 if width < 500 else 1)
    ctx.set_default_timeout(30_000)
    settings = json.dumps(FAST)
    ctx.add_init_script(f"localStorage.setItem('hearts.settings', {json.dumps(settings)});")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def _until(page: Any, check: Callable[[], bool], timeout: float = 30) -> None:
    """Wait until ``check()`` holds, looking at the page again and again (the page's CSP
    forbids evaluating strings, so ``wait_for_function`` with an expression cannot run)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the page did not get there in time"
        page.wait_for_timeout(20)


def _body(page: Any, key: str) -> str | None:
    value: str | None = page.get_attribute("body", f"data-{key}")
    return value


def _idle(page: Any) -> None:
    _until(page, lambda: _body(page, "busy") == "false")


def _names(page: Any) -> dict[int, str]:
    """Each seat's name as its seat box shows it."""
    found: dict[str, str] = page.eval_on_selector_all(
        "[data-seat-box]", "els => Object.fromEntries(els.map(e => [e.dataset.seatBox, "
        "e.querySelector('.name').textContent]))")
    return {int(k): v for k, v in found.items()}


def _hand(page: Any) -> list[str]:
    cards: list[str] = page.eval_on_selector_all("#hand [data-card]",
                                                 "els => els.map(e => e.dataset.card)")
    return cards


def _hinted(page: Any) -> list[str]:
    cards: list[str] = page.eval_on_selector_all('#hand [data-hint="true"]',
                                                 "els => els.map(e => e.dataset.card)")
    return cards


def _click_card(page: Any, card: str) -> None:
    page.locator(f'#hand [data-card="{card}"]').click(position={"x": 6, "y": 30})


def _ask_hint(page: Any, want: int) -> list[str]:
    """Press Hint as a person would (the toolbar button, in view) and wait for ``want``
    cards of the hand to be lit."""
    assert_in_view(page, '[data-action="hint"]')
    page.locator('[data-action="hint"]').click()
    _until(page, lambda: len(_hinted(page)) == want, timeout=120)
    lit = _hinted(page)
    for card in lit:
        assert_in_view(page, f'#hand [data-card="{card}"]', uncovered=False)
    return lit


def _shot(page: Any, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}.png"))


def _act(page: Any, hint_once: list[bool]) -> bool:
    """This person's move if one is due: pass the first three cards, or play a card (the
    hinted one the first time ``hint_once`` asks for a hint); True when something was sent."""
    v = _body(page, "version")
    if _body(page, "passing") == "true":
        for card in _hand(page)[:3]:
            _click_card(page, card)
        page.locator('[data-action="pass"]').click()
    elif _body(page, "my-turn") == "true":
        playable = page.eval_on_selector_all('#hand [data-card][aria-disabled="false"]',
                                             "els => els.map(e => e.dataset.card)")
        card = playable[0]
        if hint_once and not hint_once[0]:
            lit = _ask_hint(page, 1)
            assert lit[0] in playable, (lit, playable)  # the hint is a card that may be played
            card = lit[0]
            hint_once[0] = True
        _click_card(page, card)
    else:
        return False
    _until(page, lambda: _body(page, "version") != v)
    return True


def _taken(page: Any) -> dict[int, dict[str, Any]]:
    """Open "Cards taken" (the corner button) and read each seat's row as shown."""
    page.locator('[data-action="taken"]').click()
    assert_in_view(page, "[data-taken]", uncovered=False)
    rows: list[dict[str, Any]] = page.eval_on_selector_all(
        "[data-taken-seat]", """els => els.map(e => ({seat: Number(e.dataset.takenSeat),
          name: e.querySelector('th').textContent,
          cards: [...e.querySelectorAll('.tc')].map(c => c.textContent),
          pts: e.querySelector('.pts').textContent}))""")
    for row in rows:
        assert_in_view(page, f'[data-taken-seat="{row["seat"]}"]', uncovered=False)
    return {r["seat"]: r for r in rows}


def _close_taken(page: Any) -> None:
    page.locator('[data-action="taken"]').click()
    _until(page, lambda: page.locator("[data-taken]").is_hidden())


def _points(text: str) -> int:
    m = re.search(r"-?\d+", text.replace("−", "-"))
    assert m, text
    return int(m.group())


def _breakdown(page: Any) -> list[dict[str, Any]]:
    """The end-of-hand table as shown: per seat its name, its breakdown lines' points, the
    points it scored this hand."""
    rows: list[dict[str, Any]] = page.eval_on_selector_all(
        '[data-dialog="hand-end"] td[data-breakdown-seat]', """els => els.map(e => ({
          seat: Number(e.dataset.breakdownSeat),
          name: e.parentElement.firstElementChild.textContent,
          lines: [...e.querySelectorAll('.bd-item')].map(x => Number(x.dataset.points)),
          text: e.textContent,
          points: e.nextElementSibling.textContent}))""")
    return rows


def test_two_people_at_a_table_get_what_the_solo_game_offers(
        browser: Any, table_server: ServerProcess, tmp_path: Path) -> None:
    shots = Path(os.environ.get("HEARTS_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    base = table_server.url
    ann = _page(browser, 1280, 800)
    ben = _page(browser, 390, 844)

    # The create form offers every game of the catalog, each with its player counts.
    ann.goto(base + "/t/new")
    ann.wait_for_selector('body[data-phase="create"]')
    catalog = httpx.get(base + "/api/variants", timeout=30).json()["variants"]
    catalog = catalog if isinstance(catalog, list) else [{"name": k, **v} for k, v in catalog.items()]
    offered = ann.eval_on_selector_all("#tb-variant option", "els => els.map(e => e.value)")
    assert offered == [v["name"] for v in catalog]
    for v in catalog:
        ann.select_option("#tb-variant", v["name"])
        counts = ann.eval_on_selector_all("#tb-players option", "els => els.map(e => e.value)")
        assert counts == [str(n) for n in v["players"]], v["name"]
        assert ann.input_value("#tb-players") == str(v["default_players"])
    ann.select_option("#tb-variant", "standard")
    assert ann.eval_on_selector_all("#tb-players option", "els => els.map(e => e.value)") \
        == ["3", "4", "5", "6"]
    ann.select_option("#tb-players", "4")
    ann.fill('#tb-create-form [name="name"]', "Ann")
    ann.select_option('#tb-create-form [name="level"]', "random")
    ann.fill('#tb-create-form [name="turn_seconds"]', "600")
    assert ann.is_checked('#tb-create-form [name="hints"]')
    # The house rules: the solo page's Game options dialog, choosing the table's rules.
    assert ann.text_content("[data-rules-note]") == "The game's usual rules."
    ann.locator('[data-action="table-rules"]').click()
    assert_in_view(ann, 'dialog[data-dialog="new-game-form"]', uncovered=False)
    assert ann.input_value("#f-variant") == "standard" and ann.input_value("#f-players") == "4"
    ann.fill("#f-opt-target_score", "50")
    use = 'dialog[data-dialog="new-game-form"] [data-action="start-game"]'
    assert ann.text_content(use) == "Use these rules"
    ann.locator(use).click()
    _until(ann, lambda: ann.locator('dialog[data-dialog="new-game-form"]').is_hidden())
    assert ann.text_content("[data-rules-note]") == "House rules (Game ends at: 50)"
    assert_in_view(ann, "[data-rules-note]")
    assert ann.input_value("#tb-variant") == "standard" and ann.input_value("#tb-players") == "4"
    _shot(ann, shots, "desktop-table-create")
    assert_in_view(ann, '[data-action="create-table"]')
    ann.locator('[data-action="create-table"]').click()
    ann.wait_for_selector('body[data-status="waiting"]')
    link = ann.input_value("[data-invite-link]")
    table_id = link.rsplit("/", 1)[1]
    settings = httpx.get(f"{base}/api/tables/{table_id}", timeout=30).json()["settings"]
    assert settings["options"] == {"target_score": 50} and settings["players"] == 4
    assert settings["hints"] is True and settings["level"] == "random"

    ben.goto(link)
    ben.wait_for_selector('body[data-phase="join"]')
    assert "Ann" in (ben.text_content("#tb-join-text") or "")
    ben.fill('#tb-join-form [name="name"]', "Ben")
    ben.locator('[data-action="join"]').click()
    ben.wait_for_selector('body[data-status="waiting"][data-seat="1"]')
    _until(ann, lambda: _body(ann, "version") == "2")
    ann.locator('[data-action="start"]').click()
    people = ((ann, 0), (ben, 1))
    for p, _seat in people:
        p.wait_for_selector('body[data-status="playing"][data-passing="true"]')
        _until(p, lambda p=p: len(_hand(p)) == 13)
        _idle(p)

    # The same seat names for the same seats on both screens (each person is "You" on their
    # own), every seat box in view.
    seen = {seat: _names(p) for p, seat in people}
    truth_names = [s["name"] for s in
                   httpx.get(f"{base}/api/tables/{table_id}", timeout=30).json()["seats"]]
    assert truth_names[:2] == ["Ann", "Ben"]
    for p, seat in people:
        for s in range(4):
            assert_in_view(p, f'[data-seat-box="{s}"]', uncovered=False)
            assert seen[seat][s] == ("You" if s == seat else truth_names[s]), (seat, s, seen)
    assert seen[0][2] == seen[1][2] and seen[0][3] == seen[1][3]

    # The hint answers: three cards lit for the pass; each person passes what it suggests.
    for p, seat in people:
        lit = _ask_hint(p, 3)
        assert set(lit) <= set(_hand(p))
        _shot(p, shots, f"{'desktop' if seat == 0 else 'phone'}-table-hint")
        for card in lit:
            _click_card(p, card)
        v = _body(p, "version")
        p.locator('[data-action="pass"]').click()
        _until(p, lambda p=p, v=v: _body(p, "version") != v)

    # Play, each asking for one hint on a turn to play; midway, once points are taken, with
    # Ann to play (nothing moves then), each opens "Cards taken".
    hints = {0: [False], 1: [False]}
    looked = False
    deadline = time.monotonic() + 240
    while not all(p.locator('[data-dialog="hand-end"]').is_visible() for p, _ in people):
        assert time.monotonic() < deadline, "the hand did not end"
        if not looked and _body(ann, "my-turn") == "true" and len(_hand(ann)) <= 10 and (
                len(_hand(ann)) <= 2 or any(_points(x) for x in ann.eval_on_selector_all(
                    "[data-points-seat]", "els => els.map(e => e.textContent)"))):
            _until(ben, lambda: _body(ben, "version") == _body(ann, "version"))
            _idle(ben)
            rows = {seat: _taken(p) for p, seat in people}
            for seat, got in rows.items():
                assert [got[s]["name"] for s in range(4)] == [seen[seat][s] for s in range(4)]
            for s in range(4):  # the same cards for the same seat on both screens
                assert rows[0][s]["cards"] == rows[1][s]["cards"]
                assert rows[0][s]["pts"] == rows[1][s]["pts"]
            _shot(ben, shots, "phone-table-taken")
            for p, _ in people:
                _close_taken(p)
            looked = True
        moved = False
        for p, seat in people:
            if _act(p, hints[seat]):
                moved = True
        if not moved:
            ann.wait_for_timeout(50)
    assert looked and hints[0][0] and hints[1][0]

    # The end of the hand: each seat's breakdown lines add up to the points shown, which are
    # the table's (read back from its log).
    truth = truth_at(table_server.db_url, table_id).game
    points = list(truth.results[0].points)
    for p, seat in people:
        _idle(p)
        assert_in_view(p, '[data-dialog="hand-end"]', uncovered=False)
        rows = _breakdown(p)
        assert [r["seat"] for r in rows] == [0, 1, 2, 3]
        for r in rows:
            p.locator(f'[data-breakdown-seat="{r["seat"]}"]').scroll_into_view_if_needed()
            assert_in_view(p, f'[data-breakdown-seat="{r["seat"]}"]', uncovered=False)
            assert r["name"] == seen[seat][r["seat"]]
            assert sum(r["lines"]) == int(r["points"]) == points[r["seat"]], r
            if not r["lines"]:
                assert "nothing taken" in r["text"]
        _shot(p, shots, f"{'desktop' if seat == 0 else 'phone'}-table-hand-end")
        # Cards taken after the hand: what each seat took, with the hand's points.
        p.locator('[data-dialog="hand-end"] .dialog-x').click()
        got = _taken(p)
        for s in range(4):
            assert _points(got[s]["pts"]) == points[s]
        _close_taken(p)
        p.locator('[data-action="show-hand-end"]').click()
        assert_in_view(p, '[data-dialog="hand-end"]', uncovered=False)

    # The review of the finished hand opens for each person's own seat and ends done.
    for p, _seat in people:
        button = p.locator('[data-action-review="hand-end"]')
        button.scroll_into_view_if_needed()
        assert_in_view(p, '[data-action-review="hand-end"]')
        button.click()
        p.wait_for_selector('dialog[data-dialog="review"][open]')
    for p, seat in people:
        _until(p, lambda p=p: p.locator('[data-dialog="review"] .rv-marks').evaluate(
            "e => e.childElementCount > 0"), timeout=600)
        assert p.locator("[data-review-progress]").is_hidden()
        assert_in_view(p, 'dialog[data-dialog="review"]', uncovered=False)
        assert p.text_content("#review-title") == "Review of hand 1"
        me = p.locator('[data-dialog="review"] .rv-seat.me')
        assert me.count() == 1 and me.get_attribute("data-seat") == str(seat)
        names = p.eval_on_selector_all('[data-dialog="review"] .rv-seat',
                                       "els => els.map(e => [Number(e.dataset.seat), "
                                       "e.querySelector('.rv-name').textContent])")
        assert {s: n for s, n in names} == seen[seat]
        p.locator('[data-review-step="next"]').click()  # the first trick, and this seat's card
        _until(p, lambda p=p: "You played" in (p.text_content('[data-dialog="review"] .rv-note')
                                               or ""))
        assert_in_view(p, '[data-dialog="review"] .rv-note', uncovered=False)
        _shot(p, shots, f"{'desktop' if seat == 0 else 'phone'}-table-review")

    # The rules resolved reach the page: the score sheet's chart ends the game at 50.
    ann.locator('[data-dialog="review"] .dialog-x').click()
    # closing the review returns to the end-of-hand dialog it was opened from; closed too,
    # the toolbar is at hand
    ann.wait_for_selector('dialog[data-dialog="hand-end"][open]')
    ann.locator('dialog[data-dialog="hand-end"] .dialog-x').click()
    ann.locator('[data-action="scores"]').click()
    assert_in_view(ann, 'svg[data-chart="totals"]', uncovered=False)
    assert "game ends at 50" in (ann.text_content('svg[data-chart="totals"]') or "")

    # In Japanese too: the people's names as written, the corner button and the review's words translated.
    ben.locator('[data-dialog="review"] .dialog-x').click()
    ben.wait_for_selector('dialog[data-dialog="hand-end"][open]')  # back where it was opened
    ben.locator('dialog[data-dialog="hand-end"] .dialog-x').click()
    ben.locator('[data-action="language"]').click()
    assert ben.text_content('[data-action="taken"]') == "取ったカード"
    # (a person's name as written; a computer's fixed name in katakana: Cleo is クレオ)
    assert _names(ben)[0] == "Ann" and seen[1][2] == "Cleo" and _names(ben)[2] == "クレオ"
    ben.locator('[data-action="show-hand-end"]').click()
    assert_in_view(ben, '[data-dialog="hand-end"]', uncovered=False)
    assert ben.text_content('[data-action-review="hand-end"]') == "振り返り"
    _shot(ben, shots, "phone-table-hand-end-ja")
    assert ann.errors == [] and ben.errors == []
    for p, _ in people:
        p.context.close()


def test_no_hint_button_where_the_host_turned_hints_off(
        browser: Any, table_server: ServerProcess) -> None:
    # The host unticks "Hints allowed": nobody at the table is offered a hint, and H asks none.
    ann = _page(browser, 390, 844)
    ann.goto(table_server.url + "/t/new")
    ann.wait_for_selector('body[data-phase="create"]')
    ann.fill('#tb-create-form [name="name"]', "Ann")
    ann.select_option('#tb-create-form [name="level"]', "random")
    ann.fill('#tb-create-form [name="turn_seconds"]', "600")
    ann.uncheck('#tb-create-form [name="hints"]')
    ann.locator('[data-action="create-table"]').click()
    ann.wait_for_selector('body[data-status="waiting"]')
    table_id = ann.input_value("[data-invite-link]").rsplit("/", 1)[1]
    settings = httpx.get(f"{table_server.url}/api/tables/{table_id}", timeout=30).json()["settings"]
    assert settings["hints"] is False
    ann.locator('[data-action="start"]').click()
    ann.wait_for_selector('body[data-passing="true"]')
    _idle(ann)
    assert _body(ann, "hints") == "false"
    assert ann.locator('[data-action="hint"]').is_hidden()
    assert_in_view(ann, '[data-action="scores"]')  # the toolbar is there, without the hint
    ann.keyboard.press("h")
    ann.wait_for_selector("[data-toast]", state="visible")
    assert "turned hints off" in (ann.text_content("[data-toast]") or "")
    assert _hinted(ann) == []
    assert ann.errors == []
    ann.context.close()


def test_the_hint_button_waits_for_the_start(browser: Any, table_server: ServerProcess) -> None:
    # A newcomer's trial: before the host started the game the Hint button was offered,
    # and pressing it answered "Wait for your turn."  It shows once the game is on.
    ann = _page(browser, 1280, 800)
    ann.goto(table_server.url + "/t/new")
    ann.wait_for_selector('body[data-phase="create"]')
    ann.fill('#tb-create-form [name="name"]', "Ann")
    ann.select_option('#tb-create-form [name="level"]', "random")
    ann.locator('[data-action="create-table"]').click()
    ann.wait_for_selector('body[data-status="waiting"]')
    _idle(ann)
    assert _body(ann, "hints") == "false"
    assert ann.locator('[data-action="hint"]').is_hidden()
    assert_in_view(ann, '[data-action="start"]')
    ann.locator('[data-action="start"]').click()
    ann.wait_for_selector('body[data-passing="true"]')
    _idle(ann)
    assert _body(ann, "hints") == "true"
    assert_in_view(ann, '[data-action="hint"]')
    assert ann.errors == []
    ann.context.close()


@pytest.mark.parametrize(("size", "locale", "words"), [
    ((1280, 800), "en-US", "Your last hint is still being worked out."),
    ((390, 844), "ja-JP", "前のヒントをまだ考えています。"),
])
def test_a_second_hint_while_the_first_is_worked_out_says_so(
        browser: Any, table_server: ServerProcess, size: tuple[int, int], locale: str,
        words: str) -> None:
    # The first hint's question is held at the WebSocket (it never reaches the server), so
    # the second press always finds it open: the toast is a sentence, not the code hint_busy.
    ann = _page(browser, *size)
    if locale != "en-US":
        ann.context.add_init_script("localStorage.setItem('hearts.lang', 'ja');")
    held: list[str] = []

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def to_server(message: Any) -> None:
            if isinstance(message, str) and json.loads(message).get("type") == "hint":
                held.append(message)
            else:
                server.send(message)

        ws.on_message(to_server)

    ann.route_web_socket("**/api/tables/*/ws", route)
    ann.goto(table_server.url + "/t/new")
    ann.wait_for_selector('body[data-phase="create"]')
    ann.fill('#tb-create-form [name="name"]', "Ann")
    ann.select_option('#tb-create-form [name="level"]', "random")
    ann.fill('#tb-create-form [name="turn_seconds"]', "600")
    ann.locator('[data-action="create-table"]').click()
    ann.wait_for_selector('body[data-status="waiting"]')
    ann.locator('[data-action="start"]').click()
    ann.wait_for_selector('body[data-passing="true"]')
    _idle(ann)
    assert_in_view(ann, '[data-action="hint"]')
    ann.locator('[data-action="hint"]').click()
    _until(ann, lambda: bool(held))  # the page asked; the answer will not come
    ann.locator('[data-action="hint"]').click()
    ann.wait_for_selector("[data-toast]", state="visible")
    assert_in_view(ann, "[data-toast]")
    text = ann.text_content("[data-toast]") or ""
    assert words in text and "hint_busy" not in text
    assert ann.errors == []
    ann.context.close()
