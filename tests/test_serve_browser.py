"""``twentystrong serve`` in a real browser: headless Chromium from the operating system, driven by Playwright.

One test plays the opening of a game in a browser tab the way a player does (the mouse on the seed field and the
Start button, a stack by key, a stack and a die by click, a die by its typed id, a roll by Enter) and asserts on what
the page's terminal shows; then it closes the tab and opens the game again, which must come back as it was left.
The browser has no network (no name resolves but this machine's) and every request that is not to the server is
recorded and refused: there must be none.

Without Chromium or Playwright the test skips and says why; ``.ci/run`` sets ``TWENTYSTRONG_REQUIRE_BROWSER=1``,
which turns that skip into a failure. A screenshot of the table and the load time are written to
``$TWENTYSTRONG_ARTEFACTS`` (else the test's temporary folder).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from twentystrong.serve import browser
from twentystrong.serve.browser import (
    SETUP_SHOWN,
    GamePage,
    chromium,
    committed,
    every,
    play_opening,
    serve,
    start_game,
)

REQUIRE_ENV = "TWENTYSTRONG_REQUIRE_BROWSER"
ARTEFACTS_ENV = "TWENTYSTRONG_ARTEFACTS"


@pytest.fixture
def artefacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get(ARTEFACTS_ENV) or tmp_path / "artefacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(autouse=True)
def _browser_available() -> None:
    why = browser.missing()
    if why is None:
        return
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"the browser test cannot run: {why} ({REQUIRE_ENV}=1 makes that a failure, as in CI)")
    pytest.skip(f"the browser test needs headless Chromium: {why}")


ROLLED = every(committed("Y1○", "B1•"), r"Apply, phase 1/3", "seed 7", r"\[1\] Ecliptic Eel", r"\[2\] Selenite Shard")
"""Seed 7's first roll of Y1 and B1: a miss and a hit (contract 4: the same on every machine), the two cards still
active and the first Apply step waiting. Every read waits for the whole picture, never for time."""


def test_a_game_in_chromium_by_mouse_and_keyboard_survives_closing_the_tab(tmp_path: Path, artefacts: Path) -> None:
    with serve(tmp_path / "data") as served, chromium() as chrome:
        game = GamePage.open(chrome, served.url)
        setup_ms = game.shown_after(SETUP_SHOWN)
        (artefacts / "serve-timing.txt").write_text(f"page load to setup screen: {setup_ms:.0f} ms\n")
        screen = game.wait_for(SETUP_SHOWN)
        assert "Start game" in screen.text and "Corona" in screen.text
        assert screen.cols >= 120 and screen.rows >= 35  # the terminal fills the 1280 × 800 page

        start_game(game)  # mouse: the seed field, then Start game; keys: the seed
        screen = play_opening(game)  # key 1; mouse: stack 2, Y1; keys: b 1 (waits for the whole table)
        assert "[1] Ecliptic Eel" in screen.text and "[2] Selenite Shard" in screen.text
        assert "Commit, phase 1/3" in screen.text and "seed 7" in screen.text
        game.press("Enter")  # roll
        rolled = game.wait_for(ROLLED)
        assert "Apply, phase 1/3" in rolled.text
        game.page.screenshot(path=str(artefacts / "serve-table.png"))
        assert len(served.game_pids()) == 1  # this tab's game

        # Closing the tab ends its game; the game had saved after the roll, so opening it again resumes there.
        game.page.close()
        assert served.wait_for_no_games(), "closing the tab must end its game process"
        assert (served.data_dir / "autosave.toml").is_file()
        again = GamePage.open(chrome, served.url)
        resumed = again.wait_for(ROLLED)
        assert "Apply, phase 1/3" in resumed.text and "seed 7" in resumed.text
        assert "[1] Ecliptic Eel" in resumed.text and "[2] Selenite Shard" in resumed.text

        # Quitting the game in the page ends its process, and the page says so and offers to start again. No click
        # first: the page hands the keyboard to the game as soon as it loads.
        again.press("Control+q")
        again.page.wait_for_selector("text=The game has closed.", state="visible", timeout=30_000)
        assert again.page.get_by_role("button", name="Start again").is_visible()
        assert served.wait_for_no_games()

        # Offline: the page, its assets and the websocket all came from the server, nothing from anywhere else.
        for tab in (game, again):
            assert tab.foreign == [], tab.foreign
            assert tab.requests and all(url.startswith(local(served.url)) for url in tab.requests), tab.requests
            assert any("/ws?" in url for url in tab.requests)


def local(url: str) -> tuple[str, str]:
    """The prefixes of every address on the server: its pages and its websocket."""
    return url + "/", url.replace("http://", "ws://") + "/"
