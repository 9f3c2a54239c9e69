"""The general rules of a round: what happens on its own between player decisions.

:func:`advance` runs after every command: it moves through the steps that need no decision (suffering damage,
exhausting dice, cleanup …) and stops at the next one that does, which ``awaiting`` then describes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twentystrong.engine import events as ev
from twentystrong.engine.dice import FACES
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Live
from twentystrong.engine.rng import below
from twentystrong.engine.rulesets import RULESETS, ruleset_for
from twentystrong.engine.rulesets.base import Ruleset
from twentystrong.engine.state import ActiveCard, GameState, Prompt
from twentystrong.engine.tx import Tx


def rules(s: GameState) -> Ruleset:
    """The ruleset of the deck being played."""
    try:
        return RULESETS[s.deck.info.ruleset]  # ruleset_for, inlined: asked after every defeat check
    except KeyError:
        return ruleset_for(s.deck.info.ruleset)  # says why


def advance(tx: Tx) -> None:
    """Run automatic steps until the game waits for the player (or ends). ``decide`` calls it only in the steps
    that may move on by themselves (:data:`AUTOMATIC`), with no prompt, the game going on."""
    for _ in range(1000):  # a bound, not a budget: every pass either waits or moves one step on
        s = tx.state
        if s.result is not None or s.prompts:
            return
        step = _STEPS.get(s.step)
        if step is None or not step(tx):
            return
    raise RuntimeError("the round did not settle")  # pragma: no cover - a bug, never player input


# Each step function returns True when it moved the game on (advance loops), False when it waits.


def _mission_discard(tx: Tx) -> bool:
    if sum(1 for m in tx.state.missions if m.status == "pending") > 1 and not _discarded(tx.state):
        return False
    tx.emit(ev.StepChanged, step="rank_penalty")
    return True


def _discarded(s: GameState) -> bool:
    return any(m.status == "discarded" for m in s.missions)


def _rank_penalty(tx: Tx) -> bool:
    if tx.state.rank_penalties_left > 0:
        return False
    start_round(tx)
    return True


def start_round(tx: Tx) -> None:
    """A new round: one activation plus any extra owed."""
    s = tx.state
    # Endgame rounds after the first skip Activation: nothing to activate.
    activations = 0 if s.endgame else 1 + s.next_round_extra
    tx.emit(ev.RoundStarted, round=s.round + 1, activations=activations)
    fire_triggers(tx, "start_of_round", {})


def _round_start(tx: Tx) -> bool:
    s = tx.state
    trigger = rules(s).endgame_trigger(s)
    if trigger == "may":
        return False  # the player chooses: start_endgame or decline_endgame
    if trigger == "must":
        start_endgame(tx)
        return True
    if s.endgame:
        begin_engagement(tx)  # endgame rounds after the first skip Activation
    else:
        tx.emit(ev.StepChanged, step="activate")
    return True


def start_endgame(tx: Tx) -> None:
    """Endgame setup (deck rules), then the first endgame engagement."""
    rules(tx.state).start_endgame(tx)
    for card in tx.state.active:
        on_activated(tx, card.id)
    if not tx.over:
        begin_engagement(tx)


def _activate(tx: Tx) -> bool:
    s = tx.state
    if s.pending_activations > 0 and rules(s).activation_choices(s):
        return False
    begin_engagement(tx)
    return True


def activate(tx: Tx, stack: int) -> None:
    """Activation: the top card of a stack enters the active area; its +N adds activations (depth-first)."""
    s = tx.state
    card_id = s.stacks[stack - 1][0]
    extra = s.deck.card(card_id).additional
    if extra and s.fewer_next:
        extra -= 1
        tx.emit(ev.Marked, field="fewer_next", value=s.fewer_next - 1)
    tx.emit(ev.CardActivated, card=card_id, stack=stack, additional=extra, revealed=s.under_top(stack))
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
    read = bool(hooks.passive_with(s, "read_face"))  # else every face counts as itself (hooks.read_face)
    for i, die in enumerate(to_roll):
        face = FACES[die.color][below(seed, rng + i, 6)]
        faces.append((die.id, hooks.read_face(s, die, face) if read else face))
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
    events = tx.events
    fell = True
    while fell:
        s = tx.state
        if s.result is not None:
            return
        fell = False
        seen = len(events)
        for card in s.active:
            if len(events) != seen:  # a defeat in this pass changed the state: read the card again
                s = tx.state  # (only an event changes the working state, or makes it)
                if s.result is not None:
                    return
                found = s.active_card(card.id)
                if found is None:
                    continue
                card = found
            if card.defeated:
                continue
            if hooks.damage_taken(s, card) < hooks.card_health(s, card) or hooks.defeat_block(s, card):
                continue
            defeat(tx, card, "damage")
            fell = True
    # A win earned without a defeat (the last enemy a boss rule required fled or was discarded) still wins (R11).
    s = tx.state
    why = None if s.result is not None else rules(s).won(s)
    if why:
        tx.emit(ev.GameOver, result="won", reason=why)


def defeat(tx: Tx, card: ActiveCard, reason: str) -> None:
    """Defeat a card: its During effects end (R6), its instant reward is offered, the game may be won (R11)."""
    for h, le in list(hooks.passive_with(tx.state, "instead_of_defeat")):
        if h.instead_of_defeat(tx, le, card):
            return  # R10: card text replaces the defeat (e.g. it returns to its stack)
    # Its own on-defeat effects fire at the moment of defeat, even During ones (they end with it).
    on_defeat = [le for le in hooks.triggered(tx.state, "on_defeat") if le.source == card.id]
    tx.emit(ev.CardDefeated, card=card.id, reason=reason)
    if not card.boss:
        level = tx.state.deck.card(card.id).level
        name = f"defeated_level_{level}"
        tx.count(name)
    why = rules(tx.state).won(tx.state)
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


# --- Resolve ------------------------------------------------------------------------------------------------


def _suffer(tx: Tx) -> bool:
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
    done = s.after_done
    return [
        le
        for le in hooks.live_effects(s)
        if le.is_enemy and le.effect.timing == "after" and not (done and le.key in done)
    ]


def _after(tx: Tx) -> bool:
    pending = pending_after(tx.state)
    if len(pending) > 1:
        return False  # R7: the player orders simultaneous After effects
    if pending and _item_window(tx.state):
        return False  # R8: items may be used before an After effect resolves (a heal can still save you)
    if pending:
        resolve_after(tx, pending[0])
    else:
        tx.emit(ev.StepChanged, step="exhaust")
    return True


def _item_window(s: GameState) -> bool:
    """Whether the player has an item or ability to use now, in some way it can be used (then the game waits
    instead of moving on; an item that could do nothing here, such as a face change after the Apply step, does not
    hold the game up)."""
    from twentystrong.engine.legal import can_use_now  # legal builds on flow: imported at use

    return can_use_now(s)


def resolve_after(tx: Tx, le: Live) -> None:
    """Resolve one After effect."""
    tx.emit(ev.AfterResolved, card=le.source, effect=le.index)
    fire(tx, le, {"card": le.source})


def _exhaust(tx: Tx) -> bool:
    for die in tx.state.dice:
        if die.zone in ("active", "applied"):
            tx.emit(ev.DieMoved, die=die.id, zone="exhausted", reason="exhaust", keep_face=True)
    tx.emit(ev.StepChanged, step="recover")
    return True


def can_recover_more(s: GameState) -> bool:
    """Whether another die may be recovered this round."""
    return bool(hooks.recoverable(s))


def _recover(tx: Tx) -> bool:
    if can_recover_more(tx.state):
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


def _gain_items(tx: Tx) -> bool:
    if pending_items(tx.state):
        return False
    tx.emit(ev.StepChanged, step="cleanup")
    return True


def _cleanup(tx: Tx) -> bool:
    s = tx.state
    ruleset = rules(s)
    # Which cards leave is decided on the state Cleanup starts from (endgame: undefeated cards remain, their dice
    # were exhausted in step 3).
    leaving = [card for card in s.active if not ruleset.stays_at_cleanup(s, card)]
    for card in leaving:
        tx.emit(ev.CardLeft, card=card.id, to="boss_discard" if card.boss else "discard")
    tx.emit(ev.StepChanged, step="stack_discard")
    return True


def _stack_discard(tx: Tx) -> bool:
    s = tx.state
    if rules(s).stack_discard_choices(s):
        return False
    end_round(tx)
    return True


def end_round(tx: Tx) -> None:
    """The round is over: the next one starts (missions read the round's end from its RoundStarted event)."""
    start_round(tx)


_STEPS: dict[str, Callable[[Tx], bool]] = {
    "mission_discard": _mission_discard,
    "rank_penalty": _rank_penalty,
    "round_start": _round_start,
    "activate": _activate,
    "suffer": _suffer,
    "after": _after,
    "exhaust": _exhaust,
    "recover": _recover,
    "gain_items": _gain_items,
    "cleanup": _cleanup,
    "stack_discard": _stack_discard,
}

AUTOMATIC = frozenset(_STEPS)
"""The steps that may move on without a decision (see :func:`advance`)."""
