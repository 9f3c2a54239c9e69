"""Commands: one player intent each, atomic (commit one die, apply one die to one card …).

A command is a small record: ``cmd`` names the intent and the other fields are its arguments. It round-trips
through JSON unchanged (the headless protocol sends ``legal`` entries back verbatim).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

CMDS: dict[str, str] = {
    "start": "start the game",
    "discard_mission": "discard one of the dealt missions",
    "rank_penalty": "choose a rank penalty: banish one die or exhaust three",
    "start_endgame": "start the endgame now",
    "decline_endgame": "keep playing the stacks",
    "activate": "activate the top card of a stack",
    "commit": "commit a die from the pool",
    "roll": "roll every unapplied die in the active area",
    "face": "enter the face a physical die shows",
    "faces": "enter the faces of several physical dice",
    "apply": "apply a rolled hit to an active card",
    "repeat": "start another Strategy phase",
    "resolve": "end the Strategy phases and resolve",
    "take_reward": "take an instant reward",
    "decline_reward": "decline an instant reward",
    "resolve_after": "resolve this After effect next",
    "recover": "recover an exhausted die",
    "done": "finish this step",
    "gain_item": "gain an item reward",
    "decline_item": "decline an item reward",
    "stack_discard": "discard the top card of a stack",
    "use_item": "use an item",
    "discard_item": "discard an item",
    "use_ability": "use the hero's ability",
    "choose": "answer an effect's choice",
    "forfeit_mission": "forfeit the current mission",
}
"""Every command name with a short description (the headless docs and the help screen use it)."""


@dataclass(frozen=True, slots=True)
class Command:
    """A player command. Only the fields its ``cmd`` needs are set."""

    cmd: str
    stack: int | None = None  # 1-based stack number, as printed on the table
    die: str | None = None
    card: str | None = None
    face: str | None = None
    faces: tuple[tuple[str, str], ...] | None = None
    item: str | None = None
    choice: str | None = None
    mission: str | None = None
    effect: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: only the fields that are set."""
        out: dict[str, Any] = {"cmd": self.cmd}
        for f in fields(self)[1:]:
            value = getattr(self, f.name)
            if value is not None:
                out[f.name] = dict(value) if f.name == "faces" else value
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Command | Rejected:
        """Parse the JSON form; unknown keys or wrong types give a :class:`Rejected`."""
        if not isinstance(data, dict):
            return Rejected("bad_command", 'a command is a JSON object such as {"cmd": "roll"}')
        cmd = data.get("cmd")
        if not isinstance(cmd, str):
            return Rejected("bad_command", 'a command needs a "cmd" string, e.g. {"cmd": "roll"}')
        if cmd not in CMDS:
            return Rejected("unknown_command", f"unknown command {cmd!r}; known: {', '.join(CMDS)}")
        allowed = {f.name: f for f in fields(Command)}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key == "cmd":
                continue
            if key not in allowed:
                return Rejected("bad_argument", f"{cmd}: unknown argument {key!r}")
            if key == "faces":
                if not isinstance(value, dict) or not all(
                    isinstance(k, str) and isinstance(v, str) for k, v in value.items()
                ):
                    return Rejected("bad_argument", 'faces must be an object like {"B3": "crit"}')
                kwargs[key] = tuple(sorted(value.items()))
            elif key in ("stack", "effect"):
                if not isinstance(value, int) or isinstance(value, bool):
                    return Rejected("bad_argument", f"{cmd}: {key} must be a whole number")
                kwargs[key] = value
            else:
                if not isinstance(value, str):
                    return Rejected("bad_argument", f"{cmd}: {key} must be a string")
                kwargs[key] = value
        return Command(cmd, **kwargs)


@dataclass(frozen=True, slots=True)
class Rejected:
    """A command the engine refused: a stable ``code`` and a message a player understands."""

    code: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"code": self.code, "error": self.message}
