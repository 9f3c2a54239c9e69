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
- *Roll changes*: :func:`roll_rules` asks ``hooks.keeps_face`` and ``hooks.read_face`` about a probe die of each
  colour and face (kept faces, inverted results); :func:`roll_caveats` names the effects in force that change rolls
  in a way the odds do not hold (forced rerolls after a roll, a face read as another that is not an inversion).
- *Resources*: :func:`resources_for` lists the hero's ability and the items held that change faces
  (``Handler.face_change`` of the effects ``uses.usable`` offers now) and the single-use items whose use changes what
  dice deal this round (a boost: the use is played on a copy of the state and the damage models compared).

Pure Python, like the rest of the odds: no textual, no rich.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, cast

from twentystrong.content.effects import COLORS, Color, Face
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler, Live
from twentystrong.engine.state import ActiveCard, DieState, GameState
from twentystrong.odds.model import ColorDamage, DamageModel
from twentystrong.odds.rules import Boost, Conversion, Resources, RollRules
from twentystrong.odds.targets import Target

if TYPE_CHECKING:
    from twentystrong.engine.commands import Command

__all__ = [
    "banishes_applied",
    "coming_step",
    "damage_ceiling",
    "damage_model_for",
    "probe_die",
    "resources_for",
    "roll_caveats",
    "roll_rules",
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


def banishes_applied(state: GameState, card: str) -> bool:
    """The card's After effect banishes the dice applied to it (they are lost for good, defeated or not: a plan that
    applies dice there costs them)."""
    return card in state.memo(_banishing)


def _banishing(state: GameState) -> frozenset[str]:
    """The active cards whose After effect banishes the dice applied to them."""
    return frozenset(
        live.source
        for live in hooks.in_force(state).live
        if live.is_enemy and live.effect.timing == "after" and live.effect.kind == "banish_applied_dice"
    )


def lost_by(start: GameState, after: GameState) -> tuple[str, ...]:
    """The dice a play from ``start`` to ``after`` loses for good: those it banished, then those applied to a card
    whose After effect banishes them (in die order)."""
    before = {d.id for d in start.dice if d.zone == "banished"}
    gone = [d.id for d in after.dice if d.zone == "banished" and d.id not in before]
    banishing = start.memo(_banishing)
    if banishing:
        applied = {d.id for d in start.dice if d.card is not None}
        gone += [d.id for d in after.dice if d.card in banishing and d.id not in applied and d.id not in gone]
    if not gone:
        return ()
    from twentystrong.odds.dice import die_order

    return tuple(sorted(gone, key=die_order))


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


def _die_of(state: GameState, color: Color) -> str:
    return next(d.id for d in state.dice if d.color == color)


def _roll_probe(state: GameState) -> tuple[RollRules, list[str]]:
    """The roll rules a probe die of each colour and face reveals, and why some could not be held."""
    problems: list[str] = []
    kept: set[Face] = set()
    inverted: list[Color] = []
    all_faces: tuple[Face, ...] = ("miss", "hit", "crit")
    for face in all_faces:
        keeps = {hooks.keeps_face(state, DieState(_die_of(state, color), "active", face)) for color in COLORS}
        if keeps == {True}:
            kept.add(face)
        elif len(keeps) > 1:
            problems.append(f"{face}s kept for some colours only")
    for color in COLORS:
        die = DieState(_die_of(state, color), "active", None)
        read = {face: hooks.read_face(state, die, face) for face in all_faces}
        if read == {"miss": "hit", "hit": "miss", "crit": "crit"}:
            inverted.append(color)
        elif any(read[f] != f for f in all_faces):
            problems.append(f"{color} faces read as others")
    forced = any(type(h).after_roll is not Handler.after_roll for h, _ in hooks.passive(state))
    return RollRules.of(inverted=inverted, kept=kept, forced_rerolls=forced), problems


def roll_rules(state: GameState) -> RollRules:
    """How dice roll under the effects in force: the faces kept when a phase repeats (``hooks.keeps_face``), the
    colours whose hits and misses swap when rolled (``hooks.read_face``), whether an effect acts after each roll."""
    return _roll_probe(state)[0]


def roll_caveats(state: GameState) -> tuple[str, ...]:
    """The words of the effects in force that change rolls in a way the odds do not hold: they act after each roll
    (a hit rolled again for each miss), or keep or read faces otherwise than the odds can say."""
    rules, problems = _roll_probe(state)
    out: list[str] = []
    for handler, live in hooks.passive(state):
        kind = type(handler)
        acts = kind.after_roll is not Handler.after_roll
        odd = problems and (kind.keeps_face is not Handler.keeps_face or kind.read_face is not Handler.read_face)
        if acts or odd:
            words = hooks.describe(live.effect)
            if words not in out:
                out.append(words)
    return tuple(out)


def _source_name(state: GameState, source: str, origin: str) -> str:
    from twentystrong.engine.effects.words import name
    from twentystrong.i18n import _

    return _("{hero}'s ability").format(hero=name(state, source)) if origin == "hero" else name(state, source)


def resources_for(state: GameState, cards: tuple[ActiveCard, ...] = ()) -> Resources:
    """What the player holds now that changes faces or damage this round.

    Face changes: the hero's ability and the items ``uses.usable`` offers (not used up this round, not blocked) whose
    handler says what using them does to rolled dice. Boosts: single-use items used without a target whose use, played
    on a copy of the state, changes what a die deals to one of ``cards``.
    """
    from twentystrong.engine.uses import usable

    conversions: list[Conversion] = []
    boosts: list[Boost] = []
    for live, single in usable(state):
        change = hooks.handler(live.effect.kind).face_change(live.effect)
        if change is not None:
            conversions.append(
                Conversion(
                    _source_name(state, live.source, live.origin),
                    cast(tuple[Face, ...], change.before),
                    cast(tuple[Face, ...], change.after),
                    frozenset(cast(tuple[Color, ...], change.colors)) if change.colors is not None else None,
                    change.same_color,
                    key=live.key,
                )
            )
        elif single and cards:
            boost = _boost(state, live.source, cards)
            if boost is not None:
                boosts.append(boost)
    return Resources(tuple(conversions), tuple(boosts))


def _boost(state: GameState, item: str, cards: tuple[ActiveCard, ...]) -> Boost | None:
    """The item as a boost, if using it (with no target) changes what dice deal to the cards and nothing else they
    are about."""
    from twentystrong.engine.commands import Command, Rejected
    from twentystrong.engine.decide import decide_and_apply
    from twentystrong.engine.legal import legal_commands

    command = Command("use_item", item=item)
    if command not in legal_commands(state):
        return None
    result = decide_and_apply(state, command)
    if isinstance(result, Rejected):
        return None
    after = result[1]
    falls = any((now := after.active_card(c.id)) is None or now.defeated != c.defeated for c in cards)
    if not falls and (after.prompt is not None or [d.zone for d in after.dice] != [d.zone for d in state.dice]):
        return None  # it asks something or moves dice: not simply a boost (a defeat may do both)
    models = []
    gains = []
    for card in cards:
        now = after.active_card(card.id)
        before = hooks.damage_taken(state, card)
        need = hooks.card_health(state, card) - before
        if now is None or (now.defeated and not card.defeated):
            # The use defeats it at once (or sets it aside): its whole need, and the model it had.
            models.append(damage_model_for(state, card))
            gains.append(max(0, need))
            continue
        models.append(damage_model_for(after, now))
        # R5: a bonus on dice counts for those already applied; a new Health changes what is still needed.
        gains.append(max(0, min(need, need - _need(after, now))))
    unchanged = [damage_model_for(state, card) for card in cards]
    if models == unchanged and not any(gains):
        return None
    from twentystrong.engine.effects.words import name

    reaches = any(gains) or _reaches_applied(state, command, cards, models, unchanged)
    return Boost(name(state, item), item, tuple(models), tuple(gains) if any(gains) else (), reaches)


def _reaches_applied(
    state: GameState,
    command: Command,
    cards: tuple[ActiveCard, ...],
    models: list[DamageModel],
    unchanged: list[DamageModel],
) -> bool:
    """Whether the use's bonus reaches a die applied before it (R5), asked of the engine on a copy of the state with
    a probe die applied to a card whose model the use changes: the damage on the card after the use, against
    before."""
    from twentystrong.engine.commands import Rejected
    from twentystrong.engine.decide import decide_and_apply

    for card, model, plain in zip(cards, models, unchanged, strict=True):
        if card.defeated or model == plain:
            continue
        for color in COLORS:
            for face in ("hit", "crit"):
                more = model.damage(color, face) - plain.damage(color, face)
                die = next((d for d in state.dice if d.color == color and d.zone != "applied"), None)
                if more == 0 or die is None:
                    continue
                probe = replace(die, zone="applied", face=face, card=card.id, round=state.round)
                probed = state.changed({"dice": tuple(probe if d.id == die.id else d for d in state.dice)})
                result = decide_and_apply(probed, command)
                if isinstance(result, Rejected):
                    return False
                mine = result[1].active_card(card.id)
                if mine is None or mine.defeated:
                    return True  # the probe die with the bonus defeats it: the bonus reached it
                return hooks.damage_taken(result[1], mine) - hooks.damage_taken(probed, card) == more
    return False


def _need(state: GameState, card: ActiveCard) -> int:
    return hooks.card_health(state, card) - hooks.damage_taken(state, card)


def wins_alone(state: GameState, card: ActiveCard) -> bool:
    """Whether ``card``'s defeat by itself wins the game (R11: a boss), asked of the ruleset on a copy of the state
    where it has fallen and nothing else has."""
    from twentystrong.engine.rulesets import rules

    fallen = tuple(replace(c, defeated=True) if c.id == card.id else c for c in state.active)
    return rules(state).won(state.changed({"active": fallen})) is not None


def block_lifts_with_others(state: GameState, card: ActiveCard) -> bool:
    """Whether ``card``'s defeat block lifts once every other active card has fallen (immune while others remain),
    asked of ``hooks.defeat_block`` on a copy of the state where they have."""
    others = tuple(c if c.id == card.id else replace(c, defeated=True) for c in state.active)
    probe = state.changed({"active": others})
    mine = probe.active_card(card.id)
    return mine is not None and hooks.defeat_block(probe, mine) is None


def step_limit(state: GameState) -> int | None:
    """How many dice may be applied in one Apply step, every card together (None: no limit), asked of
    ``hooks.apply_block`` on copies of the coming step where 1, 2 … dice were applied already (the probe die is the
    red one, the dice counted as applied are of the other colours: a rule about colours does not answer)."""
    coming = coming_step(state)
    others = [d.id for d in state.dice if d.color != "red"]
    probe = DieState(next(d.id for d in state.dice if d.color == "red"), "active", "hit")
    cards = [c for c in state.active if not c.defeated]
    if not cards or any(hooks.apply_block(coming, probe, c) is not None for c in cards):
        return None
    for k in range(1, len(others) + 1):
        applied = coming.changed({"applied_this_step": tuple(others[:k])})
        if all(hooks.apply_block(applied, probe, c) is not None for c in cards):
            return k
    return None


def commits_left(state: GameState, pool: int) -> int | None:
    """How many more dice may be committed now (None: no limit short of the ``pool`` dice), asked of the commit
    limits in force on copies of the state where 1, 2 … more dice were committed this phase and engagement."""
    limits = [
        (h, le) for h, le in hooks.in_force(state).commit_rules if type(h).commit_limit is not Handler.commit_limit
    ]
    if not limits:
        return None
    for k in range(pool + 1):
        probe = state.changed(
            {
                "committed_this_phase": state.committed_this_phase + k,
                "committed_this_engagement": state.committed_this_engagement + k,
            }
        )
        if any(h.commit_limit(probe, le) for h, le in limits):
            return k
    return None


def later_commits(state: GameState) -> tuple[str, ...]:
    """The pool dice a later Strategy phase may commit, the strongest first: as many as the commit limits in force
    let a new phase take (asked of a copy where this phase committed nothing), none a rule keeps in the pool."""
    from twentystrong.odds.dice import die_order

    fresh = state.changed({"committed_this_phase": 0})
    pool = sorted(
        (d.id for d in state.dice_in("pool") if hooks.commit_block(fresh, d) is None),
        key=die_order,
        reverse=True,
    )
    most = commits_left(fresh, len(pool))
    return tuple(pool if most is None else pool[:most])


def face_blocks(state: GameState) -> tuple[str, ...]:
    """The words of rules that stop a die being applied because of the faces the other dice show (nothing while a
    miss shows …) or of the dice applied earlier in the same Apply step other than by their number (one die of each
    colour …): the odds do not hold them. Asked of each passive effect's ``apply_block`` on copies of the coming step
    where the dice in the active area show misses, and where one die of the probe's colour was applied this step."""
    from twentystrong.engine.effects.words import name

    coming = coming_step(state)
    active = {d.id for d in coming.dice if d.zone == "active"} or {next(d.id for d in coming.dice if d.color != "red")}
    missing = coming.changed(
        {"dice": tuple(replace(d, zone="active", face="miss") if d.id in active else d for d in coming.dice)}
    )
    out: list[str] = []
    for card in state.active:
        if card.defeated:
            continue
        for color in COLORS:
            same = [d.id for d in state.dice if d.color == color]
            if len(same) < 2:
                continue
            probe = DieState(same[0], "active", "hit")
            one_applied = coming.changed({"applied_this_step": (same[1],)})
            for probe_state in (missing, one_applied):
                for h, live in hooks.passive_with(probe_state, "apply_block"):
                    if h.apply_block(coming, live, probe, card) is None and h.apply_block(
                        probe_state, live, probe, card
                    ):
                        if _limit_of(h, coming, live, probe, card) is None:
                            text = f"{name(state, live.source)}: {hooks.describe(live.effect)}"
                            if text not in out:
                                out.append(text)
    return tuple(out)


def _limit_of(h: Handler, coming: GameState, live: Live, probe: DieState, card: ActiveCard) -> int | None:
    """The number of dice after which this effect blocks any die in one Apply step (a count limit, which the odds
    hold), or None (it blocks for another reason)."""
    others = [d.id for d in coming.dice if d.color != probe.color]
    for k in range(1, len(others) + 1):
        if h.apply_block(coming.changed({"applied_this_step": tuple(others[:k])}), live, probe, card):
            return k
    return None


def combination_rules(state: GameState) -> tuple[str, ...]:
    """The words of rules about which dice may join the dice already on a card (one colour per enemy, same-colour
    pairs, a colour only after its partner, at most N dice on the card …), and of defeat blocks that do not lift when
    the other enemies fall (dice of N colours needed): the odds do not hold them. Asked of each passive effect's
    ``apply_block`` on copies of the coming step with dice already on the card, and of ``hooks.defeat_block``."""
    from twentystrong.engine.effects.words import name

    coming = coming_step(state)
    out: list[str] = []

    def say(source: str, words: str) -> None:
        text = f"{name(state, source)}: {words}"
        if text not in out:
            out.append(text)

    for card in state.active:
        if card.defeated:
            continue
        if hooks.defeat_block(state, card) is not None and not block_lifts_with_others(state, card):
            for h, live in hooks.passive_with(state, "defeat_block"):
                if h.defeat_block(state, live, card) is not None:
                    say(live.source, hooks.describe(live.effect))
        free = [d for d in coming.dice if d.zone != "applied"]
        # One die of each colour on the card (then a die of each colour offered), and 1 … 6 dice of mixed colours.
        probes = [[d] for color in COLORS for d in free if d.color == color][:5]
        mixed = sorted(free, key=lambda d: (int(d.id[1:]), COLORS.index(d.color)))
        probes += [mixed[:k] for k in range(2, 7)]
        for placed in probes:
            ids = {d.id for d in placed}
            probe_state = coming.changed(
                {
                    "dice": tuple(
                        replace(d, zone="applied", face="hit", card=card.id) if d.id in ids else d for d in coming.dice
                    )
                }
            )
            for h, live in hooks.passive_with(probe_state, "apply_block"):
                for die in free:
                    if die.id in ids:
                        continue
                    probe = DieState(die.id, "active", "hit")
                    before = h.apply_block(coming, live, probe, card) is None
                    if before != (h.apply_block(probe_state, live, probe, card) is None):
                        say(live.source, hooks.describe(live.effect))
                        break
    return tuple(out)
