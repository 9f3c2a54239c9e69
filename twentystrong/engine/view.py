"""The player's view (architecture.md contract 11): a game state and its events as a player at the table sees them,
as plain, JSON-ready dicts: the ``state`` and ``events`` of the headless protocol.

Hidden information (rules.md R12: the cards below each stack's top, the boss deck's order, the undealt missions)
stays in the state, the log and the save; these two functions are the only way front ends see a state or an event,
and they name no hidden card. Numbers that depend on rules (a card's Health, the damage it has taken, the damage it
deals) come from the hook points in :mod:`twentystrong.engine.effects.hooks`, never from a second copy of the
rules. The keys are a public interface for bot writers: add keys freely, never rename or remove one.
"""

from __future__ import annotations

from typing import Any

from twentystrong.engine import events as ev
from twentystrong.engine.effects import hooks
from twentystrong.engine.legal import awaiting
from twentystrong.engine.state import ActiveCard, GameState


def event_view(event: ev.Event) -> dict[str, Any]:
    """An event as the player sees it (R12): the deal, the endgame's shuffle and a reshuffled boss deck show each
    stack's size and top card and the boss deck's size, never the order of what is face down."""
    out = ev.to_dict(event)
    if isinstance(event, ev.GameStarted):
        out["stacks"] = [_pile(stack) for stack in event.stacks]
        out["boss_deck"] = {"size": len(event.boss_deck)}
    elif isinstance(event, ev.EndgameStarted):
        out["stack"] = _pile(event.stack)
    elif isinstance(event, ev.BossRevealed):
        out["reshuffled"] = {"size": len(event.reshuffled)}
    return out


def _pile(cards: tuple[str, ...]) -> dict[str, Any]:
    """A face-up pile of which only the top shows."""
    return {"size": len(cards), "top": cards[0] if cards else None}


def state_view(s: GameState) -> dict[str, Any]:
    """The state as the player sees it (R12: face-down cards are counted, not named)."""
    deck = s.deck
    return {
        "seq": s.seq,
        "round": s.round,
        "phase": s.phase,
        "step": s.step,
        "awaiting": awaiting(s),
        "result": s.result,
        "result_reason": s.result_reason or None,
        "deck": deck.id,
        "seed": s.options.seed,
        "assisted": s.options.assisted,
        "dice_mode": s.options.dice,
        "hero": _hero(s),
        "dice": [{"id": d.id, "color": d.color, "zone": d.zone, "face": d.face, "card": d.card} for d in s.dice],
        "stacks": [
            {
                "size": len(stack),
                "top": stack[0] if stack else None,
                "mandatory": bool(stack) and deck.card(stack[0]).mandatory,
            }
            for stack in s.stacks
        ],
        "active": [_active(s, card) for card in s.active],
        "discard": list(s.discard),
        "banished_cards": list(s.banished_cards),
        "inventory": [_item(s, item) for item in s.inventory],
        "missions": [_mission(s, i) for i in range(len(s.missions))],
        "chip": s.chip,
        "boss": {
            "revealed": s.revealed_boss,
            "deck_size": len(s.boss_deck),
            "discard": list(s.boss_discard),
            "active": next((c.id for c in s.active if c.boss), None),
        },
        "endgame": s.endgame,
        "strategy_phases": {"used": s.phases_used, "allowed": s.hero.strategy},
        "recovered_this_round": s.recovered_this_round,
        "prompts": len(s.prompts),
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


def _mission(s: GameState, index: int) -> dict[str, Any]:
    m = s.missions[index]
    printed = s.deck.mission(m.id)
    current = s.current_mission
    return {
        "id": m.id,
        "name": printed.name,
        "status": m.status,
        "progress": m.progress,
        "target": printed.target,
        "current": current is not None and current.id == m.id,
    }
