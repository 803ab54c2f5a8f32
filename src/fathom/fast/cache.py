"""Where numba keeps fathom's compiled kernels: one folder per version of the kernel sources.

Why not numba's own cache: its default locator files a kernel under a hash of the source file's
absolute path, so every new checkout (a worktree, a container built elsewhere, a deploy to a new
release folder) compiled everything again, for minutes. And numba checks only each function's own
file, so a change to a kernel another module calls (or to the reference's action ids the kernels
freeze) would load stale code. Here a kernel of the ``fathom`` package is filed under a digest of
all the sources the kernels are built from, then under its path *inside* the package: the same
code anywhere shares one compiled copy, and different code never loads another's.

numba picks a cache locator per function from ``CacheImpl._locator_classes``, the first whose
``from_function`` answers; :func:`install` puts :class:`DigestLocator` first. Functions outside
the registered package roots (a user's own kernels) keep numba's locators.
"""

from __future__ import annotations

import hashlib
import os
import platform
import sys
from functools import cache
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent.parent
"""The ``fathom`` package folder whose kernels this cache holds."""


def kernel_sources(package: Path = PACKAGE) -> list[Path]:
    """Every file the compiled kernels are built from: this toolkit, each game's kernels and compiled
    bots, and the reference modules whose constants they compile in (action ids, phases, data tables,
    CHANCE and TERMINAL)."""
    fast, games, core = package / "fast", package / "games", package / "core"
    return (sorted(fast.glob("*.py")) + sorted(games.glob("*/*.py")) + sorted(games.glob("*/kernels/*.py"))
            + sorted(games.glob("*/bots/*.py")) + sorted(games.glob("*/bots/compiled/*.py")) + [core / "api.py"])


@cache
def source_digest(package: Path = PACKAGE) -> str:
    """A digest of :func:`kernel_sources` (their paths inside the package and their bytes)."""
    digest = hashlib.sha256()
    for path in kernel_sources(package):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_root() -> Path:
    """The folder of all versions: ``$NUMBA_CACHE_DIR/fathom`` when the user chose numba's cache
    folder, else ``$XDG_CACHE_HOME/fathom/numba`` (``~/.cache/fathom/numba``)."""
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return Path(chosen) / "fathom"
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(root) / "fathom" / "numba"


def cache_dir() -> Path:
    """This version's folder: the sources' digest, and what else makes compiled code differ (numba,
    Python and the machine), so a changed interpreter starts a folder of its own."""
    import numba

    build = f"{source_digest()}-numba{numba.__version__}-py{sys.version_info[0]}{sys.version_info[1]}-{platform.machine()}"
    return cache_root() / build


_ROOTS: dict[Path, Path] = {}  # a package folder -> the cache folder of its kernels


def _caching() -> Any:
    """numba's caching module, whose base class of cache implementations lists the locators."""
    from numba.core import caching

    return caching


def _locator_base() -> Any:
    return _caching()._CacheLocator


class DigestLocator(_locator_base()):  # type: ignore[misc]
    """numba's cache locator for the functions of a registered package: filed under that package's
    cache folder and the function's path inside the package; fresh while the sources' digest is."""

    def __init__(self, py_func: Any, py_file: str, root: Path, folder: Path) -> None:
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        inside = Path(py_file).resolve().parent.relative_to(root)
        self._cache_path = str(folder.joinpath(*inside.parts))
        self._stamp = folder.name

    def get_cache_path(self) -> str:
        return self._cache_path

    def get_source_stamp(self) -> str:
        """The folder's name (the digest): numba keeps an index while its stamp is the same, and
        the digest changes with any kernel source, never with a file's path or modification time."""
        return self._stamp

    def get_disambiguator(self) -> str:
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> DigestLocator | None:
        try:
            where = Path(py_file).resolve()
        except OSError:
            return None
        for root, folder in _ROOTS.items():
            if where.is_relative_to(root):
                locator = cls(py_func, py_file, root, folder)
                try:
                    locator.ensure_cache_path()
                except OSError:  # not writable: numba's own locators get their turn
                    return None
                return locator
        return None


def register(package: Path, folder: Path) -> None:
    """File the cached kernels of the functions in ``package`` under ``folder`` (see module doc)."""
    _ROOTS[package.resolve()] = folder
    caching = _caching()
    impl = getattr(caching, "CacheImpl", None) or caching._CacheImpl  # renamed in numba 0.61
    classes = impl._locator_classes
    if DigestLocator not in classes:
        classes.insert(0, DigestLocator)


def install() -> Path:
    """Register this ``fathom`` package's cache folder with numba; return the folder."""
    folder = cache_dir()
    register(PACKAGE, folder)
    return folder
