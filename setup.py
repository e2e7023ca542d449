"""Build script: the rules engine compiled with mypyc, or pure Python when that cannot be.

The package metadata lives in pyproject.toml; this file only adds the compiled
modules.  The ``.py`` files stay the one source: mypyc turns the engine
(``src/hearts/{cards,rules,deal,tricks,actions,settle,game,scoring}.py``), the one drive
loop (``src/hearts/drive.py``: every host and ``hearts bench engine`` run it) and the
bots' play-out simulator (``src/hearts/players/sim.py``) into C extension
modules that are imported in their place (about twice as fast, see
``bench/engine_results.md`` and ``bench/bots_results.md``).  Nothing else changes: the same
tests pass either way.

- ``HEARTS_PURE_PYTHON=1 pip install .`` (or ``-e .``) installs without compiling.
- A build that cannot compile (no C compiler, no Python headers, mypyc refusing
  the code) prints a warning and installs the pure-Python package instead.
- At import, ``hearts._native`` falls back to the ``.py`` files when a compiled
  module is older than its source (an edited checkout that was not rebuilt) or
  when ``HEARTS_PURE_PYTHON`` is set at run time.

The source hashes the compiled modules were built from are written next to them
in ``_native_sources.json``; that is how ``hearts._native`` tells a stale build.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import traceback
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "hearts"
# The engine: pure functions and classes on ints, tuples and lists (no I/O, no
# third-party imports).  view.py stays interpreted: callers copy PlayerView's __dict__.
ENGINE = ("cards", "rules", "deal", "tricks", "actions", "settle", "game", "scoring",
          "drive", "players.sim", "players.policy")
SOURCES_FILE = "_native_sources.json"  # read by src/hearts/_native.py


def _warn(message: str) -> None:
    bar = "*" * 78
    print(f"\n{bar}\nhearts: {message}\nhearts: installing the pure-Python engine instead "
          f"(correct, about half the speed).\n{bar}\n", file=sys.stderr)


def _pure_requested() -> bool:
    return os.environ.get("HEARTS_PURE_PYTHON", "").strip() not in ("", "0")


def _source_hashes() -> dict[str, str]:
    return {m: hashlib.sha256(_source(m).read_bytes()).hexdigest() for m in ENGINE}


def _source(module: str) -> Path:
    """The ``.py`` file of an ENGINE entry (``"players.sim"`` is ``players/sim.py``)."""
    return PACKAGE / (module.replace(".", "/") + ".py")


class OptionalBuildExt(build_ext):
    """build_ext that leaves the pure-Python package in place when compiling fails,
    and records which sources the compiled modules were built from."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # compiler missing or failing: any error means "no C"
            traceback.print_exc()
            self._remove_outputs()
            _warn(f"compiling the engine failed ({type(exc).__name__}: {exc}).")
            return
        if self.extensions:
            hashes = json.dumps(_source_hashes(), indent=1, sort_keys=True) + "\n"
            for folder in self._output_dirs():
                (folder / SOURCES_FILE).write_text(hashes)

    def _output_dirs(self) -> list[Path]:
        """Where the compiled modules went: the build folder, and the source tree too
        for an in-place or editable build (setuptools copies them there)."""
        dirs = {Path(self.get_ext_fullpath("hearts.game")).parent}
        if self.inplace or getattr(self, "editable_mode", False):
            dirs.add(PACKAGE)
        return sorted(dirs)

    def _remove_outputs(self) -> None:
        for folder in self._output_dirs():
            for ext in self.extensions:
                # ext.name is "hearts.game" or "hearts.players.sim": its path below hearts/
                name = self.get_ext_filename(ext.name).split("/", 1)[-1]
                (folder / name).unlink(missing_ok=True)
            (folder / SOURCES_FILE).unlink(missing_ok=True)


def _remove_inplace_build() -> None:
    """Remove compiled engine modules left in src/hearts by an earlier editable build."""
    for path in [*PACKAGE.glob("*.so"), *PACKAGE.glob("*.pyd"), *PACKAGE.glob("players/*.so"),
                 *PACKAGE.glob("players/*.pyd"), PACKAGE / SOURCES_FILE]:
        path.unlink(missing_ok=True)


def _extensions() -> list[Any]:
    if _pure_requested():
        print("hearts: HEARTS_PURE_PYTHON is set: the engine is not compiled.", file=sys.stderr)
        _remove_inplace_build()
        return []
    if sys.implementation.name != "cpython":
        return []  # mypyc targets CPython only; PyPy runs the pure-Python engine well
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        _warn(f"mypyc is not available ({exc}).")
        return []
    cwd = os.getcwd()
    os.chdir(ROOT)  # mypycify takes paths relative to the project and writes build/
    try:
        return list(mypycify([str(_source(m).relative_to(ROOT)) for m in ENGINE], opt_level="3",
                             group_name="hearts._engine"))
    except BaseException as exc:  # mypy exits through SystemExit on a type error
        if isinstance(exc, KeyboardInterrupt):
            raise
        traceback.print_exc()
        _warn(f"mypyc could not translate the engine ({type(exc).__name__}: {exc}).")
        return []
    finally:
        os.chdir(cwd)


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
