"""What Hoplomachus Victorum's deck files hold instead of Solar Sentinels' tables, and what its decks need
(hoplomachus.md "Components")."""

from __future__ import annotations

from typing import Any

from twentystrong.content.model import CampCard, Hero, Scion, Tactic
from twentystrong.content.sections import KitContent, Needs, Section
from twentystrong.content.source import Finding, Placed
from twentystrong.kits.hoplomachus_victorum.kinds import FeedInfluence, GainTactic, InfluenceScaling, MoveToCamp


def _victorum_heroes(ruleset: str, placed: Placed, item: Any) -> list[Finding]:
    """Every hero of the deck is a Victorum hero, with a Primus side."""
    if isinstance(item, Hero) and item.primus is None:
        message = f"primus is required: a {ruleset} hero is a Victorum hero, with a [hero.primus] side"
        return [placed.finding(("id",), message, "primus")]
    return []


def _camp_cards(ruleset: str, placed: Placed, item: Any) -> list[Finding]:
    """An enemy camp card says its Health; an Opportunity has none of an enemy's numbers."""
    findings: list[Finding] = []
    if isinstance(item, CampCard) and item.enemy and "health" not in placed.raw:
        message = f"health is required for a {item.kind} card (an enemy): the damage needed to defeat it"
        findings.append(placed.finding(("kind",), message, "health"))
    if isinstance(item, CampCard) and not item.enemy:
        for key in ("health", "damage", "level"):
            if key in placed.raw:
                message = f"{key} has no meaning on an Opportunity (it is not an enemy): leave it out"
                findings.append(placed.finding((key,), message, key))
    return findings


CONTENT = KitContent(
    # Setup: 9 camps of 6, 9 Scions, 4 + X Victorum heroes drawn (X up to 4), 4 Tactics drawn.
    needs=Needs(
        {
            "camp": (54, " (9 camps of 6)"),
            "scion": (9, ""),
            "hero": (8, " (Victorum heroes: 4 + difficulty are drawn)"),
            "tactic": (4, " (4 are drawn)"),
        },
        ("deck", "hero", "camp", "scion", "tactic"),
    ),
    sections={
        "camp": Section(
            CampCard, "cards", "Hoplomachus Victorum: the camp cards, one ``[[camp]]`` table each, in deck order."
        ),
        "scion": Section(Scion, "scions", "Hoplomachus Victorum: the Scions, one ``[[scion]]`` table each."),
        "tactic": Section(Tactic, "tactics", "Hoplomachus Victorum: the Tactics, one ``[[tactic]]`` table each."),
    },
    effects=(GainTactic, MoveToCamp, FeedInfluence, InfluenceScaling),
    zone_kinds=frozenset(
        {
            "recruit",
            "dismiss",
            "strengthen",
            "weaken",
            "gain_tactic",
            "move_to_camp",
            "feed_influence",
            "influence_scaling",
        }
    ),
    checks=(_victorum_heroes, _camp_cards),
)
"""Named by this deck's kit (``content``)."""
