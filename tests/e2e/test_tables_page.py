"""The table with friends in the browser: two people in two browser contexts (one a
desktop, one a phone) make, join and play one table to the end of a hand against two
computer players, each seeing only their own cards.

The server is a ``hearts serve`` of this module on an SQLite file, so that every
page's cards can be checked against the table's log read back from the database.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tables_client import truth_at

from hearts.cards import card_str, cards_of
from hearts.cli.serve import ServerProcess

from .conftest import BOX_JS, assert_in_view

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("tables-e2e")
    srv = ServerProcess(f"sqlite:///{tmp / 'e2e.db'}", log_path=str(tmp / "serve.log")).start()
    yield srv
    srv.stop()


def _page(browser: Any, width: int, height: int) -> Any:
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def _inside(page: Any, selector: str) -> list[str]:
    """Elements of ``selector`` that are visible but not wholly inside the viewport."""
    vw, vh = page.viewport_size["width"], page.viewport_size["height"]
    out = []
    for box in page.locator(selector).evaluate_all(f"els => els.map({BOX_JS})"):
        if not (box["width"] > 0 and box["height"] > 0):
            out.append(f"{selector}: not visible")
        elif box["x"] < 0 or box["y"] < 0 or box["x"] + box["width"] > vw + 0.5 \
                or box["y"] + box["height"] > vh + 0.5:
            out.append(f"{selector}: {box}")
    return out


SNAPSHOT = """() => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const outside = (sel) => [...document.querySelectorAll(sel)].flatMap((e) => {
    const r = e.getBoundingClientRect();
    if (!e.checkVisibility() || r.width === 0 || r.height === 0) return [`${sel}: not visible`];
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5)
      return [`${sel}: ${JSON.stringify(r)}`];
    return [];
  });
  const moving = [...document.querySelectorAll('#hand [data-card], [data-trick-card]')]
    .some((e) => e.getAnimations({ subtree: true }).some((a) => a.playState === "running"
      && !(a.effect && a.effect.getTiming().iterations === Infinity)));
  return {
    busy: document.body.dataset.busy,
    moving,
    version: document.body.dataset.version,
    hand: [...document.querySelectorAll('#hand [data-card]')].map(e => e.dataset.card),
    shown: [...document.querySelectorAll('[data-card], [data-trick-card]')]
      .map(e => e.dataset.card || e.dataset.trickCard),
    html: document.documentElement.outerHTML,
    problems: [...outside('#hand [data-card]'), ...outside('[data-trick-card]'),
               ...outside('[data-seat-box]')],
  };
}"""
"""What the page shows, read in one go (the page may re-render between two reads): the cards,
the page's HTML, and which of the hand's cards, the trick's cards and the seats are not wholly
in view; ``moving``: a card of the hand or the trick is in a (finite) animation."""


SETTLE = """() => Promise.all([...document.querySelectorAll('#hand [data-card], [data-trick-card]')]
  .flatMap((e) => e.getAnimations({ subtree: true }))
  .filter((a) => a.playState === "running" && !(a.effect && a.effect.getTiming().iterations === Infinity))
  .map((a) => a.finished.catch(() => null))).then(() => true)"""
"""Resolves once the cards of the hand and the trick that are flying have landed."""

IDLE = 'body[data-busy="false"]'
ASKED = 'body[data-busy="false"][data-my-turn="true"], body[data-busy="false"][data-passing="true"]'


def _check(page: Any, db: str, table_id: str, seat: int) -> None:
    """The page shows this seat's hand exactly, and no other hidden card, all in view.

    Read as a person looks: once no move is being drawn (``data-busy="false"``) and the cards
    in flight have landed; if a card is not wholly in view then, the page is looked at again
    after its next move (another seat's move may have started a new animation meanwhile), but
    an assertion about what was read is about one reading of the page, never two."""
    deadline = time.monotonic() + 30
    while True:
        page.wait_for_selector(IDLE, state="attached")
        page.evaluate(SETTLE)
        snap = page.evaluate(SNAPSHOT)
        if snap["busy"] == "false" and not snap["moving"] and not snap["problems"]:
            break
        left = deadline - time.monotonic()
        if left <= 0:
            break
        if snap["busy"] == "false" and not snap["moving"]:  # at rest, yet not in view: the next move
            try:
                page.wait_for_selector(f'body:not([data-version="{snap["version"]}"])', state="attached",
                                       timeout=left * 1000)
            except PlaywrightTimeout:
                break
    assert snap["busy"] == "false", "the page was still drawing a move after 30 s"
    version = int(snap["version"])
    truth = truth_at(db, table_id, version)
    game = truth.game
    assert set(snap["hand"]) == {card_str(c) for c in cards_of(game.hands[seat])}, (seat, version)
    own = {card_str(c) for c in cards_of(game.dealt[seat] | game.received[seat])}
    public = {card_str(c) for c in cards_of(game.played)}
    shown = set(snap["shown"])
    assert shown <= own | public, sorted(shown - own - public)
    html = snap["html"]  # no attribute or text anywhere names another seat's card
    for other in range(truth.n):
        if other != seat:
            for c in cards_of(game.hands[other]):
                assert f'"{card_str(c)}"' not in html and f">{card_str(c)}<" not in html
    assert not snap["problems"], snap["problems"]


def _act(page: Any) -> bool:
    """Do this person's move if one is due: pass the first cards, or play the first
    playable card; True when something was sent, once the move has come back from the
    table and been drawn (a newer state about another seat's move is not it: a person
    acting on that one would move twice)."""
    if page.get_attribute("body", "data-passing") == "true":
        for card in page.eval_on_selector_all("#hand [data-card]",
                                              "els => els.map(e => e.dataset.card)")[:3]:
            page.locator(f'#hand [data-card="{card}"]').click(position={"x": 6, "y": 30})
        page.locator('[data-action="pass"]').click()
        # the pass is ours once the page no longer asks for it (the friend's pass does not do that)
        page.wait_for_selector(f'{IDLE}:not([data-passing="true"])', state="attached")
    elif page.get_attribute("body", "data-my-turn") == "true":
        cards = page.eval_on_selector_all('#hand [data-card][aria-disabled="false"]',
                                          "els => els.map(e => e.dataset.card)")
        page.locator(f'#hand [data-card="{cards[0]}"]').click(position={"x": 6, "y": 30})
        _played(page, cards[0])
    else:
        return False
    return True


def _played(page: Any, card: str) -> None:
    """Wait until the table has taken this person's ``card``: the page is idle without it in hand."""
    page.wait_for_selector(f'{IDLE}:not(:has(#hand [data-card="{card}"]))', state="attached")


def _wait_for_news(pages: list[Any]) -> None:
    """Nobody could move just now: wait until one of ``pages`` may, or the table moves on (a
    computer's move, the hand's end), looking at the page that is behind."""
    for p in pages:
        p.wait_for_selector(IDLE, state="attached")
    if any(p.locator(ASKED).count() for p in pages):
        return  # one was drawing the move that asks it
    versions = [int(p.get_attribute("body", "data-version") or -1) for p in pages]
    p = pages[versions.index(min(versions))]
    v = min(versions)
    try:
        p.wait_for_selector(f'body:not([data-version="{v}"]), dialog[data-dialog="hand-end"][open], {ASKED}',
                            state="attached")
    except PlaywrightTimeout:
        raise AssertionError([(q.evaluate("() => ({...document.body.dataset})"), q.text_content("#status"),
                               q.errors) for q in pages]) from None


def _host_alone(ann: Any, base: str, variant: str | None = None, seconds: int = 120,
                game: int | None = None, deals: int | None = None) -> None:
    """Ann makes a table of herself and computers playing at random (``variant``, seconds
    per turn, a public ``game`` number, the house rule ``deals`` through the House rules
    dialog) and waits until it is made (the Start button is hers)."""
    ann.goto(base + "/t/new")
    ann.fill('#tb-create-form [name="name"]', "Ann")
    if variant is not None:
        ann.select_option('#tb-create-form [name="variant"]', variant)
    ann.select_option('#tb-create-form [name="level"]', "random")
    ann.fill('#tb-create-form [name="turn_seconds"]', str(seconds))
    if game is not None:
        ann.fill('#tb-create-form [name="game"]', str(game))
    if deals is not None:
        ann.locator('[data-action="table-rules"]').click()
        ann.fill("#f-opt-deals", str(deals))
        ann.locator('dialog[data-dialog="new-game-form"] [data-action="start-game"]').click()
    ann.locator('[data-action="create-table"]').click()
    ann.wait_for_selector('body[data-status="waiting"]')


class _Wire:
    """The page's table WebSocket, passed through Playwright's ``route_web_socket`` so that the
    person's next play can be held back (the table then waits: nothing else moves while the
    test looks at the card just played)."""

    def __init__(self, page: Any) -> None:
        self.hold = False
        self.held: list[Any] = []
        page.route_web_socket("**/api/tables/*/ws", self._route)

    def _route(self, ws: Any) -> None:
        server = ws.connect_to_server()

        def to_server(message: Any) -> None:
            if self.hold and isinstance(message, str) and json.loads(message).get("type") == "play":
                self.held.append((server, message))
            else:
                server.send(message)

        ws.on_message(to_server)

    def release(self, page: Any) -> None:
        deadline = time.monotonic() + 30
        while not self.held:  # the page's message comes through a call to the browser
            assert time.monotonic() < deadline, "the page never sent its play"
            page.evaluate("0")
        self.hold = False
        for server, message in self.held:
            server.send(message)
        self.held.clear()


def test_a_table_link_can_name_the_language(browser: Any, table_server: ServerProcess) -> None:
    """``/t/new?lang=ja`` opens the table form in Japanese for an English browser, and the new
    table's address keeps the language."""
    ann = _page(browser, 1280, 800)
    ann.goto(table_server.url + "/t/new?lang=ja")
    assert ann.get_attribute("html", "lang") == "ja"
    make = ann.locator('[data-action="create-table"]')
    assert make.is_visible() and "作" in (make.text_content() or "")
    ann.fill('#tb-create-form [name="name"]', "Ann")
    ann.select_option('#tb-create-form [name="level"]', "random")
    make.click()
    ann.wait_for_selector('body[data-status="waiting"]')
    assert re.search(r"/t/[^/?]+\?lang=ja$", ann.url), ann.url
    ann.reload()
    assert ann.get_attribute("html", "lang") == "ja"
    assert not ann.errors
    ann.context.close()


def test_two_friends_play_a_hand_each_seeing_only_their_own_cards(
        browser: Any, table_server: ServerProcess, tmp_path: Path) -> None:
    base = table_server.url
    ann = _page(browser, 1280, 800)
    ben = _page(browser, 390, 844)
    ann.goto(base + "/t/new")
    ann.fill('#tb-create-form [name="name"]', "Ann")
    ann.select_option('#tb-create-form [name="level"]', "random")
    ann.fill('#tb-create-form [name="turn_seconds"]', "120")
    ann.locator('[data-action="create-table"]').click()
    ann.wait_for_selector('body[data-status="waiting"]')
    link = ann.input_value("[data-invite-link]")
    assert "/t/" in link
    table_id = link.rsplit("/", 1)[1]
    assert ann.locator("[data-invite-link]").is_visible()

    ben.goto(link)
    ben.wait_for_selector('body[data-phase="join"]')
    assert ben.locator('[data-action="join"]').is_visible()
    # the invitation says which game is played, and who is there
    assert_in_view(ben, "#tb-join-text")
    assert (ben.text_content("#tb-join-text") or "").startswith(
        "Hearts (standard), 4 players. At this table: Ann.")
    ben.fill('#tb-join-form [name="name"]', "Ben")
    ben.locator('[data-action="join"]').click()
    ben.wait_for_selector('body[data-status="waiting"][data-seat="1"]')
    ann.wait_for_selector('body[data-version="2"]', state="attached")
    ben.screenshot(path=str(tmp_path / "ben-waiting.png"))
    assert not ben.locator('[data-action="start"]').is_visible()  # only the host starts
    ann.locator('[data-action="start"]').click()
    for p in (ann, ben):
        p.wait_for_selector('body[data-status="playing"]')
        p.wait_for_selector('body[data-passing="true"]', state="attached")
        assert p.locator("#hand [data-card]").count() == 13
    ann.screenshot(path=str(tmp_path / "ann-pass.png"))
    ben.screenshot(path=str(tmp_path / "ben-pass.png"))
    _check(ann, table_server.db_url, table_id, 0)
    _check(ben, table_server.db_url, table_id, 1)
    # Each person sits at the bottom of their own screen.
    for p, seat in ((ann, 0), (ben, 1)):
        tops = p.eval_on_selector_all("[data-seat-box]", "els => Object.fromEntries(els.map("
                                      "e => [e.dataset.seatBox, e.getBoundingClientRect().top]))")
        assert len(tops) == 4 and all(tops[str(s)] < tops[str(seat)] for s in range(4) if s != seat)

    # A new user's find (session 35): after passing, the hand looked untouched and the status
    # said only "Passing…" while a friend still chose.  Ben passes first: his three cards are
    # marked passed, and the status says whom the exchange waits for, whole and in view.
    chosen = ben.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")[:3]
    for card in chosen:
        ben.locator(f'#hand [data-card="{card}"]').click(position={"x": 6, "y": 30})
    ben.locator('[data-action="pass"]').click()
    ben.wait_for_selector(f'{IDLE}:not([data-passing="true"])', state="attached")
    ben.wait_for_selector('#hand [data-passed="true"]')
    marked = ben.eval_on_selector_all('#hand [data-passed="true"]', "els => els.map(e => e.dataset.card)")
    assert sorted(marked) == sorted(chosen) and ben.locator("#hand [data-card]").count() == 13
    said = ben.text_content("#status") or ""
    assert said.startswith("You passed ") and said.endswith("Waiting for Ann to pass."), said
    assert_in_view(ben, "#status")
    assert ben.eval_on_selector("#status", "e => e.scrollWidth <= e.clientWidth + 1")
    ben.screenshot(path=str(tmp_path / "ben-passed-waiting.png"))
    assert ann.get_attribute("body", "data-passing") == "true"

    deadline = time.monotonic() + 180
    checks = 0
    while not (ann.locator('[data-dialog="hand-end"]').is_visible()
               and ben.locator('[data-dialog="hand-end"]').is_visible()):
        assert time.monotonic() < deadline, "the hand did not end"
        moved = False
        for p, seat in ((ann, 0), (ben, 1)):
            if _act(p):
                moved = True
                if checks < 12 or checks % 5 == 0:
                    _check(p, table_server.db_url, table_id, seat)
                checks += 1
        if not moved:
            _wait_for_news([ann, ben])
    ann.screenshot(path=str(tmp_path / "ann-hand-end.png"))
    ben.screenshot(path=str(tmp_path / "ben-hand-end.png"))
    truth = truth_at(table_server.db_url, table_id)
    assert len(truth.game.results) == 1
    totals = list(truth.game.totals)
    for p in (ann, ben):
        shown = [int(p.text_content(f'[data-seat-box] [data-total-seat="{s}"]') or -1)
                 for s in range(4)]
        assert shown == totals
        assert p.locator('[data-dialog="hand-end"]').is_visible()
        assert not _inside(p, '[data-dialog="hand-end"]')
    assert ann.locator('[data-action="next-hand"]').is_visible()
    assert not ben.locator('[data-action="next-hand"]').is_visible()
    # Regression: the host's "Next hand" closed Ben's scores at once, before he read them.
    # Now they stay, saying the next hand waits; closed, they leave his pass in view.
    ann.locator('[data-action="next-hand"]').click()
    ann.wait_for_selector('body[data-phase="pass"]', state="attached")
    ben.wait_for_selector('[data-dialog="hand-end"] [data-dealt-on]')
    assert_in_view(ben, '[data-dialog="hand-end"] [data-dealt-on]')
    assert not ann.locator('[data-dialog="hand-end"]').is_visible()
    ben.locator('dialog[data-dialog="hand-end"] [data-close]').last.click()
    ben.wait_for_selector('body[data-phase="pass"]', state="attached")
    assert ben.locator("#hand [data-card]").count() == 13
    assert ann.errors == [] and ben.errors == []
    for p in (ann, ben):
        p.context.close()


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_auction_table_bid_and_suit_on_the_solo_pages_table(
        browser: Any, table_server: ServerProcess, size: tuple[int, int]) -> None:
    # The table page is the solo page: the same bidding panel and named-suit buttons, in view,
    # answered over the WebSocket; then the hand is played to its end by clicking.
    from .conftest import assert_in_view

    ann = _page(browser, *size)
    _host_alone(ann, table_server.url, "auction")
    assert_in_view(ann, '[data-action="start"]')
    ann.locator('[data-action="start"]').click()
    ann.wait_for_selector('body[data-status="playing"]')
    # Ann (seat 0, the host) is eldest hand on the first deal: she bids first
    ann.wait_for_selector('body[data-deciding="true"]')
    assert_in_view(ann, '#decide-panel[data-decision="bid"]', uncovered=False)
    ten = '#decide-panel [data-action="decide"][data-value="10"]'
    assert_in_view(ann, ten)
    assert "Your bid" in (ann.text_content("#status") or "")
    ann.locator(ten).click()
    ann.wait_for_selector('#decide-panel[data-decision="suit"]')
    ann.wait_for_selector('body[data-deciding="true"]')
    spades = '#decide-panel [data-action="decide"][data-value=\'"S"\']'
    assert_in_view(ann, spades)
    ann.screenshot(path=f"/tmp/table-auction-suit-{size[0]}.png")
    ann.locator(spades).click()
    ann.wait_for_selector('[data-pot="penalty-suit"]')
    assert_in_view(ann, '[data-pot="penalty-suit"]')
    assert "♠" in (ann.text_content('[data-pot="penalty-suit"]') or "")
    # a spectator on the invite link sees the same table from seat 0's side, and no hand
    link = ann.input_value("[data-invite-link]")
    eve = _page(browser, *size)
    eve.goto(link)
    eve.wait_for_selector('body[data-phase="join"]')
    eve.locator('[data-action="watch"]').click()
    eve.wait_for_selector('body[data-status="playing"][data-seat=""]')
    eve.wait_for_selector(IDLE, state="attached")
    assert eve.locator("#hand [data-card]").count() == 0
    assert eve.get_attribute("body", "data-my-turn") == "false"  # a spectator never acts
    assert eve.locator("#decide-panel").is_hidden()
    for s in range(4):
        assert_in_view(eve, f'[data-seat-box="{s}"]', uncovered=False)
    assert_in_view(eve, '[data-pot="penalty-suit"]')
    html = eve.content()
    truth = truth_at(table_server.db_url, ann.url.rsplit("/", 1)[1])
    for seat in range(4):  # no card of any hand anywhere in the spectator's page
        for c in cards_of(truth.game.hands[seat]):
            assert f'data-card="{card_str(c)}"' not in html
    assert eve.errors == []
    eve.context.close()
    deadline = time.monotonic() + 180
    while not ann.locator('[data-dialog="hand-end"]').is_visible():
        assert time.monotonic() < deadline, "the hand did not end"
        if not _act(ann):
            _wait_for_news([ann])
    assert_in_view(ann, '[data-dialog="hand-end"]', uncovered=False)
    chips = [int(ann.text_content(f'[data-chips-seat="{s}"]') or "x") for s in range(4)]
    pot = int(ann.get_attribute("[data-pot-total]", "data-pot-total") or "x")
    assert sum(chips) + pot == 0, (chips, pot)
    ann.screenshot(path=f"/tmp/table-auction-end-{size[0]}.png")
    assert ann.errors == []
    ann.context.close()


@pytest.mark.parametrize(("variant", "game"), [("joker", 6), ("heartsette", 31)])
def test_family_hand_at_a_table_played_to_its_end(
        browser: Any, table_server: ServerProcess, variant: str, game: int) -> None:
    # Public deals (the numbered games of tests/e2e/test_family_page.py): Joker #6 deals the
    # host the joker, Heartsette #31 deals 12 cards each and 3 to the widow.
    from .conftest import assert_in_view

    ann = _page(browser, 1280, 800)
    wire = _Wire(ann)
    _host_alone(ann, table_server.url, variant, game=game)
    ann.locator('[data-action="start"]').click()
    ann.wait_for_selector('body[data-passing="true"]')
    hand = ann.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")
    if variant == "joker":
        assert "JK" in hand
        assert_in_view(ann, '#hand [data-card="JK"]', uncovered=False)
    else:
        assert len(hand) == 12
        assert_in_view(ann, '[data-pot="widow"]')
        assert "3 cards" in (ann.text_content('[data-pot="widow"]') or "")
    keep = [c for c in hand if c not in ("JK",)][:3]
    for card in keep:
        ann.locator(f'#hand [data-card="{card}"]').click(position={"x": 6, "y": 30})
    ann.locator('[data-action="pass"]').click()
    ann.wait_for_selector(f'{IDLE}:not([data-passing="true"])', state="attached")
    seen_joker = False
    deadline = time.monotonic() + 180
    while not ann.locator('[data-dialog="hand-end"]').is_visible():
        assert time.monotonic() < deadline, "the hand did not end"
        if variant == "joker" and not seen_joker and ann.get_attribute("body", "data-my-turn") == "true" \
                and ann.locator('#hand [data-card="JK"][aria-disabled="false"]').count():
            wire.hold = True  # the table gets the play once the joker has been looked at
            ann.locator('#hand [data-card="JK"]').click(position={"x": 6, "y": 30})
            jk = '[data-trick-card="JK"][data-seat="0"]'
            ann.wait_for_selector(jk)
            # It flies in from the hand; look once its flight has ended, as a person would.
            # The computers wait for the table to get it: nothing lies over it.
            ann.eval_on_selector(jk, "e => Promise.all(e.getAnimations()"
                                     ".map((a) => a.finished.catch(() => null))).then(() => true)")
            assert_in_view(ann, jk)
            wire.release(ann)
            seen_joker = True
            _played(ann, "JK")
            continue
        if not _act(ann):
            _wait_for_news([ann])
    if variant == "joker":
        assert seen_joker
    else:
        # the first trick's winner took it: shown to Ann if hers, else named as another's
        mine = ann.locator("[data-widow-card]").count()
        text = ann.text_content('[data-pot="widow"]') if not mine else ""
        assert mine == 3 or ("took the widow" in (text or "") and not (text or "").startswith("You"))
    assert_in_view(ann, '[data-dialog="hand-end"]', uncovered=False)
    assert ann.errors == []
    ann.context.close()


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_im_back_panel_covers_no_trick_card(
        browser: Any, table_server: ServerProcess, size: tuple[int, int]) -> None:
    # Issue 21: the "I'm back" panel of a seat a computer plays while its person is away lay over
    # the trick in the middle; it now sits over the hand, clear of every card on the table.
    from .conftest import assert_in_view

    ann = _page(browser, *size)
    _host_alone(ann, table_server.url, seconds=5)  # Ann lets her turn run out
    ann.locator('[data-action="start"]').click()
    back = '[data-action="back"]'
    ann.wait_for_selector(back, state="visible", timeout=60_000)
    # look while cards lie on the table: the computers play on for Ann
    deadline = time.monotonic() + 60
    seen = 0
    # (the computers play all four seats now: the page is seldom idle; cards at rest are judged)
    overlap_js = """() => {
      const p = document.getElementById("tb-panel").getBoundingClientRect();
      if (document.getElementById("trick").classList.contains("collect")) return null;
      const rest = [...document.querySelectorAll("[data-trick-card]")]
        .filter((e) => e.getAnimations().every((a) => a.playState !== "running"));
      return rest.map((e) => { const r = e.getBoundingClientRect();
        return r.right <= p.left || p.right <= r.left || r.bottom <= p.top || p.bottom <= r.top; });
    }"""
    while time.monotonic() < deadline and seen < 3:
        v = ann.get_attribute("body", "data-version")
        ann.evaluate(SETTLE)  # the cards flying in have landed
        apart = ann.evaluate(overlap_js)
        if apart:
            assert all(apart), "the I'm back panel lies over a card of the trick"
            seen += 1
        try:  # look again after the next move
            ann.wait_for_selector(f'body:not([data-version="{v}"])', state="attached",
                                  timeout=max(1.0, (deadline - time.monotonic()) * 1000))
        except PlaywrightTimeout:
            break
    assert seen, "no card was ever on the table while Ann was away"
    assert_in_view(ann, back)
    # A new user's find (session 35): the panel then lay over most of the hand (which the
    # person follows while away) and over the status line, which said the same sentence.
    # Now it is the button alone, under the status line: over no card of the hand.
    ann.evaluate(SETTLE)
    seen_by_person = ann.evaluate("""() => {
      const p = document.getElementById("tb-panel").getBoundingClientRect();
      const hit = (r) => !(r.right <= p.left || p.right <= r.left || r.bottom <= p.top || p.bottom <= r.top);
      const cards = [...document.querySelectorAll("#hand [data-card]")];
      return {cards: cards.length, under: cards.filter((e) => hit(e.getBoundingClientRect())).length,
              status: hit(document.getElementById("status").getBoundingClientRect()),
              said: document.body.innerText.split("Your time ran out").length - 1};
    }""")
    assert seen_by_person["cards"] > 0 and seen_by_person["under"] == 0, seen_by_person
    assert not seen_by_person["status"] and seen_by_person["said"] == 1, seen_by_person
    assert_in_view(ann, "#status")
    assert_in_view(ann, "#hand [data-card]", uncovered=False)
    ann.screenshot(path=f"/tmp/table-away-{size[0]}.png")
    # back: the page says the computer played for her meanwhile (it used to say nothing)
    ann.locator(back).click()
    ann.wait_for_selector('#toast[data-reason="welcome_back"]:not([hidden])')
    assert_in_view(ann, '#toast[data-reason="welcome_back"]', uncovered=False)
    assert "while you were away" in (ann.text_content("#toast") or "")
    assert ann.errors == []
    ann.context.close()


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_finished_table_offers_a_new_table(
        browser: Any, table_server: ServerProcess, size: tuple[int, int]) -> None:
    # A game of one deal (the house rule "deals": 1) played to its end by the host against
    # three computers: the game-over dialog offers a new table (the solo game's "New game"
    # and "Play again" have no meaning at a table), in view, and it leads to the form that
    # makes one; the solo page never shows that button.
    ann = _page(browser, *size)
    _host_alone(ann, table_server.url, deals=1)
    ann.locator('[data-action="start"]').click()
    deadline = time.monotonic() + 180
    over = 'dialog[data-dialog="game-over"][open]'
    while ann.get_attribute("body", "data-phase") != "game-over":
        assert time.monotonic() < deadline, "the game did not end"
        if not _act(ann):
            v = ann.get_attribute("body", "data-version")
            ann.wait_for_selector(f'body:not([data-version="{v}"]), body[data-phase="game-over"], '
                                  f'{ASKED}', state="attached")
    ann.wait_for_selector('body[data-status="over"]', state="attached")
    ann.wait_for_selector(IDLE, state="attached")
    ann.wait_for_selector(over)  # the last hand's end is the game's end: its dialog opens
    new_table = 'dialog[data-dialog="game-over"] [data-action="new-table"]'
    assert_in_view(ann, new_table)
    assert ann.text_content(new_table) == "New table"
    # a game of one hand has no target score: its chart draws no "game ends at" line
    assert_in_view(ann, 'dialog[data-dialog="game-over"] svg[data-chart="totals"]', uncovered=False)
    assert ann.locator('dialog[data-dialog="game-over"] svg .target').count() == 0
    for gone in ("next-game", "play-again"):
        assert ann.locator(f'dialog[data-dialog="game-over"] [data-action="{gone}"]').is_hidden()
    ann.locator(new_table).click()
    ann.wait_for_url("**/t/new")
    assert_in_view(ann, '[data-action="create-table"]')
    assert ann.errors == []
    solo = ann.context.new_page()
    solo.goto(table_server.url + "/?deal=3")
    solo.wait_for_selector("#hand [data-card]")
    assert solo.locator('[data-action="new-table"]').count() == 1
    assert solo.locator('[data-action="new-table"]').is_hidden()
    ann.context.close()


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_new_table_form_leads_back_to_a_table_left(
        browser: Any, table_server: ServerProcess, size: tuple[int, int]) -> None:
    # A new user's find (session 35): once the page had left a table (to the solo game, then
    # "Play with friends"), nothing led back to it though the browser kept the seat's token.
    # The form now lists the tables this browser sits at that are still on.
    from .conftest import assert_in_view

    ann = _page(browser, *size)
    _host_alone(ann, table_server.url)
    ann.locator('[data-action="start"]').click()
    ann.wait_for_selector('body[data-status="playing"]')
    table_url = ann.url
    # Copy says what it did (it said nothing, and failed silently without a clipboard)
    ann.locator('[data-action="copy-link"]').click()
    ann.wait_for_selector('#toast[data-reason="copy"]:not([hidden])')
    assert_in_view(ann, '#toast[data-reason="copy"]', uncovered=False)
    assert (ann.text_content("#toast") or "").startswith(("Link copied", "The link is selected"))
    ann.goto(table_server.url + "/")
    ann.wait_for_selector("#hand [data-card]")
    if not ann.locator('[data-link="friends"]').is_visible():   # a phone: in the menu
        ann.locator('[data-action="menu"]').click()
    ann.locator('[data-link="friends"]').click()
    ann.wait_for_url("**/t/new")
    ann.wait_for_selector("[data-my-tables]:not([hidden])")
    assert_in_view(ann, "[data-my-tables] a")
    ann.screenshot(path=f"/tmp/table-mine-{size[0]}.png")
    # (and the form has no game yet: its toolbar offers no score sheet, which did nothing;
    # the name sat down under last time is there, where it was asked again each time)
    assert ann.locator('[data-action="scores"]').is_hidden()
    assert ann.input_value('#tb-create-form [name="name"]') == "Ann"
    assert (ann.text_content("[data-my-tables]") or "").startswith(
        "Back to a table where you have a seat:Hearts (standard) with Ann (playing)")
    ann.locator("[data-my-tables] a").click()
    ann.wait_for_url(table_url)
    ann.wait_for_selector('body[data-status="playing"][data-seat="0"]')
    assert ann.errors == []
    ann.context.close()


def test_a_person_away_gets_their_seat_back_on_another_device(
        browser: Any, table_server: ServerProcess) -> None:
    # A new user's find (session 35): Ben, his seat away, opened the link on another device
    # (no seat token there) and typing "Ben" read "Someone at this table has this name
    # already"; nothing could give him his seat back.  Now he waits under his name, the host
    # is offered his seat (and only it) for him between hands, and he plays on from there.
    from .conftest import assert_in_view

    base = table_server.url
    ann = _page(browser, 1280, 800)
    ann.goto(base + "/t/new")
    ann.fill('#tb-create-form [name="name"]', "Ann")
    ann.select_option('#tb-create-form [name="level"]', "random")
    ann.fill('#tb-create-form [name="turn_seconds"]', "20")  # Ann keeps hers
    ann.locator('[data-action="create-table"]').click()
    ann.wait_for_selector('body[data-status="waiting"]')
    link = ann.input_value("[data-invite-link]")
    first = _page(browser, 390, 844)
    first.goto(link)
    first.fill('#tb-join-form [name="name"]', "Ben")
    first.locator('[data-action="join"]').click()
    first.wait_for_selector('body[data-status="waiting"][data-seat="1"]')
    ann.wait_for_selector('body[data-version="2"]', state="attached")
    ann.locator('[data-action="start"]').click()
    first.wait_for_selector('body[data-status="playing"]')
    ann.wait_for_selector('body[data-passing="true"]', state="attached")
    assert _act(ann)                      # Ann passes (her time is not to run out meanwhile)
    first.context.close()                 # Ben's phone is gone; his turn timer runs out
    again = _page(browser, 390, 844)      # ... and he opens the link on another device
    again.goto(link)
    again.wait_for_selector('body[data-phase="join"]')
    deadline = time.monotonic() + 90
    while True:                           # his seat is marked away when his pass's time runs out
        again.fill('#tb-join-form [name="name"]', "Ben")
        again.locator('[data-action="join"]').click()
        try:
            again.wait_for_selector('body[data-status="playing"]', timeout=3000)
            break
        except PlaywrightTimeout:
            assert time.monotonic() < deadline, "Ben was never let in to wait"
    assert again.get_attribute("body", "data-seat") == ""
    deadline = time.monotonic() + 180
    while not ann.locator('[data-dialog="hand-end"]').is_visible():
        assert time.monotonic() < deadline, "the hand did not end"
        if not _act(ann):
            _wait_for_news([ann])
    give = '[data-dialog="hand-end"] [data-action="seat-friend"]'
    ann.wait_for_selector(give)
    assert ann.locator(give).count() == 1     # his own seat only: no two people called Ben
    assert ann.text_content(give) == "Give Ben the seat of Ben (away)"
    assert_in_view(ann, give)
    ann.locator(give).click()
    again.wait_for_selector('body[data-seat="1"]', state="attached")
    ann.locator('[data-action="next-hand"]').click()
    again.wait_for_selector('body[data-passing="true"]', state="attached")
    assert again.locator("#hand [data-card]").count() == 13
    assert_in_view(again, "#hand [data-card]", uncovered=False)
    assert ann.errors == [] and again.errors == []
    for p in (ann, again):
        p.context.close()


def test_a_friend_who_comes_late_is_told_they_wait_and_the_host_at_once(
        browser: Any, table_server: ServerProcess) -> None:
    # A new user's find (session 35): a friend joining after the start read the players'
    # messages ("Ann is playing…"), never that they wait for a seat; and the host learnt of
    # them only in the end-of-hand dialog.
    from .conftest import assert_in_view

    ann = _page(browser, 1280, 800)
    _host_alone(ann, table_server.url)
    ann.locator('[data-action="start"]').click()
    ann.wait_for_selector('body[data-status="playing"]')
    ben = _page(browser, 390, 844)
    ben.goto(ann.url)
    ben.wait_for_selector('body[data-phase="join"]')
    ben.fill('#tb-join-form [name="name"]', "Benny")
    ben.locator('[data-action="join"]').click()
    ben.wait_for_selector('body[data-status="playing"]')
    ann.wait_for_selector('#toast[data-reason="friend_waiting"]:not([hidden])')
    assert_in_view(ann, '#toast[data-reason="friend_waiting"]', uncovered=False)
    assert (ann.text_content("#toast") or "").startswith("Benny is waiting for a seat")
    waiting = "You are watching: the host can give you a seat between hands."
    for _ in range(4):  # the table plays on: Benny is still told that he waits
        if not _act(ann):
            _wait_for_news([ann])
        assert (ben.text_content("#status") or "") == waiting
    assert_in_view(ben, "#status")
    assert ben.eval_on_selector("#status", "e => e.scrollWidth <= e.clientWidth + 1")  # not cut
    assert ann.errors == [] and ben.errors == []
    for p in (ann, ben):
        p.context.close()


def test_a_person_away_at_the_end_is_told_their_result_not_a_spectators(
        browser: Any, table_server: ServerProcess) -> None:
    # A new user's find (session 35): Ann, away when the game ended (the computer played her
    # last cards), read "You wins!" and no "you finished ... of 4" line: the page took her for
    # a spectator.  She still holds the seat: the result is hers.
    from .conftest import assert_in_view

    ann = _page(browser, 390, 844)
    _host_alone(ann, table_server.url, seconds=5, deals=1)  # she lets her first turn run out
    ann.locator('[data-action="start"]').click()
    ann.wait_for_selector('[data-action="back"]', state="visible", timeout=60_000)
    ann.wait_for_selector('dialog[data-dialog="game-over"][open]', timeout=180_000)
    ann.wait_for_selector(IDLE, state="attached")
    winners = ann.text_content("#game-over-winners") or ""
    place = ann.text_content("#game-over-place") or ""
    assert "You wins" not in winners and (winners == "You win!" or winners.endswith(" wins!")
                                          or "shared victory" in winners), winners
    assert place.startswith("You finished ") and place.endswith(" points."), place
    assert_in_view(ann, "#game-over-place")
    # Her review says the computer made her decisions, and marks none of them (it blamed
    # her for the computer's cards, "You played 4♦ — inaccuracy").
    ann.locator('[data-action-review="game-over"]').click()
    ann.wait_for_selector('dialog[data-dialog="review"][open]')
    deadline = time.monotonic() + 600
    while not ann.locator('[data-dialog="review"] .rv-marks').evaluate("e => e.childElementCount > 0"):
        assert time.monotonic() < deadline, "the review did not end"
        ann.wait_for_timeout(50)
    assert ann.locator('[data-dialog="review"] .rv-marks [data-review-mark]').count() == 0
    ann.locator('[data-review-step="next"]').click()   # the first trick, and her card
    note = '[data-dialog="review"] .rv-note [data-review-by="computer"]'
    ann.wait_for_selector(note)
    assert (ann.text_content(note) or "").startswith("The computer played ")
    assert_in_view(ann, note, uncovered=False)
    ann.screenshot(path="/tmp/table-review-by-computer.png")
    assert ann.errors == []
    ann.context.close()


def test_play_again_together_at_a_finished_table(
        browser: Any, table_server: ServerProcess) -> None:
    # Two friends play a one-deal game to its end; Ben (phone) presses "Play again
    # together": a table with the same settings opens with him as its host, and Ann's
    # game-over dialog (desktop) now offers "Join Ben's new table", which takes her there.
    ann = _page(browser, 1280, 800)
    ben = _page(browser, 390, 844)
    _host_alone(ann, table_server.url, deals=1)
    link = ann.input_value("[data-invite-link]")
    old_id = link.rsplit("/", 1)[1]
    ben.goto(link)
    ben.wait_for_selector('body[data-phase="join"]')
    ben.fill('#tb-join-form [name="name"]', "Ben")
    ben.locator('[data-action="join"]').click()
    ben.wait_for_selector('body[data-status="waiting"][data-seat="1"]')
    ann.wait_for_selector('body[data-version="2"]', state="attached")
    ann.locator('[data-action="start"]').click()
    deadline = time.monotonic() + 240
    while not all(p.get_attribute("body", "data-phase") == "game-over" for p in (ann, ben)):
        assert time.monotonic() < deadline, "the game did not end"
        moved = False
        for p in (ann, ben):
            moved = _act(p) or moved
        if not moved:  # as _wait_for_news, which does not know the game's end
            for q in (ann, ben):
                q.wait_for_selector(IDLE, state="attached")
            if any(q.locator(ASKED).count() for q in (ann, ben)):
                continue
            behind = [q for q in (ann, ben) if q.get_attribute("body", "data-phase") != "game-over"]
            if not behind:
                break
            p = min(behind, key=lambda q: int(q.get_attribute("body", "data-version") or -1))
            v = p.get_attribute("body", "data-version")
            p.wait_for_selector(f'body:not([data-version="{v}"]), body[data-phase="game-over"], '
                                f'dialog[data-dialog="hand-end"][open], {ASKED}', state="attached")
    over = 'dialog[data-dialog="game-over"][open]'
    for p in (ann, ben):
        p.wait_for_selector(IDLE, state="attached")
        p.wait_for_selector(over)
        assert_in_view(p, f'{over} [data-action="table-again"]')
    again = f'{over} [data-action="table-again"]'
    assert ben.text_content(again) == "Play again together"
    ben.locator(again).click()
    ben.wait_for_url(lambda url: "/t/" in url and old_id not in url)
    ben.wait_for_selector('body[data-status="waiting"][data-seat="0"]')
    assert_in_view(ben, '[data-action="start"]')  # Ben hosts the new table
    new_id = ben.url.rsplit("/", 1)[1]
    settings = [truth_at(table_server.db_url, t).settings.to_json() for t in (old_id, new_id)]
    assert settings[0] == settings[1]
    join = f'{over} [data-action="table-join-again"]'
    ann.wait_for_selector(join)
    assert ann.locator(f'{over} [data-action="table-again"]').is_hidden()
    assert_in_view(ann, join)
    assert ann.text_content(join) == "Join Ben's new table"
    ann.locator(join).click()
    ann.wait_for_url(f"**/t/{new_id}")
    ann.wait_for_selector('body[data-phase="join"]')
    ann.fill('#tb-join-form [name="name"]', "Ann")
    ann.locator('[data-action="join"]').click()
    ann.wait_for_selector('body[data-status="waiting"][data-seat="1"]')
    assert ann.errors == [] and ben.errors == []
    ann.context.close()
    ben.context.close()


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_a_dead_table_link_says_so_and_offers_a_new_table_or_the_solo_game(
        browser: Any, table_server: ServerProcess, size: tuple[int, int]) -> None:
    # Regression: /t/<unknown id> flashed a toast and left the join form ("Take a seat",
    # "Just watch") that could only repeat it.  Now the page says the link leads nowhere,
    # in view, and shows the form that makes a new table, with a link to the solo game.
    page = _page(browser, *size)
    page.goto(table_server.url + "/t/doesnotexist")
    page.wait_for_selector('body[data-phase="create"]', state="attached")
    assert_in_view(page, "#tb-missing")
    assert "no table at this link" in (page.text_content("#tb-missing") or "")
    assert page.get_attribute("#tb-missing-solo", "href") == "/"
    assert page.locator("#tb-join").is_hidden()
    assert page.locator('[data-action="create-table"]').is_visible()
    page.screenshot(path=f"/tmp/table-dead-link-{size[0]}.png")
    page.locator('[data-action="language"]').first.click()  # in Japanese too
    page.wait_for_function("document.querySelector('#tb-missing-text').textContent.includes('テーブル')")
    assert_in_view(page, "#tb-missing")
    assert page.errors == []
    page.context.close()


def test_the_invitation_in_japanese_reads_as_japanese(
        browser: Any, table_server: ServerProcess) -> None:
    """A Japanese newcomer's trial: the invitation read 「ハーツ（標準）（4人）。 参加者：Ann, Ben。」
    (two brackets in a row, a space after 「。」, an ASCII comma) and said the computer
    「打ちます」 (a verb of mahjong and go)."""
    base = table_server.url
    ann = _page(browser, 1280, 800)
    ann.goto(base + "/t/new")
    ann.fill('#tb-create-form [name="name"]', "Ann")
    ann.locator('[data-action="create-table"]').click()
    ann.wait_for_selector('body[data-status="waiting"]')
    link = ann.input_value("[data-invite-link]")
    ben = _page(browser, 1280, 800)
    ben.goto(link)
    ben.wait_for_selector('body[data-phase="join"]')
    ben.fill('#tb-join-form [name="name"]', "Ben")
    ben.locator('[data-action="join"]').click()
    ben.wait_for_selector('body[data-status="waiting"][data-seat="1"]')
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP")
    try:
        hana = ctx.new_page()
        hana.goto(link)
        hana.wait_for_selector('body[data-phase="join"]')
        assert_in_view(hana, "#tb-join-text")
        hana.wait_for_function("document.querySelector('#tb-join-text').textContent.includes('Ben')")
        assert hana.text_content("#tb-join-text") == \
            "ハーツ（標準）・4人。参加者：Ann、Ben。空いている席に座れます。"
        assert "打ちます" not in (hana.text_content("body") or "")
        # seated, she sees the computer at seat 3 by its name in katakana, Ann (English) as Dov
        hana.fill('#tb-join-form [name="name"]', "Hana")
        hana.locator('[data-action="join"]').click()
        hana.wait_for_selector('body[data-status="waiting"][data-seat="2"]')
        box = '[data-seat-box="3"] .name'
        hana.wait_for_function(f"document.querySelector('{box}')?.textContent === 'ドヴ'")
        assert_in_view(hana, box, uncovered=False)
        ann.wait_for_function(f"document.querySelector('{box}')?.textContent === 'Dov'")
        assert_in_view(ann, box, uncovered=False)
    finally:
        ctx.close()
    ann.context.close()
    ben.context.close()
