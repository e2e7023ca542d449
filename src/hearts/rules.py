"""Rules as data: the option schema, the variant registry and the frozen ``Rules``.

A game's rules are one frozen :class:`Rules` object, built by :func:`make_rules`
from a variant name, a player count and option overrides.  The engine
(``game.py``, ``scoring.py``) reads only the fields of ``Rules``; it never looks
at the variant's name.  A variant is a :class:`Variant` record in the registry
:data:`VARIANTS`: option defaults plus deck data.  Adding a variant is adding a
record, not a branch.

Sources: ``shared/spec/variants.md`` (digest of seeds 000, 001, 002, 004).
Option keys and values are the public contract of ``interfaces.md`` section 2.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .cards import (
    FULL_DECK,
    HEARTS,
    JOKER,
    PACK2,
    SPADES,
    SUIT_LETTERS,
    SUIT_MASKS,
    make_card,
    parse_card,
)
from .errors import HeartsError, excerpt


class RulesError(HeartsError, ValueError):
    """A variant name, option key or option value is not valid.

    ``reason`` is ``"unknown_variant"``, ``"unknown_option"`` or ``"bad_option"``.
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class OptionSpec:
    """One house-rule option: key, type, allowed values, help text.

    ``kind`` is ``"bool"``, ``"int"`` or ``"choice"``; ``choices`` lists the
    allowed strings of a choice option, the default first.
    """

    key: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        """Return ``value`` if valid for this option, else raise :class:`RulesError`."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise RulesError("bad_option", f"option {self.key} takes true or false, not {excerpt(value)}")
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError("bad_option",
                                 f"option {self.key} takes a whole number, not {excerpt(value)}")
            if self.minimum is not None and value < self.minimum:
                raise RulesError("bad_option", f"option {self.key} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise RulesError("bad_option", f"option {self.key} must be at most {self.maximum}")
            return value
        if value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise RulesError("bad_option", f"option {self.key} takes one of {allowed}, not {excerpt(value)}")
        return value

    def to_json(self) -> dict[str, Any]:
        """The option as the JSON object ``hearts variants --json`` prints."""
        out: dict[str, Any] = {"key": self.key, "type": self.kind, "default": self.default,
                               "help": self.help}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        return out


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("moon", "choice", "add",
               "Shooting the moon (taking every penalty card): 'add' gives every other "
               "player the hand's penalty total; 'subtract' takes it off the shooter; "
               "'choice' lets the shooter pick; 'none' leaves the shooter with the points.",
               ("add", "subtract", "choice", "none")),
    OptionSpec("qs_breaks_hearts", "bool", False,
               "Playing the queen of spades breaks hearts (in Auction Hearts: the penalty "
               "suit the auction's winner named, whichever it is)."),
    OptionSpec("first_trick_points", "bool", False,
               "Penalty cards may be played to the first trick."),
    OptionSpec("hearts_lead_any_time", "bool", False,
               "Hearts may be led before hearts are broken."),
    OptionSpec("lead_hearts_over_qs", "bool", False,
               "With hearts unbroken, a leader holding only the queen of spades and hearts "
               "may lead a heart instead of being forced to lead the queen."),
    OptionSpec("exact_target_resets", "bool", False,
               "A total of exactly the target score drops to half of it (100 goes back to 50); "
               "with joint partnership scores, the team's total."),
    OptionSpec("pass_schedule", "choice", "rotate",
               "Passing: 'rotate' (left, right, across where the table has one, no pass; "
               "3 and 5 players: left, right, no pass), always 'left', always 'right', "
               "'rotate-no-hold' (the rotation without the no-pass hand), or 'none'.",
               ("rotate", "left", "right", "rotate-no-hold", "none")),
    OptionSpec("pass_count", "int", 3, "Cards passed each passing hand.", minimum=1, maximum=4),
    OptionSpec("target_score", "int", 100,
               "The game ends after the hand in which someone reaches this total.",
               minimum=1, maximum=100000),
    OptionSpec("tie", "choice", "share",
               "Tie for the lowest total at the end: 'share' (all tied players win) or "
               "'play-on' (play more hands until one player is lowest).",
               ("share", "play-on")),
    OptionSpec("shoot_the_sun", "bool", False,
               "Taking every trick counts as a double moon, scored the moon's way."),
    OptionSpec("first_lead", "choice", "lowest-club",
               "Opening lead: 'lowest-club' (the holder of the lowest club in the deck "
               "leads it) or 'eldest-any' (eldest hand leads any card).",
               ("lowest-club", "eldest-any")),
    OptionSpec("jack_of_diamonds", "bool", False,
               "Omnibus bonus card: its taker scores minus ten, counted apart from the "
               "penalty cards and from the moon."),
    OptionSpec("bonus_card", "choice", "JD",
               "Which card is the Omnibus bonus card: the jack (common) or the ten of diamonds.",
               ("JD", "TD")),
    OptionSpec("spot_hearts", "bool", False,
               "Hearts score their face value (2-10, J 11, Q 12, K 13, A 14) and the queen "
               "of spades 25."),
    OptionSpec("spade_penalties", "choice", "queen",
               "Which spades carry penalties: 'queen' (Q only), 'maria' (Black Maria: "
               "Q 13, K 10, A 7), 'maria-swapped' (Q 13, A 10, K 7), 'jack' (Black Jack: "
               "the jack of spades 10 instead of the queen) or 'jack-13' (the jack 13).",
               ("queen", "maria", "maria-swapped", "jack", "jack-13")),
    OptionSpec("widow_size", "int", 0,
               "Heartsette: cards dealt to the widow; 0: the game's own (3 players 4 from the "
               "full pack, 4 players 3 with the 2 of spades out, 5 players 2, 6 players 4). "
               "Another size takes low cards out as jokers do (2 of diamonds, 2 of clubs, 2 of "
               "spades, ...) until the rest deals evenly: 3 players with 3 leave the 2 of "
               "diamonds out and are dealt 16 each. "
               "Only in a game with a widow.", minimum=0, maximum=12),
    OptionSpec("spot_ace_low", "bool", False,
               "With spot_hearts: the ace of hearts counts 1 instead of 14 (Spot Hearts' "
               "other form)."),
    OptionSpec("heart_values", "choice", "one",
               "What each heart counts (unless spot_hearts): 'one' (1 each); 'double' (the "
               "1887 double game: A 14, K 13, Q 12, J 11, pips face value); 'eagle' (the "
               "1887 eagle game: A 5, K 4, Q 3, J 2, pips 1); 'greek' (A 15, K Q J 10 each, "
               "pips face value); 'greek-2008' (A 15, K Q J 10 each, pips 1).",
               ("one", "double", "eagle", "greek", "greek-2008")),
    OptionSpec("qs_points", "int", 0,
               "Points of the queen of spades; 0: the usual 13 (25 with spot_hearts). "
               "Greek Hearts 50, Royal Hearts 26.", minimum=0, maximum=1000),
    OptionSpec("moon_points", "int", 0,
               "What a moon gives (added to every other player, or taken off the shooter); "
               "0: the shooter's own points for the hand. Greek Hearts: 150.",
               minimum=0, maximum=10000),
    OptionSpec("slam", "bool", False,
               "Omnibus slam: a player who takes every counting card (every penalty card and "
               "the bonus card) scores minus the hand's penalty total (26 plus points) and "
               "everyone else 0, in place of the moon."),
    OptionSpec("team_moon", "choice", "both",
               "Partnership Hearts with joint scores, a team moon scored by subtracting "
               "(moon 'subtract', or the shooter's choice): 'both' takes the moon off each "
               "partner (26 each, the mirror of the opponents' 26 each when it is added); "
               "'taker' only off the partner who took more of the penalty cards.",
               ("both", "taker")),
    OptionSpec("qh_doubles", "bool", False,
               "Royal Hearts: the taker of the queen of hearts scores every heart it took "
               "double, the queen included."),
    OptionSpec("qd_minus_ten", "bool", False,
               "Royal Hearts: the queen of diamonds takes 10 off its taker's total, but not "
               "below 0."),
    OptionSpec("qc_cancels", "choice", "none",
               "Royal Hearts: the queen of clubs cancels a queen's penalty for its taker: "
               "'none', 'spade' (the queen of spades counts 0) or 'heart' (the queen of "
               "hearts counts 0 and doubles nothing).",
               ("none", "spade", "heart")),
    OptionSpec("no_tricks_bonus", "bool", False,
               "A player who takes no trick in a hand scores minus five."),
    OptionSpec("queen_of_spades", "bool", True,
               "The queen of spades is a penalty card (13, or 25 with spot hearts); off for "
               "the older games played before Black Lady (Auction Hearts)."),
    OptionSpec("jokers", "int", 0,
               "Jokers added to the pack (Joker Hearts): playable at any time, whether or not "
               "the player can follow; a joker never wins a trick and carries no penalty.",
               minimum=0, maximum=2),
    OptionSpec("max_bid", "int", 10,
               "Auction Hearts: the highest bid, in chips.", minimum=1, maximum=1000),
    OptionSpec("settlement", "choice", "points",
               "How a game is settled: 'points' (penalty points to the target score, lowest "
               "total wins); 'pool' (chips: one chip into the pool per penalty card taken, the "
               "auction's winner pays the bid into it, players who took no penalty card share "
               "it, else it carries over); 'fewest' (chips, the 1887 way: the players with the "
               "fewest penalty cards collect from each other player as many chips as that "
               "player took; a tie splits, the remainder goes to the pool).",
               ("points", "pool", "fewest")),
    OptionSpec("give_up", "int", 0,
               "Hearts 1887: the chips a player pays each opponent for giving up a hand (on "
               "its turn to play, while it could still take every heart: no other player has "
               "taken one); 0: nobody may give up.  Only with a chip settlement.",
               minimum=0, maximum=1000),
    OptionSpec("deals", "int", 0,
               "Play a fixed number of deals (hands) instead of to the target score; 0: to the "
               "target score.", minimum=0, maximum=1000),
    OptionSpec("first_hand", "int", 0,
               "The game's first hand is hand number N of the rotation (from 0): its pass "
               "direction, dealer, eldest hand and numbered deal are those of hand N.  For a "
               "game continued from another, or one hand played alone (hearts arena "
               "--record-out writes each hand so).", minimum=0, maximum=2 ** 31 - 1),
    OptionSpec("settle_average", "bool", False,
               "At the end, settle against the average: each player receives the average total "
               "less their own (positive: better than average)."),
)
"""Every option key, in the order ``hearts variants`` lists them."""

OPTION_SPECS: Mapping[str, OptionSpec] = MappingProxyType({o.key: o for o in OPTIONS})


def _cards(*names: str) -> tuple[int, ...]:
    return tuple(parse_card(n) for n in names)


# Cards removed from the 52-card pack so that it deals evenly (variants.md).
STANDARD_REMOVALS: Mapping[int, tuple[int, ...]] = MappingProxyType({
    3: _cards("2D"), 4: (), 5: _cards("2C", "2D"), 6: _cards("2C", "2D", "2S", "3C"),
})
TWOS_REMOVALS: Mapping[int, tuple[int, ...]] = MappingProxyType({
    3: _cards("2C"), 4: (), 5: _cards("2C", "2D"), 6: _cards("2C", "2D", "2H", "2S"),
})


EVEN_OUT: tuple[int, ...] = _cards("2D", "2C", "2S", "3C", "3D", "3S", "4C", "4D", "4S", "5C")
"""Cards removed in this order (those still in the pack) when added cards (jokers) leave
a deck that does not deal evenly."""


@dataclass(frozen=True)
class Variant:
    """A named rule set: option defaults and deck data (no code).

    ``removals`` maps a player count to the cards taken out of the pack.
    ``source`` names the document the facts come from.
    """

    name: str
    title: str
    summary: str
    defaults: Mapping[str, Any]
    removals: Mapping[int, tuple[int, ...]]
    source: str
    players: tuple[int, ...] = (3, 4, 5, 6)
    default_players: int = 4
    phases: tuple[str, ...] = ("pass", "play")
    """The phases of a hand in order (``"bid"``, ``"suit"``, ``"pass"``, ``"play"``); a
    phase with nothing to do in a hand (no pass, nobody bid) is skipped."""
    widow: Mapping[int, int] = field(default_factory=dict)
    """Widow size per player count (Heartsette): cards dealt to no one, taken with the
    first trick by its winner."""
    even_out: tuple[int, ...] = EVEN_OUT
    """Cards removed, in this order, when added cards (jokers) leave a deck that does not
    deal evenly."""
    packs: int = 1
    """Packs shuffled together (Cancellation Hearts: 2; pack two's ids are ``id + 128``)."""
    hand_size: int = 0
    """Cards dealt to each seat when not the whole deck (Domino Hearts: 6); the rest is
    the stock."""
    penalties: Mapping[str, int] = field(default_factory=dict)
    """Penalty values by card name that replace the options' (four-queens: each queen 13)."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Values of :class:`Rules` fields the options do not set (``teams``,
    ``team_scores``, ``declarations``, ``general_points``, ``moon_points``,
    ``cancel_identical``, ``slam_bid``, ``partner_card``): data of the mechanism games."""

    def to_json(self) -> dict[str, Any]:
        """The variant as the JSON object ``hearts variants --json`` prints."""
        return {"name": self.name, "title": self.title, "summary": self.summary,
                "players": list(self.players), "default_players": self.default_players,
                "defaults": dict(self.defaults), "source": self.source,
                "phases": list(self.phases),
                "widow": {str(k): v for k, v in sorted(self.widow.items())},
                "packs": self.packs, "hand_size": self.hand_size or None,
                "teams": [list(t) for t in self.extra.get("teams", ())],
                "declarations": list(self.extra.get("declarations", ()))}


VARIANTS: dict[str, Variant] = {}
"""The variant registry, looked up by name (as python-chess looks up its variants)."""


def register_variant(variant: Variant) -> Variant:
    """Add a variant to :data:`VARIANTS`; raises ``ValueError`` on a duplicate or bad default."""
    if variant.name in VARIANTS:
        raise ValueError(f"variant {variant.name} already registered")
    for key, value in variant.defaults.items():
        if key not in OPTION_SPECS:
            raise ValueError(f"variant {variant.name}: unknown option {key}")
        OPTION_SPECS[key].check(value)
    VARIANTS[variant.name] = variant
    return variant


register_variant(Variant(
    "standard", "Hearts (Black Lady)",
    "Hearts 1 each, Q♠ 13; pass 3 left, right, across, none; 2♣ leads; game to 100.",
    {}, STANDARD_REMOVALS, "seeds 001, 004"))
register_variant(Variant(
    "black-maria", "Black Maria",
    "Q♠ 13, K♠ 10, A♠ 7 and hearts 1 (43 a hand); pass 3 right every hand; eldest "
    "hand leads anything; hearts may be led any time; no moon.",
    {"spade_penalties": "maria", "pass_schedule": "right", "first_lead": "eldest-any",
     "hearts_lead_any_time": True, "first_trick_points": True, "moon": "none"},
    TWOS_REMOVALS, "seed 002", default_players=3))
register_variant(Variant(
    "spot-hearts", "Spot Hearts",
    "Hearts at face value (A 14), Q♠ 25: 129 a hand.",
    {"spot_hearts": True}, STANDARD_REMOVALS, "seeds 000, 002"))
register_variant(Variant(
    "omnibus", "Omnibus Hearts",
    "Standard Hearts plus the J♦ bonus: its taker scores −10.",
    {"jack_of_diamonds": True}, STANDARD_REMOVALS, "seeds 000, 004"))
register_variant(Variant(
    "auction", "Auction Hearts (1897)",
    "No pass; after the deal each player, eldest first and dealer last, may bid chips once "
    "for the right to name the penalty suit (1 a card, no Q♠); the winner pays the bid into "
    "the pool, names the suit and leads; settled in chips over a fixed number of deals.",
    {"pass_schedule": "none", "first_lead": "eldest-any", "queen_of_spades": False,
     "hearts_lead_any_time": True, "first_trick_points": True, "moon": "none",
     "settlement": "pool", "deals": 4},
    STANDARD_REMOVALS, "seed 000 (Foster's Complete Hoyle, 1897)", phases=("bid", "suit", "play")))
register_variant(Variant(
    "heartsette", "Heartsette",
    "A widow: 4 players remove 2♠ and deal 12 each with 3 to the widow; 3 players are dealt "
    "16 each with 4 to the widow; 5 players 10 each with 2; 6 players 8 each with 4. The "
    "winner of the first trick takes the "
    "widow with its hearts and alone may look at it.",
    {}, MappingProxyType({3: (), 4: _cards("2S"), 5: (), 6: ()}), "seed 000",
    widow=MappingProxyType({3: 4, 4: 3, 5: 2, 6: 4})))
register_variant(Variant(
    "joker", "Joker Hearts (1897)",
    "Standard Hearts with one joker (option jokers: 1 or 2): it may be played at any time, "
    "whether or not the player can follow; it never wins a trick and carries no penalty. "
    "Low cards leave the pack so that it deals evenly (2♦, 2♣, 2♠, 3♣, … in that order).",
    {"jokers": 1}, MappingProxyType({3: (), 4: (), 5: (), 6: ()}), "seed 000"))

# The mechanism games of the family (issue 9): data for the components of game.py.
_NO_REMOVALS: Mapping[int, tuple[int, ...]] = MappingProxyType({n: () for n in range(3, 12)})
CANCELLATION_EVEN_OUT: tuple[int, ...] = tuple(
    c for name in ("2D", "2S", "3D", "3S", "4D", "4S") for c in (parse_card(name),
                                                              parse_card(name) + PACK2))
"""Cancellation Hearts: cards leaving the two packs (104 cards) so that they deal evenly,
both copies of each name in turn; no club leaves, so 2♣ (pack one's) still opens."""
register_variant(Variant(
    "cancellation", "Cancellation Hearts (1950)",
    "Two packs shuffled together, 6 to 11 players. Identical cards played to one trick "
    "cancel: neither can win it. Two such pairs cancel the whole trick, and its cards go to "
    "the winner of the next trick (a cancelled last trick goes to its leader). Low diamonds "
    "and spades leave so that the packs deal evenly.",
    {}, _NO_REMOVALS, "seed 000 (1950)", players=(6, 7, 8, 9, 10, 11), default_players=6,
    even_out=CANCELLATION_EVEN_OUT, packs=2, extra={"cancel_identical": True}))
register_variant(Variant(
    "four-queens", "The French four-queens game (General)",
    "Each queen 13 and each other heart 1 (64 a hand). Before the first lead a player may "
    "declare General, to take every penalty card: made, each opponent scores 64; failed, "
    "the declarer scores 64 and the others what they took. Taking them all without "
    "declaring gives each opponent 54.",
    {"moon_points": 54}, STANDARD_REMOVALS, "seed 000", phases=("pass", "declare", "play"),
    penalties={"QC": 13, "QD": 13, "QH": 13, "QS": 13},
    extra={"declarations": ("general",), "general_points": (64, 64)}))
register_variant(Variant(
    "domino", "Domino Hearts (1909)",
    "Six cards each, the rest a face-down stock. A player who cannot follow suit draws from "
    "the stock, one card at a time, until able to (once it is empty, any card may be "
    "played). Players drop out as their cards run out; the last player holding cards adds "
    "them and what is left of the stock to his tricks. Each heart 1; game to 31.",
    {"pass_schedule": "none", "first_lead": "eldest-any", "queen_of_spades": False,
     "hearts_lead_any_time": True, "first_trick_points": True, "moon": "none",
     "target_score": 31},
    _NO_REMOVALS, "seed 000 (1909)", hand_size=6))
register_variant(Variant(
    "partnership", "Partnership Hearts",
    "Standard Hearts for four, partners sitting opposite (seats 0 and 2, 1 and 3) with one "
    "score per team: a team that takes every penalty card between them shoots the moon and "
    "the opponents score 26 each (52); the game ends when a team reaches 100.",
    {}, STANDARD_REMOVALS, "seed 000", players=(4,),
    extra={"teams": ((0, 2), (1, 3)), "team_scores": "joint"}))
register_variant(Variant(
    "partnership-separate", "Partnership Hearts (separate scores)",
    "Partners sit opposite but score alone; only one player alone can shoot the moon (its "
    "partner scores nothing, the opponents 26 each). When someone reaches 100, partners' "
    "scores are combined and the lower team wins.",
    {}, STANDARD_REMOVALS, "seed 000", players=(4,),
    extra={"teams": ((0, 2), (1, 3)), "team_scores": "separate"}))
register_variant(Variant(
    "partnership-slam", "Partnership Hearts (slam bid)",
    "Omnibus Hearts with the ten of diamonds as the bonus card (10 plus points to its "
    "taker) and a slam bid: after the pass each player in turn, eldest hand first, may bid "
    "to take every counting card (Q♠, 10♦ and the 13 hearts); the first bid stands. The "
    "holder of 10♦ when play begins is the bidder's silent partner (known to itself only "
    "until the card is played) and the two score their points combined for that hand: "
    "made, each of them scores minus 26 and the others 0; failed, each of them scores what "
    "the two took together. The bidder holding 10♦ plays alone. Nobody bids: Omnibus "
    "Hearts with its slam, no partners. Game to 100.",
    {"jack_of_diamonds": True, "bonus_card": "TD", "slam": True}, STANDARD_REMOVALS,
    "seed 000 (Arnold, 2011)", phases=("pass", "bid", "play"),
    extra={"slam_bid": True, "partner_card": parse_card("TD")}))
register_variant(Variant(
    "hearts-1887", "Hearts (1887)",
    "The original game: no pass, no Q♠, eldest hand leads anything, each heart 1 (option "
    "heart_values: double, eagle). Settled in chips: the players with the fewest hearts "
    "collect from each other player one chip per heart that player took (a tie splits, the "
    "remainder stays in the pot for the next hand); whoever takes all 13 hearts pays 13, "
    "shared among the others with the rest to the pot. Four deals.",
    {"pass_schedule": "none", "first_lead": "eldest-any", "queen_of_spades": False,
     "hearts_lead_any_time": True, "first_trick_points": True, "moon": "none",
     "settlement": "fewest", "deals": 4, "give_up": 8},
    STANDARD_REMOVALS, "seed 000 (The Standard Hoyle, 1887)"))
register_variant(Variant(
    "black-jack", "Black Jack",
    "Black Lady with the jack of spades as the special card: J♠ 10 (option "
    "spade_penalties=jack-13: 13), Q♠ nothing; hearts 1.",
    {"spade_penalties": "jack"}, STANDARD_REMOVALS, "seed 000 (Gibson)"))
register_variant(Variant(
    "greek-1939", "Greek Hearts (1939)",
    "Q♠ 50, A♥ 15, K♥ Q♥ J♥ 10 each, other hearts face value (149 a hand); taking every "
    "penalty card gives each opponent 150.",
    {"heart_values": "greek", "qs_points": 50, "moon_points": 150},
    STANDARD_REMOVALS, "seed 000 (Phillips and Westall, 1939)"))
register_variant(Variant(
    "greek-1950", "Greek Hearts (1950)",
    "Black Lady with three changes: the pass is always to the right, the ten of diamonds "
    "counts 10 plus points (option bonus_card=JD), and hearts may not be led to the first "
    "trick (eldest hand leads it; hearts wait until broken).",
    {"pass_schedule": "right", "jack_of_diamonds": True, "bonus_card": "TD",
     "first_lead": "eldest-any"},
    STANDARD_REMOVALS, "seed 000 (Culbertson, 1950)"))
register_variant(Variant(
    "greek-1990", "Greek Hearts (1990)",
    "Spot Hearts passing left every hand: hearts face value (A 14), Q♠ 25.",
    {"spot_hearts": True, "pass_schedule": "left"}, STANDARD_REMOVALS,
    "seed 000 (McGuire, 1990)"))
register_variant(Variant(
    "greek-2008", "Greek Hearts (2008)",
    "The 1939 scoring with plain pips: Q♠ 50, A♥ 15, K♥ Q♥ J♥ 10 each, other hearts 1 "
    "(104 a hand); taking every penalty card gives each opponent 150.",
    {"heart_values": "greek-2008", "qs_points": 50, "moon_points": 150},
    STANDARD_REMOVALS, "seed 000 (Parlett, 2008)"))
register_variant(Variant(
    "royal", "Royal Hearts",
    "Four special queens: Q♠ 26; Q♥ doubles every heart its taker took, itself included; "
    "Q♦ takes 10 off its taker's total (not below 0); Q♣ cancels its taker's Q♠ (option "
    "qc_cancels=heart: the Q♥ instead). The shooter of the moon chooses: subtract the hand "
    "from the own total or add it to everyone else.",
    {"qs_points": 26, "qh_doubles": True, "qd_minus_ten": True, "qc_cancels": "spade",
     "moon": "choice"},
    STANDARD_REMOVALS, "seed 000 (Parker Brothers, 2000s)"))


def pass_offsets(schedule: str, players: int) -> tuple[int, ...]:
    """The cycle of pass offsets for a schedule and a table size.

    An offset ``k`` means seat ``i`` passes to seat ``(i + k) mod n``; 0 is a
    no-pass (hold) hand.  Left is +1, right is ``n - 1``, across is two seats on
    with four players and three seats on with six (variants.md "Table").
    """
    left, right = 1, players - 1
    across = players // 2 if players in (4, 6) else None
    if schedule == "none":
        return (0,)
    if schedule == "left":
        return (left,)
    if schedule == "right":
        return (right,)
    cycle = [left, right] + ([across] if across is not None else [])
    if schedule == "rotate":
        cycle.append(0)
    return tuple(cycle)


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to know about the game being played.

    Card-set fields are int bitmasks (see ``cards.py``).  ``penalty`` is a
    tuple indexed by card id (length 130) giving each card's penalty points
    (>= 0); ``bonus`` lists ``(card, points)`` scored apart from the penalty
    cards and from the moon (negative points are good for the taker).
    ``pass_offsets`` is the cycle of pass offsets (0 = no pass).
    Build one with :func:`make_rules`; do not construct directly.
    """

    variant: str
    players: int
    options: Mapping[str, Any]
    deck: int
    hand_size: int
    penalty: tuple[int, ...]
    penalty_mask: int
    hand_total: int
    bonus: tuple[tuple[int, int], ...]
    breaking_mask: int
    lead_restricted_mask: int
    pass_offsets: tuple[int, ...]
    pass_count: int
    first_lead: str
    opening_card: int
    first_trick_points: bool
    hearts_lead_any_time: bool
    lead_hearts_over_qs: bool
    moon: str
    shoot_the_sun: bool
    target_score: int
    exact_target_resets: bool
    tie: str
    no_tricks_bonus: int
    extensions: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """Variant data the core does not know yet (unused); read-only, as the rest of Rules."""
    deck_cards: tuple[int, ...] = ()
    """The deck's card ids in deal order (filled in by :func:`make_rules`)."""
    phases: tuple[str, ...] = ("pass", "play")
    """The hand's phases in order (from the variant); ``"play"`` is always there."""
    wild_mask: int = 0
    """Wild cards (jokers): playable at any time, never win a trick (``tricks.py``)."""
    widow_size: int = 0
    """Cards dealt to the widow; the first trick's winner takes them (Heartsette)."""
    cancel_identical: bool = False
    """Identical cards of two packs cancel each other in a trick (``tricks.winner_index``)."""
    settlement: str = "points"
    """``"points"``, ``"pool"`` or ``"fewest"`` (``settle.py``)."""
    deals: int = 0
    """A fixed number of deals (0: play to ``target_score``)."""
    max_bid: int = 0
    """The highest auction bid in chips (0: no auction)."""
    settle_average: bool = False
    """Settle against the average at the game's end (``settle.py``)."""
    penalty_suit: int = -1
    """The penalty suit a phase named for this hand (-1: the variant's own penalty cards);
    see :meth:`with_penalty_suit`."""
    teams: tuple[tuple[int, ...], ...] = ()
    """The sides of a partnership game (seats of each team), or ``()``: every seat alone."""
    team_scores: str = "joint"
    """``"joint"``: a team scores as one (its total decides the end; a team moon) or
    ``"separate"``: seats score alone (a moon by one player alone), partners' totals are
    combined at the game's end."""
    declarations: tuple[str, ...] = ()
    """What a seat may declare in the ``"declare"`` phase (``("general",)``: to take every
    penalty card, the French four-queens game)."""
    general_points: tuple[int, int] = (0, 0)
    """A General made: each opponent scores the first; failed: the declarer the second."""
    stock_size: int = 0
    """Cards left undealt as a face-down stock (Domino Hearts): a seat that cannot follow
    draws from its top until it can."""
    effects: tuple[tuple[int, str, int], ...] = ()
    """Card effects at the hand's end, ``(card, kind, targets)``: the taker of ``card``
    scores the penalty of the ``targets`` cards it took double (``"double"``, Royal
    Hearts' Q♥) or not at all (``"cancel"``, Q♣); a cancelled card doubles nothing
    (``scoring.score_hand``)."""
    reduce_cards: tuple[tuple[int, int], ...] = ()
    """``(card, points)``: the taker's total goes down by ``points``, but not below 0
    (Royal Hearts' Q♦; ``scoring.hand_points`` with the totals)."""
    moon_points: int = 0
    """What a moon gives each other seat; 0: the shooter's own points for the hand
    (``hand_total`` unless card effects change it).  Greek Hearts: 150; the four-queens
    game's General made silently: 54."""
    slam: bool = False
    """Omnibus slam: every counting card (penalty and bonus cards) in one seat's tricks
    scores ``-hand_total`` for it and 0 for the others."""
    first_hand: int = 0
    """The game's first hand is hand ``first_hand`` of the rotation (option ``first_hand``):
    ``Game`` starts there."""
    slam_bid: bool = False
    """The ``"bid"`` phase is a slam bid (Partnership Hearts with a slam bid): each seat in
    turn may bid ``True`` (to take every counting card with its silent partner) or make no
    bid; the first bid stands.  Else a bid is chips (Auction Hearts)."""
    team_moon: str = "both"
    """A moon of a joint-score team taken off the shooter (``moon`` ``"subtract"`` or
    chosen): ``"both"`` partners score minus the moon, or only the ``"taker"`` (the
    partner who took more penalty points; ``scoring.hand_points``)."""
    give_up: int = 0
    """The chips a seat that gives up a hand pays each other seat (option ``give_up``;
    Hearts 1887: 8, seed 000; docs/family-rules.md "The 1887 give-up"); 0: nobody may
    give up.  Only with a chip settlement."""
    partner_card: int = -1
    """With a slam bid: the card whose holder when play begins silently partners the
    bidder for the hand (10♦); -1: none.  The side scores its points combined
    (``scoring.hand_points`` with ``side``)."""

    def __hash__(self) -> int:
        # The mapping fields are not hashable; variant, players and options decide the rest.
        return hash((self.variant, self.players, tuple(sorted(self.options.items())),
                     self.penalty_suit))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle (multiprocessing) and deepcopy rebuild through make_rules.
        if self.penalty_suit >= 0:
            return (_hand_rules, (self.variant, self.players, dict(self.options),
                                  self.penalty_suit))
        return (make_rules, (self.variant, self.players, dict(self.options)))

    def with_penalty_suit(self, suit: int) -> Rules:
        """The rules of a hand whose penalty suit a phase named (Auction Hearts).

        The named suit's cards take the values hearts have (1 each), hearts lose
        theirs unless named, every other penalty card keeps its value; breaking
        and the lead restriction follow the named suit (with ``qs_breaks_hearts``
        playing Q♠ breaks it too: issue 24, docs/family-rules.md).  Raises ``ValueError``
        for a suit outside 0-3.
        """
        if not 0 <= suit < 4:
            raise ValueError(f"no suit {suit}")
        key = (self.variant, self.players, tuple(sorted(self.options.items())), suit)
        cached = _HAND_RULES.get(key)
        if cached is not None:
            return cached
        penalty = list(self.penalty)
        base = HEARTS * 16
        values = [penalty[base + r] for r in range(13)]
        for r in range(13):
            penalty[base + r] = 0
        for r in range(13):
            c = suit * 16 + r
            if self.deck >> c & 1:
                penalty[c] = values[r] or 1
        mask = 0
        for c in range(len(penalty)):
            if penalty[c] and self.deck >> c & 1:
                mask |= 1 << c
        suit_cards = SUIT_MASKS[suit] & self.deck
        # qs_breaks_hearts: Q♠ played breaks the named suit, as it breaks hearts (issue 24).
        qs = 1 << make_card(10, SPADES)
        breaking = suit_cards | (qs & self.deck if self.options["qs_breaks_hearts"] else 0)
        out = Rules(
            variant=self.variant, players=self.players, options=self.options, deck=self.deck,
            hand_size=self.hand_size, penalty=tuple(penalty), penalty_mask=mask,
            hand_total=sum(penalty), bonus=self.bonus, breaking_mask=breaking,
            lead_restricted_mask=suit_cards, pass_offsets=self.pass_offsets,
            pass_count=self.pass_count, first_lead=self.first_lead,
            opening_card=self.opening_card, first_trick_points=self.first_trick_points,
            hearts_lead_any_time=self.hearts_lead_any_time,
            lead_hearts_over_qs=self.lead_hearts_over_qs, moon=self.moon,
            shoot_the_sun=self.shoot_the_sun, target_score=self.target_score,
            exact_target_resets=self.exact_target_resets, tie=self.tie,
            no_tricks_bonus=self.no_tricks_bonus, extensions=self.extensions,
            deck_cards=self.deck_cards, phases=self.phases, wild_mask=self.wild_mask,
            widow_size=self.widow_size, cancel_identical=self.cancel_identical,
            settlement=self.settlement, deals=self.deals, max_bid=self.max_bid,
            settle_average=self.settle_average, penalty_suit=suit, teams=self.teams,
            team_scores=self.team_scores, declarations=self.declarations,
            general_points=self.general_points, moon_points=self.moon_points,
            stock_size=self.stock_size, effects=self.effects,
            reduce_cards=self.reduce_cards, slam=self.slam, slam_bid=self.slam_bid,
            partner_card=self.partner_card, first_hand=self.first_hand,
            team_moon=self.team_moon, give_up=self.give_up)
        _HAND_RULES[key] = out
        return out

    @property
    def suit_letter(self) -> str | None:
        """The named penalty suit as a letter (``"S"``), or ``None``."""
        return SUIT_LETTERS[self.penalty_suit] if self.penalty_suit >= 0 else None

    def __copy__(self) -> Rules:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self  # immutable

    def pass_offset(self, hand_index: int) -> int:
        """The pass offset for hand ``hand_index`` (0 = no pass)."""
        return self.pass_offsets[hand_index % len(self.pass_offsets)]

    def pass_name(self, hand_index: int) -> str:
        """``"left"``, ``"right"``, ``"across"`` or ``"none"`` for a hand."""
        off = self.pass_offset(hand_index)
        if off == 0:
            return "none"
        if off == 1:
            return "left"
        if off == self.players - 1:
            return "right"
        return "across"

    def to_json(self) -> dict[str, Any]:
        """Variant, player count and the full resolved options, for records and APIs."""
        return {"variant": self.variant, "players": self.players, "options": dict(self.options)}


_HAND_RULES: dict[tuple[Any, ...], Rules] = {}


def _hand_rules(variant: str, players: int, options: dict[str, Any], suit: int) -> Rules:
    """The other half of :meth:`Rules.__reduce__` for a hand's rules."""
    return make_rules(variant, players, options).with_penalty_suit(suit)


def resolve_options(variant: str, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """All option values for a variant with ``overrides`` applied.

    Raises :class:`RulesError` (``unknown_variant``, ``unknown_option``,
    ``bad_option``).
    """
    var = VARIANTS.get(variant)
    if var is None:
        names = ", ".join(VARIANTS)
        shown = excerpt(variant)
        near = difflib.get_close_matches(str(variant).lower().replace(" ", "-").replace("_", "-"),
                                         list(VARIANTS), n=1, cutoff=0.7)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise RulesError("unknown_variant", f"unknown variant {shown}{hint} (known: {names})")
    values = {o.key: o.default for o in OPTIONS}
    values.update(var.defaults)
    if overrides is not None and not isinstance(overrides, Mapping):
        raise RulesError("bad_option", f"options are a mapping of option names to values "
                         f"(e.g. {{'moon': 'subtract'}}), not {type(overrides).__name__}")
    for key, value in (overrides or {}).items():
        spec = OPTION_SPECS.get(key)
        if spec is None:
            shown = excerpt(key)
            near = difflib.get_close_matches(str(key), list(OPTION_SPECS), n=1)
            hint = f"did you mean {near[0]!r}? " if near else ""
            raise RulesError("unknown_option", f"unknown option {shown} ({hint}every option "
                             f"and its values: hearts variants)")
        values[key] = spec.check(value)
    return values


def make_rules(variant: str = "standard", players: object = None,
               options: Mapping[str, Any] | None = None) -> Rules:
    """Build the frozen :class:`Rules` for a variant, player count (``Variant.players``:
    3-6 for most, Cancellation Hearts 6-11) and overrides.

    ``players``: an int, or ``None`` for the variant's default (typed ``object``
    because anything else is refused here, with ``bad_option``).  Raises
    :class:`RulesError` for an unknown variant or option, a bad option value or
    an unsupported player count (reason ``bad_option``).
    """
    opts = resolve_options(variant, options)
    var = VARIANTS[variant]
    n = var.default_players if players is None else players
    if isinstance(n, bool) or not isinstance(n, int) or n not in var.players:
        low, high = min(var.players), max(var.players)
        count = f"{low} to {high}" if len(var.players) > 1 else str(low)
        raise RulesError("bad_option", f"{var.title} is played by {count} players, not {excerpt(n)}")

    deck = FULL_DECK
    if var.packs == 2:
        deck |= FULL_DECK << PACK2
    for c in var.removals.get(n, ()):
        deck &= ~(1 << c)
    jokers = opts["jokers"]
    wild = 0
    for k in range(jokers):
        wild |= 1 << (JOKER + k)
    deck |= wild
    widow = var.widow.get(n, 0)
    if opts["widow_size"]:  # variants.md, Heartsette: "3 players 16 each and 3 (or 4)"
        if not var.widow:
            raise RulesError("bad_option", f"option widow_size: {var.title} has no widow "
                             f"(Heartsette has one)")
        widow = opts["widow_size"]
    stock = deck.bit_count() - n * var.hand_size if var.hand_size else 0
    for c in var.even_out:
        if stock or (deck.bit_count() - widow) % n == 0:
            break
        deck &= ~(1 << c)
    if not stock and (deck.bit_count() - widow) % n:
        raise RulesError("bad_option", f"{var.title} with {jokers} jokers and a widow of "
                         f"{widow} does not deal evenly to {n} players" if widow else
                         f"{var.title} with {jokers} jokers does not deal evenly to {n} players")

    penalty = [0] * max(130, deck.bit_length(), PACK2 + 64 if var.packs == 2 else 0)
    # (pack two's copies get pack one's values below)
    values = HEART_VALUES["double" if opts["spot_hearts"] else opts["heart_values"]]
    if opts["spot_ace_low"]:  # variants.md: "A 14, sometimes 1"
        if not opts["spot_hearts"]:  # (as widow_size without a widow: refused, not ignored)
            raise RulesError("bad_option", "option spot_ace_low: only with spot_hearts (the "
                             "ace of hearts counts 14 there; elsewhere heart_values sets it)")
        values = values[:12] + (1,)
    for r in range(13):
        penalty[make_card(r, HEARTS)] = values[r]
    js, qs = make_card(9, SPADES), make_card(10, SPADES)
    ks, as_ = make_card(11, SPADES), make_card(12, SPADES)
    qs_value = opts["qs_points"] or (25 if opts["spot_hearts"] else 13)
    penalty[qs] = qs_value if opts["queen_of_spades"] else 0
    spades = opts["spade_penalties"]
    if spades == "maria":
        penalty[ks], penalty[as_] = 10, 7
    elif spades == "maria-swapped":
        penalty[ks], penalty[as_] = 7, 10
    elif spades in ("jack", "jack-13"):  # Black Jack: J♠ takes the queen's place
        penalty[qs], penalty[js] = 0, 13 if spades == "jack-13" else 10
    for name, value in var.penalties.items():
        penalty[parse_card(name)] = value
    if var.packs == 2:
        for c in range(64):
            penalty[c + PACK2] = penalty[c]
    penalty_mask = 0
    for c in range(len(penalty)):
        if penalty[c] and deck >> c & 1:
            penalty_mask |= 1 << c
        elif not deck >> c & 1:
            penalty[c] = 0
    bonus: tuple[tuple[int, int], ...] = ()
    if opts["jack_of_diamonds"]:
        bonus_card = parse_card(opts["bonus_card"])
        for copy in (bonus_card, bonus_card + PACK2):
            if deck >> copy & 1:
                bonus += ((copy, -10),)

    effects, reduce_cards = _queen_effects(opts, deck)

    if opts["give_up"] and (opts["settlement"] not in ("pool", "fewest") or stock):
        # The give-up is paid in chips: asked for without them, an error; the variant's
        # own price (Hearts 1887) with the settlement changed to points: no give-up.
        if options and options.get("give_up"):
            raise RulesError("bad_option", "give_up needs a chip settlement (settlement "
                             "'fewest' or 'pool') and a game without a stock")
        opts["give_up"] = 0

    clubs = deck & SUIT_MASKS[0]
    opening = (clubs & -clubs).bit_length() - 1
    hearts = SUIT_MASKS[HEARTS]
    if var.packs == 2:
        hearts |= hearts << PACK2
    qs_bits = (1 << qs) | ((1 << (qs + PACK2)) if var.packs == 2 else 0)
    breaking = hearts | (qs_bits if opts["qs_breaks_hearts"] else 0)
    # The auction's winner leads when it named a suit (Auction Hearts); a slam bid leaves
    # the opening lead as it is.
    first_lead = "auction-winner" if "suit" in var.phases else opts["first_lead"]
    # Deal order: pack one, then pack two, jokers last (interfaces.md section 2b).
    ids = [c for c in range(64) if deck >> c & 1]
    ids += [c for c in range(PACK2, PACK2 + 64) if deck >> c & 1]
    ids += [c for c in range(JOKER, JOKER + 16) if deck >> c & 1]
    return Rules(
        variant=variant, players=n, options=MappingProxyType(opts), deck=deck,
        hand_size=var.hand_size or (deck.bit_count() - widow) // n, penalty=tuple(penalty),
        penalty_mask=penalty_mask,
        hand_total=sum(penalty), bonus=bonus, breaking_mask=breaking,
        lead_restricted_mask=hearts & deck,
        pass_offsets=pass_offsets(opts["pass_schedule"], n), pass_count=opts["pass_count"],
        first_lead=first_lead, opening_card=opening,
        first_trick_points=opts["first_trick_points"],
        hearts_lead_any_time=opts["hearts_lead_any_time"],
        lead_hearts_over_qs=opts["lead_hearts_over_qs"],
        moon=opts["moon"], shoot_the_sun=opts["shoot_the_sun"],
        target_score=opts["target_score"], exact_target_resets=opts["exact_target_resets"],
        tie=opts["tie"], no_tricks_bonus=-5 if opts["no_tricks_bonus"] else 0,
        deck_cards=tuple(ids), phases=var.phases, wild_mask=wild, widow_size=widow,
        settlement=opts["settlement"], deals=opts["deals"],
        max_bid=opts["max_bid"] if "bid" in var.phases and not var.extra.get("slam_bid")
        else 0,
        settle_average=opts["settle_average"], stock_size=stock, effects=effects,
        reduce_cards=reduce_cards, moon_points=opts["moon_points"], slam=opts["slam"],
        first_hand=opts["first_hand"], team_moon=opts["team_moon"], give_up=opts["give_up"],
        **var.extra,
    )


HEART_VALUES: Mapping[str, tuple[int, ...]] = MappingProxyType({
    "one": (1,) * 13,
    "double": tuple(range(2, 15)),
    "eagle": (1,) * 9 + (2, 3, 4, 5),
    "greek": tuple(range(2, 11)) + (10, 10, 10, 15),
    "greek-2008": (1,) * 9 + (10, 10, 10, 15),
})
"""Heart values by rank 2 … A for each ``heart_values`` option (variants.md: the 1887
double and eagle games; Greek Hearts 1939 and 2008)."""


def _queen_effects(opts: Mapping[str, Any], deck: int) -> tuple[
        tuple[tuple[int, str, int], ...], tuple[tuple[int, int], ...]]:
    """Royal Hearts' queen effects from the options: ``(effects, reduce_cards)``."""
    qh, qd = make_card(10, HEARTS), make_card(10, 1)
    qc, qs = make_card(10, 0), make_card(10, SPADES)
    effects: list[tuple[int, str, int]] = []
    if opts["qc_cancels"] != "none" and deck >> qc & 1:
        target = qs if opts["qc_cancels"] == "spade" else qh
        effects.append((qc, "cancel", 1 << target))
    if opts["qh_doubles"] and deck >> qh & 1:
        effects.append((qh, "double", SUIT_MASKS[HEARTS] & deck))
    reduce_cards = ((qd, 10),) if opts["qd_minus_ten"] and deck >> qd & 1 else ()
    return tuple(effects), reduce_cards
