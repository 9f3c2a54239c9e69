"""The effect vocabulary: every card, boss rule, item and hero ability is a list of these.

An effect is data: a ``kind`` and its parameters (a discriminated union keyed by ``kind``). The engine implements
each kind once, at a named hook point (architecture.md contract 7). Three fields are common to all kinds and say
*when* the effect is live:

- ``timing`` (on conflict cards and bosses): ``during`` — live from activation until the card is defeated or
  leaves; ``after`` — resolves in Resolve step 2, defeated or not; ``special`` — live while the card is in the
  active area, defeated or not, firing at ``trigger``.
- ``trigger``: for kinds that *happen* (heal, banish, lose Health …) rather than modify a rule: the moment they
  fire. Passive kinds (restrictions, damage modifiers) ignore it.
- ``once_per_round``: for item and hero effects the player uses: at most once each round.
- ``condition``: an optional guard checked when the effect would apply.

The classes are frozen dataclasses (:mod:`twentystrong.content.base`), validated by pydantic at the edge. A deck
kit may add kinds of its own that act on its own zones (:class:`~twentystrong.content.sections.KitContent`): they
join the discriminated union :data:`Effect` when a deck is validated (:func:`effect_classes`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from twentystrong.content.base import Content, content, field
from twentystrong.content.translations import Translated, translated
from twentystrong.kits import kits

Color = Literal["yellow", "green", "blue", "purple", "red"]
COLORS: tuple[Color, ...] = ("yellow", "green", "blue", "purple", "red")
Face = Literal["miss", "hit", "crit"]
Stat = Literal["health", "strategy", "recovery"]
Timing = Literal["during", "after", "special"]
Trigger = Literal[
    "on_activate",
    "on_defeat",
    "after_roll",
    "start_of_round",
    "after_suffer_damage",
    "on_enemy_defeated",
    "on_use",
]


@content
class Condition(Content):
    """A guard on an effect: every field that is set must hold for the effect to apply."""

    health_below: int | None = field(default=None, ge=2, le=7)
    """The hero's Health is below this value."""
    health_at_most: int | None = field(default=None, ge=1, le=6)
    """The hero's Health is at most this value."""
    enemy_level: int | None = field(default=None, ge=1, le=3)
    """The enemy concerned (defeated, targeted) is of this level."""
    color_exhausted: Color | None = None
    """At least one die of this colour is in the exhausted area."""
    other_enemies_active: bool | None = None
    """True: another undefeated enemy is active; False: this is the only one."""


@translated
@content
class EffectBase(Translated):
    """Fields common to every effect kind."""

    if TYPE_CHECKING:  # each kind declares its own tag (``kind: Literal["heal"]``), which pydantic reads
        kind: str

    timing: Timing = "during"
    """When the effect is live on a conflict card or boss: during, after or special."""
    trigger: Trigger | None = None
    """For effects that happen: the moment they fire (ignored by passive rule changes)."""
    once_per_round: bool = False
    """For item and hero effects the player uses: at most once each round."""
    condition: Condition | None = None
    """An optional guard; the effect applies only while it holds."""
    text: str | None = field(default=None, max_length=300)
    """Optional wording that replaces the generated plain-words text in the card browser."""


# --- Commit restrictions ---------------------------------------------------------------------------------------


@content
class CannotCommitColor(EffectBase):
    """Dice of these colours cannot be committed."""

    kind: Literal["cannot_commit_color"]
    colors: list[Color] = field(min_length=1)
    """The colours that may not be committed."""


@content
class CommitLimit(EffectBase):
    """At most ``count`` dice may be committed per Strategy phase or per engagement."""

    kind: Literal["commit_limit"]
    count: int = field(ge=0, le=17)
    """How many dice at most."""
    per: Literal["phase", "engagement"] = "phase"
    """Whether the limit counts per Strategy phase or over the whole engagement."""


@content
class CommitAllOfColor(EffectBase):
    """Committing one die of a colour forces committing every pool die of that colour."""

    kind: Literal["commit_all_of_color"]
    colors: list[Color] | None = None
    """The colours concerned; all colours when omitted."""


# --- Roll manipulation -----------------------------------------------------------------------------------------


@content
class MissesNotRerolled(EffectBase):
    """Unapplied dice showing a miss keep it: they are not rolled again in a later Strategy phase."""

    kind: Literal["misses_not_rerolled"]


@content
class RerollHitPerMiss(EffectBase):
    """After each roll, for each miss one rolled hit (player's choice) must be rolled again."""

    kind: Literal["reroll_hit_per_miss"]


@content
class InvertResults(EffectBase):
    """For dice of these colours, rolled basic hits count as misses and misses as basic hits."""

    kind: Literal["invert_results"]
    colors: list[Color] = field(min_length=1)
    """The colours whose results are inverted."""


@content
class RollTest(EffectBase):
    """Roll ``count`` dice of a colour as a test; if fewer than ``need`` hits show, the consequences happen."""

    kind: Literal["roll_test"]
    count: int = field(ge=1, le=6)
    """How many dice are rolled for the test."""
    color: Color = "blue"
    """The colour of the test dice (their faces are used; no die leaves its zone)."""
    need: int = field(ge=1, le=6)
    """Hits (crits count as hits) needed to pass."""
    on_fail: list[Effect] = field(min_length=1)
    """What happens when the test fails."""


# --- Apply restrictions ----------------------------------------------------------------------------------------


@content
class ApplyLimit(EffectBase):
    """At most ``count`` dice may be applied per Apply step (to any card), or to this card in total."""

    kind: Literal["apply_limit"]
    count: int = field(ge=1, le=17)
    """How many dice at most."""
    scope: Literal["step", "card"] = "step"
    """step: per Apply step, all cards together; card: to this card in total."""


@content
class OneDiePerColorPerStep(EffectBase):
    """In each Apply step at most one die of each colour may be applied."""

    kind: Literal["one_die_per_color_per_step"]


@content
class OneColorPerEnemy(EffectBase):
    """Every die applied to one enemy must share a colour."""

    kind: Literal["one_color_per_enemy"]


@content
class SameColorPairs(EffectBase):
    """Dice may be applied to this card only in same-colour pairs (the second die must match the first)."""

    kind: Literal["same_color_pairs"]


@content
class CannotApplyColor(EffectBase):
    """Dice of these colours cannot be applied to this card."""

    kind: Literal["cannot_apply_color"]
    colors: list[Color] = field(min_length=1)
    """The colours that may not be applied."""


@content
class CritsCannotApply(EffectBase):
    """Dice showing a crit cannot be applied to this card."""

    kind: Literal["crits_cannot_apply"]


@content
class RequiresPair(EffectBase):
    """A die of ``color`` may be applied to this card only if a ``partner`` die is already applied to it."""

    kind: Literal["requires_pair"]
    color: Color
    """The colour that needs a partner."""
    partner: Color
    """The colour that must already be applied."""


@content
class ApplyRequiresExhaustedColor(EffectBase):
    """A die may be applied to this card only if a die of its colour is in the exhausted area."""

    kind: Literal["apply_requires_exhausted_color"]


@content
class NoApplyWhileMiss(EffectBase):
    """Nothing can be applied while any rolled, unapplied die shows a miss."""

    kind: Literal["no_apply_while_miss"]


# --- Damage modifiers ------------------------------------------------------------------------------------------


@content
class CritsDealZero(EffectBase):
    """Crits deal 0 damage to this card."""

    kind: Literal["crits_deal_zero"]


@content
class BasicHitsDealZero(EffectBase):
    """Basic hits of these colours deal 0 damage to this card."""

    kind: Literal["basic_hits_deal_zero"]
    colors: list[Color] = field(min_length=1)
    """The colours whose basic hits deal nothing."""


@content
class ColorBonus(EffectBase):
    """Dice of these colours deal ``amount`` more damage (applied hits and crits; never below 0)."""

    kind: Literal["color_bonus"]
    colors: list[Color] = field(min_length=1)
    """The colours that deal more (or, with a negative amount, less)."""
    amount: int = field(ge=-2, le=3)
    """Damage added to each applied die of those colours."""
    this_round: bool = False
    """For single-use items: the bonus lasts until the end of this round."""
    against_level: int | None = field(default=None, ge=1, le=3)
    """Only against enemies of this level."""


@content
class DamageCapPerRound(EffectBase):
    """This card takes at most ``amount`` damage each round."""

    kind: Literal["damage_cap_per_round"]
    amount: int = field(ge=1, le=12)
    """The most damage counted each round."""


@content
class ImmuneWhileOthers(EffectBase):
    """This card cannot be defeated while another undefeated enemy is active."""

    kind: Literal["immune_while_others"]


@content
class RequiresColorsToDefeat(EffectBase):
    """This card can be defeated only once dice of at least ``count`` different colours are applied to it."""

    kind: Literal["requires_colors_to_defeat"]
    count: int = field(ge=2, le=5)
    """How many different colours must be applied."""


# --- Defeat and tempo ------------------------------------------------------------------------------------------


@content
class OneDefeatPerStep(EffectBase):
    """At most one enemy may be defeated in each Apply step."""

    kind: Literal["one_defeat_per_step"]


@content
class DefeatAlsoDefeats(EffectBase):
    """Defeating this card also defeats another active enemy of the player's choice."""

    kind: Literal["defeat_also_defeats"]
    max_level: int = field(default=2, ge=1, le=3)
    """The highest level of enemy the bonus defeat may take."""


@content
class ReturnsUnlessFirstDefeat(EffectBase):
    """If this card is not the first enemy defeated this round, it returns to the top of its stack instead."""

    kind: Literal["returns_unless_first_defeat"]


@content
class FleesOnRoll(EffectBase):
    """After a roll, if at least ``misses`` rolled dice show a miss, this card flees (leaves; applied dice exhaust)."""

    kind: Literal["flees_on_roll"]
    misses: int = field(ge=1, le=17)
    """How many misses make it flee."""


# --- Penalties -------------------------------------------------------------------------------------------------


@content
class LoseHealthPerMiss(EffectBase):
    """After each roll, lose ``amount`` Health for each die showing a miss (or for each colour with N+ hits)."""

    kind: Literal["lose_health_per_miss"]
    amount: int = field(default=1, ge=1, le=3)
    """Health lost per miss."""
    per_color_hits: int | None = field(default=None, ge=2, le=5)
    """If set: count colours showing at least this many hits instead of misses."""


@content
class NoRecovery(EffectBase):
    """No dice may be recovered this round."""

    kind: Literal["no_recovery"]


@content
class ItemsBlocked(EffectBase):
    """Items cannot be used."""

    kind: Literal["items_blocked"]


@content
class BanishStrongestPoolDie(EffectBase):
    """Banish the strongest die in the dice pool."""

    kind: Literal["banish_strongest_pool_die"]
    count: int = field(default=1, ge=1, le=3)
    """How many dice are banished."""


@content
class BanishAppliedDice(EffectBase):
    """Banish the dice applied to this card."""

    kind: Literal["banish_applied_dice"]


@content
class ExtraEnemyNextRound(EffectBase):
    """Next round, activate one more enemy."""

    kind: Literal["extra_enemy_next_round"]
    count: int = field(default=1, ge=1, le=3)
    """How many more enemies."""


@content
class EnemyDamageFixed(EffectBase):
    """Every undefeated enemy deals exactly ``amount`` damage (a boss aura)."""

    kind: Literal["enemy_damage_fixed"]
    amount: int = field(ge=0, le=6)
    """The damage each enemy deals."""


@content
class LoseHealth(EffectBase):
    """Lose ``amount`` Health."""

    kind: Literal["lose_health"]
    amount: int = field(ge=1, le=6)
    """Health lost."""


@content
class ExhaustPoolDice(EffectBase):
    """Exhaust ``count`` dice from the pool (the player chooses which)."""

    kind: Literal["exhaust_pool_dice"]
    count: int = field(ge=1, le=6)
    """How many dice."""


@content
class LowerStat(EffectBase):
    """Lower a stat by ``amount`` (Strategy and Recovery never go below 1)."""  # R1

    kind: Literal["lower_stat"]
    stat: Stat
    """Which stat."""
    amount: int = field(default=1, ge=1, le=3)
    """By how much."""


# --- Stacks and bosses -----------------------------------------------------------------------------------------


# --- Rewards and single-use items ------------------------------------------------------------------------------


@content
class Heal(EffectBase):
    """Gain ``amount`` Health (never above 6)."""  # R1

    kind: Literal["heal"]
    amount: int = field(ge=1, le=6)
    """Health gained."""


@content
class Recover(EffectBase):
    """Recover exhausted dice to the pool: ``count`` of the player's choice, or all (optionally of some colours)."""

    kind: Literal["recover"]
    count: int | None = field(default=None, ge=1, le=17)
    """How many dice; all when omitted."""
    colors: list[Color] | None = None
    """Only dice of these colours."""


@content
class RaiseStat(EffectBase):
    """Raise a stat by ``amount`` (never above 6)."""  # R1

    kind: Literal["raise_stat"]
    stat: Stat
    """Which stat."""
    amount: int = field(default=1, ge=1, le=3)
    """By how much."""


@content
class SetStat(EffectBase):
    """Set a stat to ``value``."""

    kind: Literal["set_stat"]
    stat: Stat
    """Which stat."""
    value: int = field(ge=1, le=6)
    """The new value."""


@content
class RollExhaustedRecoverHits(EffectBase):
    """Roll every exhausted die; those showing a hit or crit are recovered."""

    kind: Literal["roll_exhausted_recover_hits"]


@content
class DefeatEnemy(EffectBase):
    """Defeat an active enemy of at most ``max_level``, optionally paying by exhausting or banishing dice."""

    kind: Literal["defeat_enemy"]
    max_level: int = field(default=1, ge=1, le=3)
    """The highest level that can be targeted."""
    cost: Literal["none", "exhaust", "banish"] = "none"
    """What the player pays."""
    cost_dice: int = field(default=0, ge=0, le=6)
    """How many pool dice are paid."""


@content
class DiscardEnemy(EffectBase):
    """Discard an active, undefeated enemy of at most ``max_level`` (no reward, no damage)."""

    kind: Literal["discard_enemy"]
    max_level: int = field(default=1, ge=1, le=3)
    """The highest level that can be targeted."""


@content
class SetEnemyHealth(EffectBase):
    """Set an active enemy's Health to ``value`` for the rest of the conflict."""

    kind: Literal["set_enemy_health"]
    value: int = field(ge=1, le=12)
    """The new Health."""


@content
class CancelEnemyEffects(EffectBase):
    """Cancel every effect of one active enemy for the rest of the conflict."""

    kind: Literal["cancel_enemy_effects"]


@content
class ActivateFewer(EffectBase):
    """The next time additional enemies (+N) would be activated, activate one fewer."""

    kind: Literal["activate_fewer"]


@content
class DoubleNextInstant(EffectBase):
    """The next instant reward taken is gained twice."""

    kind: Literal["double_next_instant"]


# --- Ongoing items and abilities the player uses ---------------------------------------------------------------


@content
class ConvertFace(EffectBase):
    """Turn one rolled, unapplied die showing ``from_face`` into ``to_face``."""

    kind: Literal["convert_face"]
    from_face: Face
    """The face to change."""
    to_face: Face
    """What it becomes."""
    colors: list[Color] | None = None
    """Only dice of these colours; any when omitted."""


@content
class SwapMissAndHit(EffectBase):
    """Two rolled, unapplied dice of different colours, one showing a miss and one a basic hit, swap faces."""

    kind: Literal["swap_miss_and_hit"]


@content
class PairMissesToHits(EffectBase):
    """Two rolled, unapplied dice of the same colour that both show a miss become basic hits."""

    kind: Literal["pair_misses_to_hits"]


@content
class KeepUnappliedHits(EffectBase):
    """Unapplied dice showing a hit or crit are not rolled again in a later Strategy phase."""

    kind: Literal["keep_unapplied_hits"]


@content
class ExtraRecovery(EffectBase):
    """Recover up to ``count`` more dice each round, only of these colours."""

    kind: Literal["extra_recovery"]
    count: int = field(default=1, ge=1, le=6)
    """How many more."""
    colors: list[Color] | None = None
    """Only these colours; any when omitted."""


@content
class StatModifier(EffectBase):
    """While held, a stat is changed by ``amount`` (a trade-off such as −1 Recovery)."""

    kind: Literal["stat_modifier"]
    stat: Stat
    """Which stat."""
    amount: int = field(ge=-3, le=3)
    """The change while held."""


@content
class BanishForDamage(EffectBase):
    """Banish a pool die to deal damage to an active enemy equal to that die's number of hit faces."""

    kind: Literal["banish_for_damage"]


@content
class IgnoreEffect(EffectBase):
    """The hero ignores enemy effects of the given kinds."""

    kind: Literal["ignore_effect"]
    kinds: list[str] = field(min_length=1)
    """Effect kinds ignored."""


# --- The training grounds, the Tactics area, the camps and the Influence deck (Hoplomachus Victorum) ------------


@content
class Recruit(EffectBase):
    """Recruit dice: the weakest die in the training grounds (or the weakest of ``color``) joins the dice pool."""

    kind: Literal["recruit"]
    count: int = field(default=1, ge=1, le=4)
    """How many dice, one at a time."""
    color: Color | None = None
    """Only a die of this colour (when the card names one)."""


@content
class Dismiss(EffectBase):
    """Dismiss dice of the player's choice (neither banished nor applied) to the training grounds."""

    kind: Literal["dismiss"]
    count: int = field(default=1, ge=1, le=4)
    """How many dice."""


@content
class Strengthen(EffectBase):
    """Strengthen a die of the player's choice: it is dismissed and the die of the next stronger colour is recruited
    into the zone it was in (red cannot be strengthened; nothing happens without that colour to recruit)."""  # HV12

    kind: Literal["strengthen"]
    count: int = field(default=1, ge=1, le=3)
    """How many dice, one at a time."""


@content
class Weaken(EffectBase):
    """Weaken a die of the player's choice: it is dismissed and the die of the next weaker colour is recruited into
    the zone it was in (yellow cannot be weakened; nothing happens without that colour to recruit)."""  # HV12

    kind: Literal["weaken"]
    count: int = field(default=1, ge=1, le=3)
    """How many dice, one at a time."""


# --- Boss rules ------------------------------------------------------------------------------------------------


@content
class WinCondition(EffectBase):
    """Changes how the fight is won: the boss alone, or every active enemy as well."""

    kind: Literal["win_condition"]
    require: Literal["boss", "all_enemies"] = "all_enemies"
    """What must be defeated to win."""


GENERAL_EFFECTS: tuple[type[EffectBase], ...] = (
    CannotCommitColor,
    CommitLimit,
    CommitAllOfColor,
    MissesNotRerolled,
    RerollHitPerMiss,
    InvertResults,
    RollTest,
    ApplyLimit,
    OneDiePerColorPerStep,
    OneColorPerEnemy,
    SameColorPairs,
    CannotApplyColor,
    CritsCannotApply,
    RequiresPair,
    ApplyRequiresExhaustedColor,
    NoApplyWhileMiss,
    CritsDealZero,
    BasicHitsDealZero,
    ColorBonus,
    DamageCapPerRound,
    ImmuneWhileOthers,
    RequiresColorsToDefeat,
    OneDefeatPerStep,
    DefeatAlsoDefeats,
    ReturnsUnlessFirstDefeat,
    FleesOnRoll,
    LoseHealthPerMiss,
    NoRecovery,
    ItemsBlocked,
    BanishStrongestPoolDie,
    BanishAppliedDice,
    ExtraEnemyNextRound,
    EnemyDamageFixed,
    LoseHealth,
    ExhaustPoolDice,
    LowerStat,
    Heal,
    Recover,
    RaiseStat,
    SetStat,
    RollExhaustedRecoverHits,
    DefeatEnemy,
    DiscardEnemy,
    SetEnemyHealth,
    CancelEnemyEffects,
    ActivateFewer,
    DoubleNextInstant,
    ConvertFace,
    SwapMissAndHit,
    PairMissesToHits,
    KeepUnappliedHits,
    ExtraRecovery,
    StatModifier,
    BanishForDamage,
    IgnoreEffect,
    WinCondition,
    Recruit,
    Dismiss,
    Strengthen,
    Weaken,
)
"""The general effect kinds, in the order the schema lists them (a kit's own kinds follow, kit by kit)."""


class _EveryKind:
    """Pydantic's hook (as ``Annotated`` metadata): an :data:`Effect` is one of the kinds in :func:`effect_classes`,
    told apart by its ``kind`` tag. Called only when something is validated (pydantic is imported by then)."""

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic import Field

        members = effect_classes()
        return handler.generate_schema(Annotated[Union[members], Field(discriminator="kind")])  # noqa: UP007


Effect = Annotated[EffectBase, _EveryKind()]
"""One effect: a kind and its parameters (a discriminated union keyed by ``kind``, of every installed kind)."""


def effect_classes() -> tuple[type[EffectBase], ...]:
    """Every effect kind's class: the general ones, then each installed kit's own (kits in id order)."""
    out = list(GENERAL_EFFECTS)
    for kit in kits().values():
        declared = kit.content_of()
        if declared is not None:
            out += declared.effects
    return tuple(out)


_KIND = re.compile(r"""Literal\[['"]([a-z_]+)['"]\]""")


def kind_of(cls: type[EffectBase]) -> str:
    """The ``kind`` tag of an effect class, read from its annotation (without evaluating it)."""
    annotation = cls.__dataclass_fields__["kind"].type
    match = _KIND.fullmatch(str(annotation))
    assert match is not None, cls
    return match.group(1)


def effect_kinds() -> tuple[str, ...]:
    """Every effect kind name, sorted (used by error messages and the schema)."""
    return tuple(sorted(kind_of(cls) for cls in effect_classes()))
