"""A plain-text progress bar with an ETA, for long simulations (no rich: the simulator stays light)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO


def _clock() -> float:
    return time.monotonic()


class Progress:
    """Draws ``[#####.....] 1200/6000 20% 85 games/s ETA 0:56`` on one line of a terminal, at most every
    ``interval`` seconds. Disabled, it draws nothing (not a terminal, or ``--json``)."""

    def __init__(
        self,
        total: int,
        stream: TextIO,
        *,
        enabled: bool = True,
        width: int = 30,
        interval: float = 0.2,
        clock: Callable[[], float] = _clock,
    ) -> None:
        self.total = max(1, total)
        self.stream = stream
        self.enabled = enabled
        self.width = width
        self.interval = interval
        self.clock = clock
        self.start = clock()
        self._last = -interval
        self._drawn = False

    def update(self, done: int) -> None:
        """``done`` games are finished."""
        if not self.enabled:
            return
        now = self.clock()
        if done < self.total and now - self._last < self.interval:
            return
        self._last = now
        self.stream.write("\r" + self.line(done, now - self.start))
        self.stream.flush()
        self._drawn = True

    def line(self, done: int, elapsed: float) -> str:
        """The bar for ``done`` games after ``elapsed`` seconds."""
        share = min(1.0, done / self.total)
        filled = int(share * self.width)
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else None
        bar = "#" * filled + "." * (self.width - filled)
        return f"[{bar}] {done}/{self.total} {share:4.0%} {rate:6.1f} games/s ETA {_duration(eta)}"

    def finish(self) -> None:
        """End the bar's line (so what follows starts on a fresh one)."""
        if self._drawn:
            self.stream.write("\r" + " " * (self.width + 50) + "\r")
            self.stream.flush()


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "--:--"
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
