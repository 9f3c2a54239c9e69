"""The difficulty ladder (rules.md "Difficulty ranks"): rank setup in the engine, and the persisted profile."""

from __future__ import annotations

from pathlib import Path

import pytest
from triggered_helpers import DECK, Game

from twentystrong import profile
from twentystrong.engine import Command
from twentystrong.engine.state import SetupOptions
from twentystrong.kits.options import choose
from twentystrong.kits.solar_sentinels.rules import RANKS
from twentystrong.record.ladder import RULES, unmoved
from twentystrong.session.session import SetupError, check_options

MISSIONS = [
    "ms-damage",
    "ms-level-2",
    "ms-items",
    "ms-decline",
    "ms-stack-discards",
    "ms-crits",
    "ms-health",
    "ms-colors",
    "ms-commit",
    "ms-crowd",
]


# --- ranks in setup ----------------------------------------------------------------------------------------------


def test_ranks_table_matches_the_rules() -> None:
    """Rank r draws r+3 missions and must complete r+2 (the discard keeps r+2)."""
    for rank, (_, draw, complete) in RANKS.items():
        assert (draw, complete) == (rank + 3, rank + 2)


def test_rank_three_setup() -> None:
    """Rank 3: six missions dealt, one discarded, five kept in order; then two penalties, each a choice between
    banishing one die and exhausting three (the player picks the dice); a die already exhausted may be banished."""
    g = Game(missions=MISSIONS, rank=3)
    assert [m.id for m in g.s.table.missions] == MISSIONS[:6]
    g.do("discard_mission", mission="ms-items")
    assert [m.id for m in g.s.table.missions if m.status == "pending"] == [m for m in MISSIONS[:6] if m != "ms-items"]
    assert g.s.step == "rank_penalty" and g.s.table.rank_penalties_left == 2
    assert g.legal() == [Command("rank_penalty", choice="banish"), Command("rank_penalty", choice="exhaust")]
    assert not any(c.cmd == "forfeit_mission" for c in g.legal())  # setup is not play
    g.do("rank_penalty", choice="exhaust")
    assert g.s.prompt is not None and g.s.prompt.count == 3
    for die in ("R1", "P1", "P2"):
        g.choose(die=die)
    assert [g.zone(d) for d in ("R1", "P1", "P2")] == ["exhausted"] * 3 and g.s.table.rank_penalties_left == 1
    g.do("rank_penalty", choice="banish")
    assert g.s.prompt is not None and "R1" in g.s.prompt.options and len(g.s.prompt.options) == 17
    g.choose(die="R1")
    assert g.zone("R1") == "banished" and g.at("activate") and g.s.round == 1


def test_rank_one_has_no_penalty() -> None:
    """Rank 1 plays as the normal rules: four missions dealt, no penalty."""
    g = Game(missions=MISSIONS, rank=1)
    assert len(g.s.table.missions) == 4
    g.do("discard_mission", mission="ms-damage")
    assert g.s.step == "activate" and all(d.zone == "pool" for d in g.s.dice)


def test_no_rank_penalty_without_missions() -> None:
    """R15: ranks exist only with missions. An engine given rank 2 without them (a save from before the ruling)
    charges no penalty; a new game refuses the setup with a clear message."""
    g = Game(rank=2)
    assert g.at("activate") and all(d.zone == "pool" for d in g.s.dice)
    with pytest.raises(SetupError, match=r"rank 3 is played with missions \(ranks come only with missions\)"):
        check_options(DECK, SetupOptions(DECK.id, "tester", choices=choose({"rank": 3})))
    check_options(
        DECK, SetupOptions(DECK.id, "tester", choices=choose({"rank": 3, "missions": True}))
    )  # with missions it is fine


# --- the profile -------------------------------------------------------------------------------------------------


def test_profile_lives_in_the_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """TWENTYSTRONG_DATA_DIR replaces the user data directory (tests never touch the real home)."""
    monkeypatch.setenv("TWENTYSTRONG_DATA_DIR", str(tmp_path))
    assert profile.profile_path() == tmp_path / "profile.toml"
    loaded = profile.load_profile()
    assert loaded.profile == profile.Profile() and loaded.warning is None
    assert loaded.profile.setting("solar-sentinels", "rank") is None  # no level kept: the record's ladder starts


def test_the_ladder_rules() -> None:
    """A win moves up one rank from the rank played at, a loss down one, never below 1 or above 6; assisted games
    and games without missions (R15) leave it (the record applies these: tests/test_record.py)."""
    rule = RULES["solar-sentinels"]
    assert rule.after(1, "won") == 2 and rule.after(2, "lost") == 1
    assert rule.after(1, "lost") == 1 and rule.after(6, "won") == 6
    assert unmoved(assisted=True, needed=True, daily=False, rule=rule) == "assisted"
    assert unmoved(assisted=False, needed=False, daily=False, rule=rule) == "no missions"
    assert unmoved(assisted=False, needed=True, daily=False, rule=rule) == ""
    assert rule.name(1) == "rank 1 Solar Soldier" and rule.name(6) == "rank 6 Senior Solar Sentinel"


def test_writes_are_atomic(tmp_path: Path) -> None:
    """Saving writes a temporary file and renames it: no temporary file is left behind, the folder is created."""
    path = tmp_path / "deeper" / "profile.toml"
    profile.save_profile(profile.Profile(decks={"solar-sentinels": {"rank": 4}}), path)
    assert [p.name for p in path.parent.iterdir()] == ["profile.toml"]
    assert profile.load_profile(path).profile.setting("solar-sentinels", "rank") == 4


@pytest.mark.parametrize(
    "text",
    [
        "rank = [",  # not TOML
        'rank = "two"',  # wrong type
        "rank = 9",  # out of range
        'rank = 2\n[[game]]\ndate = "x"\n',  # a game line without its fields
        "format = 99",  # a format from the future
        "[decks.solar-sentinels]\nrank = 7\n",  # a deck's setting out of its option's range
        "decks = 3",  # not a table of decks
        'rank = 2\n[[game]]\ndate = "x"\ndeck = "d"\nhero = "h"\nseed = 1\nresult = "won"\nrounds = 1\n'
        "assisted = false\nrank = [1]\n",  # a game's setup option that is not a value
    ],
)
def test_a_damaged_profile_is_kept_aside(tmp_path: Path, text: str) -> None:
    """A damaged profile gives a clear message, is kept as profile.toml.bad (never destroyed), and a fresh one
    starts; the next save writes a new profile."""
    path = tmp_path / "profile.toml"
    path.write_text(text)
    loaded = profile.load_profile(path)
    assert loaded.profile == profile.Profile()
    assert loaded.warning is not None and "damaged" in loaded.warning and "profile.toml.bad" in loaded.warning
    assert (tmp_path / "profile.toml.bad").read_text() == text
    profile.save_profile(profile.Profile(decks={"solar-sentinels": {"rank": 2}}), path)
    assert profile.load_profile(path).profile.setting("solar-sentinels", "rank") == 2


def test_each_deck_keeps_its_own_settings(tmp_path: Path) -> None:
    """The profile keeps each deck kit's settings by ruleset id and option name; a key at the top written before
    (``rank``) is the kit's that claims it, and the ``decks`` table's own value wins over it. A deck that is not
    installed keeps its settings as they are."""
    path = tmp_path / "profile.toml"
    path.write_text("rank = 2\nhints = false\n[decks.solar-sentinels]\nmissions = true\n[decks.elsewhere]\nlevel = 9\n")
    old = profile.load_profile(path).profile
    assert old.decks == {"solar-sentinels": {"rank": 2, "missions": True}, "elsewhere": {"level": 9}}
    assert old.setting("solar-sentinels", "rank") == 2 and old.setting("hoplomachus-victorum", "difficulty") is None
    changed = old.with_setting("solar-sentinels", "rank", 4).with_setting("hoplomachus-victorum", "difficulty", 3)
    changed = changed.with_setting("elsewhere", "level", None)
    assert changed.decks == {
        "solar-sentinels": {"missions": True, "rank": 4},
        "hoplomachus-victorum": {"difficulty": 3},
    }
    profile.save_profile(changed, path)
    assert "rank = 2" not in path.read_text() and profile.load_profile(path).profile == changed
    path.write_text("rank = 2\n[decks.solar-sentinels]\nrank = 5\n")
    assert profile.load_profile(path).profile.setting("solar-sentinels", "rank") == 5


def test_a_second_damaged_profile_gets_its_own_name(tmp_path: Path) -> None:
    """An older .bad copy is never overwritten."""
    path = tmp_path / "profile.toml"
    (tmp_path / "profile.toml.bad").write_text("old")
    path.write_text("rank = [")
    loaded = profile.load_profile(path)
    assert "profile.toml.bad.2" in str(loaded.warning)
    assert (tmp_path / "profile.toml.bad").read_text() == "old"
    assert (tmp_path / "profile.toml.bad.2").read_text() == "rank = ["
