"""Reading a game state the way the heuristic bot needs it: what is left to kill, how dangerous it is, what a die
of some colour would do to it. Every rule-dependent number comes from the engine's hook points.

What follows from the effects in force (which effect of a kind is in force, which card carries what, which hooks no
effect overrides, the apply restrictions and damage modifiers the bot asks) is indexed once per state
(:class:`EffectsInForce`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from twentystrong.content import effects as fx
from twentystrong.content.effects import COLORS, Color, Face
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import BASE_DAMAGE, DIE_IDS, STRENGTH, color_of
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler, Live
from twentystrong.engine.state import ActiveCard, DieState, GameState, Zone

SAMPLE_DIE: Final[dict[Color, str]] = {c: next(d for d in DIE_IDS if color_of(d) == c) for c in COLORS}
"""A die id of each colour, for "what would a die of this colour do" questions."""

DURING_THREAT: Final[dict[str, float]] = {
    "lose_health_per_miss": 1.5,
    "no_apply_while_miss": 2.0,
    "reroll_hit_per_miss": 1.0,
    "misses_not_rerolled": 0.5,
    "commit_limit": 0.5,
    "one_defeat_per_step": 0.5,
    "items_blocked": 0.2,
}
"""How much a During effect adds to the wish to defeat its card first (it ends on defeat, R6)."""


class EffectsInForce:
    """The effects in force in one state, indexed the way the bot asks about them (:func:`effects_in_force`).

    Built from the engine's selection of effects in force (``hooks.in_force``), which the engine keeps only while
    the fields it was worked out from hold (the deck, hero, inventory, active cards, round flags): so the index, and
    the answers it keeps that read those fields too (the targets, the damage coming), hold for every state that
    shares it."""

    __slots__ = (
        "after_loss",
        "blockers",
        "caps",
        "cards",
        "damage_modified",
        "damage_to",
        "enemy_damage",
        "faces",
        "first_live_on",
        "first_passive",
        "fixed_apply",
        "incoming",
        "inverted",
        "live_kinds",
        "miss_penalty",
        "modifiers",
        "plain_apply",
        "plain_enemy_damage",
        "reachable_by",
        "residual",
        "targets",
        "_passive",
        "_threat_of",
    )

    def __init__(self, s: GameState) -> None:
        force = hooks.in_force(s)
        self._passive = force.passive
        first_passive: dict[str, fx.Effect] = {}
        caps: dict[str, list[int]] = {}
        inverted: set[Color] = set()
        for _, le in force.passive:  # hooks.passive
            e = le.effect
            kind = e.kind
            if kind not in first_passive:
                first_passive[kind] = e
            if kind in _PASSIVE_READ:  # one of the two kinds checked below (a kind names one effect class)
                if isinstance(e, fx.InvertResults):
                    inverted.update(e.colors)
                elif isinstance(e, fx.DamageCapPerRound):
                    caps.setdefault(le.source, []).append(e.amount)
        # What hooks.passive_with(s, "apply_block" / "die_damage" / "enemy_damage") lists: the engine keeps those
        # selections with the effects in force (shared lists, never changed here).
        blockers = [
            pair
            for pair in hooks.passive_with(s, "apply_block")
            if pair[1].effect.kind not in _PASSING or not _passing(pair[1].effect)
        ]
        modifiers = hooks.passive_with(s, "die_damage")
        enemy_damage_modified = bool(hooks.passive_with(s, "enemy_damage"))
        first_live_on: dict[tuple[str, str], fx.Effect] = {}
        live_kinds: set[str] = set()
        after_loss = miss_penalty = 0
        for le in force.live:  # hooks.live_effects
            e = le.effect
            kind = e.kind
            live_kinds.add(kind)
            first_live_on.setdefault((le.source, kind), e)
            if le.origin in _ENEMY_ORIGINS:  # Live.is_enemy
                if isinstance(e, fx.LoseHealth):
                    if e.timing == "after":
                        after_loss += e.amount
                elif isinstance(e, fx.LoseHealthPerMiss) and e.per_color_hits is None:
                    miss_penalty += e.amount
        self.first_passive = first_passive
        """The first passive effect of each kind (``live_kind``)."""
        self.first_live_on = first_live_on
        """The first live effect of each (source, kind) (``live_kind_on``)."""
        self.live_kinds = live_kinds
        """The kinds of every live effect."""
        self.caps = caps
        """The passive damage caps each card carries (``capped``)."""
        self._threat_of: dict[str, list[float]] | None = None  # the threat_of property, once asked
        self.inverted = frozenset(inverted)
        """Colours whose results are inverted."""
        self.after_loss = after_loss
        """Health the enemies' After effects take (``incoming``)."""
        self.miss_penalty = miss_penalty
        """Health the enemies take for each miss rolled (not counting per-colour variants)."""
        # Only handlers that override apply_block can refuse a die (the base answers None), and restrictions that
        # last one step are not held against a coming Apply step.
        self.blockers = blockers
        """The apply restrictions :func:`apply_ok_if` asks, in the order they are in force."""
        self.modifiers = modifiers
        """The effects that may change the damage a die deals, in the order ``hooks.die_damage`` asks them."""
        self.damage_modified = bool(modifiers)
        """Some effect changes the damage a die deals (else each face deals its own, R5)."""
        self.plain_apply = not blockers and not modifiers
        """Any die may be applied to any card and deals its face's damage: what the bot works out about where
        dice can go then depends on the cards alone, so it holds for every state that shares these effects."""
        self.fixed_apply = True
        """The answers below are kept for the state the index is made for."""
        self.plain_enemy_damage = not enemy_damage_modified
        """No effect changes the damage enemies deal (each deals its printed damage)."""
        # Answers that then follow from the effects in force and the active cards (fields these effects are kept
        # for), worked out when first asked.
        self.cards: dict[str | None, ActiveCard] | None = None
        """The active cards by id (the first with each id, as ``s.active_card`` finds them), once asked."""
        self.enemy_damage: dict[str, tuple[ActiveCard, int]] = {}
        """Each card's damage at Resolve, while ``plain_enemy_damage``."""
        self.incoming: int | None = None
        """What :func:`incoming` answers, while ``plain_enemy_damage``."""
        self.targets: dict[bool, list[ActiveCard]] = {}
        """The heuristic bot's targets, by whether it is building up for the boss, while ``fixed_apply``."""
        self.faces: dict[str, tuple[ActiveCard, dict[Color, tuple[int | None, int | None]]]] = {}
        """:func:`hit_faces` of each card (with the card object asked about), while ``fixed_apply``."""
        self.damage_to: dict[tuple[str, Color, Face], int] = {}
        """What a die of a colour showing a face deals to an active card, by (card id, colour, face), while
        ``fixed_apply`` (the active cards are the same objects for every state that shares these effects)."""
        self.reachable_by: dict[str, tuple[Color, Face]] = {}
        """The colour and face that last showed a card :func:`reachable` (tried first next time)."""
        self.residual: dict[str, float] = {}
        """How much harder each active card's residual restrictions make it (the heuristic bot's ``_residual``:
        printed data of the deck's cards)."""

    @property
    def threat_of(self) -> dict[str, list[float]]:
        """What each card's passive During effects add to its threat, in the order they are in force (worked out
        when first asked: not every set of effects in force is asked about threats)."""
        found = self._threat_of
        if found is None:
            found = self._threat_of = {}
            for _, le in self._passive:  # hooks.passive
                e = le.effect
                if e.timing == "during":
                    found.setdefault(le.source, []).append(DURING_THREAT.get(e.kind, 0.0))
        return found


_ENEMY_ORIGINS: Final[frozenset[str]] = frozenset({"enemy", "boss"})
"""The origins of an enemy's effects (``Live.is_enemy``)."""

_PASSIVE_READ: Final[frozenset[str]] = frozenset({"invert_results", "damage_cap_per_round"})
"""The kinds of the passive effects whose fields :class:`EffectsInForce` reads (beyond kind and timing)."""


def effects_in_force(s: GameState) -> EffectsInForce:
    """The bot's index of the effects in force in ``s``, made once per state."""
    return s.memo(EffectsInForce)


def strength(die: DieState) -> int:
    """Weaker dice first: yellow 0 … red 4."""
    return STRENGTH[die.color]


def undefeated(s: GameState) -> list[ActiveCard]:
    """Active cards still standing."""
    return [c for c in s.active if not c.defeated]


def remaining(s: GameState, card: ActiveCard) -> int:
    """Damage still needed to defeat the card (0 when reached but a rule holds it up)."""
    return max(0, hooks.card_health(s, card) - hooks.damage_taken(s, card))


def capped(s: GameState, card: ActiveCard) -> bool:
    """Dice cannot defeat it this round: a damage cap below the Health still missing."""
    caps = effects_in_force(s).caps.get(card.id)
    return caps is not None and any(cap < hooks.card_health(s, card) for cap in caps)


def enemy_damage(s: GameState, card: ActiveCard) -> int:
    """The damage the card deals at Resolve step 1 (``hooks.enemy_damage``)."""
    index = effects_in_force(s)
    if not index.plain_enemy_damage:
        return hooks.enemy_damage(s, card)
    found = index.enemy_damage.get(card.id)
    if found is None or found[0] is not card:  # the card object asked about: a caller may pass a changed copy
        found = index.enemy_damage[card.id] = (card, hooks.enemy_damage(s, card))
    return found[1]


def threat(s: GameState, card: ActiveCard) -> float:
    """How much the player wants this card gone: the damage it deals, and harm its During effects do."""
    value = float(enemy_damage(s, card))
    for extra in effects_in_force(s).threat_of.get(card.id, ()):
        value += extra  # one at a time, as they are in force: the same float as ever
    return value


def incoming(s: GameState) -> int:
    """Health the player loses at Resolve step 1 if nothing more is defeated, plus After Health losses."""
    index = effects_in_force(s)
    if index.plain_enemy_damage:
        # The cards standing are part of what the effects in force are kept for: one answer serves them all.
        if index.incoming is None:
            index.incoming = sum(enemy_damage(s, c) for c in s.active if not c.defeated) + index.after_loss
        return index.incoming
    return sum(hooks.enemy_damage(s, c) for c in s.active if not c.defeated) + index.after_loss


def rolls_left(s: GameState) -> int:
    """How many more rolls a die committed now gets, this phase included (R4)."""
    return max(1, s.hero.strategy - s.phases_used + 1)


def live_kind(s: GameState, kind: str) -> fx.Effect | None:
    """A passive effect of this kind in force now, if any."""
    return effects_in_force(s).first_passive.get(kind)


def live_kind_on(s: GameState, card: ActiveCard, kind: str) -> fx.Effect | None:
    """A live effect of this kind carried by this card."""
    return effects_in_force(s).first_live_on.get((card.id, kind))


@cache
def _die(die_id: str, zone: Zone, face: Face | None, card: str | None) -> DieState:
    """A die the bot imagines, made once for each value (dice are frozen)."""
    return DieState(die_id, zone, face, card)


@cache
def _sample(color: Color, face: Face, card: str | None) -> DieState:
    """A die of this colour showing this face, applied to ``card`` (or unapplied, for None)."""
    return _die(SAMPLE_DIE[color], "applied" if card else "active", face, card)


def applied_die(die: DieState, card: str) -> DieState:
    """This die as it would be once applied to the card (the same value as ``replace(die, zone="applied",
    card=card)``)."""
    return _die(die.id, "applied", die.face, card)


def die_damage_if(s: GameState, color: Color, face: Face, card: ActiveCard, index: EffectsInForce | None = None) -> int:
    """The damage a die of this colour showing this face would deal to the card, modifiers included (R5).
    ``index``: ``effects_in_force(s)``, when the caller has it at hand."""
    if not (index or effects_in_force(s)).damage_modified:
        return BASE_DAMAGE[face]  # what hooks.die_damage gives with no modifier in force, without making a die
    return hooks.die_damage(s, _sample(color, face, card.id), card)


def die_damage(s: GameState, die: DieState, card: ActiveCard) -> int:
    """The damage this die would deal to the card once applied to it, modifiers included (R5)."""
    if not effects_in_force(s).damage_modified:
        return BASE_DAMAGE[die.face or "miss"]  # as die_damage_if
    return hooks.die_damage(s, applied_die(die, card.id), card)


def apply_ok_if(s: GameState, color: Color, face: Face, card: ActiveCard, index: EffectsInForce | None = None) -> bool:
    """Whether a die of this colour showing this face could be applied to the card in a coming Apply step:
    limits that last one step, and the faces the other dice show now, are not held against it. ``index``: as
    :func:`die_damage_if`."""
    blockers = (index or effects_in_force(s)).blockers
    if not blockers:
        return True
    die = _sample(color, face, None)
    for h, le in blockers:
        if h.apply_block(s, le, die, card):
            return False
    return True


def hit_faces(s: GameState, card: ActiveCard, index: EffectsInForce) -> dict[Color, tuple[int | None, int | None]]:
    """For each colour, what a hit and what a crit of that colour would deal to the card (:func:`die_damage_if`),
    None for a face that could not be applied to it (:func:`apply_ok_if`); ``index``: ``effects_in_force(s)``.
    The same answers as those two, asked all at once (a dict kept with the index while ``index.fixed_apply``:
    do not change it)."""
    if index.fixed_apply:
        found = index.faces.get(card.id)
        if found is not None and found[0] is card:  # the card object asked about: a caller may pass a changed copy
            return found[1]
    table: dict[Color, tuple[int | None, int | None]] = {}
    blockers = index.blockers
    modifiers = index.modifiers
    for color in COLORS:
        hit_die, crit_die = _FREE_SAMPLE[color, "hit"], _FREE_SAMPLE[color, "crit"]
        hit_ok = not any(h.apply_block(s, le, hit_die, card) for h, le in blockers)
        crit_ok = not any(h.apply_block(s, le, crit_die, card) for h, le in blockers)
        table[color] = (
            _modified_face_damage(s, card, color, "hit", modifiers) if hit_ok else None,
            _modified_face_damage(s, card, color, "crit", modifiers) if crit_ok else None,
        )
    if index.fixed_apply:
        index.faces[card.id] = (card, table)
    return table


def reachable(s: GameState, card: ActiveCard, index: EffectsInForce) -> bool:
    """Some colour of die could be applied to the card and hurt it (:func:`apply_ok_if` and :func:`die_damage_if`
    for each colour and hit face, until one does); ``index``: ``effects_in_force(s)``."""
    if index.plain_apply:
        return True  # a yellow hit may be applied to any card, and deals its face's damage (1)
    # Any colour and face will do, so the one that did last time (with these effects in force) is tried first:
    # the answer does not depend on the order, only how soon it is found.
    hint = index.reachable_by.get(card.id)
    if hint is not None:
        damage = _face_damage(s, card, hint[0], hint[1], index)
        if damage is not None and damage > 0:
            return True
    for pair in _COLOR_FACES:
        if pair == hint:
            continue
        damage = _face_damage(s, card, pair[0], pair[1], index)
        if damage is not None and damage > 0:
            index.reachable_by[card.id] = pair
            return True
    return False


def modified_damage(s: GameState, die: DieState, card: ActiveCard, index: EffectsInForce, damage: int) -> int:
    """``hooks.die_damage(s, die, card)`` given the face's ``damage``, asking the modifiers the index keeps (R5:
    each in turn, then at least 0) rather than looking them up again; ``index``: ``effects_in_force(s)``."""
    modifiers = index.modifiers
    if not modifiers:
        return damage  # no modifier in force: the face's damage (not below 0)
    for h, le in modifiers:
        damage = h.die_damage(s, le, die, card, damage)
    return max(0, damage)


def _face_damage(s: GameState, card: ActiveCard, color: Color, face: Face, index: EffectsInForce) -> int | None:
    """:func:`die_damage_if`, or None when :func:`apply_ok_if` says no."""
    blockers = index.blockers
    if blockers:
        free = _FREE_SAMPLE[color, face]
        for h, le in blockers:
            if h.apply_block(s, le, free, card):
                return None
    return _modified_face_damage(s, card, color, face, index.modifiers)


def _modified_face_damage(
    s: GameState, card: ActiveCard, color: Color, face: Face, modifiers: Sequence[tuple[Handler, Live]]
) -> int:
    """:func:`die_damage_if` for a face that may be applied: the face's damage, changed by each of ``modifiers``
    (``index.modifiers``) in turn, then at least 0 (R5)."""
    damage = BASE_DAMAGE[face]
    if not modifiers:
        return damage
    die = _sample(color, face, card.id)
    for h, le in modifiers:  # modified_damage
        damage = h.die_damage(s, le, die, card, damage)
    return max(0, damage)


_HIT_FACES: Final[tuple[Face, Face]] = ("hit", "crit")
_COLOR_FACES: Final[tuple[tuple[Color, Face], ...]] = tuple((c, f) for c in COLORS for f in _HIT_FACES)
_FREE_SAMPLE: Final[dict[tuple[Color, Face], DieState]] = {
    (color, face): _sample(color, face, None) for color in COLORS for face in _HIT_FACES
}
"""``_sample(color, face, None)`` for the hit faces: unapplied dice showing them."""


_PASSING: Final[frozenset[str]] = frozenset({"apply_limit", "no_apply_while_miss", "one_die_per_color_per_step"})
"""The kinds of the restrictions that may be :func:`_passing` (a kind names one effect class); an apply limit is
passing only with the step scope."""


def _passing(effect: fx.Effect) -> bool:
    """A restriction that only lasts until the next Apply step (or the next roll)."""
    if isinstance(effect, fx.ApplyLimit):
        return effect.scope == "step"
    return isinstance(effect, (fx.NoApplyWhileMiss, fx.OneDiePerColorPerStep))


USES = "use_item/use_ability"
"""The key under which :func:`group` lists every use_item and use_ability command."""


def group(legal: list[Command]) -> dict[str, list[Command]]:
    """The commands by ``cmd``, each list in legal order, and every use_item / use_ability command under
    :data:`USES` (in legal order too)."""
    out: dict[str, list[Command]] = {}
    # Legal lists hold each kind of command in a run: the list of the previous command's kind is at hand.
    last: str | None = None
    run: list[Command] = []
    for c in legal:
        cmd = c.cmd
        if cmd == last:
            run.append(c)
        elif cmd in out:  # a kind seen before, not just before
            run = out[cmd]
            run.append(c)
            last = cmd
        else:
            run = out[cmd] = [c]
            last = cmd
    items, ability = out.get("use_item"), out.get("use_ability")
    if items is not None and ability is not None:
        out[USES] = [c for c in legal if c.cmd == "use_item" or c.cmd == "use_ability"]
    elif items is not None or ability is not None:
        out[USES] = items or ability or []
    return out
