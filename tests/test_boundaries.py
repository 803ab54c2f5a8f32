"""The engine is the one source of truth: nothing outside ``fathom/games/`` switches on a game's
name or reads a state's storage (issue 40).

An AST walk over every module of ``src/fathom`` outside ``games/``:

* a game's name as a literal in a comparison (``game == "deep-blue"``, ``name in ("deep-blue", …)``)
  or as a literal key of a dict (``{"deep-blue": …}``): games are looked up through their plugin
  (:mod:`fathom.core.plugins`) instead;
* a read of a state's private attribute (any underscore name a game's state class or the
  engine's ``State`` defines, on anything but ``self``; ``getattr(x, "_name")`` too), or of a
  Deep Blue storage field (:mod:`fathom.games.deep_blue.fields`) on a variable holding a state:
  states are read through the public read API (:mod:`fathom.core.api`, ``deep_blue.facts``).

``core/api.py`` defines ``State`` and may touch its own machinery.
"""

from __future__ import annotations

import ast
from pathlib import Path

from fathom.core.api import State
from fathom.core.registry import game_class, game_names
from fathom.games.deep_blue.fields import StateFields

SRC = Path(__file__).resolve().parent.parent / "src" / "fathom"
OWNER = SRC / "core" / "api.py"
STATE_NAMES = frozenset({"state", "det", "position", "fresh", "other", "st", "game_state"})
"""Variables that hold a state by this project's naming (a storage field read on them is flagged)."""


def _outside_games() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if "games" not in p.relative_to(SRC).parts[:1] and p != OWNER)


def _private_state_names() -> frozenset[str]:
    """Underscore names (not dunders) that the engine's State or a game's state class defines."""
    classes: list[type] = [State]
    for name in game_names():
        classes.append(type(game_class(name)().new_initial_state(0)))
    found = set()
    for cls in classes:
        for klass in cls.__mro__:
            for attr in [*vars(klass), *getattr(klass, "__slots__", ())]:
                if attr.startswith("_") and not attr.startswith("__"):
                    found.add(attr)
    return frozenset(found)


def _storage_fields() -> frozenset[str]:
    return frozenset(StateFields.__annotations__) - {"game"}


def _literals(node: ast.expr) -> list[ast.Constant]:
    if isinstance(node, ast.Constant):
        return [node]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e for e in node.elts if isinstance(e, ast.Constant)]
    return []


def name_switches(tree: ast.AST, names: frozenset[str]) -> list[tuple[int, str]]:
    """(line, what) of every comparison with, or dict keyed by, a game-name literal."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                out += [(c.lineno, f"compares with {c.value!r}") for c in _literals(side) if c.value in names]
        elif isinstance(node, ast.Dict):
            out += [(k.lineno, f"dict keyed by {k.value!r}") for k in node.keys
                    if isinstance(k, ast.Constant) and k.value in names]
    return out


def private_reads(tree: ast.AST, private: frozenset[str], storage: frozenset[str]) -> list[tuple[int, str]]:
    """(line, what) of every read of a state's private attribute or storage field."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            owner = node.value.id
            if node.attr in private and owner not in ("self", "cls"):
                out.append((node.lineno, f"{owner}.{node.attr}"))
            elif node.attr in storage and owner in STATE_NAMES:
                out.append((node.lineno, f"{owner}.{node.attr} (storage)"))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr")
              and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and node.args[1].value in private):
            out.append((node.lineno, f"{node.func.id}(…, {node.args[1].value!r})"))
    return out


def _scan(check) -> list[str]:  # type: ignore[no-untyped-def]
    found = []
    for path in _outside_games():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        found += [f"{path.relative_to(SRC)}:{line}: {what}" for line, what in check(tree)]
    return found


def test_no_module_outside_games_switches_on_a_game_name() -> None:
    names = frozenset(game_names())
    assert len(names) >= 2
    assert _scan(lambda tree: name_switches(tree, names)) == []


def test_no_module_outside_games_reads_a_state_private_attribute_or_storage() -> None:
    private, storage = _private_state_names(), _storage_fields()
    assert {"_phase", "_player", "_log"} <= private and {"hands", "d_drawn", "vp"} <= storage
    assert _scan(lambda tree: private_reads(tree, private, storage)) == []


def test_the_walk_catches_what_it_is_meant_to() -> None:
    """The checks themselves, on code that breaks each rule (so an empty scan means something)."""
    names = frozenset({"deep-blue", "into-the-blue"})
    bad = ast.parse('if game == "deep-blue": pass\nx = name in ("into-the-blue",)\nT = {"deep-blue": 1}\n')
    assert sorted(line for line, _ in name_switches(bad, names)) == [1, 2, 3]
    fine = ast.parse('GamePlugin(name="deep-blue")\nif game == plugin.name: pass\n')
    assert name_switches(fine, names) == []
    private, storage = frozenset({"_phase"}), frozenset({"hands"})
    bad = ast.parse('a = state._phase\nb = state.hands[0]\nc = getattr(state, "_phase")\n')
    assert sorted(line for line, _ in private_reads(bad, private, storage)) == [1, 2, 3]
    fine = ast.parse('a = self._phase\nb = state.hand_of(0)\nc = view.hands\n')
    assert private_reads(fine, private, storage) == []


# ---- a game is one folder (issue 49): nothing outside games/ names one, in Python, JS, HTML or CSS ----------

WEB_SUFFIXES = (".js", ".html", ".css")


def _name_forms() -> list[str]:
    """Every way the code spells a registered game: its name, identifier, CamelCase, title, and run together."""
    from fathom.core.plugins import all_plugins

    forms = set()
    for plugin in all_plugins():
        for form in (plugin.name, plugin.ident, plugin.camel, plugin.title):
            forms.add(form.lower())
            forms.add("".join(ch for ch in form.lower() if ch.isalnum()))
    return sorted(forms, key=len, reverse=True)


def _outside_games_all() -> list[Path]:
    return sorted(p for p in SRC.rglob("*") if p.is_file() and p.suffix in (".py", *WEB_SUFFIXES)
                  and "games" not in p.relative_to(SRC).parts[:1])


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            for stmt in node.body:
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
                    found.add(id(stmt.value))
    return found


def game_literals(path: Path, text: str, forms: list[str]) -> list[tuple[int, str]]:
    """(line, text) of every string literal (Python, docstrings aside) or code line (JS, HTML, CSS; comments
    aside) that spells a game's name."""
    def names_a_game(s: str) -> bool:
        low = s.lower()
        return any(form in low for form in forms)

    if path.suffix == ".py":
        tree = ast.parse(text)
        docs = _docstrings(tree)
        return [(node.lineno, node.value) for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
                and names_a_game(node.value)]
    return [(i, line.strip()) for i, line in enumerate(text.splitlines(), 1)
            if names_a_game(line) and not line.strip().startswith(("//", "/*", "*", "<!--"))]


def imports_a_game(tree: ast.AST) -> list[int]:
    """Lines importing a game's package (``fathom.games.<game>``) or the package of all games."""
    lines = []
    for node in ast.walk(tree):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
        if any(n == "fathom.games" or n.startswith("fathom.games.") for n in names):
            lines.append(node.lineno)
        if isinstance(node, ast.ImportFrom) and node.module == "fathom" and any(a.name == "games" for a in node.names):
            lines.append(node.lineno)
    return lines


def test_no_file_outside_games_is_named_for_a_game() -> None:
    forms = _name_forms()
    named = [str(p.relative_to(SRC)) for p in _outside_games_all()
             if any(form in "".join(ch for ch in p.stem.lower() if ch.isalnum()) for form in forms)]
    assert named == []


def test_no_module_outside_games_imports_a_game() -> None:
    found = []
    for path in _outside_games_all():
        if path.suffix == ".py":
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found += [f"{path.relative_to(SRC)}:{line}" for line in imports_a_game(tree)]
    assert found == []


def test_at_most_two_game_name_literals_outside_games() -> None:
    """Python strings (docstrings aside) and JS/HTML/CSS lines that spell a game's name: a front end asks the
    game's plugin instead (its title, its renderer, its words)."""
    forms = _name_forms()
    assert {"deep-blue", "intotheblue"} <= set(forms)
    found = [f"{path.relative_to(SRC)}:{line}: {what[:80]}" for path in _outside_games_all()
             for line, what in game_literals(path, path.read_text(encoding="utf-8"), forms)]
    assert len(found) <= 2, "\n".join(found)


def test_the_name_checks_catch_what_they_are_meant_to() -> None:
    forms = ["deep-blue", "deepblue", "into-the-blue", "intotheblue"]
    py = '"""Deep-Blue in a docstring is fine."""\nx = "deep-blue"\ny = f"fathom.games.{g}"\n'
    assert game_literals(Path("a.py"), py, forms) == [(2, "deep-blue")]
    js = '// deep-blue in a comment\nconst r = game === "deep-blue" ? 1 : 2;\nimport { X } from "./intotheblue.js";\n'
    assert [line for line, _ in game_literals(Path("a.js"), js, forms)] == [2, 3]
    tree = ast.parse("import fathom.games.deep_blue\nfrom fathom.games import x\nfrom fathom import games\nimport os\n")
    assert imports_a_game(tree) == [1, 2, 3]
