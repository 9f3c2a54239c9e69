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
from twentystrong.i18n import _
from twentystrong.kits.hoplomachus_victorum.board.camps import vesuvius
from twentystrong.kits.hoplomachus_victorum.content import primus_by_id, primus_of, tactic_by_id
from twentystrong.text.effects import describe_effects
from twentystrong.tui.store import GameView

DRAW_KINDS = frozenset({"choose_hero", "keep_tactic"})
"""The setup steps whose choices are drawn cards."""
ROOMY_UP_TO = 4
"""A compact draw of this many cards or fewer has three lines a card (the four Tactics)."""
DENSE_FROM = 6
"""A compact draw of more cards than this shows one line a card (difficulty 2 and up: 6 to 9 cards)."""


class DrawItem(NamedTuple):
    """One drawn card: its title, its lines, and the commands choosing it (several: a list to pick from)."""

    key: str
    title: str
    body: Content
    commands: tuple[Command, ...]
    question: str = ""
    """The choices list's title when several commands stand behind the card."""
    compact: Content | None = None
    """Its words run on for a short terminal, what matters most for the choice first (else the body's lines)."""


def draw_items(view: GameView) -> list[DrawItem]:
    """The cards of the current setup draw (none outside those steps)."""
    t = vesuvius(view)
    deck = view.deck
    out: list[DrawItem] = []
    if view.kind == "choose_hero":
        heroes = view.find("choose_hero")
        for hero_id in t.heroes_drawn:
            hero = deck.hero(hero_id)
            ability = hero.ability_text or describe_effects(list(hero.ability)) or _("No special ability.")
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
            if hero_id in primus_of(deck):
                primus = primus_by_id(deck, primus_of(deck)[hero_id])
                extra = f" +{primus.additional}" if primus.additional else ""
                stats = f"♥{primus.health} ⚔{primus.damage}{extra}"
                words = _("Else ♛ {name} {stats}").format(name=primus.name, stats=stats)
                lines.append(Content.styled(words, "$text-muted"))
            own = tuple(c for c in heroes if c.hero == hero_id and c.aside is None)
            # Short: the numbers and the Primus it becomes (a few words) before the ability (cut first).
            compact = Content(" · ").join([lines[0], *lines[2:], lines[1]])
            out.append(DrawItem(hero_id, hero.name, Content("\n").join(lines), own, compact=compact))
        universal = tuple(c for c in heroes if c.aside is not None)
        if universal:
            names = sorted({deck.hero(str(c.hero)).name for c in universal})
            body = Content.assemble(
                (_("Play a universal hero instead:") + " ", "bold"),
                ", ".join(names),
                ("\n" + _("One drawn hero is set aside (out of the game); the others wait as Primus."), "$text-muted"),
            )
            title, question = _("A universal hero…"), _("A universal hero, and who is set aside")
            out.append(DrawItem("universal", title, body, universal, question))
    elif view.kind == "keep_tactic":
        for tactic_id in t.tactics_drawn:
            tactic = tactic_by_id(deck, tactic_id)
            words = tactic.text or describe_effects(list(tactic.effects))
            body = Content.assemble(("◆ ", "$secondary"), words)
            out.append(DrawItem(tactic_id, tactic.name, body, tuple(view.find("keep_tactic", tactic=tactic_id))))
    return out


class DrawCard(Static):
    """One drawn card, numbered; a click reports :class:`DrawView.Pressed`.

    A compact draw (a short terminal) shows each card without a frame, in at most two lines: its number and name,
    then its numbers and words run on (cut with … where they do not fit; Enter lists every choice in words, and the
    card's tooltip holds it in full)."""

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
        self.full = Content.assemble((item.title, "bold"), "\n", item.body)
        key = f"▶{number} " if number <= 9 else "▶ "
        words = item.compact if item.compact is not None else Content(" · ").join(item.body.split("\n"))
        self.compact = Content.assemble((key, "bold"), (item.title, "bold"), " ", words)
        super().__init__(self.full, id=f"draw-{item.key}")
        self.number = number
        self.item = item
        self.border_title = f"▶ {number}" if number <= 9 else "▶"  # its number key (the name may be long)

    def show_compact(self, compact: bool) -> None:
        """Frame and lines (a roomy terminal), or the compact lines of a short one."""
        self.update(self.compact if compact else self.full)
        self.tooltip = self.full if compact else None

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(DrawView.Pressed(self.number))


class DrawView(Container):
    """The setup draw, a card each, in a grid (four a row; two on a narrow terminal)."""

    DEFAULT_CSS = """
    DrawView {
        layout: grid; grid-size: 4; grid-gutter: 0 1; grid-rows: auto; height: auto; column-span: 3;
        &.-compact DrawCard { min-height: 1; max-height: 2; border: none; padding: 0; text-overflow: ellipsis; }
        &.-compact.-roomy DrawCard { max-height: 3; }
        &.-compact.-dense DrawCard { max-height: 1; text-wrap: nowrap; }
    }
    """

    class Pressed(Message):
        """The n-th drawn card (from 1) was clicked."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    def __init__(self, items: list[DrawItem], *, compact: bool = False) -> None:
        super().__init__(classes="draw")  # no id: the next draw mounts while this one is still being removed
        self.items = items
        self.key = tuple(item.key for item in items)
        self.compact = compact
        self.set_class(compact, "-compact")
        self.set_class(len(items) > DENSE_FROM, "-dense")
        self.set_class(len(items) <= ROOMY_UP_TO, "-roomy")

    def compose(self) -> ComposeResult:
        for n, item in enumerate(self.items, start=1):
            card = DrawCard(n, item)
            card.show_compact(self.compact)
            yield card

    def set_compact(self, compact: bool) -> None:
        """A short terminal: every card of the draw in view at once, a line or two each, one card a row."""
        if compact == self.compact:
            return
        self.compact = compact
        self.set_class(compact, "-compact")
        for card in self.query(DrawCard):
            card.show_compact(compact)
        self._columns(self.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self._columns(event.size.width)

    def _columns(self, width: int) -> None:
        # A narrow terminal: two cards a row, words unbroken; a short one: one card a row, a line or two each.
        columns = 1 if self.compact else 2 if width < 72 else 4
        if self.styles.grid_size_columns != columns:
            self.styles.grid_size_columns = columns


__all__ = ["DRAW_KINDS", "DrawCard", "DrawItem", "DrawView", "draw_items"]
