"""A finished game of the player's record, replayed read-only in the history viewer: from its first event to its
last, one player command at a time, the table as it was after each.

It is the history viewer (:class:`~twentystrong.tui.screens.history.HistoryScreen`) on a session rebuilt from the
record (:func:`twentystrong.record.replay.replay_session`), opened at the start instead of the present, with no undo
or redo (the game is over and not the one being played).
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import OptionList, Static

from twentystrong.i18n import _
from twentystrong.record.games import GameRow
from twentystrong.session.session import Session
from twentystrong.text.record import row_parts
from twentystrong.tui.screens.history import HistoryScreen
from twentystrong.tui.store import Store


def game_heading(row: GameRow) -> str:
    """``Game #12 · 2026-11-25 · Umbra · rank 2 · won in 17 rounds``, in the language spoken."""
    parts = [_("Game #{id}").format(id=row.id), *row_parts(row)]
    return " · ".join(parts)


class ReplayScreen(HistoryScreen, inherit_bindings=False):
    """A recorded game, step by step, read-only. Escape closes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("left_square_bracket", "round(-1)", "Previous round", key_display="["),
        Binding("right_square_bracket", "round(1)", "Next round", key_display="]"),
        Binding("t", "focus_table", "Scroll the table", show=False),
        Binding("d", "toggle_details", "Details"),
        Binding("question_mark,f1", "app.help", "Help", key_display="?"),
    ]

    def __init__(self, row: GameRow, session: Session, *, start: int = 0) -> None:
        """``start``: the step shown first (0: the start of the game)."""
        super().__init__(Store(session))
        self.row = row
        """The game's line in the record."""
        self.start = start

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # the event: to stop the base's
        # Instead of the history viewer's own mount (which follows the game being played, from the present): a
        # replay starts at its first command (or the one asked for) and follows nothing.
        event.prevent_default()
        self.set_reactive(HistoryScreen.index, self.start)
        self._rebuild(keep_present=False)
        self.query_one("#history-list", OptionList).focus()

    def _show_past(self) -> None:
        super()._show_past()
        if not 0 <= self.index <= self.present:
            return
        total = len(self.groups)
        self.query_one("#history-title", Static).update(
            Content.assemble(
                (_("Replay"), "bold"),
                " — " + game_heading(self.row),
                ("  · " + _("read-only"), "$text-muted"),
            )
        )
        group = self.groups[self.index]
        if self.index == 0:
            where = _("the table at the start")
        else:
            where = _("the table after {n}: {command}").format(n=group.index, command=group.heading.rstrip("."))
        end = "  " + _("(the end of the game)") if self.index == self.present else ""
        self.query_one("#history-banner", Static).update(
            Content.assemble(
                (_("Step {n} of {total}").format(n=self.index + 1, total=total), "bold"),
                " · " + where,
                (end, "bold"),
                ("  · " + _("↑/↓ step, [ ] rounds, home/end"), "$text-muted"),
            )
        )
