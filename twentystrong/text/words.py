"""Small word helpers shared by the plain-words renderers: colours, stats, counts, lists, names of ids."""

from __future__ import annotations

from collections.abc import Iterable

from twentystrong.content.model import Deck
from twentystrong.engine.dice import color_of
from twentystrong.engine.effects.words import STAT_NAMES, colors, sentence, stat_name
from twentystrong.engine.effects.words import join as _join

__all__ = [
    "FACE_NAMES",
    "STAT_NAMES",
    "card_name",
    "colors",
    "die_color_word",
    "join",
    "plural",
    "sentence",
    "signed",
    "stat_name",
]

FACE_NAMES: dict[str, str] = {"miss": "miss", "hit": "hit", "crit": "crit"}


def join(words: Iterable[str], last: str = "and") -> str:
    """``["a", "b", "c"]`` → ``a, b and c`` (the engine's join, with "and" as the text's usual last word)."""
    return _join(words, last)


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``plural(2, "die", "dice")`` → ``2 dice``."""
    if plural_form is None:
        plural_form = singular + ("es" if singular.endswith(("s", "sh", "ch", "x")) else "s")
    word = singular if count == 1 else plural_form
    return f"{count} {word}"


def signed(amount: int) -> str:
    """``+1`` / ``−2`` (a real minus sign reads better in a terminal than a hyphen)."""
    return f"+{amount}" if amount >= 0 else f"−{-amount}"


def card_name(deck: Deck, card_id: str | None) -> str:
    """The name of a conflict card, boss, hero or mission by id (the id itself if the deck has none)."""
    if card_id is None:
        return "a card"
    try:
        return deck.card(card_id).name
    except KeyError:
        pass
    for group in (deck.bosses, deck.heroes, deck.missions):
        for item in group:
            if item.id == card_id:
                return item.name
    return card_id


def die_color_word(die_id: str) -> str:
    """``B3`` → ``blue``; an unknown id gives ``""``."""
    try:
        return color_of(die_id)
    except (KeyError, IndexError):
        return ""
