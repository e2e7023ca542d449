"""The web page, driven as a user would: clicks, keys, reloads (real server, real browser)."""

from __future__ import annotations

import json
import re

import pytest

from .conftest import SIZES, boxes, overlap

pytestmark = pytest.mark.e2e

SHORT = "opt.target_score=30"
PENALTY_REASONS = {"must_follow_suit", "must_lead_lowest_club", "first_trick_points",
                   "hearts_not_broken"}


def test_page_loads_with_hooks(table):
    table.open("deal=11")
    assert table.game_number() == 11
    assert len(table.hand()) == 13
    assert table.totals() == [0, 0, 0, 0]
    assert table.phase == "pass"
    for action in ("pass", "hint", "new-game", "restart", "settings", "stats"):
        assert table.page.locator(f'[data-action="{action}"]').count() == 1, action
    # every card is a button with a readable name
    first = table.page.locator("#hand [data-card]").first
    assert first.evaluate("e => e.tagName") == "BUTTON"
    assert re.fullmatch(r"(Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King|Ace) of "
                        r"(clubs|diamonds|hearts|spades)", first.get_attribute("aria-label"))
    assert not table.errors


def test_hand_is_sorted_by_suit(table):
    table.open("deal=12")
    suits = [c[-1] for c in table.hand()]
    # each suit appears in one contiguous run
    runs = [s for i, s in enumerate(suits) if i == 0 or suits[i - 1] != s]
    assert len(runs) == len(set(suits))


def test_passing(table):
    table.open("deal=21")
    page = table.page
    assert "West" in page.text_content("#pass-panel")
    before = table.hand()
    assert page.locator('[data-action="pass"]').is_disabled()
    chosen = before[:3]
    for c in chosen[:2]:
        table.click_card(c)
    assert page.locator('[data-action="pass"]').is_disabled()
    table.click_card(chosen[2])
    assert page.locator("#hand .card.selected").count() == 3
    assert page.locator('[data-action="pass"]').is_enabled()
    table.click_action("pass")
    table.idle()
    after = table.hand()
    assert len(after) == 13
    assert not set(chosen) & set(after)
    received = page.eval_on_selector_all("#hand .card.received", "els => els.map(e => e.dataset.card)")
    assert len(received) == 3 and set(received) <= set(after) and not set(received) & set(before)
    assert table.phase == "play"


def test_no_pass_hand_says_so(table):
    table.open("deal=22&opt.pass_schedule=rotate")
    # hand 1 passes left; a table that never passes starts playing at once
    table.open("deal=23&opt.pass_schedule=none")
    assert table.phase == "play"
    assert table.page.locator("#pass-panel").is_hidden()


def test_no_pass_fourth_hand_announced(table):
    table.open("deal=24&opt.pass_schedule=rotate-no-hold")
    assert table.phase == "pass"


def test_illegal_card_shows_reason(table):
    table.open("deal=31")
    table.pass_cards()
    page = table.page
    # play until it is our turn with a dimmed card
    for _ in range(60):
        if table.phase == "play" and table.playable() and table.dimmed():
            break
        table.step()
    dimmed = table.dimmed()
    assert dimmed, "expected a card that cannot be played"
    version = table.version
    table.click_card(dimmed[0], force=True)
    toast = page.locator("[data-toast]")
    toast.wait_for(state="visible")
    assert toast.get_attribute("data-reason") in PENALTY_REASONS
    assert len(toast.text_content().strip()) > 10
    # nothing was played
    assert dimmed[0] in table.hand()
    assert table.version == version


def test_illegal_reason_in_japanese(new_table):
    t = new_table(locale="ja-JP")
    t.open("deal=31")
    t.pass_cards()
    for _ in range(60):
        if t.phase == "play" and t.playable() and t.dimmed():
            break
        t.step()
    t.click_card(t.dimmed()[0], force=True)
    toast = t.page.locator("[data-toast]")
    toast.wait_for(state="visible")
    assert re.search(r"[\u3040-\u30ff]", toast.text_content())


def test_hint_pass_and_play(table):
    table.open("deal=41")
    table.click_action("hint")
    table.page.wait_for_selector('#hand [data-hint="true"]')
    hinted = table.hinted()
    assert len(hinted) == 3
    table.pass_cards()
    while not (table.phase == "play" and table.playable()):
        table.step()
    table.click_action("hint")
    table.page.wait_for_selector('#hand [data-hint="true"]')
    hinted = table.hinted()
    assert len(hinted) == 1 and hinted[0] in table.playable()


def test_restart_same_deal(table):
    table.open("deal=51")
    start_hand = table.hand()
    table.pass_cards()
    table.play_one()
    assert len(table.hand()) == 12
    old_id = table.local("hearts.current")["id"]
    table.click_action("restart")
    table.idle()
    assert table.game_number() == 51
    assert table.hand() == start_hand
    assert table.phase == "pass"
    assert table.totals() == [0, 0, 0, 0]
    assert table.local("hearts.current")["id"] != old_id


def test_new_game_is_next_number(table):
    table.open("deal=61")
    table.click_action("new-game")
    table.idle()
    assert table.game_number() == 62
    assert "deal=62" in table.page.url


def test_deal_number_reproduces_hands(new_table):
    a = new_table().open("deal=777")
    b = new_table().open("deal=777")
    c = new_table().open("deal=778")
    assert a.hand() == b.hand()
    assert a.hand() != c.hand()
    # variant and player count come with the link too
    d = new_table().open("deal=777&players=3")
    e = new_table().open("deal=777&players=3")
    assert len(d.hand()) == 17 and d.hand() == e.hand()


def test_resume_after_reload(table):
    table.open("deal=81")
    table.pass_cards()
    table.play_one()
    hand, number, gid = table.hand(), table.game_number(), table.local("hearts.current")["id"]
    table.reload()
    assert table.hand() == hand
    assert table.game_number() == number
    assert table.local("hearts.current")["id"] == gid
    # closing the tab and coming back to the bare address continues too
    table.page.goto(table.base + "/")
    table.idle()
    assert table.hand() == hand and table.local("hearts.current")["id"] == gid


def test_whole_game_and_stats(table):
    table.open(f"deal=91&{SHORT}")
    # statistics of the first format (per variant only) are kept apart, as games of unknown table size
    table.page.evaluate("""localStorage.setItem('hearts.stats', JSON.stringify({variants: {standard:
        {played: 5, wins: 2, best: 40, streak: 1, longest: 2}}, counted: ['x']}))""")
    steps = table.play_to_end()
    assert steps > 13
    page = table.page
    dialog = page.locator('dialog[data-dialog="game-over"]')
    assert dialog.is_visible()
    totals = table.totals()
    assert max(totals) >= 30
    winners_text = page.text_content("#game-over-winners")
    lowest = [s for s, x in enumerate(totals) if x == min(totals)]
    names = ["You", "West", "North", "East"]
    if lowest == [0]:
        assert "You win" in winners_text
    for s in lowest:
        if s:
            assert names[s] in winners_text
    # the score sheet lists every hand
    assert page.locator("#game-over-body table.scores tbody tr").count() >= 1
    stats = table.local("hearts.stats")["tables"]["standard/4"]
    assert table.local("hearts.stats")["tables"]["standard/all"]["played"] == 5
    assert stats["played"] == 1
    assert stats["wins"] == (1 if 0 in lowest else 0)
    assert stats["best"] == totals[0]
    # the dialog can be closed to look at the table, and opened again from it
    dialog.locator(".dialog-x").click()
    assert not table.dialog_open("game-over")
    table.click_action("show-game-over")
    assert table.dialog_open("game-over")
    page.locator('[data-action="next-game"]').click()
    table.idle()
    table.click_action("stats")
    cell = page.locator('[data-stat="played"][data-variant="standard"][data-players="4"]')
    assert cell.text_content().strip() == "1"
    old = page.locator('[data-stat="played"][data-variant="standard"][data-players="all"]')
    assert old.text_content().strip() == "5"
    assert not table.errors


def test_black_maria_game(table):
    table.open(f"deal=5&variant=black-maria&{SHORT}")
    assert len(table.hand()) == 17  # three players by default, 2♣ removed
    assert "2C" not in table.hand()
    assert table.page.locator("[data-seat-box]").count() == 3
    assert "East" in table.page.text_content("#pass-panel")  # always to the right
    table.play_to_end()
    assert table.dialog_open("game-over")
    assert table.local("hearts.stats")["tables"]["black-maria/3"]["played"] == 1


def test_three_player_game(table):
    table.open(f"deal=6&players=3&{SHORT}")
    assert len(table.hand()) == 17
    assert table.page.locator("[data-total-seat]").count() == 3
    table.play_to_end()
    assert table.dialog_open("game-over")
    assert len(table.totals()) == 3
    # a three-player game is counted apart from four-player games of the same variant
    assert set(table.local("hearts.stats")["tables"]) == {"standard/3"}


def test_language_switch_and_memory(table):
    table.open("deal=101")
    page = table.page
    assert page.get_attribute("html", "lang") == "en"
    page.locator('[data-action="language"]').click()
    assert page.get_attribute("html", "lang") == "ja"
    label = page.locator("#hand [data-card]").first.get_attribute("aria-label")
    assert re.fullmatch(r"(クラブ|ダイヤ|ハート|スペード)の.+", label)
    assert "渡す" in page.text_content('[data-action="pass"]')
    table.reload()
    assert page.get_attribute("html", "lang") == "ja"


def test_browser_language_is_default(new_table):
    t = new_table(locale="ja-JP").open("deal=102")
    assert t.page.get_attribute("html", "lang") == "ja"
    assert t.page.locator('[data-card="QS"], [data-card]').first.get_attribute("aria-label").count("の") >= 1


def test_a_link_names_the_language(new_table):
    """``?lang=ja`` shows the page in Japanese to an English browser, keeps it across a reload and
    a language switch (the address follows the switch), and does not overwrite the saved choice."""
    t = new_table(locale="en-US").open("deal=102&lang=ja")
    page = t.page
    assert page.get_attribute("html", "lang") == "ja"
    assert page.locator('[data-action="pass"]').is_visible()
    assert "渡す" in page.text_content('[data-action="pass"]')
    assert "lang=ja" in page.url and "deal=102" in page.url  # the game's address keeps it
    assert page.evaluate("localStorage.getItem('hearts.lang')") is None  # the link is not the reader's choice
    t.reload()
    assert page.get_attribute("html", "lang") == "ja"
    page.locator('[data-action="language"]').click()
    assert page.get_attribute("html", "lang") == "en"
    assert "lang=en" in page.url and "lang=ja" not in page.url
    t.reload()
    assert page.get_attribute("html", "lang") == "en"
    assert "Pass" in page.text_content('[data-action="pass"]')
    # a Japanese browser opening an English link
    j = new_table(locale="ja-JP").open("deal=103&lang=en")
    assert j.page.get_attribute("html", "lang") == "en"
    assert re.fullmatch(r"\w+ of \w+", j.page.locator("#hand [data-card]").first.get_attribute("aria-label"))


def test_options_form_carried_in_url(table):
    table.open("deal=111")
    page = table.page
    table.click_action("options")
    page.select_option("#f-variant", "spot-hearts")
    page.select_option("#f-players", "5")
    page.select_option("#f-opt-moon", "subtract")
    page.fill("#f-deal", "4242")
    page.locator('[data-action="start-game"]').click()
    table.idle()
    url = page.url
    for part in ("deal=4242", "variant=spot-hearts", "players=5", "opt.moon=subtract"):
        assert part in url
    assert len(table.hand()) == 10
    # the link opens the same game elsewhere
    other = table.__class__(page.context.browser.new_context().new_page(), table.base)
    other.page.goto(url)
    other.idle()
    assert other.hand() == table.hand()
    other.page.context.close()


def test_keyboard_play(table):
    table.open("deal=121")
    page = table.page
    page.locator("#hand [data-card]").first.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert page.locator("#hand .card.selected").count() == 3
    table.click_action("pass")
    table.idle()
    while not (table.phase == "play" and table.playable()):
        table.step()
    legal = table.playable()
    cards = table.hand()
    page.locator(f'#hand [data-card="{cards[0]}"]').focus()
    for _ in range(cards.index(legal[0])):
        page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused == legal[0]
    page.keyboard.press("Enter")
    table.idle()
    assert legal[0] not in table.hand()


def test_phone_layout(new_table):
    t = new_table(width=375, height=667).open("deal=131")
    page = t.page
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375
    for box in page.eval_on_selector_all(
            "#hand [data-card]", "els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert box["left"] >= 0 and box["right"] <= 375 and box["bottom"] <= 667
    assert page.locator('[data-action="pass"]').is_visible()
    t.pass_cards()
    assert t.phase == "play"


def _save_record(t) -> dict:
    """Press Save record (from the menu where the bar folds into it); the downloaded JSON."""
    menu = t.page.locator('[data-action="menu"]')
    if menu.is_visible():
        menu.click()
    with t.page.expect_download() as info:
        t.click_action("download")
    with open(info.value.path(), encoding="utf-8") as f:
        rec: dict = json.load(f)
    return rec


@pytest.mark.parametrize("size", SIZES)
def test_record_download(new_table, size):
    t = new_table(*size, downloads=True).open("deal=141")
    t.pass_cards()
    t.play_one()
    rec = _save_record(t)
    assert rec["format"] == "hearts-record/1"
    assert rec["game"] == 141
    # the hand in progress is withheld (its hidden cards would show), and the page says so
    assert rec["hands"] == []
    toast = t.page.locator("[data-toast]")
    toast.wait_for(state="visible")
    assert toast.get_attribute("data-reason") == "record_partial"
    assert "hand in progress" in toast.text_content()
    t.see(toast)
    t.drive_to_hand(1)
    rec = _save_record(t)
    assert len(rec["hands"]) == 1  # the finished hand is in it; the new one is not yet
    toast.wait_for(state="visible")
    assert toast.get_attribute("data-reason") == "record_partial"


def test_settings_persist(table):
    table.open("deal=151")
    page = table.page
    table.click_action("settings")
    page.select_option("#f-table", "blue")
    page.check("#f-fourColour")
    page.locator('dialog[data-dialog="settings"] [data-close]').click()
    assert "table-blue" in page.get_attribute("body", "class")
    table.reload()
    assert "table-blue" in page.get_attribute("body", "class")
    assert table.local("hearts.settings")["fourColour"] is True


def test_last_trick_and_hearts_mark(table):
    table.open("deal=161")
    table.pass_cards()
    for _ in range(200):
        if table.page.locator('[data-action="last-trick"]').is_enabled():
            break
        table.step()
    table.idle()
    table.click_action("last-trick")
    assert table.page.locator("#last-trick-view figure").count() == 4
    assert table.page.get_attribute("#hearts-mark", "data-hearts-broken") in ("true", "false")


@pytest.mark.parametrize("path,word", [("/rules", "Queen of spades"), ("/variants", "Black Maria"),
                                      ("/tips", "pass"), ("/about", "licen")])
def test_rules_pages(table, path, word):
    table.open(path=path)
    dialog = table.page.locator('dialog[data-dialog="help"]')
    dialog.wait_for(state="visible")
    assert word.lower() in dialog.text_content().lower()
    # the focus is on the selected tab (not left on the first one)
    tab = path.strip("/")
    assert table.page.evaluate("document.activeElement.dataset.tab") == tab
    assert dialog.locator(f'[data-tab="{tab}"]').get_attribute("aria-selected") == "true"


def test_daily_game(table):
    table.open("deal=171")
    daily = table.page.evaluate("fetch('/api/daily').then(r => r.json())")
    table.click_action("daily")
    table.idle()
    assert table.game_number() == daily["game"]
    assert daily["date"] in table.page.text_content("#game-label")


def test_daily_game_date_in_japanese(new_table):
    # a Japanese newcomer's trial: the header said 今日のゲーム 2026-12-07 (the ISO form)
    t = new_table(locale="ja-JP").open("deal=171")
    daily = t.page.evaluate("fetch('/api/daily').then(r => r.json())")
    t.click_action("daily")
    t.idle()
    y, m, d = (int(x) for x in daily["date"].split("-"))
    assert t.page.text_content("#game-label") == f"今日のゲーム {y}年{m}月{d}日"
    t.see("#game-label")


def test_score_sheet_and_scores_hooks(table):
    table.open(f"deal=181&{SHORT}")
    while not table.dialog_open("hand-end") and not table.dialog_open("game-over"):
        table.step()
    sheet = table.page.locator("dialog[open] table.scores").last
    assert sheet.locator("tbody tr").count() == 1
    # the totals on the table match the dialog's totals row
    totals = [int(x) for x in sheet.locator("tfoot td").all_text_contents()[1:]]
    assert totals == table.totals()
    assert sum(totals) >= 26 or any(x < 0 for x in totals)


def test_animated_play_at_normal_pace(new_table):
    """With the default animation pace the bots' cards still arrive and the page settles."""
    t = new_table(fast=False).open("deal=191")
    assert t.local("hearts.settings") is None  # defaults: normal pace, sound on
    t.pass_cards()
    for _ in range(3):
        while not (t.phase == "play" and t.playable()):
            t.step()
        n = len(t.hand())
        t.play_one()
        assert len(t.hand()) == n - 1
    cards = t.page.eval_on_selector_all("[data-trick-card]", "els => els.map(e => [e.dataset.trickCard, "
                                        "e.dataset.seat])")
    for card, seat in cards:
        assert card not in t.hand() and 0 <= int(seat) < 4
    assert not t.errors


SEAT_COUNT_LOG = """() => {
  window.__counts = [];
  const log = () => {
    const onTable = document.querySelectorAll('#trick [data-trick-card]').length;
    const tricks = [...document.querySelectorAll('[data-seat-box] .tr')]
      .reduce((a, e) => a + (parseInt(e.textContent, 10) || 0), 0);
    window.__counts.push([onTable, tricks]);
  };
  new MutationObserver(log).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def test_seats_count_a_trick_once_it_is_gathered(new_table):
    """Regression: the seats' points and tricks came from the new State at once, so while the
    bots' cards of a trick were still arriving a seat already showed it won ("1 pt · 1 trick"
    with three cards on the table).  Now no seat counts the first trick before it leaves
    the table, and all of them do after."""
    t = new_table(fast=False).open("deal=191")
    t.pass_cards()
    while not (t.phase == "play" and t.playable()):
        t.step()
    assert t.page.evaluate("document.querySelectorAll('#trick [data-trick-card]').length") < 4
    t.page.evaluate(SEAT_COUNT_LOG)
    t.play_one()
    counts = t.page.evaluate("window.__counts")
    first = next(i for i, (cards, _) in enumerate(counts) if cards == 0)  # trick 1 gathered
    assert any(cards == 4 for cards, _ in counts[:first]), counts  # the whole trick was seen
    assert all(tricks == 0 for _, tricks in counts[:first]), counts[:first]
    assert counts[-1][1] >= 1, counts[-1]
    assert not t.errors


def test_link_with_refused_rules_falls_back(table):
    table.open("deal=5&opt.target_score=0")
    note = table.page.locator("[data-notice]")
    assert note.is_visible()
    assert "opt.target_score=0" in note.text_content() and "bad_option" not in note.text_content()
    assert table.game_number() == 5  # the rest of the link still counts
    assert len(table.hand()) == 13
    assert table.phase in ("pass", "play")


# ---------------------------------------------------------------- fixes after the first user test
STATUS_LOG = """() => {
  window.__status = [];
  const log = () => {
    const ring = [...document.querySelectorAll('[data-seat-box].turn .name')].map(e => e.textContent);
    window.__status.push([document.querySelector('#status').textContent, ring]);
  };
  new MutationObserver(log).observe(document.body, {subtree: true, childList: true, characterData: true,
                                                      attributes: true, attributeFilter: ['class']});
}"""


@pytest.mark.parametrize("locale,query,pattern", [
    ("en-US", "deal=99", r"^(.+) is playing…$"),
    ("ja-JP", "deal=99", r"^(.+)が考えています…$"),
    ("en-US", "deal=6&players=3", r"^(.+) is playing…$"),
])
def test_status_names_the_seat_to_move(new_table, locale, query, pattern):
    """While the others play, the status line names the seat whose turn it is (never "You is")."""
    t = new_table(locale=locale, fast=False).open(query)
    t.page.evaluate(STATUS_LOG)
    t.pass_cards()
    for _ in range(2):
        while not (t.phase == "play" and t.playable()):
            t.step()
        t.play_one()
    log = t.page.evaluate("window.__status")
    waiting = [(text, ring) for text, ring in log if re.match(pattern, text)]
    assert waiting, log
    you = "You" if locale == "en-US" else "あなた"
    for text, ring in waiting:
        who = re.match(pattern, text).group(1)
        assert who != you, text
        assert ring == [who], (text, ring)  # the gold ring and the sentence agree


def test_completed_trick_stays_whole(new_table):
    """Playing the last card of a trick leaves all its cards on show until it goes to its winner."""
    t = new_table(fast=False).open("deal=99")
    t.pass_cards()
    while not (t.phase == "play" and t.playable() and t.page.locator("[data-trick-card]").count() == 3):
        t.step()
    t.page.evaluate("""() => { window.__trick = [];
      new MutationObserver(() => window.__trick.push([document.querySelectorAll('[data-trick-card]').length,
          document.querySelectorAll('[data-trick-card].winner').length]))
        .observe(document.querySelector('#trick'), {subtree: true, childList: true, attributes: true}); }""")
    t.play_one()
    seq = t.page.evaluate("window.__trick")
    first_winner = next(i for i, (n, w) in enumerate(seq) if w)
    assert seq[first_winner][0] == 4
    # before the winner is marked the trick only grows: no moment with the other cards gone
    assert all(n == 4 for n, _ in seq[:first_winner] if n), seq


def test_phone_hand_is_tappable_and_seats_readable(new_table):
    t = new_table(width=375, height=667).open("deal=131")
    page = t.page
    # passing: the panel leaves the side seats uncovered
    panel = boxes(page, "#pass-panel")[0]
    for seat in (1, 2, 3):
        assert not overlap(panel, boxes(page, f'[data-seat-box="{seat}"]')[0]), seat
    # every card shows a strip at least 32 px wide, and a tap in its middle lands on that card
    cards = page.eval_on_selector_all("#hand [data-card]", """els => els.map(e => {
        const r = e.getBoundingClientRect(); const next = e.nextElementSibling;
        const right = next ? next.getBoundingClientRect().left : r.right;
        const x = (r.left + right) / 2, y = r.top + 20;
        const hit = document.elementFromPoint(x, y);
        return [e.dataset.card, right - r.left, hit && hit.closest('[data-card]') ?
                hit.closest('[data-card]').dataset.card : null, r.bottom]; })""")
    assert len(cards) == 13
    for card, visible, hit, bottom in cards:
        assert visible >= 32, (card, visible)
        assert hit == card, (card, hit)
        assert bottom <= 667
    t.pass_cards()
    # the toast about the received cards covers neither North nor the trick
    toast = page.locator("[data-toast]")
    if toast.is_visible():
        box = boxes(page, "[data-toast]")[0]
        assert not overlap(box, boxes(page, '[data-seat-box="2"]')[0])
        for c in boxes(page, "[data-trick-card]"):
            assert not overlap(box, c)
    widths = {s: boxes(page, f'[data-seat-box="{s}"]')[0]["width"] for s in range(4)}
    seen = set()
    for _ in range(120):
        for seat in (1, 2, 3):
            if page.locator(f'[data-trick-card][data-seat="{seat}"]').count():
                card = boxes(page, f'[data-trick-card][data-seat="{seat}"]')[0]
                for other in range(4):
                    assert not overlap(card, boxes(page, f'[data-seat-box="{other}"]')[0]), (seat, other)
                seen.add(seat)
        if seen == {1, 2, 3} and t.hand() and len(t.hand()) < 11:
            break
        t.step()
    assert seen == {1, 2, 3}
    # the seat panels keep their widths as the numbers change
    assert {s: boxes(page, f'[data-seat-box="{s}"]')[0]["width"] for s in range(4)} == widths


def test_options_form_checks_limits(new_table):
    t = new_table().open("deal=201")
    page = t.page
    t.click_action("options")
    page.fill("#f-opt-pass_count", "9")
    page.fill("#f-opt-target_score", "0")
    page.fill("#f-deal", "777")
    page.locator('[data-action="start-game"]').click()
    assert t.dialog_open("new-game-form")  # nothing lost, nothing started
    assert page.input_value("#f-deal") == "777"
    assert page.get_attribute("#f-opt-pass_count", "aria-invalid") == "true"
    assert page.text_content('[data-error-for="pass_count"]') == "Enter a whole number from 1 to 4."
    assert "1 to 100000" in page.text_content('[data-error-for="target_score"]')
    assert t.game_number() == 201
    page.fill("#f-opt-pass_count", "4")
    page.fill("#f-opt-target_score", "50")
    page.locator('[data-action="start-game"]').click()
    t.idle()
    assert not t.dialog_open("new-game-form")
    assert t.game_number() == 777 and "opt.pass_count=4" in page.url
    # in Japanese the message is Japanese; a deal number out of range is caught too
    j = new_table(locale="ja-JP").open("deal=202")
    j.click_action("options")
    j.page.fill("#f-opt-pass_count", "9")
    j.page.fill("#f-deal", "0")
    j.page.locator('[data-action="start-game"]').click()
    assert j.dialog_open("new-game-form")
    assert "1から4" in j.page.text_content('[data-error-for="pass_count"]')
    assert re.search(r"[\u3040-\u30ff]", j.page.text_content('[data-error-for="deal"]'))


def test_options_form_levels_and_rules_that_apply(table):
    table.open("deal=203")
    table.click_action("options")
    page = table.page
    levels = page.eval_on_selector_all("#f-level option", "els => els.map(e => e.value)")
    assert levels == ["random", "easy", "medium", "hard"]
    assert page.locator("#f-opt-bonus_card").is_disabled()
    page.check("#f-opt-jack_of_diamonds")
    assert page.locator("#f-opt-bonus_card").is_enabled()
    page.select_option("#f-opt-pass_schedule", "none")
    assert page.locator("#f-opt-pass_count").is_disabled()


@pytest.mark.parametrize("query,part", [
    ("deal=0", "deal=0"), ("deal=abc", "deal=abc"), ("deal=99999999999", "deal=99999999999"),
    ("variant=nope", "variant=nope"), ("players=9", "players=9"), ("opt.moon=banana", "opt.moon=banana"),
    ("deal=5&lang=fr", "lang=fr"),
])
def test_bad_link_is_explained(table, query, part):
    table.open(query)
    note = table.page.locator("[data-notice]")
    assert note.is_visible()
    text = note.text_content()
    assert part in text and "Started instead: game #" in text
    assert len(table.hand()) == 13 and table.phase in ("pass", "play")
    # the notice goes once the user plays on
    table.pass_cards()
    assert note.is_hidden()


def test_bad_link_notice_in_japanese(new_table):
    t = new_table(locale="ja-JP").open("deal=12&players=9")
    text = t.page.text_content("[data-notice]")
    assert "players=9" in text and "代わりに" in text
    assert t.game_number() == 12


def test_asks_before_leaving_an_unfinished_game(table):
    table.open("deal=211")
    page = table.page
    # nothing played yet: nothing to lose, no question
    table.click_action("new-game", confirm=False)
    table.idle()
    assert table.game_number() == 212
    table.pass_cards()
    gid = table.local("hearts.current")["id"]
    for action in ("new-game", "restart", "daily"):
        table.click_action(action, confirm=False)
        assert table.dialog_open("confirm"), action
        page.locator('[data-action="cancel-confirm"]').click()
        table.idle()
        assert table.local("hearts.current")["id"] == gid and table.game_number() == 212
    # from the options form: "keep playing" leaves the form as it was
    table.click_action("options")
    page.fill("#f-deal", "5")
    page.locator('[data-action="start-game"]').click()
    assert table.dialog_open("confirm")
    page.locator('[data-action="cancel-confirm"]').click()
    assert table.dialog_open("new-game-form") and page.input_value("#f-deal") == "5"
    page.locator('dialog[data-dialog="new-game-form"] [data-close]').click()
    # a link to another game asks too; keeping the game continues it
    table.open("deal=300", confirm=False)
    assert table.dialog_open("confirm")
    page.locator('[data-action="cancel-confirm"]').click()
    table.idle()
    assert table.local("hearts.current")["id"] == gid and table.game_number() == 212
    # accepting starts the new game
    table.click_action("new-game")
    table.idle()
    assert table.game_number() == 213


def test_refusal_message_and_toast_lifetime(table):
    """A refused card is explained with card symbols, and the message goes at the next action."""
    for deal in range(1, 40):
        table.open(f"deal={deal}&opt.pass_schedule=none")
        if "2C" in table.hand():
            break
    other = next(c for c in table.dimmed() if c != "2C")
    table.click_card(other, force=True)
    toast = table.page.locator("[data-toast]")
    toast.wait_for(state="visible")
    assert toast.get_attribute("data-reason") == "must_lead_lowest_club"
    assert "2♣" in toast.text_content() and "2C" not in toast.text_content()
    table.click_action("hint")
    assert toast.is_hidden()


def test_hand_end_table_shows_scored_points(table):
    table.open(f"deal=181&{SHORT}")
    page = table.page
    widths = [b["width"] for b in boxes(page, "[data-seat-box]")]
    while not table.dialog_open("hand-end"):
        table.step()
    # nobody keeps the turn ring behind the dialog; the panels show what the hand scored
    assert page.locator("[data-seat-box].turn").count() == 0
    scored = [int(x) for x in page.eval_on_selector_all(
        '#hand-end-body [data-hand-total-seat]', "els => els.map(e => e.previousElementSibling.textContent)")]
    shown = [int(re.match(r"-?\d+", x).group()) for x in page.eval_on_selector_all(
        "[data-points-seat]", "els => els.map(e => e.textContent)")]
    assert shown == scored
    assert [b["width"] for b in boxes(page, "[data-seat-box]")] == widths
    # a visible close button; the table then offers the scores again
    page.locator('dialog[data-dialog="hand-end"] .dialog-x').click()
    assert not table.dialog_open("hand-end")
    table.click_action("show-hand-end")
    assert table.dialog_open("hand-end")


def test_japanese_pass_prompt_lines(new_table):
    for size in ((1280, 800), (375, 667)):
        t = new_table(width=size[0], height=size[1], locale="ja-JP").open("deal=21")
        lines = t.page.eval_on_selector_all(".pass-line", "els => els.map(e => [e.textContent, "
                                            "e.getClientRects().length, e.scrollWidth <= e.clientWidth + 1])")
        assert lines[0][0].startswith("渡すカードを") and "西" in lines[1][0]
        panel = boxes(t.page, "#pass-panel")[0]
        assert panel["left"] >= 0 and panel["right"] <= size[0]
        for _text, rects, fits in lines:
            assert rects == 1 and fits


def test_about_page_and_icon(table):
    import httpx
    r = httpx.get(table.base + "/about")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    icon = httpx.get(table.base + "/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    table.open()
    assert table.page.locator('link[rel="icon"]').count() == 1


def test_options_offer_every_game_with_its_player_counts(table):
    # The page draws every phase and mechanism (bids, the named suit, the widow, jokers, the
    # General, the stock, teams, two packs): the menu offers every variant the server has,
    # each with the player counts it allows.
    import httpx
    catalog = httpx.get(table.base + "/api/variants").json()["variants"]
    table.open("deal=111")
    page = table.page
    table.click_action("options")
    names = page.eval_on_selector_all("#f-variant option", "els => els.map(e => e.value)")
    assert sorted(names) == sorted(v["name"] for v in catalog), names
    for v in catalog:
        if v["name"] not in ("cancellation", "partnership", "domino"):
            continue
        page.select_option("#f-variant", v["name"])
        counts = page.eval_on_selector_all("#f-players option", "els => els.map(e => Number(e.value))")
        assert counts == v["players"], (v["name"], counts)
        assert page.input_value("#f-players") == str(v["default_players"])
