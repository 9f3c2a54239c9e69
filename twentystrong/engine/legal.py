"""What the game waits for (``awaiting``) and every legal atomic command (contract 3).

``decide`` accepts exactly the commands listed here (plus the ``faces`` shorthand for several ``face`` commands),
so the UI, bots and the headless protocol can offer nothing illegal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twentystrong.content.effects import Face
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import FACES
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Live
from twentystrong.engine.flow import pending_after, pending_items, rules
from twentystrong.engine.state import GameState, Prompt

CHOICE_PROMPTS = frozenset({"choose_die", "choose_card", "choose_stack", "choose_option", "reroll_hit"})
"""An effect's own choices. Items may be used while one waits (R8), unless it is part of resolving a roll
(``hooks.resolving_roll``); the choice's options are then checked again (``decide``)."""


def legal_commands(s: GameState) -> list[Command]:
    """Every legal atomic command now, in a stable order."""
    return list(s.memo(_legal))  # callers (UI, bots, decide) ask again of the same state: worked out once


def is_legal(s: GameState, command: Command) -> bool:
    """Whether ``command`` is one of :func:`legal_commands` (decide asks it for every command)."""
    return command in s.memo(_legal)


def _legal(s: GameState) -> tuple[Command, ...]:
    if s.result is not None:
        return ()
    step = s.step
    prompt = s.prompt
    if step in _SETUP_STEPS:  # neither items nor the hero's ability, nor a mission to forfeit
        if step == "setup":
            return (Command("start"),)
        return tuple(_prompt_commands(s, prompt) if prompt is not None else _SETUP_COMMANDS[step](s))
    out = _prompt_commands(s, prompt) if prompt is not None else _STEP_COMMANDS[step](s)
    out += _use_commands(s)
    out += [Command("discard_item", item=i) for i in s.inventory]
    if s.missions:
        current = s.current_mission
        if current is not None and s.deck.mission(current.id).forfeitable:
            out.append(Command("forfeit_mission", mission=current.id))
    return tuple(out)


def _prompt_commands(s: GameState, p: Prompt) -> list[Command]:
    if p.kind == "instant_reward":
        return [Command("take_reward", card=p.card), Command("decline_reward", card=p.card)]
    if p.kind == "item_limit":
        return []  # answered with use_item / discard_item
    out: list[Command] = []
    if p.kind in ("choose_die", "reroll_hit"):
        out = [Command("choose", die=d) for d in p.options]
    elif p.kind == "choose_card":
        out = [Command("choose", card=c) for c in p.options]
    elif p.kind == "choose_stack":
        out = [Command("choose", stack=int(x)) for x in p.options]
    elif p.kind in ("choose_option", "roll_test"):  # roll_test: physical test dice, the number of hits shown
        out = [Command("choose", choice=c) for c in p.options]
    if p.purpose.startswith("up to"):
        out.append(Command("done"))
    return out


def _mission_discard(s: GameState) -> list[Command]:
    return [Command("discard_mission", mission=m.id) for m in s.missions if m.status == "pending"]


def _rank_penalty(s: GameState) -> list[Command]:
    if all(d.zone == "banished" for d in s.dice):
        return [Command("rank_penalty", choice="exhaust")]
    return [Command("rank_penalty", choice="banish"), Command("rank_penalty", choice="exhaust")]


def _round_start(s: GameState) -> list[Command]:
    return [Command("start_endgame"), Command("decline_endgame")]


def _activate(s: GameState) -> list[Command]:
    return [Command("activate", stack=i) for i in rules(s).activation_choices(s)]


def _commit(s: GameState) -> list[Command]:
    out = [Command("commit", die=d.id) for d in s.dice_in("pool") if hooks.commit_block(s, d) is None]
    out.append(Command("roll"))
    return out


def _faces(s: GameState) -> list[Command]:
    out = []
    for d in s.dice_in("active"):
        if d.face is None:
            faces: list[Face] = sorted(set(FACES[d.color]), key=("miss", "hit", "crit").index)
            out += [Command("face", die=d.id, face=f) for f in faces]
    return out


def _apply(s: GameState) -> list[Command]:
    out = [
        Command("apply", die=d.id, card=c.id)
        for d in s.dice_in("active")
        for c in s.active
        if hooks.apply_block(s, d, c) is None
    ]
    if s.phases_used < s.hero.strategy:  # R4: the current Strategy bounds the phases
        out.append(Command("repeat"))
    out.append(Command("resolve"))
    return out


def _after(s: GameState) -> list[Command]:
    return [Command("resolve_after", card=le.source, effect=le.index) for le in pending_after(s)]


def _recover(s: GameState) -> list[Command]:
    out = [Command("recover", die=d) for d in hooks.recoverable(s)]
    out.append(Command("done"))
    return out


def _gain_items(s: GameState) -> list[Command]:
    room = len(s.inventory) < s.hero.strategy
    out: list[Command] = []
    for card in pending_items(s):
        if room:
            out.append(Command("gain_item", card=card))
        out.append(Command("decline_item", card=card))
    return out


def _stack_discard(s: GameState) -> list[Command]:
    return [Command("stack_discard", stack=i) for i in rules(s).stack_discard_choices(s)]


def _none(s: GameState) -> list[Command]:
    return []


_SETUP_STEPS = frozenset({"setup", "mission_discard", "rank_penalty"})
"""Steps before the first round: the only commands are the step's own (or its prompt's)."""
_SETUP_COMMANDS: dict[str, Callable[[GameState], list[Command]]] = {
    "mission_discard": _mission_discard,
    "rank_penalty": _rank_penalty,
}
_STEP_COMMANDS: dict[str, Callable[[GameState], list[Command]]] = {
    "round_start": _round_start,
    "activate": _activate,
    "commit": _commit,
    "faces": _faces,
    "apply": _apply,
    "suffer": _none,
    "after": _after,
    "exhaust": _none,
    "recover": _recover,
    "gain_items": _gain_items,
    "cleanup": _none,
    "stack_discard": _stack_discard,
    "over": _none,
}


# --- items and the hero's ability ------------------------------------------------------------------------------


def items_usable(s: GameState) -> str | None:
    """Why no item can be used now (R8), or None."""
    return _use_timing(s) or hooks.items_block(s)


def _use_timing(s: GameState) -> str | None:
    """Why neither items nor the hero's ability can be used at this moment (R8), or None."""
    if s.step == "faces" or (s.prompt is not None and hooks.resolving_roll(s, s.prompt)):
        return "items cannot be used while a roll is being resolved"
    return None


def usable_effects(s: GameState) -> list[Live]:
    """Item and ability effects the player may use now (a ``use_item`` / ``use_ability`` command each, perhaps
    with no way to use it at this moment: see :func:`can_use_now`)."""
    if _use_timing(s) is not None:
        return []
    blocked = hooks.items_block(s) is not None
    usable = []
    for le in hooks.live_effects(s):
        if le.origin not in ("item", "hero") or (blocked and le.origin == "item"):
            continue  # "items cannot be used": the hero's ability is not an item
        single = _single_use(s, le)
        if single and le.index != 0:
            continue  # a single-use item is used whole, through its first effect
        if not single and (hooks.handler(le.effect.kind).passive or le.effect.trigger is not None):
            continue  # simply in force, or it fires at its trigger: not something the player uses
        if le.effect.once_per_round and le.key in s.used_this_round:
            continue
        if le.effect.condition is not None and not hooks.condition_holds(s, le, {}):
            continue
        usable.append(le)
    return usable


def _single_use(s: GameState, le: Live) -> bool:
    return le.origin == "item" and hooks.item_effects(s, le.source)[0] == "single_use"


def _use_commands(s: GameState) -> list[Command]:
    """A use_item / use_ability command for each way to use each usable effect now."""
    out: list[Command] = []
    for le in usable_effects(s):
        single = _single_use(s, le)
        cmd, item = ("use_item", le.source) if le.origin == "item" else ("use_ability", None)
        effect = None if single else le.index
        out += [Command(cmd, item=item, effect=effect, **extra) for extra in hooks.handler(le.effect.kind).uses(s, le)]
    return out


def can_use_now(s: GameState) -> bool:
    """Whether some item or ability can be used now, in at least one way (a ``use_item`` / ``use_ability`` command
    is legal)."""
    return any(hooks.handler(le.effect.kind).uses(s, le) for le in usable_effects(s))


# --- awaiting --------------------------------------------------------------------------------------------------


def awaiting(s: GameState) -> dict[str, Any]:
    """What the game waits for: ``kind`` plus details and a sentence for the prompt line."""
    if s.result is not None:
        return {"kind": "over", "text": f"Game over: you {s.result}. {s.result_reason}"}
    p = s.prompt
    if p is not None:
        out: dict[str, Any] = {"kind": p.kind, "text": _prompt_text(s, p)}
        for key in ("card", "source", "count"):
            value = getattr(p, key)
            if value is not None:
                out[key] = value
        if p.options:
            out["options"] = list(p.options)
        return out
    kind = _STEP_AWAITING.get(s.step, s.step)
    text = _STEP_TEXT.get(s.step, "")
    out = {"kind": kind, "text": text}
    if s.step == "activate":
        out["remaining"] = s.pending_activations
        out["stacks"] = rules(s).activation_choices(s)
    elif s.step == "apply":
        out["phase"] = s.phases_used
        out["phases_allowed"] = s.hero.strategy
    elif s.step == "recover":
        out["limit"] = hooks.recovery_limit(s)
        out["recovered"] = s.recovered_this_round
    elif s.step == "gain_items":
        out["cards"] = pending_items(s)
    elif s.step == "rank_penalty":
        out["remaining"] = s.rank_penalties_left
    return out


_STEP_AWAITING = {
    "mission_discard": "discard_mission",
    "rank_penalty": "rank_penalty",
    "round_start": "endgame_choice",
    "activate": "activate",
    "commit": "commit",
    "faces": "faces",
    "apply": "apply",
    "after": "order_after_effects",
    "recover": "recover",
    "gain_items": "gain_items",
    "stack_discard": "stack_discard",
}

_STEP_TEXT = {
    "mission_discard": "Discard one of the dealt missions.",
    "rank_penalty": "Rank penalty: banish one die, or exhaust three.",
    "round_start": "A stack is empty: start the endgame now, or keep playing the stacks.",
    "activate": "Choose a stack: its top card becomes active.",
    "commit": "Commit dice from the pool, then roll.",
    "faces": "Roll your physical dice and enter each face.",
    "apply": "Apply rolled hits to cards, then repeat the Strategy phase or resolve.",
    "after": "After effects: choose which resolves next (items can be used first).",
    "recover": "Recover exhausted dice to the pool, then finish.",
    "gain_items": "Gain item rewards into the inventory, or decline them.",
    "stack_discard": "Discard the top card of one stack.",
}


def _prompt_text(s: GameState, p: Prompt) -> str:
    if p.kind == "instant_reward" and p.card:
        return f"{s.deck.card(p.card).name} is defeated: take or decline its instant reward."
    if p.kind == "item_limit":
        return f"You hold {len(s.inventory)} items but Strategy is {s.hero.strategy}: use or discard items."
    purpose = p.purpose or "make a choice"
    return purpose[0].upper() + purpose[1:] + (f" ({p.count} left)" if p.count > 1 else "") + "."
