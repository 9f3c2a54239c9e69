"""The record's database file: where it is, opening it, its schema and migrations, and what happens when it is
damaged.

``record.sqlite3`` in the user data directory (``$TWENTYSTRONG_DATA_DIR`` when set). SQLite from the standard
library, in WAL mode with a busy timeout: two instances of the game (or a game and ``twentystrong stats``) may use
it at once; every write is one ``BEGIN IMMEDIATE`` transaction, so a game and its ladder move land together or not
at all.

**Schema versions** (``PRAGMA user_version``), each a migration applied in order, inside one transaction:

1. ``games`` (one row per finished game: setup, result, figures and the full event log) and ``meta``.
2. ``ladder`` (each deck's current level: Solar Sentinels' rank, later Hoplomachus Victorum's difficulty, HV13)
   and ``games.level_after`` (the ladder after each game that moved it), both filled from the games already kept.
3. ``reviews`` (a game's review, once computed: :mod:`twentystrong.record.reviews`).

Beside the versions, each installed deck kit's facts (what its games record beyond the general figures:
:mod:`twentystrong.kits.record`) get a column of their name in ``games`` when the record is first opened with the kit
installed (:func:`add_columns`; the first version's ``missions``, ``missions_completed`` and ``missions_total`` are
Solar Sentinels' facts). Another version of twentystrong reads and writes a record with more columns unchanged.

A file written by a newer twentystrong (a higher version) is left alone and reported. A file that is not a
database, or is damaged, is **never deleted**: it is renamed ``record.sqlite3.bad`` (``.bad.2`` …, with its
``-wal`` beside it), the player is told where, and a fresh record starts. A file that cannot be opened at all (no
permission, a full disk) is reported and left where it is; the game goes on either way.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from twentystrong.session.paths import set_aside, user_data_dir

FILE_NAME = "record.sqlite3"
BUSY_TIMEOUT = 10.0
"""Seconds a write waits for another instance's transaction to end."""


class RecordUnavailable(Exception):
    """The record cannot be used now; the message says why, in words a player can act on."""


def record_path() -> Path:
    """Where the record lives."""
    return user_data_dir() / FILE_NAME


# --- the schema ------------------------------------------------------------------------------------------------

V1 = (
    """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    finished_at TEXT NOT NULL,          -- ISO 8601, UTC, seconds
    source TEXT NOT NULL,               -- 'tui', 'headless', 'profile' (imported from profile.toml)
    app_version TEXT NOT NULL,
    deck TEXT NOT NULL,                 -- deck id
    deck_title TEXT NOT NULL,
    deck_hash TEXT,
    ruleset TEXT NOT NULL,
    hero TEXT NOT NULL,                 -- hero id
    hero_name TEXT NOT NULL,
    level_kind TEXT,                    -- 'rank' (Solar Sentinels), 'difficulty' (Hoplomachus Victorum), NULL
    level INTEGER,                      -- the level played at
    seed TEXT NOT NULL,                 -- decimal (seeds may exceed 64 bits)
    options TEXT NOT NULL,              -- every setup option, JSON
    missions INTEGER,                   -- 0/1, NULL when unknown (imported)
    assisted INTEGER NOT NULL,
    daily TEXT,                         -- the daily challenge's date (YYYY-MM-DD), NULL otherwise
    result TEXT NOT NULL CHECK (result IN ('won', 'lost')),
    reason TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    damage_dealt INTEGER,
    damage_taken INTEGER,
    enemies_defeated INTEGER,
    missions_completed INTEGER,
    missions_total INTEGER,
    final_enemy TEXT,                   -- the boss (or Scion) faced, if the endgame came
    final_enemy_name TEXT,
    final_enemy_defeated INTEGER,
    killer TEXT,                        -- lost games: the card that dealt the killing blow
    killer_name TEXT,
    dice_rolled INTEGER,
    hits_rolled INTEGER,                -- hits and crits rolled
    hits_expected REAL,                 -- ... and expected from the faces table (the game-over screen's dice luck)
    luck_spread REAL,                   -- one standard deviation of hits_rolled
    commands INTEGER,
    events INTEGER,
    fingerprint TEXT UNIQUE,            -- SHA-256 of the event log: the same game is never kept twice
    log BLOB                            -- the game as a save file (TOML, zlib), to replay it: NULL when imported
)""",
    "CREATE INDEX games_by_deck_hero ON games (deck, hero, id)",
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
)
"""Version 1: the games."""

V2 = (
    """
CREATE TABLE ladder (
    deck TEXT PRIMARY KEY,
    kind TEXT NOT NULL,                 -- 'rank' or 'difficulty'
    level INTEGER NOT NULL,
    updated_at TEXT NOT NULL,
    game INTEGER REFERENCES games (id)  -- the game that set it (NULL: imported or initial)
)""",
    # The ladder after each game, NULL when the game did not move it.
    "ALTER TABLE games ADD COLUMN level_after INTEGER",
)
"""Version 2: each deck's ladder."""

V3 = (
    """
CREATE TABLE reviews (
    game INTEGER PRIMARY KEY REFERENCES games (id),
    made_at TEXT NOT NULL,              -- ISO 8601, UTC, seconds
    evaluator TEXT NOT NULL,            -- 'expert'
    budget INTEGER NOT NULL,            -- games played out per command (the expert's rollouts)
    review TEXT NOT NULL                -- the review, JSON (twentystrong.record.reviews)
)""",
)
"""Version 3: the games' reviews, once computed (only adds a table: the games stay as they were)."""


def _v1(conn: sqlite3.Connection) -> None:
    _script(conn, V1)


def _v2(conn: sqlite3.Connection) -> None:
    from twentystrong.record.ladder import RULES

    _script(conn, V2)
    # Fill the ladder from the games kept so far, in the order they were played.
    rows = conn.execute(
        "SELECT id, deck, ruleset, level, result, finished_at FROM games "
        "WHERE missions = 1 AND assisted = 0 AND daily IS NULL AND level IS NOT NULL ORDER BY id"
    ).fetchall()
    for game, deck, ruleset, level, result, finished in rows:
        rule = RULES.get(ruleset)
        if rule is None:
            continue
        after = rule.after(level, result)
        conn.execute("UPDATE games SET level_after = ? WHERE id = ?", (after, game))
        conn.execute(
            "INSERT INTO ladder (deck, kind, level, updated_at, game) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (deck) DO UPDATE SET level = excluded.level, updated_at = excluded.updated_at, "
            "game = excluded.game",
            (deck, rule.kind, after, finished, game),
        )


def _v3(conn: sqlite3.Connection) -> None:
    _script(conn, V3)


def _script(conn: sqlite3.Connection, statements: tuple[str, ...]) -> None:
    # executescript() would COMMIT the open transaction first: the statements run one by one inside it instead.
    for statement in statements:
        conn.execute(statement)


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2, _v3)
"""``MIGRATIONS[n]`` takes a record from version ``n`` to ``n + 1``."""
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(conn: sqlite3.Connection, to: int = SCHEMA_VERSION) -> int:
    """Bring the record up to version ``to`` in one transaction; return the version it had."""
    with transaction(conn):
        version = _check_version(conn)
        if version == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise sqlite3.DatabaseError("it holds tables, but not a twentystrong record's")
        for step in MIGRATIONS[version:to]:
            step(conn)
        if version < to:
            conn.execute(f"PRAGMA user_version = {int(to)}")
    return version


def _check_version(conn: sqlite3.Connection) -> int:
    """The record's schema version; :class:`RecordUnavailable` for one newer than this twentystrong reads."""
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise RecordUnavailable(
            f"the record {_name(conn)} was written by a newer twentystrong (schema {version}; this one reads up to "
            f"{SCHEMA_VERSION}); it is left as it is and this game is not added to it. Update twentystrong."
        )
    return version


def add_columns(conn: sqlite3.Connection, names: list[str]) -> None:
    """Add a column to ``games`` for each of these deck kits' facts it does not have yet (in one transaction)."""
    missing = [name for name in names if name not in _columns(conn)]
    if not missing:
        return
    for name in missing:
        if not name.isidentifier():
            raise RecordUnavailable(f"a deck kit's fact {name!r} cannot be a column of the record")
    with transaction(conn):
        for name in missing:
            if name not in _columns(conn):  # another instance may have added it meanwhile
                conn.execute(f'ALTER TABLE games ADD COLUMN "{name}" INTEGER')


def _columns(conn: sqlite3.Connection) -> set[str]:
    return {str(row[1]) for row in conn.execute("PRAGMA table_info(games)")}


# --- opening -----------------------------------------------------------------------------------------------------


@dataclass
class Opened:
    """An open record, and what the player should be told about opening it (a damaged file set aside …)."""

    conn: sqlite3.Connection
    path: Path
    warning: str | None = None

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()


def open_record(path: Path | None = None, *, create: bool = True) -> Opened:
    """Open (and create, migrate) the record. A damaged file is set aside and a fresh record starts (the warning
    says where it went). Raises :class:`RecordUnavailable` when there is no usable record (``create=False`` and no
    file, a newer schema, a file that cannot be opened or set aside)."""
    path = path or record_path()
    if not create and not path.exists():
        raise RecordUnavailable(f"there is no record yet at {path}: finished games are kept there")
    try:
        return Opened(_connect_patiently(path), path)
    except sqlite3.DatabaseError as exc:
        if not damaged(exc):
            raise RecordUnavailable(f"the record {path} cannot be opened ({exc}); it is left as it is") from None
        bad = set_aside(path, companions=("-wal", "-shm"))  # the journal's pages belong to it
        if bad is None:
            raise RecordUnavailable(
                f"the record {path} is damaged ({exc}) and could not be set aside; it is left as it is"
            ) from None
        warning = f"the record {path} was damaged ({exc}); it was kept as {bad}, and a fresh record starts"
        if not create:
            raise RecordUnavailable(warning) from None
    try:
        return Opened(_connect(path), path, warning)
    except sqlite3.DatabaseError as exc:
        raise RecordUnavailable(f"{warning}, but the fresh record cannot be opened either ({exc})") from None


def _connect_patiently(path: Path) -> sqlite3.Connection:
    """:func:`_connect`, tried again while another instance holds the file (SQLite does not wait on its busy
    timeout for every lock: switching a new file to WAL, or a journal being recovered, may report "locked" at
    once)."""
    deadline = time.monotonic() + BUSY_TIMEOUT
    pause = 0.01
    while True:
        try:
            return _connect(path)
        except sqlite3.OperationalError as exc:
            if not busy(exc) or time.monotonic() > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.2)


def busy(exc: sqlite3.Error) -> bool:
    """Whether an error only means that another connection holds the file for now."""
    name = getattr(exc, "sqlite_errorname", "")
    return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in str(exc)


def _connect(path: Path) -> sqlite3.Connection:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise sqlite3.OperationalError(f"cannot create the folder {path.parent}: {exc.strerror or exc}") from None
    # isolation_level=None: no implicit transactions; every write opens its own (see transaction()).
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    try:
        _check_version(conn)  # before anything writes to the file: a newer record is left exactly as it is
        if str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
            conn.execute("PRAGMA journal_mode = WAL")  # kept in the file: set once, by its first opener
        conn.execute("PRAGMA synchronous = NORMAL")
        migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def damaged(exc: sqlite3.DatabaseError) -> bool:
    """Whether an error means the file is damaged or not a record (not: locked, read-only, out of space …)."""
    name = getattr(exc, "sqlite_errorname", "")
    if name:
        return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))
    return type(exc) is sqlite3.DatabaseError  # our own "not a record" above; the operational kinds are subclasses


@contextlib.contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction, taken at once (``BEGIN IMMEDIATE``: another instance's write waits for it, up to
    the busy timeout); committed at the end, rolled back on any error."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _name(conn: sqlite3.Connection) -> str:
    row = conn.execute("PRAGMA database_list").fetchone()
    return str(row[2]) if row else "?"
