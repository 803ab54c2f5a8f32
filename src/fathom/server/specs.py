"""A new table from a client's spec: every field checked (see docs/web.md), nothing stored yet.

What a table is made of (game, seats, options, seed, a save to go on with) and its own settings
(clock or a turn-based table's move_time, bots' pace, stand-in, hints, spectators' chat), each refused with a message saying what is
allowed. The referee stores what :func:`build` returns.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from fathom.core.api import State
from fathom.core.errors import FathomError
from fathom.core.registry import game_class, game_names, load, new_game
from fathom.server.accounts import NAME_RULE
from fathom.server.botnames import name_bots
from fathom.server.catalog import bot_available, bot_choices, check_options
from fathom.server.db import LoggedAction, TableRecord
from fathom.server.names import name_problem
from fathom.server.protocol import ProtocolError
from fathom.server import turn_based

MAX_SEAT_NAME = 24
SETTINGS = ("clock", "bot_delay_ms", "stand_in", "hints", "spectator_chat", "turn_based", "move_time",
            "rated")  # a table's own, kept by a rematch
SPEC_FIELDS = ("game", "seats", "options", "seed", "players", "save", *SETTINGS)
SEAT_FIELDS = ("kind", "name", "bot", "open", "account")


def build(spec: Any, carried: list[dict[str, Any]] | None = None, saved: State | None = None, *,
          rated_bots: bool = False) -> tuple[TableRecord, State, list[LoggedAction]]:
    """The record, the first position and the log (a save's moves) of a new table from ``spec``.

    ``carried``: per seat, what the server itself keeps of an earlier table's seat (a rematch:
    who took it from the lobby); never from a client. ``saved``: the spec's save already replayed
    (off the event loop, by the route, after :func:`precheck`). ``rated_bots``: the operator lets rated
    tables seat bots (``fathom serve --rated-bots``).
    """
    if not isinstance(spec, dict):
        raise ProtocolError("bad-table", detail="expected an object")
    unknown = sorted(str(k)[:40] for k in spec if k not in SPEC_FIELDS)
    if unknown:
        raise ProtocolError("bad-table", detail=f"unknown field {unknown[0]!r}; allowed: {', '.join(SPEC_FIELDS)}")
    game, seats_in = _game_and_seats(spec)
    cls = game_class(game)
    if "players" in spec and spec["players"] != len(seats_in):
        raise ProtocolError("bad-table", detail=f"players is {str(spec['players'])[:20]} but the seat list has "
                                                f"{len(seats_in)} seats: they must agree ({game}: "
                                                f"{cls.min_players} to {cls.max_players})")
    seats = [check_seat(i, s, game) for i, s in enumerate(seats_in)]
    held = [s["account"].lower() for s in seats if s.get("account")]
    if len(held) != len(set(held)):
        raise ProtocolError("bad-table", detail="an account holds one seat at a table at most")
    for seat, extra in zip(seats, carried or []):
        seat.update(extra)
    if saved is None and spec.get("save") is not None:
        saved = saved_game(spec.get("save"), game, len(seats))
    options = check_options(game, spec.get("options") or {})  # a save brings its own options and seed
    seed = saved.seed if saved else spec.get("seed")
    if seed is None:
        seed = secrets.randbits(52)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62:
        raise ProtocolError("bad-table", detail="seed must be a non-negative integer")
    name_bots(seats, seed)
    settings = check_settings(spec, game)
    if settings["rated"]:
        check_rated(seats, rated_bots=rated_bots, save=spec.get("save") is not None)
    try:
        state = saved or new_game(game, players=len(seats), seed=seed, **options)
    except FathomError as exc:
        raise ProtocolError("bad-table", detail=str(exc)) from None
    options = {k: v for k, v in state.game.options.items() if k != "data_file"}
    # a save's moves so far, each with its author; marked imported, so none can be taken back here
    entries = [LoggedAction(a, state.action_to_string(a), who, "import")
               for a, who in zip(state.history(), state.movers())] if saved else []
    table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
    rec = TableRecord(id=table_id, game=game, players=len(seats), seed=seed, options=options, seats=seats,
                      settings=settings,
                      status="over" if state.is_terminal() else "playing")  # a finished save: to replay
    return rec, state, entries


def precheck(spec: dict[str, Any]) -> tuple[str, int]:
    """What a spec carrying a save must pass before the save is replayed (the costly part): its game,
    seats and settings, as :func:`build` checks them, and the save's own shape. Its game and seats."""
    game, seats = _game_and_seats(spec)
    for i, seat in enumerate(seats):
        check_seat(i, seat, game)
    check_settings(spec, game)
    save = spec.get("save")
    if not isinstance(save, dict):
        raise ProtocolError("bad-table", detail="save must be the object of a fathom save file")
    if not isinstance(save.get("actions"), list):
        raise ProtocolError("bad-table", detail="the save's actions must be a list of moves (ids or notation)")
    return game, len(seats)


def _game_and_seats(spec: dict[str, Any]) -> tuple[str, list[Any]]:
    """A spec's game (one installed) and its list of seats (as many as the game seats)."""
    game = spec.get("game")
    if game not in game_names():
        raise ProtocolError("bad-table", detail=f"game must be one of {', '.join(game_names())}")
    cls = game_class(game)
    seats = spec.get("seats")
    if not isinstance(seats, list) or not cls.min_players <= len(seats) <= cls.max_players:
        raise ProtocolError("bad-table", detail=f"seats must list {cls.min_players} to {cls.max_players} seats")
    return game, seats


def check_seat(i: int, s: Any, game: str) -> dict[str, Any]:
    """Seat ``i`` of a spec: a person's (maybe open to the lobby) or a bot's, by name."""
    if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
        raise ProtocolError("bad-table", detail=f"seat {i}: kind must be 'human' or 'bot'")
    unknown = sorted(str(k)[:40] for k in s if k not in SEAT_FIELDS)
    if unknown:
        raise ProtocolError("bad-table", detail=f"seat {i}: unknown field {unknown[0]!r}; allowed: {', '.join(SEAT_FIELDS)}")
    name = s.get("name") or ""
    if not isinstance(name, str) or len(name) > MAX_SEAT_NAME:
        raise ProtocolError("bad-table", detail=f"seat {i}: name must be text of at most {MAX_SEAT_NAME}")
    if name_problem(name.strip()):
        raise ProtocolError("bad-table", detail=f"seat {i}: {name_problem(name.strip())}")
    seat = {"kind": s["kind"], "name": name.strip()}
    if s.get("open") is not None:
        if s["kind"] != "human" or not isinstance(s["open"], bool):
            raise ProtocolError("bad-table", detail=f"seat {i}: open (true or false) is for a person's seat")
        seat["open"] = s["open"]  # anyone in the lobby may take it, once
    if s.get("account") is not None:  # held by an account (the referee checks that it exists)
        if s["kind"] != "human" or s.get("open"):
            raise ProtocolError("bad-table", detail=f"seat {i}: account is for a person's seat that is not open")
        if not isinstance(s["account"], str) or not NAME_RULE.fullmatch(s["account"]):
            raise ProtocolError("bad-table", detail=f"seat {i}: account must be an account's name")
        seat["account"] = seat["name"] = s["account"]
    if s["kind"] == "bot":
        bot = str(s.get("bot", "0"))
        if not bot_available(bot, game):
            allowed = ", ".join(b["id"] for b in bot_choices(game))
            raise ProtocolError("bad-table", detail=f"seat {i}: no bot {bot!r}; allowed: {allowed}")
        seat["bot"] = bot
    return seat


def check_settings(spec: dict[str, Any], game: str) -> dict[str, Any]:
    """The table's own settings (clock, bots' pace, stand-in, hints, chat for spectators), checked."""
    clock = spec.get("clock", 0) or 0
    delay = spec.get("bot_delay_ms", 0) or 0
    if isinstance(clock, bool) or not isinstance(clock, (int, float)) or not 0 <= clock <= 3600:
        raise ProtocolError("bad-table", detail="clock must be 0 (off) to 3600 seconds")
    if isinstance(delay, bool) or not isinstance(delay, (int, float)) or not 0 <= delay <= 5000:
        raise ProtocolError("bad-table", detail="bot_delay_ms must be 0 to 5000")
    flags = {}
    for name, default, what in (("hints", True, "allowed"), ("spectator_chat", False, "spectators read the chat"),
                                ("rated", False, "the result moves the players' ratings")):
        flags[name] = spec.get(name, default)
        if not isinstance(flags[name], bool):
            raise ProtocolError("bad-table", detail=f"{name} must be true ({what}) or false")
    stand_in = str(spec.get("stand_in", "1"))
    if not bot_available(stand_in, game):
        stand_in = "0"
    return {"clock": clock, "bot_delay_ms": delay, "stand_in": stand_in, **flags, **turn_based.check(spec)}


def check_rated(seats: list[dict[str, Any]], *, rated_bots: bool = False, save: bool = False) -> None:
    """A rated table counts towards ratings only what accounts played from the first move: every person's
    seat held by an account (none open to the lobby), each account once, bots only if the operator
    allows them (``fathom serve --rated-bots``), and no save to go on from."""
    if save:
        raise ProtocolError("bad-table", detail="a rated table starts from the first move: leave out the save, "
                                                "or rated")
    people = [i for i, s in enumerate(seats) if s["kind"] == "human"]
    loose = [i for i in people if not seats[i].get("account")]
    if loose:
        raise ProtocolError("bad-table", detail=f"seat {loose[0]}: a rated table needs every person's seat "
                                                f"held by an account (sign in; seats open to the lobby are not rated)")
    accounts = [seats[i]["account"] for i in people]
    twice = sorted({a for a in accounts if accounts.count(a) > 1})
    if twice:
        raise ProtocolError("bad-table", detail=f"the account {twice[0]!r} holds two seats: a rated table seats "
                                                f"each account once")
    bots = [i for i, s in enumerate(seats) if s["kind"] == "bot"]
    if bots and not rated_bots:
        raise ProtocolError("bad-table", detail=f"seat {bots[0]}: this server rates games between people only "
                                                f"(its operator may allow bots with --rated-bots); seat a person "
                                                f"or leave out rated")


def saved_game(save: Any, game: str, players: int) -> State:
    """The game of a save (``fathom play --save``, or a table's download) to go on with at a new table."""
    if not isinstance(save, dict):
        raise ProtocolError("bad-table", detail="save must be the object of a fathom save file")
    if save.get("game") != game:
        raise ProtocolError("bad-table", detail=f"the save is a game of {save.get('game')!r}, not {game}")
    if save.get("players") != players:
        raise ProtocolError("bad-table", detail=f"the save has {save.get('players')} players: give it as many seats")
    check_options(game, save.get("options"), where="the save's options")  # no engine settings, no data_file
    try:
        return load(json.dumps({k: v for k, v in save.items() if k != "table"}))
    except FathomError as exc:
        raise ProtocolError("bad-table", detail=str(exc)) from None
