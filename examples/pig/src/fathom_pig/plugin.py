"""Pig as fathom finds it: one GamePlugin, named by the entry point ``pig`` of the group ``fathom.games``
in this distribution's ``pyproject.toml``. Parts are ``"module:attribute"``, imported when asked for."""

from fathom.core.plugins import GamePlugin

PLUGIN = GamePlugin(
    name="pig", title="Pig", ident="pig", camel="Pig",
    engine="fathom_pig.game:PigGame",
    bots={"greedy": "fathom_pig.bots:HoldAtBot", "heuristic": "fathom_pig.bots:HoldAtBot"},
    renderer="fathom_pig.terminal:PigRenderer",
    encoder="fathom_pig.encoding:PigEncoder",
    reward_bound=100.0, episode_length=2_000,
    web="fathom_pig",
    messages="fathom_pig",
)
