"""Solar Sentinels' part of the simulator: where a lost game was lost, in its words (its three stacks; the boss
fight is the general answer)."""

from __future__ import annotations

from twentystrong.sim.runner import GameRecord, SimPart


def lost_in(record: GameRecord) -> str | None:
    """The stacks when the boss was never revealed; None (the general answer: the boss fight) when it was."""
    return "stacks" if record.boss is None else None


SIM = SimPart(lost_in=lost_in)
"""This deck's part of the simulator."""
