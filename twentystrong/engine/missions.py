"""Missions: progress on the current (leftmost unfinished) mission, tracked on the chip.

Only the current mission counts progress (deck rules). Counting happens at two points: after every command
(:func:`track`, for counters such as defeats by level or items used) and at the end of each round
(:func:`end_of_round`, for state checks such as "exactly 1 Health").
"""

from __future__ import annotations

from twentystrong.engine import events as ev
from twentystrong.engine.state import GameState
from twentystrong.engine.tx import Tx


def advance_mission(tx: Tx, amount: int = 1) -> None:
    """Add progress to the current mission; complete it at its target."""
    s = tx.state
    current = s.current_mission
    if current is None or amount <= 0:
        return
    target = s.deck.mission(current.id).target
    progress = min(target, current.progress + amount)
    status = "done" if progress >= target else "pending"
    tx.emit(ev.MissionProgress, mission=current.id, progress=progress, status=status)


def forfeit(tx: Tx) -> None:
    """The player gives up the current mission (it still adds to the entourage)."""
    current = tx.state.current_mission
    if current is not None:
        tx.emit(ev.MissionProgress, mission=current.id, progress=current.progress, status="forfeited")


def condition(s: GameState) -> str | None:
    """The condition kind of the current mission."""
    current = s.current_mission
    return None if current is None else s.deck.mission(current.id).condition


def end_of_round(tx: Tx) -> None:
    """End-of-round state checks of the current mission."""
    s = tx.state
    current = s.current_mission
    if current is None:
        return
    mission = s.deck.mission(current.id)
    if mission.condition == "end_round_health_exactly" and s.hero.health == mission.value:
        advance_mission(tx)
