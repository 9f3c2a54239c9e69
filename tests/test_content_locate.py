"""The TOML source locator: array indices counted like the parser counts them, keys inside nested and inline
tables, and text that only looks like a header (inside strings) ignored."""

from __future__ import annotations

import tomllib

from twentystrong.content.locate import SourceMap

DECK = '''\
[deck]
id = "x"
description = """
[[card]]
not a header: this is inside a multi-line string
"""

[[card]]                # 8
id = "a"
"quoted key" = 1
reward.kind = "instant"  # 11 (dotted key)

[[card.effects]]        # 13
kind = "heal"
amount = 1

[[card]]                # 17
id = "b"
effects = [             # 19
  { kind = "heal", amount = 1 },
  # a comment between elements
  { kind = "roll_test", count = 2, need = 1, on_fail = [
      { kind = "lose_health", amount = 2 },   # 23
  ] },
]
note = 'a [[card]] in a literal string'

[card.reward]           # 28
kind = "single_use"

[[card.reward.effects]] # 31
kind = "heal"

[[card.reward.effects]] # 34
kind = "recover"
count = 2               # 36
'''


def test_the_fixture_is_valid_toml() -> None:
    assert len(tomllib.loads(DECK)["card"]) == 2


def test_array_of_tables_indices_follow_the_headers() -> None:
    lines = SourceMap(DECK)
    assert lines.line_of(("card", 0)) == 8
    assert lines.line_of(("card", 1)) == 17
    assert lines.line_of(("card",)) == 8  # the array as a whole: its first table


def test_keys_dotted_keys_and_quoted_keys() -> None:
    lines = SourceMap(DECK)
    assert lines.line_of(("deck", "id")) == 2
    assert lines.line_of(("card", 0, "id")) == 9
    assert lines.line_of(("card", 0, "quoted key")) == 10
    assert lines.line_of(("card", 0, "reward", "kind")) == 11


def test_nested_arrays_restart_their_count_in_each_parent() -> None:
    lines = SourceMap(DECK)
    assert lines.line_of(("card", 0, "effects", 0)) == 13
    assert lines.line_of(("card", 0, "effects", 0, "amount")) == 15
    assert lines.line_of(("card", 1, "reward")) == 28
    assert lines.line_of(("card", 1, "reward", "effects", 0)) == 31
    assert lines.line_of(("card", 1, "reward", "effects", 1, "count")) == 36


def test_inline_arrays_and_tables() -> None:
    lines = SourceMap(DECK)
    assert lines.line_of(("card", 1, "effects")) == 19
    assert lines.line_of(("card", 1, "effects", 0, "amount")) == 20
    assert lines.line_of(("card", 1, "effects", 1)) == 22
    assert lines.line_of(("card", 1, "effects", 1, "on_fail", 0, "amount")) == 23
    assert lines.line_of(("card", 1, "note")) == 26


def test_unknown_paths_fall_back_to_the_nearest_known_ancestor() -> None:
    lines = SourceMap(DECK)
    assert lines.line_of(("card", 0, "effects", 0, "colors")) == 13  # missing key: its table's header
    assert lines.line_of(("card", 1, "health")) == 17
    assert lines.line_of(("boss", 0)) is None


def test_text_it_cannot_follow_still_gives_the_lines_before() -> None:
    lines = SourceMap('[[card]]\nid = "a"\n@@@ nonsense\n[[card]]\n')
    assert lines.line_of(("card", 0, "id")) == 2
