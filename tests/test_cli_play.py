"""``hearts play`` driven as a user drives it: in a real terminal (tmux), reading the screen.

The tmux test starts the installed ``hearts`` command in a detached tmux
session on a private socket, reads the screen with ``capture-pane``, and
answers every prompt: three cards to pass, and a card marked playable (``*``)
at each turn, parsed from the screen.  It also tries an unknown card, a card
the rules refuse and ``hint``.  The game goes to the end (short target score),
then the saved ``hearts-record/1`` file is replayed by the record module and
its totals are compared with the final totals shown on the screen.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hearts.cli.main import cli
from hearts.record import score_record
from hearts.view import PlayerView

HEARTS = Path(sys.executable).with_name("hearts")
TMUX = shutil.which("tmux")
CARD = r"(?:[2-9TJQKA][CDHS])"
PROMPTS = ("Cards to pass to", "Your card (or hint, quit):", "Type add (everyone else")
"""Text found only on the lines where the game waits for an answer."""


class Screen:
    """A tmux session on its own server socket, running one command.

    Answers are sent only when the program waits at a prompt it has not been
    answered yet: :meth:`next_prompt` counts the prompt lines in the whole
    scroll-back, so a prompt still showing the previous answer is never
    mistaken for a new one, and typed text never lands in the middle of output.
    """

    def __init__(self, command: list[str], cwd: Path) -> None:
        assert TMUX is not None
        self.socket = f"hearts-test-{uuid.uuid4().hex[:10]}"
        conf = cwd / "tmux.conf"
        # keep the pane (and its text) after the program exits
        conf.write_text("set -g history-limit 100000\nset -g remain-on-exit on\n")
        env = {**os.environ, "TERM": "xterm-256color"}
        subprocess.run([TMUX, "-L", self.socket, "-f", str(conf), "new-session", "-d",
                        "-s", "play", "-x", "150", "-y", "60", "-c", str(cwd), "--", *command],
                       check=True, env=env, capture_output=True)
        self.answered = 0

    def tmux(self, *args: str) -> str:
        assert TMUX is not None
        return subprocess.run([TMUX, "-L", self.socket, *args], check=True, text=True,
                              capture_output=True).stdout

    def text(self) -> str:
        """Everything on the screen and in the scroll-back, wrapped lines joined."""
        return self.tmux("capture-pane", "-p", "-J", "-t", "play", "-S", "-")

    def next_prompt(self, done: str | None = None, timeout: float = 30.0) -> str | None:
        """The screen once the program waits at a new prompt; None once ``done`` shows."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text()
            if done is not None and done in text:
                return None
            if prompt_lines(text) > self.answered and waiting_prompt(text):
                return text
            time.sleep(0.03)
        raise AssertionError("the game stopped answering; screen:\n" + self.text())

    def answer(self, line: str) -> None:
        """Type ``line`` and Enter at the prompt the program waits at."""
        self.answered = prompt_lines(self.text())
        self.tmux("send-keys", "-t", "play", "-l", line)
        self.tmux("send-keys", "-t", "play", "Enter")

    def close(self) -> None:
        subprocess.run([TMUX or "tmux", "-L", self.socket, "kill-server"], capture_output=True)


def prompt_lines(screen: str) -> int:
    """How many prompts the program has shown so far."""
    return sum(1 for x in screen.splitlines() if any(p in x for p in PROMPTS))


def waiting_prompt(screen: str) -> str | None:
    """The prompt the program waits at (last line, nothing typed after it), else None."""
    lines = [x.rstrip() for x in screen.splitlines() if x.strip()]
    if not lines:
        return None
    last = lines[-1]
    if last.endswith(":") and any(p in last for p in PROMPTS):
        return last
    return None


def before_prompt(screen: str) -> str:
    """The last line printed before the waiting prompt."""
    return [x for x in screen.splitlines() if x.strip()][-2]


def last_hand_block(screen: str) -> str:
    """The text from the last "Your hand" heading to the end of the screen."""
    at = screen.rfind("Your hand")
    assert at >= 0, screen
    return screen[at:]


@pytest.mark.skipif(TMUX is None and not os.environ.get("CI"),
                    reason="tmux is not installed (make test installs it; under CI this fails)")
@pytest.mark.parametrize("table", [[], ["--variant", "black-maria", "--players", "3"]],
                         ids=["standard-4", "black-maria-3"])
def test_whole_game_in_a_terminal(tmp_path: Path, table: list[str]) -> None:
    record = tmp_path / "game.json"
    scr = Screen([str(HEARTS), "play", *table, "--deal", "4242", "--level", "random", "--seed",
                  "3", "--option", "target_score=30", "--record-out", str(record)], tmp_path)
    tried_errors = False
    passes = plays = 0
    try:
        while (screen := scr.next_prompt(done="Record saved to")) is not None:
            prompt = waiting_prompt(screen)
            assert prompt is not None
            if prompt.startswith("Cards to pass to"):
                block = last_hand_block(screen)
                assert "Pass 3 cards" in screen
                hand = re.findall(rf"\b({CARD})\b", block.split("Cards to pass")[0])
                assert len(hand) >= 3, block
                scr.answer(" ".join(hand[:3]))
                passes += 1
            elif prompt.startswith("Your card"):
                block = last_hand_block(screen)
                assert "(* = playable)" in block
                shown = block.split("Your card")[0]
                legal = re.findall(rf"\b({CARD})\*", shown)
                held = re.findall(rf"\b({CARD})\b", shown)
                assert legal, block
                assert set(legal) <= set(held)
                assert re.search(r"Points this hand \(total before it\):", screen)
                assert re.search(r"Trick \d+:", screen)
                illegal = [c for c in held if c not in legal]
                if not tried_errors and illegal:
                    tried_errors = True
                    scr.answer("XX")
                    text = scr.next_prompt() or ""
                    assert "'XX' is not a card" in before_prompt(text), text
                    scr.answer(illegal[0])
                    text = scr.next_prompt() or ""
                    reason = before_prompt(text)
                    assert "Playable:" in reason, text
                    assert re.search(r"(must follow suit|must be opened with|Hearts are not "
                                     r"broken|No hearts or other penalty cards)", reason), text
                    scr.answer("hint")
                    text = scr.next_prompt() or ""
                    hinted = re.findall(rf"Hint: play ({CARD})", text)[-1]
                    assert hinted in legal
                scr.answer(legal[0])
                plays += 1
            else:  # the user shot the moon with the "choice" rule (not set here)
                scr.answer("add")
        final = scr.text()
    finally:
        screen_at_end = scr.text()
        scr.close()
    assert tried_errors, screen_at_end
    assert passes >= 1 and plays >= 13
    assert "Game over." in final and "Final standings" in final
    assert "End of hand" in final and "Hand points:" in final
    assert re.search(r"You (passed|received)", final) or "No passing" in final

    totals_line = re.findall(r"Final totals: (.*)", final)[-1]
    shown_totals = [int(part.split()[-1]) for part in totals_line.split(" · ")]
    data = json.loads(record.read_text())
    assert data["format"] == "hearts-record/1" and data["game"] == 4242
    summary = score_record(data)
    assert summary["ok"] and summary["complete"] and summary["game_over"], summary
    assert summary["totals"] == shown_totals
    assert max(summary["totals"]) >= 30
    assert len(data["hands"]) == len(summary["hands"]) >= 1
    # the record is also accepted by the `hearts score` command
    scored = subprocess.run([str(HEARTS), "score", str(record)], capture_output=True, text=True)
    assert scored.returncode == 0, scored.stdout + scored.stderr
    line = json.loads(scored.stdout.splitlines()[0])
    assert line["ok"] and line["game_over"] and line["totals"] == shown_totals
    deck = 52 if not table else 51
    assert sum(len(h["play"]) for h in data["hands"]) == deck * len(data["hands"])


# ------------------------------------------------------------- piped input
def test_quit_saves_the_partial_record(tmp_path: Path) -> None:
    out = tmp_path / "partial.json"
    r = CliRunner().invoke(cli, ["play", "--deal", "5", "--level", "random", "--seed", "1",
                                 "--record-out", str(out)], input="QS AS\nzz\n2C 3C 4C\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Pass 3 cards left to West" in r.output
    assert "Pass exactly 3 cards, not 2." in r.output
    assert "'zz' is not a card" in r.output
    assert "You do not hold 3C." in r.output
    assert "Game abandoned." in r.output and f"Record saved to {out}" in r.output
    data = json.loads(out.read_text())
    assert data["game"] == 5 and len(data["hands"]) == 1
    assert score_record(data)["ok"]


def test_a_hint_asked_again_at_the_same_point_is_the_same(tmp_path: Path) -> None:
    # A newcomer's trial: asking "hint" four times at one play answered 9D, 7S, 5S, 9D (the
    # search samples deals).  The hint is now seeded by the point of the game.
    r = CliRunner().invoke(cli, ["play", "--deal", "7", "--seed", "3", "--record-out",
                                 str(tmp_path / "g.json")],
                           input="QC TD KH\nhint\nhint\nhint\nhint\nquit\n")
    assert r.exit_code == 0, r.output
    hints = re.findall(r"Hint: play (\w+)", r.output)
    assert len(hints) == 4 and len(set(hints)) == 1, hints


def test_end_of_input_quits(tmp_path: Path) -> None:
    r = CliRunner().invoke(cli, ["play", "--deal", "9", "--level", "random",
                                 "--record-out", str(tmp_path / "g.json")], input="")
    assert r.exit_code == 0
    assert "Game abandoned." in r.output


def test_default_record_path_is_in_the_current_directory(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["play", "--deal", "77", "--level", "random"], input="quit\n")
    assert r.exit_code == 0, r.output
    # The message names the whole path (issue 7, A.9), not a bare file name.
    assert f"Record saved to {tmp_path / 'hearts-game-77.json'}" in r.output
    assert (tmp_path / "hearts-game-77.json").exists()
    # The same game again keeps the first record: the second goes beside it.
    first = (tmp_path / "hearts-game-77.json").read_text()
    r = CliRunner().invoke(cli, ["play", "--deal", "77", "--level", "random"],
                           input="QS\nquit\n")
    assert f"Record saved to {tmp_path / 'hearts-game-77-2.json'}" in r.output, r.output
    assert (tmp_path / "hearts-game-77.json").read_text() == first


def test_the_hand_shows_two_packs_lowest_first_with_copies_side_by_side() -> None:
    from rich.console import Console

    from hearts.cards import PACK2
    from hearts.cli.play import TerminalGame
    from hearts.rules import make_rules

    console = Console(record=True, width=200)
    tg = TerminalGame(make_rules("cancellation", 11), 5, "random", 1, console,
                      ask=lambda text: "quit")
    tg.game.start_hand()
    hand = tg.game.hands[0]
    assert hand >> PACK2  # this deal gives seat 0 copies from the second pack
    tg.show_hand(hand)
    for line in console.export_text().splitlines()[1:]:
        names = line.split()[1:]
        order = "23456789TJQKA"
        ranks = [order.index(n[:-1].replace("10", "T")) for n in names]
        assert ranks == sorted(ranks), line


@pytest.mark.parametrize("args, words", [
    (["--level", "grandmaster"], "Invalid value for --level: unknown bot 'grandmaster'"),
    # each names its option, as --level's does (a new user's trial: --variant's did not)
    (["--variant", "nope"], "Invalid value for --variant: unknown variant"),
    (["--players", "9"], "Invalid value for --players: Hearts (Black Lady) is played by 3 to 6"),
    (["--deal", "0"], "game number must be"),
    (["--option", "target_score=-5"], "Invalid value for --option: "),
])
def test_usage_errors_exit_2(args: list[str], words: str) -> None:
    r = CliRunner().invoke(cli, ["play", *args], input="quit\n")
    assert r.exit_code == 2, r.output
    assert words in r.output


# ------------------------------------------------------- the game class itself
def test_user_shoots_the_moon_and_chooses_to_subtract() -> None:
    import io

    from rich.console import Console

    from hearts.cards import card_str, cards_of, highest, parse_mask
    from hearts.cli.play import TerminalGame
    from hearts.game import PHASE_MOON, PHASE_PLAY
    from hearts.rules import make_rules

    rules = make_rules("standard", 4, {"moon": "choice", "pass_schedule": "none",
                                       "target_score": 1000})
    out = io.StringIO()
    prompts: list[str] = []

    def ask(text: str) -> str:
        prompts.append(text)
        g = tg.game
        if g.results:
            return "quit"  # in the next hand
        if g.phase == PHASE_PLAY:
            return card_str(highest(g.legal_plays(0)))
        if g.phase == PHASE_MOON:
            return "subtract"
        raise AssertionError(f"unexpected prompt {text!r}")

    tg = TerminalGame(rules, 5, "random", 1, Console(file=out, width=120), ask=ask)
    # South holds the top clubs, spades and hearts, so it wins every trick.
    south = parse_mask("AC KC QC JC TC AS KS QS AH KH QH JH TH")
    rest = cards_of(rules.deck & ~south)
    tg.game.start_hand([south, *(sum(1 << c for c in rest[i::3]) for i in range(3))])
    assert tg.run() is False  # quit at the start of the next hand
    text = out.getvalue()
    assert "You shot the moon!" in text
    assert any(p.startswith("You shot the moon!") for p in prompts)
    assert tg.game.results[0].points == (-26, 0, 0, 0)
    assert tg.game.results[0].moon_choice == "subtract"
    assert "Hand points: South -26 · West 0 · North 0 · East 0" in text


def test_unwritable_record_path_is_reported_not_a_traceback(tmp_path: Path, monkeypatch: Any) -> None:
    # Regression: a --record-out in a missing folder ended the game in a traceback
    # (FileNotFoundError) and the record was lost.  The folder is checked before the game
    # now (below); one that goes away during the game still loses nothing.
    from hearts.cli.play import TerminalGame

    folder = tmp_path / "gone-midway"
    folder.mkdir()
    out = folder / "g.json"
    run = TerminalGame.run

    def run_then_remove(self: Any) -> bool:
        done = run(self)
        folder.rmdir()
        return done

    monkeypatch.setattr(TerminalGame, "run", run_then_remove)
    r = CliRunner().invoke(cli, ["play", "--deal", "5", "--level", "random",
                                 "--record-out", str(out)], input="quit\n")
    assert r.exit_code == 1, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert "Traceback" not in r.output
    assert f"cannot save the record to {out}" in r.output
    record = json.loads(r.output[r.output.index('{\n  "format"'):])
    assert record["game"] == 5 and score_record(record)["ok"]


@pytest.mark.parametrize(("fault", "code", "said"), [
    (KeyboardInterrupt, 0, "Game abandoned."),
    (RuntimeError, 1, "The program failed (RuntimeError: the bot broke); please report it."),
])
def test_ctrl_c_or_a_fault_while_the_computers_think_keeps_the_game(
        tmp_path: Path, fault: type[BaseException], code: int, said: str) -> None:
    """Ctrl-C while the bots think (not at a prompt) and a fault of the program ended
    the command before the record was written: the game was lost."""
    from hearts.players.base import BOTS, BaseBot, register_bot

    class Breaks(BaseBot):
        name = "t-breaks"

        def __init__(self, seed: int | None = None) -> None:
            self.plays = 0

        def choose_play(self, view: PlayerView) -> int:
            self.plays += 1
            if self.plays == 3:
                raise fault("the bot broke")
            return super().choose_play(view)

    register_bot("t-breaks", Breaks)
    out = tmp_path / "kept.json"
    try:
        r = CliRunner().invoke(cli, ["play", "--deal", "5", "--level", "t-breaks",
                                     "--record-out", str(out)],
                               input="QS 2S KC\n" + "".join(
                                   f"{r}{s}\n" for s in "CDHS" for r in "23456789TJQKA"))
    finally:
        del BOTS["t-breaks"]
    assert r.exit_code == code, r.output
    assert said in r.output and f"Record saved to {out}" in r.output
    data = json.loads(out.read_text())
    assert data["game"] == 5 and len(data["hands"][0]["play"]) >= 4
    assert score_record(data)["ok"]


@pytest.mark.parametrize("variant", ["hearts-1887", "partnership"])
def test_final_standings_rank_by_what_wins_the_game(variant: str) -> None:
    """A chip game is won by the most chips and a partnership by its side: the standings
    ranked single seats by their points (North first in Hearts 1887 with -39 chips)."""
    from rich.console import Console

    from hearts.cards import card_str, cards_of
    from hearts.cli.play import TerminalGame
    from hearts.rules import make_rules

    def answer(text: str) -> str:
        g = tg.game
        if text.startswith("Cards to pass"):
            return " ".join(card_str(c) for c in cards_of(g.hands[0])[:3])
        if text.startswith("Your card"):
            return card_str(cards_of(g.legal_plays())[0])
        if text.startswith("Give up"):
            return "n"
        if "moon" in text:
            return "add"
        return ""

    console = Console(record=True, width=100)
    tg = TerminalGame(make_rules(variant), 1, "random", 1, console, ask=answer)
    assert tg.run()
    text = console.export_text().split("Final standings")[-1]
    rows = [line for line in text.split("Game over.")[0].splitlines() if line.startswith("│")]
    g = tg.game
    if variant == "hearts-1887":
        shown = [int(r.split("│")[3]) for r in rows]  # place, seat, chips, points
        assert shown == sorted((g.chips[s] for s in range(4)), reverse=True)
        assert "chips" in text.splitlines()[2]
    else:
        assert len(rows) == 2 and all("&" in r for r in rows)
        totals = [int(r.split("│")[3]) for r in rows]
        assert totals == sorted(g.team_totals())
    assert all(s in g.winners for s in range(4)
               if tg.name(s) in rows[0].split("│")[2])


def test_an_empty_line_asks_again_without_an_error(tmp_path: Path) -> None:
    r = CliRunner().invoke(cli, ["play", "--deal", "5", "--level", "random", "--seed", "1",
                                 "--record-out", str(tmp_path / "e.json")],
                           input="\nQS 2S KC\n\n\nquit\n")
    assert r.exit_code == 0, r.output
    assert "not a card" not in r.output and "Pass exactly" not in r.output
    assert r.output.count("Cards to pass to West") == 2
    assert r.output.count("Your card") == 3  # two Enters, then quit


def test_the_auction_questions_have_their_own_help_hint_and_limits() -> None:
    """Regression (a new user's trial): at the bid and the penalty-suit questions `help`
    explained cards and passing, `hint` at the suit question only said "Type C, D, H or S",
    `11` was refused without saying it is too many, the bots "bid 1 chips"; the user, when
    dealing at a table of three, five or six, read "You deals"."""
    from rich.console import Console

    from hearts.cards import card_str, cards_of
    from hearts.cli.play import TerminalGame
    from hearts.rules import make_rules

    asked: dict[str, list[str]] = {"bid": ["help", "11", "hint"], "suit": ["help", "hint", "♥"]}

    def answer(text: str) -> str:
        g = tg.game
        if text.startswith("Your bid"):
            return asked["bid"].pop(0) if asked["bid"] else "10"
        if text.startswith("Name the penalty suit"):
            return asked["suit"].pop(0) if asked["suit"] else "H"
        if text.startswith("Your card"):
            return card_str(cards_of(g.legal_plays())[0])
        return "quit"

    console = Console(record=True, width=120)
    tg = TerminalGame(make_rules("auction"), 3, "random", 1, console, ask=answer)
    tg.run()
    text = console.export_text()
    assert "names the penalty suit for this hand and leads" in text  # the bid's own help
    assert "11 chips is more than you may bid (10 chips)" in text
    assert re.search(r"Hint: (pass|\d+ chips?)\n", text)
    assert "counts a point against whoever takes it" in text  # the suit's own help
    assert re.search(r"Hint: (clubs|diamonds|hearts|spades) \([CDHS]\)", text)
    assert "You name hearts the penalty suit" in text or "names" in text
    assert " 1 chips" not in text and "You deals" not in text
    assert "You deal.  No passing this hand." in text  # hand 2 is the user's deal


@pytest.mark.parametrize("variant,players,names", [
    ("black-maria", 3, ["West", "East"]),
    ("standard", 5, ["West", "Northwest", "Northeast", "East"]),
    ("standard", 6, ["West", "Northwest", "North", "Northeast", "East"])])
def test_seats_have_the_page_s_names_and_the_user_deals_in_the_second_person(
        tmp_path: Path, variant: str, players: int, names: list[str]) -> None:
    """Regression: at three, five or six players the terminal called the seats "Seat 1",
    "Seat 2"... where the page says West, East...; and "You deals"."""
    from hearts.cli.play import seat_names

    assert seat_names(players) == ["You", *names]
    # hand 1 is dealt by the last seat; the user deals hand 2 (seat (k - 1) mod n)
    moves = "\n".join(["quit"])
    r = CliRunner().invoke(cli, ["play", "--variant", variant, "--players", str(players),
                                 "--deal", "5", "--level", "random", "--seed", "1",
                                 "--record-out", str(tmp_path / "r.json")], input=moves + "\n")
    assert r.exit_code == 0, r.output
    assert f"{names[-1]} deals." in r.output and "Seat " not in r.output


def test_a_chip_game_opens_with_its_number_of_deals_not_a_target(tmp_path: Path) -> None:
    """Regression: Auction Hearts (four deals, settled in chips) opened with "target 100"."""
    from hearts.cli.play import game_length, places
    from hearts.rules import make_rules

    assert game_length(make_rules("auction")) == "4 deals, settled in chips"
    assert game_length(make_rules("standard")) == "target 100"
    r = CliRunner().invoke(cli, ["play", "--variant", "auction", "--deal", "5", "--level", "random",
                                 "--record-out", str(tmp_path / "a.json")], input="quit\n")
    assert "4 deals, settled in chips" in r.output.splitlines()[0] and "target" not in r.output
    assert places([3, 5, 5, 9]) == [1, 2, 2, 4] and places([-2, -2]) == [1, 1]


def test_a_record_path_in_a_missing_folder_is_refused_before_the_game(tmp_path: Path) -> None:
    """Regression (a new user's trial): `--record-out /no/such/dir/x.json` let the user play
    a whole game, then printed the record on standard output and failed."""
    out = tmp_path / "no-such-folder" / "g.json"
    r = CliRunner().invoke(cli, ["play", "--deal", "5", "--level", "random",
                                 "--record-out", str(out)], input="QS 2S KC\n")
    assert r.exit_code == 2, r.output
    assert f"cannot save to {out}: there is no folder" in r.output
    assert "Cards to pass" not in r.output and not out.exists()
