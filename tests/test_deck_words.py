"""Deck words stay in the decks' kits (issue 28, architecture.md contract 9).

A deck's own terms (Solar Sentinels' stacks, missions and ranks; Hoplomachus Victorum's Scions, Primus, Tactics,
camps on Mount Vesuvius …) belong to its kit under ``twentystrong/kits/``. The general code asks the kit and names
none of them. This test reads every module of the package outside ``twentystrong/kits/`` and collects the words of
its identifiers (names, attributes, function, class and argument names, keywords, imports; not strings, not
comments) and of the names it styles and finds widgets by (the selectors of its stylesheets, ``.tcss`` files and
``DEFAULT_CSS``, the widget ids and classes it gives, ``id=`` and ``classes=``, and its ``query`` selectors): a
module using a deck word must be one of :data:`ALLOWED` (at most five, each with its reason).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import twentystrong

PACKAGE = Path(twentystrong.__file__).parent
"""The package's folder."""

DECK_WORDS = frozenset(
    {
        # the decks' names
        "solar",
        "sentinel",
        "sentinels",
        "hoplomachus",
        "victorum",
        # Solar Sentinels' terms
        "stack",
        "stacks",
        "mission",
        "missions",
        "rank",
        "ranks",
        # Hoplomachus Victorum's terms
        "scion",
        "scions",
        "primus",
        "primi",
        "tactic",
        "tactics",
        "camp",
        "camps",
        "vesuvius",
        "influence",
        "opportunity",
        "opportunities",
        "spectate",
        "spectating",
        "training",
        "bane",
        "banes",
        "sport",
        "pyramid",
    }
)
"""The words of identifiers that name one deck's own terms (the general terms stay general: boss, card, die, item,
reward, recruit, pile …)."""

ALLOWED: dict[str, str] = {
    "twentystrong/engine/events.py": (
        "CardActivated.stack and CardLeft.stack are fields of the event log: every save and golden game holds them, "
        "so they keep their name (a pile of the ruleset's, 1-based; general code reads them as a pile number)"
    ),
    "twentystrong/engine/evolve.py": (
        "folds the event log's pile field (CardActivated.stack, above) into the active card's pile (ActiveCard.pile in "
        "engine/state.py: where an effect may return the card)"
    ),
}
"""General modules that may use a deck word, each with its reason (at most five)."""

FOREIGN: dict[str, str] = {
    "screen_stack": "Textual's App.screen_stack (the app's screens), not Solar Sentinels' stacks",
    "_screen_stack": "Textual's App._screen_stack (the app's screens), not Solar Sentinels' stacks",
    "game-over-rank": "the player's rank on the ladder (the record's), not Solar Sentinels' ranks",
}
"""Identifiers of a library's API (or widget ids) that only look like a deck word, each with its reason: not
counted."""

LIMIT = 5
"""At most this many general modules use a deck word, for good (issue 28's "Done when")."""


def words(identifier: str) -> list[str]:
    """The lowercase words of an identifier: ``snake_case`` and ``CamelCase`` split (``ScionSpectate`` → scion,
    spectate; ``mission_progress`` → mission, progress)."""
    out: list[str] = []
    for part in identifier.split("_"):
        out += [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", part)]
    return out


def identifiers(tree: ast.AST) -> Iterator[str]:
    """Every identifier a module's code names (not its strings or comments)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name
        elif isinstance(node, ast.arg):
            yield node.arg
        elif isinstance(node, ast.keyword) and node.arg:
            yield node.arg
        elif isinstance(node, ast.alias):
            yield from (node.asname or node.name).split(".")
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield from node.module.split(".")


def css_names(css: str) -> Iterator[str]:
    """The names a stylesheet's selectors use (types, ids, classes; not its comments or declarations)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    for selectors in re.findall(r"([^{};]*)\{", css):
        yield from re.findall(r"[A-Za-z_][\w-]*", selectors)


def _text(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def styled_names(tree: ast.AST) -> Iterator[str]:
    """The names a module's code styles and finds widgets by: its ``DEFAULT_CSS`` and ``CSS`` selectors, the ids and
    classes it gives (``id=``, ``classes=``, as keywords or argument defaults) and its ``query`` selectors."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in _CSS for t in node.targets):
            yield from css_names(_text(node.value) or "")
        elif isinstance(node, ast.keyword) and node.arg in _NAMING:
            yield from (_text(node.value) or "").split()
        elif isinstance(node, ast.arguments):
            named = [*node.args[len(node.args) - len(node.defaults) :], *node.kwonlyargs[-len(node.kw_defaults) :]]
            for arg, default in zip(named, [*node.defaults, *node.kw_defaults], strict=False):
                if arg.arg in _NAMING:
                    yield from (_text(default) or "").split()
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _QUERIES:
            selector = _text(node.args[0]) if node.args else None
            yield from css_names(f"{selector or ''} {{")


_CSS = frozenset({"DEFAULT_CSS", "CSS"})
_NAMING = frozenset({"id", "classes"})
_QUERIES = frozenset({"query", "query_one", "query_children", "query_exactly_one", "query_ancestor"})


def _deck_words(names: Iterator[str]) -> set[str]:
    return {w for i in names if i not in FOREIGN for w in words(i.replace("-", "_"))} & DECK_WORDS


def deck_words_by_module() -> dict[str, set[str]]:
    """Each general module or stylesheet (path from the repository's root) using a deck word, with the words it
    uses."""
    found: dict[str, set[str]] = {}
    for path in sorted([*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.tcss")]):
        name = path.relative_to(PACKAGE.parent).as_posix()
        if name.startswith("twentystrong/kits/"):
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".tcss":
            used = _deck_words(css_names(text))
        else:
            tree = ast.parse(text)
            used = _deck_words(identifiers(tree)) | _deck_words(styled_names(tree))
        if used:
            found[name] = used
    return found


def test_words_split_identifiers() -> None:
    assert words("ScionSpectate") == ["scion", "spectate"]
    assert words("mission_progress") == ["mission", "progress"]
    assert words("HTTPServer") == ["http", "server"]
    tree = ast.parse("from a.primus import b as c\nx.stack = f(rank=1)  # mission\ny = 'camp'\n")
    assert set(identifiers(tree)) == {"a", "primus", "c", "x", "stack", "f", "rank", "y"}


def test_styled_names_are_read() -> None:
    """The names a stylesheet or a widget's code styles and finds widgets by count as its words."""
    css = "/* StackView */ TableScreen.-short #missions-line, BossPanel > .x { height: 1; color: $panel; }"
    assert set(css_names(css)) == {"TableScreen", "short", "missions-line", "BossPanel", "x"}
    code = (
        'class B:\n    DEFAULT_CSS = "B #stacks { height: auto; }"\n'
        '    def __init__(self, *, id: str = "camps") -> None:\n        w = Static(classes="panel -scion")\n'
        '        self.query_one("#primus-line")\n'
    )
    assert set(styled_names(ast.parse(code))) == {"B", "stacks", "camps", "panel", "-scion", "primus-line"}
    assert _deck_words(styled_names(ast.parse(code))) == {"stacks", "camps", "scion", "primus"}


def test_deck_words_stay_in_the_kits() -> None:
    found = deck_words_by_module()
    unexpected = {m: sorted(w) for m, w in found.items() if m not in ALLOWED}
    assert not unexpected, f"deck words in general modules (move them to the deck's kit): {unexpected}"
    allowed = sorted(m for m in found if m in ALLOWED)
    assert len(allowed) <= LIMIT, allowed


def test_the_lists_are_current() -> None:
    """A module that no longer uses a deck word leaves the list (so it only shrinks); the allowed ones stay few."""
    found = deck_words_by_module()
    assert len(ALLOWED) <= LIMIT
    stale = sorted(m for m in ALLOWED if m not in found)
    assert not stale, f"no deck word there any more: take them off the lists: {stale}"
