"""Bot tournaments: many hands, one bot per seat, duplicate deals, statistics.

How a run is built (``docs/arena.md`` has the user's version):

* **Deals.**  Deal ``i`` (``i = 0 .. deals - 1``) is hand ``i`` of numbered
  game ``seed`` (``deal.numbered_deal``, algorithm ``hearts-deal/1``): the
  cards, the pass direction (``Rules.pass_offset(i)``) and the dealer
  (``(i - 1) mod n``) are those of hand ``i`` of that game.  The same seed
  therefore gives the same deals on every machine and Python version.
* **Hands are played one at a time**, each on a fresh
  :class:`hearts.game.Game` whose running totals start at zero, so that
  deals are independent of each other and can be played in any order, in any
  process.  Bots see only :func:`hearts.view.player_view` of their own seat.
* **Seats.**  Without ``duplicate`` seat ``s`` holds ``bots[s]`` on every
  deal (one *rotation*).  With ``duplicate`` each deal is played ``n`` times
  (``n`` = players): in rotation ``r`` seat ``s`` holds ``bots[(s - r) mod n]``,
  so every bot holds every seat's cards of every deal once.  A run plays
  ``deals * rotations`` hands.
* **Bot seeds** come from ``(seed, deal, rotation, seat)`` through SHA-256,
  and results are gathered by deal index, so a run gives the same numbers
  whatever ``jobs`` is (as long as bots draw randomness only from their seed).

Statistics, per distinct bot name (seats holding the same bot pooled):

* ``mean_points``: mean points per hand per seat the bot held.
* ``ci95``: half-width of a 95 % confidence interval for that mean,
  ``1.96 * sd / sqrt(D)``, where the sample has one value per deal, ``x_i``
  = the bot's mean points over all its seats and rotations on deal ``i``, and
  ``sd`` is the sample standard deviation (``D - 1`` in the denominator) of
  the ``x_i``.  Deals are independent; hands of one deal (other seats, other
  rotations) are not, which is why they are averaged first.  ``None`` when
  fewer than two deals were played.
* ``moon_rate``: the fraction of the bot's seat-hands in which that seat
  shot the moon (or the sun).
* ``win_rate``: hands are grouped into games to the target score (or, with
  a fixed number of ``deals`` or chips, games as ``settle.game_result`` ends
  them: that many hands, the most chips winning).  For each
  rotation, the hands are taken in deal order and their points added up
  (``scoring.add_to_totals``, so ``exact_target_resets`` applies); a game ends
  after the hand where ``scoring.game_result`` says it is over (target
  reached; with ``tie = "play-on"`` a tie for lowest plays on), then totals
  restart at zero.  Each winner of a game scores ``1 / (number of winners)``
  (ties shared, so the credits of one game sum to 1).  A bot's win rate is
  its credits divided by ``games * seats held``: with ``n`` equal bots it is
  about ``1 / n``.  A trailing game that has not ended when the deals run out
  is not counted; ``None`` when no game ended.

* ``mean_chips``/``chips_ci95`` (chip games only): mean chips received per
  hand per seat, with its interval computed as for ``ci95``.

:func:`paired_difference` compares two bots of a duplicate run seat by seat
on the same deals (see its docstring).  With ``ArenaConfig.records`` every
:class:`HandOutcome` carries its hand as a ``hearts-record/1`` record with
the option ``first_hand = deal`` (``record.record_from_game``), which ``hearts arena
--record-out`` writes one per line.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import multiprocessing
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from . import scoring, settle
from .deal import check_game_number
from .drive import drive
from .errors import HeartsError
from .game import Game, IllegalAction
from .players.base import get_bot
from .record import record_from_game
from .rules import Rules, make_rules

Z95 = 1.96
"""The normal quantile used for the 95 % confidence intervals."""

MAX_DEALS = 10_000_000
"""Upper limit on ``deals`` (a guard against typing mistakes)."""


class ArenaError(HeartsError):
    """A run cannot be set up or a bot broke the rules during it.

    ``reason`` is ``"unknown_bot"``, ``"bad_table"`` (bot count does not
    match the players), ``"bad_option"`` (bad variant, option, seed, deals
    or jobs) or ``"illegal_action"`` (a bot made a move the engine refused).
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


@dataclass(frozen=True)
class ArenaConfig:
    """The settings of a run.

    ``bots``: one bot name per seat (seat 0 first); ``players``: table size,
    default the variant's own; ``options``: option overrides (``rules.py``);
    ``deals``: number of deals; ``duplicate``: play each deal once per seat
    rotation; ``seed``: the numbered game (1 .. 2**32 - 1) whose hands are the
    deals, also the root of the bots' seeds; ``jobs``: worker processes.
    """

    bots: tuple[str, ...]
    variant: str = "standard"
    players: int | None = None
    deals: int = 100
    duplicate: bool = False
    seed: int = 1
    jobs: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    records: bool = False
    """Keep every hand as a ``hearts-record/1`` record (``HandOutcome.record``)."""

    def rules(self) -> Rules:
        """The frozen rules of the run; raises :class:`ArenaError` (``bad_option``)."""
        from .rules import RulesError

        try:
            return make_rules(self.variant, self.players, dict(self.options))
        except RulesError as exc:
            raise ArenaError("bad_option", str(exc)) from exc

    @property
    def rotations(self) -> int:
        """How many times each deal is played: the player count with duplicate, else 1."""
        return len(self.bots) if self.duplicate else 1


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One played hand: ``deal`` index, ``rotation``, the bot name in each
    seat, the points each seat scored, and the seat that shot the moon (or
    the sun) or ``None``."""

    deal: int
    rotation: int
    seats: tuple[str, ...]
    points: tuple[int, ...]
    moon: int | None
    chips: tuple[int, ...] = ()
    """Chips each seat received (negative: paid) in a chip game, else empty."""
    record: dict[str, Any] | None = None
    """The hand as a ``hearts-record/1`` record (``ArenaConfig.records``), else ``None``."""
    # Hook for partnerships: when ``Rules`` gains teams, a ``teams`` field here (each
    # seat's side) and per-side points let ``bot_stats`` pool results by side.


@dataclass(frozen=True)
class BotStats:
    """Statistics of one bot name (see the module docstring for definitions).

    ``seats``: seats it held per hand; ``seat_hands``: seat-hands played;
    ``mean_points``, ``sd`` (of the per-deal means) and ``ci95`` in points per
    hand; ``moons``: moons shot; ``moon_rate``: ``moons / seat_hands``;
    ``games``: finished games times seats held; ``wins``: win credits;
    ``win_rate``: ``wins / games`` or ``None``.
    """

    name: str
    seats: int
    seat_hands: int
    mean_points: float
    sd: float | None
    ci95: float | None
    moons: int
    moon_rate: float
    games: int
    wins: float
    win_rate: float | None
    mean_chips: float | None = None
    """Mean chips received per hand (chip games; ``None`` otherwise)."""
    chips_ci95: float | None = None
    """Half-width of the 95 % interval of ``mean_chips`` (per-deal means, as ``ci95``)."""

    def to_json(self) -> dict[str, Any]:
        """The bot's entry of ``hearts arena --json`` (floats rounded to 4 places);
        chip games add ``mean_chips`` and ``chips_ci95``."""
        out = {"name": self.name, "mean_points": _round(self.mean_points),
               "ci95": _round(self.ci95), "moon_rate": _round(self.moon_rate),
               "win_rate": _round(self.win_rate), "seats": self.seats,
               "seat_hands": self.seat_hands, "sd": _round(self.sd), "moons": self.moons,
               "games": self.games, "wins": _round(self.wins)}
        if self.mean_chips is not None:
            out["mean_chips"] = _round(self.mean_chips)
            out["chips_ci95"] = _round(self.chips_ci95)
        return out


@dataclass(frozen=True)
class PairedDiff:
    """Mean of ``a``'s points minus ``b``'s points in the same seat on the same
    deals (points per hand; negative: ``a`` takes fewer points, i.e. is
    better), with the half-width ``ci95`` of its 95 % confidence interval
    (``None`` with fewer than two deals) over ``deals`` deals."""

    a: str
    b: str
    deals: int
    mean_diff: float
    sd: float | None
    ci95: float | None

    def to_json(self) -> dict[str, Any]:
        """``{"a", "b", "deals", "mean_diff", "ci95", "sd"}`` (floats rounded)."""
        return {"a": self.a, "b": self.b, "deals": self.deals,
                "mean_diff": _round(self.mean_diff), "ci95": _round(self.ci95),
                "sd": _round(self.sd)}


@dataclass
class ArenaResult:
    """Every hand of a run, sorted by ``(deal, rotation)``, and the config."""

    config: ArenaConfig
    rules: Rules
    outcomes: list[HandOutcome]

    @property
    def hands(self) -> int:
        """Hands played: ``deals * rotations``."""
        return len(self.outcomes)

    def bot_names(self) -> list[str]:
        """Distinct bot names in order of first appearance in ``config.bots``."""
        return list(dict.fromkeys(self.config.bots))

    def stats(self) -> list[BotStats]:
        """One :class:`BotStats` per distinct bot name."""
        return [bot_stats(self, name) for name in self.bot_names()]

    def pairs(self) -> list[PairedDiff]:
        """:func:`paired_difference` for every ordered pair of distinct names in
        first-appearance order (``a`` before ``b``); empty unless duplicate."""
        if not self.config.duplicate:
            return []
        names = self.bot_names()
        return [paired_difference(self, a, b)
                for i, a in enumerate(names) for b in names[i + 1:]]

    def to_json(self) -> dict[str, Any]:
        """The object ``hearts arena --json`` prints (``interfaces.md`` section 3)."""
        cfg = self.config
        games = _virtual_games(self)
        return {
            "hands": self.hands, "bots": [s.to_json() for s in self.stats()],
            "deals": cfg.deals, "rotations": cfg.rotations, "duplicate": cfg.duplicate,
            "seed": cfg.seed, "variant": cfg.variant, "players": self.rules.players,
            "options": dict(cfg.options), "games": sum(len(g) for g in games.values()),
            "seats": list(cfg.bots), "pairs": [p.to_json() for p in self.pairs()],
        }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


# --------------------------------------------------------------------- seeds
def seat_bot(bots: Sequence[str], rotation: int, seat: int) -> str:
    """The bot name in ``seat`` during ``rotation``: ``bots[(seat - rotation) mod n]``."""
    return bots[(seat - rotation) % len(bots)]


def bot_seed(seed: int, deal: int, rotation: int, seat: int) -> int:
    """The seed given to the bot in ``seat`` for ``deal`` in ``rotation``.

    The first 31 bits of ``SHA256("hearts-arena/1:{seed}:{deal}:{rotation}:{seat}")``.
    """
    digest = hashlib.sha256(f"hearts-arena/1:{seed}:{deal}:{rotation}:{seat}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


# ------------------------------------------------------------------ playing
def play_hand(rules: Rules, game_number: int, deal: int, seats: Sequence[str],
              seeds: Sequence[int | None], record: bool = False) -> HandOutcome:
    """Play hand ``deal`` of numbered game ``game_number`` with the named bots.

    ``seats[s]`` names the bot in seat ``s``, ``seeds[s]`` its seed.  The hand
    is played on a fresh :class:`Game` placed at hand index ``deal`` (so the
    deal, pass direction and dealer are those of that hand; totals, chips and
    the pot start at zero).  Each bot is asked only with its seat's
    :class:`PlayerView`.  With ``record`` the outcome carries the hand as a
    ``hearts-record/1`` record whose option ``first_hand`` is ``deal``, so that
    ``hearts score`` replays it with the same pass direction and eldest hand.
    Raises :class:`ArenaError` (``illegal_action``) when a bot's move is refused.
    """
    game = Game(rules, game_number=game_number)
    game.hand_index = deal - 1  # start_hand deals hand index ``deal`` of the numbered game
    game.start_hand()
    bots = [get_bot(name, seed) for name, seed in zip(seats, seeds, strict=True)]
    try:
        drive(game, bots)  # to the hand's end
    except IllegalAction as exc:
        seat = exc.seat if exc.seat is not None else -1
        who = seats[seat] if 0 <= seat < len(seats) else "a bot"
        raise ArenaError("illegal_action", f"bot {who!r} in seat {seat} on deal {deal} "
                         f"(game {game_number}): {exc.reason}: {exc.message}") from exc
    result = game.results[-1]
    rec = record_from_game(game) if record else None
    return HandOutcome(deal, 0, tuple(seats), tuple(result.points), result.moon,
                       tuple(result.chips), rec)


def _play_deals(config: ArenaConfig, deals: Sequence[int]) -> list[HandOutcome]:
    """Worker: every rotation of each listed deal."""
    rules = config.rules()
    out = []
    n = rules.players
    for d in deals:
        for r in range(config.rotations):
            seats = [seat_bot(config.bots, r, s) for s in range(n)]
            seeds: list[int | None] = [bot_seed(config.seed, d, r, s) for s in range(n)]
            o = play_hand(rules, config.seed, d, seats, seeds, config.records)
            out.append(HandOutcome(d, r, o.seats, o.points, o.moon, o.chips, o.record))
    return out


def check_config(config: ArenaConfig) -> Rules:
    """Validate a config before a run; returns its rules.

    Raises :class:`ArenaError`: ``bad_option`` (variant, option, player count,
    seed outside 1 .. 2**32 - 1, deals < 1, jobs < 1, the option ``first_hand``, which
    the arena sets for each hand), ``bad_table`` (the
    number of bots is not the number of players), ``unknown_bot``.  A bot
    that has a ``check_rules(rules)`` method (raising ``ValueError`` for rules
    it cannot play, as ``openspiel-ismcts`` does) is asked too (``bad_option``).
    """
    rules = config.rules()
    if "first_hand" in config.options:  # each hand is placed at its own deal: the option would be lost
        raise ArenaError("bad_option", "first_hand is the arena's to set: deal k of a run is hand k "
                         "of the numbered game (--seed), with that hand's pass direction and dealer, "
                         "and each record says so; it cannot be given as an option")
    if len(config.bots) != rules.players:
        raise ArenaError("bad_table", f"{rules.players} players need {rules.players} bots, "
                         f"got {len(config.bots)} ({','.join(config.bots)})")
    try:
        check_game_number(config.seed)
    except ValueError as exc:
        raise ArenaError("bad_option", f"seed: {exc}") from exc
    if not 1 <= config.deals <= MAX_DEALS:
        raise ArenaError("bad_option", f"deals must be from 1 to {MAX_DEALS}, not {config.deals}")
    if config.jobs < 1:
        raise ArenaError("bad_option", f"jobs must be at least 1, not {config.jobs}")
    for name in dict.fromkeys(config.bots):
        try:
            bot = get_bot(name, 0)
        except KeyError as exc:
            raise ArenaError("unknown_bot", str(exc.args[0])) from exc
        check = getattr(bot, "check_rules", None)
        if check is not None:
            try:
                check(rules)
            except ValueError as exc:
                raise ArenaError("bad_option", f"bot {name!r} cannot play these rules: {exc}") from exc
    return rules


def _chunks(deals: int, jobs: int) -> list[list[int]]:
    size = max(1, min(50, deals // (jobs * 8) or 1))
    return [list(range(i, min(deals, i + size))) for i in range(0, deals, size)]


class _InOrder:
    """Hands the chunks' records to ``sink`` in deal order as soon as every earlier chunk
    has been handed on, and keeps the outcomes without their records (so that a long
    run with records holds only the chunks that finished early)."""

    def __init__(self, chunks: list[list[int]],
                 sink: Callable[[list[dict[str, Any]]], None] | None) -> None:
        self.sink = sink
        self.order = [c[0] for c in chunks]
        self.next = 0
        self.waiting: dict[int, list[HandOutcome]] = {}

    def take(self, got: list[HandOutcome]) -> list[HandOutcome]:
        if self.sink is None or not got:
            return got
        self.waiting[min(o.deal for o in got)] = got
        while self.next < len(self.order) and self.order[self.next] in self.waiting:
            ready = sorted(self.waiting.pop(self.order[self.next]),
                           key=lambda o: (o.deal, o.rotation))
            self.sink([o.record for o in ready if o.record is not None])
            self.next += 1
        return [dataclasses.replace(o, record=None) for o in got]


def run_arena(config: ArenaConfig,
              progress: Callable[[int], None] | None = None,
              records: Callable[[list[dict[str, Any]]], None] | None = None) -> ArenaResult:
    """Play a whole run and return every hand.

    ``progress`` (optional) is called in this process with the number of
    hands just finished, as chunks of deals complete.  ``records`` (optional, with
    ``config.records``) is given the hands' records in deal order, a chunk at a time,
    as the run goes; the outcomes returned then hold none (a long run's records are
    not all kept in memory).  With ``jobs > 1`` the deals are shared out among that
    many worker processes; the result does not depend on ``jobs``.  Raises
    :class:`ArenaError` (see :func:`check_config`, and ``illegal_action``).
    """
    rules = check_config(config)
    chunks = _chunks(config.deals, config.jobs)
    in_order = _InOrder(chunks, records)
    outcomes: list[HandOutcome] = []
    if config.jobs == 1 or len(chunks) == 1:
        for chunk in chunks:
            got = _play_deals(config, chunk)
            outcomes.extend(in_order.take(got))
            if progress:
                progress(len(got))
    else:
        ctx = (multiprocessing.get_context("fork")
               if "fork" in multiprocessing.get_all_start_methods() else None)
        with ProcessPoolExecutor(max_workers=min(config.jobs, len(chunks)),
                                 mp_context=ctx) as pool:
            pending: set[Future[list[HandOutcome]]] = {
                pool.submit(_play_deals, config, chunk) for chunk in chunks}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    got = fut.result()
                    outcomes.extend(in_order.take(got))
                    if progress:
                        progress(len(got))
    outcomes.sort(key=lambda o: (o.deal, o.rotation))
    return ArenaResult(config, rules, outcomes)


# --------------------------------------------------------------- statistics
def mean_ci(values: Sequence[float]) -> tuple[float, float | None, float | None]:
    """``(mean, sd, ci95)`` of a sample: ``sd`` with ``len - 1`` in the
    denominator, ``ci95 = 1.96 * sd / sqrt(len)``; ``sd`` and ``ci95`` are
    ``None`` for fewer than two values.  Raises ``ValueError`` when empty."""
    k = len(values)
    if k == 0:
        raise ValueError("no values")
    mean = math.fsum(values) / k
    if k < 2:
        return mean, None, None
    var = math.fsum((v - mean) ** 2 for v in values) / (k - 1)
    sd = math.sqrt(var)
    return mean, sd, Z95 * sd / math.sqrt(k)


def _by_deal(result: ArenaResult) -> dict[int, list[HandOutcome]]:
    out: dict[int, list[HandOutcome]] = {}
    for o in result.outcomes:
        out.setdefault(o.deal, []).append(o)
    return out


def _virtual_games(result: ArenaResult) -> dict[int, list[tuple[tuple[str, ...], tuple[int, ...]]]]:
    """Per rotation, the finished games: ``(seats, winners)`` each."""
    rules = result.rules
    per_rotation: dict[int, list[HandOutcome]] = {}
    for o in result.outcomes:
        per_rotation.setdefault(o.rotation, []).append(o)
    games: dict[int, list[tuple[tuple[str, ...], tuple[int, ...]]]] = {}
    for r, hands in per_rotation.items():
        hands.sort(key=lambda o: o.deal)
        totals: tuple[int, ...] = (0,) * rules.players
        chips = [0] * rules.players
        played = 0
        games[r] = []
        for o in hands:
            totals = scoring.add_to_totals(rules, totals, o.points)
            played += 1
            if rules.teams:
                over, winners = settle.team_game_result(rules, totals)
            elif rules.deals or o.chips:  # a fixed number of deals, or chips: settle.py's end
                chips = [c + d for c, d in zip(chips, o.chips or (0,) * rules.players,
                                               strict=True)]
                over, winners = settle.game_result(rules, played, totals, chips)
            else:
                over, winners = scoring.game_result(rules, totals)
            if over:
                games[r].append((o.seats, winners))
                totals = (0,) * rules.players
                chips = [0] * rules.players
                played = 0
    return games


def bot_stats(result: ArenaResult, name: str) -> BotStats:
    """The :class:`BotStats` of bot ``name`` in ``result``.

    Raises ``KeyError`` when no seat held that bot.
    """
    if name not in result.config.bots:
        raise KeyError(f"bot {name!r} did not play in this run")
    per_deal: list[float] = []
    seat_hands = moons = 0
    for outcomes in _by_deal(result).values():
        pts = [o.points[s] for o in outcomes for s, b in enumerate(o.seats) if b == name]
        per_deal.append(math.fsum(pts) / len(pts))
        seat_hands += len(pts)
        moons += sum(1 for o in outcomes if o.moon is not None and o.seats[o.moon] == name)
    mean, sd, ci = mean_ci(per_deal)
    mean_chips = chips_ci = None
    if any(o.chips for o in result.outcomes):
        chip_deal = [math.fsum(o.chips[s] for o in outcomes for s, b in enumerate(o.seats)
                               if b == name and o.chips)
                     / sum(1 for o in outcomes for b in o.seats if b == name)
                     for outcomes in _by_deal(result).values()]
        mean_chips, _, chips_ci = mean_ci(chip_deal)
    seats = result.config.bots.count(name)
    games = wins = 0.0
    for finished in _virtual_games(result).values():
        for seat_names, winners in finished:
            games += seats
            wins += sum(1 for w in winners if seat_names[w] == name) / len(winners)
    return BotStats(name=name, seats=seats, seat_hands=seat_hands, mean_points=mean, sd=sd,
                    ci95=ci, moons=moons, moon_rate=moons / seat_hands if seat_hands else 0.0,
                    games=int(games), wins=wins, win_rate=wins / games if games else None,
                    mean_chips=mean_chips, chips_ci95=chips_ci)


def paired_difference(result: ArenaResult, a: str, b: str) -> PairedDiff:
    """Mean points per hand of bot ``a`` minus bot ``b`` in the same seat on the same deals.

    Needs a duplicate run.  For deal ``i`` and seat ``s``, ``A(i, s)`` is the
    mean of ``a``'s points in seat ``s`` over the rotations where ``a`` sat
    there (likewise ``B``); ``d_i`` is the mean over seats of
    ``A(i, s) - B(i, s)``.  Returns the mean of the ``d_i`` and the half-width
    of its 95 % confidence interval ``1.96 * sd(d) / sqrt(D)``.  A negative
    difference means ``a`` took fewer points than ``b`` holding the same cards.
    Raises ``ValueError`` for a run that is not duplicate or when ``a == b``,
    ``KeyError`` when a bot did not play.
    """
    if not result.config.duplicate:
        raise ValueError("a paired comparison needs a duplicate run (--duplicate)")
    if a == b:
        raise ValueError("compare two different bots")
    for name in (a, b):
        if name not in result.config.bots:
            raise KeyError(f"bot {name!r} did not play in this run")
    n = result.rules.players
    diffs: list[float] = []
    for outcomes in _by_deal(result).values():
        per_seat = []
        for s in range(n):
            pa = [o.points[s] for o in outcomes if o.seats[s] == a]
            pb = [o.points[s] for o in outcomes if o.seats[s] == b]
            per_seat.append(math.fsum(pa) / len(pa) - math.fsum(pb) / len(pb))
        diffs.append(math.fsum(per_seat) / n)
    mean, sd, ci = mean_ci(diffs)
    return PairedDiff(a, b, len(diffs), mean, sd, ci)


def summarize(outcomes: Iterable[HandOutcome], config: ArenaConfig) -> ArenaResult:
    """Rebuild an :class:`ArenaResult` from saved outcomes (e.g. to merge runs)."""
    return ArenaResult(config, config.rules(),
                       sorted(outcomes, key=lambda o: (o.deal, o.rotation)))


__all__ = [
    "ArenaConfig", "ArenaError", "ArenaResult", "BotStats", "HandOutcome", "PairedDiff",
    "bot_seed", "bot_stats", "check_config", "mean_ci", "paired_difference", "play_hand",
    "run_arena", "seat_bot", "summarize",
]
