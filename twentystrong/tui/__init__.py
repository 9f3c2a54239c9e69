"""The terminal UI (Textual): the store, the screens and the widgets. The only package besides the command line
that imports ``textual`` (architecture.md contract 1).

Start it with :func:`twentystrong.tui.app.create_app`; importing this package alone stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from twentystrong.tui.app import TwentyStrongApp

__all__ = ["create_app"]


def create_app(**options: Any) -> TwentyStrongApp:
    """Build the App (see :func:`twentystrong.tui.app.create_app` for the options)."""
    from twentystrong.tui.app import create_app as _create_app

    return _create_app(**options)
