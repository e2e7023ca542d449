"""``hearts play``: a whole game in the terminal against computer players.

The user sits in seat 0 (South at a table of four); the other seats are bots
of ``--level``.  Each bot is given only its own seat's
:func:`hearts.view.player_view`.  The screen shows the hand sorted by suit with
the playable cards marked ``*``, the trick on the table, the points and the
totals; a refused card is explained with the engine's own sentence
(:meth:`hearts.game.Game.explain`).  At the prompt the user types a card
(``QS``, ``10h``, ``Q♠``), three cards to pass (``QS AS KS``), ``hint``
(the strongest available bot's choice for the user's own seat), ``help`` or
``quit``.  At the end, or on ``quit``, the game is saved as a
``hearts-record/1`` file (default ``./hearts-game-<number>.json``).

Input goes through :func:`click.prompt`, so the game works in any terminal,
in a pty, and with input piped in; end of input counts as ``quit``.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..actions import Action, Decision
from ..cards import (
    CardError,
    card_str,
    cards_of,
    held_copies,
    held_copy,
    parse_card,
    parse_suit,
    sort_key,
    suit_of,
)
from ..deal import MAX_GAME_NUMBER, check_game_number
from ..drive import decide, drive, suggest
from ..events import (
    BidMade,
    Dealt,
    Declared,
    Drew,
    Event,
    Exchanged,
    GaveUp,
    HandScored,
    MoonChosen,
    Played,
    RestTaken,
    SuitNamed,
    TrickTaken,
    WidowTaken,
)
from ..game import PHASE_DEAL, Game, IllegalAction
from ..players.base import BOTS, Bot, get_bot
from ..rules import Rules, RulesError, make_rules
from ..scoring import moon_amount
from ..view import player_view, visible_events
from .arena import parse_options

USER = 0
"""The user's seat."""

HINT_LEVELS = ("hard", "medium", "easy", "random")
"""Bots asked for a hint, strongest first; the first one registered is used."""

SUIT_LABELS = ("♣", "♦", "♥", "♠", "★")  # the last: jokers
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def chips(n: int) -> str:
    """``"1 chip"``, ``"3 chips"``."""
    return f"{n} chip" if n == 1 else f"{n} chips"
SUIT_STYLES = ("green", "yellow", "red", "blue", "magenta")


class Quit(Exception):
    """The user typed ``quit`` (or input ended)."""


SEAT_NAMES = {3: ["You", "West", "East"],
              4: ["South", "West", "North", "East"],
              5: ["You", "West", "Northwest", "Northeast", "East"],
              6: ["You", "West", "Northwest", "North", "Northeast", "East"]}
"""The seats' names by table size: the web page's (``i18n.js``), the user South at four as
in the records' messages; seven or more players: "You", "Seat 1", ..."""


def seat_names(players: int) -> list[str]:
    """Display names (:data:`SEAT_NAMES`): South, West, North, East at four; at three, five
    and six the directions round the table the page uses; else "You", "Seat 1", ..."""
    if players in SEAT_NAMES:
        return list(SEAT_NAMES[players])
    return ["You"] + [f"Seat {s}" for s in range(1, players)]


def places(values: list[int]) -> list[int]:
    """Standard competition ranking of ``values`` (already in order, best first): equal
    values share a place, the next place skips (``[3, 5, 5, 9]`` -> ``[1, 2, 2, 4]``)."""
    out: list[int] = []
    for i, v in enumerate(values):
        out.append(out[-1] if i and v == values[i - 1] else i + 1)
    return out


def game_length(rules: Rules) -> str:
    """What ends the game, for the opening line: ``"target 100"``, or for a game of a fixed
    number of deals ``"4 deals, settled in chips"`` (Auction Hearts, Hearts 1887: the
    target score plays no part there)."""
    if not rules.deals:
        return f"target {rules.target_score}"
    settled = ", settled in chips" if rules.settlement in ("pool", "fewest") else ""
    return f"{rules.deals} deal{'s' if rules.deals != 1 else ''}{settled}"


def default_record_path(game_number: int) -> Path:
    """``./hearts-game-<number>.json`` in the current directory; when that file exists
    (the same game played before), ``hearts-game-<number>-2.json``, ``-3``... so that no
    earlier record is overwritten without being asked (``--record-out`` names a file to
    write, whatever is there)."""
    path = Path(f"hearts-game-{game_number}.json")
    k = 2
    while path.exists():
        path = Path(f"hearts-game-{game_number}-{k}.json")
        k += 1
    return path


class TerminalGame:
    """One game between the user (seat 0) and bots, on a Rich console.

    ``ask`` reads one line of input for a prompt (default :func:`click.prompt`);
    it may raise :class:`Quit` or :class:`click.Abort` (both end the game).
    """

    def __init__(self, rules: Rules, game_number: int, level: str, seed: int | None,
                 console: Console, ask: Callable[[str], str] | None = None) -> None:
        self.rules = rules
        self.game = Game(rules, game_number=game_number)
        self.console = console
        self.names = seat_names(rules.players)
        self.level = level
        self.seed = seed
        self.bots: dict[int, Bot] = {
            s: get_bot(level, None if seed is None else seed * 100 + s)
            for s in range(1, rules.players)}
        self._hint_level: str | None = None
        self.failure: BaseException | None = None
        """What ended the game when the program failed in it (``run`` returns False)."""
        # the hints' seed: the given one, else one per game, so that asking again at the same
        # point of the game gives the same answer (a search samples deals)
        self._hint_seed = seed if seed is not None else random.SystemRandom().randrange(2 ** 32)
        self.ask = ask or (lambda text: click.prompt(text, default="", show_default=False,
                                                     prompt_suffix=" "))

    # ------------------------------------------------------------- helpers
    def say(self, text: str = "") -> None:
        """Print a line of Rich markup (long lines are left to the terminal to wrap)."""
        self.console.print(text, highlight=False, soft_wrap=True)

    def name(self, seat: int) -> str:
        """The display name of a seat ("You" style for the user is not used: South)."""
        return self.names[seat]

    def card(self, card: int) -> str:
        """A card as typed (``QS``), coloured by suit."""
        return f"[{SUIT_STYLES[suit_of(card)]}]{card_str(card)}[/]"

    def cards(self, mask_or_cards: int | tuple[int, ...] | list[int]) -> str:
        """Several cards, sorted for display."""
        items = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else list(mask_or_cards)
        return " ".join(self.card(c) for c in sorted(items, key=sort_key))

    def hint_bot(self) -> Bot | None:
        """The bot that answers ``hint``: the first of :data:`HINT_LEVELS` registered, seeded
        by the game's hint seed and the point of the game (the hand and the actions taken),
        so a hint asked twice at one point is the same hint; ``None`` when none is."""
        if self._hint_level is None:
            get_bot("random", 0)  # loads the built-in levels into the registry
            self._hint_level = next((lv for lv in HINT_LEVELS if lv in BOTS), "")
        if not self._hint_level:
            return None
        point = (self._hint_seed * 1009 + self.game.hand_index) * 10007 + len(self.game.log)
        return get_bot(self._hint_level, point)

    def hint_for(self, decision: Decision) -> Action | None:
        """The hint bot's answer to ``decision`` from the user's view; ``None`` when no
        bot is available."""
        bot = self.hint_bot()
        return decide(bot, player_view(self.game, USER), decision) if bot else None

    def prompt(self, text: str, help_text: str | None = None) -> str:
        """Ask for a line; ``quit``/``exit`` raise :class:`Quit`; ``help`` is answered here
        (``help_text``, Rich markup: the question's own help; default: cards and passing)."""
        while True:
            try:
                line = self.ask(text).strip()
            except (click.Abort, EOFError):
                raise Quit() from None
            if line.lower() in ("quit", "exit", "q"):
                raise Quit()
            if line.lower() in ("help", "?") and help_text is not None:
                self.say(help_text)
                continue
            if line.lower() in ("help", "?"):
                self.say("Type a card as rank and suit: [bold]QS[/], [bold]10H[/], [bold]2c[/], "
                         "[bold]Q♠[/].  When passing, type the cards separated by spaces "
                         "([bold]QS AS KS[/]).  [bold]hint[/] suggests a move, "
                         "[bold]quit[/] ends the game (the record is saved).")
                continue
            return line

    # ------------------------------------------------------------- display
    def show_hand(self, hand: int, legal: int | None = None) -> None:
        """The hand by suit (clubs, diamonds, spades, hearts); ``legal`` cards marked ``*``."""
        title = "Your hand" + (" (* = playable)" if legal is not None else "") + ":"
        self.say(title)
        for suit in (0, 1, 3, 2, 4):
            # lowest first, a second pack's copy beside its twin (ids: pack two's are +128)
            mine = sorted((c for c in cards_of(hand) if suit_of(c) == suit),
                          key=lambda c: (c & 127, c))
            if not mine:
                continue
            parts = []
            for c in mine:
                if legal is not None and legal >> c & 1:
                    parts.append(f"[bold {SUIT_STYLES[suit]}]{card_str(c)}*[/]")
                else:
                    parts.append(f"[dim]{card_str(c)}[/]" if legal is not None else self.card(c))
            self.say(f"  [{SUIT_STYLES[suit]}]{SUIT_LABELS[suit]}[/]  " + " ".join(parts))

    def show_scores(self) -> None:
        """One line: points taken this hand so far and the running totals."""
        g = self.game
        parts = []
        for s in range(g.n):
            taken = sum(g.hand_rules.penalty[c] for c in cards_of(g.won[s]))
            parts.append(f"{self.name(s)} {taken} ({g.totals[s]})")
        self.say("Points this hand (total before it): " + " · ".join(parts))

    def show_trick(self) -> None:
        """The current trick, or who leads when it is empty."""
        g = self.game
        if g.trick_cards:
            played = " · ".join(f"{self.name(s)} {self.card(c)}" for s, c in g.trick_seats())
            self.say(f"Trick {g.trick_index + 1}: {played}")
        else:
            self.say(f"Trick {g.trick_index + 1}: you lead.")

    # ------------------------------------------------------------- the game
    def run(self) -> bool:
        """Play until the game ends (True) or the user quits (False).

        The bots' decisions go through the one drive loop (:func:`hearts.drive.drive`);
        it stops at each decision of the user's seat, which is asked here.  Ctrl-C at any
        moment (a prompt, or while the computers think) abandons the game as ``quit``
        does; a failure of the program ends it too (``failure``).  Either way the game
        so far stays in ``game``, for the caller to save."""
        g = self.game
        try:
            while True:
                waiting = drive(g, self.bots, apply=self.apply)
                if waiting is not None:
                    self.ask_user(waiting)
                elif g.phase == PHASE_DEAL:
                    self.start_hand()
                else:
                    break
        except (Quit, KeyboardInterrupt):
            self.say("\n[bold]Game abandoned.[/]")
            return False
        except Exception as exc:  # a fault of ours: keep the game, say so, then report it
            self.failure = exc
            self.say(f"\n[bold red]The program failed ({escape(type(exc).__name__)}: "
                     f"{escape(str(exc))}); please report it.[/] The game so far is saved.")
            return False
        self.final_standings()
        return True

    def start_hand(self) -> None:
        """Deal the next hand (its ``deal`` event says who deals and where the pass goes)."""
        self.apply(Action.deal())

    def apply(self, action: Action) -> None:
        """Apply one action (the user's or a bot's) and announce what the user may see of
        the events it caused (:func:`hearts.view.visible_events`)."""
        for event in visible_events(self.game.apply(action), USER):
            self.announce(event)

    def announce(self, e: Event) -> None:
        """Say one event, as the user sees it."""
        g = self.game
        if isinstance(e, Dealt):
            self.console.rule(f"Hand {e.hand + 1} · game {g.game_number}")
            deals = "You deal" if e.dealer == USER else f"{self.name(e.dealer)} deals"
            if e.pass_offset:
                target = self.name((USER + e.pass_offset) % g.n)
                self.say(f"{deals}.  Pass {self.rules.pass_count} cards "
                         f"[bold]{e.pass_direction}[/] to {target}.")
            else:
                self.say(f"{deals}.  [bold]No passing[/] this hand.")
        elif isinstance(e, Exchanged):
            n = len(e.passes)
            target = self.name((USER + e.offset) % n)
            giver = (USER - e.offset) % n
            self.say(f"You passed {self.cards(e.passes[USER])} to {target}; "
                     f"you received {self.cards(e.received(USER))} from {self.name(giver)}.")
        elif isinstance(e, Played):
            who = "You play" if e.seat == USER else f"{self.name(e.seat)} plays"
            self.say(f"{who} {self.card(e.card)}")
        elif isinstance(e, Drew):
            if e.seat == USER:
                self.say(f"You cannot follow and draw {self.cards(e.cards)}.")
            else:
                k = e.drawn
                self.say(f"{self.name(e.seat)} cannot follow and draws {k} "
                         f"card{'s' if k != 1 else ''}.")
            self.say(f"Stock: {e.stock} cards left.")
        elif isinstance(e, TrickTaken):
            if e.cancelled:
                self.say("[bold]Two pairs of identical cards: the trick is cancelled[/]; its "
                         "cards go to the winner of the next trick"
                         + (f" ({self.name(e.taker)} keeps them: it was the last trick)."
                            if e.taker >= 0 else "."))
            else:
                pts = e.points
                taker = "You take" if e.winner == USER else f"{self.name(e.winner)} takes"
                carried = f" and {len(e.carried)} cancelled cards" if e.carried else ""
                self.say(f"[bold]{taker} trick {e.trick + 1}[/]{carried}"
                         + (f" ([red]{pts} point{'s' if pts != 1 else ''}[/])." if pts else "."))
        elif isinstance(e, WidowTaken):
            who = "You take" if e.seat == USER else f"{self.name(e.seat)} takes"
            seen = f": {self.cards(e.cards)}" if e.cards >= 0 else ""
            self.say(f"{who} the widow ({e.size} cards){seen}.")
        elif isinstance(e, GaveUp):
            who = "You give" if e.seat == USER else f"{self.name(e.seat)} gives"
            self.say(f"[bold magenta]{who} up the hand[/]: {e.cards} cards leave play unseen; "
                     f"{e.price} chips to each other player.")
        elif isinstance(e, RestTaken):
            who = "You add" if e.seat == USER else f"{self.name(e.seat)} adds"
            self.say(f"{who} the cards left to {'your' if e.seat == USER else 'its'} tricks: "
                     f"{self.cards(e.cards)}.")
        elif isinstance(e, MoonChosen):
            if e.seat != USER:
                self.say(f"{self.name(e.seat)} chooses to {e.choice}.")
        elif isinstance(e, HandScored):
            self.hand_over(e)
        elif isinstance(e, BidMade):
            who = "You" if e.seat == USER else self.name(e.seat)
            if e.bid is None:
                self.say(f"{who} make{'' if e.seat == USER else 's'} no bid.")
            elif e.bid is True:
                self.say(f"[bold magenta]{who} bid{'' if e.seat == USER else 's'} a slam![/] "
                         "The holder of the ten of diamonds is the silent partner.")
            else:
                self.say(f"{who} bid{'' if e.seat == USER else 's'} {chips(e.bid)}.")
        elif isinstance(e, Declared):
            if e.name is not None:
                who = "You declare" if e.seat == USER else f"{self.name(e.seat)} declares"
                self.say(f"[bold magenta]{who} {e.name.title()}![/]")
        elif isinstance(e, SuitNamed):
            who = "You name" if e.seat == USER else f"{self.name(e.seat)} names"
            self.say(f"{who} [bold]{SUIT_WORDS[e.suit]}[/] the penalty suit, and "
                     f"lead{'' if e.seat == USER else 's'}.")

    def ask_declare(self, decision: Decision) -> str | None:
        """Ask the user whether to declare (the General: to take every penalty card)."""
        self.show_hand(self.game.hands[USER])
        names = [o for o in decision.options if o is not None]
        while True:
            line = self.prompt(f"Declare ({', '.join(names)}) or pass:").lower()
            if line in ("pass", "no", "none", ""):
                return None
            if line in names:
                return line
            if line == "hint":
                hint = self.hint_for(decision)
                self.say(f"Hint: {'pass' if hint is None or hint.payload is None else hint.payload}")
                continue
            self.say(f"Type {' or '.join(names)}, or pass.")

    def ask_user(self, decision: Decision) -> None:
        """Ask the user for the decision waiting for seat 0, then apply it."""
        kind = decision.kind
        if kind == "pass":
            self.pass_stage()
        elif kind == "play":
            card = self.ask_card(decision)
            self.apply(Action.give_up(USER) if card is None else Action.play(USER, card))
        elif kind == "moon":
            self.moon_choice()
        elif kind == "bid":
            self.apply(Action.bid(USER, self.ask_bid(decision)))
        elif kind == "suit":
            self.apply(Action.suit(USER, self.ask_suit(decision)))
        elif kind == "declare":
            self.apply(Action.declare(USER, self.ask_declare(decision)))

    def pass_stage(self) -> None:
        """The user types the cards to pass (the bots have chosen theirs, unseen)."""
        g = self.game
        self.show_hand(g.hands[USER])
        k = self.rules.pass_count
        target = self.name(g.pass_target(USER))
        while True:
            line = self.prompt(f"Cards to pass to {target} ({k}, e.g. QS AS KS; or hint, quit):")
            if not line:
                continue  # an Enter alone: ask again
            if line.lower() == "hint":
                bot = self.hint_bot()
                if bot is None:
                    self.say("No hint is available.")
                else:
                    hint = suggest(g, USER, bot)
                    if hint is not None:
                        self.say(f"Hint: pass {self.cards(tuple(hint[1].payload))}")
                continue
            try:
                cards = held_copies(g.hands[USER], (parse_card(t) for t in
                                                    line.replace(",", " ").split()))
                g.verify_pass(USER, cards)
            except CardError as exc:
                self.say(f"[red]{escape(str(exc))}[/]")
                continue
            except IllegalAction as exc:
                self.say(f"[red]{escape(exc.message)}[/]")
                continue
            break
        self.apply(Action.pass_(USER, cards))

    def ask_card(self, decision: Decision | None = None) -> int | None:
        """Show the table and ask until the user names a playable card; ``None``: the user
        gives up the hand (Hearts 1887, where ``decision`` offers it), after saying yes to
        a confirmation."""
        g = self.game
        self.say()
        self.show_scores()
        self.show_trick()
        legal = g.legal_plays(USER)
        self.show_hand(g.hands[USER], legal)
        may_give_up = decision is not None and "give_up" in decision.options
        if may_give_up:
            self.say(f"You may [bold]give up[/] this hand: your cards leave play and you pay "
                     f"{self.rules.give_up} chips to each opponent.")
        while True:
            line = self.prompt("Your card (or give up, hint, quit):" if may_give_up
                               else "Your card (or hint, quit):")
            if not line:
                continue  # an Enter alone: ask again
            if may_give_up and line.lower().replace("_", " ") in ("give up", "giveup", "fold"):
                total = self.rules.give_up * (g.n - 1)
                answer = self.prompt(f"Give up this hand and pay {total} chips "
                                     f"({self.rules.give_up} to each opponent)? (yes/no)")
                if answer.lower() in ("y", "yes"):
                    return None
                continue
            if line.lower() == "hint":
                bot = self.hint_bot()
                if bot is None:
                    self.say("No hint is available.")
                elif decision is not None:
                    advice = decide(bot, player_view(g, USER), decision)
                    self.say("Hint: give up this hand" if advice.kind == "give_up"
                             else f"Hint: play {self.card(advice.payload)}")
                else:
                    hint = suggest(g, USER, bot)
                    if hint is not None:
                        self.say(f"Hint: play {self.card(hint[1].payload)}")
                continue
            try:
                card = held_copy(g.hands[USER], parse_card(line))
            except CardError as exc:
                self.say(f"[red]{escape(str(exc))}[/]")
                continue
            err = g.explain(USER, card)
            if err is not None:
                self.say(f"[red]{escape(err.message)}[/]  Playable: {self.cards(legal)}")
                continue
            return card

    def ask_bid(self, decision: Decision) -> int | bool | None:
        """Ask the user's auction bid: chips, or ``pass`` for no bid (a slam bid:
        ``slam`` or ``pass``)."""
        self.show_hand(self.game.hands[USER])
        if self.game.rules.slam_bid:
            return self.ask_slam(decision)
        offers = [o for o in decision.options if isinstance(o, int) and o is not True]
        span = f"{offers[0]}-{offers[-1]} chips, or " if offers else ""
        while True:
            line = self.prompt(f"Your bid for naming the penalty suit ({span}pass):",
                               help_text="The highest bidder pays the bid into the pool, names "
                               "the penalty suit for this hand and leads.  Type a number of "
                               f"chips ({span}pass) for no bid; [bold]hint[/] suggests a bid, "
                               "[bold]quit[/] ends the game.").lower()
            if line in ("pass", "no", "none", ""):
                return None
            if line == "hint":
                hint = self.hint_for(decision)
                self.say("Hint: " + ("pass" if hint is None or hint.payload is None
                                     else chips(hint.payload)))
                continue
            if line.isdigit() and int(line) in offers:
                return int(line)
            if line.isdigit() and offers:
                why = "more than" if int(line) > offers[-1] else "less than"
                limit = offers[-1] if int(line) > offers[-1] else offers[0]
                self.say(f"{chips(int(line))} is {why} you may bid ({chips(limit)}); "
                         f"type {span}pass.")
                continue
            self.say(f"Type a number of chips ({span}pass).")

    def ask_slam(self, decision: Decision) -> bool | None:
        """Ask whether the user bids a slam (when one may still be bid)."""
        if True not in decision.options:
            self.say("A slam has been bid: you make no bid.")
            return None
        while True:
            line = self.prompt("Bid a slam, to take every counting card with the holder of "
                               "the ten of diamonds (slam or pass)?").lower()
            if line in ("pass", "no", "none", ""):
                return None
            if line in ("slam", "yes", "bid"):
                return True
            if line == "hint":
                hint = self.hint_for(decision)
                self.say("Hint: " + ("slam" if hint is not None and hint.payload is True
                                     else "pass"))
                continue
            self.say("Type slam or pass.")

    def ask_suit(self, decision: Decision) -> int:
        """Ask the auction's winner (the user) to name the penalty suit."""
        self.show_hand(self.game.hands[USER])
        while True:
            line = self.prompt("Name the penalty suit (C, D, H or S):",
                               help_text="Every card of the suit you name counts a point "
                               "against whoever takes it this hand.  Type [bold]C[/], "
                               "[bold]D[/], [bold]H[/] or [bold]S[/] (or ♣ ♦ ♥ ♠); "
                               "[bold]hint[/] suggests a suit, [bold]quit[/] ends the "
                               "game.").upper()
            if line == "HINT":
                hint = self.hint_for(decision)
                if hint is None or not isinstance(hint.payload, int):
                    self.say("No hint is available.")
                else:
                    self.say(f"Hint: {SUIT_WORDS[hint.payload]} ({'CDHS'[hint.payload]})")
                continue
            suit = parse_suit(line)
            if 0 <= suit < 4:
                return suit
            self.say("Type C, D, H or S.")

    def moon_choice(self) -> None:
        """The user shot the moon and chooses how it scores (``moon = "choice"``)."""
        g = self.game
        score = g.pending_score
        total = moon_amount(g.hand_rules, score) if score is not None else self.rules.hand_total
        while True:
            line = self.prompt(f"You shot the moon!  Type add (everyone else +{total}) "
                               f"or subtract (you -{total}):").lower()
            if line in ("add", "subtract"):
                break
            if line == "hint":
                self.say(f"Hint: {g.auto_moon_choice()}")
                continue
            self.say("Type add or subtract.")
        self.apply(Action.moon(USER, line))

    def hand_over(self, res: HandScored) -> None:
        """Announce the hand's points, a moon, and the totals (its ``hand_end`` event)."""
        g = self.game
        if res.moon >= 0:
            who = "You" if res.moon == USER else self.name(res.moon)
            kind = "the sun" if res.moon_kind == "sun" else "the moon"
            self.say(f"[bold magenta]{who} shot {kind}![/]")
        table = Table(title=f"End of hand {res.hand + 1}")
        table.add_column("seat")
        table.add_column("tricks", justify="right")
        table.add_column("points", justify="right")
        table.add_column("total", justify="right")
        for s in range(g.n):
            table.add_row(self.name(s), str(res.tricks[s]), str(res.points[s]), str(res.totals[s]))
        self.console.print(table)
        self.say("Hand points: " + " · ".join(f"{self.name(s)} {res.points[s]}" for s in range(g.n)))
        if len(res.side) > 1:
            self.say("Slam bid: " + " + ".join(self.name(s) for s in res.side)
                     + (" made it." if res.moon in res.side else " failed; their points "
                        "are added together."))
        if g.rules.teams:
            self.say("Teams: " + " · ".join(
                "+".join(self.name(s) for s in team) + f" {total}"
                for team, total in zip(g.rules.teams, g.team_totals(), strict=True)))
        if res.chips:
            self.say("Chips: " + " · ".join(f"{self.name(s)} {res.chips[s]:+d}" for s in range(g.n))
                     + f" (pool {res.pot})")

    def final_standings(self) -> None:
        """The final standings and the winners: by chips, most first, in a chip game
        (Auction, Hearts 1887, Royal Hearts...: the most chips wins); by side, lowest
        total first, in a partnership game; else by total, lowest (best) first."""
        g = self.game
        chips = bool(g.results and g.results[-1].chip_totals)
        table = Table(title="Final standings")
        table.add_column("place", justify="right")
        table.add_column("side" if self.rules.teams else "seat")
        if chips:
            table.add_column("chips", justify="right")
        table.add_column("points", justify="right")
        if self.rules.teams:
            sides = sorted(zip(g.team_totals(), self.rules.teams, strict=True))
            for place, (total, team) in zip(places([t for t, _ in sides]), sides, strict=True):
                row = [str(place), " & ".join(self.name(s) for s in team)]
                if chips:
                    row.append(f"{sum(g.chips[s] for s in team):+d}")
                table.add_row(*row, str(total))
        else:
            key = (lambda s: (-g.chips[s], s)) if chips else (lambda s: (g.totals[s], s))
            order = sorted(range(g.n), key=key)
            ranks = places([key(s)[0] for s in order])
            for place, s in zip(ranks, order, strict=True):
                table.add_row(str(place), self.name(s),
                              *([f"{g.chips[s]:+d}"] if chips else []), str(g.totals[s]))
        self.console.print(table)
        winners = " and ".join("you" if s == USER else self.name(s) for s in g.winners)
        verdict = "You win!" if USER in g.winners and len(g.winners) == 1 else f"Winner: {winners}."
        self.say(f"[bold]Game over.[/] {verdict}")
        self.say("Final totals: " + " · ".join(f"{self.name(s)} {g.totals[s]}" for s in range(g.n)))
        if g.results and g.results[-1].chip_totals:  # a chip game: the most chips wins
            self.say("Final chips: " + " · ".join(f"{self.name(s)} {g.chips[s]:+d}"
                                                  for s in range(g.n)) + f" (pool {g.pot})")

    def save(self, path: Path) -> Path:
        """Write the game so far as ``hearts-record/1`` JSON; returns the path."""
        from ..record import dump_record, record_from_game

        path.write_text(dump_record(record_from_game(self.game), indent=2) + "\n", encoding="utf-8")
        return path


@click.command(name="play")
@click.option("--variant", default="standard", show_default=True, help="Variant name (hearts variants).")
@click.option("--deal", "deal", type=int, default=None,
              help="Game number (1 .. 2^32-1) fixing every deal; default: a random one.")
@click.option("--level", default="medium", show_default=True,
              help="Computer players: random, easy, medium, hard, expert (slow: the hint level), "
                   "or a style of docs/bots.md (spade-keeper, high-passer, high-dumper, "
                   "moon-shooter).")
@click.option("--players", type=int, default=None, help="Players at the table (default: the variant's).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="Rule option override (repeatable), e.g. --option target_score=50.")
@click.option("--seed", type=int, default=None, help="Seed for the bots (and the game number if no --deal).")
@click.option("--record-out", "record_out", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Where to save the record (default ./hearts-game-<number>.json).")
def command(variant: str, deal: int | None, level: str, players: int | None,
            options: tuple[str, ...], seed: int | None, record_out: Path | None) -> None:
    """Play a game of Hearts in the terminal against computer players (you are South)."""
    opts: dict[str, Any] = parse_options(options)
    if record_out is not None:  # said now, not after a whole game
        folder = record_out.parent
        if not folder.is_dir():
            raise click.BadParameter(f"cannot save to {record_out}: there is no folder {folder}",
                                     param_hint="--record-out")
        if not os.access(folder, os.W_OK) or (record_out.exists() and not os.access(record_out, os.W_OK)):
            raise click.BadParameter(f"cannot save to {record_out}: permission denied",
                                     param_hint="--record-out")
    try:
        make_rules(variant)  # the variant alone first: its error names --variant
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint="--variant") from None
    try:
        make_rules(variant, players)
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None
    try:
        rules = make_rules(variant, players, opts)
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint="--option") from None
    if deal is None:
        rng = random.Random(seed) if seed is not None else random.SystemRandom()
        deal = rng.randint(1, MAX_GAME_NUMBER)
    try:
        check_game_number(deal)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--deal") from None
    try:
        bot = get_bot(level, 0)
    except KeyError as exc:
        raise click.BadParameter(str(exc.args[0]), param_hint="--level") from None
    check = getattr(bot, "check_rules", None)
    if check is not None:
        try:
            check(rules)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--level") from None

    console = Console(highlight=False)
    tg = TerminalGame(rules, deal, level, seed, console)
    console.print(f"[bold]Hearts[/] · {rules.variant} · {rules.players} players · game {deal} · "
                  f"{game_length(rules)} · computer level {level}", highlight=False,
                  soft_wrap=True)
    console.print("Type cards like QS or 10H; 'hint' for a suggestion, 'help', 'quit'.",
                  highlight=False, soft_wrap=True)
    finished = tg.run()
    target = record_out or default_record_path(deal)
    try:
        path = tg.save(target)
    except OSError as exc:
        # The game is not lost: its record goes to standard output instead.
        from ..record import dump_record, record_from_game

        click.echo(f"Error: cannot save the record to {target}: {exc.strerror or exc}. "
                   "The record follows on standard output.", err=True)
        click.echo(dump_record(record_from_game(tg.game), indent=2))
        sys.exit(1)
    # The full path: a bare "hearts-game-N.json" left people looking for the file.
    console.print(f"Record saved to {escape(str(path.absolute()))}", highlight=False,
                  soft_wrap=True)
    if not finished:
        console.print("(The record stops where the game was left.)", highlight=False)
    if tg.failure is not None:
        import traceback

        traceback.print_exception(tg.failure, file=sys.stderr)  # for the report
        sys.exit(1)
