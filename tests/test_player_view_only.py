"""Contract 11: the TUI renders the player's view (``GameView.player``, ``engine.view``) and event views; it never
reads the game state itself, and never guesses the deck from its sections (the kit and its table view say what a
deck has).

Read from the source (no import): every module under ``twentystrong/tui`` and every kit's board
(``twentystrong/kits/<deck>/board*``). A module fails when it

- imports the state module (``twentystrong.engine.state``) or a state type at run time: only ``SetupOptions`` (the
  player's own choices) may come from there; an annotation under ``TYPE_CHECKING`` is fine, reading is not (below);
- imports what reads the state behind a view (``state_of``, ``initial_state``) or a ruleset's raw table (``table``,
  ``…Table`` from a kit's rules: a board reads the kit's ``rules.view``);
- reads an attribute ``state`` (``view.state``, ``store.state``, ``self.state``) or ``_state``: only the store
  (``tui/store.py``, the one place the TUI touches the session, contract 8) reads the session's state to build the
  views, and even there :class:`GameView`'s own helpers read ``player``;
- tests a deck section to guess the deck (``if deck.parts or deck.bosses``, ``if deck.part("scions")``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import twentystrong
from twentystrong.content.model import Deck

ROOT = Path(twentystrong.__file__).parent
PROJECT = ROOT.parent

KNOWN_REMAINING: tuple[str, ...] = ()
"""Modules still being converted (empty: every module under ``twentystrong/tui`` and every kit's board reads the
player's view). An entry must still have a finding (a module that passes must leave this list), so it only shrinks."""

STORE = "twentystrong/tui/store.py"
ALLOWED_FROM_STATE = frozenset({"SetupOptions"})
"""What a front end may import from the state module: the player's own setup choices (everything else the view
re-exports: ``engine.view``'s ``ActiveCard``, ``DieState`` …)."""
READERS = frozenset({"state_of", "initial_state", "GameState"})
GENERAL_DECK_FIELDS = frozenset({"info", "heroes", "cards", "content_hash"})
SECTIONS = frozenset(name for name in Deck.__annotations__ if name not in GENERAL_DECK_FIELDS) | {"part", "index"}
"""The deck sections a deck may have or not (bosses, the parts its kit's tables fill, read as ``deck.parts`` or
``deck.part(name)``): testing one guesses the deck."""


def front_end_modules() -> list[Path]:
    """Every module of the TUI and of the kits' boards."""
    tui = sorted((ROOT / "tui").rglob("*.py"))
    boards = sorted(p for p in (ROOT / "kits").glob("*/board*") if p.suffix == ".py")
    boards += sorted(p for d in (ROOT / "kits").glob("*/board") if d.is_dir() for p in d.rglob("*.py"))
    return tui + boards


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The ids of every node inside an ``if TYPE_CHECKING:`` block."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and (
            (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
            or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")
        ):
            for child in node.body:
                inside |= {id(n) for n in ast.walk(child)}
    return inside


def _is_deck(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and node.id == "deck") or (
        isinstance(node, ast.Attribute) and node.attr == "deck"
    )


def _conditions(tree: ast.AST) -> list[ast.expr]:
    out: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.IfExp, ast.While)):
            out.append(node.test)
        elif isinstance(node, ast.comprehension):
            out += node.ifs
    return out


def findings(path: Path, rel: str = "") -> list[str]:
    """What in this module reads the game state, or guesses the deck (empty: it reads the player's view only).
    ``rel``: its path in the project (by default where it is)."""
    rel = rel or path.relative_to(PROJECT).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = _type_checking_nodes(tree)
    out: list[str] = []
    for node in ast.walk(tree):
        line = f"{rel}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.ImportFrom) and node.module and id(node) not in typing_only:
            names = {a.name for a in node.names}
            if node.module == "twentystrong.engine.state":
                if rel != STORE and names - ALLOWED_FROM_STATE:
                    out.append(f"{line}: imports {sorted(names - ALLOWED_FROM_STATE)} from the state module")
            elif node.module.startswith("twentystrong.kits.") and ".rules" in node.module:
                raw = sorted(n for n in names if n == "table" or n.endswith("Table"))
                if raw:
                    out.append(f"{line}: imports the raw table {raw} from {node.module} (read its rules.view)")
            if rel != STORE and node.module.startswith("twentystrong.") and names & READERS:
                out.append(f"{line}: imports {sorted(names & READERS)}")
        elif isinstance(node, ast.Import) and id(node) not in typing_only:
            if any(a.name == "twentystrong.engine.state" for a in node.names):
                out.append(f"{line}: imports the state module")
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            if node.attr == "_state" or (node.attr == "state" and rel != STORE):
                out.append(f"{line}: reads .{node.attr}")
    if rel == STORE:
        game_view = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "GameView")
        for node in ast.walk(game_view):
            if isinstance(node, ast.Attribute) and node.attr == "state" and isinstance(node.ctx, ast.Load):
                out.append(f"{rel}:{node.lineno}: GameView reads its own .state (its helpers read .player)")
    for test in _conditions(tree):
        for node in ast.walk(test):
            if isinstance(node, ast.Attribute) and node.attr in SECTIONS and _is_deck(node.value):
                out.append(f"{rel}:{node.lineno}: tests deck.{node.attr} to guess the deck")
    return out


def _known(rel: str) -> bool:
    return any(rel == k or (k.endswith("/") and rel.startswith(k)) for k in KNOWN_REMAINING)


def test_the_front_end_reads_the_players_view_only() -> None:
    modules = front_end_modules()
    assert any("kits" in p.parts for p in modules)  # the kits' boards are read too
    assert any(p.name == "store.py" for p in modules)
    found = {p.relative_to(PROJECT).as_posix(): findings(p) for p in modules}
    wrong = [f for rel, fs in found.items() if not _known(rel) for f in fs]
    assert not wrong, "\n".join(wrong)


def test_the_view_holds_no_game_state() -> None:
    """:class:`GameView` carries the player's view only: no game state for a widget to reach (the store keeps the
    state it showed to itself)."""
    import dataclasses

    from twentystrong.tui.store import GameView

    fields = {f.name for f in dataclasses.fields(GameView)}
    assert "player" in fields
    assert not {name for name in fields if name.lstrip("_") == "state"}, fields
    assert not hasattr(GameView, "state")


def test_the_known_remaining_list_only_shrinks() -> None:
    """Each entry of :data:`KNOWN_REMAINING` still has a finding: one that reads the view only leaves the list."""
    found = {p.relative_to(PROJECT).as_posix(): findings(p) for p in front_end_modules()}
    for known in KNOWN_REMAINING:
        matching = [rel for rel in found if rel == known or (known.endswith("/") and rel.startswith(known))]
        assert matching, f"{known} is no module any more: take it off KNOWN_REMAINING"
        assert any(found[rel] for rel in matching), f"{known} reads the player's view only: take it off the list"


def test_the_check_finds_what_it_forbids(tmp_path: Path) -> None:
    """The check itself: each forbidden read is found, the allowed forms are not."""
    bad = tmp_path / "probe.py"
    source = (
        "from typing import TYPE_CHECKING\n"
        "from twentystrong.engine.state import SetupOptions\n"
        "if TYPE_CHECKING:\n"
        "    from twentystrong.engine.state import GameState\n"
        "from twentystrong.engine.state import DieState\n"
        "from twentystrong.engine.view import state_of\n"
        "from twentystrong.kits.solar_sentinels.rules import table\n"
        "from twentystrong.kits.solar_sentinels.rules.view import SolarSentinelsView\n"
        "def f(view, deck):\n"
        "    s = view.state\n"
        "    t = view.player._state\n"
        "    if deck.parts or view.deck.part('tactics'):\n"
        "        return view.player.deck.parts\n"
    )
    bad.write_text(source, encoding="utf-8")
    lines = findings(bad, "twentystrong/tui/widgets/probe.py")
    text = "\n".join(lines)
    assert "['DieState'] from the state module" in text
    assert "GameState" not in text and "SetupOptions" not in text  # under TYPE_CHECKING; the player's choices
    assert "imports ['state_of']" in text
    assert "raw table ['table']" in text and "SolarSentinelsView" not in text
    assert "reads .state" in text and "reads ._state" in text
    assert "tests deck.parts to guess" in text and "tests deck.part to guess" in text
    assert len(lines) == 7, text  # the section read outside a condition is no guess
