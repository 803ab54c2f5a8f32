"""``fathom warmup``: compile (or load) every kernel the bots use, ahead, and say what it did.

For images and deploy scripts: run it once after installing and no bot, server or terminal game
ever compiles on this machine (the cache is keyed by the kernel sources, so a new checkout of the
same version reuses it; see :mod:`fathom.fast.cache`). ``--background`` is how a front end starts
it for itself (:func:`fathom.kernel_cache.start_preparing`): quiet, at a low CPU priority, gone at
once when another process is compiling the same kernels, and gone with the process that started it
(numba keeps each kernel as soon as it is compiled, so the next start goes on from there).
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from typing import Any

from rich.text import Text

from fathom.core import helper_process
from fathom.fast.need import have_numba, need_numba

COMPILE_NICENESS = 10
"""A background compile runs below everything a person waits for: their game, the server and its bot
workers (which think with Python playouts meanwhile)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--background", action="store_true",
                        help="as a front end starts it: low CPU priority, and exit at once if another "
                             "process is compiling")
    parser.add_argument("--lock-fd", type=int, default=None, help=argparse.SUPPRESS)  # the lock, held already


def run(args: argparse.Namespace, console: Any) -> int:
    if not have_numba():
        need_numba("fathom warmup")
    from fathom import kernel_cache

    def say(text: str) -> None:
        console.print(Text(f"{time.strftime('%H:%M:%S')} {text}"), soft_wrap=True)

    if args.background:
        helper_process.serve(os.getppid(), COMPILE_NICENESS)
    start = time.perf_counter()
    with kernel_cache.compile_lock(wait=not args.background, inherited=args.lock_fd) as held:
        if not held:
            say("another process is compiling these kernels; nothing to do")
            return 0
        was_ready = kernel_cache.ready()
        verb = "loaded" if was_ready else "compiled"
        say(f"kernels: {kernel_cache.cache_dir()} ({'compiled before: loading' if was_ready else 'compiling'})")
        from fathom.bots.ismcts_policies import warm_compiled_playouts

        warmed = warm_compiled_playouts(lambda name, seconds: say(f"  {name}: level 3's playouts {verb} in {seconds:.1f} s"))
        kernel_cache.mark_ready()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    say(f"ready: {len(warmed)} game(s) {verb} in {time.perf_counter() - start:.1f} s "
        f"(CPU {time.process_time():.1f} s, peak memory {peak:.0f} MB)")
    return 0
