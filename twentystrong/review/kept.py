"""A game's review and the record: the one kept there, and keeping a new one."""

from __future__ import annotations

from pathlib import Path

from twentystrong.record.db import RecordUnavailable
from twentystrong.record.reviews import keep_review, kept_review
from twentystrong.review.review import Review


def kept(game: int, path: Path | None = None) -> Review | None:
    """Game ``game``'s kept review, None when there is none this version reads."""
    data = kept_review(game, path)
    if data is None:
        return None
    try:
        return Review.from_dict(data)
    except ValueError:
        return None  # an older form: reviewed again when asked


def keep(game: int, review: Review, path: Path | None = None) -> str | None:
    """Keep the review of game ``game``; why it could not be, or None."""
    try:
        keep_review(game, review.to_dict(), path)
    except RecordUnavailable as exc:
        return str(exc)
    return None
