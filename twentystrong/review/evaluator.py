"""What the review asks of an evaluator: for a decision, each legal command's chance to win.

The evaluator is a parameter of the review, not a global: the shipped one is the expert bot
(:class:`twentystrong.review.expert.ExpertEvaluator`, over :mod:`twentystrong.bots.expert`); tests pass a small
deterministic one. It is given the player's view only (contract 11, R12): what a player at the table knew then.
Its answers are the expert's :class:`~twentystrong.bots.expert.Estimate` (command, win chance, rollouts).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from twentystrong.bots.expert import Estimate
from twentystrong.engine.commands import Command
from twentystrong.engine.view import PlayerView

__all__ = ["Estimate", "Evaluator", "WeighsAgain", "WeighsInStages"]


class Evaluator(Protocol):
    """Weighs the commands of a decision from the player's view."""

    name: str
    """A short name kept with the review (``expert``)."""

    def estimate(self, view: PlayerView, legal: Sequence[Command], rollouts: int) -> list[Estimate]:
        """Each of ``legal`` (the legal commands of ``view``'s state) with its chance to win, from ``rollouts``
        games played out per command (the review's budget). It may leave out commands it judges no better than
        one it lists."""
        ...

    def win_chance(self, view: PlayerView, rollouts: int) -> float:
        """The chance to win from ``view`` with the evaluator's own play."""
        ...


@runtime_checkable
class WeighsAgain(Protocol):
    """An evaluator that samples (the expert): it can weigh commands again in fresh worlds, so that the review
    measures a flagged decision's cost afresh (the best of several noisy estimates is too high by its luck: the
    winner's curse)."""

    def estimate_again(self, view: PlayerView, commands: Sequence[Command], rollouts: int) -> list[Estimate]:
        """:meth:`Evaluator.estimate` of ``commands`` in ``rollouts`` worlds none of the first estimate played,
        the same worlds for each command (their outcomes pair up)."""
        ...


@runtime_checkable
class WeighsInStages(Protocol):
    """An evaluator that samples numbered worlds (the expert): the review weighs a decision's commands in the first
    worlds, then only those still in the race in the next ones (:func:`twentystrong.review.review.weigh`)."""

    def estimate_from(self, view: PlayerView, commands: Sequence[Command], rollouts: int, first: int) -> list[Estimate]:
        """:meth:`Evaluator.estimate` of ``commands`` in the ``rollouts`` worlds numbered from ``first`` on (the
        first estimate's worlds are numbered from 0), the same worlds for each command, each with its outcomes."""
        ...
