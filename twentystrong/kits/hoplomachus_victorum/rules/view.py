"""Hoplomachus Victorum's table as the player sees it (contract 11, rules.md R12): each camp shows its size, its top
card and the Primus waiting under it, never the cards below the top; the Influence deck shows its size and its
Influence icons, never its order (HV11). Its part of the headless ``state`` and of its events, its table for bots,
and where each of its cards is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command
from twentystrong.engine.events import CardActivated, CardLeft, Event
from twentystrong.engine.rulesets.base import TableView, Views
from twentystrong.engine.state import GameState
from twentystrong.i18n import _, term
from twentystrong.kits.hoplomachus_victorum.content import is_tactic
from twentystrong.kits.hoplomachus_victorum.options import DIFFICULTY
from twentystrong.kits.hoplomachus_victorum.rules.events import FinalFightStarted, VesuviusDealt
from twentystrong.kits.hoplomachus_victorum.rules.opportunities import condition_of
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import ADJACENT, BY_ID, CAMPS, IDS, ROW_COL, camp_id
from twentystrong.kits.hoplomachus_victorum.rules.table import VictorumTable, camp_card, enterable, table


def icons(deck: Deck, cards: tuple[str, ...]) -> int:
    """The Influence icons among these cards (a card fed from a camp may have none)."""
    return sum(1 for c in cards if (found := camp_card(deck, c)) is not None and found.influence)


def state_keys(s: GameState) -> dict[str, Any]:
    """Its keys of the headless ``state``: ``camps``, ``position``, ``scion``, ``tactics``, ``influence``, ``fight``,
    ``primus``, ``opportunities``, ``drawn_opportunity`` (activated, waiting to be kept or discarded), ``spectating``
    (the card whose spectate penalty is being suffered), ``difficulty`` and, during setup, ``drawn``."""
    t = table(s)
    deck = s.deck
    can = set(enterable(s)) if s.step == "move" and t.camps else set()
    camps = []
    for k, cards in enumerate(t.camps):
        top = camp_card(deck, cards[0]) if cards else None
        r, i = ROW_COL[k]
        camps.append(
            {
                "id": IDS[k],
                "row": r + 1,
                "col": i + 1,
                "size": len(cards),
                "top": cards[0] if cards else None,
                "kind": top.kind if top is not None else None,
                "influence": top.influence if top is not None else None,
                "primus": t.primus[k],
                "adjacent": [IDS[j] for j in ADJACENT[k]],
                "enterable": k in can,
            }
        )
    out: dict[str, Any] = {
        "camps": camps,
        "position": camp_id(t.position),
        "scion": {"id": t.scion or None, "side": t.scion_side},
        "tactics": list(t.tactics),
        "influence": {"size": len(t.influence), "icons": icons(deck, t.influence)},
        "fight": {"kind": t.fight, "enemy": t.fighting} if t.fight else None,
        "primus": {
            "waiting": [{"id": p, "camp": IDS[k]} for k, p in enumerate(t.primus) if p is not None],
            "to_place": list(t.to_place),
            "beaten": list(t.beaten),
        },
        "opportunities": [_opportunity(s, t, card) for card, _ in t.opportunities],
        # what waits for the player's decision stays in view while a prompt (an item's choice …) is open over it
        "drawn_opportunity": t.drawn_opportunity,
        "spectating": t.spectating,
        "difficulty": DIFFICULTY.number(s.options),
    }
    if s.step in ("choose_hero", "keep_tactic"):
        out["drawn"] = {"heroes": list(t.heroes_drawn), "tactics": list(t.tactics_drawn)}
    return out


def _opportunity(s: GameState, t: VictorumTable, card: str) -> dict[str, Any]:
    condition = condition_of(s.deck, card)
    return {
        "id": card,
        "condition": condition.kind,
        "progress": t.progress(card),
        "target": condition.target,
        "earned": card in t.earned,
    }


def event_keys(event: Event, out: dict[str, Any]) -> dict[str, Any]:
    """Its events as the player sees them (R12): the deal shows each camp's size and top card; the final fight's
    shuffle shows the Influence deck's size, not its order; a card activated from a camp (or returned to one) names
    the camp by its id as well as by its number (``stack``)."""
    if isinstance(event, VesuviusDealt):
        out["camps"] = [
            {"id": IDS[k], "size": len(cards), "top": cards[0] if cards else None}
            for k, cards in enumerate(event.camps)
        ]
    elif isinstance(event, FinalFightStarted):
        out["influence"] = {"size": len(event.influence)}
    elif isinstance(event, (CardActivated, CardLeft)) and event.stack is not None and 0 < event.stack <= CAMPS:
        out["camp"] = IDS[event.stack - 1]  # the general events number the pile; here it is a camp: its id too
    return out


@dataclass(frozen=True, slots=True)
class CampView:
    """One camp as a player sees it."""

    id: str
    size: int
    top: str | None
    primus: str | None


@dataclass(frozen=True)
class VictorumView(TableView):
    """The Hoplomachus Victorum table for bots (R12: nothing face down)."""

    camps: tuple[CampView, ...]
    position: str | None
    scion: str
    scion_side: str
    tactics: tuple[str, ...]
    influence_size: int
    influence_icons: int
    fight: str
    opportunity: str | None = None
    """An Opportunity just activated, waiting to be kept or discarded (face up)."""
    opportunities: tuple[tuple[str, int], ...] = ()
    """The Opportunities held (face up in the inventory) with their progress (HV8)."""
    earned: tuple[str, ...] = ()
    """Held Opportunities whose condition is met (flipped)."""
    beaten: tuple[str, ...] = ()
    """Primus defeated: out of the game (HV10)."""
    fighting: str | None = None
    """The Primus (or the Scion) of the fight in progress (face up on the table)."""
    to_place: tuple[str, ...] = ()
    """Setup: the Primus still to place under camps (HV3)."""
    heroes_drawn: tuple[str, ...] = ()
    """Setup: the Victorum heroes drawn, face up (HV1)."""
    tactics_drawn: tuple[str, ...] = ()
    """Setup: the Tactics drawn, face up, until one is kept (HV2)."""

    def progress(self, card: str) -> int:
        """A held Opportunity's progress."""
        return next((p for c, p in self.opportunities if c == card), 0)

    def item_kind(self, deck: Deck, item: str) -> str:
        """A held Tactic (single-use, HV2) says so."""
        return term("tactic") if is_tactic(deck, item) else ""

    def card_kind(self, card_id: str) -> str:
        """An active boss is the Scion or a Primus."""
        return term("scion") if card_id == self.scion else term("primus")

    def card_of(self, command: Command) -> str | None:
        """The top card of the camp a ``move`` or a +N ``activate`` names (or, a plain ``activate``, the chip's)."""
        where = command.camp if command.cmd in ("move", "activate", "feed_influence") else None
        if where is None and command.cmd == "activate":
            where = self.position
        k = BY_ID.get(str(where))
        return self.camps[k].top if k is not None and k < len(self.camps) else None


def table_view(s: GameState) -> VictorumView:
    """The :class:`VictorumView` of a state."""
    t = table(s)
    return VictorumView(
        camps=tuple(
            CampView(IDS[k], len(cards), cards[0] if cards else None, t.primus[k]) for k, cards in enumerate(t.camps)
        ),
        position=camp_id(t.position),
        scion=t.scion,
        scion_side=t.scion_side,
        tactics=t.tactics,
        influence_size=len(t.influence),
        influence_icons=icons(s.deck, t.influence),
        fight=t.fight,
        opportunity=t.drawn_opportunity,
        opportunities=t.opportunities,
        earned=t.earned,
        beaten=t.beaten,
        fighting=t.fighting,
        to_place=t.to_place,
        heroes_drawn=t.heroes_drawn,
        tactics_drawn=t.tactics_drawn,
    )


def places(s: GameState) -> dict[str, tuple[str, str]]:
    """Where its cards are, as a player may know it: a card under a camp's top is "in a camp" (not which, not how
    deep); a card in the Influence deck is there (the player saw it go), in no known order."""
    t = table(s)
    out: dict[str, tuple[str, str]] = {}
    for k, cards in enumerate(t.camps):
        for depth, card in enumerate(cards):
            out[card] = ("camps", _("camp {camp} top").format(camp=IDS[k]) if depth == 0 else _("in a camp"))
        if k < CAMPS and t.primus[k] is not None:
            out[str(t.primus[k])] = ("primus", _("under camp {camp}").format(camp=IDS[k]))
    for card in t.influence:
        out[card] = ("influence", term("influence-deck"))
    for card in t.tactics:
        out[card] = ("tactics", term("tactics-area"))
    for card in t.beaten:
        out[card] = ("primus", _("beaten"))
    for card in t.to_place:
        out[card] = ("primus", _("to place"))
    if t.drawn_opportunity is not None:
        out[t.drawn_opportunity] = ("camps", _("just activated"))
    if t.scion:
        out[t.scion] = ("camps", _("the apex") if t.scion_side == "spectate" else _("fighting"))
    return out


__all__ = [
    "ADJACENT",
    "BY_ID",
    "IDS",
    "ROW_COL",
    "CampView",
    "VictorumView",
    "event_keys",
    "icons",
    "places",
    "state_keys",
    "table_view",
]
"""What a player (and a bot, contract 11) may read of this deck's table: its views, and the pyramid's shape (which
camp touches which, HV4: printed on the board)."""


VIEWS = Views(state=state_keys, event=event_keys, table=table_view, places=places)
"""Its views, as the ruleset gives them (:attr:`~twentystrong.engine.rulesets.base.Ruleset.views`)."""
