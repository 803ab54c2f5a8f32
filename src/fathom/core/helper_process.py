"""A helper process (a bot worker, a background compile) that lives for its parent and yields to it.

Why: a helper spawned by a front end holds its own end of every pipe, so it never sees the front
end die; left alone it waits (or compiles) for ever. And what a person waits for (the event loop, a
bot's move) must get the CPU before what nobody waits for.
"""

from __future__ import annotations

import os
import threading
import time

POLL_SECONDS = 1.0


def serve(parent: int, niceness: int) -> None:
    """Make this process a helper of ``parent``: it ends when ``parent`` is gone, and runs ``niceness``
    steps below its CPU priority (``nice``).

    The watch starts first: the caller's next step may import numba at the lower priority, which on
    a busy machine took over ten seconds, and a parent killed meanwhile must not leave this process
    behind. ``parent`` comes from the parent itself: a helper still booting when its parent died
    would otherwise take init for it."""
    threading.Thread(target=_end_with, args=(parent,), daemon=True, name="fathom-parent").start()
    try:
        os.nice(niceness)
    except OSError:
        pass


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(POLL_SECONDS)
    os._exit(0)
