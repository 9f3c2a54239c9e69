"""Small word helpers shared by the plain-words renderers: colours, stats, counts, lists, names of ids."""

from __future__ import annotations

from collections.abc import Iterable

from twentystrong.content.model import Deck
from twentystrong.engine.dice import color_of

STAT_NAMES: dict[str, str] = {"health": "Health", "strategy": "Strategy", "recovery": "Recovery"}
FACE_NAMES: dict[str, str] = {"miss": "miss", "hit": "hit", "crit": "crit"}


def stat_name(stat: str) -> str:
    """``strategy`` → ``Strategy`` (stats are capitalised in the rulebook)."""
    return STAT_NAMES.get(stat, stat.capitalize())


def join(words: Iterable[str], last: str = "and") -> str:
    """``["a", "b", "c"]`` → ``a, b and c``."""
    items = list(words)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def colors(names: Iterable[str] | None, last: str = "or") -> str:
    """``["blue", "red"]`` → ``blue or red``; None → ``any``."""
    if names is None:
        return "any"
    return join(list(names), last)


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``plural(2, "die", "dice")`` → ``2 dice``."""
    if plural_form is None:
        plural_form = singular + ("es" if singular.endswith(("s", "sh", "ch", "x")) else "s")
    word = singular if count == 1 else plural_form
    return f"{count} {word}"


def signed(amount: int) -> str:
    """``+1`` / ``−2`` (a real minus sign reads better in a terminal than a hyphen)."""
    return f"+{amount}" if amount >= 0 else f"−{-amount}"


def sentence(text: str) -> str:
    """Capitalise the first letter and end with a full stop (unless it already ends with punctuation)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


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
