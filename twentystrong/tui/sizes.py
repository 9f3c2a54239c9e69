"""The smallest terminal the table fits in: below it, the App covers everything with the size guard's message
(:mod:`twentystrong.tui.screens.too_small`, imported only then)."""

from __future__ import annotations

MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small(width: int, height: int) -> bool:
    """Whether a terminal of this size is below what the table needs."""
    return width < MIN_WIDTH or height < MIN_HEIGHT
