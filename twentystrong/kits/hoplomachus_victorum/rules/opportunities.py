"""Opportunities (hoplomachus.md "Opportunity", HV8): a held Opportunity counts what its condition names, only while
it is held and not yet earned; at its target it flips: an instant reward happens at once, an item reward (single-use
or ongoing) is in force from then on. Until then it is a dormant item: it counts against Strategy and may be
discarded (giving nothing), nothing more.

Counting reads the events each command caused (``Ruleset.after_command``), in order, so an Opportunity counts only
what happens after it was kept and before it is discarded.
"""

from __future__ import annotations

from twentystrong.content.model import Deck
from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Live
from twentystrong.engine.effects.items import reward_live
from twentystrong.engine.state import GameState
from twentystrong.engine.tx import Tx
from twentystrong.kits.hoplomachus_victorum.content import CampCard, OpportunityCondition, primus_of
from twentystrong.kits.hoplomachus_victorum.rules.events import OpportunityDecided, OpportunityProgress, Spectated
from twentystrong.kits.hoplomachus_victorum.rules.table import camp_card, table


def condition_of(deck: Deck, card: str) -> OpportunityCondition:
    """A camp Opportunity's condition."""
    found = camp_card(deck, card)
    assert found is not None and found.condition is not None
    return found.condition


def track(tx: Tx, before: GameState, command: Command) -> None:
    """Credit the held, unearned Opportunities with what ``command`` caused (``before``: the state it met)."""
    t = table(tx.state)
    counting = {c: p for c, p in table(before).opportunities if c not in table(before).earned}
    events = list(tx.events)
    if not counting and not any(isinstance(e, OpportunityDecided) and e.kept for e in events):
        return
    deck = tx.state.deck
    activated = len(before.activated_this_round)
    applied: dict[str, set[str]] = {}
    hits: dict[str, int] = {}
    for event in events:
        if isinstance(event, OpportunityDecided) and event.kept:
            counting[event.card] = 0
            continue
        if isinstance(event, ev.ItemDiscarded | ev.ItemUsed):
            # The card used or discarded stops counting; another card's use still counts (items_used).
            counting.pop(event.item, None)
        if isinstance(event, ev.RoundStarted):
            activated = 0
        if isinstance(event, ev.CardActivated):
            activated += 1
        for card in counting:
            if _counts(deck, condition_of(deck, card), event, before, activated, applied):
                hits[card] = hits.get(card, 0) + 1
        if isinstance(event, ev.DieMoved) and event.reason == "apply" and event.card is not None:
            applied.setdefault(event.card, {d.color for d in before.applied_to(event.card)}).add(
                before.die(event.die).color
            )
    for card, count in hits.items():
        if card not in counting or card in table(tx.state).earned:
            continue
        target = condition_of(deck, card).target
        progress = min(target, t.progress(card) + count)
        tx.emit(OpportunityProgress, card=card, progress=progress, earned=progress >= target)
        if progress >= target:
            earn(tx, card)


def _counts(
    deck: Deck,
    cond: OpportunityCondition,
    event: ev.Event,
    before: GameState,
    activated: int,
    applied: dict[str, set[str]],
) -> bool:
    """Whether one event is one more of what the condition counts."""
    kind = cond.kind
    if kind == "defeats" and isinstance(event, ev.CardDefeated):
        return cond.card_kind is None or _card_kind(deck, event.card) == cond.card_kind
    if kind == "damage_taken_rounds":
        return isinstance(event, ev.Marked) and event.counter == "damage_taken"
    if kind == "dice_recruited":
        return isinstance(event, ev.DieMoved) and event.reason == "recruit"
    if kind == "dice_dismissed":
        return isinstance(event, ev.DieMoved) and event.reason == "dismiss"
    if kind == "spectates":
        return isinstance(event, Spectated)
    if kind == "items_used":
        return isinstance(event, ev.ItemUsed)
    if kind == "instant_declined":
        return isinstance(event, ev.RewardDecided) and event.kind == "instant" and not event.taken
    if kind == "activation_size":
        return isinstance(event, ev.CardActivated) and activated == cond.value
    if kind == "colors_on_one_enemy" and isinstance(event, ev.DieMoved) and event.reason == "apply":
        card = str(event.card)
        had = applied.get(card, {d.color for d in before.applied_to(card)})
        color = before.die(event.die).color
        return len(had) < (cond.value or 0) <= len(had | {color})
    return False


def _card_kind(deck: Deck, card: str) -> str | None:
    """bloodshed / sport for a camp card, primus for a Primus."""
    found = camp_card(deck, card)
    if isinstance(found, CampCard):
        return found.kind
    return "primus" if card in primus_of(deck).values() else None


def earn(tx: Tx, card: str) -> None:
    """The Opportunity flips: an instant reward happens now; an item's effects are in force from now (those that act
    while held start: a stat modifier)."""
    reward = tx.state.deck.card(card).reward
    assert reward is not None
    effects = list(reward.effects)
    if reward.kind == "instant":
        for i in range(len(effects)):
            if tx.over:
                return
            tx.fire(reward_live(card, i, effects), {"card": card, "reward": True})
        return
    for le in (Live(card, "item", i, effect) for i, effect in enumerate(effects)):
        hooks.handler(le.effect.kind).gained(tx, le)
