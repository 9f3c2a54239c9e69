"""The decks benchmarks run on: a shipped deck when it is installed and loads, else a deck of its ruleset's shape
that the ruleset's kit generates (its ``bench`` part: ``write_deck(folder, …)``).

The engine's benchmarks run on :data:`FIRST` (a generated one may be ``harmless``: enemies deal no damage, so a
player that never hits the boss plays for as long as it likes: deep histories, long saves) and on :data:`SECOND`.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.content.registry import shipped_deck_dirs
from twentystrong.content.source import DeckError

FIRST = "solar-sentinels"
"""The ruleset (and shipped deck) the engine's benchmarks run on first."""
SECOND = "hoplomachus-victorum"
"""The ruleset (and shipped deck) they run on second."""


def write_generated(ruleset: str, folder: Path, **options: Any) -> Path:
    """Write a deck of a ruleset's shape into ``folder`` (its kit's generator, with ``options``) and return it."""
    from twentystrong.kits import kit, resolve

    target = kit(ruleset).bench
    if target is None:
        raise ValueError(f"the {ruleset!r} ruleset generates no benchmark deck")
    folder_written: Path = resolve(target)(folder, **options)
    return folder_written


def _shipped_or_generated(ruleset: str, workdir: Path | None, name: str) -> tuple[Deck, str]:
    if ruleset in shipped_deck_dirs():
        try:
            return load_shipped(ruleset), ruleset
        except DeckError:
            pass  # a deck being written may not load yet: measure the engine on a generated one instead
    folder = write_generated(ruleset, (workdir or Path(tempfile.mkdtemp(prefix="twentystrong-bench-"))) / name)
    return load_deck(folder), f"generated {name} deck"


def bench_deck(workdir: Path | None = None) -> tuple[Deck, str]:
    """The first shipped deck if it loads, else a generated plain deck; with a word saying which."""
    return _shipped_or_generated(FIRST, workdir, "plain")


def harmless_deck(workdir: Path) -> tuple[Deck, Path]:
    """A generated plain deck whose enemies deal no damage, and its folder."""
    folder = write_generated(FIRST, workdir / "harmless", harmless=True, deck_id="bench-harmless")
    return load_deck(folder), folder


def arena_deck(workdir: Path | None = None) -> tuple[Deck, str]:
    """The second shipped deck if it loads, else a generated arena deck; with a word saying which."""
    return _shipped_or_generated(SECOND, workdir, "arena")
