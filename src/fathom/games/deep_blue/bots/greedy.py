"""Deep Blue ``greedy`` bot (level 1): sensible one-step rules, no search.

It sees only ``state.view(seat)``, the legal actions and the public map. It dives
when it sits on a wreck it can defend or profit from, stops a dive when the next gem
is too likely a hazard it cannot defend, buys scoring and protection cards its hand
lacks, and sails toward the best reachable wreck.
"""

from __future__ import annotations

from typing import Any, cast

from fathom.bots.base import ViewBot
from fathom.core.api import State
from fathom.games.deep_blue import dive_model as model
from fathom.games.deep_blue.data import GEMS, SPOT_KINDS
from fathom.games.deep_blue.game import DeepBlueGame

HAZARDS = tuple(GEMS[g] for g in model.HAZARD_GEMS)
DEFENCE_SPOT_NAMES = frozenset(SPOT_KINDS[k] for kinds in model.DEFENDED_BY.values() for k in kinds)
SPOT_PREFERENCE = ("red", "gold", "blue_or_black", "silver", "blue", "black")
STOP_RISK = 0.2


class DeepBlueGreedyBot(ViewBot):
    """Level 1: greedy rules for every kind of Deep Blue decision."""

    name = "greedy"
    instant = True  # no search, well under a millisecond a move: see fathom.bots.registry.decides_at_once

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._box_of: Any = None
        self._card_info: dict[str, dict[str, Any]] = {}
        self._gem_rates: dict[str, tuple[int, int]] = {}

    def decide(self, state: State, view: dict[str, Any], seat: int, legal: list[int]) -> int:
        names = {state.action_to_string(a): a for a in legal}
        phase = view["phase"]
        chooser = getattr(self, "_" + phase.replace("-", "_"), None)
        pick = chooser(state, view, seat, names) if chooser else None
        return names[pick] if pick in names else self.rng.choice(legal)

    # ---- helpers ------------------------------------------------------------------------
    def _read_box(self, state: State) -> None:
        """Public facts of this box, read from its data (a corrected box changes them), cached per game."""
        if self._box_of is not state.game:
            facts = state.game.describe()
            self._box_of = state.game
            self._card_info = {c["id"]: c for c in facts["cards"]}
            self._gem_rates = {g: (vp["plain"], vp["on_spot"]) for g, vp in facts["gem_vp"].items()}

    def _cards(self, state: State) -> dict[str, dict[str, Any]]:
        self._read_box(state)
        return self._card_info

    def _rates(self, state: State) -> dict[str, tuple[int, int]]:
        """VP of each scoring gem: (plain, on the diver's matching scouting spot)."""
        self._read_box(state)
        return self._gem_rates

    @staticmethod
    def _my_spots_at(view: dict, seat: int, site: str) -> set[str]:
        return {b["spot"] for b in view["seats"][seat]["boats"] if b["node"] == site and b["spot"]}

    def _can_defend(self, state: State, view: dict, seat: int, gem: str, site: str | None) -> bool:
        cards = self._cards(state)
        hand = view["seats"][seat].get("hand", {})
        if any(cards[c]["protects"] == gem for c in hand):
            return True
        defending = {SPOT_KINDS[k] for k in model.DEFENDED_BY[GEMS.index(gem)]}
        return bool(site and self._my_spots_at(view, seat, site) & defending)

    # ---- the turn -----------------------------------------------------------------------
    def _turn(self, state: State, view: dict, seat: int, names: dict[str, int]) -> str | None:
        me = view["seats"][seat]
        hand = me.get("hand", {})
        cards = self._cards(state)
        dives = [n for n in names if n.startswith("dive ")]
        defended = sum(n for c, n in hand.items() if cards[c]["protects"])
        scorers = sum(n for c, n in hand.items() if cards[c]["vp"])
        for dive in dives:
            site = dive.split()[1]
            spots = self._my_spots_at(view, seat, site)
            if defended or spots & DEFENCE_SPOT_NAMES or scorers or spots & set(self._rates(state)):
                return dive
        if dives and sum(hand.values()) <= 1:
            return dives[0]
        buy = self._best_recruit(view, names, cards, hand)
        if buy:
            return buy
        if sum(hand.values()) <= 2 and me["rest_count"] >= 2:
            return "rest"
        if "sail" in names and self._sail_target(state, view, seat) is not None:
            return "sail"
        return "rest"

    def _best_recruit(self, view: dict, names: dict[str, int], cards: dict, hand: dict) -> str | None:
        protections = sum(n for c, n in hand.items() if cards[c]["protects"])
        best, best_value = None, 0.0
        for slot in view["market"]:
            action = f"recruit slot{slot['slot']}"
            if action not in names or not slot["card"]:
                continue
            card = cards[slot["card"]]
            value = card["vp"] / (1 + card["needs_any"] / 4 + sum(card["needs"].values()) / 2)
            if card["protects"]:
                value = 3.0 if protections < 2 else 0.5
            value += 0.5 * (card["cash"] + card["propellers"]) - 0.3 * slot["price"]
            if value > best_value:
                best, best_value = action, value
        return best if best_value >= 1.0 else None

    def _sail_target(self, state: State, view: dict, seat: int) -> tuple[str, int] | None:
        """The most attractive site: face-up tile with a free spot, or face-down tile; near first."""
        comp = cast(DeepBlueGame, state.game).components
        boats = [comp.node(b["node"]) for b in view["seats"][seat]["boats"]]
        best, best_score = None, 0.0
        for site in view["sites"]:
            if not site["tile"] and not site["face_down"]:
                continue
            node = comp.node(site["node"])
            if node in boats:
                continue
            dist = min(comp.distance[b][node] for b in boats)
            if site["face_down"]:
                value = 4.0
            else:
                free = [s for s in site["spots"] if s["boat"] is None]
                value = site["leader_vp"] + (2 if free else 0)
            score = value / (1 + dist)
            if score > best_score:
                best, best_score = (site["node"], dist), score
        return best

    # ---- payments -------------------------------------------------------------------------
    def _pay(self, state: State, view: dict, seat: int, names: dict[str, int]) -> str | None:
        if "pay token" in names:
            return "pay token"
        cards = self._cards(state)
        left = view["step"]["left_to_pay"]
        options = [(n[4:], cards[n[4:]]) for n in names if n.startswith("pay ")]
        # cheapest card that covers the rest, else the one that pays most; keep scoring cards
        options.sort(key=lambda o: (o[1]["vp"] > 0 or o[1]["protects"] is not None, o[1]["cash"] < left, o[1]["cash"]))
        return "pay " + options[0][0] if options else None

    def _sail_pay(self, state: State, view: dict, seat: int, names: dict[str, int]) -> str | None:
        target = self._sail_target(state, view, seat)
        need = target[1] if target else 1
        if view["step"]["movement"] >= need and "done" in names:
            return "done"
        if "pay token" in names and view["step"]["movement"] + 1 >= need:
            return "pay token"
        cards = self._cards(state)
        props = [n for n in names if n.startswith("pay ") and n != "pay token"]
        props.sort(key=lambda n: (cards[n[4:]]["vp"] > 0, -cards[n[4:]]["propellers"]))
        if props:
            return props[0]
        return "pay token" if "pay token" in names else "done"

    def _sail_move(self, state: State, view: dict, seat: int, names: dict[str, int]) -> str | None:
        target = self._sail_target(state, view, seat)
        if target is None:
            return "done"
        comp = cast(DeepBlueGame, state.game).components
        goal = comp.node(target[0])
        best, best_dist = "done", min(
            comp.distance[comp.node(b["node"])][goal] for b in view["seats"][seat]["boats"]
        )
        for name in names:
            if name.startswith("sail "):
                _, _, path = name.split()
                dst = comp.node(path.split("->")[1])
                if comp.distance[dst][goal] < best_dist:
                    best, best_dist = name, comp.distance[dst][goal]
        return best

    def _scout(self, state: State, view: dict, seat: int, names: dict[str, int]) -> str | None:
        for kind in SPOT_PREFERENCE:
            if f"scout {kind}" in names:
                return f"scout {kind}"
        return None

    def _take(self, state: State, view: dict, seat: int, names: dict[str, int]) -> str | None:
        cards = self._cards(state)
        takes = [(cards[s["card"]]["vp"] + 2 * bool(cards[s["card"]]["protects"]), f"take slot{s['slot']}")
                 for s in view["market"] if s["card"] and f"take slot{s['slot']}" in names]
        return max(takes)[1] if takes else None

    def _storm_order(self, state: State, view: dict, seat: int, names: dict[str, int]) -> str | None:
        return min(names)

    # ---- dives ------------------------------------------------------------------------------
    def _rush(self, state: State, view: dict, seat: int, names: dict[str, int]) -> str | None:
        rushes = [n for n in names if n.startswith("rush")]
        return rushes[0] if rushes else "done"

    def _dive_rates(self, state: State, view: dict, seat: int) -> dict[str, int]:
        """VP per gem colour for ``seat`` in the dive under way (its spots on the tile count)."""
        comp = cast(DeepBlueGame, state.game).components
        kinds = {SPOT_KINDS.index(s) for s in self._my_spots_at(view, seat, view["dive"]["site"])}
        return {GEMS[g]: r for g, r in enumerate(model.gem_rates(comp.gem_vp, comp.gem_vp_on_spot, kinds)) if r}

    def _gem_value(self, state: State, view: dict, seat: int) -> int:
        rates = self._dive_rates(state, view, seat)
        return sum(n * rates.get(g, 0) for g, n in view["dive"]["counts"].items())

    def _defend(self, state: State, view: dict, seat: int, names: dict[str, int]) -> str | None:
        spot = [n for n in names if n.startswith("defend spot-")]
        if spot:
            return spot[0]
        cards = [n for n in names if n.startswith("defend ")]
        if cards and (self._gem_value(state, view, seat) >= 3 or view["dive"]["leader"] == seat):
            return cards[0]
        return "resurface"

    def _play(self, state: State, view: dict, seat: int, names: dict[str, int]) -> str | None:
        plays = sorted(n for n in names if n.startswith("play "))
        return plays[0] if plays else "done"

    def _continue(self, state: State, view: dict, seat: int, names: dict[str, int]) -> str:
        dive = view["dive"]
        bag = view["bag"]
        total = sum(bag.values())
        if total == 0:
            return "stop"
        risk = 0.0
        for gem in HAZARDS:
            if model.is_hazard(GEMS.index(gem), dive["counts"].get(gem, 0)) and not self._can_defend(
                    state, view, seat, gem, dive["site"]):
                risk += bag.get(gem, 0) / total
        rates = self._dive_rates(state, view, seat)
        gain = sum(bag.get(g, 0) * r for g, r in rates.items()) / total
        at_stake = self._gem_value(state, view, seat)
        if risk > STOP_RISK or risk * at_stake > (1 - risk) * gain:
            return "stop"
        return "continue"
