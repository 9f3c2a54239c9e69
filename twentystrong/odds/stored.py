"""The shipped table of the plain damage model: best-play kill probabilities precomputed, so the first question
is a lookup rather than a second of dynamic programming.

``data/plain.bin`` holds, for the plain rule (:data:`~twentystrong.odds.model.PLAIN`), the float value of
:func:`~twentystrong.odds.rerolls.kill_probability` for every sub-multiset of the 17 dice, every need 1 …
:data:`MAX_NEED` and every phase count 1 … :data:`PHASES`. ``scripts/odds_table.py`` writes it with the same code
that answers questions without it (:func:`twentystrong.odds.rerolls.plain_table_values`).

Format (little-endian), version :data:`FORMAT_VERSION`:

- a header, :data:`HEADER`: the magic ``b"20SODDS\\0"``, the format version, the SHA-256 of the generating
  parameters (:func:`params_digest`: the dice and their faces, the plain model, the bounds, the layout and
  :data:`DP_VERSION`), :data:`MAX_NEED`, :data:`PHASES`, the number of pools, and the CRC-32 of the payload;
- the payload: ``PHASES × POOLS × MAX_NEED`` IEEE-754 doubles, phase-major, then pool (the index of
  :func:`pool_index`: yellow varies fastest), then need.

A file that is missing, truncated, corrupt or made from other parameters is ignored (:func:`load` returns None):
the odds then compute as they would without it.
"""

from __future__ import annotations

import hashlib
import json
import math
import struct
import sys
import zlib
from array import array
from collections.abc import Sequence
from pathlib import Path

from twentystrong.odds.dice import COLORS, DICE_PER_COLOR, FACES
from twentystrong.odds.model import PLAIN

__all__ = [
    "DP_VERSION",
    "FORMAT_VERSION",
    "HEADER",
    "MAGIC",
    "MAX_NEED",
    "PHASES",
    "PLAIN_TABLE_PATH",
    "POOLS",
    "ROOT",
    "StoredTable",
    "decode",
    "encode",
    "load",
    "params_digest",
    "pool_index",
]

FORMAT_VERSION = 1
"""Bumped when the layout of the file changes."""
DP_VERSION = 1
"""Bumped when the dynamic programming of :mod:`twentystrong.odds.rerolls` changes what it computes: the shipped
file then no longer matches and must be regenerated (``python scripts/odds_table.py``)."""
MAGIC = b"20SODDS\x00"
MAX_NEED = 20
"""Needs 1 … 20 are stored (targets of up to 20 health, the common case); a bigger need is computed."""
PHASES = 6
"""Phase counts 1 … 6 (the Strategy stat never exceeds 6; equal to ``rerolls.MAX_PHASES``)."""
ROOT: tuple[int, ...] = tuple(DICE_PER_COLOR[c] for c in COLORS)
"""All 17 dice by colour: the table covers every sub-multiset of them."""
_STRIDES: tuple[int, ...] = tuple(math.prod(n + 1 for n in ROOT[:c]) for c in range(len(ROOT)))
POOLS = _STRIDES[-1] * (ROOT[-1] + 1)
"""How many sub-multisets of the 17 dice (5 × 5 × 5 × 5 × 2 = 1250)."""

HEADER = struct.Struct("<8sH32sHHII")
"""Magic, format version, parameters digest, max need, phases, pools, payload CRC-32."""

PLAIN_TABLE_PATH: Path = Path(__file__).with_name("data") / "plain.bin"
"""Where the table is read from (tests point it elsewhere)."""

_REACH = tuple(max(PLAIN.damage(c, "hit"), PLAIN.damage(c, "crit")) for c in COLORS)


def pool_index(pool: Sequence[int]) -> int:
    """The position of a pool (dice by colour) among the :data:`POOLS` sub-multisets."""
    return sum(n * s for n, s in zip(pool, _STRIDES, strict=True))


def params_digest() -> bytes:
    """SHA-256 of everything the stored numbers depend on, checked when the file is read."""
    params = {
        "format": FORMAT_VERSION,
        "dp": DP_VERSION,
        "colors": list(COLORS),
        "dice": [DICE_PER_COLOR[c] for c in COLORS],
        "faces": [[FACES[c].miss, FACES[c].hit, FACES[c].crit] for c in COLORS],
        "model": [[d.hit, d.crit, d.hit_applies, d.crit_applies] for d in (PLAIN.of(c) for c in COLORS)],
        "max_need": MAX_NEED,
        "phases": PHASES,
        "layout": "phase-major, pool index yellow fastest, need 1..max_need, float64 little-endian",
    }
    return hashlib.sha256(json.dumps(params, sort_keys=True).encode()).digest()


class StoredTable:
    """The stored values, answering like the computed table of :mod:`twentystrong.odds.rerolls`."""

    __slots__ = ("values",)

    root: tuple[int, ...] = ROOT
    length = MAX_NEED + 1
    """Needs 0 … :data:`MAX_NEED` are answered (as the computed table's ``length``)."""
    phases = PHASES

    def __init__(self, values: array[float]) -> None:
        if len(values) != PHASES * POOLS * MAX_NEED:
            raise ValueError(f"expected {PHASES * POOLS * MAX_NEED} values, got {len(values)}")
        self.values = values

    def covers(self, root: Sequence[int], length: int, phases: int) -> bool:
        """Whether every question about sub-pools of ``root``, needs below ``length`` and ``phases`` is here."""
        return length <= self.length and phases <= self.phases and all(a <= b for a, b in zip(root, ROOT, strict=True))

    def value(self, pool: Sequence[int], need: int, phases: int) -> float:
        """P(defeat) with ``pool`` unapplied dice, ``need`` damage to go and ``phases`` rolls left."""
        if need <= 0:
            return 1.0
        if phases == 0:
            return 0.0
        if need > MAX_NEED:
            if need > sum(n * r for n, r in zip(pool, _REACH, strict=True)):
                return 0.0  # beyond the most damage the pool can deal
            raise ValueError(f"need {need} is beyond the stored table (at most {MAX_NEED})")
        return self.values[((phases - 1) * POOLS + pool_index(pool)) * MAX_NEED + need - 1]


def encode(values: array[float]) -> bytes:
    """The file's bytes for ``values`` (laid out as :class:`StoredTable` reads them)."""
    if values.typecode != "d" or len(values) != PHASES * POOLS * MAX_NEED:
        raise ValueError("expected an array('d') of PHASES × POOLS × MAX_NEED values")
    payload = array("d", values)
    if sys.byteorder == "big":
        payload.byteswap()
    body = payload.tobytes()
    header = HEADER.pack(MAGIC, FORMAT_VERSION, params_digest(), MAX_NEED, PHASES, POOLS, zlib.crc32(body))
    return header + body


def decode(data: bytes) -> StoredTable | None:
    """The table in ``data``, or None when it is not a table of the current format and parameters, or corrupt."""
    if len(data) < HEADER.size:
        return None
    magic, version, digest, max_need, phases, pools, crc = HEADER.unpack_from(data)
    body = memoryview(data)[HEADER.size :]
    if (
        magic != MAGIC
        or version != FORMAT_VERSION
        or digest != params_digest()
        or (max_need, phases, pools) != (MAX_NEED, PHASES, POOLS)
        or len(body) != 8 * PHASES * POOLS * MAX_NEED
        or zlib.crc32(body) != crc
    ):
        return None
    values = array("d")
    values.frombytes(body)
    if sys.byteorder == "big":
        values.byteswap()
    return StoredTable(values)


def load(path: Path | None = None) -> StoredTable | None:
    """Read the table from ``path`` (default :data:`PLAIN_TABLE_PATH`); None when absent or not current."""
    try:
        data = (PLAIN_TABLE_PATH if path is None else path).read_bytes()
    except OSError:
        return None
    return decode(data)
