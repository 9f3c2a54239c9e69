"""Where the game keeps its data: the autosave (and, later, statistics and the rank ladder)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

DATA_DIR_ENV = "TWENTYSTRONG_DATA_DIR"
"""Environment variable that replaces the user data directory (tests set it so they never touch the real home)."""


def user_data_dir() -> Path:
    """The folder for the player's data: ``$TWENTYSTRONG_DATA_DIR``, else the platform's user data folder."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("twentystrong", appauthor=False))


def default_autosave_path() -> Path:
    """The autosave file: the game is saved there after every command (contract 6)."""
    return user_data_dir() / "autosave.toml"
