"""CPU cost of a shared table's hot path, in process, without the network: for each move
the server checks it, applies it and writes the ``update`` text of each of the four seats
(``TableState.check``, ``apply``, ``update_texts``) -- what ``TableHub._commit`` does on
the event loop besides the database and the sockets.

``--tables`` tables live at once (their state is what a full garbage collection walks);
moves are made round the tables, random legal ones, deals secret.  ``--gc default`` keeps
Python's collector settings, ``--gc server`` applies what ``hearts serve`` does
(``hearts.web.app.tune_gc``).  CPU time (``time.process_time``), so the figure moves
little with the other jobs on the machine.  Prints one JSON object.

    .venv/bin/python bench/tables_hotpath.py --tables 200 --moves 40000 --gc default
    .venv/bin/python bench/tables_hotpath.py --tables 200 --moves 40000 --gc server
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from pathlib import Path
from typing import Any


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--moves", type=int, default=40_000)
    ap.add_argument("--gc", choices=("default", "server"), default="server")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from hearts import _native
    from hearts.cards import card_str, cards_of
    from hearts.web.app import tune_gc
    from hearts.web.tables import TableState, check_settings, secret_deal

    def new_table(i: int) -> TableState:
        st = TableState(f"t{i}", check_settings("standard", None, {}, "random", None, 120,
                                                True), i)
        for s in range(4):
            st.apply(["join", s, f"p{s}", f"hash{i}.{s}"])
        st.apply(["start"])
        st.apply(["deal", secret_deal(st.rules)])
        return st

    def move(st: TableState, rng: random.Random) -> list[Any]:
        g = st.game
        if g.phase == "pass":
            s = next(s for s in range(4) if g.passes[s] is None)
            return ["pass", s, *(card_str(c) for c in cards_of(g.hands[s])[:3])]
        if g.phase == "play":
            return ["play", g.turn, card_str(rng.choice(cards_of(g.legal_plays())))]
        if g.phase == "moon-choice":
            return ["moon", g.turn, "add"]
        return ["deal", secret_deal(st.rules)]

    if args.gc == "server":
        tune_gc()
    rng = random.Random(1)
    tables = [new_table(i) for i in range(max(1, args.tables))]
    seats: set[int | None] = {0, 1, 2, 3}
    extra = {"deadlines": {"0": 1}}
    collections0 = sum(s["collections"] for s in gc.get_stats())
    t0 = time.process_time()
    moves = plays = 0
    while moves < args.moves:
        for i, st in enumerate(tables):
            if st.game.game_over:
                tables[i] = st = new_table(len(tables) + moves)
            action = move(st, rng)
            st.check(action)
            applied = st.apply(action)
            st.update_texts(applied, seats, extra)
            moves += 1
            plays += action[0] == "play"
    cpu = time.process_time() - t0
    out = {"engine": _native.MODE, "gc": args.gc, "gc_thresholds": list(gc.get_threshold()),
           "tables": len(tables), "moves": moves, "plays": plays, "cpu_s": round(cpu, 2),
           "us_per_move": round(cpu / moves * 1e6, 1),
           "collections": sum(s["collections"] for s in gc.get_stats()) - collections0}
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
