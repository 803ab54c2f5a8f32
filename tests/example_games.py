"""The example games under ``examples/`` (each a distribution declaring a ``fathom.games`` entry point),
made importable and declared for one test session without installing them: their ``src`` on the path
and a minimal ``*.dist-info`` holding their entry points, which is what ``pip install`` would leave.
Child processes (a server under test) see them through ``PYTHONPATH``. No example is named here: they
are found by their ``pyproject.toml``."""

from __future__ import annotations

import os
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GROUP = "fathom.games"


@dataclass(frozen=True)
class Example:
    folder: Path
    distribution: str
    games: dict[str, str]  # entry point name -> "module:attribute"


def examples() -> list[Example]:
    found = []
    for pyproject in sorted((ROOT / "examples").glob("*/pyproject.toml")):
        project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
        games = project.get("entry-points", {}).get(GROUP, {})
        if games:
            found.append(Example(pyproject.parent, project["name"], dict(games)))
    return found


def declare(where: Path) -> list[str]:
    """Make every example importable and declared, in this process and its children; the game names."""
    names: list[str] = []
    paths: list[str] = [str(where)]
    for example in examples():
        info = where / f"{example.distribution.replace('-', '_')}-0.0.0.dist-info"
        info.mkdir(parents=True, exist_ok=True)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {example.distribution}\nVersion: 0.0.0\n")
        lines = [f"[{GROUP}]"] + [f"{name} = {target}" for name, target in example.games.items()]
        (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
        paths.append(str(example.folder / "src"))
        names += list(example.games)
    for path in paths:
        if path not in sys.path:
            sys.path.insert(0, path)
    os.environ["PYTHONPATH"] = os.pathsep.join([*paths, *filter(None, [os.environ.get("PYTHONPATH")])])
    from fathom import i18n
    from fathom.core import plugins

    plugins.refresh()
    i18n.catalog.cache_clear()
    return names
