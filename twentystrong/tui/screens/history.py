"""The log and history: every event in plain words, grouped by player command, newest last.

Highlight any past command to see the table as it was right after it (read-only: the table's own widgets fed with
the player's view of that moment, :meth:`Store.past`); ``p`` returns to the present, Escape closes. Undo and redo
(App keys) work from here too, and the list follows them.
"""

from __future__ import annotations

import textwrap
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from twentystrong.i18n import N_, _, ngettext
from twentystrong.text.history import HistoryGroup
from twentystrong.tui.boards import board_for
from twentystrong.tui.store import GameView, Store, at_rest
from twentystrong.tui.widgets.cards import CardInfo, CardView
from twentystrong.tui.widgets.dice import DiceTray
from twentystrong.tui.widgets.glyphs import CursorList
from twentystrong.tui.widgets.keys import speak_keys
from twentystrong.tui.widgets.panels import HeroPanel, InventoryPanel
from twentystrong.tui.widgets.status import StepBar

WRAP = 51
"""Columns of text in a log entry before the list is laid out (60 wide: border, padding, an option's padding and
the scrollbar take the rest); then its own width (:meth:`HistoryScreen._wrap`): 80 columns give it less."""
OPTION_PADDING = 3
"""An option's padding in the list (CursorList: two columns left, for the cursor, one right)."""


class EntryList(CursorList):
    """The history's list of commands: says when its width changes (its entries are wrapped to it)."""

    class Resized(Message):
        """The list was laid out at another size."""

    def on_resize(self) -> None:
        self.post_message(self.Resized())


class PastTable(VerticalScroll, can_focus=True):
    """The table at one moment, read-only: the step bar, stacks, active cards, dice zones and the side panels.

    It scrolls (↑/↓ when focused, or the wheel); everything inside is disabled, so nothing there can be played.
    """

    DEFAULT_CSS = """
    PastTable { height: 1fr; width: 1fr; scrollbar-size-vertical: 1; }
    PastTable:focus { background: $boost; }
    PastTable #past-inner { height: auto; }
    PastTable #past-inner > Board { height: auto; }
    PastTable #past-active {
        height: auto;
        min-height: 3;
        layout: grid;
        grid-size: 3;
        grid-gutter: 0 1;
        grid-rows: auto;
        border-top: round $foreground 30%;
        border-title-color: $foreground 75%;
    }
    PastTable #past-active CardView { max-height: 9; }
    PastTable .past-zone {
        height: auto;
        border-top: round $foreground 30%;
        border-title-color: $foreground 75%;
        border-subtitle-color: $text-muted;
        border-subtitle-align: right;
    }
    PastTable #past-zones { height: auto; }
    PastTable #past-pool-box { width: 3fr; }
    PastTable #past-exhausted-box { width: 2fr; margin-left: 1; }
    PastTable #past-banished-box { width: 1fr; margin-left: 1; }
    PastTable .past-zone.-extra { width: 2fr; margin-left: 1; }
    PastTable #past-panels { height: auto; layout: grid; grid-size: 2; grid-gutter: 0 1; grid-rows: auto; }
    PastTable #past-panels > * {
        width: 1fr;
        height: auto;
        border-top: round $foreground 30%;
        border-title-color: $foreground 75%;
        padding: 0;
    }
    """

    def __init__(self, first: GameView, *, id: str | None = None) -> None:
        """``first``: a view of the game (its deck's board is built for it)."""
        super().__init__(id=id)
        self.moment: GameView | None = None
        """The view of the moment shown."""
        self._card_ids: tuple[str, ...] = ()
        self.board = board_for(at_rest(first), past=True)
        """The deck's board, read-only (Solar Sentinels: the stacks; Hoplomachus Victorum: Mount Vesuvius)."""

    def compose(self) -> ComposeResult:
        # Disabled: nothing in here can be focused, clicked or played.
        with Vertical(id="past-inner", disabled=True):
            yield StepBar(id="past-step")
            yield self.board
            yield Container(id="past-active")
            with Vertical(id="past-committed-box", classes="past-zone"):
                yield DiceTray(_("no committed dice"), id="past-committed")
            zones = [("pool", _("the pool is empty"), _("Dice pool"), "")]
            zones += [(extra.zone, extra.empty, extra.title, " -extra") for extra in self.board.DICE_ZONES]
            zones += [("exhausted", _("none"), _("Exhausted"), ""), ("banished", _("none"), _("Banished"), "")]
            with Horizontal(id="past-zones"):
                for zone, empty, title, extra_class in zones:
                    with Vertical(id=f"past-{zone}-box", classes="past-zone" + extra_class) as box:
                        box.border_title = title
                        yield DiceTray(empty, id=f"past-{zone}")
            with Horizontal(id="past-panels"):
                yield HeroPanel(id="past-hero")
                yield InventoryPanel(id="past-inventory")
                yield from self.board.side_panels()

    def on_mount(self) -> None:
        titles = {"past-active": _("Active area"), "past-committed-box": _("Committed dice"), "past-hero": _("Hero")}
        for widget_id, title in titles.items():
            self.query_one(f"#{widget_id}").border_title = title

    async def show_view(self, view: GameView) -> None:
        """Show the table as it was at a past moment (``view``: :meth:`Store.past`, which offers nothing to do)."""
        self.moment = view
        table = view.player
        self.query_one(StepBar).show(view)
        self.board.show(view)  # its side panels too
        zones = {
            "committed": table.dice_in("active"),
            "pool": table.dice_in("pool"),
            "exhausted": table.dice_in("exhausted"),
            "banished": table.dice_in("banished"),
        }
        for extra in self.board.DICE_ZONES:
            zones[extra.zone] = table.dice_in(extra.zone)
        for zone, dice in zones.items():
            self.query_one(f"#past-{zone}", DiceTray).show(dice, selected=None)
            self.query_one(f"#past-{zone}-box").border_subtitle = str(len(dice))
        self.query_one("#past-banished-box").display = bool(zones["banished"])
        self.query_one(HeroPanel).show(view)
        self.query_one(InventoryPanel).show(view, self.board.item_note)
        infos = [CardInfo.of(table, card, n) for n, card in enumerate(table.active, start=1)]
        area = self.query_one("#past-active", Container)
        ids = tuple(info.id for info in infos)
        if ids != self._card_ids:
            await area.remove_children()
            await area.mount_all([CardView(info) for info in infos])
            self._card_ids = ids
        for info in infos:
            area.query_one(f"#card-{info.id}", CardView).info = info
        area.border_subtitle = (
            _("no active cards") if not infos else ngettext("{n} active", "{n} active", len(infos)).format(n=len(infos))
        )


class HistoryScreen(ModalScreen[None]):
    """The log by player command; highlight one to see the table as it was after it. Escape closes."""

    HELP_TITLE = N_("Log and history")
    """The title of this part of the help screen."""

    CSS_PATH = "history.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("p", "present", N_("Present")),
        Binding("t", "focus_table", N_("Scroll the table"), show=False),
        Binding("d", "toggle_details", N_("Details")),
        Binding("left_square_bracket", "round(-1)", N_("Previous round"), key_display="["),
        Binding("right_square_bracket", "round(1)", N_("Next round"), key_display="]"),
        # A modal screen hides the App's keys: undo and redo work here too, and the list follows them.
        Binding("ctrl+z", "app.undo", N_("Undo")),
        Binding("ctrl+y", "app.redo", N_("Redo"), show=False),
        Binding("question_mark,f1", "app.help", N_("Help"), key_display="?"),
    ]

    index: reactive[int] = reactive(-1, init=False)
    """The history entry shown (its position in ``session.history``)."""
    details: reactive[bool] = reactive(False, init=False)
    """Whether bookkeeping events (step changes, tallies, prompts answered) are listed too."""

    def __init__(self, store: Store) -> None:
        super().__init__()
        speak_keys(self)
        self.store = store
        self.groups: list[HistoryGroup] = []
        self._view: GameView | None = None
        self._wrapped = WRAP  # the columns the entries were wrapped at

    def compose(self) -> ComposeResult:
        with Vertical(id="history"):
            yield Static(id="history-title")
            with Horizontal(id="history-body"):
                yield EntryList(id="history-list")
                with Vertical(id="history-right"):
                    yield Static(id="history-banner")
                    yield PastTable(self.store.view, id="history-past")
        yield Footer()

    def on_mount(self) -> None:
        self.watch(self.app, "game", self._game_changed, init=False)
        self._rebuild(keep_present=True)
        self.query_one("#history-list", OptionList).focus()

    # --- the list -----------------------------------------------------------------------------------------------

    @property
    def present(self) -> int:
        """The index of the newest entry."""
        return len(self.store.session.history) - 1

    def _game_changed(self, view: GameView | None) -> None:
        if view is not None and view is not self._view:
            at_present = self.index == len(self.groups) - 1
            self._rebuild(keep_present=at_present)

    def _rebuild(self, *, keep_present: bool) -> None:
        self._view = self.store.view
        self.groups = self.store.history_groups()
        lst = self.query_one("#history-list", OptionList)
        lst.set_options([Option(self._entry(g), id=str(g.index)) for g in self.groups])
        target = self.present if keep_present or self.index > self.present else self.index
        lst.highlighted = target
        lst.scroll_to_highlight()
        self._set_index(target)

    def _entry(self, g: HistoryGroup) -> Content:
        lines: list[Content] = []
        previous = self.groups[g.index - 1].round if g.index > 0 and g.index - 1 < len(self.groups) else 0
        if g.index == 0 or g.round != previous:
            heading_words = _("Round {n}").format(n=g.round) if g.round else _("Setup")
            lines.append(Content.styled(f"── {heading_words} ──", "bold $accent"))
        # A die face: this command revealed hidden information (R13); a no-break space keeps it with the last word.
        mark = "\u00a0⚄" if g.reveals else ""
        wrap = self._wrapped = self._wrap()
        heading = textwrap.wrap(g.heading + mark, wrap - 4) or [""]
        lines.append(Content.assemble((f"{g.index:>3} ", "$text-muted"), (heading[0], "bold")))
        lines += [Content.styled("    " + more, "bold") for more in heading[1:]]
        for text in g.news(minor=self.details):
            for n, part in enumerate(textwrap.wrap(text, wrap - 6)):
                lines.append(Content("    " + part if n == 0 else "      " + part))
        return Content("\n").join(lines)

    def _wrap(self) -> int:
        """The columns of an entry's text: the list's width less its option's padding and a scrollbar (kept free
        whether shown or not, so an entry wraps the same before and after the list outgrows its height). An entry
        wrapped wider than the list was wrapped again by the list, its next lines without their indent (French at
        120 columns, every language at 80)."""
        lst = self.query_one("#history-list", OptionList)
        room = lst.content_region.width
        if room <= 0:
            return WRAP
        return max(20, room - OPTION_PADDING - lst.styles.scrollbar_size_vertical)

    @on(EntryList.Resized)
    def _rewrap(self) -> None:
        wrap = self._wrap()
        if wrap != self._wrapped:
            self._wrapped = wrap
            if self.groups:
                self.watch_details()  # every entry again, at the list's new width

    def _set_index(self, index: int) -> None:
        if index == self.index:
            self._show_past()  # same entry, maybe another state (after an undo): redraw anyway
        else:
            self.index = index

    def watch_index(self) -> None:
        self._show_past()

    def _show_past(self) -> None:
        if not 0 <= self.index <= self.present:
            return
        past = self.store.past(self.index)
        self.run_worker(self.query_one(PastTable).show_view(past), group="past", exclusive=True)
        group = self.groups[self.index]
        total = len(self.groups)
        title = Content.assemble(
            (_("History"), "bold"),
            (
                " — " + ngettext("{n} command, newest last", "{n} commands, newest last", total).format(n=total),
                "$text-muted",
            ),
        )
        self.query_one("#history-title", Static).update(title)
        if self.index == self.present:
            banner = Content.assemble((_("The table now"), "bold $success"), ("  " + _("(the present)"), "$text-muted"))
        else:
            banner = Content.assemble(
                (_("The table as it was"), "bold $warning"),
                " " + _("after {n}: {command}").format(n=group.index, command=group.heading.rstrip(".")),
                ("  · " + _("read-only · p: back to the present"), "$text-muted"),
            )
        self.query_one("#history-banner", Static).update(banner)

    @on(OptionList.OptionHighlighted, "#history-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self.index = int(event.option.id)

    # --- actions ------------------------------------------------------------------------------------------------

    def action_close(self) -> None:
        """Back to the table (the present)."""
        self.dismiss(None)

    def action_present(self) -> None:
        """Show the table as it is now."""
        lst = self.query_one("#history-list", OptionList)
        lst.highlighted = self.present
        lst.scroll_to_highlight()
        self.index = self.present

    def action_focus_table(self) -> None:
        """Move the keyboard to the past table (↑/↓ scroll it; Tab goes back to the list)."""
        self.query_one(PastTable).focus()

    def action_toggle_details(self) -> None:
        """Show or hide bookkeeping events (step changes, tallies, prompts answered)."""
        self.details = not self.details

    def watch_details(self) -> None:
        keep = self.index
        lst = self.query_one("#history-list", OptionList)
        lst.set_options([Option(self._entry(g), id=str(g.index)) for g in self.groups])
        lst.highlighted = keep
        lst.scroll_to_highlight()

    def action_round(self, step: int) -> None:
        """Jump to the first command of the previous or next round."""
        if not self.groups or not 0 <= self.index < len(self.groups):
            return
        current = self.groups[self.index].round
        if step < 0:
            earlier = [g for g in self.groups if g.round < current]
            target = next((g.index for g in self.groups if earlier and g.round == earlier[-1].round), 0)
        else:
            target = next((g.index for g in self.groups if g.round > current), self.present)
        lst = self.query_one("#history-list", OptionList)
        lst.highlighted = target
        lst.scroll_to_highlight()
