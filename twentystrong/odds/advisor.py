"""The advisor: what the odds panel and ``twentystrong odds`` answer, from one description of the moment.

A :class:`Situation` is the unapplied dice (with the face each keeps, or shows after a roll), the undefeated targets,
the rolls left, the roll rules in force and the resources the player holds (:mod:`twentystrong.odds.rules`). From
it:

- :func:`chances` — each target's chance with every die on it, and (several targets) the chance that every one
  falls under the best joint play; exact where the tables hold the rules and resources (two targets with one roll
  left: :mod:`twentystrong.odds.two`, any number of dice), else a seeded simulation with its standard error
  (:class:`Chance` says which);
- :func:`advise` — after a roll, the best move: face changes to use first (named), the dice to give each target, the
  dice kept;
- :func:`commit_plan` — before a roll, the fewest pool dice (weakest first among as few) that reach a chance the
  player sets, against each target and against all of them.

Pure Python on frozen values (numpy only inside the tables): safe in a worker thread.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal, cast

from twentystrong.odds.dice import COLORS, Color, Face, color_of, die_order
from twentystrong.odds.forced import ENTRIES, array_entries, forced_move, forced_value, game_of
from twentystrong.odds.joint import (
    BUDGET,
    Joint,
    JointSpec,
    best_joint_move,
    entries,
    feasible,
    joint_reason,
    joint_table,
    pooled,
)
from twentystrong.odds.model import ColorDamage, DamageModel
from twentystrong.odds.plans import Spec, convert_plans, exact_reason
from twentystrong.odds.rerolls import _float_table, _kill_key, _useful, best_move
from twentystrong.odds.rules import NO_RESOURCES, PLAIN_ROLLS, Conversion, Resources, RollRules
from twentystrong.odds.simulate import SAMPLES, Policy, Shown, counts_of, decide, simulate
from twentystrong.odds.targets import Target
from twentystrong.odds.two import TwoShape, best_move_two, last_roll_value, shape_of
from twentystrong.text.words import percent

__all__ = [
    "Advice",
    "Chance",
    "Chances",
    "CommitPlan",
    "Pick",
    "Situation",
    "Use",
    "advise",
    "chances",
    "commit_plan",
]

Stage = Literal["commit", "apply"]
_FACES: tuple[Face, ...] = ("miss", "hit", "crit")
_POSITIVE: tuple[tuple[Face, int], ...] = (("hit", 1), ("crit", 2))


@dataclass(frozen=True, slots=True)
class Situation:
    """The moment the odds are asked about (frozen and hashable: answers are cached by it)."""

    dice: tuple[tuple[str, Face | None], ...]
    """The unapplied dice in the active area: die id, and the face that counts (after a roll: what it shows; before
    one: the face a rule keeps, else None)."""
    targets: tuple[Target, ...]
    """The undefeated targets."""
    phases: int
    """``commit``: the rolls left, this one included; ``apply``: the phases that may follow this one."""
    stage: Stage = "commit"
    rules: RollRules = PLAIN_ROLLS
    resources: Resources = NO_RESOURCES
    hopeless: tuple[bool, ...] = ()
    """Per target: it cannot be defeated this round whatever the dice do (a damage cap below its Health, a block
    that will not lift). Its chance is 0, and the joint play leaves it out."""
    weights: tuple[int, ...] = ()
    """Per target: what it deals if it stands (the joint play's tie-break); 1 each when empty."""
    step_cap: int | None = None
    """At most this many dice may be applied in one Apply step, every target together (None: no limit)."""

    def is_hopeless(self, t: int) -> bool:
        return bool(self.hopeless) and self.hopeless[t]

    def weight(self, t: int) -> int:
        return self.weights[t] + 1 if self.weights else 1


@dataclass(frozen=True, slots=True)
class Chance:
    """A probability, exact or simulated."""

    value: float
    error: float = 0.0
    """The simulation's standard error (0 when exact)."""
    exact: bool = True

    def words(self) -> str:
        """``63%``, or ``≈63% ±2`` when simulated (two standard errors, in points)."""
        if self.exact:
            return percent(self.value)
        from twentystrong.i18n import _

        # Translators: a simulated chance: ≈63% ±2 (two standard errors, in points).
        return _("≈{chance} ±{points}").format(chance=percent(self.value), points=max(1, round(self.error * 200)))


@dataclass(frozen=True, slots=True)
class Chances:
    """Each target's chance with every die on it, and all of them under the best joint play."""

    each: tuple[Chance, ...]
    all: Chance | None = None
    """Several targets: P(every one falls); None for one target."""


@dataclass(frozen=True, slots=True)
class Use:
    """A resource to use before applying: a face change on some dice, or a boost."""

    name: str
    """Whose it is: ``Corona's ability``, ``Ejecta Swarm``."""
    key: str
    """The engine's name of the effect (``source#index``), or the item's id for a boost."""
    dice: tuple[tuple[str, Face], ...] = ()
    """The dice it changes and the face each then shows (empty for a boost)."""


@dataclass(frozen=True, slots=True)
class Advice:
    """The best move after a roll."""

    uses: tuple[Use, ...]
    """Resources to use first, in order."""
    moves: tuple[tuple[int, tuple[str, ...]], ...]
    """(target index, die ids to apply to it), targets that get nothing left out."""
    keep: tuple[str, ...]
    """The unapplied dice left (rolled again next phase, unless a rule keeps their face)."""
    probability: Chance
    """P(defeating the one target, or every target) after the move, playing best afterwards."""
    defeats: tuple[int, ...] = ()
    """The targets the move defeats (as the odds see it; the panel replays it through the engine)."""
    held: tuple[str, ...] = ()
    """Single-use boosts (names) the move keeps for a later Apply step while :attr:`probability` counts them: used
    then only if the dice alone have not done it (:func:`_held_back`)."""
    later: bool = False
    """:attr:`probability` counts the pool dice a later Strategy phase may commit (the move was chosen with them)."""


@dataclass(frozen=True, slots=True)
class Pick:
    """Pool dice to commit and the chance they give."""

    dice: tuple[str, ...]
    """The pool dice to add (may be empty: the dice committed already reach it)."""
    chance: Chance
    """The chance with them (the dice committed and kept included)."""
    reached: bool
    """Whether the chance reaches the threshold (else: the best with every pool die)."""


@dataclass(frozen=True, slots=True)
class CommitPlan:
    """Per target and for all of them: the fewest pool dice, weakest first, that reach the threshold."""

    threshold: float
    each: tuple[Pick | None, ...]
    """None for a target that cannot fall this round."""
    all: Pick | None = None
    """Several targets: every one falling; None when not asked or out of reach of the exact tables."""


# --------------------------------------------------------------------------------------------------------------
# What the tables hold


def _boosted(situation: Situation, t: int) -> DamageModel:
    """Target ``t``'s model with every boost held used (R5: a boost counts for dice already applied, so it can wait
    for the moment it decides the fight)."""
    model = situation.targets[t].model
    for boost in situation.resources.boosts:
        model = boost.models[t]
    return model


def _single_change(situation: Situation) -> tuple[Conversion | None, bool]:
    """The one-die change the exact tables would hold and whether the resources are all held by them."""
    conversions = situation.resources.conversions
    if not conversions:
        return None, True
    if len(conversions) == 1 and conversions[0].single:
        return conversions[0], True
    return None, False


def _spec(situation: Situation, t: int, pool: Sequence[int]) -> Spec | None:
    """The exact spec of target ``t`` (None when the tables cannot hold the rules and resources)."""
    conversion, all_held = _single_change(situation)
    if not all_held or situation.step_cap is not None:
        return None  # the joint tables hold a capped Apply step (for one target too), or the simulation
    spec = Spec(_boosted(situation, t), situation.rules, conversion.shape if conversion else None)
    return spec if exact_reason(spec, pool) is None else None


def _joint_spec(situation: Situation, live: Sequence[int]) -> JointSpec | None:
    conversion, all_held = _single_change(situation)
    if not all_held:
        return None
    return JointSpec(
        tuple(_boosted(situation, t) for t in live),
        tuple(situation.weight(t) for t in live),
        situation.rules,
        conversion.shape if conversion else None,
        situation.step_cap,
    )


def _split(situation: Situation) -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    """Before a roll: the dice to roll by colour, and the faces kept dice show by colour (misses, hits, crits)."""
    rolled = [0] * len(COLORS)
    kept = [[0, 0, 0] for _ in COLORS]
    for die, face in situation.dice:
        c = COLORS.index(color_of(die))
        if face is None:
            rolled[c] += 1
        else:
            kept[c][_FACES.index(face)] += 1
    return tuple(rolled), tuple((k[0], k[1], k[2]) for k in kept)


def _shown(situation: Situation) -> tuple[tuple[int, int, int], ...]:
    """After a roll: every unapplied die's face by colour (misses, hits, crits)."""
    return counts_of([(COLORS.index(color_of(d)), f if f is not None else "miss") for d, f in situation.dice])


# --------------------------------------------------------------------------------------------------------------
# Chances


def _gained(situation: Situation) -> Situation:
    """The situation with what the boosts held add at once counted as damage already on the targets (R5: a bonus
    on dice reaches those already applied; a use that defeats a target meets its whole need)."""
    boosts = [b for b in situation.resources.boosts if b.gains]
    if not boosts:
        return situation
    targets = tuple(
        replace(target, applied=target.applied + sum(b.gain(t) for b in boosts))
        for t, target in enumerate(situation.targets)
    )
    counted = tuple(replace(b, gains=()) for b in situation.resources.boosts)  # counted once
    return replace(situation, targets=targets, resources=replace(situation.resources, boosts=counted))


@lru_cache(maxsize=256)
def chances(situation: Situation, samples: int = SAMPLES) -> Chances:
    """Each target's chance with every die on it, and (several) all of them: exact where the tables hold the rules
    and resources, else simulated (seeded)."""
    situation = _gained(situation)
    each = tuple(_one(situation, t, samples) for t in range(len(situation.targets)))
    every: Chance | None = None
    if len(situation.targets) > 1:
        every = _all(situation, samples)
    return Chances(each, every)


def _one(situation: Situation, t: int, samples: int) -> Chance:
    target = situation.targets[t]
    if situation.is_hopeless(t):
        return Chance(0.0)
    if target.need <= 0:
        return Chance(1.0)
    alone = replace(situation, targets=(target,), hopeless=(), weights=())
    if situation.stage == "apply":
        if situation.phases == 0 and not situation.dice:
            return Chance(0.0)
        return advise(alone, samples).probability if situation.dice else _before(alone, 0, samples)
    return _before(alone, 0, samples)


def _before(situation: Situation, t: int, samples: int) -> Chance:
    """One target, before a roll (``phases`` rolls left)."""
    target = situation.targets[t]
    need = target.need
    if need <= 0:
        return Chance(1.0)
    rolled, kept = _split(situation)
    phases = situation.phases if situation.stage == "commit" else situation.phases
    if phases == 0:
        return Chance(0.0)
    spec = _spec(situation, t, tuple(r + sum(k) for r, k in zip(rolled, kept, strict=True)))
    if spec is not None:
        held = spec.conversion is not None
        if any(sum(k) for k in kept):
            # Kept dice show their face at the roll: their best use is the move a roll showing them would get,
            # with the dice rolled still to come. Only kept faces that deal damage or a held change on a kept face
            # matter: as good as applied at once (the tables' terms).
            move = best_move(need, kept, 0, spec, held)
            if move.probability == 1.0:
                return Chance(1.0)
            dealt = sum(
                h * spec.model.damage(c, "hit") + k * spec.model.damage(c, "crit")
                for c, (h, k) in zip(COLORS, move.applied, strict=True)
            )
            need -= dealt
            if held:  # a change on a kept face is worth its gain at once (the tables' terms)
                gains = [
                    cv.gain
                    for cv, shown in zip(convert_plans(spec), kept, strict=True)
                    if cv is not None and cv.kind == "frozen" and shown[_FACES.index(cv.face)]
                ]
                if gains:
                    need -= max(gains)
                    held = False
        if need <= 0:
            return Chance(1.0)
        table = _float_table(spec, need, rolled, phases)
        return Chance(table.value(_useful(rolled, spec), need, phases, held=held))
    joint = _joint_spec(situation, [t])
    pool = tuple(r + sum(k) for r, k in zip(rolled, kept, strict=True))
    if joint is not None and not any(sum(k) for k in kept) and feasible([need], pool, joint):
        value = joint_table(joint, pool, (need,), phases).value(pool, (need,), phases)
        return Chance(_strip(value, joint))
    dice = [(color_of(d), f) for d, f in situation.dice]
    odds = simulate(
        dice,
        [replace(target, model=_boosted(situation, t))],
        phases=phases,
        rules=situation.rules,
        conversions=situation.resources.conversions,
        samples=samples,
        step_cap=situation.step_cap,
    )
    return Chance(odds.each[0], odds.each_error[0], exact=odds.method == "exact")


def _live(situation: Situation) -> list[int]:
    return [t for t, target in enumerate(situation.targets) if target.need > 0 and not situation.is_hopeless(t)]


def _all(situation: Situation, samples: int) -> Chance:
    if any(situation.is_hopeless(t) for t in range(len(situation.targets))):
        return Chance(0.0)
    live = _live(situation)
    if not live:
        return Chance(1.0)
    if len(live) == 1:
        return _one(situation, live[0], samples)
    if situation.stage == "apply" and situation.dice:
        return advise(situation, samples).probability
    pooled = _pooled(situation, live, samples)
    if pooled is not None:
        return pooled
    rolled, kept = _split(situation)
    needs = [situation.targets[t].need for t in live]
    spec = _joint_spec(situation, live)
    pool = tuple(r + sum(k) for r, k in zip(rolled, kept, strict=True))
    if spec is not None and not any(sum(k) for k in kept) and feasible(needs, pool, spec):
        table = joint_table(spec, pool, tuple(needs), situation.phases)
        value = table.value(pool, needs, situation.phases)
        return Chance(min(1.0, max(0.0, _strip(value, spec))))
    two = shape_of(spec) if spec is not None and situation.phases == 1 else None
    if spec is not None and two is not None and not any(k[1] + k[2] for k in kept):
        # Two targets and the last roll: any number of dice (a kept miss deals nothing, it is not rolled).
        return Chance(_strip(last_roll_value(two, rolled, (needs[0], needs[1])), spec))
    dice = [(color_of(d), f) for d, f in situation.dice]
    odds = simulate(
        dice,
        [replace(situation.targets[t], model=_boosted(situation, t)) for t in live],
        phases=situation.phases,
        rules=situation.rules,
        conversions=situation.resources.conversions,
        samples=several_samples(samples, len(dice), situation.phases),
        step_cap=situation.step_cap,
    )
    return Chance(odds.all, odds.all_error, exact=odds.method == "exact")


WORK = 40_000
"""Several targets simulated: at most this many dice-rolls (games × dice × rolls) per answer, so that the figure the
panel waits for (two enemies over 17 dice with three rolls left: beyond the exact tables, ``≈``) comes within 300 ms
on this machine kind (``twentystrong bench --only odds``); fewer games, a wider ``±``."""


def several_samples(samples: int, dice: int, phases: int) -> int:
    """The games to simulate against several targets: ``samples``, fewer where :data:`WORK` would be passed (never
    under a tenth of them; the standard error grows as one over the square root)."""
    return max(samples // 10, min(samples, WORK // max(1, dice * phases)))


def _pooled_situation(situation: Situation, live: Sequence[int], pool: Sequence[str] = ()) -> Situation | None:
    """The situation with one target standing for every live one (:func:`~twentystrong.odds.joint.pooled`), where
    they pool and one target's tables hold the rules and resources with it; else None.

    The models are compared on the colours of the dice (those of the situation and ``pool``, the dice a commit plan
    may add) only: a colour no die has changes no figure, so enemies that differ only there pool (two enemies, one
    taking nothing from purple, and no purple die)."""
    if situation.resources.boosts:
        return None  # a boost's model is per target: the joint tables or the simulation weigh it
    present = {color_of(d) for d, _ in situation.dice} | {color_of(d) for d in pool}
    base = situation.targets[live[0]].model
    models = [_on_colors(situation.targets[t].model, base, present) for t in live]
    one = pooled(models, [situation.targets[t].need for t in live], situation.rules)
    if one is None or (one.conversion is not None and situation.resources.conversions):
        return None  # the tables hold one face change
    target = Target(one.need, model=base)
    resources = situation.resources if one.conversion is None else Resources((one.conversion,))
    alone = replace(situation, targets=(target,), hopeless=(), weights=(), resources=resources)
    rolled, kept = _split(alone)
    if _spec(alone, 0, tuple(r + sum(k) for r, k in zip(rolled, kept, strict=True))) is None:
        return None
    return alone


def _on_colors(model: DamageModel, base: DamageModel, colors: set[Color]) -> DamageModel:
    """``model`` on ``colors``, ``base`` on every other colour."""
    if all(model.of(c) == base.of(c) for c in COLORS if c not in colors):
        return model
    return DamageModel.from_mapping({c: model.of(c) if c in colors else base.of(c) for c in COLORS})


def _pooled(situation: Situation, live: Sequence[int], samples: int) -> Chance | None:
    """Before a roll: P(every live target falls) as one target's chance, where they pool; else None."""
    alone = _pooled_situation(situation, live)
    return None if alone is None else _before(alone, 0, samples)


def _strip(value: float, spec: JointSpec) -> float:
    """A joint value without its tie-break: the tie-break is at most ``TIE`` times the weights, far below any
    difference the panel shows, so a value within it is 0 (no play defeats them all)."""
    from twentystrong.odds.joint import TIE

    return 0.0 if value <= TIE * sum(spec.weights) * 1.000001 else min(1.0, value)


# --------------------------------------------------------------------------------------------------------------
# Advice after a roll


@lru_cache(maxsize=256)
def advise(situation: Situation, samples: int = SAMPLES) -> Advice:
    """After a roll: the best move (face changes first, dice per target, dice kept) and the chance it keeps.

    A resource is used only when it raises the chance: when the same situation without any resource does as well
    (a tie keeps it), that advice is given. A boost that defeats a target at once (its bonus on the dice already
    applied, or its own effect) is counted (:func:`_gained`)."""
    gained = _gained(situation)
    advice = _advise(gained, samples, situation)
    held = _held_back(situation, advice, samples)
    if held is not None:
        return held
    boosts = {b.item for b in situation.resources.boosts}
    harmless = bool(situation.weights) and all(situation.weights[t] == 0 for t in _live(situation))
    if situation.phases > 0 and harmless and any(u.key in boosts for u in advice.uses):
        # A single-use item is spent only when it turns a loss this round into a defeat: against enemies that deal
        # nothing, standing at the end of the round costs nothing this round, so while a roll is left and the dice
        # alone may still do, it is kept.
        held = advise(replace(situation, resources=replace(situation.resources, boosts=())), samples)
        if held.probability.value > 0:
            return held
    if advice.uses and situation.resources:
        if advice.probability.value >= 1 and not _could_be_sure(situation):
            return advice  # sure with it, and without it nothing is (no need to work out by how much)
        plain = _advise(replace(situation, resources=replace(situation.resources, conversions=(), boosts=())), samples)
        if _as_good(plain.probability, advice.probability):
            return _sure_first(situation, plain, samples)
    return _sure_first(situation, advice, samples)


def _held_back(situation: Situation, advice: Advice, samples: int) -> Advice | None:
    """The advice with its single-use boost kept for later, where that loses nothing; else None.

    While a roll is left, a boost whose use now makes every enemy the advice plays for fall, and whose bonus reaches
    the dice already applied (R5: its gain, or :attr:`~twentystrong.odds.rules.Boost.reaches`), still does so at the
    last Apply step of the round: by then it reaches every die applied in between too, and those dice only lower the
    need. So the chance is the same held (a tie keeps the resource), and the dice alone may still do it meanwhile:
    the move is the advice's dice played without it, its chance counted with it (the words name it), and at the last
    roll the advice uses it only if the dice alone have not done it: exactly when it turns a loss this round into a
    defeat. Held only where the dice alone have a chance (with no chance, nothing is saved by waiting)."""
    if situation.stage != "apply" or situation.phases == 0 or advice.probability.value < 1 or not advice.uses:
        return None
    boosts = {b.item: b for b in situation.resources.boosts}
    used = [boosts[u.key] for u in advice.uses if u.key in boosts]
    if len(used) != 1 or len(advice.uses) != 1 or not (used[0].gains or used[0].reaches):
        return None  # one boost alone (a face change acts on the dice showing now: it cannot wait)
    boost = used[0]
    live = _live(situation)
    if not live or not set(live) <= set(advice.defeats):
        return None
    faces = dict(situation.dice)
    given = {t: dice for t, dice in advice.moves}
    applied: dict[int, int] = {}
    for t in live:
        target = situation.targets[t]
        dice = given.get(t, ())
        plain = sum(target.model.damage(color_of(d), faces[d] or "miss") for d in dice)
        more = sum(boost.models[t].damage(color_of(d), faces[d] or "miss") for d in dice) - plain
        if boost.gain(t) + more < target.need - plain:
            return None  # used later it would not reach the need left (its bonus does not reach these dice)
        applied[t] = plain
    rolled = tuple((d, faces[d] if situation.rules.keeps(faces[d]) else None) for d in advice.keep)
    if not rolled:
        return None
    targets = tuple(
        replace(target, applied=target.applied + applied.get(t, 0)) for t, target in enumerate(situation.targets)
    )
    later = replace(
        situation,
        dice=rolled,
        targets=targets,
        stage="commit",
        resources=replace(situation.resources, boosts=()),
    )
    found = chances(later, samples)
    alone = found.each[live[0]] if len(live) == 1 else found.all
    if alone is None or alone.value <= 0:
        return None
    defeats = tuple(t for t in live if applied[t] >= situation.targets[t].need)
    return replace(advice, uses=(), defeats=defeats, held=(boost.name,))


def _without(situation: Situation, keep: Sequence[int], dice: Sequence[tuple[str, Face | None]]) -> Situation:
    """The situation with only the targets ``keep`` (their boosts' models and gains with them) and ``dice``."""
    boosts = tuple(
        replace(b, models=tuple(b.models[i] for i in keep), gains=tuple(b.gain(i) for i in keep) if b.gains else ())
        for b in situation.resources.boosts
    )
    return replace(
        situation,
        dice=tuple(dice),
        targets=tuple(situation.targets[i] for i in keep),
        hopeless=tuple(situation.is_hopeless(i) for i in keep) if situation.hopeless else (),
        weights=tuple(situation.weights[i] for i in keep) if situation.weights else (),
        resources=replace(situation.resources, boosts=boosts),
    )


def _sure_first(situation: Situation, advice: Advice, samples: int) -> Advice:
    """Several targets, and the move defeats none now while the dice showing surely defeat one (spending nothing):
    that defeat is taken (the fewest, weakest dice, the rest played best for the others) unless waiting is worth
    more. Worth: each target's damage (its weight) times its chance to fall, counting the others only when all of
    them fall: taken now, the target for sure and the others' joint chance with the dice left; waited for, the
    target's own chance with the dice the move keeps (rolled again) and the move's chance for every target. A sure
    defeat is never given up for a sliver of a chance that every enemy falls."""
    live = _live(situation)
    if situation.stage != "apply" or len(live) < 2 or advice.defeats or not situation.dice:
        return advice
    shown = _shown(situation)
    found: tuple[tuple[int, tuple[int, int, int]], int, tuple[tuple[int, int], ...]] | None = None
    for t in live:
        target = situation.targets[t]
        kill = _kill_key(shown, target.need, target.model)
        if kill is None or (situation.step_cap is not None and kill[1] > situation.step_cap):
            continue
        key = (-situation.weight(t), kill[:3])
        if found is None or key < found[0]:
            found = (key, t, kill[3])
    if found is None:
        return advice
    _, t, gives = found
    now = _words(replace(situation, resources=NO_RESOURCES), None, {t: gives}, Chance(1.0))
    if now.defeats != (t,):
        return advice
    spent = set(now.moves[0][1])
    others = [i for i in range(len(situation.targets)) if i != t]
    rest = advise(_without(situation, others, [x for x in situation.dice if x[0] not in spent]), samples)
    faces = dict(situation.dice)
    target = situation.targets[t]
    given = [d for i, dice in advice.moves if i == t for d in dice]
    dealt = sum(target.model.damage(color_of(d), faces[d] or "miss") for d in given)
    if target.need - dealt <= 0:
        waited = 1.0
    elif situation.phases == 0:
        waited = 0.0
    else:
        rolled = [(d, faces[d] if situation.rules.keeps(faces[d]) else "miss") for d in advice.keep]
        alone = _without(situation, [t], rolled)
        alone = replace(alone, targets=(replace(target, applied=target.applied + dealt),), hopeless=(), weights=())
        waited = advise(alone, samples).probability.value if rolled else 0.0
    weight = situation.weight(t)
    rest_weight = sum(situation.weight(i) for i in live if i != t)
    taken = weight + rest_weight * rest.probability.value
    deferred = weight * waited + rest_weight * advice.probability.value
    if taken < deferred - 1e-9:
        return advice
    moves = [(t, now.moves[0][1]), *((others[i], dice) for i, dice in rest.moves)]
    return Advice(
        rest.uses,
        tuple(sorted(moves)),
        rest.keep,
        rest.probability,
        tuple(sorted({t, *(others[i] for i in rest.defeats)})),
        rest.held,
    )


def _could_be_sure(situation: Situation) -> bool:
    """Whether the situation without any resource might be sure: only if the dice showing could meet every need now
    (each die at its best against any target). A die kept for a later roll deals at worst what its worst face deals,
    never more than the face it shows at its best, so later rolls make nothing sure that the dice showing do not."""
    live = _live(situation)
    best = sum(
        max((situation.targets[t].model.damage(color_of(d), f) for t in live), default=0)
        for d, f in situation.dice
        if f is not None
    )
    return best >= sum(situation.targets[t].need for t in live)


def _as_good(a: Chance, b: Chance) -> bool:
    """``a`` is at least ``b`` (within the simulation's error where either is simulated: a tie)."""
    slack = 1e-9 if a.exact and b.exact else 2 * max(a.error, b.error, 1e-9)
    return a.value >= b.value - slack


def _advise(situation: Situation, samples: int, original: Situation | None = None) -> Advice:
    """:func:`advise` of ``situation`` (the boosts' gains counted already); ``original``: before they were, for
    saying which boost the move needs."""
    if original is None or original is situation:
        return _best(situation, samples)
    falls = tuple(
        t
        for t, (now, was) in enumerate(zip(situation.targets, original.targets, strict=True))
        if now.need <= 0 < was.need and not original.is_hopeless(t)
    )
    advice = _best(situation, samples)
    faces = dict(situation.dice)
    for boost in original.resources.boosts:
        if not boost.gains or any(u.key == boost.item for u in advice.uses):
            continue
        needed = [t for t in falls if boost.gain(t)]
        for t, applied in advice.moves:
            plain = sum(original.targets[t].model.damage(color_of(d), faces[d] or "miss") for d in applied)
            if t in advice.defeats and plain < original.targets[t].need:
                needed.append(t)
        if needed:
            advice = replace(advice, uses=(*advice.uses, Use(boost.name, boost.item)))
    if falls:
        advice = replace(advice, defeats=tuple(sorted({*falls, *advice.defeats})))
    return advice


def _best(situation: Situation, samples: int) -> Advice:
    live = _live(situation)
    if not live or not situation.dice:
        return Advice((), (), tuple(d for d, _ in situation.dice), Chance(0.0 if live else 1.0))
    shown = _shown(situation)
    pool = tuple(sum(f) for f in shown)
    spec = _spec(situation, live[0], pool) if len(live) == 1 else None
    if spec is not None:
        t = live[0]
        move = best_move(situation.targets[t].need, shown, situation.phases, spec, spec.conversion is not None)
        gives = {t: move.applied}
        return _words(situation, move.convert, gives, Chance(move.probability))
    forced = _forced_move(situation, live, shown)
    if forced is not None:
        return forced
    else:
        joint = _joint_spec(situation, live)
        needs = [situation.targets[t].need for t in live]
        if joint is not None and feasible(needs, pool, joint):
            jmove = best_joint_move(tuple(needs), shown, situation.phases, joint, pool, joint.conversion is not None)
            gives = dict(zip(live, jmove.give, strict=True))
            probability = Chance(min(1.0, max(0.0, _strip(jmove.value, joint))))
            return _words(situation, jmove.convert, gives, probability)
        two = shape_of(joint) if joint is not None and situation.phases <= 1 else None
        if joint is not None and two is not None:  # two targets, one roll at most to follow: any number of dice
            jmove = best_move_two(two, (needs[0], needs[1]), shown, situation.phases)
            gives = dict(zip(live, jmove.give, strict=True))
            return _words(situation, None, gives, Chance(_strip(jmove.value, joint)))
    return _simulated_advice(situation, live, shown, samples)


def _forced_move(situation: Situation, live: list[int], shown: tuple[tuple[int, int, int], ...]) -> Advice | None:
    """One target under forced rerolls (the rerolls of this roll done): the best move, exact
    (:func:`~twentystrong.odds.forced.forced_move`), where :mod:`twentystrong.odds.forced` holds the rules and the
    resources; else None."""
    conversion, all_held = _single_change(situation)
    if len(live) != 1 or not situation.rules.forced_rerolls or not all_held or situation.step_cap is not None:
        return None
    t = live[0]
    need = situation.targets[t].need
    game = game_of(_boosted(situation, t), situation.rules, conversion)
    if game is None:
        return None
    kill = _kill_key(shown, need, game.model)
    if kill is not None:  # a defeat now: the cheapest set, as for the tables (the change kept)
        return _words(situation, None, {t: kill[3]}, Chance(1.0))
    move = forced_move(game, need, shown, situation.phases, conversion is not None)
    if move is None:
        return None
    return _words(situation, move.convert, {t: move.applied}, Chance(move.probability))


def _simulated_advice(
    situation: Situation, live: list[int], shown: tuple[tuple[int, int, int], ...], samples: int
) -> Advice:
    """The simulation's policy move, and the chance it keeps (simulated from the state it leaves)."""
    targets = tuple(replace(situation.targets[t], model=_boosted(situation, t)) for t in live)
    conversions = situation.resources.conversions
    policy = Policy(targets, situation.rules, conversions, situation.step_cap)
    step = decide(policy, tuple(t.need for t in targets), shown, situation.phases, tuple(range(len(conversions))))
    changes = []
    faces = shown
    for i, after in step.used:
        changes.append((i, _turned(faces, after)))
        faces = after
    gives = dict(zip(live, step.gives, strict=True))
    dice = [
        (COLORS[c], face if situation.rules.keeps(face) else None)
        for c, counts in enumerate(step.left)
        for face, n in zip(_FACES, counts, strict=True)
        for _ in range(n)
    ]
    pending = [
        replace(target, applied=target.health - n) for target, n in zip(targets, step.needs, strict=True) if n > 0
    ]
    if not pending:
        chance = Chance(1.0)
    elif situation.phases == 0 or not dice:
        chance = Chance(0.0)
    else:
        odds = simulate(
            dice,
            pending,
            phases=situation.phases,
            rules=situation.rules,
            conversions=tuple(conversions[i] for i in step.held),
            samples=several_samples(samples, len(dice), situation.phases) if len(pending) > 1 else samples,
            step_cap=situation.step_cap,
        )
        chance = Chance(odds.all, odds.all_error, exact=odds.method == "exact")
    return _words(situation, None, gives, chance, changes=changes)


def _turned(before: Shown, after: Shown) -> tuple[tuple[int, Face, Face], ...]:
    """The dice a change turned: per colour, each face lost paired with a face gained."""
    out = []
    for c, (old, new) in enumerate(zip(before, after, strict=True)):
        lost = [f for k, f in enumerate(_FACES) for _ in range(max(0, old[k] - new[k]))]
        gained = [f for k, f in enumerate(_FACES) for _ in range(max(0, new[k] - old[k]))]
        out += [(c, a, b) for a, b in zip(lost, gained, strict=False)]
    return tuple(out)


def _words(
    situation: Situation,
    convert: tuple[int, Face, Face] | None,
    gives: dict[int, tuple[tuple[int, int], ...]],
    probability: Chance,
    changes: Sequence[tuple[int, tuple[tuple[int, Face, Face], ...]]] = (),
) -> Advice:
    """Counts by colour back to die ids: which dice the changes turn, which go to each target, which stay."""
    faces = dict(situation.dice)
    uses: list[Use] = []
    conversions = situation.resources.conversions
    planned: list[tuple[int, tuple[tuple[int, Face, Face], ...]]] = list(changes)
    if convert is not None:
        planned.insert(0, (0, (convert,)))
    taken: set[str] = set()
    for i, turned in planned:
        changed: list[tuple[str, Face]] = []
        for index, before, after in turned:
            die = min(
                (d for d, f in faces.items() if color_of(d) == COLORS[index] and f == before and d not in taken),
                key=die_order,
            )
            faces[die] = after
            taken.add(die)
            changed.append((die, after))
        uses.append(Use(conversions[i].name, conversions[i].key, tuple(changed)))
    moves: list[tuple[int, tuple[str, ...]]] = []
    given: set[str] = set()
    defeats: list[int] = []
    changed_dice = {d for use in uses for d, _ in use.dice}
    for t in sorted(gives):
        chosen: list[str] = []
        dealt = 0
        model = _boosted(situation, t)
        for color, (hits, crits) in zip(COLORS, gives[t], strict=True):
            # Changed dice first (they were changed to be applied), then the lowest ids.
            order = sorted(
                (d for d in faces if color_of(d) == color and d not in given),
                key=lambda d: (d not in changed_dice, die_order(d)),
            )
            for face, _ in _POSITIVE:
                n = hits if face == "hit" else crits
                chosen += [d for d in order if faces[d] == face][:n]
                dealt += n * model.damage(color, face)
        given.update(chosen)
        if chosen:
            moves.append((t, tuple(sorted(chosen, key=die_order))))
            if dealt >= situation.targets[t].need:
                defeats.append(t)
    # A boost is used when it makes the difference: a target the move defeats only with it.
    for boost in situation.resources.boosts:
        for t, applied in moves:
            plain = sum(situation.targets[t].model.damage(color_of(d), faces[d] or "miss") for d in applied)
            if t in defeats and plain < situation.targets[t].need:
                uses.append(Use(boost.name, boost.item))
                break
    keep = tuple(sorted((d for d in faces if d not in given), key=die_order))
    return Advice(tuple(uses), tuple(moves), keep, probability, tuple(defeats))


# --------------------------------------------------------------------------------------------------------------
# What to commit


def _strength(dice: Sequence[str]) -> tuple[int, ...]:
    """Weaker sets first: compared strongest die first (a set whose strongest die is weaker is weaker)."""
    return tuple(sorted((COLORS.index(color_of(d)) for d in dice), reverse=True))


def _subsets(pool: Sequence[str], size: int) -> list[tuple[str, ...]]:
    """The distinct sets of ``size`` pool dice by colour (the lowest ids of each colour), weakest first."""
    by_color: dict[Color, list[str]] = {}
    for die in sorted(pool, key=die_order):
        by_color.setdefault(color_of(die), []).append(die)
    colors = [c for c in COLORS if c in by_color]
    out = []
    for counts in itertools.product(*(range(len(by_color[c]) + 1) for c in colors)):
        if sum(counts) == size:
            out.append(tuple(d for c, n in zip(colors, counts, strict=True) for d in by_color[c][:n]))
    out.sort(key=_strength)
    return out


def _strongest(pool: Sequence[str], most: int | None) -> tuple[str, ...]:
    """The pool dice that may be committed at best: all of them, or the ``most`` strongest under a commit limit."""
    if most is None or most >= len(pool):
        return tuple(pool)
    return tuple(sorted(sorted(pool, key=die_order, reverse=True)[: max(0, most)], key=die_order))


@lru_cache(maxsize=64)
def commit_plan(
    situation: Situation, pool: tuple[str, ...], threshold: float = 0.9, most: int | None = None
) -> CommitPlan:
    """Before a roll: per target, and for all of them, the fewest ``pool`` dice (weakest first among as few) that
    bring the chance to ``threshold`` with the dice committed already; where none does, every pool die and the best
    chance. Exact tables only (a simulation per candidate would be too slow): where the rules or resources need the
    simulation, the rules the tables hold nearest are used for the search, and the pick's chance is then the
    simulation's (or the exact one of :mod:`twentystrong.odds.forced`, and a set whose exact chance falls short is
    passed over). ``most``: how many more dice the rules let the player commit now (a commit limit in force), so a
    plan never asks for more."""
    each: list[Pick | None] = []
    for t in range(len(situation.targets)):
        if situation.is_hopeless(t):
            each.append(None)
            continue
        each.append(_pick(situation, pool, threshold, t, most))
    every: Pick | None = None
    live = _live(situation)
    if len(situation.targets) > 1 and len(live) == len(situation.targets):
        alone = _pooled_situation(situation, live, pool)
        if alone is not None:  # every pool die weighed, exactly
            every = _pick(alone, pool, threshold, 0, most)
        else:
            every = _pick_joint(situation, pool, threshold, live, most)
        if every is None:
            every = _pick_simulated(situation, pool, threshold, each, most)
    return CommitPlan(threshold, tuple(each), every)


def _pick_simulated(
    situation: Situation, pool: tuple[str, ...], threshold: float, each: Sequence[Pick | None], most: int | None
) -> Pick:
    """Every target together where the joint tables cannot hold the rules and resources (two face changes held, a
    change on a face the rules keep …): the dice each target's own pick asks for, together (per colour, the lowest
    ids, stronger dice where a colour runs out), when the chance of every target falling with them (simulated under
    the rules and resources in force) reaches ``threshold``; else every pool die the rules let the player commit,
    and its chance. Never None: enemies that may all fall are never said to be out of reach because the tables
    cannot count a resource."""
    picks = [_counts(p.dice) for p in each if p is not None]
    wanted = [sum(counts[c] for counts in picks) for c in range(len(COLORS))]
    left = sorted(pool, key=die_order)
    chosen: list[str] = []
    for c, n in enumerate(wanted):
        free = [d for d in left if COLORS.index(color_of(d)) >= c and d not in chosen]
        chosen += sorted(free, key=lambda d: (COLORS.index(color_of(d)) != c, die_order(d)))[:n]
    best = _strongest(pool, most)
    candidates = []
    if (most is None or len(chosen) <= most) and set(chosen) != set(best):
        candidates.append(tuple(sorted(chosen, key=die_order)))
    candidates.append(best)
    for dice in candidates:
        grown = replace(situation, dice=(*situation.dice, *((d, None) for d in dice)))
        chance = chances(grown).all or Chance(0.0)
        if chance.value >= threshold - 1e-9 or dice is best:
            return Pick(dice, chance, chance.value >= threshold - 1e-9)
    raise AssertionError("unreachable")  # pragma: no cover - the last candidate returns


def _nearest(situation: Situation) -> Situation:
    """The situation with the rules and resources the exact tables of one target hold (for searching)."""
    if all(_spec(situation, t, (4, 4, 4, 4, 1)) is not None for t in range(len(situation.targets))):
        return situation
    rules = replace(situation.rules, forced_rerolls=False)
    situation = replace(situation, step_cap=None)
    singles = tuple(c for c in situation.resources.conversions if c.single)[:1]
    resources = replace(situation.resources, conversions=singles)
    near = replace(situation, rules=rules, resources=resources)
    for t in range(len(near.targets)):
        if _spec(near, t, (4, 4, 4, 4, 1)) is None:
            return replace(near, resources=replace(resources, conversions=()))
    return near


def _pick(situation: Situation, pool: tuple[str, ...], threshold: float, t: int, most: int | None = None) -> Pick:
    """One target: the first set of pool dice, fewest first and weakest first among as few, that reaches it."""
    if situation.step_cap is not None:
        joint = _pick_joint(situation, pool, threshold, [t], most)
        if joint is not None:
            return joint
    forced = _pick_forced(situation, pool, threshold, t, most)
    if forced is not None:
        return forced
    near = _nearest(situation)
    exact = near == situation

    def value(extra: tuple[str, ...], s: Situation) -> Chance:
        grown = replace(s, dice=(*s.dice, *((d, None) for d in extra)))
        return _before(grown, t, SAMPLES)

    for size in range(len(_strongest(pool, most)) + 1):
        for extra in _subsets(pool, size):
            found = value(extra, near)
            if found.value >= threshold:
                if exact:
                    return Pick(extra, found, True)
                own = value(extra, situation)
                if own.exact and own.value < threshold - 1e-9:
                    continue  # the nearest rules overrate these dice (forced rerolls): the exact figure falls short
                return Pick(extra, own, True)
    best = _strongest(pool, most)
    return Pick(best, value(best, situation), False)


def _pick_forced(
    situation: Situation, pool: tuple[str, ...], threshold: float, t: int, most: int | None
) -> Pick | None:
    """One target under forced rerolls: the first set of pool dice, fewest first and weakest first among as few,
    whose exact chance reaches ``threshold``, every chance read from :mod:`twentystrong.odds.forced`'s arrays over
    the dice committed and every pool die; None when those arrays are out of its budget (then the search runs on
    the nearest rules, which can pass over a set that is enough: a forced reroll of a die that cannot miss only
    gains) or the question is not one it holds (a die keeping a face, a cap per step, two face changes)."""
    conversions = situation.resources.conversions
    if not situation.rules.forced_rerolls or situation.step_cap is not None or len(conversions) > 1:
        return None
    if any(face is not None for _, face in situation.dice):
        return None
    need = situation.targets[t].need
    if need <= 0 or situation.phases == 0:
        return None
    game = game_of(_boosted(situation, t), situation.rules, conversions[0] if conversions else None)
    if game is None:
        return None
    usable = _strongest(pool, most)
    rolled, _ = _split(situation)
    root = tuple(r + n for r, n in zip(rolled, _counts(usable), strict=True))
    if array_entries(game, root, need + 1) > ENTRIES:
        return None

    def chance(extra: Sequence[str]) -> Chance:
        counts = tuple(r + n for r, n in zip(rolled, _counts(extra), strict=True))
        found = forced_value(game, counts, need, situation.phases, root=root, length=need + 1)
        assert found is not None  # within the arrays of ``root``
        return Chance(found)

    for size in range(len(usable) + 1):
        for extra in _subsets(usable, size):
            found = chance(extra)
            if found.value >= threshold:
                return Pick(extra, found, True)
    return Pick(usable, chance(usable), False)


def _pick_joint(
    situation: Situation, pool: tuple[str, ...], threshold: float, live: list[int], most: int | None = None
) -> Pick | None:
    """These targets together (all of them, or one in a capped Apply step): the first set of pool dice, fewest first
    and weakest first among as few, whose joint chance reaches ``threshold``; None when the joint tables cannot
    hold it.

    A joint table over every pool die is out of reach (17 dice against two targets whose damage differs: seconds),
    so each candidate gets the joint table of its own dice (a few milliseconds), and only when an upper bound of its
    chance reaches the threshold (:func:`_joint_bound`: one target's tables, built once for every pool). When the
    candidates' tables would hold more than one table over every pool die (no bound, or a loose one), that one table
    answers, as it did before (the weakest dice left out beyond the budget). Where no set reaches the threshold, the
    chance of every pool die is the joint table's over them all, the weakest left out beyond the tables' budget
    (the pick then names the dice it counts)."""
    near = situation
    if _joint_spec(near, live) is None or joint_reason(cast(JointSpec, _joint_spec(near, live))) is not None:
        near = replace(_nearest(situation), step_cap=situation.step_cap)
    rolled, kept = _split(near)
    if any(sum(k) for k in kept):
        return None
    spec = _joint_spec(near, live)
    if spec is None or joint_reason(spec) is not None:
        return None
    needs = tuple(near.targets[t].need for t in live)
    usable = sorted(_strongest(pool, most), key=die_order, reverse=True)  # the weakest go first when over budget
    exact = near == situation  # else the rules the joint tables hold nearest: a close figure, not the exact one

    def counts_of_extra(extra: Sequence[str]) -> list[int]:
        return [r + n for r, n in zip(rolled, _counts(extra), strict=True)]

    if len(needs) == 2 and near.phases == 1 and entries(needs, counts_of_extra(usable)) * spec.layers > BUDGET:
        shape = shape_of(spec)
        if shape is not None:  # the last roll against two targets: exact over every pool die
            return _pick_last_roll(shape, spec, rolled, tuple(usable), (needs[0], needs[1]), threshold, exact)
    within = list(usable)  # the dice one joint table over them all holds: all, or the strongest within the budget
    while within and entries(needs, counts_of_extra(within)) * spec.layers > BUDGET:
        within.pop()
    top = counts_of_extra(within)
    fused = max((c for c in range(len(COLORS)) if top[c]), key=lambda c: (top[c], c), default=None)

    def chance(counts: Sequence[int]) -> Chance:
        # The table of these dice alone, computed as the table over ``within`` computes them (to the last digit).
        table = Joint(spec, tuple(counts), needs, near.phases, 1.0, fused=fused)
        return Chance(_strip(table.value(counts, needs, near.phases), spec), exact=exact)

    bound = _joint_bound(near, live, usable)
    spent = 0  # array entries of the candidates' tables: past one table over ``within``, that table is cheaper
    for size in range(len(usable) + 1):
        for extra in _subsets(tuple(usable), size):
            counts = counts_of_extra(extra)
            cost = entries(needs, counts) * spec.layers
            if cost > BUDGET or bound(extra) < threshold - 1e-9:
                continue  # out of the tables' reach, or sure to fall short
            spent += cost
            if spent > BUDGET:
                return _pick_in_one_table(spec, rolled, within, needs, near.phases, threshold, exact)
            found = chance(counts)
            if found.value >= threshold:
                return Pick(extra, found, True)
    if entries(needs, top) * spec.layers > BUDGET:
        return None
    return Pick(tuple(within), chance(top), False)


def _pick_last_roll(
    shape: TwoShape,
    spec: JointSpec,
    rolled: Sequence[int],
    usable: tuple[str, ...],
    needs: tuple[int, int],
    threshold: float,
    exact: bool,
) -> Pick:
    """Two targets and the last roll (:mod:`twentystrong.odds.two`): the first set of pool dice, fewest first and
    weakest first among as few, that reaches ``threshold``; every pool die first (more dice never lower the
    chance, so when they fall short no set reaches it)."""

    def chance(extra: Sequence[str]) -> Chance:
        counts = tuple(r + n for r, n in zip(rolled, _counts(extra), strict=True))
        return Chance(_strip(last_roll_value(shape, counts, needs), spec), exact=exact)

    every = chance(usable)
    if every.value < threshold:
        return Pick(usable, every, False)
    for size in range(len(usable) + 1):
        for extra in _subsets(usable, size):
            found = chance(extra)
            if found.value >= threshold:
                return Pick(extra, found, True)
    return Pick(usable, every, True)  # not reached: every pool die is one of the sets


def _pick_in_one_table(
    spec: JointSpec,
    rolled: Sequence[int],
    within: Sequence[str],
    needs: tuple[int, ...],
    phases: int,
    threshold: float,
    exact: bool,
) -> Pick:
    """The first set of ``within`` dice, fewest first and weakest first among as few, that reaches ``threshold``,
    from one joint table over them all (where the bound skips too few candidates for their own tables to be
    cheaper)."""
    root = tuple(r + n for r, n in zip(rolled, _counts(within), strict=True))
    table = Joint(spec, root, needs, phases, 1.0)

    def chance(extra: Sequence[str]) -> Chance:
        counts = [r + n for r, n in zip(rolled, _counts(extra), strict=True)]
        return Chance(_strip(table.value(counts, needs, phases), spec), exact=exact)

    for size in range(len(within) + 1):
        for extra in _subsets(tuple(within), size):
            found = chance(extra)
            if found.value >= threshold:
                return Pick(extra, found, True)
    return Pick(tuple(within), chance(within), False)


def _joint_bound(situation: Situation, live: list[int], pool: Sequence[str]) -> Callable[[Sequence[str]], float]:
    """An upper bound of the chance that every live target falls with ``extra`` pool dice added (1 where none is
    known cheaply), from one target's exact tables:

    - each target alone with every die on it: every joint play is a play against it alone;
    - where the targets pool once every target takes from each face the most any of them takes
      (:func:`_relaxed`), that one target's chance: more damage never hurts, and pooled targets fall exactly when
      the one target does (:func:`~twentystrong.odds.joint.pooled`).
    """
    alone = [replace(situation, targets=(situation.targets[t],), hopeless=(), weights=()) for t in live]
    relaxed = _relaxed(situation, live)
    pooled_alone = _pooled_situation(relaxed, live) if relaxed is not None else None
    if pooled_alone is not None:
        alone.append(pooled_alone)
    rolled, _ = _split(situation)
    every = [r + n for r, n in zip(rolled, _counts(pool), strict=True)]
    tables = []
    for one in alone:
        need = one.targets[0].need
        spec = _spec(one, 0, every)
        if spec is None or situation.phases == 0 or need <= 0:
            continue  # not one target's exact tables (or nothing to roll for): no bound from it
        tables.append((spec, need, _float_table(spec, need, every, situation.phases)))

    def bound(extra: Sequence[str]) -> float:
        counts = [r + n for r, n in zip(rolled, _counts(extra), strict=True)]
        return min(
            (
                table.value(_useful(counts, spec), need, situation.phases, held=spec.conversion is not None)
                for spec, need, table in tables
            ),
            default=1.0,
        )

    return bound


def _counts(dice: Sequence[str]) -> list[int]:
    """Dice ids by colour."""
    counts = [0] * len(COLORS)
    for die in dice:
        counts[COLORS.index(color_of(die))] += 1
    return counts


def _relaxed(situation: Situation, live: Sequence[int]) -> Situation | None:
    """The situation with every live target taking from each face the most any live target takes from it (a face
    that may be applied to one may be applied to all), or None with a boost held (its models are per target)."""
    if situation.resources.boosts:
        return None
    models = [situation.targets[t].model for t in live]
    most = DamageModel.from_mapping(
        {
            color: ColorDamage(
                hit=max(m.damage(color, "hit") for m in models),
                crit=max(m.damage(color, "crit") for m in models),
                hit_applies=any(m.of(color).can_apply("hit") for m in models),
                crit_applies=any(m.of(color).can_apply("crit") for m in models),
            )
            for color in COLORS
        }
    )
    targets = tuple(replace(target, model=most) if t in live else target for t, target in enumerate(situation.targets))
    return replace(situation, targets=targets)


# --------------------------------------------------------------------------------------------------------------
# Words (the command line; the panel says the same after replaying the move through the engine)


def move_words(situation: Situation, advice: Advice, names: Sequence[str]) -> str:
    """``use Corona's ability on G4○ (→ crit), then apply G3✶ G4✶ to the target (defeats it); keep B1 rolling``."""
    from twentystrong.engine.dice import die_label
    from twentystrong.i18n import _, ngettext, term

    faces = dict(situation.dice)
    used = []
    for use in advice.uses:
        if use.dice:
            turned = " ".join(f"{die_label(d, faces.get(d))} (→ {term(face)})" for d, face in use.dice)
            used.append(_("use {item} on {dice}").format(item=use.name, dice=turned))
            faces.update(use.dice)
        else:
            used.append(_("use {item}").format(item=use.name))
    parts = []
    for t, dice in advice.moves:
        labels = " ".join(die_label(d, faces.get(d)) for d in dice)
        part = _("{dice} to {enemy} (defeats it)") if t in advice.defeats else _("{dice} to {enemy}")
        parts.append(part.format(dice=labels, enemy=names[t]))
    if parts and used:
        text = _("{uses}, then apply {moves}").format(uses="; ".join(used), moves=", ".join(parts))
    elif parts:
        text = _("apply {moves}").format(moves=", ".join(parts))
    else:
        text = "; ".join(used) or _("apply nothing")
    if len(advice.defeats) == len(_live(situation)) and advice.defeats:
        return text
    stays = [d for d in advice.keep if situation.rules.keeps(faces.get(d))]
    rolling = [d for d in advice.keep if d not in stays] if situation.phases > 0 else []
    if rolling:
        text = _("{advice}; keep {dice} rolling").format(advice=text, dice=" ".join(rolling))
    if stays:
        # Translators: {advice} is the advice so far, {dice} die labels (B4•); English says "stay" for one die too.
        words = ngettext("{advice}; {dice} stay as rolled", "{advice}; {dice} stay as rolled", len(stays))
        text = words.format(advice=text, dice=" ".join(die_label(d, faces.get(d)) for d in stays))
    return text
