"""The game state machine: deal, pass, play, tricks, hand end, game end.

A :class:`Game` is mutable (like python-chess's ``Board``): actions change it
in place and return a frozen record (like pokerkit) that is also appended to
``Game.log``.  Every action comes as a triad: ``verify_x()`` raises
:class:`IllegalAction` with a reason code and a sentence, ``can_x()`` answers
yes or no, ``x()`` verifies then acts.  A refused action changes nothing.

Legality comes from one function, :meth:`Game._legal`: it narrows the hand
step by step (opening card, follow suit, first-trick points, hearts unbroken)
and, when asked, records which step removed which cards.  :meth:`legal_plays`
and :meth:`explain` both read it, so they cannot disagree.

Phases: ``"deal"`` (between hands: call :meth:`start_hand`), then the
hand's phases named by ``Rules.phases`` (``"bid"``, ``"suit"``, ``"pass"``,
``"declare"``, ``"play"``; one with nothing to do in a hand is skipped),
``"moon-choice"`` (the shooter picks add or subtract), and ``"game-over"``.
In a game with a stock (Domino Hearts) a seat that cannot follow draws from it
when its turn comes (no decision: the rules force it) and seats whose cards run
out drop out of the following tricks.

One question, one answer: :meth:`Game.pending` lists the decisions due now
(:class:`hearts.actions.Decision`: seat, kind, legal choices) and
:meth:`Game.apply` takes any :class:`hearts.actions.Action`; :meth:`Game.verify`
and :meth:`Game.can` check one.  The per-phase triads (``verify_play``/
``can_play``/``play`` and the others) are the same checks and effects under
their own names.

Seats, hands and dealer: ``interfaces.md`` section 1 (hand ``k``: seat
``(k - 1) mod n`` deals, seat ``k mod n`` is eldest hand).
Rule sources: ``variants.md``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, TypeGuard, cast

from . import scoring, settle, tricks
from .actions import Action, Decision
from .cards import (
    HEARTS,
    JOKER,
    PACK2,
    SPADES,
    SUIT_LETTERS,
    SUIT_MASKS,
    CardError,
    card_str,
    card_tuple,
    held_copy,
    make_card,
    parse_card,
    same_name,
)
from .deal import check_game_number, numbered_deal, random_deal, shuffled_deck
from .errors import HeartsError, excerpt
from .events import (
    BidMade,
    Dealt,
    Declared,
    Drew,
    Event,
    Exchanged,
    GameOver,
    GaveUp,
    HandScored,
    MoonChosen,
    MoonDue,
    Passed,
    Played,
    RestTaken,
    SuitNamed,
    TrickTaken,
    WidowTaken,
)
from .rules import Rules

# Final: a compiled build inlines these instead of looking them up at each use.
PHASE_DEAL: Final = "deal"
PHASE_BID: Final = "bid"
PHASE_SUIT: Final = "suit"
PHASE_DECLARE: Final = "declare"
PHASE_PASS: Final = "pass"
PHASE_PLAY: Final = "play"
PHASE_MOON: Final = "moon-choice"
PHASE_OVER: Final = "game-over"

QS: Final = make_card(10, SPADES)

REASON_MESSAGES = {
    "not_in_hand": "You do not hold {card}.",
    "must_follow_suit": "You must follow suit: {suit} was led and you still hold {suit}.",
    "must_lead_lowest_club": "The first trick must be opened with {opening}.",
    "first_trick_points": "No hearts or other penalty cards on the first trick while you "
                          "hold another card.",
    "hearts_not_broken": "Hearts are not broken yet: lead another suit.",
    "not_your_turn": "It is not your turn: seat {turn} plays next.",
    "wrong_phase": "That cannot be done now: the game is in the {phase} stage.",
    "bad_pass": "{detail}",
    "bad_deal": "{detail}",
    "bad_moon_choice": "{detail}",
    "bad_bid": "{detail}",
    "bad_suit": "{detail}",
    "bad_declaration": "{detail}",
    "cannot_give_up": "{detail}",
}

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


class IllegalAction(HeartsError):
    """An action the rules do not allow; the game state is unchanged.

    ``reason`` is a code from ``interfaces.md`` section 3 (``not_in_hand``,
    ``must_follow_suit``, ``must_lead_lowest_club``, ``first_trick_points``,
    ``hearts_not_broken``, ``bad_pass``, ``bad_deal``) or one of
    ``not_your_turn``, ``wrong_phase``, ``bad_moon_choice``, ``bad_bid``,
    ``bad_suit``, ``bad_action``; ``message`` is a sentence for the player.
    """

    def __init__(self, reason: str, message: str, seat: Any = None, card: Any = None) -> None:
        # seat and card: ints or None, or what the caller gave when that was not a
        # seat at all (typed Any: a compiled build would refuse such a value here).
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.seat = seat
        self.card = card

    def to_json(self) -> dict[str, object]:
        """``{"reason", "message", "seat"?, "card"?}`` for APIs."""
        out: dict[str, object] = {"reason": self.reason, "message": self.message}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.card is not None:
            out["card"] = card_str(self.card)
        return out


class PassAction(NamedTuple):
    """Seat ``seat`` passed ``cards`` (ids, in the order given) in hand ``hand``."""

    hand: int
    seat: int
    cards: tuple[int, ...]


class PlayAction(NamedTuple):
    """Seat ``seat`` played ``card`` to trick ``trick`` of hand ``hand``.

    ``winner`` is the seat that took the trick when this card completed it,
    else ``None``.  A ``NamedTuple``: immutable, cheap to make (one per card).
    """

    hand: int
    seat: int
    card: int
    trick: int
    winner: int | None


class MoonChoiceAction(NamedTuple):
    """The shooter ``seat`` chose ``"add"`` or ``"subtract"`` in hand ``hand``."""

    hand: int
    seat: int
    choice: str


class BidAction(NamedTuple):
    """Seat ``seat`` bid ``bid`` chips, or ``True`` for a slam bid (``None``: no bid), in
    hand ``hand``."""

    hand: int
    seat: int
    bid: int | bool | None


class SuitAction(NamedTuple):
    """The auction's winner ``seat`` named ``suit`` (0-3) the penalty suit of hand ``hand``."""

    hand: int
    seat: int
    suit: int


class DeclareAction(NamedTuple):
    """Seat ``seat`` declared ``name`` (``"general"``), or ``None``: nothing, in hand ``hand``."""

    hand: int
    seat: int
    name: str | None


class GiveUpAction(NamedTuple):
    """Seat ``seat`` gave up hand ``hand`` at trick ``trick`` (0-based), having played
    ``played`` cards of it; ``cards``: the cards it set aside (a card set; Hearts 1887,
    :meth:`Game.give_up`)."""

    hand: int
    seat: int
    trick: int
    played: int
    cards: int


class DrawAction(NamedTuple):
    """Seat ``seat`` drew ``card`` from the stock in hand ``hand`` (Domino Hearts).  Not a
    decision: a seat that cannot follow draws until it can, so plays imply the draws."""

    hand: int
    seat: int
    card: int


class Trick(NamedTuple):
    """A finished trick: ``leader`` seat, ``cards`` in play order, ``winner`` seat
    (-1: a cancelled trick, whose cards go to the next trick's winner); ``seats``: who
    played each card when seats have dropped out (Domino Hearts), else ``()`` (then card
    ``i`` is seat ``(leader + i) mod n``'s: :func:`trick_seats`)."""

    leader: int
    cards: tuple[int, ...]
    winner: int
    seats: tuple[int, ...] = ()


def trick_seats(trick: Trick, n: int) -> tuple[int, ...]:
    """The seat that played each card of a finished trick, in play order."""
    if trick.seats:
        return trick.seats
    return tuple((trick.leader + i) % n for i in range(len(trick.cards)))


# Making a NamedTuple through tuple.__new__ skips its Python-level __new__ (hot path only).
_new_record: Final = tuple.__new__
# Final aliases of the records the hot path makes: a compiled build reads them from C
# variables instead of looking each class up in the module's dict on every call.
_PlayAction: Final = PlayAction
_Played: Final = Played
_Trick: Final = Trick
_Decision: Final = Decision


@dataclass(frozen=True, slots=True, init=False)
class HandResult:
    """A scored hand: points and tricks per seat, moon, and the totals after it.

    ``moon`` is the shooter's seat or ``None``; ``moon_kind`` ``"moon"`` or
    ``"sun"``; ``moon_choice`` ``"add"``/``"subtract"`` as applied.  In a chip
    game (``settle.py``) ``chips`` holds each seat's chips for the hand (positive:
    received), ``chip_totals`` the running chip totals and ``pot`` the pool left;
    else they are empty and 0.
    """

    hand: int
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    moon: int | None
    moon_kind: str | None
    moon_choice: str | None
    totals: tuple[int, ...]
    chips: tuple[int, ...] = ()
    chip_totals: tuple[int, ...] = ()
    pot: int = 0
    out_order: tuple[int, ...] = ()
    declarations: tuple[tuple[int, str], ...] = ()
    side: tuple[int, ...] = ()
    """A slam bid's side for the hand: the bidder, then its silent partner (absent when
    the bidder held the partner card); ``()`` when nobody bid."""
    gave_up: tuple[int, ...] = ()
    """The seats that gave up the hand, in the order they did (Hearts 1887)."""

    def __init__(self, hand: int, points: tuple[int, ...], tricks: tuple[int, ...],
                 moon: int | None, moon_kind: str | None, moon_choice: str | None,
                 totals: tuple[int, ...], chips: tuple[int, ...] = (),
                 chip_totals: tuple[int, ...] = (), pot: int = 0,
                 out_order: tuple[int, ...] = (), declarations: tuple[tuple[int, str], ...] = (),
                 side: tuple[int, ...] = (), gave_up: tuple[int, ...] = ()) -> None:
        """The fields in order, as the dataclass's own ``__init__`` takes them.

        Written out: a compiled build turns each ``object.__setattr__`` into a plain
        store, where the generated ``__init__`` runs interpreted (once a hand: 3.4 µs
        against 0.3)."""
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "moon", moon)
        object.__setattr__(self, "moon_kind", moon_kind)
        object.__setattr__(self, "moon_choice", moon_choice)
        object.__setattr__(self, "totals", totals)
        object.__setattr__(self, "chips", chips)
        object.__setattr__(self, "chip_totals", chip_totals)
        object.__setattr__(self, "pot", pot)
        object.__setattr__(self, "out_order", out_order)
        object.__setattr__(self, "declarations", declarations)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "gave_up", gave_up)

    def __reduce__(self) -> tuple[Any, ...]:
        # copy, deepcopy and pickle by the fields (a compiled frozen class needs this).
        return (HandResult, (self.hand, self.points, self.tricks, self.moon, self.moon_kind,
                             self.moon_choice, self.totals, self.chips, self.chip_totals,
                             self.pot, self.out_order, self.declarations, self.side,
                             self.gave_up))


# _LED_MASK[card]: the cards of one pack that follow suit when ``card`` is led: the fast
# path of a game whose rules are "plain" (one pack, no wild cards, no cancellation);
# every other game goes through tricks.py.
_LED_MASK: Final[tuple[int, ...]] = tuple(
    SUIT_MASKS[(c & 127) >> 4] if (c & 127) < JOKER else 0 for c in range(256))
_QS_BIT: Final = 1 << QS


def _is_card_id(card: object) -> TypeGuard[int]:
    return isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 256


def _no_seat(seat: object, players: int, reason: str) -> IllegalAction:
    """The refusal of a seat that is not a seat number (a bool, a float, a string...:
    ``2.0 == 2``, but an action's seat is an int, as it is written in records)."""
    return IllegalAction(reason, f"There is no seat {excerpt(seat)}: a seat is a whole number from 0 "
                         f"to {players - 1}.", seat=seat)


def _valid_face(card: int) -> bool:
    c = card & 127
    return c >> 4 == 4 or (c < JOKER and c & 15 < 13)


def _plain(rules: Rules) -> bool:
    """Whether a trick is one pack's cards without wild cards or cancellation (the fast
    path of :meth:`Game.play`)."""
    return not rules.wild_mask and not rules.cancel_identical and not rules.deck >> PACK2


def _card_name(card: int) -> str:
    return card_str(card) if _valid_face(card) else f"card {card}"


def _seat_field(action: tuple[object, ...]) -> object:
    """``action[1]`` (the seat) as it is: read through a plain tuple, not ``Action``'s
    int-typed field, so that a seat that is not an int reaches the phase's check (which
    refuses it with a reason) instead of a compiled build's ``TypeError``."""
    return action[1]


class Game:
    """A whole game of a Hearts-family variant for ``rules.players`` seats.

    ``game_number`` (1..2**32-1) selects the numbered deals of ``deal.py``;
    without it a deal is shuffled by ``rng`` (a new ``random.Random()`` when ``None``)
    unless :meth:`start_hand` is given the hands.  Another
    value (0, ``True``, a string) raises :class:`hearts.deal.DealError` here.
    Card sets are int bitmasks (``cards.py``).

    Public state (read it, do not write it): ``phase``, ``hand_index``,
    ``dealt``/``hands``/``won`` (card sets per seat), ``passes``, ``received``,
    ``pass_offset``, ``tricks`` (finished :class:`Trick` records),
    ``trick_cards`` (current trick, play order), ``leader``, ``turn``,
    ``played`` (every card played this hand), ``trick_index``, ``tricks_won``,
    ``totals``, ``results``, ``log``, ``winners``.
    """

    def __init__(self, rules: Rules, game_number: int | None | object = None,
                 rng: random.Random | None = None) -> None:
        # (typed object for mypyc, which would turn True into 1: checked here instead)
        if not isinstance(rules, Rules):  # the pure build; a compiled one refuses it on the way in
            raise TypeError(f"Game needs a Rules object (hearts.rules.make_rules('standard')), "
                            f"not {type(rules).__name__}")
        self.rules = rules
        self.game_number: int | None = (None if game_number is None
                                        else check_game_number(game_number))
        self.rng = rng
        n = rules.players
        self.n = n
        self._next_seat = tuple((s + 1) % n for s in range(n))
        self.hand_index = rules.first_hand - 1  # the next start_hand deals hand first_hand
        self.totals: list[int] = [0] * n
        self.results: list[HandResult] = []
        self.log: list[Any] = []
        self.chips: list[int] = [0] * n
        self.pot = 0
        # by hand index: a game placed at a later hand (option first_hand, the arena) holds
        # no entry for the hands it never dealt (a list would hold one for each)
        self.stock_deals: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self.phase = PHASE_DEAL
        self.winners: tuple[int, ...] = ()
        self._totals_before: tuple[int, ...] = ()  # the totals before the last hand scored
        self._dynamic = rules.stock_size > 0  # seats drop out: tricks of fewer cards
        self._two_packs = rules.deck >> PACK2 != 0
        # two cards share a name (jokers, a second pack): an action's card means a copy
        self._copies = rules.deck >> JOKER != 0
        # who plays each card of a full trick, by leader (the trick events' seats)
        self._orders = tuple(tuple((lead + i) % n for i in range(n)) for lead in range(n))
        # The events of the action being applied (Game.apply), or None: then none are made.
        self._events: list[Event] | None = None
        self._reset_hand_state()

    def _reset_hand_state(self) -> None:
        n = self.n
        self.dealt: list[int] = [0] * n
        self.hands: list[int] = [0] * n
        self.passes: list[tuple[int, ...] | None] = [None] * n
        self._pass_masks: list[int] = [0] * n
        self.received: list[int] = [0] * n
        self.pass_offset = 0
        self.won: list[int] = [0] * n
        self.tricks_won: list[int] = [0] * n
        self.tricks: list[Trick] = []
        self.trick_cards: list[int] = []
        self.leader = 0
        self.turn = 0
        self.played = 0
        self.trick_index = 0
        self.pending_score: scoring.HandScore | None = None
        self._trick_base = 0  # ``played`` when the current trick began
        self._legal_cache = -1  # legal set of ``turn``, or -1 when not computed yet
        self.hand_rules = self.rules  # the rules of this hand: a phase may change them
        self._plain = _plain(self.rules)
        self.widow = 0
        self.widow_taker = -1
        self.bids: list[int | bool | None] = [None] * n
        self.bids_made = 0
        self.declarer = -1
        self.partner = -1  # a slam bid's silent partner (the partner card's holder), or -1
        self.carry = 0  # cards of cancelled tricks, for the next trick's winner
        self.declarations: list[tuple[int, str]] = []
        self.declares_made = 0
        self.stock: list[int] = []  # Domino Hearts: the stock's cards, top first
        self.draws: list[tuple[int, int]] = []  # (seat, card) drawn this hand
        self.draw_at: list[int] = []  # per draw: cards played this hand before it
        self.out_order: list[int] = []  # seats in the order their cards ran out
        self._trick_len = self.n  # cards in the current trick (fewer once seats drop out)
        self._seats: list[int] = []  # who plays the current trick, in order (stock games)
        # seats drop out of the tricks: a game with a stock, or a hand someone gave up
        self._dynamic = self.rules.stock_size > 0
        self.gave_up: list[int] = []  # the seats that gave up this hand, in order (1887)
        self.set_aside = 0  # the cards they held, out of play and unseen

    # ----------------------------------------------------------------- deal
    @property
    def dealer(self) -> int:
        """Seat dealing the current hand: ``(hand_index - 1) mod n`` (interfaces.md §1)."""
        return (self.hand_index - 1) % self.n

    @property
    def eldest(self) -> int:
        """Eldest hand of the current hand: ``hand_index mod n`` (left of the dealer)."""
        return self.hand_index % self.n

    @property
    def hearts_broken(self) -> bool:
        """Whether a heart (or Q♠ with ``qs_breaks_hearts``) has been played this hand."""
        return bool(self.played & self.hand_rules.breaking_mask)

    def verify_deal(self, deal: Sequence[int]) -> None:
        """Raise :class:`IllegalAction` (``bad_deal``) unless ``deal`` is a valid deal.

        A valid deal is one card set per seat, ``hand_size`` cards each, disjoint,
        all from the rules' deck.
        """
        r = self.rules
        try:
            hands: list[object] = list(deal)  # checked one by one: may hold anything
        except TypeError:
            raise IllegalAction("bad_deal", "The deal must be a list of hands.") from None
        if len(hands) != self.n:
            raise IllegalAction("bad_deal", f"The deal must have {self.n} hands, not {len(hands)}.")
        seen = 0
        for s, h in enumerate(hands):
            if isinstance(h, tuple | list):
                raise IllegalAction("bad_deal", f"Seat {s}'s hand is a list of cards; a deal "
                                    "gives each hand as a card set (an int: mask_of(cards)).",
                                    seat=s)
            if isinstance(h, bool) or not isinstance(h, int) or h < 0:
                raise IllegalAction("bad_deal", f"Seat {s}'s hand is not a card set.", seat=s)
            if h & ~r.deck:
                bad = ((h & ~r.deck) & -(h & ~r.deck)).bit_length() - 1
                c = bad & 127  # a card or joker of either pack is named (JK, QS), else the id
                known = bad < 256 and ((c >> 4 < 4 and c & 15 < 13) or c >> 4 == 4)
                name = card_str(bad) if known else str(bad)
                if known and bad >= 128:
                    name += " (a second pack's copy)"
                raise IllegalAction("bad_deal", f"{name} is not in this deck.", seat=s,
                                    card=bad if known else None)
            if h.bit_count() != r.hand_size:
                raise IllegalAction("bad_deal", f"Seat {s} must be dealt {r.hand_size} cards, "
                                    f"not {h.bit_count()}.", seat=s)
            if h & seen:
                dup = ((h & seen) & -(h & seen)).bit_length() - 1
                raise IllegalAction("bad_deal", f"{card_str(dup)} is dealt twice.",
                                    seat=s, card=dup)
            seen |= h

    def start_hand(self, deal: Sequence[int] | None = None,
                   stock: Sequence[int] | None = None) -> None:
        """Deal the next hand and enter its first phase.

        ``deal``: one card-set bitmask per seat; default: the numbered deal of
        ``game_number``, else a random deal from ``rng``.  ``stock`` (Domino Hearts):
        the stock's card ids, top first, which must be the cards the deal leaves;
        default: the numbered deal's order (cards after the hands), else a random
        order.  Raises :class:`IllegalAction` (``wrong_phase``, ``bad_deal``) and
        changes nothing then.
        """
        if self.phase != PHASE_DEAL:
            raise self._wrong_phase()
        index = self.hand_index + 1
        order: list[int] | None = None
        if deal is None:
            if self.game_number is not None:
                if self.rules.stock_size and stock is None:
                    deck = shuffled_deck(self.rules, self.game_number, index)
                    order = deck[self.n * self.rules.hand_size:]
                deal = numbered_deal(self.rules, self.game_number, index)
            else:
                if self.rng is None:
                    self.rng = random.Random()
                deal = random_deal(self.rules, self.rng)
        else:
            self.verify_deal(deal)
        if self.rules.stock_size:
            rest = self.rules.deck
            for h in deal:
                rest &= ~h
            if stock is not None:
                order = list(stock)
                m = 0
                for c in order:
                    m |= 1 << c if _is_card_id(c) else 0
                if m != rest or len(order) != rest.bit_count():
                    raise IllegalAction("bad_deal", "The stock must be the cards the deal "
                                        "leaves, each once.")
            elif order is None:
                rng = self.rng if self.rng is not None else random.Random()
                order = list(card_tuple(rest))
                rng.shuffle(order)
        self.hand_index = index
        self._reset_hand_state()
        self.stock = order or []
        if self.rules.stock_size:
            for k in [k for k in self.stock_deals if k >= index]:  # a hand dealt again
                del self.stock_deals[k]
            self.stock_deals[index] = (tuple(deal), tuple(self.stock))
        self.dealt = list(deal)
        self.hands = list(deal)
        if self.rules.widow_size:
            dealt = 0
            for h in deal:
                dealt |= h
            self.widow = self.rules.deck & ~dealt
        self.pass_offset = self.rules.pass_offset(index)
        sink = self._events
        if sink is not None:
            sink.append(Dealt(index, self.dealer, self.eldest, self.rules.pass_name(index),
                              self.pass_offset, tuple(deal), self.rules.widow_size,
                              len(self.stock)))
        self._enter_phase(0)

    def _enter_phase(self, i: int) -> None:
        """Enter the first phase of ``rules.phases`` from place ``i`` on that has
        something to do this hand (a pass on a no-pass hand, a suit to name when
        nobody bid: skipped)."""
        seq = self.rules.phases
        while i < len(seq):
            name = seq[i]
            if name == PHASE_BID:
                self.phase = PHASE_BID
                self.turn = self.eldest
                return
            if name == PHASE_SUIT and self.declarer >= 0:
                self.phase = PHASE_SUIT
                self.turn = self.declarer
                return
            if name == PHASE_PASS and self.pass_offset:
                self.phase = PHASE_PASS
                return
            if name == PHASE_DECLARE and self.rules.declarations:
                self.phase = PHASE_DECLARE
                self.turn = self.eldest
                return
            if name == PHASE_PLAY:
                self._begin_play()
                return
            i += 1
        raise AssertionError(f"rules.phases {seq!r} has no play phase")  # pragma: no cover

    def _after(self, phase: str) -> None:
        """The phase ``phase`` is done: enter the next one."""
        self._enter_phase(self.rules.phases.index(phase) + 1)

    def _begin_play(self) -> None:
        card = self.rules.partner_card
        if self.declarer >= 0 and card >= 0:  # a slam bid: the partner card's holder
            for s in range(self.n):
                if self.hands[s] >> card & 1:
                    self.partner = s
        self.leader = self.turn = tricks.first_leader(self.hand_rules, self.hands, self.eldest,
                                                      self.declarer)
        self.phase = PHASE_PLAY
        self._trick_base = 0
        self._legal_cache = -1
        if self._dynamic:
            self._start_trick()

    # -------------------------------------------------------------- declare
    def verify_declare(self, seat: object, name: object) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` may declare ``name`` now.

        The ``"declare"`` phase (the French four-queens game): before the first lead
        each seat in turn, eldest hand first, declares one of
        ``rules.declarations`` (``"general"``: to take every penalty card) or
        ``None`` (nothing); once one seat has declared the play begins.  Reasons:
        ``wrong_phase``, ``not_your_turn``, ``bad_declaration``.
        """
        self._check_turn(PHASE_DECLARE, seat)
        if name is not None and name not in self.rules.declarations:
            allowed = ", ".join(repr(d) for d in self.rules.declarations)
            raise IllegalAction("bad_declaration", f"Declare {allowed} or nothing, not "
                                f"{name!r}.", seat=seat)

    def can_declare(self, seat: object, name: object) -> bool:
        """Whether :meth:`declare` would accept this declaration."""
        try:
            self.verify_declare(seat, name)
        except IllegalAction:
            return False
        return True

    def declare(self, seat: object, name: object) -> DeclareAction:
        """Seat ``seat`` declares ``name`` (``None``: nothing).  Raises
        :class:`IllegalAction` as :meth:`verify_declare`."""
        self.verify_declare(seat, name)
        s = cast(int, seat)
        what = cast("str | None", name)
        self.declares_made += 1
        action = DeclareAction(self.hand_index, s, what)
        self.log.append(action)
        if self._events is not None:
            self._events.append(Declared(self.hand_index, s, what))
        if what is not None:
            self.declarations.append((s, what))
        if what is not None or self.declares_made >= self.n:
            self._after(PHASE_DECLARE)
        else:
            self.turn = self._next_seat[s]
        return action

    def general(self) -> int:
        """The seat that declared General this hand, or -1."""
        for s, name in self.declarations:
            if name == "general":
                return s
        return -1

    # ---------------------------------------------------------------- stock
    def _start_trick(self) -> None:
        """A trick of a stock game begins: the seats still holding cards play it, from
        the leader on (a leader without cards passes the lead to the next seat with
        some)."""
        hands = self.hands
        lead = self.leader
        for _ in range(self.n):
            if hands[lead]:
                break
            lead = self._next_seat[lead]
        self.leader = self.turn = lead
        seats = [lead]
        s = self._next_seat[lead]
        while s != lead:
            if hands[s]:
                seats.append(s)
            s = self._next_seat[s]
        self._seats = seats
        self._trick_len = len(seats)

    def _draw_for(self, seat: int) -> None:
        """Domino Hearts: a seat that cannot follow suit draws from the top of the stock,
        one card at a time, until it can (or the stock is empty)."""
        led = tricks.led_mask(self.trick_cards, self.hand_rules.wild_mask)
        at = self.played.bit_count()  # the draws come before this seat's play: play ``at``
        drawn: list[int] = []
        while self.stock and led and not self.hands[seat] & led:
            c = self.stock.pop(0)
            self.hands[seat] |= 1 << c
            self.draws.append((seat, c))
            self.draw_at.append(at)
            self.log.append(DrawAction(self.hand_index, seat, c))
            drawn.append(c)
        if drawn and self._events is not None:
            self._events.append(Drew(self.hand_index, seat, len(drawn), tuple(drawn),
                                     len(self.stock)))

    def _next_in_trick(self, seat: int, card: int) -> PlayAction:
        """A stock game's card that did not end the trick: the next seat of the trick
        draws if it must, then plays."""
        if not self.hands[seat]:
            self.out_order.append(seat)
        nxt = self.turn = self._seats[len(self.trick_cards)]
        self._draw_for(nxt)
        self._legal_cache = -1
        action = _new_record(PlayAction, (self.hand_index, seat, card, self.trick_index, None))
        self.log.append(action)
        return action

    # ------------------------------------------------------------------ bid
    def verify_bid(self, seat: object, bid: object) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` may bid ``bid`` chips now.

        Auction Hearts (variants.md): one round, eldest hand first and the dealer
        last; a bid is a whole number of chips above every earlier bid, at most
        ``rules.max_bid``; ``None`` is no bid.  With ``rules.slam_bid`` (Partnership
        Hearts with a slam bid) a bid is ``True``, allowed while nobody has bid.
        Reasons: ``wrong_phase``, ``not_your_turn``, ``bad_bid``.
        """
        self._check_turn(PHASE_BID, seat)
        if bid is None:
            return
        if self.rules.slam_bid:
            if bid is not True:
                raise IllegalAction("bad_bid", f"Bid a slam (true) or make no bid, not "
                                    f"{bid!r}.", seat=seat)
            if any(b is True for b in self.bids):
                raise IllegalAction("bad_bid", "A slam has been bid already: make no bid.",
                                    seat=seat)
            return
        if isinstance(bid, bool) or not isinstance(bid, int):
            raise IllegalAction("bad_bid", f"A bid is a whole number of chips, not {excerpt(bid)}.",
                                seat=seat)
        low = self.high_bid() + 1
        if not low <= bid <= self.rules.max_bid:
            raise IllegalAction("bad_bid", f"Bid from {low} to {self.rules.max_bid} chips, or "
                                "make no bid." if low <= self.rules.max_bid else
                                "No higher bid is possible: make no bid.", seat=seat)

    def can_bid(self, seat: object, bid: object) -> bool:
        """Whether :meth:`bid` would accept this bid."""
        try:
            self.verify_bid(seat, bid)
        except IllegalAction:
            return False
        return True

    def bid(self, seat: object, bid: object) -> BidAction:
        """Seat ``seat`` bids ``bid`` chips (``None``: no bid); after the dealer's bid the
        highest bidder, if any, names the penalty suit.  Raises :class:`IllegalAction`
        as :meth:`verify_bid`."""
        self.verify_bid(seat, bid)
        s = cast(int, seat)
        amount = cast("int | bool | None", bid)
        self.bids[s] = amount
        self.bids_made += 1
        action = BidAction(self.hand_index, s, amount)
        self.log.append(action)
        if self._events is not None:
            self._events.append(BidMade(self.hand_index, s, amount))
        if self.bids_made < self.n:
            self.turn = self._next_seat[s]
            return action
        if self.rules.slam_bid:
            for x in range(self.n):
                if self.bids[x] is True:
                    self.declarer = x
            self._after(PHASE_BID)
            return action
        high = self.high_bid()
        if high > 0:
            self.declarer = next(x for x in range(self.n) if self.bids[x] == high)
        self._after(PHASE_BID)
        return action

    def _check_turn(self, phase: str, seat: object) -> None:
        """Raise ``wrong_phase`` or ``not_your_turn`` unless it is ``seat``'s turn in ``phase``."""
        if self.phase != phase:
            raise self._wrong_phase(seat)
        if type(seat) is not int:
            raise _no_seat(seat, self.n, "not_your_turn")
        if seat != self.turn:
            raise IllegalAction("not_your_turn", REASON_MESSAGES["not_your_turn"].format(
                turn=self.turn), seat=seat)

    def high_bid(self) -> int:
        """The highest bid in chips so far this hand (0: none; a slam bid counts 1)."""
        return max((int(b) for b in self.bids if b is not None), default=0)

    def bid_side(self) -> tuple[int, ...]:
        """A slam bid's side this hand: the bidder, then its silent partner unless the
        bidder holds the partner card itself; ``()`` without a slam bid or before the
        play (the partner is the partner card's holder when play begins)."""
        if self.declarer < 0 or self.partner < 0:
            return ()
        if self.partner == self.declarer:
            return (self.declarer,)
        return (self.declarer, self.partner)

    def bid_order(self) -> tuple[int, ...]:
        """The seats in bidding order: eldest hand first, the dealer last."""
        return tuple((self.eldest + i) % self.n for i in range(self.n))

    # ----------------------------------------------------------------- suit
    def verify_name_suit(self, seat: object, suit: object) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` (the auction's winner) may name
        ``suit`` (0 clubs, 1 diamonds, 2 hearts, 3 spades) now.  Reasons:
        ``wrong_phase``, ``not_your_turn``, ``bad_suit``."""
        self._check_turn(PHASE_SUIT, seat)
        if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit < 4:
            raise IllegalAction("bad_suit", f"Name a suit (C, D, H or S), not {excerpt(suit)}.",
                                seat=seat)

    def can_name_suit(self, seat: object, suit: object) -> bool:
        """Whether :meth:`name_suit` would accept this suit."""
        try:
            self.verify_name_suit(seat, suit)
        except IllegalAction:
            return False
        return True

    def name_suit(self, seat: object, suit: object) -> SuitAction:
        """The auction's winner names the hand's penalty suit: its cards take the values
        hearts had (``Rules.with_penalty_suit``), for this hand only.  Raises
        :class:`IllegalAction` as :meth:`verify_name_suit`."""
        self.verify_name_suit(seat, suit)
        s, x = cast(int, seat), cast(int, suit)
        action = SuitAction(self.hand_index, s, x)
        self.log.append(action)
        if self._events is not None:
            self._events.append(SuitNamed(self.hand_index, s, x))
        self.hand_rules = self.rules.with_penalty_suit(x)
        self._after(PHASE_SUIT)
        return action

    # ----------------------------------------------------------------- pass
    def verify_pass(self, seat: object, cards: Iterable[int]) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` may pass ``cards`` now.

        Reasons, checked in this order: ``wrong_phase``; ``bad_pass`` (no such
        seat, already passed this hand, not exactly ``rules.pass_count`` cards,
        the same card twice); ``not_in_hand`` (something that is not a card, or
        a card the seat does not hold).  ``seat`` and the cards may be any value:
        what is not a seat or a card is refused as above.
        """
        self._pass_mask(seat, _pass_payload(cards, seat))

    def _pass_mask(self, seat: object, cards: tuple[object, ...]) -> int:
        """Check a pass (see :meth:`verify_pass`) and return its cards as a card set."""
        mask = 0
        for c in cards:
            if type(c) is not int or not 0 <= c < 256:
                break
            mask |= 1 << c
        else:  # all card ids: the common, valid case is decided with a few mask tests
            k = self.rules.pass_count
            if (self.phase == PHASE_PASS and type(seat) is int and 0 <= seat < self.n
                    and len(cards) == k and mask.bit_count() == k
                    and self.passes[seat] is None and not mask & ~self.hands[seat]):
                return mask
        return self._checked_pass_mask(seat, cards)

    def _checked_pass_mask(self, seat: object, cards: tuple[object, ...]) -> int:
        """The slow path of :meth:`_pass_mask`: each check in the order of :meth:`verify_pass`."""
        if self.phase != PHASE_PASS:
            raise self._wrong_phase(seat)
        if type(seat) is not int or not 0 <= seat < self.n:
            raise _no_seat(seat, self.n, "bad_pass")
        if self.passes[seat] is not None:
            raise IllegalAction("bad_pass", "You have already passed this hand.", seat=seat)
        k = self.rules.pass_count
        if len(cards) != k:
            raise IllegalAction("bad_pass", f"Pass exactly {k} cards, not {len(cards)}.", seat=seat)
        mask = 0
        for c in cards:
            if not _is_card_id(c):
                raise _not_a_card(c, seat)
            mask |= 1 << c
        if mask.bit_count() != k:
            raise IllegalAction("bad_pass", f"Pass {k} different cards, not the same card twice.",
                                seat=seat)
        stray = mask & ~self.hands[seat]
        if stray:
            c = (stray & -stray).bit_length() - 1
            raise IllegalAction("not_in_hand", f"You do not hold {_card_name(c)}.", seat=seat,
                                card=c if _valid_face(c) else None)
        return mask

    def can_pass(self, seat: object, cards: Iterable[int]) -> bool:
        """Whether :meth:`pass_cards` would accept these cards."""
        try:
            self._pass_mask(seat, _pass_payload(cards, seat))
        except IllegalAction:
            return False
        return True

    def pass_cards(self, seat: object, cards: Iterable[int]) -> PassAction:
        """Seat ``seat`` passes ``cards``; once every seat has passed, they change hands.

        Passes are simultaneous: nobody sees what they receive before choosing.
        Raises :class:`IllegalAction` as :meth:`verify_pass`.
        """
        payload = _pass_payload(cards, seat)
        mask = self._pass_mask(seat, payload)
        s = cast(int, seat)  # checked by _pass_mask, as every card of ``payload``
        given = cast("tuple[int, ...]", payload)
        self.passes[s] = given
        self._pass_masks[s] = mask
        action = _new_record(PassAction, (self.hand_index, s, given))
        self.log.append(action)
        sink = self._events
        if sink is not None:
            sink.append(Passed(self.hand_index, s, self.pass_target(s), given))
        if None not in self.passes:
            n, off = self.n, self.pass_offset
            hands, masks = self.hands, self._pass_masks
            for s in range(n):
                hands[s] &= ~masks[s]
            for s in range(n):
                to = (s + off) % n
                hands[to] |= masks[s]
                self.received[to] = masks[s]
            if sink is not None:
                sink.append(Exchanged(self.hand_index, self.rules.pass_name(self.hand_index),
                                      off, tuple(p or () for p in self.passes)))
            self._after(PHASE_PASS)
        return action

    def pass_target(self, seat: int) -> int:
        """The seat that receives ``seat``'s pass this hand (itself on a no-pass hand)."""
        return (seat + self.pass_offset) % self.n

    # ----------------------------------------------------------------- play
    def _legal(self, seat: int, steps: list[tuple[int, str]] | None = None) -> int:
        """The set of cards ``seat`` may play now: :func:`hearts.tricks.legal` (the one
        legality function, shared with the bots' simulator) on this hand's state."""
        return tricks.legal(self.hand_rules, self.hands[seat], self.trick_cards,
                            self.trick_index == 0, self.played, steps)

    def legal_plays(self, seat: int | None = None) -> int:
        """The card set ``seat`` (default: the seat to play) may play now; 0 when none.

        Cached until the next play or take-back, so calling it again is cheap.
        """
        legal = self._legal_cache  # >= 0 only in the play phase (set by play())
        if legal >= 0 and (seat is None or seat == self.turn):
            return legal
        if self.phase != PHASE_PLAY or (seat is not None and seat != self.turn):
            return 0
        legal = self._legal_cache = self._legal(self.turn)
        return legal

    def explain(self, seat: object, card: object) -> IllegalAction | None:
        """Why ``seat`` may not play ``card`` now, or ``None`` when it may.

        The reason is the rule of :meth:`_legal` that removed the card
        (``must_follow_suit``, ``must_lead_lowest_club``, ``first_trick_points``,
        ``hearts_not_broken``), else ``wrong_phase``, ``not_your_turn`` or
        ``not_in_hand``.
        """
        if self.phase != PHASE_PLAY:
            return self._wrong_phase(seat)
        if type(seat) is not int:
            return _no_seat(seat, self.n, "not_your_turn")
        if seat != self.turn:
            return IllegalAction("not_your_turn", REASON_MESSAGES["not_your_turn"].format(
                turn=self.turn), seat=seat,
                card=card if _is_card_id(card) and _valid_face(card) else None)
        if not _is_card_id(card):
            return _not_a_card(card, seat)
        turn = self.turn  # == seat
        if not self.hands[turn] >> card & 1:
            return IllegalAction("not_in_hand", f"You do not hold {_card_name(card)}.",
                                 seat=seat, card=card if _valid_face(card) else None)
        steps: list[tuple[int, str]] = []
        self._legal(turn, steps)
        for removed, reason in steps:
            if removed >> card & 1:
                return IllegalAction(reason, self._message(reason), seat=seat, card=card)
        return None

    def _message(self, reason: str) -> str:
        led = self.led_suit()
        return REASON_MESSAGES[reason].format(
            suit=SUIT_NAMES[led] if led < 4 else "",
            opening=card_str(tricks.opening_card(self.hand_rules, self.hands)))

    def led_suit(self) -> int:
        """The suit led to the current trick (0-3): that of its first card that is not
        wild; 4 while there is none."""
        led = tricks.led_mask(self.trick_cards, self.hand_rules.wild_mask)
        for suit in range(4):
            if led & SUIT_MASKS[suit]:
                return suit
        return 4

    def verify_play(self, seat: object, card: object) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` may play ``card`` now.

        Reasons: ``wrong_phase``, ``not_your_turn``, ``not_in_hand``,
        ``must_follow_suit``, ``must_lead_lowest_club``, ``first_trick_points``,
        ``hearts_not_broken``.  ``seat`` and ``card`` may be any value: what is not
        the seat to play or a card id is refused as above.
        """
        if self.can_play(seat, card):
            return
        err = self.explain(seat, card)
        if err is None:  # pragma: no cover - explain and _legal share one logic
            raise AssertionError("legality and explanation disagree")
        raise err

    def can_play(self, seat: object, card: object) -> bool:
        """Whether :meth:`play` would accept ``card`` from ``seat``."""
        if (self.phase != PHASE_PLAY or type(seat) is not int or seat != self.turn
                or not _is_card_id(card)):
            return False
        return bool(self.legal_plays() >> card & 1)

    def play(self, seat: object, card: object) -> PlayAction:
        """Seat ``seat`` plays ``card``; completes the trick, hand and game as due.

        Raises :class:`IllegalAction` (see :meth:`verify_play`); the state is
        unchanged then.  Returns the :class:`PlayAction` also appended to ``log``.
        """
        # The hot path of every simulation: checks and effects are written out here.
        # ``_legal_cache`` is >= 0 only in the play phase and then belongs to ``turn``.
        # ``seat`` and ``card`` are typed object (anything else is refused below), the
        # locals are ints: a compiled build runs the rest on machine integers.
        legal: int = self._legal_cache
        turn: int = self.turn
        if (type(seat) is int and seat == turn and (legal >= 0 or self.phase == PHASE_PLAY)
                and type(card) is int and card >= 0):
            if legal < 0:
                legal = self._legal_cache = self._legal(turn)
            if legal >> card & 1:
                return self._play_legal(turn, card)
        self.verify_play(seat, card)
        raise AssertionError("legality and explanation disagree")  # pragma: no cover

    def _play_legal(self, turn: int, card: int) -> PlayAction:
        """:meth:`play` once checked: ``turn`` is the seat to play and ``card`` one of
        its legal cards (``legal_plays()``).  Trusted, not checked again: the one way in
        besides :meth:`play` is the drive loop's, for a card it drew from the legal set
        itself (:func:`hearts.drive.drive`)."""
        sink = self._events
        if sink is not None:
            sink.append(_new_record(_Played, (self.hand_index, turn, card,
                                              self.trick_index, self._two_packs)))
        b = 1 << card
        hands = self.hands
        hands[turn] = hands[turn] ^ b
        self.played |= b
        tc = self.trick_cards
        tc.append(card)
        if len(tc) < self._trick_len:
            if self._dynamic:
                return self._next_in_trick(turn, card)
            nxt = self.turn = self._next_seat[turn]
            trick = self.trick_index
            if trick and self._plain:
                # After the first trick the next seat must follow suit, nothing
                # else: tricks.follow, written out here to save a call.
                hand: int = hands[nxt]
                self._legal_cache = hand & _LED_MASK[tc[0]] or hand
            elif trick:
                self._legal_cache = tricks.follow(self.hand_rules, hands[nxt], tc)
            else:
                self._legal_cache = -1
            action = _new_record(_PlayAction, (self.hand_index, turn, card, trick, None))
            self.log.append(action)
            return action
        return self._complete_trick(turn, card)

    def _complete_trick(self, seat: int, card: int, log: bool = True) -> PlayAction:
        """The last card of a trick was played: the highest card of the led suit takes it.
        ``log`` False: a give-up completed the trick (the log holds the give-up instead)."""
        tc = self.trick_cards
        played = self.played
        trick_mask = played ^ self._trick_base
        leader = self.leader
        dynamic = self._dynamic
        carry_in = self.carry
        if self._plain and not dynamic:
            best = (trick_mask & _LED_MASK[tc[0]]).bit_length() - 1
            winner = (leader + tc.index(best)) % self.n
        else:
            place = tricks.winner_index(self.hand_rules, tc)
            if dynamic:
                winner = self._seats[place] if place >= 0 else -1
            else:
                winner = (leader + place) % self.n if place >= 0 else -1
        if winner >= 0:
            self.won[winner] |= trick_mask | self.carry
            self.carry = 0
            self.tricks_won[winner] += 1
            if self.widow and self.trick_index == 0:
                # Heartsette: the first trick's winner takes the widow (variants.md).
                self.won[winner] |= self.widow
                self.widow_taker = winner
        else:  # a cancelled trick: its cards go to the next trick's winner; the leader leads
            self.carry |= trick_mask
        self.tricks.append(_new_record(_Trick, (leader, tuple(tc), winner,
                                               tuple(self._seats) if dynamic else ())))
        if self._events is not None:
            self._trick_events(leader, winner, trick_mask, carry_in)
        action = _new_record(_PlayAction, (self.hand_index, seat, card, self.trick_index, winner))
        if log:
            self.log.append(action)
        self.trick_cards = []
        self._trick_base = played
        if winner >= 0:
            self.leader = self.turn = winner
        else:
            self.turn = leader
        self.trick_index += 1
        if dynamic:
            if not self.hands[seat]:
                self.out_order.append(seat)
            holding = [s for s in range(self.n) if self.hands[s]]
            if len(holding) <= 1:
                # Domino Hearts: the last seat with cards adds them and the stock to its tricks
                # (also the last seat in a hand the others gave up).
                if holding:
                    self._take_rest(holding[0])
                elif self.stock:  # every seat ran out at once: the trick's taker gets the rest
                    taker = winner if winner >= 0 else leader
                    rest = 0
                    for c in self.stock:
                        rest |= 1 << c
                    self.won[taker] |= rest
                    self.stock = []
                    if self._events is not None:
                        self._events.append(RestTaken(
                            self.hand_index, taker, rest,
                            scoring.penalty_of(self.hand_rules, rest)))
                self._legal_cache = -1
                self._end_hand()
                return action
            self._start_trick()
            self._legal_cache = self._legal(self.turn)
            return action
        if self.trick_index == self.rules.hand_size:
            self._legal_cache = -1
            self._end_hand()
        else:  # the next lead is checked by play() anyway: decide it now
            self._legal_cache = self._legal(self.turn)
        return action

    def _trick_events(self, leader: int, winner: int, trick_mask: int, carry_in: int) -> None:
        """The events of the trick just completed (``Game.tricks[-1]``): the trick taken
        and, on the first trick of a game with a widow, the widow taken (Heartsette)."""
        sink = self._events
        assert sink is not None
        trick = self.tricks[-1]
        rules = self.hand_rules
        if winner >= 0:
            taker = winner
        elif not self._dynamic and self.trick_index + 1 == self.rules.hand_size:
            taker = leader  # a cancelled last trick: its cards stay with its leader
        else:
            taker = -1  # cancelled: its cards go on to the next trick's winner
        sink.append(_new_record(TrickTaken, (
            self.hand_index, self.trick_index, leader, winner,
            trick.seats or self._orders[leader], trick.cards,
            scoring.penalty_of(rules, trick_mask | carry_in), taker,
            card_tuple(carry_in) if carry_in else (), self._two_packs)))
        if self.widow and self.trick_index == 0 and winner >= 0:
            sink.append(WidowTaken(self.hand_index, winner, self.widow.bit_count(), self.widow,
                                   scoring.penalty_of(rules, self.widow)))

    def pop(self) -> PlayAction:
        """Take back the last play of the current hand (for search); returns it.

        Restores the state exactly as it was before that play.  Raises
        :class:`IllegalAction` (``wrong_phase``) when the last action was not a
        play of a hand still being played (a hand's last card scores the hand
        and cannot be taken back).
        """
        if self.phase != PHASE_PLAY or not self.log or not isinstance(self.log[-1], PlayAction) \
                or self.log[-1].hand != self.hand_index:
            raise IllegalAction("wrong_phase", "There is no play to take back.")
        if self._dynamic:
            raise IllegalAction("wrong_phase", "A play of a game with a stock cannot be taken "
                                "back (use Game.copy).")
        action = self.log.pop()
        assert isinstance(action, PlayAction)
        if action.winner is not None:
            t = self.tricks.pop()
            if t.winner < 0 or self.carry:
                self.tricks.append(t)  # cancelled cards carried on: not taken back
                raise IllegalAction("wrong_phase", "A trick with cancelled cards cannot be "
                                    "taken back.")
            m = sum(1 << c for c in t.cards)
            self.won[t.winner] &= ~m
            self.tricks_won[t.winner] -= 1
            self.trick_index -= 1
            if self.trick_index == 0 and self.widow_taker >= 0:
                self.won[t.winner] &= ~self.widow
                self.widow_taker = -1
            self.leader = t.leader
            self.trick_cards = list(t.cards[:-1])
            self._trick_base = self.played & ~m
        else:
            self.trick_cards.pop()
        self.hands[action.seat] |= 1 << action.card
        self.played &= ~(1 << action.card)
        self.turn = action.seat
        self._legal_cache = -1
        return action

    def _take_rest(self, last: int) -> None:
        """The last seat with cards adds them and the stock to its tricks (Domino Hearts;
        the last seat in a hand the others gave up)."""
        rest = self.hands[last]
        for c in self.stock:
            rest |= 1 << c
        self.won[last] |= rest
        if self._events is not None:
            self._events.append(RestTaken(self.hand_index, last, rest,
                                          scoring.penalty_of(self.hand_rules, rest)))
        self.played |= self.hands[last]
        self.hands[last] = 0
        self.stock = []
        self.out_order.append(last)

    # -------------------------------------------------------------- give up
    def verify_give_up(self, seat: object) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` may give up the hand now.

        Hearts 1887 (seed 000; docs/family-rules.md "The 1887 give-up"): in a game whose
        rules give a price for it (``Rules.give_up``), the seat to play may give up
        instead of playing while it could still take every penalty card: no other seat
        has taken one this hand and none left play with an earlier give-up.  Reasons:
        ``cannot_give_up`` (no give-up in this game, or a penalty card already taken by
        another seat), ``wrong_phase``, ``not_your_turn``.
        """
        if not self.rules.give_up:
            raise IllegalAction("cannot_give_up", "Nobody may give up a hand in this game.",
                                seat=seat)
        if self.phase != PHASE_PLAY:
            raise self._wrong_phase(seat)
        if type(seat) is not int:
            raise _no_seat(seat, self.n, "not_your_turn")
        if seat != self.turn:
            raise IllegalAction("not_your_turn", REASON_MESSAGES["not_your_turn"].format(
                turn=self.turn), seat=seat)
        mask = self.hand_rules.penalty_mask
        if self.set_aside & mask or any(
                self.won[s] & mask for s in range(self.n) if s != seat):
            raise IllegalAction("cannot_give_up", "You may give up only while you could still "
                                "take every heart: another player has taken one.", seat=seat)

    def can_give_up(self, seat: object) -> bool:
        """Whether :meth:`give_up` would accept a give-up from ``seat`` now."""
        try:
            self.verify_give_up(seat)
        except IllegalAction:
            return False
        return True

    def give_up(self, seat: object) -> GiveUpAction:
        """Seat ``seat`` gives up the hand (Hearts 1887): its cards leave play unseen and
        count for nobody, and play goes on without it (a trick in progress is finished by
        the seats still in it; a lead passes to the next seat; a seat left alone adds its
        cards to its tricks and the hand ends).  It pays ``Rules.give_up`` chips to each
        other seat when the hand is scored (:func:`hearts.settle.hand_chips`).  Raises
        :class:`IllegalAction` as :meth:`verify_give_up`."""
        self.verify_give_up(seat)
        g = cast(int, seat)
        n = self.n
        tc = self.trick_cards
        action = GiveUpAction(self.hand_index, g, self.trick_index,
                              self.dealt[g].bit_count() - self.hands[g].bit_count(),
                              self.hands[g])
        self.log.append(action)
        if self._events is not None:
            self._events.append(GaveUp(self.hand_index, g, self.hands[g].bit_count(),
                                       self.rules.give_up))
        self.gave_up.append(g)
        self.set_aside |= self.hands[g]
        self.hands[g] = 0
        before = self._seats[:len(tc)] if self._dynamic \
            else [(self.leader + i) % n for i in range(len(tc))]
        self._dynamic = True
        self._legal_cache = -1
        if not tc:
            holding = [s for s in range(n) if self.hands[s]]
            if len(holding) <= 1:
                if holding:
                    self._take_rest(holding[0])
                self._end_hand()
                return action
            self.leader = g  # _start_trick passes the lead on to the next seat with cards
            self._start_trick()
            return action
        after = []
        s = self._next_seat[g]
        while s != self.leader:
            if self.hands[s]:
                after.append(s)
            s = self._next_seat[s]
        self._seats = before + after
        self._trick_len = len(self._seats)
        if len(tc) == self._trick_len:  # the seats still in the trick have all played
            self._complete_trick(self._seats[-1], tc[-1], log=False)
        else:
            self.turn = self._seats[len(tc)]
        return action

    # ------------------------------------------------------------- hand end
    def _end_hand(self) -> None:
        for g in self.gave_up:  # the tricks of a seat that gave up count for nothing
            self.won[g] = 0
        if self.carry:  # a cancelled last trick: its cards stay with its leader
            self.won[self.leader] |= self.carry
            self.carry = 0
        score = scoring.score_hand(self.hand_rules, self.won, self.tricks_won, self.bid_side())
        if score.shooter is not None and self.rules.moon == "choice" and self.general() < 0:
            self.pending_score = score
            self.phase = PHASE_MOON
            self.turn = score.shooter
            if self._events is not None:
                self._events.append(MoonDue(self.hand_index, score.shooter, score.kind or "moon"))
            return
        self._finish_hand(score, self.rules.moon if score.shooter is not None else None)

    def verify_moon_choice(self, seat: object, choice: object) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` is the shooter choosing now.

        ``choice`` is ``"add"`` (everyone else takes the points) or ``"subtract"``.
        """
        if self.phase != PHASE_MOON or self.pending_score is None:
            raise self._wrong_phase(seat)
        if type(seat) is not int or seat != self.pending_score.shooter:
            raise IllegalAction("bad_moon_choice", "Only the player who shot the moon chooses.",
                                seat=seat)
        if choice not in scoring.MOON_CHOICES:
            raise IllegalAction("bad_moon_choice", "Choose 'add' or 'subtract'.", seat=seat)

    def can_choose_moon(self, seat: object, choice: object) -> bool:
        """Whether :meth:`choose_moon` would accept this choice."""
        try:
            self.verify_moon_choice(seat, choice)
        except IllegalAction:
            return False
        return True

    def choose_moon(self, seat: object, choice: object) -> MoonChoiceAction:
        """The shooter picks how the moon scores; finishes the hand.

        Raises :class:`IllegalAction` as :meth:`verify_moon_choice`.
        """
        self.verify_moon_choice(seat, choice)
        assert self.pending_score is not None and isinstance(choice, str)
        action = MoonChoiceAction(self.hand_index, self.turn, choice)
        self.log.append(action)
        if self._events is not None:
            self._events.append(MoonChosen(self.hand_index, self.turn, choice))
        score, self.pending_score = self.pending_score, None
        self._finish_hand(score, choice)
        return action

    def auto_moon_choice(self) -> str:
        """The sensible default choice for a pending moon (see ``scoring.auto_moon_choice``)."""
        if self.pending_score is None:
            raise self._wrong_phase()
        return scoring.auto_moon_choice(self.hand_rules, self.totals, self.pending_score,
                                        self.bid_side())

    def _finish_hand(self, score: scoring.HandScore, choice: str | None) -> None:
        r = self.rules
        side = self.bid_side()
        points = scoring.hand_points(self.hand_rules, score, choice, self.totals, self.general(),
                                     side)
        gave_up = tuple(self.gave_up)
        if gave_up:  # a seat that gave up scores nothing for the hand (1887 give-up)
            points = tuple(0 if s in gave_up else p for s, p in enumerate(points))
        before = self._totals_before = tuple(self.totals)
        self.totals = list(scoring.add_to_totals(r, self.totals, points))
        chips: tuple[int, ...] = ()
        if settle.uses_chips(r):
            bid = self.bids[self.declarer] if self.declarer >= 0 else 0
            chips, self.pot = settle.hand_chips(r, points, self.declarer, bid or 0, self.pot,
                                                score.shooter, gave_up)
            self.chips = [c + d for c, d in zip(self.chips, chips, strict=True)]
        self.results.append(HandResult(
            self.hand_index, points, score.tricks, score.shooter, score.kind,
            choice if score.shooter is not None else None, tuple(self.totals), chips,
            tuple(self.chips) if chips else (), self.pot,
            tuple(self.out_order) if r.stock_size else (), tuple(self.declarations), side,
            gave_up))
        if r.deals or chips:
            over, winners = settle.game_result(r, len(self.results), self.totals, self.chips)
        elif r.teams:
            over, winners = settle.team_game_result(r, self.totals)
        else:
            over, winners = scoring.game_result(r, self.totals)
        if over:
            self.phase = PHASE_OVER
            self.winners = winners
        else:
            self.phase = PHASE_DEAL
        sink = self._events
        if sink is not None:
            h = self.results[-1]
            sink.append(HandScored(
                h.hand, h.points, h.tricks, -1 if h.moon is None else h.moon,
                h.moon_kind or "", h.moon_choice or "", h.totals, h.chips, h.chip_totals,
                h.pot, self._breakdown(before, score), self.widow, h.declarations, h.side,
                h.out_order, h.gave_up))
            if over:
                sink.append(GameOver(h.hand, self.winners, h.totals))

    def _breakdown(self, before: Sequence[int], score: scoring.HandScore | None = None
                   ) -> tuple[tuple[scoring.ScoreItem, ...], ...]:
        h = self.results[-1]
        return scoring.hand_breakdown(self.hand_rules, self.won, self.tricks_won, h.points,
                                      before, h.moon_choice, self.general(), h.side, score)

    def breakdown(self) -> tuple[tuple[scoring.ScoreItem, ...], ...] | None:
        """Each seat's score items (:func:`hearts.scoring.hand_breakdown`, adding up to its
        points) of the hand on the table once it is scored (between hands, or at the
        game's end); ``None`` before.  The same as its :class:`~hearts.events.HandScored`
        event's."""
        if self.phase not in (PHASE_DEAL, PHASE_OVER) or not self.results \
                or self.results[-1].hand != self.hand_index:
            return None
        return self._breakdown(self._totals_before)

    # ------------------------------------------------------------- helpers
    @property
    def game_over(self) -> bool:
        """Whether the game has ended (``winners`` then holds the winning seats)."""
        return self.phase == PHASE_OVER

    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now: all seats yet to pass, the seat to bid, name the suit
        or play, the shooter (none between hands)."""
        return tuple(d.seat for d in self.pending() if d.seat >= 0)

    # ------------------------------------------------------ one action API
    def pending(self) -> list[Decision]:
        """The decisions due now, one per seat that must answer (several only in the
        pass, where every seat chooses at once); between hands one ``deal`` decision of
        seat -1; ``[]`` once the game is over.  Each carries its legal choices
        (:class:`hearts.actions.Decision`)."""
        phase = self.phase
        if phase == PHASE_PLAY:
            if self.rules.give_up and self.can_give_up(self.turn):
                return [Decision(self.turn, "play", self.legal_plays(), 1, ("give_up",))]
            # tuple.__new__: the hot path of every drive loop (skips the Python-level __new__)
            return [_new_record(_Decision, (self.turn, "play", self.legal_plays(), 1, ()))]
        if phase == PHASE_PASS:
            pick = self.rules.pass_count
            return [_new_record(_Decision, (s, "pass", self.hands[s], pick, ()))
                    for s in range(self.n) if self.passes[s] is None]
        if phase == PHASE_BID:
            if self.rules.slam_bid:
                slam: tuple[Any, ...] = (None,) if any(b is True for b in self.bids) else (None, True)
                return [Decision(self.turn, "bid", 0, 0, slam)]
            low = self.high_bid() + 1
            options: tuple[Any, ...] = (None, *range(low, self.rules.max_bid + 1))
            return [Decision(self.turn, "bid", 0, 0, options)]
        if phase == PHASE_SUIT:
            return [Decision(self.turn, "suit", 0, 0, (0, 1, 2, 3))]
        if phase == PHASE_MOON:
            return [Decision(self.turn, "moon", 0, 0, scoring.MOON_CHOICES)]
        if phase == PHASE_DECLARE:
            return [Decision(self.turn, "declare", 0, 0, (None, *self.rules.declarations))]
        if phase == PHASE_DEAL:
            return [_new_record(_Decision, (-1, "deal", 0, 0, ()))]
        return []

    def apply(self, action: object, events: bool = True) -> list[Event]:
        """Apply one :class:`hearts.actions.Action` of any kind; returns the events it
        caused, in order (:mod:`hearts.events`: the deal, a pass and the exchange, a bid,
        the card played, draws from the stock, the trick taken, the widow, a moon due,
        the hand scored, the game over...).  The per-phase record is appended to ``log``
        as by the phase's method.  Raises :class:`IllegalAction` with the reason of the
        phase's triad (``bad_action`` for an unknown kind); the state is unchanged then.

        Where two cards share a name (two packs, jokers) an action's card means
        whichever copy the seat holds, as in records (``interfaces.md`` section 2b).
        ``events=False``: make no events (returns ``[]``), for a caller that reads none
        (a simulation's drive loop): the per-phase methods' speed.  What is not an
        :class:`Action` (a JSON list: read it with ``Action.from_json``) is refused with
        ``bad_action``."""
        act = action if type(action) is Action else _as_action(action)
        out: list[Event] = []
        if not events:
            self._apply(act)
            return out
        self._events = out
        try:
            self._apply(act)
        finally:
            self._events = None
        return out

    def _apply(self, action: Action) -> None:
        # Read as a plain tuple: a caller's Action may hold a seat that is not an int, which
        # the phase's check refuses; read through the NamedTuple's int-typed field, the
        # compiled build would raise TypeError instead.
        parts: tuple[object, ...] = action
        kind = parts[0]
        if kind == "play":  # first: the one kind of nearly every action
            seat = parts[1]
            card = parts[2]
            if self._copies:
                card = self._held_copy(seat, card)
            self.play(seat, card)
            return
        if self._copies:
            action = self._by_name(action)
            parts = action
        who = _seat_field(action)
        if kind == "pass":
            self.pass_cards(who, cast("tuple[int, ...]", _pass_payload(parts[2], who)))
        elif kind == "bid":
            self.bid(who, action[2])
        elif kind == "suit":
            self.name_suit(who, action[2])
        elif kind == "moon":
            self.choose_moon(who, action[2])
        elif kind == "declare":
            self.declare(who, action[2])
        elif kind == "give_up":
            self.give_up(who)
        elif kind == "deal":
            _check_dealer(who)
            hands, stock = _deal_payload(action[2])
            self.start_hand(hands, stock)
        else:
            raise IllegalAction("bad_action", f"Unknown action kind {excerpt(kind)}.")

    def _held_copy(self, seat: object, card: object) -> object:
        """The copy of ``card``'s name that ``seat`` holds (:func:`hearts.cards.held_copy`),
        or ``card`` as it is when ``seat`` is not a seat or ``card`` not a card id (the
        play's check then refuses it)."""
        if type(seat) is int and 0 <= seat < self.n and _is_card_id(card):
            return held_copy(self.hands[seat], card)
        return card

    def _by_name(self, action: Action) -> Action:
        """``action`` with each card a copy the seat holds (or, in a deal, a copy in the
        deck not dealt yet) when the one named is not: the cards of a game with two
        cards of one name are meant by their names (:func:`hearts.cards.held_copy`, a
        different copy each time a pass names one name again)."""
        parts: tuple[object, ...] = action  # (not the int-typed field: see _apply)
        kind = parts[0]
        seat = parts[1]
        payload = parts[2]
        if kind == "play":
            return Action(kind, seat, self._held_copy(seat, payload))  # type: ignore[arg-type]
        if kind == "pass" and type(seat) is int and 0 <= seat < self.n:
            if not isinstance(payload, tuple | list):
                return action
            hand = self.hands[seat]
            out: list[Any] = []
            used = 0
            for c in payload:
                if _is_card_id(c):  # anything else is left for the pass's check to refuse
                    c = held_copy(hand, c, used)
                    used |= 1 << c
                out.append(c)
            return Action(kind, seat, tuple(out))
        if kind == "deal" and payload is not None:
            hands, stock = _deal_payload(payload)
            if hands is None or not isinstance(hands, tuple | list) or not all(
                    type(h) is int and h >= 0 for h in hands):
                return action  # left for the deal's check to refuse
            deck = self.rules.deck
            taken = 0
            fixed = []
            for h in hands:
                m = 0
                for c in card_tuple(h):
                    if not deck >> c & 1 or taken >> c & 1:
                        spare = deck & same_name(c) & ~taken
                        if spare:
                            c = (spare & -spare).bit_length() - 1
                    m |= 1 << c
                    taken |= 1 << c
                fixed.append(m)
            return Action("deal", -1, tuple(fixed) if stock is None else (*fixed, stock))
        return action

    def verify(self, action: object) -> None:
        """Raise :class:`IllegalAction` unless :meth:`apply` would accept ``action``."""
        act = action if type(action) is Action else _as_action(action)
        if self._copies:
            act = self._by_name(act)
        parts: tuple[object, ...] = act  # (not the int-typed field: see _apply)
        kind = parts[0]
        if kind == "play":
            self.verify_play(parts[1], parts[2])
        elif kind == "pass":
            self.verify_pass(parts[1], cast("tuple[int, ...]", _pass_payload(parts[2], parts[1])))
        elif kind == "bid":
            self.verify_bid(parts[1], parts[2])
        elif kind == "suit":
            self.verify_name_suit(parts[1], parts[2])
        elif kind == "moon":
            self.verify_moon_choice(parts[1], parts[2])
        elif kind == "declare":
            self.verify_declare(parts[1], parts[2])
        elif kind == "give_up":
            self.verify_give_up(parts[1])
        elif kind == "deal":
            _check_dealer(parts[1])
            if self.phase != PHASE_DEAL:
                raise self._wrong_phase()
            hands, _ = _deal_payload(parts[2])
            if hands is not None:
                self.verify_deal(hands)
        else:
            raise IllegalAction("bad_action", f"Unknown action kind {excerpt(kind)}.")

    def can(self, action: object) -> bool:
        """Whether :meth:`apply` would accept ``action`` (never raises)."""
        try:
            act = action if type(action) is Action else _as_action(action)
        except IllegalAction:
            return False
        if self._copies:
            act = self._by_name(act)
        parts: tuple[object, ...] = act  # (not the int-typed field: see _apply)
        if parts[0] == "play":
            return self.can_play(parts[1], parts[2])
        try:
            self.verify(act)
        except IllegalAction:
            return False
        return True

    def penalty_suit(self) -> int:
        """The penalty suit a phase named this hand (0-3), or -1."""
        return self.hand_rules.penalty_suit

    def jokers_played(self) -> int:
        """The wild cards (jokers) played this hand, as a card set."""
        return self.played & self.rules.wild_mask

    def trick_seats(self) -> list[tuple[int, int]]:
        """The current trick as ``(seat, card)`` pairs in play order."""
        if self._dynamic:
            return list(zip(self._seats, self.trick_cards, strict=False))
        return [((self.leader + i) % self.n, c) for i, c in enumerate(self.trick_cards)]

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats of ``seat``'s side (its team, or the seat alone)."""
        return settle.side_of(self.rules, seat)

    def team_totals(self) -> tuple[int, ...]:
        """Each team's total (the sum of its seats'), in ``rules.teams`` order; ``()``
        without teams."""
        return settle.team_totals(self.rules, self.totals)

    def copy(self) -> Game:
        """An independent copy of the game (lists and dicts copied; records are immutable;
        the random generator of a game dealt without a number copied in its state, so that
        both deal the same next hand).  ``copy.copy(game)`` gives the same."""
        rng = self.rng
        g = Game(self.rules, self.game_number, None if rng is None else _copy_rng(rng))
        for name in _STATE:
            value = getattr(self, name)
            if isinstance(value, list):
                value = list(value)
            elif isinstance(value, dict):
                value = dict(value)
            setattr(g, name, value)
        return g

    def __copy__(self) -> Game:
        # copy.copy would otherwise go through __reduce__ and share every list.
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        # copy.deepcopy and pickle: a compiled Game has no __dict__ for them.
        return (_rebuild_game, (self.rules, self.game_number, self.rng,
                                tuple(getattr(self, name) for name in _STATE)))

    def _wrong_phase(self, seat: object = None) -> IllegalAction:
        return IllegalAction("wrong_phase", REASON_MESSAGES["wrong_phase"].format(
            phase=self.phase), seat=seat)


def _copy_rng(rng: random.Random) -> random.Random:
    """A generator of ``rng``'s class in ``rng``'s state (drawing from one leaves the other);
    ``rng`` itself when it has no state to copy (``random.SystemRandom``)."""
    try:
        state = rng.getstate()
    except NotImplementedError:
        return rng
    twin = type(rng).__new__(type(rng))
    twin.setstate(state)
    return twin


# Every attribute of a Game besides those its constructor takes (rules, game_number, rng)
# and derives (n, _next_seat): what copy() and __reduce__ carry over.  A compiled Game has
# no __dict__ to list them; test_copy_is_independent checks that none is missing.
_STATE: Final = (
    "hand_index", "phase", "winners", "totals", "results", "log", "dealt", "hands",
    "passes", "_pass_masks", "received", "pass_offset", "won", "tricks_won", "tricks",
    "trick_cards", "leader", "turn", "played", "trick_index", "pending_score",
    "_trick_base", "_legal_cache", "chips", "pot", "hand_rules", "_plain", "widow",
    "widow_taker", "bids", "bids_made", "declarer", "partner", "carry", "declarations", "declares_made",
    "stock", "draws", "draw_at", "out_order", "stock_deals", "_trick_len", "_seats", "_dynamic",
    "_totals_before", "gave_up", "set_aside",
)


def action_of(record: Any) -> Action:
    """The :class:`hearts.actions.Action` a log record answers (``Game.log`` holds the
    records :meth:`Game.apply` returns: :class:`PassAction`, :class:`PlayAction`,
    :class:`BidAction`, :class:`SuitAction`, :class:`MoonChoiceAction`)."""
    if isinstance(record, PlayAction):
        return Action("play", record.seat, record.card)
    if isinstance(record, PassAction):
        return Action("pass", record.seat, record.cards)
    if isinstance(record, BidAction):
        return Action("bid", record.seat, record.bid)
    if isinstance(record, SuitAction):
        return Action("suit", record.seat, record.suit)
    if isinstance(record, MoonChoiceAction):
        return Action("moon", record.seat, record.choice)
    if isinstance(record, DeclareAction):
        return Action("declare", record.seat, record.name)
    if isinstance(record, GiveUpAction):
        return Action("give_up", record.seat, None)
    raise TypeError(f"not a log record: {record!r}")


def _deal_payload(payload: Any) -> tuple[Any, Any]:
    """``(hands, stock)`` of a deal action's payload: ``None``, the hands, or the hands
    followed by the stock's order as one more tuple (Domino Hearts)."""
    if payload is None:
        return None, None
    items = list(payload) if isinstance(payload, tuple | list) else payload
    if isinstance(items, list) and items and isinstance(items[-1], tuple | list) \
            and not all(isinstance(h, tuple | list) for h in items[:-1]):
        return items[:-1], tuple(items[-1])
    return payload, None  # (hands written as lists of cards are refused by verify_deal)


def _as_action(action: object) -> Action:
    """``action`` as an :class:`Action` when it is one in a plain tuple's form
    ``(kind, seat, payload)``; else :class:`IllegalAction` ``bad_action`` saying what
    to build instead (the JSON list form is read by ``Action.from_json``)."""
    if isinstance(action, tuple) and len(action) == 3:
        return Action(*action)
    if isinstance(action, list):
        raise IllegalAction("bad_action", "Game.apply takes an Action, not a list: read the "
                            f"JSON form with Action.from_json({excerpt(action)}).")
    raise IllegalAction("bad_action", "Game.apply takes an Action such as Action.play(seat, "
                        f"card) or Action.from_json([...]), not {excerpt(action)}.")


def _check_dealer(seat: object) -> None:
    """Raise ``bad_deal`` unless a deal action's seat is -1: the table deals, not a seat
    (``Action.deal()`` and records write -1)."""
    if seat != -1 or type(seat) is not int:
        raise IllegalAction("bad_deal", f"A deal is the table's action (seat -1), not seat "
                            f"{excerpt(seat)}'s: use Action.deal().")


def _pass_payload(payload: object, seat: object) -> tuple[object, ...]:
    """A pass action's cards as a tuple, or :class:`IllegalAction` ``bad_pass`` when they
    are not a list of cards (a card set is an int: ``cards_of`` lists it)."""
    if isinstance(payload, tuple):
        return payload
    who = seat if type(seat) is int else None
    if isinstance(payload, int) and not isinstance(payload, bool):
        raise IllegalAction("bad_pass", "A pass is a list of card ids, not a card set: "
                            "cards_of(mask) lists the set's cards.", seat=who)
    if not isinstance(payload, str | bytes | dict):
        try:
            return tuple(cast("Iterable[object]", payload))
        except TypeError:
            pass
    raise IllegalAction("bad_pass", f"A pass is a list of cards, not {excerpt(payload)}.",
                        seat=who)


def _not_a_card(card: object, seat: object) -> IllegalAction:
    """``not_in_hand`` for a value that is no card id; a card's name (``"QS"``) is told
    how to become one."""
    if isinstance(card, str):
        try:
            parse_card(card)
        except CardError:
            pass
        else:
            return IllegalAction("not_in_hand", f"{card!r} is a card's name; the engine takes "
                                 f"card ids: parse_card({card!r}) (or Action.from_json for a "
                                 "whole action in its JSON form).", seat=seat)
    return IllegalAction("not_in_hand", f"You do not hold {excerpt(card)}: it is not a card.",
                         seat=seat)


def _rebuild_game(rules: Rules, game_number: int | None, rng: random.Random | None,
                  state: tuple[Any, ...]) -> Game:
    """The other half of :meth:`Game.__reduce__`."""
    g = Game(rules, game_number, rng)
    for name, value in zip(_STATE, state, strict=True):
        setattr(g, name, value)
    return g


__all__ = [
    "Game", "IllegalAction", "PassAction", "PlayAction", "MoonChoiceAction", "BidAction",
    "SuitAction", "DeclareAction", "DrawAction", "GiveUpAction", "Trick", "trick_seats", "HandResult",
    "PHASE_DEAL", "PHASE_BID", "PHASE_SUIT", "PHASE_DECLARE", "PHASE_PASS",
    "PHASE_PLAY", "PHASE_MOON", "PHASE_OVER", "HEARTS", "QS", "Action", "Decision", "action_of",
    "SUIT_LETTERS",
]
