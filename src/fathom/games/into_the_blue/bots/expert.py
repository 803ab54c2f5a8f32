"""Into the Blue expert bot: majority-aware values, played with exact dice expectimax.

How it plays (from ``state.view(seat)`` and the legal actions only):

1. Values every placement "``n`` shells on level ``L``" by what it changes in the
   treasure majorities (:mod:`fathom.games.into_the_blue.scoring` on the public
   board): own provisional gain, plus half the rivals' average loss, plus a small
   bonus for depth (deeper shells keep counting in the tie-break cascade of every
   level below... and deeper tokens are worth more). Shells beyond those left in
   hand are worth nothing; emptying the hand (which ends the game) is rewarded
   when the bot leads and penalised when it trails.
2. Values a perfect dive as the average of the chests it has not seen plus an
   extra turn, or, for the last chest (which ends the game), by whether it would
   then lead.
3. Gives every possible final table of six dice the value of its best outcome
   (a perfect dive, the best placement of the run, 0 for a failed dive) and, at
   each reroll decision, keeps the dice that maximise the expected value under
   optimal play from there (:func:`fathom.games.into_the_blue.odds.solve_utility`,
   exact over the 462 tables). ``dice_play="target"`` is the earlier rule, kept to
   measure against: chase the single target with the best ``P(target) x value``;
   it ignores what a missed target still pays, and the expectimax wins 46.9% as one
   seat against three of it (2000 games, parity 25%; docs/into_the_blue.md).
4. Places on the level of the run with the best value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from fathom.bots.base import ViewBot
from fathom.bots.settings import with_settings
from fathom.core.api import State
from fathom.games.into_the_blue import dice, odds, scoring
from fathom.games.into_the_blue.game import IntoTheBlueGame
from fathom.games.into_the_blue import placement
from fathom.games.into_the_blue.data import LEVELS


@dataclass(frozen=True)
class ExpertParams:
    """Hand-set weights (points); a bot spec may change them: ``expert(rival_weight=0.3)``."""

    rival_weight: float = 0.5  # a point a rival loses counts this much for me
    depth_bonus: float = 0.25  # per shell per level of depth
    extra_turn: float = 3.0  # first guess of a fresh turn's value (see turn_solution)
    end_swing: float = 6.0  # emptying the hand while ahead (+) or behind (-)


DEFAULT = ExpertParams()
DICE_PLAY = ("utility", "target")
UTILITY_SCALE = 1000  # values are solved as integers: thousandths of a point


class Position:
    """What the expert reads from a view, plus its valuations."""

    def __init__(self, view: dict[str, Any], seat: int, params: ExpertParams = DEFAULT) -> None:
        self.seat = seat
        self.params = params
        self.n = view["players"]
        self.board = [list(level["shells"]) for level in view["levels"]]
        self.tokens = [(level["main"],) + tuple(level["secondary"]) for level in view["levels"]]
        seats = view["seats"]
        self.hand = [s["shells_left"] for s in seats]
        self.last = [s["last_turn"] for s in seats]
        self.chest_counts = [s["chests"] for s in seats]
        self.own_chests = list(seats[seat].get("chest_values", []))
        self.chests_left = view["chests_left"]
        self.all_chests = list(view["rules"]["chest_values"])
        self.rerolls = view["rules"]["rolls_per_turn"] - 1
        self.base = scoring.treasure_points(self.board, self.hand, self.last, self.tokens)
        self.mean_chest = self._mean_unseen_chest()
        self._values: dict[tuple[int, int], float] = {}
        self.extra_turn = params.extra_turn

    def _mean_unseen_chest(self) -> float:
        pool = list(self.all_chests)
        for v in self.own_chests:
            if v in pool:
                pool.remove(v)
        return sum(pool) / len(pool) if pool else 6.0

    def estimated_totals(self) -> list[float]:
        """Own total exactly; rivals' chests at the unseen average."""
        out = []
        for s in range(self.n):
            chests = sum(self.own_chests) if s == self.seat else self.chest_counts[s] * self.mean_chest
            out.append(self.base[s] + chests)
        return out

    def lead_margin(self, totals: list[float]) -> float:
        me = totals[self.seat]
        return me - max(t for s, t in enumerate(totals) if s != self.seat)

    def place_value(self, level: int, shown: int) -> float:
        key = (level, shown)
        if key in self._values:
            return self._values[key]
        seat = self.seat
        m = placement.shells_placed(shown, self.hand[seat])
        board = [row[:] for row in self.board]
        board[level - 1][seat] += m
        hand = self.hand[:]
        hand[seat] -= m
        pts = scoring.treasure_points(board, hand, self.last, self.tokens)
        gain = pts[seat] - self.base[seat]
        rivals = sum(self.base[s] - pts[s] for s in range(self.n) if s != seat) / (self.n - 1)
        params = self.params
        value = gain + params.rival_weight * rivals + params.depth_bonus * m * level
        if hand[seat] == 0:  # this placement ends the game after one more round
            totals = self.estimated_totals()
            totals[seat] += gain
            value += params.end_swing if self.lead_margin(totals) > 0 else -params.end_swing
        self._values[key] = value
        return value

    def chest_value(self) -> float:
        if self.chests_left <= 1:  # the last chest ends the game at once
            totals = self.estimated_totals()
            totals[self.seat] += self.mean_chest
            return 50.0 if self.lead_margin(totals) > 0 else -50.0
        return self.mean_chest + self.extra_turn

    def table_value(self, table: int) -> float:
        """Value of ending the turn with ``table`` (best placement, chest, or nothing)."""
        if dice.PERFECT[table]:
            return self.chest_value()
        return max((self.place_value(lv, c) for lv, c in dice.PLACEMENTS[table]), default=0.0)


def _solve_turn(pos: Position) -> odds.Solution:
    utility = [0] * len(dice.MULTISETS)
    for d in dice.SIX:
        utility[d] = round(UTILITY_SCALE * pos.table_value(d))
    return odds.solve_utility(utility, pos.rerolls)


def turn_solution(pos: Position) -> odds.Solution:
    """Optimal keeps for this turn: every final table valued by its best outcome (failed dive: 0).

    The extra turn a perfect dive earns is worth what a fresh turn is worth: solved
    once with the first guess ``params.extra_turn``, then again with that value (a
    constant undervalued it and measured weaker: 30.3% vs 25% parity, 2000 games).
    Sets ``pos.extra_turn``.
    """
    pos.extra_turn = pos.params.extra_turn
    pos.extra_turn = _solve_turn(pos).turn_start_float() / UTILITY_SCALE
    return _solve_turn(pos)


class IntoTheBlueExpertBot(ViewBot):
    """Majority values played with the exact dice expectimax (see the module docstring).

    As strong as level 3 here (the search only adds where to place, and measured no
    better), so it is offered by name beside the levels rather than as one of them.
    """

    name = "expert"

    def __init__(self, seed: int = 0, dice_play: str = "utility", **params: float) -> None:
        super().__init__(seed)
        if dice_play not in DICE_PLAY:
            raise ValueError(f"{self.name} dice_play must be one of {', '.join(DICE_PLAY)}, not {dice_play!r}")
        self.dice_play = dice_play
        self.params = with_settings(self.name, DEFAULT, params, also_allowed=("dice_play",))

    def decide(self, state: State, view: dict[str, Any], seat: int, legal: list[int]) -> int:
        turn = view["turn"]
        game = cast(IntoTheBlueGame, state.game)
        pos = Position(view, seat, self.params)
        table = dice.from_faces(turn["dice"])
        if turn["phase"] == "place":
            counts = dice.COUNTS[table]
            return max(
                (a for a in legal if a in game.PLACE_LEVEL),
                key=lambda a: (pos.place_value(game.PLACE_LEVEL[a], counts[game.PLACE_LEVEL[a] - 1]), a),
            )
        rerolls_left = turn["rolls_left"]
        if self.dice_play == "utility":
            reroll = turn_solution(pos).best_reroll(table, rerolls_left)
        else:
            target = self.pick_target(pos, table, rerolls_left)
            if target is None:
                return game.A_STOP
            reroll = odds.solve(target, pos.rerolls).best_reroll(table, rerolls_left)
        if reroll == dice.EMPTY:
            return game.A_STOP
        action = game.reroll_action(reroll)
        return action if action in legal else game.A_STOP

    def pick_target(self, pos: Position, table: int, rerolls_left: int) -> odds.TargetLike | None:
        """The target with the best exact ``P x value`` from here; ``None``: stop now."""
        best, best_score = None, pos.table_value(table)  # stopping now is certain
        candidates: list[tuple[odds.TargetLike, float]] = [(odds.PERFECT, pos.chest_value())]
        hand = pos.hand[pos.seat]
        for level in LEVELS:
            for count in range(1, min(hand, 4) + 1):
                candidates.append((odds.Target(level, count), pos.place_value(level, count)))
        for target, value in candidates:
            if value <= 0:
                continue
            p = odds.solve(target, pos.rerolls).after_roll_float(table, rerolls_left)
            score = p * value
            if score > best_score + 1e-12:
                best, best_score = target, score
        return best


class IntoTheBlueHeuristicBot(IntoTheBlueExpertBot):
    """Level 2: the expert's values with the hand rule for the dice (chase the single target
    with the best ``P x value``), a rung between greedy and the exact play of level 3."""

    name = "heuristic"

    def __init__(self, seed: int = 0, dice_play: str = "target", **params: float) -> None:
        super().__init__(seed, dice_play=dice_play, **params)
