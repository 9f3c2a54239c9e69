"""Save files: the event log in TOML (contract 6).

A save holds the format version, the app version, the deck id and content hash (and the folder of a deck that is
not shipped), every setup option, the player commands with how many events each caused, the undone commands
(redo), and the events. Loading validates the file (pydantic, :mod:`twentystrong.session.savefile`), finds the
deck, refuses a changed deck, and replays the events with :func:`~twentystrong.engine.evolve.fold` (replay never
consults a generator). Writing needs no pydantic: autosaves are written while a game is played, which never imports
it.

Layout (TOML has no null: ``None`` fields, and fields at their default, are left out and restored on load)::

    format = 1
    app_version = "0.1.0"
    event_count = 123

    [game]
    deck_id = "solar-sentinels"
    deck_hash = "…"
    hero_id = "…"
    seed = 42
    …

    [log]
    commands = [     # one per player command, in order; ``events``: how many of the events it caused
      {cmd = "start", events = 4},
      {cmd = "activate", stack = 2, events = 3},
    ]
    redo = [         # undone commands, the next to redo first
      {cmd = "commit", die = "B3"},
    ]
    events = [       # one inline table per line: compact, quick to parse, and a cut file never parses
      {type = "game_started", seq = 1, …},
    ]

A file that cannot be read, parsed, validated or replayed raises :class:`SaveError` and is never changed.
"""

from __future__ import annotations

import re
from dataclasses import MISSING, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from twentystrong import __version__
from twentystrong.atomic import write_atomically
from twentystrong.content.heroes import CHOSEN_IN_GAME
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.content.registry import shipped_deck_dirs
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide_and_apply
from twentystrong.engine.events import EVENT_TYPES, Event, from_dict, to_dict
from twentystrong.engine.evolve import evolve
from twentystrong.engine.rulesets import ruleset_for
from twentystrong.engine.state import Choices, SetupOptions, initial_state
from twentystrong.session.history import HistoryEntry

if TYPE_CHECKING:
    from twentystrong.session.savefile import SaveFile
    from twentystrong.session.session import Session

SAVE_FORMAT = 1
"""The save format this version writes and reads. Bump it when the layout changes incompatibly."""

_TOML_INT = range(-(2**63), 2**63)


class SaveError(Exception):
    """A save could not be loaded; the message says why in words a player can act on."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# --- writing ----------------------------------------------------------------------------------------------------


def save_document(session: Session) -> dict[str, Any]:
    """The save as plain data (dicts, lists, str, int, bool; no ``None``), as :func:`dump_toml` writes it."""
    o = session.options
    game: dict[str, Any] = {
        "deck_id": session.deck.id,
        "deck_hash": session.deck.content_hash,
        "hero_id": o.hero_id,
        "seed": o.seed if o.seed in _TOML_INT else str(o.seed),
        "assisted": o.assisted,
        "dice": o.dice,
        "deal": o.deal,
    }
    if o.choices:  # the deck's own options, as data (older saves wrote them beside the general ones)
        game["options"] = dict(o.choices)
    if session.deck_path is not None:
        game["deck_path"] = str(session.deck_path.resolve())
    commands = [{**entry.command.to_dict(), "events": len(entry.events)} for entry in session.history]
    return {
        "format": SAVE_FORMAT,
        "app_version": __version__,
        "event_count": len(session.events),
        "game": game,
        "log": {
            "commands": commands,
            "redo": [entry.command.to_dict() for entry in reversed(session.redo_entries)],
            "events": [_event_record(event) for event in session.events],
        },
    }


def _event_record(event: Event) -> dict[str, Any]:
    """An event's plain form without ``None`` and default-valued fields (both restored on load)."""
    defaults = type(event).DEFAULTS
    return {
        k: _drop_none(v)
        for k, v in to_dict(event).items()
        if v is not None and (k not in defaults or defaults[k] != v or k == "seq")
    }


def _drop_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_none(v) for v in value]
    return value


def dump_toml(doc: dict[str, Any]) -> str:
    """The save document as TOML: scalars, then tables whose arrays hold one inline table per line.

    Written by hand rather than by ``tomli_w`` so that each event is one line (small, quick to parse, easy to
    read in a diff); the output is plain TOML that any parser reads, and tests check it round-trips.
    """
    lines = [f"{k} = {_value(v)}" for k, v in doc.items() if not isinstance(v, dict)]
    for name, table in doc.items():
        if not isinstance(table, dict):
            continue
        lines += ["", f"[{name}]"]
        for key, value in table.items():
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                lines.append(f"{key} = [")
                lines += [f"  {_value(v)}," for v in value]
                lines.append("]")
            else:
                lines.append(f"{key} = {_value(value)}")
    return "\n".join(lines) + "\n"


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value).__name__} to a save")


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    if _PLAIN.fullmatch(text):
        return f'"{text}"'
    out = []
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04x}")  # TOML basic strings allow no raw control characters
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_PLAIN = re.compile(r"[^\"\\\x00-\x1f\x7f]*")


def write_save(session: Session, path: Path) -> None:
    """Write atomically: a temp file in the same folder, flushed to disk, then renamed over ``path``."""
    write_atomically(path, dump_toml(save_document(session)).encode("utf-8"), durable=True)


# --- reading ----------------------------------------------------------------------------------------------------


def parse_save(path: Path) -> SaveFile:
    """Read and validate a save file (no deck, no replay); raise :class:`SaveError`."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"no save file at {path}") from None
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save file") from None
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise SaveError(f"cannot read {path}: {reason}") from None
    return parse_save_bytes(data, path)


def parse_save_bytes(data: bytes, path: Path | str) -> SaveFile:
    """Validate a save's bytes (no deck, no replay); ``path`` names it in messages (a file, or e.g. a game of the
    player's record); raise :class:`SaveError`."""
    if not data.strip():
        raise SaveError(f"{path} is empty: not a twentystrong save (perhaps a write was interrupted)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not a twentystrong save: it is not UTF-8 text") from None
    import tomllib  # only when a save is read: writing needs none

    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(
            f"{path} is damaged or truncated: it is not valid TOML ({exc}). The file was left as it is."
        ) from None
    version = raw.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{path} is not a twentystrong save: it has no format version")
    if version > SAVE_FORMAT:
        raise SaveError(
            f"{path} uses save format {version}, newer than this twentystrong ({__version__}) reads "
            f"(format {SAVE_FORMAT}); update twentystrong to load it"
        )
    if version != SAVE_FORMAT:
        raise SaveError(f"{path} uses save format {version}, which this twentystrong cannot read (it reads 1)")
    from pydantic import ValidationError

    from twentystrong.session.savefile import SaveFile

    try:
        save = SaveFile.model_validate(raw, strict=True)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'file'}: {e['msg']}" for e in exc.errors()[:3])
        more = f" (and {exc.error_count() - 3} more)" if exc.error_count() > 3 else ""
        raise SaveError(f"{path} is damaged or not a twentystrong save: {problems}{more}") from None
    counted = 0
    for i, command in enumerate(save.log.commands):
        n = command.get("events")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise SaveError(f"{path}: command #{i + 1} has no event count")
        counted += n
    if len(save.log.events) != save.event_count or counted != save.event_count:
        raise SaveError(
            f"{path} is truncated or damaged: it should hold {save.event_count} events for its "
            f"{len(save.log.commands)} commands but holds {len(save.log.events)}"
            + ("" if counted == save.event_count else f" (its commands account for {counted})")
        )
    return save


def load_deck_for_save(
    save: SaveFile, deck: Deck | None = None, *, allow_mismatch: bool = False
) -> tuple[Deck, Path | None]:
    """The deck a save was played with, and its folder if it is not shipped; raise :class:`SaveError`.

    ``deck``: use this deck (its id must match). Otherwise the folder recorded in the save, else the shipped deck
    with the save's id. A deck whose content hash differs is refused unless ``allow_mismatch``.
    """
    from twentystrong.content.source import DeckError  # not at import: a game started with --hero reads no save

    g = save.game
    folder: Path | None = None
    if deck is None:
        shipped = shipped_deck_dirs()
        recorded = Path(g.deck_path) if g.deck_path else None
        try:
            if recorded is not None and recorded.exists():
                deck, folder = load_deck(recorded), recorded
            elif g.deck_id in shipped:
                deck = load_shipped(g.deck_id)
            else:
                where = f" and its folder {recorded} no longer exists" if recorded is not None else ""
                known = ", ".join(shipped) or "none"
                raise SaveError(
                    f"this save was played with deck {g.deck_id!r}, which is not installed{where} "
                    f"(installed decks: {known})"
                )
        except DeckError as exc:
            raise SaveError(f"the deck {g.deck_id!r} of this save does not load:\n{exc}") from None
    elif g.deck_path:
        folder = Path(g.deck_path)
    if deck.id != g.deck_id:
        raise SaveError(f"this save was played with deck {g.deck_id!r}, not {deck.id!r}")
    if deck.content_hash != g.deck_hash and not allow_mismatch:
        raise SaveError(
            f"deck {g.deck_id!r} has changed since this game was saved (content hash {g.deck_hash[:12]}… then, "
            f"{deck.content_hash[:12]}… now); the game may not replay. Load it anyway only if you know the change "
            "is harmless."
        )
    return deck, folder


class LoadedGame(NamedTuple):
    """What a save holds, replayed: the deck, the setup, the history (the state after each command) and the undone
    commands (redo, the next to redo last), and the deck's folder if it is not shipped."""

    deck: Deck
    options: SetupOptions
    history: list[HistoryEntry]
    redo: list[HistoryEntry]
    folder: Path | None


def read_game(path: Path, deck: Deck | None = None, *, allow_mismatch: bool = False) -> LoadedGame:
    """Read and replay a save (its file untouched); raise :class:`SaveError`."""
    return game_from_save(parse_save(path), path, deck, allow_mismatch=allow_mismatch)


def game_from_save(
    save: SaveFile, path: Path | str, deck: Deck | None = None, *, allow_mismatch: bool = False
) -> LoadedGame:
    """Replay a validated save (``path`` names it in messages); raise :class:`SaveError`."""
    deck, folder = load_deck_for_save(save, deck, allow_mismatch=allow_mismatch)
    ruleset_for(deck.info.ruleset)  # its kit's rules are loaded: their commands and events read from the log
    g = save.game
    try:
        seed = int(g.seed)
    except ValueError:
        raise SaveError(f"{path}: the seed {g.seed!r} is not a whole number") from None
    choices = _saved_choices(path, deck, g.options)
    options = SetupOptions(g.deck_id, g.hero_id, seed, g.assisted, g.dice, g.deal, choices)
    try:
        state = initial_state(deck, options)  # a foreign universal hero joins the deck here
    except ValueError as exc:
        raise SaveError(f"{path}: {exc}") from None
    chosen_in_game = not g.hero_id and deck.info.ruleset in CHOSEN_IN_GAME  # HV1: the hero is chosen in the game
    if not chosen_in_game and g.hero_id not in {h.id for h in state.deck.heroes}:
        raise SaveError(f"{path}: deck {deck.id!r} has no hero {g.hero_id!r}")
    history: list[HistoryEntry] = []
    at = 0
    for i, raw_command in enumerate(save.log.commands):
        command = _command(path, i, raw_command)
        count = raw_command["events"]
        group: list[Event] = []
        for raw_event in save.log.events[at : at + count]:
            at += 1
            try:
                event = _event(raw_event)
                state = evolve(state, event)
            except Exception as exc:  # noqa: BLE001 - any failure of a damaged log is a damaged save
                name = raw_event.get("type", "?")
                raise SaveError(f"{path}: event #{at} ({name}) does not replay: {exc}") from None
            group.append(event)
        history.append(HistoryEntry(command, tuple(group), state))
    if history[0].command.cmd != "start":
        raise SaveError(f"{path}: the first command is {history[0].command.cmd!r}, not 'start'")
    redo: list[HistoryEntry] = []
    redo_state = state
    for i, raw_command in enumerate(save.log.redo):
        command = _command(path, i, raw_command, "redo command")
        result = decide_and_apply(redo_state, command)
        if isinstance(result, Rejected):
            break  # redo is a convenience: a command the engine no longer accepts ends it
        events, redo_state = result
        redo.append(HistoryEntry(command, tuple(events), redo_state))
    return LoadedGame(deck, options, history, redo[::-1], folder)


def _saved_choices(path: Path | str, deck: Deck, saved: dict[str, bool | int | str]) -> Choices:
    """The deck's options a save holds, as ``SetupOptions.choices`` (as they were given: the same game loads back).
    Older saves wrote every deck's options beside the general ones (another deck's at its default: left out here);
    any other option the deck's kit does not declare is refused."""
    from twentystrong.kits import choices_for, options_for
    from twentystrong.kits.options import choose

    own = {o.name for o in options_for(deck.info.ruleset)}
    strays = [name for name, _ in choices_for(deck.info.ruleset, saved) if name not in own]
    if strays:
        raise SaveError(f"{path}: deck {deck.id!r} has no setup option {strays[0]!r}")
    return choose({name: value for name, value in saved.items() if name in own})


def _command(path: Path | str, i: int, raw: dict[str, Any], what: str = "command") -> Command:
    body = {k: v for k, v in raw.items() if k != "events"}
    command = Command.from_dict(body)
    if isinstance(command, Rejected):
        raise SaveError(f"{path}: {what} #{i + 1} is not valid: {command.message}")
    return command


def _event(raw: dict[str, Any]) -> Event:
    """An event from its saved form, restoring the ``None`` fields TOML could not hold."""
    cls = EVENT_TYPES.get(str(raw.get("type")))
    if cls is not None:
        missing = [name for name in _nullable(cls) if name not in raw]
        if missing:
            raw = {**raw, **dict.fromkeys(missing)}
    return from_dict(raw)


def _nullable(cls: type[Event]) -> tuple[str, ...]:
    """The required fields of an event type that may be ``None`` (left out of saves, restored as ``None``)."""
    return tuple(f.name for f in fields(cls) if f.default is MISSING and "None" in str(f.type))


def __getattr__(name: str) -> Any:
    """The save-file models, still importable from here (they live in :mod:`twentystrong.session.savefile`, which
    imports pydantic, so that writing a save does not)."""
    if name in ("SaveFile", "SavedGame", "SavedLog"):
        from twentystrong.session import savefile

        return getattr(savefile, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
