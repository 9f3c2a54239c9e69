"""Fights of Hoplomachus Victorum (hoplomachus.md "Engagement", "Primus fights", "The final fight", "Cleanup").

- **Bloodshed**: at Suffer damage, each undefeated Bloodshed enemy that deals damage owes a die dismissed at Cleanup
  (step ``bloodshed``, one ``dismiss`` command per die);
- **Primus fights** follow the endgame-round rules: undefeated cards stay at Cleanup with the dice applied to them
  (HV9), the next rounds skip Activation; the fight is won once every enemy in it is defeated; then, at the end of
  that round's Cleanup (step ``bane``), the Primus's Bane resolves and the Primus is out of the game (HV10);
- **the final fight**: once every Primus is beaten, the next round moves the chip to the Scion's place, discards
  every camp, turns the Scion to its Conflict side and adds its +N from the Influence deck, shuffled (HV11), or at
  random from the discard when that is empty. The game is won when every enemy, the Scion included, is defeated.
"""

from __future__ import annotations

from collections.abc import Sequence

from twentystrong.engine import events as ev
from twentystrong.engine import flow
from twentystrong.engine.commands import Command
from twentystrong.engine.dicemoves import dismissable
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Live
from twentystrong.engine.rng import below, shuffled
from twentystrong.engine.state import ActiveCard, GameState
from twentystrong.engine.tx import Tx
from twentystrong.kits.hoplomachus_victorum.content import primus_by_id
from twentystrong.kits.hoplomachus_victorum.kinds import InfluenceScaling
from twentystrong.kits.hoplomachus_victorum.rules.events import (
    TRAINING,
    BaneResolved,
    BloodshedMarked,
    FightWon,
    FinalDrawn,
    FinalFightStarted,
)
from twentystrong.kits.hoplomachus_victorum.rules.table import camp_card, is_enemy_card, table

# --- Suffer damage: Bloodshed ---------------------------------------------------------------------------------------


def suffer_step(tx: Tx) -> bool:
    """Resolve step 1 as the general rules play it, after noting the Bloodshed enemies that deal damage."""
    s = tx.state
    bloody = tuple(
        c.id for c in s.active if not c.defeated and _kind(s, c) == "bloodshed" and hooks.enemy_damage(s, c) > 0
    )
    if bloody:
        tx.emit(BloodshedMarked, cards=bloody)
    return flow.suffer(tx)


def _kind(s: GameState, card: ActiveCard) -> str | None:
    found = None if card.boss else camp_card(s.deck, card.id)
    return found.kind if found is not None else None


# --- Cleanup --------------------------------------------------------------------------------------------------------


def fight_goes_on(s: GameState) -> bool:
    """A multi-round fight is in progress and an enemy in it still stands."""
    return bool(table(s).fight) and any(not c.defeated for c in s.active)


def stays_at_cleanup(s: GameState, card: ActiveCard) -> bool:
    """While a fight goes on its undefeated cards stay, and its boss too (its Bane, or the win, waits for the rest);
    otherwise every card leaves."""
    return fight_goes_on(s) and (not card.defeated or card.boss)


def cleanup_destination(s: GameState, card: ActiveCard) -> str:
    """A beaten Primus leaves the game (HV10); a defeated card with the Influence icon joins the Influence deck
    (not in the final fight); every other card goes to the discard pile."""
    if card.boss:
        return "beaten"
    found = camp_card(s.deck, card.id)
    if card.defeated and found is not None and found.influence and table(s).fight != "final":
        return "influence"
    return "discard"


def after_cleanup(tx: Tx) -> bool:
    """The Bloodshed dismissals, then the Bane of a Primus whose fight was won; steps only when there is one."""
    s = tx.state
    if table(s).bloodshed and dismissable(s):
        tx.emit(ev.StepChanged, step="bloodshed")
        return True
    if table(s).bloodshed:
        tx.emit(ev.Marked, field="bloodshed_owed", value=0)  # no die left to dismiss
    return _to_bane(tx)


def _to_bane(tx: Tx) -> bool:
    """The Bane step when a Primus fight was just won (every enemy in it defeated and gone); else the round ends."""
    t = table(tx.state)
    if t.fight == "primus" and not tx.state.active:
        tx.emit(ev.StepChanged, step="bane")
        return True
    return False


def bloodshed_commands(s: GameState) -> list[Command]:
    """Dismiss one die of the player's choice (neither banished nor applied) for each Bloodshed enemy that dealt
    damage."""
    return [Command("dismiss", die=d) for d in dismissable(s)]


def bloodshed_step(tx: Tx) -> bool:
    s = tx.state
    owed = table(s).bloodshed
    if owed and dismissable(s):
        return False
    if owed:
        tx.emit(ev.Marked, field="bloodshed_owed", value=0)  # no die left to dismiss
    if not _to_bane(tx):
        flow.end_round(tx)
    return True


def _dismiss(tx: Tx, c: Command) -> None:
    tx.emit(ev.DieMoved, die=c.die, zone=TRAINING, reason="dismiss")
    tx.emit(ev.Marked, field="bloodshed_owed", value=table(tx.state).bloodshed - 1)


def bane_step(tx: Tx) -> bool:
    """A Primus fight is won when every enemy in it is defeated: its Bane resolves at the end of Cleanup (its
    choices are prompts); then the round ends."""
    s = tx.state
    t = table(s)
    if t.bane is not None:
        if next_effect(tx, t.bane, primus_by_id(s.deck, t.bane).bane):
            return True
        tx.emit(BaneResolved, primus=t.bane)
    elif t.fight == "primus" and not s.active and t.fighting is not None:
        primus = t.fighting
        tx.emit(FightWon, primus=primus)
        tx.emit(ev.Marked, field="effects_left", value=len(primus_by_id(s.deck, primus).bane))
        return True
    flow.end_round(tx)
    return True


def next_effect(tx: Tx, source: str, effects: Sequence[object]) -> bool:
    """HV16: the next of a penalty's (or a Bane's) effects still to happen, in the order the card lists them; one
    at a time, so that a choice it asks is answered before the next one happens (the step runs again after it).
    False when none is left."""
    left = table(tx.state).effects_left
    if left <= 0 or left > len(effects):
        return False
    index = len(effects) - left
    tx.emit(ev.Marked, field="effects_left", value=left - 1)
    tx.fire(bane_live(source, index, effects[index]), {})
    return True


def bane_live(primus: str, index: int, effect: object) -> Live:
    """A Bane effect as a live effect of its Primus (a prompt it pushes finds it again: ``effect_of_prompt``)."""
    return Live(primus, "boss", index, effect)  # type: ignore[arg-type]


# --- the final fight ------------------------------------------------------------------------------------------------


def start_final(tx: Tx) -> None:
    """The final fight begins (the round after the last Primus fight is won)."""
    s = tx.state
    t = table(s)
    o = s.options
    order, draws = (t.influence, 0)
    if o.deal == "shuffled":
        order, draws = shuffled(o.seed, s.rng, t.influence)  # HV11: shuffled now; its order stays hidden
    deck = s.deck
    icons = sum(1 for c in t.influence if (found := camp_card(deck, c)) is not None and found.influence)
    discarded = tuple(c for camp in t.camps for c in camp)
    tx.emit(FinalFightStarted, scion=t.scion, discarded=discarded, influence=order, icons=icons, draws=draws)
    tx.emit(ev.CardActivated, card=t.scion, boss=True)
    flow.on_activated(tx, t.scion)  # its scaling (HV: "+1 Health per Influence icon") is set here
    owed = deck.boss(t.scion).entourage + scaled(s, t.scion, "additional", icons)
    while owed > 0 and not tx.over:
        drew, more = _draw(tx)
        if not drew:
            break  # nothing left to draw: the rest are ignored
        owed += more - 1  # an added enemy's own +N: more from the same sources
    if not tx.over:
        flow.begin_engagement(tx)


def _draw(tx: Tx) -> tuple[bool, int]:
    """One draw for the final fight: the Influence deck's top card; that deck empty, a Bloodshed or Sport card at
    random from the discard (one without the Influence icon is defeated at once: no enemy, no reward). An Opportunity
    drawn from the Influence deck adds no enemy (it goes to the discard). HV14: every card drawn from the discard
    ignores its +N, with the Influence icon or without; a card from the Influence deck resolves its +N. Whether a card
    was drawn, and how many more enemies it adds (its +N)."""
    s = tx.state
    t = table(s)
    deck = s.deck
    if t.influence:
        card = t.influence[0]
        enemy = is_enemy_card(deck, card)
        tx.emit(FinalDrawn, card=card, source="influence", dud=not enemy)
    else:
        pool = [c for c in s.discard if is_enemy_card(deck, c)]
        if not pool:
            return False, 0
        ordered = s.options.deal == "ordered"
        card = pool[0 if ordered else below(s.options.seed, s.rng, len(pool))]
        found = camp_card(deck, card)
        enemy = found is not None and found.influence
        tx.emit(FinalDrawn, card=card, source="discard", dud=not enemy, draws=0 if ordered else 1)
    if not enemy:
        return True, 0
    tx.emit(ev.CardActivated, card=card, entourage=True)  # its +N is counted by the caller, not the activations
    flow.on_activated(tx, card)
    return True, deck.card(card).additional if t.influence else 0  # HV14: from the discard, no +N


def scaled(s: GameState, source: str, stat: str, icons: int) -> int:
    """How much a card's Influence scaling adds to one of its numbers, for ``icons`` Influence icons."""
    total = 0
    for effect in hooks.card_effects(s, ActiveCard(source, boss=True)):
        if isinstance(effect, InfluenceScaling) and effect.grows == stat:
            grow = effect.amount * (icons // effect.per)
            total += grow if effect.most is None else min(effect.most, grow)
    return total


def won(s: GameState) -> str | None:
    """The final fight is won when every enemy in it, the Scion included, is defeated."""
    t = table(s)
    if t.fight != "final" or not s.active or any(not c.defeated for c in s.active):
        return None
    return f"{s.deck.boss(t.scion).name} and every enemy with it are defeated"


def keeps_applied_dice(s: GameState, card: ActiveCard) -> bool:
    """HV9: in a Primus fight and in the final fight, the dice on an undefeated enemy stay applied at Exhaust."""
    return bool(table(s).fight)
