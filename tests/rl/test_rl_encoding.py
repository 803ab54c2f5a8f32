"""Observation encoders: fixed length, [0, 1], deterministic, view-only, masks, generated docs."""

from __future__ import annotations

import numpy as np
import pytest
from rl_helpers import DEEP_BLUE_OPTIONS, PLAYER_COUNTS, random_states

from fathom.core.registry import make_game
from fathom.core.rng import Rng
from fathom.rl import common, docs
from fathom.rl.encoding import action_features, encoder_for

GAMES = ("into-the-blue", "deep-blue")


def _steps(game: str) -> int | None:
    return None if game == "into-the-blue" else 350  # Deep Blue games are long: a prefix each


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_fixed_length_unit_range_and_determinism(game: str, players: int) -> None:
    enc = encoder_for(make_game(game, players))
    assert enc.size == sum(f.size for f in enc.fields)
    offsets = [f.offset for f in enc.fields]
    assert offsets == sorted(offsets) and offsets[0] == 0
    assert all(a.stop == b.offset for a, b in zip(enc.fields, enc.fields[1:])), "fields must tile the vector"
    seen_terminal = False
    for state in random_states(game, players, seed=players, max_steps=_steps(game)):
        for seat in range(players):
            v = enc.encode(state.view(seat), seat)
            assert v.dtype == np.float32 and v.shape == (enc.size,)
            assert v.min() >= 0.0 and v.max() <= 1.0
            assert np.array_equal(v, enc.encode(state.view(seat), seat))
        seen_terminal |= state.is_terminal()
    if game == "into-the-blue":
        assert seen_terminal


@pytest.mark.parametrize("game,players,options", [
    ("into-the-blue", 2, {}), ("into-the-blue", 3, {}), ("into-the-blue", 5, {}),
    *[("deep-blue", n, opts) for n, opts in zip((2, 3, 4, 5), DEEP_BLUE_OPTIONS)],
])
def test_observation_unchanged_when_hidden_info_is_resampled(game: str, players: int, options: dict) -> None:
    """encode(view(seat)) == encode(determinize(seat).view(seat)): the vector holds nothing hidden."""
    enc = encoder_for(make_game(game, players, **options))
    rng = Rng(5)
    checked = 0
    for i, state in enumerate(random_states(game, players, seed=40 + players, max_steps=_steps(game), **options)):
        if i % 3:
            continue
        for seat in range(players):
            real = enc.encode(state.view(seat), seat)
            for _ in range(2):
                other = state.determinize(seat, rng)
                assert np.array_equal(real, enc.encode(other.view(seat), seat))
            checked += 1
    assert checked > 50


def test_observation_differs_between_seats_and_positions() -> None:
    """Sanity: the encoder is not constant (seats are relative, positions differ)."""
    enc = encoder_for(make_game("into-the-blue", 3))
    vectors = set()
    for state in random_states("into-the-blue", 3, seed=3, max_steps=120):
        for seat in range(3):
            vectors.add(enc.encode(state.view(seat), seat).tobytes())
    assert len(vectors) > 60


@pytest.mark.parametrize("game", GAMES)
def test_action_mask_is_the_legal_actions(game: str) -> None:
    g = make_game(game, 3)
    for state in random_states(game, 3, seed=11, max_steps=_steps(game)):
        mask = common.action_mask(state, g.num_distinct_actions)
        assert mask.dtype == np.int8 and mask.shape == (g.num_distinct_actions,)
        if state.current_player >= 0:
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(state.legal_actions())
        else:
            assert not mask.any()


@pytest.mark.parametrize("game", GAMES)
def test_action_features_cover_the_action_space(game: str) -> None:
    g = make_game(game, 4)
    feats = action_features(g)
    assert feats.shape[0] == g.num_distinct_actions and feats.dtype == np.float32
    assert np.all(feats[:, 0] == 1.0)  # bias column
    # every action has at least one feature besides the bias, and no two actions share a row
    assert np.all(feats[:, 1:].sum(axis=1) > 0)
    assert len({row.tobytes() for row in feats}) == g.num_distinct_actions


def test_field_lookup_and_describe() -> None:
    enc = encoder_for(make_game("into-the-blue", 2))
    f = enc.field("turn.dice")
    assert f.size == 6
    with pytest.raises(KeyError):
        enc.field("nope")
    state = next(s for s in random_states("into-the-blue", 2, seed=1) if s.current_player == 0)
    parts = enc.describe(enc.encode(state.view(0), 0))
    assert abs(sum(parts["turn.dice"]) - 1.0) < 1e-6  # six dice on the table, each 1/6
    assert parts["to_move"][0] == 1.0


def test_docs_tables_are_generated_from_the_encoders() -> None:
    assert docs.main(["--check"]) == 0, "docs/rl.md is stale: run python -m fathom.rl.docs --write"
    text = docs.DOC.read_text()
    for name in ("into-the-blue", "deep-blue"):
        enc = encoder_for(make_game(name, docs.TABLE_PLAYERS))
        assert enc.markdown_table() in text
