"""Small helpers the table widgets share."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static


def update_static(widget: Static, content: Content) -> None:
    """Update a Static only when its content really changes (text *and* styles), sparing a layout pass."""
    last: Content | None = getattr(widget, "_twentystrong_last", None)
    if last is not None and last.is_same(content):
        return
    widget._twentystrong_last = content  # type: ignore[attr-defined]
    widget.update(content)
