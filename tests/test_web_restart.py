"""Server restarts and several server processes on one SQLite file.

A game is stored as its action list and rebuilt by replay, and bots' choices
are stored too, so killing the server in the middle of a hand loses nothing
and the game goes on exactly as it would have.  Two servers sharing the file
stay consistent through the version check on every write.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from hearts.cli.serve import ServerProcess
from hearts.web.storage import GameStore


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'hearts.db'}"


@pytest.fixture
def servers(db: str, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    started: list[ServerProcess] = []
    yield started
    for s in started:
        s.stop(kill=True)


def start(db: str, servers: list[ServerProcess], tmp_path: Path) -> ServerProcess:
    s = ServerProcess(db, log_path=str(tmp_path / f"serve{len(servers)}.log")).start()
    servers.append(s)
    return s


HTTP = httpx.Client(timeout=60)
"""One client for the module (a client per call would build an SSL context each time)."""


class Remote:
    """A game seen through one server's URL (the URL may change between calls)."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state
        self.id = state["id"]
        self.headers = {"X-Game-Token": state["token"]}

    def post(self, url: str, path: str, body: Any = None) -> dict[str, Any]:
        r = HTTP.post(f"{url}/api/games/{self.id}{path}", json=body, headers=self.headers,
                       timeout=60)
        assert r.status_code == 200, r.text
        self.state = r.json()
        return self.state

    def get(self, url: str) -> dict[str, Any]:
        r = HTTP.get(f"{url}/api/games/{self.id}", headers=self.headers)
        assert r.status_code == 200, r.text
        return dict(r.json())

    def move(self, url: str, rng: random.Random) -> dict[str, Any]:
        v = self.state["view"]
        if v["phase"] == "deal":
            return self.post(url, "/next-hand")
        if v["phase"] == "pass":
            return self.post(url, "/pass", {"cards": rng.sample(v["hand"], 3)})
        if v["phase"] == "moon-choice":
            return self.post(url, "/moon", {"choice": "subtract"})
        return self.post(url, "/play", {"card": rng.choice(v["legal"])})


def test_kill_mid_hand_loses_nothing_and_replays_the_same(
        db: str, servers: list[ServerProcess], tmp_path: Path) -> None:
    a = start(db, servers, tmp_path)
    created = HTTP.post(a.url + "/api/games", json={"game": 2718})
    assert created.status_code == 201
    game = Remote(created.json())
    # The twin: a copy of the stored row (same settings, number, actions and secret bot
    # seed), never interrupted.  (A restart would not do: it draws a new bot seed.)
    store = GameStore(db)
    row = store.load(game.id)
    store.create(game_id=game.id + "-twin", token="twin-token-0123456789abcdef",
                 variant=row.variant, players=row.players, options=row.options,
                 game_number=row.game_number, level=row.level, seed=row.seed,
                 actions=row.actions)
    store.close()
    twin = Remote({**created.json(), "id": game.id + "-twin",
                   "token": "twin-token-0123456789abcdef"})
    rng_game, rng_twin = random.Random(9), random.Random(9)
    for _ in range(8):  # the pass and a few tricks
        game.move(a.url, rng_game)
        twin.move(a.url, rng_twin)
    before = game.get(a.url)
    assert before["view"]["phase"] == "play" and before["view"]["hand_index"] == 0
    a.stop(kill=True)  # SIGKILL: no chance to flush anything

    b = start(db, servers, tmp_path)
    after = game.get(b.url)
    for key in ("view", "illegal", "version", "game", "options", "level"):
        assert after[key] == before[key], key
    # The game goes on exactly as the uninterrupted twin does, bots included.
    for _ in range(40):
        s1 = game.move(b.url, rng_game)
        s2 = twin.move(b.url, rng_twin)
        assert s1["view"] == s2["view"] and s1["events"] == s2["events"]
        assert s1["version"] == s2["version"]
    assert game.state["view"]["hand_index"] >= 1


def test_graceful_restart_between_hands(db: str, servers: list[ServerProcess],
                                        tmp_path: Path) -> None:
    a = start(db, servers, tmp_path)
    game = Remote(HTTP.post(a.url + "/api/games", json={"game": 5}).json())
    rng = random.Random(1)
    while game.state["view"]["phase"] != "deal":
        game.move(a.url, rng)
    a.stop()
    b = start(db, servers, tmp_path)
    assert game.get(b.url)["view"] == game.state["view"]
    s = game.post(b.url, "/next-hand")
    assert s["view"]["hand_index"] == 1 and s["view"]["totals"] == game.state["view"]["totals"]


def test_two_servers_share_one_database(db: str, servers: list[ServerProcess],
                                        tmp_path: Path) -> None:
    a = start(db, servers, tmp_path)
    b = start(db, servers, tmp_path)
    game = Remote(HTTP.post(a.url + "/api/games", json={"game": 77}).json())
    rng = random.Random(3)
    # Alternate servers move by move: each notices the other's writes.
    for i in range(20):
        url = (a, b)[i % 2].url
        s = game.move(url, rng)
        assert game.get(a.url)["version"] == game.get(b.url)["version"] == s["version"]
    # The same move sent to both servers at once is played once.
    for _ in range(6):
        v = game.state["view"]
        if v["phase"] != "play":
            game.move(a.url, rng)
            continue
        card = v["legal"][0]
        barrier = threading.Barrier(2)
        codes: list[int] = []
        bodies: list[dict[str, Any]] = []

        def send(url: str, card: str = card, barrier: threading.Barrier = barrier,
                 codes: list[int] = codes, bodies: list[dict[str, Any]] = bodies) -> None:
            barrier.wait()
            r = HTTP.post(f"{url}/api/games/{game.id}/play", json={"card": card},
                          headers=game.headers)
            codes.append(r.status_code)
            bodies.append(r.json())

        threads = [threading.Thread(target=send, args=(s.url,)) for s in (a, b)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200, 409], bodies
        ok = bodies[codes.index(200)]
        refused = bodies[codes.index(409)]["error"]
        assert refused["code"] in ("not_in_hand", "not_your_turn", "wrong_phase", "conflict")
        game.state = ok
        plays = [e for e in ok["events"] if e["type"] == "play" and e["seat"] == 0]
        assert [e["card"] for e in plays] == [card]
        assert game.get(a.url)["version"] == game.get(b.url)["version"] == ok["version"]
