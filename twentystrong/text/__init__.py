"""Plain words for the game: effects, cards, commands, events and end-of-game figures.

Pure Python (no textual, no rich: architecture.md contract 1), so the TUI, the command line, the headless protocol
and the tests all say things the same way.

Importing the package imports none of its modules: each name below is imported on first use, so a screen that
only needs the effect words (the table's first frame) does not pay for the event log or the game statistics.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from twentystrong.text.cards import (
        CardText,
        TextLine,
        all_cards,
        describe_any,
        describe_boss,
        describe_card,
        describe_hero,
        describe_item,
        printed_lines,
        reward_lines,
        reward_words,
    )
    from twentystrong.text.commands import describe_command
    from twentystrong.text.effects import (
        condition_words,
        describe_effect,
        describe_effects,
        kind_title,
        timing_label,
        trigger_words,
    )
    from twentystrong.text.events import MINOR_EVENTS, LogLine, describe_event, describe_events, summarize_events
    from twentystrong.text.stats import ColorLuck, GameStats, game_stats, stats_from

_HOMES: dict[str, str] = {
    "CardText": "cards",
    "ColorLuck": "stats",
    "GameStats": "stats",
    "LogLine": "events",
    "MINOR_EVENTS": "events",
    "TextLine": "cards",
    "all_cards": "cards",
    "condition_words": "effects",
    "describe_any": "cards",
    "describe_boss": "cards",
    "describe_card": "cards",
    "describe_command": "commands",
    "describe_effect": "effects",
    "describe_effects": "effects",
    "describe_event": "events",
    "describe_events": "events",
    "describe_hero": "cards",
    "describe_item": "cards",
    "game_stats": "stats",
    "kind_title": "effects",
    "printed_lines": "cards",
    "reward_lines": "cards",
    "reward_words": "cards",
    "stats_from": "stats",
    "summarize_events": "events",
    "timing_label": "effects",
    "trigger_words": "effects",
}
"""Each public name and the module of this package that defines it."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # found directly from now on
    return value


__all__ = [
    "MINOR_EVENTS",
    "CardText",
    "ColorLuck",
    "GameStats",
    "LogLine",
    "TextLine",
    "all_cards",
    "condition_words",
    "describe_any",
    "describe_boss",
    "describe_card",
    "describe_command",
    "describe_effect",
    "describe_effects",
    "describe_event",
    "describe_events",
    "describe_hero",
    "describe_item",
    "game_stats",
    "kind_title",
    "printed_lines",
    "reward_lines",
    "reward_words",
    "stats_from",
    "summarize_events",
    "timing_label",
    "trigger_words",
]
