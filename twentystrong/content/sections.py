"""Which tables a deck file may hold, and what a ruleset requires of its decks: the general tables, and each
installed deck kit's own (architecture.md contract 9).

The general tables are ``[deck]``, ``[[hero]]``, ``[[card]]`` and ``[[boss]]``. A kit declares, in a
:class:`KitContent` its :class:`~twentystrong.kits.kit.DeckKit` names, the tables its decks add (each with its model
and the part of the :class:`~twentystrong.content.model.Deck` its items fill) or extend (a general table's name with
a subclass of its model: the general code reads the general fields, the kit its own), the effect kinds of its own
(they join the :data:`~twentystrong.content.effects.Effect` union), the kinds that act only on its zones (refused in
another ruleset's deck), and what a deck of its ruleset needs to be set up. Nothing here is read when a game starts
from the cached deck but the kits' own models and lookups (they sit beside their declaration): only loading,
validating and the schema ask for the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from twentystrong.content.model import Boss, ConflictCard, DeckInfo, Hero
from twentystrong.kits import kits

if TYPE_CHECKING:
    from twentystrong.content.base import Content
    from twentystrong.content.effects import EffectBase
    from twentystrong.content.source import Finding, Placed


@dataclass(frozen=True)
class Section:
    """One kind of top-level table of a deck file."""

    model: type[Content]
    """The content class each table is validated as."""
    into: str
    """Where its items go: a :class:`~twentystrong.content.model.Deck` field (``info``: the one ``[deck]`` table;
    ``heroes``, ``cards``, ``bosses``), or else the name of the deck's part they fill (its ``parts``, read by the
    kit's own lookups)."""
    doc: str
    """What the tables are, in the schema's words."""
    ids: str = "card"
    """The namespace its ids are unique in: ``card`` for everything that may sit in the active area or the
    inventory (commands name them by id), or a namespace of its own (``hero``)."""


@dataclass(frozen=True)
class Needs:
    """What a ruleset needs from a deck to be set up at all."""

    least: dict[str, tuple[int, str]]
    """The fewest tables of each section it needs, with why (``"card": (45, " (3 stacks of 15)")``)."""
    sections: tuple[str, ...]
    """The sections its decks may hold (others belong to another ruleset's decks)."""
    card_levels: tuple[int, ...] = (1, 2, 3)
    """The card levels it knows."""


ItemCheck = Callable[[str, "Placed", Any], "list[Finding]"]
"""A kit's own check of one validated item of its deck: (ruleset id, where the item sits, the item) → findings."""

DeckCheck = Callable[[Sequence["Placed"]], "list[Finding]"]
"""A kit's check of a whole deck's raw items (every deck's, whatever its ruleset: the items its kit's fields add
may sit in any deck file)."""


@dataclass(frozen=True)
class KitContent:
    """What a deck kit says about its decks' content."""

    needs: Needs
    """What a deck of its ruleset needs."""
    sections: dict[str, Section] = field(default_factory=dict)
    """The tables its decks add to the general ones, by table name; one named as a general table extends it (its
    model a subclass of the general model: every deck's tables of that name are read as it, the later kit in id
    order winning should two kits extend the same table)."""
    effects: tuple[type[EffectBase], ...] = ()
    """Its own effect kinds (their handlers live in its rules)."""
    zone_kinds: frozenset[str] = frozenset()
    """The effect kinds that act only on its zones: in another ruleset's deck they would do nothing."""
    checks: Sequence[ItemCheck] = ()
    """Its own checks of each validated item of its decks."""
    deck_checks: Sequence[DeckCheck] = ()
    """Its own checks of every deck's raw items as a whole (ids its items add that must stay unique …)."""


GENERAL: dict[str, Section] = {
    "deck": Section(DeckInfo, "info", "The deck's identity: one ``[deck]`` table, in ``deck.toml``.", "deck"),
    "hero": Section(Hero, "heroes", "The heroes: one ``[[hero]]`` table each.", "hero"),
    "card": Section(ConflictCard, "cards", "The conflict cards: one ``[[card]]`` table each, in deck order."),
    "boss": Section(Boss, "bosses", "The bosses: one ``[[boss]]`` table each."),
}
"""The tables every ruleset's decks may use (a ruleset's :attr:`Needs.sections` says which of them it plays)."""


def kit_contents() -> dict[str, KitContent]:
    """The content declaration of every installed kit that has one, by ruleset id (in id order)."""
    out: dict[str, KitContent] = {}
    for ruleset, kit in kits().items():
        declared = kit.content_of()
        if declared is not None:
            out[ruleset] = declared
    return out


def sections() -> dict[str, Section]:
    """Every table a deck file may hold: the general ones (as the kits extend them), then each installed kit's
    (kits in id order)."""
    out = dict(GENERAL)
    for declared in kit_contents().values():
        out.update(declared.sections)
    return out


def table_header(section: str) -> str:
    """How a deck file writes a table of ``section``: ``[deck]``, ``[[card]]`` …"""
    return "[deck]" if section == "deck" else f"[[{section}]]"


def allowed_tables() -> str:
    """Every table a deck file may hold, as a deck file writes them."""
    return ", ".join(table_header(s) for s in sections())
