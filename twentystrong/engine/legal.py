"""What the game waits for (``awaiting``) and every legal atomic command (contract 3).

``decide`` accepts exactly the commands listed here (plus the ``faces`` shorthand for several ``face`` commands),
so the UI, bots and the headless protocol can offer nothing illegal. The commands of a step come from its row in the
step table (:mod:`twentystrong.engine.steps`, a ruleset's own rows first), those of a prompt from its kind; items,
the hero's ability and the ruleset's commands at any time come on top (:mod:`twentystrong.engine.uses`).
"""

from __future__ import annotations

from typing import Any

from twentystrong.content.model import Deck
from twentystrong.engine.commands import FIELDS, Command
from twentystrong.engine.effects.words import DEFEATED_TAKE_REWARD, card_gender, sentence
from twentystrong.engine.reasons import game_reason, purpose_words, reason_words
from twentystrong.engine.rulesets import rules
from twentystrong.engine.state import GameState, Prompt
from twentystrong.engine.steps import spec
from twentystrong.engine.uses import use_commands
from twentystrong.i18n import _, agree, ngettext

CHOICE_PROMPTS = frozenset({"choose_die", "choose_card", "choose_option", "reroll_hit"})
"""An effect's own choices (a ruleset adds its own, ``Ruleset.choice_prompts``). Items may be used while one waits
(R8), unless it is part of resolving a roll (``hooks.resolving_roll``); the choice's options are then checked again
(``decide``)."""

PROMPT_FIELDS: dict[str, str] = {
    "choose_die": "die",
    "reroll_hit": "die",
    "choose_card": "card",
    "choose_option": "choice",
    "roll_test": "choice",  # physical test dice: the number of hits shown
}
"""The command argument a ``choose`` answer to each general prompt kind fills (a ruleset adds its own,
``Ruleset.prompt_fields``)."""


def legal_commands(s: GameState) -> list[Command]:
    """Every legal atomic command now, in a stable order."""
    return list(s.memo(_legal))  # callers (UI, bots, decide) ask again of the same state: worked out once


def is_legal(s: GameState, command: Command) -> bool:
    """Whether ``command`` is one of :func:`legal_commands` (decide asks it for every command)."""
    return command in s.memo(_legal)


def choice_prompts(s: GameState) -> frozenset[str]:
    """The prompt kinds that are a choice an item may be used at (R8): the general ones and the ruleset's."""
    return CHOICE_PROMPTS | rules(s).choice_prompts


def _legal(s: GameState) -> tuple[Command, ...]:
    if s.result is not None:
        return ()
    step = spec(s)
    prompt = s.prompt
    out = _prompt_commands(s, prompt) if prompt is not None else step.commands(s)
    if step.setup:  # before the first round: neither items nor the hero's ability, nor anything at any time
        return tuple(out)
    return (*out, *use_commands(s), *rules(s).anytime_commands(s))


def _prompt_commands(s: GameState, p: Prompt) -> list[Command]:
    if p.kind == "instant_reward":
        alternatives = rules(s).reward_alternatives(s, str(p.card))
        return [Command("take_reward", card=p.card), Command("decline_reward", card=p.card), *alternatives]
    if p.kind == "item_limit":
        return []  # answered with use_item / discard_item
    out: list[Command] = []
    field = PROMPT_FIELDS.get(p.kind) or rules(s).prompt_fields.get(p.kind)
    if field is not None:
        kind = FIELDS[field]
        for option in p.options:
            answer: dict[str, Any] = {field: int(option) if kind is int else option}
            out.append(Command("choose", **answer))
    if p.purpose.startswith("up to"):
        out.append(Command("done"))
    return out


def health_loss(result: str | None, health: int, reason: str, deck: Deck | None = None) -> str | None:
    """R1: a loss because Health fell below 1, in words that name it, then what lowered it ("your Health fell below
    1 (suffered 3 damage)"); None when the game was not lost so or its reason already says so. In the language
    spoken now (``deck``: names the cards a reason names)."""
    if result != "lost" or health >= 1 or "health" in reason.lower():
        return None
    if not reason:
        return _("your Health fell below 1")
    said = reason_words(reason, deck) if deck is not None else reason
    return _("your Health fell below 1 ({reason})").format(reason=said)


def _over_reason(s: GameState) -> str:
    """Why the game ended, as a sentence."""
    loss = health_loss(s.result, s.hero.health, s.result_reason, s.deck)
    if loss is not None:
        return f"{loss[:1].upper()}{loss[1:]}."
    reason = game_reason(s.result_reason, s.deck) if s.result_reason else ""
    return reason[:1].upper() + reason[1:] if reason else ""


def awaiting(s: GameState) -> dict[str, Any]:
    """What the game waits for: ``kind`` plus details and a sentence for the prompt line."""
    if s.result is not None:
        over = _("Game over: you won.") if s.result == "won" else _("Game over: you lost.")
        return {"kind": "over", "text": f"{over} {_over_reason(s)}"}
    p = s.prompt
    if p is not None:
        out: dict[str, Any] = {"kind": p.kind, "text": _prompt_text(s, p)}
        for key in ("card", "source", "count"):
            value = getattr(p, key)
            if value is not None:
                out[key] = value
        if p.options:
            out["options"] = list(p.options)
        return out
    step = spec(s)
    out = {"kind": step.awaiting, "text": _(step.text) if step.text else step.text}
    if step.details is not None:
        out.update(step.details(s))
    return out


def _prompt_text(s: GameState, p: Prompt) -> str:
    if p.kind == "instant_reward" and p.card:
        # The log's words for this prompt, as a sentence (English: "… its instant reward.", as it always was).
        said = DEFEATED_TAKE_REWARD(card_gender(s.deck, p.card)).format(card=s.deck.card(p.card).name)
        return sentence(said)
    if p.kind == "item_limit":
        held = len(s.inventory)
        return ngettext(
            "You hold {n} item but Strategy is {strategy}: use or discard items.",
            "You hold {n} items but Strategy is {strategy}: use or discard items.",
            held,
        ).format(n=held, strategy=s.hero.strategy)
    purpose = purpose_words(p.purpose or "make a choice", s.deck, rules(s).words.purpose)
    if p.count > 1:
        purpose = _("{purpose} ({n} left)").format(purpose=purpose, n=p.count)
    return agree(purpose[0].upper() + purpose[1:] + ".")
