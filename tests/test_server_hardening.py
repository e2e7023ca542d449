"""A server no single client can take down, and that never loses a game silently
(issue 22), each item against a real ``hearts serve`` on loopback.

Clients take loopback source addresses of their own (``127.0.0.2`` ...: every
``127.x.y.z`` is this machine), so one test can be two clients; the server listens on
``127.0.0.1`` only.  Every loop is bounded and stops by itself.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import socket
import string
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tables_client import TableClient, create_table
from test_web_storage import pg_cluster  # noqa: F401 - the fixture
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from hearts.cli.serve import ServerProcess, free_port
from hearts.cli.throwaway import PgCluster, RedisServer, redis_binary
from hearts.web.hub import MAX_REF, MAX_SEAT_SOCKETS, MAX_SPECTATORS_PER_CLIENT
from hearts.web.limits import EXCERPT_CHARS, SECURITY_HEADERS


def _server(tmp_path: Path, *args: str, db: str = "hearts.db") -> ServerProcess:
    url = f"sqlite:///{tmp_path / db}"
    return ServerProcess(url, log_path=str(tmp_path / "serve.log"), args=list(args)).start()


def _client(addr: str) -> httpx.Client:
    """An HTTP client whose connections come from loopback address ``addr``."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=addr), timeout=30)


def _sock(port: int, addr: str) -> socket.socket:
    s = socket.socket()
    s.bind((addr, 0))
    s.settimeout(10)
    s.connect(("127.0.0.1", port))
    return s


def _ws(srv: ServerProcess, path: str, addr: str) -> Any:
    """A WebSocket client of ``path`` from ``addr`` (raises when the handshake is refused)."""
    url = srv.url.replace("http://", "ws://") + path
    return connect(url, sock=_sock(srv.port, addr), open_timeout=20, close_timeout=2)


def _assert_security_headers(head: bytes) -> None:
    """The raw header block ``head`` has every one of the server's security headers."""
    names = {line.split(b":", 1)[0].strip().lower() for line in head.split(b"\r\n")[1:]}
    missing = {n for n, _ in SECURITY_HEADERS} - names
    assert not missing, (missing, head)


def _assert_too_many_connections(data: bytes) -> None:
    """``data`` is the server's 429 answer with the JSON code ``too_many_connections``
    and the security headers."""
    assert data.startswith(b"HTTP/1.1 429"), data[:80]
    head, body = data.split(b"\r\n\r\n", 1)
    assert json.loads(body)["error"]["code"] == "too_many_connections"
    _assert_security_headers(head)


@pytest.mark.parametrize("length", [b"abc", b"-5", b"1, 2"])
def test_a_request_http_cannot_read_gets_the_json_error(capped: ServerProcess,
                                                          length: bytes) -> None:
    """A header h11 refuses (a ``Content-Length`` that is not a number) is answered like
    every other failure: 400, the JSON error object, the security headers; then closed."""
    s = _sock(capped.port, "127.0.0.4")
    try:
        s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                  b"\r\nContent-Length: " + length + b"\r\n\r\n{}")
        data = b""
        while chunk := s.recv(4096):
            data += chunk
    finally:
        s.close()
    assert data.startswith(b"HTTP/1.1 400"), data[:80]
    head, body = data.split(b"\r\n\r\n", 1)
    assert b"content-type: application/json" in head.lower()
    err = json.loads(body)["error"]
    assert err["code"] == "bad_request" and "HTTP" in err["message"]
    _assert_security_headers(head)


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[ServerProcess]:
    srv = _server(tmp_path, "--connections-per-client", "8", "--search-workers", "0")
    yield srv
    srv.stop()


# 1. connections per address ---------------------------------------------------------

def test_slow_connections_from_one_address_are_capped_others_served(
        capped: ServerProcess) -> None:
    """One address sending headers a byte at a time holds at most the cap; its next
    connections get 429 ``too_many_connections`` at once, before sending a byte; another
    address is served throughout; the address is served again once it lets go."""
    held: list[socket.socket] = []
    refused = 0
    try:
        for _ in range(40):
            s = _sock(capped.port, "127.0.0.2")
            s.sendall(b"GET /api/daily HTTP/1.1\r\nHo")  # never finished
            held.append(s)
        # The server answers the refused ones at once (nothing further is sent).
        for s in held:
            s.settimeout(0.5)
            try:
                data = s.recv(4096)
            except TimeoutError:
                continue  # held open by the server: waiting for the rest
            if data:
                _assert_too_many_connections(data)
                refused += 1
        assert refused == 40 - 8
        with _client("127.0.0.3") as honest:
            for _ in range(20):
                assert honest.get(capped.url + "/api/daily").status_code == 200
        # A WebSocket from the capped address is refused too: the cap is on the
        # connection, so the 429 comes before the upgrade request could be read.  (A raw
        # socket, not websockets' client: on this early close that client can trip an
        # internal assertion of its own instead of raising its exception.)
        ws = _sock(capped.port, "127.0.0.2")
        try:
            _assert_too_many_connections(ws.recv(4096))
            try:
                ws.sendall(b"GET /api/tables/nothing/ws HTTP/1.1\r\nHost: x\r\n"
                           b"Upgrade: websocket\r\nConnection: Upgrade\r\n"
                           b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                           b"Sec-WebSocket-Version: 13\r\n\r\n")
                assert ws.recv(4096) == b""  # closed: no handshake follows
            except OSError:
                pass  # reset by the closed server: refused all the same
        finally:
            ws.close()
    finally:
        for s in held:
            s.close()
    with _client("127.0.0.2") as back:
        for _ in range(100):  # the server notices the closes within moments
            try:
                if back.get(capped.url + "/api/daily").status_code == 200:
                    break
            except httpx.HTTPError:
                pass
        else:
            raise AssertionError("the address was not served again after letting go")


def test_clients_behind_a_trusted_proxy_are_counted_by_the_forwarded_address(
        capped: ServerProcess) -> None:
    """From a trusted proxy (127.0.0.1, the default ``--forwarded-allow-ips``) the
    connections are not capped, but the clients it names in ``X-Forwarded-For`` are:
    requests in progress of one named client past the cap get 429, another named client
    is served."""
    held: list[socket.socket] = []
    try:
        for _ in range(8):  # requests in progress: bodies that never finish arriving
            s = _sock(capped.port, "127.0.0.1")
            s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.7"
                      b"\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{")
            held.append(s)
        with httpx.Client(timeout=30) as proxy:
            r = None
            for _ in range(100):  # the held requests reach the app within moments
                r = proxy.get(capped.url + "/api/daily",
                              headers={"X-Forwarded-For": "198.51.100.7"})
                if r.status_code == 429:
                    break
            assert r is not None and r.status_code == 429, r and r.text
            assert r.json()["error"]["code"] == "too_many_connections"
            other = proxy.get(capped.url + "/api/daily",
                              headers={"X-Forwarded-For": "198.51.100.8"})
            assert other.status_code == 200
    finally:
        for s in held:
            s.close()


# 1b. sockets per seat ---------------------------------------------------------------

def test_sockets_per_seat_are_capped(tmp_path: Path) -> None:
    srv = _server(tmp_path)
    try:
        t = create_table(srv.url, "Ann")
        clients = [TableClient(srv.url, t["id"], t["token"], name=f"tab{i}")
                   for i in range(MAX_SEAT_SOCKETS)]
        assert all(c.latest()["type"] == "state" for c in clients)
        extra = TableClient(srv.url, t["id"], t["token"], name="extra")
        err = extra.wait_error(1)
        assert err["code"] == "too_many_sockets"
        extra.wait(lambda ms: extra.closed)
        assert extra.ws.close_code == 4409
        spectator = TableClient(srv.url, t["id"], None, name="spectator")
        assert spectator.latest()["type"] == "state"
        clients[0].drop()
        again = None
        for _ in range(50):  # the server notices the close within moments
            again = TableClient(srv.url, t["id"], t["token"], name="again")
            if not again.errors():
                break
            again.wait(lambda ms, c=again: c.closed)
        assert again is not None and again.latest()["type"] == "state"
    finally:
        srv.stop()


# 2. the database gone or replaced ----------------------------------------------------

def _new_game(c: httpx.Client, base: str, level: str = "medium"
              ) -> tuple[str, dict[str, str], dict[str, Any]]:
    r = c.post(base + "/api/games", json={"game": 7, "level": level})
    assert r.status_code == 201, r.text
    s = r.json()
    return s["id"], {"X-Game-Token": s["token"]}, s


def _move(c: httpx.Client, base: str, gid: str, h: dict[str, str],
          state: dict[str, Any]) -> httpx.Response:
    v = state["view"]
    if v["phase"] == "pass":
        return c.post(f"{base}/api/games/{gid}/pass", json={"cards": v["hand"][:3]}, headers=h)
    return c.post(f"{base}/api/games/{gid}/play", json={"card": v["legal"][0]}, headers=h)


def _files(db: Path) -> list[Path]:
    return [p for p in (db, Path(f"{db}-wal"), Path(f"{db}-shm")) if p.exists()]


def test_a_database_moved_away_answers_503_until_it_is_back(tmp_path: Path) -> None:
    srv = _server(tmp_path)
    db = tmp_path / "hearts.db"
    try:
        with httpx.Client(timeout=30) as c:
            base = srv.url
            gid, h, state = _new_game(c, base)
            t = create_table(base, "Ann")
            away = tmp_path / "away"
            away.mkdir()
            for p in _files(db):
                p.rename(away / p.name)
            moved = _move(c, base, gid, h, state)
            assert moved.status_code == 503, moved.text
            assert moved.json()["error"]["code"] == "storage_unavailable"
            assert c.post(base + "/api/games", json={}).status_code == 503
            assert c.get(f"{base}/api/games/{gid}", headers=h).status_code == 503
            assert c.post(base + "/api/tables", json={"name": "Ben"}).status_code == 503
            ready = c.get(base + "/readyz")
            assert ready.status_code == 503
            assert ready.json()["error"]["code"] == "storage_unavailable"
            assert c.get(base + "/healthz").status_code == 200
            host = TableClient(base, t["id"], t["token"], name="host")
            host.send({"type": "start", "v": host.v})
            assert host.wait_error(1)["code"] == "storage_unavailable"
            for p in list(away.iterdir()):
                p.rename(tmp_path / p.name)
            assert c.get(base + "/readyz").status_code == 200
            moved = _move(c, base, gid, h, state)
            assert moved.status_code == 200, moved.text
            version = moved.json()["view"]
        srv.stop()
        srv = _server(tmp_path)
        with httpx.Client(timeout=30) as c:
            again = c.get(f"{srv.url}/api/games/{gid}", headers=h)
            assert again.status_code == 200 and again.json()["view"] == version
    finally:
        srv.stop()


def test_a_deleted_or_replaced_database_never_takes_a_move(tmp_path: Path) -> None:
    """Deleted: every request about games answers 503 (nothing is taken into the deleted
    file); replaced by another database file: the same.  After a restart the games
    answered before are there (replaced) and no move answered 200 was lost."""
    srv = _server(tmp_path)
    db = tmp_path / "hearts.db"
    try:
        with httpx.Client(timeout=30) as c:
            base = srv.url
            gid, h, state = _new_game(c, base)
            r = _move(c, base, gid, h, state)
            assert r.status_code == 200
            state = r.json()
            shutil.copy(db, tmp_path / "copy.db")  # the game as it is now (WAL aside)
            for p in _files(db):
                p.unlink()
            for _ in range(3):
                r = _move(c, base, gid, h, state)
                assert r.status_code == 503 and r.json()["error"]["code"] == \
                    "storage_unavailable"
            assert c.post(base + "/api/games", json={}).status_code == 503
            assert not db.exists()  # the server made no new empty file in its place
            # A different file put in its place is not taken on while running.
            (tmp_path / "copy.db").rename(db)
            r = _move(c, base, gid, h, state)
            assert r.status_code == 503
            assert c.get(base + "/readyz").status_code == 503
        assert "Traceback" not in Path(srv.log_path or "").read_text()
    finally:
        srv.stop()


# 3. binary frames -------------------------------------------------------------------

def test_binary_frames_close_with_1003_and_no_traceback(tmp_path: Path) -> None:
    srv = _server(tmp_path)
    try:
        t = create_table(srv.url, "Ann")
        url = srv.url.replace("http://", "ws://") + f"/api/tables/{t['id']}/ws"
        for hello_first in (False, True):
            with connect(url, open_timeout=20, close_timeout=2) as ws:
                if hello_first:
                    ws.send(json.dumps({"type": "hello", "token": t["token"]}))
                    assert json.loads(ws.recv(timeout=20))["type"] == "state"
                ws.send(b"\x00\x01binary")
                with pytest.raises(ConnectionClosed):
                    for _ in range(100):  # whatever was queued, then the close
                        ws.recv(timeout=20)
                assert ws.close_code == 1003
                assert ws.close_reason and "text" in ws.close_reason
        log = Path(srv.log_path or "").read_text()
        assert "Traceback" not in log and "KeyError" not in log
    finally:
        srv.stop()


# 4. in-memory SQLite ----------------------------------------------------------------

@pytest.mark.parametrize("db", [
    "sqlite://", "sqlite:///:memory:", ":memory:", "file::memory:",
    "sqlite:///file::memory:?cache=shared&uri=true", "sqlite:///file:x?mode=memory&uri=true",
    "sqlite:///file:hearts?mode=memory&cache=shared&uri=true",
    "sqlite:///file:/h.db?vfs=memdb&uri=true", "sqlite:///file:?uri=true",
])
def test_every_in_memory_sqlite_form_is_refused(db: str, tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", "from hearts.cli.main import main; main()", "serve",
         "--port", "1", "--db", db], capture_output=True, text=True, timeout=60,
        cwd=tmp_path, env={**os.environ, "HEARTS_DB": ""})
    assert out.returncode == 2, out.stderr[-500:]
    assert "in-memory SQLite database is not supported" in out.stderr
    assert not list(tmp_path.iterdir())


def test_a_busy_port_is_refused_before_the_database_is_made(tmp_path: Path) -> None:
    """Regression (a new user's trial): `hearts serve --port P` with P in use made the
    database file, then uvicorn said only "[Errno 98] ... address already in use" (exit 3)."""
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = subprocess.run(
            [sys.executable, "-c", "from hearts.cli.main import main; main()", "serve",
             "--host", "127.0.0.1", "--port", str(port), "--db", str(tmp_path / "web.db")],
            capture_output=True, text=True, timeout=60, cwd=tmp_path, env={**os.environ, "HEARTS_DB": ""})
    assert out.returncode == 2, out.stderr[-500:]
    assert f"cannot listen on 127.0.0.1:{port}: Address already in use" in out.stderr
    assert "choose another with --port" in out.stderr and "Traceback" not in out.stderr
    assert not list(tmp_path.iterdir())


# 5. echoes of client input -----------------------------------------------------------

def _echoes(text: str, sent: str) -> bool:
    """Whether ``text`` holds more than EXCERPT_CHARS consecutive characters of ``sent``."""
    n = EXCERPT_CHARS + 1
    return any(sent[i:i + n] in text for i in range(len(sent) - n + 1))


def test_no_answer_quotes_more_than_40_characters_of_input(tmp_path: Path) -> None:
    srv = _server(tmp_path, "--search-workers", "0")
    rng = random.Random(22)
    long = "".join(rng.choice(string.ascii_letters) for _ in range(300))
    answers: list[str] = []
    try:
        with httpx.Client(timeout=30) as c:
            base = srv.url
            t = create_table(base, "Ann")
            tid = t["id"]
            for body in ({"name": long}, {"name": "A", "variant": long},
                         {"name": "A", "variant": long[:40]}, {"name": "A", "level": long},
                         {"name": "A", "level": long[:40]}, {"name": "A", "options": {long: 1}},
                         {"name": "A", "options": {"jack_of_diamonds": long}},
                         {"name": "A", "options": {long[:39]: True}},
                         {"name": "A", "players": long}, {"name": "A", "game": long},
                         {"name": "A", "turn_seconds": long}, {long: long}):
                answers.append(c.post(base + "/api/tables", json=body).text)
            answers.append(c.get(f"{base}/api/tables/{long}").text)
            answers.append(c.post(f"{base}/api/tables/{long}/join", json={"name": "B"}).text)
            answers.append(c.post(f"{base}/api/tables/{tid}/join", json={"name": long}).text)
            answers.append(c.post(f"{base}/api/tables/{tid}/join",
                                  json={"name": "B", "seat": long}).text)
            answers.append(c.get(f"{base}/api/tables/{tid}/record",
                                 headers={"X-Seat-Token": long}).text)
            answers.append(c.get(f"{base}/t/{long}").status_code and "")
            # solo games
            for body in ({"variant": long}, {"level": long}, {"options": {long: 1}},
                         {"game": long}):
                answers.append(c.post(base + "/api/games", json=body).text)
            g = c.post(base + "/api/games", json={"game": 3}).json()
            h = {"X-Game-Token": g["token"]}
            answers.append(c.get(f"{base}/api/games/{long}", headers=h).text)
            answers.append(c.post(f"{base}/api/games/{g['id']}/pass",
                                  json={"cards": [long, long[:39], "QS"]}, headers=h).text)
            answers.append(c.post(f"{base}/api/games/{g['id']}/play", json={"card": long},
                                  headers=h).text)
            answers.append(c.get(f"{base}/api/games/{g['id']}/hint", params={"level": long},
                                 headers=h).text)
        host = TableClient(base, tid, t["token"], name="host")
        for msg in ({"type": long}, {"type": "play", "card": long, "v": 1},
                    {"type": "pass", "cards": [long, "QS", "AS"], "v": 1},
                    {"type": "moon", "choice": long, "v": 1},
                    {"type": "bid", "bid": long, "v": 1}, {"type": "suit", "suit": long, "v": 1},
                    {"type": "seat", "seat": 1, "friend": long, "v": 1},
                    {"type": "start", "v": long}, {long: long}):
            host.send(msg)
        host.wait_error(9)
        answers += [json.dumps(m) for m in host.messages]
        stranger = TableClient(base, tid, long, name="stranger")
        answers += [json.dumps(m) for m in stranger.messages]
        assert len(answers) > 30
        bad = [a[:300] for a in answers if _echoes(a, long)]
        assert not bad, bad
    finally:
        srv.stop()


# 6. wrong ids and tokens --------------------------------------------------------------

def test_wrong_ids_and_tokens_are_rate_limited_per_address(tmp_path: Path) -> None:
    """30 a minute in bursts of 60: each kind of guess (table ids, joins, solo game ids,
    wrong tokens, WebSocket tokens) from an address of its own is refused with 429
    ``rate_limited`` after at most 60 wrong ones (and the few the bucket regains
    meanwhile); another address still gets its 404."""
    srv = _server(tmp_path, "--misses-per-minute", "30")
    base = srv.url
    try:
        t = create_table(base, "Ann")
        g = httpx.post(base + "/api/games", json={}, timeout=30).json()
        guesses = {
            "127.0.0.4": lambda c, i: c.get(f"{base}/api/tables/nope{i}"),
            "127.0.0.5": lambda c, i: c.post(f"{base}/api/tables/nope{i}/join",
                                             json={"name": "X"}),
            "127.0.0.6": lambda c, i: c.get(f"{base}/api/games/nope{i}",
                                            headers={"X-Game-Token": "x"}),
            "127.0.0.7": lambda c, i: c.get(f"{base}/api/games/{g['id']}",
                                            headers={"X-Game-Token": f"wrong{i}"}),
            # the daily result names its game in the body: guessing there counts too
            "127.0.0.10": lambda c, i: c.post(f"{base}/api/daily/result",
                                              json={"game_id": f"nonexistent{i:04d}",
                                                    "browser": "abcdefgh12"},
                                              headers={"X-Game-Token": "x" * 32}),
        }
        for addr, guess in guesses.items():
            with _client(addr) as c:
                codes = []
                for i in range(200):
                    r = guess(c, i)
                    codes.append(r.status_code)
                    if r.status_code == 429:
                        break
                assert codes[-1] == 429, (addr, codes[-5:])
                assert r.json()["error"]["code"] == "rate_limited"
                assert int(r.headers["Retry-After"]) >= 1
                assert set(codes[:-1]) <= {403, 404} and len(codes) <= 70, (addr, len(codes))
                if addr == "127.0.0.4":  # at once, while the bucket is empty: a WebSocket
                    # refused at its handshake gets the security headers too
                    r = c.get(f"{base}/api/tables/nope/ws", headers={
                        "Connection": "Upgrade", "Upgrade": "websocket",
                        "Sec-WebSocket-Version": "13",
                        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
                    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
                    for name in ("content-security-policy", "x-frame-options",
                                 "referrer-policy", "x-content-type-options"):
                        assert name in r.headers, (name, dict(r.headers))
        # WebSocket tokens
        seen = 0
        for _ in range(200):
            try:
                with _ws(srv, f"/api/tables/{t['id']}/ws", "127.0.0.8") as ws:
                    ws.send(json.dumps({"type": "hello", "token": f"wrong{seen}"}))
                    assert json.loads(ws.recv(timeout=20))["code"] == "bad_token"
                    seen += 1
            except Exception as exc:  # refused at the handshake: 429
                assert "429" in str(exc), exc
                break
        else:
            raise AssertionError("wrong WebSocket tokens were never refused")
        assert seen <= 70
        with _client("127.0.0.9") as other:
            assert other.get(f"{base}/api/tables/nope").status_code == 404
            assert other.get(f"{base}/api/tables/{t['id']}").status_code == 200
        # a break-it helper's find (session 35): mistakes that are no guesses (a hand the
        # game has not finished, a route that does not exist) spent the bucket too, and then
        # the player's own game answered 429
        h = {"X-Game-Token": g["token"]}
        with _client("127.0.0.15") as c:
            for i in range(80):
                r = c.post(f"{base}/api/games/{g['id']}/review", json={"hand": i}, headers=h)
                assert (r.status_code, r.json()["error"]["code"]) == (404, "unknown_hand")
                r = c.get(f"{base}/api/games/{g['id']}/no-such-route", headers=h)
                assert r.status_code == 404
            assert c.get(f"{base}/api/games/{g['id']}", headers=h).status_code == 200
    finally:
        srv.stop()


# 7. hints never delay plays -------------------------------------------------------------

def _children(pid: int) -> dict[int, int]:
    """``{pid: nice}`` of the processes whose parent is ``pid``."""
    out = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out[int(entry)] = int(fields[16])
    return out


def test_hints_run_apart_from_and_below_the_bots_searches(tmp_path: Path) -> None:
    """Bots' moves and hints have workers of their own (nice +5 and +15): with every
    hint place taken by expert hints in a loop, a game against ``hard`` bots (whose
    every move is a search) plays on with no 429, and the metrics show its searches
    never queued behind the hints."""
    srv = _server(tmp_path, "--search-workers", "1", "--hint-workers", "1", "--max-hints",
                  "3", "--metrics")
    base = srv.url
    stop = threading.Event()
    hint_codes: list[int] = []

    def flood() -> None:
        with httpx.Client(timeout=60) as c:
            g = c.post(base + "/api/games", json={}).json()
            h = {"X-Game-Token": g["token"]}
            while not stop.is_set() and len(hint_codes) < 500:
                hint_codes.append(c.get(f"{base}/api/games/{g['id']}/hint",
                                        params={"level": "expert"}, headers=h).status_code)

    threads = [threading.Thread(target=flood, daemon=True) for _ in range(4)]
    try:
        own = os.nice(0)
        for th in threads:
            th.start()
        with httpx.Client(timeout=60) as c:
            gid, h, state = _new_game(c, base, "hard")
            queued_behind = []
            hints_busy = False
            for _ in range(12):
                r = _move(c, base, gid, h, state)
                assert r.status_code == 200, r.text
                state = r.json()
                m = c.get(base + "/metrics").text
                hints_busy = hints_busy or 'hearts_searches{kind="hint",state="running"} 1.0' in m
                queued_behind.append('hearts_searches{kind="play",state="queued"} 0.0' in m)
                if state["view"]["phase"] not in ("pass", "play"):
                    break
        assert hints_busy and all(queued_behind)
        assert set(hint_codes) <= {200, 429}
        nices = sorted(_children(srv.proc.pid).values())  # and multiprocessing's tracker
        # niceness stops at 19 (a suite run under `nice` raises every level)
        assert nices.count(min(own + 5, 19)) == 1 and nices.count(min(own + 15, 19)) == 1, nices
    finally:
        stop.set()
        for th in threads:
            th.join(timeout=60)
        srv.stop()


# 8. metrics and health -----------------------------------------------------------------

def test_metrics_count_requests_sockets_and_refusals(tmp_path: Path) -> None:
    srv = _server(tmp_path, "--metrics", "--games-per-minute", "1", "--search-workers", "0")
    base = srv.url
    try:
        with httpx.Client(timeout=30) as c:
            gid, h, state = _new_game(c, base)
            assert _move(c, base, gid, h, state).status_code == 200
            for _ in range(5):
                c.post(base + "/api/games", json={})  # past the bucket of 3: 429
            c.get(base + "/no/such/path/" + "x" * 50)
            t = create_table(base, "Ann")
            host = TableClient(base, t["id"], t["token"], name="host")
            m = c.get(base + "/metrics")
            assert m.status_code == 200 and m.headers["content-type"].startswith("text/plain")
            text = m.text
            assert 'hearts_http_requests_total{method="POST",route="/api/games/{game_id}/pass",' \
                   'status="200"} 1.0' in text, text[:3000]
            assert 'route="/api/games",status="429"' in text
            assert 'route="unmatched",status="404"' in text and "xxxxx" not in text
            assert 'hearts_http_request_duration_seconds_bucket{le="0.1",method="POST",' \
                   'route="/api/games"}' in text
            assert 'hearts_refusals_total{reason="rate_limited"}' in text
            assert "hearts_open_websockets 1.0" in text
            assert "hearts_tables_live 1.0" in text and "hearts_games_live 3.0" in text  # 1 + 2
            assert "hearts_storage_available 1.0" in text
            assert 'hearts_searches{kind="hint",state="queued"} 0.0' in text
            open_line = next(line for line in text.splitlines()
                             if line.startswith("hearts_open_connections "))
            assert float(open_line.split()[1]) >= 2  # this client and the WebSocket
            host.drop()
            assert c.get(base + "/healthz").json() == {"status": "ok"}
            assert c.get(base + "/readyz").json()["checks"] == {"database": "ok"}
    finally:
        srv.stop()
    plain = _server(tmp_path, db="other.db")
    try:
        assert httpx.get(plain.url + "/metrics", timeout=30).status_code == 404
    finally:
        plain.stop()


def _ready(base: str, want: int) -> httpx.Response:
    """``GET /readyz`` until it answers ``want`` (bounded: a minute of tries)."""
    r = None
    for _ in range(120):
        try:
            r = httpx.get(base + "/readyz", timeout=10)
        except httpx.HTTPError:
            continue
        if r.status_code == want:
            return r
    raise AssertionError(f"/readyz never answered {want}: {r and r.text}")


def test_readyz_follows_postgresql_and_redis(pg_cluster: PgCluster,  # noqa: F811
                                             tmp_path: Path) -> None:
    if redis_binary() is None:
        (pytest.fail if os.environ.get("CI") else pytest.skip)(
            "redis-server is not installed (Debian package: redis-server)")
    redis = RedisServer().start()
    db = pg_cluster.create_database(f"hearts_ready_{os.getpid()}_{free_port()}")
    srv = ServerProcess(db, log_path=str(tmp_path / "serve.log"), redis_url=redis.url).start()
    try:
        ok = _ready(srv.url, 200).json()
        assert ok == {"status": "ready", "checks": {"database": "ok", "redis": "ok"}}
        assert httpx.get(srv.url + "/healthz", timeout=10).status_code == 200
        redis.pause()
        down = _ready(srv.url, 503)
        assert down.json()["error"]["code"] == "redis_unavailable"
        assert down.json()["checks"]["database"] == "ok"
        redis.start()
        _ready(srv.url, 200)
        pg_cluster.pause()
        try:
            down = _ready(srv.url, 503)
            assert down.json()["error"]["code"] == "storage_unavailable"
            r = httpx.post(srv.url + "/api/games", json={}, timeout=30)
            assert r.status_code == 503 and r.json()["error"]["code"] == "storage_unavailable"
            assert httpx.get(srv.url + "/healthz", timeout=10).status_code == 200
        finally:
            pg_cluster.resume()
        _ready(srv.url, 200)
        assert httpx.post(srv.url + "/api/games", json={}, timeout=30).status_code == 201
    finally:
        srv.stop()
        redis.stop()


def _handshake(port: int, path: str, key: bytes = b"dGhlIHNhbXBsZSBub25jZQ==") -> bytes:
    """A raw WebSocket handshake to ``path``; the server's whole answer (it closes)."""
    s = _sock(port, "127.0.0.9")
    try:
        s.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\n"
                  b"Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: "
                  + key + b"\r\n\r\n")
        data = b""
        while chunk := s.recv(4096):
            data += chunk
    finally:
        s.close()
    return data


@pytest.mark.parametrize(("path", "key", "status", "code"), [
    ("/api/daily", b"dGhlIHNhbXBsZSBub25jZQ==", 404, "not_found"),   # an HTTP route
    ("/nope", b"dGhlIHNhbXBsZSBub25jZQ==", 404, "not_found"),
    ("/static/js/main.js", b"dGhlIHNhbXBsZSBub25jZQ==", 404, "not_found"),
    ("/api/tables//ws", b"dGhlIHNhbXBsZSBub25jZQ==", 404, "not_found"),
    ("/api/tables/x/ws", b"not-a-key", 400, "bad_request"),           # the parser refuses it
    ("/api/tables/x/ws?" + "x" * 9000, b"dGhlIHNhbXBsZSBub25jZQ==", 414, "uri_too_long"),
])
def test_a_refused_websocket_handshake_gets_the_json_error_and_the_headers(
        capped: ServerProcess, path: str, key: bytes, status: int, code: str) -> None:
    """A break-it helper's find (session 35): a WebSocket handshake to a path with no
    socket was answered ``403 text/plain`` with an empty body, one with a bad key
    ``400 text/plain``, both without the security headers.  Now the JSON error object,
    the status that says why, and the headers."""
    data = _handshake(capped.port, path, key)
    assert data.startswith(b"HTTP/1.1 %d" % status), data[:80]
    head, body = data.split(b"\r\n\r\n", 1)
    assert b"content-type: application/json" in head.lower(), head
    assert json.loads(body)["error"]["code"] == code
    _assert_security_headers(head)
    if path.startswith("/api/"):
        assert b"cache-control: no-store" in head.lower()


def test_a_500_carries_the_security_headers_and_no_store(tmp_path: Path) -> None:
    """The handler of unexpected errors answers in Starlette's outermost middleware,
    outside the one that adds the headers (found by reading the code): it gives them
    itself.  In process, as no request makes the server fail on purpose."""
    import asyncio

    from hearts.web.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'err.db'}")

    @app.get("/api/fail-for-test")
    def fail() -> None:
        raise RuntimeError("on purpose")

    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": "/api/fail-for-test", "raw_path":
             b"/api/fail-for-test", "query_string": b"", "headers": [(b"host", b"x")],
             "client": ("127.0.0.1", 5), "server": ("127.0.0.1", 80), "root_path": ""}
    raised: list[BaseException] = []

    def serve() -> None:   # in a thread of its own: another test's loop may run in this one
        try:
            asyncio.run(app(scope, receive, send))
        except BaseException as exc:  # re-raised for the server's log
            raised.append(exc)

    worker = threading.Thread(target=serve)
    worker.start()
    worker.join(60)
    assert len(raised) == 1 and "on purpose" in str(raised[0]), raised
    start = sent[0]
    assert start["status"] == 500
    headers = {k.decode(): v.decode() for k, v in start["headers"]}
    assert json.loads(sent[1]["body"])["error"]["code"] == "internal_error"
    assert headers["cache-control"] == "no-store"
    for name, value in SECURITY_HEADERS:
        assert headers[name.decode()] == value.decode()


def _hello(ws: Any, hello: str) -> dict[str, Any]:
    """Say ``hello`` on ``ws``; its first answer."""
    ws.send(hello)
    return dict(json.loads(ws.recv(timeout=20)))


def test_one_address_takes_at_most_its_share_of_spectator_places(tmp_path: Path) -> None:
    """A break-it helper's find (session 35): 50 spectator sockets from one address took
    every spectator place of a public table.  Now one address watches a table at most
    ``MAX_SPECTATORS_PER_CLIENT`` times; another address still gets in.  Also: a hello
    over the 4 KB a message may have is refused (it was read whatever its size), and a
    refusal echoes a message's ``ref`` only as a short string."""
    srv = _server(tmp_path)
    socks = contextlib.ExitStack()
    try:
        t = create_table(srv.url, "Ann")
        path = f"/api/tables/{t['id']}/ws"
        hello = json.dumps({"type": "hello", "token": None})
        for _ in range(MAX_SPECTATORS_PER_CLIENT):
            ws = socks.enter_context(_ws(srv, path, "127.0.0.11"))
            assert _hello(ws, hello)["type"] == "state"
        extra = socks.enter_context(_ws(srv, path, "127.0.0.11"))
        err = _hello(extra, hello)
        assert (err["type"], err["code"]) == ("error", "too_many_sockets"), err
        with pytest.raises(ConnectionClosed):
            extra.recv(timeout=20)
        assert extra.close_code == 4409
        other = socks.enter_context(_ws(srv, path, "127.0.0.12"))
        assert _hello(other, hello)["type"] == "state"

        big = socks.enter_context(_ws(srv, path, "127.0.0.13"))
        err = _hello(big, json.dumps({"type": "hello", "token": None, "pad": "x" * 5000}))
        assert err["code"] == "too_large", err
        with pytest.raises(ConnectionClosed):
            big.recv(timeout=20)
        assert big.close_code == 4413

        host = socks.enter_context(_ws(srv, path, "127.0.0.14"))
        assert _hello(host, json.dumps({"type": "hello", "token": t["token"]}))["type"] == "state"
        for ref, echoed in (({"a": "x" * 3000}, None), (5, None), ("r" * 500, "r" * MAX_REF),
                            ("hint", "hint")):
            host.send(json.dumps({"type": "no-such-message", "ref": ref}))
            while (m := json.loads(host.recv(timeout=20)))["type"] != "error":
                pass
            assert m.get("ref") == echoed, m
    finally:
        with contextlib.suppress(Exception):
            socks.close()
        srv.stop()


def test_one_address_has_at_most_its_share_of_hints_in_flight() -> None:
    """A break-it helper's find (session 35): four expert hints on four games from one
    address took every hint place, and everyone else's hints were refused.  Now one
    address has at most ``MAX_HINTS_PER_CLIENT`` in flight (429 ``busy``), the others keep
    theirs, and its places come back when its hints are in."""
    from hearts.web.compute import MAX_HINTS_PER_CLIENT, Busy, SearchPool

    pool = SearchPool(workers=0, max_hints=MAX_HINTS_PER_CLIENT + 2)
    with contextlib.ExitStack() as held:
        for g in range(MAX_HINTS_PER_CLIENT):
            held.enter_context(pool.hint_slot(f"game{g}", "10.0.0.1"))
        for refused in (lambda: pool.check_hint("game9", "10.0.0.1"),
                        lambda: pool.hint_slot("game9", "10.0.0.1").__enter__()):
            with pytest.raises(Busy) as busy:
                refused()
            assert busy.value.code == "busy" and busy.value.retry_after >= 1
        pool.check_hint("game9", "10.0.0.2")          # another address: a place is there
        with pool.hint_slot("game9", "10.0.0.2"):
            pass
    pool.check_hint("game9", "10.0.0.1")              # its hints are in: its places are back
    with pool.hint_slot("game9", "10.0.0.1"):
        pass
