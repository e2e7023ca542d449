"""Hand and game scoring: penalty values, moon and sun, bonus cards, targets, ties.

Sources: ``variants.md`` sections "Standard Hearts" (moon, game end) and
"House rules" (moon options, shoot the sun, J♦, no-tricks bonus, exactly
100 returns to 50, ties); "Black Maria" (no moon by default).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from .cards import HEARTS, SUIT_MASKS, card_tuple
from .rules import Rules
from .settle import side_of

MOON_CHOICES: Final = ("add", "subtract")


@dataclass(frozen=True, slots=True, init=False)
class HandScore:
    """Raw outcome of one hand before any moon choice is applied.

    ``card_points[s]``: penalty points in seat ``s``'s tricks; ``bonus[s]``:
    points scored apart (J♦, no-tricks bonus); ``shooter``: the seat that took
    every penalty card (or every trick, ``kind == "sun"``), else ``None``.
    """

    card_points: tuple[int, ...]
    bonus: tuple[int, ...]
    tricks: tuple[int, ...]
    shooter: int | None
    kind: str | None
    reduce: tuple[int, ...] = ()
    """Per seat, points taken off its total but not below 0 (Royal Hearts' Q♦);
    empty when the rules have no such card."""

    def __init__(self, card_points: tuple[int, ...], bonus: tuple[int, ...],
                 tricks: tuple[int, ...], shooter: int | None, kind: str | None,
                 reduce: tuple[int, ...] = ()) -> None:
        """The fields in order, as the dataclass's own ``__init__`` takes them (written
        out: a compiled build makes each ``object.__setattr__`` a plain store)."""
        object.__setattr__(self, "card_points", card_points)
        object.__setattr__(self, "bonus", bonus)
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "shooter", shooter)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "reduce", reduce)

    def __reduce__(self) -> tuple[Any, ...]:
        # copy, deepcopy and pickle by the fields (a compiled frozen class needs this).
        return (HandScore, (self.card_points, self.bonus, self.tricks, self.shooter, self.kind,
                            self.reduce))


_PenaltyTables = tuple[tuple[int, tuple[int, ...]], ...]
_TABLES: Final[dict[tuple[int, ...], _PenaltyTables]] = {}
# The last schedule asked for and its tables: found by identity, without hashing the
# 130-entry schedule again (one game asks for the same one hand after hand).
_LAST: Final[list[tuple[tuple[int, ...], _PenaltyTables]]] = []


def _penalty_tables(rules: Rules) -> _PenaltyTables:
    """``(shift, table)`` for each suit holding penalty cards: ``table[m]`` is the
    penalty of the 13-bit rank mask ``m`` of that suit.  Built once per penalty
    schedule (8192 entries a suit) and shared by every ``Rules`` that has it."""
    if _LAST and _LAST[0][0] is rules.penalty:
        return _LAST[0][1]
    tables = _TABLES.get(rules.penalty)
    if tables is None:
        out = []
        for suit in range(4):
            values = rules.penalty[suit * 16:suit * 16 + 13]
            if any(values):
                table = [0] * 8192
                for m in range(1, 8192):
                    low = m & -m
                    table[m] = table[m ^ low] + values[low.bit_length() - 1]
                out.append((suit * 16, tuple(table)))
        tables = _TABLES[rules.penalty] = tuple(out)
    _LAST[:] = [(rules.penalty, tables)]
    return tables


def penalty_of(rules: Rules, cards: int) -> int:
    """Penalty points of a card set under ``rules`` (bonus cards not included)."""
    if rules.penalty_mask >> 64:  # cards beyond one pack: count them one by one
        return sum(map(rules.penalty.__getitem__, card_tuple(cards & rules.penalty_mask)))
    return sum(table[cards >> shift & 8191] for shift, table in _penalty_tables(rules))


def score_hand(rules: Rules, won: Sequence[int], tricks: Sequence[int],
               side: Sequence[int] = ()) -> HandScore:
    """Score a finished hand from each seat's won cards (bitmasks) and trick counts.

    Moon: one seat's tricks hold every penalty card of the deck (all 26 points
    in standard Hearts; J♦ plays no part).  Sun (option ``shoot_the_sun``): one
    seat took every trick.  With ``moon == "none"`` neither is detected.
    ``side``: a slam bid's side for the hand (bidder first, then its silent partner):
    when its seats took every counting card between them, the bidder is the shooter.
    """
    n = rules.players
    tables = _penalty_tables(rules)
    if rules.penalty_mask >> 64 or len(tables) != 2:
        card_points = tuple(penalty_of(rules, won[s]) for s in range(n))
    else:  # the usual case, hearts and spades: two lookups a seat
        (sh1, t1), (sh2, t2) = tables
        card_points = tuple([t1[w >> sh1 & 8191] + t2[w >> sh2 & 8191] for w in won])
    if rules.effects:
        card_points = tuple([_with_effects(rules, won[s], card_points[s]) for s in range(n)])
    bonus = [0] * n
    counting = rules.penalty_mask
    for card, value in rules.bonus:
        counting |= 1 << card
        for s in range(n):
            if won[s] >> card & 1:
                bonus[s] += value
    if rules.no_tricks_bonus:
        for s in range(n):
            if tricks[s] == 0:
                bonus[s] += rules.no_tricks_bonus
    reduce: tuple[int, ...] = ()
    if rules.reduce_cards:
        reduce = tuple([sum(v for c, v in rules.reduce_cards if won[s] >> c & 1)
                        for s in range(n)])
    shooter: int | None = None
    kind: str | None = None
    if rules.moon != "none" and rules.penalty_mask:
        # The Omnibus slam needs the bonus cards too (every counting card).
        need = counting if rules.slam else rules.penalty_mask
        for s in range(n):
            if won[s] & need == need:
                shooter = s
                kind = "sun" if rules.shoot_the_sun and tricks[s] == rules.hand_size else "moon"
        if shooter is None and rules.teams and rules.team_scores == "joint":
            # A team moon (Partnership Hearts): partners took every penalty card between
            # them; the shooter named is the partner who took more of them.
            for team in rules.teams:
                m = 0
                for s in team:
                    m |= won[s]
                if m & need == need:
                    shooter = max(team, key=card_points.__getitem__)
                    kind = "moon"
        if shooter is None and len(side) > 1:  # a slam bid made by bidder and partner
            m = 0
            for s in side:
                m |= won[s]
            if m & need == need:
                shooter = side[0]
                kind = "moon"
    return HandScore(card_points, tuple(bonus), tuple(tricks), shooter, kind, reduce)


def _with_effects(rules: Rules, won: int, points: int) -> int:
    """One seat's card points with the card effects of ``Rules.effects`` applied."""
    return points + sum(p for _, p in effect_parts(rules, won))


def effect_parts(rules: Rules, won: int) -> list[tuple[int, int]]:
    """``(card, points)`` for each effect card in ``won`` that changes the seat's points.

    Cancellations first: a ``"cancel"`` card taken removes the penalty of its
    target cards in the same tricks (negative points); then a ``"double"``
    card taken (and not itself cancelled) adds the penalty of its
    (uncancelled) targets once more.  Royal Hearts: Q♥ doubles the taker's
    hearts, Q♣ cancels Q♠ (or Q♥).  Empty without effects.
    """
    parts: list[tuple[int, int]] = []
    cancelled = 0
    for card, kind, targets in rules.effects:
        if kind == "cancel" and won >> card & 1 and targets & won:
            cancelled |= targets & won
            parts.append((card, -penalty_of(rules, targets & won)))
    for card, kind, targets in rules.effects:
        if kind == "double" and won >> card & 1 and not cancelled >> card & 1:
            extra = penalty_of(rules, targets & won & ~cancelled)
            if extra:
                parts.append((card, extra))
    return parts


def hand_points(rules: Rules, score: HandScore, choice: str | None = None,
                totals: Sequence[int] | None = None, general: int = -1,
                side: Sequence[int] = ()) -> tuple[int, ...]:
    """Points each seat scores for the hand.

    ``choice`` is ``"add"`` or ``"subtract"`` for a moon under ``moon ==
    "choice"`` (ignored otherwise; defaults to ``"add"``).  A moon adds the
    moon's amount (``Rules.moon_points``, else the shooter's own points: the
    hand's penalty total in the usual games) to every seat outside the
    shooter's side and zeroes the side (``add``: with teams the partner scores
    nothing either), or takes it off the shooter (``subtract``; a joint-score team's
    moon under ``Rules.team_moon == "both"``: off each partner); a sun doubles
    it.  Bonus points are added apart, shooter included.  An Omnibus slam
    (``Rules.slam``) scores ``-hand_total`` for the shooter, bonus cards
    included, and leaves the others their bonuses only.  ``general``: the seat
    that declared General (the four-queens game, ``rules.general_points``):
    made (it took every penalty card), each other seat scores the first value;
    failed, the declarer scores the second instead of its cards and the others
    what they took.  ``totals`` (the running totals before the hand) limit
    ``HandScore.reduce`` so that no total goes below 0 through it (Royal
    Hearts' Q♦); without them the full reduction is taken.  A moon's shooter
    has its reduction in the moon's amount instead (:func:`moon_amount`).

    ``side``: a slam bid's side for the hand (Partnership Hearts with a slam bid: the
    bidder, then its silent partner).  Made (the shooter is one of its seats), every
    seat of the side scores as the shooter would (the slam: ``-hand_total`` each, the
    others 0); otherwise each seat of the side scores the side's points added together
    (source: seed 000, "the two combine their scores").
    """
    n = rules.players
    pts = list(score.card_points)
    bonus = list(score.bonus)
    if general >= 0 and rules.declarations:
        made, failed = rules.general_points
        if score.shooter == general:
            pts = [made] * n
            pts[general] = 0
        else:
            pts[general] = failed
    elif score.shooter is not None:
        how = rules.moon if rules.moon in MOON_CHOICES else (choice or "add")
        amount = moon_amount(rules, score)
        pts = [0] * n
        shooters = tuple(side) if score.shooter in side else (score.shooter,)
        if rules.teams and rules.team_scores == "joint" and rules.team_moon == "both":
            shooters = side_of(rules, score.shooter)  # a team moon: both partners
        if rules.slam:
            for s in shooters:
                pts[s] = -rules.hand_total
                bonus[s] = 0
        elif how == "add":
            friends = side_of(rules, score.shooter) + shooters
            pts = [0 if s in friends else amount for s in range(n)]
        else:
            for s in shooters:
                pts[s] = -amount
    out = [p + b for p, b in zip(pts, bonus, strict=True)]
    # A moon's amount already holds the shooter's reductions (moon_amount): not twice.
    spent = score.shooter if score.shooter is not None and general < 0 and not rules.slam \
        and not rules.moon_points else -1
    for s, r in enumerate(score.reduce):
        if r and s != spent:
            room = r if totals is None else max(0, min(r, totals[s] + out[s]))
            out[s] -= room
    if len(side) > 1 and score.shooter not in side:  # a slam bid failed: points combined
        joint = sum(out[s] for s in side)
        for s in side:
            out[s] = joint
    return tuple(out)


def moon_amount(rules: Rules, score: HandScore) -> int:
    """What the moon of ``score`` gives (0 without a shooter): ``Rules.moon_points``,
    else the shooter's own score for the hand: the hand's penalty total unless card
    effects change it, as Royal Hearts' queens do, Q♦'s 10 off included (seed 000:
    the hand's score "including the other queens' effects": 52 - 10 = 42 for a
    shooter who took Q♥, Q♠ and Q♦; issue 24); doubled for a sun.  The Q♦ spent so
    does not lower the shooter's total again (:func:`hand_points`)."""
    if score.shooter is None:
        return 0
    own = score.card_points[score.shooter] if rules.effects else rules.hand_total
    if score.reduce:
        own -= score.reduce[score.shooter]
    return (rules.moon_points or own) * (2 if score.kind == "sun" else 1)


def add_to_totals(rules: Rules, totals: Sequence[int], points: Sequence[int]) -> tuple[int, ...]:
    """New running totals (one per seat, in points); with ``exact_target_resets`` a total
    of exactly the target drops to half of it (variants.md, house rules: "exactly 100
    returns to 50").

    The total that counts is the one that ends the game: a seat's own, or under joint
    team scores (Partnership Hearts, ``team_scores == "joint"``) its team's, the sum of
    the partners' totals.  A team landing on the target has each partner's total halved
    (rounded down) and the odd point left over given to the team's first seat, so that
    the team's total is exactly half the target; a partner's own total of the target
    then counts for nothing by itself.
    """
    out = [t + p for t, p in zip(totals, points, strict=True)]
    if not rules.exact_target_resets:
        return tuple(out)
    half = rules.target_score // 2
    if rules.teams and rules.team_scores == "joint":
        for team in rules.teams:
            if sum(out[s] for s in team) == rules.target_score:
                for s in team:
                    out[s] = out[s] // 2
                out[team[0]] += half - sum(out[s] for s in team)
        return tuple(out)
    return tuple(half if v == rules.target_score else v for v in out)


def game_result(rules: Rules, totals: Sequence[int]) -> tuple[bool, tuple[int, ...]]:
    """``(game_over, winners)`` after a hand.

    Over when some total reached the target; the lowest total wins.  With
    ``tie == "share"`` every seat tied for lowest wins; with ``"play-on"`` a tie
    for lowest means the game goes on.
    """
    if max(totals) < rules.target_score:
        return False, ()
    low = min(totals)
    winners = tuple(s for s, t in enumerate(totals) if t == low)
    if len(winners) > 1 and rules.tie == "play-on":
        return False, ()
    return True, winners


def auto_moon_choice(rules: Rules, totals: Sequence[int], score: HandScore,
                     side: Sequence[int] = ()) -> str:
    """The choice a sensible shooter makes when the record gives none.

    ``"add"`` unless adding would end the game without the shooter among the
    winners, in which case ``"subtract"``.
    """
    if score.shooter is None:
        return "add"
    after = add_to_totals(rules, totals, hand_points(rules, score, "add", totals, side=side))
    over, winners = game_result(rules, after)
    if over and score.shooter not in winners:
        return "subtract"
    return "add"


class ScoreItem(NamedTuple):
    """One line of a seat's score breakdown for a hand: a seat's items add up to its
    points of the hand (``HandResult.points``) once the hand is scored.

    ``kind`` and the fields it uses (the others keep their defaults):

    - ``"hearts"``: ``number`` penalty cards of the hearts group worth ``points``;
      ``"suit"``: the same for a suit an auction named (``suit`` 0-3; Auction Hearts);
    - ``"card"``: one other penalty card ``card`` (Q♠; K♠ and A♠ in Black Maria; a queen
      of hearts that belongs to a set of same-rank cards, the four-queens game);
    - ``"bonus"``: a card ``card`` scored apart: a bonus card (J♦/10♦), a Royal Hearts
      queen's effect (Q♣ cancelling, Q♥ doubling) or a card taken off the total (Q♦);
    - ``"no_tricks"``: the no-tricks bonus (house rule);
    - ``"moon"``: the moon's (or sun's) change to the seat's card points, ``seat`` the
      shooter; ``"general"``: a General declared (the four-queens game), its change,
      ``seat`` the declarer; ``"side"``: a failed slam bid's side scores its points
      added together (Partnership Hearts with a slam bid), ``seat`` the bidder;
      ``"other"``: points no rule above explains (none in the registry's games).

    Sources: ``variants.md`` ("House rules", "The wider family").
    """

    kind: str
    points: int
    number: int = 0
    card: int = -1
    suit: int = -1
    seat: int = -1

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "points", ...}`` as the web's ``score_detail`` items: ``count``
        (``number``: hearts, suit), ``suit`` (its letter), ``card`` (notation), ``seat``."""
        from .cards import SUIT_LETTERS, card_str

        out: dict[str, Any] = {"kind": self.kind}
        if self.kind == "suit":
            out["suit"] = SUIT_LETTERS[self.suit]
        if self.kind in ("hearts", "suit"):
            out["count"] = self.number
        if self.card >= 0:
            out["card"] = card_str(self.card)
            if self.card >= 128:  # the second pack's copy (Cancellation Hearts)
                out["pack"] = 2
        if self.seat >= 0:
            out["seat"] = self.seat
        out["points"] = self.points
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> ScoreItem:
        """The inverse of :meth:`to_json`; raises ``KeyError``/``ValueError`` when malformed."""
        from .cards import SUIT_LETTERS, parse_card

        card = data.get("card")
        suit = data.get("suit")
        return ScoreItem(str(data["kind"]), int(data["points"]), int(data.get("count", 0)),
                         parse_card(card) + (128 if data.get("pack") == 2 else 0)
                         if card is not None else -1,
                         SUIT_LETTERS.index(suit) if suit is not None else -1,
                         int(data.get("seat", -1)))


def grouped_suit(rules: Rules) -> int:
    """The suit whose penalty cards a breakdown counts as one item: the suit an auction
    named, else hearts."""
    return rules.penalty_suit if rules.penalty_suit >= 0 else HEARTS


# The last rules asked for and their apart_cards: found by identity (a game asks for the
# same rules hand after hand).
_APART: Final[list[tuple[Rules, int]]] = []


def apart_cards(rules: Rules) -> int:
    """The grouped suit's penalty cards a breakdown lists apart, each as its own ``card``
    item: a card whose rank is a penalty card of the same value in another suit (the
    four-queens game's Q♥: "each queen 13", variants.md, "The wider family")."""
    if _APART and _APART[0][0] is rules:
        return _APART[0][1]
    grouped = grouped_suit(rules)
    penalty = rules.penalty
    mask = rules.penalty_mask
    apart = 0
    for c in card_tuple(mask & SUIT_MASKS[grouped]):
        for suit in range(4):
            twin = (c & 15) | suit << 4
            if suit != grouped and mask >> twin & 1 and penalty[twin] == penalty[c]:
                apart |= 1 << c
                if rules.deck >> (c + 128) & 1:
                    apart |= 1 << (c + 128)
    _APART[:] = [(rules, apart)]
    return apart


def counting_cards(rules: Rules) -> int:
    """The cards that count in a breakdown (a card set): penalty cards, bonus cards,
    effect cards (Royal Hearts' queens) and cards taken off the total (Q♦)."""
    mask = rules.penalty_mask
    for c, _ in rules.bonus:
        mask |= 1 << c
    for c, _, _ in rules.effects:
        mask |= 1 << c
    for c, _ in rules.reduce_cards:
        mask |= 1 << c
    return mask


def card_items(rules: Rules, won: int, apart: int = -1) -> list[ScoreItem]:
    """The items of the cards a seat took (``won``: a card set): the grouped suit's
    penalty cards (:func:`grouped_suit`) as one ``hearts``/``suit`` item, each other
    penalty card as a ``card`` item (:func:`apart_cards` too), each bonus card, Royal
    Hearts' queens' effects (:func:`effect_parts`) and the cards taken off the total
    (their nominal value, before the "not below 0" limit) as ``bonus`` items.  ``rules``:
    the hand's rules (an auction's named suit); ``apart``: :func:`apart_cards` when the
    caller has it already.  Without effects these add up to the seat's card points and
    bonuses (:func:`score_hand`)."""
    penalty = rules.penalty
    grouped = grouped_suit(rules)
    counting = won & rules.penalty_mask
    suit_mask = SUIT_MASKS[grouped] | SUIT_MASKS[grouped] << 128
    group = counting & suit_mask & ~(apart_cards(rules) if apart < 0 else apart)
    items: list[ScoreItem] = []
    if group:
        pts = penalty_of(rules, group)
        items.append(ScoreItem("hearts", pts, group.bit_count()) if grouped == HEARTS
                     else ScoreItem("suit", pts, group.bit_count(), suit=grouped))
    for c in card_tuple(counting & ~group):
        items.append(ScoreItem("card", penalty[c], card=c))
    for c, value in rules.bonus:
        if won >> c & 1:
            items.append(ScoreItem("bonus", value, card=c))
    if rules.effects:
        for c, p in effect_parts(rules, won):
            items.append(ScoreItem("bonus", p, card=c))
    for c, p in rules.reduce_cards:
        if won >> c & 1:
            items.append(ScoreItem("bonus", -p, card=c))
    return items


def hand_breakdown(rules: Rules, won: Sequence[int], tricks: Sequence[int],
                   points: Sequence[int], totals: Sequence[int] | None = None,
                   choice: str | None = None, general: int = -1,
                   side: Sequence[int] = (), score: HandScore | None = None
                   ) -> tuple[tuple[ScoreItem, ...], ...]:
    """Each seat's items for a scored hand, adding up to ``points`` (the hand's points).

    The arguments are those :func:`hand_points` was given (``won``: each seat's cards
    taken, widow and carried cards included; ``totals``: the running totals before the
    hand; ``score``: :func:`score_hand`'s, when the caller has it); the card items come
    from :func:`card_items`, a card taken off the total (Q♦) counts what it really took
    off, then the no-tricks bonus, then the rest of the seat's points as the
    ``general``, ``moon`` or ``side`` item (see :class:`ScoreItem`); a rest none of
    these explains (a scoring rule this function does not know) is an ``other`` item,
    so that the items always add up (the tests check that no game of the registry
    makes one)."""
    n = rules.players
    if score is None:
        score = score_hand(rules, won, tricks, side)
    reduced = [0] * n
    if rules.reduce_cards:
        bare = HandScore(score.card_points, score.bonus, score.tricks, score.shooter,
                         score.kind)
        full = hand_points(rules, bare, choice, totals, general, side)
        reduced = [p - f for p, f in zip(points, full, strict=True)]
        if score.shooter is not None and score.reduce and not rules.moon_points:
            # A moon's amount holds the shooter's Q♦ (moon_amount, issue 24 item 4): its
            # full 10 off is part of the hand's score, the moon item the rest.
            reduced[score.shooter] = -score.reduce[score.shooter]
    out: list[tuple[ScoreItem, ...]] = []
    apart = apart_cards(rules)
    for s in range(n):
        items = card_items(rules, won[s], apart)
        if rules.reduce_cards:
            items = [ScoreItem("bonus", reduced[s], card=x.card)
                     if x.kind == "bonus" and any(x.card == c for c, _ in rules.reduce_cards)
                     else x for x in items]
        if rules.no_tricks_bonus and tricks[s] == 0:
            items.append(ScoreItem("no_tricks", rules.no_tricks_bonus))
        rest = points[s] - sum(x.points for x in items)
        if rest:
            if general >= 0 and rules.declarations:
                items.append(ScoreItem("general", rest, seat=general))
            elif score.shooter is not None:
                items.append(ScoreItem("moon", rest, seat=score.shooter))
            elif len(side) > 1 and s in side:
                items.append(ScoreItem("side", rest, seat=side[0]))
            else:  # a scoring rule this function does not know: still adds up
                items.append(ScoreItem("other", rest))
        out.append(tuple(items))
    return tuple(out)
