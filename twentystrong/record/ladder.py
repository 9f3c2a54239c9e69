"""Each deck's difficulty ladder, kept in the record per deck.

A ruleset's kit declares its ladder (:attr:`~twentystrong.kits.kit.DeckKit.ladder`: what its levels are called,
their bounds, the setup option that holds a game's level); a ruleset without one has no ladder. The record stores
a ladder as (deck, kind, level), so a new kind needs no new table.

A game moves its deck's ladder from the level it was played at: up one on a win, down one on a loss, within the
bounds. It does not when it was assisted (contract 5), played without the setup option the ladder needs (R15: a
deck's levels may exist only with one of its options on), or is a daily challenge (the day's game is the same for
everyone, so it is not played at the player's own level).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from twentystrong.engine.state import SetupOptions

Unmoved = str
"""Why a game leaves the ladder alone: ``assisted``, ``daily``, ``no ladder``, or ``no`` and the setup option the
ladder needs (``no missions``); "" when it moves it."""


@dataclass(frozen=True, slots=True)
class LadderRule:
    """A deck's ladder: what its levels are called and their bounds."""

    kind: str
    """What a level is called (``difficulty``): a key of the record, in English (marked by the kit, said through
    ``_()`` where shown: :meth:`name`, :meth:`kind_words`)."""
    lowest: int
    highest: int
    titles: dict[int, str]
    """A title per level, where the deck names them (English, marked by the kit, said through ``_()`` where shown)."""
    option: str
    """The setup option that holds the level a game is played at (``difficulty``)."""
    needs: str | None = None
    """The setup option a game must have on to move the ladder, if any (R15; the record reads it from the game's
    fact of that name: :attr:`~twentystrong.kits.record.Fact.name`)."""

    def clamp(self, level: int) -> int:
        """The level kept within the bounds."""
        return max(self.lowest, min(self.highest, level))

    def after(self, level: int, result: str) -> int:
        """The ladder after a game played at ``level``: up one on a win, down one on a loss."""
        return self.clamp(level + (1 if result == "won" else -1))

    def name(self, level: int) -> str:
        """The level in words, with its title if it has one (``difficulty 2``), in the language spoken."""
        return f"{self.kind_words()} {self.level_words(level)}"

    def kind_words(self) -> str:
        """What a level is called, in the language spoken (``difficulty``, ``Schwierigkeit``)."""
        from twentystrong.i18n import _

        return _(self.kind)

    def level_words(self, level: int) -> str:
        """A level's number and its title if it has one (``2 Solar Specialist``), in the language spoken."""
        from twentystrong.i18n import _

        title = self.titles.get(level, "")
        return f"{level} " + _(title) if title else str(level)


class _Ladders(Mapping[str, LadderRule]):
    """The ladders of the installed kits, by ruleset id (each kit's own, imported when first asked for)."""

    def __getitem__(self, ruleset: str) -> LadderRule:
        from twentystrong.kits import KitError, kit, resolve

        try:
            target = kit(ruleset).ladder
        except KitError:
            raise KeyError(ruleset) from None
        if target is None:
            raise KeyError(ruleset)
        found: LadderRule = resolve(target)
        return found

    def __iter__(self) -> Iterator[str]:
        from twentystrong.kits import kits

        return iter([ruleset for ruleset, found in kits().items() if found.ladder is not None])

    def __len__(self) -> int:
        return sum(1 for _ in self)


RULES: Mapping[str, LadderRule] = _Ladders()
"""Ladder rules by ruleset."""


def rule_for(ruleset: str) -> LadderRule | None:
    """The ladder of a ruleset, or None when it has none (yet)."""
    return RULES.get(ruleset)


def level_of(options: SetupOptions, rule: LadderRule) -> int:
    """The level a game is played at: the setup option its ladder names (its lowest rung when not chosen)."""
    value = options.chosen(rule.option)
    return value if isinstance(value, int) else rule.lowest


def unmoved(*, assisted: bool, needed: bool, daily: bool, rule: LadderRule | None) -> Unmoved:
    """Why a finished game does not move the ladder, or "" when it does (``needed``: whether the game had the setup
    option the ladder needs on)."""
    if rule is None:
        return "no ladder"
    if assisted:
        return "assisted"  # contract 5
    if rule.needs is not None and not needed:
        return f"no {rule.needs}"  # R15
    if daily:
        return "daily"
    return ""
