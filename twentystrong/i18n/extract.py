"""Babel's extractor for the glossary (``babel.cfg``): each term becomes a catalogue entry ``glossary:<id>``.

Pure Python (Babel calls it; it imports nothing of Babel's). The translators' comment under each entry names the
term's deck and its sources, so a translator sees where the rulebook's word comes from.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from twentystrong.i18n.glossary import CONTEXT

Extracted = tuple[int, str, tuple[str, ...], list[str]]


def extract_glossary(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[Extracted]:
    """Yield ``(line, funcname, messages, comments)`` per term, as Babel's extractors do."""
    raw = fileobj.read()
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    lines = text.splitlines()
    data = tomllib.loads(text)
    for entry in data["term"]:
        term_id = entry["id"]
        line = next((n for n, content in enumerate(lines, 1) if content.strip() == f'id = "{term_id}"'), 0)
        en = entry["en"]
        comments = [f"Glossary ({entry['deck']}): " + "; ".join(_origin(entry, lang) for lang in ("en", "de", "fr"))]
        if entry.get("note"):
            comments.append(entry["note"])
        if "plural" in en:
            yield line, "npgettext", (CONTEXT + term_id, en["text"], en["plural"]), comments
        else:
            yield line, "pgettext", (CONTEXT + term_id, en["text"]), comments


def _origin(entry: Mapping[str, Any], language: str) -> str:
    words = entry[language]
    where = f"seed {words['cite']}" if "cite" in words else "chosen"
    return f"{language} {words['text']!r} ({where})"
