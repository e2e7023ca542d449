"""Level ``medium``: a rule-based player built on the strategy facts of variants.md.

Passing (:func:`medium_pass`):
  pass the big spade penalty cards (Q♠, and K♠/A♠ where they score) when
  holding two or fewer low spades to guard them, keep them with four or more;
  pass A♠/K♠ (above Q♠) without low spade guards; void short suits (a suit
  that the remaining pass slots can empty); pass high hearts and high cards;
  keep low cards, low spades and the bonus card (J♦ under Omnibus).  With a
  hand fit to shoot the moon, pass its weakest cards instead.

Playing (:func:`medium_play`):
  - following suit: duck, i.e. play the highest card that stays under the
    current winner; on a trick where no points can fall (the first trick
    without first-trick points) shed the highest card; last to play on a
    trick without points, win it with the highest card; take a trick that
    brings a bonus card (J♦) when it costs less than the bonus; never win a
    trick with a card above a big spade penalty card (A♠/K♠ over Q♠) while
    that card is out and may still fall on it, when a lower card does;
  - void in the led suit: dump the biggest penalty card (Q♠ first), then the
    high spades over an outstanding Q♠, then high hearts, then high cards
    of short suits; never throw away the bonus card; do not hand a seat the
    points that would end the game while we are not the lowest;
  - leading: flush Q♠ with low spades when every spade held is below it;
    otherwise lead the lowest card of the suit where it is least likely to
    win, preferring short suits; never lead spades holding Q♠ (or A♠/K♠ while
    Q♠ is out);
  - moon: stop a seat that took every point so far (take a heart from it,
    keep a high heart for that, do not feed it penalty cards); shoot when
    every point taken so far is its own and the hand can win every trick.

Everything reads ``rules.penalty``/``rules.bonus``/``rules.moon``; no
variant names.  The choices are deterministic (the seed is unused).
"""

from __future__ import annotations

import random

from hearts.cards import HEARTS, SUIT_MASKS, SUITS, cards_of
from hearts.players.base import BaseBot
from hearts.rules import Rules
from hearts.view import PlayerView

from .common import (
    HEART_MASK,
    Table,
    above,
    below,
    bonus_mask,
    card_value,
    high_card,
    low_card,
    moon_choice,
)


def big_cards(rules: Rules) -> int:
    """Penalty cards outside hearts (Q♠; K♠ and A♠ in Black Maria)."""
    return rules.penalty_mask & ~HEART_MASK


def danger_above(rules: Rules, out: int) -> int:
    """Cards ranked above a big penalty card of their suit that is still ``out``
    (A♠ and K♠ while Q♠ is in another hand) and carry no penalty themselves."""
    m = 0
    big = big_cards(rules) & out
    while big:
        c = low_card(big)
        big &= big - 1
        m |= above(c) & ~rules.penalty_mask
    return m


def losers(hand: int, out: int) -> int:
    """Cards of ``hand`` that may lose the lead: a card wins when the outstanding
    cards of its suit ranked above it are no more than the held ones above it."""
    lose = 0
    for s in SUITS:
        mine = hand & SUIT_MASKS[s]
        theirs = out & SUIT_MASKS[s]
        for c in cards_of(mine):
            if (theirs & above(c)).bit_count() > (mine & above(c)).bit_count():
                lose += 1
    return lose


def moon_fit(rules: Rules, hand: int, out: int) -> bool:
    """Whether a hand is fit to shoot the moon: the rules have one, it holds at
    least six hearts, the top hearts, and few cards that can lose the lead."""
    if rules.moon == "none" or not rules.penalty_mask & HEART_MASK:
        return False
    hearts = hand & HEART_MASK
    if hearts.bit_count() < 6:
        return False
    top = high_card(rules.deck & HEART_MASK)
    if not hearts >> top & 1:
        return False
    return losers(hand, out) <= rules.pass_count


# ---------------------------------------------------------------- passing
def _pass_score(rules: Rules, c: int, rest: int, slots: int) -> float:
    """How much passing card ``c`` is worth, given the cards ``rest`` kept so far
    (``c`` included) and ``slots`` cards still to choose (``c`` included)."""
    suit, rank = c >> 4, c & 15
    suit_cards = rest & SUIT_MASKS[suit]
    big = big_cards(rules) & SUIT_MASKS[suit]
    if rules.bonus and card_value(rules, c) < 0:
        return -100.0
    score = rank * 3.0
    if big:
        base = low_card(big)
        guards = (rest & below(base)).bit_count()
        if c >= base:
            # Q♠ (and the spades above it): pass when short of low guards.
            if guards <= 2:
                return 100.0 + rules.penalty[c] + rank
            if guards == 3:
                return 30.0 + rank
            return -20.0 + rank
        return -30.0 + rank  # low spades guard the queen: keep them
    if suit == HEARTS:
        score = rank * 3.0 + rules.penalty[c]
    if suit != HEARTS and suit_cards.bit_count() <= slots:
        score += 25.0  # void a short suit
    bm = bonus_mask(rules)
    if bm and bm & SUIT_MASKS[suit] & rest and c > low_card(bm & SUIT_MASKS[suit]):
        score -= 12.0  # high diamonds catch J♦
    return score


def medium_pass(view: PlayerView) -> tuple[int, ...]:
    """The ``pass_count`` cards medium passes (see the module text)."""
    return pass_for_hand(view.rules, view.hand)


def pass_scores(rules: Rules, hand: int) -> dict[int, float]:
    """Each card's worth as the first card to pass (higher: pass it sooner)."""
    k = rules.pass_count
    return {c: _pass_score(rules, c, hand, k) for c in cards_of(hand)}


def pass_for_hand(rules: Rules, hand: int) -> tuple[int, ...]:
    """medium's pass for a hand under ``rules`` (needs nothing else: the pass
    is chosen before any card is seen)."""
    r = rules
    k = r.pass_count
    out = r.deck & ~hand
    if moon_fit(r, hand, out):
        weak = sorted(cards_of(hand), key=lambda c: (
            not (c >> 4 != HEARTS and (out & above(c)).bit_count() > (hand & above(c)).bit_count()),
            c & 15))
        return tuple(sorted(weak[:k]))
    chosen: list[int] = []
    rest = hand
    for i in range(k):
        best = max(cards_of(rest), key=lambda c: (_pass_score(r, c, rest, k - i), c))
        chosen.append(best)
        rest &= ~(1 << best)
    return tuple(sorted(chosen))


# ---------------------------------------------------------------- playing
def _shooting(t: Table) -> bool:
    """Whether to play for the moon now: no other seat took a point, the rules
    have a moon, and the hand can take every trick from here, or the dealt hand
    was fit and few cards can lose."""
    r = t.rules
    if r.moon == "none" or not r.penalty_mask:
        return False
    if any(p > 0 for s, p in enumerate(t.taken) if s != t.me):
        return False
    if (t.trick_value > 0 and t.win_seat != t.me and t.led >= 0
            and not (t.legal & above(t.win_card))):
        return False  # someone else wins points now and we cannot beat them
    lose = losers(t.hand, t.out)
    if lose == 0 and t.taken[t.me] > 0:
        return True
    view = t.view
    dealt = t.hand
    for tr in view.tricks:
        for i, c in enumerate(tr.cards):
            if (tr.leader + i) % r.players == t.me:
                dealt |= 1 << c
    for s, c in view.trick:
        if s == t.me:
            dealt |= 1 << c
    for c in view.passed:
        dealt |= 1 << c
    dealt &= ~view.received
    return moon_fit(r, dealt, r.deck & ~dealt) and lose <= 2


def _shoot_play(t: Table) -> int:
    legal = t.legal
    if t.led < 0:
        # Lead a sure winner, hearts last; else the highest card.
        best = -1
        for c in cards_of(legal):
            if t.out & above(c):
                continue
            if best < 0 or (best >> 4 == HEARTS and c >> 4 != HEARTS) or \
                    ((best >> 4 == HEARTS) == (c >> 4 == HEARTS) and c > best):
                best = c
        return best if best >= 0 else high_card(legal)
    follow = legal & SUIT_MASKS[t.led]
    if follow:
        return high_card(follow)
    # Void: throw the lowest non-penalty card.
    safe = legal & ~t.rules.penalty_mask
    pool = safe if safe else legal
    return min(cards_of(pool), key=lambda c: (c & 15, c))


def _points_may_fall(t: Table) -> bool:
    """Whether a seat still to play may add points to the current trick."""
    r = t.rules
    if t.trick_value > 0:
        return True
    if t.view.trick_index == 0 and not r.first_trick_points:
        return False
    led_mask = SUIT_MASKS[t.led]
    if t.later_may_hold(led_mask & r.penalty_mask):
        return True
    return bool(t.later_void(t.led) and t.later_may_hold(r.penalty_mask))


def _discard(t: Table) -> int:
    r = t.rules
    legal = t.legal
    threat = t.moon_threat()
    bm = bonus_mask(r)
    danger = danger_above(r, t.out)
    counts = [(t.hand & SUIT_MASKS[s]).bit_count() for s in SUITS]
    top_heart = high_card(t.hand & HEART_MASK) if t.hand & HEART_MASK else -1
    # Do not dump points that would end the game while we are not lowest.
    v = t.view
    now = [v.totals[s] + t.taken[s] for s in range(r.players)]
    spare = r.target_score - 1 - now[t.win_seat] - t.trick_penalty
    losing = now[t.me] > min(now[s] for s in range(r.players) if s != t.me)

    def prio(c: int) -> float:
        suit, rank = c >> 4, c & 15
        if bm >> c & 1:
            return -100.0
        pen = r.penalty[c]
        if pen and losing and pen > spare:
            return -60.0 + rank - pen
        if threat >= 0 and t.win_seat == threat:
            # Feed no points to a seat going for the moon; keep the top heart.
            if pen:
                return -50.0 + rank - (50 if c == top_heart else 0)
            return rank * 4.0 + (12 - counts[suit])
        if pen and suit != HEARTS:
            return 200.0 + pen
        if danger >> c & 1:
            return 150.0 + rank
        if suit == HEARTS:
            if threat >= 0 and c == top_heart:
                return -10.0
            return 40.0 + rank * 4 + pen
        short = 4 if counts[suit] <= 2 else 0
        return rank * 4.0 + short
    return max(cards_of(legal), key=lambda c: (prio(c), c))


def moon_stop_card(t: Table) -> int:
    """The card that takes the current trick away from a seat threatening to shoot
    the moon (``Table.moon_threat``), or -1 when there is no such need.

    Applies when following suit, the threatening seat is winning, and the trick
    holds points (or is a heart trick): take it with the cheapest card sure to
    win, else the highest card.
    """
    if t.led < 0 or not t.legal & SUIT_MASKS[t.led]:
        return -1
    threat = t.moon_threat()
    over = t.legal & ~below(t.win_card)
    if threat < 0 or not over or t.win_seat != threat or not (t.trick_penalty > 0
                                                             or t.led == HEARTS):
        return -1
    r = t.rules

    def cost_key(c: int) -> tuple[int, int]:
        return (card_value(r, c), -(c & 15))

    if not t.later:
        return min(cards_of(over), key=cost_key)
    out_led = t.out & SUIT_MASKS[t.led]
    sure = [c for c in cards_of(over) if not (out_led & above(c))]
    if sure:
        return min(sure, key=cost_key)
    return high_card(over)


def _follow(t: Table) -> int:
    r = t.rules
    follow = t.legal
    win = t.win_card
    under = follow & below(win)
    over = follow & ~under
    last = not t.later
    out_led = t.out & SUIT_MASKS[t.led]
    danger = danger_above(r, t.out)

    def cost_key(c: int) -> tuple[int, int]:
        return (card_value(r, c), -(c & 15))

    stop = moon_stop_card(t)
    if stop >= 0:
        return stop
    if last:
        if t.trick_value < 0 and over:
            # A bonus card (J♦) is in the trick: take it when it is cheaper than the bonus.
            c = min(cards_of(over), key=cost_key)
            if t.trick_value + card_value(r, c) < 0:
                return c
        if t.trick_value > 0 or (over and min(card_value(r, c) for c in cards_of(over)) > 0):
            if under:
                return high_card(under)
            return min(cards_of(over), key=cost_key)
        # No points: win it with the highest card that costs nothing, or keep a
        # bonus card of ours by winning with it.
        if over:
            mine_bonus = [c for c in cards_of(over) if card_value(r, c) < 0]
            if mine_bonus:
                return mine_bonus[0]
            free = [c for c in cards_of(over) if card_value(r, c) <= 0]
            if free:
                return max(free)
        return high_card(under) if under else min(cards_of(over), key=cost_key)
    # Not last.
    if t.trick_value < 0 and over:
        sure = [c for c in cards_of(over) if not (out_led & above(c))]
        if sure:
            c = min(sure, key=cost_key)
            if t.trick_value + card_value(r, c) < 0 and not _points_may_fall(t):
                return c
    risky = _points_may_fall(t)
    if not risky and over:
        # Nothing can fall on this trick: shed the highest free card.
        free = [c for c in cards_of(over) if card_value(r, c) <= 0]
        if free and (t.view.trick_index == 0 and not r.first_trick_points):
            return max(free)
    if under:
        duck = high_card(under)
        bm = bonus_mask(r)
        if bm >> duck & 1 and under & ~bm:
            duck = high_card(under & ~bm)
        return duck
    # Every card wins for now: prefer ones that do not sit above an outstanding Q♠.
    cands = cards_of(over)
    safe = [c for c in cands if not (danger >> c & 1) and r.penalty[c] == 0]
    pool = safe if safe else [c for c in cands if r.penalty[c] == 0] or cands
    if risky:
        return min(pool)
    return max(pool)


def _lead(t: Table) -> int:
    r = t.rules
    legal = t.legal
    out = t.out
    big = big_cards(r)
    danger = danger_above(r, out)
    hand = t.hand
    best_key: tuple[float, ...] | None = None
    best = low_card(legal)
    for s in SUITS:
        mine = legal & SUIT_MASKS[s]
        if not mine:
            continue
        c = low_card(mine)
        theirs = out & SUIT_MASKS[s]
        lower = (theirs & below(c)).bit_count()
        higher = (theirs & above(c)).bit_count()
        n_mine = (hand & SUIT_MASKS[s]).bit_count()
        key: float = 0.0
        big_s = big & SUIT_MASKS[s]
        if big_s:
            if hand & big_s or hand & danger & SUIT_MASKS[s]:
                key += 50  # never lead into our own Q♠ or A♠/K♠
            elif big_s & out and not (hand & SUIT_MASKS[s] & ~below(low_card(big_s & out))):
                key -= 20  # flush Q♠ with low spades
        if s == HEARTS:
            key += 10 + r.penalty[c]
        if higher == 0:
            key += 40  # we would win it
        else:
            key += 30.0 * lower / (lower + higher)
        if t.later_void(s):
            key += 5
        key += n_mine * 1.5  # short suits first, to void them
        bm = bonus_mask(r) & SUIT_MASKS[s]
        if bm and bm & out and c > low_card(bm):
            key -= 3
        k = (key, c & 15)
        if best_key is None or k < best_key:
            best_key, best = k, c
    return best


def medium_play(view: PlayerView) -> int:
    """The card medium plays from ``view`` (see the module text)."""
    legal = view.legal
    if not legal:
        raise ValueError("no legal card: it is not this seat's turn")
    if legal & (legal - 1) == 0:
        return low_card(legal)
    t = Table.of(view)
    if _shooting(t):
        return _shoot_play(t)
    if t.led < 0:
        return _lead(t)
    if legal & SUIT_MASKS[t.led]:
        return _follow(t)
    return _discard(t)


class MediumBot(BaseBot):
    """Rule-based bot (see the module text)."""

    name = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        """Cards to pass (``medium_pass``)."""
        return medium_pass(view)

    def choose_play(self, view: PlayerView) -> int:
        """Card to play (``medium_play``)."""
        return medium_play(view)

    def choose_moon(self, view: PlayerView) -> str:
        """Moon scoring choice (``common.moon_choice``)."""
        return moon_choice(view)



__all__ = ["MediumBot", "medium_pass", "medium_play", "pass_for_hand", "pass_scores", "losers",
           "moon_fit", "big_cards", "danger_above", "moon_stop_card"]
