"""Observation encoders: ``state.view(seat)`` -> a fixed-length float32 vector.

``encoder_for(game)`` returns the (cached) encoder of a game configuration; its
``size`` is the same for every state of that game and player count, and its
``fields`` document every slice (``docs/rl.md`` is generated from them).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.rl.encoding.spec import Encoder, Field, Layout

__all__ = ["Encoder", "Field", "Layout", "encoder_for", "action_features"]

_ENCODERS: dict[int, Encoder] = {}
_FEATURES: dict[int, np.ndarray] = {}


def _module(game_name: str) -> Any:
    if game_name == "deep-blue":
        from fathom.rl.encoding import deep_blue as mod
    elif game_name == "into-the-blue":
        from fathom.rl.encoding import into_the_blue as mod
    else:
        raise ValueError(f"no observation encoder for game {game_name!r}")
    return mod


def encoder_for(game: Any) -> Encoder:
    """The encoder of a :class:`fathom.Game` (one per configuration object, cached)."""
    enc = _ENCODERS.get(id(game))
    if enc is None or enc.game is not game:
        mod = _module(game.name)
        cls = mod.DeepBlueEncoder if game.name == "deep-blue" else mod.IntoTheBlueEncoder
        enc = _ENCODERS[id(game)] = cls(game)
    return enc


def action_features(game: Any) -> np.ndarray:
    """``(num_distinct_actions, F)`` features of every player action (read from its name)."""
    feats = _FEATURES.get(id(game))
    if feats is None:
        feats = _FEATURES[id(game)] = _module(game.name).action_features(game)
    return feats
