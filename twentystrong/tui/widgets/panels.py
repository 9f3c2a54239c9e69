"""The side panels of the table: hero stats, inventory, missions and the chip, and the boss (the odds panel is in
:mod:`twentystrong.tui.widgets.odds`).

Like every table widget they show the view and report presses; they never decide what a press means.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from twentystrong.engine.rulesets.solar_sentinels import table
from twentystrong.engine.state import GameState
from twentystrong.text.effects import describe_effects
from twentystrong.tui.store import GameView
from twentystrong.tui.widgets.common import set_display, set_title, update_static


class PanelList(OptionList):
    """An option list that does not take the keyboard focus on a click (so Enter keeps its table meaning)."""

    FOCUS_ON_CLICK = False
    DEFAULT_CSS = """
    PanelList {
        height: auto;
        max-height: 8;
        border: none;
        padding: 0;
        background: transparent;
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
    """The hero's name and three stat dice (Health, Strategy, Recovery), and the ability when it can be used."""

    DEFAULT_CSS = """
    HeroPanel { height: auto; }
    HeroPanel #stats { height: auto; }
    HeroPanel #ability { height: auto; color: $text-muted; }
    HeroPanel #ability.-usable { color: $text; text-style: bold; }
    HeroPanel #ability.-usable:hover { background: $boost; }
    """

    class UseAbility(Message):
        """The player clicked the hero's ability."""

    def compose(self) -> ComposeResult:
        yield Static(id="stats")
        yield Static(id="ability")

    def show(self, view: GameView) -> None:
        """Show the hero of this view."""
        s = view.state
        hero = s.hero
        if not hero.id:
            return
        card = view.deck.hero(hero.id)
        update_static(
            self.query_one("#stats", Static),
            Content.assemble(
                (card.name, "bold"),
                "\n",
                _stat("♥", "Health", hero.health, "$error"),
                "\n",
                _stat("⚑", "Strategy", hero.strategy, "$primary"),
                "\n",
                _stat("↻", "Recovery", hero.recovery, "$success"),
            ),
        )
        usable = view.can("use_ability")
        ability = card.ability_text or describe_effects(card.ability)
        text = Content.assemble(("▶ " if usable else "", "bold $accent"), ability) if ability else Content("")
        widget = self.query_one("#ability", Static)
        update_static(widget, text)
        widget.set_class(usable, "-usable")
        set_display(widget, bool(ability))

    def on_click(self, event: events.Click) -> None:
        if event.widget is not None and event.widget.id == "ability" and event.widget.has_class("-usable"):
            event.stop()
            self.post_message(self.UseAbility())


def _stat(symbol: str, name: str, value: int, color: str) -> Content:
    """``♥ Health    6``: one stat die, its face shown as a reversed number."""
    return Content.assemble((f"{symbol} ", color), (f"{name:<9}", ""), (f" {value} ", "bold reverse"))


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

    def show(self, view: GameView) -> None:
        """Show the inventory of this view."""
        s = view.state
        set_title(self, f"Inventory {len(s.inventory)}/{s.hero.strategy}")
        usable = {c.item for c in view.legal if c.cmd == "use_item"}
        key = (s.inventory, frozenset(usable))
        if key == getattr(self, "_key", None):
            return
        self._key = key
        options = [Option(_item_label(s, item, item in usable), id=item) for item in s.inventory]
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


def _item_label(s: GameState, item: str, usable: bool) -> Content:
    card = s.deck.card(item)
    kind = card.reward.kind if card.reward is not None else ""
    icon = {"single_use": "◆", "ongoing": "◈"}.get(kind, "•")
    words = ""
    if card.reward is not None:
        words = card.reward.text or describe_effects(card.reward.effects)
    return Content.assemble(
        ("▶ " if usable else "  ", "bold $accent"),
        (f"{icon} ", "$secondary"),
        (card.name, "bold" if usable else ""),
        "\n  ",
        (words, "$text-muted"),
    )


class MissionsPanel(Widget):
    """The dealt missions left to right: the current one marked ``▶`` with its progress on the chip."""

    DEFAULT_CSS = """
    MissionsPanel { height: auto; }
    """

    class Pressed(Message):
        """A mission was chosen."""

        def __init__(self, mission: str) -> None:
            super().__init__()
            self.mission = mission

    # The list (#missions) is mounted when the panel first has missions to show (hidden in a game without any).

    def show(self, view: GameView) -> None:
        """Show the missions of this view (the panel hides itself in a game without missions)."""
        s = view.state
        t = table(s)
        set_display(self, bool(t.missions))
        if not t.missions:
            return
        key = (t.missions, t.chip)
        if key == getattr(self, "_key", None):
            return
        self._key = key
        current = t.current_mission
        done = sum(1 for m in t.missions if m.status == "done")
        set_title(self, f"Missions {done} done · chip {t.chip}")
        options = []
        for m in t.missions:
            mission = s.deck.mission(m.id)
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
    """

    class Pressed(Message):
        """The revealed boss was clicked."""

        def __init__(self, boss: str) -> None:
            super().__init__()
            self.boss = boss

    revealed: reactive[str | None] = reactive(None)

    def show(self, view: GameView) -> None:
        """Show the boss deck of this view."""
        s = view.state
        t = table(s)
        parts: list[Content | str | tuple[str, str]] = [
            (f"{len(t.boss_deck)}", "bold"),
            " face down",
        ]
        if t.boss_discard:
            parts += [" · ", (f"{len(t.boss_discard)}", "bold"), " discarded"]
        if t.revealed_boss:
            boss = s.deck.boss(t.revealed_boss)
            parts += [
                "\n",
                ("Revealed: ", "$text-muted"),
                (boss.name, "bold $error"),
                f"  ♥{boss.health} ⚔{boss.damage} +{boss.entourage}",
            ]
        self.revealed = t.revealed_boss
        update_static(self, Content.assemble(*parts))

    def on_click(self, event: events.Click) -> None:
        if self.revealed:
            event.stop()
            self.post_message(self.Pressed(self.revealed))
