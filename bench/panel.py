"""A bot against a panel of opponents it does not model: paired duplicate deals, resumable.

Usage (from the repository root; ``--jobs 2`` uses both cores)::

    .venv/bin/python bench/panel.py run --bot hard --baseline hard-frozen \\
        --deals 300 --jobs 2 --log bench/eval_logs/panel.jsonl
    .venv/bin/python bench/panel.py report --bot hard --baseline hard-frozen \\
        --log bench/eval_logs/panel.jsonl --read bench/eval_logs/other.jsonl
    .venv/bin/python bench/panel.py run --bot hard-frozen --baseline 'hard-frozen#0' \\
        --panel high-dumper --deals 4 --log /tmp/null.jsonl          # the null check

**Design.**  For each panel member ``M`` (a bot name, or ``mix:A+B+C`` for three
different bots at one table) and each deal number ``d`` (``match.deal_for``: the
evaluation deals of ``eval_bots.py``, the pass direction cycling with ``d``), the deal is
played once per seat rotation with the seat bot (``--bot``, then ``--baseline``) in one
seat and ``M`` in the others.  Both line-ups share everything but the seat bot: the cards,
the seat, the pass direction, and every bot's seed (seat ``s`` of deal ``d`` is seeded
``16 d + s`` for the seat bot and the opponents alike, as in ``match.duplicate``), so
the opponents answer the same way as long as the play has not diverged.  The hard levels
run without their clock (``time_limit=None``), so a line-up is reproducible.

**Log.**  One JSON line per (seat bot, member, deal): the points of every rotation, the
moons, the seat bot's decision times (wall clock and CPU per card) and the line-up's
wall and CPU seconds (every bot of the table: the cost of the line-up).  A line-up
already in the log is never played again, so a run is resumed by running the same
command, and a baseline's lines serve every later run that names the same baseline
(the frozen hard never changes: run it once on many deals).  ``NAME#k`` is bot
``NAME`` with seat seeds shifted by ``k`` (``#0``: the same seeds, a separate
line-up: the null check).

**Estimates** (``report``).  Per member, over the deals both line-ups played: the seat
bot's and the baseline's mean points a hand, and the paired difference (seat bot minus
baseline, the four rotations of a deal averaged first, since they are not independent)
with a 95% interval over deals.  The control variate: the baseline's result on the same
deal ``X`` is a control for the seat bot's ``Y``; with the baseline played on more deals
(``L``, all its lines in the log) than the pair (``S``), the estimate is
``mean_S(Y - b X) + (b - 1) mean_L(X)`` with ``b`` the least-squares slope of ``Y`` on
``X`` over ``S`` (``b = 1`` is the plain paired difference; on ``L = S`` the two are the
same), and its variance ``var_S(Y - b X) / |S| + (b - 1)^2 var_L(X) / |L|``.  The
panel's figure is the mean of the single members' differences, ``medium`` and mixed
tables left out, with the interval of a mean of independent estimates; ``worst_upper`` is
the largest upper end of a member's interval (below 0: not worse against any member).
The null check plays a bot against itself (``#0``): every difference must be exactly 0
(deterministic bots) -- anything else is noise in the harness, not in the bots.

**Isolation.**  OpenSpiel's ISMCTS answers by memory addresses (its hash maps' order), so
it runs in a child process of its own per game and seat with address-space randomisation
off (``bench/isolated.py``, :data:`ISOLATE`); then the null check holds against it too.

Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from typing import Any

import frozen_hard  # bench/frozen_hard: the frozen copy of hard (issue 10)

from hearts.players.base import Bot, get_bot
from hearts.players.hard import ExpertBot, HardBot
from hearts.players.match import duplicate
from hearts.rules import Rules, make_rules

PANEL = ("spade-keeper", "high-passer", "high-dumper", "moon-shooter",
         "openspiel-ismcts", "openspiel-ismcts-4k", "hard-frozen", "expert", "medium",
         "mix:spade-keeper+high-dumper+openspiel-ismcts",
         "mix:high-passer+moon-shooter+hard-frozen")
"""The default panel: the four styles (``hearts.players.styles``), OpenSpiel's ISMCTS
at its default (1,000 simulations) and at 4,000, the frozen hard, expert, medium (for
the check that strength against medium is kept: left out of the panel's mean) and two
tables of three different members."""
SEED_SHIFT = 1_000_003
ISOLATE = True
"""Whether members that are not reproducible in the caller's process (OpenSpiel's ISMCTS,
:func:`needs_isolation`) answer from a child process of their own (``bench/isolated.py``),
so that both line-ups of a pair share their answers; ``--no-isolate`` turns it off (the
lines of runs before 2026-12-05 16:00 UTC were played that way)."""


def needs_isolation(name: str) -> bool:
    """Whether bot ``name`` (a panel name) is one whose answers hang on memory addresses."""
    return name.partition("#")[0].partition(":")[0].startswith("openspiel-ismcts")


def isolated_member(member: str) -> bool:
    """Whether ``member``'s line-ups run isolated bots (with :data:`ISOLATE` on): the
    log line says so (``"isolated": true``), and only lines played the same way pair."""
    return ISOLATE and any(needs_isolation(m) for m in member_bots(member))


def member_bots(member: str) -> list[str]:
    """The bots of panel member ``member``: ``mix:A+B+C`` names one each, else ``member``."""
    return member[4:].split("+") if member.startswith("mix:") else [member]


_IN_CHILD = False
"""True in the child process of ``bench/isolated.py`` (which builds the bot itself)."""


def make_bot(name: str, seed: int) -> Bot:
    """A bot by panel name: ``hard`` / ``hard:{JSON options}``, ``hard-frozen`` and
    ``expert`` without their clock; ``openspiel-ismcts-4k`` (4,000 simulations); any
    registered bot; ``NAME#k`` shifts the seed by ``k``.  With :data:`ISOLATE` a bot
    that :func:`needs_isolation` answers from a child process of its own."""
    if ISOLATE and needs_isolation(name) and not _IN_CHILD:
        from isolated import IsolatedBot  # its child calls make_bot(name, seed) itself
        return IsolatedBot(name, seed)
    name, _, shift = name.partition("#")
    if shift:
        seed += int(shift) * SEED_SHIFT
    base, _, opts = name.partition(":")
    options: dict[str, Any] = {"time_limit": None}
    if opts:
        options.update(json.loads(opts))
    if base == "hard":
        return HardBot(seed, **options)
    if base == "expert":
        return ExpertBot(seed, **options)
    if base == "hard-frozen":
        return frozen_hard.HardBot(seed, time_limit=None)
    if base == "openspiel-ismcts-4k":
        from hearts.players.openspiel_ismcts import OpenSpielISMCTSBot
        return OpenSpielISMCTSBot(seed, simulations=4000)
    return get_bot(base, seed)


def lineup(seat_bot: str, member: str, players: int) -> list[str]:
    """The line-up: the seat bot first, then ``member`` (``mix:A+B+C``: one each)."""
    if member.startswith("mix:"):
        others = member_bots(member)
        if len(others) != players - 1:
            raise ValueError(f"{member}: need {players - 1} bots")
        return [seat_bot, *others]
    return [seat_bot] + [member] * (players - 1)


def game_rules(variant: str, players: int | None, hands: int) -> Rules:
    """The rules of a line-up: the variant's, and with ``hands > 1`` a game of exactly
    that many hands (the ``deals`` option), so that no game ends early."""
    return make_rules(variant, players, {"deals": hands} if hands > 1 else None)


def _task(args: tuple[str, str, int, str, int | None, int]) -> dict[str, Any]:
    seat_bot, member, deal, variant, players, hands = args
    rules = game_rules(variant, players, hands)
    t0, c0 = time.time(), time.process_time()
    res = duplicate(rules, lineup(seat_bot, member, rules.players), [deal], factory=make_bot,
                    hands=hands)
    times = sorted(res.play_times.get(seat_bot, []))
    cpu = sorted(res.cpu_times.get(seat_bot, []))
    out: dict[str, Any] = {"seat": seat_bot, "member": member, "deal": deal}
    if hands > 1:
        out["hands"] = hands
    if isolated_member(member):
        out["isolated"] = True
    return out | {"variant": variant,
            "points": [list(p) for p in res.points[0]], "moons": res.moons,
            "mean": statistics.fmean(res.by_entry(0)) / hands,
            "ms": [round(1000 * statistics.median(times), 2) if times else None,
                   round(1000 * times[int(0.95 * (len(times) - 1))], 2) if times else None],
            "cpu_ms": round(1000 * statistics.median(cpu), 2) if cpu else None,
            "seconds": round(time.time() - t0, 2),
            "cpu_seconds": round(time.process_time() - c0, 2)}


def load(path: str) -> list[dict[str, Any]]:
    """The log's lines (a missing file: none; a torn last line is skipped)."""
    out = []
    try:
        with open(path) as f:
            for line in f:
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError:
                    continue
    except FileNotFoundError:
        pass
    return out


def _key(r: dict[str, Any]) -> tuple[str, str, int, str, int, bool]:
    return (r["seat"], r["member"], r["deal"], r.get("variant", "standard"), r.get("hands", 1),
            bool(r.get("isolated", False)))


def run(bots: Sequence[str], panel: Sequence[str], deals: Iterable[int], log: str,
        jobs: int = 1, variant: str = "standard", players: int | None = None,
        hands: int = 1) -> int:
    """Play every (seat bot, member, deal) line-up not yet in ``log``, appending one line
    each as it finishes; deal-major order, so a stopped run covers the members evenly.
    With ``hands > 1`` each deal number is a game of that many hands
    (``match.game_deals``).  Returns the number of line-ups played."""
    done = {_key(r) for r in load(log)}
    tasks = [(b, m, d, variant, players, hands) for d in deals for m in panel for b in bots
             if (b, m, d, variant, hands, isolated_member(m)) not in done]
    with open(log, "a") as f:
        if jobs > 1:
            with mp.get_context("fork").Pool(jobs) as pool:
                for r in pool.imap_unordered(_task, tasks):
                    f.write(json.dumps(r) + "\n")
                    f.flush()
        else:
            for t in tasks:
                f.write(json.dumps(_task(t)) + "\n")
                f.flush()
    return len(tasks)


def _mean_var(xs: Sequence[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    v = statistics.variance(xs) if len(xs) > 1 else math.inf
    return m, v


def _r(x: float) -> float | None:
    return None if math.isinf(x) or math.isnan(x) else round(x, 3)


def estimate(ys: dict[int, float], xs: dict[int, float]) -> dict[str, Any]:
    """Figures for one member: ``ys``/``xs`` the seat bot's and the baseline's mean
    points a hand by deal (see the module text)."""
    both = sorted(set(ys) & set(xs))
    out: dict[str, Any] = {"deals": len(both), "baseline_deals": len(xs)}
    if not both:
        return out
    y = [ys[d] for d in both]
    x = [xs[d] for d in both]
    my, vy = _mean_var(y)
    mx, vx = _mean_var(x)
    diff = [a - b for a, b in zip(y, x, strict=True)]
    md, vd = _mean_var(diff)
    n = len(both)
    out.update({"bot": _r(my), "bot_ci95": _r(1.96 * math.sqrt(vy / n)),
                "baseline": _r(mx), "baseline_ci95": _r(1.96 * math.sqrt(vx / n)),
                "difference": _r(md), "difference_ci95": _r(1.96 * math.sqrt(vd / n)),
                "identical_deals": sum(1 for v in diff if v == 0)})
    lx = list(xs.values())
    if n > 2 and vx > 0 and not math.isinf(vx):
        b = sum((a - my) * (c - mx) for a, c in zip(y, x, strict=True)) / ((n - 1) * vx)
        res = [a - b * c for a, c in zip(y, x, strict=True)]
        mr, vr = _mean_var(res)
        mlx, vlx = _mean_var(lx)
        est = mr + (b - 1) * mlx
        var = vr / n + (b - 1) ** 2 * (vlx / len(lx) if len(lx) > 1 else 0.0)
        out.update({"cv_slope": _r(b), "cv_difference": _r(est),
                    "cv_ci95": _r(1.96 * math.sqrt(var))})
    return out


def load_all(logs: Sequence[str], same: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """The lines of several logs, a line-up kept once (its first line, in the order of
    ``logs``).  ``same`` maps a seat bot's name to another's: a line of the first counts
    as the second's where the second has none for that member and deal (for two labels of
    one bot, as an option that cannot act against a member)."""
    out: dict[tuple[str, str, int, str, int, bool], dict[str, Any]] = {}
    for log in logs:
        for r in load(log):
            out.setdefault(_key(r), r)
    aliases = same or {}
    for r in [r for r in out.values() if r["seat"] in aliases]:
        alias = {**r, "seat": aliases[r["seat"]]}
        out.setdefault(_key(alias), alias)
    return list(out.values())


def report(log: str | Sequence[str], bot: str, baseline: str,
           panel: Sequence[str] | None = None, variant: str = "standard", hands: int = 1,
           same: dict[str, str] | None = None,
           deals: range | None = None) -> dict[str, Any]:
    """The estimates of ``bot`` against ``baseline`` per member of the log (or of
    ``panel``), and over the panel (see the module text); ``hands`` picks the lines of
    games of that many hands (1: single hands).  ``log`` is one path or several
    (:func:`load_all`, with ``same``).  ``deals``: only those deal numbers (all logged
    deals when None)."""
    logs = [log] if isinstance(log, str) else list(log)
    lines = [r for r in load_all(logs, same) if r.get("variant", "standard") == variant
             and r.get("hands", 1) == hands and (deals is None or r["deal"] in deals)
             and bool(r.get("isolated", False)) == isolated_member(r["member"])]
    members = list(panel) if panel else sorted({r["member"] for r in lines})
    by: dict[tuple[str, str], dict[int, float]] = {}
    ms: dict[str, list[float]] = {}
    for r in lines:
        by.setdefault((r["seat"], r["member"]), {})[r["deal"]] = r["mean"]
        if r["ms"][0] is not None:
            ms.setdefault(r["seat"], []).append(r["ms"][0])
    out: dict[str, Any] = {"bot": bot, "baseline": baseline, "variant": variant,
                           "hands": hands, "members": {}}
    singles = []
    for m in members:
        e = estimate(by.get((bot, m), {}), by.get((baseline, m), {}))
        out["members"][m] = e
        if "difference" in e and m != "medium" and not m.startswith("mix:"):
            singles.append(e)
    if singles:
        keyed = [(e.get("cv_difference", e["difference"]),
                  e.get("cv_ci95", e["difference_ci95"])) for e in singles]
        k = len(keyed)
        mean = sum(d for d, _ in keyed) / k
        cis = [c for _, c in keyed if c is not None]
        # A member with a single deal has no interval: then neither has the panel.
        whole = len(cis) == k
        out["panel"] = {"members": k, "difference": _r(mean),
                        "ci95": _r(math.sqrt(sum(c * c for c in cis)) / k) if whole else None,
                        "worst_upper": _r(max(d + (c or 0.0) for d, c in keyed))
                        if whole else None}
    out["median_ms_per_card"] = {s: _r(statistics.median(v)) for s, v in ms.items()
                                 if s in (bot, baseline)}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("command", choices=("run", "report"))
    p.add_argument("--bot", default="hard")
    p.add_argument("--baseline", default="hard-frozen")
    p.add_argument("--panel", default=",".join(PANEL),
                   help="comma-separated members (default: the whole panel)")
    p.add_argument("--deals", type=int, default=None,
                   help="how many deals from --start (run: 10 when not given; report: "
                        "only these deals when --start or --deals is given, else all)")
    p.add_argument("--start", type=int, default=None, help="first deal number (0)")
    p.add_argument("--variant", default="standard")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--hands", type=int, default=1,
                   help="hands a game: each deal number is a game of that many hands, the "
                        "same bots throughout (they read the earlier hands); 1: single hands")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--log", required=True, help="JSON-lines log (appended, resumed)")
    p.add_argument("--read", action="append", default=[], metavar="LOG",
                   help="another log the report reads too (repeatable; a line-up in two "
                        "logs counts once)")
    p.add_argument("--same", action="append", default=[], metavar="A=B",
                   help="report seat bot A's lines as B's where B has none (two labels "
                        "of one bot; repeatable)")
    p.add_argument("--no-isolate", action="store_true",
                   help="play OpenSpiel's ISMCTS in the caller's process (not reproducible; "
                        "the earlier runs' way) and report the lines played so")
    a = p.parse_args(argv)
    global ISOLATE
    ISOLATE = not a.no_isolate
    panel = [m for m in a.panel.split(",") if m]
    t0 = time.time()
    played = 0
    start = a.start or 0
    deals = None  # the report after a run reads every logged deal, as before
    if a.command == "run":
        played = run([a.bot, a.baseline], panel,
                     range(start, start + (10 if a.deals is None else a.deals)),
                     a.log, a.jobs, a.variant, a.players, a.hands)
    elif a.start is not None or a.deals is not None:
        deals = range(start, sys.maxsize if a.deals is None else start + a.deals)
    same = dict(x.split("=", 1) for x in a.same)
    out = report([a.log, *a.read], a.bot, a.baseline, panel, a.variant, a.hands, same,
                 deals)
    out.update({"played": played, "seconds": round(time.time() - t0, 1),
                "date": time.strftime("%Y-%m-%d")})
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
