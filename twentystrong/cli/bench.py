"""``twentystrong bench``: the project's own benchmarks, as a table (or ``--json``).

Benchmarks are a command, never timing assertions in tests (style.md habit 9). The exit status is 0 even when a
target is missed: the table's ``ok`` column says so.
"""

from __future__ import annotations

import argparse
import json
import math
import sys

from twentystrong.bench import Row, run_all
from twentystrong.i18n import _


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``twentystrong bench``."""
    parser.add_argument("--json", action="store_true", help=_("print a JSON list of rows instead of a table"))
    parser.add_argument("--quick", action="store_true", help=_("shorter runs (rougher figures), for smoke tests"))
    parser.epilog = "Compute-bound figures are CPU time, best of several batches: a busy machine skews them little."
    parser.add_argument("--only", metavar="TEXT", help=_("run only the providers whose name contains TEXT"))


def run(args: argparse.Namespace) -> int:
    """Run the benchmarks and print them (progress on stderr: the run takes a minute or more)."""
    rows = run_all(quick=args.quick, only=args.only, progress=_progress)
    if args.json:
        print(json.dumps([r.as_dict() for r in rows], indent=2, ensure_ascii=False))
    else:
        print(table(rows))
    return 0


def _progress(number: int, total: int, name: str, seconds: float | None, rows: int) -> None:
    """``[2/4] odds … done in 14.2 s (6 figures)`` on stderr, one line per benchmark group."""
    if seconds is None:
        print(f"[{number}/{total}] {name} …", end="", file=sys.stderr, flush=True)
    else:
        print(f" done in {seconds:.1f} s ({rows} figure{'s' if rows != 1 else ''})", file=sys.stderr, flush=True)


def _value(value: float) -> str:
    if not math.isfinite(value):
        return "—"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}" if value >= 1 else f"{value:.3f}"


def table(rows: list[Row]) -> str:
    """Rows as an aligned plain-text table: benchmark, value, unit, target, ok."""
    header = ("benchmark", "value", "unit", "target", "ok")
    cells = [
        (r.benchmark, _value(r.value), r.unit, r.target, "" if r.ok is None else ("yes" if r.ok else "NO"))
        for r in rows
    ]
    widths = [max(len(str(c[i])) for c in [header, *cells]) for i in range(len(header))]
    lines = []
    for n, c in enumerate([header, *cells]):
        parts = [
            c[0].ljust(widths[0]),
            c[1].rjust(widths[1]),
            *(x.ljust(w) for x, w in zip(c[2:], widths[2:], strict=True)),
        ]
        lines.append("  ".join(parts).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)
