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

from twentystrong.engine.commands import Command
from twentystrong.engine.effects import hooks
from twentystrong.engine.view import PlayerView
from twentystrong.text.cards import CardText, describe_hero, describe_item
from twentystrong.text.effects import TRIGGER_WORDS
from twentystrong.tui import messages
from twentystrong.tui.store import GameView, Store
from twentystrong.tui.widgets.card_detail import CardDetail
from twentystrong.tui.widgets.choices import command_label
from twentystrong.tui.widgets.glyphs import CursorList


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
    """``single-use item``, ``ongoing item`` or ``hero ability``."""
    text: CardText
    when: tuple[str, ...]
    """When it works, one sentence each."""
    uses: tuple[Command, ...]
    """Legal use commands now (one per target)."""
    discard: Command | None
    """The legal discard command, if any."""


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
        when = _when_item(s, item, single)
        kind = "single-use item" if single else "ongoing item"
        own = s.table.item_kind(s.deck, item)
        if own:
            kind = f"{own} · single-use item"
            text = replace(text, subtitle=kind)
        if note is not None:
            if note.after_use:
                when = [w.replace("then it goes to the discard pile", f"then {note.after_use}") for w in when]
                if not single:
                    when.append(f"Discarded, {note.after_use}.")
            if note.progress:  # an Opportunity: its progress, and until earned its goal instead of its uses
                kind = f"Opportunity · {note.progress}"
                if note.words:
                    goal = note.words.rstrip(".")
                    when = [f"Progress {note.progress}. {goal}.", "Its reward is yours once the goal is met: it flips."]
                    if note.after_use:
                        when.append(f"Discarded, {note.after_use}.")
        out.append(
            Holding(
                id=item,
                name=card.name,
                kind=kind,
                text=text,
                when=tuple(when),
                uses=tuple(view.find("use_item", item=item)),
                discard=view.first("discard_item", item=item),
            )
        )
    if s.hero.id:
        hero = s.deck.hero(s.hero.id)
        if hero.ability or hero.ability_text:
            out.append(
                Holding(
                    id=ABILITY,
                    name=f"{hero.name}'s ability",
                    kind="hero ability",
                    text=describe_hero(hero),
                    when=tuple(_when_ability(s)),
                    uses=tuple(view.find("use_ability")),
                    discard=None,
                )
            )
    return out


def _when_item(s: PlayerView, item: str, single: bool) -> list[str]:
    """When an item works, from its effects (R8: at any prompt except while a roll is being resolved)."""
    reward = s.deck.card(item).reward
    effects = list(reward.effects) if reward is not None else []
    if single:
        return ["Use it at any prompt, except while a roll is being resolved; then it goes to the discard pile."]
    out = []
    for effect in effects:
        if effect.trigger is not None and effect.trigger != "on_use":
            out.append(f"Works by itself {TRIGGER_WORDS.get(effect.trigger, effect.trigger)}.")
        elif hooks.handler(effect.kind).passive:
            out.append("Always in force while you hold it.")
        else:
            once = " once per round" if effect.once_per_round else ""
            out.append(f"Use it{once} at any prompt, except while a roll is being resolved.")
    return sorted(set(out), key=out.index)


def _when_ability(s: PlayerView) -> list[str]:
    hero = s.deck.hero(s.hero.id)
    out = []
    for effect in hero.ability:
        if effect.trigger is not None and effect.trigger != "on_use":
            out.append(f"Works by itself {TRIGGER_WORDS.get(effect.trigger, effect.trigger)}.")
        elif hooks.handler(effect.kind).passive:
            out.append("Always in force.")
        else:
            once = " once per round" if effect.once_per_round else ""
            out.append(f"Use it{once} at any prompt, except while a roll is being resolved.")
    return sorted(set(out), key=out.index)


def use_label(view: PlayerView, command: Command, holding: Holding) -> str:
    """A use button: ``Use`` or ``Use on Rust Maw`` (the item is the one highlighted, so its name is left out)."""
    label = command_label(view, command)
    for prefix in (
        f"Use {holding.name}",
        f"Use {view.deck.hero(view.hero.id).name}'s ability" if view.hero.id else "",
    ):
        if prefix and label.startswith(prefix):
            return "Use" + label[len(prefix) :]
    return label


def now_words(view: GameView, holding: Holding) -> str:
    """Whether it can be used right now, and if not why (the engine's reason)."""
    if holding.uses:
        ways = len(holding.uses)
        return "you can use it." if ways == 1 else f"you can use it in {ways} ways: pick a button."
    reason = view.player.items_usable()
    if reason:
        return f"not now: {reason}."
    if holding.kind == "single-use item" or any("Use it" in w for w in holding.when):
        return "not now: nothing to use it on, or already used this round."
    return "nothing to do: it works by itself."


class InventoryScreen(ModalScreen[None]):
    """Held items and the hero's ability: read them, use them, discard them. Escape closes it."""

    HELP_TITLE = "Inventory"
    """The title of this part of the help screen."""

    CSS_PATH = "inventory.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("u", "use", "Use"),
        Binding("d", "discard", "Discard"),
        # A modal screen hides the App's keys: undo and help are bound again, to the App's actions.
        Binding("ctrl+z", "app.undo", "Undo"),
        Binding("question_mark,f1", "app.help", "Help", key_display="?"),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__()
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
                    yield CardDetail(id="inventory-detail", empty="You hold no items.")
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
                ("Inventory", "bold"),
                (f" — {len(s.inventory)} of {strategy} slots (Strategy {strategy})", "$text-muted"),
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
        lines = [Content.assemble(("When: ", "bold $text-secondary"), w) for w in h.when]
        lines.append(Content.assemble(("Now: ", "bold $text-secondary"), now_words(self.view, h)))
        when.update(Content("\n").join(lines))
        new = [CommandButton(use_label(self.view.player, c, h), c, variant="primary") for c in h.uses]
        if h.discard is not None:
            new.append(CommandButton("Discard", h.discard, variant="warning"))
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
            self.notify("Several ways to use it: pick a button (Tab moves between them).")

    def action_discard(self) -> None:
        """Discard the highlighted item."""
        h = self.current
        if h is not None and h.discard is not None:
            self._play(h.discard)
