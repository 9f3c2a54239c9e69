"""Handlers of the effect kinds that act on Solar Sentinels' own zones: discarding stack tops, taking a stack top's
reward, revealing the boss (architecture.md contract 7: one handler per kind; these kinds are this deck's).

Stack management: empty stacks are ignored by every effect; a removed top reveals the next card at once. Effects may
discard a mandatory top (only the Cleanup stack discard may not).
"""

from __future__ import annotations

from typing import Any

from twentystrong.content.effects import Effect
from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command
from twentystrong.engine.effects.base import Handler, Live, handles
from twentystrong.engine.effects.items import Targeted, Variant, grant_instant_reward
from twentystrong.engine.effects.words import kept_name
from twentystrong.engine.rng import shuffled
from twentystrong.engine.state import GameState, Prompt
from twentystrong.engine.tx import Tx
from twentystrong.i18n import N_, _
from twentystrong.kits.solar_sentinels import kinds
from twentystrong.kits.solar_sentinels.rules.events import BossRevealed, StackTopDiscarded
from twentystrong.kits.solar_sentinels.rules.table import table


def _stacks(s: GameState) -> list[int]:
    """The non-empty stacks, 1-based."""
    return table(s).open_stacks()


def _discard_top(tx: Tx, stack: int) -> None:
    t = table(tx.state)
    tx.emit(StackTopDiscarded, stack=stack, card=t.stacks[stack - 1][0], reason="effect", revealed=t.under_top(stack))


@handles("discard_stack_top", passive=False)
class DiscardStackTopHandler(Handler):
    """Discard stack tops: one stack of the player's choice, once per die applied to this card, or every stack.

    Each choice is a ``choose_stack`` prompt (``count`` says how many are left); with one non-empty stack there is
    nothing to choose. Used as an item or ability, ``once`` lists one command per stack.
    """

    def uses(self, s: GameState, live: Live) -> list[dict[str, Any]]:
        assert isinstance(live.effect, kinds.DiscardStackTop)
        if live.effect.per == "once":
            return [{"stack": i} for i in _stacks(s)]
        return [{}] if _stacks(s) else []

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, kinds.DiscardStackTop)
        per = live.effect.per
        if per == "each_stack":
            for i in _stacks(tx.state):
                _discard_top(tx, i)
            return
        times = 1 if per == "once" else len(tx.state.applied_to(live.source))
        command = context.get("command")
        if times == 1 and isinstance(command, Command) and command.stack in _stacks(tx.state):
            _discard_top(tx, int(command.stack or 0))
            return
        self._discard(tx, live, times)

    def _discard(self, tx: Tx, live: Live, times: int) -> None:
        """Discard ``times`` tops, asking whenever more than one stack is left to choose from."""
        while times > 0:
            options = _stacks(tx.state)
            if not options:
                return
            if len(options) > 1:
                tx.push(
                    Prompt(
                        "choose_stack",
                        source=live.source,
                        effect=live.index,
                        count=times,
                        options=tuple(str(i) for i in options),
                        purpose=f"{kept_name(tx.state, live.source)}: choose a stack whose top card is discarded",
                    )
                )
                return
            _discard_top(tx, options[0])
            times -= 1

    def choose(self, tx: Tx, live: Live, prompt: Prompt, command: Command) -> None:
        tx.emit(ev.PromptDone)
        if command.stack in _stacks(tx.state):
            _discard_top(tx, int(command.stack or 0))
        self._discard(tx, live, prompt.count - 1)

    def reask(self, tx: Tx, live: Live, prompt: Prompt) -> None:
        options = _stacks(tx.state)
        if len(options) > 1:
            tx.reask(prompt, tuple(str(i) for i in options))
            return
        tx.emit(ev.PromptDone)  # R8: one stack left, nothing to choose; none, nothing to discard
        self._discard(tx, live, prompt.count)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, kinds.DiscardStackTop)
        if effect.per == "each_stack":
            return _("Discard the top card of every stack.")
        if effect.per == "applied_die":
            return _("For each die applied to this card, discard the top card of a stack of your choice.")
        return _("Discard the top card of a stack of your choice.")


@handles("reveal_boss", passive=False)
class RevealBossHandler(Handler):
    """Turn up the boss deck's top card; a boss revealed before goes to the boss discard.

    When the boss deck has run out, its discard is shuffled into a new boss deck first: the shuffle is drawn here
    and recorded in ``BossRevealed.reshuffled`` (contract 4). With nothing left to reveal, nothing happens.
    """

    def uses(self, s: GameState, live: Live) -> list[dict[str, Any]]:
        t = table(s)
        return [{}] if t.boss_deck or t.boss_discard else []

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        s = tx.state
        t = table(s)
        deck = t.boss_deck
        reshuffled: tuple[str, ...] = ()
        draws = 0
        if not deck:
            if not t.boss_discard:
                return
            reshuffled, draws = shuffled(s.options.seed, s.rng, t.boss_discard)
            deck = reshuffled
        tx.emit(BossRevealed, boss=deck[0], reshuffled=reshuffled, draws=draws)

    def describe(self, effect: Effect) -> str:
        return _("Reveal the top card of the boss deck.")


@handles("take_stack_reward", passive=False)
class TakeStackRewardHandler(Targeted):
    """Gain the instant reward of a stack's top card; the card stays where it is."""

    ask = N_("choose the stack whose top card's reward you gain")
    fields = ("stack",)

    def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
        out: list[tuple[Any, ...]] = []
        for i, stack in enumerate(table(s).stacks):
            if stack:
                reward = s.deck.card(stack[0]).reward
                if reward is not None and reward.kind == "instant":
                    out.append((i + 1,))
        return out

    def run(self, tx: Tx, live: Live, variant: Variant) -> None:
        grant_instant_reward(tx, table(tx.state).stacks[variant["stack"] - 1][0])

    def describe(self, effect: Effect) -> str:
        return _("Gain the instant reward of a stack's top card (the card stays where it is).")
