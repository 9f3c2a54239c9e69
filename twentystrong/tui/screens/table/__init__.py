"""The table: the main screen of a game, one for every deck.

It shows the store's view (the deck's board, the active area, the dice zones, the hero, the inventory, the odds, the
step and the prompt) and turns the player's clicks and keys into commands to play. The deck's board (contract 9)
brings its own zones, keys, panels, prompts and words: the table asks it (:class:`~twentystrong.tui.boards.Board`)
and never names a deck or its terms. It never decides what is legal: every press is looked up in the view's
``legal`` list, and a press that matches nothing is either explained by the engine (the command is sent and the
store shows the refusal) or answered with "nothing to do".

UI state that is not game state lives here and only here: the selected die, and which prompt already opened the
choices list. Keys (every one is a binding, so the footer, help screen and command palette agree):

- dice: ``y g b p r`` select the next usable die of that colour, a digit right after completes an id (``b3``) and
  plays it (a hit is selected, to be put on a card); space or Enter plays the selected die; Esc clears it;
- ``1``–``9`` cards while a die is selected;
- Enter: the main step action (roll, resolve, done, take the reward, gain the item, open the choices);
- ``r`` repeat (when the red die could be meant too, ``r`` waits a moment for a ``1``), ``x`` decline, ``m h k``
  enter a physical die's face (miss, hit, crit);
- ``a`` every legal move, ``u`` use an item or the ability, ``c`` cards, ``i`` inventory, ``l`` log;
- the board's own keys (Solar Sentinels: ``1``–``3`` its stacks, ``e`` the endgame, ``f`` a mission), tried after
  the general ones for the same key.

This module is the screen (composing the board, showing each view, playing presses and keys); :mod:`.keys` holds the
general keys and how the board's join them, :mod:`.prompt` the prompt line's words and buttons, :mod:`.reading` what
the view says that they ask about.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, TypeVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

from twentystrong.engine.commands import Command
from twentystrong.engine.dice import COLOR_OF_LETTER, die_label
from twentystrong.engine.effects.words import USE_OR_DISCARD, card_gender
from twentystrong.i18n import N_, _, lazy_gettext, ngettext, term
from twentystrong.text.prompts import prompt_words
from twentystrong.tui import messages
from twentystrong.tui.boards import Board, board_for
from twentystrong.tui.screens.table.keys import BOARD_ACTION, KEYS, compose_keys, split_action
from twentystrong.tui.screens.table.prompt import general_hint, prompt_actions, selected_hint
from twentystrong.tui.screens.table.reading import (
    asks,
    empty_roll,
    face_die,
    idle_reward,
    lone_after,
    only_apply,
    recovery,
    recovery_room,
    resolve_shortcut,
)
from twentystrong.tui.store import GameView, Store
from twentystrong.tui.widgets.cards import CardInfo, CardView
from twentystrong.tui.widgets.common import preset_breakpoints, set_display, set_subtitle
from twentystrong.tui.widgets.dice import DiceTray
from twentystrong.tui.widgets.keys import KeyBar
from twentystrong.tui.widgets.panels import HeroPanel, InventoryPanel
from twentystrong.tui.widgets.status import PromptBar, StepBar

if TYPE_CHECKING:
    from twentystrong.tui.widgets.odds import OddsPanel

DIE_COMMANDS = ("commit", "apply", "recover", "choose", "face")
"""Commands that name a die the player can point at on the table."""
ITEM_COMMANDS = ("use_item", "use_ability", "discard_item")
"""Commands that are legal at almost any prompt: they never answer the prompt itself (a board adds its own)."""
DIE_PLAYS = ("commit", "recover", "choose")
"""Of those, the commands a press on the die plays at once."""
DIALOG_KINDS = frozenset({"order_after_effects", "choose_option", "item_limit"})
"""Prompts answered from a list: the choices open by themselves when one comes up."""
DECLINES = ("decline_reward", "decline_item")
"""What ``x`` declines (a board adds its own)."""
ZONE_WHY = {
    "pool": lazy_gettext("it is in the pool (dice are committed before a roll)"),
    "exhausted": lazy_gettext("it is exhausted (it comes back when you recover it at Resolve)"),
    "banished": lazy_gettext("it is banished for the rest of the game"),
    "applied": lazy_gettext("it is already on a card"),
    "active": lazy_gettext("it is committed"),
}
"""Why a die in each zone has nothing to do now."""
IN_FLIGHT_TIMEOUT = 2.0
"""Seconds after which keys stop waiting for a command the App never answered."""
EXPERT_SECONDS = 30.0
"""How long the expert's answer stays at most (it goes sooner when the game moves on, or on Esc)."""
CARDS_HELD_AT_MOST = 0.5
"""Seconds for which the screen's updates wait at most for cards that came into the active area to be mounted."""
LETTER_WINDOW = 0.8
"""Seconds after a colour letter during which a digit completes a die id (``b3``); later, a digit is a card or
stack number again (so ``b``, a pause to read the prompt, then ``1`` puts the blue die on card 1)."""


_W = TypeVar("_W", bound=Widget)


COMMAND_FIELDS = ("cmd", "die", "card", "face", "faces", "item", "choice", "effect")
"""A command's own fields, in its tuple's order (a ruleset's arguments follow)."""


def _pairs(command: Command) -> list[tuple[str, object]]:
    """A command's fields as (name, value) pairs, its ruleset's arguments included."""
    *own, extra = command
    return [*zip(COMMAND_FIELDS, own, strict=True), *extra]


def _fields(commands: Sequence[Command]) -> dict[str, list[object]]:
    """Each field's values across some commands (None where a command has none)."""
    names = {name for command in commands for name, _value in _pairs(command)}
    values: dict[str, list[object]] = {name: [] for name in names}
    for command in commands:
        pairs = dict(_pairs(command))
        for name in names:
            values[name].append(pairs.get(name))
    return values


def _titled(widget: _W, title: str) -> _W:
    """``widget`` with a border title."""
    widget.border_title = title
    return widget


class TableScreen(Screen[None]):
    """The game table at any size from 80×24: board on the left, hero and items on the right."""

    HELP_TITLE = N_("The table")
    """The title of this part of the help screen (the board's :attr:`Board.HELP_TITLE`)."""

    CSS_PATH = ["../../table.tcss", "../../widgets/odds.tcss"]  # the same files as app.TABLE_CSS
    AUTO_FOCUS = ""  # nothing focused: Enter is the main step action until the player tabs somewhere
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide"), (170, "-huge")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    BINDINGS: ClassVar[list[BindingType]] = KEYS
    """The general table's keys (:attr:`key_bindings` adds the board's)."""

    selected: reactive[str | None] = reactive(None, repaint=False)
    """The die the player picked (a rolled hit to apply, a physical die to enter), or None. (No repaint of the
    whole screen when it changes: the watcher redraws the few widgets that show it.)"""

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.view: GameView = store.view
        # Built as the first view shows it (titles, what is hidden): drawing that view once mounted changes less.
        self.board: Board = board_for(self.view)
        """The deck's board: its zones, and what else it brings to the table (keys, panels, prompts, words)."""
        board = type(self.board)
        self.HELP_TITLE = board.HELP_TITLE
        self.key_bindings = compose_keys(list(Binding.make_bindings(self.BINDINGS)), board)
        """Every key of this table, the board's included, in the key bar's order (the help screen lists them)."""
        self._bindings = BindingsMap(self.key_bindings)  # Textual's map of this screen's keys: the board's too
        self.own_keys = frozenset(self._bindings.key_to_bindings)
        """The table's own keys (run in order by ``on_key``); every other key (tab, shift+tab, the App's) is
        Textual's."""
        self._die_commands = (*DIE_COMMANDS, *board.DIE_COMMANDS)
        self._die_plays = (*DIE_PLAYS, *board.DIE_PLAYS)
        self._dialog_kinds = DIALOG_KINDS | board.DIALOG_KINDS
        self._aside = (*ITEM_COMMANDS, *board.ASIDE)
        self._declines = (*DECLINES, *board.DECLINES)
        self._letter: str | None = None  # a colour letter just typed: a digit right after completes a die id
        self._letter_at = float("-inf")
        self._before_letter: str | None = None  # the selection before that letter
        self._dialog_for: int | None = None  # the view revision whose prompt already opened the choices
        self._cards_lock = asyncio.Lock()
        self._card_ids: tuple[str, ...] = ()
        self._bindings_key: object = None
        self._in_flight = 0.0  # when the last command was posted and not yet handled by the App (0: none)
        self._outstanding = 0  # commands posted and not yet handled by the App
        self._quiet_clear: int | None = None  # the revision whose selection a played command ended unseen
        self._draws = 0  # selection draws so far (a typed id draws once)
        self._pending_keys: list[tuple[str, str, float]] = []  # (key, character, when it was typed)
        self._key_typed_at: float | None = None  # when the key being run was typed (its event's time)
        self._repeat_timer: Timer | None = None  # "r" with R1 usable: Repeat unless "1" follows at once
        self._resumed = False  # shown once already (see on_screen_resume)
        self._news = ""  # what effects and rules just did (the prompt's top line)
        self._news_said: list[str] = []  # the same, sentence by sentence
        self._said = ""  # why the last key or click did nothing (the prompt's second line until the next one)
        self.said: list[str] = []
        """Every such answer, oldest first (tests read it)."""
        self._news_ends = False  # the player played a command since: the next view without news clears it
        self._recovering = False  # Enter recovers every die: the next one as soon as the view allows it
        self._then: str | None = None  # a command to play as soon as the next view allows it (a shortcut's rest)
        self._hint_kind: str | None = None  # the kind of step the hint line is about
        self._hint_text = ""  # the first-game hint shown under the prompt ("" for none)
        self._auto_for: int | None = None  # the view revision whose single answer was played by itself
        self._letter_timer: Timer | None = None  # a colour letter with no usable die: explained unless a digit comes
        self._expert_words = ""  # the expert's answer (w), about this moment only: on the prompt's second line
        self._expert_timer: Timer | None = None  # takes it away after EXPERT_SECONDS
        self._empty_roll_for: int | None = None  # the view revision whose roll of nothing Enter asked about
        self._odds: OddsPanel | None = None  # None until the side panels are mounted, after the first frame
        self._docked_round: int | None = None  # the round in which the Odds box was docked (_fit_side), None: not
        self.numbers: dict[str, int] = {}
        """Each active card's number key (its id → n): a number once shown keeps meaning that card for the round
        (a card that leaves leaves a gap, a card that comes takes a number of its own)."""
        self._numbers_round: int | None = None
        # The question whose choices were last numbered, the fields that tell its options apart, and their numbers.
        self._dialog_memory: tuple[object, frozenset[str], dict[tuple[object, ...], int]] | None = None
        self._renumber(self.view)
        preset_breakpoints(self, *self.app.size)  # styled once when mounted, not again for the first Resize
        self._short = self.has_class("-short")  # drawn for a short terminal (the panels write less)

    # --- layout -------------------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        board = self.board
        yield StepBar(id="step-bar")
        with Horizontal(id="main"):
            with Vertical(id="board"):
                yield board  # the deck's own zones
                yield _titled(Container(id="active"), _("Active area"))
                # Each zone is its tray, titled on its own top border (no box around it: fewer widgets to mount,
                # style and draw before the first frame).
                yield _titled(
                    DiceTray(_("no committed dice"), id="committed", classes="zone"), _("Committed dice (unapplied)")
                )
                with Horizontal(id="zones"):
                    yield _titled(DiceTray(_("the pool is empty"), id="pool", classes="zone"), _("Dice pool"))
                    for extra in board.DICE_ZONES:  # the deck's own (Hoplomachus Victorum's training grounds)
                        yield _titled(DiceTray(extra.empty, id=extra.zone, classes="zone"), extra.title)
                    yield _titled(DiceTray(_("none"), id="exhausted", classes="zone"), _("Exhausted"))
                    banished = _titled(DiceTray(_("none"), id="banished", classes="zone"), _("Banished"))
                    banished.display = bool(self.view.player.dice_in("banished"))  # as _draw_dice shows it
                    yield banished
            with VerticalScroll(id="side"):
                # The hero, inventory and odds panels join the board's right after the first frame
                # (_mount_side): the first frame has fewer widgets to mount, style and lay out.
                yield from board.side_panels()  # the deck's zones
        yield PromptBar(id="prompt")
        yield KeyBar(id="footer")

    def language_switched(self) -> None:
        """Draw the table again in the language just chosen: its titles, then the view (the board's own words
        follow at its next draw)."""
        titles = {
            "#active": _("Active area"),
            "#committed": _("Committed dice (unapplied)"),
            "#pool": _("Dice pool"),
            "#exhausted": _("Exhausted"),
            "#banished": _("Banished"),
            "#hero": _("Hero"),
            "#inventory": _("Inventory"),
        }
        for selector, title in titles.items():
            self.query_one(selector).border_title = title
        empty = {"#committed": _("no committed dice"), "#pool": _("the pool is empty")}
        for selector in ("#committed", "#pool", "#exhausted", "#banished"):
            self.query_one(selector, DiceTray).empty_text = empty.get(selector, _("none"))
        self._bindings_key = None
        self._draw()

    def on_mount(self) -> None:
        side = self.query_one("#side")
        self.watch(side, "virtual_size", self._fit_side, init=False)  # a panel grew or shrank
        self.watch(side, "size", self._fit_side, init=False)
        area = self.query_one("#active")
        self.watch(area, "virtual_size", self._fit_cards, init=False)  # cards came, or grew
        self.watch(area, "size", self._fit_cards, init=False)  # the board column shrank (a long What happened)
        self.watch(self.app, "game", self._game_changed, init=False)
        self.watch(self.app, "handled", self._settled, init=False)
        self._show(self.store.view)
        self.call_after_refresh(self._mount_side)

    async def _mount_side(self) -> None:
        """Mount the general side panels after the first frame: the hero and the inventory above the board's
        panels, the odds below them (the order they always had), and draw them."""
        side = self.query_one("#side")
        panels = [
            _titled(HeroPanel(id="hero", classes="panel"), _("Hero")),
            _titled(InventoryPanel(id="inventory", classes="panel"), _("Inventory")),
        ]
        if side.children:
            await side.mount_all(panels, before=0)
        else:
            await side.mount_all(panels)
        from twentystrong.tui.widgets.odds import OddsPanel  # the odds panel's seam: not a module of the first frame

        odds = OddsPanel(id="odds", classes="panel")
        await side.mount(odds)
        if not all(panel.is_attached for panel in (*panels, odds)):
            return  # the App quit meanwhile
        self._odds = odds
        view = self.view
        self.query_one(HeroPanel).show(view)  # as _draw shows them: only the panels (the rest is drawn already)
        self.query_one(InventoryPanel).show(view, self.board.item_note)
        odds.show(view, self.selected)

    # --- showing the view ---------------------------------------------------------------------------------------

    def _game_changed(self, view: GameView | None) -> None:
        # Only the App's current game: a table left at the bottom of the screen stack when a new game started on
        # top of it (TwentyStrongApp._show_main) no longer follows the App.
        if view is not None and view is not self.view and getattr(self.app, "store", None) is self.store:
            self._show(view)

    def _show(self, view: GameView) -> None:
        if view is not self.view:
            # What effects, rules and Resolve did on their own (the log has the same sentences), on the prompt's own
            # top line: never over the prompt, the zones it names or the advice (a toast covered them for seconds).
            # It stays until the player's next command, so a shortcut's second half does not wipe it.
            if self._news_ends or view.last is None:  # the player's own command, or undo/redo: a fresh line
                self._news = ""
                self._news_said = []
            self._add_news(*view.notes)
            self._news_ends = False
        before = self.view
        self.view = view
        self._renumber(view)
        self._said = ""
        if view.revision != before.revision:
            self._expert_gone(draw=False)  # what the expert said was about the moment before (drawn just below)
        self._hint_once()
        if self.selected is not None and (not self._die_usable(self.selected) or asks(view) != asks(before)):
            # A die selected for one question is not an answer to the next (a die picked while recovering must not
            # be dismissed by the next prompt's space): the selection ends with the question it was made for.
            self.set_reactive(TableScreen.selected, None)  # no watcher: drawn with the rest just below
        self._draw()
        if self._docked_round is not None and view.player.round != self._docked_round:
            self.call_after_refresh(self._fit_side)  # a new round: the Odds box undocks if the panels fit now
        self._maybe_open_dialog()

    def _renumber(self, view: GameView) -> None:
        """The active cards' numbers for this view (:attr:`numbers`): those shown this round are kept, even for a
        card gone and back (undo); a new card takes the next number. A new round, or more than nine, numbers them
        1, 2 … again."""
        player = view.player
        ids = [card.id for card in player.active]
        kept = self.numbers if self._numbers_round == player.round else {}
        numbers = dict(kept)
        for card in ids:
            if card not in numbers:
                numbers[card] = max(numbers.values(), default=0) + 1
        if any(numbers[card] > 9 for card in ids):
            numbers = {card: n for n, card in enumerate(ids, start=1)}
        self.numbers = numbers
        self._numbers_round = player.round

    def number_of(self, card: str) -> int:
        """The number key of an active card (0: none)."""
        return self.numbers.get(card, 0)

    def _fit_side(self) -> None:
        """Dock the Odds box at the foot of the side column while the panels do not all fit (they scroll above it):
        the advice is never below the fold. Undocked again once they fit, at the next round: within a round the box
        stays where it is (each dock and undock lays the whole column out again, and the odds grow and shrink with
        every step of a round)."""
        side = self.query_one("#side")
        needed = sum(child.outer_size.height for child in side.children if child.display)
        docked = self._docked(side, needed > side.scrollable_content_region.height)
        scrolls = True if side.has_class("-scrolls") else False if side.has_class("-fits") else None
        if scrolls is not None and scrolls != (side.virtual_size.height > side.container_size.height):
            scrolls = None  # shown or hidden ahead by _plan_side, not as Textual's own rule finds now: its rule decides
        self._side_classes(side, docked, scrolls)

    def _plan_side(self) -> None:
        """Once a view is drawn and before it is laid out: dock or undock the Odds box as :meth:`_fit_side` will
        when it measures the laid-out column, from the panels' heights at the column's width (Textual's own box
        models, which the layout pass then reuses); and while it is docked, show or hide the column's scrollbar as
        Textual would after that pass. A key that makes the panels outgrow the column (or fit it again) is laid out
        once, not once more for the dock and again for the scrollbar (each narrows or widens every panel)."""
        side = self.query_one("#side")
        room = side.scrollable_content_region
        if self._odds is None or not room.height:
            return  # the panels are not mounted, or not laid out, yet
        changed = [widget for widget in side.walk_children(Widget) if widget._layout_required]
        if not changed:
            return  # no panel changed height
        for widget in changed:
            # What Textual does when the refresh is processed (Widget._check_refresh): the panels around a changed
            # widget measure it again (their cached box models were for its old content).
            for ancestor in widget.ancestors:
                if ancestor is side or not isinstance(ancestor, Widget):
                    break
                ancestor._clear_arrangement_cache()
                ancestor._layout_updates += 1
        size = room.size
        viewport = self.app.size
        width, height = Fraction(size.width), Fraction(size.height)
        needed = 0
        for child in side.children:
            if child.display:
                box = child._get_box_model(size, viewport, width, height)
                needed += int(box.height) + box.margin.height
        overflows = needed > size.height
        docked = self._docked(side, overflows)
        if docked and overflows != side.show_vertical_scrollbar:
            # Docked: the panels above the box scroll in what it leaves them. Textual's rule (overflow-y: auto) shows
            # the scrollbar when they overflow at the width they have now; the same rule, applied before the pass.
            bar = side.styles.scrollbar_size_vertical
            self._odds.expect_width(size.width - bar if overflows else size.width + bar)
        self._side_classes(side, docked, overflows if docked else None)

    def _docked(self, side: Widget, crowded: bool) -> bool:
        """Whether the Odds box is to be docked, the panels being ``crowded`` or not: docked as soon as they are,
        undocked at the next round once they fit."""
        docked = side.has_class("-crowded")
        if crowded and not docked:
            self._docked_round = self.view.player.round
            return True
        if docked and not crowded and self.view.player.round != self._docked_round:
            self._docked_round = None
            return False
        return docked

    def _side_classes(self, side: Widget, docked: bool, scrolls: bool | None) -> None:
        """The side column's classes: the Odds box docked or not, its scrollbar shown (True) or hidden (False) ahead
        of Textual's own rule (None: that rule). Styled once for all, and only the column and the box, which are all
        that these classes style (table.tcss): a class set the usual way styles every panel and line in the column
        again, some 8 ms each."""
        wanted = {"-crowded": docked, "-scrolls": docked and scrolls is True, "-fits": docked and scrolls is False}
        changed = False
        for name, add in wanted.items():
            if side.has_class(name) != add:
                side.set_class(add, name, update=False)
                changed = True
        if changed:
            self.app.stylesheet.update_nodes([side] if self._odds is None else [side, self._odds])

    def _fit_cards(self) -> None:
        """Cards that do not all fit the active area are drawn tight (a title and a line each), so that every enemy
        stays in view and the dice zones below keep their rows. Drawn in full again when the cards change or the
        terminal is resized (not each time the area's height changes: that would redraw at every What happened)."""
        area = self.query_one("#active")
        if not area.has_class("-tight") and area.virtual_size.height > area.size.height > 0:
            area.add_class("-tight")

    def _untighten(self) -> None:
        area = self.query_one("#active")
        if area.has_class("-tight"):
            area.remove_class("-tight")

    def _add_news(self, *sentences: str) -> None:
        if sentences:
            self._news = " ".join((self._news, *sentences)).strip()
            self._news_said.extend(sentences)

    def _hint_once(self) -> None:
        """A first-game hint line the first time each kind of step comes up (while the profile's hints are on); it
        stays under the prompt until the game waits for another kind of step."""
        kind = self.view.kind
        if kind == self._hint_kind:
            return
        self._hint_kind = kind
        hint = getattr(self.app, "hint", None)
        self._hint_text = (hint(kind) if hint is not None else None) or ""

    def watch_selected(self) -> None:
        if self.is_mounted:
            self._draw_selection()
            if self.selected is not None:
                self.call_after_refresh(self._foresee)

    def _foresee(self) -> None:
        """Once the selection is drawn: the odds after the commit the selected die stands for are asked now, while
        the player is about to play it (its key then draws them at once; nothing is shown before)."""
        command = self._selected_command()
        if command is None or command.cmd != "commit" or self.view is not self.store.view:
            return
        view = self.store.foresee(command)  # a commit rolls and reveals nothing
        if view is not None and self._odds is not None:
            self._odds.foresee(view)

    def _refresh_bindings_if_changed(self) -> None:
        # The key bar asks every binding's check_action again: only ask when a key it shows turns on or off.
        key = tuple(self._shown_enabled())
        if key != self._bindings_key:
            self._bindings_key = key
            self.refresh_bindings()

    def _shown_enabled(self) -> list[bool | None]:
        out = []
        for binding in self._bindings.key_to_bindings.values():
            for b in binding:
                if b.show:
                    name, params = split_action(b.action)
                    out.append(self.check_action(name, params))
        return out

    def _draw(self) -> None:
        view = self.view
        self.board.lay_out()
        self.query_one(PromptBar).show_news(self._news_said)
        self.query_one(StepBar).show(view)
        self.board.show(view)  # its side panels too
        if self._odds is not None:
            self.query_one(HeroPanel).show(view)
            self.query_one(InventoryPanel).show(view, self.board.item_note)
        self._draw_selection()
        self.board.draw_table()

    def draw_selection(self) -> None:
        """Draw what the selected die changes (a board's key may change what the prompt and the keys say)."""
        self._draw_selection()

    def _draw_selection(self) -> None:
        """Draw what the selected die changes (the dice, the cards it may go on, odds, prompt, keys); the rest of
        the table only changes with the view."""
        self._draws += 1
        self._draw_dice()
        self._draw_cards()
        if self._odds is not None:
            self._odds.show(self.view, self.selected)
        self._draw_prompt()
        self._refresh_bindings_if_changed()
        self._plan_side()

    def _draw_prompt(self) -> None:
        # Short terminals: the hint takes the place of the keys line (it names the keys too), not a line of its own.
        own_line = self._hint_text if not self.has_class("-short") else ""
        bar = self.query_one(PromptBar)
        bar.set_class(bool(self._expert_words), "-expert")  # the expert's answer takes the lines it needs
        bar.show(
            self._prompt_text(),
            prompt_actions(self.view, self.selected, self.board, self._dialog_kinds, self._enter_plays()),
            own_line,
        )

    def _enter_plays(self) -> Command | None:
        """What Enter plays now for the selected die (None: Enter is the step's own key)."""
        if self.selected is None:
            return None
        for binding in self._bindings.key_to_bindings.get("enter", []):  # as _run_key runs them: the first possible
            name, params = split_action(binding.action)
            if self.check_action(name, params):
                return self._selected_command() if name == "play_selected" else None
        return None

    def _draw_dice(self) -> None:
        s = self.view.player
        usable = {c.die for c in self.view.legal if c.cmd in self._die_commands and c.die}
        misses = {d.id for d in s.dice_in("active") if d.face == "miss"}
        trays = {
            "committed": s.dice_in("active"),
            "pool": s.dice_in("pool"),
            "exhausted": s.dice_in("exhausted"),
            "banished": s.dice_in("banished"),
        }
        for extra in self.board.DICE_ZONES:
            trays[extra.zone] = s.dice_in(extra.zone)
        for tray_id, dice in trays.items():
            tray = self.query_one(f"#{tray_id}", DiceTray)
            muted = {d.id for d in dice} if tray_id == "banished" else misses
            selected = self.selected if any(d.id == self.selected for d in dice) else None  # repaint one tray
            tray.show(dice, selected=selected, marked=usable & {d.id for d in dice}, muted=muted & {d.id for d in dice})
            set_subtitle(tray, str(len(dice)))
        set_display(self.query_one("#banished"), bool(trays["banished"]))

    def _draw_cards(self) -> None:
        player = self.view.player
        infos = [CardInfo.of(player, card, self.number_of(card.id)) for card in player.active]
        area = self.query_one("#active", Container)
        count = len(infos)
        words = ngettext("{n} card", "{n} cards", count).format(n=count) if count else _("no active cards")
        set_subtitle(area, words)
        ids = tuple(info.id for info in infos)
        if ids != self._card_ids:
            self._untighten()  # other cards: in full, unless they do not fit either (_fit_cards)
            kept = [card_id for card_id in self._card_ids if card_id in ids]
            shown = {card.id for card in area.query_children(CardView)}  # those still being removed too
            came = ids[len(kept) :]
            if self._cards_lock.locked() or ids[: len(kept)] != tuple(kept) or shown & {f"card-{i}" for i in came}:
                self.run_worker(self._remount_cards(), group="cards")  # reordered, or back at once: rebuild
                return
            # Cards left, or came at the end (the usual case): change only those, in this frame.
            for card in list(area.query_children(CardView)):
                if card.info is None or card.info.id not in ids:
                    card.remove()
            targets = self._card_targets()
            new = [CardView(info) for info in infos if info.id in came]
            for card in new:
                card.target = card.info is not None and card.info.id in targets
            if new:
                self._mount_cards(area, new)
            self._card_ids = ids
        targets = self._card_targets()
        by_id = {info.id: info for info in infos}
        for card in area.query_children(CardView):
            info = by_id.get(card.info.id) if card.info is not None else None
            if info is not None:
                card.info = info
                card.target = info.id in targets

    def _mount_cards(self, area: Widget, cards: list[CardView]) -> None:
        """Mount cards that came into the active area, the screen's updates held until they are mounted: the key
        that brought them is laid out and painted once, with them (else a layout pass goes out without them, and
        another when their mount completes, each laying the whole screen out). Not before the first frame (the side
        panels are mounted after it): it goes out as soon as it can, the cards following."""
        if self._odds is None:
            area.mount_all(cards)
            return
        app = self.app
        batch = app.batch_update()
        batch.__enter__()
        held = True

        def release() -> None:
            nonlocal held
            if held:
                held = False
                batch.__exit__(None, None, None)
                app.screen.refresh()  # as App.delay_update: what waited is drawn now

        mounted = area.mount_all(cards)

        async def mount() -> None:
            try:
                await mounted
            finally:
                release()

        # The App's (a screen's worker ends with the screen, perhaps before it ran); and, whatever happens to it, the
        # updates are held a moment at most.
        app.run_worker(mount(), group="cards-mount")
        app.set_timer(CARDS_HELD_AT_MOST, release)

    async def _remount_cards(self) -> None:
        """Rebuild the active area for the latest view (one rebuild at a time, so ids never clash)."""
        async with self._cards_lock:
            player = self.view.player
            infos = [CardInfo.of(player, card, self.number_of(card.id)) for card in player.active]
            ids = tuple(info.id for info in infos)
            if ids == self._card_ids:
                return
            area = self.query_one("#active", Container)
            await area.remove_children()
            targets = self._card_targets()
            cards = [CardView(info) for info in infos]
            for card, info in zip(cards, infos, strict=True):
                card.target = info.id in targets
            await area.mount_all(cards)
            self._card_ids = ids

    def _card_targets(self) -> set[str]:
        targets = {c.card for c in self.view.legal if c.cmd == "choose" and c.card}
        if self.selected is not None:
            targets |= {c.card for c in self.view.find("apply", die=self.selected) if c.card}
        return targets

    # --- the prompt line --------------------------------------------------------------------------------------------

    def _prompt_text(self) -> Content:
        # Two lines whatever is selected: what the game waits for, then how to answer (or what the selected die
        # can do). Selecting a die then repaints one line instead of moving the whole board up by one.
        view = self.view
        parts: list[Content | str | tuple[str, str]] = [(prompt_words(view.player, view.awaiting), "bold"), "\n"]
        if self._said:
            parts += [("⚠ ", "bold"), (self._said, "bold")]
        elif self._expert_words:
            # The expert's answer where the question is answered, not in a toast over it (it covered the prompt and
            # the pool at 80×24): until the game moves on, Esc, or EXPERT_SECONDS.
            parts += [(_("Expert: "), "bold $accent"), self._expert_words]
        elif self.selected is not None:
            die = view.player.die(self.selected)
            parts += [
                (die_label(die.id, die.face), "bold reverse"),
                _(" selected: "),
                selected_hint(self.view, die, self.numbers),
            ]
        elif self._hint_text and self.has_class("-short") and not self.query_one(PromptBar).has_class("-news"):
            # What happened on lines of its own takes the first-game hint's place (German and French run longer:
            # the hint's lines would push the pool's last row off a short table); the keys' line stays.
            parts += [(_("Hint: "), "bold"), (self._hint_text, "$text-muted italic")]
        else:
            parts.append((self._hint() or " ", "$text-muted"))
        return Content.assemble(*parts)

    def _hint(self) -> str:
        """How to answer the prompt: only the keys that do something now (``r repeats`` only while it may)."""
        return self.board.hint(general_hint(self.view))

    @on(PromptBar.Chosen)
    async def _prompt_chosen(self, event: PromptBar.Chosen) -> None:
        action = event.action
        if action.command is not None:
            self._play(action.command)
        elif action.action:
            await self.run_action(action.action)  # a board's: deck('tactic')

    # --- dialogs ----------------------------------------------------------------------------------------------------

    def _dialog_commands(self) -> list[Command]:
        view = self.view
        if view.kind == "item_limit":
            return [c for c in view.legal if c.cmd in ("use_item", "discard_item")]
        answers = [c for c in view.legal if c.cmd not in self._aside]
        return answers or list(view.legal)

    def _maybe_open_dialog(self) -> None:
        view = self.view
        if self._recovering:
            # Enter's "recover all": the next die, while one can still come back.
            self._recovering = False
            owed = recovery(self.view)
            if owed:
                self._recovering = True
                self._play(owed[0], auto=True)
                return
        if self._then is not None:
            # The second half of a shortcut the interface plays for the player (Resolve with every enemy defeated:
            # the engine's roll of no dice, then its resolve).
            then, self._then = self._then, None
            command = view.first(then)
            if command is not None:
                self._play(command, auto=True)
                return
        if self._single_answer() or lone_after(self.view) is not None:
            return  # one After effect is no order to choose: Enter resolves it (an item may be used first)
        if view.kind not in self._dialog_kinds or self._dialog_for == view.revision:
            return
        if self.app.screen is not self:
            return  # another screen is up: the player opens the choices with Enter when back
        self._dialog_for = view.revision
        self.call_after_refresh(self._open_dialog, view.revision)

    def _single_answer(self) -> bool:
        """A chooser with one option resolves by itself: an effect's (or setup's) choice with exactly one answer, and
        no item or ability usable first (R8), is played at once, and the player is told what was chosen."""
        view = self.view
        if self._auto_for == view.revision or self.app.screen is not self:
            return False
        if view.kind not in self._dialog_kinds and not view.kind.startswith("choose_") and view.kind != "reroll_hit":
            return False
        if view.can("use_item") or view.can("use_ability"):
            return False
        answers = [c for c in view.legal if c.cmd not in self._aside]
        if len(answers) != 1:
            return False
        self._auto_for = view.revision
        self._dialog_for = view.revision
        self._add_news(_("Only one choice, made for you: {choice}.").format(choice=self.describe(answers[0])))
        self._play(answers[0], auto=True)
        return True

    def _open_dialog(self, revision: int) -> None:
        # After a refresh, so the table is drawn behind the dialog; skipped if the game moved on meanwhile.
        if self.view.revision == revision and self.app.screen is self:
            self.action_answer()

    def _choose(
        self, title: str, commands: Sequence[Command], *, note: str = "", numbers: Sequence[int] | None = None
    ) -> None:
        if not commands:
            self.notify(_("Nothing to choose now."), severity="warning")
            return

        def chosen(command: Command | None) -> None:
            if command is not None:
                self._play(command)

        from twentystrong.tui.widgets.choices import ChoicesScreen  # on first use: start-up stays light

        screen = ChoicesScreen(title, self.view.player, commands, note=note, news=self._news, numbers=numbers)
        self.app.push_screen(screen, chosen)

    # --- playing ----------------------------------------------------------------------------------------------------

    def _play(self, command: Command, *, auto: bool = False) -> None:
        """Post the intent for a command (the App hands it to the store).

        Playing a command ends the selection: a die selected before it is no answer to what comes after (``y`` then
        ``2`` commits Y2 and must not leave Y1 waiting for the next Enter).
        """
        if self.selected is not None:
            # Quietly: the command's view redraws the table in a moment (a redraw now would be one more per key);
            # a refused command brings no view, so the App's answer redraws it then (_settled).
            self.set_reactive(TableScreen.selected, None)
            self._quiet_clear = self.view.revision
        if not auto:
            self._news_ends = True  # the player moved on: what happened before goes with this command's view
        self._post(command)

    def _explain(self, command: Command) -> None:
        """Send a command that is not legal, so the engine says why (nothing changes)."""
        self._post(command)

    # What a board may ask of the table (boards.base.Table).

    def play(self, command: Command) -> None:
        """Play a command the board's press stands for."""
        self._play(command)

    def explain(self, command: Command) -> None:
        """Send a command that is not legal, so the engine says why the board's press did nothing."""
        self._explain(command)

    def choose(self, title: str, commands: Sequence[Command]) -> None:
        """Let the player choose among the commands a board's press stands for."""
        self._choose(title, commands)

    def warn(self, message: str) -> None:
        """Say why a board's key or click did nothing."""
        self._say(message)

    def show_card(self, card: str | None) -> None:
        """Open the card browser on a card."""
        self.post_message(messages.ShowCard(card))

    def _post(self, command: Command) -> None:
        # Keys typed from now on wait until the App has handled this command (and every other one posted before).
        self._in_flight = time.monotonic()
        self._outstanding += 1
        self.post_message(messages.Play(command))

    def _die_usable(self, die: str) -> bool:
        return any(c.die == die and c.cmd in self._die_commands for c in self.view.legal)

    def press_die(self, die: str, *, typed: bool = False) -> None:
        """A die was clicked or its id typed: play it, or select it when it needs a target (or a face).

        Clicking the selected die again clears the selection; typing its id keeps it.
        """
        view = self.view
        for cmd in self._die_plays:
            command = view.first(cmd, die=die)
            if command is not None:
                self._play(command)
                return
        if view.find("apply", die=die) or view.find("face", die=die):
            self.selected = None if self.selected == die and not typed else die
            return
        state = view.player
        where = state.die(die).zone
        if view.kind == "commit" and where == "pool":
            self._explain(Command("commit", die=die))  # e.g. an enemy forbids the colour: the engine says so
            return
        if view.kind == "apply" and where == "active" and state.active:
            # A rolled die that cannot be applied anywhere: the engine says why (a miss, a rule in force).
            target = next((c.id for c in state.active if not c.defeated), state.active[0].id)
            self._explain(Command("apply", die=die, card=target))
            return
        why = ZONE_WHY.get(where) or self.board.ZONE_WHY.get(where, where)
        words = _("Nothing to do with {die} now: {why}.").format(die=die, why=why)
        self.notify(f"{words} {prompt_words(view.player, view.awaiting)}", severity="warning")

    def press_card(self, card: str) -> None:
        """A card was clicked or chosen: apply the selected die to it, answer a choice, or show it."""
        view = self.view
        if self.selected is not None:
            command = view.first("apply", die=self.selected, card=card)
            if command is not None:
                self._play(command)
                return
            if view.find("apply", die=self.selected):
                self._explain(Command("apply", die=self.selected, card=card))
                return
        command = view.first("choose", card=card)
        if command is not None:
            self._play(command)
            return
        self.post_message(messages.ShowCard(card))

    def on_mouse_down(self, event: events.MouseDown) -> None:
        # A click answers the prompt anew: the answer to the last key or click goes (the click may say its own).
        if self._said:
            self._said = ""
            self._draw_prompt()

    @on(DiceTray.Pressed)
    def _die_pressed(self, event: DiceTray.Pressed) -> None:
        event.stop()
        self.press_die(event.die)

    @on(CardView.Pressed)
    def _card_pressed(self, event: CardView.Pressed) -> None:
        event.stop()
        self.press_card(event.card)

    @on(CardView.Details)
    def _card_details(self, event: CardView.Details) -> None:
        event.stop()
        self.post_message(messages.ShowCard(event.card))

    @on(InventoryPanel.Pressed)
    def _item_pressed(self, event: InventoryPanel.Pressed) -> None:
        event.stop()
        commands = self.view.find(item=event.item)
        name = self.view.card_name(event.item)
        self._choose(USE_OR_DISCARD(card_gender(self.view.deck, event.item)).format(item=name), commands)

    @on(HeroPanel.UseAbility)
    def _ability_pressed(self, event: HeroPanel.UseAbility) -> None:
        event.stop()
        self._choose(_("Use the hero's ability"), self.view.find("use_ability"))

    @on(Message)
    def _deck_message(self, message: Message) -> None:
        # The board's widgets elsewhere on the table (its side panels, cards of its own in the active area): their
        # presses bubble here, not through the board, which answers them.
        if isinstance(message, self.board.MESSAGES):
            message.stop()
            self.board.on_table_message(message)

    # --- keys -------------------------------------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        # The table's own keys are run here, in the order they arrive, rather than left to the App's binding pass:
        # a key typed while the previous key's command is still on its way to the store waits for the new view
        # (so "2b3" typed fast activates stack 2 and then commits B3, instead of reading a stale table).
        # The BINDINGS stay the one list of keys: this only decides *when* they run.
        focused = self.focused
        if focused is not None and any(
            event.key in b.key.split(",") for b in focused.BINDINGS if isinstance(b, Binding)
        ):
            return  # the focused widget's own key (space on a card, arrows in a tray …)
        char = event.character or ""
        if not (event.key in self.own_keys or (self._letter is not None and char.isdigit())):
            return  # not a table key (tab, ctrl+z, ? …): Textual's and the App's bindings handle it
        if not self.board.takes_key(event.key):
            return  # the board leaves it to the App now
        event.stop()
        event.prevent_default()
        if self._in_flight and time.monotonic() - self._in_flight > IN_FLIGHT_TIMEOUT:
            self._in_flight = 0.0  # the App never answered: do not hold keys forever
            self._outstanding = 0
        self._pending_keys.append((event.key, char, event.time))
        self._drain_keys()

    def _repeat_after_pause(self) -> None:
        """No "1" followed the "r": it meant Repeat."""
        self._repeat_timer = None
        self.action_repeat()

    def _settled(self) -> None:
        """The App handled a command (accepted or refused): once it has handled every command this table posted (a
        shortcut's second half or a single answer is posted while the first is handled), run the keys typed
        meanwhile."""
        self._outstanding = max(0, self._outstanding - 1)
        if self._quiet_clear is not None and self._quiet_clear == self.view.revision and self.is_mounted:
            self._draw_selection()  # refused: no new view drew the selection's end
        self._quiet_clear = None
        if self._outstanding:
            return
        self._in_flight = 0.0
        self._drain_keys()

    def _drain_keys(self) -> None:
        while self._pending_keys and not self._in_flight:
            key, char, typed_at = self._pending_keys.pop(0)
            self._key_typed_at = typed_at
            try:
                self._run_key(key, char, typed_at)
            finally:
                self._key_typed_at = None

    def _run_key(self, key: str, char: str, typed_at: float) -> None:
        if self._said:
            self._said = ""
            self._draw_prompt()
        if self._repeat_timer is not None:
            # "r" was typed while both Repeat and the red die were possible: a "1" now means R1.
            self._repeat_timer.stop()
            self._repeat_timer = None
            if char == "1":
                self.press_die("R1", typed=True)
                return
            self._pending_keys.insert(0, (key, char, typed_at))  # after the repeat has reached the store
            self.action_repeat()
            return
        if key == "r" and self.view.can("repeat") and self.view.player.die("R1").zone in ("active", "pool"):
            # The red die could be meant (r1) whether or not it can be played right now: a refused apply must not
            # turn "r1" into a Repeat. Repeat waits a moment for a "1" that does not come.
            self._repeat_timer = self.set_timer(LETTER_WINDOW, self._repeat_after_pause)
            return
        if key == "r" and self.view.kind == "apply" and not self.view.can("repeat") and not self._die_usable("R1"):
            self._explain(Command("repeat"))  # the last Strategy phase (R4): the engine says so
            return
        letter, self._letter = self._letter, None
        self._cancel_letter_timer()
        # Measured between the two keystrokes as typed, not as run: keys that waited for a command in flight (or a
        # busy machine) still read as the die id the player typed.
        recent = typed_at - self._letter_at < LETTER_WINDOW
        if letter is not None and char.isdigit() and recent:
            # One die id, read whole: the letter's own selection (the next die of that colour) was only a preview,
            # and goes back to what it was before the id is played.
            stale = self.selected != self._before_letter
            if stale:  # quietly: what the id does next draws the table (one draw per key, not two)
                self.set_reactive(TableScreen.selected, self._before_letter)
            draws = self._draws
            die = f"{letter}{char}"
            if any(d.id == die for d in self.view.player.dice):
                self.press_die(die, typed=True)
            else:
                self.notify(_("There is no die {die}.").format(die=die), severity="warning")
            if stale and self._draws == draws:
                if self._outstanding:
                    self._quiet_clear = self.view.revision  # its view (or the refusal) draws it
                else:
                    self._draw_selection()
            return
        bindings = [b for b in self._bindings.key_to_bindings.get(key, []) if key in self.own_keys]
        for binding in bindings:
            name, params = split_action(binding.action)
            method = getattr(self, f"action_{name}", None)
            if method is not None and self.check_action(name, params):
                method(*params)  # synchronously: a command it posts marks the keys after it as waiting
                return
        if bindings:
            self._explain_key(key, [split_action(b.action) for b in bindings])

    def _explain_key(self, key: str, actions: list[tuple[str, tuple[object, ...]]]) -> None:
        """A table key that does nothing now says why (the engine's own reason whenever a command stands behind
        it), never nothing at all."""
        view = self.view
        names = [str(params[0]) if name == BOARD_ACTION and params else name for name, params in actions]
        first = names[0]
        if view.player.result is not None:
            self.notify(_("The game is over: ctrl+n starts a new game, s shows the summary."), severity="warning")
            return
        if self.board.explain_key(key, names):
            return
        engine = {"repeat": "repeat", "roll": "roll", "gain_item": "gain_item"}
        if first == "play_selected" or key == "enter":
            self._explain_enter()
            return
        if first in engine:
            self._explain(Command(engine[first]))
            return
        if first == "decline":
            self._say(_("Nothing to decline now."))
        elif first == "face":
            if view.player.options.dice != "physical":
                self._say(_("m, h and k enter the face of a physical die; in this game the dice are rolled for you."))
            else:
                self._say(_("No die waits for its face now: m, h and k come after a roll."))
        elif "card" in names:
            if self.selected is not None:
                count = len(view.player.active)
                self._say(
                    ngettext(
                        "{die} cannot go on card {key}: there is {n} active card.",
                        "{die} cannot go on card {key}: there are {n} active cards.",
                        count,
                    ).format(die=self.selected, key=key, n=count)
                )
            else:
                self._say(
                    _("{key} chooses a stack or a card when one can be chosen; select a die first to apply it.").format(
                        key=key
                    )
                )
        elif first == "use":
            reason = view.player.items_usable()
            held = view.player.inventory
            if reason:
                self._say(_("No item can be used now: {reason}.").format(reason=reason))
            elif not held:
                self._say(_("You hold no item, and the hero's ability cannot be used now."))
            else:
                self._say(_("No item or ability can be used now (i shows when each one works)."))
        elif first == "use_selected":
            self._say(_("No die selected: press a colour letter (y g b p r) or type a die id (b3)."))

    def _explain_enter(self) -> None:
        view = self.view
        kind = view.kind
        if self.board.explain_enter():
            return
        if kind == "gain_items" and view.find("decline_item"):
            card = view.find("decline_item")[0].card
            self._explain(Command("gain_item", card=card))
        elif recovery(self.view):
            room = recovery_room(self.view)
            self._say(
                ngettext(
                    "Choose which die to recover: click an exhausted die or type its id (Enter never skips it); x stops"
                    " recovering.",
                    "Choose which {n} dice to recover: click exhausted dice or type their ids (Enter never skips them);"
                    " x stops recovering.",
                    room,
                ).format(n=room)
            )
        elif idle_reward(self.view):
            reward = view.first("take_reward")
            name = view.card_name(reward.card or "") if reward is not None else "?"
            self._say(
                _(
                    "{card}'s reward would do nothing now (no exhausted die to recover): x declines it, or click its"
                    " button to take it anyway."
                ).format(card=name)
            )
        elif self.selected is not None:
            words = _("{die} can go on several cards: press the card's number or click it.")
            self._say(words.format(die=self.selected))
        else:
            self._say(_("Enter has nothing to do here.") + " " + prompt_words(view.player, view.awaiting))

    def _say(self, message: str) -> None:
        self.notify(message, severity="warning")  # the App gives it back to say (one way for every warning)

    def tell(self, message: str, title: str = "") -> bool:
        """Tell the player something that is not an answer to a key (the autosave's, a setting switched): on the
        What happened line, with its title, until the player's next command, never in a toast over the table; whether
        it was told (not once the game is over: the summary comes over the table, the App's toast stays on it). (The
        App sends the table its notifications here.)"""
        if self.view.player.result is not None or self.store.view.player.result is not None:
            return False  # (the store tells the record's line before the table has the game-over view)
        text = str(message)
        self._add_news(_("{title}: {message}").format(title=title, message=text) if title else text)
        if self.is_mounted:
            self.query_one(PromptBar).show_news(self._news_said)
        return True

    def say(self, message: str) -> None:
        """Answer a key or click that did nothing, on the prompt's second line (in place of the hint) until the
        next key, click or view: never in a toast over the prompt. (The App sends the table its warnings here.)"""
        self._said = message
        self.said.append(message)
        if self.is_mounted:
            self._draw_prompt()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == BOARD_ACTION:  # one of the board's own
            name, *params = parameters
            return self.board.check_action(str(name), tuple(params))
        deck = self.board.check_action(action, parameters)
        if deck is not None:
            return deck  # a general action the deck answers otherwise
        view = self.view
        if action == "roll":
            return view.can("roll") and not self._resolve_shortcut()
        if action == "resolve":
            return view.can("resolve") or self._resolve_shortcut()
        if action == "recover_all":
            owed = recovery(self.view)
            return bool(owed) and len(owed) <= recovery_room(self.view)
        if action == "done":
            # Enter never finishes while dice can still be recovered (it would throw them away): x or the button does.
            return view.can("done") and not recovery(self.view)
        if action == "take_reward":
            return view.can("take_reward") and not idle_reward(self.view)
        simple = {"gain_item", "repeat"}
        if action in simple:
            return view.can(action)
        if action == "activate_only":
            return len(view.find("activate")) == 1
        if action == "answer":
            if view.kind == "instant_reward" and idle_reward(self.view):
                return False  # Enter says why it does not take it (a list would put taking it under Enter again)
            return view.kind in self._dialog_kinds or view.player.prompt is not None
        if action == "stop_recovering":
            return bool(recovery(self.view)) and view.can("done")
        if action == "decline":
            return any(view.can(cmd) for cmd in self._declines)
        if action == "face":
            return face_die(self.view, self.selected) is not None
        if action == "card":
            index = int(str(parameters[0])) if parameters else 0
            if self._card_numbered(index) is None:
                return False
            applying = self.selected is not None and bool(view.find("apply", die=self.selected))
            # With no die selected, a card's number opens its full text (the table shows it abridged).
            reading = self.selected is None and index >= 1 and view.kind in ("commit", "apply")
            return applying or view.kind == "choose_card" or reading
        if action == "use_selected":
            return self.selected is not None
        if action == "play_selected":
            return self.selected is not None and self._selected_command() is not None
        if action == "clear":
            return self.selected is not None or bool(self._expert_words)
        if action == "use":
            return view.can("use_item") or view.can("use_ability")
        if action == "summary":
            return view.player.result is not None
        return True

    def action_deck(self, name: str, *params: object) -> None:
        """Run one of the board's own actions (its keys)."""
        method = getattr(self.board, f"action_{name}", None)
        if method is not None:
            method(*params)

    def action_roll(self) -> None:
        """Roll every unapplied die in the active area. With none committed, Enter asks first (a roll of nothing
        uses a Strategy phase): a second Enter rolls; the Roll button rolls at once."""
        if empty_roll(self.view) and self._empty_roll_for != self.view.revision:
            self._empty_roll_for = self.view.revision
            self._say(
                _(
                    "No dice committed: a roll now rolls nothing and uses a Strategy phase. Enter again to roll"
                    " anyway, or commit dice first (click one or type its id)."
                )
            )
            return
        self._play_first("roll")

    def action_resolve(self) -> None:
        """End the Strategy phases and resolve."""
        if self._resolve_shortcut():
            # Every enemy is defeated before this phase's roll: the engine's own commands, roll (no dice) then
            # resolve, played for the player.
            self._then = "resolve"
            self._play_first("roll")
            return
        self._play_first("resolve")

    def _resolve_shortcut(self) -> bool:
        return resolve_shortcut(self.view)

    def action_done(self) -> None:
        """Finish this step."""
        self._play_first("done")

    def action_repeat(self) -> None:
        """Start another Strategy phase."""
        self._play_first("repeat")

    def action_take_reward(self) -> None:
        """Take the instant reward."""
        self._play_first("take_reward")

    def action_gain_item(self) -> None:
        """Gain the first pending item reward."""
        self._play_first("gain_item")

    def action_activate_only(self) -> None:
        """Activate the only stack that may be activated."""
        self._play_first("activate")

    def action_decline(self) -> None:
        """Decline the reward, the item (or what the deck offers to decline)."""
        for cmd in self._declines:
            if self.view.can(cmd):
                self._play_first(cmd)
                return

    def action_stop_recovering(self) -> None:
        """Finish recovering with dice that could still come back (Enter never does)."""
        self._play_first("done")

    def action_recover_all(self) -> None:
        """Recover every die that can come back (all fit: nothing to choose), one command each."""
        owed = recovery(self.view)
        if owed:
            self._recovering = True
            self._play(owed[0])

    def _play_first(self, cmd: str) -> None:
        command = self.view.first(cmd)
        if command is not None:
            self._play(command)

    def action_face(self, face: str) -> None:
        """Enter the face of the selected (or next) physical die."""
        die = face_die(self.view, self.selected)
        command = self.view.first("face", die=die) if die else None
        if die is not None and command is not None:
            self._play(Command("face", die=die, face=face))

    def action_card(self, number: int) -> None:
        """Target the n-th card of the active area."""
        card = self._card_numbered(number)
        if card is not None:
            self.press_card(card)

    def _card_numbered(self, number: int) -> str | None:
        """The active card shown with this number now, if any."""
        return next((card.id for card in self.view.player.active if self.number_of(card.id) == number), None)

    def action_color(self, letter: str) -> None:
        """Select the next usable die of a colour (a digit typed next picks the exact die)."""
        letter = letter.upper()
        if letter not in COLOR_OF_LETTER:
            return
        self._letter = letter
        # A letter typed starts a die id; one from elsewhere (the palette) does not: a digit then is a card number.
        self._letter_at = self._key_typed_at if self._key_typed_at is not None else float("-inf")
        self._before_letter = self.selected  # a digit next makes the letter part of a die id: this comes back
        usable = [d.id for d in self.view.player.dice if d.id.startswith(letter) and self._die_usable(d.id)]
        if not usable:
            # A digit may still follow (a die id); if none does, say why nothing of that colour can be played.
            self._cancel_letter_timer()
            self._letter_timer = self.set_timer(LETTER_WINDOW, lambda: self._no_die_of(letter))
            return
        if self.selected in usable:
            self.selected = usable[(usable.index(self.selected) + 1) % len(usable)]
        else:
            self.selected = usable[0]

    def _cancel_letter_timer(self) -> None:
        if self._letter_timer is not None:
            self._letter_timer.stop()
            self._letter_timer = None

    def _no_die_of(self, letter: str) -> None:
        self._letter_timer = None
        color = COLOR_OF_LETTER[letter]
        words = _("No {color} die can be played now.").format(color=term(color))
        self._say(f"{words} {prompt_words(self.view.player, self.view.awaiting)}")

    def _selected_command(self) -> Command | None:
        """The one command the selected die stands for now (None: it needs a target or a face)."""
        die = self.selected
        if die is None:
            return None
        view = self.view
        for cmd in self._die_plays:
            command = view.first(cmd, die=die)
            if command is not None:
                return command
        return only_apply(self.view, die)

    def action_play_selected(self) -> None:
        """Play the selected die when it can do exactly one thing (Enter)."""
        command = self._selected_command()
        if command is not None:
            self._play(command)

    def action_use_selected(self) -> None:
        """Play the selected die: commit, recover or choose it, or apply it to its only target."""
        die = self.selected
        if die is None:
            return
        view = self.view
        for cmd in self._die_plays:
            command = view.first(cmd, die=die)
            if command is not None:
                self._play(command)
                return
        applies = view.find("apply", die=die)
        only = only_apply(self.view, die)
        if only is not None:
            self._play(only)
        elif applies:
            self.notify(_("Several cards can take it: click one or press its number."))
        elif view.find("face", die=die):
            self.notify(_("Enter its face: m miss, h hit, k crit."))

    def action_clear(self) -> None:
        """Clear the selection, and the expert's answer."""
        self._expert_gone()
        self.selected = None

    def action_answer(self) -> None:
        """Open the choices for the current prompt (one After effect: resolve it)."""
        lone = lone_after(self.view)
        if lone is not None:
            self._play(lone)
            return
        commands = self._dialog_commands()
        numbers = self._dialog_numbering(commands)
        self._choose(self.view.text or _("Choose"), commands, note=self._hint_text, numbers=numbers)

    def _dialog_numbering(self, commands: Sequence[Command]) -> list[int]:
        """The number keys of a prompt's choices: a choice that takes several picks (each Primus under its camp)
        keeps each option's number until the question ends; an option comes anew takes a number of its own.

        An option is known by what tells the options apart when the question first listed them (the Primus; not
        the camp, the same for every option of one pick)."""
        question = asks(self.view)
        remembered = self._dialog_memory
        if remembered is None or remembered[0] != question:
            varying = frozenset(name for name, values in _fields(commands).items() if len(set(values)) > 1)
            remembered = (question, varying, {})
            self._dialog_memory = remembered
        _question, varying, numbers = remembered
        out = []
        for command in commands:
            key = tuple(sorted((name, value) for name, value in _pairs(command) if name in varying)) or (command,)
            if key not in numbers:
                numbers[key] = max(numbers.values(), default=0) + 1
            out.append(numbers[key])
        if len(set(out)) != len(out) or max(out, default=0) > 9:
            return list(range(1, len(commands) + 1))  # not told apart, or past 9: numbered 1, 2 … as listed
        return out

    def action_moves(self) -> None:
        """List every legal move."""
        self._choose(_("Every legal move now"), list(self.view.legal))

    def action_use(self) -> None:
        """Use an item or the hero's ability."""
        commands = [c for c in self.view.legal if c.cmd in ("use_item", "use_ability")]
        self._choose(_("Use an item or the hero's ability"), commands)

    def action_expert(self) -> None:
        """Ask the expert what it would play now, and why (the game is then marked assisted; no hints in a daily
        challenge). It thinks in a worker thread and answers in a notification, which goes when the game moves on
        (it is about this moment only) or on Esc; an answer that comes after the game moved on is not shown."""
        asked = self.store.ask_expert()
        self._expert_gone(draw=False)
        if isinstance(asked, str):
            self._expert_says(asked)
            return
        self._expert_says(_("The expert is thinking…"), timeout=EXPERT_SECONDS)
        revision = self.view.revision

        def answered(words: str) -> None:
            self._expert_gone(draw=False)
            if self.view.revision == revision:
                self._expert_says(words, timeout=EXPERT_SECONDS)

        def think() -> None:
            words = asked()
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                self.app.call_from_thread(answered, words)

        self.run_worker(think, thread=True, group="expert", exclusive=True)

    def _expert_says(self, words: str, *, timeout: float | None = None) -> None:
        """Say the expert's words on the prompt's second line, for ``timeout`` seconds at most (:meth:`_expert_gone`
        takes them away sooner)."""
        self._expert_words = words
        if self._expert_timer is not None:
            self._expert_timer.stop()
        self._expert_timer = self.set_timer(timeout or self.app.NOTIFICATION_TIMEOUT, self._expert_gone)
        if self.is_mounted:
            self._draw_prompt()

    def _expert_gone(self, *, draw: bool = True) -> bool:
        """Take the expert's words off the prompt; whether they were there."""
        if self._expert_timer is not None:
            self._expert_timer.stop()
            self._expert_timer = None
        had, self._expert_words = bool(self._expert_words), ""
        if had and draw and self.is_mounted:
            self._draw_prompt()
        return had

    def action_summary(self) -> None:
        """Open the game-over summary again."""
        show = getattr(self.app, "show_summary", None)
        if show is not None:
            show()

    def action_cards(self) -> None:
        """Open the card browser."""
        self.post_message(messages.ShowCard(None))

    def action_inventory(self) -> None:
        """Open the inventory screen."""
        from twentystrong.tui.screens.inventory import InventoryScreen

        self.app.push_screen(InventoryScreen(self.store))

    def action_log(self) -> None:
        """Open the log and history."""
        from twentystrong.tui.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.store))

    def on_resize(self, event: events.Resize) -> None:
        # Crossing the short/tall breakpoint changes what some panels write (one-line items, the hint's place).
        short = self.has_class("-short")
        if self.is_mounted:
            self._untighten()  # the cards may fit in full now
        if self.is_mounted and short != self._short:
            self._short = short
            self.call_after_refresh(self._draw)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed:
            # Shown for the first time: every widget was styled as it mounted, and Textual's restyle of the whole
            # screen on resume (Screen's handler, which runs after this one) would change nothing (some 4 ms of
            # start-up). Later resumes restyle as usual (the theme may have changed meanwhile).
            self._resumed = True
            event.refresh_styles = False
        # Back from a dialog or another screen: a prompt that came up meanwhile opens its choices now.
        self._maybe_open_dialog()

    def describe(self, command: Command) -> str:
        """A command in words (the help screen and tests use it)."""
        from twentystrong.tui.widgets.choices import command_label

        return command_label(self.view.player, command)
