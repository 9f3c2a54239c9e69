"""``twentystrong bench``: the project's own benchmarks, gathered from providers (architecture.md "bench").

A provider is a function returning rows; each part of the project registers one in :data:`PROVIDERS` as
``"module:function"``. Providers are imported lazily and skipped while their module does not exist yet, so the
bench grows as the parts land. A provider may return :class:`Row` objects or plain ``(name, value, unit)`` /
``(name, value, unit, target, ok)`` tuples, and may take a ``quick`` keyword (shorter runs, for CI smoke tests).
"""

from __future__ import annotations

import importlib
import inspect
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

PROVIDERS: list[str] = [
    "twentystrong.bench.engine:bench_engine",
    "twentystrong.bench.odds:bench_odds",
    "twentystrong.bench.bots:bench_bots",
    "twentystrong.bench.tui:bench_tui",
    "twentystrong.bench.serve:bench_serve",
]
"""Every benchmark provider, in table order. Add yours here."""


@dataclass(frozen=True)
class Row:
    """One measured figure."""

    benchmark: str
    value: float
    unit: str
    target: str = ""
    """The goal in words (``≥ 20000``), empty when there is none."""
    ok: bool | None = None
    """Whether the target is met (None: no target)."""

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (``--json``)."""
        out = asdict(self)
        if isinstance(self.value, float) and not math.isfinite(self.value):
            out["value"] = None
        return out


def at_least(benchmark: str, value: float, unit: str, target: float) -> Row:
    """A row whose value should be at least ``target``."""
    return Row(benchmark, value, unit, f"≥ {target:g}", value >= target)


def at_most(benchmark: str, value: float, unit: str, target: float) -> Row:
    """A row whose value should be at most ``target``."""
    return Row(benchmark, value, unit, f"≤ {target:g}", value <= target)


def _rows(produced: Iterable[Any]) -> list[Row]:
    out = []
    for item in produced:
        if isinstance(item, Row):
            out.append(item)
        else:
            out.append(Row(*item))
    return out


def _load(spec: str) -> Callable[..., Any] | None:
    module_name, _, function = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            return None  # that part of the project has not landed yet
        raise
    provider: Callable[..., Any] | None = getattr(module, function, None)
    return provider


Progress = Callable[[int, int, str, "float | None", int], None]
"""``progress(number, total, name, seconds, rows)``: a provider starts (``seconds`` None) or ends (its time, rows)."""


def _silent(number: int, total: int, name: str, seconds: float | None, rows: int) -> None:
    return None


def run_all(*, quick: bool = False, only: str | None = None, progress: Progress = _silent) -> list[Row]:
    """Run every available provider (``only``: those whose spec contains it); a failing provider gives a row.

    ``progress`` hears when each provider starts and ends (the command line prints it on stderr)."""
    rows: list[Row] = []
    chosen = [spec for spec in PROVIDERS if only is None or only in spec]
    for number, spec in enumerate(chosen, start=1):
        name = spec.partition(":")[2].removeprefix("bench_")
        start = time.perf_counter()
        progress(number, len(chosen), name, None, 0)
        before = len(rows)
        try:
            provider = _load(spec)
            if provider is None:
                continue
            takes_quick = "quick" in inspect.signature(provider).parameters
            rows += _rows(provider(quick=quick) if takes_quick else provider())
        except Exception as exc:  # noqa: BLE001 - one broken provider must not hide the others
            rows.append(Row(f"{spec} failed: {type(exc).__name__}: {exc}", math.nan, "", "runs", False))
        finally:
            progress(number, len(chosen), name, time.perf_counter() - start, len(rows) - before)
    return rows


__all__ = ["PROVIDERS", "Progress", "Row", "at_least", "at_most", "run_all"]
