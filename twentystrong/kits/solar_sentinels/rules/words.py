"""Solar Sentinels' events, commands and steps in plain words (the game log, the history view, undo refusals)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command
from twentystrong.engine.effects.words import card_gender, card_name
from twentystrong.engine.events import CardActivated, CardLeft, Event, Marked
from twentystrong.engine.reasons import card_named
from twentystrong.engine.rulesets.base import Words
from twentystrong.engine.state import GameState
from twentystrong.i18n import N_, Gendered, _, lazy_gettext, lazy_pgettext, ngettext
from twentystrong.kits.solar_sentinels.content import MISSIONS, missions_of
from twentystrong.kits.solar_sentinels.rules.events import (
    BossRevealed,
    EndgameStarted,
    GameStarted,
    MissionDiscarded,
    MissionProgress,
    StackTopDiscarded,
)
from twentystrong.kits.solar_sentinels.rules.table import table

STEP_WORDS: dict[str, str] = {
    "mission_discard": N_("Setup: discard one of the dealt missions"),
    "rank_penalty": N_("Setup: pay the rank penalties"),
    "round_start": N_("A stack is empty: the endgame may begin"),
    "activate": N_("Activation: choose a stack"),
    "stack_discard": N_("Cleanup: discard the top card of a stack"),
}
"""Its steps (and the general steps it plays its own way) in a few words (English: the log says them through
``_()``)."""


def announces(event: Event, command: Command | None) -> bool:
    """News after ``command``: a stack top discarded by an effect (not Cleanup's, nor the stack the player just
    chose), the boss revealed, a mission completed, the endgame begun."""
    if isinstance(event, StackTopDiscarded):
        chosen = command is not None and command.cmd == "choose" and command.stack == event.stack
        return event.reason != "cleanup" and not chosen
    if isinstance(event, MissionProgress):
        return event.status == "done"
    return isinstance(event, BossRevealed | EndgameStarted)


# Sentences about a named card, one message per grammatical gender of its name (i18n.Gendered).
DISCARDED_FROM_STACK_BECAUSE = Gendered(
    lazy_gettext("{card} is discarded from the top of stack {n} ({reason})"),
    lazy_pgettext("masculine", "{card} is discarded from the top of stack {n} ({reason})"),
    lazy_pgettext("feminine", "{card} is discarded from the top of stack {n} ({reason})"),
    lazy_pgettext("neuter", "{card} is discarded from the top of stack {n} ({reason})"),
)
DISCARDED_FROM_STACK = Gendered(
    lazy_gettext("{card} is discarded from the top of stack {n}"),
    lazy_pgettext("masculine", "{card} is discarded from the top of stack {n}"),
    lazy_pgettext("feminine", "{card} is discarded from the top of stack {n}"),
    lazy_pgettext("neuter", "{card} is discarded from the top of stack {n}"),
)


def describe_event(event: Event, deck: Deck, before: GameState | None) -> str | None:
    """One of its events as a sentence (without the full stop), or None for another event."""

    def name(card_id: str | None) -> str:
        return card_name(deck, card_id)

    if isinstance(event, GameStarted):
        return _game_started(event, name)
    if isinstance(event, MissionDiscarded):
        return _("You discard the mission {mission}").format(mission=name(event.mission))
    if isinstance(event, StackTopDiscarded):
        if event.reason and event.reason != "cleanup":
            reason = _("effect") if event.reason == "effect" else event.reason
            return DISCARDED_FROM_STACK_BECAUSE(card_gender(deck, event.card)).format(
                card=name(event.card), n=event.stack, reason=reason
            )
        return DISCARDED_FROM_STACK(card_gender(deck, event.card)).format(card=name(event.card), n=event.stack)
    if isinstance(event, BossRevealed):
        if event.reshuffled:
            return _("The boss is revealed: {boss} (the boss discard was shuffled into a new boss deck)").format(
                boss=name(event.boss)
            )
        return _("The boss is revealed: {boss}").format(boss=name(event.boss))
    if isinstance(event, EndgameStarted):
        rest = ngettext(
            "the other {n} conflict card form one stack",
            "the other {n} conflict cards form one stack",
            len(event.stack),
        ).format(n=len(event.stack))
        if event.entourage:
            return ngettext(
                "The endgame begins: {boss} and an entourage of {n} enemy; {rest}",
                "The endgame begins: {boss} and an entourage of {n} enemies; {rest}",
                len(event.entourage),
            ).format(boss=name(event.boss), n=len(event.entourage), rest=rest)
        return _("The endgame begins: {boss} alone; {rest}").format(boss=name(event.boss), rest=rest)
    if isinstance(event, MissionProgress):
        if event.status == "done":
            return _("Mission complete: {mission}!").format(mission=name(event.mission))
        if event.status == "forfeited":
            return _("You forfeit the mission {mission}").format(mission=name(event.mission))
        target = next((m.target for m in missions_of(deck) if m.id == event.mission), None)
        if target:
            return _("Mission {mission}: {n}/{target}").format(
                mission=name(event.mission), n=event.progress, target=target
            )
        return _("Mission {mission}: {n}").format(mission=name(event.mission), n=event.progress)
    if isinstance(event, Marked) and event.field == "rank_penalties_left":
        if event.value:
            return _("Rank penalty paid ({n} left)").format(n=event.value)
        return _("Rank penalties paid")
    if isinstance(event, CardActivated) and event.stack is not None and not event.boss and not event.entourage:
        if event.additional:
            return ngettext(
                "You activate {card} from stack {stack} (+{n} more enemy)",
                "You activate {card} from stack {stack} (+{n} more enemies)",
                event.additional,
            ).format(card=name(event.card), stack=event.stack, n=event.additional)
        return _("You activate {card} from stack {stack}").format(card=name(event.card), stack=event.stack)
    if isinstance(event, CardLeft) and event.to == "stack":
        if event.stack:
            return _("{card} returns to the top of stack {stack}").format(card=name(event.card), stack=event.stack)
        return _("{card} returns to a stack").format(card=name(event.card))
    if isinstance(event, CardLeft) and event.to == "boss_discard":
        return _("{card} goes to the boss discard").format(card=name(event.card))
    return None


def _game_started(event: GameStarted, name: Callable[[str | None], str]) -> str:
    """``The game begins: Corona with Health 5, Strategy 3 and Recovery 3; 3 stacks dealt (15/15/15 cards)`` and what
    else was dealt, each part a whole clause of its own."""
    sizes = "/".join(str(len(s)) for s in event.stacks)
    text = ngettext(
        "The game begins: {hero} with Health {health}, Strategy {strategy} and Recovery {recovery}; "
        "{n} stack dealt ({sizes} cards)",
        "The game begins: {hero} with Health {health}, Strategy {strategy} and Recovery {recovery}; "
        "{n} stacks dealt ({sizes} cards)",
        len(event.stacks),
    ).format(
        hero=name(event.hero),
        health=event.health,
        strategy=event.strategy,
        recovery=event.recovery,
        n=len(event.stacks),
        sizes=sizes,
    )
    if event.missions:
        n = len(event.missions)
        more = ngettext("{n} mission dealt", "{n} missions dealt", n).format(n=n)
        text = _("{text}; {more}").format(text=text, more=more)
    if event.rank_penalties:
        n = event.rank_penalties
        more = ngettext("{n} rank penalty to pay", "{n} rank penalties to pay", n).format(n=n)
        text = _("{text}; {more}").format(text=text, more=more)
    return text


def describe_reveal(event: Event, deck: Deck) -> str | None:
    """What one of its events revealed, as a clause, or None."""
    if isinstance(event, StackTopDiscarded) and event.revealed is not None:
        return _("discarding {card} turned up {revealed}").format(
            card=card_name(deck, event.card), revealed=card_name(deck, event.revealed)
        )
    if isinstance(event, BossRevealed):
        return _("the boss deck turned up {boss}").format(boss=card_name(deck, event.boss))
    if isinstance(event, EndgameStarted):
        return _("the endgame shuffled the cards into one stack and drew the entourage at random")
    if isinstance(event, GameStarted):
        return _("the game was dealt")
    return None


def describe_command(c: Command, s: GameState) -> str | None:
    """One of its commands (or a choice of a stack) as a sentence, or None."""
    deck = s.deck
    if c.cmd == "activate" and c.stack is not None:
        stacks = table(s).stacks if s.step != "setup" else ()
        top = stacks[c.stack - 1][0] if 0 < c.stack <= len(stacks) and stacks[c.stack - 1] else None
        if top:
            return _("You activate stack {stack} ({card}).").format(stack=c.stack, card=card_name(deck, top))
        return _("You activate stack {stack}.").format(stack=c.stack)
    if c.cmd == "stack_discard" and c.stack is not None:
        return _("You discard the top card of stack {stack}.").format(stack=c.stack)
    if c.cmd == "discard_mission":
        return _("You discard the mission {mission}.").format(mission=card_name(deck, c.mission))
    if c.cmd == "forfeit_mission":
        return _("You forfeit the mission {mission}.").format(mission=card_name(deck, c.mission))
    if c.cmd == "rank_penalty":
        if c.choice == "banish":
            return _("Rank penalty: you banish one die.")
        return _("Rank penalty: you exhaust three dice.")
    if c.cmd == "start_endgame":
        return _("You start the endgame.")
    if c.cmd == "decline_endgame":
        return _("You keep playing the stacks.")
    return None


def prompt_words(state: GameState, awaiting: Mapping[str, Any], text: str) -> str | None:
    """The prompt line of its Activation (more enemies to activate: which card's +N asks) and of its Cleanup's
    stack discard (the mandatory tops it may not discard), or None."""
    kind = awaiting.get("kind")
    if kind == "activate" and state.active:
        remaining = int(awaiting.get("remaining", 1) or 1)
        plus = [c for c in state.active if not c.boss and state.deck.card(c.id).additional]
        if plus:
            return ngettext(
                "Activate {n} more enemy (+{more} of {card}): choose a stack; its top card becomes active.",
                "Activate {n} more enemies (+{more} of {card}): choose a stack; its top card becomes active.",
                remaining,
            ).format(n=remaining, more=state.deck.card(plus[-1].id).additional, card=card_name(state.deck, plus[-1].id))
        return ngettext(
            "Activate {n} more enemy: choose a stack; its top card becomes active.",
            "Activate {n} more enemies: choose a stack; its top card becomes active.",
            remaining,
        ).format(n=remaining)
    if kind == "stack_discard":
        tops = [stack[0] for stack in table(state).stacks if stack]
        mandatory = [top for top in tops if state.deck.card(top).mandatory]
        if mandatory:
            names = ", ".join(card_name(state.deck, c) for c in mandatory)
            return _("{text} A mandatory (!) top cannot be discarded: {cards}.").format(text=text, cards=names)
    return None


_PURPOSES: dict[str, str] = {
    "rank: choose a die to banish": N_("rank: choose a die to banish"),
    "rank: choose dice to exhaust": N_("rank: choose dice to exhaust"),
}
"""Its prompts' purposes (kept in English in the events), marked for the catalogues."""
_TAILS = (N_("choose a stack whose top card is discarded"),)
"""What its effects ask, after the card's name (``Solar Flare: choose a stack whose top card is discarded``):
marked for the catalogues, said by the general words (:func:`~twentystrong.engine.reasons.purpose_words`)."""


def purpose_words(purpose: str, deck: Deck) -> str | None:
    """One of its prompts' purposes (the rank penalty's, a mission's) in the language spoken now, or None."""
    if purpose in _PURPOSES:
        return _(_PURPOSES[purpose])
    head, sep, rest = purpose.partition(": ")
    if sep and head.startswith("mission ") and rest == "choose a stack whose top counts as mandatory":
        said = card_named(head.removeprefix("mission "), deck)  # kept by its English name
        return _("mission {mission}: choose a stack whose top counts as mandatory").format(mission=said)
    return None


def mission_done(event: Event) -> bool:
    """A mission completed (the game's figures count them)."""
    return isinstance(event, MissionProgress) and event.status == "done"


WORDS = Words(
    event=describe_event,
    announces=announces,
    reveal=describe_reveal,
    command=describe_command,
    steps=STEP_WORDS,
    prompt=prompt_words,
    completes=mission_done,
    name=MISSIONS.name_of,
    purpose=purpose_words,
)
"""Its words, as the ruleset gives them (:attr:`~twentystrong.engine.rulesets.base.Ruleset.words`)."""
