"""The setup screen: deck, hero, the deck's own options, seed, undo mode and dice mode; or resume the autosaved game.

The deck's own options are controls built from its kit's declarations (:mod:`twentystrong.kits.options`): a tick box
for a flag, a list for a range, a choice or a card. It builds :class:`~twentystrong.engine.state.SetupOptions` and
posts :class:`SetupScreen.Start` (or :class:`SetupScreen.Resume`); the App turns that into a session and a store.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    Footer,
    Input,
    Label,
    OptionList,
    RadioSet,
    Select,
    Static,
)
from textual.widgets.option_list import Option

from twentystrong.content.heroes import CHOSEN_IN_GAME, SEPARATOR, shipped_heroes_for
from twentystrong.content.model import Deck, Hero
from twentystrong.engine.state import SetupOptions
from twentystrong.i18n import N_, _, pgettext
from twentystrong.kits import all_options, choices_for, kits, options_for
from twentystrong.kits.options import DeckOption, described
from twentystrong.text.effects import describe_effects
from twentystrong.tui.store import DeckSource, random_seed
from twentystrong.tui.tables import not_drawn
from twentystrong.tui.widgets.common import preset_breakpoints
from twentystrong.tui.widgets.glyphs import CURSOR, CursorList, Radio, Tick
from twentystrong.tui.widgets.keys import speak_keys
from twentystrong.tui.widgets.language import LanguageSelect

if TYPE_CHECKING:
    from twentystrong.engine.state import OptionValue


def _from(ref: str) -> str:
    """``  (universal, from another-deck)`` for a hero of another deck."""
    deck_id, _sep, hero_id = ref.partition(SEPARATOR)
    return "  " + _("(universal, from {deck})").format(deck=deck_id) if hero_id else ""


def ability_text(hero: Hero) -> str:
    """The hero's ability in words: the author's text, else each effect's own text or its handler's words."""
    if hero.ability_text:
        return hero.ability_text
    return describe_effects(hero.ability) or _("No special ability.")


STAT_COLUMN = 11
"""The hero card's column of a stat's glyph and name (``♥ Health``, English's longest ten), a space after it."""


def _stats_column(names: list[str]) -> list[str]:
    """Each stat's glyph and name, as wide as the widest (in English: 12 columns, ``♥ Health    ``)."""
    width = max([STAT_COLUMN, *(len(name) + 1 for name in names)])
    return [name.ljust(width) + " " for name in names]


def hero_card(hero: Hero) -> Content:
    """A hero for the setup screen: name, the three stats in full, and the ability."""
    health, strategy, recovery = _stats_column(["♥ " + _("Health"), "⚑ " + _("Strategy"), "↻ " + _("Recovery")])
    return Content.assemble(
        (hero.name, "bold $accent"),
        "\n\n",
        (health, "$error"),
        (f" {hero.health} ", "bold reverse"),
        ("  " + _("lose it all and the game is lost"), "$text-muted"),
        "\n",
        (strategy, "$primary"),
        (f" {hero.strategy} ", "bold reverse"),
        ("  " + _("items held, and Strategy phases per engagement"), "$text-muted"),
        "\n",
        (recovery, "$success"),
        (f" {hero.recovery} ", "bold reverse"),
        ("  " + _("exhausted dice recovered each round"), "$text-muted"),
        "\n\n",
        (_("Ability: "), "bold"),
        ability_text(hero),
        ("\n\n" + hero.flavour if hero.flavour else "", "italic $text-muted"),
    )


RANDOM = "random"
"""The choice of a card option that leaves the card to be drawn at random."""
DRAW = ""
"""The hero option of a deck whose hero is chosen in the game, from a draw (HV1)."""


LONG_LABEL = 9
"""A label (a deck option's, or one of the screen's own in a translation) longer than this takes the labels' column
one wider (class ``-long-labels``); one more than this, four wider (``-longer-labels``: German's "Schwierigkeit")."""


def _offered() -> list[tuple[str, DeckOption]]:
    """Every installed deck's options with the ruleset declaring them (an option two decks declare: one control)."""
    seen: set[str] = set()
    found = []
    for kit, option in all_options():
        if option.name not in seen:
            seen.add(option.name)
            found.append((kit.id, option))
    return found


def daily_tooltip(decks: list[DeckSource]) -> str:
    """What the daily challenge button starts."""
    from twentystrong.record.daily import DECK, today

    if not any(d.id == DECK and d.shipped for d in decks):
        return _("The daily challenge needs the {deck} deck.").format(deck=DECK)
    return _("Today's game ({day}, UTC): the same deck, hero and seed for everyone (ctrl+d).").format(
        day=today().isoformat()
    )


class SetupScreen(Screen[None]):
    """Choose how to play, then start (or resume the autosaved game)."""

    HELP_TITLE = N_("New game")
    """The title of this part of the help screen."""

    CSS_PATH = "../setup.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", N_("Start game"), priority=True),
        Binding("ctrl+r", "resume", N_("Resume saved game"), priority=True),
        Binding("ctrl+b", "browse", N_("Browse cards"), priority=True),
        Binding(
            "ctrl+d", "daily", N_("Daily challenge"), priority=True, tooltip=N_("Today's game, the same for everyone")
        ),
    ]

    class Start(Message):
        """Start a new game with these options."""

        def __init__(self, deck: Deck, options: SetupOptions, deck_path: Path | None) -> None:
            super().__init__()
            self.deck = deck
            self.options = options
            self.deck_path = deck_path

    class Resume(Message):
        """Resume the autosaved game."""

    def __init__(
        self,
        decks: list[DeckSource],
        *,
        defaults: dict[str, object] | None = None,
        resume_path: Path | None = None,
    ) -> None:
        super().__init__()
        speak_keys(self)
        self.decks = decks
        self.defaults = defaults or {}
        self.resume_path = resume_path
        self.deck: Deck | None = None
        self.source: DeckSource | None = None
        self.heroes: dict[str, Hero] = {}
        """The heroes offered, by the reference a setup names them with (another deck's: ``deck-id/hero-id``)."""
        preset_breakpoints(self, *self.app.size)  # styled once when mounted, not again for the first Resize

    def compose(self) -> ComposeResult:
        yield Static(Content.styled(_("20 Strong — new game"), "bold"), id="title")
        from twentystrong.record.daily import DECK  # the daily challenge's deck: the one offered first

        default_deck = self.defaults.get("deck")
        deck_ids = [d.id for d in self.decks]
        first = default_deck if default_deck in deck_ids else (DECK if DECK in deck_ids else None)
        with Horizontal(id="columns"):
            with VerticalScroll(id="form"):
                if self.resume_path is not None:
                    with Horizontal(id="resume-row", classes="row"):
                        yield Label(_("A game in progress was saved."), classes="wide")
                        yield Button(_("Resume it"), id="resume", variant="success", compact=True)
                with Horizontal(classes="row"):
                    yield Label("  " + _("Deck"), classes="label")
                    yield Select(
                        [(d.id, d.id) for d in self.decks],
                        value=first if first is not None else (deck_ids[0] if deck_ids else Select.NULL),
                        allow_blank=not deck_ids,
                        prompt=_("no decks installed"),
                        id="deck",
                        compact=True,
                    )
                yield Static("", id="deck-info")
                with Horizontal(classes="row"):
                    yield Label("  " + _("Hero"), classes="label")
                    yield CursorList(id="heroes", compact=True)
                yield Static("", id="hero-line")
                yield from self._option_rows(first)
                seed = self.defaults.get("seed")
                with Horizontal(classes="row"):
                    yield Label("  " + _("Seed"), classes="label")
                    yield Input(
                        str(seed if isinstance(seed, int) else random_seed()),
                        type="integer",
                        id="seed",
                        compact=True,
                        tooltip=_("The whole game follows from the seed and your moves. Same seed, same game."),
                    )
                assisted = bool(self.defaults.get("assisted"))
                with Horizontal(classes="row"):
                    yield Label("  " + _("Undo"), classes="label")
                    with RadioSet(id="undo", compact=True):
                        yield Radio(_("Standard — rolls and shuffles are final"), value=not assisted)
                        yield Radio(_("Assisted — undo anything (game marked assisted)"), value=assisted)
                physical = self.defaults.get("dice") == "physical"
                with Horizontal(classes="row"):
                    yield Label("  " + _("Dice"), classes="label")
                    with RadioSet(id="dice", compact=True):
                        yield Radio(_("Virtual — the game rolls"), value=not physical)
                        yield Radio(_("Physical — roll your own, enter the faces"), value=physical)
                with Horizontal(classes="row"):
                    yield Label("  " + _("Hints"), classes="label")
                    yield Tick(_("first-game hints on the table"), value=self._hints(), id="hints", compact=True)
                with Horizontal(classes="row"):
                    yield Label("  " + _("Language"), classes="label")
                    yield LanguageSelect(id="language")
                yield Static("", id="error")
            with VerticalScroll(id="hero-box"):
                yield Static("", id="hero-detail")
        with Horizontal(id="buttons"):  # five in 80 columns: their own short words ("setup button")
            yield Button("  " + pgettext("setup button", "Start game"), id="start", variant="primary", compact=True)
            yield Button("  " + pgettext("setup button", "Browse cards"), id="browse", compact=True)
            yield Button(
                "  " + pgettext("setup button", "Daily challenge"),
                id="daily",
                compact=True,
                tooltip=daily_tooltip(self.decks),
            )
            yield Button("  " + _("Statistics (F2)"), id="statistics", compact=True)
            yield Button("  " + _("Quit"), id="quit", variant="error", compact=True)
        yield Footer()

    def _given(self) -> dict[str, object]:
        """The deck options the setup starts from (the command line's, or the last game's), by name."""
        given = self.defaults.get("options")
        return given if isinstance(given, dict) else {}

    def _option_rows(self, deck_id: str | None) -> ComposeResult:
        """A row per deck option (every installed deck's: those of the deck chosen are shown)."""
        given = self._given()
        for ruleset, option in _offered():
            value = given.get(option.name)
            row = Horizontal(classes="row deck-option", id=f"{option.name}-row")
            row.display = ruleset == deck_id  # a shipped deck's id is its ruleset's: the others wait for it to load
            with row:
                yield Label("  " + _(option.label), classes="label")
                yield self._control(option, value, off=bool(option.needs) and not given.get(option.needs))
            if option.needs_note:
                note = Static("", id=f"{option.name}-note", classes="option-note")
                note.display = row.display
                yield note

    @staticmethod
    def _control(option: DeckOption, value: object, *, off: bool) -> Checkbox | Select[object]:
        """The control of one deck option, at ``value`` (else its default); ``off``: the option it needs is off."""
        if option.kind == "flag":
            words = option.words(True) if option.words is not None else _(option.label)
            return Tick(words, value=bool(value), id=option.name, compact=True)
        if option.kind == "card":
            return Select([(_("Random"), RANDOM)], value=RANDOM, allow_blank=False, id=option.name, compact=True)
        allowed = option.values() or ()
        return Select(
            [(option.words(v) if option.words is not None else str(v), v) for v in allowed],
            value=value if value in allowed else option.default,
            allow_blank=False,
            id=option.name,
            compact=True,
            disabled=off,
            tooltip=_(option.tooltip) if option.tooltip else None,
        )

    def _ladder_level(self, deck_id: str, ruleset: str, *, lowest: int) -> int:
        """The level the player stands at on this deck's ladder (the record keeps it; ``lowest`` if unknown)."""
        from twentystrong.record.games import current_level

        try:
            level = current_level(deck_id, ruleset)
        except Exception:  # noqa: BLE001 - the record could not be read: the setup still opens, at the lowest
            return lowest
        return lowest if level is None else level

    def _hints(self) -> bool:
        hints = self.defaults.get("hints")
        if isinstance(hints, bool):
            return hints
        from twentystrong.profile import load_profile

        return load_profile().profile.hints

    async def language_switched(self) -> None:
        """Compose the screen again in the language just chosen, every word of it, keeping what was chosen on it."""
        self.defaults = {**self.defaults, **self._chosen()}
        if self._merged_bindings is not None:  # the keys' descriptions as marked, said again in the new language
            self._bindings = self._merged_bindings.copy()
            speak_keys(self)
        await self.recompose()
        self.on_mount()

    def _chosen(self) -> dict[str, object]:
        """What is chosen on the screen now, as :attr:`defaults` (deck, hero, seed, undo, dice, hints, the deck's
        options; a card left to chance, an option whose flag is off and a seed that is no number are not kept)."""
        chosen: dict[str, object] = {
            "assisted": self.query_one("#undo", RadioSet).pressed_index == 1,
            "dice": "physical" if self.query_one("#dice", RadioSet).pressed_index == 1 else "virtual",
            "hints": self.query_one("#hints", Checkbox).value,
        }
        deck = self.query_one("#deck", Select).value
        if isinstance(deck, str):
            chosen["deck"] = deck
        heroes = self.query_one("#heroes", OptionList)
        if heroes.highlighted is not None:
            chosen["hero"] = heroes.get_option_at_index(heroes.highlighted).id or DRAW
        try:
            chosen["seed"] = int(self.query_one("#seed", Input).value.strip())
        except ValueError:
            pass
        options = dict(self._given())
        for _ruleset, option in _offered():
            control = self.query_one(f"#{option.name}")
            value = control.value if isinstance(control, Checkbox | Select) else None
            if isinstance(value, bool | int | str) and value != RANDOM and not control.disabled:
                options[option.name] = value
        chosen["options"] = options
        return chosen

    def on_mount(self) -> None:
        self.query_one("#hero-box").border_title = _("Hero")
        self._needs_notes()
        # Load the chosen deck after the first paint: the screen is interactive at once.
        self.call_after_refresh(self._load_selected)

    # --- the deck and heroes ------------------------------------------------------------------------------------

    def _load_selected(self) -> None:
        value = self.query_one("#deck", Select).value
        source = next((d for d in self.decks if d.id == value), None)
        self._load(source)

    def _load(self, source: DeckSource | None) -> None:
        from twentystrong.content.source import DeckError

        heroes = self.query_one("#heroes", OptionList)
        heroes.clear_options()
        self.deck, self.source = None, source
        info = self.query_one("#deck-info", Static)
        if source is None:
            info.update(Content.styled(_("No deck installed: start with --deck-path DIR."), "$error"))
            return
        try:
            deck = source.load()
        except DeckError as exc:
            info.update(Content.styled(_("This deck has problems:") + f"\n{exc}", "$error"))
            return
        self.deck = deck
        info.update(Content.assemble((deck.info.title, "bold"), ("\n" + deck.info.description, "$text-muted")))
        # The deck's own heroes, then the universal heroes of the other shipped decks (HV1).
        self.heroes = {choice.ref: choice.hero for choice in shipped_heroes_for(deck)}
        drawn = deck.info.ruleset in CHOSEN_IN_GAME  # the hero is chosen at the table, from a draw
        options = [
            Option(f"{h.name}  ♥{h.health} ⚑{h.strategy} ↻{h.recovery}" + _from(ref), id=ref)
            for ref, h in self.heroes.items()
        ]
        if drawn:  # HV1: drawn at the table; naming one here puts it first in the draw
            options.insert(0, Option(Content.styled(_("Drawn at the table (choose there)"), "bold"), id=DRAW))
        heroes.add_options(options)
        wanted = self.defaults.get("hero")
        refs = ([DRAW] if drawn else []) + list(self.heroes)
        index = refs.index(wanted) if wanted in refs else 0
        if refs:
            heroes.highlighted = index
            self._show_ref(refs[index])
        self._show_options(deck)

    def _show_options(self, deck: Deck) -> None:
        """The rows of this deck's own options (its kit declares them), the others hidden; a card option lists the
        deck's cards; the ladder's level starts where the player stands on this deck's ladder unless given."""
        declared = options_for(deck.info.ruleset)
        own = {o.name for o in declared}
        fixed = [_(label) for label in ("Deck", "Hero", "Seed", "Undo", "Dice", "Hints", "Language")]
        longest = max(len(label) for label in [*fixed, *(_(o.label) for o in declared)])
        self.set_class(longest > LONG_LABEL, "-long-labels")
        self.set_class(longest > LONG_LABEL + 1, "-longer-labels")
        for _ruleset, option in _offered():
            self.query_one(f"#{option.name}-row").display = option.name in own
            if option.needs_note:
                self.query_one(f"#{option.name}-note").display = option.name in own
        given = self._given()
        for option in declared:
            wanted = given.get(option.name)
            if option.kind == "flag" and option.available is not None:
                tick = self.query_one(f"#{option.name}", Checkbox)
                tick.disabled = not option.available(deck)
                if tick.disabled:
                    tick.value = False
            elif option.kind == "card" and option.cards is not None:
                cards = [(words, card_id) for card_id, words in option.cards(deck)]
                select = self.query_one(f"#{option.name}", Select)
                select.set_options([(_("Random"), RANDOM), *cards])
                select.value = wanted if isinstance(wanted, str) and any(i == wanted for _, i in cards) else RANDOM
            elif option.level and option.kind == "range":
                level = (
                    wanted
                    if isinstance(wanted, int)
                    else self._ladder_level(deck.id, deck.info.ruleset, lowest=option.low)
                )
                self.query_one(f"#{option.name}", Select).value = (
                    level if option.low <= level <= option.high else option.default
                )

    def _show_ref(self, ref: str) -> None:
        if ref == DRAW:
            self._show_draw()
        else:
            self._show_hero(self.heroes[ref])

    def _show_draw(self) -> None:
        """HV1: the hero is chosen at the table, among the heroes drawn (the kit says how)."""
        found = kits().get(self.deck.info.ruleset) if self.deck is not None else None
        draw = found.hero_draw if found is not None else ""
        words = _(draw) if draw else _("Your hero is chosen at the table, from a draw.")
        self.query_one("#hero-detail", Static).update(
            Content.assemble((_("The hero draw"), "bold $accent"), "\n\n", words)
        )
        self.query_one("#hero-line", Static).update(
            Content.styled(_("Chosen at the table, from the heroes drawn."), "$text-muted")
        )

    @on(Checkbox.Changed, ".deck-option Checkbox")
    def _flag_changed(self) -> None:
        self._needs_notes()

    def _needs_notes(self) -> None:
        """An option that needs a flag (:attr:`DeckOption.needs`) is chosen only while that flag is on; its note says
        so while it is off."""
        for _ruleset, option in _offered():
            if not option.needs:
                continue
            on = self.query_one(f"#{option.needs}", Checkbox).value
            self.query_one(f"#{option.name}", Select).disabled = not on
            if option.needs_note:
                note = "" if on else _(option.needs_note)
                self.query_one(f"#{option.name}-note", Static).update(Content.styled(note, "$text-muted"))

    @on(Checkbox.Changed, "#hints")
    def _hints_changed(self, event: Checkbox.Changed) -> None:
        from twentystrong.profile import set_hints

        _, warning = set_hints(event.value)
        if warning:
            self.notify(warning, severity="warning")

    # --- focus: a glyph, never colour alone ---------------------------------------------------------------------

    def on_descendant_focus(self) -> None:
        self._mark_focus()

    def on_descendant_blur(self) -> None:
        self.call_after_refresh(self._mark_focus)

    def _mark_focus(self) -> None:
        """``▸`` before the label of the row that has the keyboard focus, and before the focused button's label."""
        focused = self.focused
        for row in self.query(".row"):
            label = row.query_children(".label").first(Label) if row.query_children(".label") else None
            if label is None:
                continue
            base = getattr(label, "_base_text", None)
            if base is None:
                base = str(label.content).strip()
                label._base_text = base  # type: ignore[attr-defined]
            inside = focused is not None and (focused is row or row in focused.ancestors)
            label.update(f"{CURSOR} {base}" if inside else f"  {base}")
        for button in self.query("#buttons Button").results(Button):
            base = getattr(button, "_base_label", None)
            if base is None:
                base = str(button.label).strip()
                button._base_label = base  # type: ignore[attr-defined]
            # The glyph's two columns are kept free when not focused: a button as wide as its label keeps its width
            # when focused, so its label never wraps to one word ("▸ Start") on a narrow terminal.
            button.label = f"{CURSOR} {base}" if button is focused else f"  {base}"

    @on(Select.Changed, "#deck")
    def _deck_changed(self, event: Select.Changed) -> None:
        source = next((d for d in self.decks if d.id == event.value), None)
        if source is not self.source:
            self._load(source)

    @on(OptionList.OptionHighlighted, "#heroes")
    def _hero_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.deck is not None and (event.option.id in self.heroes or event.option.id == DRAW):
            self._show_ref(event.option.id or DRAW)

    @on(OptionList.OptionSelected, "#heroes")
    def _hero_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#start", Button).focus()

    def _show_hero(self, hero: Hero) -> None:
        self.query_one("#hero-detail", Static).update(hero_card(hero))
        self.query_one("#hero-line", Static).update(
            Content.styled(_("Ability: {ability}").format(ability=ability_text(hero)), "$text-muted")
        )

    # --- starting -----------------------------------------------------------------------------------------------

    def options(self) -> SetupOptions | str:
        """The options chosen, or what is missing."""
        if self.deck is None:
            return _("Choose a deck that loads.")
        heroes = self.query_one("#heroes", OptionList)
        if heroes.highlighted is None:
            return _("Choose a hero.")
        option = heroes.get_option_at_index(heroes.highlighted)
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text)
        except ValueError:
            return _("The seed must be a whole number, not {seed}.").format(seed=repr(seed_text))
        defaults_deal = self.defaults.get("deal")
        common = {
            "deck_id": self.deck.id,
            "hero_id": option.id or "",
            "seed": seed,
            "assisted": self.query_one("#undo", RadioSet).pressed_index == 1,
            "dice": "physical" if self.query_one("#dice", RadioSet).pressed_index == 1 else "virtual",
            "deal": "ordered" if defaults_deal == "ordered" else "shuffled",
        }
        values: dict[str, OptionValue | None] = {}
        for declared in options_for(self.deck.info.ruleset):
            control = self.query_one(f"#{declared.name}")
            value = control.value if isinstance(control, Checkbox | Select) else None
            if value == RANDOM and declared.kind == "card" or control.disabled:
                continue  # a card drawn at random; an option whose flag is off (it keeps its default)
            values[declared.name] = value if isinstance(value, bool | int | str) else None
        return SetupOptions(**common, choices=choices_for(self.deck.info.ruleset, values))  # type: ignore[arg-type]

    def action_start(self) -> None:
        """Start a new game with the chosen options."""
        options = self.options()
        error = self.query_one("#error", Static)
        if isinstance(options, str) or self.deck is None:
            error.update(Content.styled(str(options), "$error"))
            return
        path = None if self.source is None or self.source.shipped else self.source.path
        refused = not_drawn(self.deck.info.ruleset, self.deck.id, str(path) if path is not None else None)
        if refused is not None:
            error.update(Content.styled(refused, "$error"))
            return
        error.update("")
        self.post_message(self.Start(self.deck, options, path))

    def action_resume(self) -> None:
        """Resume the autosaved game."""
        if self.resume_path is not None:
            self.post_message(self.Resume())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self.resume_path is not None
        return True

    def action_daily(self) -> None:
        """Start today's daily challenge: the same deck, hero and seed for everyone today (UTC)."""
        from twentystrong.content.source import DeckError
        from twentystrong.record.daily import DECK, daily_options, today

        source = next((d for d in self.decks if d.id == DECK and d.shipped), None)
        error = self.query_one("#error", Static)
        if source is None:
            error.update(
                Content.styled(
                    _("The daily challenge is played with the {deck} deck, not installed.").format(deck=DECK), "$error"
                )
            )
            return
        try:
            deck = self.deck if self.deck is not None and self.deck.id == DECK else source.load()
        except DeckError as exc:
            error.update(Content.styled(_("The daily deck does not load:") + f"\n{exc}", "$error"))
            return
        day = today()
        options = daily_options(deck, day)
        seed = _("seed {n}").format(n=options.seed)
        words = ", ".join([seed, *described(options_for(deck.info.ruleset), options)])
        self.notify(
            _("Daily challenge {day}: {hero}, {words}. The same game for everyone today.").format(
                day=day.isoformat(), hero=deck.hero(options.hero_id).name, words=words
            ),
            timeout=8,
        )
        self.post_message(self.Start(deck, options, None))

    async def action_browse(self) -> None:
        """Browse the chosen deck's cards."""
        if self.deck is None:
            return
        from twentystrong.tui.screens.browser import CardBrowserScreen

        await self.app.push_screen(CardBrowserScreen(self.deck, None))

    @on(Input.Submitted, "#seed")
    def _seed_submitted(self) -> None:
        self.action_start()

    @on(Button.Pressed)
    async def _button(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "resume":
            self.action_resume()
        elif event.button.id == "browse":
            await self.action_browse()
        elif event.button.id == "daily":
            self.action_daily()
        elif event.button.id == "statistics":
            await self.app.run_action("statistics")
        elif event.button.id == "quit":
            self.app.exit()
