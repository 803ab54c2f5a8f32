"""The turn: every legal action scored on one VP scale (dive, sail, recruit, refresh, rest),
and the free picks of the market."""

from __future__ import annotations

from typing import Any

from fathom.games.deep_blue.bots import evaluation as ev
from fathom.games.deep_blue.bots.evaluation import Tables
from fathom.games.deep_blue.bots.heuristic.sailing import Sailing


class TurnChoice(Sailing):
    """Rank the turn's actions; a sail is worth the best plan the hand can pay."""

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
                card = state.market_card(slot)
                cost, _ = self.pay_plan(state, T, p, T.slot_prices[slot])
                options.append((ev.card_worth(state, T, card, P) - cost + wait, a))
        options.sort(key=lambda o: (-o[0], o[1]))
        return options

    def dive_score(self, state: Any, T: Tables, p: int, node: int) -> float:
        """Own expected dive VP minus the weighted gains of rivals who will be in the dive."""
        P = self.params
        mine = ev.dive_value(state, T, p, node, depth=P.lookahead, params=P)
        tile = state.tile_at(node)
        sunken = T.tile_sunken[tile]
        reach = (T.sunken_rush if sunken else 1)
        rival_gain = 0.0
        dist = T.dist[node]
        rivals = []
        for o in range(T.n):
            if o == p:
                continue
            joins = any(
                state.boat_at(b) == node or 1 <= dist[state.boat_at(b)] <= reach for b in (2 * o, 2 * o + 1)
            )
            if joins:
                kinds = ev.spot_kinds(state, T, o, node)
                gain = P.rival_share * ev.dive_value(state, T, o, node, kinds=kinds, hand=_EMPTY(T), depth=3,
                                                     params=P, leader=False)
                rival_gain += gain
                rivals.append((o, gain))
        score = mine - P.rival_weight * rival_gain
        if sunken and self.ending_soon(state, T):  # this dive ends the game
            score += self.ending_bonus(state, T, p, mine, rivals)
        return score

    def prospect_after_dive(self, state: Any, T: Tables, p: int, node: int) -> float:
        """The other boat's prospect once this tile is gone (a cheap estimate)."""
        P = self.params
        best = 0.0
        for b in (2 * p, 2 * p + 1):
            at = state.boat_at(b)
            if at != node and state.tile_at(at) >= 0:
                best = max(best, P.hold_alone * ev.dive_value(state, T, p, at, depth=3, params=P))
        return best

    def rest_gain(self, state: Any, T: Tables, p: int) -> float:
        P = self.params
        rest = state.rest_of(p)
        count = sum(rest)
        if count == 0:
            return -5.0
        take = min(3, count)
        mean = sum(n * ev.card_use_value(state, T, c, P) for c, n in enumerate(rest) if n) / count
        hand_size = sum(state.hand_of(p))
        urgency = 1.0 + max(0, 4 - hand_size) * 0.35
        return take * mean * urgency * 1.2 - P.rest_min_gain

    def refresh_gain(self, state: Any, T: Tables, p: int) -> float:
        deck = state.deck_counts()  # the deck's contents are public by elimination (its order is not)
        total = sum(deck)
        if total == 0:
            return -99.0
        worths = sorted((ev.card_worth(state, T, c, self.params) for c, n in enumerate(deck) for _ in range(n)),
                        reverse=True)
        return sum(worths[: max(1, total // 4)]) / max(1, total // 4) * 0.9

    def take(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        return max(legal, key=lambda a: (ev.card_worth(state, T, state.market_card(game.A_TAKE.index(a)), self.params),
                                         -a))

    def storm_order(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        return max(legal, key=lambda a: (self.dive_score(state, T, p, game.DIVE_SITE[a]), -a))


def _EMPTY(T: Tables) -> tuple[int, ...]:
    return (0,) * T.n_cards
