"""Where the game keeps its data: the autosave (and, later, statistics and the rank ladder)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
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


def set_aside(path: Path, companions: Iterable[str] = ()) -> Path | None:
    """Move a damaged file to a free ``.bad`` name beside it (``.bad.2`` …; never over an older copy) and return
    that name; None if even the rename fails (the file then stays where it is). ``companions``: suffixes of files
    that belong to it (a database's ``-wal``), moved along to the same name plus their suffix. Nothing is deleted."""
    for n in range(1, 100):
        bad = path.with_name(f"{path.name}.bad" if n == 1 else f"{path.name}.bad.{n}")
        if bad.exists():
            continue
        try:
            os.replace(path, bad)
        except OSError:
            return None
        for suffix in companions:
            companion = path.with_name(path.name + suffix)
            if companion.exists():
                with contextlib.suppress(OSError):
                    os.replace(companion, bad.with_name(bad.name + suffix))
        return bad
    return None
