"""Handlers of rewards and the simple stat effects: heal, recover, raise/set/lower a stat, lose Health."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from twentystrong.content import effects as fx
from twentystrong.content.effects import Effect
from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command
from twentystrong.engine.effects.base import Handler, Live, handles
from twentystrong.engine.effects.words import colors, stat_name
from twentystrong.engine.state import GameState, Prompt
from twentystrong.engine.tx import Tx
from twentystrong.i18n import _, ngettext


@handles("heal", passive=False)
class HealHandler(Handler):
    """Gain Health (R1: never above 6)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.Heal)
        tx.change_stat("health", live.effect.amount, f"healed {live.effect.amount}")

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.Heal)
        return _("Gain {amount} Health.").format(amount=effect.amount)


@handles("lose_health", passive=False)
class LoseHealthHandler(Handler):
    """Lose Health (a loss below 1, R1)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.LoseHealth)
        tx.change_stat("health", -live.effect.amount, f"lost {live.effect.amount} Health")

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.LoseHealth)
        return _("Lose {amount} Health.").format(amount=effect.amount)


@handles("raise_stat", passive=False)
class RaiseStatHandler(Handler):
    """Raise a stat (R1 clamps at 6)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.RaiseStat)
        tx.change_stat(live.effect.stat, live.effect.amount, f"+{live.effect.amount} {live.effect.stat}")

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.RaiseStat)
        return _("Raise {stat} by {amount}.").format(stat=stat_name(effect.stat), amount=effect.amount)


@handles("lower_stat", passive=False)
class LowerStatHandler(Handler):
    """Lower a stat (R1: Strategy and Recovery stop at 1)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.LowerStat)
        tx.change_stat(live.effect.stat, -live.effect.amount, f"-{live.effect.amount} {live.effect.stat}")

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.LowerStat)
        return _("Lower {stat} by {amount}.").format(stat=stat_name(effect.stat), amount=effect.amount)


@handles("set_stat", passive=False)
class SetStatHandler(Handler):
    """Set a stat to a value."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.SetStat)
        tx.set_stat(live.effect.stat, live.effect.value, f"{live.effect.stat} set to {live.effect.value}")

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.SetStat)
        return _("Set {stat} to {value}.").format(stat=stat_name(effect.stat), value=effect.value)


def _recoverable(s: GameState, effect: fx.Recover | fx.ExtraRecovery) -> tuple[str, ...]:
    colors = effect.colors
    return tuple(d.id for d in s.dice_in("exhausted") if colors is None or d.color in colors)


def recovers_nothing(s: GameState, effects: Sequence[Effect]) -> bool:
    """Whether a reward made only of recoveries would recover no die now (none of its colours is exhausted): taking
    it does nothing, which the log says and which is never a front end's default."""
    return bool(effects) and all(isinstance(effect, fx.Recover) and not _recoverable(s, effect) for effect in effects)


@handles("recover", passive=False)
class RecoverHandler(Handler):
    """Recover exhausted dice: all (of some colours) at once, or up to N of the player's choice."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.Recover)
        options = _recoverable(tx.state, live.effect)
        if not options:
            return
        if live.effect.count is None or live.effect.count >= len(options):
            for die in options:
                tx.emit(ev.DieMoved, die=die, zone="pool", reason="recovered by effect")
            return
        tx.push(
            Prompt(
                "choose_die",
                source=live.source,
                effect=live.index,
                count=live.effect.count,
                options=options,
                purpose=f"up to {live.effect.count}: choose exhausted dice to recover",
            )
        )

    def choose(self, tx: Tx, live: Live, prompt: Prompt, command: Command) -> None:
        tx.emit(ev.DieMoved, die=str(command.die), zone="pool", reason="recovered by effect")
        tx.narrow_prompt(prompt, tuple(o for o in prompt.options if o != command.die))

    def reask(self, tx: Tx, live: Live, prompt: Prompt) -> None:
        assert isinstance(live.effect, fx.Recover)
        options = _recoverable(tx.state, live.effect)
        if options:
            tx.reask(prompt, options)  # "up to N": the player may still stop early
        else:
            tx.emit(ev.PromptDone)  # R8: nothing left to recover

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.Recover)
        if effect.count is None:
            if effect.colors:
                return _("Recover every exhausted {colors} die.").format(colors=colors(effect.colors, n=1))
            return _("Recover every exhausted die.")
        n = effect.count
        if effect.colors:
            return ngettext(
                "Recover {n} {colors} die of your choice from the exhausted area.",
                "Recover {n} {colors} dice of your choice from the exhausted area.",
                n,
            ).format(n=n, colors=colors(effect.colors, n=n))
        return ngettext(
            "Recover {n} die of your choice from the exhausted area.",
            "Recover {n} dice of your choice from the exhausted area.",
            n,
        ).format(n=n)


@handles("extra_recovery")
class ExtraRecoveryHandler(Handler):
    """Recover more dice each round, optionally only of some colours (hooks.recoverable fits dice to slots)."""

    def recovery_slot(self, s: GameState, live: Live) -> tuple[int, tuple[str, ...] | None] | None:
        assert isinstance(live.effect, fx.ExtraRecovery)
        return live.effect.count, None if live.effect.colors is None else tuple(live.effect.colors)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.ExtraRecovery)
        n = effect.count
        if effect.colors:
            return ngettext(
                "Recover up to {n} more {colors} die each round.", "Recover up to {n} more {colors} dice each round.", n
            ).format(n=n, colors=colors(effect.colors, n=n))
        return ngettext("Recover up to {n} more die each round.", "Recover up to {n} more dice each round.", n).format(
            n=n
        )
