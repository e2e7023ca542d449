"""Browser tests of the web page against the real server (``hearts serve``).

A session fixture starts ``hearts serve`` on a free port with a temporary SQLite
database and waits until it answers; each test gets a fresh browser context (its
own localStorage).  Chromium is the system one (``/usr/bin/chromium``, or
``$HEARTS_CHROMIUM``); nothing is downloaded.  ``HEARTS_E2E_URL`` points the tests
at a server that is already running instead.

The page exposes ``body[data-busy]`` ("true" while a request or the animation of
its events runs), ``body[data-phase]`` and ``body[data-version]``; the helpers
below wait on them rather than on time.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("HEARTS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
FAST = {"speed": "off", "sound": False}
"""Settings put in localStorage before the page loads: no animation delays, no sound."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _serve_command(port: int, db_url: str) -> list[str]:
    script = Path(sys.executable).with_name("hearts")
    # One browser session creates far more games a minute than a person would: no limit
    # here (the limit itself is tested in tests/test_web_limits.py).
    args = ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", db_url,
            "--games-per-minute", "0"]
    if script.exists():
        return [str(script), *args]
    return [sys.executable, "-c", "from hearts.cli.main import main; main()", *args]


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a running ``hearts serve`` (started here unless ``HEARTS_E2E_URL``)."""
    given = os.environ.get("HEARTS_E2E_URL")
    if given:
        yield given.rstrip("/")
        return
    import httpx

    tmp = tmp_path_factory.mktemp("e2e-server")
    log_path = tmp / "server.log"
    db_url = f"sqlite:///{tmp / 'e2e.db'}"
    for _attempt in range(3):
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        with open(log_path, "ab") as log:
            proc = subprocess.Popen(_serve_command(port, db_url), stdout=log,
                                    stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                if httpx.get(url + "/api/daily", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        else:
            proc.kill()
            proc.wait()
            continue
        SERVER_DBS[url] = db_url
        try:
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        return
    raise RuntimeError("hearts serve did not start:\n" + log_path.read_text(errors="replace")[-3000:])


SERVER_DBS: dict[str, str] = {}
"""The database URL of each server :func:`server_url` started (by base URL)."""


@pytest.fixture(scope="session")
def server_db(server_url: str) -> str:
    """The database of the test server, for tests that must set what the page cannot (a game
    begun yesterday); a server given by ``HEARTS_E2E_URL`` has none here (skipped: only a
    developer's run against an outside server sets it)."""
    if server_url not in SERVER_DBS:
        pytest.skip("HEARTS_E2E_URL: the outside server's database is not known")
    return SERVER_DBS[server_url]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the session (skips when none is installed)."""
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        # `make test` installs Chromium; under CI its absence is a failure, not a skip.
        (pytest.fail if os.environ.get("CI") else pytest.skip)(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


DESKTOP = (1280, 800)
PHONE = (390, 844)
SIZES = [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")]
"""The two window sizes every message, dialog and highlight is checked at."""

BOX_JS = ("e => { const r = e.getBoundingClientRect();"
          " return {x: r.left, y: r.top, width: r.width, height: r.height}; }")
"""A JS function of an element giving its box in the viewport (px).  Read in the page in one call,
so a page that redraws the element (a new node for the same thing) between the test's wait and
its read is no failure, as it would be between ``wait_for`` and ``bounding_box()``."""


def assert_in_view(page: Any, target: Any, uncovered: bool = True, timeout: float = 3.0
                   ) -> dict[str, float]:
    """Assert that ``target`` (a selector or a locator; its first match) is what a person sees:
    visible, its bounding box wholly inside the viewport, and (``uncovered``) the element at
    the middle of its box is itself or inside it, not something drawn over it.  Returns the box
    (``x``, ``y``, ``width``, ``height`` and ``left``, ``top``, ``right``, ``bottom``, px).
    The read is retried for up to ``timeout`` seconds until it holds (a redraw in progress
    is no failure); the assertions judge the last read.
    """
    loc = (page.locator(target) if isinstance(target, str) else target).first
    vp = page.viewport_size
    deadline = time.monotonic() + timeout
    while True:
        loc.wait_for(state="visible")
        # the box and what lies at its middle read at once (BOX_JS: a redraw between reads is
        # no failure)
        seen = loc.evaluate(f"""e => {{ const b = ({BOX_JS})(e);
            const h = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
            return {{...b, hit: !!h && (h === e || e.contains(h))}}; }}""")
        box = {k: float(seen[k]) for k in ("x", "y", "width", "height")}
        faults = [f for f, bad in (
            ("empty", box["width"] <= 0 or box["height"] <= 0),
            ("off the top or left", box["x"] < -0.5 or box["y"] < -0.5),
            ("off the right", box["x"] + box["width"] > vp["width"] + 0.5),
            ("off the bottom", box["y"] + box["height"] > vp["height"] + 0.5),
            ("covered by another element at its middle", uncovered and not seen["hit"]),
        ) if bad]
        # Read again until it holds, as Playwright's own assertions retry: the page may be
        # between two frames of one redraw (a panel re-rendered, a chip replaced).  What a
        # person sees is what stays; the last read is judged.  Between reads: the page's
        # next frame, not a fixed time.
        if not faults or time.monotonic() >= deadline:
            break
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(null)))")
    assert not faults, (target, faults, box, vp)
    return {**box, "left": box["x"], "top": box["y"], "right": box["x"] + box["width"],
            "bottom": box["y"] + box["height"]}


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    """The bounding boxes (left, top, right, bottom, px) of every element ``selector`` matches."""
    found: list[dict[str, float]] = page.eval_on_selector_all(
        selector, "els => els.map(e => e.getBoundingClientRect().toJSON())")
    return found


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes share more than a pixel both ways."""
    return min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1 and \
        min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1


class Table:
    """A page of the game with helpers that act as a user would (clicks and keys)."""

    def __init__(self, page: Any, base: str) -> None:
        self.page = page
        self.base = base
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    # -- navigation and waiting
    def open(self, query: str = "", path: str = "/", confirm: bool = True) -> Table:
        """Load the page (``query`` like ``deal=5&players=3``) and wait until it is idle.

        A link to another game while an unfinished one is saved asks first; ``confirm``
        accepts (the linked game starts), otherwise the question is left open.
        """
        self.page.goto(self.base + path + (("?" + query) if query else ""))
        self.page.wait_for_selector('body[data-ready="true"][data-busy="false"], '
                                    'dialog[data-dialog="confirm"][open]', state="attached")
        if self.dialog_open("confirm"):
            if not confirm:
                return self
            self.confirm()
        self.idle()
        return self

    def idle(self, timeout: float = 30_000) -> None:
        """Wait until the page has a state and is not busy (request or animation)."""
        self.page.wait_for_selector('body[data-ready="true"][data-busy="false"]', state="attached",
                                    timeout=timeout)

    def reload(self) -> None:
        self.page.reload()
        self.idle()

    # -- reading the table
    @property
    def phase(self) -> str:
        return self.page.get_attribute("body", "data-phase") or ""

    @property
    def version(self) -> int:
        return int(self.page.get_attribute("body", "data-version") or -1)

    def hand(self) -> list[str]:
        """Cards in the user's hand, in the order shown."""
        return self.page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")

    def keys(self) -> list[str]:
        """The hand's buttons by key, in the order shown: the card, or ``"QS~2"`` for the second
        copy of a name held twice (two packs)."""
        return self.page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.key)")

    def playable(self) -> list[str]:
        """Cards the page offers (no ``aria-disabled="true"``)."""
        return self.page.eval_on_selector_all(
            '#hand [data-card]:not([aria-disabled="true"])', "els => els.map(e => e.dataset.card)")

    def dimmed(self) -> list[str]:
        return self.page.eval_on_selector_all(
            '#hand [data-card][aria-disabled="true"]', "els => els.map(e => e.dataset.card)")

    def hinted(self) -> list[str]:
        """Cards the hint lit up."""
        return self.page.eval_on_selector_all('#hand [data-hint="true"]',
                                              "els => els.map(e => e.dataset.card)")

    def game_number(self) -> int:
        return int(self.page.text_content("[data-game-number]") or 0)

    def totals(self) -> list[int]:
        return [int(x) for x in self.page.eval_on_selector_all(
            "[data-total-seat]", "els => els.sort((a, b) => a.dataset.totalSeat - b.dataset.totalSeat)"
            ".map(e => e.textContent.trim())")]

    def dialog_open(self, name: str) -> bool:
        return self.page.locator(f'dialog[data-dialog="{name}"][open]').count() > 0

    def local(self, key: str) -> Any:
        raw = self.page.evaluate(f"localStorage.getItem({json.dumps(key)})")
        return json.loads(raw) if raw else None

    def see(self, target: Any, uncovered: bool = True) -> dict[str, float]:
        """:func:`assert_in_view` on this page."""
        return assert_in_view(self.page, target, uncovered)

    def drive_to_hand(self, hand: int) -> dict[str, Any]:
        """Play the current game through the API (first cards, first legal card) until hand
        ``hand`` (from 0) has begun, then reload the page, which resumes it.  Returns the State."""
        state: dict[str, Any] = self.page.evaluate(DRIVE_JS, [self.local("hearts.current")["id"],
                                                              self.local("hearts.current")["token"],
                                                              hand])
        assert state["view"]["hand_index"] == hand, state["view"]
        self.reload()
        return state

    # -- acting
    def click_card(self, card: str, force: bool = False) -> None:
        """Click a card of the hand on its visible left edge (cards overlap like a fan).

        ``force`` clicks a dimmed card (``aria-disabled``), which Playwright would
        otherwise wait on: a user can still tap it to learn why it is dimmed.
        """
        # with two packs a name may be held twice: "QS~2" is the second copy's button (data-key)
        sel = f'#hand [data-key="{card}"]' if "~" in card else f'#hand [data-card="{card}"]'
        self.page.locator(sel).first.click(position={"x": 6, "y": 34}, force=force)

    def click_action(self, action: str, confirm: bool = True) -> None:
        """Click a ``data-action`` button; if the page asks before leaving an unfinished
        game, ``confirm`` answers yes (else the question stays open)."""
        self.page.locator(f'[data-action="{action}"]').click()
        if confirm and self.dialog_open("confirm"):
            self.confirm()

    def confirm(self) -> None:
        """Answer yes to the open question (``data-action="confirm"``)."""
        self.page.locator('dialog[data-dialog="confirm"] [data-action="confirm"]').click()

    def pass_cards(self, cards: list[str] | None = None) -> list[str]:
        """Select three cards (default: the first three shown) and press the pass button."""
        k = int(self.page.evaluate("JSON.parse(localStorage.getItem('hearts.current')).options"
                                   ".pass_count || 3"))
        cards = cards or self.keys()[:k]
        for c in cards:
            self.click_card(c)
        self.click_action("pass")
        self.idle()
        return cards

    def play_one(self) -> str:
        """Play the first playable card."""
        cards = self.playable()
        assert cards, f"no playable card in phase {self.phase}"
        self.click_card(cards[0])
        self.idle()
        return cards[0]

    def step(self) -> bool:
        """Do whatever the game asks next; False once the game-over dialog is shown."""
        self.idle()
        if self.dialog_open("game-over"):
            return False
        if self.dialog_open("hand-end"):
            self.page.locator('[data-action="next-hand"]').click()
        elif self.phase == "deal" and self.page.locator('[data-action="show-hand-end"]').is_visible():
            self.page.locator('[data-action="show-hand-end"]').click()  # the scores were closed
        elif self.dialog_open("moon"):
            self.page.locator('[data-action="moon-add"]').click()
        elif self.phase == "pass":
            self.pass_cards()
        elif self.phase == "play" and self.playable():
            self.play_one()
        else:  # nothing to do yet: wait until the page asks something of the user
            self.page.wait_for_selector(ASKS, state="attached")
        return True

    def play_to_end(self, max_steps: int = 2000) -> int:
        """Click through the game until the game-over dialog; returns the number of steps."""
        for n in range(max_steps):
            if not self.step():
                return n
        raise AssertionError("the game did not end")


ASKS = ", ".join([
    'body[data-busy="false"][data-my-turn="true"]', 'body[data-busy="false"][data-passing="true"]',
    'body[data-busy="false"][data-deciding="true"]', 'dialog[data-dialog="hand-end"][open]',
    'dialog[data-dialog="game-over"][open]', 'dialog[data-dialog="moon"][open]',
    'body[data-busy="false"][data-phase="deal"] [data-action="show-hand-end"]:visible'])
"""A selector that matches once the page asks something of the user: a card to play or pass, a
decision, or a dialog of the hand's end, the game's end or the moon."""


DRIVE_JS = """async ([id, token, hand]) => {
  const h = {"X-Game-Token": token, "Content-Type": "application/json"};
  const post = (p, body) => fetch(`/api/games/${id}/${p}`, {method: "POST", headers: h,
      body: body ? JSON.stringify(body) : undefined}).then(r => r.json());
  let s = await fetch(`/api/games/${id}`, {headers: h}).then(r => r.json());
  for (let i = 0; i < 2000; i++) {
    const v = s.view;
    if (v.hand_index === hand) return s;
    if (v.phase === "pass" && !v.has_passed[0]) s = await post("pass", {cards: v.hand.slice(0, 3)});
    else if (v.phase === "play" && v.turn === 0) s = await post("play", {card: v.legal[0]});
    else if (v.phase === "deal") s = await post("next-hand");
    else if (v.phase === "moon-choice") s = await post("moon", {choice: "add"});
    else return s;
  }
  return s;
}"""


@pytest.fixture()
def new_table(browser: Any, server_url: str) -> Iterator[Any]:
    """Factory: ``new_table(width=1280, height=800, locale="en-US", fast=True)`` → :class:`Table`
    in a fresh browser context (empty localStorage)."""
    contexts: list[Any] = []

    def make(width: int = 1280, height: int = 800, locale: str = "en-US", fast: bool = True,
             downloads: bool = False) -> Table:
        ctx = browser.new_context(viewport={"width": width, "height": height}, locale=locale,
                                  accept_downloads=downloads)
        if fast:
            ctx.add_init_script(
                "if (!localStorage.getItem('hearts.settings')) "
                f"localStorage.setItem('hearts.settings', {json.dumps(json.dumps(FAST))});")
        contexts.append(ctx)
        ctx.set_default_timeout(30_000)
        return Table(ctx.new_page(), server_url)

    yield make
    for ctx in contexts:
        ctx.close()


@pytest.fixture()
def table(new_table: Any) -> Table:
    """A desktop-sized English table in a fresh context."""
    t: Table = new_table()
    return t


def hold_play(page: Any) -> list[Any]:
    """Hold back the answer to the page's next ``POST .../play``, so the card just played
    stays on the table to be looked at; returns the list the held route lands in (for
    :func:`release_play`)."""
    held: list[Any] = []
    page.route("**/api/games/*/play", lambda route: held.append(route))
    return held


def release_play(page: Any, held: list[Any]) -> None:
    """Let the play held by :func:`hold_play` through (once the page has sent it) and stop
    holding plays."""
    deadline = time.monotonic() + 30
    while not held:  # the route comes as a message from the browser: each call here reads them
        assert time.monotonic() < deadline, "the page never sent its play"
        page.evaluate("0")
    held[0].continue_()
    page.unroute("**/api/games/*/play")
