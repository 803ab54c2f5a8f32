"""Deep Blue's state: the fields of a position and the dispatch of each step.

The rules themselves live in topic modules mixed in here (setup and crew cards,
market, sail, dive, views, hidden information); this module only holds the data,
copies it, and routes each action to the rule for the current step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fathom.core.api import CHANCE, TERMINAL, State
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.crew import CrewRules
from fathom.games.deep_blue.dive import DiveRules
from fathom.games.deep_blue.facts import FACE_DOWN, NO_TILE, Facts
from fathom.games.deep_blue.game import MARKET_SLOTS, DeepBlueGame
from fathom.games.deep_blue.knowledge import HiddenInfo
from fathom.games.deep_blue.market import THEN_START, MarketRules
from fathom.games.deep_blue.sail import SailRules
from fathom.games.deep_blue.scenarios import NO_SCENARIO, ScenarioRules
from fathom.games.deep_blue.scoring import final_winners
from fathom.games.deep_blue.views import ViewBuilder

_FIELDS = (
    # whose step it is
    "phase", "actor", "turn",
    # the Captain's Log card in play (a ScenarioRules; drawn at setup when scenario=random)
    "scenario",
    # crew cards (per player, tuples of counts by card type)
    "hands", "rests", "known_hand", "known_rest", "in_play",
    # per player
    "tokens", "vp",
    # boats: index 2*seat + boat
    "boat_node", "boat_spot",
    # board
    "site_tile", "site_gem", "unrevealed", "setup_left", "setup_site", "fresco",
    # gems and cards in common areas
    "bag", "supply", "deck", "market", "discarded",
    # the action under way
    "pay_left", "pay_for", "sail_points", "moved", "landing", "scatter", "storm", "refill", "refill_then",
    "rest_left", "rush_queue",
    # the dive under way
    "d_site", "d_tile", "d_leader", "d_in", "d_out", "d_joined", "d_both", "d_drawn", "d_order",
    "d_card_vp", "d_count_used", "d_step", "d_hazards", "d_queue",
)
_LIST_FIELDS = frozenset(
    {"hands", "rests", "known_hand", "known_rest", "in_play", "tokens", "vp", "boat_node", "boat_spot",
     "site_tile", "site_gem", "bag", "supply", "market", "d_drawn", "d_card_vp"}
)
_TUPLE_FIELDS = frozenset(
    {"unrevealed", "setup_left", "deck", "discarded", "landing", "scatter", "storm", "refill", "rush_queue",
     "d_order", "d_step", "d_hazards", "d_queue"}
)
"""The fields held as tuples (counts and queues), so a position rebuilt from plain lists is the same."""
_PER_SEAT_COUNTS = ("hands", "rests", "known_hand", "known_rest", "in_play")  # lists of tuples

__all__ = ["FACE_DOWN", "NO_TILE", "DeepBlueState"]


class DeepBlueState(CrewRules, MarketRules, SailRules, DiveRules, ViewBuilder, HiddenInfo, Facts, State):
    """One Deep Blue position. See :mod:`fathom.games.deep_blue.phases` for the steps."""

    __slots__ = _FIELDS + ("_cache",)

    game: DeepBlueGame

    def __init__(self, game: DeepBlueGame, seed: int) -> None:
        self._init_base(game, seed)
        comp = game.components
        n = game.num_players
        n_cards = len(comp.cards)
        zeros = (0,) * n_cards
        starting = tuple(c.copies if c.starting else 0 for c in comp.cards)
        self.actor = CHANCE
        # R-DB-1: the scenario (when random), then the first player (unless named), are setup's first draws
        self.scenario = game.scenario if game.scenario is not None else ScenarioRules(NO_SCENARIO)
        first = game.first_player
        self.turn = 0 if first is None else first
        self.phase = ph.SETUP_SCENARIO if game.scenario is None else ph.SETUP_FIRST if first is None else ph.SETUP_TILE
        self.hands = [starting] * n
        self.rests = [zeros] * n
        self.known_hand = [starting] * n
        self.known_rest = [zeros] * n
        self.in_play = [zeros] * n
        self.tokens = [0] * n if first is None else self.starting_tokens(first)  # R-DB-1: dealt once first is known
        self.vp = [0] * n
        self.boat_node = [comp.harbour] * (2 * n)
        self.boat_spot = [-1] * (2 * n)
        self.site_tile = [NO_TILE] * len(comp.node_ids)
        for node in comp.advanced_sites:
            self.site_tile[node] = FACE_DOWN
        self.site_gem = [-1] * len(comp.node_ids)
        self.unrevealed = tuple(0 if t.set == "starting" else 1 for t in comp.tiles)
        self.setup_left = tuple(1 if t.set == "starting" else 0 for t in comp.tiles)
        self.setup_site = 0
        self.fresco = 0
        self.bag = list(comp.bag_at_setup)
        self.supply = list(comp.supply_at_setup)
        self.deck = tuple(0 if c.starting else c.copies for c in comp.cards)
        self.market = [-1] * MARKET_SLOTS
        self.discarded = zeros
        self.pay_left = 0
        self.pay_for = -1
        self.sail_points = 0
        self.moved = 0
        self.landing: tuple[int, ...] = ()
        self.scatter: tuple[int, ...] = ()
        self.storm: tuple[int, ...] = ()
        self.refill: tuple[int, ...] = ()
        self.refill_then = THEN_START
        self.rest_left = 0
        self.rush_queue: tuple[int, ...] = ()
        self._clear_dive()
        self._cache: list[int] | None = None
        scenario = "drawn at random" if game.scenario is None else game.scenario.id
        self._emit({"type": "setup", "text": f"New game of Deep Blue for {n} players, scenario {scenario}"})

    def _clear_dive(self) -> None:
        self.d_site = -1
        self.d_tile = -1
        self.d_leader = -1
        self.d_in = 0
        self.d_out = 0
        self.d_joined = 0
        self.d_both = 0
        self.d_drawn = [0] * 7
        self.d_order: tuple[int, ...] = ()
        self.d_card_vp = [0] * self.game.num_players
        self.d_count_used = 0
        self.d_step: tuple[int, ...] = ()
        self.d_hazards: tuple[int, ...] = ()
        self.d_queue: tuple[int, ...] = ()

    # ---- engine API hooks ---------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.actor

    def _legal_actions(self) -> list[int]:
        cache = self._cache
        if cache is None:
            cache = self._cache = _LEGAL[self.phase](self)
        return list(cache)

    def _is_legal(self, action: Any) -> bool:
        if type(action) is not int:
            return False
        if self.actor == CHANCE:
            return any(a == action for a, _ in self._chance_weights())
        if self.actor == TERMINAL:
            return False
        cache = self._cache
        if cache is None:
            cache = self._cache = _LEGAL[self.phase](self)
        return action in cache

    def _chance_weights(self) -> list[tuple[int, int]]:
        return _CHANCE[self.phase](self)

    def _apply(self, action: int) -> None:
        self._cache = None
        _APPLY[self.phase](self, action)

    def _copy(self) -> DeepBlueState:
        # Written out field by field (generated from _FIELDS, checked by a test): a loop
        # with getattr/setattr costs twice as much, and search clones millions of times.
        other = DeepBlueState.__new__(DeepBlueState)
        other.phase = self.phase
        other.actor = self.actor
        other.turn = self.turn
        other.scenario = self.scenario
        other.hands = self.hands[:]
        other.rests = self.rests[:]
        other.known_hand = self.known_hand[:]
        other.known_rest = self.known_rest[:]
        other.in_play = self.in_play[:]
        other.tokens = self.tokens[:]
        other.vp = self.vp[:]
        other.boat_node = self.boat_node[:]
        other.boat_spot = self.boat_spot[:]
        other.site_tile = self.site_tile[:]
        other.site_gem = self.site_gem[:]
        other.unrevealed = self.unrevealed
        other.setup_left = self.setup_left
        other.setup_site = self.setup_site
        other.fresco = self.fresco
        other.bag = self.bag[:]
        other.supply = self.supply[:]
        other.deck = self.deck
        other.market = self.market[:]
        other.discarded = self.discarded
        other.pay_left = self.pay_left
        other.pay_for = self.pay_for
        other.sail_points = self.sail_points
        other.moved = self.moved
        other.landing = self.landing
        other.scatter = self.scatter
        other.storm = self.storm
        other.refill = self.refill
        other.refill_then = self.refill_then
        other.rest_left = self.rest_left
        other.rush_queue = self.rush_queue
        other.d_site = self.d_site
        other.d_tile = self.d_tile
        other.d_leader = self.d_leader
        other.d_in = self.d_in
        other.d_out = self.d_out
        other.d_joined = self.d_joined
        other.d_both = self.d_both
        other.d_drawn = self.d_drawn[:]
        other.d_order = self.d_order
        other.d_card_vp = self.d_card_vp[:]
        other.d_count_used = self.d_count_used
        other.d_step = self.d_step
        other.d_hazards = self.d_hazards
        other.d_queue = self.d_queue
        other._cache = self._cache
        return other

    def fields(self) -> dict[str, Any]:
        """Every field of the position by name, hidden parts included (hands, rest piles, deck, bag,
        face-down tiles), plus ``seed`` and ``moves`` (the history's length, which with the seed names
        the next chance draw): the referee's truth, as :meth:`scores` is. Why: a compiled engine
        (``fathom.fast``) loads a search's determinization from it (whose hidden parts are sampled)
        and gives its positions back through :meth:`from_fields`; never hand it to a player. The
        scenario is named by its id; lists are copies."""
        out: dict[str, Any] = {name: getattr(self, name) for name in _FIELDS}
        for name in _LIST_FIELDS:
            out[name] = list(out[name])
        out["scenario"] = self.scenario.id
        out["seed"], out["moves"] = self.seed, self._hist_len
        return out

    @classmethod
    def from_fields(cls, game: DeepBlueGame, fields: dict[str, Any]) -> DeepBlueState:
        """The position whose :meth:`fields` are ``fields`` (e.g. a compiled engine's row read back,
        :func:`fathom.games.deep_blue.kernels.view.fields`). It plays on exactly as the original would, but it is a
        position, not a game: it keeps no history of moves (``history()`` is empty, nothing to take
        back or replay) and records no events."""
        state = cls.__new__(cls)
        state._init_base(game, fields["seed"])
        state._hist_len = fields["moves"]
        state._log = None
        for name in _FIELDS:
            value = fields[name]
            setattr(state, name, list(value) if name in _LIST_FIELDS else value)
        state.scenario = ScenarioRules(fields["scenario"])
        for name in _TUPLE_FIELDS:
            setattr(state, name, tuple(getattr(state, name)))
        for name in _PER_SEAT_COUNTS:
            setattr(state, name, [tuple(counts) for counts in getattr(state, name)])
        state._cache = None
        return state

    def _key(self) -> tuple[Any, ...]:
        return tuple(
            tuple(v) if isinstance(v, list) else v for v in (getattr(self, name) for name in _FIELDS)
        )

    def scores(self) -> list[float]:
        return [float(v) for v in self.vp]

    def winners(self) -> list[int]:
        if self.phase != ph.OVER:
            return []
        return final_winners(self.vp, [self.owned_cards(p) for p in range(self.game.num_players)])

    # ---- shared helpers -----------------------------------------------------------------
    def seats_from(self, first: int) -> range | list[int]:
        """Seats in clockwise order starting with ``first`` (leader first, R-DB-8/9)."""
        n = self.game.num_players
        return [(first + i) % n for i in range(n)]

    def end_turn(self) -> None:
        """Played cards go to the rest pile (R-DB-7); the next seat clockwise plays."""
        for p in range(self.game.num_players):
            self.cards_to_rest(p)
        self.turn = (self.turn + 1) % self.game.num_players
        self.phase = ph.TURN
        self.actor = self.turn

    def game_over(self) -> None:
        self.phase = ph.OVER
        self.actor = TERMINAL
        for p in range(self.game.num_players):
            self.cards_to_rest(p)
        winners = self.winners()
        names = ", ".join(f"seat {w}" for w in winners)
        self._emit({"type": "game-over", "vp": list(self.vp), "winners": winners,
                    "text": f"The Sunken City fresco is complete. Final VP {self.vp}; winner(s): {names}"})


_LEGAL: dict[int, Callable[[DeepBlueState], list[int]]] = {
    ph.TURN: DeepBlueState.legal_turn,
    ph.PAY: DeepBlueState.legal_pay,
    ph.TAKE: DeepBlueState.legal_take,
    ph.SAIL_PAY: DeepBlueState.legal_sail_pay,
    ph.SAIL_MOVE: DeepBlueState.legal_sail_move,
    ph.SCOUT: DeepBlueState.legal_scout,
    ph.STORM_ORDER: DeepBlueState.legal_storm_order,
    ph.RUSH: DeepBlueState.legal_rush,
    ph.DEFEND: DeepBlueState.legal_defend,
    ph.PLAY: DeepBlueState.legal_play,
    ph.CONTINUE: DeepBlueState.legal_continue,
}
_CHANCE: dict[int, Callable[[DeepBlueState], list[tuple[int, int]]]] = {
    ph.SETUP_SCENARIO: DeepBlueState.chance_scenario,
    ph.SETUP_FIRST: DeepBlueState.chance_first_player,
    ph.SETUP_TILE: DeepBlueState.chance_setup_tile,
    ph.MARKET_DRAW: DeepBlueState.chance_market_draw,
    ph.REVEAL: DeepBlueState.chance_reveal,
    ph.SCATTER: DeepBlueState.chance_gem,
    ph.DRAW: DeepBlueState.chance_gem,
    ph.REST_DRAW: DeepBlueState.chance_rest_draw,
}
for _phase in list(_LEGAL) + [ph.OVER]:
    _CHANCE.setdefault(_phase, lambda self: [])
for _phase in _CHANCE:
    _LEGAL.setdefault(_phase, lambda self: [])
_APPLY: dict[int, Callable[[DeepBlueState, int], None]] = {
    ph.SETUP_SCENARIO: DeepBlueState.apply_scenario,
    ph.SETUP_FIRST: DeepBlueState.apply_first_player,
    ph.SETUP_TILE: DeepBlueState.apply_setup_tile,
    ph.MARKET_DRAW: DeepBlueState.apply_market_draw,
    ph.TURN: DeepBlueState.apply_turn,
    ph.PAY: DeepBlueState.apply_pay,
    ph.TAKE: DeepBlueState.apply_take,
    ph.SAIL_PAY: DeepBlueState.apply_sail_pay,
    ph.SAIL_MOVE: DeepBlueState.apply_sail_move,
    ph.REVEAL: DeepBlueState.apply_reveal,
    ph.SCATTER: DeepBlueState.apply_scatter,
    ph.SCOUT: DeepBlueState.apply_scout,
    ph.STORM_ORDER: DeepBlueState.apply_storm_order,
    ph.RUSH: DeepBlueState.apply_rush,
    ph.DRAW: DeepBlueState.apply_draw,
    ph.DEFEND: DeepBlueState.apply_defend,
    ph.PLAY: DeepBlueState.apply_play,
    ph.CONTINUE: DeepBlueState.apply_continue,
    ph.REST_DRAW: DeepBlueState.apply_rest_draw,
}
