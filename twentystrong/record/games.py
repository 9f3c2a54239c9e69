"""Adding finished games to the record and reading them back.

The front ends make one call when a game ends: :func:`add_game` (the TUI's store and ``headless --record`` through
a :class:`Recorder`, which adds each game once). It keeps the game and moves the deck's ladder in one transaction,
and never raises for a record it cannot use: the game goes on, and :attr:`Recorded.warning` says what happened.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from twentystrong.kits.record import facts
from twentystrong.record.db import Opened, RecordUnavailable, add_columns, open_record, transaction
from twentystrong.record.entry import GameEntry, entry_of
from twentystrong.record.ladder import Unmoved, rule_for, unmoved
from twentystrong.session.session import Session


@dataclass(frozen=True, slots=True)
class Recorded:
    """What adding a game did."""

    id: int | None
    """The game's number in the record (None when it could not be added)."""
    level_before: int | None = None
    """Where the game moved the ladder from: the level it was played at (the ladder moves from there, whatever the
    ladder stood at); when it did not move the ladder, the ladder before the game (None: the deck has no ladder)."""
    level_after: int | None = None
    """... and after it."""
    unmoved: Unmoved = ""
    """Why the game did not move the ladder: ``assisted``, ``no`` and the setup option the ladder needs (R15),
    ``daily``, ``no ladder``; "" when it did."""
    duplicate: bool = False
    """The very same game (same setup and events) was in the record already, as :attr:`id`."""
    daily: str | None = None
    """The daily challenge's date, when the game is one."""
    daily_attempt: int = 0
    """Which game of that day's challenge this is (1 for the first)."""
    warning: str | None = None
    """Something the player should know (a damaged record set aside, or why the game could not be added)."""

    @property
    def message(self) -> str:
        """A sentence for the player."""
        from twentystrong.i18n import _

        if self.id is None:
            return _("This game could not be added to your record: {problem}").format(problem=self.warning)
        said = (
            _("This game was already in your record as game #{id}.").format(id=self.id)
            if self.duplicate
            else _("Game #{id} added to your record (twentystrong stats, or F2).").format(id=self.id)
        )
        return _("{said} Note: {warning}").format(said=said, warning=self.warning) if self.warning else said


@contextmanager
def opened(path: Path | None = None, *, create: bool = True) -> Iterator[Opened]:
    """The record, open (with a column for each installed deck kit's facts, and the old profile imported into it
    once), closed afterwards."""
    from twentystrong.record.legacy import import_profile

    record = open_record(path, create=create)
    try:
        add_columns(record.conn, _fact_names())
        notes = import_profile(record.conn, record.path.parent)
        if notes:
            record.warning = "; ".join(filter(None, [record.warning, notes]))
        yield record
    finally:
        record.close()


def add_game(
    session: Session, *, source: str = "tui", when: datetime | None = None, path: Path | None = None
) -> Recorded:
    """Add a finished game to the record and move its deck's ladder (one transaction). Never raises for the
    record's own troubles: :attr:`Recorded.warning` says them."""
    return add_entry(entry_of(session, source=source, when=when), path=path)


def add_entry(entry: GameEntry, *, path: Path | None = None) -> Recorded:
    """Add a prepared entry (a game's, :func:`~twentystrong.record.entry.entry_of`); see :func:`add_game`."""
    try:
        with opened(path) as record:
            return _add(record, entry)
    except RecordUnavailable as exc:
        return Recorded(None, warning=str(exc))
    except sqlite3.DatabaseError as exc:  # locked past the timeout, disk full, read-only …: the game goes on
        return Recorded(None, warning=f"the record could not be written ({exc})")


def _add(record: Opened, entry: GameEntry) -> Recorded:
    conn = record.conn
    with transaction(conn):
        if entry.fingerprint is not None:
            found = conn.execute("SELECT id, daily FROM games WHERE fingerprint = ?", (entry.fingerprint,)).fetchone()
            if found is not None:
                level = _level(conn, entry.deck)
                return Recorded(found[0], level, level, "", duplicate=True, daily=found[1], warning=record.warning)
        rule = rule_for(entry.ruleset)
        before = _level(conn, entry.deck) if rule is not None else None
        if before is None and rule is not None:
            before = rule.lowest
        needed = rule is None or rule.needs is None or bool(entry.fact(rule.needs))  # R15: the game's fact
        why = unmoved(assisted=bool(entry.assisted), needed=needed, daily=entry.daily is not None, rule=rule)
        after = before
        if rule is not None and not why and entry.level is not None:
            after = rule.after(entry.level, entry.result)
        values = entry.columns()
        values["level_after"] = None if why else after
        names = list(values)
        quoted = ", ".join(f'"{n}"' for n in names)  # a kit's fact may be named like an SQL word
        cursor = conn.execute(
            f"INSERT INTO games ({quoted}) VALUES ({', '.join('?' for _ in names)})",
            [values[n] for n in names],
        )
        game = cursor.lastrowid
        if rule is not None and not why and after is not None:
            conn.execute(
                "INSERT INTO ladder (deck, kind, level, updated_at, game) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (deck) DO UPDATE SET kind = excluded.kind, level = excluded.level, "
                "updated_at = excluded.updated_at, game = excluded.game",
                (entry.deck, rule.kind, after, entry.finished_at, game),
            )
        attempt = 0
        if entry.daily is not None:
            attempt = conn.execute("SELECT count(*) FROM games WHERE daily = ?", (entry.daily,)).fetchone()[0]
    if rule is not None and not why and entry.level is not None:
        before = entry.level  # "falls: 1 → 0" for a loss at 1, not "stays 0" when the ladder stood at 0
    return Recorded(game, before, after, why, daily=entry.daily, daily_attempt=int(attempt), warning=record.warning)


def _level(conn: sqlite3.Connection, deck: str) -> int | None:
    row = conn.execute("SELECT level FROM ladder WHERE deck = ?", (deck,)).fetchone()
    return int(row[0]) if row else None


# --- reading -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRow:
    """A recorded game without its log (what lists and statistics read)."""

    id: int
    finished_at: str
    source: str
    deck: str
    deck_title: str
    ruleset: str
    hero: str
    hero_name: str
    level_kind: str | None
    level: int | None
    level_after: int | None
    seed: str
    assisted: int
    daily: str | None
    result: str
    reason: str
    rounds: int
    damage_dealt: int | None
    damage_taken: int | None
    enemies_defeated: int | None
    final_enemy: str | None
    final_enemy_name: str | None
    final_enemy_defeated: int | None
    killer: str | None
    killer_name: str | None
    dice_rolled: int | None
    hits_rolled: int | None
    hits_expected: float | None
    luck_spread: float | None
    has_log: int
    facts: tuple[tuple[str, int | None], ...] = ()
    """The installed deck kits' facts (:mod:`twentystrong.kits.record`), by name."""

    def fact(self, name: str) -> int | None:
        """A fact's value (None when the game has none of that name)."""
        return dict(self.facts).get(name)

    @property
    def won(self) -> bool:
        """Whether the game was won."""
        return self.result == "won"

    @property
    def day(self) -> str:
        """The date it ended (UTC), ``YYYY-MM-DD``."""
        return self.finished_at[:10]

    @property
    def luck(self) -> float | None:
        """Hits and crits rolled minus those the faces table expects (above 0 is lucky); None without rolls."""
        if not self.dice_rolled or self.hits_rolled is None or self.hits_expected is None:
            return None
        return self.hits_rolled - self.hits_expected


_ROW_COLUMNS = [f for f in GameRow.__dataclass_fields__ if f not in ("has_log", "facts")]


def _fact_names() -> list[str]:
    """The columns of the installed deck kits' facts."""
    return list(dict.fromkeys(fact.name for _, fact in facts()))


def _select() -> tuple[str, list[str]]:
    """The columns a :class:`GameRow` reads (the general ones, whether it has a log, the facts), and the facts'."""
    names = _fact_names()
    return ", ".join([*_ROW_COLUMNS, "log IS NOT NULL", *(f'"{n}"' for n in names)]), names


def _row(values: tuple[Any, ...], names: list[str]) -> GameRow:
    """A :class:`GameRow` from what :func:`_select`'s columns read."""
    general = [*_ROW_COLUMNS, "has_log"]
    found = dict(zip(general, values, strict=False))
    return GameRow(**found, facts=tuple(zip(names, values[len(general) :], strict=True)))


def list_games(
    path: Path | None = None,
    *,
    deck: str | None = None,
    hero: str | None = None,
    since: date | None = None,
) -> tuple[list[GameRow], str | None]:
    """The recorded games, oldest first, filtered; and any warning from opening the record. No record file yet:
    no games (nothing is created)."""
    where: list[str] = []
    args: list[object] = []
    if deck is not None:
        where.append("deck = ?")
        args.append(deck)
    if hero is not None:
        where.append("hero = ?")
        args.append(hero)
    if since is not None:
        where.append("finished_at >= ?")
        args.append(since.isoformat())
    columns, names = _select()
    sql = f"SELECT {columns} FROM games"
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY id"
    if not _kept(path):
        return [], None
    try:
        with opened(path) as record:
            rows = [_row(row, names) for row in record.conn.execute(sql, args)]
            return rows, record.warning
    except RecordUnavailable as exc:
        return [], str(exc)


def ladder_levels(path: Path | None = None) -> dict[str, tuple[str, int]]:
    """Each deck's ladder now: deck id → (kind, level). Decks never climbed are not listed."""
    if not _kept(path):
        return {}
    try:
        with opened(path) as record:
            rows = record.conn.execute("SELECT deck, kind, level FROM ladder").fetchall()
    except RecordUnavailable:
        return {}
    return {deck: (kind, int(level)) for deck, kind, level in rows}


def current_level(deck: str, ruleset: str, path: Path | None = None) -> int | None:
    """The level the player stands at on a deck's ladder (``ruleset``: the deck's, whose kit gives the ladder; its
    lowest level before any game moved it); None for a deck without a ladder."""
    rule = rule_for(ruleset)
    if rule is None:
        return None
    found = ladder_levels(path).get(deck)
    return found[1] if found is not None else rule.lowest


def game_log(game: int, path: Path | None = None) -> tuple[GameRow, bytes | None]:
    """A recorded game and its packed log (None for an imported game); raises :class:`RecordUnavailable`,
    ``KeyError`` for a number the record does not hold."""
    columns, names = _select()
    with opened(path, create=False) as record:
        row = record.conn.execute(f"SELECT {columns}, log FROM games WHERE id = ?", (game,)).fetchone()
    if row is None:
        raise KeyError(game)
    return _row(row[:-1], names), row[-1]


def _kept(path: Path | None) -> bool:
    """Whether there is anything to read: a record, or an old profile to import into one."""
    from twentystrong.profile import FILE_NAME
    from twentystrong.record.db import record_path

    target = path or record_path()
    return target.exists() or (target.parent / FILE_NAME).exists()


class Recorder:
    """Adds a session's game to the record once, when it first ends (undo and redo past the end add nothing)."""

    def __init__(self, source: str, path: Path | None = None) -> None:
        self.source = source
        self.path = path
        self.recorded: Recorded | None = None
        """What adding the game did (None until it ended)."""

    def check(self, session: Session) -> Recorded | None:
        """Add the game if it has just ended: what that did; None when there was nothing to do."""
        if session.state.result is None or self.recorded is not None:
            return None
        self.recorded = add_game(session, source=self.source, path=self.path, when=datetime.now(UTC))
        return self.recorded
