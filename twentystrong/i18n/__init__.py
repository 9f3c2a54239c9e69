"""Words in three languages (architecture.md contract 13): gettext catalogues in English, German and French.

Mark a message with :func:`_` (or :func:`ngettext` for a count, :func:`pgettext` / :func:`npgettext` when one English
word needs two translations, :func:`lazy_gettext` for a module-level constant); ``pybabel extract`` finds the marks
(``twentystrong/i18n/babel.cfg``). English is the source language: a message without a translation in the chosen
catalogue reads in English, per string.

The language is decided once per run: by :func:`set_language` (``--lang``, then the profile's choice), else from
``LANGUAGE`` / ``LC_ALL`` / ``LC_MESSAGES`` / ``LANG`` as gettext reads them (the first one set; ``LANGUAGE`` may list
several, ``fr:de``), read when a word is first asked for. A switch (the setup screen) is the next call's language:
nothing is translated once and kept.

Pure Python: this package never imports Textual, Rich or Babel (Babel is a tool of the developers, see
``tools.py``). Catalogues are ``.po`` files, compiled at first use and kept in the user cache (``catalogue.py``).
"""

from __future__ import annotations

import functools
import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

DOMAIN = "twentystrong"
SOURCE = "en"
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}
"""Each language the game speaks, with its name in itself (a player looks for their own language's name)."""

PSEUDO = "qps"
"""The tests' pseudo-locale (pseudo.py: every message longer, accented; Windows's name for one): spoken after
``set_language("qps")``, never offered to a player."""
LOCALE_DIR = Path(__file__).parent / "locale"
GLOSSARY_CONTEXT = "glossary:"
"""The catalogues' context of a glossary term: ``glossary:<id>``."""
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

__all__ = [
    "DOMAIN",
    "GENDERS",
    "Gendered",
    "N_",
    "LANGUAGES",
    "SOURCE",
    "LazyText",
    "Sentence",
    "_",
    "agree",
    "chosen",
    "language",
    "language_from_environment",
    "lazy_gettext",
    "lazy_ngettext",
    "lazy_pgettext",
    "ngettext",
    "npgettext",
    "pgettext",
    "set_language",
    "speaking",
    "term",
]


class _Choice:
    """The language chosen at run time (``chosen``; None: the environment's) and the one spoken (``spoken``; None:
    not decided yet, the environment is read when a word is first asked for). One setting per process, like
    gettext's own: every word asks for it, so the environment is read once, not per word."""

    chosen: str | None = None
    spoken: str | None = None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it; English when it names none the game speaks.

    The first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides (``LANGUAGE`` may list
    several, ``fr:de:en``: the first one the game speaks wins). ``de_DE.UTF-8`` and ``de_AT@euro`` mean ``de``;
    ``C`` and ``POSIX`` mean English.
    """
    env = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = env.get(variable, "")
        if not value:
            continue
        for item in value.split(":"):
            code = _code(item)
            if code in LANGUAGES:
                return code
        if variable != "LANGUAGE":
            return SOURCE  # a locale the game does not speak (or C / POSIX): English, not the next variable
    return SOURCE


def _code(locale_name: str) -> str:
    """``de_DE.UTF-8@euro`` → ``de``."""
    name = locale_name.split(".")[0].split("@")[0].strip()
    return name.split("_")[0].split("-")[0].lower()


def set_language(code: str | None) -> str:
    """Speak ``code`` (``en``, ``de``, ``fr``; also ``de_DE`` …) from the next call on; None: the environment's.

    Returns the language now spoken. An unknown code raises :class:`ValueError` with a message for the player.
    """
    if code is None:
        _Choice.chosen = _Choice.spoken = None  # the environment decides again: read it at the next word
        return language()
    short = _code(code)
    if short != PSEUDO and short not in LANGUAGES:  # the tests' pseudo-locale (pseudo.py): never offered to a player
        choices = ", ".join(LANGUAGES)
        raise ValueError(_("Unknown language {code}: choose one of {choices}.").format(code=code, choices=choices))
    _Choice.chosen = _Choice.spoken = short
    return short


def chosen() -> str | None:
    """The language chosen with :func:`set_language` (``--lang``, the setup screen); None: the environment decides."""
    return _Choice.chosen


_SPEAKING: ContextVar[str | None] = ContextVar("twentystrong_speaking", default=None)
"""The language of the words being written now, when it is not the player's (:func:`speaking`)."""


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` inside the block, in this thread or task only: the engine writes the words it keeps in a game's
    events in English (``with speaking(SOURCE)``), whatever language the player reads them in."""
    token = _SPEAKING.set(code)
    try:
        yield
    finally:
        _SPEAKING.reset(token)


def language() -> str:
    """The language spoken now (the environment is read the first time, unless a language was chosen before)."""
    inside = _SPEAKING.get()
    if inside is not None:
        return inside
    spoken = _Choice.spoken
    if spoken is None:
        spoken = _Choice.spoken = language_from_environment()
    return spoken


@functools.cache
def translations(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code`` (read once per language per process; English has none: it is the source)."""
    if code == PSEUDO:
        from twentystrong.i18n.pseudo import PseudoTranslations

        return PseudoTranslations()
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if code == SOURCE or not path.is_file():
        return gettext.NullTranslations()
    from twentystrong.i18n.catalogue import load

    return load(path, code)


def _current() -> gettext.NullTranslations:
    return translations(language())


_MENDED = frozenset(("de", "fr"))
"""The languages whose sentences mend the words around a name (``grammar.fill``)."""


class Sentence(str):
    """A translated message with placeholders, in a language whose words around a name depend on it: its
    :meth:`format` says each name as the words before it need (French *d’Ilsa*, German *auf Rufus den
    Zweifachgekrönten*, *vom Selenarch*: :func:`twentystrong.i18n.grammar.fill`). English messages stay plain
    strings."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        from twentystrong.i18n.grammar import fill

        return fill(self, args, kwargs, language())

    def format_map(self, mapping: Mapping[str, object]) -> str:  # type: ignore[override]
        return self.format(**mapping)


def agree(text: str) -> str:
    """``text`` with each article of a name after a preposition in that preposition's case (German *vom Selenarch*)
    or contracted with it (French *du Sélénarque*), in the language spoken now (``grammar.agree``)."""
    from twentystrong.i18n.grammar import agree as agreed

    return agreed(text, language())


def _said(text: str) -> str:
    """``text`` as :func:`_` gives it: a :class:`Sentence` when it has a placeholder in German or French."""
    if "{" in text and language() in _MENDED:
        return Sentence(text)
    return text


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return _said(_current().gettext(message))


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for it, which the extraction knows
    """``message`` as it is, marked for the catalogues: a class constant shown through :func:`_` where it is drawn
    (a key's description, a help title), so the words follow a language chosen later."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n``, by the language's own plural rule (French: 0 and 1 are singular).

    Always a whole sentence per form with a ``{n}`` placeholder, never a word glued to a number.
    """
    return _said(_current().ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` (one English word, two translations)."""
    return _said(_current().pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` in the sense ``context``."""
    return _said(_current().npgettext(context, singular, plural, n))


@dataclass(frozen=True)
class LazyText:
    """A message translated each time it is shown, for constants defined at import (before a language is chosen).

    ``str(text)`` (or a format string) gives the current language's words.
    """

    singular: str
    plural: str | None = None
    n: int = 1
    context: str | None = None

    def __str__(self) -> str:
        if self.plural is None:
            return _(self.singular) if self.context is None else pgettext(self.context, self.singular)
        if self.context is None:
            return ngettext(self.singular, self.plural, self.n)
        return npgettext(self.context, self.singular, self.plural, self.n)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def lazy_gettext(message: str) -> LazyText:
    """``message``, translated when shown (for module-level constants)."""
    return LazyText(message)


def lazy_ngettext(singular: str, plural: str, n: int) -> LazyText:
    """A plural message for a fixed count, translated when shown."""
    return LazyText(singular, plural, n)


def lazy_pgettext(context: str, message: str) -> LazyText:
    """``message`` in the sense ``context``, translated when shown (for module-level constants)."""
    return LazyText(message, context=context)


GENDERS = ("m", "f", "n", "plural", "phrase")
"""A name's grammatical gender, as a deck file gives it per language (``[card.fr] gender = "f"``): masculine,
feminine, neuter, or a plural name (*Loups du cratère*) or a phrase (*Die Menge tobt*), which are said with the
wording that needs no agreement."""


@dataclass(frozen=True)
class Gendered:
    """One sentence about a named card, in the grammatical gender of its name in the language spoken (French
    *vaincu* / *vaincue*, German *ihn* / *sie* / *es*): a whole message per gender (contexts ``masculine``,
    ``feminine``, ``neuter``), never an ending glued on. ``unknown`` is worded to need no agreement (*Vous avez
    vaincu {card}*): a name whose gender the deck does not give (a deck of one's own), or a plural name. English has
    one wording: each message reads the same there.

    Declare it with the marks the extraction knows::

        DEFEATED = Gendered(
            lazy_gettext("{card} is defeated"),
            lazy_pgettext("masculine", "{card} is defeated"),
            lazy_pgettext("feminine", "{card} is defeated"),
            lazy_pgettext("neuter", "{card} is defeated"),
        )
    """

    unknown: LazyText
    masculine: LazyText
    feminine: LazyText
    neuter: LazyText

    def __call__(self, gender: str | None) -> str:
        """The message for a name of this ``gender`` (None, ``plural`` or ``phrase``: the wording without
        agreement)."""
        if gender == "m":
            return str(self.masculine)
        if gender == "f":
            return str(self.feminine)
        if gender == "n":
            return str(self.neuter)
        return str(self.unknown)


def term(term_id: str, n: int | None = None) -> str:
    """The rulebooks' term ``term_id`` (glossary.toml) in the language spoken now; its form for the count ``n``.

    ``term("exhausted")`` is *erschöpft* in German, ``term("miss", 0)`` *échec* in French (0 is singular there). The
    English words come from ``terms.py`` (generated from the glossary), so a term costs no parse of the glossary.
    """
    from twentystrong.i18n.terms import TERMS

    text, plural = TERMS[term_id]
    if n is not None and plural is not None:
        return npgettext(GLOSSARY_CONTEXT + term_id, text, plural, n)
    return pgettext(GLOSSARY_CONTEXT + term_id, text)
