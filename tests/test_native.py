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
