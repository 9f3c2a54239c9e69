"""Solar Sentinels' ladder: ranks 1–6 with their titles (rules.md "Difficulty ranks"), a win up one, a loss down
one (:class:`~twentystrong.record.ladder.LadderRule`). R15: ranks exist only with missions, so only games with
missions move it."""

from __future__ import annotations

from twentystrong.i18n import N_
from twentystrong.kits.solar_sentinels.options import RANK, RANKS
from twentystrong.record.ladder import LadderRule

LADDER = LadderRule(
    N_("rank"),  # a record key: said through _() only where shown
    RANK.low,
    RANK.high,
    {rank: title for rank, (title, _, _) in RANKS.items()},
    option="rank",
    needs=N_("missions"),
)
"""Its ladder (``rank 3 Solar Sergeant``)."""
