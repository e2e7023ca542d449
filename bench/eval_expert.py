"""``bench/eval_bots.py`` with the ``expert`` level registered (it lives in ``hearts.analysis``).

Usage: ``.venv/bin/python bench/eval_expert.py --bot expert --baseline hard --opponents medium
--deals 40 --jobs 2`` (the arguments of ``eval_bots.py``).  ``expert`` runs without its
wall-clock cap here, so that a busy machine does not weaken it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import hearts.analysis as analysis
from hearts.players.base import register_bot

sys.path.insert(0, str(Path(__file__).resolve().parent))
import eval_bots  # noqa: E402

register_bot("expert", lambda seed: analysis.expert_bot(seed, time_limit=None))

if __name__ == "__main__":
    raise SystemExit(eval_bots.main())
