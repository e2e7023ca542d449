"""The fast play-out policy of the search bot: medium's main rules on bitmasks.

:func:`rollout_card` chooses a card for the seat to play in a
:class:`hearts.players.sim.Sim`, looking only at that seat's own hand, the
current trick and the cards played so far (not at the other hands of the
sampled deal): lead low, avoiding hearts and the suit of one's own big
penalty card; duck under the winner; shed high cards where nothing can fall
(first trick) or when last on a trick without points; when void, throw the
biggest penalty card, then high spades over an outstanding Q♠, then the
highest card, and never the bonus card.  It is a few microseconds a card, so
the search can play thousands of hands per move.

Rule data comes from :class:`PolicyRules`, built once per ``Rules``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import HEARTS, SUIT_MASKS
from ..rules import Rules
from .sim import Sim

HEARTS_MASK = SUIT_MASKS[HEARTS]


@dataclass(frozen=True)
class PolicyRules:
    """Card sets derived from the rules for the play-out policy.

    ``big``: penalty cards outside hearts (Q♠, K♠/A♠ in Black Maria);
    ``bonus``: bonus cards (J♦); ``pen_order``: penalty cards from the largest
    penalty down (ties: higher card first); ``above_big[c]``: for a big card
    ``c``, the non-penalty cards of its suit ranked above it.
    """

    big: int
    bonus: int
    penalty_mask: int
    pen_order: tuple[int, ...]
    above_big: tuple[tuple[int, int], ...]
    safe_first: bool

    @classmethod
    def of(cls, rules: Rules) -> PolicyRules:
        """Derive the policy data from ``rules``."""
        big = rules.penalty_mask & ~HEARTS_MASK
        bonus = 0
        for c, _ in rules.bonus:
            bonus |= 1 << c
        pens = [c for c in range(128) if rules.penalty_mask >> c & 1]
        pens.sort(key=lambda c: (-rules.penalty[c], -c))
        ab = []
        m = big
        while m:
            c = (m & -m).bit_length() - 1
            m &= m - 1
            above = ~((2 << c) - 1) & SUIT_MASKS[c >> 4] & ~rules.penalty_mask
            ab.append((c, above))
        return cls(big, bonus, rules.penalty_mask, tuple(pens), tuple(ab),
                   not rules.first_trick_points)


_CACHE: dict[int, PolicyRules] = {}


def policy_rules(rules: Rules) -> PolicyRules:
    """:class:`PolicyRules` for ``rules`` (cached by object identity)."""
    p = _CACHE.get(id(rules))
    if p is None:
        p = PolicyRules.of(rules)
        _CACHE[id(rules)] = p
        if len(_CACHE) > 64:
            _CACHE.clear()
            _CACHE[id(rules)] = p
    return p


def _lowest_rank(mask: int) -> int:
    """The card of lowest rank in ``mask`` (ties: lowest suit)."""
    best = -1
    best_rank = 99
    for s in (0, 16, 32, 48):
        m = (mask >> s) & 0xFFFF
        if m:
            rank = ((m & -m).bit_length() - 1)
            if rank < best_rank:
                best_rank, best = rank, s + rank
    return best


def _highest_rank(mask: int) -> int:
    """The card of highest rank in ``mask`` (ties: highest suit)."""
    best = -1
    best_rank = -1
    for s in (48, 32, 16, 0):
        m = (mask >> s) & 0xFFFF
        if m:
            rank = m.bit_length() - 1
            if rank > best_rank:
                best_rank, best = rank, s + rank
    return best


def rollout_card(sim: Sim, legal: int, pr: PolicyRules) -> int:
    """The policy's card for the seat to play (``legal`` is ``sim.legal()``, non-empty)."""
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    played = sim.played
    hand = sim.hands[sim.turn]
    trick = sim.trick
    danger = 0
    for c, above in pr.above_big:
        if not (played >> c & 1) and not (hand >> c & 1):
            danger |= above
    if not trick:
        avoid = 0
        for c, above in pr.above_big:
            if hand >> c & 1 or hand & danger & above:
                avoid |= SUIT_MASKS[c >> 4]
        pool = legal & ~avoid & ~HEARTS_MASK
        if not pool:
            pool = legal & ~avoid or legal
        return _lowest_rank(pool)
    led = SUIT_MASKS[trick[0] >> 4]
    follow = legal & led
    if follow:
        win = sim.win_card
        under = follow & ((1 << win) - 1)
        if len(trick) == sim.n - 1:
            tm = 0
            for c in trick:
                tm |= 1 << c
            if tm & pr.penalty_mask:
                if under:
                    return under.bit_length() - 1
                over = follow & ~pr.penalty_mask
                return (over or follow).bit_length() - 1
            if tm & pr.bonus and follow & ~under:
                over = follow & ~under & ~pr.penalty_mask
                if over:
                    return over.bit_length() - 1
            free = follow & ~pr.penalty_mask
            if free:
                return free.bit_length() - 1
            return (under or follow).bit_length() - 1
        if sim.trick_index == 0 and pr.safe_first:
            free = follow & ~pr.penalty_mask
            if free:
                return free.bit_length() - 1
        if under:
            keep = under & ~pr.bonus
            return (keep or under).bit_length() - 1
        pool = follow & ~pr.penalty_mask & ~danger or follow & ~pr.penalty_mask or follow
        return (pool & -pool).bit_length() - 1
    # Void in the led suit: discard.
    if legal & pr.big:
        for c in pr.pen_order:
            if legal >> c & 1:
                return c
    if legal & danger:
        return (legal & danger).bit_length() - 1
    if legal & pr.penalty_mask:
        for c in pr.pen_order:
            if legal >> c & 1:
                return c
    pool = legal & ~pr.bonus or legal
    return _highest_rank(pool)


def rollout(sim: Sim, pr: PolicyRules) -> None:
    """Play ``sim`` to the end of the hand with :func:`rollout_card` for every seat."""
    hs = sim.rules.hand_size
    while sim.trick_index < hs:
        sim.play(rollout_card(sim, sim.legal(), pr))


__all__ = ["PolicyRules", "policy_rules", "rollout_card", "rollout"]
