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

The mechanism games:
  - bids: chips by hand strength in an auction (:func:`bid_strength`), a slam
    bid only with a hand fit for it (:func:`slam_bid_fit`); the General only with
    the top heart, five hearts and at most one card that may lose the lead;
  - partners (teams, or a slam bid's side as far as this seat knows it): duck
    under a partner's winning card, and when void discard a card without penalty
    on its trick rather than load it (points still go on opponents' tricks); the
    bidder of a slam goes on taking everything, its silent partner keeps the
    tricks on the side (ducks under the bidder, else tries to win);
  - a stock (Domino Hearts): keep a card of every suit while the stock has
    cards (a void only means drawing, and the last seat holding cards takes
    what is left): lead the longer suits, a singleton last;
  - two packs: medium's reading by card name (:func:`_two_pack_play`).

Everything reads ``rules.penalty``/``rules.bonus``/``rules.moon``; no
variant names.  Without a seed the choices are deterministic.  With a seed,
near-ties (cards whose pass, lead or discard scores lie within
:data:`NEAR_TIE` of the best, the forced Q♠ passes and moon plans aside) are
broken by the seed's generator, so that the same hand dealt again need not be
passed and played the same way (the web server draws a secret seed per game).
"""

from __future__ import annotations

import dataclasses
import random

from ..cards import FULL_DECK, HEARTS, PACK2, SUIT_MASKS, SUITS, cards_of, same_name
from ..rules import Rules
from ..view import PlayerView
from .base import BaseBot, register_bot
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
from .policy import losers as policy_losers
from .policy import pass_worth

NEAR_TIE = 3.0
"""Scores this close to the best one count as a tie to break with the seed (a pass
score grows by 3 a rank)."""


def _pick(scored: list[tuple[float, int]], rng: random.Random | None, high: bool = True,
          tie: float = NEAR_TIE) -> int:
    """The card of the best score in ``scored`` (``(score, card)`` pairs; highest when
    ``high``, else lowest); with ``rng``, any card within ``tie`` of it."""
    best = max(scored) if high else min(scored)
    if rng is None:
        return best[1]
    near = sorted(c for v, c in scored if abs(v - best[0]) <= tie)
    return rng.choice(near)


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
    cards of its suit ranked above it are no more than the held ones above it
    (:func:`hearts.players.policy.losers`, on the pack's four suits)."""
    return policy_losers(hand & FULL_DECK, out & FULL_DECK)


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
    (``c`` included) and ``slots`` cards still to choose (``c`` included): the rules
    are :func:`hearts.players.policy.pass_worth` (compiled, shared with the search's
    model of the others' passes)."""
    return pass_worth(rules, bonus_mask(rules), c, rest, slots)


def _without_jokers(view: PlayerView) -> PlayerView:
    """The view with the wild cards (jokers) taken out of the rules, the hand and the
    tricks: medium's card rules read a trick's first card as its suit, and a joker has
    none.  Tricks holding a joker are left out (their plays say little about voids)."""
    r = view.rules
    wild = r.wild_mask
    plain = _PLAIN_RULES.get(id(r))
    if plain is None or plain[0] is not r:
        plain = _PLAIN_RULES[id(r)] = (r, dataclasses.replace(r, deck=r.deck & ~wild,
                                                              wild_mask=0))
    legal = view.legal & ~wild
    return dataclasses.replace(
        view, rules=plain[1], hand=view.hand & ~wild, legal=legal,
        trick=tuple((s, c) for s, c in view.trick if not wild >> c & 1),
        tricks=tuple(t for t in view.tricks if not any(wild >> c & 1 for c in t.cards)),
        played=view.played & ~wild)


_PLAIN_RULES: dict[int, tuple[Rules, Rules]] = {}


def _joker_play(view: PlayerView) -> int:
    """Medium with jokers (Joker Hearts): a joker never wins and may be played any time,
    so keep it for the trick medium's own card would take with points in it (or for a
    lead of a suit it would win), and play medium's card otherwise."""
    wild = view.rules.wild_mask
    jokers = view.legal & wild
    plain = _without_jokers(view)
    if not plain.legal:
        return low_card(jokers)
    card = medium_play(plain)
    if not jokers:
        return card
    r = view.rules
    real = [c for _, c in view.trick if not wild >> c & 1]
    if not real:  # leading (or only jokers so far): medium's lead, the joker kept
        return card
    led = (real[0] & 127) >> 4
    top = max((c for c in real if (c & 127) >> 4 == led), default=-1)
    wins = (card & 127) >> 4 == led and card > top
    points = sum(r.penalty[c] for c in real) + r.penalty[card]
    last = len(view.trick) == view.players - 1
    if wins and (points > 0 or not last):
        return low_card(jokers)
    return card


def bid_strength(rules: Rules, hand: int) -> tuple[float, int]:
    """``(strength, suit)`` for an auction (Auction Hearts): the suit this hand is least
    likely to take if named the penalty suit, and how sure.  A suit of low cards that
    can duck, or a short suit backed by low cards elsewhere, is good; high cards of the
    suit and aces and kings elsewhere (tricks won, with the suit thrown on them) are bad.
    """
    high_out = 0
    for suit in range(4):
        for c in cards_of(hand & SUIT_MASKS[suit]):
            if c & 15 >= 11:  # K, A
                high_out += 1
    best, best_suit = -99.0, 2
    for suit in range(4):
        cards = cards_of(hand & SUIT_MASKS[suit] & rules.deck)
        low = sum(1 for c in cards if c & 15 <= 4)
        high = sum(1 for c in cards if c & 15 >= 9)
        score = 1.5 * low - 2.0 * high - 0.25 * len(cards)
        score -= 0.75 * sum(1 for c in cards_of(hand & ~SUIT_MASKS[suit]) if c & 15 >= 11)
        if score > best or (score == best and suit == 2):
            best, best_suit = score, suit
    return best, best_suit


def slam_bid_fit(rules: Rules, hand: int) -> bool:
    """Whether a hand is strong enough to bid a slam (Partnership Hearts with a slam bid):
    no card that may lose the lead, or at least five hearts with the top heart and at
    most two cards that may lose it (one, when the hand holds the partner card itself
    and so would play alone)."""
    lose = losers(hand, rules.deck & ~hand)
    if lose == 0:
        return True
    hearts = hand & HEART_MASK & rules.deck
    top = high_card(rules.deck & HEART_MASK)
    if hearts.bit_count() < 5 or not hearts >> top & 1:
        return False
    alone = rules.partner_card >= 0 and bool(hand >> rules.partner_card & 1)
    return lose <= (1 if alone else 2)


def medium_bid(view: PlayerView) -> int | bool | None:
    """Medium's bid: in an auction, chips by hand strength (:func:`bid_strength`), no bid
    when the hand is weak or a higher bid is already in; a slam bid only with a hand
    fit for it (:func:`slam_bid_fit`) while nobody has bid."""
    if view.rules.slam_bid:
        if any(b is True for _, b in view.bids):
            return None
        return True if slam_bid_fit(view.rules, view.hand) else None
    strength, _suit = bid_strength(view.rules, view.hand)
    want = min(view.rules.max_bid, int(strength))
    high = max((b for _, b in view.bids if b is not None), default=0)
    return want if want > high and want >= 1 else None


def medium_suit(view: PlayerView) -> int:
    """The penalty suit medium names after winning the auction (:func:`bid_strength`)."""
    return bid_strength(view.rules, view.hand)[1]


def medium_pass(view: PlayerView, rng: random.Random | None = None) -> tuple[int, ...]:
    """The ``pass_count`` cards medium passes (see the module text); ``rng`` breaks
    near-ties (:func:`hand_pass`)."""
    return hand_pass(view.rules, view.hand, rng)


def hand_pass(rules: Rules, hand: int, rng: random.Random | None = None) -> tuple[int, ...]:
    """:func:`pass_for_hand` for any pack: with two packs, medium's pass of the hand
    read by name (each name once), each name passed as a copy held."""
    if rules.deck >> PACK2:
        return tuple(_held(hand, c) for c in pass_for_hand(_folded_rules(rules), _fold(hand), rng))
    return pass_for_hand(rules, hand, rng)


def hand_pass_scores(rules: Rules, hand: int) -> dict[int, float]:
    """:func:`pass_scores` for any pack: with two packs the scores of the hand read by
    name, keyed by a copy held of each name."""
    if rules.deck >> PACK2:
        return {_held(hand, c): v for c, v in pass_scores(_folded_rules(rules), _fold(hand)).items()}
    return pass_scores(rules, hand)


def _held(hand: int, card: int) -> int:
    """The lowest copy of ``card``'s name in ``hand``."""
    return low_card(hand & same_name(card))


def pass_scores(rules: Rules, hand: int) -> dict[int, float]:
    """Each card's worth as the first card to pass (higher: pass it sooner)."""
    k = rules.pass_count
    hand &= ~rules.wild_mask  # a joker is never passed: it is the safest card to hold
    return {c: _pass_score(rules, c, hand, k) for c in cards_of(hand)}


def pass_for_hand(rules: Rules, hand: int, rng: random.Random | None = None) -> tuple[int, ...]:
    """medium's pass for a hand under ``rules`` (needs nothing else: the pass
    is chosen before any card is seen).  ``rng``: break near-ties among ordinary
    cards (not the forced spade passes, scored 100 and up) with it."""
    r = rules
    k = r.pass_count
    hand &= ~r.wild_mask  # a joker is never passed: it is the safest card to hold
    out = r.deck & ~hand & ~r.wild_mask
    if moon_fit(r, hand, out):
        weak = sorted(cards_of(hand), key=lambda c: (
            not (c >> 4 != HEARTS and (out & above(c)).bit_count() > (hand & above(c)).bit_count()),
            c & 15))
        return tuple(sorted(weak[:k]))
    chosen: list[int] = []
    rest = hand
    for i in range(k):
        scored = [(_pass_score(r, c, rest, k - i), c) for c in cards_of(rest)]
        best = max(scored)[1]
        if rng is not None and max(scored)[0] < 100.0:
            best = _pick(scored, rng)
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


def _discard(t: Table, rng: random.Random | None = None) -> int:
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
    scored = [(prio(c), c) for c in cards_of(legal)]
    top = max(scored)
    if rng is None or top[0] >= 100.0 or top[0] < 0:  # forced dumps and guarded cards stay
        return top[1]
    return _pick([x for x in scored if 0 <= x[0] < 100.0], rng)


def moon_stop_card(t: Table) -> int:
    """The card that takes the current trick away from a seat threatening to shoot
    the moon (``Table.moon_threat``), or -1 when there is no such need.

    Applies when following suit, the threatening seat is winning, and the trick
    holds points (or is a heart trick): take it with the cheapest card sure to
    win, else the highest card.
    """
    if not 0 <= t.led < 4 or not t.legal & SUIT_MASKS[t.led]:  # (a joker led: no suit)
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


def moon_card(t: Table) -> int:
    """Medium's card against a moon threat when following suit, or -1.

    :func:`moon_stop_card` when the trick can be taken from the would-be
    shooter; when it cannot, and the shooter wins a heart trick, the lowest
    heart, so that the high ones stay to take a later heart trick from it.
    """
    stop = moon_stop_card(t)
    if stop >= 0 or t.led != HEARTS or not t.legal & HEART_MASK:
        return stop
    threat = t.moon_threat()
    if threat >= 0 and t.win_seat == threat:
        return low_card(t.legal & HEART_MASK)
    return -1


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

    stop = moon_card(t)
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


def _lead(t: Table, rng: random.Random | None = None) -> int:
    r = t.rules
    legal = t.legal
    out = t.out
    big = big_cards(r)
    danger = danger_above(r, out)
    hand = t.hand
    best_key: tuple[float, ...] | None = None
    best = low_card(legal)
    keys: list[tuple[float, int]] = []
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
        if t.view.stock_size:
            # Domino Hearts: a void while the stock has cards only means drawing (more
            # cards, and the last seat holding cards takes what is left), so keep every
            # suit: lead the longer suits, and a singleton last.
            key += 6.0 if n_mine == 1 else -1.5 * n_mine
        else:
            key += n_mine * 1.5  # short suits first, to void them
        bm = bonus_mask(r) & SUIT_MASKS[s]
        if bm and bm & out and c > low_card(bm):
            key -= 3
        k = (key, c & 15)
        keys.append((key, c))
        if best_key is None or k < best_key:
            best_key, best = k, c
    if rng is not None and best_key is not None and best_key[0] < 40:  # not forced leads
        return _pick([x for x in keys if x[0] < 40], rng, high=False, tie=NEAR_TIE / 2)
    return best


def medium_declare(view: PlayerView) -> str | None:
    """Medium's declaration (the four-queens game's General): only with a hand that
    looks able to take every penalty card: the top heart, at least five hearts, and at
    most one card that may lose the lead; else nothing."""
    r = view.rules
    if "general" not in r.declarations:
        return None
    hand = view.hand
    hearts = hand & HEART_MASK
    top = high_card(r.deck & HEART_MASK)
    if hearts.bit_count() >= 5 and hearts >> top & 1 and losers(hand, r.deck & ~hand) <= 1:
        return "general"
    return None


def _fold(cards: int) -> int:
    """A two-pack card set as names (pack two's copies folded onto pack one's ids)."""
    return (cards | cards >> PACK2) & FULL_DECK


def _folded_rules(r: Rules) -> Rules:
    """Two-pack rules read as one pack (by name), for medium's card rules."""
    key = id(r)
    plain = _PLAIN_RULES.get(key)
    if plain is None or plain[0] is not r:
        folded = dataclasses.replace(
            r, deck=_fold(r.deck), penalty_mask=_fold(r.penalty_mask),
            breaking_mask=_fold(r.breaking_mask),
            lead_restricted_mask=_fold(r.lead_restricted_mask),
            bonus=tuple((c, v) for c, v in r.bonus if c < PACK2),
            hand_total=r.hand_total // 2, cancel_identical=False)
        plain = _PLAIN_RULES[key] = (r, folded)
    return plain[1]


def _two_pack_play(view: PlayerView, rng: random.Random | None) -> int:
    """Medium with two packs (Cancellation Hearts): medium's card on the view folded to
    one pack (each name once: a seat holding both copies of a name sees it once, the
    rest of medium's reading of the table is by name), then a copy of that name the
    seat may play."""
    folded = dataclasses.replace(
        view, rules=_folded_rules(view.rules), hand=_fold(view.hand), legal=_fold(view.legal),
        trick=tuple((s, c & 127) for s, c in view.trick),
        tricks=tuple(t._replace(cards=tuple(c & 127 for c in t.cards)) for t in view.tricks),
        played=_fold(view.played), won=tuple(_fold(w) for w in view.won),
        received=_fold(view.received), passed=tuple(c & 127 for c in view.passed))
    card = medium_play(folded, rng)
    copies = view.legal & same_name(card)
    return low_card(copies) if copies else low_card(view.legal)


def _partner_play(t: Table) -> int:
    """Playing for the partner (Partnership Hearts): -1, or the card to play when the
    partner is winning the trick: duck under it when following, and when void discard
    the highest card that carries no penalty rather than load the partner."""
    if t.led < 0 or t.win_seat < 0 or t.win_seat not in t.view.partners:
        return -1
    r = t.rules
    legal = t.legal
    follow = legal & SUIT_MASKS[t.led]
    if follow:
        under = follow & below(t.win_card)
        return high_card(under) if under else -1
    safe = legal & ~r.penalty_mask & ~bonus_mask(r)
    return high_card(safe) if safe else -1


def _slam_play(t: Table) -> int:
    """A slam bid still alive (no point outside the side known to this seat): the bidder
    goes on taking everything; its silent partner ducks under the bidder's winning card
    (or discards a card without penalty on it) and else tries to win the trick itself.
    -1 when the slam is lost, or this seat is not on the bidder's side."""
    view = t.view
    bidder = view.declarer
    friends = (t.me, *view.partners)
    if bidder not in friends:
        return -1
    if any(p > 0 for s, p in enumerate(t.taken) if s not in friends):
        return -1
    if t.me != bidder and t.win_seat == bidder:
        card = _partner_play(t)
        if card >= 0:
            return card
    return _shoot_play(t)


def medium_play(view: PlayerView, rng: random.Random | None = None) -> int:
    """The card medium plays from ``view`` (see the module text); ``rng`` breaks
    near-ties of leads and discards."""
    legal = view.legal
    if not legal:
        raise ValueError("no legal card: it is not this seat's turn")
    if legal & (legal - 1) == 0:
        return low_card(legal)
    if view.rules.deck >> PACK2:
        return _two_pack_play(view, rng)
    if view.rules.wild_mask:
        return _joker_play(view)
    t = Table.of(view)
    if (t.me, "general") in view.declarations and not any(
            p > 0 for s, p in enumerate(t.taken) if s != t.me):
        return _shoot_play(t)  # a General declared: go on taking everything
    if view.rules.slam_bid and view.declarer >= 0:
        card = _slam_play(t)
        if card >= 0:
            return card
    if _shooting(t):
        return _shoot_play(t)
    if view.partners:
        card = _partner_play(t)
        if card >= 0:
            return card
    if t.led < 0:
        return _lead(t, rng)
    if legal & SUIT_MASKS[t.led]:
        return _follow(t)
    return _discard(t, rng)


def medium_give_up(view: PlayerView) -> bool:
    """Whether medium gives up the hand now (Hearts 1887, ``Rules.give_up``;
    docs/family-rules.md "The 1887 give-up"): only when it must take every heart and
    that costs more than giving up.  It must when it leads and every card it holds is
    above every card of its suit still out (it then takes every trick left, and no other
    seat has taken a heart, or it could not give up).  Taking them all pays the hand's
    total (13; 104 in the double game) unless a moon rule pays it instead; giving up
    pays ``give_up`` to each other seat: 8 x 3 = 24 at four.  So it gives up in the
    double game and keeps the 13 in the one-a-heart game."""
    r = view.rules
    if not view.may_give_up or view.trick or r.moon != "none" or r.deck >> PACK2 \
            or r.wild_mask or r.hand_total <= r.give_up * (r.players - 1):
        return False
    out = view.unseen()
    for suit in SUITS:
        mine = view.hand & SUIT_MASKS[suit]
        if not mine:
            continue
        low = (mine & -mine).bit_length() - 1
        if out & SUIT_MASKS[suit] & ~((1 << (low + 1)) - 1):
            return False  # a card still out beats one of ours
    return bool(view.hand)


class MediumBot(BaseBot):
    """Rule-based bot (see the module text)."""

    name = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.tie_rng = self.rng if seed is not None else None

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        """Cards to pass (``medium_pass``; near-ties broken by the seed, if any)."""
        return medium_pass(view, self.tie_rng)

    def choose_play(self, view: PlayerView) -> int:
        """Card to play (``medium_play``; near-ties broken by the seed, if any)."""
        return medium_play(view, self.tie_rng)

    def choose_moon(self, view: PlayerView) -> str:
        """Moon scoring choice (``common.moon_choice``)."""
        return moon_choice(view)

    def choose_bid(self, view: PlayerView) -> int | bool | None:
        """Auction or slam bid (``medium_bid``)."""
        return medium_bid(view)

    def choose_suit(self, view: PlayerView) -> int:
        """Penalty suit to name (``medium_suit``)."""
        return medium_suit(view)

    def choose_declare(self, view: PlayerView) -> str | None:
        """Declaration before the first lead (``medium_declare``)."""
        return medium_declare(view)

    def choose_give_up(self, view: PlayerView) -> bool:
        """Whether to give up the hand (Hearts 1887: ``medium_give_up``)."""
        return medium_give_up(view)


register_bot("medium", MediumBot)

__all__ = ["MediumBot", "medium_pass", "medium_play", "medium_bid", "medium_suit",
           "medium_declare", "slam_bid_fit", "hand_pass", "hand_pass_scores",
           "bid_strength", "pass_for_hand", "pass_scores", "losers",
           "moon_fit", "big_cards", "danger_above", "moon_stop_card", "moon_card"]
