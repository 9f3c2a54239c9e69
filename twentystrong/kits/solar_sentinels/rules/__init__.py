"""The Solar Sentinels deck's rules, as a ruleset (architecture.md contract 9): three face-up stacks, mandatory
enemies, a stack discard each round, a boss deck, missions and difficulty ranks. Importing the package registers it.

- :mod:`.table`: its own state (the stacks, the boss deck, the missions and the chip, the rank penalties);
- :mod:`.events`: its events and what each changes;
- :mod:`.rules`: its steps, commands and rules at the engine's named points (:class:`.rules.SolarSentinels`);
- :mod:`.missions`: mission progress; :mod:`.effects`: the effect kinds that act on its zones;
- :mod:`.view`: its table as the player sees it; :mod:`.words`: its events and commands in words.
"""

from __future__ import annotations

from twentystrong.engine.rulesets import register
from twentystrong.kits.solar_sentinels.options import RANKS
from twentystrong.kits.solar_sentinels.rules import effects  # noqa: F401  (registers its effect kinds)
from twentystrong.kits.solar_sentinels.rules.rules import SolarSentinels, mandatory_tops
from twentystrong.kits.solar_sentinels.rules.table import MissionState, SolarSentinelsTable, missions_dealt, table
from twentystrong.kits.solar_sentinels.rules.view import SolarSentinelsView

RULESET = register(SolarSentinels())

__all__ = [
    "RANKS",
    "RULESET",
    "MissionState",
    "SolarSentinels",
    "SolarSentinelsTable",
    "SolarSentinelsView",
    "mandatory_tops",
    "missions_dealt",
    "table",
]
