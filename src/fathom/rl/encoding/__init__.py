"""Observation encoders: ``state.view(seat)`` -> a fixed-length float32 vector.

``encoder_for(game)`` returns the (cached) encoder of a game configuration; its
``size`` is the same for every state of that game and player count, and its
``fields`` document every slice (``docs/rl.md`` is generated from them).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import numpy as np

from fathom.core.plugins import plugin_for
from fathom.rl.encoding.spec import Encoder, Field, Layout

__all__ = ["Encoder", "Field", "Layout", "encoder_for", "action_features"]

_ENCODERS: dict[int, Encoder] = {}
_FEATURES: dict[int, np.ndarray] = {}


def encoder_for(game: Any) -> Encoder:
    """The encoder of a :class:`fathom.Game` (one per configuration object, cached); its game's
    plugin names the class."""
    enc = _ENCODERS.get(id(game))
    if enc is None or enc.game is not game:
        enc = _ENCODERS[id(game)] = _encoder_class(game.name)(game)
    return enc


def action_features(game: Any) -> np.ndarray:
    """``(num_distinct_actions, F)`` features of every player action (read from its name)."""
    feats = _FEATURES.get(id(game))
    if feats is None:
        module = import_module(_encoder_class(game.name).__module__)
        feats = _FEATURES[id(game)] = module.action_features(game)
    return feats


def _encoder_class(game_name: str) -> Any:
    plugin = plugin_for(game_name)
    if not plugin.has("encoder"):
        raise ValueError(f"no observation encoder for game {game_name!r}")
    return plugin.load("encoder")
