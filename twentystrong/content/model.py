"""The deck content model: what a deck file may say, validated by pydantic (frozen, unknown keys rejected).

The classes are plain (:class:`~twentystrong.content.plain.Frozen`); :mod:`twentystrong.content.validation`
builds the pydantic models that validate them.

A deck is a folder of TOML files (see README "Writing a deck"): ``deck.toml`` holds the deck's identity and
``[[hero]]``, ``[[card]]``, ``[[boss]]`` and ``[[mission]]`` tables may sit in any of its files.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeVar

from twentystrong.content.effects import Color, Effect
from twentystrong.content.plain import Field, Frozen, item_check

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]{0,47}$")]
"""A stable identifier: lower-case letters, digits and dashes, at most 48 characters."""

Ruleset = Literal["solar-sentinels", "hoplomachus-victorum"]


class Reward(Frozen):
    """What defeating a conflict card earns: an instant reward, or the card itself as an item."""

    kind: Literal["instant", "single_use", "ongoing"]
    """instant: gained (optionally) on defeat; single_use / ongoing: the card is gained as an item at Resolve."""
    effects: list[Effect] = Field(min_length=1)
    """What the reward does (for items: what using or holding it does)."""
    text: str | None = Field(default=None, max_length=300)
    """Optional wording that replaces the generated plain-words text."""


class Hero(Frozen):
    """A hero: starting stats and a unique ability."""

    id: Id
    """Stable identifier, unique in the deck."""
    name: str = Field(min_length=1, max_length=40)
    """The name shown to the player."""
    health: int = Field(ge=1, le=6)
    """Starting Health."""
    strategy: int = Field(ge=1, le=6)
    """Starting Strategy: item limit and Strategy phases per engagement."""
    recovery: int = Field(ge=1, le=6)
    """Starting Recovery: dice recovered per round."""
    ability: list[Effect] = Field(default_factory=list)
    """The hero's unique ability, in the same vocabulary as items."""
    ability_text: str | None = Field(default=None, max_length=300)
    """Optional wording that replaces the generated ability text."""
    universal: bool = False
    """A universal hero can be played with any deck whose ruleset accepts it."""
    card: str | None = Field(default=None, max_length=48)
    """The physical card the hero is printed on (two heroes share a double-sided card)."""
    side: Literal["a", "b"] | None = None
    """Which side of that card."""
    flavour: str = Field(default="", max_length=400)
    """Flavour text."""


class ConflictCard(Frozen):
    """A conflict card: an enemy or obstacle in the stacks."""

    id: Id
    """Stable identifier, unique in the deck."""
    name: str = Field(min_length=1, max_length=40)
    """The name shown to the player."""
    level: int = Field(ge=1, le=3)
    """The card's level (Solar Sentinels uses 1 and 2)."""
    health: int = Field(ge=1, le=12)
    """Damage needed to defeat it."""
    damage: int = Field(ge=0, le=6)
    """Health the hero loses at Resolve while it is undefeated."""
    additional: int = Field(default=0, ge=0, le=3)
    """+N: how many more enemies are activated after it."""
    mandatory: bool = False
    """A mandatory enemy must be chosen when it tops a stack (R3)."""
    effects: list[Effect] = Field(default_factory=list)
    """Its effects, each with its timing (during, after, special)."""
    reward: Reward | None = None
    """What defeating it earns."""
    flavour: str = Field(default="", max_length=400)
    """Flavour text."""


class Boss(Frozen):
    """A boss: the endgame enemy."""

    id: Id
    """Stable identifier, unique in the deck."""
    name: str = Field(min_length=1, max_length=40)
    """The name shown to the player."""
    health: int = Field(ge=1, le=20)
    """Damage needed to defeat it."""
    damage: int = Field(ge=0, le=6)
    """Health the hero loses at Resolve while it is undefeated."""
    entourage: int = Field(default=0, ge=0, le=4)
    """+N: enemies activated with it at the start of the endgame."""
    rules: list[Effect] = Field(default_factory=list)
    """Rules that change how the fight is played (and, with win_condition, how it is won)."""
    flavour: str = Field(default="", max_length=400)
    """Flavour text."""


MissionKind = Literal[
    "damage_taken_rounds",
    "defeats_by_level",
    "items_used",
    "instant_declined",
    "extra_stack_discards",
    "unapplied_crits_exhausted",
    "end_round_health_exactly",
    "colors_on_one_enemy",
    "commit_all_pool_colors",
    "activation_size",
    "stack_mandatory_rounds",
]


class Mission(Frozen):
    """A mission: a goal completed one at a time, left to right, progress tracked on the chip."""

    id: Id
    """Stable identifier, unique in the deck."""
    name: str = Field(min_length=1, max_length=40)
    """The name shown to the player."""
    condition: MissionKind
    """What counts as progress (see README "Missions")."""
    target: int = Field(default=1, ge=1, le=20)
    """How many times the condition must happen."""
    level: int | None = Field(default=None, ge=1, le=3)
    """defeats_by_level: the enemy level that counts."""
    value: int | None = Field(default=None, ge=1, le=6)
    """end_round_health_exactly: the Health; colors_on_one_enemy / commit_all_pool_colors: number of colours;
    activation_size: enemies activated in one round."""
    forfeitable: bool = True
    """Whether the player may forfeit it."""
    text: str | None = Field(default=None, max_length=300)
    """Optional wording that replaces the generated text."""
    flavour: str = Field(default="", max_length=400)
    """Flavour text."""

    @item_check
    def _parameters(self) -> Mission:
        needs_level = self.condition == "defeats_by_level"
        needs_value = self.condition in {
            "end_round_health_exactly",
            "colors_on_one_enemy",
            "commit_all_pool_colors",
            "activation_size",
        }
        # Said as "<key> is required …" so the loader can report it like any other missing key.
        if needs_level and self.level is None:
            raise ValueError('level is required when condition is "defeats_by_level": the enemy level that counts')
        if needs_value and self.value is None:
            raise ValueError(f'value is required when condition is "{self.condition}"')
        return self


_Named = TypeVar("_Named", ConflictCard, Hero, Boss, Mission)


class DeckInfo(Frozen):
    """The deck's identity (``deck.toml``)."""

    id: Id
    """Stable identifier of the deck, used by saves and the command line."""
    title: str = Field(min_length=1, max_length=60)
    """The deck's title."""
    ruleset: Ruleset
    """Which deck rules it follows."""
    version: str = Field(default="1", max_length=20)
    """The deck's own version."""
    description: str = Field(default="", max_length=1000)
    """A short description for the setup screen."""


class Deck(Frozen):
    """A complete deck: identity, heroes, conflict cards, bosses and missions."""

    info: DeckInfo
    """The deck's identity."""
    heroes: list[Hero] = Field(default_factory=list)
    """Its heroes."""
    cards: list[ConflictCard] = Field(default_factory=list)
    """Its conflict cards, in file order (``deal = "ordered"`` uses this order)."""
    bosses: list[Boss] = Field(default_factory=list)
    """Its bosses, in file order."""
    missions: list[Mission] = Field(default_factory=list)
    """Its missions."""
    content_hash: str = ""
    """SHA-256 of the deck's files (set by the loader; saves record it)."""

    @property
    def id(self) -> str:
        """The deck's id."""
        return self.info.id

    def card(self, card_id: str) -> ConflictCard:
        """The conflict card with this id (``KeyError`` if there is none).

        Asked very often (by every rule about a card): the first call makes the index, after which the deck's own
        ``card`` is the index's lookup itself (see :meth:`_index`)."""
        index: dict[str, ConflictCard] | None = self.__dict__.get(_CARD_INDEX)
        if index is None:
            index = self._index(_CARD_INDEX, self.cards, first_wins=False)
        return index[card_id]

    @property
    def card_ids(self) -> dict[str, ConflictCard]:
        """Conflict cards by id (``in`` tells a conflict card from a boss)."""
        index: dict[str, ConflictCard] | None = self.__dict__.get(_CARD_INDEX)
        return self._index(_CARD_INDEX, self.cards, first_wins=False) if index is None else index

    def boss(self, boss_id: str) -> Boss:
        """The boss with this id (``KeyError`` if there is none, like :meth:`card`)."""
        index: dict[str, Boss] | None = self.__dict__.get(_BOSS_INDEX)
        if index is None:
            index = self._index(_BOSS_INDEX, self.bosses)
        return index[boss_id]

    def hero(self, hero_id: str) -> Hero:
        """The hero with this id (``KeyError`` if there is none)."""
        index: dict[str, Hero] | None = self.__dict__.get(_HERO_INDEX)
        if index is None:
            index = self._index(_HERO_INDEX, self.heroes)
        return index[hero_id]

    def mission(self, mission_id: str) -> Mission:
        """The mission with this id (``KeyError`` if there is none)."""
        index: dict[str, Mission] | None = self.__dict__.get(_MISSION_INDEX)
        if index is None:
            index = self._index(_MISSION_INDEX, self.missions)
        return index[mission_id]

    def _index(self, key: str, items: list[_Named], *, first_wins: bool = True) -> dict[str, _Named]:
        """Items by id, kept in the deck's ``__dict__`` under ``key``: a deck never changes (``model_copy`` makes a
        new deck, without the indexes, and the equality and hash read the fields only). Ids are unique in a valid
        deck; should one repeat, the first item with it wins (heroes, bosses, missions: as a search from the start
        found it) or the last (cards: as their index always did)."""
        index = {item.id: item for item in (reversed(items) if first_wins else items)}
        self.__dict__[key] = index
        # The method that asks the index (card, boss, hero or mission) becomes the index's own lookup, held in the
        # instance's __dict__, where it shadows the method (a function is a non-data descriptor): the same answer
        # and the same ``KeyError``, without a Python call. The equality, hash and ``model_copy`` read the fields
        # only, and pickling keeps the lookup with its index.
        self.__dict__[_LOOKUP_OF_INDEX[key]] = index.__getitem__
        return index


_CARD_INDEX = "_card_index"
_BOSS_INDEX = "_boss_index"
_HERO_INDEX = "_hero_index"
_MISSION_INDEX = "_mission_index"
"""Keys of the deck's derived indexes by id (see :meth:`Deck._index`)."""
_LOOKUP_OF_INDEX = {_CARD_INDEX: "card", _BOSS_INDEX: "boss", _HERO_INDEX: "hero", _MISSION_INDEX: "mission"}
"""The method that asks each index (see :meth:`Deck._index`)."""


__all__ = ["Boss", "Color", "ConflictCard", "Deck", "DeckInfo", "Hero", "Mission", "Reward"]
