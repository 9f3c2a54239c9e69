"""The glossary of the rulebooks' own terms (twentystrong/i18n/glossary.toml): every citation holds, every term a
player reads is there, and the catalogues say what it says.

A citation ``SOURCE:LINE`` names a seed file (the rulebooks as published, ``../shared/seeds`` beside the
repository, or ``$TWENTYSTRONG_SEEDS``) and a line that contains the term, case aside and emphasis marks (``*``)
aside, or the inflected form the entry gives in ``as``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from twentystrong.i18n import set_language, term
from twentystrong.i18n.glossary import DECKS, Glossary, load

TESTS = Path(__file__).resolve().parent
LANGUAGES = ("en", "de", "fr")


def seeds_dir() -> Path:
    """The folder of the seed files: ``$TWENTYSTRONG_SEEDS``, else ``../shared/seeds`` beside the repository."""
    override = os.environ.get("TWENTYSTRONG_SEEDS")
    if override:
        return Path(override)
    for parent in TESTS.parents:
        candidate = parent / "shared" / "seeds"
        if candidate.is_dir():
            return candidate
    return TESTS.parent.parent / "shared" / "seeds"


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return load()


QUOTES = TESTS / "glossary_quotes.json"
"""Each citation's words on its line (a few words around the term, ``*`` removed), kept with the tests: the rulebooks
themselves are not part of the repository, so a fresh checkout (CI) checks the terms against these quotes, and a
checkout beside the seed files also checks each quote against its line. Regenerate with
``python tests/test_i18n_glossary.py --quote`` (it fails on a line that does not hold its term)."""


def _seed_lines(glossary: Glossary, source: str) -> list[str]:
    path = seeds_dir() / glossary.sources[source]
    assert path.is_file(), f"seed file {path} not found: set TWENTYSTRONG_SEEDS to the folder of the seed files"
    return path.read_text(encoding="utf-8").splitlines()


def _line(glossary: Glossary, cite: str) -> str:
    source, _, number = cite.partition(":")
    lines = _seed_lines(glossary, source)
    assert 1 <= int(number) <= len(lines), f"{cite}: the file has {len(lines)} lines"
    return lines[int(number) - 1].replace("*", "")


def _citations(glossary: Glossary) -> dict[str, list[str]]:
    """Every citation with the words it must show (the term, or the inflected form the entry gives)."""
    found: dict[str, list[str]] = {}
    for entry in glossary.terms:
        for code in LANGUAGES:
            words = entry.words(code)
            if words.cite is not None:
                found.setdefault(words.cite, []).append(words.form or words.text)
    return found


def _quote(line: str, wanted: list[str]) -> str:
    """The words of ``line`` around every wanted term (up to 30 characters on each side, cut at word ends)."""
    folded = line.casefold()
    spans = [(folded.index(w.casefold()), folded.index(w.casefold()) + len(w)) for w in wanted]
    start, end = min(a for a, _ in spans), max(b for _, b in spans)
    start = max(0, start - 30)
    end = min(len(line), end + 30)
    while start > 0 and not line[start - 1].isspace():
        start -= 1
    while end < len(line) and not line[end].isspace():
        end += 1
    return line[start:end].strip()


def test_every_citation_holds(glossary: Glossary) -> None:
    quotes: dict[str, str] = json.loads(QUOTES.read_text(encoding="utf-8"))
    citations = _citations(glossary)
    assert sorted(quotes) == sorted(citations), "regenerate with: python tests/test_i18n_glossary.py --quote"
    wrong = [
        f"{cite}: {w!r} is not in {quotes[cite]!r}"
        for cite, wanted in citations.items()
        for w in wanted
        if w.casefold() not in quotes[cite].casefold()
    ]
    assert wrong == []
    if all((seeds_dir() / name).is_file() for name in glossary.sources.values()):  # a checkout beside the rulebooks
        moved = [cite for cite, quote in quotes.items() if quote.casefold() not in _line(glossary, cite).casefold()]
        assert moved == [], "quotes not on their lines: regenerate with python tests/test_i18n_glossary.py --quote"


def test_every_term_cites_a_rulebook_or_says_why_it_was_chosen(glossary: Glossary) -> None:
    for entry in glossary.terms:
        assert entry.deck in DECKS, entry.id
        for code in LANGUAGES:
            words = entry.words(code)
            assert (words.cite is None) != (words.chosen is None), f"{entry.id} {code}: a cite or a reason, not both"
            assert words.text.strip() == words.text and words.text, entry.id
            if words.cite is not None:
                assert words.cite.partition(":")[0] in glossary.sources, f"{entry.id} {code}: unknown source"
            if words.form is not None:
                assert words.cite is not None, f"{entry.id} {code}: an inflected form of what?"
            if entry.en.plural is not None:
                assert words.plural is not None, f"{entry.id} {code}: a counted term needs a plural in each language"
            else:
                assert words.plural is None, f"{entry.id} {code}: a plural the catalogue cannot hold (English has none)"


def test_the_sources_are_the_seed_files(glossary: Glossary) -> None:
    assert sorted(glossary.sources) == ["000", "001", "002", "003"]
    assert all(name.startswith(f"{code}_") and name.endswith(".txt") for code, name in glossary.sources.items())


def test_the_deck_terms_come_from_their_deck_sources(glossary: Glossary) -> None:
    """The French summary (003) is the only source for Hoplomachus Victorum (a French term it has no word for, as
    Bloodshed, which it keeps in English, is chosen and says why), and the seeds hold no German rules for either deck:
    a deck's German term is chosen, never cited from the general rulebook as if it were the deck's."""
    for entry in glossary.terms:
        if entry.deck == "hoplomachus-victorum":
            cited = entry.fr.cite is not None and entry.fr.cite.startswith("003:")
            assert cited or (entry.fr.cite is None and entry.fr.chosen), entry.id
        if entry.deck != "general":
            assert entry.de.cite is None, entry.id


def test_ids_and_contexts_are_unique(glossary: Glossary) -> None:
    ids = [entry.id for entry in glossary.terms]
    assert len(ids) == len(set(ids))


REQUIRED = {
    "general": [
        "round", "activation", "engagement", "strategy-phase", "commit-dice", "roll-dice", "apply-dice",
        "resolve-phase", "suffer-damage", "after-effect", "exhaust-dice", "recover-dice", "gain-item-rewards",
        "cleanup", "hit", "basic-hit", "crit", "miss", "commit", "apply", "exhausted", "banished", "recover",
        "reward", "instant-reward", "item", "stack", "boss", "active-area", "dice-pool", "health", "strategy",
        "recovery", "defeat", "defeated", "endgame", "inventory", "exhausted-area", "enemy", "hero",
    ],
    "solar-sentinels": ["mission", "rank", "mandatory-enemy", "entourage", "stack-discard", "forfeit-mission"],
    "hoplomachus-victorum": [
        "camp", "primus", "scion", "tactic", "opportunity", "training-grounds", "influence", "spectate",
        "difficulty", "bloodshed", "sport", "bane", "recruit", "dismiss", "mount-vesuvius", "tactics-area",
    ],
}  # fmt: skip


@pytest.mark.parametrize("deck", sorted(REQUIRED))
def test_the_terms_a_player_reads_are_there(glossary: Glossary, deck: str) -> None:
    decks = {entry.id: entry.deck for entry in glossary.terms}
    assert {term_id: decks.get(term_id) for term_id in REQUIRED[deck]} == dict.fromkeys(REQUIRED[deck], deck)


def test_the_issues_own_examples_read_as_the_rulebooks_print_them() -> None:
    """Issue 29's words: Strategiephase, Treffer, Fehlschlag, erschöpft, verbannt, Belohnung, Stapel; phase de
    Stratégie, touche, critique, échec, épuisé, banni, réserve, récompense, pile."""
    ids = ["strategy-phase", "hit", "miss", "exhausted", "banished", "reward", "stack"]
    set_language("de")
    assert [term(i) for i in ids] == ["Strategiephase", "Treffer", "Fehlschlag", "erschöpft", "verbannt",
                                      "Belohnung", "Stapel"]  # fmt: skip
    set_language("fr")
    assert [term(i) for i in [*ids, "crit", "dice-pool"]] == [
        "phase de Stratégie", "touche", "échec", "épuisé", "banni", "récompense", "pile", "critique", "réserve"
    ]  # fmt: skip
    set_language(None)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_term_reads_as_the_glossary_says_in_every_language(glossary: Glossary, code: str) -> None:
    """End to end: the generated table of English words, the catalogues and the plural rules together."""
    set_language(code)
    try:
        for entry in glossary.terms:
            words = entry.words(code)
            assert term(entry.id) == words.text, entry.id
            if entry.en.plural is not None:  # a counted term (English decides; the others follow)
                assert term(entry.id, 2) == words.plural, entry.id
                assert term(entry.id, 1) == words.text, entry.id
    finally:
        set_language(None)


if __name__ == "__main__":  # pragma: no cover - regenerates the quotes from the seed files
    if sys.argv[1:] != ["--quote"]:
        sys.exit("usage: python tests/test_i18n_glossary.py --quote")
    found = load()
    quotes = {cite: _quote(_line(found, cite), wanted) for cite, wanted in sorted(_citations(found).items())}
    QUOTES.write_text(json.dumps(quotes, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {QUOTES} ({len(quotes)} quotes)")
