"""Deep Blue's bots as numba kernels, choosing exactly what the Python bots choose."""
