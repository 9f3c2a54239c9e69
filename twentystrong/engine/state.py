"""The frozen game state. Only :func:`twentystrong.engine.evolve.evolve` builds new states from old ones."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from functools import cache
from typing import Any, Literal, TypeVar

from twentystrong.content.effects import Color, Face, Stat
from twentystrong.content.model import Deck
from twentystrong.engine.dice import COLOR_OF_LETTER, DIE_IDS

T = TypeVar("T")
Zone = Literal["pool", "active", "applied", "exhausted", "banished"]
Result = Literal["won", "lost"] | None
DiceMode = Literal["virtual", "physical"]
Deal = Literal["shuffled", "ordered"]

Step = Literal[
    "setup",  # not started: the only legal command is "start"
    "mission_discard",  # setup: discard one dealt mission
    "rank_penalty",  # setup: for each rank above 1, banish one die or exhaust three
    "round_start",  # before Activation: the endgame may / must start
    "activate",  # choose a stack top to activate (pending_activations left)
    "commit",  # Strategy: commit dice, then roll
    "faces",  # physical dice: enter the rolled faces
    "apply",  # Strategy: apply rolled hits, then repeat or resolve
    "suffer",  # Resolve 1
    "after",  # Resolve 2: After effects, player orders them (R7)
    "exhaust",  # Resolve 3
    "recover",  # Resolve 4: choose up to Recovery dice
    "gain_items",  # Resolve 5
    "cleanup",  # Resolve 6
    "stack_discard",  # Solar Sentinels: discard the top card of one stack
    "over",  # won or lost
]


@dataclass(frozen=True, slots=True)
class SetupOptions:
    """Everything chosen before the game starts; the whole game follows from these and the commands."""

    deck_id: str
    hero_id: str
    seed: int = 0
    assisted: bool = False
    dice: DiceMode = "virtual"
    deal: Deal = "shuffled"
    missions: bool = False
    rank: int = 1


class _DieColor:
    """The slot of :attr:`DieState.color`: a plain attribute, not a dataclass field (see :class:`DieState`)."""

    __slots__ = ("color",)
    color: Color


@dataclass(frozen=True, slots=True)
class DieState(_DieColor):
    """One unit die: where it is, what it shows, and the card it is applied to.

    ``color`` (the die's colour, from the letter of its id) is stored once when the value is made rather than
    derived on each read: it is asked about a thousand times a game, and a stored slot is read without a Python
    call. It is not a field: equality, hashing, ``repr`` and :func:`dataclasses.fields` see the four fields only,
    and every way a value is made (``__init__``, :func:`dataclasses.replace`, copy and pickle through
    ``__reduce__``) sets it from the id.
    """

    id: str
    zone: Zone = "pool"
    face: Face | None = None
    card: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "color", COLOR_OF_LETTER[self.id[0]])  # frozen: its __setattr__ refuses

    def __reduce__(self) -> tuple[type[DieState], tuple[str, Zone, Face | None, str | None]]:
        # Copies and pickles go through __init__, so they get their colour too (the slotted dataclass's own
        # __getstate__/__setstate__ would carry the fields only).
        return DieState, (self.id, self.zone, self.face, self.card)


@dataclass(frozen=True, slots=True)
class ActiveCard:
    """A card in the active area: a conflict card or the boss."""

    id: str
    boss: bool = False
    defeated: bool = False
    stack: int | None = None  # the stack it came from (effects may return it there)
    health_override: int | None = None  # set_enemy_health
    cancelled: bool = False  # cancel_enemy_effects: its effects no longer apply
    entourage: bool = False  # activated as part of the endgame entourage


@dataclass(frozen=True, slots=True)
class MissionState:
    """One dealt mission and its progress."""

    id: str
    status: Literal["pending", "done", "forfeited", "discarded"] = "pending"
    progress: int = 0


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
    stacks: tuple[tuple[str, ...], ...] = ()  # each stack top first
    active: tuple[ActiveCard, ...] = ()
    discard: tuple[str, ...] = ()
    banished_cards: tuple[str, ...] = ()
    inventory: tuple[str, ...] = ()
    boss_deck: tuple[str, ...] = ()  # top first, face down
    boss_discard: tuple[str, ...] = ()
    revealed_boss: str | None = None
    missions: tuple[MissionState, ...] = ()
    chip: int = 0
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
    rank_penalties_left: int = 0
    # Effect bookkeeping (issue 4 hooks): per-round flags and counters, keyed by strings.
    used_this_round: tuple[str, ...] = ()  # "source#index" of once-per-round effects used
    round_flags: tuple[str, ...] = ()  # e.g. "no_recovery", "bonus:blue:1"
    next_round_extra: int = 0  # extra enemies to activate next round
    fewer_next: int = 0  # activate_fewer charges
    double_next_instant: int = 0
    counters: tuple[tuple[str, int], ...] = ()  # mission and statistics counters

    # --- derived views (pure, no state of their own) ---------------------------------------------------------

    def die(self, die_id: str) -> DieState:
        """The die with this id."""
        return self.dice[DIE_INDEX[die_id]]

    def dice_in(self, zone: Zone) -> tuple[DieState, ...]:
        """Dice in a zone, in id order."""
        zones: dict[str, tuple[DieState, ...]] | None = self.__dict__.get(ZONES)
        if zones is None:
            zones = self.__dict__[ZONES] = {}
        found = zones.get(zone)
        if found is None:  # worked out when first asked (a plain dict and get: no __missing__ call into Python)
            found = zones[zone] = tuple([d for d in self.dice if d.zone == zone])
        return found

    def applied_to(self, card_id: str) -> tuple[DieState, ...]:
        """Dice applied to an active card."""
        return tuple([d for d in self.dice_in("applied") if d.card == card_id])

    def active_card(self, card_id: str) -> ActiveCard | None:
        """The active card with this id, if it is in the active area."""
        for card in self.active:
            if card.id == card_id:
                return card
        return None

    def under_top(self, stack: int) -> str | None:
        """The card under the top of a stack (1-based): the one that turns up when the top leaves (R12: hidden
        until then), or None."""
        cards = self.stacks[stack - 1]
        return cards[1] if len(cards) > 1 else None

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

    @property
    def current_mission(self) -> MissionState | None:
        """The leftmost unfinished mission: the only one that counts progress."""
        for mission in self.missions:
            if mission.status == "pending":
                return mission
        return None

    @property
    def phase(self) -> str:
        """The phase of the round, for the step bar and the headless protocol."""
        return PHASE_OF_STEP[self.step]


DIE_INDEX: dict[str, int] = {d: i for i, d in enumerate(DIE_IDS)}

PHASE_OF_STEP: dict[str, str] = {
    "setup": "setup",
    "mission_discard": "setup",
    "rank_penalty": "setup",
    "round_start": "activation",
    "activate": "activation",
    "commit": "strategy",
    "faces": "strategy",
    "apply": "strategy",
    "suffer": "resolve",
    "after": "resolve",
    "exhaust": "resolve",
    "recover": "resolve",
    "gain_items": "resolve",
    "cleanup": "resolve",
    "stack_discard": "resolve",
    "over": "over",
}


_FIELD_NAMES: dict[type, frozenset[str]] = {}


def field_names(cls: type) -> frozenset[str]:
    """The field names of a dataclass (``GameState``'s, most often), worked out once per class."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = frozenset(f.name for f in fields(cls))
    return names


def fast_replace(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` for the engine's hot path.

    ``GameState`` has many fields and changes on every event; copying its ``__dict__`` is several times faster
    than re-running ``__init__``. Slotted dataclasses fall back to ``dataclasses.replace``.
    """
    if getattr(obj, "__dict__", None) is None:
        return replace(obj, **changes)  # type: ignore[type-var]
    names = field_names(type(obj))
    if not changes.keys() <= names:
        raise TypeError(f"{type(obj).__name__} has no field(s) {sorted(set(changes) - names)}")
    return with_changes(obj, changes)


def with_changes(obj: T, changes: dict[str, Any]) -> T:
    """A new object like ``obj`` (a ``GameState``) with ``changes`` (field names, not checked) applied; what ``obj``
    kept about itself goes with it only while it still holds (see :func:`_drop_stale`)."""
    new = object.__new__(type(obj))
    object.__setattr__(new, "__dict__", obj.__dict__.copy())  # a frozen dataclass: its __setattr__ refuses
    _drop_stale(new, changes)  # type: ignore[arg-type]
    return new


def _drop_stale(s: GameState, changes: dict[str, Any]) -> None:
    """Apply ``changes`` to ``s`` itself: only for the copy :func:`with_changes` just made.

    What the state kept about itself is dropped when ``changes`` may make it wrong: every answer worked out from
    the state itself (:data:`DERIVED`); the carried answer if a field it depends on changes (:data:`CARRIED`); the
    dice by zone if the dice change (:data:`ZONES`). A field "changes" unless its new value is the very object it
    holds (e.g. the round flags reset to ``()`` when already empty).

    Dropped means set to None, not deleted: the keys stay, so the states of a game keep one ``__dict__`` layout.
    (A deleted key leaves a hole in the dict's table until it is rebuilt; with a hole or two more per event, the
    ``dict.copy`` that makes each new state had to rebuild the table instead of copying it as it is.)
    """
    d = s.__dict__
    d[DERIVED] = None
    kept = d.get(CARRIED)
    if kept is not None and not kept.deps.isdisjoint(changes):
        for name in kept.deps.intersection(changes):
            if changes[name] is not d[name]:
                d[CARRIED] = None
                break
    if "dice" in changes and changes["dice"] is not d["dice"]:
        d[ZONES] = None
    d.update(changes)


ZONES = "_zones"
"""Key in a ``GameState``'s ``__dict__`` of its dice by zone: a plain dict of zone to the dice in it, in id order,
each zone worked out when first asked (see ``GameState.dice_in``); later states inherit it until the dice change
(see :data:`CARRIED`). None (or no key) when not worked out yet, as for the two keys below."""

CARRIED = "_carried"
"""Key in a ``GameState``'s ``__dict__`` of an answer that new states inherit until one of the fields it was
computed from changes: an object whose ``deps`` is the frozenset of those field names (the effects in force, see
:mod:`twentystrong.engine.effects.hooks`). Most events move a die or change the step, and the effects in force
survive them."""


DERIVED = "_derived"
"""Key in a ``GameState``'s ``__dict__`` of the answers worked out from it (see :func:`derived`)."""


def derived(s: GameState) -> dict[Any, Any]:
    """A scratch dict of answers computed from this state alone (legal commands, damage taken …).

    States are frozen, so such answers hold as long as the state lives and die with it; :func:`fast_replace`
    never copies them to a new state. It is not a dataclass field: equality, ``repr`` and saves ignore it. Only
    the thread that plays asks a state these questions (the TUI's odds worker gets a frozen question built on the
    UI thread); each entry is set by one dict assignment, so two threads would at worst compute an answer twice.
    """
    d: dict[Any, Any] | None = s.__dict__.get(DERIVED)
    if d is None:
        d = s.__dict__[DERIVED] = {}
    return d


def initial_state(deck: Deck, options: SetupOptions) -> GameState:
    """A game that has not started: apply the events of the ``start`` command to it (contract 2).

    A foreign universal hero (``hero_id = "<deck-id>/<hero-id>"``, see :mod:`twentystrong.content.heroes`) is
    added to the deck played, from the shipped decks, unless ``deck`` already holds it (``heroes.with_hero``).
    """
    if "/" in options.hero_id:
        from twentystrong.content.heroes import with_hero

        deck = with_hero(deck, options.hero_id)
    return GameState(deck=deck, options=options)


die_state: Callable[[str, Zone, Face | None, str | None], DieState] = cache(DieState)
"""``DieState(id, zone, face, card)``, each value made once: dice are frozen values, so one object serves every
state that has it (a die moves on almost every event, and a dict lookup is cheaper than building a frozen
dataclass). The values are bounded by the deck: 17 dice, their zones and faces, and the cards a die is applied to."""


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


def add_to_counter(
    counters: tuple[tuple[str, int], ...], name: str, amount: int
) -> tuple[int, tuple[tuple[str, int], ...]]:
    """A counter's value (0 when never set) plus ``amount``, and the counters with it set to that
    (:func:`set_counter` after ``GameState.counter``, in one pass).

    Names are unique, so the search may start from the end: a counter set moves there, and the counters a game
    counts often (rolls, activations …) are found in a step or two."""
    i = len(counters)
    while i:
        i -= 1
        key, value = counters[i]
        if key == name:
            value += amount
            return value, (*counters[:i], *counters[i + 1 :], (name, value))
    return amount, (*counters, (name, amount))


__all__ = [
    "ActiveCard",
    "DieState",
    "fast_replace",
    "GameState",
    "HeroState",
    "MissionState",
    "Prompt",
    "SetupOptions",
    "initial_state",
    "replace",
    "set_counter",
    "with_die",
    "derived",
]
