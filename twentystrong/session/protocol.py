"""The headless JSON-lines protocol (architecture.md "Headless protocol"), independent of stdin/stdout.

:meth:`Protocol.handle` takes one input line and returns one answer object; it never raises and a refused line
leaves the game unchanged. Answers are ``{"ok": true, "events": [...], "state": {...}, "legal": [...]}`` or
``{"ok": false, "code": "...", "error": "...", "state": {...}}``. Every object in ``legal`` is a command that can be
sent back verbatim. Meta commands: ``state``, ``legal``, ``undo``, ``redo``, ``save`` (with ``path``), ``hint`` (the
advisor's advice: :mod:`twentystrong.odds.advice`), ``quit``.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.events import Event
from twentystrong.engine.view import event_view, state_view
from twentystrong.session.session import Session

META_COMMANDS: dict[str, str] = {
    "state": "answer with the state and the legal commands (the game is unchanged)",
    "legal": "the same as state",
    "undo": "step back one command (standard play cannot undo a random reveal)",
    "redo": "re-apply the last undone command",
    "save": 'save the game to a file in an existing folder: {"cmd": "save", "path": "game.toml"}',
    "hint": "the advisor's advice for this moment, as the odds panel gives it (the game is unchanged)",
    "quit": "answer, then end the process (exit status 0)",
}
"""Commands the protocol answers itself, with what each does."""

_META_ARGS: dict[str, frozenset[str]] = {name: frozenset() for name in META_COMMANDS} | {"save": frozenset({"path"})}


class Protocol:
    """One headless game: turns input lines into answers."""

    def __init__(self, session: Session, *, errors: TextIO | None = None) -> None:
        self.session = session
        self.quit = False
        """Set once a ``quit`` command has been answered."""
        self._errors = errors  # internal errors are described here (stderr), never on the protocol stream

    # --- answers ------------------------------------------------------------------------------------------------

    def ok(self, events: Sequence[Event] = (), **extra: Any) -> dict[str, Any]:
        """A success answer: the events, the state after them, the legal commands."""
        s = self.session.state
        answer: dict[str, Any] = {
            "ok": True,
            "events": [
                event_view(e, self.session.deck) for e in events
            ],  # R12: the player's view, never the hidden order
            "state": state_view(s),
            "legal": [c.to_dict() for c in self.session.legal()],
        }
        answer.update(extra)
        return answer

    def hint(self) -> dict[str, Any]:
        """The one advisor's answer for the player's view of the game now (architecture.md contract 12; R12:
        nothing hidden is read). Never changes the game."""
        from twentystrong.engine.view import player_view
        from twentystrong.odds.advice import hint

        return hint(player_view(self.session.state)).to_dict()

    def error(self, code: str, message: str) -> dict[str, Any]:
        """A refusal: a stable code, a message, and the (unchanged) state."""
        return {"ok": False, "code": code, "error": message, "state": state_view(self.session.state)}

    def rejected(self, rejected: Rejected) -> dict[str, Any]:
        """A refusal from the engine or the session."""
        return self.error(rejected.code, rejected.message)

    # --- input --------------------------------------------------------------------------------------------------

    def handle(self, line: str) -> dict[str, Any]:
        """The answer to one input line. Never raises; a refused line changes nothing."""
        try:
            return self._handle(line)
        except Exception as exc:  # noqa: BLE001 - the process never dies on input (architecture.md)
            if self._errors is not None:
                traceback.print_exc(file=self._errors)
            try:
                return self.error("internal_error", f"internal error ({type(exc).__name__}: {exc}); please report it")
            except Exception:  # noqa: BLE001 - even the state view failed
                return {"ok": False, "code": "internal_error", "error": f"{type(exc).__name__}: {exc}", "state": None}

    def _handle(self, line: str) -> dict[str, Any]:
        if not line.strip():  # every line gets exactly one answer: a bot that sends a blank line waits for it
            return self.error("empty_line", 'an empty line is not a command; send a JSON object, e.g. {"cmd": "state"}')
        try:
            data = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            return self.error("bad_json", f'not a JSON object ({exc}); send e.g. {{"cmd": "roll"}}')
        if isinstance(data, dict) and isinstance(data.get("cmd"), str) and data["cmd"] in META_COMMANDS:
            return self._meta(data)
        command = Command.from_dict(data)
        if isinstance(command, Rejected):
            if command.code == "unknown_command":
                legal = ", ".join(sorted({c.cmd for c in self.session.legal()})) or "none, the game is over"
                meta = ", ".join(META_COMMANDS)
                message = f"unknown command {data.get('cmd')!r}; legal now: {legal}; meta commands: {meta}"
                return self.error(command.code, message)
            return self.rejected(command)
        result = self.session.dispatch(command)
        if isinstance(result, Rejected):
            return self.rejected(result)
        return self.ok(result)

    def _meta(self, data: dict[str, Any]) -> dict[str, Any]:
        name = str(data["cmd"])
        unknown = sorted(set(data) - {"cmd"} - _META_ARGS[name])
        if unknown:
            return self.error("bad_argument", f"{name}: unknown argument {unknown[0]!r}")
        if name in ("state", "legal"):
            return self.ok()
        if name == "hint":
            return self.ok(hint=self.hint())
        if name == "undo":
            refused = self.session.undo()
            return self.rejected(refused) if refused else self.ok()
        if name == "redo":
            refused = self.session.redo()
            return self.rejected(refused) if refused else self.ok()
        if name == "save":
            path = data.get("path")
            if not isinstance(path, str) or not path:
                return self.error("bad_argument", 'save needs a "path" string, e.g. {"cmd": "save", "path": "g.toml"}')
            try:
                target = Path(path).absolute()
                folder = target.parent
                if not folder.is_dir():  # a typo in a path never creates folders: say so, save nothing
                    why = "is not a folder" if folder.exists() else "does not exist (create it first)"
                    return self.error("save_failed", f"cannot save to {path}: the folder {folder} {why}")
                self.session.save(target)
            except (OSError, ValueError) as exc:  # ValueError: a path the OS cannot name (NUL)
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                return self.error("save_failed", f"cannot save to {path}: {reason}")
            return self.ok(saved=str(target))
        self.quit = True  # "quit"
        return self.ok()
