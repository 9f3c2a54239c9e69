"""Loading decks: the plain test deck, content hashes, single-file decks, strict types, shipped decks."""

from __future__ import annotations

import shutil
from functools import partial
from pathlib import Path

import pytest

from twentystrong.content import loader
from twentystrong.content.effects import Heal, effect_kinds
from twentystrong.content.loader import DeckError, deck_files, load_deck, load_shipped
from twentystrong.kits.solar_sentinels.content import mission_by_id, missions_of

PLAIN = Path(__file__).parent / "decks" / "plain"
CORPUS = Path(__file__).parent / "broken_decks"


@pytest.fixture
def plain_copy(tmp_path: Path) -> Path:
    deck = tmp_path / "plain"
    shutil.copytree(PLAIN, deck)
    return deck


def test_plain_deck_loads_with_its_counts() -> None:
    deck = load_deck(PLAIN)
    assert (deck.id, deck.info.ruleset) == ("plain", "solar-sentinels")
    assert (len(deck.heroes), len(deck.cards), len(deck.bosses), len(missions_of(deck))) == (2, 45, 2, 4)
    assert sum(c.level == 1 for c in deck.cards) == 26
    assert sum(c.mandatory for c in deck.cards) == 4


def test_cards_keep_file_order_and_nested_tables() -> None:
    deck = load_deck(PLAIN)
    assert [c.id for c in deck.cards[:3]] == ["c01", "c02", "c03"]
    reward = deck.card("c02").reward
    assert reward is not None and reward.kind == "instant"
    assert reward.effects == [Heal(kind="heal", amount=1)]


def test_deck_files_puts_deck_toml_first() -> None:
    names = [p.name for p in deck_files(PLAIN)]
    assert names == ["deck.toml", "bosses.toml", "conflicts.toml", "heroes.toml", "missions.toml"]


def test_content_hash_is_stable_across_loads_and_locations(plain_copy: Path) -> None:
    first = load_deck(PLAIN).content_hash
    assert len(first) == 64
    assert load_deck(PLAIN).content_hash == first
    assert load_deck(plain_copy).content_hash == first  # the folder's location is not content


def test_content_hash_changes_when_a_file_changes(plain_copy: Path) -> None:
    before = load_deck(plain_copy).content_hash
    conflicts = plain_copy / "conflicts.toml"
    conflicts.write_text(conflicts.read_text().replace('name = "Card 1"', 'name = "Card One"'))
    assert load_deck(plain_copy).content_hash != before


def test_content_hash_changes_when_a_file_is_added(plain_copy: Path) -> None:
    before = load_deck(plain_copy).content_hash
    (plain_copy / "more.toml").write_text('[[mission]]\nid = "m-more"\nname = "More"\ncondition = "items_used"\n')
    deck = load_deck(plain_copy)
    assert deck.content_hash != before
    assert mission_by_id(deck, "m-more").condition == "items_used"


def test_a_file_inside_a_deck_folder_loads_on_its_own_as_a_one_file_deck() -> None:
    with pytest.raises(DeckError) as caught:
        load_deck(PLAIN / "heroes.toml")
    assert [f.field for f in caught.value.findings] == ["deck"]


def test_a_single_file_deck_loads(tmp_path: Path) -> None:
    text = "\n".join(p.read_text() for p in deck_files(PLAIN))
    (tmp_path / "whole.toml").write_text(text)
    deck = load_deck(tmp_path / "whole.toml")
    assert (deck.id, len(deck.cards), len(deck.heroes)) == ("plain", 45, 2)


def test_values_are_not_coerced(plain_copy: Path) -> None:
    # TOML has real booleans and integers; "yes" or "3" is a mistake to report, not a value to guess at.
    hero = plain_copy / "heroes.toml"
    hero.write_text(hero.read_text().replace("health = 6", 'health = "6"'))
    with pytest.raises(DeckError) as caught:
        load_deck(plain_copy)
    assert [str(f).split(": ", 1)[1] for f in caught.value.findings] == ['health must be a whole number 1–6, got "6"']


def test_every_problem_is_reported_not_just_the_first(plain_copy: Path) -> None:
    conflicts = plain_copy / "conflicts.toml"
    conflicts.write_text(conflicts.read_text().replace("health = 3", "health = 30"))
    with pytest.raises(DeckError) as caught:
        load_deck(plain_copy)
    assert len(caught.value.findings) == 4  # c01, c13, c18 and c25 have health 3
    assert all(f.field == "health" and f.message == "health must be 1–12, got 30" for f in caught.value.findings)
    assert [f.line for f in caught.value.findings] == sorted(f.line or 0 for f in caught.value.findings)


def test_unknown_kind_message_lists_every_kind(plain_copy: Path) -> None:
    shutil.copyfile(CORPUS / "unknown-effect-kind" / "wasps.toml", plain_copy / "wasps.toml")
    with pytest.raises(DeckError) as caught:
        load_deck(plain_copy)
    message = caught.value.findings[0].message
    assert message.endswith("valid kinds: " + ", ".join(effect_kinds()))


def test_a_broken_file_does_not_hide_problems_in_the_others(plain_copy: Path) -> None:
    (plain_copy / "broken.toml").write_text("[[card]\n")
    heroes = plain_copy / "heroes.toml"
    heroes.write_text(heroes.read_text().replace("recovery = 1", "recovery = 0"))
    with pytest.raises(DeckError) as caught:
        load_deck(plain_copy)
    assert [(Path(f.file).name, f.line) for f in caught.value.findings] == [("broken.toml", 1), ("heroes.toml", 13)]


def test_missing_path_and_empty_folder(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="no such file or folder"):
        load_deck(tmp_path / "nowhere")
    with pytest.raises(DeckError, match="no .toml files in this folder"):
        load_deck(tmp_path)


def test_load_shipped_unknown_id_is_a_clear_deck_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader, "shipped_deck_dirs", lambda: {"plain": PLAIN})
    load_shipped.cache_clear()
    with pytest.raises(DeckError) as caught:
        load_shipped("plian")
    assert str(caught.value) == 'plian: no shipped deck "plian" (did you mean "plain"?); shipped decks: plain'
    assert load_shipped("plain").id == "plain"
    load_shipped.cache_clear()


def test_load_shipped_requires_the_id_to_match_the_folder(monkeypatch: pytest.MonkeyPatch, plain_copy: Path) -> None:
    monkeypatch.setattr(loader, "shipped_deck_dirs", lambda: {"other": plain_copy})
    load_shipped.cache_clear()
    with pytest.raises(DeckError) as caught:
        load_shipped("other")
    load_shipped.cache_clear()
    (finding,) = caught.value.findings
    assert (Path(finding.file).name, finding.line, finding.field) == ("deck.toml", 3, "id")
    assert finding.message == 'id must match the deck\'s folder name "other", got "plain"'


def test_deck_lookups_raise_key_error_for_unknown_ids() -> None:
    deck = load_deck(PLAIN)
    assert deck.hero("tester").name == "Tester"
    for lookup in (deck.card, deck.boss, deck.hero, partial(mission_by_id, deck)):
        with pytest.raises(KeyError):
            lookup("nobody")
