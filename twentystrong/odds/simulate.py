"""A seeded simulation of the engagement for what the exact tables do not hold: forced rerolls, face changes of two
dice, several face changes held at once, many dice against several targets.

Each simulated game rolls the dice by the roll rules in force (inverted faces, kept faces, a hit rolled again for
each miss), and after each roll plays a fixed policy that leans on the exact tables:

- **One target**: every way to use the face changes held (none, each change on each kind of die it may turn) is
  weighed by :func:`~twentystrong.odds.rerolls.best_move` under the nearest rules the tables hold (forced rerolls
  left out, the first one-die change still held kept in); the best is played, a change kept on a tie.
- **Several targets**: the same, weighed by the greedy allocation of :mod:`twentystrong.odds.targets` (finish what
  can be finished, then focus): the exact joint tables (:mod:`twentystrong.odds.joint`) answer without simulating
  wherever they hold the rules, and guiding tens of thousands of simulated rolls with them would take far longer.

The answer is the policy's chance, a lower bound of the best play's, with its standard error; the same arguments
always give the same answer (the generator is seeded). One target before a roll, with a hit rolled again for each
miss and at most a one-die face change held, is answered exactly instead where the dice are few enough
(:mod:`twentystrong.odds.forced`; ``method="exact"``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from twentystrong.odds.dice import COLORS, Color, Face
from twentystrong.odds.forced import forced_value, game_of
from twentystrong.odds.plans import Spec, exact_reason
from twentystrong.odds.rerolls import MAX_PHASES, best_move
from twentystrong.odds.rules import PLAIN_ROLLS, Conversion, RollRules
from twentystrong.odds.targets import Target, TargetsOdds, _assign

__all__ = ["SAMPLES", "Policy", "Step", "decide", "play_once", "simulate", "uses_of"]

SAMPLES = 4000
"""Games per simulation by default: a standard error of at most 0.8 points."""

Shown = tuple[tuple[int, int, int], ...]
"""Per colour: (misses, basic hits, crits) showing."""
Held = tuple[int, ...]
"""The indices of the face changes still held."""

_FACES: tuple[Face, ...] = ("miss", "hit", "crit")


@dataclass(frozen=True, slots=True)
class Policy:
    """What the simulated player plays by: the targets, the roll rules, the face changes held at the start."""

    targets: tuple[Target, ...]
    rules: RollRules = PLAIN_ROLLS
    conversions: tuple[Conversion, ...] = ()
    step_cap: int | None = None
    """At most this many dice applied in one Apply step (the policy keeps the most damage)."""

    @property
    def nearest(self) -> RollRules:
        """The rules the tables hold nearest to :attr:`rules` (forced rerolls left out)."""
        return replace(self.rules, forced_rerolls=False)


def uses_of(conversion: Conversion, shown: Shown) -> list[Shown]:
    """Every distinct way to use ``conversion`` on dice showing ``shown`` (by colour and face)."""
    out: list[Shown] = []
    index = [_FACES.index(f) for f in conversion.before]
    made = [_FACES.index(f) for f in conversion.after]
    colors = [c for c in range(len(COLORS)) if conversion.allows(COLORS[c])]
    picks: list[tuple[int, ...]] = (
        [(c,) for c in colors] if conversion.single else list(itertools.product(colors, repeat=2))
    )
    for pick in picks:
        if len(pick) == 2 and conversion.same_color is not None and (pick[0] == pick[1]) != conversion.same_color:
            continue
        counts = [list(f) for f in shown]
        ok = True
        for c, before, after in zip(pick, index, made, strict=True):
            if counts[c][before] <= 0:
                ok = False
                break
            counts[c][before] -= 1
            counts[c][after] += 1
        if ok:
            new = tuple((f[0], f[1], f[2]) for f in counts)
            if new not in out:
                out.append(new)
    return out


def _exact_change(policy: Policy, held: Held, pool: Sequence[int]) -> int | None:
    """The first held one-die change the tables hold with these dice (the policy's guide keeps it in)."""
    for i in held:
        conversion = policy.conversions[i]
        if conversion.single:
            spec = Spec(policy.targets[0].model, policy.nearest, conversion.shape)
            if exact_reason(spec, pool) is None:
                return i
    return None


Gives = tuple[tuple[tuple[int, int], ...], ...]
"""Per target, per colour: (basic hits, crits) given to it."""


@dataclass(frozen=True, slots=True)
class Step:
    """What the policy plays after a roll."""

    needs: tuple[int, ...]
    """Each target's need afterwards."""
    left: Shown
    """The faces of the dice left unapplied."""
    held: Held
    """The face changes still held."""
    used: tuple[tuple[int, Shown], ...]
    """The changes used first: (index, the faces showing once it is used)."""
    gives: Gives
    """The dice given to each target."""


@lru_cache(maxsize=65536)
def decide(policy: Policy, needs: tuple[int, ...], shown: Shown, phases_after: int, held: Held) -> Step:
    """The policy's move after a roll (see the module docstring)."""
    best: tuple[float, int, Step] | None = None
    candidates: list[tuple[Shown, Held, tuple[tuple[int, Shown], ...]]] = [(shown, held, ())]
    for i in held:
        rest = tuple(j for j in held if j != i)
        candidates += [(new, rest, ((i, new),)) for new in uses_of(policy.conversions[i], shown)]
    for faces, left, used in candidates:
        value, after, remaining, gives = _weigh(policy, needs, faces, phases_after, left)
        if policy.step_cap is not None and sum(h + c for give in gives for h, c in give) > policy.step_cap:
            after, remaining, gives = _capped(policy, needs, faces, gives)
        score = (value, len(left))
        if best is None or score[0] > best[0] + 1e-12 or (abs(score[0] - best[0]) <= 1e-12 and score[1] > best[1]):
            best = (score[0], score[1], Step(after, remaining, left, used, gives))
    assert best is not None
    return best[2]


def _weigh(
    policy: Policy, needs: tuple[int, ...], shown: Shown, phases_after: int, held: Held
) -> tuple[float, tuple[int, ...], Shown, Gives]:
    """The guide's value of the best move with these faces showing, and that move: the needs after it, the faces
    left and the dice given to each target."""
    pool = tuple(sum(f) for f in shown)
    guide = _exact_change(policy, held, pool)
    conversion = policy.conversions[guide].shape if guide is not None else None
    if len(policy.targets) == 1:
        spec = Spec(policy.targets[0].model, policy.nearest, conversion)
        move = best_move(needs[0], shown, phases_after, spec, guide is not None, now=False)
        left = tuple((m, h - a[0], c - a[1]) for (m, h, c), a in zip(shown, move.applied, strict=True))
        return move.probability, (needs[0] - move.damage,), left, (move.applied,)
    # The greedy allocation, valued by the targets it defeats now and the damage it deals.
    by_color = tuple((c, h) for _, h, c in shown)
    after = list(needs)
    left_counts = [list(f) for f in shown]
    gives_list = [[[0, 0] for _ in COLORS] for _ in needs]
    for t, taken, damage in _assign(policy.targets, needs, pool, by_color, phases_after):
        after[t] -= damage
        for c, (crits, hits) in enumerate(taken):
            gives_list[t][c][0] += hits
            gives_list[t][c][1] += crits
            left_counts[c][1] -= hits
            left_counts[c][2] -= crits
    defeated = sum(1 for old, new in zip(needs, after, strict=True) if old > 0 >= new)
    dealt = sum(max(0, old) - max(0, new) for old, new in zip(needs, after, strict=True))
    left = tuple((f[0], f[1], f[2]) for f in left_counts)
    given = tuple(tuple((g[0], g[1]) for g in per) for per in gives_list)
    return defeated + dealt / 100, tuple(after), left, given


def _capped(policy: Policy, needs: tuple[int, ...], shown: Shown, gives: Gives) -> tuple[tuple[int, ...], Shown, Gives]:
    """The move cut to the Apply step's cap: the dice that deal most kept, the others left unapplied."""
    assert policy.step_cap is not None
    dice = [
        (policy.targets[t].model.damage(COLORS[c], face), t, c, face)
        for t, give in enumerate(gives)
        for c, (hits, crits) in enumerate(give)
        for face, n in zip(_FACES[1:], (hits, crits), strict=True)
        for _ in range(n)
    ]
    dice.sort(key=lambda d: -d[0])
    new_needs = list(needs)
    left = [list(f) for f in shown]
    kept_gives = [[[0, 0] for _ in COLORS] for _ in gives]
    for damage, t, c, face in dice[: policy.step_cap]:
        new_needs[t] -= damage
        k = 1 if face == "hit" else 2
        left[c][k] -= 1
        kept_gives[t][c][k - 1] += 1
    return (
        tuple(new_needs),
        tuple((f[0], f[1], f[2]) for f in left),
        tuple(tuple((g[0], g[1]) for g in per) for per in kept_gives),
    )


def _roll(rng: random.Random, dice: list[tuple[int, Face | None]], rules: RollRules) -> list[tuple[int, Face]]:
    """Each die without a kept face rolls one of its colour's six faces (under the rules)."""
    out: list[tuple[int, Face]] = []
    for c, face in dice:
        if face is not None:
            out.append((c, face))
            continue
        counts = rules.faces[c]
        r = rng.randrange(6)
        out.append((c, "miss" if r < counts.miss else "hit" if r < counts.miss + counts.hit else "crit"))
    return out


def _forced(rng: random.Random, dice: list[tuple[int, Face]], policy: Policy) -> list[tuple[int, Face]]:
    """For each miss one hit (or crit) is rolled again, the least useful first; the new faces stand."""
    misses = sum(1 for _, f in dice if f == "miss")
    if not misses:
        return dice

    def worth(die: tuple[int, Face]) -> tuple[int, int]:
        c, face = die
        return (max(t.model.damage(COLORS[c], face) for t in policy.targets), _FACES.index(face))

    hits = sorted((i for i, (_, f) in enumerate(dice) if f != "miss"), key=lambda i: worth(dice[i]))
    out = list(dice)
    for i in hits[:misses]:
        c = dice[i][0]
        counts = policy.rules.faces[c]
        r = rng.randrange(6)
        out[i] = (c, "miss" if r < counts.miss else "hit" if r < counts.miss + counts.hit else "crit")
    return out


def counts_of(dice: Sequence[tuple[int, Face]]) -> Shown:
    """Faces by colour (misses, hits, crits) of dice given as (colour index, face)."""
    out = [[0, 0, 0] for _ in COLORS]
    for c, f in dice:
        out[c][_FACES.index(f)] += 1
    return tuple((f[0], f[1], f[2]) for f in out)


def play_once(
    policy: Policy,
    rng: random.Random,
    dice: Sequence[tuple[Color, Face | None]],
    needs: tuple[int, ...],
    phases: int,
    *,
    rolled: bool = False,
) -> tuple[int, ...]:
    """One simulated engagement: the needs left at its end. ``rolled``: the dice already show their faces (the Apply
    step of a phase; ``phases`` then counts the phases that may follow), else ``phases`` rolls are left and dice with
    a face keep it at the first roll (a rule keeps it)."""
    held: Held = tuple(range(len(policy.conversions)))
    state: list[tuple[int, Face | None]] = [(COLORS.index(c), f) for c, f in dice]
    left = phases + (1 if rolled else 0)
    first = True
    while left > 0 and any(n > 0 for n in needs) and state:
        if first and rolled:
            faces = [(c, f if f is not None else "miss") for c, f in state]
        else:
            faces = _roll(rng, state, policy.rules)
            if policy.rules.forced_rerolls:
                faces = _forced(rng, faces, policy)
        first = False
        left -= 1
        step = decide(policy, needs, counts_of(faces), left, held)
        needs, shown, held = step.needs, step.left, step.held
        state = [
            (c, face if policy.rules.keeps(face) else None)
            for c, (misses, hits, crits) in enumerate(shown)
            for face, count in zip(_FACES, (misses, hits, crits), strict=True)
            for _ in range(count)
        ]
    return needs


def simulate(
    dice: Sequence[tuple[Color, Face | None]],
    targets: Sequence[Target],
    *,
    phases: int,
    rules: RollRules = PLAIN_ROLLS,
    conversions: Sequence[Conversion] = (),
    rolled: bool = False,
    samples: int = SAMPLES,
    seed: int = 20,
    step_cap: int | None = None,
) -> TargetsOdds:
    """P(defeating each target and all of them) under the policy (see the module docstring), seeded.

    ``dice`` are the unapplied dice with the face each shows (None: not rolled); see :func:`play_once` for
    ``rolled`` and ``phases``.
    """
    if not targets:
        raise ValueError("give at least one target")
    if not 0 <= phases <= MAX_PHASES:
        raise ValueError(f"phases must be between 0 and {MAX_PHASES}, not {phases}")
    exact = _exact(dice, targets, phases, rules, conversions, rolled, step_cap)
    if exact is not None:
        return TargetsOdds((exact,), exact, "exact", each_error=(0.0,))
    policy = Policy(tuple(targets), rules, tuple(conversions), step_cap)
    rng = random.Random(seed)
    start = tuple(t.need for t in targets)
    wins = [0] * len(targets)
    all_wins = 0
    for _ in range(samples):
        needs = play_once(policy, rng, dice, start, phases, rolled=rolled)
        for t, n in enumerate(needs):
            wins[t] += n <= 0
        all_wins += all(n <= 0 for n in needs)

    return TargetsOdds.sampled(wins, all_wins, samples, seed)


def _exact(
    dice: Sequence[tuple[Color, Face | None]],
    targets: Sequence[Target],
    phases: int,
    rules: RollRules,
    conversions: Sequence[Conversion],
    rolled: bool,
    step_cap: int | None,
) -> float | None:
    """The best play's chance, exact, where :mod:`twentystrong.odds.forced` holds the question (one target, no
    die showing a face yet, at most one face change of one die, no cap per step, few enough dice), else None."""
    if len(targets) != 1 or rolled or step_cap is not None or len(conversions) > 1:
        return None
    if any(face is not None for _, face in dice):
        return None
    game = game_of(targets[0].model, rules, conversions[0] if conversions else None)
    if game is None:
        return None
    pool = tuple(sum(1 for color, _ in dice if color == c) for c in COLORS)
    return forced_value(game, pool, targets[0].need, phases)
