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

from pathlib import Path
from typing import Any

from fathom.kernel_cache import PACKAGE, cache_dir

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
        root = package_of(py_file)
        if root is None:
            return None
        locator = cls(py_func, py_file, root, _ROOTS[root])
        try:
            locator.ensure_cache_path()
        except OSError:  # not writable: numba's own locators get their turn
            return None
        return locator


def package_of(py_file: str) -> Path | None:
    """The registered package folder that holds ``py_file``, if one does."""
    try:
        where = Path(py_file).resolve()
    except OSError:
        return None
    return next((root for root in _ROOTS if where.is_relative_to(root)), None)


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
