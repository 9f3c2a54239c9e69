"""The expert bot (``--bot expert``): at each decision it weighs the legal commands by their estimated chance to win
the game, by search over the player's information only (architecture.md contract 11).

API (the game review and the table's hint call these; the signatures are stable):

- :data:`ROLLOUTS` — the rollouts per command by default (the setting: a count, not a time, so that the same
  arguments always give the same answers).
- :class:`Estimate` — ``(command, win_chance, rollouts)``, a named tuple: one legal command of the decision, its
  estimated chance to win the game if it is played now (``0.0`` … ``1.0``), and the rollouts behind the figure.
- ``estimate(table, legal=None, *, rollouts=ROLLOUTS) -> list[Estimate]`` — every legal command of the decision
  ``table`` waits for (``table``: a :class:`~twentystrong.engine.view.PlayerView`, or a ``GameState``, of which only
  the player's view is read; ``legal``: the commands to weigh, by default every legal one), best first (ties keep
  the order of ``legal``). A decision with one legal command is not searched: that command, with the chance of the
  position, is the answer.
- ``win_chance(table, *, rollouts=ROLLOUTS) -> float`` — the estimated chance to win from this position, with the
  heuristic bot playing on (``1.0`` / ``0.0`` once the game is won / lost).
- ``choose_why(table, legal=None, *, rollouts=ROLLOUTS) -> tuple[Command, list[Estimate]]`` — the expert's
  choice and the estimates it chose from.
- :class:`ExpertBot` — the :class:`~twentystrong.bots.base.Bot` of ``--bot expert`` (``ExpertBot(seed, rollouts=…)``).

How an estimate is made: the hidden cards (the cards under each pile's top, a face-down deck's order) are drawn
again from what the player could know (the cards not in sight, in the piles' known sizes, never the true order:
a sampled world, the same for two states that differ only in hidden cards), the dice roll by their odds (each
sampled world rolls from its own seed), and the game is played to its end by the heuristic bot. Every command of a
decision is weighed on the same sampled worlds (common random numbers), seeded from the game's seed and the
decision (the state's ``seq``), so the same game gives the same estimates.
"""

from __future__ import annotations

from typing import NamedTuple

from twentystrong.engine.commands import Command

ROLLOUTS = 8
"""Rollouts per command by default."""


class Estimate(NamedTuple):
    """One legal command of a decision with its estimated chance to win the game."""

    command: Command
    win_chance: float
    rollouts: int
