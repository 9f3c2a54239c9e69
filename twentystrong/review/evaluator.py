"""What the review asks of an evaluator: for a decision, each legal command's chance to win.

The evaluator is a parameter of the review, not a global: the shipped one is the expert bot
(:class:`twentystrong.review.expert.ExpertEvaluator`, over :mod:`twentystrong.bots.expert`); tests pass a small
deterministic one. It is given the player's view only (contract 11, R12): what a player at the table knew then.
Its answers are the expert's :class:`~twentystrong.bots.expert.Estimate` (command, win chance, rollouts).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol, runtime_checkable

from twentystrong.bots.expert import Estimate
from twentystrong.engine.commands import Command
from twentystrong.engine.view import PlayerView

__all__ = ["Estimate", "Evaluator", "LineEstimate", "WeighsAgain", "WeighsInStages", "WeighsLines"]


class LineEstimate(NamedTuple):
    """A line of commands (a step's dice, played as one decision) with its estimated chance to win the game."""

    line: tuple[Command, ...]
    win_chance: float
    rollouts: int
    outcomes: tuple[float, ...] = ()
    """Its outcome (1.0 won, 0.0 lost) in each sampled world, in the worlds' order (as
    :attr:`Estimate.outcomes`)."""


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


@runtime_checkable
class WeighsLines(Protocol):
    """An evaluator that weighs a step's line of commands as one decision (the expert): the review weighs a fight's
    dice a step at a time this way (:func:`twentystrong.review.review.weigh_line`)."""

    def estimate_lines(
        self, view: PlayerView, lines: Sequence[tuple[Command, ...]], rollouts: int, first: int
    ) -> list[LineEstimate]:
        """Each of ``lines`` (commands to play in a row from ``view``'s table) with its chance to win, in the
        ``rollouts`` worlds numbered from ``first`` on, the same worlds for each line, each with its outcomes, in
        the order given. A line's command that is not legal in a world (a card turned up otherwise) ends the line
        there: the evaluator plays on."""
        ...
