"""Player commands in plain words: the headings of the history view, the labels of buttons."""

from __future__ import annotations

from twentystrong.engine.commands import CMDS, Command
from twentystrong.engine.dice import die_label
from twentystrong.engine.rulesets import ruleset_for
from twentystrong.engine.state import GameState
from twentystrong.engine.view import PlayerView, state_of
from twentystrong.text.words import card_name, sentence


def describe_command(command: Command, state: GameState | PlayerView) -> str:
    """What the player did (or would do) with ``command`` in ``state`` (the state *before* it), as a sentence.

    ``You apply B3✶ to Rust Maw.``, ``You activate stack 2 (Rust Maw).``, ``You use Field Kit.``
    """
    c, s = command, state_of(state)
    deck = s.deck
    name = card_name
    ruleset = ruleset_for(deck.info.ruleset)
    own = ruleset.words.command(c, s)  # its commands in its words
    if own is not None:
        return own
    if c.cmd == "start":
        return "You start the game."
    if c.cmd == "commit" and c.die:
        return f"You commit {c.die}."
    if c.cmd == "roll":
        return "You roll."
    if c.cmd == "apply" and c.die:
        face = s.die(c.die).face if c.die in {d.id for d in s.dice} else None
        return f"You apply {die_label(c.die, face)} to {name(deck, c.card)}."
    if c.cmd == "face" and c.die:
        return f"You enter {c.die}: {c.face}."
    if c.cmd == "faces" and c.faces:
        return "You enter " + ", ".join(f"{d}: {f}" for d, f in c.faces) + "."
    if c.cmd == "repeat":
        return "You start another Strategy phase."
    if c.cmd == "resolve":
        return "You end the Strategy phases and resolve."
    if c.cmd in ("take_reward", "decline_reward"):
        verb = "take" if c.cmd == "take_reward" else "decline"
        return f"You {verb} {name(deck, c.card)}'s instant reward."
    if c.cmd in ("gain_item", "decline_item"):
        verb = "gain" if c.cmd == "gain_item" else "decline"
        return f"You {verb} {name(deck, c.card)} as an item."
    if c.cmd == "resolve_after":
        return f"You resolve {name(deck, c.card)}'s After effect."
    if c.cmd == "recover" and c.die:
        return f"You recover {c.die}."
    if c.cmd == "done":
        return "You finish this step."
    if c.cmd == "use_item":
        return f"You use {name(deck, c.item)}{_target(c, s)}."
    if c.cmd == "discard_item":
        return f"You discard {name(deck, c.item)}."
    if c.cmd == "use_ability":
        return f"You use {name(deck, s.hero.id)}'s ability{_target(c, s)}."
    if c.cmd == "choose":
        return f"You choose {_choice(c, s)}."
    spec = ruleset.commands.get(c.cmd)
    return sentence("you " + (CMDS.get(c.cmd) or (spec.description if spec else c.cmd.replace("_", " "))))


def _choice(c: Command, s: GameState) -> str:
    if c.die:
        return c.die
    if c.card:
        return card_name(s.deck, c.card)
    if c.args:  # a ruleset's target: "stack 2"
        return ", ".join(f"{key} {value}" for key, value in c.args)
    return (c.choice or "").replace("_", " ") or "an option"


def _target(c: Command, s: GameState) -> str:
    targets = []
    if c.die:
        targets.append(c.die)
    if c.card:
        targets.append(card_name(s.deck, c.card))
    targets += [f"{key} {value}" for key, value in c.args]  # a ruleset's target: "stack 2"
    if c.choice:
        targets.append(c.choice.replace("_", " "))
    return f" on {', '.join(targets)}" if targets else ""
