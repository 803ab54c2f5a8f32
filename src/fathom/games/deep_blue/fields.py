"""The storage fields of a Deep Blue position, declared for the type checker.

The rules are written as mixins (crew, market, sail, dive, views, facts) that all work on
these fields; declaring them once here lets each mixin be checked on its own. Nothing
outside this package reads them: the public read API is :mod:`fathom.games.deep_blue.facts`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fathom.core.api import State
from fathom.games.deep_blue.counts import Counts

if TYPE_CHECKING:
    from fathom.games.deep_blue.game import DeepBlueGame
    from fathom.games.deep_blue.scenarios import ScenarioRules


class StateFields(State):
    """Only for type checking: never instantiated, never a base at run time."""

    game: DeepBlueGame
    scenario: ScenarioRules
    phase: int
    actor: int
    turn: int
    hands: list[Counts]
    rests: list[Counts]
    known_hand: list[Counts]
    known_rest: list[Counts]
    in_play: list[Counts]
    tokens: list[int]
    vp: list[int]
    boat_node: list[int]
    boat_spot: list[int]
    site_tile: list[int]
    site_gem: list[int]
    unrevealed: Counts
    setup_left: Counts
    setup_site: int
    fresco: int
    bag: list[int]
    supply: list[int]
    deck: Counts
    market: list[int]
    discarded: Counts
    pay_left: int
    pay_for: int
    sail_points: int
    moved: int
    landing: tuple[int, ...]
    scatter: tuple[int, ...]
    storm: tuple[int, ...]
    refill: tuple[int, ...]
    refill_then: int
    rest_left: int
    rush_queue: tuple[int, ...]
    d_site: int
    d_tile: int
    d_leader: int
    d_in: int
    d_out: int
    d_joined: int
    d_both: int
    d_drawn: list[int]
    d_order: tuple[int, ...]
    d_card_vp: list[int]
    d_count_used: int
    d_step: tuple[int, ...]
    d_hazards: tuple[int, ...]
    d_queue: tuple[int, ...]
    _cache: list[int] | None

    # rules one mixin applies and another defines (the signatures only)
    def _clear_dive(self) -> None: ...
    def begin_payment(self, p: int, pay_for: int, price: int) -> None: ...
    def begin_rest(self, p: int) -> None: ...
    def cards_to_rest(self, p: int) -> None: ...
    def end_turn(self) -> None: ...
    def game_over(self) -> None: ...
    def hire(self, p: int, card: int) -> None: ...
    def owned_cards(self, p: int) -> int: raise NotImplementedError
    def pay_with_card(self, p: int, card: int, what: str, amount: int) -> None: ...
    def play_card(self, p: int, card: int) -> None: ...
    def resolve_storm_dives(self) -> None: ...
    def seats_from(self, first: int) -> range | list[int]: raise NotImplementedError
    def start_dive(self, node: int, leader: int, forced: bool) -> None: ...
    def start_refill(self, slots: tuple[int, ...], then: int) -> None: ...
