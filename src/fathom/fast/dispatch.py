"""How numba's dispatcher treats fathom's kernels, so that each is compiled once per machine.

numba does two things that compiled the same kernel again and again; :func:`install` changes both,
for the functions of a registered package only (:func:`fathom.fast.cache.package_of`):

* **A constant argument compiled a copy.** When one compiled function calls another with a constant
  (``dive_value(..., -1, 0, 3, True, ...)``), numba types it as a literal (``Literal[int](3)``) and
  compiles the callee again for each distinct constant, and that copy's callees again for the
  constants passed on: Deep Blue's heuristic value of a dive was compiled seven times over, and level
  3's playouts took 75 s of CPU to compile on a fresh machine, 56 s without the copies. No fathom
  kernel asks for a literal (none calls ``numba.literally``), and the copies ran no faster
  (docs/performance.md). Here a call is typed by its arguments' types alone.
* **A closure missed the cache in every new process.** numba keys a closure's cached code (the
  batch loops of :mod:`fathom.fast.batch_loops`) by a pickle of what it closes over, and a compiled
  function pickles with an id numba draws at random in each process, for itself and for every
  kernel its code reaches. So each process compiled the loops again (about 2 s of CPU for Deep
  Blue's) and the cache's index grew by a copy per process (25 after one test run). Here a
  module-level kernel's id is made of its module and name, the same in every process.
"""

from __future__ import annotations

import uuid
from typing import Any

from fathom.fast.cache import package_of

_MARK = "_fathom_dispatch"
_KERNEL_IDS = uuid.uuid5(uuid.NAMESPACE_URL, "https://fathom.invalid/kernel")


def _ours(py_file: str) -> bool:
    return package_of(py_file) is not None


def _module_level(func: Any) -> bool:
    """Named once in its module (a closure's name repeats for every closure made)."""
    return func.__closure__ is None and "<locals>" not in func.__qualname__


def install() -> None:
    """Put both changes in place (once per process)."""
    from numba.core import dispatcher, types

    compiled: Any = dispatcher.Dispatcher  # numba's stubs list neither of the two members changed here
    if getattr(compiled.get_call_template, _MARK, False):
        return
    typed_by_literals = compiled.get_call_template
    drawn_id = compiled._uuid

    def get_call_template(self: Any, args: Any, kws: Any) -> Any:
        if _ours(self.py_func.__code__.co_filename):
            args = tuple(types.unliteral(a) for a in args)
            kws = {name: types.unliteral(a) for name, a in kws.items()}
        return typed_by_literals(self, args, kws)

    def kernel_id(self: Any) -> str:
        func = getattr(self, "py_func", None)
        if (self._MemoMixin__uuid is None and func is not None and _ours(func.__code__.co_filename)
                and _module_level(func)):
            self._set_uuid(str(uuid.uuid5(_KERNEL_IDS, f"{func.__module__}.{func.__qualname__}")))
        return drawn_id.fget(self)

    setattr(get_call_template, _MARK, True)
    compiled.get_call_template = get_call_template
    compiled._uuid = property(kernel_id, doc=drawn_id.__doc__)
