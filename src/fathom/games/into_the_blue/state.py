"""The rules of Into the Blue as a fathom :class:`State`.

A turn, as nodes: a chance node rolls the dice that are in the cup (one event, its
outcome the multiset that shows); the player then decides ``stop`` or
``reroll F`` while rerolls are left; then the result is resolved:

* no 1 showing: failed dive, the turn ends;
* a perfect dive (1-5 and a chest): a chance node draws a chest token, which the
  player keeps face down, then the same player starts another turn;
* otherwise ``place L`` for a level of the run (asked only when there is a
  choice), as many shells as dice show ``L`` (all that are left if fewer).

Setup: unless option ``first_player`` names a seat, a chance node draws who plays first (R-IB-1).

End: the first player to place their last shell gives each other player exactly
one more turn, in seat order (a perfect dive during it still earns its extra
turn); taking the last chest ends the game at once.

Why the fields look the way they do: everything is an int or a tuple, so
:meth:`clone` is a shallow field copy, and dice are multiset ids from :mod:`.dice`
so every legal list and chance table is a shared precomputed object.
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from fathom.core.api import CHANCE, TERMINAL, State
from fathom.core.errors import IllegalActionError
from fathom.core.redact import Secret
from fathom.core.rng import Rng
from fathom.games.into_the_blue import actions as A
from fathom.games.into_the_blue import dice, scoring
from fathom.games.into_the_blue import placement
from fathom.games.into_the_blue.data import LEVELS
from fathom.games.into_the_blue.phases import CHEST, CHOOSE, FIRST, NAMES, OVER, PLACE, ROLLING

if TYPE_CHECKING:
    from fathom.games.into_the_blue.game import IntoTheBlueGame

PHASE_NAMES = NAMES

_EMPTY_LIST: list[int] = []
_NO_WEIGHTS: list[tuple[int, int]] = []
_ADD, _KEEP, _KEY, _FACES = dice.ADD, dice.KEEP, dice.KEY, dice.FACE_TUPLES


class IntoTheBlueState(State):
    """One position of Into the Blue (see the module docstring for the turn structure)."""

    __slots__ = (
        "current_player",  # seat to decide, CHANCE or TERMINAL
        "_phase",  # one of ROLLING, CHOOSE, PLACE, CHEST, OVER
        "_player",  # seat whose turn it is
        "_kept",  # multiset id: dice kept on the table (while rolling: not in the cup)
        "_rolled",  # multiset id: dice that showed in the last roll
        "_dice",  # multiset id: all six dice on the table (CHOOSE / PLACE / CHEST)
        "_to_roll",  # dice in the cup while ROLLING
        "_rolls_left",  # rerolls still allowed this turn
        "_board",  # tuple per level (index 0 = level 1) of shells per seat
        "_hand",  # shells not yet placed, per seat
        "_chests",  # per seat: tuple of chest values taken (secret to the others)
        "_pile",  # chests left per distinct value (order of game.chest_values)
        "_end_by",  # seat who placed their last shell first, or -1
        "_finals_left",  # final turns still to be played once the end is triggered
        "_turn_no",  # turns started so far (bonus turns count)
        "_last_turn",  # per seat: number of the last turn they started (-1: none yet)
        "_bonus",  # the current turn is an extra turn after a perfect dive
        "_over",  # why the game ended ("" while it goes on)
    )

    game: IntoTheBlueGame
    if TYPE_CHECKING:  # the slots' types (a slot is not a class attribute, so this is for the checker only)
        current_player: int
        _phase: int
        _player: int
        _kept: int
        _rolled: int
        _dice: int
        _to_roll: int
        _rolls_left: int
        _board: tuple[tuple[int, ...], ...]
        _hand: tuple[int, ...]
        _chests: tuple[tuple[int, ...], ...]
        _pile: tuple[int, ...]
        _end_by: int
        _finals_left: int
        _turn_no: int
        _last_turn: tuple[int, ...]
        _bonus: bool
        _over: str

    def __init__(self, game: IntoTheBlueGame, seed: int) -> None:
        self._init_base(game, seed)
        n = game.num_players
        self._board = tuple((0,) * n for _ in LEVELS)
        self._hand = (game.shells,) * n
        self._chests = ((),) * n
        self._pile = game.chest_pile
        self._end_by = -1
        self._finals_left = 0
        self._turn_no = 0
        self._last_turn = (-1,) * n
        self._over = ""
        self._rolled = dice.EMPTY
        self._dice = dice.EMPTY
        if game.first_player is None:  # R-IB-1: the first player is setup's chance outcome
            self._player = 0
            self._kept = dice.EMPTY
            self._to_roll = 0
            self._rolls_left = 0
            self._bonus = False
            self._phase = FIRST
            self.current_player = CHANCE
        else:
            self._start_turn(game.first_player, False)

    # ---- node type and legal moves ---------------------------------------------------
    # ``current_player`` is a slot kept in step with ``_phase`` (cheaper than a property;
    # it satisfies the abstract property of :class:`State`).

    def legal_actions(self) -> list[int]:
        """As :meth:`State.legal_actions`, from precomputed ascending tables."""
        phase = self._phase
        if phase == CHOOSE:
            return list(A.CHOOSE_ACTIONS[self._dice])
        if phase == ROLLING:
            return list(A.ROLL_ACTIONS[self._to_roll])
        if phase == PLACE:
            return list(A.PLACE_ACTIONS[self._dice])
        if phase == CHEST:
            return [A.CHEST0 + i for i, c in enumerate(self._pile) if c]
        if phase == FIRST:
            return [a for a, _ in self._first_weights()]
        return []

    def _first_weights(self) -> list[tuple[int, int]]:
        first0 = self.game.FIRST0
        return [(first0 + seat, 1) for seat in range(self.game.num_players)]

    def _legal_actions(self) -> list[int]:
        phase = self._phase
        if phase == CHOOSE:
            return list(A.CHOOSE_ACTIONS[self._dice])
        if phase == PLACE:
            return list(A.PLACE_ACTIONS[self._dice])
        return []

    def _chance_weights(self) -> list[tuple[int, int]]:
        phase = self._phase
        if phase == ROLLING:
            return A.ROLL_WEIGHTS[self._to_roll]
        if phase == CHEST:
            return [(A.CHEST0 + i, c) for i, c in enumerate(self._pile) if c]
        if phase == FIRST:
            return self._first_weights()
        return _NO_WEIGHTS

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """As :meth:`State.chance_outcomes`; a roll's list (up to 462 outcomes) is built once at import,
        so algorithms that walk the public API pay a list copy, not 462 divisions."""
        if self._phase == ROLLING:
            return list(A.ROLL_OUTCOMES[self._to_roll])
        return super().chance_outcomes()

    def exact_chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """As :meth:`State.exact_chance_outcomes`, a roll's fractions built once at import."""
        if self._phase == ROLLING:
            return list(A.ROLL_EXACT[self._to_roll])
        return super().exact_chance_outcomes()

    def _is_legal(self, action: Any) -> bool:
        # Same answer as the base class, from precomputed sets (the base scans lists).
        if type(action) is not int:
            return False
        phase = self._phase
        if phase == ROLLING:
            return action in A.ROLL_SETS[self._to_roll]
        if phase == CHOOSE:
            return action in A.CHOOSE_SETS[self._dice]
        if phase == PLACE:
            return action in A.PLACE_ACTIONS[self._dice]
        if phase == CHEST:
            i = action - A.CHEST0
            return 0 <= i < len(self._pile) and self._pile[i] > 0
        if phase == FIRST:
            return 0 <= action - self.game.FIRST0 < self.game.num_players
        return False

    def sample_chance(self, rng: Rng | None = None) -> int:
        """As :meth:`State.sample_chance` (same draw for the same generator), but by bisection."""
        if self._phase != ROLLING:
            return super().sample_chance(rng)
        if rng is None:
            rng = Rng.for_key(self.seed, self._hist_len)
        acts, cum, total = A.ROLL_CUM[self._to_roll]
        return acts[bisect_right(cum, rng.randbelow(total))]

    # ---- the public read API (see fathom.core.api) --------------------------------------
    @property
    def turn_seat(self) -> int:
        return self._player

    @property
    def step_kind(self) -> str:
        """``rolling`` (chance: the dice in the cup), ``choose`` (stop or reroll), ``place``
        (which level of the run), ``chest`` (chance: the chest drawn) or ``over``."""
        return PHASE_NAMES[self._phase]

    def chance_observer(self) -> int | None:
        """The chest drawn after a perfect dive is seen by its taker alone (kept face down)."""
        return self._player if self._phase == CHEST else None

    @property
    def turn_number(self) -> int:
        """Turns started so far, bonus turns after a perfect dive included."""
        return self._turn_no

    @property
    def rolls_left(self) -> int:
        """Rerolls the seat to move may still make this turn."""
        return self._rolls_left

    def fields(self) -> dict[str, Any]:
        """Every field of the position by name, hidden chests included: the referee's truth, as
        :meth:`scores` is. Why: a compiled engine (``fathom.fast``) loads a search's
        determinization from it (whose hidden parts are sampled); never hand it to a player."""
        return {
            "current_player": self.current_player, "phase": self._phase, "player": self._player,
            "kept": self._kept, "rolled": self._rolled, "dice": self._dice, "to_roll": self._to_roll,
            "rolls_left": self._rolls_left, "board": self._board, "hand": self._hand, "chests": self._chests,
            "pile": self._pile, "end_by": self._end_by, "finals_left": self._finals_left,
            "turn_no": self._turn_no, "last_turn": self._last_turn, "bonus": self._bonus, "over": self._over,
            "seed": self.seed, "moves": self._hist_len,
        }

    # ---- the rules -------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == ROLLING:
            rolled = action - A.ROLL0
            self._rolled = rolled
            self._dice = _ADD[self._kept * _KEY + rolled]
            if self._log is not None:
                self._emit({"type": "roll", "seat": self._player, "rolled": _FACES[rolled],
                            "kept": _FACES[self._kept], "dice": _FACES[self._dice], "rolls_left": self._rolls_left})
            if self._rolls_left:
                self._phase = CHOOSE
                self.current_player = self._player
            else:
                self._resolve()
        elif phase == CHOOSE:
            if action == A.STOP:
                if self._log is not None:
                    self._emit({"type": "stop", "seat": self._player, "dice": _FACES[self._dice]})
                self._resolve()
            else:
                reroll = action - A.REROLL0
                self._kept = _KEEP[self._dice * _KEY + reroll]
                self._to_roll = dice.SIZE[reroll]
                self._rolls_left -= 1
                self._phase = ROLLING
                self.current_player = CHANCE
                if self._log is not None:
                    self._emit({"type": "reroll", "seat": self._player, "reroll": _FACES[reroll],
                                "kept": _FACES[self._kept], "rolls_left": self._rolls_left})
        elif phase == PLACE:
            self._place(action - A.PLACE0, auto=False)
        elif phase == CHEST:
            self._take_chest(action - A.CHEST0)
        elif phase == FIRST:
            seat = action - self.game.FIRST0
            if self._log is not None:
                self._emit({"type": "first_player", "seat": seat})
            self._start_turn(seat, False)
        else:  # pragma: no cover - apply() rejects actions at a terminal state
            raise IllegalActionError(f"{self.game.name}: the game is over")

    def _start_turn(self, seat: int, bonus: bool) -> None:
        self._player = seat
        self._turn_no = turn = self._turn_no + 1
        last = self._last_turn
        self._last_turn = last[:seat] + (turn,) + last[seat + 1:]
        self._bonus = bonus
        self._kept = dice.EMPTY
        self._to_roll = dice.DICE
        self._rolls_left = self.game.rerolls
        self._phase = ROLLING
        self.current_player = CHANCE
        if self._log is not None:
            self._emit({"type": "turn", "seat": seat, "turn": self._turn_no, "bonus": bonus,
                        "final": self._end_by >= 0})

    def _resolve(self) -> None:
        """The dice are final: failed dive, perfect dive or a placement."""
        d = self._dice
        run = dice.RUN[d]
        if run == 0:
            if self._log is not None:
                self._emit({"type": "dive", "seat": self._player, "result": "failed", "run": 0})
            self._end_turn()
        elif dice.PERFECT[d]:
            if self._log is not None:
                self._emit({"type": "dive", "seat": self._player, "result": "perfect", "run": 5})
            self._phase = CHEST
            self.current_player = CHANCE
        else:
            if self._log is not None:
                self._emit({"type": "dive", "seat": self._player, "result": "run", "run": run})
            if run == 1:  # a single level: no choice to ask for
                self._place(1, auto=True)
            else:
                self._phase = PLACE
                self.current_player = self._player

    def _place(self, level: int, auto: bool) -> None:
        seat = self._player
        shown = dice.COUNTS[self._dice][level - 1]
        hand = self._hand[seat]
        n = placement.shells_placed(shown, hand)
        row = list(self._board[level - 1])
        row[seat] += n
        board = list(self._board)
        board[level - 1] = tuple(row)
        self._board = tuple(board)
        hands = list(self._hand)
        hands[seat] = hand - n
        self._hand = tuple(hands)
        if self._log is not None:
            self._emit({"type": "place", "seat": seat, "level": level, "shells": n, "dice": shown, "auto": auto})
        if hand - n == 0 and self._end_by < 0:
            self._end_by = seat
            self._finals_left = self.game.num_players - 1
            if self._log is not None:
                self._emit({"type": "end_triggered", "seat": seat, "final_turns": self._finals_left})
        self._end_turn()

    def _take_chest(self, index: int) -> None:
        seat = self._player
        value = self.game.chest_values[index]
        pile = list(self._pile)
        pile[index] -= 1
        self._pile = tuple(pile)
        chests = list(self._chests)
        chests[seat] = chests[seat] + (value,)
        self._chests = tuple(chests)
        if self._log is not None:
            self._emit({"type": "chest", "seat": seat, "value": Secret(seat, value), "chests_left": sum(pile)})
        if not any(pile):
            self._finish("last chest")
        else:
            self._start_turn(seat, True)

    def _end_turn(self) -> None:
        seat = self._player
        if self._end_by >= 0 and seat != self._end_by:
            self._finals_left -= 1
            if self._finals_left == 0:
                self._finish("last shell")
                return
        self._start_turn((seat + 1) % self.game.num_players, False)

    def _finish(self, reason: str) -> None:
        self._phase = OVER
        self.current_player = TERMINAL
        self._over = reason
        if self._log is not None:
            totals = self.scores()
            self._emit({"type": "game_over", "reason": reason, "scores": totals,
                        "winners": scoring.winners(totals), "chests": [list(c) for c in self._chests]})

    # ---- scores ----------------------------------------------------------------------
    def treasure_points(self) -> list[int]:
        """Treasures each seat holds if the game ended now (public: the board is open)."""
        return scoring.treasure_points(self._board, self._hand, self._last_turn, self.game.tokens)

    def awards(self) -> list[scoring.Award]:
        """Every treasure token and who takes it if the game ended now, deepest level first."""
        return scoring.awards(self._board, self._hand, self._last_turn, self.game.tokens)

    def scores(self) -> list[float]:
        """Treasures plus chest values. Before the end this includes hidden chests: it is
        the referee's number; what a seat may see is in :meth:`view`."""
        return [float(t + sum(c)) for t, c in zip(self.treasure_points(), self._chests)]

    def _scores_public(self) -> bool:
        """Totals include chest values, which each seat keeps face down until the end."""
        return self._phase == OVER

    def winners(self) -> list[int]:
        if self._phase != OVER:
            return []
        return scoring.winners(self.scores())

    # ---- copies, equality, hidden information ----------------------------------------
    def _copy(self) -> IntoTheBlueState:
        o = IntoTheBlueState.__new__(IntoTheBlueState)
        o.current_player = self.current_player
        o._phase = self._phase
        o._player = self._player
        o._kept = self._kept
        o._rolled = self._rolled
        o._dice = self._dice
        o._to_roll = self._to_roll
        o._rolls_left = self._rolls_left
        o._board = self._board
        o._hand = self._hand
        o._chests = self._chests
        o._pile = self._pile
        o._end_by = self._end_by
        o._finals_left = self._finals_left
        o._turn_no = self._turn_no
        o._last_turn = self._last_turn
        o._bonus = self._bonus
        o._over = self._over
        return o

    def _key(self) -> tuple[Any, ...]:
        phase = self._phase
        return (phase, self._player, self._kept, self._rolled, self._dice,
                self._to_roll if phase == ROLLING else 0, self._rolls_left, self._board, self._hand,
                self._chests, self._pile, self._end_by, self._finals_left, self._turn_no, self._last_turn,
                self._bonus, self._over)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Others' chest values are redrawn from every chest ``seat`` has not seen."""
        if self._phase == OVER:
            return  # everything is revealed at the end
        game = self.game
        pool: list[int] = []
        for value, count in zip(game.chest_values, game.chest_pile):
            pool += [value] * count
        for value in self._chests[seat]:
            pool.remove(value)
        rng.shuffle(pool)
        chests = []
        for s, taken in enumerate(self._chests):
            if s == seat:
                chests.append(taken)
            else:
                chests.append(tuple(pool.pop() for _ in taken))
        self._chests = tuple(chests)
        self._pile = tuple(pool.count(v) for v in game.chest_values)

    # ---- what a seat may see -----------------------------------------------------------
    def _snapshot(self) -> dict[str, Any]:
        game = self.game
        n = game.num_players
        over = self._phase == OVER
        public = self._scores_public()
        phase = self._phase
        treasure = self.treasure_points()
        standings = {level: scoring.rank_level(level, self._board, self._hand, self._last_turn)
                     for level in LEVELS}
        levels = []
        for i in range(len(game.data.treasures)):
            level = i + 1
            tokens = game.tokens[i]
            levels.append({
                "level": level,
                "shells": list(self._board[i]),
                "main": tokens[0],
                "secondary": list(tokens[1:]),
                "standing": standings[level],
            })
        seats = []
        for s in range(n):
            values = sorted(self._chests[s])
            total = treasure[s] + sum(values)
            seats.append({
                "seat": s,
                "shells_left": self._hand[s],
                "chests": len(values),
                "chest_values": values if over else Secret(s, values),
                "treasure_points": treasure[s],
                "score": total if public else Secret(s, total),
                "last_turn": self._last_turn[s],
            })
        turn: dict[str, Any] = {
            "seat": self._player,
            "number": self._turn_no,
            "bonus": self._bonus,
            "final": self._end_by >= 0,
            "phase": PHASE_NAMES[phase],
            "rolls_left": self._rolls_left,
        }
        if phase == FIRST:
            turn.update(seat=None, kept=[], rolling=0, dice=[], rolled=[])
        elif phase == ROLLING:
            turn.update(kept=dice.face_list(self._kept), rolling=self._to_roll,
                        dice=dice.face_list(self._kept), rolled=[])
        elif phase != OVER:
            d = self._dice
            turn.update(kept=dice.face_list(self._kept), rolling=0, dice=dice.face_list(d),
                        rolled=dice.face_list(self._rolled), run=dice.RUN[d], perfect=dice.PERFECT[d])
            if phase == PLACE:
                hand = self._hand[self._player]
                turn["placements"] = [{"level": lv, "dice": c, "shells": placement.shells_placed(c, hand)}
                                      for lv, c in dice.PLACEMENTS[d]]
        out: dict[str, Any] = {
            "game": game.name,
            "players": n,
            "current_player": self.current_player,
            "turn": turn,
            "levels": levels,
            "seats": seats,
            "chests_left": sum(self._pile),
            "end": {
                "triggered_by": self._end_by if self._end_by >= 0 else None,
                "final_turns_left": self._finals_left,
                "over": over,
                "reason": self._over or None,
                "winners": self.winners() if over else [],
            },
            "rules": {
                "shells_per_player": game.shells,
                "rolls_per_turn": game.rerolls + 1,
                "chest_values": list(game.data.chest_values),  # the box's chests (which is where is hidden)
            },
            "reconstructed": game.data.reconstructed(),
        }
        return out
