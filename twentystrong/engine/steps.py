"""The steps of a round, one row each (:class:`~twentystrong.engine.rulesets.base.StepSpec`): its phase, what the
game waits for there, whether it moves on by itself, and its own legal commands.

:data:`GENERAL` holds the general rules' steps; a ruleset adds its own and may play a general step its own way
(``Ruleset.steps``, looked up first): Solar Sentinels adds its setup steps and the stack discard, and chooses its
activations among its stacks. :func:`advance` runs the steps that need no decision after every command.
"""

from __future__ import annotations

from typing import Any

from twentystrong.content.effects import Face
from twentystrong.engine import flow
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import FACES
from twentystrong.engine.effects import hooks
from twentystrong.engine.rulesets import rules
from twentystrong.engine.rulesets.base import StepSpec
from twentystrong.engine.state import GameState
from twentystrong.engine.tx import Tx
from twentystrong.i18n import N_


def spec(s: GameState) -> StepSpec:
    """The row of the state's step: the ruleset's, else the general rules'."""
    found = rules(s).steps.get(s.step) or GENERAL.get(s.step)
    if found is None:
        raise KeyError(f"step {s.step!r} is neither a general step nor one of the {s.deck.info.ruleset} rules")
    return found


def phase_of(s: GameState) -> str:
    """The phase of the round, for the step bar and the headless protocol."""
    return spec(s).phase


def advance(tx: Tx) -> None:
    """Run automatic steps until the game waits for the player (or ends)."""
    for _ in range(1000):  # a bound, not a budget: every pass either waits or moves one step on
        s = tx.state
        if s.result is not None or s.prompts:
            return
        step = spec(s).advance
        if step is None or not step(tx):
            return
    raise RuntimeError("the round did not settle")  # pragma: no cover - a bug, never player input


# --- the general steps' commands ---------------------------------------------------------------------------------


def _start(s: GameState) -> list[Command]:
    return [Command("start")]


def _activation(s: GameState) -> list[Command]:
    return rules(s).activation_commands(s)


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
    return [Command("resolve_after", card=le.source, effect=le.index) for le in flow.pending_after(s)]


def _recover(s: GameState) -> list[Command]:
    out = [Command("recover", die=d) for d in hooks.recoverable(s)]
    out.append(Command("done"))
    return out


def _gain_items(s: GameState) -> list[Command]:
    room = len(s.inventory) < s.hero.strategy
    ruleset = rules(s)
    out: list[Command] = []
    for card in flow.pending_items(s):
        if room:
            out.append(Command("gain_item", card=card))
        out.append(Command("decline_item", card=card))
        out += ruleset.reward_alternatives(s, card)  # what the deck lets a player take instead
    return out


# --- what the game waits for, beyond the step's kind and text --------------------------------------------------


def _activation_details(s: GameState) -> dict[str, Any]:
    return {"remaining": s.pending_activations}


def _apply_details(s: GameState) -> dict[str, Any]:
    return {"phase": s.phases_used, "phases_allowed": s.hero.strategy}


def _recover_details(s: GameState) -> dict[str, Any]:
    return {"limit": hooks.recovery_limit(s), "recovered": s.recovered_this_round}


def _gain_details(s: GameState) -> dict[str, Any]:
    return {"cards": flow.pending_items(s)}


GENERAL: dict[str, StepSpec] = {
    "setup": StepSpec("setup", "setup", commands=_start, setup=True),
    "round_start": StepSpec("activation", "round_start", advance=flow.round_start),
    "activate": StepSpec(
        "activation",
        "activate",
        N_("Choose a card to activate."),
        advance=flow.activation,
        commands=_activation,
        details=_activation_details,
    ),
    "commit": StepSpec("strategy", "commit", N_("Commit dice from the pool, then roll."), commands=_commit),
    "faces": StepSpec("strategy", "faces", N_("Roll your physical dice and enter each face."), commands=_faces),
    "apply": StepSpec(
        "strategy",
        "apply",
        N_("Apply rolled hits to cards, then repeat the Strategy phase or resolve."),
        commands=_apply,
        details=_apply_details,
    ),
    "suffer": StepSpec("resolve", "suffer", advance=flow.suffer),
    "after": StepSpec(
        "resolve",
        "order_after_effects",
        N_("After effects: choose which resolves next (items can be used first)."),
        advance=flow.after,
        commands=_after,
    ),
    "exhaust": StepSpec("resolve", "exhaust", advance=flow.exhaust),
    "recover": StepSpec(
        "resolve",
        "recover",
        N_("Recover exhausted dice to the pool, then finish."),
        advance=flow.recover,
        commands=_recover,
        details=_recover_details,
    ),
    "gain_items": StepSpec(
        "resolve",
        "gain_items",
        N_("Gain item rewards into the inventory, or decline them."),
        advance=flow.gain_items,
        commands=_gain_items,
        details=_gain_details,
    ),
    "cleanup": StepSpec("resolve", "cleanup", advance=flow.cleanup),
    "over": StepSpec("over", "over"),
}
"""The general rules' steps (rules.md "A round"): setup, Activation, the Strategy phase's Commit, (physical) faces
and Apply, and the Resolve phase's six steps; ``over`` once the game has ended."""
