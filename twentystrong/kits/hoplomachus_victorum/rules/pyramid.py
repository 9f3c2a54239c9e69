"""Mount Vesuvius: the pyramid of nine camps and the Scion at its apex (hoplomachus.md "Setup", HV4).

Camps are numbered 0–8 inside the engine, row by row from the bottom: 0–3 the bottom row, 4–6 the row above, 7–8 the
row under the Scion. A player names a camp ``"<row>-<col>"``, both counted from 1 and the rows from the bottom
(``1-1`` … ``1-4``, ``2-1`` … ``2-3``, ``3-1``, ``3-2``); the Scion's place is ``scion``.
"""

from __future__ import annotations

ROWS: tuple[int, ...] = (4, 3, 2)
"""Camps per row, from the bottom."""
CAMPS = sum(ROWS)
"""Nine camps."""
CAMP_SIZE = 6
"""Six cards a camp."""
SCION = CAMPS
"""The position index of the Scion's place (the final fight)."""
SCION_ID = "scion"
"""How a player names the Scion's place."""

ROW_COL: tuple[tuple[int, int], ...] = tuple((r, i) for r, n in enumerate(ROWS) for i in range(n))
"""Each camp's (row, column), both from 0."""
INDEX: dict[tuple[int, int], int] = {rc: k for k, rc in enumerate(ROW_COL)}
IDS: tuple[str, ...] = tuple(f"{r + 1}-{i + 1}" for r, i in ROW_COL)
"""Each camp's id."""
BY_ID: dict[str, int] = {camp: k for k, camp in enumerate(IDS)}
BOTTOM: tuple[int, ...] = tuple(k for k, (r, _) in enumerate(ROW_COL) if r == 0)
"""The bottom row: the first move goes there."""


def _adjacent(k: int) -> tuple[int, ...]:
    """HV4: (r, i) touches (r, i−1) and (r, i+1) in its row, (r+1, i−1) and (r+1, i) above, (r−1, i) and (r−1, i+1)
    below, where those exist."""
    r, i = ROW_COL[k]
    near = [(r, i - 1), (r, i + 1), (r + 1, i - 1), (r + 1, i), (r - 1, i), (r - 1, i + 1)]
    return tuple(sorted(INDEX[rc] for rc in near if rc in INDEX))


ADJACENT: tuple[tuple[int, ...], ...] = tuple(_adjacent(k) for k in range(CAMPS))
"""HV4: the camps each camp touches (the Scion touches none until the final fight)."""

PRIMUS_CAMPS: tuple[int, ...] = (INDEX[(0, 0)], INDEX[(1, 1)], INDEX[(2, 1)])
"""Where the three Primus wait (setup step 6): the 1st camp of the bottom row, the 2nd of the row above, the 2nd of
the top row (the row under the Scion)."""


def camp_id(k: int | None) -> str | None:
    """A camp's id (``scion`` for the Scion's place), or None."""
    if k is None:
        return None
    return SCION_ID if k == SCION else IDS[k]


def row_words(k: int) -> str:
    """``the bottom row`` … in words, for messages."""
    return ("the bottom row", "the middle row", "the top row")[ROW_COL[k][0]]


__all__ = [
    "ADJACENT",
    "BOTTOM",
    "BY_ID",
    "CAMPS",
    "CAMP_SIZE",
    "IDS",
    "PRIMUS_CAMPS",
    "ROWS",
    "ROW_COL",
    "SCION",
    "SCION_ID",
    "camp_id",
]
