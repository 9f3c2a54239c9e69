"""What a damage model means for the decisions after a roll against one target.

The model (rules.md R4): in each Strategy phase every unapplied committed die is rolled; the player then applies
any of the dice showing a hit or crit (applied dice are done, their damage counts); the others stay and are
rolled again next phase, misses included. Against one target, each colour's faces rank as a *best* face, at most
one *lower* positive face, and faces that deal nothing (:class:`ColorPlan`). Three facts, each proved by a
coupling argument, keep the choice after a roll small and exact:

1. *Apply every die showing its colour's best face.* Keeping it cannot later deal more than it deals now.
2. *Within a colour, apply the better face first*; dice of one colour are interchangeable once applied.
3. *Among the colours whose lower face deals the same damage, apply the weakest colours' dice first*: a kept
   die that first-order dominates another is worth at least as much. A colour that never deals 0 (red) keeps
   its lower face while a phase remains: it is sure to deal at least as much next roll.

The best-play tables (:mod:`twentystrong.odds.tables`) use facts 1 and 2 and the note on sure colours; the advice
after a roll (:func:`twentystrong.odds.rerolls.best_counts`) also uses fact 3, so that only "how many lower faces
to apply, weakest colour first" is left: at most 17 choices.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from twentystrong.odds.dice import COLORS, FACES, Color, Face
from twentystrong.odds.model import DamageModel

__all__ = ["ColorPlan", "chains", "color_plan", "fills", "lower_weights", "model_chains", "plans_of", "roll_terms"]


@dataclass(frozen=True, slots=True)
class ColorPlan:
    """One colour's faces sorted by what they are worth against the target."""

    best: int
    """Damage of the colour's best face (0: the colour is useless against this target)."""
    best_faces: frozenset[Face]
    """The faces that deal :attr:`best` (always applied, fact 1)."""
    lower: int
    """Damage of the other, lower but positive face; 0 if there is none."""
    lower_faces: frozenset[Face]
    """The faces that deal :attr:`lower`."""
    n_best: int
    """How many of the six faces deal :attr:`best`."""
    n_lower: int
    """How many of the six faces deal :attr:`lower`."""

    @property
    def n_zero(self) -> int:
        """How many faces deal nothing (misses, faces that cannot be applied, faces worth 0)."""
        return 6 - self.n_best - self.n_lower

    @property
    def sure(self) -> bool:
        """True when no face deals 0: a kept die is sure to deal at least :attr:`lower` next roll."""
        return self.n_zero == 0

    @property
    def decides(self) -> bool:
        """Whether a die showing the lower face is a choice (apply it or roll it again) while a phase remains:
        there is a lower face, and a die kept might deal nothing next roll (see the note on sure colours)."""
        return self.lower > 0 and not self.sure

    def value(self, face: Face) -> int:
        """Damage of ``face``."""
        return self.best if face in self.best_faces else self.lower if face in self.lower_faces else 0

    def at_least(self, damage: int) -> Fraction:
        """P(one roll deals ≥ ``damage``)."""
        faces = (self.n_best if self.best >= damage else 0) + (self.n_lower if self.lower >= damage else 0)
        return Fraction(6 if damage <= 0 else faces, 6)


@lru_cache(maxsize=512)
def color_plan(color: Color, model: DamageModel) -> ColorPlan:
    """How ``color``'s faces rank against a target with damage model ``model``."""
    faces, dmg = FACES[color], model.of(color)
    values: dict[Face, tuple[int, int]] = {
        "hit": (dmg.damage("hit"), faces.hit),
        "crit": (dmg.damage("crit"), faces.crit),
    }
    best = max(v for v, _ in values.values())
    if best == 0:
        return ColorPlan(0, frozenset(), 0, frozenset(), 0, 0)
    best_faces = frozenset(f for f, (v, _) in values.items() if v == best)
    lower_faces = frozenset(f for f, (v, _) in values.items() if 0 < v < best)
    lower = values[next(iter(lower_faces))][0] if lower_faces else 0
    return ColorPlan(
        best=best,
        best_faces=best_faces,
        lower=lower,
        lower_faces=lower_faces,
        n_best=sum(values[f][1] for f in best_faces),
        n_lower=sum(values[f][1] for f in lower_faces),
    )


@lru_cache(maxsize=256)
def plans_of(model: DamageModel) -> tuple[ColorPlan, ...]:
    """:func:`color_plan` of every colour, in :data:`COLORS` order."""
    return tuple(color_plan(c, model) for c in COLORS)


def _dominates(a: ColorPlan, b: ColorPlan) -> bool:
    """A die of plan ``a`` first-order stochastically dominates one of plan ``b`` (fact 3)."""
    thresholds = {a.best, a.lower, b.best, b.lower} - {0}
    return all(a.at_least(t) >= b.at_least(t) for t in thresholds)


@lru_cache(maxsize=1024)
def model_chains(model: DamageModel, colors: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """:func:`chains` of ``colors`` (colour indices) against ``model``, cached."""
    return tuple(tuple(chain) for chain in chains(plans_of(model), colors))


def chains(plans: Sequence[ColorPlan], colors: Sequence[int]) -> list[list[int]]:
    """Split the decision colours into chains: same lower damage, each dominating the one before (fact 3)."""
    by_value: dict[int, list[int]] = {}
    for c in colors:
        by_value.setdefault(plans[c].lower, []).append(c)
    out: list[list[int]] = []
    for group in by_value.values():
        group.sort(key=lambda c: (plans[c].at_least(1), plans[c].at_least(plans[c].best), c))
        group_chains: list[list[int]] = []
        for c in group:
            for chain in group_chains:
                if _dominates(plans[c], plans[chain[-1]]):
                    chain.append(c)
                    break
            else:
                group_chains.append([c])
        out.extend(group_chains)
    return out


def fills(chain: Sequence[int], shown: Mapping[int, int]) -> Iterator[dict[int, int]]:
    """Each "apply the j weakest lower faces of this chain" choice, j = 0 … all, as {colour: count}."""
    applied: dict[int, int] = {}
    yield dict(applied)
    for c in chain:
        for a in range(1, shown[c] + 1):
            applied[c] = a
            yield dict(applied)


# --------------------------------------------------------------------------------------------------------------
# What a roll of a colour's dice shows, in the terms of its plan


@lru_cache(maxsize=256)
def roll_terms(plan: ColorPlan, n: int, *, all_faces: bool) -> tuple[tuple[tuple[int, int, Fraction], ...], ...]:
    """Per count m ≤ ``n``: each outcome of rolling m dice of the colour as (dice applied, damage, probability).

    The best faces are applied (fact 1); with ``all_faces`` (the last phase) the lower faces too. Otherwise the
    lower faces are a choice (:attr:`ColorPlan.decides`, see :func:`lower_weights`) or are kept (a sure colour) and
    count as kept here.
    """
    best = Fraction(plan.n_best, 6)
    lower = Fraction(plan.n_lower, 6) if all_faces else Fraction(0)
    rest = 1 - best - lower
    out = []
    for m in range(n + 1):
        terms = []
        for b in range(m + 1):
            for low in range(m - b + 1):
                w = comb(m, b) * comb(m - b, low) * best**b * lower**low * rest ** (m - b - low)
                if w:
                    terms.append((b + low, b * plan.best + low * plan.lower, w))
        out.append(tuple(terms))
    return tuple(out)


@lru_cache(maxsize=256)
def lower_weights(plan: ColorPlan, n: int) -> tuple[tuple[Fraction, ...], ...]:
    """Per p ≤ ``n``: P(l of p dice show the lower face | none of them shows the best face), l = 0 … p."""
    q = Fraction(plan.n_lower, 6 - plan.n_best)
    return tuple(tuple(comb(p, low) * q**low * (1 - q) ** (p - low) for low in range(p + 1)) for p in range(n + 1))
