"""Hoplomachus Victorum's own events, and what each changes (its evolve branches: contract 2, one per event type).

Random outcomes are written into the events that draw them (contract 4): the deal, a Scion drawn at random, the
Influence deck's shuffle and the final fight's draws from the discard.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from twentystrong.engine.events import CardActivated, CardLeft, Event, Reveal, event_type
from twentystrong.engine.state import Changes, DieState, GameState, HeroState
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import BY_ID, SCION, camp_id
from twentystrong.kits.hoplomachus_victorum.rules.table import VictorumTable, table

TRAINING_DICE: frozenset[str] = frozenset({"Y3", "Y4", "G3", "G4", "B3", "B4", "P3", "P4"})
"""Setup step 7: the pool starts with 1 red, 2 purple, 2 blue, 2 green, 2 yellow; the other 8 dice (2 of each colour
but red) go to the training grounds."""
TRAINING = "training"
"""The training grounds: this deck's dice zone (recruit takes from it, dismiss sends to it)."""


def _read_camp(value: Any) -> Any:
    """A camp as saves before events named camps by id wrote it (its index, 0–8): its id ("1-1" …)."""
    return camp_id(value) if isinstance(value, int) and not isinstance(value, bool) else value


_CAMP: dict[str, Callable[[Any], Any]] = {"camp": _read_camp}
"""Events name a camp by the state's id; older saves hold its index, read as the id."""


# --- setup ----------------------------------------------------------------------------------------------------------


@event_type("vesuvius_dealt")
class VesuviusDealt(Event):
    """Mount Vesuvius is set up: the Scion at the apex, nine camps of six face up, the Victorum heroes drawn (4 + X),
    the Tactics drawn (4), the dice split between the pool and the training grounds."""

    scion: str
    camps: tuple[tuple[str, ...], ...]
    heroes: tuple[str, ...]
    tactics: tuple[str, ...]
    draws: int

    def reveal(self) -> Reveal | None:
        tops = tuple(camp[0] for camp in self.camps if camp)
        return Reveal("deal", (self.scion, *tops, *self.heroes, *self.tactics))


@event_type("hero_chosen")
class HeroChosen(Event):
    """The hero is chosen (a drawn Victorum hero, or a universal hero with one drawn hero set aside: HV1); the other
    drawn heroes turn to their Primus side."""

    hero: str
    health: int
    strategy: int
    recovery: int
    aside: str | None = None
    primus: tuple[str, ...] = ()  # the Primus to place, in draw order


@event_type("tactic_kept")
class TacticKept(Event):
    """One drawn Tactic is kept (an item); the other three go face up to the Tactics area (HV2)."""

    tactic: str


@event_type("primus_placed")
class PrimusPlaced(Event):
    """A Primus is placed face up under a camp (HV3)."""

    primus: str
    camp: str  # the camp's id, as in the state ("1-2")
    READ = _CAMP


@event_type("influence_fed")
class InfluenceFed(Event):
    """A camp's top card goes to the face-down Influence deck (difficulty setup, or an effect)."""

    camp: str  # the camp's id, as in the state ("1-2")
    READ = _CAMP
    card: str
    revealed: str | None = None  # the card this turned up on the camp (R12: hidden until now)
    setup: bool = False

    def reveal(self) -> Reveal | None:
        return Reveal("card", (self.revealed,)) if self.revealed is not None else None


# --- a round --------------------------------------------------------------------------------------------------------


@event_type("moved")
class Moved(Event):
    """The chip moves to a camp (HV4–HV6), or by an effect to any camp that can be entered."""

    camp: str  # the camp's id, as in the state ("1-2")
    READ = _CAMP
    reason: str = ""


@event_type("spectated")
class Spectated(Event):
    """The player spectates a camp: its top card will be discarded unplayed once the Scion's penalty is suffered."""

    camp: str  # the camp's id, as in the state ("1-2")
    READ = _CAMP
    card: str


@event_type("camp_top_discarded")
class CampTopDiscarded(Event):
    """A camp's top card goes to the discard pile unplayed."""

    camp: str  # the camp's id, as in the state ("1-2")
    READ = _CAMP
    card: str
    revealed: str | None = None

    def reveal(self) -> Reveal | None:
        return Reveal("card", (self.revealed,)) if self.revealed is not None else None


@event_type("opportunity_drawn")
class OpportunityDrawn(Event):
    """An Opportunity on top of the player's camp is activated: it waits to be kept or discarded."""

    camp: str  # the camp's id, as in the state ("1-2")
    READ = _CAMP
    card: str
    revealed: str | None = None

    def reveal(self) -> Reveal | None:
        return Reveal("card", (self.revealed,)) if self.revealed is not None else None


@event_type("opportunity_decided")
class OpportunityDecided(Event):
    """The activated Opportunity goes into the inventory (an item) or to the discard pile."""

    card: str
    kept: bool


@event_type("opportunity_progress")
class OpportunityProgress(Event):
    """A held Opportunity's condition happened once more (HV8); at its target the card flips: earned."""

    card: str
    progress: int
    earned: bool = False


@event_type("plus_added")
class PlusAdded(Event):
    """More enemies to add from the neighbours of a camp (an extra enemy owed this round)."""

    camp: str  # the camp's id, as in the state ("1-2")
    READ = _CAMP
    count: int


@event_type("plus_spent")
class PlusSpent(Event):
    """No Bloodshed or Sport card tops a camp next to the one the remaining additional enemies come from: they are
    ignored."""


@event_type("primus_fight")
class PrimusFight(Event):
    """The player fights the Primus waiting under their camp: it leaves the camp for the active area."""

    primus: str
    camp: str  # the camp's id, as in the state ("1-2")
    READ = _CAMP


@event_type("bloodshed_marked")
class BloodshedMarked(Event):
    """Suffer damage: these Bloodshed enemies dealt damage; one die is dismissed for each at Cleanup."""

    cards: tuple[str, ...]


@event_type("fight_won")
class FightWon(Event):
    """Every enemy of a Primus fight is defeated: its Bane resolves now (the Primus is out of the game, HV10)."""

    primus: str


@event_type("bane_resolved")
class BaneResolved(Event):
    """The Bane of a beaten Primus has resolved."""

    primus: str


@event_type("final_fight_started")
class FinalFightStarted(Event):
    """The final fight: the chip moves to the Scion's place, every camp is discarded, the Scion turns to its Conflict
    side, and the Influence deck is shuffled (HV11; ``influence`` is its new order, hidden)."""

    scion: str
    discarded: tuple[str, ...]
    influence: tuple[str, ...]
    icons: int
    draws: int

    def reveal(self) -> Reveal | None:
        return Reveal("shuffle", self.discarded)


@event_type("final_drawn")
class FinalDrawn(Event):
    """An enemy added to the final fight: from the top of the Influence deck, or at random from the discard when it
    is empty. ``dud``: a card that adds no enemy (from the discard without the Influence icon: defeated at once, no
    reward; an Opportunity: no enemy)."""

    card: str
    source: str  # "influence" or "discard"
    dud: bool = False
    draws: int = 0

    def reveal(self) -> Reveal | None:
        return Reveal("card", (self.card,))


@event_type("tactic_gained")
class TacticGained(Event):
    """A Tactic moves from the Tactics area into the inventory."""

    tactic: str


# --- what each changes ----------------------------------------------------------------------------------------------


def _dealt(s: GameState, e: VesuviusDealt) -> Changes:
    dice = tuple(DieState(d.id, TRAINING) if d.id in TRAINING_DICE else d for d in s.dice)
    t = VictorumTable(scion=e.scion, camps=e.camps, heroes_drawn=e.heroes, tactics_drawn=e.tactics)
    return {"rng": s.rng + e.draws, "table": t, "dice": dice}


def _hero_chosen(s: GameState, e: HeroChosen) -> Changes:
    t = replace(table(s), aside=e.aside, to_place=e.primus)
    return {"hero": HeroState(e.hero, e.health, e.strategy, e.recovery), "table": t}


def _tactic_kept(s: GameState, e: TacticKept) -> Changes:
    t = table(s)
    rest = tuple(c for c in t.tactics_drawn if c != e.tactic)
    return {"inventory": (*s.inventory, e.tactic), "table": replace(t, tactics=(*t.tactics, *rest), tactics_drawn=())}


def _primus_placed(s: GameState, e: PrimusPlaced) -> Changes:
    t = table(s)
    primus = tuple(e.primus if k == BY_ID[e.camp] else p for k, p in enumerate(t.primus))
    return {"table": replace(t, primus=primus, to_place=tuple(p for p in t.to_place if p != e.primus))}


def _without_top(t: VictorumTable, camp: int) -> tuple[tuple[str, ...], ...]:
    return tuple(cards[1:] if k == camp else cards for k, cards in enumerate(t.camps))


def _influence_fed(s: GameState, e: InfluenceFed) -> Changes:
    t = table(s)
    k = BY_ID[e.camp]
    fed = (*t.fed, k) if e.setup else t.fed
    return {"table": replace(t, camps=_without_top(t, k), influence=(*t.influence, e.card), fed=fed)}


def _moved(s: GameState, e: Moved) -> Changes:
    return {"table": replace(table(s), position=BY_ID[e.camp], moved_round=s.round)}


def _spectated(s: GameState, e: Spectated) -> Changes:
    return {"table": replace(table(s), spectating=e.card)}


def _camp_top_discarded(s: GameState, e: CampTopDiscarded) -> Changes:
    t = table(s)
    spectating = None if t.spectating == e.card else t.spectating
    camps = _without_top(t, BY_ID[e.camp])
    return {"table": replace(t, camps=camps, spectating=spectating), "discard": (*s.discard, e.card)}


def _opportunity_drawn(s: GameState, e: OpportunityDrawn) -> Changes:
    t = table(s)
    return {"table": replace(t, camps=_without_top(t, BY_ID[e.camp]), drawn_opportunity=e.card)}


def _opportunity_decided(s: GameState, e: OpportunityDecided) -> Changes:
    t = replace(table(s), drawn_opportunity=None)
    if e.kept:
        t = replace(t, opportunities=(*t.opportunities, (e.card, 0)))
        return {"table": t, "inventory": (*s.inventory, e.card)}
    return {"table": t, "discard": (*s.discard, e.card)}


def _opportunity_progress(s: GameState, e: OpportunityProgress) -> Changes:
    t = table(s)
    held = tuple((c, e.progress if c == e.card else p) for c, p in t.opportunities)
    earned = (*t.earned, e.card) if e.earned and e.card not in t.earned else t.earned
    return {"table": replace(t, opportunities=held, earned=earned)}


def _plus_added(s: GameState, e: PlusAdded) -> Changes:
    t = table(s)
    return {"table": replace(t, plus=(*t.plus, (BY_ID[e.camp], e.count)))}


def _plus_spent(s: GameState, e: PlusSpent) -> Changes:
    t = table(s)
    return {"table": replace(t, plus=t.plus[:-1])}


def _primus_fight(s: GameState, e: PrimusFight) -> Changes:
    t = table(s)
    primus = tuple(None if k == BY_ID[e.camp] else p for k, p in enumerate(t.primus))
    return {"table": replace(t, primus=primus, fight="primus", fighting=e.primus)}


def _bloodshed_marked(s: GameState, e: BloodshedMarked) -> Changes:
    return {"table": replace(table(s), bloodshed=len(e.cards))}


def _fight_won(s: GameState, e: FightWon) -> Changes:
    return {"table": replace(table(s), fight="", fighting=None, bane=e.primus)}


def _bane_resolved(s: GameState, e: BaneResolved) -> Changes:
    return {"table": replace(table(s), bane=None)}


def _final_fight_started(s: GameState, e: FinalFightStarted) -> Changes:
    t = table(s)
    t = replace(
        t,
        scion_side="conflict",
        camps=tuple(() for _ in t.camps),
        influence=e.influence,
        position=SCION,
        moved_round=s.round,
        fight="final",
        fighting=e.scion,
        icons=e.icons,
    )
    return {"table": t, "discard": (*s.discard, *e.discarded), "rng": s.rng + e.draws}


def _final_drawn(s: GameState, e: FinalDrawn) -> Changes:
    out: Changes = {"rng": s.rng + e.draws}
    if e.source == "influence":
        t = table(s)
        out["table"] = replace(t, influence=tuple(c for c in t.influence if c != e.card))
        if e.dud:
            out["discard"] = (*s.discard, e.card)
    elif not e.dud:  # from the discard, to be activated
        out["discard"] = tuple(c for c in s.discard if c != e.card)
    return out


def _tactic_gained(s: GameState, e: TacticGained) -> Changes:
    t = table(s)
    tactics = tuple(c for c in t.tactics if c != e.tactic)
    return {"table": replace(t, tactics=tactics), "inventory": (*s.inventory, e.tactic)}


def _bloodshed_owed(s: GameState, value: int) -> Changes:
    """The charge ``bloodshed_owed``: the dice still to dismiss at this Cleanup."""
    return {"table": replace(table(s), bloodshed=value)}


EVENTS: Mapping[type[Event], Callable[[GameState, Any], Changes]] = {
    VesuviusDealt: _dealt,
    HeroChosen: _hero_chosen,
    TacticKept: _tactic_kept,
    PrimusPlaced: _primus_placed,
    InfluenceFed: _influence_fed,
    Moved: _moved,
    Spectated: _spectated,
    CampTopDiscarded: _camp_top_discarded,
    OpportunityDrawn: _opportunity_drawn,
    OpportunityDecided: _opportunity_decided,
    OpportunityProgress: _opportunity_progress,
    PlusAdded: _plus_added,
    PlusSpent: _plus_spent,
    PrimusFight: _primus_fight,
    BloodshedMarked: _bloodshed_marked,
    FightWon: _fight_won,
    BaneResolved: _bane_resolved,
    FinalFightStarted: _final_fight_started,
    FinalDrawn: _final_drawn,
    TacticGained: _tactic_gained,
}
"""Hoplomachus Victorum's event types and what each changes."""


def _effects_left(s: GameState, value: int) -> Changes:
    """The charge ``effects_left``: the spectate penalty's or the Bane's effects still to happen (HV16)."""
    return {"table": replace(table(s), effects_left=value)}


CHARGES: Mapping[str, Callable[[GameState, int], Changes]] = {
    "bloodshed_owed": _bloodshed_owed,
    "effects_left": _effects_left,
}
"""The charges it keeps (see ``evolve.CHARGES``): their names are in saved games."""


def card_activated(t: VictorumTable, e: CardActivated) -> VictorumTable:
    """A card left a camp's top for the active area (``stack`` is the camp, numbered from 1), or a Primus its camp
    (``boss``), or the final fight drew it (``entourage``: nothing of the table changes).

    The +N stack: a card added for another's +N spends one of the top entry; a card's own +N (a Primus's too)
    pushes its camp with that many, so it resolves first (depth-first)."""
    if e.entourage:
        return t
    camps, plus = t.camps, t.plus
    if e.stack is not None and not e.boss:
        camps = _without_top(t, e.stack - 1)
        if plus:
            camp, left = plus[-1]
            plus = (*plus[:-1], (camp, left - 1)) if left > 1 else plus[:-1]
    if e.additional and e.stack is not None:
        plus = (*plus, (e.stack - 1, e.additional))
    return replace(t, camps=camps, plus=plus)


def card_placed(t: VictorumTable, e: CardLeft) -> VictorumTable:
    """A card left the active area for one of this deck's zones: the Influence deck, out of the game (a beaten
    Primus, HV10), or back on top of its camp."""
    if e.to == "influence":
        return replace(t, influence=(*t.influence, e.card))
    if e.to == "beaten":
        return replace(t, beaten=(*t.beaten, e.card))
    if e.to == "camp" and e.stack is not None:
        k = e.stack - 1
        return replace(t, camps=tuple((e.card, *cards) if i == k else cards for i, cards in enumerate(t.camps)))
    return t


SPECTATED_HEALTH = "spectating: +1 Health"
"""The reason of the Health a spectated camp gives (kept in the event, in English, like every reason)."""
