"""Deep Blue planning knowledge shared by the ``heuristic`` bot and ISMCTS's leaf evaluation.

Everything here reads a state only where the seat it plans for may look: the
public fields (board, boats, bag, market, dive, tokens, VP unless ``hidden_scores``)
and that seat's own hand and rest pile. The tests run the bots on a spy state that
raises if another seat's hand or rest pile is read.

Values are in victory points, all on one scale so a turn's options compare:

* ``dive_value``: expected VP of leading a dive on a tile with given spots, from
  the exact dive odds (:mod:`fathom.games.deep_blue.odds`) with a look-ahead cap for
  speed;
* ``card_worth``: expected VP a crew card adds over the rest of the game (its use
  per dive times the uses left);
* ``prospect``: the best dive a seat's boats are set up for next turn, discounted
  by the chance that a rival dives it first;
* ``estimate``: VP now plus the above, the number ISMCTS compares between seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from fathom.games.deep_blue import odds
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.data import SPOT_KINDS

SILVER, GOLD, RED, GREEN, PURPLE, BLACK, BLUE = range(7)
K_SILVER, K_GOLD, K_RED, K_BLUE, K_BLACK, K_EITHER = range(6)
_TREASURE_OF_KIND = {K_SILVER: SILVER, K_GOLD: GOLD, K_RED: RED}
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
    """Static facts of one game configuration, as flat lists for speed."""

    def __init__(self, game: Any) -> None:
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
        sc = game.scenario
        self.scenario = sc.id
        self.card_bonus = sc.card_bonus
        self.pair_draw = sc.gems_per_draw
        self.storm = sc.forced_dive
        self.bounty = sc.bounty
        self.ruins = sc.everyone_scores_tile
        self.sunken_rush = sc.rush_distance
        self.one_count = bool(game.options.get("one_count_card_per_dive"))
        self.hidden_scores = bool(game.options.get("hidden_scores"))


_TABLES: dict[int, Tables] = {}


def tables(game: Any) -> Tables:
    t = _TABLES.get(id(game))
    if t is None or t.game is not game:
        t = _TABLES[id(game)] = Tables(game)
    return t


# ---- reading the position (public fields and the planner's own cards) -------------------------
def spot_kinds(state: Any, T: Tables, p: int, node: int) -> tuple[int, ...]:
    """Spot kinds ``p``'s boats hold on the tile at ``node`` (sorted)."""
    tile = state.site_tile[node]
    if tile < 0:
        return ()
    kinds = []
    for b in (2 * p, 2 * p + 1):
        if state.boat_node[b] == node and state.boat_spot[b] >= 0:
            kinds.append(T.tile_spots[tile][state.boat_spot[b]])
    return tuple(sorted(kinds))


def free_kinds(state: Any, T: Tables, node: int) -> list[int]:
    tile = state.site_tile[node]
    if tile < 0:
        return []
    taken = {state.boat_spot[i] for i, at in enumerate(state.boat_node) if at == node}
    return [k for s, k in enumerate(T.tile_spots[tile]) if s not in taken]


def hand_signature(T: Tables, hand: tuple[int, ...], sunken: bool) -> tuple[tuple, int, int]:
    """(scoring cards, blue defences, black defences) of a hand."""
    bonus = T.card_bonus if sunken else 0
    cards = []
    blue = black = 0
    for c, n in enumerate(hand):
        if not n:
            continue
        pr = T.protects[c]
        if pr == BLUE:
            blue += n
        elif pr == BLACK:
            black += n
        if T.scoring[c]:
            cards.extend([(T.needs[c], T.needs_any[c], T.vp[c] + bonus)] * n)
    return tuple(sorted(cards)), blue, black


@lru_cache(maxsize=4096)
def _rates(gem_vp: tuple[int, ...], gem_vp_spot: tuple[int, ...], kinds: tuple[int, ...]) -> tuple[int, ...]:
    rates = [0] * 7
    for g in (SILVER, GOLD, RED):
        rates[g] = gem_vp[g]
    for k in kinds:
        g = _TREASURE_OF_KIND.get(k)
        if g is not None:
            rates[g] = gem_vp_spot[g]
    return tuple(rates)


def rates_for(T: Tables, kinds: tuple[int, ...]) -> tuple[int, ...]:
    return _rates(T.gem_vp, T.gem_vp_spot, kinds)


@lru_cache(maxsize=100_000)
def _dive_value(
    rates: tuple[int, ...],
    spot_def: tuple[int, int, int],
    cards: tuple,
    blue: int,
    black: int,
    bag: tuple[int, ...],
    gem0: int,
    per_draw: int,
    bounty: bool,
    one_count: bool,
    depth: int,
    card_cost: float,
) -> float:
    diver = odds.Diver(
        seat=0,
        rates=rates,
        defences=odds.Defences(spot_def[0], spot_def[1], spot_def[2], min(blue, 3), min(black, 3)),
        cards=cards,
        bounty=bounty,
        one_count_card=one_count,
    )
    drawn = [0] * 7
    if gem0 >= 0:  # the gem lying on the tile left the bag when it was placed: it is the first draw
        drawn[gem0] += 1
    return odds.optimal_value(diver, bag, drawn, per_draw, card_cost=card_cost, must_draw=gem0 < 0,
                              max_draws=depth)


@lru_cache(maxsize=1024)
def spot_defences(kinds: tuple[int, ...]) -> tuple[int, int, int]:
    return (kinds.count(K_BLUE), kinds.count(K_BLACK), kinds.count(K_EITHER))


def dive_value(
    state: Any,
    T: Tables,
    p: int,
    node: int,
    kinds: tuple[int, ...] | None = None,
    hand: tuple[int, ...] | None = None,
    tile: int | None = None,
    depth: int | None = None,
    params: Params = DEFAULT,
    leader: bool = True,
) -> float:
    """Expected VP for ``p`` of leading (or joining) a dive at ``node`` now (no dive under way)."""
    if tile is None:
        tile = state.site_tile[node]
    if kinds is None:
        kinds = spot_kinds(state, T, p, node)
    if hand is None:
        hand = state.hands[p]
    gem0 = state.site_gem[node] if node >= 0 else -1
    return _value_of(T, hand, full_bag(state), tile, kinds, gem0, leader,
                     params.lookahead if depth is None else depth, params.card_cost)


def full_bag(state: Any) -> tuple[int, ...]:
    """The bag with this dive's drawn gems back in (what the next dive will draw from)."""
    if state.d_site >= 0:
        return tuple(b + d for b, d in zip(state.bag, state.d_drawn))
    return tuple(state.bag)


_VALUE_MEMO: dict[tuple, float] = {}


def _value_of(T: Tables, hand: tuple[int, ...], bag: tuple[int, ...], tile: int, kinds: tuple[int, ...],
              gem0: int, leader: bool, depth: int, card_cost: float) -> float:
    key = (id(T), hand, bag, tile, kinds, gem0, leader, depth, card_cost)
    value = _VALUE_MEMO.get(key)
    if value is None:
        if len(_VALUE_MEMO) > 300_000:
            _VALUE_MEMO.clear()
        value = _VALUE_MEMO[key] = _compute_value(T, hand, bag, tile, kinds, gem0, leader, depth, card_cost)
    return value


def _compute_value(T: Tables, hand: tuple[int, ...], bag: tuple[int, ...], tile: int, kinds: tuple[int, ...],
                   gem0: int, leader: bool, depth: int, card_cost: float) -> float:
    sunken = T.tile_sunken[tile]
    cards, blue, black = _hand_sig(T, hand, sunken)
    per_draw = T.pair_draw if sunken else 1
    spots = spot_defences(kinds)
    # Cards are left out of the stopping problem (far fewer distinct problems to solve, so the
    # cache serves every hand with the same defences); each adds its VP times the chance that
    # a dive of typical length meets its needs.
    value = _dive_value(
        rates_for(T, kinds), spots, (), min(blue, 3), min(black, 3), bag, gem0, per_draw,
        bool(T.bounty and sunken and leader), T.one_count, max(1, (depth + per_draw - 1) // per_draw), card_cost,
    )
    if cards:
        value += _cards_bonus(cards, bag, 4 + min(3, blue + black + sum(spots)))
    if leader or (sunken and T.ruins):
        value += T.tile_vp[tile]
    return value


@lru_cache(maxsize=65536)
def _cards_bonus(cards: tuple, bag: tuple[int, ...], draws: int) -> float:
    return sum(vp * meet_chance(needs, needs_any, bag, draws) for needs, needs_any, vp in cards)


_SIG_CACHE: dict[tuple, tuple] = {}


def _hand_sig(T: Tables, hand: tuple[int, ...], sunken: bool) -> tuple:
    key = (id(T), hand, sunken)
    sig = _SIG_CACHE.get(key)
    if sig is None:
        if len(_SIG_CACHE) > 50000:
            _SIG_CACHE.clear()
        sig = _SIG_CACHE[key] = hand_signature(T, hand, sunken)
    return sig


# ---- cards -----------------------------------------------------------------------------------
def turns_left(state: Any, T: Tables, params: Params = DEFAULT) -> float:
    """Turns (all seats together) the game probably still lasts."""
    revealed_sunken = sum(
        1 for node in T.sites if state.site_tile[node] >= 0 and T.tile_sunken[state.site_tile[node]]
    )
    progress = (state.fresco + 0.5 * revealed_sunken) / T.sunken_count
    return max(4.0, params.game_turns * (1.0 - progress) * 1.1)


def my_turns_left(state: Any, T: Tables, params: Params = DEFAULT) -> float:
    return turns_left(state, T, params) / T.n


def meet_chance(needs: tuple[int, ...], needs_any: int, bag: tuple[int, ...], draws: int) -> float:
    """Chance a dive of ``draws`` gems meets the needs (hypergeometric, colours treated apart)."""
    total = sum(bag)
    if total == 0:
        return 0.0
    if needs_any:
        return 0.15 if needs_any <= draws + 3 else 0.05
    p = 1.0
    for g, k in enumerate(needs):
        if k:
            p *= _at_least(bag[g], total, draws, k)
    return p


@lru_cache(maxsize=8192)
def _at_least(good: int, total: int, draws: int, k: int) -> float:
    from math import comb

    draws = min(draws, total)
    if good < k:
        return 0.0
    miss = sum(comb(good, i) * comb(total - good, draws - i) for i in range(k)) / comb(total, draws)
    return 1.0 - miss


def card_use_value(state: Any, T: Tables, c: int, params: Params = DEFAULT) -> float:
    """VP-equivalent of one use of card ``c`` (its best use)."""
    return _use_value(T, c, full_bag(state), params)


@lru_cache(maxsize=65536)
def _use_value(T: Tables, c: int, bag: tuple[int, ...], params: Params) -> float:
    best = max(T.cash[c] * params.cash_use, T.props[c] * params.prop_use)
    if T.protects[c] >= 0:
        best = max(best, params.defence_use)
    if T.scoring[c]:
        score = T.vp[c] * meet_chance(T.needs[c], T.needs_any[c], bag, params.dive_draws)
        best = max(best, score)
    return best


def card_worth(state: Any, T: Tables, c: int, params: Params = DEFAULT) -> float:
    """VP-equivalent of owning one more copy of ``c`` for the rest of the game."""
    uses = my_turns_left(state, T, params) / params.cycle
    return card_use_value(state, T, c, params) * max(0.3, uses)


# ---- positions -------------------------------------------------------------------------------
def rivals_near(state: Any, T: Tables, p: int, node: int) -> bool:
    dist = T.dist[node]
    for o in range(T.n):
        if o == p:
            continue
        for b in (2 * o, 2 * o + 1):
            if dist[state.boat_node[b]] <= 1:
                return True
    return False


def prospect(state: Any, T: Tables, p: int, params: Params = DEFAULT, depth: int | None = None) -> float:
    """Value of the dives ``p``'s boats are set up for (best one plus a share of the second)."""
    values = []
    seen = set()
    for b in (2 * p, 2 * p + 1):
        node = state.boat_node[b]
        if node in seen or state.site_tile[node] < 0:
            continue
        seen.add(node)
        hold = params.hold_contested if rivals_near(state, T, p, node) else params.hold_alone
        values.append(hold * dive_value(state, T, p, node, depth=depth, params=params))
    if not values:
        return 0.0
    values.sort(reverse=True)
    return values[0] + params.second_boat * sum(values[1:])


def hand_worth(state: Any, T: Tables, p: int, params: Params = DEFAULT) -> float:
    """What the cards in hand and rest pile are worth for the rest of the game (a rough sum)."""
    uses = max(0.3, my_turns_left(state, T, params) / params.cycle)
    total = 0.0
    for pile, weight in ((state.hands[p], 1.0), (state.rests[p], 0.8)):
        for c, n in enumerate(pile):
            if n:
                total += n * weight * card_use_value(state, T, c, params)
    return total * min(1.0, uses / 3.0) + state.tokens[p] * params.token_value


def estimate(state: Any, T: Tables, p: int, params: Params = DEFAULT) -> float:
    """VP now plus what the position promises: ISMCTS's leaf evaluation for seat ``p``.

    Only for determinized copies or ``p``'s own seat: it reads ``p``'s hand.
    """
    if state.phase == ph.OVER:
        return float(state.vp[p])
    return (
        state.vp[p]
        + params.future * prospect(state, T, p, params, depth=3)
        + 0.5 * hand_worth(state, T, p, params)
    )


# ---- learned value: features and weights (fitted by fathom.sim.fit_eval) ---------------------
FEATURES = (
    "bias", "turns_left", "prospect_best", "prospect_second", "hand_defence", "hand_score", "hand_cash",
    "hand_props", "rest_defence", "rest_score", "rest_other", "tokens", "boats_on_tiles", "reach",
    "until_my_turn",
)
WEIGHT_NAMES = FEATURES + tuple(f"{n}*share" for n in FEATURES[2:])
"""One weight per feature, then one per feature times the share of the game left (not bias, turns left)."""


def features(state: Any, T: Tables, p: int, params: Params = DEFAULT) -> list[float]:
    """What the learned value reads for seat ``p`` (its own cards, public fields)."""
    bag = full_bag(state)
    prospects = []
    on_tiles = 0
    seen = set()
    for b in (2 * p, 2 * p + 1):
        node = state.boat_node[b]
        if state.site_tile[node] >= 0:
            on_tiles += 1
            if node in seen:
                continue
            seen.add(node)
            hold = params.hold_contested if rivals_near(state, T, p, node) else params.hold_alone
            prospects.append(hold * dive_value(state, T, p, node, depth=3, params=params))
    prospects.sort(reverse=True)
    prospects += [0.0, 0.0]
    sums = []
    for pile in (state.hands[p], state.rests[p]):
        defence = score = cash = props = 0.0
        for c, n in enumerate(pile):
            if not n:
                continue
            if T.protects[c] >= 0:
                defence += n
            if T.scoring[c]:
                score += n * T.vp[c] * meet_chance(T.needs[c], T.needs_any[c], bag, params.dive_draws)
            cash += n * T.cash[c]
            props += n * T.props[c]
        sums.append((defence, score, cash, props))
    targets = [node for node in T.sites if state.site_tile[node] != -1]
    reach = 0.0
    if targets:
        reach = min(T.dist[state.boat_node[b]][node] for b in (2 * p, 2 * p + 1) for node in targets)
    return [
        1.0, my_turns_left(state, T, params), prospects[0], prospects[1],
        sums[0][0], sums[0][1], sums[0][2], sums[0][3],
        sums[1][0], sums[1][1], sums[1][2] + sums[1][3],
        float(state.tokens[p]), float(on_tiles), float(reach), float((p - state.turn) % T.n),
    ]


GENERAL = "any"  # the fitted set for a table with no set of its own


def table_key(players: int, scenario: str) -> str:
    """The name of the value set fitted for one table (see fathom.sim.fit_eval)."""
    return f"{players}:{scenario}"


_WEIGHTS: dict[tuple[int, str], tuple[list[float], float, tuple[float, float]]] = {}


def _weights(T: Tables) -> tuple[list[float], float, tuple[float, float]]:
    """The fitted set for this table (player count and scenario), else the general one."""
    key = (T.n, T.scenario)
    chosen = _WEIGHTS.get(key)
    if chosen is None:
        from fathom.bots import deep_blue_value as fitted

        entry = fitted.SETS.get(table_key(T.n, T.scenario), fitted.SETS[GENERAL])
        chosen = _WEIGHTS[key] = ([entry["weights"][n] for n in WEIGHT_NAMES], entry["share_scale"],
                                  tuple(entry["win_scale"]))
    return chosen


def learned_estimate(state: Any, T: Tables, p: int, params: Params = DEFAULT) -> float:
    """Expected final VP of seat ``p``: VP now plus the fitted future gain (see fathom.sim.fit_eval)."""
    if state.phase == ph.OVER:
        return float(state.vp[p])
    w, share_scale, _ = _weights(T)
    f = features(state, T, p, params)
    share = min(1.0, f[1] / share_scale)
    gain = sum(wi * fi for wi, fi in zip(w, f))
    gain += sum(wi * fi * share for wi, fi in zip(w[len(f):], f[2:]))
    return state.vp[p] + gain


def win_scale(state: Any, T: Tables) -> float:
    """Spread of final-VP leads still to come (logistic scale of the fitted win chance)."""
    _, _, (a, b) = _weights(T)
    return a + b * turns_left(state, T)
