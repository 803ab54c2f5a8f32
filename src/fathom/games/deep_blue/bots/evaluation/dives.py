"""What leading (or joining) a dive is worth: the exact expected VP with optimal stopping from
:mod:`fathom.games.deep_blue.odds`, look-ahead capped, memoised, scoring cards added apart."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fathom.games.deep_blue.bots.evaluation.cards import meet_chance
from fathom.games.deep_blue.bots.evaluation.reading import (
    full_bag, hand_signature, hold_share, rates_for, spot_defences, spot_kinds,
)
from fathom.games.deep_blue.bots.evaluation.tables import DEFAULT, Params, Tables
from fathom.games.deep_blue import dive_model as model
from fathom.games.deep_blue import odds


@lru_cache(maxsize=100_000)
def _dive_value(
    rates: tuple[int, ...],
    spot_def: tuple[int, int, int],
    cards: tuple,
    blue: int,
    black: int,
    bag: tuple[int, ...],
    gem0: int,
    per_draw: int,
    bounty: bool,
    one_count: bool,
    depth: int,
    card_cost: float,
) -> float:
    diver = odds.Diver(
        seat=0,
        rates=rates,
        defences=odds.Defences(spot_def[0], spot_def[1], spot_def[2], min(blue, 3), min(black, 3)),
        cards=cards,
        bounty=bounty,
        one_count_card=one_count,
    )
    drawn = [0] * 7
    if gem0 >= 0:  # the gem lying on the tile left the bag when it was placed: it is the first draw
        drawn[gem0] += 1
    return odds.optimal_value(diver, bag, drawn, per_draw, card_cost=card_cost, must_draw=gem0 < 0,
                              max_draws=depth)


def dive_value(
    state: Any,
    T: Tables,
    p: int,
    node: int,
    kinds: tuple[int, ...] | None = None,
    hand: tuple[int, ...] | None = None,
    tile: int | None = None,
    depth: int | None = None,
    params: Params = DEFAULT,
    leader: bool = True,
) -> float:
    """Expected VP for ``p`` of leading (or joining) a dive at ``node`` now (no dive under way)."""
    if tile is None:
        tile = state.tile_at(node)
    if kinds is None:
        kinds = spot_kinds(state, T, p, node)
    if hand is None:
        hand = state.hand_of(p)
    gem0 = state.gem_at(node) if node >= 0 else -1
    return dive_value_from(T, hand, full_bag(state), tile, kinds, gem0, leader,
                     params.lookahead if depth is None else depth, params.card_cost)


def boat_prospects(state: Any, T: Tables, p: int, params: Params = DEFAULT,
                   depth: int | None = None) -> list[float]:
    """The dives ``p``'s boats are set up for (one per wreck they sit on), each valued as leading
    it times the share a boat keeps until its next turn; best first."""
    values = []
    seen = set()
    for b in (2 * p, 2 * p + 1):
        node = state.boat_at(b)
        if node in seen or state.tile_at(node) < 0:
            continue
        seen.add(node)
        values.append(hold_share(state, T, p, node, params) * dive_value(state, T, p, node, depth=depth,
                                                                         params=params))
    values.sort(reverse=True)
    return values


_VALUE_MEMO: dict[tuple, float] = {}


def dive_value_from(T: Tables, hand: tuple[int, ...], bag: tuple[int, ...], tile: int, kinds: tuple[int, ...],
                    gem0: int, leader: bool, depth: int, card_cost: float) -> float:
    """``dive_value`` from its parts (any hand, bag or tile, e.g. a tile still face down), memoised."""
    key = (id(T), hand, bag, tile, kinds, gem0, leader, depth, card_cost)
    value = _VALUE_MEMO.get(key)
    if value is None:
        if len(_VALUE_MEMO) > 300_000:
            _VALUE_MEMO.clear()
        value = _VALUE_MEMO[key] = _compute_value(T, hand, bag, tile, kinds, gem0, leader, depth, card_cost)
    return value


def _compute_value(T: Tables, hand: tuple[int, ...], bag: tuple[int, ...], tile: int, kinds: tuple[int, ...],
                   gem0: int, leader: bool, depth: int, card_cost: float) -> float:
    sunken = T.tile_sunken[tile]
    cards, blue, black = _hand_sig(T, hand, sunken)
    per_draw = T.pair_draw if sunken else 1
    spots = spot_defences(kinds)
    # Cards are left out of the stopping problem (far fewer distinct problems to solve, so the
    # cache serves every hand with the same defences); each adds its VP times the chance that
    # a dive of typical length meets its needs.
    value = _dive_value(
        rates_for(T, kinds), spots, (), min(blue, 3), min(black, 3), bag, gem0, per_draw,
        bool(T.bounty and sunken and leader), T.one_count, max(1, (depth + per_draw - 1) // per_draw), card_cost,
    )
    if cards:
        value += _cards_bonus(cards, bag, 4 + min(3, blue + black + sum(spots)))
    value += model.tile_vp(T.tile_vp[tile], leader, bool(sunken and T.ruins), False)
    return value


@lru_cache(maxsize=65536)
def _cards_bonus(cards: tuple, bag: tuple[int, ...], draws: int) -> float:
    return sum(vp * meet_chance(needs, needs_any, bag, draws) for needs, needs_any, vp in cards)


_SIG_CACHE: dict[tuple, tuple] = {}


def _hand_sig(T: Tables, hand: tuple[int, ...], sunken: bool) -> tuple:
    key = (id(T), hand, sunken)
    sig = _SIG_CACHE.get(key)
    if sig is None:
        if len(_SIG_CACHE) > 50000:
            _SIG_CACHE.clear()
        sig = _SIG_CACHE[key] = hand_signature(T, hand, sunken)
    return sig
