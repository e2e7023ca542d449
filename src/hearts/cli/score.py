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

Input is read a bounded piece at a time: a ``.json`` file or one JSONL line may
hold at most ``--max-record-bytes`` (default :data:`MAX_RECORD_BYTES`); past
that the record is ``bad_record`` and, for a line, the rest of that input is
not read (there is no telling where the next record starts).  Standard input
and other names (``/dev/stdin``, a pipe) larger than the cap are read as JSONL,
line by line, so ``hearts score /dev/zero`` ends at once with ``bad_record``.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import Any, BinaryIO

import click

from ..record import RecordError, parse_record, replay_record, summary_of
from .errors import answer, json_line, looks_like_lines, record_lines


def _error(message: str, **extra: Any) -> dict[str, Any]:
    err = RecordError("bad_record", "bad_record", message).error
    err.update(extra)
    return {"ok": False, "error": err}


def score_text(text: str | bytes) -> dict[str, Any]:
    """The score object of one record given as JSON text; never raises."""
    return answer(lambda: summary_of(replay_record(parse_record(text))))


MAX_RECORD_BYTES = 4 * 1024 * 1024
"""Largest record (a ``.json`` file, or one JSONL line) read, in bytes; a whole game of
30 hands takes about 20 KB."""

_CHUNK = 1 << 16


def _too_big(cap: int, **extra: Any) -> dict[str, Any]:
    return _error(f"The record is larger than {cap} bytes (--max-record-bytes); it was not "
                  f"read.", **extra)


def stream_lines(fh: BinaryIO, cap: int, head: bytes = b"") -> Iterator[tuple[int, bytes | None]]:
    """``(line number, line)`` for every non-blank line of ``head`` followed by ``fh``,
    holding at most ``cap`` bytes (plus one read) in memory.  A line longer than ``cap``
    gives ``(number, None)`` and ends the iteration."""
    buf = bytearray(head)
    number = 0
    start = 0  # where to look for the next newline
    while True:
        nl = buf.find(b"\n", start)
        if nl < 0:
            if len(buf) > cap:
                yield number + 1, None
                return
            chunk = fh.read(_CHUNK)
            if not chunk:
                if bytes(buf).strip():
                    yield number + 1, bytes(buf)
                return
            start = len(buf)
            buf += chunk
            continue
        number += 1
        if nl > cap:
            yield number, None
            return
        line = bytes(buf[:nl])
        del buf[: nl + 1]
        start = 0
        if line.strip():
            yield number, line


def score_stream(fh: BinaryIO, mode: str, cap: int = MAX_RECORD_BYTES
                 ) -> Iterator[dict[str, Any]]:
    """Score every record read from ``fh`` (see :func:`score_source` for ``mode``),
    never holding more than about ``cap`` bytes of it."""
    if mode == "jsonl":
        yield from _score_lines(stream_lines(fh, cap), cap)
        return
    head = fh.read(cap + 1)
    if len(head) <= cap:
        yield from score_source("", head, mode)
        return
    if mode == "json":
        yield _too_big(cap)
        return
    yield from _score_lines(stream_lines(fh, cap, head), cap)  # too big for one: JSONL


def _score_lines(lines: Iterator[tuple[int, bytes | None]], cap: int
                 ) -> Iterator[dict[str, Any]]:
    first = True
    for number, line in lines:
        if line is None:
            yield _error(f"Line {number} is longer than {cap} bytes (--max-record-bytes); the "
                         f"rest of the input is not read.", line=number)
            return
        if first and line.strip() in (b"{", b"\xef\xbb\xbf{"):
            # not one error a line for dozens of lines: say once what the file is
            yield _error(f"Line {number} is a lone '{{': this looks like one record written over "
                         f"several lines, but a .jsonl file holds one whole record per line (save "
                         f"it as .json, or write each record on one line); the rest of the input "
                         f"is not read.", line=number)
            return
        first = False
        yield _score_line(line, number)


def _score_line(line: bytes, number: int) -> dict[str, Any]:
    """The score object of one JSON line, its error (if any) placed on line ``number`` of
    the input: the JSON reader's "line 1, column 17" is the record's own line, so the
    message says "column 17 of line 4"."""
    out = score_text(line)
    if not out["ok"]:
        err = out["error"]
        err["line"] = number
        err["message"] = re.sub(r"at line 1, column (\d+)", rf"at column \1 of line {number}",
                                err["message"])
    return out


def score_source(name: str, data: bytes, mode: str) -> Iterator[dict[str, Any]]:
    """Score every record in ``data`` read from ``name``.

    ``mode`` is ``"json"`` (one record), ``"jsonl"`` (one per non-blank line) or
    ``"auto"`` (one record when the whole text is one JSON value, else one per line).
    """
    if mode == "auto":
        mode = "jsonl" if looks_like_lines(data) else "json"
    if mode == "json":
        yield score_text(data)
        return
    for number, line in record_lines(data):
        yield _score_line(line, number)


def _mode(name: str) -> str:
    lower = name.lower()
    if lower.endswith(".jsonl") or lower.endswith(".ndjson"):
        return "jsonl"
    if lower.endswith(".json"):
        return "json"
    return "auto"


@click.command("score")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--max-record-bytes", default=MAX_RECORD_BYTES, show_default=True,
              type=click.IntRange(1, 1 << 31),
              help="Largest record (a .json file or one JSONL line) read; bigger: bad_record.")
def command(files: tuple[str, ...], max_record_bytes: int) -> None:
    """Replay game records (hearts-record/1) and print one JSON score line per record.

    FILE is a .json file (one record), a .jsonl file (one record per line) or -
    for standard input.  Exit status 0 when every record is valid, 1 otherwise.
    """
    all_ok = True

    def emit(out: dict[str, Any], name: str) -> None:
        nonlocal all_ok
        if not out["ok"]:
            all_ok = False
            out["error"].setdefault("file", name)
        click.echo(json_line(out))

    for name in files:
        if name == "-":
            for out in _score_open(sys.stdin.buffer, "auto", max_record_bytes, name):
                emit(out, name)
            continue
        try:
            fh = open(name, "rb")  # noqa: SIM115 - closed below, results are streamed
        except OSError as exc:
            emit(_error(f"Cannot read {name}: {exc.strerror or exc}.", file=name), name)
            continue
        with fh:
            for out in _score_open(fh, _mode(name), max_record_bytes, name):
                emit(out, name)
    raise SystemExit(0 if all_ok else 1)


def _score_open(fh: BinaryIO, mode: str, cap: int, name: str) -> Iterator[dict[str, Any]]:
    """:func:`score_stream`, turning a read failure midway into one more error line."""
    stream = score_stream(fh, mode, cap)
    while True:
        try:
            out = next(stream)
        except StopIteration:
            return
        except OSError as exc:
            yield _error(f"Cannot read {name}: {exc.strerror or exc}.", file=name)
            return
        yield out
