"""Entry point of the ``hearts`` command: a Click group; each verb lives in its own module.

Verbs (``interfaces.md`` section 3): score, variants, hint, review, play, arena, bench, serve.
"""

from __future__ import annotations

import importlib

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hearts")
def cli() -> None:
    """Hearts: the Hearts family of card games."""


# Each module defines one Click command (or group) named ``command``.
_VERBS = ("score", "variants", "hint", "review", "play", "arena", "bench", "serve", "migrate")

for _verb in _VERBS:
    try:
        _mod = importlib.import_module(f"hearts.cli.{_verb}")
    except ModuleNotFoundError as _exc:  # verb not written yet
        if _exc.name != f"hearts.cli.{_verb}":
            raise
        continue
    cli.add_command(_mod.command, _verb)


def main() -> None:
    """Run the CLI (console script ``hearts``)."""
    cli()


if __name__ == "__main__":
    main()
