"""Dive odds for Deep Blue: exact hazard risk and expected VP, from one seat's view only.

Why this lives in the engine package: the terminal coach, the bots and any other
front end must all give the same numbers, and the numbers must come only from what
the seat may know (``state.view(seat)``: the bag's contents, the gems drawn in this
dive, its own hand and boats, everyone's boats and spots). Pure standard library.

Two kinds of answers:

* **Next draw** (exact, :class:`fractions.Fraction`): for every diver, the chance
  that the next draw (a pair with Troubled Waters on a Sunken City tile, R-DB-11)
  brings a hazard they must defend, the chance it brings one they *cannot* defend,
  their VP if the dive stopped now and their expected VP if exactly one more draw
  is made and the dive then stops ("one-step lookahead"). On survival a diver
  plays every card whose needs are met, and defends with a specific spot first,
  then a card, then a blue-or-black spot. For the viewer these use their own hand;
  for other divers, whose hands are secret, only their visible spots count
  (``hand_known`` is False: their risk is an upper bound, their card VP unknown).
* **Optimal stopping** (float): the leader's expected VP from now on if they keep
  diving exactly as long as it pays for *their own* VP
  (:func:`optimal_value`, an expectimax over the bag's remaining contents, memoised
  by the gems drawn and the defences left). With ``drawn`` empty this is the value
  of starting a dive on a tile.

Hazards (R-DB-9): a black or blue gem is a hazard when at least one gem of its
colour was drawn before in this dive (the first is a warning).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from fathom.games.deep_blue.data import GEMS, SPOT_KINDS, Components

SILVER, GOLD, RED, GREEN, PURPLE, BLACK, BLUE = range(7)
HAZARD_GEMS = (BLACK, BLUE)
N_GEMS = len(GEMS)
SPOT_BLUE, SPOT_BLACK, SPOT_EITHER = SPOT_KINDS.index("blue"), SPOT_KINDS.index("black"), SPOT_KINDS.index(
    "blue_or_black"
)
_TREASURE_SPOT = {SILVER: SPOT_KINDS.index("silver"), GOLD: SPOT_KINDS.index("gold"), RED: SPOT_KINDS.index("red")}
BOUNTY_VP, BOUNTY_SET = 2, 3

Card = tuple[tuple[int, ...], int, int]
"""An unplayed scoring card: (needs per gem colour, needs-any count, VP it scores)."""


@dataclass(frozen=True)
class Defences:
    """Protections left: spots are free, cards are spent (R-DB-9, R-DB-13)."""

    blue_spot: int = 0
    black_spot: int = 0
    either_spot: int = 0
    blue_cards: int = 0
    black_cards: int = 0

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        return (self.blue_spot, self.black_spot, self.either_spot, self.blue_cards, self.black_cards)


@dataclass(frozen=True)
class Diver:
    """What the odds need to know about one diver (all of it public or the viewer's own)."""

    seat: int
    rates: tuple[int, ...]  # VP per gem colour if still in when the dive ends
    defences: Defences = Defences()
    cards: tuple[Card, ...] = ()  # unplayed scoring cards (hand), played as soon as their needs are met
    banked: int = 0  # card VP already scored in this dive
    tile_vp: int = 0  # VP this diver scores for the tile whatever happens (leader; everyone in Ruins of Plenty)
    bounty: bool = False  # Bounty Wrecks leader: +2 VP per 3 gems drawn if still in at the end
    one_count_card: bool = False  # option one_count_card_per_dive
    hand_known: bool = True


@dataclass(frozen=True)
class DiverOdds:
    """Next-draw numbers for one diver (exact)."""

    seat: int
    hazard: Fraction  # P(the next draw brings a hazard this diver must face)
    risk: Fraction  # P(the next draw brings a hazard this diver cannot defend): they would resurface
    stop_vp: Fraction  # VP from this dive if it ended now
    draw_vp: Fraction  # expected VP if one more draw is made and the dive then ends
    hand_known: bool

    @property
    def gain(self) -> Fraction:
        """Expected VP change of one more draw (negative: stopping is better for this diver)."""
        return self.draw_vp - self.stop_vp


@dataclass(frozen=True)
class DiveOdds:
    """Everything the coach shows at a decision in a dive."""

    seat: int  # the viewer
    leader: int
    bag: tuple[int, ...]
    drawn: tuple[int, ...]
    per_draw: int
    divers: tuple[DiverOdds, ...]
    leader_optimal: float | None = None  # viewer is the leader: expected VP diving on optimally
    leader_stop: float | None = None
    notes: dict[str, Any] = field(default_factory=dict)

    def for_seat(self, seat: int) -> DiverOdds | None:
        return next((d for d in self.divers if d.seat == seat), None)


# ---- the rules as small pure functions ------------------------------------------------------
def draw_outcomes(bag: Sequence[int], per_draw: int = 1) -> list[tuple[tuple[int, ...], int]]:
    """Every outcome of the next draw with its integer weight (ordered pairs with Troubled Waters)."""
    total = sum(bag)
    singles = [((g,), n) for g, n in enumerate(bag) if n]
    if per_draw == 1 or total < 2:
        return singles
    out = []
    for g1, n1 in enumerate(bag):
        if not n1:
            continue
        for g2, n2 in enumerate(bag):
            left = n2 - (g1 == g2)
            if left > 0:
                out.append(((g1, g2), n1 * left))
    return out


def hazards_after(drawn: Sequence[int], gems: Sequence[int]) -> tuple[list[int], list[int]]:
    """New drawn counts and the hazards the gems bring, in draw order."""
    counts = list(drawn)
    hazards = []
    for g in gems:
        counts[g] += 1
        if (g == BLACK or g == BLUE) and counts[g] >= 2:
            hazards.append(g)
    return counts, hazards


def defend(d: tuple[int, int, int, int, int], hazards: Sequence[int], cards_first: bool = True):
    """Defences left after facing ``hazards`` (specific spot, then card, then either spot), or None."""
    bs, ks, es, bc, kc = d
    for h in hazards:
        if h == BLUE:
            if bs:
                bs -= 1
            elif cards_first and bc:
                bc -= 1
            elif es:
                es -= 1
            elif bc:
                bc -= 1
            else:
                return None
        else:
            if ks:
                ks -= 1
            elif cards_first and kc:
                kc -= 1
            elif es:
                es -= 1
            elif kc:
                kc -= 1
            else:
                return None
    return (bs, ks, es, bc, kc)


def cards_met_vp(cards: Sequence[Card], drawn: Sequence[int], one_count: bool = False) -> int:
    """VP of the cards whose needs the drawn gems meet (each card once; R-DB-10)."""
    total = sum(drawn)
    vp = 0
    best_any = 0
    for needs, needs_any, value in cards:
        if total >= needs_any and all(d >= k for d, k in zip(drawn, needs)):
            if needs_any and one_count:
                best_any = max(best_any, value)
            else:
                vp += value
    return vp + best_any


def gem_vp(rates: Sequence[int], drawn: Sequence[int]) -> int:
    return sum(r * n for r, n in zip(rates, drawn) if r)


def stop_vp(diver: Diver, drawn: Sequence[int]) -> int:
    """VP from the dive if it ends now with ``diver`` still in (cards met are played)."""
    vp = diver.banked + cards_met_vp(diver.cards, drawn, diver.one_count_card) + gem_vp(diver.rates, drawn)
    vp += diver.tile_vp
    if diver.bounty:
        vp += BOUNTY_VP * (sum(drawn) // BOUNTY_SET)
    return vp


def out_vp(diver: Diver, drawn_before: Sequence[int]) -> int:
    """VP when ``diver`` resurfaces at the draw after ``drawn_before``: cards already played and the tile."""
    return diver.banked + cards_met_vp(diver.cards, drawn_before, diver.one_count_card) + diver.tile_vp


# ---- next draw (exact) ------------------------------------------------------------------------
def next_draw(diver: Diver, bag: Sequence[int], drawn: Sequence[int], per_draw: int = 1) -> DiverOdds:
    """Exact next-draw odds and one-step expected VP for one diver."""
    outcomes = draw_outcomes(bag, per_draw)
    total = sum(w for _, w in outcomes)
    stop = Fraction(stop_vp(diver, drawn))
    if total == 0:
        return DiverOdds(diver.seat, Fraction(0), Fraction(0), stop, stop, diver.hand_known)
    hazard = risk = 0
    ev = 0
    res = diver.defences.as_tuple()
    gone = out_vp(diver, drawn)
    for gems, w in outcomes:
        counts, hz = hazards_after(drawn, gems)
        if hz:
            hazard += w
        if hz and defend(res, hz) is None:
            risk += w
            ev += w * gone
        else:
            ev += w * stop_vp(diver, counts)
    return DiverOdds(diver.seat, Fraction(hazard, total), Fraction(risk, total), stop, Fraction(ev, total),
                     diver.hand_known)


# ---- optimal stopping for the leader ----------------------------------------------------------
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

    _cache: "OrderedDict[tuple, _Solver]" = OrderedDict()
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
    ) -> "_Solver":
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
        self._memos: dict[tuple[int, ...], dict[int, float]] = {}  # defences left -> position -> value
        self._roots: dict[tuple, float] = {}  # positions where the leader must draw
        self._no_risk: dict[tuple[int, int], float] = {}
        self._stops: dict[int, float] = {}
        self._outs: dict[int, float] = {}
        self._card_needs = [(tuple((g, k) for g, k in enumerate(needs) if k), needs_any, value)
                            for needs, needs_any, value in diver.cards]
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

    def _memo(self, res: tuple[int, ...]) -> dict[int, float]:
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
        """VP of the cards met by ``drawn`` (same rule as :func:`cards_met_vp`, precompiled)."""
        total = sum(drawn)
        vp = best_any = 0
        for needs, needs_any, value in self._card_needs:
            if total < needs_any:
                continue
            for g, k in needs:
                if drawn[g] < k:
                    break
            else:
                if needs_any and self.diver.one_count_card:
                    best_any = max(best_any, value)
                else:
                    vp += value
        return vp + best_any

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
                    value += BOUNTY_VP * (sum(drawn) // BOUNTY_SET)
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
    def value(self, drawn: Sequence[int], res: tuple[int, ...], must_draw: bool = False) -> float:
        """Optimal value at ``drawn`` with defences ``res`` left."""
        code, n = self.encode(drawn), sum(drawn)
        if not must_draw:
            return self._value(code, n, res, self._memo(res))
        key = (code, res)
        best = self._roots.get(key)
        if best is None:
            best = self._roots[key] = self._decide(self._canon(code), n, res, True)
        return best

    def draw(self, drawn: Sequence[int], res: tuple[int, ...]) -> float:
        """Expected value of drawing once more from ``drawn``, then playing optimally."""
        return self._draw(self.encode(drawn), sum(drawn), res, self._memo(res))

    def _value(self, code: int, n: int, res: tuple[int, ...], memo: dict[int, float]) -> float:
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

    def _decide(self, code: int, n: int, res: tuple[int, ...], must_draw: bool,
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

    def _safe(self, code: int, res: tuple[int, ...]) -> bool:
        full, shift, mask = self.full, self.shift, self.mask
        drawn_blue, drawn_black = (code >> shift[BLUE]) & mask, (code >> shift[BLACK]) & mask
        blue = full[BLUE] - drawn_blue - (1 if drawn_blue == 0 and full[BLUE] > 0 else 0)
        black = full[BLACK] - drawn_black - (1 if drawn_black == 0 and full[BLACK] > 0 else 0)
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

    def _after(self, code: int, n: int, res: tuple[int, ...], gems: tuple[int, ...], gone: float,
               memo: dict[int, float]) -> float:
        """Value once ``gems`` are drawn (defence first, then optimal play on)."""
        shift, mask, unit = self.shift, self.mask, self.unit
        hazards = []
        for g in gems:
            if g >= BLACK and (code >> shift[g]) & mask:  # a second gem of a hazard colour
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

    def _draw(self, code: int, n: int, res: tuple[int, ...], memo: dict[int, float]) -> float:
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
                    if g >= BLACK and k < full[g]:  # a hazard: defend or resurface
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


# ---- from a view ------------------------------------------------------------------------------
def _cards_by_id(comp: Components) -> dict[str, Any]:
    return {c.id: c for c in comp.cards}


def _card_tuple(card: Any, bonus: int) -> Card:
    return (tuple(card.needs), card.needs_any, card.vp + bonus)


def diver_from_view(view: Mapping[str, Any], comp: Components, seat: int, viewer: int) -> Diver:
    """The :class:`Diver` for ``seat`` as ``viewer`` sees it (own hand only for the viewer)."""
    dive = view["dive"]
    tile = comp.tile(dive["tile"])
    scenario = view["options"].get("scenario") if tile.sunken else None
    site = dive["site"]
    spots = [b["spot"] for b in view["seats"][seat]["boats"] if b["node"] == site and b["spot"]]
    kinds = {SPOT_KINDS.index(s) for s in spots}
    rates = [0] * N_GEMS
    for g in (SILVER, GOLD, RED):
        rates[g] = comp.gem_vp_on_spot[g] if _TREASURE_SPOT[g] in kinds else comp.gem_vp[g]
    blue_cards = black_cards = 0
    cards: list[Card] = []
    known = seat == viewer
    if known:
        by_id = _cards_by_id(comp)
        bonus = 4 if scenario == "best-of-the-best" else 0
        for cid, n in view["seats"][seat].get("hand", {}).items():
            card = by_id[cid]
            if card.protects == BLUE:
                blue_cards += n
            elif card.protects == BLACK:
                black_cards += n
            if card.scores_in_dive:
                cards.extend([_card_tuple(card, bonus)] * n)
    defences = Defences(
        blue_spot=sum(1 for k in spots if k == "blue"),
        black_spot=sum(1 for k in spots if k == "black"),
        either_spot=sum(1 for k in spots if k == "blue_or_black"),
        blue_cards=blue_cards,
        black_cards=black_cards,
    )
    leader = dive["leader"]
    tile_vp = 0
    if scenario == "ruins-of-plenty":
        both = sum(1 for b in view["seats"][seat]["boats"] if b["node"] == site) == 2
        tile_vp = tile.leader_vp * (2 if both else 1)
    elif seat == leader:
        tile_vp = tile.leader_vp
    return Diver(
        seat=seat,
        rates=tuple(rates),
        defences=defences,
        cards=tuple(sorted(cards)),
        banked=int(dive["card_vp"].get(str(seat), 0)),
        tile_vp=tile_vp,
        bounty=scenario == "bounty-wrecks" and seat == leader,
        one_count_card=bool(view["options"].get("one_count_card_per_dive")),
        hand_known=known,
    )


def per_draw_of(view: Mapping[str, Any], comp: Components) -> int:
    dive = view["dive"]
    sunken = comp.tile(dive["tile"]).sunken
    return 2 if sunken and view["options"].get("scenario") == "troubled-waters" else 1


def gem_vector(named: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(int(named.get(g, 0)) for g in GEMS)


def dive_odds(view: Mapping[str, Any], comp: Components, seat: int) -> DiveOdds | None:
    """The coach's numbers at a decision in a dive, from ``view`` (= ``state.view(seat)``) only.

    ``None`` when no dive is under way. ``comp`` is the box's public component data
    (``state.game.components``).
    """
    dive = view.get("dive")
    if not dive:
        return None
    bag = gem_vector(view["bag"])
    drawn = gem_vector(dive["counts"])
    per_draw = per_draw_of(view, comp)
    divers = []
    me = None
    for p in dive["divers"]:
        d = diver_from_view(view, comp, p, seat)
        if p == seat:
            me = d
        divers.append(next_draw(d, bag, drawn, per_draw))
    leader_opt = leader_stop = None
    if me is not None and dive["leader"] == seat:
        leader_opt = optimal_value(me, bag, drawn, per_draw, must_draw=sum(drawn) == 0)
        leader_stop = float(stop_vp(me, drawn))
    return DiveOdds(seat=seat, leader=dive["leader"], bag=bag, drawn=drawn, per_draw=per_draw,
                    divers=tuple(divers), leader_optimal=leader_opt, leader_stop=leader_stop)


def coach(state: Any, seat: int) -> DiveOdds | None:
    """:func:`dive_odds` for ``seat`` of a live state (reads ``state.view(seat)`` only)."""
    return dive_odds(state.view(seat), state.game.components, seat)


def dive_start_value(view: Mapping[str, Any], comp: Components, seat: int, site: str) -> float:
    """Expected VP for ``seat`` of leading a dive at ``site`` now and stopping optimally.

    Rushing rivals do not change the leader's own VP; the tile's gem (Scattered
    Wealth) counts as the first draw. Computed from ``view`` only.
    """
    entry = next(s for s in view["sites"] if s["node"] == site)
    tile = comp.tile(entry["tile"])
    fake = dict(view)
    fake["dive"] = {"tile": tile.id, "site": site, "leader": seat, "card_vp": {}, "counts": {}}
    me = diver_from_view(fake, comp, seat, seat)
    bag = list(gem_vector(view["bag"]))
    drawn = [0] * N_GEMS
    if entry.get("gem"):
        g = GEMS.index(entry["gem"])
        drawn[g] += 1
    per_draw = 2 if tile.sunken and view["options"].get("scenario") == "troubled-waters" else 1
    return optimal_value(me, bag, drawn, per_draw, must_draw=sum(drawn) == 0)


# ---- words for front ends -----------------------------------------------------------------------
def pct(p: Fraction | float) -> str:
    return f"{float(p) * 100:.1f}%"


def action_notes(state: Any, seat: int, actions: Sequence[int]) -> dict[int, str]:
    """Short notes beside legal moves in a dive (and beside ``dive`` moves), for ``seat``.

    Everything comes from ``state.view(seat)`` and the public component data.
    """
    view = state.view(seat)
    comp = state.game.components
    names = {a: state.action_to_string(a) for a in actions}
    notes: dict[int, str] = {}
    odds = dive_odds(view, comp, seat)
    if odds is None:
        for a, name in names.items():
            if name.startswith("dive "):
                value = dive_start_value(view, comp, seat, name.split()[1])
                notes[a] = f"expected {value:.1f} VP leading it (stopping at the best moment)"
        return notes
    mine = odds.for_seat(seat)
    for a, name in names.items():
        if name == "continue" and mine is not None:
            notes[a] = (f"P(hazard you cannot defend) {pct(mine.risk)}; one more draw: "
                        f"{float(mine.draw_vp):.2f} VP expected"
                        + (f", best play from here {odds.leader_optimal:.2f}" if odds.leader_optimal is not None else ""))
        elif name == "stop" and mine is not None:
            notes[a] = f"{float(mine.stop_vp):.0f} VP now"
        elif name == "resurface" and mine is not None:
            notes[a] = "keep card VP, lose gem VP"
        elif name.startswith("defend") and mine is not None:
            notes[a] = f"keeps {float(mine.stop_vp):.0f} VP in play; next draw risk {pct(mine.risk)}"
    return notes


def summary(odds: DiveOdds) -> list[str]:
    """One line per diver, for a board panel."""
    lines = []
    for d in odds.divers:
        who = "you" if d.seat == odds.seat else f"seat {d.seat}"
        known = "" if d.hand_known else " (spots only)"
        lines.append(
            f"{who}: hazard {pct(d.hazard)}, cannot defend {pct(d.risk)}{known}; "
            f"stop {float(d.stop_vp):.0f} VP, one more draw {float(d.draw_vp):.2f} VP"
        )
    return lines
