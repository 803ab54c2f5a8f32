"""``fathom serve``'s own log lines (``fathom.server``) on stderr, each with its time.

Why: the logger had no handler, so its info lines (tables restored, kernels compiling and ready)
never showed and its warnings came without a time, through Python's last-resort handler.
"""

from __future__ import annotations

import logging

FORMAT = "%(asctime)s fathom %(levelname)s: %(message)s"
TIME_FORMAT = "%Y-%m-%d %H:%M:%S"


def show_server_log(level: int = logging.INFO) -> logging.Handler:
    """Send the ``fathom.server`` logger's lines from ``level`` up to stderr (once per process)."""
    logger = logging.getLogger("fathom.server")
    for handler in logger.handlers:
        if getattr(handler, "fathom", False):
            return handler
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(FORMAT, TIME_FORMAT))
    handler.fathom = True  # type: ignore[attr-defined]
    logger.addHandler(handler)
    logger.setLevel(level)
    logger.propagate = False  # not twice when the root logger has a handler too
    return handler
