"""Deck rules: one package per ruleset, registered by id, called by the general rules at named points (see
:mod:`twentystrong.engine.rulesets.base`, architecture.md contract 9).

A ruleset registers itself when its package is imported (:func:`register`); :func:`ruleset_for` imports a
ruleset's package through its deck kit (:mod:`twentystrong.kits`) the first time a deck names it.
"""

from __future__ import annotations

from twentystrong.engine import commands
from twentystrong.engine.rulesets.base import Ruleset
from twentystrong.engine.state import GameState

RULESETS: dict[str, Ruleset] = {}
"""Every registered ruleset, by id."""


def register(ruleset: Ruleset) -> Ruleset:
    """Make a ruleset playable: decks naming its id follow it, and its commands are known to the parser."""
    commands.register(
        {name: spec.description for name, spec in ruleset.commands.items()},
        {name: kind for spec in ruleset.commands.values() for name, kind in spec.fields.items()},
    )
    RULESETS[ruleset.id] = ruleset
    return ruleset


def ruleset_for(ruleset_id: str) -> Ruleset:
    """The rules object of a deck's ruleset: its kit's rules, imported (and so registered) on first use."""
    found = RULESETS.get(ruleset_id)
    if found is None:
        from twentystrong.kits import kit  # the kits name the rulesets: none is listed here

        found = kit(ruleset_id).ruleset()
    return found


def rules(s: GameState) -> Ruleset:
    """The ruleset of the deck being played."""
    return ruleset_for(s.deck.info.ruleset)


__all__ = ["RULESETS", "Ruleset", "register", "rules", "ruleset_for"]
