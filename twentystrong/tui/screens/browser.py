"""The card browser: every card of the deck, filtered and searched, with its full text in plain words.

Heroes, conflict cards, bosses and the pieces the deck's ruleset adds are listed with where each is now (when a game
is given). Filters: kind, level, mandatory, where; and a text search over names and card text. The detail pane shows
the highlighted card's numbers and every effect under its timing (:mod:`twentystrong.text`). What a ruleset's own
pieces are called, its own sorts of conflict card and a hero card's other side, its kit says (its card words,
:class:`~twentystrong.text.cards.DeckCards`): the browser only composes them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widgets import Checkbox, DataTable, Footer, Input, Label, Select, Static

from twentystrong.content.model import Deck
from twentystrong.engine.view import PlayerView
from twentystrong.i18n import N_, _, ngettext, term
from twentystrong.text.cards import (
    KIND_NAMES,
    SORT_NAMES,
    CardText,
    DeckCards,
    all_cards,
    deck_cards,
    installed_cards,
    stat_label,
)
from twentystrong.text.where import Place, place_of, places, zones
from twentystrong.tui.widgets.card_detail import CardDetail
from twentystrong.tui.widgets.glyphs import Tick
from twentystrong.tui.widgets.keys import speak_keys

GENERAL_CARDS: dict[str, str] = {"all": N_("All kinds"), "card": N_("Conflict cards")}
"""The kind filter's first choices by name: every card, then the general conflict cards (the rulesets' own sorts of
conflict card follow them)."""
GENERAL_PIECES: dict[str, str] = {"hero": N_("Heroes"), "boss": N_("Bosses")}
"""The kind filter's general choices after the conflict cards (the rulesets' own pieces follow them)."""
LEVELS: tuple[tuple[str, int], ...] = (
    (N_("Any level"), 0),
    (N_("Level 1"), 1),
    (N_("Level 2"), 2),
    (N_("Level 3"), 3),
)
"""The level filter's choices (English: ``_()`` each where it is shown)."""
WHERE_ALL = "anywhere"


@dataclass(frozen=True, slots=True)
class Entry:
    """One card of the browser: its text and what the filters look at."""

    text: CardText
    kind: str
    """What the kind filter and the Kind column say: a conflict card's own sort (its ruleset's), else the card
    text's kind."""
    level: int
    """The conflict card's level (0 for the other kinds, and for a card of a sort of its ruleset's)."""
    mandatory: bool
    place: Place
    haystack: str
    """Everything the search looks in, lower-case."""


@dataclass(frozen=True, slots=True)
class Filters:
    """What the player narrowed the list to (the defaults show every card)."""

    kind: str = "all"
    level: int = 0
    where: str = WHERE_ALL
    mandatory: bool = False
    query: str = ""

    def keep(self, entry: Entry) -> bool:
        """Whether an entry passes every filter."""
        if self.kind != "all" and entry.kind != self.kind:
            return False
        if self.level and entry.level != self.level:
            return False
        if self.mandatory and not entry.mandatory:
            return False
        if self.where != WHERE_ALL and entry.place.zone != self.where:
            return False
        words = self.query.lower().split()
        return all(word in entry.haystack for word in words)


def entries(deck: Deck, view: PlayerView | None) -> list[Entry]:
    """Every card of the deck with its place now (as the player sees the table; None: no game)."""
    now = places(view)
    words = deck_cards(deck)
    out = []
    for text in all_cards(deck):
        card = deck.card(text.id) if text.kind == "card" else None
        sort = words.sort(card) if card is not None else None
        kind = sort or text.kind
        level = card.level if card is not None and sort is None else 0  # its ruleset's own sorts show no level
        mandatory = card is not None and card.mandatory
        place = place_of(now, text.id)
        side = _other_side(deck, words, text.id) if text.kind == "hero" else None
        if side is not None and place.zone == "out" and side in now:
            # A hero not played may be on the table as its card's other side (one card, one entry): say where.
            found = now[side]
            place = Place(found.zone, " ".join(filter(None, (words.side_mark, found.label))))
        haystack = " ".join([text.name, text.id, text.subtitle, *(str(line) for line in text.lines), text.flavour])
        out.append(Entry(text, kind, level, mandatory, place, haystack.lower()))
    return out


def _other_side(deck: Deck, words: DeckCards, hero_id: str) -> str | None:
    """The id of what a hero card's other side is in play (None for a hero without one)."""
    hero = next((h for h in deck.heroes if h.id == hero_id), None)
    return words.other_side(hero) if hero is not None else None


def entry_id(deck: Deck, card_id: str) -> str:
    """The browser's entry for a card id: a hero card's other side is listed under the hero."""
    words = deck_cards(deck)
    return next((h.id for h in deck.heroes if words.other_side(h) == card_id), card_id)


def kind_filters() -> dict[str, str]:
    """Every choice of the kind filter by name: the general ones with the installed rulesets' own sorts of conflict
    card and pieces (their kits' words)."""
    installed = list(installed_cards())
    out = {kind: _(name) for kind, name in GENERAL_CARDS.items()}
    for words in installed:
        out.update((sort, str(words.plurals.get(sort, name))) for sort, name in words.sorts.items())
    out.update((kind, _(name)) for kind, name in GENERAL_PIECES.items())
    for words in installed:
        out.update((kind, str(words.plurals.get(kind, name))) for kind, name in words.kinds.items())
    return out


def short_kind(kind: str) -> str:
    """The list's Kind column, in the language spoken: its kit's short words where the name is too long for it, else
    the kind's name (a kit's own kind or sort of card, or the general card, hero, boss)."""
    for words in installed_cards():
        if kind in words.short:
            return str(words.short[kind])
    for words in installed_cards():
        name = words.kinds.get(kind) or words.sorts.get(kind)
        if name is not None:
            return str(name)
    return term(kind) if kind in ("card", "hero", "boss") else kind


def kinds_of(all_entries: Iterable[Entry]) -> list[tuple[str, str]]:
    """The kind filter's choices for these cards: every kind, then the kinds they have (name, value)."""
    present = {e.kind for e in all_entries}
    return [(name, kind) for kind, name in kind_filters().items() if kind == "all" or kind in present]


def filter_entries(all_entries: Iterable[Entry], filters: Filters) -> list[Entry]:
    """The entries that pass the filters, in deck order."""
    return [e for e in all_entries if filters.keep(e)]


class CardBrowserScreen(ModalScreen[None]):
    """Browse every card of the deck. Escape closes it."""

    HELP_TITLE = N_("Card browser")
    """The title of this part of the help screen."""

    CSS_PATH = "browser.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Clear search / close")),
        Binding("slash", "focus_search", N_("Search")),
        Binding("k", "cycle_kind", N_("Kind")),
        Binding("l", "cycle_level", N_("Level")),
        Binding("w", "cycle_where", N_("Where")),
        Binding("m", "toggle_mandatory", N_("Mandatory")),
        Binding("c", "clear_filters", N_("Clear filters")),
        Binding("d", "focus_detail", N_("Read the card"), show=False),
        Binding("question_mark,f1", "app.help", N_("Help"), key_display="?"),  # a modal screen hides the App's keys
    ]

    filters: reactive[Filters] = reactive(Filters, init=False)
    """The filters in force (the widgets on the left show and change them)."""
    _name_width = 20
    """The Name column's width (16 at 80 columns)."""
    _where_below = False
    """Where each card is, said under its name rather than in a column of its own: at 80 columns, where that column
    would have a few letters' room ("votr", "dans")."""

    def __init__(self, deck: Deck, view: PlayerView | None, card_id: str | None = None) -> None:
        super().__init__()
        speak_keys(self)  # its footer's keys in the language spoken
        self.deck = deck
        self.player = view
        """The table as the player sees it (None: no game, every card is in the box)."""
        self.entries = entries(deck, view)
        self.shown: list[Entry] = list(self.entries)
        self._wanted = entry_id(deck, card_id) if card_id is not None else None

    # --- layout -------------------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        where = [(name, zone) for zone, name in zones(self.player).items()]
        with Vertical(id="browser"):
            yield Static(id="browser-title")
            with Horizontal(id="browser-body"):
                with Vertical(id="browser-filters"):
                    yield Label(_("Search") + " [dim](/)[/]")
                    yield Input(placeholder=_("name or text"), id="browser-search", compact=True)
                    yield Label(_("Kind") + " [dim](k)[/]")
                    yield Select(
                        kinds_of(self.entries),
                        value="all",
                        allow_blank=False,
                        id="browser-kind",
                        compact=True,
                    )
                    yield Label(_("Level") + " [dim](l)[/]")
                    levels = [(_(name), value) for name, value in LEVELS]
                    yield Select(levels, value=0, allow_blank=False, id="browser-level", compact=True)
                    yield Label(_("Where now") + " [dim](w)[/]")
                    yield Select(
                        [(_("Anywhere"), WHERE_ALL), *where],
                        value=WHERE_ALL,
                        allow_blank=False,
                        id="browser-where",
                        disabled=self.player is None,
                        compact=True,
                    )
                    yield Tick(_("Mandatory (m)"), id="browser-mandatory", compact=True)
                with Horizontal(id="browser-main"):
                    table: DataTable[str] = DataTable(id="browser-table", cursor_type="row", zebra_stripes=True)
                    yield table
                    yield CardDetail(id="browser-detail", empty=_("No card matches the filters."))
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#browser-table", DataTable)
        narrow = self.app.size.width < 110  # the columns fit beside the card's text at 80 columns
        self._name_width = 16 if narrow else 20
        table.add_column(_("Name"), key="name", width=self._name_width)
        table.add_column(_("Kind"), key="kind", width=7)
        table.add_column("L", key="level", width=1)
        table.add_column("♥", key="health", width=2)
        table.add_column("⚔", key="damage", width=1)
        self._where_below = self.player is not None and narrow
        if self.player is not None and not narrow:
            table.add_column(_("Where"), key="where")
        self._fill()
        if self._wanted is not None:
            self.select(self._wanted)
        table.focus()

    # --- reading ------------------------------------------------------------------------------------------------

    @property
    def selected(self) -> str | None:
        """The id of the highlighted card, if any."""
        table = self.query_one("#browser-table", DataTable)
        if not self.shown or table.cursor_row < 0 or table.cursor_row >= len(self.shown):
            return None
        return self.shown[table.cursor_row].text.id

    def select(self, card_id: str) -> bool:
        """Highlight a card (clearing the filters if they hide it); False if the deck has no such card."""
        card_id = entry_id(self.deck, card_id)
        if not any(e.text.id == card_id for e in self.entries):
            return False
        if not any(e.text.id == card_id for e in self.shown):
            self.filters = Filters()
            self._sync_widgets()
        table = self.query_one("#browser-table", DataTable)
        index = next(i for i, e in enumerate(self.shown) if e.text.id == card_id)
        table.move_cursor(row=index, animate=False)
        self._show_detail()
        return True

    # --- filters ------------------------------------------------------------------------------------------------

    def watch_filters(self) -> None:
        self._fill()

    def _fill(self) -> None:
        keep = self.selected if self.is_mounted and self.shown else self._wanted
        self.shown = filter_entries(self.entries, self.filters)
        table = self.query_one("#browser-table", DataTable)
        table.clear()
        for entry in self.shown:
            cells = self._cells(entry)
            # A name longer than its column (German and French run longer: "Rampeur de régolithe") wraps onto the
            # lines its row needs rather than be cut; a row stays one line while its name fits.
            one_line = not self._where_below and Content(str(cells[0])).cell_length <= self._name_width
            height = 1 if one_line else None
            table.add_row(*cells, key=entry.text.id, height=height)
        index = next((i for i, e in enumerate(self.shown) if e.text.id == keep), 0)
        if self.shown:
            table.move_cursor(row=index, animate=False)
        self._title()
        self._show_detail()

    def _cells(self, entry: Entry) -> list[str | Text]:
        stats = dict(entry.text.stats)
        mark = " !" if entry.mandatory else ""
        name: str | Text = entry.text.name + mark
        if self._where_below:  # its place on a line of its own under the name
            name = Text.assemble(name, "\n", (entry.place.label, "dim"))
        cells = [
            name,
            short_kind(entry.kind),
            str(entry.level) if entry.level else "",
            stats.get(stat_label("health"), ""),  # the card's stats as its text labels them, in the language spoken
            stats.get(stat_label("damage"), ""),
        ]
        if self.player is not None and not self._where_below:
            cells.append(entry.place.label)
        return cells

    def _title(self) -> None:
        total, shown = len(self.entries), len(self.shown)
        if shown == total:
            count = ngettext("all {n} card", "all {n} cards", total).format(n=total)
        else:
            count = ngettext("{shown} of {n} card", "{shown} of {n} cards", total).format(shown=shown, n=total)
        self.query_one("#browser-title", Static).update(f"[b]{self.deck.info.title}[/b] — {count}")

    def _show_detail(self) -> None:
        detail = self.query_one("#browser-detail", CardDetail)
        card_id = self.selected
        entry = next((e for e in self.shown if e.text.id == card_id), None)
        if entry is None:
            detail.show(None)
            return
        sort = SORT_NAMES.get(entry.kind)
        detail.border_title = _("{sort} card").format(sort=sort) if sort else KIND_NAMES.get(entry.text.kind, _("Card"))
        detail.show(entry.text, entry.place.label if self.player is not None else "")

    def _sync_widgets(self) -> None:
        """Show the filters in the widgets (after a key changed them)."""
        f = self.filters
        with self.prevent(Input.Changed, Select.Changed, Checkbox.Changed):
            self.query_one("#browser-search", Input).value = f.query
            self.query_one("#browser-kind", Select).value = f.kind
            self.query_one("#browser-level", Select).value = f.level
            self.query_one("#browser-where", Select).value = f.where
            self.query_one("#browser-mandatory", Checkbox).value = f.mandatory

    def _set(self, **changes: object) -> None:
        values = {
            "kind": self.filters.kind,
            "level": self.filters.level,
            "where": self.filters.where,
            "mandatory": self.filters.mandatory,
            "query": self.filters.query,
        }
        values.update(changes)
        self.filters = Filters(**values)  # type: ignore[arg-type]
        self._sync_widgets()

    # --- widget events ------------------------------------------------------------------------------------------

    @on(DataTable.RowHighlighted, "#browser-table")
    def _highlighted(self) -> None:
        self._show_detail()

    @on(DataTable.RowSelected, "#browser-table")
    def _chosen(self) -> None:
        self.action_focus_detail()  # Enter on a card: read it (↑/↓ scroll, Tab goes on)

    @on(Input.Changed, "#browser-search")
    def _searched(self, event: Input.Changed) -> None:
        self._set(query=event.value)

    @on(Input.Submitted, "#browser-search")
    def _search_done(self) -> None:
        self.query_one("#browser-table", DataTable).focus()

    @on(Select.Changed, "#browser-kind")
    def _kind(self, event: Select.Changed) -> None:
        self._set(kind=str(event.value))

    @on(Select.Changed, "#browser-level")
    def _level(self, event: Select.Changed) -> None:
        self._set(level=int(str(event.value)))

    @on(Select.Changed, "#browser-where")
    def _where(self, event: Select.Changed) -> None:
        self._set(where=str(event.value))

    @on(Checkbox.Changed, "#browser-mandatory")
    def _mandatory(self, event: Checkbox.Changed) -> None:
        self._set(mandatory=event.value)

    # --- actions ------------------------------------------------------------------------------------------------

    def action_close(self) -> None:
        """Clear the search first (Esc in the search field, or with a search typed), then close the browser."""
        search = self.query_one("#browser-search", Input)
        if search.value or search.has_focus:
            search.value = ""  # the list follows (Input.Changed)
            self.query_one("#browser-table", DataTable).focus()
            return
        self.dismiss(None)

    def action_focus_search(self) -> None:
        """Type to search names and card text."""
        self.query_one("#browser-search", Input).focus()

    def action_focus_detail(self) -> None:
        """Move the keyboard to the card's text (scroll it with ↑/↓)."""
        self.query_one("#browser-detail", CardDetail).focus()

    def action_cycle_kind(self) -> None:
        """Next kind: all, then the deck's kinds (conflict cards, heroes, bosses, its ruleset's own pieces …)."""
        kinds = [k for _, k in kinds_of(self.entries)]
        self._set(kind=kinds[(kinds.index(self.filters.kind) + 1) % len(kinds)])

    def action_cycle_level(self) -> None:
        """Next level: any, 1, 2, 3."""
        levels = [v for _, v in LEVELS]
        self._set(level=levels[(levels.index(self.filters.level) + 1) % len(levels)])

    def action_cycle_where(self) -> None:
        """Next place: anywhere, then each zone of the table (the active area, the discard …)."""
        if self.player is None:
            self.notify(_("No game: every card is still in the box."), title=_("Where"))
            return
        choices = [WHERE_ALL, *zones(self.player)]
        self._set(where=choices[(choices.index(self.filters.where) + 1) % len(choices)])

    def action_toggle_mandatory(self) -> None:
        """Show only mandatory enemies, or every card."""
        self._set(mandatory=not self.filters.mandatory)

    def action_clear_filters(self) -> None:
        """Show every card again."""
        self._set(kind="all", level=0, where=WHERE_ALL, mandatory=False, query="")
