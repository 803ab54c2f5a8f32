"""Notes beside legal moves: the card a slot holds, what a payment is worth, where a route leads,
the odds of ``continue``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fathom.cli.render_deep_blue.look import (
    Box, boats_at, card_effect, fraction_text, pct, rush_reach, seat_name, site_at, treasure_vp,
)
from fathom.games.deep_blue import dive_model as model
from fathom.games.deep_blue import odds
from fathom.games.deep_blue.data import TREASURES
from fathom.games.deep_blue.scenarios import NO_SCENARIO, ScenarioRules


# ---- move notes -----------------------------------------------------------------------------------


def _plain_effect(card: Mapping[str, Any], market: bool = False) -> str:
    return card_effect(card, market).plain


def node_note(view: Mapping[str, Any], box: Box, node: str, me: int) -> str:
    """What lies at ``node``: a buoy, a face-down tile, a tile with its free spots, an empty site."""
    kind = box.nodes.get(node, {}).get("kind")
    site = site_at(view, node)
    boats = [f"{seat_name(s, me)} boat {b}" for s, b in boats_at(view).get(node, [])]
    here = f"; boats there: {', '.join(boats)}" if boats else ""
    if kind == "harbour":
        return "the harbour" + here
    if kind == "buoy" or site is None:
        return f"{node}, a buoy{here}"
    gem = f", a {site['gem']} gem on it" if site.get("gem") else ""
    if site.get("face_down"):
        return f"{node}: face-down tile, revealed if a boat ends its move here{gem}{here}"
    if site.get("tile") is None:
        return f"{node}: empty site (tile gone){here}"
    free = [s["kind"] for s in site.get("spots", []) if not s.get("boat")]
    spots = f"free spots {', '.join(free)}" if free else "no free spot (centre)"
    sunken = " Sunken City" if site.get("sunken") else ""
    return f"{node}: {site['tile']}{sunken} {site.get('leader_vp', 0)}VP, {spots}{gem}{here}"


def dive_note(view: Mapping[str, Any], box: Box, seat: int, node: str) -> str:
    """The tile's leader VP, who is already there and who could rush in (R-DB-8)."""
    site = site_at(view, node) or {}
    where = boats_at(view)
    here = sorted({s for s, _ in where.get(node, [])} - {seat})
    reach = rush_reach(view, box, bool(site.get("sunken")))
    near = {node}
    frontier = {node}
    for _ in range(reach):
        frontier = {b for a, b in box.edges if a in frontier} | {a for a, b in box.edges if b in frontier}
        near |= frontier
    rushers = sorted({s for n in near - {node} for s, _ in where.get(n, []) if s != seat} - set(here))
    note = f"lead the dive on {site.get('tile')} ({site.get('leader_vp', 0)} VP to the leader)"
    if here:
        note += ", with " + ", ".join(seat_name(s, seat) for s in here)
    if rushers:
        note += "; may rush in: " + ", ".join(seat_name(s, seat) for s in rushers)
    return note


def _scenario(view: Mapping[str, Any]) -> ScenarioRules:
    """The Captain's Log card of the viewed game (its rules say what a Sunken City dive changes)."""
    return ScenarioRules(view.get("options", {}).get("scenario") or NO_SCENARIO)


def spot_effect(box: Box, kind: str) -> str:
    if kind in TREASURES:
        return f"{kind} gems score {box.gem_vp_spot.get(kind)} VP each for you instead of {box.gem_vp.get(kind)}"
    if kind == "blue_or_black":
        return "defends once against a blue or a black hazard"
    return f"defends once against a {kind} hazard"


def move_note(view: Mapping[str, Any], box: Box, seat: int, name: str) -> str:
    words = name.split()
    verb = words[0]
    step = view.get("step") or {}
    phase = step.get("phase")
    me = view["seats"][seat]
    if verb in ("recruit", "take") and len(words) == 2 and words[1].startswith("slot"):
        entry = view["market"][int(words[1][4:]) - 1]
        card = box.cards.get(entry["card"], {})
        price = "free" if verb == "take" else f"${entry['price']}"
        return f"{price}: {box.card_name(entry['card'])} {_plain_effect(card)}"
    if verb == "refresh":
        return f"${view['refresh_price']}: discard the market, 4 new cards, take one free"
    if verb == "rest":
        n = me.get("rest_count", 0)
        if n == 0:
            return "your rest pile is empty: nothing to draw"
        return f"shuffle your rest pile, draw {min(3, n)} of its {n} cards"
    if verb == "sail" and len(words) == 1:
        hand = me.get("hand") or {}
        props = sum(box.cards[c]["propellers"] * n for c, n in hand.items() if c in box.cards)
        moves = me.get("tokens", 0) + props
        return f"up to {moves} movement from your hand and tokens"
    if verb == "sail" and len(words) == 3:
        dst = words[2].split("->")[1]
        return "to " + node_note(view, box, dst, seat)
    if verb == "dive":
        return dive_note(view, box, seat, words[1])
    if verb == "pay":
        if words[1] == "token":
            return "+1 movement (token)" if phase == "sail-pay" else "$1 (starting token)"
        card = box.cards.get(words[1], {})
        if phase == "sail-pay":
            return f"+{card.get('propellers', 0)} movement"
        left = step.get("left_to_pay", 0)
        cash = card.get("cash", 0)
        lost = f", ${cash - left} lost" if cash > left else ""
        return f"${cash}{lost}"
    if verb == "scout":
        return spot_effect(box, words[1])
    if verb == "rush":
        dive = view.get("dive") or {}
        return f"join the dive at {dive.get('site')} (centre of the tile)"
    if verb == "defend":
        what = words[1]
        if what.startswith("spot-"):
            return "uses the spot: that boat moves to the centre"
        return f"uses {box.card_name(what)} from your hand"
    if verb == "resurface":
        dive = view.get("dive") or {}
        cards = dive.get("card_vp", {}).get(str(seat), 0)
        gems = treasure_vp(view, box, seat) if dive else 0
        return f"lose {gems} gem VP, keep {cards} card VP"
    if verb == "play":
        card = box.cards.get(words[1], {})
        dive = view.get("dive") or {}
        bonus = _scenario(view).card_bonus if dive.get("sunken") else 0  # R-DB-14
        return f"+{card.get('vp', 0) + bonus} VP, yours whatever happens next"
    if verb == "stop":
        dive = view.get("dive") or {}
        gems = treasure_vp(view, box, seat)
        cards = dive.get("card_vp", {}).get(str(seat), 0)
        tile = box.tiles.get(dive.get("tile"), {})
        note = f"bank gems {gems} + cards {cards} + leader {tile.get('leader_vp', 0)}"
        if dive.get("sunken") and _scenario(view).bounty:
            note += f" + bounty {model.bounty_vp(len(dive.get('drawn') or []))}"
        return note + " VP"
    if verb == "done":
        if phase == "sail-pay":
            return f"sail with {step.get('movement', 0)} movement"
        if phase == "sail-move":
            return f"end the move ({step.get('movement', 0)} left unused)"
        if phase == "rush":
            return "no (more) boats rush in"
        if phase == "play":
            return "play no more cards now"
    return ""


# ---- the odds coach beside `continue` ---------------------------------------------------------------


def continue_note(coached: odds.DiveOdds | None, seat: int) -> str:
    """Exact chance that the next draw brings a hazard ``seat`` cannot defend, any hazard, and the VP at stake.

    The numbers are the engine's odds coach (:func:`fathom.games.deep_blue.odds.coach`),
    which reads only this seat's view.
    """
    if coached is None:
        return ""
    mine = coached.for_seat(seat)
    if mine is None:
        return ""
    bad, anyh = mine.risk, mine.hazard
    pair = "pair: " if coached.per_draw == 2 else ""
    if anyh == 0:
        note = f"{pair}no hazard possible yet (0%)"
    else:
        note = f"{pair}{fraction_text(bad)} = {pct(bad)} a hazard you can't defend"
        if anyh != bad:
            note += f" (any {pct(anyh)})"
    note += f"; VP stop {float(mine.stop_vp):.0f}, one more {float(mine.draw_vp):.1f}"
    if coached.leader_optimal is not None:
        note += f", best {coached.leader_optimal:.1f}"
    return note
