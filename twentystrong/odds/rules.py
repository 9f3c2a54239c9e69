"""What the odds know beyond one target's damage model: how dice roll under the effects in force, and the face
changes the player holds.

- :class:`RollRules`: the faces each colour's die counts as when rolled (inverted results turn hits into misses and
  misses into hits), the faces an unapplied die keeps when a Strategy phase repeats ("misses are not rolled again",
  "unapplied hits are kept"), and whether a rule forces rerolls after a roll (for each miss, one hit rolled again).
- :class:`Conversion`: a face change the player may make once this round (a hero's ability or an item): one die
  showing one face turns into another (Corona: a yellow, green or blue miss becomes a crit), or two dice at once (a
  miss and a hit of different colours swap; two misses of one colour become hits).
- :class:`Boost`: a single-use item whose use changes what dice deal this round ("yellow and green deal +1 this
  round"); R5 makes it count for dice already applied, so it may be used at the moment it decides the fight.

The engine builds them from its own hooks (:mod:`twentystrong.odds.engine_model`); the odds never read card text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from twentystrong.odds.dice import COLORS, FACES, Color, Face, FaceCounts
from twentystrong.odds.model import DamageModel

__all__ = ["PLAIN_ROLLS", "Boost", "Conversion", "Resources", "RollRules", "NO_RESOURCES"]


def _plain_faces() -> tuple[FaceCounts, ...]:
    return tuple(FACES[c] for c in COLORS)


@dataclass(frozen=True, slots=True)
class RollRules:
    """How the dice roll under the effects in force (the same for every target)."""

    faces: tuple[FaceCounts, ...] = field(default_factory=_plain_faces)
    """Per colour (in :data:`COLORS` order), how many of the six faces count as a miss, a basic hit and a crit."""
    kept: frozenset[Face] = frozenset()
    """Faces an unapplied die keeps when a Strategy phase repeats (it is not rolled again)."""
    forced_rerolls: bool = False
    """After each roll, for each miss one rolled hit must be rolled again (not held by the exact tables)."""

    def __post_init__(self) -> None:
        if len(self.faces) != len(COLORS) or any(f.miss + f.hit + f.crit != 6 for f in self.faces):
            raise ValueError("every colour needs six faces")

    @classmethod
    def of(
        cls,
        *,
        inverted: Iterable[Color] = (),
        kept: Iterable[Face] = (),
        forced_rerolls: bool = False,
    ) -> RollRules:
        """Rules from their parts: colours whose basic hits and misses swap when rolled, the faces kept."""
        swap = set(inverted)
        faces = tuple(FaceCounts(FACES[c].hit, FACES[c].miss, FACES[c].crit) if c in swap else FACES[c] for c in COLORS)
        return cls(faces, frozenset(kept), forced_rerolls)

    def faces_of(self, color: Color) -> FaceCounts:
        """The faces ``color``'s die counts as when rolled."""
        return self.faces[COLORS.index(color)]

    def keeps(self, face: Face | None) -> bool:
        """Whether an unapplied die showing ``face`` keeps it when the phase repeats."""
        return face is not None and face in self.kept

    def is_plain(self) -> bool:
        """Every die rolls its printed faces and every unapplied die is rolled again."""
        return self == PLAIN_ROLLS

    def words(self) -> list[str]:
        """Plain words for what differs from the printed dice."""
        from twentystrong.i18n import _, term

        out = []
        inverted = [c for c, f in zip(COLORS, self.faces, strict=True) if f != FACES[c]]
        if inverted:
            out.append(_("{colors} roll inverted").format(colors=", ".join(term(c) for c in inverted)))
        if "miss" in self.kept:
            out.append(_("misses are not rolled again"))
        if self.kept & {"hit", "crit"}:
            out.append(_("unapplied hits are kept"))
        if self.forced_rerolls:
            out.append(_("a hit is rolled again for each miss"))
        return out


PLAIN_ROLLS = RollRules()
"""The printed dice, every unapplied die rolled again."""


@dataclass(frozen=True, slots=True)
class Conversion:
    """A face change the player may make once this round: ``before[i]`` becomes ``after[i]`` on one rolled die each.

    One die (``convert_face``), or two (a miss and a hit of different colours swap: ``("miss", "hit")`` →
    ``("hit", "miss")``, ``same_color=False``; two misses of one colour become hits: ``same_color=True``).
    """

    name: str
    """Whose it is, as the advice says it: ``Corona's ability``, ``Dust Wraith``."""
    before: tuple[Face, ...]
    """The faces of the dice it changes."""
    after: tuple[Face, ...]
    """What they show afterwards."""
    colors: frozenset[Color] | None = None
    """The colours of dice it may change (None: any)."""
    same_color: bool | None = None
    """Two dice: whether they must share a colour (True) or differ (False)."""
    key: str = ""
    """The engine's name of the effect (``source#index``): the command that uses it."""

    def __post_init__(self) -> None:
        if not 1 <= len(self.before) <= 2 or len(self.before) != len(self.after):
            raise ValueError("a conversion changes one or two dice")

    @property
    def single(self) -> bool:
        """It changes one die."""
        return len(self.before) == 1

    def allows(self, color: Color) -> bool:
        """Whether it may change a die of ``color``."""
        return self.colors is None or color in self.colors

    @property
    def shape(self) -> tuple[tuple[Face, ...], tuple[Face, ...], frozenset[Color] | None, bool | None]:
        """What it does, without its name (equal shapes give equal odds)."""
        return (self.before, self.after, self.colors, self.same_color)

    def words(self) -> str:
        """``a yellow, green or blue miss → crit``."""
        which = "" if self.colors is None else " " + "/".join(c for c in COLORS if c in self.colors)
        if self.single:
            return f"a{which} {self.before[0]} → {self.after[0]}"
        if self.same_color:
            return f"two{which} {self.before[0]}es of one colour → {self.after[0]}s"
        return f"a {self.before[0]} and a {self.before[1]} of other colours swap"


@dataclass(frozen=True, slots=True)
class Boost:
    """A single-use item that changes what dice deal this round, once used."""

    name: str
    """The item's name."""
    item: str
    """Its card id (the command that uses it)."""
    models: tuple[DamageModel, ...]
    """Per target (as the question lists them), the damage model once it is used."""
    gains: tuple[int, ...] = ()
    """Per target, the damage its use adds at once: the dice already applied counted under the new model (R5), or
    the whole damage still needed when the use itself defeats it. Empty: nothing at once."""
    reaches: bool = False
    """Its bonus reaches dice applied before its use (R5; the engine shows it on a probe die when none is applied
    yet), so used later it deals to every die applied this round what used now it would."""

    def gain(self, t: int) -> int:
        return self.gains[t] if self.gains else 0


@dataclass(frozen=True, slots=True)
class Resources:
    """What the player holds that changes faces or damage this round."""

    conversions: tuple[Conversion, ...] = ()
    """Face changes still available this round."""
    boosts: tuple[Boost, ...] = ()
    """Single-use damage boosts held."""

    def __bool__(self) -> bool:
        return bool(self.conversions or self.boosts)

    def names(self) -> list[str]:
        """Everything counted, by name."""
        return [c.name for c in self.conversions] + [b.name for b in self.boosts]


NO_RESOURCES = Resources()


def counts_of(faces: Mapping[Face, int]) -> FaceCounts:
    """A :class:`FaceCounts` from ``{face: count}``."""
    return FaceCounts(faces.get("miss", 0), faces.get("hit", 0), faces.get("crit", 0))
