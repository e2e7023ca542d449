"""Entry point of the ``hearts`` command: a Click group; each verb lives in its own module.

Verbs (``interfaces.md`` section 3): score, variants, hint, review, play, arena, bench, serve.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import os
import sys

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
    """Run the CLI (console script ``hearts``).  Output that cannot be written (a full
    disk, a closed pipe) ends the command with one line on standard error and exit
    status 1, not a traceback."""
    try:
        cli()
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EDQUOT):
            raise
        with contextlib.suppress(OSError):
            sys.stderr.write(f"hearts: cannot write the output: {exc.strerror or exc}\n")
        with contextlib.suppress(OSError):  # what is left in the buffer cannot go either
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)


if __name__ == "__main__":
    main()
