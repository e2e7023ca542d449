"""The review viewer and the daily challenge in the page (``static/js/review.js``), driven
as a user would in the real browser against the real server."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import httpx
import pytest

from hearts.deal import daily_number

from .conftest import ASKS, BOX_JS

pytestmark = pytest.mark.e2e


def in_viewport(page: Any, selector: str) -> bool:
    """Whether the first element matching ``selector`` is visible and inside the viewport."""
    loc = page.locator(selector).first
    if not loc.is_visible():
        return False
    box = loc.evaluate(BOX_JS)
    vp = page.viewport_size
    return box["width"] > 0 and box["height"] > 0 and box["x"] >= 0 and box["y"] >= 0 and \
        box["x"] + box["width"] <= vp["width"] + 1 and box["y"] + box["height"] <= vp["height"] + 1


def play_hand_recklessly(table: Any) -> None:
    """Pass the first three cards, then always play the highest playable card (the
    last one shown), until the end-of-hand table opens."""
    while not table.dialog_open("hand-end") and not table.dialog_open("game-over"):
        table.idle()
        if table.dialog_open("hand-end") or table.dialog_open("game-over"):
            break
        if table.dialog_open("moon"):
            table.page.locator('[data-action="moon-add"]').click()
        elif table.phase == "pass":
            table.pass_cards()
        elif table.phase == "play" and table.playable():
            table.click_card(table.playable()[-1])
            table.idle()
        else:  # nothing asked of us yet: wait until something is
            table.page.wait_for_selector(ASKS, state="attached")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_review_after_a_hand_step_through_and_play_on(new_table, size):
    table = new_table(width=size[0], height=size[1])
    page = table.page
    dialog = 'dialog[data-dialog="review"][open]'
    # The bots' seeds are secret, so a reckless hand now and then turns out well (about one
    # deal 4242 in ten takes only the pass as a mistake, e.g. when seat 0 shoots the moon):
    # then the next deal is played, up to four.
    for deal in (4242, 4243, 4244, 4245):
        table.open(f"deal={deal}")
        play_hand_recklessly(table)
        version = table.version
        stats_before = table.local("hearts.stats")
        page.locator('dialog[data-dialog="hand-end"] [data-action-review]').click()
        page.wait_for_selector(dialog)
        # the progress shows while the server works, inside the viewport
        assert in_viewport(page, f"{dialog} [data-review-progress]")
        page.wait_for_selector(f"{dialog} .rv-marks h3, {dialog} .rv-marks p", timeout=120_000)
        assert not page.locator(f"{dialog} [data-review-progress]").is_visible()
        marked = page.locator(f"{dialog} [data-review-decision]")
        if any(marked.nth(i).get_attribute("data-review-decision") != "0"
               for i in range(marked.count())):
            break
        page.locator(f"{dialog} .dialog-x").click()
    # step 0: the deal, every hand face up, with the cards passed
    assert page.locator(f"{dialog} .rv-seat").count() == 4
    assert page.locator(f"{dialog} [data-review-card]").count() == 52
    for seat in range(4):  # every seat's pass is shown
        assert page.locator(f'{dialog} .rv-seat[data-seat="{seat}"] .rv-card.passed').count() == 3
    assert in_viewport(page, f'{dialog} .rv-seat[data-seat="0"]')
    # each hand in the table's order: clubs, diamonds, spades, hearts, low to high
    order = page.eval_on_selector_all(f'{dialog} .rv-seat[data-seat="0"] [data-review-card]',
                                      "els => els.map(e => e.dataset.reviewCard)")
    ranks = "23456789TJQKA"
    assert order == sorted(order, key=lambda c: ("CDSH".index(c[-1]), ranks.index(c[0]))), order
    # step through all 13 tricks
    for k in range(1, 14):
        page.locator(f'{dialog} [data-review-step="next"]').click()
        assert page.text_content(f"{dialog} .rv-pos") == f"Trick {k} of 13"
        assert page.locator(f"{dialog} .rv-card.in-trick").count() == 4
        assert page.locator(f"{dialog} [data-review-card]").count() == 4 * (14 - k)
    assert page.locator(f'{dialog} [data-review-step="next"]').is_disabled()
    page.locator(f'{dialog} [data-review-step="first"]').click()
    assert page.text_content(f"{dialog} .rv-pos") == "The deal"
    # the deal's note is about the pass, in words for a pass; the close button is "Close"
    assert (page.text_content(f"{dialog} .rv-note") or "").startswith("You passed ")
    assert page.get_attribute(f"{dialog} .dialog-x", "aria-label") == "Close"
    # a reckless hand has marked decisions: jump to one, see the better card, play on from it
    marked = page.locator(f"{dialog} [data-review-decision]")
    assert marked.count() >= 1, page.text_content(f"{dialog} .rv-marks")
    # what a cost means (an average over the deals it could have been), under the marks
    assert "average" in (page.text_content(f"{dialog} .rv-marks .rv-how") or "")
    # and what each mark means, in this hand's points (standard Hearts: 0.5 / 1.5 / 5)
    scale = f"{dialog} .rv-marks [data-review-scale]"
    assert "0.5 points or more is an inaccuracy, 1.5 a mistake, 5 a blunder" in (
        page.text_content(scale) or "")
    page.locator(scale).scroll_into_view_if_needed()
    assert in_viewport(page, scale)
    plays = [i for i in range(marked.count()) if marked.nth(i).get_attribute("data-review-decision") != "0"]
    assert plays, "only the pass was marked"
    marked.nth(plays[0]).click()
    page.screenshot(path=f"/tmp/review-{size[0]}.png")
    note = f"{dialog} .rv-note"
    assert page.locator(f"{note} [data-review-mark]").is_visible()
    # the figures under it say what they are and which way is better
    assert (page.text_content(f"{note} .rv-expected") or "").startswith(
        "Expected points this hand (fewer is better): ")
    assert in_viewport(page, f"{note} .rv-expected")
    better = page.get_attribute(f"{note} [data-review-better]", "data-review-better")
    page.locator(f'{dialog} [data-review-choice="{better}"]').scroll_into_view_if_needed()
    assert in_viewport(page, f'{dialog} [data-review-choice="{better}"]')
    pos = page.text_content(f"{dialog} .rv-pos") or ""
    page.locator(f'{dialog} [data-review-choice="{better}"]').click()
    result = f'{dialog} [data-review-result="{better}"]'
    page.wait_for_selector(result)
    text = page.text_content(result)
    assert "you take" in text and "not counted" in text
    assert " 1 points" not in text  # "1 point"
    # the what-if's tricks are numbered as in the hand, from the decision's trick, each whole
    # and with its winner
    lines = page.eval_on_selector_all(f"{result} .rv-whatif li", "els => els.map(e => "
                                      "[+e.dataset.whatifTrick, e.dataset.whatifWinner, e.textContent])")
    if pos.startswith("Trick "):
        k = int(pos.split()[1])
        assert [x[0] for x in lines] == list(range(k, 14)), (pos, lines)
        assert all(x[1] != "" and x[2].startswith(f"Trick {x[0]}:") for x in lines), lines
        # the winner: "— you win" for the player, "— West wins" for another seat
        assert all(x[2].endswith(" — you win") if x[1] == "0" else
                   (x[2].endswith(" wins") and "You wins" not in x[2]) for x in lines), lines
    assert page.locator(f"{result} .rv-whatif li").count() >= 1
    page.locator(f"{result} .rv-whatif li").first.scroll_into_view_if_needed()
    assert in_viewport(page, f"{result} .rv-whatif li")
    # the what-if changed nothing: same game version, same statistics
    page.locator(f"{dialog} .dialog-x").click()
    assert not table.dialog_open("review")
    # regression: closing the review left the bare table; the end-of-hand dialog it was
    # opened from is back, in view, its "Next hand" at hand
    page.wait_for_selector('dialog[data-dialog="hand-end"][open]')
    assert in_viewport(page, 'dialog[data-dialog="hand-end"] [data-action="next-hand"]')
    assert table.version == version
    assert table.local("hearts.stats") == stats_before
    assert not table.errors


def _finish_daily_via_api(base: str, number: int, seed: int) -> int:
    """Play a daily game (target 1: one hand) through the API, posting its result
    from a browser id of its own; returns seat 0's total."""
    rng = random.Random(seed)
    with httpx.Client(base_url=base, timeout=60) as c:
        state = c.post("/api/games", json={"game": number, "options": {"target_score": 1},
                                           "level": "medium"}).json()
        gid, headers = state["id"], {"X-Game-Token": state["token"]}
        while state["view"]["phase"] != "game-over":
            v = state["view"]
            if v["phase"] == "pass":
                r = c.post(f"/api/games/{gid}/pass", headers=headers,
                           json={"cards": rng.sample(v["hand"], 3)})
            elif v["phase"] == "moon-choice":
                r = c.post(f"/api/games/{gid}/moon", headers=headers, json={"choice": "add"})
            else:
                r = c.post(f"/api/games/{gid}/play", headers=headers,
                           json={"card": rng.choice(v["legal"])})
            state = r.json()
        r = c.post("/api/daily/result", headers=headers,
                   json={"game_id": gid, "browser": f"e2e-other-{seed:04d}"})
        assert r.status_code == 201, r.text
        return int(state["view"]["totals"][0])


def test_daily_challenge_shows_the_distribution(table):
    number = daily_number(dt.datetime.now(dt.UTC).date())
    others = [_finish_daily_via_api(table.base, number, seed) for seed in range(3)]
    table.open(f"deal={number}&opt.target_score=1")
    while table.step():
        pass
    page = table.page
    box = 'dialog[data-dialog="game-over"] [data-daily-results]'
    page.wait_for_selector(box)
    mine = table.totals()[0]
    counts = {int(page.get_attribute(f'{box} [data-daily-score="{t}"]', "data-daily-count"))
              for t in set(others + [mine])}
    assert counts  # every total has its bar
    bars = page.eval_on_selector_all(f"{box} [data-daily-score]",
                                     "els => els.map(e => [+e.dataset.dailyScore, +e.dataset.dailyCount])")
    want: dict[int, int] = {}
    for t in others + [mine]:
        want[t] = want.get(t, 0) + 1
    # every result of this test has its bar (other tests of the session may have finished
    # today's deal too: their results are counted as well, never fewer)
    got = dict(bars)
    assert bars == sorted(bars) and all(got.get(t, 0) >= c for t, c in want.items()), (bars, want)
    assert page.locator(f"{box} .rv-col.mine").get_attribute("data-daily-score") == str(mine)
    rank = 1 + sum(c for t, c in bars if t < mine)
    assert f"you are {rank} of {sum(c for _, c in bars)}" in page.text_content(box)
    page.locator(box).scroll_into_view_if_needed()
    assert in_viewport(page, f"{box} .rv-hist")
    # the review is offered after the game too
    assert page.locator('dialog[data-dialog="game-over"] [data-action-review]').is_visible()
    assert not table.errors


def test_yesterdays_daily_finished_after_midnight_names_its_day(table, server_db):
    """Regression: yesterday's daily game finished after midnight UTC counts for yesterday
    (the server's rule), but the page said "{count} results today" / "Today's challenge"."""
    from sqlalchemy import update

    from hearts.web.storage import make_engine
    from hearts.web.table_store import friend_tables

    today = dt.datetime.now(dt.UTC).date()
    yesterday = today - dt.timedelta(days=1)
    table.open(f"deal={daily_number(yesterday)}&opt.target_score=1")
    gid = table.local("hearts.current")["id"]
    engine = make_engine(server_db)
    try:  # the game began yesterday at 23:50 UTC
        with engine.begin() as conn:
            conn.execute(update(friend_tables).where(friend_tables.c.id == gid).values(
                created_at=dt.datetime.combine(yesterday, dt.time(23, 50), dt.UTC)))
    finally:
        engine.dispose()
    while table.step():
        pass
    box = 'dialog[data-dialog="game-over"] [data-daily-results]'
    table.page.wait_for_selector(box)
    heading = table.page.locator(f"{box} h3")
    assert heading.get_attribute("data-daily-date") == yesterday.isoformat()
    assert heading.text_content() == f"The challenge of {yesterday.isoformat()}"
    text = table.page.text_content(box) or ""
    assert "results today" not in text and "Today's challenge" not in text, text
    assert (f"results for {yesterday.isoformat()}" in text
            or f"the first to finish the deal of {yesterday.isoformat()}" in text), text
    table.page.locator(box).scroll_into_view_if_needed()
    assert in_viewport(table.page, f"{box} h3")
    assert not table.errors
