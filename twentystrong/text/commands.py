"""Player commands in plain words: the headings of the history view, the labels of buttons."""

from __future__ import annotations

from twentystrong.engine.commands import CMDS, Command
from twentystrong.engine.dice import die_label
from twentystrong.engine.rulesets import ruleset_for
from twentystrong.engine.state import GameState
from twentystrong.engine.view import PlayerView, state_of
from twentystrong.i18n import _, term
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
        return _("You start the game.")
    if c.cmd == "commit" and c.die:
        return _("You commit {die}.").format(die=c.die)
    if c.cmd == "roll":
        return _("You roll.")
    if c.cmd == "apply" and c.die:
        face = s.die(c.die).face if c.die in {d.id for d in s.dice} else None
        return _("You apply {die} to {card}.").format(die=die_label(c.die, face), card=name(deck, c.card))
    if c.cmd == "face" and c.die:
        return _("You enter {die}: {face}.").format(die=c.die, face=_face(c.face))
    if c.cmd == "faces" and c.faces:
        return _("You enter {faces}.").format(faces=", ".join(f"{d}: {_face(f)}" for d, f in c.faces))
    if c.cmd == "repeat":
        return _("You start another Strategy phase.")
    if c.cmd == "resolve":
        return _("You end the Strategy phases and resolve.")
    if c.cmd == "take_reward":
        return _("You take {card}'s instant reward.").format(card=name(deck, c.card))
    if c.cmd == "decline_reward":
        return _("You decline {card}'s instant reward.").format(card=name(deck, c.card))
    if c.cmd == "gain_item":
        return _("You gain {card} as an item.").format(card=name(deck, c.card))
    if c.cmd == "decline_item":
        return _("You decline {card} as an item.").format(card=name(deck, c.card))
    if c.cmd == "resolve_after":
        return _("You resolve {card}'s After effect.").format(card=name(deck, c.card))
    if c.cmd == "recover" and c.die:
        return _("You recover {die}.").format(die=c.die)
    if c.cmd == "done":
        return _("You finish this step.")
    if c.cmd == "use_item":
        targets = targets_words(c, s)
        if targets:
            return _("You use {card} on {targets}.").format(card=name(deck, c.item), targets=targets)
        return _("You use {card}.").format(card=name(deck, c.item))
    if c.cmd == "discard_item":
        return _("You discard {card}.").format(card=name(deck, c.item))
    if c.cmd == "use_ability":
        targets = targets_words(c, s)
        if targets:
            return _("You use {hero}'s ability on {targets}.").format(hero=name(deck, s.hero.id), targets=targets)
        return _("You use {hero}'s ability.").format(hero=name(deck, s.hero.id))
    if c.cmd == "choose":
        return _("You choose {choice}.").format(choice=_choice(c, s))
    spec = ruleset.commands.get(c.cmd)
    what = CMDS.get(c.cmd) or (spec.description if spec else c.cmd.replace("_", " "))
    return sentence(_("you {what}").format(what=_(what)))


def _face(face: str | None) -> str:
    """A face as the player entered it, in the rulebooks' term (``hit``; *Treffer*; *touche*)."""
    return term(face) if face in ("hit", "miss", "crit") else str(face)


def _arg(key: str, value: object) -> str:
    """A ruleset's target in words: ``stack 2`` (*Stapel 2*, *pile 2*)."""
    if key == "stack":
        return _("stack {n}").format(n=value)
    return f"{key} {value}"


def _choice(c: Command, s: GameState) -> str:
    if c.die:
        return c.die
    if c.card:
        return card_name(s.deck, c.card)
    if c.args:  # a ruleset's target: "stack 2"
        return ", ".join(_arg(key, value) for key, value in c.args)
    return (c.choice or "").replace("_", " ") or _("an option")


def targets_words(c: Command, table: GameState | PlayerView) -> str:
    """What a use of an item or an ability aims at, in words (``B3``, ``Rust Maw``, ``stack 2``), or ""."""
    s = state_of(table)
    targets = []
    if c.die:
        targets.append(c.die)
    if c.card:
        targets.append(card_name(s.deck, c.card))
    targets += [_arg(key, value) for key, value in c.args]  # a ruleset's target: "stack 2"
    if c.choice:
        targets.append(c.choice.replace("_", " "))
    return ", ".join(targets)
