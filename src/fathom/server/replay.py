"""A finished game's replay by turns: each decision with the chance steps it caused folded in.

Why: stepping through the log one action at a time is hundreds of clicks, most of them draws
and dice nobody chose. Here a *move* is one seat's decision and the chance steps right after
it (the tile it revealed, the gem it drew); a *turn* is the moves made while one seat's turn
lasts (``State.turn_seat``), the others' answers inside it (a rush, a defence) included. The
chance steps before the first decision (the deal) are the setup. Only decisions are named,
which every seat saw; a chance step is only counted, so no secret draw is told here.
"""

from __future__ import annotations

from typing import Any

from fathom.core.api import CHANCE
from fathom.core.registry import new_game
from fathom.server.db import LoggedAction


def replay_turns(game: str, players: int, seed: int, options: dict[str, Any],
                 log: list[LoggedAction]) -> dict[str, Any]:
    """``{"total", "setup", "turns"}``: ``setup`` is the step after the deal; each turn is
    ``{"turn", "seat", "start", "lead", "end", "moves"}`` and each move ``{"step", "end", "seat", "action",
    "chance"}``, where ``step`` is the decision's index in the log and ``end`` the position after it
    and its chance steps (the position a replay shows for it). ``lead`` counts the chance steps that
    open a turn before its first decision (Into the Blue's first roll): the new turn's, not the last
    move's, since the turn had already passed when they came."""
    st = new_game(game, players=players, seed=seed, **options)
    st.stop_recording()
    setup = 0
    turns: list[dict[str, Any]] = []
    for k, entry in enumerate(log):
        seat = st.turn_seat
        if st.current_player == CHANCE and not turns:
            setup = k + 1  # the deal, before anyone chose anything
        elif st.current_player == CHANCE and turns[-1]["seat"] == seat and turns[-1]["moves"]:
            move = turns[-1]["moves"][-1]  # what the last decision caused: its draws, its dice
            move["end"], move["chance"] = k + 1, move["chance"] + 1
            turns[-1]["end"] = k + 1
        else:
            if turns[-1:] and turns[-1]["seat"] == seat:
                turn = turns[-1]
            else:
                turn = {"turn": len(turns) + 1, "seat": seat, "start": k, "lead": 0, "end": k + 1, "moves": []}
                turns.append(turn)
            if st.current_player == CHANCE:
                turn["lead"] += 1
            else:
                turn["moves"].append({"step": k, "end": k + 1, "seat": entry.actor, "action": entry.name,
                                      "chance": 0})
            turn["end"] = k + 1
        st.apply(entry.action)
    return {"total": len(log), "setup": setup, "turns": turns}
