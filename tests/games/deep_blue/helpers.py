"""Helpers for the Deep Blue tests: build games and drive them through the public API.

Every position is reached with explicit action strings, chance outcomes included
(``tile start-3``, ``card coral-diver``, ``gem blue``), exactly as a saved game would
replay. Setup takes 6 ``tile`` outcomes (starting sites S1..S6 in that order) and 4
``card`` outcomes (market slots 1..4).

The map (data/deep_blue.json, reconstructed) used by the tests:
harbour-S1, harbour-S2, harbour-B1, B1-S1/S2/S3/S4, S1-S5, S3-S5, S2-S4, S3-B2, S4-B3,
S5-S6, S5-B4, S6-B2, S6-A1, B4-A1, B4-A4, ... (every edge is one move).

:func:`force_fields` is the one test-only shortcut that writes state fields directly;
it exists for the few positions the public API cannot reach in a reasonable number
of steps (an exhausted gem supply, a nearly empty bag). Each use says why.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import fathom
from fathom import IllegalActionError
from fathom.core.api import State

GAME = "deep-blue"
GEMS = ("silver", "gold", "red", "green", "purple", "black", "blue")
TOTAL_GEMS = 31
TOTAL_CARDS = 50
STARTING_CREW = ("skipper", "prospector", "deckhand", "helmsman")
COLOURS = ("yellow", "orange", "green", "red", "purple")

# S1..S6. start-3 (spots gold, red, blue; leader 3 VP) sits next to the harbour on S1,
# start-1 (silver, blue, black; 2 VP) on S2, the empty tile leaves S6 empty.
DEFAULT_TILES = ("start-3", "start-1", "start-2", "start-4", "start-5", "start-empty")
# Market cards that add no gem to the bag, so the bag stays as at setup.
QUIET_MARKET = ("harpooner", "navigator", "financier", "salvager")

SCENARIOS = (
    "troubled-waters", "best-of-the-best", "scattered-wealth", "bounty-wrecks", "storm",
    "dangerous-reefs", "ruins-of-plenty", "none",
)


def new_state(players: int = 3, seed: int = 1, **options: Any) -> State:
    """A new game; seat 0 plays first unless ``first_player`` says otherwise (the worked cases
    here are written from seat 0's first turn; R-DB-1 has its own tests)."""
    options.setdefault("first_player", 0)
    return fathom.new_game(GAME, players=players, seed=seed, **options)


def do(state: State, *actions: str) -> None:
    """Apply each action string in turn; a refusal fails the test with the engine's message."""
    for text in actions:
        try:
            state.apply_text(text)
        except IllegalActionError as exc:
            raise AssertionError(f"move {state.move_number()}: {text!r} was refused: {exc}") from None


def setup(players: int = 3, tiles=DEFAULT_TILES, market=QUIET_MARKET, seed: int = 1, **options: Any) -> State:
    """A game right after setup: ``tiles`` on S1..S6, ``market`` in slots 1..4, seat 0 to play."""
    state = new_state(players, seed, **options)
    do(state, *(f"tile {t}" for t in tiles), *(f"card {c}" for c in market))
    assert state.current_player == 0
    return state


def legal(state: State) -> set[str]:
    """The legal actions now, as strings."""
    return {state.action_to_string(a) for a in state.legal_actions()}


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    return state.view(seat)


def phase(state: State) -> str:
    return state.view(None)["phase"]


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` sees of itself (own hand and rest pile included)."""
    return state.view(seat)["seats"][seat]


def hand(state: State, seat: int) -> dict[str, int]:
    return seat_view(state, seat)["hand"]


def rest_pile(state: State, seat: int) -> dict[str, int]:
    return seat_view(state, seat)["rest"]


def boats(state: State, seat: int) -> list[tuple[str, str | None]]:
    """``[(node, spot kind or None), …]`` for boat 1 and boat 2 of ``seat``."""
    return [(b["node"], b["spot"]) for b in state.view(None)["seats"][seat]["boats"]]


def market(state: State) -> list[str | None]:
    return [slot["card"] for slot in state.view(None)["market"]]


def bag(state: State) -> dict[str, int]:
    return state.view(None)["bag"]


def supply(state: State) -> dict[str, int]:
    return state.view(None)["supply"]


def site(state: State, node: str) -> dict[str, Any]:
    return next(s for s in state.view(None)["sites"] if s["node"] == node)


def dive(state: State) -> dict[str, Any] | None:
    return state.view(None)["dive"]


def vp(state: State) -> list[int]:
    return [int(v) for v in state.scores()]


def skip_rush(state: State) -> None:
    """Everyone offered a rush declines it."""
    while phase(state) == "rush":
        do(state, "done")


def decline_plays(state: State) -> None:
    """Every diver offered card plays declines them (until the leader's call or the dive's end)."""
    while phase(state) == "play":
        do(state, "done")


def forced(state: State, seat: int, action: str) -> None:
    """``seat`` is asked (every diver is, whatever its hand) and ``action`` is its only answer: give it.

    Hazards and card plays prompt each diver still in, even one with no defence (only
    ``resurface``) or nothing playable (only ``done``): who is asked never depends on a
    hidden hand.
    """
    assert not state.is_chance_node() and state.current_player == seat, (phase(state), state.current_player, seat)
    assert legal(state) == {action}, (seat, legal(state), action)
    do(state, action)


def answer_forced(state: State, phases: tuple[str, ...] = ("defend", "play")) -> list[tuple[int, str]]:
    """Give the single legal answer while the decision (a hazard or card play by default) has
    exactly one; returns the ``(seat, action)`` pairs answered. For tests that do not study
    those prompts; tests of the prompting order (R-DB-9, R-DB-12) walk them with :func:`forced`.
    """
    answered = []
    while not state.is_terminal() and not state.is_chance_node() and phase(state) in phases:
        options = legal(state)
        if len(options) != 1:
            break
        (action,) = options
        answered.append((state.current_player, action))
        do(state, action)
    return answered


def sail(state: State, pay: list[str], moves: list[str], scout: list[str] = ()) -> None:
    """A whole Sail: ``pay`` (``skipper``, ``token``…), then ``moves`` (``boat1 harbour->S1``), then scouts."""
    do(state, "sail")
    for item in pay:
        do(state, f"pay {item}")
    do(state, "done")  # paying always ends with "done", even with no propeller left
    for move in moves:
        do(state, f"sail {move}")
    if phase(state) == "sail-move":
        do(state, "done")
    for kind in scout:
        do(state, f"scout {kind}")


def hire(state: State, slot: int, pay: list[str], refill: str | None) -> None:
    """Recruit from ``slot`` paying with ``pay``; ``refill`` is the card that enters slot 4."""
    do(state, f"recruit slot{slot}", *(f"pay {p}" for p in pay))
    if refill is not None:
        do(state, f"card {refill}")


def rest(state: State, draws: list[str] = ()) -> None:
    """A Rest; ``draws`` are the cards the shuffle brings back (chance)."""
    do(state, "rest", *(f"card {c}" for c in draws))


# ---- a scripted table: hires, sails and spots, all through the public API -------------------
# Routes from the harbour (each step one move).
ROUTES = {
    "S1": ("S1",),
    "S2": ("S2",),
    "B1": ("B1",),
    "S3": ("B1", "S3"),
    "S4": ("B1", "S4"),
    "S5": ("S1", "S5"),
    "S6": ("S1", "S5", "S6"),
    "B4": ("S1", "S5", "B4"),
    "A1": ("S1", "S5", "S6", "A1"),
    "A4": ("S1", "S5", "B4", "A4"),
}
CASH_ORDER = ("token", "deckhand", "skipper", "prospector", "financier", "treasure-hunter", "veteran",
              "coral-diver", "silversmith")
PROPELLER_ORDER = ("helmsman", "navigator", "deckhand", "skipper", "token", "gold-assessor", "salvager")
REST_PREFERENCE = ("helmsman", "skipper", "deckhand", "prospector")


def _pay_items(state: State, seat: int, order: tuple[str, ...], kind: str, needed: int) -> list[str] | None:
    """Cards (or tokens) from ``seat``'s hand worth at least ``needed`` in ``kind``, or None."""
    desc = {c["id"]: c for c in state.game.describe()["cards"]}
    own = seat_view(state, seat)
    have = dict(own["hand"])
    tokens = own["tokens"]
    picked: list[str] = []
    total = 0
    for item in order:
        while total < needed:
            if item == "token":
                if tokens == 0:
                    break
                tokens -= 1
                total += 1
            else:
                if not have.get(item) or not desc[item][kind]:
                    break
                have[item] -= 1
                total += desc[item][kind]
            picked.append(item)
    return picked if total >= needed else None


def _rest_for(state: State, seat: int) -> None:
    """A Rest taking back the preferred cards first (the shuffle is a chance event we choose)."""
    do(state, "rest")
    while state.is_chance_node() and phase(state) == "rest-draw":
        options = [state.action_to_string(a)[5:] for a in state.legal_actions()]
        pick = next((c for c in REST_PREFERENCE if c in options), options[0])
        do(state, f"card {pick}")


def pass_turn(state: State) -> None:
    """The player to move Rests (taking back starting cards first if its rest pile has any)."""
    _rest_for(state, state.current_player)


def build(players: int = 3, hires: dict[int, list[str]] | None = None,
          boats: dict[int, dict[int, str]] | None = None, scout: dict[int, list[str]] | None = None,
          leader: int = 0, reveal: tuple[str, ...] = (), tiles=DEFAULT_TILES, seed: int = 1,
          **options: Any) -> State:
    """A table reached by the public API only, handed over when ``leader`` is to play.

    Each seat first recruits ``hires[seat]`` (in order, from market slot 1, paying with
    tokens, then deckhand, skipper, prospector…); then sails each boat of ``boats[seat]``
    (``{1: "S1", 2: "A1"}``: destinations in :data:`ROUTES`, from the harbour) in one Sail
    (a list of such dicts: one Sail each, resting between them as needed), taking the spots
    of ``scout[seat]`` in order whenever it is asked. Seats with nothing left to do Rest
    (taking back starting cards first). The market is a queue: it is seeded so that slot 1
    always holds the next wanted card; other refills are cards that add no gem. Face-down
    tiles revealed on the way are ``reveal`` in order. If a forced dive (A Storm is Coming)
    starts, the table is handed over at once.
    """
    hires = {p: list(v) for p, v in (hires or {}).items()}
    boats = boats or {}
    scout = {p: list(v) for p, v in (scout or {}).items()}
    reveal_left = list(reveal)
    wanted = [hires[p][r] for r in range(max((len(v) for v in hires.values()), default=0))
              for p in range(players) if r < len(hires.get(p, ()))]
    state = new_state(players, seed, **options)
    copies = {c["id"]: c["copies"] for c in state.game.describe()["cards"] if not c["starting"]}
    for c in wanted:
        copies[c] -= 1
        assert copies[c] >= 0, f"not enough {c} in the deck"
    fillers: list[str] = []
    for c in ("financier", "navigator", "treasure-hunter", "salvager", "veteran", "harpooner", "oxygen-diver"):
        fillers += [c] * copies[c]
    queue = wanted + fillers
    do(state, *(f"tile {t}" for t in tiles))
    for _ in range(4):
        do(state, f"card {queue.pop(0)}")
    sails = {p: (v if isinstance(v, list) else [v]) for p, v in boats.items()}
    todo = {p: [("hire", c) for c in hires.get(p, ())] + [("sail", v) for v in sails.get(p, ())]
            for p in range(players)}
    for _ in range(200):
        if state.current_player == leader and not any(todo.values()) and phase(state) == "turn":
            return state
        if phase(state) != "turn":
            return state  # a forced dive (A Storm is Coming) is under way
        p = state.current_player
        task = todo[p][0] if todo[p] else None
        if task is None:
            _rest_for(state, p)
            continue
        if task[0] == "hire":
            price = state.view(None)["market"][0]["price"]
            pay = _pay_items(state, p, CASH_ORDER, "cash", price)
            if pay is None:
                _rest_for(state, p)
                continue
            assert market(state)[0] == task[1], (market(state), task)
            do(state, "recruit slot1", *(f"pay {x}" for x in pay))
            while state.is_chance_node():
                do(state, f"card {queue.pop(0)}")
        else:
            routes = {b: ROUTES[dest] for b, dest in task[1].items()}
            pay = _pay_items(state, p, PROPELLER_ORDER, "propellers", sum(len(r) for r in routes.values()))
            if pay is None:
                _rest_for(state, p)
                continue
            do(state, "sail", *(f"pay {x}" for x in pay), "done")
            for b, route in sorted(routes.items()):
                here = "harbour"
                for nxt in route:
                    do(state, f"sail boat{b} {here}->{nxt}")
                    here = nxt
            if phase(state) == "sail-move":
                do(state, "done")
            while phase(state) in ("scout", "reveal", "scatter"):
                if phase(state) == "scout":
                    do(state, f"scout {scout[p].pop(0)}")
                elif phase(state) == "reveal":
                    do(state, f"tile {reveal_left.pop(0)}")
                else:
                    return state  # Scattered Wealth gems: the test places them
        todo[p].pop(0)
    raise AssertionError("build: the table was not ready after 200 turns")


def start_dive(state: State, site: str) -> None:
    """The current player dives at ``site``; nobody rushes."""
    do(state, f"dive {site}")
    skip_rush(state)


def draw(state: State, *gems: str) -> None:
    """Chance: the next gems out of the bag."""
    for g in gems:
        do(state, f"gem {g}")



def force_fields(state: State, **fields: Any) -> None:
    """TEST-ONLY shortcut: overwrite raw state fields (then drop the legal-action cache).

    Only for positions that the public API cannot reach in a reasonable number of
    steps with the shipped data (e.g. a gem colour exhausted in the supply, which the
    shipped card counts never allow, or a bag with two gems left, which would take a
    dive surviving six hazards). Callers must keep the position consistent.
    """
    for name, value in fields.items():
        if not hasattr(state, name):
            raise AttributeError(name)
        setattr(state, name, value)
    state._cache = None  # noqa: SLF001 - the engine's legal-action cache


# ---- invariants ---------------------------------------------------------------------------
def gem_counts(state: State) -> dict[str, int]:
    """Every gem's place, counted from the spectator view: bag, supply, dive board, tiles."""
    v = state.view(None)
    out = {g: 0 for g in GEMS}
    for where in (v["bag"], v["supply"]):
        for g, n in where.items():
            out[g] += n
    if v["dive"] is not None:
        for g, n in v["dive"]["counts"].items():
            out[g] += n
        for g in v["dive"]["pending_gems"]:
            out[g] += 1
    for s in v["sites"]:
        if s["gem"] is not None:
            out[s["gem"]] += 1
    return out


def digest(data: Any) -> str:
    """sha256 of the canonical JSON of ``data``."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
