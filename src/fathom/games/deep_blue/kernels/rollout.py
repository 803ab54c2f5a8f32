"""Deep Blue's search playouts in the kernel: the rollouts of ``DeepBlueSearch``, compiled.

A playout here is the reference ``GenericPolicy.rollout`` with ``DeepBlueSearch``'s rules, step for
step, except for who moves:

* the position is a determinization loaded into a kernel row (:func:`load`, the inverse of
  :func:`fathom.games.deep_blue.kernels.view.fields`: the reference state's fields, hidden parts as the
  determinization sampled them);
* chance is drawn as ``state.sample_chance(Rng.for_key(base, key))`` with ``DeepBlueSearch.chance_key``
  (the step kind's number x 1,000,003 + how many chance events of that kind the playout has drawn),
  ``base`` the first ``next64()`` of the playout's generator ``Rng(chance_seed)``;
* every seat moves by a compiled bot of :mod:`fathom.games.deep_blue.bots.compiled.choose` (``kinds[seat]``), and whatever
  such a bot draws comes from that same playout generator, after ``base``, as a Python bot would draw
  from the ``rng`` that ``GenericPolicy.rollout`` hands to ``playout_action``. So a compiled playout
  is a Python playout whose ``playout_action`` is the Python bot of that kind on that generator
  (``tests/games/deep_blue/test_fast_db_playouts.py`` compares them move by move);
* it stops where ``DeepBlueSearch.at_horizon`` does: ``turns`` turn changes after the start with no
  dive under way, or 3000 moves, or the end of the game.

The leaf is valued outside this kernel (:class:`CompiledPlayouts.run` gives the final rows back): by
the compiled learned value (:mod:`fathom.games.deep_blue.bots.compiled.learned`, tested equal to the
Python one), or, for a finished game or another value setting, by the search policy's own
``evaluate`` on the row rebuilt as a ``DeepBlueState``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from fathom.core.api import CHANCE, TERMINAL
from fathom.core.errors import OptionError, allowed_list
from fathom.core.rng import Rng
from fathom.games.deep_blue.bots.compiled import choose as db_bots
from fathom.games.deep_blue.kernels import tables as D
from fathom.fast import rng as R
from fathom.games.deep_blue.kernels.kernel import apply, sample_chance_with
from fathom.fast.rng import seed_word
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.game import DeepBlueGame

STREAM = 1_000_003  # DeepBlueSearch.chance_key: kind * STREAM + count
GUARD = 3000  # DeepBlueSearch.at_horizon: a playout stops after this many moves whatever happens
N_PHASES = len(ph.NAMES)
assert DeepBlueGame.STEP_KINDS == ph.NAMES  # a step kind's number (chance_key) is its phase number

PLAYOUT_KINDS = {"heuristic": db_bots.PLAYOUT, "greedy": db_bots.GREEDY, "random": db_bots.RANDOM}
"""The compiled playout bots by preference (the first is ``best``): ``heuristic`` is level 2 with the
cheaper weights of the shipped Python playouts (``DeepBlueSearch.fast``), so its playouts are those."""


def playout_kind(name: str) -> str:
    """The compiled bot ``name`` names: itself if :mod:`fathom.games.deep_blue.bots.compiled.choose` has it, the first of
    :data:`PLAYOUT_KINDS` it has for ``"best"``; anything else is refused, saying what is allowed."""
    if name == "best":
        return next(iter(PLAYOUT_KINDS))
    if name not in PLAYOUT_KINDS:
        raise OptionError(f"ismcts setting 'playout_kind' is one of "
                          f"{allowed_list(['best', *sorted(PLAYOUT_KINDS)])}, not {name!r}")
    return name


def _put_queue(row: np.ndarray, head: int, end: int, items: int, queue: Any) -> None:
    row[head], row[end] = 0, len(queue)
    row[items:items + len(queue)] = queue


def load(S: np.ndarray, g: int, source: Any) -> None:
    """Row ``g`` of ``S`` holds the position ``source``: a ``DeepBlueState`` or its ``fields()``
    (queues start at their first column, so a row read back by ``db_view.fields`` loads into the
    same fields, not always the same columns)."""
    f = source if isinstance(source, dict) else source.fields()
    row = np.zeros(D.S_WIDTH, np.int64)
    row[D.S_CUR], row[D.S_PHASE], row[D.S_TURN] = f["actor"], f["phase"], f["turn"]
    row[D.S_SCEN] = D.SCENARIOS.index(f["scenario"])
    row[D.S_SEED] = np.array(seed_word(f["seed"])).view(np.int64)
    row[D.S_HIST] = f["moves"]
    for name, col in (("setup_site", D.S_SETUP_SITE), ("fresco", D.S_FRESCO), ("pay_left", D.S_PAY_LEFT),
                      ("pay_for", D.S_PAY_FOR), ("sail_points", D.S_SAIL_POINTS), ("moved", D.S_MOVED),
                      ("refill_then", D.S_REFILL_THEN), ("rest_left", D.S_REST_LEFT), ("d_site", D.S_D_SITE),
                      ("d_tile", D.S_D_TILE), ("d_leader", D.S_D_LEADER), ("d_in", D.S_D_IN), ("d_out", D.S_D_OUT),
                      ("d_joined", D.S_D_JOINED), ("d_both", D.S_D_BOTH), ("d_count_used", D.S_D_COUNT_USED)):
        row[col] = f[name]
    for name, col in (("tokens", D.S_TOKENS), ("vp", D.S_VP), ("boat_node", D.S_BOAT_NODE),
                      ("boat_spot", D.S_BOAT_SPOT), ("site_tile", D.S_SITE_TILE), ("site_gem", D.S_SITE_GEM),
                      ("unrevealed", D.S_UNREVEALED), ("setup_left", D.S_SETUP_LEFT), ("bag", D.S_BAG),
                      ("supply", D.S_SUPPLY), ("deck", D.S_DECK), ("market", D.S_MARKET),
                      ("discarded", D.S_DISCARDED), ("d_drawn", D.S_D_DRAWN), ("d_card_vp", D.S_D_CARD_VP)):
        row[col:col + len(f[name])] = f[name]
    for name, col in (("hands", D.S_HAND), ("rests", D.S_REST), ("known_hand", D.S_KNOWN_HAND),
                      ("known_rest", D.S_KNOWN_REST), ("in_play", D.S_IN_PLAY)):
        for p, counts in enumerate(f[name]):
            row[col + p * D.MAX_CARDS:col + p * D.MAX_CARDS + len(counts)] = counts
    _put_queue(row, D.S_LANDING_H, D.S_LANDING_N, D.S_LANDING, f["landing"])
    _put_queue(row, D.S_SCATTER_H, D.S_SCATTER_N, D.S_SCATTER, f["scatter"])
    _put_queue(row, D.S_REFILL_H, D.S_REFILL_N, D.S_REFILL, f["refill"])
    _put_queue(row, D.S_RUSH_H, D.S_RUSH_N, D.S_RUSH, f["rush_queue"])
    _put_queue(row, D.S_D_HAZ_H, D.S_D_HAZ_N, D.S_D_HAZ, f["d_hazards"])
    _put_queue(row, D.S_D_Q_H, D.S_D_Q_N, D.S_D_Q, f["d_queue"])
    for name, count, col in (("storm", D.S_STORM_N, D.S_STORM), ("d_step", D.S_D_STEP_N, D.S_D_STEP),
                             ("d_order", D.S_D_ORDER_N, D.S_D_ORDER)):
        row[count] = len(f[name])
        row[col:col + len(f[name])] = f[name]
    row[D.S_BAG_N], row[D.S_DECK_N] = sum(f["bag"]), sum(f["deck"])  # the kernel's running sums
    S[g] = row


@njit(cache=True)
def rollout(S: np.ndarray, T: np.ndarray, G: np.ndarray, g: int, gen: np.uint64, turns: int, kinds: np.ndarray,
            bots: np.ndarray, counts: np.ndarray, out: np.ndarray, F: np.ndarray, trail: np.ndarray) -> int:
    """Play game ``g`` on to the search's horizon from generator state ``gen`` (``Rng(chance_seed).state``;
    see the module docstring). ``trail``: where to write the actions played (none if empty); returns
    how many were played."""
    gen, base = R.next64(gen)
    for k in range(N_PHASES):
        counts[k] = 0
    start = S[g, D.S_HIST]
    seat = S[g, D.S_TURN]
    started = 0
    played = 0
    while True:
        cur = S[g, D.S_CUR]
        if cur == TERMINAL:
            return played
        if S[g, D.S_TURN] != seat:  # DeepBlueSearch.at_horizon counts turn changes
            started += 1
            seat = S[g, D.S_TURN]
        if (started >= turns and S[g, D.S_D_SITE] < 0) or S[g, D.S_HIST] - start > GUARD:
            return played
        if cur == CHANCE:
            phase = S[g, D.S_PHASE]
            key = phase * STREAM + counts[phase]
            counts[phase] += 1
            action = sample_chance_with(S, T, g, R.for_key(base, np.uint64(key)))
        else:
            bots[cur] = gen  # every seat's bot draws from the playout's one generator
            action = db_bots.choose(S, T, G, g, cur, kinds[cur], bots, out, F)
            gen = bots[cur]
        if played < trail.shape[0]:
            trail[played] = action
        played += 1
        apply(S, T, g, action)


@njit(cache=True)
def playouts(S: np.ndarray, W: np.ndarray, T: np.ndarray, G: np.ndarray, worlds: np.ndarray, first: np.ndarray,
             gens: np.ndarray, turns: int, kinds: np.ndarray, trails: np.ndarray, lengths: np.ndarray) -> None:
    """Playout ``i``: world ``W[worlds[i]]`` with root action ``first[i]`` applied (none if < 0), rolled
    out from generator state ``gens[i]``; ``S`` (one row per playout) keeps the final positions,
    ``trails[i]`` the actions played after the root action (as many as fit), ``lengths[i]`` their count."""
    bots = np.zeros(D.MAX_PLAYERS, np.uint64)
    counts = np.zeros(N_PHASES, np.int64)
    out, F = db_bots.scratch()
    for i in range(worlds.shape[0]):
        S[i] = W[worlds[i]]
        if first[i] >= 0:
            apply(S, T, i, first[i])
        lengths[i] = rollout(S, T, G, i, gens[i], turns, kinds, bots, counts, out, F, trails[i])


def playout_generator(chance_seed: int) -> np.uint64:
    """The state of the playout's generator ``Rng(chance_seed)`` (``GenericPolicy.rollout``'s ``rng``)."""
    return seed_word(Rng(chance_seed).state)


_TABLES: dict[tuple[int, int], tuple[Any, np.ndarray, np.ndarray]] = {}


def game_tables(game: Any) -> tuple[np.ndarray, np.ndarray]:
    """The rules tables and the bots' tables of ``game``, kept while the game object lives (a search
    policy lives as long as its game; a bot rebuilt for every move of a server game keeps its game)."""
    key = (id(game), game.num_players)
    kept = _TABLES.get(key)
    if kept is None or kept[0] is not game:
        if len(_TABLES) >= 16:
            _TABLES.clear()
        kept = _TABLES[key] = (game, D.build(game), db_bots.policy_tables(game))
    return kept[1], kept[2]


class CompiledPlayouts:
    """The compiled playouts of one game's searches: the tables built once, worlds loaded as asked.
    ``kinds``: the :mod:`fathom.games.deep_blue.bots.compiled.choose` kind name of each seat's playout bot."""

    def __init__(self, game: Any, kinds: list[str], turns: int) -> None:
        kinds = [playout_kind(k) for k in kinds]
        self.game = game
        self.T, self.G = game_tables(game)  # raises OptionError for data the kernel cannot hold
        self.kinds = np.zeros(D.MAX_PLAYERS, np.int64)
        self.kinds[:len(kinds)] = [PLAYOUT_KINDS[k] for k in kinds]
        self.turns = turns

    @staticmethod
    def worlds(states: list[Any]) -> np.ndarray:
        """Rows of the positions ``states`` (determinizations: ``DeepBlueState``)."""
        W = np.zeros((len(states), D.S_WIDTH), np.int64)
        for k, state in enumerate(states):
            load(W, k, state)
        return W

    def run(self, W: np.ndarray, worlds: list[int], first: list[int], chance_seeds: list[int],
            trail: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(final rows, trails, trail lengths)`` of the playouts ``i``: world ``worlds[i]`` of ``W``,
        root action ``first[i]`` (-1: none), chance generator ``Rng(chance_seeds[i])``; ``trail``: how
        many of each playout's actions to keep."""
        m = len(worlds)
        S = np.empty((m, D.S_WIDTH), np.int64)
        trails = np.zeros((m, trail), np.int64)
        lengths = np.zeros(m, np.int64)
        gens = np.array([playout_generator(s) for s in chance_seeds], np.uint64)
        playouts(S, W, self.T, self.G, np.asarray(worlds, np.int64), np.asarray(first, np.int64), gens,
                 self.turns, self.kinds, trails, lengths)
        return S, trails, lengths
