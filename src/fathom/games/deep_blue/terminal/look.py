"""What Deep Blue looks like in a terminal: gem and player colours, the box's public facts, small text pieces."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rich.text import Text

from fathom.games.deep_blue.terminal.words import card_name, cash, colour_letter, fill, gem_name, seat_name
from fathom.games.deep_blue import dive_model as model
from fathom.games.deep_blue.data import GEMS, SPOT_KINDS
from fathom.i18n import Translator

GEM_STYLE = {
    "silver": "grey85",
    "gold": "yellow",
    "red": "red",
    "green": "green",
    "purple": "magenta",
    "black": "bright_black",
    "blue": "bright_blue",
}
PLAYER_STYLE = {
    "yellow": "bold yellow",
    "orange": "bold dark_orange",
    "green": "bold green",
    "red": "bold red",
    "purple": "bold magenta",
}
SPOT_STYLE = {
    "silver": GEM_STYLE["silver"],
    "gold": GEM_STYLE["gold"],
    "red": GEM_STYLE["red"],
    "blue": GEM_STYLE["blue"],
    "black": GEM_STYLE["black"],
    "blue_or_black": "bright_blue",
}
GEM = "◆"


# ---- static box facts -----------------------------------------------------------------------


@lru_cache(maxsize=16)
def _box(players: int, options: tuple[tuple[str, Any], ...]) -> tuple[Any, dict[str, Any]]:
    import fathom

    game = fathom.make_game("deep-blue", players=players, **dict(options))
    return game, game.describe()


def box_for_view(view: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The game object and its ``describe()`` for the configuration a view shows (cached)."""
    options = tuple(sorted((k, v) for k, v in view.get("options", {}).items() if k != "data_file"))
    return _box(int(view["players"]), options)


class Box:
    """Lookup tables over ``describe()`` plus the gem VP rates of the components."""

    def __init__(self, game: Any, facts: dict[str, Any]) -> None:
        self.facts = facts
        self.cards = {c["id"]: c for c in facts["cards"]}
        self.tiles = {t["id"]: t for t in facts["tiles"]}
        self.nodes = {n["id"]: n for n in facts["nodes"]}
        self.edges = [tuple(e) for e in facts["edges"]]
        self.scenarios = {s["id"]: s for s in facts["scenarios"]}
        # the rates come from the components' data file (a player with the box can correct them)
        self.gem_vp = dict(zip(GEMS, game.components.gem_vp))
        self.gem_vp_spot = dict(zip(GEMS, game.components.gem_vp_on_spot))

    def card_name(self, card_id: str) -> str:
        card = self.cards.get(card_id)
        return card["name"] if card else card_id

    def card_label(self, card_id: str, tr: Translator) -> str:
        """The card's name in ``tr``'s language (the catalog's, as the pages say it), else the data's."""
        return card_name(card_id, tr, self.card_name(card_id))


_BOXES: dict[int, tuple[Any, Box]] = {}


def box_of(game: Any, facts: dict[str, Any] | None = None) -> Box:
    """The :class:`Box` of a game object (cached while that object lives)."""
    cached = _BOXES.get(id(game))
    if cached is not None and cached[0] is game:
        return cached[1]
    if len(_BOXES) > 32:
        _BOXES.clear()
    box = Box(game, facts if facts is not None else game.describe())
    _BOXES[id(game)] = (game, box)
    return box


# ---- small text helpers -----------------------------------------------------------------------


def gem_text(gem: str, tr: Translator, name: str | None = None) -> Text:
    """``◆red`` (``◆rouge``) in the gem's colour (``name`` replaces the colour's name)."""
    return Text().append(GEM + (gem_name(gem, tr) if name is None else name), style=GEM_STYLE.get(gem, ""))


def join(parts: Sequence[Text | str], sep: str = "  ") -> Text:
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(part if isinstance(part, Text) else Text(part))
    return out


def card_effect(card: Mapping[str, Any], tr: Translator, market: bool = False) -> Text:
    """A card's uses in a few characters: ``4VP ◆red  $1  +1 red`` (``+1`` only in the market)."""
    parts: list[Text] = []
    needs = card.get("needs") or {}
    if needs or card.get("needs_any"):
        use = Text(tr("dbt.vp_short", n=card["vp"]) + " ", style="bold")
        for gem, n in needs.items():
            use.append(GEM * n + gem_name(gem, tr), style=GEM_STYLE.get(gem, ""))
        if card.get("needs_any"):
            if needs:
                use.append(" ")
            use.append(tr("dbt.any_gems", n=card["needs_any"]))
        parts.append(use)
    if card.get("protects"):
        parts.append(fill(tr, "dbt.defends", gem=gem_text(card["protects"], tr)))
    secondary = []
    if card.get("cash"):
        secondary.append(cash(card["cash"], tr))
    if card.get("propellers"):
        secondary.append(tr("dbt.sail_n", n=card["propellers"]))
    if secondary:
        parts.append(Text(tr("dbt.or").join(secondary), style="cyan"))
    if market and card.get("adds_gem"):
        parts.append(Text("+1 ") + gem_text(card["adds_gem"], tr))
    return join(parts) if parts else Text("-", style="dim")


def label(text: str, style: str = "bold") -> Text:
    """A styled lead-in that does not spill its style onto what is appended after it."""
    return Text().append(text, style=style)


def player_style(view: Mapping[str, Any], seat: int) -> str:
    return PLAYER_STYLE.get(view["seats"][seat]["colour"], "bold")


def player_letter(view: Mapping[str, Any], seat: int, tr: Translator) -> str:
    return colour_letter(view["seats"][seat]["colour"], tr) or str(seat)


def boat_tag(view: Mapping[str, Any], seat: int, boat: int, tr: Translator) -> Text:
    return Text().append(f"{player_letter(view, seat, tr)}{boat}", style=player_style(view, seat))


def seat_tag(view: Mapping[str, Any], seat: int, me: int | None, tr: Translator) -> Text:
    """``you`` / ``seat 2`` in the seat's colour."""
    return Text().append(seat_name(seat, me, tr), style=player_style(view, seat))


def pct(p: Fraction, tr: Translator) -> str:
    """``12.5%`` (``12,5 %``)."""
    return tr.percent(p)


def fraction_text(p: Fraction) -> str:
    if p == 0:
        return "0"
    if p == 1:
        return "1"
    return f"{p.numerator}/{p.denominator}"


# ---- lookups in a view shared by the board and the move notes -------------------------------------


def boats_at(view: Mapping[str, Any]) -> dict[str, list[tuple[int, int]]]:
    where: dict[str, list[tuple[int, int]]] = {}
    for info in view["seats"]:
        for boat in info["boats"]:
            where.setdefault(boat["node"], []).append((info["seat"], boat["boat"]))
    return where


def treasure_vp(view: Mapping[str, Any], box: Box, seat: int) -> int:
    """Gem VP ``seat`` would bank if the dive ended now (matching spots raise a colour's rate)."""
    dive = view["dive"]
    kinds = {SPOT_KINDS.index(b["spot"]) for b in view["seats"][seat]["boats"]
             if b["node"] == dive["site"] and b.get("spot")}
    rates = model.gem_rates([box.gem_vp.get(g, 0) for g in GEMS], [box.gem_vp_spot.get(g, 0) for g in GEMS], kinds)
    return model.gem_vp(rates, [dive["counts"].get(g, 0) for g in GEMS])


def rush_reach(view: Mapping[str, Any], box: Box, sunken: bool) -> int:
    """How many moves away boats may rush from: 1, or on a Sunken City tile what the scenario says."""
    scenario = box.scenarios.get(view.get("options", {}).get("scenario"))
    return scenario["rush_distance"] if sunken and scenario else 1


def site_at(view: Mapping[str, Any], node: str) -> Mapping[str, Any] | None:
    return next((s for s in view["sites"] if s["node"] == node), None)
