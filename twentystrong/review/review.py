"""A game's history replayed to every decision the player made, each weighed by an evaluator from the player's view.

A **decision** is a player command chosen among two or more legal commands (a forced command, the start, and the
faces entered from physical dice are not choices). For each, the evaluator weighs the legal commands from
:func:`~twentystrong.engine.view.player_view` of the state *before* it: what the player knew then (R12), never the
cards still hidden, and never what the command went on to reveal (a roll's faces, a card turned up). So:

- ``before``: the chance to win with the evaluator's best command there;
- ``after``: the chance with the command the player chose, as it looked then (a good roll later does not make a
  poor choice look good);
- ``cost``: ``before - after``; a decision is **flagged** when it costs more than the review's threshold (points
  of win chance, 5 by default) and the evaluator would have chosen otherwise.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from twentystrong.engine.commands import Command
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.view import player_view
from twentystrong.review.evaluator import Estimate, Evaluator
from twentystrong.session.history import HistoryEntry

THRESHOLD = 5.0
"""Points of win chance (percentage points) a decision must cost to be flagged."""
BUDGET = 8
"""Games the evaluator plays out per command of a decision, by default (a count, not a time: the same game always
gets the same review)."""
FORMAT = 1
"""The version of a review's stored form (:meth:`Review.to_dict`)."""
NOT_CHOICES = frozenset({"start", "face", "faces"})
"""Commands that are never a decision: the start, and faces read off physical dice (chance, not choice)."""

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` after each decision weighed."""


class ReviewCancelled(Exception):
    """The review was stopped before its end (nothing is kept)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the game, weighed."""

    step: int
    """Its place in the game's history (``history[step].command`` was played from ``history[step - 1]``'s state)."""
    round: int
    played: Command
    expert: Command | None
    """The evaluator's choice when it differs from the command played."""
    before: float
    """The chance to win (0–1) before the decision, with the evaluator's best command."""
    after: float | None
    """The chance after the command played, as it looked before it (None when the evaluator could not say)."""
    options: int
    """How many legal commands there were."""
    rollouts: int
    """Games the evaluator played out for this decision."""

    @property
    def cost(self) -> float | None:
        """Points of win chance the decision cost (0–100), None when unknown."""
        if self.after is None:
            return None
        return max(0.0, (self.before - self.after) * 100)

    def flagged(self, threshold: float) -> bool:
        """Whether it cost more than ``threshold`` points and the evaluator would have chosen otherwise."""
        cost = self.cost
        return self.expert is not None and cost is not None and cost > threshold

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (kept in the record, printed by ``twentystrong review --json``)."""
        return {
            "step": self.step,
            "round": self.round,
            "played": self.played.to_dict(),
            "expert": self.expert.to_dict() if self.expert is not None else None,
            "before": self.before,
            "after": self.after,
            "cost": round(self.cost, 2) if self.cost is not None else None,
            "options": self.options,
            "rollouts": self.rollouts,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Decision:
        """Back from :meth:`to_dict`; ``ValueError`` when it is not one."""
        played = _command(data["played"])
        expert = _command(data["expert"]) if data.get("expert") is not None else None
        after = data.get("after")
        return Decision(
            step=int(data["step"]),
            round=int(data["round"]),
            played=played,
            expert=expert,
            before=float(data["before"]),
            after=float(after) if after is not None else None,
            options=int(data["options"]),
            rollouts=int(data["rollouts"]),
        )


def _command(data: Any) -> Command:
    command = Command.from_dict(data)
    if not isinstance(command, Command):
        raise ValueError(f"not a command: {data!r}")
    return command


@dataclass(frozen=True, slots=True)
class Review:
    """Every decision of one game, weighed by one evaluator."""

    evaluator: str
    """The evaluator's name (``expert``)."""
    budget: int
    """The games played out per command (the evaluator's rollouts)."""
    threshold: float
    """Points a decision had to cost to be flagged."""
    decisions: tuple[Decision, ...]
    result: str | None
    """How the game ended (``won``, ``lost``), None when it had not."""
    seconds: float = 0.0
    """How long it took."""

    @property
    def flagged(self) -> tuple[Decision, ...]:
        """The decisions that cost more than the threshold, in the order they were made."""
        return tuple(d for d in self.decisions if d.flagged(self.threshold))

    def chances(self) -> list[float]:
        """The chance to win before each decision, then the game's outcome (1 won, 0 lost): the chart's line."""
        line = [d.before for d in self.decisions]
        if self.result is not None:
            line.append(1.0 if self.result == "won" else 0.0)
        return line

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "format": FORMAT,
            "evaluator": self.evaluator,
            "budget": self.budget,
            "threshold": self.threshold,
            "result": self.result,
            "seconds": self.seconds,
            "decisions": [d.to_dict() for d in self.decisions],
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Review:
        """Back from :meth:`to_dict`; ``ValueError`` when it is not a review this version reads."""
        try:
            if data.get("format") != FORMAT:
                raise ValueError(f"a review of format {data.get('format')!r}, not {FORMAT}")
            return Review(
                evaluator=str(data["evaluator"]),
                budget=int(data["budget"]),
                threshold=float(data["threshold"]),
                decisions=tuple(Decision.from_dict(d) for d in data["decisions"]),
                result=data.get("result"),
                seconds=float(data.get("seconds", 0.0)),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a review: {exc}") from None


def decision_points(history: Sequence[HistoryEntry]) -> list[int]:
    """The steps of ``history`` that were decisions: a command chosen among two or more legal ones."""
    steps = []
    for step in range(1, len(history)):
        if history[step].command.cmd in NOT_CHOICES:
            continue
        if len(legal_commands(history[step - 1].state_after)) > 1:
            steps.append(step)
    return steps


def review_history(
    history: Sequence[HistoryEntry],
    evaluator: Evaluator,
    *,
    budget: int = BUDGET,
    threshold: float = THRESHOLD,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Review:
    """Weigh every decision of a game (``history``: a session's, ``start`` first). ``progress`` is told after each
    decision; when ``cancelled`` answers True the review stops with :class:`ReviewCancelled`."""
    began = time.monotonic()
    steps = decision_points(history)
    decisions = []
    for done, step in enumerate(steps):
        if cancelled is not None and cancelled():
            raise ReviewCancelled
        decisions.append(weigh(history, step, evaluator, budget))
        if progress is not None:
            progress(done + 1, len(steps))
    last = history[-1].state_after
    return Review(
        evaluator=evaluator.name,
        budget=budget,
        threshold=threshold,
        decisions=tuple(decisions),
        result=last.result,
        seconds=time.monotonic() - began,
    )


def weigh(history: Sequence[HistoryEntry], step: int, evaluator: Evaluator, rollouts: int) -> Decision:
    """One decision: the evaluator's estimates from the player's view just before it."""
    state = history[step - 1].state_after
    played = history[step].command
    legal = legal_commands(state)
    view = player_view(state)  # R12: what the player knew, never the hidden cards
    estimates = evaluator.estimate(view, legal, rollouts)
    rollouts = sum(e.rollouts for e in estimates)
    best = _best(estimates)
    mine = next((e for e in estimates if e.command == played), None)
    if best is None:  # an evaluator with nothing to say: its chance for the table as it stood
        before = evaluator.win_chance(view, rollouts)
        return Decision(step, state.round, played, None, before, None, len(legal), rollouts)
    after = mine.win_chance if mine is not None else None
    if mine is None and history[step].revealing is None:
        # Left out as no better than one listed; nothing was revealed, so the table after it is what the player
        # knew when choosing.
        after = evaluator.win_chance(player_view(history[step].state_after), rollouts)
    before = max(best.win_chance, after if after is not None else 0.0)
    expert = best.command if best.command != played and best.win_chance > (after if after is not None else -1) else None
    return Decision(step, state.round, played, expert, before, after, len(legal), rollouts)


def _best(estimates: Sequence[Estimate]) -> Estimate | None:
    """The highest chance (the first listed among equals)."""
    best: Estimate | None = None
    for estimate in estimates:
        if best is None or estimate.win_chance > best.win_chance:
            best = estimate
    return best
