"""The player profile file: the player's settings, each deck's own settings, and the game history kept before
the record.

Finished games and each deck's ladder are kept in the player's record (:mod:`twentystrong.record`, SQLite): that is
the one place a finished game goes. ``profile.toml`` in the user data directory (``$TWENTYSTRONG_DATA_DIR`` when
set; see :mod:`twentystrong.session.paths`) is the player's own file::

    format = 1
    hints = true

    [decks.solar-sentinels]     # a deck kit's settings, by its ruleset id: its setup options by name
    rank = 2

    [[game]]                    # a finished game, as versions before the record kept them
    date = "2025-01-31T20:15:00+00:00"
    deck = "solar-sentinels"
    hero = "vela"
    seed = 1234
    rank = 1                    # the deck's own setup options it was played with
    result = "won"
    rounds = 17
    assisted = false

Versions before per-deck settings wrote a deck's settings at the top (``rank = 2``): the kit that claims such a
key (:attr:`~twentystrong.kits.kit.DeckKit.profile_keys`) reads it as its own. The record carries the games and
each deck's level over once (:mod:`twentystrong.record.legacy`: the level survives as the deck's ladder). Writes are
atomic (a temporary file, then a rename). A profile that cannot be read is never destroyed: it is moved aside to
``profile.toml.bad`` (or ``.bad.2`` …), a clear message says so, and a fresh profile starts.

Pure Python: never imports textual or rich (architecture.md contract 1).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from twentystrong.atomic import write_atomically
from twentystrong.i18n import LANGUAGES
from twentystrong.session.paths import set_aside, user_data_dir

if TYPE_CHECKING:
    from twentystrong.engine.state import Choices, OptionValue

FORMAT = 1
"""The profile file's format version."""
FILE_NAME = "profile.toml"

Settings = dict[str, dict[str, "OptionValue"]]
"""Each deck kit's settings: ruleset id → option name → value."""

Result = Literal["won", "lost"]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game, as profiles before the record kept it."""

    date: str
    """When it ended (ISO 8601, with time zone)."""
    deck: str
    hero: str
    seed: int
    result: Result
    rounds: int
    assisted: bool
    """Assisted games are kept in the history but do not move the ladder."""
    options: Choices = ()
    """The deck's own setup options it was played with, by name (``rank``: the level it was played at)."""


@dataclass(frozen=True, slots=True)
class Profile:
    """The profile file: each deck's settings, the player's settings, and the game history versions before the
    record kept (carried over into the record once)."""

    decks: Settings = field(default_factory=dict)
    """Each deck kit's settings by ruleset id: its setup options by name (its setup defaults, its progress)."""
    history: tuple[GameRecord, ...] = field(default=())
    hints: bool = True
    """First-game hints on the table (on for a new profile; the setup screen and the palette turn them off)."""
    language: str | None = None
    """The language chosen on the setup screen (``en``, ``de``, ``fr``); None: the environment's (LANGUAGE …)."""

    def setting(self, ruleset: str, name: str) -> OptionValue | None:
        """A deck kit's setting (one of its setup options by name), or None when the profile holds none."""
        return self.decks.get(ruleset, {}).get(name)

    def with_setting(self, ruleset: str, name: str, value: OptionValue | None) -> Profile:
        """The profile with a deck kit's setting changed (None: removed)."""
        own = {k: v for k, v in self.decks.get(ruleset, {}).items() if k != name}
        if value is not None:
            own[name] = value
        decks = {k: v for k, v in self.decks.items() if k != ruleset}
        return replace(self, decks={**decks, ruleset: own} if own else decks)


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
    import tomli_w  # the writer: a start reads the profile (its language, its hints) and never writes it

    path = path or profile_path()
    data: dict[str, Any] = {
        "format": FORMAT,
        **({"decks": profile.decks} if profile.decks else {}),
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


def _parse(data: dict[str, Any]) -> Profile:
    version = data.get("format", FORMAT)
    if version != FORMAT:
        raise ValueError(f"format {version!r} is not {FORMAT}")
    decks = _settings(data)
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
        decks=decks, history=tuple(_record(g, i + 1) for i, g in enumerate(games)), hints=hints, language=language
    )


def _settings(data: dict[str, Any]) -> Settings:
    """Each deck kit's settings: the ``decks`` table, and any key at the top that a kit claims (written before
    per-deck settings; the ``decks`` table's own value wins)."""
    from twentystrong.kits import kits

    decks: Settings = {}
    for ruleset, found in kits().items():
        old = {key: data[key] for key in found.profile_keys if key in data}
        if old:
            decks[ruleset] = {key: _value(ruleset, key, value) for key, value in old.items()}
    table = data.get("decks", {})
    if not isinstance(table, dict) or not all(isinstance(own, dict) for own in table.values()):
        raise ValueError("decks must be a table of tables (one per deck)")
    for ruleset, own in table.items():
        decks[ruleset] = {**decks.get(ruleset, {}), **{k: _value(ruleset, k, v) for k, v in own.items()}}
    return decks


def _value(ruleset: str, name: str, value: Any) -> OptionValue:
    """A deck kit's setting, checked against its option of that name (when the kit is installed)."""
    from twentystrong.kits import options_for

    if not isinstance(value, (bool, int, str)):
        raise ValueError(f"{name} must be a value, got {value!r}")
    option = next((o for o in options_for(ruleset) if o.name == name), None)
    if option is not None and option.kind == "range":
        if isinstance(value, bool) or not isinstance(value, int) or not option.low <= value <= option.high:
            raise ValueError(f"{name} must be a whole number from {option.low} to {option.high}, got {value!r}")
    checked: OptionValue = value
    return checked


_FIELDS: dict[str, type] = {
    "date": str,
    "deck": str,
    "hero": str,
    "seed": int,
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
    values["options"] = tuple((k, v) for k, v in table.items() if k not in _FIELDS and isinstance(v, (bool, int, str)))
    if len(values["options"]) != len(table) - len(_FIELDS):
        raise ValueError(f"game {number}: its setup options must be values")
    if values["result"] not in ("won", "lost"):
        raise ValueError(f'game {number}: result must be "won" or "lost", got {values["result"]!r}')
    return GameRecord(**values)


def _record_table(record: GameRecord) -> dict[str, Any]:
    return {
        "date": record.date,
        "deck": record.deck,
        "hero": record.hero,
        "seed": record.seed,
        **dict(record.options),
        "result": record.result,
        "rounds": record.rounds,
        "assisted": record.assisted,
    }


def _aside(path: Path) -> Path | None:
    """Move a damaged profile to a free ``.bad`` name; None if even that fails (then it stays where it is)."""
    return set_aside(path)
