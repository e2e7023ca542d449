"""``hearts score FILE...``: replay game records and print their scores.

Each FILE is ``.json`` (one record), ``.jsonl`` (one record per line; blank
lines are skipped) or ``-`` (standard input: one record, or one per line).
Other names are read like standard input.  For every record one JSON object is
printed on its own line (``interfaces.md`` section 3)::

    {"ok": true, "complete": true, "game_over": false, "winners": [],
     "hands": [{"points": [0, 3, 13, 10], "tricks": [2, 4, 5, 2], "moon": null}],
     "totals": [0, 3, 13, 10]}

or ``{"ok": false, "error": {...}}`` (see :class:`hearts.record.RecordError`;
a file that cannot be read gives one such line, with ``"file"`` added, and a
``.jsonl`` line adds ``"line"`` counting from 1).  The exit status is 0 when
every record was ok, else 1.  No input, however broken, ends in a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import click

from ..record import RecordError, parse_record, replay_record, summary_of


def _error(message: str, **extra: Any) -> dict[str, Any]:
    err = RecordError("bad_record", "bad_record", message).error
    err.update(extra)
    return {"ok": False, "error": err}


def score_text(text: str | bytes) -> dict[str, Any]:
    """The score object of one record given as JSON text; never raises."""
    try:
        return summary_of(replay_record(parse_record(text)))
    except RecordError as exc:
        return {"ok": False, "error": exc.error}
    except Exception as exc:  # an engine fault must not end the run in a traceback
        err = RecordError("internal_error", "internal_error",
                          f"The program failed on this record ({type(exc).__name__}: {exc}); "
                          f"please report it.").error
        return {"ok": False, "error": err}


def _lines(data: bytes) -> Iterator[tuple[int, bytes]]:
    for number, line in enumerate(data.split(b"\n"), start=1):
        if line.strip():
            yield number, line


def _looks_like_lines(data: bytes) -> bool:
    """True when ``data`` is several JSON values on separate lines, not one record."""
    lines = list(_lines(data))
    if len(lines) < 2:
        return False
    try:
        json.loads(data.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return True
    return False


def score_source(name: str, data: bytes, mode: str) -> Iterator[dict[str, Any]]:
    """Score every record in ``data`` read from ``name``.

    ``mode`` is ``"json"`` (one record), ``"jsonl"`` (one per non-blank line) or
    ``"auto"`` (one record when the whole text is one JSON value, else one per line).
    """
    if mode == "auto":
        mode = "jsonl" if _looks_like_lines(data) else "json"
    if mode == "json":
        yield score_text(data)
        return
    for number, line in _lines(data):
        out = score_text(line)
        if not out["ok"]:
            out["error"]["line"] = number
        yield out


def _mode(name: str) -> str:
    lower = name.lower()
    if lower.endswith(".jsonl") or lower.endswith(".ndjson"):
        return "jsonl"
    if lower.endswith(".json"):
        return "json"
    return "auto"


@click.command("score")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
def command(files: tuple[str, ...]) -> None:
    """Replay game records (hearts-record/1) and print one JSON score line per record.

    FILE is a .json file (one record), a .jsonl file (one record per line) or -
    for standard input.  Exit status 0 when every record is valid, 1 otherwise.
    """
    all_ok = True
    for name in files:
        if name == "-":
            data = sys.stdin.buffer.read()
            results: Iterator[dict[str, Any]] = score_source("-", data, "auto")
        else:
            try:
                with open(name, "rb") as fh:
                    data = fh.read()
            except OSError as exc:
                why = exc.strerror or str(exc)
                results = iter([_error(f"Cannot read {name}: {why}.", file=name)])
            else:
                results = score_source(name, data, _mode(name))
        for out in results:
            if not out["ok"]:
                all_ok = False
                out["error"].setdefault("file", name)
            click.echo(json.dumps(out, ensure_ascii=False))
    raise SystemExit(0 if all_ok else 1)
