"""The README's two set-up commands are what CI runs and what a new player types."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", setup)


def test_readme_has_exactly_two_setup_commands() -> None:
    commands = _commands()
    assert len(commands) == 2, commands
    play, tests = commands
    assert "pip install ." in play and play.rstrip().endswith("twentystrong")
    assert "[test" in tests and tests.rstrip().endswith("pytest")


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    _, tests = _commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests in ci.splitlines(), "keep .ci/run in step with the README's test command"


def test_readme_screenshots_exist() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in re.findall(r"\]\((screenshots/[^)]+)\)", text):
        assert (ROOT / name).is_file(), f"README shows {name}, which scripts/screenshots.py must generate"
