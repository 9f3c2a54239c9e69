"""What a Solar Sentinels game records beyond the general figures: whether it was played with missions (R15: only
such games move the rank ladder), and how many of the missions it dealt and kept were completed.

The record's columns and its JSON keys (``missions``, ``missions_completed``, ``missions_total``) are the ones the
record has held since its first version: records already kept read on unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from twentystrong.kits.record import Fact, RecordPart
from twentystrong.kits.solar_sentinels.options import MISSIONS

if TYPE_CHECKING:
    from twentystrong.session.session import Session
    from twentystrong.text.stats import GameStats


def _with_missions(session: Session, stats: GameStats) -> int:
    return int(MISSIONS.on(session.options))


def _completed(session: Session, stats: GameStats) -> int:
    return stats.goals_completed  # its goals are its missions (the rules' words say so)


def _dealt(session: Session, stats: GameStats) -> int:
    from twentystrong.kits.solar_sentinels.rules.table import missions_dealt  # the rules: loaded by the game

    return missions_dealt(session.state)


RECORD = RecordPart(
    facts=(
        Fact("missions", _with_missions, after="seed", kind="flag"),
        Fact("missions_completed", _completed, after="enemies_defeated"),
        Fact("missions_total", _dealt, after="missions_completed"),
    )
)
"""Its record part."""
