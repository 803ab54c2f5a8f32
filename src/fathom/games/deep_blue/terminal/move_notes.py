"""Notes beside legal moves: the card a slot holds, what a payment is worth, where a route leads,
the odds of ``continue``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fathom.games.deep_blue.terminal.look import (
    Box, boats_at, card_effect, fraction_text, pct, rush_reach, site_at, treasure_vp,
)
from fathom.games.deep_blue.terminal.words import (
    cash, gem_name, seat_name, tile_name,
)
from fathom.games.deep_blue import dive_model as model
from fathom.games.deep_blue import odds
from fathom.games.deep_blue.data import TREASURES
from fathom.games.deep_blue.scenarios import NO_SCENARIO, ScenarioRules
from fathom.i18n import Translator


# ---- move notes -----------------------------------------------------------------------------------


def _plain_effect(card: Mapping[str, Any], tr: Translator, market: bool = False) -> str:
    return card_effect(card, tr, market).plain


def node_note(view: Mapping[str, Any], box: Box, node: str, me: int, tr: Translator) -> str:
    """What lies at ``node``: a buoy, a face-down tile, a tile with its free spots, an empty site."""
    kind = box.nodes.get(node, {}).get("kind")
    site = site_at(view, node)
    boats = [tr("dbt.note.boat_of_you", n=b) if s == me else tr("dbt.note.boat_of", who=seat_name(s, me, tr), n=b)
             for s, b in boats_at(view).get(node, [])]
    here = tr("dbt.note.boats_there", boats=", ".join(boats)) if boats else ""
    if kind == "harbour":
        return tr("dbt.note.harbour") + here
    if kind == "buoy" or site is None:
        return tr("dbt.note.buoy", node=node) + here
    gem = tr("dbt.note.gem_on", gem=gem_name(site["gem"], tr)) if site.get("gem") else ""
    if site.get("face_down"):
        return tr("dbt.note.face_down", node=node) + gem + here
    if site.get("tile") is None:
        return tr("dbt.note.empty", node=node) + here
    free = [gem_name(s["kind"], tr) for s in site.get("spots", []) if not s.get("boat")]
    spots = tr("dbt.note.free_spots", spots=", ".join(free)) if free else tr("dbt.note.no_free_spot")
    key = "dbt.note.sunken" if site.get("sunken") else "dbt.note.tile"
    return tr(key, node=node, tile=tile_name(site["tile"], tr), vp=site.get("leader_vp", 0), spots=spots) + gem + here


def dive_note(view: Mapping[str, Any], box: Box, seat: int, node: str, tr: Translator) -> str:
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
    tile = tile_name(str(site.get("tile")), tr)
    note = tr("dbt.note.lead", tile=tile, vp=site.get("leader_vp", 0))
    if here:
        note += tr("dbt.note.with", who=", ".join(seat_name(s, seat, tr) for s in here))
    if rushers:
        note += tr("dbt.note.may_rush", who=", ".join(seat_name(s, seat, tr) for s in rushers))
    return note


def _scenario(view: Mapping[str, Any]) -> ScenarioRules:
    """The Captain's Log card of the viewed game (its rules say what a Sunken City dive changes)."""
    return ScenarioRules(view.get("options", {}).get("scenario") or NO_SCENARIO)


def spot_effect(box: Box, kind: str, tr: Translator) -> str:
    if kind in TREASURES:
        return tr("dbt.note.spot_treasure", gem=gem_name(kind, tr), vp=box.gem_vp_spot.get(kind),
                  usual=box.gem_vp.get(kind))
    return tr("dbt.note.spot_defends", gem=gem_name(kind, tr))


def _dive_note_parts(view: Mapping[str, Any], box: Box, seat: int) -> tuple[Mapping[str, Any], int, int]:
    """The dive, this seat's gem VP if it ended now and its card VP so far."""
    dive = view.get("dive") or {}
    gems = treasure_vp(view, box, seat) if dive else 0
    return dive, gems, dive.get("card_vp", {}).get(str(seat), 0)


def move_note(view: Mapping[str, Any], box: Box, seat: int, name: str, tr: Translator) -> str:
    words = name.split()
    verb = words[0]
    step = view.get("step") or {}
    phase = step.get("phase")
    me = view["seats"][seat]
    if verb in ("recruit", "take") and len(words) == 2 and words[1].startswith("slot"):
        entry = view["market"][int(words[1][4:]) - 1]
        card = box.cards.get(entry["card"], {})
        price = tr("dbt.note.free") if verb == "take" else cash(entry["price"], tr)
        return tr("dbt.note.card", price=price, card=box.card_label(entry["card"], tr),
                  effect=_plain_effect(card, tr))
    if verb == "refresh":
        return tr("dbt.note.refresh", price=cash(view["refresh_price"], tr))
    if verb == "rest":
        n = me.get("rest_count", 0)
        return tr("dbt.note.rest", n=n, draw=min(3, n))
    if verb == "sail" and len(words) == 1:
        hand = me.get("hand") or {}
        props = sum(box.cards[c]["propellers"] * n for c, n in hand.items() if c in box.cards)
        return tr("dbt.note.sail", n=me.get("tokens", 0) + props)
    if verb == "sail" and len(words) == 3:
        dst = words[2].split("->")[1]
        return tr("dbt.note.to", where=node_note(view, box, dst, seat, tr))
    if verb == "dive":
        return dive_note(view, box, seat, words[1], tr)
    if verb == "pay":
        if words[1] == "token":
            return tr("dbt.note.token_move") if phase == "sail-pay" else tr("dbt.note.token_cash", cash=cash(1, tr))
        card = box.cards.get(words[1], {})
        if phase == "sail-pay":
            return tr("dbt.note.propellers", n=card.get("propellers", 0))
        left = step.get("left_to_pay", 0)
        paid = card.get("cash", 0)
        return cash(paid, tr) + (tr("dbt.note.lost", cash=cash(paid - left, tr)) if paid > left else "")
    if verb == "scout":
        return spot_effect(box, words[1], tr)
    if verb == "rush":
        return tr("dbt.note.rush", site=(view.get("dive") or {}).get("site"))
    if verb == "defend":
        what = words[1]
        if what.startswith("spot-"):
            return tr("dbt.note.defend_spot")
        return tr("dbt.note.defend_card", card=box.card_label(what, tr))
    if verb == "resurface":
        _, gems, cards = _dive_note_parts(view, box, seat)
        return tr("dbt.note.resurface", gems=gems, cards=cards)
    if verb == "play":
        card = box.cards.get(words[1], {})
        dive = view.get("dive") or {}
        bonus = _scenario(view).card_bonus if dive.get("sunken") else 0  # R-DB-14
        return tr("dbt.note.play", vp=card.get("vp", 0) + bonus)
    if verb == "stop":
        dive, gems, cards = _dive_note_parts(view, box, seat)
        tile = box.tiles.get(dive.get("tile"), {})
        bounty = ""
        if dive.get("sunken") and _scenario(view).bounty:
            bounty = tr("dbt.note.bounty", vp=model.bounty_vp(len(dive.get("drawn") or [])))
        return tr("dbt.note.stop", gems=gems, cards=cards, leader=tile.get("leader_vp", 0), bounty=bounty)
    if verb == "done" and phase in ("sail-pay", "sail-move", "rush", "play"):
        return tr(f"dbt.note.done.{phase}", n=step.get("movement", 0))
    return ""


# ---- the odds coach beside `continue` ---------------------------------------------------------------


def continue_note(coached: odds.DiveOdds | None, seat: int, tr: Translator) -> str:
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
    if anyh == 0:
        note = tr("dbt.odds.none")
    else:
        note = tr("dbt.odds.risk", p=fraction_text(bad), pct=pct(bad, tr))
        if anyh != bad:
            note += tr("dbt.odds.any", pct=pct(anyh, tr))
    if coached.per_draw == 2:
        note = tr("dbt.odds.pair", note=note)
    note += tr("dbt.odds.vp", stop=tr.decimal(float(mine.stop_vp), 0), draw=tr.decimal(float(mine.draw_vp), 1))
    if coached.leader_optimal is not None:
        note += tr("dbt.odds.best", vp=tr.decimal(coached.leader_optimal, 1))
    return note
