"""Purity (architecture.md contract 1): only the TUI and the command line may import Textual or Rich.

Every module of the package outside the front ends (``twentystrong.tui``, ``twentystrong.serve``: the TUI in a
browser) and ``twentystrong.cli`` is imported in a fresh interpreter, which then must not have ``textual`` or
``rich`` in ``sys.modules``. New modules are covered as soon
as they exist, because the package is walked rather than listed. The light subcommands (``validate``,
``schema``) are held to the same standard: deck authors run them in a loop.
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import twentystrong

FORBIDDEN = ("textual", "rich")
UI_PACKAGES = ("twentystrong.tui", "twentystrong.serve", "twentystrong.cli")
PLAIN = Path(__file__).parent / "decks" / "plain"

_PROBE = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in {forbidden})))
"""


def _is_board(name: str) -> bool:
    """A deck kit's board (``twentystrong.kits.<deck>.board``, a module or a package): the TUI's part of the kit."""
    parts = name.split(".")
    return parts[:2] == ["twentystrong", "kits"] and "board" in parts[3:4]


def core_modules() -> list[str]:
    """Every module of the package that is neither UI nor command line (nor ``__main__``, which runs the app)."""
    names = ["twentystrong"]
    for info in pkgutil.walk_packages(twentystrong.__path__, "twentystrong."):
        if info.name.startswith(UI_PACKAGES) or info.name.endswith("__main__") or _is_board(info.name):
            continue
        names.append(info.name)
    return names


def loaded_ui_modules(code: str, *args: str) -> list[str]:
    result = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    loaded: list[str] = json.loads(result.stdout.strip().splitlines()[-1])
    return loaded


def test_the_walk_finds_the_core() -> None:
    modules = core_modules()
    assert {"twentystrong.content", "twentystrong.content.loader", "twentystrong.content.model"} <= set(modules)
    assert not any(m.startswith(UI_PACKAGES) for m in modules)
    assert "twentystrong.kits.solar_sentinels.rules" in modules
    assert not any(_is_board(m) for m in modules)


def test_core_modules_never_import_textual_or_rich() -> None:
    probe = _PROBE.format(forbidden=set(FORBIDDEN))
    if loaded_ui_modules(probe, *core_modules()):
        # One interpreter for all is fast; on failure, one each names the culprits.
        culprits = [name for name in core_modules() if loaded_ui_modules(probe, name)]
        raise AssertionError(f"these modules import textual or rich: {', '.join(culprits)}")


def test_validate_and_schema_commands_stay_light() -> None:
    code = (
        "import contextlib, io, json, sys\n"
        "from twentystrong.cli.main import main\n"
        "with contextlib.redirect_stdout(io.TextIOWrapper(io.BytesIO(), encoding='utf-8')):\n"
        f"    main(['validate', {str(PLAIN)!r}])\n"
        "    main(['schema'])\n"
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {set(FORBIDDEN)!r})))\n"
    )
    assert loaded_ui_modules(code) == []
