"""What Hoplomachus Victorum's deck files hold instead of Solar Sentinels' tables, and what its decks need
(hoplomachus.md "Components"): read when a deck is validated or its schema written."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from twentystrong.content.model import Hero
from twentystrong.content.sections import KitContent, Needs, Section, sections
from twentystrong.content.source import Finding, Placed, show
from twentystrong.kits.hoplomachus_victorum.content import (
    SCIONS,
    TACTICS,
    CampCard,
    Scion,
    Tactic,
    VictorumHero,
    primus_side,
)
from twentystrong.kits.hoplomachus_victorum.kinds import FeedInfluence, GainTactic, InfluenceScaling, MoveToCamp


def _victorum_heroes(ruleset: str, placed: Placed, item: Any) -> list[Finding]:
    """Every hero of the deck is a Victorum hero, with a Primus side."""
    if isinstance(item, Hero) and primus_side(item) is None:
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


def _primus_ids(items: Sequence[Placed]) -> list[Finding]:
    """A Primus side's id (``[hero.primus]``) must not name another card, boss, Scion or Primus: in its fight it is
    a boss in the active area."""
    taken: dict[str, Placed] = {}
    known = sections()
    for placed in items:
        ident = placed.raw.get("id") if isinstance(placed.raw, dict) else None
        if known[placed.section].ids == "card" and isinstance(ident, str):
            taken.setdefault(ident, placed)
    findings: list[Finding] = []
    for placed in items:
        primus = placed.raw.get("primus") if placed.section == "hero" and isinstance(placed.raw, dict) else None
        ident = primus.get("id") if isinstance(primus, dict) else None
        if not isinstance(ident, str):
            continue
        earlier = taken.setdefault(ident, placed)
        if earlier is not placed:
            sub = ("id",) if earlier.section != "hero" else ("primus", "id")
            line = earlier.source.line_of((*earlier.path, *sub))
            where = earlier.source.path.name + (f":{line}" if line else "")
            message = f"primus.id {show(ident)} is already used by the {earlier.section} at {where}; ids must be unique"
            findings.append(placed.finding(("primus", "id"), message, "primus.id"))
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
        "hero": Section(VictorumHero, "heroes", "The heroes: one ``[[hero]]`` table each.", "hero"),
        "camp": Section(
            CampCard, "cards", "Hoplomachus Victorum: the camp cards, one ``[[camp]]`` table each, in deck order."
        ),
        "scion": Section(Scion, SCIONS.name, "Hoplomachus Victorum: the Scions, one ``[[scion]]`` table each."),
        "tactic": Section(Tactic, TACTICS.name, "Hoplomachus Victorum: the Tactics, one ``[[tactic]]`` table each."),
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
    deck_checks=(_primus_ids,),
)
"""Named by this deck's kit (``content``)."""
