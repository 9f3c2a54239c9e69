"""The generic answer to any prompt: a list of legal commands, in words, to pick one from.

The table opens it for the rarer prompts (the order of After effects, an effect's options, an item with several
targets, the prompts a deck's board answers from a list) and for "every legal move" (``a``). It lists exactly the
commands it is given — always taken from ``legal_commands`` — and returns the one picked, or None.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from twentystrong.engine.commands import CMDS, Command
from twentystrong.engine.view import PlayerView
from twentystrong.i18n import N_, _, language
from twentystrong.text import describe_command, describe_effect, describe_effects
from twentystrong.tui.boards import board_class
from twentystrong.tui.widgets.glyphs import CursorList
from twentystrong.tui.widgets.keys import speak_keys


def command_detail(view: PlayerView, command: Command) -> str:
    """What choosing the command means, in a few words: what an item or effect does, what the deck's board says of
    its own commands (a goal, the card a command names …), else the command's description."""
    deck = view.deck
    c = command
    try:
        if c.cmd == "use_item" and c.item:
            reward = deck.card(c.item).reward
            if reward is not None:
                effects = list(reward.effects) if c.effect is None else [reward.effects[c.effect]]
                return reward.text or describe_effects(effects)
        if c.cmd == "use_ability" and c.effect is not None:
            hero = deck.hero(view.hero.id)
            return hero.ability_text or describe_effect(hero.ability[c.effect])
        if c.cmd == "resolve_after" and c.card and c.effect is not None:
            card = view.active_card(c.card)
            if card is not None:
                return describe_effect(view.card_effects(card)[c.effect])
        own = board_class(deck.info.ruleset).command_detail(view, c)
        if own:
            return own
    except (KeyError, IndexError):
        pass
    if c.cmd in CMDS:
        return _(CMDS[c.cmd])
    from twentystrong.engine.rulesets import ruleset_for  # a deck's own command: its ruleset's description

    spec = ruleset_for(deck.info.ruleset).commands.get(c.cmd)
    return _(spec.description) if spec is not None else c.cmd


def command_label(view: PlayerView, command: Command) -> str:
    """A command as a button label: ``Apply B3✶ to Rust Maw`` (from the plain-words sentence)."""
    sentence = describe_command(command, view)
    subject = LABEL_SUBJECTS.get(language())
    if subject and sentence.startswith(subject):
        sentence = sentence[len(subject) :]
    sentence = sentence.rstrip(".")
    return sentence[:1].upper() + sentence[1:]


LABEL_SUBJECTS: dict[str, str] = {"en": "You ", "fr": "Vous "}
"""The subject a command's sentence starts with, left out of its label where what is left reads as an order ("You
apply B3✶ to Rust Maw." → "Apply B3✶ to Rust Maw"; French "Vous assignez …" → "Assignez …"). German keeps the whole
sentence ("Du ordnest B3✶ Rostschlund zu"): its order is another form of the verb."""


LIST_HEIGHT = 20
"""The most lines the list of choices takes (it scrolls beyond); less where the screen leaves less."""


class ChoicesScreen(ModalScreen[Command | None]):
    """Pick one of the given legal commands (Enter or click; 1–9 pick directly; Escape cancels)."""

    HELP_TITLE = N_("Choices")
    """The title of this part of the help screen."""

    DEFAULT_CSS = """
    ChoicesScreen { align: center bottom; }
    ChoicesScreen > Vertical {
        width: auto;
        min-width: 40;
        max-width: 96%;
        height: auto;
        max-height: 70%;
        margin-bottom: 2;
        border: thick $accent;
        background: $surface;
        padding: 0 1;
    }
    ChoicesScreen #title { text-style: bold; width: 100%; margin-bottom: 1; }
    ChoicesScreen #hint { color: $text-muted; margin-top: 1; }
    ChoicesScreen #note { color: $text-muted; width: 100%; margin-bottom: 1; }
    ChoicesScreen #news { width: 100%; margin-bottom: 1; }
    ChoicesScreen OptionList { height: auto; max-height: 20; width: auto; min-width: 36; max-width: 100%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel")),
        *[Binding(str(n), f"pick({n - 1})", f"Choice {n}", show=False) for n in range(1, 10)],
    ]

    def __init__(
        self,
        title: str,
        view: PlayerView,
        commands: Sequence[Command],
        *,
        note: str = "",
        news: str = "",
        numbers: Sequence[int] | None = None,
    ) -> None:
        super().__init__()
        speak_keys(self)  # its footer's keys in the language spoken
        self.news = news
        """What effects and rules just did (the table's "What happened" line, which this dialog covers), or ""."""
        self.title_text = title
        self.player = view
        keys = list(numbers) if numbers is not None else list(range(1, len(commands) + 1))
        listed = sorted(zip(keys, commands, strict=True), key=lambda pair: pair[0])
        self.commands = [command for _, command in listed]
        self.numbers = [n for n, _ in listed]
        """Each command's number key, in the list's order: 1, 2 … unless the table keeps the numbers a choice of
        several picks showed before (a number never moves to another option while the choice lasts)."""
        self.note = note
        """A line under the title (the first-game hint of this kind of step), or ""."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Content(self.title_text), id="title")
            if self.news:
                yield Label(Content.assemble((_("What happened: "), "bold"), self.news), id="news")
            if self.note:
                yield Label(Content.assemble((_("Hint: "), "bold"), (self.note, "italic")), id="note")
            options = []
            said = ""
            for n, command in zip(self.numbers, self.commands, strict=True):
                key = f"{n} " if n <= 9 else "  "
                detail = command_detail(self.player, command)
                # The same words as the choice above (one item, several targets) are not repeated.
                more = f"  — {detail}" if detail != said else ""
                said = detail
                options.append(
                    Option(
                        Content.assemble(
                            (key, "bold $accent"), command_label(self.player, command), (more, "$text-muted")
                        )
                    )
                )
            yield CursorList(*options, id="choices")
            yield Label(_("Enter or click to choose · 1–9 pick directly · Esc cancels"), id="hint")

    def on_mount(self) -> None:
        self.call_after_refresh(self._fit_list)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_list)

    def _fit_list(self) -> None:
        """Give the list what the dialog leaves it, so that it scrolls inside the dialog. The dialog is at most
        70% of the screen; a list taller than what is left was cut by the dialog's frame instead of scrolling, its
        last choices out of reach (at 80×24, the fifth hero drawn)."""
        box = self.query_one(Vertical)
        choices = self.query_one(CursorList)
        others = sum(
            child.outer_size.height + child.styles.margin.top + child.styles.margin.bottom
            for child in box.children
            if child is not choices and child.display
        )
        frame = box.outer_size.height - box.content_size.height  # the border and padding
        # The dialog's own limit (max-height, a share of the screen less the dialog's margins).
        space = Size(self.size.width, self.size.height - box.styles.margin.top - box.styles.margin.bottom)
        limit = box.styles.max_height
        most = int(limit.resolve(space, self.app.size)) if limit is not None else space.height
        room = max(3, min(LIST_HEIGHT, most - frame - others))
        if choices.styles.max_height is None or choices.styles.max_height.value != room:
            choices.styles.max_height = room

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.commands[event.option_index])

    def action_pick(self, index: int) -> None:
        """Pick the command numbered ``index + 1``."""
        if index + 1 in self.numbers:
            self.dismiss(self.commands[self.numbers.index(index + 1)])

    def action_cancel(self) -> None:
        """Close without choosing."""
        self.dismiss(None)
