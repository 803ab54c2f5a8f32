"""Read a compiled Deep Blue game back as the reference reads its own: fields and seat views.

Why: the differential test (:mod:`fathom.games.deep_blue.kernels.verify`) compares the two engines on what the
reference exposes, not only on what the kernels happen to use. :func:`fields` gives a row's value of
each field of ``DeepBlueState`` by the reference's names (queues as tuples, scenario by id);
:func:`facts` what the reference's public read API would answer for it, hidden parts included
(compared with :func:`reference_facts`, which asks a reference state the same questions); and
:func:`view` gives ``state.view(seat)`` as the row says it (same keys, same secrets hidden from the
same seats, via :func:`fathom.core.redact.redact`). Plain Python: for checking and front ends, not
for the hot loop.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.core.api import CHANCE, TERMINAL
from fathom.core.redact import OMIT, Secret, redact
from fathom.games.deep_blue.kernels import tables as D
from fathom.fast.rng import MASK as MASK64
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.counts import as_named
from fathom.games.deep_blue.data import GEMS, SPOT_KINDS
from fathom.games.deep_blue.facts import FACE_DOWN
from fathom.games.deep_blue.game import MARKET_SLOTS
from fathom.games.deep_blue.market import REFRESH
from fathom.games.deep_blue.scoring import final_winners


def fields(game: Any, row: np.ndarray) -> dict[str, Any]:
    """Every field of the reference state as this row holds it (lists and tuples as the reference): the
    keys of ``DeepBlueState.fields()``, the seed as its 64-bit pattern (the same chance draws), so
    ``DeepBlueState.from_fields(game, fields(game, row))`` is the row's position as a reference state
    and :func:`fathom.games.deep_blue.kernels.rollout.load` the way back. (Read from one Python list of the row: a
    search rebuilds every playout's final row this way, and numpy slices cost more than the rest.)"""
    comp = game.components
    n, nc, nt, nn = game.num_players, len(comp.cards), len(comp.tiles), len(comp.node_ids)
    r: list[int] = row.tolist()

    def cards(start: int) -> list[tuple[int, ...]]:
        return [tuple(r[start + p * D.MAX_CARDS:start + p * D.MAX_CARDS + nc]) for p in range(n)]

    def queue(head: int, end: int, items: int) -> tuple[int, ...]:
        return tuple(r[items + r[head]:items + r[end]])

    return {
        "phase": r[D.S_PHASE], "actor": r[D.S_CUR], "turn": r[D.S_TURN], "scenario": D.SCENARIOS[r[D.S_SCEN]],
        "hands": cards(D.S_HAND), "rests": cards(D.S_REST), "known_hand": cards(D.S_KNOWN_HAND),
        "known_rest": cards(D.S_KNOWN_REST), "in_play": cards(D.S_IN_PLAY),
        "tokens": r[D.S_TOKENS:D.S_TOKENS + n], "vp": r[D.S_VP:D.S_VP + n],
        "boat_node": r[D.S_BOAT_NODE:D.S_BOAT_NODE + 2 * n], "boat_spot": r[D.S_BOAT_SPOT:D.S_BOAT_SPOT + 2 * n],
        "site_tile": r[D.S_SITE_TILE:D.S_SITE_TILE + nn], "site_gem": r[D.S_SITE_GEM:D.S_SITE_GEM + nn],
        "unrevealed": tuple(r[D.S_UNREVEALED:D.S_UNREVEALED + nt]),
        "setup_left": tuple(r[D.S_SETUP_LEFT:D.S_SETUP_LEFT + nt]),
        "setup_site": r[D.S_SETUP_SITE], "fresco": r[D.S_FRESCO],
        "bag": r[D.S_BAG:D.S_BAG + D.N_GEMS], "supply": r[D.S_SUPPLY:D.S_SUPPLY + D.N_GEMS],
        "deck": tuple(r[D.S_DECK:D.S_DECK + nc]), "market": r[D.S_MARKET:D.S_MARKET + MARKET_SLOTS],
        "discarded": tuple(r[D.S_DISCARDED:D.S_DISCARDED + nc]),
        "pay_left": r[D.S_PAY_LEFT], "pay_for": r[D.S_PAY_FOR], "sail_points": r[D.S_SAIL_POINTS], "moved": r[D.S_MOVED],
        "landing": queue(D.S_LANDING_H, D.S_LANDING_N, D.S_LANDING),
        "scatter": queue(D.S_SCATTER_H, D.S_SCATTER_N, D.S_SCATTER),
        "storm": tuple(r[D.S_STORM:D.S_STORM + r[D.S_STORM_N]]),
        "refill": queue(D.S_REFILL_H, D.S_REFILL_N, D.S_REFILL), "refill_then": r[D.S_REFILL_THEN],
        "rest_left": r[D.S_REST_LEFT], "rush_queue": queue(D.S_RUSH_H, D.S_RUSH_N, D.S_RUSH),
        "d_site": r[D.S_D_SITE], "d_tile": r[D.S_D_TILE], "d_leader": r[D.S_D_LEADER],
        "d_in": r[D.S_D_IN], "d_out": r[D.S_D_OUT], "d_joined": r[D.S_D_JOINED],
        "d_both": r[D.S_D_BOTH], "d_drawn": r[D.S_D_DRAWN:D.S_D_DRAWN + D.N_GEMS],
        "d_order": tuple(r[D.S_D_ORDER:D.S_D_ORDER + r[D.S_D_ORDER_N]]), "d_card_vp": r[D.S_D_CARD_VP:D.S_D_CARD_VP + n],
        "d_count_used": r[D.S_D_COUNT_USED], "d_step": tuple(r[D.S_D_STEP:D.S_D_STEP + r[D.S_D_STEP_N]]),
        "d_hazards": queue(D.S_D_HAZ_H, D.S_D_HAZ_N, D.S_D_HAZ), "d_queue": queue(D.S_D_Q_H, D.S_D_Q_N, D.S_D_Q),
        "seed": r[D.S_SEED] & MASK64, "moves": r[D.S_HIST],
    }


def facts(game: Any, f: dict[str, Any]) -> dict[str, Any]:
    """What the reference's public read API (:mod:`fathom.games.deep_blue.facts`, plus
    ``unknown_pool``) says of a position, from a row's :func:`fields`: hidden parts included (hands,
    rest piles, what the table knows of them, deck and face-down tiles)."""
    n, comp = game.num_players, game.components
    out: dict[str, Any] = {
        "step": ph.NAMES[f["phase"]], "turn": f["turn"], "scenario": f["scenario"],
        "boats": [(f["boat_node"][b], f["boat_spot"][b]) for b in range(2 * n)],
        "sites": [(f["site_tile"][v], f["site_gem"][v]) for v in range(len(comp.node_ids))],
        "face_down": tuple(f["unrevealed"]), "fresco": f["fresco"], "bag": tuple(f["bag"]), "deck": tuple(f["deck"]),
        "market": list(f["market"]), "left_to_pay": f["pay_left"], "movement": f["sail_points"],
        "dive": (f["d_site"], f["d_tile"], f["d_leader"], tuple(f["d_drawn"])),
    }
    for p in range(n):
        known = [a + b for a, b in zip(f["known_hand"][p], f["known_rest"][p])]
        pool = tuple(h + r - k for h, r, k in zip(f["hands"][p], f["rests"][p], known))
        out[f"seat{p}"] = (f["hands"][p], f["rests"][p], f["tokens"][p], f["vp"][p],
                           (pool, sum(f["hands"][p]) - sum(f["known_hand"][p])),
                           bool(f["d_in"] >> p & 1), bool(f["d_both"] >> p & 1), f["d_card_vp"][p])
    if f["phase"] in (ph.SCOUT, ph.REVEAL):
        out["landing_boat"] = f["landing"][0]
    if f["phase"] == ph.DEFEND:
        out["hazard"] = f["d_hazards"][0]
    return out


def reference_facts(state: Any) -> dict[str, Any]:
    """The same, read from a reference ``DeepBlueState`` through its public read API."""
    game = state.game
    n, comp = game.num_players, game.components
    out: dict[str, Any] = {
        "step": state.step_kind, "turn": state.turn_seat, "scenario": state.scenario_rules().id,
        "boats": [(state.boat_at(b), state.boat_spot_of(b)) for b in range(2 * n)],
        "sites": [(state.tile_at(v), state.gem_at(v)) for v in range(len(comp.node_ids))],
        "face_down": tuple(state.face_down_tiles()), "fresco": state.sunken_dived(), "bag": state.bag_counts(),
        "deck": tuple(state.deck_counts()), "market": [state.market_card(k) for k in range(MARKET_SLOTS)],
        "left_to_pay": state.left_to_pay(), "movement": state.movement_left(),
        "dive": (state.dive_site(), state.dive_tile(), state.dive_leader(), state.dive_drawn()),
    }
    for p in range(n):
        out[f"seat{p}"] = (state.hand_of(p), state.rest_of(p), state.tokens_of(p), state.vp_of(p),
                           state.unknown_pool(p), state.in_dive(p), state.dives_with_both(p), state.dive_card_vp(p))
    if out["step"] in (ph.NAMES[ph.SCOUT], ph.NAMES[ph.REVEAL]):
        out["landing_boat"] = state.landing_boat()
    if out["step"] == ph.NAMES[ph.DEFEND]:
        out["hazard"] = state.hazard()
    return out


def view(game: Any, row: np.ndarray, seat: int | None) -> dict[str, Any]:
    """``state.view(seat)`` of the game in ``row``."""
    result: dict[str, Any] = redact(snapshot(game, row), seat)
    return result


def snapshot(game: Any, row: np.ndarray, f: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every seat's view at once, secrets wrapped (``redact(snapshot, seat)`` is ``view(seat)``);
    ``f``: the row's :func:`fields` when the caller has them already."""
    f = f or fields(game, row)
    comp = game.components
    n = game.num_players
    card_ids = [c.id for c in comp.cards]
    phase = f["phase"]
    over = phase == ph.OVER
    hide_vp = game.options["hidden_scores"] and not over  # R-DB-18
    seats = []
    for p in range(n):
        boats = []
        for b in (0, 1):
            node, spot = f["boat_node"][2 * p + b], f["boat_spot"][2 * p + b]
            tile = f["site_tile"][node]
            kind = SPOT_KINDS[comp.tiles[tile].spots[spot]] if spot >= 0 and tile >= 0 else None
            boats.append({"boat": b + 1, "node": comp.node_ids[node], "spot": kind})
        seats.append({
            "seat": p, "colour": comp.colours[p], "vp": Secret(p, f["vp"][p], None) if hide_vp else f["vp"][p],
            "tokens": f["tokens"][p], "hand": Secret(p, as_named(f["hands"][p], card_ids), OMIT),
            "hand_count": sum(f["hands"][p]), "rest": Secret(p, as_named(f["rests"][p], card_ids), OMIT),
            "rest_count": sum(f["rests"][p]), "in_play": as_named(f["in_play"][p], card_ids),
            "owned_cards": sum(f["hands"][p]) + sum(f["rests"][p]) + sum(f["in_play"][p]), "boats": boats,
        })
    sites = []
    for node in comp.start_sites + comp.advanced_sites:
        tile = f["site_tile"][node]
        gem = f["site_gem"][node]
        entry: dict[str, Any] = {"node": comp.node_ids[node], "kind": comp.node_kinds[node],
                                 "tile": comp.tiles[tile].id if tile >= 0 else None, "face_down": tile == FACE_DOWN,
                                 "gem": GEMS[gem] if gem >= 0 else None}
        if tile >= 0:
            info = comp.tiles[tile]
            holders = {f["boat_spot"][i]: i for i, at in enumerate(f["boat_node"]) if at == node}
            entry["leader_vp"], entry["sunken"] = info.leader_vp, info.sunken
            entry["spots"] = [{"kind": SPOT_KINDS[kind],
                               "boat": {"seat": holders[s] // 2, "boat": holders[s] % 2 + 1} if s in holders else None}
                              for s, kind in enumerate(info.spots)]
        sites.append(entry)
    options = {k: v for k, v in game.options.items() if k != "data_file"}
    if game.scenario is None and phase != ph.SETUP_SCENARIO:
        options["scenario"] = f["scenario"]
    actor = f["actor"]
    out: dict[str, Any] = {
        "game": game.name, "players": n, "options": options, "phase": ph.NAMES[phase],
        "to_move": "chance" if actor == CHANCE else "terminal" if actor == TERMINAL else actor,
        "turn": f["turn"], "move_number": int(row[D.S_HIST]), "seats": seats,
        "market": [{"slot": k + 1, "price": comp.slot_prices[k], "card": card_ids[c] if c >= 0 else None}
                   for k, c in enumerate(f["market"])],
        "refresh_price": comp.refresh_price, "deck_count": sum(f["deck"]),
        "discarded": as_named(f["discarded"], card_ids), "bag": as_named(f["bag"], GEMS), "bag_count": sum(f["bag"]),
        "supply": as_named(f["supply"], GEMS), "sites": sites, "face_down_left": sum(f["unrevealed"]),
        "fresco": f["fresco"], "fresco_needed": comp.sunken_count, "step": _step(game, f),
        "dive": _dive(game, f) if f["d_site"] >= 0 else None,
    }
    if over:
        owned = [s["owned_cards"] for s in seats]
        out["winners"] = final_winners(f["vp"], owned)
    return out


def _step(game: Any, f: dict[str, Any]) -> dict[str, Any]:
    phase = f["phase"]
    info: dict[str, Any] = {"phase": ph.NAMES[phase]}
    if phase == ph.PAY:
        info["paying_for"] = "refresh" if f["pay_for"] == REFRESH else f"slot{f['pay_for'] + 1}"
        info["left_to_pay"] = f["pay_left"]
    elif phase in (ph.SAIL_PAY, ph.SAIL_MOVE):
        info["movement"] = f["sail_points"]
    elif phase == ph.SCOUT:
        info["boat"] = f["landing"][0] + 1
    elif phase == ph.DEFEND:
        info["hazard"] = GEMS[f["d_hazards"][0]]
    elif phase == ph.STORM_ORDER:
        info["sites"] = [game.components.node_ids[node] for node in f["storm"]]
    elif phase == ph.REST_DRAW:
        info["cards_left_to_draw"] = f["rest_left"]
    return info


def _dive(game: Any, f: dict[str, Any]) -> dict[str, Any]:
    tile = game.components.tiles[f["d_tile"]]
    n = game.num_players
    return {
        "site": game.components.node_ids[f["d_site"]], "tile": tile.id, "sunken": tile.sunken,
        "leader": f["d_leader"], "divers": [p for p in range(n) if f["d_in"] >> p & 1],
        "resurfaced": [p for p in range(n) if f["d_out"] >> p & 1], "drawn": [GEMS[k] for k in f["d_order"]],
        "counts": as_named(f["d_drawn"], GEMS),
        "card_vp": {str(p): f["d_card_vp"][p] for p in range(n) if f["d_joined"] >> p & 1},
        "pending_gems": [GEMS[k] for k in f["d_step"]],
    }
