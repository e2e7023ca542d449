"""Bot ``openspiel-ismcts``: OpenSpiel's C++ information-set MCTS, as an outside yardstick.

Optional: registered only when ``pyspiel`` (the ``open-spiel`` package) can be
imported.  It plays the card play with ``pyspiel.ISMCTSBot`` (1,000
simulations, one random roll-out per leaf through
``pyspiel.RandomRolloutEvaluator``, UCT constant :data:`UCT_C`, the most
visited action as the move).  OpenSpiel's ISMCTS fails in Hearts' pass stage,
so passes use medium's policy (``get_bot("medium").choose_pass``), or a
simple rule when medium is not installed: Q♠, A♠, K♠, then the highest hearts,
then the highest other cards.

Rules: OpenSpiel's ``hearts`` is four-player standard Hearts.
:func:`check_rules` accepts the variant ``standard`` at four players with the
house rules OpenSpiel can express (``qs_breaks_hearts``,
``first_trick_points``, ``hearts_lead_any_time``, ``lead_hearts_over_qs``,
the J♦ bonus, the no-tricks bonus) and the ones that only change how a game
is totalled (pass schedule, target score, ties, exact-target reset, moon
``add``/``subtract``/``choice``); anything else raises
:class:`UnsupportedRules` (a ``ValueError``).

No hidden information reaches OpenSpiel.  The bot is given only a
:class:`hearts.view.PlayerView`, and builds the OpenSpiel state from it alone
(:func:`build_state`):

1. What the seat knows is copied: its own dealt hand (its hand now, plus the
   cards it played and passed, less the cards it received), the cards it
   passed (they went to ``pass_to``), the cards it received (they came from
   the seat passing to it), and every card played, by whom and in which order.
2. Everything else is *invented* with the bot's own seeded random generator:
   the unseen cards (``view.unseen()``) are shuffled and dealt to the other
   seats in the numbers they still hold (``view.counts``); the cards that the
   other seats passed among themselves are drawn at random from what their
   receivers held after the pass.
3. The OpenSpiel state is then replayed from the start with that deal:
   pass direction, deal, passes, and the cards played so far.  Its
   information state for our seat equals the real one (checked: the
   OpenSpiel legal moves must equal ``view.legal``), but the other hands in
   it are random, so whatever OpenSpiel reads from the state beyond our
   information set is noise.  ISMCTS itself re-samples the hidden cards for
   every simulation (``ResampleFromInfostate``), so the invented deal is not
   even the one it searches.

Card and seat mapping: our card ``suit * 16 + rank`` is OpenSpiel's
``rank * 4 + suit`` (both order suits clubs, diamonds, hearts, spades); our
seat ``s`` is OpenSpiel player ``s`` (both number seats clockwise), and our
pass offset (1 left, 2 across, 3 right, 0 none) is OpenSpiel's pass
direction.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pyspiel

from ..cards import HEARTS, SPADES, cards_of, make_card, rank_of, suit_of
from ..errors import HeartsError
from ..rules import Rules
from ..view import PlayerView
from .base import BaseBot, Bot, get_bot, register_bot

NAME = "openspiel-ismcts"
SIMULATIONS = 1000
"""ISMCTS simulations per move."""
UCT_C = 2.0
"""UCT exploration constant (OpenSpiel returns are 26 minus the hand's points)."""

_GAMES: dict[tuple[tuple[str, Any], ...], Any] = {}


class UnsupportedRules(HeartsError, ValueError):
    """The rules are not ones OpenSpiel's ``hearts`` game can play; ``reason`` is
    ``"unsupported_rules"``."""

    default_reason = "unsupported_rules"


def os_card(card: int) -> int:
    """OpenSpiel's action number for one of our card ids."""
    return rank_of(card) * 4 + suit_of(card)


def our_card(action: int) -> int:
    """Our card id for an OpenSpiel card action (0..51)."""
    return make_card(action // 4, action % 4)


def game_parameters(rules: Rules) -> dict[str, bool]:
    """The ``pyspiel.load_game("hearts", ...)`` parameters for ``rules``.

    Raises :class:`UnsupportedRules` when OpenSpiel cannot play these rules.
    """
    check_rules(rules)
    o: Mapping[str, Any] = rules.options
    return {
        "pass_cards": True,
        "no_pts_on_first_trick": not o["first_trick_points"],
        "can_lead_any_club": False,
        "jd_bonus": bool(o["jack_of_diamonds"]),
        "avoid_all_tricks_bonus": bool(o["no_tricks_bonus"]),
        "must_break_hearts": not o["hearts_lead_any_time"],
        "qs_breaks_hearts": bool(o["qs_breaks_hearts"]),
        "can_lead_hearts_instead_of_qs": bool(o["lead_hearts_over_qs"]),
    }


def check_rules(rules: Rules) -> None:
    """Raise :class:`UnsupportedRules` unless OpenSpiel's ``hearts`` can play ``rules``."""
    o = rules.options
    problems = []
    if rules.variant != "standard":
        problems.append(f"variant {rules.variant!r} (only 'standard')")
    if rules.players != 4:
        problems.append(f"{rules.players} players (only 4)")
    if o["first_lead"] != "lowest-club":
        problems.append("first_lead must be 'lowest-club'")
    if o["pass_count"] != 3:
        problems.append("pass_count must be 3")
    if o["spot_hearts"]:
        problems.append("spot_hearts")
    if o["spade_penalties"] != "queen":
        problems.append(f"spade_penalties {o['spade_penalties']!r}")
    if o["jack_of_diamonds"] and o["bonus_card"] != "JD":
        problems.append("bonus_card must be 'JD'")
    if o["moon"] == "none":
        problems.append("moon 'none'")
    if o["shoot_the_sun"]:
        problems.append("shoot_the_sun")
    if problems:
        raise UnsupportedRules(f"{NAME} plays standard four-player Hearts only; not: "
                               + "; ".join(problems))


def _game(rules: Rules) -> Any:
    params = game_parameters(rules)
    key = tuple(sorted(params.items()))
    if key not in _GAMES:
        _GAMES[key] = pyspiel.load_game("hearts", params)
    return _GAMES[key]


def _played_by(view: PlayerView) -> tuple[list[int], list[int]]:
    """The cards played this hand in order, and each seat's played cards (bitmasks)."""
    n = view.players
    order: list[int] = []
    by = [0] * n
    for t in view.tricks:
        for i, c in enumerate(t.cards):
            order.append(c)
            by[(t.leader + i) % n] |= 1 << c
    for s, c in view.trick:
        order.append(c)
        by[s] |= 1 << c
    return order, by


def sample_deal(view: PlayerView, rng: random.Random) -> tuple[list[int], list[tuple[int, ...]]]:
    """A deal and passes consistent with ``view`` (see the module docstring).

    Returns ``(dealt, passes)``: the card set each seat was dealt and the cards
    each seat passed (empty tuples on a no-pass hand).  Only ``view`` and
    ``rng`` are read.
    """
    n = view.players
    me = view.seat
    off = view.pass_offset
    _order, played = _played_by(view)
    passed_mine = 0
    for c in view.passed:
        passed_mine |= 1 << c
    pass_to = (me + off) % n
    giver = (me - off) % n

    # Hands right after the pass (cards still held plus cards played since).
    after = [0] * n
    after[me] = view.hand | played[me]
    unseen = cards_of(view.unseen())
    rng.shuffle(unseen)
    for s in range(n):
        if s == me:
            continue
        after[s] = played[s]
        if off and s == pass_to:
            after[s] |= passed_mine
        need = 13 - after[s].bit_count()
        for c in unseen[:need]:
            after[s] |= 1 << c
        unseen = unseen[need:]
    if unseen or any(a.bit_count() != 13 for a in after):
        raise ValueError("the view does not add up to a four-hand deal")

    passes: list[tuple[int, ...]] = [()] * n
    if off:
        passes[me] = tuple(view.passed)
        passes[giver] = tuple(cards_of(view.received))
        for s in range(n):
            if s in (me, giver):
                continue
            receiver = (s + off) % n
            passes[s] = tuple(sorted(rng.sample(cards_of(after[receiver]), 3)))
    dealt = []
    for s in range(n):
        got = 0
        for c in passes[(s - off) % n] if off else ():
            got |= 1 << c
        gave = 0
        for c in passes[s]:
            gave |= 1 << c
        dealt.append((after[s] & ~got) | gave)
    return dealt, passes


def build_state(view: PlayerView, rng: random.Random) -> Any:
    """An OpenSpiel ``hearts`` state whose information state for ``view.seat`` is ``view``'s.

    Hidden cards are sampled with ``rng`` (:func:`sample_deal`).  Raises
    :class:`UnsupportedRules` for rules OpenSpiel cannot play and
    ``RuntimeError`` when the rebuilt state's legal moves differ from
    ``view.legal``.
    """
    game = _game(view.rules)
    dealt, passes = sample_deal(view, rng)
    order, _ = _played_by(view)
    state = game.new_initial_state()
    state.apply_action(view.pass_offset)
    hands = [sorted(cards_of(d)) for d in dealt]
    for i in range(13):
        for s in range(4):
            state.apply_action(os_card(hands[s][i]))
    if view.pass_offset:
        for s in range(4):
            for c in passes[s]:
                state.apply_action(os_card(c))
    for c in order:
        state.apply_action(os_card(c))
    if state.current_player() != view.seat:
        raise RuntimeError(f"rebuilt OpenSpiel state has player {state.current_player()} to move, "
                           f"not seat {view.seat}")
    legal = {our_card(a) for a in state.legal_actions()}
    if legal != set(cards_of(view.legal)):
        raise RuntimeError("OpenSpiel's legal moves differ from the engine's: "
                           f"{sorted(legal)} vs {cards_of(view.legal)}")
    return state


def fallback_pass(view: PlayerView) -> tuple[int, ...]:
    """Q♠, A♠, K♠, then the highest hearts, then the highest other cards."""
    k = view.rules.pass_count
    hand = cards_of(view.hand)
    top = [make_card(r, SPADES) for r in (10, 12, 11)]
    order = ([c for c in top if c in hand]
             + sorted((c for c in hand if suit_of(c) == HEARTS), key=rank_of, reverse=True)
             + sorted((c for c in hand if c not in top and suit_of(c) != HEARTS),
                      key=rank_of, reverse=True))
    return tuple(order[:k])


class OpenSpielISMCTSBot(BaseBot):
    """OpenSpiel's ISMCTS for the card play; medium's policy for passes.

    ``seed`` seeds our sampling of the hidden cards and OpenSpiel's search
    and roll-outs.  Even so the moves are not exactly reproducible: OpenSpiel's
    ISMCTS keeps a node's children in a hash map whose iteration order varies
    from one search tree to the next, and that order breaks ties between
    equally rated moves during the search.  ``simulations`` and ``uct_c`` tune
    the search.
    """

    name = NAME

    def __init__(self, seed: int | None = None, simulations: int = SIMULATIONS,
                 uct_c: float = UCT_C) -> None:
        self.rng = random.Random(seed)
        search_seed = self.rng.randrange(2**31)
        self.evaluator = pyspiel.RandomRolloutEvaluator(1, search_seed)
        self.search = pyspiel.ISMCTSBot(search_seed, self.evaluator, uct_c, simulations, -1,
                                        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                                        False, False)
        self._passer: Bot | None = None
        self._passer_loaded = False
        self.seed = seed

    def check_rules(self, rules: Rules) -> None:
        """Raise :class:`UnsupportedRules` unless this bot can play ``rules``."""
        check_rules(rules)

    def choose_pass(self, view: PlayerView) -> tuple[int, ...]:
        """Medium's pass (or :func:`fallback_pass` without medium)."""
        check_rules(view.rules)
        if not self._passer_loaded:
            self._passer_loaded = True
            try:
                self._passer = get_bot("medium", self.seed)
            except KeyError:
                self._passer = None
        if self._passer is not None:
            return tuple(self._passer.choose_pass(view))
        return fallback_pass(view)

    def choose_play(self, view: PlayerView) -> int:
        """ISMCTS's move on a state rebuilt from ``view`` (a single legal card is played at once)."""
        check_rules(view.rules)
        legal = cards_of(view.legal)
        if not legal:
            raise ValueError("no legal card: it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        state = build_state(view, self.rng)
        card = our_card(self.search.step(state))
        if card not in legal:  # pragma: no cover - build_state checked the legal sets
            raise RuntimeError(f"OpenSpiel chose an illegal card {card}")
        return card

    def choose_moon(self, view: PlayerView) -> str:
        """``"add"`` unless adding would end the game with this seat not lowest."""
        r = view.rules
        me = view.seat
        after = [t + (0 if s == me else r.hand_total) for s, t in enumerate(view.totals)]
        if max(after) >= r.target_score and after[me] > min(after):
            return "subtract"
        return "add"


register_bot(NAME, OpenSpielISMCTSBot)
