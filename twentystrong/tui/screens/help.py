"""Help: every key of the screen underneath, generated from its bindings and their descriptions (one source), then
a rules primer (:mod:`twentystrong.text.primer`). The whole help scrolls (↑ ↓, Page Up/Down, the mouse wheel), so
it reads at 80×24.

The App passes the bindings active where help was asked for (``screen.active_bindings``: the focused widget's, the
screen's and, outside modal screens, the App's). Bindings without a description are internal and left out; keys
that share a description are listed together (``y g b p r — Select die``). Each section has a title a player
understands: the screen's or widget's ``HELP_TITLE`` (``The table``, ``The focused card``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import Grid, VerticalScroll
from textual.content import Content
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from twentystrong.i18n import N_, _, lazy_gettext
from twentystrong.text.primer import primer
from twentystrong.tui.widgets.keys import speak_keys

LEGEND = lazy_gettext(
    "Dice show their colour letter, number and face: B3✶ is blue die 3 showing a crit, "
    "• a basic hit, ○ a miss, · not rolled. A mandatory enemy is marked !, what you can choose now ▶."
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
        slot = (section, _(binding.description))
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


def one_line_a_key(lines: list[KeyLine]) -> list[KeyLine]:
    """Each key once: a key that means one thing here and another there (``s`` spectates, and shows the summary once
    the game is over; ``t`` is the odds target, and a Sport card's Tactic) is one line that says both, where it
    first comes. Enter stays a line per step: it is the main action of each, and the help lists them in turn."""
    merged: dict[str, KeyLine] = {}
    out: list[KeyLine] = []
    for line in lines:
        if "⏎" in line.keys or line.keys not in merged:
            merged.setdefault(line.keys, line)
            out.append(line)
            continue
        first = merged[line.keys]
        both = KeyLine(first.keys, f"{first.description} · {line.description}", first.section)
        out[out.index(first)] = both
        merged[line.keys] = both
    return out


def _section(node: DOMNode) -> str:
    from textual.app import App

    if isinstance(node, App):
        return EVERYWHERE
    title = getattr(node, "HELP_TITLE", None)
    if isinstance(title, str) and title:
        return title
    if isinstance(node, Screen):
        return N_("This screen")
    return _FOCUSED.get(type(node).__name__) or f"The focused {_words(type(node).__name__)}"


EVERYWHERE = N_("Everywhere")


_FOCUSED: dict[str, str] = {
    "VerticalScroll": N_("Scrolling the focused pane"),
    "ScrollableContainer": N_("Scrolling the focused pane"),
    "OptionList": N_("The focused list"),
    "DataTable": N_("The focused table"),
    "Input": N_("The text field"),
    "Select": N_("The drop-down"),
    "Button": N_("The focused button"),
}
"""Titles for Textual's own widgets, which carry no ``HELP_TITLE``."""


def _words(name: str) -> str:
    """``CardDetail`` → ``card detail``."""
    out = "".join(f" {ch.lower()}" if ch.isupper() else ch for ch in name).strip()
    return out


QUIT = Binding("ctrl+q", "app.quit", N_("Quit (the game is saved after every move)"))
"""Textual's own quit key, listed with the App's keys (its binding lives on Textual's App class)."""


class HelpScreen(ModalScreen[None]):
    """The keys of the screen underneath, with what each does, then the rules primer. Escape (or ?) closes it."""

    CSS_PATH = "help.tcss"
    HELP_TITLE = N_("Help")
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,f1", "close", N_("Close"), key_display="esc"),
    ]

    def __init__(self, bindings: Iterable[Binding | ActiveBinding]) -> None:
        super().__init__()
        speak_keys(self)
        self.bindings = list(bindings)

    def compose(self) -> ComposeResult:
        sections: dict[str, list[KeyLine]] = {}
        for line in self.lines():
            sections.setdefault(line.section, []).append(line)
        with VerticalScroll(id="help"):
            yield Static(
                Content.assemble(
                    (_("Help"), "bold"),
                    ("  " + _("↑ ↓ PgUp PgDn scroll · Esc closes · the rules primer follows the keys"), "$text-muted"),
                ),
                id="help-title",
            )
            if not sections:
                yield Static(Content.styled(_("No keys here."), "$text-muted"))
            with Grid(id="help-columns"):
                for section, lines in sections.items():
                    yield Static(self._table(section, lines), classes="help-keys")
            yield Static(Content.styled(str(LEGEND), "$text-muted"), id="help-legend")
            yield Static(primer_content(self.ruleset()), id="help-primer")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help", VerticalScroll).focus()

    def ruleset(self) -> str:
        """The rules the primer explains: the game's deck's (Solar Sentinels' when no game is open)."""
        store = getattr(self.app, "store", None)
        if store is None:
            return "solar-sentinels"
        return str(store.view.deck.info.ruleset)

    def lines(self) -> list[KeyLine]:
        """The help's lines (tests read them)."""
        display = {}
        bindings = [*self.bindings]
        if any(isinstance(b, ActiveBinding) and _section(b.node) == EVERYWHERE for b in bindings):
            bindings.append(ActiveBinding(self.app, QUIT, True, ""))
        for item in bindings:
            binding = item.binding if isinstance(item, ActiveBinding) else item
            for key in binding.key.split(","):
                display[key.strip()] = self.app.get_key_display(Binding(key.strip(), binding.action))
        return one_line_a_key(key_lines(bindings, display))

    def _table(self, section: str, lines: list[KeyLine]) -> Content:
        width = min(12, max(len(line.keys) for line in lines))
        out: list[Content] = []
        if section:
            out.append(Content.styled(_(section), "bold $text-secondary"))
        for line in lines:
            out.append(Content.assemble((f"{line.keys:>{width}}", "bold $accent"), "  ", line.description))
        return Content("\n").join(out)

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)


def primer_content(ruleset: str = "solar-sentinels") -> Content:
    """The rules primer of a deck's rules as the help shows it: a title per section, terms in bold."""
    out: list[Content] = [Content.styled(_("How to play: a primer"), "bold $accent")]
    for section in primer(ruleset):
        out += [Content(""), Content.styled(section.title, "bold $text-secondary")]
        for term, text in section.lines:
            out.append(Content.assemble((term, "bold"), " — " if term else "", text))
    return Content("\n").join(out)
