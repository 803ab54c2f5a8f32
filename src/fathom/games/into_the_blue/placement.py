"""R-IB-2's placement, written once: how many shells a placement puts on its level.

Why a module of its own: the engine, the bots, the terminal's preview, the RL encoding and the
compiled kernels (through a table :mod:`fathom.games.into_the_blue.kernels.tables` fills by calling
:func:`shells_placed`) all need this one number; each used to write ``min(shown, hand)`` itself.
"""

from __future__ import annotations


def shells_placed(shown: int, hand: int) -> int:
    """R-IB-2: as many shells as dice show the level, all that are left (``hand``) if fewer."""
    return shown if shown < hand else hand
