"""The damage model: what each colour's faces are worth against one target.

The odds never encode a card rule themselves (rules.md R10). The engine builds a :class:`DamageModel` from its own
damage and apply hooks for a given target and hands it to the odds; until then the default is the plain rule
(basic hit 1, crit 2, every die may be applied).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from twentystrong.odds.dice import COLORS, FACES, Color, Face


@dataclass(frozen=True, slots=True)
class ColorDamage:
    """What one colour's dice do to the target."""

    hit: int = 1
    """Damage of a basic hit (R5: under the modifiers in force now)."""
    crit: int = 2
    """Damage of a crit."""
    hit_applies: bool = True
    """Whether a die of this colour showing a basic hit may be applied to the target."""
    crit_applies: bool = True
    """Whether a die of this colour showing a crit may be applied to the target."""

    def __post_init__(self) -> None:
        for name in ("hit", "crit"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{name} damage must be a non-negative integer, not {value!r}")

    def damage(self, face: Face) -> int:
        """Damage this face deals if applied; 0 for a miss or a face that cannot be applied."""
        if face == "hit":
            return self.hit if self.hit_applies else 0
        if face == "crit":
            return self.crit if self.crit_applies else 0
        return 0

    def can_apply(self, face: Face) -> bool:
        """Whether a die showing ``face`` may be applied (misses never can)."""
        return (face == "hit" and self.hit_applies) or (face == "crit" and self.crit_applies)


_PLAIN = ColorDamage()


@dataclass(frozen=True, slots=True)
class DamageModel:
    """Per colour, the damage of a basic hit and of a crit against one target and whether it may be applied.

    Frozen and hashable, so results are cached per model. Build variations with :meth:`with_color` or the
    helpers below; the engine will build one from its hooks.
    """

    yellow: ColorDamage = _PLAIN
    green: ColorDamage = _PLAIN
    blue: ColorDamage = _PLAIN
    purple: ColorDamage = _PLAIN
    red: ColorDamage = _PLAIN
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Models key every cache of the odds: hash once, not on every lookup.
        object.__setattr__(self, "_hash", hash((self.yellow, self.green, self.blue, self.purple, self.red)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def from_mapping(cls, colors: Mapping[Color, ColorDamage]) -> DamageModel:
        """A model from ``{colour: ColorDamage}``; colours left out follow the plain rule."""
        return cls(**{color: colors.get(color, _PLAIN) for color in COLORS})

    def of(self, color: Color) -> ColorDamage:
        """The damage of ``color``'s faces."""
        result: ColorDamage = getattr(self, color)
        return result

    def damage(self, color: Color, face: Face) -> int:
        """Damage of one die of ``color`` showing ``face``, 0 when it cannot be applied."""
        return self.of(color).damage(face)

    def with_color(
        self,
        color: Color,
        *,
        hit: int | None = None,
        crit: int | None = None,
        hit_applies: bool | None = None,
        crit_applies: bool | None = None,
    ) -> DamageModel:
        """A copy with some of ``color``'s values replaced."""
        old = self.of(color)
        new = ColorDamage(
            hit=old.hit if hit is None else hit,
            crit=old.crit if crit is None else crit,
            hit_applies=old.hit_applies if hit_applies is None else hit_applies,
            crit_applies=old.crit_applies if crit_applies is None else crit_applies,
        )
        return DamageModel(*(new if c == color else self.of(c) for c in COLORS))

    def with_bonus(self, colors: Iterable[Color], bonus: int = 1) -> DamageModel:
        """Basic hits and crits of ``colors`` deal ``bonus`` more (e.g. a "+1 damage from green" card)."""
        model = self
        for color in colors:
            old = model.of(color)
            model = model.with_color(color, hit=max(0, old.hit + bonus), crit=max(0, old.crit + bonus))
        return model

    def with_crits_dealing(self, damage: int, colors: Iterable[Color] = COLORS) -> DamageModel:
        """Crits of ``colors`` deal ``damage`` (e.g. 0 for "crits deal no damage")."""
        model = self
        for color in colors:
            model = model.with_color(color, crit=damage)
        return model

    def without_applying(self, colors: Iterable[Color], *, hits: bool = True, crits: bool = True) -> DamageModel:
        """``colors`` cannot be applied (their hits, their crits, or both)."""
        model = self
        for color in colors:
            model = model.with_color(
                color,
                hit_applies=False if hits else None,
                crit_applies=False if crits else None,
            )
        return model

    def is_plain(self) -> bool:
        """True for the plain rule (hit 1, crit 2, every colour applicable)."""
        return self == PLAIN

    def expected_damage(self, color: Color) -> Fraction:
        """The expected damage one die of ``color`` deals in one roll if every hit and crit is applied."""
        faces, dmg = FACES[color], self.of(color)
        return Fraction(faces.hit * dmg.damage("hit") + faces.crit * dmg.damage("crit"), 6)


PLAIN = DamageModel()
"""The plain rule: basic hit 1, crit 2, every die may be applied."""


def applied_damage(faces: Iterable[tuple[Color, Face]], model: DamageModel = PLAIN) -> int:
    """Damage of dice already on the target, under the modifiers in force now (R5)."""
    return sum(model.damage(color, face) for color, face in faces)
