"""Deep Blue observation encoder: ``state.view(seat)`` -> fixed float32 vector.

Reads only the view: the board, boats, market, bag and supply contents, public card
counts, the dive under way and the observer's own hand and rest pile. Seats are
relative to the observer (``rel 0`` = me). Sizes come from the game's component data
(cards, tiles, map), so a replacement data file gets a matching layout. The field
table is in ``docs/rl.md``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.data import GEMS, SPOT_KINDS
from fathom.games.deep_blue.scenarios import ALL_SCENARIOS, NO_SCENARIO
from fathom.rl.encoding.spec import Encoder

MARKET_SLOTS = 4
SCENARIOS = ALL_SCENARIOS + (NO_SCENARIO,)
SITE_STATES = ("face_down", "empty", "tile")


class DeepBlueEncoder(Encoder):
    game_name = "deep-blue"

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        n = self.num_players
        comp = game.components
        lay = self.layout
        self.card_index = {c.id: i for i, c in enumerate(comp.cards)}
        self.card_copies = [float(max(1, c.copies)) for c in comp.cards]
        self.node_index = {nid: i for i, nid in enumerate(comp.node_ids)}
        self.tile_index = {t.id: i for i, t in enumerate(comp.tiles)}
        self.gem_index = {g: i for i, g in enumerate(GEMS)}
        self.spot_index = {k: i for i, k in enumerate(SPOT_KINDS)}
        self.phase_index = {name: i for i, name in enumerate(ph.NAMES)}
        sites = comp.start_sites + comp.advanced_sites
        self.site_index = {comp.node_ids[s]: i for i, s in enumerate(sites)}
        self.n_cards = C = len(comp.cards)
        self.n_nodes = N = len(comp.node_ids)
        self.n_sites = S = len(sites)
        self.n_tiles = T = len(comp.tiles)
        G, K = len(GEMS), len(SPOT_KINDS)
        self.max_spots = max((len(t.spots) for t in comp.tiles), default=0) or 1
        self.gem_total = [float(max(1, x)) for x in comp.gem_total]
        self.gem_sum = float(max(1, sum(comp.gem_total)))
        self.price_scale = float(max(max(comp.slot_prices), comp.refresh_price))
        self.leader_scale = float(max(1, max(t.leader_vp for t in comp.tiles)))
        self.deck_total = float(max(1, sum(c.copies for c in comp.cards if not c.starting)))
        self.fresco_needed = float(max(1, comp.sunken_count))
        self.face_down_total = float(max(1, len(comp.advanced_sites)))
        self.vp_scale = 400.0
        self.card_count_scale = 30.0
        card_list = ", ".join(c.id for c in comp.cards)

        self.o_phase = lay.add("phase", len(ph.NAMES), "step of the turn, one-hot: " + ", ".join(ph.NAMES))
        self.o_to_move = lay.add("to_move", n + 2, f"who decides now: rel seats 0..{n - 1}, then chance, then game over")
        self.o_turn = lay.add("turn_seat", n, "whose turn it is (rel seat, one-hot)")
        self.o_move = lay.add("move_number", 1, "decisions and chance events so far / 3000 (clipped)")
        self.o_scenario = lay.add("option.scenario", len(SCENARIOS), "Captain's Log scenario one-hot: " + ", ".join(SCENARIOS))
        self.o_opts = lay.add("option.flags", 2, "hidden_scores; one_count_card_per_dive")
        self.o_paying = lay.add("step.paying_for", MARKET_SLOTS + 1, "paying for market slot 1-4 or a refresh (one-hot)")
        self.o_left_pay = lay.add("step.left_to_pay", 1, f"cost still to pay / {self.price_scale:g}")
        self.o_movement = lay.add("step.movement", 1, "propellers left to move boats / 10 (clipped)")
        self.o_scout = lay.add("step.scout_boat", 2, "which of the mover's boats is choosing a scouting spot")
        self.o_hazard = lay.add("step.hazard", G, "hazard gem being defended against, one-hot: " + ", ".join(GEMS))
        self.o_storm = lay.add("step.storm_sites", S, "Sunken City sites offered in the storm order choice (multi-hot over sites)")
        self.o_rest_left = lay.add("step.cards_left_to_draw", 1, "cards still to take back in a Rest / 3")
        self.o_seat: list[dict[str, int]] = []
        for k in range(n):
            p = f"seat[rel {k}]"
            o = {
                "vp": lay.add(f"{p}.vp", 1, f"victory points / {self.vp_scale:g} (clipped; 0 while hidden)"),
                "vp_hidden": lay.add(f"{p}.vp_hidden", 1, "1 while that total is hidden (hidden_scores option)"),
                "tokens": lay.add(f"{p}.tokens", 1, "tokens left / 2"),
                "hand_count": lay.add(f"{p}.hand_count", 1, f"cards in hand / {self.card_count_scale:g}"),
                "rest_count": lay.add(f"{p}.rest_count", 1, f"cards in the rest pile / {self.card_count_scale:g}"),
                "owned": lay.add(f"{p}.owned_cards", 1, f"crew cards owned / {self.card_count_scale:g}"),
                "in_play": lay.add(f"{p}.in_play", C, "cards face up in play, count per card type / copies of that type"),
                "boat0": lay.add(f"{p}.boat1.node", N, "boat 1 position, one-hot over map nodes: " + ", ".join(comp.node_ids)),
                "spot0": lay.add(f"{p}.boat1.spot", K + 1, "boat 1 scouting spot kind, one-hot (" + ", ".join(SPOT_KINDS) + ", none)"),
                "boat1": lay.add(f"{p}.boat2.node", N, "boat 2 position, one-hot over map nodes"),
                "spot1": lay.add(f"{p}.boat2.spot", K + 1, "boat 2 scouting spot kind, one-hot (kinds, none)"),
            }
            self.o_seat.append(o)
        self.o_hand = lay.add("own.hand", C, f"my hand, count per card type / copies ({card_list})")
        self.o_rest = lay.add("own.rest", C, "my rest pile, count per card type / copies")
        self.o_market = [
            lay.add(f"market.slot{j + 1}", C + 1, f"card in market slot {j + 1} (price {comp.slot_prices[j]}), one-hot over card types, then empty")
            for j in range(MARKET_SLOTS)
        ]
        self.o_deck = lay.add("deck_count", 1, f"crew cards left in the deck / {self.deck_total:g}")
        self.o_discarded = lay.add("discarded", C, "discarded crew cards per type / copies")
        self.o_bag = lay.add("bag", G, "gems in the bag per colour / total of that colour")
        self.o_bag_count = lay.add("bag_count", 1, f"gems in the bag / {self.gem_sum:g}")
        self.o_supply = lay.add("supply", G, "gems in the supply per colour / total of that colour")
        self.o_site: list[dict[str, Any]] = []
        for node in sites:
            p = f"site[{comp.node_ids[node]}]"
            site: dict[str, Any] = {
                "state": lay.add(f"{p}.state", 3, "one-hot: face-down tile, no tile, revealed tile"),
                "tile": lay.add(f"{p}.tile", T, "which tile lies there, one-hot over tile ids"),
                "leader_vp": lay.add(f"{p}.leader_vp", 1, f"tile's dive-leader VP / {self.leader_scale:g}"),
                "sunken": lay.add(f"{p}.sunken", 1, "the tile is a Sunken City tile"),
                "gem": lay.add(f"{p}.gem", G, "gem lying on the tile (Scattered Wealth), one-hot"),
                "spots": [
                    (lay.add(f"{p}.spot{j + 1}.kind", K, f"scouting spot {j + 1} kind, one-hot"),
                     lay.add(f"{p}.spot{j + 1}.boat", n, f"rel seat whose boat holds spot {j + 1}, one-hot"))
                    for j in range(self.max_spots)
                ],
            }
            self.o_site.append(site)
        self.o_face_down = lay.add("face_down_left", 1, f"advanced tiles not yet revealed / {self.face_down_total:g}")
        self.o_fresco = lay.add("fresco", 1, f"Sunken City fresco progress / {self.fresco_needed:g} (the game ends at 1)")
        self.o_dive = lay.add("dive.active", 1, "a dive is under way")
        self.o_dive_site = lay.add("dive.site", S, "dive site, one-hot over sites")
        self.o_dive_sunken = lay.add("dive.sunken", 1, "the dive is on a Sunken City tile")
        self.o_dive_leader = lay.add("dive.leader", n, "dive leader (rel seat, one-hot)")
        self.o_dive_in = lay.add("dive.divers", n, "rel seats taking part (multi-hot)")
        self.o_dive_out = lay.add("dive.resurfaced", n, "rel seats who resurfaced (multi-hot)")
        self.o_dive_counts = lay.add("dive.counts", G, "gems drawn so far per colour / 10 (clipped)")
        self.o_dive_drawn = lay.add("dive.drawn", 1, "gems drawn so far / 20 (clipped)")
        self.o_dive_vp = lay.add("dive.card_vp", n, "VP from cards played in this dive per rel seat / 60 (clipped)")
        self.o_dive_pending = lay.add("dive.pending_gems", G, "gems of the current draw still to resolve per colour / 2")
        self.o_winners = lay.add("winners", n, "winners once the game is over (rel seats, multi-hot)")

    def _counts(self, buf: Any, offset: int, named: dict[str, int], scale: list[float]) -> None:
        ci = self.card_index
        for cid, cnt in named.items():
            i = ci[cid]
            v = cnt / scale[i]
            buf[offset + i] = 1.0 if v > 1.0 else v

    def _fill(self, view: dict[str, Any], seat: int, buf: Any) -> None:
        n = self.num_players
        buf[self.o_phase + self.phase_index[view["phase"]]] = 1.0
        tm = view["to_move"]
        if tm == "chance":
            buf[self.o_to_move + n] = 1.0
        elif tm == "terminal":
            buf[self.o_to_move + n + 1] = 1.0
        else:
            buf[self.o_to_move + (tm - seat) % n] = 1.0
        buf[self.o_turn + (view["turn"] - seat) % n] = 1.0
        buf[self.o_move] = min(1.0, view["move_number"] / 3000)
        opts = view["options"]
        if opts["scenario"] in SCENARIOS:  # all zero while a random scenario is still to be drawn (R-DB-1)
            buf[self.o_scenario + SCENARIOS.index(opts["scenario"])] = 1.0
        buf[self.o_opts] = 1.0 if opts["hidden_scores"] else 0.0
        buf[self.o_opts + 1] = 1.0 if opts["one_count_card_per_dive"] else 0.0

        step = view["step"]
        if "paying_for" in step:
            pf = step["paying_for"]
            buf[self.o_paying + (MARKET_SLOTS if pf == "refresh" else int(pf[4:]) - 1)] = 1.0
            buf[self.o_left_pay] = min(1.0, step["left_to_pay"] / self.price_scale)
        if "movement" in step:
            buf[self.o_movement] = min(1.0, step["movement"] / 10)
        if "boat" in step:
            buf[self.o_scout + step["boat"] - 1] = 1.0
        if "hazard" in step:
            buf[self.o_hazard + self.gem_index[step["hazard"]]] = 1.0
        if "sites" in step:
            for nid in step["sites"]:
                buf[self.o_storm + self.site_index[nid]] = 1.0
        if "cards_left_to_draw" in step:
            buf[self.o_rest_left] = min(1.0, step["cards_left_to_draw"] / 3)

        node_index = self.node_index
        spot_index = self.spot_index
        copies = self.card_copies
        ccs = self.card_count_scale
        for sv in view["seats"]:
            k = (sv["seat"] - seat) % n
            o = self.o_seat[k]
            vp = sv["vp"]
            if vp is None:
                buf[o["vp_hidden"]] = 1.0
            else:
                buf[o["vp"]] = min(1.0, max(0.0, vp / self.vp_scale))
            buf[o["tokens"]] = min(1.0, sv["tokens"] / 2)
            buf[o["hand_count"]] = min(1.0, sv["hand_count"] / ccs)
            buf[o["rest_count"]] = min(1.0, sv["rest_count"] / ccs)
            buf[o["owned"]] = min(1.0, sv["owned_cards"] / ccs)
            self._counts(buf, o["in_play"], sv["in_play"], copies)
            for b, boat in enumerate(sv["boats"]):
                buf[o["boat0" if b == 0 else "boat1"] + node_index[boat["node"]]] = 1.0
                spot = boat["spot"]
                so = o["spot0" if b == 0 else "spot1"]
                buf[so + (spot_index[spot] if spot is not None else len(SPOT_KINDS))] = 1.0
            if k == 0:
                if "hand" in sv:
                    self._counts(buf, self.o_hand, sv["hand"], copies)
                if "rest" in sv:
                    self._counts(buf, self.o_rest, sv["rest"], copies)

        ci = self.card_index
        for j, slot in enumerate(view["market"]):
            card = slot["card"]
            buf[self.o_market[j] + (ci[card] if card is not None else self.n_cards)] = 1.0
        buf[self.o_deck] = min(1.0, view["deck_count"] / self.deck_total)
        self._counts(buf, self.o_discarded, view["discarded"], copies)
        gi = self.gem_index
        gt = self.gem_total
        for g, cnt in view["bag"].items():
            i = gi[g]
            buf[self.o_bag + i] = min(1.0, cnt / gt[i])
        buf[self.o_bag_count] = min(1.0, view["bag_count"] / self.gem_sum)
        for g, cnt in view["supply"].items():
            i = gi[g]
            buf[self.o_supply + i] = min(1.0, cnt / gt[i])

        for i, site in enumerate(view["sites"]):
            o = self.o_site[i]
            tile = site["tile"]
            if site["face_down"]:
                buf[o["state"]] = 1.0
            elif tile is None:
                buf[o["state"] + 1] = 1.0
            else:
                buf[o["state"] + 2] = 1.0
                buf[o["tile"] + self.tile_index[tile]] = 1.0
                buf[o["leader_vp"]] = min(1.0, (site.get("leader_vp") or 0) / self.leader_scale)
                buf[o["sunken"]] = 1.0 if site.get("sunken") else 0.0
                for j, spot in enumerate(site.get("spots", ())):
                    if j >= self.max_spots:
                        break
                    ko, bo = o["spots"][j]
                    buf[ko + spot_index[spot["kind"]]] = 1.0
                    holder = spot["boat"]
                    if holder is not None:
                        buf[bo + (holder["seat"] - seat) % n] = 1.0
            gem = site["gem"]
            if gem is not None:
                buf[o["gem"] + gi[gem]] = 1.0
        buf[self.o_face_down] = min(1.0, view["face_down_left"] / self.face_down_total)
        buf[self.o_fresco] = min(1.0, view["fresco"] / self.fresco_needed)

        dive = view["dive"]
        if dive is not None:
            buf[self.o_dive] = 1.0
            buf[self.o_dive_site + self.site_index[dive["site"]]] = 1.0
            buf[self.o_dive_sunken] = 1.0 if dive["sunken"] else 0.0
            leader = dive["leader"]
            if leader is not None and leader >= 0:
                buf[self.o_dive_leader + (leader - seat) % n] = 1.0
            for p in dive["divers"]:
                buf[self.o_dive_in + (p - seat) % n] = 1.0
            for p in dive["resurfaced"]:
                buf[self.o_dive_out + (p - seat) % n] = 1.0
            for g, cnt in dive["counts"].items():
                buf[self.o_dive_counts + gi[g]] = min(1.0, cnt / 10)
            buf[self.o_dive_drawn] = min(1.0, len(dive["drawn"]) / 20)
            for p, v in dive["card_vp"].items():
                buf[self.o_dive_vp + (int(p) - seat) % n] = min(1.0, max(0.0, v / 60))
            for g in dive["pending_gems"]:
                buf[self.o_dive_pending + gi[g]] += 0.5
        for w in view.get("winners", ()):
            buf[self.o_winners + (w - seat) % n] = 1.0


_VERBS = (
    "recruit", "refresh", "sail", "rest", "dive", "pay", "pay token", "done", "sail boat", "scout", "take",
    "rush", "defend", "defend spot", "resurface", "play", "continue", "stop",
)


def action_features(game: Any) -> np.ndarray:
    """``(num_distinct_actions, F)`` float32 features of each player action, from its name.

    Columns: a bias, the verb one-hot (:data:`_VERBS`), then the card type the action
    names (pay / defend / play), then the map node it names (dive site or sail target),
    then the market slot (recruit / take), the boat (sail / rush), the node a
    boat sails from, and the scouting-spot kind (scout / defend spot).
    """
    comp = game.components
    cards = {c.id: i for i, c in enumerate(comp.cards)}
    nodes = {nid: i for i, nid in enumerate(comp.node_ids)}
    C, N = len(cards), len(nodes)
    spots = {k: i for i, k in enumerate(SPOT_KINDS)}
    width = 1 + len(_VERBS) + C + N + MARKET_SLOTS + 2 + N + len(SPOT_KINDS)
    names = game.action_names[: game.num_distinct_actions]
    out = np.zeros((len(names), width), dtype=np.float32)
    o_verb, o_card, o_node = 1, 1 + len(_VERBS), 1 + len(_VERBS) + C
    o_slot = o_node + N
    o_boat = o_slot + MARKET_SLOTS
    o_from = o_boat + 2
    o_spot = o_from + N
    for a, name in enumerate(names):
        out[a, 0] = 1.0
        words = name.split()
        if name == "pay token":
            verb = "pay token"
        elif words[0] == "sail" and len(words) > 1:
            verb = "sail boat"
        elif words[0] == "defend" and words[1].startswith("spot-"):
            verb = "defend spot"
        else:
            verb = words[0]
        out[a, o_verb + _VERBS.index(verb)] = 1.0
        for w in words[1:]:
            if w in cards:
                out[a, o_card + cards[w]] = 1.0
            elif w in nodes:
                out[a, o_node + nodes[w]] = 1.0
            elif w in spots or w.startswith("spot-"):
                out[a, o_spot + spots[w.removeprefix("spot-")]] = 1.0
            elif w.startswith("slot"):
                out[a, o_slot + int(w[4:]) - 1] = 1.0
            elif w.startswith("boat"):
                out[a, o_boat + int(w[4:]) - 1] = 1.0
            elif "->" in w:
                src, dst = w.split("->")
                out[a, o_node + nodes[dst]] = 1.0
                out[a, o_from + nodes[src]] = 1.0
    return out
