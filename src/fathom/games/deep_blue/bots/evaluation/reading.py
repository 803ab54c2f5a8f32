"""Reading a position where a planning seat may look (public fields and its own cards): the
spots its boats hold, the free spots, its hand's scoring cards and defences, the bag."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fathom.games.deep_blue.bots.evaluation.tables import Params, Tables
from fathom.games.deep_blue import dive_model as model
from fathom.games.deep_blue.dive_model import BLACK, BLUE


def spot_kinds(state: Any, T: Tables, p: int, node: int) -> tuple[int, ...]:
    """Spot kinds ``p``'s boats hold on the tile at ``node`` (sorted)."""
    tile = state.tile_at(node)
    if tile < 0:
        return ()
    kinds = []
    for b in (2 * p, 2 * p + 1):
        if state.boat_at(b) == node and state.boat_spot_of(b) >= 0:
            kinds.append(T.tile_spots[tile][state.boat_spot_of(b)])
    return tuple(sorted(kinds))


def free_kinds(state: Any, T: Tables, node: int) -> list[int]:
    tile = state.tile_at(node)
    if tile < 0:
        return []
    taken = state.spots_taken(node)
    return [k for s, k in enumerate(T.tile_spots[tile]) if s not in taken]


def hand_signature(T: Tables, hand: tuple[int, ...], sunken: bool) -> tuple[tuple, int, int]:
    """(scoring cards, blue defences, black defences) of a hand."""
    bonus = T.card_bonus if sunken else 0
    cards = []
    blue = black = 0
    for c, n in enumerate(hand):
        if not n:
            continue
        pr = T.protects[c]
        if pr == BLUE:
            blue += n
        elif pr == BLACK:
            black += n
        if T.scoring[c]:
            cards.extend([(T.needs[c], T.needs_any[c], T.vp[c] + bonus)] * n)
    return tuple(sorted(cards)), blue, black


@lru_cache(maxsize=4096)
def _rates(gem_vp: tuple[int, ...], gem_vp_spot: tuple[int, ...], kinds: tuple[int, ...]) -> tuple[int, ...]:
    return model.gem_rates(gem_vp, gem_vp_spot, kinds)


def rates_for(T: Tables, kinds: tuple[int, ...]) -> tuple[int, ...]:
    return _rates(T.gem_vp, T.gem_vp_spot, kinds)


@lru_cache(maxsize=1024)
def spot_defences(kinds: tuple[int, ...]) -> tuple[int, int, int]:
    """(blue-only, black-only, either) defences of these spot kinds (the dive model's rule, cached)."""
    return model.spot_defences(kinds)


def full_bag(state: Any) -> tuple[int, ...]:
    """The bag with this dive's drawn gems back in (what the next dive will draw from)."""
    if state.dive_site() >= 0:
        return tuple(b + d for b, d in zip(state.bag_counts(), state.dive_drawn()))
    return state.bag_counts()


def rivals_near(state: Any, T: Tables, p: int, node: int) -> bool:
    dist = T.dist[node]
    for o in range(T.n):
        if o == p:
            continue
        for b in (2 * o, 2 * o + 1):
            if dist[state.boat_at(b)] <= 1:
                return True
    return False


def hold_share(state: Any, T: Tables, p: int, node: int, params: Params) -> float:
    """The share of a wreck's dive value ``p``'s boat on ``node`` keeps until its next turn
    (less with a rival boat on or next to it)."""
    return params.hold_contested if rivals_near(state, T, p, node) else params.hold_alone
