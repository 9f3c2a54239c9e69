"""Solar Sentinels' own pieces in plain words: its missions (the card browser, the command line, the prompt)."""

from __future__ import annotations

from twentystrong.content.model import Deck
from twentystrong.kits.solar_sentinels.content import Mission, mission_by_id, missions_of
from twentystrong.text.cards import CardText, DeckCards, TextLine
from twentystrong.text.words import plural, sentence


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


def pieces(deck: Deck) -> list[CardText]:
    """Its own sections' cards, in file order: the missions."""
    return [describe_mission(m) for m in missions_of(deck)]


def piece(deck: Deck, card_id: str) -> CardText | None:
    """The mission with this id, in words, or None."""
    try:
        return describe_mission(mission_by_id(deck, card_id))
    except KeyError:
        return None


CARDS = DeckCards(pieces=pieces, piece=piece, kinds={"mission": "Mission"}, plurals={"mission": "Missions"})
"""Its cards in words (:attr:`~twentystrong.kits.kit.DeckKit.cards`)."""
