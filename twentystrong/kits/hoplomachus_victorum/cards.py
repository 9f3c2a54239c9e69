"""Hoplomachus Victorum's own pieces in plain words: camp cards (Bloodshed, Sport, Opportunities), Scions, Primus
sides and Tactics (the card browser, the inventory, the board)."""

from __future__ import annotations

from typing import Any

from twentystrong.content.model import Deck, Hero
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
    describe_hero,
    reward_lines,
    rule_label,
)
from twentystrong.text.effects import describe_effect, describe_effects, timing_label
from twentystrong.text.words import plural, sentence

CAMP_KIND_NAMES = {"bloodshed": "Bloodshed", "sport": "Sport", "opportunity": "Opportunity"}


def describe_camp(card: CampCard) -> CardText:
    """A camp card: its kind and Influence icon; an enemy's numbers, effects and reward with what its kind adds; an
    Opportunity's condition and reward."""
    tags = [f"{CAMP_KIND_NAMES[card.kind]} card"]
    if card.influence:
        tags.append("Influence")
    if card.reward is not None:
        tags.append(REWARD_TAGS[card.reward.kind])
    lines: list[TextLine] = []
    if card.condition is not None:
        lines.append(TextLine("Condition:", opportunity_goal(card.condition)))
        if card.reward is not None:
            lines += reward_lines(card.reward)
        lines.append(TextLine("Held:", "An item until its condition is met; then it flips and its reward is yours."))
        return CardText("card", card.id, card.name, " · ".join(tags), (), tuple(lines), card.flavour)
    stats = [("Health", str(card.health)), ("Damage", str(card.damage))]
    if card.additional:
        stats.append(("Additional", f"+{card.additional}"))
        more = "one more enemy" if card.additional == 1 else f"{card.additional} more enemies"
        lines.append(TextLine(f"+{card.additional}:", f"When you activate it, add {more} from the camps next to it."))
    lines += [TextLine(timing_label(e), describe_effect(e)) for e in card.effects]
    if card.reward is not None:
        lines += reward_lines(card.reward)
    if card.kind == "bloodshed":
        lines.append(TextLine("Bloodshed:", "If it deals you damage, dismiss a die at Cleanup."))
    else:
        lines.append(TextLine("Sport:", "Instead of its reward you may recruit a die or gain a Tactic."))
    return CardText("card", card.id, card.name, " · ".join(tags), tuple(stats), tuple(lines), card.flavour)


def opportunity_goal(condition: OpportunityCondition) -> str:
    """What an Opportunity asks, in one sentence."""
    n, v = condition.target, condition.value
    times = "" if n == 1 else f" ({n} times)"
    one, many = {
        "bloodshed": ("Bloodshed enemy", "Bloodshed enemies"),
        "sport": ("Sport enemy", "Sport enemies"),
        "primus": ("Primus", "Primus"),
    }.get(condition.card_kind or "", ("enemy", "enemies"))
    goals = {
        "defeats": f"Defeat {plural(n, one, many)}",
        "damage_taken_rounds": f"Suffer damage in {plural(n, 'round')}",
        "dice_recruited": f"Recruit {plural(n, 'die', 'dice')}",
        "dice_dismissed": f"Dismiss {plural(n, 'die', 'dice')}",
        "spectates": f"Spectate {plural(n, 'camp')}",
        "items_used": f"Use {plural(n, 'item')}",
        "instant_declined": f"Decline or forgo {plural(n, 'instant reward')}",
        "activation_size": f"Activate {v} or more enemies in one round{times}",
        "colors_on_one_enemy": f"Apply dice of {v} different colours to one enemy{times}",
    }
    return sentence(goals[condition.kind] + ", while you hold this")


def describe_scion(scion: Scion) -> CardText:
    """A Scion: its Spectate side's penalty, then its Conflict side (the final fight)."""
    stats = [("Health", str(scion.health)), ("Damage", str(scion.damage))]
    if scion.additional:
        stats.append(("Additional", f"+{scion.additional}"))
    penalty = sentence(scion.spectate_text) if scion.spectate_text else describe_effects(list(scion.spectate))
    lines = [TextLine("Spectate:", penalty)]
    if scion.additional:
        more = plural(scion.additional, "enemy", "enemies")
        lines.append(TextLine("Conflict:", f"It fights with {more} from the Influence deck."))
    lines += [TextLine(rule_label(e), describe_effect(e)) for e in scion.rules]
    return CardText("scion", scion.id, scion.name, "Scion", tuple(stats), tuple(lines), scion.flavour)


def primus_lines(primus: Primus) -> list[TextLine]:
    """A Primus side: its rules and its Bane."""
    lines = [TextLine(rule_label(e), describe_effect(e)) for e in primus.rules]
    bane = sentence(primus.bane_text) if primus.bane_text else describe_effects(list(primus.bane))
    lines.append(TextLine("Bane:", bane))
    return lines


def describe_tactic(tactic: Tactic) -> CardText:
    """A Tactic: a single-use item (used or discarded, it returns to the Tactics area)."""
    lines = [TextLine("Single-use:", sentence(tactic.text) if tactic.text else describe_effects(list(tactic.effects)))]
    return CardText("tactic", tactic.id, tactic.name, "Tactic · single-use item", (), tuple(lines), tactic.flavour)


def card(card: Any) -> CardText | None:
    """A camp card in words, or None for any other card."""
    return describe_camp(card) if isinstance(card, CampCard) else None


def hero_lines(hero: Hero) -> list[TextLine]:
    """A hero card's Primus side (its other face), if it has one."""
    p = primus_side(hero)
    if p is None:
        return []
    more = f", +{p.additional}" if p.additional else ""
    side = f"{p.name}: Health {p.health}, Damage {p.damage}{more}."
    return [TextLine("Primus side:", side), *primus_lines(p)]


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


CARDS = DeckCards(
    pieces=pieces,
    piece=piece,
    card=card,
    hero=hero_lines,
    kinds={"scion": "Scion", "tactic": "Tactic"},
    sorts=CAMP_KIND_NAMES,
    plurals={
        "bloodshed": "Bloodshed cards",
        "sport": "Sport cards",
        "opportunity": "Opportunities",
        "scion": "Scions",
        "tactic": "Tactics",
    },
    short={"bloodshed": "blood", "opportunity": "opport."},
    sort=camp_kind,
    other_side=primus_id,
    side_mark="♛",
)
"""Its cards in words (:attr:`~twentystrong.kits.kit.DeckKit.cards`)."""
