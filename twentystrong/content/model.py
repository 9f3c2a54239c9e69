"""The deck content model: what a deck file may say, validated by pydantic (frozen, unknown keys rejected).

The classes are frozen dataclasses (:mod:`twentystrong.content.base`), validated by pydantic at the edge. Which
tables a deck file may hold, and which model reads each, the deck kits say (:mod:`twentystrong.content.sections`).

A deck is a folder of TOML files (see README "Writing a deck"): ``deck.toml`` holds the deck's identity and
``[[hero]]``, ``[[card]]``, ``[[boss]]`` and ``[[mission]]`` tables may sit in any of its files. A Hoplomachus
Victorum deck (hoplomachus.md) holds ``[[camp]]`` cards instead of ``[[card]]``, ``[[scion]]`` and ``[[tactic]]``
cards instead of bosses and missions, and heroes with a Primus side (``[hero.primus]``).
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal, TypeVar

from twentystrong.content.base import ID_PATTERN, Content, content, field
from twentystrong.content.effects import Color, Effect
from twentystrong.content.translations import Translated, carried, translated


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
class Primus(Translated):
    """The Primus side of a Victorum hero (hoplomachus.md): a boss waiting under a camp, fought with the
    endgame-round rules; its Bane is resolved once its fight is won."""

    id: str = field(pattern=ID_PATTERN)
    """Stable identifier of this side, unique among the deck's cards, bosses, Scions and Primus."""
    name: str = field(min_length=1, max_length=40)
    """The name shown to the player."""
    health: int = field(ge=1, le=20)
    """Damage needed to defeat it."""
    damage: int = field(ge=0, le=6)
    """Health the hero loses at Resolve while it is undefeated."""
    additional: int = field(default=0, ge=0, le=3)
    """+N: enemies added from the camps adjacent to its camp when its fight begins."""
    rules: list[Effect] = field(default_factory=list)
    """Its effects in the fight (as a boss's rules)."""
    bane: list[Effect] = field(min_length=1)
    """Its Bane: the penalty resolved at the end of the Cleanup of the round its fight is won."""
    bane_text: str | None = field(default=None, max_length=300)
    """Optional wording that replaces the generated Bane text."""
    flavour: str = field(default="", max_length=400)
    """Flavour text."""


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
    primus: Primus | None = None
    """Hoplomachus Victorum: the other side of a Victorum hero's card, played as a Primus when the hero is not."""
    flavour: str = field(default="", max_length=400)
    """Flavour text."""


@translated
@content
class ConflictCard(Translated):
    """A conflict card: an enemy or obstacle in the stacks."""

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


CampKind = Literal["bloodshed", "sport", "opportunity"]
"""The kinds of camp card: Bloodshed and Sport cards are enemies, an Opportunity is a goal held as an item."""

OpportunityKind = Literal[
    "defeats",
    "damage_taken_rounds",
    "dice_recruited",
    "dice_dismissed",
    "spectates",
    "items_used",
    "instant_declined",
    "activation_size",
    "colors_on_one_enemy",
]


@content
class OpportunityCondition(Content):  # HV8: counted only while held
    """What an Opportunity asks, counted only while the card is held: ``target`` times the event of ``kind``.

    defeats: an enemy defeated (of ``card_kind`` if set); damage_taken_rounds: a round in which you suffered damage;
    dice_recruited / dice_dismissed: a die recruited / dismissed (strengthening and weakening are neither);
    spectates: a camp spectated; items_used: an item used (a Tactic too); instant_declined: an instant reward
    declined or forgone; activation_size: a round in which ``value`` enemies or more have been activated;
    colors_on_one_enemy: an enemy that comes to have dice of ``value`` different colours applied to it.
    """

    kind: OpportunityKind
    """What counts as progress."""
    target: int = field(default=1, ge=1, le=20)
    """How many times."""
    card_kind: Literal["bloodshed", "sport", "primus"] | None = None
    """defeats: only enemies of this kind count (any enemy when omitted)."""
    value: int | None = field(default=None, ge=1, le=6)
    """activation_size: enemies activated in one round; colors_on_one_enemy: number of colours."""

    def __post_init__(self) -> None:
        if self.kind in ("activation_size", "colors_on_one_enemy") and self.value is None:
            raise ValueError(f'value is required when kind is "{self.kind}"')
        if self.card_kind is not None and self.kind != "defeats":
            raise ValueError(f'card_kind applies only when kind is "defeats", not "{self.kind}"')


@content
class CampCard(ConflictCard):
    """A camp card of Hoplomachus Victorum (``[[camp]]``): a Bloodshed or Sport enemy, or an Opportunity.

    Enemies are conflict cards (Health, Damage, +N, effects, reward). An Opportunity is no enemy: it names a
    ``condition`` and a ``reward`` gained when the condition is met (instant: at once; an item: held from then on).
    """

    kind: CampKind
    """bloodshed, sport or opportunity."""
    influence: bool = False
    """The Influence icon on its back: defeated (or discarded from the inventory), it joins the Influence deck."""
    level: int = field(default=1, ge=1, le=3)
    """Camp cards have no level in the rules; 1 unless a card needs one (effects that name a level read it)."""
    health: int = field(default=1, ge=1, le=12)
    """Damage needed to defeat it (required for Bloodshed and Sport cards)."""
    damage: int = field(default=0, ge=0, le=6)
    """Health the hero loses at Resolve while it is undefeated."""
    condition: OpportunityCondition | None = None
    """An Opportunity's condition (required for Opportunities, refused on enemies)."""

    def __post_init__(self) -> None:
        if self.kind == "opportunity":
            if self.condition is None:
                raise ValueError('condition is required when kind is "opportunity": what the Opportunity asks')
            if self.reward is None:
                raise ValueError('reward is required when kind is "opportunity": what meeting its condition gains')
            if self.effects or self.additional or self.mandatory:
                raise ValueError("an Opportunity is not an enemy: it has no effects, no +N and is never mandatory")
        elif self.condition is not None:
            raise ValueError(f"condition applies only to Opportunities, not to a {self.kind} card")

    @property
    def enemy(self) -> bool:
        """Whether it is an enemy (Bloodshed or Sport) rather than an Opportunity."""
        return self.kind != "opportunity"


@translated
@content
class Scion(Translated):
    """A Scion (``[[scion]]``), the final boss of Hoplomachus Victorum: a Spectate side (its penalty) and a
    Conflict side (the boss of the final fight)."""

    id: str = field(pattern=ID_PATTERN)
    """Stable identifier, unique among the deck's cards, bosses, Scions and Primus."""
    name: str = field(min_length=1, max_length=40)
    """The name shown to the player."""
    spectate: list[Effect] = field(min_length=1)
    """The Spectate side: the penalty suffered each time the player spectates a camp."""
    spectate_text: str | None = field(default=None, max_length=300)
    """Optional wording that replaces the generated penalty text."""
    health: int = field(ge=1, le=20)
    """Conflict side: damage needed to defeat it."""
    damage: int = field(ge=0, le=6)
    """Conflict side: Health the hero loses at Resolve while it is undefeated."""
    additional: int = field(default=0, ge=0, le=4)
    """Conflict side: +N enemies drawn from the Influence deck when the final fight begins."""
    rules: list[Effect] = field(default_factory=list)
    """Conflict side: its rules in the final fight (``influence_scaling`` among them)."""
    flavour: str = field(default="", max_length=400)
    """Flavour text."""


@translated
@content
class Tactic(Translated):
    """A Tactic (``[[tactic]]``): a single-use item of Hoplomachus Victorum. Used or discarded, it returns to the
    Tactics area."""  # HV2

    id: str = field(pattern=ID_PATTERN)
    """Stable identifier, unique among the deck's cards."""
    name: str = field(min_length=1, max_length=40)
    """The name shown to the player."""
    effects: list[Effect] = field(min_length=1)
    """What using it does, in order."""
    text: str | None = field(default=None, max_length=300)
    """Optional wording that replaces the generated plain-words text."""
    flavour: str = field(default="", max_length=400)
    """Flavour text."""

    def as_card(self) -> ConflictCard:
        """The Tactic as the engine holds items: a card whose reward is a single-use item."""
        reward = Reward(kind="single_use", effects=self.effects, **carried(self, "text"))
        return ConflictCard(id=self.id, level=1, health=1, damage=0, reward=reward, **carried(self, "name", "flavour"))


@translated
@content
class Boss(Translated):
    """A boss: the endgame enemy."""

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


@translated
@content
class Mission(Translated):
    """A mission: a goal completed one at a time, left to right, progress tracked on the chip."""

    id: str = field(pattern=ID_PATTERN)
    """Stable identifier, unique in the deck."""
    name: str = field(min_length=1, max_length=40)
    """The name shown to the player."""
    condition: MissionKind
    """What counts as progress (see README "Missions")."""
    target: int = field(default=1, ge=1, le=20)
    """How many times the condition must happen."""
    level: int | None = field(default=None, ge=1, le=3)
    """defeats_by_level: the enemy level that counts."""
    value: int | None = field(default=None, ge=1, le=6)
    """end_round_health_exactly: the Health; colors_on_one_enemy / commit_all_pool_colors: number of colours;
    activation_size: enemies activated in one round."""
    forfeitable: bool = True
    """Whether the player may forfeit it."""
    text: str | None = field(default=None, max_length=300)
    """Optional wording that replaces the generated text."""
    flavour: str = field(default="", max_length=400)
    """Flavour text."""

    def __post_init__(self) -> None:
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


_Named = TypeVar("_Named", ConflictCard, Hero, Boss, Mission, Scion, Tactic)


@content
class DeckInfo(Content):
    """The deck's identity (``deck.toml``)."""

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
    """A complete deck: identity, heroes, conflict cards, bosses and missions."""

    info: DeckInfo
    """The deck's identity."""
    heroes: list[Hero] = field(default_factory=list)
    """Its heroes."""
    cards: list[ConflictCard] = field(default_factory=list)
    """Its conflict cards, in file order (``deal = "ordered"`` uses this order)."""
    bosses: list[Boss] = field(default_factory=list)
    """Its bosses, in file order."""
    missions: list[Mission] = field(default_factory=list)
    """Its missions."""
    scions: list[Scion] = field(default_factory=list)
    """Hoplomachus Victorum: its Scions, in file order."""
    tactics: list[Tactic] = field(default_factory=list)
    """Hoplomachus Victorum: its Tactics, in file order."""
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
        """Conflict cards by id, and the Tactics as the single-use items they are (:meth:`Tactic.as_card`): every
        card that may be active or held (``in`` tells a conflict card from a boss; should an id repeat, the last
        wins)."""
        cards = {tactic.id: tactic.as_card() for tactic in self.tactics}
        cards.update((card.id, card) for card in self.cards)
        return cards

    def boss(self, boss_id: str) -> Boss:
        """The boss with this id (``KeyError`` if there is none, like :meth:`card`): a boss of the deck, or a
        Primus or Scion as the boss it is in its fight (:meth:`as_bosses`)."""
        return self._bosses[boss_id]

    def is_boss(self, card_id: str) -> bool:
        """Whether the id names a boss (a Primus and a Scion are bosses in their fights)."""
        return card_id in self._bosses

    def scion(self, scion_id: str) -> Scion:
        """The Scion with this id (``KeyError`` if there is none)."""
        return self._scions[scion_id]

    def tactic(self, tactic_id: str) -> Tactic:
        """The Tactic with this id (``KeyError`` if there is none)."""
        return self._tactics[tactic_id]

    def is_tactic(self, card_id: str) -> bool:
        """Whether the id names one of its Tactics."""
        return card_id in self._tactics

    def primus(self, primus_id: str) -> Primus:
        """The Primus side with this id (``KeyError`` if there is none)."""
        return self._primus[primus_id]

    @cached_property
    def primus_of(self) -> dict[str, str]:
        """The Primus id of each Victorum hero (a hero with a Primus side), by hero id."""
        return {hero.id: hero.primus.id for hero in self.heroes if hero.primus is not None}

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
        return {**_first_by_id(self.as_bosses()), **_first_by_id(self.bosses)}

    def as_bosses(self) -> list[Boss]:
        """The Primus sides and the Scions' Conflict sides, as the bosses their fights are."""
        out = [
            Boss(
                id=p.id,
                health=p.health,
                damage=p.damage,
                entourage=p.additional,
                rules=p.rules,
                **carried(p, "name", "flavour"),
            )
            for p in self._primus.values()
        ]
        out += [
            Boss(
                id=c.id,
                health=c.health,
                damage=c.damage,
                entourage=c.additional,
                rules=c.rules,
                **carried(c, "name", "flavour"),
            )
            for c in self.scions
        ]
        return out

    @cached_property
    def _scions(self) -> dict[str, Scion]:
        return _first_by_id(self.scions)

    @cached_property
    def _tactics(self) -> dict[str, Tactic]:
        return _first_by_id(self.tactics)

    @cached_property
    def _primus(self) -> dict[str, Primus]:
        return {hero.primus.id: hero.primus for hero in reversed(self.heroes) if hero.primus is not None}

    @cached_property
    def _heroes(self) -> dict[str, Hero]:
        return _first_by_id(self.heroes)

    @cached_property
    def _missions(self) -> dict[str, Mission]:
        return _first_by_id(self.missions)


def _first_by_id(items: list[_Named]) -> dict[str, _Named]:
    return {item.id: item for item in reversed(items)}


__all__ = [
    "Boss",
    "CampCard",
    "CampKind",
    "Color",
    "ConflictCard",
    "Deck",
    "DeckInfo",
    "Hero",
    "Mission",
    "OpportunityCondition",
    "Primus",
    "Reward",
    "Scion",
    "Tactic",
]
