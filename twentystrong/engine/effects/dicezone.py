"""Handlers of the dice moves between the play zones and a reserve of dice (hoplomachus.md "Dice moves of this
deck", HV12): recruit, dismiss, strengthen, weaken. They use the general moves of :mod:`twentystrong.engine.dicemoves`
and work with any deck whose ruleset has the reserve zone (``Ruleset.dice_zones``: Hoplomachus Victorum's training
grounds); with no reserve (Solar Sentinels) nothing happens.
"""

from __future__ import annotations

from typing import Any

from twentystrong.content import effects as fx
from twentystrong.content.effects import Effect
from twentystrong.engine import dicemoves
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import STRENGTH
from twentystrong.engine.effects.base import Handler, Live, handles
from twentystrong.engine.effects.items import Targeted, Variant, choose_some, next_choice
from twentystrong.engine.effects.words import color_word, dice, kept_name
from twentystrong.engine.rulesets import rules
from twentystrong.engine.state import GameState, Prompt
from twentystrong.engine.tx import Tx
from twentystrong.i18n import N_, _, ngettext


def has_reserve(s: GameState) -> bool:
    """Whether the deck played has the reserve zone (the training grounds)."""
    return dicemoves.RESERVE in rules(s).dice_zones


@handles("recruit", passive=False)
class RecruitHandler(Handler):
    """The weakest die in the training grounds (of the colour named, if any) joins the pool, ``count`` times; none
    there: nothing happens."""

    def uses(self, s: GameState, live: Live) -> list[dict[str, Any]]:
        assert isinstance(live.effect, fx.Recruit)
        return [{}] if has_reserve(s) and dicemoves.recruitable(s, color=live.effect.color) else []

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.Recruit)
        if not has_reserve(tx.state):
            return
        for _each in range(live.effect.count):
            if dicemoves.recruit(tx, color=live.effect.color) is None:
                return

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.Recruit)
        n = effect.count
        if effect.color is None:
            return ngettext(
                "Recruit a die: the weakest die of the training grounds joins your dice pool.",
                "Recruit {n} dice, one at a time: each time the weakest die of the training grounds joins your dice "
                "pool.",
                n,
            ).format(n=n)
        return ngettext(
            "Recruit a {color} die: a {color} die of the training grounds joins your dice pool.",
            "Recruit {n} {color} dice, one at a time: each time a {color} die of the training grounds joins your dice "
            "pool.",
            n,
        ).format(n=n, color=color_word(effect.color, 1))


@handles("dismiss", passive=False)
class DismissHandler(Handler):
    """Dismiss ``count`` dice of the player's choice (neither banished nor applied) to the training grounds: a
    ``choose_die`` prompt, or all of them without asking when there are no more than that."""

    def uses(self, s: GameState, live: Live) -> list[dict[str, Any]]:
        return [{}] if has_reserve(s) and dicemoves.dismissable(s) else []

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.Dismiss)
        if not has_reserve(tx.state):
            return
        self._ask(tx, live, live.effect.count, None)

    def _ask(self, tx: Tx, live: Live, count: int, prompt: Prompt | None) -> None:
        choose_some(
            tx,
            live,
            kind="choose_die",
            count=count,
            options=tuple(dicemoves.dismissable(tx.state)),
            purpose=f"{kept_name(tx.state, live.source)}: choose {dice(count)} to dismiss to the training grounds",
            each=lambda die: dicemoves.dismiss(tx, die),
            open_prompt=prompt,
        )

    def choose(self, tx: Tx, live: Live, prompt: Prompt, command: Command) -> None:
        next_choice(tx, prompt, str(command.die))
        dicemoves.dismiss(tx, str(command.die))

    def reask(self, tx: Tx, live: Live, prompt: Prompt) -> None:
        self._ask(tx, live, prompt.count, prompt)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.Dismiss)
        return ngettext(
            "Dismiss {n} die of your choice to the training grounds (not banished or applied ones).",
            "Dismiss {n} dice of your choice to the training grounds (not banished or applied ones).",
            effect.count,
        ).format(n=effect.count)


def _changed_by(s: GameState, die: str, step: int) -> bool:
    """Whether strengthening (+1) or weakening (−1) the die would change it (HV12: the next colour must be in the
    training grounds; red cannot be strengthened nor yellow weakened; a banished or applied die cannot be moved)."""
    strength = STRENGTH[s.die(die).color] + step
    if not 0 <= strength < len(STRENGTH) or die not in dicemoves.dismissable(s):
        return False
    color = next(c for c, r in STRENGTH.items() if r == strength)
    return dicemoves.recruitable(s, color=color) is not None


class _Swap(Targeted):
    """Strengthen or weaken one die of the player's choice, among the dice it would change (HV12)."""

    fields = ("die",)
    step = 1

    def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
        if not has_reserve(s):
            return []
        return [(die,) for die in dicemoves.dismissable(s) if _changed_by(s, die, self.step)]

    def run(self, tx: Tx, live: Live, variant: Variant) -> None:
        if self.step > 0:
            dicemoves.strengthen(tx, variant["die"])
        else:
            dicemoves.weaken(tx, variant["die"])


@handles("strengthen", passive=False)
class StrengthenHandler(_Swap):
    """A die of the player's choice is dismissed and the die of the next stronger colour recruited into its zone."""

    ask = N_("choose the die to strengthen")

    def describe(self, effect: Effect) -> str:
        return _(
            "Strengthen a die of your choice: it returns to the training grounds and a die of the next stronger "
            "colour takes its place."
        )


@handles("weaken", passive=False)
class WeakenHandler(_Swap):
    """A die of the player's choice is dismissed and the die of the next weaker colour recruited into its zone."""

    ask = N_("choose the die to weaken")
    step = -1

    def describe(self, effect: Effect) -> str:
        return _(
            "Weaken a die of your choice: it returns to the training grounds and a die of the next weaker colour "
            "takes its place."
        )
