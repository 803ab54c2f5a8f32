"""fathom.fast: the toolkit of the compiled engine (numba, optional).

Why a second engine: the reference engine (each game's rules in ``fathom.games.<game>``) is plain
Python and stays the truth; research needs millions of games, so the same rules run as
numba-compiled functions over arrays holding B games at once (struct of arrays). The same seed and
the same action choices give the same game in both, which each game's differential test checks step
by step. Each game's kernels live in its own folder (``fathom.games.<game>.kernels``, its compiled
bots in ``fathom.games.<game>.bots.compiled``); this package holds what they share.

Modules, one job each: ``need`` (is numba there, and how to get it), ``rng`` (``fathom.core.rng``
compiled), ``jit`` (how kernels are compiled: without reference counting where they allocate
nothing), ``batch_face`` (what every batch's Python face has in common), ``games`` (which games are
compiled, by their own names), ``spread`` (slices of a batch handed to threads as they ask),
``verify`` (the comparison loop the differential tests share), ``cache`` (numba told to keep the
compiled kernels by a digest of their sources, see ``fathom.kernel_cache``), ``dispatch`` (each kernel
compiled once: per argument types, not per constant a caller passes, and not again in each
process), ``sim_tasks`` (what the games' ``--fast`` simulations share: which games and bots,
batches, threads, timing). The command line is
in ``fathom.cli`` (``fathom fast``, ``fathom bench --fast``).

Nothing here is imported by the reference engine; without numba the game installs and plays, and
every ``--fast`` path says how to install it.
"""

try:
    import numba as _numba  # noqa: F401
except ImportError:  # the reference engine needs none of this; need.py says how to install it
    pass
else:
    from fathom.fast import cache as _cache, dispatch as _dispatch

    _cache.install()  # kernels cached by a digest of their sources, not by their path (see cache.py)
    _dispatch.install()  # each kernel compiled once: not per constant passed, not per process (see dispatch.py)
