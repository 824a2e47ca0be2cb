"""Disaster on K2: the second board and rule set of the Disaster-series engine.

>>> from highcamp.games.disaster_series.k2 import DisasterOnK2Game
>>> game = DisasterOnK2Game(team="norway", guide="hap")
>>> [game.ruleset.guides[g].name for g in game.team.guides], len(game.team.clients)
(['Shaheen'], 5)
"""

from .rules import DisasterOnK2Game, K2State, k2_ruleset

__all__ = ["DisasterOnK2Game", "K2State", "k2_ruleset"]
