"""The reviews kept in the record: a game's review is computed once (it takes up to a minute) and kept beside it.

Table ``reviews`` (schema version 3, created by :mod:`twentystrong.record.db`): one row per reviewed game, the
review as JSON (:meth:`twentystrong.review.review.Review.to_dict`), replaced when the game is reviewed again. Added
to older records by a migration that only adds the table: their games are untouched.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from twentystrong.record.db import RecordUnavailable, transaction


def keep_review(game: int, review: dict[str, Any], path: Path | None = None) -> None:
    """Keep game ``game``'s review (replacing one kept before); :class:`RecordUnavailable` when it cannot be."""
    from twentystrong.record.games import opened

    when = datetime.now(UTC).isoformat(timespec="seconds")
    try:
        with opened(path, create=False) as record, transaction(record.conn) as conn:
            if conn.execute("SELECT 1 FROM games WHERE id = ?", (game,)).fetchone() is None:
                raise RecordUnavailable(f"there is no game #{game} in your record to keep a review of")
            conn.execute(
                "INSERT INTO reviews (game, made_at, evaluator, budget, review) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game) DO UPDATE SET made_at = excluded.made_at, evaluator = excluded.evaluator, "
                "budget = excluded.budget, review = excluded.review",
                (game, when, str(review.get("evaluator", "")), int(review.get("budget", 0)), json.dumps(review)),
            )
    except sqlite3.Error as exc:
        raise RecordUnavailable(f"the review of game #{game} could not be kept ({exc})") from None


def kept_review(game: int, path: Path | None = None) -> dict[str, Any] | None:
    """Game ``game``'s kept review (its JSON form), or None when it has none (or it cannot be read)."""
    from twentystrong.record.games import opened

    try:
        with opened(path, create=False) as record:
            row = record.conn.execute("SELECT review FROM reviews WHERE game = ?", (game,)).fetchone()
    except (RecordUnavailable, sqlite3.Error):
        return None
    if row is None:
        return None
    try:
        data = json.loads(row[0])
    except ValueError:
        return None
    return data if isinstance(data, dict) else None
