"""The package without the ``web`` extra: ``pip install hearts`` in a fresh virtualenv.

A real virtualenv is made in a temporary folder and the project is installed into it
as a user would (``pip install <copy of the project>``, through ``constraints.txt``),
without any extra: it must pull in Click and Rich and nothing of the web game.  Every
engine, record, bot and command-line module is then imported there, ``hearts --help``
and ``hearts score`` run, and ``hearts serve`` must say which extra it needs.

The install uses pip's cache (and whatever index pip is configured with), builds the
pure-Python engine (``HEARTS_PURE_PYTHON=1``: no compiling) from a copy of the sources
(a build in the checkout would remove its compiled engine), and each pip run is bounded
by :data:`INSTALL_TIMEOUT`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import DATA, ROOT

INSTALL_TIMEOUT = 600
"""Seconds one pip run may take (the first run downloads setuptools, Click and Rich into
pip's cache; later runs take seconds on an idle machine)."""

WEB_DISTRIBUTIONS = ("fastapi", "starlette", "uvicorn", "sqlalchemy", "alembic", "redis",
                     "hiredis", "orjson", "uvloop", "websockets", "pydantic", "psycopg",
                     "httpx")
"""What the ``web`` (and ``test``) extras bring: none may be installed by the plain install."""

OPTIONAL = {"hearts.players.openspiel_ismcts": "open-spiel"}
"""Modules outside the web layer that need an optional package (registered only when it
imports: ``hearts.players.base``); everything else must import with Click and Rich alone."""

CHECK = r"""
import importlib, json, pkgutil, sys
from importlib import metadata, util
import hearts
web, optional = json.loads(sys.argv[1]), json.loads(sys.argv[2])
installed = sorted(d.metadata["Name"].lower() for d in metadata.distributions())
modules = []
def walk(package):  # pkgutil.walk_packages would import hearts.web to look inside it
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        if info.name == "hearts.web" or info.name in optional:
            continue
        modules.append(info.name)
        module = importlib.import_module(info.name)
        if info.ispkg:
            walk(module)
walk(hearts)
modules.sort()
loaded_web = sorted(m for m in sys.modules if m.split(".")[0] in web or m.startswith("hearts.web"))
from hearts.players.base import BOTS, get_bot
get_bot("random")  # loads the built-in levels
meta = metadata.metadata("hearts")
shipped = [str(f) for f in metadata.files("hearts") or []]
print(json.dumps({"installed": installed, "modules": modules, "loaded_web": loaded_web,
                  "license": meta["License-Expression"], "classifiers": meta.get_all("Classifier"),
                  "license_file": any(f.endswith("/LICENSE") and ".dist-info/" in f for f in shipped),
                  "typed": any(f.endswith("hearts/py.typed") for f in shipped),
                  "findable_web": [w for w in web if util.find_spec(w) is not None],
                  "bots": sorted(BOTS), "file": hearts.__file__}))
"""


@pytest.fixture(scope="module")
def plain_venv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A virtualenv with ``pip install hearts`` (no extra) done; yields its ``bin`` folder."""
    base = tmp_path_factory.mktemp("plain")
    project = base / "project"
    project.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "constraints.txt", "LICENSE"):
        shutil.copy2(ROOT / name, project / name)
    shutil.copytree(ROOT / "src", project / "src", ignore=shutil.ignore_patterns(
        "*.so", "*.pyd", "_native_sources.json", "__pycache__", "*.egg-info"))
    env_dir = base / "venv"
    # No pip of its own (ensurepip takes half a minute on a busy machine): this process's
    # pip installs into it (``pip --python``).  The build uses the virtualenv's setuptools
    # rather than an isolated build environment, which would install mypy for nothing
    # (mypyc is not used with HEARTS_PURE_PYTHON).
    venv.EnvBuilder(with_pip=False, clear=True).create(env_dir)
    bin_dir = env_dir / "bin"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["HEARTS_PURE_PYTHON"] = "1"
    pip = [sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install",
           "--quiet", "-c", str(project / "constraints.txt")]
    for args in (["setuptools>=77"], ["--no-build-isolation", str(project)]):
        done = subprocess.run([*pip, *args], env=env, capture_output=True, text=True,
                              timeout=INSTALL_TIMEOUT, cwd=base)
        assert done.returncode == 0, f"pip install {args[-1]} failed:\n{done.stdout}\n{done.stderr}"
    yield bin_dir


def _run(bin_dir: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(a) for a in args], env=env, capture_output=True, text=True,
                          timeout=300, cwd=bin_dir.parent, input=stdin)


def test_the_plain_install_imports_every_engine_record_bot_and_cli_module(
        plain_venv: Path) -> None:
    done = _run(plain_venv, plain_venv / "python", "-c", CHECK, json.dumps(WEB_DISTRIBUTIONS),
                json.dumps(sorted(OPTIONAL)))
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    # The installed package, not the checkout, was imported.
    assert str(plain_venv.parent) in found["file"]
    assert found["findable_web"] == [], found["installed"]
    assert not set(WEB_DISTRIBUTIONS) & set(found["installed"])
    assert {"hearts", "click", "rich"} <= set(found["installed"])
    assert found["loaded_web"] == []
    # Every module of the checkout outside web/ (but the optional ones) was imported.
    assert set(found["modules"]) == set(_checkout_modules()) - set(OPTIONAL)
    assert {"random", "easy", "medium", "hard", "expert"} <= set(found["bots"])
    assert "openspiel-ismcts" not in found["bots"]
    # What a packager or a type checker reads: the licence as an SPDX expression with its
    # text shipped (the checkout had no LICENSE file), the typing marker and its classifier.
    assert found["license"] == "MIT" and found["license_file"]
    assert found["typed"] and "Typing :: Typed" in found["classifiers"]


def _checkout_modules() -> list[str]:
    """Every module of ``src/hearts`` outside ``web/``, as dotted names."""
    package = ROOT / "src" / "hearts"
    names = []
    for path in package.rglob("*.py"):
        parts = path.relative_to(package).with_suffix("").parts
        if parts[0] == "web":
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts:
            names.append(".".join(("hearts", *parts)))
    return sorted(names)


def test_the_plain_install_runs_the_command_line(plain_venv: Path) -> None:
    hearts = plain_venv / "hearts"
    done = _run(plain_venv, hearts, "--help")
    assert done.returncode == 0, done.stderr
    for verb in ("score", "variants", "play", "hint", "review", "arena", "serve"):
        assert verb in done.stdout
    done = _run(plain_venv, hearts, "score", DATA / "standard-game.json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(
        (DATA / "standard-game.score.json").read_text())
    # A record with an illegal play: the error object and exit status 1.
    done = _run(plain_venv, hearts, "score", DATA / "first-trick-qs.json")
    assert done.returncode == 1
    assert json.loads(done.stdout)["error"]["reason"] == "first_trick_points"


def test_serve_without_the_web_extra_names_the_extra(plain_venv: Path) -> None:
    done = _run(plain_venv, plain_venv / "hearts", "serve", "--port", "0")
    assert done.returncode != 0
    assert "hearts[web]" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_checkout_is_what_the_extras_describe() -> None:
    """pyproject's plain dependencies are Click and Rich; the web ones are in [web]."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    plain = {d.split(">")[0].split("<")[0].split("[")[0].strip() for d in project["dependencies"]}
    assert plain == {"click", "rich"}
    web = " ".join(project["optional-dependencies"]["web"])
    for name in ("fastapi", "uvicorn", "sqlalchemy", "alembic", "redis", "orjson", "uvloop"):
        assert name in web
    assert sys.version_info >= (3, 11)


def test_the_top_level_shortcuts_are_the_modules_objects_loaded_on_first_use() -> None:
    """``from hearts import Game, make_rules, ...`` (the README's quick start) gives each
    module's own object; ``import hearts`` alone loads no engine module (PEP 562)."""
    import importlib

    import hearts

    code = ("import sys, hearts; print(sorted(m for m in sys.modules if m.startswith('hearts.')"
            " and m != 'hearts._native'))")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(ROOT / "src")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == "[]"
    assert hearts.__all__ == ["EXPORTS", "__version__", *hearts.EXPORTS]
    for name, module in hearts.EXPORTS.items():
        assert getattr(hearts, name) is getattr(importlib.import_module(f"hearts.{module}"), name)
    with pytest.raises(AttributeError, match="no attribute 'Gam'"):
        hearts.Gam  # noqa: B018 - the lookup is the test


def test_no_shortcut_is_named_like_a_module_of_the_package() -> None:
    """``hearts.drive`` was both a shortcut to the function and the module: once the module
    was imported, ``from hearts import drive`` gave the module (the import system sets a
    submodule as its package's attribute), and the README's example failed."""
    import hearts

    package = ROOT / "src" / "hearts"
    modules = {p.stem for p in package.glob("*.py")} | {p.name for p in package.iterdir()
                                                         if (p / "__init__.py").exists()}
    assert not set(hearts.EXPORTS) & modules
