"""A third deck from outside twentystrong (architecture.md contract 9): the toy deck package
(``tests/plugins/toy_deck``: its kit, rules, TOML deck, board, bot and option) is installed beside twentystrong for
the test run and plays through ``validate``, ``schema``, ``headless``, ``simulate``, a game in the terminal UI and
the record. Nothing in twentystrong names it: the entry point its ``pyproject.toml`` declares is how it is found.

Installing: the package folder and the metadata its build backend (setuptools) writes from its ``pyproject.toml``
(``egg_info``: the entry point included) go into a folder of their own, put on the path (``PYTHONPATH`` for the
commands, ``sys.path`` in this process). That is what an installer leaves behind, without the network or a wheel
builder (a fresh virtual environment has neither ``wheel`` nor a setuptools that builds wheels without it).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Select, Static

from twentystrong.engine.commands import Command, Rejected
from twentystrong.kits import kits
from twentystrong.tui import messages
from twentystrong.tui.app import TwentyStrongApp, create_app

PLUGIN = Path(__file__).resolve().parent / "plugins" / "toy_deck"
"""The toy deck package's source (its ``pyproject.toml`` and its ``toy_deck`` package)."""


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the toy deck package is installed in (once per test run)."""
    root = tmp_path_factory.mktemp("toy-deck")
    source, site = root / "source", root / "site"
    shutil.copytree(PLUGIN, source, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build"))
    site.mkdir()
    build = [sys.executable, "-c", "from setuptools import setup; setup()", "-q", "egg_info", "--egg-base", str(site)]
    done = subprocess.run(build, cwd=source, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    shutil.copytree(source / "toy_deck", site / "toy_deck", ignore=shutil.ignore_patterns("__pycache__"))
    points = next(site.glob("*.egg-info")) / "entry_points.txt"
    assert "[twentystrong.rulesets]\ntoy = toy_deck:KIT" in points.read_text()
    return site


@pytest.fixture
def deck_path(site: Path) -> Path:
    """The installed toy deck's folder of TOML."""
    return site / "toy_deck" / "deck"


@pytest.fixture
def installed(site: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """This process sees the installed package (and forgets it afterwards: the kits are read anew)."""
    kits.cache_clear()
    assert "toy" not in kits()  # not installed: twentystrong does not know it
    monkeypatch.syspath_prepend(str(site))
    kits.cache_clear()
    yield site
    monkeypatch.undo()
    kits.cache_clear()


def command(site: Path, data: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``twentystrong ARGS`` in a new process that sees the installed package, with its own data folder."""
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "PYTHONPATH": path, "TWENTYSTRONG_DATA_DIR": str(data), "NO_COLOR": "1"}
    run = [sys.executable, "-m", "twentystrong", *args]
    return subprocess.run(run, input=stdin, capture_output=True, text=True, env=env, timeout=300, check=False)


def test_discovered_through_its_entry_point(installed: Path) -> None:
    """Installed, its kit is a ruleset like the shipped ones: its rules, board and bot resolve from its package;
    nothing in twentystrong names it."""
    package = Path(__file__).resolve().parent.parent / "twentystrong"
    naming = [p for p in package.rglob("*.py") if "toy_deck" in p.read_text() or "toy camps" in p.read_text().lower()]
    assert naming == []
    kit = kits()["toy"]
    assert kit.name == "Toy camps" and kit.ruleset().id == "toy"
    assert Path(kit.ruleset().__class__.__module__.replace(".", "/")).name == "rules"
    assert kit.bot_class().__name__ == "ToyBot"
    assert kit.board_module().BOARD.__name__ == "ToyBoard"


def test_validate_and_schema(site: Path, deck_path: Path, tmp_path: Path) -> None:
    """``validate`` reads its TOML deck as any deck; ``schema`` knows its ruleset id."""
    done = command(site, tmp_path, "validate", str(deck_path))
    assert done.returncode == 0 and 'ok (deck "toy"' in done.stdout, done.stdout + done.stderr
    done = command(site, tmp_path, "schema")
    assert done.returncode == 0, done.stderr
    assert '"toy"' in done.stdout and "solar-sentinels" in done.stdout
    json.loads(done.stdout)
    broken = tmp_path / "broken"
    shutil.copytree(deck_path, broken)
    (broken / "heroes.toml").write_text('[[hero]]\nid = "x"\nname = "X"\nhealth = 9\nstrategy = 3\nrecovery = 2\n')
    done = command(site, tmp_path, "validate", str(broken))
    assert done.returncode == 1 and "heroes.toml:4" in done.stdout and "Traceback" not in done.stderr


def test_headless_plays_a_game_to_its_end_and_records_it(site: Path, deck_path: Path, tmp_path: Path) -> None:
    """A conversation with ``headless``: random legal commands (seeded) until the game ends; its own keys in each
    answer (the camps, the position); ``--record`` adds it to the record, which ``stats --json`` lists."""
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "PYTHONPATH": path, "TWENTYSTRONG_DATA_DIR": str(tmp_path)}
    run = [sys.executable, "-m", "twentystrong", "headless", "--deck-path", str(deck_path), "--seed", "4", "--record"]
    pipes: dict[str, Any] = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    with subprocess.Popen([*run, "--hero", "recruit"], env=env, text=True, **pipes) as game:
        assert game.stdin is not None and game.stdout is not None and game.stderr is not None

        def answer() -> dict[str, Any]:
            assert game.stdout is not None and game.stderr is not None
            line = game.stdout.readline()
            assert line, game.stderr.read()
            read: dict[str, Any] = json.loads(line)
            assert read["ok"] is True, read
            return read

        state = answer()
        assert [c["id"] for c in state["state"]["camps"]] == ["west", "middle", "east"]
        assert state["state"]["awaiting"]["kind"] == "activate"
        rng, commands = random.Random(4), 0
        while state["state"]["result"] is None and commands < 3000:
            game.stdin.write(json.dumps(rng.choice(state["legal"])) + "\n")
            game.stdin.flush()
            state, commands = answer(), commands + 1
        game.stdin.close()
        said = game.stderr.read()
        assert game.wait(timeout=60) == 0, said
    assert state["state"]["result"] in ("won", "lost") and commands > 10
    assert "added to your record" in said
    done = command(site, tmp_path, "stats", "--json")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["games"] == 1 and record["decks"][0]["best_game"]["hero"] == "recruit"


def test_its_own_option(site: Path, deck_path: Path, tmp_path: Path) -> None:
    """``--training N`` (its kit's option, declared as data) is a flag of ``headless``: N dice start in the training
    grounds; a value out of its bounds is refused in words."""
    for args, training in (((), 8), (("--training", "3"), 3)):
        done = command(site, tmp_path, "headless", "--deck-path", str(deck_path), "--seed", "1", *args, stdin="")
        assert done.returncode == 0, done.stderr
        dice = json.loads(done.stdout.splitlines()[0])["state"]["dice"]
        assert sum(d["zone"] == "training" for d in dice) == training
    done = command(site, tmp_path, "headless", "--deck-path", str(deck_path), "--training", "9", stdin="")
    assert done.returncode == 2 and "training" in done.stderr and "Traceback" not in done.stderr


def test_simulate_with_its_bot(site: Path, deck_path: Path, tmp_path: Path) -> None:
    """``simulate`` plays it with its own heuristic bot (the kit's), which wins more than random play."""
    wins = {}
    for bot in ("heuristic", "random"):
        args = ("simulate", "--deck", str(deck_path), "--games", "5", "--bot", bot, "--json")
        done = command(site, tmp_path, *args)
        assert done.returncode == 0, done.stderr
        report = json.loads(done.stdout)
        assert report["deck"] == "toy" and set(report["heroes"]) == {"recruit", "veteran"}
        assert all(hero["games"] == 5 for hero in report["heroes"].values())
        wins[bot] = sum(hero["wins"] for hero in report["heroes"].values())
    assert wins["heuristic"] > wins["random"]
    done = command(site, tmp_path, "simulate", "--deck", str(deck_path), "--games", "5", "--seed", "3")
    assert done.returncode == 0, done.stderr
    heading = done.stdout.splitlines()[0]
    assert heading.startswith("5 games per hero, heuristic bot, deck toy, ") and heading.endswith(", seeds 3-7")
    assert ", ," not in heading
    assert "stack" not in done.stdout  # another deck's words never describe this one's games


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def view_first(app: TwentyStrongApp, cmd: str) -> Command:
    assert app.store is not None
    found = app.store.view.first(cmd)
    assert found is not None, cmd
    return found


def camp(app: TwentyStrongApp, name: str) -> str:
    return str(app.screen.query_one(f"#camp-{name}", Static).content)


async def test_a_game_in_the_terminal_ui(installed: Path) -> None:
    """From the setup screen (its own option: 5 dice in training) to the table with its board (its camps), its
    keys (``v`` move, ``t`` activate), the list of all moves, a die committed; then its bot plays the game to its
    end through the App's store: the game-over screen shows and the record has it."""
    from twentystrong.tui.screens.game_over import GameOverScreen
    from twentystrong.tui.screens.setup import SetupScreen
    from twentystrong.tui.screens.table import TableScreen
    from twentystrong.tui.widgets.choices import ChoicesScreen

    deck = installed / "toy_deck" / "deck"
    app = create_app(deck_path=deck, seed=2, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.query_one("#training-row").display  # its own option, a control of the setup screen
        app.screen.query_one("#training", Select).value = 5
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.store is not None and app.store.state.deck.info.ruleset == "toy"
        assert len(app.store.view.player.dice_in("training")) == 5
        assert all(
            camp(app, c).startswith("▶ ") and "5 cards, top " in camp(app, c) for c in ("west", "middle", "east")
        )
        await pilot.press("v")  # three camps to choose from
        await settle(pilot)
        assert isinstance(app.screen, ChoicesScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        here = [c for c in ("west", "middle", "east") if "camp · here" in camp(app, c)]
        assert len(here) == 1 and not camp(app, here[0]).startswith("▶")
        await pilot.press("t")
        await settle(pilot)
        assert "4 cards, top " in camp(app, here[0]) and len(app.store.state.active) == 1

        await pilot.press("a")  # every move, in the toy's words
        await settle(pilot)
        assert isinstance(app.screen, ChoicesScreen)
        await pilot.press("escape")
        await settle(pilot)
        app.post_message(messages.Play(view_first(app, "commit")))
        await settle(pilot)
        assert len(app.store.view.player.dice_in("active")) == 1  # committed

        bot = kits()["toy"].bot_class()(2)  # the rest of the game: its bot's moves, through the App's store
        for _ in range(3000):
            view = app.store.view
            if view.player.result is not None:
                break
            assert not isinstance(app.store.dispatch(bot.choose(view.player, list(view.legal))), Rejected)
        await settle(pilot)
        assert app.store.state.result in ("won", "lost")
        assert isinstance(app.screen, GameOverScreen)
        assert app.store.recorder.recorded is not None and app.store.recorder.recorded.id == 1
