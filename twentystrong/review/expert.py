"""The review's evaluator: the expert bot (:mod:`twentystrong.bots.expert`), which weighs a decision by games played
out from the player's view (the hidden cards drawn again from what the player could know, never the true order)."""

from __future__ import annotations

from collections.abc import Sequence

from twentystrong.bots import expert
from twentystrong.bots.expert import Estimate
from twentystrong.engine.commands import Command
from twentystrong.engine.view import PlayerView


class ExpertEvaluator:
    """The expert, as the review asks for it (:class:`twentystrong.review.evaluator.Evaluator`)."""

    name = "expert"

    def estimate(self, view: PlayerView, legal: Sequence[Command], rollouts: int) -> list[Estimate]:
        """The expert's estimate of each legal command; none for a decision the expert does not search (a fight's
        dice, one at a time: it plays them as the heuristic bot does)."""
        if view.step in expert.FIGHT_STEPS:
            return []
        return expert.estimate(view, legal, rollouts=rollouts)

    def win_chance(self, view: PlayerView, rollouts: int) -> float:
        """The expert's chance to win from this table."""
        return expert.win_chance(view, rollouts=rollouts)

    def estimate_again(self, view: PlayerView, commands: Sequence[Command], rollouts: int) -> list[Estimate]:
        """``commands`` weighed in the ``rollouts`` worlds after the first estimate's (fresh ones, the same for
        each command)."""
        return expert.estimate(view, commands, rollouts=rollouts, first=rollouts)

    def estimate_from(self, view: PlayerView, commands: Sequence[Command], rollouts: int, first: int) -> list[Estimate]:
        """``commands`` weighed in the ``rollouts`` worlds numbered from ``first`` on (the same for each)."""
        return expert.estimate(view, commands, rollouts=rollouts, first=first)
