"""A name that carries its article, after a preposition: ``durch Der Selenarch`` → ``durch den Selenarch``.

A deck names some cards with their article, as the rulebooks print them (*Der Selenarch*, *Die Hohle Krone*; *Le
Sélénarque*, *La Couronne creuse*), and a sentence passes the name as a placeholder (``von {card} verbannt``, ``par
{card}``). German then needs the article in the preposition's case (``vom Selenarch``, ``von der Hohlen Krone``,
``durch den Selenarch``) and French its contraction (``du Sélénarque``, ``au Sélénarque``, ``par le Sélénarque``).

:func:`agree` mends a whole sentence, once formatted: mid-sentence, a capitalised article right after a preposition
can only be the start of such a name. English and sentences without one come back as they are.

:func:`fill` formats a translated message (:class:`twentystrong.i18n.Sentence` calls it) and mends what a name put in
a placeholder needs from the words before it: French elides *de*, *que*, *le*, *la* before a name that starts with a
vowel or a mute h (*la capacité d’Ilsa*, *dégâts d’Oduya*); German gives a name with an epithet its dative or
accusative (*auf Rufus den Zweifachgekrönten*, *von Varro dem Unverbrannten*) when the deck gives those forms
(:class:`Name`); then :func:`agree`.
"""

from __future__ import annotations

import re

__all__ = ["Name", "agree", "fill"]

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


def agree(text: str, spoken: str) -> str:
    """``text`` with each article of a name after a preposition in the preposition's case (German) or contracted
    with it (French), in the language ``spoken``; English as it is (:func:`twentystrong.i18n.agree` says it in the
    language spoken now)."""
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


class Name(str):
    """A name as a deck gives it in one language, with what a sentence needs to say it after a word: its German
    ``dative`` and ``accusative`` (a name with an epithet, *Rufus der Zweifachgekrönte*: *Rufus dem / den
    Zweifachgekrönten*) and whether French elides before it (``elision``: None, by its first letter; False for an
    aspirated h, *le Héraut*). Equal to, and hashed as, its words."""

    __slots__ = ("accusative", "dative", "elision")

    accusative: str | None
    dative: str | None
    elision: bool | None

    def __new__(
        cls, text: str, *, dative: str | None = None, accusative: str | None = None, elision: bool | None = None
    ) -> Name:
        made = super().__new__(cls, text)
        made.dative, made.accusative, made.elision = dative, accusative, elision
        return made


_ELIDED = {"de": "d’", "que": "qu’", "le": "l’", "la": "l’", "De": "D’", "Que": "Qu’", "Le": "L’", "La": "L’"}
_BEFORE_PLACEHOLDER = re.compile(r"\b(de|que|le|la|De|Que|Le|La) \{(\w*)([!:][^{}]*)?\}")
"""A French word that elides, right before a placeholder (``de {hero}``)."""
_VOWELS = frozenset("aeiouàâäéèêëîïôöùûüœæh")
"""The first letters French elides before (an h is mute unless the deck says otherwise: :attr:`Name.elision`)."""
_GERMAN_BEFORE = re.compile(r"\b(" + "|".join(_GERMAN_CASE) + r") \{(\w*)([!:][^{}]*)?\}")
"""A German preposition right before a placeholder (``auf {enemy}``)."""


def _value(key: str, args: tuple[object, ...], kwargs: dict[str, object], auto: int) -> object:
    if key == "":
        return args[auto] if auto < len(args) else None
    if key.isdigit():
        index = int(key)
        return args[index] if index < len(args) else None
    return kwargs.get(key)


def _escaped(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def fill(template: str, args: tuple[object, ...], kwargs: dict[str, object], spoken: str) -> str:
    """``template.format(*args, **kwargs)`` in the language ``spoken``, with each name said as the words before its
    placeholder need it (French elision, a German name's case), then :func:`agree`."""
    if spoken == "fr" and _BEFORE_PLACEHOLDER.search(template) is not None:
        template = _BEFORE_PLACEHOLDER.sub(lambda found: _elide(found, args, kwargs), template)
    elif spoken == "de" and _GERMAN_BEFORE.search(template) is not None:
        template = _GERMAN_BEFORE.sub(lambda found: _decline(found, args, kwargs), template)
    return agree(str.format(template, *args, **kwargs), spoken)


def _elide(found: re.Match[str], args: tuple[object, ...], kwargs: dict[str, object]) -> str:
    word, key = found[1], found[2]
    value = _value(key, args, kwargs, 0) if key else None  # an automatic field ({}) is left as it is
    if not isinstance(value, str) or not value or value[0].lower() not in _VOWELS:
        return found[0]
    if getattr(value, "elision", None) is False:
        return found[0]
    return _ELIDED[word] + found[0][len(word) + 1 :]


def _decline(found: re.Match[str], args: tuple[object, ...], kwargs: dict[str, object]) -> str:
    preposition, key = found[1], found[2]
    value = _value(key, args, kwargs, 0) if key else None
    if not isinstance(value, Name):
        return found[0]
    said = value.dative if _GERMAN_CASE[preposition] is _DATIVE else value.accusative
    return found[0] if said is None else f"{preposition} {_escaped(said)}"
