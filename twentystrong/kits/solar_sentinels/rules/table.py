"""Solar Sentinels' own state: the three stacks, the boss deck, the missions and the chip, the rank penalties."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from twentystrong.engine.state import GameState, Table


@dataclass(frozen=True, slots=True)
class MissionState:
    """One dealt mission and its progress."""

    id: str
    status: Literal["pending", "done", "forfeited", "discarded"] = "pending"
    progress: int = 0


@dataclass(frozen=True)
class SolarSentinelsTable(Table):
    """The stacks (each top first, face up: only the top shows, R12), the face-down boss deck (top first) and its
    discard, the revealed boss, the dealt missions in order with the chip, and the rank penalties still to pay."""

    stacks: tuple[tuple[str, ...], ...] = ()
    boss_deck: tuple[str, ...] = ()
    boss_discard: tuple[str, ...] = ()
    revealed_boss: str | None = None
    missions: tuple[MissionState, ...] = ()
    chip: int = 0
    rank_penalties_left: int = 0

    @property
    def current_mission(self) -> MissionState | None:
        """The leftmost unfinished mission: the only one that counts progress."""
        for mission in self.missions:
            if mission.status == "pending":
                return mission
        return None

    def under_top(self, stack: int) -> str | None:
        """The card under the top of a stack (1-based): the one that turns up when the top leaves (R12: hidden
        until then), or None."""
        cards = self.stacks[stack - 1]
        return cards[1] if len(cards) > 1 else None

    def open_stacks(self) -> list[int]:
        """The non-empty stacks, 1-based (empty stacks are ignored by every effect)."""
        return [i for i, stack in enumerate(self.stacks, 1) if stack]


def table(s: GameState) -> SolarSentinelsTable:
    """The Solar Sentinels table of a game of this ruleset (an empty one before the deal)."""
    t = s.table
    if isinstance(t, SolarSentinelsTable):
        return t
    if type(t) is Table:
        return _NOT_DEALT
    raise TypeError(f"{s.deck.id!r} is not played with the Solar Sentinels rules")


def missions_dealt(s: GameState) -> int:
    """How many missions the game dealt and kept (none in a game of other rules)."""
    t = s.table
    return sum(1 for m in t.missions if m.status != "discarded") if isinstance(t, SolarSentinelsTable) else 0


_NOT_DEALT = SolarSentinelsTable()
