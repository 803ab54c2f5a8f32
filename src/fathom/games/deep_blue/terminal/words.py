"""The board's words in the player's language: names of seats, colours, places, tiles, spots and
scenarios, and catalog lines whose pieces keep their colours.

Why one module: the board, the move notes and the menu name the same things; each name is looked
up here once, from the catalogs (``src/fathom/i18n``), with the page's keys where they fit
(``gem.*``, ``card.*``, ``t.you``) and the terminal's own ``dbt.*`` keys for the rest.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rich.text import Text

from fathom.i18n import DEFAULT_LANG, Translator, catalog, template

ENGLISH = Translator(DEFAULT_LANG)
PLACEHOLDER = re.compile(r"\{(\w+)\}")
TILE_ID = re.compile(r"^(.*?)-(\d+)$")


def known(tr: Translator, key: str) -> bool:
    """Whether the catalogs word ``key`` (in any section the translator reads)."""
    return template(tr.lang, key) != key or template(tr.lang, key, "term") != key


def fill(tr: Translator, key: str, style: str = "", /, **params: Any) -> Text:
    """``tr(key, ...)`` as Rich text: parameters given as :class:`Text` keep their own colours
    (a gem in its colour inside a French sentence), the rest of the line takes ``style``."""
    pieces = {name: value for name, value in params.items() if isinstance(value, Text)}
    plain = {name: value for name, value in params.items() if not isinstance(value, Text)}
    line = tr(key, **plain, **{name: "{" + name + "}" for name in pieces})
    out = Text()
    at = 0
    for match in PLACEHOLDER.finditer(line):
        piece = pieces.get(match.group(1))
        if piece is None:
            continue
        out.append(line[at:match.start()], style=style)
        out.append_text(piece)
        at = match.end()
    out.append(line[at:], style=style)
    return out


def seat_name(seat: int, me: int | None, tr: Translator) -> str:
    """``you`` for the viewer, else ``seat 2`` (``place 2``)."""
    return tr("t.you") if seat == me else tr("play.seat", n=seat)


def colour_name(colour: str, tr: Translator) -> str:
    key = f"dbt.colour.{colour}"
    return tr(key) if known(tr, key) else colour


def colour_letter(colour: str, tr: Translator) -> str:
    """The one letter that marks a player's boats (``Y1``; in French ``J1``, jaune)."""
    key = f"dbt.letter.{colour}"
    return tr(key) if known(tr, key) else colour[:1].upper()


def gem_name(gem: str, tr: Translator) -> str:
    key = f"gem.{gem}"
    return tr(key) if known(tr, key) else gem


def card_name(card_id: str, tr: Translator, data_name: str | None = None) -> str:
    """A card's name in the player's language (the catalog's ``card.ID``, as the pages name it), else
    its name in the components' data (a corrected data file may add cards no catalog knows)."""
    key = f"card.{card_id}"
    return tr(key) if known(tr, key) else data_name or card_id


def node_name(node: str, tr: Translator) -> str:
    """A map node as players call it: the harbour by its word, sites and buoys by their printed label."""
    return tr("dbt.harbour") if node == "harbour" else node


def tile_name(tile: str, tr: Translator) -> str:
    """A tile's short name for the tables (``start-3``; ``départ-3``), its id when the catalog has no word."""
    match = TILE_ID.match(tile)
    key, n = (f"dbt.tile.{match.group(1)}", match.group(2)) if match else (f"dbt.tile.{tile}", "")
    return tr(key, n=n) if known(tr, key) else tile


def spot_short(kind: str, tr: Translator) -> str:
    """A scouting spot in three letters (``Gld``; ``Or``)."""
    key = f"dbt.spot.{kind}"
    return tr(key) if known(tr, key) else kind[:3]


def cash(amount: Any, tr: Translator) -> str:
    """``$2`` (``2 $``): the page's way of writing money."""
    return tr("db.cash", n=amount)


def scenario_name(scenario: Mapping[str, Any], tr: Translator) -> str:
    """The scenario's translated name, else the name in the components' data."""
    return catalog(tr.lang).scenarios.get(scenario["id"]) or scenario["name"]


def scenario_rule(scenario: Mapping[str, Any], tr: Translator) -> str:
    """What a Sunken City dive changes under this scenario: the catalog's ``ID.rule`` beside the
    translated names, else the data's own (English) rule, which a corrected data file may change."""
    return catalog(tr.lang).scenarios.get(f"{scenario['id']}.rule") or scenario["rule"]


def first_lower(text: str) -> str:
    return text[:1].lower() + text[1:]
