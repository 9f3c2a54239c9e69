"""The player's view (architecture.md contract 11): a game state and its events as a player at the table sees them.

- :func:`state_view` and :func:`event_view`: plain, JSON-ready dicts, the ``state`` and ``events`` of the headless
  protocol;
- :class:`PlayerView` (:func:`player_view`): the same table as frozen Python values, with the rule questions a player
  may ask about it (a card's Health and damage, what a die would deal or whether it may be applied), for bots.

Hidden information (rules.md R12: the cards below each stack's top, the boss deck's order, the undealt missions)
stays in the state, the log and the save; these are the only ways front ends see a state or an event, and they name
no hidden card. Numbers that depend on rules (a card's Health, the damage it has taken, the damage it
deals) come from the hook points in :mod:`twentystrong.engine.effects.hooks`, never from a second copy of the
rules. The keys are a public interface for bot writers: add keys freely, never rename or remove one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from twentystrong.content.effects import Effect
from twentystrong.content.model import Deck
from twentystrong.engine import events as ev
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Live
from twentystrong.engine.legal import awaiting
from twentystrong.engine.rulesets import rules, ruleset_for
from twentystrong.engine.rulesets.base import TableView
from twentystrong.engine.state import ActiveCard, DieState, GameState, HeroState, Prompt, Result, SetupOptions, Zone
from twentystrong.engine.steps import phase_of
from twentystrong.engine.uses import items_usable
from twentystrong.lazy import cached_property


def event_view(event: ev.Event, deck: Deck) -> dict[str, Any]:
    """An event of a game with ``deck`` as the player sees it (R12): the general events hide nothing; the deck's
    ruleset says what of its own events a player sees (Solar Sentinels: the deal shows each stack's size and top
    card, not the order below)."""
    return ruleset_for(deck.info.ruleset).views.event(event, ev.to_dict(event))


def state_view(s: GameState) -> dict[str, Any]:
    """The state as the player sees it (R12: face-down cards are counted, not named)."""
    return {
        "seq": s.seq,
        "round": s.round,
        "phase": phase_of(s),
        "step": s.step,
        "awaiting": awaiting(s),
        "result": s.result,
        "result_reason": s.result_reason or None,
        "deck": s.deck.id,
        "seed": s.options.seed,
        "assisted": s.options.assisted,
        "dice_mode": s.options.dice,
        "hero": _hero(s),
        "dice": [{"id": d.id, "color": d.color, "zone": d.zone, "face": d.face, "card": d.card} for d in s.dice],
        "active": [_active(s, card) for card in s.active],
        "discard": list(s.discard),
        "banished_cards": list(s.banished_cards),
        "inventory": [_item(s, item) for item in s.inventory],
        "endgame": s.endgame,
        "strategy_phases": {"used": s.phases_used, "allowed": s.hero.strategy},
        "recovered_this_round": s.recovered_this_round,
        "prompts": len(s.prompts),
        **rules(s).views.state(s),  # the ruleset's own zones (Solar Sentinels: stacks, missions, chip, boss)
    }


def _hero(s: GameState) -> dict[str, Any]:
    h = s.hero
    name = s.deck.hero(h.id).name if h.id else ""
    return {"id": h.id, "name": name, "health": h.health, "strategy": h.strategy, "recovery": h.recovery}


def _active(s: GameState, card: ActiveCard) -> dict[str, Any]:
    if card.boss:
        name, level = s.deck.boss(card.id).name, None
    else:
        printed = s.deck.card(card.id)
        name, level = printed.name, printed.level
    return {
        "id": card.id,
        "name": name,
        "boss": card.boss,
        "level": level,
        "health": hooks.card_health(s, card),
        "damage": hooks.enemy_damage(s, card),
        "damage_taken": hooks.damage_taken(s, card),  # R5: under the modifiers in force now
        "defeated": card.defeated,
        "applied": [d.id for d in s.applied_to(card.id)],
        "entourage": card.entourage,
        "cancelled": card.cancelled,
    }


def _item(s: GameState, item: str) -> dict[str, Any]:
    card = s.deck.card(item)
    kind, _ = hooks.item_effects(s, item)
    return {"id": item, "name": card.name, "kind": kind}


# --- the player's view as Python values, for bots ------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class PlayerView:
    """One state as the player sees it (contract 11, rules.md R12), for bots: the open table as frozen values, and
    the rule questions a player may ask about it, answered by the engine's hook points.

    Made by :func:`player_view`, one per state. It holds the state privately to answer the rule questions (the hooks
    read the open table: the dice, the active cards, the hero, the items, the effects in force); what is face down
    (the cards under each stack's top, the boss deck's order) is nowhere in its fields or answers.
    """

    deck: Deck
    """The deck being played (public: its cards are printed)."""
    options: SetupOptions
    seq: int
    round: int
    step: str
    phase: str
    result: Result
    hero: HeroState
    dice: tuple[DieState, ...]
    active: tuple[ActiveCard, ...]
    discard: tuple[str, ...]
    inventory: tuple[str, ...]
    prompt: Prompt | None
    """The decision that interrupts play, if any (the newest)."""
    endgame: bool
    phases_used: int
    """Strategy phases begun this engagement (R4)."""
    _state: GameState = field(repr=False)
    banished_cards: tuple[str, ...] = ()
    """Cards out of the game (banished), face up."""
    activated_this_round: tuple[str, ...] = ()
    """The cards activated this round (the ruleset's activations, face up)."""
    result_reason: str = ""
    """Why the game ended, once it has (the engine's reason code)."""

    @cached_property
    def table(self) -> TableView:
        """The ruleset's own zones as a player sees them (``Ruleset.table_view``: Solar Sentinels' stacks, boss
        deck and missions)."""
        return rules(self._state).views.table(self._state)

    # --- the open table ---------------------------------------------------------------------------------------

    def die(self, die_id: str) -> DieState:
        """The die with this id."""
        return self._state.die(die_id)

    def dice_in(self, zone: Zone) -> tuple[DieState, ...]:
        """Dice in a zone, in id order."""
        return self._state.dice_in(zone)

    def applied_to(self, card_id: str) -> tuple[DieState, ...]:
        """Dice applied to an active card."""
        return self._state.applied_to(card_id)

    def active_card(self, card_id: str) -> ActiveCard | None:
        """The active card with this id, if it is in the active area."""
        return self._state.active_card(card_id)

    def places(self) -> dict[str, tuple[str, str]]:
        """Where the ruleset's own cards are, as a player may know it (``Ruleset.places``: "in a stack", not which
        one nor how deep): card id → (zone, words)."""
        return rules(self._state).views.places(self._state)

    @property
    def card_zones(self) -> Mapping[str, str]:
        """The ruleset's own card zones (id → name), for the card browser's "where" filter."""
        return rules(self._state).card_zones

    # --- what the rules say about it ------------------------------------------------------------------------

    def keeps_applied_dice(self, card: ActiveCard) -> bool:
        """Whether the dice applied to this card stay applied into the next round while it stands (a fight that
        lasts, ``Ruleset.keeps_applied_dice``)."""
        return rules(self._state).keeps_applied_dice(self._state, card)

    def items_usable(self) -> str | None:
        """Why no held item may be used now (the engine's words), or None when they may."""
        return items_usable(self._state)

    def recovers_nothing(self, effects: Sequence[Effect]) -> bool:
        """Whether a reward made only of recoveries would recover no die now (none of its colours is exhausted)."""
        from twentystrong.engine.effects.rewards import recovers_nothing

        return recovers_nothing(self._state, effects)

    def card_health(self, card: ActiveCard) -> int:
        """The Health a card must take to be defeated."""
        return hooks.card_health(self._state, card)

    def damage_taken(self, card: ActiveCard) -> int:
        """R5: the damage a card has taken, under the modifiers in force now."""
        return hooks.damage_taken(self._state, card)

    def enemy_damage(self, card: ActiveCard) -> int:
        """The damage an undefeated enemy deals at Resolve step 1."""
        return hooks.enemy_damage(self._state, card)

    def printed_damage(self, card: ActiveCard) -> int:
        """The Damage printed on a card or boss."""
        return hooks.printed_damage(self._state, card)

    def card_effects(self, card: ActiveCard) -> list[Effect]:
        """The printed effects of an active card or boss."""
        return hooks.card_effects(self._state, card)

    def die_damage(self, die: DieState, card: ActiveCard) -> int:
        """R5: the damage ``die`` (as given: a die the caller imagines will do) deals to ``card`` once applied."""
        return hooks.die_damage(self._state, die, card)

    def keeps_face(self, die: DieState) -> bool:
        """Whether an unapplied, rolled die keeps its face rather than being rolled again."""
        return hooks.keeps_face(self._state, die)

    def recovery_limit(self) -> int:
        """How many dice may be recovered this round."""
        return hooks.recovery_limit(self._state)

    @cached_property
    def live(self) -> tuple[Live, ...]:
        """Every effect in force: hero and items first, then the active cards (During only while undefeated)."""
        return hooks.live_effects(self._state)

    @cached_property
    def passive(self) -> tuple[Live, ...]:
        """The effects whose rule change is simply in force now (After effects wait for Resolve step 2)."""
        return tuple(le for _, le in hooks.passive(self._state))

    def answering(self, hook: str) -> tuple[Live, ...]:
        """The :attr:`passive` effects that answer a hook point (``apply_block``, ``die_damage``,
        ``enemy_damage`` …), in the order the rules ask them."""
        return tuple(le for _, le in hooks.passive_with(self._state, hook))

    def refusal(self, effect: Live, die: DieState, card: ActiveCard) -> str | None:
        """Why this one effect in force refuses ``die`` on ``card`` (its ``apply_block`` answer), or None."""
        return hooks.handler(effect.effect.kind).apply_block(self._state, effect, die, card)

    def modified(self, effect: Live, die: DieState, card: ActiveCard, damage: int) -> int:
        """The damage ``die`` deals to ``card`` as this one effect in force makes it, given ``damage`` so far (its
        ``die_damage`` answer; R5 applies each in the order of :meth:`answering`, then at least 0)."""
        return hooks.handler(effect.effect.kind).die_damage(self._state, effect, die, card, damage)


def state_of(table: GameState | PlayerView) -> GameState:
    """The state behind a player's view, for the modules that answer a front end's question about the table (the
    advisor, the words of the text package), which read only what is open; never for a front end itself (contract
    11: a test keeps the TUI from it). A state is returned as it is."""
    return table._state if isinstance(table, PlayerView) else table


def player_view(s: GameState) -> PlayerView:
    """The :class:`PlayerView` of a state."""
    return PlayerView(
        deck=s.deck,
        options=s.options,
        seq=s.seq,
        round=s.round,
        step=s.step,
        phase=phase_of(s),
        result=s.result,
        hero=s.hero,
        dice=s.dice,
        active=s.active,
        discard=s.discard,
        inventory=s.inventory,
        prompt=s.prompt,
        endgame=s.endgame,
        phases_used=s.phases_used,
        _state=s,
        banished_cards=s.banished_cards,
        activated_this_round=s.activated_this_round,
        result_reason=s.result_reason,
    )


__all__ = [
    "ActiveCard",
    "DieState",
    "HeroState",
    "Live",
    "PlayerView",
    "Prompt",
    "TableView",
    "Zone",
    "event_view",
    "player_view",
    "state_of",
    "state_view",
]
