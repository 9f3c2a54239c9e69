"""What the TUI imports before its first frame (issue 28: start-up).

``twentystrong play --hero … --seed …`` runs in a fresh interpreter as the command line runs it, but headless (the
App's ``run`` is replaced by ``run_test``), and ``sys.modules`` is taken when the App receives ``Ready``: Textual
posts it right after the first frame. Every module imported by then is start-up the player waits for, so the first
frame of a game imports its own deck's kit and the general table, and nothing a later moment needs:

- of another installed deck, only its kit's declaration (its package and its options: the command line's flags)
  and its content model (never its rules: their commands, events and table state; nor its board or bot);
- not the validator (pydantic: a shipped deck comes from the cache), nor numpy;
- not the bots, the record, the simulator, the review, the benchmarks, the browser front end;
- not the screens shown later (setup, help, history, statistics …), nor what the first command needs
  (``text.announce``), nor the profile's writer (``tomli_w``: a start only reads the profile);
- not the odds panel (it is mounted with the hero and inventory panels right after the first frame).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from twentystrong.content.heroes import CHOSEN_IN_GAME
from twentystrong.kits import kits
from twentystrong.session.paths import DATA_DIR_ENV

PROBE = """
import asyncio, json, sys

from textual import events
from textual.app import App

first = []


def hook(message):
    if isinstance(message, events.Ready) and not first:
        first.append(sorted(sys.modules))


def run(self, *args, **kwargs):  # the command line's App.run, headless: the first frame is all the probe waits for
    async def go():
        async with self.run_test(size=(120, 40), message_hook=hook):
            pass

    asyncio.run(go())


App.run = run
from twentystrong.cli.main import main

status = main(sys.argv[1:])
print(json.dumps({"status": status, "modules": first[0] if first else None}))
"""

GAMES = {
    "solar-sentinels": ["--hero", "corona", "--seed", "3"],
    "hoplomachus-victorum": ["--hero", "varro", "--seed", "1"],
}
"""A game of each shipped deck, as the command line starts it (the benchmark's is the first)."""

NEVER = (
    "pydantic",
    "numpy",
    "tomli_w",
    "twentystrong.bench",
    "twentystrong.bots",
    "twentystrong.cli.simulate",
    "twentystrong.content.explain",
    "twentystrong.content.schema",
    "twentystrong.content.validate",
    "twentystrong.odds",
    "twentystrong.record",
    "twentystrong.review",
    "twentystrong.serve",
    "twentystrong.sim",
    "twentystrong.text.announce",
    "twentystrong.text.history",
    "twentystrong.tui.screens.game_over",
    "twentystrong.tui.screens.help",
    "twentystrong.tui.screens.history",
    "twentystrong.tui.screens.setup",
    "twentystrong.tui.screens.statistics",
    "twentystrong.tui.widgets.choices",
    "twentystrong.tui.widgets.odds",  # the odds panel joins the side column after the first frame
    "twentystrong.tui.widgets.odds_process",
)
"""Packages and modules (each with everything under it) that no first frame imports."""
LATER_PARTS = ("bot", "ladder", "primer", "sim", "bench", "record")
"""A kit's parts that a game needs only later (its bot, its ladder when the game ends …) or never in the TUI."""


def first_frame_modules(deck: str, tmp_path: Path) -> list[str]:
    """The modules imported when the first frame of a game of ``deck`` is out (the shipped decks' cache filled
    first, as by any earlier start: a first start ever validates them)."""
    env = {**os.environ, DATA_DIR_ENV: str(tmp_path)}
    warm = f"from twentystrong.content.loader import load_shipped\nfor deck in {sorted(GAMES)!r}: load_shipped(deck)"
    subprocess.run([sys.executable, "-c", warm], check=True, timeout=300, env=env)
    argv = [sys.executable, "-c", PROBE, "play", "--deck", deck, *GAMES[deck]]
    result = subprocess.run(argv, capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout.strip().splitlines()[-1])
    assert answer["status"] == 0 and answer["modules"], answer
    modules: list[str] = answer["modules"]
    return modules


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


@pytest.mark.parametrize("deck", sorted(GAMES))
def test_the_first_frame_imports_its_own_deck_and_the_table_only(deck: str, tmp_path: Path) -> None:
    modules = first_frame_modules(deck, tmp_path)
    # A test that can fail: the probe saw the first frame of this deck's table.
    own = kits()[deck].rules.partition(":")[0]
    assert {own, "twentystrong.tui.screens.table", "twentystrong.engine.decide"} <= set(modules)

    assert [m for m in modules if any(_under(m, never) for never in NEVER)] == []
    for ruleset, kit in kits().items():
        package = kit.rules.partition(".rules")[0]
        if ruleset == deck:
            later = [m for m in modules if any(_under(m, f"{package}.{part}") for part in LATER_PARTS)]
            assert later == [], f"a game of {deck} imports its kit's later parts before the first frame: {later}"
        else:
            # Its kit's declaration, and its extension of the general tables (every deck file is read with them: a
            # hero table's model is Victorum's, with its Primus side).
            allowed = {package, f"{package}.options", f"{package}.content"}
            if deck in CHOSEN_IN_GAME:  # HV1: the game offers every universal hero: the other decks are read
                allowed.add(f"{package}.kinds")
            loaded = [m for m in modules if _under(m, package)]
            assert set(loaded) <= allowed, (
                f"a game of {deck} imports more of {ruleset} than its kit's declaration: {sorted(loaded)}"
            )


COMPILES = """
import json, re

compiled = []
compile_ = re.compile


def recording(pattern, flags=0):
    compiled.append(str(getattr(pattern, "pattern", pattern)))
    return compile_(pattern, flags)


re.compile = recording
import twentystrong.engine  # every engine module, its words among them
from twentystrong.engine import reasons

re.compile = compile_
print(json.dumps({"compiled": compiled, "patterns": [p for p, _ in reasons._REASONS + reasons._PURPOSES]}))
"""


def test_the_engine_compiles_its_words_patterns_when_first_matched_not_at_import() -> None:
    """The reasons' and purposes' English shapes (``engine/reasons.py``) are compiled by ``re`` when a front end
    first says one (a log line, a prompt), not while the engine is imported before the first frame."""
    result = subprocess.run([sys.executable, "-c", COMPILES], capture_output=True, text=True, timeout=300, check=True)
    answer = json.loads(result.stdout.strip().splitlines()[-1])
    assert len(answer["patterns"]) >= 20  # every shape, read from the module
    assert set(answer["compiled"]) & set(answer["patterns"]) == set()
