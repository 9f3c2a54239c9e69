"""Cards on the table: the three stacks and the cards in the active area.

Both only show what the view says and report presses (:class:`StackView.Pressed`, :class:`CardView.Pressed`); the
table screen turns a press into whatever legal command it stands for.
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
from twentystrong.kits.hoplomachus_victorum.content import CampCard
from twentystrong.kits.solar_sentinels.rules.view import SolarSentinelsView
from twentystrong.text.cards import REWARD_ICONS, printed_lines
from twentystrong.text.cards import SORT_NAMES as CAMP_KIND_NAMES
from twentystrong.tui.widgets.common import refresh_content, set_subtitle, set_title
from twentystrong.tui.widgets.dice import die_chip

MANDATORY = "!"
"""Marks a mandatory enemy (R3) wherever a card name is shown (before the name, so it is never cut off)."""
MARK = "▶"
"""Marks a stack or card that the next press can choose (a legal target), beside its frame's colour."""


def printed_line(label: str, text: str, *, ended: bool = False) -> Content:
    """One printed line of a card: its label (``During:``, ``★ Instant reward:`` …) in bold, then its words."""
    kind = next((kind for kind, prefix in _REWARD_LABELS.items() if label.startswith(prefix)), None)
    if kind is not None:
        label = f"{REWARD_ICONS[kind]} {label}"
    if ended:
        label = label.rstrip(":") + " (ended):"
    return Content.assemble((label, "bold"), " ", (text, "$text-muted" if ended else ""))


_REWARD_LABELS = {"instant": "Instant reward", "single_use": "Single-use item", "ongoing": "Ongoing item"}


# NamedTuples, not frozen dataclasses: as immutable and hashable, and each costs ~0.3 ms less to define at start-up.
class StackInfo(NamedTuple):
    """What a stack shows: its number, size and top card."""

    number: int
    size: int
    top: str | None = None
    name: str = ""
    level: int = 0
    health: int = 0
    damage: int = 0
    additional: int = 0
    mandatory: bool = False
    lines: tuple[tuple[str, str], ...] = ()
    """The top card's printed lines: (label, words), e.g. ``("During:", "Yellow dice cannot be committed.")``."""

    @staticmethod
    def of(view: PlayerView, index: int) -> StackInfo:
        """The stack ``index`` (0-based) of the player's view (its size and top card: R12)."""
        t = view.table
        stacks = t.stacks if isinstance(t, SolarSentinelsView) else ()
        pile = stacks[index] if index < len(stacks) else None
        if pile is None or pile.top is None:
            return StackInfo(index + 1, 0)
        card = view.deck.card(pile.top)
        return StackInfo(
            index + 1,
            pile.size,
            card.id,
            card.name,
            card.level,
            card.health,
            card.damage,
            card.additional,
            card.mandatory,
            tuple((line.label, line.text) for line in printed_lines(card)),
        )


class StackView(Widget, can_focus=True):
    """One stack: its number, the face-up top card (name, level, Health, Damage, +N, mandatory ``!``) and size."""

    HELP_TITLE = "The focused stack"
    """The title of this part of the help screen."""

    DEFAULT_CSS = """
    StackView {
        height: auto;
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        border: round $foreground 30%;
        border-title-color: $foreground;
        padding: 0 1;
        &.-marked { border: round $accent; }
        &.-mandatory { border-title-color: $warning; }
        &:focus { border: double $accent; background: $boost; }
        &:hover { background: $boost; }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "press", "Choose stack", show=False),  # Enter stays the step's main action
        Binding("left", "app.focus_previous", "Previous", show=False),
        Binding("right", "app.focus_next", "Next", show=False),
    ]
    FOCUS_ON_CLICK = False

    info: reactive[StackInfo] = reactive(StackInfo(0, 0))
    marked: reactive[bool] = reactive(False, toggle_class="-marked")
    """Whether the stack can be chosen now (activate, stack discard, an effect's choice)."""

    class Pressed(Message):
        """The stack was clicked or pressed."""

        def __init__(self, stack: int) -> None:
            super().__init__()
            self.stack = stack

    def __init__(
        self, number: int, *, info: StackInfo | None = None, marked: bool = False, id: str | None = None
    ) -> None:
        """Stack ``number``. ``info`` and ``marked``: what it shows first (their classes are set before it mounts, so
        that Textual styles it once; set once it is mounted, they would make Textual style it again)."""
        super().__init__(id=id)
        info = info or StackInfo(number, 0)
        self.set_reactive(StackView.info, info)
        self.set_reactive(StackView.marked, marked)
        self.set_class(marked, "-marked", update=False)
        self.set_class(info.mandatory, "-mandatory", update=False)
        self.border_title = f"Stack {number}"

    def on_mount(self) -> None:
        info = self.info
        if info != StackInfo(info.number, 0):  # the info given: drawn as watch_info draws a change
            self._present(info)

    def watch_info(self, info: StackInfo) -> None:
        self._present(info)
        refresh_content(self)

    def _present(self, info: StackInfo) -> None:
        """The border's title and card count, the mandatory mark and the tooltip of ``info``."""
        # The tooltip adds what the stack's one-line rows cut: every printed line in full.
        self.tooltip = "\n".join(f"{label} {text}" for label, text in info.lines) or None
        self._title()
        set_subtitle(self, f"{info.size} card{'s' if info.size != 1 else ''}")
        self.set_class(info.mandatory, "-mandatory")

    def watch_marked(self) -> None:
        self._title()

    def _title(self) -> None:
        # A stack that can be chosen now says so with a glyph as well as its frame's colour (never colour alone).
        number = self.info.number
        set_title(self, Content(f"{MARK} Stack {number}" if self.marked else f"Stack {number}"))

    def render(self) -> Content:
        info = self.info
        if info.top is None:
            return Content.styled("empty", "$text-muted italic")
        name = Content.styled(info.name, "bold")
        if info.mandatory:  # before the name: a narrow stack cuts the end of a long name, never the mark
            name = Content.assemble((MANDATORY, "bold $warning"), " ", name)
        extra = f" +{info.additional}" if info.additional else ""
        stats = Content.assemble(
            (f"L{info.level}", "$text-muted"),
            " ",
            ("♥", "$error"),
            f"{info.health} ",
            ("⚔", "$warning"),
            f"{info.damage}",
            (extra, "bold $accent"),
        )
        lines = [name, stats]
        lines += [printed_line(label, text) for label, text in info.lines]
        return Content("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.info.number))

    def action_press(self) -> None:
        """Choose this stack."""
        self.post_message(self.Pressed(self.info.number))


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
    lines: tuple[tuple[str, str], ...]
    """What is printed on it: (label, words) per effect under its timing, then the reward under its kind."""
    kind: str = ""
    """What it is, where the deck says so (``Bloodshed``, ``Sport``, ``Primus``, ``Scion``); "" for a plain
    conflict card (its level is shown) or boss."""
    dice_stay: bool = False
    """Its dice stay applied into the next round while it stands (a multi-round fight, HV9)."""

    @staticmethod
    def of(view: PlayerView, card: ActiveCard, number: int) -> CardInfo:
        """The card as the player should see it now."""
        deck = view.deck
        kind = ""
        if card.boss:
            boss = deck.boss(card.id)
            name, level, additional, mandatory = boss.name, 0, boss.entourage, False
            printed = printed_lines(boss)
            kind = view.table.card_kind(card.id)  # Hoplomachus Victorum: a Primus or the Scion
        else:
            conflict = deck.card(card.id)
            name, level, additional, mandatory = conflict.name, conflict.level, conflict.additional, conflict.mandatory
            printed = printed_lines(conflict)
            if isinstance(conflict, CampCard):
                kind = CAMP_KIND_NAMES[conflict.kind] + (" · Influence ✧" if conflict.influence else "")
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
            lines=tuple((line.label, line.text) for line in printed),
            kind=kind,
            dice_stay=stay,
        )


class CardView(Widget, can_focus=True):
    """A card in the active area: Health, damage taken / Health, the damage it deals, defeat, and its dice."""

    HELP_TITLE = "The focused card"
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
        Binding("space", "press", "Target card", show=False),  # Enter stays the step's main action
        Binding("d", "details", "Card details"),
        Binding("left", "app.focus_previous", "Previous", show=False),
        Binding("right", "app.focus_next", "Next", show=False),
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
        kind = info.kind or ("boss" if info.boss else f"level {info.level}")
        set_subtitle(self, "DEFEATED ✔" if info.defeated else kind)
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
                dice = Content.assemble(dice, ("  (stay)", "bold"))
            lines.append(dice)
        else:
            lines.append(Content.styled("no dice", "$text-muted"))
        if info.cancelled:
            lines.append(Content.styled("Its effects are cancelled.", "italic"))
        for label, text in info.lines:
            reward = not label.startswith(("During", "After", "Special", "Rule"))
            if info.cancelled and not reward:
                continue
            # R6: a defeated card's During effects end at once (After and Special effects still work).
            lines.append(printed_line(label, text, ended=info.defeated and label.startswith("During")))
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
