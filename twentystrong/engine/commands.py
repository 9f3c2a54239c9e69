"""Commands: one player intent each, atomic (commit one die, apply one die to one card …).

A command is a small record: ``cmd`` names the intent and the other fields are its arguments. It round-trips
through JSON unchanged (the headless protocol sends ``legal`` entries back verbatim).

The general rules' commands and arguments are listed here (:data:`CMDS`, :data:`FIELDS`); a ruleset adds its own
(Solar Sentinels: ``activate`` a ``stack``, ``discard_mission`` …) with :func:`register`, which makes them known to
the parser. A ruleset's arguments ride in :attr:`Command.args` and read like the general ones (``command.stack``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from twentystrong.i18n import N_

CMDS: dict[str, str] = {
    "start": N_("start the game"),
    "commit": N_("commit a die from the pool"),
    "roll": N_("roll every unapplied die in the active area"),
    "face": N_("enter the face a physical die shows"),
    "faces": N_("enter the faces of several physical dice"),
    "apply": N_("apply a rolled hit to an active card"),
    "repeat": N_("start another Strategy phase"),
    "resolve": N_("end the Strategy phases and resolve"),
    "take_reward": N_("take an instant reward"),
    "decline_reward": N_("decline an instant reward"),
    "resolve_after": N_("resolve this After effect next"),
    "recover": N_("recover an exhausted die"),
    "done": N_("finish this step"),
    "gain_item": N_("gain an item reward"),
    "decline_item": N_("decline an item reward"),
    "use_item": N_("use an item"),
    "discard_item": N_("discard an item"),
    "use_ability": N_("use the hero's ability"),
    "choose": N_("answer an effect's choice"),
}
"""The general rules' commands, each with a short description (a ruleset's own are in its ``commands``), in English:
``_()`` it where a player reads it."""

FIELDS: dict[str, type] = {
    "die": str,
    "card": str,
    "face": str,
    "faces": dict,
    "item": str,
    "choice": str,
    "effect": int,
}
"""The general commands' arguments and their JSON types; :func:`register` adds a ruleset's."""

KNOWN: set[str] = set(CMDS)
"""Every command name the parser accepts: the general ones and every registered ruleset's."""

_GENERAL = ("die", "card", "face", "faces", "item", "choice", "effect")


def _load_rulesets() -> None:
    """Load every installed ruleset's rules, so that their commands and arguments are known: a ruleset registers
    them when its rules are first loaded, and a command may be read before any game of its deck is set up (a
    save, a test, a front end building a choice)."""
    from twentystrong.kits import load_rules

    load_rules()


def register(commands: dict[str, str], fields: dict[str, type]) -> None:
    """Make a ruleset's commands and their arguments known to the parser (called when the ruleset is imported).
    An argument another ruleset registered must have the same type."""
    for name, kind in fields.items():
        if FIELDS.get(name, kind) is not kind:
            raise ValueError(f"command argument {name!r} registered as {FIELDS[name].__name__} and {kind.__name__}")
        FIELDS[name] = kind
    KNOWN.update(commands)


class _Fields(NamedTuple):
    cmd: str
    die: str | None
    card: str | None
    face: str | None
    faces: tuple[tuple[str, str], ...] | None
    item: str | None
    choice: str | None
    effect: int | None
    args: tuple[tuple[str, Any], ...]


class Command(_Fields):
    """A player command. Only the fields its ``cmd`` needs are set; a ruleset's own arguments are in :attr:`args`
    and read as attributes too (``Command("activate", stack=2).stack == 2``).

    A command is a value (a tuple of its fields: legal lists hold many, and ``decide`` looks one up among them):
    two commands with the same fields are equal and hash alike."""

    __slots__ = ()

    def __new__(  # a keyword-only constructor; the fields stay the tuple's
        cls,
        cmd: str,
        *,
        die: str | None = None,
        card: str | None = None,
        face: str | None = None,
        faces: tuple[tuple[str, str], ...] | None = None,
        item: str | None = None,
        choice: str | None = None,
        effect: int | None = None,
        **args: Any,
    ) -> Command:
        extra: tuple[tuple[str, Any], ...] = ()
        if args:
            if any(name not in FIELDS for name in args):
                _load_rulesets()
            unknown = [name for name in args if name not in FIELDS]
            if unknown:
                raise TypeError(f"Command has no argument(s) {', '.join(map(repr, sorted(unknown)))}")
            extra = tuple(sorted((k, v) for k, v in args.items() if v is not None))
        return tuple.__new__(cls, (cmd, die, card, face, faces, item, choice, effect, extra))

    def __getattr__(self, name: str) -> Any:
        # Only for names that are not general fields: a registered ruleset argument (None when unset).
        if name not in FIELDS and not name.startswith("__"):
            _load_rulesets()
        if name in FIELDS:
            for key, value in self.args:
                if key == name:
                    return value
            return None
        raise AttributeError(f"Command has no argument {name!r}")

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: only the fields that are set."""
        out: dict[str, Any] = {"cmd": self.cmd}
        for name in _GENERAL:
            value = getattr(self, name)
            if value is not None:
                out[name] = dict(value) if name == "faces" else value
        out.update(self.args)
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Command | Rejected:
        """Parse the JSON form; unknown keys or wrong types give a :class:`Rejected`."""
        if not isinstance(data, dict):
            return Rejected("bad_command", 'a command is a JSON object such as {"cmd": "roll"}')
        cmd = data.get("cmd")
        if not isinstance(cmd, str):
            return Rejected("bad_command", 'a command needs a "cmd" string, e.g. {"cmd": "roll"}')
        if cmd not in KNOWN or any(key not in FIELDS for key in data if key != "cmd"):
            _load_rulesets()
        if cmd not in KNOWN:
            return Rejected("unknown_command", f"unknown command {cmd!r}; known: {', '.join(sorted(KNOWN))}")
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key == "cmd":
                continue
            kind = FIELDS.get(key)
            if kind is None:
                return Rejected("bad_argument", f"{cmd}: unknown argument {key!r}")
            if kind is dict:
                if not isinstance(value, dict) or not all(
                    isinstance(k, str) and isinstance(v, str) for k, v in value.items()
                ):
                    return Rejected("bad_argument", f'{key} must be an object like {{"B3": "crit"}}')
                kwargs[key] = tuple(sorted(value.items()))
            elif kind is int:
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
