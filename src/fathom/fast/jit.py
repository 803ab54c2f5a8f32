"""How the kernels are compiled: numba with its on-disk cache, and without reference counting for
the functions that allocate nothing.

Why without: numba counts the references to every array a compiled function receives, with an
atomic increment as it starts and a decrement as it returns. In the vector environment those two
instructions took 44% of a step (``perf``: ``NRT_incref``/``NRT_decref``), since ``apply``,
``observe`` and the rest are called for every transition with the same batch arrays, and two
threads stepping one batch fight over the cache line of its count. A function compiled with
``_nrt=False`` does not count; it may read, write and slice arrays but not make new ones, so the
loops that hold scratch arrays (the ``np.empty`` of a batch call) stay ordinary ``njit`` functions
and pay the count once per call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numba import njit


_njit: Any = njit  # numba's type stubs do not list its ``_nrt`` flag


def kernel(**options: Any) -> Callable[[Callable[..., Any]], Any]:
    """``njit(cache=True, _nrt=False, **options)``: see the module docstring."""
    return _njit(cache=True, _nrt=False, **options)  # type: ignore[no-any-return]
