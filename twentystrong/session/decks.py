"""Finding the deck for a new game: a shipped deck by id, or a deck folder given by path."""

from __future__ import annotations

from pathlib import Path

from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.content.source import DeckError

DEFAULT_DECK = "solar-sentinels"


class DeckNotFound(Exception):
    """The deck cannot be loaded; the message says why (and lists every problem of a broken deck)."""


def load_game_deck(deck_id: str | None = None, deck_path: Path | None = None) -> tuple[Deck, Path | None]:
    """The deck to play and its folder (``None`` for a shipped deck); raise :class:`DeckNotFound`.

    ``deck_path`` wins over ``deck_id``; with neither, the default shipped deck.
    """
    try:
        if deck_path is not None:
            deck = load_deck(deck_path)
            if deck_id is not None and deck.id != deck_id:
                raise DeckNotFound(f"the deck at {deck_path} is {deck.id!r}, not {deck_id!r}")
            return deck, deck_path
        return load_shipped(deck_id or DEFAULT_DECK), None
    except DeckError as exc:
        raise DeckNotFound(str(exc)) from None
