"""Read a deck folder (or a single TOML file) into a validated :class:`Deck`, or say everything that is wrong.

This is the validator: pydantic, the kits' content declarations, the deck-wide checks and the wording of problems.
A game started from the deck cache never imports it (:func:`twentystrong.content.loader.load_shipped`).

Reading runs in stages, each collecting :class:`Finding` objects instead of stopping at the first problem:

1. read each file: binary, non-UTF-8, empty and syntactically invalid files are reported with the parser's line;
2. split each document into ``[deck]`` and the arrays of tables a deck file may hold (``[[hero]]``, ``[[card]]``,
   ``[[boss]]`` and those of the installed kits, :mod:`~twentystrong.content.sections`); unknown top-level tables
   are reported;
3. validate each item with pydantic (a ``TypeAdapter``): strictly, as the content classes say (TOML has real types,
   so ``health = "3"`` is a mistake worth reporting, not coercing);
4. check the deck as a whole (``validate``): unique ids, references, hero cards, the ruleset's needs.

The deck is built only when nothing was found.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import re
import tomllib
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from pydantic import ConfigDict, TypeAdapter, ValidationError, create_model

from twentystrong.content import validate as deck_checks
from twentystrong.content.base import Content
from twentystrong.content.explain import explain, show, suggest
from twentystrong.content.model import Deck, DeckInfo
from twentystrong.content.registry import deck_files, hashed
from twentystrong.content.sections import allowed_tables, kit_contents, sections, table_header
from twentystrong.content.source import DeckError, Finding, Placed, SourceFile

_TOML_ERROR_PLACE = r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)$"


def _empty() -> str:
    return f"file is empty: a deck file holds {allowed_tables()} tables"


def load_deck(path: Path, *, expect_id: str | None = None) -> Deck:
    """Load and validate the deck at ``path`` (a folder or one TOML file); raise :class:`DeckError`.

    ``expect_id``: the id the deck must have (a shipped deck's folder name, see :func:`load_shipped`).
    """
    return read_deck(path, expect_id=expect_id)[0]


def read_deck(path: Path, *, expect_id: str | None = None) -> tuple[Deck, list[Finding]]:
    """:func:`load_deck`, with the warnings about the deck it loaded: words not translated
    (:func:`~twentystrong.content.validate.missing_translations`)."""
    if not path.exists():
        raise DeckError([Finding(str(path), None, None, None, "no such file or folder")])
    files = deck_files(path)
    if not files:
        raise DeckError([Finding(str(path), None, None, None, "no .toml files in this folder")])
    reading = _Reading(expect_id=expect_id)
    for file in files:
        reading.read(file)
    deck = reading.build(path)
    if reading.findings or deck is None:
        order = {str(f): i for i, f in enumerate(files)}
        raise DeckError(sorted(reading.findings, key=lambda f: (order.get(f.file, -1), f.line or 0)))
    return deck, reading.warnings


def no_shipped_deck(deck_id: str, known: list[str]) -> DeckError:
    """The error for a shipped deck id that names none (``known``: the shipped ones)."""
    listed = ", ".join(known) or "none are installed"
    message = f"no shipped deck {show(deck_id)}{suggest(deck_id, known)}; shipped decks: {listed}"
    return DeckError([Finding(deck_id, None, None, None, message)])


class _Reading:
    """The state of loading one deck: what has been read so far and what was found wrong."""

    def __init__(self, *, expect_id: str | None = None) -> None:
        self.expect_id = expect_id
        self.findings: list[Finding] = []
        self.items: list[Placed] = []
        self.info: Placed | None = None
        self.deck_misplaced = False
        """A ``deck`` key was found but was not a table (already reported, so not "missing" too)."""
        self.complete = True
        """Every file was read and parsed; deck-wide counts are only meaningful then."""
        self.digest = hashlib.sha256()
        self.warnings: list[Finding] = []
        """What is worth saying but not wrong: words left untranslated."""

    def read(self, file: Path) -> None:
        """Read, hash and parse one file, and place its items."""
        source: SourceFile | Finding
        try:
            data = file.read_bytes()
        except OSError as exc:
            data, source = b"", Finding(str(file), None, None, None, f"cannot be read: {exc.strerror or exc}")
        else:
            source = _parse(file, data)
        self.digest.update(hashed(file, data))
        if isinstance(source, Finding):
            self.findings.append(source)
            self.complete = False
            return
        for key, value in source.doc.items():
            self._place(source, key, value)

    def build(self, path: Path) -> Deck | None:
        """Validate every item and the deck as a whole; the deck if nothing is wrong."""
        checked = [(p, m) for p in self.items if (m := self._validate(p)) is not None]
        info = self._validate(self.info) if self.info else None
        self.findings += deck_checks.check_deck(self.items, checked)
        if self.info is not None and info is not None:
            self.findings += deck_checks.check_translations([(self.info, info)])  # the deck's title, description
        if self.complete and self.info is None and not self.deck_misplaced:
            self.findings.append(_missing_deck_table(path))
        if self.complete and self.info is not None and info is not None:
            counts = {s: sum(p.section == s for p in self.items) for s in sections()}
            self.findings += deck_checks.check_ruleset((self.info, info), counts, checked)
        if self.expect_id is not None and self.info is not None and info is not None:
            self.findings += deck_checks.check_shipped_id(self.expect_id, (self.info, info))
        if self.findings or not isinstance(info, DeckInfo):
            return None
        deck_table = [(self.info, info)] if self.info is not None else []
        self.warnings = deck_checks.missing_translations([*deck_table, *checked])
        return _assemble(info, checked, self.digest.hexdigest())

    # --- stage 2: tables ------------------------------------------------------------------------------------

    def _place(self, source: SourceFile, key: str, value: Any) -> None:
        if key == "deck":
            self._place_deck(source, value)
        elif key in sections():
            self._place_array(source, key, value)
        else:
            self.findings.append(_unknown_table(source, key, value))

    def _place_deck(self, source: SourceFile, value: Any) -> None:
        if not isinstance(value, dict):
            message = f"deck must be one table: write [deck], not [[deck]] or deck = …, got {show(value)}"
            self.findings.append(source.finding(("deck",), message, key="deck"))
            self.deck_misplaced = True
            return
        placed = Placed("deck", None, source, value)
        if self.info is not None:
            first = self.info.source.path.name
            message = f"a deck has one [deck] table; there is already one in {first}"
            self.findings.append(source.finding(("deck",), message, item=placed.label, key="deck"))
            return
        self.info = placed

    def _place_array(self, source: SourceFile, key: str, value: Any) -> None:
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            message = f"{key} must be [[{key}]] tables (each [[{key}]] starts one), got {show(value)}"
            self.findings.append(source.finding((key,), message, key=key))
            return
        self.items += [Placed(key, i, source, raw) for i, raw in enumerate(value)]

    # --- stage 3: items -------------------------------------------------------------------------------------

    def _validate(self, placed: Placed) -> Content | None:
        known = sections()
        many = placed.section != "deck"
        try:
            document = items_adapter(tuple((name, s.model) for name, s in known.items()))
            validated = document.validate_python({placed.section: [placed.raw] if many else placed.raw})
        except ValidationError as exc:
            # The locations inside the document: drop the section (and the list index) it was wrapped in.
            exc_items = explain(exc, known[placed.section].model, prefix=2 if many else 1)
            self.findings += [placed.finding(e.path, e.message, e.field) for e in exc_items]
            return None
        item: Content = getattr(validated, placed.section)[0] if many else getattr(validated, placed.section)
        return item


def validate(kind: Any, data: Any) -> Any:
    """``data`` validated by pydantic as ``kind`` (a content class, ``Effect`` …): the content object, or pydantic's
    ``ValidationError``."""
    return adapter(kind).validate_python(data)


@cache
def adapter(kind: Any) -> TypeAdapter[Any]:
    """Pydantic's validator of a type of content, built once per process."""
    return TypeAdapter(kind)


@lru_cache(maxsize=4)
def items_adapter(known: tuple[tuple[str, type[Content]], ...]) -> TypeAdapter[Any]:
    """Pydantic's validator of one item of any section (a table of each section, all optional): one validator for
    every content class, so pydantic builds the effect union and the classes it names once per process."""
    fields: dict[str, Any] = {
        name: ((model if name == "deck" else list[model]) | None, None)  # type: ignore[valid-type]
        for name, model in known
    }
    document = create_model("DeckItems", __config__=ConfigDict(extra="forbid"), **fields)
    return TypeAdapter(document)


def _parse(file: Path, data: bytes) -> SourceFile | Finding:
    """Stage 1: a file's bytes as a parsed document, or the one finding that says why they are not one."""

    def fail(line: int | None, message: str) -> Finding:
        return Finding(str(file), line, None, None, message)

    if not data.strip():
        return fail(None, _empty())
    if b"\0" in data:
        return fail(None, "binary file, not TOML text")
    try:
        text = data.decode("utf-8-sig")  # tolerate the byte-order mark some Windows editors write
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return fail(line, f"not UTF-8 text (byte 0x{data[exc.start]:02x}); save the file as UTF-8")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return fail(*_toml_error(str(exc), text))
    return SourceFile(file, text, doc) if doc else fail(None, _empty())


def _assemble(info: DeckInfo, checked: list[tuple[Placed, Content]], content_hash: str) -> Deck:
    """The deck: each section's items in the :class:`Deck` field it fills, or in the part of the deck its kit's
    table fills (:attr:`Deck.parts`: every table of the deck's own kit, none of another's); in section order, then
    file order."""
    general = {spec.name for spec in dataclasses.fields(Deck)}
    own = kit_contents().get(info.ruleset)
    fields: dict[str, list[Any]] = {}
    parts: dict[str, list[Any]] = {}
    for name, section in sections().items():
        if name == "deck":
            continue
        items = [m for p, m in checked if p.section == name]
        if section.into in general:
            fields.setdefault(section.into, []).extend(items)
        elif items or (own is not None and name in own.sections):
            parts.setdefault(section.into, []).extend(items)
    return Deck(info=info, **fields, parts=parts, content_hash=content_hash)


def _toml_error(message: str, text: str) -> tuple[int | None, str]:
    """The line and a tidy message from a ``TOMLDecodeError`` ("Invalid value (at line 3, column 9)")."""
    match = re.search(_TOML_ERROR_PLACE, message)
    if match is None:
        return None, f"invalid TOML: {message}"
    reason = message[: match.start()]
    if match.group(1) is None:
        return text.count("\n") + 1, f"invalid TOML: {reason} at the end of the file"
    return int(match.group(1)), f"invalid TOML: {reason} (column {match.group(2)})"


def _unknown_table(source: SourceFile, key: str, value: Any) -> Finding:
    if not isinstance(value, dict | list):
        message = f"{key} = … is outside any table; put it under one of {allowed_tables()}"
    else:
        known = sections()
        plural = {**{f"{s}s": s for s in known}, **{f"{s}es": s for s in known}, "conflict": "card"}
        close = plural.get(key) or next(iter(difflib.get_close_matches(key, known, n=1)), None)
        hint = f" (did you mean {table_header(close)}?)" if close else ""
        message = f"unknown table {show(key)}{hint}; a deck file holds only {allowed_tables()}"
    return source.finding((key,), message, key=key)


def _missing_deck_table(path: Path) -> Finding:
    deck_toml = path / "deck.toml" if path.is_dir() else path
    message = "no [deck] table: a deck needs one (in deck.toml) with id, title and ruleset"
    return Finding(str(deck_toml), None, None, "deck", message)
