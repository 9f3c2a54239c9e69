"""Hoplomachus Victorum at the table: Mount Vesuvius (:mod:`.board`), its camps as drawn (:mod:`.camps`), its side
panels (:mod:`.panels`), the setup draw (:mod:`.draw`) and what it brings to the general table, its keys, presses
and prompts (:mod:`.play`). Imported when a game of this deck is first shown, never before."""

from __future__ import annotations

from twentystrong.kits.hoplomachus_victorum.board.play import VictorumBoard

BOARD = VictorumBoard
"""This ruleset's board (``boards.board_class``)."""

__all__ = ["BOARD"]
