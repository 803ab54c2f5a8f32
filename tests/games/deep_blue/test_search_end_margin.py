"""Level 3's reward for a finished game (``DeepBlueSearch.end_margin``): by default the shipped mix
of win share and margin; ``end_margin=0`` (the variant the bot study tried, docs/analysis.md) the
win share alone, so a bigger win is worth no more than a narrow one."""

from __future__ import annotations

from fathom.bots.ismcts_policies import policy_for_game
from fathom.bots.ismcts_policies.generic import finished_rewards
from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE, TERMINAL
from fathom.core.registry import new_game


def finished_game() -> object:
    state = new_game("deep-blue", players=3, seed=4)
    bots = [build_bot("greedy", "deep-blue", s) for s in range(3)]
    while state.current_player != TERMINAL:
        p = state.current_player
        state.apply(state.sample_chance() if p == CHANCE else bots[p].choose(state))
    return state


def test_finished_game_reward_default_and_win_share_only() -> None:
    state = finished_game()
    shipped = policy_for_game(state.game, seed=0)
    assert shipped.evaluate(state, 0) == finished_rewards(state, state.scores(), 12.0)
    plain = policy_for_game(state.game, seed=0, end_margin=0.0)
    winners = state.winners()
    want = [1.0 / len(winners) if p in winners else 0.0 for p in range(3)]
    assert plain.evaluate(state, 0) == want
    assert shipped.evaluate(state, 0) != want  # the margin moves the shipped reward off the bare share
