"""Hoplomachus Victorum's own content (hoplomachus.md "Components"): its camp cards (``[[camp]]``, a kind of conflict
card), Scions (``[[scion]]``), Tactics (``[[tactic]]``) and a Victorum hero's Primus side (``[hero.primus]``: its
extension of the hero table), and their lookups in a deck.

Pure Python, read when a game is played as much as when a deck is validated: what validation requires of its decks
is :mod:`.tables`.
"""

from __future__ import annotations

from typing import Literal

from twentystrong.content.base import ID_PATTERN, Content, content, field
from twentystrong.content.effects import Effect
from twentystrong.content.model import Boss, ConflictCard, Deck, Hero, Part, Reward, first_by_id
from twentystrong.content.translations import Translated, carried, translated

# --- its models: what its tables hold ---------------------------------------------------------------------------


@translated
@content
class Primus(Translated):
    """The Primus side of a Victorum hero (hoplomachus.md): a boss waiting under a camp, fought with the
    endgame-round rules; its Bane is resolved once its fight is won."""

    GENDERED = True

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

    def as_boss(self) -> Boss:
        """The Primus as the boss it is in its fight."""
        return _boss(self)


@content
class VictorumHero(Hero):
    """A hero: starting stats and a unique ability; a Victorum hero's card has a Primus side."""

    primus: Primus | None = None
    """Hoplomachus Victorum: the other side of a Victorum hero's card, played as a Primus when the hero is not."""

    def as_boss(self) -> Boss | None:
        """Its card's Primus side, as the boss it is in its fight (None for a hero without one)."""
        return self.primus.as_boss() if self.primus is not None else None


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

    GENDERED = True

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

    def as_boss(self) -> Boss:
        """Its Conflict side, as the boss of the final fight."""
        return _boss(self)


@translated
@content
class Tactic(Translated):
    """A Tactic (``[[tactic]]``): a single-use item of Hoplomachus Victorum. Used or discarded, it returns to the
    Tactics area."""  # HV2

    GENDERED = True

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


def _boss(side: Primus | Scion) -> Boss:
    """A Primus side or a Scion's Conflict side as the boss it is in its fight (its +N: the boss's entourage)."""
    return Boss(
        id=side.id,
        health=side.health,
        damage=side.damage,
        entourage=side.additional,
        rules=side.rules,
        **carried(side, "name", "flavour"),
    )


# --- its lookups: a deck's own items, by id ----------------------------------------------------------------------

SCIONS: Part[Scion] = Part("scions")
"""The deck's part its ``[[scion]]`` tables fill (:attr:`~twentystrong.content.model.Deck.parts`)."""
TACTICS: Part[Tactic] = Part("tactics")
"""The deck's part its ``[[tactic]]`` tables fill."""

scions_of = SCIONS.of
"""Its Scions, in file order."""
scion_by_id = SCIONS.by_id
"""The Scion with this id (``KeyError`` if there is none)."""
tactics_of = TACTICS.of
"""Its Tactics, in file order."""
tactic_by_id = TACTICS.by_id
"""The Tactic with this id (``KeyError`` if there is none)."""
is_tactic = TACTICS.holds
"""Whether the id names one of its Tactics."""


def primus_side(hero: Hero) -> Primus | None:
    """A hero card's Primus side (None for a hero without one: a universal hero of another deck)."""
    return hero.primus if isinstance(hero, VictorumHero) else None


def primus_by_id(deck: Deck, primus_id: str) -> Primus:
    """The Primus side with this id (``KeyError`` if there is none)."""
    return deck.kept("primus", _primus_index)[primus_id]


def primus_of(deck: Deck) -> dict[str, str]:
    """The Primus id of each Victorum hero (a hero with a Primus side), by hero id."""
    return deck.kept("primus of", _primus_of)


def _primus_index(deck: Deck) -> dict[str, Primus]:
    return first_by_id([side for hero in deck.heroes if (side := primus_side(hero)) is not None])


def _primus_of(deck: Deck) -> dict[str, str]:
    return {hero.id: side.id for hero in deck.heroes if (side := primus_side(hero)) is not None}
