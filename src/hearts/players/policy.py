"""The fast play-out policy of the search bot: medium's rules on bitmasks.

:func:`rollout_card` chooses a card for the seat to play in a
:class:`hearts.players.sim.Sim`, looking only at what that seat could know
at a real table (its own hand, the tricks, the cards played, the voids shown
and the points taken), not at the other hands of the sampled deal.  It
follows the rules of ``medium.py`` closely, rewritten on card-set bitmasks so
that a card costs a few microseconds and the search can play thousands of
hands per move:

- lead the lowest card of the suit where it is least likely to win (counting
  the cards still out), short suits first; avoid hearts and the suit of our
  own Q♠ (or A♠/K♠ while Q♠ is out); flush Q♠ with low spades;
- follow: take a trick away from a seat threatening the moon (and, when it
  wins a heart trick anyway, keep the high hearts for a later one); last to play,
  duck a trick with points and win one without (or one with the bonus card);
  otherwise duck under the winner, or, when every card wins, play low if
  points may still fall and high if not (high on the first trick);
- void: throw the biggest penalty card, then A♠/K♠ over an outstanding Q♠,
  then the best of the high hearts and high cards of short suits; never the
  bonus card, and feed no points to a seat going for the moon.

- shoot the moon when every point taken so far is ours and every card we
  hold is sure to win, or when the hand was fit for it at the start of the play
  (``Sim.fit``, :func:`moon_fits`) and at most two cards may lose (lead the sure
  winners, hearts last).

:func:`replay_misses` measures how well a sampled deal explains the other seats'
plays so far; with ``ties`` a card among medium's seeded near-ties
(:func:`near_ties`) counts as explained.

Rule data comes from :class:`PolicyRules`,
built once per ``Rules``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import FULL_DECK, HEARTS, SUIT_MASKS, mask_of
from ..rules import Rules
from .sim import Sim, _cards, _highest_rank

HEARTS_MASK = SUIT_MASKS[HEARTS]
_SUIT_OFFSETS = (0, 16, 32, 48)


@dataclass(frozen=True)
class PolicyRules:
    """Card sets and numbers derived from the rules for the play-out policy.

    ``big``: penalty cards outside hearts (Q♠, K♠/A♠ in Black Maria);
    ``bonus``: bonus cards (J♦) and ``bonus_value`` their points (summed);
    ``pen_order``: penalty cards from the largest penalty down; ``above_big``:
    ``(big card, non-penalty cards of its suit ranked above it)`` pairs;
    ``safe_first``: no penalty card may fall on the first trick; ``moon``:
    the rules have a moon; ``moon_hearts``: a moon on hearts (medium's moon attempts,
    :func:`moon_fits`), ``top_heart`` the deck's highest heart and ``pass_count`` the
    cards a pass holds (how many losers a fit hand may have).
    """

    big: int
    bonus: int
    bonus_value: tuple[tuple[int, int], ...]
    penalty: tuple[int, ...]
    penalty_mask: int
    pen_order: tuple[int, ...]
    above_big: tuple[tuple[int, int], ...]
    safe_first: bool
    deck: int
    hand_total: int
    moon: bool
    moon_hearts: bool
    top_heart: int
    pass_count: int

    @classmethod
    def of(cls, rules: Rules) -> PolicyRules:
        """Derive the policy data from ``rules``."""
        big = rules.penalty_mask & ~HEARTS_MASK & ((1 << 64) - 1)  # one pack (the policy's)
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
        return cls(big, bonus, tuple(rules.bonus), rules.penalty, rules.penalty_mask, tuple(pens),
                   tuple(ab), not rules.first_trick_points, rules.deck, rules.hand_total,
                   rules.moon != "none" and bool(rules.penalty_mask),
                   rules.moon != "none" and bool(rules.penalty_mask & HEARTS_MASK),
                   _high(rules.deck & HEARTS_MASK), rules.pass_count)


_CACHE: dict[int, tuple[Rules, PolicyRules]] = {}


def policy_rules(rules: Rules) -> PolicyRules:
    """:class:`PolicyRules` for ``rules`` (cached)."""
    hit = _CACHE.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    p = PolicyRules.of(rules)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(rules)] = (rules, p)
    return p


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _value(pr: PolicyRules, cards: int) -> int:
    """Points (penalty plus bonus) of a card set."""
    v = 0
    m = cards & pr.penalty_mask
    pen = pr.penalty
    while m:
        low = m & -m
        v += pen[low.bit_length() - 1]
        m ^= low
    if cards & pr.bonus:
        for c, b in pr.bonus_value:
            if cards >> c & 1:
                v += b
    return v


def _danger(pr: PolicyRules, out: int) -> int:
    """The non-penalty cards ranked above a big penalty card still ``out`` (A♠/K♠ while
    Q♠ is in another hand): medium's ``danger_above``."""
    danger = 0
    for c, above in pr.above_big:
        if out >> c & 1:
            danger |= above
    return danger


def _cheapest(pr: PolicyRules, cards: int) -> int:
    """Medium's cheapest winner (``medium._follow``'s ``cost_key``): the card of ``cards``
    with the lowest points (a bonus card first), the highest rank among equals."""
    best, key = -1, (1 << 30)
    m = cards
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        k = _value(pr, low) * 32 - (c & 15)
        if k < key:
            best, key = c, k
    return best


def _threat(sim: Sim, seat: int, pr: PolicyRules) -> int:
    """The seat that may be shooting the moon (all points so far, at least a third
    of the hand's total), or -1."""
    if not pr.moon:
        return -1
    holder = -1
    for s, t in enumerate(sim.taken):
        if t > 0:
            if holder >= 0:
                return -1
            holder = s
    if holder < 0 or holder == seat or sim.taken[holder] * 3 < pr.hand_total:
        return -1
    return holder


def _others_void(sim: Sim, seat: int) -> int:
    """The suits (bit ``suit``) some other seat has shown out of."""
    v = 0
    for s in range(sim.n):
        if s != seat:
            v |= sim.voids[s]
    return v


def _lead_key(pr: PolicyRules, n: int, hand: int, mine: int, s: int, out: int, danger: int,
              others_void: int) -> float:
    """Medium's lead key (``medium._lead``; lower: lead it sooner) of the lowest card of
    ``mine`` (this seat's legal cards of suit ``s``)."""
    sm = SUIT_MASKS[s]
    c = (mine & -mine).bit_length() - 1
    theirs = out & sm
    lower = (theirs & ((1 << c) - 1)).bit_count()
    total = theirs.bit_count()
    key = 0.0
    bs = pr.big & sm
    if bs:
        if hand & bs or hand & danger & sm:
            key += 50.0
        elif bs & out and not hand & sm & ~((1 << _low(bs & out)) - 1):
            key -= 20.0
    if s == HEARTS:
        key += 10.0 + pr.penalty[c]
    if lower == total:
        key += 40.0
    else:
        key += 30.0 * lower / total
    if others_void >> s & 1 or total < n - 1:
        key += 5.0
    key += (hand & sm).bit_count() * 1.5
    bs = pr.bonus & sm & out
    if bs and c > _low(bs):
        key -= 3.0
    return key


def _lead(sim: Sim, seat: int, hand: int, legal: int, out: int, danger: int,
          pr: PolicyRules) -> int:
    others_void = _others_void(sim, seat)
    best = -1
    best_key = 1e18
    for s in range(4):
        mine = legal & SUIT_MASKS[s]
        if not mine:
            continue
        c = (mine & -mine).bit_length() - 1
        key = _lead_key(pr, sim.n, hand, mine, s, out, danger, others_void) * 16 + (c & 15)
        if key < best_key:
            best_key, best = key, c
    return best


def _discard_worth(pr: PolicyRules, hand: int, c: int) -> float:
    """Medium's discard score of an ordinary card (``medium._discard``; higher: throw it
    sooner): a heart 40 plus four a rank plus its points, another card four a rank plus
    four when its suit is short (two cards or fewer)."""
    rank = c & 15
    if c >> 4 == HEARTS:
        return 40.0 + rank * 4 + pr.penalty[c]
    return rank * 4.0 + (4.0 if (hand & SUIT_MASKS[c >> 4]).bit_count() <= 2 else 0.0)


def _discard(sim: Sim, seat: int, hand: int, legal: int, danger: int, pr: PolicyRules) -> int:
    threat = _threat(sim, seat, pr)
    pmask = pr.penalty_mask
    if threat >= 0 and sim.win_seat == threat:
        # Feed no points to the would-be shooter.
        safe = legal & ~pmask & ~pr.bonus or legal & ~pmask
        if safe:
            pick, pick_p = -1, -1
            for off in _SUIT_OFFSETS:
                m = safe >> off & 0xFFFF
                if m:
                    r = m.bit_length() - 1
                    p = r * 4 + 12 - (hand >> off & 0xFFFF).bit_count()
                    if p > pick_p:
                        pick_p, pick = p, off + r
            return pick
        # Only points to play: medium's ``_discard`` gives the highest, keeping the top heart.
        top = _high(hand & HEARTS_MASK)
        pick, pick_k = -1, -1000
        m = legal & ~pr.bonus or legal
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            k = (c & 15) - (50 if c == top else 0)
            if k >= pick_k:
                pick, pick_k = c, k
        return pick
    if legal & pr.big:
        for c in pr.pen_order:
            if legal >> c & 1 and pr.big >> c & 1:
                return c
    if legal & danger:
        return _high(legal & danger)
    best, best_p = -1, -1.0
    hearts = legal & HEARTS_MASK
    if hearts:
        c = _high(hearts)
        if threat >= 0 and c == _high(hand & HEARTS_MASK):
            c2 = _high(hearts & ~(1 << c))
            if c2 >= 0:
                best, best_p = c2, _discard_worth(pr, hand, c2)
        else:
            best, best_p = c, _discard_worth(pr, hand, c)
    rest = legal & ~HEARTS_MASK & ~pr.bonus
    for off in _SUIT_OFFSETS:
        m = rest >> off & 0xFFFF
        if m:
            c = off + m.bit_length() - 1
            q = _discard_worth(pr, hand, c)
            if q > best_p or (q == best_p and c > best):
                best_p, best = q, c
    if best < 0:
        best = _high(legal & ~pr.bonus or legal)
    return best


def _can_run(hand: int, out: int) -> bool:
    """Whether every card of ``hand`` wins (medium's ``losers(...) == 0``): in each
    suit the outstanding cards above a held card are no more than ours above it."""
    for sm in SUIT_MASKS:
        theirs = out & sm
        if not theirs:
            continue
        mine = hand & sm
        top = theirs.bit_length() - 1
        low = mine & ((1 << top) - 1)
        while low:
            c = (low & -low).bit_length() - 1
            low &= low - 1
            above = ~((2 << c) - 1)
            if (theirs & above).bit_count() > (mine & above).bit_count():
                return False
    return True


def _shoot(sim: Sim, legal: int, out: int, pr: PolicyRules) -> int:
    trick = sim.trick
    if not trick:
        best = -1
        for c in _cards(legal):
            if out & ~((2 << c) - 1) & SUIT_MASKS[c >> 4]:
                continue
            if best < 0 or (best >> 4 == HEARTS) > (c >> 4 == HEARTS) or \
                    ((best >> 4 == HEARTS) == (c >> 4 == HEARTS) and c > best):
                best = c
        return best if best >= 0 else _high(legal)
    follow = legal & SUIT_MASKS[trick[0] >> 4]
    if follow:
        return _high(follow)
    safe = legal & ~pr.penalty_mask
    return _lowest_rank(safe or legal)


def _lowest_rank(mask: int) -> int:
    best, best_r = -1, 99
    for off in _SUIT_OFFSETS:
        m = mask >> off & 0xFFFF
        if m:
            r = (m & -m).bit_length() - 1
            if r < best_r:
                best_r, best = r, off + r
    return best


def moon_fits(pr: PolicyRules, hands: Sequence[int]) -> int:
    """The seats (bit ``seat``) whose hand, as given (each seat's cards at the start of
    the play), is fit to shoot the moon by medium's rule (``medium.moon_fit``: at least
    six hearts with the top heart, at most ``pass_count`` cards that may lose the lead);
    0 in games without a moon on hearts.  Set it as ``Sim.fit`` so that the play-outs
    (and the replays that weigh sampled deals) make medium's moon attempts."""
    if not pr.moon_hearts:
        return 0
    fit = 0
    deck = pr.deck & FULL_DECK
    for s, h in enumerate(hands):
        h &= FULL_DECK
        if (h & HEARTS_MASK).bit_count() >= 6 and h >> pr.top_heart & 1 \
                and losers(h, deck & ~h) <= pr.pass_count:
            fit |= 1 << s
    return fit


def _shooting(sim: Sim, seat: int, hand: int, legal: int, out: int, pr: PolicyRules) -> bool:
    """Whether the seat to play goes for the moon (medium's ``_shooting``): no other seat
    has taken a point, and either it has taken points and every card it holds wins, or
    its hand was fit (``sim.fit``) and at most two of its cards may lose the lead; not
    when another seat wins a trick with points that it cannot beat."""
    taken = sim.taken
    if not taken[seat] and not sim.fit >> seat & 1:
        return False  # neither branch below can apply (the common case: a fast exit)
    for s in range(sim.n):
        if s != seat and taken[s] > 0:
            return False
    trick = sim.trick
    beaten = bool(trick) and sim.win_seat != seat and not legal & ~(
        (2 << sim.win_card) - 1) & SUIT_MASKS[trick[0] >> 4]
    if taken[seat] > 0 and _can_run(hand, out) and not beaten:
        return True
    if not sim.fit >> seat & 1 or beaten and _value(pr, mask_of(trick)) > 0:
        return False
    return losers(hand, out) <= 2


def rollout_card(sim: Sim, legal: int, pr: PolicyRules) -> int:
    """The policy's card for the seat to play (``legal`` is ``sim.legal()``, non-empty)."""
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    seat = sim.turn
    hand = sim.hands[seat]
    trick = sim.trick
    out = pr.deck & ~sim.played & ~hand
    if pr.moon and _shooting(sim, seat, hand, legal, out, pr):
        return _shoot(sim, legal, out, pr)
    danger = _danger(pr, out)
    if not trick:
        return _lead(sim, seat, hand, legal, out, danger, pr)
    led = trick[0] >> 4
    ledm = SUIT_MASKS[led]
    follow = legal & ledm
    if not follow:
        return _discard(sim, seat, hand, legal, danger, pr)
    pmask = pr.penalty_mask
    win = sim.win_card
    under = follow & ((1 << win) - 1)
    over = follow & ~under
    nlater = sim.n - 1 - len(trick)
    tm = 0
    for c in trick:
        tm |= 1 << c
    tpen = tm & pmask
    if over and (tpen or led == HEARTS) and pr.moon:
        threat = _threat(sim, seat, pr)
        if threat >= 0 and sim.win_seat == threat:
            if nlater == 0:
                return _cheapest(pr, over)
            out_led = out & ledm
            top = _high(out_led)
            sure = over & ~((2 << top) - 1) if out_led else over
            return _low(sure) if sure else _high(over)
    if under and led == HEARTS and pr.moon and _threat(sim, seat, pr) == sim.win_seat >= 0:
        return _low(under)  # the would-be shooter wins it anyway: keep the high hearts
    if nlater == 0:
        tv = _value(pr, tm) if tm & (pmask | pr.bonus) else 0
        if tv < 0 and over:
            c = _cheapest(pr, over)
            if tv + _value(pr, 1 << c) < 0:
                return c
        if tv > 0 or (over and not over & ~pmask):
            if under:
                return _high(under)
            return _cheapest(pr, over)
        if over:
            mine = over & pr.bonus
            if mine:
                return _low(mine)
            free = over & ~pmask
            if free:
                return _high(free)
        if under:
            return _high(under)
        return _cheapest(pr, over)
    first_safe = sim.trick_index == 0 and pr.safe_first
    if first_safe:
        risky = False
    elif tpen or out & ledm & pmask:
        risky = True
    else:
        later_void = 0
        n = sim.n
        for i in range(1, nlater + 1):
            later_void |= sim.voids[(seat + i) % n]
        risky = bool(out & pmask) and bool(later_void >> led & 1
                                             or (out & ledm).bit_count() < nlater)
    if first_safe and over:
        free = over & ~pmask
        if free:
            return _high(free)
    if under:
        keep = under & ~pr.bonus
        return _high(keep or under)
    pool = over & ~danger & ~pmask or over & ~pmask or over
    return _low(pool) if risky else _high(pool)


MEDIUM, PLAIN, RANDOM, HIGH = 0, 1, 2, 3
"""The play-out policies of ``Sim.mix``: medium's model (:func:`rollout_card`), the plain
choice (``Sim.simple_card``), a legal card at random (:func:`random_card`), the legal card
of the highest rank (:func:`highest_card`)."""


def highest_card(legal: int) -> int:
    """The card of ``legal`` (non-empty) of the highest rank (of equal ranks, the one of
    the highest suit)."""
    return _highest_rank(legal)


def random_card(sim: Sim, legal: int) -> int:
    """A card of ``legal`` (non-empty) drawn uniformly with the simulator's own generator
    (``Sim.seed``, a 31-bit linear congruential generator, advanced once): a copy of a
    simulator draws as the original would, so the candidates of a search share their
    draws (common random numbers) until their plays differ."""
    sim.seed = (sim.seed * 1103515245 + 12345) & 0x7FFFFFFF
    k = (sim.seed >> 16) % legal.bit_count()
    m = legal
    for _ in range(k):
        m &= m - 1
    return (m & -m).bit_length() - 1


def rollout(sim: Sim, pr: PolicyRules) -> None:
    """Play ``sim`` to the end of the hand with :func:`rollout_card` for every seat, but
    the seats of ``sim.alt`` with the simulator's plain choice (``Sim.simple_card``) and,
    where ``sim.mix`` says so for the seat and kind of play (:func:`play_kind`), the plain
    choice, a random card (:func:`random_card`) or the highest card (:func:`highest_card`)."""
    hs = sim.rules.hand_size
    alt = sim.alt
    mix = sim.mix
    n = sim.n
    while sim.trick_index < hs:
        legal = sim.legal()
        if alt >> sim.turn & 1:
            sim.play(sim.simple_card(legal))
            continue
        if mix and legal & (legal - 1):
            code = mix >> 2 * (play_kind(sim, legal) * n + sim.turn) & 3
            if code == PLAIN:
                sim.play(sim.simple_card(legal))
                continue
            if code == RANDOM:
                sim.play(random_card(sim, legal))
                continue
            if code == HIGH:
                sim.play(highest_card(legal))
                continue
        sim.play(rollout_card(sim, legal, pr))


LEAD_TIE = 1.5
"""Lead keys this close to the best count as medium's near-tie (``medium.NEAR_TIE / 2``)."""
DISCARD_TIE = 3.0
"""Discard scores this close to the best count as medium's near-tie (``medium.NEAR_TIE``)."""


def near_ties(sim: Sim, legal: int, pr: PolicyRules) -> int:
    """The cards that medium with a seed might play here besides the policy's own card
    (``legal`` is ``sim.legal()``), as a card set: the lowest card of every suit whose
    lead key lies within :data:`LEAD_TIE` of the best (leads that are not forced, key
    under 40), or, on a discard with no penalty card to dump, the top card of every suit
    whose discard score lies within :data:`DISCARD_TIE` of the best.  0 where medium
    breaks no tie (following suit, a seat going for the moon, a penalty card to dump).

    Medium breaks these near-ties with its seed (``medium._pick``), so a seeded medium
    that plays one of them has not shown a hand the policy cannot explain: the replay
    of :func:`replay_misses` does not count it as a miss.
    """
    seat = sim.turn
    hand = sim.hands[seat]
    trick = sim.trick
    out = pr.deck & ~sim.played & ~hand
    if pr.moon and _shooting(sim, seat, hand, legal, out, pr):
        return 0  # going for the moon: no ties
    danger = _danger(pr, out)
    keys: list[tuple[float, int]] = []
    if not trick:
        others_void = _others_void(sim, seat)
        for s in range(4):
            mine = legal & SUIT_MASKS[s]
            if mine:
                key = _lead_key(pr, sim.n, hand, mine, s, out, danger, others_void)
                if key < 40.0:
                    keys.append((key, (mine & -mine).bit_length() - 1))
        if len(keys) < 2:
            return 0
        best = min(k for k, _ in keys)
        tie = LEAD_TIE
    else:
        if legal & SUIT_MASKS[trick[0] >> 4]:
            return 0
        if _threat(sim, seat, pr) >= 0 or legal & (pr.big | danger):
            return 0
        for off in _SUIT_OFFSETS:
            m = legal >> off & 0xFFFF & ~(pr.bonus >> off)
            if not m:
                continue
            c = off + m.bit_length() - 1
            keys.append((_discard_worth(pr, hand, c), c))
        if len(keys) < 2:
            return 0
        best = max(k for k, _ in keys)
        tie = DISCARD_TIE
    near = 0
    for k, c in keys:
        if abs(k - best) <= tie:
            near |= 1 << c
    return near if near & (near - 1) else 0


KINDS = 3
"""The kinds of play the opponent model tells apart (:func:`play_kind`)."""
LEAD, FOLLOW, DISCARD = 0, 1, 2


def play_kind(sim: Sim, legal: int) -> int:
    """The kind of the play ``sim``'s seat to play makes from ``legal``: :data:`LEAD` (the
    trick is empty), :data:`FOLLOW` (it holds the led suit; every play of a game that is
    not one plain pack counts as a follow) or :data:`DISCARD` (void in the led suit)."""
    if not sim.trick:
        return LEAD
    if not sim.plain or legal & SUIT_MASKS[sim.trick[0] >> 4]:
        return FOLLOW
    return DISCARD


def replay_misses(sim: Sim, seats: list[int], cards: list[int], me: int, pr: PolicyRules,
                  cap: int, ties: bool = False,
                  per_seat: list[int] | None = None,
                  shares: list[float] | None = None,
                  loglik: list[float] | None = None) -> tuple[int, int]:
    """Replay ``cards`` (played by ``seats``, in order) on ``sim`` from the hand's start and
    count the plays of seats other than ``me`` that had a choice (``choices``) and that the
    play-out policy would not have made (``misses``): ``(misses, choices)``.

    The policy is :func:`rollout_card` in plain one-pack games and the simulator's plain
    choice (``Sim.simple_card``) otherwise.  With ``ties`` a card among medium's near-ties
    (:func:`near_ties`) is no miss either.  The replay stops early, leaving ``sim``
    part-way, once ``misses`` exceeds ``cap`` (the caller then drops the deal).
    ``per_seat`` (length ``2 * KINDS * players``, when given) counts per seat and kind of
    play as well (:func:`play_kind`: lead, follow, discard): the misses of seat ``s`` in
    kind ``k`` are added to ``per_seat[k * players + s]``, its choices to
    ``per_seat[(KINDS + k) * players + s]`` (the search bot's opponent model,
    ``opponents.SeatFit``).

    ``shares`` and ``loglik`` (both given, and ``per_seat``; the search bot's fitted
    play-out mixture read as a likelihood): ``shares[4 * (k * players + s)]`` onwards the
    four shares of seat ``s``'s mixture in kind ``k`` (:data:`MEDIUM`, :data:`PLAIN`,
    :data:`RANDOM`, :data:`HIGH`; a negative first share: not read this way).  A play of
    a kind read this way adds the log of its probability under the mixture (mixed with
    :data:`MIXTURE_NOISE` of random play, so that no play is impossible) to
    ``loglik[0]`` and does not count in ``misses`` (``per_seat`` still counts it).
    """
    miss = 0
    choices = 0
    plain = sim.plain
    n = sim.n
    for i in range(len(cards)):
        c = cards[i]
        if seats[i] != me:
            legal = sim.legal()
            if legal & (legal - 1):
                choices += 1
                pick = rollout_card(sim, legal, pr) if plain else sim.simple_card(legal)
                slot = -1
                if per_seat is not None:
                    slot = play_kind(sim, legal) * n + seats[i]
                    per_seat[KINDS * n + slot] += 1
                ok = pick == c or (ties and plain and bool(near_ties(sim, legal, pr) >> c & 1))
                if shares is not None and loglik is not None and per_seat is not None \
                        and shares[4 * slot] >= 0.0:
                    if not ok:
                        per_seat[slot] += 1
                    loglik[0] += _mixture_log(shares, 4 * slot, ok, sim.simple_card(legal) == c,
                                              c & 15 == _highest_rank(legal) & 15,
                                              legal.bit_count())
                elif not ok:
                    miss += 1
                    if per_seat is not None:
                        per_seat[slot] += 1
                    if miss > cap:
                        return miss, choices
        sim.play(c)
    return miss, choices


MIXTURE_NOISE = 0.05
"""The share of random play mixed into a fitted mixture read as a likelihood
(:func:`replay_misses`): a play none of its policies would make stays possible."""


def _mixture_log(shares: list[float], at: int, medium_ok: bool, plain_ok: bool,
                 high_ok: bool, k: int) -> float:
    """The log of the probability of one play of ``k`` legal cards under the mixture
    ``shares[at:at + 4]``, given which policies would have made it."""
    p = shares[at + 2] / k
    if medium_ok:
        p += shares[at]
    if plain_ok:
        p += shares[at + 1]
    if high_ok:
        p += shares[at + 3]
    return math.log((1.0 - MIXTURE_NOISE) * p + MIXTURE_NOISE / k)


# ---------------------------------------------------------------- passing
def _above(c: int) -> int:
    return ~((2 << c) - 1) & SUIT_MASKS[c >> 4]


def _below(c: int) -> int:
    return ((1 << c) - 1) & SUIT_MASKS[c >> 4]


def losers(hand: int, out: int) -> int:
    """How many cards of ``hand`` (one pack) may lose the lead: a card wins when the
    cards of ``out`` ranked above it in its suit are no more than the held ones above it.
    ``medium.losers`` calls this."""
    lose = 0
    m = hand
    while m:
        c = _low(m)
        m &= m - 1
        a = _above(c)
        if (out & a).bit_count() > (hand & a).bit_count():
            lose += 1
    return lose


def pass_worth(rules: Rules, bonus: int, c: int, rest: int, slots: int) -> float:
    """Medium's worth of passing card ``c`` (one pack; higher: pass it sooner) with
    ``rest`` kept so far (``c`` included), ``slots`` cards still to choose (``c``
    included) and ``bonus`` the bonus cards as a set: -100 for a bonus card; Q♠ and the
    spades above it 100 and up with two low spades or fewer to guard it; low spades
    kept; a card voiding a short side suit +25; high diamonds over J♦ -12; otherwise
    three points a rank (plus a heart's penalty).  ``medium._pass_score`` calls this."""
    suit = c >> 4
    rank = c & 15
    smask = SUIT_MASKS[suit]
    big = rules.penalty_mask & ~HEARTS_MASK & smask
    if bonus:
        v = rules.penalty[c]
        for bc, b in rules.bonus:
            if bc == c:
                v += b
        if v < 0:
            return -100.0
    score = rank * 3.0
    if big:
        base = _low(big)
        guards = (rest & _below(base)).bit_count()
        if c >= base:
            if guards <= 2:
                return 100.0 + rules.penalty[c] + rank
            if guards == 3:
                return 30.0 + rank
            return -20.0 + rank
        return -30.0 + rank
    if suit == HEARTS:
        score = rank * 3.0 + rules.penalty[c]
    elif (rest & smask).bit_count() <= slots:
        score += 25.0
    bs = bonus & smask
    if bs and bs & rest and c > _low(bs):
        score -= 12.0
    return score


def _moon_pass(rules: Rules, hand: int, out: int) -> bool:
    """Whether medium passes ``hand`` as one fit for the moon (``medium.moon_fit``)."""
    hearts = hand & HEARTS_MASK
    return rules.moon != "none" and bool(rules.penalty_mask & HEARTS_MASK) \
        and hearts.bit_count() >= 6 and bool(hearts >> _high(rules.deck & HEARTS_MASK) & 1) \
        and losers(hand, out) <= rules.pass_count


PASS_TIE = 3.0
"""Medium breaks pass scores this close to the best with its seed (``medium.NEAR_TIE``)."""


def pass_misses(rules: Rules, hand: int, passed: int) -> int:
    """How badly medium's pass rule explains passing ``passed`` from the pre-pass ``hand``
    (card-set bitmasks, one pack, ``passed`` inside ``hand``): 0 when medium (with any
    seeded near-tie, :data:`PASS_TIE`) could have passed exactly those cards, else the
    number of kept cards it would have passed first, summed over the ``pass_count``
    choices (the least such sum over the orders in which ``passed`` may be chosen).  A
    hand fit for the moon counts the cards of ``passed`` outside medium's moon pass.

    The search bot weighs its sampled deals by this for the seat that passed to it (the
    pass is evidence about the hand it came from, as the plays are;
    ``hard.HardBot._worlds``).  ``tests/test_policy_pass.py`` checks it is 0 on
    medium's own passes.
    """
    k = rules.pass_count
    hand &= ~rules.wild_mask
    passed &= hand
    out = rules.deck & ~hand & ~rules.wild_mask
    if _moon_pass(rules, hand, out):
        return (passed & ~pass_mask(rules, hand)).bit_count()
    bonus = 0
    for bc, _b in rules.bonus:
        bonus |= 1 << bc
    memo: dict[int, int] = {}
    return _pass_misses(rules, bonus, hand, passed, k, memo)


def _pass_misses(rules: Rules, bonus: int, rest: int, passed: int, slots: int,
                 memo: dict[int, int]) -> int:
    """:func:`pass_misses` from the cards ``rest`` still held with ``slots`` choices to
    make: the least, over which card of ``passed`` is chosen next, of the kept cards
    scored above it (beyond a near-tie) plus the misses of the choices after it."""
    if not slots or not rest & passed:
        return 0
    done = memo.get(rest, -1)
    if done >= 0:
        return done
    top = -1e9
    kept: list[float] = []
    mine: list[tuple[float, int]] = []
    m = rest
    while m:
        c = _low(m)
        m &= m - 1
        v = pass_worth(rules, bonus, c, rest, slots)
        if v > top:
            top = v
        if passed >> c & 1:
            mine.append((v, c))
        else:
            kept.append(v)
    tie = 0.0 if top >= 100.0 else PASS_TIE
    best = 1 << 30
    for v, c in mine:
        miss = 0
        for w in kept:
            if w > v + tie:
                miss += 1
        if miss < best:
            miss += _pass_misses(rules, bonus, rest & ~(1 << c), passed, slots - 1, memo)
            if miss < best:
                best = miss
    memo[rest] = best
    return best


def pass_mask(rules: Rules, hand: int) -> int:
    """Medium's pass (``medium.pass_for_hand`` without its tie-breaking ``rng``) as a
    card set, on bitmasks and compiled: the search bot's model of how the other seats
    pass, called for three hands in each of thousands of sampled deals.

    One pack only (cards below 64); the jokers are never passed.  A hand fit for the
    moon (six hearts or more with the top heart and at most ``pass_count`` cards that
    may lose the lead) passes its losing cards outside hearts first, lowest rank
    first; any other hand passes, one card at a time, the card with the highest
    :func:`pass_worth` (ties to the higher card).  ``tests/test_policy_pass.py``
    checks it equals ``medium.pass_for_hand``.
    """
    k = rules.pass_count
    hand &= ~rules.wild_mask
    out = rules.deck & ~hand & ~rules.wild_mask
    if _moon_pass(rules, hand, out):
        keyed: list[tuple[int, int, int]] = []
        m = hand
        while m:
            c = _low(m)
            m &= m - 1
            a = _above(c)
            loses = c >> 4 != HEARTS and (out & a).bit_count() > (hand & a).bit_count()
            keyed.append((0 if loses else 1, c & 15, c))
        keyed.sort()
        chosen = 0
        for i in range(min(k, len(keyed))):
            chosen |= 1 << keyed[i][2]
        return chosen
    bonus = 0
    for bc, _b in rules.bonus:
        bonus |= 1 << bc
    chosen = 0
    rest = hand
    for i in range(k):
        best = -1
        top = -1e9
        m = rest
        while m:
            c = _low(m)
            m &= m - 1
            v = pass_worth(rules, bonus, c, rest, k - i)
            if v >= top:
                top = v
                best = c
        if best < 0:
            break
        chosen |= 1 << best
        rest &= ~(1 << best)
    return chosen


__all__ = ["PolicyRules", "policy_rules", "rollout_card", "rollout", "replay_misses", "pass_mask",
           "pass_worth", "pass_misses", "losers", "near_ties", "moon_fits", "play_kind",
           "KINDS", "LEAD", "FOLLOW", "DISCARD", "MIXTURE_NOISE"]
