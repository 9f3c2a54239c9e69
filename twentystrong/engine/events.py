"""Events: frozen, numbered, serialisable facts. Random outcomes are written into them (contract 4).

Every event class is registered by its ``type`` name; :func:`to_dict` / :func:`from_dict` give the JSON/TOML form
used by saves and the headless protocol.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, dataclass, fields
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple, TypeVar, dataclass_transform

from twentystrong.engine.state import Prompt, Step

EVENT_TYPES: dict[str, type[Event]] = {}

_E = TypeVar("_E", bound="Event")

if TYPE_CHECKING:
    _Values = itemgetter[Any]
else:
    _Values = itemgetter  # not subscriptable at run time (typing.get_type_hints evaluates the annotations)


@dataclass_transform(kw_only_default=True, frozen_default=True, eq_default=False)
def event_type(type_name: str = "") -> Callable[[type[_E]], type[_E]]:
    """Declare an event class: a frozen dataclass with keyword-only fields, registered under ``type_name`` (the
    general rules' events here; a ruleset declares its own the same way).

    Type checkers see a ``@dataclass(frozen=True, kw_only=True)``. At run time the class is a dataclass
    (``dataclasses.fields`` lists its fields) without the generated ``__init__``, ``__setattr__`` and
    ``__delattr__``: :class:`Event` has one of each for every event class. Generating them for some thirty classes
    was a noticeable part of the TUI's start-up, and :meth:`Event.__init__` fills an instance in fewer steps than a
    frozen dataclass's (one ``object.__setattr__`` per field); the engine makes ~700 events a game.
    """

    def wrap(cls: type[_E]) -> type[_E]:
        dataclass(cls, init=False, repr=False, eq=False, kw_only=True)
        names = cls._FIELDS = tuple(f.name for f in fields(cls))
        cls._NAMES = frozenset(names)
        cls.DEFAULTS = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
        cls._VALUES = itemgetter(*names)
        if type_name:
            cls.TYPE = type_name
            EVENT_TYPES[type_name] = cls
        return cls

    return wrap


@event_type()
class Event:
    """Base of every event. ``seq`` numbers events from 1 without gaps.

    Events are frozen and compare, hash and print like dataclasses: same class and the same field values, in
    field order.
    """

    TYPE: ClassVar[str] = ""
    _FIELDS: ClassVar[tuple[str, ...]]
    _NAMES: ClassVar[frozenset[str]]
    DEFAULTS: ClassVar[dict[str, Any]]
    """The fields that have a default, with it (saves leave a field at its default out)."""
    _VALUES: ClassVar[_Values]
    READ: ClassVar[dict[str, Callable[[Any], Any]]] = {}
    """Per field, how :func:`from_dict` reads a saved value (an older save's form into today's), if it needs to."""
    seq: int = 0

    def __init__(self, **values: Any) -> None:
        _fill(self, values)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return bool(self._VALUES(self.__dict__) == self._VALUES(other.__dict__))

    def __hash__(self) -> int:
        return hash(self._VALUES(self.__dict__))

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={self.__dict__[name]!r}" for name in self._FIELDS)
        return f"{type(self).__qualname__}({values})"

    def reveal(self) -> Reveal | None:
        """What this event revealed that a player could not know before (rules.md R12, R13): a random outcome the
        engine drew, or a hidden card turned up; None for most events. Standard undo never crosses an event that
        reveals (contract 5), and this is the one place that says which do."""
        return None


class Reveal(NamedTuple):
    """Hidden information an event revealed (see :meth:`Event.reveal`)."""

    what: Literal["deal", "roll", "card", "boss", "shuffle"]
    """``deal``: the game was dealt; ``roll``: dice the engine rolled; ``card``: a card turned up on a stack's top;
    ``boss``: a boss turned up from the face-down boss deck; ``shuffle``: cards shuffled and drawn at random."""
    cards: tuple[str, ...] = ()
    """The cards it turned up (none for a roll)."""


def make(cls: type[_E], values: dict[str, Any]) -> _E:
    """``cls(**values)`` in fewer steps, for :meth:`twentystrong.engine.tx.Tx.emit` (which makes most events)."""
    event: _E = object.__new__(cls)
    _fill(event, values)
    return event


def _fill(event: Event, values: dict[str, Any]) -> None:
    """Set a new event's fields: ``values`` over its class's defaults. As a dataclass's ``__init__`` would, refuse
    a missing or an unknown field."""
    cls = type(event)
    d = event.__dict__  # filled in place: Event.__setattr__ refuses
    d.update(cls.DEFAULTS)
    d.update(values)
    if d.keys() != cls._NAMES:
        raise TypeError(field_error(cls, values))


def field_error(cls: type[Event], values: dict[str, Any]) -> str:
    """Why ``values`` cannot fill an event of ``cls``: the fields it misses, else those it has no such field of."""
    missing = sorted(cls._NAMES - cls.DEFAULTS.keys() - values.keys())
    if missing:
        return f"{cls.__name__} is missing field(s) {', '.join(map(repr, missing))}"
    unknown = sorted(values.keys() - cls._NAMES)
    return f"{cls.__name__} has no field(s) {', '.join(map(repr, unknown))}"


# --- steps and rounds --------------------------------------------------------------------------------------------


@event_type("step_changed")
class StepChanged(Event):
    """The game moved to another step of the round."""

    step: Step


@event_type("round_started")
class RoundStarted(Event):
    """A new round begins: per-round bookkeeping resets."""

    round: int
    activations: int  # enemies to activate this round (1, plus any extra)


# --- dice ---------------------------------------------------------------------------------------------------------


@event_type("die_moved")
class DieMoved(Event):
    """A die changed zone: commit, apply, exhaust, recover, return or banish (``reason`` says which)."""

    die: str
    zone: str
    card: str | None = None
    reason: str = ""
    keep_face: bool = False


@event_type("dice_rolled")
class DiceRolled(Event):
    """Dice were rolled; ``faces`` are the outcomes. ``draws`` counts the random draws used."""

    faces: tuple[tuple[str, str], ...]
    draws: int
    phase_started: bool = True  # a Strategy-phase roll (False: an effect's reroll or test)

    def reveal(self) -> Reveal | None:
        # Physical dice (companion mode) are rolled on the table and typed in: the engine drew nothing, so a
        # mistyped face can be undone.
        return Reveal("roll") if self.draws > 0 else None


@event_type("roll_tested")
class RollTested(Event):
    """An effect rolled test dice (no unit die moves): the faces (virtual dice) or the hits entered (physical)."""

    source: str  # the card, boss or item whose roll_test it is
    color: str
    faces: tuple[str, ...]  # empty when the player entered only the number of hits (physical dice)
    hits: int  # hits and crits shown
    need: int
    passed: bool
    draws: int = 0

    def reveal(self) -> Reveal | None:
        return Reveal("roll") if self.draws > 0 else None


@event_type("face_set")
class FaceSet(Event):
    """A die's face was set without rolling (physical dice entered, or an item changed it)."""

    die: str
    face: str | None
    reason: str = ""


@event_type("strategy_phase_started")
class StrategyPhaseStarted(Event):
    """A Strategy phase begins (R4 counts them)."""

    number: int


@event_type("apply_step_started")
class ApplyStepStarted(Event):
    """The Apply step of a Strategy phase begins."""


# --- cards --------------------------------------------------------------------------------------------------------


@event_type("card_activated")
class CardActivated(Event):
    """A card moved to the active area: from one of the ruleset's piles (``stack``, 1-based: a stack), or as the boss
    or its entourage."""

    card: str
    stack: int | None = None
    boss: bool = False
    entourage: bool = False
    additional: int = 0  # +N it adds to the activations still to make
    revealed: str | None = None  # the card this turned up on its stack's top (R12: it was hidden until now)

    def reveal(self) -> Reveal | None:
        return Reveal("card", (self.revealed,)) if self.revealed is not None else None


@event_type("card_defeated")
class CardDefeated(Event):
    """An active card was defeated (R5: sticky)."""

    card: str
    reason: str = ""


@event_type("card_left")
class CardLeft(Event):
    """A card left the active area: to the discard, a stack, the inventory, banished … (R2 exhausts its dice)."""

    card: str
    to: str  # "discard", "inventory", "banished", "fled", or one of the ruleset's zones ("stack", "boss_discard" …)
    stack: int | None = None  # the ruleset's pile it goes to, if it goes to one


@event_type("card_changed")
class CardChanged(Event):
    """An active card's Health was overridden or its effects cancelled."""

    card: str
    health_override: int | None = None
    cancelled: bool | None = None


# --- rewards, items, stats ----------------------------------------------------------------------------------------


@event_type("reward_decided")
class RewardDecided(Event):
    """The player took or declined an instant reward, or gained or declined an item reward."""

    card: str
    kind: str  # "instant" or "item"
    taken: bool


@event_type("item_used")
class ItemUsed(Event):
    """An item (or the hero's ability) was used; a single-use item then goes to the discard pile."""

    item: str
    effect: int
    single_use: bool


@event_type("item_discarded")
class ItemDiscarded(Event):
    """An item left the inventory for the discard pile."""

    item: str


@event_type("stat_changed")
class StatChanged(Event):
    """A stat die changed (R1 clamps: the event holds the value after clamping)."""

    stat: str
    value: int
    reason: str = ""


@event_type("prompt_pushed")
class PromptPushed(Event):
    """A decision now interrupts play."""

    prompt: Prompt


@event_type("prompt_updated")
class PromptUpdated(Event):
    """The current prompt changed (one of several choices made)."""

    prompt: Prompt


@event_type("prompt_done")
class PromptDone(Event):
    """The current prompt is answered."""


@event_type("after_resolved")
class AfterResolved(Event):
    """An After effect resolved (R7)."""

    card: str
    effect: int


@event_type("mark")
class Marked(Event):
    """Effect bookkeeping: a once-per-round use, a round flag, a counter, a charge."""

    used: str | None = None
    flag: str | None = None
    counter: str | None = None
    value: int = 0
    field: str | None = None  # a GameState int field to set (next_round_extra, fewer_next, …)


@event_type("game_over")
class GameOver(Event):
    """The game ended."""

    result: str
    reason: str


def to_dict(event: Event) -> dict[str, Any]:
    """The plain form of an event (JSON and TOML friendly)."""
    out: dict[str, Any] = {"type": event.TYPE}
    for f in fields(event):
        out[f.name] = _plain(getattr(event, f.name))
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Prompt):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value) if getattr(value, f.name) is not None}
    return value


def from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event from :func:`to_dict` output; raises ``ValueError`` with a readable message."""
    type_name = data.get("type")
    cls = EVENT_TYPES.get(str(type_name))
    if cls is None:  # a ruleset's events are registered when its rules are first loaded: load every installed one
        from twentystrong.kits import load_rules

        load_rules()
        cls = EVENT_TYPES.get(str(type_name))
    if cls is None:
        raise ValueError(f"unknown event type {type_name!r}")
    kwargs: dict[str, Any] = {}
    names = {f.name for f in fields(cls)}
    for key, value in data.items():
        if key == "type":
            continue
        if key not in names:
            raise ValueError(f"event {type_name}: unknown field {key!r}")
        if key == "prompt":
            prompt_fields = dict(value)
            prompt_fields["options"] = tuple(prompt_fields.get("options", ()))
            kwargs[key] = Prompt(**prompt_fields)
        else:
            kwargs[key] = _tuples(value)
        if key in cls.READ:
            kwargs[key] = cls.READ[key](kwargs[key])
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ValueError(f"event {type_name}: {exc}") from None


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value
