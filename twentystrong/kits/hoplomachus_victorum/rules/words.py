"""Hoplomachus Victorum's events, commands and steps in plain words (the game log, the history view, undo refusals,
the prompt line)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command
from twentystrong.engine.effects.rewards import recovers_nothing
from twentystrong.engine.effects.words import card_gender, card_name
from twentystrong.engine.events import CardActivated, CardLeft, DieMoved, Event, ItemDiscarded, ItemUsed, Marked
from twentystrong.engine.reasons import card_named
from twentystrong.engine.rulesets.base import Words
from twentystrong.engine.state import GameState
from twentystrong.i18n import N_, Gendered, _, language, lazy_gettext, lazy_pgettext, ngettext, pgettext
from twentystrong.kits.hoplomachus_victorum.content import SCIONS, is_tactic
from twentystrong.kits.hoplomachus_victorum.rules.events import (
    SPECTATED_HEALTH,
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


class _StepWords(Mapping[str, str]):
    """Steps in a few words, each in the language spoken when it is looked up (the log and the step bar read them
    long after import)."""

    def __init__(self, words: dict[str, str], activation: dict[str, str]) -> None:
        self._words = words
        self._activation = activation

    def __getitem__(self, step: str) -> str:
        if step in self._activation:
            # "Activation: move to a camp": the phase's own name (the step bar sees it and names the phase once).
            colon = " : " if language() == "fr" else ": "
            return pgettext("phase", "Activation") + colon + _(self._activation[step])
        return _(self._words[step])

    def __iter__(self) -> Iterator[str]:
        return iter({**self._words, **self._activation})

    def __len__(self) -> int:
        return len(self._words) + len(self._activation)


STEP_WORDS: Mapping[str, str] = _StepWords(
    {
        "choose_hero": N_("Setup: choose your hero"),
        "keep_tactic": N_("Setup: keep one Tactic"),
        "place_primus": N_("Setup: place the Primus under their camps"),
        "feed_influence": N_("Setup: feed the Influence deck"),
        "round_start": N_("A new round"),
        "opportunity": N_("An Opportunity: keep it or discard it"),
        "spectating": N_("Spectating: the Scion's penalty"),
        "spectate_reward": N_("Spectating: recover a die or gain 1 Health"),
        "bloodshed": N_("Cleanup: Bloodshed dismissals"),
        "bane": N_("Cleanup: the Bane of a beaten Primus"),
    },
    {
        "move": N_("move to a camp"),
        "arrive": N_("activate, spectate or fight"),
        "reinforce": N_("additional enemies from the neighbouring camps"),
    },
)
"""Its steps (and the general steps it plays its own way) in a few words."""


def _camp(where: str | None) -> str:
    return _("the Scion's place") if where == "scion" else _("camp {camp}").format(camp=where)


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


# Sentences about a named card, one message per grammatical gender of its name (i18n.Gendered).
DISCARDED_FROM_CAMP_REVEALING = Gendered(
    lazy_gettext("{name} is discarded from camp {camp}; {revealed} is turned up"),
    lazy_pgettext("masculine", "{name} is discarded from camp {camp}; {revealed} is turned up"),
    lazy_pgettext("feminine", "{name} is discarded from camp {camp}; {revealed} is turned up"),
    lazy_pgettext("neuter", "{name} is discarded from camp {camp}; {revealed} is turned up"),
)
DISCARDED_FROM_CAMP = Gendered(
    lazy_gettext("{name} is discarded from camp {camp}"),
    lazy_pgettext("masculine", "{name} is discarded from camp {camp}"),
    lazy_pgettext("feminine", "{name} is discarded from camp {camp}"),
    lazy_pgettext("neuter", "{name} is discarded from camp {camp}"),
)
FIGHT_WON = Gendered(
    lazy_gettext("The fight is won: {name} is beaten and leaves the game; its Bane resolves"),
    lazy_pgettext("masculine", "The fight is won: {name} is beaten and leaves the game; its Bane resolves"),
    lazy_pgettext("feminine", "The fight is won: {name} is beaten and leaves the game; its Bane resolves"),
    lazy_pgettext("neuter", "The fight is won: {name} is beaten and leaves the game; its Bane resolves"),
)
DRAWN_FROM_INFLUENCE_IN_VAIN = Gendered(
    lazy_gettext("{name} is drawn from the Influence deck but adds no enemy"),
    lazy_pgettext("masculine", "{name} is drawn from the Influence deck but adds no enemy"),
    lazy_pgettext("feminine", "{name} is drawn from the Influence deck but adds no enemy"),
    lazy_pgettext("neuter", "{name} is drawn from the Influence deck but adds no enemy"),
)
DRAWN_FROM_DISCARD_IN_VAIN = Gendered(
    lazy_gettext("{name} is drawn from the discard pile but adds no enemy"),
    lazy_pgettext("masculine", "{name} is drawn from the discard pile but adds no enemy"),
    lazy_pgettext("feminine", "{name} is drawn from the discard pile but adds no enemy"),
    lazy_pgettext("neuter", "{name} is drawn from the discard pile but adds no enemy"),
)
DRAWN_FROM_INFLUENCE = Gendered(
    lazy_gettext("{name} is drawn from the Influence deck"),
    lazy_pgettext("masculine", "{name} is drawn from the Influence deck"),
    lazy_pgettext("feminine", "{name} is drawn from the Influence deck"),
    lazy_pgettext("neuter", "{name} is drawn from the Influence deck"),
)
DRAWN_FROM_DISCARD = Gendered(
    lazy_gettext("{name} is drawn from the discard pile"),
    lazy_pgettext("masculine", "{name} is drawn from the discard pile"),
    lazy_pgettext("feminine", "{name} is drawn from the discard pile"),
    lazy_pgettext("neuter", "{name} is drawn from the discard pile"),
)
LEAVES_BEATEN = Gendered(
    lazy_gettext("{name} leaves the game, beaten"),
    lazy_pgettext("masculine", "{name} leaves the game, beaten"),
    lazy_pgettext("feminine", "{name} leaves the game, beaten"),
    lazy_pgettext("neuter", "{name} leaves the game, beaten"),
)


def describe_event(event: Event, deck: Deck, before: GameState | None) -> str | None:
    """One of its events as a sentence (without the full stop), or None for another event."""

    def name(card_id: str | None) -> str:
        return card_name(deck, card_id)

    if isinstance(event, VesuviusDealt):
        return _("Mount Vesuvius rises: {scion} waits at the apex; {camps} dealt; {heroes} and {tactics} drawn").format(
            scion=name(event.scion),
            camps=ngettext("{n} camp", "{n} camps", len(event.camps)).format(n=len(event.camps)),
            heroes=ngettext("{n} Victorum hero", "{n} Victorum heroes", len(event.heroes)).format(n=len(event.heroes)),
            tactics=ngettext("{n} Tactic", "{n} Tactics", len(event.tactics)).format(n=len(event.tactics)),
        )
    if isinstance(event, HeroChosen):
        primus = ", ".join(name(p) for p in event.primus)
        numbers = {"health": event.health, "strategy": event.strategy, "recovery": event.recovery}
        if event.aside:
            return _(
                "You play {hero}: Health {health}, Strategy {strategy}, Recovery {recovery} ({aside} is set aside); "
                "the Primus: {primus}"
            ).format(hero=name(event.hero), aside=name(event.aside), primus=primus, **numbers)
        return _(
            "You play {hero}: Health {health}, Strategy {strategy}, Recovery {recovery}; the Primus: {primus}"
        ).format(hero=name(event.hero), primus=primus, **numbers)
    if isinstance(event, TacticKept):
        return _("You keep the Tactic {name}; the others go to the Tactics area").format(name=name(event.tactic))
    if isinstance(event, PrimusPlaced):
        return _("{name} waits under camp {camp}").format(name=name(event.primus), camp=event.camp)
    if isinstance(event, InfluenceFed):
        if event.revealed:
            return _("{name} (camp {camp}) joins the Influence deck; {revealed} is turned up").format(
                name=name(event.card), camp=event.camp, revealed=name(event.revealed)
            )
        return _("{name} (camp {camp}) joins the Influence deck").format(name=name(event.card), camp=event.camp)
    if isinstance(event, Moved):
        where = _camp(event.camp)
        if event.reason in ("", "move"):
            return _("You move to {where}").format(where=where)
        if event.reason.startswith(MOVED_BY):  # the effect's card, named when it moved you
            return _("You move to {where} (moved by {name})").format(where=where, name=event.reason[len(MOVED_BY) :])
        return _("You move to {where}").format(where=where) + f" ({event.reason})"
    if isinstance(event, Spectated):
        return _("You spectate {name} at camp {camp}: the Scion's penalty first").format(
            name=name(event.card), camp=event.camp
        )
    if isinstance(event, CampTopDiscarded):
        if event.revealed:
            return DISCARDED_FROM_CAMP_REVEALING(card_gender(deck, event.card)).format(
                name=name(event.card), camp=event.camp, revealed=name(event.revealed)
            )
        return DISCARDED_FROM_CAMP(card_gender(deck, event.card)).format(name=name(event.card), camp=event.camp)
    if isinstance(event, OpportunityDrawn):
        return _("You activate the Opportunity {name} (camp {camp})").format(name=name(event.card), camp=event.camp)
    if isinstance(event, OpportunityDecided):
        if event.kept:
            return _("You keep the Opportunity {name}").format(name=name(event.card))
        return _("You discard the Opportunity {name}").format(name=name(event.card))
    if isinstance(event, OpportunityProgress):
        if event.earned:
            reward = deck.card(event.card).reward
            if (
                before is not None
                and reward is not None
                and reward.kind == "instant"
                and recovers_nothing(before, reward.effects)
            ):
                return _("Opportunity earned: {name} flips! Its reward does nothing now: no exhausted die").format(
                    name=name(event.card)
                )
            return _("Opportunity earned: {name} flips!").format(name=name(event.card))
        return _("Opportunity {name}: {progress}").format(name=name(event.card), progress=event.progress)
    if isinstance(event, PlusAdded):
        return ngettext(
            "Extra enemies this round: {n} more enemy to add from the camps next to {camp}",
            "Extra enemies this round: {n} more enemies to add from the camps next to {camp}",
            event.count,
        ).format(n=event.count, camp=event.camp)
    if isinstance(event, PlusSpent):
        return _("No Bloodshed or Sport card tops a neighbouring camp: the rest of the additional enemies are ignored")
    if isinstance(event, PrimusFight):
        return _("You challenge {name} at camp {camp}: a Primus fight begins").format(
            name=name(event.primus), camp=event.camp
        )
    if isinstance(event, BloodshedMarked):
        names = ", ".join(name(c) for c in event.cards)
        return ngettext(
            "Bloodshed: {names} drew blood; {n} die to dismiss at Cleanup",
            "Bloodshed: {names} drew blood; {n} dice to dismiss at Cleanup",
            len(event.cards),
        ).format(names=names, n=len(event.cards))
    if isinstance(event, FightWon):
        return FIGHT_WON(card_gender(deck, event.primus)).format(name=name(event.primus))
    if isinstance(event, BaneResolved):
        return _("{name}'s Bane has resolved").format(name=name(event.primus))
    if isinstance(event, FinalFightStarted):
        return _(
            "The final fight: {scion} turns to fight ({icons}); every camp is discarded; the Influence deck ({cards}) "
            "is shuffled"
        ).format(
            scion=name(event.scion),
            icons=ngettext("{n} Influence icon", "{n} Influence icons", event.icons).format(n=event.icons),
            cards=ngettext("{n} card", "{n} cards", len(event.influence)).format(n=len(event.influence)),
        )
    if isinstance(event, FinalDrawn):
        influence = event.source == "influence"
        gender = card_gender(deck, event.card)
        if event.dud and influence:
            return DRAWN_FROM_INFLUENCE_IN_VAIN(gender).format(name=name(event.card))
        if event.dud:
            return DRAWN_FROM_DISCARD_IN_VAIN(gender).format(name=name(event.card))
        if influence:
            return DRAWN_FROM_INFLUENCE(gender).format(name=name(event.card))
        return DRAWN_FROM_DISCARD(gender).format(name=name(event.card))
    if isinstance(event, TacticGained):
        return _("You gain the Tactic {name}").format(name=name(event.tactic))
    if isinstance(event, Marked) and event.field == "bloodshed_owed":
        if not event.value:
            return _("Bloodshed paid")
        return ngettext(
            "Bloodshed: {n} die still to dismiss", "Bloodshed: {n} dice still to dismiss", int(event.value)
        ).format(n=event.value)
    if isinstance(event, DieMoved):
        return _die_moved(event)
    if isinstance(event, ItemUsed | ItemDiscarded):
        return _item_left(event, deck)
    if isinstance(event, CardActivated) and event.boss and event.stack is None:
        return _("{name} enters the final fight").format(name=name(event.card))
    if isinstance(event, CardActivated) and event.entourage:
        return _("{name} joins the final fight").format(name=name(event.card))
    if isinstance(event, CardActivated) and event.boss and event.stack is not None:
        words = _("{name} steps out from under camp {camp}").format(name=name(event.card), camp=IDS[event.stack - 1])
        return words + _more(event.additional)
    if isinstance(event, CardActivated) and event.stack is not None and not event.entourage:
        words = _("You activate {name} from camp {camp}").format(name=name(event.card), camp=IDS[event.stack - 1])
        return words + _more(event.additional)
    if isinstance(event, CardLeft) and event.to == "influence":
        return _("{name} joins the Influence deck").format(name=name(event.card))
    if isinstance(event, CardLeft) and event.to == "beaten":
        return LEAVES_BEATEN(card_gender(deck, event.card)).format(name=name(event.card))
    if isinstance(event, CardLeft) and event.to == "camp":
        return _("{name} returns to the top of camp {camp}").format(
            name=name(event.card), camp=IDS[(event.stack or 1) - 1]
        )
    return None


MOVED_BY = "moved by "
"""The start of the reason an effect's move carries (its card's name follows: ``rules/effects.py``)."""


def _die_moved(e: DieMoved) -> str | None:
    """The training grounds' moves in this deck's words (None: the general words)."""
    if e.zone == TRAINING:
        if e.reason == "strengthen":
            return _("{die} is dismissed to the training grounds (strengthened)").format(die=e.die)
        if e.reason == "weaken":
            return _("{die} is dismissed to the training grounds (weakened)").format(die=e.die)
        return _("{die} is dismissed to the training grounds").format(die=e.die)
    if e.reason == "recruit":
        return _("{die} is recruited from the training grounds").format(die=e.die)
    if e.reason in ("strengthen", "weaken"):
        # Where the die recruited in a strengthened or weakened die's place stands (the zone the other die left).
        places = {
            "pool": _("{die} takes its place, in the pool"),
            "active": _("{die} takes its place, committed"),
            "applied": _("{die} takes its place, on the same card"),
            "exhausted": _("{die} takes its place, exhausted"),
        }
        words = places.get(e.zone) or _("{die} takes its place, into the {zone} zone")
        return words.format(die=e.die, zone=e.zone)
    if e.reason == "recovered by spectating":
        return _("You recover {die} (spectating)").format(die=e.die)
    return None


def _item_left(e: ItemUsed | ItemDiscarded, deck: Deck) -> str | None:
    """A Tactic returns to the Tactics area (HV2), an item with the Influence icon joins the Influence deck."""
    name = card_name(deck, e.item)
    if isinstance(e, ItemUsed) and not e.single_use:
        return None
    used = isinstance(e, ItemUsed)
    if is_tactic(deck, e.item):
        if used:
            return _("You use the Tactic {name}: it returns to the Tactics area").format(name=name)
        return _("You discard the Tactic {name}: it returns to the Tactics area").format(name=name)
    found = camp_card(deck, e.item)
    if found is not None and found.influence:
        if used:
            return _("You use {name}: it joins the Influence deck").format(name=name)
        return _("You discard {name}: it joins the Influence deck").format(name=name)
    return None


def _more(additional: int) -> str:
    if not additional:
        return ""
    return " " + ngettext("(+{n} more enemy)", "(+{n} more enemies)", additional).format(n=additional)


def describe_reveal(event: Event, deck: Deck) -> str | None:
    """What one of its events revealed, as a clause, or None."""
    if isinstance(event, VesuviusDealt):
        return _("Mount Vesuvius was dealt")
    if isinstance(event, InfluenceFed | CampTopDiscarded | OpportunityDrawn) and event.revealed is not None:
        return _("removing {name} turned up {revealed}").format(
            name=card_name(deck, event.card), revealed=card_name(deck, event.revealed)
        )
    if isinstance(event, FinalFightStarted):
        return _("the final fight discarded the camps and shuffled the Influence deck")
    if isinstance(event, FinalDrawn):
        return _("the final fight drew {name}").format(name=card_name(deck, event.card))
    return None


def describe_command(c: Command, s: GameState) -> str | None:
    """One of its commands as a sentence, or None."""
    deck = s.deck
    camp = dict(c.args).get("camp")
    if c.cmd == "choose" and camp is not None:  # a prompt's camp (a Scion's penalty, a curse)
        return _("You choose camp {camp}.").format(camp=camp)
    if c.cmd == "choose_hero":
        if c.aside:
            return _("You choose {hero} as your hero, setting {aside} aside.").format(
                hero=card_name(deck, c.hero), aside=card_name(deck, c.aside)
            )
        return _("You choose {hero} as your hero.").format(hero=card_name(deck, c.hero))
    if c.cmd == "keep_tactic":
        return _("You keep the Tactic {name}.").format(name=card_name(deck, c.tactic))
    if c.cmd == "place_primus":
        return _("You place {name} under camp {camp}.").format(name=card_name(deck, c.primus), camp=c.camp)
    if c.cmd == "feed_influence":
        return _("You move the top card of camp {camp} to the Influence deck.").format(camp=c.camp)
    if c.cmd == "move":
        return _("You move to camp {camp}.").format(camp=c.camp)
    if c.cmd == "activate":
        t = table(s) if s.step != "setup" else None
        if c.camp is not None:
            return _("You add an enemy from camp {camp}.").format(camp=c.camp)
        if t is not None and t.position is not None and t.position < len(t.camps) and t.camps[t.position]:
            return _("You activate {name}.").format(name=card_name(deck, t.camps[t.position][0]))
        return _("You activate your camp's top card.")
    if c.cmd == "spectate":
        return _("You spectate.")
    if c.cmd == "fight_primus":
        return _("You fight the Primus.")
    if c.cmd == "keep_opportunity":
        return _("You keep the Opportunity.")
    if c.cmd == "discard_opportunity":
        return _("You discard the Opportunity.")
    if c.cmd == "spectate_reward":
        return _("You recover {die}.").format(die=c.die) if c.die else _("You gain 1 Health.")
    if c.cmd == "dismiss":
        return _("You dismiss {die} to the training grounds.").format(die=c.die)
    if c.cmd == "recruit":
        return _("You recruit a die instead of {name}'s reward.").format(name=card_name(deck, c.card))
    if c.cmd == "gain_tactic":
        return _("You gain the Tactic {tactic} instead of {name}'s reward.").format(
            tactic=card_name(deck, c.tactic), name=card_name(deck, c.card)
        )
    return None


INFLUENCE_PURPOSE = ": choose a camp whose top card joins the Influence deck"
"""The end of the purpose of the prompt that feeds the Influence deck (after the card's name, kept in English)."""


def purpose_words(purpose: str, deck: Deck) -> str | None:
    """This deck's own prompt purposes in the language spoken now (None: the general words)."""
    if purpose.endswith(INFLUENCE_PURPOSE):
        card = card_named(purpose.removesuffix(INFLUENCE_PURPOSE), deck)
        return _("{card}: choose a camp whose top card joins the Influence deck").format(card=card)
    return None


def reason_words(reason: str, deck: Deck) -> str | None:
    """This deck's own reasons in the language spoken now (None: the general words)."""
    if reason == "recovered by spectating":
        return _("recovered by spectating")
    if reason == SPECTATED_HEALTH:
        return _("spectating: +1 Health")
    return None


WORDS = Words(
    event=describe_event,
    announces=announces,
    reveal=describe_reveal,
    command=describe_command,
    steps=STEP_WORDS,
    name=SCIONS.name_of,
    purpose=purpose_words,
    reason=reason_words,
)
"""Its words, as the ruleset gives them (:attr:`~twentystrong.engine.rulesets.base.Ruleset.words`)."""
