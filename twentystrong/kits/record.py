"""What a deck's games record beyond the general figures, declared by its kit (architecture.md contract 9).

The record (:mod:`twentystrong.record`) keeps the same figures of every finished game: its setup, result, rounds,
damage, enemies, the boss, dice luck and the game itself. A kit adds its own with a :class:`RecordPart`
(:attr:`~twentystrong.kits.kit.DeckKit.record`): one :class:`Fact` per figure, each kept in a column of the
record's ``games`` table of its name (the record adds the column the first time it is opened with the kit
installed), shown in ``twentystrong stats --json`` and its CSV under that name, after the general figure
:attr:`Fact.after` names.

Every game has every installed kit's facts, so that the JSON and CSV of a record of several decks have the same
keys on each game: a game of another deck keeps :attr:`Fact.other` there (a value that says nothing).

Pure Python, light: a kit's record part is imported when a game is recorded or the record is read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from twentystrong.session.session import Session
    from twentystrong.text.stats import GameStats

FactKind = Literal["count", "flag"]
"""How a fact's value reads: ``count`` a whole number; ``flag`` true or false (kept as 1 or 0)."""


@dataclass(frozen=True)
class Fact:
    """One figure a deck's games record (its kit declares it)."""

    name: str
    """Its column in the record's ``games`` table, and its key in a game's JSON and CSV (a Python identifier)."""
    of: Callable[[Session, GameStats], int | None]
    """Its value for a finished game of the deck (the game, and its game-over figures)."""
    after: str
    """The key of a game's JSON it follows (a general figure's, or an earlier fact's)."""
    kind: FactKind = "count"
    other: int | None = 0
    """What a game of another deck keeps here."""

    def shown(self, value: int | None) -> int | bool | None:
        """The value as a game's JSON shows it."""
        if value is None or self.kind == "count":
            return value
        return bool(value)


@dataclass(frozen=True)
class RecordPart:
    """What a deck's games record beyond the general figures."""

    facts: tuple[Fact, ...] = ()


def facts() -> list[tuple[str, Fact]]:
    """Every installed kit's facts, with its ruleset id, kit by kit (each kit's record part imported when first
    asked for)."""
    from twentystrong.kits import kits

    out: list[tuple[str, Fact]] = []
    for ruleset, found in kits().items():
        part = found.record_part()
        out += [(ruleset, fact) for fact in part.facts] if part is not None else []
    return out


__all__ = ["Fact", "FactKind", "RecordPart", "facts"]
