"""The one object a deck kit gives the general code (architecture.md contract 9).

A kit names its parts by module, so that asking a kit for its name or options loads none of its rules, board or
bot: each part is imported when first needed (the rules when a game of the deck is set up, the board when one is
first shown, the bot when one first plays).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from twentystrong.bots.heuristic import HeuristicBot
    from twentystrong.engine.rulesets.base import Ruleset


def _resolve(target: str) -> Any:
    """The object a ``module:attribute`` reference names (or the module, without ``:attribute``)."""
    module, _, attribute = target.partition(":")
    loaded = import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


resolve = _resolve  # i28-words: the kit's optional parts (its ladder, its primer …) are resolved by who asks


@dataclass(frozen=True)
class DeckKit:
    """Everything a ruleset brings, as references the general code resolves when it needs them."""

    id: str
    """The ruleset id deck files name (``ruleset = "solar-sentinels"``)."""
    name: str
    """The ruleset's name in words."""
    rules: str
    """``module:attribute`` of its :class:`~twentystrong.engine.rulesets.base.Ruleset` (pure Python; importing the
    module registers its commands and effect kinds)."""
    board: str | None
    """The module of its board on the table screen (Textual): its ``BOARD`` class (a ``tui.boards.Board``: its zones,
    keys, panels, prompts and words, composed into the general table); None for a ruleset that plays headless only,
    so far."""
    bot: str
    """``module:attribute`` of its heuristic bot's class (``--bot heuristic``)."""
    # i28-words
    ladder: str | None = None
    """``module:attribute`` of its difficulty ladder (a :class:`~twentystrong.record.ladder.LadderRule`), or None
    for a ruleset without one."""
    primer: str | None = None
    """``module:attribute`` of the function giving its rules primer (the help screen's sections: a tuple of
    :class:`~twentystrong.text.primer.PrimerSection`), or None: the general sections only."""
    cards: str | None = None
    """``module:attribute`` of its own pieces in words (a :class:`~twentystrong.text.cards.DeckCards`), or None."""
    bench: str | None = None
    """``module:attribute`` of the function writing a generated deck of its shape for the benchmarks
    (``write_deck(folder, **options) -> folder``), or None."""
    sim: str | None = None
    """``module:attribute`` of its part of the simulator (a :class:`~twentystrong.sim.runner.SimPart`), or None."""

    def ruleset(self) -> Ruleset:
        """Its rules, imported on first use."""
        found: Ruleset = _resolve(self.rules)
        return found

    def board_module(self) -> Any | None:
        """Its board module, imported on first use (only a front end asks: it imports Textual), or None."""
        return _resolve(self.board) if self.board is not None else None

    def bot_class(self) -> type[HeuristicBot]:
        """Its heuristic bot's class, imported on first use."""
        found: type[HeuristicBot] = _resolve(self.bot)
        return found
