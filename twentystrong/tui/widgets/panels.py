"""The side panels of the table: hero stats, inventory, missions and the chip, and the boss (the odds panel is in
:mod:`twentystrong.tui.widgets.odds`).

Like every table widget they show the view and report presses; they never decide what a press means.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from twentystrong.engine.view import PlayerView
from twentystrong.kits.solar_sentinels.content import mission_by_id
from twentystrong.kits.solar_sentinels.rules.view import SolarSentinelsView
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

    HELP_TITLE = "The focused side-panel list"
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


def _list_of(panel: Widget, list_id: str) -> PanelList:
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
        update_static(
            self.query_one("#stats", Static),
            Content.assemble(
                (card.name, "bold"),
                "\n",
                _stat("♥", "Health", health, "$error"),
                "\n",
                _stat("⚑", "Strategy", str(hero.strategy), "$primary"),
                "\n",
                _stat("↻", "Recovery", str(hero.recovery), "$success"),
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
        label = "Ability (u): " if usable else "Ability: "
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


def _stat(symbol: str, name: str, value: str, color: str) -> Content:
    """``♥ Health    5/6``: one stat die, its value in bold."""
    return Content.assemble((f"{symbol} ", color), (f"{name:<9}", ""), (f" {value}", "bold"))


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
        yield Static("no items", id="empty")
        # The list (#items) is mounted with the first item: a game starts without any, and the table's first frame
        # comes sooner without an option list nobody sees.

    def show(self, view: GameView, note: Note | None = None) -> None:
        """Show the inventory of this view (``note``: what the deck adds to an item, :meth:`Board.item_note`)."""
        s = view.player
        set_title(self, f"Inventory {len(s.inventory)}/{s.hero.strategy}")
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
        items = _list_of(self, "items")
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


_NOT_DEALT = SolarSentinelsView(stacks=(), missions=(), current_mission=None, revealed_boss=None, boss_deck_size=0)


def _solar(view: PlayerView) -> SolarSentinelsView:
    """The Solar Sentinels table of the view (an empty one for another deck)."""
    t = view.table
    return t if isinstance(t, SolarSentinelsView) else _NOT_DEALT


class MissionsPanel(Widget):
    """The dealt missions left to right: the current one marked ``▶`` with its progress on the chip."""

    DEFAULT_CSS = """
    MissionsPanel { height: auto; }
    MissionsPanel #missions-line { display: none; height: auto; }
    """

    class Pressed(Message):
        """A mission was chosen."""

        def __init__(self, mission: str) -> None:
            super().__init__()
            self.mission = mission

    # The list (#missions) is mounted when the panel first has missions to show (hidden in a game without any).
    # Short terminals show one line instead (#missions-line: the current mission and its progress).

    def compose(self) -> ComposeResult:
        yield Static(id="missions-line")

    def show(self, view: GameView) -> None:
        """Show the missions of this view (the panel hides itself in a game without missions)."""
        s = view.player
        t = _solar(s)
        set_display(self, bool(t.missions))
        if not t.missions:
            return
        key = (t.missions, t.chip)
        if key == getattr(self, "_key", None):
            return
        self._key = key
        current = t.current_mission
        done = sum(1 for m in t.missions if m.status == "done")
        dealt = sum(1 for m in t.missions if m.status != "discarded")
        set_title(self, f"Missions {done} of {dealt} done · chip {t.chip}")
        if current is not None:
            mission = mission_by_id(s.deck, current.id)
            line = Content.assemble(
                ("▶ ", "bold $accent"), (mission.name, "bold"), (f" {t.chip}/{mission.target}", "$accent")
            )
        else:
            line = Content.styled("no mission left", "$text-muted")
        update_static(self.query_one("#missions-line", Static), line)
        options = []
        for m in t.missions:
            mission = mission_by_id(s.deck, m.id)
            mark = {"done": "✔", "forfeited": "✗", "discarded": "–"}.get(m.status, "·")
            style = "$text-muted strike" if m.status in ("forfeited", "discarded") else ""
            if current is not None and m.id == current.id:
                mark = "▶"
                style = "bold"
            label = Content.assemble((f"{mark} ", "bold $accent"), (mission.name, style))
            if current is not None and m.id == current.id:
                label = Content.assemble(label, (f" {t.chip}/{mission.target}", "$accent"))
            options.append(Option(label, id=m.id))
        lst = _list_of(self, "missions")
        highlighted = lst.highlighted
        lst.set_options(options)
        if highlighted is not None:
            lst.highlighted = min(highlighted, len(options) - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Pressed(event.option.id))


class BossPanel(Static):
    """The boss deck (face down, counted) and the revealed boss, if any."""

    DEFAULT_CSS = """
    BossPanel { height: auto; }
    BossPanel.-nothing { height: 0; }
    """

    class Pressed(Message):
        """The revealed boss was clicked."""

        def __init__(self, boss: str) -> None:
            super().__init__()
            self.boss = boss

    revealed: reactive[str | None] = reactive(None)

    def show(self, view: GameView) -> None:
        """Show the boss deck of this view."""
        s = view.player
        t = _solar(s)
        # The counts go in the title (one line on the side column); the revealed boss, if any, below it.
        title = f"Boss deck · {t.boss_deck_size} face down"
        if t.boss_discard:
            title += f" · {len(t.boss_discard)} discarded"
        set_title(self, title)
        parts: list[Content | str | tuple[str, str]] = []
        if t.revealed_boss:
            boss = s.deck.boss(t.revealed_boss)
            parts += [
                ("Revealed: ", "$text-muted"),
                (boss.name, "bold"),
                f"  ♥{boss.health} ⚔{boss.damage} +{boss.entourage}",
            ]
        self.revealed = t.revealed_boss
        self.set_class(not parts, "-nothing")
        update_static(self, Content.assemble(*parts))

    def on_click(self, event: events.Click) -> None:
        if self.revealed:
            event.stop()
            self.post_message(self.Pressed(self.revealed))
