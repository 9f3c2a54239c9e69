"""The table's keys: the general ones, and how a board's keys join them (one list for the key bar, the help screen
and the command palette)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from textual.actions import parse
from textual.binding import Binding, BindingType

from twentystrong.tui.boards import Board

FACE_KEYS = {"m": "miss", "h": "hit", "k": "crit"}
"""The keys that enter a physical die's face."""

KEYS: list[BindingType] = [
    # Enter: the first binding whose action is possible now runs (check_action), and the footer shows it.
    Binding("enter", "play_selected", "Play die"),
    Binding("enter", "roll", "Roll"),
    Binding("enter", "resolve", "Resolve"),
    Binding("enter", "recover_all", "Recover all"),
    Binding("enter", "done", "Done"),
    Binding("enter", "take_reward", "Take reward"),
    Binding("enter", "gain_item", "Gain item"),
    Binding("enter", "activate_only", "Activate"),
    Binding("enter", "answer", "Choose…"),
    Binding("space", "use_selected", "Play die", show=False),
    Binding("escape", "clear", "Clear selection", show=False),
    Binding("r", "repeat", "Repeat"),
    Binding("x", "stop_recovering", "Stop recovering"),
    Binding("x", "decline", "Decline"),
    *[Binding(k, f"face('{face}')", face.capitalize(), key_display=k) for k, face in FACE_KEYS.items()],
    *[
        Binding(
            str(n),
            f"card({n})",
            "Card",
            key_display="1-9",
            show=n == 1,
            tooltip="Put the selected die on that card; with no die selected, read the card",
        )
        for n in range(1, 10)
    ],
    Binding("y", "color('Y')", "Select die", key_display="ygbpr", show=False),
    *[Binding(k, f"color('{k.upper()}')", "Select die", show=False) for k in "gbpr"],
    *[Binding(k, f"color('{k}')", "Select die", show=False) for k in "YGBPR"],
    Binding("a", "moves", "All moves"),
    Binding("u", "use", "Use item/ability", show=False),
    Binding("c", "cards", "Cards"),
    Binding("i", "inventory", "Inventory", show=False),
    Binding("l", "log", "Log", show=False),
    Binding("s", "summary", "Game summary"),
    Binding("w", "expert", "Ask the expert", show=False, tooltip="What would the expert play now, and why"),
]
"""The general table's keys (every table: the board's join them, :func:`compose_keys`)."""


BOARD_ACTION = "deck"
"""The table's action that runs one of the board's (``deck('camp', 3)`` runs the board's ``action_camp(3)``)."""


def split_action(action: str) -> tuple[str, tuple[object, ...]]:
    """``card(3)`` → ``("card", (3,))``."""
    _, name, params = parse(action)
    return name, params


def _board_binding(binding: Binding) -> Binding:
    """A board's binding as the table runs it: its action through :data:`BOARD_ACTION`."""
    name, params = split_action(binding.action)
    args = ", ".join(repr(p) for p in (name, *params))
    return replace(binding, action=f"{BOARD_ACTION}({args})")


def compose_keys(general: Sequence[Binding], board: type[Board]) -> list[Binding]:
    """The table's bindings with the board's: each of :attr:`Board.KEYS_BEFORE` before the general binding it names,
    then :attr:`Board.KEYS` (for a key both have, the general binding is tried first)."""
    out: list[Binding] = []
    for binding in general:
        out += [_board_binding(b) for b in board.KEYS_BEFORE.get(binding.action, ())]
        out.append(binding)
    out += [_board_binding(b) for b in board.KEYS]
    return out
