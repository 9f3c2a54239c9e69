"""Solar Sentinels' table as the player sees it (contract 11, rules.md R12): the stacks show their size and top card
only, the boss deck its size, the dealt missions everything. Its part of the headless ``state`` and of its events,
its table for bots, and where each of its cards is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command
from twentystrong.engine.events import Event
from twentystrong.engine.rulesets.base import TableView, Views
from twentystrong.engine.state import GameState
from twentystrong.i18n import _, pgettext
from twentystrong.kits.solar_sentinels.content import mission_by_id
from twentystrong.kits.solar_sentinels.rules.events import BossRevealed, EndgameStarted, GameStarted
from twentystrong.kits.solar_sentinels.rules.missions import mandatory_stack
from twentystrong.kits.solar_sentinels.rules.table import MissionState, table


def state_keys(s: GameState) -> dict[str, Any]:
    """Its keys of the headless ``state``: ``stacks``, ``missions``, ``chip``, ``boss``."""
    t = table(s)
    deck = s.deck
    current = t.current_mission
    marked = mandatory_stack(s)
    return {
        "stacks": [
            {
                "size": len(stack),
                "top": stack[0] if stack else None,
                "mandatory": _mandatory(deck, stack) or marked == n,
            }
            for n, stack in enumerate(t.stacks, start=1)
        ],
        "missions": [
            {
                "id": m.id,
                "name": mission_by_id(deck, m.id).name,
                "status": m.status,
                "progress": m.progress,
                "target": mission_by_id(deck, m.id).target,
                "current": current is not None and current.id == m.id,
            }
            for m in t.missions
        ],
        "chip": t.chip,
        "boss": {
            "revealed": t.revealed_boss,
            "deck_size": len(t.boss_deck),
            "discard": list(t.boss_discard),
            "active": next((c.id for c in s.active if c.boss), None),
        },
    }


def _mandatory(deck: Deck, stack: tuple[str, ...]) -> bool:
    return bool(stack) and deck.card(stack[0]).mandatory


def event_keys(event: Event, out: dict[str, Any]) -> dict[str, Any]:
    """Its events as the player sees them (R12): the deal, the endgame's shuffle and a reshuffled boss deck show each
    stack's size and top card and the boss deck's size, never the order of what is face down."""
    if isinstance(event, GameStarted):
        out["stacks"] = [_pile(stack) for stack in event.stacks]
        out["boss_deck"] = {"size": len(event.boss_deck)}
    elif isinstance(event, EndgameStarted):
        out["stack"] = _pile(event.stack)
    elif isinstance(event, BossRevealed):
        out["reshuffled"] = {"size": len(event.reshuffled)}
    return out


def _pile(cards: tuple[str, ...]) -> dict[str, Any]:
    """A face-up pile of which only the top shows."""
    return {"size": len(cards), "top": cards[0] if cards else None}


@dataclass(frozen=True, slots=True)
class Pile:
    """A face-up stack of which only the size and the top card show."""

    size: int
    top: str | None
    """The card on top (None when the stack is empty)."""


@dataclass(frozen=True)
class SolarSentinelsView(TableView):
    """The Solar Sentinels table for bots (R12: nothing face down)."""

    stacks: tuple[Pile, ...]
    missions: tuple[MissionState, ...]
    current_mission: MissionState | None
    revealed_boss: str | None
    boss_deck_size: int
    chip: int = 0
    """The mission chip's count (the current mission's progress)."""
    boss_discard: tuple[str, ...] = ()
    """The bosses discarded, face up."""
    marked_stack: int | None = None
    """The stack (1-based) whose top the current mission makes mandatory now (R3), if any."""

    def mandatory(self, deck: Deck, n: int) -> bool:
        """Whether stack ``n``'s (1-based) top is mandatory now: printed so, or made so by the current mission (R3)."""
        pile = self.stacks[n - 1] if 1 <= n <= len(self.stacks) else None
        return pile is not None and pile.top is not None and (deck.card(pile.top).mandatory or self.marked_stack == n)

    def card_of(self, command: Command) -> str | None:
        """The top card of the stack an ``activate``, ``stack_discard`` or stack choice names."""
        stack: int | None = command.stack if command.cmd in ("activate", "stack_discard", "choose") else None
        if stack is None or not 1 <= stack <= len(self.stacks):
            return None
        return self.stacks[stack - 1].top

    @property
    def missions_dealt(self) -> int:
        """How many missions the game dealt and kept."""
        return sum(1 for m in self.missions if m.status != "discarded")

    def goals(self) -> tuple[int, str]:
        """Its goals are its missions: those dealt and kept."""
        return self.missions_dealt, "mission"

    @property
    def endgame_may_start(self) -> bool:
        """A stack is empty: the endgame may start at the start of a round (dwindling stacks)."""
        return not all(p.size for p in self.stacks)


def table_view(s: GameState) -> SolarSentinelsView:
    """The :class:`SolarSentinelsView` of a state."""
    t = table(s)
    return SolarSentinelsView(
        stacks=tuple(Pile(len(stack), stack[0] if stack else None) for stack in t.stacks),
        missions=t.missions,
        current_mission=t.current_mission,
        revealed_boss=t.revealed_boss,
        boss_deck_size=len(t.boss_deck),
        chip=t.chip,
        boss_discard=t.boss_discard,
        marked_stack=mandatory_stack(s),
    )


def places(s: GameState) -> dict[str, tuple[str, str]]:
    """Where its cards are, as a player may know it: a card under a stack's top is "in a stack" (not which one, not
    how deep), an unrevealed boss "in the boss deck"."""
    t = table(s)
    out: dict[str, tuple[str, str]] = {}
    for number, stack in enumerate(t.stacks, start=1):
        for depth, card in enumerate(stack):
            out[card] = ("stacks", _("stack {n} top").format(n=number) if depth == 0 else _("in a stack"))
    for boss in t.boss_deck:
        out[boss] = ("boss_deck", _("boss deck"))
    for boss in t.boss_discard:
        out[boss] = ("discard", _("boss discard"))
    if t.revealed_boss is not None:
        out[t.revealed_boss] = ("boss_deck", _("revealed"))
    current = t.current_mission
    status = {
        "pending": pgettext("mission", "to do"),
        "done": pgettext("mission", "done"),
        "forfeited": pgettext("mission", "forfeited"),
        "discarded": pgettext("mission", "discarded"),
    }
    for mission in t.missions:
        label = (
            pgettext("mission", "current")
            if current is not None and mission.id == current.id
            else status[mission.status]
        )
        out[mission.id] = ("out" if mission.status == "discarded" else "missions", label)
    return out


VIEWS = Views(state=state_keys, event=event_keys, table=table_view, places=places)
"""Its views, as the ruleset gives them (:attr:`~twentystrong.engine.rulesets.base.Ruleset.views`)."""
