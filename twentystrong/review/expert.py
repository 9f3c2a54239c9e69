"""The review's evaluator: the expert bot (:mod:`twentystrong.bots.expert`), which weighs a decision by games played
out from the player's view (the hidden cards drawn again from what the player could know, never the true order)."""

from __future__ import annotations

from collections.abc import Sequence

from twentystrong.bots import expert
from twentystrong.bots.expert import Estimate
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide_and_apply
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.state import GameState
from twentystrong.engine.view import PlayerView, state_of
from twentystrong.review.evaluator import LineEstimate

DICE = frozenset({"commit", "roll", "apply", "repeat", "resolve", "recover", "done"})
"""The dice commands of a fight's steps: the review weighs them a step at a time, as a line (the others played
there, a reward, an item, are decisions of their own)."""


class ExpertEvaluator:
    """The expert, as the review asks for it (:class:`twentystrong.review.evaluator.Evaluator`)."""

    name = "expert"

    def estimate(self, view: PlayerView, legal: Sequence[Command], rollouts: int) -> list[Estimate]:
        """The expert's estimate of each of ``legal``; none for a fight's dice one at a time (the review weighs them
        a step at a time: :meth:`estimate_lines`)."""
        if view.step in expert.FIGHT_STEPS and all(c.cmd in DICE for c in legal):
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

    def estimate_lines(
        self, view: PlayerView, lines: Sequence[tuple[Command, ...]], rollouts: int, first: int
    ) -> list[LineEstimate]:
        """Each line played out in the ``rollouts`` sampled worlds numbered from ``first`` on (the same worlds as
        :meth:`estimate`'s), the expert playing on after it (:func:`play_line`), in the order given."""
        sampled = expert.worlds(state_of(view), rollouts, first)
        found = []
        for line in lines:
            outcomes = tuple(play_line(w, line) for w in sampled)
            found.append(LineEstimate(line, sum(outcomes) / rollouts, rollouts, outcomes))
        return found


def play_line(world: GameState, line: Sequence[Command]) -> float:
    """1.0 if the game is won from ``world`` after ``line``'s commands (each played while it is legal there: a card
    turned up otherwise in this world ends the line), the expert's heuristic play on after them; else 0.0."""
    s = world
    for command in line:
        if s.result is not None or command not in legal_commands(s):
            break
        out = decide_and_apply(s, command)
        if isinstance(out, Rejected):
            break
        s = out[1]
    return expert.play_out(s)
