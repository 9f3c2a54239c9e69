"""Odds: exact damage distributions, kill probabilities with rerolls under the best play, and advice.

Python on top of the dice tables (numpy for the best-play tables, imported when the first is built): never imports
textual or rich (architecture.md contract 1). Card rules reach the odds only through a :class:`DamageModel`, which
the engine builds from its own damage and apply hooks.

- :func:`single_roll` — one roll: exact distribution, expected damage, P(≥ H), P(a crit).
- :func:`kill_probability` / :func:`kill_probability_exact` / :func:`kill_probabilities` — one target within k
  phases, best play; :func:`best_apply` — which dice to apply after a roll, and which to roll again;
  :func:`is_cached` — whether those answers are lookups already.
- :func:`targets_odds` — several targets: exact (the best joint play, :mod:`twentystrong.odds.joint`) within budget,
  else a seeded Monte Carlo of a greedy allocation; :func:`allocate_dice` — that allocation for a roll.

Beyond one damage model (issue 17): :mod:`twentystrong.odds.rules` describes the rules on rolls (inverted colours,
kept faces) and what the player holds (a face change once a round, a boost); the functions above take ``rules`` and
``conversion``. :mod:`twentystrong.odds.advisor` answers what the odds panel and ``twentystrong odds`` show (each
enemy, all of them, the advice after a roll, the commit plan), exact where the tables hold the rules and resources,
else from :mod:`twentystrong.odds.simulate` with its error bar. Those three import numpy: they are not imported
here (importing the odds, as the TUI does, does not load numpy).
"""

from twentystrong.odds.dice import (
    COLORS,
    DICE_PER_COLOR,
    DIE_IDS,
    FACES,
    LETTERS,
    Color,
    DiceCounts,
    DiceError,
    Face,
    FaceCounts,
    color_of,
    die_order,
)
from twentystrong.odds.model import PLAIN, ColorDamage, DamageModel, applied_damage
from twentystrong.odds.rerolls import (
    MAX_PHASES,
    ApplyAdvice,
    best_apply,
    clear_cache,
    is_cached,
    kill_probabilities,
    kill_probability,
    kill_probability_exact,
)
from twentystrong.odds.single import SingleRoll, single_roll
from twentystrong.odds.targets import Target, TargetsAdvice, TargetsOdds, allocate_dice, targets_odds

__all__ = [
    "COLORS",
    "DICE_PER_COLOR",
    "DIE_IDS",
    "FACES",
    "LETTERS",
    "MAX_PHASES",
    "PLAIN",
    "ApplyAdvice",
    "Color",
    "ColorDamage",
    "DamageModel",
    "DiceCounts",
    "DiceError",
    "Face",
    "FaceCounts",
    "SingleRoll",
    "Target",
    "TargetsAdvice",
    "TargetsOdds",
    "allocate_dice",
    "applied_damage",
    "best_apply",
    "clear_cache",
    "color_of",
    "die_order",
    "is_cached",
    "kill_probabilities",
    "kill_probability",
    "kill_probability_exact",
    "single_roll",
    "targets_odds",
]
