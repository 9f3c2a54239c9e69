"""The catalogues (twentystrong/i18n/locale/*/LC_MESSAGES/twentystrong.po) against the code and the glossary.

``tools.check()`` extracts every marked message of the package with Babel, as ``python -m twentystrong.i18n.tools
update`` does, and holds every catalogue to it: each message present (with the same plural), nothing fuzzy or
untranslated, each plural with the language's number of forms, placeholders that agree, the glossary's terms as the
glossary says, and the game's own ``.po`` reader agreeing with Babel's. It holds as messages move into the code:
a new ``_()`` anywhere in the package fails here until every catalogue has it.
"""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from twentystrong.i18n import tools
from twentystrong.i18n.glossary import load

ROOT = Path(__file__).resolve().parent.parent


def test_every_catalogue_holds_every_message_translated() -> None:
    assert tools.check() == []


def test_the_check_finds_a_message_missing_fuzzy_or_untranslated(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The check can fail: a catalogue with one entry dropped, one fuzzy and one emptied is reported three times."""
    target = tmp_path / "de" / "LC_MESSAGES" / "twentystrong.po"
    target.parent.mkdir(parents=True)
    text = tools.po_path("de").read_text(encoding="utf-8")
    text = text.replace('msgctxt "glossary:round"', 'msgctxt "glossary:rounds-gone"', 1)
    text = text.replace('msgctxt "glossary:cleanup"', '#, fuzzy\nmsgctxt "glossary:cleanup"', 1)
    text = text.replace('msgid "endgame"\nmsgstr "Endkampf"', 'msgid "endgame"\nmsgstr ""', 1)
    target.write_text(text, encoding="utf-8")
    monkeypatch.setattr(tools, "LOCALE_DIR", tmp_path)
    problems = tools.check(["de"])
    assert any("missing 'round' (glossary:round)" in p for p in problems), problems
    assert any("fuzzy 'Cleanup' (glossary:cleanup)" in p for p in problems), problems
    assert any("untranslated 'endgame' (glossary:endgame)" in p for p in problems), problems


def test_the_extraction_finds_the_code_and_the_glossary() -> None:
    """The seed the catalogues hold now: the glossary's terms (each under ``glossary:<id>``) and the messages marked
    in the code (the language refusal); the count grows as words move in."""
    template: Catalog = tools.extract()
    contexts = {message.context for message in template if message.id}
    assert {f"glossary:{entry.id}" for entry in load().terms} <= contexts
    assert template.get("Unknown language {code}: choose one of {choices}.") is not None
    assert len([m for m in template if m.id]) >= len(load().terms) + 1


def test_an_install_ships_the_catalogues() -> None:
    """The one install command gives every language: each data file of twentystrong/i18n is package data."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["twentystrong"]
    package = ROOT / "twentystrong"
    data = [
        path.relative_to(package).as_posix()
        for path in (package / "i18n").rglob("*")
        if path.is_file() and path.suffix not in {".py", ".pyc", ".mo"} and "__pycache__" not in path.parts
    ]
    assert data, "no data files found"
    assert [name for name in data if not any(fnmatch.fnmatch(name, p) for p in patterns)] == []
    assert {"i18n/locale/de/LC_MESSAGES/twentystrong.po", "i18n/locale/fr/LC_MESSAGES/twentystrong.po"} <= set(data)


def test_the_check_finds_a_stale_table_of_terms(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    stale = tmp_path / "terms.py"
    stale.write_text(tools.TERMS.read_text(encoding="utf-8").replace('"rounds"', '"roundz"'), encoding="utf-8")
    monkeypatch.setattr(tools, "TERMS", stale)
    assert tools.check([]) == ["terms.py does not match the glossary: run python -m twentystrong.i18n.tools update"]
