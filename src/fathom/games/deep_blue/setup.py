"""Setup (R-DB-1..3): starting tiles on the starting sites, then the market.

Each starting site in turn is a chance event over the starting tiles not yet placed
(the empty tile included: its site stays empty). Advanced sites stay face down and
their tiles are only decided when revealed.
"""

from __future__ import annotations

from fathom.games.deep_blue.market import THEN_START


class SetupRules:
    __slots__ = ()

    def chance_setup_tile(self) -> list[tuple[int, int]]:
        c_tile = self.game.C_TILE
        return [(c_tile[t], 1) for t, left in enumerate(self.setup_left) if left]

    def apply_setup_tile(self, action: int) -> None:
        comp = self.game.components
        tile = action - self.game.C_TILE[0]
        node = comp.start_sites[self.setup_site]
        left = list(self.setup_left)
        left[tile] -= 1
        self.setup_left = tuple(left)
        placed = comp.tiles[tile]
        if placed.empty:
            self._emit({"type": "setup-tile", "site": comp.node_ids[node], "tile": None,
                        "text": f"The empty starting tile was drawn for {comp.node_ids[node]}: the site stays empty"})
        else:
            self.site_tile[node] = tile
            self._emit({"type": "setup-tile", "site": comp.node_ids[node], "tile": placed.id,
                        "text": f"{placed.id} is placed face up on {comp.node_ids[node]}"})
        self.setup_site += 1
        if self.setup_site == len(comp.start_sites):
            self.start_refill(tuple(range(len(comp.slot_prices))), then=THEN_START)
