"""One accepted player command of a game's history: the command, the events it caused and the state after them."""

from __future__ import annotations

from typing import NamedTuple

from twentystrong.engine.commands import Command
from twentystrong.engine.events import Event
from twentystrong.engine.state import GameState


# A NamedTuple, not a frozen dataclass: as immutable, and ~0.3 ms less to define at start-up (and quicker to build).
class HistoryEntry(NamedTuple):
    """One accepted player command, the events it caused and the state after them."""

    command: Command
    events: tuple[Event, ...]
    state_after: GameState

    @property
    def revealing(self) -> Event | None:
        """The first event of the command that revealed hidden information: a roll, a shuffle, a card turned up
        (R13: standard play cannot undo it, contract 5), or None."""
        for event in self.events:
            if event.reveal() is not None:
                return event
        return None

    @property
    def label(self) -> str:
        """The command in a few words, for history lists: ``apply B3 → c05``."""
        return describe(self.command)


def describe(command: Command) -> str:
    """A short label for a command (ids, not names: the UI may look names up in the deck): ``apply B3 → c05``,
    ``activate stack 2``, ``discard_mission m04``."""
    c = command
    if c.cmd == "apply":
        return f"apply {c.die} → {c.card}"
    if c.faces:
        return "faces " + " ".join(f"{die}={face}" for die, face in c.faces)
    parts = [c.cmd]
    parts += [f"{key} {value}" for key, value in c.args if isinstance(value, int)]  # a ruleset's numbers: stack 2
    for value in (c.die, c.card, c.face, c.item, c.choice):
        if value is not None:
            parts.append(value)
    parts += [value for _, value in c.args if not isinstance(value, int)]  # a ruleset's ids
    if c.effect is not None and c.cmd != "resolve_after":
        parts.append(f"#{c.effect}")
    return " ".join(parts)
