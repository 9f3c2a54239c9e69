"""Regenerate ``twentystrong/odds/data/plain.bin``, the shipped best-play odds of the plain damage model.

    .venv/bin/python scripts/odds_table.py [--out PATH] [--check]

The values are computed by the odds' own dynamic programming (:func:`twentystrong.odds.rerolls.plain_table_values`,
about a second) and written in the format of :mod:`twentystrong.odds.stored`: every sub-multiset of the 17 dice,
needs 1 … 20, phases 1 … 6, with a header holding the format version and a digest of the generating parameters.
Rerun it whenever ``stored.DP_VERSION`` is bumped or the dice change (the odds ignore a stale file, and
``tests/test_odds_stored.py`` fails on one). ``--check`` writes nothing and exits 1 when the file differs.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from twentystrong.odds import stored  # noqa: E402
from twentystrong.odds.rerolls import plain_table_values  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=stored.PLAIN_TABLE_PATH, help="where to write the table")
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is missing or differs; write nothing")
    args = parser.parse_args(argv)
    out: Path = args.out

    start = time.perf_counter()
    data = stored.encode(plain_table_values())
    seconds = time.perf_counter() - start
    if stored.decode(data) is None:  # pragma: no cover - a bug in encode/decode
        print("error: the encoded table does not decode", file=sys.stderr)
        return 2

    if args.check:
        current = out.read_bytes() if out.exists() else None
        if current != data:
            print(f"{out}: {'missing' if current is None else 'out of date'} (run scripts/odds_table.py)")
            return 1
        print(f"{out}: up to date ({len(data):,} bytes)")
        return 0

    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, out)
    print(f"wrote {out} ({len(data):,} bytes, {seconds:.2f} s to compute)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
