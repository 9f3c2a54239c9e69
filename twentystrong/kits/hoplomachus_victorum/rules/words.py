"""Hoplomachus Victorum's events, commands and steps in plain words (the game log, the history view, undo refusals,
the prompt line)."""

from __future__ import annotations

from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command
from twentystrong.engine.effects.rewards import recovers_nothing
from twentystrong.engine.effects.words import card_name, plural
from twentystrong.engine.events import CardActivated, CardLeft, DieMoved, Event, ItemDiscarded, ItemUsed, Marked
from twentystrong.engine.rulesets.base import Words
from twentystrong.engine.state import GameState
from twentystrong.kits.hoplomachus_victorum.content import SCIONS, is_tactic
from twentystrong.kits.hoplomachus_victorum.rules.events import (
    TRAINING,
    BaneResolved,
    BloodshedMarked,
    CampTopDiscarded,
    FightWon,
    FinalDrawn,
    FinalFightStarted,
    HeroChosen,
    InfluenceFed,
    Moved,
    OpportunityDecided,
    OpportunityDrawn,
    OpportunityProgress,
    PlusAdded,
    PlusSpent,
    PrimusFight,
    PrimusPlaced,
    Spectated,
    TacticGained,
    TacticKept,
    VesuviusDealt,
)
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import IDS
from twentystrong.kits.hoplomachus_victorum.rules.table import camp_card, table

STEP_WORDS: dict[str, str] = {
    "choose_hero": "Setup: choose your hero",
    "keep_tactic": "Setup: keep one Tactic",
    "place_primus": "Setup: place the Primus under their camps",
    "feed_influence": "Setup: feed the Influence deck",
    "round_start": "A new round",
    "move": "Activation: move to a camp",
    "arrive": "Activation: activate, spectate or fight",
    "reinforce": "Activation: additional enemies from the neighbouring camps",
    "opportunity": "An Opportunity: keep it or discard it",
    "spectating": "Spectating: the Scion's penalty",
    "spectate_reward": "Spectating: recover a die or gain 1 Health",
    "bloodshed": "Cleanup: Bloodshed dismissals",
    "bane": "Cleanup: the Bane of a beaten Primus",
}
"""Its steps (and the general steps it plays its own way) in a few words."""


def _camp(where: str | None) -> str:
    return "the Scion's place" if where == "scion" else f"camp {where}"


def announces(event: Event, command: Command | None) -> bool:
    """News after ``command``: an effect feeding the Influence deck, an Opportunity earned, a Primus fight won, the
    final fight begun, an enemy drawn for it, +N that found no enemy, a move an effect made."""
    if isinstance(event, InfluenceFed):
        return not event.setup
    if isinstance(event, OpportunityProgress):
        return event.earned
    if isinstance(event, Moved):
        return event.reason != "move"
    return isinstance(event, FightWon | FinalFightStarted | FinalDrawn | PlusSpent | BloodshedMarked)


def describe_event(event: Event, deck: Deck, before: GameState | None) -> str | None:
    """One of its events as a sentence (without the full stop), or None for another event."""

    def name(card_id: str | None) -> str:
        return card_name(deck, card_id)

    if isinstance(event, VesuviusDealt):
        return (
            f"Mount Vesuvius rises: {name(event.scion)} waits at the apex; {plural(len(event.camps), 'camp')} dealt; "
            f"{plural(len(event.heroes), 'Victorum hero', 'Victorum heroes')} and "
            f"{plural(len(event.tactics), 'Tactic')} drawn"
        )
    if isinstance(event, HeroChosen):
        aside = f" ({name(event.aside)} is set aside)" if event.aside else ""
        primus = ", ".join(name(p) for p in event.primus)
        return (
            f"You play {name(event.hero)}: Health {event.health}, Strategy {event.strategy}, Recovery "
            f"{event.recovery}{aside}; the Primus: {primus}"
        )
    if isinstance(event, TacticKept):
        return f"You keep the Tactic {name(event.tactic)}; the others go to the Tactics area"
    if isinstance(event, PrimusPlaced):
        return f"{name(event.primus)} waits under camp {event.camp}"
    if isinstance(event, InfluenceFed):
        text = f"{name(event.card)} (camp {event.camp}) joins the Influence deck"
        return text + (f"; {name(event.revealed)} is turned up" if event.revealed else "")
    if isinstance(event, Moved):
        how = "" if event.reason in ("", "move") else f" ({event.reason})"
        return f"You move to {_camp(event.camp)}{how}"
    if isinstance(event, Spectated):
        return f"You spectate {name(event.card)} at camp {event.camp}: the Scion's penalty first"
    if isinstance(event, CampTopDiscarded):
        text = f"{name(event.card)} is discarded from camp {event.camp}"
        return text + (f"; {name(event.revealed)} is turned up" if event.revealed else "")
    if isinstance(event, OpportunityDrawn):
        return f"You activate the Opportunity {name(event.card)} (camp {event.camp})"
    if isinstance(event, OpportunityDecided):
        return f"You {'keep' if event.kept else 'discard'} the Opportunity {name(event.card)}"
    if isinstance(event, OpportunityProgress):
        if event.earned:
            reward = deck.card(event.card).reward
            if (
                before is not None
                and reward is not None
                and reward.kind == "instant"
                and recovers_nothing(before, reward.effects)
            ):
                return f"Opportunity earned: {name(event.card)} flips! Its reward does nothing now: no exhausted die"
            return f"Opportunity earned: {name(event.card)} flips!"
        return f"Opportunity {name(event.card)}: {event.progress}"
    if isinstance(event, PlusAdded):
        more = plural(event.count, "more enemy", "more enemies")
        return f"Extra enemies this round: {more} to add from the camps next to {event.camp}"
    if isinstance(event, PlusSpent):
        return "No Bloodshed or Sport card tops a neighbouring camp: the rest of the additional enemies are ignored"
    if isinstance(event, PrimusFight):
        return f"You challenge {name(event.primus)} at camp {event.camp}: a Primus fight begins"
    if isinstance(event, BloodshedMarked):
        names = ", ".join(name(c) for c in event.cards)
        return f"Bloodshed: {names} drew blood; {plural(len(event.cards), 'die', 'dice')} to dismiss at Cleanup"
    if isinstance(event, FightWon):
        return f"The fight is won: {name(event.primus)} is beaten and leaves the game; its Bane resolves"
    if isinstance(event, BaneResolved):
        return f"{name(event.primus)}'s Bane has resolved"
    if isinstance(event, FinalFightStarted):
        return (
            f"The final fight: {name(event.scion)} turns to fight ({plural(event.icons, 'Influence icon')}); "
            f"every camp is discarded; the Influence deck ({plural(len(event.influence), 'card')}) is shuffled"
        )
    if isinstance(event, FinalDrawn):
        where = "the Influence deck" if event.source == "influence" else "the discard pile"
        if event.dud:
            return f"{name(event.card)} is drawn from {where} but adds no enemy"
        return f"{name(event.card)} is drawn from {where}"
    if isinstance(event, TacticGained):
        return f"You gain the Tactic {name(event.tactic)}"
    if isinstance(event, Marked) and event.field == "bloodshed_owed":
        return f"Bloodshed: {plural(event.value, 'die', 'dice')} still to dismiss" if event.value else "Bloodshed paid"
    if isinstance(event, DieMoved):
        return _die_moved(event)
    if isinstance(event, ItemUsed | ItemDiscarded):
        return _item_left(event, deck)
    if isinstance(event, CardActivated) and event.boss and event.stack is None:
        return f"{name(event.card)} enters the final fight"
    if isinstance(event, CardActivated) and event.entourage:
        return f"{name(event.card)} joins the final fight"
    if isinstance(event, CardActivated) and event.boss and event.stack is not None:
        return f"{name(event.card)} steps out from under camp {IDS[event.stack - 1]}" + _more(event.additional)
    if isinstance(event, CardActivated) and event.stack is not None and not event.entourage:
        return f"You activate {name(event.card)} from camp {IDS[event.stack - 1]}" + _more(event.additional)
    if isinstance(event, CardLeft) and event.to == "influence":
        return f"{name(event.card)} joins the Influence deck"
    if isinstance(event, CardLeft) and event.to == "beaten":
        return f"{name(event.card)} leaves the game, beaten"
    if isinstance(event, CardLeft) and event.to == "camp":
        return f"{name(event.card)} returns to the top of camp {IDS[(event.stack or 1) - 1]}"
    return None


_SWAPS = {"strengthen": "strengthened", "weaken": "weakened"}
_PLACES = {
    "pool": "in the pool",
    "active": "committed",
    "applied": "on the same card",
    "exhausted": "exhausted",
}
"""Where the die recruited in a strengthened or weakened die's place stands (the zone the other die left)."""


def _die_moved(e: DieMoved) -> str | None:
    """The training grounds' moves in this deck's words (None: the general words)."""
    if e.zone == TRAINING:
        how = f" ({_SWAPS[e.reason]})" if e.reason in _SWAPS else ""
        return f"{e.die} is dismissed to the training grounds{how}"
    if e.reason == "recruit":
        return f"{e.die} is recruited from the training grounds"
    if e.reason in _SWAPS:
        where = _PLACES.get(e.zone, f"into the {e.zone} zone")
        return f"{e.die} takes its place, {where}"
    if e.reason == "recovered by spectating":
        return f"You recover {e.die} (spectating)"
    return None


def _item_left(e: ItemUsed | ItemDiscarded, deck: Deck) -> str | None:
    """A Tactic returns to the Tactics area (HV2), an item with the Influence icon joins the Influence deck."""
    name = card_name(deck, e.item)
    if isinstance(e, ItemUsed) and not e.single_use:
        return None
    verb = f"You use the Tactic {name}" if isinstance(e, ItemUsed) else f"You discard the Tactic {name}"
    if is_tactic(deck, e.item):
        return f"{verb}: it returns to the Tactics area"
    found = camp_card(deck, e.item)
    if found is not None and found.influence:
        verb = f"You use {name}" if isinstance(e, ItemUsed) else f"You discard {name}"
        return f"{verb}: it joins the Influence deck"
    return None


def _more(additional: int) -> str:
    if not additional:
        return ""
    return " (+1 more enemy)" if additional == 1 else f" (+{additional} more enemies)"


def describe_reveal(event: Event, deck: Deck) -> str | None:
    """What one of its events revealed, as a clause, or None."""
    if isinstance(event, VesuviusDealt):
        return "Mount Vesuvius was dealt"
    if isinstance(event, InfluenceFed | CampTopDiscarded | OpportunityDrawn) and event.revealed is not None:
        return f"removing {card_name(deck, event.card)} turned up {card_name(deck, event.revealed)}"
    if isinstance(event, FinalFightStarted):
        return "the final fight discarded the camps and shuffled the Influence deck"
    if isinstance(event, FinalDrawn):
        return f"the final fight drew {card_name(deck, event.card)}"
    return None


def describe_command(c: Command, s: GameState) -> str | None:
    """One of its commands as a sentence, or None."""
    deck = s.deck
    if c.cmd == "choose_hero":
        aside = f", setting {card_name(deck, c.aside)} aside" if c.aside else ""
        return f"You choose {card_name(deck, c.hero)} as your hero{aside}."
    if c.cmd == "keep_tactic":
        return f"You keep the Tactic {card_name(deck, c.tactic)}."
    if c.cmd == "place_primus":
        return f"You place {card_name(deck, c.primus)} under camp {c.camp}."
    if c.cmd == "feed_influence":
        return f"You move the top card of camp {c.camp} to the Influence deck."
    if c.cmd == "move":
        return f"You move to camp {c.camp}."
    if c.cmd == "activate":
        t = table(s) if s.step != "setup" else None
        if c.camp is not None:
            return f"You add an enemy from camp {c.camp}."
        if t is not None and t.position is not None and t.position < len(t.camps) and t.camps[t.position]:
            return f"You activate {card_name(deck, t.camps[t.position][0])}."
        return "You activate your camp's top card."
    if c.cmd == "spectate":
        return "You spectate."
    if c.cmd == "fight_primus":
        return "You fight the Primus."
    if c.cmd in ("keep_opportunity", "discard_opportunity"):
        return f"You {c.cmd.split('_')[0]} the Opportunity."
    if c.cmd == "spectate_reward":
        return f"You recover {c.die}." if c.die else "You gain 1 Health."
    if c.cmd == "dismiss":
        return f"You dismiss {c.die} to the training grounds."
    if c.cmd == "recruit":
        return f"You recruit a die instead of {card_name(deck, c.card)}'s reward."
    if c.cmd == "gain_tactic":
        return f"You gain the Tactic {card_name(deck, c.tactic)} instead of {card_name(deck, c.card)}'s reward."
    return None


WORDS = Words(
    event=describe_event,
    announces=announces,
    reveal=describe_reveal,
    command=describe_command,
    steps=STEP_WORDS,
    name=SCIONS.name_of,
)
"""Its words, as the ruleset gives them (:attr:`~twentystrong.engine.rulesets.base.Ruleset.words`)."""
