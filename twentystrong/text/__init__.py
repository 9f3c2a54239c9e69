"""Plain words for the game: effects, cards, commands, events and end-of-game figures.

Pure Python (no textual, no rich: architecture.md contract 1), so the TUI, the command line, the headless protocol
and the tests all say things the same way.
"""

from twentystrong.text.cards import (
    CardText,
    TextLine,
    all_cards,
    describe_any,
    describe_boss,
    describe_card,
    describe_hero,
    describe_item,
    describe_mission,
    mission_goal,
    reward_lines,
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
    "describe_mission",
    "game_stats",
    "kind_title",
    "mission_goal",
    "reward_lines",
    "stats_from",
    "summarize_events",
    "timing_label",
    "trigger_words",
]
