"""Game over: won or lost and how, what it did to the rank, the game in a few sentences and dice luck, then New game /
Replay same seed / Quit (and ``v``: the expert's review of the game, once it is in the record). Escape goes back to
the final table, where ``s`` (or the prompt's button) opens it again.

The figures come from the events alone (:func:`twentystrong.text.stats.game_stats`). The screen carries out the
choice itself through the App (new game: the setup screen; replay: a new session with the same setup options;
quit: exit) and dismisses with the choice's name, or with None when the player just goes back to look at the
final table (Escape). An undo from here (the App's key) takes the game back out of "over"; the App closes this
screen then.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from twentystrong.engine.dice import LETTER
from twentystrong.engine.reasons import game_reason, reason_words
from twentystrong.i18n import N_, _, agree, ngettext, term
from twentystrong.i18n.numbers import decimal
from twentystrong.kits import options_for
from twentystrong.kits.options import shown
from twentystrong.text.stats import GameStats, game_stats, summary_sentences
from twentystrong.tui.boards import board_class
from twentystrong.tui.store import Store
from twentystrong.tui.widgets.keys import speak_keys

if TYPE_CHECKING:
    from twentystrong.content.model import Deck

Choice = Literal["new", "replay", "quit"]


def luck_table(stats: GameStats) -> Content:
    """Per colour: dice rolled, crits and basic hits against what the faces table expects."""
    if not stats.luck:
        return Content.styled(_("No dice were rolled."), "$text-muted")
    rolled, crits, hits, misses = _("rolled"), _("crits"), _("hits"), _("misses")
    # A space before each column's heading however long its words: "Treffer Fehlschl.", never "TrefferFehlschl.".
    header = Content.styled(f"{'':8}{rolled:>7} {crits:>12} {hits:>12} {misses:>7}", "bold $text-muted")
    rows = [header]
    for c in stats.luck:
        rows.append(
            Content.assemble(
                (f"{LETTER[c.color]} {term(c.color):<6}", "bold"),
                f"{c.rolled:>7}",
                f"{c.crits:>6} ({decimal(c.expected_crits, width=4)})",
                f"{c.hits:>6} ({decimal(c.expected_hits, width=4)})",
                f"{c.misses:>8}",
            )
        )
    rows.append(
        Content.assemble(
            (_("all").ljust(8), "bold"),
            f"{stats.dice_rolled:>7}",
            f"{stats.crits:>6} ({decimal(stats.expected_crits, width=4)})",
            f"{stats.hits:>6} ({decimal(stats.expected_hits, width=4)})",
            f"{stats.dice_rolled - stats.crits - stats.hits:>8}",
        )
    )
    return Content("\n").join(rows)


class GameOverScreen(ModalScreen[Choice | None]):
    """The end of a game: the result, the figures, and what next."""

    HELP_TITLE = N_("Game over")
    """The title of this part of the help screen."""

    CSS_PATH = "game_over.tcss"

    AUTO_FOCUS = ""
    """No button has the focus when the summary opens: an Enter typed as the game ends (the last Resolve, keys still
    on their way) must not start a new game before the player has read the summary. Tab reaches the buttons."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('new')", N_("New game")),
        Binding("r", "choose('replay')", N_("Replay same seed")),
        Binding("q", "choose('quit')", N_("Quit")),
        Binding("escape", "back", N_("Look at the table (s reopens this)")),
        # A modal screen hides the App's keys: the ones that make sense here are bound again, to the App's actions.
        Binding("ctrl+z", "app.undo", N_("Undo last move")),
        Binding("question_mark,f1", "app.help", N_("Help"), key_display="?"),
        Binding("y", "copy_share", N_("Copy the daily result"), show=False),
        Binding("f2", "app.statistics", N_("Statistics"), show=False),
        Binding("v", "review", N_("Review the game")),
    ]

    def __init__(self, store: Store, *, level_words: str = "") -> None:
        super().__init__()
        speak_keys(self)
        self.store = store
        self.level_words = level_words
        """What the game did to the player's rank on the ladder, in a sentence ("" when nothing was recorded)."""
        session = store.session
        self.stats: GameStats = game_stats(session.deck, session.options, session.events)
        """The game's figures (computed once: a finished game does not change)."""
        self.share = store.share_line()
        """The daily challenge's one-line result to share (None for any other game)."""

    def compose(self) -> ComposeResult:
        s = self.store.view.player
        won = s.result == "won"
        hero = s.deck.hero(s.hero.id).name if s.hero.id else "?"
        options = s.options
        setup = [hero, _("seed {seed}").format(seed=options.seed)]
        setup += shown(options_for(s.deck.info.ruleset), options)  # the deck's options that show (its kit says)
        board = board_class(s.deck.info.ruleset)
        setup += board.setup_words(s)
        if options.assisted:
            setup.append(_("assisted"))
        with Vertical(id="game-over", classes="-won" if won else "-lost"):
            yield Static(
                Content.styled(_("★  You won!  ★") if won else _("You lost."), "bold"),
                id="game-over-result",
            )
            yield Static(_reason(s.result_reason, won, s.deck), id="game-over-reason")
            yield Static(Content.styled(" · ".join(setup), "$text-muted"), id="game-over-setup")
            if self.share:  # a daily challenge: one line to share, and a key that copies it
                yield Static(
                    Content.assemble((_("Share") + "  ", "bold"), self.share, ("  " + _("(y copies)"), "$text-muted")),
                    id="game-over-share",
                )
            if self.level_words:
                yield Static(Content.styled(self.level_words, "bold"), id="game-over-rank")
            goals, goal = s.table.goals()
            figures = summary_sentences(self.stats, goals=goals, goal=goal, bosses=board.bosses_words(s))
            yield Static(" ".join(figures), id="game-over-figures")
            yield Static(
                Content.assemble((_("Dice luck") + "  ", "bold"), self.stats.luck_words()),
                id="game-over-luck-words",
            )
            if self.stats.luck:  # with no dice rolled, the sentence above says so once
                yield Static(luck_table(self.stats), id="game-over-luck")
                yield Static(
                    Content.styled(_("(expected numbers in brackets, from each colour's faces)"), "$text-muted italic"),
                    id="game-over-luck-note",
                )
            with Horizontal(id="game-over-buttons"):
                yield Button(_("New game (n)"), id="new", variant="primary")
                yield Button(_("Replay same seed (r)"), id="replay")
                yield Button(_("Quit (q)"), id="quit", variant="error")
        yield Footer()

    @on(Button.Pressed, "#game-over-buttons Button")
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id in ("new", "replay", "quit"):
            self.action_choose(event.button.id)

    def action_copy_share(self) -> None:
        """Copy the daily challenge's result line to the clipboard (where the terminal allows it)."""
        if self.share:
            self.app.copy_to_clipboard(self.share)
            self.notify(_("Copied: {share}").format(share=self.share), timeout=4)

    async def action_review(self) -> None:
        """The expert's review of this game (it must be in the record: the review is kept there)."""
        from twentystrong.tui.screens.review import ReviewScreen
        from twentystrong.tui.screens.statistics import replayed

        recorded = self.store.recorder.recorded if self.store.recorder is not None else None
        if recorded is None or recorded.id is None:
            self.notify(_("This game is not in your record, so it cannot be reviewed."), severity="warning")
            return
        found = replayed(self, recorded.id)
        if found is not None:
            await self.app.push_screen(ReviewScreen(*found))

    def action_back(self) -> None:
        """Close this and look at the final table (the history and browser work there)."""
        self.dismiss(None)

    def action_choose(self, choice: str) -> None:
        """Start a new game, replay this one from the same seed, or quit."""
        if choice not in ("new", "replay", "quit"):
            return
        app: Any = self.app
        if choice == "replay":
            session = self._replay_session()
            self.dismiss("replay")
            app.call_later(app.open_session, session)
        elif choice == "new":
            self.dismiss("new")
            app.call_later(app.action_new_game)
        else:
            self.dismiss("quit")
            app.call_later(app.exit)

    def _replay_session(self) -> Any:
        """A new game with the very same setup options (deck, hero, seed, missions, rank, assisted …)."""
        from twentystrong.session import Session

        old = self.store.session
        self.store.close()  # the old game's last autosave lands first: the new game's then replaces it
        return Session.new(old.deck, old.options, deck_path=old.deck_path, autosave_path=old.autosave_path)


def _reason(reason: str, won: bool, deck: Deck) -> Content:
    """Why the game ended, as a sentence in the language spoken now (the event keeps it in English)."""
    if not reason:
        return Content("")
    if not won and "health" not in reason.lower():
        suffered = re.fullmatch(r"suffered (\d+) damage", reason)
        if suffered is not None:
            n = int(suffered[1])
            text = ngettext(
                "Your Health fell below 1: suffered {n} damage.", "Your Health fell below 1: suffered {n} damage.", n
            ).format(n=n)
        else:
            text = _("Your Health fell below 1: {reason}").format(reason=reason_words(reason, deck))
    else:
        said = game_reason(reason, deck)
        text = said[:1].upper() + said[1:]
    return Content(agree(text if text.endswith((".", "!")) else text + "."))
