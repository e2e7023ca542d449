"""Every game of the registry through the solo API, over HTTP against a running
``hearts serve`` (issue 20: what a table shows, the solo game shows, from one host).

For each variant of :data:`hearts.rules.VARIANTS` (so a new variant is covered without
editing this file) and standard Hearts at 3, 5 and 6 players, a solo game at level
``random`` plays its first hand, the player answering every decision the State asks.
Checked from what the answers carry: the trick, widow and leftover events account for
every card point of the ``hand_end`` breakdown, which adds up to the hand's points,
which are the stored game's (read from the one store, the table log, as a table's
truth is); the State's ``score_detail`` is that breakdown once the hand is scored; and
the review of the hand for the player ends ``done``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tables_client import check_hand_accounts, review_done, truth_at

from hearts.cli.serve import ServerProcess
from hearts.rules import VARIANTS

GAMES = [(v, None) for v in VARIANTS] + [("standard", n) for n in (3, 5, 6)]


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("solo-every") / "hearts.db"


@pytest.fixture(scope="module")
def server(db_path: Path) -> Iterator[ServerProcess]:
    srv = ServerProcess(f"sqlite:///{db_path}", log_path=str(db_path) + ".log").start()
    yield srv
    srv.stop()


def answer(c: httpx.Client, gid: str, headers: dict[str, str], state: dict[str, Any],
           rng: random.Random) -> httpx.Response:
    """Answer the decision the State asks of the player (random cards, a random option)."""
    d = state["view"]["decision"]
    assert d is not None, state["view"]
    if d["kind"] == "pass":
        return c.post(f"/api/games/{gid}/pass", headers=headers,
                      json={"cards": rng.sample(d["cards"], d["pick"])})
    if d["kind"] == "play":
        return c.post(f"/api/games/{gid}/play", headers=headers,
                      json={"card": rng.choice(d["cards"])})
    return c.post(f"/api/games/{gid}/decide", headers=headers,
                  json={"kind": d["kind"], "value": rng.choice(d["options"])})


@pytest.mark.parametrize("variant,players", GAMES)
def test_a_solo_hand_of_every_game(variant: str, players: int | None, server: ServerProcess,
                                   db_path: Path) -> None:
    body: dict[str, Any] = {"variant": variant, "level": "random", "game": 2024}
    if players is not None:
        body["players"] = players
    rng = random.Random(variant)
    with httpx.Client(base_url=server.url, timeout=60) as c:
        r = c.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        state = r.json()
        gid, headers = state["id"], {"X-Game-Token": state["token"]}
        events = list(state["events"])
        while not any(e["type"] == "hand_end" for e in events):
            r = answer(c, gid, headers, state, rng)
            assert r.status_code == 200, r.text
            state = r.json()
            events += state["events"]
        truth = truth_at(f"sqlite:///{db_path}", gid)  # the one store: a table's log
        assert truth.settings.solo and len(truth.moves) == state["version"]
        end = check_hand_accounts(events, truth, viewer=0)
        detail = state["score_detail"]
        assert detail["scored"] and detail["hand"] == 0 and detail["items"] == end["breakdown"]
        review_done(server.url, f"/api/games/{gid}/review", headers, 0,
                    gave_up=bool(end.get("gave_up")))
