"""Into the Blue (Reiner Knizia, Funnyfox 2021) on fathom's engine API.

Modules, one job each: ``data`` (component data, validated, provenance kept),
``dice`` (multisets of dice and run helpers), ``actions`` (the fixed action space
and its notation), ``scoring`` (majorities and cascading tie-breaks), ``state``
(the rules), ``game`` (configuration), ``odds`` (exact dice probabilities and the
optimal reroll policy).
"""

NAME = "into-the-blue"
ENGINE = "fathom.games.into_the_blue.game:IntoTheBlueGame"
"""How :mod:`fathom.core.registry` finds this game (imported only when it is played)."""
