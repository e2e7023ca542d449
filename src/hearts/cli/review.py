"""``hearts review FILE [--seat S] [--hand K] [--json]``: what each decision of a seat cost.

FILE is a ``hearts-record/1`` record (``-``: standard input).  Every pass and
play of seat S (default 0), in the whole game or in hand K (counted from 1, as
the table and every sentence count hands; the JSON's ``hand`` is the hand's
index in the record, from 0), is analysed from
that seat's own information at the time (:mod:`hearts.analysis`): expected
hand points of every choice with a 95% interval, the best choice, the loss of
the choice made and a mark (inaccuracy, mistake, blunder) when the loss is
both large and significant.  A progress bar is shown on standard error (on a
terminal, or with ``--progress``).

With ``--json`` one object is printed (``interfaces.md`` section 3)::

    {"ok": true, "seat": 0, "decisions": [{"hand": 0, "stage": "play", "index": 17,
     "played": "QS", "best": "2S", "expected": {"QS": 5.1, "2S": 1.2}, "ci95": {...},
     "loss": 3.9, "mark": "mistake", ...}, ...], ...}

For a bad record it prints the error object of ``hearts score``
(``{"ok": false, "error": {...}}``, codes of :mod:`hearts.record`, plus
``bad_seat`` and ``bad_hand``) and exits with status 1; without ``--json``
the message goes to standard error.
"""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..analysis import PASS_WORLDS, PLAY_WORLDS, review_record
from ..record import RecordError
from .errors import answer, json_line, read_record_bytes


def review_text(data: str | bytes, seat: int = 0, hand: int | None = None, *,
                play_worlds: int = PLAY_WORLDS, pass_worlds: int = PASS_WORLDS, seed: int = 0,
                progress: Any = None) -> dict[str, Any]:
    """The review object for a record given as JSON text, or ``{"ok": false, "error": {...}}``.

    Never raises for bad input (an internal fault becomes ``internal_error``).
    """
    return answer(lambda: review_record(data, seat, hand, play_worlds=play_worlds,
                                        pass_worlds=pass_worlds, seed=seed, progress=progress))


def _choice(value: str | list[str]) -> str:
    return value if isinstance(value, str) else " ".join(value)


CHOICES_WIDTH = 110
"""Narrowest terminal (columns) whose table has the ``choices`` column: below it the
column would be squeezed to a few letters a line, so it is left out and the caption says
how to see it."""


def _table(out: dict[str, Any], width: int = CHOICES_WIDTH) -> Table:
    """The review as a Rich table for a terminal ``width`` columns wide (the best
    choices' figures only when it has room: :data:`CHOICES_WIDTH`)."""
    th = out["thresholds"]
    wide = width >= CHOICES_WIDTH
    table = Table(title=f"Review of seat {out['seat']}: expected hand points (lower is better); "
                  f"marks from a loss of {th['inaccuracy']:g} / {th['mistake']:g} / "
                  f"{th['blunder']:g} points", title_justify="left",
                  caption=None if wide else f"Each choice's expected points: a terminal "
                  f"{CHOICES_WIDTH} columns wide, or --json.", caption_justify="left")
    columns = [("hand", "right"), ("trick", "right"), ("stage", "left"), ("played", "left"),
               ("best", "left"), ("loss ±95%", "right"), ("mark", "left")]
    if wide:
        columns.append(("choices", "left"))
    for name, just in columns:
        table.add_column(name, justify=just, no_wrap=name != "choices")  # type: ignore[arg-type]
    for d in out["decisions"]:
        exp = sorted(d["expected"].items(), key=lambda kv: kv[1])
        shown = ", ".join(f"{k} {v:.2f}" for k, v in exp[:3]) + (" ..." if len(exp) > 3 else "")
        if not d["worlds"]:  # forced (equivalent cards): nothing sampled, its 0s are no figures
            shown = "forced: " + ", ".join(k for k, _ in exp[:3]) + (" ..." if len(exp) > 3 else "")
        loss = f"{d['loss']:.2f} ± {d['loss_ci95']:.2f}" if d["loss"] else "-"
        style = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}.get(
            d["mark"] or "", "")
        row = [str(d["hand"] + 1), "-" if d["stage"] == "pass" else str(d["trick"] + 1),
               d["stage"], _choice(d["played"]), _choice(d["best"]), loss, d["mark"] or ""]
        table.add_row(*row, *([shown] if wide else []), style=style)
    return table


@click.command("review")
@click.argument("file", metavar="FILE")
@click.option("--seat", type=int, default=0, show_default=True, help="Seat whose decisions to review.")
@click.option("--hand", type=click.IntRange(min=1), default=None,
              help="Review only this hand (from 1, as the table shows).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--worlds", type=click.IntRange(2, 100000), default=PLAY_WORLDS, show_default=True,
              help="Deals sampled per play decision.")
@click.option("--pass-worlds", type=click.IntRange(2, 100000), default=PASS_WORLDS,
              show_default=True, help="Deals sampled per pass decision.")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed of the sampling.")
@click.option("--progress/--no-progress", "show_progress", default=None,
              help="Progress bar on standard error (default: when it is a terminal).")
def command(file: str, seat: int, hand: int | None, as_json: bool, worlds: int, pass_worlds: int,
            seed: int, show_progress: bool | None) -> None:
    """Judge each pass and play of a seat in a recorded game (hearts-record/1).

    Exit status 1 on a bad record, seat or hand.
    """
    from .score import MAX_RECORD_BYTES

    index = None if hand is None else hand - 1  # the record's hand index
    data, why = read_record_bytes(file, MAX_RECORD_BYTES)
    out: dict[str, Any] | None = None
    if why is not None:
        err = RecordError("bad_record", "bad_record", why).error
        err["file"] = file
        out = {"ok": False, "error": err}
    if out is None:
        console = Console(stderr=True)
        if show_progress is None:
            show_progress = console.is_terminal
        if show_progress:
            with Progress(TextColumn("review"), BarColumn(), MofNCompleteColumn(),
                          TextColumn("decisions"), TimeElapsedColumn(), console=console,
                          transient=True) as bar:
                task = bar.add_task("review", total=None)
                out = review_text(data, seat, index, play_worlds=worlds, pass_worlds=pass_worlds,
                                  seed=seed, progress=lambda done, total: bar.update(
                                      task, completed=done, total=total))
        else:
            out = review_text(data, seat, index, play_worlds=worlds, pass_worlds=pass_worlds,
                              seed=seed)
    if not out["ok"]:
        out["error"].setdefault("file", file)  # as score's and hint's errors say which file
    if as_json:
        click.echo(json_line(out))
    elif out["ok"] and not out["decisions"]:
        where = f"hand {hand} of this record" if hand is not None else "this record"
        click.echo(f"Nothing to review: seat {seat} has no pass or play in {where}.")
    elif out["ok"]:
        console = Console()
        console.print(_table(out, console.width))
    else:
        click.echo(f"Error: {out['error']['message']}", err=True)
    if not out["ok"]:
        sys.exit(1)
