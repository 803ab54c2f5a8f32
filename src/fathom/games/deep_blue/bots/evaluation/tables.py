"""The static facts of one table as flat lists (built once per game, for speed), the kinds of
gems and spots, and the hand-tuned weights every estimate of level 2 and 3 uses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fathom.games.deep_blue.data import SPOT_KINDS

K_SILVER, K_GOLD, K_RED, K_BLUE, K_BLACK, K_EITHER = range(6)  # spot kinds, in the data's order
assert SPOT_KINDS == ("silver", "gold", "red", "blue", "black", "blue_or_black")


@dataclass(frozen=True)
class Params:
    """Hand-tuned weights (VP scale); tuned by self-play with ``fathom tournament``."""

    hold_alone: float = 0.85  # chance a tile I sit on is still there on my next turn (no rival near)
    hold_contested: float = 0.55  # ... with a rival boat on it or next to it
    rival_weight: float = 0.35  # VP a rival gains counts this much against me
    rival_share: float = 0.6  # a rushing rival's gem VP relative to a leader's optimal dive
    second_boat: float = 0.3  # weight of the second-best prospect
    future: float = 0.75  # discount of next turn's value against VP now
    defence_use: float = 2.5  # VP one defence card is worth per dive
    cash_use: float = 0.45  # per $ of a card, per use
    prop_use: float = 0.55  # per propeller of a card, per use
    token_value: float = 0.7  # a starting token (gone once used)
    cycle: float = 4.0  # turns before a spent card is back in hand
    dive_draws: int = 5  # gems a typical dive draws (odds of meeting a card's needs)
    lookahead: int = 5  # dive look-ahead cap (draws) for planning values
    decide_lookahead: int = 7  # cap when deciding continue/stop
    card_cost: float = 0.8  # VP lost by spending a defence card in a dive
    osla_bonus: float = 0.5  # with decide_lookahead 1: value of the draws after the next when none can hurt
    rest_min_gain: float = 1.0
    end_bonus: float = 25.0  # ending the game while ahead (or not ending it while behind)
    game_turns: float = 76.0  # turns in a typical game (all seats)


DEFAULT = Params()


class Tables:
    """Static facts of one game configuration and its scenario, as flat lists for speed."""

    def __init__(self, game: Any, scenario: Any = None) -> None:
        comp = game.components
        self.game = game
        self.n = game.num_players
        cards = comp.cards
        self.n_cards = len(cards)
        self.cash = [c.cash for c in cards]
        self.props = [c.propellers for c in cards]
        self.vp = [c.vp for c in cards]
        self.needs = [tuple(c.needs) for c in cards]
        self.needs_any = [c.needs_any for c in cards]
        self.protects = [c.protects for c in cards]
        self.scoring = [c.scores_in_dive for c in cards]
        self.tile_vp = [t.leader_vp for t in comp.tiles]
        self.tile_spots = [tuple(t.spots) for t in comp.tiles]
        self.tile_sunken = [t.sunken for t in comp.tiles]
        self.dist = comp.distance
        self.neighbours = comp.neighbours
        self.sites = tuple(comp.start_sites) + tuple(comp.advanced_sites)
        self.n_nodes = len(comp.node_ids)
        self.gem_vp = comp.gem_vp
        self.gem_vp_spot = comp.gem_vp_on_spot
        self.slot_prices = comp.slot_prices
        self.refresh_price = comp.refresh_price
        self.sunken_count = comp.sunken_count
        sc = scenario or game.scenario  # the state's when the scenario is drawn at setup (R-DB-1)
        self.scenario = sc.id
        self.card_bonus = sc.card_bonus
        self.pair_draw = sc.gems_per_draw
        self.storm = sc.forced_dive
        self.bounty = sc.bounty
        self.ruins = sc.everyone_scores_tile
        self.sunken_rush = sc.rush_distance
        self.one_count = bool(game.options.get("one_count_card_per_dive"))


_TABLES: dict[tuple[int, str | None], Tables] = {}


def tables(game: Any, scenario: Any = None) -> Tables:
    """The tables of ``game``; pass the state's ``scenario`` (always right, and needed when the
    table draws the scenario at setup)."""
    scenario = scenario or game.scenario
    key = (id(game), scenario.id if scenario is not None else None)
    t = _TABLES.get(key)
    if t is None or t.game is not game:
        t = _TABLES[key] = Tables(game, scenario)
    return t


def tables_for(state: Any) -> Tables:
    """The tables of the game and scenario a position is in."""
    return tables(state.game, state.scenario_rules())
