"""What a seat may see: the whole position as data, secrets wrapped for :func:`redact`.

Public: the board, boats, market, deck size, supply, the bag's contents (not its
order), cards in play, card counts, tokens, the dive. Secret: each hand and rest
pile (owner only), and with ``hidden_scores`` (the default) each total until the game ends
(R-DB-18; the scoring events that make it up stay public).
The seed is never shown: it decides future chance events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fathom.core.api import CHANCE, TERMINAL
from fathom.core.redact import OMIT, Secret
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.facts import FACE_DOWN
from fathom.games.deep_blue.counts import as_named
from fathom.games.deep_blue.data import GEMS, SPOT_KINDS
from fathom.games.deep_blue.market import REFRESH

if TYPE_CHECKING:
    from fathom.games.deep_blue.fields import StateFields as _Base
else:
    _Base = object


class ViewBuilder(_Base):
    __slots__ = ()

    def _snapshot(self) -> dict[str, Any]:
        game = self.game
        comp = game.components
        n = game.num_players
        card_ids = [c.id for c in comp.cards]
        over = self.phase == ph.OVER
        hide_vp = not self._scores_public()
        seats = []
        for p in range(n):
            boats = []
            for b in (0, 1):
                node = self.boat_node[2 * p + b]
                spot = self.boat_spot[2 * p + b]
                tile = self.site_tile[node]
                boats.append({
                    "boat": b + 1,
                    "node": comp.node_ids[node],
                    "spot": SPOT_KINDS[comp.tiles[tile].spots[spot]] if spot >= 0 and tile >= 0 else None,
                })
            seats.append({
                "seat": p,
                "colour": comp.colours[p],
                "vp": Secret(p, self.vp[p], None) if hide_vp else self.vp[p],
                "tokens": self.tokens[p],
                "hand": Secret(p, as_named(self.hands[p], card_ids), OMIT),
                "hand_count": sum(self.hands[p]),
                "rest": Secret(p, as_named(self.rests[p], card_ids), OMIT),
                "rest_count": sum(self.rests[p]),
                "in_play": as_named(self.in_play[p], card_ids),
                "owned_cards": self.owned_cards(p),
                "boats": boats,
            })
        sites = []
        for node in comp.start_sites + comp.advanced_sites:
            tile = self.site_tile[node]
            entry: dict[str, Any] = {
                "node": comp.node_ids[node],
                "kind": comp.node_kinds[node],
                "tile": comp.tiles[tile].id if tile >= 0 else None,
                "face_down": tile == FACE_DOWN,
                "gem": GEMS[self.site_gem[node]] if self.site_gem[node] >= 0 else None,
            }
            if tile >= 0:
                info = comp.tiles[tile]
                holders = {self.boat_spot[i]: i for i, at in enumerate(self.boat_node) if at == node}
                entry["leader_vp"] = info.leader_vp
                entry["sunken"] = info.sunken
                entry["spots"] = [
                    {"kind": SPOT_KINDS[kind],
                     "boat": ({"seat": holders[s] // 2, "boat": holders[s] % 2 + 1} if s in holders else None)}
                    for s, kind in enumerate(info.spots)
                ]
            sites.append(entry)
        actor = self.actor
        view: dict[str, Any] = {
            "game": game.name,
            "players": n,
            "options": self._options_in_play(),
            "phase": ph.NAMES[self.phase],
            "to_move": "chance" if actor == CHANCE else "terminal" if actor == TERMINAL else actor,
            "turn": self.turn,
            "move_number": self._hist_len,
            "seats": seats,
            "market": [
                {"slot": k + 1, "price": comp.slot_prices[k], "card": card_ids[c] if c >= 0 else None}
                for k, c in enumerate(self.market)
            ],
            "refresh_price": comp.refresh_price,
            "deck_count": sum(self.deck),
            "discarded": as_named(self.discarded, card_ids),
            "bag": as_named(self.bag, GEMS),
            "bag_count": sum(self.bag),
            "supply": as_named(self.supply, GEMS),
            "sites": sites,
            "face_down_left": sum(self.unrevealed),
            "fresco": self.fresco,
            "fresco_needed": comp.sunken_count,
            "step": self._step_info(),
            "dive": self._dive_info() if self.d_site >= 0 else None,
        }
        if over:
            view["winners"] = self.winners()
        return view

    def _scores_public(self) -> bool:
        """R-DB-18: totals are private until the end unless ``hidden_scores=false``. Only totals:
        every scoring event is public, so a careful player (or a bot) can count them."""
        return not self.game.options["hidden_scores"] or self.phase == ph.OVER

    def _options_in_play(self) -> dict[str, Any]:
        """The table's options, ``scenario`` as the card in play: with ``scenario=random`` the card
        drawn at setup (R-DB-1), so everything that reads the scenario from a view reads the real one."""
        options = {k: v for k, v in self.game.options.items() if k != "data_file"}
        if self.game.scenario is None and self.phase != ph.SETUP_SCENARIO:
            options["scenario"] = self.scenario.id
        return options

    def _step_info(self) -> dict[str, Any]:
        """What the current decision is about, for front ends to phrase a prompt."""
        comp = self.game.components
        phase = self.phase
        info: dict[str, Any] = {"phase": ph.NAMES[phase]}
        if phase == ph.PAY:
            info["paying_for"] = "refresh" if self.pay_for == REFRESH else f"slot{self.pay_for + 1}"
            info["left_to_pay"] = self.pay_left
        elif phase in (ph.SAIL_PAY, ph.SAIL_MOVE):
            info["movement"] = self.sail_points
        elif phase == ph.SCOUT:
            info["boat"] = self.landing[0] + 1
        elif phase == ph.DEFEND:
            info["hazard"] = GEMS[self.d_hazards[0]]
        elif phase == ph.STORM_ORDER:
            info["sites"] = [comp.node_ids[n] for n in self.storm]
        elif phase == ph.REST_DRAW:
            info["cards_left_to_draw"] = self.rest_left
        return info

    def _dive_info(self) -> dict[str, Any]:
        comp = self.game.components
        n = self.game.num_players
        tile = comp.tiles[self.d_tile]
        return {
            "site": comp.node_ids[self.d_site],
            "tile": tile.id,
            "sunken": tile.sunken,
            "leader": self.d_leader,
            "divers": [p for p in range(n) if self.d_in >> p & 1],
            "resurfaced": [p for p in range(n) if self.d_out >> p & 1],
            "drawn": [GEMS[g] for g in self.d_order],
            "counts": as_named(self.d_drawn, GEMS),
            "card_vp": {str(p): self.d_card_vp[p] for p in range(n) if self.d_joined >> p & 1},
            "pending_gems": [GEMS[g] for g in self.d_step],
        }
