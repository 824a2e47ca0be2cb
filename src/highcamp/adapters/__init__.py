"""Adapters to the reinforcement-learning ecosystem (the ``rl`` extra).

* :mod:`highcamp.adapters.openspiel`: importing it registers every game with OpenSpiel
  (``pyspiel.load_game("highcamp_everest_1924")``).
* :mod:`highcamp.adapters.pettingzoo`: ``env(game_id, **options)``, an AEC environment.
* :mod:`highcamp.adapters.gymnasium`: ``make(game_id, **options)`` for solitaire games, and
  ``gymnasium.make("highcamp/<game_id>")``.
* :mod:`highcamp.adapters.encoders`: observation tensors, built from
  ``state.observation(player)`` only (numpy is the one dependency).

The adapters talk to games only through the contract (``highcamp.core`` and the registry),
so a newly registered game is covered at once. Install with ``pip install 'highcamp[rl]'``.
See ``docs/rl.md``.
"""
