"""Deep Blue ``heuristic`` bot (level 2): hand-tuned planning on exact dive odds.

How it plays, with every number on one VP scale (:mod:`fathom.games.deep_blue.bots.evaluation`):

* **Turn**: scores each action by the VP it brings now plus the discounted value
  of the position it leaves. Dive: the exact expected VP of leading this dive with
  optimal stopping, minus a share of what rushing rivals gain (and a large term
  when a dive would end the game while ahead or behind). Sail: the best plan of
  destinations for both boats within the movement the hand can pay (a free
  scouting spot on a face-up tile, or the expected tile of a face-down site; a
  Storm reveal dives at once). Recruit/refresh: the card's VP over the rest of the
  game minus what paying costs. Rest: the cards it brings back.
* **Paying**: the cheapest set of cards and tokens that covers the price, where a
  card costs what its other use would have been worth.
* **Sailing / scouting**: re-plans at every step (deterministic), moves a boat one
  edge along a shortest route, takes the spot that adds most to its dive value.
* **Dives**: rushes a boat unless it holds a better prospect elsewhere; defends
  with a spot first, spends a card only if the VP at stake is worth it; plays every
  card it can; as leader continues while the exact optimal-stopping value (own VP,
  look-ahead capped, defence cards priced) beats stopping, corrected for what the
  other divers gain.

It reads only public fields and its own hand and rest pile (tested with a spy state).
"""

from __future__ import annotations

from collections.abc import Callable

from fathom.games.deep_blue.bots.evaluation import DEFAULT, Params, tables_for
from fathom.games.deep_blue.bots.heuristic.diving import Diving
from fathom.games.deep_blue.bots.heuristic.turn import TurnChoice
from fathom.bots.settings import with_settings
from fathom.core.api import State
from fathom.core.rng import Rng


class DeepBlueHeuristicBot(TurnChoice, Diving):
    """Level 2: see the module docstring. Each topic of its play is one module of this package:
    ``turn``, ``sailing``, ``paying``, ``diving``, on the judgements of ``core``."""

    name = "heuristic"

    def __init__(self, seed: int = 0, params: Params | None = None, **overrides: float) -> None:
        self.rng = Rng(seed)
        self.params = with_settings(self.name, params or DEFAULT, overrides, also_allowed=("seed",))

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        T = tables_for(state)
        p = state.current_player
        handler = _HANDLERS.get(state.step_kind)
        action = handler(self, state, T, p, legal) if handler else None
        return action if action in legal else legal[0]


_HANDLERS: dict[str, Callable[..., int]] = {
    "turn": DeepBlueHeuristicBot.turn,
    "pay": DeepBlueHeuristicBot.pay,
    "take": DeepBlueHeuristicBot.take,
    "sail-pay": DeepBlueHeuristicBot.sail_pay,
    "sail-move": DeepBlueHeuristicBot.sail_move,
    "scout": DeepBlueHeuristicBot.scout,
    "storm-order": DeepBlueHeuristicBot.storm_order,
    "rush": DeepBlueHeuristicBot.rush,
    "defend": DeepBlueHeuristicBot.defend,
    "play": DeepBlueHeuristicBot.play,
    "continue": DeepBlueHeuristicBot.continue_,
}
