"""Cards on the table: the cards in the active area, and the marks and printed lines every card on the table shows
(a deck's own zones, drawn by its board, use them too).

A card only shows what the view says and reports presses (:class:`CardView.Pressed`); the table screen turns a press
into whatever legal command it stands for.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from twentystrong.engine.view import ActiveCard, DieState, PlayerView
from twentystrong.i18n import N_, _
from twentystrong.text.cards import REWARD_ICONS, TextLine, printed_lines
from twentystrong.tui.boards import board_class
from twentystrong.tui.widgets.common import refresh_content, set_subtitle, set_title
from twentystrong.tui.widgets.dice import die_chip

MANDATORY = "!"
"""Marks a mandatory enemy (R3) wherever a card name is shown (before the name, so it is never cut off)."""
MARK = "▶"
"""Marks a pile or card that the next press can choose (a legal target), beside its frame's colour."""


EFFECT_ROLES = frozenset({"during", "after", "special", "rule"})
"""The lines of a card that are its effects (a cancelled card's are not shown; its reward and numbers are)."""


def printed_line(line: TextLine, *, ended: bool = False) -> Content:
    """One printed line of a card: its label (``During:``, ``★ Instant reward:`` …) in bold, then its words."""
    label = line.label
    if line.reward in REWARD_ICONS:
        label = f"{REWARD_ICONS[line.reward]} {label}"
    if ended:
        # Translators: the heading of a card's effect that no longer works ("During:" → "During (ended):").
        label = _("{heading} (ended):").format(heading=label.rstrip(": "))
    return Content.assemble((label, "bold"), " ", (line.text, "$text-muted" if ended else ""))


class CardInfo(NamedTuple):
    """What an active card shows: every number comes from the engine's hook points, never computed here."""

    id: str
    number: int
    name: str
    boss: bool
    level: int
    health: int
    damage_taken: int
    damage: int
    additional: int
    defeated: bool
    mandatory: bool
    cancelled: bool
    dice: tuple[DieState, ...]
    lines: tuple[TextLine, ...]
    """What is printed on it: each effect under its timing, then the reward under its kind."""
    kind: str = ""
    """What it is, where the deck says so (its board's :meth:`~twentystrong.tui.boards.base.Board.card_kind`); "" for
    a plain conflict card (its level is shown) or boss."""
    dice_stay: bool = False
    """Its dice stay applied into the next round while it stands (a multi-round fight, HV9)."""

    @staticmethod
    def of(view: PlayerView, card: ActiveCard, number: int) -> CardInfo:
        """The card as the player should see it now."""
        deck = view.deck
        if card.boss:
            boss = deck.boss(card.id)
            name, level, additional, mandatory = boss.name, 0, boss.entourage, False
            printed = printed_lines(boss)
        else:
            conflict = deck.card(card.id)
            name, level, additional, mandatory = conflict.name, conflict.level, conflict.additional, conflict.mandatory
            printed = printed_lines(conflict)
        kind = board_class(deck.info.ruleset).card_kind(view, card)
        stay = not card.defeated and view.keeps_applied_dice(card)
        return CardInfo(
            id=card.id,
            number=number,
            name=name,
            boss=card.boss,
            level=level,
            health=view.card_health(card),
            damage_taken=view.damage_taken(card),
            damage=view.enemy_damage(card),
            additional=additional,
            defeated=card.defeated,
            mandatory=mandatory,
            cancelled=card.cancelled,
            dice=view.applied_to(card.id),
            lines=tuple(printed),
            kind=kind,
            dice_stay=stay,
        )


class CardView(Widget, can_focus=True):
    """A card in the active area: Health, damage taken / Health, the damage it deals, defeat, and its dice."""

    HELP_TITLE = N_("The focused card")
    """The title of this part of the help screen."""

    DEFAULT_CSS = """
    CardView {
        height: auto;
        width: 1fr;
        min-width: 22;
        border: round $foreground 30%;
        border-title-style: bold;
        padding: 0 1;
        &.-defeated { border: round $success; border-title-color: $success; }
        &.-boss { border: heavy $error; }
        &.-target { border: round $accent; background: $accent 15%; }
        &:focus { border: double $accent; background: $boost; }
        &:hover { background: $boost; }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "press", N_("Target card"), show=False),  # Enter stays the step's main action
        Binding("d", "details", N_("Card details")),
        Binding("left", "app.focus_previous", N_("Previous"), show=False),
        Binding("right", "app.focus_next", N_("Next"), show=False),
    ]
    FOCUS_ON_CLICK = False

    info: reactive[CardInfo | None] = reactive(None)
    target: reactive[bool] = reactive(False, toggle_class="-target")
    """Whether the selected die (or an effect's choice) can go on this card now."""

    class Pressed(Message):
        """The card was clicked or pressed."""

        def __init__(self, card: str) -> None:
            super().__init__()
            self.card = card

    class Details(Message):
        """The player asked for the card's full text."""

        def __init__(self, card: str) -> None:
            super().__init__()
            self.card = card

    def __init__(self, info: CardInfo) -> None:
        super().__init__(id=f"card-{info.id}")
        self.info = info

    def watch_info(self, info: CardInfo | None) -> None:
        if info is None:
            return
        self._title()
        kind = info.kind or (_("boss") if info.boss else _("level {n}").format(n=info.level))
        set_subtitle(self, _("DEFEATED ✔") if info.defeated else kind)
        self.set_class(info.defeated, "-defeated")
        self.set_class(info.boss, "-boss")
        refresh_content(self)

    def watch_target(self) -> None:
        self._title()

    def _title(self) -> None:
        info = self.info
        if info is None:
            return
        # The mandatory mark before the name (a long name is cut at its end); a legal target is marked with a
        # glyph as well as its frame's colour (never colour alone).
        mark = f"{MANDATORY} " if info.mandatory else ""
        crown = "♛ " if info.boss else ""
        target = f"{MARK} " if self.target else ""
        set_title(self, Content(f"{target}[{info.number}] {mark}{crown}{info.name}"))

    def render(self) -> Content:
        info = self.info
        if info is None:
            return Content("")
        health = Content.assemble(
            ("♥ ", "$error"),
            (f"{info.damage_taken}/{info.health}", "bold $success" if info.defeated else "bold"),
        )
        deals = Content.assemble(("  ⚔ ", "$warning"), ("—" if info.defeated else f"{info.damage}", "bold"))
        extra = Content.styled(f"  +{info.additional}", "bold $accent") if info.additional else Content("")
        lines = [Content.assemble(health, deals, extra)]
        if info.dice:
            dice = Content(" ").join(die_chip(d) for d in info.dice)
            if info.dice_stay:  # HV9: they stay into the next round of the fight
                dice = Content.assemble(dice, ("  " + _("(stay)"), "bold"))
            lines.append(dice)
        else:
            lines.append(Content.styled(_("no dice"), "$text-muted"))
        if info.cancelled:
            lines.append(Content.styled(_("Its effects are cancelled."), "italic"))
        for line in info.lines:
            if info.cancelled and line.role in EFFECT_ROLES:
                continue
            # R6: a defeated card's During effects end at once (After and Special effects still work).
            lines.append(printed_line(line, ended=info.defeated and line.role == "during"))
        return Content("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if self.info is not None:
            self.post_message(self.Pressed(self.info.id))

    def action_press(self) -> None:
        """Use the card as the target of the selected die or choice."""
        if self.info is not None:
            self.post_message(self.Pressed(self.info.id))

    def action_details(self) -> None:
        """Open the card browser on this card."""
        if self.info is not None:
            self.post_message(self.Details(self.info.id))
