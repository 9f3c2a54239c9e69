"""Cards in three languages (issue 29): a card's name, flavour and own wording from its deck file's translation
tables (``[card.de]``, ``[card.fr]``), read in the language spoken now; English, key by key, for a word left
untranslated; ``validate`` warns about what is missing (twentystrong/content/translations.py).

The generated text of a card's effects, timings and rewards in each language is in the second half of this file.
"""

from __future__ import annotations

import pickle
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from twentystrong import i18n
from twentystrong.cli.main import main
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.content.source import DeckError
from twentystrong.i18n import set_language
from twentystrong.kits.hoplomachus_victorum.content import tactic_by_id
from twentystrong.text.cards import all_cards, describe_any

PLAIN = Path(__file__).parent / "decks" / "plain"


@pytest.fixture(autouse=True)
def _english_unless_chosen(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts in English (no locale variables) and leaves no language chosen behind."""
    for variable in i18n.ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)
    set_language(None)
    yield
    set_language(None)


@pytest.fixture(scope="module")
def solar() -> Deck:
    return load_shipped("solar-sentinels")


@pytest.fixture(scope="module")
def victorum() -> Deck:
    return load_shipped("hoplomachus-victorum")


def test_a_card_reads_its_name_and_flavour_in_the_language_chosen(solar: Deck) -> None:
    card = solar.card("regolith-crawler")
    assert (card.name, card.flavour[:9]) == ("Regolith Crawler", "It grazes")
    set_language("de")
    assert card.name == "Regolithkriecher"
    text = describe_any(solar, "regolith-crawler")
    assert (text.name, text.flavour) == ("Regolithkriecher", card.flavour)
    assert card.flavour.startswith("Er weidet Mondstaub")
    set_language("fr")
    assert describe_any(solar, "regolith-crawler").name == "Rampeur de régolithe"
    assert card.flavour.startswith("Il broute la poussière lunaire")


def test_the_english_words_stay_what_the_card_holds(solar: Deck) -> None:
    """Equality, copies and the pickled deck cache see the English words whatever language is spoken."""
    set_language("de")
    hero = solar.heroes[0]
    copy = hero.model_copy(update={"id": "copy"})
    unpickled = pickle.loads(pickle.dumps(solar))
    set_language("en")
    assert copy.name == hero.name == "Corona"
    assert unpickled == solar and unpickled.card("plasma-gnat").name == "Plasma Gnat"
    set_language("fr")
    assert unpickled.card("plasma-gnat").name == "Moucheron à plasma"


def test_every_shipped_card_has_its_words_in_german_and_french(solar: Deck, victorum: Deck) -> None:
    for deck in (solar, victorum):
        english = {t.id: (t.name, t.flavour) for t in all_cards(deck)}
        for code in ("de", "fr"):
            set_language(code)
            for text in all_cards(deck):
                assert text.name, (code, text.id)  # a proper name may be the same (Corona, Marcus Pyrrho …)
                assert text.flavour and text.flavour != english[text.id][1], (code, text.id)
            set_language(None)


def test_the_sides_a_card_is_played_as_carry_its_translations(victorum: Deck) -> None:
    """A Primus fought as a boss and a Tactic held as an item keep their translations (and their own wording)."""
    set_language("de")
    assert victorum.boss("varro-unburnt").name == "Varro der Unverbrannte"
    tactic = tactic_by_id(victorum, "battle-fury").as_card()
    assert tactic.name == "Kampfeswut"
    assert tactic.reward is not None and tactic.reward.text == "Jeder Würfel verursacht in dieser Runde 1 Schaden mehr."
    set_language("fr")
    assert victorum.boss("lucan-the-younger").name == "Lucain le Jeune"


def test_an_effect_and_a_reward_read_their_own_wording_translated(victorum: Deck) -> None:
    set_language("fr")
    bull = describe_any(victorum, "gore-bull").plain()
    assert "S’il n’est pas le premier ennemi vaincu ce tour" in bull
    thracian = victorum.card("chained-thracian")
    assert thracian.reward is not None and thracian.reward.text.startswith("Vainquez un ennemi de camp actif")


def _deck_with(tmp_path: Path, extra: str) -> Path:
    deck = tmp_path / "deck"
    shutil.copytree(PLAIN, deck)
    with (deck / "conflicts.toml").open("a", encoding="utf-8") as handle:
        handle.write(extra)
    return deck


def test_a_word_left_untranslated_reads_in_english_key_by_key(tmp_path: Path) -> None:
    extra = '\n[card.de]\nname = "Glutwespe"\n'  # the last card of the file: a German name, no German flavour
    deck = load_deck(_deck_with(tmp_path, extra))
    card = deck.cards[-1]
    english_name, english_flavour = card.name, card.flavour
    set_language("de")
    assert (card.name, card.flavour) == ("Glutwespe", english_flavour)
    set_language("fr")
    assert (card.name, card.flavour) == (english_name, english_flavour)


def test_a_translation_of_words_the_card_has_not_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DeckError) as caught:
        load_deck(_deck_with(tmp_path, '\n[card.de]\ntext = "Nichts"\n'))
    messages = [f.message for f in caught.value.findings]
    assert messages == ["de.text: this table has no text to translate"]


def test_an_unknown_key_in_a_translation_is_reported(tmp_path: Path) -> None:
    with pytest.raises(DeckError) as caught:
        load_deck(_deck_with(tmp_path, '\n[card.fr]\nflavor = "Elle pique."\n'))
    assert caught.value.findings[0].message.startswith('unknown key "flavor" (did you mean "flavour"?)')


def test_validate_warns_about_missing_translations_without_failing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = _deck_with(tmp_path, '\n[card.de]\nname = "Glutwespe"\nflavour = "Sie sticht."\n')
    assert main(["validate", str(deck)]) == 0
    out, err = capsys.readouterr()
    assert out == f'{deck}: ok (deck "plain", solar-sentinels)\n'
    warnings = err.splitlines()
    assert all(": warning: no " in line for line in warnings)
    last = next(line for line in warnings if "conflicts.toml" in line and "no German (de) name" not in line)
    assert last.endswith(
        "warning: no French (fr) name (read in English); no German (de) gender; no French (fr) gender (its sentences"
        " use a wording without agreement)"
    )
    assert any("heroes.toml" in line and "no German (de) name" in line for line in warnings)


def test_validate_finds_nothing_missing_in_the_shipped_decks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_validate_json_lists_the_warnings_apart_from_the_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    assert main(["validate", "--json", str(_deck_with(tmp_path, ""))]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is True and report["findings"] == []
    assert report["warnings"] and all(w["message"].startswith("warning: no German (de)") for w in report["warnings"])


# --- the generated text: effects, timings, rewards, costs ----------------------------------------------------------


def _lines(deck: Deck, card_id: str) -> list[str]:
    return [str(line) for line in describe_any(deck, card_id).lines]


def test_an_effect_reads_as_a_whole_sentence_in_german_and_french(solar: Deck) -> None:
    assert "During: Crits deal no damage to this card." in _lines(solar, "crater-maw")
    set_language("de")
    lines = _lines(solar, "crater-maw")
    assert "Andauernd: Kritische Treffer verursachen bei dieser Karte keinen Schaden." in lines
    assert "Sofort-Belohnung: Frische 2 Würfel deiner Wahl aus dem Erschöpft-Bereich auf." in lines
    set_language("fr")
    lines = _lines(solar, "crater-maw")
    assert "Continu\u00a0: Les critiques n’infligent aucun dégât à cette carte." in lines
    assert "Récompense instantanée\u00a0: Récupérez 2 dés de votre choix dans la zone d’épuisement." in lines


def test_counts_take_the_languages_own_plural_forms(solar: Deck) -> None:
    """French says 1 dé, 2 dés; German 1 Runde, 2 Runden; a hero's Strategy of 1 is singular too."""
    from twentystrong.content.effects import Recover
    from twentystrong.text.effects import describe_effect

    set_language("fr")
    assert describe_effect(Recover(kind="recover", count=1)) == (
        "Récupérez 1 dé de votre choix dans la zone d’épuisement."
    )
    assert describe_effect(Recover(kind="recover", count=2, colors=["blue"])) == (
        "Récupérez 2 dés bleus de votre choix dans la zone d’épuisement."
    )
    set_language("de")
    hero = describe_any(solar, solar.heroes[0].id)
    assert str(hero.lines[0]).startswith("Strategie: Halte bis zu 3 Loot; spiele bis zu 3 Strategiephasen")


def test_colours_agree_with_the_dice_they_colour() -> None:
    from twentystrong.content.effects import CannotCommitColor, RequiresPair
    from twentystrong.text.effects import describe_effect

    two = CannotCommitColor(kind="cannot_commit_color", colors=["yellow", "green"])
    pair = RequiresPair(kind="requires_pair", color="blue", partner="red")
    assert describe_effect(two) == "Yellow or green dice cannot be committed."
    set_language("fr")
    assert describe_effect(two) == "Les dés jaunes ou verts ne peuvent pas être engagés."
    assert describe_effect(pair).startswith("Un dé bleu ne peut être assigné à cette carte qu’une fois qu’un dé rouge")
    set_language("de")
    assert describe_effect(two) == "Würfel in Gelb oder Grün können nicht aktiviert werden."


def test_a_trigger_and_a_condition_frame_the_sentence_in_each_language(solar: Deck) -> None:
    """German keeps the capital of a sentence after a colon; French puts a space before it."""
    flare = next(h for h in solar.heroes if h.id == "flare")
    english = str(describe_any(solar, flare.id).lines[2])
    assert english == "Ability: When an enemy is defeated, if your Health is below 5: gain 1 Health."
    set_language("de")
    assert str(describe_any(solar, flare.id).lines[2]) == (
        "Fähigkeit: Wenn ein Gegner besiegt wird, wenn dein Leben unter 5 liegt: Erhalte 1 Leben."
    )
    set_language("fr")
    assert str(describe_any(solar, flare.id).lines[2]) == (
        "Capacité\u00a0: Quand un ennemi est vaincu, si votre Santé est inférieure à 5\u00a0: gagnez 1 Santé."
    )


def test_every_generated_line_of_both_decks_is_translated(solar: Deck, victorum: Deck) -> None:
    """No English left in a card's generated text in German or French (a kind its kit words in English only would
    show here); the numbers and the headings a language shares with English (Boss, Sport …) aside."""
    import twentystrong.kits.hoplomachus_victorum.rules.effects  # noqa: F401 - the kits' own effects' words
    import twentystrong.kits.solar_sentinels.rules.effects  # noqa: F401

    same_in_german = {"", "Boss", "Mission", "Scion", "Sport:", "Primus"}
    for deck in (solar, victorum):
        english = {t.id: t for t in all_cards(deck)}
        for code in ("de", "fr"):
            set_language(code)
            for text in all_cards(deck):
                was = english[text.id]
                assert text.subtitle != was.subtitle or was.subtitle in same_in_german, (code, text.id)
                for line, before in zip(text.lines, was.lines, strict=True):
                    assert line.text != before.text, (code, text.id, line.text)
                    assert line.label != before.label or line.label.startswith("+") or line.label in same_in_german
            set_language(None)
