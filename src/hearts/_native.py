"""Which engine runs: the mypyc-compiled modules or their ``.py`` sources.

``setup.py`` compiles the engine modules (:data:`ENGINE`) with mypyc when it can
(``docs/engine.md``, "Speed").  Python imports a compiled module in preference
to the ``.py`` file beside it, so a checkout edited after its last build would
silently run the old code.  :func:`select`, run by ``hearts/__init__.py`` before
any engine module is imported, prevents that: unless every compiled module was
built from the ``.py`` file now beside it (the SHA-256 of each source is
recorded at build time in ``_native_sources.json``), all engine modules are
loaded from their sources, with a warning saying how to rebuild.  Setting the
environment variable ``HEARTS_PURE_PYTHON`` (to anything but ``""`` or ``"0"``)
loads the sources too, without a warning.  It is all or nothing: compiled and
interpreted engine modules are never mixed.

:data:`MODE` tells what was chosen: ``"compiled"``, ``"pure"`` (nothing compiled
is installed), ``"pure-env"`` (``HEARTS_PURE_PYTHON``) or ``"pure-stale"``.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

ENGINE = ("cards", "rules", "deal", "tricks", "actions", "settle", "game", "scoring",
          "drive", "players.sim", "players.policy")
"""The modules ``setup.py`` compiles (``hearts.<name>``; ``players.sim`` is
``hearts.players.sim``, the bots' play-out simulator)."""
SOURCES_FILE = "_native_sources.json"
_HERE = os.path.dirname(os.path.abspath(__file__))

MODE = "pure"


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the engine modules' ``.py`` files ahead of the compiled ones."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        prefix = f"{__package__}."
        if not fullname.startswith(prefix) or fullname[len(prefix):] not in ENGINE:
            return None
        return importlib.util.spec_from_file_location(fullname, _path(fullname[len(prefix):]))


def _path(module: str, suffix: str = ".py") -> str:
    """The file of an ENGINE entry: ``players.sim`` is ``players/sim.py``."""
    return os.path.join(_HERE, *module.split(".")) + suffix


def _compiled_modules() -> list[str]:
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return [m for m in ENGINE if any(os.path.exists(_path(m, s)) for s in suffixes)]


def _stale(modules: list[str]) -> list[str]:
    """The compiled modules whose ``.py`` file is not the one they were built from."""
    try:
        with open(os.path.join(_HERE, SOURCES_FILE), encoding="utf-8") as f:
            built = json.load(f)
    except (OSError, ValueError):
        built = {}
    stale = []
    for m in modules:
        try:
            with open(_path(m), "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
        except OSError:
            continue  # no source to fall back to: the compiled module is all there is
        if built.get(m) != digest:
            stale.append(m)
    return stale


def select() -> str:
    """Decide between compiled and source engine modules; returns and sets :data:`MODE`.

    Must run before any engine module is imported (``hearts/__init__.py`` does it).
    """
    global MODE
    compiled = _compiled_modules()
    mode = "compiled" if compiled else "pure"
    if compiled:
        if os.environ.get("HEARTS_PURE_PYTHON", "").strip() not in ("", "0"):
            mode = "pure-env"
        else:
            stale = _stale(compiled)
            if stale:
                mode = "pure-stale"
                names = ", ".join(f"{m}.py" for m in stale)
                warnings.warn(
                    f"hearts: {names} changed since the engine was compiled; running the .py "
                    "sources instead (slower). Rebuild with `make install` or `pip install -e .` "
                    "(HEARTS_PURE_PYTHON=1 at build time installs without compiling).",
                    RuntimeWarning, stacklevel=2)
        if mode != "compiled" and not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
            sys.meta_path.insert(0, _SourceFinder())
    MODE = mode
    return mode
