"""The game's history in plain words: one group per player command, its events beneath it, newest last."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from twentystrong.engine.state import GameState
from twentystrong.session.history import HistoryEntry
from twentystrong.text.commands import describe_command
from twentystrong.text.events import LogLine, summarize_events


@dataclass(frozen=True, slots=True)
class HistoryGroup:
    """One accepted player command and what it caused."""

    index: int
    """Its position in the session's history (``session.state_at(index)`` is the state after it)."""
    round: int
    """The round it was played in (0: setup)."""
    heading: str
    """The command in words: ``You apply B3✶ to Rust Maw.``"""
    lines: tuple[LogLine, ...]
    """Its events in words, in order."""
    reveals: bool
    """Whether it revealed hidden information: a roll, a shuffle, a card turned up (R13: standard undo cannot
    cross it)."""

    def news(self, *, minor: bool = False) -> list[str]:
        """The event lines worth showing under the heading (bookkeeping too when ``minor``), without repeats of
        the heading itself."""
        return [line.text for line in self.lines if (minor or not line.minor) and line.text != self.heading]


def history_groups(entries: Sequence[HistoryEntry], start: GameState) -> list[HistoryGroup]:
    """Every entry of a session's history in words. ``start``: the state before the first entry."""
    out: list[HistoryGroup] = []
    before = start
    for index, entry in enumerate(entries):
        out.append(
            HistoryGroup(
                index=index,
                round=before.round,
                heading=describe_command(entry.command, before),
                lines=tuple(summarize_events(entry.events, before)),
                reveals=entry.revealing is not None,
            )
        )
        before = entry.state_after
    return out
