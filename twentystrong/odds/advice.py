"""One advisor (architecture.md contract 12): what the odds panel, ``twentystrong odds`` and the headless ``hint``
say about the moment, from the player's view of the game.

:func:`hint` is the entry point. It reads the view (:class:`~twentystrong.engine.view.PlayerView`: R12, nothing
hidden) into a frozen question (:func:`question_for`), answers it with the odds (:func:`chances_for`: pure
arithmetic on frozen values, safe in a worker thread), then checks the advice against the engine's own legal
commands, played one after the other on a copy of the state (:func:`explain`), and returns a frozen :class:`Hint`:

- ``words``: the sentence the odds panel shows;
- ``commands``: the commands to play now, in order, each exactly as ``legal_commands`` lists it (a ``use_item`` /
  ``use_ability`` first where the advice uses one, then the ``apply`` commands; before a roll, the ``commit``
  commands of the commit plan);
- ``keep``: the dice left to roll; ``defeats_now``: the cards those commands defeat with the faces showing;
- ``chances``: per enemy, its chance to fall under best play from here (this round's when the fight goes on with the
  dice applied, else the fight's), and the chance that all fall;
- ``assumes``: the resources the commands or the figures count on.

The odds panel asks the same three steps, the middle one in a worker thread (it may take tens of milliseconds), so
it shows "computing…" meanwhile; the headless ``hint`` and ``twentystrong odds`` ask :func:`hint` (or
:func:`explain` with a question of their own). Pure Python: no textual, no rich (contract 1).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, cast

from twentystrong.content.effects import Color, Face
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import die_label
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.words import card_name
from twentystrong.engine.state import DieState, GameState
from twentystrong.i18n import N_, _, language, ngettext, term
from twentystrong.i18n.numbers import percent_sign
from twentystrong.odds.targets import Target

if TYPE_CHECKING:
    from collections.abc import Hashable

    from twentystrong.engine.view import PlayerView
    from twentystrong.odds import DiceCounts, SingleRoll
    from twentystrong.odds.advisor import Advice, Chance, CommitPlan, Situation, Use
    from twentystrong.odds.engine_plan import Play
    from twentystrong.odds.rules import Resources, RollRules

Stage = Literal["commit", "apply"]

__all__ = [
    "EnemyChance",
    "EnemyQuestion",
    "Hint",
    "OddsChances",
    "OddsQuestion",
    "Playable",
    "advice_words",
    "chances_for",
    "explain",
    "hint",
    "playable",
    "question_for",
    "rolls_for",
]


# --- the question ---------------------------------------------------------------------------------------------------


class EnemyQuestion(NamedTuple):
    """One undefeated active enemy as the odds see it."""

    card: str
    """Its card id."""
    name: str
    """Its name."""
    number: int
    """Its place in the active area (the key that targets it)."""
    target: Target
    """Health, damage already on it and the damage model, from the engine's hooks."""
    ceiling: int | None = None
    """The most damage it can count (a cap), or None."""
    blocked: str | None = None
    """Why it cannot be defeated now (``hooks.defeat_block``), or None."""
    rolled: tuple[tuple[str, Face], ...] = ()
    """Apply step: every unapplied die and the face it offers this card now (a miss when it may not be applied to
    it now)."""
    damage: int = 0
    """What it deals at Resolve if it stands (the joint play's tie-break prefers defeating those that hurt most)."""
    waits_for_others: bool = False
    """Its block lifts once every other enemy has fallen (immune while others remain)."""

    @property
    def capped(self) -> bool:
        """A cap keeps it below its Health: the dice cannot defeat it."""
        return self.ceiling is not None and self.ceiling < self.target.health


class OddsQuestion(NamedTuple):
    """Everything the odds panel computes from, frozen (and hashable: answers are cached by question)."""

    stage: Stage
    """``commit``: before this phase's roll; ``apply``: a roll is on the table."""
    dice: tuple[str, ...]
    """The unapplied dice in the active area."""
    faces: tuple[tuple[str, Face | None], ...]
    """What they show."""
    phases: int
    """``commit``: the rolls left, this one included; ``apply``: the phases that may follow this one."""
    enemies: tuple[EnemyQuestion, ...]
    """The undefeated active enemies, in active-area order."""
    caveats: tuple[str, ...] = ()
    """Effects in force that change rolls in a way the odds do not hold."""
    rules: RollRules | None = None
    """How the dice roll under the effects in force (kept faces, inverted colours); None: the printed dice."""
    resources: Resources | None = None
    """The hero's ability and the items held that change faces or damage this round."""
    kept: tuple[str, ...] = ()
    """Commit: the dice a rule keeps as they show (not rolled again)."""
    pool: tuple[str, ...] = ()
    most: int | None = None
    lasting: bool = False
    """A fight that goes on into the next round with the dice applied (HV9): the chances are this round's."""
    """How many of the pool dice the rules let the player commit now (a commit limit), None: all of them."""
    """Commit: the pool dice that may be committed now."""
    threshold: float = 0.9
    """The chance the player asks the commit plan to reach."""
    step_cap: int | None = None
    """At most this many dice may be applied in one Apply step, every enemy together (None: no limit)."""
    wins: tuple[bool, ...] = ()
    """Per enemy: its fall by itself wins the game (R11: a boss). The advice plays for it (:meth:`objective`)."""
    banks: bool = False
    """Apply step of a :attr:`lasting` fight: the dice showing are banked for the rounds to come (not when a
    single-use item the player holds wins the fight now: it ends this round, kept while the dice alone may do)."""
    later: tuple[str, ...] = ()
    """Apply step with a phase to follow: the pool dice a later phase may commit (the strongest first, as many as
    the commit limits in force let a new phase take)."""

    @property
    def counts(self) -> DiceCounts:
        """The dice by colour."""
        from twentystrong.odds import DiceCounts

        return DiceCounts.from_ids(self.dice)

    def situation(self) -> Situation:
        """The advisor's view of the question (all of it, the rules and resources included)."""
        from twentystrong.odds.advisor import Situation
        from twentystrong.odds.rules import NO_RESOURCES, PLAIN_ROLLS

        faces = dict(self.faces)
        if self.stage == "commit":
            dice = tuple((d, faces[d] if d in self.kept else None) for d in self.dice)
        else:
            # A die no card may take now counts as a miss for every card (the panel shows only legal moves).
            offered = {die for e in self.enemies for die, face in e.rolled if face != "miss"}
            dice = tuple((d, f if d in offered or f == "miss" else "miss") for d, f in self.faces)
        hopeless = _hopeless(self.enemies)
        return Situation(
            dice=dice,
            targets=tuple(e.target for e in self.enemies),
            phases=self.phases,
            stage=self.stage,
            rules=self.rules or PLAIN_ROLLS,
            resources=self.resources or NO_RESOURCES,
            hopeless=hopeless,
            weights=tuple(e.damage for e in self.enemies),
            step_cap=self.step_cap,
        )

    def winner(self) -> int | None:
        """The enemy whose fall wins the game while others stand with it (the advice plays for it), or None."""
        if len(self.enemies) < 2 or not any(self.wins) or all(self.wins):
            return None
        return self.wins.index(True)

    def objective(self) -> Situation:
        """The situation the advice plays for: every enemy falling, or, when one's fall wins the game (R11), that
        one (the others count as out of reach: no die is given them for their own sake)."""
        from dataclasses import replace

        whole = self.situation()
        winner = self.winner()
        if winner is None:
            return whole
        return replace(whole, hopeless=tuple(h or i != winner for i, h in enumerate(whole.hopeless)))

    def alone(self, i: int) -> Situation:
        """Enemy ``i`` as if it were the only one, with every die on it (after a roll: a die it may not take now
        counts as a miss)."""
        from dataclasses import replace

        whole = self.situation()
        enemy = self.enemies[i]
        dice = whole.dice if self.stage == "commit" else enemy.rolled
        # A boost's models and gains are per enemy: this one's alone.
        boosts = tuple(
            replace(b, models=(b.models[i],), gains=(b.gain(i),) if b.gains else ()) for b in whole.resources.boosts
        )
        resources = replace(whole.resources, boosts=boosts)
        return replace(
            whole, dice=dice, targets=(enemy.target,), hopeless=(whole.hopeless[i],), weights=(), resources=resources
        )

    def quick(self) -> bool:
        """Whether :func:`chances_for` is a lookup (one enemy, exact tables the odds have built already)."""
        from twentystrong.odds import is_cached
        from twentystrong.odds.rerolls import NotExact
        from twentystrong.odds.rules import PLAIN_ROLLS

        if len(self.enemies) > 1 or self.stage == "apply" and self.phases > 0 or self.step_cap is not None:
            return self.stage == "apply" and self.phases == 0 and len(self.enemies) == 1 and self.step_cap is None
        resources = self.resources
        if resources is not None and (len(resources.conversions) > 1 or resources.boosts):
            return False
        conversion = resources.conversions[0] if resources is not None and resources.conversions else None
        for enemy in self.enemies:
            t = enemy.target
            if enemy.capped or t.need <= 0 or self.phases == 0:
                continue
            try:
                if not is_cached(
                    self.counts,
                    t.health,
                    applied=t.applied,
                    phases=self.phases,
                    model=t.model,
                    rules=self.rules or PLAIN_ROLLS,
                    conversion=conversion,
                ):
                    return False
            except NotExact:
                return False
        # The commit plan of one enemy is lookups in the same tables (a few milliseconds: see twentystrong bench).
        return True

    def shape(self) -> Hashable:
        """What decides how long :func:`chances_for` takes, without the dice: the stage, the enemies' damage models
        and Health, the rules, the resources, the phases. The odds build tables per model that cover every dice count
        and need, so a shape answered in milliseconds once is answered so again (a simulation never is)."""
        models = tuple((e.target.model, e.target.health, e.capped, e.blocked is not None) for e in self.enemies)
        return (self.stage, models, self.rules, self.resources, self.phases, self.step_cap)

    def answer_key(self) -> Hashable:
        """What :func:`chances_for` reads, and nothing else: equal keys, equal answers (the cache's key).

        Names, places and caveats are only shown.
        """
        return (
            self.situation(),
            tuple(e.rolled for e in self.enemies),
            self.pool,
            self.threshold,
            self.most,
            self.wins,
            self.lasting,
            self.banks,
            self.later,
        )


def _hopeless(enemies: Sequence[EnemyQuestion]) -> tuple[bool, ...]:
    """Per enemy: it cannot fall this round whatever the dice do: a cap below its Health, or a block that lifts only
    when the others fall while one of them cannot."""
    capped = [e.capped for e in enemies]
    return tuple(
        capped[i]
        or (e.blocked is not None and e.waits_for_others and any(capped[j] for j in range(len(enemies)) if j != i))
        for i, e in enumerate(enemies)
    )


def question_for(
    table: GameState | PlayerView, legal: Sequence[Command], threshold: float = 0.9
) -> OddsQuestion | None:
    """The odds question of a state (read only through the open table: the dice, the active cards, what the player
    holds, the effects in force) and its legal commands, or None when there is nothing to ask (not committing or
    applying, no enemy)."""
    from twentystrong.engine.view import state_of

    s = state_of(table)
    if s.result is not None or s.step not in ("commit", "faces", "apply"):
        return None
    from twentystrong.engine.rulesets import rules as ruleset_of
    from twentystrong.odds import MAX_PHASES
    from twentystrong.odds.engine_model import (
        block_lifts_with_others,
        combination_rules,
        commits_left,
        damage_ceiling,
        face_blocks,
        later_commits,
        resources_for,
        roll_caveats,
        roll_rules,
        step_limit,
        target_for,
        wins_alone,
    )

    stage: Stage = "apply" if s.step == "apply" else "commit"
    unapplied = s.dice_in("active")
    used = s.phases_used
    left = s.hero.strategy - used if stage == "apply" else s.hero.strategy - used + 1
    phases = max(0, min(MAX_PHASES, left))
    applies = {(c.die, c.card) for c in legal if c.cmd == "apply"}
    enemies: list[EnemyQuestion] = []
    for number, card in enumerate(s.active, start=1):
        if card.defeated:
            continue
        rolled: tuple[tuple[str, Face], ...] = ()
        if stage == "apply":
            rolled = tuple(
                (d.id, d.face if d.face is not None and (d.id, card.id) in applies else "miss") for d in unapplied
            )
        blocked = hooks.defeat_block(s, card)
        enemies.append(
            EnemyQuestion(
                card=card.id,
                name=card_name(s.deck, card.id),
                number=number,
                target=target_for(s, card),
                ceiling=damage_ceiling(s, card),
                blocked=blocked,
                rolled=rolled,
                damage=hooks.enemy_damage(s, card),
                waits_for_others=blocked is not None and block_lifts_with_others(s, card),
            )
        )
    if not enemies:
        return None
    lasting = any(ruleset_of(s).keeps_applied_dice(s, c) for c in s.active if not c.defeated)
    rules = roll_rules(s)
    kept = tuple(d.id for d in unapplied if stage == "commit" and d.face is not None and hooks.keeps_face(s, d))
    pool = tuple(c.die for c in legal if c.cmd == "commit" and c.die is not None) if stage == "commit" else ()
    return OddsQuestion(
        stage=stage,
        dice=tuple(d.id for d in unapplied),
        faces=tuple((d.id, d.face) for d in unapplied),
        phases=phases,
        enemies=tuple(enemies),
        caveats=(*roll_caveats(s), *face_blocks(s), *combination_rules(s)),
        rules=rules,
        resources=resources_for(s, tuple(c for c in s.active if not c.defeated)),
        kept=kept,
        pool=pool,
        most=commits_left(s, len(pool)) if pool else None,
        lasting=lasting,
        banks=lasting and stage == "apply" and not _won_with_an_item(s),
        threshold=threshold,
        step_cap=step_limit(s),
        wins=tuple(wins_alone(s, card) for card in s.active if not card.defeated) if len(enemies) > 1 else (),
        later=later_commits(s) if stage == "apply" and phases > 0 else (),
    )


def _won_with_an_item(s: GameState) -> bool:
    """After a roll: no play of the dice alone defeats every enemy now, and one with a single-use item's use does
    (as the engine plays it, on copies; the search the advice makes anyway)."""
    from twentystrong.odds.engine_plan import search

    if s.step != "apply" or s.prompt is not None:
        return False
    plays = s.memo(search)
    return plays.sweep is None and plays.sweep_with is not None and plays.sweep_with.single


# --- the answers: pure arithmetic, any thread ----------------------------------------------------------------------


class OddsChances(NamedTuple):
    """The slow half of the answer: the probabilities, the advice and the commit plan."""

    each: tuple[Chance, ...]
    """Per enemy (as in the question), P(defeating it within the phases left), best play, all dice on it."""
    all: Chance | None = None
    """Several enemies: P(every one falls) under the best joint play."""
    advice: Advice | None = None
    """Apply step: what to use and apply where."""
    plan: CommitPlan | None = None
    """Commit step: the fewest pool dice that reach the threshold."""
    bare: Chance | None = None
    """Apply step, resources held that the advice does not use now: the advice's chance without them (None: none
    held, or the chance does not count them)."""
    plan_bare: tuple[Chance | None, ...] = ()
    """Commit step, resources held: per row of the plan (each enemy, then all), the chance of the same dice without
    them."""


def rolls_for(question: OddsQuestion) -> tuple[SingleRoll, ...]:
    """Per enemy, one roll of the question's dice against it under the rules in force (inverted colours …): exact,
    always quick."""
    from twentystrong.odds import single_roll
    from twentystrong.odds.rules import PLAIN_ROLLS

    counts = question.counts
    rules = question.rules or PLAIN_ROLLS
    return tuple(single_roll(counts, e.target.model, rules) for e in question.enemies)


def chances_for(question: OddsQuestion) -> OddsChances:
    """The probabilities, the advice and the commit plan (pure: only the odds package; safe in a worker thread)."""
    from dataclasses import replace

    from twentystrong.odds.advisor import advise, chances, commit_plan
    from twentystrong.odds.rules import NO_RESOURCES, Resources

    whole = question.situation()
    each = tuple(chances(question.alone(i)).each[0] for i in range(len(question.enemies)))
    every = chances(whole).all if len(question.enemies) > 1 else None
    objective = question.objective()
    advice = advise(objective) if question.stage == "apply" and question.dice else None
    if advice is not None and question.banks:
        advice = _banked(question, advice, tuple(c.value > 0 for c in each))
    elif advice is not None and question.later:
        advice = _with_later_commits(question, advice)
    bare: Chance | None = None
    held = whole.resources
    if advice is not None and held and advice.probability.value > 0:
        used = {u.name for u in advice.uses}
        if any(name not in used for name in held.names()):
            only_used = Resources(
                tuple(c for c in held.conversions if c.name in used), tuple(b for b in held.boosts if b.name in used)
            )
            without = advise(replace(objective, resources=only_used)).probability
            bare = without if without.value < advice.probability.value - 1e-9 else None
    plan = None
    plan_bare: tuple[Chance | None, ...] = ()
    if question.stage == "commit" and question.phases > 0 and question.pool:
        plan = commit_plan(whole, question.pool, question.threshold, question.most)
        if held:
            rows: list[Chance | None] = []
            for i, pick in enumerate((*plan.each, plan.all) if len(question.enemies) > 1 else plan.each):
                if pick is None:
                    rows.append(None)
                    continue
                alone = whole if i >= len(question.enemies) else question.alone(i)
                grown = replace(alone, dice=(*alone.dice, *((d, None) for d in pick.dice)), resources=NO_RESOURCES)
                found = chances(grown)
                rows.append(found.all if i >= len(question.enemies) else found.each[0])
            plan_bare = tuple(rows)
    return OddsChances(each=each, all=every, advice=advice, plan=plan, bare=bare, plan_bare=plan_bare)


LATER_SETS = 256
"""The most sets of the dice showing :func:`_with_later_commits` weighs (each a lookup in the tables built already);
past it the tables' move stands."""
LATER_GAIN = 0.01
"""How much better (in chance) another move must be, counting the dice a later phase may commit, to replace the
tables' move: with a large pool every move comes close to sure, and a sliver does not pay the dice it commits."""


def _with_later_commits(question: OddsQuestion, advice: Advice) -> Advice:
    """One enemy, a phase to follow and pool dice it may commit: the dice to apply now chosen counting those dice
    (committed next phase, they roll with the dice kept). The tables' move stays unless another set of the dice
    showing (the fewest first) does better so counted, by :data:`LATER_GAIN` at least; then its chance is the one
    counted so (:attr:`Advice.later`). The faces a rule keeps stay as they show; the resources held are left out of
    both sides."""
    from dataclasses import replace

    from twentystrong.odds.advisor import Chance, chances
    from twentystrong.odds.dice import color_of, die_order
    from twentystrong.odds.rules import NO_RESOURCES

    if len(question.enemies) != 1 or advice.uses or question.step_cap is not None:
        return advice
    objective = question.objective()
    if objective.is_hopeless(0):
        return advice
    enemy = question.enemies[0]
    model = enemy.target.model
    rules = objective.rules
    faces = dict(objective.dice)
    showing = [d for d, f in enemy.rolled if f in ("hit", "crit") and model.damage(color_of(d), f) > 0]
    kinds: dict[tuple[str, Face], list[str]] = {}
    for die in showing:
        kinds.setdefault((color_of(die), cast(Face, faces[die])), []).append(die)

    def dealt(now: tuple[str, ...]) -> int:
        return sum(model.damage(color_of(d), cast(Face, faces[d])) for d in now)

    def counted(now: tuple[str, ...]) -> float:
        target = replace(enemy.target, applied=enemy.target.applied + dealt(now))
        if target.need <= 0:
            return 1.0
        kept = tuple((d, f if rules.keeps(f) else None) for d, f in objective.dice if d not in now)
        later = tuple((d, None) for d in question.later if d not in faces)
        grown = replace(objective, stage="commit", dice=(*kept, *later), targets=(target,), resources=NO_RESOURCES)
        return chances(grown).each[0].value

    sizes = [range(len(dice) + 1) for dice in kinds.values()]
    if math.prod(len(r) for r in sizes) > LATER_SETS:
        return advice
    advised = tuple(d for move in advice.moves for d in move[1])
    best, value = advised, counted(advised)
    for counts in sorted(itertools.product(*sizes), key=lambda c: (sum(c), c)):
        now = tuple(d for dice, n in zip(kinds.values(), counts, strict=True) for d in dice[:n])
        if set(now) == set(advised):
            continue
        found = counted(now)
        if found > value + (LATER_GAIN if best == advised else 1e-9):
            best, value = now, found
    if best == advised:
        return advice
    keep = tuple(pair[0] for pair in objective.dice if pair[0] not in best)
    moves = ((0, tuple(sorted(best, key=die_order))),) if best else ()
    defeats = (0,) if dealt(best) >= enemy.target.need else ()
    return replace(advice, moves=moves, keep=keep, probability=Chance(value), defeats=defeats, held=(), later=True)


def _kept_worth(question: OddsQuestion, target: int, color: Color, phases: int) -> float:
    """What one die of ``color`` kept rolling is worth to a target in damage, on average, with ``phases`` rolls
    left to it (each roll's face applied when it beats rolling again)."""
    from twentystrong.odds.rules import PLAIN_ROLLS

    rules = question.rules or PLAIN_ROLLS
    model = question.enemies[target].target.model
    faces = rules.faces_of(color)
    worth = 0.0
    for k in range(phases):
        later = worth if k else 0.0
        worth = (
            faces.miss * max(float(model.damage(color, "miss")), later)
            + faces.hit * max(float(model.damage(color, "hit")), later)
            + faces.crit * max(float(model.damage(color, "crit")), later)
        ) / 6
    return worth


def _banked(question: OddsQuestion, advice: Advice, reachable: tuple[bool, ...]) -> Advice:
    """A fight that keeps the dice applied (HV9): the damage a die deals now stays on the enemy into the next round,
    while a die kept rolling is exhausted at the round's end unless a later roll pays. Every die showing a hit or a
    crit goes on an enemy it still helps (one that may still fall this round first, then the most damage, then the
    least left to deal) when what it deals now is at least what it is worth kept rolling through the phases left (to
    whichever enemy it is worth most): the fight's chance, not this round's alone. ``reachable``: per enemy, whether
    it may fall this round."""
    from dataclasses import replace

    from twentystrong.odds.advisor import Chance, chances
    from twentystrong.odds.dice import color_of
    from twentystrong.odds.rules import NO_RESOURCES

    enemies = question.enemies
    faces = dict(question.faces)
    for use in advice.uses:
        faces.update(dict(use.dice))
    offered = [dict(e.rolled) for e in enemies]
    dealt = [0] * len(enemies)
    moves = {t: list(dice) for t, dice in advice.moves}
    for t, dice in advice.moves:
        for die in dice:
            dealt[t] += enemies[t].target.model.damage(color_of(die), faces.get(die) or "miss")
    cap = question.step_cap
    applied = sum(len(d) for d in moves.values())
    keep: list[str] = []
    for die in advice.keep:
        face = faces.get(die)
        best: tuple[bool, int, int, int] | None = None  # (reachable, damage, -need left, -index), the largest
        if face in ("hit", "crit") and (cap is None or applied < cap):
            for t, e in enumerate(enemies):
                left = e.target.need - dealt[t]
                if offered[t].get(die, "miss") == "miss" or left <= 0:
                    continue
                damage = e.target.model.damage(color_of(die), cast(Face, face))
                here = (reachable[t], damage, -left, -t)
                if damage > 0 and (best is None or here > best):
                    best = here
        worth = max(
            (_kept_worth(question, t, color_of(die), question.phases) for t in range(len(enemies))), default=0.0
        )
        if best is None or best[1] < worth - 1e-9:
            keep.append(die)
            continue
        t, damage = -best[3], best[1]
        moves.setdefault(t, []).append(die)
        dealt[t] += damage
        applied += 1
    if len(keep) == len(advice.keep):
        return advice
    rules = question.rules
    targets = tuple(replace(e.target, applied=e.target.applied + dealt[t]) for t, e in enumerate(enemies))
    standing = [t for t, target in enumerate(targets) if target.need > 0]
    defeats = tuple(t for t in range(len(enemies)) if t not in standing)
    objective = question.objective()
    if not standing:
        probability = Chance(1.0)
    elif question.phases == 0 or not keep:
        probability = Chance(0.0)
    else:
        rolled = tuple((d, faces.get(d) if rules is not None and rules.keeps(faces.get(d)) else None) for d in keep)
        after = replace(
            objective,
            stage="commit",
            dice=rolled,
            targets=tuple(targets[t] for t in standing),
            hopeless=tuple(objective.hopeless[t] for t in standing) if objective.hopeless else (),
            weights=tuple(objective.weights[t] for t in standing) if objective.weights else (),
            resources=NO_RESOURCES,
        )
        found = chances(after)
        probability = found.each[0] if found.all is None else found.all
    order = tuple((t, tuple(moves[t])) for t in sorted(moves))
    return replace(advice, moves=order, keep=tuple(keep), probability=probability, defeats=defeats, held=())


# --- the advice checked against the engine, and its words ---------------------------------------------------


class Playable(NamedTuple):
    """The advice checked against the rules in force now (the engine's own legal commands), ready for words."""

    moves: tuple[tuple[str, tuple[str, ...]], ...]
    """(card, dice) the engine lets the player apply now, one after the other, in the advice's order."""
    rolling: tuple[str, ...]
    """Unapplied dice that a new Strategy phase would roll again (empty when no phase may follow)."""
    stays: tuple[tuple[str, str], ...]
    """(die, why) for unapplied dice a rule keeps as they are (``Misses are not rolled again`` …)."""
    more_dice: bool
    """Another Strategy phase may follow and the pool has dice that could be committed in it."""
    defeats: tuple[str, ...] = ()
    """The cards the moves defeat, as the engine plays them."""
    uses: tuple[tuple[str, tuple[tuple[str, Face], ...]], ...] = ()
    """(whose, the dice it changes and their new faces) for the resources used first, as the engine allows them."""
    faces: tuple[tuple[str, Face | None], ...] = ()
    """What the unapplied dice show once the resources are used."""
    commands: tuple[Command, ...] = ()
    """The commands to play now, in order, each as the engine lists it at its turn: the use first (if any), the
    applies, and the answers to prompts a defeat opens between them (an instant reward taken)."""
    figure: bool = True
    """The tables' chance after the move holds for this move (False: the engine changed the move, e.g. dice a rule
    refuses, and the chance is not said)."""
    could: tuple[str, tuple[str, ...]] | None = None
    """When no die showing defeats anything: a resource whose use defeats some enemies now (its name, the cards)."""
    engine: bool = False
    """The move is the engine's own (the fewest dice, or one use and dice, that win or defeat every enemy now; or the
    play that defeats the most now), not the tables' advice played through the engine."""
    holds: tuple[str, ...] = ()
    """A single-use item (its name) whose use alone defeats every enemy now, kept while a roll is left and the dice
    alone may do: it still does at the last roll (the figure counts it)."""
    banished: tuple[str, ...] = ()
    """The dice the uses banish (lost for good: what the plan costs, said with the use)."""
    banishing: tuple[str, ...] = ()
    """The cards in :attr:`moves` whose After effect banishes the dice applied to them (said with the move)."""


def _use_command(s: GameState, use: Use) -> Command | None:
    """The legal command that plays ``use`` now (a face change on its dice, or a boost), or None."""
    from twentystrong.engine.legal import legal_commands

    source, _, index = use.key.rpartition("#")
    dice = [d for d, _ in use.dice]
    for command in legal_commands(s):
        if command.cmd not in ("use_ability", "use_item"):
            continue
        if not use.dice:
            if command.cmd == "use_item" and command.item == use.key and command.die is None:
                return command
            continue
        mine = (command.cmd == "use_ability" and source == s.hero.id) or (
            command.cmd == "use_item" and command.item == source
        )
        if not mine or (command.effect is not None and str(command.effect) != index):
            continue
        if command.die == dice[0] and (len(dice) == 1 or command.choice == dice[1]):
            return command
    return None


def playable(
    table: GameState | PlayerView, legal: Sequence[Command], advice: Advice, question: OddsQuestion
) -> Playable:
    """Only what the rules in force allow, and what the dice showing do now as the engine plays them.

    The engine is asked first (:func:`twentystrong.odds.engine_plan.search`, on copies of the state): when some of
    the dice showing win the game (a boss's fall) or defeat every enemy, that is the move, spending nothing; else when
    one use and some dice do, that. Otherwise each suggested use and apply of the tables' advice is played on a copy
    through the engine and kept only if it is legal at that point (a prompt a defeat opens is answered and the dice
    for the next enemy follow); when the engine refuses some of its dice, or the advice defeats nothing while a sure
    defeat now is there for the taking and the advice gains nothing by waiting (its chance is 100% or nothing), the
    play that defeats the most now is said instead. A die left unapplied is said to keep rolling only if a new phase
    may start and no rule keeps its face."""
    from twentystrong.engine.commands import Command, Rejected
    from twentystrong.engine.decide import decide_and_apply
    from twentystrong.engine.view import state_of
    from twentystrong.odds.engine_plan import play_through, search

    state = state_of(table)
    s = state
    plays = s.memo(search)
    with_use = plays.sweep_with
    harmless = all(e.damage == 0 for e in question.enemies)
    waits = advice.held or (harmless and advice.probability.value > 0)
    holds: tuple[str, ...] = ()
    if with_use is not None and with_use.single and question.phases > 0 and waits:
        # A single-use item waits while a roll is left and the dice alone may do: against enemies that deal nothing,
        # or where it still wins at the last roll (the advice holds it and counts it).
        with_use = None
    elif with_use is not None and with_use.single and question.phases > 0 and advice.probability.value > 0:
        kept = _kept_for_later(s, with_use.commands)
        if kept is not None:
            # Its use alone defeats what the dice showing do not: it does so as well at the last roll, whatever the
            # dice show, so it is kept while the dice alone may do (the dice's own defeats are played now).
            holds = (_use_name(s, cast(Command, with_use.use)),)
            with_use = None
            if kept.dice:
                return _played(state, legal, kept.commands, kept.defeats, kept.won, figure=True)._replace(
                    engine=True, holds=holds
                )
        else:
            rest = _held_to_the_last_roll(s, with_use)
            if rest is not None:
                # Its use with the dice showing wins now, and would as well at the last roll whatever the dice show
                # (an item that sets an enemy's Health): kept while the dice alone may do, their dice applied now.
                holds = (_use_name(s, cast(Command, with_use.use)),)
                return _played(state, legal, rest.commands, rest.defeats, False, figure=True)._replace(
                    engine=True, holds=holds
                )
    chosen = plays.sweep or with_use
    if chosen is not None:
        return _played(state, legal, chosen.commands, chosen.defeats, chosen.won, figure=True)._replace(engine=True)
    commands: list[Command] = []
    for use in advice.uses:
        command = _use_command(s, use)
        result = decide_and_apply(s, command) if command is not None else None
        if command is None or result is None or isinstance(result, Rejected) or result[1].prompt is not None:
            continue  # not allowed now, or it would ask something the advice did not weigh
        commands.append(command)
    for t, dice in advice.moves:
        commands += [Command("apply", die=die, card=question.enemies[t].card) for die in dice]
    could = None
    if plays.most_with is not None and plays.most_with.use is not None:
        could = (_use_name(s, plays.most_with.use), plays.most_with.defeats)
    after, played, refused = play_through(s, tuple(commands))
    if holds and refused:
        # The engine cuts the tables' move (a combination rule): its dice are not played (they could spend what the
        # rule lets a card take and leave the dice alone no chance); every die rolls again, the item kept for the
        # last roll (its use alone defeats every enemy, whatever the dice do).
        return _played(state, legal, (), (), False, figure=False)._replace(engine=True, holds=holds)
    left = {c.id for c in after.active if not c.defeated}
    defeats = tuple(c.id for c in s.active if not c.defeated and c.id not in left)
    most = plays.most
    p = advice.probability.value
    stuck = most is not None and not defeats and (p <= 1e-9 or p >= 1 - 1e-9)
    if most is not None and (refused and len(most.defeats) >= len(defeats) or stuck):
        return _played(state, legal, most.commands, most.defeats, most.won, figure=False)._replace(engine=True)
    lone = plays.most_with
    if (
        most is None
        and lone is not None
        and not defeats
        and p <= 1e-9
        and question.winner() is None  # R11: with a boss the advice plays for its fall
        and not (lone.single and question.phases > 0)
    ):
        # No die showing defeats anything, nothing can make every enemy fall, and a once-per-round effect (or, on
        # the last roll, a single-use one) defeats some now: that is the move, not "apply nothing".
        return _played(state, legal, lone.commands, lone.defeats, lone.won, figure=False)._replace(engine=True)
    return _played(state, legal, played, defeats, after.result == "won", figure=not refused)._replace(
        could=could, holds=holds
    )


def _kept_for_later(s: GameState, commands: tuple[Command, ...]) -> Play | None:
    """A sweep with one single-use item's use first (``commands``), where the use alone defeats every enemy the
    other commands do not: those commands played without it (the play now, the use kept for a later Apply step);
    else None."""
    from twentystrong.engine.decide import decide_and_apply
    from twentystrong.odds.engine_plan import Play, play_through

    use = next((c for c in commands if c.cmd in ("use_item", "use_ability")), None)
    if use is None or commands[0] != use:
        return None
    standing = {c.id for c in s.active if not c.defeated}
    out = decide_and_apply(s, use)
    if not isinstance(out, tuple) or out[1].prompt is not None:
        return None  # it asks something first: its choices are not weighed here
    by_use = standing - {c.id for c in out[1].active if not c.defeated}
    rest = tuple(c for c in commands[1:] if c.cmd == "apply")
    after, played, refused = play_through(s, rest)
    if refused or after.result is not None:
        return None
    by_dice = standing - {c.id for c in after.active if not c.defeated}
    if not by_use or by_use & by_dice or by_use | by_dice != standing:
        return None
    order = tuple(c.id for c in s.active if c.id in by_dice)
    return Play(played, order, False, False)


def _held_to_the_last_roll(s: GameState, sweep: Play) -> Play | None:
    """A sweep with one single-use item's use first: its applies played without the use, when they leave the game
    going and, at the last roll with every die left showing a miss, some use still defeats every enemy standing
    (as the engine plays it); else None."""
    from dataclasses import replace

    from twentystrong.odds.engine_plan import Play, play_through, search

    use = sweep.use
    if use is None or sweep.commands[0] != use:
        return None
    rest = tuple(c for c in sweep.commands if c.cmd == "apply")
    after, played, refused = play_through(s, rest)
    if refused or after.result is not None or after.prompt is not None or after.step != "apply":
        return None
    left = {c.id for c in after.active if not c.defeated}
    if not left:
        return None
    dice = tuple(replace(d, face="miss") if d.zone == "active" and d.card is None else d for d in after.dice)
    last = after.changed({"phases_used": after.hero.strategy, "dice": dice})
    found = search(last)
    if not found.complete or (found.sweep is None and found.sweep_with is None):
        return None
    order = tuple(c.id for c in s.active if not c.defeated and c.id not in left)
    return Play(played, order, False, False)


def _played(
    state: GameState,
    legal: Sequence[Command],
    commands: tuple[Command, ...],
    defeats: tuple[str, ...],
    won: bool,
    *,
    figure: bool,
) -> Playable:
    """The Playable of commands the engine takes in this order (uses, applies, answers to prompts)."""
    from twentystrong.engine.decide import decide_and_apply
    from twentystrong.odds.engine_model import banishes_applied, lost_by

    s = state
    first = _after_uses(s, commands)
    banished = lost_by(s, first)
    faces = {d.id: d.face for d in first.dice_in("active")}
    changed = tuple((d.id, cast(Face, faces[d.id])) for d in s.dice_in("active") if faces.get(d.id, d.face) != d.face)
    uses: list[tuple[str, tuple[tuple[str, Face], ...]]] = []
    moves: dict[str, list[str]] = {}
    for command in commands:
        if command.cmd in ("use_item", "use_ability"):
            whose = _use_name(s, command)
            uses.append((whose, changed if not uses else ()))
        elif command.cmd == "apply" and command.card is not None and command.die is not None:
            moves.setdefault(command.card, []).append(command.die)
    after = s
    for command in commands:
        out = decide_and_apply(after, command)
        if isinstance(out, tuple):
            after = out[1]
    s = after
    faces_after = tuple(faces.items())
    applied = {d for dice in moves.values() for d in dice}
    left = [d for d in s.dice_in("active") if d.id not in applied]
    repeat = any(c.cmd == "repeat" for c in legal)
    stays: list[tuple[str, str]] = []
    rolling: list[str] = []
    for unapplied in left:
        if unapplied.face is not None and hooks.keeps_face(s, unapplied):
            stays.append((unapplied.id, _keeper(s, unapplied)))
        elif repeat:
            rolling.append(unapplied.id)
    pool = bool(state.dice_in("pool"))
    if won:  # R11: the boss fell (the game ends at once)
        defeats = tuple(c.id for c in state.active if not c.defeated)
    from twentystrong.odds.dice import die_order

    return Playable(
        tuple((card, tuple(sorted(dice, key=die_order))) for card, dice in moves.items()),
        tuple(rolling),
        tuple(stays),
        repeat and pool,
        defeats,
        tuple(uses),
        faces_after,
        commands,
        figure,
        banished=banished,
        banishing=tuple(card for card in moves if banishes_applied(state, card)),
    )


def _use_name(s: GameState, command: Command) -> str:
    """Whose a use command is: ``Brood Guardian``, ``Corona's ability``."""
    from twentystrong.engine.effects.words import name

    return name(s, command.item) if command.item else _("{hero}'s ability").format(hero=name(s, s.hero.id))


def _after_uses(s: GameState, commands: tuple[Command, ...]) -> GameState:
    """The state once the uses (and their own choices) at the head of ``commands`` are played."""
    from twentystrong.engine.decide import decide_and_apply

    for command in commands:
        if command.cmd == "apply":
            break
        out = decide_and_apply(s, command)
        if isinstance(out, tuple):
            s = out[1]
    return s


def _keeper(s: GameState, die: DieState) -> str:
    """The rule in force that keeps this die's face (its words and card)."""
    from twentystrong.engine.effects.base import Handler

    for handler, live in hooks.passive(s):
        if type(handler).keeps_face is not Handler.keeps_face and handler.keeps_face(s, live, die):
            rule = hooks.describe(live.effect).split(":")[0].rstrip(". \u00a0")  # (French: a space before the colon)
            first = rule[:1] if language() == "de" else rule[:1].lower()  # a German noun keeps its capital
            # Translators: a card's name, then the rule of it that keeps a die's face.
            return _("{card}: {rule}").format(card=card_name(s.deck, live.source), rule=f"{first}{rule[1:]}")
    return _("a rule in force keeps it")


def advice_words(question: OddsQuestion, advice: Playable, *, hopeless: bool = False) -> str:
    """``use Corona's ability on G4○ (→ crit), then apply G3✶ G4✶ to Rust Maw`` (die labels with their faces, card
    and resource names); dice a rule keeps are said to stay, with the rule.

    ``hopeless``: no enemy can be defeated with these dice in the rolls left. While more dice may still be committed
    in a later phase, it says so instead of giving up.
    """
    faces = dict(advice.faces or question.faces)
    before = dict(question.faces)
    names = {e.card: e.name for e in question.enemies}
    stays = ""
    if advice.stays:
        kept = " ".join(die_label(d, faces.get(d)) for d, _ in advice.stays)
        rules = sorted({why for _, why in advice.stays})
        # Translators: {dice} are die labels (B4•), {rules} the rules that keep them, in their own words.
        stays = ngettext("{dice} stays as rolled ({rules})", "{dice} stay as rolled ({rules})", len(advice.stays))
        stays = stays.format(dice=kept, rules="; ".join(rules))
    one = len(question.enemies) == 1
    who = question.enemies[0].name
    if not advice.moves and not advice.uses and hopeless:
        could = ""
        if advice.could is not None:
            whose, cards = advice.could
            # Translators: {whose} is an item or a hero's ability, {enemies} card names; it follows a sentence.
            could = " " + _("({whose} can defeat {enemies} now)").format(
                whose=whose, enemies=", ".join(names.get(c, c) for c in cards)
            )
        if advice.more_dice:
            # Translators: {could} is empty or " (… can defeat … now)".
            words = (
                _("these dice alone cannot defeat {enemy}{could}: commit more next phase (r)")
                if one
                else _("these dice alone cannot defeat any enemy{could}: commit more next phase (r)")
            )
            return words.format(enemy=who, could=could)
        # Translators: {could} is empty or " (… can defeat … now)".
        words = (
            _("these dice cannot defeat {enemy} in the rolls left{could}")
            if one
            else _("these dice cannot defeat any enemy in the rolls left{could}")
        )
        return words.format(enemy=who, could=could)
    used = []
    for name, changed in advice.uses:
        if changed:
            turned = " ".join(f"{die_label(d, before.get(d))} (→ {term(face)})" for d, face in changed)
            # Translators: {item} is an item's name or "<hero>'s ability"; {dice} die labels with their new faces.
            used.append(_("use {item} on {dice}").format(item=name, dice=turned))
        else:
            used.append(_("use {item}").format(item=name))
    lost = ""
    if advice.banished:
        # Translators: {dice} are die ids (B4 P2): what a use costs, said after it.
        lost = ngettext("it banishes {dice}", "it banishes {dice}", len(advice.banished)).format(
            dice=" ".join(advice.banished)
        )
    if not advice.moves:
        if used:
            text = ", ".join(used)
            if advice.defeats:  # the use alone defeats (a card that defeats an enemy, a bonus on dice applied)
                fall = [names.get(c, c) for c in advice.defeats]
                if lost:
                    text = (
                        # Translators: {lost} is "it banishes B4": what the use costs.
                        _("{uses} (defeats it; {lost})").format(uses=text, lost=lost)
                        if len(question.enemies) == 1
                        else _("{uses} (defeats {enemies}; {lost})").format(
                            uses=text, enemies=", ".join(fall), lost=lost
                        )
                    )
                else:
                    text = (
                        _("{uses} (defeats it)").format(uses=text)
                        if len(question.enemies) == 1
                        else _("{uses} (defeats {enemies})").format(uses=text, enemies=", ".join(fall))
                    )
            elif lost:
                text = _("{uses} ({lost})").format(uses=text, lost=lost)
        elif not any(face in ("hit", "crit") for _face, face in faces.items()):
            text = _("nothing to apply, roll again (r)") if advice.rolling else _("nothing to apply")
        elif advice.rolling:
            text = _("apply nothing, keep {dice} rolling").format(dice=" ".join(advice.rolling))
        else:
            text = _("apply nothing")
        return _("{advice}; {stays}").format(advice=text, stays=stays) if stays else text
    parts = []
    for card, dice in advice.moves:
        labels = " ".join(die_label(d, faces.get(d)) for d in dice)
        if card in advice.banishing:
            part = (
                # Translators: {dice} are die labels (B4•), {enemy} a card's name whose After effect banishes the
                # dice applied to it (they are lost for good).
                _("{dice} to {enemy} (defeats it; its After effect banishes the dice applied)")
                if card in advice.defeats
                else _("{dice} to {enemy} (its After effect banishes the dice applied)")
            )
        else:
            # Translators: {dice} are die labels (B4•), {enemy} a card's name.
            part = _("{dice} to {enemy} (defeats it)") if card in advice.defeats else _("{dice} to {enemy}")
        parts.append(part.format(dice=labels, enemy=names.get(card, card)))
    moves = ", ".join(parts)
    if used and lost:
        used[-1] = _("{uses} ({lost})").format(uses=used[-1], lost=lost)
    # Translators: {moves} is one or more "{dice} to {enemy}", {uses} one or more "use {item}".
    if used:
        text = _("{uses}, then apply {moves}").format(uses="; ".join(used), moves=moves)
    else:
        text = _("apply {moves}").format(moves=moves)
    everyone = len(advice.defeats) == len(question.enemies)
    if advice.rolling and not everyone:
        rolling = " ".join(advice.rolling)
        # Translators: {advice} is the advice so far, {dice} die ids (B1 G2).
        words = (
            _("{advice}; keep {dice} rolling") if len(advice.moves) > 1 or used else _("{advice}, keep {dice} rolling")
        )
        text = words.format(advice=text, dice=rolling)
    if stays and not everyone:
        text = _("{advice}; {stays}").format(advice=text, stays=stays)
    return text


# --- the hint: one answer for every front end -----------------------------------------------------------------------

NOTHING = N_("nothing to advise now")


@dataclass(frozen=True, slots=True)
class EnemyChance:
    """One enemy's chance to fall under best play from here."""

    card: str
    """Its card id."""
    name: str
    value: float
    exact: bool = True
    error: float = 0.0
    """A simulation's standard error (0 when exact)."""
    scope: Literal["fight", "round"] = "fight"
    """``round``: a fight that goes on into the next round with the dice applied, the chance is this round's;
    ``fight``: the fight ends with this round, the chance is the fight's."""

    def words(self) -> str:
        """``63%``, or ``≈63% ±2`` when simulated."""
        from twentystrong.odds.advisor import Chance

        return Chance(self.value, self.error, self.exact).words()


@dataclass(frozen=True, slots=True)
class Hint:
    """What the advisor says about the moment (see the module's docstring)."""

    stage: Literal["commit", "apply", "none"]
    """``commit``: before a roll (the commit plan); ``apply``: a roll is on the table; ``none``: nothing to ask."""
    words: str
    """The sentence the odds panel shows after "Advice: " (the move, then its figure)."""
    commands: tuple[Command, ...] = ()
    """The commands to play now, in order, each as ``legal_commands`` lists it."""
    keep: tuple[str, ...] = ()
    """The dice left unapplied (to roll again, or kept as they show where a rule keeps them)."""
    defeats_now: tuple[str, ...] = ()
    """The cards the commands defeat with the faces showing."""
    chances: tuple[EnemyChance, ...] = ()
    """Per undefeated enemy, in active-area order."""
    all: EnemyChance | None = None
    """Several enemies: the chance that every one falls (``card`` is ``"all"``)."""
    assumes: tuple[str, ...] = ()
    """The resources (names) the commands or the figures count on."""
    move: str = ""
    """``words`` without the figure (the panel sets the figure in bold)."""
    figure: str = ""
    """The figure after the move (`` → 63% to defeat``), empty when there is none."""
    played: Playable | None = None
    """After a roll: the advice as the engine plays it (what the words and commands are made from)."""

    def to_dict(self) -> dict[str, Any]:
        """The hint as JSON-ready values (the headless ``hint``)."""

        def chance(c: EnemyChance) -> dict[str, Any]:
            out: dict[str, Any] = {"card": c.card, "name": c.name, "chance": c.value, "exact": c.exact}
            if not c.exact:
                out["error"] = c.error
            out["scope"] = c.scope
            return out

        return {
            "stage": self.stage,
            "words": self.words,
            "commands": [c.to_dict() for c in self.commands],
            "keep": list(self.keep),
            "defeats_now": list(self.defeats_now),
            "chances": [chance(c) for c in self.chances],
            "all": chance(self.all) if self.all is not None else None,
            "assumes": list(self.assumes),
        }


def hint(view: PlayerView, *, threshold: float = 0.9) -> Hint:
    """The advisor's answer for the player's view of the game (R12: only the open table is read). ``threshold``:
    the chance the commit plan aims at."""
    from twentystrong.engine.legal import legal_commands
    from twentystrong.engine.view import state_of

    state = state_of(view)
    legal = tuple(legal_commands(state))
    question = question_for(state, legal, threshold)
    if question is None or state.prompt is not None:
        return Hint("none", _(NOTHING))  # nothing to ask, or a decision (a reward, an effect's choice) comes first
    return explain(state, legal, question, chances_for(question))


def explain(
    table: GameState | PlayerView | None, legal: Sequence[Command], question: OddsQuestion, answered: OddsChances
) -> Hint:
    """The hint for a question answered already (the odds panel answers it in a worker thread): the advice checked
    against the engine (played on copies of ``state``), its words and commands, the figures.

    ``state`` None: a question with no game behind it (``twentystrong odds`` with a damage model of its own): the
    advice is said as the odds found it, with no commands."""
    from twentystrong.engine.view import state_of

    state = state_of(table) if table is not None else None
    scope: Literal["fight", "round"] = "round" if question.lasting else "fight"
    each = tuple(
        EnemyChance(e.card, e.name, c.value, c.exact, c.error, scope)
        for e, c in zip(question.enemies, answered.each, strict=True)
    )
    every = None
    if answered.all is not None:
        every = EnemyChance(
            "all",
            _("all {n}").format(n=len(question.enemies)),
            answered.all.value,
            answered.all.exact,
            answered.all.error,
            scope,
        )
    held = question.resources.names() if question.resources is not None else []
    if question.stage == "commit":
        return _commit_hint(state, legal, question, answered, each, every, held)
    advice = answered.advice
    if advice is None:
        words = _("nothing to apply") if not question.dice else _(NOTHING)
        return Hint("apply", words, chances=each, all=every, move=words)
    played = playable(state, legal, advice, question) if state is not None else _as_found(advice, question)
    # A fight that keeps the dice applied (HV9) is not lost with this round: dice applied or kept rolling still do
    # their share.
    showing = dict(played.faces or question.faces)
    share = question.lasting and (bool(played.moves) or any(showing.get(d) in ("hit", "crit") for d in played.rolling))
    move = advice_words(question, played, hopeless=not share and not any(c.value for c in answered.each))
    figure, counted = _figure(question, answered, played)
    used = [name for name, _ in played.uses]
    assumes = tuple(dict.fromkeys([*used, *counted]))
    keep = tuple(d for d, _ in question.faces if d not in {die for _, dice in played.moves for die in dice})
    return Hint(
        "apply",
        move + figure,
        played.commands,
        keep,
        played.defeats,
        each,
        every,
        assumes,
        move,
        figure,
        played,
    )


def _as_found(advice: Advice, question: OddsQuestion) -> Playable:
    """The advice as the odds found it, with no game to check it against: the dice a rule keeps stay, the others
    roll again while phases follow."""
    from twentystrong.odds.rules import PLAIN_ROLLS

    faces = dict(question.faces)
    for use in advice.uses:
        faces.update(use.dice)
    rules = question.rules or PLAIN_ROLLS
    keeping = (_("misses are not rolled again"), _("unapplied hits are kept"))
    why = "; ".join(w for w in rules.words() if w in keeping) or _("a rule in force keeps it")
    stays = tuple((d, why) for d in advice.keep if rules.keeps(faces.get(d)))
    rolling = tuple(d for d in advice.keep if question.phases > 0 and not rules.keeps(faces.get(d)))
    return Playable(
        moves=tuple((question.enemies[t].card, dice) for t, dice in advice.moves),
        rolling=rolling,
        stays=stays,
        more_dice=False,
        defeats=tuple(question.enemies[t].card for t in advice.defeats),
        uses=tuple((u.name, u.dice) for u in advice.uses),
        faces=tuple(faces.items()),
    )


def _figure(question: OddsQuestion, answered: OddsChances, played: Playable) -> tuple[str, tuple[str, ...]]:
    """The figure after the move's words and the resources it counts on: `` → 63% to defeat`` (one enemy),
    `` → 24% to defeat all`` (several, when they may all fall), else the chance of the enemy the move plays for and
    that of all apart; `` with Battle Fury`` when the figure counts a resource held for later."""
    advice = answered.advice
    if advice is not None and played.holds and len(played.defeats) < len(question.enemies):
        # A single-use item whose use alone defeats every enemy the dice showing do not, kept for the last roll: sure
        # with it (the engine's own figure, whatever the tables' chance of the move).
        from twentystrong.text.words import percent

        if len(question.enemies) == 1:
            sure = _("→ {chance} to defeat{with_items}")
        else:
            sure = _("→ {chance} to defeat all{with_items}")
        with_words = " " + _("with {items}").format(items=_(" and ").join(played.holds))
        return " " + sure.format(chance=percent(1.0), with_items=with_words), played.holds
    holds = advice is not None and bool(advice.held) and answered.bare is not None and not played.engine
    if advice is None or not (played.moves or played.uses or holds) or not played.figure:
        return "", ()  # (no figure when the engine changed the move: the tables' chance is not this move's)
    n = len(question.enemies)
    if len(played.defeats) >= n:
        return "", ()
    p = advice.probability
    counted: tuple[str, ...] = ()
    with_words = ""
    if answered.bare is not None and question.resources is not None:
        used = {name for name, _ in played.uses}
        counted = tuple(name for name in question.resources.names() if name not in used)
        # Translators: follows a chance ("→ 63% to defeat with Battle Fury"); {items} are items' or abilities' names.
        with_words = " " + _("with {items}").format(items=_(" and ").join(counted)) if counted else ""
    winner = question.winner()
    if winner is not None:  # R11: the advice plays for the boss
        name = question.enemies[winner].name
        if p.value > 0:
            # Translators: {with_items} is empty or " with {items}".
            figure = _("→ {chance} to defeat {enemy} and win{with_items}")
            return " " + figure.format(chance=p.words(), enemy=name, with_items=with_words), counted
        return " " + _("(not enough to defeat {enemy})").format(enemy=name), ()
    if n == 1 and question.lasting:  # HV9: the damage applied stays, the figure is this round's
        if p.value > 0:
            # Translators: {with_items} is empty or " with {items}"; a fight over several rounds.
            figure = _("→ {chance} to defeat this round{with_items}")
            return " " + figure.format(chance=p.words(), with_items=with_words), counted
        return " " + _("(not enough to defeat it this round; the damage applied stays)"), ()
    if n == 1 and advice.later and p.value > 0:
        # Translators: {with_items} is empty or " with {items}"; the chance counts dice committed in a later phase.
        figure = _("→ {chance} to defeat, committing more next phase{with_items}")
        return " " + figure.format(chance=p.words(), with_items=with_words), counted
    if n == 1:
        if p.value > 0:
            # Translators: {with_items} is empty or " with {items}".
            return " " + _("→ {chance} to defeat{with_items}").format(chance=p.words(), with_items=with_words), counted
        return " " + _("(not enough to defeat it)"), ()
    every = answered.all
    if p.value > 0 and every is not None and every.value > 0:
        if question.lasting:
            # Translators: {with_items} is empty or " with {items}"; a fight over several rounds.
            figure = _("→ {chance} to defeat all this round{with_items}")
            return " " + figure.format(chance=p.words(), with_items=with_words), counted
        # Translators: {with_items} is empty or " with {items}".
        return " " + _("→ {chance} to defeat all{with_items}").format(chance=p.words(), with_items=with_words), counted
    none = percent_sign("0")
    all_words = _("{chance} to defeat all {n}").format(chance=every.words() if every is not None else none, n=n)
    # Some cannot fall this round (a cap, a block that will not lift): the figure is for the others.
    hopeless = question.situation().hopeless
    live = [e for e, h in zip(question.enemies, hopeless, strict=True) if not h and e.target.need > 0]
    if p.value > 0 and live and len(live) < n:
        names = _(" and ").join(e.name for e in live)
        # Translators: {with_items} is empty or " with {items}"; {all} is "{chance} to defeat all {n}".
        figure = _("→ {chance} to defeat {enemies}{with_items} ({all})")
        return " " + figure.format(chance=p.words(), enemies=names, with_items=with_words, all=all_words), counted
    # No play defeats them all: the chance of the enemy the move plays for (the first it gives dice and does not
    # defeat now), and that of all apart.
    index = {e.card: i for i, e in enumerate(question.enemies)}
    pending = [card for card, _ in played.moves if card not in played.defeats]
    if pending:
        i = index[pending[0]]
        name = question.enemies[i].name
        mine = answered.each[i]
        if mine.value > 0:
            # Translators: {all} is "{chance} to defeat all {n}".
            return " " + _("→ {chance} to defeat {enemy} ({all})").format(
                chance=mine.words(), enemy=name, all=all_words
            ), ()
        return " " + _("(not enough to defeat {enemy}; {all})").format(enemy=name, all=all_words), ()
    return f" ({all_words})", ()


def _commit_hint(
    state: GameState | None,
    legal: Sequence[Command],
    question: OddsQuestion,
    answered: OddsChances,
    each: tuple[EnemyChance, ...],
    every: EnemyChance | None,
    held: Sequence[str],
) -> Hint:
    """Before a roll: the commit plan (the fewest pool dice that reach the threshold, against all the enemies when
    there are several and they may all fall, else against the first that may), with and without the resources."""
    from twentystrong.text.words import percent

    def say(words: str, commands: tuple[Command, ...] = ()) -> Hint:
        return Hint("commit", words, commands, chances=each, all=every, move=words)

    if state is not None and state.step == "faces":
        return say(_("enter the faces rolled"))
    plan = answered.plan
    if plan is None:
        if question.dice and any(c.cmd == "roll" for c in legal):
            return say(_("roll (r)"), tuple(c for c in legal if c.cmd == "roll"))
        return say(_(NOTHING))
    n = len(question.enemies)
    rows = list(plan.each) + ([plan.all] if n > 1 else [])
    row = n if n > 1 and plan.all is not None and plan.all.chance.value > 0 else None
    if row is None:
        row = next((i for i, pick in enumerate(plan.each) if pick is not None), None)
    if row is None:
        return say(_("no enemy can fall this round"))
    pick = rows[row]
    assert pick is not None
    whom = "all" if row == n else ("it" if n == 1 else "enemy")
    name = question.enemies[row].name if row < n else ""
    bare = answered.plan_bare[row] if row < len(answered.plan_bare) else None
    counted = tuple(held) if bare is not None and bare.value < pick.chance.value - 1e-9 else ()
    with_words = ""
    if counted and bare is not None:
        # Translators: follows a chance; {items} are items' or abilities' names, {chance} the chance without them.
        with_words = " " + _("with {items} ({chance} without)").format(
            items=_(" and ").join(counted), chance=bare.words()
        )
    if pick.dice:
        move = _("commit {dice}, then roll").format(dice=" ".join(pick.dice))
    else:
        move = _("roll (r)")
    # Translators: {with_items} is empty or " with {items} ({chance} without)"; {aim} the chance aimed at.
    if pick.reached:
        figure = {
            "all": _("→ {chance} to defeat all{with_items}"),
            "it": _("→ {chance} to defeat it{with_items}"),
            "enemy": _("→ {chance} to defeat {enemy}{with_items}"),
        }[whom]
    else:
        figure = {
            "all": _("→ at most {chance} to defeat all{with_items} (aim {aim})"),
            "it": _("→ at most {chance} to defeat it{with_items} (aim {aim})"),
            "enemy": _("→ at most {chance} to defeat {enemy}{with_items} (aim {aim})"),
        }[whom]
    figure = " " + figure.format(
        chance=pick.chance.words(), enemy=name, with_items=with_words, aim=percent(plan.threshold)
    )
    offered = {c.die: c for c in legal if c.cmd == "commit"}
    commands = tuple(offered[d] for d in pick.dice if d in offered)
    return Hint("commit", move + figure, commands, chances=each, all=every, assumes=counted, move=move, figure=figure)
