"""The learned value of level 3: a seat's expected final VP from 15 features of its position,
with weights fitted on self-play by :mod:`fathom.games.deep_blue.bots.evaluation.fit` (one set per table), and the
spread of leads still to come that turns it into a win chance."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from fathom.games.deep_blue.bots.evaluation.cards import meet_chance, my_turns_left, turns_left
from fathom.games.deep_blue.bots.evaluation.dives import boat_prospects
from fathom.games.deep_blue.bots.evaluation.reading import full_bag
from fathom.games.deep_blue.bots.evaluation.tables import DEFAULT, Params, Tables


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
    prospects = boat_prospects(state, T, p, params, depth=3) + [0.0, 0.0]
    on_tiles = sum(1 for b in (2 * p, 2 * p + 1) if state.tile_at(state.boat_at(b)) >= 0)
    sums = []
    for pile in (state.hand_of(p), state.rest_of(p)):
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
    targets = [node for node in T.sites if state.tile_at(node) != -1]
    reach = 0.0
    if targets:
        reach = min(T.dist[state.boat_at(b)][node] for b in (2 * p, 2 * p + 1) for node in targets)
    return [
        1.0, my_turns_left(state, T, params), prospects[0], prospects[1],
        sums[0][0], sums[0][1], sums[0][2], sums[0][3],
        sums[1][0], sums[1][1], sums[1][2] + sums[1][3],
        float(state.tokens_of(p)), float(on_tiles), float(reach), float((p - state.turn_seat) % T.n),
    ]


GENERAL = "any"  # the fitted set for a table with no set of its own


def table_key(players: int, scenario: str) -> str:
    """The name of the value set fitted for one table (see fathom.games.deep_blue.bots.evaluation.fit)."""
    return f"{players}:{scenario}"


VALUE_FILE = "value.json"
"""The fitted weight sets, a data file beside the bots (written by :mod:`fathom.games.deep_blue.bots.evaluation.fit`)."""
VALUE_ABOUT = ("Fitted Deep Blue value functions, written by `python -m fathom.games.deep_blue.bots.evaluation.fit` (do not edit by hand). "
               "One set per table it was fitted for (players:scenario), and 'any' for every other table; "
               "win_scale is the logistic scale of the win chance: a + b * turns left.")

_WEIGHTS: dict[tuple[int, str], tuple[list[float], float, tuple[float, float]]] = {}


@cache
def value_sets() -> dict[str, dict[str, Any]]:
    """Every fitted set by table key, read once from the packaged data file."""
    text = resources.files("fathom.games.deep_blue.bots").joinpath(VALUE_FILE).read_text(encoding="utf-8")
    return dict(json.loads(text)["sets"])


def _weights(T: Tables) -> tuple[list[float], float, tuple[float, float]]:
    """The fitted set for this table (player count and scenario), else the general one."""
    key = (T.n, T.scenario)
    chosen = _WEIGHTS.get(key)
    if chosen is None:
        sets = value_sets()
        entry = sets.get(table_key(T.n, T.scenario), sets[GENERAL])
        scale = entry["win_scale"]
        chosen = _WEIGHTS[key] = ([entry["weights"][n] for n in WEIGHT_NAMES], entry["share_scale"],
                                  (scale[0], scale[1]))
    return chosen


def learned_estimate(state: Any, T: Tables, p: int, params: Params = DEFAULT) -> float:
    """Expected final VP of seat ``p``: VP now plus the fitted future gain (see fathom.games.deep_blue.bots.evaluation.fit)."""
    if state.is_terminal():
        return float(state.vp_of(p))
    w, share_scale, _ = _weights(T)
    f = features(state, T, p, params)
    share = min(1.0, f[1] / share_scale)
    gain = sum(wi * fi for wi, fi in zip(w, f))
    gain += sum(wi * fi * share for wi, fi in zip(w[len(f):], f[2:]))
    return state.vp_of(p) + gain


def win_scale(state: Any, T: Tables) -> float:
    """Spread of final-VP leads still to come (logistic scale of the fitted win chance)."""
    _, _, (a, b) = _weights(T)
    return a + b * turns_left(state, T)
