"""The one object a deck kit gives the general code (architecture.md contract 9).

A kit names its parts by module, so that asking a kit for its name or options loads none of its rules, board or
bot: each part is imported when first needed (the rules when a game of the deck is set up, the board when one is
first shown, the bot when one first plays).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from twentystrong.kits.options import DeckOption

if TYPE_CHECKING:
    from twentystrong.bots.heuristic import HeuristicBot
    from twentystrong.content.model import Deck
    from twentystrong.content.sections import KitContent
    from twentystrong.engine.rulesets.base import Ruleset
    from twentystrong.engine.state import SetupOptions
    from twentystrong.kits.record import RecordPart


def resolve(target: str) -> Any:
    """The object a ``module:attribute`` reference names (or the module, without ``:attribute``)."""
    module, _, attribute = target.partition(":")
    loaded = import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


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
    # i28-options
    options: tuple[DeckOption, ...] = ()
    """Its setup options as data (:mod:`twentystrong.kits.options`): the command line's flags, the setup screen's
    controls, the save's setup record and the record's level are built from them."""
    setup_check: str | None = None
    """``module:function`` that says what else a setup of its decks needs (``check(deck, options)``: a message, or
    None), beyond each option's own bounds; None: nothing else."""
    # i28-content
    content: str | None = None
    """``module:attribute`` of its :class:`~twentystrong.content.sections.KitContent`: the tables its deck files
    hold and the model of each, its own effect kinds, and what validation requires of its decks (pure Python,
    imported when a deck is validated or its schema written); None for a kit whose decks hold the general tables
    only."""
    # k-widgets
    hero_draw: str = ""
    """The setup screen's words on how the hero is chosen at the table, for a ruleset whose hero is drawn in the game
    (``content.heroes.CHOSEN_IN_GAME``); "" for the general words."""
    # k-record
    record: str | None = None
    """``module:attribute`` of its :class:`~twentystrong.kits.record.RecordPart`: what its games record beyond the
    general figures (pure Python, imported when a game is recorded or the record read); None: nothing more."""
    profile_keys: tuple[str, ...] = ()
    """Keys at the top of ``profile.toml`` that versions before per-deck settings wrote for this deck (each the name
    of one of its options): the profile reads them as this kit's."""

    def ruleset(self) -> Ruleset:
        """Its rules, imported on first use."""
        found: Ruleset = resolve(self.rules)
        return found

    def board_module(self) -> Any | None:
        """Its board module, imported on first use (only a front end asks: it imports Textual), or None."""
        return resolve(self.board) if self.board is not None else None

    def content_of(self) -> KitContent | None:
        """Its content declaration, imported on first use (None if it has none)."""
        found: KitContent | None = resolve(self.content) if self.content is not None else None
        return found

    def record_part(self) -> RecordPart | None:
        """What its games record beyond the general figures, imported on first use (None if nothing)."""
        found: RecordPart | None = resolve(self.record) if self.record is not None else None
        return found

    def bot_class(self) -> type[HeuristicBot]:
        """Its heuristic bot's class, imported on first use."""
        found: type[HeuristicBot] = resolve(self.bot)
        return found

    def check_setup(self, deck: Deck, options: SetupOptions) -> str | None:
        """What else a setup of this deck needs (its own check, beyond each option's bounds), or None."""
        if self.setup_check is None:
            return None
        problem: str | None = resolve(self.setup_check)(deck, options)
        return problem
