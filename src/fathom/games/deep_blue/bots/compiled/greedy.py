"""Deep Blue's ``greedy`` bot (level 1) compiled: :class:`fathom.games.deep_blue.bots.greedy.DeepBlueGreedyBot`,
decision for decision.

Why a copy and not a look-alike: see :mod:`fathom.games.deep_blue.bots.compiled.choose`. The Python bot works on action
*names*: it tests ``name in names`` (here: is the id in the legal list), takes the first of a kind in
the legal order (ids ascending, as both engines list them), and in three places orders by name
(``min(names)`` for the storm order, ``sorted`` plays, ``max`` of ``(value, name)`` takes); those use
each action's rank in the sorted names, computed once per game by :func:`tables`. Whatever it would
name that is not legal, or a phase it has no rule for, falls back to its generator's
``rng.choice(legal)``, which :func:`fathom.games.deep_blue.bots.compiled.choose.choose` draws.

What the bot reads: only ``state.view(seat)`` (its own hand, counts, the public board, market, bag
and dive), so the kernel reads only those columns of the row. The box's facts (card values, gem VP,
tiles, distances) come from the rules tables ``T``; the bot's own constants and the values it derives
from the box once per game (a recruit's worth by card and slot, which spot kinds make a dive
worthwhile) are in ``G``, the float64 array :func:`tables` builds, at the ``G_*`` offsets below. A
recruit's worth is computed there with the Python bot's own expression, so ties break as there.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.games.deep_blue.kernels.kernel import CONTINUE, DEFEND, PAY, PLAY, RUSH, SAIL_MOVE, SAIL_PAY, SCOUT, STORM_ORDER, TAKE, TURN
from fathom.games.deep_blue.kernels.tables import (
    K_DEFEND_CARD,
    K_DEFEND_SPOT,
    K_DIVE,
    K_MOVE,
    K_PAY,
    K_PLAY,
    K_RUSH,
    MAX_ACTIONS_ID,
    MAX_CARDS,
    MAX_NODES,
    MAX_SPOTS,
    N_GEMS,
    N_KINDS,
    S_BAG,
    S_BOAT_NODE,
    S_BOAT_SPOT,
    S_D_DRAWN,
    S_D_LEADER,
    S_D_SITE,
    S_HAND,
    S_MARKET,
    S_PAY_LEFT,
    S_PHASE,
    S_REST,
    S_SAIL_POINTS,
    S_SITE_TILE,
    T_A_CONTINUE,
    T_A_DONE,
    T_A_PAY_TOKEN,
    T_A_RECRUIT,
    T_A_RESURFACE,
    T_A_REST,
    T_A_SAIL,
    T_A_SCOUT,
    T_A_STOP,
    T_A_TAKE,
    T_ACT_ARG,
    T_ACT_KIND,
    T_ADV_SITES,
    T_CARD_VP,
    T_CASH,
    T_DEFENDS,
    T_DIST,
    T_GEM_VP,
    T_GEM_VP_SPOT,
    T_HAZARD_FROM,
    T_LEADER_VP,
    T_N,
    T_NADV,
    T_NC,
    T_NSPOTS,
    T_NSTART,
    T_PROPS,
    T_PROTECTS,
    T_SPOTS,
    T_START_SITES,
    T_TREASURE_SPOT,
)
from fathom.fast.jit import kernel
from fathom.games.deep_blue.data import GEMS, SPOT_KINDS
from fathom.games.deep_blue.facts import FACE_DOWN, NO_TILE
from fathom.games.deep_blue.game import MARKET_SLOTS

NONE = -1  # "the bot names nothing legal": the caller draws rng.choice(legal)

# ---- G, the float64 array of the bot's constants and derived values ---------------------------------
G_RECRUIT = 0  # [(card * MARKET_SLOTS + slot) * 2 + (protections >= 2)]: _best_recruit's value
G_RANK = G_RECRUIT + MAX_CARDS * MARKET_SLOTS * 2  # [action id]: its name's place in the sorted names
G_DIVE_SPOT = G_RANK + MAX_ACTIONS_ID  # [spot kind]: 1 when holding it makes _turn dive
G_SCOUT = G_DIVE_SPOT + N_KINDS  # SPOT_PREFERENCE as spot kinds (-1 padded)
G_HAZARDS = G_SCOUT + N_KINDS  # HAZARDS as gems, in the bot's order (-1 padded)
G_STOP_RISK = G_HAZARDS + N_GEMS
G_LEN = G_STOP_RISK + 1


def recruit_value(card: dict[str, Any], price: int, protections: int) -> float:
    """``DeepBlueGreedyBot._best_recruit``'s value of one market card (same expression, same order)."""
    value = card["vp"] / (1 + card["needs_any"] / 4 + sum(card["needs"].values()) / 2)
    if card["protects"]:
        value = 3.0 if protections < 2 else 0.5
    value += 0.5 * (card["cash"] + card["propellers"]) - 0.3 * price
    return float(value)


def tables(game: Any) -> np.ndarray:
    """``G`` for ``game``: read from its data (``describe()``, as the bot reads it) and action names."""
    from fathom.games.deep_blue.bots import greedy as bot

    facts = game.describe()
    G = np.zeros(G_LEN, np.float64)
    prices = game.components.slot_prices
    for c, card in enumerate(facts["cards"]):
        for slot in range(MARKET_SLOTS):
            for many in (0, 1):
                G[G_RECRUIT + (c * MARKET_SLOTS + slot) * 2 + many] = recruit_value(card, prices[slot], 2 * many)
    names = game.action_names[:game.num_distinct_actions]
    for rank, aid in enumerate(sorted(range(len(names)), key=names.__getitem__)):
        G[G_RANK + aid] = rank
    rated = set(facts["gem_vp"])
    for k, kind in enumerate(SPOT_KINDS):
        G[G_DIVE_SPOT + k] = kind in bot.DEFENCE_SPOT_NAMES or kind in rated
    G[G_SCOUT:G_SCOUT + N_KINDS] = -1
    for i, kind in enumerate(bot.SPOT_PREFERENCE):
        G[G_SCOUT + i] = SPOT_KINDS.index(kind)
    G[G_HAZARDS:G_HAZARDS + N_GEMS] = -1
    for i, gem in enumerate(bot.HAZARDS):
        G[G_HAZARDS + i] = GEMS.index(gem)
    G[G_STOP_RISK] = bot.STOP_RISK
    return G


# ---- what the bot reads ---------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _has(out: np.ndarray, m: int, action: int) -> bool:
    for i in range(m):
        if out[i] == action:
            return True
    return False


@njit(cache=True, inline="always")
def _pick(out: np.ndarray, m: int, action: int) -> int:
    """``action`` when legal, else :data:`NONE` (the Python bot's ``pick in names``)."""
    return action if _has(out, m, action) else NONE


@njit(cache=True, inline="always")
def _first(T: np.ndarray, out: np.ndarray, m: int, kind: int) -> int:
    """The first legal action of a kind (the first name of that prefix in the legal order)."""
    for i in range(m):
        if T[T_ACT_KIND + out[i]] == kind:
            return out[i]
    return NONE


@njit(cache=True, inline="always")
def _lowest_name(T: np.ndarray, G: np.ndarray, out: np.ndarray, m: int, kind: int) -> int:
    """The legal action of a kind (any kind: -1) whose name sorts first."""
    best, rank = NONE, 1e300
    for i in range(m):
        if (kind < 0 or T[T_ACT_KIND + out[i]] == kind) and G[G_RANK + out[i]] < rank:
            best, rank = out[i], G[G_RANK + out[i]]
    return best


@njit(cache=True, inline="always")
def _spot_kind(S: np.ndarray, T: np.ndarray, g: int, boat: int) -> int:
    """The spot kind a boat holds as the view shows it (``None``: -1)."""
    spot = S[g, S_BOAT_SPOT + boat]
    tile = S[g, S_SITE_TILE + S[g, S_BOAT_NODE + boat]]
    return T[T_SPOTS + tile * MAX_SPOTS + spot] if spot >= 0 and tile >= 0 else -1


@njit(cache=True, inline="always")
def _holds_spot_at(S: np.ndarray, T: np.ndarray, g: int, seat: int, node: int, kind: int) -> bool:
    """Does one of the seat's boats at ``node`` hold a spot of ``kind`` (``_my_spots_at``)."""
    for b in range(2 * seat, 2 * seat + 2):
        if S[g, S_BOAT_NODE + b] == node and _spot_kind(S, T, g, b) == kind:
            return True
    return False


@njit(cache=True, inline="always")
def _dist(T: np.ndarray, a: int, b: int) -> int:
    return T[T_DIST + a * MAX_NODES + b]


@njit(cache=True, inline="always")
def _hand_count(S: np.ndarray, T: np.ndarray, g: int, seat: int, protecting: bool, scoring: bool) -> int:
    """Cards in the seat's hand (only those that protect / score, when asked)."""
    n = 0
    for c in range(T[T_NC]):
        if (not protecting or T[T_PROTECTS + c] >= 0) and (not scoring or T[T_CARD_VP + c] != 0):
            n += S[g, S_HAND + seat * MAX_CARDS + c]
    return n


@kernel()
def sail_target(S: np.ndarray, T: np.ndarray, g: int, seat: int) -> tuple[int, int]:
    """``_sail_target``: ``(node, distance)`` of the most attractive site, node -1 when none."""
    b0, b1 = S[g, S_BOAT_NODE + 2 * seat], S[g, S_BOAT_NODE + 2 * seat + 1]
    n_boats = 2 * T[T_N]
    best, best_dist, best_score = -1, 0, 0.0
    for i in range(T[T_NSTART] + T[T_NADV]):
        node = T[T_START_SITES + i] if i < T[T_NSTART] else T[T_ADV_SITES + i - T[T_NSTART]]
        tile = S[g, S_SITE_TILE + node]
        if tile == NO_TILE or node == b0 or node == b1:
            continue
        dist = min(_dist(T, b0, node), _dist(T, b1, node))
        if tile == FACE_DOWN:
            value = 4.0
        else:
            free = False
            for s in range(T[T_NSPOTS + tile]):
                held = False
                for b in range(n_boats):
                    if S[g, S_BOAT_NODE + b] == node and S[g, S_BOAT_SPOT + b] == s:
                        held = True
                        break
                if not held:
                    free = True
                    break
            value = float(T[T_LEADER_VP + tile] + (2 if free else 0))
        score = value / (1 + dist)
        if score > best_score:
            best, best_dist, best_score = node, dist, score
    return best, best_dist


# ---- the phases -------------------------------------------------------------------------------------
@kernel()
def _best_recruit(S: np.ndarray, T: np.ndarray, G: np.ndarray, g: int, seat: int, out: np.ndarray, m: int) -> int:
    many = 1 if _hand_count(S, T, g, seat, True, False) >= 2 else 0
    best, best_value = NONE, 0.0
    for slot in range(MARKET_SLOTS):
        card = S[g, S_MARKET + slot]
        action = T[T_A_RECRUIT + slot]
        if card < 0 or not _has(out, m, action):
            continue
        value = G[G_RECRUIT + (card * MARKET_SLOTS + slot) * 2 + many]
        if value > best_value:
            best, best_value = action, value
    return best if best_value >= 1.0 else NONE


@kernel()
def _turn(S: np.ndarray, T: np.ndarray, G: np.ndarray, g: int, seat: int, out: np.ndarray, m: int) -> int:
    cards = _hand_count(S, T, g, seat, False, False)
    keen = _hand_count(S, T, g, seat, True, False) > 0 or _hand_count(S, T, g, seat, False, True) > 0
    first_dive = NONE
    for i in range(m):
        a = out[i]
        if T[T_ACT_KIND + a] != K_DIVE:
            continue
        if first_dive < 0:
            first_dive = a
        if keen:
            return a
        site = T[T_ACT_ARG + a]
        for b in range(2 * seat, 2 * seat + 2):
            kind = _spot_kind(S, T, g, b)
            if S[g, S_BOAT_NODE + b] == site and kind >= 0 and G[G_DIVE_SPOT + kind]:
                return a
    if first_dive >= 0 and cards <= 1:
        return first_dive
    buy = _best_recruit(S, T, G, g, seat, out, m)
    if buy >= 0:
        return buy
    rest = T[T_A_REST]
    if cards <= 2:
        rested = 0
        for c in range(T[T_NC]):
            rested += S[g, S_REST + seat * MAX_CARDS + c]
        if rested >= 2:
            return _pick(out, m, rest)
    if _has(out, m, T[T_A_SAIL]) and sail_target(S, T, g, seat)[0] >= 0:
        return T[T_A_SAIL]
    return _pick(out, m, rest)


@kernel()
def _pay(S: np.ndarray, T: np.ndarray, g: int, out: np.ndarray, m: int) -> int:
    """The token, else the card with the least ``(keeps score, falls short, cash)``, first on ties."""
    if _has(out, m, T[T_A_PAY_TOKEN]):
        return T[T_A_PAY_TOKEN]
    left = S[g, S_PAY_LEFT]
    best, keep, short, cash = NONE, 0, 0, 0
    for i in range(m):
        if T[T_ACT_KIND + out[i]] != K_PAY:
            continue
        c = T[T_ACT_ARG + out[i]]
        k = 1 if T[T_CARD_VP + c] > 0 or T[T_PROTECTS + c] >= 0 else 0
        s = 1 if T[T_CASH + c] < left else 0
        if best < 0 or (k, s, T[T_CASH + c]) < (keep, short, cash):
            best, keep, short, cash = out[i], k, s, T[T_CASH + c]
    return best


@kernel()
def _sail_pay(S: np.ndarray, T: np.ndarray, g: int, seat: int, out: np.ndarray, m: int) -> int:
    node, dist = sail_target(S, T, g, seat)
    need = dist if node >= 0 else 1
    moves = S[g, S_SAIL_POINTS]
    token, done = T[T_A_PAY_TOKEN], T[T_A_DONE]
    if moves >= need and _has(out, m, done):
        return done
    if _has(out, m, token) and moves + 1 >= need:
        return token
    best, keep, props = NONE, True, 0
    for i in range(m):
        if T[T_ACT_KIND + out[i]] != K_PAY:
            continue
        c = T[T_ACT_ARG + out[i]]
        k, p = T[T_CARD_VP + c] > 0, T[T_PROPS + c]
        if best < 0 or (not k and keep) or (k == keep and p > props):
            best, keep, props = out[i], k, p
    if best >= 0:
        return best
    return token if _has(out, m, token) else _pick(out, m, done)


@kernel()
def _sail_move(S: np.ndarray, T: np.ndarray, g: int, seat: int, out: np.ndarray, m: int) -> int:
    goal = sail_target(S, T, g, seat)[0]
    done = T[T_A_DONE]
    if goal < 0:
        return _pick(out, m, done)
    best = done
    best_dist = min(_dist(T, S[g, S_BOAT_NODE + 2 * seat], goal), _dist(T, S[g, S_BOAT_NODE + 2 * seat + 1], goal))
    for i in range(m):
        if T[T_ACT_KIND + out[i]] == K_MOVE:
            d = _dist(T, T[T_ACT_ARG + out[i]], goal)
            if d < best_dist:
                best, best_dist = out[i], d
    return _pick(out, m, best)


@kernel()
def _take(S: np.ndarray, T: np.ndarray, G: np.ndarray, g: int, out: np.ndarray, m: int) -> int:
    """``max`` of ``(card value, name)`` over the cards it may take."""
    best, value, rank = NONE, 0, 0.0
    for slot in range(MARKET_SLOTS):
        c = S[g, S_MARKET + slot]
        a = T[T_A_TAKE + slot]
        if c < 0 or not _has(out, m, a):
            continue
        v = T[T_CARD_VP + c] + (2 if T[T_PROTECTS + c] >= 0 else 0)
        if best < 0 or v > value or (v == value and G[G_RANK + a] > rank):
            best, value, rank = a, v, G[G_RANK + a]
    return best


@kernel()
def _spots_rate(S: np.ndarray, T: np.ndarray, g: int, seat: int, gem: int) -> int:
    """``_dive_rates``: the gem's VP for the seat in the dive (raised by its spot on the tile)."""
    kind = T[T_TREASURE_SPOT + gem]
    if kind < 0:
        return 0
    if _holds_spot_at(S, T, g, seat, S[g, S_D_SITE], kind):
        return T[T_GEM_VP_SPOT + gem]
    return T[T_GEM_VP + gem]


@kernel()
def _gem_value(S: np.ndarray, T: np.ndarray, g: int, seat: int) -> int:
    total = 0
    for gem in range(N_GEMS):
        total += S[g, S_D_DRAWN + gem] * _spots_rate(S, T, g, seat, gem)
    return total


@kernel()
def _defend(S: np.ndarray, T: np.ndarray, g: int, seat: int, out: np.ndarray, m: int) -> int:
    spot = _first(T, out, m, K_DEFEND_SPOT)
    if spot >= 0:
        return spot
    card = _first(T, out, m, K_DEFEND_CARD)
    if card >= 0 and (_gem_value(S, T, g, seat) >= 3 or S[g, S_D_LEADER] == seat):
        return card
    return _pick(out, m, T[T_A_RESURFACE])


@kernel()
def _can_defend(S: np.ndarray, T: np.ndarray, g: int, seat: int, gem: int) -> bool:
    for c in range(T[T_NC]):
        if S[g, S_HAND + seat * MAX_CARDS + c] > 0 and T[T_PROTECTS + c] == gem:
            return True
    site = S[g, S_D_SITE]
    for k in range(N_KINDS):
        if T[T_DEFENDS + gem * N_KINDS + k] and _holds_spot_at(S, T, g, seat, site, k):
            return True
    return False


@kernel()
def _continue(S: np.ndarray, T: np.ndarray, G: np.ndarray, g: int, seat: int, out: np.ndarray, m: int) -> int:
    stop = T[T_A_STOP]
    total = 0
    for gem in range(N_GEMS):
        total += S[g, S_BAG + gem]
    if total == 0:
        return _pick(out, m, stop)
    risk = 0.0
    for i in range(N_GEMS):
        gem = int(G[G_HAZARDS + i])
        if gem < 0:
            break
        if S[g, S_D_DRAWN + gem] >= T[T_HAZARD_FROM + gem] and not _can_defend(S, T, g, seat, gem):
            risk += S[g, S_BAG + gem] / total
    gained = 0
    for gem in range(N_GEMS):
        gained += S[g, S_BAG + gem] * _spots_rate(S, T, g, seat, gem)
    gain = gained / total
    at_stake = _gem_value(S, T, g, seat)
    if risk > G[G_STOP_RISK] or risk * at_stake > (1 - risk) * gain:
        return _pick(out, m, stop)
    return _pick(out, m, T[T_A_CONTINUE])


@kernel()
def decide(S: np.ndarray, T: np.ndarray, G: np.ndarray, g: int, seat: int, out: np.ndarray, m: int) -> int:
    """``DeepBlueGreedyBot.decide`` on the ``m`` legal actions in ``out`` (two or more): the action,
    or :data:`NONE` where the bot falls back to ``rng.choice(legal)``."""
    phase = S[g, S_PHASE]
    if phase == TURN:
        return _turn(S, T, G, g, seat, out, m)
    if phase == CONTINUE:
        return _continue(S, T, G, g, seat, out, m)
    if phase == PLAY:
        best = _lowest_name(T, G, out, m, K_PLAY)
        return best if best >= 0 else _pick(out, m, T[T_A_DONE])
    if phase == DEFEND:
        return _defend(S, T, g, seat, out, m)
    if phase == SAIL_MOVE:
        return _sail_move(S, T, g, seat, out, m)
    if phase == SAIL_PAY:
        return _sail_pay(S, T, g, seat, out, m)
    if phase == PAY:
        return _pay(S, T, g, out, m)
    if phase == RUSH:
        rush = _first(T, out, m, K_RUSH)
        return rush if rush >= 0 else _pick(out, m, T[T_A_DONE])
    if phase == SCOUT:
        for i in range(N_KINDS):
            kind = int(G[G_SCOUT + i])
            if kind >= 0 and _has(out, m, T[T_A_SCOUT + kind]):
                return T[T_A_SCOUT + kind]
        return NONE
    if phase == TAKE:
        return _take(S, T, G, g, out, m)
    if phase == STORM_ORDER:
        return _lowest_name(T, G, out, m, -1)
    return NONE
