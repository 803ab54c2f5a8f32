"""The odds a web page shows beside a Deep Blue position, computed only from what that seat may see
(:mod:`fathom.server.odds`): the chance of each colour next, and in a dive the engine's next-draw odds
(:func:`..odds.next_draw`, the numbers of the terminal coach and the bots): the chance that the next draw (a
pair with Troubled Waters on a Sunken City tile) brings a hazard, and for a seat still diving the chance of one
it cannot defend with its own hand and spots, with its VP if the dive stopped now and expected after one more
draw. The leader's optimal-stopping value is left out: its expectimax can take tens of milliseconds, too long
for the server's event loop on every move."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fathom.games.deep_blue import odds as deep_blue_odds
from fathom.games.deep_blue.data import GEMS, Components
from fathom.server.odds import frac


def page_odds(view: dict[str, Any], seat: int | None, comp: Components) -> dict[str, Any]:
    bag = deep_blue_odds.gem_vector(view["bag"])
    total = sum(bag)
    out: dict[str, Any] = {"bag_total": total}
    if not total:
        return out
    out["next"] = {g: frac(Fraction(n, total)) for g, n in zip(GEMS, bag) if n}
    dive = view.get("dive")
    if not dive:
        return out
    drawn = deep_blue_odds.gem_vector(dive["counts"])
    per_draw = deep_blue_odds.per_draw_of(view, comp)
    diving = seat is not None and seat in dive["divers"] and seat not in dive["resurfaced"]
    # a diver with no VP and no defences: its hazard is the chance the draw brings one at all
    diver = deep_blue_odds.diver_from_view(view, comp, seat, seat) if diving and seat is not None else deep_blue_odds.Diver(
        seat=-1, rates=(0,) * len(GEMS))
    mine = deep_blue_odds.next_draw(diver, bag, drawn, per_draw)
    out["per_draw"] = per_draw
    out["hazard"] = frac(mine.hazard)
    if diving:
        d = diver.defences
        out["undefendable"] = frac(mine.risk)
        out["defences"] = {"blue": d.blue_spot + d.blue_cards, "black": d.black_spot + d.black_cards,
                           "either": d.either_spot}
        out["stop_vp"] = float(mine.stop_vp)
        out["draw_vp"] = float(mine.draw_vp)
    return out
