"""The ruleset seam (architecture.md contract 9): what a deck's rules supply to the general engine.

The general rules own the round (:mod:`twentystrong.engine.flow`, :mod:`twentystrong.engine.steps`) and know
nothing of any deck. A ruleset is one object, registered by its id (:mod:`twentystrong.engine.rulesets`), that
supplies as data and functions the engine calls at named points:

- **its state**: a frozen :class:`~twentystrong.engine.state.Table` of its own zones and counters
  (:meth:`Ruleset.initial_table`), changed only by events: its own (:attr:`Ruleset.events`, each with its evolve
  function), the charges it keeps (:attr:`Ruleset.charges`), and the general events that move a card out of or
  into one of its zones (:meth:`Ruleset.card_activated`, :meth:`Ruleset.card_placed`);
- **its zones**: dice zones beyond the general five (:attr:`Ruleset.dice_zones`, e.g. Hoplomachus Victorum's
  training grounds) and its card zones (:attr:`Ruleset.card_zones`, :meth:`Ruleset.places`);
- **its steps and commands**: :class:`StepSpec` rows for its own steps (and for general steps it plays its own way,
  such as Activation), :class:`CommandSpec` rows for its own commands (with their arguments), the prompts it asks
  and answers, commands legal at any time (:meth:`Ruleset.anytime_commands`);
- **its rules at named points**: setup, the activation choices, where a card returns, the endgame, what Cleanup does
  with each card, whether dice on an undefeated enemy stay applied at Exhaust (the exhaust policy of multi-round
  fights), what follows Cleanup, how the game is won, bookkeeping after each command; what a player may take
  instead of a card's reward, where an item goes once used up or discarded, which held items are not in force yet,
  and the effects its cards carry on another side (a Bane, a spectate penalty) that a prompt may belong to;
- **its views and words**, each one object its kit's modules give (:attr:`Ruleset.views`, :attr:`Ruleset.words`,
  no forwarding methods): its part of the headless ``state`` and of its events as the player sees them (R12), its
  public table for bots (:class:`TableView`) (:class:`Views`); its events, commands and steps in words
  (:class:`Words`).

Adding a deck means a new ruleset package, its content, and its board widget; never the general engine's tables.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.events import CardActivated, CardLeft, Event
from twentystrong.engine.state import ActiveCard, Changes, GameState, Prompt, Table

if TYPE_CHECKING:
    from twentystrong.content.model import Deck
    from twentystrong.engine.effects.base import Live
    from twentystrong.engine.tx import Tx


def redrawn_piles(piles: tuple[tuple[str, ...], ...], rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Face-up piles (each top first) with their cards below the tops drawn again from all of them: each pile keeps
    its top and its size (:meth:`Ruleset.redraw`). The cards are sorted first, so their true order is never read."""
    below = sorted(card for pile in piles for card in pile[1:])
    rng.shuffle(below)
    drawn = iter(below)
    return tuple(pile[:1] + tuple(next(drawn) for _ in pile[1:]) for pile in piles)


def reordered(cards: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    """A face-down deck in a new order, drawn from its cards sorted (:meth:`Ruleset.redraw`)."""
    out = sorted(cards)
    rng.shuffle(out)
    return tuple(out)


def _no_commands(s: GameState) -> list[Command]:
    return []


@dataclass(frozen=True)
class StepSpec:
    """One step of the round: what the game does there and what it waits for (one row of the step table)."""

    phase: str
    """The phase it belongs to (``setup``, ``activation``, ``strategy``, ``resolve``, ``over``): the step bar."""
    awaiting: str
    """``awaiting.kind`` while the game waits in this step (contract 3)."""
    text: str = ""
    """The sentence that says what the player does now."""
    advance: Callable[[Tx], bool] | None = None
    """For a step that may move on by itself: do so and return True, or return False to wait for the player (the
    game then waits for one of :attr:`commands`). None: the game always waits here."""
    commands: Callable[[GameState], list[Command]] = _no_commands
    """The step's own legal commands (items, the hero's ability and a ruleset's commands at any time come on top,
    unless :attr:`setup`)."""
    details: Callable[[GameState], dict[str, Any]] | None = None
    """Further keys of ``awaiting`` (what remains to choose, the limits …)."""
    setup: bool = False
    """A step before the first round: only its own commands (no items, no ability, nothing at any time)."""


@dataclass(frozen=True)
class CommandSpec:
    """One command a ruleset adds: its description and what it does."""

    description: str
    """A short description (the headless docs, the help screen, refusals: "cannot <description> now")."""
    handler: Callable[[Tx, Command], None]
    """Emits the command's events (it is legal: ``decide`` checked it against ``legal_commands``)."""
    fields: Mapping[str, type] = field(default_factory=dict)
    """Its arguments beyond the general ones (``{"stack": int}``), with their JSON types."""


@dataclass(frozen=True)
class TableView:
    """A ruleset's table as a player sees it (contract 11, rules.md R12), for bots: part of
    :class:`~twentystrong.engine.view.PlayerView`. Each ruleset subclasses it with its open zones."""

    def card_of(self, command: Command) -> str | None:
        """The card a command of the ruleset points at on its table (the card an activation would activate, a
        discard would discard …), if any."""
        return None

    def card_kind(self, card_id: str) -> str:
        """What an active boss is on this table, in the deck's words (Hoplomachus Victorum: ``Primus`` or
        ``Scion``), or "" when the deck does not say."""
        return ""

    def item_kind(self, deck: Deck, item: str) -> str:
        """What a held single-use item is in the deck's words, shown before its kind (Hoplomachus Victorum:
        ``Tactic``), or "" when it is a plain item."""
        return ""

    def goals(self) -> tuple[int, str]:
        """How many goals the game dealt and kept (the game-over summary counts those completed), and what one is
        called in the deck's words; 0 when the deck has none."""
        return 0, "goal"


def _no_keys(s: GameState) -> dict[str, Any]:
    return {}


def _same(event: Event, out: dict[str, Any]) -> dict[str, Any]:
    return out


def _open_table(s: GameState) -> TableView:
    return TableView()


def _no_places(s: GameState) -> dict[str, tuple[str, str]]:
    return {}


@dataclass(frozen=True)
class Views:
    """A ruleset's part of what a player sees (contract 11, R12: nothing face down). Each field has the general
    answer (nothing of its own); a ruleset gives the ones it changes (``Views(state=…, table=…)``)."""

    state: Callable[[GameState], dict[str, Any]] = _no_keys
    """Its keys of the headless ``state`` (its table as the player sees it)."""
    event: Callable[[Event, dict[str, Any]], dict[str, Any]] = _same
    """One of its events as the player sees it: ``out`` is the event's plain form."""
    table: Callable[[GameState], TableView] = _open_table
    """Its table for bots (:class:`TableView`)."""
    places: Callable[[GameState], dict[str, tuple[str, str]]] = _no_places
    """Where each card in its zones is, as (zone, label) a player may know (``in a stack``, not which card is where
    under the top)."""


def _no_words(*args: Any) -> None:
    return None


def _not_news(event: Event, command: Command | None) -> bool:
    return False


def _no_goal(event: Event) -> bool:
    return False


@dataclass(frozen=True)
class Words:
    """A ruleset's events, commands and steps in words (the game log, the history view, announcements, undo
    refusals). Each field has the general answer (None: not one of its); a ruleset gives the ones it has."""

    event: Callable[[Event, Deck, GameState | None], str | None] = _no_words
    """One of its events in words (``before``: the state the event met, when known)."""
    announces: Callable[[Event, Command | None], bool] = _not_news
    """Whether one of its events is news a front end announces after ``command``: something the player did not do
    directly (a card an effect discarded, a goal reached), not the round's routine."""
    reveal: Callable[[Event, Deck], str | None] = _no_words
    """What one of its events revealed, as a clause (R13's undo refusal says it), or None."""
    command: Callable[[Command, GameState], str | None] = _no_words
    """One of its commands as a sentence, or None."""
    steps: Mapping[str, str] = field(default_factory=dict)
    """Its own steps (and the general steps it plays its own way) in a few words, for the log."""
    prompt: Callable[[GameState, Mapping[str, Any], str], str | None] = _no_words
    """The prompt line for what the game waits for (``awaiting``; ``text``: the general line) when it has words of
    its own for it, or None."""
    completes: Callable[[Event], bool] = _no_goal
    """Whether one of its events completes one of the player's goals (the game's figures count them)."""
    name: Callable[[Deck, str], str | None] = _no_words
    """The name of one of its own pieces by id (the deck's sections beyond conflict cards, bosses and heroes), or
    None when the id is not one of them."""
    purpose: Callable[[str, Deck], str | None] = _no_words
    """One of its prompts' purposes (``Prompt.purpose``, kept in English in the game's events) in the language
    spoken now, or None when it is not one of its own (:func:`~twentystrong.engine.reasons.purpose_words`)."""
    reason: Callable[[str, Deck], str | None] = _no_words
    """One of its events' reasons (``recovered by spectating``, kept in English) in the language spoken now, or None
    when it is not one of its own (:func:`~twentystrong.engine.reasons.reason_words`)."""


class Ruleset:
    """A deck's rules. Every method has the general-rules answer; a ruleset overrides what it changes."""

    id: str = ""
    """The ruleset id decks name (``deck.toml``: ``ruleset = "solar-sentinels"``)."""
    name: str = ""
    """The ruleset's name in words."""

    # --- data ---------------------------------------------------------------------------------------------

    dice_zones: tuple[str, ...] = ()
    """Dice zones beyond the general ones (e.g. ``training``): a die may be moved there (``DieMoved.zone``)."""
    card_zones: Mapping[str, str] = {}
    """Its card zones (id → name), for the card browser's "where" filter (see :meth:`places`)."""
    steps: Mapping[str, StepSpec] = {}
    """Its own steps, and general steps it plays its own way (e.g. ``activate``), by name."""
    commands: Mapping[str, CommandSpec] = {}
    """Its own commands, by name."""
    events: Mapping[type[Event], Callable[[GameState, Any], Changes]] = {}
    """Its own event types, each with the fields it changes (its ``table`` among them), as ``evolve``'s are."""
    charges: Mapping[str, Callable[[GameState, int], Changes]] = {}
    """The charges a ``Marked`` event may set by name, beyond the general ones, each with what it changes."""
    prompt_fields: Mapping[str, str] = {}
    """The prompt kinds it asks beyond the general ones, each with the command argument a ``choose`` answer fills
    (``{"choose_stack": "stack"}``)."""
    choice_prompts: frozenset[str] = frozenset()
    """Those of its prompt kinds that are a choice an item may be used at (R8; see ``legal.CHOICE_PROMPTS``)."""
    prompt_sources: frozenset[str] = frozenset()
    """The ``Prompt.source`` of the prompts it asks itself (not an effect's): their answers come to :meth:`answer`."""
    views: Views = Views()
    """Its part of what a player sees (its views module's functions, as one object)."""
    words: Words = Words()
    """Its events, commands and steps in words (its words module's functions, as one object)."""

    # --- state and setup ----------------------------------------------------------------------------------------

    def initial_table(self) -> Table:
        """Its table before the game is dealt."""
        return Table()

    def setup(self, tx: Tx) -> None:
        """The ``start`` command: deal the game (its own events) and go on to its first step (its setup steps, or
        the first round: ``flow.start_round``)."""
        raise NotImplementedError

    def card_activated(self, table: Table, event: CardActivated) -> Table:
        """Its table once a card left one of its zones for the active area (its pile ``event.stack``, its boss
        deck …)."""
        return table

    def card_placed(self, table: Table, event: CardLeft) -> Table:
        """Its table once a card left the active area for one of its zones (``event.to``: a zone the general rules
        do not know, such as ``stack`` or ``boss_discard``)."""
        return table

    # --- activation ---------------------------------------------------------------------------------------------

    def activation_commands(self, s: GameState) -> list[Command]:
        """The activation choices now, as commands (R3 applies to every activation)."""
        return []

    def not_now(self, s: GameState, command: Command) -> str | None:
        """Why a command is not one that can be played at this moment, in its own words (None: the general
        message, "cannot … now" and what the game waits for)."""
        return None

    def refuse(self, s: GameState, command: Command) -> Rejected | None:
        """Why a command of a kind that can be played now is refused with these arguments, in its own words (None:
        the general message)."""
        return None

    def return_to_origin(self, tx: Tx, card: ActiveCard) -> None:
        """An active card goes back where it came from instead of being defeated (R10 effects); by default it is
        discarded."""
        tx.emit(CardLeft, card=card.id, to="discard")

    # --- the round ----------------------------------------------------------------------------------------------

    def keeps_applied_dice(self, s: GameState, card: ActiveCard) -> bool:
        """Whether the dice applied to this active card stay applied at Resolve step 3 instead of being exhausted
        (Hoplomachus Victorum's multi-round fights, HV9); by default every committed die is exhausted."""
        return False

    def stays_at_cleanup(self, s: GameState, card: ActiveCard) -> bool:
        """Whether an active card stays in the active area at Cleanup (endgame: undefeated cards remain).

        A defeated boss stays too: it is still there only when its rules ask for more than its defeat to win
        (every enemy with it), and the win must still be possible when the rest fall.
        """
        return s.endgame and (not card.defeated or card.boss)

    def cleanup_destination(self, s: GameState, card: ActiveCard) -> str:
        """Where an active card goes at Cleanup (``CardLeft.to``): the discard pile by default."""
        return "discard"

    def after_cleanup(self, tx: Tx) -> bool:
        """Steps the deck adds after Cleanup: go to the first and return True, or return False (the round ends)."""
        return False

    def anytime_commands(self, s: GameState) -> list[Command]:
        """Its commands that are legal at any prompt or step of a round (after the items'), e.g. forfeiting a
        mission."""
        return []

    def answer(self, tx: Tx, prompt: Prompt, command: Command) -> None:
        """The answer to one of its own prompts (:attr:`prompt_sources`)."""

    def reask(self, tx: Tx, prompt: Prompt) -> None:
        """R8: an item changed the state while one of its own prompts waited: ask again with what holds now."""

    def after_command(self, tx: Tx, before: GameState, command: Command) -> None:
        """Bookkeeping after every command (``before``: the state the command met), e.g. mission progress."""

    def won(self, s: GameState) -> str | None:
        """Why the game is won now, or None."""
        return None

    def redraw(self, s: GameState, rng: random.Random) -> GameState | None:
        """A world the player cannot tell from ``s``, for the expert's search (:mod:`twentystrong.bots.expert`):
        every hidden card of its zones (R12) drawn again with ``rng`` from what the player could know (the cards not
        in sight, in the sizes the player sees), never from the true order, so that two states that differ only in
        hidden cards give the same world. None: the ruleset does not say what its decks hide (no expert for them)."""
        return None

    # --- rewards and items --------------------------------------------------------------------------------------

    def reward_alternatives(self, s: GameState, card: str) -> list[Command]:
        """Its commands a player may play instead of gaining a defeated card's reward: at its instant reward's
        prompt, or at Gain item rewards (Hoplomachus Victorum's Sport cards: recruit a die or gain a Tactic)."""
        return []

    def item_left(self, s: GameState, item: str) -> Changes | None:
        """Where an item goes once used up or discarded from the inventory, as the fields it changes (its table),
        or None for the discard pile. A pure function of the state: ``evolve`` asks it for ``item_used`` and
        ``item_discarded`` events."""
        return None

    def dormant_items(self, s: GameState) -> frozenset[str]:
        """Held items whose effects are not in force (Hoplomachus Victorum's Opportunities before their condition
        is met): they count against Strategy and may be discarded, nothing more."""
        return frozenset()

    def effect_of_prompt(self, s: GameState, prompt: Prompt) -> Live | None:
        """The effect a prompt belongs to when it is one its cards carry outside the effects in force (a Primus's
        Bane, a Scion's spectate penalty): the prompt's ``source`` and ``effect`` index name it; None otherwise."""
        return None
