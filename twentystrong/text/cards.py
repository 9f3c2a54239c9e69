"""Heroes, conflict cards, bosses and missions in plain words: stats, then each effect under its timing; and
Hoplomachus Victorum's camp cards (Bloodshed, Sport, Opportunities), Scions, Primus sides and Tactics."""

from __future__ import annotations

from dataclasses import dataclass

from twentystrong.content.effects import Effect
from twentystrong.content.model import (
    Boss,
    CampCard,
    ConflictCard,
    Deck,
    Hero,
    Mission,
    OpportunityCondition,
    Primus,
    Reward,
    Scion,
    Tactic,
)
from twentystrong.text.effects import describe_effect, describe_effects, timing_label
from twentystrong.text.words import plural, sentence

CardKind = str
"""``hero``, ``card``, ``boss`` or ``mission``; ``scion`` and ``tactic`` (Hoplomachus Victorum)."""

KIND_NAMES: dict[str, str] = {
    "hero": "Hero",
    "card": "Conflict card",
    "boss": "Boss",
    "mission": "Mission",
    "scion": "Scion",
    "tactic": "Tactic",
}


@dataclass(frozen=True, slots=True)
class TextLine:
    """One line of a card's text: a heading (``During:``, ``Instant reward:`` …) and what it says."""

    label: str
    text: str

    def __str__(self) -> str:
        return f"{self.label} {self.text}" if self.label else self.text


@dataclass(frozen=True, slots=True)
class CardText:
    """A card described for a player: what it is, its numbers, its effects with their timing, its flavour."""

    kind: CardKind
    id: str
    name: str
    subtitle: str
    """``Level 1 conflict card · mandatory`` …"""
    stats: tuple[tuple[str, str], ...]
    """``(("Health", "4"), ("Damage", "2"), …)``"""
    lines: tuple[TextLine, ...]
    flavour: str = ""

    def plain(self) -> str:
        """The whole card as plain text, one line each (tests, logs, the command line)."""
        out = [self.name, self.subtitle]
        if self.stats:
            out.append("  ".join(f"{k} {v}" for k, v in self.stats))
        out += [str(line) for line in self.lines]
        if self.flavour:
            out.append(self.flavour)
        return "\n".join(out)


def describe_card(card: ConflictCard) -> CardText:
    """A conflict card: level, Health, Damage, +N, mandatory, its effects and its reward (a camp card: its kind)."""
    if isinstance(card, CampCard):
        return describe_camp(card)
    tags = [f"Level {card.level} conflict card"]
    if card.mandatory:
        tags.append("mandatory")
    if card.reward is not None:
        tags.append(_REWARD_TAG[card.reward.kind])
    stats = [("Health", str(card.health)), ("Damage", str(card.damage))]
    if card.additional:
        stats.append(("Additional", f"+{card.additional}"))
    lines: list[TextLine] = []
    if card.mandatory:
        lines.append(
            TextLine("Mandatory:", "While it tops a stack, you must activate it (or another mandatory top card).")
        )
    if card.additional:
        more = "one more enemy" if card.additional == 1 else f"{card.additional} more enemies"
        lines.append(TextLine(f"+{card.additional}:", f"When you activate it, activate {more}."))
    lines += [TextLine(timing_label(e), describe_effect(e)) for e in card.effects]
    if not card.effects:
        lines.append(TextLine("", "No effects."))
    if card.reward is not None:
        lines += reward_lines(card.reward)
    return CardText("card", card.id, card.name, " · ".join(tags), tuple(stats), tuple(lines), card.flavour)


_REWARD_TAG = {"instant": "instant reward", "single_use": "single-use item", "ongoing": "ongoing item"}


def reward_lines(reward: Reward) -> list[TextLine]:
    """A reward under its heading: one line for an instant reward or a single-use item (it does everything
    printed at once), one line per effect for an ongoing item (each may be once per round)."""
    if reward.text:
        return [TextLine(timing_label(reward.effects[0], reward.kind), sentence(reward.text))]
    if reward.kind == "ongoing":
        return [TextLine(timing_label(e, reward.kind), describe_effect(e)) for e in reward.effects]
    return [TextLine(timing_label(reward.effects[0], reward.kind), describe_effects(list(reward.effects)))]


REWARD_ICONS: dict[str, str] = {"instant": "★", "single_use": "◆", "ongoing": "◈"}
"""The symbol of each reward kind on the table (the words always come with it: never the symbol alone)."""


def printed_lines(card: ConflictCard | Boss) -> list[TextLine]:
    """What is printed on a card in play, in the order it is read: each effect under its timing (``During:``,
    ``After:``, ``Special (on defeat):``; a boss's rules under ``Rule:``), then the reward under its kind
    (``Instant reward:`` …) with what it gives. The numbers, ``!`` and ``+N`` are shown beside them."""
    if isinstance(card, Boss):
        return [TextLine(_boss_label(e), describe_effect(e)) for e in card.rules]
    lines = [TextLine(timing_label(e), describe_effect(e)) for e in card.effects]
    if card.reward is not None:
        lines += reward_lines(card.reward)
    return lines


def reward_words(reward: Reward) -> str:
    """What a reward gives, in one line: ``Gain 2 Health. Recover 1 die.``"""
    if reward.text:
        return sentence(reward.text)
    return describe_effects(list(reward.effects))


def describe_item(card: ConflictCard) -> CardText:
    """A card held as an item: only what the item does (its enemy side is not in play while it is held, R8)."""
    if card.reward is None or card.reward.kind == "instant":
        return describe_card(card)
    kind = _REWARD_TAG[card.reward.kind]
    camp_kind = getattr(card, "kind", None)  # a camp card of Hoplomachus Victorum (no level in its rules)
    origin = f"from a {camp_kind} card" if camp_kind else f"from a level {card.level} conflict card"
    subtitle = f"{kind.capitalize()} · {origin}"
    return CardText("card", card.id, card.name, subtitle, (), tuple(reward_lines(card.reward)), card.flavour)


def describe_boss(boss: Boss) -> CardText:
    """A boss: Health, Damage, entourage and its rules."""
    stats = [("Health", str(boss.health)), ("Damage", str(boss.damage))]
    lines: list[TextLine] = []
    if boss.entourage:
        stats.append(("Entourage", f"+{boss.entourage}"))
        lines.append(
            TextLine(
                "Entourage:",
                f"At the start of the endgame, {plural(boss.entourage, 'enemy', 'enemies')} join it, "
                "plus one per unfinished mission.",
            )
        )
    lines += [TextLine(_boss_label(e), describe_effect(e)) for e in boss.rules]
    if not boss.rules:
        lines.append(TextLine("", "No special rules: defeat it to win."))
    return CardText("boss", boss.id, boss.name, "Boss", tuple(stats), tuple(lines), boss.flavour)


def _boss_label(effect: Effect) -> str:
    # A boss rule is in force for the whole fight: "During:" would suggest it stops when the boss falls.
    return "Rule:" if effect.timing == "during" else timing_label(effect)


def describe_hero(hero: Hero) -> CardText:
    """A hero: starting Health, Strategy and Recovery, and the unique ability."""
    stats = (("Health", str(hero.health)), ("Strategy", str(hero.strategy)), ("Recovery", str(hero.recovery)))
    tags = ["Hero"]
    if hero.universal:
        tags.append("universal")
    if hero.card and hero.side:
        tags.append(f"card {hero.card}, side {hero.side.upper()}")
    lines: list[TextLine] = [
        TextLine(
            "Strategy:",
            f"Hold up to {plural(hero.strategy, 'item')}; run up to {hero.strategy} Strategy "
            f"phase{'s' if hero.strategy != 1 else ''} per engagement.",
        ),
        TextLine("Recovery:", f"Recover up to {plural(hero.recovery, 'die', 'dice')} each round."),
    ]
    if hero.ability_text:
        once = any(e.once_per_round for e in hero.ability)
        lines.append(TextLine("Ability (once per round):" if once else "Ability:", sentence(hero.ability_text)))
    else:
        lines += [TextLine(timing_label(e, hero=True), describe_effect(e)) for e in hero.ability]
    if not hero.ability and not hero.ability_text:
        lines.append(TextLine("Ability:", "None."))
    if hero.primus is not None:
        p = hero.primus
        more = f", +{p.additional}" if p.additional else ""
        side = f"{p.name}: Health {p.health}, Damage {p.damage}{more}."
        lines += [TextLine("Primus side:", side), *primus_lines(p)]
    return CardText("hero", hero.id, hero.name, " · ".join(tags), stats, tuple(lines), hero.flavour)


def mission_goal(mission: Mission) -> str:
    """What the mission asks, in one sentence (its ``text`` when the author wrote one)."""
    if mission.text:
        return sentence(mission.text)
    n, v = mission.target, mission.value
    times = "" if n == 1 else f" ({n} times)"
    goals = {
        "damage_taken_rounds": f"Suffer damage in {plural(n, 'round')}",
        "defeats_by_level": f"Defeat {plural(n, f'level {mission.level} enemy', f'level {mission.level} enemies')}",
        "items_used": f"Use {plural(n, 'item')}",
        "instant_declined": f"Decline {plural(n, 'instant reward')}",
        "extra_stack_discards": f"Discard a stack's top card by an effect {plural(n, 'time')}",
        "unapplied_crits_exhausted": f"Exhaust {plural(n, 'rolled crit')} that you did not apply",
        "end_round_health_exactly": f"End {plural(n, 'round')} with exactly {v} Health",
        "colors_on_one_enemy": f"Apply dice of {v} different colours to one enemy{times}",
        "commit_all_pool_colors": f"Commit every pool die of {v} colours at once{times}",
        "activation_size": f"Activate {v} or more enemies in one round{times}",
        "stack_mandatory_rounds": f"Treat a stack of your choice as mandatory for {plural(n, 'round')}",
    }
    return sentence(goals.get(mission.condition, f"{mission.condition.replace('_', ' ')}{times}"))


def describe_mission(mission: Mission) -> CardText:
    """A mission: its goal, target and whether it may be forfeited."""
    stats = [("Target", str(mission.target))]
    lines = [
        TextLine("Goal:", mission_goal(mission)),
        TextLine(
            "Forfeit:",
            "You may give it up at any time (it still adds an enemy to the entourage)."
            if mission.forfeitable
            else "It cannot be forfeited.",
        ),
    ]
    return CardText("mission", mission.id, mission.name, "Mission", tuple(stats), tuple(lines), mission.flavour)


# --- Hoplomachus Victorum ---------------------------------------------------------------------------------------

CAMP_KIND_NAMES = {"bloodshed": "Bloodshed", "sport": "Sport", "opportunity": "Opportunity"}


def describe_camp(card: CampCard) -> CardText:
    """A camp card: its kind and Influence icon; an enemy's numbers, effects and reward with what its kind adds; an
    Opportunity's condition and reward."""
    tags = [f"{CAMP_KIND_NAMES[card.kind]} card"]
    if card.influence:
        tags.append("Influence")
    if card.reward is not None:
        tags.append(_REWARD_TAG[card.reward.kind])
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
    lines += [TextLine(_boss_label(e), describe_effect(e)) for e in scion.rules]
    return CardText("scion", scion.id, scion.name, "Scion", tuple(stats), tuple(lines), scion.flavour)


def primus_lines(primus: Primus) -> list[TextLine]:
    """A Primus side: its rules and its Bane."""
    lines = [TextLine(_boss_label(e), describe_effect(e)) for e in primus.rules]
    bane = sentence(primus.bane_text) if primus.bane_text else describe_effects(list(primus.bane))
    lines.append(TextLine("Bane:", bane))
    return lines


def describe_tactic(tactic: Tactic) -> CardText:
    """A Tactic: a single-use item (used or discarded, it returns to the Tactics area)."""
    lines = [TextLine("Single-use:", sentence(tactic.text) if tactic.text else describe_effects(list(tactic.effects)))]
    return CardText("tactic", tactic.id, tactic.name, "Tactic · single-use item", (), tuple(lines), tactic.flavour)


def describe_any(deck: Deck, card_id: str) -> CardText:
    """Whatever the id names in the deck: a conflict card, boss, hero, mission, Scion or Tactic (a Primus: its hero's
    card; ``KeyError`` otherwise)."""
    try:
        return describe_tactic(deck.tactic(card_id))
    except KeyError:
        pass
    try:
        return describe_card(deck.card(card_id))
    except KeyError:
        pass
    for boss in deck.bosses:
        if boss.id == card_id:
            return describe_boss(boss)
    for scion in deck.scions:
        if scion.id == card_id:
            return describe_scion(scion)
    for hero in deck.heroes:
        if hero.id == card_id or (hero.primus is not None and hero.primus.id == card_id):
            return describe_hero(hero)
    return describe_mission(deck.mission(card_id))


def all_cards(deck: Deck) -> list[CardText]:
    """Every card of the deck: heroes, conflict cards, bosses, missions, Scions, Tactics (in that order, file order
    within)."""
    return (
        [describe_hero(h) for h in deck.heroes]
        + [describe_card(c) for c in deck.cards]
        + [describe_boss(b) for b in deck.bosses]
        + [describe_mission(m) for m in deck.missions]
        + [describe_scion(c) for c in deck.scions]
        + [describe_tactic(t) for t in deck.tactics]
    )
