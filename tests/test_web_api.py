"""The web game's JSON API over real HTTP against a ``hearts serve`` child process
on a real SQLite file (docs/web-api.md).

The ground truth of a game (every seat's hand) is read back from the database
file and replayed through the engine, so that each response can be checked
against what seat 0 may know: its own hand, the cards played, the cards it
passed and received.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from hearts.cards import card_str, cards_of, mask_of, parse_card
from hearts.cli.serve import ServerProcess
from hearts.deal import daily_number, numbered_deal
from hearts.game import Game
from hearts.record import load_record
from hearts.rules import make_rules
from hearts.web.service import replay
from hearts.web.storage import GameStore

CARD = re.compile(r"^(?:[2-9TJQKA][CDHS]|JK)$")


# ----------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("webapi") / "hearts.db"


@pytest.fixture(scope="module")
def server(db_path: Path) -> Iterator[ServerProcess]:
    srv = ServerProcess(f"sqlite:///{db_path}", log_path=str(db_path) + ".log")
    srv.start()
    yield srv
    srv.stop()


class Player:
    """One game through the API, with its truth read back from the database."""

    def __init__(self, client: httpx.Client, store: GameStore, state: dict[str, Any]) -> None:
        self.client = client
        self.store = store
        self.state = state
        self.id = state["id"]
        self.token = state["token"]
        self.responses = 0

    @property
    def headers(self) -> dict[str, str]:
        return {"X-Game-Token": self.token}

    def truth(self) -> Game:
        return replay(self.store.load(self.id)).game

    def request(self, method: str, path: str, **kw: Any) -> httpx.Response:
        r = self.client.request(method, f"/api/games/{self.id}{path}", headers=self.headers, **kw)
        if r.status_code < 300:
            check_no_leak(r.json(), self.truth())
            self.responses += 1
        return r

    def do(self, method: str, path: str, **kw: Any) -> dict[str, Any]:
        r = self.request(method, path, **kw)
        assert r.status_code == 200, r.text
        self.state = r.json()
        return self.state

    def auto_step(self, rng: random.Random) -> dict[str, Any]:
        """Make seat 0's next move (random legal card, random pass, add on a moon)."""
        v = self.state["view"]
        if v["phase"] == "deal":
            return self.do("POST", "/next-hand")
        if v["phase"] == "pass":
            return self.do("POST", "/pass", json={"cards": rng.sample(v["hand"], 3)})
        if v["phase"] == "play":
            assert v["turn"] == 0 and v["legal"]
            return self.do("POST", "/play", json={"card": rng.choice(v["legal"])})
        if v["phase"] == "moon-choice":
            return self.do("POST", "/moon", json={"choice": "add"})
        raise AssertionError(f"no move in phase {v['phase']}")


def card_strings(obj: Any) -> Iterator[str]:
    """Every string in a JSON value (keys too) that is a card, except in ``options``
    (rule settings such as ``"bonus_card": "JD"`` name cards but say nothing of where
    they are)."""
    if isinstance(obj, str):
        if CARD.match(obj):
            yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k == "options":
                continue
            yield from card_strings(k)
            yield from card_strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from card_strings(v)


def seat0_knowledge(game: Game) -> int:
    """The cards seat 0 may know now: own hand, played this hand, own pass, received."""
    passed = mask_of(game.passes[0] or ())
    all_passed = all(p is not None for p in game.passes) or game.pass_offset == 0
    received = game.received[0] if all_passed else 0
    return game.hands[0] | game.played | passed | received


def check_no_leak(body: dict[str, Any], game: Game) -> None:
    """No card string in ``body`` lies outside what seat 0 may know in ``game``."""
    allowed = seat0_knowledge(game)
    hidden = 0
    for s in range(1, game.n):
        hidden |= game.hands[s]
    hidden &= ~allowed
    for c in card_strings(body):
        cid = parse_card(c)
        assert allowed >> cid & 1, f"response shows {c}, held by another seat"
        assert not hidden >> cid & 1
    if "view" in body:
        view = body["view"]
        assert view["hand"] == [card_str(c) for c in cards_of(game.hands[0])]
        assert body["version"] == len(game.log) + game.hand_index + 1  # deals count too


def new_game(client: httpx.Client, store: GameStore, **settings: Any) -> Player:
    r = client.post("/api/games", json=settings)
    assert r.status_code == 201, r.text
    state = r.json()
    p = Player(client, store, state)
    check_no_leak(state, p.truth())
    return p


# --------------------------------------------------------------------- tests
def test_page_and_static(client: httpx.Client) -> None:
    r = client.get("/")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    for path in ("/rules", "/variants", "/tips"):
        assert client.get(path).status_code == 200
    for path in ("/", "/rules", "/about", "/favicon.ico", "/t/new", "/static/js/main.js"):
        h = client.head(path)  # link checkers ask HEAD first: the page's headers, no body
        assert h.status_code == 200 and h.content == b"", (path, h.status_code)
        assert h.headers["content-type"] == client.get(path).headers["content-type"], path
    if (Path(__file__).resolve().parent.parent / "src/hearts/web/static/index.html").is_file():
        assert client.get("/static/index.html").status_code == 200
    assert client.get("/static/no-such-file.js").status_code == 404
    for card in ("JC", "QD", "KH", "QS"):  # the court figures the page's card faces show
        r = client.get(f"/static/cards/{card}.svg")
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml"), card
        assert r.text.startswith("<svg") and 'viewBox="-120 -168 240 336"' in r.text


def test_variants_and_daily(client: httpx.Client) -> None:
    v = client.get("/api/variants").json()
    cli = subprocess.run([sys.executable, "-c", "from hearts.cli.main import main; main()",
                          "variants", "--json"], capture_output=True, text=True, check=True)
    assert {k: x for k, x in v.items() if k != "levels"} == json.loads(cli.stdout)
    assert {"random", "medium", "hard"} <= set(v["levels"])
    names = {x["name"] for x in v["variants"]}
    assert {"standard", "black-maria", "spot-hearts", "omnibus"} <= names
    assert "moon" in {o["key"] for o in v["options"]}
    before = daily_number()
    d = client.get("/api/daily").json()
    after = daily_number()
    assert d["game"] in (before, after)
    assert d["date"] == dt.date(d["game"] // 10000, d["game"] // 100 % 100, d["game"] % 100).isoformat()


def test_create_deals_the_numbered_game(client: httpx.Client, store: GameStore) -> None:
    p = new_game(client, store, variant="standard", players=4, game=123, level="medium")
    s = p.state
    assert set(s) >= {"id", "token", "game", "variant", "players", "options", "level",
                      "version", "view", "illegal", "events"}
    assert s["game"] == 123 and s["variant"] == "standard" and s["players"] == 4
    assert s["level"] == "medium" and s["options"]["target_score"] == 100
    deal = numbered_deal(make_rules("standard", 4), 123, 0)
    assert s["view"]["hand"] == [card_str(c) for c in cards_of(deal[0])]
    assert s["view"]["phase"] == "pass" and s["view"]["pass_direction"] == "left"
    assert s["events"][0]["type"] == "deal"
    assert len(p.token) >= 20 and p.token not in str(p.store.load(p.id))
    r = client.get(f"/api/games/{p.id}", headers=p.headers)
    assert r.headers["cache-control"] == "no-store"
    # resume: same state, no token
    g = p.do("GET", "")
    assert "token" not in g and g["view"] == s["view"] and g["version"] == s["version"]
    # a fresh random number when none is given
    q = new_game(client, store)
    assert 1 <= q.state["game"] < 2**32 and q.state["level"] == "medium"


def test_bad_options_400(client: httpx.Client) -> None:
    cases = [({"variant": "nope"}, "unknown_variant"),
             ({"options": {"nope": 1}}, "unknown_option"),
             ({"options": {"moon": "sideways"}}, "bad_option"),
             ({"players": 9}, "bad_option"),
             ({"game": 0}, "bad_option"),
             ({"game": 2**32}, "bad_option"),
             ({"level": "grandmaster"}, "bad_option"),
             # regression: an empty level made a medium game instead of a refusal
             ({"level": ""}, "bad_option")]
    for body, code in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == 400, (body, r.text)
        err = r.json()["error"]
        assert err["code"] == code and err["message"]
    # regression: a 4,000-digit game number came back whole in the message
    r = client.post("/api/games", content='{"game": ' + "9" * 4000 + "}",
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and len(r.json()["error"]["message"]) < 160, r.text
    assert "4000 characters" in r.json()["error"]["message"]
    # regression: a JSON true or null came back as Python's True / None
    for value, word in ((True, "not true"), (None, "not null")):
        r = client.post("/api/games", json={"options": {"target_score": value}})
        assert r.status_code == 400, r.text
        message = r.json()["error"]["message"]
        assert word in message and "True" not in message and "None" not in message, message


def test_level_that_cannot_play_the_rules_is_refused(client: httpx.Client,
                                                     store: GameStore) -> None:
    # Regression: the server accepted a bot level whose check_rules refuses the rules (as
    # `hearts play` and `hearts arena` do not); every decision then failed and the random
    # stand-in played in that level's name, for the game and for hints.
    r = client.post("/api/games", json={"variant": "black-maria", "players": 3,
                                        "level": "openspiel-ismcts"})
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "bad_option"
    assert "openspiel-ismcts" in r.json()["error"]["message"]
    p = new_game(client, store, options={"spot_hearts": True})
    r = p.request("GET", "/hint", params={"level": "openspiel-ismcts"})
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "bad_option"


def test_malformed_json_422(client: httpx.Client, store: GameStore) -> None:
    p = new_game(client, store, game=7)
    version = p.state["version"]
    bad = [("/pass", {"content": b"{not json", "headers": {"content-type": "application/json"}}),
           ("/pass", {"json": {"cards": "QS"}}),
           ("/play", {"json": {"card": 5}}),
           ("/play", {"json": {}}),
           ("/moon", {"json": {"choice": "maybe"}}),
           ("/pass", {"json": {"cards": ["ZZ", "QS", "AS"]}})]
    for path, kw in bad:
        headers = {**p.headers, **kw.pop("headers", {})}
        r = client.post(f"/api/games/{p.id}{path}", headers=headers, **kw)
        assert r.status_code == 422, (path, r.text)
        assert "error" in r.json()
    r = client.post("/api/games", content=b"[1,", headers={"content-type": "application/json"})
    assert r.status_code == 422
    # the message says what and where, not "JSON decode error (3)"
    err = r.json()["error"]
    assert err["code"] == "bad_json" and err["message"].startswith("The body is not valid JSON: ")
    assert "at character 3." in err["message"], err
    assert p.do("GET", "")["version"] == version


def test_undecodable_bodies_are_422_bad_json(client: httpx.Client, store: GameStore) -> None:
    # Regression: bodies json.loads cannot take at all (bad UTF-8, nesting too deep, an
    # integer of 5000 digits) got FastAPI's 400 "error parsing the body", not the 422 of
    # web-api.md.  (Each body stays under the 32 KB body limit; bigger ones get 413.)
    p = new_game(client, store, game=8)
    version = p.state["version"]
    headers = {**p.headers, "content-type": "application/json"}
    bodies = [b'{"cards": ["\xff\xfe", "QS", "AS"]}', b"[" * 20_000,
              b'{"card": ' + b"[" * 10_000 + b"]" * 10_000 + b"}",
              b'{"players": 1' + b"0" * 5000 + b"}"]
    for body in bodies:
        for url in ("/api/games", f"/api/games/{p.id}/pass", f"/api/games/{p.id}/play"):
            r = client.post(url, content=body, headers=headers)
            assert r.status_code == 422, (url, body[:20], r.text)
            assert r.json()["error"]["code"] == "bad_json"
    assert p.do("GET", "")["version"] == version


def test_tokens_403_and_unknown_404(client: httpx.Client, store: GameStore) -> None:
    p = new_game(client, store, game=11)
    other = new_game(client, store, game=12)
    calls = [("GET", "", None), ("POST", "/pass", {"cards": p.state["view"]["hand"][:3]}),
             ("POST", "/play", {"card": "2C"}), ("POST", "/moon", {"choice": "add"}),
             ("POST", "/next-hand", None), ("POST", "/restart", None),
             ("GET", "/hint", None), ("GET", "/record", None)]
    for method, path, body in calls:
        url = f"/api/games/{p.id}{path}"
        for headers in ({}, {"X-Game-Token": "wrong"}, {"X-Game-Token": other.token},
                        {"X-Game-Token": p.token + "x"}):
            r = client.request(method, url, json=body, headers=headers)
            assert r.status_code == 403, (method, path, headers, r.text)
            assert r.json()["error"]["code"] == "bad_token"
            assert not set(card_strings(r.json()))
        r = client.request(method, f"/api/games/nosuchgame{path}", json=body, headers=p.headers)
        assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_game"
    assert p.do("GET", "")["version"] == p.state["version"]


def test_refused_moves_409_change_nothing(client: httpx.Client, store: GameStore) -> None:
    p = new_game(client, store, game=2024)
    before = p.do("GET", "")
    hand = before["view"]["hand"]
    not_mine = next(card_str(c) for c in range(64) if c & 15 < 13 and
                    card_str(c) not in hand)

    def refused(path: str, body: Any, code: str) -> None:
        r = p.request("POST", path, json=body)
        assert r.status_code == 409, r.text
        err = r.json()["error"]
        assert err["code"] == code and err["message"].endswith(".")
        now = p.do("GET", "")
        assert now["version"] == before["version"] and now["view"] == before["view"]

    refused("/play", {"card": hand[0]}, "wrong_phase")
    refused("/pass", {"cards": hand[:2]}, "bad_pass")
    refused("/pass", {"cards": [hand[0], hand[0], hand[1]]}, "bad_pass")
    refused("/pass", {"cards": [hand[0], hand[1], not_mine]}, "not_in_hand")
    refused("/moon", {"choice": "add"}, "wrong_phase")
    refused("/next-hand", None, "wrong_phase")
    # Pass, then try every card the page is told is illegal.
    s = p.do("POST", "/pass", json={"cards": hand[-3:]})
    assert s["events"][0]["type"] == "pass" and s["events"][0]["passed"] == hand[-3:]
    assert s["view"]["phase"] == "play" and s["view"]["turn"] == 0
    assert s["illegal"], "the first trick always restricts some card"
    before = s
    for card, why in s["illegal"].items():
        assert card in s["view"]["hand"] and card not in s["view"]["legal"]
        refused("/play", {"card": card}, why["code"])
    refused("/play", {"card": not_mine if not_mine not in s["view"]["hand"] else "JK"},
            "not_in_hand")
    assert set(s["illegal"]) | set(s["view"]["legal"]) == set(s["view"]["hand"])


def test_full_game_to_the_end(client: httpx.Client, store: GameStore) -> None:
    p = new_game(client, store, game=99, level="medium")
    rng = random.Random(5)
    hands_seen = 0
    versions = [p.state["version"]]
    while p.state["view"]["phase"] != "game-over":
        s = p.auto_step(rng)
        versions.append(s["version"])
        types = [e["type"] for e in s["events"]]
        if "hand_end" in types:
            hands_seen += 1
            end = next(e for e in s["events"] if e["type"] == "hand_end")
            assert end["totals"] == s["view"]["totals"]
            assert sum(end["tricks"]) == 13
        plays = [e for e in s["events"] if e["type"] == "play"]
        if s["view"]["phase"] == "play":
            assert s["view"]["turn"] == 0
        for e in plays:
            assert 0 <= e["seat"] < 4
        assert len(p.state["view"]["results"]) == hands_seen
        assert p.responses < 1000
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
    s = p.state
    assert s["events"][-1]["type"] == "game_over" and s["view"]["winners"]
    assert max(s["view"]["totals"]) >= 100
    assert min(s["view"]["totals"]) == min(s["view"]["totals"][w] for w in s["view"]["winners"])
    # After the game: nothing more to do.
    r = p.request("POST", "/next-hand")
    assert r.status_code == 409 and r.json()["error"]["code"] == "wrong_phase"
    # The record of the finished game replays to the same totals.
    rec = p.request("GET", "/record")
    assert "attachment" in rec.headers["content-disposition"]
    check_record(rec.json(), s)


def check_record(rec: dict[str, Any], state: dict[str, Any]) -> None:
    """Replay a hearts-record/1 through the engine; the totals must match the state."""
    assert rec["format"] == "hearts-record/1"
    load_record(rec)  # the record module reads and checks it
    assert rec["variant"] == state["variant"] and rec["game"] == state["game"]
    rules = make_rules(rec["variant"], rec["players"], rec.get("options"))
    game = Game(rules, rec["game"])
    for hand in rec["hands"]:
        game.start_hand()
        if hand.get("deal"):
            assert [sorted(map(parse_card, d)) for d in hand["deal"]] == \
                [cards_of(m) for m in game.dealt]
        for seat, cards in enumerate(hand.get("passes") or []):
            if cards:
                game.pass_cards(seat, [parse_card(c) for c in cards])
        for card in hand["play"]:
            game.play(game.turn, parse_card(card))
        if game.phase == "moon-choice":
            game.choose_moon(game.turn, hand.get("moon_choice") or game.auto_moon_choice())
    assert [r.totals for r in game.results][-1:] == \
        [tuple(r["totals"]) for r in state["view"]["results"]][-1:]


def test_record_withholds_the_hand_in_play(client: httpx.Client, store: GameStore) -> None:
    p = new_game(client, store, game=31)
    rng = random.Random(1)
    r = p.request("GET", "/record")
    assert r.status_code == 200 and r.json()["hands"] == []
    assert r.headers.get("x-hearts-withheld") == "current-hand"
    while p.state["view"]["phase"] != "deal":
        p.auto_step(rng)
        rec = p.request("GET", "/record")  # check_no_leak runs on it too
        assert rec.status_code == 200
    rec = p.request("GET", "/record").json()
    assert len(rec["hands"]) == 1 and len(rec["hands"][0]["play"]) == 52
    check_record(rec, p.state)
    p.do("POST", "/next-hand")
    # Hand 0 is over (all its cards were played) while hand 1 is withheld; hand 0's cards
    # are now dealt again, so this one response is checked by hand rather than for leaks.
    rec2 = client.get(f"/api/games/{p.id}/record", headers=p.headers)
    assert rec2.status_code == 200 and rec2.json()["hands"] == rec["hands"]
    assert rec2.headers.get("x-hearts-withheld") == "current-hand"


def test_next_hand_and_restart(client: httpx.Client, store: GameStore) -> None:
    p = new_game(client, store, game=4242, options={"target_score": 30})
    first_hand = p.state["view"]["hand"]
    rng = random.Random(2)
    while p.state["view"]["phase"] != "deal":
        s = p.auto_step(rng)
    assert s["view"]["results"] and s["events"][-1]["type"] == "hand_end"
    s = p.do("POST", "/next-hand")
    assert s["view"]["hand_index"] == 1 and s["view"]["pass_direction"] == "right"
    deal = s["events"][0]
    assert {k: deal[k] for k in ("type", "hand", "dealer", "pass_direction")} == \
        {"type": "deal", "hand": 1, "dealer": 0, "pass_direction": "right"}
    # the deal shows seat 0 its own hand only
    assert sorted(deal["hands"][0]) == sorted(s["view"]["hand"]) or s["view"]["phase"] != "pass"
    assert deal["hands"][1:] == [None] * 3
    deal = numbered_deal(make_rules("standard", 4), 4242, 1)
    assert s["view"]["hand"] == [card_str(c) for c in cards_of(deal[0])]
    r = p.request("POST", "/next-hand")
    assert r.status_code == 409 and r.json()["error"]["code"] == "wrong_phase"
    # restart: a new game, same settings and number, new id and token
    r = client.post(f"/api/games/{p.id}/restart", headers=p.headers)  # checked below
    assert r.status_code == 200
    q = r.json()
    assert q["id"] != p.id and q["token"] != p.token
    assert q["game"] == 4242 and q["options"]["target_score"] == 30
    assert q["view"]["hand_index"] == 0 and q["view"]["hand"] == first_hand
    assert q["view"]["totals"] == [0, 0, 0, 0]
    new = Player(client, store, q)
    check_no_leak(q, new.truth())
    assert client.get(f"/api/games/{q['id']}", headers=p.headers).status_code == 403
    assert p.do("GET", "")["view"]["hand_index"] == 1  # the old game is untouched


def test_a_move_answering_an_old_version_is_refused_stale(client: httpx.Client,
                                                          store: GameStore) -> None:
    """Regression: with the game moved on in a second tab, a card the first tab still showed
    was refused as "You do not hold 2D." (the card judged against today's hand).  A move
    names the State's version it answers; another version is refused 409 ``stale``,
    nothing changed; without a version the move is judged as before."""
    p = new_game(client, store, game=77)
    v0 = p.state["version"]
    cards = p.state["view"]["hand"][:3]
    p.do("POST", "/pass", json={"cards": cards, "version": v0})  # the right version
    v1 = p.state["version"]
    assert v1 > v0
    before = len(p.store.load(p.id).actions)
    for body in ({"cards": cards, "version": v0}, {"cards": cards, "version": v1 + 5}):
        r = p.request("POST", "/pass", json=body)
        assert r.status_code == 409 and r.json()["error"]["code"] == "stale", r.text
        assert "another tab" in r.json()["error"]["message"]
    d = p.state["view"]["decision"]
    r = p.request("POST", "/play", json={"card": d["cards"][0] if d else "2C", "version": v0})
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale", r.text
    assert len(p.store.load(p.id).actions) == before and p.do("GET", "")["version"] == v1
    for bad in (-1, "4 ", str(v1), 5.0, True):  # a whole number from 0, not a look-alike
        r = p.request("POST", "/play", json={"card": "2C", "version": bad})
        assert r.status_code == 422, (bad, r.text)


def test_hint(client: httpx.Client, store: GameStore) -> None:
    p = new_game(client, store, game=77)
    h = p.request("GET", "/hint").json()
    assert h["stage"] == "pass" and len(h["cards"]) == 3
    assert set(h["cards"]) <= set(p.state["view"]["hand"])
    h2 = p.request("GET", "/hint", params={"level": "random"}).json()
    assert h2["stage"] == "pass"
    for level in ("nope", ""):  # regression: "" was taken as the default level
        r = p.request("GET", "/hint", params={"level": level})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_option", level
    p.do("POST", "/pass", json={"cards": h["cards"]})
    rng = random.Random(3)
    for _ in range(13):
        if p.state["view"]["phase"] != "play":
            break
        h = p.request("GET", "/hint").json()
        assert h["stage"] == "play" and h["card"] in p.state["view"]["legal"]
        p.do("POST", "/play", json={"card": h["card"] if rng.random() < 0.5
                                    else rng.choice(p.state["view"]["legal"])})
    assert p.state["view"]["phase"] == "deal"
    r = p.request("GET", "/hint")
    assert r.status_code == 409 and r.json()["error"]["code"] == "wrong_phase"


def race(server: ServerProcess, p: Player, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """Send the same move twice at once from two threads; exactly one may be played."""
    barrier = threading.Barrier(2)
    results: list[httpx.Response] = []

    def send() -> None:
        with httpx.Client(base_url=server.url, timeout=60) as c:
            barrier.wait()
            results.append(c.post(f"/api/games/{p.id}{path}", json=body, headers=p.headers))

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = sorted(r.status_code for r in results)
    assert codes == [200, 409], [r.text for r in results]
    ok = next(r for r in results if r.status_code == 200).json()
    bad = next(r for r in results if r.status_code == 409).json()["error"]
    assert bad["code"] in ("bad_pass", "not_in_hand", "not_your_turn", "wrong_phase")
    return dict(ok)


def test_simultaneous_same_move_is_played_once(server: ServerProcess, store: GameStore) -> None:
    for round_ in range(5):
        with httpx.Client(base_url=server.url, timeout=60) as c:
            p = new_game(c, store, game=500 + round_)
        hand = p.state["view"]["hand"]
        ok = race(server, p, "/pass", {"cards": hand[:3]})
        game = p.truth()
        assert game.passes[0] == tuple(parse_card(c) for c in hand[:3])
        assert sum(1 for a in game.log if getattr(a, "seat", None) == 0) == 1
        card = ok["view"]["legal"][0]
        ok = race(server, p, "/play", {"card": card})
        game = p.truth()
        mine = [a for a in game.log if getattr(a, "card", None) == parse_card(card)]
        assert len(mine) == 1 and mine[0].seat == 0
        assert ok["version"] == len(store.load(p.id).actions)


MOON_OPTIONS = {"moon": "choice", "pass_schedule": "none", "first_trick_points": True,
                "hearts_lead_any_time": True}


def greedy_hand(number: int, shooter: int) -> tuple[Game, list[list[Any]]]:
    """Hand 0 of game ``number`` played here through the engine: ``shooter`` plays its
    highest card, the others follow low or throw their penalty cards.  Returns the game
    and its action list in the server's stored format."""
    rules = make_rules("standard", 4, MOON_OPTIONS)
    game = Game(rules, number)
    game.start_hand()
    actions: list[list[Any]] = [["deal"]]
    while game.phase == "play":
        seat, legal = game.turn, cards_of(game.legal_plays())
        if seat == shooter:
            card = max(legal, key=lambda c: c & 15)
        else:
            led = game.trick_cards[0] >> 4 if game.trick_cards else None
            follow = [c for c in legal if c >> 4 == led]
            card = min(follow, key=lambda c: c & 15) if follow else \
                max(legal, key=lambda c: (rules.penalty[c], c & 15))
        game.play(seat, card)
        actions.append(["play", seat, card_str(card)])
    return game, actions


def test_moon_choice_of_a_bot(client: httpx.Client, store: GameStore) -> None:
    """Seat 0's last card completes seat 1's moon: the bot chooses by itself."""
    game, actions = greedy_hand(758, shooter=1)
    assert game.phase == "moon-choice" and game.turn == 1 and actions[-1][1] == 0
    store.create(game_id="moon-758", token="moon-token-758-0123456789abcdef", variant="standard",
                 players=4, options=MOON_OPTIONS, game_number=758, level="medium", seed=3,
                 actions=actions[:-1])
    p = Player(client, store, {"id": "moon-758", "token": "moon-token-758-0123456789abcdef"})
    s = p.do("GET", "")
    assert s["view"]["phase"] == "play" and s["view"]["hand"] == [actions[-1][2]]
    s = p.do("POST", "/play", json={"card": actions[-1][2]})
    types = [e["type"] for e in s["events"]]
    assert types == ["play", "trick", "moon", "moon_choice", "hand_end"]
    choice = s["events"][3]
    assert choice["seat"] == 1 and choice["choice"] in ("add", "subtract")
    end = s["events"][4]
    assert end["moon"] == 1 and end["moon_choice"] == choice["choice"]
    assert s["view"]["phase"] == "deal" and not s["view"]["moon_pending"]


def test_moon_choice_of_the_user(client: httpx.Client, store: GameStore) -> None:
    """A stored game in which seat 0 has just shot the moon (moves made here through the
    engine: seat 0 plays high, the others low) waits for seat 0's choice."""
    game, actions = greedy_hand(262, shooter=0)
    options = MOON_OPTIONS
    assert game.phase == "moon-choice" and game.turn == 0
    store.create(game_id="moon-262", token="moon-token-0123456789abcdef", variant="standard",
                 players=4, options=options, game_number=262, level="medium", seed=1,
                 actions=actions)
    p = Player(client, store, {"id": "moon-262", "token": "moon-token-0123456789abcdef"})
    s = p.do("GET", "")
    assert s["view"]["phase"] == "moon-choice" and s["view"]["turn"] == 0
    assert s["view"]["moon_pending"] and s["illegal"] == {}
    hint = p.request("GET", "/hint").json()
    assert hint["stage"] == "moon" and hint["choice"] in ("add", "subtract")
    r = p.request("POST", "/play", json={"card": "2C"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "wrong_phase"
    r = p.request("POST", "/next-hand")
    assert r.status_code == 409 and r.json()["error"]["code"] == "wrong_phase"
    s = p.do("POST", "/moon", json={"choice": "subtract"})
    assert [e["type"] for e in s["events"]] == ["moon_choice", "hand_end"]
    end = s["events"][1]
    assert end["moon"] == 0 and end["moon_choice"] == "subtract"
    assert s["view"]["totals"] == [-26, 0, 0, 0] and s["view"]["phase"] == "deal"
    r = p.request("POST", "/moon", json={"choice": "add"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "wrong_phase"
    rec = p.request("GET", "/record").json()
    assert rec["hands"][0]["moon_choice"] == "subtract"
    s = p.do("POST", "/next-hand")
    assert s["view"]["hand_index"] == 1


@pytest.mark.parametrize(("variant", "players"), [("black-maria", 3), ("spot-hearts", 5),
                                                  ("omnibus", 6), ("hearts-1887", 4),
                                                  ("royal", 4), ("greek-1939", 4),
                                                  ("black-jack", 5), ("greek-1950", 4)])
def test_other_variants_play_a_hand(client: httpx.Client, store: GameStore, variant: str,
                                    players: int) -> None:
    p = new_game(client, store, variant=variant, players=players, game=1234)
    assert p.state["players"] == players and p.state["variant"] == variant
    assert len(p.state["view"]["counts"]) == players
    rng = random.Random(players)
    while p.state["view"]["phase"] not in ("deal", "game-over"):
        p.auto_step(rng)
    end = next(e for e in p.state["events"] if e["type"] == "hand_end")
    assert len(end["points"]) == players and end["totals"] == p.state["view"]["totals"]


def test_slam_bid_through_decide(client: httpx.Client, store: GameStore) -> None:
    """Partnership-slam's bid is ``true`` or no bid: the JSON ``true`` reaches the engine
    (a bool, not the int 1) and is the hand's bid; a number is refused, nothing changed."""
    p = new_game(client, store, variant="partnership-slam", game=7)
    rng = random.Random(1)
    while p.state["view"]["phase"] == "pass":
        p.auto_step(rng)
    v = p.state["view"]
    assert v["phase"] == "bid" and v["decision"]["seat"] == 0, v["decision"]
    assert True in v["decision"]["options"], v["decision"]
    version = p.state["version"]
    r = p.request("POST", "/decide", json={"kind": "bid", "value": 1})
    assert r.status_code in (409, 422) and r.json()["error"]["message"], r.text
    assert p.do("GET", "")["version"] == version
    s = p.do("POST", "/decide", json={"kind": "bid", "value": True})
    assert any(e["type"] == "bid" and e["seat"] == 0 and e["bid"] is True for e in s["events"])
    assert p.truth().bids[0] is True


def test_auction_bid_and_suit_through_decide(client: httpx.Client, store: GameStore) -> None:
    """Seat 0 answers the auction's decisions (``POST /decide``): the State carries the
    decision it is asked; a kind it does not answer, a value outside the action's JSON form or
    a bid the engine refuses changes nothing."""
    p = new_game(client, store, variant="auction", game=7)
    v = p.state["view"]
    assert v["phase"] == "bid"
    assert v["decision"] == {"seat": 0, "kind": "bid", "options": [None, *range(1, 11)]}
    version = p.state["version"]
    for body, status, code in ((({"kind": "play", "value": "2C"}), 422, "bad_message"),
                               ({"kind": "bid", "value": "ten"}, 422, "bad_message"),
                               ({"kind": "bid", "value": 11}, 409, None),
                               ({"kind": "suit", "value": "S"}, 409, None)):
        r = p.request("POST", "/decide", json=body)
        assert r.status_code == status, (body, r.text)
        err = r.json()["error"]
        assert err["message"] and (code is None or err["code"] == code), err
        assert p.do("GET", "")["version"] == version  # nothing changed
    s = p.do("POST", "/decide", json={"kind": "bid", "value": 10})
    assert [e["type"] for e in s["events"]] == ["bid", "bid", "bid", "bid"]
    first = s["events"][0]
    assert (first["type"], first["seat"], first["bid"]) == ("bid", 0, 10)
    assert s["view"]["phase"] == "suit" and s["view"]["declarer"] == 0
    assert s["view"]["decision"] == {"seat": 0, "kind": "suit", "options": ["C", "D", "H", "S"]}
    r = p.request("POST", "/decide", json={"kind": "suit", "value": "Q"})
    assert r.status_code == 422
    s = p.do("POST", "/decide", json={"kind": "suit", "value": "D"})
    assert s["view"]["penalty_suit"] == "D" and s["view"]["phase"] == "play"
    assert s["view"]["decision"]["kind"] == "play" and s["view"]["decision"]["seat"] == 0
    truth = p.truth()
    assert truth.hand_rules.penalty_suit == 1 and truth.declarer == 0


def test_give_up_through_decide(client: httpx.Client, store: GameStore) -> None:
    """Hearts 1887: seat 0 leads the first trick and may give up (the play decision offers
    ``give_up``); ``POST /decide {"kind": "give_up"}`` sets its cards aside unseen, the
    bots finish the hand without it and seat 0 pays 8 chips to each of them.  A second
    give-up, or one in a game without it, is refused and changes nothing."""
    p = new_game(client, store, variant="hearts-1887", game=7)
    v = p.state["view"]
    assert v["phase"] == "play" and v["turn"] == 0 and v["may_give_up"] is True
    assert v["decision"]["kind"] == "play" and v["decision"]["options"] == ["give_up"]
    s = p.do("POST", "/decide", json={"kind": "give_up"})
    gave = [e for e in s["events"] if e["type"] == "gave_up"]
    assert gave[0] == {"type": "gave_up", "hand": 0, "seat": 0, "cards": 13, "price": 8}
    assert not any(e["type"] == "play" and e["seat"] == 0 for e in s["events"])
    end = next(e for e in s["events"] if e["type"] == "hand_end")
    assert end["gave_up"][0] == 0 and end["points"][0] == 0
    others = len(end["gave_up"]) - 1  # bots that gave up after seat 0 pay it 8 each
    assert end["chips"][0] == -24 + 8 * others
    assert s["view"]["phase"] == "deal" and s["view"]["hand"] == []
    truth = p.truth()
    assert truth.results[0].gave_up == tuple(end["gave_up"])
    version = s["version"]
    r = p.request("POST", "/decide", json={"kind": "give_up"})
    assert r.status_code == 409 and r.json()["error"]["message"], r.text
    assert p.do("GET", "")["version"] == version
    std = new_game(client, store, variant="standard", game=7)
    r = std.request("POST", "/decide", json={"kind": "give_up"})
    assert r.status_code == 409 and r.json()["error"]["code"] in ("cannot_give_up", "wrong_phase")
