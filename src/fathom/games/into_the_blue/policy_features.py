"""RL training's per-action features of Into the Blue (:func:`fathom.rl.train.features_for`): the static
features of the encoder plus, for rerolls, which faces are kept, and for placements the shells they put."""

from __future__ import annotations

from typing import Any

import numpy as np

from fathom.games.into_the_blue import dice
from fathom.rl.encoding import action_features, encoder_for
from fathom.rl.train import FeatureFn


def policy_features(game: Any) -> tuple[FeatureFn, int]:
    """Into the Blue features: static ones + kept faces after a reroll + shells a placement puts."""

    table = action_features(game)
    enc = encoder_for(game)
    n_act = game.num_distinct_actions
    reroll = np.zeros((n_act, 6), dtype=np.float32)  # dice rerolled per face
    is_reroll = np.zeros(n_act, dtype=np.float32)
    place_level = np.zeros(n_act, dtype=np.int64)  # 1..5 for place actions, else 0
    for a in range(n_act):
        rerolled = game.rerolled(a)
        if rerolled is not None:
            reroll[a] = dice.COUNTS[rerolled]
            is_reroll[a] = 1.0
        elif a in game.PLACE_LEVEL:
            place_level[a] = game.PLACE_LEVEL[a]
    o_dice = enc.field("turn.dice").offset
    o_place = enc.field("turn.placements").offset
    shells = float(game.shells)
    k = table.shape[1] + 6 + 6 + 2

    def fn(obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        m = len(legal)
        out = np.zeros((m, k), dtype=np.float32)
        out[:, : table.shape[1]] = table[legal]
        table_dice = np.rint(obs[o_dice:o_dice + 6] * 6)
        kept = (table_dice[None, :] - reroll[legal]) * is_reroll[legal][:, None]
        c = table.shape[1]
        out[:, c:c + 6] = kept > 0.5
        out[:, c + 6:c + 12] = kept / 6
        lv = place_level[legal]
        put = np.where(lv > 0, obs[o_place + np.maximum(lv, 1) - 1] * shells, 0.0)
        out[:, c + 12] = put / 6
        out[:, c + 13] = put * lv / 30
        return out

    return fn, k
