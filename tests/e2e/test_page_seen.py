"""What a player sees: messages, dialogs and highlights inside the window at desktop and
phone sizes, the keyboard focus, the phone's toolbar, the score breakdown and chart,
the settings and texts of issue 7 (part A).  Real server, real Chromium."""

from __future__ import annotations

import re
import subprocess
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, SIZES, Table, boxes, overlap

pytestmark = pytest.mark.e2e

SHORT = "opt.target_score=30"
JA_CHAR = r"[\u3040-\u30ff\u3400-\u9fff]"


def _no_pass_with_2c(t: Table) -> None:
    """Open the first numbered deal on which, without passing, the user holds 2♣ (and leads)."""
    for deal in range(1, 60):
        t.open(f"deal={deal}&opt.pass_schedule=none")
        if "2C" in t.hand():
            return
    raise AssertionError("no deal with 2C for seat 0")


def _until_dimmed(t: Table) -> None:
    for _ in range(80):
        if t.phase == "play" and t.playable() and t.dimmed():
            return
        t.step()
    raise AssertionError("never a dimmed card on the user's turn")


# ------------------------------------------------------------------ A.1 messages in the window
@pytest.mark.parametrize("size", SIZES)
def test_refused_card_message_is_in_view(new_table, size):
    t = new_table(*size)
    _no_pass_with_2c(t)
    other = next(c for c in t.dimmed() if c != "2C")
    t.click_card(other, force=True)
    box = t.see("[data-toast]")
    toast = t.page.locator("[data-toast]")
    assert toast.get_attribute("data-reason") == "must_lead_lowest_club"
    assert "2♣" in toast.text_content()
    # over the bottom of the table: neither on a seat nor on the hand
    hand_top = boxes(t.page, "#hand [data-card]")[0]["top"]
    assert box["y"] + box["height"] <= hand_top
    for seat in (1, 2, 3):
        assert not overlap(box, boxes(t.page, f'[data-seat-box="{seat}"]')[0]), seat


@pytest.mark.parametrize("size,locale", [
    pytest.param((1280, 800), "en-US", id="desktop"),
    pytest.param((320, 568), "en-US", id="small-phone"),
    pytest.param((740, 360), "en-US", id="short-sideways-phone"),
    pytest.param((667, 375), "ja-JP", id="sideways-phone-ja"),
    pytest.param((844, 390), "ja-JP", id="wide-sideways-phone-ja")])
def test_a_refused_card_message_hides_no_trick_card_and_no_seat(new_table, size, locale):
    """Regression: a card refused in the middle of a trick was explained just above the user's
    panel, which on a phone turned sideways lay over the lower half of the trick's cards (the very
    cards the message speaks of), and on a 320 px phone over both side seats too.  Where its first
    place would cover a trick card or a seat, the message goes to the top of the window; one click
    on it takes it away."""
    t = new_table(*size, locale=locale)
    t.open("deal=31")
    t.pass_cards()
    for _ in range(80):
        if t.phase == "play" and t.playable() and t.dimmed() and t.page.locator("[data-trick-card]").count():
            break
        t.step()
    else:
        raise AssertionError("never a dimmed card on the user's turn with a trick begun")
    t.click_card(t.dimmed()[0], force=True)
    box = t.see("[data-toast]")
    under = boxes(t.page, "[data-trick-card]") + boxes(t.page, "[data-seat-box]")
    hit = [c for c in under if overlap(box, c)]
    t.page.screenshot(path=f"/tmp/toast-clear-{size[0]}x{size[1]}-{locale}.png")
    assert hit == [], hit
    toast = t.page.locator("[data-toast]")
    assert toast.get_attribute("data-reason") == "must_follow_suit"
    toast.click()
    expect(toast).to_be_hidden()
    assert t.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_received_cards_message_and_marks(new_table, size):
    t = new_table(*size).open("deal=21")
    before = t.hand()
    t.pass_cards()
    t.see("[data-toast]")
    assert t.page.get_attribute("[data-toast]", "data-reason") == "received"
    assert "West" in t.page.text_content("[data-toast]") or "East" in t.page.text_content("[data-toast]") \
        or "North" in t.page.text_content("[data-toast]")
    marked = t.page.eval_on_selector_all("#hand .card.received", "els => els.map(e => e.dataset.card)")
    assert len(marked) == 3 and not set(marked) & set(before)
    for c in marked:
        t.see(f'#hand [data-card="{c}"]', uncovered=False)  # fanned cards overlap their neighbours
    # the marks last until the user's first play, even across a reload (no timer takes them away)
    t.reload()
    again = t.page.eval_on_selector_all("#hand .card.received", "els => els.map(e => e.dataset.card)")
    assert sorted(again) == sorted(marked)
    while not (t.phase == "play" and t.playable()):
        t.step()
    t.play_one()
    assert t.page.locator("#hand .card.received").count() == 0


@pytest.mark.parametrize("size", SIZES)
def test_no_passing_is_said_in_the_pass_area(new_table, size):
    t = new_table(*size).open("deal=24")
    t.drive_to_hand(3)  # standard rotation: the fourth hand keeps its cards
    assert t.phase == "play"
    panel = t.page.locator("#pass-panel")
    t.see("#pass-panel")
    assert "No passing this hand" in panel.text_content()
    assert t.page.locator('[data-action="pass"]').is_hidden()
    while not (t.phase == "play" and t.playable()):
        t.step()
    t.play_one()
    assert panel.is_hidden()


@pytest.mark.parametrize("size", SIZES)
def test_dialogs_and_hint_in_view(new_table, size):
    t = new_table(*size).open("deal=41")
    t.click_action("hint")
    t.page.wait_for_selector('#hand [data-hint="true"]')
    for c in t.hinted():
        t.see(f'#hand [data-card="{c}"]', uncovered=False)
    for c in t.hinted():  # chosen for the pass, they rise: still in the window
        t.click_card(c)
        t.see(f'#hand .card.selected[data-card="{c}"]', uncovered=False)
    t.see("#pass-panel")
    t.see('[data-action="pass"]')
    for seat in range(4):  # every seat panel, the gold ring of whose turn it is included
        t.see(f'[data-seat-box="{seat}"]')
    for action, dialog in (("settings", "settings"), ("stats", "stats"), ("help", "help"),
                           ("options", "new-game-form"), ("scores", "scores")):
        if t.page.locator('[data-action="menu"]').is_visible() and \
                t.page.locator(f'#menu-items [data-action="{action}"]').count():
            t.page.locator('[data-action="menu"]').click()
        t.click_action(action)
        t.see(f'dialog[data-dialog="{dialog}"]', uncovered=False)
        t.see(f'dialog[data-dialog="{dialog}"] .dialog-buttons button:last-child')
        t.page.keyboard.press("Escape")
    # the last trick shown again, and the question before leaving a game
    t.pass_cards()
    while not t.page.locator('[data-action="last-trick"]').is_enabled():
        t.step()
    t.idle()
    t.click_action("last-trick")
    t.see("#last-trick-view", uncovered=False)
    assert t.page.locator("#last-trick-view figure").count() == 4
    if t.page.locator('[data-action="menu"]').is_visible():
        t.page.locator('[data-action="menu"]').click()
    t.click_action("restart", confirm=False)
    t.see('dialog[data-dialog="confirm"]', uncovered=False)
    t.see('[data-action="confirm"]')
    t.see('[data-action="cancel-confirm"]')


@pytest.mark.parametrize("size", SIZES)
def test_bad_link_notice_covers_no_seat(new_table, size):
    t = new_table(*size).open("deal=abc&players=9")
    box = t.see("[data-notice]")
    for seat in range(4):
        assert not overlap(box, boxes(t.page, f'[data-seat-box="{seat}"]')[0]), seat
    t.see('[data-seat-box="2"]')  # North stays whole and uncovered
    t.see('[data-action="dismiss-notice"]')


# ------------------------------------------------------------------ A.2 keyboard focus
def test_focus_goes_to_a_playable_card_after_every_play(table):
    _no_pass_with_2c(table)
    page = table.page
    focused = "document.activeElement && document.activeElement.dataset.card"
    # nothing clicked or tabbed: the focus is already on the card to lead
    assert page.evaluate(focused) == "2C"
    for _ in range(4):
        page.keyboard.press("Enter")
        table.idle()
        while not (table.phase == "play" and table.playable()):
            table.step()
        card = page.evaluate(focused)
        assert card in table.playable(), (card, table.playable())
    # a quick way back into the hand: the skip link (first Tab stop) and the C key
    assert page.evaluate("document.querySelector('a[href], button').className") == "skip-link"
    page.locator(".skip-link").focus()
    t_box = table.see(".skip-link")
    assert t_box["width"] > 20
    page.keyboard.press("Enter")
    assert page.evaluate(focused) in table.playable()
    page.locator('[data-action="hint"]').focus()
    page.keyboard.press("Escape")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("c")
    assert page.evaluate(focused) in table.playable()


# ------------------------------------------------------------------ A.3 phone toolbar, header, badge
def test_phone_toolbar_has_words_and_menu(new_table):
    t = new_table(*PHONE).open("deal=51&level=hard")
    page = t.page
    shown = page.eval_on_selector_all(".toolbar button", "els => els.filter(e => e.offsetParent)"
                                      ".map(e => [e.dataset.action, e.innerText.trim()])")
    assert [a for a, _ in shown] == ["hint", "scores", "menu"]
    for action, text in shown:
        assert len(text) >= 4, (action, text)
        t.see(f'.toolbar [data-action="{action}"]')
    # the variant's name is not cut off, and the level is shown
    chip = page.locator("#variant-chip")
    t.see("#variant-chip")
    assert chip.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    assert page.text_content("#level-chip") == "Computer: Hard"
    # the menu lists the other buttons, each with its words, inside the window
    page.locator('[data-action="menu"]').click()
    names = {}
    for action in ("new-game", "restart", "daily", "options", "stats", "settings", "help", "download"):
        t.see(f'#menu-items [data-action="{action}"]')
        names[action] = page.locator(f'#menu-items [data-action="{action}"]').inner_text().strip()
    assert len(set(names.values())) == len(names) and all(len(x) >= 4 for x in names.values()), names
    t.click_action("new-game")
    t.idle()
    assert t.game_number() == 52
    assert page.locator("#menu-items").is_hidden()
    # the hearts badge reads, and covers no seat
    badge = t.see("#hearts-mark")
    assert page.locator("#hearts-mark").inner_text().strip() == "Hearts can't be led yet"
    for seat in range(4):
        assert not overlap(badge, boxes(page, f'[data-seat-box="{seat}"]')[0]), seat


def test_desktop_header_shows_level(table):
    table.open("deal=52")
    assert table.page.text_content("#level-chip") == "Computer: Medium"
    table.see("#level-chip")


# ------------------------------------------------------------------ A.5 scoring you can read
STATE_JS = """async () => { const c = JSON.parse(localStorage.getItem('hearts.current'));
  return fetch(`/api/games/${c.id}`, {headers: {"X-Game-Token": c.token}}).then(r => r.json()); }"""


def _expected_breakdown(view):
    """Hearts and Q♠ each seat took, from the hand's tricks (standard rules), checking each trick's
    winner on the way: the highest card of the suit led."""
    order = "23456789TJQKA"
    hearts = [0] * view["players"]
    qs = [False] * view["players"]
    for trick in view["tricks"]:
        led = trick["cards"][0][-1]
        best = max((i for i, c in enumerate(trick["cards"]) if c[-1] == led),
                   key=lambda i: order.index(trick["cards"][i][0]))
        winner = (trick["leader"] + best) % view["players"]
        assert winner == trick["winner"]
        hearts[winner] += sum(c.endswith("H") for c in trick["cards"])
        qs[winner] = qs[winner] or "QS" in trick["cards"]
    return hearts, qs


@pytest.mark.parametrize("size", SIZES)
def test_hand_breakdown_taken_cards_and_chart(new_table, size):
    t = new_table(*size).open(f"deal=181&{SHORT}")
    page = t.page
    t.pass_cards()
    # during the hand: each player's penalty cards so far, on demand
    for _ in range(300):
        if t.phase == "play" and t.playable() and "H" in "".join(
                sum(_state(t)["score_detail"]["taken"], [])):
            break
        t.step()
    t.click_action("taken")
    t.see("[data-taken]", uncovered=False)
    view = _state(t)["view"]
    hearts, qs = _expected_breakdown(view)
    for seat in range(4):
        shown = page.locator(f'[data-taken-seat="{seat}"] .tc').all_text_contents()
        assert sorted(shown) == sorted([c for c in shown if c.endswith("♥")] + (["Q♠"] if qs[seat] else []))
        assert sum(c.endswith("♥") for c in shown) == hearts[seat], (seat, shown, hearts)
        assert ("Q♠" in shown) == qs[seat]
    assert sum(hearts) > 0
    page.keyboard.press("t")
    assert page.locator("[data-taken]").is_hidden()
    # the end of the hand: each player's breakdown, and the numbers agree with the tricks
    while not (t.dialog_open("hand-end") or t.dialog_open("game-over")):
        t.step()
    t.see("dialog[open]", uncovered=False)
    view = _state(t)["view"]
    hearts, qs = _expected_breakdown(view)
    result = view["results"][-1]
    for seat in range(4):
        cell = page.locator(f'dialog[open] [data-breakdown-seat="{seat}"]')
        kinds = cell.locator(".bd-item").evaluate_all(
            "els => els.map(e => [e.dataset.kind, Number(e.dataset.points), e.textContent])")
        got_hearts = [k for k in kinds if k[0] == "hearts"]
        if hearts[seat]:
            assert got_hearts and f"×{hearts[seat]}" in got_hearts[0][2].replace(" ", ""), kinds
        else:
            assert not got_hearts, kinds
        assert any(k[0] == "card" and "Q♠" in k[2] and k[1] == 13 for k in kinds) == qs[seat], kinds
        assert sum(k[1] for k in kinds) == result["points"][seat], (kinds, result)
        if result["moon"] is not None:
            assert any(k[0] == "moon" for k in kinds)
    # the score sheet has the chart of the running totals
    page.locator("dialog[open] .dialog-x").first.click()
    t.click_action("scores")
    t.see('dialog[data-dialog="scores"] [data-chart="totals"]', uncovered=False)
    totals = _chart_values(page, "scores")
    assert totals == [[0, *[r["totals"][s] for r in view["results"]]] for s in range(4)]
    assert [v[-1] for v in totals] == t.totals()
    # a game to a target score: the target drawn as a dashed line, labelled (none in a game of
    # a fixed number of hands: tests/e2e/test_tables_page.py::test_finished_table_offers_a_new_table)
    assert page.locator('dialog[data-dialog="scores"] svg line.target').count() == 1
    target = _state(t)["options"].get("target_score", 100)
    assert page.text_content('dialog[data-dialog="scores"] svg .target-label') == f"game ends at {target}"
    page.keyboard.press("Escape")
    # the game-over dialog has it too, with the final totals
    t.play_to_end()
    t.see('dialog[data-dialog="game-over"] [data-chart="totals"]', uncovered=False)
    final = _chart_values(page, "game-over")
    assert [v[-1] for v in final] == t.totals()
    assert len(final[0]) == len(_state(t)["view"]["results"]) + 1
    t.see('[data-action="next-game"]')
    # a message while a dialog is open shows inside it, in the window
    page.locator('[data-action="download-final"]').click()
    t.see("[data-toast]")
    assert page.evaluate("document.querySelector('[data-toast]').closest('dialog[open]') !== null")


def _state(t):
    return t.page.evaluate(STATE_JS)


def _chart_values(page, dialog):
    return page.eval_on_selector_all(
        f'dialog[data-dialog="{dialog}"] polyline[data-chart-seat]',
        "els => els.sort((a, b) => a.dataset.chartSeat - b.dataset.chartSeat)"
        ".map(e => e.dataset.values.split(',').map(Number))")


# ------------------------------------------------------------------ A.6 small things
STATUS_TRICK_LOG = """() => {
  window.__log = [];
  new MutationObserver(() => window.__log.push([document.querySelector('#status').textContent,
      document.querySelectorAll('[data-trick-card]').length]))
    .observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def test_no_stale_trick_complete_status(new_table):
    t = new_table(fast=False)
    t.page.context.add_init_script(
        "localStorage.setItem('hearts.settings', JSON.stringify({speed: 'fast', sound: false}));")
    t.open("deal=44&players=6")
    t.page.evaluate(STATUS_TRICK_LOG)
    t.pass_cards()
    for _ in range(3):
        while not (t.phase == "play" and t.playable()):
            t.step()
        t.play_one()
    log = t.page.evaluate("window.__log")
    assert any(n == 6 for _, n in log), "never a whole trick on the table"
    stale = [(text, n) for text, n in log if text == "Trick complete." and n < 6]
    assert not stale, stale


def test_leave_question_is_asked_over_the_game(table):
    table.open("deal=211")
    table.pass_cards()
    hand = table.hand()
    table.open("deal=300", confirm=False)
    table.see('dialog[data-dialog="confirm"]', uncovered=False)
    # behind the question: the game it is about, not an empty table
    assert table.game_number() == 211
    assert table.page.locator(".game-no").is_visible()
    assert table.page.text_content("#status") != "Dealing…"
    assert sorted(table.hand()) == sorted(hand)
    assert "deal=300" in table.page.url
    table.page.locator('[data-action="cancel-confirm"]').click()
    table.idle()
    assert table.game_number() == 211 and "deal=211" in table.page.url


def test_random_game_numbers_are_short(table):
    table.open("deal=4000000000")
    assert table.game_number() == 4000000000  # any number still works in ?deal=N
    for _ in range(3):
        table.click_action("options")
        table.page.fill("#f-deal", "")
        table.page.locator('[data-action="start-game"]').click()
        table.idle()
        assert 1 <= table.game_number() <= 99_999


# ------------------------------------------------------------------ A.7 the only legal card
def test_auto_play_only_legal_card(table):
    _no_pass_with_2c(table)
    page = table.page
    # off by default: the page waits for the user to lead 2♣ (with the setting on, it stays busy
    # through its short pause, then plays the card: it never waits with 2♣ its only card)
    page.wait_for_selector('body[data-busy="false"][data-my-turn="true"]', state="attached")
    assert "2C" in table.hand() and table.playable() == ["2C"]
    table.click_action("settings")
    box = page.locator("#f-autoPlay")
    assert not box.is_checked()
    box.check()
    page.keyboard.press("Escape")
    assert table.local("hearts.settings")["autoPlay"] is True
    table.reload()  # the next time the only card is due, it is played
    table.idle()
    assert "2C" not in table.hand()
    assert table.phase != "play" or not table.playable() or len(table.playable()) > 1


# ------------------------------------------------------------------ A.8 Japanese
@pytest.mark.parametrize("tab", ["rules", "variants", "tips", "about"])
def test_japanese_help_has_no_stray_spaces(new_table, tab):
    t = new_table(locale="ja-JP").open(path=f"/{tab}")
    body = t.page.locator("#help-body")
    body.wait_for(state="visible")
    text = body.inner_text()
    assert re.search(JA_CHAR, text)
    stray = re.findall(f"{JA_CHAR}[ \u3000]+{JA_CHAR}|[。、][ \u3000]+\\S", text)
    assert not stray, stray
    for phrase in ("トリックを 取らない", "いちばん 少ない", "1ハンドに 合計26点"):
        assert phrase not in text


def test_hearts_badge_says_what_is_forbidden(new_table):
    j = new_table(locale="ja-JP").open("deal=61")
    assert j.page.locator("#hearts-mark").inner_text().strip() == "ハートはまだリード不可"
    j.see("#hearts-mark")
    e = new_table().open("deal=61")
    assert e.page.locator("#hearts-mark").inner_text().strip() == "Hearts can't be led yet"
    assert "discard" in (e.page.get_attribute("#hearts-mark", "title") or "")
    css = e.page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--font-ja')")
    for family in ("Hiragino", "Yu Gothic", "Meiryo", "Noto Sans CJK JP"):
        assert family in css


HEARTS_BADGE = {
    "en-US": {"open": "Hearts may be led any time", "not-yet": "Hearts can't be led yet"},
    "ja-JP": {"open": "ハートはいつでもリード可", "not-yet": "ハートはまだリード不可"},
}
PHRASES = {"open": ("ハートは", "いつでも", "リード可"), "not-yet": ("ハートは", "まだ", "リード不可")}
"""The Japanese badge's phrases: a line may end between them, never inside one."""


def _cut_phrases(page: Any, selector: str, phrases: tuple[str, ...]) -> list[str]:
    """The ``phrases`` of the element's text whose letters are laid out on more than one line
    (each letter's box read from a Range over it: what a person sees, not the DOM)."""
    cut: list[str] = page.eval_on_selector(selector, """(e, phrases) => {
        const text = e.textContent, out = [];
        const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
        const tops = [];
        for (let n = walker.nextNode(); n; n = walker.nextNode())
          for (let i = 0; i < n.data.length; i++) {
            const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
            tops.push(Math.round(r.getBoundingClientRect().top));
          }
        for (const p of phrases) {
          const at = text.indexOf(p);
          if (at < 0) { out.push(p + " (missing)"); continue; }
          if (new Set(tops.slice(at, at + p.length)).size > 1) out.push(p);
        }
        return out; }""", list(phrases))
    return cut


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("query", ["deal=61&variant=domino", "deal=61&opt.hearts_lead_any_time=true"])
def test_hearts_badge_where_hearts_may_always_be_led(new_table, size, locale, query):
    """Where hearts need not be broken (Domino Hearts; the option on the standard game) the
    badge says hearts may be led, never that they cannot be led yet, before and after a trick;
    the standard game's badge still says they cannot, both in view at both sizes."""
    words = HEARTS_BADGE[locale]
    t = new_table(*size, locale=locale).open(query + "&level=random")
    for _ in range(2):  # as dealt, then after a trick has been played
        t.see("#hearts-mark")
        assert t.page.locator("#hearts-mark").inner_text().strip() == words["open"]
        if locale == "ja-JP":  # a line breaks between phrases, never inside a word
            assert _cut_phrases(t.page, "#hearts-mark", PHRASES["open"]) == []
        assert t.page.get_attribute("#hearts-mark", "data-hearts-lead") == "any"
        title = t.page.get_attribute("#hearts-mark", "title") or ""
        assert ("any time" if locale == "en-US" else "いつでも") in title, title
        for _ in range(12):  # until our first card of the hand is on the table
            if t.phase == "play" and t.playable():
                break
            t.step()
        t.play_one()
    if size == PHONE:
        t.page.screenshot(path=f"/tmp/badge-open-{locale}-{size[0]}.png")
    std = new_table(*size, locale=locale).open("deal=61&level=random")
    std.see("#hearts-mark")
    assert std.page.locator("#hearts-mark").inner_text().strip() == words["not-yet"]
    if locale == "ja-JP":
        assert _cut_phrases(std.page, "#hearts-mark", PHRASES["not-yet"]) == []
    assert std.page.get_attribute("#hearts-mark", "data-hearts-lead") == "not-yet"
    assert t.errors == [] and std.errors == []


def test_a_japanese_font_is_installed():
    """`make test` installs fonts-noto-cjk, so Japanese shows real glyphs in the browser."""
    out = subprocess.run(["fc-list", ":lang=ja", "family"], capture_output=True, text=True,
                         check=False).stdout
    assert out.strip(), "no Japanese font (make system-deps installs fonts-noto-cjk)"


def test_the_japanese_badge_keeps_its_phrases_whole_on_the_smallest_phone(new_table):
    """Regression: on a 320 x 568 phone the badge broke inside 「リード不可」 (its box, beside the
    top seat, is 102 px wide); a size smaller there, each phrase stays on one line, in view."""
    t = new_table(320, 568, locale="ja-JP").open("deal=61&level=random")
    t.see("#hearts-mark")
    assert t.page.locator("#hearts-mark").inner_text().strip() == HEARTS_BADGE["ja-JP"]["not-yet"]
    assert _cut_phrases(t.page, "#hearts-mark", PHRASES["not-yet"]) == []
    t.page.screenshot(path="/tmp/badge-ja-320.png")
    assert t.errors == []


@pytest.mark.parametrize("size", [(360, 740), (320, 568)])
def test_the_japanese_hearts_broken_badge_breaks_between_its_words(new_table, size):
    """Regression: on a 360 px phone 「ハートブレイク済み」 broke as 「…済」 / 「み」; a line may
    now end only between 「ハートブレイク」 and 「済み」, and the badge is in view."""
    t = new_table(*size, locale="ja-JP").open("deal=61&level=random")
    for _ in range(200):
        if t.page.get_attribute("#hearts-mark", "data-hearts-broken") == "true":
            break
        if not t.step():
            break
    assert t.page.get_attribute("#hearts-mark", "data-hearts-broken") == "true"
    t.see("#hearts-mark", uncovered=False)
    assert _cut_phrases(t.page, "#hearts-mark", ("ハートブレイク", "済み")) == []
    t.page.screenshot(path=f"/tmp/badge-broken-ja-{size[0]}.png")
    assert t.errors == []
