"""The table's keys: the general ones, and how a board's keys join them (one list for the key bar, the help screen
and the command palette)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from textual.actions import parse
from textual.binding import Binding, BindingType

from twentystrong.i18n import N_
from twentystrong.tui.boards import Board

FACE_KEYS = {"m": "miss", "h": "hit", "k": "crit"}
"""The keys that enter a physical die's face."""
FACE_NAMES = {"miss": N_("Miss"), "hit": N_("Hit"), "crit": N_("Crit")}
"""Their descriptions (marked: the key bar shows them through the catalogue)."""

KEYS: list[BindingType] = [
    # Enter: the first binding whose action is possible now runs (check_action), and the footer shows it.
    Binding("enter", "play_selected", N_("Play die")),
    Binding("enter", "roll", N_("Roll")),
    Binding("enter", "resolve", N_("Resolve")),
    Binding("enter", "recover_all", N_("Recover all")),
    Binding("enter", "done", N_("Done")),
    Binding("enter", "take_reward", N_("Take reward")),
    Binding("enter", "gain_item", N_("Gain item")),
    Binding("enter", "activate_only", N_("Activate")),
    Binding("enter", "answer", N_("Choose…")),
    Binding("space", "use_selected", N_("Play die"), show=False),
    Binding("escape", "clear", N_("Clear selection"), show=False),
    Binding("r", "repeat", N_("Repeat")),
    Binding("x", "stop_recovering", N_("Stop recovering")),
    Binding("x", "decline", N_("Decline")),
    *[Binding(k, f"face('{face}')", FACE_NAMES[face], key_display=k) for k, face in FACE_KEYS.items()],
    *[
        Binding(
            str(n),
            f"card({n})",
            N_("Card"),
            key_display="1-9",
            show=n == 1,
            tooltip=N_("Put the selected die on that card; with no die selected, read the card"),
        )
        for n in range(1, 10)
    ],
    Binding("y", "color('Y')", N_("Select die"), key_display="ygbpr", show=False),
    *[Binding(k, f"color('{k.upper()}')", N_("Select die"), show=False) for k in "gbpr"],
    *[Binding(k, f"color('{k}')", N_("Select die"), show=False) for k in "YGBPR"],
    Binding("a", "moves", N_("All moves")),
    Binding("u", "use", N_("Use item/ability"), show=False),
    Binding("c", "cards", N_("Cards")),
    Binding("i", "inventory", N_("Inventory"), show=False),
    Binding("l", "log", N_("Log"), show=False),
    Binding("s", "summary", N_("Game summary")),
    Binding("w", "expert", N_("Ask the expert"), show=False, tooltip=N_("What would the expert play now, and why")),
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
