"""What changed that the player did not do directly, in words: the lines a front end announces after a command.

A command's own result needs no announcement (the die the player committed is in the active area); what effects,
rules and Resolve did on their own does: damage suffered with its sources, healing (and "capped at 6"), dice
banished, exhausted or committed by effects, a card fleeing, returning or defeated by an effect, a discarded stack
top, the boss revealed, a mission completed. Each line is the log's own sentence for the event
(:func:`~twentystrong.text.events.describe_event`, with the state just before it), so the toast and the log agree.
"""

from __future__ import annotations

from collections.abc import Iterable

from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command
from twentystrong.engine.evolve import evolve
from twentystrong.engine.reasons import card_named, reason_words
from twentystrong.engine.rulesets import rules
from twentystrong.engine.state import GameState
from twentystrong.i18n import _, ngettext
from twentystrong.text.events import describe_event
from twentystrong.text.words import join, sentence

_PLAYER_MOVES = frozenset({"commit", "apply", "recover", "exhaust", "rank penalty"})
_GENERAL_REASONS = ("banished by", "exhausted by", "recovered by", "paid for", "also committed")
"""Reasons of dice moves said in the general words (``B3 and P1 are banished by Void Siphon.``)."""
"""Dice moves that are the player's own doing or the round's routine (Resolve step 3 exhausts every die)."""
_NEWS_FLAGS = frozenset({"no_recovery"})
"""Round flags worth announcing."""
_NEWS = (
    ev.StatChanged,
    ev.AfterResolved,
    ev.CardLeft,
    ev.CardDefeated,
    ev.CardChanged,
    ev.RollTested,
    ev.FaceSet,
)
"""The general events worth announcing (a ruleset says which of its own are: ``Ruleset.announces``)."""


def announcements(before: GameState, events: Iterable[ev.Event], command: Command | None = None) -> list[str]:
    """The sentences to announce for ``events`` (applied to ``before`` by ``command``), in order."""
    out: list[str] = []
    state: GameState | None = before
    moved: dict[str, list[str]] = {}  # reason → dice moved by an effect, said once per reason
    for event in events:
        line = _line(event, state, command, moved)
        if line:
            out.append(line)
        if state is not None:
            try:
                state = evolve(state, event)
            except ValueError:
                state = None
    for reason, dice in moved.items():
        out.append(_moved_words(reason, dice, before))
    if command is not None and command.cmd == "take_reward" and state is not None:
        out += _capped_heal(before, state, command)
    return out


def _line(event: ev.Event, state: GameState | None, command: Command | None, moved: dict[str, list[str]]) -> str:
    deck = state.deck if state is not None else None
    if isinstance(event, ev.DieMoved):
        if command is not None and command.die == event.die and command.cmd in ("choose", "use_item", "use_ability"):
            return ""  # the die the player picked for an effect: their own doing
        if command is not None and command.die == event.die and event.reason == command.cmd:
            return ""  # a deck's own die command (Hoplomachus Victorum's dismiss): the player's own doing
        if event.reason in _PLAYER_MOVES:
            if event.reason == "commit" and command is not None and command.die != event.die:
                # Another die went with the player's (committing one die of a colour commits them all).
                moved.setdefault("also committed by a rule in force", []).append(event.die)
            return ""
        if state is not None and event.reason and not event.reason.startswith(_GENERAL_REASONS):
            own = rules(state).words.event(event, state.deck, state)
            if own:  # a deck's own die move (Hoplomachus Victorum: recruited from the training grounds)
                return sentence(own)
        moved.setdefault(event.reason or event.zone, []).append(event.die)
        return ""
    if isinstance(event, ev.Marked) and deck is not None:
        # Only the marks that change what comes next (an extra enemy next round, no recovery this round).
        if event.field == "next_round_extra" and event.value or event.flag in _NEWS_FLAGS:
            return describe_event(event, deck, state)
        return ""
    if state is None or deck is None:
        return ""
    ruleset = rules(state)
    if type(event) in ruleset.events:  # one of the ruleset's own events
        return describe_event(event, deck, state) if ruleset.words.announces(event, command) else ""
    if not isinstance(event, _NEWS):
        return ""
    if isinstance(event, ev.CardDefeated) and event.reason in ("", "damage"):
        return ""  # the player's own apply did it: the card shows DEFEATED
    if isinstance(event, ev.CardLeft) and event.to in ("discard", "inventory", "boss_discard"):
        return ""  # Cleanup's routine, or the player's own gain
    if isinstance(event, ev.FaceSet) and (event.reason in ("entered", "roll") or _own_use(command)):
        return ""
    return describe_event(event, deck, state)


def _own_use(command: Command | None) -> bool:
    return command is not None and command.cmd in ("use_item", "use_ability", "choose")


def _moved_words(reason: str, dice: list[str], before: GameState) -> str:
    """``B3 and P1 are banished by Void Siphon.`` (a whole sentence per reason and count: a French participle agrees
    with its dice)."""
    n, listed = len(dice), join(dice)
    if reason.startswith("banished by ") and " for " not in reason:
        card = _card(reason.removeprefix("banished by "), before)
        return ngettext("{dice} is banished by {card}.", "{dice} are banished by {card}.", n).format(
            dice=listed, card=card
        )
    if reason.startswith("exhausted by "):
        card = _card(reason.removeprefix("exhausted by "), before)
        return ngettext("{dice} is exhausted by {card}.", "{dice} are exhausted by {card}.", n).format(
            dice=listed, card=card
        )
    if reason == "recovered by effect":
        return ngettext("{dice} is recovered by effect.", "{dice} are recovered by effect.", n).format(dice=listed)
    if reason == "recovered by a roll":
        return ngettext("{dice} is recovered by a roll.", "{dice} are recovered by a roll.", n).format(dice=listed)
    if reason.startswith("paid for "):
        card = _card(reason.removeprefix("paid for "), before)
        return ngettext("{dice} is paid for {card}.", "{dice} are paid for {card}.", n).format(dice=listed, card=card)
    if reason == "also committed by a rule in force":
        return ngettext(
            "{dice} is also committed by a rule in force.", "{dice} are also committed by a rule in force.", n
        ).format(dice=listed)
    said = reason_words(reason, before.deck)
    if reason.startswith(_GENERAL_REASONS):
        return ngettext("{dice} is {reason}.", "{dice} are {reason}.", n).format(dice=listed, reason=said)
    return ngettext("{dice} is moved ({reason}).", "{dice} are moved ({reason}).", n).format(dice=listed, reason=said)


def _card(said: str, before: GameState) -> str:
    """A card a reason names (its id or the name it had when written), as the deck names it now."""
    return card_named(said, before.deck)


def _capped_heal(before: GameState, after: GameState, command: Command) -> list[str]:
    """An instant reward that heals at 6 Health changes nothing (R1): say so rather than nothing."""
    if command.card is None or before.hero.health < 6 or after.hero.health != 6:
        return []
    reward = before.deck.card(command.card).reward
    if reward is not None and any(e.kind == "heal" for e in reward.effects):
        return [_("Health stays at 6 (capped at 6).")]
    return []
