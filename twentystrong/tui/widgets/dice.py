"""Dice on the table: one chip per die, and a tray that lays a zone's dice out in rows.

A chip always shows the die's id (its colour letter and number) and its face symbol, ``B3✶`` (``die_label``), so
nothing depends on colour (style.md habit 5); the colour is shown too. The dice colours are the only hard-coded
colours of the TUI: they are the physical dice's, whatever the theme.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Offset, Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from twentystrong.content.effects import Color
from twentystrong.engine.dice import die_label
from twentystrong.engine.view import DieState
from twentystrong.i18n import N_
from twentystrong.tui.widgets.common import refresh_content

DIE_STYLE: dict[Color, str] = {
    "yellow": "#1a1a1a on #e8c547",
    "green": "#0d0d0d on #5fb85f",
    "blue": "#ffffff on #2f6fd6",
    "purple": "#ffffff on #8a4fc7",
    "red": "#ffffff on #cc3333",
}
"""Foreground on background per die colour: readable on every theme, dark or light."""

CELL = 4
"""One die in a tray: a one-cell gap (where the selection bracket goes) and the three-cell label ``B3✶``."""


def die_chip(die: DieState, *, marked: bool = False, muted: bool = False, cursor: bool = False) -> Content:
    """One die as a chip: ``B3✶`` on its colour.

    ``marked``: it can be used now (bold, underlined); ``muted``: shown but out of play (a miss that cannot be
    applied, a banished die); ``cursor``: the keyboard cursor of a focused tray (reversed).
    """
    style = DIE_STYLE[die.color]
    if marked:
        style += " bold underline"
    if muted:
        style += " dim"
    if cursor:
        style += " reverse"
    return Content.styled(die_label(die.id, die.face), style)


class DiceTray(Widget, can_focus=True):
    """The dice of one zone, wrapped into rows. Click a die, or move the cursor with ←/→ and press space.

    It only shows and reports: a press posts :class:`DiceTray.Pressed`; the table decides what the die may do.
    """

    HELP_TITLE = N_("The focused dice tray")
    """The title of this part of the help screen."""

    DEFAULT_CSS = """
    DiceTray {
        height: auto;
        min-height: 1;
        width: 1fr;
    }
    """
    FOCUS_STYLE = "on $boost"
    """The background of a focused tray's dice, drawn by :meth:`render` rather than as the widget's CSS background:
    a tray may carry its zone's titled border (the table's), which keeps its look when the tray has the focus."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", N_("Previous die"), show=False),
        Binding("right", "cursor(1)", N_("Next die"), show=False),
        Binding("space", "press", N_("Use die"), show=False),  # Enter stays the step's main action
        Binding("up", "app.focus_previous", N_("Previous"), show=False),
        Binding("down", "app.focus_next", N_("Next"), show=False),
    ]

    FOCUS_ON_CLICK = False  # a click plays the die; keyboard focus stays where the keyboard put it

    dice: reactive[tuple[DieState, ...]] = reactive(())
    """The dice shown, in order."""
    selected: reactive[str | None] = reactive(None)
    """The die the player picked, if it is here."""
    marked: reactive[frozenset[str]] = reactive(frozenset())
    """Dice that can do something now."""
    muted: reactive[frozenset[str]] = reactive(frozenset())
    """Dice shown dimmed."""
    cursor: reactive[int] = reactive(0)
    """The keyboard cursor (an index into ``dice``)."""
    empty_text: reactive[str] = reactive("—")
    """What an empty tray says."""

    class Pressed(Message):
        """A die in the tray was clicked or pressed."""

        def __init__(self, tray: DiceTray, die: str) -> None:
            super().__init__()
            self.tray = tray
            self.die = die

        @property
        def control(self) -> DiceTray:
            """The tray."""
            return self.tray

    def __init__(self, empty_text: str = "—", *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(DiceTray.empty_text, empty_text)

    # --- layout -------------------------------------------------------------------------------------------------

    def _per_row(self, width: int) -> int:
        return max(1, (width - 1) // CELL)

    def _rows(self, width: int) -> list[Sequence[DieState]]:
        per = self._per_row(width)
        dice = self.dice
        return [dice[i : i + per] for i in range(0, len(dice), per)]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self._rows(width)))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max(len(self.empty_text), len(self.dice) * CELL + 1)

    def die_at(self, x: int, y: int) -> str | None:
        """The die under a content offset, if any (a click on a die's gap counts as the die)."""
        rows = self._rows(self.content_region.width or self.size.width)
        if not 0 <= y < len(rows):
            return None
        index = x // CELL
        if index >= len(rows[y]):
            return None
        return rows[y][index].id

    def offset_of(self, die: str) -> Offset | None:
        """Where a die's label is drawn, relative to the tray and its border (for clicks in tests and tooltips)."""
        gutter = self.styles.gutter
        for y, row in enumerate(self._rows(self.content_region.width or self.size.width)):
            for x, shown in enumerate(row):
                if shown.id == die:
                    return Offset(gutter.left + x * CELL + 2, gutter.top + y)
        return None

    def render(self) -> Content:
        width = self.content_region.width or self.size.width or 80
        lines = self._lines(width) if self.dice else [Content.styled(self.empty_text, "$text-muted")]
        if self.has_focus:
            # Every row of the content, full width, on the focus background (under the dice's own colours).
            lines = [line.extend_right(width - line.cell_length).stylize_before(self.FOCUS_STYLE) for line in lines]
        return Content("\n").join(lines)

    def _lines(self, width: int) -> list[Content]:
        cursor_id = self.dice[min(self.cursor, len(self.dice) - 1)].id if self.has_focus else None
        lines: list[Content] = []
        for row in self._rows(width):
            parts: list[Content] = []
            close = False  # the previous die was the selected one: its closing bracket goes in this gap
            for die in row:
                selected = die.id == self.selected
                # The keyboard cursor of a focused tray is marked ▸ in its gap (not only reversed: never colour or
                # an attribute alone); a selection's bracket wins.
                gap = "]" if close else ("[" if selected else ("▸" if die.id == cursor_id else " "))
                if close and selected:  # pragma: no cover - only one die is selected
                    gap = "["
                parts.append(Content.styled(gap, "bold $accent"))
                parts.append(
                    die_chip(die, marked=die.id in self.marked, muted=die.id in self.muted, cursor=die.id == cursor_id)
                )
                close = selected
            parts.append(Content.styled("]" if close else " ", "bold $accent"))
            lines.append(Content.assemble(*parts))
        return lines

    # --- input --------------------------------------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        die = self.die_at(offset.x, offset.y)
        if die is not None:
            event.stop()
            self.cursor = next((i for i, d in enumerate(self.dice) if d.id == die), 0)
            self.post_message(self.Pressed(self, die))

    def action_cursor(self, step: int) -> None:
        """Move the keyboard cursor."""
        if self.dice:
            self.cursor = (self.cursor + step) % len(self.dice)

    def action_press(self) -> None:
        """Press the die under the cursor."""
        if self.dice:
            self.post_message(self.Pressed(self, self.dice[min(self.cursor, len(self.dice) - 1)].id))

    def watch_dice(self, dice: tuple[DieState, ...]) -> None:
        if self.cursor >= len(dice):
            self.cursor = max(0, len(dice) - 1)
        refresh_content(self)  # a layout pass only when the number of rows changes

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def show(
        self, dice: Iterable[DieState], *, selected: str | None, marked: Iterable[str] = (), muted: Iterable[str] = ()
    ) -> None:
        """Show these dice (one refresh for everything)."""
        self.dice = tuple(dice)
        self.selected = selected
        self.marked = frozenset(marked)
        self.muted = frozenset(muted)
