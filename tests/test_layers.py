"""fathom's parts import each other one way only: no import cycle between them, lazy imports counted
(issue 49).

A part is a top-level package or module of ``src/fathom`` (``core``, ``bots``, ``fast``, ``sim``, ``rl``,
``server``, ``cli``…), each game's folder being a part of its own (``games/deep_blue``…). An AST walk
reads every import statement of every module, those inside functions too (a lazy import is a
dependency all the same: it only moves the cycle to run time), and the graph of parts must have no
cycle. A failure names the imports that close each cycle, file and line.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "fathom"

Edges = dict[str, dict[str, list[str]]]
"""part -> part it imports -> where (``file:line``)."""


def part_of_module(dotted: str) -> str | None:
    """The part a module ``fathom.x.y…`` belongs to (``None`` outside fathom, or fathom itself)."""
    names = dotted.split(".")
    if names[0] != "fathom" or len(names) < 2:
        return None
    if names[1] == "games" and len(names) > 2:
        return f"games/{names[2]}"
    return names[1]


def _module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root.parent).with_suffix("")
    names = list(rel.parts)
    return ".".join(names[:-1] if names[-1] == "__init__" else names)


def imported_modules(tree: ast.AST, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, dotted name) of everything a module imports, at any depth (``from a import b`` gives ``a.b``:
    ``b`` may be a module)."""
    package = module if is_package else module.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            out += [(node.lineno, f"{origin}.{alias.name}") for alias in node.names]
    return out


def part_edges(root: Path = SRC) -> Edges:
    """Who imports whom. Importing the package of all games (``fathom.games``, e.g. to scan it) depends on
    every game."""
    games = sorted(f"games/{p.name}" for p in (root / "games").iterdir() if (p / "__init__.py").is_file()) \
        if (root / "games").is_dir() else []
    edges: Edges = defaultdict(lambda: defaultdict(list))
    for path in sorted(root.rglob("*.py")):
        module = _module_name(path, root)
        mine = part_of_module(module)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for line, target in imported_modules(tree, module, path.name == "__init__.py"):
            theirs = part_of_module(target)
            for part in (games if theirs == "games" else [theirs]):
                if mine and part and part != mine and mine != "games":
                    edges[mine][part].append(f"{path.relative_to(root.parent)}:{line}")
    return edges


def cycles(edges: Edges) -> list[list[str]]:
    """The strongly connected groups of two or more parts (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, {}):
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

    for v in sorted({*edges, *(w for ws in edges.values() for w in ws)}):
        if v not in index:
            visit(v)
    return found


def _explain(edges: Edges, group: list[str]) -> str:
    lines = [" ⇄ ".join(group)]
    for a in group:
        for b in group:
            if b in edges.get(a, {}):
                lines.append(f"  {a} -> {b}: {', '.join(edges[a][b][:4])}")
    return "\n".join(lines)


def test_no_import_cycle_between_fathoms_parts() -> None:
    edges = part_edges()
    assert {"bots", "fast", "sim", "cli", "server", "rl"} <= set(edges)  # the walk saw the parts
    assert "core" in edges["games/deep_blue"] and "core" in edges["games/into_the_blue"]
    found = cycles(edges)
    assert found == [], "\n".join(_explain(edges, group) for group in found)


def test_core_imports_no_game_and_no_layer_above_it() -> None:
    """The engine core is the bottom layer: it imports only itself and the standard library."""
    assert dict(part_edges().get("core", {})) == {}


def test_the_walk_sees_lazy_and_relative_imports(tmp_path: Path) -> None:
    """The check itself, on a small tree with a lazy cycle and a relative import (so 0 means something)."""
    root = tmp_path / "fathom"
    (root / "a").mkdir(parents=True)
    (root / "b").mkdir()
    (root / "a" / "__init__.py").write_text("")
    (root / "a" / "x.py").write_text("def f():\n    from fathom.b import y\n    return y\n")
    (root / "b" / "__init__.py").write_text("from ..a import x\n")
    (root / "c.py").write_text("import fathom.a.x\nimport fathom.games\n")
    (root / "games" / "g").mkdir(parents=True)
    (root / "games" / "__init__.py").write_text("")
    (root / "games" / "g" / "__init__.py").write_text("from fathom.c import x\n")
    edges = part_edges(root)
    assert {k: sorted(v) for k, v in edges.items()} == {"a": ["b"], "b": ["a"], "c": ["a", "games/g"],
                                                        "games/g": ["c"]}
    assert cycles(edges) == [["a", "b"], ["c", "games/g"]]
