"""Each deck's difficulty ladder, kept in the record per deck.

Solar Sentinels climbs ranks 1–6 (rules.md "Difficulty ranks"; the rules of the climb are in
:mod:`twentystrong.profile`); Hoplomachus Victorum climbs difficulty 0–4 (hoplomachus.md HV13). The record stores a
ladder as (deck, kind, level), so a new kind needs no new table.

A game moves its deck's ladder from the level it was played at: up one on a win, down one on a loss, within the
bounds. It does not when it was assisted (contract 5), played without missions where the ladder needs them (R15:
Solar Sentinels' ranks exist only with missions), or is a daily challenge (the day's game is the same for everyone,
so it is not played at the player's own level).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from twentystrong.engine.state import SetupOptions
from twentystrong.profile import HIGHEST, LOWEST, TITLES, moves_ladder

Unmoved = Literal["", "assisted", "no missions", "daily", "no ladder"]
"""Why a game leaves the ladder alone ("" when it moves it)."""


@dataclass(frozen=True, slots=True)
class LadderRule:
    """A deck's ladder: what its levels are called and their bounds."""

    kind: str
    """``rank`` (Solar Sentinels) or ``difficulty`` (Hoplomachus Victorum)."""
    lowest: int
    highest: int
    titles: dict[int, str]
    """A title per level, where the deck names them."""
    option: str = "rank"
    """The setup option that holds the level a game is played at (``SetupOptions.rank`` or ``.difficulty``)."""
    needs_missions: bool = True
    """Whether only games with missions move it (R15, Solar Sentinels)."""

    def clamp(self, level: int) -> int:
        """The level kept within the bounds."""
        return max(self.lowest, min(self.highest, level))

    def after(self, level: int, result: str) -> int:
        """The ladder after a game played at ``level``: up one on a win, down one on a loss."""
        return self.clamp(level + (1 if result == "won" else -1))

    def name(self, level: int) -> str:
        """``rank 3 Solar Sergeant``."""
        title = self.titles.get(level, "")
        return f"{self.kind} {level}" + (f" {title}" if title else "")


RULES: dict[str, LadderRule] = {
    "solar-sentinels": LadderRule("rank", LOWEST, HIGHEST, dict(TITLES)),
    # HV13: difficulty X, 0–4, a win up one, a loss down one, assisted games excepted; no missions in this deck.
    "hoplomachus-victorum": LadderRule("difficulty", 0, 4, {}, option="difficulty", needs_missions=False),
}
"""Ladder rules by ruleset."""


def rule_for(ruleset: str) -> LadderRule | None:
    """The ladder of a ruleset, or None when it has none (yet)."""
    return RULES.get(ruleset)


def level_of(options: SetupOptions, rule: LadderRule | None = None) -> int:
    """The level a game is played at (Solar Sentinels: its rank; Hoplomachus Victorum: its difficulty)."""
    value = options.chosen(rule.option if rule is not None else "rank")  # the deck's option (its kit declares it)
    return value if isinstance(value, int) else rule.lowest if rule is not None else 1


def unmoved(*, assisted: bool, missions: bool, daily: bool, rule: LadderRule | None) -> Unmoved:
    """Why a finished game does not move the ladder, or "" when it does."""
    if rule is None:
        return "no ladder"
    if not moves_ladder(assisted=assisted, missions=missions or not rule.needs_missions):
        return "assisted" if assisted else "no missions"  # contract 5; R15
    if daily:
        return "daily"
    return ""
