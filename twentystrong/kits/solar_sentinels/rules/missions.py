"""Missions: progress on the current (leftmost unfinished) mission, tracked on the chip.

Deck rules: missions are completed one at a time, left to right; "the conditions of a mission can only be met while
it is your current mission"; the player may forfeit the current one at any time; at the endgame each unfinished
mission (pending or forfeited) adds one enemy to the entourage (the ruleset counts them).

Counting happens in :func:`track`, after every command, for two kinds of condition:

- :func:`track`, after every command, reads the events the command caused, in order, and credits each to the
  mission that was current when it happened (a mission completed half-way through a command does not pass the
  rest of that command's events to the next one, and the next one does not see what happened before it);
- at each round's end (the next round's ``RoundStarted`` event, read by :func:`track` with the state just before
  it), for state checks ("exactly 1 Health") and for the rounds a chosen stack stayed mandatory.

What counts, by condition (``target`` is how many times):

- ``damage_taken_rounds``: a round in which you suffered damage (Resolve step 1, more than 0);
- ``defeats_by_level``: an enemy of ``level`` defeated (an item's or effect's defeat counts; a card that returns
  to its stack instead was not defeated);
- ``items_used``: an item used (not the hero's ability);
- ``instant_declined``: an instant reward declined;
- ``extra_stack_discards``: a stack top discarded by an effect (not the Cleanup stack discard);
- ``unapplied_crits_exhausted``: a die showing a crit that was never applied, exhausted in Resolve step 3;
- ``end_round_health_exactly``: a round that ends with exactly ``value`` Health;
- ``colors_on_one_enemy``: an enemy that comes to have dice of ``value`` different colours applied to it;
- ``commit_all_pool_colors``: a Strategy-phase roll for which, in ``value`` colours or more, every pool die of the
  colour was committed in that phase (at least one each, none of them left in the pool);
- ``activation_size``: a round in which ``value`` enemies or more have been activated;
- ``stack_mandatory_rounds``: when the mission becomes current the player chooses a stack (a ``choose_stack``
  prompt); its top counts as a mandatory enemy (R3, and the Cleanup stack discard spares it) from that round —
  or the next, if activation has already happened — and each round that ends so counts once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from twentystrong.content.model import Deck
from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import color_of
from twentystrong.engine.effects.words import kept_name
from twentystrong.engine.evolve import evolve
from twentystrong.engine.state import GameState, Prompt
from twentystrong.engine.tx import Tx
from twentystrong.kits.solar_sentinels.content import Mission, mission_by_id
from twentystrong.kits.solar_sentinels.rules.events import (
    GameStarted,
    MissionDiscarded,
    MissionProgress,
    StackTopDiscarded,
)
from twentystrong.kits.solar_sentinels.rules.table import MissionState, table

PROMPT_SOURCE = "mission"
"""``Prompt.source`` of the missions' own prompts (``decide`` routes their answers to :func:`choose`)."""
MANDATORY_STACK = "mandatory_stack:"
"""Counter ``mandatory_stack:<mission>``: the stack chosen for a stack_mandatory_rounds mission (-1: none left)."""
MANDATORY_FROM = "mandatory_from:"
"""Counter ``mandatory_from:<mission>``: the first round in which that stack is mandatory."""

_SETUP_STEPS = ("setup", "mission_discard", "rank_penalty", "over")


def forfeit(tx: Tx) -> None:
    """The player gives up the current mission (it still adds to the entourage)."""
    current = table(tx.state).current_mission
    if current is None:
        return
    p = tx.state.prompt
    if p is not None and p.source == PROMPT_SOURCE:
        tx.emit(ev.PromptDone)  # its question goes with it
    tx.emit(MissionProgress, mission=current.id, progress=current.progress, status="forfeited")


def condition(s: GameState) -> str | None:
    """The condition kind of the current mission."""
    current = table(s).current_mission
    return None if current is None else mission_by_id(s.deck, current.id).condition


def _round_ended(s: GameState, mission: Mission, current: MissionState) -> bool:
    """End-of-round checks (``s``: the state as the round ends, just before the next one starts)."""
    if mission.condition == "end_round_health_exactly":
        return s.hero.health == mission.value
    if mission.condition == "stack_mandatory_rounds":
        chosen = s.counter(MANDATORY_STACK + current.id)
        return bool(chosen) and s.round >= s.counter(MANDATORY_FROM + current.id)
    return False


# --- the chosen mandatory stack --------------------------------------------------------------------------------


def mandatory_stack(s: GameState) -> int | None:
    """The 1-based stack the current mission makes mandatory now (R3), if any."""
    t = table(s)
    current = t.current_mission
    if current is None or mission_by_id(s.deck, current.id).condition != "stack_mandatory_rounds":
        return None
    stack = s.counter(MANDATORY_STACK + current.id)
    if stack < 1 or s.round < s.counter(MANDATORY_FROM + current.id) or stack > len(t.stacks):
        return None
    return stack if t.stacks[stack - 1] else None


def _ask_for_stack(tx: Tx) -> None:
    """A stack_mandatory_rounds mission that just became current asks for its stack."""
    s = tx.state
    current = table(s).current_mission
    if current is None or s.step in _SETUP_STEPS or tx.over:
        return
    if mission_by_id(s.deck, current.id).condition != "stack_mandatory_rounds" or s.counter(
        MANDATORY_STACK + current.id
    ):
        return
    if any(p.source == PROMPT_SOURCE for p in s.prompts):
        return
    options = _stack_options(s)
    if len(options) <= 1:  # nothing to choose: the only stack, or none (the rounds still count)
        _chosen(tx, current.id, int(options[0]) if options else -1)
        return
    said = kept_name(s, current.id)  # kept in English: said in the reader's when shown
    tx.push(
        Prompt(
            "choose_stack",
            source=PROMPT_SOURCE,
            options=options,
            purpose=f"mission {said}: choose a stack whose top counts as mandatory",
        )
    )


def choose(tx: Tx, prompt: Prompt, command: Command) -> None:
    """The answer to a mission's prompt: the stack that counts as mandatory."""
    tx.emit(ev.PromptDone)
    current = table(tx.state).current_mission
    if current is not None:
        _chosen(tx, current.id, int(command.stack or -1))


def reask(tx: Tx, prompt: Prompt) -> None:
    """R8: an item changed the stacks while the mission's stack choice waited: ask again, or with one stack left
    (or none) take it without asking."""
    options = _stack_options(tx.state)
    if len(options) > 1:
        tx.reask(prompt, options)
        return
    tx.emit(ev.PromptDone)
    current = table(tx.state).current_mission
    if current is not None:
        _chosen(tx, current.id, int(options[0]) if options else -1)


def _stack_options(s: GameState) -> tuple[str, ...]:
    """The non-empty stacks, as a choose_stack prompt's answers."""
    return tuple(str(i) for i in table(s).open_stacks())


def _chosen(tx: Tx, mission: str, stack: int) -> None:
    s = tx.state
    # Before this round's first activation the stack binds this round already; afterwards from the next one.
    now = s.step in ("round_start", "activate") and not s.activated_this_round
    first = s.round if now else s.round + 1
    tx.emit(ev.Marked, counter=MANDATORY_STACK + mission, value=stack)
    tx.emit(ev.Marked, counter=MANDATORY_FROM + mission, value=first)


# --- counting what a command caused ----------------------------------------------------------------------------


@dataclass
class _Replay:
    """The state just before each of a command's events, rebuilt only when a condition needs it."""

    state: GameState
    events: list[ev.Event]
    done: int = 0

    def before(self, index: int) -> GameState:
        while self.done < index:
            self.state = evolve(self.state, self.events[self.done])
            self.done += 1
        return self.state


_COUNTED: dict[str, type[ev.Event]] = {
    "defeats_by_level": ev.CardDefeated,
    "items_used": ev.ItemUsed,
    "instant_declined": ev.RewardDecided,
    "extra_stack_discards": StackTopDiscarded,
    "damage_taken_rounds": ev.Marked,
    "unapplied_crits_exhausted": ev.DieMoved,
    "colors_on_one_enemy": ev.DieMoved,
    "activation_size": ev.CardActivated,
    "end_round_health_exactly": ev.RoundStarted,  # checked at the round's end (see _round_ended)
    "stack_mandatory_rounds": ev.RoundStarted,
}
"""The only event type that can count for each condition kind (a kind not listed counts none of them)."""


def track(tx: Tx, before: GameState, command: Command) -> None:
    """Credit the current mission with what ``command`` caused (``before``: the state the command met)."""
    if not table(tx.state).missions or tx.over:
        return
    events = list(tx.events)
    view: dict[str, MissionState] = {m.id: m for m in table(before).missions}
    order = [m.id for m in table(tx.state).missions]
    replay = _Replay(before, events)
    deck = before.deck
    if command.cmd == "roll" and before.step == "commit":
        _credit(tx, view, order, "commit_all_pool_colors", lambda v: _all_colors_committed(before) >= v)
    current = _current(view, order)
    counted = _counted(deck, current)
    for index, event in enumerate(events):
        if isinstance(event, GameStarted | MissionDiscarded | MissionProgress):
            if isinstance(event, GameStarted):
                view = {m: MissionState(m) for m in event.missions}
            else:
                old = view.get(event.mission, MissionState(event.mission))
                if isinstance(event, MissionDiscarded):
                    view[event.mission] = MissionState(event.mission, "discarded", old.progress)
                else:
                    view[event.mission] = MissionState(event.mission, event.status, event.progress)  # type: ignore[arg-type]
            current = _current(view, order)
            counted = _counted(deck, current)
            continue
        if current is None or counted is None or not isinstance(event, counted):
            continue  # this event cannot count for the current mission
        mission = mission_by_id(deck, current.id)
        kind = mission.condition
        hit = False
        if kind == "defeats_by_level" and isinstance(event, ev.CardDefeated):
            hit = _level(deck, event.card) == mission.level
        elif kind == "items_used":
            hit = isinstance(event, ev.ItemUsed)
        elif kind == "instant_declined" and isinstance(event, ev.RewardDecided):
            hit = event.kind == "instant" and not event.taken
        elif kind == "extra_stack_discards" and isinstance(event, StackTopDiscarded):
            hit = event.reason != "cleanup"
        elif kind == "damage_taken_rounds" and isinstance(event, ev.Marked):
            hit = event.counter == "damage_taken"
        elif kind == "unapplied_crits_exhausted" and isinstance(event, ev.DieMoved) and event.reason == "exhaust":
            die = replay.before(index).die(event.die)
            hit = die.zone == "active" and die.face == "crit"
        elif kind == "colors_on_one_enemy" and isinstance(event, ev.DieMoved) and event.reason == "apply":
            at = replay.before(index)
            colors = {d.color for d in at.applied_to(str(event.card))}
            hit = len(colors) < (mission.value or 0) <= len(colors | {color_of(event.die)})
        elif kind == "activation_size" and isinstance(event, ev.CardActivated):
            count = len(replay.before(index).activated_this_round)
            hit = count < (mission.value or 0) <= count + 1
        if isinstance(event, ev.RoundStarted) and event.round > 1:
            # A round ended here: checked for the mission current at that moment, which this very command may
            # have just made current (e.g. the previous one completed at Suffer damage).
            hit = _round_ended(replay.before(index), mission, current)
        if hit:
            _advance(tx, view, current)
            current = _current(view, order)
            counted = _counted(deck, current)
    _ask_for_stack(tx)


def _counted(deck: Deck, current: MissionState | None) -> type[ev.Event] | None:
    """The event type that can count for the current mission, if any."""
    return None if current is None else _COUNTED.get(mission_by_id(deck, current.id).condition)


def _current(view: dict[str, MissionState], order: list[str]) -> MissionState | None:
    for mission in order:
        state = view.get(mission)
        if state is not None and state.status == "pending":
            return state
    return None


def _advance(tx: Tx, view: dict[str, MissionState], current: MissionState) -> None:
    target = mission_by_id(tx.state.deck, current.id).target
    progress = min(target, current.progress + 1)
    status: Literal["done", "pending"] = "done" if progress >= target else "pending"
    tx.emit(MissionProgress, mission=current.id, progress=progress, status=status)
    view[current.id] = MissionState(current.id, status, progress)


def _credit(tx: Tx, view: dict[str, MissionState], order: list[str], kind: str, holds: Callable[[int], bool]) -> None:
    """Credit the mission current before the command's events, if it is of ``kind`` and ``holds(value)``."""
    current = _current(view, order)
    if current is None:
        return
    mission = mission_by_id(tx.state.deck, current.id)
    if mission.condition == kind and holds(mission.value or 0):
        _advance(tx, view, current)


def _all_colors_committed(s: GameState) -> int:
    """Colours whose pool dice were all committed in this Strategy phase (``s``: just before the roll).

    Dice committed this phase are the unapplied active dice that have not been rolled yet (committing clears a
    die's face; dice left over from an earlier phase still show theirs)."""
    fresh = {d.color for d in s.dice_in("active") if d.face is None}
    left = {d.color for d in s.dice_in("pool")}
    return len(fresh - left)


def _level(deck: Deck, card_id: str) -> int | None:
    if any(b.id == card_id for b in deck.bosses):
        return None
    return deck.card(card_id).level
