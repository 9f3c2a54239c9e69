"""Several targets at once, exactly: the best joint play for P(every target defeated), a few targets and a few dice.

The state is (the unapplied dice by colour, each target's damage still needed, the phases left); its value is the
chance that every target falls under the best play, with a tie-break far below any difference of chances that
prefers defeating the targets that hurt most (``weight``) when every play gives the same chance (all cannot fall).
After a roll the player gives each die showing a hit or crit to one target or keeps it; every die kept is rolled
again, except that a kept miss stays dead when "misses are not rolled again" is in force.

As for one target (:mod:`twentystrong.odds.tables`), one array holds every state below a root pool, indexed
``[need of target 1, …, need of target T, yellow, green, blue, purple, red]`` (need 0: defeated), and a phase is
computed colour by colour. There is no best face to apply regardless (a crit may go to any target), so a colour's
choice is a recursion over its dice: with ``c`` crits, ``h`` basic hits and ``z`` misses showing, ``Y_z[c, h] =
max(stop, Y_z[c - 1, h] given to target t, Y_z[c, h - 1] given to target t)`` for every t, where ``stop`` keeps the
rest. Each colour's axis of counts becomes an axis of outcomes ``(n, c, h)`` (35 for four dice) until every
colour's choice is made; then each is summed with its multinomial weights. The last colour's choice and sum go
outcome by outcome. A held one-die face change (Corona's ability) is a second layer, as for one target: in the held
layer the change may relabel one die of a colour it may turn (a miss becomes a crit …) into the used layer.

:func:`feasible` says when this is cheap enough (:data:`BUDGET` array entries); beyond, and for what it does not hold
(kept hits, forced rerolls, two-dice changes, a change on kept faces), :mod:`twentystrong.odds.simulate` answers.

**One pooled need** (:func:`pooled`). When every target takes the same damage from every face and that damage is 1
or 2 (the plain rule: a basic hit 1, a crit 2), and at most one target's need is odd, every target falls exactly
when one target of the summed need would: the chance that all fall is one target's chance, whatever the dice, the
phases, the rules on rolls or a held face change (:mod:`twentystrong.odds.tables`, the 17 dice at once). Why: a die
dealing 2 goes to a target whose need is even and at least 2 (else to the one target left), a die dealing 1 to the
target whose need is odd (else to any): no target ever has an odd need but that one, so no damage is lost before
the last die; and no play deals more than the summed need needs.

Two odd needs lose one damage unless a die dealing 1 comes (needs 1 and 1 take two dice): with a applied dice
dealing 2 and b dealing 1 over the fight, all fall exactly when 2a + b ≥ the summed need if b ≥ 1, else
2a ≥ the summed need + 2 (the first die dealing 1 goes to an odd need, which leaves one; a die dealing 2 goes where
it wastes nothing while it can). That is one target of the summed need + 1 with a held change of one basic hit
into a crit (:data:`FIRST_HIT`, used on the first hit applied), when every colour's hit deals 1 and its crit 2 (or
neither applies). Three odd needs or more stay with the joint tables or the simulation.
"""

from __future__ import annotations

import itertools
import math
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Generic, TypeVar, cast

import numpy as np
import numpy.typing as npt

from twentystrong.odds.dice import COLORS, Color, Face
from twentystrong.odds.model import DamageModel
from twentystrong.odds.plans import Shape
from twentystrong.odds.rules import PLAIN_ROLLS, Conversion, RollRules

__all__ = ["BUDGET", "FIRST_HIT", "Joint", "JointMove", "Pooled", "joint_table", "feasible", "joint_reason", "pooled"]

Num = TypeVar("Num", float, Fraction)
Array = npt.NDArray[Any]

BUDGET = 1_500_000
"""The most array entries one phase of a joint table may hold (a few hundred milliseconds at most)."""
TIE = 1e-7
"""The weight of each defeated target (times its ``weight``) beside the chance that every one falls, in floats."""


@dataclass(frozen=True, slots=True)
class JointSpec:
    """Everything the joint best play depends on besides the dice, the needs and the phases."""

    models: tuple[DamageModel, ...]
    """Per target, what each colour's faces deal to it."""
    weights: tuple[int, ...]
    """Per target, how much its defeat counts in the tie-break (what it deals if it stands)."""
    rules: RollRules = PLAIN_ROLLS
    conversion: Shape | None = None
    """A one-die face change still held this round."""
    step_cap: int | None = None
    """At most this many dice may be applied in one Apply step (every target together), or None."""

    @property
    def layers(self) -> int:
        """Arrays per phase: two with a face change held, times the slots of a capped Apply step."""
        return (2 if self.conversion else 1) * ((self.step_cap or 0) + 1)


def joint_reason(spec: JointSpec) -> str | None:
    """Why the joint tables cannot hold ``spec`` exactly, or None."""
    rules = spec.rules
    if rules.forced_rerolls:
        return "forced rerolls"
    if rules.kept & {"hit", "crit"}:
        return "unapplied hits kept"
    if spec.conversion is not None:
        before, after, _, _ = spec.conversion
        if len(before) != 1:
            return "a face change of two dice"
        if before[0] in rules.kept or after[0] in rules.kept:
            return "a face change on kept faces"
        if after[0] == "miss" or (before[0], after[0]) not in _RELABEL:
            return "a face change the joint tables do not hold"
    return None


_RELABEL: dict[tuple[Face, Face], tuple[int, int, int]] = {
    ("miss", "crit"): (1, 0, -1),
    ("miss", "hit"): (0, 1, -1),
    ("hit", "crit"): (1, -1, 0),
}
"""How a face change moves one die between (crits, hits, misses) shown."""


FIRST_HIT = Conversion("the first basic hit", ("hit",), ("crit",))
"""Two odd needs pooled: the first basic hit applied is worth one more (see the module docstring)."""


@dataclass(frozen=True, slots=True)
class Pooled:
    """One target that stands for several (see the module docstring)."""

    need: int
    """The summed need (plus one with two odd needs)."""
    first_hit: bool = False
    """Two odd needs: the first basic hit applied deals one more (:data:`FIRST_HIT` held)."""

    @property
    def conversion(self) -> Conversion | None:
        return FIRST_HIT if self.first_hit else None


def pooled(models: Sequence[DamageModel], needs: Sequence[int], rules: RollRules = PLAIN_ROLLS) -> Pooled | None:
    """The one target that stands for all of these (see the module docstring), or None when they do not pool:
    several damage models, a face dealing more than 2, three odd needs or more; with two odd needs, a colour whose
    hit and crit do not deal 1 and 2, or unapplied hits kept. Targets already defeated (need 0 or less) are left
    out; ``models[i]`` is what the dice deal to the target of ``needs[i]``."""
    live = [(model, need) for model, need in zip(models, needs, strict=True) if need > 0]
    if not live:
        return None
    model = live[0][0]
    if any(other != model for other, _ in live):
        return None
    if any(model.damage(color, face) > 2 for color in COLORS for face in ("hit", "crit")):
        return None
    total = sum(need for _, need in live)
    odd = sum(need % 2 for _, need in live)
    if odd <= 1:
        return Pooled(total)
    plain_faced = all((model.damage(c, "hit"), model.damage(c, "crit")) in ((1, 2), (0, 0)) for c in COLORS)
    if odd == 2 and plain_faced and not rules.kept & {"hit", "crit"}:
        return Pooled(total + 1, first_hit=True)
    return None


def _at(axis: int, index: int | slice) -> tuple[Any, ...]:
    """The index of slice ``index`` along ``axis``."""
    return (*(slice(None),) * axis, index)


def _with_slots(x: Array, axis: int, cap: int) -> Array:
    """``x`` with an axis of ``cap + 1`` slots inserted at ``axis``, the same values along it."""
    shape = (*x.shape[:axis], cap + 1, *x.shape[axis:])
    return np.ascontiguousarray(np.broadcast_to(np.expand_dims(x, axis), shape))


def _outcomes(n_max: int) -> list[tuple[int, int, int]]:
    """Every (n dice rolled, crits, hits) for n ≤ ``n_max``, in the order of a colour's outcome axis."""
    return [(n, c, h) for n in range(n_max + 1) for c in range(n + 1) for h in range(n - c + 1)]


def entries(needs: Sequence[int], root: Sequence[int]) -> int:
    """Array entries of the largest array of one phase (every colour but the largest expanded)."""
    sizes = sorted(len(_outcomes(n)) for n in root if n)
    counts = [n + 1 for n in root if n]
    if not sizes:
        return math.prod(n + 1 for n in needs)
    largest = max(counts)
    return math.prod(n + 1 for n in needs) * math.prod(sizes[:-1]) * largest


def feasible(needs: Sequence[int], root: Sequence[int], spec: JointSpec) -> bool:
    """Whether the exact joint tables answer for these needs and dice: rules they hold, within :data:`BUDGET` (up to
    three targets on nine dice for most needs; more dice against fewer or weaker targets)."""
    return len(needs) >= 1 and joint_reason(spec) is None and entries(needs, root) * spec.layers <= BUDGET


class Joint(Generic[Num]):
    """``value(pool, needs, k, held)`` for every pool ⊆ ``root``, needs ≤ ``tops`` and k ≤ ``phases``."""

    def __init__(
        self,
        spec: JointSpec,
        root: tuple[int, ...],
        tops: tuple[int, ...],
        phases: int,
        one: Num,
        *,
        fused: int | None = None,
    ) -> None:
        """``fused``: the colour whose choice and sum go outcome by outcome (:meth:`_fuse`), by default the one with
        most dice. A table over a smaller root told the colour a larger root's table fuses computes every value it
        holds with the same operations in the same order, so to the last digit (none is fused when it has no dice
        here: that colour's terms are exact there, ``1.0 ×`` and ``0 +``)."""
        reason = joint_reason(spec)
        if reason is not None:
            raise ValueError(f"the joint tables cannot hold this: {reason}")
        self.spec: JointSpec = spec
        self.root: tuple[int, ...] = root
        self.tops: tuple[int, ...] = tops
        self.phases: int = phases
        self.one: Num = one
        self._exact: bool = isinstance(one, Fraction)
        self._fused = fused
        self.targets: int = len(tops)
        self.damage: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((model.damage(color, "crit"), model.damage(color, "hit")) for color in COLORS)
            for model in spec.models
        )
        layers = 2 if spec.conversion is not None and any(self._turns(c) for c in range(len(COLORS))) else 1
        dtype = object if self._exact else np.float64
        shape: tuple[int, ...] = (*(n + 1 for n in tops), *(n + 1 for n in root))
        self.values: Array = np.empty((layers, phases + 1, *shape), dtype=dtype)
        terminal = np.zeros(tuple(n + 1 for n in tops), dtype=dtype)
        if self._exact:
            terminal[...] = one - one
        tie = 0 if self._exact else TIE
        for needs in itertools.product(*(range(n + 1) for n in tops)):
            done = [n == 0 for n in needs]
            terminal[needs] = (one if all(done) else one - one) + tie * sum(
                w for w, d in zip(spec.weights, done, strict=True) if d
            )
        self.values[:, 0] = terminal.reshape(terminal.shape + (1,) * len(COLORS))
        for k in range(1, phases + 1):
            after = [self.values[layer, k - 1] for layer in range(layers)]
            for layer, array in enumerate(self._level(after)):
                self.values[layer, k] = array

    def _turns(self, color: int) -> bool:
        """Whether the held change may turn a die of ``color``."""
        conversion = self.spec.conversion
        return conversion is not None and (conversion[2] is None or COLORS[color] in conversion[2])

    @property
    def layered(self) -> bool:
        return bool(self.values.shape[0] == 2)

    def covers(self, root: Sequence[int], tops: Sequence[int], phases: int) -> bool:
        return (
            phases <= self.phases
            and all(a <= b for a, b in zip(root, self.root, strict=True))
            and len(tops) == len(self.tops)
            and all(a <= b for a, b in zip(tops, self.tops, strict=True))
        )

    def value(self, pool: Sequence[int], needs: Sequence[int], phases: int, held: bool = True) -> Num:
        """The value (P(all defeated), plus the tie-break in floats) of a state."""
        layer = 1 if held and self.layered else 0
        index: tuple[int, ...] = (layer, phases, *(max(0, n) for n in needs), *pool)
        found = self.values[index]
        return cast(Num, found if self._exact else float(found))

    # --- one phase ----------------------------------------------------------------------------------------------

    @staticmethod
    def _max_shifted(row: Array, source: Array, target: int, damage: int) -> None:
        """``row = max(row, source(needs with the target's need lowered by damage))`` in place (need 0 stays 0)."""
        top = row.shape[target]
        low = _at(target, slice(0, min(damage, top)))
        np.maximum(row[low], source[_at(target, slice(0, 1))], out=row[low])
        if damage < top:
            high = _at(target, slice(damage, None))
            np.maximum(row[high], source[_at(target, slice(0, top - damage))], out=row[high])

    def _give(self, row: Array, source: Array, target: int, damage: int) -> None:
        """``row = max(row, the value once one die more is given to target``: its need lowered by ``damage``, and one
        slot of a capped Apply step spent)."""
        cap = self.spec.step_cap
        if cap is None:
            self._max_shifted(row, source, target, damage)
        elif cap > 0:
            slots = self.targets
            self._max_shifted(row[_at(slots, slice(1, None))], source[_at(slots, slice(0, cap))], target, damage)

    def _level(self, after: list[Array]) -> list[Array]:
        exact = self._exact
        colors = [c for c in range(len(COLORS)) if self.root[c]]
        if not colors:
            return [a.copy() for a in after]
        cap = self.spec.step_cap
        t = self.targets
        xs = list(after)
        if cap is not None:
            # An axis of the slots left in this Apply step, after the needs: the value after the phase does not
            # depend on it (the next step starts with every slot).
            xs = [_with_slots(x, t, cap) for x in xs]
        at = t + (1 if cap is not None else 0)
        # The colour with most outcomes is fused (choice and sum outcome by outcome); the others are expanded.
        fused: int | None = max(colors, key=lambda c: (self.root[c], c)) if self._fused is None else self._fused
        for c in colors:
            if c != fused:
                xs = self._expand(xs, at + c, c)
        if fused in colors:
            xs = self._fuse(xs, at + fused, fused)
        for c in reversed(colors):
            if c != fused:
                xs = [self._sum(x, at + c, c, exact) for x in xs]
        if cap is not None:
            xs = [np.ascontiguousarray(x[_at(t, cap)]) for x in xs]  # the step starts with every slot
        return xs

    def _probabilities(self, color: int, exact: bool) -> dict[tuple[int, int, int], Any]:
        """P(c crits, h hits | n dice of ``color`` rolled) for every outcome."""
        faces = self.spec.rules.faces[color]
        out: dict[tuple[int, int, int], Any] = {}
        for n, c, h in _outcomes(self.root[color]):
            z = n - c - h
            ways = math.comb(n, c) * math.comb(n - c, h)
            p = Fraction(ways * faces.crit**c * faces.hit**h * faces.miss**z, 6**n)
            out[(n, c, h)] = p if exact else float(p)
        return out

    def _rows(
        self, xs: list[Array], axis: int, color: int, z: int, previous0: dict[tuple[int, int], Array] | None
    ) -> list[dict[tuple[int, int], Array]]:
        """For ``z`` misses showing: every layer's value of each (crits, hits) showing after the best choice."""
        n_max = self.root[color]
        kept_misses = "miss" in self.spec.rules.kept
        crit_hit = [self.damage[target][color] for target in range(self.targets)]
        out: list[dict[tuple[int, int], Array]] = []
        for layer, x in enumerate(xs):
            rows: dict[tuple[int, int], Array] = {}
            for total in range(n_max - z + 1):
                for c in range(total + 1):
                    h = total - c
                    m = total + z
                    stop = x[_at(axis, c + h if kept_misses else m)]
                    row = stop.copy()
                    for target, (crit, hit) in enumerate(crit_hit):
                        if c and crit:
                            self._give(row, rows[(c - 1, h)], target, crit)
                        if h and hit:
                            self._give(row, rows[(c, h - 1)], target, hit)
                    if layer == 1 and self._turns(color):
                        assert self.spec.conversion is not None
                        dc, dh, dz = _RELABEL[(self.spec.conversion[0][0], self.spec.conversion[1][0])]
                        if dz < 0 and z >= 1 and previous0 is not None:
                            np.maximum(row, previous0[(c + dc, h + dh)], out=row)
                        elif dz == 0 and h >= 1:
                            np.maximum(row, out[0][(c + dc, h + dh)], out=row)
                    rows[(c, h)] = row
            out.append(rows)
        return out

    def _expand(self, xs: list[Array], axis: int, color: int) -> list[Array]:
        """A colour's axis of counts becomes its axis of outcomes, valued after the best choice."""
        index = {o: i for i, o in enumerate(_outcomes(self.root[color]))}
        shape = list(xs[0].shape)
        shape[axis] = len(index)
        outs = [np.empty(shape, dtype=x.dtype) for x in xs]
        previous0: dict[tuple[int, int], Array] | None = None
        for z in range(self.root[color] + 1):
            layers = self._rows(xs, axis, color, z, previous0)
            for out, rows in zip(outs, layers, strict=True):
                for (c, h), row in rows.items():
                    out[_at(axis, index[(c + h + z, c, h)])] = row
            previous0 = layers[0]
        return outs

    def _fuse(self, xs: list[Array], axis: int, color: int) -> list[Array]:
        """Choice and sum of the last colour, outcome by outcome.

        Its axis goes first while this runs: each count's slice (every row copied and compared below) is then one
        contiguous block of memory, not a strided view (the same values, a third of the time). The target axes keep
        their places in a row (they come before every colour's axis)."""
        exact = self._exact
        probability = self._probabilities(color, exact)
        xs = [np.ascontiguousarray(np.moveaxis(x, axis, 0)) for x in xs]
        outs = [np.zeros_like(x) for x in xs]
        if exact:
            for out in outs:
                out[...] = self.one - self.one
        previous0: dict[tuple[int, int], Array] | None = None
        for z in range(self.root[color] + 1):
            layers = self._rows(xs, 0, color, z, previous0)
            for out, rows in zip(outs, layers, strict=True):
                for (c, h), row in rows.items():
                    n = c + h + z
                    out[n] += probability[(n, c, h)] * row
            previous0 = layers[0]
        return [np.ascontiguousarray(np.moveaxis(out, 0, axis)) for out in outs]

    def _sum(self, x: Array, axis: int, color: int, exact: bool) -> Array:
        """A colour's axis of outcomes back to counts, weighted by the chance of each outcome."""
        probability = self._probabilities(color, exact)
        shape = list(x.shape)
        shape[axis] = self.root[color] + 1
        out = np.zeros(shape, dtype=x.dtype)
        if exact:
            out[...] = self.one - self.one
        for i, (n, c, h) in enumerate(_outcomes(self.root[color])):
            out[_at(axis, n)] += probability[(n, c, h)] * x[_at(axis, i)]
        return out


# --------------------------------------------------------------------------------------------------------------
# The cache, and the best move after a roll


_LOCK = threading.Lock()
_tables: OrderedDict[tuple[JointSpec, bool], Joint[Any]] = OrderedDict()
_CACHE_SIZE = 4


def joint_table(
    spec: JointSpec, root: tuple[int, ...], tops: tuple[int, ...], phases: int, *, exact: bool = False
) -> Joint[Any]:
    """The joint table of ``spec`` covering these dice, needs and phases (cached; grown when asked more)."""
    key = (spec, exact)
    with _LOCK:
        table = _tables.get(key)
        if table is not None and table.covers(root, tops, phases):
            _tables.move_to_end(key)
            return table
        one: Any = Fraction(1) if exact else 1.0
        table = Joint(spec, root, tops, phases, one)
        _tables[key] = table
        while len(_tables) > _CACHE_SIZE:
            _tables.popitem(last=False)
        return table


def clear_joint_cache() -> None:
    """Forget every joint table."""
    with _LOCK:
        _tables.clear()
    best_joint_move.cache_clear()


Shown = tuple[tuple[int, int, int], ...]
"""Per colour: (misses, basic hits, crits) showing."""


@dataclass(frozen=True, slots=True)
class JointMove:
    """The best move after a roll against several targets."""

    give: tuple[tuple[tuple[int, int], ...], ...]
    """Per target, per colour: (basic hits, crits) given to it now."""
    convert: tuple[int, Face, Face] | None
    """The held change used first: (colour index, face it turns, face it makes), or None."""
    value: float
    """The value kept (P(all defeated), with the tie-break)."""


@lru_cache(maxsize=4096)
def best_joint_move(
    needs: tuple[int, ...], shown: Shown, phases_after: int, spec: JointSpec, root: tuple[int, ...], held: bool
) -> JointMove:
    """The best move after a roll: which dice go to which target, and whether to use the held change first.

    ``root`` is the pool the table is built for (at least the dice shown); ``needs`` each target's need now.
    """
    table = joint_table(spec, root, tuple(max(n, 0) for n in needs), max(phases_after, 1))
    targets = len(needs)
    options: list[tuple[int, Face, Face] | None] = [None]
    if held and spec.conversion is not None:
        before, after = spec.conversion[0][0], spec.conversion[1][0]
        for c in range(len(COLORS)):
            if table._turns(c) and shown[c][("miss", "hit", "crit").index(before)]:
                options.append((c, before, after))
    best: tuple[float, int, JointMove] | None = None
    kept_misses = "miss" in spec.rules.kept
    for option in options:
        faces = [list(f) for f in shown]
        if option is not None:
            c, before, after = option
            faces[c][("miss", "hit", "crit").index(before)] -= 1
            faces[c][("miss", "hit", "crit").index(after)] += 1
        # Colour by colour, every way to share its crits and hits among the targets (or keep them), within the
        # Apply step's cap.
        Key = tuple[tuple[int, ...], tuple[int, ...], int]
        states: dict[Key, tuple[tuple[tuple[int, int], ...], ...]] = {
            (tuple(max(n, 0) for n in needs), (), 0): tuple(() for _ in range(targets))
        }
        cap = spec.step_cap
        for c, (misses, hits, crits) in enumerate(faces):
            new: dict[Key, tuple[tuple[tuple[int, int], ...], ...]] = {}
            crit_splits = list(_splits(crits, targets))
            hit_splits = list(_splits(hits, targets))
            for (state_needs, pool, used), gives in states.items():
                for cs in crit_splits:
                    for hs in hit_splits:
                        given = sum(cs) + sum(hs)
                        if cap is not None and used + given > cap:
                            continue
                        new_needs = tuple(
                            max(0, n - cs[t] * table.damage[t][c][0] - hs[t] * table.damage[t][c][1])
                            if cs[t] * table.damage[t][c][0] + hs[t] * table.damage[t][c][1] or not (cs[t] or hs[t])
                            else -1
                            for t, n in enumerate(state_needs)
                        )
                        if -1 in new_needs:
                            continue  # a die given where it deals nothing: never better than keeping it
                        kept = crits + hits + (0 if kept_misses else misses) - given
                        key = (new_needs, (*pool, kept), used + given)
                        if key not in new:
                            new[key] = tuple((*g, (hs[t], cs[t])) for t, g in enumerate(gives))
            states = new
        for (final_needs, pool, _), gives in states.items():
            if phases_after == 0:
                value = table.value((0,) * len(COLORS), final_needs, 0, held=False)
            else:
                value = table.value(pool, final_needs, phases_after, held=held and option is None)
            dealt = sum(h + c for g in gives for h, c in g)
            move = JointMove(gives, option, value)
            score = (value, -dealt - (option is not None))
            if best is None or score[0] > best[0] + 1e-12 or (abs(score[0] - best[0]) <= 1e-12 and score[1] > best[1]):
                best = (score[0], score[1], move)
    assert best is not None
    return best[2]


def _splits(count: int, targets: int) -> list[tuple[int, ...]]:
    """Every way to give up to ``count`` dice to ``targets`` targets (the rest kept)."""
    out = []
    for given in itertools.product(range(count + 1), repeat=targets):
        if sum(given) <= count:
            out.append(given)
    return out


def dice_root(pool: Sequence[int]) -> tuple[int, ...]:
    return tuple(pool)


def colors_of(shown: Shown) -> list[Color]:
    return [c for c, f in zip(COLORS, shown, strict=True) if sum(f)]
