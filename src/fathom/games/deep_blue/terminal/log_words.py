"""Deep Blue's game log in words from the catalogs: the web page's phrasing, with names, in the
player's language (the engine's own ``text`` is English and says "Seat 0")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fathom.games.deep_blue.terminal.look import box_of
from fathom.games.deep_blue.terminal.words import card_name, node_name
from fathom.i18n import Translator, template

# Events that say more in a variant string ``ev.TYPE-VARIANT`` (the pages choose the same way).
VARIANTS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "setup-tile": lambda e: None if e.get("tile") else "empty",
    "pay": lambda e: e.get("for"),
    "defend": lambda e: "card" if e.get("card") else "spot" if e.get("spot") else None,
}


def event_key(event: dict[str, Any], lang: str) -> str | None:
    """The catalog key that phrases ``event`` (its variant when the catalog has it), or ``None``."""
    kind = event.get("type")
    key = f"ev.{kind}"
    if kind == "rest-draw" and event.get("card"):
        return "ev.rest-draw-own"  # the seat's own view names the card taken back
    variant = VARIANTS[kind](event) if kind in VARIANTS else None
    if variant and template(lang, f"{key}-{variant}") != f"{key}-{variant}":
        return f"{key}-{variant}"
    return key if template(lang, key) != key else None


def card_label(card_id: str, tr: Translator, game: Any = None) -> str:
    """A card's name in the player's language (the catalog's ``card.ID``, as the pages name it), else
    the name in the components' data (a corrected data file may add cards no catalog knows)."""
    return card_name(card_id, tr, box_of(game).card_name(card_id) if game is not None else None)


def event_text(event: dict[str, Any], name: Callable[[int], str], tr: Translator, game: Any = None) -> str | None:
    """One log line for a Deep Blue event; ``None`` when the catalog has no phrasing for its type."""
    kind = event.get("type")
    key = event_key(event, tr.lang)
    if key is None:
        return None
    seat = event.get("seat")
    params = {k: v for k, v in event.items() if k not in ("type", "text", "step")}
    params["who"] = name(seat) if isinstance(seat, int) else ""
    if event.get("card"):
        params["card"] = card_label(event["card"], tr, game)
    for field in ("site", "from", "to"):  # the harbour by its word, as the pages say it
        if isinstance(event.get(field), str):
            params[field] = node_name(event[field], tr)
    for field in ("gem", "spot"):
        if event.get(field):
            params[field] = tr(f"gem.{event[field]}")
    line = tr(key, **params)
    if kind == "dive-scored" and isinstance(seat, int) and event.get("vp") is not None:
        line += " " + tr("ev.vp-gain", who=params["who"], vp=event["vp"])
    if kind == "game-over" and isinstance(event.get("vp"), list):
        line += " " + ", ".join(tr("ev.vp-total", who=name(s), vp=vp) for s, vp in enumerate(event["vp"]))
    return line
