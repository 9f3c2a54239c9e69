"""Textual's toggles and lists, with a glyph for every state (never colour alone, style.md habit 5).

Textual draws a checkbox as ``▐X▌`` and a radio button as ``▐●▌`` whether on or off (only the colour changes), and
an option list's cursor as a coloured row. In a monochrome terminal, with ``NO_COLOR`` or to a colour-blind player
those states look the same. Here each state has its own glyph:

- :class:`Tick`: ``▐X▌`` checked, ``▐ ▌`` unchecked;
- :class:`Radio`: ``▐●▌`` chosen, ``▐○▌`` not;
- :class:`CursorList`: ``▸`` before the highlighted option.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.content import Content
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Checkbox, OptionList, RadioButton

CURSOR = "▸"
"""Marks the highlighted row of a list (and, on the setup screen, the row that has the keyboard focus)."""


class Tick(Checkbox):
    """A checkbox whose box shows ``X`` when checked and stays empty when not."""

    def render(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super().render()


class Radio(RadioButton):
    """A radio button that shows ``●`` when chosen and ``○`` when not, and ``▸`` before it while it is the keyboard
    cursor of a focused radio set (Textual marks that one with colour only)."""

    def render(self) -> Content:
        self.BUTTON_INNER = "●" if self.value else "○"
        parent = self.parent
        cursor = self.has_class("-selected") and isinstance(parent, Widget) and parent.has_focus
        return Content.assemble(CURSOR if cursor else " ", super().render())

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return super().get_content_width(container, viewport) + 1


class CursorList(OptionList):
    """An option list that marks its highlighted option with ``▸`` as well as with colour."""

    DEFAULT_CSS = """
    CursorList > .option-list--option { padding: 0 1 0 2; }
    CursorList.-textual-compact > .option-list--option { padding: 0 0 0 2; }
    """

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        line = self.scroll_offset.y + y
        lines = self._lines
        if self.highlighted is None or not 0 <= line < len(lines):
            return strip
        index, offset = lines[line]
        if index != self.highlighted or offset != 0 or strip.cell_length < 2:
            return strip
        first = next(iter(strip), None)
        style = first.style if first is not None else None
        return Strip.join([Strip([Segment(CURSOR, style)], 1), strip.crop(1)])
