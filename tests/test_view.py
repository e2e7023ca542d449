"""PlayerView: one seat's information set and nothing else."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from hearts.cards import card_str, cards_of, random_card
from hearts.game import PHASE_PASS, PHASE_PLAY, Game
from hearts.rules import make_rules
from hearts.view import PlayerView, player_view


def test_view_holds_own_cards_only():
    g = Game(make_rules(), game_number=12345)
    g.start_hand()
    v = player_view(g, 2)
    assert v.hand == g.hands[2] and v.seat == 2 and v.phase == PHASE_PASS
    assert v.received == 0 and v.passed == () and v.pass_to == 3
    field_names = {f.name for f in dataclasses.fields(PlayerView)}
    assert not {"hands", "dealt"} & field_names
    # no other seat's cards anywhere in the JSON
    d = v.to_json()
    del d["options"]  # option values such as bonus_card "JD" are not cards held
    text = json.dumps(d)
    for seat in (0, 1, 3):
        for c in cards_of(g.hands[seat]):
            assert f'"{card_str(c)}"' not in text
    with pytest.raises(ValueError):
        player_view(g, 4)


def test_received_only_after_every_pass_and_unseen():
    g = Game(make_rules(), game_number=12345)
    g.start_hand()
    mine = tuple(cards_of(g.hands[0])[:3])
    g.pass_cards(0, mine)
    v = player_view(g, 0)
    assert v.passed == mine and v.received == 0 and v.has_passed == (True, False, False, False)
    for s in (1, 2, 3):
        g.pass_cards(s, cards_of(g.hands[s])[:3])
    v = player_view(g, 0)
    assert v.received == g.received[0] and v.received & v.hand == v.received
    # unseen: deck minus own hand, minus played, minus what it passed
    assert v.unseen() == g.rules.deck & ~g.hands[0] & ~sum(1 << c for c in mine)
    assert v.unseen().bit_count() == 52 - 13 - 3


def test_legal_and_turn():
    g = Game(make_rules("standard", 4, {"pass_schedule": "none"}), rng=random.Random(4))
    g.start_hand()
    rng = random.Random(1)
    while g.phase == PHASE_PLAY:
        for s in range(4):
            v = player_view(g, s)
            assert v.legal == (g.legal_plays() if s == g.turn else 0)
            assert v.my_turn == (s == g.turn)
            assert v.counts == tuple(h.bit_count() for h in g.hands)
            assert v.trick_index == g.trick_index and v.trick == tuple(g.trick_seats())
        g.play(g.turn, random_card(g.legal_plays(), rng))
    v = player_view(g, 0)
    assert v.results and sum(v.results[0].points) in (26, 78)
    d = v.to_json()
    assert d["totals"] == list(g.totals) and d["pass_direction"] == "none"
    assert sum(d["points_taken"]) == 26
