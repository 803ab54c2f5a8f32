"""Into the Blue (Reiner Knizia, Funnyfox 2021) on fathom's engine API.

Modules, one job each: ``data`` (component data, validated, provenance kept),
``dice`` (multisets of dice and run helpers), ``actions`` (the fixed action space
and its notation), ``scoring`` (majorities and cascading tie-breaks), ``state``
(the rules), ``game`` (configuration), ``odds`` (exact dice probabilities and the
optimal reroll policy).
"""
