"""The web page, driven as a user would: clicks, keys, reloads (real server, real browser)."""

from __future__ import annotations

import json
import re

import pytest

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
    stats = table.local("hearts.stats")["variants"]["standard"]
    assert stats["played"] == 1
    assert stats["wins"] == (1 if 0 in lowest else 0)
    assert stats["best"] == totals[0]
    page.locator('[data-action="next-game"]').click()
    table.idle()
    table.click_action("stats")
    cell = page.locator('[data-stat="played"][data-variant="standard"]')
    assert cell.text_content().strip() == "1"
    assert not table.errors


def test_black_maria_game(table):
    table.open(f"deal=5&variant=black-maria&{SHORT}")
    assert len(table.hand()) == 17  # three players by default, 2♣ removed
    assert "2C" not in table.hand()
    assert table.page.locator("[data-seat-box]").count() == 3
    assert "East" in table.page.text_content("#pass-panel")  # always to the right
    table.play_to_end()
    assert table.dialog_open("game-over")
    assert table.local("hearts.stats")["variants"]["black-maria"]["played"] == 1


def test_three_player_game(table):
    table.open(f"deal=6&players=3&{SHORT}")
    assert len(table.hand()) == 17
    assert table.page.locator("[data-total-seat]").count() == 3
    table.play_to_end()
    assert table.dialog_open("game-over")
    assert len(table.totals()) == 3


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


def test_record_download(new_table):
    t = new_table(downloads=True).open("deal=141")
    t.pass_cards()
    t.play_one()
    with t.page.expect_download() as info:
        t.click_action("download")
    path = info.value.path()
    with open(path, encoding="utf-8") as f:
        rec = json.load(f)
    assert rec["format"] == "hearts-record/1"
    assert rec["game"] == 141


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
                                      ("/tips", "pass")])
def test_rules_pages(table, path, word):
    table.open(path=path)
    dialog = table.page.locator('dialog[data-dialog="help"]')
    dialog.wait_for(state="visible")
    assert word.lower() in dialog.text_content().lower()
    table.page.locator('[data-action="language"]').count()


def test_daily_game(table):
    table.open("deal=171")
    daily = table.page.evaluate("fetch('/api/daily').then(r => r.json())")
    table.click_action("daily")
    table.idle()
    assert table.game_number() == daily["game"]
    assert daily["date"] in table.page.text_content("#game-label")


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


def test_link_with_refused_rules_falls_back(table):
    table.open("deal=5&opt.target_score=0")
    assert table.page.locator("[data-toast]").text_content().startswith("bad_option")
    assert len(table.hand()) == 13
    assert table.phase in ("pass", "play")
