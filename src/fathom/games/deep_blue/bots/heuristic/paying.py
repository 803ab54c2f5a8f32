"""Paying: the cheapest cards and tokens that cover a price in $ or propellers, where a card
costs what its other use would have brought."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from fathom.games.deep_blue.bots import evaluation as ev
from fathom.games.deep_blue.bots.evaluation import Tables
from fathom.games.deep_blue.bots.heuristic.core import HeuristicCore


class Paying(HeuristicCore):
    """Pay for a hire, a refresh or a sail with the cheapest covering set."""

    def pay_plan(self, state: Any, T: Tables, p: int, amount: int, use: str = "cash",
                 hand: tuple[int, ...] | None = None) -> tuple[float, list[int]]:
        """Cheapest sources covering ``amount`` ($ or propellers): (cost, sources); -1 = a token."""
        P = self.params
        hand = state.hand_of(p) if hand is None else hand
        value = T.cash if use == "cash" else T.props
        items: list[tuple[int, float, int]] = []  # (worth, cost, source)
        for c, n in enumerate(hand):
            if n and value[c] > 0:
                cost = ev.card_use_value(state, T, c, P)
                # a card paid for its own kind of use loses only what the other use would add
                cost = max(0.05, cost - value[c] * (P.cash_use if use == "cash" else P.prop_use) * 0.6)
                items.extend([(value[c], cost, c)] * min(n, 3))
        items.extend([(1, P.token_value, -1)] * state.tokens_of(p))
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
        return state.tokens_of(p) + sum(n * value[c] for c, n in enumerate(state.hand_of(p)) if n)

    def pay(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        _, sources = self.pay_plan(state, T, p, state.left_to_pay())
        for src in sorted(sources, key=lambda s: -(T.cash[s] if s >= 0 else 1)):
            a = game.A_PAY_TOKEN if src < 0 else game.A_PAY[src]
            if a in legal:
                return a
        return legal[0]

    def pay_toward(self, state: Any, T: Tables, p: int, legal: list[int], need: int) -> int:
        """The next propeller payment of a sail that needs ``need`` moves (done once covered)."""
        game = state.game
        have = state.movement_left()
        if have >= max(1, need) and game.A_DONE in legal:
            return game.A_DONE
        _, sources = self.pay_plan(state, T, p, max(1, need) - have, use="props")
        for src in sorted(sources, key=lambda s: -(T.props[s] if s >= 0 else 1)):
            a = game.A_PAY_TOKEN if src < 0 else game.A_PAY[src]
            if a in legal:
                return a
        return game.A_DONE if game.A_DONE in legal else legal[0]
