"""Sail (R-DB-6): propellers card by card, boats edge by edge, then landing effects.

Landing effects wait until all movement is done: a boat that ended on a face-down
tile reveals it (a chance event, R-DB-3), and a boat on a face-up tile takes a free
scouting spot of its owner's choice, or the centre if none is free. Revealing a
Sunken City tile may trigger Scattered Wealth (R-DB-15) or A Storm is Coming (R-DB-16).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fathom.core.api import CHANCE
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.facts import FACE_DOWN
from fathom.games.deep_blue.data import GEMS, SPOT_KINDS

if TYPE_CHECKING:
    from fathom.games.deep_blue.fields import StateFields as _Base
else:
    _Base = object


class SailRules(_Base):
    __slots__ = ()

    # ---- paying propellers ----------------------------------------------------------------
    def legal_sail_pay(self) -> list[int]:
        game = self.game
        p = self.actor
        cards = game.components.cards
        legal = [game.A_PAY[c] for c, n in enumerate(self.hands[p]) if n and cards[c].propellers > 0]
        if self.tokens[p]:
            legal.append(game.A_PAY_TOKEN)
        if self.sail_points >= 1:  # R-DB-6: at least 1 movement
            legal.append(game.A_DONE)
        return sorted(legal)

    def apply_sail_pay(self, action: int) -> None:
        game = self.game
        p = self.actor
        if action == game.A_DONE:
            self.phase = ph.SAIL_MOVE
            return
        if action == game.A_PAY_TOKEN:
            self.tokens[p] -= 1
            self.sail_points += 1
        else:
            card = game.PAY_CARD[action]
            propellers = game.components.cards[card].propellers
            self.pay_with_card(p, card, "movement", propellers)  # R-DB-4: played for its propellers only
            self.sail_points += propellers
        # no automatic move on when the hand runs out of propellers: that would tell the table

    # ---- moving ---------------------------------------------------------------------------
    def legal_sail_move(self) -> list[int]:
        game = self.game
        legal = [game.A_DONE]
        if self.sail_points > 0:
            p = self.actor
            neighbours = game.components.neighbours
            moves = game.A_MOVE
            for b in (0, 1):
                src = self.boat_node[2 * p + b]
                for dst in neighbours[src]:
                    legal.append(moves[(b, src, dst)])
        return sorted(legal)

    def apply_sail_move(self, action: int) -> None:
        game = self.game
        if action == game.A_DONE:
            self.finish_moving()
            return
        boat, src, dst = game.MOVE_OF[action]
        index = 2 * self.actor + boat
        self.boat_node[index] = dst
        self.boat_spot[index] = -1  # it leaves its scouting spot
        self.moved |= 1 << boat
        self.sail_points -= 1
        ids = game.components.node_ids
        self._emit({"type": "move", "seat": self.actor, "boat": boat + 1, "from": ids[src], "to": ids[dst],
                    "text": f"Seat {self.actor} sails boat {boat + 1} {ids[src]} -> {ids[dst]}"})
        if self.sail_points == 0:
            self.finish_moving()

    def finish_moving(self) -> None:
        self.sail_points = 0
        self.landing = tuple(b for b in (0, 1) if self.moved >> b & 1)  # unmoved boats keep their place
        self.storm = ()
        self.process_landing()

    # ---- landing --------------------------------------------------------------------------
    def process_landing(self) -> None:
        """Resolve landing boats in order; stop at the first chance event or choice."""
        p = self.turn
        while self.landing:
            index = 2 * p + self.landing[0]
            node = self.boat_node[index]
            tile = self.site_tile[node]
            if tile == FACE_DOWN:
                self.phase = ph.REVEAL
                self.actor = CHANCE
                return
            if tile >= 0:
                free = self.free_spots(node)
                if len(set(self.game.components.tiles[tile].spots[s] for s in free)) >= 2:
                    self.phase = ph.SCOUT
                    self.actor = p
                    return
                self.boat_spot[index] = free[0] if free else -1  # the only free spot, or the centre
            self.landing = self.landing[1:]
        self.resolve_storm_dives()

    def free_spots(self, node: int) -> list[int]:
        tile = self.game.components.tiles[self.site_tile[node]]
        taken = {self.boat_spot[i] for i, at in enumerate(self.boat_node) if at == node}
        return [s for s in range(len(tile.spots)) if s not in taken]

    def legal_scout(self) -> list[int]:
        node = self.boat_node[2 * self.actor + self.landing[0]]
        spots = self.game.components.tiles[self.site_tile[node]].spots
        return sorted({self.game.A_SCOUT[spots[s]] for s in self.free_spots(node)})

    def apply_scout(self, action: int) -> None:
        kind = self.game.A_SCOUT.index(action)
        index = 2 * self.actor + self.landing[0]
        node = self.boat_node[index]
        spots = self.game.components.tiles[self.site_tile[node]].spots
        self.boat_spot[index] = next(s for s in self.free_spots(node) if spots[s] == kind)
        self._emit({"type": "scout", "seat": self.actor, "boat": self.landing[0] + 1, "spot": SPOT_KINDS[kind],
                    "text": f"Seat {self.actor} anchors boat {self.landing[0] + 1} on the {SPOT_KINDS[kind]} spot"})
        self.landing = self.landing[1:]
        self.process_landing()

    # ---- reveals (R-DB-3) and Scattered Wealth (R-DB-15) -----------------------------------
    def chance_reveal(self) -> list[tuple[int, int]]:
        c_tile = self.game.C_TILE
        return [(c_tile[t], n) for t, n in enumerate(self.unrevealed) if n]

    def apply_reveal(self, action: int) -> None:
        game = self.game
        comp = game.components
        tile = action - game.C_TILE[0]
        node = self.boat_node[2 * self.turn + self.landing[0]]
        self.site_tile[node] = tile
        left = list(self.unrevealed)
        left[tile] -= 1
        self.unrevealed = tuple(left)
        info = comp.tiles[tile]
        self._emit({"type": "reveal", "site": comp.node_ids[node], "tile": info.id, "sunken": info.sunken,
                    "text": f"{comp.node_ids[node]} is revealed: {info.id} (leader VP {info.leader_vp})"})
        self.actor = self.turn
        if info.sunken:
            if self.scenario.forced_dive:
                self.storm += (node,)
            if self.scenario.scatters_gems:
                targets = [node] + [
                    v for v in comp.neighbours[node] if self.site_tile[v] != -1 and self.site_gem[v] < 0
                ]
                self.scatter = tuple(t for t in targets if self.site_gem[t] < 0)
                if self.scatter and any(self.bag):
                    self.phase = ph.SCATTER
                    self.actor = CHANCE
                    return
                self.scatter = ()
        self.process_landing()

    def apply_scatter(self, action: int) -> None:
        comp = self.game.components
        gem = action - self.game.C_GEM[0]
        node = self.scatter[0]
        self.scatter = self.scatter[1:]
        self.bag[gem] -= 1
        self.site_gem[node] = gem
        self._emit({"type": "scatter", "site": comp.node_ids[node], "gem": GEMS[gem],
                    "text": f"Scattered Wealth: a {GEMS[gem]} gem is placed on {comp.node_ids[node]}"})
        if self.scatter and any(self.bag):
            return
        self.scatter = ()
        self.actor = self.turn
        self.process_landing()

    # ---- after the sail: A Storm is Coming (R-DB-16) -----------------------------------------
    def storm_sites(self) -> tuple[int, ...]:
        """Storm dives still owed: revealed Sunken City tiles where the player still has a boat."""
        p = self.turn
        mine = {self.boat_node[2 * p], self.boat_node[2 * p + 1]}
        return tuple(n for n in self.storm if self.site_tile[n] >= 0 and n in mine)

    def resolve_storm_dives(self) -> None:
        """Dive the owed storm tiles one after the other (the player picks the order), then end the turn."""
        self.storm = self.storm_sites()
        if not self.storm:
            self.end_turn()
        elif len(self.storm) == 1:
            node = self.storm[0]
            self.storm = ()
            self.start_dive(node, self.turn, forced=True)
        else:
            self.phase = ph.STORM_ORDER
            self.actor = self.turn

    def legal_storm_order(self) -> list[int]:
        return sorted(self.game.A_DIVE[n] for n in self.storm)

    def apply_storm_order(self, action: int) -> None:
        node = self.game.DIVE_SITE[action]
        self.storm = tuple(n for n in self.storm if n != node)
        self.start_dive(node, self.turn, forced=True)
