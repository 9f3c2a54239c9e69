"""Solar Sentinels' setup options: missions, and the difficulty rank played with them (R15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from twentystrong.i18n import N_
from twentystrong.kits.options import DeckOption
from twentystrong.kits.solar_sentinels.content import missions_of

if TYPE_CHECKING:
    from twentystrong.content.model import Deck
    from twentystrong.engine.state import OptionValue


RANKS: dict[int, tuple[str, int, int]] = {
    1: ("Solar Soldier", 4, 3),
    2: ("Solar Specialist", 5, 4),
    3: ("Solar Sergeant", 6, 5),
    4: ("Solar Staff Sergeant", 7, 6),
    5: ("Solar Sentinel", 8, 7),
    6: ("Senior Solar Sentinel", 9, 8),
}
"""Difficulty ranks: title, missions drawn, missions to complete."""


def _rank_words(rank: OptionValue) -> str:
    title, draw, done = RANKS[int(rank)]
    return f"{rank} · {title} — {draw} missions, complete {done}"


def _has_missions(deck: Deck) -> bool:
    return bool(missions_of(deck))


MISSIONS = DeckOption(
    name="missions",
    kind="flag",
    label="Missions",
    help="play with missions (default: no)",
    default=False,
    words=lambda _: "play with missions",
    summary=1,
    summary_words=lambda on: "with missions" if on else "no missions",
    available=_has_missions,
)
RANK = DeckOption(
    name="rank",
    kind="range",
    label="Rank",
    help="difficulty rank 1-6, played with --missions (default: 1)",
    default=1,
    low=1,
    high=6,
    metavar="R",
    words=_rank_words,
    tooltip="Ranks come only with missions: tick Missions to choose one.",
    needs="missions",  # R15: ranks exist only with missions
    needs_reason="ranks come only with missions",
    needs_note="Ranks come with missions: tick Missions to choose one.",
    shown=N_("rank {value}"),
    summary=0,
    summary_words=lambda rank: f"rank {rank}",
    level=True,
)
OPTIONS = (MISSIONS, RANK)
"""This deck's setup options, in the setup screen's order."""
