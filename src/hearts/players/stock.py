"""Search in a game with a stock (Domino Hearts): worlds sampled from one seat's view,
played out on the engine itself.

What a seat knows in Domino Hearts (variants.md: six cards each, the rest a face-down
stock; a seat that cannot follow draws from the top one card at a time until it can;
seats drop out as their cards run out; the last seat with cards takes the rest of the
stock):

- every card played, by whom (``Trick.seats``: seats that ran out are skipped) and
  when; every draw, by whom and before which play (``PlayerView.draws`` and
  ``PlayerView.draw_at``); the faces of its own draws only;
- a seat that draws before its play ``k`` to a trick led in suit ``S`` held no ``S``
  at that moment (a *draw check*), and every card of that draw sequence but the last
  is not ``S``.  When it then follows suit, the card it plays is the last card it drew
  (its only ``S``): public, although the draw was face down.  When it does not follow
  (the stock ran out) its whole hand, drawn cards included, has no ``S``;
- a card a seat drew later may be of any suit, subject to its own later checks;
- a seat whose turn it is in a trick and that has not drawn holds the led suit (or the
  stock is empty): the one positive fact, kept by rejecting the worlds that break it.

So every hidden card slot of another seat is acquired at a moment (the deal, or one
draw sequence) and must avoid the suits of every check that seat made while the card
was in its hand.  :class:`StockSampler` turns each ``(seat, deal or draw sequence)``
into a pseudo-seat with its number of slots and the set of cards it may hold, adds the
stock as one more pseudo-seat (no constraint, order uniform), and lets the exact
sampler of :mod:`hearts.players.sampling` (:class:`~hearts.players.sampling.Sampler`)
spread over them the unseen cards *and* the cards those seats played (which slot a
played card came from is hidden too).  Every consistent world is equally likely when
the sampler's count table fits (it falls back to its near-uniform card-by-card draw
when there are too many pseudo-seats).

A world is a real :class:`hearts.game.Game`: the sampled deal and stock order are dealt
and the hand's plays so far are replayed through the engine, which redoes the draws
and the seats dropping out by itself.  The play-outs (:func:`play_out_stock`) also run
on the engine, so the Domino rules are written once, in :mod:`hearts.game`; only the
choice of card in a play-out (:func:`playout_card`, a plain policy) lives here.

With a pass option (a passing hand): the cards this seat passed sit in the hand of
the seat it passed to from the deal on (known cards, never in the stock: that seat's
deal pseudo-seat has ``pass_count`` fewer free slots); the cards it received are in its
own hand; the other seats' passes among themselves are not known, so their post-pass
hands are sampled as above.  To replay a world the engine is given a pre-pass deal
that its pass phase turns into the sampled post-pass hands: every other seat's pass
is a random ``pass_count``-set of its receiver's post-pass hand (this seat's pass and
the pass it received are the real ones), and a seat's pre-pass hand is its post-pass
hand with what it received taken out and what it passed put back.

Not handled (the callers fall back): a stock game with wild cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .. import tricks
from ..cards import cards_of
from ..game import PHASE_PLAY, Game, IllegalAction
from ..view import PlayerView
from .sampling import Knowledge, Sampler
from .sim import Sim

SAMPLER_LIMIT = 400
"""Count-table size past which the worlds are drawn card by card (near-uniform): a
table for many pseudo-seats can take seconds to build, too long for a card's search."""
SAMPLER_RETRY_LIMIT = 20000
"""The count-table size tried when the card-by-card draw keeps reaching dead ends (a
tight position: few slots that only some cards fit, e.g. after long draws)."""


def supported(view: PlayerView) -> bool:
    """Whether :class:`StockSampler` can read ``view``: a stock game without wild
    cards, in its play (after the pass on a passing hand)."""
    r = view.rules
    return bool(r.stock_size) and not r.wild_mask and view.phase == PHASE_PLAY


@dataclass(frozen=True)
class DrawRun:
    """One draw sequence: ``seat`` drew ``size`` cards before play ``at`` of the hand
    (the trick's led suit is ``led``, a card set); ``first`` is the index of its first
    card in ``PlayerView.draws``; ``last_played``: the card played at ``at`` when it is
    the last card drawn (the seat followed suit: its only card of the led suit), else -1;
    ``pending``: play ``at`` has not been made yet."""

    seat: int
    at: int
    first: int
    size: int
    led: int
    last_played: int
    pending: bool


def plays_of(view: PlayerView) -> list[tuple[int, int]]:
    """Every play of the hand so far as ``(seat, card)`` in order (finished tricks by
    their ``seats``, then the current trick)."""
    n = view.rules.players
    out: list[tuple[int, int]] = []
    for t in view.tricks:
        seats = t.seats or tuple((t.leader + i) % n for i in range(len(t.cards)))
        out.extend(zip(seats, t.cards, strict=False))
    out.extend(view.trick)
    return out


def draw_runs(view: PlayerView, plays: Sequence[tuple[int, int]], led: Sequence[int]
              ) -> list[DrawRun]:
    """The draw sequences of the hand in order (consecutive draws by one seat before one
    play).  Raises ``ValueError`` when a draw's position does not fit the plays."""
    runs: list[DrawRun] = []
    draws = view.draws
    at_list = view.draw_at
    if len(at_list) != len(draws):
        raise ValueError("the view does not say when each draw happened")
    stock0 = len(draws) + view.stock_size
    i = 0
    while i < len(draws):
        seat, at = draws[i][0], at_list[i]
        j = i
        while j + 1 < len(draws) and draws[j + 1][0] == seat and at_list[j + 1] == at:
            j += 1
        if at > len(plays) or (at < len(plays) and plays[at][0] != seat):
            raise ValueError(f"draw {i} does not come before a play of seat {seat}")
        suit = led[at] if at < len(plays) else tricks.led_mask([c for _, c in view.trick], 0)
        if not suit:
            raise ValueError(f"draw {i} comes before a lead")
        pending = at == len(plays)
        last = -1
        if not pending:
            card = plays[at][1]
            if suit >> card & 1:
                last = card
                if seat == view.seat and draws[j][1] != card:
                    raise ValueError(f"seat {seat} followed with a card it did not draw last")
            elif j != stock0 - 1:
                raise ValueError(f"seat {seat} did not follow although the stock was not empty")
        runs.append(DrawRun(seat, at, i, j - i + 1, suit, last, pending))
        i = j + 1
    return runs


@dataclass
class _Pseudo:
    seat: int  # -1: the stock
    acquired: int  # event time the cards came in (-1: the deal)
    forbid: int  # cards no slot of it may hold whatever the time (a draw's led suit)
    count: int
    run: int = -1  # index in the runs (draws), -1 for the deal and the stock
    last_slot: bool = False  # the last card of a pending run


class StockSampler:
    """Worlds consistent with one seat's view of a stock game (see the module text).

    ``StockSampler(view)`` reads the view (raises ``ValueError`` when it is not
    :func:`supported` or is inconsistent); :meth:`deal` draws the hand's deal and stock
    order; :meth:`draw` a :class:`hearts.game.Game` dealt that way with the hand's plays
    so far replayed on it: at the view's position, the other seats' hands and the
    stock's order as sampled.
    """

    def __init__(self, view: PlayerView) -> None:
        if not supported(view):
            raise ValueError("only a stock game without wild cards, in its play")
        r = view.rules
        n = r.players
        me = view.seat
        self.view = view
        self.refused = 0
        self.redrawn = 0
        plays = plays_of(view)
        self.plays = plays
        led: list[int] = []
        trick: list[int] = []
        for done in view.tricks:
            for i in range(len(done.cards)):
                led.append(tricks.led_mask(list(done.cards[:i]), 0) if i else 0)
        for i, (_, c) in enumerate(view.trick):
            led.append(tricks.led_mask(trick, 0) if i else 0)
            trick.append(c)
        self.runs = runs = draw_runs(view, plays, led)
        # Times: a draw check before play p at 4p, its cards come at 4p+1, a check made by
        # play p itself (not following, a restricted lead) at 4p+2, play p at 4p+3.
        events: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for run in runs:
            events[run.seat].append((4 * run.at, run.led))
        played_before = 0
        no_points_first = not r.first_trick_points
        first_len = len(view.tricks[0].cards) if view.tricks else len(view.trick)
        for pi, (s, c) in enumerate(plays):
            suit = led[pi]
            first = pi < first_len
            bad = 0
            if suit and not suit >> c & 1:
                bad |= suit
                if first and no_points_first and r.penalty_mask >> c & 1:
                    bad |= r.deck & ~r.penalty_mask
            elif suit and first and no_points_first and r.penalty_mask >> c & 1:
                bad |= suit & ~r.penalty_mask
            if not suit:
                if first and no_points_first and r.penalty_mask >> c & 1:
                    bad |= r.deck & ~r.penalty_mask
                if (not r.hearts_lead_any_time and not played_before & r.breaking_mask
                        and r.lead_restricted_mask >> c & 1):
                    bad |= r.deck & ~(r.lead_restricted_mask
                                      | (tricks.QS_BOTH if r.lead_hearts_over_qs else 0))
            if bad:
                events[s].append((4 * pi + 2, bad))
            played_before |= 1 << c
        # A passing hand: the cards this seat passed are known to be with ``pass_to``.
        mypass = 0
        if view.pass_offset:
            for c in view.passed:
                mypass |= 1 << c
            if mypass.bit_count() != r.pass_count or mypass & (view.hand | view.received):
                raise ValueError("the view's pass is not this seat's pass")
        self.mypass = mypass
        unseen = r.deck & ~view.hand & ~view.played & ~mypass
        pseudo: list[_Pseudo] = []
        for s in range(n):
            if s != me:
                known = r.pass_count if mypass and s == view.pass_to else 0
                pseudo.append(_Pseudo(s, -1, 0, r.hand_size - known))
        fixed = mypass
        for k, run in enumerate(runs):
            if run.seat == me:
                continue
            if run.last_played >= 0:
                fixed |= 1 << run.last_played
                pseudo.append(_Pseudo(run.seat, 4 * run.at + 1, run.led, run.size - 1, k))
            elif run.pending:
                pseudo.append(_Pseudo(run.seat, 4 * run.at + 1, run.led, run.size - 1, k))
                pseudo.append(_Pseudo(run.seat, 4 * run.at + 1, 0, 1, k, last_slot=True))
            else:  # the stock ran out and the seat did not follow: no card of it is led
                pseudo.append(_Pseudo(run.seat, 4 * run.at + 1, run.led, run.size, k))
        pseudo = [p for p in pseudo if p.count]
        stock0 = len(view.draws) + view.stock_size
        allowed: list[int] = []
        free = unseen
        for p in pseudo:
            ev = events[p.seat]
            held = 0
            for when, bad in ev:
                if when > p.acquired:
                    held |= bad
            mask = unseen & ~held & ~p.forbid
            if p.last_slot:
                run = runs[p.run]
                if run.first + run.size < stock0:  # the stock lasted: the last card is led
                    mask &= run.led
            for q, (s, c) in enumerate(plays):
                if s != p.seat or fixed >> c & 1 or p.forbid >> c & 1:
                    continue
                release = 4 * q + 3
                if p.acquired >= release:
                    continue
                if any(p.acquired < when < release and bad >> c & 1 for when, bad in ev):
                    continue
                mask |= 1 << c
            allowed.append(mask)
        for s, c in plays:
            if s != me and not fixed >> c & 1:
                free |= 1 << c
        pseudo.append(_Pseudo(-1, -1, 0, view.stock_size))
        allowed.append(unseen)
        self.pseudo = pseudo
        self.fixed = fixed
        # Pseudo-seats that may hold exactly the same cards are drawn as one (their
        # cards then split at random: the same law) to keep the count table small.
        merged: dict[int, list[int]] = {}
        for j, mask in enumerate(allowed):
            merged.setdefault(mask, []).append(j)
        self.groups = list(merged.values())
        masks = list(merged)
        k = len(masks) + 1  # index 0: this seat (known)
        know = Knowledge(0, view.hand, free, (view.hand,) + (0,) * (k - 1),
                         (view.hand, *masks), (0,) * k,
                         (view.hand.bit_count(),
                          *(sum(pseudo[j].count for j in g) for g in self.groups)))
        self.know = know
        try:
            self.sampler = Sampler(know, limit=SAMPLER_LIMIT)
        except ValueError:  # the card-by-card draw found no deal: try the exact table
            self.sampler = Sampler(know, limit=SAMPLER_RETRY_LIMIT)
        mine = 0
        for s, c in plays:
            if s == me:
                mine |= 1 << c
        drawn = 0
        for s, c in view.draws:
            if s == me:
                drawn |= 1 << c
        self.my_deal = (view.hand | mine) & ~drawn

    def deal(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """A sampled deal: the hand's initial hands (card sets; after the pass on a
        passing hand) and the stock's order at the deal (card ids, top first)."""
        view = self.view
        n = view.rules.players
        try:
            drawn = self.sampler.draw(rng)
        except ValueError:
            if self.sampler.limit >= SAMPLER_RETRY_LIMIT:
                raise
            self.sampler = Sampler(self.know, limit=SAMPLER_RETRY_LIMIT)
            drawn = self.sampler.draw(rng)
        got: list[int] = [0] * len(self.pseudo)
        for g, cards in zip(self.groups, drawn[1:], strict=True):
            pile = cards_of(cards)
            rng.shuffle(pile)
            pos = 0
            for j in g:
                for c in pile[pos:pos + self.pseudo[j].count]:
                    got[j] |= 1 << c
                pos += self.pseudo[j].count
        hands = [0] * n
        hands[view.seat] = self.my_deal
        if self.mypass:
            hands[view.pass_to] |= self.mypass
        by_run: dict[int, list[int]] = {}
        last: dict[int, int] = {}
        rest: list[int] = []
        for p, cards in zip(self.pseudo, got, strict=True):
            if p.seat < 0:
                rest = cards_of(cards)
            elif p.run < 0:
                hands[p.seat] = cards
            elif p.last_slot:
                last[p.run] = cards.bit_length() - 1
            else:
                by_run[p.run] = cards_of(cards)
        order: list[int] = []
        for k, run in enumerate(self.runs):
            if run.seat == view.seat:
                order.extend(c for _, c in view.draws[run.first:run.first + run.size])
                continue
            pile = by_run.get(k, [])
            rng.shuffle(pile)
            order.extend(pile)
            if run.last_played >= 0:
                order.append(run.last_played)
            elif k in last:
                order.append(last[k])
        rng.shuffle(rest)
        order.extend(rest)
        return hands, order

    def pre_pass(self, hands: Sequence[int], rng: random.Random
                 ) -> tuple[list[int], list[tuple[int, ...]]]:
        """A pre-pass deal (card sets) and each seat's pass (card ids) that the engine's
        pass phase turns into the post-pass ``hands`` (see the module text): this seat's
        pass and the pass it received are the real ones, every other pass a random
        ``pass_count``-set of its receiver's post-pass hand."""
        view = self.view
        n = view.rules.players
        off = view.pass_offset
        me = view.seat
        passes: list[tuple[int, ...]] = []
        for s in range(n):
            if s == me:
                passes.append(tuple(view.passed))
            elif (s + off) % n == me:
                passes.append(tuple(cards_of(view.received)))
            else:
                passes.append(tuple(rng.sample(cards_of(hands[(s + off) % n]),
                                               view.rules.pass_count)))
        masks = [sum(1 << c for c in p) for p in passes]
        before = [hands[s] & ~masks[(s - off) % n] | masks[s] for s in range(n)]
        return before, passes

    def draw(self, rng: random.Random, tries: int = 1000) -> Game:
        """A world: a :class:`hearts.game.Game` at the view's position (see the class text).

        One fact is not a set of cards a slot may hold: when another seat is to play to a
        trick and has not drawn, it holds a card of the led suit (or the stock is empty).
        A world that breaks it (the engine's replay makes that seat draw, or another seat
        is to play than in the view) is drawn again:
        the worlds kept are still equally likely.  Raises ``ValueError`` after ``tries``
        such worlds.  A world whose replay the engine refuses (a fact this module does
        not read, such as who holds the opening card under ``first_lead:
        lowest-club``) is drawn again too: ``refused`` counts those (0 under the
        default Domino rules, which the tests check), ``redrawn`` the others."""
        view = self.view
        for _ in range(tries):
            hands, order = self.deal(rng)
            g = Game(view.rules)
            g.hand_index = view.hand_index - 1
            g.totals = list(view.totals)
            if view.pass_offset:
                before, passes = self.pre_pass(hands, rng)
                g.start_hand(before, order)
                for s, given in enumerate(passes):
                    g.pass_cards(s, given)
            else:
                g.start_hand(hands, order)
            try:
                for s, c in self.plays:
                    g.play(s, c)
            except IllegalAction:
                self.refused += 1
                continue
            if len(g.draws) == len(view.draws) and g.turn == view.turn:
                return g
            self.redrawn += 1
        raise ValueError("no world fits what this seat knows")


def playout_card(g: Game, legal: int) -> int:
    """The card a play-out plays (a plain policy on the engine's state): a single legal
    card; a lead: the lowest card, outside the penalty cards if possible; following: the
    highest card under the trick's winner, else (the last to play to a trick without
    penalty cards) the highest, else the lowest; not following: the biggest penalty
    card, else the highest card."""
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    r = g.hand_rules
    tc = g.trick_cards
    if not tc:
        safe = legal & ~r.penalty_mask
        return _low(safe or legal)
    led = tricks.led_mask(tc, 0)
    follow = legal & led
    if follow:
        win = 0
        for c in tc:
            if led >> c & 1:
                win = max(win, c)
        under = follow & ((1 << win) - 1)
        if under:
            return under.bit_length() - 1
        pen = 0
        for c in tc:
            pen |= (1 << c) & r.penalty_mask
        if len(tc) == g._trick_len - 1 and not pen:
            return follow.bit_length() - 1
        return (follow & -follow).bit_length() - 1
    pens = legal & r.penalty_mask
    if pens:
        return max(cards_of(pens), key=lambda c: (r.penalty[c], c & 15))
    return max(cards_of(legal), key=lambda c: c & 15)


def _low(mask: int) -> int:
    return min(cards_of(mask), key=lambda c: (c & 15, c))


def play_out_stock(g: Game) -> Sim:
    """Play ``g``'s hand to its end with :func:`playout_card` for every seat (the engine
    draws, drops seats out and gives the last seat the stock), and return the finished
    hand as a :class:`hearts.players.sim.Sim` for the objectives of
    :mod:`hearts.players.objective` (its ``won`` and ``tricks_won``)."""
    while g.phase == PHASE_PLAY:
        g.play(g.turn, playout_card(g, g.legal_plays()))
    n = g.n
    return Sim(g.hand_rules, [0] * n, g.won, g.tricks_won, trick_index=g.hand_rules.hand_size,
               general=g.general(), side=g.bid_side())


def play_out_pass(view: PlayerView, hands: Sequence[int], stock: Sequence[int],
                  passes: Sequence[int]) -> Sim:
    """A passing hand of a stock game played out on the engine from its deal: ``hands``
    (card sets, before the pass) and ``stock`` (card ids, top first) dealt to a
    :class:`hearts.game.Game` at ``view``'s hand and totals, every seat passing
    ``passes[s]`` (card sets), then :func:`play_out_stock`.  For the pass searches of
    ``hard`` and the review.  Raises :class:`hearts.game.IllegalAction` for a deal or a
    pass the engine refuses."""
    g = Game(view.rules)
    g.hand_index = view.hand_index - 1
    g.totals = list(view.totals)
    g.start_hand(hands, stock)
    for s in range(g.n):
        g.pass_cards(s, cards_of(passes[s]))
    return play_out_stock(g)


def try_card(world: Game, card: int) -> Sim:
    """A copy of ``world`` after the seat to play plays ``card``, played out
    (:func:`play_out_stock`)."""
    g = world.copy()
    g.play(g.turn, card)
    return play_out_stock(g)


__all__ = ["StockSampler", "DrawRun", "supported", "plays_of", "draw_runs", "playout_card",
           "play_out_stock", "play_out_pass", "try_card"]
