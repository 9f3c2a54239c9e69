"""Read a gettext ``.po`` catalogue at run time into a :class:`gettext.GNUTranslations`.

The catalogues ship as ``.po`` text only, so the one install command (``pip install -e .`` or a wheel) gives every
language with no compile step and no generated file in the source tree that could go stale. On first use this module
does what ``msgfmt`` does, for the one language a player chose, and hands the binary ``.mo`` image to the standard
library (which reads plural forms and contexts exactly as GNU gettext does). The image is also kept in the user
cache folder under the hash of the ``.po`` file and of this module, so the next start reads the ``.mo`` (about 4×
faster than parsing the ``.po``: 4-5 ms against 17-23 ms CPU for 2,000 messages, on a busy machine) and an edited
catalogue is never read stale. The cache is only a shortcut: when it cannot be read or written, the ``.po`` is read
every time.

Like ``msgfmt``: fuzzy and obsolete (``#~``) entries are left out, and so is an entry whose translation is empty, so
that such a message falls back to English per string.
"""

from __future__ import annotations

import array
import gettext
import hashlib
import io
import os
import re
from pathlib import Path

_ESCAPE = re.compile(r"\\(.)")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


class CatalogueError(ValueError):
    """A ``.po`` file that cannot be read: the message names the file and the line."""


def _unescape(text: str) -> str:
    if "\\" not in text:
        return text
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), text)


class _Entry:
    """One entry while it is read (a plain class: a dataclass costs a game's start-up more than it saves here)."""

    __slots__ = ("context", "msgid", "plural", "strings", "fuzzy")

    def __init__(self) -> None:
        self.context: str | None = None
        self.msgid: str | None = None
        self.plural: str | None = None
        self.strings: dict[int, str] = {}
        self.fuzzy = False


def read_po(text: str, name: str = "<catalogue>") -> dict[str, str]:
    """The translated messages of a ``.po`` text, keyed as in a ``.mo`` file.

    A key is ``msgid`` (with ``context + "\\x04"`` before it when the entry has a ``msgctxt``, and ``"\\0" +
    msgid_plural`` after it for a plural entry); a plural entry's value is its forms joined by ``"\\0"``. The header
    (``msgid ""``) is always kept: it carries ``Plural-Forms``.
    """
    messages: dict[str, str] = {}
    entry = _Entry()
    target: tuple[str, int] | None = None  # which string a continuation line extends

    def finish() -> None:
        nonlocal entry
        if entry.msgid is not None:
            _add(messages, entry)
        entry = _Entry()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#~"):
                continue  # obsolete
            if entry.msgid is not None and entry.strings:
                finish()
                target = None
            if line.startswith("#,") and "fuzzy" in (flag.strip() for flag in line[2:].split(",")):
                entry.fuzzy = True
            continue
        keyword, _, rest = line.partition(" ")
        rest = rest.strip()
        if line.startswith('"'):
            keyword, rest = "", line
        if not (rest.startswith('"') and rest.endswith('"') and len(rest) >= 2):
            raise CatalogueError(f"{name}, line {number}: expected a quoted string, found {raw!r}")
        value = _unescape(rest[1:-1])
        if keyword == "":
            if target is None:
                raise CatalogueError(f"{name}, line {number}: a string continues nothing")
            kind, index = target
            if kind == "msgctxt":
                entry.context = (entry.context or "") + value
            elif kind == "msgid":
                entry.msgid = (entry.msgid or "") + value
            elif kind == "msgid_plural":
                entry.plural = (entry.plural or "") + value
            else:
                entry.strings[index] += value
            continue
        if keyword in ("msgctxt", "msgid") and (entry.strings or (keyword == "msgctxt" and entry.msgid is not None)):
            fuzzy = entry.fuzzy and entry.msgid is None
            finish()
            entry.fuzzy = fuzzy
        if keyword == "msgctxt":
            entry.context, target = value, ("msgctxt", 0)
        elif keyword == "msgid":
            entry.msgid, target = value, ("msgid", 0)
        elif keyword == "msgid_plural":
            entry.plural, target = value, ("msgid_plural", 0)
        elif keyword == "msgstr":
            entry.strings[0], target = value, ("msgstr", 0)
        elif keyword.startswith("msgstr[") and keyword.endswith("]") and keyword[7:-1].isdigit():
            index = int(keyword[7:-1])
            entry.strings[index], target = value, ("msgstr", index)
        else:
            raise CatalogueError(f"{name}, line {number}: unknown keyword {keyword!r}")
    finish()
    return messages


def _add(messages: dict[str, str], entry: _Entry) -> None:
    assert entry.msgid is not None
    if entry.msgid == "" and entry.context is None:
        messages[""] = entry.strings.get(0, "")  # the header, fuzzy or not
        return
    if entry.fuzzy:
        return
    forms = [entry.strings[i] for i in sorted(entry.strings)]
    if not forms or any(form == "" for form in forms):
        return  # untranslated: English, per string
    key = entry.msgid if entry.plural is None else f"{entry.msgid}\0{entry.plural}"
    if entry.context is not None:
        key = f"{entry.context}\x04{key}"
    messages[key] = "\0".join(forms)


def mo_image(messages: dict[str, str]) -> bytes:
    """The binary ``.mo`` image of ``messages`` (the layout ``msgfmt`` writes, without the optional hash table)."""
    keys = sorted(messages)
    ids = [key.encode("utf-8") for key in keys]
    strs = [messages[key].encode("utf-8") for key in keys]
    count = len(keys)
    key_start = 7 * 4 + 16 * count
    value_start = key_start + sum(len(k) + 1 for k in ids)
    offsets = array.array("I")
    position = key_start
    for k in ids:
        offsets.extend((len(k), position))
        position += len(k) + 1
    position = value_start
    for s in strs:
        offsets.extend((len(s), position))
        position += len(s) + 1
    # Native byte order: the reader tells the order by the magic number, as it does for any .mo file.
    header = array.array("I", (0x950412DE, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, 0))
    body = b"".join(k + b"\0" for k in ids) + b"".join(s + b"\0" for s in strs)
    return header.tobytes() + offsets.tobytes() + body


DATA_DIR_ENV = "TWENTYSTRONG_DATA_DIR"
"""When set, the compiled catalogues live in its ``cache`` subfolder (as the deck cache does), so tests never touch
the real home."""


def cache_dir() -> Path:
    """The folder of compiled catalogues (the user cache folder)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override) / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir("twentystrong", appauthor=False))


def cache_path(source: bytes, language: str) -> Path:
    """Where the compiled image of the ``.po`` text ``source`` is kept: named by its content and this reader's."""
    digest = hashlib.sha256(source)
    digest.update(Path(__file__).read_bytes())
    return cache_dir() / f"locale-{language}-{digest.hexdigest()[:24]}.mo"


def load(path: Path, language: str | None = None) -> gettext.GNUTranslations:
    """The translations in the ``.po`` file at ``path`` (through the cache when ``language`` names it)."""
    source = path.read_bytes()
    cached = None
    if language is not None:
        try:
            cached = cache_path(source, language)
            return gettext.GNUTranslations(io.BytesIO(cached.read_bytes()))
        except Exception:  # no cache file, or a damaged one: any error means "compile again"
            pass
    image = mo_image(read_po(source.decode("utf-8"), str(path)))
    if cached is not None:
        _store(cached, image)
    return gettext.GNUTranslations(io.BytesIO(image))


def _store(path: Path, image: bytes) -> None:
    """Keep ``image`` at ``path`` atomically and drop older images of the language; any error is ignored."""
    from twentystrong.atomic import write_atomically  # only when compiling: a warm start never needs it

    try:
        write_atomically(path, image)
        language = path.name.split("-")[1]
        for old in path.parent.glob(f"locale-{language}-*.mo"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass
