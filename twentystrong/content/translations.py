"""A card's words in other languages, beside the English ones in its deck file.

A deck file keeps one card per id; its German and French words sit in a table of their own under it, with the
same keys as the English ones::

    [[card]]
    id = "regolith-crawler"
    name = "Regolith Crawler"
    flavour = "It grazes on moondust and boot leather, in that order of preference."

    [card.de]
    name = "Regolithkriecher"
    flavour = "Es weidet Mondstaub und Stiefelleder ab, in dieser Reihenfolge."

    [card.fr]
    name = "Rampeur de régolithe"

Any key may be left out (and a deck of your own may have no translations at all): a word not translated reads in
English, key by key. An item's own wording (``text``, a hero's ``ability_text``, any ``…_text``) is ``text`` in its
translations; a reward or an effect with its own ``text`` takes its translations the same way
(``[card.reward.de]``, ``{ kind = "…", text = "…", de = { text = "…" } }``).

The translated fields (:func:`word_key`) read in the language spoken now (:func:`twentystrong.i18n.language`)
wherever they are shown: a translated class (:func:`translated`) answers ``card.name`` in that language, so every
screen that shows ``card.name`` speaks it without knowing about languages. The English words stay what the class
holds: equality, hashing, copies, caches and saves see only them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any, Literal, TypeVar

from twentystrong.content.base import Content, content, field
from twentystrong.i18n import language

TRANSLATED_LANGUAGES: tuple[str, ...] = ("de", "fr")
"""The languages a deck file may translate its words into (every language of the game but English)."""

WORDS: tuple[str, ...] = ("name", "flavour", "text", "title", "description")
"""The words of a translation table: a card's name, its flavour, and its own wording (:func:`word_key`); a deck's
title and description (``[deck.de]`` in ``deck.toml``)."""


def word_key(field_name: str) -> str | None:
    """The key of a translation table that translates the field ``field_name`` (None: not words for a player).

    ``name``, ``flavour``, ``title`` and ``description`` (a deck's) are themselves; a field with the wording that
    replaces the generated text (``text``, a hero's ``ability_text``, any ``…_text`` of a kit's own pieces) is
    ``text``: an item has at most one.
    """
    if field_name in ("name", "flavour", "title", "description"):
        return field_name
    return "text" if field_name == "text" or field_name.endswith("_text") else None


@content
class Words(Content):
    """A card's words in one language (each optional: English when left out)."""

    name: str | None = field(default=None, min_length=1, max_length=40)
    """The name shown to the player."""
    flavour: str | None = field(default=None, max_length=400)
    """Flavour text."""
    text: str | None = field(default=None, max_length=300)
    """The wording that replaces the generated text: of a reward, an effect, a mission, a hero's ability
    (``ability_text``) or any other ``…_text``."""
    title: str | None = field(default=None, min_length=1, max_length=60)
    """A deck's title (``[deck.de]``), shown on the setup screen, in the card browser and by ``validate``."""
    description: str | None = field(default=None, max_length=1000)
    """A deck's description, shown on the setup screen."""
    gender: Literal["m", "f", "n", "plural", "phrase"] | None = None
    """The grammatical gender of the name in this language (``m``, ``f``, ``n``; ``plural`` for a plural name,
    ``phrase`` for a name that is a phrase, *Die Menge tobt*): the sentences about the card agree with it (French
    *vaincu* / *vaincue*, German *ihn* / *sie* / *es*); ``plural``, ``phrase`` or none given: the wording that needs
    no agreement."""
    dative: str | None = field(default=None, min_length=1, max_length=40)
    """The name in the dative, when it declines (German, a name with an epithet: *Rufus dem Zweifachgekrönten*): said
    after *von*, *mit*, *aus* … Left out: the name as it is."""
    accusative: str | None = field(default=None, min_length=1, max_length=40)
    """The name in the accusative, when it declines (German: *Rufus den Zweifachgekrönten*): said after *auf*,
    *durch*, *für*, *gegen* … Left out: the name as it is."""
    elision: bool | None = None
    """Whether French elides before the name (*d’Ilsa*, *l’Essaim*): left out, by its first letter (a vowel or an
    h); ``false`` for a name whose h is aspirated (*le Héraut*, *de Héraut des terriers*)."""


@content
class Translated(Content):
    """A content class with words a player reads: its translations, one table per language (``[card.de]``)."""

    GENDERED = False
    """Whether sentences name it and agree with its name (a conflict card, a boss, a kit's fought or held piece): its
    translations then give the name's grammatical gender (:attr:`Words.gender`), and ``validate`` warns when one
    does not."""

    de: Words | None = None
    """Its words in German (``[card.de]``): any key left out reads in English."""
    fr: Words | None = None
    """Its words in French (``[card.fr]``): any key left out reads in English."""


def check_words(item: Content) -> None:
    """A translation may only translate the words the item has (``ValueError`` naming the first key it has not)."""
    own = {word_key(f.name) for f in dataclasses.fields(item)}  # type: ignore[arg-type]
    for code in TRANSLATED_LANGUAGES:
        words = item.__dict__.get(code)
        if words is None:
            continue
        for key in WORDS:
            if words.__dict__[key] is not None and key not in own:
                raise ValueError(f"{code}.{key}: this table has no {key} to translate")


def gender_of(item: object) -> str | None:
    """The grammatical gender of ``item``'s name in the language spoken now (:attr:`Words.gender`), or None: English,
    no translation, or no gender given."""
    code = language()
    if code == "en":
        return None
    words = getattr(item, "__dict__", {}).get(code)
    return None if words is None else words.gender


class _Localized:
    """A word field read in the language spoken now (its English words when it has no translation)."""

    __slots__ = ("default", "key", "name")

    def __init__(self, name: str, key: str, default: Any) -> None:
        self.name = name
        self.key = key
        self.default = default

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            if self.default is dataclasses.MISSING:
                raise AttributeError(self.name)
            return self.default
        english = obj.__dict__[self.name]
        code = language()
        if code == "en":
            return english
        words = obj.__dict__.get(code)
        if words is None:
            return english
        found = words.__dict__[self.key]
        if found is None:
            return english
        if self.key == "name" and (words.dative, words.accusative, words.elision) != (None, None, None):
            from twentystrong.i18n.grammar import Name  # only a name that declines or keeps its h

            return Name(found, dative=words.dative, accusative=words.accusative, elision=words.elision)
        return found

    def __set__(self, obj: Any, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {self.name!r}")


_T = TypeVar("_T")


def translated(cls: type[_T]) -> type[_T]:
    """Make the word fields of the content class ``cls`` (a :class:`Translated`) read in the language spoken now.

    Put it above ``@content``: the dataclass is made first, then its word fields answer in the chosen language.
    """
    for spec in dataclasses.fields(cls):  # type: ignore[arg-type]
        key = word_key(spec.name)
        if key is not None:
            setattr(cls, spec.name, _Localized(spec.name, key, spec.default))
    return cls


def english(item: Content, key: str) -> Any:
    """The English words of ``item``'s field ``key`` (whatever language is spoken)."""
    return item.__dict__[key]


def carried(item: Content, *keys: str) -> dict[str, Any]:
    """The words ``keys`` of ``item`` in English and their translations, as the keyword arguments of another
    content class made from it (a Tactic held as a card, a Primus fought as a boss)."""
    out: dict[str, Any] = {key: item.__dict__[key] for key in keys}
    for code in TRANSLATED_LANGUAGES:
        words = item.__dict__.get(code)
        kept = {str(word_key(key)): words.__dict__[str(word_key(key))] for key in keys} if words is not None else {}
        if words is not None and "name" in keys:
            kept["gender"] = words.gender  # the name's gender and forms go with it
            kept.update(dative=words.dative, accusative=words.accusative, elision=words.elision)
        out[code] = Words(**kept) if any(value is not None for value in kept.values()) else None
    return out


def missing(item: Content) -> Iterator[tuple[str, list[str]]]:
    """Each language ``item`` lacks words in, with the keys left untranslated (those it has English words for)."""
    keys = [f.name for f in dataclasses.fields(item) if word_key(f.name) and item.__dict__[f.name]]  # type: ignore[arg-type]
    if not keys:
        return
    for code in TRANSLATED_LANGUAGES:
        words = item.__dict__.get(code)
        absent = [key for key in keys if words is None or not words.__dict__[str(word_key(key))]]
        if getattr(type(item), "GENDERED", False) and "name" in keys and (words is None or words.gender is None):
            absent.append("gender")  # the sentences about it then use the wording that needs no agreement
        if absent:
            yield code, absent


def every_translated(item: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], Content]]:
    """``item`` and every translated content object nested in it (a hero's Primus side, a reward, effects), with
    its path inside ``item``."""
    if isinstance(item, Translated):
        yield path, item
    if not isinstance(item, Content):
        return
    for spec in dataclasses.fields(item):  # type: ignore[arg-type]
        if spec.name in TRANSLATED_LANGUAGES:
            continue
        value = item.__dict__[spec.name]
        if isinstance(value, Content):
            yield from every_translated(value, (*path, spec.name))
        elif isinstance(value, list):
            for i, element in enumerate(value):
                yield from every_translated(element, (*path, spec.name, i))
