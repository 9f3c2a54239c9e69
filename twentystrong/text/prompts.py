"""The prompt line in words that name what is at stake.

The engine's ``awaiting(state)["text"]`` says what the game waits for; for the decisions where the stake is a card's
reward, :func:`prompt_words` says what the reward gives, so the player never has to look it up first:

- ``Helium Tick is defeated: take its instant reward (recover 1 yellow or green die) or decline it.``
- ``Gain Albedo Mimic — ongoing item, once per round: turn a rolled purple miss into a hit.``
"""

from __future__ import annotations

from typing import Any

from twentystrong.content.model import Reward
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide_and_apply
from twentystrong.engine.dice import BASE_DAMAGE, die_label
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler
from twentystrong.engine.effects.words import DEFEATED_TAKE_GIVES, card_gender
from twentystrong.engine.flow import pending_items
from twentystrong.engine.rulesets import rules
from twentystrong.engine.state import DieState, GameState
from twentystrong.engine.view import PlayerView, state_of
from twentystrong.i18n import _, ngettext
from twentystrong.text.effects import describe_effect
from twentystrong.text.words import card_name


def prompt_words(table: GameState | PlayerView, awaiting: dict[str, Any]) -> str:
    """The first line of the prompt: ``awaiting["text"]``, or for a reward what the reward gives (of a player's view
    or a state: only what is open is read)."""
    state = state_of(table)
    kind = awaiting.get("kind")
    text = str(awaiting.get("text", ""))
    p = state.prompt
    if kind == "instant_reward" and p is not None and p.card:
        card = state.deck.card(p.card)
        if card.reward is not None:
            text = DEFEATED_TAKE_GIVES(card_gender(state.deck, p.card)).format(card=card.name, gives=gives(card.reward))
            heal = sum(getattr(e, "amount", 0) for e in card.reward.effects if e.kind == "heal")
            health = state.hero.health
            if heal and health >= 6:
                text += " " + _("The Health it gives changes nothing: you are at 6/6, the most Health can be.")
            elif heal and health + heal > 6:
                text += " " + _("Of the Health it gives, only {n} counts: you are at {health}/6 (6 at most).").format(
                    n=6 - health, health=health
                )
            return text
    if kind == "recover" and "limit" in awaiting:
        limit, done = int(awaiting["limit"]), int(awaiting.get("recovered", 0))
        left = max(0, limit - done)
        if not state.dice_in("exhausted"):
            return _("No die is exhausted: nothing to recover.")
        if not limit:
            return _("No die can be recovered this round (a rule in force): finish the step.")
        if not left:
            return _("Recovered {done} of {limit}: that is all this round. Finish the step.").format(
                done=done, limit=limit
            )
        if done:
            words = ngettext(
                "Recover up to {n} more exhausted die to the pool (your Recovery: {limit}), then finish.",
                "Recover up to {n} more exhausted dice to the pool (your Recovery: {limit}), then finish.",
                left,
            )
        else:
            words = ngettext(
                "Recover up to {n} exhausted die to the pool (your Recovery: {limit}), then finish.",
                "Recover up to {n} exhausted dice to the pool (your Recovery: {limit}), then finish.",
                left,
            )
        return words.format(n=left, limit=limit)
    if kind == "order_after_effects":
        from twentystrong.engine.flow import pending_after

        after = pending_after(state)
        if len(after) == 1:  # one After effect has no order to choose: it resolves next (items may come first)
            return _("{card}'s After effect resolves next: use an item first, or go on.").format(
                card=card_name(state.deck, after[0].source)
            )
    ruleset = rules(state)
    if p is not None and p.kind.startswith("choose_") and p.source and p.source not in ruleset.prompt_sources:
        name = card_name(state.deck, p.source)
        if name != p.source and not text.startswith(name):
            return f"{name}: {text[:1].lower()}{text[1:]}"  # whose effect asks
    own = ruleset.words.prompt(state, awaiting, text)  # a step of its own, in its words
    if own is not None:
        return own
    remaining = int(awaiting.get("remaining", 1) or 1)
    if kind == "activate" and remaining > 1:
        return _("{text} ({n} to activate, one at a time).").format(text=text.rstrip("."), n=remaining)
    if kind == "commit" and not state.dice_in("pool"):
        if state.dice_in("active"):
            return _("Your dice pool is empty: roll the dice already in the active area.")
        return _("Your dice pool is empty: nothing to commit. Roll (no dice), then resolve.")
    if kind == "gain_items":
        pending = pending_items(state)
        if pending:
            more = len(pending) - 1
            after_it = " " + _("({n} more after it)").format(n=more) if more else ""
            return gain_words(state, pending[0]) + after_it
    return text


def gain_words(state: GameState, card_id: str) -> str:
    """``Gain Albedo Mimic — ongoing item, once per round: turn a rolled purple miss into a hit.`` and, with no room,
    what to do first."""
    reward = state.deck.card(card_id).reward
    name = card_name(state.deck, card_id)
    if reward is None:
        return _("Gain {card}?").format(card=name)
    if reward.kind == "single_use":
        kind = _("single-use item")
    elif reward.kind == "ongoing" and any(e.once_per_round for e in reward.effects):
        kind = _("ongoing item, once per round")
    else:
        kind = _("ongoing item")
    text = _("Gain {card} — {kind}: {gives}.").format(card=name, kind=kind, gives=gives(reward))
    held, room = len(state.inventory), state.hero.strategy
    if held >= room:
        text += " " + _("Inventory full ({held}/{room}): use or discard an item first (i), or decline it.").format(
            held=held, room=room
        )
    return text


def gives(reward: Reward) -> str:
    """What a reward gives, as a clause: ``gain 2 Health, recover 1 die`` (the author's text when there is one)."""
    if reward.text:
        return _clause(reward.text)
    return ", ".join(_clause(describe_effect(e)) for e in reward.effects)


def _clause(sentence_text: str) -> str:
    """``Gain 2 Health.`` → ``gain 2 Health`` (sentences joined into one clause: no capital, no full stop)."""
    text = sentence_text.strip().rstrip(".")
    text = text.replace(". ", ", ")
    if text[:1].isupper() and not text[1:2].isupper():
        text = text[0].lower() + text[1:]
    return text


def wasted_apply(table: GameState | PlayerView, command: Command) -> str | None:
    """Why applying this die would add no damage to the card (a rule in force: crits deal 0, a cap …), or None (of a
    player's view or a state).

    Asked of the engine itself: the command is decided on the state (pure, nothing changes) and the card's damage
    compared before and after (R5: under the modifiers in force now).
    """
    if command.cmd != "apply" or command.die is None or command.card is None:
        return None
    state = state_of(table)
    card = state.active_card(command.card)
    if card is None or card.defeated:
        return None
    result = decide_and_apply(state, command)
    if isinstance(result, Rejected):
        return None
    after = result[1].active_card(command.card)
    if after is None or after.defeated or hooks.damage_taken(result[1], after) > hooks.damage_taken(state, card):
        return None
    die = state.die(command.die)
    applied = DieState(die.id, "applied", die.face, card.id)
    rules = []
    base = BASE_DAMAGE[die.face or "miss"]
    for handler, live in hooks.passive_with(state, "die_damage", "card_damage"):
        lowers = handler.die_damage(state, live, applied, card, base) < base
        caps = type(handler).card_damage is not Handler.card_damage
        if lowers or caps:
            rules.append(f"{hooks.describe(live.effect).rstrip('.')} ({card_name(state.deck, live.source)})")
    words = _("{die} would add no damage to {card}").format(
        die=die_label(die.id, die.face), card=card_name(state.deck, card.id)
    )
    return f"{words}: {'; '.join(rules)}" if rules else words
