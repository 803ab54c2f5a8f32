"""What the server prepares for level 3 (its compiled kernels), told in its log.

Why: on a machine that never compiled them, numba takes minutes of CPU; the operator used to see
nothing while bots sat silent. Now the server starts one background compile for the machine
(:func:`fathom.kernel_cache.start_preparing`), its bot workers think with Python playouts meanwhile
(:mod:`fathom.server.workers`), and this watcher logs when the compile starts and when the kernels
are ready, from a thread of its own so the event loop never waits for it.
"""

from __future__ import annotations

import logging
import threading
import time
from importlib.util import find_spec

log = logging.getLogger("fathom.server")

POLL_SECONDS = 1.0
_watching = threading.Lock()
_watcher: threading.Thread | None = None


def prepare_in_background() -> threading.Thread | None:
    """Start the compile (if needed) and the thread that reports on it, once per process."""
    global _watcher
    with _watching:
        if _watcher is None:
            _watcher = threading.Thread(target=watch, daemon=True, name="fathom-kernels")
            _watcher.start()
        return _watcher


def watch(poll: float = POLL_SECONDS) -> bool:
    """Start compiling level 3's kernels unless they are ready, log it, and log when they are;
    return whether they are ready (False: no numba, or the compile failed; see the log)."""
    if find_spec("numba") is None:  # found, not imported: importing numba here would stall the event loop
        log.warning("numba is not installed: level-3 bots think with Python playouts (pip install 'numba>=0.60')")
        return False
    from fathom import kernel_cache

    if kernel_cache.ready():
        log.info("level-3 kernels ready (compiled before on this machine)")
        return True
    start = time.monotonic()
    proc = kernel_cache.start_preparing()
    if proc is not None:
        log.info("compiling level-3 kernels in the background (process %d, about 1-3 minutes of CPU, log %s); "
                 "until they are ready level-3 bots think with Python playouts", proc.pid, kernel_cache.log_file())
    else:
        log.info("level-3 kernels: another process is compiling them; until they are ready level-3 bots "
                 "think with Python playouts")
    while not kernel_cache.ready():
        if proc is not None and proc.poll() is not None:
            if proc.returncode != 0:
                log.warning("compiling level-3 kernels failed (exit code %s, see %s); level-3 bots go on "
                            "with Python playouts", proc.returncode, kernel_cache.log_file())
                return False
            proc = None  # it found another process compiling: wait for that one
        elif proc is None and not kernel_cache.preparing() and not kernel_cache.ready():
            log.warning("the process compiling level-3 kernels stopped before they were ready; level-3 bots "
                        "go on with Python playouts (run `fathom warmup`)")
            return False
        time.sleep(poll)
    log.info("level-3 kernels ready after %.0f s: level-3 bots play compiled playouts from their next move",
             time.monotonic() - start)
    return True
