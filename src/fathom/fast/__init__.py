"""fathom.fast: the games as compiled kernels over batches of games (numba, optional).

Why a second engine: the reference engine (``fathom.games``) is plain Python and stays the
truth; research needs millions of games, so the same rules run here as numba-compiled functions
over arrays holding B games at once (struct of arrays). The same seed and the same action choices
give the same game in both, which :mod:`fathom.fast.verify` checks step by step.

Modules, one job each: ``need`` (is numba there, and how to get it), ``rng`` (``fathom.core.rng``
compiled), ``itb_tables`` (Into the Blue's rules tables as arrays, from a game's data and options),
``itb_kernel`` (Into the Blue's rules on one game of a batch), ``itb_obs`` (observations and action
masks, the encoding of ``fathom.rl.encoding``), ``itb_batch`` (the Python face of a batch),
``itb_play`` (whole games in a loop, one core or all), ``verify`` (the differential test against
the reference engine, and the comparison loop both games share). Deep Blue: ``db_tables`` (the
state row's columns and the rules tables, from a game's data and options), ``db_setup``, ``db_crew``,
``db_market``, ``db_sail``, ``db_dive`` (the rules by topic, as the reference splits them),
``db_kernel`` (the dispatch, legal actions, chance, winners), ``db_obs`` (observations and action
masks, the encoding of ``fathom.rl.encoding``), ``db_batch`` (the Python face of a batch),
``db_play`` (whole games in a loop), ``db_view`` (a row read back as the reference's fields, facts
and seat views), ``db_verify`` (Deep Blue's differential test), ``db_env`` (the vector
environment's reset and step kernels), ``db_env_bench`` (its steps/s). Shared: ``batch_face`` (what
both batches' Python faces have in common), ``games`` (which games are compiled, by their own names),
``spread`` (slices of a batch handed to threads as they ask), ``jit`` (how kernels are compiled:
without reference counting where they allocate nothing). Into the Blue also has ``itb_env`` (the
vector environment's steps), ``itb_bots`` (the greedy and heuristic bots, choice for choice),
``itb_sim`` (its ``fathom simulate/balance/tournament --fast``) and ``itb_bench`` (bench loops with
those bots); Deep Blue has ``db_bots`` (its compiled bots), ``db_sim`` (its simulations) and
``db_tally`` (the event log's statistics counted as a game goes). ``sim_tasks`` is what both games'
simulations share (which games and bots ``--fast`` plays, batches, threads, timing).
The command line is in ``fathom.cli`` (``fathom fast``, ``fathom bench --fast``).

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
    itb, db = games / "into_the_blue", games / "deep_blue"
    bots = here.parent / "bots"
    frozen = [itb / "actions.py", itb / "dice.py",  # Into the Blue's action ids and dice orders
              # the compiled Into the Blue bots' constants (itb_bots: GOOD_ENOUGH, the default weights)
              bots / "into_the_blue_greedy.py", bots / "into_the_blue_expert.py",
              # Deep Blue's phase numbers and the constants its kernels compile in (REST_DRAW, REFRESH,
              # THEN_*, MARKET_SLOTS, FACE_DOWN, the gem and spot kinds, the scenario list)
              db / "phases.py", db / "crew.py", db / "market.py", db / "game.py", db / "facts.py", db / "data.py",
              db / "scenarios.py",
              games.parent / "core" / "api.py"]  # CHANCE and TERMINAL
    digest = _hashlib.sha256()
    for path in sorted(here.glob("*.py")) + frozen:
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
