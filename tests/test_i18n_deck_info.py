"""A deck's title and description in German and French (issue 29): translated in ``deck.toml`` as card words are
(``[deck.de]``, ``[deck.fr]``), read key by key in the language spoken, English when left out; ``validate`` warns
about a missing translation and refuses a key the deck table has not; the record keeps the English title."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from twentystrong import i18n
from twentystrong.cli.main import main
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.reading import read_deck
from twentystrong.content.source import DeckError
from twentystrong.content.translations import english

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"


@pytest.mark.parametrize(
    ("deck_id", "language", "title", "opening"),
    [
        ("solar-sentinels", "de", "Solar Sentinels: Operation Rückseite", "Die Horde hat sich unter dem Mond"),
        ("solar-sentinels", "fr", "Solar Sentinels : Opération Face cachée", "La Horde s'est terrée sous la Lune"),
        ("hoplomachus-victorum", "de", "Hoplomachus Victorum: Die Glutspiele", "Einmal in jeder Generation"),
        ("hoplomachus-victorum", "fr", "Hoplomachus Victorum : Les Jeux de braise", "Une fois par génération"),
    ],
)
def test_shipped_decks_title_and_description_translated(deck_id: str, language: str, title: str, opening: str) -> None:
    deck = load_shipped(deck_id)
    english_title = deck.info.title
    i18n.set_language(language)
    assert deck.info.title == title
    assert deck.info.description.startswith(opening)
    assert english(deck.info, "title") == english_title  # what the class holds: equality, saves, the record
    i18n.set_language("en")
    assert deck.info.title == english_title


def test_shipped_decks_warn_about_no_missing_deck_words() -> None:
    for deck_id in ("solar-sentinels", "hoplomachus-victorum"):
        _deck, warnings = read_deck(_shipped(deck_id))
        assert not [w for w in warnings if "deck.toml" in w.file]


def _shipped(deck_id: str) -> Path:
    return Path(__file__).resolve().parent.parent / "content" / deck_id


def test_a_deck_without_translations_reads_english_and_is_warned() -> None:
    deck, warnings = read_deck(PLAIN)
    i18n.set_language("de")
    assert deck.info.title == "Plain test deck"
    deck_warnings = [w.message for w in warnings if w.file.endswith("deck.toml")]
    assert deck_warnings == [
        "warning: no German (de) title, description; no French (fr) title, description (read in English)"
    ]


def test_one_key_translated_falls_back_per_key(tmp_path: Path) -> None:
    deck_dir = tmp_path / "plain"
    shutil.copytree(PLAIN, deck_dir)
    with (deck_dir / "deck.toml").open("a", encoding="utf-8") as file:
        file.write('\n[deck.fr]\ntitle = "Paquet de test simple"\n')
    deck, warnings = read_deck(deck_dir)
    i18n.set_language("fr")
    assert deck.info.title == "Paquet de test simple"
    assert deck.info.description == "General rules only: no effects."  # not translated: English
    said = next(w.message for w in warnings if w.file.endswith("deck.toml"))
    assert said == "warning: no German (de) title, description; no French (fr) description (read in English)"


def test_a_deck_table_translating_a_word_it_has_not_is_refused(tmp_path: Path) -> None:
    deck_dir = tmp_path / "plain"
    shutil.copytree(PLAIN, deck_dir)
    with (deck_dir / "deck.toml").open("a", encoding="utf-8") as file:
        file.write('\n[deck.de]\nname = "Einfach"\n')
    with pytest.raises(DeckError) as error:
        load_deck(deck_dir)
    assert "de.name: this table has no name to translate" in str(error.value)


def test_validate_warns_about_the_plain_decks_title(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(PLAIN)]) == 0
    err = capsys.readouterr().err
    assert "deck.toml" in err
    assert "no German (de) title, description" in err
