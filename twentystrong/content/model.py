"""The deck content model: what a deck file may say, validated by pydantic (frozen, unknown keys rejected).

The classes are plain (:class:`~twentystrong.content.plain.Frozen`); :mod:`twentystrong.content.validation`
builds the pydantic models that validate them.

A deck is a folder of TOML files (see README "Writing a deck"): ``deck.toml`` holds the deck's identity and
``[[hero]]``, ``[[card]]``, ``[[boss]]`` and ``[[mission]]`` tables may sit in any of its files.
"""

from __future__ import annotations

from functools import cached_property
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
        """The conflict card with this id (``KeyError`` if there is none)."""
        return self.card_ids[card_id]

    @cached_property
    def card_ids(self) -> dict[str, ConflictCard]:
        """Conflict cards by id (``in`` tells a conflict card from a boss; should an id repeat, the last wins)."""
        return {card.id: card for card in self.cards}

    def boss(self, boss_id: str) -> Boss:
        """The boss with this id (``KeyError`` if there is none, like :meth:`card`)."""
        return self._bosses[boss_id]

    def hero(self, hero_id: str) -> Hero:
        """The hero with this id (``KeyError`` if there is none)."""
        return self._heroes[hero_id]

    def mission(self, mission_id: str) -> Mission:
        """The mission with this id (``KeyError`` if there is none)."""
        return self._missions[mission_id]

    # Indexes by id, made when first asked and kept with the deck (which never changes; ``model_copy`` makes
    # another deck with its own). They are no fields: equality, hashing and copies read the fields only. Should an
    # id repeat (a deck built without validation), the first item with it wins, as a search from the start would.

    @cached_property
    def _bosses(self) -> dict[str, Boss]:
        return _first_by_id(self.bosses)

    @cached_property
    def _heroes(self) -> dict[str, Hero]:
        return _first_by_id(self.heroes)

    @cached_property
    def _missions(self) -> dict[str, Mission]:
        return _first_by_id(self.missions)


def _first_by_id(items: list[_Named]) -> dict[str, _Named]:
    return {item.id: item for item in reversed(items)}


__all__ = ["Boss", "Color", "ConflictCard", "Deck", "DeckInfo", "Hero", "Mission", "Reward"]
