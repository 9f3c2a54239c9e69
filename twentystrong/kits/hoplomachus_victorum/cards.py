"""Hoplomachus Victorum's own pieces in plain words: camp cards (Bloodshed, Sport, Opportunities), Scions, Primus
sides and Tactics (the card browser, the inventory, the board)."""

from __future__ import annotations

from typing import Any

from twentystrong.content.model import Deck, Hero
from twentystrong.i18n import GLOSSARY_CONTEXT, LazyText, _, lazy_gettext, ngettext
from twentystrong.kits.hoplomachus_victorum.content import (
    CampCard,
    OpportunityCondition,
    Primus,
    Scion,
    Tactic,
    primus_side,
    scions_of,
    tactic_by_id,
    tactics_of,
)
from twentystrong.text.cards import (
    REWARD_TAGS,
    CardText,
    DeckCards,
    TextLine,
    additional_label,
    describe_hero,
    reward_lines,
    rule_label,
    stat_label,
)
from twentystrong.text.effects import describe_effect, describe_effects, timing_label
from twentystrong.text.words import sentence

CAMP_KIND_NAMES: dict[str, str | LazyText] = {
    "bloodshed": LazyText("Bloodshed", context=GLOSSARY_CONTEXT + "bloodshed"),
    "sport": LazyText("Sport", context=GLOSSARY_CONTEXT + "sport"),
    "opportunity": LazyText("Opportunity", "Opportunities", context=GLOSSARY_CONTEXT + "opportunity"),
}
"""The kinds of camp card by name: the glossary's terms, in the language spoken when shown."""
INFLUENCE = LazyText("Influence", context=GLOSSARY_CONTEXT + "influence")
"""The glossary's term (``term("influence")``, without reading its table of terms on a player's first keys)."""
CAMP_CARD_NAMES: dict[str, LazyText] = {
    "bloodshed": lazy_gettext("Bloodshed card"),
    "sport": lazy_gettext("Sport card"),
    "opportunity": lazy_gettext("Opportunity card"),
}
"""A camp card's kind as its subtitle says it (whole words in each language: *Gelegenheitskarte*)."""


def describe_camp(card: CampCard) -> CardText:
    """A camp card: its kind and Influence icon; an enemy's numbers, effects and reward with what its kind adds; an
    Opportunity's condition and reward."""
    tags = [str(CAMP_CARD_NAMES[card.kind])]
    if card.influence:
        tags.append(str(INFLUENCE))
    if card.reward is not None:
        tags.append(str(REWARD_TAGS[card.reward.kind]))
    lines: list[TextLine] = []
    if card.condition is not None:
        lines.append(TextLine(_("Condition:"), opportunity_goal(card.condition), "kind"))
        if card.reward is not None:
            lines += reward_lines(card.reward)
        held = _("An item until its condition is met; then it flips and its reward is yours.")
        lines.append(TextLine(_("Held:"), held, "kind"))
        return CardText("card", card.id, card.name, " · ".join(tags), (), tuple(lines), card.flavour)
    stats = [(stat_label("health"), str(card.health)), (stat_label("damage"), str(card.damage))]
    if card.additional:
        stats.append((stat_label("additional"), f"+{card.additional}"))
        more = ngettext(
            "When you activate it, add one more enemy from the camps next to it.",
            "When you activate it, add {n} more enemies from the camps next to it.",
            card.additional,
        ).format(n=card.additional)
        lines.append(TextLine(additional_label(card.additional), more, "additional"))
    lines += [TextLine(timing_label(e), describe_effect(e), e.timing) for e in card.effects]
    if card.reward is not None:
        lines += reward_lines(card.reward)
    if card.kind == "bloodshed":
        lines.append(TextLine(_("Bloodshed:"), _("If it deals you damage, dismiss a die at Cleanup."), "kind"))
    else:
        lines.append(TextLine(_("Sport:"), _("Instead of its reward you may recruit a die or gain a Tactic."), "kind"))
    return CardText("card", card.id, card.name, " · ".join(tags), tuple(stats), tuple(lines), card.flavour)


def opportunity_goal(condition: OpportunityCondition) -> str:
    """What an Opportunity asks, in one sentence."""
    n, v = condition.target, condition.value
    kind, card_kind = condition.kind, condition.card_kind
    if kind == "defeats" and card_kind == "bloodshed":
        goal = ngettext(
            "Defeat {n} Bloodshed enemy, while you hold this.", "Defeat {n} Bloodshed enemies, while you hold this.", n
        )
    elif kind == "defeats" and card_kind == "sport":
        goal = ngettext(
            "Defeat {n} Sport enemy, while you hold this.", "Defeat {n} Sport enemies, while you hold this.", n
        )
    elif kind == "defeats" and card_kind == "primus":
        goal = ngettext("Defeat {n} Primus, while you hold this.", "Defeat {n} Primus, while you hold this.", n)
    elif kind == "defeats":
        goal = ngettext("Defeat {n} enemy, while you hold this.", "Defeat {n} enemies, while you hold this.", n)
    elif kind == "damage_taken_rounds":
        goal = ngettext(
            "Suffer damage in {n} round, while you hold this.", "Suffer damage in {n} rounds, while you hold this.", n
        )
    elif kind == "dice_recruited":
        goal = ngettext("Recruit {n} die, while you hold this.", "Recruit {n} dice, while you hold this.", n)
    elif kind == "dice_dismissed":
        goal = ngettext("Dismiss {n} die, while you hold this.", "Dismiss {n} dice, while you hold this.", n)
    elif kind == "spectates":
        goal = ngettext("Spectate {n} camp, while you hold this.", "Spectate {n} camps, while you hold this.", n)
    elif kind == "items_used":
        goal = ngettext("Use {n} item, while you hold this.", "Use {n} items, while you hold this.", n)
    elif kind == "instant_declined":
        goal = ngettext(
            "Decline or forgo {n} instant reward, while you hold this.",
            "Decline or forgo {n} instant rewards, while you hold this.",
            n,
        )
    elif kind == "activation_size":
        goal = ngettext(
            "Activate {v} or more enemies in one round, while you hold this.",
            "Activate {v} or more enemies in one round ({n} times), while you hold this.",
            n,
        )
    else:
        goal = ngettext(
            "Apply dice of {v} different colours to one enemy, while you hold this.",
            "Apply dice of {v} different colours to one enemy ({n} times), while you hold this.",
            n,
        )
    return goal.format(n=n, v=v)


def describe_scion(scion: Scion) -> CardText:
    """A Scion: its Spectate side's penalty, then its Conflict side (the final fight)."""
    stats = [(stat_label("health"), str(scion.health)), (stat_label("damage"), str(scion.damage))]
    if scion.additional:
        stats.append((stat_label("additional"), f"+{scion.additional}"))
    penalty = sentence(scion.spectate_text) if scion.spectate_text else describe_effects(list(scion.spectate))
    lines = [TextLine(_("Spectate:"), penalty)]
    if scion.additional:
        more = ngettext(
            "It fights with {n} enemy from the Influence deck.",
            "It fights with {n} enemies from the Influence deck.",
            scion.additional,
        )
        lines.append(TextLine(_("Conflict:"), more.format(n=scion.additional)))
    lines += [TextLine(rule_label(e), describe_effect(e), "rule") for e in scion.rules]
    return CardText("scion", scion.id, scion.name, str(KINDS["scion"]), tuple(stats), tuple(lines), scion.flavour)


def primus_lines(primus: Primus) -> list[TextLine]:
    """A Primus side: its rules and its Bane."""
    lines = [TextLine(rule_label(e), describe_effect(e), "rule") for e in primus.rules]
    bane = sentence(primus.bane_text) if primus.bane_text else describe_effects(list(primus.bane))
    lines.append(TextLine(_("Bane:"), bane))
    return lines


def describe_tactic(tactic: Tactic) -> CardText:
    """A Tactic: a single-use item (used or discarded, it returns to the Tactics area)."""
    words = sentence(tactic.text) if tactic.text else describe_effects(list(tactic.effects))
    lines = [TextLine(_("Single-use:"), words)]
    subtitle = _("Tactic · single-use item")
    return CardText("tactic", tactic.id, tactic.name, subtitle, (), tuple(lines), tactic.flavour)


def card(card: Any) -> CardText | None:
    """A camp card in words, or None for any other card."""
    return describe_camp(card) if isinstance(card, CampCard) else None


def hero_lines(hero: Hero) -> list[TextLine]:
    """A hero card's Primus side (its other face), if it has one."""
    p = primus_side(hero)
    if p is None:
        return []
    numbers = {"name": p.name, "health": p.health, "damage": p.damage, "additional": p.additional}
    if p.additional:
        side = _("{name}: Health {health}, Damage {damage}, +{additional}.").format(**numbers)
    else:
        side = _("{name}: Health {health}, Damage {damage}.").format(**numbers)
    return [TextLine(_("Primus side:"), side), *primus_lines(p)]


def camp_kind(card: Any) -> str | None:
    """A camp card's kind (Bloodshed, Sport, Opportunity), or None for any other card."""
    return card.kind if isinstance(card, CampCard) else None


def primus_id(hero: Hero) -> str | None:
    """The id of a hero card's Primus side (None for a hero without one)."""
    side = primus_side(hero)
    return side.id if side is not None else None


def pieces(deck: Deck) -> list[CardText]:
    """Its own sections' cards, in file order: the Scions, then the Tactics."""
    return [describe_scion(c) for c in scions_of(deck)] + [describe_tactic(t) for t in tactics_of(deck)]


def piece(deck: Deck, card_id: str) -> CardText | None:
    """A Tactic, a Scion or a Primus (its hero's card) with this id, in words, or None."""
    try:
        return describe_tactic(tactic_by_id(deck, card_id))
    except KeyError:
        pass
    for scion in scions_of(deck):
        if scion.id == card_id:
            return describe_scion(scion)
    for hero in deck.heroes:
        side = primus_side(hero)
        if side is not None and side.id == card_id:
            return describe_hero(hero)
    return None


KINDS: dict[str, str | LazyText] = {
    "scion": LazyText("Scion", context=GLOSSARY_CONTEXT + "scion"),
    "tactic": LazyText("Tactic", "Tactics", context=GLOSSARY_CONTEXT + "tactic"),
}
"""The kinds of its own pieces, by name (the glossary's terms)."""

CARDS = DeckCards(
    pieces=pieces,
    piece=piece,
    card=card,
    hero=hero_lines,
    kinds=KINDS,
    sorts=CAMP_KIND_NAMES,
    plurals={
        "bloodshed": lazy_gettext("Bloodshed cards"),
        "sport": lazy_gettext("Sport cards"),
        "opportunity": lazy_gettext("Opportunities"),
        "scion": lazy_gettext("Scions"),
        "tactic": lazy_gettext("Tactics"),
    },
    # Translators: the card browser's Kind column, 7 cells at most (a camp card's sort, a Scion, a Tactic).
    short={
        "bloodshed": lazy_gettext("blood"),
        "sport": lazy_gettext("sport"),
        "opportunity": lazy_gettext("opport."),
        "scion": lazy_gettext("scion"),
        "tactic": lazy_gettext("tactic"),
    },
    sort=camp_kind,
    other_side=primus_id,
    side_mark="♛",
)
"""Its cards in words (:attr:`~twentystrong.kits.kit.DeckKit.cards`)."""
