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
