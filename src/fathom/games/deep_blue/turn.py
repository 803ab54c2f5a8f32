"""A turn's first decision: Recruit, Refresh, Sail, Rest or Dive (one action a turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.counts import dot
from fathom.games.deep_blue.market import REFRESH

if TYPE_CHECKING:
    from fathom.games.deep_blue.fields import StateFields as _Base
else:
    _Base = object


class TurnRules(_Base):
    __slots__ = ()

    def legal_turn(self) -> list[int]:
        game = self.game
        comp = game.components
        p = self.actor
        hand = self.hands[p]
        cash = self.tokens[p] + dot(hand, game.CARD_CASH)
        props = self.tokens[p] + dot(hand, game.CARD_PROPELLERS)
        legal = []
        for k, card in enumerate(self.market):
            if card >= 0 and cash >= comp.slot_prices[k]:
                legal.append(game.A_RECRUIT[k])
        if cash >= comp.refresh_price and any(self.deck):  # R-DB-5
            legal.append(game.A_REFRESH)
        if props >= 1:  # R-DB-6
            legal.append(game.A_SAIL)
        legal.append(game.A_REST)  # R-DB-7: always allowed
        dives = set()
        for b in (2 * p, 2 * p + 1):
            node = self.boat_node[b]
            if self.site_tile[node] >= 0:  # R-DB-8: a boat on a face-up wreck tile
                dives.add(game.A_DIVE[node])
        legal.extend(sorted(dives))
        return sorted(legal)

    def apply_turn(self, action: int) -> None:
        game = self.game
        p = self.actor
        if action == game.A_REST:
            self.begin_rest(p)
        elif action == game.A_SAIL:
            self.phase = ph.SAIL_PAY
            self.sail_points = 0
            self.moved = 0
            self._emit({"type": "sail", "seat": p, "text": f"Seat {p} sails"})
        elif action == game.A_REFRESH:
            self.begin_payment(p, REFRESH, game.components.refresh_price)
        elif action in game.DIVE_SITE:
            self.start_dive(game.DIVE_SITE[action], p, forced=False)
        else:
            slot = game.A_RECRUIT.index(action)
            self.begin_payment(p, slot, game.components.slot_prices[slot])
