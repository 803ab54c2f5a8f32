"""Setup (R-DB-1..3): the scenario and first player when drawn, starting tiles on the starting
sites, then the market.

With ``scenario=random`` the Captain's Log card is setup's first chance event; unless option
``first_player`` names a seat, the first player is the next one, and starting tokens are dealt
by turn order from that seat (R-DB-1).

Each starting site in turn is a chance event over the starting tiles not yet placed
(the empty tile included: its site stays empty). Advanced sites stay face down and
their tiles are only decided when revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.market import THEN_START
from fathom.games.deep_blue.scenarios import ALL_SCENARIOS, ScenarioRules

if TYPE_CHECKING:
    from fathom.games.deep_blue.fields import StateFields as _Base
else:
    _Base = object


class SetupRules(_Base):
    __slots__ = ()

    def chance_scenario(self) -> list[tuple[int, int]]:
        return [(a, 1) for a in self.game.C_SCENARIO]

    def apply_scenario(self, action: int) -> None:
        chosen = ALL_SCENARIOS[self.game.C_SCENARIO.index(action)]
        self.scenario = ScenarioRules(chosen)
        name = next((s.name for s in self.game.components.scenarios if s.id == chosen), chosen)
        self._emit({"type": "scenario", "scenario": chosen,
                    "text": f"Captain's Log card drawn at random: {name}"})
        self.phase = ph.SETUP_FIRST if self.game.first_player is None else ph.SETUP_TILE

    def chance_first_player(self) -> list[tuple[int, int]]:
        return [(a, 1) for a in self.game.C_FIRST]

    def apply_first_player(self, action: int) -> None:
        first = self.game.C_FIRST.index(action)
        self.turn = first
        self.tokens = self.starting_tokens(first)
        self._emit({"type": "first-player", "seat": first, "tokens": list(self.tokens),
                    "text": f"Seat {first} is drawn to play first; starting tokens {self.tokens}"})
        self.phase = ph.SETUP_TILE

    def starting_tokens(self, first: int) -> list[int]:
        """R-DB-1: tokens by turn order from the first player (0, 1, 1, 2, 2; with two players 0, 1)."""
        n = self.game.num_players
        by_order = self.game.components.tokens_by_seat
        return [by_order[(p - first) % n] for p in range(n)]

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
