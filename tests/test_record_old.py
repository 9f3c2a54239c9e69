"""An old profile and an old record, made by the code before the record's deck words moved into the kits (issue 28),
read by today's code: the very same statistics, the same games, the same ladder (tests/old_record/README.md says
how they were made)."""

from __future__ import annotations

import argparse
import shutil
import sqlite3
from pathlib import Path

import pytest
from record_helpers import entry

from twentystrong import profile
from twentystrong.cli import stats
from twentystrong.kits.record import Fact, facts
from twentystrong.record import games, summary
from twentystrong.record.db import record_path
from twentystrong.record.games import add_entry, game_log, ladder_levels, list_games
from twentystrong.record.summary import game_dict

OLD = Path(__file__).resolve().parent / "old_record"
"""The old files, and what the old code's ``twentystrong stats`` printed of them (``stats/``)."""


def _stats(tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str) -> tuple[str, str]:
    """What ``twentystrong stats`` prints (``json``, ``txt``, or ``csv``: the file it exports) and says on stderr."""
    export = tmp_path / "games.csv" if mode == "csv" else None
    args = argparse.Namespace(deck=None, hero=None, since=None, json=mode == "json", export=export)
    assert stats.run(args) == 0
    out, err = capsys.readouterr()
    if export is not None:
        out = export.read_text(encoding="utf-8")
        err = err.replace(f"written to {export}", "written")
    return out, err


def _old_files(*names: str) -> Path:
    folder = record_path().parent
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        shutil.copy(OLD / name, folder / name)
    return folder


@pytest.mark.parametrize("mode", ["json", "txt", "csv"])
def test_an_old_record_reads_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str) -> None:
    """A record the old code kept (Solar Sentinels with and without missions, assisted, a daily challenge,
    Hoplomachus Victorum, and an old profile's games carried over): ``twentystrong stats`` prints exactly what the
    old code printed."""
    _old_files("profile.toml", "record.sqlite3")
    out, err = _stats(tmp_path, capsys, mode)
    assert out == (OLD / "stats" / f"record.{mode}").read_text(encoding="utf-8")
    assert err == ("10 games written\n" if mode == "csv" else "")


@pytest.mark.parametrize("mode", ["json", "txt", "csv"])
def test_an_old_profile_is_carried_over_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str) -> None:
    """A profile the old code wrote (its rank at the top, its games with their rank), alone: carried over into a new
    record as the old code did, with the same words."""
    folder = _old_files("profile.toml")
    out, err = _stats(tmp_path, capsys, mode)
    assert out == (OLD / "stats" / f"profile.{mode}").read_text(encoding="utf-8")
    said = (OLD / "stats" / "profile.warning").read_text(encoding="utf-8").replace("{folder}", str(folder))
    assert err == said + ("2 games written\n" if mode == "csv" else "")


def test_an_old_profile_reads_as_the_kits_settings_and_writes_back_the_same(tmp_path: Path) -> None:
    """The old profile's rank at the top is Solar Sentinels' setting (its kit claims the key); its games keep the
    rank they were played at as their deck's option. Written back by today's code and read again it is the same
    profile, and carried over into a record it gives the same games and ladder as the old file."""
    loaded = profile.load_profile(OLD / "profile.toml")
    assert loaded.warning is None
    old = loaded.profile
    assert old.decks == {"solar-sentinels": {"rank": 3}} and old.hints is False
    assert [(g.hero, g.seed, g.options, g.result, g.rounds, g.assisted) for g in old.history] == [
        ("umbra", 7, (("rank", 2),), "won", 17, False),
        ("corona", 8, (("rank", 3),), "lost", 9, True),
    ]
    again = tmp_path / "again" / "profile.toml"
    profile.save_profile(old, again)
    assert "[decks.solar-sentinels]\nrank = 3" in again.read_text(encoding="utf-8")
    assert profile.load_profile(again) == loaded
    folder = _old_files()
    shutil.copy(again, folder / "profile.toml")
    rows, warning = list_games()
    assert warning is not None and "rank 3 Solar Sergeant and 2 games were carried over" in warning
    assert ladder_levels() == {"solar-sentinels": ("rank", 3)}
    assert [(r.source, r.hero) for r in rows] == [("profile", "umbra"), ("profile", "corona")]
    assert [r.level for r in rows] == [2, 3]


def test_an_old_record_keeps_its_games_columns_and_facts(tmp_path: Path) -> None:
    """Reading an old record adds nothing to it (the shipped kits' facts are the columns it has had since its first
    version), and each game's facts are read from them: with missions or not, missions completed of those dealt."""
    folder = _old_files("record.sqlite3")
    before = _columns(folder / "record.sqlite3")
    rows, _ = list_games()
    assert _columns(folder / "record.sqlite3") == before
    assert {fact.name for _, fact in facts()} <= set(before)
    kept = [(r.fact("missions"), r.fact("missions_completed"), r.fact("missions_total")) for r in rows]
    assert kept == [
        (None, None, None),  # carried over from the profile: not known
        (None, None, None),
        (1, 2, 5),  # rank 3 keeps five missions
        (1, 0, 6),
        (0, 0, 0),  # no missions
        (1, 3, 3),
        (0, 0, 0),  # Hoplomachus Victorum
        (0, 0, 0),
        (1, 1, 4),
        (1, 2, 3),  # the daily challenge: rank 1
    ]
    row, log = game_log(3)
    assert log is not None and game_dict(row)["missions"] is True
    assert list(game_dict(row)).index("missions") == list(game_dict(row)).index("seed") + 1


def _columns(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return [str(r[1]) for r in conn.execute("PRAGMA table_info(games)")]
    finally:
        conn.close()


def test_a_new_kits_fact_gets_its_own_column(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kit installed later declares a fact of its own: the record (an old one too) gets a column of its name when
    next opened, keeps the fact's value, and shows it after the key the fact names (even one named like an SQL
    word)."""
    new = Fact("order", lambda *_: 0, after="rounds")
    every = [*facts(), ("a-new-deck", new)]
    for module in (games, summary):
        monkeypatch.setattr(module, "facts", lambda: every)
    folder = _old_files("record.sqlite3")
    assert "order" not in _columns(folder / "record.sqlite3")
    done = add_entry(entry(30, facts=(("missions", 1), ("order", 3))))
    assert done.id == 11 and done.warning is None
    assert "order" in _columns(folder / "record.sqlite3")
    rows, _ = list_games()
    assert [r.fact("order") for r in rows] == [None] * 10 + [3]
    shown = game_dict(rows[-1])
    keys = list(shown)
    assert shown["order"] == 3 and keys.index("order") == keys.index("rounds") + 1
