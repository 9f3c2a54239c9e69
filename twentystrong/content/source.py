"""A deck's files as read from disk, the items in them, and the findings reported against them.

Everything a deck author is told points at a file and, where it can, a line and an item
(``conflicts.toml:42 card "ember-wasp": health must be 1–12, got 0``); this module holds those places.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from twentystrong.content.locate import SourceMap, TomlPath


@dataclass(frozen=True)
class Finding:
    """One problem in a deck file, in terms a deck author can act on."""

    file: str
    """The file (as the path was given), or the deck folder for problems of the deck as a whole."""
    line: int | None
    """1-based line in ``file``, when known."""
    item: str | None
    """What the problem is in, e.g. ``card "ember-wasp"`` (``None`` for problems of a whole file)."""
    field: str | None
    """The key concerned, as a path inside the item, e.g. ``reward.effects[0].amount``."""
    message: str
    """What is wrong and what is expected, starting with the field: ``health must be 1–12, got 0``."""

    def __str__(self) -> str:
        where = self.file + (f":{self.line}" if self.line else "")
        who = f" {self.item}" if self.item else ""
        return f"{where}{who}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        """The finding as a JSON-ready object (``twentystrong validate --json``)."""
        return {"file": self.file, "line": self.line, "item": self.item, "field": self.field, "message": self.message}


class DeckError(Exception):
    """A deck could not be loaded; ``findings`` lists every problem found."""

    def __init__(self, findings: list[Finding]) -> None:
        super().__init__("\n".join(str(f) for f in findings))
        self.findings = findings


@dataclass
class SourceFile:
    """One parsed TOML file of a deck, with its text kept for locating lines."""

    path: Path
    text: str
    doc: dict[str, Any]
    _map: SourceMap | None = field(default=None, repr=False)

    def line_of(self, path: TomlPath) -> int | None:
        """The line of a table or key (the map is built only when a problem needs a line)."""
        if self._map is None:
            self._map = SourceMap(self.text)
        return self._map.line_of(path)

    def finding(self, path: TomlPath, message: str, *, item: str | None = None, key: str | None = None) -> Finding:
        """A finding at ``path`` in this file."""
        return Finding(str(self.path), self.line_of(path), item, key, message)


@dataclass(frozen=True)
class Placed:
    """A raw item (one ``[[card]]``, ``[[hero]]`` … or the ``[deck]`` table) and where it sits."""

    section: str
    """The TOML table name: ``deck``, ``hero``, ``card``, ``boss`` or ``mission``."""
    index: int | None
    """Its position among that file's ``[[section]]`` tables (``None`` for ``[deck]``)."""
    source: SourceFile
    raw: Any
    """The parsed TOML value (a table, unless the author wrote something else)."""

    @property
    def path(self) -> TomlPath:
        """Its path in the file's document."""
        return (self.section,) if self.index is None else (self.section, self.index)

    @property
    def label(self) -> str:
        """How messages name it: ``card "ember-wasp"``, or ``card #3`` (its place in its file) without an id."""
        ident = self.raw.get("id") if isinstance(self.raw, dict) else None
        if isinstance(ident, str) and ident:
            return f'{self.section} "{ident}"'
        if self.index is None:
            return f"[{self.section}]"
        return f"{self.section} #{self.index + 1}"

    def finding(self, sub: TomlPath, message: str, key: str | None = None) -> Finding:
        """A finding about ``sub`` (a path inside this item) with this item's label."""
        return self.source.finding((*self.path, *sub), message, item=self.label, key=key)


def show(value: Any) -> str:
    """A value as the deck author wrote it in TOML (strings quoted, booleans lower-case, tables summarised)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        # A long text (a flavour pasted into the wrong key) would drown the message: show its start.
        return json.dumps(value if len(value) <= 40 else value[:37] + "…", ensure_ascii=False)
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        if value and all(isinstance(v, dict) for v in value):
            return f"an array of {len(value)} table{'s' if len(value) > 1 else ''}"
        text = "[" + ", ".join(show(v) for v in value) + "]"
        return text if len(text) <= 40 else f"an array of {len(value)}"
    return f"a {type(value).__name__}"  # dates and times
