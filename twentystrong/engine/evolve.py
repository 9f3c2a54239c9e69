"""``evolve(state, event)``: the only way a state changes. One function per event type, no decisions, no dice.

Replay checks the sequence: an event whose ``seq`` is not the next number is refused (contract 2).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from twentystrong.engine import events as ev
from twentystrong.engine.state import (
    ActiveCard,
    DieState,
    GameState,
    HeroState,
    MissionState,
    set_counter,
    with_die,
)
from twentystrong.engine.state import fast_replace as replace


class ReplayError(ValueError):
    """An event cannot follow the state it is applied to (a gap or a repeat in ``seq``)."""


def evolve(state: GameState, event: ev.Event) -> GameState:
    """The state after ``event``."""
    if event.seq != state.seq + 1:
        raise ReplayError(f"event {event.TYPE} has seq {event.seq}, expected {state.seq + 1}")
    out = _HANDLERS[type(event)](state, event)
    if out is state:
        return replace(state, seq=event.seq)
    # A state the handler has just made, which nobody else holds yet: numbering it in place saves a copy.
    out.__dict__["seq"] = event.seq
    return out


def fold(state: GameState, events: Iterable[ev.Event]) -> GameState:
    """Apply events in order."""
    for event in events:
        state = evolve(state, event)
    return state


def _game_started(s: GameState, e: ev.GameStarted) -> GameState:
    return replace(
        s,
        rng=s.rng + e.draws,
        hero=HeroState(e.hero, e.health, e.strategy, e.recovery),
        stacks=e.stacks,
        boss_deck=e.boss_deck,
        missions=tuple(MissionState(m) for m in e.missions),
        rank_penalties_left=e.rank_penalties,
    )


def _mission_discarded(s: GameState, e: ev.MissionDiscarded) -> GameState:
    return replace(s, missions=tuple(replace(m, status="discarded") if m.id == e.mission else m for m in s.missions))


def _step_changed(s: GameState, e: ev.StepChanged) -> GameState:
    if e.step == "commit" and s.step != "commit":
        return replace(s, step=e.step, committed_this_phase=0)
    return replace(s, step=e.step)


def _round_started(s: GameState, e: ev.RoundStarted) -> GameState:
    return replace(
        s,
        round=e.round,
        step="round_start",
        pending_activations=e.activations,
        next_round_extra=0,
        activated_this_round=(),
        phases_used=0,
        committed_this_phase=0,
        committed_this_engagement=0,
        applied_this_step=(),
        defeated_this_step=0,
        defeated_this_round=(),
        item_decided=(),
        after_done=(),
        recovered=(),
        used_this_round=(),
        round_flags=(),
        endgame_rounds=s.endgame_rounds + (1 if s.endgame else 0),
    )


def _die_moved(s: GameState, e: ev.DieMoved) -> GameState:
    die = s.die(e.die)
    face = die.face if (e.keep_face or e.zone in ("active", "applied")) else None
    if e.reason == "commit":
        face = None
    new = DieState(e.die, e.zone, face, e.card if e.zone == "applied" else None)  # type: ignore[arg-type]
    dice = with_die(s, new)
    if e.reason == "commit":
        return replace(
            s,
            dice=dice,
            committed_this_phase=s.committed_this_phase + 1,
            committed_this_engagement=s.committed_this_engagement + 1,
        )
    if e.reason == "apply":
        return replace(s, dice=dice, applied_this_step=(*s.applied_this_step, e.die))
    if e.reason == "recover":
        return replace(s, dice=dice, recovered=(*s.recovered, e.die))
    return replace(s, dice=dice)


def _dice_rolled(s: GameState, e: ev.DiceRolled) -> GameState:
    dice = list(s.dice)
    by_id = dict(e.faces)
    for i, die in enumerate(dice):
        if die.id in by_id and die.zone == "active":
            dice[i] = DieState(die.id, die.zone, by_id[die.id], die.card)  # type: ignore[arg-type]
    return replace(s, dice=tuple(dice), rng=s.rng + e.draws)


def _roll_tested(s: GameState, e: ev.RollTested) -> GameState:
    return replace(s, rng=s.rng + e.draws)


def _face_set(s: GameState, e: ev.FaceSet) -> GameState:
    die = s.die(e.die)
    return replace(s, dice=with_die(s, replace(die, face=e.face)))


def _phase_started(s: GameState, e: ev.StrategyPhaseStarted) -> GameState:
    return replace(s, phases_used=e.number, step="commit", committed_this_phase=0)


def _apply_step_started(s: GameState, e: ev.ApplyStepStarted) -> GameState:
    return replace(s, step="apply", applied_this_step=(), defeated_this_step=0)


def _card_activated(s: GameState, e: ev.CardActivated) -> GameState:
    stacks = s.stacks
    if e.stack is not None:
        i = e.stack - 1
        stacks = (*stacks[:i], stacks[i][1:], *stacks[i + 1 :])
    boss_deck, revealed = s.boss_deck, s.revealed_boss
    if e.boss:
        if revealed == e.card:
            revealed = None
        boss_deck = tuple(b for b in boss_deck if b != e.card)
    card = ActiveCard(e.card, boss=e.boss, stack=e.stack, entourage=e.entourage)
    return replace(
        s,
        stacks=stacks,
        boss_deck=boss_deck,
        revealed_boss=revealed,
        active=(*s.active, card),
        pending_activations=max(0, s.pending_activations - (0 if e.boss or e.entourage else 1)) + e.additional,
        activated_this_round=(*s.activated_this_round, e.card),
    )


def _card_defeated(s: GameState, e: ev.CardDefeated) -> GameState:
    return replace(
        s,
        active=tuple(replace(c, defeated=True) if c.id == e.card else c for c in s.active),
        defeated_this_step=s.defeated_this_step + 1,
        defeated_this_round=(*s.defeated_this_round, e.card),
    )


def _card_left(s: GameState, e: ev.CardLeft) -> GameState:
    # R2: dice applied to a card that leaves are exhausted.
    dice = tuple(DieState(d.id, "exhausted") if d.zone == "applied" and d.card == e.card else d for d in s.dice)
    out = replace(s, dice=dice, active=tuple(c for c in s.active if c.id != e.card))
    if e.to == "discard" or e.to == "fled":
        out = replace(out, discard=(*out.discard, e.card))
    elif e.to == "boss_discard":
        out = replace(out, boss_discard=(*out.boss_discard, e.card))
    elif e.to == "inventory":
        out = replace(out, inventory=(*out.inventory, e.card))
    elif e.to == "banished":
        out = replace(out, banished_cards=(*out.banished_cards, e.card))
    elif e.to == "stack" and e.stack is not None:
        i = e.stack - 1
        out = replace(out, stacks=(*out.stacks[:i], (e.card, *out.stacks[i]), *out.stacks[i + 1 :]))
    return out


def _card_changed(s: GameState, e: ev.CardChanged) -> GameState:
    def change(c: ActiveCard) -> ActiveCard:
        if c.id != e.card:
            return c
        if e.health_override is not None:
            c = replace(c, health_override=e.health_override)
        if e.cancelled is not None:
            c = replace(c, cancelled=e.cancelled)
        return c

    return replace(s, active=tuple(change(c) for c in s.active))


def _stack_top_discarded(s: GameState, e: ev.StackTopDiscarded) -> GameState:
    i = e.stack - 1
    return replace(s, stacks=(*s.stacks[:i], s.stacks[i][1:], *s.stacks[i + 1 :]), discard=(*s.discard, e.card))


def _boss_revealed(s: GameState, e: ev.BossRevealed) -> GameState:
    deck = s.boss_deck
    discard = s.boss_discard
    if e.reshuffled:
        deck, discard = e.reshuffled, ()
    if s.revealed_boss is not None:
        # Revealing again sends the previously revealed boss to the boss discard.
        discard = (*discard, s.revealed_boss)
    return replace(
        s,
        boss_deck=tuple(b for b in deck if b != e.boss),
        boss_discard=discard,
        revealed_boss=e.boss,
        rng=s.rng + e.draws,
    )


def _endgame_started(s: GameState, e: ev.EndgameStarted) -> GameState:
    return replace(
        s,
        endgame=True,
        stacks=(e.stack,),
        discard=(),
        rng=s.rng + e.draws,
        pending_activations=0,
    )


def _reward_decided(s: GameState, e: ev.RewardDecided) -> GameState:
    if e.kind == "item":
        return replace(s, item_decided=(*s.item_decided, e.card))
    return s


def _item_used(s: GameState, e: ev.ItemUsed) -> GameState:
    out = s
    if e.single_use and e.item in s.inventory:
        out = replace(out, inventory=tuple(i for i in s.inventory if i != e.item), discard=(*s.discard, e.item))
    return out


def _item_discarded(s: GameState, e: ev.ItemDiscarded) -> GameState:
    return replace(s, inventory=tuple(i for i in s.inventory if i != e.item), discard=(*s.discard, e.item))


def _stat_changed(s: GameState, e: ev.StatChanged) -> GameState:
    return replace(s, hero=replace(s.hero, **{e.stat: e.value}))


def _prompt_pushed(s: GameState, e: ev.PromptPushed) -> GameState:
    return replace(s, prompts=(*s.prompts, e.prompt))


def _prompt_updated(s: GameState, e: ev.PromptUpdated) -> GameState:
    return replace(s, prompts=(*s.prompts[:-1], e.prompt))


def _prompt_done(s: GameState, e: ev.PromptDone) -> GameState:
    return replace(s, prompts=s.prompts[:-1])


def _after_resolved(s: GameState, e: ev.AfterResolved) -> GameState:
    return replace(s, after_done=(*s.after_done, f"{e.card}#{e.effect}"))


def _marked(s: GameState, e: ev.Marked) -> GameState:
    out = s
    if e.used is not None:
        out = replace(out, used_this_round=(*out.used_this_round, e.used))
    if e.flag is not None:
        out = replace(out, round_flags=(*out.round_flags, e.flag))
    if e.counter is not None:
        out = replace(out, counters=set_counter(out.counters, e.counter, e.value))
    if e.field is not None:
        out = replace(out, **{e.field: e.value})
    return out


def _mission_progress(s: GameState, e: ev.MissionProgress) -> GameState:
    missions = tuple(replace(m, progress=e.progress, status=e.status) if m.id == e.mission else m for m in s.missions)
    chip = e.progress if e.status == "pending" else 0
    return replace(s, missions=missions, chip=chip)


def _game_over(s: GameState, e: ev.GameOver) -> GameState:
    return replace(s, result=e.result, result_reason=e.reason, step="over", prompts=())


_HANDLERS: dict[type[ev.Event], Callable[[GameState, Any], GameState]] = {
    ev.GameStarted: _game_started,
    ev.MissionDiscarded: _mission_discarded,
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
    ev.StackTopDiscarded: _stack_top_discarded,
    ev.BossRevealed: _boss_revealed,
    ev.EndgameStarted: _endgame_started,
    ev.RewardDecided: _reward_decided,
    ev.ItemUsed: _item_used,
    ev.ItemDiscarded: _item_discarded,
    ev.StatChanged: _stat_changed,
    ev.PromptPushed: _prompt_pushed,
    ev.PromptUpdated: _prompt_updated,
    ev.PromptDone: _prompt_done,
    ev.AfterResolved: _after_resolved,
    ev.Marked: _marked,
    ev.MissionProgress: _mission_progress,
    ev.GameOver: _game_over,
}
assert set(_HANDLERS) == set(ev.EVENT_TYPES.values()), "every event type needs exactly one evolve branch"
