"""The package's dependency graph (architecture.md "The parts"; issue 16): no import cycle, at module level or inside a
function; benchmarks at the top (nothing at run time imports them); the effect handlers never call back into the
general flow (they ask the transaction, ``Tx.defeat`` / ``Tx.fire``).

Imports under ``if TYPE_CHECKING:`` are annotations only and are not counted."""

from __future__ import annotations

import ast
from pathlib import Path

import twentystrong

ROOT = Path(twentystrong.__file__).parent
PACKAGE = "twentystrong"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in ROOT.rglob("*.py")}


def _type_checking_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return lines


def imports_of(name: str) -> set[str]:
    """The project modules ``name`` imports anywhere in its code (not for type checking alone)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text())
    skip = _type_checking_lines(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                )
            if not base.startswith(PACKAGE):
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                out.add(sub if sub in MODULES else base)
    out.discard(name)
    return {m for m in out if m in MODULES}


GRAPH = {name: imports_of(name) for name in MODULES}


def _cycles() -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_the_imports() -> None:
    """The parser finds real edges (a test that can fail: an empty graph has no cycle)."""
    assert "twentystrong.engine.flow" in GRAPH["twentystrong.engine.steps"]
    assert "twentystrong.engine.events" in GRAPH["twentystrong.engine.flow"]
    assert "twentystrong.kits.solar_sentinels.rules.rules" in GRAPH["twentystrong.kits.solar_sentinels.rules"]


def test_no_import_cycle() -> None:
    assert _cycles() == []


def test_nothing_at_run_time_imports_the_benchmarks() -> None:
    """The bench package is at the top: only the ``bench`` command (and the package itself) imports it."""
    users = {m for m, deps in GRAPH.items() for d in deps if d.startswith("twentystrong.bench")}
    assert {m for m in users if not m.startswith("twentystrong.bench")} == {"twentystrong.cli.bench"}


def test_effects_do_not_call_back_into_the_flow() -> None:
    for name, deps in GRAPH.items():
        if name.startswith("twentystrong.engine.effects"):
            assert not deps & {"twentystrong.engine.flow", "twentystrong.engine.decide", "twentystrong.engine.steps"}, (
                name
            )
