"""Sailing: the best destinations of both boats within the movement the hand can pay, each
valued as the dive it sets up, and the step-by-step moves and scouting spot that follow."""

from __future__ import annotations

from typing import Any

from fathom.games.deep_blue.bots import evaluation as ev
from fathom.games.deep_blue.bots.evaluation import Tables
from fathom.games.deep_blue.bots.heuristic.paying import Paying
from fathom.games.deep_blue.facts import FACE_DOWN, NO_TILE

_FACE_DOWN: dict[tuple, float] = {}  # the value of a face-down site, by what it depends on


class Sailing(Paying):
    """Plan where both boats go, pay for it, sail it one edge at a time, and scout."""

    def dest_value(self, state: Any, T: Tables, p: int, boat: int, node: int, cache: dict) -> float:
        """Value of ending a sail with ``boat`` on ``node`` (ignoring the other boat)."""
        key = (boat, node)
        if key in cache:
            return cache[key]
        P = self.params
        tile = state.tile_at(node)
        index = 2 * p + boat
        value = 0.0
        if node == state.boat_at(index):  # staying keeps its spot
            if tile >= 0:
                kinds = ev.spot_kinds(state, T, p, node)
                value = ev.dive_value(state, T, p, node, kinds=kinds, params=P)
                if self.final_tile(state, T, node):
                    value += self.ending_bonus(state, T, p, value, [])
                value *= self.hold(state, T, p, node)
        elif tile >= 0:
            free = ev.free_kinds(state, T, node)
            other = state.boat_at(2 * p + (1 - boat))
            base = ev.spot_kinds(state, T, p, node) if other == node else ()
            best = ev.dive_value(state, T, p, node, kinds=base, params=P)
            for k in set(free):
                best = max(best, ev.dive_value(state, T, p, node, kinds=tuple(sorted(base + (k,))), params=P))
            if self.final_tile(state, T, node):  # diving it ends the game: go there when ahead
                best += self.ending_bonus(state, T, p, best, [])
            value = self.hold(state, T, p, node) * best
        elif tile == FACE_DOWN:
            if "face_down" not in cache:  # the same for every face-down site
                cache["face_down"] = self.face_down_value(state, T, p, node)
            value = cache["face_down"]
        cache[key] = value
        return value

    def face_down_value(self, state: Any, T: Tables, p: int, node: int) -> float:
        """Expected value of revealing a face-down site and taking its best spot."""
        left = state.face_down_tiles()
        if not sum(left):
            return 0.0
        hand = state.hand_of(p)
        bag = ev.full_bag(state)
        ending = self.ending_soon(state, T)
        key = (id(T), self.params, hand, bag, left, ending, ending and self.behind(state, T, p))
        value = _FACE_DOWN.get(key)
        if value is None:
            if len(_FACE_DOWN) > 100_000:
                _FACE_DOWN.clear()
            value = _FACE_DOWN[key] = self._face_down(state, T, p, hand, bag, left)
        return value

    def _face_down(self, state: Any, T: Tables, p: int, hand: tuple[int, ...], bag: tuple[int, ...],
                   left: tuple[int, ...]) -> float:
        P = self.params
        total = sum(left)
        by_kind: dict[tuple[int, bool], float] = {}
        acc = 0.0
        for t, n in enumerate(left):
            if not n:
                continue
            sunken = T.tile_sunken[t]
            best = -1e9
            for k in T.tile_spots[t]:
                key = (k, sunken)
                if key not in by_kind:
                    # tile VP is added below, so the value without it serves every tile of this set
                    by_kind[key] = ev.dive_value_from(T, hand, bag, t, (k,), -1, True, 4, P.card_cost) - T.tile_vp[t]
                best = max(best, by_kind[key])
            best += T.tile_vp[t]
            if sunken:
                if T.storm:
                    best = best / P.future  # dived at once, this turn
                if self.ending_soon(state, T):
                    best -= 0.5 * P.end_bonus * (1 if self.behind(state, T, p) else -0.3)
                best *= 1.0 if T.storm else P.hold_alone
            else:
                best *= P.hold_alone
            acc += n * best
        return acc / total

    def sail_plan(self, state: Any, T: Tables, p: int, budget: int) -> tuple[float, tuple[int, int, int]]:
        """Best (value, (dest boat 1, dest boat 2, movement needed)) within ``budget`` moves."""
        return self.sail_plans(state, T, p, budget, 1)[0]

    def sail_plans(self, state: Any, T: Tables, p: int, budget: int,
                   count: int) -> list[tuple[float, tuple[int, int, int]]]:
        """The ``count`` best plans within ``budget`` moves, best first, each ending on a different
        set of wreck sites (so a search can compare going elsewhere, not the same wrecks by
        another buoy). The first is the heuristic's own plan."""
        P = self.params
        cache: dict = {}
        at = (state.boat_at(2 * p), state.boat_at(2 * p + 1))
        reach = []
        for b in (0, 1):
            row = T.dist[at[b]]
            reach.append([(node, row[node]) for node in range(T.n_nodes) if row[node] <= budget])
        best_value, best_plan = -1e9, (at[0], at[1], 0)
        by_wrecks: dict[frozenset, tuple[float, tuple[int, int, int]]] = {}
        vals1 = [(n1, d1, self.dest_value(state, T, p, 1, n1, cache)) for n1, d1 in reach[1]]
        second = P.second_boat
        site_tile = state.tile_at
        for n0, d0 in reach[0]:
            v0 = self.dest_value(state, T, p, 0, n0, cache)
            room = budget - d0
            same_blind = n0 != at[0] and site_tile(n0) == FACE_DOWN
            for n1, d1, v1 in vals1:
                if d1 > room:
                    continue
                if same_blind and n1 == n0 and n1 != at[1]:
                    v1 = 0.0  # one face-down tile is revealed once
                value = (v0 + second * v1 if v0 >= v1 else v1 + second * v0) - 0.35 * (d0 + d1)
                if value > best_value + 1e-9:
                    best_value, best_plan = value, (n0, n1, d0 + d1)
                if count > 1:
                    wrecks = frozenset(n for n in (n0, n1) if site_tile(n) != NO_TILE)
                    held = by_wrecks.get(wrecks)
                    if held is None or value > held[0] + 1e-9:
                        by_wrecks[wrecks] = (value, (n0, n1, d0 + d1))
        ranked = [(best_value, best_plan)]
        mine = frozenset(n for n in best_plan[:2] if site_tile(n) != NO_TILE)
        others = sorted((vp for w, vp in by_wrecks.items() if w != mine), key=lambda vp: -vp[0])
        ranked += others[: count - 1]
        return [(P.future * value, plan) for value, plan in ranked]

    def sail_pay(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        budget = state.movement_left() + self.sources(state, T, p, "props")
        _, (_, _, need) = self.sail_plan(state, T, p, budget)
        return self.pay_toward(state, T, p, legal, need)

    def sail_move(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        _, (d0, d1, _) = self.sail_plan(state, T, p, state.movement_left())
        return self.move_toward(state, T, p, legal, d0, d1)

    def move_toward(self, state: Any, T: Tables, p: int, legal: list[int], d0: int, d1: int) -> int:
        """One edge along a shortest route of a boat not yet at its destination (done when both are)."""
        game = state.game
        for boat, dest in ((0, d0), (1, d1)):
            src = state.boat_at(2 * p + boat)
            if src == dest:
                continue
            row = T.dist[dest]
            for nxt in T.neighbours[src]:
                if row[nxt] == row[src] - 1:
                    a = game.A_MOVE[(boat, src, nxt)]
                    if a in legal:
                        return a
        return game.A_DONE

    def scout(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        boat = state.landing_boat()
        node = state.boat_at(2 * p + boat)
        base = ev.spot_kinds(state, T, p, node)
        best = None
        for a in legal:
            k = game.A_SCOUT.index(a)
            v = ev.dive_value(state, T, p, node, kinds=tuple(sorted(base + (k,))), params=self.params)
            if best is None or v > best[0] + 1e-9:
                best = (v, a)
        return best[1] if best is not None else legal[0]
