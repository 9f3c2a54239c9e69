"""Regenerate ``screenshots/web-chromium.png``: the game served by ``twentystrong serve``, in headless Chromium.

    .venv/bin/python scripts/screenshot_web.py [--out screenshots/web-chromium.png]

Needs Chromium from the operating system (``apt-get install chromium``) and Playwright (the ``test`` extra). The
server runs with a temporary data folder, never your profile. The game is played as the browser test plays it
(seed 7: the seed typed into the setup screen, stacks 1 and 2 activated, Y1 and B1 committed and rolled), so the
picture shows the table in the middle of the first round.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from twentystrong.serve.browser import (  # noqa: E402
    GamePage,
    chromium,
    committed,
    missing,
    play_opening,
    serve,
    start_game,
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots" / "web-chromium.png")
    args = parser.parse_args()
    why = missing()
    if why is not None:
        print(f"cannot take the screenshot: {why}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder, serve(Path(folder)) as served, chromium() as browser:
        game = GamePage.open(browser, served.url)
        start_game(game)
        play_opening(game)
        game.press("Enter")
        game.wait_for(committed("Y1○", "B1•"))
        game.page.wait_for_timeout(500)  # the terminal's fade-in and the last frame
        game.page.screenshot(path=str(args.out))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
