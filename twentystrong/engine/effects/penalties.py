"""Handlers of penalties: Health lost per miss, no recovery, items blocked, banished or exhausted dice, more enemies.

``lose_health`` and ``lower_stat`` live with the rewards (:mod:`.rewards`): they are the same stat changes.
"""

from __future__ import annotations

from typing import Any

from twentystrong.content import effects as fx
from twentystrong.content.effects import COLORS, Effect
from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import STRENGTH
from twentystrong.engine.effects.base import Handler, Live, handles
from twentystrong.engine.effects.hooks import ITEMS_BLOCKED, NO_RECOVERY
from twentystrong.engine.effects.items import choose_some, next_choice
from twentystrong.engine.effects.words import dice, kept_name, name
from twentystrong.engine.state import GameState, Prompt
from twentystrong.engine.tx import Tx
from twentystrong.i18n import _, ngettext


@handles("lose_health_per_miss", passive=False)
class LoseHealthPerMissHandler(Handler):
    """After each roll, lose Health for each rolled, unapplied die showing a miss — or, with ``per_color_hits``,
    for each colour whose rolled dice show at least that many hits (crits count as hits)."""

    default_trigger = "after_roll"

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.LoseHealthPerMiss)
        e = live.effect
        rolled = tx.state.dice_in("active")
        if e.per_color_hits is None:
            count = sum(1 for d in rolled if d.face == "miss")
            what = "miss"
        else:
            need = e.per_color_hits
            hits = [d.color for d in rolled if d.face in ("hit", "crit")]
            count = sum(1 for c in COLORS if hits.count(c) >= need)
            what = f"colour with {need}+ hits"
        if count:
            tx.change_stat("health", -count * e.amount, f"{kept_name(tx.state, live.source)}: {count} × {what}")

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.LoseHealthPerMiss)
        if effect.per_color_hits is None:
            return _("After each roll, lose {amount} Health for each die showing a miss.").format(amount=effect.amount)
        return _("After each roll, lose {amount} Health for each colour showing {hits} or more hits.").format(
            amount=effect.amount, hits=effect.per_color_hits
        )


@handles("no_recovery")
class NoRecoveryHandler(Handler):
    """No dice may be recovered: while the effect is in force, or — fired as an After effect or a consequence —
    until the round ends (the ``no_recovery`` round flag, read by ``hooks.recovery_block``)."""

    def recovery_block(self, s: GameState, live: Live) -> str | None:
        return _("no dice may be recovered ({card})").format(card=name(s, live.source))

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        if NO_RECOVERY not in tx.state.round_flags:
            tx.emit(ev.Marked, flag=NO_RECOVERY)

    def describe(self, effect: Effect) -> str:
        return _("No dice may be recovered this round.")


@handles("items_blocked")
class ItemsBlockedHandler(Handler):
    """Items cannot be used (the hero's ability still can): while in force, or until the round ends when fired."""

    def items_block(self, s: GameState, live: Live) -> str | None:
        return _("items cannot be used ({card})").format(card=name(s, live.source))

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        if ITEMS_BLOCKED not in tx.state.round_flags:
            tx.emit(ev.Marked, flag=ITEMS_BLOCKED)

    def describe(self, effect: Effect) -> str:
        return _("Items cannot be used.")


@handles("banish_strongest_pool_die", passive=False)
class BanishStrongestPoolDieHandler(Handler):
    """Banish the strongest die in the pool (red, then purple …), ``count`` times; the effect says which die, so
    there is no choice (dice of one colour are alike)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.BanishStrongestPoolDie)
        for _each in range(live.effect.count):
            pool = tx.state.dice_in("pool")
            if not pool:
                return
            strongest = max(pool, key=lambda d: STRENGTH[d.color])
            banisher = kept_name(tx.state, live.source)
            tx.emit(ev.DieMoved, die=strongest.id, zone="banished", reason=f"banished by {banisher}")

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.BanishStrongestPoolDie)
        return ngettext(
            "Banish the strongest die in the dice pool.",
            "Banish the {n} strongest dice in the dice pool.",
            effect.count,
        ).format(n=effect.count)


@handles("banish_applied_dice", passive=False)
class BanishAppliedDiceHandler(Handler):
    """Banish every die applied to this card (an After effect sees them before Resolve step 3 exhausts them)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        for die in tx.state.applied_to(live.source):
            tx.emit(ev.DieMoved, die=die.id, zone="banished", reason=f"banished by {kept_name(tx.state, live.source)}")

    def describe(self, effect: Effect) -> str:
        return _("Banish the dice applied to this card.")


@handles("extra_enemy_next_round", passive=False)
class ExtraEnemyNextRoundHandler(Handler):
    """Next round, activate more enemies (the next ``RoundStarted`` adds them to its activations)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.ExtraEnemyNextRound)
        tx.emit(ev.Marked, field="next_round_extra", value=tx.state.next_round_extra + live.effect.count)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.ExtraEnemyNextRound)
        return ngettext(
            "Next round, activate one more enemy.", "Next round, activate {n} more enemies.", effect.count
        ).format(n=effect.count)


def _exhaust_all(tx: Tx, live: Live, dice_ids: tuple[str, ...]) -> None:
    for die in dice_ids:
        tx.emit(ev.DieMoved, die=die, zone="exhausted", reason=f"exhausted by {kept_name(tx.state, live.source)}")


@handles("exhaust_pool_dice", passive=False)
class ExhaustPoolDiceHandler(Handler):
    """Exhaust pool dice of the player's choice (all of them, without asking, when the pool has no more)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.ExhaustPoolDice)
        self._ask(tx, live, live.effect.count, None)

    def _ask(self, tx: Tx, live: Live, count: int, prompt: Prompt | None) -> None:
        """No more pool dice than still to exhaust: all of them, no choice (R8 too)."""
        choose_some(
            tx,
            live,
            kind="choose_die",
            count=count,
            options=tuple(d.id for d in tx.state.dice_in("pool")),
            purpose=f"{kept_name(tx.state, live.source)}: choose {dice(count)} from the pool to exhaust",
            each=lambda die: _exhaust_all(tx, live, (die,)),
            open_prompt=prompt,
        )

    def choose(self, tx: Tx, live: Live, prompt: Prompt, command: Command) -> None:
        next_choice(tx, prompt, str(command.die))
        if tx.state.die(str(command.die)).zone == "pool":  # still there (the options were listed earlier)
            tx.emit(
                ev.DieMoved,
                die=str(command.die),
                zone="exhausted",
                reason=f"exhausted by {kept_name(tx.state, live.source)}",
            )

    def reask(self, tx: Tx, live: Live, prompt: Prompt) -> None:
        self._ask(tx, live, prompt.count, prompt)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.ExhaustPoolDice)
        return ngettext(
            "Exhaust {n} die of your choice from the dice pool.",
            "Exhaust {n} dice of your choice from the dice pool.",
            effect.count,
        ).format(n=effect.count)
