"""Deep Blue for the compiled engine: the state row's columns and the rules tables, built from a game.

Why from the reference game: the kernels must read the same component data (a user's corrected
``data_file`` included), the same options and the same action ids, so every value here is taken
from a :class:`~fathom.games.deep_blue.game.DeepBlueGame` (its components, its ``A_*``/``C_*`` ids,
:class:`~fathom.games.deep_blue.scenarios.ScenarioRules` and :mod:`~fathom.games.deep_blue.dive_model`)
and none is written into the kernels. Why one flat array each: see :mod:`fathom.games.into_the_blue.kernels.tables`.

**The state row** (``S[g]``, int64, :data:`S_WIDTH` columns) holds the reference state's fields
(:mod:`fathom.games.deep_blue.state`) at fixed columns, sized by the ``MAX_*`` limits (a data file
beyond them is refused with a clear error):

* scalars: ``S_CUR`` (who acts: a seat, ``CHANCE`` -1 or ``TERMINAL`` -4), ``S_PHASE`` (the
  reference's phase numbers, :mod:`fathom.games.deep_blue.phases`), ``S_TURN``, ``S_SCEN`` (the scenario in play, an
  index into :data:`SCENARIOS`; "none" until a random one is drawn, as the reference), ``S_SEED``
  (the seed as a 64-bit pattern), ``S_HIST`` (history length: chance is drawn from seed and this),
  ``S_SETUP_SITE``, ``S_FRESCO``, ``S_PAY_LEFT``, ``S_PAY_FOR``, ``S_SAIL_POINTS``, ``S_MOVED``,
  ``S_REFILL_THEN``, ``S_REST_LEFT``, and two running sums the reference recomputes: ``S_BAG_N``
  (gems in the bag), ``S_DECK_N`` (cards in the deck); ``S_AGAIN`` (1: a dive just ended and the
  storm dives still owed are to be resolved, see :mod:`fathom.games.deep_blue.kernels.kernel`);
* the reference's tuples used as queues, each ``*_H`` (head), ``*_N`` (end) and its items:
  ``S_LANDING`` (boats 0/1), ``S_SCATTER`` (nodes), ``S_REFILL`` (market slots), ``S_RUSH`` (seats),
  ``S_D_HAZ`` (hazard gems), ``S_D_Q`` (seats); ``S_STORM`` (``S_STORM_N`` nodes, no head: it is
  filtered, not popped) and ``S_D_STEP`` (``S_D_STEP_N`` gems of the draw under way);
* the dive: ``S_D_SITE``, ``S_D_TILE``, ``S_D_LEADER``, ``S_D_IN``, ``S_D_OUT``, ``S_D_JOINED``,
  ``S_D_BOTH`` (bit masks by seat), ``S_D_COUNT_USED``, ``S_D_DRAWN[gem]``, ``S_D_ORDER[i]``
  (``S_D_ORDER_N`` gems in draw order), ``S_D_CARD_VP[seat]``;
* per seat: ``S_TOKENS[p]``, ``S_VP[p]``, ``S_BOAT_NODE[2p + b]``, ``S_BOAT_SPOT[2p + b]``, and card
  counts ``S_HAND``, ``S_REST``, ``S_KNOWN_HAND``, ``S_KNOWN_REST``, ``S_IN_PLAY`` at
  ``[p * MAX_CARDS + card]``;
* the board and common areas: ``S_SITE_TILE[node]`` (``NO_TILE`` -1, ``FACE_DOWN`` -2 or a tile),
  ``S_SITE_GEM[node]``, ``S_UNREVEALED[tile]``, ``S_SETUP_LEFT[tile]``, ``S_BAG[gem]``,
  ``S_SUPPLY[gem]``, ``S_DECK[card]``, ``S_MARKET[slot]`` (-1 empty), ``S_DISCARDED[card]``.

**The tables** (``T``, int64, :data:`T_LEN`): scalars ``T_*`` (player count, sizes, options,
action ids), then per-action, per-card, per-tile, per-node, per-gem and per-scenario arrays at the
offsets ``T_*`` below; a per-action table is indexed by the action id (player actions and chance
outcomes share one id space).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.core.errors import OptionError
from fathom.games.deep_blue import dive_model
from fathom.games.deep_blue.data import GEMS, SPOT_KINDS, TREASURES
from fathom.games.deep_blue.facts import FACE_DOWN, NO_TILE
from fathom.games.deep_blue.game import MARKET_SLOTS
from fathom.games.deep_blue.scenarios import (
    ALL_SCENARIOS,
    BOUNTY_SET_SIZE,
    BOUNTY_VP_PER_SET,
    NO_SCENARIO,
    ScenarioRules,
)

MAX_PLAYERS = 5
MAX_CARDS = 32  # card types
MAX_TILES = 32  # tile types
MAX_NODES = 48  # map nodes
MAX_NEIGH = 8  # edges at one node
MAX_SPOTS = 8  # scouting spots on one tile
MAX_STORM = 4  # storm dives owed at once
MAX_DRAWN = 64  # gems drawn in one dive (the bag holds at most all gems)
MAX_PER_DRAW = 2  # gems drawn at once (Troubled Waters, R-DB-11)
N_GEMS = len(GEMS)
N_KINDS = len(SPOT_KINDS)
SCENARIOS = ALL_SCENARIOS + (NO_SCENARIO,)  # S_SCEN indexes this
NO_SCEN = len(ALL_SCENARIOS)
NEVER_HAZARD = MAX_DRAWN + 1  # T_HAZARD_FROM of a colour that is never a hazard (no dive draws that many)
assert FACE_DOWN == -2 and NO_TILE == -1  # the kernels test "a face-up tile" as >= 0


def _layout(start: int, *fields: tuple[str, int]) -> tuple[dict[str, int], int]:
    out, at = {}, start
    for name, size in fields:
        out[name] = at
        at += size
    return out, at


# ---- the state row ------------------------------------------------------------------------------
(S_CUR, S_PHASE, S_TURN, S_SCEN, S_SEED, S_HIST, S_SETUP_SITE, S_FRESCO, S_PAY_LEFT, S_PAY_FOR, S_SAIL_POINTS,
 S_MOVED, S_REFILL_THEN, S_REST_LEFT, S_BAG_N, S_DECK_N,
 S_LANDING_H, S_LANDING_N, S_SCATTER_H, S_SCATTER_N, S_STORM_N, S_REFILL_H, S_REFILL_N, S_RUSH_H, S_RUSH_N,
 S_D_SITE, S_D_TILE, S_D_LEADER, S_D_IN, S_D_OUT, S_D_JOINED, S_D_BOTH, S_D_COUNT_USED, S_D_ORDER_N,
 S_D_STEP_N, S_D_HAZ_H, S_D_HAZ_N, S_D_Q_H, S_D_Q_N, S_AGAIN) = range(40)
_S, S_WIDTH = _layout(
    40,
    ("LANDING", 2), ("SCATTER", MAX_NEIGH + 1), ("STORM", MAX_STORM), ("REFILL", MARKET_SLOTS), ("RUSH", MAX_PLAYERS),
    ("D_STEP", MAX_PER_DRAW), ("D_HAZ", MAX_PER_DRAW), ("D_Q", MAX_PLAYERS), ("D_DRAWN", N_GEMS), ("D_ORDER", MAX_DRAWN),
    ("D_CARD_VP", MAX_PLAYERS), ("TOKENS", MAX_PLAYERS), ("VP", MAX_PLAYERS), ("BOAT_NODE", 2 * MAX_PLAYERS),
    ("BOAT_SPOT", 2 * MAX_PLAYERS), ("HAND", MAX_PLAYERS * MAX_CARDS), ("REST", MAX_PLAYERS * MAX_CARDS),
    ("KNOWN_HAND", MAX_PLAYERS * MAX_CARDS), ("KNOWN_REST", MAX_PLAYERS * MAX_CARDS),
    ("IN_PLAY", MAX_PLAYERS * MAX_CARDS), ("SITE_TILE", MAX_NODES), ("SITE_GEM", MAX_NODES),
    ("UNREVEALED", MAX_TILES), ("SETUP_LEFT", MAX_TILES), ("BAG", N_GEMS), ("SUPPLY", N_GEMS), ("DECK", MAX_CARDS),
    ("MARKET", MARKET_SLOTS), ("DISCARDED", MAX_CARDS),
)
S_LANDING, S_SCATTER, S_STORM, S_REFILL, S_RUSH = _S["LANDING"], _S["SCATTER"], _S["STORM"], _S["REFILL"], _S["RUSH"]
S_D_STEP, S_D_HAZ, S_D_Q, S_D_DRAWN, S_D_ORDER = _S["D_STEP"], _S["D_HAZ"], _S["D_Q"], _S["D_DRAWN"], _S["D_ORDER"]
S_D_CARD_VP, S_TOKENS, S_VP, S_BOAT_NODE, S_BOAT_SPOT = (
    _S["D_CARD_VP"], _S["TOKENS"], _S["VP"], _S["BOAT_NODE"], _S["BOAT_SPOT"])
S_HAND, S_REST, S_KNOWN_HAND, S_KNOWN_REST, S_IN_PLAY = (
    _S["HAND"], _S["REST"], _S["KNOWN_HAND"], _S["KNOWN_REST"], _S["IN_PLAY"])
S_SITE_TILE, S_SITE_GEM, S_UNREVEALED, S_SETUP_LEFT = _S["SITE_TILE"], _S["SITE_GEM"], _S["UNREVEALED"], _S["SETUP_LEFT"]
S_BAG, S_SUPPLY, S_DECK, S_MARKET, S_DISCARDED = _S["BAG"], _S["SUPPLY"], _S["DECK"], _S["MARKET"], _S["DISCARDED"]

# ---- the tables ---------------------------------------------------------------------------------
# scalars: sizes; options (T_SCEN: the scenario index, -1 when drawn at setup; T_FIRST: the first
# seat, -1 when drawn; T_ONE_COUNT, T_HIDDEN: the two flags); the data's single numbers; action ids
(T_N, T_NC, T_NT, T_NN, T_NSTART, T_NADV, T_SCEN, T_FIRST, T_ONE_COUNT, T_HIDDEN, T_HARBOUR, T_REFRESH_PRICE,
 T_SUNKEN_COUNT, T_NUM_ACTIONS, T_NUM_PLAYER_ACTIONS,
 T_A_REFRESH, T_A_SAIL, T_A_REST, T_A_PAY_TOKEN, T_A_DONE, T_A_RESURFACE, T_A_CONTINUE, T_A_STOP,
 T_C_GEM0, T_C_CARD0, T_C_TILE0, T_C_FIRST0, T_C_SCEN0, T_BOUNTY_VP, T_BOUNTY_SET) = range(30)

# what an action id is (ACT_KIND) and what it names (ACT_ARG): a slot, card, node, spot kind or boat
(K_NONE, K_RECRUIT, K_REFRESH, K_SAIL, K_REST, K_DIVE, K_PAY, K_PAY_TOKEN, K_DONE, K_MOVE, K_SCOUT, K_TAKE, K_RUSH,
 K_DEFEND_CARD, K_DEFEND_SPOT, K_RESURFACE, K_PLAY, K_CONTINUE, K_STOP, K_CHANCE) = range(20)
MAX_ACTIONS_ID = 1024  # room for every action id of a data file within the MAX_* limits

# scenario table columns, one row of SC_WIDTH per entry of SCENARIOS
SC_PER_DRAW, SC_CARD_BONUS, SC_SCATTERS, SC_BOUNTY, SC_FORCED, SC_RUSH, SC_EVERYONE, SC_WIDTH = range(8)

_T, T_LEN = _layout(
    32,
    ("ACT_KIND", MAX_ACTIONS_ID), ("ACT_ARG", MAX_ACTIONS_ID), ("MOVE_BOAT", MAX_ACTIONS_ID), ("MOVE_SRC", MAX_ACTIONS_ID),
    ("A_RECRUIT", MARKET_SLOTS), ("A_TAKE", MARKET_SLOTS), ("A_RUSH", 2), ("A_DIVE", MAX_NODES), ("A_PAY", MAX_CARDS),
    ("A_DEFEND_CARD", MAX_CARDS), ("A_PLAY", MAX_CARDS), ("A_SCOUT", N_KINDS), ("A_DEFEND_SPOT", N_KINDS),
    ("A_MOVE", 2 * MAX_NODES * MAX_NODES), ("MOVES", 2 * MAX_NODES * MAX_NEIGH),
    ("CASH", MAX_CARDS), ("PROPS", MAX_CARDS), ("PROTECTS", MAX_CARDS), ("CARD_VP", MAX_CARDS),
    ("NEEDS", MAX_CARDS * N_GEMS), ("NEEDS_ANY", MAX_CARDS), ("ADDS_GEM", MAX_CARDS), ("SCORES", MAX_CARDS),
    ("STARTING", MAX_CARDS), ("COPIES", MAX_CARDS),
    ("LEADER_VP", MAX_TILES), ("SUNKEN", MAX_TILES), ("EMPTY", MAX_TILES), ("TILE_SET", MAX_TILES),
    ("NSPOTS", MAX_TILES), ("SPOTS", MAX_TILES * MAX_SPOTS),
    ("NEIGH_N", MAX_NODES), ("NEIGH", MAX_NODES * MAX_NEIGH), ("DIST", MAX_NODES * MAX_NODES),
    ("START_SITES", MAX_NODES), ("ADV_SITES", MAX_NODES),
    ("BAG0", N_GEMS), ("SUPPLY0", N_GEMS), ("GEM_VP", N_GEMS), ("GEM_VP_SPOT", N_GEMS), ("HAZARD_FROM", N_GEMS),
    ("TREASURE_SPOT", N_GEMS), ("DEFENDS", N_GEMS * N_KINDS),
    ("SLOT_PRICE", MARKET_SLOTS), ("TOKENS_BY_ORDER", MAX_PLAYERS), ("SCEN", len(SCENARIOS) * SC_WIDTH),
)
(T_ACT_KIND, T_ACT_ARG, T_MOVE_BOAT, T_MOVE_SRC, T_A_RECRUIT, T_A_TAKE, T_A_RUSH, T_A_DIVE, T_A_PAY, T_A_DEFEND_CARD,
 T_A_PLAY, T_A_SCOUT, T_A_DEFEND_SPOT, T_A_MOVE, T_MOVES, T_CASH, T_PROPS, T_PROTECTS, T_CARD_VP, T_NEEDS, T_NEEDS_ANY,
 T_ADDS_GEM, T_SCORES, T_STARTING, T_COPIES, T_LEADER_VP, T_SUNKEN, T_EMPTY, T_TILE_SET, T_NSPOTS, T_SPOTS,
 T_NEIGH_N, T_NEIGH, T_DIST, T_START_SITES, T_ADV_SITES, T_BAG0, T_SUPPLY0, T_GEM_VP, T_GEM_VP_SPOT, T_HAZARD_FROM,
 T_TREASURE_SPOT, T_DEFENDS, T_SLOT_PRICE, T_TOKENS_BY_ORDER, T_SCEN_TABLE) = _T.values()
TILE_SETS = ("starting", "advanced", "sunken_city")  # T_TILE_SET indexes this


def _check_limits(game: Any) -> None:
    comp = game.components
    limits = (("card types", len(comp.cards), MAX_CARDS), ("tile types", len(comp.tiles), MAX_TILES),
              ("map nodes", len(comp.node_ids), MAX_NODES),
              ("edges at one node", max(len(n) for n in comp.neighbours), MAX_NEIGH),
              ("scouting spots on a tile", max(len(t.spots) for t in comp.tiles), MAX_SPOTS),
              ("gems", sum(comp.gem_total), MAX_DRAWN), ("action ids", len(game.action_names), MAX_ACTIONS_ID))
    for what, have, most in limits:
        if have > most:
            raise OptionError(f"fathom.fast: the data has {have} {what}; the compiled engine allows at most "
                              f"{most} (use the reference engine for this data file)")


def _scenario_rows() -> list[list[int]]:
    """Each scenario's rule switches, read from the reference's :class:`ScenarioRules`."""
    rows = []
    for sid in SCENARIOS:
        rules = ScenarioRules(sid)
        row = [0] * SC_WIDTH
        row[SC_PER_DRAW], row[SC_CARD_BONUS] = rules.gems_per_draw, rules.card_bonus
        row[SC_SCATTERS], row[SC_BOUNTY], row[SC_FORCED] = rules.scatters_gems, rules.bounty, rules.forced_dive
        row[SC_RUSH], row[SC_EVERYONE] = rules.rush_distance, rules.everyone_scores_tile
        rows.append(row)
    return rows


def _fill_actions(t: np.ndarray, game: Any) -> None:
    """The reference's action ids, both ways: id -> (kind, argument) and argument -> id."""
    kind, arg = t[T_ACT_KIND:T_ACT_KIND + MAX_ACTIONS_ID], t[T_ACT_ARG:T_ACT_ARG + MAX_ACTIONS_ID]
    kind[:] = K_NONE
    arg[:] = -1

    def put(aid: int, k: int, a: int = -1) -> None:
        kind[aid], arg[aid] = k, a

    for slot, aid in enumerate(game.A_RECRUIT):
        put(aid, K_RECRUIT, slot)
        t[T_A_RECRUIT + slot] = aid
    for slot, aid in enumerate(game.A_TAKE):
        put(aid, K_TAKE, slot)
        t[T_A_TAKE + slot] = aid
    for boat, aid in enumerate(game.A_RUSH):
        put(aid, K_RUSH, boat)
        t[T_A_RUSH + boat] = aid
    put(game.A_REFRESH, K_REFRESH)
    put(game.A_SAIL, K_SAIL)
    put(game.A_REST, K_REST)
    put(game.A_PAY_TOKEN, K_PAY_TOKEN)
    put(game.A_DONE, K_DONE)
    put(game.A_RESURFACE, K_RESURFACE)
    put(game.A_CONTINUE, K_CONTINUE)
    put(game.A_STOP, K_STOP)
    t[T_A_DIVE:T_A_DIVE + MAX_NODES] = -1
    for node, aid in game.A_DIVE.items():
        put(aid, K_DIVE, node)
        t[T_A_DIVE + node] = aid
    for card, aid in enumerate(game.A_PAY):
        put(aid, K_PAY, card)
        t[T_A_PAY + card] = aid
    for name, table, k in (("A_DEFEND_CARD", T_A_DEFEND_CARD, K_DEFEND_CARD), ("A_PLAY", T_A_PLAY, K_PLAY)):
        t[table:table + MAX_CARDS] = -1
        for card, aid in getattr(game, name).items():
            put(aid, k, card)
            t[table + card] = aid
    for spot, aid in enumerate(game.A_SCOUT):
        put(aid, K_SCOUT, spot)
        t[T_A_SCOUT + spot] = aid
    t[T_A_DEFEND_SPOT:T_A_DEFEND_SPOT + N_KINDS] = -1
    for spot, aid in game.A_DEFEND_SPOT.items():
        put(aid, K_DEFEND_SPOT, spot)
        t[T_A_DEFEND_SPOT + spot] = aid
    t[T_A_MOVE:T_A_MOVE + 2 * MAX_NODES * MAX_NODES] = -1
    for (boat, src, dst), aid in game.A_MOVE.items():
        put(aid, K_MOVE, dst)
        t[T_MOVE_BOAT + aid], t[T_MOVE_SRC + aid] = boat, src
        t[T_A_MOVE + (boat * MAX_NODES + src) * MAX_NODES + dst] = aid
    for boat in (0, 1):  # each boat's moves from each node, ids sorted
        for src, near in enumerate(game.components.neighbours):
            at = T_MOVES + (boat * MAX_NODES + src) * MAX_NEIGH
            t[at:at + len(near)] = sorted(game.A_MOVE[(boat, src, dst)] for dst in near)
    for aid in range(game.num_distinct_actions, len(game.action_names)):
        put(aid, K_CHANCE)
    t[T_NUM_ACTIONS], t[T_NUM_PLAYER_ACTIONS] = len(game.action_names), game.num_distinct_actions
    t[T_A_REFRESH], t[T_A_SAIL], t[T_A_REST] = game.A_REFRESH, game.A_SAIL, game.A_REST
    t[T_A_PAY_TOKEN], t[T_A_DONE], t[T_A_RESURFACE] = game.A_PAY_TOKEN, game.A_DONE, game.A_RESURFACE
    t[T_A_CONTINUE], t[T_A_STOP] = game.A_CONTINUE, game.A_STOP
    t[T_C_GEM0], t[T_C_CARD0], t[T_C_TILE0] = game.C_GEM[0], game.C_CARD[0], game.C_TILE[0]
    t[T_C_FIRST0], t[T_C_SCEN0] = game.C_FIRST[0], game.C_SCENARIO[0]


def _fill_components(t: np.ndarray, game: Any) -> None:
    comp = game.components
    for c, card in enumerate(comp.cards):
        t[T_CASH + c], t[T_PROPS + c], t[T_PROTECTS + c], t[T_CARD_VP + c] = (
            card.cash, card.propellers, card.protects, card.vp)
        t[T_NEEDS + c * N_GEMS:T_NEEDS + (c + 1) * N_GEMS] = card.needs
        t[T_NEEDS_ANY + c], t[T_ADDS_GEM + c], t[T_SCORES + c] = card.needs_any, card.adds_gem, card.scores_in_dive
        t[T_STARTING + c], t[T_COPIES + c] = card.starting, card.copies
    for i, tile in enumerate(comp.tiles):
        t[T_LEADER_VP + i], t[T_SUNKEN + i], t[T_EMPTY + i] = tile.leader_vp, tile.sunken, tile.empty
        t[T_TILE_SET + i], t[T_NSPOTS + i] = TILE_SETS.index(tile.set), len(tile.spots)
        t[T_SPOTS + i * MAX_SPOTS:T_SPOTS + i * MAX_SPOTS + len(tile.spots)] = tile.spots
    n_nodes = len(comp.node_ids)
    for node, near in enumerate(comp.neighbours):
        t[T_NEIGH_N + node] = len(near)
        t[T_NEIGH + node * MAX_NEIGH:T_NEIGH + node * MAX_NEIGH + len(near)] = near  # sorted, as the reference
        t[T_DIST + node * MAX_NODES:T_DIST + node * MAX_NODES + n_nodes] = comp.distance[node]
    t[T_START_SITES:T_START_SITES + len(comp.start_sites)] = comp.start_sites
    t[T_ADV_SITES:T_ADV_SITES + len(comp.advanced_sites)] = comp.advanced_sites
    t[T_BAG0:T_BAG0 + N_GEMS], t[T_SUPPLY0:T_SUPPLY0 + N_GEMS] = comp.bag_at_setup, comp.supply_at_setup
    t[T_GEM_VP:T_GEM_VP + N_GEMS], t[T_GEM_VP_SPOT:T_GEM_VP_SPOT + N_GEMS] = comp.gem_vp, comp.gem_vp_on_spot
    t[T_SLOT_PRICE:T_SLOT_PRICE + MARKET_SLOTS] = comp.slot_prices
    t[T_TOKENS_BY_ORDER:T_TOKENS_BY_ORDER + game.num_players] = comp.tokens_by_seat[:game.num_players]


def _fill_dive_model(t: np.ndarray) -> None:
    """R-DB-9 and R-DB-13 as tables: from how many gems of its colour drawn before a gem is a hazard
    (:data:`NEVER_HAZARD` for a colour that never is), which spots defend it, which spot raises which
    treasure's rate, all read from :mod:`fathom.games.deep_blue.dive_model`'s own functions."""
    for g in range(N_GEMS):
        start = dive_model.hazard_from(g, MAX_DRAWN)
        t[T_HAZARD_FROM + g] = NEVER_HAZARD if start is None else start
        t[T_TREASURE_SPOT + g] = SPOT_KINDS.index(GEMS[g]) if GEMS[g] in TREASURES else -1
        for k in dive_model.DEFENDED_BY.get(g, ()):
            t[T_DEFENDS + g * N_KINDS + k] = 1
    for g in range(N_GEMS):  # a treasure's raised rate needs its spot kind; the rest score nothing
        if g not in dive_model.TREASURE_GEMS:
            t[T_TREASURE_SPOT + g] = -1


def build(game: Any) -> np.ndarray:
    """The tables of one :class:`~fathom.games.deep_blue.game.DeepBlueGame` (its data and options)."""
    _check_limits(game)
    comp = game.components
    t = np.zeros(T_LEN, np.int64)
    t[T_N], t[T_NC], t[T_NT], t[T_NN] = game.num_players, len(comp.cards), len(comp.tiles), len(comp.node_ids)
    t[T_NSTART], t[T_NADV] = len(comp.start_sites), len(comp.advanced_sites)
    t[T_SCEN] = -1 if game.scenario is None else SCENARIOS.index(game.scenario.id)
    t[T_FIRST] = -1 if game.first_player is None else game.first_player
    t[T_ONE_COUNT], t[T_HIDDEN] = bool(game.options["one_count_card_per_dive"]), bool(game.options["hidden_scores"])
    t[T_HARBOUR], t[T_REFRESH_PRICE], t[T_SUNKEN_COUNT] = comp.harbour, comp.refresh_price, comp.sunken_count
    t[T_BOUNTY_VP], t[T_BOUNTY_SET] = BOUNTY_VP_PER_SET, BOUNTY_SET_SIZE
    _fill_actions(t, game)
    _fill_components(t, game)
    _fill_dive_model(t)
    rows = _scenario_rows()
    if max(row[SC_PER_DRAW] for row in rows) > MAX_PER_DRAW:  # the row keeps room for two gems a draw
        raise OptionError(f"fathom.fast: a scenario draws more than {MAX_PER_DRAW} gems at a time; "
                          "the compiled engine's row has no room for that")
    t[T_SCEN_TABLE:T_SCEN_TABLE + len(rows) * SC_WIDTH] = np.array(rows).ravel()
    return t


def new_batch(batch: int) -> np.ndarray:
    """Room for ``batch`` games (each needs a reset before play)."""
    return np.zeros((batch, S_WIDTH), np.int64)
