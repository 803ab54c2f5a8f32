"""The dive numbers of the compiled Deep Blue heuristic: optimal stopping with a depth cap, the
next-draw odds and the chance a dive meets a card's needs.

Why a port and not a new model: the compiled heuristic must choose what
:class:`fathom.games.deep_blue.bots.heuristic.DeepBlueHeuristicBot` chooses, so each function here is
the float arithmetic of :mod:`fathom.games.deep_blue.stopping` (``_Solver``),
:mod:`fathom.games.deep_blue.odds` (``next_draw``) and :mod:`fathom.games.deep_blue.bots.evaluation.cards`
(``meet_chance``) in the same order. The reference memoises; the values are functions of the
position alone, so the port recomputes them (a depth-capped expectimax is small) and gets the
same numbers. Colours that cannot matter are merged exactly as the reference merges them, since
the merged position is the one whose sums the reference adds up.

A solver is an int64 array ``SV`` (see the ``V_*`` columns) describing one diver and bag; a
position is the reference's packed int (a few bits per colour).
"""

from __future__ import annotations

import numpy as np

from fathom.games.deep_blue.kernels.tables import N_GEMS, NEVER_HAZARD, T_BOUNTY_SET, T_BOUNTY_VP, T_HAZARD_FROM
from fathom.fast.jit import kernel

# ---- the solver's columns ----------------------------------------------------------------------
V_FULL = 0  # [N_GEMS] the bag with this dive's gems back in
V_SHIFT = V_FULL + N_GEMS  # [N_GEMS] bit offset of each colour in a packed position
V_MERGE = V_SHIFT + N_GEMS  # [N_GEMS] 1: a colour that cannot matter (merged)
V_RATES = V_MERGE + N_GEMS  # [N_GEMS] VP per gem still in at the end
V_HAZ = V_RATES + N_GEMS  # [N_GEMS] gems of the colour drawn before from which it is a hazard (T_HAZARD_FROM)
(V_MASK, V_SIZE, V_LIMIT, V_PER_DRAW, V_BANKED, V_TILE_VP, V_BOUNTY, V_ONE_COUNT, V_KEPT, V_ANY_MERGE,
 V_BOUNTY_VP, V_BOUNTY_SET, V_NCARDS) = range(V_HAZ + N_GEMS, V_HAZ + N_GEMS + 13)
V_CARDS = V_NCARDS + 1  # per scoring card type: needs[N_GEMS], needs_any, vp, copies
CARD_W = N_GEMS + 3
MAX_SCORING = 32
V_LEN = V_CARDS + MAX_SCORING * CARD_W

BLACK, BLUE = 5, 6  # dive_model's colour numbers (checked in db_heur_tables)


@kernel()
def solver_setup(SV: np.ndarray, T: np.ndarray, bag: np.ndarray, drawn: np.ndarray, rates: np.ndarray,
                 per_draw: int, banked: int, tile_vp: int, bounty: bool, one_count: bool, limit_draws: int) -> None:
    """Fill ``SV`` as ``_Solver.get`` builds a solver; the cards (``V_NCARDS``...) are filled by the
    caller beforehand. ``limit_draws`` < 0: no depth cap."""
    size = 0
    drawn_n = 0
    top = 0
    for g in range(N_GEMS):
        f = bag[g] + drawn[g]
        SV[V_FULL + g] = f
        size += f
        drawn_n += drawn[g]
        if f > top:
            top = f
        SV[V_RATES + g] = rates[g]
        SV[V_HAZ + g] = T[T_HAZARD_FROM + g]
    bits = 1
    while (1 << bits) <= top:
        bits += 1
    SV[V_MASK] = (1 << bits) - 1
    for g in range(N_GEMS):
        SV[V_SHIFT + g] = bits * g
    SV[V_SIZE] = size
    limit = size if limit_draws < 0 else min(drawn_n + limit_draws * per_draw, size)
    SV[V_LIMIT] = limit
    SV[V_PER_DRAW] = per_draw
    SV[V_BANKED], SV[V_TILE_VP] = banked, tile_vp
    SV[V_BOUNTY], SV[V_ONE_COUNT] = bounty, one_count
    SV[V_BOUNTY_VP], SV[V_BOUNTY_SET] = T[T_BOUNTY_VP], T[T_BOUNTY_SET]
    kept = 0
    any_merge = 0
    for g in range(N_GEMS):
        relevant = T[T_HAZARD_FROM + g] != NEVER_HAZARD or rates[g] != 0
        for i in range(SV[V_NCARDS]):
            if SV[V_CARDS + i * CARD_W + g] > 0:
                relevant = True
        SV[V_MERGE + g] = 0 if relevant else 1
        if relevant:
            kept |= SV[V_MASK] << SV[V_SHIFT + g]
        else:
            any_merge = 1
    SV[V_KEPT], SV[V_ANY_MERGE] = kept, any_merge


@kernel()
def encode(SV: np.ndarray, drawn: np.ndarray) -> int:
    code = 0
    for g in range(N_GEMS):
        code += drawn[g] << SV[V_SHIFT + g]
    return code


@kernel()
def _count(SV: np.ndarray, code: int, g: int) -> int:
    return (code >> SV[V_SHIFT + g]) & SV[V_MASK]


@kernel()
def _canon(SV: np.ndarray, code: int) -> int:
    """The equivalent position with merged colours filled in order (``_Solver._canon``)."""
    if not SV[V_ANY_MERGE]:
        return code
    pooled = 0
    for g in range(N_GEMS):
        if SV[V_MERGE + g]:
            pooled += _count(SV, code, g)
    out = code & SV[V_KEPT]
    for g in range(N_GEMS):
        if SV[V_MERGE + g]:
            take = min(pooled, SV[V_FULL + g])
            pooled -= take
            out |= take << SV[V_SHIFT + g]
    return out


@kernel()
def _cards_vp(SV: np.ndarray, code: int) -> int:
    """``cards_met_vp`` of the solver's cards at ``code`` (R-DB-10)."""
    total = 0
    for g in range(N_GEMS):
        total += _count(SV, code, g)
    vp = 0
    best_any = 0
    for i in range(SV[V_NCARDS]):
        at = V_CARDS + i * CARD_W
        needs_any = SV[at + N_GEMS]
        met = total >= needs_any
        for g in range(N_GEMS):
            if _count(SV, code, g) < SV[at + g]:
                met = False
        if met:
            if needs_any and SV[V_ONE_COUNT]:
                best_any = max(best_any, SV[at + N_GEMS + 1])
            else:
                vp += SV[at + N_GEMS + 1] * SV[at + N_GEMS + 2]
    return vp + best_any


@kernel()
def stop_at(SV: np.ndarray, code: int) -> float:
    """VP if the dive ends at ``code`` with the diver still in (``_stop`` / ``stop_vp``)."""
    value = SV[V_BANKED] + SV[V_TILE_VP]
    total = 0
    for g in range(N_GEMS):
        c = _count(SV, code, g)
        total += c
        value += SV[V_RATES + g] * c
    if SV[V_NCARDS]:
        value += _cards_vp(SV, code)
    if SV[V_BOUNTY]:
        value += SV[V_BOUNTY_VP] * (total // SV[V_BOUNTY_SET])
    return float(value)


@kernel()
def out_at(SV: np.ndarray, code: int) -> float:
    """VP of resurfacing at the draw after ``code`` (``_out`` / ``out_vp``)."""
    cards = _cards_vp(SV, code) if SV[V_NCARDS] else 0
    return float(SV[V_BANKED] + SV[V_TILE_VP] + cards)


@kernel()
def _defend_one(spot: int, card: int, either: int, cards_first: bool) -> tuple[bool, int, int, int]:
    """One hazard of a colour met by its own spot, then a card (or the either spot first when
    cards come last), as ``dive_model.defend`` orders them: (ok, spot, card, either left)."""
    if spot:
        return True, spot - 1, card, either
    if cards_first and card:
        return True, spot, card - 1, either
    if either:
        return True, spot, card, either - 1
    if card:
        return True, spot, card - 1, either
    return False, spot, card, either


@kernel()
def defend(bs: int, ks: int, es: int, bc: int, kc: int, h1: int, h2: int, nh: int,
           cards_first: bool) -> tuple[bool, int, int, int, int, int]:
    """``dive_model.defend`` for up to two hazards: (ok, defences left)."""
    for i in range(nh):
        if (h1 if i == 0 else h2) == BLUE:
            ok, bs, bc, es = _defend_one(bs, bc, es, cards_first)
        else:
            ok, ks, kc, es = _defend_one(ks, kc, es, cards_first)
        if not ok:
            return False, bs, ks, es, bc, kc
    return True, bs, ks, es, bc, kc


@kernel()
def _hazards(SV: np.ndarray, code: int, g1: int, g2: int, ng: int) -> tuple[int, int, int, int]:
    """The gems of one draw in draw order: (position after them, first hazard, second, hazards)."""
    nh = 0
    h1 = h2 = -1
    for i in range(ng):
        gem = g1 if i == 0 else g2
        if _count(SV, code, gem) >= SV[V_HAZ + gem]:
            if nh == 0:
                h1 = gem
            else:
                h2 = gem
            nh += 1
        code += 1 << SV[V_SHIFT + gem]
    return code, h1, h2, nh


@kernel()
def _hazards_in_bag(SV: np.ndarray, g: int, in_bag: int, drawn_before: int) -> int:
    """``dive_model.hazards_in_bag``, the warnings counted from ``V_HAZ``."""
    if SV[V_HAZ + g] == NEVER_HAZARD:
        return 0
    return in_bag - min(in_bag, max(0, SV[V_HAZ + g] - drawn_before))


@kernel()
def _safe(SV: np.ndarray, code: int, bs: int, ks: int, es: int, bc: int, kc: int) -> bool:
    db, dk = _count(SV, code, BLUE), _count(SV, code, BLACK)
    blue = _hazards_in_bag(SV, BLUE, SV[V_FULL + BLUE] - db, db)
    black = _hazards_in_bag(SV, BLACK, SV[V_FULL + BLACK] - dk, dk)
    b, k = bs + bc, ks + kc
    return blue <= b + es and black <= k + es and blue + black <= b + k + es


MAX_DEPTH = 70  # frames of the explicit stack: each level draws at least one gem (MAX_DRAWN) and the root
# an expectimax frame's int columns
(I_CODE, I_N, I_BS, I_KS, I_ES, I_BC, I_KC, I_MUST, I_G1, I_J, I_PAIRS, I_TOTAL, I_W, I_SPENT, I_STAGE,
 I_DRAW_ONLY, I_KEY) = range(17)
I_WIDTH = 17
(F_STOP, F_GONE, F_ACC) = range(3)
F_WIDTH = 3
MEMO = 16384  # the largest memo table of one expectimax (open-addressed, a power of two)
# the solver's work arrays, kept by the caller (the kernels make no arrays): ``SW`` int64, ``SF`` float64
SW_FRAMES = 0  # [MAX_DEPTH * I_WIDTH] the stack's int columns
SW_KEYS = SW_FRAMES + MAX_DEPTH * I_WIDTH  # [MEMO] memo keys
SW_STAMPS = SW_KEYS + MEMO  # [MEMO] the solve an entry belongs to (older ones count as empty)
SW_GEN = SW_STAMPS + MEMO  # the current solve's stamp
SW_CODES = SW_GEN + 1  # [MAX_DEPTH] the no-risk draw's stack
SW_GEMS = SW_CODES + MAX_DEPTH  # [MAX_DEPTH]
SW_LEN = SW_GEMS + MAX_DEPTH
SF_FRAMES = 0  # [MAX_DEPTH * F_WIDTH] the stack's float columns
SF_VALS = SF_FRAMES + MAX_DEPTH * F_WIDTH  # [MEMO] memo values
SF_ACCS = SF_VALS + MEMO  # [MAX_DEPTH] the no-risk draw's sums
SF_LEN = SF_ACCS + MAX_DEPTH
_OPEN, _LOOP = 0, 1  # a frame's stage: not yet set up, or going through its outcomes


@kernel()
def _draw_no_risk(SV: np.ndarray, SW: np.ndarray, SF: np.ndarray, code: int, n: int, left: int) -> float:
    """The expected stop VP after ``left`` more draws with no risk (``_Solver._draw_no_risk``),
    with an explicit stack: numba's cache cannot hold recursive functions."""
    codes = SW[SW_CODES:SW_CODES + MAX_DEPTH]
    gems = SW[SW_GEMS:SW_GEMS + MAX_DEPTH]
    accs = SF[SF_ACCS:SF_ACCS + MAX_DEPTH]
    top = 0
    codes[0], gems[0], accs[0] = code, -1, 0.0
    while True:
        c = codes[top]
        nn = n + top
        value = 0.0
        finished = False
        if gems[top] < 0 and (left - top <= 0 or SV[V_SIZE] - nn == 0):
            value = stop_at(SV, c)
            finished = True
        else:
            g = gems[top] + 1
            while g < N_GEMS and SV[V_FULL + g] - _count(SV, c, g) == 0:
                g += 1
            if g < N_GEMS:
                gems[top] = g
                top += 1
                codes[top], gems[top], accs[top] = c + (1 << SV[V_SHIFT + g]), -1, 0.0
                continue
            value = accs[top] / (SV[V_SIZE] - nn)
            finished = True
        if finished:
            if top == 0:
                return value
            top -= 1
            g = gems[top]
            accs[top] += (SV[V_FULL + g] - _count(SV, codes[top], g)) * value


@kernel()
def _draw_out(SV: np.ndarray, SW: np.ndarray, SF: np.ndarray, code: int, n: int) -> float:
    left = SV[V_LIMIT] - n
    remaining = SV[V_SIZE] - n
    if left >= remaining:
        full_code = 0
        for g in range(N_GEMS):
            full_code += SV[V_FULL + g] << SV[V_SHIFT + g]
        return stop_at(SV, full_code)
    if SV[V_NCARDS] == 0 and not SV[V_BOUNTY]:
        frac = left / remaining
        extra = 0.0
        for g in range(N_GEMS):
            extra += SV[V_RATES + g] * (SV[V_FULL + g] - _count(SV, code, g)) * frac
        return stop_at(SV, code) + extra
    return _draw_no_risk(SV, SW, SF, code, n, left)


@kernel()
def _next_outcome(SV: np.ndarray, code: int, pairs: bool, g1: int, j: int) -> tuple[int, int, int, int]:
    """The next draw outcome at or after (g1, j): (g1, j, weight, gems); g1 == N_GEMS when none is
    left. Singles are (g, N_GEMS); pairs are unordered (g1, j >= g1), as ``_Solver._draw`` adds them."""
    while g1 < N_GEMS:
        n1 = SV[V_FULL + g1] - _count(SV, code, g1)
        if n1:
            while j <= N_GEMS:
                if not pairs:
                    if j == N_GEMS:
                        return g1, j, n1, 1
                    j = N_GEMS
                    continue
                if j == N_GEMS:
                    break
                if j == g1:
                    if n1 >= 2:
                        return g1, j, n1 * (n1 - 1), 2
                else:
                    n2 = SV[V_FULL + j] - _count(SV, code, j)
                    if n2:
                        return g1, j, 2 * n1 * n2, 2
                j += 1
        g1 += 1
        j = g1
    return N_GEMS, N_GEMS, 0, 0


@kernel()
def _memo_key(code: int, bs: int, ks: int, es: int, bc: int, kc: int) -> int:
    """A position and its defences left as one key (-1: too large to pack, not memoised)."""
    if code >= (1 << 47) or max(bs, ks, es, bc, kc) > 7:
        return -1
    return (code << 15) | bs | (ks << 3) | (es << 6) | (bc << 9) | (kc << 12)


@kernel()
def _memo_slot(SW: np.ndarray, key: int, mask: int, gen: int) -> int:
    """The slot of ``key`` in this solve's open-addressed table (its own, or the free one it would take)."""
    i = ((key ^ (key >> 23)) * 0x9E3779B1) & mask
    while SW[SW_STAMPS + i] == gen and SW[SW_KEYS + i] != key:
        i = (i + 1) & mask
    return i


@kernel()
def solve(SV: np.ndarray, SW: np.ndarray, SF: np.ndarray, cost: float, code: int, n: int, bs: int, ks: int,
          es: int, bc: int, kc: int, must: bool, draw_only: bool) -> float:
    """The leader's optimal value at ``code`` (``_decide`` at the canonical position), or with
    ``draw_only`` the value of drawing once more from ``code`` (``_draw``).

    The reference's recursion (value -> draw -> after -> value) runs on an explicit stack of frames
    (numba's cache cannot hold recursive functions); each frame adds up its outcomes in the
    reference's order, and a child's value reaches its parent as ``_after`` would return it. Like the
    reference's memo, a table keyed by (canonical position, defences left) serves each position
    once: its value is a function of the key alone, so the numbers do not change."""
    depth = SV[V_LIMIT] - n
    size = 1024 if depth <= 3 else (4096 if depth <= 5 else MEMO)
    mask = size - 1
    SW[SW_GEN] += 1  # a new table: the entries of earlier solves no longer count
    gen = SW[SW_GEN]
    room = size // 2  # entries the table takes before it stops taking more
    SW[SW_FRAMES + I_KEY] = -1
    top = 0
    fi = SW[SW_FRAMES:SW_FRAMES + I_WIDTH]
    fi[I_CODE], fi[I_N], fi[I_BS], fi[I_KS], fi[I_ES], fi[I_BC], fi[I_KC] = code, n, bs, ks, es, bc, kc
    fi[I_MUST], fi[I_DRAW_ONLY], fi[I_STAGE] = 1 if must else 0, 1 if draw_only else 0, _OPEN
    value = 0.0
    while True:
        fi = SW[SW_FRAMES + top * I_WIDTH:SW_FRAMES + (top + 1) * I_WIDTH]
        ff = SF[SF_FRAMES + top * F_WIDTH:SF_FRAMES + (top + 1) * F_WIDTH]
        done = False
        if fi[I_STAGE] == _OPEN:
            c = fi[I_CODE]
            nn = fi[I_N]
            ff[F_STOP] = 0.0
            if not fi[I_DRAW_ONLY]:
                c = _canon(SV, c)
                fi[I_CODE] = c
                ff[F_STOP] = stop_at(SV, c)
                if nn >= SV[V_LIMIT]:
                    value, done = ff[F_STOP], True
                elif cost == 0.0 and _safe(SV, c, fi[I_BS], fi[I_KS], fi[I_ES], fi[I_BC], fi[I_KC]):
                    value, done = _draw_out(SV, SW, SF, c, nn), True
            if not done:
                total = SV[V_SIZE] - nn
                if total <= 0:
                    value, done = stop_at(SV, c), True
                else:
                    fi[I_TOTAL] = total
                    ff[F_GONE] = out_at(SV, c)
                    ff[F_ACC] = 0.0
                    fi[I_PAIRS] = 1 if (SV[V_PER_DRAW] != 1 and total >= 2) else 0
                    fi[I_G1] = 0
                    fi[I_J] = 0
                    fi[I_STAGE] = _LOOP
        if not done:
            # the next outcome of this frame: defend its hazards, then open a child frame
            c = fi[I_CODE]
            g1, j, w, ng = _next_outcome(SV, c, fi[I_PAIRS] != 0, fi[I_G1], fi[I_J])
            fi[I_G1], fi[I_J], fi[I_W] = g1, j, w
            if g1 == N_GEMS:
                total = fi[I_TOTAL]
                go = ff[F_ACC] / total if not fi[I_PAIRS] else ff[F_ACC] / (total * (total - 1))
                if fi[I_DRAW_ONLY]:
                    value = go
                else:
                    value = go if fi[I_MUST] or go > ff[F_STOP] else ff[F_STOP]
                done = True
            else:
                c2, h1, h2, nh = _hazards(SV, c, g1, j, ng)
                bs2, ks2, es2, bc2, kc2 = fi[I_BS], fi[I_KS], fi[I_ES], fi[I_BC], fi[I_KC]
                ok = True
                if nh:
                    ok, bs2, ks2, es2, bc2, kc2 = defend(bs2, ks2, es2, bc2, kc2, h1, h2, nh, cost == 0.0)
                if not ok:
                    ff[F_ACC] += w * ff[F_GONE]
                    fi[I_J] = j + 1
                    continue
                fi[I_SPENT] = -1 if (nh == 0 or cost == 0.0) else (fi[I_BC] - bc2) + (fi[I_KC] - kc2)
                c2 = _canon(SV, c2)
                key = _memo_key(c2, bs2, ks2, es2, bc2, kc2)
                if key >= 0:
                    slot = _memo_slot(SW, key, mask, gen)
                    if SW[SW_STAMPS + slot] == gen:
                        value = SF[SF_VALS + slot]
                        top += 1  # as if the child had been opened and had returned at once
                        fi = SW[SW_FRAMES + top * I_WIDTH:SW_FRAMES + (top + 1) * I_WIDTH]
                        fi[I_KEY] = -1
                        done = True
                if not done:
                    top += 1
                    ch = SW[SW_FRAMES + top * I_WIDTH:SW_FRAMES + (top + 1) * I_WIDTH]
                    ch[I_CODE], ch[I_N], ch[I_BS], ch[I_KS], ch[I_ES], ch[I_BC], ch[I_KC] = (
                        c2, fi[I_N] + ng, bs2, ks2, es2, bc2, kc2)
                    ch[I_MUST], ch[I_DRAW_ONLY], ch[I_STAGE], ch[I_KEY] = 0, 0, _OPEN, key
                    continue
        # this frame's value is known: keep it, and hand it to the parent as ``_after`` returns it
        if top == 0:
            return value
        key = SW[SW_FRAMES + top * I_WIDTH + I_KEY]
        if key >= 0 and room > 0:
            slot = _memo_slot(SW, key, mask, gen)
            SW[SW_KEYS + slot], SW[SW_STAMPS + slot] = key, gen
            SF[SF_VALS + slot] = value
            room -= 1
        top -= 1
        fi = SW[SW_FRAMES + top * I_WIDTH:SW_FRAMES + (top + 1) * I_WIDTH]
        ff = SF[SF_FRAMES + top * F_WIDTH:SF_FRAMES + (top + 1) * F_WIDTH]
        spent = fi[I_SPENT]
        if spent > 0:
            stay = value - cost * spent
            value = stay if stay > ff[F_GONE] else ff[F_GONE]
        elif spent == 0:
            stay = value - cost * spent
            value = stay
        ff[F_ACC] += fi[I_W] * value
        fi[I_J] += 1


# ---- next draw (odds.next_draw), exact in integers ----------------------------------------------
@kernel()
def next_draw(SV: np.ndarray, bag: np.ndarray, drawn: np.ndarray, per_draw: int, bs: int, ks: int, es: int,
              bc: int, kc: int) -> tuple[int, int, int, int]:
    """(ev, total, risk, stop): one more draw then stop, as the integer sums of ``odds.next_draw``
    (``draw_vp`` = ev / total, ``gain`` = (ev - stop * total) / total). ``SV`` holds the diver
    with ``V_FULL`` wide enough for ``drawn`` (its packing only)."""
    code = encode(SV, drawn)
    stop = int(stop_at(SV, code))
    bag_n = 0
    for g in range(N_GEMS):
        bag_n += bag[g]
    pairs = not (per_draw == 1 or bag_n < 2)
    total = 0
    risk = 0
    ev = 0
    gone = int(out_at(SV, code))
    for g1 in range(N_GEMS):
        n1 = bag[g1]
        if not n1:
            continue
        for g2 in range(-1 if not pairs else 0, N_GEMS if pairs else 0):
            if g2 < 0:
                w = n1
                ng = 1
            else:
                left = bag[g2] - (1 if g1 == g2 else 0)
                if left <= 0:
                    continue
                w = n1 * left
                ng = 2
            total += w
            c2, h1, h2, nh = _hazards(SV, code, g1, g2, ng)
            ok = True
            if nh:
                ok, _, _, _, _, _ = defend(bs, ks, es, bc, kc, h1, h2, nh, True)
            if not ok:
                risk += w
                ev += w * gone
            else:
                ev += w * int(stop_at(SV, c2))
    return ev, total, risk, stop


# ---- the chance a dive meets a card's needs (cards.meet_chance) ---------------------------------
@kernel()
def comb(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    k = min(k, n - k)
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


@kernel()
def at_least(good: int, total: int, draws: int, k: int) -> float:
    draws = min(draws, total)
    if good < k:
        return 0.0
    miss = 0
    for i in range(k):
        miss += comb(good, i) * comb(total - good, draws - i)
    return 1.0 - miss / comb(total, draws)


@kernel()
def meet_chance(T: np.ndarray, needs_at: int, needs_any: int, bag: np.ndarray, draws: int) -> float:
    """Chance a dive of ``draws`` gems meets the needs at ``T[needs_at:needs_at + N_GEMS]``."""
    total = 0
    for g in range(N_GEMS):
        total += bag[g]
    if total == 0:
        return 0.0
    if needs_any:
        return 0.15 if needs_any <= draws + 3 else 0.05
    p = 1.0
    for g in range(N_GEMS):
        k = T[needs_at + g]
        if k:
            p *= at_least(bag[g], total, draws, k)
    return p
