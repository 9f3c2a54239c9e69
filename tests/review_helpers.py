"""A small deterministic evaluator for the review's tests: it reads the player's open table (the headless
``state_view``, which names no hidden card) and each command's label, nothing else, so the same open table always
gets the same estimates."""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence

from twentystrong.engine.commands import Command
from twentystrong.engine.view import PlayerView, state_of, state_view
from twentystrong.review.evaluator import Estimate, LineEstimate
from twentystrong.session.history import describe


class OpenEvaluator:
    """Win chance from the hero's Health and the round; each command a fixed offset by its label (−15 to +15
    points), so some choices are costly and the review has something to flag."""

    name = "open-test"

    def __init__(self) -> None:
        self.views: list[str] = []
        """Every open table it was asked about, as JSON (the no-peeking tests compare them)."""

    def win_chance(self, view: PlayerView, rollouts: int = 0) -> float:
        table = state_view(state_of(view))
        self.views.append(json.dumps(table, sort_keys=True))
        health = float(table["hero"]["health"])
        return min(0.95, max(0.05, 0.2 + health / 40 + table["round"] / 100))

    def estimate(self, view: PlayerView, legal: Sequence[Command], rollouts: int) -> list[Estimate]:
        base = self.win_chance(view, rollouts)
        out = []
        for command in legal:
            out.append(Estimate(command, _offset(base, describe(command)), 10))
        return out

    def estimate_lines(
        self, view: PlayerView, lines: Sequence[tuple[Command, ...]], rollouts: int, first: int
    ) -> list[LineEstimate]:
        """A line as its commands' labels together (the same in every world: its outcomes all alike)."""
        base = self.win_chance(view, rollouts)
        out = []
        for line in lines:
            chance = _offset(base, " ".join(describe(c) for c in line))
            out.append(LineEstimate(line, chance, rollouts, (chance,) * rollouts))
        return out


def _offset(base: float, label: str) -> float:
    """``base`` moved by −15 to +15 points, by ``label``."""
    return min(1.0, max(0.0, base + (zlib.crc32(label.encode()) % 31 - 15) / 100))


class Lines:
    """A deterministic evaluator that weighs single commands and lines: each a fixed chance by its label."""

    name = "lines"

    def __init__(self, bad: Command | str | None = None) -> None:
        self.worst = bad
        """A command (or a line's last command's name, for lines of two or more) that loses every world."""
        self.asked: list[list[Command]] = []

    def bad(self, line: Sequence[Command]) -> bool:
        if isinstance(self.worst, Command):
            return line[-1] == self.worst
        return len(line) > 1 and line[-1].cmd == self.worst

    def win_chance(self, view: PlayerView, rollouts: int = 0) -> float:
        return 0.5

    def estimate(self, view: PlayerView, legal: Sequence[Command], rollouts: int) -> list[Estimate]:
        self.asked.append(list(legal))
        found = [self._one(c, rollouts) for c in legal]
        return sorted(found, key=lambda e: -e.win_chance)

    def _one(self, command: Command, rollouts: int) -> Estimate:
        chance = 0.0 if self.bad([command]) else 0.9
        return Estimate(command, chance, rollouts, (chance,) * rollouts)

    def estimate_lines(
        self, view: PlayerView, lines: Sequence[tuple[Command, ...]], rollouts: int, first: int
    ) -> list[LineEstimate]:
        found = []
        for line in lines:
            chance = 0.0 if self.bad(line) else 0.9
            found.append(LineEstimate(line, chance, rollouts, (chance,) * rollouts))
        return found
