"""The general rules of a round: what happens on its own between player decisions.

The steps that may move on by themselves (suffering damage, exhausting dice, cleanup …) are functions here, each
returning True when it moved the game on and False when it waits for the player; :mod:`twentystrong.engine.steps`
puts them in the step table and runs them after every command. The rest are the general rules' facts the steps,
the commands and the rulesets share: a round starts, a card is activated, dice are rolled, a card is defeated …
Deck rules are asked at named points (:mod:`twentystrong.engine.rulesets`); this module names no deck.
"""

from __future__ import annotations

from typing import Any

from twentystrong.engine import events as ev
from twentystrong.engine.dice import FACES
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Live
from twentystrong.engine.rng import below
from twentystrong.engine.rulesets import Ruleset, rules
from twentystrong.engine.state import ActiveCard, GameState, Prompt
from twentystrong.engine.tx import Tx
from twentystrong.engine.uses import can_use_now
from twentystrong.i18n import SOURCE, speaking

# --- rounds and activation ------------------------------------------------------------------------------------------


def start_round(tx: Tx) -> None:
    """A new round: one activation plus any extra owed."""
    s = tx.state
    # Endgame rounds after the first skip Activation: nothing to activate.
    activations = 0 if s.endgame else 1 + s.next_round_extra
    tx.emit(ev.RoundStarted, round=s.round + 1, activations=activations)
    fire_triggers(tx, "start_of_round", {})


def round_start(tx: Tx) -> bool:
    """Before Activation: endgame rounds after the first skip it (the general endgame rules)."""
    if tx.state.endgame:
        begin_engagement(tx)
    else:
        tx.emit(ev.StepChanged, step="activate")
    return True


def activation(tx: Tx) -> bool:
    """Activation: wait while activations are owed and the ruleset offers a choice; then the engagement."""
    s = tx.state
    if s.pending_activations > 0 and rules(s).activation_commands(s):
        return False
    begin_engagement(tx)
    return True


def activate_card(tx: Tx, card_id: str, *, pile: int | None = None, revealed: str | None = None) -> None:
    """A card enters the active area (from the ruleset's pile ``pile``, turning up ``revealed`` there): its +N adds
    activations, one fewer per activate-fewer charge; its During and Special effects start now."""
    s = tx.state
    extra = s.deck.card(card_id).additional
    if extra and s.fewer_next:
        extra -= 1
        tx.emit(ev.Marked, field="fewer_next", value=s.fewer_next - 1)
    # the pile rides in the event log under its recorded name (engine.events: CardActivated.stack)
    tx.emit(ev.CardActivated, card=card_id, additional=extra, revealed=revealed, **{"stack": pile})
    on_activated(tx, card_id)


def on_activated(tx: Tx, card_id: str) -> None:
    """During and Special effects start now; fire on-activate triggers."""
    for le in hooks.triggered(tx.state, "on_activate"):
        if le.source == card_id:
            fire(tx, le, {"card": card_id})
    tx.count("activated")


def begin_engagement(tx: Tx) -> None:
    """The first Strategy phase of the engagement."""
    tx.emit(ev.StrategyPhaseStarted, number=1)


# --- the Strategy phase ---------------------------------------------------------------------------------------------


def roll(tx: Tx) -> None:
    """Roll every unapplied die in the active area (rules may keep some faces)."""
    s = tx.state
    to_roll = [d for d in s.dice_in("active") if d.face is None or not hooks.keeps_face(s, d)]
    if s.options.dice == "physical":
        for die in to_roll:
            tx.emit(ev.FaceSet, die=die.id, face=None, reason="roll")
        tx.emit(ev.StepChanged, step="faces")
        if not to_roll:
            finish_roll(tx, ())
        return
    faces: list[tuple[str, str]] = []
    seed, rng = s.options.seed, s.rng
    for i, die in enumerate(to_roll):
        faces.append((die.id, hooks.read_face(s, die, FACES[die.color][below(seed, rng + i, 6)])))
    tx.emit(ev.DiceRolled, faces=tuple(faces), draws=len(to_roll))
    after_roll(tx)


def finish_roll(tx: Tx, faces: tuple[tuple[str, str], ...]) -> None:
    """Physical dice: every face entered; the roll is complete."""
    tx.emit(ev.DiceRolled, faces=faces, draws=0)
    after_roll(tx)


def after_roll(tx: Tx) -> None:
    """After-roll triggers, then the Apply step."""
    tx.count("rolls")
    hooks.after_roll(tx)
    fire_triggers(tx, "after_roll", {})
    if not tx.over:
        tx.emit(ev.ApplyStepStarted)
        check_defeats(tx)  # a new Apply step can lift a defeat block (one defeat per step)


def apply_die(tx: Tx, die: str, card: str) -> None:
    """Apply one rolled hit to an active card, then check for defeats (R5)."""
    tx.emit(ev.DieMoved, die=die, zone="applied", reason="apply", card=card)
    check_defeats(tx)


def check_defeats(tx: Tx) -> None:
    """R5: a card is defeated the moment its damage reaches its Health; defeat is sticky.

    One defeat can lift another card's defeat block (immune while others remain), so look again until none falls.
    """
    fell = True
    while fell:
        fell = False
        for card_id in [c.id for c in tx.state.active]:
            s = tx.state  # each defeat changes the state: read every card again
            if s.result is not None:
                return
            card = s.active_card(card_id)
            if card is None or card.defeated:
                continue
            if hooks.damage_taken(s, card) < hooks.card_health(s, card) or hooks.defeat_block(s, card):
                continue
            defeat(tx, card, "damage")
            fell = True
    # A win earned without a defeat (the last enemy a boss rule required fled or was discarded) still wins (R11).
    s = tx.state
    why = None if s.result is not None else won(s)
    if why:
        tx.emit(ev.GameOver, result="won", reason=why)


def won(s: GameState) -> str | None:
    """Why the game is won now (R11), if it is: the ruleset's words, kept in the event in English whatever language
    is spoken (a front end says them in its reader's: ``engine/reasons.py``)."""
    with speaking(SOURCE):
        return rules(s).won(s)


def defeat(tx: Tx, card: ActiveCard, reason: str) -> None:
    """Defeat a card: its During effects end (R6), its instant reward is offered, the game may be won (R11)."""
    for h, le in hooks.passive_with(tx.state, "instead_of_defeat"):
        if h.instead_of_defeat(tx, le, card):
            return  # R10: card text replaces the defeat (e.g. it returns to its stack)
    # Its own on-defeat effects fire at the moment of defeat, even During ones (they end with it).
    on_defeat = [le for le in hooks.triggered(tx.state, "on_defeat") if le.source == card.id]
    tx.emit(ev.CardDefeated, card=card.id, reason=reason)
    if not card.boss:
        tx.count(f"defeated_level_{tx.state.deck.card(card.id).level}")
    why = won(tx.state)
    if why:
        tx.emit(ev.GameOver, result="won", reason=why)
        return
    for le in on_defeat:
        if not tx.over:
            fire(tx, le, {"card": card.id})
    fire_triggers(tx, "on_enemy_defeated", {"card": card.id}, sources=("item", "hero"))
    if not card.boss:
        reward = tx.state.deck.card(card.id).reward
        if reward is not None and reward.kind == "instant" and not tx.over:
            tx.push(Prompt("instant_reward", card=card.id, purpose="take or decline the instant reward"))


def fire_triggers(tx: Tx, trigger: str, context: dict[str, Any], sources: tuple[str, ...] = ()) -> None:
    """Fire every live effect whose trigger is ``trigger``."""
    for le in hooks.triggered(tx.state, trigger):
        if tx.over:
            return
        if sources and le.origin not in sources:
            continue
        if le.effect.timing == "after" and le.is_enemy:
            continue
        if le not in hooks.live_effects(tx.state):
            continue  # an earlier trigger ended it (its card fled, was defeated, was cancelled …)
        fire(tx, le, context)


def fire(tx: Tx, le: Live, context: dict[str, Any]) -> None:
    """One effect happens, if its guard holds."""
    if not hooks.condition_holds(tx.state, le, context):
        return
    hooks.handler(le.effect.kind).fire(tx, le, context)
    if not tx.over:
        check_defeats(tx)


# --- the Resolve phase (each step: True when it moved the game on, False when it waits) ----------------------------


def suffer(tx: Tx) -> bool:
    """Resolve step 1: lose Health equal to the undefeated enemies' damage."""
    s = tx.state
    total = sum(hooks.enemy_damage(s, c) for c in s.active if not c.defeated)
    if total:
        tx.change_stat("health", -total, f"suffered {total} damage")
        if not tx.over:
            tx.count("damage_taken", total)
            check_defeats(tx)  # R5: a bonus that depends on Health may change damage already applied
            fire_triggers(tx, "after_suffer_damage", {"amount": total})
    if not tx.over:
        tx.emit(ev.StepChanged, step="after")
    return True


def pending_after(s: GameState) -> list[Live]:
    """After effects in the active area not yet resolved this round (defeated cards included)."""
    return [
        le for le in hooks.live_effects(s) if le.is_enemy and le.effect.timing == "after" and le.key not in s.after_done
    ]


def after(tx: Tx) -> bool:
    """Resolve step 2: After effects, one at a time (R7: the player orders them when several wait)."""
    pending = pending_after(tx.state)
    if len(pending) > 1:
        return False  # R7: the player orders simultaneous After effects
    if pending and can_use_now(tx.state):
        return False  # R8: items may be used before an After effect resolves (a heal can still save you)
    if pending:
        resolve_after(tx, pending[0])
    else:
        tx.emit(ev.StepChanged, step="exhaust")
    return True


def resolve_after(tx: Tx, le: Live) -> None:
    """Resolve one After effect."""
    tx.emit(ev.AfterResolved, card=le.source, effect=le.index)
    fire(tx, le, {"card": le.source})


def exhaust(tx: Tx) -> bool:
    """Resolve step 3: every committed die is exhausted, unless the ruleset keeps the dice on an undefeated enemy
    applied (multi-round fights, HV9)."""
    s = tx.state
    ruleset = rules(s)
    for die in s.dice:
        if die.zone == "active" or (die.zone == "applied" and not _stays_applied(s, ruleset, die.card)):
            tx.emit(ev.DieMoved, die=die.id, zone="exhausted", reason="exhaust", keep_face=True)
    tx.emit(ev.StepChanged, step="recover")
    return True


def _stays_applied(s: GameState, ruleset: Ruleset, card_id: str | None) -> bool:
    card = s.active_card(str(card_id))
    return card is not None and not card.defeated and ruleset.keeps_applied_dice(s, card)


def recover(tx: Tx) -> bool:
    """Resolve step 4: wait while a die may still be recovered."""
    if hooks.recoverable(tx.state):
        return False
    tx.emit(ev.StepChanged, step="gain_items")
    return True


def pending_items(s: GameState) -> list[str]:
    """Cards defeated this round with an item reward, still in the active area, not yet decided (step 5)."""
    out = []
    for card_id in s.defeated_this_round:
        card = s.active_card(card_id)
        if card is None or card.boss or card_id in s.item_decided:
            continue
        reward = s.deck.card(card_id).reward
        if reward is not None and reward.kind != "instant":
            out.append(card_id)
    return out


def gain_items(tx: Tx) -> bool:
    """Resolve step 5: wait while an item reward is undecided."""
    if pending_items(tx.state):
        return False
    tx.emit(ev.StepChanged, step="cleanup")
    return True


def cleanup(tx: Tx) -> bool:
    """Resolve step 6: the cards that do not stay leave for where the ruleset sends them; then the deck's own
    steps after Cleanup, or the next round."""
    s = tx.state
    ruleset = rules(s)
    # Which cards leave is decided on the state Cleanup starts from (endgame: undefeated cards remain, their dice
    # were exhausted in step 3).
    leaving = [card for card in s.active if not ruleset.stays_at_cleanup(s, card)]
    for card in leaving:
        tx.emit(ev.CardLeft, card=card.id, to=ruleset.cleanup_destination(s, card))
    if not ruleset.after_cleanup(tx):
        end_round(tx)
    return True


def end_round(tx: Tx) -> None:
    """The round is over: the next one starts (bookkeeping reads the round's end from its RoundStarted event)."""
    start_round(tx)
