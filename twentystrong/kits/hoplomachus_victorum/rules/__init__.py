"""The Hoplomachus Victorum deck's rules, as a ruleset (architecture.md contract 9; hoplomachus.md, HV1–HV13): Mount
Vesuvius (nine camps on a pyramid, the Scion at the apex), the training grounds, Primus fights, Tactics,
Opportunities, the Influence deck and the final fight. Importing the package registers it.

- :mod:`.pyramid`: the camps' places and adjacency (HV4); :mod:`.table`: its own state;
- :mod:`.events`: its events and what each changes;
- :mod:`.setup`: the deal and the setup choices; :mod:`.rounds`: move, then act; :mod:`.fights`: Bloodshed,
  Primus fights, the final fight, Cleanup; :mod:`.opportunities`: conditions and flips (HV8);
- :mod:`.rules`: the ruleset object (:class:`.rules.HoplomachusVictorum`); :mod:`.effects`: the effect kinds that act
  on its zones; :mod:`.view`: its table as the player sees it; :mod:`.words`: its events and commands in words.
"""

from __future__ import annotations

from twentystrong.engine.rulesets import register
from twentystrong.kits.hoplomachus_victorum.rules import effects  # noqa: F401  (registers its effect kinds)
from twentystrong.kits.hoplomachus_victorum.rules.rules import RULESET_ID, HoplomachusVictorum
from twentystrong.kits.hoplomachus_victorum.rules.table import VictorumTable, table
from twentystrong.kits.hoplomachus_victorum.rules.view import VictorumView

RULESET = register(HoplomachusVictorum())

__all__ = ["RULESET", "RULESET_ID", "HoplomachusVictorum", "VictorumTable", "VictorumView", "table"]
