"""Compare our engine with OpenSpiel's Hearts: correctness on many hands, and speed.

    .venv/bin/python bench/openspiel_compare.py                 # 100,000 hands + speed
    .venv/bin/python bench/openspiel_compare.py --hands 5000 --rounds 3 --seconds 1

1. Differential run: ``--hands`` random hands (random options among those both
   engines have, random pass direction) played in both engines with the driver
   of ``tests/test_openspiel_diff.py``; any disagreement stops the run with the
   position.  ``--jobs`` worker processes share the hands.
2. Speed: random full hands per second, each engine driven from Python, in
   alternating rounds of ``--seconds`` each (the median round is reported, so a
   busy neighbour on the machine hurts both sides alike):
   - ``ours``: ``hearts.cli.bench.engine_hands_per_second`` (what
     ``hearts bench engine`` runs: deal, random pass, random legal cards, scoring),
     with the engine as installed: compiled by mypyc when ``"engine"`` in the
     output says ``"compiled"`` (``setup.py``);
   - ``ours_pure``: the same in a child process with ``HEARTS_PURE_PYTHON=1``,
     which loads the engine's ``.py`` sources (the child times itself, so its
     start-up is not counted);
   - ``openspiel_naive``: the textbook loop (``chance_outcomes()`` at chance
     nodes, ``legal_actions()`` otherwise, ``apply_action``);
   - ``openspiel_legal_actions``: the same with ``legal_actions()`` at chance
     nodes too;
   - ``openspiel_tuned``: the fastest loop we found: bound methods, one
     ``legal_actions()`` call per node, the deal applied from one shuffle.
   - ``python_floor``: not an engine but a bound: a random hand written out
     inline in pure Python with no checks, records, passing or scoring.
   Rates are given per wall-clock second and per CPU second of the process.
   All three pick uniformly among the legal actions with ``random.Random``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pyspiel

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "src"))

from test_openspiel_diff import run_hands  # noqa: E402

from hearts import _native  # noqa: E402
from hearts.cli.bench import engine_hands_per_second  # noqa: E402


def _rates(hands: int, start: float, cpu_start: float) -> tuple[float, float]:
    return hands / (time.perf_counter() - start), hands / (time.process_time() - cpu_start)


def openspiel_naive(seconds: float, seed: int = 1) -> tuple[float, float]:
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    hands = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions = [a for a, _ in state.chance_outcomes()]
            else:
                actions = state.legal_actions()
            state.apply_action(actions[int(rng.random() * len(actions))])
        state.returns()
        hands += 1
        if time.perf_counter() - start >= seconds:
            return _rates(hands, start, cpu_start)


def openspiel_legal_actions(seconds: float, seed: int = 1) -> tuple[float, float]:
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    hands = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.random() * len(actions))])
        state.returns()
        hands += 1
        if time.perf_counter() - start >= seconds:
            return _rates(hands, start, cpu_start)


def openspiel_tuned(seconds: float, seed: int = 1) -> tuple[float, float]:
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    r = rng.random
    deck = list(range(52))
    hands = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while True:
        state = game.new_initial_state()
        state.apply_action(int(r() * 4))   # pass direction
        rng.shuffle(deck)                  # the deal: 52 chance actions
        apply = state.apply_action
        for card in deck:
            apply(card)
        legal, terminal = state.legal_actions, state.is_terminal
        while not terminal():
            actions = legal()
            apply(actions[int(r() * len(actions))])
        state.returns()
        hands += 1
        if time.perf_counter() - start >= seconds:
            return _rates(hands, start, cpu_start)


def python_floor(seconds: float, seed: int = 1) -> tuple[float, float]:
    """A bound, not an engine: one random 4-player hand written out inline in pure
    Python (deal, 2C lead, follow suit, trick winners), without passing, scoring,
    records, objects or any check.  No pure-Python engine can be faster than this."""
    from hearts.cards import SUIT_CARDS, SUIT_MASKS

    tc_, td_, th_, ts_ = SUIT_CARDS
    led_mask = [SUIT_MASKS[c >> 4] for c in range(64)]
    deck_bits = [1 << (s * 16 + r) for s in range(4) for r in range(13)]
    rng = random.Random(seed)
    r = rng.random
    hands_done = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while True:
        bits = list(deck_bits)
        for i in range(51, 12, -1):
            j = int(r() * (i + 1))
            bits[i], bits[j] = bits[j], bits[i]
        hands = [sum(bits[0:13]), sum(bits[13:26]), sum(bits[26:39]), sum(bits[39:52])]
        turn = 0
        while not hands[turn] & 1:
            turn += 1
        won = [0, 0, 0, 0]
        log = []
        for trick in range(13):
            leader, cards = turn, []
            for k in range(4):
                h = hands[turn]
                legal = (h & led_mask[cards[0]] or h) if k else (h if trick else 1)
                t = tc_[legal & 8191] + td_[legal >> 16 & 8191] + th_[legal >> 32 & 8191] + ts_[legal >> 48]
                c = t[int(r() * len(t))]
                hands[turn] = h ^ (1 << c)
                cards.append(c)
                log.append((0, turn, c, trick, None))
                turn = turn + 1 if turn < 3 else 0
            m = sum(1 << c for c in cards)
            turn = (leader + cards.index((m & led_mask[cards[0]]).bit_length() - 1)) % 4
            won[turn] |= m
        hands_done += 1
        if time.perf_counter() - start >= seconds:
            return _rates(hands_done, start, cpu_start)


def ours(seconds: float, seed: int = 1) -> tuple[float, float]:
    r = engine_hands_per_second(seconds, seed=seed)
    return float(r["hands_per_s"]), float(r["hands_per_cpu_s"])


def ours_pure(seconds: float, seed: int = 1) -> tuple[float, float]:
    code = ("import json, sys; from hearts.cli.bench import engine_hands_per_second as f; "
            "print(json.dumps(f(float(sys.argv[1]), seed=int(sys.argv[2]))))")
    env = {**os.environ, "HEARTS_PURE_PYTHON": "1",
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", code, str(seconds), str(seed)], env=env,
                         check=True, capture_output=True, text=True).stdout
    r = json.loads(out)
    return float(r["hands_per_s"]), float(r["hands_per_cpu_s"])


def _diff_job(args: tuple[int, int]) -> dict[str, int]:
    seed, hands = args
    return run_hands(seed, hands)


def differential(hands: int, jobs: int, chunk: int = 1000) -> dict[str, int]:
    tasks = [(50_000 + i, min(chunk, hands - i * chunk)) for i in range((hands + chunk - 1) // chunk)]
    total = {"hands": 0, "moons": 0, "decisions": 0, "moon_with_bonus_mapping": 0}
    with multiprocessing.Pool(jobs) as pool:
        for stats in pool.imap_unordered(_diff_job, tasks):
            for k in total:
                total[k] += stats[k]
    return total


DRIVERS = {"ours": ours, "ours_pure": ours_pure, "openspiel_tuned": openspiel_tuned,
           "openspiel_legal_actions": openspiel_legal_actions, "openspiel_naive": openspiel_naive,
           "python_floor": python_floor}


def speed(rounds: int, seconds: float) -> dict[str, object]:
    wall: dict[str, list[float]] = {k: [] for k in DRIVERS}
    cpu: dict[str, list[float]] = {k: [] for k in DRIVERS}
    for i in range(rounds):
        for name, fn in DRIVERS.items():
            w, c = fn(seconds, seed=i + 1)
            wall[name].append(w)
            cpu[name].append(c)
    med_wall = {k: round(statistics.median(v), 1) for k, v in wall.items()}
    med_cpu = {k: round(statistics.median(v), 1) for k, v in cpu.items()}
    return {
        "median_hands_per_s": med_wall,
        "median_hands_per_cpu_s": med_cpu,
        "rounds_hands_per_s": {k: [round(x, 1) for x in v] for k, v in wall.items()},
        "ratio_ours_over": {k: {"wall": round(med_wall["ours"] / med_wall[k], 2),
                                "cpu": round(med_cpu["ours"] / med_cpu[k], 2)}
                            for k in DRIVERS if k != "ours"},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=100_000, help="hands for the differential run (0: skip)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--rounds", type=int, default=5, help="speed rounds per engine (0: skip)")
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per speed round")
    args = ap.parse_args()
    out: dict[str, object] = {"python": platform.python_version(), "cpus": os.cpu_count(),
                              "openspiel": getattr(pyspiel, "__version__", "?"),
                              "engine": _native.MODE}
    if args.hands:
        t0 = time.perf_counter()
        out["differential"] = differential(args.hands, args.jobs)
        out["differential_seconds"] = round(time.perf_counter() - t0, 1)
    if args.rounds:
        out["speed"] = speed(args.rounds, args.seconds)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
