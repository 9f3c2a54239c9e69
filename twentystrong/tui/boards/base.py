"""The base of every deck's board: the widget that shows the deck's own zones, and everything else the deck brings
to the general table (architecture.md contract 9): its keys, what its presses play, its panels, its dice zones,
its prompts and its words. The table screen asks the board; it never names a deck or its terms."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, NamedTuple, Protocol

from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget

from twentystrong.engine.commands import Command
from twentystrong.engine.view import ActiveCard, PlayerView
from twentystrong.i18n import N_
from twentystrong.tui.store import GameView

if TYPE_CHECKING:
    from twentystrong.tui.widgets.status import PromptAction


class DiceZone(NamedTuple):
    """A dice zone of the deck's own, drawn as a tray beside the pool (Hoplomachus Victorum's training grounds)."""

    zone: str
    """The zone's id (``DieState.zone``), also the tray's widget id."""
    title: str
    """The tray's title."""
    empty: str
    """What the tray says when it holds no die."""


class ItemNote(NamedTuple):
    """What a deck adds to a held item's entry (Hoplomachus Victorum: an Opportunity's progress, a Tactic's fate)."""

    progress: str = ""
    """After the item's name: ``1/2``, ``earned ✔`` ("" for nothing)."""
    words: str = ""
    """In place of what the item does, on the table ("" keeps those words): an unearned Opportunity's goal."""
    after_use: str = ""
    """Where the item goes once used or discarded, as a clause ("" for the discard pile)."""
    used: str = ""
    """The whole sentence of when a single-use item is used and where it goes then ("" : built from ``after_use``);
    a translation agrees with the item it names (a Tactic: feminine in German and French)."""
    discarded: str = ""
    """The whole sentence of where the item goes when discarded ("" : built from ``after_use``)."""


class Table(Protocol):
    """What a board may ask of the table screen it is on (the screen's UI state and its ways to play)."""

    @property
    def view(self) -> GameView:
        """The view shown."""

    @property
    def selected(self) -> str | None:
        """The die the player selected, or None."""

    def play(self, command: Command) -> None:
        """Play a command (one of the view's legal ones)."""

    def explain(self, command: Command) -> None:
        """Send a command that is not legal, so that the engine says why a press did nothing."""

    def choose(self, title: str, commands: Sequence[Command]) -> None:
        """Let the player choose among commands (a list of choices over the table)."""

    def warn(self, message: str) -> None:
        """Say why a key or click did nothing (on the prompt's second line)."""

    def show_card(self, card: str | None) -> None:
        """Open the card browser on a card."""

    def draw_selection(self) -> None:
        """Draw anew what the selection changes (the dice, the cards, the odds, the prompt, the keys)."""


class Board(Horizontal):
    """A deck's own zones on the table: built for the first view it shows, then drawn anew with each view.

    Besides itself a board brings to the general table, all optional:

    - its keys (:attr:`KEYS`, placed on the key bar by :attr:`KEYS_BEFORE`): each binding's action is a method
      ``action_<name>`` of the board, enabled by its :meth:`check_action`;
    - what its presses play: its widgets' messages bubble through it; those of its widgets elsewhere on the table
      (:attr:`MESSAGES`: side panels, cards in the active area) reach :meth:`on_table_message`;
    - its side panels (:meth:`side_panels`) and dice zones (:attr:`DICE_ZONES`);
    - its prompts: the hint (:meth:`hint`), its buttons (:meth:`prompt_actions`), the kinds of prompt answered from a
      list (:attr:`DIALOG_KINDS`), the commands a press on a die plays (:attr:`DIE_COMMANDS`, :attr:`DIE_PLAYS`),
      those that answer no prompt (:attr:`ASIDE`) and those ``x`` declines (:attr:`DECLINES`);
    - its words: why a key did nothing (:meth:`explain_key`, :meth:`explain_enter`), why a die in one of its zones
      does nothing (:attr:`ZONE_WHY`), the help screen's title (:attr:`HELP_TITLE`), a held item's note
      (:meth:`item_note`), what an active card is (:meth:`card_kind`), what choosing one of its commands means in the
      list of choices (:meth:`command_detail`), the game-over summary's (:meth:`setup_words`, :meth:`bosses_words`).

    A read-only board (``past``, the history view's) draws only: it plays nothing.
    """

    HELP_TITLE: ClassVar[str] = N_("The table")
    """The help screen's title for the table's keys."""
    KEYS: ClassVar[Sequence[Binding]] = ()
    """The deck's own keys on the table, after the general ones (for a key both have, the general binding is tried
    first)."""
    KEYS_BEFORE: ClassVar[dict[str, Sequence[Binding]]] = {}
    """The deck's own keys placed before a general binding (by its action), where the key bar should show them."""
    DICE_ZONES: ClassVar[tuple[DiceZone, ...]] = ()
    """Dice zones of the deck, drawn after the pool (ids of :attr:`DiceZone.zone`)."""
    DIE_COMMANDS: ClassVar[tuple[str, ...]] = ()
    """The deck's commands that name a die the player can point at on the table."""
    DIE_PLAYS: ClassVar[tuple[str, ...]] = ()
    """Of those, the commands a press on the die plays at once."""
    DIALOG_KINDS: ClassVar[frozenset[str]] = frozenset()
    """The deck's prompts answered from a list: the choices open by themselves when one comes up."""
    ASIDE: ClassVar[tuple[str, ...]] = ()
    """The deck's commands legal at almost any prompt that never answer it (left out of the prompt's choices)."""
    DECLINES: ClassVar[tuple[str, ...]] = ()
    """The deck's commands that ``x`` declines, after the general ones (the reward, the item)."""
    STEP_NAMES: ClassVar[dict[str, str]] = {}
    """The deck's own steps' names on the step bar (marked ``N_``, shown through the catalogue); a step without one
    is named in its ruleset's words (``Words.steps``)."""
    ZONE_WHY: ClassVar[dict[str, str]] = {}
    """Why a die in one of the deck's zones has nothing to do now."""
    MESSAGES: ClassVar[tuple[type[Message], ...]] = ()
    """Messages of the deck's widgets outside the board (its side panels …) that the table hands to
    :meth:`on_table_message`."""

    def __init__(self, view: GameView, *, past: bool = False, id: str = "deck-board") -> None:
        """``past``: a read-only board of the history view (its side panels get ids of their own). ``id``: the
        board's id (a deck's board may name it in its own words)."""
        super().__init__(id=id)
        self.past = past

    @property
    def table(self) -> Table:
        """The table screen the board is on."""
        screen: Table = self.screen  # type: ignore[assignment]  # a board plays only on the table screen
        return screen

    # --- drawing ----------------------------------------------------------------------------------------------

    def show(self, view: GameView) -> None:
        """Draw ``view``'s table, side panels included (a deck without zones of its own shows nothing)."""

    def side_panels(self) -> list[Widget]:
        """The side column's panels of this deck's zones, titled, built for the first view (the table places them
        between the inventory and the odds; :meth:`show` draws them)."""
        return []

    def lay_out(self) -> None:
        """Before the table draws a view: lay the table out for it (what is shown, how compact)."""

    def draw_table(self) -> None:
        """After the table drew a view: what the deck draws on the general zones (a title, cards of its own)."""

    # --- prompts ----------------------------------------------------------------------------------------------

    def hint(self, general: str) -> str:
        """How to answer the prompt, given the general table's words for it (``general``)."""
        return general

    def prompt_actions(self) -> tuple[list[PromptAction], list[PromptAction]]:
        """The deck's buttons on the prompt: those before the general ones, and those just before "All moves…"."""
        return [], []

    def on_table_message(self, message: Message) -> None:
        """One of :attr:`MESSAGES`, from the deck's widgets outside the board."""

    def explain_key(self, key: str, names: list[str]) -> bool:
        """Say why a table key did nothing now (``names``: its actions, the board's unprefixed); False leaves it to
        the general table."""
        return False

    def explain_enter(self) -> bool:
        """Say why Enter did nothing now; False leaves it to the general table."""
        return False

    def takes_key(self, key: str) -> bool:
        """Whether the table takes this key of its own now (False: the App's binding for it runs)."""
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether one of the board's actions, or a general action the deck answers otherwise, can run now (None:
        a general action the deck leaves to the table)."""
        return None

    # --- words --------------------------------------------------------------------------------------------------

    @staticmethod
    def setup_words(view: PlayerView) -> list[str]:
        """The deck's own options, for the game-over summary's setup line (Hoplomachus Victorum: its difficulty)."""
        return []

    @staticmethod
    def bosses_words(view: PlayerView) -> str | None:
        """The bosses beaten in the deck's words for the game-over summary, or None for the general words."""
        return None

    @staticmethod
    def item_note(view: PlayerView, item: str) -> ItemNote | None:
        """What the deck adds to a held item's entry (an Opportunity's progress, where a Tactic goes once used), or
        None."""
        return None

    @staticmethod
    def card_kind(view: PlayerView, card: ActiveCard) -> str:
        """What an active card is in the deck's words, shown under it in place of its level; "" for a plain conflict
        card or boss. By default a boss is what the deck's table view says
        (:meth:`~twentystrong.engine.rulesets.base.TableView.card_kind`)."""
        return view.table.card_kind(card.id) if card.boss else ""

    @staticmethod
    def command_detail(view: PlayerView, command: Command) -> str:
        """What choosing one of the deck's commands means, in a few words, beside it in the list of choices (a goal,
        the card it names …); "" leaves it to the general words (the command's description)."""
        return ""
