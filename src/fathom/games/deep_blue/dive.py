"""Dive (R-DB-8..17): rush, draws, hazards and defence, card plays, the leader's call, scoring.

Order after each draw (R-DB-9): first every hazard drawn (a second or later gem of a
hazard colour) is defended by each diver still in, leader first then clockwise;
then each diver still in, in the same order, may play cards whose needs all drawn
gems meet; then the leader continues or stops. With Troubled Waters on a Sunken
City tile a pair is drawn and counts as one draw (R-DB-11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fathom.core.api import CHANCE
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.data import GEMS, SPOT_KINDS
from fathom.games.deep_blue.dive_model import DEFENDED_BY, is_hazard, needs_met
from fathom.games.deep_blue.scoring import dive_score_parts

if TYPE_CHECKING:
    from fathom.games.deep_blue.fields import StateFields as _Base
else:
    _Base = object


class DiveRules(_Base):
    __slots__ = ()

    def _scenario_applies(self) -> bool:
        return self.game.components.tiles[self.d_tile].sunken

    # ---- start and rush (R-DB-8) -------------------------------------------------------------
    def start_dive(self, node: int, leader: int, forced: bool) -> None:
        comp = self.game.components
        self.d_site = node
        self.d_tile = self.site_tile[node]
        self.d_leader = leader
        tile = comp.tiles[self.d_tile]
        self._emit({"type": "dive", "seat": leader, "site": comp.node_ids[node], "tile": tile.id, "forced": forced,
                    "text": f"Seat {leader} {'must dive' if forced else 'dives'} at {comp.node_ids[node]} ({tile.id})"})
        self.rush_queue = tuple(p for p in self.seats_from(leader) if self.rush_candidates(p))
        self.next_rusher()

    def rush_range(self) -> int:
        return self.scenario.rush_distance if self._scenario_applies() else 1

    def rush_candidates(self, p: int) -> list[int]:
        """Boats of ``p`` that may rush: not on the tile, 1 (Storm: up to 2) moves away, and not
        on a Sunken City tile whose storm dive is still owed (R-DB-16: that dive is never lost)."""
        reach = self.rush_range()
        if reach == 0:
            return []
        distance = self.game.components.distance[self.d_site]
        owed = self.storm
        return [b for b in (0, 1)
                if 1 <= distance[self.boat_node[2 * p + b]] <= reach and self.boat_node[2 * p + b] not in owed]

    def next_rusher(self) -> None:
        if self.rush_queue:
            self.phase = ph.RUSH
            self.actor = self.rush_queue[0]
        else:
            self.begin_drawing()

    def legal_rush(self) -> list[int]:
        game = self.game
        return sorted([game.A_RUSH[b] for b in self.rush_candidates(self.actor)] + [game.A_DONE])

    def apply_rush(self, action: int) -> None:
        p = self.actor
        if action == self.game.A_DONE:
            self.rush_queue = self.rush_queue[1:]
        else:
            boat = self.game.A_RUSH.index(action)
            self.boat_node[2 * p + boat] = self.d_site
            self.boat_spot[2 * p + boat] = -1  # rushing boats take the centre, never a spot
            site = self.game.components.node_ids[self.d_site]
            self._emit({"type": "rush", "seat": p, "boat": boat + 1,
                        "text": f"Seat {p} rushes boat {boat + 1} to {site}"})
            if not self.rush_candidates(p):
                self.rush_queue = self.rush_queue[1:]
        self.next_rusher()

    # ---- drawing --------------------------------------------------------------------------
    def begin_drawing(self) -> None:
        node = self.d_site
        joined = 0
        both = 0
        for p in range(self.game.num_players):
            here = (self.boat_node[2 * p] == node) + (self.boat_node[2 * p + 1] == node)
            if here:
                joined |= 1 << p
            if here == 2:
                both |= 1 << p
        self.d_joined = self.d_in = joined
        self.d_both = both  # R-DB-14 (Ruins of Plenty): both boats there when the dive began
        self.d_drawn = [0] * 7
        self.d_card_vp = [0] * self.game.num_players
        gem = self.site_gem[node]
        if gem >= 0:  # R-DB-15: the tile's gem is the dive's first draw
            self.site_gem[node] = -1
            self._emit({"type": "gem", "gem": GEMS[gem], "from_tile": True,
                        "text": f"The {GEMS[gem]} gem lying on the tile is the first gem of the dive"})
            self.process_step((gem,))
        else:
            self.next_draw()

    def next_draw(self) -> None:
        if not any(self.bag):  # R-DB-12: an empty bag ends the dive as if the leader stopped
            self._emit({"type": "bag-empty", "text": "The bag is empty: the dive ends"})
            self.end_dive()
            return
        self.d_step = ()
        self.phase = ph.DRAW
        self.actor = CHANCE

    def chance_gem(self) -> list[tuple[int, int]]:
        c_gem = self.game.C_GEM
        return [(c_gem[g], n) for g, n in enumerate(self.bag) if n]

    def apply_draw(self, action: int) -> None:
        gem = action - self.game.C_GEM[0]
        self.bag[gem] -= 1
        self.d_step += (gem,)
        self._emit({"type": "gem", "gem": GEMS[gem], "text": f"Drawn: {GEMS[gem]}"})
        per_draw = self.scenario.gems_per_draw if self._scenario_applies() else 1
        if len(self.d_step) < per_draw and any(self.bag):
            return  # R-DB-11: the second gem of the pair
        self.process_step(self.d_step)

    def process_step(self, gems: tuple[int, ...]) -> None:
        hazards = []
        for gem in gems:
            if is_hazard(gem, self.d_drawn[gem]):  # R-DB-9: the first of a colour is a warning
                hazards.append(gem)
            self.d_drawn[gem] += 1
            self.d_order += (gem,)
        self.d_step = ()
        self.d_hazards = tuple(hazards)
        self.next_hazard()

    # ---- hazards (R-DB-9, R-DB-12) ---------------------------------------------------------
    # Every diver still in is asked about every hazard and every card-play round, even one
    # whose only answer is ``resurface`` or ``done``: whether a seat is asked must not depend
    # on its hidden hand, or the order of prompts would tell the table what it holds.
    def next_hazard(self) -> None:
        """Put the next hazard of this draw to the divers, leader first; none left: card plays."""
        if not self.d_hazards:
            self.start_card_plays()
            return
        self.d_queue = tuple(p for p in self.seats_from(self.d_leader) if self.d_in >> p & 1)
        self._emit({"type": "hazard", "gem": GEMS[self.d_hazards[0]],
                    "text": f"Hazard! A further {GEMS[self.d_hazards[0]]} gem: divers defend or resurface"})
        self.ask_defender()

    def ask_defender(self) -> None:
        if self.d_queue:
            self.phase = ph.DEFEND
            self.actor = self.d_queue[0]
        else:  # every diver has answered this hazard once
            self.d_hazards = self.d_hazards[1:]
            self.next_hazard()

    def defence_options(self, p: int, gem: int) -> list[int]:
        game = self.game
        cards = game.components.cards
        options = [game.A_DEFEND_CARD[c] for c, n in enumerate(self.hands[p]) if n and cards[c].protects == gem]
        tile_spots = game.components.tiles[self.d_tile].spots
        for b in (2 * p, 2 * p + 1):
            if self.boat_node[b] == self.d_site and self.boat_spot[b] >= 0:
                kind = tile_spots[self.boat_spot[b]]
                if kind in DEFENDED_BY[gem]:
                    options.append(game.A_DEFEND_SPOT[kind])
        return options

    def legal_defend(self) -> list[int]:
        return sorted(set(self.defence_options(self.actor, self.d_hazards[0]))) + [self.game.A_RESURFACE]

    def apply_defend(self, action: int) -> None:
        game = self.game
        p = self.actor
        gem = GEMS[self.d_hazards[0]]
        if action == game.A_RESURFACE:
            self.resurface(p)
        elif action in game.DEFEND_CARD:
            card = game.DEFEND_CARD[action]
            self.play_card(p, card)
            self._emit({"type": "defend", "seat": p, "card": game.components.cards[card].id, "gem": gem,
                        "text": f"Seat {p} defends against the {gem} gem with {game.components.cards[card].id}"})
        else:
            kind = game.DEFEND_SPOT[action]
            spots = game.components.tiles[self.d_tile].spots
            for b in (2 * p, 2 * p + 1):
                if self.boat_node[b] == self.d_site and self.boat_spot[b] >= 0 and spots[self.boat_spot[b]] == kind:
                    self.boat_spot[b] = -1  # used once: the boat moves to the centre
                    break
            self._emit({"type": "defend", "seat": p, "spot": SPOT_KINDS[kind], "gem": gem,
                        "text": f"Seat {p} defends against the {gem} gem with the {SPOT_KINDS[kind]} spot"})
        self.d_queue = self.d_queue[1:]
        self.ask_defender()

    def resurface(self, p: int) -> None:
        """R-DB-13: out of the dive; boats leave the tile; card VP kept, gem VP lost."""
        self.d_in &= ~(1 << p)
        self.d_out |= 1 << p
        for b in (2 * p, 2 * p + 1):
            if self.boat_node[b] == self.d_site:
                self.boat_spot[b] = -1
        self._emit({"type": "resurface", "seat": p, "text": f"Seat {p} resurfaces"})

    # ---- card plays (R-DB-9, R-DB-10) -----------------------------------------------------
    def start_card_plays(self) -> None:
        self.d_queue = tuple(p for p in self.seats_from(self.d_leader) if self.d_in >> p & 1)
        self.ask_card_player()

    def ask_card_player(self) -> None:
        """Each diver still in, leader first, plays cards until ``done`` (asked even with none playable)."""
        if self.d_queue:
            self.phase = ph.PLAY
            self.actor = self.d_queue[0]
        else:
            self.after_card_plays()

    def playable_cards(self, p: int) -> list[int]:
        game = self.game
        drawn = self.d_drawn
        total = len(self.d_order)
        one_count = game.options["one_count_card_per_dive"] and self.d_count_used >> p & 1
        out = []
        for c, n in enumerate(self.hands[p]):
            if not n:
                continue
            card = game.components.cards[c]
            if not card.scores_in_dive or (one_count and card.needs_any):
                continue
            if needs_met(card.needs, card.needs_any, drawn, total):
                out.append(c)
        return out

    def legal_play(self) -> list[int]:
        game = self.game
        return sorted([game.A_PLAY[c] for c in self.playable_cards(self.actor)] + [game.A_DONE])

    def apply_play(self, action: int) -> None:
        game = self.game
        p = self.actor
        if action == game.A_DONE:
            self.d_queue = self.d_queue[1:]
        else:
            card = game.PLAY_CARD[action]
            info = game.components.cards[card]
            self.play_card(p, card)
            bonus = self.scenario.card_bonus if self._scenario_applies() else 0  # R-DB-14
            self.d_card_vp[p] += info.vp + bonus
            if info.needs_any:
                self.d_count_used |= 1 << p
            self._emit({"type": "play", "seat": p, "card": info.id, "vp": info.vp + bonus, "bonus": bonus,
                        "text": f"Seat {p} plays {info.id} for {info.vp + bonus} VP"})
        self.ask_card_player()

    def after_card_plays(self) -> None:
        if not self.d_in >> self.d_leader & 1:  # R-DB-12: the leader resurfaced
            self.end_dive()
        else:
            self.phase = ph.CONTINUE
            self.actor = self.d_leader
            if not any(self.bag):
                self.next_draw()  # nothing left to draw: ends as a stop

    def legal_continue(self) -> list[int]:
        return [self.game.A_CONTINUE, self.game.A_STOP]

    def apply_continue(self, action: int) -> None:
        if action == self.game.A_STOP:
            self._emit({"type": "stop", "seat": self.actor, "text": f"Seat {self.actor} stops the dive"})
            self.end_dive()
        else:
            self.next_draw()

    # ---- the end of the dive (R-DB-13, R-DB-14, R-DB-17) ----------------------------------
    def emit_dive_scores(self, site: str, tile: str, parts: list[dict[str, int]]) -> None:
        """One public event per seat that scored, with where its VP came from: even with
        ``hidden_scores`` only totals are private, every scoring event is seen by all (R-DB-18)."""
        for p, part in enumerate(parts):
            v = sum(part.values())
            if self.d_joined >> p & 1 or v:
                self._emit({"type": "dive-scored", "site": site, "tile": tile, "seat": p, "vp": v, "parts": part,
                            "text": f"Seat {p} scores {v} VP from the dive at {site}"})

    def end_dive(self) -> None:
        game = self.game
        comp = game.components
        node = self.d_site
        tile = comp.tiles[self.d_tile]
        spots_held = []
        for p in range(game.num_players):
            kinds = set()
            for b in (2 * p, 2 * p + 1):
                if self.boat_node[b] == node and self.boat_spot[b] >= 0:
                    kinds.add(tile.spots[self.boat_spot[b]])
            spots_held.append(kinds)
        parts = dive_score_parts(
            comp=comp,
            scenario=self.scenario if tile.sunken else None,
            tile=tile,
            leader=self.d_leader,
            joined=self.d_joined,
            still_in=self.d_in,
            both_boats=self.d_both,
            drawn=self.d_drawn,
            gems_drawn=len(self.d_order),
            card_vp=self.d_card_vp,
            spot_kinds=spots_held,
        )
        for p, part in enumerate(parts):
            self.vp[p] += sum(part.values())
        for g, n in enumerate(self.d_drawn):  # R-DB-17: all drawn gems go back to the bag
            self.bag[g] += n
        self.site_tile[node] = -1
        for b, at in enumerate(self.boat_node):
            if at == node:
                self.boat_spot[b] = -1
        if tile.sunken:
            self.fresco += 1
        for p in range(game.num_players):
            if self.d_joined >> p & 1:
                self.cards_to_rest(p)
        self.emit_dive_scores(comp.node_ids[node], tile.id, parts)
        self._clear_dive()
        if self.fresco >= comp.sunken_count:  # R-DB-17: the fourth Sunken City tile ends the game
            self.game_over()
            return
        self.resolve_storm_dives()  # R-DB-16: a second revealed Sunken City is dived next
