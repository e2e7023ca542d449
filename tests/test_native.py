"""The compiled engine (setup.py, mypyc) and its fall-back to the .py sources (hearts._native).

The rest of the suite runs against whichever engine is installed; these tests check the
choice itself and that the compiled and the pure-Python engine play identical games.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

from hearts import _native
from hearts.cards import random_card, random_cards
from hearts.game import PHASE_MOON, PHASE_OVER, PHASE_PASS, PHASE_PLAY, Game
from hearts.rules import make_rules


def _digest(seed: int, hands: int) -> str:
    """SHA-256 of every record of ``hands`` random hands (all variants' code paths that the
    benchmark takes: deal, pass, play, tricks, scoring, game end)."""
    h = hashlib.sha256()
    rng = random.Random(seed)
    for variant, players in (("standard", 4), ("black-maria", 3), ("omnibus", 5), ("spot-hearts", 6)):
        rules = make_rules(variant, players, {"moon": "choice"} if variant == "standard" else None)
        game = Game(rules, rng=rng)
        for _ in range(hands):
            if game.phase == PHASE_OVER:
                h.update(repr(game.winners).encode())
                game = Game(rules, rng=rng)
            game.start_hand()
            if game.phase == PHASE_PASS:
                for seat in range(rules.players):
                    game.pass_cards(seat, random_cards(game.hands[seat], rules.pass_count, rng))
            while game.phase == PHASE_PLAY:
                game.play(game.turn, random_card(game.legal_plays(), rng))
            if game.phase == PHASE_MOON:
                game.choose_moon(game.turn, game.auto_moon_choice())
        h.update(repr(game.log).encode() + repr(game.results).encode() + repr(game.tricks).encode())
    return h.hexdigest()


def _run_pure(code: str) -> str:
    """Run ``code`` in a child Python with HEARTS_PURE_PYTHON=1 (this folder importable)."""
    here = str(Path(__file__).resolve().parent)
    env = {**os.environ, "HEARTS_PURE_PYTHON": "1",
           "PYTHONPATH": os.pathsep.join([here, os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True,
                          text=True).stdout.strip()


def test_mode_matches_the_modules_loaded():
    import hearts.game

    compiled = not hearts.game.__file__.endswith(".py")
    assert _native.MODE in ("compiled", "pure", "pure-env", "pure-stale")
    assert compiled == (_native.MODE == "compiled")


def test_the_engine_is_compiled_unless_pure_python_was_asked_for():
    # A module mypyc cannot translate makes setup.py install the pure-Python engine with
    # only a warning (which `pip --quiet` hides): the suite would then pass at half the
    # speed.  Unless HEARTS_PURE_PYTHON is set, the engine under test must be compiled.
    if os.environ.get("HEARTS_PURE_PYTHON", "").strip() not in ("", "0"):
        assert _native.MODE != "compiled"
        return
    if sys.implementation.name != "cpython":
        return  # mypyc targets CPython only
    assert _native.MODE == "compiled", (
        f"the engine runs as {_native.MODE!r}: compiling it failed or is stale; run "
        "`pip install -v -e .` to see mypyc's error")


def test_env_variable_loads_the_sources_and_they_play_the_same_games():
    out = _run_pure("import json, hearts, hearts.game, hearts.cards, test_native as t; "
                    "print(json.dumps([hearts._native.MODE, hearts.game.__file__, "
                    "hearts.cards.__file__, t._digest(7, 40)]))")
    mode, game_file, cards_file, digest = json.loads(out)
    assert mode in ("pure", "pure-env") and game_file.endswith(".py") and cards_file.endswith(".py")
    assert digest == _digest(7, 40)  # this process runs the compiled engine when there is one


def test_stale_build_detected(tmp_path, monkeypatch):
    # A folder laid out as an installed package: a "compiled" game module (an empty file
    # with an extension suffix), its source and the hashes recorded at build time.
    suffix = _native.importlib.machinery.EXTENSION_SUFFIXES[0]
    source = tmp_path / "game.py"
    source.write_text("X = 1\n")
    (tmp_path / f"game{suffix}").write_bytes(b"")
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    (tmp_path / _native.SOURCES_FILE).write_text(json.dumps({"game": digest}))
    monkeypatch.setattr(_native, "_HERE", str(tmp_path))
    assert _native._compiled_modules() == ["game"]
    assert _native._stale(["game"]) == []
    source.write_text("X = 2\n")  # edited after the build
    assert _native._stale(["game"]) == ["game"]
    (tmp_path / _native.SOURCES_FILE).unlink()  # no record of the build: stale too
    assert _native._stale(["game"]) == ["game"]


def _bad_calls() -> list[list[str]]:
    """What the engine answers to the calls a library user gets wrong (``docs/engine.md``:
    the compiled build must refuse them as the pure one does, with ``IllegalAction`` and
    its reason, never a bare ``TypeError``): ``[label, outcome]`` for each, the outcome
    ``"ok"``, ``"False"``/``"True"`` (``can``) or the exception's class and reason."""
    from hearts.actions import Action
    from hearts.cards import cards_of
    from hearts.deal import numbered_deal

    rules = make_rules("standard")
    dealt = Game(rules, 20261130)
    dealt.apply(Action.deal())
    mine = cards_of(dealt.hands[0])
    playing = dealt.copy()
    for s in range(4):
        playing.apply(Action.pass_(s, cards_of(playing.hands[s])[:3]))
    t = playing.turn
    calls = [
        ("pass cards as a list", dealt, lambda g: g.apply(Action.pass_(0, mine[:3]))),
        ("pass seat text", dealt, lambda g: g.apply(Action.pass_("a", tuple(mine[:3])))),
        ("pass seat None", dealt, lambda g: g.apply(Action.pass_(None, tuple(mine[:3])))),
        ("pass a card set", dealt, lambda g: g.apply(Action.pass_(0, dealt.hands[0]))),
        ("pass_cards a card set", dealt, lambda g: g.pass_cards(0, dealt.hands[0])),
        ("pass card names", dealt, lambda g: g.apply(Action.pass_(0, ("2C", "9C", "KC")))),
        ("can pass list", dealt, lambda g: g.can(Action.pass_(0, mine[:3]))),
        ("apply a JSON list", dealt, lambda g: g.apply(["pass", 0, "2C", "9C", "KC"])),
        ("can a JSON list", dealt, lambda g: g.can(["pass", 0, "2C", "9C", "KC"])),
        ("apply None", dealt, lambda g: g.apply(None)),
        ("verify None", dealt, lambda g: g.verify(None)),
        ("kind not text", dealt, lambda g: g.apply(Action(5, 0, None))),  # type: ignore[arg-type]
        ("play a card name", playing, lambda g: g.apply(Action.play(t, "2C"))),
        ("play None", playing, lambda g: g.apply(Action.play(t, None))),
        ("play a float", playing, lambda g: g.apply(Action.play(t, 0.0))),
        ("play seat text", playing, lambda g: g.apply(Action.play(str(t), 0))),
        ("can play a card name", playing, lambda g: g.can(Action.play(t, "QS"))),
        ("bid seat text", dealt, lambda g: g.apply(Action.bid("a", 3))),
        ("moon seat None", playing, lambda g: g.apply(Action.moon(None, "add"))),
        ("deal as a list", Game(rules, 5), lambda g: g.apply(Action.deal(numbered_deal(rules, 5, 0)))),
        ("deal as card lists", Game(rules, 5), lambda g: g.apply(Action.deal(
            tuple(tuple(cards_of(h)) for h in numbered_deal(rules, 5, 0))))),
        ("game number True", dealt, lambda g: Game(rules, True)),  # type: ignore[arg-type]
        ("game number 0", dealt, lambda g: Game(rules, 0)),
    ]
    out = []
    for label, base, call in calls:
        g = base.copy()
        try:
            r = call(g)
            outcome = repr(r) if isinstance(r, bool) else "ok"
        except Exception as exc:  # noqa: BLE001 - the class is what is compared
            outcome = f"{type(exc).__name__} {getattr(exc, 'reason', '')}".strip()
        out.append([label, outcome])
    return out


def test_bad_calls_are_refused_alike_by_both_builds():
    here = _bad_calls()
    assert not [x for x in here if x[1].startswith("TypeError")], here
    expected = {"pass cards as a list": "ok", "pass a card set": "IllegalAction bad_pass",
                "apply a JSON list": "IllegalAction bad_action", "can a JSON list": "False",
                "play a card name": "IllegalAction not_in_hand", "deal as a list": "ok",
                "deal as card lists": "IllegalAction bad_deal",
                "game number True": "DealError bad_record"}
    assert {k: v for k, v in here if k in expected} == expected
    pure = json.loads(_run_pure("import json, test_native as t; print(json.dumps(t._bad_calls()))"))
    assert pure == here
