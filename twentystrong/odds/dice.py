"""The 17 unit dice as the odds see them: faces counted per colour, and dice as a multiset by colour.

The faces, counts and ids come from the engine (:mod:`twentystrong.engine.dice`); this module only recounts them
in the shape the odds need (rules.md "Components").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from twentystrong.content.effects import COLORS, Color, Face
from twentystrong.engine import dice as _engine

__all__ = [
    "COLORS",
    "COLOR_OF_LETTER",
    "DICE_PER_COLOR",
    "DIE_IDS",
    "FACES",
    "LETTERS",
    "Color",
    "DiceCounts",
    "DiceError",
    "Face",
    "FaceCounts",
    "color_of",
    "die_order",
]

DIE_IDS: tuple[str, ...] = _engine.DIE_IDS
"""Every die id, ``Y1`` … ``R1``, weakest colour first."""


@dataclass(frozen=True, slots=True)
class FaceCounts:
    """How many of a d6's six faces are misses, basic hits and crits."""

    miss: int
    hit: int
    crit: int


FACES: Mapping[Color, FaceCounts] = {
    color: FaceCounts(*(faces.count(face) for face in ("miss", "hit", "crit")))
    for color, faces in _engine.FACES.items()
}
"""Faces of each colour's d6, counted (yellow 4/1/1 … red 0/5/1)."""

DICE_PER_COLOR: Mapping[Color, int] = _engine.COUNT
"""How many dice of each colour the game has."""

LETTERS: Mapping[Color, str] = _engine.LETTER
"""The letter that starts each die id and stands for the colour on screen."""
COLOR_OF_LETTER: Mapping[str, Color] = _engine.COLOR_OF_LETTER


class DiceError(ValueError):
    """A die id, colour or dice specification that does not describe real dice."""


def color_of(die_id: str) -> Color:
    """The colour of a die id such as ``B3``; raises :class:`DiceError` for an unknown id."""
    if die_id not in _DIE_ID_SET:
        raise DiceError(f"unknown die id {die_id!r} (ids are {DIE_IDS[0]}…{DIE_IDS[-1]}, e.g. B3)")
    return COLOR_OF_LETTER[die_id[0]]


_DIE_ID_SET = frozenset(DIE_IDS)


def die_order(die_id: str) -> tuple[int, int]:
    """Sort key of die ids: weakest colour first, then by number (``Y1`` < ``Y2`` < ``G1`` …)."""
    return COLORS.index(color_of(die_id)), int(die_id[1:])


@dataclass(frozen=True, slots=True, order=True)
class DiceCounts:
    """A multiset of unit dice: how many of each colour. Dice of one colour are interchangeable for the odds."""

    yellow: int = 0
    green: int = 0
    blue: int = 0
    purple: int = 0
    red: int = 0

    def __post_init__(self) -> None:
        for color in COLORS:
            count = getattr(self, color)
            if not isinstance(count, int) or isinstance(count, bool):
                raise DiceError(f"the number of {color} dice must be an integer, not {count!r}")
            if count < 0:
                raise DiceError(f"the number of {color} dice cannot be negative ({count})")
            if count > DICE_PER_COLOR[color]:
                from twentystrong.i18n import ngettext, term

                have = DICE_PER_COLOR[color]
                words = ngettext(
                    "there is only {have} {color} die, not {count}",
                    "there are only {have} {color} dice, not {count}",
                    have,
                )
                raise DiceError(words.format(have=have, color=term(color), count=count))

    @classmethod
    def all(cls) -> DiceCounts:
        """All 17 unit dice."""
        return cls.from_mapping(DICE_PER_COLOR)

    @classmethod
    def from_mapping(cls, counts: Mapping[Color, int]) -> DiceCounts:
        """From ``{"blue": 2, …}``; colours left out count 0."""
        unknown = set(counts) - set(COLORS)
        if unknown:
            raise DiceError(f"unknown colour(s) {', '.join(sorted(map(str, unknown)))}")
        return cls(*(counts.get(color, 0) for color in COLORS))

    @classmethod
    def from_tuple(cls, counts: tuple[int, ...]) -> DiceCounts:
        """From five counts in :data:`COLORS` order."""
        if len(counts) != len(COLORS):
            raise DiceError(f"expected {len(COLORS)} counts, got {len(counts)}")
        return cls(*counts)

    @classmethod
    def from_ids(cls, die_ids: Iterable[str]) -> DiceCounts:
        """From die ids such as ``["Y1", "B3"]``; an id given twice is an error."""
        seen: set[str] = set()
        counts: dict[Color, int] = dict.fromkeys(COLORS, 0)
        for die_id in die_ids:
            color = color_of(die_id)
            if die_id in seen:
                raise DiceError(f"die {die_id} is listed twice")
            seen.add(die_id)
            counts[color] += 1
        return cls.from_mapping(counts)

    @classmethod
    def parse(cls, spec: str) -> DiceCounts:
        """From a specification such as ``"Y2,G1,B"`` (colour letter and count; a bare letter means one).

        A letter may appear more than once (``"B,B"`` is two blue dice). Letters are case-insensitive. An empty
        specification is no dice.
        """
        counts: dict[Color, int] = dict.fromkeys(COLORS, 0)
        for raw in spec.split(","):
            item = raw.strip()
            if not item:
                continue
            letter, number = item[0].upper(), item[1:].strip()
            if letter not in COLOR_OF_LETTER:
                raise DiceError(
                    f"unknown colour letter {item[0]!r} in {item!r} "
                    f"(use {', '.join(f'{LETTERS[c]}={c}' for c in COLORS)})"
                )
            if number and not number.isdigit():
                raise DiceError(f"{item!r} is not a colour letter followed by a count (e.g. B2)")
            counts[COLOR_OF_LETTER[letter]] += int(number) if number else 1
        return cls.from_mapping(counts)

    def count(self, color: Color) -> int:
        """How many dice of ``color``."""
        return int(getattr(self, color))

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        """The five counts in :data:`COLORS` order."""
        return (self.yellow, self.green, self.blue, self.purple, self.red)

    @property
    def total(self) -> int:
        """How many dice in all."""
        return sum(self.as_tuple())

    def items(self) -> Iterator[tuple[Color, int]]:
        """``(colour, count)`` for every colour, weakest first (zero counts included)."""
        return zip(COLORS, self.as_tuple(), strict=True)

    def die_ids(self) -> tuple[str, ...]:
        """Canonical die ids for these counts: the lowest-numbered dice of each colour."""
        return tuple(f"{LETTERS[c]}{i}" for c, n in self.items() for i in range(1, n + 1))

    def __str__(self) -> str:
        return ",".join(f"{LETTERS[c]}{n}" for c, n in self.items() if n) or "none"
