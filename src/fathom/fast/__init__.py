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
``verify`` (the comparison loop the differential tests share), ``sim_tasks`` (what the games'
``--fast`` simulations share: which games and bots, batches, threads, timing). The command line is
in ``fathom.cli`` (``fathom fast``, ``fathom bench --fast``).

Nothing here is imported by the reference engine; without numba the game installs and plays, and
every ``--fast`` path says how to install it.
"""

import hashlib as _hashlib
import os as _os
from pathlib import Path as _Path


def _cache_dir() -> str:
    """Where numba keeps the compiled kernels: a folder named by a digest of the sources they are
    built from. numba checks only each function's own file, so a change to a kernel another module
    calls (or to the reference's action ids the kernels freeze) would otherwise load stale code."""
    here = _Path(__file__).parent
    games = here.parent / "games"
    core = here.parent / "core"
    # every kernel source (this toolkit, each game's kernels and compiled bots) and the reference
    # modules whose constants they compile in (action ids, phases, data tables, CHANCE and TERMINAL)
    sources = (sorted(here.glob("*.py")) + sorted(games.glob("*/*.py")) + sorted(games.glob("*/kernels/*.py"))
               + sorted(games.glob("*/bots/*.py")) + sorted(games.glob("*/bots/compiled/*.py")) + [core / "api.py"])
    digest = _hashlib.sha256()
    for path in sources:
        digest.update(path.read_bytes())
    root = _os.environ.get("XDG_CACHE_HOME") or _os.path.join(_os.path.expanduser("~"), ".cache")
    return _os.path.join(root, "fathom", "numba", digest.hexdigest()[:16])


try:
    import numba as _numba
except ImportError:  # the reference engine needs none of this; need.py says how to install it
    pass
else:
    if not _os.environ.get("NUMBA_CACHE_DIR"):  # a user's own choice wins
        setattr(_numba.config, "CACHE_DIR", _cache_dir())  # noqa: B010 (config's names are made at run time)
