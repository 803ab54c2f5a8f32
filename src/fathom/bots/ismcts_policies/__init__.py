"""What ISMCTS needs to know about a game: default policy, horizon, evaluation, public chance.

:class:`GenericPolicy` works for any game of the engine API (random rollouts to the
end, rewards from the winners). The Deep Blue and Into the Blue policies plug in
their stronger bots as default policy and a heuristic evaluation so rollouts can
stop early. Every policy is called only on determinized copies (or, for
``key_decision`` / ``default_action`` / ``prior_action``, on the real state as the
bot's own seat, through the same public-only bots used at levels 1-2).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from fathom.bots.ismcts_policies.generic import GenericPolicy
from fathom.bots.settings import check_settings, constructor_settings
from fathom.core.plugins import plugin_for

__all__ = ["GenericPolicy", "compiled_playouts_usable", "policy_for_game", "warm_compiled_playouts"]


SETTING_KINDS = (bool, int, float, str, type(None))
"""What a search setting can hold (the policy's other attributes are its machinery)."""


DERIVED = frozenset({"seed", "max_steps", "turns"})  # set from the bot's seed and horizon


def policy_for_game(game: Any, seed: int = 0, horizon: int | None = None, **options: Any) -> GenericPolicy:
    """The search policy the game's plugin names (the generic one for a game without)."""
    plugin = plugin_for(game.name)
    cls = plugin.load("search") if plugin.has("search") else GenericPolicy
    policy = cls(game, seed=seed, horizon=horizon)
    settings = {k: v for k, v in sorted(vars(policy).items())
                if not k.startswith("_") and k not in DERIVED and isinstance(v, SETTING_KINDS)}
    check_settings("ismcts", settings, options, also_allowed=_bot_settings(), where=f" for {game.name}")
    for key, value in options.items():
        setattr(policy, key, value)
    policy.configure()
    return policy


@cache
def _bot_settings() -> tuple[str, ...]:
    """The settings ``ISMCTSBot`` takes itself (read from its signature, so the list cannot drift)."""
    from fathom.bots.ismcts import ISMCTSBot

    return tuple(constructor_settings(ISMCTSBot, skip=("seed", "policy"))[0])


def compiled_playouts_usable(game: str) -> bool:
    """May a search of ``game`` play its compiled playouts now (:func:`fathom.kernel_cache.usable`)?
    In ``wait`` mode they are compiled first, once per machine, by :func:`warm_compiled_playouts`."""
    from fathom import kernel_cache

    return kernel_cache.usable(game, lambda: warm_compiled_playouts(games=[game]))


def warm_compiled_playouts(report: Callable[[str, float], None] | None = None,
                           games: Sequence[str] | None = None) -> list[str]:
    """Run one compiled playout of every game (or of ``games``) whose default search plays them in
    ``fathom.fast``; return those games' names (and tell ``report`` each one's name and seconds).
    Why: numba compiles a kernel at its first call (1-3 minutes of CPU on a machine's first run,
    about a second from its cache later), so ``fathom warmup`` does this once per machine rather than
    a table's first move. The caller holds the compile lock (:mod:`fathom.kernel_cache`)."""
    from fathom.core.api import CHANCE
    from fathom.core.registry import game_class, game_names, new_game

    warmed = []
    for name in game_names() if games is None else games:
        start = time.perf_counter()
        state = new_game(name, players=game_class(name).min_players, seed=0, record_events=False)
        while state.current_player == CHANCE:
            state.apply(state.sample_chance())
        seat = state.current_player
        runner = getattr(policy_for_game(state.game), "playout_runner", lambda seat: None)(seat)
        if runner is not None:
            runner.run([state], [(0, state.legal_actions()[0], 0)])
            warmed.append(name)
            if report is not None:
                report(name, time.perf_counter() - start)
    return warmed
