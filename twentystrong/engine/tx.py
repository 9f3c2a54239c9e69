"""A transaction: the events one command causes, applied as they are decided so later rules see them.

``decide`` works on a :class:`Tx`: every fact goes through :meth:`Tx.emit`, which numbers the event and evolves the
working state. The caller gets the list of events and the state after them; the input state is never touched
(contract 2).

The working state is private to the transaction: the first event makes a new state (as ``evolve`` does), and the
later events are applied to that same object in place rather than each building yet another frozen state of some
forty fields. The rules read it while the command runs (and may keep answers in it, which each event drops as a new
state's would not have them, see ``state.change_in_place``); ``decide`` returns it, and from then on it never
changes. So ``tx.state`` is live: read it again after an emit, never keep it across one (``tx.before``, the state
the command met, never changes). ``tests/test_engine_speed_inplace.py`` compares every command of many games with a
transaction that builds a new state for every event.
"""

from __future__ import annotations

from typing import Any

from twentystrong.content.effects import Stat
from twentystrong.engine import events as ev
from twentystrong.engine.evolve import CHANGES
from twentystrong.engine.state import GameState, Prompt, change_in_place, with_changes


class Tx:
    """The state the command met, the working state and the events emitted so far."""

    __slots__ = ("before", "events", "state")

    def __init__(self, state: GameState) -> None:
        self.before = state
        self.state = state  # the input state until the first event: then the transaction's own copy
        self.events: list[ev.Event] = []

    def emit(self, cls: type[ev.Event], **fields: Any) -> ev.Event:
        """Record an event (``fields`` but its number) and apply it."""
        state = self.state
        fields["seq"] = seq = state.seq + 1
        event = ev.make(cls, fields)
        changes = CHANGES[cls](state, event)  # evolve(state, event), without the sequence check: seq is ours
        changes["seq"] = seq
        if state is self.before:
            self.state = with_changes(state, changes)  # the input state is never changed (contract 2)
        else:
            change_in_place(state, changes)  # the transaction's own copy, made by its first event
        self.events.append(event)
        return event

    @property
    def over(self) -> bool:
        """The game has ended: nothing more happens."""
        return self.state.result is not None

    # --- common facts, with their rulings -----------------------------------------------------------------------

    def set_stat(self, stat: Stat, value: int, reason: str) -> None:
        """Change a stat with R1: 1..6, Health below 1 loses at once; R9 when Strategy drops below the items."""
        if self.over:
            return
        low = -99 if stat == "health" else 1  # R1: Health may fall below 1 (a loss); the others stop at 1
        value = max(low, min(6, value))
        if value == self.state.hero.stat(stat):
            return
        self.emit(ev.StatChanged, stat=stat, value=value, reason=reason)
        if stat == "health" and value < 1:
            self.emit(ev.GameOver, result="lost", reason=reason or "Health fell below 1")  # R1
        elif stat == "strategy":
            self.check_item_limit()

    def change_stat(self, stat: Stat, delta: int, reason: str) -> None:
        """Raise or lower a stat by ``delta`` (R1 clamps)."""
        self.set_stat(stat, self.state.hero.stat(stat) + delta, reason)

    def check_item_limit(self) -> None:
        """R9: more items than Strategy forces a use-or-discard prompt that must be answered."""
        s = self.state
        if len(s.inventory) > s.hero.strategy and not any(p.kind == "item_limit" for p in s.prompts):
            self.push(Prompt("item_limit", purpose="use or discard items down to your Strategy"))

    def push(self, prompt: Prompt) -> None:
        """Interrupt play with a decision."""
        self.emit(ev.PromptPushed, prompt=prompt)

    def narrow_prompt(self, prompt: Prompt, rest: tuple[str, ...]) -> bool:
        """One of several choices made: keep asking (one fewer to make, ``rest`` left to choose from) or close the
        prompt. True when the prompt goes on."""
        if prompt.count > 1 and rest:
            narrowed = Prompt(
                prompt.kind, prompt.card, prompt.source, prompt.effect, prompt.count - 1, rest, prompt.purpose
            )
            self.emit(ev.PromptUpdated, prompt=narrowed)
            return True
        self.emit(ev.PromptDone)
        return False

    def move_die(self, die: str, zone: str, reason: str, card: str | None = None, keep_face: bool = False) -> None:
        """Move a die to a zone."""
        self.emit(ev.DieMoved, die=die, zone=zone, card=card, reason=reason, keep_face=keep_face)
