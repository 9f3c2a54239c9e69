"""The App: composes the screens, owns the store, routes app-wide bindings. Nothing else.

Build it with :func:`create_app` (the command line does, and so do the tests, with fixed inputs). The store publishes
each new :class:`~twentystrong.tui.store.GameView` into the reactive :attr:`TwentyStrongApp.game`; screens watch it.
Command messages from any screen bubble up here and go to the store.
"""

from __future__ import annotations

import gc
import importlib
import inspect
import threading
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import App, SystemCommand
from textual.binding import ActiveBinding, Binding, BindingsMap, BindingType
from textual.dom import DOMNode
from textual.events import Resize
from textual.notifications import SeverityLevel
from textual.reactive import var
from textual.screen import Screen
from textual.theme import Theme

from twentystrong.i18n import N_, _
from twentystrong.tui import messages
from twentystrong.tui.nobreak import keep_no_break_spaces
from twentystrong.tui.sizes import too_small
from twentystrong.tui.store import GameView, Launch, Severity, Store, Wanted, prepare

if TYPE_CHECKING:
    from twentystrong.tui.screens.setup import SetupScreen
    from twentystrong.tui.screens.too_small import TooSmallScreen

HIGH_CONTRAST = Theme(
    name="high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ffff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#202020",
    boost="#303030",
    success="#00ff00",
    warning="#ffaf00",
    error="#ff5f5f",
    dark=True,
)
"""Black and white with pure yellow accents, for low vision and bright rooms."""

GC_SETTLE = 0.5
"""Seconds after the first frame at which start-up's garbage is collected and the rest frozen (see on_ready)."""
WARM_MODULES = (
    "twentystrong.text.announce",  # the first command's announcements (Store.make_view)
    "twentystrong.odds",  # the Odds box's first question (numpy with it): some 150 ms on a quiet machine
    "twentystrong.odds.advice",  # the first commit step's question (the Odds box asks none before)
    "twentystrong.odds.advisor",
    "twentystrong.odds.engine_model",
    "twentystrong.odds.rerolls",
    "twentystrong.odds.rules",
    "twentystrong.odds.tables",  # numpy, with the first best-play table
    "twentystrong.odds.joint",
    "twentystrong.odds.engine_plan",  # the first roll's commit plan
    "concurrent.futures.thread",  # the odds worker's thread pool
    "twentystrong.tui.widgets.choices",  # the first list of choices
)
"""Modules the first keys of a game need and start-up leaves out: imported in a thread once the first frame is out,
while the player reads the table, so that no key waits on an import (the worst key used to: 300 ms)."""
ANSWERS = frozenset({"", "Not allowed", "Cannot undo", "Cannot redo"})
"""Titles of the warnings that answer a key or click (the engine's refusals, the table's own): said on the table's
prompt line. Others (the record's, the autosave's) are told on the table's What happened line while the table is
up, and are toasts over any other screen."""
TEXTUAL_WORDS: dict[str, tuple[str, str]] = {
    "Theme": (N_("Theme…"), N_("Change the current theme")),
    "Quit": (N_("Quit"), N_("Quit the application as soon as possible")),
    "Minimize": (N_("Minimize"), N_("Minimize the widget and restore to normal size")),
    "Maximize": (N_("Maximize"), N_("Maximize the focused widget")),
    "Screenshot": (N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen")),
}
"""Textual's own palette commands (``App.get_system_commands``), by their English title: our title and help."""
TEXTUAL_KEYS = (N_("palette"), N_("Open the command palette"))
"""The words of the palette key Textual binds for the App (its footer shows "palette")."""
WARM_UP_THREAD = "twentystrong-warm-up"
"""The name of the thread that imports :data:`WARM_MODULES`."""
THEME_CYCLE = ("textual-dark", "textual-light", "high-contrast")
"""What ``ctrl+t`` steps through (the command palette offers every theme)."""
THEME_NAMES = {"textual-dark": "dark", "textual-light": "light", "high-contrast": "high contrast"}
"""The themes of the cycle as a player calls them."""

_HERE = Path(__file__).resolve().parent  # resolved: Textual resolves a screen's CSS_PATH, and compares paths as text
TABLE_CSS = (_HERE / "table.tcss", _HERE / "widgets" / "odds.tcss")
"""The table's stylesheets (the files of ``TableScreen.CSS_PATH``): read with the App's when it opens on the table."""


def table_stylesheets(ruleset: str) -> tuple[Path, ...]:
    """The stylesheets of a ruleset's table screen: the general table's, then its board's own (``EXTRA_CSS``)."""
    from twentystrong.tui.boards import board_class

    extra: tuple[Path, ...] = getattr(board_class(ruleset), "EXTRA_CSS", ())
    return (*TABLE_CSS, *extra)


class TwentyStrongApp(App[None]):
    """20 Strong in the terminal."""

    CSS_PATH = "app.tcss"
    TITLE = "20 Strong"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", N_("Undo")),
        Binding("ctrl+y", "redo", N_("Redo"), show=False),
        Binding("question_mark,f1", "help", N_("Help"), key_display="?"),
        Binding("ctrl+t", "next_theme", N_("Theme"), show=False, tooltip=N_("Next theme: dark, light, high contrast")),
        Binding("ctrl+n", "new_game", N_("New game"), show=False),
        Binding(
            "o", "cycle_odds", N_("Odds panel"), show=False, tooltip=N_("Odds panel: full, expected damage only, off")
        ),
        Binding(
            "t",
            "cycle_odds_target",
            N_("Odds target"),
            show=False,
            tooltip=N_("The chance the odds panel's commit plan aims at: 50%, 75%, 90%, 95%, 99%"),
        ),
        Binding(
            "f2", "statistics", N_("Statistics"), show=False, tooltip=N_("Your record: statistics, charts, past games")
        ),
    ]

    game: var[GameView | None] = var(None)
    """The store's current view, replaced wholesale after every change (None before a game starts)."""
    handled: var[int] = var(0)
    """Counts command messages handled (accepted or refused): the table waits on it before running keys typed
    after a command (see ``TableScreen.on_key``)."""
    odds_mode: var[str] = var("full")
    """The odds panel's setting for this session: ``full``, ``expected`` (expected damage only) or ``off``."""
    odds_target: var[float] = var(0.9)
    """The chance the odds panel's commit plan aims at (``t`` steps through :data:`ODDS_TARGETS`)."""

    def __init__(self, launch: Launch) -> None:
        # Opening straight on the table: its stylesheets are read with the App's, as Textual reads no CSS_PATH of
        # the default screen (get_default_screen). Tables pushed later find them read already (pushed first, they
        # would make Textual parse every stylesheet it holds again and restyle the App). The rules and their order
        # are the same either way; the setup screen's start is left as it is.
        css: list[str | PurePath] | None = None
        if launch.session is not None:
            css = [_HERE / "app.tcss", *table_stylesheets(launch.session.deck.info.ruleset)]
        super().__init__(css_path=css)
        self._english_keys = self._bindings
        """The App's keys as bound (English: Textual's palette key among them), which :meth:`speak_keys` says."""
        self._key_words: dict[str, str] = {}
        """Each key description as said now → its English (the palette's entries are matched by their English)."""
        keep_no_break_spaces()  # "Santé :" and "90 %" keep their colon and sign on the line (nobreak.py)
        self.launch = launch
        self.store: Store | None = None
        self._game_over_screen: Screen[Any] | None = None
        self._too_small: TooSmallScreen | None = None
        self._guarding = False
        """The size guard is on: from the first screen on. (Textual's first Resize comes before the App itself is
        styled, and a message pushed then would keep the unstyled App's colours: invisible text.)"""
        self.hints: bool | None = None
        """First-game hints on the table (the profile's setting, read when first needed)."""
        self.hints_seen: set[str] = set()
        """The kinds of step whose hint was shown in this session (each is said once)."""
        self.gc_paused = False
        """Whoever runs the App paused the garbage collector for the start-up (the command line does): it is
        resumed after the first frame."""

    # --- start ---------------------------------------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        """The bottom of the screen stack: the table itself when the App opens on a game.

        Composed, styled and drawn as the App mounts, the table is the first frame, as a hello-world App's own
        screen is. (Pushed on top of Textual's empty default screen once the App runs instead, it cost that
        screen's set-up, the switch between the two and more passes of the message loop: some 10 ms of start-up.)
        Otherwise Textual's empty default screen, and the setup screen is pushed on it once the App runs.
        """
        if self.launch.session is None:
            return super().get_default_screen()
        return self._table_for(self.launch.session)

    def speak_keys(self) -> None:
        """The App's own keys (Help, Undo, the palette's …) in the language spoken now, from their English: the
        footers show the App's bindings as they are (a screen's own are said by ``widgets.keys.speak_keys``)."""
        bindings = []
        self._key_words = {}
        for key_bindings in self._english_keys.key_to_bindings.values():
            for binding in key_bindings:
                words = _(binding.description) if binding.description else binding.description
                self._key_words[words] = binding.description
                tooltip = _(binding.tooltip) if binding.tooltip else binding.tooltip
                bindings.append(replace(binding, description=words, tooltip=tooltip))
        self._bindings = BindingsMap(bindings)

    def action_command_palette(self) -> None:
        """Textual's command palette, its search field's words in the language spoken."""
        from twentystrong.tui.palette import Palette

        if self.use_command_palette and not self.screen.has_class("--textual-command-palette"):  # is_open
            self.push_screen(Palette(id="--command-palette", placeholder=_("Search for commands…")))

    def search_themes(self) -> None:
        """Textual's theme picker, its search field's words in the language spoken."""
        from textual.theme import ThemeProvider

        from twentystrong.tui.palette import Palette

        self.push_screen(Palette(providers=[ThemeProvider], placeholder=_("Search for themes…")))

    def on_mount(self) -> None:
        self.speak_keys()
        self.register_theme(HIGH_CONTRAST)
        # The setup screen is pushed once the App is running: a screen pushed while the App still mounts composes
        # and renders a frame that Textual does not display, and the first frame shown then waits for the screen's
        # next update (some 25 ms of start-up).
        self.call_later(self._first_screen)

    def _first_screen(self) -> None:
        if self.store is not None:  # opened on the table (get_default_screen)
            self._check_game_over(None, self.store.view)
        else:
            self.push_screen(self._setup_screen())
        if self.launch.message:
            self.notify(self.launch.message, severity="warning", timeout=10)
        self._guarding = True
        self._guard_size(*self.size)

    def on_ready(self) -> None:
        if self.launch.keep_aside is not None:
            # Before this game's first autosave: a game in progress in the old one is kept, never lost (read now,
            # after the first frame, rather than during start-up).
            from twentystrong.tui.store import keep_autosave

            path, self.launch.keep_aside = self.launch.keep_aside, None
            kept = keep_autosave(path)
            if kept:
                self.notify(kept, title=_("Your other game is kept"), timeout=12)
        if self.store is not None:
            # A new game's first autosave (held back by prepare: its writer thread would compete with start-up).
            self.store.session.release_autosave()
        threading.Thread(target=_warm_up, name=WARM_UP_THREAD, daemon=True).start()
        if self.gc_paused:
            # The first frame is out: collecting resumes. A moment later, while the player reads the table, one
            # full pass frees start-up's garbage and freezes what is left, which lives as long as the App: later
            # collections never walk it again (a keypress is never held up by a pass over Textual's own objects).
            self.gc_paused = False
            gc.enable()
            self.set_timer(GC_SETTLE, self._freeze_startup)

    @staticmethod
    def _freeze_startup() -> None:
        gc.collect()
        gc.freeze()

    def _setup_screen(self) -> SetupScreen:
        from twentystrong.tui.screens.setup import SetupScreen  # only when it is shown: start-up stays light

        launch = self.launch
        return SetupScreen(launch.decks, defaults=launch.defaults, resume_path=launch.resume_path)

    def open_session(self, session: Any) -> None:
        """Play ``session``: a new store, and its table in place of the current main screen."""
        self._show_main(self._table_for(session))
        assert self.store is not None
        self._check_game_over(None, self.store.view)

    def _table_for(self, session: Any) -> Screen[None]:
        """A new store for ``session`` (the current one closed first), published, and a table showing it."""
        from twentystrong.tui.screens.table import TableScreen

        if self.store is not None:
            self.store.close()
        self.store = Store(session, on_change=self._publish, notify=self._notify)
        self.game = self.store.view
        return TableScreen(self.store)  # the deck's board composed into it

    def _show_main(self, screen: Screen[Any]) -> None:
        """Show a main screen (the table, the setup screen) in place of the one on top.

        The bottom of the stack stays where it is (Textual never replaces it): Textual's empty default screen, or
        the first game's table when the App opened on it. Then the new screen goes on top of it; a table left
        there stays idle, as it only follows the App's game while that is its own (TableScreen._game_changed).
        """
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def on_setup_screen_start(self, event: SetupScreen.Start) -> None:
        """The setup screen started a game."""
        from twentystrong.session import SetupError
        from twentystrong.session.paths import default_autosave_path
        from twentystrong.session.session import Session
        from twentystrong.tui.store import keep_autosave

        if self.launch.autosave is None:  # an App opened on no game of its own (a replay): it claims one now
            from twentystrong.session.owner import OwnerError, claim_autosave

            try:
                claim = claim_autosave(default_autosave_path())
            except OwnerError as exc:
                self.notify(str(exc), title=_("Cannot start"), severity="error")
                return
            self.launch.autosave = claim.path
            if claim.message:
                self.notify(claim.message, severity="warning", timeout=10)
        autosave = self.launch.autosave  # the one this process owns
        try:
            session = Session.new(
                event.deck, event.options, deck_path=event.deck_path, autosave_path=autosave, hold_autosave=True
            )
        except SetupError as exc:
            self.notify(str(exc), title=_("Cannot start"), severity="error")
            return
        if self.store is not None:
            self.store.close()  # a game shown underneath writes its last autosave before it is kept aside
        kept = keep_autosave(autosave)  # a game in progress there is never lost
        session.release_autosave()
        self.launch.resume_path = None
        self.open_session(session)
        if kept:
            self.notify(kept, title=_("Your other game is kept"), timeout=12)

    def on_setup_screen_resume(self) -> None:
        """The setup screen asked for the autosaved game."""
        from twentystrong.session import SaveError
        from twentystrong.tui.store import resumable

        path = self.launch.resume_path
        try:
            session = resumable(path) if path is not None else None
        except SaveError as exc:
            self.notify(_("Cannot resume: {why}").format(why=exc), severity="error")
            return
        if session is None:
            self.notify(_("There is no game to resume."), severity="warning")
            return
        self.open_session(session)

    def on_unmount(self) -> None:
        if self.store is not None:
            self.store.close()  # quitting: the last command's autosave lands before the process ends
        if self.launch.autosave is not None:
            from twentystrong.session.owner import release_autosave

            release_autosave(self.launch.autosave)  # written for the last time: another game may own it now

    # --- the store ---------------------------------------------------------------------------------------------------

    def _publish(self, view: GameView) -> None:
        previous = self.game
        self.game = view
        self._check_game_over(previous, view)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A toast, except while the table is up: a warning that answers a key the table says on the prompt's second
        line, anything else on its What happened line while the game goes on (a toast covered the prompt, the dice it
        asks for, or the advice: at 80×24 there is no corner of the table a toast can take). Once the game is over
        (the record's line), a toast: the summary comes over the table."""
        say = getattr(self.screen, "say", None) if self._screen_stack else None
        if severity == "warning" and title in ANSWERS and say is not None:
            say(message)
            return
        tell = getattr(self.screen, "tell", None) if self._screen_stack else None
        if tell is not None and tell(message, title):
            return
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def _notify(self, message: str, title: str, severity: Severity) -> None:
        self.notify(message, title=title, severity=severity)

    @on(messages.Play)
    def _play(self, message: messages.Play) -> None:
        message.stop()
        try:
            if self.store is not None:
                self.store.dispatch(message.command)
        finally:
            self.handled += 1

    @on(messages.Undo)
    def _undo_message(self, message: messages.Undo) -> None:
        message.stop()
        self.action_undo()

    @on(messages.Redo)
    def _redo_message(self, message: messages.Redo) -> None:
        message.stop()
        self.action_redo()

    @on(messages.ShowCard)
    async def _show_card(self, message: messages.ShowCard) -> None:
        message.stop()
        if self.store is None:
            return
        from twentystrong.tui.screens.browser import CardBrowserScreen

        await self.push_screen(CardBrowserScreen(self.store.deck, self.store.view.player, message.card))

    def _check_game_over(self, previous: GameView | None, view: GameView) -> None:
        over = view.player.result is not None
        was_over = previous is not None and previous.player.result is not None
        if over and previous is not None and not was_over:
            self._record(view)  # played to its end here (not a finished game loaded to look at)
        if over and self._game_over_screen is None:
            self.call_after_refresh(self._show_game_over)
        elif not over and was_over and self._game_over_screen is not None:
            screen, self._game_over_screen = self._game_over_screen, None  # undone: back to the table
            if screen in self.screen_stack:
                screen.dismiss()

    def _record(self, view: GameView) -> None:
        """A game just ended here: the store has added it to the record (once per game, moving the ladder as the
        rules say); keep what that did to the rank for the summary."""
        from twentystrong.record.ladder import level_of, rule_for
        from twentystrong.text.stats import ladder_words

        store = self.store
        if store is None or store.level_words or view.player.result not in ("won", "lost"):
            return
        recorded = store.recorder.recorded if store.recorder is not None else None
        if recorded is None or recorded.level_before is None or recorded.level_after is None:
            return  # not recorded (the reason was shown), or a deck without a ladder
        rule = rule_for(store.deck.info.ruleset)
        if rule is None:
            return
        played = level_of(view.player.options, rule)
        store.level_words = ladder_words(
            recorded.level_before, recorded.level_after, recorded.unmoved, rule=rule, played=played
        )

    def _show_game_over(self) -> None:
        if self.store is None or self._game_over_screen is not None:
            return
        from twentystrong.tui.screens.game_over import GameOverScreen

        self._game_over_screen = GameOverScreen(self.store, level_words=self.store.level_words)
        self.push_screen(self._game_over_screen, lambda _: self._game_over_closed())

    def _game_over_closed(self) -> None:
        self._game_over_screen = None

    def show_summary(self) -> None:
        """Open the game-over summary again (after Escape went back to the final table)."""
        if self.store is not None and self.store.view.player.result is not None:
            self._show_game_over()

    # --- app-wide actions ------------------------------------------------------------------------------------------

    def action_undo(self) -> None:
        """Step back one command (the reason is shown when undo is refused)."""
        if self.store is not None:
            self.store.undo()

    def action_redo(self) -> None:
        """Re-apply the last undone command."""
        if self.store is not None:
            self.store.redo()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "redo"):
            return self.store is not None
        return True

    async def action_help(self) -> None:
        """Show every key of the current screen."""
        from twentystrong.tui.screens.help import HelpScreen

        screen = self.screen
        if isinstance(screen, HelpScreen):
            return
        # Every key of the screen (not only those possible right now), then the App's: one source, the bindings.
        nodes: list[DOMNode] = [screen] if screen.is_modal else [screen, self]
        if screen.focused is not None:
            nodes.insert(0, screen.focused)
        bindings = [
            ActiveBinding(node, binding, True, binding.tooltip)
            for node in nodes
            # (a table's keys are its own and its board's: key_bindings)
            for binding in Binding.make_bindings(getattr(node, "key_bindings", node.BINDINGS))
        ]
        await self.push_screen(HelpScreen(bindings))

    def action_next_theme(self) -> None:
        """Step through dark, light and high-contrast themes."""
        current = self.theme
        index = THEME_CYCLE.index(current) + 1 if current in THEME_CYCLE else 0
        self.theme = THEME_CYCLE[index % len(THEME_CYCLE)]
        self.notify(
            _("Theme: {theme} (ctrl+t switches)").format(theme=THEME_NAMES.get(self.theme, self.theme)), timeout=2
        )

    def hint(self, kind: str) -> str | None:
        """The first-game hint for a kind of step, the first time it comes up while hints are on (else None)."""
        if self.hints is None:
            from twentystrong.profile import load_profile

            self.hints = load_profile().profile.hints
        if not self.hints or kind in self.hints_seen:
            return None
        from twentystrong.text.hints import hint_for

        text = hint_for(kind)
        if text is not None:
            self.hints_seen.add(kind)
        return text

    def action_toggle_hints(self) -> None:
        """Turn the first-game hints on or off (kept in the profile)."""
        from twentystrong.profile import load_profile, set_hints

        on = not (self.hints if self.hints is not None else load_profile().profile.hints)
        self.hints = on
        _profile, warning = set_hints(on)
        self.notify(warning or (_("First-game hints on.") if on else _("First-game hints off.")), timeout=3)

    async def switch_language(self, code: str | None) -> None:
        """Speak ``code`` (None: the environment's language) from the next frame on, and keep it in the profile:
        each screen on the stack draws itself again in it (no restart, the game in progress goes on)."""
        from twentystrong import i18n
        from twentystrong.profile import set_language_choice

        i18n.set_language(code)
        self.speak_keys()
        _profile, warning = set_language_choice(code)
        for screen in self.screen_stack:
            switched = getattr(screen, "language_switched", None)
            if switched is not None:
                done = switched()
                if inspect.isawaitable(done):
                    await done
            else:
                screen.refresh(layout=True)
        self.refresh_bindings()
        if warning:
            self.notify(warning, severity="warning")

    async def action_statistics(self) -> None:
        """Show the player's record: statistics, charts and past games (each can be replayed)."""
        from twentystrong.tui.screens.statistics import StatisticsScreen  # only when shown: start-up stays light

        if not isinstance(self.screen, StatisticsScreen):
            await self.push_screen(StatisticsScreen())

    def action_cycle_odds_target(self) -> None:
        """Step the commit plan's target chance: 50%, 75%, 90%, 95%, 99% (kept for the rest of the session)."""
        from twentystrong.i18n.numbers import ratio
        from twentystrong.tui.widgets.odds import next_target

        self.odds_target = next_target(self.odds_target)
        self.notify(
            _("Odds: commit plan aims at {percent} (t switches)").format(percent=ratio(self.odds_target)),
            timeout=2,
        )

    def action_cycle_odds(self) -> None:
        """Switch the odds panel: full, expected damage only, off (kept for the rest of the session)."""
        from twentystrong.tui.widgets.odds import ODDS_MODE_WORDS, next_mode

        self.odds_mode = next_mode(self.odds_mode)
        self.notify(_("Odds panel: {mode} (o switches)").format(mode=_(ODDS_MODE_WORDS[self.odds_mode])), timeout=2)

    def action_new_game(self) -> None:
        """Go to the setup screen (the current game stays autosaved until a new one starts)."""
        from twentystrong.kits import options_for
        from twentystrong.kits.options import again
        from twentystrong.tui.store import resumable

        if self.store is not None:
            self.store.close()  # the autosave is read back just below
            # The setup screen starts from this game's choices (a new seed: the same one would be the same game).
            o = self.store.session.options
            # A finished game may have moved the ladder: the next setup then starts at the level the player now
            # stands at (None: the setup screen reads it), not at the one this game was played at.
            over = self.store.view.player.result is not None
            o_ruleset = self.store.session.deck.info.ruleset
            self.launch.defaults.update(
                deck=o.deck_id,
                hero=o.hero_id,
                options={**self._default_options(), **again(options_for(o_ruleset), o, over=over)},
                assisted=o.assisted,
                dice=o.dice,
                seed=None,
            )
        try:
            resume = self.launch.resume_path or (self.store.session.autosave_path if self.store else None)
            if resume is not None and resumable(resume) is None:
                resume = None
        except Exception:  # noqa: BLE001 - an unreadable autosave just is not offered
            resume = None
        self.launch.resume_path = resume
        self.store = None  # undo and redo have no game until one starts or resumes
        self.game = None
        self._show_main(self._setup_screen())

    def _default_options(self) -> dict[str, Any]:
        """The deck options the setup screen starts from (the command line's, or the last game's)."""
        given = self.launch.defaults.get("options")
        return dict(given) if isinstance(given, dict) else {}

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette offers every key binding of the current screen too (one source: the bindings), each command
        once: one entry per description (``Select die`` for all five colour letters), Textual's own entries where
        they do the same thing (its theme picker, quit), and none for the palette itself."""
        ours = {"Help", "Quit"}  # Textual's "Keys" is our Help; its "Quit" is listed below from its own entry
        titles: set[str] = set()
        for command in super().get_system_commands(screen):
            if command.title == "Keys":
                continue
            title, help_words = TEXTUAL_WORDS.get(command.title, (command.title, command.help))
            titles.add("Theme…" if command.title == "Theme" else command.title)
            yield command._replace(title=_(title), help=_(help_words))
        chosen: dict[str, tuple[Binding, Any]] = {}
        for active in screen.active_bindings.values():
            said = active.binding.description
            binding = replace(active.binding, description=self._key_words.get(said, said))  # its English
            if (
                not active.enabled
                or not binding.description
                or binding.action in ("command_palette", "app.command_palette")
            ):
                continue
            if binding.description == "Quit" or binding.action.endswith("quit"):
                continue
            if binding.description in chosen:
                if binding.key_display and not chosen[binding.description][0].key_display:
                    chosen[binding.description] = (binding, active.node)  # the entry that says every key
                continue
            chosen[binding.description] = (binding, active.node)
        for description, (binding, node) in chosen.items():
            key = self.get_key_display(binding)
            said = _(description)
            title = said if description not in titles or description in ours else f"{said} ({key})"
            if description == "Theme":
                title = _("Next theme")

            def run(action: str = binding.action, target: Any = node) -> None:
                self.call_later(self.run_action, action, target)

            words = _(binding.tooltip or description)
            yield SystemCommand(title, _("{words} (key: {key})").format(words=words, key=key), run)
        from twentystrong import i18n

        for code, name in i18n.LANGUAGES.items():

            def speak(code: str = code) -> None:
                self.call_later(self.switch_language, code)

            yield SystemCommand(
                _("Language: {name}").format(name=name),
                _("{name} (--lang {code}, kept in your profile)").format(name=name, code=code),
                speak,
            )
        yield SystemCommand(
            _("First-game hints on/off"),
            _("One line of help the first time each kind of step comes up (kept in your profile)"),
            self.action_toggle_hints,
        )

    # --- the size guard ---------------------------------------------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        if self._guarding:
            self._guard_size(event.size.width, event.size.height)

    def _guard_size(self, width: int, height: int) -> None:
        if too_small(width, height):
            if self._too_small is None or self._too_small not in self.screen_stack:
                from twentystrong.tui.screens.too_small import TooSmallScreen  # only when it is shown

                self._too_small = TooSmallScreen()
                self.push_screen(self._too_small, lambda _: self._size_ok())

    def _size_ok(self) -> None:
        self._too_small = None


def _warm_up() -> None:
    """Import :data:`WARM_MODULES` (in a thread: a key that needs one meanwhile waits only for the rest of it)."""
    for name in WARM_MODULES:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - a warm-up never fails the game: the key that needs it imports it then
            return


def _profile_language() -> None:
    """Speak the language the setup screen kept in the profile, unless ``--lang`` chose one for this run."""
    from twentystrong import i18n

    if i18n.chosen() is not None:
        return
    from twentystrong.profile import load_profile

    code = load_profile().profile.language
    if code is not None:
        i18n.set_language(code)


def create_app(wanted: Wanted | None = None, *, hints: bool | None = None, **given: Any) -> TwentyStrongApp:
    """The App for ``wanted`` (or a :class:`~twentystrong.tui.store.Wanted` of the ``given`` fields: ``deck_id``,
    ``hero``, ``seed``, ``options`` …); raises :class:`~twentystrong.tui.store.LaunchError` with a readable message.

    With a hero (or a save to load, or ``resume`` and an autosave) it opens straight on the table; otherwise on the
    setup screen. The autosave lives in ``$TWENTYSTRONG_DATA_DIR`` when that is set (tests point it at a temporary
    folder). ``hints``: first-game hints on or off for this session (None: the profile's setting).
    """
    launch = prepare(wanted if wanted is not None else Wanted(**given))
    app = TwentyStrongApp(launch)
    app.hints = hints
    _profile_language()
    if hints is not None:
        launch.defaults["hints"] = hints
    return app
