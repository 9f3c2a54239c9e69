"""The step bar (round, phase, step, endgame) and the prompt bar (what the game waits for, and how to answer)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Static
from textual.widgets.button import ButtonVariant

from twentystrong.engine.commands import Command
from twentystrong.tui.store import GameView
from twentystrong.tui.widgets.common import update_static

STEP_NAMES: dict[str, str] = {
    "setup": "Setup",
    "mission_discard": "Mission discard",
    "rank_penalty": "Rank penalty",
    "round_start": "Round start",
    "activate": "Activate",
    "commit": "Commit",
    "faces": "Enter faces",
    "apply": "Apply",
    "suffer": "Suffer damage",
    "after": "After effects",
    "exhaust": "Exhaust",
    "recover": "Recover",
    "gain_items": "Gain items",
    "cleanup": "Cleanup",
    "stack_discard": "Stack discard",
    "over": "Game over",
}
PHASES = ("activation", "strategy", "resolve")


class StepBar(Static):
    """``Round 3 · Activation ▸ STRATEGY ▸ Resolve · Apply, phase 1/3 · ENDGAME`` and the game's options."""

    DEFAULT_CSS = """
    StepBar { height: 1; background: $panel; padding: 0 1; }
    """

    def show(self, view: GameView) -> None:
        """Show where the round is."""
        s = view.state
        parts: list[Content] = [Content.styled(f"Round {s.round}", "bold")]
        if s.phase in PHASES:
            phases = []
            for phase in PHASES:
                current = phase == s.phase
                phases.append(
                    Content.styled(
                        phase.upper() if current else phase.capitalize(),
                        "bold reverse $accent" if current else "$text-muted",
                    )
                )
            parts.append(Content(" ▸ ").join(phases))
        step = STEP_NAMES.get(s.step, s.step)
        if s.step in ("apply", "commit", "faces"):
            step += f", phase {max(1, s.phases_used)}/{s.hero.strategy}"
        parts.append(Content.styled(step, "bold"))
        if s.endgame:
            parts.append(Content.styled(" ENDGAME ", "bold reverse $error"))
        if s.result is not None:
            parts.append(Content.styled(f" {s.result.upper()} ", "bold reverse $warning"))
        flags = [f"seed {s.options.seed}"]
        if s.options.assisted:
            flags.append("assisted")
        if s.options.dice == "physical":
            flags.append("physical dice")
        if s.options.missions:
            flags.append(f"rank {s.options.rank}")
        parts.append(Content.styled(" · ".join(flags), "$text-muted"))
        update_static(self, Content(" │ ").join(parts))


@dataclass(frozen=True, slots=True)
class PromptAction:
    """One button of the prompt bar: a label, the key that does the same, and the command it plays.

    ``command`` None with an ``action``: a table action (``moves`` opens the list of every legal move).
    """

    label: str
    key: str = ""
    command: Command | None = None
    action: str = ""
    variant: ButtonVariant = "default"


class PromptBar(Widget):
    """The prompt line: ``awaiting(state)["text"]`` and the keys that answer it, with a button for each answer."""

    DEFAULT_CSS = """
    PromptBar { height: auto; background: $surface; padding: 0 1; }
    PromptBar #prompt-text { height: auto; }
    PromptBar #prompt-buttons { height: auto; }
    PromptBar Button { margin-right: 1; min-width: 6; }
    """

    class Chosen(Message):
        """A prompt button was clicked."""

        def __init__(self, action: PromptAction) -> None:
            super().__init__()
            self.action = action

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._actions: tuple[PromptAction, ...] = ()
        self._buttons: dict[Button, PromptAction] = {}

    def compose(self) -> ComposeResult:
        yield Static(id="prompt-text")
        yield Horizontal(id="prompt-buttons")

    def show(self, text: Content, actions: tuple[PromptAction, ...]) -> None:
        """Show the prompt and its buttons (buttons are reused: relabelled, shown or hidden, rarely mounted)."""
        update_static(self.query_one("#prompt-text", Static), text)
        if actions == self._actions:
            return
        self._actions = actions
        row = self.query_one("#prompt-buttons", Horizontal)
        buttons = list(row.query_children(Button))
        new: list[Button] = []
        self._buttons = {}
        for index, action in enumerate(actions):
            label = Content(f"{action.label} [{action.key}]" if action.key else action.label)
            if index < len(buttons):
                button = buttons[index]
                button.label = label
                button.variant = action.variant
                button.display = True
                button.refresh(layout=True)  # a Button's label does not resize it by itself
            else:
                button = Button(label, compact=True, variant=action.variant)
                button.can_focus = False  # the keys on the buttons are the keyboard path; Enter stays with the table
                new.append(button)
            self._buttons[button] = action
        for button in buttons[len(actions) :]:
            button.display = False
        if new:
            row.mount_all(new)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        action = self._buttons.get(event.button)
        if action is not None:
            self.post_message(self.Chosen(action))
