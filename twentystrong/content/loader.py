"""Load a deck: a shipped one by id (from the deck cache while its files are unchanged), or any deck folder.

A game started from the cached deck reads no TOML and imports neither pydantic nor the validator
(:mod:`twentystrong.content.reading`): that is the one seam where they are imported, on a cache miss.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from twentystrong.content import cache
from twentystrong.content.model import Deck
from twentystrong.content.registry import content_hash_of, deck_files, shipped_deck_dirs

if TYPE_CHECKING:
    from twentystrong.content.reading import validate
    from twentystrong.content.source import DeckError, Finding

__all__ = ["DeckError", "Finding", "content_hash_of", "deck_files", "load_deck", "load_shipped", "validate"]


def __getattr__(name: str) -> Any:
    """``DeckError`` and ``Finding`` (:mod:`twentystrong.content.source`) and ``validate``
    (:mod:`twentystrong.content.reading`), re-exported from the validator's side when first asked for."""
    if name in ("DeckError", "Finding", "validate"):
        from twentystrong.content import reading

        return getattr(reading, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_deck(path: Path, *, expect_id: str | None = None) -> Deck:
    """Load and validate the deck at ``path`` (a folder or one TOML file); raise ``DeckError``.

    ``expect_id``: the id the deck must have (a shipped deck's folder name, see :func:`load_shipped`).
    """
    from twentystrong.content import reading  # the validator: pydantic and the kits' content declarations

    return reading.load_deck(path, expect_id=expect_id)


@lru_cache(maxsize=8)
def load_shipped(deck_id: str) -> Deck:
    """Load a shipped deck by id (its folder name); raise ``DeckError``."""
    dirs = shipped_deck_dirs()
    if deck_id not in dirs:
        from twentystrong.content import reading

        raise reading.no_shipped_deck(deck_id, list(dirs))
    return _load_cached(dirs[deck_id], deck_id)


def _load_cached(path: Path, deck_id: str) -> Deck:
    """:func:`load_deck` through the deck cache (:mod:`twentystrong.content.cache`): validated once per change."""
    try:
        content_hash = content_hash_of((file, file.read_bytes()) for file in deck_files(path))
    except OSError:
        return load_deck(path, expect_id=deck_id)  # let the loader report what cannot be read
    key = cache.cache_key(content_hash, deck_id)
    cached = cache.read(deck_id, key)
    if cached is not None and cached.content_hash == content_hash:
        return cached
    deck = load_deck(path, expect_id=deck_id)
    if deck.content_hash == content_hash:  # not changed while it was read twice
        cache.write(deck_id, key, deck)
    return deck
