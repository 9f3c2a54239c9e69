"""The deck kits: one package per ruleset, holding everything its deck brings (architecture.md contract 9).

Kits are discovered, not listed: every installed package that registers a :class:`~twentystrong.kits.kit.DeckKit`
under the entry-point group ``twentystrong.rulesets`` (the shipped ones in ``pyproject.toml``) is a ruleset a deck
file may name. Each shipped kit keeps its engine rules in ``rules/`` (pure Python: contract 1), its board for the
table screen in ``board`` (Textual, imported when a game of the deck is first shown) and its bot; the general code
asks the kit and never names a deck.
"""

from __future__ import annotations

from functools import cache

from twentystrong.kits.kit import DeckKit, resolve

GROUP = "twentystrong.rulesets"
"""The entry-point group a ruleset package registers its kit under."""


class KitError(ValueError):
    """A deck names a ruleset no installed kit provides, or an installed kit is broken."""


@cache
def kits() -> dict[str, DeckKit]:
    """Every installed kit, by ruleset id (read once per process: installing a package needs a new process)."""
    from importlib.metadata import entry_points

    found: dict[str, DeckKit] = {}
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        try:
            kit = point.load()
        except Exception as error:  # a broken third-party package must not stop the game: say which
            raise KitError(f"the ruleset package {point.value!r} cannot be loaded: {error}") from error
        if not isinstance(kit, DeckKit) or kit.id != point.name:
            raise KitError(f"the entry point {point.name!r} of {GROUP!r} does not name a deck kit with that id")
        found[kit.id] = kit
    return found


def kit(ruleset_id: str) -> DeckKit:
    """The kit of a ruleset id; :class:`KitError` when no installed package provides it."""
    try:
        return kits()[ruleset_id]
    except KeyError:
        raise KitError(f"the {ruleset_id!r} ruleset is not playable yet") from None


def load_rules() -> None:
    """Load every installed kit's rules (each registers its commands, arguments, events and effect kinds)."""
    for found in kits().values():
        found.ruleset()


__all__ = ["GROUP", "DeckKit", "KitError", "kit", "kits", "load_rules", "resolve"]
