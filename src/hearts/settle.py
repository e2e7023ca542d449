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
- ``"fewest"`` (the 1887 settlement): the bid goes into the pool as above;
  the players with the fewest penalty points collect from each other player as
  many chips as that player took, a tie splitting each payment (the remainder
  goes to the pool); the pool itself goes, as above, to players who took no
  penalty card.

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
               pot: int) -> tuple[tuple[int, ...], int]:
    """``(chips per seat, pool after)`` for one finished hand.

    ``points``: each seat's penalty points of the hand; ``bidder``/``bid``: the
    auction's winner and the chips bid (-1/0 when nobody bid); ``pot``: the
    pool before the hand.  Chips are positive when received.  The sum of the
    chips and the change of the pool is always zero.
    """
    n = len(points)
    chips = [0] * n
    if bidder >= 0 and bid > 0:
        chips[bidder] -= bid
        pot += bid
    if rules.settlement == "pool":
        for s in range(n):
            chips[s] -= points[s]
            pot += points[s]
    elif rules.settlement == "fewest":
        low = min(points)
        winners = [s for s in range(n) if points[s] == low]
        for s in range(n):
            if points[s] == low:
                continue
            pay = points[s] - low
            chips[s] -= pay
            share = pay // len(winners)
            for w in winners:
                chips[w] += share
            pot += pay - share * len(winners)
    clean = [s for s in range(n) if points[s] == 0]
    if clean and pot:
        share = pot // len(clean)
        for s in clean:
            chips[s] += share
        pot -= share * len(clean)
    return tuple(chips), pot


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
