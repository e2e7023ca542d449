"""Every game of the family through the arena: records re-scored, and medium against random.

Usage (from the repository root)::

    .venv/bin/python bench/family_bench.py records [--deals 200] [--variant V ...]
    .venv/bin/python bench/family_bench.py strength [--deals 100] [--variant V ...]
    ... [--option KEY=VALUE ...]   (the same options for every variant listed)
    ... [--players N]              (the table size; default each variant's own)

``records``: for each variant, runs ``hearts arena --variant V --bots
medium,... --deals N --record-out F`` (the real command line), then ``hearts
score F``, and checks that every hand's points (and chips, in chip games)
come back the same.  Prints one JSON line per variant: ``{"variant", "hands",
"same", "seconds"}``.

``strength``: for each variant, a duplicate arena run (every deal played once
per seat rotation) with ``medium`` in one seat and ``random`` in the others,
so each bot holds every seat's cards of every deal.  The figure is the paired
difference medium minus random in the same seat on the same deals
(``arena.paired_difference``): points per hand (negative: medium takes fewer)
and, in chip games, chips per hand (positive: medium wins more), each with
the half-width of its 95 % confidence interval over deals.  ``beats`` is true
when the interval excludes zero on the right side (points for points games,
chips for chip games).  In a partnership game (``Rules.teams``) the points compared
are the side's (the seat's and its partner's, the partner being ``random`` either
way), as the side's total decides those games.  Prints one JSON line per variant.

Results and commands: ``bench/family_results.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from hearts.arena import ArenaConfig, paired_difference, run_arena  # noqa: E402
from hearts.cli.arena import parse_options  # noqa: E402
from hearts.rules import VARIANTS, make_rules  # noqa: E402
from hearts.settle import side_of, uses_chips  # noqa: E402

HEARTS = str(Path(sys.executable).with_name("hearts"))


def records(variant: str, deals: int, options: dict[str, object],
            players: int | None = None) -> dict[str, object]:
    """Run the arena with ``--record-out`` and compare ``hearts score`` with its hands."""
    n = make_rules(variant, players, options).players
    flags = [x for k, v in options.items()
             for x in ("--option", f"{k}={str(v).lower() if isinstance(v, bool) else v}")]
    bots = ",".join(["medium"] * n)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "hands.jsonl")
        subprocess.run([HEARTS, "arena", "--variant", variant, "--players", str(n), "--bots",
                        bots, "--deals", str(deals), "--seed", "9", "--record-out", out,
                        "--json", *flags],
                       check=True, capture_output=True, text=True)
        lines = Path(out).read_text().splitlines()
        scored = subprocess.run([HEARTS, "score", out], capture_output=True, text=True)
    # The arena's own hands, replayed in-process on the same seed (same bots, same seeds).
    result = run_arena(ArenaConfig(bots=(("medium",) * n), variant=variant, players=n,
                                   deals=deals, seed=9, options=options))
    rows = [json.loads(x) for x in scored.stdout.splitlines()]
    same = len(rows) == len(lines) == len(result.outcomes) and all(
        r["ok"] and r["hands"][0]["points"] == list(o.points)
        and (not o.chips or r["hands"][0]["chips"] == list(o.chips))
        for r, o in zip(rows, result.outcomes, strict=True))
    return {"variant": variant, "options": options, "players": n, "hands": len(lines),
            "same": same, "exit": scored.returncode,
            "seconds": round(time.perf_counter() - start, 1)}


def strength(variant: str, deals: int, jobs: int, options: dict[str, object],
             players: int | None = None) -> dict[str, object]:
    """Paired medium-minus-random differences for one variant (see the module docstring)."""
    rules = make_rules(variant, players, options)
    n = rules.players
    start = time.perf_counter()
    result = run_arena(ArenaConfig(bots=("medium",) + ("random",) * (n - 1), variant=variant,
                                   players=n, deals=deals, duplicate=True, seed=2026, jobs=jobs,
                                   options=options))
    if rules.teams:  # the side's points: each seat's and its partner's
        result = replace(result, outcomes=[
            replace(o, points=tuple(sum(o.points[t] for t in side_of(rules, s))
                                    for s in range(n))) for o in result.outcomes])
    pts = paired_difference(result, "medium", "random")
    out: dict[str, object] = {"variant": variant, "options": options, "players": n, "deals": deals,
                              "hands": result.hands, "points_diff": round(pts.mean_diff, 3),
                              "points_ci95": round(pts.ci95 or 0.0, 3)}
    if uses_chips(rules):
        # The same pairing on chips: points replaced by minus the chips (lower is better).
        flipped = replace(result, outcomes=[
            replace(o, points=tuple(-c for c in o.chips)) for o in result.outcomes])
        ch = paired_difference(flipped, "medium", "random")
        out["chips_diff"] = round(-ch.mean_diff, 3)
        out["chips_ci95"] = round(ch.ci95 or 0.0, 3)
        out["beats"] = -ch.mean_diff - (ch.ci95 or 0.0) > 0
    else:
        out["beats"] = pts.mean_diff + (pts.ci95 or 0.0) < 0
    out["seconds"] = round(time.perf_counter() - start, 1)
    return out


def main() -> None:
    """Parse the arguments and print one JSON line per variant."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("records", "strength"))
    p.add_argument("--deals", type=int, default=None)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--variant", action="append", default=None)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--players", type=int, default=None)
    a = p.parse_args()
    options = parse_options(a.option)
    for v in a.variant or sorted(VARIANTS):
        if a.what == "records":
            line = records(v, a.deals or 200, options, a.players)
        else:
            line = strength(v, a.deals or 100, a.jobs, options, a.players)
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
