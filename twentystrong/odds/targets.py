"""Several targets at once: the chance of defeating each active enemy, and all of them, within k phases.

The best joint play over several targets is a much larger problem than one target, so the odds follow a
*sensible greedy allocation*, the same after every roll:

1. **Finish what can be finished.** While some undefeated target can be defeated by the dice now showing, defeat
   the one that costs fewest dice (then the weakest dice) with its cheapest defeating set (least overkill).
2. **Focus.** If another phase may follow, pick the undefeated target with the best single-target odds given
   this roll (the exact best play of :mod:`twentystrong.odds.rerolls`) and make that target's best move.
3. **Spare colours.** Dice of a colour that cannot hurt the focus go, the same way, to the next target (by the
   same ranking) that they can hurt.

Everything not applied is rolled again next phase. :func:`targets_odds` is *exact* (the best joint play, not this
greedy one) where the targets pool into one need (:func:`~twentystrong.odds.joint.pooled`: the plain rule and at
most two odd needs, any number of dice) or the joint tables of :mod:`twentystrong.odds.joint` are within budget
(a few targets and a few dice), else a seeded Monte Carlo of this policy that states its standard error. Step 2
makes one target's odds exactly :func:`~twentystrong.odds.rerolls.kill_probability`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from twentystrong.odds.dice import COLORS, FACES, DiceCounts, Face, color_of, die_order
from twentystrong.odds.model import PLAIN, DamageModel
from twentystrong.odds.rerolls import MAX_PHASES, ColorPlan, best_counts, cheapest_kill, plans_of

# A roll, by colour: (crits shown, basic hits shown); the rest of the colour's dice show misses.
Shown = tuple[tuple[int, int], ...]
Needs = tuple[int, ...]
Pool = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Target:
    """One active enemy as the odds see it."""

    health: int
    """Its Health."""
    applied: int = 0
    """Damage already on it (under the modifiers in force now, R5)."""
    model: DamageModel = PLAIN
    """What each colour's faces do to it (built by the engine from its hooks)."""
    name: str = ""
    """A label for display (e.g. the card id)."""

    def __post_init__(self) -> None:
        if self.health < 1:
            raise ValueError(f"health must be at least 1, not {self.health}")
        if self.applied < 0:
            raise ValueError(f"applied damage cannot be negative ({self.applied})")

    @property
    def need(self) -> int:
        """Damage still needed to defeat it (0 or less: already defeated)."""
        return self.health - self.applied


@dataclass(frozen=True, slots=True)
class TargetsOdds:
    """The chance of defeating each target and all of them, and how it was computed."""

    each: tuple[float, ...]
    """P(target i is defeated within the phases), in the order given."""
    all: float
    """P(every target is defeated within the phases)."""
    method: Literal["exact", "monte-carlo"]
    """``exact``: every roll enumerated in fractions; ``monte-carlo``: sampled with a fixed seed."""
    samples: int = 0
    """Games sampled (0 when exact)."""
    seed: int | None = None
    """The seed of the sampling (None when exact)."""
    each_error: tuple[float, ...] = field(default=())
    """Standard error of each entry of :attr:`each` (zeros when exact)."""
    all_error: float = 0.0
    """Standard error of :attr:`all` (0 when exact)."""

    @classmethod
    def sampled(cls, wins: Sequence[int], all_wins: int, samples: int, seed: int) -> TargetsOdds:
        """The figures of ``samples`` games: ``wins`` per target, ``all_wins`` with every target defeated."""

        def error(count: int) -> float:
            p = count / samples
            return math.sqrt(p * (1 - p) / samples)

        return cls(
            each=tuple(w / samples for w in wins),
            all=all_wins / samples,
            method="monte-carlo",
            samples=samples,
            seed=seed,
            each_error=tuple(error(w) for w in wins),
            all_error=error(all_wins),
        )


# --------------------------------------------------------------------------------------------------------------
# The policy


@lru_cache(maxsize=64)
def _face_flags(model: DamageModel) -> tuple[tuple[int, int, int, int], ...]:
    """Per colour: (crit is best, hit is best, crit is lower, hit is lower) as 0/1, against ``model``."""
    return tuple(
        (
            int("crit" in p.best_faces),
            int("hit" in p.best_faces),
            int("crit" in p.lower_faces),
            int("hit" in p.lower_faces),
        )
        for p in plans_of(model)
    )


def _split(shown: Sequence[tuple[int, int]], model: DamageModel) -> tuple[Pool, Pool]:
    """Per colour, how many shown faces are the target's best and lower faces."""
    flags = _face_flags(model)
    best = tuple(crits * f[0] + hits * f[1] for (crits, hits), f in zip(shown, flags, strict=True))
    lower = tuple(crits * f[2] + hits * f[3] for (crits, hits), f in zip(shown, flags, strict=True))
    return best, lower


def _take(
    shown: list[list[int]], plans: Sequence[ColorPlan], best: Sequence[int], lower: Sequence[int]
) -> tuple[tuple[int, int], ...]:
    """Remove the chosen faces from ``shown`` (basic hits first when both faces are a colour's best); returns
    the (crits, basic hits) taken per colour."""
    taken = []
    for c, plan in enumerate(plans):
        got = [0, 0]
        for count, faces in ((best[c], plan.best_faces), (lower[c], plan.lower_faces)):
            for face in ("hit", "crit"):
                if count and face in faces:
                    slot = 1 if face == "hit" else 0
                    used = min(count, shown[c][slot])
                    shown[c][slot] -= used
                    got[slot] += used
                    count -= used
            assert count == 0
        taken.append((got[0], got[1]))
    return tuple(taken)


# One assignment of the greedy allocation: (target index, (crits, basic hits) applied per colour, damage).
Assignment = tuple[int, Shown, int]


def _assign(targets: Sequence[Target], needs: Needs, pool: Pool, shown: Shown, phases_after: int) -> list[Assignment]:
    """The greedy allocation of one roll (see the module docstring), as a list of assignments."""
    left = [list(s) for s in shown]
    new_needs = list(needs)
    kept = list(pool)
    out: list[Assignment] = []

    def apply(t: int, best: Sequence[int], lower: Sequence[int], damage: int) -> None:
        taken = _take(left, plans_of(targets[t].model), best, lower)
        for c in range(len(COLORS)):
            kept[c] -= best[c] + lower[c]
        new_needs[t] -= damage
        out.append((t, taken, damage))

    # 1. Finish what can be finished, cheapest first.
    while True:
        options = []
        for t, target in enumerate(targets):
            if new_needs[t] <= 0:
                continue
            plans = plans_of(target.model)
            best, lower = _split([(x[0], x[1]) for x in left], target.model)
            if sum(b * p.best + lo * p.lower for b, lo, p in zip(best, lower, plans, strict=True)) < new_needs[t]:
                continue
            use_best, use_lower, damage = cheapest_kill(new_needs[t], best, lower, target.model)
            dice = sum(use_best) + sum(use_lower)
            strength = sum((c + 1) * (b + lo) for c, (b, lo) in enumerate(zip(use_best, use_lower, strict=True)))
            options.append(((dice, strength, t), use_best, use_lower, damage))
        if not options:
            break
        (_, _, t), use_best, use_lower, damage = min(options, key=lambda o: o[0])
        apply(t, use_best, use_lower, damage)

    # 2 and 3. Focus, then spare colours, while another phase may follow.
    if phases_after > 0:
        unclaimed = set(range(len(COLORS)))  # colours no earlier target can use
        ranked = []
        for t, target in enumerate(targets):
            if new_needs[t] <= 0:
                continue
            best, lower = _split([(x[0], x[1]) for x in left], target.model)
            choice = best_counts(new_needs[t], tuple(kept), best, lower, phases_after, target.model)
            ranked.append((-choice.probability, new_needs[t], t))
        for _, _, t in sorted(ranked):
            plans = plans_of(targets[t].model)
            allowed = {c for c in unclaimed if plans[c].best}
            if not allowed:
                continue
            sub_pool = tuple(n if c in allowed else 0 for c, n in enumerate(kept))
            sub_shown = [(x[0], x[1]) if c in allowed else (0, 0) for c, x in enumerate(left)]
            best, lower = _split(sub_shown, targets[t].model)
            choice = best_counts(new_needs[t], sub_pool, best, lower, phases_after, targets[t].model)
            if choice.damage:
                apply(t, choice.best, choice.lower, choice.damage)
            unclaimed -= allowed
    return out


def allocate(
    targets: Sequence[Target], needs: Needs, pool: Pool, shown: Shown, phases_after: int
) -> tuple[Needs, Pool]:
    """The greedy allocation of one roll by counts; returns the new needs and the dice kept, by colour.

    ``pool`` is every unapplied die just rolled, by colour; ``shown`` their (crits, basic hits) by colour.
    """
    new_needs = list(needs)
    kept = list(pool)
    for t, taken, damage in _assign(targets, needs, pool, shown, phases_after):
        new_needs[t] -= damage
        for c, (crits, hits) in enumerate(taken):
            kept[c] -= crits + hits
    return tuple(new_needs), tuple(kept)


@dataclass(frozen=True, slots=True)
class TargetsAdvice:
    """Where to apply the dice of a roll when several targets are active (the greedy allocation)."""

    apply: tuple[tuple[str, ...], ...]
    """For each target, in the order given, the die ids to apply to it now."""
    keep: tuple[str, ...]
    """Die ids left unapplied (rolled again if another phase is played), misses included."""
    defeats: tuple[bool, ...]
    """For each target, whether it is defeated once these dice are applied."""


def allocate_dice(rolled: Mapping[str, Face], targets: Sequence[Target], *, phases_after: int) -> TargetsAdvice:
    """After a roll: which dice to apply to which target, and which to keep rolling.

    ``rolled`` maps every unapplied die in the active area to its face; ``phases_after`` is how many more
    Strategy phases may follow this one.
    """
    if not 0 <= phases_after <= MAX_PHASES:
        raise ValueError(f"phases_after must be between 0 and {MAX_PHASES}, not {phases_after}")
    by_color: dict[int, dict[str, list[str]]] = {c: {"crit": [], "hit": [], "miss": []} for c in range(len(COLORS))}
    for die in sorted(rolled, key=die_order):
        by_color[COLORS.index(color_of(die))][rolled[die]].append(die)
    pool = tuple(sum(len(v) for v in by_color[c].values()) for c in range(len(COLORS)))
    shown = tuple((len(by_color[c]["crit"]), len(by_color[c]["hit"])) for c in range(len(COLORS)))
    needs = tuple(t.need for t in targets)
    applied: list[list[str]] = [[] for _ in targets]
    new_needs = list(needs)
    for t, taken, damage in _assign(targets, needs, pool, shown, phases_after):
        new_needs[t] -= damage
        for c, (crits, hits) in enumerate(taken):
            for face, count in (("crit", crits), ("hit", hits)):
                applied[t] += by_color[c][face][:count]
                del by_color[c][face][:count]
    keep = tuple(d for c in range(len(COLORS)) for face in ("crit", "hit", "miss") for d in by_color[c][face])
    return TargetsAdvice(
        apply=tuple(tuple(sorted(a, key=die_order)) for a in applied),
        keep=tuple(sorted(keep, key=die_order)),
        defeats=tuple(n <= 0 for n in new_needs),
    )


# --------------------------------------------------------------------------------------------------------------
# Monte Carlo


def _face_table() -> tuple[tuple[int, ...], ...]:
    """Per colour, the six faces coded 0 miss, 1 hit, 2 crit."""
    return tuple(tuple([0] * FACES[c].miss + [1] * FACES[c].hit + [2] * FACES[c].crit) for c in COLORS)


def _sample(targets: Sequence[Target], dice: DiceCounts, phases: int, samples: int, seed: int) -> tuple[list[int], int]:
    rng = random.Random(seed)
    faces = _face_table()
    memo: dict[tuple[Needs, Pool, Shown, int], tuple[Needs, Pool]] = {}
    wins = [0] * len(targets)
    all_wins = 0
    start = tuple(t.need for t in targets)
    for _ in range(samples):
        needs: Needs = start
        pool: Pool = dice.as_tuple()
        for k in range(phases, 0, -1):
            if all(n <= 0 for n in needs) or not sum(pool):
                break
            shown_list = []
            for c, n in enumerate(pool):
                crits = hits = 0
                table = faces[c]
                for _ in range(n):
                    face = table[rng.randrange(6)]
                    if face == 2:
                        crits += 1
                    elif face == 1:
                        hits += 1
                shown_list.append((crits, hits))
            shown = tuple(shown_list)
            key = (needs, pool, shown, k - 1)
            step = memo.get(key)
            if step is None:
                step = memo[key] = allocate(targets, needs, pool, shown, k - 1)
            needs, pool = step
        for t, n in enumerate(needs):
            wins[t] += n <= 0
        all_wins += all(n <= 0 for n in needs)
    return wins, all_wins


# --------------------------------------------------------------------------------------------------------------
# Public API


def targets_odds(
    dice: DiceCounts,
    targets: Sequence[Target],
    *,
    phases: int = 1,
    samples: int = 10_000,
    seed: int = 20,
    exact: bool = True,
) -> TargetsOdds:
    """P(defeating each target and all of them within ``phases`` phases, rolling ``dice``.

    Exact where the targets pool into one need (:func:`~twentystrong.odds.joint.pooled`), the joint tables
    are within budget (:func:`~twentystrong.odds.joint.feasible`) or two targets have one roll left
    (:mod:`twentystrong.odds.two`): ``all`` under the best joint play for all of
    them, ``each`` target's chance with every die on it. Else (or with ``exact=False``) a Monte Carlo of the greedy
    allocation over ``samples`` games from ``seed`` (the same arguments always give the same answer).
    """
    if not targets:
        raise ValueError("give at least one target")
    if not 0 <= phases <= MAX_PHASES:
        raise ValueError(f"phases must be between 0 and {MAX_PHASES}, not {phases}")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples}")
    from twentystrong.odds.joint import TIE, JointSpec, feasible, joint_table, pooled
    from twentystrong.odds.rerolls import kill_probability
    from twentystrong.odds.two import last_roll_value, shape_of

    live = [t for t in targets if t.need > 0]
    spec = JointSpec(tuple(t.model for t in live), tuple(0 for _ in live))
    needs = tuple(t.need for t in live)
    one = pooled(spec.models, needs) if len(live) > 1 else None
    two = shape_of(spec) if len(live) == 2 and phases == 1 else None  # the last roll: any number of dice
    if exact and (not live or one is not None or two is not None or feasible(needs, dice.as_tuple(), spec)):
        each = tuple(
            1.0 if t.need <= 0 else kill_probability(dice, t.health, applied=t.applied, phases=phases, model=t.model)
            for t in targets
        )
        every = 1.0
        if one is not None:
            every = kill_probability(dice, one.need, phases=phases, model=live[0].model, conversion=one.conversion)
        elif two is not None:
            every = min(1.0, last_roll_value(two, dice.as_tuple(), (needs[0], needs[1])))
        elif live:
            value = joint_table(spec, dice.as_tuple(), needs, max(phases, 1)).value(dice.as_tuple(), needs, phases)
            every = 0.0 if value <= TIE else min(1.0, value)  # weights 0: no tie-break in the figure
        return TargetsOdds(each=each, all=every, method="exact", each_error=(0.0,) * len(targets))
    wins, all_wins = _sample(targets, dice, phases, samples, seed)
    return TargetsOdds.sampled(wins, all_wins, samples, seed)
