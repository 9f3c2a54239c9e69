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

from twentystrong.record.games import GameRow
from twentystrong.session.session import Session
from twentystrong.tui.screens.history import HistoryScreen
from twentystrong.tui.store import Store


def game_heading(row: GameRow) -> str:
    """``Game #12 · 2026-11-25 · Umbra · rank 2 · won in 17 rounds``."""
    parts = [f"Game #{row.id}", row.day, row.hero_name]
    if row.level_kind and row.level is not None:
        parts.append(f"{row.level_kind} {row.level}")
    if row.daily:
        parts.append(f"daily {row.daily}")
    if row.assisted:
        parts.append("assisted")
    parts.append(f"won in {row.rounds} rounds" if row.won else f"lost in round {row.rounds}")
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
                ("Replay", "bold"),
                f" — {game_heading(self.row)}",
                ("  · read-only", "$text-muted"),
            )
        )
        group = self.groups[self.index]
        where = "at the start" if self.index == 0 else f"after {group.index}: {group.heading.rstrip('.')}"
        end = "  (the end of the game)" if self.index == self.present else ""
        self.query_one("#history-banner", Static).update(
            Content.assemble(
                (f"Step {self.index + 1} of {total}", "bold"),
                f" · the table {where}",
                (end, "bold"),
                ("  · ↑/↓ step, [ ] rounds, home/end", "$text-muted"),
            )
        )
