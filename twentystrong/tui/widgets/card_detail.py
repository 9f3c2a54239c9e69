"""A card's full text: name, what it is, its numbers, where it is, and every effect under its timing.

Reusable (the card browser, the inventory, the history view): set :attr:`CardDetail.card` (and optionally
:attr:`CardDetail.where`); the words come from :mod:`twentystrong.text`, never from here.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from twentystrong.i18n import N_, _
from twentystrong.text.cards import CardText

NO_CARD = N_("No card selected.")


def card_content(card: CardText | None, where: str = "", *, empty: str = NO_CARD) -> Content:
    """The rendering of a card's text (also used where a whole widget is too much, e.g. a list entry)."""
    if card is None:
        return Content.styled(_(empty), "$text-muted italic")
    parts: list[Content] = [
        Content.styled(card.name, "bold $accent"),
        Content.styled(card.subtitle, "$text-muted"),
    ]
    if card.stats:
        stats = [Content.assemble((f"{label} ", "$text-muted"), (value, "bold")) for label, value in card.stats]
        parts.append(Content("  ").join(stats))
    if where:
        parts.append(Content.assemble((_("Where: "), "$text-muted"), (where, "bold")))
    parts.append(Content(""))
    for line in card.lines:
        if line.label:
            parts.append(Content.assemble((line.label, "bold $text-secondary"), " ", line.text))
        else:
            parts.append(Content(line.text))
    if card.flavour:
        parts += [Content(""), Content.styled(card.flavour, "italic $text-muted")]
    return Content("\n").join(parts)


class CardDetail(VerticalScroll, can_focus=True):
    """One card's full text, scrollable (↑/↓ when focused)."""

    HELP_TITLE = N_("The card's text")
    """The title of this part of the help screen."""

    DEFAULT_CSS = """
    CardDetail {
        height: 1fr;
        width: 1fr;
        padding: 0 1;
        border: round $foreground 30%;
        border-title-color: $foreground 75%;
        &:focus { border: round $accent; }
        & > #card-detail-body { width: 1fr; height: auto; }
    }
    """

    card: reactive[CardText | None] = reactive(None)
    """The card shown (None: an empty pane)."""
    where: reactive[str] = reactive("")
    """Where the card is now (``top of stack 2``), or "" when unknown."""

    def __init__(
        self,
        card: CardText | None = None,
        *,
        where: str = "",
        empty: str = NO_CARD,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._empty = empty
        self.set_reactive(CardDetail.card, card)
        self.set_reactive(CardDetail.where, where)
        self.border_title = _("Card")

    def compose(self) -> ComposeResult:
        yield Static(card_content(self.card, self.where, empty=self._empty), id="card-detail-body")

    def show(self, card: CardText | None, where: str = "") -> None:
        """Show a card (one refresh for both attributes)."""
        self.set_reactive(CardDetail.where, where)
        self.set_reactive(CardDetail.card, card)
        self._update()

    def watch_card(self) -> None:
        self._update()

    def watch_where(self) -> None:
        self._update()

    def _update(self) -> None:
        if not self.is_mounted:
            return
        self.query_one("#card-detail-body", Static).update(card_content(self.card, self.where, empty=self._empty))
        self.scroll_home(animate=False)
