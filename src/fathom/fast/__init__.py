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
the reference engine), ``vector_env`` (Gymnasium's vector API), ``cli`` (``fathom fast``,
``fathom bench --fast``).

Nothing here is imported by the reference engine; without numba the game installs and plays, and
every ``--fast`` path says how to install it.
"""
