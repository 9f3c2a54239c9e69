"""The broken-deck corpus: each case in tests/broken_decks/ is laid over a copy of the plain deck and must give
exactly one finding, at the right file, line, item and field, with a message a deck author can act on."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import NamedTuple

import pytest

from twentystrong.content.loader import DeckError, load_deck

TESTS = Path(__file__).parent
PLAIN = TESTS / "decks" / "plain"
CORPUS = TESTS / "broken_decks"


class Expected(NamedTuple):
    file: str
    line: int | None
    item: str | None
    field: str | None
    message: str
    """The message must start with this (effect-kind messages go on to list every kind)."""


CASES: dict[str, Expected] = {
    "health-out-of-range": Expected("wasps.toml", 6, 'card "ember-wasp"', "health", "health must be 1–12, got 0"),
    "wrong-type": Expected(
        "wasps.toml", 7, 'card "ember-wasp"', "damage", 'damage must be a whole number 0–6, got "1"'
    ),
    "unknown-key": Expected(
        "wasps.toml",
        8,
        'card "ember-wasp"',
        "flavor",
        'unknown key "flavor" (did you mean "flavour"?); allowed keys here: id, name, level, health, damage, '
        "additional, mandatory, effects, reward, flavour",
    ),
    "unknown-effect-kind": Expected(
        "wasps.toml",
        13,
        'card "ember-wasp"',
        "effects[1].kind",
        'effects[1].kind must be a known effect kind, got "crit_deal_zero" (did you mean "crits_deal_zero"?); '
        "valid kinds: activate_fewer, apply_limit,",
    ),
    "missing-effect-kind": Expected(
        "wasps.toml", 9, 'card "ember-wasp"', "effects[0].kind", "effects[0].kind is required: one of activate_fewer,"
    ),
    "nested-reward-range": Expected(
        "wasps.toml", 32, 'card "ash-moth"', "reward.effects[1].amount", "reward.effects[1].amount must be 1–6, got 0"
    ),
    "inline-effects": Expected(
        "wasps.toml", 10, 'card "ember-wasp"', "effects[1].amount", "effects[1].amount must be 1–6, got 9"
    ),
    "duplicate-id": Expected(
        "wasps.toml",
        3,
        'card "c07"',
        "id",
        'id "c07" is already used by the card at conflicts.toml:77; ids must be unique',
    ),
    "duplicate-id-boss": Expected(
        "more-bosses.toml",
        3,
        'boss "c01"',
        "id",
        'id "c01" is already used by the card at conflicts.toml:2; ids must be unique',
    ),
    "dangling-ignore-kind": Expected(
        "heroes-extra.toml",
        11,
        'hero "warden"',
        "ability[0].kinds[1]",
        'ability[0].kinds[1] must name an effect kind, got "items_blockd" (did you mean "items_blocked"?)',
    ),
    "hero-card-three-heroes": Expected(
        "heroes-extra.toml",
        26,
        'hero "noon"',
        "card",
        'card "sun-card" is already shared by hero "dawn" and hero "dusk"; a physical card has only two sides',
    ),
    "hero-card-same-side": Expected(
        "heroes-extra.toml",
        18,
        'hero "dusk"',
        "side",
        'side must differ from hero "dawn"\'s on card "sun-card", got "a" for both',
    ),
    "syntax-error": Expected("wasps.toml", 6, None, None, "invalid TOML: Invalid value (column 9)"),
    "empty-file": Expected(
        "wasps.toml",
        None,
        None,
        None,
        # The general tables, then each installed kit's (in ruleset id order).
        "file is empty: a deck file holds [deck], [[hero]], [[card]], [[boss]], [[camp]], [[scion]], [[tactic]], "
        "[[mission]] tables",
    ),
    "binary-file": Expected("wasps.toml", None, None, None, "binary file, not TOML text"),
    "not-utf8": Expected("wasps.toml", 4, None, None, "not UTF-8 text (byte 0xea); save the file as UTF-8"),
    "missing-deck-table": Expected(
        "deck.toml", None, None, "deck", "no [deck] table: a deck needs one (in deck.toml) with id, title and ruleset"
    ),
    "second-deck-table": Expected(
        "more.toml",
        2,
        'deck "plain-two"',
        "deck",
        "a deck has one [deck] table; there is already one in deck.toml",
    ),
    "unknown-table": Expected(
        "wasps.toml",
        2,
        None,
        "cards",
        'unknown table "cards" (did you mean [[card]]?); a deck file holds only [deck], [[hero]], [[card]], '
        "[[boss]], [[camp]], [[scion]], [[tactic]], [[mission]]",
    ),
    "card-not-array": Expected(
        "wasps.toml", 2, None, "card", "card must be [[card]] tables (each [[card]] starts one), got a table"
    ),
    "too-few-cards": Expected(
        "deck.toml",
        5,
        'deck "plain"',
        "card",
        "a solar-sentinels deck needs at least 45 [[card]] tables (3 stacks of 15), found 2",
    ),
    "no-boss": Expected(
        "deck.toml", 5, 'deck "plain"', "boss", "a solar-sentinels deck needs at least 1 [[boss]] table, found 0"
    ),
    "level-three": Expected(
        "wasps.toml", 5, 'card "ember-wasp"', "level", "level must be 1 or 2 in a solar-sentinels deck, got 3"
    ),
    "mission-needs-level": Expected(
        "missions-extra.toml",
        2,
        'mission "m-hunt"',
        "level",
        'level is required when condition is "defeats_by_level": the enemy level that counts',
    ),
    "bad-ruleset": Expected(
        "deck.toml",
        5,
        'deck "plain"',
        "ruleset",
        'ruleset must be one of the installed rulesets "hoplomachus-victorum", "solar-sentinels", '
        'got "solar-sentinel" (did you mean "solar-sentinels"?)',
    ),
    "bad-id": Expected(
        "wasps.toml",
        3,
        'card "Ember Wasp"',
        "id",
        "id must be lower-case letters, digits and dashes, starting with a letter or digit, at most 48 characters, "
        'got "Ember Wasp"',
    ),
}


def broken_deck(case: str, tmp_path: Path) -> Path:
    """A copy of the plain deck with the case's files laid over it (same names replace, new names add)."""
    deck = tmp_path / "deck"
    shutil.copytree(PLAIN, deck)
    for file in (CORPUS / case).iterdir():
        shutil.copyfile(file, deck / file.name)
    return deck


def test_every_corpus_case_has_an_expectation() -> None:
    on_disk = {p.name for p in CORPUS.iterdir() if p.is_dir()}
    assert on_disk == set(CASES)
    assert len(on_disk) >= 15


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_deck_reports_one_precise_finding(case: str, tmp_path: Path) -> None:
    with pytest.raises(DeckError) as caught:
        load_deck(broken_deck(case, tmp_path))
    expected = CASES[case]
    assert len(caught.value.findings) == 1, caught.value.findings
    finding = caught.value.findings[0]
    assert (Path(finding.file).name, finding.line, finding.item, finding.field) == expected[:4]
    assert finding.message.startswith(expected.message)
    # The printed form is what a deck author reads: FILE:LINE ITEM: MESSAGE.
    where = finding.file + (f":{expected.line}" if expected.line else "")
    assert str(finding).startswith(where + (f" {expected.item}" if expected.item else "") + ": " + expected.message)
