"""The mechanism games on the page, each hand played to its end by clicking, at desktop and
phone sizes, checked with ``assert_in_view`` as a person sees it: a declaration (the French
four-queens game's General), drawing (Domino Hearts' stock), partners (Partnership Hearts) and
two packs at 11 seats (Cancellation Hearts).  Bidding and the widow are played the same way in
``test_family_page.py``.  Real server, real Chromium.

The deals are numbered games chosen for what they test: four-queens #25 with ``medium``
computers and our first three cards passed has East declare the General after we pass (medium
declares from its hand alone, so it does so every time); Cancellation #5 at 11 seats gives us,
in every run tried, a card whose twin is already on the trick at least twice a hand, and several
cancelled tricks.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from hearts.actions import Action
from hearts.cards import card_str, cards_of
from hearts.game import Game
from hearts.rules import make_rules

from .conftest import PHONE, SIZES, Table, boxes, hold_play, overlap, release_play
from .test_family_page import _decide, _to_hand_end

pytestmark = pytest.mark.e2e

GENERAL_DEAL = 25
CANCEL_DEAL = 5
SILENT_DEAL = 582285
SILENT_HAND = "4C 5C TC JC QC KC AC 7D 8D QD KD AD AS"
"""Four-queens without the pass (``opt.pass_schedule=none``), deal 582285: South holds
♣A K Q J 10 5 4, ♦A K Q 8 7, ♠A and no heart, and wins every trick whatever the others play
(2♣ is North's, and in each suit our i-th highest card beats the top card of every other
seat holding at least i cards of it), so it takes every penalty card.  Found by a search of
the numbered deals for that condition (about one deal in two million has it)."""
RANKS = "23456789TJQKA"


def cardshort(card: str) -> str:
    """The page's short name of a card: "10♥" for "TH"."""
    rank, suit = card[:-1], card[-1]
    return ("10" if rank == "T" else rank) + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[suit]


def _first_cards(variant: str, number: int, k: int = 3) -> list[str]:
    """Seat 0's first ``k`` cards of the numbered deal in card order (what the API lists first)."""
    game = Game(make_rules(variant, None, {}), number)
    game.apply(Action.deal())
    return [card_str(c) for c in cards_of(game.hands[0])[:k]]


@pytest.mark.parametrize("size", SIZES)
def test_four_queens_declare_the_general_and_its_result(new_table: Any,
                                                        size: tuple[int, int]) -> None:
    """We declare the General on the panel, it is shown on our seat and the table, and at the
    hand's end the dialog says whether it was made or failed, with the points it gave."""
    t = new_table(*size).open("deal=3&variant=four-queens&level=random")
    t.pass_cards()
    assert t.phase == "declare"  # hand 0: we are eldest hand, the first to declare
    panel = '#decide-panel[data-decision="declare"]'
    t.see(panel, uncovered=False)
    assert "General" in (t.page.text_content(panel) or "")
    values = t.page.eval_on_selector_all(f'{panel} [data-action="decide"]',
                                         "els => els.map(e => e.dataset.value)")
    assert values == ["null", '"general"']
    t.page.screenshot(path=f"/tmp/mech-general-panel-{size[0]}.png")
    _decide(t, "declare", "general")
    assert t.phase == "play"
    t.see('[data-pot="general"]')
    assert t.page.text_content('[data-pot="general"]') == "General: You"
    assert "General!" in (t.page.text_content('[data-seat-box="0"] .tags') or "")
    _to_hand_end(t)
    t.see('dialog[data-dialog="hand-end"]', uncovered=False)
    note = t.page.locator("[data-general]")
    t.see(note)
    kind = note.get_attribute("data-general")
    points = [int(t.page.text_content(f'[data-hand-total-seat="{s}"]') or "x") for s in range(4)]
    if kind == "failed":  # we score 64, the others what they took (some of the 64)
        assert (note.text_content() or "") == "Your General failed: you score 64."
        assert points[0] == 64 and 0 < sum(points[1:]) <= 64, points
    else:
        assert kind == "made", kind
        assert points == [0, 64, 64, 64], points
    t.page.screenshot(path=f"/tmp/mech-general-end-{size[0]}.png")
    assert t.errors == []


def _wins_every_trick(hands: list[int]) -> bool:
    """Whether seat 0 wins every trick whatever the others play: another seat holds 2♣ (and
    leads it), and in each suit seat 0's i-th highest card beats the top card of every other
    seat holding at least i cards of that suit (so each of its cards wins, led or followed)."""
    if hands[0] & 1:
        return False
    for suit in range(4):
        def ranks(h: int, suit: int = suit) -> list[int]:
            return sorted((r for r in range(13) if h >> (16 * suit + r) & 1), reverse=True)
        ours = ranks(hands[0])
        if suit == 0 and not ours:
            return False  # void in clubs: the first trick is lost
        others = [ranks(h) for h in hands[1:]]
        if any(len(o) >= i and o[0] > c for i, c in enumerate(ours, 1) for o in others):
            return False
    return True


def test_silent_general_deal_is_what_the_test_needs() -> None:
    """The numbered deal of the silent General's page test still deals South the hand that
    wins every trick (an engine check, so a changed deal fails here and not mysteriously)."""
    rules = make_rules("four-queens", None, {"pass_schedule": "none"})
    game = Game(rules, SILENT_DEAL)
    game.apply(Action.deal())
    assert " ".join(card_str(c) for c in cards_of(game.hands[0])) == SILENT_HAND
    assert _wins_every_trick(list(game.hands))
    assert not _wins_every_trick(list(game.hands[1:]) + [game.hands[0]])


def _play_highest(t: Table) -> bool:
    """Play our highest playable card (each one wins its trick on the silent General's deal)."""
    t.click_card(max(t.playable(), key=lambda c: RANKS.index(c[:-1])))
    t.idle()
    return True


@pytest.mark.parametrize("locale,note", [
    ("en-US", "You took every penalty card without declaring: each opponent scores 54."),
    ("ja-JP", "宣言なしで失点カードを全部取りました：ほかの全員に54点。"),
])
@pytest.mark.parametrize("size", SIZES)
def test_four_queens_silent_general(new_table: Any, size: tuple[int, int], locale: str,
                                    note: str) -> None:
    """We do not declare, yet take every trick: no General is shown while the hand is played,
    and at its end the dialog says we took every penalty card without declaring, each
    opponent scoring 54 and we 0, all of it in view."""
    t = new_table(*size, locale=locale).open(
        f"deal={SILENT_DEAL}&variant=four-queens&opt.pass_schedule=none")
    assert sorted(t.hand()) == sorted(SILENT_HAND.split())
    assert t.phase == "declare"
    _decide(t, "declare", None)
    assert t.phase == "play"
    assert t.page.locator('[data-pot="general"]').count() == 0  # nobody declared
    for s in range(4):
        tags = t.page.text_content(f'[data-seat-box="{s}"] .tags') or ""
        assert "General" not in tags and "ジェネラル" not in tags, (s, tags)
    _to_hand_end(t, on_play=_play_highest)
    t.see('dialog[data-dialog="hand-end"]', uncovered=False)
    silent = t.page.locator("[data-general]")
    silent.scroll_into_view_if_needed()
    t.see(silent)
    assert silent.get_attribute("data-general") == "silent"
    assert (silent.text_content() or "") == note
    points = []
    for s in range(4):
        cell = t.page.locator(f'[data-hand-total-seat="{s}"]')
        cell.scroll_into_view_if_needed()
        t.see(cell, uncovered=False)
        points.append(int(cell.text_content() or "x"))
    assert points == [0, 54, 54, 54], points
    own = "General without declaring" if locale == "en-US" else "宣言なしのジェネラル"
    for s in range(4):  # the breakdown names the silent General, never a moon
        bd = t.page.locator(f'[data-breakdown-seat="{s}"]')
        bd.scroll_into_view_if_needed()
        t.see(bd, uncovered=False)
        text = bd.text_content() or ""
        assert own in text and "moon" not in text and "ムーン" not in text, (s, text)
    assert (t.page.text_content('[data-seat-box="0"] .tr') or "").startswith("13")  # every trick ours
    t.page.screenshot(path=f"/tmp/mech-silent-general-{locale}-{size[0]}.png")
    assert t.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_four_queens_another_seat_declares(new_table: Any, size: tuple[int, int]) -> None:
    """We pass; East declares the General: its declaration is on its seat and on the table
    while the hand is played, and the hand's end names East's outcome."""
    t = new_table(*size).open(f"deal={GENERAL_DEAL}&variant=four-queens&level=medium")
    t.pass_cards(_first_cards("four-queens", GENERAL_DEAL))
    _decide(t, "declare", None)
    t.see('[data-pot="general"]')
    assert t.page.text_content('[data-pot="general"]') == "General: East"
    t.see('[data-seat-box="3"]')
    assert "General!" in (t.page.text_content('[data-seat-box="3"] .tags') or "")
    assert "General!" not in (t.page.text_content('[data-seat-box="0"] .tags') or "")
    _to_hand_end(t)
    note = t.page.locator("[data-general]")
    t.see(note)
    assert note.get_attribute("data-general") in ("made", "failed")
    assert (note.text_content() or "").startswith("East")
    assert t.errors == []


RING_JS = """(() => {
  // every class a seat's panel has had, in order: the turn ring ("turn") and the mark of a seat out of
  // cards ("out") must never be on one panel at once, however fast the events play out
  window.__seatClasses = {moves: 0, outs: 0, both: []};
  const check = (el, value) => {
    const cls = (value || "").split(/\\s+/);
    const rec = window.__seatClasses;
    if (cls.includes("turn")) rec.moves += 1;
    if (cls.includes("out")) rec.outs += 1;
    if (cls.includes("turn") && cls.includes("out")) rec.both.push([el.dataset.seatBox, value]);
  };
  new MutationObserver((records) => {
    const seen = new Map();
    for (const r of records) {
      if (!r.target.dataset || r.target.dataset.seatBox === undefined) continue;
      if (!seen.has(r.target)) seen.set(r.target, []);
      seen.get(r.target).push(r.oldValue);
    }
    for (const [el, olds] of seen) { for (const v of olds.slice(1)) check(el, v); check(el, el.className); }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["class"],
                        attributeOldValue: true});
})();"""
"""Installed before the page loads: records each state of every seat panel's classes (from the
mutation records' old values, so that a state that lasted no time at all is seen too)."""


@pytest.mark.parametrize("size", SIZES)
def test_domino_stock_draws_seats_out_and_the_hand_end(new_table: Any, size: tuple[int, int]) -> None:
    """Six cards each and a stock: its size is on the table, each draw is shown (who drew how
    many), seats that ran out are marked, and the hand ends with every heart scored (13) and
    the order of going out; the game is to 31.  The turn ring never lands on a seat that is
    out: it goes from seat to seat in play and skips those without cards."""
    t = new_table(*size)
    t.page.add_init_script(RING_JS)
    t.open("deal=3&variant=domino&level=random")
    assert len(t.hand()) == 6
    t.see('[data-pot="stock"]')
    stock0 = int((t.page.text_content('[data-pot="stock"]') or "").split()[-1])
    t.see('[data-pot="target"]')
    assert t.page.text_content('[data-pot="target"]') == "Game to 31"
    seen = {"draw": 0, "out": 0, "stock": {stock0}}
    for _ in range(200):
        t.idle()
        if t.dialog_open("hand-end") or t.dialog_open("game-over"):
            break
        if t.phase == "play" and t.playable():
            state = t.page.evaluate("JSON.parse(localStorage.getItem('hearts.current'))")
            assert state["variant"] == "domino"
            chip = t.page.locator('[data-pot="stock"]')
            t.see(chip)
            seen["stock"].add(int((chip.text_content() or "").split()[-1]))
            if t.page.locator('[data-note="draw"]').count():  # the last draw: who drew how many
                box = t.see('[data-note="draw"]', uncovered=False)
                assert box["width"] > 0
                note = t.page.text_content('[data-note="draw"]') or ""
                assert "drew" in note
                # said once: with its note on the table, no message says the same draw again
                toast = t.page.locator('[data-toast][data-reason="draw"]')
                assert not (toast.count() and toast.is_visible()), note
                if note.startswith("You drew"):  # our own draw: the cards named and marked in the hand
                    drawn = t.page.eval_on_selector_all('#hand [data-drawn="true"]',
                                                        "els => els.map(e => e.dataset.card)")
                    # The drawn cards still in the hand are marked, and only they (the note
                    # stays until the next draw, after its cards may all have been played).
                    named = {c for c in t.hand() if cardshort(c) in note}
                    assert set(drawn) == named, (drawn, note)
                    if drawn:
                        seen["own"] = seen.get("own", 0) + 1
                seen["draw"] += 1
            for s in range(1, 4):  # a seat out of cards: dimmed and tagged, still in view
                el = t.page.locator(f'[data-seat-box="{s}"].out')
                if el.count():
                    t.see(el, uncovered=False)
                    tags = el.locator(".tags")
                    assert (tags.text_content() or "").startswith("out "), tags.text_content()
                    t.see(tags, uncovered=False)  # first among the tags, and wrapped, not cut off
                    assert tags.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
                    assert "turn" not in (el.get_attribute("class") or "")
                    seen["out"] += 1
                    if seen["out"] == 1:
                        t.page.screenshot(path=f"/tmp/mech-domino-out-{size[0]}.png")
            if seen["draw"] == 1 and not seen.get("shot"):
                t.page.screenshot(path=f"/tmp/mech-domino-draw-{size[0]}.png")
                seen["shot"] = 1
        t.step()
    assert t.dialog_open("hand-end") or t.dialog_open("game-over")
    assert seen["draw"], "no draw was ever shown"
    assert len(seen["stock"]) > 1 and min(seen["stock"]) < stock0, seen["stock"]
    t.see("[data-out-order]")
    order = [int(x) for x in (t.page.get_attribute("[data-out-order]", "data-out-order") or "").split(",")]
    assert sorted(order) == [0, 1, 2, 3], order
    points = [int(t.page.text_content(f'[data-hand-total-seat="{s}"]') or "x") for s in range(4)]
    assert sum(points) == 13, points  # every heart is taken: the last seat takes the rest of the stock
    t.page.screenshot(path=f"/tmp/mech-domino-end-{size[0]}.png")
    for _ in range(8):  # the bots play at random: more hands until a seat has dropped out mid-hand
        if t.page.evaluate("window.__seatClasses.outs") or t.dialog_open("game-over"):
            break
        t.page.locator('[data-action="next-hand"]').click()
        _to_hand_end(t)
    ring = t.page.evaluate("window.__seatClasses")
    assert ring["moves"] > 20 and ring["outs"] > 0, ring  # the ring moved, and some seat was out
    assert ring["both"] == [], ring["both"]  # never the ring on a seat out of cards
    assert t.errors == []


def test_domino_seat_out_in_japanese(new_table: Any) -> None:
    """On a phone in Japanese, a seat whose cards ran out is dimmed and tagged first with the
    order of going out ("1番上がり"), in view, and the turn ring never lands on it."""
    t = new_table(*PHONE, locale="ja-JP")
    t.page.add_init_script(RING_JS)
    t.open("deal=4&variant=domino&level=random")
    found = ""
    for _ in range(8 * 40):  # hands of at most a few dozen steps; more hands until a seat is out
        t.idle()
        if t.dialog_open("game-over"):
            break
        if t.phase == "play" and t.playable():
            el = t.page.locator('.seat.out[data-seat-box]:not([data-seat-box="0"])')
            if el.count():
                t.see(el.first, uncovered=False)
                tags = el.first.locator(".tags")
                t.see(tags, uncovered=False)
                found = tags.text_content() or ""
                assert re.match(r"\d番上がり", found), found
                assert tags.evaluate("e => e.scrollWidth <= e.clientWidth + 1")  # not cut off
                assert "turn" not in (el.first.get_attribute("class") or "")
                t.page.screenshot(path="/tmp/mech-domino-out-ja-390.png")
                break
        t.step()
    assert found, "no seat was ever out on our turn"
    assert t.page.evaluate("window.__seatClasses.both") == []
    assert t.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_partnership_partner_marked_and_team_totals(new_table: Any, size: tuple[int, int]) -> None:
    """North is marked as our partner at the table; at the hand's end the score table has each
    team's total, the sum of the partners' totals."""
    t = new_table(*size).open("deal=3&variant=partnership&level=random")
    north = t.see('[data-seat-box="2"]', uncovered=False)
    assert t.page.locator('[data-seat-box="2"].partner').count() == 1
    assert t.page.locator(".seat.partner").count() == 1
    assert "partner" in (t.page.text_content('[data-seat-box="2"] .tags') or "")
    assert north["width"] > 0
    t.page.screenshot(path=f"/tmp/mech-partner-{size[0]}.png")
    _to_hand_end(t)
    t.see('dialog[data-dialog="hand-end"]', uncovered=False)
    totals = [int(t.page.text_content(f'[data-hand-total-seat="{s}"]') or "x") for s in range(4)]
    row = 'dialog[data-dialog="hand-end"] tr.team-totals'
    t.page.locator(row).scroll_into_view_if_needed()
    t.see(row, uncovered=False)
    teams = [int(t.page.text_content(f'{row} [data-team-total-seat="{s}"]') or "x") for s in range(4)]
    assert teams == [totals[0] + totals[2], totals[1] + totals[3]] * 2, (teams, totals)
    t.page.screenshot(path=f"/tmp/mech-partner-end-{size[0]}.png")
    assert t.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_cancellation_eleven_seats_twins_and_cancelled_tricks(new_table: Any,
                                                             size: tuple[int, int]) -> None:
    """Two packs at 11 seats: every seat's panel is in view and none overlaps another; a card
    played onto its twin shows both with their pack marks; a cancelled trick is said on the
    table with the cards carried over, until a trick is won; the hand plays to its end."""
    t = new_table(*size).open(f"deal={CANCEL_DEAL}&variant=cancellation&players=11&level=random")
    seats = [t.see(f'[data-seat-box="{s}"]', uncovered=False) for s in range(11)]
    for i in range(11):
        for j in range(i + 1, 11):
            assert not overlap(seats[i], seats[j]), (i, j)
    t.page.screenshot(path=f"/tmp/mech-cancel-start-{size[0]}.png")
    seen = {"twin": 0, "carry": 0}

    def play_twin(t: Table) -> bool:  # play a card onto its twin: the pair cancels
        on_table = set(t.page.eval_on_selector_all("[data-trick-card]",
                                                   "els => els.map(e => e.dataset.trickCard)"))
        twin = next((c for c in t.playable() if c in on_table), None)
        if twin is None:
            return False
        held = hold_play(t.page)  # the answer is held back, so the pair stays on the table to be seen
        t.click_card(twin)
        pair = t.page.locator(f'[data-trick-card="{twin}"]')
        assert pair.count() == 2
        marks = sorted(pair.nth(i).get_attribute("data-pack") or "" for i in range(2))
        assert marks == ["1", "2"], marks
        for i in range(2):
            t.see(pair.nth(i).locator(".pack-mark"), uncovered=False)
            t.see(pair.nth(i), uncovered=False)
        if not seen["twin"]:
            t.page.screenshot(path=f"/tmp/mech-cancel-twins-{size[0]}.png")
        seen["twin"] += 1
        release_play(t.page, held)
        t.idle()
        return True

    for hand in range(3):  # the bots play at random: a second hand if the first showed too little
        if hand:
            t.page.locator('[data-action="next-hand"]').click()
        _cancellation_hand(t, seen, play_twin, size)
        assert t.dialog_open("hand-end") or t.dialog_open("game-over")
        if seen["twin"] and seen["carry"]:
            break
    assert t.dialog_open("hand-end") or t.dialog_open("game-over")
    assert seen["twin"], "no card was ever played onto its twin"
    assert seen["carry"], "no cancelled trick was seen"
    t.see('dialog[data-dialog="hand-end"]', uncovered=False)
    assert len(boxes(t.page, 'dialog[data-dialog="hand-end"] [data-hand-total-seat]')) == 11
    t.page.screenshot(path=f"/tmp/mech-cancel-end-{size[0]}.png")
    assert t.errors == []


def _cancellation_hand(t: Table, seen: dict[str, int], play_twin: Any, size: tuple[int, int]) -> None:
    """Click through one Cancellation hand, checking the carried cards' note on each turn."""
    for _ in range(300):
        t.idle()
        if t.dialog_open("hand-end") or t.dialog_open("game-over"):
            break
        if t.phase == "play" and t.playable():
            tricks = t.page.evaluate(STATE_JS)
            carried = 0
            for tr in reversed(tricks):
                if tr["winner"] >= 0:
                    break
                carried += len(tr["cards"])
            if carried:  # cancelled tricks wait for the next winner: said on the table
                t.see('[data-note="carry"]', uncovered=False)
                assert t.page.text_content('[data-note="carry"]') == f"Carried over: {carried} cards"
                if tricks[-1]["winner"] < 0:
                    t.see('[data-note="cancel"]', uncovered=False)
                    assert "cancelled" in (t.page.text_content('[data-note="cancel"]') or "")
                if not seen["carry"]:
                    t.page.screenshot(path=f"/tmp/mech-cancel-carry-{size[0]}.png")
                seen["carry"] += 1
            else:
                assert t.page.locator('[data-note="carry"]').count() == 0
            if play_twin(t):
                continue
        t.step()


STATE_JS = """async () => {
  const cur = JSON.parse(localStorage.getItem('hearts.current'));
  const s = await fetch(`/api/games/${cur.id}`, {headers: {"X-Game-Token": cur.token}}).then(r => r.json());
  return s.view.tricks;
}"""
"""The finished tricks of the hand on the table, as the server has them (to know what to expect)."""


@pytest.mark.parametrize("locale,headings,choices", [
    ("en-US", ["Auction Hearts", "Heartsette", "Joker Hearts", "Cancellation Hearts",
               "The French four-queens game", "Domino Hearts", "Partnership Hearts"],
     ["here its cards go to that trick's leader", "the usual Hearts pass is kept here",
      "whoever takes that trick takes the rest of the stock"]),
    ("ja-JP", ["オークション・ハーツ", "ハーツェット", "ジョーカー・ハーツ", "キャンセレーション・ハーツ",
               "フランスの4クイーン", "ドミノ・ハーツ",
               "パートナーシップ・ハーツ"],
     ["そのトリックをリードした人が取ることにしています", "ふつうのハーツと同じように渡します",
      "そのトリックを取った人が山札の残りも取ります"]),
])
@pytest.mark.parametrize("size", SIZES)
def test_variants_page_has_the_mechanism_games(new_table: Any, size: tuple[int, int], locale: str,
                                               headings: list[str], choices: list[str]) -> None:
    """The rules of each family game with a mechanism of its own (bidding, the widow, jokers,
    two packs, the General, the stock, partners) on the variants page, in both languages, each heading
    readable once scrolled to; where the sources are silent the page says what we chose."""
    t = new_table(*size, locale=locale).open(path="/variants")
    body = t.page.locator("#help-body")
    body.wait_for(state="visible")
    for h in headings:
        head = body.locator("h3", has_text=h)
        head.scroll_into_view_if_needed()
        t.see(head, uncovered=False)
    text = body.inner_text()
    for c in choices:
        assert c in text, c
    if size[0] < 500:
        t.page.screenshot(path=f"/tmp/mech-variants-{locale}-{size[0]}.png")
