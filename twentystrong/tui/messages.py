"""Messages up (architecture.md contracts 8 and 11): "play this command", plus undo/redo and the meta actions.

Widgets and screens never change the game. A press that plays a move posts :class:`Play` with a command from the
view's ``legal`` list (or, to have the engine say why a press does nothing, the command the press stood for); it
bubbles to the App, which hands it to the store; the store dispatches it to the session and publishes the new
state (or shows why it was refused). The other messages change the session or the screens, never the game.

Handler names carry the ``game`` namespace (``on_game_play``), so they never collide with Textual's own events.
"""

from __future__ import annotations

from textual.message import Message

from twentystrong.engine.commands import Command


class Play(Message, namespace="game"):
    """Play a command (one the view lists as legal, or one whose refusal says why a press did nothing)."""

    def __init__(self, command: Command) -> None:
        super().__init__()
        self.command = command


# --- meta intents: they change the session or the screens, not the game -------------------------------------------


class Undo(Message, namespace="game"):
    """Step back one player command (refused across a random reveal in standard play, contract 5)."""


class Redo(Message, namespace="game"):
    """Re-apply the last undone command."""


class ShowCard(Message, namespace="game"):
    """Open the card browser on a card (any card id of the deck, or None for the whole deck)."""

    def __init__(self, card: str | None) -> None:
        super().__init__()
        self.card = card
