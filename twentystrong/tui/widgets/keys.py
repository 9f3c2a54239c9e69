"""The key bar: the table's footer, one line of the keys that work now, drawn from the bindings.

Textual's ``Footer`` rebuilds itself (a widget per key, then a second layout pass) whenever a key turns on or off,
which on the table is nearly every keystroke. This bar shows the same thing, from the same source
(``screen.active_bindings``: the bindings and ``check_action``), as one line it repaints in place. A click on a key
presses it, like ``Footer``; the command palette key sits at the right.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import ClassVar

from textual import events
from textual.binding import ActiveBinding, BindingsMap
from textual.content import Content
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget

from twentystrong.i18n import N_, _

KEY_STYLE = "bold $footer-key-foreground on $footer-key-background"
DESCRIPTION_STYLE = "$footer-description-foreground on $footer-description-background"


def key_line(items: Iterable[tuple[str, str, str, bool]]) -> tuple[Content, tuple[tuple[int, int, str], ...]]:
    """``(key, shown key, description, enabled)`` items as one line, and where each key is: ``(start, end, key)``."""
    parts: list[Content] = []
    spans: list[tuple[int, int, str]] = []
    x = 0
    for key, shown, description, enabled in items:
        dim = "" if enabled else " dim"
        item = Content.assemble(
            (f" {shown} ", KEY_STYLE + dim),
            (f"{description} " if description else "", DESCRIPTION_STYLE + dim),
        )
        spans.append((x, x + item.cell_length, key if enabled else ""))
        parts.append(item)
        x += item.cell_length
    return Content.assemble(*parts), tuple(spans)


class KeyBar(Widget):
    """The keys of the screen below it that can be pressed now (dimmed: shown but not possible now)."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 1fr;
        background: $footer-background;
        color: $footer-foreground;
        text-wrap: nowrap;
        text-overflow: clip;
    }
    """

    PALETTE_LABEL: ClassVar[str] = N_("palette")

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._items: tuple[tuple[str, str, str, bool], ...] = ()
        self._line = Content("")
        self._spans: tuple[tuple[int, int, str], ...] = ()
        self._palette_item: tuple[str, str, str, bool] | None = None
        self._palette = Content("")
        self._palette_key = ""
        self._stale = True  # the screen's bindings changed since they were last read

    def on_mount(self) -> None:
        screen = self.screen
        # At once, not on the next message: the bar changes in the same frame as the table.
        screen.bindings_updated_signal.subscribe(self, self._bindings_changed, immediate=True)
        self._bindings_changed(screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        # The bindings are read when the bar is next painted (or clicked), not here: the screen may say they
        # changed several times before one frame (at start-up: this mount, the table's first draw, the screen's
        # resume), and reading them asks every binding's check_action.
        if self.is_attached and screen is self.screen:
            self._stale = True
            self.refresh()  # one docked line: its size never changes, so no layout pass

    def _read_bindings(self) -> None:
        """Take the screen's bindings in if they changed since they were last read."""
        if self._stale and self.is_attached:
            self._stale = False
            self._take(self.screen.active_bindings)

    def _take(self, active: dict[str, ActiveBinding]) -> None:
        """Lay out the first shown binding of each action, in order, and the palette key."""
        app = self.app
        seen: set[str] = set()
        items: list[tuple[str, str, str, bool]] = []
        for _node, binding, enabled, _tooltip in active.values():
            if binding.show and binding.action not in seen:
                seen.add(binding.action)
                items.append((binding.key, app.get_key_display(binding), _(binding.description), enabled))
        palette_item: tuple[str, str, str, bool] | None = None
        palette = active.get(app.COMMAND_PALETTE_BINDING)
        if palette is not None and app.ENABLE_COMMAND_PALETTE:
            binding = palette.binding
            palette_item = (binding.key, app.get_key_display(binding), _(self.PALETTE_LABEL), palette.enabled)
        if tuple(items) == self._items and palette_item == self._palette_item:
            return
        self._items = tuple(items)
        self._line, self._spans = key_line(items)
        self._palette_item = palette_item
        self._palette, palette_spans = key_line([palette_item] if palette_item else [])
        self._palette_key = palette_spans[0][2] if palette_spans else ""

    def render(self) -> Content:
        self._read_bindings()
        width = self.content_region.width or self.size.width
        room = max(0, width - self._palette.cell_length - 1)
        fits = max((end for _start, end, _key in self._spans if end <= room), default=0)
        line = self._line.truncate(fits)  # whole keys only: never half a description
        return Content.assemble(line, " " * max(0, width - line.cell_length - self._palette.cell_length), self._palette)

    def key_at(self, x: int) -> str | None:
        """The key drawn at column ``x`` (None: a gap or a dimmed key)."""
        self._read_bindings()
        width = self.content_region.width or self.size.width
        if self._palette.cell_length and x >= width - self._palette.cell_length:
            return self._palette_key or None
        if x >= width - self._palette.cell_length - 1:
            return None  # cut off (or the gap before the palette key)
        for start, end, key in self._spans:
            if start <= x < end:
                return key or None
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        key = self.key_at(offset.x)
        if key is None:
            self.app.bell()
        else:
            self.app.simulate_key(key)


def speak_keys(node: DOMNode) -> None:
    """Give ``node``'s keys their descriptions in the language spoken now, for a footer that shows them as they are
    (Textual's :class:`~textual.widgets.Footer`): the descriptions are marked in the code, translated here, once as
    the screen is built."""
    bindings = [
        replace(b, description=_(b.description), tooltip=_(b.tooltip) if b.tooltip else b.tooltip)
        for key_bindings in node._bindings.key_to_bindings.values()
        for b in key_bindings
    ]
    node._bindings = BindingsMap(bindings)
