"""The setup draws of Hoplomachus Victorum shown as cards in the active area (HV1, HV2): the Victorum heroes drawn
(each with its stats, its ability and the Primus it becomes if not played) and the universal option, then the four
Tactics drawn (each returns to the Tactics area once used). A click on a card (or its number, in its title) chooses
it; Enter lists every choice in words."""

from __future__ import annotations

from typing import NamedTuple

from textual import events
from textual.app import ComposeResult
from textual.containers import Container
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from twentystrong.engine.commands import Command
from twentystrong.engine.rulesets.hoplomachus_victorum import table
from twentystrong.text.effects import describe_effects
from twentystrong.tui.store import GameView

DRAW_KINDS = frozenset({"choose_hero", "keep_tactic"})
"""The setup steps whose choices are drawn cards."""


class DrawItem(NamedTuple):
    """One drawn card: its title, its lines, and the commands choosing it (several: a list to pick from)."""

    key: str
    title: str
    body: Content
    commands: tuple[Command, ...]
    question: str = ""
    """The choices list's title when several commands stand behind the card."""


def draw_items(view: GameView) -> list[DrawItem]:
    """The cards of the current setup draw (none outside those steps)."""
    s = view.state
    t = table(s)
    deck = s.deck
    out: list[DrawItem] = []
    if view.kind == "choose_hero":
        heroes = view.find("choose_hero")
        for hero_id in t.heroes_drawn:
            hero = deck.hero(hero_id)
            ability = hero.ability_text or describe_effects(list(hero.ability)) or "No special ability."
            lines: list[Content] = [
                Content.assemble(
                    ("♥", "$error"),
                    f"{hero.health} ",
                    ("⚑", "$primary"),
                    f"{hero.strategy} ",
                    ("↻", "$success"),
                    f"{hero.recovery}",
                ),  # fmt: skip
                Content(ability),
            ]
            if hero_id in deck.primus_of:
                primus = deck.primus(deck.primus_of[hero_id])
                extra = f" +{primus.additional}" if primus.additional else ""
                lines.append(
                    Content.styled(f"Else ♛ {primus.name} ♥{primus.health} ⚔{primus.damage}{extra}", "$text-muted")
                )
            own = tuple(c for c in heroes if c.hero == hero_id and c.aside is None)
            out.append(DrawItem(hero_id, hero.name, Content("\n").join(lines), own))
        universal = tuple(c for c in heroes if c.aside is not None)
        if universal:
            names = sorted({deck.hero(str(c.hero)).name for c in universal})
            body = Content.assemble(
                ("Play a universal hero instead: ", "bold"),
                ", ".join(names),
                ("\nOne drawn hero is set aside (out of the game); the others wait as Primus.", "$text-muted"),
            )
            out.append(
                DrawItem("universal", "A universal hero…", body, universal, "A universal hero, and who is set aside")
            )
    elif view.kind == "keep_tactic":
        for tactic_id in t.tactics_drawn:
            tactic = deck.tactic(tactic_id)
            words = tactic.text or describe_effects(list(tactic.effects))
            body = Content.assemble(("◆ ", "$secondary"), words)
            out.append(DrawItem(tactic_id, tactic.name, body, tuple(view.find("keep_tactic", tactic=tactic_id))))
    return out


class DrawCard(Static):
    """One drawn card, numbered; a click reports :class:`DrawView.Pressed`."""

    DEFAULT_CSS = """
    DrawCard {
        width: 1fr;
        height: auto;
        min-height: 5;
        border: round $accent;
        border-title-color: $foreground;
        border-title-style: bold;
        padding: 0 1;
        &:hover { background: $boost; }
    }
    """

    def __init__(self, number: int, item: DrawItem) -> None:
        super().__init__(Content.assemble((item.title, "bold"), "\n", item.body), id=f"draw-{item.key}")
        self.number = number
        self.item = item
        self.border_title = f"▶ {number}" if number <= 9 else "▶"  # its number key (the name may be long)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(DrawView.Pressed(self.number))


class DrawView(Container):
    """The setup draw, a card each, in a grid (four a row; two on a narrow terminal)."""

    DEFAULT_CSS = """
    DrawView { layout: grid; grid-size: 4; grid-gutter: 0 1; grid-rows: auto; height: auto; column-span: 3; }
    """

    class Pressed(Message):
        """The n-th drawn card (from 1) was clicked."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    def __init__(self, items: list[DrawItem]) -> None:
        super().__init__(classes="draw")  # no id: the next draw mounts while this one is still being removed
        self.items = items
        self.key = tuple(item.key for item in items)

    def compose(self) -> ComposeResult:
        for n, item in enumerate(self.items, start=1):
            yield DrawCard(n, item)

    def on_resize(self, event: events.Resize) -> None:
        columns = 2 if event.size.width < 72 else 4  # a narrow terminal: two cards a row, words unbroken
        if self.styles.grid_size_columns != columns:
            self.styles.grid_size_columns = columns


__all__ = ["DRAW_KINDS", "DrawCard", "DrawItem", "DrawView", "draw_items"]
