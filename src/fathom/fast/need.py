"""Is numba installed? The one place that says how to get it when it is not."""

from __future__ import annotations

from fathom.core.errors import FathomError

INSTALL_HINT = "pip install -e '.[fast]'  (or: pip install 'fathom[fast]')"


class FastUnavailable(FathomError, ImportError):
    """The compiled engine needs numba, which is not installed."""


def have_numba() -> bool:
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def need_numba(what: str = "fathom.fast") -> None:
    """Raise :class:`FastUnavailable` with the install command when numba is missing."""
    if not have_numba():
        raise FastUnavailable(f"{what} needs numba (the compiled engine), which is not installed; "
                              f"install it with: {INSTALL_HINT}")
