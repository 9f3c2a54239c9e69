"""The step bar (round, phase, step, endgame) and the prompt bar (what the game waits for, and how to answer)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.geometry import Offset
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets.button import ButtonVariant

from twentystrong.engine.commands import Command
from twentystrong.i18n import N_, _, pgettext
from twentystrong.kits import options_for
from twentystrong.kits.options import shown
from twentystrong.tui.store import GameView
from twentystrong.tui.widgets.common import set_title, update_static

STEP_NAMES: dict[str, str] = {
    "setup": N_("Setup"),
    "round_start": N_("Round start"),
    "activate": N_("Activate"),
    "commit": N_("Commit"),
    "faces": N_("Enter faces"),
    "apply": N_("Apply"),
    "suffer": N_("Suffer damage"),
    "after": N_("After effects"),
    "exhaust": N_("Exhaust"),
    "recover": N_("Recover"),
    "gain_items": N_("Gain items"),
    "cleanup": N_("Cleanup"),
    "over": N_("Game over"),
}
"""Each general step's name on the step bar (marked; shown through the catalogue). A deck's own steps are named by
its board (``Board.STEP_NAMES``) or, failing that, its ruleset's words."""
PHASES = ("activation", "strategy", "resolve")


def phase_name(phase: str) -> str:
    """A phase's name on the step bar, in the language spoken now."""
    names = {
        "activation": pgettext("phase", "Activation"),
        "strategy": pgettext("phase", "Strategy"),
        "resolve": pgettext("phase", "Resolve"),
    }
    return names.get(phase, phase.capitalize())


def _own_step(ruleset: str, step: str) -> str:
    """A deck's own step: its board's name for it (Solar Sentinels' ``mission_discard``: "Mission discard"), else in
    its ruleset's words (Hoplomachus Victorum's ``move``: "Activation: move to a camp")."""
    from twentystrong.engine.rulesets import ruleset_for
    from twentystrong.tui.boards import board_class

    named = board_class(ruleset).STEP_NAMES.get(step)
    if named is not None:
        return _(named)
    words = ruleset_for(ruleset).words.steps.get(step) or step
    phase, _sep, rest = words.partition(": ")
    if rest and (phase.lower() in PHASES or phase.strip() in {phase_name(p) for p in PHASES}):  # named already
        return rest[:1].upper() + rest[1:]
    return words


class StepBar(Static):
    """``Round 3 · Activation ▸ STRATEGY ▸ Resolve · Apply, phase 1/3 · ENDGAME`` and the game's options."""

    DEFAULT_CSS = """
    StepBar { height: 1; background: $panel; padding: 0 1; }
    """

    def show(self, view: GameView) -> None:
        """Show where the round is."""
        s = view.player
        parts: list[Content] = [Content.styled(_("Round {n}").format(n=s.round), "bold")]
        now = s.phase
        phases: list[Content] = []
        if now in PHASES:
            for phase in PHASES:
                current = phase == now
                phases.append(
                    Content.styled(
                        phase_name(phase).upper() if current else phase_name(phase),
                        "bold reverse $accent" if current else "$text-muted",
                    )
                )
            parts.append(Content(" ▸ ").join(phases))
        named = STEP_NAMES.get(s.step)
        step = _(named) if named is not None else _own_step(s.deck.info.ruleset, s.step)
        if s.step in ("apply", "commit", "faces"):
            step += _(", phase {used}/{strategy}").format(used=max(1, s.phases_used), strategy=s.hero.strategy)
        parts.append(Content.styled(step, "bold"))
        if s.endgame:
            parts.append(Content.styled(" " + _("ENDGAME") + " ", "bold reverse $error"))
        if s.result is not None:
            result = _("WON") if s.result == "won" else _("LOST") if s.result == "lost" else s.result.upper()
            parts.append(Content.styled(f" {result} ", "bold reverse $warning"))
        flags = [_("seed {seed}").format(seed=s.options.seed)]
        if s.options.assisted:
            flags.append(_("assisted"))
        if s.options.dice == "physical":
            flags.append(_("physical dice"))
        flags += shown(options_for(s.deck.info.ruleset), s.options)  # the deck's options that show (its kit says)
        parts.append(Content.styled(" · ".join(flags), "$text-muted"))
        line = Content(" │ ").join(parts)
        width = self.content_size.width or self.app.size.width - 2
        if line.cell_length > width:  # longer words (German, French): the options give way first
            line = Content(" │ ").join(parts[:-1])
        if line.cell_length > width and now in PHASES:  # then the phases not current
            line = Content(" │ ").join([parts[0], phases[PHASES.index(now)], *parts[2:-1]])
        if line.cell_length > width and now in PHASES:  # then the current one (a deck's long step says it)
            line = Content(" │ ").join([parts[0], *parts[2:-1]])
        update_static(self, line)


# NamedTuples, not frozen dataclasses: as immutable and hashable, and each costs ~0.3 ms less to define at start-up.
class PromptAction(NamedTuple):
    """One button of the prompt bar: a label, the key that does the same, and the command it plays.

    ``command`` None with an ``action``: a table action (``moves`` opens the list of every legal move).
    """

    label: str
    key: str = ""
    command: Command | None = None
    action: str = ""
    variant: ButtonVariant = "default"


VARIANT_STYLE: dict[str, str] = {
    "default": "bold $button-foreground on $panel",
    "primary": "bold $button-color-foreground on $primary",
    "success": "bold $button-color-foreground on $success",
    "warning": "bold $button-color-foreground on $warning",
    "error": "bold $button-color-foreground on $error",
}
"""A button's look per variant (the colours of Textual's compact buttons)."""


class ActionRow(Widget):
    """The prompt's buttons, drawn as lines of chips (``Roll [enter]``): a click on one posts
    :class:`PromptBar.Chosen`. One line, repainted in place, while the chips fit the width; a second line (a layout
    pass) only when they do not: every answer stays named and clickable on a narrow terminal."""

    DEFAULT_CSS = """
    ActionRow { height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.actions: tuple[PromptAction, ...] = ()
        """The buttons shown, in order."""
        self._content = Content("")
        self._spans: tuple[tuple[int, int, int], ...] = ()  # (line, start, end) of each button
        self._width = 0

    def show(self, actions: tuple[PromptAction, ...]) -> None:
        """Show these buttons (a repaint, only when they change)."""
        if actions == self.actions:
            return
        self.actions = actions
        self._lay_out()

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._width:
            self._lay_out()

    def _lay_out(self) -> None:
        width = self.content_size.width or self.app.size.width
        self._width = width
        lines: list[list[Content]] = [[]]
        spans: list[tuple[int, int, int]] = []
        x = 0
        for action in self.actions:
            label = f" {action.label} [{action.key}] " if action.key else f" {action.label} "
            chip = Content.styled(label, VARIANT_STYLE.get(action.variant, VARIANT_STYLE["default"]))
            if x and x + chip.cell_length > width:  # no room left on this line: the chip starts the next one
                lines.append([])
                x = 0
            spans.append((len(lines) - 1, x, x + chip.cell_length))
            lines[-1] += [chip, Content(" ")]
            x += chip.cell_length + 1
        self._content = Content("\n").join([Content.assemble(*line) for line in lines])
        self._spans = tuple(spans)
        if self.styles.height is None or self.styles.height.value != len(lines):
            self.styles.height = len(lines)  # a layout pass only when the number of lines changes
        self.refresh()

    def render(self) -> Content:
        return self._content

    def offset_of(self, label: str) -> Offset | None:
        """Where the first button whose label starts with ``label`` is drawn (for clicks in tests)."""
        for action, (line, start, _end) in zip(self.actions, self._spans, strict=True):
            if action.label.startswith(label):
                return Offset(start + 1, line)
        return None

    def action_at(self, x: int, y: int = 0) -> PromptAction | None:
        """The button at column ``x`` of line ``y``, if any."""
        for action, (line, start, end) in zip(self.actions, self._spans, strict=True):
            if line == y and start <= x < end:
                return action
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        action = self.action_at(offset.x, offset.y) if offset is not None else None
        if action is not None:
            event.stop()
            self.post_message(PromptBar.Chosen(action))


def _news_words(sentences: Sequence[str], *, dropped: bool) -> Content:
    """ "What happened: " and the sentences (after "…" when earlier ones are ``dropped``); empty without any."""
    if not sentences:
        return Content("")
    words = " ".join(sentences).strip()
    return Content.assemble((_("What happened: "), "bold"), f"… {words}" if dropped else words)


class PromptBar(Widget):
    """The prompt line: ``awaiting(state)["text"]`` and the keys that answer it, with a button for each answer."""

    DEFAULT_CSS = """
    PromptBar { height: auto; background: $surface; padding: 0 1; }
    PromptBar #prompt-news { height: auto; }
    PromptBar #prompt-news.-none { display: none; }
    PromptBar #prompt-text { height: auto; }
    PromptBar #prompt-hint { height: auto; color: $text-muted; }
    PromptBar #prompt-hint.-none { display: none; }
    """

    class Chosen(Message):
        """A prompt button was clicked."""

        def __init__(self, action: PromptAction) -> None:
            super().__init__()
            self.action = action

    _hint = ""
    news: tuple[str, ...] = ()
    """What happened (the table's news), sentence by sentence."""
    NEWS_LINES = 3
    """The lines the news may take in the bar when it is too long for the top border."""
    SHORT_LINES = NEWS_LINES + 2
    """On a short terminal (80×24), the lines the news and the prompt's text take together (the news gives way to a
    prompt of more than two lines, as German and French prompts may be): a line more would push the pool's last
    row off the table."""
    _text = Content("")

    def compose(self) -> ComposeResult:
        yield Static(id="prompt-news", classes="-none")
        yield Static(id="prompt-text")
        yield Static(id="prompt-hint")
        yield ActionRow(id="prompt-buttons")

    def show_news(self, sentences: Sequence[str]) -> None:
        """Show what happened: on the top border while it fits there (one line, as it always was); else on lines of
        its own above the prompt, wrapped, the first-game hint giving it its place. The layout gives way to a long
        sentence (German and French run longer) instead of cutting it with "…": up to :attr:`NEWS_LINES` lines of
        the latest whole sentences, "…" standing for the earlier ones (the log holds every one, ``l``)."""
        self.news = tuple(sentences)
        self._place_news()

    def on_resize(self, event: events.Resize) -> None:
        self._place_news()

    def _place_news(self) -> None:
        room = self.region.width - 2  # the top border less its corners; the lines inside less the padding
        whole = _news_words(self.news, dropped=False)
        on_border = room <= 0 or whole.cell_length <= room  # not laid out yet: the border, until it is
        shown = Content("")
        if not on_border:
            most = self.NEWS_LINES
            if self.screen.has_class("-short"):
                most = max(1, min(most, self.SHORT_LINES - len(self._text.wrap(room))))
            for first in range(len(self.news)):
                shown = _news_words(self.news[first:], dropped=first > 0)
                if len(shown.wrap(room)) <= most:
                    break
        set_title(self, whole if on_border and whole.cell_length else "")
        line = self.query_one("#prompt-news", Static)
        update_static(line, shown)
        line.set_class(on_border, "-none")
        hint = self.query_one("#prompt-hint", Static)
        hidden = not on_border or not self._hint
        if self.has_class("-news") == on_border or hint.has_class("-none") != hidden:
            self.set_class(not on_border, "-news")  # the table lets the bar grow by the news's lines (table.tcss)
            hint.set_class(hidden, "-none")
            self.refresh(layout=True)  # the bar's lines changed: lay it out again

    @property
    def actions(self) -> tuple[PromptAction, ...]:
        """The buttons shown now."""
        return self.query_one(ActionRow).actions

    def show(self, text: Content, actions: tuple[PromptAction, ...], hint: str = "") -> None:
        """Show the prompt, a first-game hint line (when there is one) and the buttons."""
        update_static(self.query_one("#prompt-text", Static), text)
        if text != self._text:
            self._text = text
            if self.news:
                self._place_news()  # the news gives way to a longer prompt on a short terminal
        line = self.query_one("#prompt-hint", Static)
        update_static(line, Content.assemble((_("Hint: "), "bold"), (hint, "italic")) if hint else Content(""))
        self._hint = hint
        line.set_class(not hint or not self.query_one("#prompt-news").has_class("-none"), "-none")
        self.query_one(ActionRow).show(actions)
