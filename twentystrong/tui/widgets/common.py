"""Small helpers the table widgets share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static


def update_static(widget: Static, content: Content) -> None:
    """Update a Static only when its content really changes (text *and* styles), and lay the screen out again
    only when its height changes (a layout pass costs more than the repaint)."""
    last: Content | None = getattr(widget, "_twentystrong_last", None)
    if last is not None and last.is_same(content):
        return
    widget._twentystrong_last = content  # type: ignore[attr-defined]
    widget.update(content, layout=False)
    refresh_content(widget)


def refresh_content(widget: Widget) -> None:
    """Repaint a widget whose content changed, with a layout pass only if that changes its height.

    Widgets whose width follows their content, and widgets not laid out yet, always get the layout pass.
    """
    width, height_rule = widget.styles.width, widget.styles.height
    if not widget.is_mounted or not widget.content_size or (width is not None and width.is_auto):
        widget.refresh(layout=True)
        return
    if height_rule is not None and not height_rule.is_auto:
        widget.refresh()  # a fixed height: the content never changes the layout
        return
    size = widget.content_size
    height = widget.get_content_height(widget.container_size, widget.app.size, size.width)
    widget.refresh(layout=height != size.height)


def set_subtitle(widget: Widget, text: str) -> None:
    """Set a border subtitle only when it changes (setting one always repaints the widget)."""
    if getattr(widget, "_twentystrong_subtitle", None) != text:
        widget._twentystrong_subtitle = text  # type: ignore[attr-defined]
        widget.border_subtitle = text


def set_title(widget: Widget, title: str | Content) -> None:
    """Set a border title only when it changes (setting one always repaints the widget)."""
    key = (type(title), title.markup if isinstance(title, Content) else title)
    if getattr(widget, "_twentystrong_title", None) != key:
        widget._twentystrong_title = key  # type: ignore[attr-defined]
        widget.border_title = title


def fitting_title(widget: Widget, titles: Sequence[str]) -> str:
    """The first of ``titles`` (longest first) that fits ``widget``'s top border whole, between its corners; the
    first while the widget has no width yet, the last when none fits."""
    room = widget.outer_size.width - 2
    if room <= 0:
        return titles[0]
    return next((title for title in titles if cell_len(title) <= room), titles[-1])


def set_display(widget: Widget, display: bool) -> None:
    """Show or hide a widget only when that changes."""
    if widget.display != display:
        widget.display = display


def preset_breakpoints(screen: Screen[Any], width: int, height: int) -> None:
    """Give a screen that is not mounted yet the breakpoint classes (``-wide``, ``-tall`` …) of this size.

    Textual sets them on the screen's first Resize, which restyles every widget of the screen right after mounting
    styled them; with the classes already right, that Resize changes nothing. (Textual's rule: for each direction,
    the class of the largest breakpoint the size reaches.)
    """
    app = screen.app
    for size, breakpoints in (
        (width, app.HORIZONTAL_BREAKPOINTS if screen.HORIZONTAL_BREAKPOINTS is None else screen.HORIZONTAL_BREAKPOINTS),
        (height, app.VERTICAL_BREAKPOINTS if screen.VERTICAL_BREAKPOINTS is None else screen.VERTICAL_BREAKPOINTS),
    ):
        reached = [(limit, name) for limit, name in breakpoints or () if size >= limit]
        if reached:
            screen.add_class(max(reached)[1], update=False)  # styled when it mounts
