"""Exact odds shown on a seat's page, computed only from what that seat may see.

Deep Blue: from the bag's counts in the view and the seat's own hand and scouting
spots, the chance that the next draw (a pair with Troubled Waters on a Sunken City
tile) brings a hazard, and a hazard this seat cannot defend (it would have to
resurface). When the seat is deciding in a dive, the engine's
:func:`fathom.games.deep_blue.odds.dive_odds` (same rules, from the same view)
adds the VP if the dive stopped now and expected after one more draw; its
hazard numbers then replace ours (they agree: a test checks).

Into the Blue: for the seat deciding, the exact probability of each target
(perfect dive, reaching level L) if it stops now and with the best play of its
rerolls (:mod:`fathom.games.into_the_blue.odds`).
"""

from __future__ import annotations

import importlib
from fractions import Fraction
from typing import Any

from fathom.games.deep_blue.data import DEFENCE_SPOTS, GEMS, HAZARDS

_ENGINE_ODDS: Any = None


def _engine_odds() -> Any:
    """The engine's per-diver next-draw odds (``fathom.games.deep_blue.odds``), or ``False``.

    Only the one-draw figures are used: the leader's optimal-stopping expectimax can
    take tens of milliseconds, too long to run on the server's event loop per move.
    """
    global _ENGINE_ODDS
    if _ENGINE_ODDS is None:
        try:
            module = importlib.import_module("fathom.games.deep_blue.odds")

            def mine(view: dict[str, Any], comp: Any, seat: int) -> Any:
                diver = module.diver_from_view(view, comp, seat, seat)
                bag = module.gem_vector(view["bag"])
                drawn = module.gem_vector(view["dive"]["counts"])
                return module.next_draw(diver, bag, drawn, module.per_draw_of(view, comp))

            _ENGINE_ODDS = mine
        except (ImportError, AttributeError):
            _ENGINE_ODDS = False
    return _ENGINE_ODDS


def _frac(p: Fraction) -> dict[str, Any]:
    return {"p": float(p), "exact": f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)}


def defences(view: dict[str, Any], seat: int, cards: dict[str, dict[str, Any]]) -> dict[str, int]:
    """How many hazards of each kind ``seat`` can still defend: cards in hand and spots held."""
    out = {"blue": 0, "black": 0, "either": 0}
    me = view["seats"][seat]
    for card, n in (me.get("hand") or {}).items():
        protects = cards.get(card, {}).get("protects")
        if protects in ("blue", "black"):
            out[protects] += n
    dive = view.get("dive")
    if dive:
        for boat in me["boats"]:
            if boat["node"] == dive["site"] and boat["spot"]:
                kind = boat["spot"]
                if kind == "blue_or_black":
                    out["either"] += 1
                elif kind in ("blue", "black"):
                    out[kind] += 1
    return out


def can_defend(hazards: list[str], have: dict[str, int]) -> bool:
    short = sum(max(0, hazards.count(g) - have[g]) for g in HAZARDS)
    return short <= have["either"]


def deep_blue(view: dict[str, Any], seat: int | None, describe: dict[str, Any], comp: Any = None,
              deciding: bool = False) -> dict[str, Any]:
    bag = [view["bag"].get(g, 0) for g in GEMS]
    total = sum(bag)
    out: dict[str, Any] = {"source": "server", "bag_total": total}
    if not total:
        return out
    out["next"] = {g: _frac(Fraction(n, total)) for g, n in zip(GEMS, bag) if n}
    dive = view.get("dive")
    if not dive:
        return out
    sunken = dive.get("sunken")
    per_draw = 2 if sunken and view["options"].get("scenario") == "troubled-waters" else 1
    drawn = [dive["counts"].get(g, 0) for g in GEMS]
    cards = {c["id"]: c for c in describe.get("cards", [])}
    diving = seat is not None and seat in dive["divers"] and seat not in dive["resurfaced"]
    have = defences(view, seat, cards) if diving else None
    hazard_idx = {GEMS.index(g) for g in DEFENCE_SPOTS}
    p_hazard = Fraction(0)
    p_lost = Fraction(0)

    def walk(bag: list[int], drawn: list[int], left: int, hazards: list[str], p: Fraction) -> None:
        nonlocal p_hazard, p_lost
        remaining = sum(bag)
        if left == 0 or remaining == 0:
            if hazards:
                p_hazard += p
                if have is not None and not can_defend(hazards, have):
                    p_lost += p
            return
        for g, n in enumerate(bag):
            if not n:
                continue
            bag[g] -= 1
            drawn[g] += 1
            new = hazards + [GEMS[g]] if g in hazard_idx and drawn[g] >= 2 else hazards
            walk(bag, drawn, left - 1, new, p * Fraction(n, remaining))
            bag[g] += 1
            drawn[g] -= 1

    walk(list(bag), list(drawn), per_draw, [], Fraction(1))
    out["per_draw"] = per_draw
    out["hazard"] = _frac(p_hazard)
    if have is not None:
        out["undefendable"] = _frac(p_lost)
        out["defences"] = have
    engine = _engine_odds()
    if engine and deciding and diving and comp is not None:
        try:
            mine = engine(view, comp, seat)
        except Exception:  # noqa: BLE001 - our own count stands
            mine = None
        if mine is not None:
            out["source"] = "engine"
            out["hazard"] = _frac(mine.hazard)
            out["undefendable"] = _frac(mine.risk)
            out["stop_vp"] = float(mine.stop_vp)
            out["draw_vp"] = float(mine.draw_vp)
    return out


def into_the_blue(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    from fathom.games.into_the_blue import dice
    from fathom.games.into_the_blue import odds as itb

    turn = view.get("turn") or {}
    out: dict[str, Any] = {"source": "engine"}
    if seat is None or turn.get("seat") != seat or turn.get("phase") != "choose":
        return out
    try:
        table = dice.from_faces(turn["dice"])
        left = int(turn.get("rolls_left", 0))
        stop = itb.choice_odds(table, left, dice.EMPTY)
        targets = []
        for target in itb.STANDARD_TARGETS:
            best = itb.solve(target).after_roll(table, left) if left else stop[target]
            label = "perfect" if target == itb.PERFECT else f"L{target.level}"
            targets.append({"target": label, "stop": _frac(stop[target]), "best": _frac(best)})
        out["targets"] = targets
    except (ValueError, KeyError):
        pass
    return out


def odds_for(game: str, view: dict[str, Any], seat: int | None, describe: dict[str, Any], comp: Any = None,
             deciding: bool = False) -> dict[str, Any]:
    """Odds for a page; the costlier engine figures only when ``deciding`` (the seat is to move)."""
    if game == "deep-blue":
        return deep_blue(view, seat, describe, comp, deciding)
    if game == "into-the-blue":
        return into_the_blue(view, seat)
    return {}
