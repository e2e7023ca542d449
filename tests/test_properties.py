"""Property tests (Hypothesis): random games of every variant, option mix and table size.

Checked at every step: the cards are conserved through the pass and the play;
a refused action changes nothing; legal_plays() and explain() agree; every hand's
points add up to the variant's penalty total (bonuses apart) or to the moon/sun
outcome; every game reaches its end.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts.cards import SUIT_MASKS, cards_of, parse_card, random_card, random_cards
from hearts.game import (
    PHASE_BID,
    PHASE_MOON,
    PHASE_OVER,
    PHASE_PASS,
    PHASE_PLAY,
    PHASE_SUIT,
    Game,
    IllegalAction,
)
from hearts.rules import OPTIONS, VARIANTS, make_rules
from hearts.scoring import penalty_of

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                    derandomize=True)


def option_values(spec):
    if spec.key == "give_up":  # only with a chip settlement (tests/test_give_up.py)
        return st.just(0)
    if spec.kind == "bool":
        return st.booleans()
    if spec.kind == "choice":
        return st.sampled_from(spec.choices)
    if spec.key == "target_score":
        return st.integers(min_value=1, max_value=120)
    return st.integers(min_value=spec.minimum or 1, max_value=min(spec.maximum or 4, 4))


# The one-pack games of 3-6 seats without a stock, teams or declarations: the checks
# below (conservation, a moon by one seat) are theirs.  The mechanism games (two packs and
# 6-11 seats, a stock, teams, the General) have their own hand-worked and random tests:
# tests/test_mechanism_games.py and the every-variant test of tests/test_players_sim.py.
PROPERTY_VARIANTS = sorted(v for v, var in VARIANTS.items()
                           if var.packs == 1 and not var.hand_size and not var.extra)

def _case(variant, players, options, seed):
    """One generated game; widow_size only where the game has a widow, spot_ace_low only
    with spot hearts (elsewhere they are refused: tests/test_rule_questions.py)."""
    if not VARIANTS[variant].widow:
        options = {k: v for k, v in options.items() if k != "widow_size"}
    if not options.get("spot_hearts", VARIANTS[variant].defaults.get("spot_hearts", False)):
        options = {k: v for k, v in options.items() if k != "spot_ace_low"}  # refused there
    return variant, players, options, seed


games = st.builds(
    _case,
    st.sampled_from(PROPERTY_VARIANTS),
    st.integers(min_value=3, max_value=6),
    st.fixed_dictionaries({}, optional={o.key: option_values(o) for o in OPTIONS}),
    st.integers(min_value=0, max_value=2**32),
)


def check_conservation(g: Game) -> None:
    deck = g.rules.deck & ~g.widow  # the widow is in no hand (Heartsette)
    in_hands = 0
    for h in g.hands:
        assert not h & in_hands
        in_hands |= h
    played = g.played
    assert not in_hands & played
    assert in_hands | played == deck
    taken = 0
    for w in g.won:
        assert not w & taken
        taken |= w
    current = sum(1 << c for c in g.trick_cards)
    widow = g.widow if g.widow_taker >= 0 else 0
    assert taken | current == played | widow and not taken & current
    assert sum(g.tricks_won) == g.trick_index == len(g.tricks)


QUEENS = {name: parse_card(name) for name in ("QC", "QD", "QH", "QS")}


def royal_points(r, won: int, raw: int) -> int:
    """A seat's card points under the Royal Hearts options, worked out from the options
    themselves (an oracle apart from ``Rules.effects``): Q♣ wipes out the named queen it
    was taken with, Q♥ (unless wiped out) doubles the hearts taken."""
    o = r.options
    gone = 0
    if o["qc_cancels"] != "none" and won >> QUEENS["QC"] & 1:
        target = QUEENS["QS" if o["qc_cancels"] == "spade" else "QH"]
        gone = won & (1 << target)
    pts = raw - penalty_of(r, gone)
    if o["qh_doubles"] and won >> QUEENS["QH"] & 1 and not gone >> QUEENS["QH"] & 1:
        pts += penalty_of(r, won & SUIT_MASKS[2] & ~gone)
    return pts


def check_hand_points(g: Game) -> None:
    r = g.hand_rules  # the game's rules, or those a phase named for the hand
    res = g.results[-1]
    before = g.results[-2].totals if len(g.results) > 1 else (0,) * r.players
    raw = [penalty_of(r, w) for w in g.won]
    assert sum(raw) == r.hand_total  # 26, 43, 129, ... whoever took them
    card_points = [royal_points(r, w, p) for w, p in zip(g.won, raw, strict=True)]
    bonus = [0] * r.players
    counting = r.penalty_mask
    for card, value in r.bonus:
        counting |= 1 << card
        for s, w in enumerate(g.won):
            if w >> card & 1:
                bonus[s] += value
    for s in range(r.players):
        if g.tricks_won[s] == 0:
            bonus[s] += r.no_tricks_bonus
    qd = r.options["qd_minus_ten"] and r.deck >> QUEENS["QD"] & 1

    def with_qd(points: list[int]) -> list[int]:
        # Q♦: 10 off its taker's total, never below 0.
        if not qd:
            return points
        out = list(points)
        for s, w in enumerate(g.won):
            if w >> QUEENS["QD"] & 1:
                out[s] -= min(10, max(0, before[s] + out[s]))
        return out

    need = counting if r.options["slam"] else r.penalty_mask
    shooters = [s for s, w in enumerate(g.won) if w & need == need]
    if r.moon == "none" or not shooters:
        assert res.moon is None
        assert list(res.points) == with_qd([p + b for p, b in zip(card_points, bonus,
                                                                 strict=True)])
        return
    (shooter,) = shooters
    assert res.moon == shooter
    sun = r.shoot_the_sun and g.tricks_won[shooter] == r.hand_size
    assert res.moon_kind == ("sun" if sun else "moon")
    if r.options["slam"]:  # Omnibus slam: -26 for every counting card, others 0
        bonus[shooter] = 0
        base = [-r.hand_total if s == shooter else 0 for s in range(r.players)]
        assert list(res.points) == with_qd([p + b for p, b in zip(base, bonus, strict=True)])
        return
    own = card_points[shooter]
    amount = (r.options["moon_points"] or own) * (2 if sun else 1)
    if res.moon_choice == "add":
        base = [0 if s == shooter else amount for s in range(r.players)]
    else:
        assert res.moon_choice == "subtract"
        base = [-amount if s == shooter else 0 for s in range(r.players)]
    assert list(res.points) == with_qd([p + b for p, b in zip(base, bonus, strict=True)])


def snapshot(g: Game):
    return (g.phase, list(g.hands), list(g.passes), g.played, list(g.trick_cards), g.turn,
            g.leader, list(g.won), list(g.tricks_won), len(g.log), list(g.totals), g.trick_index)


def play_game(variant, players, options, seed, probe: bool, max_hands=300) -> Game:
    rules = make_rules(variant, players, options)
    rng = random.Random(seed)
    g = Game(rules, rng=rng)
    for _ in range(max_hands):
        g.start_hand()
        check_conservation(g)
        while g.phase in (PHASE_BID, PHASE_SUIT):  # the auction: random legal answers
            (decision,) = g.pending()
            g.apply(rng.choice(decision.legal_actions()))
        if g.phase == PHASE_PASS:
            for s in range(players):
                if probe:
                    before = snapshot(g)
                    k = rules.pass_count
                    bad = cards_of(g.hands[(s + 1) % players])[:1] + cards_of(g.hands[s])[:k - 1]
                    for cards in (bad, cards_of(g.hands[s])[:rules.pass_count + 1]):
                        try:
                            g.pass_cards(s, cards)
                            raise AssertionError("bad pass accepted")
                        except IllegalAction as e:
                            assert e.reason in ("bad_pass", "not_in_hand")
                    assert snapshot(g) == before
                g.pass_cards(s, random_cards(g.hands[s], rules.pass_count, rng))
                check_conservation(g)
        while g.phase == PHASE_PLAY:
            legal = g.legal_plays()
            assert legal and legal & ~g.hands[g.turn] == 0
            assert legal == g._legal(g.turn)  # the cache play() fills ahead == a fresh decision
            if probe:
                before = snapshot(g)
                for c in cards_of(g.hands[g.turn]):
                    err = g.explain(g.turn, c)
                    assert (err is None) == bool(legal >> c & 1)
                    if err is not None:
                        try:
                            g.play(g.turn, c)
                            raise AssertionError("illegal play accepted")
                        except IllegalAction as e:
                            assert e.reason == err.reason
                assert snapshot(g) == before
            g.play(g.turn, random_card(legal, rng))
            check_conservation(g)
        if g.phase == PHASE_MOON:
            g.choose_moon(g.turn, rng.choice(("add", "subtract")))
        check_hand_points(g)
        if g.phase == PHASE_OVER:
            return g
    raise AssertionError(f"game not over after {max_hands} hands: totals {g.totals}")


@SETTINGS
@given(games)
def test_random_games_run_to_the_end(case):
    variant, players, options, seed = case
    options = {**options, "target_score": options.get("target_score", 100) % 60 + 1}
    g = play_game(variant, players, options, seed, probe=False)
    if g.rules.deals:  # a fixed number of deals (Auction Hearts, the generic game's option)
        assert len(g.results) == g.rules.deals or (g.rules.tie == "play-on"
                                                    and len(g.results) > g.rules.deals)
    else:
        assert max(g.totals) >= g.rules.target_score
    if g.rules.settlement == "points":
        low = min(g.totals)
        assert g.winners == tuple(s for s, t in enumerate(g.totals) if t == low)
    else:  # chips: the most chips wins; chips and the pool add up to nothing
        best = max(g.chips)
        assert g.winners == tuple(s for s, c in enumerate(g.chips) if c == best)
        assert sum(g.chips) + g.pot == 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(games)
def test_illegal_actions_change_nothing_and_explain_agrees(case):
    variant, players, options, seed = case
    options = {**options, "target_score": 1}  # one hand is enough here
    play_game(variant, players, options, seed, probe=True)


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["standard", "spot-hearts", "omnibus"]))
def test_standard_family_hand_totals(seed, variant):
    # target 1: over after the first hand that leaves someone at 1 or more (a hand whose
    # moon is subtracted leaves everyone at 0 or below and the game goes on)
    g = play_game(variant, 4, {"target_score": 1, "moon": "choice", "shoot_the_sun": True}, seed, False)
    assert g.game_over and max(g.totals) >= 1
    assert all(r.moon is not None and r.moon_choice == "subtract" for r in g.results[:-1])
