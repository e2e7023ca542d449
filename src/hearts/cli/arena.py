"""``hearts arena``: bots against bots over many deals, with statistics.

``interfaces.md`` section 3: ``hearts arena --bots A,B,C,D [--variant V]
[--players N] [--deals N] [--duplicate] [--seed S] [--jobs J] [--json]``;
with ``--json`` one JSON object ``{"hands": ..., "bots": [{"name",
"mean_points", "ci95", "moon_rate", "win_rate", ...}, ...], ...}``.  The
statistics are defined in :mod:`hearts.arena` and ``docs/arena.md``.
Usage errors (unknown bot, bot count not matching the players, bad option)
exit with status 2.  ``--record-out FILE.jsonl`` also writes every hand played
as a ``hearts-record/1`` record, one JSON object per line, in (deal, rotation)
order; ``hearts score FILE.jsonl`` gives back each hand's points (and chips).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..arena import ArenaConfig, ArenaError, ArenaResult, check_config, run_arena
from ..record import dump_record

PROGRESS_MIN_HANDS = 200
"""Runs of at least this many hands show a progress bar (on a terminal)."""


def parse_option_value(text: str) -> Any:
    """An option value from the command line: ``true``/``false``, an integer, else the text."""
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(low)
    except ValueError:
        return text.strip()


def parse_options(pairs: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """Turn ``("key=value", ...)`` into an options dict; raises ``click.BadParameter``."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{pair!r} is not key=value", param_hint="--option")
        out[key.strip()] = parse_option_value(value)
    return out


class RecordWriter:
    """The ``--record-out`` file, opened before the run (a path that cannot be written is
    refused before any hand is played) and written a chunk of hands at a time as the run
    goes (:func:`hearts.arena.run_arena`'s ``records``), one record per line.

    Raises ``click.BadParameter`` (exit status 2) when the file cannot be opened, and
    ``click.FileError`` when a write fails midway."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.count = 0
        try:
            self.out = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed by close()
        except OSError as exc:  # before any hand is played: a usage error (exit 2)
            raise click.BadParameter(f"cannot write {path}: {exc.strerror or exc}",
                                     param_hint="--record-out") from None

    def __call__(self, records: list[dict[str, Any]]) -> None:
        try:
            for rec in records:
                self.out.write(dump_record(rec) + "\n")
            self.out.flush()
        except OSError as exc:
            raise click.FileError(self.path, hint=exc.strerror or str(exc)) from None
        self.count += len(records)

    def close(self) -> None:
        """Close the file."""
        self.out.close()


def _table(result: ArenaResult) -> Table:
    cfg = result.config
    title = (f"{result.hands} hands: {cfg.deals} deals"
             + (f" x {cfg.rotations} seat rotations (duplicate)" if cfg.duplicate else "")
             + f"\n{cfg.variant}, {result.rules.players} players, seed {cfg.seed}")
    table = Table(title=title, title_justify="left")
    table.add_column("bot", no_wrap=True, min_width=max(len(n) for n in result.bot_names()))
    table.add_column("seats", justify="right")
    table.add_column("points/hand", justify="right")
    table.add_column("±95%", justify="right")
    stats = result.stats()
    chips = any(s.mean_chips is not None for s in stats)
    if chips:
        table.add_column("chips/hand", justify="right")
        table.add_column("±95%", justify="right")
    table.add_column("moon rate", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("games", justify="right")
    for s in stats:
        chip_cells = [] if not chips else [
            "-" if s.mean_chips is None else f"{s.mean_chips:+.3f}",
            "-" if s.chips_ci95 is None else f"{s.chips_ci95:.3f}"]
        table.add_row(s.name, str(s.seats), f"{s.mean_points:.3f}",
                      "-" if s.ci95 is None else f"{s.ci95:.3f}", *chip_cells,
                      f"{s.moon_rate:.2%}",
                      "-" if s.win_rate is None else f"{s.win_rate:.1%}", str(s.games))
    return table


def _pairs_table(result: ArenaResult) -> Table:
    table = Table(title="A minus B in the same seat on the same deals\n(points per hand; negative: A better)",
                  title_justify="left")
    table.add_column("A", no_wrap=True)
    table.add_column("B", no_wrap=True)
    table.add_column("mean difference", justify="right")
    table.add_column("±95%", justify="right")
    for p in result.pairs():
        table.add_row(p.a, p.b, f"{p.mean_diff:+.3f}", "-" if p.ci95 is None else f"{p.ci95:.3f}")
    return table


@click.command(name="arena")
@click.option("--bots", "bots", required=True,
              help="Comma-separated bot names, one per seat from seat 0 (e.g. hard,medium,medium,medium).")
@click.option("--variant", default="standard", show_default=True, help="Variant name (hearts variants).")
@click.option("--players", type=int, default=None,
              help="Players at the table (default: the variant's usual number).")
@click.option("--deals", type=int, default=100, show_default=True, help="Number of deals to play.")
@click.option("--duplicate", is_flag=True,
              help="Play every deal once per seat rotation, so every bot holds every hand.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Numbered game (1 .. 2^32-1) whose hands are the deals; also seeds the bots.")
@click.option("--jobs", type=int, default=1, show_default=True, help="Worker processes.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="Rule option override (repeatable), e.g. --option moon=subtract.")
@click.option("--progress/--no-progress", "show_progress", default=None,
              help="Show a progress bar on standard error (default: on a terminal, for long runs).")
@click.option("--record-out", "record_out", type=click.Path(dir_okay=False, writable=True),
              default=None, help="Also write every hand played as a hearts-record/1 record, "
                                 "one JSON object per line (.jsonl).")
def command(bots: str, variant: str, players: int | None, deals: int, duplicate: bool, seed: int,
            jobs: int, as_json: bool, options: tuple[str, ...], show_progress: bool | None,
            record_out: str | None) -> None:
    """Play bots against each other over many deals and print their statistics."""
    parts = [b.strip() for b in bots.split(",")]
    if not any(parts):
        raise click.BadParameter("give at least one bot name", param_hint="--bots")
    if not all(parts):
        raise click.BadParameter(f"an empty name between commas in {bots!r}",
                                 param_hint="--bots")
    names = tuple(parts)
    config = ArenaConfig(bots=names, variant=variant, players=players, deals=deals,
                         duplicate=duplicate, seed=seed, jobs=jobs, options=parse_options(options),
                         records=record_out is not None)
    try:
        check_config(config)
    except ArenaError as exc:
        hint = {"bad_table": "--bots", "unknown_bot": "--bots"}.get(exc.reason)
        raise click.UsageError(f"{hint}: {exc.message}" if hint else exc.message) from None

    err = Console(stderr=True)
    hands = deals * config.rotations
    if show_progress is None:
        show_progress = err.is_terminal and hands >= PROGRESS_MIN_HANDS
    writer = RecordWriter(record_out) if record_out is not None else None
    try:
        if show_progress:
            with Progress(TextColumn("arena"), BarColumn(), MofNCompleteColumn(),
                          TextColumn("hands"), TimeRemainingColumn(), console=err,
                          transient=True, auto_refresh=False) as bar:
                # auto_refresh=False: no refresh thread, so forking workers is safe.
                task = bar.add_task("arena", total=hands)
                result = run_arena(config, lambda k: bar.update(task, advance=k, refresh=True),
                                   writer)
        else:
            result = run_arena(config, records=writer)
    except ArenaError as exc:
        click.echo(f"Error: {exc.message}", err=True)
        sys.exit(1)
    finally:
        if writer is not None:
            writer.close()
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    out = Console()
    out.print(_table(result))
    if config.duplicate and len(result.bot_names()) > 1:
        out.print(_pairs_table(result))
