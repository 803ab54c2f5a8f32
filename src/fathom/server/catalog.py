"""What the lobby offers: the games with their options and the bots a table may seat.

Read-only facts built from the engine and bot registries; the referee checks a new table
against them and the lobby page shows them.
"""

from __future__ import annotations

import json
from typing import Any

from markdown_it import MarkdownIt

from fathom.bots.registry import BOT_LEVELS, bot_names, make_bot
from fathom.core.errors import FathomError
from fathom.core.registry import (
    game_class,
    game_names,
    make_game,
    rules_languages,
    rules_summary,
)
from fathom.server.protocol import ProtocolError


def bot_available(name: str, game: str) -> bool:
    """Can this bot play this game (a level or name it knows, its optional libraries installed)?"""
    try:
        make_bot(name, game, 0)
        return True
    except (FathomError, ImportError, AttributeError):
        return False


def bot_choices(game: str) -> list[dict[str, Any]]:
    """Bots a table may seat: the numbered levels first, then the other named bots."""
    out = []
    seen = set()
    for level, name in sorted(BOT_LEVELS.items()):
        if bot_available(str(level), game):
            out.append({"id": str(level), "name": name, "level": level})
            seen.add(name)
    for name in bot_names(game):
        if name not in seen and bot_available(name, game):
            out.append({"id": name, "name": name, "level": None})
    return out


def offered_options(game: str) -> dict[str, Any]:
    """The options a browser may set at a ``game`` table: the declared ones with a list of choices
    (free-form ones such as ``data_file``, and engine settings such as ``record_events``, are not)."""
    return {opt.name: opt for opt in game_class(game).OPTIONS.values() if opt.choices}


def check_options(game: str, options: Any, *, where: str = "options") -> dict[str, Any]:
    """``options`` checked against ``game``'s offered options: each name declared, each value one of
    its choices (of the same type: ``1`` is not ``true``). Raises ``bad-table`` saying what is allowed."""
    offered = offered_options(game)
    if not isinstance(options, dict):
        raise ProtocolError("bad-table", detail=f"{where} must be an object of {game}'s options: {', '.join(offered)}")
    out = {}
    for name, value in options.items():
        if name == "data_file" and value is None and where != "options":
            continue  # a save names the default components as data_file: null
        opt = offered.get(name)
        if opt is None:
            why = {"players": " (the seat list sets the number of players)",
                   "seed": " (give seed beside options, not in them)"}.get(name, "")
            raise ProtocolError("bad-table", detail=f"{where}: {game} has no option {str(name)[:40]!r}{why}; "
                                                    f"allowed options: {', '.join(offered)}")
        if not any(value == c and type(value) is type(c) for c in opt.choices):
            choices = ", ".join(json.dumps(c) for c in opt.choices)
            raise ProtocolError("bad-table", detail=f"{where}: option {name} cannot be {json.dumps(value)[:40]}; "
                                                    f"allowed: {choices}")
        out[name] = value
    return out


def games_info() -> list[dict[str, Any]]:
    """Every game with its player counts, the options a browser may choose and its bots."""
    out = []
    for name in game_names():
        cls = game_class(name)
        game = make_game(name, cls.min_players)
        scenarios = {s["id"]: s["name"] for s in game.describe().get("scenarios", [])} if hasattr(game, "describe") else {}
        options = []
        for opt in offered_options(name).values():  # free-form options (data files) are not offered to browsers
            labels = scenarios if opt.name == "scenario" else {}
            options.append({"name": opt.name, "default": opt.default, "choices": list(opt.choices), "doc": opt.doc,
                            "labels": {str(c): labels[c] for c in opt.choices if c in labels}})
        out.append({"name": name, "min_players": cls.min_players, "max_players": cls.max_players,
                    "options": options, "bots": bot_choices(name)})
    return out


def describe(game: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """The public components of one table's box (cards, tiles, map) for its pages."""
    g = make_game(game, players, **options)
    return g.describe() if hasattr(g, "describe") else {}


def rules_page(game: str, lang: str) -> dict[str, Any]:
    """How to play ``game`` as HTML for the pages' Rules dialog (English where ``lang`` has no summary)."""
    if game not in game_names():
        raise ProtocolError("no-game", status=404, game=game, allowed=", ".join(game_names()))
    lang = lang if lang in rules_languages(game) else "en"
    html = MarkdownIt("commonmark", {"html": False}).render(rules_summary(game, lang))
    return {"game": game, "lang": lang, "html": html}
