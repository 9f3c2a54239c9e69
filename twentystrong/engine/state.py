"""The frozen game state. Only :func:`twentystrong.engine.evolve.evolve` builds new states from old ones."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeVar

from twentystrong.content.effects import Color, Face, Stat
from twentystrong.content.model import Deck
from twentystrong.engine.dice import COLOR_OF_LETTER, DIE_IDS

T = TypeVar("T")
Zone = str
"""A dice zone: one of :data:`DICE_ZONES`, or one a ruleset adds (``Ruleset.dice_zones``)."""
Step = str
"""A step of the round: a general one (:mod:`twentystrong.engine.steps`) or one a ruleset adds (its ``steps``)."""
Result = Literal["won", "lost"] | None
DiceMode = Literal["virtual", "physical"]
Deal = Literal["shuffled", "ordered"]
OptionValue = bool | int | str
"""The value of a deck's setup option (a flag, a number, a choice or a card's id)."""
Choices = tuple[tuple[str, OptionValue], ...]
"""A deck's setup options as chosen: name and value pairs, in name order (hashable, the same every time)."""
Changes = dict[str, Any]
"""The fields an event changes and their new values (see :mod:`twentystrong.engine.evolve`)."""

DICE_ZONES: tuple[Zone, ...] = ("pool", "active", "applied", "exhausted", "banished")
"""The general rules' dice zones (rules.md "Dice zones"): every unit die is in exactly one zone, these or one its
ruleset adds."""


@dataclass(frozen=True, slots=True)
class SetupOptions:
    """Everything chosen before the game starts; the whole game follows from these and the commands."""

    deck_id: str
    hero_id: str
    seed: int = 0
    assisted: bool = False
    dice: DiceMode = "virtual"
    deal: Deal = "shuffled"
    choices: Choices = ()
    """The deck's own options (its kit declares them, :mod:`twentystrong.kits.options`): name and value pairs in
    name order; an option not given is at its default."""

    def chosen(self, name: str, default: OptionValue | None = None) -> OptionValue | None:
        """The value of the deck option ``name``, or ``default`` when it was not chosen (its kit's
        :meth:`~twentystrong.kits.options.DeckOption.read` gives its declared default)."""
        for key, value in self.choices:
            if key == name:
                return value
        return default


@dataclass(frozen=True, slots=True)
class DieState:
    """One unit die: where it is, what it shows, and the card it is applied to."""

    id: str
    zone: Zone = "pool"
    face: Face | None = None
    card: str | None = None
    round: int = 0  # the round it was applied in (0 when not applied): a cap per round counts each round's dice

    @property
    def color(self) -> Color:
        """The die's colour (the letter of its id)."""
        return COLOR_OF_LETTER[self.id[0]]


@dataclass(frozen=True, slots=True)
class ActiveCard:
    """A card in the active area: a conflict card or the boss."""

    id: str
    boss: bool = False
    defeated: bool = False
    pile: int | None = None  # the pile it came from, numbered by the ruleset: effects may return it there
    health_override: int | None = None  # set_enemy_health
    cancelled: bool = False  # cancel_enemy_effects: its effects no longer apply
    entourage: bool = False  # activated as part of the endgame entourage


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision that interrupts the current step (an instant reward, an effect's choice, the item limit …)."""

    kind: str
    card: str | None = None  # the card the prompt is about
    source: str | None = None  # the card, item or ability whose effect asks
    effect: int | None = None  # index of that effect on its source
    count: int = 1  # how many choices remain (dice to pick …)
    options: tuple[str, ...] = ()  # the legal answers, when the prompt lists them
    purpose: str = ""  # what the choice is for, in words a player understands


@dataclass(frozen=True, slots=True)
class HeroState:
    """The hero's id and three stat dice (R1: 1..6; Health below 1 ends the game)."""

    id: str
    health: int
    strategy: int
    recovery: int

    def stat(self, name: Stat) -> int:
        """A stat by name."""
        value: int = getattr(self, name)
        return value


@dataclass(frozen=True)
class Table:
    """Base of a ruleset's own frozen state: its card zones and counters (Solar Sentinels: the stacks, the boss
    deck, the missions …). Each ruleset subclasses it; this empty one is the table of a game not yet dealt."""


@dataclass(frozen=True)
class GameState:
    """A whole game at one moment. Frozen: every change is an event (contract 2)."""

    deck: Deck = field(compare=False, repr=False)
    options: SetupOptions
    seq: int = 0  # number of the last event applied
    rng: int = 0  # draws used so far (contract 4)
    round: int = 0
    step: Step = "setup"
    result: Result = None
    result_reason: str = ""
    hero: HeroState = HeroState("", 1, 1, 1)
    dice: tuple[DieState, ...] = tuple(DieState(d) for d in DIE_IDS)
    active: tuple[ActiveCard, ...] = ()
    discard: tuple[str, ...] = ()
    banished_cards: tuple[str, ...] = ()
    inventory: tuple[str, ...] = ()
    endgame: bool = False
    endgame_rounds: int = 0
    pending_activations: int = 0
    activated_this_round: tuple[str, ...] = ()
    phases_used: int = 0  # Strategy phases begun this engagement (R4)
    committed_this_phase: int = 0
    committed_this_engagement: int = 0
    applied_this_step: tuple[str, ...] = ()  # dice applied in the current Apply step
    defeated_this_step: int = 0
    defeated_this_round: tuple[str, ...] = ()
    item_decided: tuple[str, ...] = ()  # item rewards gained or declined this round
    after_done: tuple[str, ...] = ()  # "card#index" of After effects resolved this round
    recovered: tuple[str, ...] = ()  # dice recovered in Resolve step 4 this round, in order
    prompts: tuple[Prompt, ...] = ()
    # Effect bookkeeping (issue 4 hooks): per-round flags and counters, keyed by strings.
    used_this_round: tuple[str, ...] = ()  # "source#index" of once-per-round effects used
    round_flags: tuple[str, ...] = ()  # e.g. "no_recovery", "bonus:blue:1"
    next_round_extra: int = 0  # extra enemies to activate next round
    fewer_next: int = 0  # activate_fewer charges
    double_next_instant: int = 0
    counters: tuple[tuple[str, int], ...] = ()  # mission and statistics counters
    table: Table = Table()  # the ruleset's own state (its zones and counters)

    # --- derived views (pure, no state of their own) ---------------------------------------------------------

    def die(self, die_id: str) -> DieState:
        """The die with this id."""
        return self.dice[DIE_INDEX[die_id]]

    def dice_in(self, zone: Zone) -> tuple[DieState, ...]:
        """Dice in a zone, in id order."""
        return tuple([d for d in self.dice if d.zone == zone])

    def applied_to(self, card_id: str) -> tuple[DieState, ...]:
        """Dice applied to an active card."""
        return tuple([d for d in self.dice_in("applied") if d.card == card_id])

    def active_card(self, card_id: str) -> ActiveCard | None:
        """The active card with this id, if it is in the active area."""
        for card in self.active:
            if card.id == card_id:
                return card
        return None

    def counter(self, name: str) -> int:
        """A named counter (0 when never set)."""
        for key, value in self.counters:
            if key == name:
                return value
        return 0

    @property
    def recovered_this_round(self) -> int:
        """How many dice were recovered in Resolve step 4 this round."""
        return len(self.recovered)

    @property
    def prompt(self) -> Prompt | None:
        """The interrupt the game waits on, if any (the newest first)."""
        return self.prompts[-1] if self.prompts else None

    # --- the per-state memo ----------------------------------------------------------------------------------

    def memo(self, compute: Callable[[GameState], T]) -> T:
        """``compute(self)``, worked out once for this state (the legal commands, the effects in force).

        For pure functions of the state's fields only: a state never changes, so the answer holds while it lives.
        The memo is keyed by the function, kept with this state alone (not a field: equality, ``repr`` and saves
        ignore it) and never passed on to the states made from this one (:meth:`changed`)."""
        memo: dict[Callable[[GameState], Any], Any] | None = self.__dict__.get(_MEMO)
        if memo is None:
            memo = self.__dict__[_MEMO] = {}  # a frozen dataclass: its own __dict__, past __setattr__
        if compute in memo:
            found: T = memo[compute]
            return found
        found = memo[compute] = compute(self)
        return found

    def changed(self, changes: dict[str, Any]) -> GameState:
        """A new state like this one with ``changes`` (field names, checked by the caller) applied, without this
        state's memo: what :func:`twentystrong.engine.evolve.evolve` makes of each event. (Copying the fields is
        several times faster than ``dataclasses.replace``, which runs ``__init__`` over some forty of them.)"""
        values = self.__dict__.copy()
        values.pop(_MEMO, None)
        values.update(changes)
        new = object.__new__(GameState)
        object.__setattr__(new, "__dict__", values)  # a frozen dataclass: its __setattr__ refuses
        return new

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != _MEMO}  # a pickle carries the fields only


DIE_INDEX: dict[str, int] = {d: i for i, d in enumerate(DIE_IDS)}

_MEMO = "_memo"
"""Key in a ``GameState``'s ``__dict__`` of its memo (see :meth:`GameState.memo`)."""


def initial_state(deck: Deck, options: SetupOptions) -> GameState:
    """A game that has not started: apply the events of the ``start`` command to it (contract 2).

    A foreign universal hero (``hero_id = "<deck-id>/<hero-id>"``, see :mod:`twentystrong.content.heroes`) is
    added to the deck played, from the shipped decks, unless ``deck`` already holds it (``heroes.with_hero``). A deck
    whose setup offers the universal heroes itself (Hoplomachus Victorum, HV1) is played with all of them added
    (``heroes.with_universal_heroes``).
    """
    if "/" in options.hero_id or deck.info.ruleset in _OFFERS_UNIVERSAL:
        from twentystrong.content.heroes import CHOSEN_IN_GAME, with_hero, with_universal_heroes

        if deck.info.ruleset in CHOSEN_IN_GAME:
            deck = with_universal_heroes(deck)
        if "/" in options.hero_id:
            deck = with_hero(deck, options.hero_id)
    return GameState(deck=deck, options=options)


_OFFERS_UNIVERSAL = frozenset({"hoplomachus-victorum"})
"""Rulesets whose own setup offers universal heroes (``heroes.CHOSEN_IN_GAME``, repeated here so that a game of
another deck does not import the heroes module; a test holds the two equal)."""


def with_die(state: GameState, die: DieState) -> tuple[DieState, ...]:
    """The dice tuple with one die replaced."""
    dice = list(state.dice)
    dice[DIE_INDEX[die.id]] = die
    return tuple(dice)


def set_counter(counters: tuple[tuple[str, int], ...], name: str, value: int) -> tuple[tuple[str, int], ...]:
    """The counters with one set (it moves to the end)."""
    for i, (key, _) in enumerate(counters):
        if key == name:  # names are unique: the first is the only one
            return (*counters[:i], *counters[i + 1 :], (name, value))
    return (*counters, (name, value))


__all__ = [
    "ActiveCard",
    "DieState",
    "GameState",
    "HeroState",
    "Prompt",
    "SetupOptions",
    "Table",
    "initial_state",
    "replace",
    "set_counter",
    "with_die",
]
