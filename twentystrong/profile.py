"""The player profile file, and the rules of the Solar Sentinels rank ladder (rules.md "Difficulty ranks").

Finished games and each deck's ladder are kept in the player's record (:mod:`twentystrong.record`, SQLite): that is
the one place a finished game goes. This module keeps what the record builds on:

- the rank rules: titles, bounds, :func:`next_rank` (R15: ranks move only in games with
  missions, and not in assisted ones);
- ``profile.toml`` in the user data directory (``$TWENTYSTRONG_DATA_DIR`` when set; see
  :mod:`twentystrong.session.paths`), the player's own file. Before the record it held the rank and a short game
  history::

    format = 1
    rank = 2
    hints = true

    [[game]]
    date = "2025-01-31T20:15:00+00:00"
    deck = "solar-sentinels"
    hero = "vela"
    seed = 1234
    rank = 1
    result = "won"
    rounds = 17
    assisted = false

  The record carries those over once (:mod:`twentystrong.record.legacy`: the rank survives as the Solar Sentinels
  ladder). Writes are atomic (a temporary file, then a rename). A profile that cannot be read is never destroyed:
  it is moved aside to ``profile.toml.bad`` (or ``.bad.2`` …), a clear message says so, and a fresh profile starts.

Pure Python: never imports textual or rich (architecture.md contract 1).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

import tomli_w

from twentystrong.atomic import write_atomically
from twentystrong.i18n import LANGUAGES
from twentystrong.kits.solar_sentinels.options import RANK, RANKS
from twentystrong.session.paths import set_aside, user_data_dir

FORMAT = 1
"""The profile file's format version."""
FILE_NAME = "profile.toml"
LOWEST, HIGHEST = RANK.low, RANK.high
TITLES: dict[int, str] = {rank: title for rank, (title, _, _) in RANKS.items()}
"""The Solar Sentinels rank titles (its kit's rank table)."""

Result = Literal["won", "lost"]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game, as profiles before the record kept it."""

    date: str
    """When it ended (ISO 8601, with time zone)."""
    deck: str
    hero: str
    seed: int
    rank: int
    """The rank it was played at."""
    result: Result
    rounds: int
    assisted: bool
    """Assisted games are kept in the history but do not move the ladder."""


@dataclass(frozen=True, slots=True)
class Profile:
    """The profile file: the rank and game history that versions before the record kept (carried over into the
    record once)."""

    rank: int = LOWEST
    history: tuple[GameRecord, ...] = field(default=())
    hints: bool = True
    """First-game hints on the table (on for a new profile; the setup screen and the palette turn them off)."""
    language: str | None = None
    """The language chosen on the setup screen (``en``, ``de``, ``fr``); None: the environment's (LANGUAGE …)."""

    @property
    def title(self) -> str:
        """The rank's title (Solar Sentinels)."""
        return TITLES[self.rank]


@dataclass(frozen=True, slots=True)
class Loaded:
    """A profile read from disk, with a message for the player when the file had to be set aside."""

    profile: Profile
    warning: str | None = None
    """Why the file on disk was not used, for the player."""
    writable: bool = True
    """False when the file on disk could not be set aside: saving would overwrite it, so nothing is saved."""


def profile_path() -> Path:
    """Where the profile lives."""
    return user_data_dir() / FILE_NAME


def next_rank(rank: int, result: Result, assisted: bool = False, missions: bool = True) -> int:
    """The ladder after a game played at ``rank``: up on a win, down on a loss, clamped to 1..6; an assisted game,
    or one without missions (R15: ranks exist only with missions), leaves it where it was."""
    if assisted or not missions:
        return _clamp(rank)
    return _clamp(rank + (1 if result == "won" else -1))


def load_profile(path: Path | None = None) -> Loaded:
    """Read the profile (a fresh one when there is none). A file that cannot be read is moved aside, not lost."""
    path = path or profile_path()
    try:
        text = path.read_bytes()
    except FileNotFoundError:
        return Loaded(Profile())
    except OSError as exc:
        why = f"the profile {path} could not be read ({exc.strerror or exc}); it is left alone this time"
        return Loaded(Profile(), why, writable=False)
    try:
        return Loaded(_parse(tomllib.loads(text.decode("utf-8"))))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, TypeError, KeyError) as exc:
        bad = _aside(path)
        if bad is None:
            why = f"the profile {path} is damaged ({exc}) and could not be set aside; it is left alone this time"
            return Loaded(Profile(), why, writable=False)
        return Loaded(Profile(), f"the profile {path} is damaged ({exc}); it was kept as {bad}, and a fresh one starts")


def save_profile(profile: Profile, path: Path | None = None) -> None:
    """Write the profile atomically (a temporary file in the same folder, then a rename)."""
    path = path or profile_path()
    data: dict[str, Any] = {
        "format": FORMAT,
        "rank": profile.rank,
        "hints": profile.hints,
        **({"language": profile.language} if profile.language is not None else {}),
        "game": [_record_table(g) for g in profile.history],
    }
    write_atomically(path, tomli_w.dumps(data).encode("utf-8"), durable=True)


def set_hints(on: bool, path: Path | None = None) -> tuple[Profile, str | None]:
    """Turn the first-game hints on or off in the profile; save; return it and any warning from reading it."""
    loaded = load_profile(path)
    profile = replace(loaded.profile, hints=on)
    if loaded.writable and profile != loaded.profile:
        save_profile(profile, path)
    return profile, loaded.warning


def set_language_choice(code: str | None, path: Path | None = None) -> tuple[Profile, str | None]:
    """Keep the language chosen on the setup screen (None: the environment's) in the profile; as :func:`set_hints`."""
    loaded = load_profile(path)
    profile = replace(loaded.profile, language=code)
    if loaded.writable and profile != loaded.profile:
        save_profile(profile, path)
    return profile, loaded.warning


# --- reading and writing -----------------------------------------------------------------------------------------


def _clamp(rank: int) -> int:
    return max(LOWEST, min(HIGHEST, rank))


def _parse(data: dict[str, Any]) -> Profile:
    version = data.get("format", FORMAT)
    if version != FORMAT:
        raise ValueError(f"format {version!r} is not {FORMAT}")
    rank = data.get("rank", LOWEST)
    if not isinstance(rank, int) or isinstance(rank, bool) or not LOWEST <= rank <= HIGHEST:
        raise ValueError(f"rank must be a whole number from {LOWEST} to {HIGHEST}, got {rank!r}")
    games = data.get("game", [])
    if not isinstance(games, list):
        raise ValueError("game must be an array of tables")
    hints = data.get("hints", True)
    if not isinstance(hints, bool):
        raise ValueError(f"hints must be true or false, got {hints!r}")
    language = data.get("language")
    if language is not None and language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, got {language!r}")
    return Profile(
        rank=rank, history=tuple(_record(g, i + 1) for i, g in enumerate(games)), hints=hints, language=language
    )


_FIELDS: dict[str, type] = {
    "date": str,
    "deck": str,
    "hero": str,
    "seed": int,
    "rank": int,
    "result": str,
    "rounds": int,
    "assisted": bool,
}


def _record(table: Any, number: int) -> GameRecord:
    if not isinstance(table, dict):
        raise ValueError(f"game {number} is not a table")
    values: dict[str, Any] = {}
    for key, kind in _FIELDS.items():
        value = table.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ValueError(f"game {number}: {key} must be a {kind.__name__}, got {value!r}")
        values[key] = value
    if values["result"] not in ("won", "lost"):
        raise ValueError(f'game {number}: result must be "won" or "lost", got {values["result"]!r}')
    return GameRecord(**values)


def _record_table(record: GameRecord) -> dict[str, Any]:
    return {
        "date": record.date,
        "deck": record.deck,
        "hero": record.hero,
        "seed": record.seed,
        "rank": record.rank,
        "result": record.result,
        "rounds": record.rounds,
        "assisted": record.assisted,
    }


def _aside(path: Path) -> Path | None:
    """Move a damaged profile to a free ``.bad`` name; None if even that fails (then it stays where it is)."""
    return set_aside(path)
