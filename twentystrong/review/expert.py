"""The review's evaluator: the expert bot (:mod:`twentystrong.bots.expert`), which weighs a decision by games played
out from the player's view (the hidden cards drawn again from what the player could know, never the true order)."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from twentystrong.bots.expert import Estimate
from twentystrong.engine.commands import Command
from twentystrong.engine.view import PlayerView


def _expert() -> Any:
    # Imported when a review runs (the expert pulls in the bots and the simulator).
    return importlib.import_module("twentystrong.bots.expert")


class ExpertEvaluator:
    """The expert, as the review asks for it (:class:`twentystrong.review.evaluator.Evaluator`)."""

    name = "expert"

    def estimate(self, view: PlayerView, legal: Sequence[Command], rollouts: int) -> list[Estimate]:
        """The expert's estimate of each legal command."""
        found: list[Estimate] = _expert().estimate(view, list(legal), rollouts=rollouts)
        return found

    def win_chance(self, view: PlayerView, rollouts: int) -> float:
        """The expert's chance to win from this table."""
        return float(_expert().win_chance(view, rollouts=rollouts))
