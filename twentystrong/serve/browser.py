"""Drive ``twentystrong serve`` in a real headless Chromium, as a player would: for the browser test, the bench and
the README's screenshot.

Chromium is the operating system's (Debian's ``chromium`` package; ``$TWENTYSTRONG_CHROMIUM`` names another), driven
by Playwright (the ``test`` extra), which is pointed at it: Playwright's own browser download is never used. The
browser runs with no network: no host name resolves but this machine's own, and every request that leaves the
server is refused and recorded (:attr:`GamePage.foreign`).

The page draws the game on a canvas (xterm.js), so its text is read from the page's own terminal: an init script
keeps a reference to the terminal textual.js creates (:data:`KEEP_TERMINAL`), and :meth:`GamePage.screen` reads that
terminal's screen buffer, which is what the canvas shows. Clicks go to the page coordinates of a text's cell.

Nothing here is imported by the game; Playwright is imported only when a browser is started.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Request, Route, WebSocket

CHROMIUM_ENV = "TWENTYSTRONG_CHROMIUM"
"""A Chromium (or Chrome) executable to use instead of the one found on ``PATH``."""

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # No network at all: no name resolves except this machine's own, so nothing can come from anywhere else.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]
"""Headless, as root, with none of Chromium's own background traffic."""

VIEWPORT = (1280, 800)
"""The page's width and height in pixels: 142 × 38 cells at the page's default font size."""

KEY_GAP_MS = 20
"""Pause between two keys: fast typing, but never two keys in one read."""

KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, "webglAddon", {
  configurable: true,
  set(value) {
    // textual.js's terminal wrapper sets this.webglAddon right after it creates its xterm Terminal: keep the wrapper.
    window.__game = this;
    Object.defineProperty(this, "webglAddon", {value, writable: true, configurable: true, enumerable: true});
  },
});
"""

_SCREEN_JS = """() => {
  const term = window.__game && window.__game.terminal;
  if (!term || !term.element) return null;
  const buffer = term.buffer.active, lines = [];
  for (let y = 0; y < term.rows; y++) lines.push(buffer.getLine(y).translateToString(true));
  const box = term.element.querySelector(".xterm-screen").getBoundingClientRect();
  return {lines, cols: term.cols, rows: term.rows, left: box.left, top: box.top, width: box.width, height: box.height};
}"""

_LOOK_JS = """() => {
  const term = window.__game.terminal, buffer = term.buffer.active, rows = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(y), cells = [];
    for (let x = 0; x < term.cols; x++) {
      const cell = line.getCell(x);
      cells.push(cell.getChars() + cell.getFgColor() + "/" + cell.getBgColor());
    }
    rows.push(cells.join(","));
  }
  return rows.join("\\n");
}"""

_SHOWN_AT_JS = """(pattern) => {
  const term = window.__game && window.__game.terminal;
  if (!term) return false;
  const buffer = term.buffer.active, lines = [];
  for (let y = 0; y < term.rows; y++) lines.push(buffer.getLine(y).translateToString(true));
  if (!new RegExp(pattern).test(lines.join("\\n"))) return false;
  window.__shownAt = window.__shownAt || performance.now();
  return true;
}"""

SETUP_SHOWN = r"20 Strong — new game(.|\n)*Ability:"
"""The setup screen with its deck loaded (the first hero's ability is shown)."""


def chromium_path() -> str | None:
    """The Chromium to drive: ``$TWENTYSTRONG_CHROMIUM``, else ``chromium`` (Debian) or its other names on PATH."""
    override = os.environ.get(CHROMIUM_ENV)
    if override:
        return override if Path(override).is_file() else None
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def missing() -> str | None:
    """Why a browser cannot be driven here (no Chromium, no Playwright), or None when it can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]')"
    if chromium_path() is None:
        return f"no Chromium found (apt-get install chromium, or set {CHROMIUM_ENV})"
    return None


# --- the server ---------------------------------------------------------------------------------------------------


@dataclass
class Served:
    """A running ``twentystrong serve``."""

    process: subprocess.Popen[str]
    url: str
    data_dir: Path

    def game_pids(self) -> list[int]:
        """The game processes the server runs now (its child processes, read from ``/proc``)."""
        children = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[1]) == self.process.pid:
                children.append(int(stat.parent.name))
        return children

    def wait_for_no_games(self, timeout: float = 30.0) -> bool:
        """Wait until the server runs no game process (after its tabs closed); False if some still run."""
        deadline = time.monotonic() + timeout
        while self.game_pids():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True


@contextmanager
def serve(data_dir: Path, *args: str) -> Iterator[Served]:
    """Run ``twentystrong serve --port 0 ARGS`` with ``data_dir`` as its data folder; Ctrl+C it afterwards."""
    env = {**os.environ, "TWENTYSTRONG_DATA_DIR": str(data_dir), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "twentystrong", "serve", "--port", "0", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        line = process.stdout.readline()
        match = re.search(r"http://\S+", line)
        if match is None:
            process.kill()
            raise RuntimeError(f"twentystrong serve did not start: {line!r} {process.stderr.read()!r}")
        yield Served(process, match.group(0), data_dir)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


# --- the browser --------------------------------------------------------------------------------------------------


@contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Chromium (the system's), started by Playwright with a fresh profile and no network."""
    from playwright.sync_api import sync_playwright

    executable = chromium_path()
    if executable is None:
        raise RuntimeError(missing() or "no Chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class Screen:
    """The page's terminal screen: its lines, and where its cells are in the page."""

    lines: list[str]
    cols: int
    rows: int
    left: float
    top: float
    width: float
    height: float

    @property
    def text(self) -> str:
        """The screen as text, one line per row."""
        return "\n".join(self.lines)

    def find(self, pattern: str) -> tuple[int, int] | None:
        """Column and row where the regular expression ``pattern`` first matches, top to bottom (None: nowhere)."""
        for row, line in enumerate(self.lines):
            match = re.search(pattern, line)
            if match:
                return match.start(), row
        return None

    def point(self, col: int, row: int) -> tuple[float, float]:
        """The page coordinates of the middle of a cell."""
        return self.left + (col + 0.5) * self.width / self.cols, self.top + (row + 0.5) * self.height / self.rows


@dataclass
class GamePage:
    """One browser tab showing the game, read through its terminal."""

    page: Page
    origin: str
    requests: list[str] = field(default_factory=list)
    """Every address the page asked for (the page, its assets, the websocket)."""
    foreign: list[str] = field(default_factory=list)
    """Requests to anywhere but the server (refused)."""

    @classmethod
    def open(cls, browser: Browser, url: str) -> GamePage:
        """A new tab on ``url``, the terminal kept for reading, every request recorded."""
        page = browser.new_page(viewport={"width": VIEWPORT[0], "height": VIEWPORT[1]})
        game = cls(page, "{0.scheme}://{0.netloc}".format(urlsplit(url)))
        page.add_init_script(KEEP_TERMINAL)
        page.on("websocket", game._websocket)
        page.route("**/*", game._route)
        page.goto(url)
        return game

    def _route(self, route: Route, request: Request) -> None:
        self.requests.append(request.url)
        if request.url.startswith(self.origin + "/") or request.url == self.origin:
            route.continue_()
        else:
            self.foreign.append(request.url)
            route.abort("blockedbyclient")

    def _websocket(self, websocket: WebSocket) -> None:
        self.requests.append(websocket.url)
        ws_origin = "ws" + self.origin.removeprefix("http")
        if not websocket.url.startswith(ws_origin + "/"):
            self.foreign.append(websocket.url)

    def screen(self) -> Screen | None:
        """What the page's terminal shows now (None before the terminal exists)."""
        found: dict[str, Any] | None = self.page.evaluate(_SCREEN_JS)
        return None if found is None else Screen(**found)

    def wait_for(self, pattern: str, timeout: float = 60.0) -> Screen:
        """Wait until the screen shows ``pattern`` (a regular expression over its lines); the screen then."""
        deadline = time.monotonic() + timeout
        screen = None
        while time.monotonic() < deadline:
            screen = self.screen()
            if screen is not None and re.search(pattern, screen.text):
                return screen
            time.sleep(0.05)
        shown = screen.text if screen is not None else "(no terminal on the page)"
        raise AssertionError(f"the page never showed {pattern!r}; it shows:\n{shown}")

    def shown_after(self, pattern: str, timeout: float = 60.0) -> float:
        """Milliseconds from the start of the page load until the screen first showed ``pattern``.

        The check runs inside the page on every animation frame, so the figure is the page's own clock.
        """
        self.page.wait_for_function(_SHOWN_AT_JS, arg=pattern, polling="raf", timeout=timeout * 1000)
        shown_at: float = self.page.evaluate("window.__shownAt")
        return shown_at

    def wait_until(self, check: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
        """Wait until ``check()`` holds; fail saying ``what`` was awaited."""
        deadline = time.monotonic() + timeout
        while not check():
            if time.monotonic() > deadline:
                screen = self.screen()
                raise AssertionError(f"waited in vain for {what}; the page shows:\n{screen.text if screen else ''}")
            time.sleep(0.03)

    def look(self) -> str:
        """Every cell's character and colours: changes whenever the screen visibly does (a focus, a highlight)."""
        look: str = self.page.evaluate(_LOOK_JS)
        return look

    def click(self, pattern: str, offset: int = 0, timeout: float = 30.0) -> None:
        """Click the first text on the screen matching ``pattern`` (``offset`` cells right of its start), then wait
        until the screen shows the click took effect, as a player does before typing on.

        Textual handles a click (the focus it moves, the cursor it places) apart from keys, so on a busy machine
        a key sent straight after a click can overtake it; waiting for the click's visible effect keeps the order.
        """
        screen = self.wait_for(pattern)
        cell = screen.find(pattern)
        if cell is None:  # the pattern spans lines
            raise AssertionError(f"{pattern!r} is not on one line of the screen")
        before = self.look()
        x, y = screen.point(cell[0] + offset, cell[1])
        self.page.mouse.click(x, y)
        deadline = time.monotonic() + timeout
        while self.look() == before:
            if time.monotonic() > deadline:
                raise AssertionError(f"clicking {pattern!r} changed nothing on the screen")
            time.sleep(0.03)
        self.rest_mouse()

    def rest_mouse(self) -> None:
        """Move the mouse off the table, onto the screen's top line, as a player does after a click.

        A mouse left resting on a card opens its tooltip (Textual's hover delay), which covers what the screen is
        read for; the top line (the title or the step bar) has no tooltip, so nothing opens while the test reads.
        """
        screen = self.screen()
        if screen is not None:
            self.page.mouse.move(*screen.point(screen.cols - 1, 0))

    def press(self, *keys: str) -> None:
        """Press keys one after another, as a player types them (``Backspace``, ``Control+s``, ``7`` …)."""
        for key in keys:
            self.page.keyboard.press(key)
            self.page.wait_for_timeout(KEY_GAP_MS)


# --- a game -------------------------------------------------------------------------------------------------------

SEED = 7
"""The seed the opening is played with: stack 1's top card is an Ecliptic Eel (+1), stack 2's a Selenite Shard."""


def start_game(game: GamePage, seed: int = SEED) -> None:
    """From the setup screen: click into the seed field, type the seed, then click Start game.

    Each key waits for the one before it to show, as a player watches the field: Textual 8.2.8's Input loses the
    key typed after a Backspace on an empty field (in a terminal too), and a key sent the instant after a click
    can overtake the click on a busy machine.
    """
    screen = game.wait_for(SETUP_SHOWN)
    found = re.search(r"Seed\s+\d+", screen.text)
    row = screen.find(r"Seed\s+\d+")
    assert found is not None and row is not None, screen.text

    def shown() -> str:
        now = game.screen()
        # The focused row is marked "▸" in front of its label (issue 15): look for the label anywhere on the line.
        value = re.search(r"Seed\s+(\d*)", now.lines[row[1]]) if now is not None else None
        return value.group(1) if value else ""

    game.click(r"Seed\s+\d+", offset=len(found.group(0)) + 1)  # just past the digits: the cursor lands at the end
    while digits := shown():
        game.press("Backspace")
        game.wait_until(lambda: shown() != digits, f"the seed field to lose a digit of {digits}")
    typed = str(seed)
    for n in range(1, len(typed) + 1):
        game.press(typed[n - 1])
        game.wait_until(partial(_equals, shown, typed[:n]), f"the seed field to show {typed[:n]}")
    game.click("Start game")
    game.wait_for(r"Round 1 .*seed " + typed)


def _equals(read: Callable[[], str], want: str) -> bool:
    return read() == want


def play_opening(game: GamePage) -> Screen:
    """Activate stack 1 by key (its +1 asks for one more), stack 2 by mouse; commit Y1 by mouse, B1 by its typed id."""
    game.wait_for("Choose a stack")
    game.press("1")
    game.wait_for(r"\[1\] Ecliptic Eel")
    game.click(r"Selenite Shard")
    game.wait_for(r"\[2\] Selenite Shard")
    game.click(r"Y1·")
    game.wait_for(committed("Y1"))
    game.press("b", "1")
    return game.wait_for(OPENED)


def committed(*dice: str) -> str:
    """A pattern for the committed-dice row listing these dice (in this order)."""
    return r"Committed dice.*\n.*" + ".*".join(rf"\b{die}" for die in dice)


def every(*patterns: str) -> str:
    """A pattern that holds when the screen shows each of ``patterns`` (in any order, on any lines)."""
    return "".join(rf"(?=(?:.|\n)*?{pattern})" for pattern in patterns)


OPENED = every(r"\[1\] Ecliptic Eel", r"\[2\] Selenite Shard", committed("Y1", "B1"), r"Commit, phase 1/3", "seed 7")
"""The table after :func:`play_opening`: both cards active, Y1 and B1 committed, still the first Commit step.

Waited for as a whole, so a tooltip or a repaint in flight never makes one part of it missing when the screen is read.
"""
