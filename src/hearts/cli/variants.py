"""``hearts variants [--json]``: the variants and the house-rule options with their defaults.

``--json`` prints one object, also served by the web game at ``/api/variants``::

    {"variants": [{"name": "standard", "title": ..., "summary": ..., "players": [3, 4, 5, 6],
                   "default_players": 4, "defaults": {...}, "source": ...}, ...],
     "options": [{"key": "moon", "type": "choice", "default": "add", "help": ...,
                  "choices": ["add", "subtract", "choice", "none"]}, ...]}

A variant's ``defaults`` lists only the options it sets differently from the
option defaults.  Without ``--json`` the same facts are shown as two tables.
"""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from ..rules import OPTIONS, VARIANTS
from .errors import json_line


def variants_json() -> dict[str, Any]:
    """``{"variants": [...], "options": [...]}`` from ``rules.VARIANTS`` and ``rules.OPTIONS``."""
    return {"variants": [v.to_json() for v in VARIANTS.values()],
            "options": [o.to_json() for o in OPTIONS]}


def _value(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def _tables() -> tuple[Table, Table]:
    variants = Table(title="Variants", title_justify="left", show_lines=True)
    variants.add_column("name", style="bold", no_wrap=True)
    variants.add_column("players")
    variants.add_column("rules")
    variants.add_column("option defaults")
    for v in VARIANTS.values():
        players = ", ".join(str(p) for p in v.players) + f" (default {v.default_players})"
        defaults = "\n".join(f"{k} = {_value(x)}" for k, x in v.defaults.items()) or "-"
        variants.add_row(v.name, players, f"{v.title}: {v.summary}", defaults)
    options = Table(title="Options (house rules; a record's \"options\")", title_justify="left",
                    show_lines=True)
    options.add_column("option", style="bold", no_wrap=True)
    options.add_column("default")
    options.add_column("values", max_width=16)
    options.add_column("meaning", min_width=40)
    for o in OPTIONS:
        if o.kind == "choice":
            values = ", ".join(o.choices)
        elif o.kind == "bool":
            values = "true, false"
        else:
            values = f"{o.minimum if o.minimum is not None else ''}..{o.maximum or ''}"
        options.add_row(o.key, _value(o.default), values, o.help)
    return variants, options


@click.command("variants")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
def command(as_json: bool) -> None:
    """List the variants and the house-rule options with their defaults."""
    if as_json:
        click.echo(json_line(variants_json()))
        return
    console = Console(width=max(100, Console().width))
    for table in _tables():
        console.print(table)
