"""``evolve(state, event)``: the only way a state changes. One function per event type, no decisions, no dice.

Replay checks the sequence: an event whose ``seq`` is not the next number is refused (contract 2).

Each event type's function says which fields the event changes (:data:`CHANGES`): ``evolve`` makes a new state
with them. A transaction (:class:`twentystrong.engine.tx.Tx`) applies every event it emits through ``evolve`` too:
there is no other writer of state (architecture.md contract 10).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from twentystrong.engine import events as ev
from twentystrong.engine.rulesets import rules
from twentystrong.engine.state import (
    DIE_INDEX,
    ActiveCard,
    Changes,
    DieState,
    GameState,
    HeroState,
    replace,
    set_counter,
    with_die,
)


class ReplayError(ValueError):
    """An event cannot follow the state it is applied to (a gap or a repeat in ``seq``)."""


def evolve(state: GameState, event: ev.Event) -> GameState:
    """The state after ``event``: a general event's change function here, a ruleset's own event's in its
    ``events``."""
    if event.seq != state.seq + 1:
        raise ReplayError(f"event {event.TYPE} has seq {event.seq}, expected {state.seq + 1}")
    change = CHANGES.get(type(event)) or rules(state).events.get(type(event))
    if change is None:
        raise ReplayError(f"event {event.TYPE} is no event of the {state.deck.info.ruleset} rules")
    changes = change(state, event)
    changes["seq"] = event.seq
    return state.changed(changes)


def fold(state: GameState, events: Iterable[ev.Event]) -> GameState:
    """Apply events in order."""
    for event in events:
        state = evolve(state, event)
    return state


# One function per event type: the fields it changes (a new dict each time: evolve adds ``seq`` to it).


def _step_changed(s: GameState, e: ev.StepChanged) -> Changes:
    if e.step == "commit" and s.step != "commit":
        return {"step": e.step, "committed_this_phase": 0}
    return {"step": e.step}


def _round_started(s: GameState, e: ev.RoundStarted) -> Changes:
    return {
        "round": e.round,
        "step": "round_start",
        "pending_activations": e.activations,
        "next_round_extra": 0,
        "activated_this_round": (),
        "phases_used": 0,
        "committed_this_phase": 0,
        "committed_this_engagement": 0,
        "applied_this_step": (),
        "defeated_this_step": 0,
        "defeated_this_round": (),
        "item_decided": (),
        "after_done": (),
        "recovered": (),
        "used_this_round": (),
        "round_flags": (),
        "endgame_rounds": s.endgame_rounds + (1 if s.endgame else 0),
    }


def _die_moved(s: GameState, e: ev.DieMoved) -> Changes:
    i = DIE_INDEX[e.die]
    face = s.dice[i].face if (e.keep_face or e.zone in ("active", "applied")) else None
    if e.reason == "commit":
        face = None
    if e.zone == "applied":
        dice = with_die(s, DieState(e.die, e.zone, face, e.card, s.round))
    else:
        dice = with_die(s, DieState(e.die, e.zone, face))
    if e.reason == "commit":
        return {
            "dice": dice,
            "committed_this_phase": s.committed_this_phase + 1,
            "committed_this_engagement": s.committed_this_engagement + 1,
        }
    if e.reason == "apply":
        return {"dice": dice, "applied_this_step": (*s.applied_this_step, e.die)}
    if e.reason == "recover":
        return {"dice": dice, "recovered": (*s.recovered, e.die)}
    return {"dice": dice}


def _dice_rolled(s: GameState, e: ev.DiceRolled) -> Changes:
    dice = list(s.dice)
    for die_id, face in e.faces:  # a die named twice shows its last face; an unknown one changes nothing
        i = DIE_INDEX.get(die_id)
        if i is None:
            continue
        die = dice[i]
        if die.zone == "active":
            dice[i] = DieState(die_id, "active", face, die.card)  # type: ignore[arg-type]
    return {"dice": tuple(dice), "rng": s.rng + e.draws}


def _roll_tested(s: GameState, e: ev.RollTested) -> Changes:
    return {"rng": s.rng + e.draws}


def _face_set(s: GameState, e: ev.FaceSet) -> Changes:
    die = s.die(e.die)
    return {"dice": with_die(s, replace(die, face=e.face))}  # type: ignore[arg-type]


def _phase_started(s: GameState, e: ev.StrategyPhaseStarted) -> Changes:
    return {"phases_used": e.number, "step": "commit", "committed_this_phase": 0}


def _apply_step_started(s: GameState, e: ev.ApplyStepStarted) -> Changes:
    return {"step": "apply", "applied_this_step": (), "defeated_this_step": 0}


def _card_activated(s: GameState, e: ev.CardActivated) -> Changes:
    card = ActiveCard(e.card, boss=e.boss, pile=e.stack, entourage=e.entourage)
    return {
        "table": rules(s).card_activated(s.table, e),  # it left one of the ruleset's zones
        "active": (*s.active, card),
        "pending_activations": max(0, s.pending_activations - (0 if e.boss or e.entourage else 1)) + e.additional,
        "activated_this_round": (*s.activated_this_round, e.card),
    }


def _card_defeated(s: GameState, e: ev.CardDefeated) -> Changes:
    return {
        "active": tuple(replace(c, defeated=True) if c.id == e.card else c for c in s.active),
        "defeated_this_step": s.defeated_this_step + 1,
        "defeated_this_round": (*s.defeated_this_round, e.card),
    }


def _card_left(s: GameState, e: ev.CardLeft) -> Changes:
    # R2: dice applied to a card that leaves are exhausted.
    card = e.card
    dice = tuple(DieState(d.id, "exhausted") if d.zone == "applied" and d.card == card else d for d in s.dice)
    out: Changes = {"dice": dice, "active": tuple([c for c in s.active if c.id != card])}
    if e.to == "discard" or e.to == "fled":
        out["discard"] = (*s.discard, e.card)
    elif e.to == "inventory":
        out["inventory"] = (*s.inventory, e.card)
    elif e.to == "banished":
        out["banished_cards"] = (*s.banished_cards, e.card)
    else:  # one of the ruleset's zones
        out["table"] = rules(s).card_placed(s.table, e)
    return out


def _card_changed(s: GameState, e: ev.CardChanged) -> Changes:
    def change(c: ActiveCard) -> ActiveCard:
        if c.id != e.card:
            return c
        if e.health_override is not None:
            c = replace(c, health_override=e.health_override)
        if e.cancelled is not None:
            c = replace(c, cancelled=e.cancelled)
        return c

    return {"active": tuple(change(c) for c in s.active)}


def _reward_decided(s: GameState, e: ev.RewardDecided) -> Changes:
    if e.kind == "item":
        return {"item_decided": (*s.item_decided, e.card)}
    return {}


def _item_used(s: GameState, e: ev.ItemUsed) -> Changes:
    if e.single_use and e.item in s.inventory:
        return _item_left(s, e.item)
    return {}


def _item_discarded(s: GameState, e: ev.ItemDiscarded) -> Changes:
    return _item_left(s, e.item)


def _item_left(s: GameState, item: str) -> Changes:
    """An item leaves the inventory for the discard pile, or where its ruleset sends it (``Ruleset.item_left``)."""
    inventory = tuple(i for i in s.inventory if i != item)
    placed = rules(s).item_left(s, item)
    if placed is None:
        return {"inventory": inventory, "discard": (*s.discard, item)}
    return {"inventory": inventory, **placed}


def _stat_changed(s: GameState, e: ev.StatChanged) -> Changes:
    h = s.hero
    stats = {"health": h.health, "strategy": h.strategy, "recovery": h.recovery}
    if e.stat not in stats:
        raise TypeError(f"HeroState has no field(s) {[e.stat]}")
    stats[e.stat] = e.value
    return {"hero": HeroState(h.id, **stats)}


def _prompt_pushed(s: GameState, e: ev.PromptPushed) -> Changes:
    return {"prompts": (*s.prompts, e.prompt)}


def _prompt_updated(s: GameState, e: ev.PromptUpdated) -> Changes:
    return {"prompts": (*s.prompts[:-1], e.prompt)}


def _prompt_done(s: GameState, e: ev.PromptDone) -> Changes:
    return {"prompts": s.prompts[:-1]}


def _after_resolved(s: GameState, e: ev.AfterResolved) -> Changes:
    return {"after_done": (*s.after_done, f"{e.card}#{e.effect}")}


def _marked(s: GameState, e: ev.Marked) -> Changes:
    out: Changes = {}
    if e.used is not None:
        out["used_this_round"] = (*s.used_this_round, e.used)
    if e.flag is not None:
        out["round_flags"] = (*s.round_flags, e.flag)
    if e.counter is not None:
        out["counters"] = set_counter(s.counters, e.counter, e.value)
    if e.field is not None:
        charge = CHARGES.get(e.field) or rules(s).charges.get(e.field)
        if charge is None:
            known = ", ".join([*CHARGES, *rules(s).charges])
            raise ReplayError(f"event mark: {e.field!r} is no charge the game keeps ({known})")
        out.update(charge(s, e.value))
    return out


# The charges a ``Marked`` event sets by name (its ``field``, a name saves keep): a closed list, each name its own
# meaning; any other name is refused. (Saved games name these, so the names stay.)


def _extra_enemies_next_round(s: GameState, value: int) -> Changes:
    """``next_round_extra``: enemies to activate next round beyond the one of every round (extra_enemy_next_round);
    the next ``RoundStarted`` counts them in and clears the charge."""
    return {"next_round_extra": value}


def _fewer_next_activation(s: GameState, value: int) -> Changes:
    """``fewer_next``: how many coming +N activations add one enemy fewer (activate_fewer; spent by an activation)."""
    return {"fewer_next": value}


def _doubled_instant_rewards(s: GameState, value: int) -> Changes:
    """``double_next_instant``: how many coming instant rewards are gained twice (double_next_instant)."""
    return {"double_next_instant": value}


CHARGES: dict[str, Callable[[GameState, int], Changes]] = {
    "next_round_extra": _extra_enemies_next_round,
    "fewer_next": _fewer_next_activation,
    "double_next_instant": _doubled_instant_rewards,
}
"""What each charge name of a ``Marked`` event sets (see above); a ruleset adds its own (``Ruleset.charges``)."""


def _game_over(s: GameState, e: ev.GameOver) -> Changes:
    return {"result": e.result, "result_reason": e.reason, "step": "over", "prompts": ()}


CHANGES: dict[type[ev.Event], Callable[[GameState, Any], Changes]] = {
    ev.StepChanged: _step_changed,
    ev.RoundStarted: _round_started,
    ev.DieMoved: _die_moved,
    ev.DiceRolled: _dice_rolled,
    ev.RollTested: _roll_tested,
    ev.FaceSet: _face_set,
    ev.StrategyPhaseStarted: _phase_started,
    ev.ApplyStepStarted: _apply_step_started,
    ev.CardActivated: _card_activated,
    ev.CardDefeated: _card_defeated,
    ev.CardLeft: _card_left,
    ev.CardChanged: _card_changed,
    ev.RewardDecided: _reward_decided,
    ev.ItemUsed: _item_used,
    ev.ItemDiscarded: _item_discarded,
    ev.StatChanged: _stat_changed,
    ev.PromptPushed: _prompt_pushed,
    ev.PromptUpdated: _prompt_updated,
    ev.PromptDone: _prompt_done,
    ev.AfterResolved: _after_resolved,
    ev.Marked: _marked,
    ev.GameOver: _game_over,
}
"""What each general event type changes: ``CHANGES[type(event)](state, event)`` (``seq`` is set by the caller)."""
