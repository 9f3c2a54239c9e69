"""The size guard: below 80×24 the table cannot show everything, so the App covers it with this message."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Static

from twentystrong.tui.sizes import MIN_HEIGHT, MIN_WIDTH, too_small

__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "TooSmallScreen", "message", "too_small"]


def message(width: int, height: int) -> Content:
    """``terminal too small — need 80×24, have 70×20``, and what to do about it."""
    return Content.assemble(
        ("Terminal too small", "bold $error"),
        f"\nneed {MIN_WIDTH}×{MIN_HEIGHT}, have {width}×{height}",
        ("\n\nEnlarge the window or use a smaller font; the game waits.", "$text-muted"),
    )


class TooSmallScreen(ModalScreen[None]):
    """Covers everything until the terminal is at least 80×24, then goes away by itself."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Static { width: auto; max-width: 100%; text-align: center; }
    """

    def compose(self) -> ComposeResult:
        yield Static(message(*self.app.size), id="too-small")

    _gone = False

    def on_resize(self, event: Resize) -> None:
        width, height = event.size
        if too_small(width, height):
            self.query_one("#too-small", Static).update(message(width, height))
        elif not self._gone and self.is_current:
            self._gone = True  # one resize can arrive twice: never pop a screen below this one
            self.dismiss()
