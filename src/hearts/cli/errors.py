"""The one error answer of the record-reading commands (``score``, ``hint``, ``review``).

Each of them answers a bad record with ``{"ok": false, "error": {...}}``, the error
object of ``interfaces.md`` section 3, and never ends in a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

from ..record import RecordError


def answer(work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """Run ``work`` (which reads a record and builds the command's answer) and return its
    answer; a :class:`~hearts.record.RecordError` becomes its error object, and any other
    exception (an engine or bot fault) the error object of code ``internal_error``."""
    try:
        return work()
    except RecordError as exc:
        return {"ok": False, "error": exc.error}
    except Exception as exc:  # a fault of ours must not end in a traceback
        return {"ok": False, "error": RecordError(
            "internal_error", "internal_error",
            f"The program failed on this record ({type(exc).__name__}: {exc}); please report it."
        ).error}


def json_line(value: Any) -> str:
    """``value`` as one line of JSON for the terminal: UTF-8 text as it is (``"♥"``),
    except when a string holds what UTF-8 cannot carry (a lone surrogate such as a
    record's ``"\\ud800"``, echoed back in its error): then every non-ASCII character is
    written as a ``\\u`` escape, which any JSON reader reads back the same."""
    text = json.dumps(value, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value)
    return text


def record_lines(data: bytes) -> Iterator[tuple[int, bytes]]:
    """The non-blank lines of ``data`` with their numbers (from 1): a JSONL file's records."""
    for number, line in enumerate(data.split(b"\n"), start=1):
        if line.strip():
            yield number, line


def looks_like_lines(data: bytes) -> bool:
    """True when ``data`` is several JSON values on separate lines, not one record: the
    whole text is not one JSON value, and its first line is one or some line is a whole
    record (an object with ``"format"``: a broken first line before good records).  A
    pretty-printed record cut short, whose first line is ``{``, is one broken record,
    answered once."""
    lines = list(record_lines(data))
    if len(lines) < 2:
        return False
    try:
        json.loads(data.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        for number, line in lines:
            try:
                value = json.loads(line.decode("utf-8-sig"))
            except (ValueError, RecursionError):
                continue
            if number == lines[0][0] or (isinstance(value, dict) and "format" in value):
                return True
        return False
    return False


def read_record_bytes(file: str, cap: int) -> tuple[bytes, str | None]:
    """The bytes of the one record in ``file`` (``-``: standard input), reading at most
    ``cap`` + 1 of them (``/dev/zero`` is never read whole): ``(data, None)``, or
    ``(b"", why)`` when the file cannot be read or holds more than ``cap`` bytes."""
    try:
        if file == "-":
            data: bytes = sys.stdin.buffer.read(cap + 1)
        else:
            with open(file, "rb") as fh:
                data = fh.read(cap + 1)
    except OSError as exc:
        return b"", f"Cannot read {file}: {exc.strerror or exc}."
    if len(data) > cap:
        return b"", f"The record is larger than {cap} bytes; it was not read."
    if looks_like_lines(data):
        count = sum(1 for _ in record_lines(data))
        # the file is named in the error's "file" key: a long path here would crowd out the advice
        name = "Standard input" if file == "-" else "The file"
        return b"", (f"{name} holds {count} records, one per line (as `hearts arena --record-out` "
                     f"writes them); this command reads one record: put the one you want in a "
                     f"file of its own (the second: `sed -n 2p FILE > one.json`).")
    return data, None
