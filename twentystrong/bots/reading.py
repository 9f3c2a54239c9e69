"""Reading a table the way the heuristic bot needs it: what is left to kill, how dangerous it is, what a die of some
colour would do to it.

A :class:`Reading` is made from the player's view of one state (:class:`~twentystrong.engine.view.PlayerView`,
architecture.md contract 11: nothing hidden) each time the bot is asked to move. It indexes the effects in force
once (which effect of a kind is in force, which card carries what, the apply restrictions and damage modifiers the
bot asks), and every rule-dependent number comes from the view's answers, never from a second copy of the rules.
"""

from __future__ import annotations

from typing import Final

from twentystrong.bots import assess
from twentystrong.content import effects as fx
from twentystrong.content.effects import COLORS, Color, Face
from twentystrong.content.model import ConflictCard
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import BASE_DAMAGE, DIE_IDS, STRENGTH, color_of
from twentystrong.engine.view import ActiveCard, DieState, Live, PlayerView, TableView, Zone
from twentystrong.lazy import cached_property

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


class Reading:
    """One table as the heuristic bot reads it (see the module docstring); a new one for every state."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        # The open table, as the bot reads it.
        self.deck = view.deck
        self.round = view.round
        self.step = view.step
        self.hero = view.hero
        self.dice = view.dice
        self.active = view.active
        self.discard = view.discard
        self.inventory = view.inventory
        self.prompt = view.prompt
        self.endgame = view.endgame
        self.phases_used = view.phases_used
        self._remaining: dict[str, int] = {}
        self._faces: dict[str, dict[Color, tuple[int | None, int | None]]] = {}

    # --- the effects in force, indexed (each part when first asked) ------------------------------------------

    @cached_property
    def first_passive(self) -> dict[str, fx.Effect]:
        """The first passive effect of each kind (:meth:`live_kind`)."""
        found: dict[str, fx.Effect] = {}
        for le in self.view.passive:
            found.setdefault(le.effect.kind, le.effect)
        return found

    @cached_property
    def caps(self) -> dict[str, list[int]]:
        """The passive damage caps each card carries (:meth:`capped`)."""
        found: dict[str, list[int]] = {}
        for le in self.view.passive:
            if isinstance(le.effect, fx.DamageCapPerRound):
                found.setdefault(le.source, []).append(le.effect.amount)
        return found

    @cached_property
    def inverted(self) -> frozenset[Color]:
        """Colours whose results are inverted."""
        return frozenset(
            c for le in self.view.passive if isinstance(le.effect, fx.InvertResults) for c in le.effect.colors
        )

    @cached_property
    def first_live_on(self) -> dict[tuple[str, str], fx.Effect]:
        """The first live effect of each (source, kind) (:meth:`live_kind_on`)."""
        found: dict[tuple[str, str], fx.Effect] = {}
        for le in self.view.live:
            found.setdefault((le.source, le.effect.kind), le.effect)
        return found

    @cached_property
    def live_kinds(self) -> frozenset[str]:
        """The kinds of every live effect."""
        return frozenset(le.effect.kind for le in self.view.live)

    @cached_property
    def after_loss(self) -> int:
        """Health the enemies' After effects take (:meth:`incoming`)."""
        return sum(
            le.effect.amount
            for le in self.view.live
            if le.is_enemy and isinstance(le.effect, fx.LoseHealth) and le.effect.timing == "after"
        )

    @cached_property
    def miss_penalty(self) -> int:
        """Health the enemies take for each miss rolled (not counting per-colour variants)."""
        return sum(
            le.effect.amount
            for le in self.view.live
            if le.is_enemy and isinstance(le.effect, fx.LoseHealthPerMiss) and le.effect.per_color_hits is None
        )

    @cached_property
    def blockers(self) -> tuple[Live, ...]:
        """The apply restrictions :meth:`apply_ok_if` asks, in the order they are in force: only effects that answer
        apply_block can refuse a die, and restrictions that last one step are not held against a coming Apply
        step."""
        return tuple(le for le in self.view.answering("apply_block") if not _passing(le.effect))

    @cached_property
    def modifiers(self) -> tuple[Live, ...]:
        """The effects that may change the damage a die deals, in the order the rules ask them (R5)."""
        return self.view.answering("die_damage")

    @property
    def damage_modified(self) -> bool:
        """Some effect changes the damage a die deals (else each face deals its own, R5)."""
        return bool(self.modifiers)

    @property
    def plain_apply(self) -> bool:
        """Any die may be applied to any card and deals its face's damage."""
        return not self.blockers and not self.modifiers

    # --- the open table ---------------------------------------------------------------------------------------

    @property
    def table(self) -> TableView:
        """The ruleset's own zones, as the player sees them (asked only when the bot reads them)."""
        return self.view.table

    def die(self, die_id: str) -> DieState:
        """The die with this id."""
        return self.view.die(die_id)

    def dice_in(self, zone: Zone) -> tuple[DieState, ...]:
        """Dice in a zone, in id order."""
        return self.view.dice_in(zone)

    def applied_to(self, card_id: str) -> tuple[DieState, ...]:
        """Dice applied to an active card."""
        return self.view.applied_to(card_id)

    def active_card(self, card_id: str) -> ActiveCard | None:
        """The active card with this id, if any."""
        return self.view.active_card(card_id)

    @cached_property
    def cards(self) -> dict[str | None, ActiveCard]:
        """The active cards by id (the first with each id, as :meth:`active_card` finds it)."""
        out: dict[str | None, ActiveCard] = {}
        for card in self.active:
            out.setdefault(card.id, card)
        return out

    def undefeated(self) -> list[ActiveCard]:
        """Active cards still standing."""
        return [c for c in self.active if not c.defeated]

    # --- what the rules say --------------------------------------------------------------------------------------

    def remaining(self, card: ActiveCard) -> int:
        """Damage still needed to defeat the card (0 when reached but a rule holds it up)."""
        found = self._remaining.get(card.id)
        if found is None:
            found = self._remaining[card.id] = max(0, self.view.card_health(card) - self.view.damage_taken(card))
        return found

    def capped(self, card: ActiveCard) -> bool:
        """Dice cannot defeat it this round: a damage cap below the Health still missing."""
        caps = self.caps.get(card.id)
        return caps is not None and any(cap < self.view.card_health(card) for cap in caps)

    def enemy_damage(self, card: ActiveCard) -> int:
        """The damage the card deals at Resolve step 1."""
        return self.view.enemy_damage(card)

    @cached_property
    def threat_of(self) -> dict[str, list[float]]:
        """What each card's passive During effects add to its threat, in the order they are in force."""
        found: dict[str, list[float]] = {}
        for le in self.view.passive:
            if le.effect.timing == "during":
                found.setdefault(le.source, []).append(DURING_THREAT.get(le.effect.kind, 0.0))
        return found

    def threat(self, card: ActiveCard) -> float:
        """How much the player wants this card gone: the damage it deals, and harm its During effects do."""
        value = float(self.enemy_damage(card))
        for extra in self.threat_of.get(card.id, ()):
            value += extra  # one at a time, as they are in force
        return value

    @cached_property
    def incoming_damage(self) -> int:
        """Health the player loses at Resolve step 1 if nothing more is defeated, plus After Health losses."""
        return sum(self.enemy_damage(c) for c in self.active if not c.defeated) + self.after_loss

    def incoming(self) -> int:
        """:attr:`incoming_damage`."""
        return self.incoming_damage

    def rolls_left(self) -> int:
        """How many more rolls a die committed now gets, this phase included (R4)."""
        return max(1, self.hero.strategy - self.phases_used + 1)

    def live_kind(self, kind: str) -> fx.Effect | None:
        """A passive effect of this kind in force now, if any."""
        return self.first_passive.get(kind)

    def live_kind_on(self, card: ActiveCard, kind: str) -> fx.Effect | None:
        """A live effect of this kind carried by this card."""
        return self.first_live_on.get((card.id, kind))

    def die_damage_if(self, color: Color, face: Face, card: ActiveCard) -> int:
        """The damage a die of this colour showing this face would deal to the card, modifiers included (R5)."""
        if not self.damage_modified:
            return BASE_DAMAGE[face]
        return self.view.die_damage(sample(color, face, card.id), card)

    def die_damage(self, die: DieState, card: ActiveCard) -> int:
        """The damage this die would deal to the card once applied to it, modifiers included (R5)."""
        if not self.damage_modified:
            return BASE_DAMAGE[die.face or "miss"]
        return self.view.die_damage(applied_die(die, card.id), card)

    def apply_ok_if(self, color: Color, face: Face, card: ActiveCard) -> bool:
        """Whether a die of this colour showing this face could be applied to the card in a coming Apply step:
        limits that last one step, and the faces the other dice show now, are not held against it."""
        die = sample(color, face, None)
        return not any(self.view.refusal(le, die, card) for le in self.blockers)

    def hit_faces(self, card: ActiveCard) -> dict[Color, tuple[int | None, int | None]]:
        """For each colour, what a hit and what a crit of that colour would deal to the card (:meth:`die_damage_if`),
        None for a face that could not be applied to it (:meth:`apply_ok_if`) (a dict kept for the state: do not
        change it)."""
        found = self._faces.get(card.id)
        if found is None:
            found = self._faces[card.id] = {
                color: (self._face_damage(card, color, "hit"), self._face_damage(card, color, "crit"))
                for color in COLORS
            }
        return found

    def reachable(self, card: ActiveCard) -> bool:
        """Some colour of die could be applied to the card and hurt it."""
        if self.plain_apply:
            return True  # a yellow hit may be applied to any card, and deals its face's damage (1)
        return any((self._face_damage(card, color, face) or 0) > 0 for color, face in _COLOR_FACES)

    def modified_damage(self, die: DieState, card: ActiveCard, damage: int) -> int:
        """The damage ``die`` deals to ``card`` given its face's ``damage``: each modifier in turn, then at least 0
        (R5)."""
        if not self.modifiers:
            return damage
        for le in self.modifiers:
            damage = self.view.modified(le, die, card, damage)
        return max(0, damage)

    def _face_damage(self, card: ActiveCard, color: Color, face: Face) -> int | None:
        """:meth:`die_damage_if`, or None when :meth:`apply_ok_if` says no."""
        if not self.apply_ok_if(color, face, card):
            return None
        return self.modified_damage(sample(color, face, card.id), card, BASE_DAMAGE[face])


def instant_worth(s: Reading, card: ConflictCard) -> float:
    """What an instant reward is worth now (healing above 6 is wasted)."""
    if card.reward is None or card.reward.kind != "instant":
        return 0.0
    worth = 0.0
    for e in card.reward.effects:
        if isinstance(e, fx.Heal):
            worth += min(e.amount, 6 - s.hero.health)
        elif isinstance(e, fx.Recover):
            worth += 0.4 * min(e.count or 8, len(s.dice_in("exhausted")))
        else:
            worth += assess.effect_value(e)
    return worth


def strength(die: DieState) -> int:
    """Weaker dice first: yellow 0 … red 4."""
    return STRENGTH[die.color]


def sample(color: Color, face: Face, card: str | None) -> DieState:
    """A die of this colour showing this face, applied to ``card`` (or unapplied, for None)."""
    return DieState(SAMPLE_DIE[color], "applied" if card else "active", face, card)


def applied_die(die: DieState, card: str) -> DieState:
    """This die as it would be once applied to the card."""
    return DieState(die.id, "applied", die.face, card)


_COLOR_FACES: Final[tuple[tuple[Color, Face], ...]] = tuple((c, f) for c in COLORS for f in ("hit", "crit"))


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
    for c in legal:
        out.setdefault(c.cmd, []).append(c)
    uses = [c for c in legal if c.cmd == "use_item" or c.cmd == "use_ability"]
    if uses:
        out[USES] = uses
    return out


__all__ = ["DURING_THREAT", "SAMPLE_DIE", "USES", "Live", "Reading", "applied_die", "group", "sample", "strength"]
