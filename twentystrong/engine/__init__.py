"""The rules engine: frozen game state, commands in, numbered events out (architecture.md contract 2).

Pure Python: never imports textual or rich (contract 1). The public surface:

- :func:`initial_state` — a game not yet started, from a deck and setup options;
- :func:`decide` — a command against a state: the events it causes, or a :class:`Rejected`;
- :func:`evolve` — one event applied to a state (the only way state changes);
- :func:`legal_commands` — every legal atomic command in a state (contract 3).
"""

from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide, decide_and_apply
from twentystrong.engine.events import Event
from twentystrong.engine.evolve import evolve, fold
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.state import GameState, SetupOptions, initial_state

__all__ = [
    "Command",
    "Event",
    "GameState",
    "Rejected",
    "SetupOptions",
    "decide",
    "decide_and_apply",
    "evolve",
    "fold",
    "initial_state",
    "legal_commands",
]
