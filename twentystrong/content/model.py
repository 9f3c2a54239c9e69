"""The deck content model: what a deck file may say, validated by pydantic (frozen, unknown keys rejected).

The classes are frozen dataclasses (:mod:`twentystrong.content.base`), validated by pydantic at the edge. Which
tables a deck file may hold, and which model reads each, the deck kits say (:mod:`twentystrong.content.sections`).

A deck is a folder of TOML files (see README "Writing a deck"): ``deck.toml`` holds the deck's identity and
``[[hero]]``, ``[[card]]`` and ``[[boss]]`` tables may sit in any of its files, with the tables its ruleset's kit
adds (its models and their lookups live in the kit: ``kits/<deck>/content.py``). A kit may also extend a general
table (a kind of conflict card, a hero with another side) with a subclass of its model.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cached_property
from typing import Any, Generic, Literal, Protocol, TypeVar

from twentystrong.content.base import ID_PATTERN, Content, content, field
from twentystrong.content.effects import Color, Effect
from twentystrong.content.translations import Translated, translated

_P = TypeVar("_P")


@translated
@content
class Reward(Translated):
    """What defeating a conflict card earns: an instant reward, or the card itself as an item."""

    kind: Literal["instant", "single_use", "ongoing"]
    """instant: gained (optionally) on defeat; single_use / ongoing: the card is gained as an item at Resolve."""
    effects: list[Effect] = field(min_length=1)
    """What the reward does (for items: what using or holding it does)."""
    text: str | None = field(default=None, max_length=300)
    """Optional wording that replaces the generated plain-words text."""


@translated
@content
class Hero(Translated):
    """A hero: starting stats and a unique ability."""

    id: str = field(pattern=ID_PATTERN)
    """Stable identifier, unique in the deck."""
    name: str = field(min_length=1, max_length=40)
    """The name shown to the player."""
    health: int = field(ge=1, le=6)
    """Starting Health."""
    strategy: int = field(ge=1, le=6)
    """Starting Strategy: item limit and Strategy phases per engagement."""
    recovery: int = field(ge=1, le=6)
    """Starting Recovery: dice recovered per round."""
    ability: list[Effect] = field(default_factory=list)
    """The hero's unique ability, in the same vocabulary as items."""
    ability_text: str | None = field(default=None, max_length=300)
    """Optional wording that replaces the generated ability text."""
    universal: bool = False
    """A universal hero can be played with any deck whose ruleset accepts it."""
    card: str | None = field(default=None, max_length=48)
    """The physical card the hero is printed on (two heroes share a double-sided card)."""
    side: Literal["a", "b"] | None = None
    """Which side of that card."""
    flavour: str = field(default="", max_length=400)
    """Flavour text."""


@translated
@content
class ConflictCard(Translated):
    """A conflict card: an enemy or obstacle in the stacks."""

    GENDERED = True

    id: str = field(pattern=ID_PATTERN)
    """Stable identifier, unique in the deck."""
    name: str = field(min_length=1, max_length=40)
    """The name shown to the player."""
    level: int = field(ge=1, le=3)
    """The card's level (Solar Sentinels uses 1 and 2)."""
    health: int = field(ge=1, le=12)
    """Damage needed to defeat it."""
    damage: int = field(ge=0, le=6)
    """Health the hero loses at Resolve while it is undefeated."""
    additional: int = field(default=0, ge=0, le=3)
    """+N: how many more enemies are activated after it."""
    mandatory: bool = False
    """A mandatory enemy must be chosen when it tops a stack."""  # R3
    effects: list[Effect] = field(default_factory=list)
    """Its effects, each with its timing (during, after, special)."""
    reward: Reward | None = None
    """What defeating it earns."""
    flavour: str = field(default="", max_length=400)
    """Flavour text."""


@translated
@content
class Boss(Translated):
    """A boss: the endgame enemy."""

    GENDERED = True

    id: str = field(pattern=ID_PATTERN)
    """Stable identifier, unique in the deck."""
    name: str = field(min_length=1, max_length=40)
    """The name shown to the player."""
    health: int = field(ge=1, le=20)
    """Damage needed to defeat it."""
    damage: int = field(ge=0, le=6)
    """Health the hero loses at Resolve while it is undefeated."""
    entourage: int = field(default=0, ge=0, le=4)
    """+N: enemies activated with it at the start of the endgame."""
    rules: list[Effect] = field(default_factory=list)
    """Rules that change how the fight is played (and, with win_condition, how it is won)."""
    flavour: str = field(default="", max_length=400)
    """Flavour text."""


@translated
@content
class DeckInfo(Translated):
    """The deck's identity (``deck.toml``): its title and description may be translated (``[deck.de]``)."""

    id: str = field(pattern=ID_PATTERN)
    """Stable identifier of the deck, used by saves and the command line."""
    title: str = field(min_length=1, max_length=60)
    """The deck's title."""
    ruleset: str = field(pattern=ID_PATTERN)
    """Which deck rules it follows: the id of an installed ruleset."""
    version: str = field(default="1", max_length=20)
    """The deck's own version."""
    description: str = field(default="", max_length=1000)
    """A short description for the setup screen."""


@content
class Deck(Content):
    """A complete deck: identity, heroes, conflict cards, bosses, and the tables its ruleset's kit adds."""

    info: DeckInfo
    """The deck's identity."""
    heroes: list[Hero] = field(default_factory=list)
    """Its heroes (a kit may extend the hero table: then they are of its kind of hero)."""
    cards: list[ConflictCard] = field(default_factory=list)
    """Its conflict cards, in file order (``deal = "ordered"`` uses this order)."""
    bosses: list[Boss] = field(default_factory=list)
    """Its bosses, in file order."""
    parts: dict[str, list[Any]] = field(default_factory=dict)
    """The items of the tables its ruleset's kit adds (:class:`~twentystrong.content.sections.Section`), by the name
    each table fills (its ``into``), in file order: the kit's own lookups read them (:meth:`part`, :meth:`index`).

    An item of a kit's table that may be active or held as a card says so with an ``as_card()`` method (the card it
    is: :attr:`card_ids` holds it); an item, or a hero, that is fought as a boss with an ``as_boss()`` method (the
    boss, or None: :meth:`boss` finds it)."""
    content_hash: str = ""
    """SHA-256 of the deck's files (set by the loader; saves record it)."""

    @property
    def id(self) -> str:
        """The deck's id."""
        return self.info.id

    def card(self, card_id: str) -> ConflictCard:
        """The conflict card with this id (``KeyError`` if there is none)."""
        return self.card_ids[card_id]

    @cached_property
    def card_ids(self) -> dict[str, ConflictCard]:
        """Conflict cards by id, and the items of the kit's tables held as cards (``as_card()``, first): every card
        that may be active or held (``in`` tells a conflict card from a boss; should an id repeat, the last
        wins)."""
        cards = {found.id: found for found in _each(self._pieces(), "as_card")}
        cards.update((card.id, card) for card in self.cards)
        return cards

    def boss(self, boss_id: str) -> Boss:
        """The boss with this id (``KeyError`` if there is none, like :meth:`card`): a boss of the deck, or a hero's
        other side or an item of the kit's tables as the boss it is in its fight (``as_boss()``)."""
        return self._bosses[boss_id]

    def is_boss(self, card_id: str) -> bool:
        """Whether the id names a boss (the sides and items fought as bosses too)."""
        return card_id in self._bosses

    def hero(self, hero_id: str) -> Hero:
        """The hero with this id (``KeyError`` if there is none)."""
        return self._heroes[hero_id]

    def part(self, name: str) -> list[Any]:
        """The items of the kit's table that fills ``name`` (none if the deck has none)."""
        return self.parts.get(name, [])

    def index(self, name: str) -> dict[str, Any]:
        """The items of :meth:`part` ``name`` by id (should an id repeat, the first wins)."""
        return self.kept(f"index {name}", lambda deck: first_by_id(deck.part(name)))

    def kept(self, key: str, make: Callable[[Deck], _T]) -> _T:
        """What ``make`` works out from this deck, made when first asked under ``key`` and kept with the deck (a
        kit's own indexes): the deck never changes, and a copy (``model_copy``) makes its own."""
        slot = f"{_KEPT}{key}"
        found: _T | None = self.__dict__.get(slot)
        if found is None:
            found = make(self)
            self.__dict__[slot] = found
        return found

    # Indexes by id, made when first asked and kept with the deck (which never changes; ``model_copy`` makes
    # another deck with its own). They are no fields: equality, hashing, copies and pickles read the fields only.
    # Should an id repeat (a deck built without validation), the first item with it wins, as a search from the
    # start would.

    def _pieces(self) -> Iterator[Any]:
        """The heroes, then the items of the kit's tables."""
        yield from self.heroes
        for items in self.parts.values():
            yield from items

    @cached_property
    def _bosses(self) -> dict[str, Boss]:
        return {**first_by_id(list(_each(self._pieces(), "as_boss"))), **first_by_id(self.bosses)}

    @cached_property
    def _heroes(self) -> dict[str, Hero]:
        return first_by_id(self.heroes)


class Part(Generic[_P]):
    """One of a kit's tables as a deck holds it (a part of :attr:`Deck.parts`), with the kit's lookups of its items:
    ``MISSIONS: Part[Mission] = Part("missions")``, then ``MISSIONS.of(deck)``, ``MISSIONS.by_id(deck, "m-1")``."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name
        """The name of the deck's part (the ``into`` of the kit's table)."""

    def of(self, deck: Deck) -> list[_P]:
        """Its items in the deck, in file order."""
        found: list[_P] = deck.part(self.name)
        return found

    def by_id(self, deck: Deck, item_id: str) -> _P:
        """Its item with this id (``KeyError`` if there is none)."""
        found: _P = deck.index(self.name)[item_id]
        return found

    def holds(self, deck: Deck, item_id: str) -> bool:
        """Whether the id names one of its items."""
        return item_id in deck.index(self.name)

    def name_of(self, deck: Deck, item_id: str) -> str | None:
        """The name of its item with this id (in the language spoken now), or None if there is none: a kit's
        ``Words.name``, the names of its own pieces."""
        found = deck.index(self.name).get(item_id)
        if found is None:
            return None
        name: str = found.name
        return name


_KEPT = "_kept "
"""The start of the key, in a deck's ``__dict__``, of what :meth:`Deck.kept` keeps."""


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


_Named = TypeVar("_Named", bound=_Identified)
_T = TypeVar("_T")


def _each(items: Iterable[Any], method: str) -> Iterator[Any]:
    """What ``method`` gives for each item that has it (and gives something)."""
    for item in items:
        found = getattr(item, method, None)
        made = found() if found is not None else None
        if made is not None:
            yield made


def first_by_id(items: Sequence[_Named]) -> dict[str, _Named]:
    """Items by id (should an id repeat, the first wins): what a deck's lookups, and a kit's own, index."""
    return {item.id: item for item in reversed(items)}


__all__ = ["Boss", "Color", "ConflictCard", "Deck", "DeckInfo", "Hero", "Part", "Reward", "first_by_id"]
