"""Toy camps: a third deck for twentystrong, from outside its package (architecture.md contract 9).

Installed beside twentystrong, this package registers its kit under the entry-point group ``twentystrong.rulesets``
(its ``pyproject.toml``: ``toy = "toy_deck:KIT"``); nothing in twentystrong names it. It holds:

- :mod:`.rules`: its rules (three camps in a line, a training grounds, fights that last until won);
- :mod:`.board`: its board on the table screen (the camps, and ``m`` / ``a`` to move and activate);
- :mod:`.bot`: its heuristic bot;
- :mod:`.options`: its own setup option (``--training N``);
- :mod:`.content`: what its deck files hold; ``deck/``: its deck, TOML the loader reads (:data:`DECK_PATH`).
"""

from __future__ import annotations

from pathlib import Path

from toy_deck.options import OPTIONS
from twentystrong.kits.kit import DeckKit

DECK_PATH = Path(__file__).resolve().parent / "deck"
"""The toy deck's folder (``twentystrong play --deck-path`` it)."""

KIT = DeckKit(
    id="toy",
    name="Toy camps",
    rules="toy_deck.rules:RULESET",
    board="toy_deck.board",
    bot="toy_deck.bot:ToyBot",
    options=OPTIONS,
    content="toy_deck.content:CONTENT",
)
"""This deck's kit (registered in ``pyproject.toml`` under ``twentystrong.rulesets``)."""
