"""Deep Blue ``heuristic`` bot (level 2): hand-tuned planning on exact dive odds.

How it plays, with every number on one VP scale (:mod:`fathom.bots.deep_blue_eval`):

* **Turn**: scores each action by the VP it brings now plus the discounted value
  of the position it leaves. Dive: the exact expected VP of leading this dive with
  optimal stopping, minus a share of what rushing rivals gain (and a large term
  when a dive would end the game while ahead or behind). Sail: the best plan of
  destinations for both boats within the movement the hand can pay (a free
  scouting spot on a face-up tile, or the expected tile of a face-down site; a
  Storm reveal dives at once). Recruit/refresh: the card's VP over the rest of the
  game minus what paying costs. Rest: the cards it brings back.
* **Paying**: the cheapest set of cards and tokens that covers the price, where a
  card costs what its other use would have been worth.
* **Sailing / scouting**: re-plans at every step (deterministic), moves a boat one
  edge along a shortest route, takes the spot that adds most to its dive value.
* **Dives**: rushes a boat unless it holds a better prospect elsewhere; defends
  with a spot first, spends a card only if the VP at stake is worth it; plays every
  card it can; as leader continues while the exact optimal-stopping value (own VP,
  look-ahead capped, defence cards priced) beats stopping, corrected for what the
  other divers gain.

It reads only public fields and its own hand and rest pile (tested with a spy state).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from fathom.core.api import State
from fathom.core.rng import Rng
from fathom.games.deep_blue import odds
from fathom.games.deep_blue import phases as ph
from fathom.bots import deep_blue_eval as ev
from fathom.bots.deep_blue_eval import DEFAULT, Params, Tables, tables
from fathom.bots.settings import with_settings

FACE_DOWN = -2
_FACE_DOWN: dict[tuple, float] = {}


class DeepBlueHeuristicBot:
    """Level 2: see the module docstring."""

    name = "heuristic"

    def __init__(self, seed: int = 0, params: Params | None = None, **overrides: float) -> None:
        self.rng = Rng(seed)
        self.params = with_settings(self.name, params or DEFAULT, overrides, also_allowed=("seed",))

    # ---- entry --------------------------------------------------------------------------
    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        T = tables(state.game)
        p = state.current_player
        handler = _HANDLERS.get(state.phase)
        action = handler(self, state, T, p, legal) if handler else None
        return action if action in legal else legal[0]

    # ---- helpers ------------------------------------------------------------------------
    def visible_vp(self, state: Any, T: Tables, p: int) -> list[float]:
        """Everyone's VP as ``p`` sees them (with hidden scores, rivals are assumed level)."""
        if T.hidden_scores:
            return [float(state.vp[p])] * T.n
        return [float(v) for v in state.vp]

    def pay_plan(self, state: Any, T: Tables, p: int, amount: int, use: str = "cash",
                 hand: tuple[int, ...] | None = None) -> tuple[float, list[int]]:
        """Cheapest sources covering ``amount`` ($ or propellers): (cost, sources); -1 = a token."""
        P = self.params
        hand = state.hands[p] if hand is None else hand
        value = T.cash if use == "cash" else T.props
        items: list[tuple[int, float, int]] = []  # (worth, cost, source)
        for c, n in enumerate(hand):
            if n and value[c] > 0:
                cost = ev.card_use_value(state, T, c, P)
                # a card paid for its own kind of use loses only what the other use would add
                cost = max(0.05, cost - value[c] * (P.cash_use if use == "cash" else P.prop_use) * 0.6)
                items.extend([(value[c], cost, c)] * min(n, 3))
        items.extend([(1, P.token_value, -1)] * state.tokens[p])
        if amount <= 0:
            return 0.0, []
        best: tuple[float, list[int]] | None = None
        items.sort(key=lambda it: (-it[0], it[1]))
        items = items[:10]
        for r in range(1, len(items) + 1):
            for combo in combinations(items, r):
                if sum(it[0] for it in combo) < amount:
                    continue
                cost = sum(it[1] for it in combo) + 0.01 * (sum(it[0] for it in combo) - amount)
                if best is None or cost < best[0]:
                    best = (cost, [it[2] for it in combo])
            if best is not None and r >= 3:
                break
        return best if best is not None else (float("inf"), [])

    def sources(self, state: Any, T: Tables, p: int, use: str) -> int:
        value = T.cash if use == "cash" else T.props
        return state.tokens[p] + sum(n * value[c] for c, n in enumerate(state.hands[p]) if n)

    # ---- turn ---------------------------------------------------------------------------
    def turn(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        return self.turn_options(state, T, p, legal)[0][1]

    def turn_options(self, state: Any, T: Tables, p: int, legal: list[int]) -> list[tuple[float, int]]:
        """Every turn action with its value, best first."""
        game = state.game
        P = self.params
        options: list[tuple[float, int]] = []
        here = ev.prospect(state, T, p, P)
        wait = P.future * here
        for a in legal:
            if a in game.DIVE_SITE:
                node = game.DIVE_SITE[a]
                options.append((self.dive_score(state, T, p, node) + P.future * self.prospect_after_dive(
                    state, T, p, node), a))
            elif a == game.A_REST:
                options.append((self.rest_gain(state, T, p) + wait, a))
            elif a == game.A_SAIL:
                plan_value, _ = self.sail_plan(state, T, p, self.sources(state, T, p, "props"))
                options.append((plan_value, a))
            elif a == game.A_REFRESH:
                cost, _ = self.pay_plan(state, T, p, T.refresh_price)
                options.append((self.refresh_gain(state, T, p) - cost + wait, a))
            elif a in game.A_RECRUIT:
                slot = game.A_RECRUIT.index(a)
                card = state.market[slot]
                cost, _ = self.pay_plan(state, T, p, T.slot_prices[slot])
                options.append((ev.card_worth(state, T, card, P) - cost + wait, a))
        options.sort(key=lambda o: (-o[0], o[1]))
        return options

    def dive_score(self, state: Any, T: Tables, p: int, node: int) -> float:
        """Own expected dive VP minus the weighted gains of rivals who will be in the dive."""
        P = self.params
        mine = ev.dive_value(state, T, p, node, depth=P.lookahead, params=P)
        tile = state.site_tile[node]
        sunken = T.tile_sunken[tile]
        reach = (T.sunken_rush if sunken else 1)
        rival_gain = 0.0
        dist = T.dist[node]
        rivals = []
        for o in range(T.n):
            if o == p:
                continue
            joins = any(
                state.boat_node[b] == node or 1 <= dist[state.boat_node[b]] <= reach for b in (2 * o, 2 * o + 1)
            )
            if joins:
                kinds = ev.spot_kinds(state, T, o, node)
                gain = P.rival_share * ev.dive_value(state, T, o, node, kinds=kinds, hand=_EMPTY(T), depth=3,
                                                     params=P, leader=False)
                rival_gain += gain
                rivals.append((o, gain))
        score = mine - P.rival_weight * rival_gain
        if sunken and state.fresco + 1 >= T.sunken_count:  # this dive ends the game
            score += self.ending_bonus(state, T, p, mine, rivals)
        return score

    def ending_bonus(self, state: Any, T: Tables, p: int, mine: float, rivals: list[tuple[int, float]]) -> float:
        vp = self.visible_vp(state, T, p)
        me = vp[p] + mine
        gains = dict(rivals)
        best_rival = max(vp[o] + gains.get(o, 0.0) / self.params.rival_share for o in range(T.n) if o != p)
        if me > best_rival:
            return self.params.end_bonus
        # behind: waiting helps only while other wrecks can still bring VP (else it only stalls)
        return -self.params.end_bonus if self.other_wrecks(state, T) else 0.0

    def other_wrecks(self, state: Any, T: Tables) -> bool:
        """Is any wreck left besides Sunken City tiles (face up or still face down)?"""
        if sum(n for t, n in enumerate(state.unrevealed) if not T.tile_sunken[t]):
            return True
        return any(state.site_tile[node] >= 0 and not T.tile_sunken[state.site_tile[node]] for node in T.sites)

    def final_tile(self, state: Any, T: Tables, node: int) -> bool:
        tile = state.site_tile[node]
        return tile >= 0 and T.tile_sunken[tile] and state.fresco + 1 >= T.sunken_count

    def prospect_after_dive(self, state: Any, T: Tables, p: int, node: int) -> float:
        """The other boat's prospect once this tile is gone (a cheap estimate)."""
        P = self.params
        best = 0.0
        for b in (2 * p, 2 * p + 1):
            at = state.boat_node[b]
            if at != node and state.site_tile[at] >= 0:
                best = max(best, P.hold_alone * ev.dive_value(state, T, p, at, depth=3, params=P))
        return best

    def rest_gain(self, state: Any, T: Tables, p: int) -> float:
        P = self.params
        rest = state.rests[p]
        count = sum(rest)
        if count == 0:
            return -5.0
        take = min(3, count)
        mean = sum(n * ev.card_use_value(state, T, c, P) for c, n in enumerate(rest) if n) / count
        hand_size = sum(state.hands[p])
        urgency = 1.0 + max(0, 4 - hand_size) * 0.35
        return take * mean * urgency * 1.2 - P.rest_min_gain

    def refresh_gain(self, state: Any, T: Tables, p: int) -> float:
        deck = state.deck  # the deck's contents are public by elimination (its order is not)
        total = sum(deck)
        if total == 0:
            return -99.0
        worths = sorted((ev.card_worth(state, T, c, self.params) for c, n in enumerate(deck) for _ in range(n)),
                        reverse=True)
        return sum(worths[: max(1, total // 4)]) / max(1, total // 4) * 0.9

    # ---- sailing ------------------------------------------------------------------------
    def dest_value(self, state: Any, T: Tables, p: int, boat: int, node: int, cache: dict) -> float:
        """Value of ending a sail with ``boat`` on ``node`` (ignoring the other boat)."""
        key = (boat, node)
        if key in cache:
            return cache[key]
        P = self.params
        tile = state.site_tile[node]
        index = 2 * p + boat
        value = 0.0
        if node == state.boat_node[index]:  # staying keeps its spot
            if tile >= 0:
                kinds = ev.spot_kinds(state, T, p, node)
                value = ev.dive_value(state, T, p, node, kinds=kinds, params=P)
                if self.final_tile(state, T, node):
                    value += self.ending_bonus(state, T, p, value, [])
                value *= self.hold(state, T, p, node)
        elif tile >= 0:
            free = ev.free_kinds(state, T, node)
            other = state.boat_node[2 * p + (1 - boat)]
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

    def hold(self, state: Any, T: Tables, p: int, node: int) -> float:
        P = self.params
        return P.hold_contested if ev.rivals_near(state, T, p, node) else P.hold_alone

    def face_down_value(self, state: Any, T: Tables, p: int, node: int) -> float:
        """Expected value of revealing a face-down site and taking its best spot."""
        left = state.unrevealed
        if not sum(left):
            return 0.0
        hand = state.hands[p]
        bag = ev.full_bag(state)
        ending = state.fresco + 1 >= T.sunken_count
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
                    by_kind[key] = ev._value_of(T, hand, bag, t, (k,), -1, True, 4, P.card_cost) - T.tile_vp[t]
                best = max(best, by_kind[key])
            best += T.tile_vp[t]
            if sunken:
                if T.storm:
                    best = best / P.future  # dived at once, this turn
                if state.fresco + 1 >= T.sunken_count:
                    best -= 0.5 * P.end_bonus * (1 if self.behind(state, T, p) else -0.3)
                best *= 1.0 if T.storm else P.hold_alone
            else:
                best *= P.hold_alone
            acc += n * best
        return acc / total

    def behind(self, state: Any, T: Tables, p: int) -> bool:
        vp = self.visible_vp(state, T, p)
        return vp[p] <= max(v for o, v in enumerate(vp) if o != p)

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
        at = (state.boat_node[2 * p], state.boat_node[2 * p + 1])
        reach = []
        for b in (0, 1):
            row = T.dist[at[b]]
            reach.append([(node, row[node]) for node in range(T.n_nodes) if row[node] <= budget])
        best_value, best_plan = -1e9, (at[0], at[1], 0)
        by_wrecks: dict[frozenset, tuple[float, tuple[int, int, int]]] = {}
        vals1 = [(n1, d1, self.dest_value(state, T, p, 1, n1, cache)) for n1, d1 in reach[1]]
        second = P.second_boat
        site_tile = state.site_tile
        for n0, d0 in reach[0]:
            v0 = self.dest_value(state, T, p, 0, n0, cache)
            room = budget - d0
            same_blind = n0 != at[0] and site_tile[n0] == FACE_DOWN
            for n1, d1, v1 in vals1:
                if d1 > room:
                    continue
                if same_blind and n1 == n0 and n1 != at[1]:
                    v1 = 0.0  # one face-down tile is revealed once
                value = (v0 + second * v1 if v0 >= v1 else v1 + second * v0) - 0.35 * (d0 + d1)
                if value > best_value + 1e-9:
                    best_value, best_plan = value, (n0, n1, d0 + d1)
                if count > 1:
                    wrecks = frozenset(n for n in (n0, n1) if site_tile[n] != -1)
                    held = by_wrecks.get(wrecks)
                    if held is None or value > held[0] + 1e-9:
                        by_wrecks[wrecks] = (value, (n0, n1, d0 + d1))
        ranked = [(best_value, best_plan)]
        mine = frozenset(n for n in best_plan[:2] if site_tile[n] != -1)
        others = sorted((vp for w, vp in by_wrecks.items() if w != mine), key=lambda vp: -vp[0])
        ranked += others[: count - 1]
        return [(P.future * value, plan) for value, plan in ranked]

    def sail_pay(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        budget = state.sail_points + self.sources(state, T, p, "props")
        _, (_, _, need) = self.sail_plan(state, T, p, budget)
        return self.pay_toward(state, T, p, legal, need)

    def pay_toward(self, state: Any, T: Tables, p: int, legal: list[int], need: int) -> int:
        """The next propeller payment of a sail that needs ``need`` moves (done once covered)."""
        game = state.game
        have = state.sail_points
        if have >= max(1, need) and game.A_DONE in legal:
            return game.A_DONE
        _, sources = self.pay_plan(state, T, p, max(1, need) - have, use="props")
        for src in sorted(sources, key=lambda s: -(T.props[s] if s >= 0 else 1)):
            a = game.A_PAY_TOKEN if src < 0 else game.A_PAY[src]
            if a in legal:
                return a
        return game.A_DONE if game.A_DONE in legal else legal[0]

    def sail_move(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        _, (d0, d1, _) = self.sail_plan(state, T, p, state.sail_points)
        return self.move_toward(state, T, p, legal, d0, d1)

    def move_toward(self, state: Any, T: Tables, p: int, legal: list[int], d0: int, d1: int) -> int:
        """One edge along a shortest route of a boat not yet at its destination (done when both are)."""
        game = state.game
        for boat, dest in ((0, d0), (1, d1)):
            src = state.boat_node[2 * p + boat]
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
        boat = state.landing[0]
        node = state.boat_node[2 * p + boat]
        base = ev.spot_kinds(state, T, p, node)
        best = None
        for a in legal:
            k = game.A_SCOUT.index(a)
            v = ev.dive_value(state, T, p, node, kinds=tuple(sorted(base + (k,))), params=self.params)
            if best is None or v > best[0] + 1e-9:
                best = (v, a)
        return best[1]

    # ---- paying for a hire or refresh -------------------------------------------------------
    def pay(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        _, sources = self.pay_plan(state, T, p, state.pay_left)
        for src in sorted(sources, key=lambda s: -(T.cash[s] if s >= 0 else 1)):
            a = game.A_PAY_TOKEN if src < 0 else game.A_PAY[src]
            if a in legal:
                return a
        return legal[0]

    def take(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        return max(legal, key=lambda a: (ev.card_worth(state, T, state.market[game.A_TAKE.index(a)], self.params),
                                         -a))

    def storm_order(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        return max(legal, key=lambda a: (self.dive_score(state, T, p, game.DIVE_SITE[a]), -a))

    # ---- dives --------------------------------------------------------------------------
    def rush(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        node = state.d_site
        if any(state.boat_node[b] == node for b in (2 * p, 2 * p + 1)) and not (
            T.ruins and T.tile_sunken[state.d_tile]
        ):
            return game.A_DONE  # already in: a second boat scores nothing more
        P = self.params
        join = P.rival_share * ev.dive_value(state, T, p, node, kinds=(), depth=3, params=P, leader=False)
        best = None
        for a in legal:
            if a == game.A_DONE:
                continue
            boat = game.A_RUSH.index(a)
            at = state.boat_node[2 * p + boat]
            keep = 0.0
            if state.site_tile[at] >= 0:
                kinds = ev.spot_kinds(state, T, p, at)
                if kinds:
                    keep = self.hold(state, T, p, at) * ev.dive_value(state, T, p, at, kinds=kinds, depth=3,
                                                                      params=P)
                else:
                    keep = 0.5 * self.hold(state, T, p, at) * ev.dive_value(state, T, p, at, depth=3, params=P)
            gain = join - P.future * keep
            if best is None or gain > best[0]:
                best = (gain, a)
        return best[1] if best and best[0] > 0 else game.A_DONE

    def diver(self, state: Any, T: Tables, p: int) -> odds.Diver:
        """``p`` in the dive under way, as ``p`` knows itself."""
        node = state.d_site
        tile = state.d_tile
        sunken = T.tile_sunken[tile]
        kinds = ev.spot_kinds(state, T, p, node)
        cards, blue, black = ev.hand_signature(T, state.hands[p], sunken)
        bs, ks, es = ev.spot_defences(kinds)
        leader = state.d_leader == p
        tile_vp = 0
        if sunken and T.ruins:
            tile_vp = T.tile_vp[tile] * (2 if state.d_both >> p & 1 else 1)
        elif leader:
            tile_vp = T.tile_vp[tile]
        return odds.Diver(seat=p, rates=ev.rates_for(T, kinds), defences=odds.Defences(bs, ks, es, blue, black),
                          cards=cards, banked=state.d_card_vp[p], tile_vp=tile_vp,
                          bounty=bool(T.bounty and sunken and leader), one_count_card=T.one_count)

    def defend(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        spots = [a for a in legal if a in game.DEFEND_SPOT]
        if spots:  # free: specific spot before the blue-or-black one
            return min(spots, key=lambda a: (game.DEFEND_SPOT[a] == ev.K_EITHER, a))
        cards = [a for a in legal if a in game.DEFEND_CARD]
        if not cards:
            return game.A_RESURFACE
        P = self.params
        d = self.diver(state, T, p)
        stay = odds.stop_vp(d, state.d_drawn)
        gone = odds.out_vp(d, state.d_drawn)
        stake = stay - gone
        if state.d_leader == p:
            stake += 1.0  # the leader keeps control of further draws
        else:
            stake += 0.5
        cost = P.card_cost * (0.6 if self.ending_soon(state, T) else 1.0)
        if sum(state.hands[p][c] for c in range(T.n_cards) if T.protects[c] == state.d_hazards[0]) > 1:
            cost *= 0.6
        return cards[0] if stake > cost else game.A_RESURFACE

    def ending_soon(self, state: Any, T: Tables) -> bool:
        return state.fresco + 1 >= T.sunken_count

    def play(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        plays = [a for a in legal if a in game.PLAY_CARD]
        if not plays:
            return game.A_DONE
        return max(plays, key=lambda a: (T.vp[game.PLAY_CARD[a]], -a))

    def continue_(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        P = self.params
        d = self.diver(state, T, p)
        bag = tuple(state.bag)
        drawn = tuple(state.d_drawn)
        sunken = T.tile_sunken[state.d_tile]
        per_draw = T.pair_draw if sunken else 1
        stop = float(odds.stop_vp(d, drawn))
        if P.decide_lookahead <= 1:  # one-step look-ahead (fast, for rollouts): draw once more, then stop
            step = odds.next_draw(d, bag, drawn, per_draw)
            go = float(step.draw_vp) + (P.osla_bonus if step.risk == 0 else 0.0)
        else:
            depth = max(1, (P.decide_lookahead + per_draw - 1) // per_draw)  # the cap counts gems, pairs too
            go = odds.continue_value(d, bag, drawn, per_draw, card_cost=P.card_cost, max_draws=depth)
        # rivals still in gain from another draw too
        rival = 0.0
        for o in range(T.n):
            if o != p and state.d_in >> o & 1:
                kinds = ev.spot_kinds(state, T, o, state.d_site)
                bs, ks, es = ev.spot_defences(kinds)
                other = odds.Diver(seat=o, rates=ev.rates_for(T, kinds), defences=odds.Defences(bs, ks, es, 1, 1))
                nd = odds.next_draw(other, bag, drawn, per_draw)
                rival += float(nd.gain)
        margin = go - stop - P.rival_weight * max(0.0, rival)
        if sunken and self.ending_soon(state, T) and not T.hidden_scores:
            vp = self.visible_vp(state, T, p)
            me = vp[p] + stop
            best = max(vp[o] + (odds.stop_vp(self.public_diver(state, T, o), drawn) if state.d_in >> o & 1 else 0)
                       for o in range(T.n) if o != p)
            if me > best + 2 and margin < 3:
                return game.A_STOP  # the game ends with this dive: bank the win
            if me <= best:
                return game.A_CONTINUE  # nothing to lose by pushing
        return game.A_CONTINUE if margin > 0 else game.A_STOP

    def public_diver(self, state: Any, T: Tables, o: int) -> odds.Diver:
        kinds = ev.spot_kinds(state, T, o, state.d_site)
        return odds.Diver(seat=o, rates=ev.rates_for(T, kinds), banked=state.d_card_vp[o])


def _EMPTY(T: Tables) -> tuple[int, ...]:
    return (0,) * T.n_cards


_HANDLERS = {
    ph.TURN: DeepBlueHeuristicBot.turn,
    ph.PAY: DeepBlueHeuristicBot.pay,
    ph.TAKE: DeepBlueHeuristicBot.take,
    ph.SAIL_PAY: DeepBlueHeuristicBot.sail_pay,
    ph.SAIL_MOVE: DeepBlueHeuristicBot.sail_move,
    ph.SCOUT: DeepBlueHeuristicBot.scout,
    ph.STORM_ORDER: DeepBlueHeuristicBot.storm_order,
    ph.RUSH: DeepBlueHeuristicBot.rush,
    ph.DEFEND: DeepBlueHeuristicBot.defend,
    ph.PLAY: DeepBlueHeuristicBot.play,
    ph.CONTINUE: DeepBlueHeuristicBot.continue_,
}
