"""Handlers of defeat and tempo: one defeat per step, linked defeats, returning to the stack, fleeing."""

from __future__ import annotations

from typing import Any

from twentystrong.content import effects as fx
from twentystrong.content.effects import Effect
from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler, Live, handles
from twentystrong.engine.effects.words import kept_name, name
from twentystrong.engine.rulesets import rules
from twentystrong.engine.state import ActiveCard, GameState, Prompt
from twentystrong.engine.tx import Tx
from twentystrong.i18n import _


@handles("one_defeat_per_step")
class OneDefeatPerStepHandler(Handler):
    """At most one enemy falls in each Apply step.

    Ruling: the count is the defeats since the current Apply step began (``defeated_this_step``), so a card that
    reached its Health after the first defeat stays standing for the rest of the engagement's step, suffers
    damage on at Resolve if no new Apply step comes, and falls at the start of the next Apply step (R5 looks
    again then). Item defeats count too: enemy text beats item text.
    """

    def defeat_block(self, s: GameState, live: Live, card: ActiveCard) -> str | None:
        if s.defeated_this_step < 1:
            return None
        return _("only one enemy may be defeated in each Apply step ({card})").format(card=name(s, live.source))

    def describe(self, effect: Effect) -> str:
        return _("Only one enemy may be defeated in each Apply step.")


@handles("defeat_also_defeats", passive=False)
class DefeatAlsoDefeatsHandler(Handler):
    """When this card is defeated, another active enemy of the player's choice falls with it.

    Its moment is the defeat (``on_defeat`` unless the card says otherwise). The other enemy must be undefeated, a
    conflict card of at most ``max_level`` and defeatable now (enemy text beats: an immune enemy is not a choice).
    With one candidate it simply falls; with several a ``choose_card`` prompt asks.
    """

    default_trigger = "on_defeat"

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        options = _others(tx.state, live)
        if len(options) == 1:
            _defeat(tx, live, options[0])
        elif options:
            tx.push(
                Prompt(
                    "choose_card",
                    card=live.source,
                    source=live.source,
                    effect=live.index,
                    options=tuple(options),
                    purpose=f"{kept_name(tx.state, live.source)}: choose another enemy it takes down with it",
                )
            )

    def choose(self, tx: Tx, live: Live, prompt: Prompt, command: Command) -> None:
        tx.emit(ev.PromptDone)
        if command.card in _others(tx.state, live):
            _defeat(tx, live, str(command.card))

    def reask(self, tx: Tx, live: Live, prompt: Prompt) -> None:
        options = _others(tx.state, live)
        if len(options) > 1:
            tx.reask(prompt, tuple(options))
            return
        tx.emit(ev.PromptDone)  # R8: one enemy left to take down simply falls; none, nothing happens
        if options:
            _defeat(tx, live, options[0])

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.DefeatAlsoDefeats)
        if effect.max_level >= 2:
            return _("Defeating this card also defeats another active enemy of your choice.")
        return _("Defeating this card also defeats another active enemy of level {level} of your choice.").format(
            level=effect.max_level
        )


def _others(s: GameState, live: Live) -> list[str]:
    assert isinstance(live.effect, fx.DefeatAlsoDefeats)
    return [
        c.id
        for c in s.active
        if c.id != live.source
        and not c.defeated
        and not c.boss
        and s.deck.card(c.id).level <= live.effect.max_level
        and hooks.defeat_block(s, c) is None
    ]


def _defeat(tx: Tx, live: Live, card_id: str) -> None:
    card = tx.state.active_card(card_id)
    if card is not None and not card.defeated:
        tx.defeat(card, f"defeated with {kept_name(tx.state, live.source)}")


@handles("returns_unless_first_defeat")
class ReturnsUnlessFirstDefeatHandler(Handler):
    """Unless it is the first enemy defeated this round, this card goes back where it came from instead (the top of
    its stack, in Solar Sentinels).

    "Instead": it is not defeated at all (no reward, no defeat counted). Its applied dice exhaust (R2). Where it goes
    is the ruleset's to say (``Ruleset.return_to_origin``: a card with no stack to go back to is discarded).
    """

    def instead_of_defeat(self, tx: Tx, live: Live, card: ActiveCard) -> bool:
        if live.source != card.id or not tx.state.defeated_this_round:
            return False
        rules(tx.state).return_to_origin(tx, card)
        return True

    def describe(self, effect: Effect) -> str:
        return _("If this is not the first enemy defeated this round, it returns to the top of its stack instead.")


@handles("flees_on_roll", passive=False)
class FleesOnRollHandler(Handler):
    """After a roll showing at least N misses (rolled, unapplied dice), this card flees: it leaves for the discard
    pile with no reward, and its applied dice exhaust (R2). A boss never flees."""

    default_trigger = "after_roll"

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.FleesOnRoll)
        s = tx.state
        card = s.active_card(live.source)
        if card is None or card.boss:
            return
        if sum(1 for d in s.dice_in("active") if d.face == "miss") >= live.effect.misses:
            tx.emit(ev.CardLeft, card=card.id, to="fled")

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.FleesOnRoll)
        if effect.misses == 1:
            return _("If a roll shows a miss, this card flees (its applied dice are exhausted).")
        return _("If a roll shows {n} or more misses, this card flees (its applied dice are exhausted).").format(
            n=effect.misses
        )
