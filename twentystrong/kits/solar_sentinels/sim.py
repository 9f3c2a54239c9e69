"""Solar Sentinels' part of the simulator: where a lost game was lost, in its words (its three stacks or the boss
fight)."""

from __future__ import annotations

from twentystrong.sim.runner import GameRecord, SimPart


def lost_in(record: GameRecord) -> str:
    """The boss fight when the boss was revealed, else the stacks."""
    return "boss fight" if record.boss is not None else "stacks"


SIM = SimPart(lost_in=lost_in)
"""This deck's part of the simulator."""
