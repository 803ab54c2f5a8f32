"""Deep Blue's rules as compiled kernels over batches of games (numba); checked against the
reference engine step by step (``kernels.verify``)."""
