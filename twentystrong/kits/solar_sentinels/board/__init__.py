"""Solar Sentinels at the table: the three stacks (:mod:`.stacks`), its side panels, the missions and the boss deck
(:mod:`.panels`), and what it brings to the general table, its keys, presses, prompts and words (:mod:`.board`).
Imported when a game of this deck is first shown, never before."""

from __future__ import annotations

from twentystrong.kits.solar_sentinels.board.board import SolarSentinelsBoard

BOARD = SolarSentinelsBoard
"""This ruleset's board (``boards.board_class``)."""

__all__ = ["BOARD", "SolarSentinelsBoard"]
