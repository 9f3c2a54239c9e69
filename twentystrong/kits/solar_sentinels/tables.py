"""What Solar Sentinels' deck files hold beyond the general tables, and what its decks need (rules.md "Solar
Sentinels deck rules"): read when a deck is validated or its schema written."""

from __future__ import annotations

from twentystrong.content.sections import KitContent, Needs, Section
from twentystrong.kits.solar_sentinels.content import MISSIONS, Mission
from twentystrong.kits.solar_sentinels.kinds import DiscardStackTop, RevealBoss, TakeStackReward

CONTENT = KitContent(
    # Setup: three face-up stacks of 15, a boss deck, a hero; cards are level 1 or 2. Missions are optional (they
    # are a setup option), so none are required.
    needs=Needs(
        {"card": (45, " (3 stacks of 15)"), "boss": (1, ""), "hero": (1, "")},
        ("deck", "hero", "card", "boss", "mission"),
        (1, 2),
    ),
    sections={"mission": Section(Mission, MISSIONS.name, "The missions: one ``[[mission]]`` table each.", "mission")},
    effects=(DiscardStackTop, RevealBoss, TakeStackReward),
    zone_kinds=frozenset({"discard_stack_top", "reveal_boss", "take_stack_reward"}),
)
"""Named by this deck's kit (``content``)."""
