"""Words in three languages (architecture.md contract 13): choosing the language, plurals, fallback, lazy text, and
the catalogue reader and its cache (twentystrong/i18n/).

The catalogues' content (every message in every language, nothing fuzzy) is tests/test_i18n_catalogues.py; the
glossary's citations are tests/test_i18n_glossary.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from twentystrong import i18n
from twentystrong.i18n import (
    LANGUAGES,
    _,
    language,
    language_from_environment,
    lazy_gettext,
    lazy_ngettext,
    ngettext,
    set_language,
    term,
)
from twentystrong.i18n.catalogue import CatalogueError, cache_dir, load, read_po

UNKNOWN = "Unknown language {code}: choose one of {choices}."


@pytest.fixture(autouse=True)
def _environment_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts from a clean environment (no locale variables) and leaves no language chosen behind."""
    for variable in i18n.ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)
    set_language(None)
    yield
    set_language(None)


# ------------------------------------------------------------------------------------------- choosing a language


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "fr_FR.UTF-8", "LC_ALL": "de_AT@euro"}, "de"),  # LC_ALL beats LANG
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR"}, "fr"),  # LC_MESSAGES beats LANG
        ({"LC_ALL": "fr_FR.UTF-8", "LANGUAGE": "de"}, "de"),  # LANGUAGE beats them all
        ({"LANGUAGE": "it:fr:de", "LANG": "de_DE"}, "fr"),  # the first language of the list the game speaks
        ({"LANGUAGE": "it:es", "LANG": "de_DE.UTF-8"}, "de"),  # none spoken: the next variable
        ({"LANG": "C"}, "en"),
        ({"LC_ALL": "POSIX", "LANG": "de_DE.UTF-8"}, "en"),  # a set locale decides, even one the game lacks
        ({"LANG": "ja_JP.UTF-8"}, "en"),
        ({"LANG": ""}, "en"),
    ],
)
def test_the_language_comes_from_the_environment_as_gettext_reads_it(environ: dict[str, str], expected: str) -> None:
    assert language_from_environment(environ) == expected


def test_the_process_environment_decides_until_a_language_is_set(monkeypatch: pytest.MonkeyPatch) -> None:
    assert language() == "en"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    set_language(None)  # a new run's start: the environment decides
    assert language() == "fr"
    assert term("strategy-phase") == "phase de Stratégie"
    assert set_language("de") == "de"  # --lang / the setup screen beat the environment
    assert language() == "de"
    assert set_language(None) == "fr"  # and give way to it again


def test_the_environment_is_read_once_not_per_word(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every word asks for the language (the engine and the bots too): the four variables are read at the first
    word of a run, and a change to them later is not a switch (``set_language`` is)."""
    reads: list[object] = []
    read = i18n.language_from_environment

    def counted(environ: object = None) -> str:
        reads.append(environ)
        return read()

    monkeypatch.setattr(i18n, "language_from_environment", counted)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    set_language(None)
    for _n in range(100):
        assert term("exhausted") == "erschöpft"
        assert ngettext("{n} die", "{n} dice", 2) == "{n} Würfel"
    assert len(reads) == 1
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert language() == "de"  # decided for the run
    assert set_language("fr") == "fr" and language() == "fr"  # a switch: the next word
    assert len(reads) == 1  # a chosen language reads no variable
    assert set_language(None) == "fr" and len(reads) == 2  # the environment decides again: read again, once


def test_set_language_takes_effect_on_the_next_call() -> None:
    """No restart: a message asked for after the switch is in the new language (nothing was kept translated)."""
    assert term("exhausted") == "exhausted"
    set_language("de")
    assert term("exhausted") == "erschöpft"
    set_language("fr")
    assert term("exhausted") == "épuisé"
    set_language("de_CH.UTF-8")  # a locale name works too
    assert language() == "de"
    set_language("en")
    assert term("exhausted") == "exhausted"


def test_an_unknown_language_is_refused_in_words_of_the_language_spoken() -> None:
    with pytest.raises(ValueError, match=r"Unknown language xx: choose one of en, de, fr\."):
        set_language("xx")
    set_language("de")
    with pytest.raises(ValueError, match=r"Unbekannte Sprache tlh: wähle eine von en, de, fr\."):
        set_language("tlh")
    assert language() == "de"  # the refusal changed nothing


def test_every_language_has_its_own_name() -> None:
    assert LANGUAGES == {"en": "English", "de": "Deutsch", "fr": "Français"}


# ------------------------------------------------------------------------------------------------ plural forms


@pytest.mark.parametrize(
    ("code", "forms"),
    [
        ("en", {0: "misses", 1: "miss", 2: "misses", 5: "misses"}),
        ("de", {0: "Fehlschläge", 1: "Fehlschlag", 2: "Fehlschläge", 5: "Fehlschläge"}),
        ("fr", {0: "échec", 1: "échec", 2: "échecs", 5: "échecs"}),  # French: 0 is singular
    ],
)
def test_plural_forms_follow_each_languages_rule(code: str, forms: dict[int, str]) -> None:
    set_language(code)
    assert {n: term("miss", n) for n in forms} == forms


def test_plural_forms_of_other_terms() -> None:
    set_language("de")
    assert [term("reward", n) for n in (1, 2)] == ["Belohnung", "Belohnungen"]
    assert [term("die", n) for n in (1, 2)] == ["Würfel", "Würfel"]
    set_language("fr")
    assert [term("die", n) for n in (0, 1, 2)] == ["dé", "dé", "dés"]
    assert [term("special-effect", n) for n in (1, 3)] == ["effet spécial", "effets spéciaux"]


# ---------------------------------------------------------------------------------------------------- fallback


def test_a_message_missing_from_a_catalogue_reads_in_english() -> None:
    set_language("fr")
    assert _("A message no catalogue holds") == "A message no catalogue holds"
    assert ngettext("{n} lost die", "{n} lost dice", 1) == "{n} lost die"
    assert ngettext("{n} lost die", "{n} lost dice", 3) == "{n} lost dice"  # the source language's own rule


PO = r"""
# a comment
msgid ""
msgstr ""
"Plural-Forms: nplurals=2; plural=(n > 1);\n"
"Content-Type: text/plain; charset=utf-8\n"

#: twentystrong/x.py
msgid "Roll"
msgstr "Lancer"

msgid "Untranslated"
msgstr ""

#, fuzzy
msgid "Fuzzy"
msgstr "Approximatif"

#, python-brace-format
msgid ""
"A long message "
"on two lines with \"quotes\"\tand a tab"
msgstr ""
"Un long message "
"sur deux lignes avec « guillemets »\tet une tabulation"

msgctxt "glossary:die"
msgid "die"
msgid_plural "dice"
msgstr[0] "dé"
msgstr[1] "dés"

msgid "{n} hit"
msgid_plural "{n} hits"
msgstr[0] "{n} touche"
msgstr[1] ""

#~ msgid "Obsolete"
#~ msgstr "Obsolète"
"""


def test_the_reader_keeps_what_msgfmt_keeps(tmp_path: Path) -> None:
    """Translated entries, contexts, plurals and continued lines are read; fuzzy, empty and obsolete ones are not
    (so those messages read in English, one by one)."""
    messages = read_po(PO)
    assert messages["Roll"] == "Lancer"
    assert messages['A long message on two lines with "quotes"\tand a tab'] == (
        "Un long message sur deux lignes avec « guillemets »\tet une tabulation"
    )
    assert messages["glossary:die\x04die\0dice"] == "dé\0dés"
    assert {"Untranslated", "Fuzzy", "Obsolete", "{n} hit\0{n} hits"}.isdisjoint(messages)
    path = tmp_path / "fr.po"
    path.write_text(PO, encoding="utf-8")
    translations = load(path)
    assert translations.gettext("Roll") == "Lancer"
    assert translations.gettext("Fuzzy") == "Fuzzy"
    assert translations.gettext("Untranslated") == "Untranslated"
    assert translations.npgettext("glossary:die", "die", "dice", 0) == "dé"
    assert translations.npgettext("glossary:die", "die", "dice", 2) == "dés"
    assert translations.ngettext("{n} hit", "{n} hits", 2) == "{n} hits"  # a plural half translated: English


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ('msgid "a"\nmsgstr "b\n', "line 2: expected a quoted string"),
        ('"lonely"\n', "line 1: a string continues nothing"),
        ('msgid "a"\nmsgfoo "b"\n', "line 2: unknown keyword 'msgfoo'"),
    ],
)
def test_a_broken_catalogue_is_named_with_its_line(text: str, complaint: str) -> None:
    with pytest.raises(CatalogueError, match=complaint):
        read_po(text, "broken.po")


# ------------------------------------------------------------------------------------------- lazy constants


GREETING = lazy_gettext("Unknown language {code}: choose one of {choices}.")
MISSES = i18n.LazyText("miss", "misses", 2, context="glossary:miss")


def test_a_lazy_constant_reads_in_the_language_spoken_when_shown() -> None:
    assert str(GREETING) == UNKNOWN
    assert str(MISSES) == "misses"
    set_language("fr")
    assert str(GREETING).startswith("Langue inconnue")
    assert f"{MISSES:>8}" == "  échecs"
    assert str(lazy_ngettext("{n} lost die", "{n} lost dice", 2)) == "{n} lost dice"


# ---------------------------------------------------------------------------------------- the compiled cache


def test_a_catalogue_is_compiled_once_and_read_from_the_cache_after(tmp_path: Path) -> None:
    path = tmp_path / "fr.po"
    path.write_text(PO, encoding="utf-8")
    assert load(path, "fr").gettext("Roll") == "Lancer"
    [cached] = cache_dir().glob("locale-fr-*.mo")
    cached.write_bytes(cached.read_bytes().replace(b"Lancer", "Lancé".encode()))  # as many bytes: a valid image
    assert load(path, "fr").gettext("Roll") == "Lancé"  # proof that the image was read, not the .po
    path.write_text(PO.replace("Lancer", "Jeter"), encoding="utf-8")
    assert load(path, "fr").gettext("Roll") == "Jeter"  # an edited catalogue is never read stale
    assert [p.name for p in cache_dir().glob("locale-fr-*.mo")] != [cached.name]  # and replaces the old image
    assert len(list(cache_dir().glob("locale-fr-*.mo"))) == 1


def test_a_damaged_or_unwritable_cache_is_only_a_slower_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "fr.po"
    path.write_text(PO, encoding="utf-8")
    load(path, "fr")
    [cached] = cache_dir().glob("locale-fr-*.mo")
    cached.write_bytes(b"not a catalogue")
    assert load(path, "fr").gettext("Roll") == "Lancer"
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the data folder should be")
    monkeypatch.setenv("TWENTYSTRONG_DATA_DIR", str(blocked))
    assert load(path, "fr").gettext("Roll") == "Lancer"


# ------------------------------------------------------------------------------------------ the player's path

_PROBE = """
import json, sys
import twentystrong.i18n as i18n
i18n.set_language("de")
words = [i18n.term("miss", 2), i18n._("Unknown language {code}: choose one of {choices}.")]
heavy = {"babel", "textual", "rich", "pydantic", "tomllib"}
print(json.dumps({"words": words, "modules": sorted(m for m in sys.modules if m.split(".")[0] in heavy
    or m in {"twentystrong.i18n.glossary", "twentystrong.i18n.tools"})}))
"""


def test_the_players_path_loads_no_babel_textual_or_rich() -> None:
    """Importing the package and speaking German (a catalogue read, a glossary term) imports no tool of the
    developers' (Babel, the glossary's TOML parser) and no front end: the engine and the command line may use it
    freely."""
    result = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120, check=True)
    answer = json.loads(result.stdout.strip().splitlines()[-1])
    assert answer["words"] == ["Fehlschläge", "Unbekannte Sprache {code}: wähle eine von {choices}."]
    assert answer["modules"] == []
