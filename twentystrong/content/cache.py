"""A cache of validated shipped decks, so a game starts without validating (or importing the validator).

Validating a deck builds pydantic's validators for every content model, the largest part of the TUI's start-up.
A shipped deck does not change between runs, so :func:`~twentystrong.content.loader.load_shipped` keeps the
validated :class:`Deck` pickled in the user cache folder (``$TWENTYSTRONG_DATA_DIR/cache`` when that is set, so
tests never touch the real home) and uses it while its key still matches. The key covers everything the deck
depends on: the deck files' content hash, the deck id asked for, the app version, the source of the content
models, and the Python and pydantic versions. Unpickling a frozen pydantic model sets its fields as they were
stored; it does not validate again.

The cache is only ever a shortcut: a missing, stale, corrupt or unreadable cache file is ignored (and replaced),
and a cache that cannot be written is not an error.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path

import pydantic

from twentystrong import __version__
from twentystrong.content.model import Deck

DATA_DIR_ENV = "TWENTYSTRONG_DATA_DIR"
"""When set, the cache lives in its ``cache`` subfolder (the same variable as the session's data folder)."""
FORMAT = 1
"""Bumped when what is stored changes shape."""
_MODEL_SOURCES = ("effects.py", "model.py")
"""The modules that define the content models: a change to them is a change to what a deck is."""


def cache_dir() -> Path:
    """The folder of the deck cache."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override) / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir("twentystrong", appauthor=False))


def cache_key(content_hash: str, deck_id: str) -> str:
    """What a cached deck must have been stored under to be used for these files and this id."""
    digest = hashlib.sha256()
    for part in (str(FORMAT), __version__, sys.version, pydantic.VERSION, deck_id, content_hash):
        digest.update(part.encode() + b"\0")
    here = Path(__file__).parent
    for name in _MODEL_SOURCES:
        try:
            digest.update((here / name).read_bytes() + b"\0")
        except OSError:
            digest.update(b"?\0")
    return digest.hexdigest()


def cache_path(deck_id: str) -> Path:
    """The cache file of one shipped deck."""
    safe = hashlib.sha256(deck_id.encode()).hexdigest()[:16]
    return cache_dir() / f"deck-{safe}.pickle"


def read(deck_id: str, key: str) -> Deck | None:
    """The cached deck stored under ``key``, or None (no file, another key, or anything wrong with it)."""
    try:
        data = cache_path(deck_id).read_bytes()
    except OSError:
        return None
    try:
        stored = pickle.loads(data)
    except Exception:  # a corrupt or foreign file: any unpickling error means "no cache"
        return None
    if not (isinstance(stored, tuple) and len(stored) == 2 and stored[0] == key and isinstance(stored[1], Deck)):
        return None
    return stored[1]


def write(deck_id: str, key: str, deck: Deck) -> None:
    """Store ``deck`` under ``key``, atomically (readers see the old file or the new one); errors are ignored."""
    path = cache_path(deck_id)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = pickle.dumps((key, deck), protocol=pickle.HIGHEST_PROTOCOL)
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except (OSError, pickle.PicklingError):
        return
