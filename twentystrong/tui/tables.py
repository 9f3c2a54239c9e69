"""Which decks' tables the TUI draws today (each ruleset's board: :mod:`twentystrong.tui.boards`): Solar Sentinels and
Hoplomachus Victorum.

A deck of a ruleset with no board (a ruleset added to the engine before its table) is refused with a clear message
instead of a table that cannot show it; it plays headless meanwhile.
"""

from __future__ import annotations

DRAWN: frozenset[str] = frozenset({"solar-sentinels", "hoplomachus-victorum"})
"""The rulesets the TUI has a board for (``boards.BOARDS`` holds the same ids; a test keeps them equal)."""

NAMES: dict[str, str] = {"hoplomachus-victorum": "Hoplomachus Victorum"}
"""Rulesets by name, for the refusal."""


def not_drawn(ruleset: str, deck_id: str, deck_path: str | None = None) -> str | None:
    """Why the TUI cannot play a deck of this ruleset yet (with what to do instead), or None."""
    if ruleset in DRAWN:
        return None
    name = NAMES.get(ruleset, ruleset)
    where = f"--deck-path {deck_path}" if deck_path else f"--deck {deck_id}"
    return (
        f"The {name} table comes in a later version of the terminal UI. Play the deck {deck_id!r} headless "
        f"meanwhile: twentystrong headless {where} (see the README)."
    )
