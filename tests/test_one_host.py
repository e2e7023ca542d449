"""One host (issue 20): a solo game is a table with one person and bots.

- its log is a table's log (``join`` of seat 0, ``start``, then the engine's actions) in
  the tables' store, and folding that log through ``TableState`` rebuilds the game the
  solo API shows, for every game of the registry;
- its bots are the tables' (``hearts.web.bots``): the same stand-in takes over, in both
  modes, from a bot that fails or answers what the rules refuse;
- the tables' routes leave a solo game to the solo API (409 ``solo_game``): one live copy.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from hearts.actions import Action
from hearts.cards import card_str, cards_of
from hearts.cli.serve import ServerProcess
from hearts.rules import VARIANTS
from hearts.view import PlayerView
from hearts.web import bots
from hearts.web.service import GameService, replay
from hearts.web.storage import GameStore, hash_token
from hearts.web.table_store import TableStore
from hearts.web.tables import TableSettings, TableState, load_state


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    s = GameStore(f"sqlite:///{tmp_path / 'one.db'}")
    yield s
    s.close()


def _finish_hand(svc: GameService, state: dict[str, Any], token: str, seed: int
                 ) -> dict[str, Any]:
    """Seat 0 answers at random until the first hand is scored (or the game ends)."""
    rng = random.Random(seed)
    gid = state["id"]
    for _ in range(400):
        v = state["view"]
        d = v["decision"]
        if v["phase"] in ("deal", "over") or d is None:
            return state
        if d["kind"] == "pass":
            state = svc.pass_cards(gid, token, rng.sample(v["hand"], d["pick"]))
        elif d["kind"] == "play":
            state = svc.play(gid, token, rng.choice(v["legal"]))
        else:
            state = svc.decide(gid, token, d["kind"], rng.choice(d["options"]))
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_solo_game_is_a_table_of_one_person(store: GameStore, variant: str) -> None:
    svc = GameService(store)
    state = svc.create(variant, game_number=11, level="random")
    gid, token = state["id"], state["token"]
    state = _finish_hand(svc, state, token, 3)
    tables = TableStore(store.engine)
    try:
        row = tables.load(gid)
    finally:
        tables.close()
    assert row.settings["solo"] is True and row.settings["spectators"] is False
    assert row.actions[:2] == [["join", 0, "You", hash_token(token)], ["start"]]
    assert row.actions[2:] == store.load(gid).actions
    assert len(row.actions) - 2 == state["version"]
    # The tables' fold of that log is the game the solo API shows, seen from seat 0.
    st = load_state(gid, row.settings, row.seed, row.actions)
    assert st.settings.solo and st.is_person(0) and not any(st.is_person(s)
                                                            for s in range(1, st.n))
    again = GameService(GameStore(store.url))
    try:
        assert again.state(gid, token)["view"] == state["view"]
    finally:
        again.store.close()
    assert st.game.results == replay(store.load(gid)).game.results
    assert [e["type"] for e in state["events"]].count("hand_end") <= 1


class _Failing:
    """A bot that fails at every decision."""

    def choose(self, view: PlayerView, decision: Any) -> Action:
        raise RuntimeError("a bot bug")

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        raise RuntimeError("a bot bug")

    def choose_play(self, view: PlayerView) -> int:
        raise RuntimeError("a bot bug")


class _Illegal:
    """A bot that passes nothing and plays a card it does not hold."""

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        return ()

    def choose_play(self, view: PlayerView) -> int:
        others = cards_of(view.rules.deck & ~view.hand)
        return others[0]


@pytest.mark.parametrize("bot", [_Failing, _Illegal])
def test_the_stand_in_takes_over_in_both_modes(monkeypatch: pytest.MonkeyPatch,
                                               store: GameStore, bot: type) -> None:
    real = bots.make_bot
    monkeypatch.setattr(bots, "make_bot",
                        lambda level, seed: bot() if level == "easy" else real(level, seed))
    # Inline mode (a solo game): the player's requests go on, the stand-in answering.
    svc = GameService(store)
    state = svc.create("standard", game_number=5, level="easy")
    state = _finish_hand(svc, state, state["token"], 8)
    assert state["view"]["phase"] == "deal" and len(state["view"]["results"]) == 1
    # The paced mode's move (TableHub._bot_turn) is bots.bot_action of the bot's answer:
    # no answer (the bot failed) or a refused one becomes the same stand-in's.
    settings = TableSettings("standard", 4, {}, "easy", 5, 30.0, True)
    st = TableState("t", settings, 99)
    st.apply(["start"])
    st.apply(["deal"])
    d = st.decision(1)
    assert d is not None and d.kind == "pass"
    stand_in = bots.bot_action(st, 1, None)
    assert stand_in[:2] == ["pass", 1] and len(stand_in) == 5
    assert bots.bot_action(st, 1, Action("pass", 1, ())) == stand_in
    held = cards_of(st.game.hands[1])
    mine = ["pass", 1, *(card_str(c) for c in held[:3])]
    assert bots.bot_action(st, 1, Action.from_json(mine)) == mine  # a legal answer stands


def test_inline_mode_runs_until_a_person_must_act() -> None:
    settings = TableSettings("standard", 4, {}, "random", 7, 30.0, False)
    st = TableState("t", settings, 1)
    st.apply(["join", 0, "Ann", "h"])
    st.apply(["start"])
    st.apply(["deal"])
    done: list[list[Any]] = []
    bots.run_inline(st, None, lambda a: (done.append(a), st.apply(a)))  # type: ignore[arg-type]
    assert sorted(a[1] for a in done) == [1, 2, 3] and all(a[0] == "pass" for a in done)
    assert bots.due_bot(st) is None and st.decision(0) is not None  # Ann passes now
    assert st.due() == (0,)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("onehost") / "h.db"
    srv = ServerProcess(f"sqlite:///{path}", log_path=str(path) + ".log")
    srv.start()
    yield srv
    srv.stop()


def test_the_tables_routes_leave_a_solo_game_to_the_solo_api(server: ServerProcess) -> None:
    """One live copy: the hub does not load a solo game (it would hold a second, stale
    copy and drive its bots paced), so every tables route refuses it with 409
    ``solo_game``; and a shared table's id is no solo game, whatever the token."""
    from tables_client import TableClient, create_table

    with httpx.Client(base_url=server.url, timeout=60) as c:
        state = c.post("/api/games", json={"game": 9, "level": "random"}).json()
        gid, token = state["id"], state["token"]
        seat = {"X-Seat-Token": token}
        answers = [c.get(f"/api/tables/{gid}"),
                   c.post(f"/api/tables/{gid}/join", json={"name": "Eve"}),
                   c.get(f"/api/tables/{gid}/record", headers=seat),
                   c.post(f"/api/tables/{gid}/review", json={"hand": 0}, headers=seat)]
        for r in answers:
            assert r.status_code == 409, r.text
            assert r.json()["error"]["code"] == "solo_game" and r.json()["error"]["message"]
        ws = TableClient(server.url, gid, token, name="solo-over-ws")
        try:
            assert ws.messages[0]["type"] == "error" and ws.messages[0]["code"] == "solo_game"
        finally:
            ws.drop()
        again = c.get(f"/api/games/{gid}", headers={"X-Game-Token": token})
        assert again.status_code == 200 and again.json()["view"] == state["view"]
        table = create_table(server.url, "Ann", level="random")
        for tok in (table["token"], "not-the-token"):
            r = c.get(f"/api/games/{table['id']}", headers={"X-Game-Token": tok})
            assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_game"
