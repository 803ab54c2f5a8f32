"""What ``fathom.games.deep_blue.stats.statistics`` reads from a game's event log, counted in the kernel as the
game goes: the compiled engine keeps no log.

Why from the row around each step: the event of the reference that each statistic counts is
emitted inside a rule the kernel mirrors (``start_dive``, ``resurface``, ``end_dive``,
``hire_from_market``...), so the step that emits it is the one whose row changes that way: a
decision of the turn is a turn; a dive phase reached at a new site is a ``dive`` (its leader is
``S_D_LEADER``); a processed draw puts ``S_D_HAZ_N`` hazards to the divers when ``S_D_ORDER_N``
gems are out; a ``resurface`` is that action; the step after which the dive is gone ends it (every
VP comes from a dive, so each seat's VP gained then is its ``dive-scored`` VP; its gems are the
``S_D_ORDER_N`` before the step, its outcome a ``stop``, the leader's resurfacing or an empty bag);
a hire is a paid recruit or the refresh's free pick. The statistics are counted at the event that
the reference counts them at, so a game cut at ``MAX_STEPS`` counts what its log would.

A dive that begins and ends within one step leaves no row to read: it would need a bag emptied by
Scattered Wealth before a dive with no rusher and no gem on its tile (none in 144,000 games of
random bots over every scenario and player count). :func:`after` marks such a game
(``C_FALLBACK``, as when a list outgrows its room here) and :mod:`fathom.games.deep_blue.kernels.sim` plays that one
game on the reference engine, so every record stays exact.

The tally of game ``g`` is row ``out[g]``, columns ``C_*`` (per seat: ``[C_X + seat]``, per dive:
``[C_DIVE_X + dive]``).
"""

from __future__ import annotations

import numpy as np

from fathom.games.deep_blue.kernels.kernel import CONTINUE, DEFEND, DRAW, PAY, PLAY, REFRESH, RUSH, TAKE, TURN
from fathom.games.deep_blue.kernels.tables import (
    K_DIVE,
    K_RECRUIT,
    MAX_NODES,
    MAX_PLAYERS,
    S_D_HAZ_N,
    S_D_JOINED,
    S_D_LEADER,
    S_D_ORDER_N,
    S_D_SITE,
    S_D_TILE,
    S_FRESCO,
    S_MARKET,
    S_PAY_FOR,
    S_PHASE,
    S_VP,
    T_A_RESURFACE,
    T_A_STOP,
    T_ACT_ARG,
    T_ACT_KIND,
    T_N,
    T_SUNKEN,
)
from fathom.fast.jit import kernel

MAX_DIVES = MAX_NODES  # a dive takes its site's tile for good, and no site gets a second one
MAX_HAZARDS = 128  # hazards a game (games of random bots: at most 8 in 144,000)
MAX_HIRES = 64  # crew cards hired a game (the box's deck holds 30)
STOPPED, LEADER_FAILED, BAG_EMPTY = range(3)  # a dive's outcome, as fathom.sim.stats names it
OUTCOMES = ("stopped", "leader_failed", "bag_empty")


def _columns(*fields: tuple[str, int]) -> tuple[dict[str, int], int]:
    out, at = {}, 0
    for name, size in fields:
        out[name] = at
        at += size
    return out, at


_C, C_WIDTH = _columns(
    ("LENGTH", 1), ("ABORTED", 1), ("FALLBACK", 1), ("TURNS", 1), ("DIVES", 1), ("HAZARDS", 1), ("HAZARDS_ALL", 1),
    ("HIRES", 1), ("NOW_HAZARDS", 1), ("NOW_FAILED", 1),
    ("DECISIONS", MAX_PLAYERS), ("LED", MAX_PLAYERS), ("LED_RESURFACED", MAX_PLAYERS), ("JOINED", MAX_PLAYERS),
    ("RESURFACED", MAX_PLAYERS), ("VP_LEADING", MAX_PLAYERS), ("VP_JOINING", MAX_PLAYERS), ("BEST", MAX_PLAYERS),
    ("SCORES", MAX_PLAYERS), ("WINNER", MAX_PLAYERS),
    ("DIVE_LEADER", MAX_DIVES), ("DIVE_GEMS", MAX_DIVES), ("DIVE_OUTCOME", MAX_DIVES), ("DIVE_HAZARDS", MAX_DIVES),
    ("HAZARD_DRAWS", MAX_HAZARDS), ("HIRED", MAX_HIRES),
)
C_LENGTH, C_ABORTED, C_FALLBACK, C_TURNS, C_DIVES, C_HAZARDS, C_HAZARDS_ALL, C_HIRES = (
    _C["LENGTH"], _C["ABORTED"], _C["FALLBACK"], _C["TURNS"], _C["DIVES"], _C["HAZARDS"], _C["HAZARDS_ALL"],
    _C["HIRES"])
C_NOW_HAZARDS, C_NOW_FAILED = _C["NOW_HAZARDS"], _C["NOW_FAILED"]  # the dive under way: hazards, leader out
C_DECISIONS, C_LED, C_LED_RESURFACED, C_JOINED, C_RESURFACED = (
    _C["DECISIONS"], _C["LED"], _C["LED_RESURFACED"], _C["JOINED"], _C["RESURFACED"])
C_VP_LEADING, C_VP_JOINING, C_BEST, C_SCORES, C_WINNER = (
    _C["VP_LEADING"], _C["VP_JOINING"], _C["BEST"], _C["SCORES"], _C["WINNER"])
C_DIVE_LEADER, C_DIVE_GEMS, C_DIVE_OUTCOME, C_DIVE_HAZARDS = (
    _C["DIVE_LEADER"], _C["DIVE_GEMS"], _C["DIVE_OUTCOME"], _C["DIVE_HAZARDS"])
C_HAZARD_DRAWS, C_HIRED = _C["HAZARD_DRAWS"], _C["HIRED"]
HIRE_ROOM = 1024  # C_HIRED holds seat * HIRE_ROOM + card, in the order of the hires

# the row before a step (``B``): what the step's events are read against
B_PHASE, B_SEAT, B_IN_DIVE, B_SITE, B_TILE, B_LEADER, B_JOINED, B_GEMS, B_FRESCO, B_HIRE, B_VP = range(11)
B_WIDTH = B_VP + MAX_PLAYERS


@kernel()
def in_dive(phase: int) -> bool:
    return phase == RUSH or phase == DRAW or phase == DEFEND or phase == PLAY or phase == CONTINUE


@kernel()
def start(out: np.ndarray, g: int) -> None:
    """A new game's tally: all zero, no best dive yet."""
    for i in range(C_WIDTH):
        out[g, i] = 0
    for p in range(MAX_PLAYERS):
        out[g, C_BEST + p] = -1


@kernel()
def before(S: np.ndarray, T: np.ndarray, g: int, cur: int, action: int, out: np.ndarray, B: np.ndarray) -> None:
    """Read the row before ``action`` is applied; count what the decision itself says (a turn)."""
    phase = S[g, S_PHASE]
    B[B_PHASE], B[B_SEAT] = phase, cur
    B[B_IN_DIVE] = in_dive(phase)
    B[B_SITE], B[B_TILE], B[B_LEADER] = S[g, S_D_SITE], S[g, S_D_TILE], S[g, S_D_LEADER]
    B[B_JOINED], B[B_GEMS], B[B_FRESCO] = S[g, S_D_JOINED], S[g, S_D_ORDER_N], S[g, S_FRESCO]
    for p in range(T[T_N]):
        B[B_VP + p] = S[g, S_VP + p]
    B[B_HIRE] = -1  # the card this step hires if the payment ends with it
    if phase == TURN:
        out[g, C_TURNS] += 1  # each first decision of a turn logs recruit, refresh, sail, rest or dive
        if T[T_ACT_KIND + action] == K_RECRUIT:
            B[B_HIRE] = S[g, S_MARKET + T[T_ACT_ARG + action]]
    elif phase == PAY and S[g, S_PAY_FOR] != REFRESH:
        B[B_HIRE] = S[g, S_MARKET + S[g, S_PAY_FOR]]
    elif phase == TAKE:
        B[B_HIRE] = S[g, S_MARKET + T[T_ACT_ARG + action]]
    if phase == DEFEND and action == T[T_A_RESURFACE]:
        out[g, C_RESURFACED + cur] += 1
        if cur == S[g, S_D_LEADER]:  # the dive's outcome: the leader failed (nothing ended it before)
            out[g, C_LED_RESURFACED + cur] += 1
            out[g, C_NOW_FAILED] = 1


@kernel()
def _hired(out: np.ndarray, g: int, seat: int, card: int) -> None:
    k = out[g, C_HIRES]
    if k == MAX_HIRES:
        out[g, C_FALLBACK] = 1
        return
    out[g, C_HIRED + k] = seat * HIRE_ROOM + card
    out[g, C_HIRES] = k + 1


@kernel()
def _dive_ended(S: np.ndarray, T: np.ndarray, g: int, action: int, out: np.ndarray, B: np.ndarray) -> None:
    """The dive of ``B`` ended in this step: its ``dive-scored`` events and its entry in the dive list."""
    phase = B[B_PHASE]
    if phase != CONTINUE and phase != PLAY and phase != DEFEND:  # begun and ended in one step
        out[g, C_FALLBACK] = 1
        return
    k = out[g, C_DIVES]
    if k == MAX_DIVES:
        out[g, C_FALLBACK] = 1
        return
    leader = B[B_LEADER]
    if out[g, C_NOW_FAILED]:
        outcome = LEADER_FAILED
    elif phase == CONTINUE and action == T[T_A_STOP]:
        outcome = STOPPED
    else:  # the card plays ended with the leader in and the bag empty
        outcome = BAG_EMPTY
    out[g, C_DIVE_LEADER + k], out[g, C_DIVE_GEMS + k], out[g, C_DIVE_OUTCOME + k] = leader, B[B_GEMS], outcome
    out[g, C_DIVE_HAZARDS + k] = out[g, C_NOW_HAZARDS]
    out[g, C_DIVES] = k + 1
    out[g, C_HAZARDS] = out[g, C_HAZARDS_ALL]
    for p in range(T[T_N]):
        vp = S[g, S_VP + p] - B[B_VP + p]
        if B[B_JOINED] >> p & 1 or vp != 0:  # a "dive-scored" event
            if p == leader:
                out[g, C_VP_LEADING + p] += vp
            else:
                out[g, C_JOINED + p] += 1
                out[g, C_VP_JOINING + p] += vp
            out[g, C_BEST + p] = max(vp, max(out[g, C_BEST + p], 0))


@kernel()
def after(S: np.ndarray, T: np.ndarray, g: int, action: int, out: np.ndarray, B: np.ndarray) -> None:
    """Count what the step just applied did, against the row ``B`` read before it."""
    phase = S[g, S_PHASE]
    if B[B_HIRE] >= 0 and (B[B_PHASE] == TAKE or phase != PAY):  # the payment is complete: hired
        _hired(out, g, B[B_SEAT], B[B_HIRE])
    now_in = in_dive(phase)
    site = S[g, S_D_SITE]
    ended = B[B_IN_DIVE] and (not now_in or site != B[B_SITE])
    sunken_ended = 0
    if ended:
        _dive_ended(S, T, g, action, out, B)
        sunken_ended = T[T_SUNKEN + B[B_TILE]] != 0
    if now_in and (not B[B_IN_DIVE] or site != B[B_SITE]):  # a "dive" event
        out[g, C_LED + S[g, S_D_LEADER]] += 1
        out[g, C_NOW_HAZARDS] = 0
        out[g, C_NOW_FAILED] = 0
    if B[B_PHASE] == TURN and T[T_ACT_KIND + action] == K_DIVE and not (now_in and site == T[T_ACT_ARG + action]):
        out[g, C_FALLBACK] = 1  # the dive chosen began and ended in this step
    if S[g, S_FRESCO] - B[B_FRESCO] != sunken_ended:  # a storm dive begun and ended in one step
        out[g, C_FALLBACK] = 1
    if B[B_PHASE] == DRAW and phase != DRAW:  # the draw is processed: its hazards are put to the divers
        gems = S[g, S_D_ORDER_N]
        for _ in range(S[g, S_D_HAZ_N]):
            k = out[g, C_HAZARDS_ALL]
            if k == MAX_HAZARDS:
                out[g, C_FALLBACK] = 1
                break
            out[g, C_HAZARD_DRAWS + k] = gems
            out[g, C_HAZARDS_ALL] = k + 1
            out[g, C_NOW_HAZARDS] += 1
