"""Handlers of apply restrictions: limits, colour rules, pairs, crits, misses showing.

Kinds whose text says "this card" restrict only dice applied to the card (or boss) that carries them
(``card.id == live.source``, asked in place: for every die and card); the others restrict every Apply. The reason a
handler gives is the rejection message the player sees, so it names the card.
"""

from __future__ import annotations

from twentystrong.content import effects as fx
from twentystrong.content.effects import Effect
from twentystrong.engine.effects.base import Handler, Live, handles
from twentystrong.engine.effects.words import color_word, colors, name, sentence
from twentystrong.engine.state import ActiveCard, DieState, GameState
from twentystrong.i18n import _, ngettext


@handles("apply_limit")
class ApplyLimitHandler(Handler):
    """At most N dice per Apply step (every card together), or to this card in total."""

    def apply_block(self, s: GameState, live: Live, die: DieState, card: ActiveCard) -> str | None:
        assert isinstance(live.effect, fx.ApplyLimit)
        e = live.effect
        if e.scope == "card":
            if card.id != live.source or len(s.applied_to(card.id)) < e.count:
                return None
            return ngettext(
                "At most {n} die may be applied to {card}.", "At most {n} dice may be applied to {card}.", e.count
            ).format(n=e.count, card=name(s, card.id))
        if len(s.applied_this_step) < e.count:
            return None
        return ngettext(
            "At most {n} die may be applied in each Apply step ({card}).",
            "At most {n} dice may be applied in each Apply step ({card}).",
            e.count,
        ).format(n=e.count, card=name(s, live.source))

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.ApplyLimit)
        if effect.scope == "card":
            text = ngettext(
                "At most {n} die may be applied to this card.",
                "At most {n} dice may be applied to this card.",
                effect.count,
            )
        else:
            text = ngettext(
                "At most {n} die may be applied in each Apply step.",
                "At most {n} dice may be applied in each Apply step.",
                effect.count,
            )
        return text.format(n=effect.count)


@handles("one_die_per_color_per_step")
class OneDiePerColorPerStepHandler(Handler):
    """In each Apply step, at most one die of each colour may be applied (to any card)."""

    def apply_block(self, s: GameState, live: Live, die: DieState, card: ActiveCard) -> str | None:
        if not any(s.die(d).color == die.color for d in s.applied_this_step):
            return None
        return _("Only one {color} die may be applied in each Apply step ({card}).").format(
            color=color_word(die.color), card=name(s, live.source)
        )

    def describe(self, effect: Effect) -> str:
        return _("In each Apply step, at most one die of each colour may be applied.")


@handles("one_color_per_enemy")
class OneColorPerEnemyHandler(Handler):
    """The dice applied to one enemy (any enemy, the boss included) must all share a colour."""

    def apply_block(self, s: GameState, live: Live, die: DieState, card: ActiveCard) -> str | None:
        there = {d.color for d in s.applied_to(card.id)}
        if not there or there == {die.color}:
            return None
        only = sorted(there)[0]
        return _(
            "Only {color} dice may be applied to {card}: the dice on one enemy must share a colour ({source})."
        ).format(color=color_word(only, 2), card=name(s, card.id), source=name(s, live.source))

    def describe(self, effect: Effect) -> str:
        return _("The dice applied to one enemy must all share a colour.")


@handles("same_color_pairs")
class SameColorPairsHandler(Handler):
    """This card takes dice only in same-colour pairs: after an odd die, the next must match its colour.

    Ruling: dice are applied one at a time, so a pair is open between its two dice. The open die deals no damage
    until its partner joins it (an unfinished pair left at Resolve dealt nothing).
    """

    def apply_block(self, s: GameState, live: Live, die: DieState, card: ActiveCard) -> str | None:
        if card.id != live.source:
            return None
        open_color = _open_color(s, card)
        if open_color is None or open_color == die.color:
            return None
        return _("{card} takes dice only in same-colour pairs: the next die must be {color}.").format(
            card=name(s, card.id), color=color_word(open_color)
        )

    def die_damage(self, s: GameState, live: Live, die: DieState, card: ActiveCard, damage: int) -> int:
        if card.id != live.source:
            return damage
        mates = [d.id for d in s.applied_to(card.id) if d.color == die.color]
        if die.id in mates and len(mates) % 2 == 1 and die.id == max(mates):
            return 0  # the open die of an unfinished pair
        return damage

    def describe(self, effect: Effect) -> str:
        return _(
            "Dice can be applied to this card only in same-colour pairs; a die waiting for its pair deals no damage."
        )


def _open_color(s: GameState, card: ActiveCard) -> str | None:
    """The colour of the unpaired die on a card (every pair matches, so there is at most one)."""
    counts: dict[str, int] = {}
    for d in s.applied_to(card.id):
        counts[d.color] = counts.get(d.color, 0) + 1
    return next((c for c, n in counts.items() if n % 2 == 1), None)


@handles("cannot_apply_color")
class CannotApplyColorHandler(Handler):
    """Dice of some colours cannot be applied to this card."""

    def apply_block(self, s: GameState, live: Live, die: DieState, card: ActiveCard) -> str | None:
        assert isinstance(live.effect, fx.CannotApplyColor)
        if card.id != live.source or die.color not in live.effect.colors:
            return None
        return sentence(
            _("{color} dice cannot be applied to {card}.").format(color=color_word(die.color, 2), card=name(s, card.id))
        )

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.CannotApplyColor)
        return sentence(_("{colors} dice cannot be applied to this card.").format(colors=colors(effect.colors)))


@handles("crits_cannot_apply")
class CritsCannotApplyHandler(Handler):
    """Dice showing a crit cannot be applied to this card."""

    def apply_block(self, s: GameState, live: Live, die: DieState, card: ActiveCard) -> str | None:
        if card.id != live.source or die.face != "crit":
            return None
        return _("Crits cannot be applied to {card}.").format(card=name(s, card.id))

    def describe(self, effect: Effect) -> str:
        return _("Crits cannot be applied to this card.")


@handles("requires_pair")
class RequiresPairHandler(Handler):
    """A die of one colour may be applied to this card only once a die of the partner colour is on it."""

    def apply_block(self, s: GameState, live: Live, die: DieState, card: ActiveCard) -> str | None:
        assert isinstance(live.effect, fx.RequiresPair)
        e = live.effect
        if card.id != live.source or die.color != e.color:
            return None
        if any(d.color == e.partner for d in s.applied_to(card.id)):
            return None
        return _("A {color} die can be applied to {card} only once a {partner} die is applied to it.").format(
            color=color_word(e.color), card=name(s, card.id), partner=color_word(e.partner)
        )

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.RequiresPair)
        return _("A {color} die can be applied to this card only once a {partner} die is applied to it.").format(
            color=color_word(effect.color), partner=color_word(effect.partner)
        )


@handles("apply_requires_exhausted_color")
class ApplyRequiresExhaustedColorHandler(Handler):
    """A die may be applied to this card only while a die of its colour is exhausted."""

    def apply_block(self, s: GameState, live: Live, die: DieState, card: ActiveCard) -> str | None:
        if card.id != live.source or any(d.color == die.color for d in s.dice_in("exhausted")):
            return None
        return _("A {color} die can be applied to {card} only while a {color} die is exhausted.").format(
            color=color_word(die.color), card=name(s, card.id)
        )

    def describe(self, effect: Effect) -> str:
        return _("A die can be applied to this card only while a die of its colour is exhausted.")


@handles("no_apply_while_miss")
class NoApplyWhileMissHandler(Handler):
    """Nothing can be applied (to any card) while a rolled, unapplied die shows a miss."""

    def apply_block(self, s: GameState, live: Live, die: DieState, card: ActiveCard) -> str | None:
        if not any(d.face == "miss" for d in s.dice_in("active")):
            return None
        return _("Nothing can be applied while a rolled die shows a miss ({card}).").format(card=name(s, live.source))

    def describe(self, effect: Effect) -> str:
        return _("Nothing can be applied while a rolled die shows a miss.")
