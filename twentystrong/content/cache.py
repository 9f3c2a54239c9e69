"""A cache of validated shipped decks, so a game starts without validating (or importing the validator).

Validating a deck imports pydantic and builds its validators for every content model, the largest part of the
TUI's start-up. A shipped deck does not change between runs, so :func:`~twentystrong.content.loader.load_shipped`
keeps the validated :class:`Deck` pickled in the user cache folder (``$TWENTYSTRONG_DATA_DIR/cache`` when that is
set, so tests never touch the real home) and uses it while its key still matches. The key covers everything the
deck depends on: the deck files' content hash, the deck id asked for, the app version, the source of the content
classes (the general ones and the shipped kits' own) and of how a deck is assembled from them, and the Python and
pydantic versions. The deck is made of frozen dataclasses (:mod:`twentystrong.content.base`): unpickling it sets
their fields as they were stored, without validating again or importing pydantic.

The file starts with its key on a line of its own, so that a file stored under another key (another deck, an older
format) is recognised without unpickling it.

The cache is only ever a shortcut: a missing, stale, corrupt or unreadable cache file is ignored (and replaced),
and a cache that cannot be written is not an error.
"""

from __future__ import annotations

import hashlib
import importlib.util
import pickle
import sys
from pathlib import Path

from twentystrong import __version__
from twentystrong.atomic import write_atomically
from twentystrong.content.model import Deck
from twentystrong.content.registry import DATA_DIR_ENV, cache_dir

__all__ = ["DATA_DIR_ENV", "cache_dir", "cache_key", "cache_path", "read", "write"]

FORMAT = 5
"""Bumped when what is stored changes shape (2: plain content objects, not pydantic models; the key first;
3: frozen dataclasses; 4: each card's translations beside its words, ``translations.py``; 5: a deck's kit tables in
its ``parts``, their models in the kits)."""
_MODEL_SOURCES = ("base.py", "effects.py", "model.py", "sections.py", "loader.py", "translations.py")
"""The modules that define the content classes and how a deck is assembled from them: a change to them is a change
to what a deck is (with the shipped kits' ``kinds.py``, ``content.py`` and ``tables.py``, see :func:`cache_key`)."""


def cache_key(content_hash: str, deck_id: str) -> str:
    """What a cached deck must have been stored under to be used for these files and this id."""
    digest = hashlib.sha256()
    for part in (str(FORMAT), __version__, sys.version, deck_id, content_hash):
        digest.update(part.encode() + b"\0")
    here = Path(__file__).parent
    kits = [path for name in ("kinds", "content", "tables") for path in sorted(here.parent.glob(f"kits/*/{name}.py"))]
    for path in [*(here / name for name in _MODEL_SOURCES), *kits, _pydantic_version_file()]:
        try:
            digest.update((path.read_bytes() if path is not None else b"-") + b"\0")
        except OSError:
            digest.update(b"?\0")
    return digest.hexdigest()


def _pydantic_version_file() -> Path | None:
    """Pydantic's ``version.py`` (its version and that of pydantic-core), found without importing pydantic.

    Another pydantic may validate differently, so its version is part of the key; importing pydantic to read it
    would cost a cached start-up what the cache saves.
    """
    try:
        spec = importlib.util.find_spec("pydantic")
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).with_name("version.py")


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
    header = _header(key)
    if not data.startswith(header):
        return None  # stored under another key, in an older format, or not a cache file at all
    try:
        stored = pickle.loads(data[len(header) :])
    except Exception:  # a corrupt file: any unpickling error means "no cache"
        return None
    return stored if isinstance(stored, Deck) else None


def _header(key: str) -> bytes:
    return f"twentystrong-deck-cache {key}\n".encode()


def write(deck_id: str, key: str, deck: Deck) -> None:
    """Store ``deck`` under ``key``, atomically (readers see the old file or the new one); errors are ignored."""
    try:
        write_atomically(cache_path(deck_id), _header(key) + pickle.dumps(deck, protocol=pickle.HIGHEST_PROTOCOL))
    except (OSError, pickle.PicklingError):
        return
