"""Which decks' tables the TUI draws: those whose deck kit brings a board (:attr:`twentystrong.kits.kit.DeckKit.board`).

A deck of a ruleset with no board (a ruleset added to the engine before its table) is refused with a clear message
instead of a table that cannot show it; it plays headless meanwhile.
"""

from __future__ import annotations

from twentystrong.kits import kits


def not_drawn(ruleset: str, deck_id: str, deck_path: str | None = None) -> str | None:
    """Why the TUI cannot play a deck of this ruleset yet (with what to do instead), or None."""
    found = kits().get(ruleset)
    if found is not None and found.board is not None:
        return None
    name = found.name if found is not None else ruleset
    where = f"--deck-path {deck_path}" if deck_path else f"--deck {deck_id}"
    return (
        f"The {name} table comes in a later version of the terminal UI. Play the deck {deck_id!r} headless "
        f"meanwhile: twentystrong headless {where} (see the README)."
    )
