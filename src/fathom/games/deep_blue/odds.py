"""Dive odds for Deep Blue: exact hazard risk and expected VP, from one seat's view only.

Why this lives in the engine package: the terminal coach, the bots and any other
front end must all give the same numbers, and the numbers must come only from what
the seat may know (``state.view(seat)``: the bag's contents, the gems drawn in this
dive, its own hand and boats, everyone's boats and spots). Pure standard library.

Two kinds of answers:

* **Next draw** (exact, :class:`fractions.Fraction`): for every diver, the chance
  that the next draw (a pair with Troubled Waters on a Sunken City tile, R-DB-11)
  brings a hazard they must defend, the chance it brings one they *cannot* defend,
  their VP if the dive stopped now and their expected VP if exactly one more draw
  is made and the dive then stops ("one-step lookahead"). On survival a diver
  plays every card whose needs are met, and defends with a specific spot first,
  then a card, then a blue-or-black spot. For the viewer these use their own hand;
  for other divers, whose hands are secret, only their visible spots count
  (``hand_known`` is False: their risk is an upper bound, their card VP unknown).
* **Optimal stopping** (float): the leader's expected VP from now on if they keep
  diving exactly as long as it pays for *their own* VP
  (:func:`optimal_value` of :mod:`.stopping`, an expectimax over the bag's remaining
  contents). With ``drawn`` empty this is the value of starting a dive on a tile.

Both score a dive with the rules of :mod:`.dive_model` (hazards, defences, cards met).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from fathom.games.deep_blue.data import GEMS, SPOT_KINDS, Components
from fathom.games.deep_blue.dive_model import (
    BLACK, BLUE, HAZARD_GEMS, N_GEMS, SILVER, Card, Res, Defences, Diver, defend, draw_outcomes, gem_rates, hazards_after,
    out_vp, stop_vp, tile_vp,
)
from fathom.games.deep_blue.scenarios import NO_SCENARIO, ScenarioRules
from fathom.games.deep_blue.stopping import continue_value, optimal_value


__all__ = [  # the dive model and the solver too, so that a bot needs one import for its dive numbers
    "Card", "Defences", "Diver", "DiverOdds", "DiveOdds", "coach", "continue_value", "dive_odds",
    "dive_start_value", "diver_from_view", "gem_vector", "next_draw", "optimal_value", "out_vp", "per_draw_of",
    "still_in", "stop_vp",
]


@dataclass(frozen=True)
class DiverOdds:
    """Next-draw numbers for one diver (exact)."""

    seat: int
    hazard: Fraction  # P(the next draw brings a hazard this diver must face)
    risk: Fraction  # P(the next draw brings a hazard this diver cannot defend): they would resurface
    stop_vp: Fraction  # VP from this dive if it ended now
    draw_vp: Fraction  # expected VP if one more draw is made and the dive then ends
    hand_known: bool

    @property
    def gain(self) -> Fraction:
        """Expected VP change of one more draw (negative: stopping is better for this diver)."""
        return self.draw_vp - self.stop_vp


@dataclass(frozen=True)
class DiveOdds:
    """Everything the coach shows at a decision in a dive."""

    seat: int  # the viewer
    leader: int
    bag: tuple[int, ...]
    drawn: tuple[int, ...]
    per_draw: int
    divers: tuple[DiverOdds, ...]
    leader_optimal: float | None = None  # viewer is the leader: expected VP diving on optimally
    leader_stop: float | None = None

    def for_seat(self, seat: int) -> DiverOdds | None:
        return next((d for d in self.divers if d.seat == seat), None)


# ---- next draw (exact) ------------------------------------------------------------------------
def next_draw(diver: Diver, bag: Sequence[int], drawn: Sequence[int], per_draw: int = 1) -> DiverOdds:
    """Exact next-draw odds and one-step expected VP for one diver."""
    outcomes = draw_outcomes(bag, per_draw)
    total = sum(w for _, w in outcomes)
    stop = Fraction(stop_vp(diver, drawn))
    if total == 0:
        return DiverOdds(diver.seat, Fraction(0), Fraction(0), stop, stop, diver.hand_known)
    hazard = risk = 0
    ev = 0
    res = diver.defences.as_tuple()
    gone = out_vp(diver, drawn)
    for gems, w in outcomes:
        counts, hz = hazards_after(drawn, gems)
        if hz:
            hazard += w
        if hz and defend(res, hz) is None:
            risk += w
            ev += w * gone
        else:
            ev += w * stop_vp(diver, counts)
    return DiverOdds(diver.seat, Fraction(hazard, total), Fraction(risk, total), stop, Fraction(ev, total),
                     diver.hand_known)


# ---- from a view ------------------------------------------------------------------------------
def _cards_by_id(comp: Components) -> dict[str, Any]:
    return {c.id: c for c in comp.cards}


def _card_tuple(card: Any, bonus: int) -> Card:
    return (tuple(card.needs), card.needs_any, card.vp + bonus)


def diver_from_view(view: Mapping[str, Any], comp: Components, seat: int, viewer: int) -> Diver:
    """The :class:`Diver` for ``seat`` as ``viewer`` sees it (own hand only for the viewer)."""
    dive = view["dive"]
    tile = comp.tile(dive["tile"])
    rules = ScenarioRules(view["options"].get("scenario") or NO_SCENARIO if tile.sunken else NO_SCENARIO)
    site = dive["site"]
    boats = [b for b in view["seats"][seat]["boats"] if b["node"] == site]
    kinds = [SPOT_KINDS.index(b["spot"]) for b in boats if b["spot"]]
    blue_cards = black_cards = 0
    cards: list[Card] = []
    known = seat == viewer
    if known:
        by_id = _cards_by_id(comp)
        for cid, n in view["seats"][seat].get("hand", {}).items():
            card = by_id[cid]
            if card.protects == BLUE:
                blue_cards += n
            elif card.protects == BLACK:
                black_cards += n
            if card.scores_in_dive:
                cards.extend([_card_tuple(card, rules.card_bonus)] * n)
    leader = dive["leader"]
    return Diver(
        seat=seat,
        rates=gem_rates(comp.gem_vp, comp.gem_vp_on_spot, kinds),
        defences=Defences.of(kinds, blue_cards, black_cards),
        cards=tuple(sorted(cards)),
        banked=int(dive["card_vp"].get(str(seat), 0)),
        tile_vp=tile_vp(tile.leader_vp, seat == leader, rules.everyone_scores_tile, len(boats) == 2),
        bounty=rules.bounty and seat == leader,
        one_count_card=bool(view["options"].get("one_count_card_per_dive")),
        hand_known=known,
    )


def per_draw_of(view: Mapping[str, Any], comp: Components, tile_id: str | None = None) -> int:
    """Gems a draw brings on ``tile_id`` (default: the dive's tile): a pair on a Sunken City tile
    under Troubled Waters (R-DB-11), else one."""
    sunken = comp.tile(tile_id or view["dive"]["tile"]).sunken
    return ScenarioRules(view["options"].get("scenario") or NO_SCENARIO).gems_per_draw if sunken else 1


def gem_vector(named: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(int(named.get(g, 0)) for g in GEMS)


def dive_odds(view: Mapping[str, Any], comp: Components, seat: int) -> DiveOdds | None:
    """The coach's numbers at a decision in a dive, from ``view`` (= ``state.view(seat)``) only.

    ``None`` when no dive is under way. ``comp`` is the box's public component data
    (``state.game.components``).
    """
    dive = view.get("dive")
    if not dive:
        return None
    bag = gem_vector(view["bag"])
    drawn = gem_vector(dive["counts"])
    per_draw = per_draw_of(view, comp)
    divers = []
    me = None
    for p in dive["divers"]:
        d = diver_from_view(view, comp, p, seat)
        if p == seat:
            me = d
        divers.append(next_draw(d, bag, drawn, per_draw))
    leader_opt = leader_stop = None
    if me is not None and dive["leader"] == seat:
        leader_opt = optimal_value(me, bag, drawn, per_draw, must_draw=sum(drawn) == 0)
        leader_stop = float(stop_vp(me, drawn))
    return DiveOdds(seat=seat, leader=dive["leader"], bag=bag, drawn=drawn, per_draw=per_draw,
                    divers=tuple(divers), leader_optimal=leader_opt, leader_stop=leader_stop)


def coach(state: Any, seat: int) -> DiveOdds | None:
    """:func:`dive_odds` for ``seat`` of a live state (reads ``state.view(seat)`` only)."""
    return dive_odds(state.view(seat), state.game.components, seat)


def still_in(bag: Sequence[int], defences: Defences, draws: int, per_draw: int = 1) -> list[Fraction]:
    """Exact chance that a diver is still in after each of the first ``draws`` draws of a dive
    from ``bag`` (nothing drawn yet), spending ``defences`` on hazards as the rules do.

    Why: the designer's question "how deep can a dive go?" asked of a whole bag, not one
    position. Only the hazard colours matter, so the other gems are one pool and the
    recursion stays small; a draw that empties the bag ends the dive with the diver still in.
    """
    pool = sum(bag) - bag[BLACK] - bag[BLUE]
    out = [Fraction(0)] * draws
    # state: (black left, blue left, others left, black drawn, blue drawn, defences left) -> probability
    states: dict[tuple[int, int, int, int, int, Res], Fraction] = {(bag[BLACK], bag[BLUE], pool, 0, 0, defences.as_tuple()): Fraction(1)}
    for k in range(draws):
        nxt: dict[tuple[int, int, int, int, int, Res], Fraction] = {}
        for (black, blue, other, dk, db, res), p in states.items():
            left = [0] * N_GEMS
            left[BLACK], left[BLUE], left[SILVER] = black, blue, other
            drawn = [0] * N_GEMS
            drawn[BLACK], drawn[BLUE] = dk, db
            outcomes = draw_outcomes(left, per_draw)
            total = sum(w for _, w in outcomes)
            if total == 0:  # the bag is empty: the dive is over, the diver still in
                nxt[(black, blue, other, dk, db, res)] = nxt.get((black, blue, other, dk, db, res), 0) + p
                continue
            for gems, w in outcomes:
                counts, hazards = hazards_after(drawn, gems)
                after = defend(res, hazards) if hazards else res
                if after is None:
                    continue  # resurfaced
                key = (black - counts[BLACK] + dk, blue - counts[BLUE] + db,
                       other - sum(1 for g in gems if g not in HAZARD_GEMS), counts[BLACK], counts[BLUE], after)
                nxt[key] = nxt.get(key, 0) + p * Fraction(w, total)
        states = nxt
        out[k] = sum(states.values(), Fraction(0))
    return out


def dive_start_value(view: Mapping[str, Any], comp: Components, seat: int, site: str) -> float:
    """Expected VP for ``seat`` of leading a dive at ``site`` now and stopping optimally.

    Rushing rivals do not change the leader's own VP; the tile's gem (Scattered
    Wealth) counts as the first draw. Computed from ``view`` only.
    """
    entry = next(s for s in view["sites"] if s["node"] == site)
    tile = comp.tile(entry["tile"])
    fake = dict(view)
    fake["dive"] = {"tile": tile.id, "site": site, "leader": seat, "card_vp": {}, "counts": {}}
    me = diver_from_view(fake, comp, seat, seat)
    bag = list(gem_vector(view["bag"]))
    drawn = [0] * N_GEMS
    if entry.get("gem"):
        g = GEMS.index(entry["gem"])
        drawn[g] += 1
    return optimal_value(me, bag, drawn, per_draw_of(view, comp, tile.id), must_draw=sum(drawn) == 0)
