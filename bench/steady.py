"""Steadiness of the search bots: does ``hard`` pick the clearly best card whatever its seed?

Usage (from the repository root)::

    .venv/bin/python bench/steady.py --oracle          # build bench/steady_positions.json (slow)
    .venv/bin/python bench/steady.py --bots hard-frozen,hard --seeds 20

Positions (partial hands: a deal, the plays so far, the seat to play) come
from two places:

- **built by hand**: the two weak spots of issue 10 (holding Q♠ with a free
  discard while void and hearts unbroken: dump Q♠; Black Maria, void in the
  led suit: shed K♠ rather than K♥), and a few relatives of them;
- **sampled**: positions with a choice from hands of standard Hearts, Black
  Maria and Spot Hearts played by ``medium`` on numbered deals.

``--oracle`` evaluates every position deeply: the frozen ``hard``
(``bench/frozen_hard``) with 24 times its default budget (576,000 simulated
card plays, up to 9,600 deals), no clock.  A position is kept when the
deep evaluation puts its best card ahead of every other card by at least
``max(0.25, hand_total / 100)`` points; the kept positions, their best card
and the deep values are written to ``bench/steady_positions.json``.  (The
frozen hard draws its deals card by card, which is not exactly uniform under
voids; the new evaluator at 24x with the exact draw agrees on the best card of
every position it was run on, but some margins are smaller and unstable
between seeds: ``bench/bots_results.md``.)

Measuring (``--bots``): each bot answers each kept position with seeds
``0 .. S-1`` at its default budget without the wall-clock cap (so a busy
machine does not change the answer); a seed counts when the card is the best
card or equivalent to it (same run of cards, ``hard.distinct_moves``).  The
figure of merit is the share of positions where the bot is right in at
least 90% of the seeds.  Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import frozen_hard

from hearts.actions import Action, Decision
from hearts.cards import card_str, cards_of, parse_card, parse_mask
from hearts.deal import numbered_deal
from hearts.drive import drive
from hearts.game import PHASE_PASS, Game
from hearts.players.base import Bot, get_bot
from hearts.players.hard import distinct_moves
from hearts.players.medium import MediumBot
from hearts.players.sampling import infer
from hearts.rules import make_rules
from hearts.view import PlayerView, player_view

FILE = Path(__file__).with_name("steady_positions.json")
SUITS = {"C": 0, "D": 1, "H": 2, "S": 3}

# (name, variant, players, options, {seat: cards}, {seat: void suits}, plays, totals)
HAND_BUILT: list[tuple[str, str, int | None, dict[str, Any], dict[int, str], dict[int, str],
                       str, list[int] | None]] = [
    # Issue 10, weak spot 1: void in diamonds, hearts unbroken, Q♠ with one low guard.
    ("qs-free-discard", "standard", None, {}, {
        0: "2C 9C JC KC 3S QS 4H 7H QH AH 5C 6C 8C", 1: "AC 5D", 2: "3C 6D", 3: "4C 7D"},
     {0: "D"}, "2C AC 3C 4C  5D 6D 7D", None),
    # The same discard, second to play (two seats still to come).
    ("qs-free-discard-2nd", "standard", None, {}, {
        0: "2C 9C JC KC 3S QS 4H 7H QH AH 5C 6C 8C", 3: "AC 5D", 1: "4C", 2: "3C"},
     {0: "D"}, "2C 4C 3C AC  5D", None),
    # Q♠ alone with high hearts: dump Q♠.
    ("qs-bare-discard", "standard", None, {}, {
        0: "2C 3C 4C 5C 6C 7C 8C QS 2H 9H JH KH AH", 1: "AC KD", 2: "9C QD", 3: "TC JD"},
     {0: "D"}, "2C AC 9C TC  KD QD JD", None),
    # Issue 10, weak spot 2: Black Maria, void in clubs, K♠ (10 points) and K♥ (1) in hand.
    ("maria-ks-not-kh", "black-maria", 3, {}, {
        0: "2D 3D 4D 5D 6D 7D 8D 2S 3S KS 2H 5H 9H JH KH AH QD",
        1: "AD 3C", 2: "9D 4C"}, {0: "C"}, "2D AD 9D  3C 4C", None),
    # Black Maria, void in the led suit with A♠ (7) and the high hearts: shed A♠.
    ("maria-as-discard", "black-maria", 3, {}, {
        0: "2D 3D 4D 5D 6D 7D 8D 2S 3S AS 2H 5H 9H JH QH KH QD",
        1: "AD 3C", 2: "9D 4C"}, {0: "C"}, "2D AD 9D  3C 4C", None),
]


def build(variant: str, players: int | None, options: dict[str, Any], hands: dict[int, str],
          voids: dict[int, str], plays: str, totals: list[int] | None = None) -> Game:
    """A game of ``variant`` with ``hands`` dealt by hand (the rest of the deck to the
    other seats, never into a suit of ``voids``), no pass, then ``plays``."""
    opts = {"pass_schedule": "none"}
    opts.update(options)
    rules = make_rules(variant, players, opts)
    n = rules.players
    deal = [parse_mask(hands.get(s, "")) for s in range(n)]
    used = 0
    for h in deal:
        used |= h
    banned = {s: {SUITS[x] for x in v} for s, v in voids.items()}
    for c in cards_of(rules.deck & ~used):
        seats = [s for s in range(n) if deal[s].bit_count() < rules.hand_size
                 and c >> 4 not in banned.get(s, set())]
        fresh = [s for s in seats if s not in hands] or seats
        deal[min(fresh, key=lambda s: deal[s].bit_count())] |= 1 << c
    g = Game(rules)
    if totals is not None:
        g.totals = list(totals)
    g.start_hand(deal=deal)
    for card in plays.split():
        g.play(g.turn, parse_card(card))
    return g


def sampled(variant: str, players: int | None, games: range) -> list[dict[str, Any]]:
    """Specs of the positions with a choice in hands played by medium on numbered deals."""
    rules = make_rules(variant, players)
    bot = MediumBot(0)
    specs = []
    for k, number in enumerate(games):
        g = Game(rules)
        g.hand_index = k - 1
        deal = numbered_deal(rules, number, k)
        g.apply(Action.deal(tuple(deal)))
        passes: list[list[str]] = []
        plays: list[str] = []

        def note(seat: int, d: Decision, action: Action, wall: float, cpu: float,
                 number: int = number, k: int = k, passes: list[list[str]] = passes,
                 plays: list[str] = plays) -> None:
            if d.kind == "pass":
                passes.append([card_str(c) for c in action.payload])
            elif d.kind == "play":
                if d.cards & (d.cards - 1):  # a position with a choice
                    specs.append({"name": f"{variant}-{number}-{len(plays)}",
                                  "variant": variant, "players": rules.players,
                                  "hand_index": k, "game": number, "passes": list(passes),
                                  "plays": list(plays)})
                plays.append(card_str(action.payload))

        drive(g, [bot] * rules.players, on_decision=note)  # the hand, through the drive loop
    return specs


def spec_view(spec: dict[str, Any]) -> PlayerView:
    """The view of the seat to play in a position spec."""
    if "hands" in spec:
        g = build(spec["variant"], spec["players"], spec["options"],
                  {int(k): v for k, v in spec["hands"].items()},
                  {int(k): v for k, v in spec["voids"].items()}, spec["plays_text"],
                  spec.get("totals"))
        return player_view(g, g.turn)
    rules = make_rules(spec["variant"], spec["players"])
    g = Game(rules)
    g.hand_index = spec["hand_index"] - 1
    g.start_hand(deal=numbered_deal(rules, spec["game"], spec["hand_index"]))
    if g.phase == PHASE_PASS:
        for s, p in enumerate(spec["passes"]):
            g.pass_cards(s, [parse_card(c) for c in p])
    for c in spec["plays"]:
        g.play(g.turn, parse_card(c))
    return player_view(g, g.turn)


def all_specs(every: int) -> list[dict[str, Any]]:
    """Hand-built specs, then every ``every``-th sampled one."""
    specs: list[dict[str, Any]] = []
    for name, variant, players, options, hands, voids, plays, totals in HAND_BUILT:
        specs.append({"name": name, "variant": variant, "players": players, "options": options,
                      "hands": {str(k): v for k, v in hands.items()},
                      "voids": {str(k): v for k, v in voids.items()},
                      "plays_text": plays, "totals": totals})
    pool = (sampled("standard", None, range(2024001, 2024005))
            + sampled("black-maria", None, range(2024011, 2024013))
            + sampled("spot-hearts", None, range(2024021, 2024023)))
    specs.extend(pool[::every])
    return specs


def deep_bot(seed: int, which: str = "hard-frozen") -> Any:
    """The oracle: the frozen hard (or, with ``which="hard"``, today's hard) with 24x its
    default budget and world bounds, no clock."""
    if which == "hard":
        from hearts.players.hard import HardBot

        return HardBot(seed, play_budget=24000 * 24, max_worlds=400 * 24,
                       min_worlds=12 * 24, time_limit=None)
    return frozen_hard.HardBot(seed, play_budget=24000 * 24, max_worlds=400 * 24,
                               min_worlds=12 * 24, time_limit=None)


def oracle(every: int, which: str = "hard-frozen") -> dict[str, Any]:
    """Evaluate every spec deeply and keep the ones with a clear best card.

    Resumable: positions already in the positions file (kept or dropped)
    are not evaluated again, and the file is rewritten after every position.
    """
    data: dict[str, Any] = json.loads(FILE.read_text()) if FILE.exists() else {}
    data.setdefault("oracle", f"{which} x24 budget (576000 plays, <= 9600 deals), seed 7")
    data.setdefault("positions", [])
    data.setdefault("dropped", [])
    done = {p["name"] for p in data["positions"]} | set(data["dropped"])
    for spec in all_specs(every):
        if spec["name"] in done:
            continue
        v = spec_view(spec)
        rep = distinct_moves(v, infer(v).out())
        if len(set(rep.values())) < 2:
            continue
        values = deep_bot(7, which).evaluate(v)
        order = sorted(values, key=lambda c: values[c])
        gap = values[order[1]] - values[order[0]]
        margin = max(0.25, v.rules.hand_total / 100)
        print(f"{spec['name']}: best {card_str(order[0])} gap {gap:.3f}"
              f" ({'kept' if gap >= margin else 'dropped'})", file=sys.stderr)
        if gap >= margin:
            data["positions"].append(dict(
                spec, best=card_str(order[0]), gap=round(gap, 3),
                values={card_str(c): round(x, 3) for c, x in values.items()}))
        else:
            data["dropped"].append(spec["name"])
        data["tried"] = len(data["positions"]) + len(data["dropped"])
        data["kept"] = len(data["positions"])
        FILE.write_text(json.dumps(data, indent=1) + "\n")
    return data


def make(name: str, seed: int) -> Bot:
    """Bots without their wall-clock caps (steadiness must not depend on load).
    ``hard:KEY=JSON;KEY=JSON`` is hard with those ``HardBot`` options."""
    if name.startswith("hard:"):
        from hearts.players.hard import HardBot

        opts = {k: json.loads(v) for k, v in (kv.split("=", 1) for kv in name[5:].split(";"))}
        return HardBot(seed, time_limit=None, **opts)
    if name == "hard-frozen":
        return frozen_hard.HardBot(seed, time_limit=None)
    if name in ("hard", "expert"):
        from hearts.players.hard import HardBot

        bot = get_bot(name, seed)
        if isinstance(bot, HardBot):
            bot.time_limit = None
        return bot
    return get_bot(name, seed)


def measure(bots: list[str], seeds: int, only: str | None = None) -> dict[str, Any]:
    """Share of seeds that pick the deep best card, per bot and position."""
    data = json.loads(FILE.read_text())
    out: dict[str, Any] = {"seeds": seeds, "positions": 0, "bots": {}}
    specs = [p for p in data["positions"] if only is None or only in p["name"]]
    out["positions"] = len(specs)
    views = [spec_view(p) for p in specs]
    for name in bots:
        rows = {}
        times = []
        for spec, v in zip(specs, views, strict=True):
            rep = distinct_moves(v, infer(v).out())
            best = rep.get(parse_card(spec["best"]), parse_card(spec["best"]))
            hits = 0
            picks: dict[str, int] = {}
            for seed in range(seeds):
                bot = make(name, seed)
                t = time.perf_counter()
                c = bot.choose_play(v)
                times.append(time.perf_counter() - t)
                picks[card_str(c)] = picks.get(card_str(c), 0) + 1
                hits += rep.get(c, c) == best
            rows[spec["name"]] = {"best": spec["best"], "hit_rate": hits / seeds, "picks": picks}
        steady = sum(1 for r in rows.values() if r["hit_rate"] >= 0.9)
        times.sort()
        out["bots"][name] = {
            "steady_positions": steady, "share_steady": round(steady / max(1, len(rows)), 3),
            "mean_hit_rate": round(sum(r["hit_rate"] for r in rows.values()) / max(1, len(rows)),
                                   3),
            "median_ms": round(times[len(times) // 2] * 1000, 1) if times else None,
            "positions": rows}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--oracle", action="store_true", help="rebuild steady_positions.json")
    p.add_argument("--every", type=int, default=3, help="keep every k-th sampled position")
    p.add_argument("--bots", default="hard-frozen,hard")
    p.add_argument("--seeds", type=int, default=20)
    p.add_argument("--only", default=None, help="positions whose name contains this")
    p.add_argument("--oracle-bot", default="hard-frozen", choices=["hard-frozen", "hard"],
                   help="the deep evaluator of --oracle")
    p.add_argument("--positions", default=None,
                   help="positions file (default bench/steady_positions.json)")
    a = p.parse_args(argv)
    frozen_hard.register()
    if a.positions:
        global FILE
        FILE = Path(a.positions)
    if a.oracle:
        res = oracle(a.every, a.oracle_bot)
        print(json.dumps({k: res.get(k) for k in ("tried", "kept")}))
        return 0
    res = measure([b for b in a.bots.split(",") if b], a.seeds, a.only)
    print(json.dumps(res))
    for name, r in res["bots"].items():
        print(f"{name}: steady (>= 90% of {a.seeds} seeds) on {r['steady_positions']} of "
              f"{res['positions']} positions ({r['share_steady']:.0%}), mean hit rate "
              f"{r['mean_hit_rate']:.0%}, median {r['median_ms']} ms", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
