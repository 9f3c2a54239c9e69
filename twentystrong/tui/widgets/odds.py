"""The odds panel (issue 7): while dice are committed and applied, the chance to defeat each undefeated active
enemy within the Strategy phases left, the damage one roll of those dice deals (a small bar chart and the expected
damage), and after a roll the advisor's suggestion.

The numbers come from :mod:`twentystrong.odds`; card rules reach them only through
:mod:`twentystrong.odds.engine_model`, which asks the engine's own damage and apply hooks. The panel reads the
view (attributes down) and posts nothing.

It works in two halves. :func:`question_for` reads the view into a frozen :class:`OddsQuestion` on the UI thread
(the hooks memoise per state in module globals, so only the UI thread asks them). :func:`chances_for` answers it
with pure arithmetic on frozen values: at once when the odds have the damage model's table already (a lookup), else in
a worker thread while the panel says "computing…" (the first question about a model: tens of milliseconds). One
roll's distribution is always quick and computed at once.

What it shows, with ``k`` the rolls left (R4: Strategy − phases used, + 1 before this phase's roll):

- commit (and physical faces being entered): each enemy's P(defeat within ``k`` rolls) with the unapplied dice in
  the active area (committed so far, and kept from earlier phases), best play, damage already applied counted;
- apply: each enemy's P(defeat) playing best from the roll on the table (:func:`~twentystrong.odds.best_apply`,
  the phases after this one), and the advice: one enemy, :func:`~twentystrong.odds.best_apply`; several,
  :func:`~twentystrong.odds.allocate_dice`. A die the engine does not let the player apply to a card right now
  counts as a miss for that card.

Each probability is for one enemy with every die on it. The App's ``odds_mode`` (key ``o``) is ``full``,
``expected`` (the expected damage of one roll only) or ``off``.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Literal, NamedTuple, TypeVar, cast

from textual import work
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from twentystrong.content.effects import Face
from twentystrong.engine.dice import die_label
from twentystrong.engine.effects import hooks
from twentystrong.text.words import percent
from twentystrong.tui.store import GameView
from twentystrong.tui.widgets.common import set_display, set_title, update_static

# The odds package is imported where it is first asked (the first commit step), not with the table: the panel is
# hidden when a game starts, and start-up is shorter without it.
if TYPE_CHECKING:
    from textual.css.styles import RulesMap

    from twentystrong.engine.commands import Command
    from twentystrong.engine.state import DieState, GameState
    from twentystrong.odds import DiceCounts, SingleRoll, Target
    from twentystrong.odds.advisor import Advice, Chance, CommitPlan, Pick, Situation, Use
    from twentystrong.odds.rules import Resources, RollRules

OddsMode = Literal["full", "expected", "off"]
T = TypeVar("T")

ODDS_MODES: tuple[OddsMode, ...] = ("full", "expected", "off")
"""What ``o`` steps through: everything, the expected damage only, nothing."""
ODDS_MODE_WORDS: dict[str, str] = {
    "full": "odds, damage chart and advice",
    "expected": "expected damage only",
    "off": "off",
}

Stage = Literal["commit", "apply"]


ODDS_TARGETS: tuple[float, ...] = (0.5, 0.75, 0.9, 0.95, 0.99)
"""What ``t`` steps through: the chance the commit plan aims at."""


def next_target(target: float) -> float:
    """The target after ``target`` (90% → 95% → 99% → 50% → 75% → 90%)."""
    later = [t for t in ODDS_TARGETS if t > target + 1e-9]
    return later[0] if later else ODDS_TARGETS[0]


def next_mode(mode: str) -> OddsMode:
    """The setting after ``mode`` (``full`` → ``expected`` → ``off`` → ``full``)."""
    index = ODDS_MODES.index(mode) if mode in ODDS_MODES else -1
    return ODDS_MODES[(index + 1) % len(ODDS_MODES)]


# --- the question: read on the UI thread ---------------------------------------------------------------------------


# NamedTuples, not frozen dataclasses: as immutable and hashable, and each costs ~0.3 ms less to define at start-up.
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


def question_for(view: GameView, threshold: float = 0.9) -> OddsQuestion | None:
    """The odds question of a view, or None when there is nothing to show (not committing or applying, no enemy)."""
    s = view.state
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
    legal = {(c.die, c.card) for c in view.legal if c.cmd == "apply"}
    enemies: list[EnemyQuestion] = []
    for number, card in enumerate(s.active, start=1):
        if card.defeated:
            continue
        rolled: tuple[tuple[str, Face], ...] = ()
        if stage == "apply":
            rolled = tuple(
                (d.id, d.face if d.face is not None and (d.id, card.id) in legal else "miss") for d in unapplied
            )
        blocked = hooks.defeat_block(s, card)
        enemies.append(
            EnemyQuestion(
                card=card.id,
                name=view.card_name(card.id),
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
    rules = roll_rules(s)
    kept = tuple(d.id for d in unapplied if stage == "commit" and d.face is not None and hooks.keeps_face(s, d))
    pool = tuple(c.die for c in view.legal if c.cmd == "commit" and c.die is not None) if stage == "commit" else ()
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
        lasting=any(ruleset_of(s).keeps_applied_dice(s, c) for c in s.active if not c.defeated),
        threshold=threshold,
        step_cap=step_limit(s),
        wins=tuple(wins_alone(s, card) for card in s.active if not card.defeated) if len(enemies) > 1 else (),
    )


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


def rolls_for(question: OddsQuestion) -> tuple[SingleRoll, ...]:
    """Per enemy, one roll of the question's dice against it (exact, always quick)."""
    from twentystrong.odds import single_roll

    counts = question.counts
    return tuple(single_roll(counts, e.target.model) for e in question.enemies)


def chances_for(question: OddsQuestion) -> OddsChances:
    """The probabilities, the advice and the commit plan (pure: only the odds package; safe in a worker thread)."""
    from twentystrong.odds.advisor import advise, chances, commit_plan

    whole = question.situation()
    each = tuple(chances(question.alone(i)).each[0] for i in range(len(question.enemies)))
    every = chances(whole).all if len(question.enemies) > 1 else None
    advice = advise(question.objective()) if question.stage == "apply" and question.dice else None
    plan = None
    if question.stage == "commit" and question.phases > 0 and question.pool:
        plan = commit_plan(whole, question.pool, question.threshold, question.most)
    return OddsChances(each=each, all=every, advice=advice, plan=plan)


# --- words and pictures --------------------------------------------------------------------------------------------

BLOCKS = " ▁▂▃▄▅▆▇█"
"""Eighths of a cell, for the columns of the damage chart."""
CHART_FLOOR = 0.001
"""Damage values less likely than this at either end of the distribution are left off the chart."""


def expected_words(expected: Fraction) -> str:
    """The expected damage of one roll, labelled: ``3.2 expected damage``."""
    return f"{float(expected):.1f} expected damage"


def probability_bar(p: float, width: int) -> str:
    """A horizontal bar ``width`` cells long, filled to ``p`` in eighths."""
    eighths = round(max(0.0, min(1.0, p)) * width * 8)
    full, rest = divmod(eighths, 8)
    partial = "▏▎▍▌▋▊▉"[rest - 1] if rest else ""
    return ("█" * full + partial).ljust(width, "░")[:width]


def damage_chart(roll: SingleRoll, need: int | None, width: int, height: int = 2) -> list[Content]:
    """One roll's damage distribution as ``height`` rows of columns (damage left to right) and an axis row.

    Columns that reach ``need`` are drawn in the success colour, and the axis marks ``need`` with ``▲`` (never
    colour alone). Values less likely than :data:`CHART_FLOOR` at either end are left off; when the rest is wider
    than ``width``, neighbouring values share a column.
    """
    probs = [float(p) for p in roll.distribution]
    likely = [i for i, p in enumerate(probs) if p >= CHART_FLOOR] or [0]
    lo, hi = likely[0], likely[-1]
    count = hi - lo + 1
    bucket = max(1, math.ceil(count / max(1, width)))
    columns = math.ceil(count / bucket)
    starts = [lo + c * bucket for c in range(columns)]
    values = [sum(probs[s : min(s + bucket, hi + 1)]) for s in starts]
    cell = 2 if columns * 2 <= width else 1
    top = max(values) or 1.0
    levels = [round(v / top * height * 8) for v in values]
    rows: list[Content] = []
    for r in range(height):
        floor = (height - 1 - r) * 8
        parts: list[tuple[str, str]] = []
        for start, level in zip(starts, levels, strict=True):
            char = BLOCKS[max(0, min(8, level - floor))]
            style = "$success" if need is not None and 0 < need <= start else "$primary"
            parts.append((char + (" " if cell == 2 else ""), style))
        rows.append(Content.assemble(*parts))
    span = columns * cell
    axis = [" "] * max(span, width)

    def put(text: str, at: int) -> None:
        at = max(0, min(at, len(axis) - len(text)))
        # A blank cell either side too: two labels never run together ("▲6" and "7" read as "▲67").
        if all(ch == " " for ch in axis[max(0, at - 1) : at + len(text) + 1]):
            axis[at : at + len(text)] = list(text)

    # Labels start under their column; the need's marker first, so the ends give way to it.
    if need is not None and lo <= need <= hi:
        put(f"▲{need}", ((need - lo) // bucket) * cell)
    put(str(lo), 0)
    if bucket == 1:
        put(str(hi), (columns - 1) * cell)
    else:
        put(str(hi), span - len(str(hi)))
    axis_text = "".join(axis).rstrip()
    if need is not None and need > hi:
        axis_text += f"  ▲{need} off the chart"
    rows.append(Content.styled(axis_text, "$text-muted"))
    return rows


def _pick_words(pick: Pick, pool: int, most: int | None = None) -> list[tuple[str, str] | str]:
    """``+Y1 Y2 G3 (3 dice) → 92%``: the pool dice to add, their cost in dice and the chance they give."""
    n = len(pick.dice)
    cost = "1 die" if n == 1 else f"{n} dice"
    if not pick.reached:
        if most is not None and most < pool:
            may = (
                "no more may be committed now" if most == 0 else f"+{' '.join(pick.dice)}: as many as may be committed"
            )
            return [("at most ", "$text-muted"), (pick.chance.words(), "bold"), (f" ({may})", "$text-muted")]
        return [("at most ", "$text-muted"), (pick.chance.words(), "bold"), (f" (all {pool} pool dice)", "$text-muted")]
    if not pick.dice:
        return [("no more dice: ", "$text-muted"), (pick.chance.words(), "bold")]
    return ["+" + " ".join(pick.dice), (f" ({cost}) → ", "$text-muted"), (pick.chance.words(), "bold")]


def _keep(table: OrderedDict[Hashable, T], key: Hashable, value: T, size: int) -> None:
    """Put ``value`` under ``key`` as the newest entry, forgetting the oldest beyond ``size``."""
    table[key] = value
    table.move_to_end(key)
    while len(table) > size:
        table.popitem(last=False)


def _chance_label(question: OddsQuestion) -> str:
    """What the percentages are: each enemy's chance with every one of these dice on it (this round's, in a fight
    that goes on with its dice applied)."""
    return "\nChance this round, all on it:" if question.lasting else "\nDefeat chance, all on it:"


def dice_words(question: OddsQuestion) -> str:
    """The dice the odds are about: ``B2✶ P1• R1○`` after a roll, ``Y1 B2 R1`` before."""
    if not question.dice:
        return "no dice"
    if question.stage == "apply":
        return " ".join(die_label(d, f) for d, f in question.faces)
    return " ".join(question.dice)


def rolls_words(question: OddsQuestion) -> str:
    """``3 rolls left`` (before a roll: this one included; after one: the Strategy phases that may follow), the same
    words at both moments, so a newcomer reads one thing."""
    k = question.phases
    if k == 0:
        return "no rolls left" if question.stage == "apply" else "no roll left"
    return "1 roll left" if k == 1 else f"{k} rolls left"


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


def playable(view: GameView, advice: Advice, question: OddsQuestion) -> Playable:
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
    from twentystrong.odds.engine_plan import play_through, search

    s = view.state
    plays = s.memo(search)
    chosen = plays.sweep or plays.sweep_with
    if chosen is not None:
        return _played(view, chosen.commands, chosen.defeats, chosen.won, figure=True)._replace(engine=True)
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
    left = {c.id for c in after.active if not c.defeated}
    defeats = tuple(c.id for c in s.active if not c.defeated and c.id not in left)
    most = plays.most
    p = advice.probability.value
    stuck = most is not None and not defeats and (p <= 1e-9 or p >= 1 - 1e-9)
    if most is not None and (refused and len(most.defeats) >= len(defeats) or stuck):
        return _played(view, most.commands, most.defeats, most.won, figure=False)._replace(engine=True)
    return _played(view, played, defeats, after.result == "won", figure=not refused)._replace(could=could)


def _played(
    view: GameView, commands: tuple[Command, ...], defeats: tuple[str, ...], won: bool, *, figure: bool
) -> Playable:
    """The Playable of commands the engine takes in this order (uses, applies, answers to prompts)."""
    from twentystrong.engine.decide import decide_and_apply

    s = view.state
    first = _after_uses(s, commands)
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
    repeat = view.can("repeat")
    stays: list[tuple[str, str]] = []
    rolling: list[str] = []
    for unapplied in left:
        if unapplied.face is not None and hooks.keeps_face(s, unapplied):
            stays.append((unapplied.id, _keeper(view, unapplied)))
        elif repeat:
            rolling.append(unapplied.id)
    pool = bool(view.state.dice_in("pool"))
    if won:  # R11: the boss fell (the game ends at once)
        defeats = tuple(c.id for c in view.state.active if not c.defeated)
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
    )


def _use_name(s: GameState, command: Command) -> str:
    """Whose a use command is: ``Brood Guardian``, ``Corona's ability``."""
    from twentystrong.engine.effects.words import name

    return name(s, command.item) if command.item else f"{name(s, s.hero.id)}'s ability"


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


def advice_line(view: GameView, question: OddsQuestion, chances: OddsChances) -> tuple[Playable, str, str]:
    """The advice the panel says after a roll: the move as the engine allows it, its words, and the chance after it
    (`` → 63% to defeat``), empty when the move defeats every enemy."""
    assert chances.advice is not None
    # Checked against the rules in force before it is said (never a move the engine would refuse).
    advice = playable(view, chances.advice, question)
    words = advice_words(question, advice, hopeless=not any(c.value for c in chances.each))
    tail = ""
    if (advice.moves or advice.uses) and len(advice.defeats) < len(question.enemies) and advice.figure:
        p = chances.advice.probability
        winner = question.winner()
        if winner is not None:  # R11: the advice plays for the boss
            name = question.enemies[winner].name
            tail = f" → {p.words()} to defeat {name} and win" if p.value > 0 else f" (not enough to defeat {name})"
        elif len(question.enemies) == 1:
            tail = f" → {p.words()} to defeat" if p.value > 0 else " (not enough to defeat it)"
        else:
            tail = f" → {p.words()} to defeat all" if p.value > 0 else " (not enough to defeat them all)"
    return advice, words, tail


def _keeper(view: GameView, die: DieState) -> str:
    """The rule in force that keeps this die's face (its words and card)."""
    from twentystrong.engine.effects.base import Handler

    s = view.state
    for handler, live in hooks.passive(s):
        if type(handler).keeps_face is not Handler.keeps_face and handler.keeps_face(s, live, die):
            rule = hooks.describe(live.effect).split(":")[0].rstrip(".")
            return f"{view.card_name(live.source)}: {rule[:1].lower()}{rule[1:]}"
    return "a rule in force keeps it"


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
        stays = f"{kept} stay{'s' if len(advice.stays) == 1 else ''} as rolled ({'; '.join(rules)})"
    who = question.enemies[0].name if len(question.enemies) == 1 else "any enemy"
    if not advice.moves and not advice.uses and hopeless:
        could = ""
        if advice.could is not None:
            whose, cards = advice.could
            could = f" ({whose} can defeat {', '.join(names.get(c, c) for c in cards)} now)"
        if advice.more_dice:
            return f"these dice alone cannot defeat {who}{could}: commit more next phase (r)"
        return f"these dice cannot defeat {who} in the rolls left{could}"
    used = []
    for name, changed in advice.uses:
        if changed:
            turned = " ".join(f"{die_label(d, before.get(d))} (→ {face})" for d, face in changed)
            used.append(f"use {name} on {turned}")
        else:
            used.append(f"use {name}")
    if not advice.moves:
        if used:
            text = ", ".join(used)
            if advice.defeats:  # the use alone defeats (a card that defeats an enemy, a bonus on dice applied)
                fall = [names.get(c, c) for c in advice.defeats]
                text += " (defeats it)" if len(question.enemies) == 1 else f" (defeats {', '.join(fall)})"
        elif not any(face in ("hit", "crit") for _, face in faces.items()):
            text = "nothing to apply" + (", roll again (r)" if advice.rolling else "")
        else:
            text = "apply nothing" + (f", keep {' '.join(advice.rolling)} rolling" if advice.rolling else "")
        return f"{text}; {stays}" if stays else text
    parts = []
    for card, dice in advice.moves:
        labels = " ".join(die_label(d, faces.get(d)) for d in dice)
        defeat = " (defeats it)" if card in advice.defeats else ""
        parts.append(f"{labels} to {names.get(card, card)}{defeat}")
    text = ("; ".join(used) + ", then apply " if used else "apply ") + ", ".join(parts)
    everyone = len(advice.defeats) == len(question.enemies)
    if advice.rolling and not everyone:
        text += ("; " if len(advice.moves) > 1 or used else ", ") + f"keep {' '.join(advice.rolling)} rolling"
    if stays and not everyone:
        text += f"; {stays}"
    return text


# --- the widget ----------------------------------------------------------------------------------------------------


class OddsPanel(Widget):
    """Odds on the table's side: P(defeat) per undefeated enemy, one roll's damage chart, expected damage, advice.

    The table calls :meth:`show` with the view and the selected die on every change; the panel hides itself
    outside the commit and apply steps and when the App's ``odds_mode`` is ``off``.

    Its height holds still within a step (one Strategy phase's commit or apply): each section reserves the most
    lines it has needed in the step, and an enemy's note, the chart and the advice have their lines before their
    figures arrive, so "computing…", the answer and ``o`` repaint the panel without laying the screen out again.
    """

    _CACHE_SIZE = 64
    _QUICK_SECONDS = 0.004
    """A question whose shape was last answered within this is answered on the UI thread (well inside a frame)."""
    SECTIONS = ("head", "enemies", "plan", "chart", "advice", "caveats")
    ADVICE_LINES = 2
    """Lines the advice has from the start of an apply step (it usually wraps once on the side column)."""
    CHART_LINES = 4
    """Lines the chart has from the start of a commit step (its caption, two rows of columns and the axis)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._view: GameView | None = None
        self._seen: tuple[object, str] | None = None
        self.question: OddsQuestion | None = None
        """The question shown (None: the panel is hidden)."""
        self.rolls: tuple[SingleRoll, ...] = ()
        """One roll against each enemy of :attr:`question`."""
        self.chances: OddsChances | None = None
        """The probabilities and advice of :attr:`question`; None while they are computing."""
        self._answers: OrderedDict[Hashable, OddsChances] = OrderedDict()  # by OddsQuestion.answer_key()
        self._pending: Hashable | None = None  # the answer key a worker is answering
        self._costs: OrderedDict[Hashable, float] = OrderedDict()  # seconds, by OddsQuestion.shape()
        self._step: Hashable | None = None  # the step the reserved lines are for
        self._reserved: dict[str, int] = {}  # section → lines it keeps in this step
        self._drawn_width = -1  # the content width the sections were measured at
        self._mounted_sections = False
        self.display = False  # until a view with something to show arrives

    def _sections(self) -> None:
        """Mount the sections' Statics the first time the panel has something to show.

        Not composed with the table: the panel is hidden when a game starts, and the table's first frame comes
        sooner without them (they are mounted, styled and laid out with the first commit step's repaint).
        """
        if not self._mounted_sections:
            self._mounted_sections = True
            self.mount_all(Static(id=f"odds-{section}", classes="-empty") for section in self.SECTIONS)

    def on_mount(self) -> None:
        if hasattr(self.app, "odds_mode"):
            self.watch(self.app, "odds_mode", self._mode_changed, init=False)
        if hasattr(self.app, "odds_target"):
            self.watch(self.app, "odds_target", self._mode_changed, init=False)

    @property
    def threshold(self) -> float:
        """The chance the commit plan aims at: the App's setting (``t``), 90% when the App has none."""
        target = getattr(self.app, "odds_target", 0.9)
        return float(target) if isinstance(target, (int, float)) else 0.9

    @property
    def mode(self) -> OddsMode:
        """The App's setting (``full`` when the App has none)."""
        mode = getattr(self.app, "odds_mode", "full")
        return mode if mode in ODDS_MODES else "full"

    def _mode_changed(self) -> None:
        if self._view is not None:
            self._seen = None
            self.show(self._view, None)

    def show(self, view: GameView, selected: str | None) -> None:
        """Show the odds for this view (cheap when neither the view nor the setting changed)."""
        mode = self.mode
        if self._seen is not None and self._seen[0] is view and self._seen[1] == mode:
            return
        self._seen = (view, mode)
        self._view = view
        question = question_for(view, self.threshold) if mode != "off" else None
        set_display(self, question is not None)
        if question is None:
            self.question = None
            return
        s = view.state
        step = (s.round, s.activated_this_round, s.phases_used, question.stage)
        if step != self._step:
            self._step = step
            self._reserved.clear()
        if question != self.question:
            key = question.answer_key()
            if self.question is None or key != self.question.answer_key():
                self.chances = self._answers.get(key)
            if self.question is None or question.counts != self.question.counts or self._models_changed(question):
                self.rolls = rolls_for(question)
            self.question = question
        if mode == "full" and self.chances is None:
            key = question.answer_key()
            if key != self._pending:
                if question.quick() or self._costs.get(question.shape(), math.inf) <= self._QUICK_SECONDS:
                    started = time.perf_counter()
                    chances = chances_for(question)
                    self._cost(question, time.perf_counter() - started)
                    self._remember(key, chances)
                else:
                    self._pending = key
                    self._compute(question)
        self._draw_odds(mode)

    def _cost(self, question: OddsQuestion, seconds: float) -> None:
        """Remember how long a question of this shape took: the next one is answered at once when that was quick
        (a worker's round trip costs a frame or two), in a worker otherwise."""
        _keep(self._costs, question.shape(), seconds, self._CACHE_SIZE)

    def _models_changed(self, question: OddsQuestion) -> bool:
        old = self.question
        return old is None or [e.target.model for e in old.enemies] != [e.target.model for e in question.enemies]

    def on_resize(self) -> None:
        # A layout pass resizes the panel when anything above it in the side column changes height: only a new
        # width changes what it draws.
        if self.question is not None and self.display and self.content_region.width != self._drawn_width:
            self._draw_odds(self.mode)

    def _remember(self, key: Hashable, chances: OddsChances) -> None:
        _keep(self._answers, key, chances, self._CACHE_SIZE)
        if self.question is not None and key == self.question.answer_key():
            self.chances = chances

    @work(thread=True, exclusive=True, group="odds")
    def _compute(self, question: OddsQuestion) -> None:
        """Answer a slow question (card rules in force, big needs) off the UI thread.

        A newer question cancels this worker, but a thread cannot be interrupted: the answer it still finds is
        kept in the cache (the odds package's own tables are thread-safe).
        """
        started = time.perf_counter()
        chances = chances_for(question)
        seconds = time.perf_counter() - started
        try:
            self.app.call_from_thread(self._computed, question, chances, seconds)
        except RuntimeError:  # the app is closing
            pass

    def _computed(self, question: OddsQuestion, chances: OddsChances, seconds: float) -> None:
        key = question.answer_key()
        self._cost(question, seconds)
        if key == self._pending:
            self._pending = None
        self._remember(key, chances)
        if self.question is not None and key == self.question.answer_key() and self.display:
            self._draw_odds(self.mode)

    def shown_text(self) -> str:
        """The text the panel shows now, title first (empty when hidden): for tests and for reading aloud."""
        if not self.display:
            return ""
        lines = [Content.from_text(self.border_title or "").plain]
        for static in self.query(Static):
            if static.has_class("-empty") or static.has_class("-blank") or not static.styles.display == "block":
                continue
            content = static.content
            text = content.plain if isinstance(content, Content) else str(content)
            lines.append(text.rstrip("\n"))  # without the lines it keeps in reserve
        return "\n".join(lines)

    # --- drawing -------------------------------------------------------------------------------------------------

    def _draw_odds(self, mode: OddsMode) -> None:
        question = self.question
        if question is None:
            return
        self._sections()
        full = mode == "full"
        title = "[o] Odds" if full else "[o] Expected damage"
        # ≈: an effect in force changes rolls in a way the odds do not model (named at the bottom).
        set_title(self, Content(title + (" ≈" if full and question.caveats else "")))
        if self.content_region.width != self._drawn_width:
            self._drawn_width = self.content_region.width
            self._reserved.clear()  # measured at another width
        width = max(20, self.content_region.width or 30)
        sections: dict[str, Content | None] = dict.fromkeys(self.SECTIONS)
        sections["head"] = Content.assemble(
            (dice_words(question), "bold"),
            (f" · {rolls_words(question)}", "$text-muted"),
            # What the percentages are (each enemy's chance assumes every one of these dice goes to it).
            (_chance_label(question) if full else "", "$text-muted"),
        )
        sections["enemies"] = self._enemies(question, full, width)
        chart_lines = 0
        chart_room = self.CHART_LINES - 2 + self._chart_height(width)
        if full and not question.dice and question.stage == "commit":
            sections["chart"] = Content.styled("commit dice to see the odds", "$text-muted italic")
            chart_lines = chart_room
        elif full and question.dice and (question.stage == "commit" or question.phases > 0):
            sections["chart"] = self._chart(question, width)
            chart_lines = chart_room
        chances = self.chances
        plan_lines = 1 + len(question.enemies) + (len(question.enemies) > 1) if full and question.pool else 0
        if plan_lines and question.phases > 0:
            sections["plan"] = self._plan(question, width)
        advice_lines = self.ADVICE_LINES if full and question.stage == "apply" and question.dice else 0
        if advice_lines and chances is None:
            sections["advice"] = Content.assemble(("Advice: ", "bold $accent"), ("computing…", "$text-muted italic"))
        elif full and chances is not None and chances.advice is not None and self._view is not None:
            _, words, tail = advice_line(self._view, question, chances)
            sections["advice"] = Content.assemble(("Advice: ", "bold $accent"), words, (tail, "bold"))
        notes = []
        if full and chances is not None and any(not c.exact for c in (*chances.each, chances.all) if c is not None):
            notes.append("≈: simulated, ± two standard errors")
        if full and question.caveats:
            notes.append("≈ not in the odds: " + " ".join(question.caveats))
        if notes:
            sections["caveats"] = Content.styled("\n".join(notes), "$text-muted italic")
        least = {"chart": chart_lines, "advice": advice_lines, "plan": plan_lines}
        for name, content in sections.items():
            self._draw_section(name, content, width, least.get(name, 0))

    def _draw_section(self, name: str, content: Content | None, width: int, least: int) -> None:
        """Show one section in the lines it keeps for the step: the most it has needed (at least ``least``),
        blank lines below a shorter content, blank lines only when it has nothing to show now."""
        static = self.query_one(f"#odds-{name}", Static)
        # The styles, as Widget.get_content_height hands them to its visual (wrapping or not).
        rules = cast("RulesMap", static.styles)
        lines = content.get_height(rules, width) if content is not None else 0
        reserved = max(self._reserved.get(name, 0), lines, least)
        self._reserved[name] = reserved
        static.set_class(reserved == 0, "-empty")
        static.set_class(content is None, "-blank")
        if reserved == 0:
            return
        if content is None:
            content = Content("\n" * (reserved - 1))
        elif reserved > lines:
            content = Content.assemble(content, "\n" * (reserved - lines))
        update_static(static, content)

    def _enemies(self, question: OddsQuestion, full: bool, width: int) -> Content:
        """A label saying what the figures are, then two lines per enemy (and a third for a cap or a block),
        whether the figures are in yet or not (and in either mode), so the lines do not move when they arrive."""
        lines: list[Content] = []
        chances = self.chances
        # Short terminals: one line per enemy (its number, damage so far, the chance), so every enemy stays in view.
        # The same one line while the figures are computing ("…"), so the lines do not move when they arrive.
        compact = full and self.screen.has_class("-short")
        for i, (enemy, roll) in enumerate(zip(question.enemies, self.rolls, strict=True)):
            t = enemy.target
            tally = f" {min(t.applied, t.health)}/{t.health}"
            if compact:
                number = chances.each[i].words() if chances is not None else "…"
                room = width - len(f"{enemy.number} ") - len(tally) - len(number) - 2
                name = enemy.name if len(enemy.name) <= room else enemy.name[: max(1, room - 1)] + "…"
                lines.append(
                    Content.assemble((f"{enemy.number} ", "$text-muted"), (name, "bold"), tally, "  ", (number, "bold"))
                )
                if enemy.capped:
                    lines.append(Content.styled(f"  takes at most {enemy.ceiling} this round", "$text-muted italic"))
                continue
            lines.append(Content.assemble((f"{enemy.number} ", "$text-muted"), (enemy.name, "bold"), tally))
            expected = expected_words(roll.expected_damage)
            if not full:
                lines.append(Content.assemble("  ", (expected, "bold"), (" a roll", "$text-muted")))
            elif chances is None:
                lines.append(Content.assemble("  ", ("computing…", "$text-muted italic")))
            else:
                lines.append(self._bar(chances.each[i], width, "  "))
            if enemy.capped:
                lines.append(Content.styled(f"  takes at most {enemy.ceiling} this round", "$text-muted italic"))
            elif enemy.blocked:
                lines.append(Content.styled(f"  {enemy.blocked}", "$text-muted italic"))
        if full and len(question.enemies) > 1:
            label = f"All {len(question.enemies)}"
            if chances is None:
                lines.append(Content.assemble((label, "bold"), ("  computing…", "$text-muted italic")))
            elif chances.all is not None:
                lines.append(self._bar(chances.all, width, label + " ", bold=True))
        return Content("\n").join(lines)

    @staticmethod
    def _bar(chance: Chance, width: int, lead: str, *, bold: bool = False) -> Content:
        """``lead`` then a bar filled to the chance and its words (``63%``, ``≈63% ±2`` when simulated)."""
        number = chance.words()
        p = chance.value
        bar_width = max(4, min(40, width - len(number) - len(lead) - 2))
        return Content.assemble(
            (lead, "bold" if bold else ""),
            (probability_bar(p, bar_width), "$success" if p >= 0.5 else "$warning"),
            " ",
            (number, "bold"),
        )

    def _plan(self, question: OddsQuestion, width: int) -> Content:
        """Commit step: per enemy (and all of them), the fewest pool dice, weakest first, that reach the threshold,
        their cost in dice and the chance they give."""
        chances = self.chances
        head = Content.assemble(
            ("To reach ", "$text-muted"), (percent(question.threshold), "bold"), (" [t]:", "$text-muted")
        )
        lines = [head]
        rows: list[tuple[str, Pick | None]] = []
        plan = chances.plan if chances is not None else None
        for i, enemy in enumerate(question.enemies):
            rows.append((str(enemy.number) if len(question.enemies) > 1 else "", plan.each[i] if plan else None))
        if len(question.enemies) > 1:
            rows.append(("all", plan.all if plan else None))
        for label, pick in rows:
            lead = f"  {label}: " if label else "  "
            if chances is None:
                lines.append(Content.assemble(lead, ("computing…", "$text-muted italic")))
            elif pick is None:
                lines.append(Content.assemble(lead, ("cannot fall this round", "$text-muted")))
            else:
                lines.append(Content.assemble(lead, *_pick_words(pick, len(question.pool), question.most)))
        return Content("\n").join(lines)

    @staticmethod
    def _chart_height(width: int) -> int:
        """Rows of columns: two on the usual side column, four where it has room (a very wide terminal)."""
        return 4 if width >= 44 else 2

    def _chart(self, question: OddsQuestion, width: int) -> Content:
        """One roll's damage (of the first enemy's damage model), under a caption with its expected damage."""
        enemy, roll = question.enemies[0], self.rolls[0]
        models = {e.target.model for e in question.enemies}
        what = "This roll" if question.stage == "commit" else "Next roll"
        need = enemy.target.need if enemy.target.need > 0 else None
        rows = damage_chart(roll, need, width, height=self._chart_height(width))
        expected = f"{float(roll.expected_damage):.1f}"
        against = f" vs {enemy.name}" if len(models) > 1 else ""
        caption = f"{what}{against}: {expected} expected damage"
        return Content("\n").join([Content.styled(caption, "$text-muted"), *rows])
