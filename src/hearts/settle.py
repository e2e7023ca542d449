"""Settlement: what a finished hand pays and when the game ends, as components.

``Rules.settlement`` picks how a hand settles, ``Rules.deals`` and
``Rules.target_score`` when the game ends, ``Rules.settle_average`` whether
the final totals are also settled against the average.  Every function is pure
(tuples in, tuples out).  Results are per side: a seat, or with
``Rules.teams`` its team (:func:`side_of`, :func:`team_totals`, :func:`team_game_result`).

Settlements (variants.md, "The wider family"; Auction Hearts from Foster's
Complete Hoyle, 1897, as summarised in seed 000):

- ``"points"``: penalty points are added to the totals (``scoring.add_to_totals``).
- ``"pool"`` (Auction Hearts' default): the auction's winner pays the bid into
  the pool; every player pays one chip into the pool per penalty point taken;
  the players who took no penalty card share the pool equally (the remainder
  stays in it); when every player took one, the pool carries over to the next
  hand.  The sources say only that the winner pays the bid into the pool; the
  rest is the common pool game of the period, chosen where they are silent.
- ``"fewest"`` (the 1887 settlement, The Standard Hoyle): the bid goes into
  the pool as above.  A player who took every penalty card (all 13 hearts)
  pays the hand's total (13), shared equally among the others with the
  remainder to the pool (4 players: 4 each and 1); with a moon rule
  (``moon`` other than ``"none"``) that player receives it instead, the
  remainder from the pool as far as it holds chips.  Otherwise the players
  with the fewest penalty points collect from each other player as many chips
  as that player took (A 1, B 2, C 4, D 6 hearts: A receives 2 + 4 + 6 = 12),
  the pool added to what they collect; tied players split it equally and the
  remainder stays in the pool for the next hand (A and B 2, C 3, D 6: 4 each,
  1 stays).  The sources say only that the remainder stays "for the next
  round"; that the next hand's winners then collect it is our reading.

The 1887 give-up (``Rules.give_up``, docs/family-rules.md "The 1887 give-up"): each
seat that gave up pays ``give_up`` chips to every other seat; the seats still in the
hand settle among themselves as above, as if the others were not at the table.

Points still accumulate in the totals in a chip game, so records show both.
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import Rules

CHIP_SETTLEMENTS = ("pool", "fewest")


def uses_chips(rules: Rules) -> bool:
    """Whether the game is settled in chips (``chips`` and ``pot`` are kept)."""
    return rules.settlement in CHIP_SETTLEMENTS


def hand_chips(rules: Rules, points: Sequence[int], bidder: int, bid: int,
               pot: int, shooter: int | None = None,
               gave_up: Sequence[int] = ()) -> tuple[tuple[int, ...], int]:
    """``(chips per seat, pool after)`` for one finished hand.

    ``gave_up``: the seats that gave up the hand (Hearts 1887): each pays
    ``rules.give_up`` chips to every other seat, and the others settle among
    themselves (module docstring; a bid is paid into the pool all the same).

    ``points``: each seat's penalty points of the hand; ``bidder``/``bid``: the
    auction's winner and the chips bid (-1/0 when nobody bid); ``pot``: the
    pool before the hand; ``shooter``: the seat that shot the moon under a moon
    rule (``scoring.HandScore.shooter``), else ``None``.  Chips are positive
    when received.  The sum of the chips and the change of the pool is always
    zero.
    """
    n = len(points)
    if gave_up:
        return _with_give_ups(rules, points, bidder, bid, pot, shooter, gave_up)
    chips = [0] * n
    if bidder >= 0 and bid > 0:
        chips[bidder] -= bid
        pot += bid
    if rules.settlement == "pool":
        for s in range(n):
            chips[s] -= points[s]
            pot += points[s]
    elif rules.settlement == "fewest":
        return _fewest(rules, points, chips, pot, shooter)
    clean = [s for s in range(n) if points[s] == 0]
    if clean and pot:
        share = pot // len(clean)
        for s in clean:
            chips[s] += share
        pot -= share * len(clean)
    return tuple(chips), pot


def _with_give_ups(rules: Rules, points: Sequence[int], bidder: int, bid: int, pot: int,
                   shooter: int | None, gave_up: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """:func:`hand_chips` of a hand some seats gave up: the seats still in it settle as
    a table of their own, then each seat that gave up pays the price to every other."""
    n = len(points)
    chips = [0] * n
    if bidder in gave_up and bid > 0:
        chips[bidder] -= bid
        pot += bid
        bidder, bid = -1, 0
    seats = [s for s in range(n) if s not in gave_up]
    sub, pot = hand_chips(rules, [points[s] for s in seats],
                          seats.index(bidder) if bidder >= 0 else -1, bid, pot,
                          seats.index(shooter) if shooter is not None else None)
    for i, s in enumerate(seats):
        chips[s] += sub[i]
    price = rules.give_up
    for g in gave_up:
        for s in range(n):
            if s != g:
                chips[s] += price
                chips[g] -= price
    return tuple(chips), pot


def _all_taker(rules: Rules, points: Sequence[int]) -> int | None:
    """The seat whose points are the hand's whole penalty total (it took every
    penalty card), or ``None``."""
    if rules.hand_total <= 0:
        return None
    for s, p in enumerate(points):
        if p == rules.hand_total and all(q == 0 for t, q in enumerate(points) if t != s):
            return s
    return None


def _fewest(rules: Rules, points: Sequence[int], chips: list[int], pot: int,
            shooter: int | None) -> tuple[tuple[int, ...], int]:
    """The 1887 settlement (module docstring): ``chips`` holds the bid already paid."""
    n = len(points)
    taker = shooter if shooter is not None else _all_taker(rules, points)
    if taker is not None:
        amount = rules.hand_total
        share = amount // (n - 1) if n > 1 else 0  # one seat left after give-ups: all to the pool
        rest = amount - share * (n - 1)
        sign = 1 if shooter is not None else -1  # a moon rule: the taker receives
        for s in range(n):
            if s != taker:
                chips[s] -= sign * share
        if sign < 0:
            chips[taker] -= amount
            pot += rest
        else:
            take = min(rest, pot)
            chips[taker] += share * (n - 1) + take
            pot -= take
        return tuple(chips), pot
    low = min(points)
    winners = [s for s in range(n) if points[s] == low]
    if len(winners) == n:  # everyone level: nobody pays, the pool waits
        return tuple(chips), pot
    collected = pot
    for s in range(n):
        if points[s] != low:
            chips[s] -= points[s]
            collected += points[s]
    share = collected // len(winners)
    for w in winners:
        chips[w] += share
    return tuple(chips), collected - share * len(winners)


def game_result(rules: Rules, hands_played: int, totals: Sequence[int],
                chips: Sequence[int]) -> tuple[bool, tuple[int, ...]]:
    """``(game_over, winners)`` after a hand.

    With ``deals`` set the game ends after that many hands; else when a total
    reaches ``target_score``.  A chip game is won by the most chips, a points
    game by the lowest total; ``tie == "share"`` lets every tied seat win,
    ``"play-on"`` plays more hands on a tie.
    """
    over = hands_played >= rules.deals if rules.deals else max(totals) >= rules.target_score
    if not over:
        return False, ()
    if rules.settlement in CHIP_SETTLEMENTS:
        best = max(chips)
        winners = tuple(s for s, c in enumerate(chips) if c == best)
    else:
        low = min(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == low)
    if len(winners) > 1 and rules.tie == "play-on":
        return False, ()
    return True, winners


def side_of(rules: Rules, seat: int) -> tuple[int, ...]:
    """The seats of ``seat``'s side: its team (``Rules.teams``), or the seat alone."""
    for team in rules.teams:
        if seat in team:
            return team
    return (seat,)


def team_totals(rules: Rules, totals: Sequence[int]) -> tuple[int, ...]:
    """Each team's total, the sum of its seats' (``()`` without teams)."""
    return tuple(sum(totals[s] for s in team) for team in rules.teams)


def team_game_result(rules: Rules, totals: Sequence[int]) -> tuple[bool, tuple[int, ...]]:
    """``(game_over, winners)`` of a partnership game after a hand.

    Joint scores (``team_scores == "joint"``): over when a team's total reaches the
    target.  Separate scores: over when one seat's total does; the partners' totals
    are then combined.  The team with the lowest combined total wins (every seat of
    it); a tie for lowest: all tied teams with ``tie == "share"``, more hands with
    ``"play-on"``.
    """
    teams = team_totals(rules, totals)
    top = max(teams) if rules.team_scores == "joint" else max(totals)
    if top < rules.target_score:
        return False, ()
    low = min(teams)
    best = [t for t, v in zip(rules.teams, teams, strict=True) if v == low]
    if len(best) > 1 and rules.tie == "play-on":
        return False, ()
    return True, tuple(sorted(s for t in best for s in t))


def against_average(totals: Sequence[int]) -> tuple[float, ...]:
    """Settlement against the average (the generic game's option): each seat receives
    the average total less its own (positive: better than average, as totals are
    penalty points), rounded to 1/100."""
    mean = sum(totals) / len(totals)
    return tuple(round(mean - t, 2) for t in totals)


__all__ = ["CHIP_SETTLEMENTS", "uses_chips", "hand_chips", "game_result", "against_average",
           "side_of", "team_totals", "team_game_result"]
