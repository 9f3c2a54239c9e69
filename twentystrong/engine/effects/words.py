"""Small word helpers for the effect handlers' ``describe()``: colour lists, counts, sentences."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from twentystrong.i18n import (
    GLOSSARY_CONTEXT,
    SOURCE,
    Gendered,
    agree,
    language,
    lazy_gettext,
    lazy_pgettext,
    npgettext,
    pgettext,
    speaking,
)

if TYPE_CHECKING:
    from twentystrong.content.model import Deck
    from twentystrong.engine.state import GameState


STAT_NAMES: dict[str, str] = {"health": "Health", "strategy": "Strategy", "recovery": "Recovery"}
"""Stats as the rulebook writes them."""


def stat_name(stat: str) -> str:
    """``strategy`` → ``Strategy`` (stats are capitalised in the rulebook), in the rulebook's term of the language
    spoken (*Strategie*, *Stratégie*)."""
    if stat in STAT_NAMES:
        # The glossary's term (``term(stat)``) without reading its table of terms: a stat is named on the first keys.
        return pgettext(GLOSSARY_CONTEXT + stat, STAT_NAMES[stat])
    return stat.capitalize()


def join(words: Iterable[str], last: str = "or") -> str:
    """``["yellow", "green", "blue"]`` → ``yellow, green or blue`` (``or`` and ``and`` in the language spoken)."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    word = {"or": pgettext("list", "or"), "and": pgettext("list", "and")}.get(last, last)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def colors(names: Iterable[str] | None, last: str = "or", n: int = 2) -> str:
    """Colours in words: ``["yellow", "green"]`` → ``yellow or green``; None (every colour) → ``any``.

    In the language spoken, as the colour of ``n`` dice: the form a sentence's ``{colors}`` placeholder takes
    (German *Gelb oder Grün* in "Würfel in …", French *jaunes ou verts* after "dés").
    """
    if names is None:
        return pgettext("dice colour", "any")
    return join((color_word(name, n) for name in names), last)


def color_word(color: str, n: int = 1) -> str:
    """One colour as the colour of ``n`` dice, in the language spoken (``blue``; *Blau*; *bleu*, *bleus*)."""
    if color not in _COLORS:
        return color
    return npgettext("dice colour", color, color, n)


_COLORS = ("yellow", "green", "blue", "purple", "red")
"""The dice colours, weakest first (the catalogues hold each with the context ``dice colour``)."""


def _marked() -> tuple[str, ...]:  # never called: the colours' entries for the catalogues' extraction
    return (
        npgettext("dice colour", "yellow", "yellow", 1),
        npgettext("dice colour", "green", "green", 1),
        npgettext("dice colour", "blue", "blue", 1),
        npgettext("dice colour", "purple", "purple", 1),
        npgettext("dice colour", "red", "red", 1),
    )


def face_words(face: str) -> str:
    """A face with its article, as a sentence names what a die shows (``a miss``; *einen Fehlschlag*; *un échec*)."""
    if face == "miss":
        return pgettext("die face", "a miss")
    if face == "hit":
        return pgettext("die face", "a hit")
    if face == "crit":
        return pgettext("die face", "a crit")
    return face


def clause(text: str) -> str:
    """A sentence made a clause after a colon or a comma: no full stop, and a small first letter (in German it
    keeps its capital: a German sentence after a colon starts with one, and so do its nouns)."""
    text = text.rstrip(".")
    if language() == "de":
        return text
    return text[:1].lower() + text[1:]


def dice(count: int, color: str = "") -> str:
    """``1 die`` / ``2 dice`` / ``2 blue dice``."""
    return f"{count} {color + ' ' if color else ''}{'die' if count == 1 else 'dice'}"


def hits(count: int) -> str:
    """``1 hit`` / ``2 hits``."""
    return f"{count} hit{'' if count == 1 else 's'}"


def capital(text: str) -> str:
    """``blue`` → ``Blue``."""
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """Capitalise the first letter and end with a full stop (a name's article after a preposition agreeing with it:
    :func:`~twentystrong.i18n.grammar.agree`)."""
    text = text.strip()
    if not text:
        return text
    text = agree(text[0].upper() + text[1:])
    return text if text[-1] in ".!?" else text + "."


def name(s: GameState, source: str) -> str:
    """The name of an active card, boss, item or hero by id (the id itself if the deck has none): see
    :func:`card_name`."""
    return card_name(s.deck, source)


def kept_name(s: GameState, source: str) -> str:
    """:func:`name` in English, for the words a game keeps in its events and prompts (a reason, a purpose): the same
    game writes the same events in every language, and a front end says them in its reader's
    (``engine/reasons.py``)."""
    with speaking(SOURCE):
        return card_name(s.deck, source)


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``plural(2, "die", "dice")`` → ``2 dice``."""
    if plural_form is None:
        plural_form = singular + ("es" if singular.endswith(("s", "sh", "ch", "x")) else "s")
    word = singular if count == 1 else plural_form
    return f"{count} {word}"


# The sentences about a named card a player reads most, one message per grammatical gender of its name (French
# "vaincu" / "vaincue", German "ihn" / "sie" / "es"); the wording without context needs no agreement (a name whose
# gender the deck does not give, or a plural name).
DEFEATED = Gendered(
    lazy_gettext("{card} is defeated"),
    lazy_pgettext("masculine", "{card} is defeated"),
    lazy_pgettext("feminine", "{card} is defeated"),
    lazy_pgettext("neuter", "{card} is defeated"),
)
DEFEATED_BECAUSE = Gendered(
    lazy_gettext("{card} is defeated ({reason})"),
    lazy_pgettext("masculine", "{card} is defeated ({reason})"),
    lazy_pgettext("feminine", "{card} is defeated ({reason})"),
    lazy_pgettext("neuter", "{card} is defeated ({reason})"),
)
DEFEATED_WITH_EVERY_ENEMY = Gendered(
    lazy_gettext("{card} and every enemy with it are defeated"),
    lazy_pgettext("masculine", "{card} and every enemy with it are defeated"),
    lazy_pgettext("feminine", "{card} and every enemy with it are defeated"),
    lazy_pgettext("neuter", "{card} and every enemy with it are defeated"),
)
DEFEATED_TAKE_REWARD = Gendered(
    lazy_gettext("{card} is defeated: take or decline its instant reward"),
    lazy_pgettext("masculine", "{card} is defeated: take or decline its instant reward"),
    lazy_pgettext("feminine", "{card} is defeated: take or decline its instant reward"),
    lazy_pgettext("neuter", "{card} is defeated: take or decline its instant reward"),
)
DEFEATED_TAKE_GIVES = Gendered(
    lazy_gettext("{card} is defeated: take its instant reward ({gives}) or decline it."),
    lazy_pgettext("masculine", "{card} is defeated: take its instant reward ({gives}) or decline it."),
    lazy_pgettext("feminine", "{card} is defeated: take its instant reward ({gives}) or decline it."),
    lazy_pgettext("neuter", "{card} is defeated: take its instant reward ({gives}) or decline it."),
)
BANISHED_FROM_THE_GAME = Gendered(
    lazy_gettext("{card} is banished from the game"),
    lazy_pgettext("masculine", "{card} is banished from the game"),
    lazy_pgettext("feminine", "{card} is banished from the game"),
    lazy_pgettext("neuter", "{card} is banished from the game"),
)
USED_SINGLE_USE = Gendered(
    lazy_gettext("You use {card} (single-use: it goes to the discard pile)"),
    lazy_pgettext("masculine", "You use {card} (single-use: it goes to the discard pile)"),
    lazy_pgettext("feminine", "You use {card} (single-use: it goes to the discard pile)"),
    lazy_pgettext("neuter", "You use {card} (single-use: it goes to the discard pile)"),
)


USE_OR_DISCARD = Gendered(
    lazy_gettext("{item}: use or discard it"),
    lazy_pgettext("masculine", "{item}: use or discard it"),
    lazy_pgettext("feminine", "{item}: use or discard it"),
    lazy_pgettext("neuter", "{item}: use or discard it"),
)


def card_gender(deck: Deck, card_id: str | None) -> str | None:
    """The grammatical gender of the name :func:`card_name` gives ``card_id`` in the language spoken now
    (:func:`~twentystrong.content.translations.gender_of`; None: English, or a gender the deck does not give)."""
    if card_id is None or language() == SOURCE:
        return None
    from twentystrong.content.translations import gender_of

    try:
        return gender_of(deck.card(card_id))
    except KeyError:
        pass
    if deck.is_boss(card_id):
        return gender_of(deck.boss(card_id))
    for piece in (*deck.heroes, *(item for items in deck.parts.values() for item in items)):
        if getattr(piece, "id", None) == card_id:
            return gender_of(piece)
    return None


def card_name(deck: Deck, card_id: str | None) -> str:
    """The name of a conflict card, boss, hero or one of the ruleset's own pieces by id (the id itself if the deck
    has none)."""
    if card_id is None:
        return "a card"
    try:
        return deck.card(card_id).name
    except KeyError:
        pass
    if deck.is_boss(card_id):  # a boss, or a Primus or Scion in its fight
        return deck.boss(card_id).name
    for hero in deck.heroes:
        if hero.id == card_id:
            return hero.name
    from twentystrong.engine.rulesets import ruleset_for
    from twentystrong.kits import KitError

    try:
        own = ruleset_for(deck.info.ruleset).words.name(deck, card_id)  # its own sections' pieces
    except KitError:
        own = None
    return card_id if own is None else own
