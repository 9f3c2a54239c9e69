"""Deck files of Hoplomachus Victorum (issue 18 "Content model"): camp cards with their kind, Influence icon and an
Opportunity's condition, Scions with two sides, heroes with a Primus side and a Bane, Tactics; ``twentystrong
validate`` checks the deck's structure with the same file/line/field messages; the JSON Schema covers it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from arena import DECK, HV_PATH

from twentystrong.cli.main import main
from twentystrong.content.loader import DeckError, load_deck
from twentystrong.content.schema import deck_schema
from twentystrong.kits.hoplomachus_victorum.content import CampCard, primus_side, scions_of, tactics_of

PLAIN = Path(__file__).parent / "decks" / "plain"


def copy(tmp_path: Path, source: Path = HV_PATH) -> Path:
    folder = tmp_path / "deck"
    shutil.copytree(source, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def findings(folder: Path) -> list[tuple[str, int | None, str | None, str | None, str]]:
    with pytest.raises(DeckError) as caught:
        load_deck(folder)
    return [(Path(f.file).name, f.line, f.item, f.field, f.message) for f in caught.value.findings]


def test_the_test_deck_is_a_whole_deck() -> None:
    """The test deck has the structure the rules need: 54 camp cards of the three kinds, 9 Scions, 8 Victorum heroes
    with their Primus and Banes, 8 Tactics; the Tactics and the Primus are found by id."""
    assert len(DECK.cards) == 54 and all(isinstance(c, CampCard) for c in DECK.cards)
    kinds = [c.kind for c in DECK.cards if isinstance(c, CampCard)]
    assert (kinds.count("bloodshed"), kinds.count("sport"), kinds.count("opportunity")) == (24, 18, 12)
    assert len(scions_of(DECK)) == 9 and len(tactics_of(DECK)) == 8
    assert all((p := primus_side(h)) is not None and p.bane for h in DECK.heroes)
    assert DECK.card("t-salve").reward is not None and DECK.card("t-salve").reward.kind == "single_use"
    assert DECK.boss("p-darius").name == "Darius the Net" and DECK.boss("sc-lanista").entourage == 1
    assert DECK.is_boss("p-darius") and not DECK.is_boss("b-raider")


@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [
        (
            "camps.toml",
            'kind = "bloodshed"\nhealth = 2\ndamage = 1\nadditional = 1',
            'kind = "bloodshed"\ndamage = 1\nadditional = 1',
            (
                "camps.toml",
                5,
                'camp "b-raider"',
                "health",
                "health is required for a bloodshed card (an enemy): the damage needed to defeat it",
            ),
        ),
        (
            "camps.toml",
            '[camp.condition]\nkind = "spectates"\n',
            "",
            (
                "camps.toml",
                31,
                'camp "o-spectator"',
                "condition",
                'condition is required when kind is "opportunity": what the Opportunity asks',
            ),
        ),
        (
            "camps.toml",
            'id = "o-spectator"\nname = "Crowd Favourite"\nkind = "opportunity"\n',
            'id = "o-spectator"\nname = "Crowd Favourite"\nkind = "opportunity"\nhealth = 3\n',
            (
                "camps.toml",
                35,
                'camp "o-spectator"',
                "health",
                "health has no meaning on an Opportunity (it is not an enemy): leave it out",
            ),
        ),
        (
            "heroes.toml",
            '[hero.primus]\nid = "p-vesna"',
            '[hero.primus]\nid = "b-raider"',
            (
                "heroes.toml",
                11,
                'hero "vesna"',
                "primus.id",
                'primus.id "b-raider" is already used by the camp at camps.toml:3; ids must be unique',
            ),
        ),
        (
            "heroes.toml",
            'bane = [\n    { kind = "banish_strongest_pool_die" },\n]',
            'bane = [\n    { kind = "discard_stack_top" },\n]',
            (
                "heroes.toml",
                17,
                'hero "vesna"',
                "primus.bane[0].kind",
                'primus.bane[0].kind "discard_stack_top" acts on solar-sentinels zones: it does nothing in a '
                "hoplomachus-victorum deck",
            ),
        ),
        (
            "scions.toml",
            'kind = "influence_scaling", grows = "health"',
            'kind = "influence_scaling", grows = "strategy"',
            ("scions.toml", None, 'scion "sc-lanista"', "rules[0].grows", 'rules[0].grows must be one of "health"'),
        ),
    ],
    ids=[
        "enemy-without-health",
        "opportunity-without-condition",
        "opportunity-with-health",
        "primus-id-taken",
        "foreign-effect-kind",
        "scaling-of-a-stat",
    ],
)
def test_a_broken_deck_says_where_and_why(
    tmp_path: Path, file: str, old: str, new: str, expected: tuple[str, int | None, str, str | None, str]
) -> None:
    folder = copy(tmp_path)
    edit(folder / file, old, new)
    found = findings(folder)
    assert len(found) == 1, found
    name, line, item, field, message = found[0]
    assert (name, item, field) == expected[:1] + expected[2:4]
    if expected[1] is not None:
        assert line == expected[1]
    assert message.startswith(expected[4]), message


def test_the_deck_s_structure_is_checked(tmp_path: Path) -> None:
    """At least 54 camp cards, 9 Scions, 8 Victorum heroes (each with a Primus side), 4 Tactics; no Solar Sentinels
    sections; and a Solar Sentinels deck holds no camps nor this deck's effect kinds."""
    folder = copy(tmp_path)
    text = (folder / "camps.toml").read_text()
    last = text.rindex("[[camp]]")
    (folder / "camps.toml").write_text(text[:last])
    (folder / "extra.toml").write_text('[[card]]\nid = "c1"\nname = "C"\nlevel = 1\nhealth = 2\ndamage = 1\n')
    edit(folder / "heroes.toml", '[hero.primus]\nid = "p-brenn"', '[hero.mystery]\nid = "p-brenn"')
    messages = [f[4] for f in findings(folder)]
    assert any(m.startswith("unknown field") or "mystery" in m for m in messages), messages
    edit(folder / "heroes.toml", '[hero.mystery]\nid = "p-brenn"', '[hero.primus]\nid = "p-brenn"')
    messages = [f[4] for f in findings(folder)]
    assert "a hoplomachus-victorum deck needs at least 54 [[camp]] tables (9 camps of 6), found 53" in messages
    assert any(m.startswith("a hoplomachus-victorum deck holds no [[card]] tables") for m in messages), messages

    plain = copy(tmp_path / "ss", PLAIN)
    (plain / "arena.toml").write_text(
        '[[camp]]\nid = "x1"\nname = "X"\nkind = "sport"\nhealth = 1\n\n'
        '[[hero]]\nid = "trainer"\nname = "Trainer"\nhealth = 5\nstrategy = 3\nrecovery = 3\n'
        'ability = [{ kind = "recruit" }]\n'
    )
    messages = [f[4] for f in findings(plain)]
    assert any(m.startswith("a solar-sentinels deck holds no [[camp]] tables") for m in messages), messages
    assert any("acts on hoplomachus-victorum zones" in m for m in messages), messages


def test_validate_reports_the_deck(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(HV_PATH)]) == 0
    assert capsys.readouterr().out == f'{HV_PATH}: ok (deck "hv-test", hoplomachus-victorum)\n'


def test_the_schema_covers_the_deck() -> None:
    """``[[camp]]``, ``[[scion]]``, ``[[tactic]]`` and a hero's ``primus`` side are in the JSON Schema, with the field
    descriptions."""
    schema = deck_schema()
    assert {"camp", "scion", "tactic"} <= set(schema["properties"])
    defs = schema["$defs"]
    assert defs["CampCard"]["properties"]["kind"]["enum"] == ["bloodshed", "sport", "opportunity"]
    assert schema["properties"]["hero"]["items"] == {"$ref": "#/$defs/VictorumHero"}  # the kit's extended hero
    assert defs["VictorumHero"]["properties"]["primus"]["anyOf"][0] == {"$ref": "#/$defs/Primus"}
    assert defs["VictorumHero"]["properties"]["ability"]["description"]  # the general fields keep their words
    assert "Bane" in defs["Primus"]["properties"]["bane"]["description"]
    assert defs["Scion"]["properties"]["spectate"]["description"].startswith("The Spectate side")
    assert "kind" in defs["OpportunityCondition"]["properties"]


def test_the_readme_s_example_cards_are_valid() -> None:
    """The README's Hoplomachus Victorum example (a camp enemy, an Opportunity, a Scion, a hero with its Primus side,
    a Tactic) validates: the documentation cannot drift from the model."""
    import re
    import tomllib

    from twentystrong.content.loader import validate
    from twentystrong.content.sections import sections

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    part = readme.split("### A Hoplomachus Victorum deck", 1)[1]
    example = re.search(r"```toml\n(.+?)\n```", part, re.S)
    assert example is not None
    doc = tomllib.loads(example.group(1))
    checked = [validate(sections()[section].model, item) for section, items in doc.items() for item in items]
    assert len(checked) == 5
