"""The odds of one active card, read from the engine's own hooks (rules.md R5, R10; architecture.md contract 7).

The odds never encode a card rule. :func:`damage_model_for` asks the engine, for a die of each colour showing a
basic hit and a crit, what it would deal to the card (``hooks.die_damage``) and whether it may be applied to it
(``hooks.apply_block``); :func:`target_for` adds the card's Health (``hooks.card_health``) and the damage already
on it (``hooks.damage_taken``), so "crits deal 0", "blue +1", "red cannot be applied" and any kind added later
reach the odds without a line here.

A :class:`~twentystrong.odds.model.DamageModel` says, per colour and face, what a die deals and whether it may be
applied, the same in every Strategy phase. Rules that depend on more than that are not in it:

- *Restrictions that last one Apply step* ("one die per Apply step", "nothing while a miss shows"): the model
  describes a coming Apply step as it starts (:func:`coming_step`); ``damage_model_for(..., now=True)`` asks
  about the current moment instead. A front end checks the dice of an actual roll against the legal commands.
- *Rules about combinations of dice* (pairs, "all dice on one enemy share a colour", "at most N dice on this
  card"): the model holds them as they stand now.
- *Caps and defeat blocks*: :func:`damage_ceiling` and ``hooks.defeat_block`` say when dice cannot defeat a card.
- *Roll changes* (kept faces, faces read as others, forced rerolls): the odds assume plain rolls;
  :func:`roll_caveats` names the effects in force that change them.

Pure Python, like the rest of the odds: no textual, no rich.
"""

from __future__ import annotations

from dataclasses import replace

from twentystrong.content.effects import COLORS, Color, Face
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler
from twentystrong.engine.state import ActiveCard, DieState, GameState
from twentystrong.odds.model import ColorDamage, DamageModel
from twentystrong.odds.targets import Target

__all__ = [
    "coming_step",
    "damage_ceiling",
    "damage_model_for",
    "probe_die",
    "roll_caveats",
    "target_for",
]

_FACES: tuple[Face, ...] = ("hit", "crit")
_HUGE = 1_000_000
"""Damage no card can have: the probe of :func:`damage_ceiling`."""


def coming_step(state: GameState) -> GameState:
    """The state as a coming Apply step starts: no die applied in it yet, the unapplied dice not yet rolled.

    Restrictions that only last one Apply step (limits per step, faces the other dice show) then no longer hold
    against a die; those that last longer (the dice on a card, exhausted colours, round flags) still do.
    """
    rolled = any(d.zone == "active" and d.face is not None for d in state.dice)
    if not rolled and not state.applied_this_step:
        return state
    dice = tuple(replace(d, face=None) if d.zone == "active" else d for d in state.dice)
    return state.changed({"dice": dice, "applied_this_step": ()})


def probe_die(state: GameState, color: Color, card: ActiveCard) -> str:
    """The id of a die of ``color`` to ask the hooks about: one not already on ``card`` when there is one (so a
    rule that counts the card's own dice, e.g. a same-colour pair, sees the probe as a die still to come)."""
    of_color = [d for d in state.dice if d.color == color]
    for die in of_color:
        if not (die.zone == "applied" and die.card == card.id):
            return die.id
    return of_color[0].id


def damage_model_for(state: GameState, card: ActiveCard, *, now: bool = False) -> DamageModel:
    """What a die of each colour and face deals to ``card`` and whether it may be applied, from the engine's hooks.

    For each colour and face a probe die ``DieState(id, "applied", face, card.id)`` goes through
    ``hooks.die_damage`` and ``DieState(id, "active", face)`` through ``hooks.apply_block``. By default the
    hooks see :func:`coming_step` (the odds of the phases to come); ``now=True`` asks about ``state`` itself.
    """
    s = state if now else coming_step(state)
    colors: dict[Color, ColorDamage] = {}
    for color in COLORS:
        die_id = probe_die(s, color, card)
        damage: dict[Face, int] = {}
        applies: dict[Face, bool] = {}
        for face in _FACES:
            damage[face] = hooks.die_damage(s, DieState(die_id, "applied", face, card.id), card)
            applies[face] = hooks.apply_block(s, DieState(die_id, "active", face), card) is None
        colors[color] = ColorDamage(
            hit=damage["hit"], crit=damage["crit"], hit_applies=applies["hit"], crit_applies=applies["crit"]
        )
    return DamageModel.from_mapping(colors)


def target_for(state: GameState, card: ActiveCard, *, now: bool = False) -> Target:
    """``card`` as the odds see it: its Health, the damage already on it (R5: under the modifiers in force now)
    and its :func:`damage_model_for`; the card id is the target's name."""
    return Target(
        health=hooks.card_health(state, card),
        applied=hooks.damage_taken(state, card),
        model=damage_model_for(state, card, now=now),
        name=card.id,
    )


def damage_ceiling(state: GameState, card: ActiveCard) -> int | None:
    """The most damage ``card`` can count now (a cap per round …), or None when nothing caps it.

    Asked of the engine: the card is given an impossible amount of damage dealt without a die (the round flag
    ``hooks.EXTRA_DAMAGE``) and ``hooks.damage_taken`` says how much of it counts.
    """
    flag = f"{hooks.EXTRA_DAMAGE}{card.id}:{_HUGE}"
    probe = state.changed({"round_flags": (*state.round_flags, flag)})
    counted = hooks.damage_taken(probe, card)
    return counted if counted < _HUGE else None


def roll_caveats(state: GameState) -> tuple[str, ...]:
    """The words of the effects in force that change rolls (kept faces, faces read as others, forced rerolls),
    which the odds do not model: the odds assume every unapplied die is rolled again and counts as it shows."""
    out: list[str] = []
    for handler, live in hooks.passive(state):
        kind = type(handler)
        if (
            kind.keeps_face is not Handler.keeps_face
            or kind.read_face is not Handler.read_face
            or kind.after_roll is not Handler.after_roll
        ):
            words = hooks.describe(live.effect)
            if words not in out:
                out.append(words)
    return tuple(out)
