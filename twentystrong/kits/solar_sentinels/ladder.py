"""Solar Sentinels' ladder: ranks 1–6 with their titles (rules.md "Difficulty ranks"; the climb's rules are in
:mod:`twentystrong.profile`). R15: ranks exist only with missions, so only games with missions move it."""

from __future__ import annotations

from twentystrong.profile import HIGHEST, LOWEST, TITLES
from twentystrong.record.ladder import LadderRule

LADDER = LadderRule("rank", LOWEST, HIGHEST, dict(TITLES), option="rank", needs="missions")
"""Its ladder (``rank 3 Solar Sergeant``)."""
