"""The general side panels of the table: hero stats and inventory, and the list a side panel shows (the odds panel
is in :mod:`twentystrong.tui.widgets.odds`; a deck's own panels come with its board,
:meth:`~twentystrong.tui.boards.base.Board.side_panels`).

Like every table widget they show the view and report presses; they never decide what a press means.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from twentystrong.engine.view import PlayerView
from twentystrong.i18n import N_, _
from twentystrong.text.cards import stat_label
from twentystrong.text.effects import describe_effects
from twentystrong.text.preview import ResolvePreview, resolve_preview
from twentystrong.tui.store import GameView
from twentystrong.tui.widgets.common import set_display, set_title, update_static

if TYPE_CHECKING:
    from twentystrong.tui.boards.base import ItemNote

Note = Callable[[PlayerView, str], "ItemNote | None"]
"""What a deck adds to a held item's entry (:meth:`twentystrong.tui.boards.base.Board.item_note`)."""


class PanelList(OptionList):
    """An option list that does not take the keyboard focus on a click (so Enter keeps its table meaning)."""

    HELP_TITLE = N_("The focused side-panel list")
    """The title of this part of the help screen."""

    FOCUS_ON_CLICK = False
    DEFAULT_CSS = """
    PanelList {
        height: auto;
        max-height: 8;
        border: none;
        padding: 0;
        background: transparent;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        &:focus { border: none; background: $boost; }
    }
    """


def panel_list(panel: Widget, list_id: str) -> PanelList:
    """The panel's option list, mounted (empty) the first time it is asked for."""
    lists = panel.query_children(f"#{list_id}").results(PanelList)
    found = next(lists, None)
    if found is None:
        found = PanelList(id=list_id)
        panel.mount(found)
    return found


class HeroPanel(Widget):
    """The hero's name and three stat dice (Health out of its bound, Strategy, Recovery), during the Strategy phase
    what Resolve will cost (:mod:`twentystrong.text.preview`), and the ability (marked ``▶`` when it can be used).

    Short terminals get one line of stats and one of the preview (CSS: ``TableScreen.-short``)."""

    DEFAULT_CSS = """
    HeroPanel { height: auto; }
    HeroPanel > Static { height: auto; }
    HeroPanel #stats-line, HeroPanel #preview-short { display: none; }
    HeroPanel #ability { color: $text-muted; text-wrap: nowrap; text-overflow: ellipsis; }
    HeroPanel #ability.-usable { text-wrap: wrap; }
    HeroPanel #ability.-usable { color: $text; text-style: bold; }
    HeroPanel #ability.-usable:hover { background: $boost; }
    HeroPanel #preview.-lethal, HeroPanel #preview-short.-lethal { text-style: bold; }
    HeroPanel .-none { display: none; }
    """

    class UseAbility(Message):
        """The player clicked the hero's ability."""

    def compose(self) -> ComposeResult:
        yield Static(id="stats")
        yield Static(id="stats-line")
        yield Static(id="preview")
        yield Static(id="preview-short")
        yield Static(id="ability")

    def show(self, view: GameView) -> None:
        """Show the hero of this view."""
        s = view.player
        hero = s.hero
        if not hero.id:
            return
        card = view.deck.hero(hero.id)
        health = f"{hero.health}/{STAT_MAX}"
        names = [stat_label(stat) for stat in ("health", "strategy", "recovery")]
        width = max(9, *(len(name) for name in names))  # the numbers in one column, in any language
        update_static(
            self.query_one("#stats", Static),
            Content.assemble(
                (card.name, "bold"),
                "\n",
                _stat("♥", names[0], health, "$error", width),
                "\n",
                _stat("⚑", names[1], str(hero.strategy), "$primary", width),
                "\n",
                _stat("↻", names[2], str(hero.recovery), "$success", width),
            ),
        )
        update_static(
            self.query_one("#stats-line", Static),
            Content.assemble(
                (card.name, "bold"),
                ("  ♥", "$error"),
                (health, "bold"),
                (" ⚑", "$primary"),
                (str(hero.strategy), "bold"),
                (" ↻", "$success"),
                (str(hero.recovery), "bold"),
            ),
        )
        self._show_preview(resolve_preview(s))
        usable = view.can("use_ability")
        ability = card.ability_text or describe_effects(card.ability)
        label = (_("Ability (u):") if usable else _("Ability:")) + " "
        text = (
            Content.assemble(("▶ " if usable else "", "bold $accent"), (label, "bold"), ability)
            if ability
            else Content("")
        )
        widget = self.query_one("#ability", Static)
        update_static(widget, text)
        widget.set_class(usable, "-usable")
        widget.set_class(not ability, "-none")  # a class, not display: the table's CSS hides it when short

    def _show_preview(self, preview: ResolvePreview | None) -> None:
        full = self.query_one("#preview", Static)
        short = self.query_one("#preview-short", Static)
        if preview is None:
            update_static(full, Content(""))
            update_static(short, Content(""))
            full.set_class(True, "-none")
            short.set_class(True, "-none")
            return
        # A warning sign and bold type (never colour alone) when step 1 alone would end the game.
        sign = "⚠ " if preview.lethal else ""
        update_static(full, Content.assemble((sign, "bold $error"), preview.words()))
        update_static(short, Content.assemble((sign, "bold $error"), preview.short()))
        for widget in (full, short):
            widget.set_class(False, "-none")
            widget.set_class(preview.lethal, "-lethal")

    def on_click(self, event: events.Click) -> None:
        if event.widget is not None and event.widget.id == "ability" and event.widget.has_class("-usable"):
            event.stop()
            self.post_message(self.UseAbility())


STAT_MAX = 6
"""R1: a stat die shows at most 6 (Health reads ``5/6``)."""


def _stat(symbol: str, name: str, value: str, color: str, width: int = 9) -> Content:
    """``♥ Health    5/6``: one stat die, its value in bold (the name padded to ``width``)."""
    return Content.assemble((f"{symbol} ", color), (name.ljust(width), ""), (f" {value}", "bold"))


class InventoryPanel(Widget):
    """Held items, ``n/Strategy``: each with its kind and what it does; usable ones are marked ``▶``."""

    DEFAULT_CSS = """
    InventoryPanel { height: auto; }
    InventoryPanel #empty { color: $text-muted; }
    """

    class Pressed(Message):
        """An item was chosen (clicked, or Enter in the list)."""

        def __init__(self, item: str) -> None:
            super().__init__()
            self.item = item

    def compose(self) -> ComposeResult:
        yield Static(_("no items"), id="empty")
        # The list (#items) is mounted with the first item: a game starts without any, and the table's first frame
        # comes sooner without an option list nobody sees.

    def show(self, view: GameView, note: Note | None = None) -> None:
        """Show the inventory of this view (``note``: what the deck adds to an item, :meth:`Board.item_note`)."""
        s = view.player
        set_title(self, _("Inventory {held}/{most}").format(held=len(s.inventory), most=s.hero.strategy))
        usable = {c.item for c in view.legal if c.cmd == "use_item"}
        short = self.screen.has_class("-short")  # one line per item on a short terminal (i has the full text)
        notes = tuple(note(s, item) for item in s.inventory) if note is not None else (None,) * len(s.inventory)
        key = (s.inventory, frozenset(usable), short, notes)
        if key == getattr(self, "_key", None):
            return
        self._key = key
        options = [
            Option(_item_label(s, item, item in usable, short=short, note=n), id=item)
            for item, n in zip(s.inventory, notes, strict=True)
        ]
        if not options and not self.query_children("#items"):
            return  # "no items" is showing
        items = panel_list(self, "items")
        highlighted = items.highlighted
        items.set_options(options)
        if options and highlighted is not None:
            items.highlighted = min(highlighted, len(options) - 1)
        set_display(items, bool(options))
        set_display(self.query_one("#empty", Static), not options)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Pressed(event.option.id))


def _item_label(
    s: PlayerView, item: str, usable: bool, *, short: bool = False, note: ItemNote | None = None
) -> Content:
    card = s.deck.card(item)
    kind = card.reward.kind if card.reward is not None else ""
    icon = {"single_use": "◆", "ongoing": "◈"}.get(kind, "•")
    words = ""
    if card.reward is not None:
        words = card.reward.text or describe_effects(card.reward.effects)
    progress = ""
    if note is not None:
        words = note.words or words
        progress = f" {note.progress}" if note.progress else ""
    return Content.assemble(
        ("▶ " if usable else "  ", "bold $accent"),
        (f"{icon} ", "$secondary"),
        (card.name, "bold" if usable else ""),
        (progress, "bold $accent"),
        ("" if short else "\n  ", ""),
        ("" if short else words, "$text-muted"),
    )
