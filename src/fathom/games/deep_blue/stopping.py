"""Optimal stopping for the leader of a Deep Blue dive: an exact, memoised expectimax.

Why apart from the next-draw odds: this is the hot path of every bot playout (the
heuristic prices each dive with it), so it is written for speed: positions packed
into ints, colours that cannot matter merged, solvers cached. The rules it applies
are those of :mod:`.dive_model`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from fathom.games.deep_blue.dive_model import (
    BLACK, BLUE, HAZARD_GEMS, N_GEMS, Diver, Res, bounty_vp, cards_met_vp, defend, hazards_in_bag, is_hazard,
)


def optimal_value(
    diver: Diver,
    bag: Sequence[int],
    drawn: Sequence[int],
    per_draw: int = 1,
    card_cost: float = 0.0,
    must_draw: bool | None = None,
    max_draws: int | None = None,
) -> float:
    """The leader's expected VP from this dive if they stop at the best moment for themselves.

    ``bag`` is what is still in the bag, ``drawn`` the gems of this dive so far. The
    leader must draw at least once (``must_draw`` defaults to "nothing drawn yet").
    ``card_cost`` is subtracted each time a defence card is spent (spots are free);
    with a cost the leader may prefer to resurface rather than spend a card.
    ``max_draws`` (bots, for speed) forces a stop after that many more draws; None
    looks ahead to the empty bag, which is exact.
    """
    if must_draw is None:
        must_draw = sum(drawn) == 0
    solver = _Solver.get(diver, bag, drawn, per_draw, card_cost, max_draws)
    return solver.value(tuple(drawn), diver.defences.as_tuple(), must_draw)


def continue_value(
    diver: Diver,
    bag: Sequence[int],
    drawn: Sequence[int],
    per_draw: int = 1,
    card_cost: float = 0.0,
    max_draws: int | None = None,
) -> float:
    """Expected VP if the leader draws once more and then plays optimally."""
    solver = _Solver.get(diver, bag, drawn, per_draw, card_cost, max_draws)
    return solver.draw(tuple(drawn), diver.defences.as_tuple())


class _Solver:
    """Memoised expectimax of one leader's dive; colours that cannot matter are merged.

    Why the positions are integers: this runs inside every bot playout, so the gems
    drawn are packed into one int (a few bits per colour) and the memo is one dict per
    set of defences left, keyed by that int; drawing a gem is one addition.
    """

    _cache: OrderedDict[tuple[Any, ...], _Solver] = OrderedDict()
    MAX_CACHE = 24  # solvers hold their whole memo: keep only the most recent few

    @classmethod
    def get(
        cls,
        diver: Diver,
        bag: Sequence[int],
        drawn: Sequence[int],
        per_draw: int,
        card_cost: float,
        max_draws: int | None,
    ) -> _Solver:
        full_bag = tuple(b + d for b, d in zip(bag, drawn))
        # a depth cap is a cap on the total drawn, so one solver serves a whole capped dive step
        limit = None if max_draws is None else sum(drawn) + max_draws * per_draw
        key = (diver.rates, diver.cards, diver.banked, diver.tile_vp, diver.bounty, diver.one_count_card,
               full_bag, per_draw, card_cost, limit)
        cache = cls._cache
        solver = cache.get(key)
        if solver is None:
            while len(cache) >= cls.MAX_CACHE:
                cache.popitem(last=False)
            solver = cache[key] = cls(diver, full_bag, per_draw, card_cost, limit)
        else:
            cache.move_to_end(key)
        return solver

    def __init__(
        self, diver: Diver, full_bag: tuple[int, ...], per_draw: int, card_cost: float, limit: int | None
    ) -> None:
        self.diver = diver
        self.full = full_bag
        self.size = sum(full_bag)
        self.per_draw = per_draw
        self.card_cost = card_cost
        self.limit = self.size if limit is None else min(limit, self.size)
        bits = max(1, max(full_bag, default=0).bit_length())
        self.shift = tuple(bits * g for g in range(N_GEMS))
        self.unit = tuple(1 << s for s in self.shift)
        self.mask = (1 << bits) - 1
        self.full_code = self.encode(full_bag)
        self._memos: dict[Res, dict[int, float]] = {}  # defences left -> position -> value
        self._roots: dict[tuple[Any, ...], float] = {}  # positions where the leader must draw
        self._no_risk: dict[tuple[int, int], float] = {}
        self._stops: dict[int, float] = {}
        self._outs: dict[int, float] = {}
        self._card_needs = diver.cards
        relevant = set(HAZARD_GEMS)
        relevant.update(g for g, r in enumerate(diver.rates) if r)
        for needs, _, _ in diver.cards:
            relevant.update(g for g, k in enumerate(needs) if k)
        # merged colours are equivalent: only their total (for "N gems" cards and Bounty) matters
        self.merge = tuple(g for g in range(N_GEMS) if g not in relevant)
        self._merge_shifts = tuple(self.shift[g] for g in self.merge)
        self._kept = sum(self.mask << self.shift[g] for g in range(N_GEMS) if g not in self.merge)
        self._fills = [self.encode(self._merged_fill(pooled))
                       for pooled in range(sum(full_bag[g] for g in self.merge) + 1)]
        self._rated = tuple((self.shift[g], r) for g, r in enumerate(diver.rates) if r)

    # ---- positions as ints ----
    def encode(self, drawn: Sequence[int]) -> int:
        return sum(n << s for n, s in zip(drawn, self.shift))

    def decode(self, code: int) -> tuple[int, ...]:
        mask = self.mask
        return tuple((code >> s) & mask for s in self.shift)

    def _memo(self, res: Res) -> dict[int, float]:
        memo = self._memos.get(res)
        if memo is None:
            memo = self._memos[res] = {}
        return memo

    def _canon(self, code: int) -> int:
        """The equivalent position whose merged colours are filled in order up to what the bag held
        (``code`` itself when no colour is merged)."""
        mask = self.mask
        pooled = 0
        for s in self._merge_shifts:
            pooled += (code >> s) & mask
        return (code & self._kept) | self._fills[pooled]

    def _merged_fill(self, pooled: int) -> list[int]:
        out = [0] * N_GEMS
        for g in self.merge:
            out[g] = take = min(pooled, self.full[g])
            pooled -= take
        return out

    def _cards(self, drawn: tuple[int, ...]) -> int:
        """VP of the cards met by ``drawn`` (R-DB-10, from the dive model)."""
        return cards_met_vp(self._card_needs, drawn, self.diver.one_count_card)

    def _stop(self, code: int) -> float:
        """VP if the dive ends at ``code`` with the leader still in."""
        value = self._stops.get(code)
        if value is None:
            d = self.diver
            mask = self.mask
            value = d.banked + d.tile_vp
            for s, r in self._rated:
                value += r * ((code >> s) & mask)
            if self._card_needs or d.bounty:
                drawn = self.decode(code)
                if self._card_needs:
                    value += self._cards(drawn)
                if d.bounty:
                    value += bounty_vp(sum(drawn))
            value = self._stops[code] = float(value)
        return value

    def _out(self, code: int) -> float:
        """VP of resurfacing at the draw after ``code``."""
        value = self._outs.get(code)
        if value is None:
            d = self.diver
            cards = self._cards(self.decode(code)) if self._card_needs else 0
            value = self._outs[code] = float(d.banked + d.tile_vp + cards)
        return value

    # ---- the expectimax ----
    def value(self, drawn: Sequence[int], res: Res, must_draw: bool = False) -> float:
        """Optimal value at ``drawn`` with defences ``res`` left."""
        code, n = self.encode(drawn), sum(drawn)
        if not must_draw:
            return self._value(code, n, res, self._memo(res))
        key = (code, res)
        best = self._roots.get(key)
        if best is None:
            best = self._roots[key] = self._decide(self._canon(code), n, res, True)
        return best

    def draw(self, drawn: Sequence[int], res: Res) -> float:
        """Expected value of drawing once more from ``drawn``, then playing optimally."""
        return self._draw(self.encode(drawn), sum(drawn), res, self._memo(res))

    def _value(self, code: int, n: int, res: Res, memo: dict[int, float]) -> float:
        best = memo.get(code)
        if best is not None:
            return best
        canon = code
        if self.merge:
            canon = self._canon(code)
            if canon != code:
                best = memo.get(canon)
                if best is not None:
                    memo[code] = best
                    return best
        best = memo[canon] = memo[code] = self._decide(canon, n, res, False, memo)
        return best

    def _decide(self, code: int, n: int, res: Res, must_draw: bool,
                memo: dict[int, float] | None = None) -> float:
        stop = self._stop(code)
        if n >= self.limit:
            return stop
        if not self.card_cost and self._safe(code, res):
            # no hazard left in the bag can make the leader resurface and gems only add VP:
            # drawing on to the limit is optimal
            return self._draw_out(code, n)
        go = self._draw(code, n, res, self._memo(res) if memo is None else memo)
        return go if must_draw or go > stop else stop

    def _safe(self, code: int, res: Res) -> bool:
        full, shift, mask = self.full, self.shift, self.mask
        drawn_blue, drawn_black = (code >> shift[BLUE]) & mask, (code >> shift[BLACK]) & mask
        blue = hazards_in_bag(BLUE, full[BLUE] - drawn_blue, drawn_blue)
        black = hazards_in_bag(BLACK, full[BLACK] - drawn_black, drawn_black)
        bs, ks, es, bc, kc = res
        b, k = bs + bc, ks + kc
        return blue <= b + es and black <= k + es and blue + black <= b + k + es

    def _draw_out(self, code: int, n: int) -> float:
        """Expected stop VP after drawing up to the limit with no risk (exact for the whole bag)."""
        left = self.limit - n
        remaining = self.size - n
        if left >= remaining:
            return self._stop(self.full_code)
        # fewer draws than gems left: gem VP is linear, cards need the exact distribution
        if not self.diver.cards and not self.diver.bounty:
            frac = left / remaining
            drawn = self.decode(code)
            extra = sum(r * (f - d) * frac for r, f, d in zip(self.diver.rates, self.full, drawn))
            return self._stop(code) + extra
        return self._draw_no_risk(code, n, left)

    def _draw_no_risk(self, code: int, n: int, left: int) -> float:
        if left <= 0:
            return self._stop(code)
        key = (code, left)
        known = self._no_risk.get(key)
        if known is not None:
            return known
        total = self.size - n
        if total == 0:
            return self._stop(code)
        full, shift, mask, unit = self.full, self.shift, self.mask, self.unit
        acc = 0.0
        for g in range(N_GEMS):
            k = full[g] - ((code >> shift[g]) & mask)
            if k:
                acc += k * self._draw_no_risk(code + unit[g], n + 1, left - 1)
        self._no_risk[key] = acc / total
        return acc / total

    def _after(self, code: int, n: int, res: Res, gems: tuple[int, ...], gone: float,
               memo: dict[int, float]) -> float:
        """Value once ``gems`` are drawn (defence first, then optimal play on)."""
        shift, mask, unit = self.shift, self.mask, self.unit
        hazards = []
        for g in gems:
            if is_hazard(g, (code >> shift[g]) & mask):
                hazards.append(g)
            code += unit[g]
        n += len(gems)
        if not hazards:
            return self._value(code, n, res, memo)
        cost = self.card_cost
        after = defend(res, hazards, cards_first=cost == 0)
        if after is None:
            return gone
        if not cost:
            return self._value(code, n, after, self._memo(after))
        spent = (res[3] - after[3]) + (res[4] - after[4])
        stay = self._value(code, n, after, self._memo(after)) - cost * spent
        return stay if not spent or stay > gone else gone

    def _draw(self, code: int, n: int, res: Res, memo: dict[int, float]) -> float:
        total = self.size - n
        if total <= 0:
            return self._stop(code)
        full, shift, mask, unit = self.full, self.shift, self.mask, self.unit
        bag = [full[g] - ((code >> shift[g]) & mask) for g in range(N_GEMS)]
        gone = self._out(code)
        acc = 0.0
        if self.per_draw == 1 or total < 2:
            value = self._value
            for g in range(N_GEMS):
                k = bag[g]
                if k:
                    if is_hazard(g, full[g] - k):  # defend or resurface
                        acc += k * self._after(code, n, res, (g,), gone, memo)
                    else:
                        acc += k * value(code + unit[g], n + 1, res, memo)
            return acc / total
        # a pair's order never changes the result (the same hazards are faced, and a
        # leader who fails keeps what was played before the pair), so unordered pairs do
        for g1 in range(N_GEMS):
            n1 = bag[g1]
            if not n1:
                continue
            if n1 > 1:
                acc += n1 * (n1 - 1) * self._after(code, n, res, (g1, g1), gone, memo)
            for g2 in range(g1 + 1, N_GEMS):
                n2 = bag[g2]
                if n2:
                    acc += 2 * n1 * n2 * self._after(code, n, res, (g1, g2), gone, memo)
        return acc / (total * (total - 1))
