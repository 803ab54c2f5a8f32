"""Exact odds shown on a seat's page, computed only from what that seat may see.

Deep Blue: the chance of each colour next, and in a dive the engine's next-draw odds
(:func:`fathom.games.deep_blue.odds.next_draw`, the numbers of the terminal coach and
the bots): the chance that the next draw (a pair with Troubled Waters on a Sunken City
tile) brings a hazard, and for a seat still diving the chance of one it cannot defend
with its own hand and spots, with its VP if the dive stopped now and expected after one
more draw. The leader's optimal-stopping value is left out: its expectimax can take tens
of milliseconds, too long for the server's event loop on every move.

Into the Blue: for the seat deciding, the exact probability of each target
(perfect dive, reaching level L) if it stops now and with the best play of its
rerolls (:mod:`fathom.games.into_the_blue.odds`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fathom.games.deep_blue import odds as deep_blue_odds
from fathom.games.deep_blue.data import GEMS, Components
from fathom.games.into_the_blue import dice
from fathom.games.into_the_blue import odds as itb
from fathom.plugins import plugin_for


def _frac(p: Fraction) -> dict[str, Any]:
    return {"p": float(p), "exact": f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)}


def deep_blue(view: dict[str, Any], seat: int | None, comp: Components) -> dict[str, Any]:
    bag = deep_blue_odds.gem_vector(view["bag"])
    total = sum(bag)
    out: dict[str, Any] = {"bag_total": total}
    if not total:
        return out
    out["next"] = {g: _frac(Fraction(n, total)) for g, n in zip(GEMS, bag) if n}
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
    out["hazard"] = _frac(mine.hazard)
    if diving:
        d = diver.defences
        out["undefendable"] = _frac(mine.risk)
        out["defences"] = {"blue": d.blue_spot + d.blue_cards, "black": d.black_spot + d.black_cards,
                           "either": d.either_spot}
        out["stop_vp"] = float(mine.stop_vp)
        out["draw_vp"] = float(mine.draw_vp)
    return out


def into_the_blue(view: dict[str, Any], seat: int | None, comp: Any = None) -> dict[str, Any]:
    turn = view.get("turn") or {}
    out: dict[str, Any] = {}
    if seat is None or turn.get("seat") != seat or turn.get("phase") != "choose":
        return out
    try:
        table = dice.from_faces(turn["dice"])
        left = int(turn.get("rolls_left", 0))
        stop = itb.choice_odds(table, left, dice.EMPTY)
        targets = []
        for target in itb.STANDARD_TARGETS:
            best = itb.solve(target).after_roll(table, left) if left else stop[target]
            label = f"L{target.level}" if isinstance(target, itb.Target) else "perfect"
            targets.append({"target": label, "stop": _frac(stop[target]), "best": _frac(best)})
        out["targets"] = targets
    except (ValueError, KeyError):
        pass
    return out


def odds_for(game: str, view: dict[str, Any], seat: int | None, comp: Any) -> dict[str, Any]:
    """Odds for a page, from ``view`` and the box's public components only."""
    plugin = plugin_for(game)
    return plugin.load("page_odds")(view, seat, comp) if plugin.has("page_odds") else {}
