"""Solar Sentinels' three face-up stacks on the table: each shows its top card (name, level, Health, Damage, +N, the
mandatory mark), its size and whether a press can choose it now. It only shows the view and reports presses
(:class:`StackView.Pressed`); the board turns a press into whatever legal command it stands for."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from twentystrong.engine.view import PlayerView
from twentystrong.i18n import N_, _, ngettext
from twentystrong.kits.solar_sentinels.rules.view import SolarSentinelsView
from twentystrong.text.cards import TextLine, printed_lines
from twentystrong.tui.widgets.cards import MANDATORY, MARK, printed_line
from twentystrong.tui.widgets.common import refresh_content, set_subtitle, set_title


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
    lines: tuple[TextLine, ...] = ()
    """The top card's printed lines (``During:`` ``Yellow dice cannot be committed.``)."""

    @staticmethod
    def of(view: PlayerView, index: int) -> StackInfo:
        """The stack ``index`` (0-based) of the player's view (its size and top card: R12)."""
        t = view.table
        stacks = t.stacks if isinstance(t, SolarSentinelsView) else ()
        pile = stacks[index] if index < len(stacks) else None
        if pile is None or pile.top is None or not isinstance(t, SolarSentinelsView):
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
            t.mandatory(view.deck, index + 1),
            tuple(printed_lines(card)),
        )


class StackView(Widget, can_focus=True):
    """One stack: its number, the face-up top card (name, level, Health, Damage, +N, mandatory ``!``) and size."""

    HELP_TITLE = N_("The focused stack")
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
        Binding("space", "press", N_("Choose stack"), show=False),  # Enter stays the step's main action
        Binding("left", "app.focus_previous", N_("Previous"), show=False),
        Binding("right", "app.focus_next", N_("Next"), show=False),
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
        self.border_title = _("Stack {n}").format(n=number)

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
        self.tooltip = "\n".join(str(line) for line in info.lines) or None
        self._title()
        set_subtitle(self, ngettext("{n} card", "{n} cards", info.size).format(n=info.size))
        self.set_class(info.mandatory, "-mandatory")

    def watch_marked(self) -> None:
        self._title()

    def _title(self) -> None:
        # A stack that can be chosen now says so with a glyph as well as its frame's colour (never colour alone).
        number = self.info.number
        set_title(
            self,
            Content(f"{MARK} " + _("Stack {n}").format(n=number) if self.marked else _("Stack {n}").format(n=number)),
        )

    def render(self) -> Content:
        info = self.info
        if info.top is None:
            return Content.styled(_("empty"), "$text-muted italic")
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
        lines += [printed_line(line) for line in info.lines]
        return Content("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.info.number))

    def action_press(self) -> None:
        """Choose this stack."""
        self.post_message(self.Pressed(self.info.number))
