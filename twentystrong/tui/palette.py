"""Textual's command palette in the language spoken: its search field's placeholder is a parameter, and its "No
matches found" line is said here (Textual writes it in English in ``CommandPalette._start_no_matches_countdown``,
which :class:`Palette` says again with the words translated; Textual is pinned, so the copy stays its own)."""

from __future__ import annotations

from rich.align import Align
from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option

from twentystrong.i18n import _


class Palette(CommandPalette):
    """The command palette, its "No matches found" in the language spoken."""

    def _start_no_matches_countdown(self, search_value: str) -> None:
        self._stop_no_matches_countdown()

        def _show_no_matches() -> None:
            if search_value:  # a search found nothing; an empty search (discover mode) says nothing
                self.query_one(CommandList).add_option(
                    Option(
                        Align.center(Text(_("No matches found"), style="not bold")), disabled=True, id=self._NO_MATCHES
                    )
                )
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, _show_no_matches)
