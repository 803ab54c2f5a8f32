"""Into the Blue's legal moves as facts for front ends: which dice a move rerolls and keeps, where
shells go and what treasure lies there, what stopping now gives.

Why: ``reroll 1,3,chest`` or ``place 4`` (the notation) makes the player work out which dice
stay and what level 4 holds; a front end that re-derives it from the notation redoes the rules
in another language. Here the engine says it per legal move, from the view of the seat to move
(nothing hidden: the dice are on the table, the treasures face up), for the page (the dice
and level it touches are highlighted) and the terminal (the move's name), both in the catalog's
words (``act.itb-*``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fathom.games.into_the_blue import actions as A
from fathom.games.into_the_blue import dice, placement

if TYPE_CHECKING:
    from fathom.games.into_the_blue.state import IntoTheBlueState


def move_facts(state: IntoTheBlueState, legal: list[int]) -> dict[str, Any]:
    """``{"moves": {notation: facts}}`` for the legal moves ``legal`` of the seat to move in ``state``."""
    seat = state.current_player
    view = state.view(seat)
    turn = view["turn"]
    showing = dice.from_faces(turn.get("dice") or [])
    hand = view["seats"][seat]["shells_left"] if seat >= 0 else 0
    levels = {lv["level"]: lv for lv in view["levels"]}
    return {"moves": {state.action_to_string(a): _facts(a, showing, hand, levels, turn) for a in legal}}


def choice_facts(action: int, showing: int, rolls_left: int) -> dict[str, Any]:
    """Facts of a keep-or-reroll decision (``stop`` or ``reroll F``) with the six dice ``showing``."""
    if action == A.STOP:
        run = dice.RUN[showing]
        result = "failed" if run == 0 else "perfect" if dice.PERFECT[showing] else "run"
        return {"kind": "stop", "dice": dice.face_list(showing), "run": run, "result": result}
    reroll = action - A.REROLL0
    kept = dice.sub(showing, reroll)
    return {"kind": "reroll", "reroll": dice.face_list(reroll), "keep": dice.face_list(kept),
            "rolls_left": rolls_left - 1}


def _facts(action: int, showing: int, hand: int, levels: dict[int, Any], turn: dict[str, Any]) -> dict[str, Any]:
    if A.PLACE0 < action <= A.PLACE0 + 5:
        level = action - A.PLACE0
        shown = dice.COUNTS[showing][level - 1]
        return {"kind": "place", "level": level, "dice": shown, "shells": placement.shells_placed(shown, hand),
                "main": levels[level]["main"], "secondary": list(levels[level]["secondary"])}
    return choice_facts(action, showing, turn.get("rolls_left", 1))
