"""A name that carries its article, after a preposition: ``durch Der Selenarch`` → ``durch den Selenarch``.

A deck names some cards with their article, as the rulebooks print them (*Der Selenarch*, *Die Hohle Krone*; *Le
Sélénarque*, *La Couronne creuse*), and a sentence passes the name as a placeholder (``von {card} verbannt``, ``par
{card}``). German then needs the article in the preposition's case (``vom Selenarch``, ``von der Hohlen Krone``,
``durch den Selenarch``) and French its contraction (``du Sélénarque``, ``au Sélénarque``, ``par le Sélénarque``).

:func:`agree` mends a whole sentence, once formatted: mid-sentence, a capitalised article right after a preposition
can only be the start of such a name. English and sentences without one come back as they are.
"""

from __future__ import annotations

import re

from twentystrong.i18n import language

__all__ = ["agree"]

_DATIVE = {"Der": "dem", "Die": "der", "Das": "dem"}
_ACCUSATIVE = {"Der": "den", "Die": "die", "Das": "das"}
_GERMAN_CASE = {
    **dict.fromkeys(("von", "mit", "aus", "bei", "nach", "zu", "seit", "gegenüber"), _DATIVE),
    **dict.fromkeys(("durch", "für", "gegen", "ohne", "um", "auf"), _ACCUSATIVE),
}
"""Each preposition's case (``auf``, two-way, as a move or an attack takes it: ``auf den Selenarch``)."""
_GERMAN_CONTRACTED = {("von", "dem"): "vom", ("zu", "dem"): "zum", ("zu", "der"): "zur", ("bei", "dem"): "beim"}
_GERMAN = re.compile(
    r"\b(" + "|".join(_GERMAN_CASE) + r") (Der|Die|Das) (?:(\w+e) (?=[A-ZÄÖÜ]))?",
)
"""A preposition, a capitalised article, and an adjective before the noun (``Hohle`` in ``Die Hohle Krone``)."""

_FRENCH_CONTRACTED = {("de", "Le"): "du", ("de", "Les"): "des", ("à", "Le"): "au", ("à", "Les"): "aux"}
_FRENCH = re.compile(r"\b(de|à|par|pour|contre|sur|avec|sans|vers|chez) ((?:Les|Le|La)\b|L’|L')")


def agree(text: str) -> str:
    """``text`` with each article of a name after a preposition in the preposition's case (German) or contracted
    with it (French); English as it is."""
    spoken = language()
    if spoken == "de" and _GERMAN.search(text) is not None:
        return _GERMAN.sub(_german, text)
    if spoken == "fr" and _FRENCH.search(text) is not None:
        return _FRENCH.sub(_french, text)
    return text


def _german(found: re.Match[str]) -> str:
    preposition, article, adjective = found[1], found[2], found[3]
    declined = _GERMAN_CASE[preposition][article]
    # After a declined article an adjective is weak: -en, but for the accusative of a feminine or neuter name.
    if adjective is not None and declined in ("dem", "der", "den"):
        adjective += "n"
    said = _GERMAN_CONTRACTED.get((preposition, declined)) or f"{preposition} {declined}"
    return f"{said} {adjective} " if adjective is not None else f"{said} "


def _french(found: re.Match[str]) -> str:
    preposition, article = found[1], found[2]
    contracted = _FRENCH_CONTRACTED.get((preposition, article))
    return contracted if contracted is not None else f"{preposition} {article.lower()}"
