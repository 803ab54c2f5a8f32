"""An installed fathom (a wheel, not this checkout) holds every file the code reads."""

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[1]
SRC = ROOT / "src"


def _shipped(path: Path, package_data: dict[str, list[str]]) -> bool:
    relative = path.relative_to(SRC)
    for package, patterns in package_data.items():
        package_dir = Path(*package.split("."))
        if package_dir in relative.parents:
            inside = relative.relative_to(package_dir).as_posix()
            if any(fnmatch.fnmatch(inside, pattern) for pattern in patterns):
                return True
    return False


def test_every_data_file_under_src_is_declared_package_data():
    """setuptools puts only .py files and declared package data in a wheel: the web pages were left out."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package_data = config["tool"]["setuptools"]["package-data"]
    data_files = [p for p in (SRC / "fathom").rglob("*")
                  if p.is_file() and p.suffix not in {".py", ".pyc"} and "__pycache__" not in p.parts]
    assert any(p.suffix == ".js" for p in data_files) and any(p.suffix == ".json" for p in data_files)
    missing = [str(p.relative_to(SRC)) for p in data_files if not _shipped(p, package_data)]
    assert not missing, f"not in [tool.setuptools.package-data] of pyproject.toml: {missing}"


def test_every_folder_of_python_code_is_a_package():
    """setuptools' package finder skips a folder without __init__.py: a wheel would lack its modules
    (fathom/review/ nearly shipped that way; an editable install hides it)."""
    folders = {p.parent for p in (SRC / "fathom").rglob("*.py") if "__pycache__" not in p.parts}
    missing = sorted(str(f.relative_to(SRC)) for f in folders if not (f / "__init__.py").exists())
    assert len(folders) > 10 and not missing, f"folders of modules without __init__.py: {missing}"
