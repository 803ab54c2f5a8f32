"""Deep Blue's bots: the Python reference bots and, in ``compiled``, the same bots as numba kernels."""
