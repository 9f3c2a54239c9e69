"""The player's record (issue 21): games kept in SQLite, the ladder per deck, migrations, two writers at once, a
damaged file kept aside, the old profile carried over, the daily challenge, and the statistics."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from record_helpers import PLAIN, entry, finished, plain

from twentystrong import profile
from twentystrong.content.loader import load_shipped
from twentystrong.record import daily
from twentystrong.record.db import MIGRATIONS, SCHEMA_VERSION, RecordUnavailable, migrate, open_record, record_path
from twentystrong.record.games import Recorder, add_entry, add_game, current_level, ladder_levels, list_games
from twentystrong.record.ladder import rule_for
from twentystrong.record.replay import ReplayError, replay_session
from twentystrong.record.summary import best_game, streaks, summarize
from twentystrong.text.stats import game_stats, ladder_words

SS = "solar-sentinels"
"""Solar Sentinels' ruleset (the made-up games' and the old profile's)."""

# --- a finished game, kept whole -------------------------------------------------------------------------------------


def test_a_finished_game_is_kept_with_its_figures_and_replays_from_first_to_last_event(tmp_path: Path) -> None:
    """Every field the issue names is kept: date, deck, hero, rank, seed, setup options, assisted, result, rounds,
    damage dealt and taken, enemies defeated, the boss, the dice luck of the game-over screen, and the log, from
    which the game replays to the very same state."""
    session = finished("tester", seed=2, missions=True)
    done = add_game(session, source="headless")
    assert done.id == 1 and done.warning is None and done.message.startswith("Game #1 added")
    rows, warning = list_games()
    assert warning is None and len(rows) == 1
    row = rows[0]
    stats = game_stats(session.deck, session.options, session.events)
    assert (row.deck, row.deck_title, row.hero, row.hero_name) == ("plain", "Plain test deck", "tester", "Tester")
    assert (row.level_kind, row.level, row.seed, row.fact("missions"), row.assisted) == ("rank", 1, "2", 1, 0)
    assert (row.result, row.rounds) == (session.state.result, stats.rounds)
    assert (row.damage_dealt, row.damage_taken, row.enemies_defeated) == (
        stats.damage_dealt,
        stats.damage_taken,
        stats.enemies_defeated,
    )
    assert row.final_enemy == stats.boss and row.final_enemy_defeated == int(stats.bosses_defeated > 0)
    assert row.dice_rolled == stats.dice_rolled and row.hits_rolled == stats.crits + stats.hits
    assert row.luck == pytest.approx(stats.luck_margin)
    assert row.source == "headless" and row.has_log and row.day == row.finished_at[:10]
    _, replayed, note = replay_session(1)
    assert note is None
    assert replayed.events == session.events and replayed.state == session.state
    assert [e.command for e in replayed.history] == [e.command for e in session.history]


def test_the_same_game_is_kept_once(tmp_path: Path) -> None:
    """Undo and redo past the end, or a finished save recorded again, never make a second record of one game."""
    session = finished(seed=3)
    first = add_game(session)
    again = add_game(session)
    assert again.duplicate and again.id == first.id and "already in your record" in again.message
    assert len(list_games()[0]) == 1
    recorder = Recorder("tui")
    assert recorder.check(finished(seed=4)) is not None
    assert recorder.check(finished(seed=4)) is None  # a recorder adds its game once
    assert len(list_games()[0]) == 2


def test_a_game_in_progress_is_not_recorded() -> None:
    from twentystrong.engine.state import SetupOptions
    from twentystrong.session import Session

    session = Session.new(plain(), SetupOptions("plain", "tester", 1))
    assert Recorder("tui").check(session) is None
    with pytest.raises(ValueError, match="not over"):
        add_game(session)


# --- the ladder (R15, contract 5) -------------------------------------------------------------------------------------


def test_the_ladder_moves_from_the_rank_played_at_and_only_in_ladder_games() -> None:
    """A win moves the deck's ladder up one from the game's rank, a loss down one, within 1..6. Assisted games,
    games without missions (R15) and daily challenges are kept but leave the ladder alone."""
    moves = [
        (entry(1, level=1, result="won"), 2, ""),
        (entry(2, level=2, result="lost"), 1, ""),
        (entry(3, level=1, result="lost"), 1, ""),
        (entry(4, level=6, result="won"), 6, ""),
        (entry(5, level=6, result="lost", assisted=1), 6, "assisted"),
        (entry(6, level=1, result="won", missions=0), 6, "no missions"),
        (entry(7, level=1, result="lost", daily="2026-11-07"), 6, "daily"),
        (entry(8, level=6, result="lost"), 5, ""),
    ]
    for game, after, why in moves:
        done = add_entry(game)
        assert (done.level_after, done.unmoved) == (after, why), game
    assert current_level("solar-sentinels", SS) == 5 and ladder_levels() == {"solar-sentinels": ("rank", 5)}
    assert [r.level_after for r in list_games()[0]] == [2, 1, 1, 6, None, None, None, 5]
    assert current_level("another-deck", SS) == 1  # never climbed: the lowest rank
    done = add_entry(entry(9, level=3, result="lost"))  # played below where the ladder stood (5)
    assert (done.level_before, done.level_after) == (3, 2)  # it moved from the rank played at, and says so
    rule = rule_for("solar-sentinels")
    assert rule is not None and done.level_before is not None and done.level_after is not None
    assert ladder_words(done.level_before, done.level_after, rule=rule).startswith("Your rank falls: 3")


def test_a_deck_without_a_ladder_keeps_its_games_and_no_ladder() -> None:
    done = add_entry(entry(1, ruleset="some-future-deck", deck="future", level_kind=None, level=None))
    assert done.id == 1 and done.unmoved == "no ladder" and ladder_levels() == {}
    assert current_level("future", ruleset="some-future-deck") is None


def test_the_old_profile_is_carried_over_once_and_the_rank_survives(tmp_path: Path) -> None:
    """A profile.toml from before the record: its rank becomes the Solar Sentinels ladder, its games become
    records (without figures or a log, so no replay); it is read once, and left where it is."""
    folder = record_path().parent
    folder.mkdir(parents=True, exist_ok=True)
    old = profile.Profile(
        decks={"solar-sentinels": {"rank": 3}},
        history=(
            profile.GameRecord(
                "2025-01-31T20:15:00+00:00", "solar-sentinels", "umbra", 7, "won", 17, False, (("rank", 2),)
            ),
            profile.GameRecord(
                "2025-02-01T20:15:00+00:00", "solar-sentinels", "corona", 8, "lost", 9, True, (("rank", 3),)
            ),
        ),
    )
    profile.save_profile(old, folder / "profile.toml")
    rows, warning = list_games()
    assert warning is not None and "rank 3 Solar Sergeant and 2 games were carried over" in warning
    assert [(r.hero, r.hero_name, r.level, r.result, r.rounds, r.assisted, r.source) for r in rows] == [
        ("umbra", "Umbra", 2, "won", 17, 0, "profile"),
        ("corona", "Corona", 3, "lost", 9, 1, "profile"),
    ]
    assert current_level("solar-sentinels", SS) == 3
    assert (folder / "profile.toml").exists()
    with pytest.raises(ReplayError, match="kept no moves"):
        replay_session(1)
    add_entry(entry(9, level=3, result="won"))
    assert len(list_games()[0]) == 3 and current_level("solar-sentinels", SS) == 4  # not imported twice


# --- the schema -----------------------------------------------------------------------------------------------------


def test_a_record_of_the_first_schema_version_is_migrated(tmp_path: Path) -> None:
    """A version-1 record (games only) opened by this version: migrated to the current schema in place, its games
    kept, the ladder (version 2) filled from them in the order they were played."""
    path = tmp_path / "record.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, to=1)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    v1_columns = [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    assert "level_after" not in v1_columns
    for n, (level, result, missions) in enumerate([(1, "won", 1), (2, "won", 1), (3, "won", 0), (3, "lost", 1)], 1):
        values = entry(n, level=level, result=result, missions=missions).columns()
        names = [c for c in values if c in v1_columns]
        conn.execute(
            f"INSERT INTO games ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
            [values[c] for c in names],
        )
    conn.close()
    record = open_record(path)
    try:
        assert record.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == len(MIGRATIONS) == 3
    finally:
        record.close()
    rows, _ = list_games(path)
    assert [(r.level, r.result, r.level_after) for r in rows] == [
        (1, "won", 2),
        (2, "won", 3),
        (3, "won", None),
        (3, "lost", 2),
    ]
    assert ladder_levels(path) == {"solar-sentinels": ("rank", 2)}


def test_a_record_from_a_newer_version_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = path.read_bytes()
    done = add_entry(entry(1), path=path)
    assert done.id is None and done.warning is not None and "newer twentystrong" in done.warning
    assert path.read_bytes() == before and not list(tmp_path.glob("*.bad*"))


# --- damaged files, and a record that cannot be used ----------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [b"this is not a database" * 100, b"SQLite format 3\x00" + b"\x07" * 4000],
    ids=["not-sqlite", "corrupt-header"],
)
def test_a_damaged_record_is_kept_aside_and_reported_and_the_game_is_still_recorded(content: bytes) -> None:
    path = record_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    done = add_game(finished(seed=5))
    assert done.id == 1 and done.warning is not None
    bad = path.with_name("record.sqlite3.bad")
    assert "damaged" in done.warning and str(bad) in done.warning and done.message.startswith("Game #1 added")
    assert bad.read_bytes() == content  # kept, never deleted
    assert len(list_games()[0]) == 1
    path.write_bytes(content)  # damaged again: a second name, the first copy untouched
    assert "record.sqlite3.bad.2" in str(add_game(finished(seed=6)).warning)
    assert bad.read_bytes() == content


def test_a_database_that_is_not_a_record_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER)")
    conn.commit()
    conn.close()
    done = add_entry(entry(1), path=path)
    assert done.id == 1 and "not a twentystrong record" in str(done.warning)
    assert (tmp_path / "record.sqlite3.bad").exists()


def test_a_record_that_cannot_be_opened_is_reported_and_nothing_is_renamed(tmp_path: Path) -> None:
    path = tmp_path / "record.sqlite3"
    path.mkdir()  # a folder where the file should be
    done = add_game(finished(seed=7), path=path)
    assert done.id is None and "cannot be opened" in str(done.warning)
    assert done.message.startswith("This game could not be added to your record")
    assert path.is_dir() and not list(tmp_path.glob("*.bad*"))
    with pytest.raises(RecordUnavailable):
        open_record(tmp_path / "missing.sqlite3", create=False)


WRITER = """
import sys
from record_helpers import entry
from twentystrong.record.games import add_entry
who, count = int(sys.argv[1]), int(sys.argv[2])
for n in range(count):
    done = add_entry(entry(1 + n % 28, hero=f"hero{who}", seed=f"{who}-{n}", result="won" if n % 2 else "lost"))
    assert done.id is not None, done.warning
"""


def test_two_writers_at_once(tmp_path: Path) -> None:
    """Two processes adding games to one record at the same time (WAL, a busy timeout, one transaction a game):
    every game is kept once, and the ladder is that of the last game added."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent)}
    count = 30
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(who), str(count)], env=env, stderr=subprocess.PIPE)
        for who in (1, 2)
    ]
    for writer in writers:
        _, err = writer.communicate(timeout=120)
        assert writer.returncode == 0, err.decode()
    rows, _ = list_games()
    assert len(rows) == 2 * count and len({r.id for r in rows}) == 2 * count
    assert {r.hero for r in rows} == {"hero1", "hero2"}
    assert current_level("solar-sentinels", SS) == rows[-1].level_after


# --- the daily challenge --------------------------------------------------------------------------------------------


def test_the_daily_seed_and_hero_follow_from_the_date_on_every_machine() -> None:
    """SHA-256 of the date, never Python's hash(): the values below are the same on every machine and in every
    process (a second interpreter with another hash seed agrees), and differ from day to day."""
    day = date(2026, 11, 25)
    assert daily.daily_seed(day) == 2026112531119
    deck = load_shipped("solar-sentinels")
    assert daily.daily_hero(deck, day) == "corona"
    code = (
        "from datetime import date; from twentystrong.record.daily import daily_seed; "
        "print(daily_seed(date(2026, 11, 25)))"
    )
    for hash_seed in ("1", "2"):
        other = subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
        )
        assert other.stdout.strip() == "2026112531119"
    days = [date(2026, 11, d) for d in range(1, 29)]
    assert len({daily.daily_seed(d) for d in days}) == len(days)
    assert len({daily.daily_hero(deck, d) for d in days}) > 1


def test_a_daily_game_is_recognised_from_its_setup_alone() -> None:
    deck = load_shipped("solar-sentinels")
    day = date(2026, 11, 25)
    options = daily.daily_options(deck, day)
    assert (options.choices, options.assisted, options.dice) == ((("missions", True),), False, "virtual")
    assert daily.seed_date(options.seed) == day and daily.daily_date(deck, options) == day
    from dataclasses import replace

    assert daily.daily_date(deck, replace(options, assisted=True)) is None  # not the day's game
    assert daily.daily_date(deck, replace(options, seed=options.seed + 1)) is None
    assert all(daily.seed_date(seed) is None for seed in (0, 1, 42, 999_999, 2**31 - 1))
    assert (
        daily.share_line(day=day, deck_title="Solar Sentinels", hero_name="Umbra", result="won", rounds=17)
        == "20 Strong daily 2026-11-25 · Solar Sentinels · Umbra · won in 17 rounds"
    )
    assert (
        daily.share_line(day=day, deck_title="Solar Sentinels", hero_name="Umbra", result="lost", rounds=9, attempt=2)
        == "20 Strong daily 2026-11-25 · Solar Sentinels · Umbra · lost in round 9 · try 2"
    )


# --- the statistics ---------------------------------------------------------------------------------------------------


def test_streaks_best_game_and_breakdowns() -> None:
    games = [
        entry(1, result="won", rounds=20),
        entry(2, result="won", rounds=14, hero="corona", hero_name="Corona"),
        entry(3, result="lost", rounds=9, killer="rust-maw", killer_name="Rust Maw"),
        entry(
            4,
            result="lost",
            rounds=12,
            killer="rust-maw",
            killer_name="Rust Maw",
            final_enemy="b1",
            final_enemy_name="Boss One",
            final_enemy_defeated=0,
        ),
        entry(
            5,
            result="lost",
            rounds=11,
            killer="ember",
            killer_name="Ember Wasp",
            final_enemy="b1",
            final_enemy_name="Boss One",
            final_enemy_defeated=0,
        ),
        entry(
            6, result="won", rounds=18, level=2, final_enemy="b1", final_enemy_name="Boss One", final_enemy_defeated=1
        ),
    ]
    for game in games:
        add_entry(game)
    rows, _ = list_games()
    s = streaks(rows)
    assert (s.current, s.current_length, s.longest_won, s.longest_lost) == ("won", 1, 2, 3)
    best = best_game(rows)
    assert best is not None and best.id == 6  # a win at rank 2 beats faster wins at rank 1
    summary = summarize(rows, ladder_levels())
    data = summary.as_dict()
    assert list(data)[0] == "games" and data["games"] == 6 and data["wins"] == 3
    deck = data["decks"][0]
    assert deck["median_rounds"] == 13.0 and deck["streaks"]["longest_lost"] == 3
    assert deck["beaten_by"][0] == {"id": "rust-maw", "name": "Rust Maw", "beat_you": 2}
    assert deck["bosses"] == [{"id": "b1", "name": "Boss One", "beat_you": 2, "faced": 3, "defeated": 1}]
    assert [h["id"] for h in deck["heroes"]] == ["umbra", "corona"]
    umbra = deck["heroes"][0]
    assert (umbra["games"], umbra["wins"]) == (5, 2)
    low, high = umbra["ci95"]
    assert low < 0.4 < high
    assert [step["after"] for step in deck["ladder"]["history"]] == [2, 2, 1, 1, 1, 3]  # from the rank played at


def test_a_final_enemy_defeated_in_a_lost_game_did_not_beat_the_player() -> None:
    """Hoplomachus Victorum: a Primus defeated, then the game lost to a conflict card: the Primus is faced and
    defeated, and never "beat you" (the conflict card did)."""
    add_entry(
        entry(
            1,
            result="lost",
            rounds=12,
            killer="smoke-bear",
            killer_name="Smoke Bear",
            final_enemy="primus",
            final_enemy_name="Primus One",
            final_enemy_defeated=1,
        )
    )
    rows, _ = list_games()
    deck = summarize(rows, ladder_levels()).as_dict()["decks"][0]
    assert deck["bosses"] == [{"id": "primus", "name": "Primus One", "beat_you": 0, "faced": 1, "defeated": 1}]
    assert deck["beaten_by"] == [{"id": "smoke-bear", "name": "Smoke Bear", "beat_you": 1}]


def test_filters() -> None:
    add_entry(entry(1, hero="corona", hero_name="Corona"))
    add_entry(entry(5))
    add_entry(entry(9, deck="other", deck_title="Other"))
    assert [r.id for r in list_games(hero="corona")[0]] == [1]
    assert [r.id for r in list_games(since=date(2026, 11, 5))[0]] == [2, 3]
    assert [r.id for r in list_games(deck="other")[0]] == [3]
    assert json.loads(json.dumps(summarize(list_games()[0]).as_dict()))["games"] == 3


def test_no_record_no_games_and_no_file() -> None:
    assert list_games() == ([], None)
    assert not record_path().exists()  # reading never creates a record
    assert PLAIN.exists()
