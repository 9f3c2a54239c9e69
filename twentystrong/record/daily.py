"""The daily challenge: one game a day, the same for everyone.

The seed and the hero follow from the UTC date through SHA-256 (never Python's ``hash()``, which differs from one
process to the next), so every machine deals the same game on the same day. The seed also *shows* its date
(``2026112548213`` is 25 November 2026), which lets the record recognise a daily game from its setup alone: a game
is the daily of day D exactly when its setup is D's (:func:`daily_date`), however it was started (``twentystrong
daily``, the setup screen, a headless script, or that seed typed in by hand).

The day's game: the shipped Solar Sentinels deck, the day's hero and seed, missions at rank 1 (the rules as the
rulebook describes them), standard undo and virtual dice (an assisted game or typed-in dice is not the day's
game). A daily game does not move the player's rank (:mod:`twentystrong.record.ladder`).
"""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

from twentystrong.content.model import Deck
from twentystrong.engine.state import Choices, SetupOptions

if TYPE_CHECKING:
    from twentystrong.session.session import Session

DECK = "solar-sentinels"
"""The deck of the daily challenge."""
SPREAD = 100_000
"""The seed is the date (YYYYMMDD) times this, plus a number below it drawn from the date."""
FIRST_DAY = date(2026, 1, 1)
"""No daily before this day (so no ordinary seed is ever taken for one)."""


def today() -> date:
    """Today's date in UTC (the daily changes at midnight UTC for everyone)."""
    return datetime.now(UTC).date()


def _digest(day: date, what: str) -> int:
    return int.from_bytes(hashlib.sha256(f"twentystrong daily {day.isoformat()} {what}".encode()).digest()[:8], "big")


def daily_seed(day: date) -> int:
    """The day's seed: ``YYYYMMDD`` then five digits drawn from the date."""
    return (day.year * 10_000 + day.month * 100 + day.day) * SPREAD + _digest(day, "seed") % SPREAD


def daily_hero(deck: Deck, day: date) -> str:
    """The day's hero: one of the deck's heroes, in the deck's own order, drawn from the date."""
    if not deck.heroes:
        raise ValueError(f"deck {deck.id!r} has no heroes")
    return deck.heroes[_digest(day, "hero") % len(deck.heroes)].id


DAILY_OPTIONS: Choices = (("missions", True),)
"""The daily deck's own options (its kit declares them): with missions, at the first rank."""


def daily_options(deck: Deck, day: date) -> SetupOptions:
    """The day's setup (``deck`` is the shipped daily deck)."""
    return SetupOptions(
        deck_id=deck.id,
        hero_id=daily_hero(deck, day),
        seed=daily_seed(day),
        assisted=False,
        dice="virtual",
        deal="shuffled",
        choices=DAILY_OPTIONS,
    )


def seed_date(seed: int) -> date | None:
    """The day whose daily seed this is, or None."""
    stamp, rest = divmod(seed, SPREAD)
    year, month_day = divmod(stamp, 10_000)
    month, day_of_month = divmod(month_day, 100)
    try:
        day = date(year, month, day_of_month)
    except ValueError:
        return None
    if day < FIRST_DAY or rest != _digest(day, "seed") % SPREAD:
        return None
    return day


def daily_date(deck: Deck, options: SetupOptions) -> date | None:
    """The day whose daily challenge this game is, or None when it is not one."""
    if options.deck_id != DECK or deck.id != DECK:
        return None
    day = seed_date(options.seed)
    if day is None:
        return None
    from dataclasses import replace

    from twentystrong.kits import choices_for

    same = replace(options, choices=choices_for(deck.info.ruleset, dict(options.choices)))  # however it was saved
    return day if same == daily_options(deck, day) else None


def share_line(*, day: date, deck_title: str, hero_name: str, result: str | None, rounds: int, attempt: int = 1) -> str:
    """The one-line result to share: ``20 Strong daily 2026-11-25 · Solar Sentinels · Umbra · won in 17 rounds``."""
    if result == "won":
        how = f"won in {rounds} round{'s' if rounds != 1 else ''}"
    elif result == "lost":
        how = f"lost in round {rounds}"
    else:
        how = f"round {rounds}, still playing"
    parts = [f"20 Strong daily {day.isoformat()}", deck_title, hero_name, how]
    if attempt > 1:
        parts.append(f"try {attempt}")
    return " · ".join(parts)


def share_line_of(session: Session, *, attempt: int = 1) -> str | None:
    """The share line of a game that is a daily challenge (None for any other game)."""
    day = daily_date(session.deck, session.options)
    if day is None:
        return None
    state = session.state
    try:
        hero = state.deck.hero(session.options.hero_id).name
    except KeyError:
        hero = session.options.hero_id
    title = session.deck.info.title.split(":")[0].strip()  # "Solar Sentinels", without the set's subtitle
    return share_line(
        day=day, deck_title=title, hero_name=hero, result=state.result, rounds=state.round, attempt=max(1, attempt)
    )
