"""Deep Blue (Days of Wonder, 2019): rules split by topic, data beside them."""

NAME = "deep-blue"
ENGINE = "fathom.games.deep_blue.game:DeepBlueGame"
"""How :mod:`fathom.core.registry` finds this game (imported only when it is played)."""
