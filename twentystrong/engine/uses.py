"""Items and the hero's ability: which the player may use now, and the commands that use them (rules.md R8, R9).

The legal commands offer a ``use_item`` / ``use_ability`` command for each way to use each usable effect; the
general rules ask :func:`can_use_now` before they move on past a moment where an item could still help.
"""

from __future__ import annotations

from twentystrong.engine.commands import Command
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Live
from twentystrong.engine.state import GameState
from twentystrong.i18n import _


def items_usable(s: GameState) -> str | None:
    """Why no item can be used now (R8), or None."""
    return _use_timing(s) or hooks.items_block(s)


def _use_timing(s: GameState) -> str | None:
    """Why neither items nor the hero's ability can be used at this moment (R8), or None."""
    if s.step == "faces" or (s.prompt is not None and hooks.resolving_roll(s, s.prompt)):
        return _("items cannot be used while a roll is being resolved")
    return None


def usable(s: GameState) -> list[tuple[Live, bool]]:
    """The item and ability effects the player may use now, each with whether it is a single-use item's: those the
    effects in force let the player use (``InForce.usable``), at a moment that allows it, not blocked (items) nor
    used up (once per round)."""
    if _use_timing(s) is not None:
        return []
    candidates = hooks.in_force(s).usable
    blocked = any(le.origin == "item" for le, _ in candidates) and hooks.items_block(s) is not None
    used = s.used_this_round
    return [
        (le, single)
        for le, single in candidates
        if not (blocked and le.origin == "item")  # "items cannot be used": the hero's ability is not an item
        and not (le.effect.once_per_round and le.key in used)
    ]


def usable_effects(s: GameState) -> list[Live]:
    """Item and ability effects the player may use now (a ``use_item`` / ``use_ability`` command each, perhaps
    with no way to use it at this moment: see :func:`can_use_now`)."""
    return [le for le, _ in usable(s)]


def _use_commands(s: GameState) -> list[Command]:
    """A use_item / use_ability command for each way to use each usable effect now."""
    out: list[Command] = []
    for le, single in usable(s):
        cmd, item = ("use_item", le.source) if le.origin == "item" else ("use_ability", None)
        effect = None if single else le.index
        out += [Command(cmd, item=item, effect=effect, **extra) for extra in hooks.handler(le.effect.kind).uses(s, le)]
    return out


def can_use_now(s: GameState) -> bool:
    """Whether some item or ability can be used now, in at least one way (a ``use_item`` / ``use_ability`` command
    is legal)."""
    return any(hooks.handler(le.effect.kind).uses(s, le) for le in usable_effects(s))


def use_commands(s: GameState) -> list[Command]:
    """The use_item / use_ability commands of the usable effects, then a discard_item command for each item held."""
    return [*_use_commands(s), *(Command("discard_item", item=i) for i in s.inventory)]
