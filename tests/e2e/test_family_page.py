"""The family games on the page, played by clicking, at desktop and phone sizes: an Auction
Hearts hand (a bid, the named penalty suit, the pot), a Heartsette hand (the widow, shown to
its taker only) and a Joker Hearts hand (the joker in the hand and on the table); each
checked with ``assert_in_view`` as a person sees it.  Real server, real Chromium.

The deals are numbered games chosen for what they test (checked against the engine here):
Heartsette #31 gives the user A♣ and K♣ but neither 2♣ nor 3♣, so keeping A♣ and playing it
on the first trick takes the widow; Joker Hearts #6 deals the user the joker.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from hearts.actions import Action
from hearts.cards import card_str, cards_of
from hearts.game import Game
from hearts.rules import make_rules

from .conftest import SIZES, Table, boxes, hold_play, overlap, release_play

pytestmark = pytest.mark.e2e

HEARTSETTE_DEAL = 31
JOKER_DEAL = 6


def _dealt(variant: str, number: int) -> set[str]:
    game = Game(make_rules(variant, None, {}), number)
    game.apply(Action.deal())
    return {card_str(c) for c in cards_of(game.hands[0])}


def test_chosen_deals_hold_what_the_tests_need() -> None:
    held = _dealt("heartsette", HEARTSETTE_DEAL)
    assert {"AC", "KC"} <= held and not {"2C", "3C"} & held
    assert "JK" in _dealt("joker", JOKER_DEAL)


def _decide(t: Table, kind: str, value: Any) -> None:
    """Answer the decision panel as a person would: it and the button are in view, then click."""
    panel = f'#decide-panel[data-decision="{kind}"]'
    t.see(panel, uncovered=False)
    button = f'{panel} [data-action="decide"][data-value=\'{json.dumps(value)}\']'
    t.see(button)
    t.page.locator(button).click()
    t.idle()


def _to_hand_end(t: Table, on_play: Any = None) -> int:
    """Click through the hand until its end-of-hand dialog; ``on_play(t)`` may play a card
    itself on the user's turn (returns True when it did).  Returns the steps taken."""
    for n in range(400):
        t.idle()
        if t.dialog_open("hand-end") or t.dialog_open("game-over"):
            return n
        if t.phase == "play" and t.playable() and on_play is not None and on_play(t):
            continue
        t.step()
    raise AssertionError("the hand did not end")


def _no_overlap_with_seats(t: Table, selector: str, seats: range = range(1, 4)) -> None:
    box = boxes(t.page, selector)[0]
    for seat in seats:
        assert not overlap(box, boxes(t.page, f'[data-seat-box="{seat}"]')[0]), (selector, seat)


@pytest.mark.parametrize("size", SIZES)
def test_auction_hand_bid_name_suit_pot(new_table: Any, size: tuple[int, int]) -> None:
    t = new_table(*size).open("deal=7&variant=auction")
    assert t.phase == "bid"
    # the user is eldest hand on the first deal: the first to bid; the panel offers no bid and 1..10
    values = t.page.eval_on_selector_all('#decide-panel [data-action="decide"]',
                                         "els => els.map(e => JSON.parse(e.dataset.value))")
    assert values == [None, *range(1, 11)]
    assert "Your bid" in t.page.text_content("#status")
    t.see('[data-pot="pot"]')
    assert t.page.text_content('[data-pot="pot"]') == "Pot 0"
    t.page.screenshot(path=f"/tmp/family-auction-bid-{size[0]}.png")
    _decide(t, "bid", 10)  # the most anyone may bid: the auction is ours
    assert t.phase == "suit"
    assert t.page.locator("#decide-panel [data-action='decide']").count() == 4
    _no_overlap_with_seats(t, "#decide-panel")
    t.page.screenshot(path=f"/tmp/family-auction-suit-{size[0]}.png")
    _decide(t, "suit", "D")
    # the named suit and the pot, in view on the table; our bid beside our seat
    t.see('[data-pot="penalty-suit"]')
    assert "♦" in t.page.text_content('[data-pot="penalty-suit"]')
    # the bid is on its way to the pot: shown there at once (paid in when the hand is settled)
    assert t.page.text_content('[data-pot="pot"]') == "Pot 10"
    assert "bid 10" in t.page.text_content('[data-seat-box="0"] .tags')
    assert t.page.locator("#decide-panel").is_hidden()
    assert t.phase == "play"
    _to_hand_end(t)
    t.see('dialog[data-dialog="hand-end"]', uncovered=False)
    # the chips each player holds and the pot, after the settlement: no chip made or lost
    chips = [int(t.page.text_content(f'[data-chips-seat="{s}"]') or "x") for s in range(4)]
    pot = int(t.page.get_attribute("[data-pot-total]", "data-pot-total") or "x")
    assert sum(chips) + pot == 0, (chips, pot)
    for s in range(4):
        t.see(f'[data-chips-seat="{s}"]')
    t.see("[data-pot-total]")
    t.page.screenshot(path=f"/tmp/family-auction-end-{size[0]}.png")
    assert t.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_heartsette_hand_widow_shown_to_its_taker(new_table: Any, size: tuple[int, int]) -> None:
    t = new_table(*size).open(f"deal={HEARTSETTE_DEAL}&variant=heartsette")
    assert len(t.hand()) == 12
    t.see('[data-pot="widow"]')
    assert "3 cards" in t.page.text_content('[data-pot="widow"]')
    keep = {"AC", "KC"}
    t.pass_cards([c for c in t.hand() if c not in keep][:3])
    first = {"done": False}

    def play_ace(t: Table) -> bool:  # the first trick: our A♣ takes it (and the widow)
        if first["done"] or "AC" not in t.playable():
            return False
        first["done"] = True
        t.click_card("AC")
        t.idle()
        return True

    def widow_waits() -> bool:
        chip = t.page.locator('[data-pot="widow"]')
        return chip.count() > 0 and "3 cards" in (chip.text_content() or "")

    for _ in range(40):  # until the first trick is taken, and the widow with it
        t.idle()
        if not widow_waits():
            break
        if t.phase == "play" and t.playable() and play_ace(t):
            continue
        t.step()
    assert not widow_waits()
    if t.page.locator("[data-widow-card]").count():  # ours: shown to us, beside no seat
        t.see("[data-widow]", uncovered=False)
        widow = t.page.eval_on_selector_all("[data-widow-card]", "els => els.map(e => e.dataset.widowCard)")
        assert len(widow) == 3
        for c in widow:
            t.see(f'[data-widow-card="{c}"]')
        assert not set(widow) & set(t.hand())
        _no_overlap_with_seats(t, "[data-widow]", range(4))
        t.page.screenshot(path=f"/tmp/family-heartsette-widow-{size[0]}.png")
    else:  # we received the lowest club and had to lead it: another player took the widow
        t.see('[data-pot="widow"]')
        text = t.page.text_content('[data-pot="widow"]') or ""
        assert "took the widow" in text and not text.startswith("You"), text
    _to_hand_end(t)
    t.see('dialog[data-dialog="hand-end"]', uncovered=False)
    assert t.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_joker_hand_joker_drawn_and_played(new_table: Any, size: tuple[int, int]) -> None:
    t = new_table(*size).open(f"deal={JOKER_DEAL}&variant=joker")
    assert "JK" in t.hand()
    t.see('#hand [data-card="JK"]', uncovered=False)
    name = t.page.get_attribute('#hand [data-card="JK"]', "aria-label")
    assert name == "Joker"
    t.pass_cards([c for c in t.hand() if c != "JK"][:3])
    assert "JK" in t.hand()
    played = {"done": False}

    def play_joker(t: Table) -> bool:  # a joker may be played at any time, following suit or not
        if played["done"] or "JK" not in t.playable() or t.page.locator("[data-trick-card]").count() == 0:
            return False
        played["done"] = True
        held = hold_play(t.page)  # the answer is held back, so the card stays on the table to be seen
        t.click_card("JK")
        box = t.see('[data-trick-card="JK"]')
        assert t.page.get_attribute('[data-trick-card="JK"]', "data-seat") == "0"
        for seat in range(1, 4):
            assert not overlap(box, boxes(t.page, f'[data-seat-box="{seat}"]')[0]), seat
        t.page.screenshot(path=f"/tmp/family-joker-played-{size[0]}.png")
        release_play(t.page, held)
        t.idle()
        assert "JK" not in t.hand()
        return True

    _to_hand_end(t, play_joker)
    assert played["done"], "the joker was never playable after a lead"
    t.see('dialog[data-dialog="hand-end"]', uncovered=False)
    assert t.errors == []
