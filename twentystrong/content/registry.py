"""Where the shipped decks live (``content/`` in a checkout, ``twentystrong/decks/`` in an installed copy), and the
folder of the caches that spare a start-up work already done (the validated decks, the installed kits)."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

DATA_DIR_ENV = "TWENTYSTRONG_DATA_DIR"
"""When set, the caches live in its ``cache`` subfolder (the same variable as the session's data folder)."""

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def decks_root() -> Path:
    """The folder that holds the shipped deck folders (and ``schema.json``)."""
    installed = _PACKAGE_DIR / "decks"
    if installed.is_dir():
        return installed
    checkout = _PACKAGE_DIR.parent
    if (checkout / "pyproject.toml").is_file():
        return checkout / "content"  # running from a checkout (or an editable install)
    return installed  # an installed copy without decks: report "no shipped decks", never a stray folder


def shipped_deck_dirs() -> dict[str, Path]:
    """Shipped deck folders by folder name (a deck folder holds a ``deck.toml``)."""
    root = decks_root()
    if not root.is_dir():
        return {}
    return {p.name: p for p in sorted(root.iterdir()) if (p / "deck.toml").is_file()}


def cache_dir() -> Path:
    """The folder of the caches."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override) / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir("twentystrong", appauthor=False))


def deck_files(path: Path) -> list[Path]:
    """The TOML files of a deck folder, ``deck.toml`` first, then by name (or ``[path]`` for a file)."""
    if path.is_file():
        return [path]
    return sorted(path.glob("*.toml"), key=lambda p: (p.name != "deck.toml", p.name))


def content_hash_of(files: Iterable[tuple[Path, bytes]]) -> str:
    """The content hash of a deck: SHA-256 of its files' names and bytes, in :func:`deck_files` order."""
    digest = hashlib.sha256()
    for file, data in files:
        digest.update(hashed(file, data))
    return digest.hexdigest()


def hashed(file: Path, data: bytes) -> bytes:
    """What one file adds to a deck's content hash."""
    return file.name.encode() + b"\0" + data
