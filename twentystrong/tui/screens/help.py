"""Help: every key of the screen underneath, generated from its bindings and their descriptions (one source).

The App passes the bindings active where help was asked for (``screen.active_bindings``: the focused widget's, the
screen's and, outside modal screens, the App's). Bindings without a description are internal and left out; keys
that share a description are listed together (``y g b p r — Select die``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

LEGEND = (
    "Dice show their colour letter, number and face: B3✶ is blue die 3 showing a crit, "
    "• a basic hit, ○ a miss, · not rolled. A mandatory enemy is marked !."
)


@dataclass(frozen=True, slots=True)
class KeyLine:
    """One line of the help: the keys and what they do."""

    keys: str
    description: str
    section: str


def key_lines(bindings: Iterable[Binding | ActiveBinding], key_display: dict[str, str] | None = None) -> list[KeyLine]:
    """Bindings as help lines, in order, merged by description within a section.

    ``key_display`` maps a key to how the terminal shows it (the App's ``get_key_display``); a binding's own
    ``key_display`` wins.
    """
    shown = key_display or {}
    order: list[tuple[str, str]] = []
    keys: dict[tuple[str, str], list[str]] = {}
    chosen: set[tuple[str, str]] = set()  # slots whose keys a binding's own key_display already says
    for item in bindings:
        binding, section = (item.binding, _section(item.node)) if isinstance(item, ActiveBinding) else (item, "")
        if not binding.description:
            continue
        slot = (section, binding.description)
        if slot not in keys:
            keys[slot] = []
            order.append(slot)
        if binding.key_display:
            if slot not in chosen:
                keys[slot] = []
                chosen.add(slot)
            label = binding.key_display
        elif slot in chosen:
            continue
        else:
            label = ", ".join(shown.get(k.strip(), k.strip()) for k in binding.key.split(","))
        if label not in keys[slot]:
            keys[slot].append(label)
    return [KeyLine(" ".join(keys[slot]), slot[1], slot[0]) for slot in order]


def _section(node: DOMNode) -> str:
    from textual.app import App

    if isinstance(node, App):
        return "Everywhere"
    if isinstance(node, Screen):
        return "This screen"
    return type(node).__name__


class HelpScreen(ModalScreen[None]):
    """The keys of the screen underneath, with what each does. Escape (or ?) closes it."""

    CSS_PATH = "help.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,f1", "close", "Close", key_display="esc"),
    ]

    def __init__(self, bindings: Iterable[Binding | ActiveBinding]) -> None:
        super().__init__()
        self.bindings = list(bindings)

    def compose(self) -> ComposeResult:
        sections: dict[str, list[KeyLine]] = {}
        for line in self.lines():
            sections.setdefault(line.section, []).append(line)
        with Vertical(id="help"):
            yield Static(Content.styled("Keys", "bold"), id="help-title")
            with Horizontal(id="help-columns"):
                if not sections:
                    yield Static(Content.styled("No keys here.", "$text-muted"))
                for section, lines in sections.items():
                    with VerticalScroll(classes="help-keys"):
                        yield Static(self._table(section, lines))
            yield Static(Content.styled(LEGEND, "$text-muted"), id="help-legend")
        yield Footer()

    def lines(self) -> list[KeyLine]:
        """The help's lines (tests read them)."""
        display = {}
        for item in self.bindings:
            binding = item.binding if isinstance(item, ActiveBinding) else item
            for key in binding.key.split(","):
                display[key.strip()] = self.app.get_key_display(Binding(key.strip(), binding.action))
        return key_lines(self.bindings, display)

    def _table(self, section: str, lines: list[KeyLine]) -> Content:
        width = min(12, max(len(line.keys) for line in lines))
        out: list[Content] = []
        if section:
            out.append(Content.styled(section, "bold $text-secondary"))
        for line in lines:
            out.append(Content.assemble((f"{line.keys:>{width}}", "bold $accent"), "  ", line.description))
        return Content("\n").join(out)

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
