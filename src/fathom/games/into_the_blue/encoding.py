"""Into the Blue observation encoder: ``state.view(seat)`` -> fixed float32 vector.

Reads only the view (the board, the dice on the table, public counts and the
seat's own chests), never the engine state. Seats are relative to the observer
(``rel 0`` = me). The field table is in ``docs/rl.md``; :func:`action_features`
gives a small feature vector per action id for policies that score actions.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.games.into_the_blue import data, dice
from fathom.games.into_the_blue.state import PHASE_NAMES
from fathom.rl.encoding.spec import Encoder

PHASES = PHASE_NAMES  # the engine's steps, "first-player" (R-IB-1) included
LEVELS = len(data.LEVELS)
FACES = len(dice.FACES)  # 1-5 and the chest face
_FACE_INDEX = {1: 0, 2: 1, 3: 2, 4: 3, 5: 4, "chest": 5, 6: 5}


class IntoTheBlueEncoder(Encoder):
    game_name = "into-the-blue"

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        n = self.num_players
        lay = self.layout
        self.shells = game.shells
        self.rerolls = max(1, game.rerolls)
        self.tokens = game.tokens  # per level, values in award order for this player count
        self.token_scale = float(max(max(t) for t in self.tokens))
        self.n_tokens = max(len(t) for t in self.tokens)
        self.chest_values = tuple(game.chest_values)
        self.chest_pile = tuple(game.chest_pile)
        self.chests_total = sum(self.chest_pile)
        chest_sum = sum(v * c for v, c in zip(self.chest_values, self.chest_pile))
        self.points_scale = float(sum(sum(t) for t in self.tokens))
        self.score_scale = self.points_scale + chest_sum
        self._value_index = {v: i for i, v in enumerate(self.chest_values)}

        self.o_to_move = lay.add("to_move", n + 2, f"who decides now: one-hot over rel seats 0..{n - 1}, then chance, then game over")
        self.o_turn_seat = lay.add("turn.seat", n, "whose turn it is (rel seat, one-hot)")
        self.o_turn_flags = lay.add("turn.flags", 2, "this turn is a bonus turn after a perfect dive; the end is triggered (final turns)")
        self.o_phase = lay.add("turn.phase", len(PHASES), "turn phase one-hot: " + ", ".join(PHASES))
        self.o_rolls_left = lay.add("turn.rolls_left", 1, f"rerolls left this turn / {self.rerolls}")
        self.o_kept = lay.add("turn.kept", FACES, "dice kept on the table, count per face 1-5 and chest / 6")
        self.o_rolling = lay.add("turn.rolling", 1, "dice in the cup about to be rolled / 6")
        self.o_dice = lay.add("turn.dice", FACES, "all dice showing, count per face 1-5 and chest / 6")
        self.o_rolled = lay.add("turn.rolled", FACES, "dice of the last roll, count per face / 6")
        self.o_run = lay.add("turn.run", 1, "length of the run 1..k showing / 5 (0: failed dive so far)")
        self.o_perfect = lay.add("turn.perfect", 1, "the dice show a perfect dive (1-5 and a chest)")
        self.o_place = lay.add("turn.placements", LEVELS, f"while placing: shells a placement on level L would put / {self.shells} (0: not offered)")
        self.o_turn_no = lay.add("turn.number", 1, "turns started so far / 100 (clipped)")
        self.o_level_shells = []
        self.o_level_tokens = []
        self.o_level_rank = []
        for lv in range(1, LEVELS + 1):
            self.o_level_shells.append(lay.add(f"level{lv}.shells", n, f"shells on level {lv} per rel seat / {self.shells}"))
            self.o_level_tokens.append(lay.add(
                f"level{lv}.tokens", self.n_tokens,
                f"treasure token values of level {lv} in award order / {self.token_scale:g} (0-padded)"))
            self.o_level_rank.append(lay.add(
                f"level{lv}.standing", n * n,
                f"level {lv} majority standing: for rel seat k, one-hot of its rank 0..{n - 1} (row k of an n x n block; zero row: not ranked)"))
        self.o_seat = lay.add("seats.shells_left", n, f"shells not yet placed per rel seat / {self.shells}")
        self.o_seat_chests = lay.add("seats.chests", n, f"chest tokens held per rel seat / {self.chests_total}")
        self.o_seat_points = lay.add("seats.treasure_points", n, f"treasure points if the game ended now per rel seat / {self.points_scale:g}")
        self.o_seat_since = lay.add("seats.since_last_turn", n, f"turns since the rel seat last started a turn / {2 * n} (clipped; 1 if never)")
        self.o_seat_score = lay.add("seats.score", n, f"total score where visible (me always, all at the end) / {self.score_scale:g}")
        self.o_seat_score_known = lay.add("seats.score_known", n, "1 where that seat's total is visible to me")
        self.o_own_chests = lay.add("own.chest_values", len(self.chest_values),
                                    "my chests per distinct value (" + ", ".join(str(v) for v in self.chest_values) + ") / copies in the game")
        self.o_chests_left = lay.add("chests_left", 1, f"chests left in the pile / {self.chests_total}")
        self.o_end = lay.add("end.flags", 2, "end triggered (someone placed their last shell); game over")
        self.o_end_by = lay.add("end.triggered_by", n, "rel seat who triggered the end (one-hot)")
        self.o_final_left = lay.add("end.final_turns_left", 1, f"final turns still to play / {max(1, n - 1)}")
        self.o_winners = lay.add("winners", n, "winners once the game is over (rel seats, multi-hot)")

    def _fill(self, view: dict[str, Any], seat: int, buf: Any) -> None:
        n = self.num_players
        fi = _FACE_INDEX
        cp = view["current_player"]
        if cp >= 0:
            buf[self.o_to_move + (cp - seat) % n] = 1.0
        else:
            buf[self.o_to_move + n + (0 if cp == -1 else 1)] = 1.0
        turn = view["turn"]
        if turn["seat"] is not None:  # None while the first player is still to be drawn (R-IB-1)
            buf[self.o_turn_seat + (turn["seat"] - seat) % n] = 1.0
        buf[self.o_turn_flags] = 1.0 if turn["bonus"] else 0.0
        buf[self.o_turn_flags + 1] = 1.0 if turn["final"] else 0.0
        phase = turn["phase"]
        buf[self.o_phase + PHASES.index(phase)] = 1.0
        buf[self.o_rolls_left] = min(1.0, turn["rolls_left"] / self.rerolls)
        if phase != "over":
            for f in turn["kept"]:
                buf[self.o_kept + fi[f]] += 1.0 / 6
            buf[self.o_rolling] = turn["rolling"] / 6
            for f in turn["dice"]:
                buf[self.o_dice + fi[f]] += 1.0 / 6
            for f in turn["rolled"]:
                buf[self.o_rolled + fi[f]] += 1.0 / 6
            if "run" in turn:
                buf[self.o_run] = turn["run"] / 5
                buf[self.o_perfect] = 1.0 if turn["perfect"] else 0.0
            for p in turn.get("placements", ()):
                buf[self.o_place + p["level"] - 1] = min(1.0, p["shells"] / self.shells)
        buf[self.o_turn_no] = min(1.0, turn["number"] / 100)
        shells = self.shells
        for i, level in enumerate(view["levels"]):
            o = self.o_level_shells[i]
            for s, count in enumerate(level["shells"]):
                buf[o + (s - seat) % n] = min(1.0, count / shells)
            o = self.o_level_tokens[i]
            buf[o] = level["main"] / self.token_scale
            for j, v in enumerate(level["secondary"], 1):
                if j < self.n_tokens:
                    buf[o + j] = v / self.token_scale
            o = self.o_level_rank[i]
            for rank, s in enumerate(level["standing"]):
                if rank < n:
                    buf[o + ((s - seat) % n) * n + rank] = 1.0
        since_scale = 2 * n
        now = turn["number"]
        for sv in view["seats"]:
            k = (sv["seat"] - seat) % n
            buf[self.o_seat + k] = min(1.0, sv["shells_left"] / shells)
            buf[self.o_seat_chests + k] = min(1.0, sv["chests"] / self.chests_total)
            buf[self.o_seat_points + k] = min(1.0, sv["treasure_points"] / self.points_scale)
            last = sv["last_turn"]
            buf[self.o_seat_since + k] = 1.0 if last < 0 else min(1.0, (now - last) / since_scale)
            if "score" in sv:
                buf[self.o_seat_score + k] = min(1.0, max(0.0, sv["score"] / self.score_scale))
                buf[self.o_seat_score_known + k] = 1.0
            if k == 0:
                for v in sv.get("chest_values", ()):
                    idx = self._value_index.get(v)
                    if idx is not None:
                        buf[self.o_own_chests + idx] += 1.0 / self.chest_pile[idx]
        buf[self.o_chests_left] = min(1.0, view["chests_left"] / self.chests_total)
        end = view["end"]
        by = end["triggered_by"]
        if by is not None:
            buf[self.o_end] = 1.0
            buf[self.o_end_by + (by - seat) % n] = 1.0
        buf[self.o_end + 1] = 1.0 if end["over"] else 0.0
        buf[self.o_final_left] = min(1.0, end["final_turns_left"] / max(1, n - 1))
        for w in end["winners"]:
            buf[self.o_winners + (w - seat) % n] = 1.0


ACTION_FEATURES = (
    "bias", "stop", "place", "place_level/5", "reroll", "reroll_dice/6",
    "reroll_1", "reroll_2", "reroll_3", "reroll_4", "reroll_5", "reroll_chest",
)


def action_features(game: Any) -> np.ndarray:
    """``(num_distinct_actions, F)`` float32 features of each player action, from its name.

    Columns (:data:`ACTION_FEATURES`): a bias, ``stop``, ``place`` and its level / 5,
    ``reroll`` with the number of dice and the count per face (/ 6) it rerolls.
    """
    names = game.action_names[: game.num_distinct_actions]
    out = np.zeros((len(names), len(ACTION_FEATURES)), dtype=np.float32)
    for a, name in enumerate(names):
        out[a, 0] = 1.0
        verb, _, rest = name.partition(" ")
        if verb == "stop":
            out[a, 1] = 1.0
        elif verb == "place":
            out[a, 2] = 1.0
            out[a, 3] = int(rest) / 5
        elif verb == "reroll":
            out[a, 4] = 1.0
            faces = [f for f in rest.split(",") if f]
            out[a, 5] = len(faces) / 6
            for f in faces:
                out[a, 6 + _FACE_INDEX[int(f) if f.isdigit() else f]] += 1.0 / 6
    return out
