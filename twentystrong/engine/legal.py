"""What the game waits for (``awaiting``) and every legal atomic command (contract 3).

``decide`` accepts exactly the commands listed here (plus the ``faces`` shorthand for several ``face`` commands),
so the UI, bots and the headless protocol can offer nothing illegal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twentystrong.content.effects import Face
from twentystrong.engine.commands import Command, Interned
from twentystrong.engine.dice import FACES
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Live
from twentystrong.engine.flow import pending_after, pending_items, rules
from twentystrong.engine.state import GameState, Prompt, derived

ROLL_PROMPTS = frozenset({"reroll_hit", "roll_test"})
"""Prompts that are part of resolving a roll: items cannot be used then (R8)."""

CHOICE_PROMPTS = frozenset({"choose_die", "choose_card", "choose_stack", "choose_option", "reroll_hit"})


def legal_commands(s: GameState) -> list[Command]:
    """Every legal atomic command now, in a stable order."""
    return list(_legal(s)[0])


def is_legal(s: GameState, command: Command) -> bool:
    """Whether ``command`` is one of :func:`legal_commands` (a set lookup: decide asks it for every command)."""
    commands, ids = _legal(s)
    return id(command) in ids or command in commands


def _compute_legal(s: GameState) -> list[Command]:
    if s.result is not None:
        return []
    if s.step == "setup":
        return [Command("start")]
    prompt = s.prompt
    out = _prompt_commands(s, prompt) if prompt else _STEP_COMMANDS[s.step](s)
    if s.step not in ("mission_discard", "rank_penalty"):
        out += item_commands(s)
        current = s.current_mission
        if current is not None and s.deck.mission(current.id).forfeitable:
            out.append(Command("forfeit_mission", mission=current.id))
    return out


def _prompt_commands(s: GameState, p: Prompt) -> list[Command]:
    if p.kind == "instant_reward":
        return [Command("take_reward", card=p.card), Command("decline_reward", card=p.card)]
    if p.kind == "item_limit":
        return []  # answered with use_item / discard_item
    out: list[Command] = []
    if p.kind in ("choose_die", "reroll_hit"):
        out = [_CHOOSE_DIE[d] for d in p.options]
    elif p.kind == "choose_card":
        out = [_CHOOSE_CARD[c] for c in p.options]
    elif p.kind == "choose_stack":
        out = [_CHOOSE_STACK[int(x)] for x in p.options]
    elif p.kind in ("choose_option", "roll_test"):  # roll_test: physical test dice, the number of hits shown
        out = [_CHOOSE_OPTION[c] for c in p.options]
    if p.purpose.startswith("up to"):
        out.append(_DONE)
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
    return [_ACTIVATE[i] for i in rules(s).activation_choices(s)]


def _commit(s: GameState) -> list[Command]:
    pool = s.dice_in("pool")
    if hooks.passive_with(s, "commit_block", "commit_limit"):
        pool = tuple(d for d in pool if hooks.commit_block(s, d) is None)
    out = [_COMMIT[d.id] for d in pool]
    out.append(_ROLL)
    return out


def _faces(s: GameState) -> list[Command]:
    out = []
    for d in s.dice_in("active"):
        if d.face is None:
            faces: list[Face] = sorted(set(FACES[d.color]), key=("miss", "hit", "crit").index)
            out += [Command("face", die=d.id, face=f) for f in faces]
    return out


def _apply(s: GameState) -> list[Command]:
    hits = [d for d in s.dice_in("active") if d.face in ("hit", "crit")]
    if hooks.passive_with(s, "apply_block"):
        out = [_APPLY[d.id, c.id] for d in hits for c in s.active if hooks.apply_block(s, d, c) is None]
    else:  # nothing restricts where a hit goes (apply_block's own first check is the face)
        out = [_APPLY[d.id, c.id] for d in hits for c in s.active]
    if s.phases_used < s.hero.strategy:  # R4: the current Strategy bounds the phases
        out.append(_REPEAT)
    out.append(_RESOLVE)
    return out


def _after(s: GameState) -> list[Command]:
    return [Command("resolve_after", card=le.source, effect=le.index) for le in pending_after(s)]


def _recover(s: GameState) -> list[Command]:
    out = [_RECOVER[d] for d in hooks.recoverable(s)]
    out.append(_DONE)
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


_STEP_COMMANDS: dict[str, Callable[[GameState], list[Command]]] = {
    "mission_discard": _mission_discard,
    "rank_penalty": _rank_penalty,
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
    if s.step in ("faces",) or (s.prompt is not None and s.prompt.kind in ROLL_PROMPTS):
        return "items cannot be used while a roll is being resolved"
    if s.prompt is not None and s.prompt.kind in CHOICE_PROMPTS:
        return "answer the current choice first"
    return None


def usable_effects(s: GameState) -> list[Live]:
    """Item and ability effects the player may use now (each with at least one way to use it)."""
    if _use_timing(s) is not None:
        return []
    candidates = _use_candidates(s)
    if not candidates:
        return []
    # "items cannot be used": the hero's ability is not an item
    blocked = any(le.origin == "item" for le in candidates) and hooks.items_block(s) is not None
    out: list[Live] = []
    for le in candidates:
        if blocked and le.origin == "item":
            continue
        if le.effect.once_per_round and le.key in s.used_this_round:
            continue
        if le.effect.condition is not None and not hooks.condition_holds(s, le, {}):
            continue
        out.append(le)
    return out


def _use_candidates(s: GameState) -> list[Live]:
    """The item and ability effects in force that are used rather than simply in force: a single-use item's first
    effect (used once, for all its effects), and effects whose kind is not a passive rule change nor triggered.
    This follows from the effects in force alone, so it is worked out once for all the states that share them."""
    scratch = hooks.in_force(s).scratch
    found: list[Live] | None = scratch.get("use_candidates")
    if found is None:
        found = []
        for le in hooks.live_effects(s):
            if le.origin not in ("item", "hero"):
                continue
            if le.origin == "item" and hooks.item_effects(s, le.source)[0] == "single_use":
                if le.index == 0:
                    found.append(le)
                continue
            handler = hooks.handler(le.effect.kind)
            if not handler.passive and le.effect.trigger is None:
                found.append(le)
        scratch["use_candidates"] = found
    return found


def item_commands(s: GameState) -> list[Command]:
    """use_item / use_ability for each usable effect and target, and discard_item for every item (R8)."""
    out: list[Command] = []
    for le in usable_effects(s):
        handler = hooks.handler(le.effect.kind)
        item: str | None
        effect: int | None
        if le.origin == "hero":
            cmd, item, effect = "use_ability", None, le.index
        else:
            single = hooks.item_effects(s, le.source)[0] == "single_use"
            cmd, item, effect = "use_item", le.source, None if single else le.index
        for extra in handler.uses(s, le):
            key = (cmd, item, effect, *extra.items())
            command = _USES.get(key)
            if command is None:
                command = _USES[key] = Command(cmd, item=item, effect=effect, **extra)
            out.append(command)
    out += [_DISCARD_ITEM[i] for i in s.inventory]
    return out


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


# Callers (UI, bots, headless) list the legal commands and then decide one of them, which checks the same list:
# states are frozen, so the answer is kept with the state, with the identities of its commands. A command taken
# from the list is found by identity (the list holds it, so its id cannot be reused meanwhile); any other by
# equality.
def _legal(s: GameState) -> tuple[tuple[Command, ...], frozenset[int]]:
    d = derived(s)
    answer: tuple[tuple[Command, ...], frozenset[int]] | None = d.get("legal")
    if answer is None:
        commands = tuple(_compute_legal(s))
        answer = d["legal"] = (commands, frozenset(map(id, commands)))
    return answer


# The commands the lists are made of, each made once (see ``Interned``).
_ROLL = Command("roll")
_REPEAT = Command("repeat")
_RESOLVE = Command("resolve")
_DONE = Command("done")
_COMMIT = Interned("commit", "die")
_APPLY = Interned("apply", "die", "card")
_RECOVER = Interned("recover", "die")
_ACTIVATE = Interned("activate", "stack")
_DISCARD_ITEM = Interned("discard_item", "item")
_CHOOSE_DIE = Interned("choose", "die")
_CHOOSE_CARD = Interned("choose", "card")
_CHOOSE_STACK = Interned("choose", "stack")
_CHOOSE_OPTION = Interned("choose", "choice")
_USES: dict[tuple[Any, ...], Command] = {}
"""use_item / use_ability commands by (cmd, item, effect, *their target fields)."""
