"""The inventory: each held item's full text, when it works, and Use / Discard buttons (plus the hero's ability).

The buttons are exactly the ``use_item`` / ``use_ability`` / ``discard_item`` commands in the view's legal list
(contract 3); pressing one posts the same message the table posts (:class:`messages.Play`), which the
App hands to the store. The screen redraws on every new view, so it stays open while the player uses items.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets.option_list import Option

from twentystrong.content.effects import Effect
from twentystrong.engine.commands import Command
from twentystrong.engine.effects import hooks
from twentystrong.engine.view import PlayerView
from twentystrong.i18n import N_, _, ngettext, pgettext
from twentystrong.text.cards import CardText, describe_hero, describe_item
from twentystrong.text.commands import targets_words
from twentystrong.text.effects import TRIGGER_WORDS
from twentystrong.tui import messages
from twentystrong.tui.store import GameView, Store
from twentystrong.tui.widgets.card_detail import CardDetail
from twentystrong.tui.widgets.choices import command_label
from twentystrong.tui.widgets.glyphs import CursorList
from twentystrong.tui.widgets.keys import speak_keys


class CommandButton(Button):
    """A button that stands for one legal command."""

    def __init__(self, label: str, command: Command, *, variant: str = "default") -> None:
        super().__init__(label, variant=variant)  # type: ignore[arg-type]
        self.command = command


ABILITY = "ability"
"""The list entry of the hero's ability (item ids are card ids, which never use this word alone)."""


@dataclass(frozen=True, slots=True)
class Holding:
    """One entry of the inventory screen: an item (or the hero's ability) and what may be done with it now."""

    id: str
    """The item's card id, or :data:`ABILITY`."""
    name: str
    kind: str
    """``single-use item``, ``ongoing item`` or ``hero ability`` (in the language spoken)."""
    text: CardText
    when: tuple[str, ...]
    """When it works, one sentence each."""
    uses: tuple[Command, ...]
    """Legal use commands now (one per target)."""
    discard: Command | None
    """The legal discard command, if any."""
    asks: bool = False
    """It is used by the player (not only in force by itself)."""


def holdings(view: GameView) -> list[Holding]:
    """The items held, in inventory order, then the hero's ability if it has one."""
    s = view.player
    out: list[Holding] = []
    from twentystrong.tui.boards import board_class  # what the deck adds to an item (a Tactic, an Opportunity)

    item_note = board_class(s.deck.info.ruleset).item_note
    for item in s.inventory:
        card = s.deck.card(item)
        reward = card.reward
        single = reward is not None and reward.kind == "single_use"
        text = describe_item(card)
        note = item_note(s, item)
        after_use = note.after_use if note is not None else ""
        when, asks = _when_item(s, item, single, after_use, note.used if note is not None else "")
        kind = _("single-use item") if single else _("ongoing item")
        own = s.table.item_kind(s.deck, item)
        if own:
            kind = _("{kind} · single-use item").format(kind=own)
            text = replace(text, subtitle=kind)
        if note is not None:
            if note.after_use and not single:
                when.append(note.discarded or _("Discarded, {then}.").format(then=note.after_use))
            if note.progress:  # an Opportunity: its progress, and until earned its goal instead of its uses
                kind = _("Opportunity · {progress}").format(progress=note.progress)
                if note.words:
                    goal = note.words.rstrip(".")
                    asks = False  # its goal, not its uses, until earned
                    when = [
                        _("Progress {progress}. {goal}.").format(progress=note.progress, goal=goal),
                        _("Its reward is yours once the goal is met: it flips."),
                    ]
                    if note.after_use:
                        when.append(note.discarded or _("Discarded, {then}.").format(then=note.after_use))
        out.append(
            Holding(
                id=item,
                name=card.name,
                kind=kind,
                text=text,
                when=tuple(when),
                uses=tuple(view.find("use_item", item=item)),
                discard=view.first("discard_item", item=item),
                asks=asks,
            )
        )
    if s.hero.id:
        hero = s.deck.hero(s.hero.id)
        if hero.ability or hero.ability_text:
            out.append(
                Holding(
                    id=ABILITY,
                    name=_ability_of(hero.name),
                    kind=_("hero ability"),
                    text=describe_hero(hero),
                    when=tuple(_when_ability(s)),
                    uses=tuple(view.find("use_ability")),
                    discard=None,
                    asks=any(_asked(effect) for effect in hero.ability),
                )
            )
    return out


VOWELS = "aeiouyàâäéèêëîïôöùûüœæh"
"""The letters a name may begin with that a translation elides before (French: « capacité d'Umbra »)."""


def _ability_of(hero: str) -> str:
    """``Umbra's ability``: a message of its own for a name beginning with a vowel, which French elides before."""
    if hero[:1].lower() in VOWELS:
        return pgettext("a name beginning with a vowel", "{hero}'s ability").format(hero=hero)
    return _("{hero}'s ability").format(hero=hero)


def _when_item(s: PlayerView, item: str, single: bool, after_use: str = "", used: str = "") -> tuple[list[str], bool]:
    """When an item works, from its effects (R8: at any prompt except while a roll is being resolved), and whether
    the player uses it (``after_use``: where the deck sends a single-use item once used, in its words; ``used``: the
    deck's whole sentence for it, which a translation can make agree)."""
    reward = s.deck.card(item).reward
    effects = list(reward.effects) if reward is not None else []
    if single:
        if used:
            return [used], True
        if after_use:
            return [
                _("Use it at any prompt, except while a roll is being resolved; then {then}.").format(then=after_use)
            ], True
        return [
            _("Use it at any prompt, except while a roll is being resolved; then it goes to the discard pile.")
        ], True
    out = []
    for effect in effects:
        if effect.trigger is not None and effect.trigger != "on_use":
            out.append(_works_by_itself(effect.trigger))
        elif hooks.handler(effect.kind).passive:
            out.append(_("Always in force while you hold it."))
        else:
            out.append(_use_it(effect.once_per_round))
    return sorted(set(out), key=out.index), any(_asked(effect) for effect in effects)


def _asked(effect: Effect) -> bool:
    """An effect the player uses (not one that works by itself, nor one always in force)."""
    return (effect.trigger is None or effect.trigger == "on_use") and not hooks.handler(effect.kind).passive


def _works_by_itself(trigger: str) -> str:
    return _("Works by itself {when}.").format(when=TRIGGER_WORDS.get(trigger, trigger))


def _use_it(once_per_round: bool) -> str:
    if once_per_round:
        return _("Use it once per round at any prompt, except while a roll is being resolved.")
    return _("Use it at any prompt, except while a roll is being resolved.")


def _when_ability(s: PlayerView) -> list[str]:
    hero = s.deck.hero(s.hero.id)
    out = []
    for effect in hero.ability:
        if effect.trigger is not None and effect.trigger != "on_use":
            out.append(_works_by_itself(effect.trigger))
        elif hooks.handler(effect.kind).passive:
            out.append(_("Always in force."))
        else:
            out.append(_use_it(effect.once_per_round))
    return sorted(set(out), key=out.index)


def use_label(view: PlayerView, command: Command, holding: Holding) -> str:
    """A use button: ``Use`` or ``Use on Rust Maw`` (the item is the one highlighted, so its name is left out)."""
    if command.cmd not in ("use_item", "use_ability"):
        return command_label(view, command)
    targets = targets_words(command, view)
    return _("Use on {targets}").format(targets=targets) if targets else _("Use")


def now_words(view: GameView, holding: Holding) -> str:
    """Whether it can be used right now, and if not why (the engine's reason)."""
    if holding.uses:
        ways = len(holding.uses)
        if ways == 1:
            return _("you can use it.")
        return ngettext(
            "you can use it in {n} way: pick a button.", "you can use it in {n} ways: pick a button.", ways
        ).format(n=ways)
    reason = view.player.items_usable()
    if reason:
        return _("not now: {reason}.").format(reason=reason)
    if holding.asks:
        return _("not now: nothing to use it on, or already used this round.")
    return _("nothing to do: it works by itself.")


class InventoryScreen(ModalScreen[None]):
    """Held items and the hero's ability: read them, use them, discard them. Escape closes it."""

    HELP_TITLE = N_("Inventory")
    """The title of this part of the help screen."""

    CSS_PATH = "inventory.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("u", "use", N_("Use")),
        Binding("d", "discard", N_("Discard")),
        # A modal screen hides the App's keys: undo and help are bound again, to the App's actions.
        Binding("ctrl+z", "app.undo", N_("Undo")),
        Binding("question_mark,f1", "app.help", N_("Help"), key_display="?"),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__()
        speak_keys(self)  # its footer's keys in the language spoken
        self.store = store
        self.view: GameView = store.view
        self.entries: list[Holding] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="inventory"):
            yield Static(id="inventory-title")
            yield Static(id="inventory-alert")
            with Horizontal(id="inventory-body"):
                yield CursorList(id="inventory-list")
                with Vertical(id="inventory-right"):
                    yield CardDetail(id="inventory-detail", empty=_("You hold no items."))
                    yield Static(id="inventory-when")
                    yield Horizontal(id="inventory-buttons")
        yield Footer()

    def on_mount(self) -> None:
        self.watch(self.app, "game", self._game_changed, init=False)
        self._show(self.store.view)
        self.query_one("#inventory-list", OptionList).focus()

    # --- showing ------------------------------------------------------------------------------------------------

    def _game_changed(self, view: GameView | None) -> None:
        if view is not None and view is not self.view:
            self._show(view)

    def _show(self, view: GameView) -> None:
        self.view = view
        s = view.player
        lst = self.query_one("#inventory-list", OptionList)
        keep = self.current.id if self.current is not None else None
        self.entries = holdings(view)
        lst.set_options([Option(self._label(h), id=h.id) for h in self.entries])
        if self.entries:
            index = next((i for i, h in enumerate(self.entries) if h.id == keep), 0)
            lst.highlighted = index
        strategy = s.hero.strategy
        self.query_one("#inventory-title", Static).update(
            Content.assemble(
                (_("Inventory"), "bold"),
                (
                    " — " + _("{held} of {n} slots (Strategy {n})").format(held=len(s.inventory), n=strategy),
                    "$text-muted",
                ),
            )
        )
        alert = self.query_one("#inventory-alert", Static)
        alert.display = view.kind == "item_limit"
        alert.update(view.text)
        self._show_current()
        self.refresh_bindings()

    def _label(self, h: Holding) -> Content:
        usable = bool(h.uses)
        return Content.assemble(
            ("▶ " if usable else "  ", "bold $accent"),
            (h.name, "bold" if usable else ""),
            "\n  ",
            (h.kind, "$text-muted"),
        )

    @property
    def current(self) -> Holding | None:
        """The highlighted entry."""
        if not self.is_mounted:
            return None
        index = self.query_one("#inventory-list", OptionList).highlighted
        if index is None or not 0 <= index < len(self.entries):
            return None
        return self.entries[index]

    def _show_current(self) -> None:
        h = self.current
        detail = self.query_one("#inventory-detail", CardDetail)
        when = self.query_one("#inventory-when", Static)
        buttons = self.query_one("#inventory-buttons", Horizontal)
        buttons.remove_children()
        if h is None:
            detail.show(None)
            when.update("")
            return
        detail.border_title = h.kind.capitalize()
        detail.show(h.text)
        when_word, now_word = _("When:") + " ", _("Now:") + " "
        lines = [Content.assemble((when_word, "bold $text-secondary"), w) for w in h.when]
        lines.append(Content.assemble((now_word, "bold $text-secondary"), now_words(self.view, h)))
        when.update(Content("\n").join(lines))
        new = [CommandButton(use_label(self.view.player, c, h), c, variant="primary") for c in h.uses]
        if h.discard is not None:
            new.append(CommandButton(_("Discard"), h.discard, variant="warning"))
        buttons.mount_all(new)

    # --- input --------------------------------------------------------------------------------------------------

    @on(OptionList.OptionHighlighted, "#inventory-list")
    def _highlighted(self) -> None:
        self._show_current()
        self.refresh_bindings()

    @on(Button.Pressed, "#inventory-buttons CommandButton")
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if isinstance(event.button, CommandButton):
            self._play(event.button.command)

    def _play(self, command: Command) -> None:
        """Send the command up, exactly as the table would (the store checks it against the legal list)."""
        if self.view.is_legal(command):
            self.post_message(messages.Play(command))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        h = self.current
        if action == "use":
            return h is not None and bool(h.uses)
        if action == "discard":
            return h is not None and h.discard is not None
        return True

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)

    def action_use(self) -> None:
        """Use the highlighted item (with several targets: move to its buttons to pick one)."""
        h = self.current
        if h is None or not h.uses:
            return
        if len(h.uses) == 1:
            self._play(h.uses[0])
        else:
            self.query(CommandButton).first().focus()
            self.notify(_("Several ways to use it: pick a button (Tab moves between them)."))

    def action_discard(self) -> None:
        """Discard the highlighted item."""
        h = self.current
        if h is not None and h.discard is not None:
            self._play(h.discard)
