"""fathom for RL research: observation encoders and PettingZoo, Gymnasium and OpenSpiel bindings.

Modules (import the one you need; each pulls in only its own framework):

* :mod:`fathom.rl.encoding`: ``encoder_for(game)``: ``state.view(seat)`` -> float32 vector.
* :mod:`fathom.rl.pettingzoo`: ``env(game, players, seed, **options)`` / ``raw_env`` (AEC).
* :mod:`fathom.rl.gymnasium`: ``FathomEnv`` and the ids ``fathom/IntoTheBlue-v0``, ``fathom/DeepBlue-v0``.
* :mod:`fathom.rl.openspiel`: pyspiel games ``python_fathom_into_the_blue`` / ``python_fathom_deep_blue``.
* :mod:`fathom.rl.train`: a small NumPy policy and REINFORCE trainer.

See ``docs/rl.md``. Install the extras with ``pip install 'fathom[rl]'``.
"""
