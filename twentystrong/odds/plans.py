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

from twentystrong.odds.dice import COLORS, Color, Face
from twentystrong.odds.model import DamageModel
from twentystrong.odds.rules import PLAIN_ROLLS, RollRules

FACE_ORDER: tuple[Face, ...] = ("miss", "hit", "crit")

__all__ = ["ColorPlan", "chains", "color_plan", "fills", "lower_weights", "model_chains", "plans_of", "roll_terms"]


@dataclass(frozen=True, slots=True)
class ColorPlan:
    """One colour's faces sorted by what they are worth against the target, under the roll rules in force."""

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
    lower_kept: bool = False
    """An unapplied die showing the lower face keeps it ("unapplied hits are kept"): it is as good as applied."""
    n_dead: int = 0
    """Faces that deal nothing and are kept ("misses are not rolled again"): a die showing one is done."""
    faces: tuple[tuple[Face, int, int, bool], ...] = ()
    """Every face the die shows: (face, how many of the six, damage, kept when the phase repeats)."""

    @property
    def n_zero(self) -> int:
        """How many faces deal nothing and are rolled again (misses, faces that cannot be applied, faces worth 0)."""
        return 6 - self.n_best - self.n_lower - self.n_dead

    @property
    def sure(self) -> bool:
        """True when no face deals 0: a kept die is sure to deal at least :attr:`lower` next roll."""
        return self.n_zero == 0 and self.n_dead == 0

    @property
    def decides(self) -> bool:
        """Whether a die showing the lower face is a choice (apply it or roll it again) while a phase remains:
        there is a lower face, it is rolled again if not applied, and a die kept might deal nothing next roll (see
        the note on sure colours)."""
        return self.lower > 0 and not self.lower_kept and not self.sure

    def value(self, face: Face) -> int:
        """Damage of ``face``."""
        return self.best if face in self.best_faces else self.lower if face in self.lower_faces else 0

    def kept(self, face: Face) -> bool:
        """Whether an unapplied die showing ``face`` keeps it."""
        return any(f == face and k for f, _, _, k in self.faces)

    def count(self, face: Face) -> int:
        """How many of the six faces are ``face``."""
        return sum(n for f, n, _, _ in self.faces if f == face)

    def category(self, face: Face) -> str:
        """What a die showing ``face`` is while a phase remains: ``best`` (applied, fact 1), ``bank`` (a kept
        lower face: as good as applied), ``lower`` (a choice, or kept rolling on a sure colour), ``dead`` (a kept
        face that deals nothing) or ``zero`` (deals nothing, rolled again)."""
        value = self.value(face)
        if value and value == self.best:
            return "best"
        kept = self.kept(face)
        if value:
            return "bank" if kept else "lower"
        return "dead" if kept else "zero"

    def at_least(self, damage: int) -> Fraction:
        """P(one roll deals ≥ ``damage``)."""
        faces = (self.n_best if self.best >= damage else 0) + (self.n_lower if self.lower >= damage else 0)
        return Fraction(6 if damage <= 0 else faces, 6)


@lru_cache(maxsize=512)
def color_plan(color: Color, model: DamageModel, rules: RollRules = PLAIN_ROLLS) -> ColorPlan:
    """How ``color``'s faces rank against a target with damage model ``model``, dice rolling by ``rules``."""
    counts, dmg = rules.faces_of(color), model.of(color)
    number = {"miss": counts.miss, "hit": counts.hit, "crit": counts.crit}
    values: dict[Face, tuple[int, int]] = {
        "hit": (dmg.damage("hit"), counts.hit),
        "crit": (dmg.damage("crit"), counts.crit),
    }
    faces = tuple(
        (face, number[face], values[face][0] if face != "miss" else 0, face in rules.kept)
        for face in FACE_ORDER
        if number[face]
    )
    best = max((v for v, n in values.values() if n), default=0)
    if best == 0:
        return ColorPlan(0, frozenset(), 0, frozenset(), 0, 0, faces=faces)
    best_faces = frozenset(f for f, (v, n) in values.items() if v == best and n)
    lower_faces = frozenset(f for f, (v, n) in values.items() if 0 < v < best and n)
    lower = values[next(iter(lower_faces))][0] if lower_faces else 0
    return ColorPlan(
        best=best,
        best_faces=best_faces,
        lower=lower,
        lower_faces=lower_faces,
        n_best=sum(values[f][1] for f in best_faces),
        n_lower=sum(values[f][1] for f in lower_faces),
        lower_kept=bool(lower_faces & rules.kept),
        n_dead=sum(n for f, n, v, k in faces if k and not v),
        faces=faces,
    )


@lru_cache(maxsize=256)
def plans_of(model: DamageModel, rules: RollRules = PLAIN_ROLLS) -> tuple[ColorPlan, ...]:
    """:func:`color_plan` of every colour, in :data:`COLORS` order."""
    return tuple(color_plan(c, model, rules) for c in COLORS)


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


Term = tuple[int, int, bool, Fraction]
"""One outcome of a roll of some dice of one colour: (dice removed, damage dealt, a source face shown, probability)."""


@lru_cache(maxsize=1024)
def roll_terms(plan: ColorPlan, n: int, *, all_faces: bool, source: Face | None = None) -> tuple[tuple[Term, ...], ...]:
    """Per count m ≤ ``n``: each outcome of rolling m dice of the colour as (dice removed, damage, whether a die
    shows ``source``, probability), outcomes alike in all four merged.

    Removed: the best faces (applied, fact 1), kept lower faces (as good as applied) and kept faces worth nothing (the
    die is done); with ``all_faces`` (the last phase) every face that deals damage, applied. The other dice stay: a
    lower face that is a choice (:attr:`ColorPlan.decides`, see :func:`lower_weights`) or kept rolling (a sure
    colour), and faces worth nothing that are rolled again.
    """
    parts: list[tuple[int, bool, int, bool]] = []  # per face: how many of the six, removed, damage, is the source
    for face, count, value, _ in plan.faces:
        category = plan.category(face)
        goes = value > 0 if all_faces else category in ("best", "bank", "dead")
        parts.append((count, goes, value if goes else 0, face == source))
    out = []
    for m in range(n + 1):
        # Ways out of 6^m, in integers (the fractions made once per merged outcome: a cold table's many terms).
        terms: dict[tuple[int, int, bool], int] = {}
        for split in _compositions(m, len(parts)):
            ways = _multinomial(split)
            removed = damage = 0
            shown = False
            for k, (count, gone, worth, is_source) in zip(split, parts, strict=True):
                ways *= count**k
                if gone:
                    removed += k
                    damage += k * worth
                shown = shown or (is_source and k > 0)
            if ways:
                key = (removed, damage, shown)
                terms[key] = terms.get(key, 0) + ways
        out.append(tuple((r, d, s, Fraction(w, 6**m)) for (r, d, s), w in sorted(terms.items())))
    return tuple(out)


def _compositions(m: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to split m dice over ``parts`` faces."""
    if parts == 1:
        yield (m,)
        return
    for first in range(m + 1):
        for rest in _compositions(m - first, parts - 1):
            yield (first, *rest)


def _multinomial(split: Sequence[int]) -> int:
    out, total = 1, 0
    for k in split:
        total += k
        out *= comb(total, k)
    return out


@lru_cache(maxsize=256)
def lower_weights(plan: ColorPlan, n: int) -> tuple[tuple[Fraction, ...], ...]:
    """Per p ≤ ``n``: P(l of p staying dice show the lower face), l = 0 … p (a decision colour's staying dice show
    its lower face or a face worth nothing that is rolled again)."""
    return share_weights(plan.n_lower, plan.n_lower + plan.n_zero, n)


@lru_cache(maxsize=256)
def share_weights(part: int, whole: int, n: int) -> tuple[tuple[Fraction, ...], ...]:
    """Per p ≤ ``n``: P(l of p dice show one of ``part`` faces, given each shows one of ``whole`` faces), l = 0 … p."""
    q = Fraction(part, whole) if whole else Fraction(0)
    return tuple(tuple(comb(p, low) * q**low * (1 - q) ** (p - low) for low in range(p + 1)) for p in range(n + 1))


# --------------------------------------------------------------------------------------------------------------
# A face change held once per round (a hero's ability, an item), as the tables see it

Shape = tuple[tuple[Face, ...], tuple[Face, ...], frozenset[Color] | None, bool | None]
"""A conversion without its name: (faces before, faces after, colours, same colour) (see ``rules.Conversion``)."""


@dataclass(frozen=True, slots=True)
class Spec:
    """Everything best play against one target depends on besides the dice, the need and the phases."""

    model: DamageModel
    """What each colour's faces deal to the target."""
    rules: RollRules = PLAIN_ROLLS
    """How the dice roll and which faces stay."""
    conversion: Shape | None = None
    """The one-die face change the player may still make this round, if any."""


@dataclass(frozen=True, slots=True)
class Convert:
    """What the held one-die conversion can do for a die of one colour (see :func:`convert_plans`)."""

    kind: str
    """Where the face it turns sits while a phase remains: ``lower`` (a decision colour's lower face), ``zero``
    (a decision colour's face worth nothing, rolled again), ``count`` (every staying die of a colour that has no
    choice shows it), ``mixed`` (some of those do: counting them needs an axis), ``frozen`` (a kept face: the
    conversion is worth its gain the moment one shows) or ``unheld`` (not in the tables' terms)."""
    target: str
    """The category of the face it makes: ``best`` or ``bank`` (applied at once) or ``lower`` (a choice)."""
    value: int
    """Damage of the face it makes."""
    gain: int
    """Damage the converted die deals more than it did."""
    face: Face = "miss"
    """The face it turns."""
    share: tuple[int, int] = (0, 0)
    """``mixed``: (faces it turns, faces that stay) of one die."""


@lru_cache(maxsize=256)
def convert_plans(spec: Spec) -> tuple[Convert | None, ...]:
    """Per colour, what the held one-die conversion does (None where it cannot help, kind ``unheld`` where the
    tables cannot hold it exactly: a face it makes worth a third amount, a kept face turned into one rolled again)."""
    if spec.conversion is None:
        return tuple(None for _ in COLORS)
    before, after, colors, _ = spec.conversion
    if len(before) != 1:
        return tuple(Convert("unheld", "", 0, 0) for _ in COLORS)
    source, made = before[0], after[0]
    return tuple(
        None if colors is not None and color not in colors else _convert(plan, spec, color, source, made)
        for color, plan in zip(COLORS, plans_of(spec.model, spec.rules), strict=True)
    )


def _convert(plan: ColorPlan, spec: Spec, color: Color, source: Face, made: Face) -> Convert | None:
    unheld = Convert("unheld", "", 0, 0, source)
    if not plan.count(source):
        return None
    was, value = plan.value(source), spec.model.damage(color, made)
    if not plan.best:
        return unheld if value > 0 else None  # it would make a colour that deals nothing as rolled deal damage
    where = plan.category(source)
    if where in ("bank", "dead") and made not in spec.rules.kept and value != plan.best:
        # A kept face turned into one that is rolled again: the die goes back to the pool (worth doing even when the
        # new face deals nothing).
        return unheld
    if value <= was:
        return None
    if value == plan.best:
        target = "best"
    elif value == plan.lower:
        target = "bank" if made in spec.rules.kept else "lower"
    else:
        return unheld  # a third damage value
    staying = [f for f, n, _, _ in plan.faces if n and plan.category(f) in ("lower", "zero")]
    if where in ("bank", "dead"):
        return Convert("frozen", target, value, value - was, source)
    if plan.decides:
        if target != "best" and not (where == "zero" and target in ("bank", "lower")):
            return unheld
        if where == "zero" and [f for f in staying if plan.category(f) == "zero"] != [source]:
            return unheld  # not every staying face worth nothing is one it turns (never on a decision colour)
        return Convert(where, target, value, value - was, source)
    if target == "lower":
        return unheld
    if staying == [source]:
        return Convert("count", target, value, value - was, source)
    faces = sum(plan.count(f) for f in staying)
    return Convert("mixed", target, value, value - was, source, (plan.count(source), faces))


def exact_reason(spec: Spec, root: Sequence[int]) -> str | None:
    """Why the tables cannot hold ``spec`` for dice up to ``root`` exactly, or None when they can."""
    if spec.rules.forced_rerolls:
        return "forced rerolls"
    converts = [cv for cv, n in zip(convert_plans(spec), root, strict=True) if n and cv is not None]
    if any(cv.kind == "unheld" for cv in converts):
        return "a face change the tables do not hold"
    gains = {cv.gain for cv in converts if cv.kind == "frozen"}
    if len(gains) > 1:
        return "a face change worth different amounts on kept faces"
    return None
