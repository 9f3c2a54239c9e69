"""One game in progress: the event log, the current state, undo/redo, saves and autosave (architecture.md 5, 6).

Pure Python on top of the engine; never imports textual or rich (contract 1).
"""

from typing import Any

from twentystrong.session.history import HistoryEntry
from twentystrong.session.paths import default_autosave_path, user_data_dir
from twentystrong.session.saves import SAVE_FORMAT, SaveError, load_deck_for_save
from twentystrong.session.session import Session, SetupError, read_save

__all__ = [
    "SAVE_FORMAT",
    "HistoryEntry",
    "SaveError",
    "SaveFile",
    "Session",
    "SetupError",
    "default_autosave_path",
    "load_deck_for_save",
    "read_save",
    "user_data_dir",
]


def __getattr__(name: str) -> Any:
    """``SaveFile`` on first use: its module imports pydantic, which playing a game never needs."""
    if name == "SaveFile":
        from twentystrong.session.savefile import SaveFile

        return SaveFile
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
