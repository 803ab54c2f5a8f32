"""Deep Blue's legal moves as facts for front ends: what each move is about, and where a sail can go.

Why: a page that shows "Recruit slot 4" (the notation) makes the player look up which card
that is; one that parses notation with its own patterns re-derives the rules in another
language. Here the engine says, per legal move, its ``kind`` and what it touches (the card,
the market slot and its price, the boat and its route, the site), and for a sail under way
every place each boat can reach with the movement left, with the steps that take it there
(the shortest; R-DB-6: a boat moves edge by edge, one movement point per edge, through any
node). Only the seat to move is sent these, and all of it is what that seat may see.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.data import SPOT_KINDS
from fathom.games.deep_blue.market import REFRESH

if TYPE_CHECKING:
    from fathom.games.deep_blue.state import DeepBlueState


def move_facts(state: DeepBlueState, actions: list[int]) -> dict[str, Any]:
    """``{"moves": {notation: facts}, "routes": [...]}`` for the legal ``actions`` of ``state``."""
    return {"moves": {state.action_to_string(a): _facts(state, a) for a in actions},
            "routes": sail_routes(state)}


def _facts(state: DeepBlueState, action: int) -> dict[str, Any]:
    game = state.game
    comp = game.components
    cards = comp.cards
    p = state.actor
    if action in game.A_RECRUIT:
        slot = game.A_RECRUIT.index(action)
        return {"kind": "recruit", "slot": slot + 1, "card": cards[state.market[slot]].id,
                "price": comp.slot_prices[slot]}
    if action in game.A_TAKE:
        slot = game.A_TAKE.index(action)
        return {"kind": "take", "slot": slot + 1, "card": cards[state.market[slot]].id}
    if action == game.A_REFRESH:
        return {"kind": "refresh", "price": comp.refresh_price}
    if action in game.PAY_CARD:
        card = cards[game.PAY_CARD[action]]
        if state.phase == ph.PAY:
            return {"kind": "pay", "card": card.id, "cash": card.cash, **_paying_for(state)}
        return {"kind": "pay", "card": card.id, "propellers": card.propellers}
    if action == game.A_PAY_TOKEN:
        return {"kind": "pay-token", **(_paying_for(state) if state.phase == ph.PAY else {})}
    if action in game.MOVE_OF:
        boat, src, dst = game.MOVE_OF[action]
        return {"kind": "move", "boat": boat + 1, "from": comp.node_ids[src], "to": comp.node_ids[dst]}
    if action in game.DIVE_SITE:
        node = game.DIVE_SITE[action]
        tile = state.site_tile[node]
        return {"kind": "dive", "site": comp.node_ids[node], "tile": comp.tiles[tile].id if tile >= 0 else None,
                "leader_vp": comp.tiles[tile].leader_vp if tile >= 0 else None}
    if action in game.A_SCOUT:
        return {"kind": "scout", "spot": SPOT_KINDS[game.A_SCOUT.index(action)],
                "boat": state.landing[0] + 1 if state.landing else None}
    if action in game.A_RUSH:
        boat = game.A_RUSH.index(action)
        return {"kind": "rush", "boat": boat + 1, "from": comp.node_ids[state.boat_node[2 * p + boat]]}
    if action in game.DEFEND_CARD:
        return {"kind": "defend", "card": cards[game.DEFEND_CARD[action]].id}
    if action in game.DEFEND_SPOT:
        return {"kind": "defend", "spot": SPOT_KINDS[game.DEFEND_SPOT[action]]}
    if action in game.PLAY_CARD:
        card = cards[game.PLAY_CARD[action]]
        return {"kind": "play", "card": card.id, "vp": card.vp}
    simple = {game.A_SAIL: "sail", game.A_REST: "rest", game.A_DONE: "done", game.A_RESURFACE: "resurface",
              game.A_CONTINUE: "continue", game.A_STOP: "stop"}
    return {"kind": simple.get(action, state.action_to_string(action))}


def _paying_for(state: DeepBlueState) -> dict[str, Any]:
    """While a hire or refresh is paid card by card: what for, and how much is left."""
    if state.pay_for == REFRESH:
        return {"for": "refresh", "left": state.pay_left}
    card = state.market[state.pay_for]
    return {"for": "recruit", "slot": state.pay_for + 1, "for_card": state.game.components.cards[card].id,
            "left": state.pay_left}


def sail_routes(state: DeepBlueState) -> list[dict[str, Any]]:
    """While boats move (R-DB-6): each place each boat can reach with the movement left, with the
    shortest run of steps (notation) that takes it there. Empty in any other step."""
    if state.phase != ph.SAIL_MOVE or state.sail_points <= 0:
        return []
    game = state.game
    comp = game.components
    p = state.actor
    routes = []
    for boat in (0, 1):
        start = state.boat_node[2 * p + boat]
        came: dict[int, int] = {start: -1}
        queue = deque([(start, 0)])
        while queue:
            node, far = queue.popleft()
            if far == state.sail_points:
                continue
            for nxt in comp.neighbours[node]:
                if nxt not in came:
                    came[nxt] = node
                    queue.append((nxt, far + 1))
        for dest in sorted(n for n in came if n != start):
            path = [dest]
            while came[path[-1]] != start:
                path.append(came[path[-1]])
            path.append(start)
            path.reverse()
            steps = [state.action_to_string(game.A_MOVE[(boat, a, b)]) for a, b in zip(path, path[1:])]
            routes.append({"boat": boat + 1, "to": comp.node_ids[dest], "via": [comp.node_ids[n] for n in path[1:-1]],
                           "steps": steps})
    return routes
