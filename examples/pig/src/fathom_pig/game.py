"""Pig's rules on fathom's engine API (:mod:`fathom.core.api`).

Rules, each with its id (tests name them):

* R-PIG-1: seats play in turn from seat 0. On a turn the player chooses ``roll`` or ``hold``.
* R-PIG-2: ``roll`` throws one die (a chance node, each face 1/6). A 2-6 adds its face to the turn
  total and the same player chooses again.
* R-PIG-3: a 1 ("pig out") loses the turn total: nothing is banked and the turn passes on.
* R-PIG-4: ``hold`` banks the turn total into the player's score and passes the turn; holding with a
  turn total of 0 is not allowed (roll at least once).
* R-PIG-5: the game ends as soon as a seat's banked score reaches the target (option ``target``,
  default 100); that seat wins.

Nothing is hidden: every seat's view is the whole position.
"""

from __future__ import annotations

from typing import Any, ClassVar

from fathom.core.api import CHANCE, TERMINAL, Game, State
from fathom.core.options import Option, check_players, resolve_options
from fathom.core.rng import Rng

ROLL, HOLD = 0, 1
FACES = (1, 2, 3, 4, 5, 6)
PIG_OUT = 1
"""The face that loses the turn total (R-PIG-3)."""
FIRST_FACE = 2
"""The action id of face 1: the chance outcomes follow the two player actions."""
DEFAULT_TARGET = 100


def face_of(action: int) -> int:
    """The die face a chance outcome id stands for."""
    return action - FIRST_FACE + 1


class PigGame(Game):
    """2-6 players race to bank the target with one die."""

    name: ClassVar[str] = "pig"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    OPTIONS: ClassVar[dict[str, Option]] = {
        "target": Option("target", DEFAULT_TARGET, kind=int, doc="points to bank to win (R-PIG-5)"),
    }

    def __init__(self, players: int | None = None, **options: Any) -> None:
        self.num_players = check_players(self.name, 2 if players is None else players, 2, 6)
        self.options = resolve_options(self.name, self.OPTIONS, options)
        if self.options["target"] < 1:
            from fathom.core.errors import OptionError

            raise OptionError(f"pig: target must be at least 1, got {self.options['target']}")
        self._set_action_names(["roll", "hold"], [f"die {f}" for f in FACES])

    @property
    def target(self) -> int:
        return int(self.options["target"])

    def describe(self) -> dict[str, Any]:
        return {"faces": list(FACES), "pig_out": PIG_OUT, "target": self.target}

    def new_initial_state(self, seed: int) -> PigState:
        return PigState(self, seed)


class PigState(State):
    """Banked scores, whose turn, the turn total, and whether the die is in the air."""

    __slots__ = ("banked", "seat", "turn_total", "rolling", "winner")
    game: PigGame

    def __init__(self, game: PigGame, seed: int) -> None:
        self._init_base(game, seed)
        self.banked = [0] * game.num_players
        self.seat = 0  # R-PIG-1
        self.turn_total = 0
        self.rolling = False
        self.winner: int | None = None

    @property
    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.rolling else self.seat

    @property
    def turn_seat(self) -> int:
        return self.seat

    def _legal_actions(self) -> list[int]:
        return [ROLL, HOLD] if self.turn_total > 0 else [ROLL]  # R-PIG-4: no empty hold

    def _chance_weights(self) -> list[tuple[int, int]]:
        return [(FIRST_FACE + f - 1, 1) for f in FACES] if self.rolling else []  # R-PIG-2: a fair die

    def _pass_turn(self) -> None:
        self.turn_total = 0
        self.seat = (self.seat + 1) % self.game.num_players

    def _apply(self, action: int) -> None:
        if self.rolling:
            self.rolling = False
            face = face_of(action)
            self._emit({"type": "die", "seat": self.seat, "face": face})
            if face == PIG_OUT:  # R-PIG-3
                self._emit({"type": "pig-out", "seat": self.seat, "lost": self.turn_total})
                self._pass_turn()
            else:
                self.turn_total += face  # R-PIG-2
        elif action == ROLL:
            self.rolling = True
            self._emit({"type": "roll", "seat": self.seat})
        else:  # HOLD, R-PIG-4
            self.banked[self.seat] += self.turn_total
            self._emit({"type": "hold", "seat": self.seat, "banked": self.turn_total,
                        "score": self.banked[self.seat]})
            if self.banked[self.seat] >= self.game.target:  # R-PIG-5
                self.winner = self.seat
                self._emit({"type": "win", "seat": self.seat, "score": self.banked[self.seat]})
            else:
                self._pass_turn()

    def _copy(self) -> PigState:
        other = PigState.__new__(PigState)
        other.banked = list(self.banked)
        other.seat = self.seat
        other.turn_total = self.turn_total
        other.rolling = self.rolling
        other.winner = self.winner
        return other

    def _snapshot(self) -> dict[str, Any]:
        return {"players": self.game.num_players, "target": self.game.target, "banked": list(self.banked),
                "seat": self.seat, "turn_total": self.turn_total, "rolling": self.rolling, "winner": self.winner}

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        pass  # nothing is hidden

    def _key(self) -> tuple[Any, ...]:
        return (tuple(self.banked), self.seat, self.turn_total, self.rolling, self.winner)

    def scores(self) -> list[float]:
        return [float(b) for b in self.banked]

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]
