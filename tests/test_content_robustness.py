"""No deck file makes the loader raise anything but DeckError, and every finding about an item has a line.

Each key a card, hero, boss or mission can hold is given a value of every TOML type in turn (and an unknown key
is added), over a valid base deck.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from twentystrong.content.loader import DeckError, load_deck
from twentystrong.content.sections import sections

PLAIN = Path(__file__).parent / "decks" / "plain"

VALUES = [
    "0",
    "-1",
    "99",
    "2.5",
    "true",
    '""',
    '"x"',
    '"Not An Id"',
    "[]",
    "[1, 2]",
    '["red", "pink"]',
    "{}",
    '{ kind = "heal" }',
    '[{ kind = "heel" }]',
    "[{ amount = 1 }]",
    "1979-05-27",
]

BASE = {
    "card": '[[card]]\nid = "probe"\nname = "Probe"\nlevel = 1\nhealth = 3\ndamage = 1\n',
    "hero": '[[hero]]\nid = "probe"\nname = "Probe"\nhealth = 3\nstrategy = 3\nrecovery = 3\n',
    "boss": '[[boss]]\nid = "probe"\nname = "Probe"\nhealth = 9\ndamage = 1\n',
    "mission": '[[mission]]\nid = "probe"\nname = "Probe"\ncondition = "items_used"\n',
}


def _keys(section: str) -> list[str]:
    return [*(f.name for f in dataclasses.fields(sections()[section].model)), "unknown_key"]


CASES = [(section, key) for section in BASE for key in _keys(section)]


@pytest.mark.parametrize(("section", "key"), CASES, ids=[f"{section}.{key}" for section, key in CASES])
def test_every_value_of_every_type_is_reported_with_a_line(section: str, key: str, tmp_path: Path) -> None:
    for n, value in enumerate(VALUES):
        deck = tmp_path / f"deck{n}"
        shutil.copytree(PLAIN, deck)
        lines = [line for line in BASE[section].splitlines() if not line.startswith(f"{key} =")]
        (deck / "probe.toml").write_text("\n".join([*lines, f"{key} = {value}", ""]))
        try:
            load_deck(deck)
        except DeckError as exc:
            assert exc.findings
            for finding in exc.findings:
                assert finding.line is not None, finding
                assert finding.message and "Traceback" not in finding.message
