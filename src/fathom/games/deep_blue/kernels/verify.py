"""The differential test for Deep Blue: the compiled engine against the reference engine, step by step.

The loop is :func:`fathom.fast.verify.play_both`: at every step who is to move, the legal actions,
the chance outcomes with their probabilities (exact float equality), the drawn outcome and every
seat's score. Every ``view_every`` steps also, for each game: what the reference's public read API
says of the position, hidden parts included (hands, rest piles and what the table knows of them,
boats, board, bag, deck, face-down tiles, market, the step and dive under way;
:func:`fathom.games.deep_blue.kernels.view.facts`), and ``view(seat)`` for every seat
and for a spectator, whole, as the row says it (:func:`fathom.games.deep_blue.kernels.view.view`); each seat's
observation vector built inside the kernel (:mod:`fathom.games.deep_blue.kernels.obs`) against the reference
encoder's vector of ``view(seat)``; and the action mask. At the end: the final scores and the winners.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from fathom.core.redact import redact
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.fast.need import need_numba
from fathom.fast.verify import Mismatch, VerifyResult, fail, play_both, uniform_or_first

KEEN = 0.7  # how often the keen chooser takes the move that brings the game's end nearer


def keen_chooser(state: Any, moves: list[int], pick: Rng) -> int:
    """Dive when a boat can, else often sail; spend propellers and move boats rather than stop.
    Why: uniform choices rest and drift, and a game takes about 2,000 steps; these about 1,100,
    so the same seconds verify twice the games (a share of games keeps uniform choices)."""
    names = state.game.action_names
    kind = state.step_kind
    if pick.random() < KEEN:
        if kind == "turn":
            keen = [a for a in moves if names[a].startswith("dive ")] or [a for a in moves if names[a] == "sail"]
        elif kind in ("sail-pay", "sail-move"):
            keen = [a for a in moves if names[a] != "done"]
        else:
            keen = []
        if keen:
            return pick.choice(keen)
    return uniform_or_first(state, moves, pick)


def _first_difference(want: Any, got: Any, where: str = "") -> str:
    """Where two JSON-like values first differ, as a path (short messages for long views)."""
    if isinstance(want, dict) and isinstance(got, dict):
        for key in sorted(set(want) | set(got), key=str):
            if key not in want or key not in got:
                return f"{where}.{key}: reference {want.get(key, '<missing>')!r}, fast {got.get(key, '<missing>')!r}"
            if want[key] != got[key]:
                return _first_difference(want[key], got[key], f"{where}.{key}")
    if isinstance(want, (list, tuple)) and isinstance(got, (list, tuple)) and len(want) == len(got):
        for i, (a, b) in enumerate(zip(want, got)):
            if a != b:
                return _first_difference(a, b, f"{where}[{i}]")
    return f"{where or 'value'}: reference {want!r}, fast {got!r}"


def verify_deep_blue(players: int, seeds: Sequence[int], options: dict[str, Any] | None = None,
                     chooser_seed: int = 0, view_every: int = 1, keen: bool = False) -> VerifyResult:
    """Play ``seeds`` through both engines in one batch and compare (raises :class:`Mismatch` on the
    first difference); ``keen``: decisions by :func:`keen_chooser` instead of uniform ones."""
    need_numba("fathom fast verify")
    from fathom.games.deep_blue.kernels import view as db_view
    from fathom.games.deep_blue.kernels.batch import DeepBlueBatch

    options = dict(options or {})
    refs = [new_game("deep-blue", players=players, seed=s, record_events=False, **options) for s in seeds]
    game = refs[0].game
    fast = DeepBlueBatch(game, len(refs))
    fast.reset(seeds)

    encoder = fast.encoder

    def check_views(live: list[int], step: int) -> Callable[[int, Any], int]:
        vectors = [fast.observations(np.full(len(refs), seat)) for seat in range(players)]
        masks = fast.action_masks()

        def check(g: int, r: Any) -> int:
            row = fast.S[g]
            mine = db_view.fields(game, row)
            said, want = db_view.facts(game, mine), db_view.reference_facts(r)
            if said != want:
                raise Mismatch("state " + _first_difference(want, said))
            snapshot = db_view.snapshot(game, row, mine)
            for seat in [*range(players), None]:
                got, expected = redact(snapshot, seat), r.view(seat)
                if got != expected:
                    raise Mismatch(f"seat {seat}'s view " + _first_difference(expected, got))
                if seat is not None:
                    vector = encoder.encode(expected, seat)
                    if not np.array_equal(vector, vectors[seat][g]):
                        wrong = [f.name for f in encoder.fields
                                 if not np.array_equal(vector[f.offset:f.stop], vectors[seat][g][f.offset:f.stop])]
                        raise Mismatch(f"seat {seat}'s observation vector (fields {', '.join(wrong[:6])})")
            mask = np.zeros(game.num_distinct_actions, np.int8)
            if r.current_player >= 0:
                mask[r.legal_actions()] = 1
            if not np.array_equal(mask, masks[g]):
                raise Mismatch("action mask")
            return players + 1

        return check

    result = play_both(refs, fast, seeds, options, chooser_seed, view_every, check_views, scores_every_step=True,
                       choose=keen_chooser if keen else None)
    final, winners = fast.scores(), fast.winners()
    for g, r in enumerate(refs):
        history = result.histories[g]
        if final[g].tolist() != [int(x) for x in r.scores()]:
            raise fail("final scores", seeds[g], result.final_step, r.scores(), final[g].tolist(), history, options)
        if winners[g] != r.winners():
            raise fail("winners", seeds[g], result.final_step, r.winners(), winners[g], history, options)
    result.histories = []
    result.tables.append(f"deep-blue {players}p {options or ''}".strip())
    return result
