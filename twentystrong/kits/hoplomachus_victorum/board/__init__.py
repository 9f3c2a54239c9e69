"""Hoplomachus Victorum at the table: Mount Vesuvius (:mod:`.board`), its camps as drawn (:mod:`.camps`), its side
panels (:mod:`.panels`) and its table screen's keys and prompts (:mod:`.table`). Imported when a game of this deck
is first shown, never before."""

from __future__ import annotations

from twentystrong.kits.hoplomachus_victorum.board.board import VesuviusBoard
from twentystrong.kits.hoplomachus_victorum.board.screen import TABLE

BOARD = VesuviusBoard
"""This ruleset's board (``boards.board_class``)."""

__all__ = ["BOARD", "TABLE"]
