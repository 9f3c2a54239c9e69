"""Find the line of a table or key in TOML text, so deck errors can say ``conflicts.toml:42``.

``tomllib`` returns plain values without positions, so this module scans the raw text once and records the line
of every table header, key and array element under its *concrete* path: the one pydantic reports, with array
indices counted the way the parser counts them, e.g. ``("card", 3, "reward", "effects", 0, "amount")``.

It only ever runs on text that ``tomllib`` has already accepted, so it can be small rather than a full parser;
anything it does not understand simply leaves a path unrecorded and :meth:`SourceMap.line_of` falls back to the
nearest recorded ancestor (the key line, else the ``[[card]]`` header).
"""

from __future__ import annotations

import bisect
import re

TomlPath = tuple[str | int, ...]
"""A path into a parsed TOML document: table keys and array indices."""

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_SCALAR_END = re.compile(r"[,\]}\n#]")


class SourceMap:
    """Line numbers (1-based) of the headers, keys and array elements of one TOML text."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._newlines = [i for i, ch in enumerate(text) if ch == "\n"]
        self._lines: dict[TomlPath, int] = {}
        # Concrete path of an array of tables -> how many of its tables have been seen so far.
        self._counts: dict[TomlPath, int] = {}
        try:
            self._scan()
        except (IndexError, ValueError):
            pass  # never fatal: whatever was recorded before the surprise still gives good lines

    def line_of(self, path: TomlPath) -> int | None:
        """The line of ``path``, else of its nearest recorded ancestor; ``None`` if nothing is known."""
        for end in range(len(path), 0, -1):
            line = self._lines.get(path[:end])
            if line is not None:
                return line
        return None

    # --- scanning --------------------------------------------------------------------------------------------

    def _line_at(self, pos: int) -> int:
        return bisect.bisect_left(self._newlines, pos) + 1

    def _record(self, path: TomlPath, pos: int) -> None:
        self._lines.setdefault(path, self._line_at(pos))

    def _scan(self) -> None:
        text, pos = self._text, 0
        table: TomlPath = ()
        while pos < len(text):
            pos = _skip_blank(text, pos, newlines=True)
            if pos >= len(text):
                break
            if text[pos] == "[":
                pos, table = self._header(pos)
            else:
                pos = self._key_value(pos, table)
            pos = _skip_to_next_line(text, pos)

    def _header(self, pos: int) -> tuple[int, TomlPath]:
        text = self._text
        is_array = text.startswith("[[", pos)
        keys, end = _parse_key(text, pos + (2 if is_array else 1))
        concrete: TomlPath = ()
        for i, key in enumerate(keys):
            concrete = (*concrete, key)
            if i == len(keys) - 1 and is_array:
                self._record(concrete, pos)  # the array as a whole: its first table
                index = self._counts.get(concrete, 0)
                self._counts[concrete] = index + 1
                concrete = (*concrete, index)
            elif concrete in self._counts:
                # [card.reward] after [[card]]: the latest card is meant (TOML's own rule).
                concrete = (*concrete, self._counts[concrete] - 1)
        self._record(concrete, pos)
        return end + (2 if is_array else 1), concrete

    def _key_value(self, pos: int, table: TomlPath) -> int:
        keys, end = _parse_key(self._text, pos)
        path = (*table, *keys)
        self._record(path, pos)
        end = _skip_blank(self._text, end)
        if self._text[end] != "=":
            raise ValueError("not a key/value line")
        return self._value(_skip_blank(self._text, end + 1), path)

    def _value(self, pos: int, path: TomlPath) -> int:
        text = self._text
        for quote in ('"""', "'''"):
            if text.startswith(quote, pos):
                return _end_of_string(text, pos + 3, quote)
        if text[pos] in "\"'":
            return _end_of_string(text, pos + 1, text[pos])
        if text[pos] == "[":
            return self._array(pos + 1, path)
        if text[pos] == "{":
            return self._inline_table(pos + 1, path)
        match = _SCALAR_END.search(text, pos)
        return match.start() if match else len(text)

    def _array(self, pos: int, path: TomlPath) -> int:
        text, index = self._text, 0
        while True:
            pos = _skip_blank(text, pos, newlines=True)
            if text[pos] == "]":
                return pos + 1
            if text[pos] == ",":
                pos += 1
                continue
            self._record((*path, index), pos)
            pos = _advanced(pos, self._value(pos, (*path, index)))
            index += 1

    def _inline_table(self, pos: int, path: TomlPath) -> int:
        text = self._text
        while True:
            pos = _skip_blank(text, pos, newlines=True)
            if text[pos] == "}":
                return pos + 1
            if text[pos] == ",":
                pos += 1
                continue
            pos = _advanced(pos, self._key_value(pos, path))


def _advanced(before: int, after: int) -> int:
    """``after``, which must be past ``before``: a guard against looping forever on text this scanner misreads."""
    if after <= before:
        raise ValueError("the scanner did not advance")
    return after


def _skip_blank(text: str, pos: int, *, newlines: bool = False) -> int:
    """Skip spaces and tabs (and, if asked, newlines and comments)."""
    while pos < len(text):
        ch = text[pos]
        if ch in " \t\r" or (newlines and ch == "\n"):
            pos += 1
        elif newlines and ch == "#":
            end = text.find("\n", pos)
            pos = len(text) if end < 0 else end
        else:
            break
    return pos


def _skip_to_next_line(text: str, pos: int) -> int:
    end = text.find("\n", pos)
    return len(text) if end < 0 else end + 1


def _end_of_string(text: str, pos: int, quote: str) -> int:
    """The position just after the closing ``quote`` of a string whose body starts at ``pos``."""
    escapes = quote[0] == '"'  # literal strings ('...') have no escapes
    while True:
        if escapes and text[pos] == "\\":
            pos += 2
        elif text.startswith(quote, pos):
            end = pos + len(quote)
            # A multi-line string may end with up to two extra quotes ("""a"""" is 'a"').
            while len(quote) == 3 and end < len(text) and text[end] == quote[0]:
                end += 1
            return end
        else:
            pos += 1


def _parse_key(text: str, pos: int) -> tuple[list[str], int]:
    """A dotted key starting at ``pos`` (bare or quoted parts): its parts and the position after it."""
    parts: list[str] = []
    while True:
        pos = _skip_blank(text, pos)
        if text[pos] in "\"'":
            end = _end_of_string(text, pos + 1, text[pos])
            raw = text[pos + 1 : end - 1]
            parts.append(_unescape(raw) if text[pos] == '"' else raw)
            pos = end
        else:
            match = _BARE_KEY.match(text, pos)
            if match is None:
                raise ValueError("not a key")
            parts.append(match.group())
            pos = match.end()
        pos = _skip_blank(text, pos)
        if pos >= len(text) or text[pos] != ".":
            return parts, pos
        pos += 1


def _unescape(raw: str) -> str:
    """Decode the escapes of a basic-string key (rare in deck files; good enough for locating)."""
    try:
        return raw.encode("latin-1", "backslashreplace").decode("unicode_escape")
    except UnicodeDecodeError:
        return raw
