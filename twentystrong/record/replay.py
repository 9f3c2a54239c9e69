"""A recorded game as a session again, read-only: from its first event to its last.

The record keeps each game as the save file the session would have written (:mod:`twentystrong.record.entry`),
so a replay is a save being loaded (:func:`twentystrong.session.session.session_from_save`): validated, its deck
found and checked, its events folded. Replay never consults a generator (contract 4).
"""

from __future__ import annotations

import zlib
from pathlib import Path

from twentystrong.record.db import RecordUnavailable
from twentystrong.record.entry import unpack_log
from twentystrong.record.games import GameRow, game_log
from twentystrong.session.saves import SaveError, parse_save_bytes
from twentystrong.session.session import Session, session_from_save


class ReplayError(Exception):
    """The game cannot be replayed; the message says why."""


def replay_session(game: int, path: Path | None = None) -> tuple[GameRow, Session, str | None]:
    """Game number ``game`` of the record as a session (no autosave), and a note for the player when its deck has
    changed since it was played (the replay then uses the deck as it is now). Raises :class:`ReplayError`."""
    try:
        row, log = game_log(game, path)
    except KeyError:
        raise ReplayError(f"there is no game #{game} in your record (twentystrong stats lists them)") from None
    except RecordUnavailable as exc:
        raise ReplayError(str(exc)) from None
    if log is None:
        if row.source == "profile":
            raise ReplayError(f"game #{game} was carried over from the old profile, which kept no moves: no replay")
        raise ReplayError(f"game #{game} has no moves kept: no replay")
    where = f"game #{game} of your record"
    try:
        save = parse_save_bytes(unpack_log(log), where)
    except (zlib.error, SaveError) as exc:
        raise ReplayError(f"{where} is damaged and cannot be replayed: {exc}") from None
    note = None
    try:
        session = session_from_save(save, where)
    except SaveError as exc:
        if "has changed since" not in exc.message:
            raise ReplayError(exc.message) from None
        try:
            session = session_from_save(save, where, allow_mismatch=True)
        except SaveError as again:
            raise ReplayError(
                f"{exc.message}\nIt does not replay with the deck as it is now: {again.message}"
            ) from None
        note = f"deck {row.deck!r} has changed since game #{game} was played; the replay uses it as it is now"
    return row, session, note
