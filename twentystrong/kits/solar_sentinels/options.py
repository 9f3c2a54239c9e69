"""Solar Sentinels' setup options: missions, and the difficulty rank played with them (R15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from twentystrong.i18n import N_, _
from twentystrong.kits.options import DeckOption
from twentystrong.kits.solar_sentinels.content import missions_of

if TYPE_CHECKING:
    from twentystrong.content.model import Deck
    from twentystrong.engine.state import OptionValue


RANKS: dict[int, tuple[str, int, int]] = {
    1: (N_("Solar Soldier"), 4, 3),
    2: (N_("Solar Specialist"), 5, 4),
    3: (N_("Solar Sergeant"), 6, 5),
    4: (N_("Solar Staff Sergeant"), 7, 6),
    5: (N_("Solar Sentinel"), 8, 7),
    6: (N_("Senior Solar Sentinel"), 9, 8),
}
"""Difficulty ranks: title (English, marked: said through ``_()`` where shown), missions drawn, missions to
complete."""


def _rank_words(rank: OptionValue) -> str:
    title, draw, done = RANKS[int(rank)]
    words = _("{rank} · {title} — {draw} missions, complete {done}")
    return words.format(rank=rank, title=_(title), draw=draw, done=done)


def _has_missions(deck: Deck) -> bool:
    return bool(missions_of(deck))


MISSIONS = DeckOption(
    name="missions",
    kind="flag",
    label=N_("Missions"),
    help=N_("play with missions (default: no)"),
    default=False,
    words=lambda _on: _("play with missions"),
    summary=1,
    summary_words=lambda on: "with missions" if on else "no missions",
    available=_has_missions,
)
RANK = DeckOption(
    name="rank",
    kind="range",
    label=N_("Rank"),
    help=N_("difficulty rank 1-6, played with --missions (default: 1)"),
    default=1,
    low=1,
    high=6,
    metavar="R",
    words=_rank_words,
    tooltip=N_("Ranks come only with missions: tick Missions to choose one."),
    needs="missions",  # R15: ranks exist only with missions
    needs_reason="ranks come only with missions",
    needs_note=N_("Ranks come with missions: tick Missions to choose one."),
    shown=N_("rank {value}"),
    summary=0,
    summary_words=lambda rank: f"rank {rank}",
    level=True,
)
OPTIONS = (MISSIONS, RANK)
"""This deck's setup options, in the setup screen's order."""
