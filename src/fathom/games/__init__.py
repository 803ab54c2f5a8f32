"""The game engines, one package each, all written to one convention.

* **Finding a game.** A game's ``__init__`` names ``NAME`` (its ``Game.name``) and
  ``ENGINE`` (``"module:Class"`` of its :class:`~fathom.core.api.Game`);
  :mod:`fathom.core.registry` finds every package that does. The parts above the engine
  (bots, renderer, encoder…) are registered in :mod:`fathom.core.plugins`.
* **Storage is private to the package.** A state's fields are the game's own business;
  everything outside ``fathom/games/<game>/`` reads a state through the engine API
  (:mod:`fathom.core.api`) and the game's public read API (Deep Blue:
  :mod:`.deep_blue.facts`; Into the Blue: the properties of its state). Into the Blue's
  fields carry a leading underscore; Deep Blue's rule mixins share theirs under plain
  names, declared once in :mod:`.deep_blue.fields`. ``tests/test_boundaries.py`` fails
  when a module outside this package reads either.
* **Steps** are small integers in the game's ``phases`` module, with ``NAMES`` in the
  same order; a step's name is the state's ``step_kind`` and ``Game.STEP_KINDS`` lists them.
* **Dispatch** is by step: Deep Blue routes each step through tables of its rule mixins;
  Into the Blue's four steps are an ``if`` chain inline in ``_apply`` (its engine is the
  hot path of every dice simulation, and a call per step measured slower).
* **Action ids** are fixed per configuration and offered as upper-case attributes of
  the game (``game.A_SAIL``, ``game.A_STOP``, ``game.A_PLACE[level]``) with reverse maps
  (``game.DIVE_SITE``, ``game.PLACE_LEVEL``); never arithmetic on raw ids outside the game.
* **Component data** is validated by ``data.parse_data(raw, source) -> (data | None,
  problems)``; ``load_*`` raises the game's ``DataError`` (a
  :class:`~fathom.core.errors.FathomError`) listing them, ``check_data_file(path)`` returns them for ``fathom data check``.
* **``Game.describe()``** gives the box's static public facts to front ends and bots.
"""
