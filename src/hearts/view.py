"""PlayerView: one seat's information set, and nothing hidden from that seat.

Bots, hints and the web layer only ever receive a :class:`PlayerView`.  It
holds what a player at the table knows: the rules, their own hand, what they
passed and received, every card played so far (tricks and the current one),
the scores, whose turn it is and what they may play.  Other seats' hands are
absent, not masked: there is no field to peek at.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import PACK2, SUIT_LETTERS, card_str, cards_of
from .errors import HeartsError, excerpt
from .events import Dealt, Drew, Event, Exchanged, Passed, WidowTaken
from .game import PHASE_PLAY, Game, HandResult, PassAction, PlayAction, Trick
from .rules import Rules
from .settle import uses_chips


def pack_of(card: int) -> int:
    """The pack (1 or 2) a card id belongs to (pack two's ids are ``id + 128``)."""
    return 2 if card >= PACK2 else 1


class PastHand(NamedTuple):
    """An earlier hand of the game as one seat saw it: ``hand`` its index,
    ``pass_offset`` its pass direction (0: no pass), ``plays`` every card played, as
    ``(seat, card)`` in play order (public), ``passed`` the card set this seat passed and
    ``received`` the card set it received (its own; 0 without a pass)."""

    hand: int
    pass_offset: int
    plays: tuple[tuple[int, int], ...]
    passed: int
    received: int


@dataclass(frozen=True)
class PlayerView:
    """The information set of seat ``seat`` (card sets are int bitmasks).

    ``passed``: the cards this seat passed this hand (ids, empty before passing
    or on a no-pass hand); ``received``: the card set received (0 until every
    seat has passed); ``pass_to``: the seat receiving this seat's pass
    (``seat`` itself on a no-pass hand).  ``tricks``: finished tricks of this
    hand; ``trick``: the current trick as ``(seat, card)`` pairs.
    ``legal``: the cards this seat may play now (0 when it is not its turn).
    ``played``: every card played this hand.  ``counts``: cards left in each
    seat's hand.  ``has_passed``: which seats have passed (not what).

    What the hand's phases made public (defaults: nothing): ``bids`` the
    ``(seat, chips or None)`` bids so far in bidding order, ``declarer`` the
    auction's winner (-1), ``penalty_suit`` the suit it named (-1; ``rules`` are
    then the hand's rules, with that penalty suit), ``jokers_played`` the wild
    cards played, ``widow_taker`` the seat that took the widow (-1),
    ``widow_size`` its size, ``widow`` its cards, **only** in the taker's own
    view (0 for everyone else: the widow is seen by that seat alone, so the
    other views' ``won`` leave it out too), ``declarations`` the ``(seat, name)``
    declarations made (the General), ``draws`` the ``(seat, card)`` draws from the
    stock this hand in order, the card only in the drawer's own view (-1 in the
    others: how many a seat drew is public, what it drew is not), ``draw_at`` for each
    draw the number of cards played this hand before it (the draws before play ``k``
    of the hand, counted from 0, were made by that play's seat because it could not
    follow; public), ``stock_size`` the
    cards left in the stock, ``out_order`` the seats whose cards ran out, in order,
    ``teams`` the sides (``rules.teams``), ``chips`` and ``pot`` in a chip game,
    ``gave_up`` the seats that gave up the hand, in order (Hearts 1887: their cards
    left play unseen, so ``unseen()`` holds cards that are in no hand: ``counts`` says
    how many each seat holds), ``may_give_up`` whether this seat may give up now.
    ``past``: the game's earlier hands (:class:`PastHand`: their plays, public, and this
    seat's own passes), oldest first; what a player at the table has seen, for a bot that
    learns how the others play (``hearts.players.opponents``).
    """

    rules: Rules
    seat: int
    phase: str
    hand_index: int
    game_number: int | None
    hand: int
    passed: tuple[int, ...]
    received: int
    pass_to: int
    pass_offset: int
    has_passed: tuple[bool, ...]
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[int, int], ...]
    leader: int
    turn: int
    legal: int
    played: int
    hearts_broken: bool
    counts: tuple[int, ...]
    tricks_won: tuple[int, ...]
    won: tuple[int, ...]
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]
    winners: tuple[int, ...]
    moon_pending: bool
    bids: tuple[tuple[int, int | None], ...] = ()
    declarer: int = -1
    penalty_suit: int = -1
    jokers_played: int = 0
    widow_size: int = 0
    widow_taker: int = -1
    widow: int = 0
    declarations: tuple[tuple[int, str], ...] = ()
    draws: tuple[tuple[int, int], ...] = ()
    draw_at: tuple[int, ...] = ()
    chips: tuple[int, ...] = ()
    pot: int = 0
    stock_size: int = 0
    out_order: tuple[int, ...] = ()
    gave_up: tuple[int, ...] = ()
    may_give_up: bool = False
    past: tuple[PastHand, ...] = ()

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides of a partnership game (``rules.teams``), ``()`` without teams."""
        return self.rules.teams

    @property
    def partners(self) -> tuple[int, ...]:
        """The other seats of this seat's team (``()`` without teams), or with a slam bid
        the seat this one knows to be its side's: the bidder, for the partner card's
        holder; the partner, for the bidder once the partner card has been played."""
        for team in self.rules.teams:
            if self.seat in team:
                return tuple(s for s in team if s != self.seat)
        card = self.rules.partner_card
        bidder = self.declarer
        if bidder < 0 or card < 0 or self.phase != PHASE_PLAY and not self.tricks:
            return ()
        holder = self.seat if self.hand >> card & 1 else self.played_by(card)
        if holder < 0 or holder == bidder:
            return ()
        if self.seat == holder:
            return (bidder,)
        if self.seat == bidder:
            return (holder,)
        return ()

    def played_by(self, card: int) -> int:
        """The seat that played ``card`` this hand (public), or -1."""
        n = self.rules.players
        for t in self.tricks:
            for i, c in enumerate(t.cards):
                if c == card:
                    return t.seats[i] if t.seats else (t.leader + i) % n
        for seat, c in self.trick:
            if c == card:
                return seat
        return -1

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.rules.players

    @property
    def trick_index(self) -> int:
        """Index (from 0) of the trick being played."""
        return len(self.tricks)

    @property
    def my_turn(self) -> bool:
        """Whether this seat must play a card now."""
        return self.phase == PHASE_PLAY and self.turn == self.seat

    def unseen(self) -> int:
        """Cards whose place this seat does not know: the deck less its own hand,
        every card played and the cards it passed (those sit with ``pass_to``)."""
        passed = 0
        for c in self.passed:
            passed |= 1 << c
        return self.rules.deck & ~self.hand & ~self.played & ~passed & ~self.widow

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the view (cards in ``interfaces.md`` notation).  With two
        packs (Cancellation Hearts) each card on the table also says its pack (1 or 2):
        ``pack`` in ``trick``, ``packs`` in ``tricks``, so that twins can be told apart."""
        two = self.rules.deck >> PACK2 != 0
        return {
            "seat": self.seat, "phase": self.phase, "hand_index": self.hand_index,
            "game": self.game_number, "players": self.players,
            "variant": self.rules.variant, "options": dict(self.rules.options),
            "hand": [card_str(c) for c in cards_of(self.hand)],
            "passed": [card_str(c) for c in self.passed],
            "received": [card_str(c) for c in cards_of(self.received)],
            "pass_to": self.pass_to, "pass_direction": self.rules.pass_name(self.hand_index)
            if self.hand_index >= 0 else "none",
            "has_passed": list(self.has_passed),
            "tricks": [{"leader": t.leader, "cards": [card_str(c) for c in t.cards],
                        "winner": t.winner, **({"seats": list(t.seats)} if t.seats else {}),
                        **({"packs": [pack_of(c) for c in t.cards]} if two else {})}
                       for t in self.tricks],
            "trick": [{"seat": s, "card": card_str(c), **({"pack": pack_of(c)} if two else {})}
                      for s, c in self.trick],
            "leader": self.leader, "turn": self.turn,
            "legal": [card_str(c) for c in cards_of(self.legal)],
            "hearts_broken": self.hearts_broken, "counts": list(self.counts),
            "tricks_won": list(self.tricks_won),
            "points_taken": [sum(self.rules.penalty[c] for c in cards_of(w)) for w in self.won],
            "totals": list(self.totals),
            "results": [{"hand": h.hand, "points": list(h.points), "tricks": list(h.tricks),
                         "moon": h.moon, "moon_kind": h.moon_kind,
                         "moon_choice": h.moon_choice, "totals": list(h.totals),
                         "declarations": [{"seat": d, "name": x} for d, x in h.declarations],
                         "out_order": list(h.out_order), "gave_up": list(h.gave_up)}
                        for h in self.results],
            "winners": list(self.winners), "moon_pending": self.moon_pending,
            "bids": [{"seat": s, "bid": b} for s, b in self.bids],
            "declarer": self.declarer if self.declarer >= 0 else None,
            "penalty_suit": SUIT_LETTERS[self.penalty_suit] if self.penalty_suit >= 0 else None,
            "jokers_played": [card_str(c) for c in cards_of(self.jokers_played)],
            "widow_size": self.widow_size,
            "widow_taker": self.widow_taker if self.widow_taker >= 0 else None,
            "widow": [card_str(c) for c in cards_of(self.widow)],
            "declarations": [{"seat": s, "name": d} for s, d in self.declarations],
            "draws": [{"seat": s, "card": card_str(c) if c >= 0 else None, "at": at}
                      for (s, c), at in zip(self.draws, self.draw_at, strict=True)],
            "stock_size": self.stock_size, "out_order": list(self.out_order),
            "teams": [list(t) for t in self.rules.teams],
            "chips": list(self.chips), "pot": self.pot,
            "gave_up": list(self.gave_up), "may_give_up": self.may_give_up,
        }


def visible_events(events: Sequence[Event], seat: int | None) -> list[Event]:
    """What ``seat`` may see of ``events`` (``Game.apply``'s), in the same order;
    ``seat`` ``None``: a spectator, who sees what every seat sees.

    Hidden parts take the markers of :mod:`hearts.events`: the deal shows a seat its
    own hand only (``-1`` for the others); a pass shows its cards to the passer only;
    of the exchange a seat sees its own pass and the cards it received (a spectator
    none); cards drawn from the stock are seen by the drawer only (the others see how
    many, Domino Hearts); the widow's cards and points by its taker only (Heartsette:
    "may look at it, shows no one", variants.md) until the hand is scored, whose event
    shows them to all.  Every other event is public (cards played, tricks, bids,
    declarations, moons, scores, a seat giving up: its cards are in no event).  Events
    are immutable: a public one is passed on as
    it is.
    """
    out: list[Event] = []
    for e in events:
        if isinstance(e, Dealt):
            e = e._replace(hands=tuple(h if s == seat else -1 for s, h in enumerate(e.hands)))
        elif isinstance(e, Passed) and e.seat != seat:
            e = e._replace(cards=())
        elif isinstance(e, Exchanged):
            n = len(e.passes)
            if seat is None:
                e = e._replace(passes=((),) * n)
            else:
                giver = (seat - e.offset) % n
                e = e._replace(passes=tuple(p if s in (seat, giver) else ()
                                            for s, p in enumerate(e.passes)), seat=seat)
        elif isinstance(e, Drew) and e.seat != seat:
            e = e._replace(cards=())
        elif isinstance(e, WidowTaken) and e.seat != seat:
            e = e._replace(cards=-1, points=-1)
        out.append(e)
    return out


def past_hands(game: Game, seat: int) -> tuple[PastHand, ...]:
    """The earlier hands of ``game`` as ``seat`` saw them (:class:`PastHand`), read from
    the game's log: every play (public), and of the passes only ``seat``'s own and the
    one it received."""
    current = game.hand_index
    if current <= 0 or not game.log:
        return ()
    n = game.n
    plays: dict[int, list[tuple[int, int]]] = {}
    passed: dict[int, int] = {}
    received: dict[int, int] = {}
    for rec in game.log:
        if isinstance(rec, PlayAction):
            if rec.hand < current:
                plays.setdefault(rec.hand, []).append((rec.seat, rec.card))
        elif isinstance(rec, PassAction) and rec.hand < current:
            off = game.rules.pass_offset(rec.hand)
            m = 0
            for c in rec.cards:
                m |= 1 << c
            if rec.seat == seat:
                passed[rec.hand] = m
            elif off and (rec.seat + off) % n == seat:
                received[rec.hand] = m
    return tuple(PastHand(h, game.rules.pass_offset(h), tuple(plays[h]), passed.get(h, 0),
                          received.get(h, 0)) for h in sorted(plays))


class ViewError(HeartsError, ValueError):
    """A view asked for a seat the game does not have; ``reason`` is ``"bad_seat"``."""

    default_reason = "bad_seat"


def player_view(game: Game, seat: int) -> PlayerView:
    """The information set of ``seat`` in ``game`` right now.

    Raises :class:`ViewError` (a ``ValueError``) for a seat outside ``0..players-1``.
    """
    if type(seat) is not int or not 0 <= seat < game.n:
        raise ViewError(f"There is no seat {excerpt(seat)} at a table of {game.n}: a seat is a "
                        f"whole number from 0 to {game.n - 1}.")
    passed = game.passes[seat] or ()
    all_passed = all(p is not None for p in game.passes) or game.pass_offset == 0
    won = tuple(game.won)
    taker = game.widow_taker
    if taker >= 0 and taker != seat:  # the widow is seen by its taker alone
        won = tuple(w & ~game.widow if s == taker else w for s, w in enumerate(won))
    order = game.bid_order()
    bids = tuple((s, game.bids[s]) for s in order[:game.bids_made])
    return PlayerView(
        rules=game.hand_rules, seat=seat, phase=game.phase, hand_index=game.hand_index,
        game_number=game.game_number, hand=game.hands[seat], passed=tuple(passed),
        received=game.received[seat] if all_passed else 0,
        pass_to=game.pass_target(seat), pass_offset=game.pass_offset,
        has_passed=tuple(p is not None for p in game.passes),
        tricks=tuple(game.tricks), trick=tuple(game.trick_seats()), leader=game.leader,
        turn=game.turn, legal=game.legal_plays(seat) if game.turn == seat else 0,
        played=game.played, hearts_broken=game.hearts_broken,
        counts=tuple(h.bit_count() for h in game.hands), tricks_won=tuple(game.tricks_won),
        won=won, totals=tuple(game.totals), results=tuple(game.results),
        winners=game.winners, moon_pending=game.pending_score is not None,
        bids=bids, declarer=game.declarer, penalty_suit=game.hand_rules.penalty_suit,
        jokers_played=game.played & game.rules.wild_mask, widow_size=game.rules.widow_size,
        widow_taker=taker, widow=game.widow if taker == seat else 0,
        chips=tuple(game.chips) if uses_chips(game.rules) else (),
        pot=game.pot, declarations=tuple(game.declarations),
        draws=tuple((s, c if s == seat else -1) for s, c in game.draws),
        draw_at=tuple(game.draw_at),
        stock_size=len(game.stock), out_order=tuple(game.out_order),
        gave_up=tuple(game.gave_up),
        may_give_up=bool(game.rules.give_up) and game.turn == seat and game.can_give_up(seat),
        past=past_hands(game, seat),
    )
