"""Handlers of damage modifiers, defeat conditions, the boss aura and boss win conditions.

R5: a card's damage is recomputed from its applied dice through these hooks every time it is read, so a modifier
also changes dice already applied; defeat, once it happened, is sticky. Enemy text is consulted after item and
hero text, so an enemy's "crits deal 0" has the last word over an item's bonus. Kinds whose text says "this card"
concern only the card (or boss) that carries them (``card.id == live.source``, asked in place: for every die).
"""

from __future__ import annotations

from typing import Any

from twentystrong.content import effects as fx
from twentystrong.content.effects import Effect
from twentystrong.engine import events as ev
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler, Live, handles
from twentystrong.engine.effects.hooks import ROUND_EFFECT
from twentystrong.engine.effects.words import colors, name, sentence
from twentystrong.engine.state import ActiveCard, DieState, GameState
from twentystrong.engine.tx import Tx
from twentystrong.i18n import _, ngettext


@handles("crits_deal_zero")
class CritsDealZeroHandler(Handler):
    """Crits deal no damage to this card."""

    def die_damage(self, s: GameState, live: Live, die: DieState, card: ActiveCard, damage: int) -> int:
        return 0 if card.id == live.source and die.face == "crit" else damage

    def describe(self, effect: Effect) -> str:
        return _("Crits deal no damage to this card.")


@handles("basic_hits_deal_zero")
class BasicHitsDealZeroHandler(Handler):
    """Basic hits (not crits) of some colours deal no damage to this card."""

    def die_damage(self, s: GameState, live: Live, die: DieState, card: ActiveCard, damage: int) -> int:
        assert isinstance(live.effect, fx.BasicHitsDealZero)
        if card.id == live.source and die.face == "hit" and die.color in live.effect.colors:
            return 0
        return damage

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.BasicHitsDealZero)
        return _("Basic hits of {colors} dice deal no damage to this card.").format(colors=colors(effect.colors))


@handles("color_bonus")
class ColorBonusHandler(Handler):
    """Dice of some colours deal more (or less) damage, optionally only against enemies of one level.

    Held (an ongoing item, a hero ability, an enemy's text) it is simply in force. The ``this_round`` variant is
    a single-use item: using it sets the round flag ``effect:<item>#<index>``, which keeps the bonus in force until
    the round ends although the card has gone to the discard pile (``hooks.round_effects``).
    """

    def die_damage(self, s: GameState, live: Live, die: DieState, card: ActiveCard, damage: int) -> int:
        assert isinstance(live.effect, fx.ColorBonus)
        e = live.effect
        if die.color not in e.colors:
            return damage
        if e.this_round and ROUND_EFFECT + live.key not in s.round_flags:
            return damage  # not used yet this round
        if e.against_level is not None and (card.boss or s.deck.card(card.id).level != e.against_level):
            return damage
        return max(0, damage + e.amount)

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        flag = ROUND_EFFECT + live.key
        if flag not in tx.state.round_flags:
            tx.emit(ev.Marked, flag=flag)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.ColorBonus)
        return color_bonus_words(effect)


@handles("damage_cap_per_round")
class DamageCapPerRoundHandler(Handler):
    """This card counts at most N damage each round. Its dice are usually exhausted every round, so damage starts
    over; in a fight whose applied dice stay (HV9) the dice of each round count up to N for that round."""

    def card_damage(self, s: GameState, live: Live, card: ActiveCard, damage: int) -> int:
        assert isinstance(live.effect, fx.DamageCapPerRound)
        if card.id != live.source:
            return damage
        by_round: dict[int, int] = {}
        for die in s.dice_in("applied"):
            if die.card == card.id:
                by_round[die.round] = by_round.get(die.round, 0) + hooks.die_damage(s, die, card)
        earlier = sum(min(dealt, live.effect.amount) for r, dealt in by_round.items() if r != s.round)
        dice_earlier = sum(dealt for r, dealt in by_round.items() if r != s.round)
        # this round's dice (and damage dealt without a die) count up to N, on top of what earlier rounds counted
        return earlier + min(damage - dice_earlier, live.effect.amount)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.DamageCapPerRound)
        return ngettext(
            "This card takes at most {amount} damage each round.",
            "This card takes at most {amount} damage each round.",
            effect.amount,
        ).format(amount=effect.amount)


@handles("immune_while_others")
class ImmuneWhileOthersHandler(Handler):
    """This card cannot be defeated while another undefeated card is active; it falls as soon as they are gone."""

    def defeat_block(self, s: GameState, live: Live, card: ActiveCard) -> str | None:
        if card.id != live.source or not any(c.id != card.id and not c.defeated for c in s.active):
            return None
        return _("{card} cannot be defeated while another enemy is undefeated.").format(card=name(s, card.id))

    def describe(self, effect: Effect) -> str:
        return _("This card cannot be defeated while another enemy is undefeated.")


@handles("requires_colors_to_defeat")
class RequiresColorsToDefeatHandler(Handler):
    """This card can be defeated only once dice of N different colours are applied to it."""

    def defeat_block(self, s: GameState, live: Live, card: ActiveCard) -> str | None:
        assert isinstance(live.effect, fx.RequiresColorsToDefeat)
        there = {d.color for d in s.applied_to(card.id)}
        if card.id != live.source or len(there) >= live.effect.count:
            return None
        return ngettext(
            "{card} can be defeated only once dice of {n} different colours are applied to it ({so_far} so far).",
            "{card} can be defeated only once dice of {n} different colours are applied to it ({so_far} so far).",
            live.effect.count,
        ).format(card=name(s, card.id), n=live.effect.count, so_far=len(there))

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.RequiresColorsToDefeat)
        return _("This card can be defeated only once dice of {n} different colours are applied to it.").format(
            n=effect.count
        )


@handles("enemy_damage_fixed")
class EnemyDamageFixedHandler(Handler):
    """A boss aura: every undefeated enemy, the boss included, deals exactly N damage at Resolve."""

    def enemy_damage(self, s: GameState, live: Live, card: ActiveCard, damage: int) -> int:
        assert isinstance(live.effect, fx.EnemyDamageFixed)
        return live.effect.amount

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.EnemyDamageFixed)
        return ngettext(
            "Every undefeated enemy deals exactly {amount} damage.",
            "Every undefeated enemy deals exactly {amount} damage.",
            effect.amount,
        ).format(amount=effect.amount)


@handles("win_condition")
class WinConditionHandler(Handler):
    """How the fight is won: the ruleset reads it (``Ruleset.won``); the handler only names it."""

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.WinCondition)
        if effect.require == "boss":
            return _("Defeat the boss to win.")
        return _("To win, defeat the boss and every enemy with it.")


def color_bonus_words(effect: fx.ColorBonus) -> str:
    """A colour bonus (or malus) in one sentence: which dice, how much more or less, against whom, how long."""
    n, level = abs(effect.amount), effect.against_level
    if effect.amount >= 0:
        if level is None:
            text = (
                ngettext(
                    "{colors} dice deal {n} more damage this round.",
                    "{colors} dice deal {n} more damage this round.",
                    n,
                )
                if effect.this_round
                else ngettext("{colors} dice deal {n} more damage.", "{colors} dice deal {n} more damage.", n)
            )
        else:
            text = (
                ngettext(
                    "{colors} dice deal {n} more damage to level {level} enemies this round.",
                    "{colors} dice deal {n} more damage to level {level} enemies this round.",
                    n,
                )
                if effect.this_round
                else ngettext(
                    "{colors} dice deal {n} more damage to level {level} enemies.",
                    "{colors} dice deal {n} more damage to level {level} enemies.",
                    n,
                )
            )
    elif level is None:
        text = (
            ngettext(
                "{colors} dice deal {n} less damage this round.", "{colors} dice deal {n} less damage this round.", n
            )
            if effect.this_round
            else ngettext("{colors} dice deal {n} less damage.", "{colors} dice deal {n} less damage.", n)
        )
    else:
        text = (
            ngettext(
                "{colors} dice deal {n} less damage to level {level} enemies this round.",
                "{colors} dice deal {n} less damage to level {level} enemies this round.",
                n,
            )
            if effect.this_round
            else ngettext(
                "{colors} dice deal {n} less damage to level {level} enemies.",
                "{colors} dice deal {n} less damage to level {level} enemies.",
                n,
            )
        )
    return sentence(text.format(colors=colors(effect.colors), n=n, level=level))
