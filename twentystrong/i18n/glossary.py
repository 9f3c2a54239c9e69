"""The glossary of the rulebooks' own terms (``glossary.toml``): English, German and French, each citing its source.

The catalogues carry every term under the context ``glossary:<id>`` (``tools.py`` fills them from this file), so
:func:`twentystrong.i18n.term` reads like any other message and follows :func:`twentystrong.i18n.set_language`. The
game itself never imports this module or parses the TOML file: ``term`` reads the English words from ``terms.py``,
which ``tools update`` generates; this module is for the tools and the tests.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from twentystrong.i18n import GLOSSARY_CONTEXT, term

__all__ = ["CONTEXT", "DECKS", "GLOSSARY", "Glossary", "Term", "Words", "load", "term"]

GLOSSARY = Path(__file__).with_name("glossary.toml")
DECKS = ("general", "solar-sentinels", "hoplomachus-victorum")
CONTEXT = GLOSSARY_CONTEXT


@dataclass(frozen=True)
class Words:
    """A term in one language: its text (and plural), and where it comes from."""

    text: str
    plural: str | None
    cite: str | None
    """``SOURCE:LINE`` (a key of the glossary's ``[sources]`` and a 1-based line), or None when the term is chosen."""
    form: str | None
    """The form on the cited line when the line inflects the term (``as`` in the file)."""
    chosen: str | None
    """Why this word, when no rulebook has one."""
    note: str | None


@dataclass(frozen=True)
class Term:
    """One entry of the glossary."""

    id: str
    deck: str
    en: Words
    de: Words
    fr: Words
    note: str | None

    @property
    def context(self) -> str:
        """The catalogues' ``msgctxt`` of this term."""
        return CONTEXT + self.id

    def words(self, language: str) -> Words:
        """The term's words in ``language`` (``en``, ``de``, ``fr``)."""
        words: Words = getattr(self, language)
        return words


@dataclass(frozen=True)
class Glossary:
    """Every term, and the seed files the citations name."""

    sources: dict[str, str]
    terms: tuple[Term, ...]

    def __getitem__(self, term_id: str) -> Term:
        for entry in self.terms:
            if entry.id == term_id:
                return entry
        raise KeyError(term_id)


def _words(raw: dict[str, str]) -> Words:
    return Words(
        text=raw["text"],
        plural=raw.get("plural"),
        cite=raw.get("cite"),
        form=raw.get("as"),
        chosen=raw.get("chosen"),
        note=raw.get("note"),
    )


@functools.lru_cache(maxsize=4)
def load(path: Path = GLOSSARY) -> Glossary:
    """The glossary in ``path`` (the package's own by default)."""
    import tomllib  # on first use only: a game that never asks for a term does not pay for the parser

    data = tomllib.loads(path.read_text(encoding="utf-8"))
    terms = tuple(
        Term(
            id=raw["id"],
            deck=raw["deck"],
            en=_words(raw["en"]),
            de=_words(raw["de"]),
            fr=_words(raw["fr"]),
            note=raw.get("note"),
        )
        for raw in data["term"]
    )
    return Glossary(sources=dict(data["sources"]), terms=terms)
