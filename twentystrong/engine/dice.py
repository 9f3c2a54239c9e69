"""The 17 unit dice: colours, faces, ids and strength (rules.md "Components")."""

from __future__ import annotations

from typing import Final

from twentystrong.content.effects import COLORS, Color, Face

LETTER: Final[dict[Color, str]] = {"yellow": "Y", "green": "G", "blue": "B", "purple": "P", "red": "R"}
COLOR_OF_LETTER: Final[dict[str, Color]] = {v: k for k, v in LETTER.items()}
COUNT: Final[dict[Color, int]] = {"yellow": 4, "green": 4, "blue": 4, "purple": 4, "red": 1}
MISSES: Final[dict[Color, int]] = {"yellow": 4, "green": 3, "blue": 2, "purple": 1, "red": 0}


# Six faces per colour: misses first, then basic hits, then the one crit.
def _faces(color: Color) -> tuple[Face, ...]:
    miss: tuple[Face, ...] = ("miss",)
    hit: tuple[Face, ...] = ("hit",)
    crit: tuple[Face, ...] = ("crit",)
    return miss * MISSES[color] + hit * (5 - MISSES[color]) + crit


FACES: Final[dict[Color, tuple[Face, ...]]] = {c: _faces(c) for c in COLORS}
HIT_FACES: Final[dict[Color, int]] = {c: 6 - MISSES[c] for c in COLORS}
"""Faces that are a hit (basic or crit): 2 for yellow … 6 for red."""

DIE_IDS: Final[tuple[str, ...]] = tuple(f"{LETTER[c]}{i}" for c in COLORS for i in range(1, COUNT[c] + 1))
STRENGTH: Final[dict[Color, int]] = {c: i for i, c in enumerate(COLORS)}
"""Weaker dice have fewer hit faces: yellow 0 < green < blue < purple < red 4."""

BASE_DAMAGE: Final[dict[Face, int]] = {"miss": 0, "hit": 1, "crit": 2}
SYMBOL: Final[dict[Face | None, str]] = {None: "·", "miss": "○", "hit": "•", "crit": "✶"}


def color_of(die_id: str) -> Color:
    """The colour of a die from its id (``B3`` → blue)."""
    return COLOR_OF_LETTER[die_id[0]]


def die_label(die_id: str, face: Face | None) -> str:
    """A colour-blind-safe label: id plus face symbol, e.g. ``B3✶``."""
    return f"{die_id}{SYMBOL[face]}"
