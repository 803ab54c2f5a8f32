"""What every part of level 2's plan judges the same way: the weights, the scores as the seat
sees them, whether the game is about to end, and how safely a boat holds a wreck."""

from __future__ import annotations

from typing import Any

from fathom.games.deep_blue.bots import evaluation as ev
from fathom.games.deep_blue.bots.evaluation import Params, Tables


class HeuristicCore:
    """The weights (``params``) and the judgements shared by turns, sails and dives."""

    params: Params

    def visible_vp(self, state: Any, T: Tables, p: int) -> list[float]:
        """Everyone's VP as ``p`` knows them: even with hidden totals every scoring event is public,
        so a player who counts knows them all (R-DB-18)."""
        return [float(v) for v in state.scores()]

    def behind(self, state: Any, T: Tables, p: int) -> bool:
        """Is ``p`` not ahead of every rival, as far as it can see?"""
        vp = self.visible_vp(state, T, p)
        return vp[p] <= max(v for o, v in enumerate(vp) if o != p)

    def ending_soon(self, state: Any, T: Tables) -> bool:
        """Will the next Sunken City dive end the game?"""
        return state.sunken_dived() + 1 >= T.sunken_count

    def final_tile(self, state: Any, T: Tables, node: int) -> bool:
        """Would a dive at ``node`` end the game (the last Sunken City tile)?"""
        tile = state.tile_at(node)
        return tile >= 0 and T.tile_sunken[tile] and self.ending_soon(state, T)

    def other_wrecks(self, state: Any, T: Tables) -> bool:
        """Is any wreck left besides Sunken City tiles (face up or still face down)?"""
        if sum(n for t, n in enumerate(state.face_down_tiles()) if not T.tile_sunken[t]):
            return True
        return any(state.tile_at(node) >= 0 and not T.tile_sunken[state.tile_at(node)] for node in T.sites)

    def ending_bonus(self, state: Any, T: Tables, p: int, mine: float, rivals: list[tuple[int, float]]) -> float:
        """± ``end_bonus`` for ending the game ahead or behind with ``mine`` more VP (rivals' gains given)."""
        vp = self.visible_vp(state, T, p)
        me = vp[p] + mine
        gains = dict(rivals)
        best_rival = max(vp[o] + gains.get(o, 0.0) / self.params.rival_share for o in range(T.n) if o != p)
        if me > best_rival:
            return self.params.end_bonus
        # behind: waiting helps only while other wrecks can still bring VP (else it only stalls)
        return -self.params.end_bonus if self.other_wrecks(state, T) else 0.0

    def hold(self, state: Any, T: Tables, p: int, node: int) -> float:
        """The share of a wreck's value a boat keeps until it can dive there (less with rivals near)."""
        return ev.hold_share(state, T, p, node, self.params)
