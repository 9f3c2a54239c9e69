"""The catalogues' tools, for developers (Babel): extract the messages, update the ``.po`` files, check them.

``python -m twentystrong.i18n.tools update`` extracts every marked message of the package (``babel.cfg``, with
:data:`KEYWORDS`), merges it into ``locale/<lang>/LC_MESSAGES/twentystrong.po`` for each language, and writes the
glossary's terms into them; ``python -m twentystrong.i18n.tools check`` lists what is wrong (exit 1), the same
check ``tests/test_i18n_catalogues.py`` runs. A player never runs this module: the game reads the ``.po`` files
itself (``catalogue.py``), and Babel is a test/dev dependency only.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from babel.messages import frontend
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from twentystrong import __version__
from twentystrong.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE
from twentystrong.i18n.catalogue import read_po as read_po_at_run_time
from twentystrong.i18n.glossary import GLOSSARY, Glossary, load

PACKAGE = Path(__file__).resolve().parent.parent
MAPPING = Path(__file__).with_name("babel.cfg")
TERMS = Path(__file__).with_name("terms.py")
KEYWORDS: dict[str, Any] = {
    **DEFAULT_KEYWORDS,
    "lazy_gettext": None,
    "lazy_ngettext": (1, 2),
    "lazy_pgettext": ((1, "c"), 2),
}
"""The functions that mark a message: gettext's own names plus this package's lazy forms."""
COMMENT_TAGS = ("Translators:",)
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
WIDTH = 120
PLURAL_FORMS = {"de": "nplurals=2; plural=(n != 1);", "fr": "nplurals=2; plural=(n > 1);"}
"""GNU gettext's plural rules (the ones msginit writes), fixed here rather than taken from the CLDR data of whichever
Babel is installed (recent CLDR gives French a third form for millions: a catalogue must not change with a tool)."""
HEADER = """\
# twentystrong in {name} ({code}), in the rulebooks' own terms (twentystrong/i18n/glossary.toml).
# Update with `python -m twentystrong.i18n.tools update`, check with `python -m twentystrong.i18n.tools check`.
#"""

Key = str | tuple[str, str]


def po_path(code: str) -> Path:
    """Where the catalogue of ``code`` lives."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _method_map() -> tuple[list[tuple[str, str]], dict[str, dict[str, Any]]]:
    parse = getattr(frontend, "parse_mapping_cfg", None) or frontend.parse_mapping
    with MAPPING.open(encoding="utf-8") as handle:
        method_map, options_map = parse(handle, str(MAPPING))
    return list(method_map), dict(options_map)


def extract() -> Catalog:
    """Every message marked in the package: the template the catalogues follow."""
    method_map, options_map = _method_map()
    template = Catalog(project="twentystrong", domain=DOMAIN, charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        PACKAGE, method_map, options_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
    ):
        location = (f"twentystrong/{Path(filename).as_posix()}", lineno)
        template.add(message, None, [location], auto_comments=comments, context=context)
    return template


def read(code: str) -> Catalog:
    """The catalogue of ``code`` as Babel reads it."""
    with po_path(code).open("rb") as handle:
        return read_po(handle, locale=code, domain=DOMAIN)


def _glossary_strings(glossary: Glossary, code: str) -> dict[str, str | tuple[str, ...]]:
    strings: dict[str, str | tuple[str, ...]] = {}
    for entry in glossary.terms:
        words = entry.words(code)
        if entry.en.plural is None:
            strings[entry.context] = words.text
        else:
            strings[entry.context] = (words.text, words.plural or words.text)
    return strings


def _fill_glossary(catalogue: Catalog, glossary: Glossary, code: str) -> None:
    strings = _glossary_strings(glossary, code)
    for message in catalogue:
        if message.context in strings:
            wanted = strings[message.context]
            if isinstance(wanted, tuple):
                forms = list(wanted) + [wanted[-1]] * (catalogue.num_plurals - len(wanted))
                message.string = tuple(forms[: catalogue.num_plurals])
            else:
                message.string = wanted
            message.flags.discard("fuzzy")


def _quoted(text: str | None) -> str:
    if text is None:
        return "None"
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def terms_module(glossary: Glossary) -> str:
    """The source of ``terms.py``: each term's English words by id, so :func:`~.glossary.term` reads no TOML."""
    lines = [
        '"""Each glossary term\'s English words by id: generated from glossary.toml by',
        "``python -m twentystrong.i18n.tools update`` (do not edit; the catalogue check finds it stale).",
        "",
        "The game reads this table, not the TOML file: a term costs a dictionary look-up, not a parse.",
        '"""',
        "",
        "TERMS: dict[str, tuple[str, str | None]] = {",
    ]
    for entry in glossary.terms:
        lines.append(f"    {_quoted(entry.id)}: ({_quoted(entry.en.text)}, {_quoted(entry.en.plural)}),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def update() -> list[Path]:
    """Merge the extracted messages into every catalogue (new languages get a new one) and write ``terms.py``;
    returns the files written."""
    template = extract()
    glossary = load(GLOSSARY)
    TERMS.write_text(terms_module(glossary), encoding="utf-8")
    written = [TERMS]
    for code in TRANSLATED:
        path = po_path(code)
        if path.is_file():
            catalogue = read(code)
        else:
            catalogue = Catalog(
                locale=code,
                domain=DOMAIN,
                header_comment=HEADER.format(name=LANGUAGES[code], code=code),
                project="twentystrong",
                version=__version__,
                msgid_bugs_address="",
                last_translator="",
                language_team=LANGUAGES[code],
                charset="utf-8",
                fuzzy=False,
            )
            catalogue.mime_headers = [("Plural-Forms", PLURAL_FORMS[code])]
        # No creation date or line numbers that change with every run: five people edit these files.
        catalogue.update(template, update_header_comment=False, update_creation_date=False)
        catalogue.fuzzy = False
        _fill_glossary(catalogue, glossary, code)
        buffer = io.BytesIO()
        write_po(buffer, catalogue, width=WIDTH, include_lineno=False, include_previous=False)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(buffer.getvalue())
        written.append(path)
    return written


def _key(message: Message) -> tuple[str | None, str]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, msgid


def check(codes: Iterable[str] = TRANSLATED) -> list[str]:
    """What is wrong with the catalogues, one line each (nothing: all is well).

    Every message marked in the code is in every catalogue, with the same plural (or none); no entry is fuzzy or
    untranslated; a plural entry has the language's number of forms; placeholders agree (Babel's checks); the
    glossary's terms read as the glossary says; and the game's own reader finds the same translations as Babel.
    """
    template = extract()
    glossary = load(GLOSSARY)
    problems: list[str] = []
    if not TERMS.is_file() or TERMS.read_text(encoding="utf-8") != terms_module(glossary):
        problems.append(f"{TERMS.name} does not match the glossary: run python -m twentystrong.i18n.tools update")
    for code in codes:
        path = po_path(code)
        if not path.is_file():
            problems.append(f"{code}: no catalogue at {path}")
            continue
        catalogue = read(code)
        where = f"{code} ({path.name})"
        for message in template:
            if not message.id:
                continue
            found = catalogue.get(message.id if isinstance(message.id, str) else message.id[0], message.context)
            if found is None:
                problems.append(f"{where}: missing {_show(message)}")
            elif isinstance(found.id, tuple) != isinstance(message.id, tuple) or found.id != message.id:
                problems.append(f"{where}: {_show(message)} has another plural in the catalogue: {found.id!r}")
        glossary_strings = _glossary_strings(glossary, code)
        for message in catalogue:
            if not message.id:
                continue
            if message.fuzzy:
                problems.append(f"{where}: fuzzy {_show(message)}")
            forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
            if not all(forms):
                problems.append(f"{where}: untranslated {_show(message)}")
            if isinstance(message.id, tuple) and len(forms) != catalogue.num_plurals:
                problems.append(
                    f"{where}: {_show(message)} has {len(forms)} forms, the language has {catalogue.num_plurals}"
                )
            if message.context in glossary_strings:
                wanted = glossary_strings[message.context]
                got = tuple(forms) if isinstance(wanted, tuple) else forms[0]
                if isinstance(wanted, tuple):
                    wanted = (wanted + (wanted[-1],) * catalogue.num_plurals)[: catalogue.num_plurals]
                if got != wanted:
                    problems.append(f"{where}: {_show(message)} reads {got!r}, the glossary says {wanted!r}")
            for error in message.check(catalogue):
                problems.append(f"{where}: {_show(message)}: {error}")
        problems.extend(f"{where}: {line}" for line in _reader_differences(catalogue, path))
    return problems


def _reader_differences(catalogue: Catalog, path: Path) -> list[str]:
    """Where the game's reader of ``.po`` files disagrees with Babel's on a translated entry."""
    ours = read_po_at_run_time(path.read_text(encoding="utf-8"), str(path))
    differences = []
    for message in catalogue:
        if not message.id or message.fuzzy:
            continue
        forms = [
            str(form) for form in (message.string if isinstance(message.string, tuple | list) else [message.string])
        ]
        if not all(forms):
            continue
        key = message.id if isinstance(message.id, str) else "\0".join(message.id)
        if message.context is not None:
            key = f"{message.context}\x04{key}"
        if ours.get(key) != "\0".join(forms):
            differences.append(f"the game reads {_show(message)} as {ours.get(key)!r}")
    return differences


def _show(message: Message) -> str:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return repr(msgid) if message.context is None else f"{msgid!r} ({message.context})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m twentystrong.i18n.tools", description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=("update", "check", "extract"))
    args = parser.parse_args(argv)
    if args.action == "update":
        for path in update():
            print(f"updated {path}")
        return 0
    if args.action == "extract":
        buffer = io.BytesIO()
        write_po(buffer, extract(), width=WIDTH, include_lineno=False)
        sys.stdout.write(buffer.getvalue().decode("utf-8"))
        return 0
    problems = check()
    for line in problems:
        print(line)
    print("catalogues: all well" if not problems else f"catalogues: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
