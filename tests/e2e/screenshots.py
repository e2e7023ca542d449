"""Take screenshots of the web page at phone (390x844) and desktop (1280x800) sizes.

Run: ``.venv/bin/python tests/e2e/screenshots.py [--out docs/screenshots] [--url URL]``.
Starts ``hearts serve`` on a free port with a temporary SQLite database (unless
``--url`` names a running server), plays into the situations worth showing by
clicking like a user, and writes PNG files.  Uses the system Chromium
(``/usr/bin/chromium``); nothing is downloaded.  Not a test (pytest does not
collect it); the e2e tests check the behaviour.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from tests.e2e.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    PHONE,
    Table,
    _free_port,
    _serve_command,
)


def start_server(tmp: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``hearts serve`` on a free port; returns the process and its base URL."""
    import httpx

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(tmp / "server.log", "wb")  # noqa: SIM115 - kept open for the child's life
    proc = subprocess.Popen(_serve_command(port, f"sqlite:///{tmp / 'shots.db'}"), stdout=log,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/daily", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("hearts serve did not start: " + (tmp / "server.log").read_text(errors="replace"))


def table(browser: Any, url: str, size: tuple[int, int], locale: str = "en-US") -> Table:
    """A fresh context with animations off (a still picture needs no pace) and no sound."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale,
                              device_scale_factor=2 if size == PHONE else 1)
    settings = json.dumps({"speed": "off", "sound": False})
    ctx.add_init_script(f"localStorage.setItem('hearts.settings', {json.dumps(settings)});")
    return Table(ctx.new_page(), url)


def until_trick_on_table(t: Table, cards: int = 2) -> None:
    """Play on until it is the user's turn with ``cards`` or more cards already on the table."""
    for _ in range(400):
        t.idle()
        on_table = t.page.locator("[data-trick-card]").count()
        if t.phase == "play" and t.playable() and on_table >= cards:
            return
        t.step()


SETTLED = """() => Promise.all(document.getAnimations()
  .filter((a) => a.playState === "running" && !(a.effect && a.effect.getTiming().iterations === Infinity))
  .map((a) => a.finished.catch(() => null))).then(() => true)"""
"""Resolves once the page's transitions and finite animations have ended."""


def newcomer_shots(browser: Any, url: str, shot: Any) -> None:
    """Issue 21: the daily challenge's results and a four-queens hand's breakdown."""
    import datetime as dt

    from hearts.deal import daily_number

    number = daily_number(dt.datetime.now(dt.UTC).date())
    daily = f"deal={number}&opt.target_score=1"
    for _ in range(4):  # others have played today's game: the histogram has bars
        o = table(browser, url, DESKTOP).open(daily)
        o.play_to_end()
        o.page.context.close()
    dl = table(browser, url, PHONE).open(daily)
    dl.play_to_end()
    dl.page.wait_for_selector('dialog[data-dialog="game-over"] [data-daily-results] .rv-col')
    shot(dl, "phone-daily-results")  # the rank sentence above the buttons, the bars
    fq = table(browser, url, DESKTOP).open("deal=3&variant=four-queens&level=random&opt.pass_schedule=none")
    for _hand in range(4):
        while not fq.dialog_open("hand-end") and not fq.dialog_open("game-over"):
            fq.idle()
            if fq.page.locator('body[data-deciding="true"] #decide-panel').count():
                fq.page.locator('#decide-panel [data-action="decide"][data-value="null"]').click()
            else:
                fq.step()
        cards = fq.page.eval_on_selector_all('[data-dialog="hand-end"] .bd-item[data-card]',
                                             "els => els.map(e => e.dataset.card)")
        if "QH" in cards and {"QS", "QD", "QC"} & set(cards):
            fq.page.locator('[data-dialog="hand-end"] .bd-item[data-card="QH"]').scroll_into_view_if_needed()
            shot(fq, "desktop-four-queens-breakdown")  # each queen listed, Q♥ by itself
            return
        if fq.dialog_open("game-over"):
            break
        fq.page.locator('[data-action="next-hand"]').click()
    raise SystemExit("no four-queens hand with Q♥ and another queen taken")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(HERE.parent.parent / "docs" / "screenshots"))
    ap.add_argument("--url", default=None, help="use a running server instead of starting one")
    ap.add_argument("--only", choices=["newcomer"], default=None,
                    help="take only this group of pictures (newcomer: the daily results, four queens)")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmpdir:
        proc, url = (None, args.url.rstrip("/")) if args.url else start_server(Path(tmpdir))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                shots: list[str] = []

                def shot(t: Table, name: str) -> None:
                    path = out / f"{name}.png"
                    t.page.evaluate(SETTLED)  # the transitions have ended
                    t.page.screenshot(path=str(path))
                    shots.append(str(path))

                if args.only == "newcomer":
                    newcomer_shots(browser, url, shot)
                    browser.close()
                    print("\n".join(shots))
                    return
                # Desktop, English: choosing the pass, then a trick in play with a hint lit.
                d = table(browser, url, DESKTOP).open("deal=2026")
                for c in d.hand()[-3:]:
                    d.click_card(c)
                shot(d, "desktop-pass")
                d.click_action("pass")
                d.idle()
                until_trick_on_table(d, 2)
                d.click_action("hint")
                d.page.wait_for_selector('#hand [data-hint="true"]')
                shot(d, "desktop-play")
                # a dimmed card tapped: the reason, in a message above the status line
                while not d.dimmed():
                    d.step()
                    until_trick_on_table(d, 1)
                d.click_card(d.dimmed()[0], force=True)
                d.page.wait_for_selector("[data-toast]", state="visible")
                shot(d, "desktop-illegal")
                d.click_action("taken")
                shot(d, "desktop-taken")
                # end of a hand and of the game (short target)
                g = table(browser, url, DESKTOP).open("deal=2027&opt.target_score=40")
                while not g.dialog_open("hand-end") and not g.dialog_open("game-over"):
                    g.step()
                shot(g, "desktop-hand-end")
                g.play_to_end()
                shot(g, "desktop-game-over")
                # Help pages and the options form.
                h = table(browser, url, DESKTOP).open(path="/variants")
                shot(h, "desktop-variants")
                h.page.locator('dialog[data-dialog="help"] [data-close]').click()
                h.click_action("options")
                shot(h, "desktop-options")
                r = table(browser, url, DESKTOP, "ja-JP").open(path="/rules")
                shot(r, "desktop-rules-ja")

                # Phone, Japanese and English.
                p = table(browser, url, PHONE, "ja-JP").open("deal=2026")
                for c in p.hand()[:3]:
                    p.click_card(c)
                shot(p, "phone-pass-ja")
                p.click_action("pass")
                p.idle()
                shot(p, "phone-received-ja")  # the message about the cards received, and their marks
                until_trick_on_table(p, 2)
                shot(p, "phone-play-ja")
                p.page.locator('[data-action="menu"]').click()
                shot(p, "phone-menu-ja")
                q = table(browser, url, PHONE).open("deal=2026")
                q.pass_cards()
                while not q.dimmed():
                    q.step()
                    until_trick_on_table(q, 1)
                q.click_card(q.dimmed()[0], force=True)
                q.page.wait_for_selector("[data-toast]", state="visible")
                shot(q, "phone-illegal")
                g2 = table(browser, url, PHONE).open("deal=2027&opt.target_score=40")
                while not g2.dialog_open("hand-end") and not g2.dialog_open("game-over"):
                    g2.step()
                shot(g2, "phone-hand-end")
                g2.play_to_end()
                shot(g2, "phone-game-over")
                e = table(browser, url, PHONE).open("deal=31&players=3&variant=black-maria")
                e.pass_cards()
                until_trick_on_table(e, 1)
                shot(e, "phone-black-maria")
                s = table(browser, url, PHONE).open("deal=44&players=6")
                s.pass_cards()
                until_trick_on_table(s, 3)
                shot(s, "phone-six-players")
                # The mechanism games: 11 seats and two packs, the General's panel, the stock.
                for size, tag in ((PHONE, "phone"), (DESKTOP, "desktop")):
                    c = table(browser, url, size).open("deal=5&variant=cancellation&players=11&level=random")
                    until_trick_on_table(c, 4)
                    shot(c, f"{tag}-cancellation-11")
                f = table(browser, url, PHONE).open("deal=3&variant=four-queens&level=random")
                f.pass_cards()
                f.page.wait_for_selector("[data-toast]", state="hidden", timeout=10_000)  # the message
                # about the cards received has gone
                shot(f, "phone-four-queens-general")
                m = table(browser, url, PHONE).open("deal=3&variant=domino&level=random")
                until_trick_on_table(m, 1)
                shot(m, "phone-domino")
                # Issue 21: the games as a newcomer finds them.
                pg = table(browser, url, PHONE).open(
                    "deal=7&variant=partnership&opt.target_score=1&opt.pass_schedule=none")
                pg.play_to_end()
                shot(pg, "phone-partnership-game-over")  # the team's result, one line per team
                au = table(browser, url, DESKTOP).open("deal=7&variant=auction")
                au.page.locator('#decide-panel [data-action="decide"][data-value="10"]').click()
                au.idle()
                au.page.locator('#decide-panel [data-action="decide"][data-value=\'"C"\']').click()
                au.idle()
                shot(au, "desktop-auction-clubs")  # clubs may be led, the bid in the pot
                sl = table(browser, url, PHONE).open(
                    "variant=partnership-slam&deal=11&level=random&opt.pass_schedule=none")
                sl.idle()
                sl.page.locator('#decide-panel [data-action="decide"][data-value="true"]').click()
                while sl.step() and not sl.dialog_open("hand-end"):
                    pass
                shot(sl, "phone-slam")  # the slam's result and its silent partner
                sc = table(browser, url, PHONE).open("deal=5&variant=cancellation&players=11&level=random")
                sc.click_action("scores")
                shot(sc, "phone-cancellation-11-scores")  # every seat's column on a phone
                newcomer_shots(browser, url, shot)
                browser.close()
            print("\n".join(shots))
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=20)


if __name__ == "__main__":
    main()
