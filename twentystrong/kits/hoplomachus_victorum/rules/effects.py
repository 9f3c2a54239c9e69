"""Handlers of the effect kinds that act on Hoplomachus Victorum's own zones (architecture.md contract 7: one handler
per kind): gaining a Tactic from the Tactics area, moving the chip to any camp, feeding camp tops to the Influence
deck, and a Scion's Influence scaling. (Recruit, dismiss, strengthen and weaken are general dice moves:
:mod:`twentystrong.engine.effects.dicezone`.)
"""

from __future__ import annotations

from typing import Any

from twentystrong.content.effects import Effect
from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler, Live, handles
from twentystrong.engine.effects.items import Targeted, Variant, choose_some, next_choice
from twentystrong.engine.effects.words import kept_name, sentence
from twentystrong.engine.state import ActiveCard, GameState, Prompt
from twentystrong.engine.tx import Tx
from twentystrong.i18n import N_, _, ngettext
from twentystrong.kits.hoplomachus_victorum import kinds
from twentystrong.kits.hoplomachus_victorum.rules.events import InfluenceFed, Moved, TacticGained
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import BY_ID, CAMPS, IDS
from twentystrong.kits.hoplomachus_victorum.rules.table import VictorumTable, moved, table


def _dealt(s: GameState) -> VictorumTable | None:
    t = s.table
    return t if isinstance(t, VictorumTable) else None


def _room(s: GameState, live: Live) -> bool:
    """Room for one more item; a single-use item using this effect leaves the inventory first."""
    leaving = (
        live.origin == "item" and live.source in s.inventory and hooks.item_effects(s, live.source)[0] == "single_use"
    )
    return len(s.inventory) - int(leaving) < s.hero.strategy


@handles("gain_tactic", passive=False)
class GainTacticHandler(Targeted):
    """A Tactic of the player's choice moves from the Tactics area into the inventory (room needed: HV2)."""

    ask = N_("choose the Tactic to gain")
    fields = ("card",)

    def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
        t = _dealt(s)
        if t is None or not _room(s, live):
            return []
        return [(c,) for c in t.tactics]

    def run(self, tx: Tx, live: Live, variant: Variant) -> None:
        if variant["card"] in table(tx.state).tactics and len(tx.state.inventory) < tx.state.hero.strategy:
            tx.emit(TacticGained, tactic=variant["card"])

    def describe(self, effect: Effect) -> str:
        return _("Gain a Tactic of your choice from the Tactics area, if you have room for it.")


@handles("move_to_camp", passive=False)
class MoveToCampHandler(Targeted):
    """Before the chip moves this round, move it to any camp that can be entered (not only an adjacent one, HV5
    still: never an empty camp). Offered in the move step only."""

    ask = N_("choose the camp to move to")
    fields = ("camp",)

    def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
        t = _dealt(s)
        if t is None or s.step != "move" or moved(s) or s.prompt is not None:
            return []
        return [(IDS[k],) for k in range(CAMPS) if not t.empty(k) and k != t.position]

    def run(self, tx: Tx, live: Live, variant: Variant) -> None:
        tx.emit(Moved, camp=str(variant["camp"]), reason=f"moved by {kept_name(tx.state, live.source)}")

    def describe(self, effect: Effect) -> str:
        return _("Before you move this round: move to any camp that can be entered, not only an adjacent one.")


@handles("feed_influence", passive=False)
class FeedInfluenceHandler(Handler):
    """The top card of ``count`` camps of the player's choice (each a different camp) goes to the Influence deck
    (a ``choose_camp`` prompt; no choice when no more camps than that have a card)."""

    def uses(self, s: GameState, live: Live) -> list[dict[str, Any]]:
        return [{}] if _open(s) else []

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, kinds.FeedInfluence)
        self._ask(tx, live, live.effect.count, None)

    def _ask(self, tx: Tx, live: Live, count: int, prompt: Prompt | None) -> None:
        choose_some(
            tx,
            live,
            kind="choose_camp",
            count=count,
            options=_open(tx.state),
            purpose=f"{kept_name(tx.state, live.source)}: choose a camp whose top card joins the Influence deck",
            each=lambda camp: _feed(tx, camp),
            open_prompt=prompt,
        )

    def choose(self, tx: Tx, live: Live, prompt: Prompt, command: Command) -> None:
        next_choice(tx, prompt, str(command.camp))
        if str(command.camp) in _open(tx.state):
            _feed(tx, str(command.camp))

    def reask(self, tx: Tx, live: Live, prompt: Prompt) -> None:
        self._ask(tx, live, prompt.count, prompt)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, kinds.FeedInfluence)
        return ngettext(
            "The top card of a camp of your choice joins the Influence deck.",
            "The top card of {n} camps of your choice joins the Influence deck.",
            effect.count,
        ).format(n=effect.count)


def _open(s: GameState) -> tuple[str, ...]:
    t = _dealt(s)
    return tuple(IDS[k] for k in range(CAMPS) if t.camps[k]) if t is not None and t.camps else ()


def _feed(tx: Tx, camp: str) -> None:
    k = BY_ID[camp]
    t = table(tx.state)
    tx.emit(InfluenceFed, camp=camp, card=t.camps[k][0], revealed=t.under_top(k))


@handles("influence_scaling")
class InfluenceScalingHandler(Handler):
    """A Scion's number grows with the Influence icons counted when it turned to its Conflict side: its Damage while
    in force, its Health set when it is activated (``on_activate``), its +N read by the final fight's setup."""

    default_trigger = "on_activate"

    def _growth(self, s: GameState, live: Live) -> int:
        assert isinstance(live.effect, kinds.InfluenceScaling)
        e = live.effect
        t = _dealt(s)
        grow = e.amount * ((t.icons if t is not None else 0) // e.per)
        return grow if e.most is None else min(e.most, grow)

    def enemy_damage(self, s: GameState, live: Live, card: ActiveCard, damage: int) -> int:
        assert isinstance(live.effect, kinds.InfluenceScaling)
        if live.effect.grows == "damage" and card.id == live.source:
            return damage + self._growth(s, live)
        return damage

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, kinds.InfluenceScaling)
        card = tx.state.active_card(live.source)
        if live.effect.grows != "health" or card is None:
            return
        grow = self._growth(tx.state, live)
        if grow:
            base = card.health_override or tx.state.deck.boss(card.id).health
            tx.emit(ev.CardChanged, card=card.id, health_override=base + grow)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, kinds.InfluenceScaling)
        if effect.grows == "health":
            text = ngettext(
                "Its Health grows by {amount} per Influence icon in the Influence deck when it turns to fight",
                "Its Health grows by {amount} per {per} Influence icons in the Influence deck when it turns to fight",
                effect.per,
            )
        elif effect.grows == "damage":
            text = ngettext(
                "Its Damage grows by {amount} per Influence icon in the Influence deck when it turns to fight",
                "Its Damage grows by {amount} per {per} Influence icons in the Influence deck when it turns to fight",
                effect.per,
            )
        else:
            text = ngettext(
                "Its number of additional enemies (+N) grows by {amount} per Influence icon in the Influence deck when "
                "it turns to fight",
                "Its number of additional enemies (+N) grows by {amount} per {per} Influence icons in the Influence "
                "deck when it turns to fight",
                effect.per,
            )
        text = text.format(amount=effect.amount, per=effect.per)
        if effect.most is not None:
            text = _("{growth} (at most +{most})").format(growth=text, most=effect.most)
        return sentence(text)
