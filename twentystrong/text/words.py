"""Small word helpers shared by the plain-words renderers: colours, stats, counts, lists, names of ids."""

from __future__ import annotations

from collections.abc import Iterable

from twentystrong.engine.dice import color_of
from twentystrong.engine.effects.words import STAT_NAMES, card_name, colors, plural, sentence, stat_name
from twentystrong.engine.effects.words import join as _join
from twentystrong.i18n.numbers import percent_sign

__all__ = [
    "FACE_NAMES",
    "STAT_NAMES",
    "card_name",
    "colors",
    "die_color_word",
    "join",
    "percent",
    "plural",
    "sentence",
    "signed",
    "stat_name",
]

FACE_NAMES: dict[str, str] = {"miss": "miss", "hit": "hit", "crit": "crit"}


def join(words: Iterable[str], last: str = "and") -> str:
    """``["a", "b", "c"]`` → ``a, b and c`` (the engine's join, with "and" as the text's usual last word)."""
    return _join(words, last)


def signed(amount: int) -> str:
    """``+1`` / ``−2`` (a real minus sign reads better in a terminal than a hyphen)."""
    return f"+{amount}" if amount >= 0 else f"−{-amount}"


def die_color_word(die_id: str) -> str:
    """``B3`` → ``blue``; an unknown id gives ``""``."""
    try:
        return color_of(die_id)
    except (KeyError, IndexError):
        return ""


def percent(p: float) -> str:
    """A probability in words: ``63%`` (``63 %`` in German and French); ``<1%`` and ``>99%`` near the ends, never
    rounded to 0 or 100."""
    if p <= 0:
        return percent_sign("0")
    if p >= 1:
        return percent_sign("100")
    if p < 0.005:
        return percent_sign("<1")
    if p >= 0.995:
        return percent_sign(">99")
    return percent_sign(str(round(p * 100)))
