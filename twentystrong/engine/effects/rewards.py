"""Handlers of rewards and the simple stat effects: heal, recover, raise/set/lower a stat, lose Health."""

from __future__ import annotations

from typing import Any

from twentystrong.content import effects as fx
from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command
from twentystrong.engine.effects.base import Handler, Live, handles
from twentystrong.engine.state import GameState, Prompt
from twentystrong.engine.tx import Tx


@handles("heal", passive=False)
class HealHandler(Handler):
    """Gain Health (R1: never above 6)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.Heal)
        tx.change_stat("health", live.effect.amount, f"healed {live.effect.amount}")


@handles("lose_health", passive=False)
class LoseHealthHandler(Handler):
    """Lose Health (a loss below 1, R1)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.LoseHealth)
        tx.change_stat("health", -live.effect.amount, f"lost {live.effect.amount} Health")


@handles("raise_stat", passive=False)
class RaiseStatHandler(Handler):
    """Raise a stat (R1 clamps at 6)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.RaiseStat)
        tx.change_stat(live.effect.stat, live.effect.amount, f"+{live.effect.amount} {live.effect.stat}")


@handles("lower_stat", passive=False)
class LowerStatHandler(Handler):
    """Lower a stat (R1: Strategy and Recovery stop at 1)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.LowerStat)
        tx.change_stat(live.effect.stat, -live.effect.amount, f"-{live.effect.amount} {live.effect.stat}")


@handles("set_stat", passive=False)
class SetStatHandler(Handler):
    """Set a stat to a value."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.SetStat)
        tx.set_stat(live.effect.stat, live.effect.value, f"{live.effect.stat} set to {live.effect.value}")


def _recoverable(s: GameState, effect: fx.Recover | fx.ExtraRecovery) -> tuple[str, ...]:
    colors = effect.colors
    return tuple(d.id for d in s.dice_in("exhausted") if colors is None or d.color in colors)


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
                tx.move_die(die, "pool", "recovered by effect")
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
        tx.move_die(str(command.die), "pool", "recovered by effect")
        rest = tuple(o for o in prompt.options if o != command.die)
        if prompt.count > 1 and rest:
            tx.emit(
                ev.PromptUpdated,
                prompt=Prompt(
                    prompt.kind,
                    prompt.card,
                    prompt.source,
                    prompt.effect,
                    prompt.count - 1,
                    rest,
                    prompt.purpose,
                ),
            )
        else:
            tx.emit(ev.PromptDone)


@handles("extra_recovery")
class ExtraRecoveryHandler(Handler):
    """Recover more dice each round (the colour restriction is checked when the extra dice are chosen)."""

    def recovery_bonus(self, s: GameState, live: Live) -> int:
        assert isinstance(live.effect, fx.ExtraRecovery)
        return live.effect.count
