"""``hearts arena`` with the frozen copy of ``hard`` registered as ``hard-frozen``.

Usage (from the repository root)::

    .venv/bin/python bench/arena_frozen.py --bots hard,hard-frozen,medium,medium \\
        --deals 400 --duplicate --jobs 2 --json

Every argument goes to ``hearts arena`` unchanged; the only difference is the
extra bot name (``bench/frozen_hard``), which the product registry does not list.
Worker processes are forked, so they inherit the registration.
"""

from __future__ import annotations

import sys

import frozen_hard

from hearts.cli.arena import command

if __name__ == "__main__":
    frozen_hard.register()
    sys.exit(command.main(sys.argv[1:], prog_name="arena_frozen"))
