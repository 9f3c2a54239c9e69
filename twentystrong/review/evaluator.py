"""What the review asks of an evaluator: for a decision, each legal command's chance to win.

The evaluator is a parameter of the review, not a global: the shipped one is the expert bot
(:func:`twentystrong.review.expert.expert_evaluator`); tests pass a small deterministic one. It is given the
player's view only (contract 11, R12): what a player at the table knew at that moment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from twentystrong.engine.commands import Command
from twentystrong.engine.view import PlayerView


class Estimate(NamedTuple):
    """One command's chance to win the game if it is played now (then the evaluator's own play), and how many
    games it played out to say so (0 when it is exact or not a count of games)."""

    command: Command
    chance: float
    """From 0 to 1."""
    rollouts: int


class Evaluator(Protocol):
    """Weighs the commands of a decision from the player's view."""

    name: str
    """A short name kept with the review (``expert``)."""

    def estimate(self, view: PlayerView, legal: Sequence[Command], seconds: float) -> list[Estimate]:
        """Each of ``legal`` (the legal commands of ``view``'s state) with its chance to win, taking about
        ``seconds``. It may leave out commands it judges no better than one it lists."""
        ...

    def win_chance(self, view: PlayerView) -> float:
        """The chance to win from ``view`` with the evaluator's own play."""
        ...
