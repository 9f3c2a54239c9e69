"""A transaction: the events one command causes, applied as they are decided so later rules see them.

``decide`` works on a :class:`Tx`: every fact goes through :meth:`Tx.emit`, which numbers the event and applies it
with :func:`twentystrong.engine.evolve.evolve`, the one writer of state (architecture.md contract 10). The caller gets
the list of events and the state after them; the input state is never touched (contract 2). ``tx.state`` is the
state after the events emitted so far: read it again after an emit (``tx.before``, the state the command met, never
changes).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from twentystrong.content.effects import Stat
from twentystrong.engine import events as ev
from twentystrong.engine.evolve import evolve
from twentystrong.engine.state import ActiveCard, GameState, Prompt

if TYPE_CHECKING:
    from twentystrong.engine.effects.base import Live


class Flow(Protocol):
    """What an effect handler may ask of the general rules while a command runs (the round's flow,
    :mod:`twentystrong.engine.flow`, given to each transaction): handlers call :meth:`Tx.defeat` and
    :meth:`Tx.fire` rather than importing the flow, which asks the handlers."""

    def defeat(self, tx: Tx, card: ActiveCard, reason: str) -> None:
        """Defeat an active card (R6; R11 may win the game)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        """One effect happens, if its guard holds; then defeats are checked (R5)."""


class Tx:
    """The state the command met, the state after the events emitted so far, and those events."""

    __slots__ = ("before", "events", "flow", "state")

    def __init__(self, state: GameState, flow: Flow) -> None:
        self.before = state
        self.state = state
        self.flow = flow
        self.events: list[ev.Event] = []

    def emit(self, cls: type[ev.Event], **fields: Any) -> ev.Event:
        """Record an event (``fields`` but its number) and apply it."""
        event = cls(seq=self.state.seq + 1, **fields)
        self.state = evolve(self.state, event)
        self.events.append(event)
        return event

    def defeat(self, card: ActiveCard, reason: str) -> None:
        """Defeat an active card, as the general rules do (see :class:`Flow`)."""
        self.flow.defeat(self, card, reason)

    def fire(self, live: Live, context: dict[str, Any]) -> None:
        """Make an effect happen, as the general rules do (see :class:`Flow`)."""
        self.flow.fire(self, live, context)

    def count(self, counter: str, amount: int = 1) -> None:
        """Add to a statistics counter (a ``Marked`` event holding its new value)."""
        self.emit(ev.Marked, counter=counter, value=self.state.counter(counter) + amount)

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

    def reask(self, prompt: Prompt, options: tuple[str, ...]) -> None:
        """R8: the open prompt asks again with ``options``, what holds now after an item changed the state (an
        event only when they differ)."""
        if options != prompt.options:
            self.emit(ev.PromptUpdated, prompt=replace(prompt, options=options))

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
